"""Pass 3 of extraction, over the whole corpus: what the statements mean.

1. Types. Every name and record is typed by how the corpus uses it: a label that reads
   clearly as a vocabulary relation votes for the relation's domain on one side and its range
   on the other ("Owner: Lena Ortiz" votes person-or-team for Lena, system-or-document for the
   row; a label that names a type, "Owner team", settles which); initials vote person; a noun
   after a name votes its type ("the Data Platform team"); names in one column or one list lean
   toward one kind. Records sharing an id prefix share one type; aliases share their target's.
   Readings and types are computed in turns until the types settle. A name nobody's usage types
   is a `concept`, a record an `artifact`.
2. Relations. Each statement's label (for sentences: the predicate and the words that open it,
   or close it after a copula; a passive also as its active verb turned round; for a bare table
   label or an arrow: the heading or caption over it) is compared with the vocabulary's glosses;
   the best reading whose domain and range fit the two ends' types gives the relation and its
   direction (see `Interpreter.read` for when a reading is accepted). Otherwise the statement is
   kept as RELATED_TO with its label when both ends are entities, and as an attribute of the
   subject when the vocabulary has no relation for it.
3. Output: keyed mentions, relationships with provenance and label, alias and not-the-same
   statements for resolution, registry entries (rows, directory entries, named sections), attributes.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ...language.english import COPULAS, FUNCTION_WORDS, SUBJECT_STAND_INS
from ...corpus.ingest import ID_NUMBER, ID_PREFIX, NUMBERED_REFERENCE
from ..keys import canonical_name, entity_key
from ...language.semantics import RELATION_THRESHOLD, RELAXED_THRESHOLD, Reading, Semantics
from ..vocabulary import GENERIC, MATCHABLE, NAMED_TYPES, PEOPLE, RECORD_TYPES, RELATIONS, SYMMETRIC, fits
from .model import (CANDIDATE, DATE, LITERAL, NAME, RECORD, Declared, Extraction, Mention, ParsedDocument, Relation,
                    Statement, Term)
from .prose import ProseResult
from .structure import HANDLE, HANDLE_WORD
from .syntax import contradicted_statements
from ...language.text import content_words, has_negation, person_shaped

# A name found only by its typography becomes an entity on a clearer reading than a declared one.
CANDIDATE_THRESHOLD = 0.7
HINT_WEIGHT = 0.5  # a header, apposed noun or initials: a hint of a type, weaker than a relation's vote
MAX_ROUNDS = 4
SIBLING_WEIGHT = 0.5
IMPLICIT_WEIGHT = 0.5  # a sentence without its own subject says less about its ends' types
# Two names become one node only on a clear reading: a merge pins every question about either to both (the devset's
# wrong merges read 0.55–0.67, its right ones 0.79 and above).
IDENTITY_THRESHOLD = 0.75
TOPIC_CERTAINTY = 0.8  # a relation read from the types alone: explicit evidence, inferred meaning
GENERIC_CERTAINTY = 0.8
MARGIN_FLOOR = 0.45  # a structural label read below the threshold must still reach this…
MARGIN = 0.1  # …and stand this far above the next relation the two ends could have
STRUCTURAL = {"field", "front_matter", "definition", "table", "heading", "entry", "heading_list"}
CONTEXTUAL = frozenset({"table", "diagram", "reference_list"})  # bare labels read with their heading or caption
IMPLICIT = {"sentence_implicit", "sentence_object", "sentence_group", "sentence_role", "reference_note"}  # typed readings only
PASSIVE = re.compile(r"^\s*(?:(?:is|are|was|were|has been|have been|had been|been|being)\s+)?(?:\w+ly\s+)?"
                     r"(\w+(?:ed|en|wn|t)(?:\s+\w+)?)\s+by(?:\s+the)?\s*$", re.IGNORECASE)
IDENTITY_WORDS = 4  # the most words a label that says two names are one thing takes ("is now also called")
# What an identity's label never holds: a figure, a clause break inside it, code ("is 3, the same as": the 3 is as
# Envoy's, not gRPC; "Rename it to ``$Name##-$Summary``": a template).
NOT_IDENTITY = re.compile(r"\d|\S\s*[,;]|[`$#{}=<>|]")
PASSIVE_END = re.compile(r"\b\w+(?:ed|en|wn)\s+by(?:\s+the)?\s*$", re.IGNORECASE)  # "… a cluster owned by the"


def _windows(label: str) -> list[str]:
    """The predicate and the words that open it ('serves stored readings to' → 'serves'); after a copula or a
    comma also the words that close it ('is an edge proxy owned by' → 'owned by'), where English puts the verb
    of a description. Elsewhere the closing words belong to another clause ('… quorum stops writes to')."""
    words = label.split()
    out = [label] + [" ".join(words[:n]) for n in (1, 2, 3)]
    if words and (words[0].lower() in COPULAS or label.lstrip().startswith((",", "which", "who", "that"))
                  or PASSIVE_END.search(label)):
        out += [" ".join(words[-n:]) for n in (1, 2, 3, 4, 5)]
    return [w for w in dict.fromkeys(out) if content_words(w)]


class _EndTypes(dict):
    """The types an end may have, by (kind, inferred type or None, final): built once per combination. A day is a
    date whatever was inferred for its text."""

    def __missing__(self, combination: tuple[str, str | None, bool]) -> frozenset[str]:
        kind, known, final = combination
        if kind == DATE:
            types = {"date"}
        elif known:
            types = {known}
        elif final:
            types = {"artifact" if kind == RECORD else "concept"}
        else:
            types = set(RECORD_TYPES if kind == RECORD else NAMED_TYPES)
        self[combination] = frozenset(types)
        return self[combination]


_END_TYPES = _EndTypes()


class _Options(dict):
    """The types among an end's possible ones (`every`, in its order) that a relation's domain or range allows."""

    def __missing__(self, key: tuple[frozenset[str], frozenset[str]]) -> list[str]:
        every, allowed = key
        self[key] = [t for t in every if fits(allowed, t)]
        return self[key]


_OPTIONS = _Options()


class Interpreter:
    def __init__(self, semantics: Semantics, id_types: dict[str, str]):
        self.semantics, self.id_types = semantics, id_types
        self._tiers: dict[tuple, list[list[tuple[str, bool, float]]]] = {}  # label tiers → ranked readings
        self._read: dict[tuple, tuple[Reading | None, float]] = {}  # see `read`
        self._bare: dict[str, bool] = {}  # label → has no content word (then its context is read with it)
        self._type_keys: dict[Term, str] = {}

    # -- types -----------------------------------------------------------------------------------------------------
    def _type_key(self, term: Term) -> str:
        key = self._type_keys.get(term)
        if key is None:  # asked for every end of every statement, in every round
            key = self._type_keys[term] = (f"record:{term.text.split('-', 1)[0].upper()}" if term.kind == RECORD
                                           else f"name:{canonical_name(term.text)}")
        return key

    def label_texts(self, s: Statement) -> list[list[str]]:
        """Texts that may say what the statement's relation is, in tiers: the label first, then its context."""
        if s.extractor.startswith("sentence"):
            words = s.label.split()
            if len(words) > 1 and self.semantics.entity_type(words[0], NAMED_TYPES) and content_words(" ".join(words[1:])):
                words = words[1:]  # "the Data & Analytics unit runs X": the noun belongs to the name
            windows = _windows(" ".join(words))
            # "This decision supersedes …": a subject standing in for the paragraph's topic, by the kind of thing it
            # is, is not the predicate; the words after it are read too.
            if s.extractor == "sentence_implicit" and len(words) > 2 and words[0].lower() in SUBJECT_STAND_INS \
                    and self.semantics.entity_type(words[1]):
                windows += [w for w in _windows(" ".join(words[2:])) if w not in windows]
            return [windows]
        context = [c.strip() for c in s.context.split("|") if c.strip()]
        tiers = [[s.label]] if s.label else []
        if s.extractor in CONTEXTUAL and context and not content_words(s.label):
            # A bare label ("To") or none (an arrow) is read with the heading over it, then the caption.
            tiers.append([f"{s.label} {c}".strip() for c in context] + _windows(context[0]) + context[1:])
        return tiers

    def read(self, s: Statement, types: dict[str, str] | None, final: bool = False) -> tuple[Reading | None, float]:
        """The reading of a statement: the relation its label names that fits its two ends' types, and how well.

        A label is accepted when it reads as the relation clearly (≥ RELATION_THRESHOLD); when it clearly names a
        relation the ends cannot have, the best one they can have is accepted from RELAXED_THRESHOLD; and a
        structural label that names no relation clearly is still read as the best-fitting relation if that one
        stands out from the other fitting ones (MARGIN) — never for a day, where one stray reading would invent
        an approval date. A people-valued field with no readable label names the only relation the two types
        allow, if there is exactly one ("Point of contact: Lena Ortiz" in a catalogue of systems).
        """
        types = types or {}
        return self._read_keyed(s, self.label_key(s), types.get(self._type_key(s.subject)), types.get(self._type_key(s.value)),
                                final)

    def label_key(self, s: Statement) -> tuple:
        """What a reading depends on besides the ends' types: statements that share it (a field in every record)
        are read once. Computed once per statement by callers that read it in several rounds."""
        return s.extractor, self._tier_key(s), _family(s.subject), _family(s.value)

    def _read_keyed(self, s: Statement, label_key: tuple, subject_type: str | None, value_type: str | None, final: bool
                    ) -> tuple[Reading | None, float]:
        """`read` given the statement's `label_key` and its two ends' inferred types (None: not inferred)."""
        if s.extractor == "acronym":
            return Reading("SAME_AS", False, 1.0), 1.0
        sub, val = _END_TYPES[s.subject.kind, subject_type, final], _END_TYPES[s.value.kind, value_type, final]
        if _own_record(s) and s.extractor in STRUCTURAL:  # a field of a document's own record may be of the document
            sub = sub | DOCUMENT
        key = (label_key, sub, val, final)
        if key not in self._read:
            self._read[key] = self._read_uncached(s, sub, val, final)
        return self._read[key]

    def _read_uncached(self, s: Statement, sub: frozenset[str], val: frozenset[str], final: bool
                       ) -> tuple[Reading | None, float]:
        if s.extractor == "topic":
            return self._only_fit(sub, val) if final else (None, 0.0)
        for ranked in self._ranked_tiers(s):
            fitting = []
            for name, inverse, score in ranked:  # best first; the best fitting one and its runner-up are enough
                if score < MARGIN_FLOOR - MARGIN:
                    break
                if self._fits(s, name, inverse, sub, val, final):
                    fitting.append((name, inverse, score))
                    if any(x[0] != fitting[0][0] for x in fitting):
                        break
            if not fitting:
                continue
            name, inverse, score = fitting[0]
            floor = RELAXED_THRESHOLD if ranked[0][2] >= RELATION_THRESHOLD else RELATION_THRESHOLD
            runner_up = next((x[2] for x in fitting[1:] if x[0] != name), 0.0)
            # (a table's or diagram's label that says something, "Server Data Type", and names no relation names
            # none: only a bare one, "To", read with its heading, may be read as the best fitting relation)
            # (nor does a heading over a list of people, "Chairs": its label is all it says of them)
            guess = (s.extractor in STRUCTURAL and s.extractor != "heading_list"
                     and not (s.extractor in CONTEXTUAL and content_words(s.label)))
            if score >= floor or (guess and val != {"date"} and score >= MARGIN_FLOOR and score - runner_up >= MARGIN):
                return Reading(name, inverse, score), score
        if final and s.extractor in STRUCTURAL and val & PEOPLE and not sub & PEOPLE:
            return self._only_fit(sub, val)
        return None, 0.0

    def _ranked_tiers(self, s: Statement) -> list[list[tuple[str, bool, float]]]:
        """Per tier of label texts, every (relation, inverse, score) best first — computed once per label."""
        key = self._tier_key(s)
        if key not in self._tiers:
            tiers = []
            for tier in self.label_texts(s):
                best: dict[tuple[str, bool], float] = {}
                for text in tier:
                    for r in self._readings(text, voiced=key[0]):
                        if r.score > best.get((r.relation, r.inverse), -1):
                            best[(r.relation, r.inverse)] = r.score
                tiers.append([(n, i, sc) for (n, i), sc in sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))])
            self._tiers[key] = tiers
        return self._tiers[key]

    def _tier_key(self, s: Statement) -> tuple:
        """What `label_texts` reads: the label, and the context only where a bare label is read with it."""
        contextual = s.extractor in CONTEXTUAL
        if contextual and s.label not in self._bare:
            self._bare[s.label] = not content_words(s.label)
        return (s.extractor.startswith("sentence"), contextual, s.label, s.context if contextual and self._bare[s.label] else "")

    def _readings(self, text: str, voiced: bool = False) -> list[Reading]:
        """The text's readings; a passive ("is looked after by") is also read as its active verb, turned round.
        `voiced`: a sentence's predicate (`Semantics.readings`)."""
        readings = self.semantics.readings(text, voiced)
        passive = PASSIVE.match(text)
        if passive:
            readings = readings + [r._replace(inverse=not r.inverse) for r in self.semantics.readings(passive.group(1))]
        return readings

    def _fits(self, s: Statement, name: str, inverse: bool, sub: frozenset[str], val: frozenset[str], final: bool) -> bool:
        rel = RELATIONS[name]
        src, dst = (val, sub) if inverse else (sub, val)
        if not (any(fits(rel.domain, t) for t in src) and any(fits(rel.range, t) for t in dst)):
            return False
        if name == "SAME_AS" and (has_negation(s.label) or not _says_only_identity(s.label)):
            return False
        if s.extractor == "sentence_group" and name not in SYMMETRIC:
            return False
        if s.extractor == "sentence_object" and val == {"artifact"}:
            return False  # "X runs everything …" says nothing about the plain document it stands in
        return not (name in SYMMETRIC and (_family(s.subject) != _family(s.value) or (final and sub != val)))

    @staticmethod
    def _only_fit(sub: frozenset[str], val: frozenset[str]) -> tuple[Reading | None, float]:
        """The one relation the vocabulary has between these two types, if there is exactly one."""
        if len(sub) != 1 or len(val) != 1 or "concept" in sub | val:
            return None, 0.0
        (a,), (b,) = sub, val
        fitting = [(name, inverse) for name in MATCHABLE for inverse in (False, True)
                   if RELATIONS[name].semantic and name not in SYMMETRIC and RELATIONS[name].domain and RELATIONS[name].range
                   and fits(RELATIONS[name].domain, b if inverse else a) and fits(RELATIONS[name].range, a if inverse else b)]
        if len(fitting) != 1:
            return None, 0.0
        return Reading(fitting[0][0], fitting[0][1], TOPIC_CERTAINTY), TOPIC_CERTAINTY

    def infer_types(self, statements: list[Statement], parsed: list[ParsedDocument], apposed: list[tuple[Term, str]]
                    ) -> dict[str, str]:
        """Every name's and record prefix's type, by how the corpus uses it (see the module doc).

        Readings depend on types and types on readings, so the two are computed in turns from the
        typographic and header priors until the types stop changing (at most MAX_ROUNDS).
        """
        priors: dict[str, Counter] = defaultdict(Counter)
        siblings: dict[tuple, set[str]] = defaultdict(set)  # names one column or one list holds: one kind of thing
        for doc in parsed:
            for d in doc.declared:
                key = f"name:{canonical_name(d.name)}"
                siblings[(d.doc_id, d.how, d.hint)].add(key)
                hinted = self.semantics.entity_type(d.hint, NAMED_TYPES) if d.hint else None
                if hinted:
                    priors[key][hinted] += HINT_WEIGHT  # type: ignore[assignment]  # weighted votes
        for term, noun in apposed:  # "the Data Platform team", "the Billing Engine service"
            hinted = self.semantics.entity_type(noun, NAMED_TYPES)
            if hinted and term.kind != RECORD:
                priors[self._type_key(term)][hinted] += HINT_WEIGHT  # type: ignore[assignment]  # weighted votes
        for s in statements:
            if s.extractor in STRUCTURAL | {"topic"} and s.value.kind == NAME:
                siblings[(s.doc_id, s.extractor, s.label, s.context)].add(self._type_key(s.value))
            for term in (s.subject, s.value):  # initials are typography for people, wherever the name stands
                if term.kind in {NAME, CANDIDATE} and person_shaped(term.text):
                    priors[self._type_key(term)]["person"] += HINT_WEIGHT  # type: ignore[assignment]  # weighted votes
        # What a statement's reading depends on, computed once for every round: its label and its ends' type keys.
        usable = [(s, self.label_key(s), self._type_key(s.subject), self._type_key(s.value)) for s in statements
                  if LITERAL not in (s.subject.kind, s.value.kind)]
        types: dict[str, str] = {}  # the first round reads every label with every type open: priors only add votes
        for _ in range(MAX_ROUNDS):
            votes: dict[str, Counter] = defaultdict(Counter, {k: Counter(v) for k, v in priors.items()})
            same: list[tuple[str, str]] = []
            for s, label_key, subject_key, value_key in usable:
                reading, score = self._read_keyed(s, label_key, types.get(subject_key), types.get(value_key), False)
                if reading is None:
                    continue
                if reading.relation in SYMMETRIC:
                    if reading.relation == "SAME_AS":
                        same.append((subject_key, value_key))
                    continue
                score *= IMPLICIT_WEIGHT if s.extractor in IMPLICIT else 1.0
                rel = RELATIONS[reading.relation]
                src, dst = ((s.value, value_key), (s.subject, subject_key)) if reading.inverse else (
                    (s.subject, subject_key), (s.value, value_key))
                for (term, term_key), allowed in ((src, rel.domain), (dst, rel.range)):
                    if term.kind != DATE:
                        every = _END_TYPES[term.kind, None, False]
                        options = _OPTIONS[every, allowed]
                        if len(options) == len(every):
                            continue  # a relation open to every type says nothing about this end
                        if term is s.subject and s.extractor == "heading_list" and _own_record(s):
                            continue  # names listed under "## Attendees" are of the document, not of what it records
                        # A label that names a type settles a slot the relation leaves open ("Owner team: X").
                        named = self._label_type(s) if term is s.value and len(options) > 1 else None
                        options = [named] if named in options else options
                        for t in options:
                            votes[term_key][t] += score / len(options)  # type: ignore[assignment]  # weighted votes
            new = self._decide(votes, same, siblings)
            if new == types:
                break
            types = new
        for prefix, kind in self.id_types.items():
            types[f"record:{prefix}"] = kind
        return types

    def _label_type(self, s: Statement) -> str | None:
        return self.semantics.entity_type(s.label, NAMED_TYPES) if s.extractor in STRUCTURAL else None

    def _decide(self, votes: dict[str, Counter], same: list[tuple[str, str]], siblings: dict[tuple, set[str]]
                ) -> dict[str, str]:
        """Types from votes: siblings lean toward each other, aliases pool, the most-voted type wins."""
        votes = defaultdict(Counter, {k: Counter(v) for k, v in votes.items()})
        for group in siblings.values():  # each member leans toward what the others are
            if len(group) >= 2:
                pooled = sum((Counter(_shares(votes.get(k))) for k in sorted(group)), Counter())
                for k in sorted(group):
                    for t, share in _shares(pooled).items():
                        votes[k][t] += SIBLING_WEIGHT * share  # type: ignore[assignment]  # weighted votes
        parent: dict[str, str] = {}

        def root(k: str) -> str:
            while parent.get(k, k) != k:
                k = parent[k]
            return k

        for a, b in same:  # aliases are one thing
            ra, rb = root(a), root(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
        pooled_votes: dict[str, Counter] = defaultdict(Counter)
        for k, counter in votes.items():
            pooled_votes[root(k)].update(counter)
        types = {}
        for k in set(votes) | set(parent) | set(parent.values()):
            allowed = RECORD_TYPES if k.startswith("record:") else NAMED_TYPES
            # A tie goes to the type the vocabulary lists first (concept and artifact, the catch-alls, come last).
            ranked = sorted(((-round(n, 6), allowed.index(t), t) for t, n in pooled_votes[root(k)].items()
                             if t in allowed and n > 0))
            if ranked:
                types[k] = ranked[0][2]
        for prefix, kind in self.id_types.items():
            types[f"record:{prefix}"] = kind
        return {k: v for k, v in types.items() if v}

    # -- relations ---------------------------------------------------------------------------------------------------
    def prepare_documents(self, parsed: list[ParsedDocument], prose: dict[str, ProseResult]) -> None:
        """Embed what reading these documents' statements will ask the model about, before the corpus is read
        (a sharded build's prose shard, so the fan-in finds its documents' label vectors stored). The corpus-level
        steps of `run` (template tables, settled entries) may still ask for a few more: `run` embeds those."""
        statements = [s for doc in parsed for s in (*doc.statements, *prose[doc.doc_id].statements)]
        self._prepare(statements, parsed, [a for doc in parsed for a in prose[doc.doc_id].apposed])

    def _prepare(self, statements: list[Statement], parsed: list[ParsedDocument], apposed: list[tuple[Term, str]]) -> None:
        """Every text the readings will embed, in few batches: a statement's first word, its label's tiers (and a
        passive's verb), declared hints, structural labels, the nouns after names."""
        self.semantics.prepare(w for s in statements for w in s.label.split()[:1])
        # `label_texts` depends on the tier key alone: read once per key (a field label recurs in every record).
        texts = {text for s in {self._tier_key(s): s for s in statements}.values() for tier in self.label_texts(s)
                 for text in tier}
        self.semantics.prepare(texts | {m.group(1) for m in map(PASSIVE.match, texts) if m})
        self.semantics.prepare(d.hint for doc in parsed for d in doc.declared if d.hint)
        self.semantics.prepare(s.label for s in statements if s.extractor in STRUCTURAL)
        self.semantics.prepare(noun for _, noun in apposed)

    def run(self, parsed: list[ParsedDocument], prose: dict[str, ProseResult]) -> Extraction:
        _template_fields(parsed)
        _settle_entries(parsed, prose)
        declared = {canonical_name(d.name) for doc in parsed for d in doc.declared}
        statements = _handles_by_field([_upgrade(s, declared) for doc in parsed for s in doc.statements])
        ordinary = ordinary_words({s.value.text for s in statements if s.extractor in STRUCTURAL and s.value.kind == NAME
                                   and canonical_name(s.value.text) not in declared and ONE_WORD.fullmatch(s.value.text)},
                                  [p.text for doc in parsed for p in doc.paragraphs])
        statements = [s._replace(value=Term(s.value.text, LITERAL)) if s.extractor in STRUCTURAL
                      and s.value.kind == NAME and s.value.text in ordinary else s for s in statements]
        statements += [s for doc in parsed for s in prose[doc.doc_id].statements]
        apposed = [a for doc in parsed for a in prose[doc.doc_id].apposed]
        self._prepare(statements, parsed, apposed)
        types = self.infer_types(statements, parsed, apposed)
        out = Extraction()

        keys: dict[Term, str] = {}

        def key(term: Term) -> str:
            if term not in keys:
                keys[term] = entity_key("date", term.text) if term.kind == DATE else entity_key(
                    types.get(self._type_key(term)) or ("artifact" if term.kind == RECORD else "concept"), term.text)
            return keys[term]

        def type_of(term: Term) -> str:
            return key(term).split(":", 1)[0]

        entity_names: set[str] = set(declared)
        readings: list[tuple[Statement, Reading | None, float]] = [
            (s, *((None, 0.0) if LITERAL in (s.subject.kind, s.value.kind) else self.read(s, types, final=True)))
            for s in statements]
        # A prose reading the sentence's parse contradicts is no relation (`syntax`); its words may still link two entities.
        read = [(i, s, reading.relation) for i, (s, reading, _) in enumerate(readings) if reading is not None]
        for j in contradicted_statements([(s, relation) for _, s, relation in read],
                                         lambda noun: self.semantics.entity_type(noun, NAMED_TYPES) is not None):
            readings[read[j][0]] = (read[j][1], None, 0.0)
        for s, reading, score in readings:
            if reading is not None:
                for term in (s.subject, s.value):
                    if term.kind == NAME or (term.kind == CANDIDATE and score >= CANDIDATE_THRESHOLD):
                        entity_names.add(canonical_name(term.text))
        # Names a structure states as values (a column of owners) are entities when they are typed somewhere.
        for s in statements:
            if s.extractor in STRUCTURAL | {"diagram"}:
                for term in (s.subject, s.value):
                    if term.kind == NAME and types.get(self._type_key(term), "concept") != "concept":
                        entity_names.add(canonical_name(term.text))

        entity_names -= document_kinds(parsed)

        def is_entity(term: Term) -> bool:
            return term.kind in {RECORD, DATE} or (term.kind in {NAME, CANDIDATE} and canonical_name(term.text) in entity_names)

        doc_subject = {doc.doc_id: doc.subject for doc in parsed}

        def document_key(s: Statement, term: Term, allowed: frozenset[str]) -> str:
            """An end's key; for a document's own record in a slot only a document fills, the document's."""
            if term is s.subject and _own_record(s) and s.extractor in STRUCTURAL and not fits(allowed, type_of(term)) \
                    and fits(allowed, "artifact"):
                return entity_key("artifact", s.doc_id)
            return key(term)
        for s, reading, score in readings:
            subject_key = key(s.subject) if s.subject.kind != LITERAL else ""
            if reading is None and s.extractor in STRUCTURAL and subject_key and is_entity(s.subject):
                # A field the vocabulary has no relation for (status, severity, role): an attribute of its subject.
                _add_attribute(out.attributes[subject_key], _attribute_name(s.label), s)
            if reading is None:
                # Kept with its own words when the vocabulary has no type for it; a bare arrow is a link too.
                label = s.label or ("→" if s.extractor == "diagram" else "")
                if (s.extractor not in IMPLICIT | {"acronym", "topic"} and is_entity(s.subject) and is_entity(s.value)
                        and (content_words(label) or label == "→") and s.subject.kind != LITERAL):
                    self._relate(out, key(s.subject), key(s.value), GENERIC, s, label)
                continue
            if not (is_entity(s.subject) and is_entity(s.value)):
                continue
            src, dst = (s.value, s.subject) if reading.inverse else (s.subject, s.value)
            if key(src) == key(dst):
                continue
            if reading.relation == "SAME_AS":
                if score < IDENTITY_THRESHOLD:
                    continue  # "similar to the modes defined in RFC#49" reads near "is the same as": two things still
                out.aliases.append((src.text, dst.text, key(src), key(dst), s.doc_id, s.line, s.evidence,
                                    round(min(0.95, score), 2)))
                continue
            if reading.relation == "DIFFERENT_FROM":
                out.distinct.append((key(src), key(dst), s.doc_id, s.line, s.evidence))
                continue
            rel = RELATIONS[reading.relation]
            self._relate(out, document_key(s, src, rel.domain), document_key(s, dst, rel.range), reading.relation, s,
                         s.label, score)
            venue = RELATIONS[reading.relation].venue
            own = key(doc_subject[s.doc_id])
            if venue and s.extractor.startswith("sentence") and key(src) != own:
                self._relate(out, key(src), entity_key("artifact", s.doc_id), venue, s, s.label, score)
        # Mentions: every entity end of a statement (days included: they are nodes), and every prose mention.
        for s in statements:
            for term in (s.subject, s.value):
                if is_entity(term):
                    out.mentions.append(Mention(key(term), type_of(term), term.text, s.doc_id, s.line, s.extractor))
        for doc in parsed:
            for term, line in prose[doc.doc_id].mentions:
                if is_entity(term) and term.kind != DATE:
                    out.mentions.append(Mention(key(term), type_of(term), term.text, doc.doc_id, line, "sentence"))
            for d in doc.declared:
                k = key(Term(d.name, NAME))
                out.mentions.append(Mention(k, type_of(Term(d.name, NAME)), d.name, doc.doc_id, d.line, d.how))
                if d.how in {"table", "topic"}:
                    out.registry.setdefault(k, {"doc_id": doc.doc_id, "line": d.line, "table": d.hint})
            for record, line, _heading in doc.records:
                term = Term(record, RECORD)
                out.mentions.append(Mention(key(term), type_of(term), record, doc.doc_id, line, "document"))
            artifact, own = entity_key("artifact", doc.doc_id), key(doc.subject)
            begins = next((line for record, line, _ in doc.records if record == doc.doc_id), 1)
            out.mentions.append(Mention(artifact, "artifact", doc.doc_id, doc.doc_id, begins, "document"))
            if own != artifact:
                out.relations.append(Relation(artifact, own, "RECORDS", doc.doc_id, begins, doc.title[:300] or doc.doc_id,
                                              "document", 1.0, ""))
            out.warnings += doc.warnings
        return out

    @staticmethod
    def _relate(out: Extraction, source: str, target: str, rtype: str, s: Statement, label: str, score: float = 1.0) -> None:
        if source and target and source != target:
            # A generic relation is as explicit as its statement; whether it answers a question is the answerer's call.
            certainty = round(min(s.certainty, 0.5 + score / 2), 3) if rtype != GENERIC else min(s.certainty, GENERIC_CERTAINTY)
            out.relations.append(Relation(source, target, rtype, s.doc_id, s.line, s.evidence, s.extractor, certainty,
                                          label.strip()[:80]))


DOCUMENT = frozenset({"artifact"})


def _says_only_identity(label: str) -> bool:
    """A label that says two names are one thing ("is now called", "also written", ", also known as") says only that:
    a few words, no figure, no clause inside it, no code. A longer one says something else of them ("GCP Logging is
    used to store / query logs written by Sourcegraph"), whatever phrase of identity it ends in."""
    return len(re.findall(r"[A-Za-z]+", label)) <= IDENTITY_WORDS and not NOT_IDENTITY.search(label)


def _own_record(s: Statement) -> bool:
    """The statement is about its own document's record ("## Attendees" of PM2021-005, in PM2021-005)."""
    return s.subject.kind == RECORD and s.subject.text == s.doc_id


def _shares(counter: Counter | None) -> dict[str, float]:
    counts = counter or Counter()
    total = sum(counts.values())
    return {t: n / total for t, n in counts.items()} if total else {}


KIND_REFERENCES = 3  # references by one word to numbers of the corpus's documents that make it their kind


def document_kinds(parsed: list[ParsedDocument]) -> set[str]:
    """The words a corpus calls its documents by: the letters its ids open with ("ADR" of ADR-36), and a word its
    prose puts before the numbers of its documents ("RFC#49", "RFC 0045" where 0049-….md and 0045-….md are
    documents). A kind of document is no entity: "RFC" as a node links every RFC to every other."""
    numbers = {str(int(m.group(1))) for doc in parsed if (m := ID_NUMBER.match(doc.doc_id))}
    kinds = {canonical_name(m.group(1)) for doc in parsed if (m := ID_PREFIX.match(doc.doc_id))}
    said: Counter = Counter(canonical_name(m.group(1)) for doc in parsed for p in doc.paragraphs
                            for m in NUMBERED_REFERENCE.finditer(p.text) if str(int(m.group(2))) in numbers)
    return kinds | {word for word, n in said.items() if n >= KIND_REFERENCES}


TEMPLATE_SHARE = 0.2  # a row label opening a table row in this share of the documents (and in three) is a field …
HEADED_SHARE = 0.5  # … or in this share of the documents whose table opens with the same header (and in three)


def _template_fields(parsed: list[ParsedDocument]) -> None:
    """A table whose rows open with the same labels in many documents ("| Date | …", "| Author | …", "| Status | …" in
    every record's metadata table) is each document's template: its first column names fields of the document, not
    things. Read one document at a time, such a table whose labels are no relation's words looks like a registry of
    things called Date, Author and Status; across the corpus it is not. Its rows become the document's fields. (So
    is such a table in many of the documents that have one under the same header, "| Metadata | Value |": one
    collection of records among thousands of other documents keeps its template.)"""
    tables = [{(canonical_name(d.hint), canonical_name(d.name)) for d in doc.declared if d.how == "table"} for doc in parsed]
    opened = Counter(name for doc in tables for name in {name for _, name in doc})
    least = max(3, TEMPLATE_SHARE * len(parsed))
    labels = {name for name, n in opened.items() if n >= least}
    headed = Counter(header for doc in tables for header in {header for header, _ in doc if header})
    under = Counter(pair for doc in tables for pair in doc if pair[0])
    labels |= {name for (header, name), n in under.items() if n >= max(3, HEADED_SHARE * headed[header])}
    if not labels:
        return
    for doc in parsed:
        doc.statements = [s._replace(subject=doc.subject, label=s.subject.text, extractor="field")
                          if s.extractor == "table" and s.subject.kind == NAME and canonical_name(s.subject.text) in labels
                          else s for s in doc.statements]
        doc.declared = [d for d in doc.declared if not (d.how == "table" and canonical_name(d.name) in labels)]


def _settle_entries(parsed: list[ParsedDocument], prose: dict[str, ProseResult]) -> None:
    """Fields under a heading that names something ("### Auth Service" / "Owner: Sam Whitfield") describe that
    thing when the corpus knows the name elsewhere — declared, stated or written in prose (then it is declared
    like a registry row); otherwise they are fields of the section's record."""
    known = {canonical_name(d.name) for doc in parsed for d in doc.declared}
    known |= {canonical_name(t.text) for result in prose.values() for t, _ in result.mentions if t.kind in {NAME, CANDIDATE}}
    known |= {canonical_name(t.text) for doc in parsed for s in doc.statements if s.extractor != "entry"
              for t in (s.subject, s.value) if t.kind == NAME}
    for doc in parsed:
        settled = []
        for s in doc.statements:
            if s.extractor == "entry":
                if canonical_name(s.subject.text) in known:
                    doc.declared.append(Declared(s.subject.text, doc.doc_id, s.line, "table"))
                else:
                    s = s._replace(subject=doc.subject, extractor="field")
            settled.append(s)
        doc.statements = settled
        doc.declared = list(dict.fromkeys(doc.declared))
        # A sentence with no subject of its own under such a heading ("## Decision / We decided to use …") is about the
        # section's record unless the heading is a name the corpus knows.
        unknown = {e for e in doc.entries if canonical_name(e) not in known}
        prose[doc.doc_id].statements[:] = [
            s._replace(subject=doc.subject) if s.extractor == "sentence_implicit" and s.subject.text in unknown else s
            for s in prose[doc.doc_id].statements]


ONE_WORD = re.compile(r"[A-Z][a-z]+")  # a value written as one capitalised word: "Deprecated", "No", "Fluentd"
SAMPLES = 3  # prose sentences read for each such word
WORD_CLASSES = {"VERB": "verb", "ADJ": "adj", "ADV": "adv"}  # parts of speech that name nothing, as the lemmatizer files them


def ordinary_words(words: set[str], texts: list[str]) -> set[str]:
    """Of one-word values capitalised because they open a cell or a field ("| Status | Deprecated |", "Optional:
    No"), those that are words of the language, not names: a grammar word, or a word the corpus's prose writes in
    lower case where the trained parser reads it as no noun (a participle, an adjective, an adverb: "deprecated in
    favour of", "is implemented"). A value is then an attribute of its record, never an entity ("Deprecated" was a
    team every deprecated record was linked to). A name written in lower case in prose ("fluentd") is read there as
    a noun, and stays a name."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from ...language.spacy_pipeline import lemma_index, parse_all

    out = {w for w in words if w.lower() in STOP_WORDS}
    lower = {w.lower(): w for w in words - out}
    if not lower:
        return out
    said = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(lower))) + r")(?![\w-])")
    samples: dict[str, list[str]] = {}
    for text in texts:
        if not said.search(text):
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            for word in dict.fromkeys(said.findall(sentence)):
                if len(samples.setdefault(word, [])) < SAMPLES:
                    samples[word].append(sentence[:1000])
    pairs = [(word, sentence) for word, found in sorted(samples.items()) for sentence in found]
    known = lemma_index()
    votes: Counter = Counter()
    for (word, _), doc in zip(pairs, parse_all([sentence for _, sentence in pairs])):
        token = next((t for t in doc if t.text == word), None)
        if token is not None:
            # (the tagger guesses at words it does not know, "fluentd": only a word the English lemmatizer knows, as
            # that part of speech, counts as one)
            kind = WORD_CLASSES.get(token.pos_)
            votes[word, bool(kind) and token.lemma_ in known[kind]] += 1
    return out | {lower[w] for w in samples if votes[w, True] > votes[w, False]}


def _upgrade(s: Statement, declared: set[str]) -> Statement:
    """A value a document wrote as plain text ('etcd' in a cell) is a name when the corpus declares it elsewhere."""
    if s.value.kind == LITERAL and canonical_name(s.value.text) in declared:
        return s._replace(value=Term(s.value.text, NAME))
    return s


FIELD_EXTRACTORS = {"field", "front_matter"}  # a document's own fields: "Author: …", a metadata table's rows, front matter
HANDLE_FIELD_DOCUMENTS = 2  # documents whose field of one label holds an account handle ("Author: @ripienaar")


def _handles_by_field(statements: list[Statement]) -> list[Statement]:
    """A field whose values are account handles in other documents ("Author | @ripienaar") holds a handle where a
    document writes one without its @ ("Author | wallyqs"): that one lower-case word is a name, as the field uses it,
    not text."""
    handled = Counter(label for label, _ in {(canonical_name(s.label), s.doc_id) for s in statements
                                             if s.extractor in FIELD_EXTRACTORS and HANDLE.fullmatch(s.value.text)})
    labels = {label for label, n in handled.items() if n >= HANDLE_FIELD_DOCUMENTS}
    return [s._replace(value=Term(s.value.text, NAME)) if s.value.kind == LITERAL and s.extractor in FIELD_EXTRACTORS
            and canonical_name(s.label) in labels and HANDLE_WORD.fullmatch(s.value.text) else s for s in statements]


def _family(term: Term) -> str:
    return {RECORD: "record", DATE: "date"}.get(term.kind, "name")


PLAIN_SEPARATOR = re.compile(r"\s*(?:[,;&]|and|or)\s*", re.IGNORECASE)  # what a line lists items by


def _add_attribute(attributes: dict, name: str, s: Statement) -> None:
    """A field of an entity, with the document and line that state it; a list field keeps every item."""
    entry = attributes.get(name)
    if entry is None:
        attributes[name] = [s.value.text, s.doc_id, s.line]
    elif entry[1] == s.doc_id and entry[2] == s.line and s.value.text not in entry[0].split(", "):
        # Joined as the line joins them where it says them plainly: "Name: Decouple Plan and Bill-of-Materials" is one
        # name again, not "Decouple Plan, Bill-of-Materials".
        start = s.evidence.find(entry[0])
        later = s.evidence.find(s.value.text, start + len(entry[0])) if start >= 0 else -1
        between = s.evidence[start + len(entry[0]):later] if later >= 0 else ""
        entry[0] = f"{entry[0]}{between if PLAIN_SEPARATOR.fullmatch(between) else ', '}{s.value.text}"


def _attribute_name(label: str) -> str:
    words = [w for w in canonical_name(label).split("_") if w and w not in FUNCTION_WORDS] or [canonical_name(label)]
    return "_".join(words)[:40] or "value"
