"""The command line over more than one corpus: a corpus registered and listed, two runs in one second (two corpora
benchmarked at once: test_cli.py, whose first run has a second corpus beside it)."""


from ..conftest import REPO
from .command import FEW_MODES, RUNS, cli


def test_two_runs_measuring_in_the_same_second_get_two_run_folders():
    from graphrag_bench.evaluation.reuse import new_run_id

    first, second = new_run_id(), new_run_id()
    assert first != second and second > first


def test_corpus_add_registers_a_corpus_that_loads_and_list_shows_it(tmp_path):
    water = REPO / "tests" / "fixtures" / "water"
    added = cli("corpus", "add", "water", "--corpus", str(water / "corpus"), "--questions", str(water / "questions.json"),
                "--data-dir", "data", "--results-dir", "results", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert f"data folder: {tmp_path / 'data' / 'corpora' / 'water'}" in added.stdout
    listed = cli("corpus", "list", "--data-dir", "data", cwd=tmp_path)
    assert listed.returncode == 0 and f"water: {water / 'corpus'} ({water / 'questions.json'})" in listed.stdout


def test_run_with_shards_builds_the_graph_in_processes_then_benchmarks_the_same_graph(tmp_path):
    """`run --shards 2`: the graph built on the multiprocess executor, two shards side by side, under the run's lock;
    the benchmark then measures the graph a one-process build of the same corpus gives, and nothing is left over."""
    import json

    from graphrag_bench.graph.store import open_store
    from graphrag_bench.stages.graph import extract_mentions, resolve_graph, sync_graph
    from graphrag_bench.stages.ingest import ingest_corpus

    water = REPO / "tests" / "fixtures" / "water"
    done = cli("run", "--shards", "2", "--runs", RUNS, "--modes", FEW_MODES, "--corpus", str(water / "corpus"),
               "--questions", str(water / "questions.json"), "--data-dir", str(tmp_path / "data"),
               "--results-dir", str(tmp_path / "results"), cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "building the graph on 2 document shards" in done.stdout
    summary = json.loads(next((tmp_path / "results").glob("run_*/summary.json")).read_text(encoding="utf-8"))
    documents = ingest_corpus(water / "corpus", tmp_path / "alone").frame
    alone = sync_graph(open_store(tmp_path / "alone", {}), resolve_graph(extract_mentions(documents, tmp_path / "alone"),
                                                                          documents, tmp_path / "alone"), "ladybug")
    assert summary["graph"]["state_hash"] == alone.state_hash
    assert not list((tmp_path / "data").glob("shards/*")) and not list((tmp_path / "data").rglob("shard_work/*/*"))
