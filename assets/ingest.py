"""Ingest stage: the corpus folder → documents → chunks with line spans → chunk embeddings."""


from dataclasses import asdict

import polars as pl
from dagster import AssetExecutionContext, MetadataValue, asset

from graphrag_bench.ingest import chunk_document, load_corpus
from resources import BenchSettings, EmbedderResource

GROUP = "ingest"


@asset(group_name=GROUP, kinds={"python", "polars"})
def documents(context: AssetExecutionContext, bench: BenchSettings) -> pl.DataFrame:
    """Every document of the corpus with its stable id, title, content hash and text."""
    warnings: list[str] = []
    docs = load_corpus(bench.corpus_dir, warnings)
    for warning in warnings:
        context.log.warning(warning)
    frame = pl.DataFrame([asdict(d) for d in docs])
    context.add_output_metadata({"documents": len(docs), "corpus": bench.corpus_dir, "skipped": len(warnings),
                                 "warnings": MetadataValue.md("\n".join(f"- {w}" for w in warnings) or "none"),
                                 "ids": MetadataValue.md("\n".join(f"- `{d.doc_id}` ({d.path})" for d in docs))})
    context.log.info(f"ingest: {len(docs)} documents from {bench.corpus_dir}")
    return frame


@asset(group_name=GROUP, kinds={"python", "polars"})
def chunks(context: AssetExecutionContext, documents: pl.DataFrame) -> pl.DataFrame:
    """Sections of each document with their 1-based line spans."""
    from graphrag_bench.ingest import Document

    rows = [asdict(c) for doc in documents.iter_rows(named=True) for c in chunk_document(Document(**doc))]
    frame = pl.DataFrame(rows)
    context.add_output_metadata({"chunks": frame.height, "mean_lines": float((frame["end_line"] - frame["start_line"] + 1).mean())})
    return frame


@asset(group_name=GROUP, kinds={"python", "pytorch"})
def chunk_embeddings(context: AssetExecutionContext, chunks: pl.DataFrame, embedder: EmbedderResource) -> pl.DataFrame:
    """all-MiniLM-L6-v2 embeddings of every chunk (normalized), saved for the retriever too."""
    model = embedder.get()
    vectors = model.encode(chunks["text"].to_list())
    frame = chunks.with_columns(pl.Series("embedding", vectors.tolist(), dtype=pl.List(pl.Float32)))
    context.add_output_metadata({"chunks": frame.height, "dimension": model.dimension})
    context.log.info(f"embed: {frame.height} chunks, dimension {model.dimension}")
    return frame
