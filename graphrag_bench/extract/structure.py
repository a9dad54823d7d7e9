"""Pass 1 of extraction, one document at a time: header fields, registry tables, diagrams,
reference lists and changelog-style section headings. It also yields the names the corpus
defines, which become the vocabulary of pass 2 (see `extractor`)."""

from __future__ import annotations

import re

from ..ingest import ID_IN_TEXT, Document
from ..keys import entity_key
from .model import Extraction, Mention, Relation

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
        name = clean_name(labels.get(part, part).strip("[]() "))
        if not name:
            return []
        names.append(name)
    return names if len(names) >= 2 else []
DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
LEADING_DETERMINER = re.compile(r"^(?:the|a|an|our|this)\s+", re.IGNORECASE)


def doc_entity(doc_id: str, id_types: dict[str, str]) -> str:
    """The typed record a document id stands for (decision:ADR-001), else its artifact."""
    prefix = doc_id.split("-", 1)[0].upper()
    return entity_key(id_types.get(prefix, "artifact"), doc_id)


def _split_row(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _is_separator(line: str) -> bool:
    return bool(re.match(r"^\s*\|?\s*:?-{2,}", line)) and set(line.strip()) <= set("|-: ")


def clean_name(text: str) -> str:
    text = re.sub(r"[`*_]", "", text).strip().strip(".,;:")
    return LEADING_DETERMINER.sub("", text).strip()


def _is_field(key: str) -> bool:
    key = key.lower().strip()
    key = FIELD_SYNONYMS.get(key, key)
    return key in FIELD_RELATIONS or key in ATTRIBUTE_FIELDS


def _names(value: str) -> list[str]:
    parts = re.split(r",|;|\band\b", value.strip().strip("[]").replace('"', "").replace("'", ""))
    return [n for n in (clean_name(p) for p in parts) if n and n not in {"—", "-"}]


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
        ref = clean_name(ref.split("(")[0])
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
            if row_type is None or not cells or not clean_name(cells[0]):
                self.prose.append((line, ". ".join(c for c in cells if c), subject))
                continue
            row_key = self.named(row_type, clean_name(cells[0]), line, "registry_table")
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
