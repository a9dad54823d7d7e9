"""The strong non-graph baselines a GraphRAG claim must beat: BM25 over the same chunks the vector index holds, and
vector + BM25 fused by reciprocal-rank fusion (RRF).

BM25 is `bm25s` (Lucene's scoring) over words cut by the Snowball English stemmer (PyStemmer), English stopwords
dropped: "depends" and "dependency" meet, an exact rare term ("etcd", "ADR-002") weighs what its rarity says.
Ties go to corpus order, as in the vector index, so rankings are deterministic.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from ..language.text import digit_dates, measures_named
from .retrieve import BaselineRetriever, Passage, Retrieval, Retriever, _ms, top_k
from ..settings import RetrievalSettings

RRF_K = 60  # the usual constant of reciprocal-rank fusion (Cormack et al. 2009): rank r counts 1 / (60 + r)
FUSION_DEPTH = 4  # each list contributes this many × top_k candidates to the fusion


class LexicalIndex:
    """BM25 over chunk texts."""

    def __init__(self, chunks: list[dict]):
        import bm25s
        import Stemmer
        from bm25s.tokenization import Tokenizer

        self.chunks = chunks
        self._tokenizer = Tokenizer(stopwords="english", stemmer=Stemmer.Stemmer("english"))
        tokens = self._tokenizer.tokenize([c["text"] for c in chunks], return_as="string", show_progress=False)
        self._known = {t for words in tokens for t in words if t}  # bm25s fails on a query term the index lacks
        self._bm25 = bm25s.BM25()
        if chunks:
            self._bm25.index(tokens, show_progress=False)
        # Each stem's id, read back once: the tokenizer's own decoding inverts the whole vocabulary on every call (8 ms
        # a query at 1,000 documents); a query never adds a stem (`update_vocab=False`), so this stays whole.
        self._stems = {sid: word for word, sid in self._tokenizer.get_vocab_dict().items()}

    def search(self, question: str, k: int) -> list[Passage]:
        if not self.chunks:
            return []
        # (a day the question writes in words is searched as documents write it too: "16 August 2024" as 2024-08-16;
        # "how long" as the "length" documents name)
        query = " ".join([measures_named(question), *digit_dates(question)])
        ids = self._tokenizer.tokenize([query], return_as="ids", update_vocab=False, show_progress=False)[0]
        words = [w for i in ids if (w := self._stems[i]) in self._known]
        scores = self._bm25.get_scores(words) if words else np.zeros(len(self.chunks), dtype=np.float32)
        order = [i for i in top_k(scores, k) if scores[i] > 0]
        return [Passage.of(self.chunks[i], scores[i]) for i in order]


class Bm25Retriever:
    mode = "bm25"

    def __init__(self, index: LexicalIndex, settings: RetrievalSettings | None = None):
        self.index, self.settings = index, settings or RetrievalSettings()

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        start = time.perf_counter()
        passages = self.index.search(question, self.settings.top_k)
        return Retrieval(question, self.mode, passages=passages,
                         timings={"lexical_seed_ms": _ms(start), "total_pipeline_ms": _ms(start)})


class HybridLexicalRetriever:
    """Vector and BM25 rankings fused by RRF: a passage ranked well by either list comes up; one both rank well
    comes first. Its score is the fused score."""

    mode = "hybrid_lexical"

    def __init__(self, vector: BaselineRetriever, lexical: LexicalIndex, settings: RetrievalSettings | None = None):
        self.vector, self.lexical = vector, lexical
        self.settings = settings or vector.settings

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        start = time.perf_counter()
        depth = self.settings.top_k * FUSION_DEPTH
        dense = self.vector.search(question, depth)
        seed_ms = _ms(start)
        sparse = self.lexical.search(question, depth)
        lexical_ms = _ms(start) - seed_ms
        passages = rrf([dense, sparse], self.settings.top_k)
        return Retrieval(question, self.mode, passages=passages,
                         timings={"vector_seed_ms": seed_ms, "lexical_seed_ms": round(lexical_ms, 3),
                                  "total_pipeline_ms": _ms(start)})


def rrf(rankings: list[list[Passage]], k: int) -> list[Passage]:
    """Reciprocal-rank fusion of passage rankings: the top `k` by Σ 1 / (RRF_K + rank), ties by first appearance."""
    fused: dict[str, float] = {}
    first: dict[str, Passage] = {}
    for ranking in rankings:
        for rank, passage in enumerate(ranking, start=1):
            fused[passage.chunk_id] = fused.get(passage.chunk_id, 0.0) + 1.0 / (RRF_K + rank)
            first.setdefault(passage.chunk_id, passage)
    order = sorted(first, key=lambda chunk_id: -fused[chunk_id])  # stable: ties keep first appearance
    return [replace(first[c], score=round(fused[c], 6)) for c in order[:k]]


def lexical_retrievers(vector: BaselineRetriever) -> dict[str, Retriever]:
    """The non-graph modes beyond `vector`, built over the vector index's own chunks."""
    index = LexicalIndex(vector.index.chunks)
    return {"bm25": Bm25Retriever(index, vector.settings), "hybrid_lexical": HybridLexicalRetriever(vector, index)}
