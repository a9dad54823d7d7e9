"""Benchmark stage: questions + retrieval index → every mode's runs (vector, GraphRAG, the others) → golden → scores → summary."""

from collections import Counter

import polars as pl
from dagster import AssetExecutionContext, AssetOut, MaterializeResult, MetadataValue, Output, asset, multi_asset

from graphrag_bench.retrieval.memory import save_index
from graphrag_bench.retrieval.modes import MODE_LABELS
from graphrag_bench.evaluation.questions import load_questions
from graphrag_bench.stages.benchmark import BenchmarkPlan, check_golden, measure_modes, score_answers
from graphrag_bench.stages.graph import GraphSync, ResolvedGraph
from graphrag_bench.stages.summary import RunSummary, summarize
from resources import (AnswererResource, BenchSettings, CheckWorkerResource, DataFolderLock, EmbedderResource,
                       GraphStoreResource, RetrievalResource)

from .partitions import PARTITIONS, corpus_and_night, corpus_settings

GROUP = "benchmark"


@asset(group_name=GROUP, kinds={"python", "parquet"}, partitions_def=PARTITIONS)
def retrieval_index(context: AssetExecutionContext, chunk_embeddings: pl.DataFrame, resolved_graph: ResolvedGraph,
                    bench: BenchSettings) -> MaterializeResult:
    """Chunks with embeddings and the entity table, saved in the data folder for any retriever to load."""
    bench = corpus_settings(context, bench)
    save_index(bench.data_dir, chunk_embeddings, resolved_graph.entities)
    return MaterializeResult(metadata={"path": bench.data_dir, "chunks": chunk_embeddings.height,
                                       "entities": resolved_graph.entities.height})


@asset(group_name=GROUP, kinds={"python"}, partitions_def=PARTITIONS)
def questions(context: AssetExecutionContext, bench: BenchSettings) -> list[dict]:
    """The benchmark's questions (SPEC §3.8), read and validated once per run; every later stage takes them from here."""
    bench = corpus_settings(context, bench)
    loaded = load_questions(bench.questions_file)
    context.add_output_metadata({"questions": len(loaded), "file": bench.questions_file,
                                 "by_category": MetadataValue.json(dict(sorted(Counter(q["category"] for q in loaded).items())))})
    return loaded


@multi_asset(
    group_name=GROUP, deps=["retrieval_index"],
    outs={"baseline_run": AssetOut(kinds={"python"}, description="Vector-only answers, latencies (runs 2..N dropped run 1)."),
          "graphrag_run": AssetOut(kinds={"python"}, description="Hybrid GraphRAG answers, latencies, phase breakdown, cache counts."),
          "mode_runs": AssetOut(kinds={"python"}, description="The other modes measured in the same loop (bm25, "
                                "hybrid_lexical, graph_ppr, router by default): answers, latencies, phases, per mode."),
          "failure_mode_runs": AssetOut(kinds={"python"}, description="Category E questions answered with the graph store down or empty.")},
    can_subset=True, partitions_def=PARTITIONS,
)
def benchmark_runs(context: AssetExecutionContext, questions: list[dict], graph_store: GraphSync, bench: BenchSettings,
                   embedder: EmbedderResource, graph: GraphStoreResource, answerer: AnswererResource, retrieval: RetrievalResource,
                   data_lock: DataFolderLock):
    """Every selected mode (`bench.modes`), N runs per question, interleaved question by question on the same machine.

    Not run again when every input is the one the last measurement had (`graphrag_bench.evaluation.reuse`). Subsettable: the
    modes are still measured together (the protocol interleaves them), and only the selection materializes.
    `data_lock`: the data folder is this run's while it measures."""
    corpus, _ = corpus_and_night(context)
    bench = bench.for_corpus(corpus)
    plan = BenchmarkPlan(bench.data_dir, bench.questions_file, bench.mode_names(), bench.runs, retrieval.settings(),
                         f"{graph.kind}:{graph.neo4j_uri}", answerer.identity(), _executor(context), bench.remeasure)
    measured = measure_modes(plan, questions, graph_store.state_hash, embedder.get(), lambda: graph.open(bench.data_dir, corpus),
                             answerer.composer(bench.data_dir), progress=context.log.info)
    provenance = measured.provenance
    if provenance["reused"]:
        context.log.info(f"benchmark: every input is unchanged since run {provenance['measured_in_run']}: its answers and "
                         "latencies stand (--remeasure to measure again)")
    selected = context.selected_output_names
    if "baseline_run" in selected:
        run = measured.mode_run("baseline")
        yield Output(run, output_name="baseline_run",
                     metadata={"p95_pipeline_ms": run["latency"]["p95_pipeline_ms"], "samples": run["latency"]["samples"], **provenance})
    if "graphrag_run" in selected:
        run = measured.mode_run("graphrag")
        yield Output(run, output_name="graphrag_run",
                     metadata={"p95_pipeline_ms": run["latency"]["p95_pipeline_ms"], "samples": run["latency"]["samples"], **provenance,
                               "graph_cache_hit_rate": run["cache"]["graph_cache_hit_rate"],
                               "pipeline_cache_hit_rate": run["cache"]["pipeline_cache_hit_rate"],
                               "phases": MetadataValue.json(run["phases"])})
    if "mode_runs" in selected:
        others = measured.other_mode_runs()
        yield Output(others, output_name="mode_runs",
                     metadata={"modes": ", ".join(MODE_LABELS[m] for m in others) or "none", **provenance,
                               **{f"{MODE_LABELS[m]}_p95_ms": run["latency"]["p95_pipeline_ms"] for m, run in others.items()}})
    if "failure_mode_runs" in selected:
        failure_answers = measured.failure_answers(questions)
        yield Output(failure_answers, output_name="failure_mode_runs",
                     metadata={"questions": len(failure_answers),
                               "answers": MetadataValue.md("\n".join(f"- **{q}**: {a.splitlines()[0]}"
                                                                     for q, a in failure_answers.items()) or "none")})


def _executor(context: AssetExecutionContext) -> str:
    """in_process or multiprocess: how this run executes its steps (recorded with the latencies it measures)."""
    name = context.job_def.executor_def.name
    if name == "multi_or_in_process_executor":  # chosen in the run config; multiprocess unless it says otherwise
        execution = context.run.run_config.get("execution")
        return "in_process" if isinstance(execution, dict) and "in_process" in execution.get("config", {}) else "multiprocess"
    return "in_process" if name in {"in_process", "execute_in_process_executor"} else name  # the latter: the CLI's run


@asset(group_name=GROUP, kinds={"python"}, deps=["retrieval_index"], partitions_def=PARTITIONS)
def golden_equivalence(context: AssetExecutionContext, questions: list[dict], baseline_run: dict, bench: BenchSettings,
                       embedder: EmbedderResource, answerer: AnswererResource, retrieval: RetrievalResource) -> dict:
    """With GRAPH_RAG_ENABLED=false the product's entry point must answer exactly like the baseline
    (checked again only when the baseline was measured again)."""
    data_dir = corpus_settings(context, bench).data_dir
    result = check_golden(questions, baseline_run, data_dir, embedder.get(), retrieval.settings(), answerer.composer(data_dir))
    context.add_output_metadata({"identical": result["identical"], "questions": result["questions"], "passed": result["passed"]})
    return result


@asset(group_name=GROUP, kinds={"python"}, deps=["failure_mode_runs"], partitions_def=PARTITIONS)  # E answers are inside the mode runs
def scores(context: AssetExecutionContext, questions: list[dict], baseline_run: dict, graphrag_run: dict, mode_runs: dict,
           resolved_graph: ResolvedGraph, documents: pl.DataFrame) -> dict:
    """Every answer of every mode scored by the rubric of SPEC §3.9."""
    result = score_answers(questions, {"baseline": baseline_run, "graphrag": graphrag_run, **mode_runs}, resolved_graph, documents)
    context.add_output_metadata({f"{MODE_LABELS[m]}_points": sum(s["total"] for s in result[m]) for m in result})
    return result


@asset(group_name=GROUP, kinds={"python", "greatexpectations"}, partitions_def=PARTITIONS)
def benchmark_summary(context: AssetExecutionContext, questions: list[dict], scores: dict, baseline_run: dict,
                      graphrag_run: dict, mode_runs: dict, golden_equivalence: dict, resolved_graph: ResolvedGraph,
                      documents: pl.DataFrame, chunks: pl.DataFrame, graph_store: GraphSync, bench: BenchSettings,
                      check_worker: CheckWorkerResource) -> RunSummary:
    """summary.json content: per-mode points, latency, retrieval metrics, each graph mode against the best non-graph
    mode, statistics and the gates. Each corpus × night partition is one row of the run history."""
    corpus, night = corpus_and_night(context)
    bench = bench.for_corpus(corpus)
    result = summarize(corpus, night, bench.corpus_dir, questions, scores, {"baseline": baseline_run, "graphrag": graphrag_run, **mode_runs},
                       golden_equivalence, resolved_graph, graph_store, documents, chunks, bench.thresholds_file,
                       check_worker.get())
    modes = result.summary["modes"]
    context.add_output_metadata({"run_id": result.summary["run_id"], "baseline_points": modes["baseline"]["points"],
                                 "graphrag_points": modes["graphrag"]["points"], "gates_passed": result.gates_passed})
    return result
