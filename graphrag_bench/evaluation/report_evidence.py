"""The report's evidence: for each question, what each mode used (passages by document and lines; for a graph mode the
subgraph it followed, drawn as inline SVG) beside the reference answer, with its lost points attributed; and an
overview of the corpus's graph (entity and relation types, the most connected entities, the relations no vocabulary
type matched, with the documents' own words for them) so a user sees what the extractor did not understand.

Plain data in (`question_evidence`, `corpus_overview`: JSON-able, kept in the run folder and summary.json), HTML out.
"""

from __future__ import annotations

import html
import math
from collections import Counter

from ..graph.vocabulary import GENERIC
from ..retrieval.modes import GRAPH_MODES, MODE_LABELS

MAX_DRAWN_EDGES = 24  # a subgraph drawn per question and mode: the facts first packed, the rest counted
TOP = 10


def question_evidence(questions: list[dict], scores: dict[str, list[dict]], retrievals: dict[str, dict]) -> list[dict]:
    """Per question: the reference, and per mode its points, where its lost points went, and what its context held."""
    by_mode = {mode: {s["question_id"]: s for s in rows} for mode, rows in scores.items()}
    out = []
    for q in questions:
        qid = q["question_id"]
        modes = {}
        for mode, rows in by_mode.items():
            score, r = rows[qid], retrievals.get(mode, {}).get(qid) or {}
            facts = r.get("facts") or []
            names = {f[end]: f[f"{end}_name"] for f in facts for end in ("source", "target")}
            modes[mode] = {
                "points": score["total"], "evidence_complete": score.get("evidence_complete"),
                "lost": {k: score.get(f"lost_{k}", 0.0) for k in ("not_retrieved", "not_composed", "wrong_label")},
                "status": r.get("status", ""),
                "passages": [f"{p['doc_id']}:{p['start_line']}-{p['end_line']}" for p in r.get("passages") or []],
                "pinned": [names.get(p, p) for p in r.get("question_pins") or []],  # the question's entities, by name
                "edges": [[f["source_name"], f["type"], f["target_name"], f"{f['doc_id']}:{f['line']}"] for f in facts],
            }
        out.append({"question_id": qid, "category": q["category"], "question": q["question"],
                    "reference": {"answer": q.get("answer_entities") or q.get("required_entities") or [],
                                  "sources": q.get("required_sources") or [], "certainty": q.get("certainty", "")},
                    "modes": modes})
    return out


def corpus_overview(entities: list[dict], relationships: list[dict]) -> dict:
    """Counts by type, the most connected entities, and the relations left untyped (by their label)."""
    names = {e["id"]: e["name"] for e in entities}
    degree = Counter(x for r in relationships for x in (r["source"], r["target"]))
    untyped = Counter((r.get("label") or "(no label)") for r in relationships if r["type"] == GENERIC)
    return {"entity_types": dict(Counter(e["type"] for e in entities).most_common()),
            "relation_types": dict(Counter(r["type"] for r in relationships).most_common()),
            "most_connected": [[names.get(k, k), k.split(":", 1)[0], n] for k, n in degree.most_common(TOP)],
            "untyped_relations": sum(untyped.values()),
            "untyped_labels": [[label, n] for label, n in untyped.most_common(TOP)]}


def subgraph_svg(title: str, pinned: list[str], edges: list[list[str]]) -> str:
    """The facts a graph mode followed, as a directed graph on a circle; the question's own entities (`pinned`, by
    name) drawn bold and red."""
    shown = edges[:MAX_DRAWN_EDGES]
    nodes = list(dict.fromkeys([n for s, _, t, _ in shown for n in (s, t)]))
    if not nodes:
        return ""
    size, radius = 420, 150
    centre = size / 2
    place = {n: (centre + radius * math.cos(2 * math.pi * i / len(nodes) - math.pi / 2),
                 centre + radius * math.sin(2 * math.pi * i / len(nodes) - math.pi / 2)) for i, n in enumerate(nodes)}
    pinned_names = set(pinned)
    body = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" '
            'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#777"/></marker></defs>']
    for source, relation, target, where in shown:
        (x1, y1), (x2, y2) = place[source], place[target]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        x2, y2 = x2 - (x2 - x1) * 8 / length, y2 - (y2 - y1) * 8 / length  # the arrow ends at the node's rim
        body.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#777" marker-end="url(#arrow)">'
                    f'<title>{html.escape(f"{source} -{relation}-> {target} [{where}]")}</title></line>')
    for n, (x, y) in place.items():
        bold = n in pinned_names
        colour, weight = ("#c0392b", "bold") if bold else ("#4a78b5", "normal")
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{colour}"/><text x="{x:.1f}" y="{y - 11:.1f}" '
                    f'text-anchor="middle" font-weight="{weight}">{html.escape(n[:28])}</text>')
    more = len(edges) - len(shown)
    if more > 0:
        body.append(f'<text x="4" y="{size - 6}">… and {more} more facts</text>')
    return (f'<svg class="subgraph" role="img" aria-label="{html.escape(title)}" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="11">'
            f'{"".join(body)}</svg>')


def _lost(lost: dict) -> str:
    parts = [f"{label} {lost[key]:g}" for key, label in (("not_retrieved", "not retrieved"),
                                                         ("not_composed", "retrieved but not composed"),
                                                         ("wrong_label", "wrong label")) if lost.get(key)]
    return ", ".join(parts) or "none"


def evidence_html(rows: list[dict]) -> str:
    """One folded section per question: the reference, then per mode its points, lost points and context."""
    out = []
    for row in rows:
        ref = row["reference"]
        points = " · ".join(f"{MODE_LABELS[m]} {v['points']:g}" for m, v in row["modes"].items())
        cells = []
        for mode, v in row["modes"].items():
            edges = "<br>".join(html.escape(f"{s} -{t}-> {o} [{w}]") for s, t, o, w in v["edges"][:MAX_DRAWN_EDGES])
            drawing = subgraph_svg(f"{MODE_LABELS[mode]}: the subgraph followed for {row['question_id']}", v["pinned"],
                                   v["edges"]) if mode in GRAPH_MODES else ""
            cells.append(f"<tr><td>{html.escape(MODE_LABELS[mode])}</td><td>{v['points']:g}</td>"
                         f"<td>{'yes' if v['evidence_complete'] else 'no' if v['evidence_complete'] is False else ''}</td>"
                         f"<td>{html.escape(_lost(v['lost']))}</td><td>{html.escape(', '.join(v['passages']))}"
                         f"{'<br>' + edges if edges else ''}{drawing}</td></tr>")
        out.append(f'<details class="question"><summary><b>{html.escape(row["question_id"])}</b> '
                   f'{html.escape(row["question"])} <span class="note">({html.escape(points)})</span></summary>'
                   f'<p>Reference: {html.escape(", ".join(map(str, ref["answer"])) or "none (unanswerable)")} '
                   f'({html.escape(ref["certainty"])}); sources {html.escape(", ".join(ref["sources"]) or "none")}</p>'
                   "<table><thead><tr><th>mode</th><th>points</th><th>context held the evidence</th><th>lost points</th>"
                   f"<th>passages (document:lines), graph facts followed</th></tr></thead><tbody>{''.join(cells)}</tbody>"
                   "</table></details>")
    return "".join(out)


def overview_html(overview: dict) -> str:
    if not overview:
        return ""

    def counts(d: dict) -> str:
        return ", ".join(f"{html.escape(k)} {v}" for k, v in d.items()) or "none"

    connected = "".join(f"<tr><td>{html.escape(n)}</td><td>{html.escape(t)}</td><td>{d}</td></tr>"
                        for n, t, d in overview["most_connected"])
    labels = "".join(f"<tr><td>{html.escape(label)}</td><td>{n}</td></tr>" for label, n in overview["untyped_labels"])
    return (f'<div class="overview"><p>Entities by type: {counts(overview["entity_types"])}.</p>'
            f'<p>Relations by type: {counts(overview["relation_types"])}.</p>'
            f"<table><thead><tr><th>most connected entity</th><th>type</th><th>edges</th></tr></thead><tbody>{connected}"
            "</tbody></table>"
            f'<p>{overview["untyped_relations"]} relations matched no vocabulary type ({html.escape(GENERIC)}): what the '
            "extractor read as a relation and could not name. Their most frequent wordings in your documents:</p>"
            f"<table><thead><tr><th>the documents' words</th><th>relations</th></tr></thead><tbody>{labels}</tbody></table></div>")
