"""Checks before any work that touch the outside world: one run per data folder, and the graph store and
the warehouse open for writing.

Each failure is an InputError naming the folder, file or variable and the fix, so the CLI stops in seconds
with exit 2 instead of failing after the whole run (exit 1 means only "a gate failed").
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator

from ..errors import InputError
from .files import locked
from ..settings import Env
from ..graph.store import GraphUnavailable, open_store

LOCK_FILE = ".run.lock"
_HELD_HERE: set[str] = set()  # lock files this process holds


@contextlib.contextmanager
def run_lock(data_dir: str | Path) -> Iterator[None]:
    """One run per data folder for the length of the block: two runs on one folder would fight over the graph and
    the warehouse and one would lose its work, so the second is refused at once, naming the first's pid."""
    path, held = Path(data_dir) / LOCK_FILE, contextlib.ExitStack()
    key = str(path.resolve())
    if key in _HELD_HERE:  # the CLI holds it and runs the job in this process: one run, one lock
        yield
        return
    try:
        handle = held.enter_context(locked(path, wait=False))
    except BlockingIOError:
        holder = path.read_text(encoding="utf-8").strip() or "unknown"
        raise InputError(data_dir, f"another graphrag-bench run (pid {holder}) is using this data folder; "
                                   "wait for it to finish or pass --data-dir another folder") from None
    with held:
        handle.truncate(0)
        handle.write(str(os.getpid()))
        handle.flush()
        _HELD_HERE.add(key)
        try:
            yield
        finally:
            _HELD_HERE.discard(key)


def check_graph_store(data_dir: str | Path, env: Env | None = None) -> None:
    """The graph store the run will write: reachable (Neo4j) or not held by another process (embedded)."""
    env = os.environ if env is None else env
    try:
        store = open_store(data_dir, env)
        try:
            store.ensure_schema()
        finally:
            store.close()
    except GraphUnavailable as exc:
        if env.get("NEO4J_URI"):
            raise InputError("NEO4J_URI", f"{env['NEO4J_URI']}: {exc}; start the server, fix NEO4J_URI/NEO4J_USER/"
                                          "NEO4J_PASSWORD, or unset NEO4J_URI to use the embedded store") from None
        raise InputError(Path(data_dir) / "graph.lbug", f"{exc}; close the process holding it (an agent using "
                                                         "MemoryRetriever?) or pass --data-dir another folder") from None


def check_warehouse(path: str | Path) -> None:
    """The DuckDB warehouse opens for writing (DuckDB allows one writing process per file)."""
    import duckdb

    try:
        duckdb.connect(str(path)).close()
    except duckdb.Error as exc:
        reason = str(exc).split("\n")[0]
        raise InputError(path, f"the warehouse cannot be opened for writing ({reason}); close the process holding it "
                               "or pass --data-dir another folder") from None
