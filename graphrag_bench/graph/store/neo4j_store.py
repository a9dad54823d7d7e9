"""Neo4j graph store through the official `neo4j` driver (used when NEO4J_URI is set).

Same node label and relationship shape as the embedded store, so the allowlisted
templates run unchanged. Schema = a uniqueness constraint, created idempotently.
"""

from __future__ import annotations

from .base import GraphStore, GraphUnavailable

SCHEMA = [
    "CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE",
    "CREATE INDEX rel_id IF NOT EXISTS FOR ()-[r:REL]-() ON (r.id)",
]


class Neo4jStore(GraphStore):
    name = "neo4j"

    def __init__(self, uri: str, user: str, password: str, database: str | None = None, timeout_s: float = 3.0):
        import neo4j

        self._neo4j = neo4j
        self.database = database
        try:
            self._driver: neo4j.Driver | None = neo4j.GraphDatabase.driver(uri, auth=(user, password), connection_timeout=timeout_s,
                                                      max_transaction_retry_time=timeout_s)
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, ValueError) as exc:
            raise GraphUnavailable(f"cannot configure Neo4j driver for {uri}: {exc}") from None
        self._schema_ready = False

    def _run(self, cypher: str, params: dict | None, write: bool) -> list[dict]:
        if self._driver is None:
            raise GraphUnavailable("Neo4j store is closed")
        try:
            records, _, _ = self._driver.execute_query(
                cypher, params or {}, database_=self.database,
                routing_=self._neo4j.RoutingControl.WRITE if write else self._neo4j.RoutingControl.READ)
            return [r.data() for r in records]
        except self._unreachable as exc:
            raise _unavailable(exc) from None

    @property
    def _unreachable(self) -> tuple[type[Exception], ...]:
        return self._neo4j.exceptions.ServiceUnavailable, self._neo4j.exceptions.AuthError, OSError

    def ensure_schema(self) -> None:
        if self._driver is None:
            raise GraphUnavailable("Neo4j store is closed")
        if not self._schema_ready:
            try:  # one attempt, no retries: a server that is down is said at once
                self._driver.verify_connectivity()
            except self._unreachable as exc:
                raise _unavailable(exc) from None
            for statement in SCHEMA:
                self._run(statement, None, write=True)
            self._schema_ready = True

    def _read(self, cypher: str, params: dict | None = None) -> list[dict]:
        return self._run(cypher, params, write=False)

    def _write(self, cypher: str, params: dict | None = None) -> None:
        self._run(cypher, params, write=True)

    def close(self) -> None:
        if self._driver is not None:
            self._driver.close()
        self._driver = None


def _unavailable(exc: Exception) -> GraphUnavailable:
    return GraphUnavailable(f"Neo4j unreachable: {' '.join(str(exc).split())}")  # the driver's message, on one line
