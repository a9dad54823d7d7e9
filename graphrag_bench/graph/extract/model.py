"""What extraction produces, stage by stage.

Pass 1 and 2 read each document into `Statement`s — subject, label, value, with provenance —
without deciding what the label means; pass 3 (corpus level) types every name and reads every
label against the vocabulary, producing the `Extraction`: mentions and typed relationships.
Plain tuples, so per-document results are cheap to cache and to load back.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from ...corpus.untrusted import Flag

NAME, RECORD, DATE, LITERAL = "name", "record", "date", "literal"
CANDIDATE = "candidate"  # a name found only by its typography in prose: an entity only if a typed statement says so


class Term(NamedTuple):
    """One end of a statement: a name ('Auth Service'), a record id ('ADR-001'), a day ('2026-02-20') or a literal."""

    text: str
    kind: str = NAME


class Statement(NamedTuple):
    """`subject —label→ value` as a document states it; `label` is read from the subject's side."""

    subject: Term
    label: str
    value: Term
    doc_id: str
    line: int
    evidence: str
    extractor: str
    context: str = ""  # heading or caption that can name the relation when the label alone does not
    certainty: float = 1.0


class Declared(NamedTuple):
    """A name a document defines in its structure (a table row, a diagram node, a directory entry)."""

    name: str
    doc_id: str
    line: int
    how: str  # table | diagram | topic | field
    hint: str = ""  # the column header or heading over it (a weak hint of its type)


class Paragraph(NamedTuple):
    """Prose: consecutive lines joined, with what it is about."""

    text: str
    line_starts: tuple[tuple[int, int], ...]  # (character offset, line number) of each joined line
    subject: Term  # the record of the section it sits in
    topic: Term | None  # the entry it describes ('**Jon Elis** — field technician …'), if any
    context: str  # the nearest heading

    def line_at(self, offset: int) -> int:
        line = self.line_starts[0][1]
        for start, number in self.line_starts:
            if start > offset:
                break
            line = number
        return line


@dataclass
class ParsedDocument:
    """Pass 1 of one document."""

    doc_id: str
    subject: Term  # the document's own record
    title: str
    statements: list[Statement] = field(default_factory=list)
    declared: list[Declared] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    records: list[tuple[str, int, str]] = field(default_factory=list)  # (id, line, heading) of records defined here
    entries: set[str] = field(default_factory=set)  # names of headings that may be what their section is about
    warnings: list[str] = field(default_factory=list)


class Mention(NamedTuple):
    key: str
    type: str
    name: str
    doc_id: str
    line: int
    extractor: str


class Relation(NamedTuple):
    source: str
    target: str
    type: str
    doc_id: str
    line: int
    evidence: str
    extractor: str
    certainty: float
    label: str = ""  # the document's own words for it ("Sign-off", "talks to")


@dataclass
class Extraction:
    """Everything a corpus yields, keyed and typed."""

    mentions: list[Mention] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    # alias statements: (alias name, key of the name it is an alias of, doc, line, evidence, confidence)
    aliases: list[tuple] = field(default_factory=list)
    # statements that two names are different things: (key a, key b, doc, line, evidence)
    distinct: list[tuple] = field(default_factory=list)
    # key → {"doc_id", "line", "table"}: names a document's structure defines (registry rows, directory entries)
    registry: dict[str, dict] = field(default_factory=dict)
    attributes: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))
    warnings: list[str] = field(default_factory=list)
    processed: list[str] = field(default_factory=list)  # documents read in this call
    reused: list[str] = field(default_factory=list)  # unchanged documents taken from the cache
    fingerprint: str = ""  # identifies the whole input: same fingerprint, same resolution
    untrusted: list[Flag] = field(default_factory=list)  # lines no pass was allowed to read
