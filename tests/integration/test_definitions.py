"""The code location: every asset, check, job and schedule is there, as the UI will show them."""

import shutil

import pytest
from dagster import DefaultScheduleStatus

from ..conftest import CORPUS, QUESTIONS, REPO

WATER = REPO / "tests" / "fixtures" / "water"

EXPECTED_ASSETS = {"documents", "chunks", "chunk_embeddings", "entity_mentions", "resolved_graph", "graph_store",
                   "questions", "retrieval_index", "baseline_run", "graphrag_run", "mode_runs", "failure_mode_runs", "golden_equivalence", "scores",
                   "benchmark_summary", "raw/question_scores", "raw/latency_samples", "raw/cache_metrics", "raw/gate_results",
                   "raw/runs", "stg_question_scores", "stg_latency_samples", "category_scores", "evidence_recall", "latency_percentiles",
                   "cache_rates", "acceptance_criteria", "run_history", "mode_history", "benchmark_report", "release_decision"}
GATE_CHECKS = {"gate_multi_hop", "gate_decision_provenance", "gate_no_baseline_regression", "gate_hallucination",
               "gate_latency", "gate_cache", "gate_certainty", "gate_untrusted_content"}


def test_definitions_hold_every_asset_check_job_and_schedule(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path))
    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    from dagster import AssetKey

    defs = build_definitions(BenchSettings.from_env())
    graph = defs.resolve_asset_graph()
    assert {k.to_user_string() for k in graph.get_all_asset_keys()} == EXPECTED_ASSETS
    checks = {k.name: k for k in graph.asset_check_keys}
    assert GATE_CHECKS | {"entity_resolution_audit", "provenance_coverage"} <= set(checks)
    for name in GATE_CHECKS:
        assert checks[name].asset_key.to_user_string() == "benchmark_report"
        assert graph.get_check_spec(checks[name]).blocking
    assert graph.get_check_spec(checks["entity_resolution_audit"]).blocking
    for job in ("graph_build_job", "benchmark_job", "release_gate_job"):
        assert defs.resolve_job_def(job) is not None
    schedule = defs.resolve_schedule_def("nightly_benchmark")
    assert schedule.cron_schedule == "0 2 * * *" and schedule.job_name == "benchmark_job"
    assert schedule.default_status == DefaultScheduleStatus.RUNNING
    assert defs.resolve_sensor_def("corpus_change_sensor").job_name == "graph_build_job"
    for model in ("category_scores", "run_history", "acceptance_criteria"):  # dbt models beside the raw tables
        assert graph.get(AssetKey(model)).group_name == "warehouse"
    for key in graph.get_all_asset_keys():  # every asset owned, and tagged with its stage
        node = graph.get(key)
        assert node.owners == ["team:graphrag-bench"] and node.tags["stage"] == node.group_name


def test_one_benchmark_mode_can_be_selected_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path))
    from dagster import AssetKey

    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    job = build_definitions(BenchSettings.from_env()).resolve_implicit_global_asset_job_def()
    subset = job.get_subset(asset_selection={AssetKey("baseline_run")})  # was an InvalidSubsetError
    assert {k.to_user_string() for k in subset.asset_layer.selected_asset_keys} == {"baseline_run"}


def test_the_neo4j_password_is_an_env_var_never_a_literal(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret-value")
    from dagster import EnvVar

    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    graph = build_definitions(BenchSettings.from_env()).resources["graph"]
    assert isinstance(graph.neo4j_password, EnvVar) and "s3cret-value" not in repr(graph)


def test_graphrag_is_off_without_environment(monkeypatch):
    from graphrag_bench.settings import graph_rag_enabled

    monkeypatch.delenv("GRAPH_RAG_ENABLED", raising=False)
    assert graph_rag_enabled() is False
    assert graph_rag_enabled({"GRAPH_RAG_ENABLED": "true"}) is True


def test_corpus_change_sensor_requests_a_graph_build_only_on_change(corpus_copy, tmp_path):
    """Per corpus: a change to the registered second corpus requests its build only, on its own partition."""
    from dagster import DagsterInstance, SkipReason, build_sensor_context

    from pipelines.definitions import corpus_change_sensor
    from resources import BenchSettings

    bench = BenchSettings(corpus_dir=str(corpus_copy), data_dir=str(tmp_path / "data"), results_dir=str(tmp_path / "results"))
    second = shutil.copytree(corpus_copy, tmp_path / "second")
    bench.corpora().register("second", second, QUESTIONS)
    with DagsterInstance.ephemeral() as instance:
        def tick(cursor):
            context = build_sensor_context(instance=instance, cursor=cursor, resources={"bench": bench})
            return corpus_change_sensor(context), context.cursor

        first, cursor = tick(None)
        assert sorted(r.partition_key.keys_by_dimension["corpus"] for r in first) == ["default", "second"]
        unchanged, _ = tick(cursor)
        assert isinstance(unchanged, SkipReason)
        (second / "NEW-NOTE.md").write_text("# A new note\n")
        (changed,), _ = tick(cursor)
        assert changed.partition_key.keys_by_dimension["corpus"] == "second" and changed.run_key not in {r.run_key for r in first}


def test_jobs_run_in_process_and_the_latency_gate_refuses_a_multiprocess_measurement(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path))
    from graphrag_bench.evaluation.gates import evaluate_gate
    from graphrag_bench.settings import load_thresholds
    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    defs = build_definitions(BenchSettings.from_env())
    for job in ("benchmark_job", "release_gate_job"):  # the jobs that measure stay in one process
        assert defs.resolve_job_def(job).executor_def.name == "in_process"
    assert defs.resolve_job_def("graph_build_job").executor_def.name == "multiprocess_build"  # its document shards side by side
    summary = {"modes": {"baseline": {"p95_pipeline_ms": 10.0}, "graphrag": {"p95_pipeline_ms": 11.0}},
               "measurement": {"executor": "in_process"}}
    assert evaluate_gate("latency", summary, {}, load_thresholds())["passed"]
    summary["measurement"]["executor"] = "multiprocess"
    refused = evaluate_gate("latency", summary, {}, load_thresholds())
    assert not refused["passed"] and refused["detail"].startswith("refused: measured under the multiprocess executor")


def test_a_failed_run_writes_an_alert_file_and_posts_the_webhook(tmp_path, monkeypatch):
    import http.server
    import json
    import threading

    from dagster import DagsterInstance, build_run_status_sensor_context, job, op

    from pipelines.definitions import failed_run_alert
    from resources import BenchSettings

    received = []

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("GRAPHRAG_ALERT_WEBHOOK", f"http://127.0.0.1:{server.server_port}/hook")
    monkeypatch.setenv("GRAPHRAG_RESULTS_DIR", str(tmp_path / "results"))

    @op
    def gate_latency():
        raise RuntimeError("latency gate failed")

    @job
    def nightly():
        gate_latency()

    instance = DagsterInstance.ephemeral()
    result = nightly.execute_in_process(instance=instance, raise_on_error=False)
    context = build_run_status_sensor_context(sensor_name="failed_run_alert", dagster_event=result.get_run_failure_event(),
                                              dagster_instance=instance, dagster_run=result.dagster_run,
                                              resources={"bench": BenchSettings.from_env()}).for_run_failure()
    failed_run_alert(context)
    server.shutdown()
    alerts = list((tmp_path / "results" / "alerts").glob("*.json"))
    assert len(alerts) == 1
    alert = json.loads(alerts[0].read_text())
    assert alert["job"] == "nightly" and alert["failed_steps"] == ["gate_latency"] and alert["run_id"] == result.run_id
    assert received and received[0]["text"] == f"ALERT nightly run {result.run_id} failed: gate_latency"


def test_a_job_run_holds_the_data_folder_and_a_second_one_stops_at_its_start(tmp_path, monkeypatch):
    import subprocess
    import sys

    from dagster import DagsterInstance

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path / "data"))
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom graphrag_bench.runtime.preflight import run_lock\n"
                               f"with run_lock({str(tmp_path / 'data')!r}):\n    print('held', flush=True)\n    time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        result = execute_job(BenchSettings.from_env(), "graph_build_job", DagsterInstance.ephemeral(), raise_on_error=False)
    finally:
        holder.kill()
    assert not result.success
    messages = " ".join(str(e.event_specific_data.error.cause or e.event_specific_data.error)
                        for e in result.all_events if e.is_failure and e.event_specific_data and hasattr(e.event_specific_data, "error"))
    assert f"another graphrag-bench run (pid {holder.pid}) is using this data folder" in messages


@pytest.fixture(scope="module")
def two_corpora(tmp_path_factory):
    """The default corpus and the water corpus benchmarked as two partitions of one code location, then the default
    corpus's graph built again: one data folder, one instance (the scheduled-gate test starts from a copy of it)."""
    from dagster import AssetKey, DagsterInstance

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    root = tmp_path_factory.mktemp("two_corpora")
    bench = BenchSettings(corpus_dir=str(CORPUS), questions_file=str(QUESTIONS), data_dir=str(root / "data"),
                          results_dir=str(root / "results"), runs=2, modes="vector,graphrag")
    bench.corpora().register("water", WATER / "corpus", WATER / "questions.json")
    (root / "home").mkdir()
    with DagsterInstance.local_temp(str(root / "home")) as instance:
        runs = {corpus: execute_job(bench, "benchmark_job", instance, corpus=corpus, raise_on_error=False)
                for corpus in ("default", "water")}
        again = execute_job(bench, "graph_build_job", instance)
        reports = instance.get_materialized_partitions(AssetKey("benchmark_report"))
    return root, runs, again, reports


def test_a_second_corpus_registered_as_a_partition_materializes_beside_the_default_one(two_corpora):
    """Two corpora in one code location: each its own partition, graph store, caches and run folders; one warehouse
    whose run history tells them apart; building the second leaves the first's graph as it was."""
    import duckdb
    from dagster import AssetKey

    from assets.partitions import PARTITIONS

    root, runs, again, reports = two_corpora
    stores = {corpus: run.output_for_node("graph_store") for corpus, run in runs.items()}
    assert {PARTITIONS.get_partition_key_from_str(key).keys_by_dimension["corpus"] for key in reports} == {"default", "water"}
    assert (root / "data" / "graph.lbug").exists() and (root / "data" / "corpora" / "water" / "graph.lbug").exists()
    assert stores["default"].state_hash != stores["water"].state_hash
    rebuilt = again.output_for_node("graph_store")  # the default corpus again, after the water corpus was built
    assert (rebuilt.created, rebuilt.changed, rebuilt.deleted) == (0, 0, 0)
    assert rebuilt.state_hash == stores["default"].state_hash
    summaries = {corpus: run.output_for_node("benchmark_report")["summary"] for corpus, run in runs.items()}
    assert summaries["water"]["corpus"]["path"] == str(WATER / "corpus") and summaries["water"]["corpus"]["name"] == "water"
    assert list((root / "results" / "corpora" / "water").glob("run_*/summary.json"))
    with duckdb.connect(str(root / "data" / "warehouse.duckdb"), read_only=True) as conn:
        history = dict(conn.execute("select corpus, run_id from main.run_history").fetchall())
    assert history == {corpus: summary["run_id"] for corpus, summary in summaries.items()}
    # dbt's tables carry their row counts: the run history had one row after the first corpus, two after the second
    counted = [event.materialization.metadata.get("dagster/row_count")
               for corpus in ("default", "water")
               for event in runs[corpus].get_asset_materialization_events() if event.asset_key == AssetKey("run_history")]
    assert [getattr(n, "value", None) for n in counted] == [1, 2]


def test_a_gate_failing_on_a_scheduled_run_writes_the_alert(two_corpora, tmp_path):
    """The nightly path as the daemon takes it: the schedule's tick requests the run, the run (tagged with the
    schedule, as the daemon launches it) fails its latency gate, and the run-failure sensor's next tick — evaluated
    from its cursor over the instance's event log, not handed the event — writes the alert naming the gate."""
    import datetime as dt
    import json
    import re

    from dagster import DagsterInstance, build_schedule_context, build_sensor_context

    from pipelines.definitions import build_definitions
    from resources import BenchSettings

    # The default corpus's data folder as the two-corpora build left it: nothing the benchmark measures changed, so
    # the scheduled run reuses that measurement, and its gates are judged again against this run's thresholds.
    for folder in ("data", "home"):  # its data folder and the Dagster instance that holds its history
        shutil.copytree(two_corpora[0] / folder, tmp_path / folder)
    gates = tmp_path / "gates.toml"
    gates.write_text(re.sub(r"(?m)^latency_max_p95_ms = .*$", "latency_max_p95_ms = 0.001",
                            (REPO / "config" / "gates.toml").read_text()))
    bench = BenchSettings(corpus_dir=str(CORPUS), questions_file=str(QUESTIONS), data_dir=str(tmp_path / "data"),
                          results_dir=str(tmp_path / "results"), thresholds_file=str(gates), runs=2,
                          modes="vector,graphrag")
    defs = build_definitions(bench)
    with DagsterInstance.local_temp(str(tmp_path / "home")) as instance:
        sensor = defs.get_sensor_def("failed_run_alert")
        sensor_context = lambda cursor: build_sensor_context(instance=instance, cursor=cursor, definitions=defs,  # noqa: E731
                                                             resources={"bench": bench})
        cursor = sensor.evaluate_tick(sensor_context(None)).cursor  # the sensor starts watching now
        schedule = defs.get_schedule_def("nightly_benchmark")
        requests = schedule.evaluate_tick(build_schedule_context(
            instance=instance, resources={"bench": bench}, repository_def=defs.get_repository_def(),
            scheduled_execution_time=dt.datetime.now(dt.timezone.utc))).run_requests
        # One night's run per registered corpus (the copied data folder registers water beside the default corpus).
        by_corpus = {r.partition_key.split("|")[0]: r for r in requests}
        assert sorted(by_corpus) == ["default", "water"] and len(requests) == 2
        request = by_corpus["default"]
        job = defs.resolve_job_def(schedule.job_name)
        result = job.execute_in_process(instance=instance, run_config=request.run_config, raise_on_error=False,
                                        partition_key=request.partition_key,
                                        tags={**request.tags, "dagster/schedule_name": schedule.name})
        assert not result.success
        assert not list((tmp_path / "results").glob("alerts/*.json"))  # nothing yet: the sensor has not ticked
        sensor.evaluate_tick(sensor_context(cursor))
    (alert_file,) = (tmp_path / "results" / "alerts").glob("*.json")
    alert = json.loads(alert_file.read_text())
    assert alert["job"] == "benchmark_job" and alert["run_id"] == result.run_id and alert["schedule"] == "nightly_benchmark"
    assert any("gate_latency" in step for step in alert["failed_steps"]), alert


def test_the_registry_sensor_adds_each_registered_corpus_as_a_partition_once(tmp_path):
    from dagster import DagsterInstance, build_sensor_context

    from pipelines.definitions import corpus_registry_sensor
    from resources import BenchSettings

    bench = BenchSettings(data_dir=str(tmp_path / "data"), results_dir=str(tmp_path / "results"))
    with DagsterInstance.ephemeral() as instance:
        def tick():
            result = corpus_registry_sensor(build_sensor_context(instance=instance, resources={"bench": bench}))
            for request in result.dynamic_partitions_requests:  # what the daemon does with the result
                instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
            return [key for request in result.dynamic_partitions_requests for key in request.partition_keys]

        assert tick() == ["default"]
        bench.corpora().register("handbook", CORPUS, QUESTIONS)
        assert tick() == ["handbook"]
        assert tick() == []
        assert instance.get_dynamic_partitions("corpus") == ["default", "handbook"]
