"""Document shards: the build's per-document work (chunking, chunk embeddings, extraction passes 1 and 2) spread over
processes, and its fan-in.

A document's shard is a stable hash of its id, so a document stays in its shard from run to run whatever else
changes. A shard's step computes only what the data folder's stores lack and writes it to a part file of its own
under `shards/` (no two processes write one file); the fan-in takes the parts into the shared stores and then runs
the corpus-level step exactly as a one-shard build does (`stages.ingest`, `stages.graph`), finding every
per-document result stored. So any shard count gives the same chunks, vectors, graph and scores as one: shards only
decide which process computes a stored result.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from ..corpus.ingest import Chunk, chunk_document
from ..graph.extract import Extractor
from ..corpus.windows import TextsToEmbed
from ..runtime.embed import available_cores
from ..runtime.embedding_store import EmbeddingStore
from ..runtime.files import replace_atomically
from ..runtime.result_cache import ResultCache, ShardCache, StoredVector
from ..graph.extract.model import Extraction
from ..runtime.check_worker import CheckWorker
from .graph import EXTRACTION_CACHE, extract_mentions
from .ingest import CHUNK_STORE, ChunkedCorpus, EmbeddedChunks, chunk_corpus, documents_of, embed_chunks, frame_of

SHARD_FOLDER = "shards"


@dataclass(frozen=True)
class ShardWork:
    """What one shard's step did: the documents it read (extraction) or the texts it embedded, and its part file."""

    shard: int
    count: int
    parts: list[str]  # its part files in the data folder's shards/ (one is absent when the shard computed nothing)
    computed: list[str] = field(default_factory=list)  # document ids read, or chunk ids embedded


@dataclass(frozen=True)
class ChunkedAndEmbedded:
    chunks: ChunkedCorpus
    embedded: EmbeddedChunks


def shard_of(doc_id: str, count: int) -> int:
    """The shard of a document: a hash of its id that no process, run or Python version changes."""
    return int.from_bytes(hashlib.sha256(doc_id.encode("utf-8")).digest()[:8], "big") % count


def shard_documents(documents: pl.DataFrame, shard: int, count: int) -> pl.DataFrame:
    """The documents of one shard, in corpus order."""
    ids = documents["doc_id"].to_list()
    return documents.filter(pl.Series([shard_of(d, count) == shard for d in ids], dtype=pl.Boolean))


def part_path(data_dir: str | Path, stage: str, shard: int, count: int, suffix: str) -> Path:
    folder = Path(data_dir) / SHARD_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{stage}-{shard + 1}-of-{count}{suffix}"


def threads_per_shard(count: int) -> int:
    """Shards, not threads, use the cores: each shard's process embeds on its share of them."""
    return max(1, available_cores() // count)


def chunk_and_embed(documents: pl.DataFrame, model, data_dir: str | Path, shard: int, count: int) -> ShardWork:
    """One shard's documents chunked into a part file, and the chunk texts the shared store lacks embedded into a part
    store of the shard's own. One shard does nothing here: the fan-in chunks and embeds as an unsharded build does,
    with no part to write and read back."""
    if count == 1:
        return ShardWork(shard, count, [])
    mine = shard_documents(documents, shard, count)
    chunks = frame_of([c for doc in documents_of(mine) for c in chunk_document(doc)], Chunk)
    chunk_part = part_path(data_dir, "chunks", shard, count, ".parquet")
    replace_atomically(chunk_part, chunks.write_parquet)
    vector_part = part_path(data_dir, "embeddings", shard, count, ".parquet")
    vector_part.unlink(missing_ok=True)
    wanted = TextsToEmbed.of(chunks["text"].to_list())
    missing = EmbeddingStore(Path(data_dir) / CHUNK_STORE, model.identity).missing(wanted.texts)
    if missing:
        model.threads = threads_per_shard(count)
        EmbeddingStore(vector_part, model.identity).vectors(missing, model)
    computed = wanted.chunks_among(set(missing))
    return ShardWork(shard, count, [str(chunk_part), str(vector_part)],
                     [cid for i, cid in enumerate(chunks["chunk_id"].to_list()) if i in computed])


def merge_chunk_parts(documents: pl.DataFrame, work: list[ShardWork], model, data_dir: str | Path) -> ChunkedAndEmbedded:
    """The fan-in: the shards' chunks as one frame in corpus order (documents in their order, each one's chunks in
    theirs, as chunking the corpus in one step gives them), their vectors taken into the shared store, then every
    chunk's vector from it (`stages.ingest`); the parts removed."""
    parts = [pl.read_parquet(w.parts[0]) for w in sorted(work, key=lambda w: w.shard) if w.parts]
    merged = None
    if parts:
        order = documents.select("doc_id").with_row_index("document_position")
        merged = (pl.concat(parts).join(order, on="doc_id", how="left", maintain_order="left")
                  .sort("document_position", maintain_order=True).drop("document_position"))
    chunks = chunk_corpus(documents, data_dir, merged)
    vector_parts = [Path(w.parts[1]) for w in work if w.parts and Path(w.parts[1]).exists()]
    taken = EmbeddingStore(Path(data_dir) / CHUNK_STORE, model.identity).absorb(vector_parts) if vector_parts else 0
    embedded = embed_chunks(chunks.frame, model, data_dir, computed_in_shards=taken)
    remove_parts(work)
    return ChunkedAndEmbedded(chunks, embedded)


def extract_shard(documents: pl.DataFrame, data_dir: str | Path, id_types: dict[str, str] | None, shard: int, count: int,
                  through: str) -> ShardWork:
    """Extraction pass 1 (`through="structure"`) or 2 (`"prose"`) for the shard's documents the shared cache lacks,
    into the shard's part of it. One shard does nothing here: the fan-in reads every document, as an unsharded build
    does."""
    if count == 1:
        return ShardWork(shard, count, [])
    part = part_path(data_dir, f"extraction-{through}", shard, count, ".jsonl")
    mine = set(shard_documents(documents, shard, count)["doc_id"].to_list())
    extractor = Extractor(id_types=id_types, threads=threads_per_shard(count))
    read = extractor.read_shard(documents_of(documents), mine, through, ShardCache(Path(data_dir) / EXTRACTION_CACHE, part))
    return ShardWork(shard, count, [str(part)], read)


def absorb_extraction(work: list[ShardWork], data_dir: str | Path, id_types: dict[str, str] | None = None) -> ResultCache:
    """The shared extraction cache with the shards' parts taken in (their label vectors merged, not one shard's
    replacing another's), not saved yet: the fan-in's extraction call saves it once."""
    cache = ResultCache(Path(data_dir) / EXTRACTION_CACHE)
    parts = [ResultCache(p) for w in work for p in w.parts if Path(p).exists()]
    if parts:
        key = Extractor(id_types=id_types).vectors_key()
        vectors = dict(cache.get(key, dict[str, StoredVector]) or {})
        for part in parts:
            vectors.update(part.get(key, dict[str, StoredVector]) or {})
            cache.absorb(part)
        cache.put(key, vectors, dict[str, StoredVector])
    return cache


def find_corpus_names(documents: pl.DataFrame, data_dir: str | Path, id_types: dict[str, str] | None,
                      work: list[ShardWork]) -> None:
    """The fan-in of pass 1: the shards' results taken into the shared extraction cache, with the names pass 2 reads
    for, found once from every document's pass 1 (each shard of pass 2 then reads only its own documents')."""
    if all(w.count == 1 for w in work):
        return
    cache = absorb_extraction(work, data_dir, id_types)
    cache.keep_all()  # written once, by the names pass, with every entry: pass 2's shards read pass 1's results there
    Extractor(id_types=id_types).read_shard(documents_of(documents), set(), "names", cache)
    remove_parts(work)


def remove_parts(work: list[ShardWork]) -> None:
    """The shards' part files, once taken in; their folder too once empty."""
    for w in work:
        for part in w.parts:
            Path(part).unlink(missing_ok=True)
    folders = {Path(part).parent for w in work for part in w.parts}
    for folder in folders:
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def extract_from_shards(documents: pl.DataFrame, data_dir: str | Path, id_types: dict[str, str] | None,
                        worker: CheckWorker | None, work: list[ShardWork]) -> Extraction:
    """The fan-in of pass 2: the shards' parts taken in, the corpus interpreted (`stages.graph.extract_mentions`,
    every document's passes found stored); documents count as read where a shard read them."""
    if all(w.count == 1 for w in work):
        return extract_mentions(documents, data_dir, id_types, worker)
    extraction = extract_mentions(documents, data_dir, id_types, worker, absorb_extraction(work, data_dir, id_types))
    remove_parts(work)
    read = {d for w in work for d in w.computed}
    extraction.processed = [d for d in documents["doc_id"].to_list() if d in read]
    extraction.reused = [d for d in documents["doc_id"].to_list() if d not in read]
    return extraction
