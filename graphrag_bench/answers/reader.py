"""The passage reader: for each asked part, the context sentence that addresses it and the filler it gives.

Sentences are ranked by how much of the question they cover — the part's own words most, the words of parts it
points back to (with their answers) next, the rest of the question least; a word weighs by how rare it is in this
context, and words of the document's title and section count at half weight for every sentence under them — plus
their similarity on the shipped embedding model to the question (to the question and the part, for a part of
several). The best sentences are parsed and the first that
holds a span of the asked kind, new to the question, answers the part. A part that asks about a thing it describes
by a clause ("who owns the system that X depends on") reads which thing that is first, then the part of it by name.
A record whose asked field holds the name a part gives ("Upstream: RabbitMQ" for "which systems depend on RabbitMQ")
answers with the record's own name. A part no sentence covers well enough is not answered; a question none of whose
parts is answered is `unknown`.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from rapidfuzz import fuzz

from ..corpus.ingest import (ID_IN_TEXT, ID_NUMBER, ID_PREFIX, ID_REFERENCE, ID_REFERENCE_BRACKETED, SECTION_SEPARATOR,
                             SHORT_ID_IN_TEXT, TITLE_SEPARATOR, short_id_series, short_ids)
from ..language.english import (ABSENT_VALUES, CONTRAST_WORDS, EARLIER_WORDS, FUNCTION_WORDS, LATER_WORDS, MONTHS,
                                 NUMBER_WORDS, NUMBER_WORDS_ORDER, PLURAL_BACK_REFERENCES, TIME_UNITS)
from ..language.spacy_pipeline import parse_all
from ..language.text import ISO_DATE, NAME_TAG, WORD_DATE, YEAR, days_written, fold, looks_like_name, split_items
from .fillers import FIELD, MAX_REASON, SPANS_OF_TIME, Filler, choose, field_labels_of, is_record, polar, record_fields, shape_kinds
from .sentences import LABEL_WORDS, Sentence
from .slots import (BACK_POINTER, IDENTITY_OF_SLOT, NESTED_SLOT, POINTED_NOUN, VALUE_KINDS, AskedPart, AskedQuestion,
                    asks_doer, name_asked_of, named_in, stem, terms_of, whole_stem)

CODE_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")  # a word as code writes a name: "request_volume"
OWN, BACK, TOPIC = 1.0, 0.8, 0.35  # how much a word of the part, of an earlier answer, of the rest of the question weighs
# (asked, "Who are they?", or said as what the section tells, "How inactivity is measured")
HEADING_QUESTION = re.compile(r"^\s*(who|when|where|why|how)\b(?:[^?]*\?|(?:\s+[\w'-]+){2,})\s*$", re.IGNORECASE)
UNDER = 0.5  # a word of the title or section above a sentence, for that sentence
LABELLED_LINE = 3  # … a sentence of this many words or fewer, under its heading, is read as the heading's value
SIMILARITY = 0.35  # weight of the embedding similarity beside the word coverage (0..1)
RANK = 0.01  # a tie goes to the better-ranked passage
MIN_COVERAGE = 0.3  # a sentence covering less of the question does not address it
ASKED = 0.3  # a sentence that says what the part asks (its verb or noun) ranks above one that only covers its words
# "… of the Remove Stacks & Mixins RFC": the capitalised name after "of", what the asked one is of
OF_NAME = re.compile(r"\bof\s+(?:the\s+)?([A-Z0-9][\w.'-]*(?:\s+(?:&|and|[A-Z0-9][\w.'-]*))*)")
ABOUT = 0.5  # share of the weight of what the part names that a sentence (or what it sits under) must mention
PARSED = 8  # sentences parsed per part, best first
# A sentence covering fewer of the question's words may say it in other words ("scheduled within 3 days" for "by when
# must the meeting take place"): of those covering at least NEAR_COVERAGE, the NEAR_POOL best are compared with the
# question on the embedding model, and one this similar addresses it.
NEAR_COVERAGE, NEAR_POOL, NEAR_SIMILARITY = 0.15, 8, 0.6
SIMILAR_POOL = 24  # sentences per part compared with the question on the embedding model, best-covering first
RESTATED, RESTATED_MARGIN = 0.6, 0.05  # a sentence this similar to what the opening statement says of the asked thing,
# and by this much more than any other, restates it
LEADS = re.compile(r"(?<=:)\s+")  # between the sentences, each ending in ":", that lead into a list item
ABOUT_WORD = re.compile(r"\babout\b", re.IGNORECASE)  # "is ADR 39 about X": what a document is about
# "gRFC A33": an acronym (a capital after its first letter) right before a short id
WORD_BEFORE_SHORT_ID = re.compile(r"\b([A-Za-z][a-z]?[A-Z][A-Za-z]{0,5})\s+" + SHORT_ID_IN_TEXT.pattern)
DEFINITE_NOUN = re.compile(r"\bthe\s+([a-z][\w-]*)\b(?!\s+(?:of|to|for)\b)")  # "the proposal" (not "the name of …")
ONE_WORD = re.compile(r"\bones?\b", re.IGNORECASE)  # "which one", "the older one": one of the things introduced
ORDER_WORDS = EARLIER_WORDS | LATER_WORDS | {"one", "ones"}  # the words that say which one ("the newer one")
ORDER_TERMS = {stem(w) for w in ORDER_WORDS}
ORDER_WORD = re.compile(r"\b(?:" + "|".join(sorted(ORDER_WORDS)) + r")\b", re.IGNORECASE)
TITLE_NUMBER = re.compile(r"^\s*\d+[.:)]?\s+")  # the number a title opens with ("21. Multi-cluster")
RESTATES = 0.7  # another document's sentence this like the answer's says the same thing (its value may disagree)
MEMO = 50_000
SINGLE_VALUED = VALUE_KINDS  # slots one thing has one value of: two values are a conflict
TYPED = SINGLE_VALUED  # a part asking for a value of a shape: a sentence that covers it well and holds one answers it
TYPED_COVERAGE = 0.5  # … covering this share of the part's own words
PERSON_COVERAGE = 0.6  # a sentence saying this much of a "who" part in other words ("DevEX will update …") addresses
# it, counting the part's words outside its relative clauses (those describe another thing: "the system that X reads")
FIELD_MEANING = 0.6  # a record's field label this similar to the word that asks ("Author" for "wrote") says it
SAME_DOCUMENT = 0.2  # a part that points back prefers the document the earlier answer came from
CONTINUED = 0.95  # the next sentence of a paragraph whose sentence said what is asked about, read as nearly as good
LEAD_IN_TERMS = 2  # words of a part a sentence ending in ":" says, at least, to lead into its answer (and half its words)
ALTERNATIVE_WORDS = 2  # words of the alternative a why-part turns down that a sentence giving the reason says (one alone
# may be any sentence's: "ingress and egress traffic" of "rather than through a central egress VPC")
CONTRAST_OPENING = re.compile(rf"^\W*(?:{'|'.join(sorted(CONTRAST_WORDS))})\b", re.IGNORECASE)  # "However, …"
REASON_REACH = 2  # paragraphs after the one restating the question's statement in which the reason against it is read
MARKED_REASON = 0.8  # a sentence marking its reason, this close to the best's score, gives it rather than a whole sentence
NAME_WORD = re.compile(r"\w+")
NAME_TAGS = re.compile(rf"{NAME_TAG}(?=\s*(?:[,;]|$))")  # "Gary Lee [AMER], Taras Yemets [EMEA]"
TOGETHER = 0.5  # a reading of the sentence the other parts were answered from, this close to the best, answers a part
RIVAL = 0.9  # a sentence of another document scoring this close to the best one is read as well
NAMED_RIVAL = 0.5  # a name a part asking for a name is given, this close to a common noun's score, answers it
BRIDGE = 0.1  # share of the scene's weight a bridge sentence must add to what the answer's documents say …
BRIDGE_COVERAGE = 0.35  # … and share it must cover itself
BRIDGE_ONE_WORD = 0.5  # … where it adds a single word, the share it must cover (it restates the scene)
PLURAL_POINTER = re.compile(rf"\b(?:{'|'.join(sorted(PLURAL_BACK_REFERENCES))})\b", re.IGNORECASE)
DOTTED_NAME = re.compile(r"\b[A-Za-z]\w+(?:[._]\w{2,})+\b")  # a name joined by dots or underscores: "prow.k8s.io", "err_code"
COMPOUND = re.compile(r"\w[._-]\w")  # a word joined by a dot, a hyphen or an underscore: "data.gov.uk", "north-quay"
# A count word of the opening statement ("describes two kinds of batch") says how many, not what: any sentence with a
# number word would state it.
COUNTS = {stem(w) for w in NUMBER_WORDS}
ONE_OF = re.compile(r"\s*(?:\w+\s+)?(?:which|what)\s+ones?\b", re.IGNORECASE)  # "which one", "in which one"
VARIANT = 75  # two names this alike (rapidfuzz ratio, 0–100) are two spellings of one
SAME_ONE = re.compile(r"^(?:is|are|was|were)\s+(?:these|those|they|both|the\s+two)(?:\s+\w+)?\s+(?:one\s+and\s+)?the\s+same"
                      r"(?:\s+[\w-]+)?\s*$", re.IGNORECASE)  # "are these the same person": whether two names are one
MENTIONS = 90  # a line this like a name where it says it (rapidfuzz partial ratio, 0–100) names it
TITLE_NAMED = 0.75  # share of a document's title (by rarity) a question must say to name that document
QUOTED = 0.3  # a sentence that says a name the question quotes, whole, ranks as one that says what is asked
ANOTHER_NOUN = re.compile(r"\banother\s+([A-Za-z][\w-]*?)(?:'s)?\b", re.IGNORECASE)  # "another gRFC's feature"
THE_OTHER_NOUN = re.compile(r"\bthe\s+other\s+([A-Za-z][\w-]*)", re.IGNORECASE)  # … "the other gRFC"
QUOTE = re.compile(r"(?<!\w)'([^']{3,80})'(?!\w)|\"([^\"]{3,80})\"")
# "Rotations are 4 weeks": a form of "be" with an amount of time after it, which says how long its subject lasts.
IS_AMOUNT_OF_TIME = re.compile(rf"\b(?:is|are|was|were)\s+(?:\d+(?:\.\d+)?|a|an|{'|'.join(NUMBER_WORDS_ORDER)})[\s-]+"
                               rf"(?:{'|'.join(TIME_UNITS)})s?\b", re.IGNORECASE)
NONE_OF = re.compile(r"\b(?:no|without)\s+([a-z][\w-]*)", re.IGNORECASE)  # "has no engineers recorded"
STRANDED = re.compile(r"\b(for|to|with|from|of|by)\s*\??\s*$", re.IGNORECASE)  # "whom was he standing in for"
NOTED = re.compile(r"([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+\(([^()]{3,40})\)")  # "Santiago (sub for eholk)"
CLIPPED = 3  # letters a clipped word keeps at least: "sub" of "substitute"
# A sum: an amount written with its currency's sign or in groups of thousands ("$80,000", "12,500"), not a code ("503")
FIGURE = re.compile(r"(?<=[$€£¥])\s?\d[\d,]*(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def _common(filler: str) -> bool:
    """A filler of a common noun (a document answer is a plain string: never one)."""
    return isinstance(filler, Filler) and filler.common


def _stated(filler: str, how: str = "stated") -> bool:
    """A filler the sentence states as the asked noun's own value beside it ("stated") or names the asked noun by
    ("named"); a document answer is a plain string: never one."""
    return isinstance(filler, Filler) and getattr(filler, how)


@dataclass(frozen=True)
class PartAnswer:
    part: AskedPart
    filler: str
    sentence: Sentence
    score: float
    rival: "PartAnswer | None" = None  # another document's different value for the same single value: a conflict
    listed: tuple[Sentence, ...] = ()  # the list items the filler is, or the sentences of its other values ("two dates")
    via: "PartAnswer | None" = None  # the answer to the nested question the part was asked through ("that X depends on")


def _together(answers: list[PartAnswer], alternatives: dict[int, list[tuple[float, int, str]]],
              sentences: list[Sentence]) -> list[PartAnswer]:
    """The parts of one question are answered together: a part read in another document than the one every other part
    (two or more) was answered from takes, instead, a reading at least `TOGETHER` as good of a sentence another part
    was answered from — "Nominations to this team will come from X, and require confirmation by Y" answers who puts
    members forward as well as who confirms them, over another page's sentence that says more of the first part's
    words."""
    if len(answers) < 3:
        return answers  # (one other part is no agreement: the two may as well be read where this one was)
    out = list(answers)
    for k, others in alternatives.items():
        docs = {a.sentence.doc_id for n, a in enumerate(answers) if n != k}
        if len(docs) != 1 or answers[k].sentence.doc_id in docs:
            continue
        said = {(a.sentence.doc_id, a.sentence.text) for n, a in enumerate(answers) if n != k}
        given = {_value(a.filler) for n, a in enumerate(answers) if n != k}
        # (not another part's answer again: two parts ask two things, "who is the outer notice handed to" is not
        # answered by the inner section's "Hand to: Chief Warden" that answers who runs inner signalling)
        here = next(((score, j, filler) for score, j, filler in others
                     if (sentences[j].doc_id, sentences[j].text) in said and _value(filler) not in given), None)
        if here is not None:
            out[k] = PartAnswer(answers[k].part, here[2], sentences[here[1]], round(here[0], 4))
    return out


class PassageReader:
    def __init__(self, embed, says=lambda phrase, part: [], read_question=None):
        """`embed(list[str]) → ndarray` of unit vectors (the embedding model); `says(phrase, part)`: patterns of the words
        a sentence may use for the relation the phrase of the part's text names (the vocabulary's glosses: "signed off"
        → "approved");
        `read_question(text) → AskedQuestion` (the slot reader), to read a part's nested question, if given."""
        self.embed, self.says, self.read_question = embed, says, read_question
        self._vectors: dict[str, np.ndarray] = {}

    def _vector(self, texts: list[str]) -> list[np.ndarray]:
        missing = sorted({t for t in texts if t not in self._vectors})
        if missing:
            if len(self._vectors) + len(missing) > MEMO:
                self._vectors.clear()
            for text, vector in zip(missing, self.embed(missing)):
                self._vectors[text] = np.asarray(vector, dtype=np.float32)
        return [self._vectors[t] for t in texts]

    def _restating(self, statement: str, sentences: list[Sentence]) -> int | None:
        """The index of the one sentence that restates a statement in its own words: the most similar to it on the
        embedding model, at least `RESTATED` and by `RESTATED_MARGIN` more than any other; None if none does."""
        alike = self._alike(statement, sentences, range(len(sentences)))
        if alike and alike[0][0] >= RESTATED and (len(alike) == 1 or alike[0][0] - alike[1][0] >= RESTATED_MARGIN):
            return alike[0][1]
        return None

    def _alike(self, statement: str, sentences: list[Sentence], indexes) -> list[tuple[float, int]]:
        """(similarity to `statement` on the embedding model, index) of the sentences at `indexes`, most alike first."""
        indexes = list(indexes)
        if not indexes:
            return []
        said, *vectors = self._vector([statement] + [sentences[i].text for i in indexes])
        return sorted(((float(vector @ said), i) for i, vector in zip(indexes, vectors)), key=lambda x: (-x[0], x[1]))

    def read(self, asked: AskedQuestion, sentences: list[Sentence],
             words: "ContextWords | None" = None) -> list[PartAnswer]:
        """The answered parts, in question order (a part the context does not address is left out). `words`: the
        sentences' `ContextWords`, when the caller has them already."""
        if not sentences or not asked.parts:
            return []
        words = words or ContextWords(sentences)
        texts, under, rarity = words.texts, words.under, words.rarity
        texts = with_joined(texts, asked.question, words.written)
        under = with_days(under, sentences, asked.question)
        under = with_figures(under, sentences, asked.scene)
        question_vector = self._vector([asked.question])[0]
        question_terms = set(asked.topic)
        question_words = frozenset(terms_of(asked.question, whole=True))  # (uncut: "command" is no "Commander")
        scene_terms = set(terms_of(asked.scene))
        question_named = {t for name in asked.named for t in terms_of(name)}
        # What the question is most about, of what the retrieved passages say: its rarest word there. A graph fact's
        # sentence answers only from a document that says it.
        passages = set().union(*(t | u for s, t, u in zip(sentences, texts, under) if not s.from_fact))
        in_passages = [t for t in asked.topic if t in passages]
        rarest = max(in_passages, key=lambda t: (rarity(t), t)) if in_passages else None
        # A question of one direct part (no opening statements to chain through) is answered by a document that says
        # the rarest of the names it gives, where the passages say that name: "who authored RFC-0022" is not
        # answered by the record of another RFC that merely links to it.
        names_said = [t for t in question_named if t in passages]
        direct_name = max(names_said, key=lambda t: (rarity(t), t)) \
            if names_said and len(asked.parts) == 1 and not asked.scene else None
        named_docs = words.named_by(asked.question)  # the documents the question itself names
        # A question of one part that names one document of the context by its number ("Under the original RFC
        # Process (RFC 0004), how long does the FCP last?") asks what that document says: a sentence of a document
        # that never names it answers of another process, however alike its words ("FCP: … a period of one week" of
        # another project's RFC process). That document and those that name it answer. (Not where the document only
        # says which thing is asked about, "the database chosen in ADR-001": what that thing depends on is said
        # wherever it is described.)
        numbered = words.named_by(asked.question, identifiers=True)
        numbered_doc = next(iter(numbered)) if len(numbered) == 1 and len(asked.parts) == 1 and not asked.scene \
            and not asked.parts[0].nested[0] and any(s.doc_id in numbered and not s.from_fact for s in sentences) else None
        naming = {s.doc_id for s in sentences if numbered_doc in words.named_by(s.text, identifiers=True)} | {
            numbered_doc} if numbered_doc else set()
        # A name the question quotes ("the 'Variable Rename' amendment") is said whole by what it is about.
        quoted = [q for m in QUOTE.finditer(asked.question) if len(q := set(terms_of(m.group(1) or m.group(2)))) >= 2]
        # The record ids the question names, by the kind their letters say ("PIR" of PIR-2025-04).
        named_ids = {m: p.group(1).lower() for m in ID_IN_TEXT.findall(asked.question) if (p := ID_PREFIX.match(m))}
        named_numbers = {str(int(n)) for m in named_ids for n in re.findall(r"\d+", m)}
        statement = self.bridge(asked, sentences, set(), words)
        referred = words.named_by(statement.text) - {statement.doc_id} if statement is not None else set()
        introduced = referred if len(referred) == 1 else None
        label_terms = [{t for label in labels for t in terms_of(label)} for labels in words.fields]
        answers: list[PartAnswer] = []
        alternatives: dict[int, list[tuple[float, int, str]]] = {}  # each plain part answer's other readings
        among = [doc for doc in words.scene_titled(asked.scene) if doc in words.numbers] if asked.scene else []
        for original in asked.parts:
            part = original
            if part.same_as and self.read_question is not None:
                # "…, and is it the same channel that owns the X page?": which channel owns the X page, read as a question
                # of its own, then compared with the earlier answer; unanswered where the context does not say (or the
                # earlier part was not answered: there is nothing to compare).
                compared = self.read(self.read_question(part.same_as), sentences, words) if answers else []
                if compared and compared[0].rival is None:
                    stated = compared[0]
                    same = _value(stated.filler) == _value(answers[-1].filler)
                    answers.append(PartAnswer(part, f"{'yes' if same else 'no'} — {stated.filler}", stated.sentence,
                                              stated.score))
                continue
            # "X lists a Federico Muñoz, and Y a Frederico Munoz. Are these the same person?": the lines naming each say
            # whether they are, by what else they give alike (a handle, an employer); where none is alike, unanswered.
            if part.slot == "polar" and SAME_ONE.match(part.text) and (spellings := _two_spellings(asked.named)):
                one = _same_one(spellings, sentences)
                if one is not None:  # (two lines read together: a chain of two, as a nested question's is)
                    answers.append(PartAnswer(part, one[0], one[1], 1.0, via=PartAnswer(part, one[0], one[2], 1.0)))
                continue
            # "ADR 40 sends readers to ADR 39 for the move to X. Is ADR 39 really about that?": what a document is about
            # is read in that document.
            if part.slot == "polar" and (said_of := self._about_document(part, asked, sentences, words)) is not None:
                answers.append(said_of)
                continue
            # "Which people … chair a SIG, and which SIG does each of them chair": a plural pointer to the people an
            # earlier part asks for, left unanswered, points to no one the context names (not to the question's names).
            earlier_part = asked.parts[asked.parts.index(original) - 1] if original is not asked.parts[0] else None
            if part.points_back and earlier_part is not None and earlier_part.plural \
                    and not any(a.part is earlier_part for a in answers) and PLURAL_POINTER.search(part.text):
                continue
            one_of = bool(among) and bool(ONE_WORD.search(part.text))  # of the documents the scene introduces (below)
            if one_of and part.points_back and not BACK_POINTER.search(ORDER_WORD.sub(" ", part.text)):
                part = dataclasses.replace(part, points_back=False)  # ("the newer one" is not an earlier answer)
            # "What is Soren's full name": a longer name the context writes that holds the one given ("Søren Iversen").
            fuller = self._fuller_name(part, asked, sentences, words)
            if fuller is not None:
                answers.append(fuller)
                continue
            # "Which rotation period has no engineers recorded": the rows of a series whose value column is of what
            # the part says there is none of, and whose value the table leaves absent ("2023-03-03 to 2023-04-05: ?"
            # under "Engineers"), answer with their keys.
            if (none_of := NONE_OF.search(part.text)) and (absent := [s for s in sentences if len(s.columns) == 2
                                                                  and stem(none_of.group(1)) in terms_of(s.columns[1])
                                                                  and s.text.partition(": ")[2].strip().lower()
                                                                  in ABSENT_VALUES]):
                answers.append(PartAnswer(part, Filler(", ".join(s.text.partition(": ")[0] for s in absent)), absent[0],
                                          1.0, listed=tuple(absent[1:])))
                continue
            # "Santiago is listed as a substitute … Whom was he standing in for?": a note in brackets right after a name
            # the question gives, "Santiago (sub for eholk)", says in a word of the question's own (or its clipped
            # form: "sub" of "substitute") whom the part's preposition is of.
            if (noted := self._noted_for(part, asked, sentences)) is not None:
                answers.append(noted)
                continue
            # "Who owns the system that X depends on": which system X depends on, read first; then who owns it.
            via = self._nested(part, sentences, words, answers, asked.scene)
            if via is not None and IDENTITY_OF_SLOT.fullmatch(part.nested[1]):
                # ("who is the ambassador assigned to that team" asks which one the clause describes, and nothing of it)
                answers.append(dataclasses.replace(via[0], part=original))
                continue
            if via is not None:
                part = via[1]
            # (the document a nested question gave: "who authored the RFC that created X" is read in that RFC)
            nested_document = words.named_document.get(via[0].filler) if via is not None else None
            # (… where every sentence says that document: the words of its name, "0089-buildpack-authors-….md")
            nested_terms = set(terms_of(via[0].filler)) if via is not None and nested_document else set()
            direct = None if via is not None else direct_name
            # ("the other gRFC" where the statement says "another gRFC" points to what the statement introduces, whatever
            # the earlier parts answered: that document says those words, being it)
            the_other = _the_other(part.text, asked.scene)
            # (a document answer's title, in brackets, is said for the reader, not by the earlier part)
            pointed_by = [(a, words_of) for a in answers if (words_of := frozenset(terms_of(TITLE_ADDED.sub("", a.filler))))] \
                if part.points_back else []
            pointed = tuple(words_of for _, words_of in pointed_by)
            said_back = set().union(*pointed)  # (what the earlier answers said, no answer to this part)
            # (an earlier answer is pointed to by the name its acronym stands for too: "it" of "which agency uses that
            # structure and what does it oversee" is not the Federal Emergency Management Agency, which the earlier
            # part gave as FEMA)
            pointed += tuple(frozenset(terms_of(name)) for a, _ in pointed_by if (name := words.spelled_out(a.filler)))
            # (a value, "2022-09-22", is nothing "its" can point to: "when did the team turn X down, and what were its
            # reasons" is about the team's decision)
            back = set().union(*(words_of for a, words_of in pointed_by if a.part.slot not in VALUE_KINDS))

            def says_back(i: int) -> bool:  # the sentence says what the part points back to
                return bool(back) and back <= texts[i]

            # (a noun a pointer determines, "that token" of "what scope should that token have", says which thing the
            # part is about, not what it asks)
            pointer_nouns = {stem(m.group(1)) for m in POINTED_NOUN.finditer(part.text)} - set(terms_of(part.noun))
            # "ICS lets the first person to join act as commander. Why doesn't PagerDuty do it that way?": a reason part
            # that says nothing but a pointer to the opening statement asks the reason the context gives about that
            # statement: after the sentence restating it.
            if part.slot == "reason" and asked.scene and not set(part.terms) - question_named - pointer_nouns:
                reason = self._reason_after(asked.scene, sentences, part, question_terms)
                if reason is not None:
                    answers.append(reason)
                    continue
            # The documents the earlier parts were answered from or with (and those the question names by id), where
            # the part speaks of what they are about: by a pointer ("that proposal"), or by a noun the question said
            # before with a definite article ("who wrote the proposal" after "In the X proposal, why …"); empty
            # otherwise, and where a clause describes what it asks of ("who authored the ADR that defines it").
            of_the_earlier: set[str] = set()
            if answers and not part.clause_terms:
                earlier = set(terms_of(" ".join([asked.scene, *(p.text for p in asked.parts[:asked.parts.index(original)])])))
                if part.points_back or any(stem(m.group(1)) in earlier for m in DEFINITE_NOUN.finditer(part.text)):
                    of_the_earlier = named_docs | {d for a in answers
                                                   for d in (a.sentence.doc_id, words.named_document.get(a.filler)) if d}
            # (a part pointing back to the one document the part before it calls by number, and does not ask for —
            # "What does gRFC A105 introduce, and who wrote it?" — is answered in that document or by a sentence naming
            # it, not by another document's record: by none where the context holds neither)
            pointed_numbers = words.numbers_written(earlier_part.text) \
                if part.points_back and earlier_part is not None and not part.clause_terms \
                and not words.asks_document(earlier_part, asked.scene) else set()
            pointed_numbers = pointed_numbers if len(pointed_numbers) == 1 else set()
            weights = {t: rarity(t) * TOPIC for t in asked.topic}
            weights |= {t: rarity(t) * BACK for t in back}
            # (a part asking which thing the opening statement describes asks by what the statement says of it; one
            # asking why one thing rather than another states the first, and its reason is said of the other)
            own_terms = part.alternative or tuple(dict.fromkeys(part.terms + part.describes))
            weights |= {t: rarity(t) * (OWN if t in own_terms else TOPIC) for t in (*part.terms, *own_terms)}
            # A word that points ("that earlier ADR", "the same one") says which thing, not a word its sentence holds;
            # one of the noun the part asks for describes the answer ("which earlier decision") and still counts.
            weights |= {t: 0.0 for t in (stem(w) for w in BACK_POINTER.findall(part.text))
                        if t in weights and t not in terms_of(part.noun)}
            if one_of:  # (so does "the older one" of the documents the scene introduces)
                weights |= {t: 0.0 for t in weights if t in ORDER_TERMS}
            total = sum(weights.values()) or 1.0
            rest = [t for t in dict.fromkeys(part.terms) if t not in part.asks]  # what the part says besides its asking
            about_rest = list(dict.fromkeys(rest + sorted(back)))
            kinds_named = _kinds_named(part)
            own_total = sum(weights[t] for t in own_terms) or 1.0
            main_total = sum(weights[t] for t in own_terms if t not in part.clause_terms) or 1.0
            # (what the part says besides the names it gives, and the word of their kind right after one: "who leads
            # the Core Services team" is not said in other words by a sentence saying only "the Core Services team")
            kinds_after = {t for name in asked.named for m in re.finditer(rf"{re.escape(name)}\s+([a-z][\w-]*)", part.text)
                           for t in terms_of(m.group(1))}
            named_here = question_named | kinds_after
            unnamed_terms = [t for t in own_terms if t not in part.clause_terms and t not in named_here]
            unnamed_total = sum(weights[t] for t in unnamed_terms)
            passing, near = [], []
            asks = (set(part.asks) - pointer_nouns) | set(terms_of(part.noun))
            # (the names the opening statement gives besides those of the kind the part asks, an address written in
            # lower case among them: "prow.k8s.io" of "Someone reports an outage of prow.k8s.io to SIG K8s Infra", for
            # "which SIG …")
            scene_names = {t for name in [*named_in(asked.scene), *DOTTED_NAME.findall(asked.scene)]
                           if not _of_kind(name, part) for t in terms_of(name)}
            # (the part asks, in words of its own, something the question's opening statement does not say)
            scene_only = bool(asked.scene) and not part.describes and bool(set(part.asks) - pointer_nouns - scene_terms) \
                and bool(set(part.terms) - pointer_nouns)
            # A word the part asks by that the context itself uses as a label ("Steward: …") is the corpus's own name
            # for what is asked: a field labelled otherwise ("Owner: …") is another thing, whatever the vocabulary's
            # synonyms say, and only a label with that word is read as the asked one.
            own_label = part.asked_by & words.labels
            glosses = self.says(part.phrase, part.text) if part.phrase else []
            asked_field = self._field_reader(part, glosses, own_label)
            section_fields: set[int] = set()  # (the sentences whose field is read whatever its label says)
            # (the documents the part calls by their titles, of no opening statement, whose record gives the field
            # it asks)
            called_by_title = set(words.titled((original.text,))) if not asked.scene and not part.points_back else set()
            titled_records = {s.doc_id for j, s in enumerate(sentences) if s.doc_id in called_by_title
                              and any(asked_field(label) for label in words.fields[j])}
            others_ask = {t for other in asked.parts if other is not original for t in other.asks}
            # (where a line of the context is labelled by what tells this part from the others, "Service: …, up to 30
            # characters" for "the service part", a line labelled otherwise is another thing's)
            told_labelled = bool(part.told) and any(labels & set(part.told) for labels in label_terms)
            # (what a part asking a span of time asks the length of: its words besides its verbs and the names it gives)
            lasting = set(rest) - question_named if part.wh in SPANS_OF_TIME else set()

            def others_at(i: int) -> set[str]:
                """The other parts' verbs, for the sentence at `i`, but those of a part answered from that very
                sentence: its verb has its answer there, and what else it takes is free ("fund at $20,000" of "how many
                people was that money to fund, and how much was each to get")."""
                return {t for other in asked.parts if other is not original and not any(
                    a.part.text == other.text and a.sentence is sentences[i] for a in answers) for t in other.asks}

            # What the part is about: the names it gives and the answers it points back to (a part of almost no words
            # of its own, "on what date", is about what the question names); a sentence must be about them, by at
            # least half their weight (a rare name weighs more than a common one).
            # A pronoun ("its status") stands for an earlier answer or for what the question names: either will do.
            # (the noun it asks for is what the answer is, not a name the sentence must be about: "which RFC made the
            # decision that every Postgres and MySQL database …" is about Postgres and MySQL; unless it names no other)
            # (a pointer's noun names no thing of its own: "that earlier RFC" is the earlier answer, what `back` says)
            named = {t for name in named_in(part.text) for t in terms_of(name)} - pointer_nouns
            kind_named = bool(named) and named <= set(terms_of(part.noun))
            named = (named - set(terms_of(part.noun))) or named
            # (a name the part writes as code, "request_volume", that the context uses as a label says which lines
            # answer: a line labelled otherwise, "stdev_factor: … the value should be 1900", is another field's)
            code_labels = {t for t in part.terms if CODE_NAME.fullmatch(t)} & set().union(*label_terms)
            abouts = [named] if named else [x for x in (back, question_named if back or len(part.terms) < 2 else set()) if x]
            # (a name the asked noun gives, "Slack" of "which Slack tag pings its on-call member", or what the part
            # points back to: "The `@x-support` tag will ping an on-call member of the DevInfra team")
            abouts += [back] if kind_named and back else []
            answered = {sentences.index(a.sentence) for a in answers} if part.points_back else set()
            # (and so does the next sentence of its paragraph, which goes on about it: "That, in turn, replaced …")
            # (where it says a word of the part's own: "Please avoid tagging/DM a specific teammate" after the sentence
            # giving the Slack handle says nothing of "which security engineer is the ambassador for it")
            continued = {i + 1 for i in answered
                         if i + 1 < len(sentences) and _same_paragraph(sentences[i], sentences[i + 1])} - answered
            answered |= {i for i in continued if texts[i] & (set(part.terms) - pointer_nouns)}
            # A sentence that restates, in its own words, what the opening statement says of the thing a part asks
            # the identity of ("If more responders are required, they will be mobilized by the Internal Liaison" of
            # "one role brings in extra responders when more are needed"), or the statement a yes/no part asks, says
            # what it says.
            restated = self._restating(part.description, sentences) if part.description else None
            # A year the part gives says which period it asks of: a sentence that holds (in its words or what it sits
            # under) only other years is about another period ("Total spent: $306,608" under "2025", for what was spent
            # in 2024) — where some sentence of the context holds the year asked.
            years = {t for t in part.terms if YEAR.fullmatch(t)}
            years = years if any(years & (t | u) for t, u in zip(texts, under)) else set()
            for i, s in enumerate(sentences):
                if i + 1 < len(sentences) and sentences[i + 1].topic == s.text and s.text.endswith("?"):
                    continue  # a question the document asks and answers below it (a FAQ's): it states nothing
                # A sentence that says the asked relation in the vocabulary's words ("Author(s)" for "who wrote")
                # covers the words that ask it (its verb), whatever words it uses.
                labels = words.fields[i]
                headed = words.headed.get(i)
                here = under[i] | headed[1] if headed and not headed[0].isdisjoint(part.asks) else under[i]
                labelled_as_asked = False  # (a field the part's own asked word labels: "Team Lead: …" for "who is Team Lead")
                if own_label and labels:
                    says = labelled_as_asked = any(asked_field(label) for label in labels)
                else:
                    says = any(_glossed(g, s.text) for g in glosses) or is_record(s.text) and any(
                        asked_field(label) for label in labels)
                # So does one under a heading that asks what the part asks ("Who are they?" under "Deputy", for "who
                # can be the deputy"): the section is that question's answer — where it is about what the part says
                # besides its asking words, at least by half their weight ("Incident Commander › Why have one?" does
                # not answer why a requirement that commanders have deep knowledge was dropped).
                # (what a pointing part is about is the earlier answer too: "who can fill it" of "Customer Liaison ›
                # Who are they?")
                says = says or bool(words.heading_asks[i]) and words.heading_asks[i] == part.wh.replace("whom", "who") \
                    and sum(weights[t] for t in about_rest if t in texts[i] | under[i]) \
                    >= ABOUT * sum(weights[t] for t in about_rest)
                # And so does a table whose key column the part asks the values of ("what values can the Status field
                # take" of "| Status | Description |"): its keys are those values.
                keyed = _keyed(s, part)
                # So does the field heading a section whose heading says what a "who" part asks about besides its
                # verb ("## Internal Communication ⏎ Delegate to: VP of Engineering" for "who handles internal
                # communication"): the field names who the section's task is given to, whatever its label's words.
                if part.slot == "person" and headed is not None and rest and set(rest) <= words.headings[i] | texts[i]:
                    says = True
                    section_fields.add(i)
                says = says or keyed
                # (and one that has someone do the act a part enlists for: "Deputy, can you go ahead and page the [X]
                # on-call" for "which role do I ask to page that team's on-call")
                says = says or bool(part.enlisted) and part.enlisted[1] in texts[i]
                # (and, after an opening statement, one naming a thing of the kind a "which" part asks that the
                # question does not name: "should be routed to SIG Testing" for "which SIG should it have gone to
                # instead" of a report to SIG K8s Infra — where it says what else the statement names, the thing
                # reported: "subproject leads must report to the wider SIG-Network community" names another SIG of
                # nothing the statement is about)
                says = says or bool(asked.scene) and _names_another(s.text, part, question_named) and (
                    not scene_names or bool(scene_names & (texts[i] | here)))
                # (and, for a part asking how long something lasts, a sentence saying that thing is an amount of time,
                # "Rotations are 4 weeks" for "how long is a rotation meant to last", whatever verb the part asks by)
                says = says or bool(lasting) and lasting <= texts[i] and bool(IS_AMOUNT_OF_TIME.search(s.text))
                said = (set(part.asks) if says else set()) | (set(part.describes) if i == restated else set())
                said |= nested_terms if s.doc_id == nested_document else set()
                said |= the_other if introduced and s.doc_id in introduced else set()
                # A line of a few words under a heading ("**default** 5s" under "Connection timeout") is the
                # heading's value: the heading's words count as its own.
                labelled_line = len(texts[i]) <= LABELLED_LINE
                under_weight = 1.0 if labelled_line else UNDER
                covered = sum(w for t, w in weights.items() if t in texts[i] or t in said) + under_weight * sum(
                    w for t, w in weights.items() if t in here and t not in said)
                coverage = covered / total
                held = {t for t in own_terms if t in texts[i] | here | said}
                own = sum(weights[t] for t in held) / own_total
                main = sum(weights[t] for t in held if t not in part.clause_terms) / main_total
                main_unnamed = sum(weights[t] for t in held if t in unnamed_terms) / unnamed_total if unnamed_total else 1.0
                # A sentence must be about what the question names, when it names something (itself, or its document
                # as the context shows it). One that says what the part asks (its predicate or its noun; for a part
                # asking a kind, "when …", that kind) ranks higher; one in other words ("decided to grant X in RFC-143"
                # for "which RFC made the decision") still counts.
                about = max((sum(rarity(t) for t in x & (words.about(s.doc_id, asked.named) | words.cited[i]))
                             / sum(rarity(t) for t in x) for x in abouts), default=1.0)
                if s.from_fact and rarest and rarest not in words.about(s.doc_id, asked.named) \
                        and s.doc_id != nested_document and not says_back(i):
                    continue  # a graph fact's sentence of a document that never says what the question is most about
                    # (unless it says what the part points back to: the earlier answer is what the part is about)
                if direct and direct not in words.about(s.doc_id, asked.named) or numbered_doc and s.doc_id not in naming:
                    continue
                # A line of fields ("Author(s): …") says them of its own document: a question naming a document by
                # its id ("RFC-0022") is not answered by the record of one with another number that mentions it
                # elsewhere (where the line itself refers to it, "Supersedes: RFC-0022", it says how the two relate —
                # unless the line gives the asked field too: "Author(s): X; Supersedes: RFC-0022" names its own
                # document's authors, not RFC-0022's).
                if direct and labels and (number := words.numbers.get(s.doc_id)) and named_numbers \
                        and number not in named_numbers and not named_numbers & _numbers_said(
                            _asked_values(s.text, asked_field) or s.text):
                    continue
                # (so is a part calling a document by its title whose own record gives the asked field, "who wrote the
                # Feature flags ADR": another document's record, "Author: @x; Info: … feature scope", is that
                # document's, unless it names the one called)
                if labels and titled_records and s.doc_id not in titled_records \
                        and not titled_records & words.named_by(s.text, identifiers=True):
                    continue
                # (nor does the record of a document no earlier part was answered from or with, the question does not
                # name and that says nothing the question names, answer a part that speaks of what the earlier parts are about:
                # "who wrote the proposal" after parts read in that proposal is not told by another proposal's
                # "Author(s): …")
                if labels and is_record(s.text) and of_the_earlier and s.doc_id not in of_the_earlier \
                        and not question_named & texts[i]:
                    continue
                if pointed_numbers and words.numbers.get(s.doc_id) not in pointed_numbers and not pointed_numbers & (
                        _numbers_said(_asked_values(s.text, asked_field)) if labels and is_record(s.text)
                        else words.numbers_written(s.text)):
                    continue
                if _sibling_id(s, named_ids, part):
                    continue  # "Fixes: PIR-2025-03" for "which change fixed PIR-2025-04": about another of its kind
                if part.each_of and not set(part.each_of) <= texts[i] | here:
                    continue  # "how many of each kind": a sentence (or its section) about that kind
                if years and i not in answered and not years & (texts[i] | under[i]) \
                        and any(YEAR.fullmatch(t) for t in texts[i] | under[i]):
                    continue  # (of another year)
                if part.told and not set(part.told) & (texts[i] | here - words.led[i]):
                    continue  # "the amber and the red alert": the red one's part, of a sentence saying red
                if told_labelled and (labelled := label_terms[i]) and not labelled & set(part.told):
                    continue  # ("Action: … of the given service, up to 10 characters" is the action's, where a line
                    # labelled "Service" gives the service's)
                if code_labels and (labelled := label_terms[i]) and not labelled & code_labels:
                    continue
                if part.of_name and not set(part.of_name) <= texts[i] | here | words.about(s.doc_id, asked.named):
                    continue  # "which version of X": a sentence of a document that never says X gives another's
                # A list item nested below a name ("- Rust" ⏎ "  - FCP lasts 10 days") says something of that name: it
                # answers a question that names it, not one about something else.
                # (unless it names itself what the part is about: "- Announcements ⏎ - Mara: Found a venue …" for where
                # Mara found the venue)
                if s.scope and not set(terms_of(s.scope)) & question_terms and not (named and named <= texts[i]):
                    continue
                # (the value of the heading right above it: "default: 2" under "… › Client options › Max Pings Out" is
                # Max Pings Out's, and says nothing of the disconnect buffer a part asks about)
                if labelled_line and i not in answered and not (set(part.terms) | set(part.asks)) & (
                        texts[i] | words.headings[i] | said):
                    continue
                if part.alternative and len(set(part.alternative) & (texts[i] | here)) \
                        < min(ALTERNATIVE_WORDS, len(part.alternative)):
                    continue  # (the reason for not taking the other thing is said of it: by two of its words)
                if i not in answered and _another_kind(words.kind_heading[i], kinds_named, part, texts[i]):
                    continue  # "External Communication ⏎ The longer you wait …" for "why must internal communication wait"
                # (a sentence that says nothing of the part but the thing it points back to, "that incident", says
                # what the question's statement says: it answers nothing the part asks)
                if scene_only and i not in answered and not said and not held - pointer_nouns - scene_terms:
                    continue
                # A part pointing back ("why was it abandoned") is about what the sentence that gave the earlier
                # answer is about: that sentence addresses it whatever words it uses. So does a field the part's own
                # asked word labels ("Team Lead: Terence Lee"), of a document about what the part names, at the near
                # sentences' bar: a long question ("Who is named Team Lead of the Platform Team in the Merge … proposal")
                # weighs its words many ways, and the field line says few of them. (A part naming nothing, "who
                # authored the plan that created that crew", is not told by a field which document's it is.)
                bar = NEAR_COVERAGE if labelled_as_asked and named else MIN_COVERAGE
                if (max(coverage, own) >= bar or i in answered or keyed) and about >= ABOUT:
                    # (what the context labels by the asked word, a sentence in other words does not say)
                    addressed = (not asks or asks & (texts[i] | here - words.led[i]) or says or i == restated or not own_label and (
                                 part.slot in TYPED and own >= TYPED_COVERAGE
                                 or part.slot == "person" and main >= PERSON_COVERAGE and main_unnamed >= ABOUT))
                    # (any proper noun may be a person's: "who" needs the verb; a yes/no part needs its subject said)
                    if addressed or part.slot not in ("person", "polar"):
                        passing.append((coverage + (ASKED if addressed else 0.0), i))
                elif max(coverage, own) >= NEAR_COVERAGE and about >= ABOUT and part.slot not in ("person", "polar"):
                    near.append((coverage, i))
            # Only the best-covering sentences are embedded: the similarity weighs less than the words and costs a model
            # call per sentence.
            passing = sorted(passing, key=lambda x: (-x[0], x[1]))[:SIMILAR_POOL]
            near = sorted(near, key=lambda x: (-x[0], x[1]))[:NEAR_POOL]
            # (a part of several is compared with the question and with itself: "what scope should that token have"
            # is answered by a sentence about a scope, whatever the other part asks)
            target = part_target = question_vector
            if len(asked.parts) > 1:
                part_target = self._vector([original.text])[0]
                target = question_vector + part_target
                target = target / (float(np.linalg.norm(target)) or 1.0)
            vectors = self._vector([sentences[i].text for _, i in passing + near])
            similarity = {i: float(vector @ target) for (_, i), vector in zip(passing + near, vectors)}
            # (one in other words says what the part asks, as like the part itself as the whole question)
            passing += [(coverage, i) for (coverage, i), vector in zip(near, vectors[len(passing):])
                        if max(similarity[i], float(vector @ part_target)) >= NEAR_SIMILARITY]
            # (and the document an earlier answer names by its title or file name: "SIG Testing" of
            # sig-testing--README.md, read in another SIG's charter)
            earlier = {doc for a in answers for doc in [a.sentence.doc_id, *words.called(a.filler)]} \
                if part.points_back else set()
            # The retrieved passages are read first; the sentences graph facts were extracted from fill in what the
            # passages leave unaddressed (a hub entity's facts bring sentences about anything near it) — except one
            # that says what the part points back to: the earlier answer's fact is read with the passages.
            scored = sorted(((coverage + SIMILARITY * similarity[i] - RANK * sentences[i].rank
                              + (SAME_DOCUMENT if sentences[i].doc_id in earlier else 0.0)
                              + (QUOTED if any(q <= texts[i] for q in quoted) else 0.0), i) for coverage, i in passing),
                            key=lambda x: (sentences[x[1]].from_fact and not says_back(x[1]), -x[0], x[1]))
            # A part that points back to a document an earlier part answered with ("which RFC did X supersede, and
            # who wrote that earlier RFC") is read in that document, where the context holds it: the chain's second link.
            chained = {words.named_document[a.filler] for a in answers if a.filler in words.named_document} \
                if part.points_back else set()
            # One that points to what the question's opening statement introduces ("X points to an earlier ADR … who
            # authored that earlier ADR") is read in the document the sentence stating it names (" … documented in
            # ADR-3"), where the context holds that one document.
            if introduced is not None and (not answers and BACK_POINTER.search(part.text) or the_other):
                chained = introduced
            if any(sentences[i].doc_id in chained for _, i in scored):
                scored = [(score, i) for score, i in scored if sentences[i].doc_id in chained]
            # (where the context does not hold the document the earlier answer names, "RFC 0045", only a sentence naming
            # it says anything of it: another document's record gives that one's authors)
            elif part.points_back and (missing := {n for a in answers for n in words.numbers_called(a.filler)}
                                       - set(words.numbers.values())):
                scored = [(score, i) for score, i in scored if missing & (
                    _numbers_said(sentences[i].text) | words.numbers_called(sentences[i].text))]
            # A part asked of a document its nested question gave ("who authored the RFC that created X") is read in
            # that document alone.
            if nested_document:
                scored = [(score, i) for score, i in scored if sentences[i].doc_id == nested_document]
            # A part asking of "one" of the documents the opening statement introduces by their title ("There are two
            # ADRs titled Multi-cluster. Which one is in force, what does the older one say …") is read in them — in
            # the one a word of order picks, the older by its lower number; where the context holds fewer than two of
            # them, which is the older is not known, and the part is not answered.
            if one_of:
                order = {w.lower() for w in re.findall(r"[A-Za-z]+", part.text)}
                older_one, newer_one = bool(order & EARLIER_WORDS), bool(order & LATER_WORDS)
                if (older_one or newer_one) and len(among) < 2:
                    continue
                one_docs = set(among) if not older_one and not newer_one else {
                    (min if older_one else max)(among, key=lambda doc: int(words.numbers[doc]))}
                scored = [(score, i) for score, i in scored if sentences[i].doc_id in one_docs]
            # "Who was the steward of the Remove Stacks & Mixins RFC": the person of a document the question calls by
            # its title is read in that document, where the context holds it (a roadmap item of the same name in
            # another document is another thing). Not "who heads the crew on the Lamp Rota": the crew's head.
            if part.slot == "person" and len(asked.parts) == 1 and not asked.scene:
                of_names = tuple(m.group(1) for m in OF_NAME.finditer(part.text))
                own_docs = set(words.titled(of_names)) & {s.doc_id for s in sentences if not s.from_fact}
                if own_docs:
                    scored = [(score, i) for score, i in scored if sentences[i].doc_id in own_docs]
            best = scored[:PARSED]
            docs = parse_all([sentences[i].text for _, i in best])
            led: dict[int, Filler] = {}
            if part.slot == "polar":
                # A list item that states nothing by itself ("Bug bounty submission triage and management") is read
                # with what leads into it ("Further, its scope does not include: Private vulnerability response
                # (belongs to the PSC), including:"): the statement leading into its list says yes or no of it.
                # (each lead, outermost first, read alone: the first that states something says it)
                bare = [i for (_, i), doc in zip(best, docs) if sentences[i].lead and polar(doc) is None]
                leads = [(i, lead) for i in bare for lead in LEADS.split(sentences[i].lead)]
                for (i, _), doc in zip(leads, parse_all([lead for _, lead in leads])):
                    if i not in led and (verdict := polar(doc, set(part.terms), part.text)) is not None:
                        led[i] = Filler(f"{verdict.split(TITLE_SEPARATOR, 1)[0]}{TITLE_SEPARATOR}{sentences[i].lead} "
                                        f"{sentences[i].text}"[:MAX_REASON])
            # A part asking for one of the context's documents ("which ADR", "which one" of "several ADRs"): an id
            # the sentence gives is named with its title where the context holds that document; a sentence that gives
            # none answers with its own document.
            # (who does what an instruction says is the one its section is for: "Steps for Incident Commander ›
            # 1. Decide whether we need to announce publicly" answers "who decides whether we announce it")
            # (or, asking which of a kind does it, "which liaison role notifies teams", whom of that kind it is for:
            # "Internal Liaison" of "Steps for Internal Liaison")
            kind = set(terms_of(part.noun)) if part.slot != "person" else set()
            found: list[tuple[float, int, str]] = [
                (score, i, picked) for (score, i), doc in zip(best, docs)
                if (picked := led.get(i) or (part.slot == "person" or kind) and _instructed(doc) and asks_doer(part.text)
                    and words.section_doer(i, question_terms, kind)
                    or choose(doc, part, question_terms | said_back, said_back,
                              _any_field if i in section_fields else asked_field, others_at(i), pointed, question_words)
                    # ("… rather than using EKS for the below reasons:": what it leads into, read below, is the reason)
                    or (Filler(sentences[i].text) if part.slot in ("reason", "thing") and _listed(sentences, i, part)
                        else None)
                    # (how a thing is done, in a section that tells how: "How inactivity is measured ⏎ Inactive
                    # members are defined as …" says it whole, whatever words its verb uses)
                    or (Filler(sentences[i].text.rstrip(".")) if part.wh == "how" and words.heading_asks[i] == "how"
                        else None))]
            # A sentence that says what is asked about but gives no answer is continued by the next sentence of its
            # paragraph where that one says a word of the part itself ("Each X runs in its own instance. … we decided
            # to grant each its own instance in RFC-143."), read as nearly as good.
            taken = {i for _, i in best} | {i for _, i, _ in found}
            further = [(score * CONTINUED, i + 1) for score, i in best if i not in {f[1] for f in found}
                       and i + 1 < len(sentences) and i + 1 not in taken
                       and _same_paragraph(sentences[i], sentences[i + 1])
                       and words.texts[i + 1] & set(part.terms)]
            found += [(score, j, picked) for (score, j), doc in zip(further, parse_all([sentences[j].text for _, j in further]))
                      if (picked := choose(doc, part, question_terms | said_back, said_back, asked_field, others_at(j), pointed,
                                                  question_words))]
            found.sort(key=lambda f: (sentences[f[1]].from_fact and not says_back(f[1]), -f[0], f[1]))
            if best and words.asks_document(part, asked.scene):
                # A document the question itself names is not what it asks: "Supersedes: RFC 0118" in RFC 0122's
                # record answers "which RFC superseded the 2023H1 Roadmap" (0118) with the record's own document.
                ids = [f for f in words.documents_named(found) if words.named_document.get(f[2]) not in named_docs]
                if not ids and part.points_back and answers:
                    # "which ADR does it defer to for X": the section that says X points to another document ("See
                    # ADR-30 for …"); "it" is the earlier answer's document, not what is asked.
                    excluded = named_docs | {a.sentence.doc_id for a in answers}
                    ids = next((r for _, i in [f[:2] for f in found] + best
                                if (r := words.referenced_near(sentences, i, excluded))), [])
                # Else the document of the best sentence that answers something, else of the best, not named.
                unnamed = next(((score, i) for score, i in [f[:2] for f in found[:1]] + best
                                if sentences[i].doc_id not in named_docs), None)
                # (where every one is in a document the question names, by a plain word of its file name that only
                # this part says, the part describes it: "which ADR records the decision to move into Modernisation
                # Platform accounts" is 042-use-modernisation-platform-accounts.md; an identifier, "2023H1", names one)
                elsewhere = words.named_by(asked.question.replace(original.text, " ")) | words.named_by(
                    original.text, identifiers=True)
                unnamed = unnamed or next(((score, i) for score, i in [f[:2] for f in found[:1]] + best
                                           if sentences[i].doc_id not in elsewhere), None)
                found = ids or ([(*unnamed, words.document(sentences[unnamed[1]]))] if unnamed else [])
            if not found and best and part.slot == "date" and (dated := _dated(sentences, best[0][1])) is not None:
                # "When did the team turn down X": the document that says so gives no date in its sentences; its own
                # record's date ("Date: 2022-09-22") is when it was decided.
                found = [(best[0][0], *dated)]
            if not found and best and ONE_OF.match(part.text):
                # "Which one lists X and Y …" of "two postmortems called Z": the best sentence says nothing the
                # question does not, so what it picks out is the document it is in.
                found = [(*best[0], words.document(sentences[best[0][1]]))]
            if not found:
                continue
            # "Which systems depend on RabbitMQ": a record whose field the part asks holds RabbitMQ ("Name: Meter Data
            # Management System; … Upstream: TimescaleDB; RabbitMQ") relates it to what the record is: its name answers,
            # not the field's other values. (An acronym's plural, "RFCs", names a kind of thing, not one thing.)
            given = {t for name in named_in(part.text) if not KIND_PLURAL.fullmatch(name) for t in terms_of(name)} \
                - set(terms_of(part.noun)) - words.document_words if part.slot == "thing" else set()
            found = [(score, i, Filler(record)) if given and (record := _record_named_by(sentences[i].text, given,
                                                                                          asked_field))
                     else (score, i, f) for score, i, f in found]
            # A common noun ("the user") yields to a name or a value that a sentence of the same document, nearly as
            # good, gives; asked for a name itself ("what is the new name"), to a name that document gives at half the
            # score (what "the cluster platform product name" gives is what the name is of, not a name), and so to a
            # name given the asked noun itself ("`Public` visibility" for "what visibility"). And whatever the best
            # sentence gives yields to a value the same document states, at half the score, as the asked noun's own
            # ("the following CIDR ranges …: `10.41.0.0/16`" for "which CIDR ranges").
            same_document = [f for f in found if sentences[f[1]].doc_id == sentences[found[0][1]].doc_id]
            near_enough = NAMED_RIVAL if part.noun and part.noun.split()[-1].lower() in NAME_LABELS else RIVAL
            names = [f for f in same_document if not _common(f[2]) and f[0] >= near_enough * found[0][0]
                     or _stated(f[2], "named") and f[0] >= NAMED_RIVAL * found[0][0]]
            names.sort(key=lambda f: not _stated(f[2], "named"))
            own_values = [f for f in same_document if _stated(f[2]) and f[0] >= NAMED_RIVAL * found[0][0]]
            score, i, filler = own_values[0] if own_values and not _stated(found[0][2]) else \
                names[0] if names and _common(found[0][2]) else found[0]
            if part.slot == "reason" and getattr(filler, "unmarked", False) and i + 1 < len(sentences) \
                    and _same_paragraph(sentences[i], sentences[i + 1]):
                # A sentence that gives no reason but says what the part asks about is followed, in its paragraph, by
                # the one that gives it: "All project boards should be organization-level … ⏎ It is easier to
                # distribute permissions … since write access … requires full write access to the repo."
                marked = choose(parse_all([sentences[i + 1].text])[0], part, question_terms | said_back, said_back,
                                asked_field, others_at(i + 1), pointed, question_words)
                if marked is not None and not marked.unmarked:
                    i, filler = i + 1, marked
                elif part.alternative and CONTRAST_OPENING.match(sentences[i + 1].text):
                    # (the alternative a why-part turns down, stated, is followed by what went wrong with it: "An
                    # earlier idea was a centralised egress VPC. ⏎ However, this ran into problems: test clusters …")
                    i, filler = i + 1, Filler(CONTRAST_OPENING.sub("", sentences[i + 1].text).strip(" ,.;:"))
            if part.slot == "reason" and getattr(filler, "unmarked", False):
                # A whole sentence offered as a reason yields to one of its document, nearly as good, that marks its
                # reason ("As the policy would silently delete images, …" over "We had set a policy of 100 images").
                i, filler = next(((j, other) for other_score, j, other in found if not getattr(other, "unmarked", False)
                                  and other_score >= MARKED_REASON * score and sentences[j].doc_id == sentences[i].doc_id),
                                 (i, filler))
            items = _listed(sentences, i, part)
            filler = Filler("; ".join(s.text.rstrip(".") for s in items)) if items else filler
            if part.slot == "polar" and _value(filler, part) == "no" and (agreeing := next(
                    ((j, other) for other_score, j, other in found if j != i and other_score >= RIVAL * score
                     and sentences[j].doc_id == sentences[i].doc_id and _value(other, part) == "no"), None)):
                # (another statement of the same document, nearly as good, that says no too is evidence too: "no —
                # … (belongs to the PSC) …; … managing the non-embargoed (public) vulnerability process"; a yes is
                # what any statement says, and corroborates nothing)
                filler = Filler(f"{filler}; {agreeing[1].split(TITLE_SEPARATOR, 1)[-1]}"[:MAX_REASON])
                items = (sentences[agreeing[0]],)
            if not items and _keyed(sentences[i], part) and words.fields[i]:
                # "What values can the Status field take": the keys of the table whose key column is the Status, in order
                filler = Filler(", ".join(words.fields[i]))
            if part.plural and given and filler == _record_named_by(sentences[i].text, given, asked_field):
                # (every record of the context that relates it so answers "which systems …", each quoted)
                related = {record: s for s in sentences if not s.from_fact
                           and (record := _record_named_by(s.text, given, asked_field)) and record != filler}
                filler = Filler(", ".join([filler, *related])) if related else filler
                items = tuple(related.values())
            if part.plural and not items and (listed := _list_of(sentences[i].text, filler)):
                filler = Filler(listed)  # "which instance types": every item of the list the one found is in
            if part.plural and not items and part.count <= 1 and (beside := next(
                    ((j, alike) for j in (i - 1, i + 1) if 0 <= j < len(sentences)
                     and _same_paragraph(sentences[min(i, j)], sentences[max(i, j)])
                     and (alike := _parallel(sentences[i].text, filler, sentences[j].text))), None)):
                # "which teams took over its responsibilities": the sentence beside the answer's, in its paragraph,
                # that says the same of another ("The Cloud team takes full ownership of managed instances" beside
                # "Developer Experience team took full ownership of …") answers too with its subject, quoted; each
                # with what its share is of, where both say.
                j, (subject, own_share, share) = beside
                filler = Filler(f"{filler} ({own_share}), {subject} ({share})" if own_share and share
                                else f"{filler}, {subject}")
                items = (sentences[j],)
            # (a filler naming as many as asked already, "Ryan and Eric Huss" for "which two people", is all of them)
            if part.count > 1 and not items and len(split_items(filler)) < part.count:
                # "on which two dates …": as many different values as asked, from the best sentences that give one
                # (two postmortems of one recurring fault, each with its date), each quoted and cited.
                values = {_value(filler): (filler, sentences[i])}
                for _, j, other in found:
                    if len(values) < part.count and _value(other) not in values:
                        values[_value(other)] = (other, sentences[j])
                if len(values) == part.count:
                    filler = Filler(", ".join(f for f, _ in values.values()))
                    items = tuple(s for _, s in list(values.values())[1:])
            # "X or Y: which …": the answer is the one of the names offered that the answer's sentence says, else its
            # document (in its sentences, else in the title and sections they sit under).
            for where, of in ((lambda s: s.text, lambda s: s is sentences[i]), (lambda s: s.text, None),
                              (lambda s: s.context, None)):
                offered = [c for c in part.choices if any(
                    (of(s) if of else s.doc_id == sentences[i].doc_id and not s.from_fact)
                    and re.search(rf"(?<!\w){re.escape(c)}(?!\w)", where(s), re.IGNORECASE) for s in sentences)]
                if offered:
                    filler = Filler(offered[0]) if len(offered) == 1 else filler
                    break
            # A single value (a date, a number, a version) that another document, read as well, gives otherwise; or
            # another one to do what the part asks of the one enlisted for it ("which role do I ask to page …":
            # "Deputy, can you … page" in one document, "Internal Liaison, please page" in another).
            # A part that points back ("that incident") is about what the earlier answer's document is about: another
            # document's value is of another thing, not a conflict; so is, where the question calls the answer's
            # document by its title ("who wrote the Feature flags ADR, on what date"), the value of a document it
            # does not call so.
            titled = words.titled((asked.question,))
            # (nor is the value of a document another part calls by its title: "… and is it the same channel that owns
            # the X page" asks of that page)
            others = set(words.titled(tuple(p.text for p in asked.parts if p is not original))) \
                - set(words.titled((original.text,))) if len(found) > 1 and len(asked.parts) > 1 else set()
            # (nor, where the answer's sentence holds the year the part gives, is the value of one that does not: "up to
            # $100,000 … each year" of a policy is no other figure of what was spent in 2024)
            # (nor, where the part is told from the others by words of its own, is a sentence that says fewer of them
            # than the answer's: "1 year term" under "… Council Representative" against "2 year term" under "… Project
            # Director", for the director's term)
            def same_period(j: int) -> bool:
                return all(x & (texts[j] | under[j]) >= x & (texts[i] | under[i]) for x in (years, set(part.told)))

            # (a second spelling of the name read in another document's sentence that answers the part is a
            # disagreement however much more of the question the first one's sentence says: the spelling is the point)
            rival = next((PartAnswer(part, f, sentences[j], round(s, 4)) for s, j, f in found[1:]
                          if ((part.slot in SINGLE_VALUED or part.slot == "polar" or part.enlisted and not part.plural)
                               and s >= RIVAL * score
                              or _variant(part, filler, f))
                          and not (part.points_back and answers)
                          and sentences[j].doc_id != sentences[i].doc_id and sentences[j].from_fact <= sentences[i].from_fact
                          and (sentences[i].doc_id not in titled or sentences[j].doc_id in titled)
                          and sentences[j].doc_id not in others
                          and same_period(j)
                          and _value(f, part) != _value(filler, part)), None)
            if rival is None and part.slot in SINGLE_VALUED and not items and not (part.points_back and answers):
                # (or a sentence of another document saying the same thing of it in other words, with another value,
                # where the question's opening statement narrows the case: "within 5 business days of any event" in
                # the template against "within 3 calendar days for a SEV-1" in the process page)
                rival = self._restated_value(part, filler, sentences, i, texts, lambda j: (
                    (sentences[i].doc_id not in titled or sentences[j].doc_id in titled) and same_period(j)
                    and sentences[j].doc_id not in others and not _sibling_id(sentences[j], named_ids, part)),
                    lambda doc: choose(doc, part, question_terms, frozenset(), asked_field, others_ask,
                                       question_words=question_words))
            if rival is None and not items and via is None:
                alternatives[len(answers)] = [f for f in found if f[1] != i and f[0] >= TOGETHER * score]
            answers.append(PartAnswer(part, filler, sentences[i], round(score, 4), rival, items,
                                      via[0] if via is not None else None))
        return _together(answers, alternatives, sentences)

    @staticmethod
    def _noted_for(part: AskedPart, asked: AskedQuestion, sentences: list[Sentence]) -> "PartAnswer | None":
        """The object of the part's stranded preposition ("whom was he standing in for") in a bracketed note right
        after a name the question gives ("Santiago (sub for eholk)"), where the note's other word is one the question
        says, whole or clipped; of the sentences of the day the question writes, where it writes one. None where no
        one note, or more than one, says it."""
        stranded = STRANDED.search(part.text) if part.wh in ("who", "whom") else None
        if stranded is None:
            return None
        question_terms = set(terms_of(asked.question))
        days = days_written(asked.question)
        found = []
        for s in sentences:
            for m in NOTED.finditer(s.text):
                name, note = m.group(1), m.group(2).split()
                if len(note) == 3 and note[1].lower() == stranded.group(1).lower() and set(terms_of(name)) <= question_terms \
                        and (stem(note[0]) in question_terms or clipped_in(note[0], asked.question)):
                    found.append((s, note[2]))
        dated = [f for f in found if days & days_written(f"{f[0].context} {f[0].text}")] if days else found
        return PartAnswer(part, Filler(dated[0][1]), dated[0][0], 1.0) if len(dated) == 1 else None

    def _restated_value(self, part: AskedPart, filler: str, sentences: list[Sentence], index: int,
                        texts: list[set[str]], allowed, pick) -> "PartAnswer | None":
        """The sentence of another document (read from it, and `allowed(j)`) that says what the answer's sentence
        says — every word of the part that one says, and as like it as `RESTATES` on the embedding model — with
        another value of the asked kind (`pick(parsed)`): a disagreement the part's own words did not find, because
        the answer's sentence also says what the question's opening statement narrows the case to."""
        answer = sentences[index]
        shared = set(part.terms) & texts[index]
        if not shared:
            return None
        others = [j for j, s in enumerate(sentences) if s.doc_id != answer.doc_id and not s.from_fact
                  and shared <= texts[j] and allowed(j)]
        alike = [(similarity, j) for similarity, j in self._alike(answer.text, sentences, others) if similarity >= RESTATES]
        for (similarity, j), doc in zip(alike, parse_all([sentences[j].text for _, j in alike])):
            value = pick(doc)
            if value is not None and _value(value, part) != _value(filler, part):
                return PartAnswer(part, value, sentences[j], round(similarity, 4))
        return None

    def _reason_after(self, statement: str, sentences: list[Sentence], part: AskedPart,
                      question_terms: set[str]) -> PartAnswer | None:
        """The first reason a word of reason marks ("Because people are afraid of being the IC") in the paragraph of the
        sentence most like `statement` (at least `RESTATED`) and the `REASON_REACH` paragraphs after it in its section;
        None where there is none."""
        read = [i for i, s in enumerate(sentences) if not s.from_fact]
        alike = self._alike(statement, sentences, read)
        if not alike or alike[0][0] < RESTATED:
            return None
        similarity, top = alike[0]
        restating = sentences[top]
        section = [i for i in read if (sentences[i].doc_id, sentences[i].context) == (restating.doc_id, restating.context)]
        paragraphs = sorted({sentences[i].paragraph for i in section if sentences[i].paragraph >= restating.paragraph})
        reach = set(paragraphs[:REASON_REACH + 1])
        after = sorted((sentences[i].paragraph, sentences[i].line, i) for i in section if sentences[i].paragraph in reach
                       and (sentences[i].paragraph, sentences[i].line, i) > (restating.paragraph, restating.line, top))
        for (*_, i), doc in zip(after, parse_all([sentences[i].text for *_, i in after])):
            filler = choose(doc, part, question_terms)
            if filler is not None and not filler.unmarked:
                return PartAnswer(part, filler, sentences[i], round(similarity, 4))
        return None

    def _nested(self, part: AskedPart, sentences: list[Sentence], words: "ContextWords", answers: list[PartAnswer],
                scene: str = "") -> "tuple[PartAnswer, AskedPart] | None":
        """For a part asking about a thing it describes by a clause, the answer to which thing that is and the part
        asked of it by name ("Who owns Auth Service"); None where the part has none or the context does not say. A
        thing the clause points back to ("the RFC that created that team") is the earlier part's answer."""
        inner, outer = part.nested
        if not inner or self.read_question is None:
            return None
        pointed = POINTED.search(inner)
        if pointed:
            if not answers:
                return None
            inner = inner[:pointed.start()] + TITLE_ADDED.sub("", str(answers[-1].filler)) + inner[pointed.end():]
        # "the one whose status is Implemented" is one of the things the opening statements name ("Two RFCs are named
        # 'RFC Process'"): asked with them.
        inner_asked = self.read_question(f"{scene} {inner}" if scene and ONE_OF.match(inner) else inner)
        found = self.read(inner_asked, sentences, words)
        if not found or found[0].rival is not None or found[0].listed:
            return None  # (of two values, or a list, the outer question is not one question)
        # The thing is the one its sentence says the clause of: "which RFC created X" is answered by a sentence that
        # says created (or its vocabulary's words), not by the document of one that merely names X.
        said, clause = found[0].sentence, inner_asked.parts[0]
        glosses = self.says(clause.phrase, clause.text) if clause.phrase else []
        if clause.asks and not set(clause.asks) & set(terms_of(f"{said.text} {said.context}")) \
                and not any(g.search(said.text.lower()) for g in glosses):
            return None
        asked = self.read_question(outer.replace(NESTED_SLOT, TITLE_ADDED.sub("", str(found[0].filler))))
        return (found[0], asked.parts[0]) if len(asked.parts) == 1 else None

    def _field_reader(self, part: AskedPart, glosses: list, own_label: set[str] | frozenset[str] = frozenset()):
        """Whether a record's field is what the part asks: the vocabulary's words for the relation ("Author(s)" for
        "who wrote"), or a label close in meaning to the word that asks it (its verb, or the noun it asks for); where
        the context labels things by the word that asks (`own_label`), a label that says it."""
        words = [w for w in re.findall(r"[A-Za-z][\w-]*", part.text) if stem(w) in part.asks] + part.noun.split()[-1:]
        memo: dict[str, bool] = {}

        def asked(label: str) -> bool:
            if own_label:
                return bool(own_label & set(terms_of(label)))
            if label not in memo:
                name = re.sub(r"\([^)]*\)", " ", label).strip().lower()
                # (a label in the part's own words says what it asks of: "Unavailable: Eric Holk, Khio" for "which
                # members were listed as unavailable" — not one of what its verb is done to, "the status lamp")
                own = set(terms_of(name))
                vectors = self._vector([name, *(w.lower() for w in words)]) if name and words else []
                memo[label] = bool(own) and own <= set(part.predicate) - set(part.done_to) \
                    or any(g.search(label.lower()) for g in glosses) \
                    or any(float(vectors[0] @ v) >= FIELD_MEANING for v in vectors[1:])
            return memo[label]

        return asked

    def _fuller_name(self, part: AskedPart, asked: AskedQuestion, sentences: list[Sentence],
                     words: "ContextWords") -> PartAnswer | None:
        """A part asking for the name of one it names ("What is Soren's full name as written elsewhere in that
        postmortem"): the name of more words, written by a sentence of the context, that holds every word of the one
        given, accents aside ("Søren Iversen"), or that has the one given in brackets after it ("Ana Reis (areis)"); of
        the document that says most of the question (by rarity), the first. The part's other words say how the name is
        written, not what the sentence says. None where the part asks no name of one it names, or no sentence writes a
        longer one."""
        owner = name_asked_of(part.text, asked.scene) if part.slot == "thing" else ""
        if not owner:
            return None
        given = set(NAME_WORD.findall(fold(owner).lower()))
        question = fold(asked.question).lower()
        topic = set(asked.topic)
        total = sum(words.rarity(t) for t in topic) or 1.0
        found = []
        for i, sentence in enumerate(sentences):
            if sentence.from_fact:
                continue
            for name in named_in(sentence.text):
                written = NAME_WORD.findall(fold(name).lower())
                # (or a name of two words or more with the one given in brackets right after it: "Ana Reis (areis)")
                bracketed = len(written) > 1 and re.search(rf"{re.escape(name)}\s+\(@?{re.escape(owner)}\)",
                                                           sentence.text, re.IGNORECASE)
                if fold(name).lower() not in question and (given <= set(written) and len(written) > len(given) or bracketed):
                    said = sum(words.rarity(t) for t in topic & words.by_doc[sentence.doc_id]) / total
                    found.append((said, -i, name))
        if not found:
            return None
        said, first, name = max(found)  # (the most said, then the first sentence)
        return PartAnswer(part, Filler(name), sentences[-first], round(said, 4))

    def _about_document(self, part: AskedPart, asked: AskedQuestion, sentences: list[Sentence],
                        words: "ContextWords") -> PartAnswer | None:
        """A yes/no part asking whether one document of the context, called by its kind and number, is about a thing
        ("Is ADR 39 about the move to X?"; "… about that?", of what the opening statement says another document
        refers to it for): yes where its own sentences and title say at least half of the thing's words (by rarity),
        else no, answered by its title. A sentence of another document that refers to it for that thing says
        otherwise: the sources disagree. None where the part asks nothing of the kind, or the context holds none of
        the document's own sentences or no statement of what the thing is."""
        about = ABOUT_WORD.search(part.text)
        if about is None:
            return None
        docs = words.called_by_number(part.text[:about.start()])
        own = [s for s in sentences if s.doc_id in docs and not s.from_fact]
        if len(docs) != 1 or not own:
            return None
        doc = own[0].doc_id
        topic = set(terms_of(part.text[about.end():]))
        referring = None
        if not topic:  # a pointer: the thing the opening statement says another document refers to it for
            scene = set(terms_of(ID_REFERENCE.sub(" ", asked.scene))) - COUNTS
            refer = [(sum(words.rarity(t) for t in scene & words.texts[i]), -i) for i, s in enumerate(sentences)
                     if s.doc_id != doc and not s.from_fact and doc in words.called_by_number(s.text)]
            weight, index = max(refer, default=(0.0, 0))
            if weight <= 0:
                return None
            referring, topic = sentences[-index], scene & words.texts[-index]
        if not topic:
            return None
        said = words.about(doc)
        share = sum(words.rarity(t) for t in topic if t in said) / sum(words.rarity(t) for t in topic)
        title = f"{doc} ({words.title_of.get(doc, doc)})"
        # (quoted: its sentence saying most of the thing, the first of equals; `own` is in context order)
        quote = max(own, key=lambda s: len(topic & set(terms_of(s.text))))
        if share >= ABOUT:
            return PartAnswer(part, f"yes — {title}", quote, 1.0)
        rival = PartAnswer(part, f"yes — {referring.text.rstrip('.')}", referring, 1.0) if referring else None
        return PartAnswer(part, f"no — {title}", quote, 1.0, rival=rival)

    def bridge(self, asked: AskedQuestion, sentences: list[Sentence], answer_docs: set[str],
               words: "ContextWords | None" = None) -> Sentence | None:
        """The sentence of another document that states what the question's opening statements say and the answer's
        own documents do not ("X went missing on the day two nodes were found NotReady": the nodes' postmortem): a
        second source the answer is chained through. None when the answer's documents cover the scene themselves, or
        when the parts take only the names the scene gives ("The Deputy and the Scribe are both part of the command
        staff. Who may take on each role, and can one person cover both?" asks of the Deputy and of the Scribe: what
        the scene says of them is no link of the answer)."""
        scene = set(terms_of(asked.scene_of_one)) - COUNTS
        if not scene or not sentences or all(p.of_named for p in asked.parts):
            return None
        words = words or ContextWords(sentences)
        # (a word of the scene no sentence of the context says, "made worse", no source can state; a compound name,
        # "data.gov.uk", is what the scene is about: unsaid, no sentence of the context states the scene)
        compound = {t for w in asked.scene_of_one.split() if COMPOUND.search(w) for t in terms_of(w)}
        total = sum(words.rarity(t) for t in scene if t in words.df or t in compound) or 1.0
        # (a word the scene joins by a hyphen is said by its pieces, in a sentence or what it sits under: "high traffic
        # rate alert" says "high-traffic alert")
        said = with_joined([t | u for t, u in zip(words.texts, words.under)], asked.question,
                           [f"{s.text} {s.context}" for s in sentences])
        # (and a word clipped, "sub" of "substitute")
        said = [held | clipped_in(s.text, asked.question) for held, s in zip(said, sentences)]
        # (what the answer's documents state of the scene is what one of their sentences says of it: minutes that say
        # "budget" in one item and "compiler ops" in another do not state that the budget has a line for compiler ops)
        answered = max((scene & said[i] for i, s in enumerate(sentences) if s.doc_id in answer_docs),
                       key=lambda held: (sum(words.rarity(t) for t in held), sorted(held)), default=set())
        # (a word the scene says only as its verb, "starting on the same day", is how it tells, not what it tells of:
        # a sentence adding only such words, "Investigation … started", restates nothing of the scene)
        telling = said_as_verbs(asked.scene_of_one)
        best, best_key = None, (BRIDGE, 0.0)
        for i, s in enumerate(sentences):
            if s.doc_id in answer_docs:
                continue
            held = scene & said[i]
            added = held - answered
            if added <= telling:
                continue
            gain = sum(words.rarity(t) for t in added) / total
            coverage = sum(words.rarity(t) for t in held) / total
            # (one word added is chance, "whether the server …" in a page about something else, unless the sentence
            # restates the scene)
            # (of equal gains, the one stating more of the scene: the budget's "Compiler ops" row, not a header line of
            # minutes under "Council budget planning 2024")
            if (gain, coverage) >= best_key and coverage >= BRIDGE_COVERAGE \
                    and (len(added) > 1 or coverage >= BRIDGE_ONE_WORD):
                best, best_key = s, (gain, coverage + 1e-9)  # the first (best-ranked) of equals
        return best

    def named_documents(self, asked: AskedQuestion, sentences: list[Sentence], answer_docs: set[str],
                        words: "ContextWords | None" = None, answer_sentences: tuple[Sentence, ...] = ()) -> list[Sentence]:
        """The documents of the context the question names by their title (`ContextWords.titled`) that the answer's
        own documents are not: the answer was reached through them. For each, its sentence that covers most of the
        question, to quote."""
        if not sentences:
            return []
        words = words or ContextWords(sentences)
        question = set(asked.topic)
        out = []
        answered = [words.titles.get(d, set()) for d in answer_docs]
        # (a name only the opening statement gives is what the statement is about: whether the answer is chained
        # through what it says is the bridge's question, `bridge`)
        stated = " ".join(p.text for p in asked.parts)
        for doc in words.titled(tuple(n for n in asked.named if n in stated or n not in asked.scene)):
            # An answer's own document may bear the name as well ("Any Stack Buildpacks" for "Stack Buildpacks").
            if doc in answer_docs or any(words.titles[doc] <= a for a in answered):
                continue
            # The answer's sentence that names the document by its id ("Supersedes: …/0022-client-side-….md") states
            # the answer's link to it itself: no chain through it. (Of a question of several parts, another part may be
            # about that document — "which command did that RFC propose, and which RFC replaced it" — and rest on it.)
            if len(asked.parts) == 1 and any(doc in words.named_by(s.text) for s in answer_sentences):
                continue
            held = [(sum(words.rarity(t) for t in words.texts[i] & question), -i)
                    for i, s in enumerate(sentences) if s.doc_id == doc and not s.from_fact]
            if held:
                out.append(sentences[-max(held)[1]])
        return out

    def pointing_to_answer(self, asked: AskedQuestion, sentences: list[Sentence], answers: list[PartAnswer],
                           cited: set[str], words: "ContextWords") -> list[Sentence]:
        """For each document the question names by its id and the answer does not cite, its first sentence that
        names, by id, a document the answer gives ("… are specified in ADR-58" in ADR-8, for "which ADR now holds the
        items that used to be in ADR-8"): a second source that states the answer."""
        given = {words.named_document[a.filler] for a in answers if a.filler in words.named_document}
        out: list[Sentence] = []
        for doc in sorted(words.named_by(asked.question) - cited):
            out += [s for s in sentences if s.doc_id == doc and not s.from_fact and given & {
                words.named_document.get(n[2]) for m in ID_REFERENCE.finditer(s.text)
                for n in words.documents_named([(0.0, 0, m.group(0))])}][:1]
        return out


NEGATED_WORD = re.compile(r"\b(?:not|n't|never)\s+([a-z]{3,})\b", re.IGNORECASE)  # "not sure": the word negated
UN_WORD = re.compile(r"\bun-?([a-z]{3,})\b", re.IGNORECASE)  # "unsure", "un-reviewed": a word "un-" negates
# "fast-ingest", "high-level": words joined by hyphens, or a count and what it counts ("100-image"); not a name or an
# address ("#lamp-crew", "0003-lamp-rota.md")
HYPHENATED = re.compile(r"(?<![\w#@/.`_-])(?:[A-Za-z]+|\d+)(?:-[A-Za-z]+)+(?![\w/.`_-])")
HANDLE = re.compile(r"@?[a-z][a-z0-9]{3,}")  # a user name written in lower case: "ehuss", "@eholk"
ACRONYM = re.compile(r"[A-Z]{2,5}")  # "IC", "SME": a name written by its initials
CAPITALISED_NAME = re.compile(r"\b[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+){1,4}\b")  # "Incident Commander"
TITLE_ADDED = re.compile(r"\s*\([^()]*\)$")
POINTED = re.compile(r"\b(?:that|this|these|those)(?:\s+same)?\s+[\w-]+", re.IGNORECASE)  # "that team": said before


DAY_TITLE = re.compile(r"^[\w\s'-]*?\b([A-Za-z]{3,})\s+\d{4}-\d{2}-\d{2}\s*$")  # "Council meeting 2024-10-11"
KIND_PLURAL = re.compile(r"[A-Z]{2,}s")  # "RFCs", "ADRs": the plural of an acronym
OPENING_LINES = 12  # where a document's own record is
NAME_LABELS = ("name", "title")  # a record's field saying what the record is called


def _kind_heading(context: str) -> tuple[str, str] | None:
    """A heading of two words naming a kind of a thing ("External Communication"): the first word's stem and the
    noun as written (not its stem: "Deprecation Note" is no "not"); None for any other heading."""
    words = re.findall(r"[A-Za-z]+", context.split(TITLE_SEPARATOR)[-1].split(SECTION_SEPARATOR)[-1])
    return (stem(words[0]), words[1].lower()) if len(words) == 2 and words[0].lower() not in FUNCTION_WORDS else None


def _kinds_named(part: AskedPart) -> dict[str, set[str]]:
    """Each word of the part as written → the stems of the part's own words right before it ("internal" of
    "internal communication")."""
    asked = re.findall(r"[A-Za-z]+", part.text)
    out: dict[str, set[str]] = {}
    for before, after in zip(asked, asked[1:]):
        if (own := stem(before)) in part.terms:
            out.setdefault(after.lower(), set()).add(own)
    return out


def _another_kind(heading: tuple[str, str] | None, kinds_named: dict[str, set[str]], part: AskedPart,
                  said: set[str]) -> bool:
    """The heading right above a sentence (`_kind_heading`) names another kind of the thing the part asks about:
    "External Communication" where the part says "internal communication". The sentence is about that other kind,
    unless it says the part's own words itself ("Communicate internally only once …")."""
    if heading is None or heading[0] in part.terms:
        return False
    modifier, noun = heading
    return any(own != modifier and not {own, stem(noun)} <= said for own in kinds_named.get(noun, ()))


def _any_field(label: str) -> bool:
    return True


def _record_name(text: str, fields: dict[str, str] | None = None) -> str:
    """The `Name:` (or `Title:`) field of a record's sentence ("Name: X; Status: Y" → "X"); "" if none."""
    fields = record_fields(text) if fields is None else fields
    return next((value for label, value in fields.items() if label.lower() in NAME_LABELS), "")


def _record_named_by(text: str, given: set[str], asked_field) -> str:
    """The name of the record (its `Name:` field) one of whose asked fields (`asked_field(label)`) says every word of
    `given` in its value ("Upstream: TimescaleDB; RabbitMQ"); "" otherwise, and where the name says one of them."""
    fields = record_fields(text)
    name = _record_name(text, fields)
    if not name or given & set(terms_of(name)):
        return ""
    return name if any(asked_field(label) and given <= set(terms_of(value)) for label, value in fields.items()) else ""


def _asked_values(text: str, asked_field) -> str:
    """The values of a record's fields the part asks (`asked_field(label)`), with what the record is of — its first
    field (a table row's key, "Level: BEAM-2") and its name — together; "" where it gives no asked field."""
    fields = record_fields(text)
    asked = [value for label, value in fields.items() if asked_field(label)]
    return "; ".join([next(iter(fields.values())), _record_name(text, fields), *asked]) if asked else ""


def _dated(sentences: list[Sentence], index: int) -> tuple[int, Filler] | None:
    """The date a document's own record gives where it opens ("Date: 2022-09-22"), of the document of the sentence at
    `index`: its sentence's index and the date; None where the context holds none."""
    doc = sentences[index].doc_id
    for i, s in enumerate(sentences):
        if s.doc_id == doc and s.line <= OPENING_LINES and (field := FIELD.match(s.text)) \
                and "date" in shape_kinds(value := field.group(2).strip()):
            return i, Filler(value)
    return None


@lru_cache(maxsize=1 << 10)
def said_as_verbs(text: str) -> frozenset[str]:
    """The terms of `text` it uses only as verbs (by the trained parse): "went", "start" of "Metrics went missing
    starting on the day …"."""
    doc = parse_all([text])[0]
    verbs = {t for token in doc if token.pos_ == "VERB" for t in terms_of(token.text)}
    return frozenset(verbs - {t for token in doc if token.pos_ != "VERB" for t in terms_of(token.text)})


@lru_cache(maxsize=1 << 12)
def date_words(text: str) -> frozenset[str]:
    """The words of each day a text writes as digits, as a sentence would write it ("2024-09-27": "september", "2024",
    "27"). (Memoized: a document's title is read for each of its sentences.)"""
    if "-" not in text:
        return frozenset()
    return frozenset(w for day in ISO_DATE.findall(text) if 1 <= int(day[5:7]) <= 12
                     for w in terms_of(f"{MONTHS[int(day[5:7]) - 1]} {day[:4]} {int(day[8:10])}"))


def with_days(under: list[set[str]], sentences: list[Sentence], question: str) -> list[set[str]]:
    """What each sentence sits under, with the words of a date the question writes ("3 August 2023", "September
    2024") that the sentence or its title writes as digits ("2023-08-03", the minutes' own title)."""
    asked = {t for m in WORD_DATE.finditer(question) for t in terms_of(m.group(0))}
    if not asked:
        return under
    return [words | (asked & date_words(f"{sentence.context} {sentence.text}")) for sentence, words in zip(sentences, under)]


def with_figures(under: list[set[str]], sentences: list[Sentence], scene: str) -> list[set[str]]:
    """What each sentence sits under, with the words of the question's opening statement where a sentence of its
    section says a figure the statement gives: that section discusses what the statement says ("The 2024 budget
    reserves $80,000 for project grants": the minutes' section asking to "approve the proposed $80,000 for these
    grants" is where that money is discussed, and its "We have four candidates that we would like to fund at $20,000"
    says whom it funds)."""
    figures = {f.strip() for f in FIGURE.findall(scene)}
    if not figures:
        return under
    sections = {(s.doc_id, s.context) for s in sentences if not s.from_fact
                and figures & {f.strip() for f in FIGURE.findall(s.text)}}
    if not sections:
        return under
    words = set(terms_of(scene))
    return [u | words if (s.doc_id, s.context) in sections else u for s, u in zip(sentences, under)]


JOINERS = re.compile(r"(?<=\w)[-_.](?=\w)")  # what joins the words of a compound name: "build-tracker", "go_env"


@lru_cache(maxsize=1 << 12)
def clipped_in(text: str, question: str) -> frozenset[str]:
    """The stems of the question's words that a word of the text clips ("sub" of "substitute", "info" of
    "information"): the word's letters begin the question's word, and are at least `CLIPPED` of them."""
    asked = {w.lower() for w in NAME_WORD.findall(question) if len(w) > CLIPPED and w.isalpha()}
    return frozenset(stem(q) for w in NAME_WORD.findall(text.lower())
                     if len(w) >= CLIPPED and w.isalpha() and w not in FUNCTION_WORDS
                     for q in asked if q.startswith(w) and len(q) > len(w))


def closed_compounds(question: str) -> dict[str, tuple[str, set[str]]]:
    """Each two words of the question written as one ("time zones" → "timezon"): its whole stem, its cut stem, and the
    two words' stems."""
    words = re.findall(r"[A-Za-z]+", question)
    return {whole: (stem(whole), pieces) for a, b in zip(words, words[1:])
            if len(pieces := set(terms_of(f"{a} {b}"))) == 2 and (whole := whole_stem(a + b))}


def with_joined(texts: list[set[str]], question: str, written: list[str]) -> list[set[str]]:
    """Each sentence's words (`written`: the sentences) with each word the question joins by a hyphen whose pieces the
    sentence says: "Image count" says "image-count", "fast ingest" says "fast-ingest" (the pieces are no words of the
    question of their own: "ingest" alone is not it); and with each word of the question that is a piece of a word
    the sentence joins ("a high-level knowledge" says what "what level of knowledge" asks); and with each word the
    question negates that the sentence negates by "un-" ("unsure" says "not sure"); and with two words the question
    writes apart that the sentence writes as one ("timezone" says "time zones")."""
    joined = {stem(w): pieces for w in HYPHENATED.findall(question)
              if len(pieces := set(terms_of(w.replace("-", " ")))) > 1}
    closed = closed_compounds(question)
    asked = set(terms_of(question))
    negated = {stem(m.group(1)) for m in NEGATED_WORD.finditer(question)} & asked
    out = []
    for t, text in zip(texts, written):
        pieces = {p for w in HYPHENATED.findall(text) for p in terms_of(w.replace("-", " "))} & asked if "-" in text else set()
        unsaid = {w for m in UN_WORD.finditer(text) if (w := stem(m.group(1))) in negated} if negated else set()
        # (written as one word, not joined: "build-tracker" is said by the pieces rule above, where it applies)
        one_word = {p for whole, (cut, both) in closed.items() if cut in t
                    and whole in terms_of(JOINERS.sub(" ", text), whole=True) for p in both}
        out.append(t | pieces | unsaid | one_word | {w for w, parts in joined.items() if parts <= t})
    return out


def document_words(sentences: list[Sentence], numbers: set[str], titles: Iterable[str] = (),
                   shorts: Iterable[str] = ()) -> set[str]:
    """What the context's documents are called, as ids show it: "ADR" of ADR-36, "RFC" of "RFC 0045" where that
    reference is to a document of the context (`numbers`: their numbers) or links to a document of its number; or as
    a sentence calls one by its title and an acronym after it ("the 2023H1 Roadmap RFC", of the 2023H1 Roadmap); or as
    a title names one by its day ("meeting" of "Council meeting 2024-10-11")."""
    named = sorted({re.escape(title) for title in titles if title})
    titled = re.compile(r"(?i:\b(?:" + "|".join(named) + r"))\s+([A-Z]{2,6})\b") if named else None
    return {stem(m.group(1)) for doc in {s.doc_id for s in sentences} if (m := ID_PREFIX.match(doc))} \
        | short_id_words(sentences, shorts) | {
        stem(m.group(1)) for title in titles if title and (m := DAY_TITLE.match(title))} | {
        stem(m.group(1)) for s in sentences for m in ID_REFERENCE_BRACKETED.finditer(s.text)
        if str(int(m.group(2))) in numbers | {str(int(n.group(1))) for f in s.links if (n := ID_NUMBER.search(f))}} | {
        stem(m.group(1)) for s in sentences if titled is not None for m in titled.finditer(s.text)}


def short_id_words(sentences: list[Sentence], shorts: Iterable[str]) -> set[str]:
    """Where the context's documents are named by short ids (`shorts`: "a33" of A33-fault-injection.md): the acronym
    its sentences write right before an id of that series ("gRFC" of "gRFC A105"), what the corpus calls them."""
    series = short_id_series(shorts)
    return {stem(m.group(1)) for s in sentences for m in WORD_BEFORE_SHORT_ID.finditer(s.text)
            if m.group(2).rstrip("0123456789").lower() in series} if series else set()


def context_titles(sentences: list[Sentence]) -> dict[str, str]:
    """Each retrieved document's title (its passages sit under "title — section"), or the name its own record gives
    where it opens ("Name: Pack Register Buildpack; Start Date: …"), where its headings give only its file name's
    words ("pack publish buildpack")."""
    titles = {s.doc_id: s.context.split(TITLE_SEPARATOR)[0] for s in reversed(sentences) if not s.from_fact}
    for s in sorted(sentences, key=lambda s: -s.line):
        if not s.from_fact and s.line <= OPENING_LINES and (name := _record_name(s.text)):
            titles[s.doc_id] = name
    return titles


def _written(text: str) -> set[str]:
    """The words of a text as ids are written (letters and digits), in lower case: what `ContextWords.id_words` match."""
    return {w.lower() for w in re.findall(r"[A-Za-z0-9]+", text)}


def field_labels(sentences: list[Sentence], fields: list[list[str]] | None = None) -> set[str]:
    """The words the sentences use as labels: of each "Label: value" field ("Owner: @ana", "Steward: the person who
    …"), its label's words. `fields`: each sentence's labels (`field_labels_of`), where the caller has them."""
    fields = fields if fields is not None else [field_labels_of(s.text) for s in sentences]
    return {t for labels in fields for label in labels if len(label.split()) <= LABEL_WORDS for t in terms_of(label)}


class ContextWords:
    """The words of a context's sentences: each sentence's own, what it sits under (its document's title, section
    and id: "ADR-53" is an ADR), what each document is about, and how rare each word is in this context."""

    def __init__(self, sentences: list[Sentence]):
        self.written = [s.text for s in sentences]
        # (the days each document's title gives: minutes are called by their day)
        self.title_days = {s.doc_id: days_written(s.context.split(TITLE_SEPARATOR)[0]) for s in sentences
                           if not s.from_fact}
        # (a key-value table's record says its key column's header too: "Status" of "Draft: …; In Review: …"; and a
        # list item, the label of the item it is nested under: "Leads" of "- **Leads:**" ⏎ "  - Petr Muller")
        self.texts = [set(terms_of(f"{s.text} {s.keys} {s.label}")) for s in sentences]
        self.under = [set(terms_of(f"{s.context} {_file_words(s.doc_id)} {s.scope} {s.topic}")) - t
                      for s, t in zip(sentences, self.texts)]
        # The words of the heading each sentence sits right under (its innermost section, else its document's title).
        self.headings = [set(terms_of(s.context.split(TITLE_SEPARATOR)[-1].split(SECTION_SEPARATOR)[-1])) - t
                         for s, t in zip(sentences, self.texts)]
        # Each sentence's section path below its document's title.
        self.sections = [s.context.split(TITLE_SEPARATOR, 1)[1].split(SECTION_SEPARATOR) if TITLE_SEPARATOR in s.context
                         else [] for s in sentences]
        # The heading right above a sentence where it names a kind of a thing in two words ("External Communication").
        self.kind_heading = [_kind_heading(s.context) for s in sentences]
        # The kind of question the heading right above a sentence asks, where it asks one of a kind ("Who are they?",
        # "Why have one?", "When is the mirror used?"): the section answers it. ("What …?" and "Which …?" ask of any
        # thing: such a heading says no more than its words.)
        self.heading_asks = [m.group(1).lower() if path and (m := HEADING_QUESTION.match(path[-1])) else ""
                             for path in self.sections]
        # What a document of the context is about: every word of its retrieved sentences and what they sit under
        # ("Production: 90 days" is about Logit's GOV.UK logs when its page says so elsewhere).
        self.by_doc: dict[str, set[str]] = {}
        for s, t, u in zip(sentences, self.texts, self.under):
            # (and its own id, written whole: ADR-8 is about "ADR-8"; and the month and year of the day its title
            # writes as digits: minutes titled "2024-09-27" are about September 2024)
            self.by_doc.setdefault(s.doc_id, set(terms_of(s.doc_id))).update(t | u, date_words(
                s.context.split(TITLE_SEPARATOR)[0]))
        # How rare a word is among the context's sentences, a text said alike in several documents (a template's row,
        # "| Author | @ana |", that the graph's facts bring from each document using it) counted once.
        self.df: dict[str, int] = {}
        distinct: dict[str, set[str]] = {}
        for s, t, u in zip(sentences, self.texts, self.under):
            distinct.setdefault(" ".join(re.findall(r"\w+", s.text.lower())), set()).update(t | u)  # (spacing aside)
        for words in distinct.values():
            for term in words:
                self.df[term] = self.df.get(term, 0) + 1
        self.n = len(distinct)
        # What a sentence leading into a list says ("The admins will aim to handle requests in these time frames:")
        # is said of each item below it ("- Repository requests should be answered within 72 hours"), as a heading is
        # (after the counts: the words it lends are not said again). `led` keeps them apart: words every item shares
        # tell none of them from the others, and are no item's own word for what a part asks ("… among client authors,
        # for these reasons:" does not make each reason below it say who authored).
        self.led: list[set[str]] = [set() for _ in sentences]
        for i, s in enumerate(sentences):
            if s.text.endswith(":") and not s.from_fact:
                for j in range(i + 1, i + 1 + len(_led_into(sentences, i))):
                    self.led[j] |= self.texts[i] - self.texts[j] - self.under[j]
                    self.under[j] |= self.led[j]
        self.fields = [field_labels_of(s.text) for s in sentences]  # each sentence's field labels
        self.labels = field_labels(sentences, self.fields)
        # A field of one label heading a section ("## External communication ⏎ Delegate to: Marketing") is said of
        # the whole section: what its sentences say, the field sits under, for a part its label answers.
        section: dict[tuple[str, str], set[str]] = {}
        first: dict[tuple[str, str], int] = {}
        for i, (s, t) in enumerate(zip(sentences, self.texts)):
            if not s.from_fact:
                section.setdefault((s.doc_id, s.context), set()).update(t)
                if (s.doc_id, s.context) not in first or s.line < sentences[first[(s.doc_id, s.context)]].line:
                    first[(s.doc_id, s.context)] = i
        self.headed = {i: (set(terms_of(" ".join(self.fields[i]))), section[key] - self.texts[i])
                       for key, i in first.items() if len(self.fields[i]) == 1}  # its label's words, its section's
        self._about: dict[tuple[str, tuple[str, ...]], set[str]] = {}
        self._spelled: dict[str, str] | None = None  # acronym → the one name the context spells it out by
        self._handles: dict[str, str] | None = None  # user name ("ehuss") → the one name the context writes it of
        self.title_of = context_titles(sentences)
        self.titles = {doc: set(terms_of(title)) for doc, title in self.title_of.items()}
        # What the documents are called, as ids show it: "ADR" of ADR-36, "RFC" of "RFC 0045"; each document's number.
        # (a reference counts where it is to a document of the context: "RFC 0045" to 0045-launcher-arguments.md,
        # not "RFC-143" of a series the corpus does not hold; or where it links to a document of its number, in the
        # context or not: "[RFC-0022](…/0022-client-side-buildpack-registry.md)")
        self.numbers = {doc: str(int(m.group(1))) for doc in self.title_of if (m := ID_NUMBER.search(doc))}
        self.named_document: dict[str, str] = {}  # a document answer ("RFC 0045 (launcher arguments)") → that document
        # The words of each document's id (its file name) that no other document's id has: "2023h1", "0118", and a word
        # ("winter" of 0007-winter-rota.md) that no other document of the context says either ("mixin" of
        # 0061-relax-mixin-contract.md, in a context about mixins, names no one document).
        ids = {doc: _written(doc.rsplit(".", 1)[0]) for doc in self.title_of}
        shared = Counter(w for words in ids.values() for w in words)
        self.id_words = {doc: {w for w in words if shared[w] == 1 and (any(c.isdigit() for c in w) or not any(
            stem(w) in said for other, said in self.by_doc.items() if other != doc))} for doc, words in ids.items()}
        # What each sentence names another document of the context by a word of its id with a digit is called: a
        # sentence saying "Supersedes: TT 0012" is about the Spring Tide Table.
        digits = {doc: {w for w in words if any(c.isdigit() for c in w)} for doc, words in self.id_words.items()}
        self.cited: list[set[str]] = []
        for s in sentences:
            said = _written(s.text) if not s.from_fact else set()
            self.cited.append({t for doc, words in digits.items() if doc != s.doc_id and words & said
                               for t in self.titles.get(doc, ())})
        # (the short ids the context's documents' file names open with: "a27" → A27-xds-global-load-balancing.md)
        self.short_ids = short_ids({s.doc_id: s.doc_id for s in sentences})
        self.short_series = short_id_series(self.short_ids)
        self.document_words = document_words(sentences, set(self.numbers.values()), self.title_of.values(), self.short_ids)

    def section_doer(self, index: int, question_terms: set[str], kind: set[str] | None = None) -> Filler | None:
        """The name the sections above a sentence are for ("Incident Commander" of "Steps for Incident Commander",
        "Internal Liaison" of "Internal Liaison › What are the responsibilities?"), innermost first, where the context
        says that name in a sentence of its own (a heading's name no sentence uses, "Action Items", is a section's,
        not someone's) and the question does not; with `kind`, a name saying one of those words ("Liaison")."""
        path = self.sections[index]
        for heading in reversed(path):
            for name in reversed(named_in(heading)):
                words = set(terms_of(name))
                # (a quoted agenda item, "Schedule time for project director elections 2024", is no one's name)
                if words and looks_like_name(name) and not words <= question_terms \
                        and any(words <= text for text in self.texts) and (not kind or words & kind):
                    return Filler(name)
        return None

    def called(self, name: str) -> list[str]:
        """The documents of the context whose title or file name says every word of a name of two words or more."""
        named = set(terms_of(name))
        return [doc for doc, title in self.titles.items() if len(named) >= 2
                and named <= title | set(terms_of(_file_words(doc)))]

    def titled(self, names: tuple[str, ...]) -> list[str]:
        """The documents of the context that one of the names calls by its title: the name says most of a title of
        two words or more, by rarity ("the Remove Shell Processes RFC")."""
        named = [set(terms_of(name)) for name in names]
        return [doc for doc, title in self.titles.items() if len(title) >= 2 and max(
            (sum(self.rarity(t) for t in title & name) for name in named), default=0.0)
            >= TITLE_NAMED * sum(self.rarity(t) for t in title)]

    def scene_titled(self, scene: str) -> list[str]:
        """The documents a question's opening statement calls by their whole title, their number aside ("two ADRs
        titled Multi-cluster": "21. Multi-cluster" and "36. Multi-cluster")."""
        return [doc for doc, title in self.title_of.items() if (whole := TITLE_NUMBER.sub("", title).strip())
                and re.search(rf"(?<!\w){re.escape(whole)}(?!\w)", scene, re.IGNORECASE)]

    def asks_document(self, part: AskedPart, scene: str) -> bool:
        """Whether the part asks for a document: its noun (for "which one", the scene's plural noun) is the word the
        context's documents are called by, as their ids show it ("ADR" of ADR-36, "RFC" of "RFC 0045")."""
        nouns = set(terms_of(part.noun))
        if not nouns and ONE_OF.match(part.text):
            nouns = {stem(w) for w in re.findall(r"\b[A-Za-z]+s\b", scene)}
        return bool(nouns & self.document_words)

    def documents_named(self, found: list[tuple[float, int, str]]) -> list[tuple[float, int, str]]:
        """The fillers that name a document: by a title of the context, or by an id ("RFC 0045", "ADR-37"), then
        with its title where the context holds that document ("RFC 0045 (launcher arguments)")."""
        out = []
        for score, i, filler in found:
            # (a title its sentence writes after a document's short id, "gRFC A27: xDS-based Global Load Balancing")
            after = re.search(rf"{SHORT_ID_IN_TEXT.pattern}\s*:?\s*{re.escape(filler)}", self.written[i]) \
                if self.short_ids else None
            if after and (doc := self.short_ids.get(after.group(1).lower())):
                out.append((score, i, self.document_of(doc)))
                continue
            words = set(terms_of(filler))
            titled = [d for d, title in self.titles.items() if words and words == title]
            if titled:  # a document named by its title ("Relax Mixin Contract")
                out.append((score, i, self._names(f"{titled[0]} ({self.title_of[titled[0]]})", titled[0])))
                continue
            numbers = {str(int(n)) for n in re.findall(r"\d+", filler)}
            if not ID_REFERENCE.search(filler) and not ID_IN_TEXT.search(filler):
                # "#04 (rfc process)": a number said with the title of the one document of the context that has both
                docs = [d for d, n in self.numbers.items() if n in numbers and self.titles.get(d) and self.titles[d] <= words]
                if len(docs) == 1:
                    out.append((score, i, self._names(f"{docs[0]} ({self.title_of[docs[0]]})", docs[0])))
                continue
            docs = [d for d, n in self.numbers.items() if n in numbers and _prefix_said(d, filler)]
            if len(docs) != 1:
                out.append((score, i, filler))
                continue
            # (as the sentence writes it where it gives the title after the id: "ADR-30 Subject Transform")
            title = self.title_of[docs[0]]
            written = re.search(rf"{re.escape(filler)}\s+{re.escape(title)}(?!\w)", self.written[i], re.IGNORECASE)
            out.append((score, i, self._names(written.group(0) if written else f"{filler} ({title})", docs[0])))
        return out

    def referenced_near(self, sentences: list[Sentence], index: int, excluded: set[str]) -> list[tuple[float, int, str]]:
        """The document another sentence of the same section refers to by its id, nearest first: where a passage
        says what is asked of a document and defers to another one for it ("See ADR-30 Subject Transform for …")."""
        here = sentences[index]
        near = sorted((abs(s.line - here.line), j) for j, s in enumerate(sentences)
                      if j != index and s.doc_id == here.doc_id and s.context == here.context and not s.from_fact)
        for _, j in near:
            for m in ID_REFERENCE.finditer(sentences[j].text):
                named = self.documents_named([(0.0, j, m.group(0))])
                doc = self.named_document.get(named[0][2]) if named else None
                if named and doc not in excluded and not (doc is None and m.group(0) == here.doc_id):
                    return named
        return []

    def _names(self, answer: str, doc_id: str) -> str:
        self.named_document[answer] = doc_id
        return answer

    def document(self, sentence: Sentence) -> str:
        """A sentence's own document, as an answer: its id and title."""
        return self.document_of(sentence.doc_id)

    def document_of(self, doc_id: str) -> str:
        """A document of the context, as an answer: its id and title."""
        return self._names(f"{doc_id} ({self.title_of.get(doc_id, doc_id)})", doc_id)

    def named_by(self, text: str, identifiers: bool = False) -> set[str]:
        """The documents of the context a text names by a word of their id that no other document's id has
        ("2023H1" of 0118-2023H1-roadmap.md, "0118"), written whole; with `identifiers`, only by one with a digit."""
        said = {w for w in _written(text) if not identifiers or any(c.isdigit() for c in w)}
        return {doc for doc, words in self.id_words.items() if words & said}

    def called_by_number(self, text: str) -> set[str]:
        """The documents of the context a text calls by the context's kind of document and a number ("ADR 39", "RFC
        (0022)"), whatever their ids look like (039-AWS-Network-Firewall.md)."""
        numbers = self.numbers_called(text)
        return {doc for doc, number in self.numbers.items() if number in numbers}

    def numbers_called(self, text: str) -> set[str]:
        """The numbers a text calls documents by, with the context's kind of document ("RFC 0045": "45"), whether the
        context holds those documents or not."""
        return {str(int(m.group(2))) for m in ID_REFERENCE_BRACKETED.finditer(text) if stem(m.group(1)) in self.document_words}

    def numbers_written(self, text: str) -> set[str]:
        """The numbers a text calls documents of the context's series by, whether the context holds them or not: with
        the kind of document ("RFC 0045": "45"), or by a short id of the letters the context's file names open with
        ("A105", where they are named A27-…: "105")."""
        return self.numbers_called(text) | {str(int(token[len(letters):])) for token in SHORT_ID_IN_TEXT.findall(text)
                                            if (letters := token.lower().rstrip("0123456789")) in self.short_series}

    def called_by_day(self, text: str) -> set[str]:
        """The documents of the context whose title gives a day the text writes, however either writes it ("the 3
        August 2023 meeting" of minutes titled "2023-08-03")."""
        asked = days_written(text)
        return {doc for doc, days in self.title_days.items() if days & asked} if asked else set()

    def about(self, doc_id: str, names: tuple[str, ...] = ()) -> set[str]:
        """What a document is about; a name of two to five words (of `names`) counts where the document writes it by
        its initials ("CE" for "Cloud Engineering")."""
        key = (doc_id, names)
        if key not in self._about:
            held = self.by_doc.get(doc_id, set())
            self._about[key] = held | {t for name in names if 2 <= len(words := name.split()) <= 5
                                       and stem("".join(w[0] for w in words)) in held for t in terms_of(name)}
        return self._about[key]

    def spelled_out(self, filler: str) -> str | None:
        """The name an acronym stands for ("Incident Commander" for "IC"), where the context writes exactly one name of
        capitalised words with those initials; the name a handle is of ("Eric Huss" for "ehuss"), where the context
        writes exactly one name of two words whose first initial and last word, or whose two words, make it; None for
        anything else."""
        if HANDLE.fullmatch(filler):
            return self._handle_names().get(filler.lstrip("@").lower())
        if not ACRONYM.fullmatch(filler):
            return None
        if self._spelled is None:
            found: dict[str, dict[tuple[str, ...], str]] = {}  # acronym → each name by its stems ("Commanders" too)
            for name in self._capitalised_names():
                words = name.split()
                while words and words[0].lower() in FUNCTION_WORDS:  # ("The Incident Commander")
                    words = words[1:]
                if len(words) < 2:
                    continue
                names = found.setdefault("".join(w[0] for w in words), {})
                key = tuple(stem(w) for w in words)
                names[key] = min(names.get(key, " ".join(words)), " ".join(words), key=len)
            self._spelled = {acronym: next(iter(names.values())) for acronym, names in found.items() if len(names) == 1}
        return self._spelled.get(filler)

    def _handle_names(self) -> dict[str, str]:
        if self._handles is None:
            found: dict[str, set[str]] = {}
            for name in self._capitalised_names():
                words = name.split()
                if len(words) == 2:
                    first, last = (fold(w).lower() for w in words)
                    for handle in (first[0] + last, first + last):
                        found.setdefault(handle, set()).add(name)
            self._handles = {handle: next(iter(names)) for handle, names in found.items() if len(names) == 1}
        return self._handles

    def _capitalised_names(self) -> Iterator[str]:
        """Each name of capitalised words the context's sentences write ("Incident Commander", "Eric Huss")."""
        return (m.group(0) for text in self.written for m in CAPITALISED_NAME.finditer(text))

    def rarity(self, term: str) -> float:
        return math.log((self.n + 1) / (self.df.get(term, 0) + 0.5)) + 0.1


LIST_ITEM_WORDS = 3  # an item of a list of names or values: a few words
# A quoted item of a series ("cancelled", "internal" and "unavailable"), and what may stand between two of them
QUOTED_ITEM = re.compile(r"([\"`\u201c])([^\"`\u201c\u201d]{1,40})[\"`\u201d]")
SERIES_GAP = re.compile(r"\s*,?\s*(?:(?:and|or)\s+)?")


def _list_of(text: str, filler: str) -> str:
    """The list of short items a label gives that the filler is one of ("Chosen: r5.xlarge, r5.4xlarge, r5a.xlarge -
    for the main node group" → "r5.xlarge, r5.4xlarge, r5a.xlarge"), the series of quoted items it is one of ("`a`,
    `b` and `c`"), or the tags the listed names carry where it is one of them ("Gary Lee [AMER], Taras Yemets [EMEA]" →
    "AMER, EMEA"); "" when it is in none."""
    tags = list(dict.fromkeys(t.strip() for t in NAME_TAGS.findall(text)))
    if len(tags) > 1 and filler.strip() in tags:
        return ", ".join(tags)
    series: list[list[str]] = []  # quoted items with nothing but commas and a last "and"/"or" between them
    end = -1
    for m in QUOTED_ITEM.finditer(text):
        if series and SERIES_GAP.fullmatch(text, end, m.start()):
            series[-1].append(m.group(2))
        else:
            series.append([m.group(2)])
        end = m.end()
    if (quoted := next((items for items in series if len(items) > 1 and filler.strip(" `\"") in items), None)):
        return ", ".join(quoted)
    for value in re.split(r"(?<=\w):\s+", text)[1:]:
        value = re.split(r"\s+[-\u2013\u2014]\s+", value)[0].strip().rstrip(".")  # (a dash says what it is for)
        items = [item for item, _ in split_items(value)]
        if len(items) > 1 and filler.strip() in items and all(0 < len(item.split()) <= LIST_ITEM_WORDS for item in items):
            return ", ".join(items)
    return ""


def _glossed(gloss: re.Pattern, text: str) -> bool:
    """Whether a text says a relation in one of the vocabulary's glosses of it; words of the gloss written as a name
    ("the role of the Incident Commander") name a thing, they state no relation."""
    return any(len(words := text[m.start():m.end()].split()) < 2 or not all(w[:1].isupper() for w in words)
               for m in gloss.finditer(text.lower()))


def _instructed(doc) -> bool:
    """An instruction: the sentence opens with its main verb in the base form, with no subject ("Decide whether …",
    "Notify other teams …")."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return root is not None and root.i == 0 and root.tag_ == "VB" and not any(c.dep_ in ("nsubj", "nsubjpass")
                                                                              for c in root.children)


def _keyed(sentence: Sentence, part: AskedPart) -> bool:
    """Whether a plural part asks the values of the key column of the table the sentence is the record of ("what
    values can the Status field take" of "| Status | Description |")."""
    return part.plural and bool(sentence.keys) and bool(set(terms_of(sentence.keys)) & set(part.terms))


def _listed(sentences: list[Sentence], index: int, part: AskedPart) -> tuple[Sentence, ...]:
    """What a sentence that introduces a list of the asked things gives ("… for these reasons:" for "what is one
    reason …"): the items on the lines right below it, whole, as many as a reason's length holds; none for any other
    sentence. Where those lines are list items, each is its head: an item's further sentences and the paragraphs
    written under it explain it ("1. Cloud Platform is already serverless" over "The Cloud Platform itself is …")."""
    here = sentences[index]
    if not here.text.endswith(":"):
        return ()
    # (so does one that says a what-part's own condition again, "In the event that lazy consensus cannot be
    # reached:" for "what happens if lazy consensus can't be reached": what it leads into happens then; a date or a
    # number it gives itself is the answer to a part asking one)
    terms = set(part.terms) - ORDER_TERMS  # ("what did the newer one decide" says "decide" of its own)
    said = terms & set(terms_of(here.text))
    restates = part.slot == "thing" and len(said) >= min(LEAD_IN_TERMS, len(terms)) and len(said) * 2 >= len(terms)
    if part.slot != "reason" and not restates and not set(terms_of(part.noun)) & set(
            terms_of(" ".join(here.text.split()[-4:]))):
        return ()  # (a sentence that leads into a list gives no reason itself: its items do)
    below = _led_into(sentences, index)
    heads = [s for s in below if s.item] if below and below[0].item else below
    items: list[Sentence] = []
    for s in heads:
        if items and len("; ".join([t.text for t in items] + [s.text])) > MAX_REASON:
            break  # whole items only
        items.append(s)
    return tuple(items)


def _led_into(sentences: list[Sentence], index: int) -> list[Sentence]:
    """The sentences on the lines right below one that ends in ":" (its list, or its paragraph), in order."""
    here = sentences[index]
    below: list[Sentence] = []
    line = here.line
    for s in sentences[index + 1:]:
        if s.doc_id != here.doc_id or s.context != here.context or s.from_fact or not (
                line < s.line <= line + 2 or below and s.line == line):  # (the next line, or the same paragraph's)
            break
        below.append(s)
        line = s.line
    return below


def _sibling_id(sentence: Sentence, named_ids: dict[str, str], part: AskedPart) -> bool:
    """Whether a sentence names, instead of a record id the question names, another id of the same kind ("PIR-2025-03"
    for "PIR-2025-04"): it is about that other record — unless that kind is what the part asks for ("which ADR …"), or
    the sentence is the named record's own ("Related: ADR-002" in ADR-001)."""
    if not named_ids:
        return False
    ids = ID_IN_TEXT.findall(sentence.text)
    if not ids or any(i in named_ids for i in ids + ID_IN_TEXT.findall(sentence.doc_id)):
        return False
    asked = set(terms_of(part.noun))
    kinds = {p.group(1).lower() for i in ids if (p := ID_PREFIX.match(i))}
    return any(kind in kinds and stem(kind) not in asked for kind in named_ids.values())


def _same_paragraph(sentence: Sentence, after: Sentence) -> bool:
    """Two sentences of one paragraph (or list item) of a document, read from the document (not a graph fact)."""
    return (after.doc_id, after.paragraph, after.context) == (sentence.doc_id, sentence.paragraph, sentence.context) \
        and not sentence.from_fact and not after.from_fact


def _parallel(text: str, filler: str, other: str) -> tuple[str, str, str] | None:
    """Where `other` says of its subject what `text` says of `filler`, its own subject — the same main verb taking
    the same object ("X takes full ownership of managed instances", "Y took full ownership of all other duties"): that
    subject, and what each sentence's object is of ("managed instances"; "" where the object has no "of"); None
    otherwise."""
    found = [next((t for t in doc if t.dep_ == "ROOT"), None) for doc in parse_all([text, other])]
    roots = [r for r in found if r is not None and r.pos_ == "VERB"]
    if len(roots) < 2 or roots[0].lemma_ != roots[1].lemma_:
        return None
    objects = [[c for c in r.children if c.dep_ == "dobj"] for r in roots]
    if not objects[0] or [o.lemma_ for o in objects[0]] != [o.lemma_ for o in objects[1]]:
        return None
    subjects = [next((c for c in r.children if c.dep_ == "nsubj"), None) for r in roots]
    if subjects[0] is None or subjects[1] is None or filler not in " ".join(t.text for t in subjects[0].subtree):
        return None
    said = [t for t in subjects[1].subtree if t.dep_ != "det"]
    if not any(t.pos_ == "PROPN" for t in said):
        return None
    of = [next((" ".join(t.text for t in o.subtree) for p in obj[0].children if p.dep_ == "prep" and p.lower_ == "of"
                for o in p.children if o.dep_ == "pobj"), "") for obj in objects]
    return " ".join(t.text for t in said), of[0], of[1]


def _the_other(text: str, scene: str) -> set[str]:
    """The words of "the other <noun>" where the text says it of a noun the scene says "another" of ("another gRFC's
    feature" … "who authored the other gRFC": {"other", "grfc"}), pointing to the thing the scene introduces; none
    otherwise."""
    introduced = {stem(m.group(1)) for m in ANOTHER_NOUN.finditer(scene)}
    return {t for m in THE_OTHER_NOUN.finditer(text) if stem(m.group(1)) in introduced for t in terms_of(m.group(0))}


def _numbers_said(text: str) -> set[str]:
    """The numbers of the documents a text refers to, by id or file name ("RFC-0022", "…/0007-winter-rota.md")."""
    return {str(int(m.group(1))) for token in re.findall(r"[\w.-]+", text) if (m := ID_NUMBER.match(token))}


def _prefix_said(doc_id: str, text: str) -> bool:
    """The letters a document's id opens with ("ADR" of ADR-8), if any, are said in the text."""
    prefix = ID_PREFIX.match(doc_id)
    return prefix is None or prefix.group(1).lower() in text.lower()


def _variant(part: AskedPart, filler: str, other: str) -> bool:
    """Two spellings of one name, for a part asking for the one name of one thing ("what is the name of the exchange":
    `published_documents` here, `publishing_documents` there): two sources disagree. Two unlike names are more likely
    two things, each the answer to a question about itself; so are two names that differ in a number ("RFC 0045", "RFC
    0004")."""
    return (part.slot == "thing" and bool(part.noun) and not part.plural and not _common(filler) and not _common(other)
            and not any(c.isdigit() for c in filler + other) and fuzz.ratio(_value(filler), _value(other)) >= VARIANT)


def _value(text: str, part: AskedPart | None = None) -> str:
    """A value as compared with another: its words and numbers, whole, in lower case; a yes/no answer's yes or no."""
    if part is not None and part.slot == "polar":
        return text.split(TITLE_SEPARATOR, 1)[0]
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _file_words(doc_id: str) -> str:
    """A file name's words: "sig testing README md" of sig-testing--README.md."""
    return re.sub(r"[^A-Za-z0-9]+", " ", doc_id)


def _names_another(text: str, part: AskedPart, question_named: set[str]) -> bool:
    """The sentence names a thing of the kind a "which" part asks that the question does not name ("routed to SIG
    Testing" for "which SIG should it have gone to instead", of a question naming SIG K8s Infra)."""
    return bool(part.noun) and any(_of_kind(name, part) and not set(terms_of(_kind_word(part.noun).sub(" ", name)))
                                   <= question_named for name in named_in(text))


@lru_cache(maxsize=256)
def _kind_word(noun: str) -> re.Pattern:
    """The head of the noun a "which" part asks, as a word of its own ("Area Command" is no commander, "sigs.yaml" no
    SIG). (Cached: it is asked of every sentence.)"""
    return re.compile(rf"(?<![\w.-]){re.escape(noun.split()[-1])}s?(?![\w.-])", re.IGNORECASE)


def _of_kind(name: str, part: AskedPart) -> bool:
    """Whether a name is one of the kind the part asks for by its noun ("SIG K8s Infra" for "which SIG")."""
    return bool(part.noun) and bool(_kind_word(part.noun).search(name))


def _two_spellings(named: tuple[str, ...]) -> tuple[str, str] | None:
    """The two names a question gives that are two spellings of one ("Federico Muñoz", "Frederico Munoz"), if any."""
    pairs = [(fuzz.ratio(fold(a).lower(), fold(b).lower()), a, b) for n, a in enumerate(named) for b in named[n + 1:]
             if fold(a).lower() != fold(b).lower() and " " in a and " " in b]
    best = max(pairs, default=None)
    return (best[1], best[2]) if best is not None and best[0] >= VARIANT else None


def _same_one(spellings: tuple[str, str], sentences: list[Sentence]) -> tuple[str, Sentence, Sentence] | None:
    """Whether two spellings name one person or thing, by the lines that name each: two lines (a record's item, "Federico
    Muñoz (fsmunoz): SAS", or a sentence) of two sentences, each naming one spelling at least as well as the other, that
    give a word alike besides the name ("fsmunoz", "SAS") say yes, with both lines; None where no two lines do."""
    lines = [(i, line) for i, s in enumerate(sentences) for line in s.text.split("; ")]
    likeness = [(_names(line, spellings[0]), _names(line, spellings[1])) for _, line in lines]
    firsts = [(i, line) for (i, line), (a, b) in zip(lines, likeness) if a >= MENTIONS and a >= b]
    seconds = [(i, line) for (i, line), (a, b) in zip(lines, likeness) if b >= MENTIONS and b >= a]
    best: tuple[int, str, int, int] | None = None
    for i, a in firsts:
        for j, b in seconds:
            alike = _besides(a, spellings) & _besides(b, spellings) if i != j else set()
            if alike and (best is None or len(alike) > best[0]):
                best = (len(alike), f"yes — {a} and {b}", i, j)
    return (best[1], sentences[best[2]], sentences[best[3]]) if best is not None else None


def _names(line: str, name: str) -> float:
    """How like the name the line is where it is most like it (0–100), accents and case aside."""
    return fuzz.partial_ratio(fold(name).lower(), fold(line).lower())


def _besides(line: str, spellings: tuple[str, str]) -> set[str]:
    """The words a line gives besides the name (either spelling) and grammar words: what it says of whom it names."""
    name_words = {w for s in spellings for w in re.findall(r"\w+", fold(s).lower())}
    return {w for w in re.findall(r"\w+", fold(line).lower()) if w not in name_words and w not in FUNCTION_WORDS
            and len(w) > 1}
