"""The command line over more than one corpus: a corpus registered and listed, two runs in one second (two corpora
benchmarked at once: test_cli.py, whose first run has a second corpus beside it)."""


from ..conftest import REPO
from .command import cli


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
