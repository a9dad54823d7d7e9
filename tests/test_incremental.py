"""Incremental processing: unchanged text is never embedded twice, an edit re-embeds only itself,
deleted chunks leave the store, and a model change invalidates it. Real model, real files."""

import numpy as np
import pytest
from dagster import DagsterInstance

from graphrag_bench.embedding_store import EmbeddingStore


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


@pytest.mark.parametrize("edit", ["none", "one document"])
def test_graph_build_reembeds_only_what_changed(tmp_path, corpus_copy, edit):
    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    settings = BenchSettings(corpus_dir=str(corpus_copy), data_dir=str(tmp_path / "data"), results_dir=str(tmp_path / "results"))
    job = build_definitions(settings).resolve_job_def("graph_build_job")

    def metadata(asset: str) -> dict:
        result = job.execute_in_process(instance=DagsterInstance.ephemeral())
        event = next(e for e in result.get_asset_materialization_events() if e.asset_key.path[-1] == asset)
        return {k: v.value for k, v in event.materialization.metadata.items()}

    first = metadata("chunk_embeddings")
    assert first["computed"] == first["chunks"] > 0 and first["reused"] == 0
    if edit == "one document":
        doc = sorted(corpus_copy.glob("*.md"))[0]
        doc.write_text(doc.read_text() + "\nA closing remark added in an edit.\n")
    second = metadata("chunk_embeddings")
    if edit == "none":
        assert second["computed"] == 0 and second["reused"] == first["chunks"]
    else:  # the edited document's last chunk only
        assert second["computed"] == 1 and second["removed"] == 1 and second["reused"] == first["chunks"] - 1


def test_cache_keys_are_the_same_in_every_process():
    """Cache keys must not depend on Python's per-process string hash seed, or nothing is ever reused."""
    import os
    import subprocess
    import sys

    from .conftest import CORPUS, REPO

    script = ("from graphrag_bench.extract import Extractor; from graphrag_bench.ingest import load_corpus; "
              f"print(Extractor().extract(load_corpus({str(CORPUS)!r})).fingerprint)")
    prints = {subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip().splitlines()[-1]
              for seed in ("1", "2")}
    assert len(prints) == 1


def test_the_audit_rerun_is_reused_only_for_the_same_extraction(tmp_path, documents):
    from graphrag_bench.audit import rerun_ids
    from graphrag_bench.result_cache import ResultCache

    ids = rerun_ids(documents, "fingerprint-1", ResultCache(tmp_path / "audit.pkl"))
    assert len(ids) > 10
    # Same fingerprint: the stored verdict stands (no documents needed to reproduce it).
    assert rerun_ids([], "fingerprint-1", ResultCache(tmp_path / "audit.pkl")) == ids
    # Another extraction: re-run for real.
    assert rerun_ids([], "fingerprint-2", ResultCache(tmp_path / "audit.pkl")) == []
