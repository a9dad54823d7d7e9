"""Incremental processing: unchanged text is never embedded twice, an edit re-embeds only itself,
deleted chunks leave the store, and a model change invalidates it. Real model, real files."""

import numpy as np
from dagster import DagsterInstance

from graphrag_bench.corpus.ingest import chunk_document, load_corpus
from graphrag_bench.corpus.windows import TextsToEmbed
from graphrag_bench.runtime.embedding_store import EmbeddingStore


class CountingEmbedder:
    """The real model, counting how many texts it was asked to embed."""

    def __init__(self, embedder):
        self.inner, self.dimension, self.identity, self.texts = embedder, embedder.dimension, embedder.identity, 0

    def encode(self, texts):
        self.texts += len(texts)
        return self.inner.encode(texts)


def test_each_text_is_embedded_once_per_model(tmp_path, embedder):
    path = tmp_path / "chunks.parquet"
    counting = CountingEmbedder(embedder)
    texts = ["The gateway calls the ledger.", "Backups run nightly.", "The gateway calls the ledger."]
    first, counts = EmbeddingStore(path, embedder.identity).vectors(texts, counting)
    assert counts.computed == 2 and counting.texts == 2  # the repeated text once
    assert np.allclose(first, embedder.encode(texts), atol=1e-6)

    again, counts = EmbeddingStore(path, embedder.identity).vectors(texts, counting)
    assert counts.computed == 0 and counts.reused == 2 and counting.texts == 2
    assert np.array_equal(again, first)

    edited = ["The gateway calls the ledger.", "Backups run hourly."]
    vectors, counts = EmbeddingStore(path, embedder.identity).vectors(edited, counting)
    assert (counts.computed, counts.reused, counts.removed) == (1, 1, 1) and counting.texts == 3
    assert np.allclose(vectors[1], embedder.encode(["Backups run hourly."])[0], atol=1e-6)
    assert len(EmbeddingStore(path, embedder.identity)) == 2  # the old text left the store

    _, counts = EmbeddingStore(path, "another-model").vectors(edited, counting)
    assert counts.invalidated == 2 and counts.computed == 2 and counts.reused == 0


def test_graph_build_twice_changes_nothing_and_an_edit_reembeds_only_what_changed(tmp_path, corpus_copy):
    """The graph build job in process: built (its checks pass), built again unchanged (nothing embedded, nothing written
    to the graph, the same state), then built after one document's edit (its last chunk only embedded)."""
    from pipelines.definitions import execute_job
    from resources import BenchSettings

    settings = BenchSettings(corpus_dir=str(corpus_copy), data_dir=str(tmp_path / "data"), results_dir=str(tmp_path / "results"))

    def build():
        result = execute_job(settings, "graph_build_job", DagsterInstance.ephemeral())
        assert result.success
        checks = result.get_asset_check_evaluations()
        assert {c.check_name for c in checks} >= {"entity_resolution_audit", "provenance_coverage"}
        assert all(c.passed for c in checks)
        event = next(e for e in result.get_asset_materialization_events() if e.asset_key.path[-1] == "chunk_embeddings")
        return {k: v.value for k, v in event.materialization.metadata.items()}, result.output_for_node("graph_store")

    first, first_graph = build()
    # (the store embeds each chunk's text and its passage windows': more texts than chunks)
    assert first["computed"] > first["chunks"] > 0 and first["reused"] == 0 and first_graph.created > 0
    unchanged, unchanged_graph = build()
    assert unchanged["computed"] == 0 and unchanged["reused"] == first["computed"]
    assert (unchanged_graph.created, unchanged_graph.changed, unchanged_graph.deleted) == (0, 0, 0)
    assert unchanged_graph.state_hash == first_graph.state_hash
    doc = sorted(corpus_copy.glob("*.md"))[0]
    doc.write_text(doc.read_text() + "\nA closing remark added in an edit.\n")
    edited, _ = build()
    last = [c.text for c in chunk_document(next(d for d in load_corpus(corpus_copy) if d.path.endswith(doc.name)))][-1:]
    # only the edited chunk's text and its windows are new; every other text is reused, and what changed is removed
    assert 1 <= edited["computed"] <= len(TextsToEmbed.of(last).texts)
    assert edited["reused"] + edited["removed"] == first["computed"]


def test_cache_keys_are_the_same_in_every_process():
    """Cache keys must not depend on Python's per-process string hash seed, or nothing is ever reused."""
    import os
    import subprocess
    import sys

    from ..conftest import CORPUS, REPO

    script = ("from graphrag_bench.graph.extract import Extractor; from graphrag_bench.corpus.ingest import load_corpus; "
              f"print(Extractor().extract(load_corpus({str(CORPUS)!r})).fingerprint)")
    prints = {subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip().splitlines()[-1]
              for seed in ("1", "2")}
    assert len(prints) == 1


def test_the_audit_reruns_each_document_once_per_content(tmp_path, corpus_copy, monkeypatch):
    """The audit's re-run: every document the first time; nothing for the same extraction; one edited document
    re-runs only that document's own passes (the corpus-level passes always run again)."""
    from graphrag_bench.graph.audit import run_audit
    from graphrag_bench.graph.extract import Extractor, extractor as extractor_module
    from graphrag_bench.corpus.ingest import load_corpus
    from graphrag_bench.graph.resolve import resolve
    from graphrag_bench.runtime.result_cache import ResultCache

    parsed: list[str] = []
    real_parser = extractor_module.DocumentParser

    def counting_parser(doc, *args):
        parsed.append(doc.doc_id)
        return real_parser(doc, *args)

    monkeypatch.setattr(extractor_module, "DocumentParser", counting_parser)

    def build_and_audit(documents):
        extraction = Extractor().extract(documents, ResultCache(tmp_path / "extraction.jsonl"))
        resolution = resolve(extraction, documents)
        parsed.clear()
        audit = run_audit(*resolution.frames(), resolution.audit, documents,
                          extraction.fingerprint, ResultCache(tmp_path / "audit.jsonl"),
                          ResultCache(tmp_path / "extraction.jsonl"))
        return audit, sorted(parsed)

    documents = load_corpus(corpus_copy)
    audit, rerun = build_and_audit(documents)
    assert audit["passed"] and rerun == sorted(d.doc_id for d in documents)
    audit, rerun = build_and_audit(documents)
    assert audit["passed"] and rerun == []  # the same extraction: its verdict stands

    edited = sorted(corpus_copy.glob("*.md"))[0]
    edited.write_text(edited.read_text() + "\nA closing remark added in an edit.\n")
    documents = load_corpus(corpus_copy)
    audit, rerun = build_and_audit(documents)
    assert audit["passed"] and rerun == [next(d.doc_id for d in documents if d.path == edited.name)]

    # A re-run that disagrees (here: of no documents at all) is reported, not remembered: it fails again next time.
    resolution = resolve(Extractor().extract(documents), documents)
    for _ in range(2):
        audit = run_audit(*resolution.frames(), resolution.audit, [], "another extraction",
                          ResultCache(tmp_path / "audit.jsonl"), ResultCache(tmp_path / "extraction.jsonl"))
        assert not audit["passed"] and any("rerun" in f for f in audit["failures"])


def test_a_benchmark_is_measured_again_only_when_an_input_changed(tmp_path):
    from graphrag_bench.evaluation.benchmark import measured_or_reused
    from graphrag_bench.evaluation.reuse import BenchmarkInputs, BenchmarkReuse
    from graphrag_bench.settings import RetrievalSettings

    index, questions = tmp_path / "chunks.parquet", tmp_path / "questions.json"
    index.write_bytes(b"index v1")
    questions.write_text('{"questions": []}')
    measured = []

    def run(settings=RetrievalSettings(), state="s1", remeasure=False):
        inputs = BenchmarkInputs.collect([index], questions, state, settings, "ladybug:", "deterministic", "model-1", 3)
        return measured_or_reused(inputs, BenchmarkReuse(tmp_path), lambda: measured.append(1) or {"n": len(measured)},
                                  remeasure=remeasure)

    first = run()
    assert len(measured) == 1 and first["measurement"]["reused"] is False
    again = run()
    assert len(measured) == 1 and again["measurement"] == {**first["measurement"], "reused": True} and again["n"] == 1
    run(remeasure=True)
    assert len(measured) == 2
    changes = [lambda: run(state="s2"), lambda: run(settings=RetrievalSettings(top_k=3)),
               lambda: (questions.write_text('{"questions": [1]}'), run()), lambda: (index.write_bytes(b"v2"), run())]
    for count, change in enumerate(changes, start=3):
        change()
        assert len(measured) == count  # each changed input measures again
