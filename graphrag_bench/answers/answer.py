"""The deterministic answerer (SPEC §3.7), shared by every mode: evidence in, labelled claims out.

Graph facts answer first, but only where they can do no harm: a path that starts at what the question names (and,
when it names two things and asks how they connect, ends at the other), whose last step is the relation the part asks
about in the direction the wording gives, whose end has the type the wh-phrase asks for — and which says it
explicitly (an answer the graph only loosely supports, "possible", is dropped), of the kind the question asks (a
person or team for "who", a day for "when", a value shaped as a number or a version). Otherwise the passages are
read (`reader`): each asked part filled from the context sentence that addresses it, that sentence quoted after the
headline. Certainty comes from the shape of the evidence: one source that states it → supported; two sources
chained, or a path of statements → likely; two values of a single value from two sources → conflicting, both cited;
nothing that addresses the question → unknown. The first line is the headline `Answer: <what> (<label>) [SRC] …`;
the lines after it are claims `Subject (label) [SRC] relation Object (label) [SRC].` or quoted sentences
`- [SRC] line N: "…"`. Text in the evidence that addresses an assistant or is a database query is never repeated
(`untrusted`).
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache, partial

from .fillers import field_labels_of, shape_kinds
from .reader import ContextWords, PassageReader
from .reader import PartAnswer as PassagePart
from .sentences import Sentence, clean, context_sentences, linked_as
from .slots import AskedPart, AskedQuestion, SlotReader, stem, terms_of
from .joined import group_lists, held_ends, joined_members
from .question_reading import (ASK_THRESHOLD, MEMO_SIZE, Part, QuestionReader, Reading, also_clause, content_tokens,
                               document_nouns, every_clause, id_tokens, pointed_objects, predicate_words, strip_named)
from ..retrieval.retrieve import Fact, Retrieval, calls
from ..language.english import EXCLUSIVE
from ..language.text import split_items
from ..language.semantics import RELATION_THRESHOLD, Semantics
from ..corpus.untrusted import withhold, withheld_note
from ..corpus.ingest import ID_NUMBER, ID_REFERENCE
from ..graph.vocabulary import (GENERIC, GLOSS_PATTERNS, IDENTITY, PHRASES, RECORD_TYPES, RECORDS, RELATIONS, SEMANTIC,
                                SYMMETRIC)

LABELS = ("supported", "likely", "possible", "conflicting", "unknown")
# How a path is scored (2 × how well its last step is what was asked, then per step and start):
EXPLAINED_STEP = 0.9  # a step another predicate of the question names ("the system approved on …")
IDENTITY_STEP = -0.3  # crossing two names of one thing
UNASKED_STEP = -1.5  # a step nothing in the question asks for, from a record to the thing it is about
DIRECTION, WRONG_DIRECTION = 1.0, -2.0  # the answer on the side of the relation the wording asks for
STRENGTH = {label: i for i, label in enumerate(LABELS)}  # lower is stronger
MAX_PATH = 3
SUPPORTED_MIN = 0.75  # extractor certainty at which a sourced fact counts as explicitly stated
MAX_CLAIMS = 6
PREFIX = {"fallback": "[GRAPH_FALLBACK] ", "empty": "[GRAPH_EMPTY] ", "ok": ""}
EXCLUSIVE_NOUN = re.compile(r"\b(?:" + "|".join(EXCLUSIVE) + r")\s+([a-z][a-z-]+)", re.IGNORECASE)  # "only author"
UNKNOWN = "Answer: unknown (unknown) — the retrieved evidence does not address the question."


def cite(doc_id: str) -> str:
    return f"[{doc_id}]"


def claim_line(f: Fact, label: str) -> str:
    return f"{f.source_name} ({label}) {cite(f.doc_id)} {PHRASES.get(f.type, f.type.lower())} {f.target_name} ({label}) {cite(f.doc_id)}."


def _type(key: str) -> str:
    return key.split(":", 1)[0]


def answer_label(answer: str) -> str:
    """The certainty label of the headline (first line)."""
    head = answer.split("\n", 1)[0]
    match = re.search(r"\((" + "|".join(LABELS) + r")\)", head)
    return match.group(1) if match else "unknown"


@dataclass
class PartAnswer:
    names: list[str]
    keys: list[str]
    facts: list[Fact]  # the path to the answer, then every answering fact
    sources: list[str]
    label: str
    clause: str  # the part as a statement: "CHG-003 resolves INC-002"


class Answerer:
    """Composes one answer per retrieval. Same input, same bytes."""

    def __init__(self, semantics: Semantics | None = None):
        self._semantics = semantics
        self._reader: QuestionReader | None = None
        self._slots: SlotReader | None = None
        self._passages: PassageReader | None = None
        self._label_scores: dict[tuple[str, str], float] = {}

    @property
    def reader(self) -> QuestionReader:
        if self._reader is None:
            if self._semantics is None:
                from ..runtime.embed import Embedder

                self._semantics = Semantics(Embedder())
            self._reader = QuestionReader(self._semantics)
        return self._reader

    @property
    def slots(self) -> SlotReader:
        if self._slots is None:
            self._slots = SlotReader(self.reader.semantics.similarity)
        return self._slots

    @property
    def passages(self) -> PassageReader:
        if self._passages is None:
            self._passages = PassageReader(self.reader.semantics.embedder.encode, self._glosses, self.slots.read)
        return self._passages

    def _glosses(self, phrase: str, part: str) -> list[re.Pattern]:
        """How a sentence may say the relations a part's phrase clearly names: the vocabulary's glosses of each. Not
        one named only by the object its verb points back to or names, where the verb names a relation itself: "what
        caused that incident" names a cause ("incident" alone would name who led one, "incident commander"); "who leads
        the Core Services team", who leads (not "team" of membership, which any sentence naming a team would say)."""
        named = {name: window for name, window in self.reader.relation_windows(phrase).items()
                 if name in GLOSS_PATTERNS and window[0] >= RELATION_THRESHOLD}
        words = [w.lower() for w in phrase.split()]
        verbs = {words[i] for _, i, j in named.values() if j - i == 1}  # the words that name a relation alone
        objects = {noun for noun, verb in pointed_objects(part).items() if verb in verbs}
        return [GLOSS_PATTERNS[name] for name, (_, i, j) in sorted(named.items())
                if not (j - i == 1 and words[i] in objects)]

    def __call__(self, r: Retrieval) -> str:
        """Documents are data: untrusted lines of the passages (`untrusted.withhold`) are never repeated. When the answer
        from the whole evidence would differ, the answer without them is given and says what it withheld."""
        clean, withheld = withhold(r.passages)
        if not withheld:
            return self._compose(r)
        answer = self._compose(dataclasses.replace(r, passages=clean))
        return answer if self._compose(r) == answer else f"{answer}\n{withheld_note(withheld)}"

    def _compose(self, r: Retrieval) -> str:
        prefix = PREFIX[r.status]
        facts = r.facts if r.status == "ok" else []
        if _unanchored(r, facts):
            return prefix + UNKNOWN
        reading = self.reader.read(r.question, r.question_spans if r.question_pins else None)
        # A field of a named entity answers a question of one part; it would answer one part of several for all.
        parts = self.slots.read(r.question).parts
        attribute = _attribute_answer(r, parts[0]) if r.status == "ok" and len(parts) == 1 else None
        if attribute:
            return prefix + attribute
        sentences = context_sentences(r)  # (read once, for the graph's answer and the passages')
        words = ContextWords(sentences)
        if facts:
            answer = self._graph_answer(r, reading, facts, sentences, words)
            if answer:
                return prefix + answer
        return prefix + self._passage_answer(r, reading, sentences, words)

    # -- relevance of a fact to a part --------------------------------------------------------------------------
    def _asked(self, part: Part, main: dict, last: Fact, end: str) -> float:
        """How well a path's last step is what the part asks. "When did INC-001 happen?" names no relation: then a
        day the record states ("Date: 2026-02-03") is its answer, as an explicit statement."""
        if last.type != GENERIC:
            return main.get(last.type, 0.0)
        if _words_between(last) and not _has_verb(last.label):
            return 0.0  # ("CNCF" for "is it the group that …", from "kubernetes … groups and the wider CNCF")
        ask = self.relevance(part, last)
        if not main and part.answer_types == {"date"} and _type(end) == "date":
            ask = max(ask, RELATION_THRESHOLD)
        return ask

    def relevance(self, part: Part, f: Fact) -> float:
        """How well the fact's relation is what the part asks: its type's reading, or for a RELATED_TO fact the
        similarity of its label to the part's predicate."""
        if f.type != GENERIC:
            return part.asks(f.type)
        key = (part.phrase, f.label)
        if key not in self._label_scores:
            if len(self._label_scores) >= MEMO_SIZE:
                self._label_scores.clear()
            words = part.phrase.split()
            windows = {part.phrase} | {" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)}
            self._label_scores[key] = max((self.reader.semantics.similarity(w, f.label) for w in windows
                                           if content_tokens(w)), default=0.0) if f.label else 0.0
        return self._label_scores[key]

    def _exclusive(self, part: Part, relation: str) -> bool:
        """The part asks for the only one of the relation ("as their only author", "its sole owner")."""
        return any(any(r.relation == relation and r.score >= ASK_THRESHOLD for r in self.reader.semantics.readings(m.group(1)))
                   for m in EXCLUSIVE_NOUN.finditer(part.text))

    # -- graph -------------------------------------------------------------------------------------------------------
    def _graph_answer(self, r: Retrieval, reading: Reading, facts: list[Fact], sentences: list[Sentence],
                      words: ContextWords) -> str | None:
        asked = self.slots.read(r.question)
        # "How is A connected to B?": the chain between them — an answer only where the question asks for no kind.
        if reading.path and len(r.question_pins) >= 2 and all(p.slot == "thing" for p in asked.parts):
            chain = _connection(facts, r.question_pins[0], r.question_pins[1])
            if chain:
                return _render_path(chain)
        # A word the question asks by that the context uses as a label is the corpus's own name for what is asked: a
        # fact read from a field labelled otherwise ("Owner: @ana" for "who is the steward") is of another thing.
        own_label = set().union(*(p.asked_by for p in asked.parts))
        own_label &= words.labels
        answers: list[PartAnswer] = []
        titles = {**r.titles, **words.title_of}  # by entity id, and by document id as the context writes it
        joined = self._joined(r, reading, asked, facts, titles) or self._included(r, reading, asked, facts, sentences, words)
        if joined is not None:
            return joined
        # What documents are called: by the context's ids ("RFC-0011") and by the names the question gives them ("the
        # Client-Side Buildpack Registry RFC"); "which RFCs …" asks for documents, whatever type each was given.
        kinds = words.document_words | {stem(w) for w in document_nouns(r.question, r.question_spans)}
        introduced = self._introduced(r, reading, facts)
        for part in reading.parts:
            if part.wh_noun and stem(part.wh_noun) in kinds:
                part = dataclasses.replace(part, answer_types=RECORDS)
            part_anchors = [key for key, start, _ in r.question_spans if part.start <= start < part.start + len(part.text)]
            via = None
            if (part.refers_back or not part_anchors) and introduced is not None and not answers:
                # "X was superseded by a later RFC. Which RFC superseded that later RFC": the part starts from what the
                # statement introduces, the fact stating it the chain's first step.
                part_anchors, via = [introduced[0]], introduced[1]
            elif part.refers_back or not part_anchors:
                # A pronoun stands for an earlier answer or what the question named before it (never what a later
                # part names): the types decide which.
                part_anchors = [k for a in answers for k in a.keys] + [key for key, start, _ in r.question_spans
                                                                      if start < part.start]
            found = self._fill(r, reading, part, facts, list(dict.fromkeys(part_anchors)), own_label, titles)
            if found is None:
                return None
            if via is not None:
                found = dataclasses.replace(found, facts=[via, *found.facts], sources=list(dict.fromkeys([*found.sources, via.doc_id])),
                                            label="likely" if found.label == "supported" else found.label)
            answers.append(found)
        # Do no harm: a graph fact that only loosely says what was asked ("possible") never replaces the passages'
        # reading, and neither does an answer of another kind than the question asks for ("who" → a person or team;
        # "what refresh interval" → no "xDS" the context never calls an interval). Nor does one that answers fewer
        # parts than the question asks.
        if any(a.label == "possible" for a in answers) or not _fits_slots(asked, reading, answers, sentences, kinds) \
                or len(answers) < len(asked.parts):
            return None
        # Nor, to a question of one part that calls a document of the context by its day ("the 3 August 2023
        # meeting"), does one read nowhere in that document ("Project is a member of Council", from a policy).
        called = words.called_by_day(r.question) if len(asked.parts) == 1 else set()
        if called and not called & {doc for a in answers for doc in a.sources}:
            return None
        return _render(answers) if answers else None

    def _joined(self, r: Retrieval, reading: Reading, asked: AskedQuestion, facts: list[Fact],
                titles: dict[str, str]) -> str | None:
        """"Which people on the X committee also chair a SIG[, and which SIG does each of them chair]?": the members of
        the group named before "also" (the group, or its page: the document titled by its name) whom a fact links by
        the relation the words after it name to something else (`joined.joined_members`), each with what it links
        them to. Only where every later part points back to them (what else a part asks, this does not answer)."""
        first = reading.parts[0]
        clause = also_clause(first.text)
        if clause is None or any(not p.refers_back for p in reading.parts[1:]):
            return None
        cut, after = clause
        named = [(key, s, e) for key, s, e in r.question_spans if first.start <= s < first.start + cut]
        if not named:
            return None
        groups = _group(r, named)
        held_part = self._asking(first, after)
        members = joined_members(facts, groups, frozenset(SLOT_TYPES.get(asked.parts[0].slot, ())), _type,
                                 lambda f: self.relevance(held_part, f) >= ASK_THRESHOLD)
        used = [f for j in members for f in (j.membership, *j.held)]
        if not members or any(f.certainty < SUPPORTED_MIN for f in used):
            return None
        # (a page is called by its title: "Auth Special Interest Group", not sig-auth--README.md)
        ends = [[(titles.get(k) or titles.get(n) or n) if _type(k) in RECORD_TYPES else n for k, n in held_ends(j)]
                for j in members]
        names = [f"{j.name} ({', '.join(held)})" for j, held in zip(members, ends)]
        sources = list(dict.fromkeys(f.doc_id for f in used))
        label = "likely" if len(sources) > 1 else "supported"  # (two documents' statements joined: a path, not one)
        return _render([PartAnswer(names, [j.key for j in members], used, sources, label, "")])

    def _asking(self, part: Part, phrase: str) -> Part:
        """The part as if it asked only by `phrase` (the words after "also", a kind of member): what `relevance`
        compares a fact's relation with."""
        return dataclasses.replace(part, phrase=phrase, relations=self.reader.relations(phrase, predicate_words(phrase))[0],
                                   groups=(), main=0)

    def _included(self, r: Retrieval, reading: Reading, asked: AskedQuestion, facts: list[Fact],
                  sentences: list[Sentence], words: ContextWords) -> str | None:
        """"Is every SIG Docs chair also one of the SIG's tech leads?": the members the group's page lists under the
        heading the words before "also" name ("Chairs") against those it lists under the one the words after it name
        ("Technical Leads"): yes when every one of the first are among the second, else no, naming who is not (and who
        is). Where a sentence of the passages answers the other way ("Chairs also serve as Tech Leads"), the sources
        disagree: both are given, each cited. Only a question of that one part."""
        first = reading.parts[0]
        clause = every_clause(first.text)
        if clause is None or len(reading.parts) > 1 or len(asked.parts) > 1:
            return None
        begin, cut, after = clause
        named = [(key, s, e) for key, s, e in r.question_spans if first.start + begin <= s < first.start + cut]
        if not named:
            return None
        groups = _group(r, named)
        described = strip_named(r.question[first.start + begin:first.start + cut],
                                [(k, s - first.start - begin, e - first.start - begin) for k, s, e in named])
        kinds = [partial(self.relevance, self._asking(first, phrase)) for phrase in (described, after)]
        listed, among = group_lists(facts, groups, kinds, ASK_THRESHOLD, SUPPORTED_MIN)
        if not listed or not among:
            return None
        name = {key: (f.target_name if f.target == key else f.source_name) for key, f in (*listed.items(), *among.items())}
        heading = [(f := next(iter(members.values()))).label or PHRASES[f.type] for members in (listed, among)]
        outside = [key for key in listed if key not in among]
        both = [key for key in listed if key in among]
        said = (f"no — {', '.join(name[k] for k in outside)} ({heading[0]}, not {heading[1]})"
                + (f"; {', '.join(name[k] for k in both)} ({heading[0]} and {heading[1]})" if both else "")) if outside \
            else f"yes — {', '.join(name[k] for k in listed)} ({heading[0]} and {heading[1]})"
        used = [*listed.values(), *(among[k] for k in both)]
        sources = list(dict.fromkeys(f.doc_id for f in used))
        # (what the passages read for the same yes-or-no, from a sentence that speaks of both kinds of member — "Chairs
        # also serve as Tech Leads" — is another source's statement of it)
        named_terms = {t for _, s, e in named for t in terms_of(r.question[s:e])}
        sides = [set(terms_of(phrase)) - named_terms for phrase in (described, after)]
        read = self.passages.read(asked, sentences, words)
        other = next((a for a in read if a.part.slot == "polar" and a.filler.split()[:1] != said.split()[:1]
                      and a.filler.split()[:1] in (["yes"], ["no"]) and a.sentence.doc_id not in sources
                      and all(side & set(terms_of(a.sentence.text)) for side in sides)), None)
        claims = list(dict.fromkeys(f"- {claim_line(f, 'conflicting' if other else 'supported')}" for f in used))[:MAX_CLAIMS]
        if other is None:
            return "\n".join([f"Answer: {said} (supported) " + " ".join(cite(d) for d in sources), *claims])
        head = (f"Answer: the sources disagree: {said} {' '.join(cite(d) for d in sources)}, {other.filler} "
                f"{cite(other.sentence.doc_id)} (conflicting) " + " ".join(cite(d) for d in [*sources, other.sentence.doc_id]))
        quoted = f"- {cite(other.sentence.doc_id)} line {other.sentence.line}: \"{other.sentence.text}\""
        return "\n".join([head, quoted, *claims])

    def _introduced(self, r: Retrieval, reading: Reading, facts: list[Fact]) -> tuple[str, Fact] | None:
        """What the question's opening statement introduces without naming it, read from the graph: "The RFC named
        Lifecycle Descriptor was superseded by a later RFC" → the one document the facts say superseded it (with that
        fact). None unless the statement names one thing, says a relation of it, and the facts give one such end."""
        spans = [(key, s, e) for key, s, e in r.question_spans if e <= len(reading.statement)]
        if not reading.statement or len(spans) != 1:
            return None
        anchor = spans[0][0]
        phrase = strip_named(reading.statement, spans)
        relations, _ = self.reader.relations(phrase, predicate_words(reading.statement))
        named = max(relations.items(), key=lambda kv: (kv[1], kv[0]), default=None)
        if named is None or named[1] < RELATION_THRESHOLD:
            return None
        relation = named[0]
        from_target = self.reader.inverse(phrase, relation)  # "was superseded by a later RFC": the anchor is its target
        ends = {(f.source if from_target else f.target): f for f in facts
                if f.type == relation and (f.target if from_target else f.source) == anchor}
        ends = {key: f for key, f in ends.items() if key not in r.question_pins}
        return next(iter(ends.items())) if len(ends) == 1 else None

    def _fill(self, r: Retrieval, reading: Reading, part: Part, facts: list[Fact], anchors: list[str],
              own_label: set[str] | frozenset[str] = frozenset(), titles: dict[str, str] | None = None) -> PartAnswer | None:
        """The best path from what the part names to an answer: its last step the relation the part asks, each other
        step explained by another predicate of the question (or crossing two names of one thing), in the direction
        the wording gives. Do no harm: a path starts at what the question names, never at an entity the retrieved
        passages happened to mention (a question that names nothing the graph knows is read from the passages)."""
        tokens = content_tokens(r.question)
        main = part.main_relations()
        best, best_key = None, None
        for start, path in _paths(facts, anchors):
            last, end = path[-1]
            if end in anchors or end in r.question_pins:
                continue
            if part.answer_types and _type(end) not in part.answer_types:
                continue
            if own_label and _labelled_otherwise(last.evidence, own_label):
                continue
            # The last step is the relation the question's main predicate names (or a labelled fact it names).
            ask = self._asked(part, main, last, end)
            if ask < ASK_THRESHOLD:
                continue
            score = 2.0 * ask
            used: set[int] = set()
            chained = True
            for index, (step, _) in enumerate(path[:-1]):
                group = part.modifier(step.type)
                if group is not None and group not in used:  # each other predicate of the question explains one step
                    used.add(group)
                    score += EXPLAINED_STEP
                elif step.type == last.type != GENERIC and not reading.transitive:
                    # the answer's relation of something else ("who authored it" through a co-author of another RFC):
                    # only a question asking for a whole chain steps through it
                    chained = False
                    break
                elif step.type in IDENTITY or index == 0 and _type(start) == "date":
                    score += IDENTITY_STEP  # "the review on 2026-02-15": a day names what it dates
                elif step.type in SEMANTIC and not {_type(step.source), _type(step.target)} <= set(RECORD_TYPES):
                    score += UNASKED_STEP  # from a record to what it is about: "the system approved on Feb 20"
                else:
                    # a step nothing asks — by an unnamed relation ("nsc is related to URL"), by bookkeeping (a
                    # document mentions "required"), or from one record to another ("who authored RFC 22" is not
                    # answered by the author of the RFC that superseded it): no chain
                    chained = False
                    break
            if not chained:
                continue
            inverse = self.reader.inverse(part.phrase, last.type) if last.type != GENERIC else None
            if inverse is not None and RELATIONS[last.type].domain & RELATIONS[last.type].range:
                answer_is_source = part.wh_subject != inverse  # e.g. "Which systems depend on X" → the source
                score += DIRECTION if (last.source == end) == answer_is_source else WRONG_DIRECTION
            score += 0.05 * len(tokens & content_tokens(last.evidence + " " + last.label))  # a tie-breaker only
            key = (-round(score, 6), len(path), [(f.doc_id, f.line, f.type) for f, _ in path], end)
            if best_key is None or key < best_key:
                best, best_key = (start, path), key
        if best is None:
            return None
        return self._part_answer(reading, part, facts, *best, titles=titles or {})

    def _part_answer(self, reading: Reading, part: Part, facts: list[Fact], start: str,
                     path: list[tuple[Fact, str]], titles: dict[str, str]) -> PartAnswer:
        last, end = path[-1]
        forward = last.target == end
        before = last.source if forward else last.target
        # Every fact of the same relation from the same node answers too ("depends on A and B").
        main = part.main_relations()
        answers = [f for f in facts if f.type == last.type and (f.source if forward else f.target) == before
                   and _same_kind(_type(f.target if forward else f.source), _type(end), part.answer_types)
                   and self._asked(part, main, f, f.target if forward else f.source) >= ASK_THRESHOLD]
        exclusive = self._exclusive(part, last.type)
        if exclusive:
            # "Which ADRs list @ana as their only author": an answer the context gives another of that relation
            # (a second author of the same ADR) is not one.
            # (as is one whose own line gives the field several values, "| Author | @ben, @ana |", whichever of
            # them the packed facts hold)
            answers = [f for f in answers if not _several_values(f) and not any(
                g.type == last.type and (g.target if forward else g.source) == (f.target if forward else f.source)
                and (g.source if forward else g.target) != before for g in facts)]
            if not answers:
                answers = [last]  # (nothing else to give: the best path stands, as without the word)
        answers.sort(key=lambda f: (f is not last, f.doc_id, f.line))
        further = _further(facts, answers, forward, last.type) if reading.transitive and last.type != GENERIC else []
        answers += further  # level by level, after the direct ones
        ends = list(dict.fromkeys((f.target if forward else f.source, f.target_name if forward else f.source_name)
                                  for f in answers))
        steps = [f for f, _ in path[:-1]]
        values = {name for _, name in ends}
        conflicting = RELATIONS[last.type].single_valued and len(values) > 1
        reasoning = [f for f in steps if f.type not in IDENTITY]
        strength = self._asked(part, main, last, end)
        if conflicting:
            label = "conflicting"
        elif strength < RELATION_THRESHOLD or any(f.certainty < SUPPORTED_MIN for f in [*steps, last]):
            label = "possible"  # the evidence only partly says what was asked
        elif reasoning or further:
            label = "likely"  # a path of statements, not one statement
        else:
            label = "supported"
        # (a best path the part's "only" ruled out is no source of the answer)
        cited = [last] if last in answers or not exclusive else []
        sources = list(dict.fromkeys(f.doc_id for f in [*cited, *reversed(steps), *answers]))
        # A document is named as the fact's source writes it ("[RFC 0087](…/0087-bom.md)") or by its file name, with
        # its title ("RFC 0087 (BOM inclusion in layer content metadata)"): a file name alone does not say which
        # document a reader is given.
        written = {f.target if forward else f.source: linked_as(f.evidence, f.target_name if forward else f.source_name)
                   for f in reversed(answers)}
        names = [_document_name(written.get(k) or n, titles.get(n) or titles.get(k, "")) if _type(k) in RECORD_TYPES
                 else n for k, n in ends]
        about = last.source_name if forward else last.target_name
        if _type(before) in RECORD_TYPES:
            about = _document_name(about, titles.get(about) or titles.get(before, ""))
        phrase = PHRASES.get(last.type, "")
        clause = f"{about} {phrase} {', '.join(names)}" if forward else f"{', '.join(names)} {phrase} {about}"
        return PartAnswer(names, [k for k, _ in ends], steps + answers, sources, label, clause)

    # -- passages ----------------------------------------------------------------------------------------------------
    def _passage_answer(self, r: Retrieval, reading: Reading, sentences: list[Sentence], words: ContextWords) -> str:
        """Each asked part filled from the context sentence that addresses it (`reader`), the sentences quoted."""
        asked = self.slots.read(r.question)
        answers = self.passages.read(asked, sentences, words)
        if not answers:
            return UNKNOWN
        # An acronym the context spells out elsewhere is answered by its name too ("Incident Commander (IC)"), once
        # every part is read as written.
        answers = [dataclasses.replace(a, filler=f"{name} ({a.filler})") if (name := words.spelled_out(a.filler)) else a
                   for a in answers]
        used = [s for a in answers for s in (a.via, a, a.rival) if s is not None]
        docs = list(dict.fromkeys([a.sentence.doc_id for a in used] + [s.doc_id for a in used for s in a.listed]))
        # What the question's opening statements say, stated by another document: the answer is chained through it.
        bridge = self.passages.bridge(asked, sentences, set(docs), words)
        chained = [bridge] if bridge is not None else []
        # A document the question names by its title, the answer read from others: the answer was reached through it.
        chained += [s for s in self.passages.named_documents(asked, sentences, set(docs), words,
                                                             tuple(a.sentence for a in used))
                    if s.doc_id not in {c.doc_id for c in chained}]
        docs += [s.doc_id for s in chained]
        if any(a.rival is not None for a in answers):  # both values of a part, each with its source; the other parts
            said = [a.filler if (b := a.rival) is None else
                    f"the sources disagree: {a.filler} {cite(a.sentence.doc_id)}, {b.filler} {cite(b.sentence.doc_id)}"
                    for a in answers]
            head = f"Answer: {'; '.join(dict.fromkeys(said))} (conflicting) "
        else:
            # Two sources chained, or one that states every part (`_states`: "which ADR now holds X" → ADR-58, whose
            # own sentence says it holds X, read in another ADR's record).
            # (an answer read through a nested question another document answered is a chain of two)
            one = not chained and not any(a.via is not None and a.via.sentence.doc_id != a.sentence.doc_id for a in answers) \
                and any(all(_states(d, a, sentences, words) for a in answers) for d in docs)
            # (a yes or no comparing the answer with what another document states explicitly chains nothing)
            compared = {a.sentence.doc_id for a in answers if a.part.same_as} - {
                s.doc_id for a in answers if not a.part.same_as for s in (a.sentence, *a.listed)}
            label = "likely" if len(set(docs) - compared) > 1 and not one else "supported"
            head = f"Answer: {'; '.join(dict.fromkeys(a.filler for a in answers))} ({label}) "
        # A document the question names whose own sentence names the document answered with: it says the answer too.
        chained += self.passages.pointing_to_answer(asked, sentences, answers, set(docs), words)
        docs = list(dict.fromkeys(docs + [s.doc_id for s in chained]))
        lines = [head + " ".join(cite(d) for d in docs)]
        # (a list item answering yes or no is quoted with what leads into it: that says the yes or the no)
        quoted = dict.fromkeys([(s.doc_id, s.line, f"{s.lead} {s.text}" if a.part.slot == "polar" and s.lead else s.text)
                                for a in used for s in (a.sentence, *a.listed)]
                               + [(c.doc_id, c.line, c.text) for c in chained])
        lines += [f"- {cite(doc)} line {line}: \"{text}\"" for doc, line, text in quoted]
        return "\n".join(lines)


def _group(r: Retrieval, named: list[tuple[str, int, int]]) -> set[str]:
    """A group the question names (its spans `named`), and the page of it: the document titled by the name the
    question writes, or by the title that name abbreviates ("SIG Docs" of "Docs Special Interest Group")."""
    written = [r.question[s:e] for _, s, e in named]
    return {key for key, _, _ in named} | {key for key, title in r.titles.items()
                                           if any(calls(name, title) for name in written)}


def _several_values(f: Fact) -> bool:
    """Whether the field line a fact was read from gives several values ("| Author | @ben, @ana |", "Owners: X, Y")."""
    line = f.evidence.strip().strip("|")
    value = line.rsplit("|", 1)[-1] if "|" in line else line.split(":", 1)[-1] if ":" in line else ""
    return len(split_items(value)) > 1


def _words_between(f: Fact) -> bool:
    """A relation no vocabulary type names, read from a sentence: its label is the words the sentence says between the
    two names, not a header or a field's label."""
    evidence = clean(f.evidence)
    return bool(f.label) and f.label in evidence and not field_labels_of(evidence) \
        and not f.evidence.lstrip().startswith(("|", "-", "*"))


def _has_verb(words: str) -> bool:
    """"keeps its readings in" says how two things relate; "groups and the wider" says nothing of it."""
    from ..language.spacy_pipeline import parse_all

    return any(t.pos_ in ("VERB", "AUX") for t in parse_all([words])[0])


def _labelled_otherwise(evidence: str, own_label: set[str] | frozenset[str]) -> bool:
    """Whether a fact's sentence is a field ("Owner: @ana", "Owner: @ana; Links: RFC") none of whose labels says a word
    of `own_label`."""
    labels = [set(terms_of(label)) for label in field_labels_of(clean(evidence))]
    return bool(labels) and not any(own_label & label for label in labels)


def _states(doc_id: str, answer: PassagePart, sentences: list[Sentence], words: ContextWords) -> bool:
    """Whether a document of the context states a part's answer: the answer was read there, or the answer is that
    document and one of its own sentences names, by its id, the document the answer was read in ("Moved roadmap items
    from ADR-8" in ADR-58, for "which ADR now holds the items of ADR-8", read in ADR-8's record)."""
    if answer.sentence.doc_id == doc_id:
        return True
    source = set(terms_of(answer.sentence.doc_id))
    return words.named_document.get(answer.filler) == doc_id and any(
        s.doc_id == doc_id and not s.from_fact and source <= set(terms_of(s.text)) for s in sentences)


SLOT_TYPES = {"person": {"person", "team"}, "date": {"date"}}  # the entity types a typed slot accepts


def _fits_slots(asked: AskedQuestion, reading: Reading, answers: list[PartAnswer], sentences: list[Sentence],
                documents: set[str]) -> bool:
    """Each graph answer is of the kind its part of the question asks, where the question's parts and the graph's
    parts line up in order: a person or team for "who", a day for "when", a value of that shape for a number or a
    version, for "what <noun>" a name the context calls by that noun (`_called`; `documents`: the words documents
    are called by); no entity answers yes or no."""
    for i, (part, answer) in enumerate(zip(asked.parts, answers)):
        if part.slot == "polar":
            return False  # yes or no is said by a sentence, not by a graph entity
        if part.slot in SLOT_TYPES and any(_type(k) not in SLOT_TYPES[part.slot] for k in answer.keys):
            return False
        if part.slot in ("number", "version") and not all(part.slot in shape_kinds(name) for name in answer.names):
            return False
        if i < len(reading.parts) and not _called(answer, part, reading.parts[i], sentences, documents):
            return False
    return True


NOUN_WINDOW = 3  # words between a name and the noun that calls it ("the Vault secret store", "Vault, our store")


def _called(answer: PartAnswer, part: AskedPart, reading_part: Part, sentences: list[Sentence], documents: set[str]) -> bool:
    """A "what <noun>" part whose noun names no kind of entity ("refresh interval", where "which team" names one) nor
    what the documents are called (`documents`: "which ADRs"; an answer of documents is what any such noun calls them)
    is answered by names its context calls so: the noun's last word in the name, or within a few words of it in a
    sentence of the context. Any other part accepts any name."""
    if part.slot != "thing" or not part.noun or reading_part.answer_types or all(_type(k) in RECORDS for k in answer.keys):
        return True
    if any(stem(w) in documents for w in (*part.noun.split(), reading_part.wh_noun) if w):
        return True
    head = terms_of(part.noun.split()[-1])
    return bool(head) and all(_calls(name, head[0], sentences) for name in answer.names)


def _calls(name: str, head: str, sentences: list[Sentence]) -> bool:
    """The name holds the noun's stem `head`, or a context sentence writes it within a few words of the name."""
    named = terms_of(name)
    if not named or head in named:
        return bool(named)
    for s in sentences:
        words = terms_of(s.text)
        for i in range(len(words) - len(named) + 1):
            if words[i:i + len(named)] == named and head in words[max(0, i - NOUN_WINDOW):i + len(named) + NOUN_WINDOW]:
                return True
    return False


def _paths(facts: list[Fact], starts: list[str]) -> list[tuple[str, list[tuple[Fact, str]]]]:
    """Simple paths (≤ MAX_PATH edges) from each start over the facts: (start, [(fact, node reached)])."""
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

    for start in dict.fromkeys(starts):
        walk(start, start, [], {start})
    return paths


def _connection(facts: list[Fact], a: str, b: str) -> list[tuple[Fact, str]] | None:
    """How `a` leads to `b`: the shortest chain that follows the relations forward, else the shortest in any
    direction (breadth-first, deterministic), or None."""
    return _chain(facts, a, b, directed=True) or _chain(facts, a, b, directed=False)


def _chain(facts: list[Fact], a: str, b: str, directed: bool) -> list[tuple[Fact, str]] | None:
    adjacent: dict[str, list[tuple[Fact, str]]] = defaultdict(list)
    for f in sorted(facts, key=lambda f: (f.doc_id, f.line, f.source, f.type, f.target)):
        if f.type in IDENTITY - SYMMETRIC:  # a document and its own record are no link between two things
            continue
        adjacent[f.source].append((f, f.target))
        if not directed:
            adjacent[f.target].append((f, f.source))
    previous: dict[str, tuple[Fact, str] | None] = {a: None}
    frontier = [a]
    while frontier and b not in previous:
        nxt = []
        for node in frontier:
            for fact, other in adjacent.get(node, []):
                if other not in previous:
                    previous[other] = (fact, node)
                    nxt.append(other)
        frontier = nxt
    if b not in previous:
        return None
    chain, node, step = [], b, previous[b]
    while step is not None:
        fact, node_before = step
        chain.append((fact, node))
        node, step = node_before, previous[node_before]
    return list(reversed(chain))


def _further(facts: list[Fact], first: list[Fact], forward: bool, rtype: str, levels: int = 2) -> list[Fact]:
    """The relation followed on ("what does X depend on, directly or indirectly")."""
    found, frontier = [], {f.target if forward else f.source for f in first}
    seen = set(frontier)
    for _ in range(levels):
        step = [f for f in facts if f.type == rtype and (f.source if forward else f.target) in frontier]
        frontier = {f.target if forward else f.source for f in step} - seen
        seen |= frontier
        found += [f for f in step if (f.target if forward else f.source) in frontier]
    return found


def _document_name(name: str, title: str) -> str:
    """"RFC 0087 (BOM inclusion …)"; a title that starts with the name is the name enough ("ADR-001: Add a …")."""
    if not title or title == name:
        return name
    return title if title.startswith(name) else f"{name} ({title})"


def _same_kind(a: str, b: str, asked: frozenset[str]) -> bool:
    """Two ends of one kind: one type, or two documents (whatever each was typed as) where documents are asked for
    ("which RFCs …"; "which incident report …" asks for incidents)."""
    return a == b or asked == RECORDS and a in RECORDS and b in RECORDS


def _claim_label(f: Fact, overall: str) -> str:
    if overall == "conflicting":
        return "conflicting"
    return "supported" if f.certainty >= SUPPORTED_MIN else "possible"


def _render(answers: list[PartAnswer]) -> str:
    label = max((a.label for a in answers), key=lambda name: STRENGTH[name])
    sources = list(dict.fromkeys(s for a in answers for s in a.sources))
    if label == "conflicting":
        last = answers[-1]
        listed = ", ".join(f"{n} {cite(f.doc_id)}" for n in last.names for f in last.facts
                           if n in (f.target_name, f.source_name) and f.type not in IDENTITY)
        head = f"Answer: the sources disagree: {listed} (conflicting) " + " ".join(cite(s) for s in sources)
    else:
        parts = [", ".join(a.names) if len(answers) == 1 else a.clause for a in answers]
        head = f"Answer: {'; '.join(parts)} ({label}) " + " ".join(cite(s) for s in sources)
    claims = [claim_line(f, _claim_label(f, label)) for a in answers for f in a.facts]
    return "\n".join([head] + [f"- {c}" for c in dict.fromkeys(claims)][:MAX_CLAIMS])


def _render_path(chain: list[tuple[Fact, str]]) -> str:
    """A chain between two named things, every step with its direction."""
    steps = [f"{f.source_name} {PHRASES[f.type]} {f.target_name}" for f, _ in chain]
    semantic = [f for f, _ in chain if f.type not in IDENTITY]
    label = "supported" if len(semantic) <= 1 and all(f.certainty >= SUPPORTED_MIN for f, _ in chain) else "likely"
    sources = list(dict.fromkeys(f.doc_id for f, _ in chain))
    head = f"Answer: {'; '.join(steps)} ({label}) " + " ".join(cite(s) for s in sources)
    return "\n".join([head] + [f"- {claim_line(f, _claim_label(f, label))}" for f, _ in chain][:MAX_CLAIMS])


def _unanchored(r: Retrieval, facts: list[Fact]) -> bool:
    """The question names a record id that no retrieved passage (nor its document's id) or fact mentions: nothing to
    answer from."""
    ids = id_tokens(r.question)
    # (and one it calls by a kind and a number, "ADR 32", where no retrieved document bears that number and no
    # passage or fact refers to that kind by it)
    numbered = {(kind.lower(), int(number)) for kind, number in ID_REFERENCE.findall(r.question)}
    if not ids and not numbered:
        return False
    texts = [f"{p.doc_id} {p.text}" for p in r.passages] + [f"{f.source_name} {f.target_name} {f.evidence}" for f in facts]
    seen = " ".join(texts).lower()
    numbers = {int(m.group(1)) for p in r.passages if (m := ID_NUMBER.search(p.doc_id))}
    referred = {(kind.lower(), int(number)) for text in texts for kind, number in ID_REFERENCE.findall(text)}
    return any(i.lower() not in seen for i in ids) or any(
        number not in numbers and (kind, number) not in referred for kind, number in numbered)


def _attribute_answer(r: Retrieval, part: AskedPart) -> str | None:
    """"What is the severity of INC-001?": a field of an entity the question names, with its source (a value with
    no word or digit in it says nothing). The field's name says what the part asks — the head of the noun it asks
    for ("size" of "the default size of the buffer"), else its verb: a field named by another word of the question
    ("default", "platform") is another thing."""
    asked = content_tokens(r.question)
    head = {stem(part.noun.split()[-1])} if part.noun else set(part.asks)
    for entity_id in r.question_pins:
        entry = r.attributes.get(entity_id) or {}
        for field_name, (value, doc, _line) in sorted(entry.get("values", {}).items()):
            words = field_name.split("_")
            if set(words) <= asked and head & {stem(w) for w in words} and re.search(r"\w", str(value)):
                return (f"Answer: {value} (supported) {cite(doc)}\n"
                        f"- {entry['name']}: {field_name.replace('_', ' ')} is {value} (supported) {cite(doc)}")
    return None


@lru_cache(maxsize=1)
def default_answerer() -> Answerer:
    return Answerer()


def compose(r: Retrieval) -> str:
    """The answer text for one retrieval, from the process's default answerer."""
    return default_answerer()(r)
