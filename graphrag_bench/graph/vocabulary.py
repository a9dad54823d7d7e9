"""The one vocabulary of the graph (SPEC §3.3): entity types and relation types.

Every other module imports its types, relation names and their wording from here. Each
type carries a short natural-language description and each relation the types it connects
(its domain and range, i.e. the value type it expects) plus glosses: short phrasings of the
relation. Extraction and question reading never compare a document's labels or a
question's words with fixed lists; they embed them and compare them with these
descriptions (`graphrag_bench.language.semantics`). A gloss is written from the point of view of a
record or a row: `forward` glosses name the relation when the thing described is the
relation's source ("Depends on: X"), `inverse` glosses when it is the target ("Owner: X",
"Caused by: X", "Used by: X").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EntityType:
    name: str
    description: str
    glosses: tuple[str, ...] = ()  # nouns that name the type ("which unit …", "the Data Platform team")
    record: bool = False  # a record (document-like): its id is kept as written, e.g. decision:ADR-001


@dataclass(frozen=True)
class RelationType:
    name: str
    description: str
    domain: frozenset[str] = frozenset()  # types the source may have (empty: any)
    range: frozenset[str] = frozenset()  # types the target may have (empty: any) — the value type
    forward: tuple[str, ...] = ()
    inverse: tuple[str, ...] = ()
    phrase: str = ""  # how an answer states it: "<source> <phrase> <target>"
    semantic: bool = True  # a fact about the world (False: bookkeeping such as MENTIONED_IN)
    single_valued: bool = False  # one true target per source: two different targets conflict
    venue: str | None = None  # implied relation from the source to the document that states it
    expand: bool = True  # retrieval may follow it
    symmetric: bool = False  # says the same read either way round (two names of one thing, of two things)
    identity: bool = False  # its ends are one thing under two names (or a document and its record): no reasoning step


def _types(*names: str) -> frozenset[str]:
    return frozenset(names)


ENTITY_TYPES: dict[str, EntityType] = {t.name: t for t in [
    EntityType("person", "a person: an employee, engineer, manager, contractor or other individual",
               ("person", "employee", "engineer", "manager", "contractor", "individual", "colleague")),
    EntityType("team", "a team, unit, department, squad or other group of people in the organisation",
               ("team", "unit", "department", "squad", "group of people", "division")),
    EntityType("system", "a software system, service, application, component, database, store, queue, "
                         "platform, tool or piece of infrastructure",
               ("system", "service", "application", "component", "database", "data store", "message queue", "platform",
                "tool", "infrastructure", "server")),
    EntityType("decision", "a decision record: an architecture decision, design proposal or request for comments "
                           "that chooses between options and is approved",
               ("decision", "decision record", "architecture decision", "design proposal", "request for comments"),
               record=True),
    EntityType("incident", "an incident: an outage, failure, breach or disruption and its report, "
                           "post-incident review or postmortem",
               ("incident", "outage", "failure", "incident report", "post-incident review", "postmortem"), record=True),
    EntityType("change", "a change: a change request, change record, release or changelog entry that modifies "
                         "a production system",
               ("change", "change request", "change record", "release", "changelog entry"), record=True),
    EntityType("artifact", "a document: meeting notes, runbook, procedure, registry, map or other written record",
               ("document", "meeting notes", "meeting", "runbook", "procedure", "registry"), record=True),
    EntityType("date", "a calendar day", ("day", "date"), record=True),
    EntityType("concept", "any other named thing: a product, protocol, standard, place, project or topic",
               ("product", "protocol", "standard", "place", "project", "topic")),
]}
RECORD_TYPES = tuple(t.name for t in ENTITY_TYPES.values() if t.record and t.name != "date")
NAMED_TYPES = tuple(t.name for t in ENTITY_TYPES.values() if not t.record)
RECORDS = _types(*RECORD_TYPES)
PEOPLE = _types("person", "team")

RELATIONS: dict[str, RelationType] = {r.name: r for r in [
    RelationType(
        "DEPENDS_ON", "a system needs another system at run time", _types("system"), _types("system"),
        forward=("depends on", "relies on", "requires", "needs at run time", "calls", "talks to", "connects to",
                 "reads from", "writes to", "runs on", "backed by", "upstream", "dependencies", "upstream dependencies"),
        inverse=("used by", "required by", "needed by", "depended on by", "serves", "provides data to", "feeds",
                 "downstream", "dependents", "consumers"),
        phrase="depends on"),
    RelationType(
        "APPROVED_BY", "the person or group who approved a decision or change", _types("decision", "change"), PEOPLE,
        forward=("approved by", "approver", "sign-off", "signed off by", "accepted by", "authorised by", "ratified by",
                 "decision makers", "deciders", "approval"),
        inverse=("approved", "approves", "signed off", "gave the approval"),
        phrase="was approved by", venue="APPROVED_IN"),
    RelationType(
        "APPROVED_ON", "the day a decision or change was approved", _types("decision", "change"), _types("date"),
        forward=("approved on", "approval date", "signed off on", "accepted on", "date of approval"),
        phrase="was approved on", single_valued=True, venue="APPROVED_IN"),
    RelationType(
        "APPROVED_IN", "the meeting or document in which a decision or change was approved",
        _types("decision", "change"), _types("artifact"),
        forward=("approved in", "approved at the meeting", "approval recorded in"),
        phrase="was approved in"),
    RelationType(
        "AUTHORED_BY", "the person who wrote a record or document", RECORDS, PEOPLE,
        forward=("written by", "author", "authored by", "drafted by", "prepared by", "written up by", "notes by",
                 "minutes taken by", "proposed by", "requested by", "authorship"),
        inverse=("wrote", "authored", "drafted", "wrote up"),
        phrase="was written by"),
    RelationType(
        "DECIDES", "a decision chooses a system or technology to use", _types("decision"), _types("system", "concept"),
        forward=("decided to use", "decides to use", "chose", "selected", "adopted", "will use", "chosen option",
                 "selected technology", "we will adopt"),
        inverse=("chosen in", "selected by the decision", "adopted by the decision"),
        phrase="decides to use"),
    RelationType(
        "SUPERSEDES", "a record replaces an earlier record", RECORDS, RECORDS,
        forward=("supersedes", "replaces", "obsoletes", "takes the place of"),
        inverse=("superseded by", "replaced by", "obsoleted by"),
        phrase="supersedes"),
    RelationType(
        "RESOLVES", "a change fixes an incident", _types("change"), _types("incident"),
        forward=("resolves", "fixes", "remediates", "closes the incident"),
        inverse=("resolved by", "fixed by", "fix", "remediation", "resolution", "remediated by"),
        phrase="resolves"),
    RelationType(
        "CAUSED", "a change, system or event caused an incident", _types("change", "system", "concept", "decision"),
        _types("incident"),
        forward=("caused", "triggered", "led to the incident", "resulted in", "broke", "cause of"),
        inverse=("caused by", "root cause", "triggered by", "due to"),
        phrase="caused"),
    RelationType(
        "OWNS", "a person or team is responsible for a system or document", PEOPLE, _types("system", "artifact"),
        forward=("owns", "maintains", "is responsible for", "runs", "looks after", "ownership"),
        inverse=("owner", "owned by", "maintainer", "maintained by", "responsible", "owning team", "accountable",
                 "steward", "custodian"),
        phrase="owns"),
    RelationType(
        "LED_BY", "the person who led the response to an incident", _types("incident", "artifact"), _types("person"),
        forward=("led by", "incident commander", "incident lead", "coordinated by", "in charge of the response"),
        inverse=("led the incident", "commanded"),
        phrase="was led by"),
    RelationType(
        "ATTENDED", "a person took part in a meeting", _types("person"), _types("artifact"),
        forward=("attended", "was present at", "took part in"),
        inverse=("attendees", "present", "participants", "in attendance"),
        phrase="attended"),
    RelationType(
        "MEMBER_OF", "a person belongs to a team", _types("person"), _types("team"),
        forward=("member of", "team", "belongs to", "works in", "part of the group", "unit", "department", "membership"),
        inverse=("members", "team members"),
        phrase="is a member of"),
    RelationType(
        "SAME_AS", "two names of one thing: an alias, a former name, a spelling variant",
        forward=("also known as", "formerly", "renamed to", "now called", "previously called", "alias",
                 "also written", "also appears as", "name variants", "other names", "is the same as"),
        phrase="is also known as", symmetric=True, identity=True),
    RelationType(
        "DIFFERENT_FROM", "two similar names of different things", forward=(
            "is not the same as", "is not the same person as", "not to be confused with", "different people",
            "distinct from", "different from"),
        phrase="is not the same as", semantic=False, expand=False, symmetric=True),
    RelationType(
        "REFERENCES", "a document refers to another document", forward=(
            "references", "related", "see also", "links to", "related documents"),
        phrase="references", semantic=False),
    RelationType("RECORDS", "a document holds a typed record", phrase="records", semantic=False, identity=True),
    RelationType("MENTIONED_IN", "a name occurs in a document", phrase="is mentioned in", semantic=False, expand=False),
    RelationType("POSSIBLE_SAME_AS", "two near-identical names flagged for review", phrase="may be the same as",
                 semantic=False, expand=False),
    RelationType("RELATED_TO", "a relation the vocabulary has no type for; its label says what it is",
                 phrase="is related to", semantic=False),
]}

GENERIC = "RELATED_TO"  # the type of a labelled relation no vocabulary type matches
MENTION = "MENTIONED_IN"  # a name occurs in a document: bookkeeping, but between two documents a link
# The relation types extraction may choose for a label (the bookkeeping ones are made by the pipeline itself).
MATCHABLE = tuple(r.name for r in RELATIONS.values() if r.forward or r.inverse)
SEMANTIC = frozenset(r.name for r in RELATIONS.values() if r.semantic)
EXPAND_TYPES = tuple(r.name for r in RELATIONS.values() if r.expand)
PHRASES = {r.name: r.phrase for r in RELATIONS.values()}
SYMMETRIC = frozenset(r.name for r in RELATIONS.values() if r.symmetric)
IDENTITY = frozenset(r.name for r in RELATIONS.values() if r.identity)
TYPE_BY_PHRASE = {phrase: name for name, phrase in PHRASES.items()}


@dataclass(frozen=True)
class QuestionShape:
    """A way of asking that is not a relation: the whole path between two things, or a whole chain."""

    name: str
    glosses: tuple[str, ...] = field(default_factory=tuple)


QUESTION_SHAPES = (
    QuestionShape("path", ("what connects", "how is it connected to", "the chain from", "the path between",
                           "the link between", "how does it relate to")),
    QuestionShape("transitive", ("directly or indirectly", "transitively", "all the way down", "the whole chain of",
                                 "everything it ultimately")),
)


def fits(types: frozenset[str], etype: str) -> bool:
    return not types or etype in types


# The phrases each relation is known by (its glosses), lower case: a text that uses one says the relation.
GLOSS_PATTERNS = {name: re.compile(r"(?<![a-z])(?:" + "|".join(re.escape(g) for g in sorted({*r.forward, *r.inverse, r.phrase} - {""},
                                                                                         key=len, reverse=True)) + r")(?![a-z])")
                  for name, r in RELATIONS.items() if r.forward or r.inverse}
