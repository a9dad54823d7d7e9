"""The command line, end to end, in a subprocess, over one data folder built once: exit 0 on the default corpus
copied outside the repository (and a second corpus run at the same time), an unchanged re-run reused, exit 1 on a
wrong reference key, `ask` in every mode. Runs killed mid-way: test_cli_killed.py; bad input: test_cli_errors.py;
registering corpora: test_cli_corpora.py."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graphrag_bench.settings import tonight

from ..conftest import QUESTIONS, REPO
from .command import FEW_MODES, RUNS, cli
from .faults import Marker, damage

SUMMARY_KEYS = {"run_id", "corpus", "modes", "latency_ratio_p95", "graph", "extraction", "audit", "gates", "questions"}
# Every run over the shared data folder is recorded for one night, read once: a module running across midnight UTC
# would otherwise make its re-run another night's (a new history row), which is what a new night is.
NIGHT = tonight()
MODE_KEYS = {"points", "max_points", "by_category", "p95_pipeline_ms", "hallucinations", "certainty_accuracy", "retrieval"}
ARTIFACTS = {"baseline_scores.json", "graphrag_scores.json", "latency_baseline.json", "latency_graphrag.json",
             "latency_breakdown.json", "cache_metrics.json", "entity_audit.json", "detailed_answers.json",
             "reference_answers.json", "summary.md", "summary.json", "report.html"}


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """A corpus and question file outside the repository, with their own data and results folders."""
    root = tmp_path_factory.mktemp("elsewhere")
    shutil.copytree(REPO / "corpus", root / "corpus")
    shutil.copy(QUESTIONS, root / "questions.json")
    return root


def _stamp(path: Path):
    return sorted((str(p), p.stat().st_mtime_ns) for p in path.rglob("*")) if path.exists() else None


def _two_people_one_letter_apart(docs: Path) -> Path:
    docs.mkdir()
    (docs / "RFC-001-queue.md").write_text("# RFC-001: Queue choice\n\nAuthor: Jon Smyth\n\nWe decided to use Kafka.\n")
    (docs / "RFC-002-cache.md").write_text("# RFC-002: Cache choice\n\nAuthor: Jon Smith\n\nWe decided to use Redis.\n")
    (docs / "STAFF.md").write_text("# Staff\n\n| Name | Team |\n|---|---|\n| Jon Smyth | Payments |\n| Jon Smith | Search |\n\n"
                                   "Jon Smyth and Jon Smith are two different people.\n")
    return docs


@pytest.fixture(scope="module")
def first_run(outside):
    """The first run over the corpus outside the repository, every mode, and beside it, at the same time, a second
    corpus with two people one letter apart, as real corpora have: one new DAGSTER_HOME for both (its tables created
    once), one results folder (one run folder each), each its own data folder."""
    before = _stamp(REPO / "data")
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", "DAGSTER_HOME": str(outside / "dagster_home")}
    env.pop("GRAPH_RAG_ENABLED", None)
    (outside / "dagster_home").mkdir()
    people = _two_people_one_letter_apart(outside / "people")
    runs = {name: subprocess.Popen([sys.executable, "-m", "pipelines.cli", "run", *args, "--results-dir", "results",
                                    "--runs", RUNS, "--night", NIGHT], cwd=outside, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
            for name, args in (("default", ["--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data"]),
                               ("people", ["--corpus", str(people), "--questions", "questions.json", "--data-dir",
                                           "data_people", "--modes", FEW_MODES]))}
    outcomes = {}
    for name, run in runs.items():
        stdout, stderr = run.communicate(timeout=900)
        outcomes[name] = subprocess.CompletedProcess(run.args, run.returncode, stdout, stderr)
    return outcomes["default"], before, outcomes["people"]


def _run_folders(outside: Path, corpus: str = "corpus") -> list[Path]:
    """The run folders of one corpus in the shared results folder (by the corpus folder's name)."""
    return sorted(p.parent for p in (outside / "results").glob("run_*/summary.json")
                  if Path(json.loads(p.read_text())["corpus"]["path"]).name == corpus)


def test_run_succeeds_on_a_corpus_outside_the_repo(first_run, outside):
    result, repo_data_before, _ = first_run
    assert result.returncode == 0, result.stderr[-3000:]
    runs = _run_folders(outside)
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
    assert summary["retrieval_settings"] == {"top_k": 6, "max_hops": 2, "max_nodes": 50, "max_context_bytes": 5120,
                                             "cache_ttl_s": 300.0}  # every setting in effect, recorded
    assert summary["modes"]["graphrag"]["points"] > summary["modes"]["baseline"]["points"]
    assert summary["extraction"]["entity_f1"] is not None  # the labels file travels with the corpus
    assert summary["graph_expansion"]["connection_precision"] is not None
    # the report's evidence: each question folded with every mode's context, graph modes' subgraphs, the corpus's graph
    report = (runs[0] / "report.html").read_text()
    assert report.count('<details class="question">') == 20 and report.count('<svg class="subgraph"') >= 20
    assert "most connected entity" in report and summary["answerer"] == "deterministic"
    assert summary["corpus_overview"]["entity_types"] and summary["corpus_overview"]["most_connected"]
    evidence = json.loads((runs[0] / "question_evidence.json").read_text())
    assert len(evidence) == 20 and set(evidence[0]["modes"]) == set(summary["modes"])
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


def test_a_second_corpus_run_at_the_same_time_finishes_and_reports_two_people_one_letter_apart(first_run, outside):
    """The corpus with two people one letter apart, run beside the first: the pair is flagged, decided and reported,
    never a stop (1: it cannot answer the default questions, so a gate fails; it still runs to the end)."""
    people_run = first_run[2]
    assert people_run.returncode in (0, 1), people_run.stderr[-3000:]
    assert "Traceback" not in people_run.stderr and "entity_resolution" not in people_run.stderr
    (folder,) = _run_folders(outside, "people")  # its own run folder in the shared results folder
    people = json.loads((folder / "summary.json").read_text())
    assert people["audit"]["passed"] is True and people["audit"]["unresolved"] == 0
    assert people["modes"]["graphrag"]["points"] is not None  # the benchmark ran
    pair = next(r for r in people["audit"]["resolutions"] if set(r["pair"]) == {"person:jon_smith", "person:jon_smyth"})
    assert pair["status"] == "rejected" and "STAFF.md" in pair["reason"]


def test_an_unchanged_rerun_reuses_the_measurement_and_rebuilds_nothing(first_run, outside):
    assert first_run[0].returncode == 0
    built = outside / "data" / "dbt_built.json"
    built_before = built.stat().st_mtime_ns
    result = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data",
                 "--results-dir", "results", "--runs", RUNS, "--night", NIGHT, cwd=outside)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "nothing the benchmark measures changed since run" in result.stdout
    runs = _run_folders(outside)
    assert len(runs) == 1  # the same run stands: no second folder, no second history row
    summary = json.loads((runs[0] / "summary.json").read_text())
    assert summary["measurement"]["reused"] is True and summary["run_id"] == summary["measurement"]["run_id"]
    assert summary["night"] == NIGHT  # the night --night names, which the re-run kept
    assert all(g["passed"] for g in summary["gates"]) and (runs[0] / "RELEASE_APPROVED").exists()
    assert built.stat().st_mtime_ns == built_before  # dbt did not run


_AGENT = """
import sys
from graphrag_bench.retrieval.memory import MemoryRetriever
memory = MemoryRetriever(sys.argv[1], env={"GRAPH_RAG_ENABLED": "true"})
for line in sys.stdin:  # one question per line, answered while the memory stays open
    print(memory.retrieve(line.strip()).status, memory.answer(line.strip()).splitlines()[0], flush=True)
"""
# The same agent through MCP: `graphrag-bench serve` over stdio, one session held open, the `ask` tool per line.
_MCP_AGENT = """
import sys, anyio
from mcp import Client, StdioServerParameters
server = StdioServerParameters(command=sys.executable, args=["-m", "pipelines.cli", "serve", "--data-dir", sys.argv[1]],
                               env={"GRAPH_RAG_ENABLED": "true", "HF_HUB_OFFLINE": "1"})
async def main():
    async with Client(server) as client:
        while (line := await anyio.to_thread.run_sync(sys.stdin.readline)):
            result = await client.call_tool("ask", {"question": line.strip(), "mode": "graphrag"})
            asked = result.structured_content or {"status": "error", "answer": result.content[0].text}
            print(asked["status"], asked["answer"].splitlines()[0], flush=True)
anyio.run(main)
"""


def test_agents_reading_the_memory_during_a_run_neither_fail_nor_fail_the_run(first_run, outside):
    """Two agents hold the memory open (as long-lived agents do) while a run checks and writes the data folder: one
    through the library entry point, one through `graphrag-bench serve` (MCP, stdio). The run exits 0, and both answer
    from the graph before and after it, the same answer as each other."""
    assert first_run[0].returncode == 0
    question = json.loads((outside / "questions.json").read_text())["questions"][0]["question"]
    agents = [subprocess.Popen([sys.executable, "-c", script, str(outside / "data")], cwd=REPO, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for script in (_AGENT, _MCP_AGENT)]

    def ask_all() -> list[str]:
        for agent in agents:
            agent.stdin.write(question + "\n")
            agent.stdin.flush()
        return [agent.stdout.readline() or agent.stderr.read()[-3000:] for agent in agents]

    try:
        before = ask_all()
        assert before[0].startswith("ok Answer:") and before[1] == before[0], before
        result = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data",
                     "--results-dir", "results", "--runs", RUNS, "--night", NIGHT, cwd=outside)
        assert result.returncode == 0, result.stderr[-3000:]
        assert ask_all() == before  # the same state, still read
    finally:
        for agent in agents:
            agent.kill()
            agent.wait()


def test_release_gate_job_rechecks_the_latest_report(first_run, outside):
    """The check-only job reports every gate again from the stored outputs of the last run, and re-runs the audit."""
    from dagster import DagsterInstance

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    assert first_run[0].returncode == 0
    settings = BenchSettings(corpus_dir=str(outside / "corpus"), questions_file=str(outside / "questions.json"),
                             data_dir=str(outside / "data"), results_dir=str(outside / "results"), runs=2)
    result = execute_job(settings, "release_gate_job", DagsterInstance.ephemeral(), night=NIGHT)
    checks = {c.check_name: c.passed for c in result.get_asset_check_evaluations()}
    assert {"gate_multi_hop", "gate_latency", "entity_resolution_audit"} <= set(checks)
    assert all(checks.values())


def test_the_data_folder_holds_no_pickle_and_a_crafted_stored_output_runs_nothing(first_run, outside):
    """Every file a run leaves in the data folder is data (dbt's own working folder aside); a stored asset output
    replaced with a pickle is an error naming the file when the release-gate job reads it, and no code runs."""
    import pickle

    from dagster import DagsterInstance

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    assert first_run[0].returncode == 0
    data = outside / "data"
    pickled = [p for p in data.rglob("*") if p.is_file() and "dbt" not in p.relative_to(data).parts
               and p.read_bytes()[:1] == b"\x80"]  # every pickle protocol since 2 opens so
    assert not pickled
    report = next((data / "dagster" / "io" / "benchmark_report").rglob("*.json"))
    kept, marker = report.read_bytes(), outside / "MARKER"
    try:
        report.write_bytes(pickle.dumps({"gates": Marker(marker)}))
        settings = BenchSettings(corpus_dir=str(outside / "corpus"), questions_file=str(outside / "questions.json"),
                                 data_dir=str(data), results_dir=str(outside / "results"), runs=2)
        result = execute_job(settings, "release_gate_job", DagsterInstance.ephemeral(), night=NIGHT,
                             raise_on_error=False)
        assert not result.success and not marker.exists()
        failures = " ".join(e.event_specific_data.error.to_string() for e in result.all_events if e.is_step_failure)
        assert str(report) in failures and "materialize benchmark_report again" in failures, failures
    finally:
        report.write_bytes(kept)


def test_damaged_and_crafted_data_files_run_no_code_and_the_run_converges_to_the_clean_graph(first_run, outside, tmp_path):
    """Fault injection on a copy of a run's data folder: a truncated graph store and embedding store, random bytes in
    the extraction cache, crafted pickles as the resolution cache and the benchmark reuse, JSON of the wrong shape as
    the audit cache. The next run warns about each, naming it, runs no code from any, and ends with the clean state hash.
    (Every file damaged every way, and the warehouse: test_fault_injection.py.)"""
    from graphrag_bench.runtime.result_cache import FORMAT, VERSION

    assert first_run[0].returncode == 0
    clean = json.loads((_run_folders(outside)[0] / "summary.json").read_text())["graph"]["state_hash"]
    data, results, marker = tmp_path / "data", tmp_path / "results", tmp_path / "MARKER"
    shutil.copytree(outside / "data", data)
    for name, fault in (("graph.lbug", "truncated"), ("embeddings/chunks.parquet", "truncated"),
                        ("extraction_cache.jsonl", "random bytes"), ("resolution_cache.jsonl", "crafted pickle"),
                        ("benchmark_reuse.jsonl", "crafted pickle")):
        damage(data / name, fault, marker)
    (data / "audit_cache.jsonl").write_text(json.dumps({"format": FORMAT, "version": VERSION}) + '\nverified\t00\t{"a": 1}')
    run = ("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", str(data), "--results-dir",
           str(results), "--runs", RUNS, "--modes", FEW_MODES, "--night", NIGHT)
    result = cli(*run, cwd=outside)
    assert result.returncode == 0 and not marker.exists() and "Traceback" not in result.stderr, result.stderr[-3000:]
    summary = json.loads(next(results.glob("run_*/summary.json")).read_text())
    assert summary["graph"]["state_hash"] == clean
    for name in ("graph.lbug is damaged", "chunks.parquet is damaged", "extraction_cache.jsonl", "resolution_cache.jsonl",
                 "benchmark_reuse.jsonl", "audit_cache.jsonl"):
        assert name in result.stderr, (name, result.stderr[-3000:])


def test_wrong_reference_key_fails_the_gate_and_exits_1(first_run, outside):
    questions = json.loads((outside / "questions.json").read_text())
    for q in questions["questions"]:
        if q["category"] == "A":  # deliberately wrong: a system no multi-hop answer involves
            q["required_entities"] = q["answer_entities"] = ["system:deploy_pipeline"]
            q["required_sources"] = ["SOP-deployment"]
    (outside / "wrong.json").write_text(json.dumps(questions))
    result = cli("run", "--corpus", "corpus", "--questions", "wrong.json", "--data-dir", "data",
                 "--results-dir", "results", "--runs", RUNS, "--modes", FEW_MODES, "--night", NIGHT, cwd=outside)
    assert result.returncode == 1, result.stderr[-3000:]
    assert "gate failed: gate_multi_hop" in result.stderr
    assert "Stack Trace:" not in result.stderr  # the verdict in one line; the trace stays in the run's event log
    newest = _run_folders(outside)[-1]
    summary = json.loads((newest / "summary.json").read_text())
    gate = next(g for g in summary["gates"] if g["name"] == "multi_hop")
    assert gate["passed"] is False and gate["threshold"] == 0.2
    assert not (newest / "RELEASE_APPROVED").exists()
    # The run history keeps both runs (dbt incremental model).
    import duckdb

    with duckdb.connect(str(outside / "data" / "warehouse.duckdb"), read_only=True) as conn:
        assert conn.execute("select count(*) from main.run_history").fetchall()[0][0] == 2
        # ... and every mode of both (dbt incremental mode_history): all six of the first, the two of this one.
        per_run = conn.execute("select count(distinct mode) from main.mode_history group by run_id order by 1").fetchall()
        assert per_run == [(2,), (6,)]
        # Evidence recall per mode and category (dbt model evidence_recall) equals summary.json's.
        recall = dict(conn.execute("select mode, sum(complete_questions) from main.evidence_recall where run_id = ? "
                                   "group by mode", [summary["run_id"]]).fetchall())
    assert recall == {m: row["evidence"]["complete_questions"] for m, row in summary["modes"].items()}


def _ask_in_process(capsys, *args: str) -> str:
    """`graphrag-bench ask …` through the same entry point, in this process (each subprocess costs seconds of imports;
    the test's graphrag and baseline asks take the subprocess path)."""
    from pipelines.cli import main

    assert main(["ask", *args]) == 0
    return capsys.readouterr().out


def test_ask_answers_one_question_in_either_mode_with_certainty_citations_and_graph_path(first_run, outside, capsys,
                                                                                          monkeypatch):
    assert first_run[0].returncode == 0
    graph = cli("ask", "What does the Gateway depend on?", "--mode", "graphrag", "--data-dir", "data", cwd=outside)
    assert graph.returncode == 0, graph.stderr[-2000:]
    assert "certainty:  supported" in graph.stdout and "DEPENDENCIES.md" in graph.stdout.split("citations:")[1]
    assert "graph path: Gateway -DEPENDS_ON-> Auth Service" in graph.stdout
    assert "mode:       graphrag (ok)" in graph.stdout
    base = cli("ask", "What does the Gateway depend on?", "--mode", "baseline", "--data-dir", "data", cwd=outside)
    assert base.returncode == 0 and "graph path: none" in base.stdout and "mode:       vector (ok)" in base.stdout
    for name in ("GRAPH_RAG_ENABLED", "DAGSTER_HOME"):  # as `cli` runs it
        monkeypatch.delenv(name, raising=False)
    data = str(outside / "data")
    for graph_mode, shown in (("graph_ppr", "graph_ppr (ok)"), ("router", "router (ok, answered by graphrag)")):
        asked = _ask_in_process(capsys, "What does the Gateway depend on?", "--mode", graph_mode, "--data-dir", data)
        assert f"mode:       {shown}" in asked and "Auth Service" in asked.splitlines()[0]
    for lexical in ("bm25", "hybrid_lexical"):
        asked = _ask_in_process(capsys, "What does the Gateway depend on?", "--mode", lexical, "--data-dir", data)
        assert f"mode:       {lexical} (ok)" in asked and "graph path: none" in asked
        # Both documents state it ("Gateway --> Auth Service"; "The Gateway depends on the Auth Service"): either is
        # a source the answer may cite.
        assert {"DEPENDENCIES.md", "INC-001"} & set(asked.split("citations:")[1].split())
    nothing = _ask_in_process(capsys, "What is the capital of Mars?", "--mode", "graphrag", "--data-dir", data)
    assert nothing.startswith("Answer: unknown (unknown)") and "citations:  none" in nothing
    version = cli("--version", cwd=outside)
    assert version.returncode == 0 and version.stdout.startswith("graphrag-bench ")


def test_a_full_results_disk_names_the_folder_leaves_nothing_half_written_and_records_no_run(first_run, outside,
                                                                                             tmp_path):
    """The results folder on a filesystem of a few hundred KB (a real full disk, mounted for the test): exit 2 naming
    the run folder, no staging folder left, and no row for the run in the warehouse; the next run measures again
    rather than reusing a run no folder holds. (Last in this module: it measures again.)"""
    import duckdb

    assert first_run[0].returncode == 0
    small = tmp_path / "small"
    small.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=192k", "tmpfs", str(small)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"no small filesystem can be mounted here (mount needs root): {mounted.stderr.strip()[:200]}")
    try:
        (small / "filler").write_bytes(b"\0" * 160 * 1024)  # some 30 KB left: less than any run folder
        warehouse = outside / "data" / "warehouse.duckdb"
        with duckdb.connect(str(warehouse), read_only=True) as conn:
            recorded = conn.execute("select count(*) from raw.runs").fetchall()[0][0]
        result = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data", "--results-dir",
                     str(small / "results"), "--runs", RUNS, "--remeasure", "--modes", FEW_MODES, "--night", NIGHT, cwd=outside)
        assert result.returncode == 2, result.stderr[-3000:]
        assert "No space left on device" in result.stderr and str(small / "results" / "run_") in result.stderr
        verdict = result.stderr.strip().splitlines()[-1]  # (above it, Dagster's one-line step failure log)
        assert verdict.startswith("graphrag-bench: error: benchmark_report: OSError: [Errno 28]"), result.stderr
        assert "space left: data folder" in verdict and "Traceback" not in result.stderr
        assert not list((small / "results").iterdir())  # no run folder, no `.run_*.partial`
        assert not list((outside / "data").rglob(".*.tmp"))
        with duckdb.connect(str(warehouse), read_only=True) as conn:
            assert conn.execute("select count(*) from raw.runs").fetchall()[0][0] == recorded
        assert not (outside / "data" / "benchmark_reuse.jsonl").exists()
    finally:
        subprocess.run(["umount", str(small)], capture_output=True)
