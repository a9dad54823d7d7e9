"""Reading a question: what it names, what it asks, in how many parts.

The things a question names are its anchors (resolved entities pinned by the retriever, or —
without a graph — names by typography). What it asks is read the same way extraction reads a
label: its predicate words are compared with the vocabulary (`semantics`), and the noun after
"which"/"what" with the entity types. Only English grammar is known here — wh-words,
auxiliaries, coordination, pronouns — never a relation, type or name of a corpus.

Direction: a wh-word followed by an auxiliary ("What does X depend on?") asks for the object of
the predicate; otherwise ("Which systems depend on X?", "Who approved X?") for its subject.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..language.english import (ADDITIVE, AUXILIARIES, BACK_REFERENCES, FUNCTION_WORDS, POINTING_DETERMINERS,
                                UNIVERSAL)
from ..language.text import CAPITALISED, WORD_DATE
from ..corpus.ingest import ID_IN_TEXT
from ..language.semantics import RELATION_THRESHOLD, Semantics, normalize_label
from ..graph.vocabulary import NAMED_TYPES, RECORD_TYPES
from .slots import SENTENCE_BREAK

WH = re.compile(r"^\s*(?:and\s+|but\s+)?(who|whom|whose|what|which|when|where|how\s+many|how)\b", re.IGNORECASE)
# A second question joined to the first: "…, and who approved it?", "…; what fixed it?"
PART_SPLIT = re.compile(r"\s*(?:[;?]\s*|,?\s+(?:and|but)\s+(?=(?:who|whom|what|which|when|where|how)\b))", re.IGNORECASE)
BACK_REFERENCE = re.compile(r"\b(?:" + "|".join(sorted(BACK_REFERENCES)) + r"|that one|this one)\b", re.IGNORECASE)
ADDITIVE_WORD = re.compile(r"\b(?:" + "|".join(sorted(ADDITIVE)) + r")\b", re.IGNORECASE)
UNIVERSAL_WORD = re.compile(r"\b(?:" + "|".join(sorted(UNIVERSAL)) + r")\b", re.IGNORECASE)
# "What connects A to B?", "the chain from A to B": the answer is the path between two named things.
SHAPE_THRESHOLD = 0.6
ASK_THRESHOLD = 0.5  # a predicate reading this close to a relation is something the question asks about
MEMO_SIZE = 10_000


def content_tokens(text: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in FUNCTION_WORDS and len(t) > 1}


@lru_cache(maxsize=65536)
def stems(text: str) -> frozenset[str]:
    """Content words cut to five letters: "depend", "depends" and "dependency" meet. (Memoized: evidence
    strings recur on every query.)"""
    return frozenset(w[:5] for w in content_tokens(text))


def id_tokens(text: str) -> set[str]:
    """Record ids the question names (ADR-009, INC-2024-7): if the evidence never mentions one, it is unknown."""
    return set(ID_IN_TEXT.findall(text))


def named_spans(question: str) -> list[tuple[str, int, int]]:
    """What a question names, by typography alone (no graph): record ids, dates and capitalised names."""
    spans = [(m.group(1), m.start(), m.end()) for m in ID_IN_TEXT.finditer(question)]
    spans += [(m.group(0), m.start(), m.end()) for m in WORD_DATE.finditer(question)]
    wh = WH.match(question)
    for m in CAPITALISED.finditer(question):
        if wh and m.start() < wh.end() or ID_IN_TEXT.fullmatch(m.group(0)):
            continue
        if not any(s <= m.start() < e for _, s, e in spans):
            spans.append((m.group(0).rstrip("."), m.start(), m.start() + len(m.group(0).rstrip("."))))
    return sorted(spans, key=lambda s: s[1])


@dataclass(frozen=True)
class Part:
    """One question of a possibly compound question."""

    text: str
    start: int  # offset of the part in the question
    wh: str
    answer_types: frozenset[str]  # empty: any type
    phrase: str  # the predicate: the part without its wh-phrase, auxiliaries and anchors
    anchors: tuple[str, ...]  # what this part names, as written, in order
    wh_subject: bool  # the wh-phrase is the predicate's subject ("Which change caused …")
    refers_back: bool  # a pronoun stands for something an earlier part named or answered
    relations: dict = field(default_factory=dict)  # relation → how strongly the predicate names it
    # The predicate's groups of words that each name relations, in order: "the graph database chosen in | depend on".
    groups: tuple[dict, ...] = ()
    main: int = 0  # the group the answer is the object or subject of (the others describe the way there)
    wh_noun: str = ""  # the word right after "which"/"what" ("RFC" of "Which RFC superseded …"), lower case

    def asks(self, relation: str) -> float:
        return self.relations.get(relation, 0.0)

    def main_relations(self) -> dict:
        return self.groups[self.main] if self.groups else self.relations

    def modifier(self, relation: str) -> int | None:
        """The index of the non-main group that names this relation, if any."""
        return next((i for i, g in enumerate(self.groups) if i != self.main and relation in g), None)


@dataclass(frozen=True)
class Reading:
    question: str
    parts: tuple[Part, ...]
    anchors: tuple[str, ...]  # what the question names, as written
    path: bool  # asks how two named things are connected
    transitive: bool  # asks for a whole chain ("directly or indirectly")
    statement: str = ""  # what the question states before it asks ("The RFC named X was superseded by a later RFC.")


class QuestionReader:
    def __init__(self, semantics: Semantics):
        self.semantics = semantics
        self._memo: dict[tuple, Reading] = {}

    def read(self, question: str, spans: list[tuple[str, int, int]] | None = None) -> Reading:
        """`spans`: (anchor, start, end) of what the question names; by typography when not given."""
        spans = list(spans) if spans is not None else named_spans(question)
        key = (question, tuple(spans))
        if key not in self._memo:
            if len(self._memo) >= MEMO_SIZE:  # a long-running agent asks ever new questions
                self._memo.clear()
            self._memo[key] = self._read(question, spans)
        return self._memo[key]

    def _read(self, question: str, spans: list[tuple[str, int, int]]) -> Reading:
        parts: list[Part] = []
        for piece, start in asked_pieces(question):
            if piece.strip():
                parts.append(self._part(piece, start, [s for s in spans if start <= s[1] < start + len(piece)], bool(parts)))
        anchors = tuple(dict.fromkeys(question[s:e] for _, s, e in spans))
        residue = strip_named(question, spans)
        path = len(anchors) >= 2 and self.semantics.shape_score(residue, "path") >= SHAPE_THRESHOLD
        transitive = any(self.semantics.shape_score(w, "transitive") >= SHAPE_THRESHOLD
                         for w in [residue, *re.split(r"[,;]", question)])
        statement = question[:parts[0].start].strip() if parts else ""
        return Reading(question, tuple(parts), anchors, path, transitive, statement)

    def _part(self, text: str, start: int, spans: list[tuple[str, int, int]], later: bool) -> Part:
        wh_match = WH.match(text)
        wh = wh_match.group(1).lower() if wh_match else ""
        cut = wh_match.end() if wh_match else 0
        rest = text[cut:]
        local = [(a, s - start - cut, e - start - cut) for a, s, e in spans if s - start >= cut]
        # The wh-phrase runs up to an auxiliary or a named thing: "Which incident report | did G. Freeney …".
        first_anchor = min((s for _, s, _ in local), default=len(rest))
        leading: list[str] = []
        for match in re.finditer(r"[\w'-]+", rest[:first_anchor]):
            if match.group(0).lower() in AUXILIARIES or len(leading) == 4:
                break
            leading.append(match.group(0).lower())
        answer_types: frozenset[str] = frozenset()
        noun_words: list[str] = []
        if wh in {"who", "whom", "whose"}:
            answer_types = frozenset({"person", "team"})
        elif wh == "when":
            answer_types = frozenset({"date"})
        elif wh in {"what", "which"}:
            answer_types, noun_words = self._type_noun(leading)
        following = re.match(r"\s*([\w'-]+)", rest[len(" ".join(noun_words)) + 1 if noun_words else 0:])
        wh_subject = not (following and following.group(1).lower() in AUXILIARIES)
        local = [(a, s, self._apposed_end(rest, e)) for a, s, e in local]  # "the Platform team": the noun is the name's
        tokens = [w for w in strip_named(rest, local).split() if w not in AUXILIARIES]
        if noun_words and tokens[:len(noun_words)] == noun_words:
            tokens = tokens[len(noun_words):]
        phrase = " ".join(tokens)
        refers_back = later and (bool(BACK_REFERENCE.search(text)) or not spans)
        relations, groups = self.relations(phrase, predicate_words(text))
        # English word order: a subject question's answer belongs to its first predicate ("Who owns the system
        # that X depends on"), an auxiliary question's to its last ("What does the system chosen in X depend on").
        main = 0 if wh_subject else max(len(groups) - 1, 0)
        return Part(text.strip(), start, wh, answer_types, phrase, tuple(text[s - start:e - start] for _, s, e in spans),
                    wh_subject, refers_back, relations, tuple(groups), main,
                    leading[0] if wh in {"what", "which"} and leading else "")

    def _type_noun(self, words: list[str]) -> tuple[frozenset[str], list[str]]:
        """'Which incident report did …' → ({incident}, [incident, report]): the shortest run of the words after
        the wh-word that names a type, extended while the longer run names it at least as well."""
        allowed = NAMED_TYPES + RECORD_TYPES
        for n in range(1, len(words) + 1):
            named = self._type_noun_of(" ".join(words[:n]), allowed)
            if named:
                best = self.semantics.type_scores(" ".join(words[:n]))[named]
                while n < len(words):
                    longer = " ".join(words[:n + 1])
                    if self._type_noun_of(longer, allowed) != named or self.semantics.type_scores(longer)[named] < best:
                        break
                    n += 1
                return frozenset({named}), words[:n]
        return frozenset(), []

    def _apposed_end(self, text: str, end: int) -> int:
        """Where a named thing ends, taking in a noun right after it that names a type ("Platform team")."""
        match = re.match(r"\s+([a-z][a-z-]+)\b", text[end:])
        if match and self._type_noun_of(match.group(1), NAMED_TYPES + RECORD_TYPES):
            return end + match.end()
        return end

    def _type_noun_of(self, text: str, allowed) -> str | None:
        """The type `text` names, if it names one at least as well as it names a relation ("What replaced …" is a
        verb, "Which team …" a type)."""
        named = self.semantics.entity_type(text, allowed)
        if not named:
            return None
        readings = self.semantics.readings(text)
        return named if not readings or self.semantics.type_scores(text)[named] >= readings[0].score else None

    def relation_windows(self, phrase: str, predicate: frozenset[str] = frozenset()) -> dict[str, tuple[float, int, int]]:
        """Relation → its best similarity over the phrase's word windows, and the window (first word, end) that names it
        (`relations` tells how `predicate` bounds the windows)."""
        words = phrase.split()
        windows = [(0, len(words))] + [(i, i + n) for n in (1, 2, 3) for i in range(len(words) - n + 1)
                                       if not predicate or predicate & {w.lower() for w in words[i:i + n]}]
        best: dict[str, tuple[float, int, int]] = {}
        for i, j in windows:
            window = " ".join(words[i:j])
            if not content_tokens(window):
                continue
            for r in self.semantics.readings(window):
                # The tightest window wins a tie: it says where in the question the relation is named.
                score, bi, bj = best.get(r.relation, (-1.0, 0, len(words) + 1))
                if r.score > score or (r.score == score and j - i < bj - bi):
                    best[r.relation] = (r.score, i, j)
        return best

    def relations(self, phrase: str, predicate: frozenset[str] = frozenset()) -> tuple[dict, list[dict]]:
        """Relation → best similarity over the phrase's word windows; and the relations grouped by where in the
        phrase they are named (overlapping windows are one predicate). With `predicate` (the words that predicate:
        `predicate_words`), a window below the whole phrase must hold one of them — a relation is named by a verb or
        by the noun a question equates, never by a noun that only names a thing ("the connection timeout")."""
        best = self.relation_windows(phrase, predicate)
        relations = {k: v[0] for k, v in best.items() if v[0] >= ASK_THRESHOLD}
        strong = sorted(((v[1], v[2], k, v[0]) for k, v in best.items() if v[0] >= RELATION_THRESHOLD))
        groups: list[tuple[int, dict]] = []
        for i, j, name, score in strong:
            if groups and i < groups[-1][0]:
                groups[-1][1][name] = score
                groups[-1] = (max(groups[-1][0], j), groups[-1][1])
            else:
                groups.append((j, {name: score}))
        return relations, [g for _, g in groups] or ([relations] if relations else [])

    def inverse(self, phrase: str, relation: str) -> bool | None:
        """Is the predicate worded from the relation's target ("approved", "owner")? None when it does not name it."""
        best = None
        for window in [phrase, *phrase.split()]:
            for r in self.semantics.readings(window):
                if r.relation == relation and (best is None or r.score > best.score):
                    best = r
        return best.inverse if best and best.score >= ASK_THRESHOLD else None


@lru_cache(maxsize=4096)
def predicate_words(text: str) -> frozenset[str]:
    """The words of a question part that predicate, from its parse: its verbs and root, and the noun or adjective a form of
    "be" equates ("who is the owner of X", "who is responsible for X") or a wh-word determines ("which team")."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    # Its verbs, and its root whatever its tag: "What does X depend on" parses "depend" as a noun, but it is the root.
    words = {t.lower_ for t in doc if t.pos_ == "VERB" or t.dep_ == "ROOT" and t.lemma_ not in ("be", "have", "do")}
    for t in doc:
        if t.head.lemma_ == "be" and t.dep_ in ("attr", "acomp", "nsubj") and t.pos_ in ("NOUN", "ADJ", "PROPN"):
            words.add(t.lower_)
        if t.lower_ in ("what", "which", "whose") and t.dep_ in ("det", "poss") and t.head.pos_ in ("NOUN", "PROPN"):
            words.add(t.head.lower_)
    return frozenset(words)


@lru_cache(maxsize=4096)
def pointed_objects(text: str) -> dict[str, str]:
    """The nouns a part's verb takes as its object with a pointing determiner, or as the kind of a name it gives, each
    with that verb ("what caused that incident": incident → caused; "who leads the Core Services team": team → leads):
    what the part is about, said before or named, not what it asks."""
    from ..language.spacy_pipeline import parse_all

    return {t.lower_: t.head.lower_ for t in parse_all([text])[0] if t.dep_ == "dobj" and t.head.pos_ == "VERB"
            and any(c.dep_ == "det" and c.lower_ in POINTING_DETERMINERS or c.dep_ == "compound" and c.pos_ == "PROPN"
                    for c in t.children)}


def document_nouns(question: str, spans: list[tuple[str, int, int]]) -> frozenset[str]:
    """The words of the names the question gives documents and the word right after one ("the Registry RFC",
    "ADR-6"): the nouns it calls a document by. (Only pinned names say what they name: their key starts with the
    entity's type.)"""
    words: list[str] = []
    for key, s, e in spans:
        if key.partition(":")[0] in RECORD_TYPES:
            following = re.match(r"\s+([A-Za-z]{2,})\b", question[e:])
            words += re.findall(r"[A-Za-z]{2,}", question[s:e]) + ([following.group(1)] if following else [])
    return frozenset(w.lower() for w in words if w.lower() not in FUNCTION_WORDS)


def strip_named(text: str, spans: list[tuple[str, int, int]]) -> str:
    """The text without the named things (and a determiner in front of them)."""
    out, pos = [], 0
    for _, s, e in sorted(spans, key=lambda x: x[1]):
        if s < pos:
            continue
        out.append(re.sub(r"\b(?:the|a|an)\s*$", "", text[pos:s], flags=re.IGNORECASE))
        pos = e
    out.append(text[pos:])
    return normalize_label(" ".join(out), max_words=40)


def asked_pieces(question: str) -> list[tuple[str, int]]:
    """Each part of a question as it asks (with its offset in the question): split where a second question is joined
    to the first, and each cut after the statements before its wh-word — statements ("The X RFC links its rules to
    rfcs#109. Which RFC came out of it?") say what the question is about (their names are anchors of the parts after
    them), not what it asks."""
    pieces = []
    offset = 0
    for piece in PART_SPLIT.split(question):
        start = question.find(piece, offset) if piece else offset
        offset = start + len(piece)
        asked = 0 if WH.match(piece) else next(
            (m.end() for m in SENTENCE_BREAK.finditer(piece) if WH.match(piece[m.end():])), 0)
        pieces.append((piece[asked:], start + asked))
    return pieces


def also_clause(part: str) -> tuple[int, str] | None:
    """A part asking which of a named group also hold another relation ("Which people on the Security Committee also
    chair a SIG"): where the group ends (the offset of "also" in the part) and what its members must hold besides
    ("chair a SIG"). None for a part that asks no wh-question before "also" or says nothing after it."""
    also = ADDITIVE_WORD.search(part)
    if also is None or not WH.match(part[:also.start()]) or not content_tokens(part[also.end():]):
        return None
    return also.start(), part[also.end():].strip()


def every_clause(part: str) -> tuple[int, int, str] | None:
    """A yes-or-no part asking whether every one of a named group's members of one kind also holds another relation
    ("Is every SIG Docs chair also one of the SIG's tech leads"): where the members' description starts (after the
    quantifier), where it ends (the offset of "also"), and what they must hold besides ("one of the SIG's tech
    leads"). None for a part that is no yes-or-no question, or quantifies nothing before "also"."""
    words = part.split()
    also = ADDITIVE_WORD.search(part)
    if not words or words[0].lower() not in AUXILIARIES or also is None or not content_tokens(part[also.end():]):
        return None
    every = UNIVERSAL_WORD.search(part, 0, also.start())
    return None if every is None else (every.end(), also.start(), part[also.end():].strip())


def also_groups(question: str, spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The spans each part of the question names before its "also" (`also_clause`, `every_clause`): the groups whose
    members it asks about ("the Security Response Committee" of "Which people on the Security Response Committee also
    chair a SIG"; "SIG Docs" of "Is every SIG Docs chair also one of its tech leads")."""
    groups: list[tuple[str, int, int]] = []
    for piece, start in asked_pieces(question):  # (what a statement before the question names is no group it asks about)
        also = also_clause(piece)
        every = every_clause(piece)
        begin, end = (0, also[0]) if also is not None else (every[0], every[1]) if every is not None else (0, 0)
        groups += [span for span in spans if start + begin <= span[1] < start + end]
    return groups
