"""Document shards as a library (`graphrag_bench.stages.shards`, no Dagster): a shard is a stable function of a
document's id; shards' part files never touch the shared stores until the fan-in takes them in; and a build whose
per-document work is split over shards gives the chunks, vectors, extraction and graph of a build in one step."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graphrag_bench.graph.store import open_store
from graphrag_bench.runtime.result_cache import ResultCache, ShardCache
from graphrag_bench.stages.graph import extract_mentions, resolve_graph, sync_graph
from graphrag_bench.stages.ingest import chunk_corpus, embed_chunks, ingest_corpus
from graphrag_bench.stages.shards import (chunk_and_embed, extract_from_shards, extract_shard, find_corpus_names,
                                          merge_chunk_parts, shard_of)

WATER = Path(__file__).resolve().parent.parent / "fixtures" / "water"


def test_a_documents_shard_depends_on_its_id_only_and_shards_share_the_corpus():
    ids = [f"note-{i:04d}" for i in range(2000)]
    code = "import sys; from graphrag_bench.stages.shards import shard_of; print([shard_of(i, 4) for i in sys.argv[1:]])"
    elsewhere = subprocess.run([sys.executable, "-c", code, *ids[:50]], capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert elsewhere.stdout.strip() == str([shard_of(i, 4) for i in ids[:50]])  # another process, another hash seed
    sizes = [sum(shard_of(i, 4) == s for i in ids) for s in range(4)]
    assert all(400 <= size <= 600 for size in sizes)  # each shard about a quarter
    assert all(shard_of(i, 1) == 0 for i in ids)


def test_a_shards_results_stay_in_its_part_until_the_fan_in_takes_them(tmp_path):
    shared = ResultCache(tmp_path / "cache.jsonl")
    shared.put("kept|a", {"value": 1}, dict)
    shared.save()
    (tmp_path / "part.jsonl").write_text("left by a killed run", encoding="utf-8")
    shard = ShardCache(tmp_path / "cache.jsonl", tmp_path / "part.jsonl")
    assert shard.get("kept|a", dict) == {"value": 1}  # reads the shared file
    shard.put("new|b", {"value": 2}, dict)
    shard.save()
    assert ResultCache(tmp_path / "cache.jsonl").get("new|b", dict) is None  # the shared file is not written
    fan_in = ResultCache(tmp_path / "cache.jsonl")
    fan_in.absorb(ResultCache(tmp_path / "part.jsonl"))
    assert fan_in.get("new|b", dict) == {"value": 2} and fan_in.get("kept|a", dict) == {"value": 1}
    fan_in.save()
    assert ResultCache(tmp_path / "cache.jsonl").get("new|b", dict) == {"value": 2}


@pytest.fixture
def water(tmp_path):
    shutil.copytree(WATER / "corpus", tmp_path / "corpus")
    return tmp_path / "corpus"


def _one_step(corpus: Path, data: Path, embedder):
    ingested = ingest_corpus(corpus, data)
    chunked = chunk_corpus(ingested.frame, data)
    embedded = embed_chunks(chunked.frame, embedder, data)
    extraction = extract_mentions(ingested.frame, data)
    return chunked, embedded, extraction, sync_graph(open_store(data, {}), resolve_graph(extraction, ingested.frame, data), "ladybug")


def _three_shards(corpus: Path, data: Path, embedder):
    documents = ingest_corpus(corpus, data).frame
    merged = merge_chunk_parts(documents, [chunk_and_embed(documents, embedder, data, s, 3) for s in range(3)], embedder, data)
    structure = [extract_shard(documents, data, {}, s, 3, "structure") for s in range(3)]
    find_corpus_names(documents, data, {}, structure)
    prose = [extract_shard(documents, data, {}, s, 3, "prose") for s in range(3)]
    extraction = extract_from_shards(documents, data, {}, None, [*structure, *prose])
    sync = sync_graph(open_store(data, {}), resolve_graph(extraction, documents, data), "ladybug")
    return merged.chunks, merged.embedded, extraction, sync, structure, prose


def test_three_shards_build_what_one_step_builds_and_leave_no_part_behind(water, tmp_path, embedder):
    chunked, embedded, extraction, sync = _one_step(water, tmp_path / "one", embedder)
    s_chunked, s_embedded, s_extraction, s_sync, structure, prose = _three_shards(water, tmp_path / "three", embedder)
    assert all(w.computed for w in prose)  # every shard read documents: the corpus was split, not left to one
    assert sorted(d for w in prose for d in w.computed) == sorted(extraction.processed)
    assert s_chunked.frame.equals(chunked.frame) and s_embedded.frame.equals(embedded.frame)
    assert s_embedded.counts == embedded.counts  # the shards' vectors count as computed, none twice
    assert sorted(s_extraction.processed) == sorted(extraction.processed) and not s_extraction.reused
    assert (len(s_extraction.mentions), len(s_extraction.relations)) == (len(extraction.mentions), len(extraction.relations))
    assert s_sync.state_hash == sync.state_hash
    assert not (tmp_path / "three" / "shards").exists()
    # Again with nothing changed: no shard computes anything; the graph is the same.
    again = _three_shards(water, tmp_path / "three", embedder)
    assert not any(w.computed for w in again[4] + again[5]) and again[1].counts.computed == 0
    assert again[3].state_hash == sync.state_hash


def test_the_prose_shards_embed_what_interpreting_their_documents_asks_the_model(water, tmp_path, monkeypatch):
    # The interpretation's cost is embedding labels; in a sharded build the shards do it side by side, so the fan-in,
    # which runs alone, asks the model only for what corpus-level steps add (template tables, settled entries).
    from graphrag_bench.runtime.embed import Embedder

    asked: list[str] = []
    encode = Embedder.encode
    monkeypatch.setattr(Embedder, "encode", lambda self, texts, threads=None: asked.extend(texts) or encode(self, texts, threads))
    extract_mentions(ingest_corpus(water, tmp_path / "one").frame, tmp_path / "one")
    unsharded = set(asked)
    documents = ingest_corpus(water, tmp_path / "two").frame
    structure = [extract_shard(documents, tmp_path / "two", {}, s, 2, "structure") for s in range(2)]
    find_corpus_names(documents, tmp_path / "two", {}, structure)
    prose = [extract_shard(documents, tmp_path / "two", {}, s, 2, "prose") for s in range(2)]
    asked.clear()
    extract_from_shards(documents, tmp_path / "two", {}, None, [*structure, *prose])
    assert len(unsharded) > 100 and len(set(asked)) <= 0.05 * len(unsharded), (len(unsharded), sorted(set(asked))[:20])
