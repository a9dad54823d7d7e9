"""Extraction: entity mentions and relationships with provenance, deterministic, offline.

Two passes over each document:
1. Structural parsing — header fields (`Author: …`, `| Approver | … |`), markdown tables
   (registries like a systems map or a people table: the first column's header says the
   entity type), arrow diagrams in code fences, reference lists, section headings that
   start with an id (changelog entries). This pass also collects every entity name the
   corpus defines, which becomes the vocabulary of pass 2.
2. Prose — a spaCy pipeline (blank English, sentencizer, EntityRuler built from the
   vocabulary of pass 1 plus document ids found by pattern) finds mentions in sentences;
   trigger phrases between two mentions give relationships.
Nothing here knows a name from the default corpus: all names come from the corpus itself.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import spacy
from spacy.language import Language

from .ingest import ID_IN_TEXT, Document
from .keys import entity_key
from .settings import id_types_from_env

# Table header words → entity type of that column.
TYPE_BY_HEADER = {
    "system": "system", "systems": "system", "component": "system", "service": "system",
    "application": "system", "database": "system", "depends on": "system",
    "name": "person", "person": "person", "people": "person", "member": "person",
    "owner": "person", "approver": "person", "author": "person", "lead": "person",
    "team": "team", "owner team": "team",
}
ALIAS_HEADERS = {"also appears as", "aliases", "alias", "also known as", "aka", "formerly", "variants"}
# Words that give a free-form column header its meaning ("Service name", "Owner(s)", "Upstream dependencies").
HEADER_WORDS = [
    ({"depends", "dependencies", "dependency", "requires", "upstream", "needs"}, "depends on"),
    ({"alias", "aliases", "aka", "formerly", "variants", "appears"}, "also appears as"),
    ({"team", "squad", "group"}, "team"),
    ({"owner", "owners", "lead", "maintainer", "maintainers"}, "owner"),
    ({"approver", "approvers"}, "approver"),
    ({"author", "authors"}, "author"),
    ({"system", "systems", "service", "services", "component", "components", "application", "applications", "database"}, "system"),
    ({"name", "person", "people", "member", "members", "employee"}, "name"),
]


def header_kind(header: str) -> str:
    """A table header in the vocabulary the parser understands; unknown headers stay as they are."""
    head = re.sub(r"\(s\)", "", header.lower()).strip()
    if head in TYPE_BY_HEADER or head in ALIAS_HEADERS or head in ATTRIBUTE_HEADERS:
        return head
    words = set(re.findall(r"[a-z]+", head))
    if {"owner", "owners"} & words and {"team", "squad", "group"} & words:
        return "owner team"
    return next((kind for cue, kind in HEADER_WORDS if cue & words), head)
ATTRIBUTE_HEADERS = {"role", "kind", "type", "purpose", "description", "why"}
# Header field (key: value) → (relation, value type, direction). "in" = subject REL value.
FIELD_RELATIONS = {
    "author": ("AUTHORED_BY", "person", "out"), "notes by": ("AUTHORED_BY", "person", "out"),
    "written by": ("AUTHORED_BY", "person", "out"), "approver": ("APPROVED_BY", "person", "out"),
    "approved by": ("APPROVED_BY", "person", "out"), "owner": ("OWNS", "person", "in"),
    "incident commander": ("LED_BY", "person", "out"), "attendees": ("ATTENDED", "person", "in"),
    "supersedes": ("SUPERSEDES", "ref", "out"), "related": ("REFERENCES", "ref", "out"),
    "references": ("REFERENCES", "ref", "out"), "see also": ("REFERENCES", "ref", "out"),
}
ATTRIBUTE_FIELDS = {"status", "date", "severity", "duration", "last reviewed", "title"}
# Other spellings of the same header fields (plurals, MADR "Deciders", meeting "Participants", …).
FIELD_SYNONYMS = {
    "authors": "author", "author(s)": "author", "owners": "owner", "owner(s)": "owner", "owned by": "owner",
    "maintainer": "owner", "maintainers": "owner", "approvers": "approver", "approver(s)": "approver",
    "deciders": "approver", "decision makers": "approver", "signed off by": "approver", "participants": "attendees",
    "attendee": "attendees", "present": "attendees", "incident lead": "incident commander", "related documents": "related",
    "superseded": "supersedes", "replaces": "supersedes",
}
PERSON_NAME = re.compile(r"^(?:[A-Z]\.|[A-Z][a-z'’-]+)(?:\s+(?:[A-Z]\.|[A-Z][a-z'’-]+|Jr\.|Sr\.|II|III|IV))+$")
FIELD_LINE = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*)?([A-Za-z][A-Za-z ]{1,30}?)(?::\*\*|\*\*:|:)\s+(.+?)\s*$")
# Diagram arrows: "A --> B", "A -> B -> C", "[A] → [B]", Mermaid "gw[Gateway] -->|calls| auth(Auth Service)".
ARROW_SPLIT = re.compile(r"\s*(?:--\s*[^->|]+?\s*-->|-\.->|-->|==>|->|→)(?:\|[^|]*\|)?\s*")
MERMAID_NODE = re.compile(r"^(?P<id>[A-Za-z][\w-]*)\s*(?:\[\(?\"?(?P<a>[^\]\)\"]+)\"?\)?\]|\(\(?(?P<b>[^)]+)\)?\)|\{(?P<c>[^}]+)\})$")
DIAGRAM_KEYWORDS = re.compile(r"^(?:graph|flowchart|subgraph|end|classDef|class|style|linkStyle|%%)\b")


def diagram_chain(line: str, labels: dict[str, str]) -> list[str]:
    """The node names of one arrow line, in order (empty if the line has no arrow).

    Mermaid node ids are mapped to their labels, and remembered for later lines of the same diagram.
    """
    if DIAGRAM_KEYWORDS.match(line) or not ARROW_SPLIT.search(line):
        return []
    names = []
    for part in ARROW_SPLIT.split(line.strip().rstrip(";")):
        part = part.strip()
        node = MERMAID_NODE.match(part)
        if node:
            labels[node.group("id")] = (node.group("a") or node.group("b") or node.group("c")).strip()
            part = labels[node.group("id")]
        name = _clean_name(labels.get(part, part).strip("[]() "))
        if not name:
            return []
        names.append(name)
    return names if len(names) >= 2 else []
DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
LEADING_DETERMINER = re.compile(r"^(?:the|a|an|our|this)\s+", re.IGNORECASE)
NAME = r"[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*)*"  # capitalised words; a sentence stop ends the name
ALIAS_PATTERNS = [  # (regex, which group is the newer/canonical name)
    re.compile(rf"(?P<old>{NAME})\s+(?:is now called|is now named|was renamed to|renamed to)\s+(?P<new>{NAME})"),
    re.compile(rf"(?P<new>{NAME})\s+was (?:called|named|known as)\s+(?P<old>{NAME})"),
    re.compile(rf"(?P<new>{NAME}),?\s+\(?(?:formerly|previously|also known as|a\.k\.a\.|aka)\s+(?P<old>{NAME})"),
]
# Prose triggers between two mentions. Order matters: the first that matches wins.
TRIGGERS = [
    ("DEPENDS_ON", re.compile(r"\b(?:depends on|relies on|requires|needs)\b")),
    ("OWNED_BY", re.compile(r"\bowned by\b")),
    ("OWNS", re.compile(r"\bowns\b")),
    ("RESOLVES", re.compile(r"\b(?:resolves|resolved|fixes|fixed)\b")),
    ("CAUSED", re.compile(r"\b(?:caused|triggered|led to)\b")),
    ("SUPERSEDES", re.compile(r"\b(?:supersedes|replaces)\b")),
]
DECIDES = re.compile(r"\b(?:decided to use|decide to use|chose|will use|adopted|selected)\b", re.IGNORECASE)
APPROVED = re.compile(r"\b(?:approved|signed off)\b", re.IGNORECASE)
SYSTEM_CUE = re.compile(rf"\b(?:decided to use|decide to use|chose|adopted|selected|depends on|relies on)\s+(?:the\s+)?(?P<name>{NAME})")
LIST_JOIN = re.compile(r"^\s*(?:,|and|or|, and)\s*$")
EXTRACTOR_VERSION = "4"  # bump when extraction rules change: cached results are then ignored


def _digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:20]


class ExtractionCache:
    """Per-document extraction results (or the last resolution) in one pickle file of the data folder.

    `save()` keeps only the entries used since `load`, so deleted or changed documents leave nothing behind.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._old: dict = {}
        self._used: dict = {}
        if self.path.exists():
            try:
                self._old = pickle.loads(self.path.read_bytes())
            except (pickle.UnpicklingError, EOFError, AttributeError, ImportError):
                self._old = {}  # an unreadable cache only costs a full extraction

    def get(self, key: str):
        if key in self._used:
            return pickle.loads(self._used[key])
        if key in self._old:
            self._used[key] = self._old[key]
            return pickle.loads(self._old[key])
        return None

    def keep_all(self) -> None:
        self._used = {**self._old, **self._used}

    def put(self, key: str, value) -> None:
        self._used[key] = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(self._used, protocol=pickle.HIGHEST_PROTOCOL))
        tmp.replace(self.path)


class Mention(NamedTuple):  # tuples: cheap to cache and to load back
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


@dataclass
class Extraction:
    """Everything one document (or a corpus) yields."""

    mentions: list[Mention] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    # alias name → (canonical name, type, doc, line, evidence, confidence)
    aliases: list[tuple] = field(default_factory=list)
    # key → {"doc_id", "line", "table"}: rows of registry tables that define an entity
    registry: dict[str, dict] = field(default_factory=dict)
    attributes: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))
    warnings: list[str] = field(default_factory=list)
    processed: list[str] = field(default_factory=list)  # documents extracted in this call
    reused: list[str] = field(default_factory=list)  # unchanged documents taken from the cache
    fingerprint: str = ""  # identifies the whole input: same fingerprint, same resolution

    def to_state(self) -> tuple:
        """Plain tuples for the cache (loading plain tuples back is several times faster than objects)."""
        return ([tuple(m) for m in self.mentions], [tuple(r) for r in self.relations], self.aliases, self.registry,
                dict(self.attributes), self.warnings)

    @classmethod
    def from_state(cls, state: tuple) -> "Extraction":
        mentions, relations, aliases, registry, attributes, warnings = state
        out = cls(list(map(Mention._make, mentions)), list(map(Relation._make, relations)), aliases, registry,
                  defaultdict(dict, attributes), warnings)
        return out

    def extend(self, other: "Extraction") -> None:
        self.mentions += other.mentions
        self.relations += other.relations
        self.aliases += other.aliases
        for key, entry in other.registry.items():
            self.registry.setdefault(key, entry)
        for key, attrs in other.attributes.items():
            for name, value in attrs.items():
                self.attributes[key].setdefault(name, value)
        self.warnings += other.warnings


def doc_entity(doc_id: str, id_types: dict[str, str]) -> str:
    """The typed record a document id stands for (decision:ADR-001), else its artifact."""
    prefix = doc_id.split("-", 1)[0].upper()
    return entity_key(id_types.get(prefix, "artifact"), doc_id)


def _split_row(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _is_separator(line: str) -> bool:
    return bool(re.match(r"^\s*\|?\s*:?-{2,}", line)) and set(line.strip()) <= set("|-: ")


def _clean_name(text: str) -> str:
    text = re.sub(r"[`*_]", "", text).strip().strip(".,;:")
    return LEADING_DETERMINER.sub("", text).strip()


def _is_field(key: str) -> bool:
    key = key.lower().strip()
    key = FIELD_SYNONYMS.get(key, key)
    return key in FIELD_RELATIONS or key in ATTRIBUTE_FIELDS


def _names(value: str) -> list[str]:
    parts = re.split(r",|;|\band\b", value.strip().strip("[]").replace('"', "").replace("'", ""))
    return [n for n in (_clean_name(p) for p in parts) if n and n not in {"—", "-"}]


class DocumentParser:
    """Pass 1 for one document: structure, vocabulary, and line classes for pass 2."""

    def __init__(self, doc: Document, id_types: dict[str, str], known_ids: dict[str, str], id_prefixes: set[str]):
        self.doc, self.id_types, self.known_ids_map = doc, id_types, known_ids
        self.known_ids = known_ids.keys()
        self.id_prefixes = id_prefixes
        self.out = Extraction()
        self.artifact = entity_key("artifact", doc.doc_id)
        self.subject = doc_entity(doc.doc_id, id_types)
        self.prose: list[tuple[int, str, str]] = []  # (line, text, section subject)

    def ref_key(self, ref: str) -> str | None:
        """Key of an id reference (ADR-002, DEPENDENCIES.md), or None if it is not one."""
        ref = _clean_name(ref.split("(")[0])
        match = ID_IN_TEXT.fullmatch(ref)
        if match and (ref.lower() in self.known_ids or ref.split("-", 1)[0].upper() in self.id_prefixes):
            return doc_entity(match.group(1), self.id_types)
        if ref.lower() in self.known_ids:
            return doc_entity(self.known_ids_map[ref.lower()], self.id_types)
        return None

    def mention(self, key: str, etype: str, name: str, line: int, extractor: str) -> None:
        if key:
            self.out.mentions.append(Mention(key, etype, name, self.doc.doc_id, line, extractor))

    def relate(self, src: str, dst: str, rtype: str, line: int, extractor: str, certainty: float) -> None:
        if src and dst and src != dst:
            evidence = self.doc.lines[line - 1].strip()[:300]
            self.out.relations.append(Relation(src, dst, rtype, self.doc.doc_id, line, evidence, extractor, certainty))

    def attribute(self, key: str, name: str, value: str, line: int) -> None:
        """A header field of an entity (status, date, severity, role …), with the document and line that state it."""
        self.out.attributes[key].setdefault(name, [value, self.doc.doc_id, line])

    def named(self, etype: str, name: str, line: int, extractor: str) -> str:
        key = entity_key(etype, name)
        if not key:
            self.out.warnings.append(f"{self.doc.path}:{line}: entity name {name!r} normalizes to an empty key; skipped")
            return ""
        self.mention(key, etype, name, line, extractor)
        return key

    def field(self, subject: str, key: str, value: str, line: int) -> None:
        key = key.lower().strip()
        key = FIELD_SYNONYMS.get(key, key)
        if key in FIELD_RELATIONS:
            rtype, vtype, direction = FIELD_RELATIONS[key]
            for name in _names(value):
                if vtype == "ref":
                    target = self.ref_key(name)
                    if target:
                        self.mention(target, target.split(":")[0], name, line, "header_field")
                elif PERSON_NAME.match(name):
                    target = self.named(vtype, name, line, "header_field")
                else:
                    continue
                if direction == "out":
                    self.relate(subject, target, rtype, line, "header_field", 1.0)
                else:
                    self.relate(target, subject, rtype, line, "header_field", 1.0)
        elif key in ATTRIBUTE_FIELDS:
            self.attribute(subject, key.replace(" ", "_"), value.strip(), line)

    def table(self, header: list[str], rows: list[tuple[int, list[str]]], subject: str) -> None:
        heads = [header_kind(h) for h in header]
        if len(heads) == 2 and heads[0] in {"field", "key", "property"}:
            for line, cells in rows:
                if len(cells) >= 2:
                    self.field(subject, cells[0], cells[1], line)
            return
        row_type = TYPE_BY_HEADER.get(heads[0]) if heads else None
        for line, cells in rows:
            if row_type is None or not cells or not _clean_name(cells[0]):
                self.prose.append((line, ". ".join(c for c in cells if c), subject))
                continue
            row_key = self.named(row_type, _clean_name(cells[0]), line, "registry_table")
            if not row_key:
                continue
            if heads[0] not in {"depends on", "owner", "approver", "author"}:
                self.out.registry.setdefault(row_key, {"doc_id": self.doc.doc_id, "line": line, "table": heads[0]})
            for head, cell in zip(heads[1:], cells[1:]):
                if not cell:
                    continue
                if head in ALIAS_HEADERS:
                    for alias in _names(cell):
                        self.out.aliases.append((alias, row_key, self.doc.doc_id, line, self.doc.lines[line - 1].strip(), 0.95))
                elif head in ATTRIBUTE_HEADERS:
                    self.attribute(row_key, head, cell, line)
                    if head == "why":
                        continue
                elif TYPE_BY_HEADER.get(head):
                    vtype = TYPE_BY_HEADER[head]
                    for name in _names(cell):
                        if vtype == "person" and not PERSON_NAME.match(name):
                            continue
                        target = self.named(vtype, name, line, "registry_table")
                        if head == "depends on":
                            self.relate(row_key, target, "DEPENDS_ON", line, "table", 1.0)
                        elif head == "team":
                            self.relate(row_key, target, "MEMBER_OF", line, "table", 1.0)
                        elif head in {"owner", "lead", "owner team"}:
                            self.relate(target, row_key, "OWNS", line, "table", 1.0)
                        elif head == "approver":
                            self.relate(row_key, target, "APPROVED_BY", line, "table", 1.0)
                        elif head == "author":
                            self.relate(row_key, target, "AUTHORED_BY", line, "table", 1.0)

    def parse(self) -> "DocumentParser":
        lines = self.doc.lines
        self.named("artifact", self.doc.doc_id, 1, "document")
        if self.subject != self.artifact:
            self.mention(self.subject, self.subject.split(":")[0], self.doc.doc_id, 1, "document")
            self.relate(self.artifact, self.subject, "RECORDS", 1, "document", 1.0)
        subject, in_fence, i = self.subject, False, 0
        if lines and lines[0].strip() == "---":  # front matter: its header fields, then the body
            end = next((j for j in range(1, len(lines)) if lines[j].strip() == "---"), 0)
            for j in range(1, end):
                field_match = FIELD_LINE.match(lines[j])
                if field_match and _is_field(field_match.group(1)):
                    self.field(subject, field_match.group(1), field_match.group(2), j + 1)
            i = end + 1 if end else 0
        section_refs = False
        while i < len(lines):
            line_no, text = i + 1, lines[i]
            stripped = text.strip()
            if stripped.startswith("```"):
                in_fence = not in_fence
                node_labels: dict[str, str] = {}
            elif in_fence:
                nodes = diagram_chain(stripped, node_labels)
                keys = [self.named("system", name, line_no, "diagram") for name in nodes]
                for src, dst in zip(keys, keys[1:]):
                    self.relate(src, dst, "DEPENDS_ON", line_no, "diagram", 1.0)
            elif re.match(r"^#{1,6}\s", text):
                heading = text.lstrip("#").strip()
                section_refs = heading.lower() in {"references", "related", "see also", "related documents"}
                match = ID_IN_TEXT.match(heading)
                subject = self.subject
                if match and text.startswith("##"):
                    subject = doc_entity(match.group(1), self.id_types)
                    self.mention(subject, subject.split(":")[0], match.group(1), line_no, "section_heading")
                    date = DATE.search(heading)
                    if date:
                        self.attribute(subject, "date", date.group(1), line_no)
            elif stripped.startswith("|") and i + 1 < len(lines) and _is_separator(lines[i + 1]):
                header, rows, j = _split_row(stripped), [], i + 2
                while j < len(lines) and lines[j].strip().startswith("|"):
                    rows.append((j + 1, _split_row(lines[j])))
                    j += 1
                self.table(header, rows, subject)
                i = j
                continue
            elif stripped:
                field_match = FIELD_LINE.match(stripped)
                if field_match and _is_field(field_match.group(1)):
                    self.field(subject, field_match.group(1), field_match.group(2), line_no)
                else:
                    item = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", text)
                    if section_refs:
                        target = self.ref_key(item)
                        if target:
                            self.mention(target, target.split(":")[0], item, line_no, "reference_list")
                            self.relate(self.subject, target, "REFERENCES", line_no, "reference_list", 1.0)
                    self.prose.append((line_no, item, subject))
            i += 1
        return self


class Extractor:
    """Corpus-level extraction: pass 1 over all documents, then prose with a shared ruler."""

    def __init__(self, id_types: dict[str, str] | None = None):
        # Document-kind conventions: an id prefix that names a typed record besides the document.
        self.id_types = dict(id_types_from_env() if id_types is None else id_types)

    def vocabulary(self, parsers: list[DocumentParser]) -> dict[str, tuple[str, str]]:
        """Surface name → (key, type) for every name pass 1 found, plus aliases."""
        vocab: dict[str, tuple[str, str]] = {}
        for parser in parsers:
            for m in parser.out.mentions:
                # Ids are matched by the DOCID pattern, which maps them to their typed record.
                if m.type != "date" and not ID_IN_TEXT.fullmatch(m.name):
                    vocab.setdefault(m.name, (m.key, m.type))
        for parser in parsers:
            for alias, target, *_ in parser.out.aliases:
                ttype = target.split(":")[0]
                vocab.setdefault(alias, (entity_key(ttype, alias), ttype))
        return vocab

    def build_nlp(self, vocab: dict[str, tuple[str, str]]) -> Language:
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
        patterns = [{"label": etype, "pattern": name, "id": key} for name, (key, etype) in sorted(vocab.items()) if len(name) >= 2]
        patterns.append({"label": "DOCID", "pattern": [{"TEXT": {"REGEX": ID_IN_TEXT.pattern.replace("\\b", "")}}]})
        ruler.add_patterns(patterns)
        return nlp

    def extract(self, documents: list[Document], cache: "ExtractionCache | None" = None) -> Extraction:
        """All documents; with a cache, unchanged documents reuse their earlier results.

        A document's structural pass is reused when its content and the corpus's set of ids are
        unchanged; its prose pass when, in addition, the corpus vocabulary is unchanged (a new
        name in a registry means every document's prose is read again).
        """
        known = {d.doc_id.lower(): d.doc_id for d in documents}
        known.update({d.path.lower(): d.doc_id for d in documents})
        # An id-shaped token (SEV-1) is a reference only if its prefix names a kind of record.
        id_prefixes = set(self.id_types) | {i.split("-", 1)[0].upper() for i in known.values() if ID_IN_TEXT.fullmatch(i)}
        corpus_key = _digest([EXTRACTOR_VERSION, sorted(known.items()), sorted(self.id_types.items())])
        corpus_fingerprint = "corpus|" + _digest([corpus_key, [d.content_hash for d in documents]])
        if cache is not None:  # fast path: nothing changed since a cached run → its per-document results
            fast = self._from_cache(documents, cache, cache.get(corpus_fingerprint))
            if fast is not None:
                return fast
        parsers, keys = [], {}
        for doc in documents:
            keys[doc.doc_id] = f"structure|{doc.content_hash}|{corpus_key}"
            cached = cache.get(keys[doc.doc_id]) if cache else None
            parser = DocumentParser(doc, self.id_types, known, id_prefixes)
            if cached is not None:
                parser.out, parser.prose = Extraction.from_state(cached[0]), cached[1]
            else:
                parser.parse()
                if cache is not None:
                    cache.put(keys[doc.doc_id], (parser.out.to_state(), parser.prose))
            parsers.append(parser)
        # Aliases stated in prose ("EdgeProxy is now called Gateway") join the vocabulary, and so do
        # names no registry lists but prose uses as a system ("we decided to use Kafka").
        vocab = self.vocabulary(parsers)
        lower_vocab = {name.lower(): v for name, v in vocab.items()}
        for parser in parsers:
            for line_no, text, _subject in parser.prose:
                for match in SYSTEM_CUE.finditer(text):
                    name = _clean_name(match.group("name"))
                    if name.lower() not in lower_vocab and not ID_IN_TEXT.fullmatch(name) and len(name) >= 2:
                        parser.mention(entity_key("system", name), "system", name, line_no, "prose_discovery")
                for pattern in ALIAS_PATTERNS:
                    for match in pattern.finditer(text):
                        old, new = _clean_name(match.group("old")), _clean_name(match.group("new"))
                        target = lower_vocab.get(new.lower())
                        if target and old.lower() != new.lower() and old.lower() not in lower_vocab:
                            parser.out.aliases.append((old, target[0], parser.doc.doc_id, line_no, text.strip()[:300], 0.9))
        vocab = self.vocabulary(parsers)
        vocab_key = _digest(sorted(vocab.items()))
        nlp = None
        result = Extraction()
        prose_keys = []
        for parser in parsers:
            key = f"prose|{keys[parser.doc.doc_id]}|{vocab_key}|{_digest(parser.out.aliases)}"
            prose_keys.append(key)
            cached = cache.get(key) if cache else None
            if cached is not None:
                parser.out = Extraction.from_state(cached)
                result.reused.append(parser.doc.doc_id)
            else:
                nlp = nlp or self.build_nlp(vocab)
                self._prose(parser, nlp)
                if cache is not None:
                    cache.put(key, parser.out.to_state())
                result.processed.append(parser.doc.doc_id)
            result.extend(parser.out)
        result.fingerprint = _digest(prose_keys)
        if cache is not None:
            cache.put(corpus_fingerprint, prose_keys)
            cache.save()
        return result

    @staticmethod
    def _from_cache(documents: list[Document], cache: "ExtractionCache", prose_keys: list[str] | None) -> Extraction | None:
        if prose_keys is None:
            return None
        states = [cache.get(key) for key in prose_keys]
        if any(state is None for state in states):
            return None
        result = Extraction(reused=[d.doc_id for d in documents], fingerprint=_digest(prose_keys))
        for state in states:
            result.extend(Extraction.from_state(state))
        cache.keep_all()  # nothing changed: every entry stays valid for the next edit
        cache.save()
        return result

    def _prose(self, parser: DocumentParser, nlp: Language) -> None:
        texts = [text for _, text, _ in parser.prose]
        for (line_no, _text, subject), sdoc in zip(parser.prose, nlp.pipe(texts, batch_size=256)):
            for sent in sdoc.sents:
                ents = []
                for ent in sent.ents:
                    if ent.label_ == "DOCID":
                        key = parser.ref_key(ent.text)
                        etype = key.split(":")[0] if key else None
                    else:
                        key, etype = ent.ent_id_, ent.label_
                    if key:
                        ents.append((ent.start_char, ent.end_char, key, etype, ent.text))
                        parser.mention(key, etype, ent.text, line_no, "entity_ruler")
                self._relations(parser, sent, ents, line_no, subject)

    def _relations(self, parser: DocumentParser, sent, ents: list[tuple], line_no: int, subject: str) -> None:
        text, base = sent.text, sent.start_char
        rel = lambda s, d, t, c=0.9: parser.relate(s, d, t, line_no, "sentence_pattern", c)  # noqa: E731
        for i, (_, a_end, a_key, _a_type, _) in enumerate(ents):
            if i + 1 >= len(ents):
                break
            b_start, _, b_key, _, _ = ents[i + 1]
            between = text[a_end - base : b_start - base].lower()
            if len(between) > 60:
                continue
            for rtype, pattern in TRIGGERS:
                if pattern.search(between):
                    targets = [b_key]
                    for k in range(i + 1, len(ents) - 1):  # "depends on A, B and C"
                        if LIST_JOIN.match(text[ents[k][1] - base : ents[k + 1][0] - base]):
                            targets.append(ents[k + 1][2])
                        else:
                            break
                    for target in targets:
                        if rtype == "OWNED_BY":
                            rel(target, a_key, "OWNS")
                        else:
                            rel(a_key, target, rtype)
                    break
        # Subject-less forms: "This decision supersedes ADR-001", "Resolves INC-002."
        first = ents[0] if ents else None
        lowered = text.lower()
        for rtype in ("SUPERSEDES", "RESOLVES", "CAUSED"):
            pattern = dict(TRIGGERS)[rtype]
            match = pattern.search(lowered)
            if match and first and first[0] - base > match.start() and first[2] != subject:
                if not any(e[1] - base <= match.start() for e in ents):
                    rel(subject, first[2], rtype, 0.8)
        if re.search(r"\bcaused\b", lowered) and first and first[1] - base <= lowered.find("caused") and subject.startswith("incident:"):
            if not any(e[0] - base > lowered.find("caused") for e in ents):
                rel(first[2], subject, "CAUSED", 0.8)
        decide = DECIDES.search(text)
        if decide:
            chooser = next((e[2] for e in ents if e[1] - base <= decide.start() and e[3] == "decision"), None)
            chooser = chooser or (subject if subject.startswith("decision:") else None)
            chosen = next((e for e in ents if e[0] - base >= decide.end() and e[3] == "system"), None)
            if chooser and chosen:
                rel(chooser, chosen[2], "DECIDES", 0.95)
        approve = APPROVED.search(text)
        if approve:
            targets = [e for e in ents if e[3] in {"decision", "change"} and e[2] != subject]
            approver = next((e[2] for e in ents if e[3] == "person" and e[1] - base <= approve.start()), None)
            dates = [d for d in DATE.finditer(text) if d.start() > approve.start()]
            for target in targets:
                if approver:
                    rel(target[2], approver, "APPROVED_BY", 0.95)
                if parser.subject != target[2]:
                    rel(target[2], parser.artifact, "APPROVED_IN", 0.9)
                for date in dates[:1]:
                    day = entity_key("date", date.group(1))
                    parser.mention(day, "date", date.group(1), line_no, "sentence_pattern")
                    rel(target[2], day, "APPROVED_ON", 0.9)
