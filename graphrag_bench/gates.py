"""Release gates (SPEC §3.11): measured values against the thresholds file, one row per criterion.

The same rows feed summary.json → gates, the dbt acceptance model and the blocking asset
checks (whose Great Expectations suites in expectations/ compare value and threshold).
"""

from __future__ import annotations


def gain(graphrag: float, baseline: float) -> float | None:
    """Relative improvement; None when the baseline scored nothing (no ratio exists)."""
    if baseline <= 0:
        return None if graphrag <= 0 else float("inf")
    return (graphrag - baseline) / baseline


def evaluate_gates(summary: dict, golden: dict, audit: dict, thresholds: dict) -> list[dict]:
    base, graph = summary["modes"]["baseline"], summary["modes"]["graphrag"]
    rows = []

    def add(name: str, value, threshold, passed: bool, detail: str) -> None:
        rows.append({"name": name, "passed": bool(passed), "value": value, "threshold": threshold, "detail": detail})

    for name, cat, key in (("multi_hop", "A", "multi_hop_min_gain"), ("decision_provenance", "B", "provenance_min_gain")):
        b, g = base["by_category"].get(cat), graph["by_category"].get(cat)
        if not b or not b["max_points"]:
            add(name, None, thresholds[key], True, f"no category {cat} questions in this file; gate not applicable")
            continue
        value = gain(g["points"], b["points"])
        shown = None if value is None else round(value, 4) if value != float("inf") else "inf"
        add(name, shown, thresholds[key], value is not None and value >= thresholds[key],
            f"category {cat}: GraphRAG {g['points']} vs baseline {b['points']} points")
    add("no_baseline_regression", golden["identical"], golden["questions"], golden["passed"],
        f"flag-off answers identical to baseline for {golden['identical']}/{golden['questions']} questions")
    n = max(1, len(summary["questions"]))
    g_rate, b_rate = graph["hallucinations"] / n, base["hallucinations"] / n
    add("hallucination", round(g_rate, 4), {"max_rate": thresholds["hallucination_max_rate"], "baseline_rate": round(b_rate, 4)},
        g_rate <= b_rate and g_rate <= thresholds["hallucination_max_rate"], f"GraphRAG {g_rate:.1%} vs baseline {b_rate:.1%}")
    gp, bp = graph["p95_pipeline_ms"], base["p95_pipeline_ms"]
    limit = min(thresholds["latency_max_ratio"] * bp, thresholds["latency_max_p95_ms"])
    add("latency", gp, round(limit, 3), gp <= limit, f"GraphRAG p95 {gp} ms vs limit min({thresholds['latency_max_ratio']} × {bp}, {thresholds['latency_max_p95_ms']}) ms")
    rate = graph.get("graph_cache_hit_rate")
    add("cache", rate, thresholds["cache_min_hit_rate"], rate is not None and rate >= thresholds["cache_min_hit_rate"],
        "graph cache hit rate over warm runs 2..N")
    acc = graph["certainty_accuracy"]
    add("certainty", acc, thresholds["certainty_min_accuracy"], acc >= thresholds["certainty_min_accuracy"],
        "share of GraphRAG certainty labels equal to the reference")
    add("entity_resolution", audit["unresolved"], 0, audit["passed"],
        f"audit {'passed' if audit['passed'] else 'failed'}: {audit['duplicates']} duplicate ids, {audit['unresolved']} unresolved")
    return rows
