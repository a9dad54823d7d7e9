"""The code location: every asset, check, job, schedule and resource.

Jobs: `graph_build_job` (corpus → graph store), `benchmark_job` (everything, nightly),
`release_gate_job` (the gate checks again on the latest report, the audit re-run), each run for one corpus × night
partition (`assets.partitions`). Schedule: `nightly_benchmark` (on by default; one run per corpus). Sensors:
`corpus_change_sensor` (off by default), `corpus_registry_sensor` (on: registered corpora become partitions),
`failed_run_alert` (on: a failed run writes an alert).
"""

import datetime as dt
import json
import logging
import sys
from pathlib import Path
from typing import cast

from dagster import (
    AssetsDefinition,
    AssetSelection,
    AssetSpec,
    DagsterInstance,
    DagsterInvalidDefinitionError,
    DefaultScheduleStatus,
    DefaultSensorStatus,
    Definitions,
    EnvVar,
    ExecuteInProcessResult,
    ExecutorDefinition,
    JobExecutionResult,
    Field,
    RunFailureSensorContext,
    RunRequest,
    ScheduleDefinition,
    ScheduleEvaluationContext,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    define_asset_job,
    in_process_executor,
    load_asset_checks_from_modules,
    logger,
    load_assets_from_modules,
    map_asset_specs,
    multiprocess_executor,
    run_failure_sensor,
    schedule,
    sensor,
)
from dagster_duckdb import DuckDBResource

import assets.benchmark
import assets.graph
import assets.ingest
import assets.report
import assets.warehouse
from assets.partitions import CORPUS, corpus_partitions, partition_key
from assets.shards import SHARD_WORK_IO, shard_work_dir
from graphrag_bench.evaluation.alerts import Alert, raise_alert
from graphrag_bench.corpus.corpora import DEFAULT_CORPUS
from graphrag_bench.errors import InputError
from graphrag_bench.corpus.ingest import corpus_fingerprint
from graphrag_bench.settings import (DEFAULT_NIGHTLY, RetrievalSettings, alert_webhook_from_env, answerer_from_env,
                                     build_executor_from_env,
                                     check_worker_from_env, embedding_backend_from_env, llm_from_env, neo4j_from_env,
                                     nightly_from_env)
from pipelines.dbt import dbt_cli
from resources import (AnswererResource, BenchSettings, CheckWorkerResource, DataFolderLock, EmbedderResource,
                       GraphStoreResource, ParquetIOManager, RetrievalResource,
                       TypedJsonIOManager)

MODULES = [assets.ingest, assets.graph, assets.benchmark, assets.warehouse, assets.report]
GRAPH_ASSETS = ["documents", "chunks", "chunk_embeddings", "entity_mentions", "resolved_graph", "graph_store"]


def _answerer(bench: BenchSettings) -> AnswererResource:
    """The deterministic composer, or the model GRAPHRAG_ANSWERER=openai (or `run --answerer openai`) names, its key an
    EnvVar as Neo4j's password is; with `bench.replay`, answered from the data folder's recording only."""
    llm = llm_from_env(replay=bench.replay, kind=bench.answerer)
    if llm is None:
        return AnswererResource(kind=bench.answerer or answerer_from_env())
    return AnswererResource(kind="openai", llm_base_url=llm.base_url, llm_model=llm.model, replay=llm.replay,
                            llm_timeout_s=llm.timeout_s,
                            llm_api_key=EnvVar("GRAPHRAG_LLM_API_KEY") if llm.key_set else "")


def build_resources(bench: BenchSettings, lock_held_by_caller: bool = False) -> dict:
    neo4j = neo4j_from_env()
    return {
        "bench": bench,
        "data_lock": DataFolderLock(data_dir=bench.data_dir, held_by_caller=lock_held_by_caller),
        # The password is an EnvVar: resolved when the resource is used, never a literal the UI displays.
        "graph": GraphStoreResource(neo4j_uri=neo4j.uri, neo4j_user=neo4j.user,
                                    neo4j_password=EnvVar("NEO4J_PASSWORD") if neo4j.password_set else ""),
        "warehouse": DuckDBResource(database=bench.warehouse_path),
        "embedder": EmbedderResource(backend=embedding_backend_from_env() or ""),
        "retrieval": RetrievalResource.from_settings(RetrievalSettings.from_env()),
        "answerer": _answerer(bench),
        "check_worker": CheckWorkerResource(enabled=check_worker_from_env()),
        "dbt": dbt_cli(),
        # Outputs persist in the data folder, so the release-gate job can re-check the latest report; as data only
        # (Parquet for frames, JSON read through each output's type for the rest): nothing stored there runs code.
        "io_manager": TypedJsonIOManager(base_dir=str(Path(bench.data_dir) / "dagster" / "io")),
        "frames": ParquetIOManager(base_dir=str(Path(bench.data_dir) / "dagster" / "io")),
        SHARD_WORK_IO: TypedJsonIOManager(base_dir=str(shard_work_dir(bench.data_dir))),
    }


# Dagster's multiprocess executor, its step processes forked from a server that imported and loaded once what most
# steps need (`pipelines.preload`): spawned afresh, each step would spend ~4–12 s importing before any work.
build_executor = multiprocess_executor.configured(
    lambda config: {"max_concurrent": config["max_concurrent"],
                    "start_method": {"forkserver": {"preload_modules": ["pipelines.preload"]}}},
    name="multiprocess_build", config_schema={"max_concurrent": Field(int, is_required=False, default_value=0,
                                                                        description="steps at a time (0: one per core)")})


def graph_build_executor(kind: str | None = None) -> ExecutorDefinition:
    """The executor GRAPHRAG_BUILD_EXECUTOR names for graph_build_job (`kind`: that value, read when None)."""
    if (kind or build_executor_from_env()) == "k8s":
        try:
            from dagster_k8s import k8s_job_executor
        except ImportError:
            raise InputError("environment", "the k8s executor needs dagster-k8s (pip install dagster-k8s==0.29.27; the "
                             "Dockerfile's image has it)", field="GRAPHRAG_BUILD_EXECUTOR") from None
        return k8s_job_executor
    return build_executor


try:  # the code location still loads with a bad value (on the multiprocess executor); the CLI's preflight names it
    _build_executor = graph_build_executor()
except InputError:
    _build_executor = build_executor
# The document shards' steps side by side: in processes here, or in pods (GRAPHRAG_BUILD_EXECUTOR=k8s).
graph_build_job = define_asset_job("graph_build_job", selection=AssetSelection.assets(*GRAPH_ASSETS),
                                   executor_def=_build_executor,
                                   description="Corpus → chunks → embeddings → entities → resolved graph → graph store, "
                                               "each document shard's steps in a process of their own.")
benchmark_job = define_asset_job("benchmark_job", selection=AssetSelection.all(),
                                 description="The whole asset graph: graph build, both benchmark modes, scores, dbt, report, gates.")
release_gate_job = define_asset_job("release_gate_job",
                                    selection=AssetSelection.checks_for_assets("benchmark_report", "resolved_graph"),
                                    description="Every release gate's verdict, recorded with the latest report, checked again, and the audit "
                                                "re-run on the latest graph (new thresholds: run benchmark_job; an "
                                                "unchanged measurement is reused, the gates are judged anew).")


def _corpora(instance: DagsterInstance, bench: BenchSettings) -> tuple[list[str], list[str]]:
    """Every corpus (the default and the registered ones), and those not yet a corpus partition of `instance`."""
    names = [DEFAULT_CORPUS, *bench.corpora().names()]
    return names, [name for name in names if not instance.has_dynamic_partition(CORPUS, name)]


def register_corpora(instance: DagsterInstance, bench: BenchSettings) -> list[str]:
    """Every corpus as a corpus partition of `instance`; their names."""
    names, missing = _corpora(instance, bench)
    if missing:
        instance.add_dynamic_partitions(CORPUS, missing)
    return names


def nightly_schedule(cron_and_tz: tuple[str, str] | None = None) -> ScheduleDefinition:
    """The nightly schedule from GRAPHRAG_NIGHTLY_CRON / _TZ; a bad value is an InputError naming the variable.

    Each tick benchmarks every corpus for its night: the UTC date of the tick (one run per corpus, queued)."""
    cron, tz = cron_and_tz or nightly_from_env()  # the time zone is checked there
    try:
        @schedule(name="nightly_benchmark", job=benchmark_job, cron_schedule=cron, execution_timezone=tz,
                  default_status=DefaultScheduleStatus.RUNNING,
                  description="The nightly proof, for every corpus: rebuild, benchmark every mode, enforce the gates.")
        def nightly(context: ScheduleEvaluationContext, bench: BenchSettings) -> list[RunRequest]:
            night = context.scheduled_execution_time.astimezone(dt.timezone.utc).strftime("%Y-%m-%d")
            return [RunRequest(run_key=f"{corpus}|{night}", partition_key=partition_key(corpus, night))
                    for corpus in register_corpora(context.instance, bench)]
    except DagsterInvalidDefinitionError:
        raise InputError("environment", f"not a cron expression (five fields, e.g. '0 2 * * *'), got {cron!r}",
                         field="GRAPHRAG_NIGHTLY_CRON") from None
    return nightly


try:  # the code location still loads with a bad value (the UI shows the default); the CLI's preflight names it
    nightly_benchmark = nightly_schedule()
except InputError:
    nightly_benchmark = nightly_schedule(DEFAULT_NIGHTLY)


@sensor(job=graph_build_job, minimum_interval_seconds=60, default_status=DefaultSensorStatus.STOPPED,
        description="Rebuild a corpus's graph when one of its documents is added, edited or removed (turn on in the UI).")
def corpus_change_sensor(context: SensorEvaluationContext, bench: BenchSettings):
    seen = json.loads(context.cursor) if context.cursor else {}
    fingerprints = {corpus: corpus_fingerprint(bench.for_corpus(corpus).corpus_dir)
                    for corpus in register_corpora(context.instance, bench)}
    changed = sorted(corpus for corpus, fingerprint in fingerprints.items() if seen.get(corpus) != fingerprint)
    if not changed:
        return SkipReason("no corpus changed")
    context.update_cursor(json.dumps(fingerprints, sort_keys=True))
    return [RunRequest(run_key=f"{corpus}|{fingerprints[corpus]}", partition_key=partition_key(corpus)) for corpus in changed]


@sensor(minimum_interval_seconds=30, default_status=DefaultSensorStatus.RUNNING,
        description="Adds each corpus registered with `graphrag-bench corpus add` as a corpus partition.")
def corpus_registry_sensor(context: SensorEvaluationContext, bench: BenchSettings) -> SensorResult:
    _, new = _corpora(context.instance, bench)
    return SensorResult(dynamic_partitions_requests=[corpus_partitions.build_add_request(new)] if new else [])


@run_failure_sensor(name="failed_run_alert", monitored_jobs=[benchmark_job, release_gate_job, graph_build_job],
                    default_status=DefaultSensorStatus.RUNNING,
                    description="A failed run (a release gate, the audit, a crash): a log line, results/alerts/*.json, and a "
                                "POST to GRAPHRAG_ALERT_WEBHOOK when set.")
def failed_run_alert(context: RunFailureSensorContext, bench: BenchSettings) -> None:
    failed = [event.step_key for event in context.get_step_failure_events() if event.step_key]
    at = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    run = context.dagster_run
    alert = Alert(run.run_id, run.job_name, context.failure_event.message or "", failed, at,
                  schedule=run.tags.get("dagster/schedule_name", ""))
    context.log.error(alert.line())
    raise_alert(alert, bench.results_dir, alert_webhook_from_env())


OWNER = "team:graphrag-bench"


def _owned_and_tagged(spec: AssetSpec) -> AssetSpec:
    """Every asset has an owner and says its stage (its group) as a tag, for the catalog's filters."""
    return spec.replace_attributes(owners=[OWNER]).merge_attributes(tags={"stage": spec.group_name or "default"})


def build_definitions(bench: BenchSettings | None = None, lock_held_by_caller: bool = False) -> Definitions:
    return Definitions(
        # The modules hold only @asset / @multi_asset definitions (no source assets), which map_asset_specs takes.
        assets=map_asset_specs(_owned_and_tagged, cast(list[AssetsDefinition], load_assets_from_modules(MODULES))),
        asset_checks=load_asset_checks_from_modules(MODULES),
        jobs=[graph_build_job, benchmark_job, release_gate_job],
        schedules=[nightly_benchmark],
        sensors=[corpus_change_sensor, corpus_registry_sensor, failed_run_alert],
        resources=build_resources(bench or BenchSettings.from_env(), lock_held_by_caller),
        # Every step in one process, as the CLI runs: a UI or scheduled run takes the same time and measures the
        # same latency (a multiprocess run re-imported the model in 24 processes and its latencies meant nothing).
        executor=in_process_executor,
        loggers={"console": console_logger},
    )


class _WithoutTraces(logging.Formatter):
    """Dagster's console line, cut before a failure's "Stack Trace:" block: the CLI says what failed in one line and
    the whole trace stays in the run's event log (the UI shows it). GRAPHRAG_LOG_LEVEL=DEBUG prints it here too."""

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        return line.split("\n\nStack Trace:", 1)[0] if self.cut else line

    cut = True


@logger(config_schema={"log_level": Field(str, is_required=False, default_value="INFO"),
                       "name": Field(str, is_required=False, default_value="dagster")},
        description="The console logger, a failure in one line (its stack trace in the run's event log).")
def console_logger(init_context) -> logging.Logger:
    level = init_context.logger_config["log_level"].upper()
    console = logging.Logger(init_context.logger_config["name"], level=level)
    handler = logging.StreamHandler(sys.stderr)
    formatter = _WithoutTraces("%(asctime)s - %(name)s - %(levelname)s - %(message)s", "%Y-%m-%d %H:%M:%S %z")
    formatter.cut = level != "DEBUG"
    handler.setFormatter(formatter)
    console.addHandler(handler)
    return console


def partition_tags(key) -> dict[str, str]:
    """A run's tags naming its partition: how a job run by other means than `execute_in_process` is given one."""
    return {"dagster/partition": str(key), **{f"dagster/partition/{d}": v for d, v in key.keys_by_dimension.items()}}


def execute_job(bench: BenchSettings, job_name: str, instance: DagsterInstance, corpus: str = DEFAULT_CORPUS,
                night: str | None = None, **kwargs) -> ExecuteInProcessResult:
    """A job of these definitions in this process, for one corpus and night (default: tonight), the corpus partitions
    registered first: the CLI's, the benchmark's and the tests' way to run a job."""
    register_corpora(instance, bench)
    job = build_definitions(bench).resolve_job_def(job_name)
    key = partition_key(corpus, night)
    if job.partitions_def is None:  # checks only (release_gate_job): the partition rides on the run's tags
        return job.execute_in_process(instance=instance, **{**kwargs, "tags": {**kwargs.get("tags", {}), **partition_tags(key)}})
    return job.execute_in_process(instance=instance, partition_key=key, **kwargs)


def graph_build_job_for(settings: dict, lock_held_by_caller: bool = False):
    """The graph build job of the definitions for these settings (`BenchSettings` fields): what each process of a
    multiprocess run builds again (`execute_build_in_processes`)."""
    return build_definitions(BenchSettings(**settings), lock_held_by_caller).resolve_job_def(graph_build_job.name)


def execute_build_in_processes(bench: BenchSettings, instance: DagsterInstance, corpus: str = DEFAULT_CORPUS,
                               night: str | None = None, run_config: dict | None = None) -> JobExecutionResult:
    """`graph_build_job` on its multiprocess executor, at most `bench.shards` steps at a time: the document shards'
    steps side by side. Each step's process builds the job again from `bench` (passed to it as data, not through the
    environment); when this process holds the data folder's run lock (the CLI), the steps run under it.
    `instance` must keep runs (not an ephemeral one); use the result as a context manager to read outputs."""
    import dagster

    from graphrag_bench.runtime.preflight import holds_run_lock

    register_corpora(instance, bench)
    job = dagster.build_reconstructable_job(
        "pipelines.definitions", graph_build_job_for.__name__,
        reconstructable_kwargs={"settings": bench.model_dump(), "lock_held_by_caller": holds_run_lock(bench.data_dir)})
    return dagster.execute_job(job, instance, run_config={**(run_config or {}), "execution": {"config": {"max_concurrent": bench.shards}}},
                               tags=partition_tags(partition_key(corpus, night)))


defs = build_definitions()
