"""The graph store resource: embedded LadybugDB in each corpus's data folder, or Neo4j when configured."""

from __future__ import annotations

from dagster import ConfigurableResource

from graphrag_bench.corpus.corpora import DEFAULT_CORPUS
from graphrag_bench.errors import InputError
from graphrag_bench.graph.store import GraphStore, open_store


class GraphStoreResource(ConfigurableResource):
    neo4j_uri: str = ""
    neo4j_user: str = "neo4j"
    neo4j_password: str = ""

    def open(self, data_dir: str, corpus: str = DEFAULT_CORPUS) -> GraphStore:
        """The store of one corpus: the embedded graph in its data folder, or the configured Neo4j database."""
        if self.neo4j_uri and corpus != DEFAULT_CORPUS:
            # One Neo4j database would hold two corpora's graphs mixed together (Community edition has one database).
            raise InputError("NEO4J_URI", f"a Neo4j database holds the default corpus only; corpus {corpus!r} needs the "
                             "embedded store (unset NEO4J_URI) or its own installation")
        env = {"NEO4J_URI": self.neo4j_uri, "NEO4J_USER": self.neo4j_user, "NEO4J_PASSWORD": self.neo4j_password}
        return open_store(data_dir, env if self.neo4j_uri else {})

    @property
    def kind(self) -> str:
        return "neo4j" if self.neo4j_uri else "ladybug"
