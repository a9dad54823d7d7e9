"""The command line over more than one corpus: two benchmarked at once (one with two people one letter apart), a
corpus registered and listed, two runs in one second."""

import json
import os
import subprocess
import sys
from pathlib import Path

from ..conftest import QUESTIONS, REPO
from .command import FEW_MODES, cli


def test_two_runs_measuring_in_the_same_second_get_two_run_folders():
    from graphrag_bench.evaluation.reuse import new_run_id

    first, second = new_run_id(), new_run_id()
    assert first != second and second > first


def _two_people_one_letter_apart(docs: Path) -> Path:
    docs.mkdir()
    (docs / "RFC-001-queue.md").write_text("# RFC-001: Queue choice\n\nAuthor: Jon Smyth\n\nWe decided to use Kafka.\n")
    (docs / "RFC-002-cache.md").write_text("# RFC-002: Cache choice\n\nAuthor: Jon Smith\n\nWe decided to use Redis.\n")
    (docs / "STAFF.md").write_text("# Staff\n\n| Name | Team |\n|---|---|\n| Jon Smyth | Payments |\n| Jon Smith | Search |\n\n"
                                   "Jon Smyth and Jon Smith are two different people.\n")
    return docs


def test_two_corpora_at_once_sharing_results_and_a_new_dagster_home_both_finish_and_similar_names_are_reported(tmp_path):
    """Two corpora benchmarked together: one new DAGSTER_HOME (its tables created once), one results folder (one run
    folder each), each its own data folder. The second is a corpus with two people one letter apart, as real corpora
    have: the pair is flagged, decided and reported, never a stop."""
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", "DAGSTER_HOME": str(tmp_path / "dagster_home")}
    env.pop("GRAPH_RAG_ENABLED", None)
    (tmp_path / "dagster_home").mkdir()
    corpora = {"default": str(REPO / "corpus"), "people": str(_two_people_one_letter_apart(tmp_path / "docs"))}
    runs = {name: subprocess.Popen([sys.executable, "-m", "pipelines.cli", "run", "--corpus", corpus, "--questions",
                                    str(QUESTIONS), "--data-dir", f"data_{name}", "--results-dir", "results", "--runs", "2",
                                    "--modes", FEW_MODES], cwd=tmp_path, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name, corpus in corpora.items()}
    outcomes = {name: run.communicate(timeout=900) + (run.returncode,) for name, run in runs.items()}
    for name, (stdout, stderr, code) in outcomes.items():
        # 1: the two people's corpus cannot answer the default questions (a gate fails); it still runs to the end
        assert code in ((0,) if name == "default" else (0, 1)), stderr[-3000:]
        assert "Traceback" not in stderr and "entity_resolution" not in stderr
    summaries = {Path(s["corpus"]["path"]).name: s for s in
                 (json.loads(p.read_text()) for p in (tmp_path / "results").glob("run_*/summary.json"))}
    assert set(summaries) == {"corpus", "docs"}  # one run folder each
    people = summaries["docs"]
    assert people["audit"]["passed"] is True and people["audit"]["unresolved"] == 0
    assert people["modes"]["graphrag"]["points"] is not None  # the benchmark ran
    pair = next(r for r in people["audit"]["resolutions"] if set(r["pair"]) == {"person:jon_smith", "person:jon_smyth"})
    assert pair["status"] == "rejected" and "STAFF.md" in pair["reason"]


def test_corpus_add_registers_a_corpus_that_loads_and_list_shows_it(tmp_path):
    water = REPO / "tests" / "fixtures" / "water"
    added = cli("corpus", "add", "water", "--corpus", str(water / "corpus"), "--questions", str(water / "questions.json"),
                "--data-dir", "data", "--results-dir", "results", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert f"data folder: {tmp_path / 'data' / 'corpora' / 'water'}" in added.stdout
    listed = cli("corpus", "list", "--data-dir", "data", cwd=tmp_path)
    assert listed.returncode == 0 and f"water: {water / 'corpus'} ({water / 'questions.json'})" in listed.stdout
