"""Embedded graph store on LadybugDB (the `ladybug` package): the default, no server needed.

LadybugDB lets one process write a database file, or several read it, never both at once. So the run writes
`graph.lbug`, which no reader opens, and then publishes a copy, `graph.published.lbug`, switched in with one rename;
readers open that copy read-only. A reader never holds the file a run writes, and sees the last complete state.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ...runtime.files import replace_atomically
from .base import GraphStore, GraphUnavailable

SCHEMA = [
    "CREATE NODE TABLE IF NOT EXISTS Entity(id STRING, type STRING, name STRING, canonical_id STRING, aliases STRING[], "
    "source_doc STRING, source_line INT64, attributes STRING, hash STRING, PRIMARY KEY(id))",
    "CREATE REL TABLE IF NOT EXISTS REL(FROM Entity TO Entity, id STRING, source STRING, target STRING, type STRING, "
    "doc_id STRING, line INT64, evidence STRING, extractor STRING, certainty DOUBLE, status STRING, reason STRING, hash STRING)",
    # Added after the first release: graphs written before it gain the column (the next sync fills it).
    "ALTER TABLE REL ADD IF NOT EXISTS label STRING DEFAULT ''",
]


def published(path: str | Path) -> Path:
    """The readers' copy of the graph a run writes at `path` (graph.lbug → graph.published.lbug)."""
    path = Path(path)
    return path.with_name(f"{path.stem}.published{path.suffix}")


def _stamp(path: Path) -> Path:
    return path.with_name(f"{path.name}.state")  # the state hash the published copy holds


class LadybugStore(GraphStore):
    name = "ladybug"

    def __init__(self, path: str | Path, buffer_pool_mb: int = 256, read_only: bool = False):
        """`read_only`: a reader's store, on a published copy (`open_store(create=False)`); it writes nothing."""
        import ladybug

        self.path = Path(path)
        if str(path) != ":memory:" and not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db: ladybug.Database | None = ladybug.Database(str(path), buffer_pool_size=buffer_pool_mb * 1024 * 1024,
                                                                read_only=read_only)
            self._conn: ladybug.Connection | None = ladybug.Connection(self._db)
        except RuntimeError as exc:
            reason = str(exc).split("\n")[0]  # the first line says it; the rest is a link to the docs
            raise GraphUnavailable(f"cannot open embedded graph at {path}: {reason}") from None
        self._schema_ready = read_only  # a published copy has the schema it was written with

    def publish(self, state_hash: str) -> None:
        """Copy the closed store to `published(path)` and switch readers to it in one rename; a reader still using
        the copy before keeps reading it until it reopens. Skipped when that copy already holds `state_hash` and opens
        (a damaged or foreign copy is replaced)."""
        if self._db is not None:
            raise RuntimeError("close the store before publishing it")
        target, stamp = published(self.path), _stamp(published(self.path))
        if target.is_file() and stamp.is_file() and stamp.read_text(errors="replace") == state_hash:
            try:
                LadybugStore(target, buffer_pool_mb=16, read_only=True).close()
                return
            except GraphUnavailable:
                pass
        replace_atomically(target, lambda tmp: shutil.copyfile(self.path, tmp))
        replace_atomically(stamp, lambda tmp: tmp.write_text(state_hash))

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
