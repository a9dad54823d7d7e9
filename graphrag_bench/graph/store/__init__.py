"""Graph store: one interface (`GraphStore`), two adapters (embedded LadybugDB, Neo4j).

`open_store()` picks Neo4j when NEO4J_URI is set, else the embedded store under the data
folder. Graph-only dependencies are imported lazily so the baseline path never needs them.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...settings import Env
from .base import GraphStore, GraphUnavailable, UpsertResult
from .templates import TEMPLATES, Template

__all__ = ["GraphStore", "GraphUnavailable", "UpsertResult", "TEMPLATES", "Template", "open_store"]


def open_store(data_dir: str | Path, env: Env | None = None, create: bool = True) -> GraphStore:
    """`create=False` (a reader such as the agent entry point): the embedded graph the last run published, read-only;
    a missing one is GraphUnavailable, never a new empty file."""
    env = os.environ if env is None else env
    if env.get("NEO4J_URI"):
        from .neo4j_store import Neo4jStore

        return Neo4jStore(env["NEO4J_URI"], env.get("NEO4J_USER", "neo4j"), env.get("NEO4J_PASSWORD", ""),
                          database=env.get("NEO4J_DATABASE") or None)
    from .ladybug_store import LadybugStore, published

    path = Path(data_dir) / "graph.lbug"
    if create:
        return LadybugStore(path)
    # A reader opens the copy the last complete run published, read-only: never the file a run is writing.
    if not published(path).is_file():
        raise GraphUnavailable(f"no graph published at {published(path)}; run the pipeline on this data folder first")
    return LadybugStore(published(path), read_only=True)
