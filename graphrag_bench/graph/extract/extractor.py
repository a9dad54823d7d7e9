"""Extraction over a corpus: pass 1 (structure) and pass 2 (prose) per document, pass 3
(meaning) over the corpus, and the per-document cache that lets unchanged documents skip
passes 1 and 2. Untrusted lines (`untrusted`: text addressed to an assistant, query-language
statements) are blanked before any pass reads a document."""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
import re
from collections import Counter
from contextlib import contextmanager

from ...corpus.ingest import ID_IN_TEXT, Document, corpus_short_ids
from ...runtime.result_cache import ResultCache, StoredVector
from ...language.semantics import RELATION_THRESHOLD, Semantics
from ...settings import id_types_from_env
from ..vocabulary import ENTITY_TYPES, QUESTION_SHAPES, RELATIONS
from .interpret import Interpreter
from .model import NAME, Extraction, ParsedDocument
from .prose import ProseReader, ProseResult
from .structure import DocumentParser
from ...language.text import LINK, clean, split_qualifiers
from ...corpus.untrusted import find_untrusted, masked

EXTRACTOR_VERSION = "35"  # bump when extraction rules change: cached results are then ignored
SECTION_ID = re.compile(r"^#{2,6}\s+\W*(" + ID_IN_TEXT.pattern.replace("\\b", "") + r")\b", re.MULTILINE)
MID_SENTENCE_CAPITAL = re.compile(r"(?<=[a-z,;])\s+([A-Z][\w'’+-]*)")


def _canonical(value):
    """The same value in every process: sets sorted (their order follows the per-process string hash seed)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, dict):
        return [[_canonical(k), _canonical(v)] for k, v in sorted(value.items(), key=lambda kv: repr(_canonical(kv[0])))]
    if isinstance(value, (set, frozenset)):
        return sorted((_canonical(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    return value


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(_canonical(value), default=repr).encode()).hexdigest()[:20]


VOCABULARY_DIGEST = _digest([sorted(RELATIONS.items()), sorted(ENTITY_TYPES.items()), QUESTION_SHAPES, RELATION_THRESHOLD])


BARE_PATH = re.compile(r"(?<![\w(/.-])(?:https?://)?[\w.-]+(?:/[\w.%~-]+)+\.\w+(?:#[\w-]*)?")  # …/text/0077-x.md


class RecordIds:
    """The corpus's record ids: documents (by id or file name) and records that are sections of a document."""

    def __init__(self, documents: list[Document]):
        self.known: dict[str, str] = {}
        # A document's file name → its id: what a link to it ends with (a name two documents share names neither).
        names = Counter(d.path.rsplit("/", 1)[-1].lower() for d in documents)
        self.files = {name: d.doc_id for d in documents if names[name := d.path.rsplit("/", 1)[-1].lower()] == 1}
        for d in documents:
            self.known[d.doc_id.lower()] = d.doc_id
            self.known[d.path.lower()] = d.doc_id
            self.known[d.path.rsplit(".", 1)[0].lower()] = d.doc_id
            for match in SECTION_ID.finditer(d.text):
                self.known.setdefault(match.group(1).lower(), match.group(1))
        # A corpus that names its files by a short id of letters and a number ("A27-xds-global-load-balancing.md",
        # "A39-xds-http-filters.md") calls each document by it in prose ("gRFC A27", "A39 calls for …"): such an id
        # is the document's where it opens one file name only and the corpus's files share the convention.
        for short, doc_id in corpus_short_ids({d.doc_id: d.path.rsplit("/", 1)[-1] for d in documents}).items():
            self.known.setdefault(short, doc_id)
        # An id-shaped token (SEV-1) is a reference only if its prefix names a kind of record the corpus has.
        self.prefixes = {i.split("-", 1)[0].upper() for i in self.known.values() if ID_IN_TEXT.fullmatch(i)}
        self._answers: dict[str, str | None] = {}

    def __call__(self, text: str) -> str | None:
        if text not in self._answers:  # the same reference recurs in every record that cites it
            self._answers[text] = self._record(text)
        return self._answers[text]

    def _record(self, text: str) -> str | None:
        text = clean(split_qualifiers(text)[0])
        if not text:
            return None
        known = self.known.get(text.lower())
        if known:
            return known
        match = ID_IN_TEXT.fullmatch(text)
        if match and text.split("-", 1)[0].upper() in self.prefixes:
            return text
        return None

    def linked(self, value: str) -> str:
        """`value` with each link to a document of the corpus written as that document's id: "[RFC#49](https://…/text/
        0049-multi-api-lifecycle-descriptor.md)" and a bare ".../0077-pack-buildpack-create.md" name the document
        whose file they end with, whatever the link's words say."""
        if "/" not in value and "](" not in value:
            return value  # (neither a link nor a path)

        def document(target: str) -> str | None:
            target = (target.split() or [""])[0]  # (a link's target may be followed by its title: `(url "Title")`)
            name = target.split("#", 1)[0].split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1].lower()
            return self.files.get(name) if name else None

        value = LINK.sub(lambda m: document(m.group(2)) or m.group(0), value)
        return BARE_PATH.sub(lambda m: document(m.group(0)) or m.group(0), value)

    def digest(self) -> str:
        return _digest([sorted(self.known.items()), sorted(self.files.items())])


PER_DOCUMENT = ("structure|", "prose|")  # cache keys of one document's passes 1 and 2 (by its content)
StoredVectors = dict[str, StoredVector]  # label → its embedding, kept between runs
CorpusNames = tuple[list[str], list[str]]  # the names pass 2 reads for, and the capitals seen mid-sentence


class RerunCache:
    """The extraction cache as an audit re-run sees it: a document's passes 1 and 2 come from it only when
    that content was already re-run once (`verified`); label vectors are reused (content-addressed, as chunk
    vectors are); the corpus-level interpretation never is. Nothing is written back. After the re-run,
    `per_document_keys` are the documents it covered."""

    def __init__(self, cache: ResultCache | None, verified: set[str]):
        self._cache, self._verified = cache, verified
        self.per_document_keys: set[str] = set()

    def get(self, key: str, kind):
        if key.startswith(PER_DOCUMENT):
            self.per_document_keys.add(key)
            if key not in self._verified:
                return None
        elif not key.startswith("vectors|"):
            return None
        return self._cache.get(key, kind) if self._cache is not None else None

    def put(self, key: str, value, kind) -> None:
        pass

    def keep_all(self) -> None:
        pass

    def save(self) -> None:
        pass


@contextmanager
def _cycle_collection_paused():
    """Extraction builds millions of small objects (terms, statements, mentions) that live until it ends and hold
    no reference cycles; Python's cycle collector would walk all of them again at every full collection — a
    quarter of the time on a 20 MB document (bench/large_document.py). Paused while it runs."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


WORD = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")


def common_words_dropped(names: list[str], texts: list[str]) -> list[str]:
    """The names without the words of the language among them. A one-word name in plain letters ("in", "server",
    "Error", from a table's cells) is a common word when it is an English stop word, or when the corpus's prose
    also inflects it — a plural ("servers", "complexities") or, for a verb's form, another form of the verb
    ("required": "requires", "requiring") — and writes it in lower case at least as often as capitalised —
    matched case-insensitively, it would make every "in" and every "server" a mention. How the corpus uses the
    word decides; "fluentd" or "Kubernetes" have no other form there."""
    from spacy.lang.en.stop_words import STOP_WORDS

    plain = {n for n in names if re.fullmatch(r"[A-Z]?[a-z]+", n)}
    if not plain:
        return names
    # Only the forms asked about are counted (the corpus's prose is scanned once, at every interpretation).
    wanted = {form for n in plain for low in [n.lower()] for form in (low, low.capitalize(), *_inflections(low))}
    counts: dict[str, int] = {}
    for text in texts:
        for word in WORD.findall(text):
            if word in wanted:
                counts[word] = counts.get(word, 0) + 1

    def common(name: str) -> bool:
        low = name.lower()
        if low in STOP_WORDS:
            return True
        inflected = sum(counts.get(form, 0) for form in _inflections(low))
        return inflected > 0 and counts.get(low, 0) >= counts.get(low.capitalize(), 0)

    return [n for n in names if n not in plain or not common(n)]


def _inflections(low: str) -> set[str]:
    """The other forms English gives a lower-case word: its plural (or singular), and for a verb's past or present
    participle the verb's other forms ("required": "require", "requires", "requiring")."""
    forms = {low + "s", low + "es"}
    if low.endswith("s"):
        forms.add(low[:-1])
    if low.endswith("y"):
        forms.add(low[:-1] + "ies")
    for suffix in ("ed", "ing"):
        if low.endswith(suffix) and len(low) > len(suffix) + 2:
            root = low[:-len(suffix)]
            forms |= {root, root + "s", root + "e", root + "es", root + "ed", root + "ing"}
    forms.discard(low)
    return forms


_READERS: dict[str, ProseReader] = {}


def _prose_reader(key: str, names: list[str], ids: RecordIds, capitals: list[str]) -> ProseReader:
    """The prose reader for these names, record ids and capitals (`key` digests them). Building one tokenizes every
    name of the corpus; the audit's re-run of an edit reads the same document with the same names, so the last
    one is kept. It holds no state from what it read."""
    if key not in _READERS:
        _READERS.clear()
        _READERS[key] = ProseReader(names, ids, set(capitals))
    return _READERS[key]


class Extractor:
    """Corpus-level extraction. `semantics` (built on the shipped embedding model when not given) reads labels."""

    def __init__(self, semantics: Semantics | None = None, id_types: dict[str, str] | None = None,
                 threads: int | None = None):
        """`threads`: the embedding model's threads for labels (None: one per available core; a shard's process takes its share)."""
        self.id_types = dict(id_types_from_env() if id_types is None else id_types)
        self._semantics = semantics
        self.threads = threads

    @property
    def semantics(self) -> Semantics:
        if self._semantics is None:
            self._semantics = Semantics(self._new_embedder())
        return self._semantics

    def _new_embedder(self):
        """The shipped embedding model on this extractor's threads (loaded only when it first embeds)."""
        from ...runtime.embed import Embedder

        embedder = Embedder()
        embedder.threads = self.threads
        return embedder

    @staticmethod
    def _vectors_key(embedder) -> str:
        return f"vectors|{VOCABULARY_DIGEST}|{getattr(embedder, 'identity', '')}"

    def prepare(self, texts: list[str]) -> None:
        """Embed label candidates in one batch (a table's cells) before `is_label` reads them one by one."""
        self.semantics.prepare(clean(t) for t in texts if t and len(t.split()) <= 5)

    def is_label(self, text: str) -> bool:
        """Does a short text read as the name of a vocabulary relation (a field label, a relation cell)?"""
        text = clean(text)
        if not text or len(text.split()) > 5:
            return False
        readings = self.semantics.readings(text)
        return bool(readings) and readings[0].score >= RELATION_THRESHOLD

    def extract(self, documents: list[Document], cache: ResultCache | RerunCache | None = None) -> Extraction:
        """All documents; with a cache, unchanged documents reuse their passes 1 and 2."""
        with _cycle_collection_paused():
            return self._extract(documents, cache)

    def read_shard(self, documents: list[Document], shard: set[str], through: str, cache) -> list[str]:
        """One shard's share of pass 1 (`through="structure"`) or pass 2 (`"prose"`): the documents of `shard` not in
        `cache` are read and put there; the ids read. Every document is still seen for what the passes take from the
        whole corpus (record ids), and pass 2 reads the corpus's names that `through="names"` (the fan-in of pass 1,
        `shard` empty) put in `cache` from every document's pass 1. The fan-in's `extract` then finds every document's
        passes there and interprets the corpus."""
        with _cycle_collection_paused():
            return self._extract(documents, cache, shard, through).processed

    def vectors_key(self) -> str:
        """The cache key of the label vectors this extractor's embedding model made (no vocabulary embedded for it)."""
        return self._vectors_key(self._semantics.embedder if self._semantics is not None else self._new_embedder())

    def _extract(self, documents: list[Document], cache: ResultCache | RerunCache | None,
                 shard: set[str] | None = None, through: str = "interpretation") -> Extraction:
        untrusted = {d.doc_id: find_untrusted(d) for d in documents}
        documents = [masked(d, untrusted[d.doc_id]) for d in documents]  # documents are data, never instructions
        ids = RecordIds(documents)
        corpus_key = _digest([EXTRACTOR_VERSION, VOCABULARY_DIGEST, ids.digest()])
        vectors_key, stored_vectors = "", 0
        if cache is not None:  # label vectors of earlier runs: the model loads only for a label never seen
            if self._semantics is None:
                embedder = self._new_embedder()
                vectors_key = self._vectors_key(embedder)
                stored = cache.get(vectors_key, StoredVectors) or {}
                self._semantics = Semantics(embedder, stored)  # its gloss tables come from the stored vectors
            else:
                vectors_key = self.vectors_key()
                stored = cache.get(vectors_key, StoredVectors) or {}
                for text, vector in stored.items():
                    self._semantics.known_vectors.setdefault(text, vector)
            stored_vectors = len(stored)
        parsed: list[ParsedDocument] = []
        keys: dict[str, str] = {}
        result = Extraction()
        for doc in documents:
            keys[doc.doc_id] = f"structure|{doc.content_hash}|{_digest([doc.title])}|{corpus_key}"  # a title may come from the corpus
        # Pass 2 reads the names pass 1 found in every document: a sharded build's fan-in finds them once
        # (`through="names"`), and each shard of pass 2 then reads only its own documents' pass 1.
        names_key = f"names|{_digest([keys[d.doc_id] for d in documents])}"
        known_names = cache.get(names_key, CorpusNames) if cache is not None and through == "prose" else None
        for doc in documents:
            if (through == "structure" or known_names is not None) and shard is not None and doc.doc_id not in shard:
                continue
            cached = cache.get(keys[doc.doc_id], ParsedDocument) if cache else None
            if cached is None:
                cached = DocumentParser(doc, ids, self).parse()
                if cache is not None:
                    cache.put(keys[doc.doc_id], cached, ParsedDocument)
                if through == "structure":
                    result.processed.append(doc.doc_id)
            parsed.append(cached)
        if through == "structure":
            return self._partial(result, cache, vectors_key, stored_vectors)
        # The names prose is read for: what structures declare (rows, nodes, entries) and the values of fields whose
        # label names a relation ("Owner: Lena Ortiz"), not every capitalised field value ("Role: Contractor").
        if known_names is not None:
            names, capitals = known_names
        else:
            names = sorted({d.name for p in parsed for d in p.declared}
                           | {t.text for p in parsed for s in p.statements for t in (s.subject, s.value)
                              if t.kind == NAME and (s.extractor == "diagram" or self.is_label(s.label))})
            capitals = sorted({m for p in parsed for para in p.paragraphs for m in MID_SENTENCE_CAPITAL.findall(para.text)})
            names = common_words_dropped(names, [para.text for p in parsed for para in p.paragraphs])
        if through == "names":
            if cache is not None:
                cache.put(names_key, (names, capitals), CorpusNames)
            return self._partial(result, cache, vectors_key, stored_vectors)
        prose_key = _digest([names, capitals])
        fingerprint = _digest([prose_key, [keys[p.doc_id] for p in parsed], sorted(self.id_types.items())])
        if cache is not None and shard is None:  # nothing changed since the last run: its interpretation stands as it was
            known = cache.get(f"interpretation|{fingerprint}", Extraction)
            if known is not None:
                known.processed, known.reused = [], [p.doc_id for p in parsed]
                cache.keep_all()
                self._remember_vectors(cache, vectors_key, stored_vectors)
                cache.save()
                return known
        reader = None
        prose = {}
        for p in parsed:
            if shard is not None and p.doc_id not in shard:
                continue
            key = f"prose|{keys[p.doc_id]}|{prose_key}"
            cached = cache.get(key, ProseResult) if cache else None
            if cached is None:
                reader = reader or _prose_reader(f"{corpus_key}|{prose_key}", names, ids, capitals)
                cached = reader.read(p.doc_id, p.paragraphs)
                if cache is not None:
                    cache.put(key, cached, ProseResult)
                result.processed.append(p.doc_id)
            else:
                result.reused.append(p.doc_id)
            prose[p.doc_id] = cached
        if through == "prose":
            if shard is not None:  # the interpretation's embedding of these documents' labels, done here, in parallel
                Interpreter(self.semantics, self.id_types).prepare_documents(
                    [p for p in parsed if p.doc_id in prose], prose)
            return self._partial(result, cache, vectors_key, stored_vectors)
        out = Interpreter(self.semantics, self.id_types).run(parsed, prose)
        out.processed, out.reused = result.processed, result.reused
        out.fingerprint = fingerprint
        out.untrusted = [flag for d in documents for flag in untrusted[d.doc_id]]
        if cache is not None:
            cache.put(f"interpretation|{fingerprint}", out, Extraction)
            self._remember_vectors(cache, vectors_key, stored_vectors)
            cache.save()
        return out

    def _partial(self, result: Extraction, cache: ResultCache | RerunCache | None, vectors_key: str, stored: int) -> Extraction:
        """A sharded build's pass ends here: what it computed is in `cache`, saved (the fan-in interprets)."""
        if cache is not None:
            self._remember_vectors(cache, vectors_key, stored)
            cache.save()
        return result

    def _remember_vectors(self, cache: ResultCache | RerunCache, key: str, stored: int) -> None:
        """Persist the label vectors when this run embedded any beyond the `stored` ones it started with."""
        if len(self.semantics.known_vectors) != stored:
            cache.put(key, dict(self.semantics.known_vectors), StoredVectors)
