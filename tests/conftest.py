"""Shared fixtures: the default corpus resolved once, real embedded stores in temp folders."""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")
os.environ.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from graphrag_bench.graph.extract import Extractor  # noqa: E402
from graphrag_bench.corpus.ingest import chunk_document, load_corpus  # noqa: E402
from graphrag_bench.graph.resolve import resolve  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "corpus"
QUESTIONS = REPO / "questions" / "benchmark_questions.json"


@pytest.fixture(scope="session")
def documents():
    return load_corpus(CORPUS)


@pytest.fixture(scope="session")
def resolution(documents):
    return resolve(Extractor().extract(documents), documents)


@pytest.fixture(scope="session")
def embedder():
    from graphrag_bench.runtime.embed import Embedder

    return Embedder()


@pytest.fixture(scope="session")
def chunk_index(documents, embedder):
    chunks = [dataclasses.asdict(c) for d in documents for c in chunk_document(d)]
    return chunks, embedder.encode([c["text"] for c in chunks])


@pytest.fixture
def ladybug_store(tmp_path):
    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    store = LadybugStore(tmp_path / "graph.lbug")
    yield store
    store.close()


@pytest.fixture
def corpus_copy(tmp_path):
    """A writable copy of the default corpus outside the repository."""
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS, target)
    return target


def free_port() -> int:
    """A TCP port on the loopback no one listens on (for a server a test starts)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def graph_retriever(files: dict[str, str], folder: Path, embedder):
    """A GraphRAG retriever over a small corpus written into `folder`; returns (retriever, store to close)."""
    from graphrag_bench.retrieval.retrieve import BaselineRetriever, EntityIndex, GraphRetriever, VectorIndex
    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    for name, text in files.items():
        write(folder / "docs" / name, text)
    docs = load_corpus(folder / "docs")
    graph_data = resolve(Extractor().extract(docs), docs)
    chunks = [dataclasses.asdict(c) for d in docs for c in chunk_document(d)]
    baseline = BaselineRetriever(VectorIndex(chunks, embedder.encode([c["text"] for c in chunks])), embedder)
    store = LadybugStore(folder / "g.lbug")
    store.sync(graph_data.entities, graph_data.relationships)
    return GraphRetriever(baseline, store, EntityIndex(graph_data.entities, chunks), store.state_hash()), store
