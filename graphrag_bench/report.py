"""Run artifacts (SPEC §3.12): summary.json (the machine-readable headline), the JSON detail
files, summary.md and a self-contained report.html (inline SVG, no scripts, no network)."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

from .metrics import mean_metrics, paired_stats, retrieval_metrics
from .score import cited_sources

CATEGORIES = ("A", "B", "C", "D", "E")
CATEGORY_NAMES = {"A": "multi-hop dependency", "B": "decision provenance", "C": "entity disambiguation",
                  "D": "structured recall", "E": "failure mode"}


def ranking(answer: str, retrieval: dict) -> list[str]:
    """Documents a mode surfaced, best first: those its answer cites, then its context in order."""
    cited = [c for c in dict.fromkeys(s for s in cited_sources(answer))]
    context = [p["doc_id"].lower() for p in retrieval["passages"]] + [f["doc_id"].lower() for f in retrieval["facts"]]
    return list(dict.fromkeys([c.lower() for c in cited] + context))


def mode_summary(questions: list[dict], scores: list[dict], bench: dict, mode: str) -> dict:
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
        "hallucinations": sum(1 for s in scores if s["hallucination"] < 0),
        "certainty_accuracy": round(sum(1 for q in questions if by_q[q["question_id"]]["label"] == q["certainty"]) / len(questions), 4),
        "retrieval": retrieval,
    }
    if mode == "graphrag":
        out["graph_cache_hit_rate"] = bench["cache"]["graph_cache_hit_rate"]
        out["pipeline_cache_hit_rate"] = bench["cache"]["pipeline_cache_hit_rate"]
    return out


def build_summary(run_id: str, corpus: dict, questions: list[dict], scores: dict[str, list[dict]], bench: dict,
                  graph: dict, extraction: dict, audit: dict) -> dict:
    modes = {m: mode_summary(questions, scores[m], bench, m) for m in ("baseline", "graphrag")}
    b95, g95 = modes["baseline"]["p95_pipeline_ms"], modes["graphrag"]["p95_pipeline_ms"]
    by_q = {m: {s["question_id"]: s["total"] for s in scores[m]} for m in scores}
    return {
        "run_id": run_id, "corpus": corpus, "modes": modes,
        "latency_ratio_p95": None if not b95 else round(g95 / b95, 4),
        "graph": graph, "extraction": extraction,
        "audit": {"passed": audit["passed"], "duplicates": audit["duplicates"], "unresolved": audit["unresolved"]},
        "gates": [],
        "questions": [{"question_id": q["question_id"], "category": q["category"],
                       "baseline_points": by_q["baseline"][q["question_id"]], "graphrag_points": by_q["graphrag"][q["question_id"]]}
                      for q in questions],
        "statistics": paired_stats([by_q["baseline"][q["question_id"]] for q in questions],
                                   [by_q["graphrag"][q["question_id"]] for q in questions]),
        "runs_per_question": bench["runs"], "nondeterministic_answers": bench["nondeterministic"],
    }


def _dump(path: Path, data) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False, default=str) + "\n", encoding="utf-8")


def summary_markdown(s: dict) -> str:
    passed = all(g["passed"] for g in s["gates"])
    b, g = s["modes"]["baseline"], s["modes"]["graphrag"]
    lines = [f"# graphrag-bench run {s['run_id']}", "",
             f"**Recommendation: {'PASS — ship GraphRAG for this corpus' if passed else 'FAIL — keep GraphRAG off'}**", "",
             f"Corpus `{s['corpus']['path']}`: {s['corpus']['documents']} documents, {s['corpus']['chunks']} chunks; "
             f"graph {s['graph']['entities']} entities, {s['graph']['relationships']} relationships.", "",
             "| category | baseline | GraphRAG | max |", "|---|---:|---:|---:|"]
    for cat, row in b["by_category"].items():
        lines.append(f"| {cat} {CATEGORY_NAMES[cat]} | {row['points']:g} | {g['by_category'][cat]['points']:g} | {row['max_points']} |")
    lines.append(f"| **total** | **{b['points']:g}** | **{g['points']:g}** | {b['max_points']} |")
    st = s["statistics"]
    lines += ["", f"Paired difference (GraphRAG − baseline) per question: mean {st['mean_diff']}, 95% bootstrap CI {st['ci95']}, "
              f"permutation p = {st['p_value']} (n = {st['n']}).", "",
              f"Latency p95 (runs 2..{s['runs_per_question']}): baseline {b['p95_pipeline_ms']} ms, GraphRAG {g['p95_pipeline_ms']} ms, "
              f"ratio {s['latency_ratio_p95']}.", "", "## Gates", "", "| gate | passed | value | threshold | detail |", "|---|---|---|---|---|"]
    for gate in s["gates"]:
        lines.append(f"| {gate['name']} | {'yes' if gate['passed'] else '**NO**'} | {gate['value']} | {gate['threshold']} | {gate['detail']} |")
    return "\n".join(lines) + "\n"


def _bars(title: str, labels: list[str], series: dict[str, list[float]], maxima: list[float]) -> str:
    width, height, left, bottom = 560, 220, 40, 30
    colors = {"baseline": "#8c8c8c", "graphrag": "#2a7ab0"}
    top = max([1.0] + maxima)
    group = (width - left) / max(1, len(labels))
    parts = [f'<svg role="img" aria-label="{html.escape(title)}" width="{width}" height="{height + bottom}" xmlns="http://www.w3.org/2000/svg">',
             f'<line x1="{left}" y1="{height}" x2="{width}" y2="{height}" stroke="#333"/>']
    for i, label in enumerate(labels):
        x0 = left + i * group + 6
        for j, (mode, values) in enumerate(series.items()):
            v = max(0.0, values[i])
            h = (height - 10) * v / top
            parts.append(f'<rect x="{x0 + j * (group - 12) / 2:.1f}" y="{height - h:.1f}" width="{(group - 12) / 2 - 2:.1f}" height="{h:.1f}" fill="{colors.get(mode, "#555")}"><title>{mode} {label}: {values[i]:g}</title></rect>')
        parts.append(f'<text x="{x0 + (group - 12) / 2:.1f}" y="{height + 18}" font-size="12" text-anchor="middle">{html.escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _trend(history: list[dict]) -> str:
    if len(history) < 2:
        return "<p>History trend appears after two or more runs with this data folder.</p>"
    width, height, left = 560, 200, 40
    top = max(max(h["baseline_points"], h["graphrag_points"]) for h in history) or 1
    step = (width - left - 10) / (len(history) - 1)
    svg = [f'<svg role="img" aria-label="points per run" width="{width}" height="{height + 20}" xmlns="http://www.w3.org/2000/svg">']
    for mode, color in (("baseline_points", "#8c8c8c"), ("graphrag_points", "#2a7ab0")):
        pts = " ".join(f"{left + i * step:.1f},{height - (height - 10) * h[mode] / top:.1f}" for i, h in enumerate(history))
        svg.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{pts}"/>')
    svg.append(f'<text x="{left}" y="{height + 16}" font-size="12">{html.escape(history[0]["run_id"])}</text>')
    svg.append(f'<text x="{width - 10}" y="{height + 16}" font-size="12" text-anchor="end">{html.escape(history[-1]["run_id"])}</text></svg>')
    return "".join(svg)


def report_html(s: dict, bench: dict, history: list[dict]) -> str:
    b, g = s["modes"]["baseline"], s["modes"]["graphrag"]
    cats = list(b["by_category"])
    cat_chart = _bars("points per category", cats, {"baseline": [b["by_category"][c]["points"] for c in cats],
                                                     "graphrag": [g["by_category"][c]["points"] for c in cats]},
                      [b["by_category"][c]["max_points"] for c in cats])
    quantiles = ["p50", "p95"]
    lat = {m: [bench[f"phases_{m}"]["total_pipeline_ms"][f"{q}_ms"] for q in quantiles] for m in ("baseline", "graphrag")}
    lat_chart = _bars("latency ms", quantiles, lat, lat["baseline"] + lat["graphrag"])
    md = html.escape(summary_markdown(s))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>graphrag-bench {html.escape(s['run_id'])}</title>
<style>body{{font-family:sans-serif;max-width:900px;margin:2em auto;color:#222}} pre{{white-space:pre-wrap;background:#f6f6f6;padding:1em}}
.legend span{{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}}</style></head>
<body><h1>graphrag-bench — run {html.escape(s['run_id'])}</h1>
<p class="legend"><span style="background:#8c8c8c"></span>baseline (vector-only)<span style="background:#2a7ab0"></span>GraphRAG (hybrid)</p>
<h2>Points per category</h2>{cat_chart}
<h2>Pipeline latency (runs 2..N, ms)</h2>{lat_chart}
<h2>History</h2>{_trend(history)}
<h2>Summary</h2><pre>{md}</pre></body></html>
"""


def write_artifacts(run_dir: Path, summary: dict, bench: dict, scores: dict, questions: list[dict], audit: dict,
                    history: list[dict]) -> Path:
    """Write every file into a hidden staging folder, then rename it: never a half-written run."""
    run_dir = Path(run_dir)
    staging = run_dir.parent / f".{run_dir.name}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    files = {
        "baseline_scores.json": scores["baseline"], "graphrag_scores.json": scores["graphrag"],
        "latency_baseline.json": bench["latency_baseline"], "latency_graphrag.json": bench["latency_graphrag"],
        "latency_breakdown.json": {"baseline": bench["phases_baseline"], "graphrag": bench["phases_graphrag"]},
        "cache_metrics.json": bench["cache"], "entity_audit.json": audit,
        "detailed_answers.json": [{"question_id": q["question_id"], "question": q["question"],
                                   "baseline": bench["answers"]["baseline"][q["question_id"]],
                                   "graphrag": bench["answers"]["graphrag"][q["question_id"]],
                                   "graphrag_retrieval": bench["retrievals"]["graphrag"][q["question_id"]]} for q in questions],
        "reference_answers.json": questions, "summary.json": summary,
    }
    for name, data in files.items():
        _dump(staging / name, data)
    (staging / "summary.md").write_text(summary_markdown(summary), encoding="utf-8")
    (staging / "report.html").write_text(report_html(summary, bench, history), encoding="utf-8")
    if run_dir.exists():
        shutil.rmtree(run_dir)
    staging.rename(run_dir)
    return run_dir
