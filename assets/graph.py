"""Graph stage: entity mentions → resolved entities and relationships → graph store upsert.

Checks: the entity-resolution audit and provenance coverage, both blocking and both run by
Great Expectations suites in expectations/.
"""


from pathlib import Path

import polars as pl
from dagster import AssetCheckExecutionContext, AssetCheckResult, AssetCheckSeverity, AssetExecutionContext, AssetIn, MetadataValue, Output, asset, asset_check

from graphrag_bench.audit import run_audit
from graphrag_bench.extract import Extraction, Extractor
from graphrag_bench.ingest import Document
from graphrag_bench.resolve import audit_frames, resolve_cached
from graphrag_bench.result_cache import ResultCache
from graphrag_bench.validation import validate
from resources import BenchSettings, GraphStoreResource

from .partitions import PARTITIONS, corpus_and_night, corpus_settings

GROUP = "graph"
EXTRACTION_CACHE = "extraction_cache.pkl"


def _documents(frame: pl.DataFrame) -> list[Document]:
    return [Document.from_row(row) for row in frame.iter_rows(named=True)]


@asset(group_name=GROUP, kinds={"python", "spacy"}, partitions_def=PARTITIONS)
def entity_mentions(context: AssetExecutionContext, documents: pl.DataFrame, bench: BenchSettings) -> Extraction:
    """Mentions and raw relationships, from structure (tables, header fields, diagrams) and prose (spaCy).

    Incremental: unchanged documents reuse their cached extraction (see `ResultCache`)."""
    bench = corpus_settings(context, bench)
    cache = ResultCache(Path(bench.data_dir) / EXTRACTION_CACHE)
    extraction = Extractor().extract(_documents(documents), cache)
    for warning in extraction.warnings:
        context.log.warning(warning)
    by_extractor = pl.DataFrame([r._asdict() for r in extraction.relations]).group_by("extractor").len().sort("extractor")
    context.add_output_metadata({
        "documents_extracted": len(extraction.processed), "documents_reused": len(extraction.reused),
        "extracted": MetadataValue.md(", ".join(f"`{d}`" for d in extraction.processed) or "none (all unchanged)"),
        "mentions": len(extraction.mentions), "relations": len(extraction.relations), "aliases": len(extraction.aliases),
        "warnings": len(extraction.warnings),
        "relations_by_extractor": MetadataValue.md("\n".join(f"- {e}: {n}" for e, n in by_extractor.iter_rows())),
    })
    context.log.info(f"extract: {len(extraction.processed)} documents extracted, {len(extraction.reused)} unchanged reused; "
                     f"{len(extraction.mentions)} mentions, {len(extraction.relations)} relations")
    return extraction


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS)
def resolved_graph(context: AssetExecutionContext, entity_mentions: Extraction, documents: pl.DataFrame,
                   bench: BenchSettings) -> dict:
    """Entities with stable keys and aliases; relationships with provenance; SAME_AS and POSSIBLE_SAME_AS."""
    bench = corpus_settings(context, bench)
    cache = ResultCache(Path(bench.data_dir) / "resolution_cache.pkl")
    result, reused = resolve_cached(entity_mentions, _documents(documents), cache)
    entities = pl.DataFrame(result.entities)
    relationships = pl.DataFrame(result.relationships)
    audit = result.audit
    context.add_output_metadata({
        "entities": entities.height, "relationships": relationships.height,
        "audit_passed": audit["passed"], "unresolved": audit["unresolved"], "flagged": audit["flagged"], "reused": reused,
        "provenance_coverage": audit["provenance_coverage"],
        "relationship_types": MetadataValue.md("\n".join(f"- {t}: {n}" for t, n in relationships.group_by("type").len().sort("type").iter_rows())),
    })
    context.log.info(f"resolve: {entities.height} entities, {relationships.height} relationships, audit passed={audit['passed']}")
    return {"entities": entities, "relationships": relationships, "audit": audit, "fingerprint": entity_mentions.fingerprint}


@asset_check(asset=resolved_graph, blocking=True, additional_ins={"documents": AssetIn("documents")}, partitions_def=PARTITIONS)
def entity_resolution_audit(context: AssetCheckExecutionContext, resolved_graph: dict, documents: pl.DataFrame,
                            bench: BenchSettings) -> AssetCheckResult:
    """SPEC §3.4: ids well-formed and unique, no alias group across types, every POSSIBLE_SAME_AS decided, stable
    re-run. Pairs decided for lack of evidence are reported in the metadata, not blocking."""
    bench = corpus_settings(context, bench)
    audit = run_audit(resolved_graph["entities"].to_dicts(), resolved_graph["relationships"].to_dicts(),
                      resolved_graph["audit"], _documents(documents), resolved_graph.get("fingerprint", ""),
                      ResultCache(Path(bench.data_dir) / "audit_cache.pkl"), ResultCache(Path(bench.data_dir) / EXTRACTION_CACHE))
    return AssetCheckResult(
        passed=audit["passed"], severity=AssetCheckSeverity.ERROR,
        description=None if audit["passed"] else "; ".join(audit["failures"] + audit["unresolved_pairs"])[:2000],
        metadata={"duplicates": audit["duplicates"], "unresolved": audit["unresolved"], "flagged": audit["flagged"],
                  "no_evidence": MetadataValue.json(audit.get("no_evidence_pairs", [])),
                  "failures": MetadataValue.json(audit["failures"]),
                  "resolutions": MetadataValue.json(audit["resolutions"])})


@asset_check(asset=resolved_graph, blocking=True, partitions_def=PARTITIONS)
def provenance_coverage(resolved_graph: dict) -> AssetCheckResult:
    """Every relationship carries document, line and evidence (coverage must be 1.0)."""
    rows = resolved_graph["relationships"].to_dicts()
    result = validate("provenance", audit_frames([], rows)["provenance"])
    coverage = resolved_graph["audit"]["provenance_coverage"]
    return AssetCheckResult(passed=result["success"] and coverage == 1.0, metadata={"provenance_coverage": coverage,
                            "failures": MetadataValue.json(result["failures"])})


@asset(group_name=GROUP, kinds={"python", "graph"}, partitions_def=PARTITIONS)
def graph_store(context: AssetExecutionContext, resolved_graph: dict, graph: GraphStoreResource,
                bench: BenchSettings) -> Output[dict]:
    """Idempotent upsert: the store ends holding exactly the resolved graph; counts what changed."""
    corpus, _ = corpus_and_night(context)
    store = graph.open(bench.for_corpus(corpus).data_dir, corpus)
    try:
        result = store.sync(resolved_graph["entities"].to_dicts(), resolved_graph["relationships"].to_dicts())
        state_hash, counts = store.snapshot()
    finally:
        store.close()
    context.log.info(f"upsert ({graph.kind}): created {result.created}, changed {result.changed}, "
                     f"unchanged {result.unchanged}, deleted {result.deleted}; state {state_hash[:12]}")
    upsert = {**result.as_dict(), **counts, "state_hash": state_hash, "store": graph.kind}
    return Output(upsert, metadata=upsert)
