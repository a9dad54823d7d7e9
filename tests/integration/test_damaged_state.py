"""Damaged derived state heals itself; a damaged run history stops the run before any work. Real files: a LadybugDB
store, a Parquet embedding store and a DuckDB warehouse, each damaged on disk as a disk or a careless copy would."""

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
