"""Pass 2 of extraction: prose sentences as statements.

A spaCy pipeline (blank English, sentencizer, a phrase matcher built from the names the corpus
defines in its structure, plus record ids) finds the mentions of each sentence; names nobody
declared are found by typography (capitalised words, internal capitals, a paragraph opening in
lower case) and kept as candidates. Between two neighbouring mentions, the words are the
predicate: `Priya Raman approved ADR-002` → (Priya Raman, "approved", ADR-002). A predicate
of function words only ("… ADR-002 on 2026-02-14") borrows the sentence's last real one
("approved on"). Mentions joined by "and" or commas share the predicate ("depends on A, B and
C"). A sentence with no subject of its own ("Resolves INC-002.", "We decided to use Neo4j")
is about the section's record or the paragraph's topic. What a predicate means is decided in
pass 3, the same way as for a field label.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple

from ...corpus.ingest import ID_IN_TEXT, SHORT_ID_IN_TEXT
from .model import CANDIDATE, DATE, NAME, RECORD, Paragraph, Statement, Term
from ...language.english import FUNCTION_WORDS, SUBJECT_STAND_INS
from ...language.text import CAPITALISED, ISO_DATE, WORD_DATE, acronym_of, content_words, iso_day

if TYPE_CHECKING:
    from spacy.language import Language

MAX_PREDICATE_WORDS = 12
MAX_IMPLICIT_WORDS = 8
MAX_ROLE_WORDS = 3  # "incident manager (Søren Iversen)": the words before a name in brackets that name its role
CLAUSE_VERB = re.compile(r"\s+(?!(?:and|or|the|a|an|is|are|was|were|in|on|for|to|of|with|by|at|from)\b)[a-z]{3,}s\b")
JOINER = re.compile(r"^\s*(?:,|,?\s*and|,?\s*or|&|/)\s*(?:the|a|an)?\s*$", re.IGNORECASE)
APPOSED = re.compile(r"\s+([a-z][a-z-]{2,})\b(?!['’])")  # the word after a name: "the Data Platform team"
# "The root cause is CR-118": a copular sentence is a field whose label is its subject.
COPULA = re.compile(r"^\s*(?:the|our|its|their)?\s*(?P<label>[A-Za-z][\w -]{0,40}?)\s+(?:is|are|was|were)\s*$", re.IGNORECASE)
DIGIT = re.compile(r"\d")
LOWER_START = re.compile(r"^([a-z][\w.+-]*[a-z0-9])\s+[a-z]")


class Sentence(NamedTuple):
    text: str
    base: int  # where it starts in its paragraph


class ProseResult(NamedTuple):
    statements: list[Statement]
    mentions: list[tuple[Term, int]]  # every mention with its line
    apposed: list[tuple[Term, str]]  # a noun right after a name: "the Data Platform team" → (Data Platform, team)


class ProseReader:
    """Reads the paragraphs of a document with one shared spaCy pipeline."""

    def __init__(self, names: Iterable[str], ref: Callable[[str], str | None], mid_sentence_capitals: set[str]):
        self.ref = ref
        self.mid_capitals = mid_sentence_capitals
        from ...language.spacy_pipeline import blank_english, name_matcher  # here, not at import: an unchanged run never loads spaCy

        self.nlp: Language = blank_english()
        self.nlp.add_pipe("sentencizer")
        self.names = name_matcher(self.nlp, names)

    def read(self, doc_id: str, paragraphs: list[Paragraph]) -> ProseResult:
        out = ProseResult([], [], [])
        texts = [p.text for p in paragraphs]
        for paragraph, text, sdoc in zip(paragraphs, texts, self.nlp.pipe(texts, batch_size=256)):
            # Offsets into the paragraph's text, read once: spaCy rebuilds a span's text, and a sentence's
            # `.ents` walks the whole paragraph's entities, at every access.
            ents = [(e.start_char, e.end_char, text[e.start_char:e.end_char]) for e in self.names(sdoc)]
            for index, (start, end) in enumerate((s.start_char, s.end_char) for s in sdoc.sents):
                sent = Sentence(text[start:end], start)
                found = self._mentions(sent, [e for e in ents if start <= e[0] and e[1] <= end], opening=index == 0)
                for first, last, term in found:
                    out.mentions.append((term, paragraph.line_at(first)))
                    noun = APPOSED.match(text, last)
                    if noun and noun.group(1).lower() not in FUNCTION_WORDS:
                        out.apposed.append((term, noun.group(1)))
                out.statements.extend(self._statements(doc_id, paragraph, sent, found))
        return out

    # -- mentions ------------------------------------------------------------------------------------------------
    def _mentions(self, sent: Sentence, names: list[tuple[int, int, str]], opening: bool) -> list[tuple[int, int, Term]]:
        """(start, end, term) of every mention in the sentence (`names`: the matcher's, in it), in order, without overlaps."""
        spans = [(start, end, Term(text, NAME)) for start, end, text in names]
        text, base = sent
        for pattern in (ID_IN_TEXT, SHORT_ID_IN_TEXT, ISO_DATE, WORD_DATE) if DIGIT.search(text) else ():  # ids and days have digits
            for match in pattern.finditer(text):  # on the text: the tokenizer splits ids at their digits
                if pattern is ID_IN_TEXT or pattern is SHORT_ID_IN_TEXT:  # ("gRFC A27", where files are named so)
                    ref = self.ref(match.group(1))
                    term = Term(ref, RECORD) if ref else None
                else:
                    day = iso_day(match.group(0))
                    term = Term(day, DATE) if day else Term("", DATE)
                if term:
                    spans.append((base + match.start(), base + match.end(), term))
        known = sorted((a, b) for a, b, t in spans if t.text)
        for match in CAPITALISED.finditer(text):
            start, end = base + match.start(), base + match.end()
            # A candidate stops where a known name or record id begins ("Resolves INC-002" → "Resolves").
            end = min([a for a, b in known if start <= a < end] + [end])
            if any(a <= start < b for a, b in known):
                continue
            name = re.sub(r"['’]s$", "", text[start - base:end - base].rstrip(" .,"))  # "Mei Chen's unit" → Mei Chen
            words = name.split()
            while words and words[0].lower() in FUNCTION_WORDS:  # "The Gateway" → "Gateway"
                start += len(words[0]) + 1
                words = words[1:]
            name = " ".join(words)
            if not name or ID_IN_TEXT.fullmatch(name):
                continue
            at_start = not text[:start - base].strip()
            if at_start and len(words) == 1 and name not in self.mid_capitals:
                continue  # a capitalised first word is only a name if the corpus capitalises it elsewhere too
            spans.append((start, start + len(name), Term(name, CANDIDATE)))
        lower = LOWER_START.match(text) if opening else None
        if lower and lower.group(1) not in FUNCTION_WORDS:  # a paragraph that opens in lower case opens with a name ("etcd is …")
            spans.append((base, base + len(lower.group(1)), Term(lower.group(1), CANDIDATE)))
        found, covered = [], -1
        for start, end, term in sorted(spans, key=lambda s: (s[0], s[2].kind == CANDIDATE, -(s[1] - s[0]))):
            if start >= covered:
                if term.text:
                    found.append((start, end, term))
                covered = end
        return found

    # -- statements ----------------------------------------------------------------------------------------------
    def _statements(self, doc_id: str, paragraph: Paragraph, sent: Sentence, found: list[tuple[int, int, Term]]) -> list[Statement]:
        if not found:
            return []
        text, base = sent
        evidence = re.sub(r"\s+", " ", text).strip()[:300]
        out: list[Statement] = []

        def add(subject: Term, label: str, value: Term, at: int, extractor: str) -> None:
            if subject != value:
                out.append(Statement(subject, label.strip(" ,;:"), value, doc_id, paragraph.line_at(at), evidence,
                                     extractor, paragraph.context, 0.9))

        groups: list[list[tuple[int, int, Term]]] = [[found[0]]]
        for prev, cur in zip(found, found[1:]):
            between = text[prev[1] - base:cur[0] - base]
            after = CLAUSE_VERB.match(text, cur[1] - base)
            # "A, B and C" is one list; "… to A and the MDMS consumes …" starts a clause at the MDMS.
            if JOINER.match(between) and not (after and re.search(r"\b(?:and|or)\b", between)):
                groups[-1].append(cur)
            else:
                groups.append([cur])
        for first, second in zip(found, found[1:]):  # "Meter Data Management System (MDMS)"
            if text[first[1] - base:second[0] - base].strip() == "(" and acronym_of(first[2].text) == second[2].text \
                    and len(second[2].text) >= 2:
                add(first[2], "", second[2], first[0], "acronym")
        owner = paragraph.topic or paragraph.subject
        for start, end, term in found:  # "… and incident manager (Søren Iversen) appointed": the name holds the role
            preceding, following = text[:start - base].rstrip(), text[end - base:].lstrip()
            if preceding.endswith("(") and following.startswith(")"):
                role: list[str] = []
                for word in reversed(preceding[:-1].split()[-MAX_ROLE_WORDS:]):
                    if not re.fullmatch(r"[A-Za-z][\w-]*", word) or word.lower() in FUNCTION_WORDS:
                        break
                    role.insert(0, word)
                if role:
                    add(owner, " ".join(role), term, start, "sentence_role")
        prefix = text[:groups[0][0][0] - base]
        governing = ""
        if content_words(prefix) and ":" not in prefix:
            words = prefix.split()
            copula = COPULA.match(prefix)
            # No subject of its own: a bare verb ("Resolves", "Approved by"), a pronoun ("We decided to use"),
            # or a copula whose subject is the label ("The root cause is").
            if copula or len(content_words(prefix)) <= 2 and len(words) <= 4 or (
                    words[0].lower() in SUBJECT_STAND_INS and len(words) <= MAX_IMPLICIT_WORDS):
                for _, _, term in groups[0]:
                    add(owner, copula.group("label") if copula else prefix, term, groups[0][0][0], "sentence_implicit")
            governing = prefix if len(words) <= 4 else ""
        from_prefix = bool(governing)
        for left, right in zip(groups, groups[1:]):
            between = text[left[-1][1] - base:right[0][0] - base]
            words = between.split()
            if (not words or len(words) > MAX_PREDICATE_WORDS or re.search(r"[;:()]", between)
                    or re.match(r"^['’]s\b", between)  # "Mei Chen's unit runs …": a possessive, not a predicate
                    or re.match(r"^\s*,.*\b(?:and|or)\s*$", between)):  # "A, on-call and B": a list, not a predicate
                governing = ""
                continue
            if content_words(between):
                label = governing = between
                from_prefix = False
            elif governing and (right[0][2].kind == DATE or left is groups[0] and from_prefix) \
                    and not re.search(r",|\band\b|\bor\b", between):
                # "approved ADR-002 on 2026-02-14", "We renamed FieldOps to Work Order System": the second
                # mention completes the verb that governs the first.
                label = f"{governing} {between}"
            else:
                continue
            for _, _, subject in left[-1:] if len(left) == 1 or left is not groups[0] else left:
                for _, _, value in right:
                    add(subject, label, value, right[0][0], "sentence")
        suffix = re.split(r"[;:,(]", text[groups[-1][-1][1] - base:], maxsplit=1)[0]
        if content_words(suffix) and len(suffix.split()) <= MAX_IMPLICIT_WORDS:
            last = groups[-1]
            if len(last) > 1:  # "Jon Elis and Jon Ellis are two different people": said of each pair
                for i, (_, _, a) in enumerate(last):
                    for _, _, b in last[i + 1:]:
                        add(a, suffix, b, last[0][0], "sentence_group")
            for _, _, term in last:
                if owner != term:
                    add(term, suffix, paragraph.subject, last[0][0], "sentence_object")
        return out
