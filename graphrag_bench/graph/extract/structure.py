"""Pass 1 of extraction, one document at a time: its structure as statements.

Every `key: value` line, bold field, front-matter field, definition list, key-value table and
registry table row becomes `subject —label→ value`; every arrow of a diagram (ASCII, Unicode,
box drawing, Mermaid, or an arrow written in a list) becomes `node —arrow label→ node`, with
the heading (and caption) over it as context; list items that only cite a record become
`section record —heading→ record`. What a label means is not decided here (pass 3 compares it
with the vocabulary); this pass only knows the shapes of markdown. Names a structure defines
(table rows, diagram nodes, directory entries) are declared, and the rest is prose for pass 2.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...language.english import PERSONAL_PRONOUNS
from ...corpus.ingest import ID_IN_TEXT, Document
from ..keys import canonical_name
from .model import DATE, LITERAL, NAME, RECORD, Declared, Paragraph, ParsedDocument, Statement, Term
from ...language.text import INITIALS, LIST_ITEM, TABLE_SEPARATOR, acronym_of, clean, is_date, iso_day, looks_like_name, split_items, split_qualifiers

MAX_PARAGRAPH_CHARS = 200_000  # past this a "paragraph" is data, not prose (spaCy takes at most 1,000,000 characters)
SENTENCE_END = re.compile(r"[.:;!?]\s*$")  # a line that ends what it says
FIELD_LINE = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*(?P<b>[^*:]{1,40}?)(?::\*\*|\*\*\s*:)|(?P<p>[A-Za-z][A-Za-z /&'()-]{0,38}?):)\s+(?P<v>\S.*?)\s*$")
TOPIC_LINE = re.compile(r"^\s*(?:[-*+]\s+)?\*\*(?P<name>[^*]{2,60})\*\*\s*(?:[—–-]+|,)\s*(?P<rest>.*)$")
HANDLE = re.compile(r"@[A-Za-z0-9][\w.-]*[A-Za-z0-9]")  # an account's handle, as code hosts and chat write it
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HANDLE_WORD = re.compile(r"[a-z][a-z0-9]{3,11}")  # "rifis": an account name written without its @, in such a list
NAMES_SEPARATOR = re.compile(r"\s*(?:,|;|\s[-–]\s|\band\b|&)\s*")
FLAG_VALUES = 2  # a column of at most this many values, each one character ("Y", "N", "✓"), said again: flags
DEFINITION = re.compile(r"^\s*:\s+(.*\S)\s*$")
# Arrows: Unicode first normalised to ASCII, box-drawing borders dropped.
UNICODE_FORWARD = re.compile(r"[─━—-]*\s*(?:▶|►|→|⟶|➔|➜|➝|⇒|⟹|⮕)")
UNICODE_BACKWARD = re.compile(r"(?:◀|◄|←|⟵|⇐|⟸)\s*[─━—-]*")
BOX = re.compile(r"[│┃┌┐└┘├┤┬┴┼╭╮╯╰║╔╗╚╝═]")
ARROW = re.compile(r"\s*(?:(?P<back><-+|<=+)|--\s*(?P<l1>[^-<>|][^<>|]*?)\s*-->|-\.->|(?:-{1,3}|={2,})>(?:\|(?P<l2>[^|]*)\|)?)\s*")
LINE_BREAK = re.compile(r"<br\s*/?>|\\n", re.IGNORECASE)  # a line break inside a diagram box's label
MERMAID_NODE = re.compile(r"^(?P<id>[A-Za-z][\w-]*)\s*(?:\[\(?\"?(?P<a>[^\]\)\"]+)\"?\)?\]|\(\(?\"?(?P<b>[^)\"]+)\"?\)?\)|\{(?P<c>[^}]+)\}|>(?P<d>[^\]]+)\])$")
DIAGRAM_KEYWORDS = re.compile(r"^(?:graph|flowchart|subgraph|end|classDef|class|style|linkStyle|direction|%%)\b")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def diagram_edges(line: str, labels: dict[str, str]) -> list[tuple[str, str, str]]:
    """The edges of one diagram line: [(from, to, arrow label)], in reading order.

    Mermaid node ids map to their labels (remembered for later lines of the same diagram); an
    arrow pointing back (`<--`, `←`) is read from its tip. A line with no arrow gives no edges.
    """
    line = UNICODE_FORWARD.sub(" --> ", line)
    line = UNICODE_BACKWARD.sub(" <-- ", line)
    line = BOX.sub(" ", line).strip().rstrip(";")
    if not line or DIAGRAM_KEYWORDS.match(line) or not ARROW.search(line):
        return []
    parts, arrows, pos = [], [], 0
    for match in ARROW.finditer(line):
        parts.append(line[pos:match.start()])
        arrows.append(match)
        pos = match.end()
    parts.append(line[pos:])
    names = []
    for part in parts:
        part = part.strip()
        node = MERMAID_NODE.match(part)
        if node:
            # A box's first line is its name ("Primary S3<br/>govuk-env-mirror<br/>eu-west-2"); later lines describe it.
            text = next(g for g in node.group("a", "b", "c", "d") if g)
            labels[node.group("id")] = LINE_BREAK.split(text, maxsplit=1)[0].strip()
            part = labels[node.group("id")]
        name = clean(labels.get(part, part).strip("[]() "))
        if not name or not looks_like_name(name):
            return []
        names.append(name)
    edges = []
    for (a, b), arrow in zip(zip(names, names[1:]), arrows):
        label = (arrow.group("l1") or arrow.group("l2") or "").strip()
        edges.append((b, a, label) if arrow.group("back") else (a, b, label))
    return edges


class DocumentParser:
    """Pass 1 for one document. `refs` turns a written id into a known record id; `labels` says whether a
    short text reads as a relation's label (`is_label`, batched by `prepare`): it tells key-value tables from
    registries and relation columns from value columns."""

    def __init__(self, doc: Document, refs, labels):
        self.doc, self.ref, self.labels = doc, refs, labels
        self.is_label = labels.is_label
        self.out = ParsedDocument(doc.doc_id, Term(doc.doc_id, RECORD), doc.title)
        self._terms: dict[tuple[str, bool], Term] = {}
        self._entries: dict[int, bool] = {}  # a list item's line → whether its list is one of entries
        # The document's own record is where its text begins (a file may open with blank lines): its evidence is a line.
        self.out.records.append((doc.doc_id, next((i + 1 for i, line in enumerate(doc.lines) if line.strip()), 1), doc.title))
        self._para: list[tuple[int, str]] = []
        self._para_topic: Term | None = None
        self._subject = self.out.subject
        self._context = doc.title
        # A document or section headed by a name, holding fields: "# Orders API / owner: …", "### Auth Service / Owner: …"
        self._entry: Term | None = None
        self._entry = self._named(re.sub(r"^[\W\d]*" + ID_IN_TEXT.pattern + r"\W*", "", doc.title))

    # -- terms -------------------------------------------------------------------------------------------------
    def term(self, text: str, value: bool = False) -> Term:
        """What an item is: a known record, a day, a name, or literal text.

        As a value, one lower-case word ('low', 'on-call') is text: only where a structure names a
        thing (a row, a node) does it read as a name ('etcd'); pass 3 upgrades values declared elsewhere.
        """
        known = self._terms.get((text, value))
        if known is None:  # the same cell or value recurs in every record that has it
            known = self._terms[text, value] = self._term(text, value)
        return known

    def _term(self, text: str, value: bool) -> Term:
        ref = self.ref(text)
        if ref:
            return Term(ref, RECORD)
        if is_date(text):
            day = iso_day(text)
            return Term(day, DATE) if day else Term(text, LITERAL)
        if HANDLE.fullmatch(text):
            return Term(text, NAME)  # "@kozlovic": a handle is the name of an account, whatever its case
        if value and " " not in text and not re.search(r"[A-Z]", text):
            return Term(text, LITERAL)
        return Term(text, NAME) if looks_like_name(text) else Term(text, LITERAL)

    def _evidence(self, line: int) -> str:
        return self.doc.lines[line - 1].strip()[:300]

    def state(self, subject: Term, label: str, value: Term, line: int, extractor: str, context: str = "",
              certainty: float = 1.0) -> None:
        if subject != value and value.text:
            self.out.statements.append(Statement(subject, label.strip(), value, self.doc.doc_id, line,
                                                 self._evidence(line), extractor, context, certainty))

    def _acronyms(self, text: str, line: int) -> None:
        """'Meter Data Management System (MDMS)': the parenthesis that spells the name's initials is its alias."""
        for item, qualifiers in split_items(text):
            for q in qualifiers:
                if len(q) >= 2 and q.isupper() and acronym_of(item) == q and looks_like_name(item):
                    self.state(Term(item, NAME), "", Term(q, NAME), line, "acronym")

    def _named(self, title: str) -> Term | None:
        name = clean(title)
        if name and looks_like_name(name) and not self.ref(name):
            self.out.entries.add(name)
            return Term(name, NAME)
        return None

    def _field_subject(self, extractor: str) -> tuple[Term, str]:
        """Fields under a heading that names something may describe it ("### Auth Service" / "Owner: …"): pass 3
        decides between that name and the section's record (extractor "entry"); elsewhere, the record."""
        return (self._entry, "entry") if self._entry else (self._subject, extractor)

    def field(self, subject: Term, extractor: str, label: str, value: str, line: int) -> None:
        """`label: value` about `subject`: one statement per item; a long literal is prose too."""
        label = clean(label)
        if not label or not value.strip():
            return
        value = self.ref.linked(value)  # a link to a document of the corpus is a reference to it
        self._acronyms(value, line)
        items = split_items(value)
        terms = [self.term(item, value=True) for item, _ in items]
        if not terms or all(t.kind == LITERAL for t in terms) or len(terms) > 12:
            plain = clean(split_qualifiers(value)[0]) or value.strip()
            self.state(subject, label, Term(plain[:200], LITERAL), line, extractor, self._context)
            if len(plain.split()) >= 4:  # a sentence: the names in it are read as prose too
                topic = subject if extractor == "entry" else None
                self._paragraph(Paragraph(value, ((0, line),), self._subject, topic, self._context))
            return
        for t in terms:
            self.state(subject, label, t, line, extractor, self._context)

    # -- prose -------------------------------------------------------------------------------------------------
    def _paragraph(self, paragraph: Paragraph) -> None:
        """Prose for pass 2, unless it is too long to be prose (a minified blob, a log pasted on one line): its names
        and relations are not read, with a warning naming the line; the rest of the document is."""
        if len(paragraph.text) > MAX_PARAGRAPH_CHARS:
            self.out.warnings.append(f"{self.doc.path}:{paragraph.line_starts[0][1]}: a paragraph of "
                                     f"{len(paragraph.text):,} characters is not read as prose (over {MAX_PARAGRAPH_CHARS:,})")
            return
        self.out.paragraphs.append(paragraph)

    def _flush(self) -> None:
        if self._para:
            text, starts, offset = [], [], 0
            for line, part in self._para:
                starts.append((offset, line))
                text.append(part)
                offset += len(part) + 1
            self._paragraph(Paragraph(" ".join(text), tuple(starts), self._subject, self._para_topic, self._context))
        self._para, self._para_topic = [], None

    # -- blocks ------------------------------------------------------------------------------------------------
    def _front_matter(self, lines: Sequence[str]) -> int:
        end = next((j for j in range(1, len(lines)) if lines[j].strip() == "---"), 0)
        j = 1
        while j < end:
            match = re.match(r"^([A-Za-z][\w -]{0,40}?)\s*:\s*(.*?)\s*$", lines[j])
            if not match:
                j += 1
                continue
            key, value, line = match.group(1), match.group(2), j + 1
            j += 1
            items = []
            while j < end and re.match(r"^\s+-\s+", lines[j]):  # a YAML list under the key
                items.append((j + 1, re.sub(r"^\s+-\s+", "", lines[j]).strip().strip("'\"")))
                j += 1
            key = re.sub(r"[_-]+", " ", key)  # "depends_on", "drafted-by"
            if key.lower() in {"id", "title"}:
                continue  # the document's id and title are known already
            value = value.strip("'\"")
            named = self._named(value) if not items else None
            if named and self._entry and canonical_name(named.text) == canonical_name(self._entry.text):
                continue  # "name: Orders API" in a document titled Orders API: what the fields are about
            subject, extractor = (self._entry, "entry") if self._entry else (self._subject, "front_matter")
            for item_line, item in items:
                self.field(subject, extractor, key, item, item_line)
            if value and value not in {"|", ">"}:
                self.field(subject, extractor, key, value, line)
        return end + 1 if end else 0

    def _table(self, header: list[str], rows: list[tuple[int, list[str]]]) -> None:
        firsts = [clean(split_qualifiers(cells[0])[0]) for _, cells in rows if cells]
        labels = [f for f in firsts if f and len(f.split()) <= 5] if len(header) == 2 else []
        # A relation cell is a phrase ("depends on", "owned by"), never a name or a number: only those are read.
        phrases = {j: [c for _, cells in rows if len(cells) > j and (c := cells[j]) and c[:1].islower()
                       and not re.search(r"\d", c)] for j in range(1, len(header))}
        self.labels.prepare(labels + [c for cells in phrases.values() for c in cells])
        key_value = bool(labels) and (not any(header) or sum(map(self.is_label, labels)) * 2 >= len(firsts))
        if key_value:
            for line, cells in rows:
                if len(cells) >= 2 and cells[0].strip():
                    self.field(*self._field_subject("table"), cells[0], cells[1], line)
            return
        subjects = [self.term(f) for f in firsts]
        if not rows or sum(t.kind in {NAME, RECORD} for t in subjects) * 5 < len(rows) * 3:
            for line, cells in rows:  # a data table (timeline, options): its rows are prose
                self._para = [(line, ". ".join(c for c in cells if c))]
                self._flush()
            return
        relation_columns = {j for j, cells in phrases.items() if sum(map(self.is_label, cells)) * 5 >= len(rows) * 3}
        # A column of flags ("Y"/"N", "✓") holds properties of its rows, never entities: whether a column names
        # things is told by its values, not by its header. (Short names, "DB" and "API", are not flags.)
        columns = [[cells[j].strip() for _, cells in rows if len(cells) > j and cells[j].strip()] for j in range(len(header))]
        flag_columns = {j for j, values in enumerate(columns) if len(values) > len(set(values))
                        and len(set(values)) <= FLAG_VALUES and all(len(v) == 1 for v in values)}
        for (line, cells), subject in zip(rows, subjects):
            if subject.kind not in {NAME, RECORD}:
                self._para = [(line, ". ".join(c for c in cells if c))]
                self._flush()
                continue
            if subject.kind == NAME:
                self.out.declared.append(Declared(subject.text, self.doc.doc_id, line, "table", header[0] if header else ""))
            for cell in cells:
                self._acronyms(cell, line)
            row_label = " ".join(cells[j] for j in sorted(relation_columns) if len(cells) > j)
            for j, cell in enumerate(cells[1:len(header)], start=1):
                if not cell or j in relation_columns:
                    continue
                label = row_label or header[j]
                context = f"{header[j]} {self._context}".strip() if row_label else self._context
                items = split_items(cell)
                terms = [self.term(item, value=True) for item, _ in items] if j not in flag_columns else []
                if terms and any(t.kind != LITERAL for t in terms) and len(terms) <= 12:
                    for t in terms:
                        self.state(subject, label, t, line, "table", context)
                else:
                    plain = clean(split_qualifiers(cell)[0]) or cell
                    self.state(subject, label, Term(plain[:200], LITERAL), line, "table", context)
                    if len(plain.split()) >= 4:
                        self._paragraph(Paragraph(cell, ((0, line),), self._subject, subject, self._context))

    def _diagram(self, lines: list[tuple[int, str]], caption: str) -> None:
        labels: dict[str, str] = {}
        context = f"{self._context} | {caption}" if caption else self._context
        for line, text in lines:
            for a, b, label in diagram_edges(text, labels):
                for name in (a, b):
                    if not self.ref(name):
                        self.out.declared.append(Declared(name, self.doc.doc_id, line, "diagram", self._context))
                self.state(self.term(a), label, self.term(b), line, "diagram", context)

    def parse(self) -> ParsedDocument:
        lines = self.doc.lines
        # The field labels `_is_field_label` will have read, embedded in one batch rather than one at a time.
        self.labels.prepare(label for line in lines if ":" in line and (field := FIELD_LINE.match(line.strip()))
                            and (label := field.group("p")) and len(label.split()) > 2)
        i = self._front_matter(lines) if lines and lines[0].strip() == "---" else 0
        caption = ""
        while i < len(lines):
            line_no, text = i + 1, lines[i]
            stripped = text.strip()
            heading = HEADING.match(text)
            if stripped.startswith("```") or stripped.startswith("~~~"):
                self._flush()
                fence, block, i = stripped[:3], [], i + 1
                while i < len(lines) and not lines[i].strip().startswith(fence):
                    block.append((i + 1, lines[i]))
                    i += 1
                self._diagram(block, caption)
                caption, i = "", i + 1
                continue
            elif heading:
                self._flush()
                title = heading.group(2)
                self._context = re.sub(r"^\W+", "", ID_IN_TEXT.sub("", title)).strip() or title
                match = ID_IN_TEXT.match(clean(title))
                ref = self.ref(match.group(1)) if match else None
                if len(heading.group(1)) >= 2:
                    self._entry = None
                day = iso_day(title)
                if ref and len(heading.group(1)) >= 2:  # a section that is a record of its own (a changelog entry)
                    self._subject = Term(ref, RECORD)
                    self.out.records.append((ref, line_no, title))
                    if day:
                        self.state(self._subject, "date", Term(day, DATE), line_no, "heading")
                elif day and len(heading.group(1)) == 1:  # "# Architecture review — 2026-02-15": the document's day
                    self.state(self.out.subject, "date", Term(day, DATE), line_no, "heading")
                elif len(heading.group(1)) >= 2:
                    self._subject = self.out.subject
                    self._entry = self._named(title)
            elif stripped.startswith("|") and i + 1 < len(lines) and TABLE_SEPARATOR.match(lines[i + 1]):
                self._flush()
                header, rows, j = _cells(stripped), [], i + 2
                while j < len(lines) and lines[j].strip().startswith("|"):
                    rows.append((j + 1, _cells(lines[j])))
                    j += 1
                self._table(header, rows)
                i = j
                continue
            elif not stripped:
                self._flush()
                i += 1
                continue
            elif i + 1 < len(lines) and DEFINITION.match(lines[i + 1]) and not DEFINITION.match(text):
                self._flush()
                named = clean(stripped) if not self.is_label(stripped) and looks_like_name(clean(stripped)) else None
                term = Term(named, NAME) if named else None
                if term:  # "Commerce / : Priya Nair, Tom Berg": an entry listing its members, unlabelled
                    self.out.declared.append(Declared(term.text, self.doc.doc_id, line_no, "topic", self._context))
                j = i + 1
                while j < len(lines) and (DEFINITION.match(lines[j]) or not lines[j].strip()):
                    definition = DEFINITION.match(lines[j])
                    if definition:
                        if term:
                            self._entry_items(term, definition.group(1), j + 1)
                        else:
                            self.field(*self._field_subject("definition"), stripped, definition.group(1), j + 1)
                    j += 1
                i = j
                continue
            else:
                self._line(line_no, text, stripped)
            caption = "" if heading else stripped  # the line before a diagram is its caption
            i += 1
        self._flush()
        return self.out

    def _line(self, line_no: int, text: str, stripped: str) -> None:
        item = LIST_ITEM.sub("", text).strip()
        edges = diagram_edges(item, {}) if LIST_ITEM.match(text) or not re.search(r"[a-z]{3,}\s+[a-z]{3,}\s+[a-z]{3,}", item) else []
        if edges:
            self._flush()
            self._diagram([(line_no, item)], "")
            return
        topic = TOPIC_LINE.match(stripped)
        field = FIELD_LINE.match(stripped)
        if topic and looks_like_name(clean(topic.group("name"))) and not field:
            self._flush()
            name = clean(topic.group("name"))
            self.out.declared.append(Declared(name, self.doc.doc_id, line_no, "topic", self._context))
            self._para_topic = self.term(name)
            self._para = [(line_no, f"{name} — {topic.group('rest')}")]
            # "**Mei Chen** — Data Engineering Lead, Data & Analytics." : the entry's items, unlabelled.
            self._entry_items(self._para_topic, re.split(r"(?<=[a-z)])\.\s", topic.group("rest") + " ", maxsplit=1)[0], line_no)
            return
        label = (field.group("b") or field.group("p") or "") if field else ""
        # "… there are two main cases to / consider: `Pull(n)` and `Pull(1)`.": a line that goes on with a sentence the
        # paragraph's last line left open is that sentence, not a field.
        open_sentence = bool(self._para) and not LIST_ITEM.match(text) and not SENTENCE_END.search(self._para[-1][1])
        if field and not open_sentence and self._is_field_label(label, bold=bool(field.group("b"))):
            self._flush()
            self.field(*self._field_subject("field"), label, field.group("v"), line_no)
            return
        if self._heading_names(line_no, item):
            return
        ref = self._reference_item(item)
        if LIST_ITEM.match(text) and ref:
            self._flush()
            self.state(self._subject, self._context, Term(ref, RECORD), line_no, "reference_list", self._context)
            for note in split_qualifiers(item)[1]:  # "MEETING-2026-02-20 (approval)": the note may name the relation
                self.state(self._subject, note, Term(ref, RECORD), line_no, "reference_note")
        if LIST_ITEM.match(text):  # an item starts a paragraph; unmarked lines continue the current one
            self._flush()
        if not self._para and self._para_topic is None:
            self._para_topic = self._entry  # prose right under a name ("# Payments Gateway / Owned by …") is about it
        self._para.append((line_no, item))
        self._entry = None  # a section with prose is about its record, not a name's entry

    def _heading_names(self, line_no: int, item: str) -> bool:
        """A line of names alone under a heading that names a relation ("## Attendees" / "- RF, PW, AN", "- rifis"):
        each name is that relation's value for the section's record, as a field's would be."""
        if self._context == self.doc.title or self._para or len(item) > 200 or item.rstrip().endswith(":"):
            return False
        pieces = self._name_pieces(item)
        if len(pieces) > 1 and self._list_of_entries(line_no):
            pieces = pieces[:1]  # "- Ana Ruiz (@aruiz), Initech" a line: each item is one name and what it says of it
        # initials written with spaces between them ("RF SC AN") are as many names
        names = [w for p in pieces for w in (p.split() if all(INITIALS.fullmatch(x) for x in p.split()) else [p])]
        if not names or len(names) > 12 or not all(HANDLE.fullmatch(n) or INITIALS.fullmatch(n) or HANDLE_WORD.fullmatch(n)
                                                   or (looks_like_name(n) and len(n.split()) <= 3) for n in names):
            return False
        if any(self.ref(n) for n in names):
            return False  # (records a list cites are references: `_reference_item`)
        labelled = self.is_label(self._context)
        if not labelled and not any(HANDLE.fullmatch(q) for q in split_qualifiers(
                NAMES_SEPARATOR.split(item.strip(), maxsplit=1)[0])[1]):
            return False  # under a heading no vocabulary relation names, only people by their account handles
        self._flush()
        if not labelled:  # (such a list is what names them: its heading says what they are of the page)
            self.out.declared += [Declared(name, self.doc.doc_id, line_no, "list", self._context) for name in names]
        for name in names:
            self.state(self._subject, self._context, Term(name, NAME), line_no, "heading_list", self._context)
        return True

    @staticmethod
    def _name_pieces(item: str) -> list[str]:
        """A list item's names: its pieces between separators, each without its parentheses and link targets."""
        return [body for p in NAMES_SEPARATOR.split(item.strip()) if p and (body := clean(split_qualifiers(p)[0]))]

    def _list_of_entries(self, line_no: int) -> bool:
        """The list this line belongs to has several items, each of several pieces: an item is one entry ("name,
        affiliation"), not a line of names ("- KM, JT, AN")."""
        if line_no not in self._entries:  # (read once a list: every item of it asks)
            lines = self.doc.lines
            end = line_no - 1
            while end + 1 < len(lines) and LIST_ITEM.match(lines[end + 1]):
                end += 1
            start = line_no - 1
            while start > 0 and LIST_ITEM.match(lines[start - 1]):
                start -= 1
            items = [LIST_ITEM.sub("", lines[j]) for j in range(start, end + 1)]
            entries = len(items) >= 2 and all(len(self._name_pieces(i)) >= 2 for i in items)
            self._entries.update(dict.fromkeys(range(start + 1, end + 2), entries))
        return self._entries[line_no]

    def _entry_items(self, topic: Term, text: str, line: int) -> None:
        """The things an entry lists without a label; pass 3 relates them to the entry by their types alone. The
        context keeps each item's place: in "role, unit" entries the second items are one kind of thing."""
        for position, (item, _) in enumerate(split_items(text)):
            t = self.term(item, value=True)
            if t.kind != LITERAL:
                self.state(topic, "", t, line, "topic", f"{self._context} #{position}")

    def _is_field_label(self, label: str, bold: bool) -> bool:
        """'Owner:', 'Root cause:', 'Written up by:' are labels; 'We compared three options:' opens a sentence.

        Bold marks a label; otherwise a label is short, or reads as a relation, and never speaks in a pronoun.
        """
        words = label.split()
        if not words or len(words) > 5 or ID_IN_TEXT.fullmatch(label.strip()):
            return False
        if any(w.lower() in PERSONAL_PRONOUNS for w in words):
            return False
        return bold or len(words) <= 2 or self.is_label(label)

    def _reference_item(self, item: str) -> str | None:
        """A list item that only cites a record ('ADR-002 (vector store choice)')."""
        body = clean(split_qualifiers(item)[0])
        return self.ref(body) if body else None
