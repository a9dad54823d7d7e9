"""One run's rows for the warehouse's raw tables (the dbt models aggregate them and keep history)."""

from __future__ import annotations

import datetime as dt

import polars as pl

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
