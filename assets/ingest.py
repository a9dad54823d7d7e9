"""Ingest stage: the corpus folder → documents → chunks with line spans → chunk embeddings
(each asset one call into `graphrag_bench.stages.ingest`)."""


import polars as pl
from dagster import AssetExecutionContext, MetadataValue, asset

from graphrag_bench.stages.ingest import chunk_corpus, embed_chunks, ingest_corpus
from resources import BenchSettings, DataFolderLock, EmbedderResource

from .partitions import PARTITIONS, corpus_settings
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
    for flag in ingested.untrusted:
        context.log.warning(f"{flag.where()}: reads as {flag.kind}; kept out of the graph and of answers")
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


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS, io_manager_key="frames")
def chunks(context: AssetExecutionContext, documents: pl.DataFrame, bench: BenchSettings) -> pl.DataFrame:
    """Sections of each document with their 1-based line spans."""
    chunked = chunk_corpus(documents, corpus_settings(context, bench).data_dir)
    frame = chunked.frame
    context.add_output_metadata({**table_metadata(frame), "chunks": frame.height, **chunked.changes.as_dict(),
                                 "mean_lines": float(frame.select((pl.col("end_line") - pl.col("start_line") + 1).mean()).item())})
    return frame


@asset(group_name=GROUP, kinds={"python", "pytorch"}, partitions_def=PARTITIONS, io_manager_key="frames")
def chunk_embeddings(context: AssetExecutionContext, chunks: pl.DataFrame, embedder: EmbedderResource,
                     bench: BenchSettings) -> pl.DataFrame:
    """all-MiniLM-L6-v2 embeddings of every chunk (normalized), saved for the retriever too.

    Incremental: a chunk's text is embedded once per model (`EmbeddingStore`); unchanged text is reused."""
    model = embedder.get()
    embedded = embed_chunks(chunks, model, corpus_settings(context, bench).data_dir)
    frame, counts = embedded.frame, embedded.counts.as_dict()
    context.add_output_metadata({**table_metadata(frame), "chunks": frame.height, **counts, "dimension": embedded.dimension,
                                 "model": model.identity})
    context.log.info(f"embed: {frame.height} chunks ({describe_counts(counts)}), dimension {embedded.dimension}")
    return frame
