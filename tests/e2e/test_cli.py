"""The command line, end to end, in a subprocess: exit 0 on the default corpus copied outside the
repository (its own data folder), exit 1 on a wrong reference key, exit 2 on bad input."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import QUESTIONS, REPO

FEW_MODES = "vector,graphrag"  # where a test is not about the modes, the benchmark runs the two it always runs
SUMMARY_KEYS = {"run_id", "corpus", "modes", "latency_ratio_p95", "graph", "extraction", "audit", "gates", "questions"}
MODE_KEYS = {"points", "max_points", "by_category", "p95_pipeline_ms", "hallucinations", "certainty_accuracy", "retrieval"}
ARTIFACTS = {"baseline_scores.json", "graphrag_scores.json", "latency_baseline.json", "latency_graphrag.json",
             "latency_breakdown.json", "cache_metrics.json", "entity_audit.json", "detailed_answers.json",
             "reference_answers.json", "summary.md", "summary.json", "report.html"}


def cli(*args, cwd, env=None):
    full_env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", **(env or {})}
    for name in ("GRAPH_RAG_ENABLED", "DAGSTER_HOME"):  # no flag; a throwaway Dagster instance
        full_env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "pipelines.cli", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """A corpus and question file outside the repository, with their own data and results folders."""
    root = tmp_path_factory.mktemp("elsewhere")
    shutil.copytree(REPO / "corpus", root / "corpus")
    shutil.copy(QUESTIONS, root / "questions.json")
    return root


def _stamp(path: Path):
    return sorted((str(p), p.stat().st_mtime_ns) for p in path.rglob("*")) if path.exists() else None


@pytest.fixture(scope="module")
def first_run(outside):
    before = _stamp(REPO / "data")
    result = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data",
                 "--results-dir", "results", "--runs", "2", cwd=outside)
    return result, before


def test_run_succeeds_on_a_corpus_outside_the_repo(first_run, outside):
    result, repo_data_before = first_run
    assert result.returncode == 0, result.stderr[-3000:]
    runs = list((outside / "results").glob("run_*"))
    assert len(runs) == 1
    assert ARTIFACTS <= {p.name for p in runs[0].iterdir()}
    assert (runs[0] / "RELEASE_APPROVED").exists()
    summary = json.loads((runs[0] / "summary.json").read_text())
    assert SUMMARY_KEYS <= set(summary)
    assert list(summary["modes"]) == ["baseline", "bm25", "hybrid_lexical", "graphrag", "graph_ppr", "router"]  # all, by default
    for mode in summary["modes"]:
        assert MODE_KEYS <= set(summary["modes"][mode])
    pairs = [r for r in summary["against_best_non_graph"] if r["category"] == "all"]
    assert {r["graph_mode"] for r in pairs} == {"graphrag", "graph_ppr", "router"}
    assert all(r["ci95"] is not None and 0 <= r["p_value"] <= 1 for r in pairs)
    assert set(summary["latency_ratio_p95_by_mode"]) == set(summary["modes"])
    assert {"graph_cache_hit_rate", "pipeline_cache_hit_rate"} <= set(summary["modes"]["graphrag"])
    assert summary["corpus"]["documents"] == 12 and summary["graph"]["provenance_coverage"] == 1.0
    assert all(g["passed"] for g in summary["gates"])
    assert summary["measurement"]["executor"] == "in_process" and summary["audit"]["untrusted"] == []
    assert summary["modes"]["graphrag"]["points"] > summary["modes"]["baseline"]["points"]
    assert summary["extraction"]["entity_f1"] is not None  # the labels file travels with the corpus
    assert summary["graph_expansion"]["connection_precision"] is not None
    assert "gates:" in result.stdout
    table = result.stdout.split("each graph mode vs the best non-graph mode")
    assert all(label in table[0] for label in ("vector", "bm25", "hybrid_lexical", "graphrag", "graph_ppr", "router", "p95 ms"))
    assert "95% interval" in table[1] and "beats" in table[1]
    # Evidence recall, computed before composing: per mode, per category and per question, in the CLI table too.
    for mode, row in summary["modes"].items():
        evidence = row["evidence"]
        assert set(evidence["per_question"]) == {q["question_id"] for q in summary["questions"]}
        assert set(evidence["by_category"]) == set(row["by_category"]) and 0 <= evidence["complete"] <= 1
        # Every lost point is attributed to one cause.
        assert sum(evidence["lost"].values()) == pytest.approx(sum(4 - q["points"][mode] for q in summary["questions"]), abs=0.05)
    assert "evidence" in table[0] and "composition" in table[0]
    # Its stores live in its own data folder; the repository's default stores are untouched.
    assert (outside / "data" / "graph.lbug").exists() and (outside / "data" / "warehouse.duckdb").exists()
    assert _stamp(REPO / "data") == repo_data_before


def test_an_unchanged_rerun_reuses_the_measurement_and_rebuilds_nothing(first_run, outside):
    assert first_run[0].returncode == 0
    built = outside / "data" / "dbt_built.json"
    built_before = built.stat().st_mtime_ns
    result = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data",
                 "--results-dir", "results", "--runs", "2", cwd=outside)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "nothing the benchmark measures changed since run" in result.stdout
    runs = list((outside / "results").glob("run_*"))
    assert len(runs) == 1  # the same run stands: no second folder, no second history row
    summary = json.loads((runs[0] / "summary.json").read_text())
    assert summary["measurement"]["reused"] is True and summary["run_id"] == summary["measurement"]["run_id"]
    assert all(g["passed"] for g in summary["gates"]) and (runs[0] / "RELEASE_APPROVED").exists()
    assert built.stat().st_mtime_ns == built_before  # dbt did not run


def test_release_gate_job_rechecks_the_latest_report(first_run, outside):
    """The check-only job reports every gate again from the stored outputs of the last run, and re-runs the audit."""
    from dagster import DagsterInstance

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    assert first_run[0].returncode == 0
    settings = BenchSettings(corpus_dir=str(outside / "corpus"), questions_file=str(outside / "questions.json"),
                             data_dir=str(outside / "data"), results_dir=str(outside / "results"), runs=2)
    result = execute_job(settings, "release_gate_job", DagsterInstance.ephemeral())
    checks = {c.check_name: c.passed for c in result.get_asset_check_evaluations()}
    assert {"gate_multi_hop", "gate_latency", "entity_resolution_audit"} <= set(checks)
    assert all(checks.values())


def test_wrong_reference_key_fails_the_gate_and_exits_1(first_run, outside):
    questions = json.loads((outside / "questions.json").read_text())
    for q in questions["questions"]:
        if q["category"] == "A":  # deliberately wrong: a system no multi-hop answer involves
            q["required_entities"] = q["answer_entities"] = ["system:deploy_pipeline"]
            q["required_sources"] = ["SOP-deployment"]
    (outside / "wrong.json").write_text(json.dumps(questions))
    result = cli("run", "--corpus", "corpus", "--questions", "wrong.json", "--data-dir", "data",
                 "--results-dir", "results", "--runs", "2", cwd=outside)
    assert result.returncode == 1, result.stderr[-3000:]
    assert "gate failed: gate_multi_hop" in result.stderr
    newest = sorted((outside / "results").glob("run_*"))[-1]
    summary = json.loads((newest / "summary.json").read_text())
    gate = next(g for g in summary["gates"] if g["name"] == "multi_hop")
    assert gate["passed"] is False and gate["threshold"] == 0.2
    assert not (newest / "RELEASE_APPROVED").exists()
    # The run history keeps both runs (dbt incremental model).
    import duckdb

    with duckdb.connect(str(outside / "data" / "warehouse.duckdb"), read_only=True) as conn:
        assert conn.execute("select count(*) from main.run_history").fetchall()[0][0] == 2
        # ... and every mode of both (dbt incremental mode_history): six modes per run.
        per_run = conn.execute("select run_id, count(distinct mode) from main.mode_history group by run_id").fetchall()
        assert len(per_run) == 2 and all(n == 6 for _, n in per_run)
        # Evidence recall per mode and category (dbt model evidence_recall) equals summary.json's.
        recall = dict(conn.execute("select mode, sum(complete_questions) from main.evidence_recall where run_id = ? "
                                   "group by mode", [summary["run_id"]]).fetchall())
    assert recall == {m: row["evidence"]["complete_questions"] for m, row in summary["modes"].items()}


def test_ask_answers_one_question_in_either_mode_with_certainty_citations_and_graph_path(first_run, outside):
    assert first_run[0].returncode == 0
    graph = cli("ask", "What does the Gateway depend on?", "--mode", "graphrag", "--data-dir", "data", cwd=outside)
    assert graph.returncode == 0, graph.stderr[-2000:]
    assert "certainty:  supported" in graph.stdout and "DEPENDENCIES.md" in graph.stdout.split("citations:")[1]
    assert "graph path: Gateway -DEPENDS_ON-> Auth Service" in graph.stdout
    assert "mode:       graphrag (ok)" in graph.stdout
    base = cli("ask", "What does the Gateway depend on?", "--mode", "baseline", "--data-dir", "data", cwd=outside)
    assert base.returncode == 0 and "graph path: none" in base.stdout and "mode:       vector (ok)" in base.stdout
    for graph_mode, shown in (("graph_ppr", "graph_ppr (ok)"), ("router", "router (ok, answered by graphrag)")):
        asked = cli("ask", "What does the Gateway depend on?", "--mode", graph_mode, "--data-dir", "data", cwd=outside)
        assert asked.returncode == 0, asked.stderr[-2000:]
        assert f"mode:       {shown}" in asked.stdout and "Auth Service" in asked.stdout.splitlines()[0]
    for lexical in ("bm25", "hybrid_lexical"):
        asked = cli("ask", "What does the Gateway depend on?", "--mode", lexical, "--data-dir", "data", cwd=outside)
        assert asked.returncode == 0, asked.stderr[-2000:]
        assert f"mode:       {lexical} (ok)" in asked.stdout and "graph path: none" in asked.stdout
        # Both documents state it ("Gateway --> Auth Service"; "The Gateway depends on the Auth Service"): either is
        # a source the answer may cite.
        assert {"DEPENDENCIES.md", "INC-001"} & set(asked.stdout.split("citations:")[1].split())
    nothing = cli("ask", "What is the capital of Mars?", "--mode", "graphrag", "--data-dir", "data", cwd=outside)
    assert nothing.returncode == 0
    assert nothing.stdout.startswith("Answer: unknown (unknown)") and "citations:  none" in nothing.stdout
    version = cli("--version", cwd=outside)
    assert version.returncode == 0 and version.stdout.startswith("graphrag-bench ")


def test_two_people_one_letter_apart_run_to_the_end_and_are_reported(tmp_path):
    """Real corpora have similar names of different people: the pair is flagged, decided and reported, never a stop."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "RFC-001-queue.md").write_text("# RFC-001: Queue choice\n\nAuthor: Jon Smyth\n\nWe decided to use Kafka.\n")
    (docs / "RFC-002-cache.md").write_text("# RFC-002: Cache choice\n\nAuthor: Jon Smith\n\nWe decided to use Redis.\n")
    (docs / "STAFF.md").write_text("# Staff\n\n| Name | Team |\n|---|---|\n| Jon Smyth | Payments |\n| Jon Smith | Search |\n\n"
                                   "Jon Smyth and Jon Smith are two different people.\n")
    shutil.copy(QUESTIONS, tmp_path / "q.json")
    result = cli("run", "--corpus", "docs", "--questions", "q.json", "--data-dir", "data", "--results-dir", "results",
                 "--runs", "2", "--modes", FEW_MODES, cwd=tmp_path)
    assert result.returncode in (0, 1), result.stderr[-3000:]  # 1: this corpus cannot answer the default questions
    assert "entity_resolution" not in result.stderr
    run = next((tmp_path / "results").glob("run_*"))
    summary = json.loads((run / "summary.json").read_text())
    assert summary["audit"]["passed"] is True and summary["audit"]["unresolved"] == 0
    assert summary["modes"]["graphrag"]["points"] is not None  # the benchmark ran
    pair = next(r for r in summary["audit"]["resolutions"] if set(r["pair"]) == {"person:jon_smith", "person:jon_smyth"})
    assert pair["status"] == "rejected" and "STAFF.md" in pair["reason"]


@pytest.mark.parametrize("args, env, fragment", [
    (["run", "--corpus", "missing"], {}, "missing: corpus folder does not exist"),
    (["run", "--corpus", "empty"], {}, "corpus folder has no documents"),
    (["run", "--corpus", "nonutf8"], {}, "bad.md: field 'encoding': not UTF-8"),
    (["run", "--questions", "broken.json"], {}, "broken.json: not valid JSON"),
    (["run", "--questions", "nofield.json"], {}, "item 'A1': field 'certainty': missing required field"),
    (["run", "--runs", "1"], {}, "--runs: must be at least 2"),
    (["run", "--modes", "vector,pagerank"], {}, "--modes: unknown mode 'pagerank'; the modes are all, vector, bm25"),
    (["run"], {"GRAPHRAG_MODES": "bm26"}, "GRAPHRAG_MODES: unknown mode 'bm26'"),
    (["ask", "Who?", "--mode", "pagerank"], {}, "argument --mode: unknown mode 'pagerank'"),
    (["run"], {"GRAPHRAG_TOP_K": "many"}, "field 'GRAPHRAG_TOP_K': expected a number"),
    (["run"], {"GRAPHRAG_ID_TYPES": "ADR=policy"}, "field 'GRAPHRAG_ID_TYPES': expected PREFIX=TYPE pairs"),
    (["run"], {"GRAPHRAG_TOP_K": "nan"}, "field 'GRAPHRAG_TOP_K': expected a finite number"),
    (["run"], {"GRAPHRAG_CACHE_TTL_S": "inf"}, "field 'GRAPHRAG_CACHE_TTL_S': expected a finite number"),
    (["run"], {"GRAPHRAG_LOG_LEVEL": "LOUD"}, "field 'GRAPHRAG_LOG_LEVEL': expected one of DEBUG"),
    (["run"], {"GRAPHRAG_ANSWERER": "llm"}, "field 'GRAPHRAG_ANSWERER': expected one of deterministic"),
    (["run"], {"GRAPHRAG_EMBEDDING_BACKEND": "gpu"}, "field 'GRAPHRAG_EMBEDDING_BACKEND': expected one of onnx, torch"),
    (["run"], {"GRAPHRAG_NIGHTLY_TZ": "Mars/Base"}, "field 'GRAPHRAG_NIGHTLY_TZ': not a time zone name"),
    (["run"], {"GRAPHRAG_NIGHTLY_CRON": "every night"}, "field 'GRAPHRAG_NIGHTLY_CRON': not a cron expression"),
    (["run", "--gates", "gates.toml"], {}, "item 'gates': field 'cache_min_hit_rate': expected a number"),
    (["run", "--data-dir", "gates.toml"], {}, "gates.toml: the data folder is a file, not a folder; pass --data-dir a folder"),
    (["run", "--results-dir", "broken.json"], {}, "broken.json: the results folder is a file"),
    (["run"], {"GRAPHRAG_ALERT_WEBHOOK": "ftp://alerts"}, "field 'GRAPHRAG_ALERT_WEBHOOK': expected an http(s) URL"),
    (["fly"], {}, "invalid choice"),
    (["corpus", "add", "water", "--corpus", str(REPO / "corpus"), "--questions", "broken.json", "--data-dir", "data"], {},
     "broken.json"),
    (["corpus", "add", "Water", "--corpus", str(REPO / "corpus"), "--questions", str(QUESTIONS), "--data-dir", "data"], {},
     "item 'Water': field 'name'"),
    (["corpus", "add", "water", "--corpus", "nonutf8", "--questions", str(QUESTIONS), "--data-dir", "data"], {}, "bad.md"),
    (["ask", "What does the Gateway depend on?", "--data-dir", "missing"], {}, "missing/chunks.parquet: no retrieval index here"),
])
def test_bad_input_exits_2_with_one_clear_message(tmp_path, args, env, fragment):
    (tmp_path / "empty").mkdir()
    (tmp_path / "nonutf8").mkdir()
    (tmp_path / "nonutf8" / "bad.md").write_bytes(b"# t\n\xff")
    (tmp_path / "broken.json").write_text("{")
    q = json.loads(QUESTIONS.read_text())
    del q["questions"][0]["certainty"]
    (tmp_path / "nofield.json").write_text(json.dumps(q))
    (tmp_path / "gates.toml").write_text((REPO / "config" / "gates.toml").read_text().replace("cache_min_hit_rate = 0.60", 'cache_min_hit_rate = "high"'))
    own_results = args[0] == "run" and "--results-dir" not in args
    result = cli(*args, "--results-dir", "results", cwd=tmp_path, env=env) if own_results else cli(*args, cwd=tmp_path, env=env)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "results").exists() or not any((tmp_path / "results").iterdir())



def _hold_data_folder(data):
    from graphrag_bench.runtime.preflight import run_lock

    return run_lock(data)


def _hold_warehouse(data):
    import contextlib

    import duckdb

    return contextlib.closing(duckdb.connect(str(data / "warehouse.duckdb")))


def _hold_graph(data):
    import contextlib

    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    return contextlib.closing(LadybugStore(data / "graph.lbug"))


@pytest.mark.parametrize("hold, env, fragment", [
    (None, {"NEO4J_URI": "bolt://127.0.0.1:1"}, "NEO4J_URI: bolt://127.0.0.1:1: Neo4j unreachable"),
    (_hold_data_folder, {}, f"another graphrag-bench run (pid {os.getpid()}) is using this data folder"),
    (_hold_warehouse, {}, "warehouse.duckdb: the warehouse cannot be opened for writing"),
    (_hold_graph, {}, "graph.lbug: cannot open embedded graph"),
])
def test_environment_faults_exit_2_before_any_work(tmp_path, hold, env, fragment):
    """A store that is down or held by another process is named in seconds, never found after the run (exit 1)."""
    import contextlib

    data = tmp_path / "data"
    data.mkdir()
    with hold(data) if hold else contextlib.nullcontext():
        result = cli("run", "--data-dir", str(data), "--results-dir", "results", cwd=tmp_path, env=env)
    assert result.returncode == 2, result.stderr[-2000:]
    assert fragment in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "results").exists() or not any((tmp_path / "results").iterdir())


def test_two_runs_measuring_in_the_same_second_get_two_run_folders():
    from graphrag_bench.evaluation.reuse import new_run_id

    first, second = new_run_id(), new_run_id()
    assert first != second and second > first


def test_two_runs_at_once_on_two_data_folders_sharing_results_and_a_new_dagster_home_both_finish(tmp_path):
    """Two corpora benchmarked together: one new DAGSTER_HOME (its tables created once), one results folder (one run
    folder each), each its own data folder."""
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", "DAGSTER_HOME": str(tmp_path / "dagster_home")}
    env.pop("GRAPH_RAG_ENABLED", None)
    (tmp_path / "dagster_home").mkdir()
    runs = [subprocess.Popen([sys.executable, "-m", "pipelines.cli", "run", "--questions", str(QUESTIONS), "--data-dir", f"data{i}",
                              "--results-dir", "results", "--runs", "2", "--modes", FEW_MODES], cwd=tmp_path, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in (1, 2)]
    outcomes = [run.communicate(timeout=900) + (run.returncode,) for run in runs]
    for stdout, stderr, code in outcomes:
        assert code == 0, stderr[-3000:]
        assert "Traceback" not in stderr
    assert len(list((tmp_path / "results").glob("run_*"))) == 2


def _state_hash(data: Path) -> str:
    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    store = LadybugStore(data / "graph.lbug")
    try:
        return store.state_hash()
    finally:
        store.close()


@pytest.mark.parametrize("after", ["documents - ingest:", "resolved_graph - resolve:", "benchmark run 1/2 done"])
def test_killed_mid_run_a_rerun_converges_to_the_clean_graph(first_run, outside, tmp_path, after):
    """kill -9 as soon as a stage reports (so during the next: extraction writing its cache, the audit and graph sync,
    the benchmark writing results), then run again: exit 0 and the state hash of a clean build of the same corpus.
    A kill between two writes of the sync itself: test_store_contract."""
    import signal

    assert first_run[0].returncode == 0
    clean = _state_hash(outside / "data")
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "INFO"}
    for name in ("GRAPH_RAG_ENABLED", "DAGSTER_HOME"):
        env.pop(name, None)
    args = [sys.executable, "-m", "pipelines.cli", "run", "--corpus", str(outside / "corpus"), "--questions",
            str(outside / "questions.json"), "--data-dir", "data", "--results-dir", "results", "--runs", "2",
            "--modes", FEW_MODES]
    victim = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for line in victim.stderr:  # one progress line per stage
            if after in line:
                victim.send_signal(signal.SIGKILL)
                break
    finally:
        victim.kill()
        victim.wait(timeout=60)
    assert victim.returncode == -signal.SIGKILL, f"the run ended without reporting {after!r}"
    result = cli(*args[3:], cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert _state_hash(tmp_path / "data") == clean


def test_corpus_add_registers_a_corpus_that_loads_and_list_shows_it(tmp_path):
    water = REPO / "tests" / "fixtures" / "water"
    added = cli("corpus", "add", "water", "--corpus", str(water / "corpus"), "--questions", str(water / "questions.json"),
                "--data-dir", "data", "--results-dir", "results", cwd=tmp_path)
    assert added.returncode == 0, added.stderr
    assert f"data folder: {tmp_path / 'data' / 'corpora' / 'water'}" in added.stdout
    listed = cli("corpus", "list", "--data-dir", "data", cwd=tmp_path)
    assert listed.returncode == 0 and f"water: {water / 'corpus'} ({water / 'questions.json'})" in listed.stdout
