"""One corpus benchmarked in memory, in one call: ingest → extract → resolve → an embedded store in a
temporary folder → the answers of vector (baseline), GraphRAG and any other mode → scores and extraction quality.

The bench scripts (`bench/latency.py`, `bench/generality.py`) and tests use it to compare corpora and
conventions quickly; the Dagster job runs the same library stages as separate assets, with the
full latency protocol, history and gates.
"""

from __future__ import annotations

import dataclasses
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .benchmark import benchmark_modes
from ..graph.extract import Extractor
from ..graph.ground_truth import evaluate_extraction
from ..corpus.ingest import chunk_document, load_corpus
from ..corpus.windows import TextsToEmbed
from ..retrieval.modes import REQUIRED_MODES
from .questions import load_questions
from ..graph.resolve import Resolution, resolve
from ..retrieval.retrieve import BaselineRetriever, VectorIndex
from .score import ScoringContext


@dataclass
class CorpusEvaluation:
    questions: list[dict]
    resolution: Resolution
    answers: dict[str, dict[str, str]]  # mode → question id → answer
    scores: dict[str, list[dict]]  # mode → scores in question order
    extraction: dict  # extraction quality against the corpus's hand labels (nulls without them)
    benchmark: dict = field(default_factory=dict)  # the run_benchmark result (latency, phases, cache)
    build: dict = field(default_factory=dict)  # seconds per build step, documents, chunks, embeddings computed/reused

    def points(self, mode: str) -> float:
        return sum(s["total"] for s in self.scores[mode])

    def by_category(self, mode: str) -> dict[str, float]:
        totals: dict[str, float] = defaultdict(float)
        for q, s in zip(self.questions, self.scores[mode]):
            totals[q["category"]] += s["total"]
        return dict(sorted(totals.items()))

    def hallucinations(self, mode: str) -> int:
        return sum(len(s["hallucinations"]) for s in self.scores[mode])


def evaluate_corpus(corpus_dir: str | Path, questions_file: str | Path, runs: int = 2, embedder=None,
                    extractor: Extractor | None = None, compose_fn=None,
                    modes: tuple[str, ...] = REQUIRED_MODES, labels_dir: str | Path | None = None,
                    embeddings=None) -> CorpusEvaluation:
    """`modes`: the retrieval modes to benchmark (names of `graphrag_bench.retrieval.modes`; baseline and graphrag always).
    `labels_dir`: where the corpus's hand labels of its graph are (`graph_labels.json`), when not beside its documents.
    `embeddings`: an `EmbeddingStore` kept between calls, so a chunk text already seen is not embedded again
    (without it every call embeds every chunk). Extraction always starts cold: it reads each document against
    the whole corpus (its ids, its names)."""
    from ..answers.answer import compose
    from ..runtime.embed import Embedder
    from ..graph.store.ladybug_store import LadybugStore

    embedder = embedder or Embedder()
    questions = load_questions(questions_file)
    clock = time.perf_counter()
    build: dict = {}

    def step(name: str) -> None:
        nonlocal clock
        build[f"{name}_s"] = round(time.perf_counter() - clock, 2)
        clock = time.perf_counter()

    docs = load_corpus(corpus_dir)
    step("ingest")
    extraction = (extractor or Extractor()).extract(docs)
    step("extraction")
    resolution = resolve(extraction, docs)
    step("resolution")
    chunks = [dataclasses.asdict(c) for d in docs for c in chunk_document(d)]
    wanted = TextsToEmbed.of([c["text"] for c in chunks])
    if embeddings is None:
        vectors = embedder.encode(wanted.texts)
        build["embedded"] = len(wanted.texts)
    else:  # a store kept between calls: a text embedded once is reused (the scale set's distractors, corpus to corpus)
        vectors, counts = embeddings.vectors(wanted.texts, embedder, prune=False)
        build |= {"embedded": counts.computed, "embeddings_reused": counts.reused}
    step("embedding")
    build |= {"documents": len(docs), "chunks": len(chunks)}
    with tempfile.TemporaryDirectory() as tmp:
        store = LadybugStore(Path(tmp) / "graph.lbug")
        try:
            store.sync(resolution.entities, resolution.relationships)
            step("store")
            baseline = BaselineRetriever(VectorIndex(chunks, vectors[:wanted.chunks], wanted.owners,
                                                     vectors[wanted.chunks:]), embedder)
            result = benchmark_modes(questions, baseline, store, resolution.entities, modes, runs=runs,
                                     compose_fn=compose_fn or compose)
        finally:
            store.close()
    scorer = ScoringContext(resolution.entities, resolution.relationships, {d.doc_id: d.text for d in docs})
    scores = {mode: [scorer.score(q, result["answers"][mode][q["question_id"]], mode,
                                  result["retrievals"][mode].get(q["question_id"])).as_dict() for q in questions]
              for mode in result["answers"]}
    return CorpusEvaluation(questions, resolution, result["answers"], scores,
                            evaluate_extraction(labels_dir or corpus_dir, resolution.entities, resolution.relationships),
                            result, build)
