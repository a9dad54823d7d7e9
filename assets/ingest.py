"""Ingest stage: the corpus folder → documents → chunks with line spans → chunk embeddings."""


from dataclasses import asdict
from pathlib import Path

import polars as pl
from dagster import AssetExecutionContext, MetadataValue, asset

from graphrag_bench.changes import compare_with_manifest
from graphrag_bench.embedding_store import EmbeddingStore, text_key
from graphrag_bench.ingest import chunk_document, load_corpus
from graphrag_bench.untrusted import find_untrusted
from resources import BenchSettings, DataFolderLock, EmbedderResource

from .partitions import PARTITIONS, corpus_settings
from .table_metadata import table_metadata

GROUP = "ingest"


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS)
def documents(context: AssetExecutionContext, bench: BenchSettings, data_lock: DataFolderLock) -> pl.DataFrame:
    """Every document of the corpus with its stable id, title, content hash and text.

    Asks for `data_lock` so that a run writing the data folder holds its lock from start to end."""
    bench = corpus_settings(context, bench)
    warnings: list[str] = []
    docs = load_corpus(bench.corpus_dir, warnings)
    for warning in warnings:
        context.log.warning(warning)
    untrusted = [flag for doc in docs for flag in find_untrusted(doc)]
    for flag in untrusted:
        context.log.warning(f"{flag.where()}: reads as {flag.kind}; kept out of the graph and of answers")
    frame = pl.DataFrame([asdict(d) for d in docs], schema_overrides={"also_declared_by": pl.List(pl.String)})
    changes = compare_with_manifest(_manifest(bench, "documents"), {d.doc_id: d.content_hash for d in docs})
    context.add_output_metadata({**table_metadata(frame), "documents": len(docs), **changes.as_dict(), "corpus": bench.corpus_dir, "skipped": len(warnings),
                                 "warnings": MetadataValue.md("\n".join(f"- {w}" for w in warnings) or "none"),
                                 "untrusted_lines": len(untrusted),
                                 "untrusted": MetadataValue.md("\n".join(f"- `{f.where()}` {f.kind}: `{f.text.replace('`', '')}`"
                                                                         for f in untrusted) or "none"),
                                 "ids": MetadataValue.md("\n".join(f"- `{d.doc_id}` ({d.path})" for d in docs))})
    context.log.info(f"ingest: {len(docs)} documents from {bench.corpus_dir} ({_describe(changes.as_dict())})")
    return frame


@asset(group_name=GROUP, kinds={"python", "polars"}, partitions_def=PARTITIONS)
def chunks(context: AssetExecutionContext, documents: pl.DataFrame, bench: BenchSettings) -> pl.DataFrame:
    """Sections of each document with their 1-based line spans."""
    from graphrag_bench.ingest import Document

    bench = corpus_settings(context, bench)
    rows = [asdict(c) for doc in documents.iter_rows(named=True) for c in chunk_document(Document.from_row(doc))]
    frame = pl.DataFrame(rows)
    changes = compare_with_manifest(_manifest(bench, "chunks"), {r["chunk_id"]: text_key(r["text"]) for r in rows})
    context.add_output_metadata({**table_metadata(frame), "chunks": frame.height, **changes.as_dict(),
                                 "mean_lines": float(frame.select((pl.col("end_line") - pl.col("start_line") + 1).mean()).item())})
    return frame


@asset(group_name=GROUP, kinds={"python", "pytorch"}, partitions_def=PARTITIONS)
def chunk_embeddings(context: AssetExecutionContext, chunks: pl.DataFrame, embedder: EmbedderResource,
                     bench: BenchSettings) -> pl.DataFrame:
    """all-MiniLM-L6-v2 embeddings of every chunk (normalized), saved for the retriever too.

    Incremental: a chunk's text is embedded once per model (`EmbeddingStore`); unchanged text is reused."""
    bench = corpus_settings(context, bench)
    model = embedder.get()
    store = EmbeddingStore(Path(bench.data_dir) / "embeddings" / "chunks.parquet", model.identity)
    vectors, counts = store.vectors(chunks["text"].to_list(), model)
    dimension = vectors.shape[1]
    frame = chunks.with_columns(pl.Series("embedding", vectors, dtype=pl.Array(pl.Float32, dimension)))
    context.add_output_metadata({**table_metadata(frame), "chunks": frame.height, **counts.as_dict(), "dimension": dimension,
                                 "model": model.identity})
    context.log.info(f"embed: {frame.height} chunks ({_describe(counts.as_dict())}), dimension {dimension}")
    return frame


def _manifest(bench: BenchSettings, stage: str) -> Path:
    return Path(bench.data_dir) / "manifests" / f"{stage}.json"


def _describe(counts: dict) -> str:
    return ", ".join(f"{n} {what}" for what, n in counts.items() if n) or "nothing"
