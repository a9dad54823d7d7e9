"""Library entry point for an agent: question in; context, entities, facts, provenance, timings out.

    from graphrag_bench.retrieval.memory import MemoryRetriever
    memory = MemoryRetriever("data")          # the folder a pipeline run filled
    result = memory.retrieve("What does the Gateway depend on?")
    print(memory.answer("What does the Gateway depend on?"))

GraphRAG is used only when GRAPH_RAG_ENABLED is true; otherwise this is exactly the vector
baseline (the graph package is not even imported). If the flag is on but the store cannot
be opened, one warning is logged and answers come from vectors, marked [GRAPH_FALLBACK].
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from ..answers.answer import compose
from ..errors import InputError
from ..runtime.files import replace_atomically
from .modes import GRAPH_MODES, LEXICAL_MODES
from .retrieve import FALLBACK_WARNING, BaselineRetriever, Retrieval, Retriever, VectorIndex
from ..settings import Env, RetrievalSettings, graph_rag_enabled

log = logging.getLogger("graphrag_bench")
CHUNKS_FILE = "chunks.parquet"
ENTITIES_FILE = "entities.parquet"


def save_index(data_dir: str | Path, chunks: pl.DataFrame, entities: pl.DataFrame) -> None:
    """Persist what retrieval needs besides the graph (written by the pipeline)."""
    for frame, name in ((chunks, CHUNKS_FILE), (entities, ENTITIES_FILE)):
        replace_atomically(Path(data_dir) / name, frame.write_parquet)


def index_files(data_dir: str | Path) -> list[Path]:
    return [Path(data_dir) / name for name in (CHUNKS_FILE, ENTITIES_FILE)]


def check_index(data_dir: str | Path) -> None:
    """InputError naming the first index file a data folder lacks (no run filled it)."""
    missing = [path for path in index_files(data_dir) if not path.is_file()]
    if missing:
        raise InputError(missing[0], "no retrieval index here; run the pipeline (`graphrag-bench run`) on this data folder first")


def load_index(data_dir: str | Path) -> tuple[VectorIndex, list[dict]]:
    """The vector index (chunks, their vectors and their passage windows') and the entity table a run saved."""
    data_dir = Path(data_dir)
    check_index(data_dir)
    chunks = pl.read_parquet(data_dir / CHUNKS_FILE)
    entities = pl.read_parquet(data_dir / ENTITIES_FILE).to_dicts()
    return vector_index(chunks), entities


def _matrix(column: pl.Series) -> np.ndarray:
    return (column.to_numpy() if isinstance(column.dtype, pl.Array) else np.asarray(column.to_list())).astype(np.float32)


def vector_index(chunks: pl.DataFrame) -> VectorIndex:
    """A `VectorIndex` of a chunk frame with an `embedding` column and, where it has one, `window_embeddings`."""
    windows = (chunks.select(pl.int_range(pl.len()).alias("owner"), "window_embeddings").explode("window_embeddings")
               .drop_nulls() if "window_embeddings" in chunks.columns else None)
    rows = chunks.drop("embedding", "window_embeddings", strict=False).to_dicts()
    if windows is None or windows.is_empty():
        return VectorIndex(rows, _matrix(chunks["embedding"]))
    return VectorIndex(rows, _matrix(chunks["embedding"]), windows["owner"].to_numpy(), _matrix(windows["window_embeddings"]))


class FallbackRetriever:
    """A graph mode asked for but no store: the baseline's evidence, marked as a fallback."""

    def __init__(self, baseline: BaselineRetriever, mode: str = "graphrag"):
        self.baseline, self.mode = baseline, mode

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        r = self.baseline.retrieve(question)
        r.mode, r.status = self.mode, "fallback"
        return r


def make_retriever(baseline: BaselineRetriever, entities: list[dict], open_store, env: Env | None = None,
                   mode: str = "graphrag"):
    """The product's switch: the baseline untouched when the flag is off; when on, the graph mode `mode` (graphrag,
    graph_ppr or router; graphrag_bench.retrieval.modes), or its fallback when the store cannot be read."""
    if not graph_rag_enabled(env):
        return baseline
    try:
        from .retrieve import EntityIndex
        from .retrievers import build_retrievers
        from ..graph.store import GraphUnavailable

        try:
            store = open_store()
            state = store.state_hash()
        except GraphUnavailable as exc:
            log.warning("%s (%s)", FALLBACK_WARNING, exc)
            return FallbackRetriever(baseline, mode)
        return build_retrievers(baseline, store, EntityIndex(entities, baseline.index.chunks), state, (mode,))[mode]
    except ImportError as exc:  # graph-only dependencies are optional for the baseline path
        log.warning("%s (%s)", FALLBACK_WARNING, exc)
        return FallbackRetriever(baseline, mode)


class MemoryRetriever:
    """The agent's entry point over a data folder a run filled. The mode is the product's switch (GRAPH_RAG_ENABLED:
    baseline, or GraphRAG with its fallback) unless `mode` names another (graphrag_bench.retrieval.modes): a non-graph mode
    ("baseline", "bm25", "hybrid_lexical") is used as it is; a graph mode ("graph_ppr", "router") still needs the flag on."""

    def __init__(self, data_dir: str | Path, env: Env | None = None, embedder=None, settings: RetrievalSettings | None = None,
                 mode: str | None = None):
        from ..runtime.embed import Embedder

        index, entities = load_index(data_dir)
        settings = settings or RetrievalSettings.from_env(env)
        self.baseline = BaselineRetriever(index, embedder or Embedder(), settings)
        self.retriever: Retriever
        if mode == "baseline":  # vectors asked for by name: the baseline, whatever the flag
            self.retriever = self.baseline
            return
        if mode in LEXICAL_MODES:
            from .lexical import lexical_retrievers

            self.retriever = lexical_retrievers(self.baseline)[mode]
            return

        def open_store():
            from ..graph.store import open_store as open_graph

            return open_graph(data_dir, env, create=False)  # a reader never creates an empty graph

        graph_mode = mode if mode in GRAPH_MODES else "graphrag"
        self.retriever = make_retriever(self.baseline, entities, open_store, env, graph_mode)

    def retrieve(self, question: str) -> Retrieval:
        return self.retriever.retrieve(question)

    def answer(self, question: str) -> str:
        return compose(self.retrieve(question))

    def ask(self, question: str) -> "Asked":
        """The answer with what a person checks it by: certainty, citations, and the graph path it used."""
        from ..answers.answer import answer_label
        from ..evaluation.questions import text_problem
        from ..evaluation.score import CITATION, claims
        from ..graph.vocabulary import TYPE_BY_PHRASE

        if (problem := text_problem(question)):  # (invalid UTF-8 on a command line arrives as lone surrogates)
            raise InputError("question", problem, field="question")
        start = time.perf_counter()
        r = self.retrieve(question)
        text = compose(r)
        ms = (time.perf_counter() - start) * 1000
        stated = {(c["s"], TYPE_BY_PHRASE[c["p"]], c["o"], c["d1"]) for c in claims(text)}
        used = [f.line_text() for f in r.facts if (f.source_name, f.type, f.target_name, f.doc_id) in stated]
        return Asked(question, r.mode, r.status, text, answer_label(text), list(dict.fromkeys(CITATION.findall(text))), used, ms,
                     r.route)


@dataclass(frozen=True)
class Asked:
    question: str
    mode: str  # a name of graphrag_bench.retrieval.modes: baseline | bm25 | hybrid_lexical | graphrag | graph_ppr | router
    status: str  # ok | fallback | empty
    answer: str
    certainty: str
    citations: list[str]  # document ids, in the order the answer cites them
    graph_path: list[str]  # the graph facts the answer states ("A -TYPE-> B [DOC:line]"); empty for vectors only
    ms: float
    route: str = ""  # router only: the mode that answered
