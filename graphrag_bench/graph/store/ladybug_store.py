"""Embedded graph store on LadybugDB (the `ladybug` package): the default, no server needed."""

from __future__ import annotations

from pathlib import Path

from .base import GraphStore, GraphUnavailable

SCHEMA = [
    "CREATE NODE TABLE IF NOT EXISTS Entity(id STRING, type STRING, name STRING, canonical_id STRING, aliases STRING[], "
    "source_doc STRING, source_line INT64, attributes STRING, hash STRING, PRIMARY KEY(id))",
    "CREATE REL TABLE IF NOT EXISTS REL(FROM Entity TO Entity, id STRING, source STRING, target STRING, type STRING, "
    "doc_id STRING, line INT64, evidence STRING, extractor STRING, certainty DOUBLE, status STRING, reason STRING, hash STRING)",
    # Added after the first release: graphs written before it gain the column (the next sync fills it).
    "ALTER TABLE REL ADD IF NOT EXISTS label STRING DEFAULT ''",
]


class LadybugStore(GraphStore):
    name = "ladybug"

    def __init__(self, path: str | Path, buffer_pool_mb: int = 256):
        import ladybug

        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db: ladybug.Database | None = ladybug.Database(str(path), buffer_pool_size=buffer_pool_mb * 1024 * 1024)
            self._conn: ladybug.Connection | None = ladybug.Connection(self._db)
        except RuntimeError as exc:
            reason = str(exc).split("\n")[0]  # the first line says it; the rest is a link to the docs
            raise GraphUnavailable(f"cannot open embedded graph at {path}: {reason}") from None
        self._schema_ready = False

    def ensure_schema(self) -> None:
        if not self._schema_ready:
            for statement in SCHEMA:
                self._write(statement)
            self._schema_ready = True

    def _read(self, cypher: str, params: dict | None = None) -> list[dict]:
        if self._conn is None:
            raise GraphUnavailable("embedded graph store is closed")
        self.ensure_schema()
        try:
            result = self._conn.execute(cypher, params or {})
            assert not isinstance(result, list)  # one statement, one result
            columns = result.get_column_names()
            return [dict(zip(columns, row)) for row in result.get_all()]
        except RuntimeError as exc:
            raise GraphUnavailable(f"embedded graph query failed: {exc}") from None

    def _write(self, cypher: str, params: dict | None = None) -> None:
        if self._conn is None:
            raise GraphUnavailable("embedded graph store is closed")
        self._conn.execute(cypher, params or {})

    def close(self) -> None:
        if self._conn is not None and self._db is not None:
            self._conn.close()
            self._db.close()
        self._conn = self._db = None
