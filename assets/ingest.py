"""Ingest stage: the corpus folder → documents → chunks with line spans → chunk embeddings
(each step one call into `graphrag_bench.stages.ingest` or, for the steps fanned out over document shards,
`graphrag_bench.stages.shards`)."""


from typing import Iterator

import polars as pl
from dagster import AssetExecutionContext, AssetOut, MetadataValue, OpExecutionContext, Out, Output, asset, graph_multi_asset, op

from graphrag_bench.stages.ingest import ingest_corpus
from graphrag_bench.stages.shards import ShardWork, chunk_and_embed, merge_chunk_parts
from resources import BenchSettings, DataFolderLock, EmbedderResource

from .partitions import PARTITIONS, corpus_settings
from .shards import SHARD_WORK_IO, document_shards, forget_shard_work
from .table_metadata import describe_counts, table_metadata

GROUP = "ingest"


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS, io_manager_key="frames")
def documents(context: AssetExecutionContext, bench: BenchSettings, data_lock: DataFolderLock) -> pl.DataFrame:
    """Every document of the corpus with its stable id, title, content hash and text.

    Asks for `data_lock` so that a run writing the data folder holds its lock from start to end."""
    bench = corpus_settings(context, bench)
    ingested = ingest_corpus(bench.corpus_dir, bench.data_dir, bench.max_document_bytes)
    for warning in ingested.warnings:
        context.log.warning(warning)
    for line in ingested.untrusted_by_document:
        context.log.warning(f"{line}; kept out of the graph and of answers")
    frame, changes = ingested.frame, ingested.changes.as_dict()
    context.add_output_metadata({
        **table_metadata(frame), "documents": frame.height, **changes, "corpus": bench.corpus_dir,
        "skipped": len(ingested.warnings), "warnings": MetadataValue.md("\n".join(f"- {w}" for w in ingested.warnings) or "none"),
        "untrusted_lines": len(ingested.untrusted),
        "untrusted": MetadataValue.md("\n".join(f"- `{f.where()}` {f.kind}: `{f.text.replace('`', '')}`"
                                                for f in ingested.untrusted) or "none"),
        "ids": MetadataValue.md("\n".join(f"- `{d}` ({p})" for d, p in frame.select("doc_id", "path").iter_rows())
                               if frame.height else "none")})
    context.log.info(f"ingest: {frame.height} documents from {bench.corpus_dir} ({describe_counts(changes)})")
    return frame


@op(out=Out(ShardWork, io_manager_key=SHARD_WORK_IO))
def chunk_and_embed_shard(context: OpExecutionContext, documents: pl.DataFrame, shard: int, embedder: EmbedderResource,
                          bench: BenchSettings) -> ShardWork:
    """One shard's documents chunked, and the chunk texts the store lacks embedded, into part files."""
    return chunk_and_embed(documents, embedder.get(), corpus_settings(context, bench).data_dir, shard, bench.shards)


@op(out={"chunks": Out(pl.DataFrame, io_manager_key="frames"), "chunk_embeddings": Out(pl.DataFrame, io_manager_key="frames")})
def merge_chunks_and_embeddings(context: OpExecutionContext, documents: pl.DataFrame, work: list[ShardWork],
                                embedder: EmbedderResource, bench: BenchSettings) -> Iterator[Output]:
    """The shards' chunks in corpus order and every chunk's vector from the store, the shards' vectors taken in."""
    model = embedder.get()
    chunked = merge_chunk_parts(documents, work, model, corpus_settings(context, bench).data_dir)
    forget_shard_work(context, bench)
    frame = chunked.chunks.frame
    yield Output(frame, "chunks", metadata={
        **table_metadata(frame), "chunks": frame.height, **chunked.chunks.changes.as_dict(), "shards": len(work),
        "mean_lines": float(frame.select((pl.col("end_line") - pl.col("start_line") + 1).mean()).item() or 0)})
    embedded = chunked.embedded
    counts = embedded.counts.as_dict()
    context.log.info(f"embed: {embedded.frame.height} chunks ({describe_counts(counts)}), dimension {embedded.dimension}, "
                     f"{len(work)} shard(s)")
    yield Output(embedded.frame, "chunk_embeddings", metadata={
        **table_metadata(embedded.frame), "chunks": embedded.frame.height, **counts, "dimension": embedded.dimension,
        "model": model.identity, "shards": len(work)})


@graph_multi_asset(
    group_name=GROUP, partitions_def=PARTITIONS,
    outs={"chunks": AssetOut(kinds={"python", "polars"}, description="Sections of each document with their 1-based line spans."),
          "chunk_embeddings": AssetOut(kinds={"python", "onnx"}, description=(
              "all-MiniLM-L6-v2 embeddings of every chunk (normalized), saved for the retriever too. Incremental: a "
              "chunk's text is embedded once per model (`EmbeddingStore`); unchanged text is reused."))})
def chunked_corpus(documents: pl.DataFrame):
    """Chunking and embedding fanned out over document shards (GRAPHRAG_SHARDS), merged in corpus order."""
    work = document_shards().map(lambda shard: chunk_and_embed_shard(documents, shard)).collect()
    chunks, chunk_embeddings = merge_chunks_and_embeddings(documents, work)
    return {"chunks": chunks, "chunk_embeddings": chunk_embeddings}
