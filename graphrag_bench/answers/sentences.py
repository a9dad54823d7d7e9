"""The sentences of a retrieval's context, each with its document, its line and what it sits under.

Passages are read as a person reads a page: paragraphs and list items joined across line breaks and cut into
sentences; a table row read with its header ("Severity: Warning; Condition: …"), a two-column table as the
key-value list it is ("Status: Approved"; a value that is only a parenthesised note is a template's, not read)
unless its keys are times or numbers (a timeline: each row an event);
a link as its text (and the name its address ends in, where that is a single word the text does not already say;
each sentence keeps the file names of the documents its lines link to);
list items too short to be sentences ("- rifis" under "Attendees") as one line of the names they give; a short code
block of values after a sentence ending in ":" as part of that sentence ("… the following ranges: `10.41.0.0/16`").
Graph facts add the sentence they were extracted from, so a fact's document counts even when no passage of it was
retrieved. Untrusted lines were withheld before this point.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from html.parser import HTMLParser

from ..corpus.ingest import TITLE_SEPARATOR, file_title
from ..language.text import LIST_ITEM, TABLE_SEPARATOR, looks_like_name

# (link text holds no bracket, a tag no "<": each match attempt stops at the next one, so a line of 100,000 "[" or
# "<a" is read in linear time, not quadratic)
LINK = re.compile(r"!?\[([^\[\]]*)\]\(([^)\s]*)[^)]*\)|!?\[([^\[\]]*)\]\[([^\[\]]*)\]")
LINK_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s*\S+\s*$")
FIELD_LINE = re.compile(r"^[A-Za-z][\w ()/'-]{0,40}:\s+\S")
SERIES_KEY = re.compile(r"\s*\d")  # a first cell that is a time, a date or a number keys a series, not a field
MAX_RECORD = 12  # consecutive "Field: value" lines read as one record, at most this many
ASIDE = re.compile(r"^[^:]+:\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$")  # "Supersedes: (link the RFC it replaces)": a template's note
TOPIC_WORDS = 8  # a list item of this many words or fewer is what the items nested in it are about (an agenda item)
MAX_LINE = 20_000  # a line longer than this is read by its start: no prose line is that long
TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
ATTRIBUTES = re.compile(r"\{:[^{}]*\}")  # a kramdown attribute list: "{:target=\"_blank\" }", "{: .note}"
ALERT = re.compile(r"^\s*\[![A-Za-z]+\]\s*")  # "> [!NOTE] …": the mark of a quoted alert (GitHub's Markdown), no words
CODE_SPAN = re.compile(r"(`[^`]+`)")
# A sentence ends at ".", "!" or "?" before a capital, a digit or a quote; not at an abbreviation ("e.g. Finance").
END = r"(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\bcf\.)"
SENTENCE = re.compile(r"\S.*?(?:" + END + r"(?=\s+[A-Z0-9@`\"'(\[])|$)")
MIN_CHARS = 8
LABEL_WORDS = 3  # a field label of more words is a clause before a colon, not a label
MAX_CHARS = 600  # a longer "sentence" is a run-on block (a code listing, a flattened table): cut there
# A code block of at most this many lines, each at most CODE_LINE characters, after a sentence ending in ":" is what
# that sentence introduces ("We were allocated the following ranges:" ⏎ ```10.41.0.0/16```): values, not a program
INTRODUCED_LINES = 6
CODE_LINE = 120
STRUCTURE = re.compile(r"[`\"{}()\[\]=;,]|:\s")  # a line of a program or of structured data (JSON, YAML, a call)
# A program's documentation of what it declares: comment lines ("// Defaults to 100.", "# how long to wait") right
# above a declaration ("google.protobuf.UInt32Value request_volume = 4;", "timeout: 30s", "int retries;") say what the
# declared name is, under the block declaring it ("message SuccessRateEjection {")
CODE_COMMENT = re.compile(r"^(?://+|#+(?=\s|$))\s?(.*)$")
DECLARED = re.compile(r"^(?:[\w.<>\[\],*&]+\s+)*?\**([A-Za-z_]\w*)\??\s*(?:=(?!=)|:(?!:)|;)")
BLOCK_OPENED = re.compile(r"([A-Za-z_]\w*)\s*(?:\([^()]*\))?\s*[{:]?\s*\{$")


@dataclass(frozen=True)
class Sentence:
    text: str
    doc_id: str
    line: int
    context: str  # the document's title and section (or its id), and a table's header: what the sentence is under
    rank: int  # the passage's rank in the retrieval (facts after every passage)
    from_fact: bool = False  # the sentence a graph fact was extracted from, not a retrieved passage's
    scope: str = ""  # the name a list item sits under ("Rust" for "- FCP lasts 10 days" nested below "- Rust"): its subject
    links: tuple[str, ...] = ()  # the file names of the documents its lines link to ("0022-client-side-registry.md")
    keys: str = ""  # a two-column table read as one record: what its keys are, its first column's header ("Status")
    item: bool = False  # the first sentence of a list item ("1. Cloud Platform is already serverless"): the item's head
    paragraph: int = 0  # the line its paragraph (or list item) begins on: sentences of one paragraph share it
    # the label of the list item it is nested under ("Leads" of "- **Leads:**" ⏎ "  - Petr Muller"): what it is, as a
    # field's label says what its value is
    label: str = ""
    # what leads into the list item it heads: the sentence ending in ":" right above the list and the items, ending in
    # ":", it is nested in ("Its scope does not include: Private response (belongs to the PSC), including:")
    lead: str = ""
    # the words of the short list items it is nested in (an agenda item, "Allowing meeting observers (Ryan, 10
    # Minutes)" above "Khio and Jack will put together a concrete proposal on this"): what it is about, as a heading
    topic: str = ""
    # a row of a series (a table keyed by times, dates or numbers, each row read alone as "key: value"): its table's
    # header ("Rotation", "Engineers"), what its key and its value are
    columns: tuple[str, ...] = ()


DOCUMENT_FILE = re.compile(r"[A-Za-z0-9][\w.-]*\.(?:md|markdown|txt|rst|html?)", re.IGNORECASE)


def address_end(match: re.Match) -> str:
    """The name a link's address ends in ("0004-rfc-process.md" of "…/text/0004-rfc-process.md#meta")."""
    return (match.group(2) or match.group(4) or "").split("#")[0].rstrip("/").rsplit("/", 1)[-1]


def linked_files(line: str) -> tuple[str, ...]:
    """The file names of the documents a line of Markdown links to."""
    return tuple(dict.fromkeys(end for m in LINK.finditer(line) if DOCUMENT_FILE.fullmatch(end := address_end(m))))


def linked_as(line: str, document: str) -> str:
    """The words a link of the line to `document` (its file name) gives it: "[RFC 0087](…/0087-bom.md)" → "RFC 0087";
    "" where no link of it points there."""
    return next((text for m in LINK.finditer(line) if address_end(m).lower() == document.lower()
                 and (text := (m.group(1) or m.group(3) or "").strip())), "")


def _link(match: re.Match) -> str:
    """A link as its text, with the name its address ends in where that says more: a single word, or the words of a
    document's file name ("#04" linking to …/0004-rfc-process.md is "#04 (rfc process)")."""
    text, target = (match.group(1) or match.group(3) or "").strip(), match.group(2) or match.group(4) or ""
    last = address_end(match)
    if DOCUMENT_FILE.fullmatch(last):  # another document, named by its file name's words where the text is a bare number
        last = file_title(last) if not re.search(r"[A-Za-z]", text) else ""
    elif not target.startswith(("http://", "https://")):
        last = ""
    if last and re.fullmatch(r"[A-Za-z0-9][\w -]*", last) and last.lower() not in text.lower():
        return f"{text} ({last})" if text else last
    return text or last


def clean(line: str) -> str:
    """A line of Markdown as the words a reader sees."""
    line = LINK.sub(_link, line)
    # An HTML tag is markup, and so is an attribute list ("{:target="_blank"}" after a link), and an entity stands for
    # its character ("T&amp;I" reads "T&I"), except inside a code span, which is verbatim ("`OBJ_<bucket>`").
    line = "".join(piece if piece.startswith("`") else html.unescape(ATTRIBUTES.sub(" ", TAG.sub(" ", piece)))
                   for piece in CODE_SPAN.split(line))
    line = ALERT.sub("", re.sub(r"^\s*>\s?", "", line))
    line = LIST_ITEM.sub("", line)
    return re.sub(r"[ \t]+", " ", line.replace("**", "").replace("__", "")).strip()


def _cells(line: str) -> list[str]:
    return [clean(c) for c in line.strip().strip("|").split("|")]


class _HtmlTable(HTMLParser):
    """The rows of an HTML table (a site generator's page writes its tables so): each row's cells as text, a cell's
    paragraphs and list items joined by "; ", code kept in code quotes, and the line each row starts on. Its header is
    a row of "<th>" cells, or a first row whose every cell is bold ("<td><strong>Team Name</strong></td>")."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.header: list[str] = []
        self.rows: list[tuple[int, list[str]]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._line, self._heading = 0, False
        self._bold, self._plain = 0, False  # (how many bold tags are open; whether the row has a cell's text outside them)

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "tr":
            self._end_row()
            self._row, self._line, self._plain = [], self.getpos()[0], False
        elif tag in ("td", "th") and self._row is not None:
            self._end_cell()
            self._cell, self._heading = [], tag == "th"
        elif tag == "code" and self._cell is not None:
            self._cell.append("`")
        elif tag in ("strong", "b"):
            self._bold += 1

    def handle_endtag(self, tag: str) -> None:
        if self._cell is not None and tag in ("li", "p", "br"):
            self._cell.append("; ")
        elif self._cell is not None and tag == "code":
            self._cell.append("`")
        elif tag in ("td", "th"):
            self._end_cell()
        elif tag in ("tr", "table"):
            self._end_row()
        elif tag in ("strong", "b"):
            self._bold = max(0, self._bold - 1)

    # (a page's HTML need not close what it opens: "</tr>" right after a cell's list ends the cell too)
    def _end_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            cell = re.sub(r"\s+", " ", "".join(self._cell))
            self._row.append(re.sub(r"(?:\s*;\s*)+", "; ", cell).strip(" ;"))
        self._cell = None

    def _end_row(self) -> None:
        self._end_cell()
        if self._row is not None:
            if not self.header and any(self._row) and (self._heading or not self.rows and not self._plain):
                self.header = self._row
            elif any(self._row):
                self.rows.append((self._line, self._row))
        self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
            self._plain = self._plain or bool(data.strip()) and not self._bold


def html_table_rows(lines: list[str]) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """An HTML table's header cells and its rows, each with its offset in `lines` (0-based)."""
    table = _HtmlTable()
    table.feed("\n".join(lines))
    table.close()
    return table.header, [(line - 1, cells) for line, cells in table.rows]


def passage_sentences(doc_id: str, start_line: int, text: str, rank: int) -> list[Sentence]:
    """The sentences of one passage (its first line is the document's title and section, as chunks are stored).
    Consecutive "Field: value" lines (list items or the rows of a two-column table) are one record: "Status:
    Implemented; Author(s): ekcasey" — a value is read beside the fields that say what it is about."""
    return list(_passage_sentences(doc_id, start_line, text, rank))


@lru_cache(maxsize=1 << 12)
def _passage_sentences(doc_id: str, start_line: int, text: str, rank: int) -> tuple[Sentence, ...]:
    """`passage_sentences`, remembered: a question's chain step and its composer read the same passages."""
    head, _, body = text.partition("\n")
    out: list[Sentence] = []
    paragraph: list[tuple[int, str]] = []
    record: list[tuple[int, str]] = []
    header: list[str] | None = None
    in_fence = False
    introduced = -1  # the sentence (its index in `out`) a code block being read follows, if it ends in ":"
    block: list[str] = []  # the code block's lines, so far
    short_items: list[tuple[int, str]] = []  # list items too short to be sentences ("- rifis"): one list, read together
    item = False  # the paragraph being read is a list item

    # the open list items, outermost first: (indent, the name it gives if only that, the label it gives if only that,
    # its words where they lead into the items nested in it, its words where it is short enough to be their topic)
    items: list[tuple[int, str, str, str, str]] = []
    list_lead = ""  # the sentence ending in ":" the open list follows
    lead = nested_lead = ""  # what leads into the list item being read, and into the one the line being read begins
    heading_line = -1  # the last heading's line: a sentence above it leads into no list below it
    under = ""  # the name the line being read sits under, as a nested list item …
    label = ""  # … and the labels of the items it is nested in ("Leads" of "- **Leads:**" ⏎ "  - Petr Muller")
    topic = ""  # … and the words of the short items it is nested in
    asked = ""  # the question a line of its own asks ("**Can I get a list of …?**"), answered by what follows it
    # … and the one the paragraph and the record being read began under (and a key-value table's record, the header of
    # its keys; and the topics of each)
    scopes = {"paragraph": "", "record": "", "keys": "", "paragraph topic": "", "record topic": ""}
    labels = {"paragraph": "", "record": ""}

    links: dict[int, tuple[str, ...]] = {}  # each line's links to other documents, by line number

    def add(sentence: str, line_no: int, context: str = head, scope: str = "", lines: tuple[int, ...] = (),
            keys: str = "", heads_item: bool = False, label: str = "", topic: str = "",
            columns: tuple[str, ...] = ()) -> None:
        if len(sentence) >= MIN_CHARS:
            linked = tuple(dict.fromkeys(f for n in lines or (line_no,) for f in links.get(n, ())))
            out.append(Sentence(sentence[:MAX_CHARS], doc_id, line_no, context, rank, scope=scope, links=linked, keys=keys,
                                item=heads_item, paragraph=lines[0] if lines else line_no, label=label,
                                lead=lead if heads_item else "", topic=topic, columns=columns))

    def names_list() -> None:
        """"rifis; wicar" under "Attendees": the names a list gives, as one line (a single name too, if long enough)."""
        if len(short_items) > 1 or short_items and len(short_items[0][1]) >= MIN_CHARS:
            out.append(Sentence("; ".join(w for _, w in short_items)[:MAX_CHARS], doc_id, short_items[0][0], head, rank,
                                label=labels["paragraph"]))
        short_items.clear()

    def flush() -> None:
        if record:
            add("; ".join(f for _, f in record), record[0][0], scope=scopes["record"], lines=tuple(n for n, _ in record),
                keys=scopes["keys"], label=labels["record"], topic=scopes["record topic"])
            record.clear()
        if item and len(paragraph) == 1 and len(paragraph[0][1]) < MIN_CHARS:
            short_items.append(paragraph.pop())
            return
        names_list()
        if not paragraph:
            return
        joined, starts = "", []
        for line_no, words in paragraph:
            starts.append((len(joined), line_no))
            joined += words + " "
        for match in SENTENCE.finditer(joined.strip()):
            line_no = max((n for offset, n in starts if offset <= match.start()), default=paragraph[0][0])
            add(match.group(0).strip(), line_no, scope=scopes["paragraph"], lines=tuple(n for n, _ in paragraph),
                heads_item=item and match.start() == 0, label=labels["paragraph"], topic=scopes["paragraph topic"])
        paragraph.clear()

    def field(line_no: int, text: str, keys: str = "") -> None:
        if paragraph or len(record) == MAX_RECORD or record and keys != scopes["keys"]:
            flush()
        if not ASIDE.match(text):
            if not record:
                scopes["record"], scopes["keys"], labels["record"], scopes["record topic"] = under, keys, label, topic or asked
            record.append((line_no, text))

    lines = [line[:MAX_LINE] for line in body.split("\n")]
    table_end = -1  # the last line of an HTML table already read
    for index, raw in enumerate(lines):
        line_no = start_line + index
        stripped = raw.strip()
        if index <= table_end:
            continue
        if not in_fence and stripped.lower().startswith("<table"):
            # (an HTML table, read as a Markdown one is: each row with its header)
            flush()
            table_end = next((i for i in range(index, len(lines)) if "</table>" in lines[i].lower()), len(lines) - 1)
            header_cells, rows = html_table_rows(lines[index:table_end + 1])
            for offset, cells in rows:
                # (a cell of long lists is cut at an item, so that every column of the row is read)
                room = MAX_CHARS // max(1, len(cells))
                cells = [c if len(c) <= room else c[:room].rsplit("; ", 1)[0] for c in cells]
                add("; ".join(f"{h}: {c}" if h else c for h, c in zip(header_cells or [""] * len(cells), cells) if c),
                    line_no + offset)
            continue
        if "](" in stripped:
            links[line_no] = linked_files(stripped)
        if stripped.startswith(("```", "~~~")):
            flush()
            if in_fence and introduced >= 0 and (values := _code_values(block)):
                said = out[introduced]
                out[introduced] = replace(said, text=f"{said.text} {values}"[:MAX_CHARS])
            if in_fence:
                for offset, documented in documented_declarations(block):
                    add(documented, line_no - len(block) + offset)
            in_fence = not in_fence
            introduced = len(out) - 1 if in_fence and out and out[-1].text.endswith(":") else -1
            block.clear()
            continue
        if in_fence:
            block.append(stripped)
            continue
        if LINK_DEFINITION.match(stripped):
            continue
        if stripped.startswith("|"):
            if TABLE_SEPARATOR.match(stripped):
                continue
            cells = _cells(stripped)
            if header is None:
                flush()
                header = cells
                continue
            if len(header) == 2 and len(cells) == 2 and cells[0] and not SERIES_KEY.match(cells[0]):
                field(line_no, f"{cells[0]}: {cells[1]}", header[0])  # a key-value table: "Status: Approved"
            elif len(cells) == 2 and cells[0] and SERIES_KEY.match(cells[0]):
                flush()  # a timeline or any series keyed by a time or a number: each row an event of its own
                add(f"{cells[0]}: {cells[1]}", line_no, columns=tuple(header))
            else:
                flush()
                add("; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells) if c), line_no)
            continue
        header = None
        words = clean(stripped)
        if stripped.startswith("#"):
            heading_line = line_no
            asked = ""
        # A line at the margin that is one question, alone, begins what answers it (a FAQ): the lines after it, up to
        # the next heading or question, are about it as a list item's nested lines are about the item.
        if not paragraph and not record and not raw.startswith((" ", "\t")) and not stripped.startswith("#") \
                and not LIST_ITEM.match(stripped) and words.endswith("?") and len(SENTENCE.findall(words)) == 1:
            flush()
            items.clear()
            under, label, list_lead, topic = "", "", "", ""
            add(words, line_no, scope=under)
            asked = words
            continue
        if LIST_ITEM.match(raw):
            indent = len(raw) - len(raw.lstrip())
            if not items:  # (a list begins: what leads into it is the sentence before, read or still being read)
                before = [m.group(0).strip() for m in SENTENCE.finditer(" ".join(w for _, w in paragraph))] \
                    if paragraph else [out[-1].text] if out and not record and out[-1].line > heading_line else []
                list_lead = before[-1] if before and before[-1].endswith(":") else ""
            while items and items[-1][0] >= indent:
                items.pop()
            under = items[-1][1] if items else ""
            label = " ".join(given for _, _, given, _, _ in items if given)
            nested_lead = " ".join([list_lead, *(leads for _, _, _, leads, _ in items if leads)]).strip()
            topic = " ".join(short for *_, short in items if short)
            items.append((indent, _named_item(stripped), _label_item(stripped), words if words.endswith(":") else "",
                          words if len(words.split()) <= TOPIC_WORDS else ""))
        elif stripped and not raw.startswith((" ", "\t")):  # a line at the margin closes every list
            items.clear()
            under, label, list_lead, topic = "", "", "", ""
        if stripped and not stripped.startswith("#") and FIELD_LINE.match(words) and len(words) <= 200:
            field(line_no, words)
            continue
        if not stripped or LIST_ITEM.match(stripped) or stripped.startswith("#") or record:
            flush()
        if stripped and not stripped.startswith("#"):
            if not paragraph:
                item = LIST_ITEM.match(stripped) is not None
                scopes["paragraph"], labels["paragraph"], scopes["paragraph topic"] = under, label, topic or asked
                lead = nested_lead if item else ""
            paragraph.append((line_no, words))
    flush()
    names_list()
    return tuple(out)


def _code_values(lines: list[str]) -> str:
    """A short code block as the values it gives, each verbatim in code quotes ("`10.41.0.0/16`; `10.195.0.0/16`"), a
    command continued over lines ("… \\") as one; "" for a longer block, or one of code or structured data (a program,
    a listing, JSON: not values)."""
    logical: list[str] = []
    continued = False
    for line in filter(None, lines):
        value = line.rstrip("\\").strip()
        if continued:
            logical[-1] += " " + value
        else:
            logical.append(value)
        continued = line.endswith("\\")
    if not logical or len(logical) > INTRODUCED_LINES or any(len(v) > CODE_LINE or STRUCTURE.search(v) for v in logical):
        return ""
    return "; ".join(f"`{v}`" for v in logical)


def documented_declarations(lines: list[str]) -> list[tuple[int, str]]:
    """What a code block's comments say of the names it declares, each sentence as a field of the block declaring it,
    with the declaration's offset in `lines`: "SuccessRateEjection request_volume: Defaults to 100."
    (a comment above no declaration, a closing brace or a control statement, says nothing of a name)."""
    out: list[tuple[int, str]] = []
    comment: list[str] = []
    blocks: list[str] = []  # the names of the blocks open at the line being read, outermost first
    for offset, line in enumerate(lines):
        if said := CODE_COMMENT.match(line):
            comment.append(said.group(1).strip())
            continue
        if comment and (declared := DECLARED.match(line)):
            owner = f"{blocks[-1]} " if blocks else ""
            out += [(offset, f"{owner}{declared.group(1)}: {m.group(0).strip()}")
                    for m in SENTENCE.finditer(clean(" ".join(filter(None, comment))))]
        comment = []
        if opened := BLOCK_OPENED.search(line):
            blocks.append(opened.group(1))
        elif line.startswith("}") and blocks:
            blocks.pop()
    return out


def _label_item(line: str) -> str:
    """The label a list item gives when it gives only that ("- **Leads:**" → "Leads"): what its nested items are."""
    words = LIST_ITEM.sub("", line).replace("**", "").replace("__", "").strip()
    return words[:-1].strip() if words.endswith(":") and 0 < len(words[:-1].split()) <= LABEL_WORDS else ""


def _named_item(line: str) -> str:
    """The name a list item gives when it gives only that ("- [Rust](https://…)", "- Staging"), by its words as they
    read (a link by its text); "" for an item that says something ("- The FCP will last 7 days", "- Steps:")."""
    words = LIST_ITEM.sub("", LINK.sub(lambda m: m.group(1) or m.group(3) or "", line)).replace("**", "").strip()
    return words if words[:1].isupper() and looks_like_name(words) else ""


def context_sentences(retrieval) -> list[Sentence]:
    """Every sentence of a retrieval's passages, then the source sentence of each graph fact not already among them."""
    out: list[Sentence] = []
    seen: set[tuple[str, str]] = set()
    for rank, passage in enumerate(retrieval.passages):
        for s in passage_sentences(passage.doc_id, passage.start_line, passage.text, rank):
            if (s.doc_id, s.text) not in seen:
                seen.add((s.doc_id, s.text))
                out.append(s)
    for fact in retrieval.facts:
        text, said = _fact_text(fact), clean(fact.evidence)
        if len(text) >= MIN_CHARS and (fact.doc_id, text) not in seen and not any(
                said in s.text for s in out if s.doc_id == fact.doc_id):  # (a passage that holds it reads it in place)
            seen.add((fact.doc_id, text))
            out.append(Sentence(text[:MAX_CHARS], fact.doc_id, fact.line, fact.doc_id, len(retrieval.passages), True))
    out += header_records(retrieval, out)
    return out


def _fact_text(fact) -> str:
    """The words a graph fact was read from. A table row or a list item says nothing without the header or heading
    over it, which the fact keeps as its label: "| SIG Lumen | Ana Ruiz |" under "Liaison" reads "SIG Lumen —
    Liaison: Ana Ruiz"; "* Ana Ruiz (@aruiz)" under "### Wardens" of the guild's page, "guild.md — Wardens: Ana Ruiz"."""
    text = clean(fact.evidence)
    row = fact.evidence.lstrip().startswith("|")
    if not fact.label or not (row or LIST_ITEM.match(fact.evidence)) or fact.label.lower() in text.lower():
        return text
    if not row:  # (the item is the names under the heading: "- rifis, wicar" under "## Attendees")
        subject = fact.source_name if fact.target_name in text else fact.target_name
        return f"{subject} — {fact.label}: {text}"
    first = next((c for c in _cells(fact.evidence) if c), "")
    forward = fact.source_name in first
    subject, value = (fact.source_name, fact.target_name) if forward else (fact.target_name, fact.source_name)
    return f"{subject} — {fact.label}: {value}"


def header_records(retrieval, sentences: list[Sentence]) -> list[Sentence]:
    """The front matter of the kept pages (`Retrieval.headers`: no passage holds it), each page's fields as one line
    of fields under its title, read as the page's own lines are ("Owner slack: #team-channel; Section: Databases")."""
    titles = {s.doc_id: (s.context.split(TITLE_SEPARATOR)[0], s.rank) for s in reversed(sentences) if not s.from_fact}
    out = []
    for doc, fields in sorted(retrieval.headers.items()):
        if fields and doc in titles:
            text = "; ".join(f"{name.replace('_', ' ').capitalize()}: {value}" for _, name, value in fields)
            out.append(Sentence(text[:MAX_CHARS], doc, fields[0][0], titles[doc][0], titles[doc][1]))
    return out
