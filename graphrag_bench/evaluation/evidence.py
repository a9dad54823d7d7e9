"""Evidence recall: what a mode's context held before any answer was composed.

For one question and one mode's retrieval (its passages and packed graph facts): the share of the question's required
phrases the context holds (an entity id counts by its name or any alias, as the scorer counts it), the share of its
required sources it holds (a passage or a fact from that document), and whether it holds all of them. A user whose
agent writes answers with its own language model gets this context; the points lost on a question are attributed to
retrieval (the context was incomplete), composition (it was complete, the answer still lost points), or the label.
A question that requires nothing (an unanswerable one) has no evidence figure.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..corpus.ingest import normalize_doc_ref

MAX_POINTS = 4.0


@dataclass(frozen=True)
class Evidence:
    phrases: float | None  # share of required phrases held; None when none are required
    sources: float | None  # share of required sources held; None when none are required
    complete: bool | None  # every required phrase and source held; None when nothing is required
    missing: tuple[str, ...] = ()  # what the context lacked, phrases then sources


def context_text(retrieval: dict) -> str:
    """Everything a mode handed over: passage texts, then each fact's two names, relation label and evidence, the
    titles of the documents the facts name, then the kept pages' front matter."""
    parts = [p["text"] for p in retrieval.get("passages") or []]
    parts += [" ".join(str(f.get(k) or "") for k in ("source_name", "label", "target_name", "evidence"))
              for f in retrieval.get("facts") or []]
    parts += list((retrieval.get("titles") or {}).values())
    parts += [f"{name}: {value}" for fields in (retrieval.get("headers") or {}).values() for _, name, value in fields]
    return "\n".join(parts)


def context_sources(retrieval: dict) -> set[str]:
    return {normalize_doc_ref(x["doc_id"]) for key in ("passages", "facts") for x in retrieval.get(key) or []}


def evidence_held(question: dict, retrieval: dict | None, held) -> Evidence:
    """`held(text, phrase) → bool`: whether `text` mentions the required phrase or entity (the scorer's rule)."""
    phrases, sources = question["required_entities"], question["required_sources"]
    if not phrases and not sources:
        return Evidence(None, None, None)
    text, docs = (context_text(retrieval), context_sources(retrieval)) if retrieval else ("", set())
    missing = [p for p in phrases if not held(text, p)]
    missing += [s for s in sources if normalize_doc_ref(s) not in docs]
    lacking_phrases = sum(1 for p in phrases if p in missing)
    lacking_sources = len(missing) - lacking_phrases
    return Evidence(round(1 - lacking_phrases / len(phrases), 4) if phrases else None,
                    round(1 - lacking_sources / len(sources), 4) if sources else None,
                    not missing, tuple(missing))


def lost_points(total: float, certainty_penalty: float, complete: bool | None) -> dict[str, float]:
    """Where a question's lost points (4 − total) went: the label (the certainty penalty), then retrieval when the
    context was incomplete, else composition."""
    lost = max(0.0, MAX_POINTS - total)
    label = min(lost, -certainty_penalty)
    rest = lost - label
    return {"not_retrieved": rest if complete is False else 0.0, "not_composed": 0.0 if complete is False else rest,
            "wrong_label": label}


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def evidence_summary(questions: list[dict], scores: list[dict]) -> dict:
    """One mode's `evidence` block of summary.json: recall of phrases and sources, the share of questions whose
    context was complete, the composition figure (mean points on those questions) and the share of their labels
    equal to the key, lost points by cause, per category and per question."""
    by_q = {s["question_id"]: s for s in scores}
    asked = {q["question_id"]: q["certainty"] for q in questions}

    def block(qs: list[dict]) -> dict:
        rows = [by_q[q["question_id"]] for q in qs]
        judged = [r for r in rows if r.get("evidence_complete") is not None]
        complete = [r for r in judged if r["evidence_complete"]]
        return {"questions": len(judged),
                "phrase_recall": _mean([r["evidence_phrases"] for r in judged if r["evidence_phrases"] is not None]),
                "source_recall": _mean([r["evidence_sources"] for r in judged if r["evidence_sources"] is not None]),
                "complete": _mean([1.0 if r["evidence_complete"] else 0.0 for r in judged]),
                "complete_questions": len(complete),
                "composition": _mean([r["total"] for r in complete]),
                # (the label's share apart from retrieval: a mode that did not find the evidence cannot label it)
                "certainty_when_complete": _mean([1.0 if r["label"] == asked[r["question_id"]] else 0.0 for r in complete]),
                "lost": {cause: round(sum(r.get(f"lost_{cause}", 0.0) for r in rows), 2)
                         for cause in ("not_retrieved", "not_composed", "wrong_label")}}

    out = block(questions)
    categories = sorted({q["category"] for q in questions})
    out["by_category"] = {c: block([q for q in questions if q["category"] == c]) for c in categories}
    out["per_question"] = {q["question_id"]: by_q[q["question_id"]].get("evidence_complete") for q in questions}
    return out
