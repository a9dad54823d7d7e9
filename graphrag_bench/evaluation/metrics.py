"""Numbers over runs and questions: retrieval quality, percentiles, paired statistics, extraction P/R/F1."""

from __future__ import annotations

import math

import numpy as np

from ..corpus.ingest import normalize_doc_ref


def retrieval_metrics(ranking: list[str], judgments: list[dict]) -> dict | None:
    """MRR, NDCG@5, NDCG@10, P@3, R@10 of a document ranking against graded relevance; None without judgments."""
    rel = {normalize_doc_ref(j["id"]): int(j["relevance"]) for j in judgments}
    if not any(v > 0 for v in rel.values()):
        return None
    ranked = list(dict.fromkeys(normalize_doc_ref(d) for d in ranking))
    gains = [rel.get(d, 0) for d in ranked]

    def dcg(values: list[int], k: int) -> float:
        return sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(values[:k]))

    ideal = sorted(rel.values(), reverse=True)
    relevant = {d for d, g in rel.items() if g > 0}
    first = next((i for i, g in enumerate(gains) if g > 0), None)
    return {
        "mrr": 0.0 if first is None else 1.0 / (first + 1),
        "ndcg@5": dcg(gains, 5) / dcg(ideal, 5),
        "ndcg@10": dcg(gains, 10) / dcg(ideal, 10),
        "p@3": sum(1 for g in gains[:3] if g > 0) / 3,
        "r@10": len(relevant & set(ranked[:10])) / len(relevant),
    }


def mean_metrics(rows: list[dict | None]) -> dict | None:
    present = [r for r in rows if r]
    if not present:
        return None
    return {k: round(float(np.mean([r[k] for r in present])), 4) for k in present[0]}


def p95(values: list[float]) -> float | None:
    return None if not values else round(float(np.percentile(np.asarray(values), 95, method="linear")), 3)


def paired_stats(baseline: list[float], graphrag: list[float], resamples: int = 10_000, seed: int = 7) -> dict:
    """Mean, sd and paired bootstrap 95% CI of (graphrag − baseline), and a sign-flip permutation p-value."""
    diff = np.asarray(graphrag, dtype=float) - np.asarray(baseline, dtype=float)
    if diff.size == 0:
        return {"n": 0, "mean_diff": None, "sd_diff": None, "ci95": None, "p_value": None}
    rng = np.random.default_rng(seed)
    boot = diff[rng.integers(0, diff.size, size=(resamples, diff.size))].mean(axis=1)
    signs = rng.choice([-1.0, 1.0], size=(resamples, diff.size))
    observed = abs(diff.mean())
    perm = np.abs((signs * diff).mean(axis=1))
    return {
        "n": int(diff.size), "mean_diff": round(float(diff.mean()), 4),
        "sd_diff": round(float(diff.std(ddof=1)) if diff.size > 1 else 0.0, 4),
        "ci95": [round(float(np.percentile(boot, 2.5)), 4), round(float(np.percentile(boot, 97.5)), 4)],
        "p_value": round(float((np.sum(perm >= observed - 1e-12) + 1) / (resamples + 1)), 4),
    }


def prf(predicted: set, truth: set) -> tuple[float, float, float]:
    tp = len(predicted & truth)
    p = tp / len(predicted) if predicted else 0.0
    r = tp / len(truth) if truth else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)
