"""Slot fillers: the spans of one parsed sentence that could answer a part, and the one that does.

A candidate is a span of a kind (SLOT_KINDS): a named entity by its label, a noun chunk, a value by its shape (a
handle, a version, a date, a time, a number with its unit, code or quoted text, a record id), or the value of a
"Field: value" sentence. The filler is the candidate of the asked kind that the question does not already contain,
nearest in the sentence's parse to the words the part asks about (and to the noun it asks for: "the `Nats-TTL`
header" for "which header"); a field whose name is what the part asks gives its whole value. A "what" part asks
for a thing, and takes a value where the sentence names no thing, or, asking for no kind of thing ("what had they
verified"), the clause the asked verb takes; a name that gives the kind of a common noun ("Slack" of "the Slack
channel") is no person. A filler says whether it is a common noun: the reader lets a name or a value from a
sentence of the same document, nearly as good, answer before it. A reason ("why", "on what grounds") is a clause:
the one a word of reason opens, else what follows a coordinated "but", else the sentence. A "where" takes a place.
A part asking whom its verb enlists to do another ("which role do I ask to page …") takes whom the sentence has do
that ("Deputy, can you page …"). What another part of the question asks by its verb ("raised to 30 seconds" for
"what was it raised to") is that part's, not this one's; a value in brackets right after the asked noun ("timeout
(10s)") is that noun's; a word before a colon is a label, and no span is a piece of a hyphenated word.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from ..corpus.ingest import ID_IN_TEXT, ID_NUMBER_BEFORE
from ..language.spacy_pipeline import meeting_point, parse_all
from ..language.english import (ABSENT_VALUES, CONDITION_MARKERS, CONTRAST_WORDS, FIRST_PERSON, GENERIC_PERSONS,
                                INDEFINITE_PERSONS, MANNER_PREPOSITIONS, MONTHS, PLACE_PREPOSITIONS,
                                POINTING_DETERMINERS, PREVENTING_VERBS, REASON_MARKERS, REASON_PHRASE_MARKERS,
                                TIME_UNITS, UNNAMED_PERSONS)
from ..language.text import FREQUENCY, ISO_DATE, SCHEDULE, WORD_DATE, looks_like_name
from .slots import VALUE_KINDS, AskedPart, asks_subject, kind_of, stem, terms_of

ENTITY_KINDS = {
    "PERSON": {"person"}, "ORG": {"person", "thing"}, "NORP": {"thing"}, "GPE": {"thing"}, "LOC": {"thing"},
    "FAC": {"thing"}, "PRODUCT": {"thing"}, "EVENT": {"thing"}, "WORK_OF_ART": {"thing"}, "LAW": {"thing"},
    "LANGUAGE": {"thing"}, "DATE": {"date"}, "TIME": {"date", "number"}, "CARDINAL": {"number"},
    "QUANTITY": {"number"}, "PERCENT": {"number"}, "MONEY": {"number"}, "ORDINAL": {"ordinal"},  # ("first" counts nothing)
}
PREFIX_LENGTH = re.compile(r"(?<![\w./])/\d{1,3}\b")  # a network's size as its prefix length: "a /24" (no count)
SHAPES = (
    (re.compile(r"(?<![\w@])@[A-Za-z0-9][\w-]*"), {"person"}),
    (re.compile(r"\bv?\d+\.(?:\d+|x)(?:\.(?:\d+|x))*(?:[-+][\w.]+)?\b"), {"version", "number"}),
    (ISO_DATE, {"date"}),
    (FREQUENCY, {"frequency"}),
    (SCHEDULE, {"date"}),
    (WORD_DATE, {"date"}),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}\b|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:UTC|[AP]M))?\b"), {"date"}),
    (re.compile(r"(?<![\w.])\d[\d,.]*\s*(?:%|[A-Za-z][A-Za-z/]*)"), {"number"}),
    (re.compile(r"(?<![\w.])\d[\d,.]*[kKmMgG]?\b"), {"number"}),
    (PREFIX_LENGTH, {"number"}),
    (CODE_SPAN := re.compile(r"`([^`]+)`"), {"thing", "version"}),
    (re.compile(r"\"([^\"]{2,80})\"|(?<!\w)'([^']{2,80})'(?!\w)"), {"thing"}),
    (ID_IN_TEXT, {"thing"}),
)
FIELD = re.compile(r"^\s*`?([A-Za-z][\w ()/'-]{0,40}?)`?\s*:\s+(\S.{0,200})$")  # a label may be code: "`err_code`: 10166"
# A value set by name, as code writes it: "`max_interval=250ms`" gives max_interval's value as a field does
ASSIGNMENT = re.compile(r"(?<![\w.=])([A-Za-z_][\w.]*)=([^\s`'\",;()=]+)")
BRACKETED = re.compile(r"\s*\(([A-Z][^()]{0,60})\)")  # " (Søren Iversen)": a name in brackets
OPEN_BRACKET, CLOSE_BRACKET = re.compile(r"\s*\(\s*`?"), re.compile(r"`?\s*\)")  # (code quotes inside kept out)
LISTED_PLACE = 2.0  # a name listed in brackets answers "where" after any place a preposition says
# between a noun and its value: "the default of 300 seconds", "the Scope as `global:read`", "the timeout to 30s"
OF_VALUE = re.compile(r"\s+(?:of|as|to)\s+`?")
# … or a value the clause of the asked noun introduces with a colon: "the following CIDR ranges from the MoJ
# Networking team: `10.41.0.0/16`" for "which CIDR ranges were allocated" (the noun as a label, "default: 2 minutes",
# is a field's, read as fields are)
INTRODUCED = re.compile(r"\s[^:;.!?`]{1,60}:\s+`?")
DOTTED_NUMBER = re.compile(r"v?\d{1,3}(?:\.\d{1,3})+")  # "1.0", "3.30": a version or a number, never a day
SPEAKER = re.compile(r"(?:^|; )([^:;]{1,40}):\s")  # a field's label in a record's text: "…; Mara: Ryan is not …"
SPEAKER_WORDS = 3  # a speaker's name is a few words
BARE_NUMBER = re.compile(r"\d[\d.,]*")  # a number with no unit: no span of time or length
NUMBERED = re.compile(r"\s+`?(?=\d)")  # the asked noun followed by its value: "(version 21.10.15.1603)", "port 8080"
NAME_WORD, CAMEL = re.compile(r"\w+"), re.compile(r"[a-z][A-Z]")  # a word; a capital inside one ("CloudWatch")
CALLED = re.compile(r"\s+(?:called|named)\s+[\"'`\u201c]?")  # "predefined teams called "SEV-1 Stakeholders"": its name
QUOTED_AFTER = re.compile(r"\s+\"([^\"]{2,80})\"")  # "the schedule "09:00 UTC on Monday"": the noun's own words for it
LABEL_AFTER = re.compile(r"(?:\*\*|__)?:\s")  # what stands right after a label: its colon
HYPHENATED_END = re.compile(r"(?:-[A-Za-z0-9]+)+")  # the rest of a hyphenated word, from the hyphen on
HYPHENATED_START = re.compile(r"(?<![\w-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-$")  # its beginning, up to the hyphen
EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+$", re.IGNORECASE)  # a value after it is a frequency ("every 30s")
GENERIC_PERSON_TERMS = {stem(w) for w in GENERIC_PERSONS}
NOT_A_PERSON = 5.0  # asked for people, a span no person's name is in ranks after any that is
BARE_FIGURE = re.compile(r"[~<>≈]?[\d,.]+")  # a number without its unit ("~3" of "~3 months")
PIECE_BREAKS = ("", "-", "_", ".", "/", ":")  # what follows a piece an identifier starts with ("pir-2025" of "pir-2025-04")
AMOUNTS = {"MONEY", "PERCENT", "QUANTITY"}  # entities that measure an amount: no count of things
ALLOWANCE = re.compile(r"\b(?:ha(?:ve|s|d)\s+to|must|should|can|may|need)\b", re.IGNORECASE)  # time allowed for an act
DEADLINE_PREPOSITIONS = frozenset({"within", "after", "before", "by", "until"})  # "within 30 days": by when, not how long
SPANS_OF_TIME = ("how long", "how soon", "how quickly", "how old")  # they ask a span of time, never how many things there are
MIXED_CASE = re.compile(r"[A-Z][a-z]+[A-Z][A-Za-z]*|[a-z]+[A-Z][A-Za-z]*")  # "DevEX", "iPhone"; not "MDMS", "RFCs"
MAX_FILLER = 120
MODIFIERS = ("compound", "nmod", "nummod", "amod")  # what a noun's own modifiers are to the parser
MAX_UNIT_WORDS = 4  # a number's noun this few words after it is what it counts ("250 usable IP addresses")
NEGATED = re.compile(r"n't\b|\b(?:not|never|no)\b", re.IGNORECASE)  # a question asking what is not so
MAX_REASON = 240  # a reason is a clause: longer than a name
TRIMMED = " \t,;:.`\"'()[]*"  # cut from a filler's ends (a bracket it opened is closed again; * is emphasis)
ARTICLE_ONLY = re.compile(r"(?i:the|an?|your|our|their|its|my|his|her)?")  # a span of nothing but its article
LONG = 40  # past this many characters a span is more likely a clause than a name: a slight cost per character
MONTH_STEMS = {stem(m) for m in MONTHS} | {stem(m[:3]) for m in MONTHS}
WITHIN_FIELD = 0.5  # dependency edges a span gains per word of the part its field's label says
COMMON = 1.5  # dependency edges a common-noun chunk yields to a name or a value
ASKED_OBJECT = 1.0  # dependency edges the object of the asked verb gains on another span
TOLD_CLAUSE = 3.0  # … and a span whose clause says what tells its part from the others
PLACE_NAMED, PLACE_ENTITIES = 3.0, ("GPE", "LOC")  # … and a place's name, for a part asking a kind of place
CLOSE = 0.1  # … and a span two edges or fewer from each further asked word gains on one near fewer


@dataclass(frozen=True)
class Candidate:
    start: int
    end: int
    text: str
    kinds: frozenset[str]
    field: float = 0.0  # for the value of a "Field: value" sentence: how well its field names what the part asks
    common: bool = False  # a noun chunk of common nouns: no name, value or entity
    cost: float = 0.0  # how much less likely than a span of its kind to be the answer (a reason not marked as one)


class Filler(str):
    """A filler's text, and whether it is a common noun ("the user") rather than a name, a value or a field's value:
    a close second sentence offering a name answers before it."""

    common: bool
    unmarked: bool  # a reason no word of reason marks: the whole sentence, given for want of a marked one
    # the asked noun's own value, said beside it: in brackets after it, after "of", or introduced by its clause's colon
    # ("the following CIDR ranges …: `10.41.0.0/16`")
    stated: bool
    named: bool  # a name the sentence writes right before the asked noun: "`Public` visibility" for "what visibility"

    def __new__(cls, text: str, common: bool = False, unmarked: bool = False, stated: bool = False,
                named: bool = False) -> "Filler":
        filler = super().__new__(cls, text)
        filler.common, filler.unmarked, filler.stated, filler.named = common, unmarked, stated, named
        return filler


def field_labels_of(text: str) -> list[str]:
    """The labels of a sentence's fields: "Owner" and "Links" of "Owner: @ana; Links: RFC"."""
    return [m.group(1) for segment in text.split("; ") if (m := FIELD.match(segment))]


def record_fields(text: str) -> dict[str, str]:
    """A record's fields, label → value ("Name: X; Upstream: A; B" → {"Name": "X", "Upstream": "A; B"}): a segment
    with no label of its own continues the value before it. Empty for a sentence that is no record (`is_record`)."""
    if not is_record(text):
        return {}
    fields: dict[str, str] = {}
    label = ""
    for segment in text.split("; "):
        field = FIELD.match(segment)
        if field:
            label = field.group(1).strip()
            fields[label] = f"{fields[label]}; {field.group(2).strip()}" if label in fields else field.group(2).strip()
        elif label:
            fields[label] = f"{fields[label]}; {segment.strip()}"
    return fields


def is_record(text: str) -> bool:
    """"Name: X; Status: Y": the fields of one thing, read together (`sentences`)."""
    segments = text.split("; ")
    return len(segments) >= 2 and sum(1 for s in segments if FIELD.match(s)) >= 2


def _trim(text: str) -> str:
    trimmed = text.strip(TRIMMED)
    tail = text[len(text.rstrip(TRIMMED)):]
    for opening, closing in (("(", ")"), ("[", "]")):  # a bracket the span opened is closed: "1 working day (best effort)"
        if trimmed.count(opening) > trimmed.count(closing) and closing in tail:
            trimmed += closing
        elif trimmed.count(opening) > trimmed.count(closing) and (at := trimmed.rfind(opening)) > 0:
            # One it leaves open is cut: "X sub-team (BAT" — unless only an article stands before it: "the [Lamp Crew
            # List" is the name the brackets hold (a link's text), not "the".
            before = trimmed[:at].rstrip(TRIMMED)
            trimmed = before if not ARTICLE_ONLY.fullmatch(before) else trimmed[at + 1:].strip(TRIMMED)
    # A code quote the span leaves half open ends it where the quote closes: "@x-support` group" of "the `@x-support`
    # group in Slack" is "@x-support" (a quote the span opens, "the `Nats-TTL", is no end: a word stands before it).
    if trimmed.count("`") % 2 and (cut := trimmed.index("`")) > 0 and not re.search(r"\s", trimmed[:cut]):
        trimmed = trimmed[:cut].rstrip(TRIMMED)
    # (and whose a name is: "Your Deputy" names the Deputy; and what introduces an example: "e.g., Ana Ruiz")
    return re.sub(r"^(?:(?i:e\.\s?g|i\.\s?e)\.?,?\s+)?(?:(?i:the|a|an)\s+|(?i:your|our|their|its|my|his|her)\s+(?=[A-Z]))?",
                  "", trimmed)


def _speaker(text: str, at: int) -> str:
    """Who says the words at `at`, where a line of minutes gives it ("Mara: … So far only volunteer has been me"): the
    name labelling the field that holds them; "" where no name does."""
    label = next((m.group(1) for m in reversed(list(SPEAKER.finditer(text, 0, at)))), "")
    return label if looks_like_name(label) and len(label.split()) <= SPEAKER_WORDS else ""


def candidates(doc, part: AskedPart, asked_field=lambda label: False) -> list[Candidate]:
    """Every span of the sentence (a parsed spaCy doc) that could fill some slot."""
    text = doc.text
    found: list[Candidate] = []
    for ent in doc.ents:
        kinds = ENTITY_KINDS.get(ent.label_)
        if kinds and ent.label_ == "DATE" and _duration(ent):
            kinds = kinds | {"number"}  # "within one week", "72 hours": an amount of time answers "how soon"
            if _length_of(ent):
                kinds = {"number"}
        if kinds:
            # (an amount of money is said with its currency's sign, which the entity recogniser leaves out: "$13,632")
            start = ent.start_char - 1 if ent.label_ == "MONEY" and _currency_before(text, ent.start_char) \
                else ent.start_char
            found.append(Candidate(start, ent.end_char, text[start:ent.end_char], frozenset(kinds)))
        if ent.label_ == "PERSON" and part.slot == "thing" and set(terms_of(ent.text)) & set(terms_of(part.noun)):
            # (the small tagger takes many a product's name for a person's: "Concourse CI", for "which CI system", is a
            # thing by a word of its kind)
            found.append(Candidate(ent.start_char, ent.end_char, ent.text, frozenset({"thing"}), cost=COMMON))
    for chunk in doc.noun_chunks:
        if chunk.root.pos_ == "PRON":
            if chunk.root.lower_ in INDEFINITE_PERSONS and part.slot == "person":
                found.append(Candidate(chunk.start_char, chunk.end_char, chunk.text, frozenset({"person"})))
            elif chunk.root.lower_ in FIRST_PERSON and part.slot == "person" \
                    and (speaker := _speaker(text, chunk.start_char)):
                found.append(Candidate(chunk.start_char, chunk.end_char, speaker, frozenset({"person"})))
            continue
        # The tokenizer splits a hyphenated word ("sub-team" → sub, -, team) and a chunk may start or end inside
        # it: the span is the whole word ("The BAT sub-team", not "The BAT sub" or "team").
        whole = HYPHENATED_END.match(text, chunk.end_char)
        end = whole.end() if whole else chunk.end_char
        before = HYPHENATED_START.search(text, 0, chunk.start_char)
        start = before.start() if before else chunk.start_char
        # A proper name ("Amara Okafor", "the Platform Team") may be a person's or a team's, recognised or not.
        # A word of mixed case capitalised inside ("DevEX") is a name whatever the tagger makes of it; an acronym
        # ("MDMS") or its plural ("RFCs") is what the tagger says.
        proper = (_proper(chunk.root) and not any(c.isdigit() for c in chunk.text)
                  and chunk.root.ent_type_ not in ("DATE", "TIME", "CARDINAL", "QUANTITY", "PERCENT", "MONEY", "ORDINAL"))
        # "the Optics team": a team by its name — the name is the phrase's head or says which one it is ("Core Services
        # team responsibilities", a name two words down, are a team's things, no one)
        named = any(t.ent_type_ in ("PERSON", "ORG") and chunk.root in (t, t.head) for t in chunk)
        kinds = {"thing"} | ({"person"} if named or proper else set())
        # A common noun ("readings") is less often an answer than a name, a value or a recognised entity.
        found.append(Candidate(start, end, text[start:end], frozenset(kinds),
                               common=not proper and not named and not chunk.root.ent_type_))
    if part.slot == "person":
        agents = _agents(doc, set(part.asks), set(part.done_to))
        # (the other doer, of another thing, is no answer, however it is named)
        other = [(c.start, c.end) for c, answers in agents if not answers]
        found = [c for c in found if not any(start <= c.start and c.end <= end for start, end in other)]
        found.extend(c for c, answers in agents if answers)
        if part.noun and asks_subject(part.text):
            found.extend(_named_subjects(doc, set(part.asks), set(terms_of(part.noun.split()[-1]))))
    if part.slot == "thing" and not part.noun:  # "what had they verified": what the asked verb says is the case
        found.extend(_said_clauses(doc, set(part.predicate)))
    if part.slot == "reason":
        found.extend(_reasons(doc))
    for pattern, kinds in SHAPES:
        for m in pattern.finditer(text):
            group = next((i for i in range(1, (pattern.groups or 0) + 1) if m.group(i)), 0)
            found.append(Candidate(m.start(group), m.end(group), m.group(group), frozenset(kinds)))
    offset = 0
    noun = set(terms_of(part.noun))
    predicate = set(part.predicate)

    def said_as_asked(label: str) -> float:  # how well a field's label (or a name set to a value) says what is asked
        words = set(terms_of(label))  # ("err_code" is one word, as the question has it)
        return len(words & predicate) + 0.5 * len(words & noun)

    labels: list[tuple[int, int]] = []  # where the record's field labels stand: a label is no value
    values: list[tuple[int, int, float]] = []  # where each field's value stands, and how well its label names the part
    record = is_record(text)
    asked_values: list[tuple[int, int]] = []  # where the record's fields labelled as the part asks hold their values
    other_values: list[tuple[int, int]] = []  # … and where its other fields hold theirs
    speakers: list[Candidate] = []
    for segment in text.split("; "):  # a record: "Status: Implemented; Author(s): ekcasey"
        field = FIELD.match(segment)
        if field and record:
            labels.append((offset + field.start(1), offset + field.end(1)))
        strength = said_as_asked(field.group(1)) if field else 0.0
        if field and asked_field(field.group(1)):  # "Author(s)" for "who wrote"
            strength += 1
        if field and record:
            (asked_values if asked_field(field.group(1)) else other_values).append(
                (offset + field.start(2), offset + len(segment)))
        # (a line of minutes whose words open with what the part asks someone did, "Carol: Proposal - could we …" for
        # "who made the proposal", names the one who did it by its label: the speaker)
        # (not a changelog's "Info: Moved roadmap items …", which says in the past what was done, by no one named)
        if field and part.slot == "person" and (opening := NAME_WORD.match(field.group(2))) \
                and stem(opening.group(0)) in part.asks and (speaker := _speaker(segment, field.start(2))) \
                and (said := doc.char_span(offset + field.start(2), offset + field.start(2) + opening.end(),
                                           alignment_mode="expand")) is not None and said[0].tag_ not in ("VBD", "VBN"):
            speakers.append(Candidate(offset + field.start(1), offset + field.end(1), speaker, frozenset({"person"}), 1.0))
        if field and strength:
            value, start = field.group(2).rstrip(" ;"), offset + field.start(2)
            # (a value the word the question sets before the asked noun opens, "threshold: Defaults to 85." for "the
            # default threshold", is what that word gives it: "85")
            if (opening := NAME_WORD.match(value)) and stem(opening.group(0)) in _modifier_terms(part) \
                    and (given := OF_VALUE.match(value, opening.end())) and given.end() < len(value):
                value, start = value[given.end():].rstrip(" .`"), start + given.end()
            found.append(Candidate(start, start + len(value), value, frozenset(_value_kinds(value)), strength))
            if record:
                values.append((start, start + len(value), strength))
        offset += len(segment) + 2
    for m in ASSIGNMENT.finditer(text):  # ("what is the default max_interval": the value set to it, not the name)
        if strength := said_as_asked(m.group(1)):
            found.append(Candidate(m.start(2), m.end(2), m.group(2), frozenset(_value_kinds(m.group(2))), strength))
    # (where a field is labelled as what the part asks, "Author: @piotrpio" for "who moved them", that field says who
    # did it, not the label of "Info: Moved roadmap items …")
    found += speakers if not any(c.field for c in found) else []
    # A span inside a field's value is read with its field: "first Wednesdays at 8:00 PT" in "Public … Meeting: …"
    # answers "when does it meet publicly" before the same span in "Private … Meeting: …" does.
    found = [dataclasses.replace(c, cost=c.cost - WITHIN_FIELD * next(
        (strength for start, end, strength in values if start <= c.start and c.end <= end), 0.0))
        if not c.field else c for c in found]
    # A record that has a field labelled as the part asks gives the person asked there: a name in another of its
    # fields ("Name: Lamp Rota" beside "Author(s): @ada", for who co-wrote it with ada) is no one.
    if part.slot == "person" and asked_values:
        found = [c for c in found if not any(start <= c.start and c.end <= end for start, end in other_values)]
    # (nor is a span that runs over one: "Status: Superseded" as a noun phrase of the parse; nor, in prose, a word
    # saying there is nothing, "None defined at this time", which answers no part — a field's "Owner: TBD" is its value;
    # nor a piece of code: "A-Z" of `(A-Z, a-z, 0-9)+` is no name, the code is read whole)
    codes = _code_spans(text)
    # (code, quoted whole, names a thing, whatever the tagger takes it for: "`GRPC_XDS_FAULT_INJECTION`" is no person;
    # a handle, "`@ada`", is someone's however it is quoted)
    found = [dataclasses.replace(c, kinds=c.kinds - {"person"} or frozenset({"thing"}))
             if "person" in c.kinds and not c.text.lstrip("`").startswith("@")
             and (c.start + (text[c.start] == "`"), c.end - (text[c.end - 1] == "`")) in codes else c for c in found]
    return [c for c in found if c.field or not any(c.start < end and start < c.end for start, end in labels)
            and c.text.strip().lower() not in ABSENT_VALUES
            and not any(start <= c.start and c.end <= end and (c.start, c.end) != (start, end) for start, end in codes)]


def _code_spans(text: str) -> set[tuple[int, int]]:
    """Where the text quotes code (inside its backticks)."""
    return {m.span(1) for m in CODE_SPAN.finditer(text)}


def _duration(span) -> bool:
    """A date entity that counts a unit of time ("one week", "72 hours", "3 calendar days"): an amount, not a day."""
    words = [t for t in span if t.pos_ != "DET"]  # ("a 1 year term")
    return len(words) >= 2 and words[0].like_num and not words[-1].like_num and words[-1].pos_ == "NOUN"


def _length_of(span) -> bool:
    """A duration saying how long something lasts, not when: one modifying a noun ("for 2 year terms"), or the object
    of "for" or "of" ("the term will be for 2 years", "a term of two years"); "within 72 hours" and "after a week" say
    when, from a point the sentence gives."""
    outside = [t for t in span if not span.start <= t.head.i < span.end]
    return all(t.dep_ in ("compound", "amod", "nummod", "det") for t in outside) or any(
        t.dep_ == "pobj" and t.head.lower_ in ("for", "of") for t in outside)


def _of_another(token, asked_of: set[str]) -> bool:
    """The asked noun's token is "of" another thing than the part says ("a high level of quality" for "what level of
    knowledge")."""
    return any(not asked_of & set(terms_of(" ".join(t.text for t in o.subtree)))
               for p in token.children if p.dep_ == "prep" and p.lower_ == "of" for o in p.children if o.dep_ == "pobj")


def _proper(token) -> bool:
    """The word is a name: a proper noun, or a word capitalised inside ("DevEX"), written with a capital."""
    return (token.pos_ == "PROPN" or MIXED_CASE.fullmatch(token.text) is not None) and token.text[:1].isupper()


def _hyphen_joined(doc, token) -> bool:
    """The token ends a word joined by a hyphen ("level" of "high-level"): the whole word says its value."""
    return token.i >= 2 and doc[token.i - 1].text == "-" and not doc[token.i - 1].whitespace_ \
        and not doc[token.i - 2].whitespace_


def _opens_instruction(doc, span) -> bool:
    """One word opening its clause that heads the clause and governs a phrase as a verb does ("Liaise with engineers
    of affected systems"): an instruction's verb, whatever the tagger calls it. A name alone ("- Dana Reyes") governs
    nothing."""
    root = span.root
    return len(span) == 1 and root.dep_ == "ROOT" and (root.i == 0 or doc[root.i - 1].is_punct) \
        and any(c.dep_ in ("prep", "dobj") for c in root.children)


def _counts_things(doc, c: Candidate) -> bool:
    """A candidate whose number the tagger reads as a count of things (a cardinal, not a time, date or quantity)."""
    span = doc.char_span(c.start, c.end, alignment_mode="expand")
    kinds = {t.ent_type_ for t in span or () if t.ent_type_}
    return "CARDINAL" in kinds and not kinds & {"DATE", "TIME", "QUANTITY"}


def _with_unit(span):
    """A bare number with the word right after it, its unit ("450 watts" of "450"); any other span as it is."""
    doc = span.doc
    return doc[span.start:span.end + 1] if BARE_FIGURE.fullmatch(span.text.strip()) and span.end < len(doc) \
        and doc[span.end].is_alpha else span


def _amount(span) -> bool:
    """A span measuring an amount (of money, of time, a share or a quantity), which counts no things: "$20,000",
    "~3 months", "15%"."""
    return _measured(span) or any(t.lemma_.lower() in TIME_UNITS for t in span)


def _measured(span) -> bool:
    """An amount of money, a share or a quantity (not of time): "$20,000", "15%", "4 GB"."""
    return bool({t.ent_type_ for t in span} & AMOUNTS) or _currency_before(span.doc.text, span.start_char)


def _currency_before(text: str, at: int) -> bool:
    """Whether a currency's sign stands right before `at`: "$" of "$20,000"."""
    return at > 0 and unicodedata.category(text[at - 1]) == "Sc"


def _unit(span) -> str:
    """The words of an amount after its number ("week" of "1 week", "" of "$20,000")."""
    return " ".join(t.text for t in span if not t.like_num and t.is_alpha)


def _counted(span):
    """The noun a number of the span counts, a few words after it ("250 usable IP addresses"); None if none."""
    return next((t.head for t in span if t.dep_ == "nummod" and t.head.pos_ == "NOUN"
                 and 0 < t.head.i - t.i <= MAX_UNIT_WORDS), None)


def _said_in(term: str, terms: set[str]) -> bool:
    """A term the set holds, or a piece of an identifier or a date it holds: its start ("pir-2025" of "pir-2025-04") or
    one of its numbers ("07" of "2025-07-09"); not the first digits of another number ("20" of "$20,000" is not said
    by "2024")."""
    return term in terms or any(c.isdigit() for c in term) and any(
        t.startswith(term) and t[len(term):len(term) + 1] in PIECE_BREAKS or term in re.split(r"[-_./:]", t)
        for t in terms)


def _said_clauses(doc, predicate: set[str]) -> list[Candidate]:
    """The clause a verb the part asks takes as its object ("Verified that AWS had autopatched" for "what had they
    verified"): a "what" that asks for no kind of thing is answered by what was said, verified or decided."""
    found = []
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or not ({stem(verb.text), stem(verb.lemma_)} & predicate):
            continue
        for clause in verb.children:
            if clause.dep_ != "ccomp":
                continue
            tokens = [t for t in clause.subtree if not (t.dep_ == "mark" and t.head == clause)]
            if tokens:
                start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)
                found.append(Candidate(start, end, doc.text[start:end], frozenset({"thing"})))
    return found


UNMARKED_REASON = 1.0  # a clause coordinated with the sentence's own ("… but the outcome was X") …
WHOLE_REASON = 2.0  # … and the whole sentence (an item listed under "for these reasons:") give a reason less surely


def _reasons(doc) -> list[Candidate]:
    """The spans of a sentence that may give a reason: a clause or phrase opened by a word that gives one ("as it was a
    trial", "because of the outage"), else a clause coordinated with the sentence's main one ("targeted for 2.12 but
    the outcome was X"), else the sentence itself."""
    found = []

    def span(tokens, cost: float) -> None:
        tokens = [t for t in tokens if not t.is_punct or t.i != tokens[-1].i]
        # (the word that opens a clause goes; the sentence's own "When …" stays: without it the clause reads as a fact)
        opening = ("CCONJ",) if cost >= WHOLE_REASON else ("ADP", "CCONJ", "SCONJ")
        while tokens and (tokens[0].pos_ in opening or tokens[0].is_punct):
            tokens = tokens[1:]
        if tokens:
            start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)
            found.append(Candidate(start, end, doc.text[start:end], frozenset({"reason"}), cost=cost))

    for token in doc:
        if token.lower_ not in REASON_MARKERS:
            continue
        if token.dep_ == "mark":  # "… as it was a trial": the clause the word opens
            # (opened after the main clause, it runs to the sentence's end, whatever the small parser splits off:
            # "since write access to X requires Y", read as "write access" and a clause of its own)
            late = token.head.dep_ == "advcl" and token.head.head.i < token.i
            span(list(doc[token.i + 1:]) if late else [t for t in token.head.subtree if t.i > token.i], 0.0)
        elif token.lower_ in REASON_PHRASE_MARKERS:  # "because of the outage", "due to load"
            span([t for t in token.subtree if t.i > token.i], 0.0)
    for root in (t for t in doc if t.dep_ == "ROOT"):
        # the rest of the sentence after "but" (or "and", "so") where a clause of its own follows (the small parser
        # may split that clause up; its words run to the sentence's end)
        joint = next((c for c in root.children if c.dep_ == "cc" and c.lower_ in CONTRAST_WORDS and any(
            v.dep_ == "conj" and v.pos_ in ("VERB", "AUX") and v.i > c.i for v in root.children)), None)
        if joint is not None:
            span(list(doc[joint.i + 1:]), UNMARKED_REASON)
    if any(t.pos_ in ("VERB", "AUX") for t in doc):  # (a line without a verb, "Amazon EKS (EKS)", states no reason)
        span(list(doc), WHOLE_REASON)
    return found


NAME_LIST = re.compile(r"^@?[\w.-]+(?:\s+[\w.-]+){0,2}(?:\s*(?:,|and|or|&)\s*@?[\w.-]+(?:\s+[\w.-]+){0,2})*$")


def shape_kinds(text: str) -> set[str]:
    """The kinds a whole text has by its shape alone ("2.12" a version and a number, "@jdoe" a person)."""
    return {k for pattern, shape in SHAPES for k in shape if pattern.fullmatch(text.strip())}


def _value_kinds(value: str) -> set[str]:
    """What a field's value can fill: anything, when it is short and shaped like a list of names (or of alternatives:
    "VP or Director of Engineering"), a date, a number or a version; only a thing when it is a sentence of its own."""
    kinds = {"thing"}
    kinds |= shape_kinds(value)
    if len(value.split()) <= 10 and NAME_LIST.match(value.strip()):
        kinds |= {"person", "number", "date", "version"} if any(c.isdigit() for c in value) else {"person"}
    return kinds


def _inside_word(text: str, start: int, end: int) -> bool:
    """The span is glued to letters, digits or joiners on a side: a piece of a longer token."""
    before = text[start - 1] if start > 0 else " "
    after = text[end:end + 2]
    # "13" of "13:04" and "04" of it: a clock time's pieces (a colon between digits)
    clock = before == ":" and text[start - 2:start - 1].isdigit() or bool(re.match(r":\d", after))
    return before.isalnum() or before in "-_/" or clock or bool(re.match(r"[-_/]\w|\w", after))


NAME_QUOTES = " `'\"\u201c\u201d"  # what a name may be written in


def _noun_start(head, noun_tokens: list) -> int:
    """Where the asked noun written at `head` starts: the words of the asked noun right before it ("GitHub" of
    "GitHub team")."""
    i = head.i
    while i > 0 and head.doc[i - 1] in noun_tokens:
        i -= 1
    return i


def _modifies_noun(span) -> bool:
    """The span stands before a common noun it names the kind of ("Slack" of "Slack channel"): by the parse (a
    compound of a noun outside it) or, where the parse attaches it elsewhere, by the common noun right after it."""
    root, doc = span.root, span.doc
    if root.dep_ == "compound" and root.head.pos_ == "NOUN" and not span.start <= root.head.i < span.end:
        return True
    after = doc[span.end] if span.end < len(doc) else None
    return after is not None and after.pos_ == "NOUN" and after.text.islower() and after.idx == span.end_char + 1


def _done_by(doc, named: set[str]) -> list[tuple]:
    """(verb, doer) where what the part names (`AskedPart.done_to`: every word of it, or an identifier of it) does
    something: it is the active subject of a verb of doing, or a passive's agent ("the structure proposed by
    RFC-0022")."""
    if not named:
        return []

    def names(token) -> bool:
        said = set(terms_of(" ".join(x.text for x in token.subtree)))
        return named <= said or any(any(c.isdigit() for c in t) for t in said & named)

    return [(t.head, t) for t in doc if t.dep_ == "nsubj" and t.head.pos_ == "VERB" and t.head.lemma_ not in ("be", "have")
            and names(t)] + [(t.head.head, t) for t in doc if t.dep_ == "pobj" and t.head.dep_ == "agent"
                             and t.head.head.pos_ == "VERB" and names(t)]


def _done_to(doc, named: AbstractSet[str]) -> list:
    """The verbs whose object (directly or through a preposition) is what the part names as its own verb's subject
    (`AskedPart.done_by`, every word of it)."""
    if not named:
        return []
    objects = [t for t in doc if t.dep_ in ("dobj", "pobj") and named <= set(terms_of(" ".join(x.text for x in t.subtree)))]
    verbs = []
    for t in objects:
        head = t.head.head if t.dep_ == "pobj" and t.head.dep_ == "prep" else t.head
        if head.pos_ == "VERB":
            verbs.append(head)
    return verbs


def _governed_by(token, verbs: set[str], steps: int = 3) -> bool:
    """Whether a verb of `verbs` (stems) takes the token as its object, directly or through a preposition, or as the
    agent of its passive ("authorized by the Director")."""
    for _ in range(steps):
        if token.dep_ not in ("dobj", "pobj", "prep", "agent", "attr", "oprd", "dative") or token.head.i == token.i:
            return False
        token = token.head
        if token.pos_ in ("VERB", "AUX") and (stem(token.text) in verbs or stem(token.lemma_) in verbs):
            return True
    return False


def _called_as(root, noun_tokens) -> bool:
    """The span is what an "as" phrase calls by the asked noun: "use *Neo4j* as the knowledge graph store" for "which
    graph database" (the phrase on the span itself, or on the verb whose object it is)."""
    holders = [root] + ([root.head] if root.dep_ in ("dobj", "nsubjpass") else [])
    return any(child.dep_ == "prep" and child.lower_ == "as" and any(t in noun_tokens for t in child.subtree)
               for holder in holders for child in holder.children)


def _under(token, head) -> bool:
    return token == head or head in token.ancestors


def _noun_before(doc, end: int) -> tuple[int, int]:
    """The noun ending at character `end` with the words that qualify it right before it ("incident manager" of "all
    involved and incident manager"): its character span, empty where no noun ends there."""
    token = next((t for t in doc if t.idx + len(t.text) == end and t.pos_ in ("NOUN", "PROPN")), None)
    if token is None:
        return end, end
    start = token.i
    while start > 0 and doc[start - 1].head.i >= start and doc[start - 1].dep_ in ("compound", "amod"):
        start -= 1
    return doc[start].idx, end


def _modifier_terms(part: AskedPart) -> frozenset[str]:
    """The words the part sets between its determiner and the asked noun ("default" of "the default failure
    percentage threshold")."""
    return _modifiers_of(part.noun, part.text) if part.noun else frozenset()


@lru_cache(maxsize=1 << 10)
def _modifiers_of(noun: str, text: str) -> frozenset[str]:
    """`_modifier_terms`, remembered: every candidate field and sentence of a context asks it again."""
    m = re.search(rf"\b(?:the|an?|its|their)\s+((?:[\w-]+\s+){{1,3}}){re.escape(noun)}\b", text, re.IGNORECASE)
    return frozenset(terms_of(m.group(1))) if m else frozenset()


def _distance(a, b) -> int:
    """Edges between two tokens in the dependency tree."""
    meet, from_a, from_b = meeting_point(a, b)
    return from_a + from_b if meet is not None else from_a + 8  # different sentences of one doc


def choose(doc, part: AskedPart, question_terms: set[str], bridge_terms: frozenset[str] | set[str] = frozenset(),
           asked_field=lambda label: False, others_ask: frozenset[str] | set[str] = frozenset(),
           pointed: tuple[frozenset[str], ...] = (), question_words: frozenset[str] = frozenset()) -> Filler | None:
    """The filler of `part` in this sentence, or None when no span of the asked kind is new to the question.
    `others_ask`: the verbs the question's other parts ask by; what one of them governs answers that part ("raised to
    30 seconds" answers "what was it raised to", not "what was the timeout when it began"). `pointed`: the words of
    each earlier answer the part points back to ("that older mechanism"): a span saying one of them whole is that
    earlier answer named again ("the old govuk_env_sync scripts"), not this part's. `question_words`: the question's
    words as `whole_stem`s, where the caller has them: a name is compared with them whole (below)."""
    if part.slot == "polar":
        return polar(doc, set(part.terms), part.text)
    if part.acted_on is not None:
        return action(doc, part.acted_on)
    if part.wh == "how":
        return manner(doc, set(part.asks))
    asked = set(part.terms) | bridge_terms
    noun_terms = set(terms_of(part.noun))
    # (the asked noun written as one word, "the timezone" for "which time zones", says the noun again)
    noun_words = NAME_WORD.findall(part.noun)
    question_terms = question_terms | ({stem("".join(noun_words))} if len(noun_words) == 2 else set())
    matched = [t for t in doc if stem(t.text) in asked or stem(t.lemma_) in asked]
    noun_tokens = [t for t in doc if stem(t.text) in noun_terms or stem(t.lemma_) in noun_terms]
    head_terms = set(terms_of(part.noun.split()[-1])) if part.noun else set()  # "lens" of "which new lens"
    head_tokens = [t for t in noun_tokens if stem(t.text) in head_terms or stem(t.lemma_) in head_terms]
    best: tuple | None = None
    found = candidates(doc, part, asked_field)
    sentence = doc.text  # (spaCy joins it from the tokens on every read)
    codes = _code_spans(sentence)
    doers = _enlisted(doc, part.enlisted) if part.enlisted else []
    if doers is None:
        return None  # "which role do I ask to page …": a sentence saying neither asking nor paging says nobody
    found += [_named_doer(doc, t) for t in doers]
    done_by_it = _done_by(doc, set(part.done_to))
    # (the subject may point back, "what had that older mechanism replaced": the earlier answer is the subject)
    subjects = [set(part.done_by), *pointed] if part.done_by else []
    if any(stem(verb.lemma_) in part.asks or stem(verb.text) in part.asks
           for subject in subjects for verb in _done_to(doc, subject)):
        return None  # "Y depends on X" for "what does X depend on": the relation the other way round
    # A sentence that says the asked verb only negated ("they don't need deep technical knowledge") says what is not
    # so: it answers "what does an IC need" with nothing (unless the part itself asks what is not: "what does X not
    # support"; nor one whose negated verb states a condition: "if you do not acknowledge within 10 minutes, someone
    # else is paged"). A reason may well be given of what was not done ("We did not pick a whistle, as it froze"); a
    # line of several sentences may say it in another ("… wasn't changed back. Terraform detects this, setting it to
    # 15").
    asked_verbs = [t for t in doc if t.pos_ in ("VERB", "AUX") and (stem(t.lemma_) in part.asks or stem(t.text) in part.asks)]
    if part.slot != "reason" and asked_verbs and all(any(c.dep_ == "neg" for c in t.children)
                                                     and not any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKERS
                                                                 for c in t.children) for t in asked_verbs) \
            and sum(t.dep_ == "ROOT" for t in doc) == 1 and not NEGATED.search(part.text):
        return None
    # "What" asks for a thing, and a thing may be a value: a sentence that names no thing (only common nouns) but
    # holds a value ("**default** 5s" under "Connection timeout") answers with the value.
    kinds = {part.slot} if part.slot != "thing" or any(
        "thing" in c.kinds and not c.common and not c.field for c in found) else {"thing", *VALUE_KINDS}
    if part.wh == "how often":
        kinds.add("frequency")  # "every Monday", "twice a day", as well as a number
    # A value in brackets right after a word of the asked noun is that noun's value, whatever its kind: "Prometheus
    # scrape timeout (10s)" for "what was the scrape timeout", "version of the Helm chart (`5.9.0`)" for "which Helm
    # chart version".
    glossed = {m.end() for t in noun_tokens if (m := OPEN_BRACKET.match(sentence, t.idx + len(t.text)))}
    # So is a value right after the asked noun, alone or after "of", "as" or "to": "version 21.10.15.1603" for "which
    # version", "default of 300 seconds" for "what delay default", "the Scope as `global:read`" for "what scope" (where
    # the parser hangs the phrase on the verb); and one its clause introduces with a colon ("the following CIDR ranges
    # from the Networking team: `10.41.0.0/16`").
    valued = {m.end() for t in head_tokens for pattern in (OF_VALUE, INTRODUCED, NUMBERED)
              if (m := pattern.match(sentence, t.idx + len(t.text)))}
    # … and one a word the question sets before the asked noun gives it: "Defaults to 85." for "what is the default
    # failure percentage threshold" (in the noun's own field, "threshold: … Defaults to 85.")
    modifiers = _modifier_terms(part)
    valued |= {m.end() for t in doc if stem(t.text) in modifiers and (m := OF_VALUE.match(sentence, t.idx + len(t.text)))}
    # And a name the sentence calls the asked noun by is one of its kind, whatever kind the tagger gives it; so is
    # the whole of what it quotes right after the noun ("the following schedule "09:00 UTC on Monday, 06:00 UTC …"").
    called = {m.end() for t in head_tokens if (m := CALLED.match(sentence, t.idx + len(t.text)))}
    quoted = {m.span(1) for t in head_tokens if (m := QUOTED_AFTER.match(sentence, t.idx + len(t.text)))}
    # So is a name written right before the asked noun of someone: "the `webops` GitHub team" for "which GitHub team"
    # (where the asked noun's phrase starts, for each time it is said).
    noun_starts = {doc[_noun_start(t, noun_tokens)].idx for t in head_tokens}
    # A part pointing back to a name the question gives ("what role had he been appointed to", of Soren) is answered
    # by the noun with that name in brackets right after it: "incident manager (Søren Iversen)" says who holds it.
    held_by = {_noun_before(doc, m.start()) for m in BRACKETED.finditer(sentence)
               if set(terms_of(m.group(1))) & (question_terms - set(part.terms))} if part.points_back else set()
    found += [Candidate(start, end, sentence[start:end], frozenset({"thing", "person"}), common=True)
              for start, end in held_by if end > start]
    # (a verb this part says itself, outside a clause, is its own: "who replaced the lamp, and on what date was it
    # replaced" asks both parts of one verb)
    others = set(others_ask) - set(part.asks) - (set(part.terms) - set(part.clause_terms))
    part_words = set(NAME_WORD.findall(part.text.lower()))
    # what the part says the asked noun is of ("what level of knowledge"): another thing's is no answer
    asked_of = set(terms_of(m.group(1))) if part.noun and (m := re.search(
        rf"\b{re.escape(part.noun.split()[-1])}s?\s+of\s+(?:an?\s+|the\s+)?([\w-]+)", part.text, re.IGNORECASE)) else set()
    if asked_of and head_tokens and all(_of_another(t, asked_of) for t in head_tokens):
        return None  # "maintain a high level of quality" says no level of the knowledge asked about
    for c in found:
        fronted = any(not sentence[c.end:at].strip(NAME_QUOTES) and at > c.end for at in noun_starts)
        names_noun = fronted and part.slot == "person"
        # (of any kind, a name right before the asked noun names it: "`Public` visibility" for "what visibility")
        before_noun = fronted and (not c.common or (c.start, c.end) in codes)
        beside = c.start in glossed and CLOSE_BRACKET.match(sentence, c.end) is not None \
            or c.start in valued and not c.kinds.isdisjoint(VALUE_KINDS) or c.start in called or names_noun \
            or (c.start, c.end) in quoted \
            or (c.start, c.end) in held_by
        if not kinds & c.kinds and not beside:
            continue
        cut_words = terms_of(c.text)
        words = set(cut_words)
        # (a name written as one word with a capital inside, "CloudWatch", is not "Cloud" the question says; nor is
        # code, verbatim, the words it is made of: "`container-platform`" is not "Container Platform")
        # (but one the question itself writes so is its own: "DevOps" of "the Cloud DevOps team", which an earlier part
        # names)
        named_anew = {t.lower() for t in NAME_WORD.findall(c.text) if CAMEL.search(t)
                      and not set(terms_of(t, whole=True)) <= question_words} - part_words
        if (c.start, c.end) in codes and c.text.lower() not in part.text.lower():
            named_anew.add(c.text.lower())
        # (nor is a name one the question says only by a word cut the same: "Incident Commanders" is new to a question
        # about "that command", which five letters would not tell apart)
        if question_words and not c.common:
            named_anew |= {whole for cut, whole in zip(cut_words, terms_of(c.text, whole=True))
                           if whole != cut and whole not in question_words and cut not in bridge_terms}
        if not words or all(_said_in(w, question_terms) for w in words) and not named_anew:
            continue  # nothing the question does not already say
        if any(earlier <= words for earlier in pointed):
            continue
        if part.slot == "person" and not c.field and sentence[c.start - 1:c.start] == "[" \
                and sentence[c.end:c.end + 2].rstrip(",;. ") == "]":
            continue  # "Piet Okonjo (pokonjo) [NORTH]": a tag of the name before it, no one
        if part.wh == "how many" and PREFIX_LENGTH.fullmatch(c.text):
            continue  # "how many channels": a count of them, not the size of the network they are in
        if part.wh in SPANS_OF_TIME and not c.field and (_counts_things(doc, c)
                                                         or EVERY_BEFORE.search(sentence, 0, c.start)):
            continue  # "how long does a session last": "1 hour", not "two administrative IAM Roles"; "how soon must
            # she report back": not "every 30s", which says how often
        if part.wh in SPANS_OF_TIME and not c.field and BARE_NUMBER.fullmatch(c.text.strip()):
            continue  # "how long is a director's term": "2 year term", never the "4.5" of "[Section 4.5]"
        if part.slot == "version" and not re.search(r"\d", c.text):
            continue  # a version has a number in it, whatever quotes it sits in
        if part.slot == "date" and not re.search(r"\d", c.text) and not words & MONTH_STEMS:
            continue  # "earlier in the week", "the next day": a time said relative to the text around it, no date
        if part.slot == "date" and DOTTED_NUMBER.fullmatch(c.text.strip()):
            continue  # "Version: 1.0" beside "Date: 31-Jul-2021": a release's number, not its day
        if part.slot == "number" and not c.field and (_inside_word(sentence, c.start, c.end)
                                                      or ID_NUMBER_BEFORE.search(sentence[:c.start])):
            continue  # "10" of "ip-10-0-32-54", "01" of "2020-01-22", "0049" of "RFC 0049": a name's, not a quantity
        span = doc.char_span(c.start, c.end, alignment_mode="expand")
        if span is None:
            continue
        root = span.root
        if part.slot == "number" and not c.field and len(span[0].text) == 1 and span[0].text.isupper() \
                and span[0].pos_ != "DET":
            continue  # "get back to them in X minutes": a placeholder, no value
        if part.wh == "how many" and noun_terms and _amount(unit := _with_unit(span)) \
                and not set(terms_of(_unit(unit))) & noun_terms:
            continue  # "how many people": a count of them, not "1 week" or "$20,000" (but "10 days" for "how many days")
        if part.wh == "how much" and _counts_things(doc, c) and _counted(span) is not None:
            continue  # "how much was each to get": an amount, not "four candidates", a count of things
        if part.wh == "how long" and not c.field and root.dep_ == "pobj" and root.head.lower_ in DEADLINE_PREPOSITIONS \
                and not ALLOWANCE.search(part.text):
            continue  # "how long were the services down": not "restoring the project within 30 days", a deadline
            # (which is what "how long do you have to acknowledge a page" asks)
        if part.wh == "how often" and not c.field and "frequency" not in c.kinds and _counts_things(doc, c) \
                and (counted := _counted(span)) is not None and counted.lemma_.lower() != "time":
            continue  # "how often should the charter be reviewed": "every year", never "one ad-hoc creation", a count
        if part.slot == "number" and part.noun and part.wh != "how many" and not c.field and _counts_things(doc, c) \
                and (unit := _counted(span)) is not None and (unit_terms := set(terms_of(unit.text))) \
                and unit_terms <= question_terms and not unit_terms & noun_terms:
            continue  # "what are the length limits of … the service part": "three parts" counts what is asked about
        if part.enlisted and root not in doers:
            continue  # "a particular system" of "The IC may ask you who is on-call for a particular system": not who pages
        if not c.field and part.wh and (stem(root.text) in part.asks or stem(root.lemma_) in part.asks) \
                and root not in head_tokens:
            continue  # "a single Team Lead" for "who is named Team Lead": the role asked about, not who holds it
            # (but "an Area Commander" for "what kind of commander": the asked noun, named by the words before it)
        if not c.field and any(t.dep_ == "compound" and t.head == root and t in span and not _hyphen_joined(doc, t)
                               for t in head_tokens) and root not in head_tokens and not _proper(root):
            continue  # "the Scope heading" for "what scope": the asked noun names the kind of another thing, no value
            # (but "SIG Testing" for "which SIG": a name the asked noun is part of)
        if part.slot == "person" and not c.field and (root.pos_ == "VERB" and c.start not in called
                                                      or _opens_instruction(doc, span)):
            continue  # "Notify" opening an instruction, which the entity tagger took for an organisation ("Liaise
            # with engineers …", which the tagger took for a name)
        if part.slot == "person" and not c.field and any(
                t.ent_type_ in ("DATE", "TIME") for t in (*span, *(t for t in root.children if t.dep_ in MODIFIERS))):
            continue  # "(on) Monday 9AM UTC", the tagger taking "UTC" for an organisation: when, not who
        if part.slot == "person" and not c.field and root.pos_ == "NOUN" and any(t.dep_ == "poss" for t in root.children):
            continue  # "the Platform team's mission": a thing of someone's, not someone
        if part.slot == "person" and not c.field and (first := _first_conjunct(root)).dep_ == "pobj" \
                and first.head.lower_ == "of" and _title_of(first.head.head) is not None:
            continue  # "Platform and Infrastructure" of "the Director of Platform and Infrastructure": what the role is of
        if part.slot == "person" and not c.field and not names_noun and _modifies_noun(span):
            continue  # "Slack" of "the Slack channel", "PagerDuty" of "the PagerDuty schedule": the kind of a thing
        if not c.field and any(_under(root, verb) and not _under(root, subject)
                               or verb.dep_ in ("acl", "relcl") and root == verb.head for verb, subject in done_by_it):
            continue  # "X runs on Y", "the structure proposed by X" for "who owns X": what X does, not who does
            # something to X
        if not c.field and c.kinds.isdisjoint(VALUE_KINDS) and not (root.text[:1].isupper() and root.i > 0) and any(
                t.dep_ in ("det", "poss") and t.lower_ in POINTING_DETERMINERS for t in root.children):
            continue  # "this decision", "our process", "its own Slack room": it points to something said elsewhere
            # (a name, written with a capital inside the sentence, is named whatever stands before it: "Your Deputy
            # can page one")
        if others and not c.field and _governed_by(root, others):
            continue  # what another part's verb takes is that part's answer
        if not c.field and c.kinds.isdisjoint(VALUE_KINDS) and LABEL_AFTER.match(sentence, c.end):
            continue  # "Recovery: the timeout raised …": a label names what follows, it is no value (a time,
            # "09:30:", says when it happened)
        listed_place = part.wh == "where" and not c.field and _bracketed_name(doc, c, root)
        if part.wh == "where" and not c.field and not (root.dep_ == "pobj" and root.head.lower_ in PLACE_PREPOSITIONS
                                                       or root.ent_type_ in ("GPE", "LOC", "FAC") or listed_place):
            continue  # "where": a place, said by a preposition of place ("configured in the X charts") or by its name
            # (or, after the lesser places, a name the sentence lists in brackets after what goes there: "post the
            # messages (Mastodon, QuayBoard, etc)")
        if c.field or beside or _called_as(root, noun_tokens):
            # its field names what is asked (the field is where the value is read from), or the asked noun itself does
            # (its value in brackets, or after "of"), or an "as" phrase calls it by the asked noun
            near, by_noun = 0.0, 0
        else:
            # "the Fresnel Mark II lens" for "which lens" and "the db-backup chart" for "which chart" name it by the
            # word beside the asked noun, and so does code that says it ("`limited-term`" for "which term"); "more
            # inclusive naming" for "what new name" only says the noun again
            # (what an opening statement calls the thing a part asks the identity of, "a CI system", is said by any
            # word of its kind: "Concourse CI")
            kind_tokens = noun_tokens if part.describes else head_tokens
            inside = any(span.start <= t.i < span.end for t in kind_tokens) and (any(
                t.pos_ in ("PROPN", "NOUN", "NUM", "X") or not t.is_alpha and not t.is_punct
                or t.text[:1].isupper() and t.i > 0  # (a capital inside the sentence: "Concourse", tagged a verb)
                for t in span if t not in kind_tokens) or (c.start, c.end) in codes)
            # (a span naming the asked noun is not near or far from another thing of that kind the sentence says:
            # "'Manager cluster', … separate to the clusters that run user workloads" names the cluster asked for)
            distances = [_distance(root, t) for t in matched if (t.i < span.start or t.i >= span.end)
                         and not (inside and t in head_tokens)]
            # nearest to the words the part asks about, and, of equals, near to more of them (a span that names the
            # asked thing by its noun is where the part's words are, when it says no other)
            near = min(distances, default=0 if inside else 12) - CLOSE * sum(1 for d in distances if d <= 2)
            by_noun = 0 if inside else min((_distance(root, t) for t in noun_tokens if t.i < span.start or t.i >= span.end),
                                           default=6)
        # (a number counting a word of the part is that count: "15 spam" for "how many were spam", not the "4 guests"
        # its list sets beside it)
        if part.wh == "how many" and (counted := _counted(span)) is not None and not counted.i < span.end \
                and {stem(counted.text), stem(counted.lemma_)} & set(part.terms):
            near -= CLOSE
        score = c.cost - 3.0 * (c.field or beside) + COMMON * c.common + near + (0.5 * by_noun if part.noun else 0.0) + 0.02 * max(0, len(c.text) - LONG) / 10
        score += 0.0 if part.slot == "thing" or len(c.kinds) <= 2 else 0.5  # a span of one clear kind before a vague one
        score += LISTED_PLACE if listed_place else 0.0
        # ("which two people": people, before a team or a thing named as one)
        score += NOT_A_PERSON if head_terms and head_terms <= GENERIC_PERSON_TERMS and not c.field \
            and not any(t.ent_type_ == "PERSON" for t in span) else 0.0
        # (a bare "how much", "how much was each to get", asks an amount of money or of something, before a time)
        score += 1.0 if part.wh == "how much" and not noun_terms and _amount(span) and not _measured(span) else 0.0
        # (what the asked verb takes as its object answers "what does it oversee": "oversee the management of …", not
        # the thing the clause is about)
        score -= ASKED_OBJECT if _asked_object(root, part) else 0.0
        # (what tells this part from the others, said in the candidate's own clause: "east is using the timezone in
        # Cape Town and west is using PST" for what the east rules use)
        score -= TOLD_CLAUSE if part.told and _clause_says(root, set(part.told)) else 0.0
        # (a place's name, for a part asking which city or country: "(Utrecht, Netherlands)", not "All Hands 2025")
        score -= PLACE_NAMED if part.place and root.ent_type_ in PLACE_ENTITIES else 0.0
        key = (round(score, 4), c.start, -(c.end - c.start))
        if best is None or key < best[0]:
            best = (key, c, span, bool(beside), before_noun)
    if best is None:
        return None
    _, chosen, span, stated, named = best
    if span.root.lower_ in UNNAMED_PERSONS:
        return None  # "the IC is responsible for delegating somebody to post": whom, the sentence does not say
    text = chosen.text
    if chosen.common and span.root.dep_ == "dobj" and _asked_object(span.root, part) \
            and (of := _of_phrase(span.root)) is not None:
        text = doc[span.start:of].text  # "the management of multiple incidents": the noun says little without it
    if part.slot == "person" and not chosen.field and (title_end := _title_of(span.root)) is not None:
        text = doc[span.start:title_end].text  # "the Director of Platform and Infrastructure": the role whole
    elif part.slot == "person" and not chosen.field:  # "contact Dan or James": the whole coordination answers
        ends = [t.i for t in span.root.conjuncts if t.pos_ == "PROPN"]
        if ends:
            # (each name's own quotes dropped: ""North Watch" and "South Watch"" reads as two names)
            text = re.sub(r"[\"\u201c\u201d]", "", doc[min(span.start, *ends):max(span.end, *(i + 1 for i in ends))].text)
    if part.wh == "where" and not chosen.field and _bracketed_name(doc, chosen, span.root):
        # (the list is the answer: each name is a place it goes to)
        inside = sentence[sentence.rfind("(", 0, chosen.start) + 1:sentence.index(")", chosen.end)]
        text = re.sub(r",?\s*(?:etc\.?|and so on)\s*$", "", inside).strip() or text
    counted = _counted(span) if part.slot == "number" and not chosen.field else None
    if counted is not None and counted.i >= span.end:
        text = doc[span.start:counted.i + 1].text  # a number with the noun it counts: "250 usable IP addresses"
    elif part.slot == "number" and re.fullmatch(r"[\d,.]+", text.strip()) and (unit := _with_unit(span)) is not span:
        text = unit.text  # a number with its unit: "450 watts"
    filler = _trim(text)
    # "the Fresnel Mark II lens" answers "which lens" by its name ("an Area Commander" answers "what kind of commander"
    # whole: the kind and what it is a kind of)
    if part.noun and part.slot in ("thing", "person") and not kind_of(part.text, part.noun):
        head = part.noun.split()[-1]
        stripped = _trim(re.sub(rf"\s+{re.escape(head)}s?$", "", filler, flags=re.IGNORECASE))
        filler = stripped if terms_of(stripped) else filler
    if not filler:
        return None
    return Filler(filler[:MAX_REASON if part.slot == "reason" else MAX_FILLER], common=chosen.common and not chosen.field,
                  unmarked=part.slot == "reason" and chosen.cost >= WHOLE_REASON, stated=stated, named=named)


def _agents(doc, asks: set[str], done_to: AbstractSet[str]) -> list[tuple[Candidate, bool]]:
    """The doers passive clauses name where the clause says the asked verb, by its own verb or by its subject ("Voting
    will be done by members of the steering committee" for "who gets to vote"): whoever they are, named or not, they
    do what is asked. Another passive's doer ("members employed by the same company") does something else. Each with
    whether it answers: of two that do it, the one done to what the part names by its head word (`done_to`) — "Only
    Pings infrastructure is owned by the Core Services team, but the service is owned by #discuss-analytics" for "who
    owns the Pings service"."""
    found = []
    for by in (t for t in doc if t.dep_ == "agent"):
        verb = by.head
        subjects = [t for t in verb.children if t.dep_ == "nsubjpass"]
        said = {stem(verb.lemma_)} | {stem(t.lemma_) for t in subjects}
        doer = next((t for t in by.children if t.dep_ == "pobj"), None)
        if doer is not None and said & asks:
            found.append((_doer(doc[doer.left_edge.i:doer.right_edge.i + 1]),
                          any(stem(t.lemma_) in done_to or stem(t.text) in done_to for t in subjects)))
    return [(c, of_it or not any(o for _, o in found)) for c, of_it in found]


def _named_subjects(doc, asks: set[str], kind: set[str]) -> list[Candidate]:
    """The named subjects of the asked verb that are of the asked kind, for a part whose wh-phrase is that verb's
    subject ("Developer Experience team took full ownership …" for "which teams took over …"), whatever kind the
    tagger gives the name (not "Sourcegraph management" for "which team"), or none."""
    subjects = (c for t in doc if t.pos_ == "VERB" and (stem(t.lemma_) in asks or stem(t.text) in asks)
                for c in t.children if c.dep_ == "nsubj" and (stem(c.text) in kind or stem(c.lemma_) in kind))
    return [_doer(doc[c.left_edge.i:c.i + 1]) for c in subjects if any(t.pos_ == "PROPN" for t in doc[c.left_edge.i:c.i + 1])]


def _doer(span) -> Candidate:
    """A span naming who does something, named or not (a group of common nouns is marked common)."""
    return Candidate(span.start_char, span.end_char, span.text, frozenset({"person", "thing"}),
                     common=not any(t.pos_ == "PROPN" for t in span))


def _enlisted(doc, verbs: tuple[str, ...]) -> list | None:
    """Who or what the sentence has do the second of a part's `enlisted` verbs ("page" of "which role do I ask to
    page the on-call"): that verb's named subject ("Your Deputy can page one") or the one its clause addresses
    ("Deputy, can you go ahead and page …", "Backup IC can you page …"), or the object of the first verb where the
    sentence says the second too ("use Trivy to scan images"). None where it says neither verb: it tells nothing of
    who does what is asked."""
    enlisting, done = verbs

    def says(token, verb: str) -> bool:
        return token.pos_ == "VERB" and verb in (stem(token.lemma_), stem(token.text))

    doing = [t for t in doc if says(t, done)]
    asking = [t for t in doc if says(t, enlisting)]
    if not doing and not asking:
        return None
    doers = []
    for verb in doing:
        # (a verb coordinated with another shares its subject: "can you go ahead and page")
        clause = verb.head if verb.dep_ == "conj" and not any(c.dep_ == "nsubj" for c in verb.children) else verb
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if subject is not None and subject.pos_ != "PRON":
            doers += [subject, *(a for a in subject.children if a.dep_ == "appos")]
        elif subject is None or subject.lower_ == "you":
            # a request: the one it addresses, named before it, set off by a comma ("Deputy, can you …", "Hearing no
            # response, Internal Liaison, please page …") or not ("Backup IC can you please page …")
            addressed = next((t for t in reversed(doc[:clause.i]) if t.pos_ in ("PROPN", "NOUN")
                              and t.dep_ in ("npadvmod", "nsubj", "appos") and t.i + 1 < len(doc) and doc[t.i + 1].text == ","),
                             None)
            addressed = addressed or next((c for c in clause.children if c.dep_ == "npadvmod" and c.i < clause.i
                                           and c.pos_ in ("PROPN", "NOUN")), None)
            doers += [addressed] if addressed is not None else []
    if doing or any(stem(t.text) == done for t in doc):  # (said as a noun too: "use Trivy for scanning")
        doers += [c for verb in asking for c in verb.children if c.dep_ == "dobj" and c.pos_ != "PRON"]
    return doers


def _named_doer(doc, token) -> Candidate:
    """The span naming a doer: the word with the words qualifying it right before it ("Backup IC", "Internal
    Liaison"), without what stands beside it in apposition or after a comma."""
    start = token.i
    while start > 0 and doc[start - 1].head == token and doc[start - 1].dep_ in ("compound", "amod", "nmod", "det", "poss"):
        start -= 1
    return _doer(doc[start:token.i + 1])


def action(doc, acted_on: tuple[str, ...]) -> Filler | None:
    """What someone does, as a sentence says it: its main verb (or a verb that one governs) with its object, whole
    ("should resolve the PagerDuty alert to prevent …" → "resolve the PagerDuty alert"); the object must be what the
    question says the doing is done to, where it says ("do with the alert")."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None

    def says(tokens) -> bool:  # (the thing acted on is the object itself, not a word inside it: "ownership of the
        # DevOps team's responsibilities" is not done to the team)
        heads = [t for c in tokens for t in (c, *c.conjuncts, *(m for m in c.children if m.dep_ == "compound"))]
        return set(acted_on) <= {stem(t.text) for t in heads} | {stem(t.lemma_) for t in heads}

    for verb in [root, *(t for t in root.children if t.dep_ in ("xcomp", "conj"))]:
        objects = [c for c in verb.children if c.dep_ in ("dobj", "prt")]
        if verb.pos_ == "VERB" and any(c.dep_ == "dobj" for c in objects) and says(objects):
            # (with what the verbs joined to it by a bare "and" do besides: "removed the dedicated controllers and
            # migrated ingresses to the default controller"; not a later step, ", and then writes the time …")
            joined = [verb, *(c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB"
                              and doc[c.i - 1].dep_ == "cc" and doc[c.i - 2].text != ",")]
            end = max(c.right_edge.i for v in joined for c in v.children if c.dep_ in ("dobj", "prt", "prep", "dative"))
            return Filler(_trim(doc[verb.i:max(end, *(c.right_edge.i for c in objects)) + 1].text))
        # (what happened to a thing the sentence makes the subject of a passive: "The DevOps team was disbanded")
        if verb.pos_ == "VERB" and acted_on and says([c for c in verb.children if c.dep_ == "nsubjpass"]):
            return Filler(_trim(doc[verb.i:max([verb.i, *(c.right_edge.i for c in verb.children
                                                          if c.dep_ in ("prt", "prep", "agent"))]) + 1].text))
    return None


def manner(doc, asks: set[str]) -> Filler | None:
    """How something is done, as a sentence says it: the phrase a preposition of manner ("by", "through") hangs on the
    asked verb ("splitting out workloads by _environment type_, i.e. …" → "by _environment type_"), up to a comma or a
    bracket; None where the sentence says no such phrase of that verb."""
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or not {stem(verb.text), stem(verb.lemma_)} & asks:
            continue
        # (the parser may hang the phrase on the verb's object: "splitting out workloads by type")
        objects = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
        for prep in [*verb.children, *(c for o in objects for c in o.children)]:
            if prep.dep_ == "prep" and prep.lower_ in MANNER_PREPOSITIONS \
                    and any(c.dep_ in ("pobj", "pcomp") for c in prep.children):
                phrase = re.split(r"\s*[,;(]", doc[prep.i:prep.right_edge.i + 1].text)[0]
                if terms_of(phrase):
                    return Filler(phrase)
    return None


NON_WORD = re.compile(r"\bnon-(\w+)", re.IGNORECASE)  # "non-embargoed": the opposite of "embargoed"


def polar(doc, asked: set[str] | frozenset[str] = frozenset(), question: str = "") -> Filler | None:
    """A yes/no part's answer in a sentence that states something (a clause with its subject): "no" where its main
    verb is negated ("this mode cannot support batch publishing") or where it says, of a word the part asks by
    (`asked`), only its opposite in "non-" ("managing the non-embargoed process" for "does it triage embargoed
    reports"), else "yes"; with the statement, which is the evidence ("yes — Streams with X set are compatible
    with Y"). A part `question` asking whether something is prevented ("is anyone barred from voting") is answered
    the other way round by a sentence that says the thing, not the preventing ("… is not eligible to vote": yes)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in root.children):
        return None
    # (a clause after "but" qualifies the statement, it does not deny it: "Typically X acts as Y, but that doesn't
    # necessarily need to happen" says yes)
    contrast = min((t.i for t in root.children if t.dep_ == "cc" and t.lower_ in CONTRAST_WORDS), default=len(doc))
    verbs = {root, *(c for c in root.conjuncts if c.i < contrast)}
    negated = any(t.dep_ == "neg" and t.head in verbs for t in doc)
    opposite = set(terms_of(" ".join(NON_WORD.findall(doc.text)))) & asked
    negated = negated or bool(opposite) and not opposite & set(terms_of(NON_WORD.sub(" ", doc.text)))
    prevented = _prevented(question)
    if prevented is not None and prevented[1] in (said := {stem(t.lemma_) for t in doc}) and prevented[0] not in said:
        negated = not negated
    statement = doc.text.strip().rstrip(".;:, ")  # the statement whole, as written
    return Filler(f"{'no' if negated else 'yes'} — {statement}"[:MAX_REASON]) if statement else None


def _prevented(question: str) -> tuple[str, str] | None:
    """The preventing verb a question asks by and the verb it prevents, as stems ("bar", "vote" of "is anyone barred
    from voting"); None where it asks by no such verb."""
    if not question:
        return None
    for token in parse_all([question])[0]:
        if token.lemma_.lower() in PREVENTING_VERBS:
            done = [g for p in token.children if p.lower_ == "from" for g in p.children if g.tag_ == "VBG"]
            if done:
                return stem(token.lemma_), stem(done[0].lemma_)
    return None


def _asked_object(root, part: AskedPart) -> bool:
    """The span is what the verb a "what" part asks by takes as its object ("oversee the management" for "what does it
    oversee"), or a name in that object ("`tidepress`" of "replaces the old `tidepress` scripts")."""
    if part.slot != "thing" or part.wh != "what":
        return False
    while root.dep_ in ("compound", "amod", "nmod") and root.head.i != root.i:
        root = root.head
    return root.dep_ == "dobj" and root.head.pos_ == "VERB" and stem(root.head.lemma_) in part.asks


def _of_right_after(root):
    """The "of" right after a noun that begins the phrase completing it ("management of …", "Director of …"), or None."""
    return next((t for t in root.rights if t.dep_ == "prep" and t.lower_ == "of" and t.i == root.i + 1), None)


def _of_phrase(root) -> int | None:
    """Where the "of" phrase completing a noun ends ("management of multiple incidents"), before any coordination
    that follows it ("… or oversee …"); None where no "of" follows the noun."""
    of = _of_right_after(root)
    if of is None:
        return None
    stop = next((t.i for t in of.subtree if t.dep_ in ("cc", "punct") and t.i > of.i + 1), None)
    return stop if stop is not None else max(t.i for t in of.subtree) + 1


def _clause_says(token, terms: set[str]) -> bool:
    """Whether the clause the token is in (its nearest verb's) says one of `terms` outside the token's own phrase."""
    verb = next((t for t in token.ancestors if t.pos_ in ("VERB", "AUX")), None)
    said = (t for c in (verb.children if verb is not None else ()) if c.dep_ not in ("conj", "cc")
            for t in c.subtree if t not in token.subtree)  # (not the clauses joined to it)
    return any(stem(t.text) in terms or stem(t.lemma_) in terms for t in said)


def _first_conjunct(token):
    """The first of the coordinated words the token is one of ("Platform" of "Platform and Infrastructure")."""
    while token.dep_ == "conj" and token.head.i != token.i:
        token = token.head
    return token


def _title_of(root) -> int | None:
    """Where a title with the capitalised "of" phrase that completes it ends ("the Director of Platform and
    Infrastructure", "Head of Security"): the role is named with what it is of. None where the noun is no such title."""
    if not root.text[:1].isupper() or root.pos_ not in ("NOUN", "PROPN"):
        return None
    of = _of_right_after(root)
    inside = sorted(of.subtree, key=lambda t: t.i)[1:] if of is not None else []
    if not inside or not all(t.text[:1].isupper() or t.dep_ == "cc" or t.text == "&" for t in inside):
        return None
    return inside[-1].i + 1


def _bracketed_name(doc, c: Candidate, root) -> bool:
    """Whether a candidate is a name (a capitalised word, not the sentence's first) written inside brackets."""
    opened, closed = doc.text.rfind("(", 0, c.start), doc.text.rfind(")", 0, c.start)
    return opened > closed and ")" in doc.text[c.end:] and root.text[:1].isupper() and root.i > 0
