"""`graphrag-bench run`: the whole asset graph, in-process, on any corpus and question file.

Exit codes: 0 every gate passed; 1 a gate failed (results written, failing gates on
stderr); 2 bad input, usage or an environment fault (one message naming the file, variable or
service; nothing half-written left behind); 3 a step failed for another reason (a bug: please report).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

from graphrag_bench.errors import InputError
from graphrag_bench.retrieval.modes import ALL_MODES, GRAPH_MODES, MODE_LABELS, mode_name

EXIT_OK, EXIT_GATES, EXIT_INPUT, EXIT_FAILED = 0, 1, 2, 3
# Raised inside a step, these are the user's input or the machine's environment (a store gone, a disk full), not a
# gate and not a bug: exit 2 with the message, like the same fault found at preflight.
USER_OR_ENVIRONMENT_ERRORS = {"InputError", "GraphUnavailable", "OSError", "PermissionError", "FileNotFoundError",
                              "IsADirectoryError", "NotADirectoryError", "IOException", "ServiceUnavailable"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors: one line, exit 2
        self.print_usage(sys.stderr)
        print(f"graphrag-bench: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INPUT)


def _mode(text: str) -> str:
    mode = mode_name(text)
    if mode is None:
        raise argparse.ArgumentTypeError(f"unknown mode {text!r}; choose from {', '.join(MODE_LABELS[m] for m in ALL_MODES)}")
    return mode


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1-65535)")
    return int(text)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from graphrag_bench.settings import REPO_ROOT

    parser = _Parser(prog="graphrag-bench", description="Benchmark vector-only vs GraphRAG retrieval on a corpus.",
                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the whole asset graph and write results/run_<id>/")
    run.add_argument("--corpus", default=str(REPO_ROOT / "corpus"), help="folder of documents (default: corpus/)")
    run.add_argument("--questions", default=str(REPO_ROOT / "questions" / "benchmark_questions.json"), help="question file")
    run.add_argument("--results-dir", default=str(REPO_ROOT / "results"), help="where run folders go (default: results/)")
    run.add_argument("--data-dir", default=None, help="this corpus's stores (default: data/ for the default corpus)")
    run.add_argument("--night", default=None, metavar="YYYY-MM-DD",
                     help="the night (UTC) this run is recorded for in the run history (default: tonight); an earlier "
                          "night re-runs that night's partition")
    run.add_argument("--runs", type=int, default=None, help="runs per question per mode (default 10, GRAPHRAG_RUNS)")
    run.add_argument("--gates", default=None, help="thresholds file (default config/gates.toml, GRAPHRAG_GATES_FILE)")
    run.add_argument("--modes", default=None,
                     help="retrieval modes to benchmark, comma-separated: " + ",".join(MODE_LABELS[m] for m in ALL_MODES)
                          + " (default all, GRAPHRAG_MODES); vector and graphrag are always run")
    run.add_argument("--remeasure", action="store_true", default=None,
                     help="run the benchmark even when nothing it measures changed since the last run (GRAPHRAG_REMEASURE)")
    run.add_argument("--answerer", choices=("deterministic", "openai"), default=None,
                     help="who writes the answers: the deterministic composer, or a model behind an OpenAI-compatible "
                          "endpoint (GRAPHRAG_LLM_BASE_URL, GRAPHRAG_LLM_MODEL); default GRAPHRAG_ANSWERER's, deterministic")
    run.add_argument("--shards", type=int, default=None,
                     help="document shards the graph build fans out over, each in a process of its own (default 1, "
                          "GRAPHRAG_SHARDS); any count gives the same graph and scores")
    run.add_argument("--replay", action="store_true", default=None,
                     help="GRAPHRAG_ANSWERER=openai: answer from the data folder's recorded model calls only, no model "
                          "(GRAPHRAG_LLM_REPLAY); a question never recorded is an error naming it")
    ask = sub.add_parser("ask", help="answer one question from a data folder a run filled")
    ask.add_argument("question")
    ask.add_argument("--mode", type=_mode, default=None,
                     help="vector (alias baseline), bm25, hybrid_lexical (vector + bm25 fused), graphrag, graph_ppr "
                          "(personalized PageRank), router (graphrag or hybrid_lexical by the question's shape); "
                          "default: graphrag when GRAPH_RAG_ENABLED is true, else vector")
    ask.add_argument("--data-dir", default=str(REPO_ROOT / "data"), help="the data folder of a run (default: data/)")
    serve = sub.add_parser("serve", help="serve a data folder's memory to agents as MCP tools (ask, search, entity)")
    serve.add_argument("--data-dir", default=str(REPO_ROOT / "data"), help="the data folder of a run (default: data/)")
    serve.add_argument("--http", type=_port, default=None, metavar="PORT",
                       help="streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio")
    corpus = sub.add_parser("corpus", help="register another corpus beside the default one (a corpus partition in the UI)")
    corpus_sub = corpus.add_subparsers(dest="corpus_command", required=True)
    add = corpus_sub.add_parser("add", help="register (or update) a corpus folder and its question file under a name")
    add.add_argument("name", help="lowercase letters, digits, '-' and '_'")
    add.add_argument("--corpus", required=True, help="folder of documents")
    add.add_argument("--questions", required=True, help="question file")
    corpus_sub.add_parser("list", help="the corpora of this data folder and their folders")
    for parser_ in (add, corpus_sub.choices["list"]):
        parser_.add_argument("--data-dir", default=None, help="the installation's data folder (default: data/, GRAPHRAG_DATA_DIR)")
        parser_.add_argument("--results-dir", default=None, help="its results folder (default: results/, GRAPHRAG_RESULTS_DIR)")
    return parser.parse_args(argv)


EPILOG = """exit codes: 0 every gate passed (run) or answered (ask); 1 a gate failed; 2 bad input, usage or an
environment fault (one line naming the file, variable or service); 3 a step failed for another reason (a bug).

examples:
  graphrag-bench run                                     # the default corpus and questions
  graphrag-bench run --corpus docs/ --questions q.json --data-dir docs-data --results-dir results
  graphrag-bench ask "What does the Gateway depend on?" --mode graphrag
  graphrag-bench serve --data-dir data                    # MCP tools for an agent (stdio; --http PORT for HTTP)
  graphrag-bench corpus add handbook --corpus ~/handbook --questions ~/handbook-questions.json
"""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("graphrag-bench")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def ask(args: argparse.Namespace) -> int:
    """One question, answered from the data folder a run filled, the way an agent would get it."""
    from graphrag_bench.evaluation.questions import text_problem
    from graphrag_bench.retrieval.memory import MemoryRetriever
    from graphrag_bench.settings import graph_rag_enabled, with_graph_rag

    if (problem := text_problem(args.question)):  # before the data folder is opened (invalid UTF-8: lone surrogates)
        raise InputError("question", problem, field="question")
    mode = args.mode or ("graphrag" if graph_rag_enabled() else "baseline")
    asked = MemoryRetriever(args.data_dir, with_graph_rag(mode in GRAPH_MODES), mode=mode).ask(args.question)
    print(asked.answer)
    print(f"\ncertainty:  {asked.certainty}")
    print(f"citations:  {', '.join(asked.citations) or 'none'}")
    print(f"graph path: {'; '.join(asked.graph_path) or 'none (the answer states no graph fact)'}")
    route = f", answered by {MODE_LABELS[asked.route]}" if asked.route else ""
    print(f"mode:       {MODE_LABELS[asked.mode]} ({asked.status}{route}), {asked.ms:.0f} ms")
    return EXIT_OK


def serve(args: argparse.Namespace) -> int:
    """The data folder's memory as MCP tools, until the client closes stdin (or Ctrl-C on HTTP). Bad settings and a
    folder with no index are one line at start; later problems are the tools' errors, and the server keeps serving."""
    from graphrag_bench.agent.mcp_server import build_server, run_server
    from graphrag_bench.retrieval.memory import check_index

    server = build_server(args.data_dir)  # the settings first: a bad variable is one line here, not a tool error later
    check_index(args.data_dir)
    try:
        run_server(server, args.http)
    except KeyboardInterrupt:
        pass
    return EXIT_OK


def corpus(args: argparse.Namespace) -> int:
    """Register a corpus (its documents and questions are checked first) or list the registered ones."""
    from graphrag_bench.corpus.corpora import DEFAULT_CORPUS
    from graphrag_bench.corpus.ingest import load_corpus
    from graphrag_bench.evaluation.questions import load_questions

    if args.corpus_command == "add":  # the user's files are checked before Dagster's second of imports
        docs, questions = load_corpus(args.corpus), load_questions(args.questions)
    from resources import BenchSettings

    base = BenchSettings.from_env()
    settings = base.model_copy(update={k: str(Path(v).resolve()) for k, v in
                                       (("data_dir", args.data_dir), ("results_dir", args.results_dir)) if v})
    if args.corpus_command == "add":
        source = settings.corpora().register(args.name, args.corpus, args.questions)
        print(f"registered corpus {source.name!r}: {len(docs)} documents, {len(questions)} questions\n"
              f"  data folder: {source.data_dir}\n  results:     {source.results_dir}\n"
              "materialize it from the UI (corpus partition), or let the nightly schedule run it with the others")
        return EXIT_OK
    print(f"{DEFAULT_CORPUS}: {settings.corpus_dir} ({settings.questions_file})")
    for name in settings.corpora().names():
        source = settings.corpora().source(name)
        print(f"{name}: {source.corpus_dir} ({source.questions_file})  data: {source.data_dir}")
    return EXIT_OK


def validate_inputs(args: argparse.Namespace):
    """Everything a user can get wrong, checked before anything is written."""
    from graphrag_bench.runtime.files import writable_folder
    from graphrag_bench.corpus.ingest import load_corpus
    from graphrag_bench.evaluation.questions import load_questions
    from graphrag_bench.settings import (REPO_ROOT, RetrievalSettings, alert_webhook_from_env,
                                         embedding_backend_from_env, env_flag, env_number, gates_file_from_env,
                                         id_types_from_env, llm_from_env, load_thresholds, log_level_from_env,
                                         max_document_mb_from_env, modes_from_env, nightly_from_env, shards_from_env,
                                         build_executor_from_env, night_from_arg, MAX_SHARDS)
    from graphrag_bench.retrieval.modes import parse_modes

    docs = load_corpus(args.corpus)  # also checks GRAPHRAG_MAX_DOCUMENT_MB
    questions = load_questions(args.questions)
    gates_file = args.gates or gates_file_from_env()
    load_thresholds(gates_file)
    RetrievalSettings.from_env()
    embedding_backend_from_env()
    log_level_from_env()
    llm = llm_from_env(replay=bool(args.replay), kind=args.answerer or "")
    if args.replay and llm is None:
        raise InputError("--replay", "replays a model's recorded answers: set GRAPHRAG_ANSWERER=openai and "
                         "GRAPHRAG_LLM_MODEL to the model that recorded them")
    if llm and (problem := llm.endpoint_problem()):
        raise InputError("environment", problem, field="GRAPHRAG_LLM_BASE_URL")
    alert_webhook_from_env()
    nightly_from_env()  # the time zone (the cron is the scheduler's to parse, where the schedule is defined)
    max_document_mb, id_types = max_document_mb_from_env(), id_types_from_env()
    runs = args.runs if args.runs is not None else int(env_number("GRAPHRAG_RUNS", 10, minimum=2))
    night = night_from_arg(args.night)
    build_executor_from_env()
    shards = args.shards if args.shards is not None else shards_from_env()
    if not 1 <= shards <= MAX_SHARDS:
        raise InputError("--shards", f"must be from 1 to {MAX_SHARDS}, got {shards}")
    modes = args.modes if args.modes is not None else modes_from_env()
    try:
        parse_modes(modes)
    except ValueError as exc:
        raise InputError("--modes" if args.modes is not None else "GRAPHRAG_MODES", str(exc)) from None
    if runs < 2:
        raise InputError("--runs", f"must be at least 2 (run 1 is the cold run and is dropped), got {runs}")
    corpus = Path(args.corpus).resolve()
    default_corpus = corpus == (REPO_ROOT / "corpus").resolve()
    data_dir = args.data_dir or str(REPO_ROOT / "data" if default_corpus else corpus.parent / f".graphrag-bench-data-{corpus.name}")
    writable_folder(data_dir, "data folder", "--data-dir")
    writable_folder(args.results_dir, "results folder", "--results-dir")
    from resources import BenchSettings  # Dagster's import takes a second: a user's mistake is named before it
    from pipelines.definitions import graph_build_executor

    graph_build_executor()  # GRAPHRAG_BUILD_EXECUTOR=k8s without dagster-k8s installed: named now

    settings = BenchSettings(corpus_dir=str(corpus), questions_file=str(Path(args.questions).resolve()), data_dir=str(Path(data_dir).resolve()),
                             results_dir=str(Path(args.results_dir).resolve()), thresholds_file=str(Path(gates_file).resolve()), runs=runs,
                             remeasure=bool(args.remeasure) or env_flag("GRAPHRAG_REMEASURE"), modes=modes,
                             max_document_mb=max_document_mb, id_types=id_types, answerer=args.answerer or "",
                             replay=bool(llm and llm.replay), shards=shards)
    return settings, night, len(docs), len(questions)


def print_table(summary: dict, out) -> None:
    from graphrag_bench.evaluation.report import answerer_text, comparison_text, gates_rows, text_table

    print("\n" + comparison_text(summary), file=out)
    print(f"\n{answerer_text(summary)}", file=out)
    print(f"\ngraph cache hit rate (warm): {summary['modes']['graphrag']['graph_cache_hit_rate']}", file=out)
    measured = summary.get("measurement") or {}
    if measured.get("reused"):
        print(f"(nothing the benchmark measures changed since run {measured['run_id']}: its answers and latencies stand;"
              " --remeasure measures again)", file=out)
    headers, rows = gates_rows(summary)
    print("\ngates:\n" + text_table(headers[:-1], [row[:-1] for row in rows]), file=out)  # the details are in summary.md


def run(args: argparse.Namespace) -> int:
    from graphrag_bench.runtime.preflight import check_graph_store, check_warehouse, run_lock

    started = time.perf_counter()
    settings, night, n_docs, n_questions = validate_inputs(args)
    with run_lock(settings.data_dir):  # one run per data folder; the stores are checked once it is ours
        check_graph_store(settings.data_dir)
        check_warehouse(settings.warehouse_path, settings.results_dir, settings.corpus_dir)
        print(f"graphrag-bench: {n_docs} documents, {n_questions} questions, {settings.runs} runs per question per mode", flush=True)
        print(f"  data folder: {settings.data_dir}\n  results:     {settings.results_dir}", flush=True)
        return execute(settings, night, n_docs, started)


def _space_left(message: str, settings) -> str:
    """For a full disk (errno 28, which Python often raises without a file name): the folders the run writes, with
    the space left on each, so the message names where to free space."""
    if "[Errno 28]" not in message and "No space left" not in message:
        return ""
    import shutil

    folders = {"data folder": settings.data_dir, "results": settings.results_dir}
    return " (space left: " + ", ".join(f"{name} {path}: {shutil.disk_usage(path).free // 2**20} MB"
                                        for name, path in folders.items() if os.path.isdir(path)) + ")"


def execute(settings, night: str, n_docs: int, started: float) -> int:
    """The benchmark job in process; its outcome as an exit code (1 only for a failed gate)."""
    from graphrag_bench.settings import log_level_from_env
    from pipelines.definitions import benchmark_job, execute_job, nightly_schedule

    nightly_schedule()  # the schedule's variables too: a bad cron is named now, not when the scheduler loads

    log_level = log_level_from_env()
    run_config = {"loggers": {"console": {"config": {"log_level": log_level}}}}
    instance = dagster_instance()
    if settings.shards > 1 and (crashed := build_in_processes(settings, night, instance, run_config)):
        return crashed
    # The corpus these settings name, on its night: one row of the run history, like a scheduled run's.
    result = execute_job(settings, benchmark_job.name, instance, night=night, raise_on_error=False, run_config=run_config)
    failed_checks = [e for e in result.get_asset_check_evaluations() if not e.passed]
    crashed = step_failures(result, settings)
    if crashed == EXIT_INPUT:
        return crashed
    report = result.output_for_node("benchmark_report") if result.is_node_success("benchmark_report") else None
    if report:
        print_table(report["summary"], sys.stdout)
        print(f"\nresults: {report['run_dir']}  ({time.perf_counter() - started:.0f} s)")
    elif failed_checks and result.is_node_success("resolved_graph"):
        run_dir = write_blocked(result, failed_checks, settings, n_docs)
        print(f"\nresults (audit stopped the run before the benchmark): {run_dir}")
    for check in failed_checks:
        print(f"graphrag-bench: gate failed: {check.check_name}: {check.description or 'see the check metadata'}", file=sys.stderr)
    return crashed or (EXIT_GATES if failed_checks else EXIT_OK)


def step_failures(result, settings) -> int | None:
    """Each failed step of a job's run in one line (a blocking gate's failure is left to the caller); EXIT_INPUT for a
    user's or the environment's fault (the first one), EXIT_FAILED for another, None when none failed."""
    crashed = None
    for event in result.all_events:
        if event.event_type_value != "STEP_FAILURE":
            continue
        error = event.step_failure_data.error
        if error is None:  # a failure Dagster recorded without an exception
            print(f"graphrag-bench: step {event.step_key} failed", file=sys.stderr)
            crashed = EXIT_FAILED
            continue
        cause = error.cause or error
        if cause.cls_name == "DagsterAssetCheckFailedError" or error.cls_name == "DagsterAssetCheckFailedError":
            continue  # a blocking gate: reported by the caller as the gate it is
        if cause.cls_name in USER_OR_ENVIRONMENT_ERRORS:
            print(f"graphrag-bench: error: {event.step_key}: {cause.message.strip()}{_space_left(cause.message, settings)}",
                  file=sys.stderr)
            return EXIT_INPUT
        print(f"graphrag-bench: step {event.step_key} failed: {cause.message.strip()}", file=sys.stderr)
        crashed = EXIT_FAILED
    return crashed


def build_in_processes(settings, night: str, instance, run_config: dict) -> int | None:
    """`--shards N` > 1: the graph built first on the multiprocess executor, N document shards side by side; the
    benchmark job then finds every build step's work stored and measures in one process, as always. A failed gate is
    the benchmark job's to report; another failure ends the run here (its exit code)."""
    import tempfile

    from dagster import DagsterInstance

    from pipelines.definitions import execute_build_in_processes

    print(f"graphrag-bench: building the graph on {settings.shards} document shards, side by side", flush=True)
    with tempfile.TemporaryDirectory() as home:
        # A multiprocess run needs an instance its processes share: the UI's when DAGSTER_HOME is set.
        own = DagsterInstance.local_temp(home) if instance.is_ephemeral else None
        with execute_build_in_processes(settings, own or instance, night=night, run_config=run_config) as result:
            crashed = step_failures(result, settings)
        if own is not None:
            own.dispose()
    return crashed


def dagster_instance():
    """With DAGSTER_HOME set (the scripts set it) the run joins the UI's history; else a throwaway instance."""
    from dagster import DagsterInstance

    from graphrag_bench.runtime.files import locked
    from graphrag_bench.settings import dagster_home_from_env

    home = dagster_home_from_env()
    if not home:
        return DagsterInstance.ephemeral()
    # A new DAGSTER_HOME gets its SQLite tables on first use: two runs starting together must not both create them.
    with locked(Path(home) / ".graphrag-bench-instance.lock"):
        return DagsterInstance.get()


def write_blocked(result, failed_checks, settings, n_docs: int) -> Path:
    """A blocking check stopped the run early (the audit): still leave a run folder saying why."""
    import datetime as dt

    from graphrag_bench.evaluation.report import blocked_summary, write_blocked_run

    resolved = result.output_for_node("resolved_graph")
    audit = dict(resolved.audit)
    for check in failed_checks:
        failures = check.metadata.get("failures")
        audit.setdefault("failures", []).extend(getattr(failures, "value", None) or [check.description or check.check_name])
    gates = [{"name": "entity_resolution" if c.check_name == "entity_resolution_audit" else c.check_name, "passed": False,
              "value": audit.get("unresolved"), "threshold": 0, "detail": c.description or ""} for c in failed_checks]
    run_id = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d_%H%M%S")
    corpus = {"path": settings.corpus_dir, "documents": n_docs, "chunks": None}
    return write_blocked_run(Path(settings.results_dir) / f"run_{run_id}", blocked_summary(run_id, corpus, audit, gates), audit)


def main(argv: list[str] | None = None) -> int:
    # Warnings only on the terminal: Dagster's console logger shows each stage once at GRAPHRAG_LOG_LEVEL; libraries
    # that set their own loggers to INFO (dbt through dagster.builtin, Great Expectations) would repeat or add to it.
    terminal = logging.StreamHandler()
    terminal.setLevel(logging.WARNING)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", handlers=[terminal])
    args = parse_args(argv)
    try:
        return {"ask": ask, "corpus": corpus, "run": run, "serve": serve}[args.command](args)
    except InputError as exc:
        print(f"graphrag-bench: error: {exc}", file=sys.stderr)
        return EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
