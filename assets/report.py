"""Report stage: the run folder (summary.json, summary.md, report.html, …), the release gates as
blocking checks on it, and the release decision they guard.

Gates run after the report is written, so a failing gate still leaves a complete run folder
(the CLI exits 1 and names the gate); the blocked `release_decision` records no approval.
"""


from pathlib import Path

from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetExecutionContext,
    AssetKey,
    MaterializeResult,
    MetadataValue,
    Output,
    asset,
    asset_check,
)
from dagster_duckdb import DuckDBResource

from graphrag_bench.evaluation.gates import GATES, gate_verdict
from graphrag_bench.evaluation.report import gates_rows, markdown_table, modes_rows, pairwise_rows
from graphrag_bench.stages.summary import RunSummary, write_run_folder
from resources import BenchSettings

from .partitions import PARTITIONS, corpus_and_night

GROUP = "report"


@asset(group_name=GROUP, kinds={"python", "html"}, deps=[AssetKey("run_history"), AssetKey("mode_history"), AssetKey("category_scores")],
       partitions_def=PARTITIONS)
def benchmark_report(context: AssetExecutionContext, benchmark_summary: RunSummary, bench: BenchSettings,
                     warehouse: DuckDBResource) -> Output[dict]:
    """results/run_<id>/: every artifact of SPEC §3.12 plus report.html with this corpus's history trend."""
    corpus, _ = corpus_and_night(context)
    bench = bench.for_corpus(corpus)
    summary = benchmark_summary.summary
    folder = write_run_folder(benchmark_summary, corpus, bench.results_dir, bench.data_dir, warehouse.get_connection)
    run_dir = folder.path
    b, g = summary["modes"]["baseline"], summary["modes"]["graphrag"]
    context.log.info(f"report: {run_dir}")
    return Output({"run_dir": str(run_dir), "summary": summary}, metadata={
        "run_dir": str(run_dir), "baseline_points": b["points"], "graphrag_points": g["points"], "max_points": b["max_points"],
        "baseline_p95_ms": b["p95_pipeline_ms"], "graphrag_p95_ms": g["p95_pipeline_ms"],
        "latency_ratio_p95": summary["latency_ratio_p95"], "graph_cache_hit_rate": g["graph_cache_hit_rate"],
        "runs_in_history": folder.runs_in_history, "report": MetadataValue.path(str(Path(run_dir) / "report.html")),
        "per_mode": MetadataValue.md(markdown_table(*modes_rows(summary))),
        "against_best_non_graph": MetadataValue.md(markdown_table(*pairwise_rows(summary))),
        "gates": MetadataValue.md(markdown_table(*gates_rows(summary, failed="**FAIL**"))),
    })


def _meta(value):
    if isinstance(value, (dict, list)):
        return MetadataValue.json(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return MetadataValue.text(str(value))


def _gate_check(name: str):
    @asset_check(asset=benchmark_report, name=f"gate_{name}", blocking=True, partitions_def=PARTITIONS,
                 description=f"Release gate '{name}' (SPEC §3.11), judged by its Great Expectations suite.")
    def check(benchmark_report: dict) -> AssetCheckResult:
        row = gate_verdict(benchmark_report["summary"], name)  # judged once, with the summary
        return AssetCheckResult(passed=row["passed"], severity=AssetCheckSeverity.ERROR,
                                description=f"{name}: value {row['value']}, threshold {row['threshold']} — {row['detail']}",
                                metadata={"value": _meta(row["value"]), "threshold": _meta(row["threshold"]),
                                          "detail": row["detail"], "failures": MetadataValue.json(row["failures"])})

    return check


gate_checks = [_gate_check(name) for name in GATES]


@asset(group_name=GROUP, kinds={"python"}, partitions_def=PARTITIONS)
def release_decision(context: AssetExecutionContext, benchmark_report: dict) -> MaterializeResult:
    """Materializes only when every blocking gate passed: the evidence that this build may ship GraphRAG."""
    marker = Path(benchmark_report["run_dir"]) / "RELEASE_APPROVED"
    marker.write_text(f"all gates passed for run {benchmark_report['summary']['run_id']}\n", encoding="utf-8")
    return MaterializeResult(metadata={"run_id": benchmark_report["summary"]["run_id"], "approved": True})
