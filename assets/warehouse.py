"""Warehouse stage: the run's raw tables into DuckDB, then the dbt models over them.

DuckDB allows one writer per file: `warehouse_load` finishes before dbt starts (dbt's
source is this asset), and nothing else writes the file.
"""


import datetime as dt

import polars as pl
from dagster import AssetExecutionContext, AssetIn, AssetSpec, MaterializeResult, multi_asset
from dagster_dbt import DbtCliResource, dbt_assets
from dagster_duckdb import DuckDBResource

from pipelines.dbt import dbt_project
from resources import BenchSettings

GROUP = "warehouse"
RAW_TABLES = ("question_scores", "latency_samples", "cache_metrics", "gate_results", "runs")


def raw_frames(result: dict) -> dict[str, pl.DataFrame]:
    """The five raw tables of one run, built from the benchmark summary."""
    summary, bench, scores, questions = result["summary"], result["bench"], result["scores"], result["questions"]
    run_id = summary["run_id"]
    category = {q["question_id"]: q["category"] for q in questions}
    score_rows = pl.DataFrame([{**{k: v for k, v in s.items() if k not in {"hallucinations", "notes"}},
                                "run_id": run_id, "mode": mode, "category": category[s["question_id"]]}
                               for mode, rows in scores.items() for s in rows])
    latency_rows = pl.DataFrame([{"run_id": run_id, "mode": mode, "question_id": qid, "total_ms": float(ms)}
                                 for mode in ("baseline", "graphrag")
                                 for qid, per_q in bench[f"latency_{mode}"]["per_question"].items() for ms in per_q["samples"]],
                                schema={"run_id": pl.String, "mode": pl.String, "question_id": pl.String, "total_ms": pl.Float64})
    cache_rows = pl.DataFrame([{"run_id": run_id, "metric": k, "value": float(v)} for k, v in bench["cache"].items()
                               if isinstance(v, (int, float)) and v is not None])
    gate_rows = pl.DataFrame([{"run_id": run_id, "name": g["name"], "passed": g["passed"], "value": str(g["value"]),
                               "threshold": str(g["threshold"]), "detail": g["detail"]} for g in summary["gates"]])
    b, g = summary["modes"]["baseline"], summary["modes"]["graphrag"]
    run_row = pl.DataFrame([{"run_id": run_id, "created_at": dt.datetime.now(dt.timezone.utc).replace(tzinfo=None),
                             "corpus_path": summary["corpus"]["path"], "baseline_points": float(b["points"]),
                             "graphrag_points": float(g["points"]), "max_points": float(b["max_points"]),
                             "baseline_p95_ms": b["p95_pipeline_ms"], "graphrag_p95_ms": g["p95_pipeline_ms"],
                             "gates_passed": all(x["passed"] for x in summary["gates"])}])
    return dict(zip(RAW_TABLES, (score_rows, latency_rows, cache_rows, gate_rows, run_row)))


@multi_asset(specs=[AssetSpec(["raw", name], group_name=GROUP, kinds={"duckdb"}, deps=["benchmark_summary"],
                              description=f"raw.{name} in the DuckDB warehouse, rows appended per run") for name in RAW_TABLES],
             ins={"benchmark_summary": AssetIn("benchmark_summary")})
def warehouse_load(context: AssetExecutionContext, benchmark_summary: dict, warehouse: DuckDBResource):
    """Append this run's rows to raw.* (re-materializing the same run replaces only its own rows)."""
    frames = raw_frames(benchmark_summary)
    run_id = benchmark_summary["summary"]["run_id"]
    with warehouse.get_connection() as conn:
        # DuckDB 2 wants every statement's result consumed before the next one.
        conn.execute("create schema if not exists raw").fetchall()
        for name, frame in frames.items():
            conn.register("incoming", frame)
            conn.execute(f"create table if not exists raw.{name} as select * from incoming where false").fetchall()
            conn.execute(f"delete from raw.{name} where run_id = ?", [run_id]).fetchall()
            conn.execute(f"insert into raw.{name} by name select * from incoming").fetchall()
            conn.unregister("incoming")
            total = conn.execute(f"select count(*) from raw.{name}").fetchall()[0][0]
            yield MaterializeResult(asset_key=["raw", name], metadata={"run_id": run_id, "rows_this_run": frame.height, "rows_total": total})


@dbt_assets(manifest=dbt_project.manifest_path, project=dbt_project)
def dbt_models(context: AssetExecutionContext, dbt: DbtCliResource):
    """Aggregates over the warehouse: per-category scores, latency percentiles, cache rates,
    the acceptance-criteria table and the run history (incremental, never overwritten)."""
    yield from dbt.cli(["build"], context=context).stream()
