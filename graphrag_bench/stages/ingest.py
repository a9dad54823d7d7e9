"""Ingest stage: the corpus folder → documents → chunks with line spans → chunk embeddings, each with what changed
since the last run (a manifest per stage in the data folder, `graphrag_bench.corpus.changes`)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path

import numpy as np
import polars as pl

from ..corpus.changes import ItemChanges, compare_with_manifest
from ..runtime.embedding_store import EmbeddingCounts, EmbeddingStore, text_key
from ..corpus.ingest import Chunk, Document, chunk_document, load_corpus
from ..corpus.untrusted import Flag, by_document, find_untrusted_in
from ..corpus.windows import TextsToEmbed


@dataclass(frozen=True)
class IngestedCorpus:
    frame: pl.DataFrame  # one row per document (`Document` fields)
    changes: ItemChanges  # documents by content hash against the last run
    warnings: list[str]  # files skipped, and why
    untrusted: list[Flag]  # lines that read as instructions to a model: kept out of the graph and of answers

    @property
    def untrusted_by_document(self) -> list[str]:
        """One line per document with untrusted lines (how many, which kinds, where): what the run logs."""
        return by_document(self.untrusted)


@dataclass(frozen=True)
class ChunkedCorpus:
    frame: pl.DataFrame  # one row per chunk (`Chunk` fields)
    changes: ItemChanges  # chunks by text against the last run


@dataclass(frozen=True)
class EmbeddedChunks:
    frame: pl.DataFrame  # the chunks with `embedding` and `window_embeddings` columns (normalized, float32)
    counts: EmbeddingCounts  # vectors reused from the embedding store, computed now, dropped
    dimension: int




CHUNK_STORE = Path("embeddings") / "chunks.parquet"  # the chunk vectors, in the data folder


def manifest_path(data_dir: str | Path, stage: str) -> Path:
    return Path(data_dir) / "manifests" / f"{stage}.json"


def frame_of(items: list, kind: type, schema_overrides: dict | None = None) -> pl.DataFrame:
    """One column per field of the dataclass `kind`. Column by column: `asdict` deep-copies every value of every
    item: a fifth of reading and chunking a 10,000-document corpus."""
    return pl.DataFrame({f.name: [getattr(item, f.name) for item in items] for f in fields(kind)},
                        schema_overrides=schema_overrides)


def documents_of(frame: pl.DataFrame) -> list[Document]:
    """The documents of an `IngestedCorpus.frame`, as the extractor and the resolver take them."""
    return [Document.from_row(row) for row in frame.iter_rows(named=True)]


def ingest_corpus(corpus_dir: str | Path, data_dir: str | Path, max_bytes: int | None = None) -> IngestedCorpus:
    """`max_bytes`: a larger file is left out with a warning (None: GRAPHRAG_MAX_DOCUMENT_MB)."""
    warnings: list[str] = []
    docs = load_corpus(corpus_dir, warnings, max_bytes)
    frame = frame_of(docs, Document, {"also_declared_by": pl.List(pl.String)})
    changes = compare_with_manifest(manifest_path(data_dir, "documents"), {d.doc_id: d.content_hash for d in docs})
    return IngestedCorpus(frame, changes, warnings, find_untrusted_in(docs))


def chunk_corpus(documents: pl.DataFrame, data_dir: str | Path, chunked: pl.DataFrame | None = None) -> ChunkedCorpus:
    """Every document's chunks (`chunked`: already made, by a sharded build's steps, in corpus order)."""
    if chunked is None:
        chunked = frame_of([c for doc in documents_of(documents) for c in chunk_document(doc)], Chunk)
    changes = compare_with_manifest(manifest_path(data_dir, "chunks"),
                                    dict(zip(chunked["chunk_id"].to_list(), map(text_key, chunked["text"].to_list()))))
    return ChunkedCorpus(chunked, changes)


def embed_chunks(chunks: pl.DataFrame, model, data_dir: str | Path, computed_in_shards: int = 0) -> EmbeddedChunks:
    """Every chunk's vector; a text is embedded once per model (`EmbeddingStore`), unchanged text is reused.
    `computed_in_shards`: vectors a sharded build's steps computed and stored just before (counted as computed)."""
    store = EmbeddingStore(Path(data_dir) / CHUNK_STORE, model.identity)
    wanted = TextsToEmbed.of(chunks["text"].to_list())
    vectors, counts = store.vectors(wanted.texts, model)
    if computed_in_shards:
        counts = replace(counts, computed=counts.computed + computed_in_shards,
                         reused=counts.reused - computed_in_shards)
    dimension = vectors.shape[1]
    vector = pl.Array(pl.Float32, dimension)
    # Each chunk's window vectors as a list beside its own vector: the window rows grouped by the chunk they belong to.
    windows = pl.DataFrame({"row": wanted.owners.astype(np.uint32),
                            "window_embeddings": pl.Series(vectors[wanted.chunks:], dtype=vector)})
    grouped = windows.group_by("row", maintain_order=True).agg("window_embeddings")
    frame = (chunks.with_columns(pl.Series("embedding", vectors[:wanted.chunks], dtype=vector))
             .with_row_index("row").join(grouped, on="row", how="left", maintain_order="left").drop("row")
             .with_columns(pl.col("window_embeddings").fill_null(pl.lit([], dtype=pl.List(vector)))))
    return EmbeddedChunks(frame, counts, dimension)
