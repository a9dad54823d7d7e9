"""What a question asks, part by part: the slot each part wants filled and the words that say what about.

A question may open with statements that set the scene ("The X design points to an earlier ADR.") and ask several
things ("Who wrote it, on what date, and what is its status?"). Each asked part gets a slot — the kind of answer:
a person (or team), a date, a number (with its unit), a version, a reason ("why", "on what grounds"), or a thing
named by the part's own noun ("which team", "which header") — read from English grammar (the wh-word, the noun it
determines) and, for that noun, by similarity with the slots' descriptions on the shipped embedding model; never from
a corpus's words. The words of the part weigh most in finding its sentence; the rest of the question (the scene,
the other parts) says what it is about. A part that points back ("it", "that team", "the same person") also takes the
answers of the parts before it.
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from ..language.english import (AUXILIARIES, EARLIER_WORDS, FUNCTION_WORDS, GENERIC_PERSONS, LATER_WORDS, LIGHT_VERBS,
                                NUMBER_WORDS, NUMBER_WORDS_ORDER, PERSONAL_POSSESSIVES, PERSONAL_PRONOUNS, QUANTIFIERS,
                                QUESTION_WORDS, RELATING_VERBS)
from ..corpus.ingest import ID_PREFIX
from ..language.text import YEAR, fold

SLOT_KINDS = ("person", "date", "number", "version", "reason", "thing", "polar")  # polar: a yes/no part
VALUE_KINDS = ("date", "number", "version")  # the slots a value of a shape fills, not a name
MAX_COUNT = 10  # "which twelve …": at most this many values are gathered for one part
# How each slot is described, for reading the noun a wh-word determines ("what size" → number, "which team" → person).
SLOT_DESCRIPTIONS = {
    "person": ("a person", "a team of people", "an author", "an owner", "someone responsible"),
    "date": ("a date", "a day", "a point in time", "a time of day"),
    "number": ("a number", "a quantity", "an amount", "a size", "a duration", "a limit", "a percentage", "a rate"),
    "version": ("a version", "a software release number"),
    "reason": ("a reason", "a cause", "grounds", "a rationale"),
}
PLACE_DESCRIPTIONS = ("a place", "a city", "a country", "a town", "a location")  # the kinds a place's name is of
SLOT_THRESHOLD = 0.6  # a noun (or its head word) this close to a slot's description names that slot …
SLOT_MARGIN = 0.05  # … when it is not nearly as close to another
WH = r"(?:who|whom|whose|what|which|when|where|why|how)"
PREPOSITION = r"(?:on|at|in|for|from|to|by|with|under|of|into|since|until|during|after|before)"
# A new asked part: ", and who …", " and on what date …", ": on what date …", "; what …"
_AUXILIARY = "(?:" + "|".join(sorted(AUXILIARIES)) + ")"
# the subject of a yes/no part after its auxiliary: a pronoun, or one someone counts ("can one person cover both")
_PRONOUNS = "it|they|he|she|this|that|these|those|there|one|anyone|someone"
_PRONOUN_SUBJECT = rf"(?:{_PRONOUNS})"
# … or a noun phrase, opened by its determiner ("do their defaults differ")
_SUBJECT_OPENING = rf"(?:{_PRONOUNS}|its|their|his|her|the|both)"
# ", and is it the same …", ", is anyone in that group barred …", "Since X runs Y, is it …": a yes/no question joined
# on, an auxiliary before its subject (or a phrase set before the next part's wh-word: ", and according to the
# terminology list, which agency …", ", and by default at most how many …")
PART_BREAK = re.compile(rf"(?:\s*[,;:]\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?=(?:{PREPOSITION}\s+)?{WH}\b)"
                        rf"|\s*,\s*(?:(?:and|or)\s+)?(?={_AUXILIARY}\s+{_SUBJECT_OPENING}\b)"
                        rf"|\s*,\s*(?:and|or)\s+(?=[^,;?]+,\s*(?:{PREPOSITION}\s+)?{WH}\b)"
                        rf"|\s*,\s*(?:and|or)\s+(?=(?:[a-z]+\s+){{1,4}}?{WH}\b)", re.IGNORECASE)
WORDS_BEFORE_WH = re.compile(rf"((?:[a-z]+\s+){{1,4}}?)(?={WH}\b)", re.IGNORECASE)
EMBEDDED_RELATIVE = re.compile(rf"\s*,\s*(?:which|who)\s+[^,;?]+?\s*,(?=\s+(?!(?:and|or|{WH})\b)[^,;?]+\?\s*$)",
                               re.IGNORECASE)
ONE_OF_THEM = re.compile(r"\s*(?:which|what)\s+(?:ones?|of\s+(?:them|these|those))\b", re.IGNORECASE)  # "which one"
# "how many", "how long", "how soon" …: the wh-phrase asks for a number or an amount of time, not a manner
HOW_AMOUNTS = ("many", "much", "long", "soon", "quickly", "fast", "often", "frequently", "old", "far", "big", "large")
# (an adverb may hedge the wh-word: "Roughly when …", "Exactly which …"; it asks nothing of the topic)
HEDGE = r"(?:[A-Za-z]+ly\s+)"
ASKS = re.compile(rf"\s*{HEDGE}?(?:{PREPOSITION}\s+)?({WH})\b(?:\s+({'|'.join(HOW_AMOUNTS)})\b)?", re.IGNORECASE)
SENTENCE_BREAK = re.compile(r"(?<=[.?!])(?<!\b[A-Z]\.)\s+(?=[A-Z\"'`])")  # not after an initial ("G. Freeney")
BACK_POINTER = re.compile(r"\b(?:it|its|they|them|their|he|she|him|his|her|that|this|those|these|same|earlier|later|"
                          r"previous|former|latter|one)\b", re.IGNORECASE)
# "its own", "their own": a possessive that, after a noun of the same part ("the platform … its own pipelines"), is
# that noun's, not an earlier answer's
REFLEXIVE_OWN = re.compile(r"\s+own\b", re.IGNORECASE)
OWN_ANTECEDENT = re.compile(r"\b(?:the|a|an)\s+\w+", re.IGNORECASE)
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@#/'+-]*[A-Za-z0-9]|[A-Za-z0-9]")


BRITISH_OUR = re.compile(r"(?<=[a-z]{2}[b-df-hj-np-tv-z])our$")  # "colour", "favour": British for "-or"


PLURAL_WHO = re.compile(r"\s*(?:\w+\s+)?who\s+(?:were|are)\b", re.IGNORECASE)  # "who were on it": more than one


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word folded for matching: lower case, an inflection dropped, cut to five letters ("authored" and "author",
    "lasts" and "last" meet). (Memoized: the reader stems the same words for every part of every question.)"""
    whole = whole_stem(word)
    return whole if _identifier(whole) else whole[:5]


@lru_cache(maxsize=1 << 16)
def whole_stem(word: str) -> str:
    """`stem` before the cut: "Commanders" is "commander", not the "command" five letters would make it."""
    word = word.lower().strip(".'")
    if _identifier(word):
        return word  # an identifier ("publishing_documents", "ADR-002", "2023H1") is a name, compared whole
    word = word.replace("-", "")  # a compound hyphenated or closed up is one word ("non-live" and "nonlive" meet)
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and word[-len(suffix) - 1].isalpha():
            if suffix == "es" and not word[:-2].endswith(("s", "x", "z", "ch", "sh")):
                suffix = "s"  # "fires" is "fire" + s; "fixes" is "fix" + es
            word = word[:-len(suffix)]
            break
    if len(word) > 3 and word.endswith("e") and not word.endswith("ee"):
        word = word[:-1]  # "fire", "fires", "fired" and "firing" meet
    return BRITISH_OUR.sub("or", word)  # "colour" and "color" meet ("hour", "your", "four" are no such word)


def _identifier(word: str) -> bool:
    return "_" in word or any(c.isdigit() for c in word)


@lru_cache(maxsize=1 << 12)
def term_set(text: str) -> frozenset[str]:
    """`terms_of` as a set, remembered: the chain step reads the same retrieved passages for every run of a question."""
    return frozenset(terms_of(text))


def terms_of(text: str, whole: bool = False) -> list[str]:
    """The content words of a text as stems, in order, without grammar words; accents off ("Søren" is "Soren").
    `whole`: stems not cut to five letters (`whole_stem`)."""
    return list(_terms(text, whole))


@lru_cache(maxsize=1 << 16)
def _terms(text: str, whole: bool) -> tuple[str, ...]:
    """`terms_of`, remembered: the reader reads the same sentences, headings and names again for every part, and the
    chain step reads a context before the composer reads it again."""
    out = []
    for token in TOKEN.findall(fold(text).replace("\u2019", "'")):
        low = token.lower()
        # (a contraction is its first word's: "it's" is "it", "PagerDuty's" is "PagerDuty"; "doesn't" a grammar word)
        if "'" in low:
            if low.endswith("n't"):
                continue
            token, low = token[:low.rindex("'")], low[:low.rindex("'")]
        if low in FUNCTION_WORDS or low in AUXILIARIES or low in QUESTION_WORDS or len(low) < 2 and not low.isdigit():
            continue
        out.append(whole_stem(token) if whole else stem(token))
    return tuple(out)


@dataclass(frozen=True)
class AskedPart:
    text: str
    wh: str  # the wh-word ("who", "what", …; "how many" as one), "" for a yes/no part
    slot: str  # one of SLOT_KINDS
    noun: str  # the noun the wh-word determines ("team" in "which team"), "" if none
    plural: bool  # the noun is plural ("which RFCs"): every filler of the best sentence answers
    terms: tuple[str, ...]  # the part's own content stems
    points_back: bool  # a pronoun or "that X" stands for an earlier part's answer
    predicate: tuple[str, ...] = ()  # the part's words that say what is asked of what it names (not the noun, not names)
    phrase: str = ""  # the part's own words after its wh-word, without the names: "signed off", "depend on"
    asks: tuple[str, ...] = ()  # stems of the words that say what it asks: its verb, or the noun "be" equates
    clause_terms: tuple[str, ...] = ()  # its terms said only inside a relative clause ("the system that X reads from")
    choices: tuple[str, ...] = ()  # the names it offers to choose from ("Stack Buildpacks or Stackless Buildpacks: which …")
    count: int = 0  # how many it asks for, where it says ("which two dates": 2)
    # It asks what someone does ("what is X expected to do with the alert"): the stems of what the doing is done to
    # ("alert"; empty where it does not say), else None.
    acted_on: tuple[str, ...] | None = None
    # It asks who or what does something to what it names ("who owns X", "which team approved X"): the stems of that
    # object (X). A sentence where X itself does something ("X runs on Y") does not answer it. Empty otherwise.
    done_to: tuple[str, ...] = ()
    # It asks what what it names does something to ("what does X depend on", "what does X use"): the stems of that
    # subject (X). A sentence where X is what something else does it to ("Y depends on X") does not answer it.
    done_by: tuple[str, ...] = ()
    # The name the asked noun is of ("Kyverno" in "which Helm chart version of Kyverno"): the stems of that name. What a
    # sentence gives is of something its document says: a version of another thing is no answer. Empty otherwise.
    of_name: tuple[str, ...] = ()
    # It asks about a thing it describes by a clause ("who owns the system that X depends on"): the question which thing
    # that is, and the part with `NESTED_SLOT` in its place (`nested_question`); ("", "") otherwise.
    nested: tuple[str, str] = ("", "")
    # It asks of one of several things a statement lists ("how many batches of each kind"): the words that tell that
    # thing from the others ("atomi" of "atomic batches"), which a sentence (or what it sits under) must say.
    each_of: tuple[str, ...] = ()
    # One of several things the question coordinates ("the amber and the red alert"): the words that tell it from the
    # others ("red"), one of which a sentence (or what it sits under) must say.
    told: tuple[str, ...] = ()
    # It asks whom or what its verb enlists to do another ("which role do I ask to page the on-call"): the stems of the
    # two verbs ("ask", "pag"; `enlisted`), else empty. A sentence that says either answers with who does the second.
    enlisted: tuple[str, ...] = ()
    # A yes/no part asking whether an earlier answer is the same thing as one it describes ("is it the same channel
    # that owns the X page"): the question that asks which one that is ("which channel owns the X page"); "" otherwise.
    same_as: str = ""
    # A first part asking which thing the question's opening statement describes ("… one specific role brings in extra
    # responders. Which role is that?"): the stems of the statement's clause about it, which the answer's sentence
    # restates; empty otherwise.
    describes: tuple[str, ...] = ()
    # … and that clause as the statement words it ("one specific role brings in responders"); for a yes/no part asked
    # of both of two things the statement names, the statement the part asks (`of_both`)
    description: str = ""
    # A why-part asking why one thing rather than another ("why inside its own VPC rather than through a central egress
    # VPC"): the stems of the alternative turned down that its own clause does not say, where the reason is given.
    alternative: tuple[str, ...] = ()
    # The asked noun names a kind of place ("which city"): a place's name answers before anything else the sentence
    # names.
    place: bool = False

    @property
    def of_named(self) -> bool:
        """It asks of things by their names alone: one of several it goes through ("each role": `each_of`), or two
        the opening statement names ("can one person cover both": a yes/no part's `description`)."""
        return bool(self.each_of) or self.slot == "polar" and bool(self.description)

    @property
    def asked_by(self) -> set[str]:
        """The words of its predicate that say what it asks ("stewa" of "who was the steward of X")."""
        return set(self.asks) & set(self.predicate)


@dataclass(frozen=True)
class AskedQuestion:
    question: str
    scene: str  # the statements before the asked sentence(s)
    parts: tuple[AskedPart, ...]
    topic: tuple[str, ...]  # stems of the whole question: what every part is about
    named: tuple[str, ...]  # what the question names by typography: ids, quoted or code text, capitalised names
    scene_of_one: str = ""  # the scene's statements about one thing (not "Two RFCs are named X"): a source may state them


class SlotReader:
    """Reads questions into asked parts. `similarity(a, b)` compares two phrases (the embedding model)."""

    def __init__(self, similarity):
        self.similarity = similarity
        self._memo: dict[str, AskedQuestion] = {}

    def read(self, question: str) -> AskedQuestion:
        if question not in self._memo:
            if len(self._memo) > 10_000:
                self._memo.clear()
            self._memo[question] = self._read(question)
        return self._memo[question]

    def _read(self, question: str) -> AskedQuestion:
        sentences = [s for s in SENTENCE_BREAK.split(question.strip()) if s.strip()]
        asked = [s for s in sentences if s.rstrip().endswith("?") or ASKS.match(s)]
        asked = asked or sentences[-1:]
        scene = " ".join(s for s in sentences if s not in asked)
        parts: list[AskedPart] = []
        things: list[str] = []  # the things an earlier part listed ("for X and for Y"): what a later "for each" means
        for sentence in asked:
            ungapped: set[int] = set()
            for n, (lead, piece) in enumerate(asked_pieces(sentence, ungapped)):
                # "what are the RPO and the RTO", "how many of each kind" (the kinds listed before): a part for each
                alternatives = coordinated(piece)
                # (each of several coordinated things is what tells its part from the others: "the amber and the red
                # alert" asks one part of a sentence saying amber, one of a sentence saying red)
                told = dict(zip(alternatives, telling(differing(alternatives))))
                if n in ungapped and len(alternatives) == 1 and parts and not parts[-1].told:
                    # (and so is what a part that leaves out the verb of the one before asks of, and that one: "How
                    # long is a term for a director, and how long for a representative")
                    told_before, told[piece] = [tuple(terms_of(x)) for x in differing([parts[-1].text, piece])] or [(), ()]
                    parts[-1] = dataclasses.replace(parts[-1], told=told_before)
                for alternative, item in ((a, i) for c in alternatives for a, i in distributed(c, scene, things)):
                    parts.append(dataclasses.replace(self._part(alternative, lead, " ".join(p.text for p in parts), scene),
                                                     each_of=item, told=told.get(alternative, ())))
                things = differing(alternatives) or things
        of_one = " ".join(s for s in sentences if s not in asked and not about_many(s))
        if parts and scene and (clause := described(parts[0], scene)):
            parts[0] = describing(parts[0], clause)
        parts = [describing(p, said) if p.slot == "polar" and scene and (said := of_both(p.text, scene)) else p
                 for p in parts]
        return AskedQuestion(question, scene, tuple(parts), tuple(dict.fromkeys(terms_of(question))), named_in(question),
                             of_one)

    def _part(self, own: str, lead: str, earlier: str, scene: str = "") -> AskedPart:
        """One asked part; `earlier`: what the parts before it ask ("" for the first)."""
        later = bool(earlier)
        match = ASKS.match(own)
        wh = ""
        if match:
            wh = match.group(1).lower() + (f" {match.group(2).lower()}" if match.group(2) else "")
        noun, plural = asked_noun(own) if wh in ("what", "which", "whose", "how many", "how much") else ("", False)
        plural = plural or wh in ("who", "whom") and bool(PLURAL_WHO.match(own))  # "who were on the rotation"
        # "which one" of the several things the statement before names ("mixing up the two liaison roles"): one of them
        if match and wh == "which" and not noun and re.match(r"\s*one\b", own[match.end():], re.IGNORECASE):
            noun = several_in(scene)
        # "Can X be used against Y?": no wh-word, an auxiliary first; answered yes or no by the sentence that says it
        slot = "polar" if not wh and own.split()[:1] and own.split()[0].lower() in AUXILIARIES else self._slot(wh, noun)
        noun_stems = {stem(w) for w in noun.split()}
        asking = {stem(w) for w in wh.split()[1:]}  # "how long", "how often": words of the wh-phrase, not of the topic
        asking |= {stem(w) for w in own[:match.start(1)].split() if w.lower().endswith("ly")} if match else set()
        if match and re.match(r"\s*ones?\b", own[match.end():], re.IGNORECASE):
            asking.add(stem("one"))  # "which one": the pronoun stands for the answer, it is no word of the topic
        counts = [m.group(1).lower() for m in re.finditer(rf"\b(\w+)\s+{re.escape(noun)}", own)
                  if m.group(1).isdigit() or m.group(1).lower() in NUMBER_WORDS] if noun else []
        asking |= {stem(c) for c in counts}  # "what is one reason", "which two teams": how many, no word of the topic
        count = int(counts[0]) if counts and counts[0].isdigit() else NUMBER_WORDS_ORDER.index(counts[0]) + 1 if counts else 0
        terms = tuple(t for t in terms_of(own) if (slot == "thing" or t not in noun_stems) and t not in asking)
        named = {t for name in named_in(own) for t in terms_of(name)}
        phrase = own[match.end():] if match else own
        for name in named_in(own):
            phrase = phrase.replace(name, " ")
        # (a name the part gives is what it is about, not what it asks: "the steward of the Remove Stacks RFC")
        asks = asked_words(own) if wh else subject_words(own) if slot == "polar" else ()
        asks = tuple(t for t in asks if t not in named) or asks if wh else asks
        # (unless it is what is asked: the role of "who is named Team Lead")
        predicate = tuple(t for t in terms if t not in noun_stems and (t not in named or t in asks and wh))
        return AskedPart(lead + own, wh, slot, noun, plural, terms, later and _points_back(own, earlier), predicate,
                         " ".join(phrase.split()), asks,
                         in_relative_clause(own, terms), choices_in(lead, own) if wh in ("which", "what", "who") else (),
                         min(count, MAX_COUNT), acted_on(own) if wh == "what" else None,
                         done_to(own) if wh in ("who", "which", "what") else (),
                         of_name=of_name(own, noun) if noun else (),
                         alternative=turned_down(own) if slot == "reason" else (),
                         nested=nested_question(own, asks) if wh in NESTED_WH else ("", ""),
                         done_by=done_by(own) if wh in ("which", "what") else (),
                         same_as=same_as(own) if slot == "polar" and later else "",
                         enlisted=enlisted(own) if wh in ("which", "what", "who", "whom") else (),
                         place=bool(noun) and slot == "thing" and max(
                             self.similarity(noun.split()[-1], d) for d in PLACE_DESCRIPTIONS) >= SLOT_THRESHOLD)

    def _slot(self, wh: str, noun: str) -> str:
        if wh in ("who", "whom") or wh in ("which", "what") and noun and noun.split()[-1].lower() in GENERIC_PERSONS:
            return "person"  # ("which two people")
        if wh == "when":
            return "date"
        if wh == "why":
            return "reason"
        if wh.startswith("how "):  # "how many", "how soon" … (`HOW_AMOUNTS`)
            return "number"
        if noun:
            phrases = {noun.lower(), noun.lower().split()[-1]}
            scores = sorted(((max(self.similarity(p, d) for p in phrases for d in descriptions), kind)
                             for kind, descriptions in SLOT_DESCRIPTIONS.items()), reverse=True)
            (best, kind), (second, _) = scores[0], scores[1]
            if best >= SLOT_THRESHOLD and best - second >= SLOT_MARGIN:
                return kind
        return "person" if wh == "whose" else "thing"


ALTERNATIVE = re.compile(r"\b(?:rather\s+than|instead\s+of)\s+(.+)$", re.IGNORECASE)  # "… rather than X"
# "that token", "that earlier RFC": the noun a pointer determines (past a word saying which one)
POINTED_NOUN = re.compile(r"\b(?:that|this|those|these|its|their)\s+(?:(?:" + "|".join(sorted(EARLIER_WORDS | LATER_WORDS))
                          + r")\s+)?([A-Za-z][\w-]*)", re.IGNORECASE)
DEMONSTRATIVES = ("that", "this", "those", "these")  # of those, the ones a statement's noun may follow: "that command"
# "which role is that", "what is that platform called": the wh-phrase, a form of "be", the pointer
IDENTITY = re.compile(r"^\s*(?:which|what)\b[^,]*?\b(?:is|was|are|were)\s+(?:that|this|it)\b", re.IGNORECASE)


def statement_pointer(part: AskedPart, scene: str) -> str:
    """The noun by which a first part points to something its opening statement describes without naming it ("… tells
    the team to trigger a response with a Slack command. Who does that command page?": "command"); "" where it does
    not (a part asking which thing that is, `describes`, is answered from the statement itself)."""
    if not scene or part.describes:
        return ""
    scene_terms = set(terms_of(scene))
    return next((m.group(1) for m in POINTED_NOUN.finditer(part.text) if m.group(0).split()[0].lower() in DEMONSTRATIVES
                 and m.group(1).lower() not in FUNCTION_WORDS and stem(m.group(1)) in scene_terms), "")


def describing_clause(scene: str, noun: str) -> tuple[str, str]:
    """What a statement says of a noun it does not name, from its parse: the noun with the clause that describes it ("the
    system that sends the bulk email", "a CI system the team was moving to internally"), else the verb's phrase the
    noun sits in ("to trigger incident response with a Slack command if necessary"); and the noun with the words
    that make its kind ("CI system", "Slack command"). ("", "") where the noun is not said."""
    from ..language.spacy_pipeline import parse_all

    for doc in parse_all([s for s in SENTENCE_BREAK.split(scene) if s.strip()]):
        token = next((t for t in doc if t.pos_ in ("NOUN", "PROPN") and stem(t.text) == stem(noun)), None)
        if token is None:
            continue
        head = token
        if not any(c.dep_ in ("relcl", "acl") for c in token.children):
            while head.pos_ != "VERB" and head.head.i != head.i:
                head = head.head
        words = list(head.subtree)
        kind = [t.text for t in token.lefts if t.dep_ in ("compound", "amod")] + [token.lemma_]
        return doc[words[0].i:words[-1].i + 1].text.rstrip(" ."), " ".join(kind)
    return "", ""


def describing(part: AskedPart, statement: str) -> AskedPart:
    """The part with the statement a sentence answering it restates (`description`) and that statement's stems."""
    return dataclasses.replace(part, describes=tuple(dict.fromkeys(terms_of(statement))), description=statement)


def _points_back(own: str, earlier: str) -> bool:
    """Whether a word of the part stands for something an earlier part says. "The same" does so only of a thing said
    before ("which channel …, and is it the same channel", "the same one"): "how many members may work for the same
    employer" asks of the members among themselves. Nor does "its own" after a noun of the part's own: "what is the
    platform now switching its own pipelines to" asks of the platform."""
    said = set(terms_of(earlier))
    for m in BACK_POINTER.finditer(own):
        if REFLEXIVE_OWN.match(own, m.end()) and OWN_ANTECEDENT.search(own[:m.start()]):
            continue
        if m.group(0).lower() != "same":
            return True
        following = re.match(r"\s+([\w-]+)", own[m.end():])
        if following is None or following.group(1).lower() in ("one", "ones") or stem(following.group(1)) in said:
            return True
    return False


def described(part: AskedPart, scene: str) -> str:
    """What a part asks the identity of, where that is what the opening statement describes: "Which role is that",
    "What is that platform called" — a which/what part pointing at something ("that", "it") whose words, beside what
    it asks by, are all the statement's. The statement's clause that mentions its noun (the comma-cut pieces; the
    whole statement where none does); "" for any other part."""
    if not IDENTITY.match(part.text):
        return ""
    scene_terms = set(terms_of(scene))
    if not set(part.terms) - set(part.asks) <= scene_terms:
        return ""
    pointed = POINTED_NOUN.search(part.text)
    noun = {stem(w) for w in (part.noun or (pointed.group(1) if pointed else "")).split()} & scene_terms
    if not noun:
        return ""
    pieces = [p for sentence in SENTENCE_BREAK.split(scene) for p in re.split(r",\s+", sentence)]
    return " ".join([p for p in pieces if noun & set(terms_of(p))] or [scene])


BOTH = re.compile(r"\bboth\b(?!\s+(?:of\s+)?(?:the|these|those|them)\b)", re.IGNORECASE)  # "cover both": no noun after


def of_both(text: str, scene: str) -> str:
    """A yes/no part asked of "both" of two things the opening statement names ("The Deputy and the Scribe are … Can one
    person cover both?"), as the statement a sentence would make: the two names in the place of "both" ("one person
    cover both The Deputy and the Scribe"); "" for any other part."""
    found = listed(scene, names=True) if BOTH.search(text) else None
    if found is None:
        return ""
    doc, items = found
    if len(items) != 2:
        return ""
    names = " and ".join(doc[b:e].text for b, e in sorted(items))
    words = text.split()
    statement = " ".join(words[1:]) if words and words[0].lower() in AUXILIARIES else text
    return BOTH.sub(f"both {names}", statement.rstrip("?"), count=1)


def asked_pieces(sentence: str, ungapped: set[int] | None = None) -> list[tuple[str, str]]:
    """A sentence of a question cut where a new asked part begins (", and who …", "; what …", " and on what date …"):
    each part with what leads it ("When X went away, " of "what did the team use instead"), a piece that asks nothing
    ("According to the X ADR") being said of the part after it. `ungapped`, where given, gets the index of each part
    that left out the verb of the one before it, read with it (`_ungapped`)."""
    # (a relative clause set off by commas inside a part asks nothing, and says of the thing only what is known:
    # "on what schedule is X, which that team maintains, continuously deployed" asks when X is deployed)
    sentence = EMBEDDED_RELATIVE.sub("", sentence)
    pieces = [p.strip(" ,;:?") for p in PART_BREAK.split(sentence) if p and p.strip(" ,;:?")]
    out: list[tuple[str, str]] = []
    lead = ""
    for i, piece in enumerate(pieces):
        # (a few words set before a later part's wh-word modify what it asks, as they would after it: "by default at
        # most how many entities does a page return" asks how many a page returns by default at most)
        if i and not ASKS.match(piece) and (before := WORDS_BEFORE_WH.match(piece)):
            piece = f"{piece[before.end(1):]} {before.group(1).strip()}"
        # (a piece opening with an auxiliary asks yes or no: "Do they name one product, which app uses it"; a clause set
        # before one, cut off at its comma by PART_BREAK, leads it: "Since X runs Y, is it the group that …")
        polar = piece.split()[0].lower() in AUXILIARIES
        if i < len(pieces) - 1 and (not (ASKS.match(piece) or polar) or subordinate(piece)):
            lead += piece + ", "
            continue
        whole = _ungapped(piece, out[-1][1]) if out else piece
        if whole != piece and ungapped is not None:
            ungapped.add(len(out))
        out.append((lead, whole))
        lead = ""
    return out


# (the wh-phrase may be "how long", "how many": "… and how long for a Council Representative")
GAPPED = re.compile(rf"(?:and\s+|or\s+)?{WH}(?:\s+(?:{'|'.join(HOW_AMOUNTS)}))?\s+({PREPOSITION})\b(.*)", re.IGNORECASE)


def _ungapped(piece: str, before: str) -> str:
    """A part that leaves out what the part before it says ("Which types did they pick for the main group, and which
    for the Prometheus group", "How long is a term for a director, and how long for a representative"): the part
    before, with what follows its same preposition replaced by this part's."""
    match = GAPPED.fullmatch(piece)
    if not match or any(w.lower() in AUXILIARIES for w in match.group(2).split()):
        return piece  # ("who at X can fill it" says its own verb)
    at = re.search(rf"\s{match.group(1)}\b", before, re.IGNORECASE)
    return f"{before[:at.start()] if at else before} {match.group(1)}{match.group(2)}"


def about_many(statement: str) -> bool:
    """"Two RFCs are named X", "Several ADRs deal with Y", "There are two postmortems called Z", "The Council has two
    members called Eric": a statement about a set of things opens with a number or a quantifier before its plural
    noun, or with an existential "there", or counts things it calls by a name."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([statement])[0]
    opening = [t for t in doc[:4] if not t.is_punct]
    if opening and opening[0].dep_ == "expl":
        return True
    for token in opening:
        if token.tag_ in ("NNS", "NNPS"):
            return any(t.like_num and not YEAR.fullmatch(t.text) or t.lower_ in QUANTIFIERS
                       for t in opening[:opening.index(token)])  # ("the 2024 budget": a year counts nothing)
    # (or counts things it calls by one name: "The Council has two members called Eric")
    return any(t.tag_ in ("NNS", "NNPS") and any(n.dep_ == "nummod" and not YEAR.fullmatch(n.text) for n in t.children)
               and any(c.dep_ == "acl" and any(o.dep_ == "oprd" for o in c.children) for c in t.children) for t in doc)


def subordinate(piece: str) -> bool:
    """"When a stream mirrors X, …" sets a condition; "When was it decided …" asks: a question's "when" is followed by
    an auxiliary."""
    match = re.match(r"\s*when\s+(\S+)", piece, re.IGNORECASE)
    return match is not None and match.group(1).lower() not in AUXILIARIES


SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")


def main_verb(doc):
    """The sentence's main verb: its root, or, where the small parser makes a perfect's "had" the root and the
    participle a clause of it ("what had that older mechanism itself replaced"), the participle; or, where the root
    reports what a clause says and the clause's subject is the asked one ("which team does the plan say can manage
    the service": the reported verb has no subject of its own), the reported verb: the plan is where it is said,
    managing is what is asked."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is not None and root.lemma_ == "have" and not any(c.dep_ == "dobj" for c in root.children):
        return next((c for c in root.children if c.dep_ == "ccomp" and c.pos_ == "VERB"
                     and any(s.dep_ == "nsubj" for s in c.children)), root)
    if root is not None and root.pos_ == "VERB" and any(
            c.dep_ == "nsubj" and not _asks_by(c) for c in root.children):
        return next((c for c in root.children if c.dep_ == "ccomp" and c.pos_ == "VERB"
                     and not any(s.dep_ in SUBJECTS for s in c.children)), root)
    return root


def _asks_by(token) -> bool:
    """Whether a word's phrase holds a question word ("which team")."""
    return any(t.lower_ in QUESTION_WORDS for t in token.subtree)


def asks_doer(text: str) -> bool:
    """Whether a part asks who does what its main verb says ("who decides whether we announce it"), not what the verb
    is done to by a subject of its own ("which teams does it add")."""
    from ..language.spacy_pipeline import parse_all

    root = main_verb(parse_all([text])[0])
    subject = _subject(root) if root is not None and root.pos_ == "VERB" else None
    # (the pronoun of "which one rings the bell" is the asked thing, wherever the parser hangs "which")
    return subject is None or _asks_by(subject) or subject.lower_ in ("one", "ones")


@lru_cache(maxsize=1 << 12)
def asks_subject(text: str) -> bool:
    """Whether a part's wh-word (or the noun it determines) is the subject of its main verb, a verb of doing: "which
    teams took over its responsibilities", not "who did the council hire" nor "who was it hired by"."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = main_verb(doc)
    if root is None or root.pos_ != "VERB" or root.lemma_ in RELATING_VERBS:
        return False
    subject = _subject(root)
    # (a wh-word right before the subject's phrase determines it, however the parser hangs it)
    return subject is not None and (_asks_by(subject) or subject.left_edge.i > 0
                                    and doc[subject.left_edge.i - 1].lower_ in QUESTION_WORDS)


def _subject(verb):
    """A verb's subject; for a reported verb with none of its own, the asked phrase its reporting verb carries."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None and verb.dep_ == "ccomp":
        subject = next((c for c in verb.head.children if c.dep_ in ("nsubj", "dobj") and _asks_by(c)), None)
    return subject


def asked_words(text: str) -> tuple[str, ...]:
    """The words that say what a part asks, from its parse: its main verb ("wrote", "last", "supersede"), or, when the
    verb is a form of "be" or "have", the noun it equates ("the steward" in "who was the steward of X"), with what
    that noun is of ("the name of the exchange": a sentence naming the exchange need not say "name")."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = main_verb(doc)
    if root is None:
        return ()
    if root.lemma_ == "be":
        # "who is the statement delegated to", "which team is the queue owned by": a passive the parser hung on "be";
        # the participle after its subject, or one whose preposition is left at the end, is the verb asked (not one
        # inside a phrase, "the name of the service deployed last week")
        subjects = [c for c in root.children if c.dep_ in ("nsubj", "attr")]
        passive = next((t for t in doc if t.tag_ == "VBN" and t.i > root.i and (
            t.head == root and t.dep_ in ("advcl", "xcomp", "ccomp") or t.head in subjects and t.dep_ == "acl"
            or any(c.dep_ == "prep" and not any(g.dep_ == "pobj" for g in c.children) for c in t.children))), None)
        if passive is not None:
            return (stem(_hyphenated(passive)),) + _particles_and_complement(passive)
    if root.lemma_ == "have" and (must := next((c for c in root.children if c.dep_ == "xcomp" and c.pos_ == "VERB"
                                                 and any(a.lower_ == "to" for a in c.children)), None)) is not None:
        root = must  # "who has to confirm them": "have to" says must, the verb after it is what is asked
    if root.lemma_ in RELATING_VERBS or root.pos_ == "AUX":
        nouns = _worded(c for c in root.children if c.dep_ in ("attr", "nsubj", "acomp")
                        and c.lower_ not in QUESTION_WORDS and c.pos_ in ("NOUN", "PROPN", "ADJ"))
        # "the name of the exchange": what the noun is of is asked too; a sentence giving it need not say "name"
        owners = [o for c in nouns for p in c.children if p.dep_ == "prep" and p.lower_ == "of"
                  for o in p.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN")]
        # "who was the person the Council first discussed hiring": the clause says what the one asked for did or had
        # done to them, which a sentence naming them says ("Proposal to hire Antonio"), where the noun says no more
        # than "who" (a role, "who is the delivery manager who updates …", is asked by the role)
        done = [v for c in nouns if c.lemma_.lower() in GENERIC_PERSONS for v in c.children
                if v.dep_ == "relcl" and v.pos_ == "VERB"] if doc[:1].text.lower() in ("who", "whom") else []
        return tuple(stem(_hyphenated(c)) for c in nouns + owners) + tuple(
            t for v in done for t in (stem(_hyphenated(v)),) + _particles_and_complement(v) + tuple(
                stem(c.text) for c in v.children if c.dep_ == "dobj" and c.pos_ == "VERB"))  # ("discussed hiring")
    # "who is named Team Lead", "who was made steward", "who is named as the leadership": the verb gives the role its
    # complement (or its "as" phrase) names; the role (by its head noun, "Lead") is asked (the "as" phrase only where
    # the wh-word is the verb's subject and the verb has no object: in "which ADRs list this person as their only
    # author", "which teams does it add as watchers", the role is another's)
    roles = [c for c in root.children if c.dep_ == "oprd" and c.pos_ in ("NOUN", "PROPN")]
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and _asks_by(subject) and not any(c.dep_ == "dobj" for c in root.children):
        roles += [o for p in root.children if p.dep_ == "prep" and p.lower_ == "as"
                  for o in p.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN")]
    if roles:
        return tuple(stem(_hyphenated(c)) for c in roles)
    # ("who made the proposal": the act is the light verb's object)
    acts = tuple(stem(c.text) for c in root.children if c.dep_ == "dobj" and c.pos_ == "NOUN") \
        if root.lemma_ in LIGHT_VERBS else ()
    return (stem(_hyphenated(root)),) + _particles_and_complement(root) + acts


def _particles_and_complement(verb) -> tuple[str, ...]:
    """The stems of a verb's particles ("sign off"), and of the verb it leads into ("supposed to handle", "propose
    removing"): a sentence may say that verb alone ("requests should be handled within …", "Removing support for
    deprecated APIs 6 months after …")."""
    return tuple(stem(c.text) for c in verb.children if c.dep_ == "prt" or c.dep_ == "xcomp" and c.pos_ == "VERB")


def _worded(tokens) -> list:
    """The tokens that are words: a parser may take a hyphen between two halves of one ("sub-teams") for a noun."""
    return [t for t in tokens if any(ch.isalnum() for ch in t.text)]


SAME_AS = re.compile(rf"^(?:is|are|was|were)\s+{_PRONOUN_SUBJECT}\s+(?:also\s+)?the\s+same\s+"
                     r"([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:that|which|who|as)\s+(\S.*)$", re.IGNORECASE)


def same_as(text: str) -> str:
    """"is it the same channel that owns the X page" → "which channel owns the X page": what the yes or no compares the
    earlier answer with, asked as a question of its own; "" for any other part."""
    match = SAME_AS.match(text.strip(" ?"))
    return f"which {match.group(1)} {match.group(2)}" if match else ""


def choices_in(lead: str, own: str = "") -> tuple[str, ...]:
    """The names a part's lead offers ("Stack Buildpacks or Stackless Buildpacks, " before "which RFC …"): two or more
    names joined by "or" (and commas), each a name as `named_in` reads one; or, where the part asks which one of them
    ("Of the three alerts Alpha, Beta and Gamma, which one …"), the names the lead lists last, joined by "and" too;
    none for any other lead."""
    options = [o.strip(" ,;:") for o in re.split(r",\s*(?:or\s+)?|\s+or\s+", lead.strip(" ,;:")) if o.strip(" ,;:")]
    names = set(named_in(lead))
    if len(options) >= 2 and " or " in lead and all(o in names for o in options):
        return tuple(options)
    if not (re.match(r"\s*of\b", lead, re.IGNORECASE) or ONE_OF_THEM.match(own)):
        return ()
    listed_last: list[str] = []  # (the first item may end in its name: "… alerts Alpha")
    for item in reversed(re.split(r",\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", lead.strip(" ,;:"))):
        name = item if item in names else next((n for n in names if item.endswith(f" {n}")), None)
        if name is not None:
            listed_last.insert(0, name)
        if name != item:
            break
    return tuple(listed_last) if len(listed_last) >= 2 else ()


def acted_on(text: str) -> tuple[str, ...] | None:
    """For a part asking what someone does ("what is X expected to do with the alert", "what should X do"), or what
    happened to something ("what happened to the DevOps team"), the stems of the object its "do" acts on through
    "with"/"to"/"about" ("alert"), or () where it names none; None for any other part. "What" is the object of that
    "do": the parser may hang it on "is" instead, so a "do" (not an auxiliary) with no object of its own counts."""
    if not re.search(r"\b(?:do|happen(?:s|ed)?)\b", text, re.IGNORECASE):
        return None
    from ..language.spacy_pipeline import parse_all

    for t in parse_all([text])[0]:
        objects = tuple(terms_of(" ".join(o.text for p in t.children if p.dep_ == "prep" and p.lower_ in ("with", "to", "about")
                                          for o in p.children if o.dep_ == "pobj")))
        if t.lemma_ == "do" and t.dep_ not in ("aux", "auxpass") and all(
                c.lower_ == "what" for c in t.children if c.dep_ in ("dobj", "obj", "ccomp")):
            return objects
        # ("what happened to X": "what" is its subject, X its object; "on what date did that delay happen" asks when)
        if t.lemma_ == "happen" and objects and any(c.dep_ == "nsubj" and c.lower_ == "what" for c in t.children):
            return objects
    return None


def done_to(text: str) -> tuple[str, ...]:
    """For a part whose wh-word (or the noun it determines, "which team") is the subject of its main verb, a verb of
    doing (not "be", "have" or "do"), the stems of the verb's direct object: X of "who owns X", "which team approved X".
    Empty for any other part ("what does X depend on": X is the subject; "who is the owner of X": a form of "be")."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = main_verb(doc)
    if root is None or root.pos_ != "VERB" or root.lemma_ in RELATING_VERBS:
        return ()
    subject = _subject(root)
    if subject is None or not _asks_by(subject):
        return ()
    obj = next((c for c in root.children if c.dep_ == "dobj"), None)
    if obj is None:
        return ()
    clauses = [t for c in obj.children if c.dep_ in ("relcl", "acl") for t in c.subtree]  # "the RFC that created X"
    return tuple(terms_of(" ".join(t.text for t in obj.subtree if t not in clauses)))


def done_by(text: str) -> tuple[str, ...]:
    """For a part whose wh-word is what its main verb (a verb of doing) is done to, before its subject, the stems of
    that subject: X of "what does X depend on", "which store does X use". Empty for any other part ("who owns X": the
    wh-word is the subject)."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = main_verb(doc)
    if root is None or root.pos_ != "VERB" or root.lemma_ in RELATING_VERBS:
        return ()
    subject = next((c for c in root.children if c.dep_ == "nsubj"), None)
    if subject is None or _asks_by(subject) or not any(t.lower_ in QUESTION_WORDS for t in doc[:subject.i]):
        return ()
    # (a wh-word right before the subject's phrase determines it, however the parser hangs it: "which Slack tag pings
    # its on-call member" asks which tag does it)
    if subject.left_edge.i > 0 and doc[subject.left_edge.i - 1].lower_ in QUESTION_WORDS:
        return ()
    return tuple(terms_of(" ".join(t.text for t in subject.subtree)))


def enlisted(text: str) -> tuple[str, ...]:
    """For a part whose wh-phrase is the object of its main verb, which leads it into doing another ("which role do I
    ask to page the on-call", "which tool does the team use to scan images"): the stems of the two verbs (ask, page);
    empty for any other part. What answers is whoever a sentence has do the second, or has the first enlist for it."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = main_verb(doc)
    if root is None or root.pos_ != "VERB" or root.lemma_ in RELATING_VERBS:
        return ()
    # (the small parser may hang the fronted object on the verb as an adverbial noun, "which role do I ask to …", or
    # as a subject beside the real one after the auxiliary, "which tool does the crew use to …")
    subjects = [c for c in root.children if c.dep_ == "nsubj"]
    if not any(_asks_by(c) and (c.dep_ in ("dobj", "npadvmod") or c.dep_ == "nsubj" and len(subjects) > 1)
               for c in root.children):
        return ()
    # The second verb takes an object of its own: the asked one is not what it is done to ("which store did the team
    # decide to use" asks what is used, not whom deciding enlists).
    led = next((c for c in root.children if c.dep_ == "xcomp" and c.pos_ == "VERB"
                and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
                and any(o.dep_ == "dobj" for o in c.children)), None)
    return (stem(root.lemma_), stem(led.lemma_)) if led is not None else ()


def subject_words(text: str) -> tuple[str, ...]:
    """A yes/no part's subject, whose words a sentence answering it must say: "fast batch publishing" of "Can fast
    batch publishing be used against X?" (a sentence about X alone says nothing of it)."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) if root is not None else None
    return tuple(dict.fromkeys(terms_of(" ".join(t.text for t in subject.subtree)))) if subject is not None else ()


def _hyphenated(token) -> str:
    """The whole hyphenated word a token is part of ("co-authored", which the tokenizer splits into three); an id
    ("PIR-2025-04") is no word."""
    doc, start, end = token.doc, token.i, token.i + 1
    while start >= 2 and doc[start - 1].text == "-" and not doc[start - 2].whitespace_ and not doc[start - 1].whitespace_:
        start -= 2
    while end + 1 < len(doc) and doc[end].text == "-" and not doc[end - 1].whitespace_ and not doc[end].whitespace_:
        end += 2
    word = doc[start:end].text
    return word if word.replace("-", "").isalpha() else token.text


MAX_COORDINATED = 4


def coordinated(text: str) -> list[str]:
    """A part that asks the same of several things it lists ("what are the retention period, the recovery point
    objective and the recovery time objective", "the defaults for the ping interval and for the timeout", "in
    production, staging and integration"), as one text per thing: each with the others taken out. A list the wh-word
    itself determines ("which account and role") asks one thing of both and stays one part."""
    found = listed(text)
    if found is None:
        return _prepositions_repeated(text) or manners(text)
    doc, items = found
    if items[0][0] > 0 and doc[items[0][0] - 1].lower_ in QUESTION_WORDS:
        return [text]
    before, after = doc[:items[0][0]].text_with_ws, doc[items[-1][1]:].text
    last = range(*items[-1])

    def whole(b: int, e: int) -> str:  # (an item that only modifies the noun the last one ends in is said with that
        # noun: "the east and west routing rules" → "the east rules"; not a noun of its own, "which Slack room and
        # phone bridge number")
        tail = doc[e - 1]
        shared = tail.head.i in last and e - 1 not in last and tail.dep_ in ("nmod", "amod") and tail.pos_ != "NOUN"
        return f"{doc[b:e].text} {tail.head.text}" if shared else doc[b:e].text

    return [" ".join(f"{before}{whole(b, e)} {after}".split()) for b, e in items]


# "for adding IPs to the allow list and for enabling a custom domain": a preposition said again after "and" joins two
# phrases of one role, whatever they are made of ("to" is left out: it joins verbs as often, "to stop and to restart")
REPEATED_PREPOSITION = re.compile(rf"\b({PREPOSITION.replace('|to|', '|')})\s+((?:(?!\b\1\b)[^,;?])+?)\s*,?\s+"
                                  r"(?:and|or)\s+\1\s+([^,;?]+)$", re.IGNORECASE)


def _prepositions_repeated(text: str) -> list[str]:
    """A part asking the same of two phrases it joins by a preposition said again ("what resolution times for adding
    IPs … and for enabling a custom domain"), as one text per phrase; [] where it joins none so."""
    m = REPEATED_PREPOSITION.search(text)
    if m is None:
        return []
    before = text[:m.start()]
    return [f"{before}{m.group(1)} {m.group(2)}", f"{before}{m.group(1)} {m.group(3)}"]


def manners(text: str) -> list[str]:
    """A part asking the same of two manners it joins by "and" ("when does it meet, both publicly and privately"), as
    one text per manner ("when does it meet, publicly", "… privately"); the text alone otherwise ("directly or
    indirectly" asks one thing, by any way)."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    for cc in doc:
        if cc.lower_ == "and" and 0 < cc.i < len(doc) - 1 and doc[cc.i - 1].pos_ == doc[cc.i + 1].pos_ == "ADV":
            first = cc.i - 2 if cc.i >= 2 and doc[cc.i - 2].lower_ == "both" else cc.i - 1
            before, after = doc[:first].text_with_ws, doc[cc.i + 2:].text
            return [" ".join(f"{before}{doc[i].text} {after}".split()) for i in (cc.i - 1, cc.i + 1)]
    return [text]


def listed(text: str, names: bool = False):
    """The first list of things the text names: (its parse, the token range of each item), or None. A list is read
    from the words' kinds and the commas (the small parser often misattaches a long one): runs of nominal words
    ("fast-ingest batches" joined by its hyphen) separated by ", " and a final "and"/"or", each ending in a common
    noun or naming one of a numbered series (`_one_of_several`) — listed names ("Alice and Bob") are one subject
    unless `names` (what a part asks of each thing the text lists), and a list inside a relative clause describes what
    the text mentions, not what it asks."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    clause = {t.i for t in doc if t.dep_ == "relcl" for t in t.subtree}

    def nominal(t) -> bool:
        if t.text == "-" and 0 < t.i < len(doc) - 1:
            return not t.whitespace_ and not doc[t.i - 1].whitespace_  # "fast-ingest": a hyphen inside a word
        if t.is_alpha and not t.whitespace_ and t.i + 1 < len(doc) and doc[t.i + 1].text == "-":
            return True  # "fast" of "fast-ingest", whatever the tagger calls it
        return t.pos_ in ("DET", "ADJ", "NOUN", "PROPN", "NUM") and t.lower_ not in QUESTION_WORDS

    def run_left(end: int) -> int:  # the first index of the nominal run ending at `end`
        start = end
        while start - 1 >= 0 and nominal(doc[start - 1]) and not (start < end and doc[start].pos_ == "DET"):
            start -= 1  # (a determiner begins its item: "trigger the amber" is a verb the tagger took for a noun)
        return start

    for cc in doc:
        if cc.pos_ != "CCONJ" or cc.lower_ not in ("and", "or") or cc.i == 0:
            continue
        items: list[tuple[int, int]] = []  # token ranges, right to left
        end = cc.i - 1 if doc[cc.i - 1].text == "," else cc.i
        while end > 0 and nominal(doc[end - 1]):
            start = run_left(end)
            items.insert(0, (start, end))
            if start >= 2 and doc[start - 1].text == ",":
                end = start - 1
            else:
                break
        right = cc.i + 1
        if right < len(doc) and items and doc[right].pos_ == "ADP" and doc[right].lower_ == doc[items[0][0] - 1].lower_:
            right += 1  # "for the ping interval and for the timeout": the preposition said again
        stop = right
        while stop < len(doc) and nominal(doc[stop]):
            stop += 1
        if stop == right or not items:
            continue
        items.append((right, stop))
        if len(items) > MAX_COORDINATED or any(not (names or _one_of_several(doc[b:e]))
                                               or any(i in clause for i in range(b, e)) for b, e in items):
            continue
        return doc, items
    return None


def _one_of_several(item) -> bool:
    """An item of a list that asks the same of each: it ends in a common noun ("the retention period"), or it is one
    of a numbered series ("a SEV-3", "ADR-12"). Listed names ("Alice and Bob") are one subject."""
    last = item[-1]  # (a lower-case word the tagger calls a proper noun is a common one: "the red alert")
    return last.pos_ == "NOUN" or last.pos_ == "PROPN" and last.text.islower() \
        or last.pos_ in ("PROPN", "NUM") and ID_PREFIX.search(item.text) is not None


# "for each kind", "of both", "each role" (a preposition is needed before "both": "cover both" asks of two at once;
# "each TXT string" is of a kind the question names, not of each thing listed before)
EACH = re.compile(r"\b(?:(?:of|for|in|from)\s+(?:each|both)|each(?=\s+(?-i:[a-z]+)\b))\b"
                  r"(?:\s+(?:(?:of\s+)?(?:the|these|those|them)\s+)?(?:\w+\b)?)?", re.IGNORECASE)


def turned_down(own: str) -> tuple[str, ...]:
    """The stems of the alternative a why-part turns down ("… inside its own VPC rather than through a central egress
    VPC"), those its own clause does not say too ("central", "egress": not "VPC"); () where it turns none down."""
    m = ALTERNATIVE.search(own)
    if m is None:
        return ()
    said, alternative = set(terms_of(own[:m.start()])), tuple(dict.fromkeys(terms_of(m.group(1))))
    return tuple(t for t in alternative if t not in said) or alternative


def differing(alternatives: list[str]) -> list[str]:
    """What tells apart the texts a listing part was cut into ("… Leader for an environmental disaster", "… for a
    marketing campaign failure"): each one's words between the words they all begin and all end with; [] for one."""
    if len(alternatives) < 2:
        return []
    split = [a.split() for a in alternatives]
    head = len(os.path.commonprefix(split))
    tail = len(os.path.commonprefix([w[::-1] for w in split]))
    return [" ".join(w[head:len(w) - tail]) for w in split] if all(len(w) > head + tail for w in split) else []


def telling(items: list[str]) -> list[tuple[str, ...]]:
    """The words that tell each of several coordinated things from the others ("amber", "red alert" → amber, red): the
    stems of each, but the noun the last one ends in where an earlier one leaves it out (it is said once for all)."""
    said = [terms_of(item) for item in items]
    shared = set(said[-1][-1:]) if said and len(said[-1]) > 1 and any(
        not set(said[-1][-1:]) <= set(s) for s in said[:-1]) else set()
    return [tuple(t for t in s if t not in shared) for s in said]


PAIRED_WHICH = re.compile(r"(?<=\s)which\s+[a-z]+\b", re.IGNORECASE)  # a "which <noun>" after the part's first word


def distributed(text: str, scene: str, things: list[str] | tuple[str, ...] = ()) -> list[tuple[str, tuple[str, ...]]]:
    """A part that asks its question of each of several things ("how many batches of each kind …") after a statement
    that lists them ("… two kinds of batch: atomic batches and fast-ingest batches"), or after an earlier part that did
    (`things`: "who leads for X and for Y, and who is the backup for each"), as one text per thing, with the words that
    tell that thing from the others ("atomi"); the text and () where it asks of no such list."""
    # ("which variable belongs to which proposal": a second "which" pairs each of the things it ranges over)
    match = EACH.search(text) or PAIRED_WHICH.search(text)
    # (what "each" ranges over may be names: "The Deputy and the Scribe … who may take on each role")
    found = listed(scene, names=True) if match and scene else None
    if match is None or found is None and len(things) < 2:
        return [(text, ())]
    if found is None:
        names = list(things)
    else:
        doc, items = found
        names = [doc[b:e].text for b, e in items]
    shared = set.intersection(*(set(terms_of(n)) for n in names))
    lead = match.group(0).split()[0]
    lead = "" if lead.lower() in ("each", "which") else f"{lead} "  # "take on each role" → "take on the Deputy"
    return [(f"{text[:match.start()]}{lead}{name}{text[match.end():]}",
             tuple(t for t in terms_of(name) if t not in shared)) for name in names]


def in_relative_clause(text: str, terms: tuple[str, ...]) -> tuple[str, ...]:
    """The terms said only inside a relative clause of the text ("the system that the Billing Engine reads from"):
    they describe something the part mentions, not what it asks of it."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    inside = {t.i for t in doc if t.dep_ == "relcl" for t in t.subtree}
    outside = {stem(t.text) for t in doc if t.i not in inside}
    return tuple(t for t in terms if t not in outside)


RELATIVE_PRONOUNS = frozenset({"that", "which", "who", "whom", "whose"})
BACK_POINTING = frozenset({"that", "this", "these", "those", "same"})  # "that same contact": a thing said before
NESTED_WH = frozenset({"who", "what", "which", "when", "where"})  # (a "how" asks of the manner, not of a thing)
NESTED_SLOT = "\x00"  # where the nested question's answer goes in the outer one
# (an outer question that only asks which thing that is: "who is \x00" of "who is the ambassador assigned to X")
IDENTITY_OF_SLOT = re.compile(r"\s*(?:who|what|which)\s+(?:is|are|was|were)\s+\x00\s*\??\s*", re.IGNORECASE)


def nested_question(text: str, asks: tuple[str, ...]) -> tuple[str, str]:
    """A part that asks about a thing it describes by a clause naming another ("who owns the system that the Gateway
    depends on", "what does the database chosen in ADR-1 depend on") asks two questions: which thing the clause
    describes ("which system the Gateway depends on") and the part itself of that thing. The inner question and the
    outer one with `NESTED_SLOT` where the thing was; ("", "") for any other part. Not nested: a clause that says what
    a noun holds ("the decision that every database gets …"), or names nothing to start from (no name, id or date;
    or a pronoun: "the ADR that defines it"); a thing an earlier part gave ("that same contact"); the thing the part
    asks for itself ("what is the name of the exchange that X publishes to", `asks`)."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    for noun in doc:
        if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in QUESTION_WORDS or stem(noun.text) in asks \
                or any(c.lower_ in QUESTION_WORDS | BACK_POINTING for c in noun.children):
            continue
        clause = next((c for c in noun.children if c.dep_ == "relcl" or c.dep_ == "acl" and c.tag_ == "VBN"
                       and not any(m.dep_ == "mark" for m in c.children)), None)
        if clause is None:
            continue
        # (the relative pronoun stands for the thing: "which system the Gateway depends on")
        said = [t for t in clause.subtree if not (t.lower_ in RELATIVE_PRONOUNS and t.dep_ != "det")]
        # (a thing an earlier part gave, "the RFC that created that team", is named by that part's answer)
        if any(t.lower_ in PERSONAL_PRONOUNS for t in said) or not any(
                t.pos_ == "PROPN" or t.text[:1].isupper() or any(ch.isdigit() for ch in t.text)
                or t.lower_ in BACK_POINTING and t.dep_ == "det" for t in said):
            return "", ""
        modifiers = [t for t in doc[noun.left_edge.i:noun.i] if t.dep_ not in ("det", "poss", "predet")]
        inner = "which " + "".join(t.text_with_ws for t in [*modifiers, noun, *said]).strip()
        start, end = noun.left_edge.idx, clause.right_edge.idx + len(clause.right_edge.text)
        return inner, text[:start] + NESTED_SLOT + text[end:]
    return "", ""


def of_name(text: str, noun: str) -> tuple[str, ...]:
    """The stems of the name the asked noun is of: the proper noun (with its compounds) its "of" takes ("which version
    of Kyverno"); empty when it takes none or a common noun ("the name of the exchange")."""
    from ..language.spacy_pipeline import parse_all

    head_word = noun.split()[-1].lower()
    for t in parse_all([text])[0]:
        if t.lower_ == head_word and t.pos_ in ("NOUN", "PROPN"):
            for prep in (c for c in t.children if c.dep_ == "prep" and c.lower_ == "of"):
                for obj in (c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "PROPN"):
                    return tuple(terms_of(" ".join(x.text for x in obj.subtree if x.dep_ in ("compound", "pobj") or x == obj)))
    return ()


CLASSIFIERS = frozenset({"kind", "type", "sort"})  # nouns that ask for a kind of the noun after "of"


def kind_of(text: str, noun: str) -> bool:
    """Whether a part asks for a kind of its noun ("what kind of commander")."""
    return re.search(rf"\b(?:{'|'.join(sorted(CLASSIFIERS))})\s+of\s+{re.escape(noun)}\b", text, re.IGNORECASE) is not None


def several_in(text: str) -> str:
    """The things a statement counts ("the two liaison roles", "both queues"), in the singular: "liaison role"; "" when
    it counts none."""
    from ..language.spacy_pipeline import parse_all

    for chunk in parse_all([text])[0].noun_chunks if text else ():
        root = chunk.root
        if root.tag_ in ("NNS", "NNPS") and any(t.pos_ == "NUM" or t.lower_ == "both" for t in chunk):
            words = [t for t in root.lefts if t.dep_ in ("compound", "amod") and t.pos_ != "NUM"] + [root]
            return " ".join([*(t.text for t in words[:-1]), root.lemma_])
    return ""


def asked_noun(text: str) -> tuple[str, bool]:
    """The noun a wh-word asks for, from the part's parse: the noun it determines ("which team", "what default chunk
    size"), or, when it stands alone with a form of "be", the noun on the other side ("what is its status"); and
    whether that noun is plural."""
    from ..language.spacy_pipeline import parse_all

    doc = parse_all([text])[0]
    wh = next((t for t in doc if t.lower_ in ("what", "which", "whose", "many", "much")), None)
    if wh is None:
        return "", False
    # "which one notifies teams": "one" before a plural is the pronoun (the small parser counts with it, "one
    # notifies", and takes the verb for a noun)
    if wh.i + 2 < len(doc) and doc[wh.i + 1].lower_ == "one" and doc[wh.i + 2].tag_ in ("NNS", "NNPS", "VBZ"):
        return "", False
    head = None
    if wh.dep_ in ("det", "poss", "amod") and wh.head.pos_ in ("NOUN", "PROPN"):
        head = wh.head
    elif wh.head.lemma_ == "be":
        head = next((c for c in wh.head.children if c is not wh and c.dep_ in ("nsubj", "attr", "nsubjpass")
                     and c.pos_ in ("NOUN", "PROPN")), None)
    # "which of that system's services does it use": one (or more) of the nouns after "of" is asked for; how many,
    # the verb says where the wh-word is its subject ("which of the teams are …")
    of_noun = next((o for p in wh.children if p.dep_ == "prep" and p.lower_ == "of"
                    for o in p.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN")), None)
    if head is None and wh.lower_ in ("what", "which") and of_noun is not None:
        words = [c for c in of_noun.lefts if c.dep_ in ("compound", "amod") and c.pos_ != "DET"]
        verb = doc[of_noun.i + 1] if of_noun.i + 1 < len(doc) else None
        plural = verb is not None and wh.dep_.startswith("nsubj") and verb.tag_ in ("VBP", "VBD") \
            and verb.lower_ not in ("was", "is")
        return " ".join([*(w.text for w in words), of_noun.lemma_ if not plural else of_noun.text]), plural
    after = wh.i + 1
    while after < len(doc) and (doc[after].pos_ == "NUM" or doc[after].lower_ in NUMBER_WORDS):
        after += 1  # "which two dates": how many are asked, before the noun (the parser may not see the phrase)
    # (a participle the parser read as the verb: "which predefined teams does it add", "which named teams"; or a word
    # of mixed case it took for a symbol: "which xDS proposal")
    described = after
    while described < len(doc) - 1 and doc[described].tag_ in ("VBN", "VBD", "VBG", "JJ", "SYM") and doc[described].pos_ != "AUX":
        described += 1
    if head is None and wh.lower_ in ("what", "which") and described < len(doc) and doc[described].pos_ in ("NOUN", "PROPN"):
        head = doc[described]
        if described > after:
            return " ".join(t.text for t in doc[after:described + 1]), head.tag_ in ("NNS", "NNPS")
    while head is not None and head.dep_ == "compound" and head.head.pos_ in ("NOUN", "PROPN"):
        head = head.head  # "which NATS Server version": the wh-word sits on a modifier; the noun is the phrase's head
    if head is None or head.lemma_.lower() in ("one", "ones"):  # "which one", "which of them": no noun of its own
        return "", False
    # "what kind of commander": a commander is asked for, of some kind ("an Area Commander")
    if head.lemma_.lower() in CLASSIFIERS:
        head = next((o for p in head.children if p.dep_ == "prep" and p.lower_ == "of"
                     for o in p.children if o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN")), head)
    words = [c for c in head.lefts if c.dep_ in ("compound", "amod") and c.pos_ != "DET"] + [head]
    # A noun right after it, before an auxiliary, is the phrase's head, however the parser hung the two: "which CIDR
    # ranges were allocated" ("ranges" read as a verb, or "CIDR" as the head), "with which Kubernetes upgrade did that
    # happen" ("upgrade" read as a verb, "Kubernetes" as a plural). No verb stands right before one.
    if head.i + 2 < len(doc) and (last := doc[head.i + 1]).tag_ in ("NNS", "VBZ", "NN", "VBP", "VB") \
            and last.pos_ != "AUX" and doc[head.i + 2].pos_ == "AUX":
        return " ".join(w.text for w in [*words, last]), last.tag_ in ("NNS", "VBZ")
    return " ".join(w.text for w in words), head.tag_ in ("NNS", "NNPS")


NAMED = re.compile(r"`[^`]+`|\"[^\"]+\"|(?<!\w)'[^']{2,}'(?!\w)|\b[A-Z][A-Za-z0-9]*(?:-\d+)+\b|@[\w-]+|\b(?:[A-Z]\.\s+)*[A-Z][\w-]*(?:\.[\w-]+)*(?:\s+[A-Z][\w-]*(?:\.[\w-]+)*)*")


def name_asked_of(text: str, scene: str = "") -> str:
    """The one a part asks the name of, where it names that one: "What is Soren's full name", "the full name of Bjorn"
    ("Soren", "Bjorn"), or calls them "his" or "her" after a statement (`scene`) about them; "" for any other part
    ("the name of the RabbitMQ exchange" asks the name of an exchange)."""
    from ..language.spacy_pipeline import parse_all

    if "name" not in text.lower():
        return ""
    doc = parse_all([text])[0]
    for token in doc:
        if token.lemma_.lower() != "name" or token.pos_ != "NOUN":
            continue
        owners = [c for c in token.children if c.dep_ == "poss"] + [
            o for p in token.children if p.dep_ == "prep" and p.lower_ == "of" for o in p.children if o.dep_ == "pobj"]
        for owner in owners:
            # (a handle the statement wrote with "@" is a name, whatever the tagger calls it: "@voidzcy")
            if owner.pos_ == "PROPN" or re.search(rf"@{re.escape(owner.text)}\b", scene):
                words = [t for t in owner.subtree if t.dep_ != "case" and (t.pos_ in ("PROPN", "NOUN") or t == owner)]
                return " ".join(t.text for t in words)
            if owner.pos_ == "PRON" and owner.lower_ in PERSONAL_POSSESSIVES and scene:
                # ("A Josh is listed on the committee. What is his full name?": the one the statement is about)
                return next((t.text for t in parse_all([scene])[0] if t.dep_ in ("nsubj", "nsubjpass")
                             and t.pos_ == "PROPN"), "")
    return ""


@lru_cache(maxsize=1 << 12)
def named_in(question: str) -> tuple[str, ...]:
    """What a question names by typography: code and quoted text, record ids, handles, capitalised runs (not the
    first word of a sentence unless it is capitalised inside too). A quote opens after no letter and closes before
    none: "that team's on-call engineers' attention" quotes nothing."""
    found = []
    for m in NAMED.finditer(question):
        text = m.group(0).strip("`\"'")
        words = text.split()
        while words and (words[0].lower() in FUNCTION_WORDS or words[0].lower() in QUESTION_WORDS
                         or words[0].lower() in NUMBER_WORDS or words[0].lower() in QUANTIFIERS):
            words = words[1:]  # "Which RFC", "The Stack Buildpacks RFC", "Two RFCs": the name without its determiner
        text = " ".join(words)
        if not text or text.lower() in FUNCTION_WORDS or text.lower() in QUESTION_WORDS:
            continue
        start = m.start()
        first_word = start == 0 or question[:start].rstrip().endswith((".", "?", "!"))
        if first_word and " " not in text and not any(c.isupper() for c in text[1:]) and not any(c.isdigit() for c in text):
            continue
        found.append(text)
    return tuple(dict.fromkeys(found))
