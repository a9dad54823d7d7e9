"""The graph store resource: embedded LadybugDB under the data folder, or Neo4j when configured."""

from __future__ import annotations

from dagster import ConfigurableResource

from graphrag_bench.store import GraphStore, open_store


class GraphStoreResource(ConfigurableResource):
    data_dir: str
    neo4j_uri: str = ""
    neo4j_user: str = "neo4j"
    neo4j_password: str = ""

    def open(self) -> GraphStore:
        env = {"NEO4J_URI": self.neo4j_uri, "NEO4J_USER": self.neo4j_user, "NEO4J_PASSWORD": self.neo4j_password}
        return open_store(self.data_dir, env if self.neo4j_uri else {})

    @property
    def kind(self) -> str:
        return "neo4j" if self.neo4j_uri else "ladybug"
