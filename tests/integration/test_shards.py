"""The sharded build (GRAPHRAG_SHARDS): any shard count, and the multiprocess executor, give the graph, the index and
the scores one shard in one process gives — real runs of the jobs on the default and the water corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from graphrag_bench.settings import REPO_ROOT

WATER = REPO_ROOT / "tests" / "fixtures" / "water"
CORPORA = {"default": (REPO_ROOT / "corpus", REPO_ROOT / "questions" / "benchmark_questions.json"),
           "water": (WATER / "corpus", WATER / "questions.json")}


def _settings(corpus: str, folder: Path, shards: int):
    from resources import BenchSettings

    documents, questions = CORPORA[corpus]
    return BenchSettings(corpus_dir=str(documents), questions_file=str(questions), data_dir=str(folder / "data"),
                         results_dir=str(folder / "results"), runs=2, modes="vector,bm25,graphrag", shards=shards)


def _state_hash(result) -> str:
    return next(e.materialization.metadata["state_hash"].value for e in result.get_asset_materialization_events()
                if e.asset_key.path[-1] == "graph_store")


def _leftovers(data_dir: Path) -> list[Path]:
    """What a build's shards may leave in the data folder: part files, and the records their steps passed on."""
    return [p for p in [*(data_dir / "shards").glob("*"), *(data_dir / "dagster" / "shard_work").rglob("*.json")]]


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_four_shards_give_the_graph_index_and_scores_of_one(tmp_path, corpus):
    from dagster import DagsterInstance

    from graphrag_bench.retrieval.memory import index_files
    from pipelines.definitions import execute_job

    runs = {}
    for shards in (1, 4):
        settings = _settings(corpus, tmp_path / f"shards-{shards}", shards)
        with DagsterInstance.ephemeral() as instance:
            result = execute_job(settings, "benchmark_job", instance, raise_on_error=False)
            steps = {s.step_key for s in instance.get_run_step_stats(result.run_id)}
        assert result.success, corpus
        runs[shards] = (settings, result, steps)
    (one, one_run, one_steps), (four, four_run, four_steps) = runs[1], runs[4]
    # Four shards were four steps of each fan-out, each reading documents: not one step with the others idle.
    assert {f"entity_mentions.read_prose[shard_{i}]" for i in range(1, 5)} <= four_steps
    assert "entity_mentions.read_prose[shard_2]" not in one_steps
    mentions = {e.asset_key.path[-1]: e.materialization.metadata for e in four_run.get_asset_materialization_events()}
    assert mentions["entity_mentions"]["shards"].value == 4 and mentions["chunk_embeddings"]["shards"].value == 4
    assert mentions["entity_mentions"]["documents_extracted"].value == len(list(CORPORA[corpus][0].rglob("*.md")))
    assert _state_hash(one_run) == _state_hash(four_run)
    for a, b in zip(index_files(one.data_dir), index_files(four.data_dir)):
        assert pl.read_parquet(a).equals(pl.read_parquet(b)), b.name  # same chunks, same order, same vectors
    scores = [{mode: [(row["question_id"], row["total"], row["label"]) for row in rows]
               for mode, rows in run.output_for_node("scores").items()} for _, run, _ in runs.values()]
    assert scores[0] == scores[1] and any(total for _, total, _ in scores[0]["graphrag"])
    assert not _leftovers(Path(four.data_dir))


def test_the_multiprocess_build_gives_the_in_process_state_hash_and_its_shards_run_side_by_side(tmp_path):
    from dagster import DagsterInstance, DagsterEventType

    from pipelines.definitions import execute_build_in_processes, execute_job

    with DagsterInstance.ephemeral() as instance:
        in_process = _state_hash(execute_job(_settings("default", tmp_path / "one", 1), "graph_build_job", instance))
    settings = _settings("default", tmp_path / "two", 2)
    (tmp_path / "home").mkdir()
    with DagsterInstance.local_temp(str(tmp_path / "home")) as instance:
        result = execute_build_in_processes(settings, instance)
        assert result.success
        pids = {e.step_key: e.dagster_event.pid for e in instance.all_logs(result.run_id, of_type=DagsterEventType.STEP_START)}
    assert _state_hash(result) == in_process
    shard_pids = {pids[f"entity_mentions.read_prose[shard_{i}]"] for i in (1, 2)}
    assert len(shard_pids) == 2 and not shard_pids & {pids["documents"]}  # each shard its own process
    assert not _leftovers(Path(settings.data_dir))
