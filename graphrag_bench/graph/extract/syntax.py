"""Whether a sentence's dependency parse lets a statement's two ends be what the relation read from it says.

Pass 2 reads a sentence's statements from the words between two mentions, which is quick and finds what a plain
sentence says ("the Gateway depends on the Auth Service"); in real prose it also pairs mentions the sentence does
not relate ("In KV we call these Limit Markers", "Consuming messages from a JetStream requires a large number of
options"). Before such a reading becomes a typed relation, the trained pipeline's parse of the sentence (SPEC §6)
is asked whether it contradicts it:

- the subject sits in a prepositional phrase or a subordinate clause below where the two ends meet ("*in* KV we
  call …", "*when* the JS consumer will be created …"), or, in a sentence that names only its subject, in one and
  the subject of nothing ("… manual flagging *of* Sev1 incident"): it is not what the predicate is said of;
- the value is itself the subject of a clause on its own side ("the JSON Schema *tries* …"): it is not what the
  predicate takes;
- a sentence with no subject of its own ("We use …", "Using the new API this …") relates its paragraph's topic to
  what the verb takes, never to the subject of a clause ("the choice of IsCompressed() *is* idiomatic");
- a value, or the one end a sentence names, that the parse reads as an adjective modifying a noun ("Proposed
  Partitioned consumer groups", "Initial draft") names nothing;
- the predicate that relates them heads an adverbial clause ("*when* the server is running with JetStream …",
  "*once* an RFC has been accepted …", "*using* these kinds we can …"), or the value sits in one below it ("API are
  required *unless noted as* 'Optional'"): the sentence states it as a condition or a circumstance of something
  else, not as a fact;
- an end the parse reads as a gerund ("*Pinning* consumer on the Interest stream") names an action, not a thing;
  one that only modifies a noun which names no kind of entity ("*SSH* connections from Europarc", "each database
  runs in its own *RDS* instance") is not what is related: that noun is ("the *Data Platform* team" is a team);
- a sentence with no subject of its own that opens with a verb in its base form or as a gerund ("*See* [Database
  operation]", "*Use* this for counters", "*Using* `ReplayPolicy=original` to …") tells the reader what to do or
  names an action; it says nothing its paragraph's topic is or does ("*Resolves* INC-1", "*Superseded* by DR-9" do);
- two names are one thing only where the sentence says so (a verb, "was called", "renamed … to", or one name in the
  other's own phrase, "Meter Data Management System (MDMS)"): two words modifying a third noun ("SAM names in
  Windows", "IANA names like America/New_York") are not.

Only contradiction vetoes: a sentence the small model misparses ("CHG-003 resolves INC-002" with "resolves" as a
noun) keeps its reading. Parses are made in one batch and kept per text (`parse_all`).
"""

from __future__ import annotations

from ...language.spacy_pipeline import meeting_point
from ..vocabulary import IDENTITY
from .model import Statement

# Where a subject that is below the meeting point of the two ends hangs: in a phrase or clause of its own.
EMBEDDING = frozenset({"prep", "pobj", "pcomp", "advcl", "ccomp", "xcomp", "relcl", "acl", "acomp"})
SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass"})
MODIFIER = "amod"
COMPOUND = "compound"
PARTICIPLE = "acl"  # a participle modifying a noun: "the projects proposed by X"
CIRCUMSTANCE = "advcl"  # a clause that says when, if or how something else holds
CLAUSE_OPENERS = frozenset({"mark", "advmod"})  # "when", "if", "once", "as" opening a clause
INSTRUCTION_TAGS = frozenset({"VB", "VBG"})  # a verb's base form ("See", "Use") and gerund ("Using")


def _span(doc, text: str, name: str):
    at = text.find(name)
    if at < 0:
        at = text.lower().find(name.lower())
    return None if at < 0 else doc.char_span(at, at + len(name), alignment_mode="expand")


def _arcs(token, stop=None) -> set[str]:
    """The dependency labels from `token` up to (not including) `stop`, or to the root."""
    arcs = set()
    while token.head.i != token.i and (stop is None or token.i != stop.i):
        arcs.add(token.dep_)
        token = token.head
    return arcs


def _predicate(token):
    """The verb (or auxiliary) nearest above a token, itself included: what says something of it."""
    return next((t for t in (token, *token.ancestors) if t.pos_ in ("VERB", "AUX")), None)


def _circumstance(token) -> bool:
    """The predicate over `token` heads an adverbial clause (not a participle of its own: "Superseded by DR-9;
    polling put too much load …" describes the paragraph's topic, whatever the clause hangs on)."""
    predicate = _predicate(token)
    return predicate is not None and predicate.dep_ == CIRCUMSTANCE and (
        predicate.tag_ != "VBN" or any(c.dep_ in SUBJECTS or c.dep_ in CLAUSE_OPENERS for c in predicate.children))


def _said_of_inner_noun(token) -> bool:
    """The participle over `token` describes a noun inside a prepositional phrase ("This is one of the projects
    *proposed by* @x"): it says something of that noun (the projects), not of the sentence's subject ("This is the
    proposal written by @x" does)."""
    predicate = _predicate(token)
    return predicate is not None and predicate.dep_ == PARTICIPLE and predicate.head.dep_ == "pobj"


def _instruction(token) -> bool:
    """`token`'s sentence opens with a verb in its base form or as a gerund that has no subject."""
    first = next((t for t in token.sent if t.is_alpha), None)
    return first is not None and first.pos_ == "VERB" and first.tag_ in INSTRUCTION_TAGS and not any(
        c.dep_ in SUBJECTS for c in first.children)


def _modifies_other(end, names_type, verbless: bool = False) -> bool:
    """The name is a noun modifying another noun outside it that is no kind of thing ("*SSH* connections", "its own
    *RDS* instance"): what is said is said of that noun. Not before a noun naming the name's kind ("the *Data
    Platform* team"). `names_type` tells the kinds (by default every noun names one: the rule is off). `verbless`:
    the sentence has no subject of its own, so a noun at its root heads a phrase ("The required *API* level to …")."""
    head = end.root.head
    # (a noun the parse makes the root of a sentence with a subject is a verb it misread, "RabbitMQ runs as … and
    # relies on Consul")
    return end.root.dep_ == COMPOUND and head.i not in {t.i for t in end} and head.pos_ in ("NOUN", "PROPN") \
        and (head.dep_ != "ROOT" or verbless) and not names_type(head.text)


def contradicted(statement: Statement, doc, identity: bool = False, names_type=lambda noun: True) -> bool:
    """Whether `doc`, the parse of the statement's evidence sentence, contradicts the statement's reading (`identity`:
    that its two ends are one thing; `names_type(noun)`: whether a noun names a kind of entity)."""
    implicit = statement.extractor == "sentence_implicit"  # the subject is the paragraph's topic, not in the sentence
    said_of = statement.extractor == "sentence_object"  # the value is the paragraph's subject, not in the sentence
    subject = None if implicit else _span(doc, statement.evidence, statement.subject.text)
    value = None if said_of else _span(doc, statement.evidence, statement.value.text)
    if any(end is not None and end.root.dep_ == MODIFIER for end in (value, subject if said_of else None)):
        return True
    if any(end is not None and end.root.pos_ == "VERB" and end.root.tag_ == "VBG" for end in (subject, value)):
        return True  # an end that is a gerund ("Pinning consumer on the Interest stream") names an action, not a thing
    if not identity and any(end is not None and _modifies_other(end, names_type, implicit) for end in (subject, value)):
        return True
    if implicit:
        return value is not None and (bool(_arcs(value.root) & SUBJECTS) or _instruction(value.root)
                                      or _circumstance(value.root) or _said_of_inner_noun(value.root))
    if said_of:
        arcs = _arcs(subject.root) if subject is not None else set()
        return subject is not None and (bool(arcs & EMBEDDING) and not arcs & SUBJECTS or _instruction(subject.root)
                                        or _circumstance(subject.root))
    if subject is None or value is None:
        return False
    meet, _, _ = meeting_point(subject.root, value.root)
    if meet is None:
        return False
    if identity and meet.pos_ == "NOUN" and meet.i not in {t.i for end in (subject, value) for t in end}:
        return True
    if _circumstance(meet):
        return True
    return bool(_arcs(subject.root, meet) & EMBEDDING) or bool(_arcs(value.root, meet) & (SUBJECTS | {CIRCUMSTANCE}))


def contradicted_statements(read: list[tuple[Statement, str]], names_type=lambda noun: True) -> set[int]:
    """Indexes of the prose statements, each with the relation read from it, whose sentence's parse contradicts them
    (see the module's docstring)."""
    from ...language.spacy_pipeline import parse_all

    prose = [i for i, (s, _) in enumerate(read) if s.extractor.startswith("sentence")]
    if not prose:
        return set()  # (the trained pipeline is not even loaded)
    docs = parse_all([read[i][0].evidence for i in prose])
    return {i for i, doc in zip(prose, docs) if contradicted(read[i][0], doc, read[i][1] in IDENTITY, names_type)}
