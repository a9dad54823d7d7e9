"""The scoring rubric (SPEC §3.9), deterministic, rule by rule. Documented in docs/SCORING.md.

Per question: correctness 0–2, citation 0–1, completeness 0–1, hallucination −1 per
finding (at most −2), certainty −1, conflicting bonus +1; total capped to [−2, 4].
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from ..answers.answer import answer_label
from ..corpus.ingest import normalize_doc_ref
from ..graph.vocabulary import TYPE_BY_PHRASE
from .evidence import Evidence, evidence_held, lost_points

CITATION = re.compile(r"\[(?:source:)?([A-Za-z0-9][A-Za-z0-9_.\-]*)\]")
ENTITY_TAG = re.compile(r"\{entity:([a-z_]+:[^}]+)\}")
CLAIM = re.compile(r"^- (?P<s>.+?) \((?P<l1>\w+)\) \[(?P<d1>[^\]]+)\] (?P<p>" + "|".join(map(re.escape, sorted(TYPE_BY_PHRASE, key=len, reverse=True)))
                   + r") (?P<o>.+?) \((?P<l2>\w+)\) \[(?P<d2>[^\]]+)\]\.$")
PREFIXES = {"graph_down": "[GRAPH_FALLBACK]", "graph_empty": "[GRAPH_EMPTY]"}


@dataclass
class Score:
    question_id: str
    correctness: float
    citation: float
    completeness: float
    hallucination: float
    certainty: float
    bonus: float
    total: float
    label: str
    hallucinations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # What the mode's context held before composing (`evidence`), and where the lost points went; None without it.
    evidence_phrases: float | None = None
    evidence_sources: float | None = None
    evidence_complete: bool | None = None
    lost_not_retrieved: float = 0.0
    lost_not_composed: float = 0.0
    lost_wrong_label: float = 0.0

    def as_dict(self) -> dict:
        return asdict(self)


class EntityNames:
    """How a required entity may appear in an answer: its id, its name, any alias, or a literal phrase."""

    def __init__(self, entities: list[dict]):
        self.canonical = {e["id"]: e.get("canonical_id") or e["id"] for e in entities}
        self.names: dict[str, set[str]] = {}
        for e in entities:  # every surface form of an entity, its aliases' included, under its canonical id
            self.names.setdefault(self.canonical[e["id"]], set()).update({e["name"], *list(e.get("aliases") or [])})

    def forms(self, ref: str) -> set[str]:
        if not re.match(r"^[a-z_]+:", ref):
            return {ref}  # a literal phrase
        known = self.names.get(self.canonical.get(ref, ref))
        # An id this graph does not know still matches its own words ("system:object_storage" → "object storage").
        return {ref, *(known or {ref.split(":", 1)[1].replace("_", " ")})}


def mentioned(text: str, forms: set[str]) -> bool:
    lowered = text.lower()
    for form in forms:
        pattern = r"(?<![a-z0-9])" + re.escape(form.lower()) + r"(?![a-z0-9])"
        if re.search(pattern, lowered):
            return True
    return False


def cited_sources(answer: str) -> set[str]:
    return {normalize_doc_ref(m) for m in CITATION.findall(answer)}


def claims(answer: str) -> list[dict]:
    return [m.groupdict() for line in answer.split("\n") if (m := CLAIM.match(line.strip()))]


def unsupported_claims(answer: str, known: set[tuple[str, str, str]], doc_texts: dict[str, str]) -> list[str]:
    """Structured claims whose relationship is neither in the graph nor stated in the cited document."""
    found = []
    for c in claims(answer):
        rtype = TYPE_BY_PHRASE[c["p"]]
        key = (c["s"].lower(), rtype, c["o"].lower())
        if key in known:
            continue
        text = doc_texts.get(normalize_doc_ref(c["d1"]), "").lower()
        if c["s"].lower() in text and c["o"].lower() in text:
            continue
        found.append(f"{c['s']} {c['p']} {c['o']}")
    return found


def score_answer(q: dict, answer: str, mode: str, names: EntityNames, known: set, doc_texts: dict,
                 evidence: Evidence | None = None) -> Score:
    notes: list[str] = []
    head = answer.split("\n", 1)[0]
    label = answer_label(answer)
    failure = q.get("failure_mode") if mode == "graphrag" else None

    # Correctness 0–2: the answer entities in the headline (2), elsewhere or partly (1), absent (0).
    targets = q["answer_entities"]
    if q["certainty"] == "unknown" and not targets:
        correctness = 2.0 if label == "unknown" else 0.0
    else:
        in_head = [t for t in targets if mentioned(head, names.forms(t))]
        anywhere = [t for t in targets if mentioned(answer, names.forms(t))]
        correctness = 2.0 if len(in_head) == len(targets) else 1.0 if (in_head or len(anywhere) == len(targets)) else 0.0
    if failure and not answer.startswith(PREFIXES[failure]):
        notes.append(f"missing {PREFIXES[failure]} prefix")
        correctness = 0.0

    # Citation 0–1: every required source cited in structured form; some → 0.5.
    required = {normalize_doc_ref(s) for s in q["required_sources"]}
    cited = cited_sources(answer)
    citation = 1.0 if required <= cited else 0.5 if required & cited else 0.0

    # Completeness 0–1: every required entity mentioned by id, alias or phrase; at least half → 0.5.
    req = q["required_entities"]
    hit = [e for e in req if mentioned(answer, names.forms(e)) or e in ENTITY_TAG.findall(answer)]  # = ScoringContext.held
    completeness = 1.0 if len(hit) == len(req) else 0.5 if req and len(hit) * 2 >= len(req) else 0.0

    # Hallucination: forbidden claims, and relationships with no support in corpus or graph.
    halluc = [f"forbidden: {f}" for f in q["forbidden_claims"] if f.lower() in answer.lower()]
    halluc += [f"unsupported: {c}" for c in unsupported_claims(answer, known, doc_texts)]
    if failure == "graph_down" and claims(answer):
        halluc.append("graph-derived claim while the graph store is down")
    hallucination = -min(2.0, float(len(halluc)))

    # Certainty −1: wrong label, or a label without the signals it needs.
    signals = len(cited) + (1 if claims(answer) else 0)
    sig = q["signals"]
    certainty = 0.0
    if label == "unknown":
        certainty = -1.0 if correctness > 0 and q["certainty"] != "unknown" else 0.0  # honest unknown costs 0
    elif label != q["certainty"]:
        certainty = -1.0
        notes.append(f"label {label!r}, expected {q['certainty']!r}")
    elif label == "likely" and signals < sig.get("likely_min_signals", 2):
        certainty = -1.0
    elif label == "possible" and signals < sig.get("possible_min_signals", 1):
        certainty = -1.0
    bonus = 1.0 if label == "conflicting" == q["certainty"] and required <= cited and correctness > 0 else 0.0

    total = max(-2.0, min(4.0, correctness + citation + completeness + hallucination + certainty + bonus))
    evidence = evidence or Evidence(None, None, None)
    lost = lost_points(total, certainty, evidence.complete)
    return Score(q["question_id"], correctness, citation, completeness, hallucination, certainty, bonus, total, label, halluc, notes,
                 evidence.phrases, evidence.sources, evidence.complete, lost["not_retrieved"], lost["not_composed"],
                 lost["wrong_label"])


class ScoringContext:
    """What the scorer checks answers against: entity names and aliases, graph relations, document texts."""

    def __init__(self, entities: list[dict], relationships: list[dict], documents: dict[str, str]):
        self.names = EntityNames(entities)
        by_id = {e["id"]: e["name"] for e in entities}
        self.known = {(by_id.get(r["source"], r["source"]).lower(), r["type"], by_id.get(r["target"], r["target"]).lower())
                      for r in relationships}
        self.doc_texts = {normalize_doc_ref(doc_id): text for doc_id, text in documents.items()}

    def held(self, text: str, phrase: str) -> bool:
        """Whether `text` mentions a required entity or phrase, by the rule completeness uses."""
        return mentioned(text, self.names.forms(phrase)) or phrase in ENTITY_TAG.findall(text)

    def score(self, question: dict, answer: str, mode: str, retrieval: dict | None = None) -> Score:
        """`retrieval`: the mode's context for the question (`Retrieval.as_dict()`), for its evidence recall."""
        evidence = evidence_held(question, retrieval, self.held) if retrieval is not None else None
        return score_answer(question, answer, mode, self.names, self.known, self.doc_texts, evidence)
