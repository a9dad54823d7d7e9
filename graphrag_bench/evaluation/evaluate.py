"""One corpus benchmarked in memory, in one call: ingest → extract → resolve → an embedded store in a
temporary folder → the answers of vector (baseline), GraphRAG and any other mode → scores and extraction quality.

The bench scripts (`bench/latency.py`, `bench/generality.py`) and tests use it to compare corpora and
conventions quickly; the Dagster job runs the same library stages as separate assets, with the
full latency protocol, history and gates.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .benchmark import benchmark_modes
from ..graph.extract import Extractor
from ..graph.ground_truth import evaluate_extraction
from ..corpus.ingest import chunk_document, load_corpus
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
                    modes: tuple[str, ...] = REQUIRED_MODES, labels_dir: str | Path | None = None) -> CorpusEvaluation:
    """`modes`: the retrieval modes to benchmark (names of `graphrag_bench.retrieval.modes`; baseline and graphrag always).
    `labels_dir`: where the corpus's hand labels of its graph are (`graph_labels.json`), when not beside its documents."""
    from ..answers.answer import compose
    from ..runtime.embed import Embedder
    from ..graph.store.ladybug_store import LadybugStore

    embedder = embedder or Embedder()
    docs = load_corpus(corpus_dir)
    resolution = resolve((extractor or Extractor()).extract(docs), docs)
    chunks = [dataclasses.asdict(c) for d in docs for c in chunk_document(d)]
    questions = load_questions(questions_file)
    with tempfile.TemporaryDirectory() as tmp:
        store = LadybugStore(Path(tmp) / "graph.lbug")
        try:
            store.sync(resolution.entities, resolution.relationships)
            baseline = BaselineRetriever(VectorIndex(chunks, embedder.encode([c["text"] for c in chunks])), embedder)
            result = benchmark_modes(questions, baseline, store, resolution.entities, modes, tmp, runs=runs,
                                     compose_fn=compose_fn or compose)
        finally:
            store.close()
    scorer = ScoringContext(resolution.entities, resolution.relationships, {d.doc_id: d.text for d in docs})
    scores = {mode: [scorer.score(q, result["answers"][mode][q["question_id"]], mode,
                                  result["retrievals"][mode].get(q["question_id"])).as_dict() for q in questions]
              for mode in result["answers"]}
    return CorpusEvaluation(questions, resolution, result["answers"], scores,
                            evaluate_extraction(labels_dir or corpus_dir, resolution.entities, resolution.relationships), result)
