"""Every retrieval mode side by side, and each graph mode against the best non-graph mode.

A claim that GraphRAG helps is only as strong as the baseline it beat: per category, the graph mode is compared
with whichever non-graph mode scored most there (vector, BM25 or their fusion), on the same questions, with the
paired bootstrap interval and the sign-flip permutation p-value of `metrics.paired_stats`.
"""

from __future__ import annotations

from .metrics import paired_stats
from .modes import GRAPH_MODES, NON_GRAPH_MODES
from .report import CATEGORIES, mode_summary

SIGNIFICANCE = 0.05  # "beats": the 95% interval of the difference is above 0 and the permutation p-value below this


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
