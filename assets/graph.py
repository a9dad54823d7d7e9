"""Graph stage: entity mentions → resolved entities and relationships → graph store upsert
(each asset one call into `graphrag_bench.stages.graph`).

Checks: the entity-resolution audit and provenance coverage, both blocking and both run by
Great Expectations suites in expectations/.
"""


from typing import Iterator

import polars as pl
from dagster import (AssetCheckExecutionContext, AssetCheckResult, AssetCheckSeverity, AssetExecutionContext, AssetIn, DynamicOut,
                     DynamicOutput, MetadataValue, OpExecutionContext, Out, Output, asset, asset_check, graph_asset, op)

from graphrag_bench.graph.extract import Extraction
from graphrag_bench.stages.graph import GraphSync, ResolvedGraph, audit_resolution, check_provenance, resolve_graph, sync_graph
from graphrag_bench.stages.shards import ShardWork, extract_from_shards, extract_shard, find_corpus_names
from resources import BenchSettings, CheckWorkerResource, GraphStoreResource

from .partitions import PARTITIONS, corpus_and_night, corpus_settings
from .shards import SHARD_WORK_IO, document_shards, each_shard, forget_shard_work

GROUP = "graph"


def _bullets(counts: pl.DataFrame) -> MetadataValue:
    return MetadataValue.md("\n".join(f"- {key}: {n}" for key, n in counts.iter_rows()) or "none")


@op(out=Out(ShardWork, io_manager_key=SHARD_WORK_IO))
def read_structure(context: OpExecutionContext, documents: pl.DataFrame, shard: int, bench: BenchSettings) -> ShardWork:
    """Pass 1 (tables, header fields, diagrams, lists) of one shard's documents the extraction cache lacks."""
    settings = corpus_settings(context, bench)
    return extract_shard(documents, settings.data_dir, settings.id_types, shard, bench.shards, "structure")


@op(out=DynamicOut(int, io_manager_key=SHARD_WORK_IO))
def prose_shards(context: OpExecutionContext, documents: pl.DataFrame, structure: list[ShardWork],
                 bench: BenchSettings) -> Iterator[DynamicOutput[int]]:
    """Pass 1's results taken into the extraction cache with the names they declare, which pass 2 reads for."""
    settings = corpus_settings(context, bench)
    find_corpus_names(documents, settings.data_dir, settings.id_types, structure)
    yield from each_shard(bench)


@op(out=Out(ShardWork, io_manager_key=SHARD_WORK_IO))
def read_prose(context: OpExecutionContext, documents: pl.DataFrame, shard: int, bench: BenchSettings) -> ShardWork:
    """Pass 2 (sentences, by their parse) of one shard's documents the extraction cache lacks."""
    settings = corpus_settings(context, bench)
    return extract_shard(documents, settings.data_dir, settings.id_types, shard, bench.shards, "prose")


@op
def interpret_corpus(context: OpExecutionContext, documents: pl.DataFrame, structure: list[ShardWork],
                     prose: list[ShardWork], bench: BenchSettings, check_worker: CheckWorkerResource) -> Extraction:
    """Pass 3 over the whole corpus (meaning: relations, types, aliases) from every document's passes 1 and 2."""
    settings = corpus_settings(context, bench)
    extraction = extract_from_shards(documents, settings.data_dir, settings.id_types, check_worker.get(), [*structure, *prose])
    forget_shard_work(context, bench)
    for warning in extraction.warnings:
        context.log.warning(warning)
    by_extractor = pl.DataFrame({"extractor": [r.extractor for r in extraction.relations]}, schema={"extractor": pl.String})
    context.add_output_metadata({
        "documents_extracted": len(extraction.processed), "documents_reused": len(extraction.reused), "shards": len(prose),
        "extracted": MetadataValue.md(", ".join(f"`{d}`" for d in extraction.processed) or "none (all unchanged)"),
        "mentions": len(extraction.mentions), "relations": len(extraction.relations), "aliases": len(extraction.aliases),
        "warnings": len(extraction.warnings),
        "relations_by_extractor": _bullets(by_extractor.group_by("extractor").len().sort("extractor")),
    })
    context.log.info(f"extract: {len(extraction.processed)} documents extracted, {len(extraction.reused)} unchanged reused "
                     f"({len(prose)} shard(s)); {len(extraction.mentions)} mentions, {len(extraction.relations)} relations")
    return extraction


@graph_asset(group_name=GROUP, kinds={"python", "spacy"}, partitions_def=PARTITIONS)
def entity_mentions(documents: pl.DataFrame) -> Extraction:
    """Mentions and raw relationships, from structure (tables, header fields, diagrams) and prose (spaCy): passes 1
    and 2 fanned out over document shards (GRAPHRAG_SHARDS), pass 3 over the corpus.

    Incremental: unchanged documents reuse their cached extraction (see `ResultCache`)."""
    structure = document_shards().map(lambda shard: read_structure(documents, shard)).collect()
    prose = prose_shards(documents, structure).map(lambda shard: read_prose(documents, shard)).collect()
    return interpret_corpus(documents, structure, prose)


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS)
def resolved_graph(context: AssetExecutionContext, entity_mentions: Extraction, documents: pl.DataFrame,
                   bench: BenchSettings) -> ResolvedGraph:
    """Entities with stable keys and aliases; relationships with provenance; SAME_AS and POSSIBLE_SAME_AS."""
    graph = resolve_graph(entity_mentions, documents, corpus_settings(context, bench).data_dir)
    audit = graph.audit
    context.add_output_metadata({
        "entities": graph.entities.height, "relationships": graph.relationships.height,
        "audit_passed": audit["passed"], "unresolved": audit["unresolved"], "flagged": audit["flagged"], "reused": graph.reused,
        "provenance_coverage": audit["provenance_coverage"],
        "relationship_types": _bullets(graph.relationships.group_by("type").len().sort("type")),
    })
    context.log.info(f"resolve: {graph.entities.height} entities, {graph.relationships.height} relationships, "
                     f"audit passed={audit['passed']}")
    return graph


@asset_check(asset=resolved_graph, blocking=True, additional_ins={"documents": AssetIn("documents")}, partitions_def=PARTITIONS)
def entity_resolution_audit(context: AssetCheckExecutionContext, resolved_graph: ResolvedGraph, documents: pl.DataFrame,
                            bench: BenchSettings, check_worker: CheckWorkerResource) -> AssetCheckResult:
    """SPEC §3.4: ids well-formed and unique, no alias group across types, every POSSIBLE_SAME_AS decided, stable
    re-run. Pairs decided for lack of evidence are reported in the metadata, not blocking."""
    audit = audit_resolution(resolved_graph, documents, corpus_settings(context, bench).data_dir, check_worker.get())
    return AssetCheckResult(
        passed=audit["passed"], severity=AssetCheckSeverity.ERROR,
        description=None if audit["passed"] else "; ".join(audit["failures"] + audit["unresolved_pairs"])[:2000],
        metadata={"duplicates": audit["duplicates"], "unresolved": audit["unresolved"], "flagged": audit["flagged"],
                  "no_evidence": MetadataValue.json(audit.get("no_evidence_pairs", [])),
                  "failures": MetadataValue.json(audit["failures"]),
                  "resolutions": MetadataValue.json(audit["resolutions"])})


@asset_check(asset=resolved_graph, blocking=True, partitions_def=PARTITIONS)
def provenance_coverage(resolved_graph: ResolvedGraph, check_worker: CheckWorkerResource) -> AssetCheckResult:
    """Every relationship carries document, line and evidence (coverage must be 1.0)."""
    check = check_provenance(resolved_graph, check_worker.get())
    return AssetCheckResult(passed=check.passed, metadata={"provenance_coverage": check.coverage,
                                                           "failures": MetadataValue.json(check.failures)})


@asset(group_name=GROUP, kinds={"python", "graph"}, partitions_def=PARTITIONS)
def graph_store(context: AssetExecutionContext, resolved_graph: ResolvedGraph, graph: GraphStoreResource,
                bench: BenchSettings) -> Output[GraphSync]:
    """Idempotent upsert: the store ends holding exactly the resolved graph; counts what changed."""
    corpus, _ = corpus_and_night(context)
    sync = sync_graph(graph.open(bench.for_corpus(corpus).data_dir, corpus), resolved_graph, graph.kind)
    context.log.info(f"upsert ({sync.store}): created {sync.created}, changed {sync.changed}, "
                     f"unchanged {sync.unchanged}, deleted {sync.deleted}; state {sync.state_hash[:12]}")
    return Output(sync, metadata=sync.as_dict())
