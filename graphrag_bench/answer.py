"""The deterministic answerer (SPEC §3.7), shared by both modes: evidence in, labelled claims out.

It never asserts a relationship absent from its evidence: graph claims restate retrieved
facts, passage claims quote retrieved sentences. The first line is the answer headline:
`Answer: <what> (<label>) [SRC] …`; the lines after it are the supporting claims, each
`Subject (label) [SRC] relation Object (label) [SRC].`
"""

from __future__ import annotations

import re
from collections import defaultdict

from .intent import answer_types, content_tokens, id_tokens, relation_intents, wants_transitive
from .retrieve import Fact, Retrieval

LABELS = ("supported", "likely", "possible", "conflicting", "unknown")
PHRASES = {
    "DEPENDS_ON": "depends on", "APPROVED_BY": "was approved by", "APPROVED_ON": "was approved on",
    "APPROVED_IN": "was approved in", "DECIDES": "decides to use", "SUPERSEDES": "supersedes", "RESOLVES": "resolves",
    "CAUSED": "caused", "OWNS": "owns", "AUTHORED_BY": "was written by", "SAME_AS": "is also known as",
    "LED_BY": "was led by", "ATTENDED": "attended", "MEMBER_OF": "is a member of", "RECORDS": "records",
    "REFERENCES": "references", "MENTIONED_IN": "is mentioned in", "POSSIBLE_SAME_AS": "may be the same as",
}
TYPE_BY_PHRASE = {v: k for k, v in PHRASES.items()}
FUNCTIONAL = {"APPROVED_ON"}  # one true value per subject: two values from two sources conflict
MAX_PATH = 3
SUPPORTED_MIN = 0.75  # extractor certainty at which a sourced fact counts as explicitly supported
MAX_CLAIMS = 6
PREFIX = {"fallback": "[GRAPH_FALLBACK] ", "empty": "[GRAPH_EMPTY] ", "ok": ""}
# Relations that connect the question's entity to the one it is really about; cheap to cross.
BRIDGES = {"SAME_AS", "RECORDS", "DECIDES", "REFERENCES"}
# "What does X depend on" walks along DEPENDS_ON; "what depends on X" walks against it.
FORWARD_DEPENDENCY = re.compile(r"\b(?:does|do|did|will)\b[^?]*\b(?:depend|rel[yi]|need|require)", re.IGNORECASE)


def cite(doc_id: str) -> str:
    return f"[{doc_id}]"


def claim_line(f: Fact, label: str) -> str:
    return f"{f.source_name} ({label}) {cite(f.doc_id)} {PHRASES.get(f.type, f.type.lower())} {f.target_name} ({label}) {cite(f.doc_id)}."


def _entity_type(key: str) -> str:
    return key.split(":", 1)[0]


def _paths(facts: list[Fact], anchors: list[str]) -> list[tuple[str, list[tuple[Fact, str]]]]:
    """Simple paths (≤ MAX_PATH edges) from each anchor over the facts: (anchor, [(fact, node reached)])."""
    adjacent: dict[str, list[tuple[Fact, str]]] = defaultdict(list)
    for f in facts:
        adjacent[f.source].append((f, f.target))
        adjacent[f.target].append((f, f.source))
    paths: list[tuple[str, list[tuple[Fact, str]]]] = []

    def walk(start: str, node: str, path: list, seen: set) -> None:
        if path:
            paths.append((start, list(path)))
        if len(path) == MAX_PATH:
            return
        for fact, nxt in adjacent.get(node, []):
            if nxt not in seen:
                seen.add(nxt)
                path.append((fact, nxt))
                walk(start, nxt, path, seen)
                path.pop()
                seen.discard(nxt)

    for anchor in anchors:
        walk(anchor, anchor, [], {anchor})
    return paths


def _best_path(facts: list[Fact], question: str, anchors: list[str], others: list[str]) -> list[tuple[Fact, str]] | None:
    """The best-scoring path from the question's entities (or, at a cost, the seeds' entities)."""
    intents, types = relation_intents(question), answer_types(question)
    tokens = content_tokens(question)
    anchor_set = set(anchors)
    forward_dep = bool(FORWARD_DEPENDENCY.search(question))
    best, best_key = None, None
    for start, path in _paths(facts, anchors + [o for o in others if o not in anchor_set]):
        last_fact, end = path[-1]
        if end in anchor_set or last_fact.type not in intents:
            continue  # the answer is reached by a relation the question asks about
        # Each relation the question asks about counts once; every extra hop must earn its cost.
        covered = {f.type for f, _ in path if f.type in intents} - {last_fact.type}
        score = 3.0 + 1.0 * len(covered) + 2.0 * (_entity_type(end) in types)
        score -= sum(0.5 if f.type in BRIDGES else 0.6 if f.type in intents else 1.5 for f, _ in path[:-1]) + 0.3
        score -= 0.0 if start in anchor_set else 1.0
        if last_fact.type == "DEPENDS_ON":
            score += 1.0 if (last_fact.target == end) == forward_dep else -2.0
        score += 0.05 * len(tokens & content_tokens(last_fact.evidence))  # a tie-breaker, not a reason to hop
        key = (-score, len(path), [(f.doc_id, f.line, f.type) for f, _ in path], end)
        if best_key is None or key < best_key:
            best, best_key = path, key
    return best


def _sentences(passage_text: str) -> list[str]:
    body = passage_text.split("\n", 1)[-1]
    parts = re.split(r"(?<=[.!?])\s+|\n", body)
    return [re.sub(r"^\s*(?:[-*+|]|\d+\.)\s*", "", p).strip(" |") for p in parts if len(p.strip()) > 12]


def _passage_claims(r: Retrieval, limit: int) -> list[tuple[float, str, str]]:
    """(score, sentence, doc) for the retrieved sentences that share words with the question."""
    tokens = content_tokens(r.question)
    intents = relation_intents(r.question)
    cue_words = {w for t in intents for w in PHRASES.get(t, "").split() if len(w) > 3}
    scored = []
    for rank, passage in enumerate(r.passages):
        for sentence in _sentences(passage.text):
            words = content_tokens(sentence)
            overlap = len(tokens & words)
            if overlap == 0:
                continue
            score = overlap + 0.5 * len(cue_words & words) - 0.1 * rank
            scored.append((score, sentence, passage.doc_id))
    scored.sort(key=lambda s: (-s[0], s[2], s[1]))
    return scored[:limit]


UNKNOWN = "Answer: unknown (unknown) — the retrieved evidence does not address the question."


def _unanchored(r: Retrieval, facts: list[Fact]) -> bool:
    """The question names a record id that no retrieved passage or fact mentions: nothing to answer from."""
    ids = id_tokens(r.question)
    if not ids:
        return False
    seen = " ".join([p.text for p in r.passages] + [f"{f.source_name} {f.target_name} {f.evidence}" for f in facts]).lower()
    return any(i.lower() not in seen for i in ids)


def _attribute_answer(r: Retrieval) -> str | None:
    """"What is the severity of INC-001?": a header field of an entity the question names, with its source."""
    asked = content_tokens(r.question)
    for entity_id in r.question_pins:
        entry = r.attributes.get(entity_id)
        for field_name, (value, doc, _line) in sorted((entry or {}).get("values", {}).items()):
            if set(field_name.split("_")) <= asked:
                return (f"Answer: {value} (supported) {cite(doc)}\n"
                        f"- {entry['name']}: {field_name.replace('_', ' ')} is {value} (supported) {cite(doc)}")
    return None


def compose(r: Retrieval) -> str:
    """The answer text for one retrieval. Same input, same bytes."""
    prefix = PREFIX[r.status]
    facts = r.facts if r.status == "ok" else []
    if _unanchored(r, facts):
        return prefix + UNKNOWN
    attribute = _attribute_answer(r) if r.status == "ok" else None
    if attribute:
        return prefix + attribute
    path = _best_path(facts, r.question, r.question_pins, r.pinned) if facts else None
    if path:
        return prefix + _graph_answer(r, facts, path)
    claims = _passage_claims(r, 3)
    if not claims:
        return prefix + UNKNOWN
    lines = [f"Answer: {claims[0][1]} (supported) {cite(claims[0][2])}"]
    lines += [f"- {sentence} (supported) {cite(doc)}" for _, sentence, doc in claims[1:]]
    return prefix + "\n".join(lines)


def _graph_answer(r: Retrieval, facts: list[Fact], path: list[tuple[Fact, str]]) -> str:
    last, end = path[-1]
    forward = last.target == end
    before = last.source if forward else last.target
    # Every fact of the same relation from the same node answers too ("depends on A and B").
    end_type = _entity_type(end)
    answers = [f for f in facts if f.type == last.type and (f.source if forward else f.target) == before
               and _entity_type(f.target if forward else f.source) == end_type]
    if last.type == "DEPENDS_ON" and wants_transitive(r.question):
        answers += _further(facts, answers, forward)
    answers.sort(key=lambda f: (f is not last, f.doc_id, f.line))
    claims = [claim_line(f, _label(f)) for f, _ in path[:-1]]
    values = sorted({(f.target_name if forward else f.source_name, f.doc_id) for f in answers})
    if last.type in FUNCTIONAL and len({v for v, _ in values}) > 1:
        listed = ", ".join(f"{v} {cite(doc)}" for v, doc in values)
        head = f"Answer: the sources disagree: {listed} (conflicting) " + " ".join(cite(doc) for doc in sorted({d for _, d in values}))
        claims += [claim_line(f, "conflicting") for f in answers]
    else:
        names = list(dict.fromkeys(f.target_name if forward else f.source_name for f in answers))
        label = "supported" if all(f.certainty >= SUPPORTED_MIN for f, _ in path) else "likely"
        sources = list(dict.fromkeys(f.doc_id for f in [last] + [f for f, _ in reversed(path[:-1])] + answers))
        head = f"Answer: {', '.join(names)} ({label}) " + " ".join(cite(d) for d in sources)
        claims += [claim_line(f, _label(f)) for f in answers]
    return "\n".join([head] + [f"- {c}" for c in dict.fromkeys(claims)][:MAX_CLAIMS])


def _further(facts: list[Fact], first: list[Fact], forward: bool, levels: int = 2) -> list[Fact]:
    """Dependencies of dependencies (or dependants of dependants), for "transitively" questions."""
    found, frontier = [], {f.target if forward else f.source for f in first}
    seen = set(frontier)
    for _ in range(levels):
        step = [f for f in facts if f.type == "DEPENDS_ON" and (f.source if forward else f.target) in frontier]
        frontier = {f.target if forward else f.source for f in step} - seen
        seen |= frontier
        found += [f for f in step if (f.target if forward else f.source) in frontier]
    return found


def _label(f: Fact) -> str:
    return "supported" if f.certainty >= SUPPORTED_MIN else "likely"


def answer_label(answer: str) -> str:
    """The certainty label of the headline (first line)."""
    head = answer.split("\n", 1)[0]
    match = re.search(r"\((" + "|".join(LABELS) + r")\)", head)
    return match.group(1) if match else "unknown"
