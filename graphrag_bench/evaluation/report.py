"""Run artifacts (SPEC §3.12): summary.json (the machine-readable headline), the JSON detail
files, summary.md and a self-contained report.html (inline SVG, no scripts, no network)."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

from .comparison import compare_modes
from .metrics import paired_stats
from ..retrieval.modes import MODE_LABELS
from .questions import CATEGORY_NAMES
from .report_evidence import evidence_html, overview_html, question_evidence
from ..corpus.untrusted import withheld_in


def build_summary(run_id: str, corpus: dict, questions: list[dict], scores: dict[str, list[dict]], bench: dict,
                  graph: dict, extraction: dict, audit: dict) -> dict:
    compared = compare_modes(questions, scores, bench)
    by_q = {m: {s["question_id"]: s["total"] for s in scores[m]} for m in scores}
    return {
        "run_id": run_id, "corpus": corpus, **compared,
        "latency_ratio_p95": compared["latency_ratio_p95_by_mode"]["graphrag"],
        "graph": graph, "extraction": extraction,
        "audit": {"passed": audit["passed"], "duplicates": audit["duplicates"], "unresolved": audit["unresolved"],
                  "flagged": audit.get("flagged", 0), "no_evidence": audit.get("no_evidence", 0),
                  "resolutions": audit.get("resolutions", []), "untrusted": audit.get("untrusted", []),
                  "untrusted_in_answers": untrusted_in_answers(questions, bench)},
        "gates": [],
        "questions": [{"question_id": q["question_id"], "category": q["category"],
                       "baseline_points": by_q["baseline"][q["question_id"]], "graphrag_points": by_q["graphrag"][q["question_id"]],
                       "points": {m: by_q[m][q["question_id"]] for m in by_q}}
                      for q in questions],
        "statistics": paired_stats([by_q["baseline"][q["question_id"]] for q in questions],
                                   [by_q["graphrag"][q["question_id"]] for q in questions]),
        "runs_per_question": bench["runs"], "nondeterministic_answers": bench["nondeterministic"],
        "retrieval_settings": bench.get("measurement", {}).get("retrieval"),  # top-k, hops, nodes, bytes, cache TTL
        "answerer": bench.get("measurement", {}).get("answerer") or "deterministic",  # what wrote the answers scored
    }


def answerer_text(s: dict) -> str:
    """Who wrote the answers the points are for, in words."""
    kind, _, rest = (s.get("answerer") or "deterministic").partition(":")
    if kind != "openai":
        return "answers written by the deterministic composer"
    model, _, template = rest.rpartition(":")
    return f"answers written by the model {model} (OpenAI-compatible endpoint, prompt template {template})"


def untrusted_in_answers(questions: list[dict], bench: dict) -> list[dict]:
    """The answers that withheld untrusted document text (it would have changed them), per mode."""
    return [{"question_id": q["question_id"], "mode": mode, "withheld": withheld}
            for mode in bench["answers"] for q in questions
            if (withheld := withheld_in(bench["answers"][mode][q["question_id"]]))]


def _dump(path: Path, data) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False, default=str) + "\n", encoding="utf-8")


def _pairs(metrics: dict | None) -> str:
    if not metrics or all(v is None for v in metrics.values()):
        return "not computed (no graph_labels.json in the corpus)"
    return ", ".join(f"{k} {v}" for k, v in metrics.items())


def _num(value, digits: int = 3) -> str:
    """A table cell: empty for None, a float to `digits` places without trailing zeros."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return str(value)


def category_legend(s: dict) -> str:
    """"A multi-hop dependency, B …": the categories the run's questions have."""
    return ", ".join(f"{c} {CATEGORY_NAMES[c]}" for c in s["modes"]["baseline"]["by_category"])


PAIRWISE_NOTE = ("paired over the category's questions (graph − best, points per question); beats = the 95% bootstrap "
                 "interval is above 0 and the permutation p < 0.05")


EVIDENCE_NOTE = ("Evidence: the share of questions (those with required phrases or sources) whose retrieved context, before "
                 "any answer was composed, held every required phrase and source; composition: the mean points those "
                 "questions scored; lost ret/comp/label: points lost where the context was incomplete, where it was "
                 "complete, and to a wrong certainty label.")


def comparison_text(s: dict) -> str:
    """The side-by-side tables for a terminal (the CLI's summary, bench/modes.py): every mode, each graph mode against
    the best non-graph mode, and where the router sent the questions."""
    lines = [category_legend(s), text_table(*modes_rows(s)), EVIDENCE_NOTE, "", f"each graph mode vs the best non-graph mode: {PAIRWISE_NOTE}",
             text_table(*pairwise_rows(s))]
    routes = s["modes"].get("router", {}).get("routes")
    if routes:
        lines += ["", "router: " + ", ".join(f"{n} questions to {MODE_LABELS[m]}" for m, n in routes.items())]
    return "\n".join(lines)


def modes_rows(s: dict) -> tuple[list[str], list[list[str]]]:
    """Every mode that ran, one row each: points per category and in total, p95 and its ratio to vector's p95,
    MRR and NDCG@5 against the labelled sources, hallucinations, certainty accuracy; the evidence its context held
    (share of questions whose context held every required phrase and source), the points those questions scored on
    average (composition), and the points lost to retrieval / composition / the label; then the maximum points."""
    base = s["modes"]["baseline"]
    cats = list(base["by_category"])
    headers = ["mode", *cats, "total", "p95 ms", "x vector", "MRR", "NDCG@5", "halluc.", "certainty", "evidence",
               "composition", "lost ret/comp/label"]
    rows = []
    for mode, row in s["modes"].items():
        retrieval = row["retrieval"] or {}
        evidence = row.get("evidence") or {}
        lost = evidence.get("lost") or {}
        rows.append([MODE_LABELS[mode], *(f"{row['by_category'][c]['points']:g}" for c in cats), f"{row['points']:g}",
                     _num(row["p95_pipeline_ms"], 2), _num((s.get("latency_ratio_p95_by_mode") or {}).get(mode), 2),
                     _num(retrieval.get("mrr")), _num(retrieval.get("ndcg@5")), str(row["hallucinations"]),
                     _num(row.get("certainty_accuracy"), 2), _num(evidence.get("complete"), 2),
                     _num(evidence.get("composition"), 2),
                     "/".join(f"{lost[c]:g}" for c in ("not_retrieved", "not_composed", "wrong_label")) if lost else ""])
    rows.append(["max", *(str(base["by_category"][c]["max_points"]) for c in cats), str(base["max_points"]),
                 *[""] * (len(headers) - len(cats) - 2)])
    return headers, rows


def pairwise_rows(s: dict, category: str | None = None) -> tuple[list[str], list[list[str]]]:
    """Each graph mode against the best non-graph mode, per category (or only `category`): points, the mean paired
    difference per question, its 95% bootstrap interval, the permutation p-value and whether it beats it."""
    headers = ["graph mode", "category", "best non-graph", "graph pts", "best pts", "diff/question", "95% interval", "p", "beats"]
    rows = [[MODE_LABELS[r["graph_mode"]], r["category"], MODE_LABELS[r["best_non_graph"]], f"{r['graph_points']:g}",
             f"{r['best_points']:g}", _num(r["mean_diff"], 2),
             "" if r["ci95"] is None else f"[{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]", _num(r["p_value"], 4),
             "yes" if r["beats"] else "no"]
            for r in s.get("against_best_non_graph") or [] if category in (None, r["category"])]
    return headers, rows


def gates_rows(s: dict, failed: str = "FAIL") -> tuple[list[str], list[list]]:
    """Every release gate: its verdict (`failed` when it does not hold), value, threshold and what it measured."""
    return (["gate", "verdict", "value", "threshold", "detail"],
            [[g["name"], "pass" if g["passed"] else failed, g["value"], g["threshold"], g["detail"]] for g in s["gates"]])


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """Fixed-width columns for a terminal: the first left-aligned, the others right-aligned."""
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    return "\n".join([line(headers), *(line(row) for row in rows)])


def markdown_table(headers: list[str], rows: list[list[str]]) -> str:
    return "\n".join([f"| {' | '.join(headers)} |", "|" + "---|" * len(headers), *(f"| {' | '.join(map(str, r))} |" for r in rows)])


def summary_markdown(s: dict) -> str:
    passed = all(g["passed"] for g in s["gates"])
    st = s["statistics"]
    lines = [f"# graphrag-bench run {s['run_id']}", "",
             f"**Recommendation: {'PASS — ship GraphRAG for this corpus' if passed else 'FAIL — keep GraphRAG off'}**", "",
             f"Corpus `{s['corpus']['path']}`: {s['corpus']['documents']} documents, {s['corpus']['chunks']} chunks; "
             f"graph {s['graph']['entities']} entities, {s['graph']['relationships']} relationships; "
             f"{answerer_text(s)}.", "",
             f"Categories: {category_legend(s)}.", "",
             markdown_table(*modes_rows(s)), "",
             f"Latency: p95 over runs 2..{s['runs_per_question']} of every question; x vector = the mode's p95 / vector's, "
             "measured in the same interleaved loop.", "", EVIDENCE_NOTE, "",
             "## Each graph mode against the best non-graph mode", "",
             f"{PAIRWISE_NOTE[0].upper()}{PAIRWISE_NOTE[1:]}.", "",
             markdown_table(*pairwise_rows(s)), "",
             f"GraphRAG − vector per question: mean {st['mean_diff']}, 95% bootstrap CI {st['ci95']}, "
             f"permutation p = {st['p_value']} (n = {st['n']}); p95 ratio {s['latency_ratio_p95']}.", "",
             f"Extraction vs labels: {_pairs(s.get('extraction'))}.", "",
             f"Graph expansion vs labels: {_pairs(s.get('graph_expansion'))}.", "",
             "## Gates", "", markdown_table(*gates_rows(s, failed="**FAIL**"))]
    resolutions = s["audit"].get("resolutions") or []
    if resolutions:  # similar names the corpus was asked about: each kept apart or merged, with its reason
        lines += ["", "## Near-duplicate names", "", "| pair | decision | reason |", "|---|---|---|"]
        lines += [f"| {' ~ '.join(r['pair'])} | {r['status']} | {r['reason']} |" for r in resolutions]
    return "\n".join(lines) + "\n"


COLORS = {"baseline": "#8c8c8c", "bm25": "#d4a017", "hybrid_lexical": "#a0522d", "graphrag": "#2a7ab0", "graph_ppr": "#3c9d5d",
          "router": "#8e5ea2", "p50": "#9ecae1", "p95": "#2a7ab0"}
LABELS = {**{m: MODE_LABELS[m] for m in MODE_LABELS}, "baseline": "vector (baseline)", "graphrag": "GraphRAG (hybrid)",
          "p50": "p50", "p95": "p95"}


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


def _latency_chart(s: dict) -> str:
    """p50 and p95 of the pipeline per mode (runs 2..N), side by side."""
    modes = [m for m in s["modes"] if s["modes"][m]["p95_pipeline_ms"] is not None]
    if not modes:
        return "<p>No latency samples.</p>"
    series = {"p50": [round(s["modes"][m].get("p50_pipeline_ms") or 0.0, 2) for m in modes],
              "p95": [round(s["modes"][m]["p95_pipeline_ms"], 2) for m in modes]}
    return (_bars("pipeline latency per mode", [MODE_LABELS[m] for m in modes], series, round(max(series["p95"]) * 1.1, 1), " ms")
            + '<p class="note">Per mode: light bar p50, dark bar p95, in ms.</p>')


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


def report_html(s: dict, history: list[dict], evidence: list[dict] | None = None) -> str:
    """The run's report; `evidence`: `report_evidence.question_evidence` rows, for the per-question section."""
    b = s["modes"]["baseline"]
    cats = list(b["by_category"])
    modes = list(s["modes"])
    passed = all(x["passed"] for x in s["gates"])
    cat_chart = _bars("points per category and mode", cats, {m: [s["modes"][m]["by_category"][c]["points"] for c in cats] for m in modes},
                      max(b["by_category"][c]["max_points"] for c in cats))
    st = s["statistics"]
    retrieval = [[k, *((s["modes"][m]["retrieval"] or {}).get(k) for m in modes)] for k in ("mrr", "ndcg@5", "ndcg@10", "p@3", "r@10")]
    pairwise = pairwise_rows(s)
    legend = "".join(f'<span style="background:{COLORS[m]}"></span>{html.escape(LABELS[m])}' for m in modes)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>graphrag-bench {html.escape(s['run_id'])}</title>
<style>body{{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222;padding:0 1em}}
table{{border-collapse:collapse;margin:.5em 0 1.5em}} td,th{{border:1px solid #ccc;padding:4px 8px;text-align:left}}
tr.fail td{{background:#fde2e2}} tr.beats td{{background:#e0f2e0}} .verdict{{font-size:1.2em;padding:.6em 1em;border-radius:4px;display:inline-block}}
.pass{{background:#e0f2e0}} .failv{{background:#fde2e2}} .note{{color:#555;font-size:.9em}}
.legend span{{display:inline-block;width:12px;height:12px;margin:0 4px 0 14px;vertical-align:middle}}
details.question{{margin:.3em 0}} details.question summary{{cursor:pointer}} svg.subgraph{{display:block;margin:.4em 0}}</style></head>
<body><h1>graphrag-bench — run {html.escape(s['run_id'])}</h1>
<p class="verdict {'pass' if passed else 'failv'}">{'PASS: every release gate holds — GraphRAG may ship for this corpus' if passed else 'FAIL: a release gate does not hold — keep GraphRAG off'}</p>
<p>Corpus <code>{html.escape(str(s['corpus']['path']))}</code>: {s['corpus']['documents']} documents, {s['corpus']['chunks']} chunks;
graph {s['graph']['entities']} entities, {s['graph']['relationships']} relationships; {s['runs_per_question']} runs per question per mode;
{html.escape(answerer_text(s))}.</p>
<p class="legend">{legend}</p>
<h2>Points per category</h2>{cat_chart}
<p class="note">{html.escape(category_legend(s))}</p>
{_table(*modes_rows(s))}
<p class="note">{html.escape(EVIDENCE_NOTE)}</p>
<h2>Each graph mode against the best non-graph mode</h2>
<p class="note">{html.escape(PAIRWISE_NOTE[0].upper() + PAIRWISE_NOTE[1:])}.</p>
{_table(*pairwise, ["beats" if row[-1] == "yes" else "" for row in pairwise[1]])}
<p>GraphRAG − vector per question: mean {st['mean_diff']}, 95% bootstrap CI {st['ci95']}, permutation p = {st['p_value']} (n = {st['n']}).</p>
<h2>Pipeline latency per mode (runs 2..N)</h2>
<p>p95 GraphRAG / vector: {s['latency_ratio_p95']}; graph cache hit rate {s['modes']['graphrag'].get('graph_cache_hit_rate')}.</p>
{_latency_chart(s)}
<h2>Release gates</h2>{_table(*gates_rows(s), ["" if x["passed"] else "fail" for x in s["gates"]])}
<h2>Retrieval quality</h2>{_table(["metric", *(MODE_LABELS[m] for m in modes)], retrieval)}
<h2>History</h2>{_trend(history)}
<h2>The corpus's graph</h2>{overview_html(s.get("corpus_overview") or {})}
<h2>Questions: what each mode used</h2>
<p class="note">Per question, the reference answer; per mode its points, whether its context held every required phrase and
source, where its lost points went, the passages it used (document:lines) and, for a graph mode, the facts it followed
(the question's own entities in red).</p>
{evidence_html(evidence or [])}
</body></html>
"""


def blocked_summary(run_id: str, corpus: dict, audit: dict, gate_failures: list[dict]) -> dict:
    """summary.json for a run the audit stopped before any benchmark: every metric null, the gate named."""
    null_mode: dict = {"points": None, "max_points": None, "by_category": {}, "p95_pipeline_ms": None, "hallucinations": None,
                 "certainty_accuracy": None, "retrieval": None}
    return {"run_id": run_id, "corpus": corpus,
            "modes": {"baseline": dict(null_mode), "graphrag": {**null_mode, "graph_cache_hit_rate": None, "pipeline_cache_hit_rate": None}},
            "latency_ratio_p95": None,
            "graph": {"entities": audit.get("entities"), "relationships": audit.get("relationships"), "created": None,
                      "changed": None, "unchanged": None, "state_hash": None, "provenance_coverage": audit.get("provenance_coverage")},
            "extraction": None, "audit": {"passed": False, "duplicates": audit.get("duplicates"), "unresolved": audit.get("unresolved")},
            "gates": gate_failures, "questions": [], "stopped": "blocked by the entity-resolution audit; nothing was benchmarked"}


def _staged(run_dir: Path, write) -> Path:
    """`write(folder)` into a hidden staging folder beside `run_dir`, then switched in with one rename (an earlier
    folder of that name replaced): never a half-written run, and nothing half-written left behind (a full disk)."""
    run_dir = Path(run_dir)
    staging = run_dir.parent / f".{run_dir.name}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        write(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if run_dir.exists():
        shutil.rmtree(run_dir)
    staging.rename(run_dir)
    return run_dir


def write_blocked_run(run_dir: Path, summary: dict, audit: dict) -> Path:
    """The run folder of a blocked run: what is known (audit, summary), written atomically."""
    def write(staging: Path) -> None:
        _dump(staging / "entity_audit.json", audit)
        _dump(staging / "summary.json", summary)

    return _staged(run_dir, write)


def write_artifacts(run_dir: Path, summary: dict, bench: dict, scores: dict, questions: list[dict], audit: dict,
                    history: list[dict]) -> Path:
    """Every file of a run's folder, written atomically (`_staged`)."""
    evidence = question_evidence(questions, scores, bench["retrievals"])
    files = {
        "baseline_scores.json": scores["baseline"], "graphrag_scores.json": scores["graphrag"],
        "latency_baseline.json": bench["latency_baseline"], "latency_graphrag.json": bench["latency_graphrag"],
        "latency_breakdown.json": {mode: bench[f"phases_{mode}"] for mode in bench["answers"]},
        "cache_metrics.json": bench["cache"], "entity_audit.json": audit,
        "detailed_answers.json": [{"question_id": q["question_id"], "question": q["question"],
                                   "baseline": bench["answers"]["baseline"][q["question_id"]],
                                   "graphrag": bench["answers"]["graphrag"][q["question_id"]],
                                   "graphrag_retrieval": bench["retrievals"]["graphrag"][q["question_id"]],
                                   "answers": {mode: bench["answers"][mode][q["question_id"]] for mode in bench["answers"]}}
                                  for q in questions],
        "mode_scores.json": scores, "mode_latency.json": {mode: bench[f"latency_{mode}"] for mode in bench["answers"]},
        "reference_answers.json": questions, "summary.json": summary, "question_evidence.json": evidence,
    }
    def write(staging: Path) -> None:
        for name, data in files.items():
            _dump(staging / name, data)
        (staging / "summary.md").write_text(summary_markdown(summary), encoding="utf-8")
        (staging / "report.html").write_text(report_html(summary, history, evidence), encoding="utf-8")

    return _staged(run_dir, write)
