"""Retrieval: the vector baseline and hybrid GraphRAG (seed → pin → expand → pack).

Baseline: embed the question, top-k chunks by cosine. With GRAPH_RAG_ENABLED=false this is
the only code path; nothing here imports a graph driver.
GraphRAG: BM25's top-k are the seeds (the same passages the bm25 mode answers from, so the comparison isolates
what the graph adds); the question and the seeds are pinned to
resolved entities by name or alias (a document's also by its title: "the RFC named Lifecycle Descriptor"); allowlisted templates expand ≤ 2 hops from the pins
(≤ 50 nodes); facts with provenance are packed into ≤ 5 KB; a top seed that names another document by its id
brings that document's passage with the rest of the question, and its record (`_follow_references`); a later part
of the question pointing back to an earlier part's answer is asked again with that answer (`chain`). If the store is unreachable
the result is the vector baseline's, marked `fallback`; if the graph is empty, the seeds marked `empty`.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Protocol

import numpy as np

from ..corpus.ingest import ID_NUMBER, ID_REFERENCE, corpus_short_ids
from ..runtime.cache import TTLCache
from ..language.english import FUNCTION_WORDS
from ..language.spacy_pipeline import english_word
from ..language.text import dates_in, days_written, within_longer_name
from ..answers.fillers import is_record
from ..answers.question_reading import also_groups, named_spans, stems
from ..answers.sentences import clean, passage_sentences
from ..settings import RetrievalSettings
from ..graph.store.templates import MAX_LIMIT
from ..graph.vocabulary import EXPAND_TYPES, GENERIC, GLOSS_PATTERNS, MENTION, RECORD_TYPES, RELATIONS
from .chain import parts_apart, second_hops, speaks_of

log = logging.getLogger("graphrag_bench")
FALLBACK_WARNING = "GraphRAG unavailable, falling back to vector-only"
MAX_PINS = 8
REFERENCING_SEEDS = 3  # the seed passages whose references to other documents are followed
MAX_REFERENCED = 1  # documents brought in that way
MAX_RECORDS = 2  # documents named by the top passages whose records are brought
NEW_WORDS = 2  # question words a followed reference's passage must add to what the kept passages say
PAGE_RECORD_REACH = 2  # a page's record is in one of its first passages (after an opening paragraph, say)
PAGE_NEW_WORDS = 1  # … and the passage of a page the question names by its title
FIELD_LABEL = re.compile(r"^(?:[-*+]\s+)?([A-Za-z][\w ()/'-]{0,40}):\s+\S")  # "- Time to recovery: 48 minutes"
MAX_HELD_NAMES = 2  # names of the question no kept passage says, each looked for in the kept documents
FIELD_WORDS = 2  # a field label of this many words, all the question's, is what it asks by
TITLE_WORDS, TITLE_SHARE = 3, 0.8  # a title of this many words or more, this share of them the question's, names it
NUMBERING = re.compile(r"^\s*\d+(?:\.\d+)*[.:)]?\s+")  # "21. Multi-cluster": the number the heading opens with
COMPOUND_TITLE = re.compile(r"\w+(?:[-.]\w+)+")  # one word joined by hyphens or dots: "Multi-cluster", "data.gov.uk"
VERSION_TAIL = re.compile(r"\.\d")  # "1.25" after "EKS 1": a version, not a numbered document
ID_TOKEN = re.compile(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]")  # a word as a document id or a file name is written
# The words a relation is known by (its glosses), for ranking facts by what a question says.
RELATION_WORDS = {name: stems(" ".join((*r.forward, *r.inverse, r.phrase))) for name, r in RELATIONS.items()}


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 3)


@dataclass(frozen=True)
class Passage:
    chunk_id: str
    doc_id: str
    start_line: int
    end_line: int
    text: str
    score: float

    @classmethod
    def of(cls, chunk: dict, score: float) -> "Passage":
        """A chunk row of the index (chunk_id, doc_id, start_line, end_line, text) as a scored passage."""
        return cls(chunk["chunk_id"], chunk["doc_id"], int(chunk["start_line"]), int(chunk["end_line"]), chunk["text"],
                   round(float(score), 6))


@dataclass(frozen=True)
class Fact:
    source: str
    source_name: str
    type: str
    target: str
    target_name: str
    doc_id: str
    line: int
    evidence: str
    certainty: float
    hops: int
    label: str = ""  # the document's own words for the relation

    def line_text(self) -> str:
        return f"{self.source_name} -{self.type}-> {self.target_name} [{self.doc_id}:{self.line}]"


@dataclass
class Retrieval:
    question: str
    mode: str  # a name of graphrag_bench.retrieval.modes: baseline | bm25 | hybrid_lexical | graphrag | graph_ppr | router
    status: str = "ok"  # ok | fallback | empty
    route: str = ""  # router only: the mode that answered
    passages: list[Passage] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    pinned: list[str] = field(default_factory=list)
    question_pins: list[str] = field(default_factory=list)
    question_spans: list[tuple[str, int, int]] = field(default_factory=list)  # (entity id, start, end) in the question
    # Header attributes of the question's entities: id → {"name", "values": {field: [value, doc, line]}}
    attributes: dict = field(default_factory=dict)
    titles: dict = field(default_factory=dict)  # the packed facts' documents: entity id → the document's title
    # The front matter of the kept passages' pages: doc id → [[line, field, value], …] (`GraphRetriever._headers`)
    headers: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    graph_cache_hits: int = 0
    graph_cache_misses: int = 0
    pipeline_cache_hit: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


class Retriever(Protocol):
    """What every retrieval mode is (graphrag_bench.retrieval.modes): a question in, ranked cited passages (and, for a graph mode,
    facts with provenance) out. `use_pipeline_cache=False` bypasses a mode's cache of whole results (the benchmark's
    latency runs time the whole pipeline); a mode without one ignores it."""

    mode: str

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval: ...


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """The indexes of the k highest scores, best first, ties in corpus order (deterministic): only the scores at or
    above the k-th are sorted, not the whole corpus's (a sort of every chunk's score took milliseconds a question
    beside 1,000 documents)."""
    if k < len(scores):
        kth = np.partition(scores, len(scores) - k)[len(scores) - k]
        candidates = np.flatnonzero(scores >= kth)
    else:
        candidates = np.arange(len(scores))
    return candidates[np.lexsort((candidates, -scores[candidates]))][:k]


class VectorIndex:
    """Chunks and their normalized embeddings; exact top-k by dot product. A long chunk's passage windows
    (`corpus.windows`) have vectors too (`window_owners[i]`: the chunk of `window_vectors[i]`): a chunk scores the best
    of its own vector and its windows', so it is found by any part of what it says."""

    def __init__(self, chunks: list[dict], vectors: np.ndarray, window_owners: np.ndarray | None = None,
                 window_vectors: np.ndarray | None = None):
        self.chunks, self.vectors = chunks, np.asarray(vectors, dtype=np.float32)
        self.window_owners = np.zeros(0, dtype=np.int64) if window_owners is None else np.asarray(window_owners, np.int64)
        self.window_vectors = np.zeros((0, self.vectors.shape[-1]), np.float32) if window_vectors is None \
            else np.asarray(window_vectors, dtype=np.float32)

    def search(self, query: np.ndarray, k: int) -> list[Passage]:
        if len(self.chunks) == 0:
            return []
        scores = self.vectors @ query
        if len(self.window_owners):
            np.maximum.at(scores, self.window_owners, self.window_vectors @ query)
        order = top_k(scores, k)
        return [Passage.of(self.chunks[i], scores[i]) for i in order]


class BaselineRetriever:
    mode = "baseline"

    def __init__(self, index: VectorIndex, embedder, settings: RetrievalSettings | None = None):
        self.index, self.embedder = index, embedder
        self.settings = settings or RetrievalSettings()

    def search(self, question: str, k: int) -> list[Passage]:
        return self.index.search(self.embedder.encode_one(question), k)

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        start = time.perf_counter()
        passages = self.search(question, self.settings.top_k)
        seed_ms = _ms(start)
        return Retrieval(question, self.mode, passages=passages,
                         timings={"vector_seed_ms": seed_ms, "total_pipeline_ms": _ms(start)})


SECOND_SOURCE_DEPTH = 2  # how far down the vector ranking (× top-k) a value question's second source is looked for
MIN_TITLE_WORDS = 2  # a one-word title ("Logging") is a word a question uses for other things too
TEMPLATE_HEADINGS = 5  # headings this many end with the same words: those words say the kind of page, not its name


def document_headings(chunks: Sequence[dict]) -> dict[str, str]:
    """Each document's heading: the first line of its chunks, before " — " (its title)."""
    return {c["doc_id"]: c["text"].split("\n", 1)[0].split(" — ")[0].strip() for c in reversed(chunks)}


def heading_names(headings: dict[str, str]) -> dict[str, str]:
    """Each heading's name without the words many headings end with: English puts a noun phrase's head last, so the
    words that end many headings say what kind of page each is ("Build Tracker infrastructure operations", "Core
    Services Team") and the words before them name what it is about ("Build Tracker", "Core Services"), as a question
    calls it. Only names of two words or more, not ending in a function word."""
    words = {doc: heading.split() for doc, heading in headings.items()}
    ends = Counter(tuple(w.lower() for w in ws[-k:]) for ws in words.values() for k in range(1, len(ws)))
    names = {}
    for doc, ws in words.items():
        cut = max((k for k in range(1, len(ws)) if ends[tuple(w.lower() for w in ws[-k:])] >= TEMPLATE_HEADINGS),
                  default=0)
        if cut and len(ws) - cut >= MIN_TITLE_WORDS and ws[-cut - 1].lower() not in FUNCTION_WORDS:
            names[doc] = " ".join(ws[:-cut])
    return names


INITIALISM = re.compile(r"^[A-Z]{2,}$")  # "SIG": the capitals of the words a name stands for


def initialism_key(words: Sequence[str]) -> tuple[str, ...]:
    """The words of a name as a set, in one order: "SIG Docs" and "Docs SIG" say the same name."""
    return tuple(sorted(w.lower() for w in words))


def abbreviations(heading: str) -> set[tuple[str, ...]]:
    """The heading with a run of its capitalised words written as their initials (`initialism_key`): "Docs Special
    Interest Group" is also "Docs SIG" (and "SIG Docs"), as the Agent Memory Service is "AMS"."""
    ws = heading.split()
    forms = set()
    for i in range(len(ws)):
        for j in range(i + 2, len(ws) + 1):
            if not all(w[:1].isupper() for w in ws[i:j]):
                break
            forms.add(initialism_key([*ws[:i], "".join(w[0] for w in ws[i:j]), *ws[j:]]))
    return forms


def abbreviated_key(name: str) -> tuple[str, ...] | None:
    """`name`'s words as `initialism_key`, where one of them is an initialism; None otherwise."""
    words = name.split()
    return initialism_key(words) if any(INITIALISM.match(w) for w in words) else None


SHORT_NAME = re.compile(r"^(.+?)\s+\(([^()]+)\)$")  # "Docs Special Interest Group (SIG Docs)": a title, its short name


def with_short_name(title: str, short: str) -> str:
    """A title with the short name the corpus calls it by, as `calls` reads it back (`SHORT_NAME`)."""
    return f"{title} ({short})"


def calls(name: str, title: str) -> bool:
    """Whether `name` is the title (or the short name it gives in brackets, `EntityIndex.titles`), or the title with
    some of its words written as their initials."""
    key = abbreviated_key(name)
    said = [title, *(m.groups() if (m := SHORT_NAME.match(title)) else ())]
    return any(name.lower() == t.lower() or key is not None and key in abbreviations(t) for t in said)


def abbreviated_pages(named: dict[str, list[str]]) -> dict[tuple[str, ...], str]:
    """Each document's page by its heading written with an initialism (`abbreviations`): "SIG Docs" calls the page
    headed "Docs Special Interest Group". Only where one document has that name."""
    variants: dict[tuple[str, ...], set[str]] = {}
    for doc, names in named.items():
        for heading in names:
            for key in abbreviations(heading):
                variants.setdefault(key, set()).add(doc)
    return {key: next(iter(docs)) for key, docs in variants.items() if len(docs) == 1}


def document_titles(entities: list[dict], heading: dict[str, str],
                    named_by_heading: dict[str, str] | None = None) -> dict[str, list[str]]:
    """Each document entity's titles: its record's `Name:` field, its document's heading and the name the heading
    gives (`heading_names`, when not given), in that order; only titles of two words or more that no other document
    shares."""
    titles: dict[str, list[str]] = {}
    named_by_heading = heading_names(heading) if named_by_heading is None else named_by_heading
    for e in entities:
        if e["name"] != e.get("source_doc"):
            continue  # not a document's own entity
        named = json.loads(e.get("attributes") or "{}").get("name")
        for title in (named[0] if isinstance(named, list) and named else None, heading.get(e["name"]),
                      named_by_heading.get(e["name"])):
            if isinstance(title, str) and len(title.split()) >= MIN_TITLE_WORDS:
                titles.setdefault(e["id"], []).append(title.strip())
    owners: dict[str, set[str]] = {}  # title → the documents it titles (a document may have two entities)
    doc_of = {e["id"]: e["name"] for e in entities}
    for key, names in titles.items():
        for title in names:
            owners.setdefault(title.lower(), set()).add(doc_of[key])
    return {key: list(dict.fromkeys(t for t in names if len(owners[t.lower()]) == 1)) for key, names in titles.items()}


class EntityIndex:
    """Names and aliases of resolved entities → canonical ids, for pinning text to the graph."""

    def __init__(self, entities: list[dict], chunks: Sequence[dict] = ()):
        """`chunks`: the indexed chunks, whose headings give each document's title: a question that calls a document by
        its title ("the RFC named Lifecycle Descriptor") names the document's entity."""
        from spacy.lang.en.stop_words import STOP_WORDS

        from ..language.spacy_pipeline import blank_english

        self.nlp = blank_english()
        from spacy.matcher import PhraseMatcher  # spaCy is loaded by now (without torch)

        self.matcher = PhraseMatcher(self.nlp.vocab, attr="LOWER")
        self.names: dict[str, str] = {}
        self.canonical: dict[str, str] = {}
        self.dates: dict[str, list[str]] = {}
        by_id: dict[str, list[str]] = {}
        for e in entities:
            self.canonical[e["id"]] = e["canonical_id"] or e["id"]
            self.names.setdefault(e["id"], e["name"])
            if e["type"] == "date":
                self.dates.setdefault(e["id"].split(":", 1)[1][5:], []).append(e["id"])
            for name in [e["name"], *list(e.get("aliases") or [])]:
                # A word of the language ("in", "one", "name") names nothing, even where a table or a code span made it
                # an entity; an acronym that spells one ("CA") is written in capitals.
                if name and len(name) >= 2 and name.lower() not in FUNCTION_WORDS and not (
                        name.lower() in STOP_WORDS and not name.isupper()):
                    by_id.setdefault(self.canonical[e["id"]], []).append(name)
        by_document: dict[str, str] = {}  # a document's id → the title an answer names it by
        headings = document_headings(chunks)
        # A document's page by its heading, of any length, where no other document has that heading: "PagerDuty" is the
        # page of the PagerDuty a question names (a name the question gives, not a word it uses).
        # The documents one of many pages of a kind ("… infrastructure operations"), with the name their heading gives.
        self.of_a_kind = heading_names(headings)
        named = {doc: [h, *([n] if (n := self.of_a_kind.get(doc)) else [])] for doc, h in headings.items()}
        owners = Counter(h.lower() for names in named.values() for h in names)
        self.pages = {h.lower(): doc for doc, names in named.items() for h in names if owners[h.lower()] == 1}
        # (a heading that is the whole name before one that names a kind of page about it: "Docs Special Interest
        # Group" is the page of "SIG Docs" more than "SIG Docs Charter" is)
        self.headed = {h.lower(): doc for doc, h in headings.items() if owners[h.lower()] == 1}
        self.abbreviated = (abbreviated_pages({doc: [h] for doc, h in headings.items()}), abbreviated_pages(named))
        for key, titles in document_titles(entities, headings, self.of_a_kind).items():
            by_id.setdefault(self.canonical.get(key, key), []).extend(titles)
            if titles:
                by_document.setdefault(self.names[key], titles[0])
        # A page whose heading one name of the corpus abbreviates is called by both: "Auth Special Interest Group (SIG
        # Auth)", as the other pages call it.
        short: dict[str, set[str]] = {}
        for e in entities:
            if e["canonical_id"] in (None, "", e["id"]) and e["name"] != e.get("source_doc") \
                    and (abbreviated := abbreviated_key(e["name"])) and (doc := self.abbreviated[0].get(abbreviated)):
                short.setdefault(doc, set()).add(e["name"])
        for doc, names in short.items():
            if len(names) == 1 and by_document.get(doc) == headings.get(doc):
                by_document[doc] = with_short_name(headings[doc], next(iter(names)))
        # Every entity named by a document's id is that document (one mentioned first elsewhere too: ADR-33 of ADR-32)
        self.titles = {e["id"]: by_document[e["name"]] for e in entities if e["name"] in by_document}
        # Each document's own entities (its record, front matter and all; typed as an artifact, a decision …), by its id.
        self.documents: dict[str, list[str]] = {}
        for e in sorted(entities, key=lambda e: e["id"]):
            if e["name"] == e.get("source_doc") and self.canonical[e["id"]] not in self.documents.get(e["name"], []):
                self.documents.setdefault(e["name"], []).append(self.canonical[e["id"]])
        self.document_of = {key: doc for doc, keys in self.documents.items() for key in keys}  # … and back
        for key in sorted(by_id):
            self.matcher.add(key, [self.nlp.make_doc(n) for n in sorted(set(by_id[key]))])

    def name(self, key: str) -> str:
        return self.names.get(key, key.split(":", 1)[-1])

    def page_of(self, name: str) -> str | None:
        """The document whose whole heading is `name`; else whose heading `name` writes with an initialism
        (`abbreviated_pages`); else whose heading names it before the words saying a kind of page (`pages`: "SIG Docs"
        of "SIG Docs Charter"), as written or with an initialism. Always one document, or None."""
        key = abbreviated_key(name)
        whole, named = self.abbreviated
        return (self.headed.get(name.lower()) or (whole.get(key) if key else None) or self.pages.get(name.lower())
                or (named.get(key) if key else None))

    def titles_of(self, facts: Sequence[Fact]) -> dict[str, str]:
        """The titles of the documents at either end of the facts: an answer names "ADR-33" as its title says."""
        return {key: self.titles[key] for f in facts for key in (f.source, f.target) if key in self.titles}

    def pin(self, text: str) -> list[str]:
        """Canonical ids mentioned in `text`, longest match first, in order of appearance."""
        return list(dict.fromkeys(key for key, _, _ in self.pin_spans(text)))

    def pin_spans(self, text: str) -> list[tuple[str, int, int]]:
        """(canonical id, start, end) of every mention in `text`, in order; dates by month and day."""
        doc = self.nlp.make_doc(text)
        # Same span, several ids (artifact:ADR-002 and decision:ADR-002): the typed record wins.
        spans = sorted(((s, e, self.nlp.vocab.strings[m]) for m, s, e in self.matcher(doc)),
                       key=lambda x: (x[0], -(x[1] - x[0]), x[2].startswith("artifact:"), x[2]))
        found, covered = [], -1
        for s, e, key in spans:
            if s >= covered:
                start, end = doc[s].idx, doc[e - 1].idx + len(doc[e - 1].text)
                covered = e
                # (a word of the language written inside a longer capitalised name is a word of that name: "Cloud" of
                # "the Cloud Platform team" is not the "Cloud" some other document names)
                if e - s == 1 and text[start:start + 1].isupper() and english_word(text[start:end].lower()) \
                        and within_longer_name(text, start, end):
                    continue
                found.append((key, start, end))
        for start, end, month, day in dates_in(text):
            found += [(key, start, end) for key in self.dates.get(f"{month:02d}-{day:02d}", [])]
        return sorted(found, key=lambda x: x[1])


class GraphRetriever:
    """Hybrid retrieval. Owns the graph and pipeline caches; never raises on a store failure."""

    mode = "graphrag"

    def __init__(self, baseline: BaselineRetriever, store, entities: EntityIndex, state_hash: str,
                 settings: RetrievalSettings | None = None, probe: str = "", seeder: Retriever | None = None):
        self.baseline, self.store, self.entities = baseline, store, entities
        # Where the passages come from before the graph: BM25's ranking (`lexical`), so an exact rare word of the
        # question counts; the vector top-k when no seeder is given. Measured on the devset of real corpora, BM25 seeds
        # beat the vector + BM25 fusion (RRF) by 17.5 of 320 points (bench/devset.py, 2026-11-26).
        self.seeder: Retriever = seeder or baseline
        self.probe = probe  # a store broken on purpose (category E): its fallback is the expected outcome, not news
        self.settings = settings or baseline.settings
        self.state_hash = state_hash
        self.graph_cache = TTLCache(self.settings.cache_ttl_s)
        self.pipeline_cache = TTLCache(self.settings.cache_ttl_s)
        self._warned = False
        self._chunk_pins: dict[str, list[str]] = {}  # a chunk's entities never change for one graph state
        self._sentence_pins: dict[str, list[list[str]]] = {}  # … nor the entities of each of its sentences
        self._converted: dict[tuple[str, str, str], tuple[list, list]] = {}  # template rows → facts, per cache entry
        self._documents: dict[str, list[int]] | None = None  # each document's id → its chunks' indexes
        self._shorts: dict[str, str] | None = None  # each short id a document's file name opens with → that document
        self._chunk_stems: dict[str, frozenset[str]] = {}  # a chunk's word stems, read once per chunk
        self._chunk_labels: dict[str, tuple[frozenset[str], ...]] = {}  # … and its field labels' words
        self._records: dict[str, bool] = {}  # whether a document's opening chunk holds its record
        self._title_stems: dict[str, frozenset[str]] | None = None  # each document's title words, read once
        self._title_index: dict[str, list[str]] = {}  # a title word → the documents whose title says it
        self._compound_titles: dict[str, str] = {}  # a title of one compound word ("Multi-cluster"), lower case
        self._numbered_documents: dict[int, str] | None = None  # a number → the one document whose id has it
        self._dated_documents: dict[str, str] | None = None  # a day → the one document whose heading gives it

    def _pins_of(self, passage: Passage) -> list[str]:
        pins = self._chunk_pins.get(passage.chunk_id)
        if pins is None:
            pins = self._chunk_pins[passage.chunk_id] = self.entities.pin(passage.text)
        return pins

    def _cache_key(self, *parts) -> tuple:
        return (self.state_hash, self.settings, *parts)

    def _query(self, result: Retrieval, template: str, **params) -> list[dict]:
        key = self._cache_key(template, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in params.items())))
        hit, rows = self.graph_cache.get(key)
        if hit:
            result.graph_cache_hits += 1
            return rows
        result.graph_cache_misses += 1
        rows = self.store.query(template, **params)
        self.graph_cache.put(key, rows)
        return rows

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        start = time.perf_counter()
        key = self._cache_key("pipeline", question)
        if use_pipeline_cache:
            hit, cached = self.pipeline_cache.get(key)
            if hit:
                result = Retrieval(**{**cached.__dict__, "pipeline_cache_hit": True, "graph_cache_hits": 0, "graph_cache_misses": 0})
                result.timings = {**cached.timings, "total_pipeline_ms": _ms(start)}
                return result
        seeds = self.seeder.retrieve(question)
        # The seed phase keeps SPEC §3.6's name (`vector_seed_ms`) whichever ranking seeds it.
        result = Retrieval(question, self.mode, passages=self._with_second_source(question, seeds.passages),
                           timings={"vector_seed_ms": seeds.timings.get("vector_seed_ms", seeds.timings.get("lexical_seed_ms", 0.0))})
        from ..graph.store.base import GraphUnavailable

        try:
            if self._query(result, "count_entities", limit=1)[0]["n"] == 0:
                result.status = "empty"
            else:
                self._expand(result, question)
                self._follow_references(result, question)
                self._held_fields(result, question)
                self._asked_record(result, question)
                self._held_names(result, question)
                self._links(result)
                self._headers(result)
                self._chain(result)
        except GraphUnavailable as exc:
            if not self._warned:
                if self.probe:
                    log.info("failure-mode probe (%s, on purpose): %s (%s)", self.probe, FALLBACK_WARNING, exc)
                else:
                    log.warning("%s (%s)", FALLBACK_WARNING, exc)
                self._warned = True
            result.status, result.facts = "fallback", []
            if self.seeder is not self.baseline:  # SPEC §2: with the store unreachable, the answer is vector retrieval's
                result.passages = self.baseline.search(question, self.settings.top_k)
        for phase in ("entity_pinning_ms", "graph_query_ms", "context_pack_ms", "chain_ms"):
            result.timings.setdefault(phase, 0.0)
        result.timings["total_pipeline_ms"] = _ms(start)
        if use_pipeline_cache and result.status == "ok":
            self.pipeline_cache.put(key, result)
        return result

    def _with_second_source(self, question: str, passages: list[Passage]) -> list[Passage]:
        """A question of one part asking a value (a date, a number, a version: one value answers it) gets, after the
        seeds, the passage the vector ranking puts first (within twice the top-k) of the documents the seeds do not
        come from. BM25 ranks first the passages that repeat the question's words, often all of one document; a second
        document stating the value in other words ("within 5 business days of any event" beside "3 calendar days for a
        SEV-1") is what shows the corpus disagreeing (SPEC §3.7 `conflicting`), or agreeing. Measured on the devset
        (bench/devset.py --runs 2): pagerduty C2 1.5 -> 4, no other question moves; given to every question, the
        passage cost three others 4.5 points, one more document's words for the reader to take a wrong answer from.
        The search costs such a question what vector retrieval costs (pagerduty C2: 2 -> 12 ms), under the chained
        questions' 37 ms that set graphrag's p95 there; searched on a thread beside the graph's queries, it saved
        nothing (13.5 ms)."""
        if self.seeder is self.baseline:
            return passages  # (the seeds are the vector ranking itself)
        from ..answers.answer import default_answerer  # (the composer's reader imports retrieval's types)
        from ..answers.slots import VALUE_KINDS

        parts = default_answerer().slots.read(question).parts
        if len(parts) != 1 or parts[0].slot not in VALUE_KINDS:
            return passages
        held = {p.doc_id for p in passages}
        other = next((p for p in self.baseline.search(question, SECOND_SOURCE_DEPTH * self.settings.top_k)
                      if p.doc_id not in held), None)
        return passages if other is None else [*passages, other]

    def _expand(self, result: Retrieval, question: str) -> None:
        t = time.perf_counter()
        question_pins, seed_pins = self._pin(result, question)
        result.timings["entity_pinning_ms"] = _ms(t)

        t = time.perf_counter()
        self._attributes(result, question_pins)
        facts: dict[tuple, Fact] = {}
        tokens = stems(question)
        expanded = question_pins[:MAX_PINS]
        beside = [pin for pin in self._beside(result.passages[:1], question_pins) if pin not in expanded]
        expanded += beside[:MAX_PINS - len(expanded)]
        nodes: set[str] = set(expanded)
        # The question's entities, and the names a passage gives beside them, get their own edges before any of them
        # its two-step paths: a busy page the question names (a committee, its members, each member's other groups)
        # had spent the node bound before the group the top passage names beside the question's got its one edge.
        self._expand_pins(result, facts, nodes, expanded)
        # Then one step further along the relations the question words ("… depend on, directly or indirectly"),
        # before the other entities of the retrieved passages.
        onward = [f.target if f.source in expanded else f.source for f in facts.values()
                  if f.hops == 1 and tokens & (RELATION_WORDS.get(f.type, set()) | stems(f.label))]
        # (and first the page of a group whose members the question asks about: `_group_pages`)
        groups = self._group_pages(result)
        onward = groups + onward
        for pin in dict.fromkeys(onward + list(seed_pins)):
            if len(expanded) >= MAX_PINS:
                break
            if pin not in expanded:
                nodes.add(pin)
                self._expand_pin(result, facts, nodes, pin)
                expanded.append(pin)
        result.pinned = expanded
        result.timings["graph_query_ms"] = _ms(t)

        t = time.perf_counter()
        result.facts = self._pack(list(facts.values()), question, set(question_pins) | set(groups), frozenset(beside))
        result.titles = self.entities.titles_of(result.facts)
        result.timings["context_pack_ms"] = _ms(t)

    def _group_pages(self, result: Retrieval) -> list[str]:
        """The own entity of the page of each group a part asks "which of X also …" about (`also_groups`): the document
        titled by the group's name, whose lists name its members ("## Members" of the committee's page, where the
        committee's own entity is only mentioned). Its members, and their other relations one step further (the
        "## Chairs" of another page naming one of them), are what the part joins; the page is as near the question as
        the group it is the page of. (The page is titled as the question writes the group's name, whatever name its
        entity was resolved to: "Lamp Wardens Guild" of the "LWG".)"""
        pages = [self.entities.page_of(result.question[s:e])
                 for _, s, e in also_groups(result.question, result.question_spans)]
        return list(dict.fromkeys(key for page in pages if page for key in self.entities.documents.get(page, [])[:1]
                                  if key not in result.question_pins))

    def _follow_references(self, result: Retrieval, question: str) -> None:
        """A top passage that names another document of the corpus by its id or file name ("the same bad state as
        described in [PM2019-009]") brings that document's passage that says most of the question's words the naming
        document's passages do not (whatever other documents say of other things; of equals, the one that says more
        of the question), in place of the last passage: the second document of a two-document question is often
        reached only through the first. Measured on the devset: followed with no such words, it brought off-topic
        passages a question with no answer was then answered from. So does the page of a thing the question names,
        a document titled by its name ("PagerDuty" for "the weekly PagerDuty drill"): among many documents that
        mention it, the passages ranked first need not be its own; its passage needs to add only one word the kept
        passages lack ("rules" of "links its mixin rules to rfcs#109": the question is about that page). So does a page
        the question calls by its title in its own words (`_titled`), and, whatever words its passage says, a document
        it calls by its number ("ADR 30", `_numbered`)."""
        chunks, documents = self.baseline.index.chunks, self._chunks_by_document()
        held = {p.doc_id for p in result.passages}
        # (by its id or file name, or by the short id its file name opens with: "gRFC A33" of A33-fault-injection.md)
        shorts = self._short_ids()
        references = [(doc, p.doc_id) for p in result.passages[:REFERENCING_SEEDS] for word in ID_TOKEN.findall(p.text)
                      if (doc := word if word in documents else shorts.get(word.lower())) and doc != p.doc_id]
        named = [word for word, _ in references]
        naming = {word: doc for word, doc in reversed(references)}  # each named document → the first that names it
        referenced = list(dict.fromkeys(word for word in named if word not in held))[:MAX_REFERENCED]
        words = stems(question)
        # (a document the question names by its id or its title, "RFC 0004", is a page of its own: among thousands of
        # documents that say the same words, its passages need not rank first)
        pages = [doc for pin in result.question_pins if (doc := self.entities.document_of.get(pin)
                                                         or self.entities.page_of(self.entities.name(pin)))
                 and doc not in held][:MAX_REFERENCED]
        pages += [doc for doc in self._titled(words, question) if doc not in held and doc not in pages][:MAX_REFERENCED]
        dated = [doc for doc in self._dated(question) if doc not in held][:MAX_REFERENCED]
        numbered = [doc for doc in self._numbered(question) + dated if doc not in held and doc not in pages][:MAX_REFERENCED]
        pages += numbered
        added: list[Passage] = []
        for doc_id in dict.fromkeys(referenced + pages):
            kept = result.passages[:self.settings.top_k - 1 - len(added)] + added
            # (what a referenced document must add is what the document naming it lacks, whatever others say)
            said = [p for p in kept if p.doc_id in (naming[doc_id], doc_id)] if doc_id in naming else kept
            missing = words - set().union(*(self._stems_of(p.chunk_id, p.text) for p in said))
            said_by = {i: self._stems_of(chunks[i]["chunk_id"], chunks[i]["text"]) for i in documents[doc_id]}
            new = {i: len(missing & said) for i, said in said_by.items()}
            # (of passages adding as many, the one that says more of the question)
            best = max(new, key=lambda i: (new[i], len(words & said_by[i]), -i))
            # only a passage that says words of the question the naming document does not: the part it lacks (of a
            # page the question calls by its name, any word: the question is about it)
            # (a document the question calls by its number or its day is what it asks about, whatever words its
            # passages say)
            needed = PAGE_NEW_WORDS if doc_id in pages and doc_id not in naming else NEW_WORDS
            if doc_id in numbered or doc_id in dated or new[best] >= needed:
                added.append(Passage.of(chunks[best], 0.0))
        if added:
            result.passages = result.passages[:self.settings.top_k - len(added)] + added
        # (a document the question names itself was found by its name: what it asks of it is in the passages)
        numbers = {int(n) for n in re.findall(r"\d+", question)}
        reached = [d for d in dict.fromkeys(named) if d not in question
                   and not ((m := ID_NUMBER.match(d)) and int(m.group(1)) in numbers)]
        self._add_records(result, [documents[d][0] for d in reached[:MAX_RECORDS]])
        # (and the record of a page of a kind the question names, among its first passages: pages of a kind hold their
        # facts in a record of one shape — "Owners: core-services" of a service's page — whatever words the question
        # asks it by. A page of its own is read by the question's words: its record, which another document's question
        # names it in, can answer in that document's place)
        self._add_records(result, [i for d in pages if d in self.entities.of_a_kind
                                   for i in documents[d][:PAGE_RECORD_REACH]])

    def _chain(self, result: Retrieval) -> None:
        """A later part pointing back to an earlier part's answer that the context leaves unanswered ("what is that
        platform called, and what subdomain will its DNS use"), or asking through a description of it ("who authored the
        RFC that created that team"): the seeder's passage for the part (or the description), with the earlier answer in
        the pointer's place, that names that answer, added with its document's record (`chain.second_hops`): the
        document that speaks of the first hop's answer holds the second ("Author(s): …" of the RFC creating the team).
        First, the later parts asking something of their own are searched for alone (`_parts_apart`)."""
        t = time.perf_counter()
        self._parts_apart(result)
        held = {p.chunk_id for p in result.passages}
        for hop in second_hops(result):
            found = next((p for p in self.seeder.retrieve(hop.query).passages
                          if p.chunk_id not in held and speaks_of(p, hop)), None)
            if found is not None:
                held.add(found.chunk_id)
                result.passages.append(replace(found, score=0.0))
                self._add_records(result, [self._chunks_by_document()[found.doc_id][0]])
        result.timings["chain_ms"] = _ms(t)

    def _parts_apart(self, result: Retrieval) -> None:
        """A later part asking something of its own that no passage says (`chain.parts_apart`): the seeder's first
        passage for the part alone that the context does not hold — another section of a kept document ("Chosen: … for
        the Prometheus node group") or another document's, with that document's record — added. One BM25 search per
        such part."""
        held = {p.chunk_id for p in result.passages}
        for text in parts_apart(result):
            found = next((p for p in self.seeder.retrieve(text).passages if p.chunk_id not in held), None)
            if found is not None:
                new_document = found.doc_id not in {p.doc_id for p in result.passages}
                held.add(found.chunk_id)
                result.passages.append(replace(found, score=0.0))
                if new_document:
                    self._add_records(result, [self._chunks_by_document()[found.doc_id][0]])

    def _held_fields(self, result: Retrieval, question: str) -> None:
        """Of the documents kept, the first (in the ranking's order) with a passage not kept that has a field labelled
        in the question's own words that no kept passage of that document says ("Time to recovery: 48 minutes" in a
        postmortem's Stats, for "what was its time to recovery"): that passage, added. A document's fields answer what
        the question asks of it by their label, wherever the ranking left them (another document's record saying "Last
        updated" gives another document's date)."""
        chunks, documents = self.baseline.index.chunks, self._chunks_by_document()
        kept = {p.chunk_id for p in result.passages}
        words = stems(question)
        best, best_key = None, (0, 0)
        for doc in dict.fromkeys(p.doc_id for p in result.passages):
            if best is not None:
                break
            missing = words - set().union(*(self._stems_of(p.chunk_id, p.text) for p in result.passages if p.doc_id == doc))
            for i in documents.get(doc, []):
                if chunks[i]["chunk_id"] in kept:
                    continue
                labels = self._labels_of(chunks[i])
                # (a label of one word, "Author", is a word many questions use: a label of two words or more names it)
                said = max((len(label & missing) for label in labels if len(label) >= FIELD_WORDS and label <= words),
                           default=0)
                key = (said, len(words & self._stems_of(chunks[i]["chunk_id"], chunks[i]["text"])))
                if said and key > best_key:
                    best, best_key = i, key
        if best is not None:
            result.passages = result.passages + [Passage.of(chunks[best], 0.0)]

    def _asked_record(self, result: Retrieval, question: str) -> None:
        """A question asking, in the vocabulary's words, a relation a document's record states ("who wrote that
        service's proposal": AUTHORED_BY) of the document most of the kept passages are from — the one the question is
        about — where the graph gives that document the relation: its record, which the ranking of its other passages
        left out, added."""
        text = question.lower()
        asked = {name for name, gloss in GLOSS_PATTERNS.items()
                 if RELATIONS[name].domain & set(RECORD_TYPES) and gloss.search(text)}
        if not asked or not result.passages:
            return
        doc = result.passages[0].doc_id
        if sum(p.doc_id == doc for p in result.passages) * 2 <= len(result.passages):
            return
        for entity in self.entities.documents.get(doc, [])[:MAX_LIMIT]:
            rows = self._query(result, "neighbors_1hop", id=entity, types=list(EXPAND_TYPES), limit=50)
            if any(fact.type in asked for fact, _ in self._edges(entity, "neighbors_1hop", rows)):
                self._add_records(result, self._chunks_by_document()[doc][:PAGE_RECORD_REACH])
                return

    def _held_names(self, result: Retrieval, question: str) -> None:
        """A name the question gives that no kept passage says ("A Josh is listed on the … committee"): the first
        passage of a kept document that says it, added (its members' list, which the ranking left below the
        committee's other sections). Of the documents kept, in their order; a name the kept documents never say brings
        nothing."""
        chunks, documents = self.baseline.index.chunks, self._chunks_by_document()
        kept = {p.chunk_id for p in result.passages}
        said = set().union(*(self._stems_of(p.chunk_id, p.text) for p in result.passages))
        unsaid = [name for name, *_ in named_spans(question) if (words := stems(name)) and not words <= said]
        for name in unsaid[:MAX_HELD_NAMES]:
            words = stems(name)
            found = next((i for doc in dict.fromkeys(p.doc_id for p in result.passages) for i in documents.get(doc, [])
                          if chunks[i]["chunk_id"] not in kept
                          and words <= self._stems_of(chunks[i]["chunk_id"], chunks[i]["text"])), None)
            if found is not None:
                kept.add(chunks[found]["chunk_id"])
                result.passages = result.passages + [Passage.of(chunks[found], 0.0)]

    def _titled(self, words: frozenset[str], question: str) -> list[str]:
        """The documents the question calls by their title, in its own words ("the data.gov.uk high-traffic alert" for
        "data.gov.uk: high traffic rate alert"): nearly every word of a title of a few words is the question's; or a
        title of one compound word ("21. Multi-cluster"), written whole: as rare as a phrase of three words. The number
        a heading opens with numbers the document, not its title. Most covered first."""
        if self._title_stems is None:  # (and which titles each word is in: a question reads only the titles it shares)
            titles = {doc: NUMBERING.sub("", heading) for doc, heading in document_headings(self.baseline.index.chunks).items()}
            self._title_stems = {doc: title for doc, heading in titles.items()
                                 if len(title := stems(heading)) >= TITLE_WORDS}
            self._compound_titles = {doc: heading.lower() for doc, heading in titles.items()
                                     if COMPOUND_TITLE.fullmatch(heading) and len(stems(heading)) > 1}
            for doc, title in self._title_stems.items():
                for word in title:
                    self._title_index.setdefault(word, []).append(doc)
        shared = Counter(doc for word in words for doc in self._title_index.get(word, ()))
        shares = {doc: n / len(self._title_stems[doc]) for doc, n in shared.items()}
        written = set(COMPOUND_TITLE.findall(question.lower()))
        shares |= {doc: 1.0 for doc, title in self._compound_titles.items() if title in written}
        return sorted((doc for doc, share in shares.items() if share >= TITLE_SHARE), key=lambda d: (-shares[d], d))

    def _numbered(self, question: str) -> list[str]:
        """The documents the question calls by a kind and a number ("Cloud Platform ADR 30", "RFC 0045"), where the
        corpus numbers its documents' ids: the one document of that number (030-AWS-root-user-security.md), whatever
        its title or its prose call it. (A version, "EKS 1.25", is no document's number.)"""
        if self._numbered_documents is None:
            by_number: dict[int, list[str]] = {}
            for doc in self._chunks_by_document():
                if m := ID_NUMBER.match(doc):
                    by_number.setdefault(int(m.group(1)), []).append(doc)
            self._numbered_documents = {n: docs[0] for n, docs in by_number.items() if len(docs) == 1}
        numbers = [int(m.group(2)) for m in ID_REFERENCE.finditer(question) if not VERSION_TAIL.match(question, m.end())]
        return list(dict.fromkeys(self._numbered_documents[n] for n in numbers if n in self._numbered_documents))

    def _dated(self, question: str) -> list[str]:
        """The documents the question calls by their day ("the 3 August 2023 meeting"), where a document's heading gives
        one day and no other document's heading gives it (minutes, a day's log: "2023-08-03"), however either writes
        it."""
        if self._dated_documents is None:
            by_day: dict[str, list[str]] = {}
            for doc, heading in document_headings(self.baseline.index.chunks).items():
                days = days_written(heading)
                if len(days) == 1:
                    by_day.setdefault(next(iter(days)), []).append(doc)
            self._dated_documents = {day: docs[0] for day, docs in by_day.items() if len(docs) == 1}
        return sorted({self._dated_documents[day] for day in days_written(question) if day in self._dated_documents})

    def _links(self, result: Retrieval) -> None:
        """The facts that connect two kept passages' documents ("… IP address starvation (see post-mortem
        PM2019-009)" in PM2019-010, both kept): the link a two-document answer is chained through, which neither
        document's kept passage need say. Packed before the others, within the budget."""
        docs = list(dict.fromkeys(p.doc_id for p in result.passages))
        own = {e: doc for doc in docs for e in self.entities.documents.get(doc, [])}
        links: dict[tuple, Fact] = {}
        for entity in list(own)[:MAX_LIMIT]:
            # (one document naming another is bookkeeping, MENTIONED_IN, which expansion leaves out: here, the link)
            rows = self._query(result, "neighbors_1hop", id=entity, types=[*EXPAND_TYPES, MENTION], limit=50)
            for fact, other in self._edges(entity, "neighbors_1hop", rows, asked="links"):
                if own.get(other, own[entity]) != own[entity]:
                    links.setdefault((fact.source, fact.type, fact.target, fact.doc_id, fact.line), fact)
        if links:
            known = {(f.source, f.type, f.target, f.doc_id, f.line) for f in result.facts}
            result.facts = self._within_budget(sorted((f for k, f in links.items() if k not in known),
                                                      key=lambda f: (f.doc_id, f.line, f.source, f.target)) + result.facts)
            result.titles = self.entities.titles_of(result.facts)

    def _chunks_by_document(self) -> dict[str, list[int]]:
        """Each document's id → the indexes of its chunks, in order (built once)."""
        if self._documents is None:
            self._documents = {}
            for i, chunk in enumerate(self.baseline.index.chunks):
                self._documents.setdefault(chunk["doc_id"], []).append(i)
        return self._documents

    def _short_ids(self) -> dict[str, str]:
        """The short id each document's file name opens with → that document, where the corpus's files share the
        convention (`corpus.ingest.corpus_short_ids`, as the extractor reads them; built once)."""
        if self._shorts is None:
            self._shorts = corpus_short_ids({doc: doc.rsplit("/", 1)[-1] for doc in self._chunks_by_document()})
        return self._shorts

    def _add_records(self, result: Retrieval, openings: list[int]) -> None:
        """The record of each document a top passage names ("defined in ADR-6"): its opening passage where that holds
        its fields ("Author: @x; Status: Approved"). A question that reaches a document through another one asks what
        the record says of it: who wrote it, when, its status."""
        chunks = self.baseline.index.chunks
        have = {p.chunk_id for p in result.passages}
        for index in openings:
            first = chunks[index]
            if first["chunk_id"] not in have and self._holds_record(first):
                result.passages.append(Passage.of(first, 0.0))

    def _holds_record(self, chunk: dict) -> bool:
        if chunk["chunk_id"] not in self._records:
            self._records[chunk["chunk_id"]] = any(is_record(s.text) for s in passage_sentences(
                chunk["doc_id"], int(chunk["start_line"]), chunk["text"], 0))
        return self._records[chunk["chunk_id"]]

    def _labels_of(self, chunk: dict) -> tuple[frozenset[str], ...]:
        """The words of each field label of a chunk ("Time to recovery" of "- Time to recovery: 48 minutes"), read once."""
        labels = self._chunk_labels.get(chunk["chunk_id"])
        if labels is None:
            labels = self._chunk_labels[chunk["chunk_id"]] = tuple(
                stems(m.group(1)) for line in chunk["text"].split("\n") if (m := FIELD_LABEL.match(clean(line.strip()))))
        return labels

    def _stems_of(self, chunk_id: str, text: str) -> frozenset[str]:
        if chunk_id not in self._chunk_stems:
            self._chunk_stems[chunk_id] = stems(text)
        return self._chunk_stems[chunk_id]

    def _pin(self, result: Retrieval, question: str) -> tuple[list[str], dict[str, int]]:
        """The entities the question names (set on `result`), and those its seed passages name that it does not, with
        how many seed passages name each, most mentioned first."""
        result.question_spans = self.entities.pin_spans(question)
        if any(c.isupper() for c in question):
            # A question that writes names with capitals names nothing by a common word in lower case: "the alert
            # during the weekly PagerDuty drill" names PagerDuty, not the "Alert" of some document's table (among a
            # thousand documents every common word is some entity's name).
            result.question_spans = [(key, start, end) for key, start, end in result.question_spans
                                     if not (question[start:end].isalpha() and question[start:end].islower()
                                             and self.entities.name(key)[:1].isupper())]
        question_pins = list(dict.fromkeys(key for key, _, _ in result.question_spans))
        seed_counts = Counter(p for passage in result.passages for p in self._pins_of(passage))
        seeds = {p: n for p, n in sorted(seed_counts.items(), key=lambda kv: (-kv[1], kv[0])) if p not in question_pins}
        result.question_pins = question_pins
        return question_pins, seeds

    def _beside(self, passages: list[Passage], question_pins: list[str]) -> list[str]:
        """The names a sentence of the passages gives beside one the question names: a step from the question, as a
        fact's other end is ("SIG CLI does not own kubeadm, which is owned by SIG Cluster Lifecycle" is how "which
        group owns kubeadm" reaches that group)."""
        named = set(question_pins)
        beside: list[str] = []
        for passage in passages:
            by_sentence = self._sentence_pins.get(passage.chunk_id)
            if by_sentence is None:  # (a chunk's sentences name the same things for every question)
                by_sentence = self._sentence_pins[passage.chunk_id] = [self.entities.pin(s.text) for s in passage_sentences(
                    passage.doc_id, passage.start_line, passage.text, 0)]
            for pins in by_sentence:
                if named & set(pins):
                    beside += [pin for pin in pins if pin not in named]
        return list(dict.fromkeys(beside))

    def _attributes(self, result: Retrieval, question_pins: list[str]) -> None:
        """The header attributes of the question's entities (an answer may be one of them)."""
        if question_pins:
            for row in self._query(result, "entities_by_ids", ids=question_pins[:MAX_LIMIT], limit=min(len(question_pins), MAX_LIMIT)):
                values = json.loads(row["attributes"] or "{}")
                if values:
                    result.attributes[row["id"]] = {"name": row["name"], "values": values}

    def _headers(self, result: Retrieval) -> None:
        """The front matter of each kept passage's page (its fields above the page's first chunk, as its own entity
        holds them): no passage holds it, yet it is what the page says of itself ("owner_slack: #team")."""
        pages = list(dict.fromkeys(p.doc_id for p in result.passages))
        entities = list(dict.fromkeys(e for doc in pages for e in self.entities.documents.get(doc, [])))[:MAX_LIMIT]
        if not entities:
            return
        chunks, documents = self.baseline.index.chunks, self._chunks_by_document()
        body = {doc: int(chunks[documents[doc][0]]["start_line"]) for doc in pages if doc in documents}  # (chunks in order)
        for row in self._query(result, "entities_by_ids", ids=entities, limit=len(entities)):
            for name, (value, doc, line) in sorted(json.loads(row["attributes"] or "{}").items()):
                if int(line) < body.get(doc, 0) and re.search(r"\w", str(value)):
                    result.headers.setdefault(doc, []).append([int(line), name, str(value)])
        for doc, fields in result.headers.items():
            result.headers[doc] = sorted({tuple(f): f for f in fields}.values())

    def _expand_pin(self, result: Retrieval, facts: dict, nodes: set, pin: str) -> None:
        """The allowlisted 1-hop and 2-hop templates from one pinned entity, within the node bound."""
        self._expand_pins(result, facts, nodes, [pin])

    def _expand_pins(self, result: Retrieval, facts: dict, nodes: set, pins: Sequence[str]) -> None:
        """The 1-hop template from every pin, then the 2-hop one from every pin, within the node bound."""
        queries = [("neighbors_1hop", 50)] + ([("paths_2hop", MAX_LIMIT)] if self.settings.max_hops >= 2 else [])
        for template, limit in queries:
            for pin in pins:
                rows = self._query(result, template, id=pin, types=list(EXPAND_TYPES), limit=limit)
                for fact, other in self._edges(pin, template, rows):
                    if other not in nodes and len(nodes) >= self.settings.max_nodes:
                        continue  # the 50-node bound: facts that would add a node past it are dropped
                    nodes.add(other)
                    facts.setdefault((fact.source, fact.type, fact.target, fact.doc_id, fact.label), fact)

    def neighbourhood(self, entity_id: str) -> list[Fact]:
        """Every fact around one entity that a question pinned to it would be expanded to (the same templates and
        bounds: hops, nodes), nearest first: what the agent's `entity` tool shows."""
        facts: dict[tuple, Fact] = {}
        self._expand_pin(Retrieval(entity_id, self.mode), facts, {entity_id}, entity_id)
        return sorted(facts.values(), key=lambda f: (f.hops, f.doc_id, f.line, f.source, f.type, f.target))

    def _edges(self, pin: str, template: str, rows: list[dict], asked: str = "") -> list[tuple[Fact, str]]:
        """The rows of one template call as (fact, node it reaches). Converted once per cached result: the rows
        object is the cache entry, so a new entry (TTL, new graph state) is converted again. `asked`: which call of
        the template this is, where two ask it for other relation types (expansion, `_links`)."""
        memo = self._converted.get((pin, template, asked))
        if memo is not None and memo[0] is rows:
            return memo[1]
        edges = []
        if template == "neighbors_1hop":
            edges = [self._edge(pin, row["id"], row, 1, "1") for row in rows]
        else:
            # The paths through every middle entity in turn, the most specific first: one the pin shares with few
            # others (the RFC that superseded it) says more of it than a hub every document names ("API"), whose
            # paths, read in id order, had spent the node bound before the next entity's. A hub brings at most half
            # the bound. Among a thousand unrelated documents such hubs are everywhere.
            fan_out = Counter(row["mid"] for row in rows)
            turn: Counter = Counter()
            ordered = []
            for index, row in enumerate(rows):
                turn[row["mid"]] += 1
                if turn[row["mid"]] <= self.settings.max_nodes // 2:
                    ordered.append((turn[row["mid"]], fan_out[row["mid"]], index, row))
            for *_, row in sorted(ordered, key=lambda x: x[:3]):
                edges.append(self._edge(pin, row["mid"], row, 1, "1"))
                edges.append(self._edge(row["mid"], row["id"], row, 2, "2"))
        self._converted[(pin, template, asked)] = (rows, edges)
        return edges

    def _edge(self, start: str, other: str, row: dict, hops: int, suffix: str) -> tuple[Fact, str]:
        """One edge of a template row; `start` is its known end, `suffix` picks edge 1 or 2 of the row."""
        source = row[f"source{suffix}"]
        target = other if source == start else start
        fact = Fact(source, self.entities.name(source), row[f"type{suffix}"], target, self.entities.name(target),
                    row[f"doc{suffix}"], int(row[f"line{suffix}"]), row[f"evidence{suffix}"], float(row[f"certainty{suffix}"]),
                    hops, row.get(f"label{suffix}") or "")
        return fact, other

    def _pack(self, facts: list[Fact], question: str, question_pins: set[str], beside: frozenset[str] = frozenset()
              ) -> list[Fact]:
        """Keep the facts nearest the question's own entities (`beside` them: one step away), then those whose
        relation or evidence shares the question's words, ≤ 5 KB."""
        tokens = stems(question)
        distance = self._distances(facts, question_pins or {f.source for f in facts[:1]}, beside)

        def rank(f: Fact) -> tuple:
            near, far = sorted((min(distance.get(f.source, 99), 3), min(distance.get(f.target, 99), 3)))
            said = len(tokens & (RELATION_WORDS.get(f.type, set()) | stems(f.label)))
            # A fact whose relation the question words comes before the neighbourhood of a busy named entity; of
            # those as near, one whose other end is near too (a member's other groups are a step further away).
            return (near - 2 * (said > 0) + 0.5 * (f.type == GENERIC), -said, far, -len(tokens & stems(f.evidence)),
                    f.doc_id, f.line, f.source, f.type, f.target)

        return self._within_budget(sorted(facts, key=rank))

    def _within_budget(self, ranked: list[Fact]) -> list[Fact]:
        """The ranked facts that fit the context budget (≤ 5 KB), in rank order; a fact too big is skipped."""
        packed, size = [], 0
        for fact in ranked:
            cost = len(fact.line_text().encode()) + len(fact.evidence.encode()) + 2
            if size + cost > self.settings.max_context_bytes:
                continue
            packed.append(fact)
            size += cost
        return packed

    @staticmethod
    def _distances(facts: list[Fact], starts: set[str], beside: frozenset[str] = frozenset()) -> dict[str, int]:
        """Hops from the question's entities over the retrieved facts (breadth-first); `beside` them is one hop."""
        adjacent: dict[str, set[str]] = {start: set(beside) for start in starts}
        for f in facts:
            adjacent.setdefault(f.source, set()).add(f.target)
            adjacent.setdefault(f.target, set()).add(f.source)
        distance = {s: 0 for s in starts}
        frontier = sorted(starts)
        while frontier:
            nxt = []
            for node in frontier:
                for other in sorted(adjacent.get(node, ())):
                    if other not in distance:
                        distance[other] = distance[node] + 1
                        nxt.append(other)
            frontier = nxt
        return distance
