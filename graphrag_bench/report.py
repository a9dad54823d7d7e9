"""Run artifacts (SPEC §3.12): summary.json (the machine-readable headline), the JSON detail
files, summary.md and a self-contained report.html (inline SVG, no scripts, no network)."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

from .metrics import mean_metrics, paired_stats, retrieval_metrics
from .score import cited_sources
from .untrusted import withheld_in

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
        "audit": {"passed": audit["passed"], "duplicates": audit["duplicates"], "unresolved": audit["unresolved"],
                  "flagged": audit.get("flagged", 0), "no_evidence": audit.get("no_evidence", 0),
                  "resolutions": audit.get("resolutions", []), "untrusted": audit.get("untrusted", []),
                  "untrusted_in_answers": untrusted_in_answers(questions, bench)},
        "gates": [],
        "questions": [{"question_id": q["question_id"], "category": q["category"],
                       "baseline_points": by_q["baseline"][q["question_id"]], "graphrag_points": by_q["graphrag"][q["question_id"]]}
                      for q in questions],
        "statistics": paired_stats([by_q["baseline"][q["question_id"]] for q in questions],
                                   [by_q["graphrag"][q["question_id"]] for q in questions]),
        "runs_per_question": bench["runs"], "nondeterministic_answers": bench["nondeterministic"],
    }


def untrusted_in_answers(questions: list[dict], bench: dict) -> list[dict]:
    """The answers that withheld untrusted document text (it would have changed them), per mode."""
    return [{"question_id": q["question_id"], "mode": mode, "withheld": withheld}
            for mode in ("baseline", "graphrag") for q in questions
            if (withheld := withheld_in(bench["answers"][mode][q["question_id"]]))]


def _dump(path: Path, data) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False, default=str) + "\n", encoding="utf-8")


def _pairs(metrics: dict | None) -> str:
    if not metrics or all(v is None for v in metrics.values()):
        return "not computed (no graph_labels.json in the corpus)"
    return ", ".join(f"{k} {v}" for k, v in metrics.items())


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
              f"ratio {s['latency_ratio_p95']}.", "",
              f"Extraction vs labels: {_pairs(s.get('extraction'))}.", "",
              f"Graph expansion vs labels: {_pairs(s.get('graph_expansion'))}.", "",
              "## Gates", "", "| gate | passed | value | threshold | detail |", "|---|---|---|---|---|"]
    for gate in s["gates"]:
        lines.append(f"| {gate['name']} | {'yes' if gate['passed'] else '**NO**'} | {gate['value']} | {gate['threshold']} | {gate['detail']} |")
    resolutions = s["audit"].get("resolutions") or []
    if resolutions:  # similar names the corpus was asked about: each kept apart or merged, with its reason
        lines += ["", "## Near-duplicate names", "", "| pair | decision | reason |", "|---|---|---|"]
        lines += [f"| {' ~ '.join(r['pair'])} | {r['status']} | {r['reason']} |" for r in resolutions]
    return "\n".join(lines) + "\n"


COLORS = {"baseline": "#8c8c8c", "graphrag": "#2a7ab0"}
LABELS = {"baseline": "baseline (vector-only)", "graphrag": "GraphRAG (hybrid)"}


def _svg(title: str, width: int, height: int, body: list[str]) -> str:
    return (f'<svg role="img" aria-label="{html.escape(title)}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">{"".join(body)}</svg>')


def _bars(title: str, labels: list[str], series: dict[str, list[float]], top: float, unit: str = "") -> str:
    """Grouped bars, one group per label, one bar per series, each with its value written on it."""
    width, height, left, bottom, pad = 640, 240, 44, 28, 14
    top = top or 1.0
    group = (width - left) / max(1, len(labels))
    bar = (group - pad) / max(1, len(series))
    body = [f'<line x1="{left}" y1="{height - bottom}" x2="{width}" y2="{height - bottom}" stroke="#333"/>',
            f'<text x="{left - 6}" y="16" text-anchor="end">{top:g}{unit}</text>',
            f'<text x="{left - 6}" y="{height - bottom}" text-anchor="end">0</text>']
    for i, label in enumerate(labels):
        x0 = left + i * group + pad / 2
        for j, (mode, values) in enumerate(series.items()):
            v = values[i]
            h = (height - bottom - 16) * max(0.0, v) / top
            x, y = x0 + j * bar, height - bottom - h
            body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 3:.1f}" height="{h:.1f}" fill="{COLORS[mode]}">'
                        f'<title>{LABELS[mode]}, {html.escape(label)}: {v:g}{unit}</title></rect>')
            if v:
                body.append(f'<text x="{x + (bar - 3) / 2:.1f}" y="{y - 3:.1f}" text-anchor="middle">{v:g}</text>')
        body.append(f'<text x="{x0 + (group - pad) / 2:.1f}" y="{height - 8}" text-anchor="middle">{html.escape(label)}</text>')
    return _svg(title, width, height, body)


def _histogram(samples: dict[str, list[float]], bins: int = 14) -> str:
    """Latency distribution of the kept runs (2..N) of both modes over shared bins."""
    values = [v for vs in samples.values() for v in vs]
    if not values:
        return "<p>No latency samples.</p>"
    lo, hi = min(values), max(values)
    step = (hi - lo) / bins or 1.0
    counts = {m: [0] * bins for m in samples}
    for mode, vs in samples.items():
        for v in vs:
            counts[mode][min(bins - 1, int((v - lo) / step))] += 1
    labels = [f"{lo + i * step:.1f}" for i in range(bins)]
    top = max(max(c) for c in counts.values())
    return _bars("latency distribution", labels, {m: [float(c) for c in counts[m]] for m in counts}, float(top)) + \
        f'<p class="note">Bins of {step:.2f} ms starting at the value shown; bar height = number of kept runs.</p>'


def _trend(history: list[dict]) -> str:
    if len(history) < 2:
        return "<p>The history trend appears from the second run with this data folder.</p>"
    width, height, left, bottom = 640, 220, 44, 40
    top = max(max(h["baseline_points"], h["graphrag_points"]) for h in history) or 1
    step = (width - left - 20) / (len(history) - 1)
    body = [f'<line x1="{left}" y1="{height - bottom}" x2="{width}" y2="{height - bottom}" stroke="#333"/>',
            f'<text x="{left - 6}" y="16" text-anchor="end">{top:g}</text>']
    for key, mode in (("baseline_points", "baseline"), ("graphrag_points", "graphrag")):
        points = [(left + i * step, height - bottom - (height - bottom - 16) * h[key] / top) for i, h in enumerate(history)]
        body.append(f'<polyline fill="none" stroke="{COLORS[mode]}" stroke-width="2" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}"/>')
        body += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{COLORS[mode]}"><title>{LABELS[mode]}: {h[key]:g}</title></circle>'
                 for (x, y), h in zip(points, history)]
    body.append(f'<text x="{left}" y="{height - 22}">{html.escape(history[0]["run_id"])}</text>')
    body.append(f'<text x="{width - 10}" y="{height - 22}" text-anchor="end">{html.escape(history[-1]["run_id"])}</text>')
    return _svg("points per run", width, height, body)


def _table(headers: list[str], rows: list[list], classes: list[str] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(f'<tr class="{(classes or [""] * len(rows))[i]}">' + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for i, row in enumerate(rows))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def report_html(s: dict, bench: dict, history: list[dict]) -> str:
    b, g = s["modes"]["baseline"], s["modes"]["graphrag"]
    cats = list(b["by_category"])
    passed = all(x["passed"] for x in s["gates"])
    cat_chart = _bars("points per category", cats,
                      {"baseline": [b["by_category"][c]["points"] for c in cats], "graphrag": [g["by_category"][c]["points"] for c in cats]},
                      max(b["by_category"][c]["max_points"] for c in cats))
    samples = {m: [v for per_q in bench[f"latency_{m}"]["per_question"].values() for v in per_q["samples"]] for m in ("baseline", "graphrag")}
    cat_rows = [[f"{c} {CATEGORY_NAMES[c]}", f"{b['by_category'][c]['points']:g}", f"{g['by_category'][c]['points']:g}", b["by_category"][c]["max_points"]] for c in cats]
    cat_rows.append(["total", f"{b['points']:g}", f"{g['points']:g}", b["max_points"]])
    gate_rows = [[x["name"], "pass" if x["passed"] else "FAIL", x["value"], x["threshold"], x["detail"]] for x in s["gates"]]
    st = s["statistics"]
    retrieval = [[k, (b["retrieval"] or {}).get(k), (g["retrieval"] or {}).get(k)] for k in ("mrr", "ndcg@5", "ndcg@10", "p@3", "r@10")]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>graphrag-bench {html.escape(s['run_id'])}</title>
<style>body{{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222;padding:0 1em}}
table{{border-collapse:collapse;margin:.5em 0 1.5em}} td,th{{border:1px solid #ccc;padding:4px 8px;text-align:left}}
tr.fail td{{background:#fde2e2}} .verdict{{font-size:1.2em;padding:.6em 1em;border-radius:4px;display:inline-block}}
.pass{{background:#e0f2e0}} .failv{{background:#fde2e2}} .note{{color:#555;font-size:.9em}}
.legend span{{display:inline-block;width:12px;height:12px;margin:0 4px 0 14px;vertical-align:middle}}</style></head>
<body><h1>graphrag-bench — run {html.escape(s['run_id'])}</h1>
<p class="verdict {'pass' if passed else 'failv'}">{'PASS: every release gate holds — GraphRAG may ship for this corpus' if passed else 'FAIL: a release gate does not hold — keep GraphRAG off'}</p>
<p>Corpus <code>{html.escape(str(s['corpus']['path']))}</code>: {s['corpus']['documents']} documents, {s['corpus']['chunks']} chunks;
graph {s['graph']['entities']} entities, {s['graph']['relationships']} relationships; {s['runs_per_question']} runs per question per mode.</p>
<p class="legend"><span style="background:{COLORS['baseline']}"></span>{LABELS['baseline']}<span style="background:{COLORS['graphrag']}"></span>{LABELS['graphrag']}</p>
<h2>Points per category</h2>{cat_chart}
{_table(["category", "baseline", "GraphRAG", "max"], cat_rows)}
<p>GraphRAG − baseline per question: mean {st['mean_diff']}, 95% bootstrap CI {st['ci95']}, permutation p = {st['p_value']} (n = {st['n']}).</p>
<h2>Pipeline latency (runs 2..N)</h2>
<p>p95: baseline {b['p95_pipeline_ms']} ms, GraphRAG {g['p95_pipeline_ms']} ms, ratio {s['latency_ratio_p95']}; graph cache hit rate {g.get('graph_cache_hit_rate')}.</p>
{_histogram(samples)}
<h2>Release gates</h2>{_table(["gate", "verdict", "value", "threshold", "detail"], gate_rows, ["" if x["passed"] else "fail" for x in s["gates"]])}
<h2>Retrieval quality</h2>{_table(["metric", "baseline", "GraphRAG"], retrieval)}
<h2>History</h2>{_trend(history)}
</body></html>
"""


def blocked_summary(run_id: str, corpus: dict, audit: dict, gate_failures: list[dict]) -> dict:
    """summary.json for a run the audit stopped before any benchmark: every metric null, the gate named."""
    null_mode = {"points": None, "max_points": None, "by_category": {}, "p95_pipeline_ms": None, "hallucinations": None,
                 "certainty_accuracy": None, "retrieval": None}
    return {"run_id": run_id, "corpus": corpus,
            "modes": {"baseline": dict(null_mode), "graphrag": {**null_mode, "graph_cache_hit_rate": None, "pipeline_cache_hit_rate": None}},
            "latency_ratio_p95": None,
            "graph": {"entities": audit.get("entities"), "relationships": audit.get("relationships"), "created": None,
                      "changed": None, "unchanged": None, "state_hash": None, "provenance_coverage": audit.get("provenance_coverage")},
            "extraction": None, "audit": {"passed": False, "duplicates": audit.get("duplicates"), "unresolved": audit.get("unresolved")},
            "gates": gate_failures, "questions": [], "stopped": "blocked by the entity-resolution audit; nothing was benchmarked"}


def write_blocked_run(run_dir: Path, summary: dict, audit: dict) -> Path:
    """The run folder of a blocked run: what is known (audit, summary), written atomically."""
    run_dir = Path(run_dir)
    staging = run_dir.parent / f".{run_dir.name}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    _dump(staging / "entity_audit.json", audit)
    _dump(staging / "summary.json", summary)
    staging.rename(run_dir)
    return run_dir


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
