"""Ingest: read a corpus folder into documents with stable ids, then chunk them with line spans.

Document ids (SPEC §3.1): front-matter `id:` wins; else a leading stable pattern in the
file name (ADR-001, MEETING-2026-02-15, SOP-deployment); else the file name. Every id is then
normalised to ASCII letters, digits and `_ . -` (`normalized_id`), so a file name with spaces or
any Unicode still gives an id every store, citation and audit accepts; the file's own name stays
in `Document.path`. Lines are 1-based and refer to the file as stored.
Titles: the first top-level heading, else the front matter's `title:`, else the file name's words; a heading half the
corpus shares is a template's ("# Meta"), not a title. A chunk is headed by its title and its section's path.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from ..errors import InputError
from ..settings import max_document_bytes_from_env

DOC_SUFFIXES = (".md", ".markdown", ".txt")
# A leading stable id: PREFIX-NUMBER(-NUMBER…) such as ADR-001, INC-2024-7, MEETING-2026-02-15, or SOP-like PREFIX-word.
DATED_ID = re.compile(r"^([A-Z][A-Z0-9]+-\d{4}-\d{2}-\d{2})")
NUMBERED_ID = re.compile(r"^([A-Z][A-Z0-9]+-\d+(?:-\d+)*)")
WORD_ID = re.compile(r"^([A-Z]{2,}-[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*)(?:\.[a-z]+)?$")
FRONT_MATTER_ID = re.compile(r"^id:\s*(\S.*?)\s*$", re.IGNORECASE)
FRONT_MATTER_TITLE = re.compile(r"^title:\s*(\S.*?)\s*$", re.IGNORECASE)
# An id as it appears in text, used to recognise references between documents.
ID_IN_TEXT = re.compile(r"\b([A-Z][A-Z0-9]+-\d+(?:-\d+)*)\b")
# What a document id opens with, and its number: "ADR" and 36 of ADR-36, "PM" of PM2019-009, 45 of 0045-launcher-….md.
ID_PREFIX = re.compile(r"([A-Za-z]{2,})[-_ ]?\d")
ID_NUMBER = re.compile(r"^[A-Za-z]*[-_ ]?(\d+)")
# A document referred to by a kind and a number, as prose writes it, from the loosest to the strictest: any word of two
# to eight letters ("RFC#49", "rfc 0045": the corpus decides which words are kinds), a capitalised kind before a
# number in a sentence ("RFC 0045", "ADR-37"), and such a kind just before where a number starts ("RFC " of "RFC 0049").
NUMBERED_REFERENCE = re.compile(r"(?<![\w-])([A-Za-z]{2,8})\s?[-#]?\s?(\d{1,5})(?![\w-])")
ID_REFERENCE = re.compile(r"\b([A-Z]{2,6})[- ](\d{1,5})\b")
ID_REFERENCE_BRACKETED = re.compile(r"\b([A-Z]{2,6})[- ]\(?(\d{1,5})\b")  # … or its number in brackets: "RFC (0022)"
# A document's short id, where a corpus names its files by one ("A27" of A27-xds-global-load-balancing.md): as a file
# name opens with it, and as text writes it ("gRFC A27").
SHORT_ID_FILE = re.compile(r"([A-Za-z]{1,4}\d{1,5})(?=[-_.])")
SHORT_ID_IN_TEXT = re.compile(r"(?<![\w-])([A-Za-z]{1,4}\d{1,5})(?![\w-])")
ID_NUMBER_BEFORE = re.compile(r"\b[A-Z]{2,6}[- #]?$")
SHORT_ID_DOCUMENTS = 3  # documents of a corpus named so before such an id is taken for its documents' name


def short_ids(file_names: dict[str, str]) -> dict[str, str]:
    """The short id that opens a document's file name ("a27" of A27-xds-global-load-balancing.md; `file_names`: doc id
    → file name) → that document, for each id that opens one file name only (one opening two names neither)."""
    opened = {doc: m.group(1).lower() for doc, name in file_names.items() if (m := SHORT_ID_FILE.match(name))}
    counts = Counter(opened.values())
    return {short: doc for doc, short in opened.items() if counts[short] == 1}


def corpus_short_ids(file_names: dict[str, str]) -> dict[str, str]:
    """`short_ids` of a whole corpus, where its files share the convention (`SHORT_ID_DOCUMENTS` or more named so);
    none otherwise: one file that happens to open with "v2-" does not make every "v2" of the corpus its name."""
    shorts = short_ids(file_names)
    return shorts if len(shorts) >= SHORT_ID_DOCUMENTS else {}


def short_id_series(shorts: Iterable[str]) -> set[str]:
    """The letters the short ids open with ("a" of "a27"): what makes a word of text ("A105") an id of the series,
    whether a document of it is at hand or not."""
    return {short.rstrip("0123456789") for short in shorts}


MAX_CHUNK_LINES = 14
# A chunk's first line: its document's title, then its section's path ("Title — Section › Subsection").
TITLE_SEPARATOR, SECTION_SEPARATOR = " — ", " › "


@dataclass(frozen=True)
class Document:
    doc_id: str
    path: str  # relative to the corpus folder
    title: str
    text: str
    content_hash: str
    # Other files declaring the same id (left out): the audit fails naming them, never a silent replacement.
    also_declared_by: tuple[str, ...] = ()

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """Split once per document: passes ask for a line per statement, and a 20 MB document has 600,000 lines."""
        return tuple(self.text.split("\n"))

    @classmethod
    def from_row(cls, row: dict) -> "Document":
        """A document back from a row of a documents frame (lists come back as lists)."""
        return cls(**{**row, "also_declared_by": tuple(row.get("also_declared_by") or ())})


@dataclass(frozen=True)
class Chunk:
    chunk_id: str
    doc_id: str
    section: str
    start_line: int
    end_line: int
    text: str


def document_id(file_name: str, text: str) -> str:
    return normalized_id(_declared_id(file_name, text))


def normalized_id(raw: str) -> str:
    """`raw` as an id of ASCII letters, digits and `_ . -`: accents dropped (Réunion → Reunion), every other run of
    characters one `-`. When letters with no ASCII form had to go (日本, Ωmega), a short hash of `raw` keeps two
    such names apart."""
    decomposed = "".join(c for c in unicodedata.normalize("NFKD", raw.strip()) if not unicodedata.combining(c))
    slug = re.sub(r"-+(?=\.)", "", re.sub(r"[^A-Za-z0-9_.\-]+", "-", decomposed)).strip("-._")
    if not slug or any(c.isalnum() and not c.isascii() for c in decomposed):
        slug = f"{slug}-{hashlib.sha256(raw.strip().encode()).hexdigest()[:8]}".lstrip("-")
    return slug


def _declared_id(file_name: str, text: str) -> str:
    declared = _front_matter(text, FRONT_MATTER_ID)
    if declared:
        return declared
    for pattern in (DATED_ID, NUMBERED_ID, WORD_ID):
        match = pattern.match(file_name)
        if match:
            return match.group(1)
    return file_name


def normalize_doc_ref(ref: str) -> str:
    """Citations compare ids case-insensitively, with or without `.md`, and as normalised (`normalized_id`)."""
    ref = normalized_id(ref).lower()
    return ref[:-3] if ref.endswith(".md") else ref


def document_title(text: str, fallback: str) -> str:
    """The first top-level heading; else the front matter's `title:` (a site generator's page, whose heading is
    rendered from it); else `fallback`."""
    for line in text.split("\n"):
        if line.startswith("# "):
            return line[2:].strip()
    return _front_matter(text, FRONT_MATTER_TITLE) or fallback


def _front_matter(text: str, field: re.Pattern) -> str:
    """The value of one field of the document's front matter (its leading `---` block), unquoted; "" if none."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for line in lines[1:40]:
            if line.strip() == "---":
                break
            match = field.match(line.strip())
            if match:
                return match.group(1).strip("'\"")
    return ""


@dataclass(frozen=True)
class DocumentFile:
    relative: str  # path under the corpus folder, with `/`
    entry: os.DirEntry
    linked: bool  # a symbolic link: it may point out of the corpus

    @property
    def path(self) -> Path:
        return Path(self.entry.path)


def document_files(root: Path) -> list[DocumentFile]:
    """Files with a document suffix under `root`, in path order (folder by folder, as `Path` sorts). Linked folders
    are not entered, as `Path.rglob` does not enter them. One directory scan per folder: at ten thousand documents,
    a `stat` and a path resolution per file were most of the time spent reading the corpus."""
    found: list[tuple[tuple[str, ...], DocumentFile]] = []
    folders: list[tuple[str, tuple[str, ...]]] = [(str(root), ())]
    while folders:
        folder, parts = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append((entry.path, (*parts, entry.name)))
                elif os.path.splitext(entry.name)[1].lower() in DOC_SUFFIXES and (entry.is_symlink() or entry.is_file()):
                    names = (*parts, entry.name)
                    found.append((names, DocumentFile("/".join(names), entry, entry.is_symlink())))
    return [file for _, file in sorted(found, key=lambda item: item[0])]


class SkippedDocument(Exception):
    """A file that is not a usable document (empty, binary): warned about and left out."""


def read_document(path: Path, rel: str) -> Document:
    """The file at `path`, stored under `rel` (its path under the corpus folder)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(rel, f"cannot read file ({exc.strerror})") from None
    if b"\x00" in raw:
        line = raw[: raw.index(b"\x00")].count(b"\n") + 1
        raise SkippedDocument(f"{rel}:{line}: binary file (NUL byte), skipped")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(rel, f"not UTF-8 (invalid byte at line {line})", field="encoding") from None
    text = text.replace("\r\n", "\n").removeprefix("\ufeff")
    return Document(
        doc_id=document_id(path.name, text),
        path=rel,
        title=document_title(text, file_title(path.name)),
        text=text,
        content_hash=hashlib.sha256(raw).hexdigest(),
    )


def load_corpus(folder: str | Path, warnings: list[str] | None = None, max_bytes: int | None = None) -> list[Document]:
    """Every usable document under `folder`, sorted by id.

    A missing or empty folder, an unreadable or non-UTF-8 file raise InputError (the run stops).
    An empty or binary file, or one over `max_bytes` (default: GRAPHRAG_MAX_DOCUMENT_MB), is left out
    with a warning naming the file and line (appended to `warnings`); the rest of the corpus builds.
    A second file declaring an id already used is left
    out too and named in the first one's `also_declared_by`, which fails the audit. Two different
    names that normalise alike (`a b.md`, `a-b.md`) are no conflict: the later one's id gets a short
    hash of its file name.
    """
    warnings = warnings if warnings is not None else []
    max_bytes = max_document_bytes_from_env() if max_bytes is None else max_bytes
    root = Path(folder)
    if not root.exists():
        raise InputError(root, "corpus folder does not exist")
    if not root.is_dir():
        raise InputError(root, "corpus path is not a folder")
    inside = root.resolve()
    paths = []
    for file in document_files(root):
        if file.linked:
            try:
                target = file.path.resolve(strict=True)
            except (OSError, RuntimeError):  # a loop, or a target that is gone
                warnings.append(f"{file.relative}:1: a link that leads to no file (a loop or a missing target), skipped")
                continue
            if not target.is_relative_to(inside):
                warnings.append(f"{file.relative}:1: links outside the corpus folder, skipped")  # it must not pull other files in
                continue
            if not target.is_file():
                continue
        paths.append(file)
    if not paths:
        raise InputError(root, f"corpus folder has no documents ({', '.join(DOC_SUFFIXES)})")
    documents: dict[str, Document] = {}
    for file in paths:
        stat = file.entry.stat()
        if not file.linked and stat.st_nlink > 1:  # its other names may be anywhere on the disk
            warnings.append(f"{file.relative}:1: has {stat.st_nlink} hard links, which may lead outside the corpus "
                            "folder; skipped (copy the file in instead)")
            continue
        if (size := stat.st_size) > max_bytes:
            warnings.append(f"{file.relative}:1: {size / (1 << 20):.1f} MB is over the document size limit "
                            f"of {max_bytes / (1 << 20):g} MB (GRAPHRAG_MAX_DOCUMENT_MB), skipped")
            continue
        try:
            doc = read_document(file.path, file.relative)
        except SkippedDocument as skipped:
            warnings.append(str(skipped))
            continue
        if not doc.text.strip():
            warnings.append(f"{doc.path}:1: document is empty, skipped")
            continue
        key = doc.doc_id.lower()
        if key in documents:
            first = documents[key]
            if _declared_id(Path(first.path).name, first.text).lower() == _declared_id(file.entry.name, doc.text).lower():
                warnings.append(f"{doc.path}:1: duplicate document id {doc.doc_id!r} (already used by {first.path}), "
                                "left out; the audit fails until one of them changes its id")
                documents[key] = replace(first, also_declared_by=(*first.also_declared_by, doc.path))
                continue
            doc = replace(doc, doc_id=f"{doc.doc_id}-{hashlib.sha256(doc.path.encode()).hexdigest()[:8]}")
            key = doc.doc_id.lower()
        if doc.text.count("\n```") % 2 and not doc.text.startswith("```"):
            warnings.append(f"{doc.path}:{_unclosed_fence_line(doc.text)}: code fence is never closed; the rest of the file is read as a fence")
        documents[key] = doc
    if not documents:
        raise InputError(root, "corpus folder has no usable documents (" + "; ".join(warnings) + ")")
    return sorted(_template_headings_untitled(list(documents.values())), key=lambda d: d.doc_id)


TEMPLATE_SHARE, TEMPLATE_MIN = 0.5, 3  # a first heading shared by this share of the documents (and this many) …


def _template_headings_untitled(documents: list[Document]) -> list[Document]:
    """A first heading that half a folder's documents share ("# Meta" atop every RFC) is a template's section name,
    not a title: those documents are titled by their front matter's `title:` or else by their file name's words
    ("0022-client-side-buildpack-registry.md" → "client side buildpack registry"). By folder: a collection keeps its
    template beside other collections' documents (an estate holding the RFCs and a thousand other documents)."""
    keys = [(str(Path(doc.path).parent), doc.title) for doc in documents]  # (folder, first heading)
    counts, sizes = Counter(keys), Counter(folder for folder, _ in keys)
    shared = {key for key, n in counts.items() if n >= max(TEMPLATE_MIN, TEMPLATE_SHARE * sizes[key[0]])}
    if not shared:
        return documents
    return [replace(doc, title=_front_matter(doc.text, FRONT_MATTER_TITLE) or file_title(doc.path))
            if key in shared else doc for doc, key in zip(documents, keys)]


def file_title(path: str) -> str:
    """A file name's words, without its suffixes and the numbers it opens with: "0022-client-side-buildpack-registry.md"
    → "client side buildpack registry"; a word that starts with digits is a word ("0122-2023H2-roadmap.md" → "2023H2
    roadmap")."""
    stem = Path(path).name.split(".")[0]
    words = re.sub(r"^(?:\d+[-_\s]+)+(?=\S)", "", stem)
    return " ".join(re.split(r"[-_\s]+", words)).strip() or stem


def _unclosed_fence_line(text: str) -> int:
    opened = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip().startswith("```"):
            opened = 0 if opened else number
    return opened or 1


def corpus_fingerprint(folder: str | Path) -> str:
    """Cheap change detector for a corpus folder: names, sizes and modification times of its documents."""
    root = Path(folder)
    if not root.is_dir():
        return "missing"
    entries = sorted((f.relative, (stat := f.entry.stat()).st_size, stat.st_mtime_ns) for f in document_files(root))
    return hashlib.sha256(repr(entries).encode()).hexdigest()[:24]


def chunk_document(doc: Document) -> list[Chunk]:
    """Split at headings, then at blank lines once a section passes MAX_CHUNK_LINES.

    Each chunk knows its 1-based line span in the stored file; its text is prefixed with
    the document title so a chunk is understandable (and embeddable) on its own.
    """
    lines = doc.lines
    body_start = 0
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                body_start = i + 1
                break
    chunks: list[Chunk] = []
    section, start = doc.title, None
    buf: list[str] = []
    headings: list[tuple[int, str]] = []  # the open sections, outermost first: (level, heading)

    def flush(end_index: int) -> None:  # end_index: 1-based number of the buffer's last line
        nonlocal start, buf
        if start is not None:  # a chunk starts at a non-blank line: `buf` always holds one
            while buf and not buf[-1].strip():
                buf.pop()
                end_index -= 1
            body = "\n".join(buf)
            # The head names the section by its path ("Atomic Batched Publishes › Server Behavior Design"): two
            # sections of one name under different parents are told apart.
            path = SECTION_SEPARATOR.join(t for _, t in headings if t != doc.title) or section
            chunks.append(Chunk(f"{doc.doc_id}#{start + 1}", doc.doc_id, section, start + 1, end_index,
                                f"{doc.title}{TITLE_SEPARATOR}{path}\n{body}"))
        start, buf = None, []

    in_fence = False
    for i in range(body_start, len(lines)):
        line = lines[i]
        if line.strip().startswith("```"):
            in_fence = not in_fence
        if not in_fence and (heading := re.match(r"^(#{1,6})\s", line)):
            flush(i)
            section = line.lstrip("#").strip()
            level = len(heading.group(1))
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, section))
            continue
        if start is None:
            if not line.strip():
                continue
            start = i
        buf.append(line)
        if not in_fence and not line.strip() and len(buf) >= MAX_CHUNK_LINES:
            flush(i + 1)  # this blank line is already in the buffer
    flush(len(lines))
    return chunks
