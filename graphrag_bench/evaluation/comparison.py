"""Every retrieval mode side by side, and each graph mode against the best non-graph mode.

A claim that GraphRAG helps is only as strong as the baseline it beat: per category, the graph mode is compared
with whichever non-graph mode scored most there (vector, BM25 or their fusion), on the same questions, with the
paired bootstrap interval and the sign-flip permutation p-value of `metrics.paired_stats`.
"""

from __future__ import annotations

from collections import Counter

from .evidence import evidence_summary
from .metrics import mean_metrics, paired_stats, retrieval_metrics
from ..retrieval.modes import GRAPH_MODES, NON_GRAPH_MODES
from .questions import CATEGORIES
from .score import cited_sources

SIGNIFICANCE = 0.05  # "beats": the 95% interval of the difference is above 0 and the permutation p-value below this


def ranking(answer: str, retrieval: dict) -> list[str]:
    """Documents a mode surfaced, best first: those its answer cites, then its context in order."""
    cited = [c.lower() for c in cited_sources(answer)]
    context = [p["doc_id"].lower() for p in retrieval["passages"]] + [f["doc_id"].lower() for f in retrieval["facts"]]
    return list(dict.fromkeys(cited + context))


def mode_summary(questions: list[dict], scores: list[dict], bench: dict, mode: str) -> dict:
    """One mode's row of summary.json → modes (SPEC §3.12's keys, and more)."""
    by_q = {s["question_id"]: s for s in scores}
    by_category = {}
    for cat in CATEGORIES:
        qs = [q for q in questions if q["category"] == cat]
        if qs:
            by_category[cat] = {"points": sum(by_q[q["question_id"]]["total"] for q in qs), "max_points": 4 * len(qs)}
    retrieval = mean_metrics([retrieval_metrics(ranking(bench["answers"][mode][q["question_id"]], bench["retrievals"][mode][q["question_id"]]),
                                                q["relevant_documents"]) for q in questions])
    out = {
        "points": sum(s["total"] for s in scores), "max_points": 4 * len(questions), "by_category": by_category,
        "p95_pipeline_ms": bench[f"latency_{mode}"]["p95_pipeline_ms"],
        "p50_pipeline_ms": bench[f"latency_{mode}"].get("p50_pipeline_ms"),
        "hallucinations": sum(1 for s in scores if s["hallucination"] < 0),
        "certainty_accuracy": round(sum(1 for q in questions if by_q[q["question_id"]]["label"] == q["certainty"]) / len(questions), 4),
        "retrieval": retrieval,
    }
    out["evidence"] = evidence_summary(questions, scores)
    if mode == "graphrag":
        out["graph_cache_hit_rate"] = bench["cache"]["graph_cache_hit_rate"]
        out["pipeline_cache_hit_rate"] = bench["cache"]["pipeline_cache_hit_rate"]
    if mode == "router":  # how many questions each side of the rule answered
        out["routes"] = dict(sorted(Counter(r["route"] for r in bench["retrievals"][mode].values()).items()))
    return out


def mode_table(questions: list[dict], scores: dict[str, list[dict]], bench: dict) -> dict[str, dict]:
    """Per mode that was run: points per category, p95, hallucinations, certainty accuracy, retrieval metrics."""
    order = [m for m in (*NON_GRAPH_MODES, *GRAPH_MODES) if m in scores]
    return {mode: mode_summary(questions, scores[mode], bench, mode) for mode in order}


def against_best_non_graph(questions: list[dict], scores: dict[str, list[dict]]) -> list[dict]:
    """Per graph mode, per category (and over all questions): the best non-graph mode there, both modes' points,
    and the paired statistics of (graph − best) over that category's questions."""
    points = {m: {s["question_id"]: s["total"] for s in rows} for m, rows in scores.items()}
    rivals = [m for m in NON_GRAPH_MODES if m in points]
    rows = []
    for graph in (m for m in GRAPH_MODES if m in points):
        for category in (*CATEGORIES, "all"):
            ids = [q["question_id"] for q in questions if category in ("all", q["category"])]
            if not ids or not rivals:
                continue
            best = max(rivals, key=lambda m: (sum(points[m][i] for i in ids), -rivals.index(m)))
            stats = paired_stats([points[best][i] for i in ids], [points[graph][i] for i in ids])
            rows.append({"graph_mode": graph, "category": category, "best_non_graph": best, "questions": len(ids),
                         "graph_points": sum(points[graph][i] for i in ids), "best_points": sum(points[best][i] for i in ids),
                         **{k: stats[k] for k in ("mean_diff", "ci95", "p_value")},
                         "beats": stats["ci95"] is not None and stats["ci95"][0] > 0 and stats["p_value"] < SIGNIFICANCE})
    return rows


def compare_modes(questions: list[dict], scores: dict[str, list[dict]], bench: dict) -> dict:
    """summary.json's side-by-side sections: `modes` (every mode that ran), each mode's p95 over vector's (measured in
    the same interleaved loop), and every graph mode against the best non-graph mode."""
    modes = mode_table(questions, scores, bench)
    vector_p95 = modes["baseline"]["p95_pipeline_ms"]
    return {"modes": modes,
            "latency_ratio_p95_by_mode": {m: None if not vector_p95 or row["p95_pipeline_ms"] is None
                                          else round(row["p95_pipeline_ms"] / vector_p95, 4) for m, row in modes.items()},
            "against_best_non_graph": against_best_non_graph(questions, scores)}
