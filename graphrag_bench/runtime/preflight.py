"""Checks before any work that touch the outside world: one run per data folder, and the graph store and
the warehouse open for writing.

Each failure is an InputError naming the folder, file or variable and the fix, so the CLI stops in seconds
with exit 2 instead of failing after the whole run (exit 1 means only "a gate failed").
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Iterator

from ..errors import InputError
from .files import locked, set_aside
from ..settings import Env
from ..graph.store import GraphUnavailable, open_store

LOCK_FILE = ".run.lock"
_HELD_HERE: set[str] = set()  # lock files this process holds


def holds_run_lock(data_dir: str | Path) -> bool:
    """Does this process hold the data folder's run lock (the CLI, around the jobs it runs)?"""
    return str((Path(data_dir) / LOCK_FILE).resolve()) in _HELD_HERE


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


def check_graph_store(data_dir: str | Path, env: Env | None = None, healed: bool = False) -> None:
    """The graph store the run will write: reachable (Neo4j) or not held by another process (embedded). An embedded
    store that cannot be read for another reason (truncated, overwritten) is damaged: it is set aside and the run
    builds a new one from the corpus."""
    env = os.environ if env is None else env
    try:
        store = open_store(data_dir, env)
        try:
            store.ensure_schema()
        finally:
            store.close()
    except GraphUnavailable as exc:
        path = Path(data_dir) / "graph.lbug"
        if not env.get("NEO4J_URI") and not healed and "lock" not in str(exc).lower() and path.exists():
            set_aside(path, str(exc).split(": ", 2)[-1][:160])
            return check_graph_store(data_dir, env, healed=True)
        if env.get("NEO4J_URI"):
            raise InputError("NEO4J_URI", f"{env['NEO4J_URI']}: {exc}; start the server, fix NEO4J_URI/NEO4J_USER/"
                                          "NEO4J_PASSWORD, or unset NEO4J_URI to use the embedded store") from None
        raise InputError(Path(data_dir) / "graph.lbug", f"{exc}; close the process holding it (agents read the "
                                                         "published copy, never this file) or pass --data-dir another "
                                                         "folder") from None


def check_warehouse(path: str | Path, results_dir: str | Path | None = None, corpus_dir: str | Path | None = None) -> None:
    """The DuckDB warehouse opens for writing (DuckDB allows one writing process per file), and every table of it
    reads: its run history cannot be rebuilt, so a damaged warehouse stops the run here, before any work, and nothing
    overwrites it. A missing one beside a results folder that holds earlier runs is said, and (given `corpus_dir`)
    the rows of this corpus's earlier runs are imported again from their run folders."""
    import duckdb

    earlier = sorted(Path(results_dir).glob("run_*/summary.json")) if results_dir and not Path(path).exists() else []
    if earlier and results_dir:
        log = logging.getLogger(__name__)
        if corpus_dir is None:
            log.warning("%s is missing, though %s holds %d earlier runs: this run starts a new run history without them "
                        "(restore the warehouse from a backup to keep it)", path, results_dir, len(earlier))
        else:
            from ..evaluation.history import reimport_runs

            Path(path).parent.mkdir(parents=True, exist_ok=True)
            with duckdb.connect(str(path)) as conn:
                imported, left_out = reimport_runs(conn, results_dir, corpus_dir)
            log.warning("%s is missing, though %s holds %d earlier runs: %d runs of this corpus imported again from "
                        "their run folders (their load time is now; restore the warehouse from a backup for the exact "
                        "history)%s", path, results_dir, len(earlier), len(imported),
                        f"; left out: {', '.join(left_out)}" if left_out else "")

    try:
        with duckdb.connect(str(path)) as conn:
            for schema, table in conn.execute("select schema_name, table_name from duckdb_tables()").fetchall():
                conn.execute(f'select * from "{schema}"."{table}"').fetchall()  # a few thousand rows: every block read
    except duckdb.Error as exc:
        reason = str(exc).split("\n")[0]
        if "lock" in reason.lower():
            raise InputError(path, f"the warehouse cannot be opened for writing ({reason}); close the process holding "
                                   "it or pass --data-dir another folder") from None
        raise InputError(path, f"the warehouse is damaged ({reason[:200]}); it holds the run history, which cannot be "
                               "rebuilt: restore it from a backup, or move it aside to start a new history") from None
