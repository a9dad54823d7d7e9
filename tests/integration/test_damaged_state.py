"""Damaged derived state heals itself; a damaged run history stops the run before any work. Real files: a LadybugDB
store, a Parquet embedding store and a DuckDB warehouse, each damaged on disk as a disk or a careless copy would."""

import json
import logging

import duckdb
import numpy as np
import pytest

from graphrag_bench.errors import InputError
from graphrag_bench.runtime.embedding_store import EmbeddingStore
from graphrag_bench.runtime.preflight import check_graph_store, check_warehouse


class _Embedder:
    identity, dimension = "test-model", 4

    def encode(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32)

    __call__ = encode


def _truncate(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _damaged_copies(folder, name):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(f"{name}.damaged-"))


def test_a_damaged_embedding_store_is_set_aside_and_its_vectors_computed_again(tmp_path, caplog):
    path = tmp_path / "chunks.parquet"
    store = EmbeddingStore(path, _Embedder.identity)
    store.vectors(["the lamp", "the tower"], _Embedder())  # (saved as it computes)
    assert path.exists()
    _truncate(path)
    with caplog.at_level(logging.WARNING):
        store = EmbeddingStore(path, _Embedder.identity)
    assert len(store) == 0 and not path.exists() and len(_damaged_copies(tmp_path, "chunks.parquet")) == 1
    assert "chunks.parquet is damaged" in caplog.text and "rebuilt from the corpus" in caplog.text
    vectors, counts = store.vectors(["the lamp"], _Embedder())
    assert vectors.shape == (1, 4) and counts.computed == 1


def test_a_damaged_graph_store_is_set_aside_and_a_new_one_opens(tmp_path, caplog):
    check_graph_store(tmp_path, {})  # creates graph.lbug with its schema
    graph = tmp_path / "graph.lbug"
    _truncate(graph)
    with caplog.at_level(logging.WARNING):
        check_graph_store(tmp_path, {})
    assert graph.exists() and len(_damaged_copies(tmp_path, "graph.lbug")) == 1
    assert "graph.lbug is damaged" in caplog.text


def test_a_damaged_warehouse_stops_before_any_work_naming_the_restore_and_is_not_touched(tmp_path):
    path = tmp_path / "warehouse.duckdb"
    with duckdb.connect(str(path)) as conn:
        conn.execute("create table run_history as select range as run, 'night ' || range as note from range(200000)")
    _truncate(path)
    damaged = path.read_bytes()
    with pytest.raises(InputError) as err:
        check_warehouse(path)
    assert str(path) in str(err.value) and "the warehouse is damaged" in str(err.value)
    assert "restore it from a backup" in str(err.value)
    assert path.read_bytes() == damaged and not _damaged_copies(tmp_path, "warehouse.duckdb")


def test_a_missing_warehouse_beside_earlier_runs_is_said(tmp_path, caplog):
    results = tmp_path / "results"
    (tmp_path / "data").mkdir()
    (tmp_path / "data2").mkdir()
    for run in ("run_20261101_020000", "run_20261102_020000"):
        (results / run).mkdir(parents=True)
        (results / run / "summary.json").write_text("{}")
    with caplog.at_level(logging.WARNING):
        check_warehouse(tmp_path / "data" / "warehouse.duckdb", results)
    assert "warehouse.duckdb is missing" in caplog.text and "2 earlier runs" in caplog.text
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        check_warehouse(tmp_path / "data2" / "warehouse.duckdb", tmp_path / "no-results")  # a first run: nothing to say
    assert not caplog.text


def _run_folder(results, run_id, corpus, scores=True):
    """A run folder as the report writes it, with one question measured in two modes."""
    folder = results / f"run_{run_id}"
    folder.mkdir(parents=True)
    mode = {"points": 3.0, "max_points": 4.0, "p95_pipeline_ms": 12.5}
    files = {"summary.json": {"run_id": run_id, "night": f"2026-11-{run_id[6:8]}", "corpus": {"name": "default",
                              "path": str(corpus)}, "modes": {"baseline": mode, "graphrag": mode},
                              "gates": [{"name": "latency", "passed": True, "value": 1.1, "threshold": 1.3, "detail": ""}]},
             "mode_latency.json": {m: {"per_question": {"Q1": {"samples": [10.0, 12.5]}}} for m in ("baseline", "graphrag")},
             "cache_metrics.json": {"graph_cache_hits": 3}, "reference_answers.json": [{"question_id": "Q1", "category": "A"}]}
    if scores:
        files["mode_scores.json"] = {m: [{"question_id": "Q1", "total": 3.0, "correctness": 2.0, "label": "supported"}]
                                     for m in ("baseline", "graphrag")}
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data))


def test_a_missing_warehouse_takes_back_this_corpus_s_earlier_runs_from_their_run_folders(tmp_path, caplog):
    """The run history cannot be rebuilt from the corpus, but a run folder holds each run's rows: a missing
    warehouse gets them back (this corpus's runs only; a run folder it cannot read is named and left out)."""
    results, corpus, other = tmp_path / "results", tmp_path / "corpus", tmp_path / "other"
    _run_folder(results, "20261101_020000", corpus)
    _run_folder(results, "20261102_020000", corpus)
    _run_folder(results, "20261102_030000", other)  # another corpus sharing the results folder
    _run_folder(results, "20261103_020000", corpus, scores=False)  # a run blocked before measuring
    path = tmp_path / "data" / "warehouse.duckdb"
    with caplog.at_level(logging.WARNING):
        check_warehouse(path, results, corpus)
    assert "2 runs of this corpus imported again" in caplog.text and "run_20261103_020000" in caplog.text
    with duckdb.connect(str(path), read_only=True) as conn:
        assert conn.execute("select run_id, night from raw.runs order by 1").fetchall() == [
            ("20261101_020000", "2026-11-01"), ("20261102_020000", "2026-11-02")]
        assert conn.execute("select count(*), sum(total) from raw.question_scores").fetchall() == [(4, 12.0)]
        assert conn.execute("select count(*) from raw.latency_samples").fetchall() == [(8,)]
