"""Graph stage: documents → entity mentions → resolved entities and relationships (with their audit) → the graph
store holding exactly them. Extraction and resolution reuse what unchanged documents gave last time (caches in the
data folder); the store sync changes only the rows that differ."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

import polars as pl

from ..graph.audit import Rerun, known_rerun, rerun_ids, run_audit
from ..runtime.check_worker import CheckWorker, validator
from ..graph.extract import Extraction, Extractor
from ..graph.resolve import provenance_frame, resolve_cached
from ..runtime.result_cache import ResultCache, StoredFrame
from .ingest import documents_of

EXTRACTION_CACHE, RESOLUTION_CACHE, AUDIT_CACHE = "extraction_cache.jsonl", "resolution_cache.jsonl", "audit_cache.jsonl"


@dataclass(frozen=True)
class ResolvedGraph:
    entities: StoredFrame  # stable keys, types, aliases
    relationships: StoredFrame  # typed edges with provenance (document, line, evidence); SAME_AS, POSSIBLE_SAME_AS
    audit: dict  # the resolver's own audit facts (SPEC §3.4), completed by `audit_resolution`
    fingerprint: str  # of the extraction it was resolved from
    reused: bool  # resolution reused whole: no document changed

    def entity_rows(self) -> list[dict]:
        return self.entities.to_dicts()

    def relationship_rows(self) -> list[dict]:
        return self.relationships.to_dicts()


@dataclass(frozen=True)
class ProvenanceCheck:
    passed: bool
    coverage: float  # share of relationships with document, line and evidence
    failures: list[str]


@dataclass(frozen=True)
class GraphSync:
    """What one sync did to the store, and the state it left (`state_hash`: same graph, same hash)."""

    created: int
    changed: int
    unchanged: int
    deleted: int
    entities: int
    relationships: int
    state_hash: str
    store: str  # ladybug or neo4j

    def as_dict(self) -> dict:
        return asdict(self)


def extract_mentions(documents: pl.DataFrame, data_dir: str | Path, id_types: dict[str, str] | None = None,
                     worker: CheckWorker | None = None, cache: ResultCache | None = None) -> Extraction:
    """Mentions and raw relationships from structure (tables, header fields, diagrams) and prose (spaCy). `id_types`:
    record-id prefixes typed by hand (None: GRAPHRAG_ID_TYPES; empty: every type inferred from the corpus). With a
    `worker`, the audit's re-run of this extraction starts there now, while the run goes on to resolve. `cache`: the
    extraction cache as a sharded build's fan-in holds it (`stages.shards`), else the data folder's."""
    cache = cache if cache is not None else ResultCache(Path(data_dir) / EXTRACTION_CACHE)
    extraction = Extractor(id_types=id_types).extract(documents_of(documents), cache)
    if worker is not None and known_rerun(extraction.fingerprint, ResultCache(Path(data_dir) / AUDIT_CACHE)) is None:
        # The frame, not the documents: it goes to the worker as one Arrow buffer, not 10,000 pickled objects.
        worker.start_rerun(extraction.fingerprint, partial(rerun_extraction, documents, extraction.fingerprint, str(data_dir)))
    return extraction


def rerun_extraction(documents: pl.DataFrame, fingerprint: str, data_dir: str) -> Rerun:
    """The audit's re-run (`audit.rerun_ids`) with this data folder's caches; module-level, so a worker can run it."""
    return rerun_ids(documents_of(documents), fingerprint, ResultCache(Path(data_dir) / AUDIT_CACHE),
                     ResultCache(Path(data_dir) / EXTRACTION_CACHE))


def resolve_graph(extraction: Extraction, documents: pl.DataFrame, data_dir: str | Path) -> ResolvedGraph:
    resolved, reused = resolve_cached(extraction, documents_of(documents), ResultCache(Path(data_dir) / RESOLUTION_CACHE))
    return ResolvedGraph(*resolved, extraction.fingerprint, reused)


def audit_resolution(graph: ResolvedGraph, documents: pl.DataFrame, data_dir: str | Path,
                     worker: CheckWorker | None = None) -> dict:
    """SPEC §3.4 judged by the Great Expectations suites, including a re-run that must give the same ids (the one
    `extract_mentions` started in the `worker`, else made here)."""
    return run_audit(graph.entities, graph.relationships, graph.audit, documents_of(documents), graph.fingerprint,
                     ResultCache(Path(data_dir) / AUDIT_CACHE), ResultCache(Path(data_dir) / EXTRACTION_CACHE),
                     validator(worker),
                     worker.rerun(graph.fingerprint) if worker is not None else None)


def check_provenance(graph: ResolvedGraph, worker: CheckWorker | None = None) -> ProvenanceCheck:
    result = validator(worker)("provenance", provenance_frame(graph.relationships))
    coverage = graph.audit["provenance_coverage"]
    return ProvenanceCheck(result["success"] and coverage == 1.0, coverage, result["failures"])


def sync_graph(store, graph: ResolvedGraph, kind: str) -> GraphSync:
    """An idempotent upsert into an open store (closed afterwards): it ends holding exactly `graph`, published to
    readers."""
    try:
        result, state_hash, counts = store.sync_and_snapshot(graph.entities, graph.relationships)
    finally:
        store.close()
    store.publish(state_hash)  # what readers see from now on
    return GraphSync(**result.as_dict(), **counts, state_hash=state_hash, store=kind)
