"""Benchmark stage: every selected mode measured over the retrieval index and the graph store (or the last
measurement reused when every input is the same), the golden check of the product's flag-off entry point, and
every answer scored by the rubric of SPEC §3.9."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import polars as pl

from ..evaluation.benchmark import benchmark_modes, golden_or_reused, golden_run, measured_or_reused, mode_run
from ..retrieval.memory import MemoryRetriever, index_files, load_index
from ..retrieval.modes import REQUIRED_MODES
from ..retrieval.retrieve import BaselineRetriever, Retrieval
from ..evaluation.reuse import BenchmarkInputs, BenchmarkReuse
from ..evaluation.score import ScoringContext
from ..settings import RetrievalSettings, with_graph_rag
from .graph import ResolvedGraph

if TYPE_CHECKING:
    from ..graph.store.base import GraphStore


@dataclass(frozen=True)
class BenchmarkPlan:
    """What a measurement depends on besides the index, the questions and the graph (all part of its reuse key)."""

    data_dir: str
    questions_file: str
    modes: tuple[str, ...]
    runs: int
    settings: RetrievalSettings
    store: str  # which store the graph modes read (kind and address)
    answerer: str
    executor: str  # in_process or multiprocess: recorded with the latencies (the latency gate trusts one process)
    remeasure: bool = False  # measure even when every input is unchanged


@dataclass(frozen=True)
class Measurement:
    """A `run_benchmark` result with its `measurement` provenance (run id, inputs' digest, reused, executor)."""

    result: dict

    @property
    def provenance(self) -> dict:
        measured = self.result["measurement"]
        return {"measured_in_run": measured["run_id"], "reused": measured["reused"], "inputs": measured["inputs"],
                "executor": measured.get("executor", "in_process")}

    def mode_run(self, mode: str) -> dict:
        return mode_run(self.result, mode)

    def other_mode_runs(self) -> dict[str, dict]:
        """The modes measured beside vector and GraphRAG (bm25, hybrid_lexical, graph_ppr, router when selected)."""
        return {mode: mode_run(self.result, mode) for mode in self.result["answers"] if mode not in REQUIRED_MODES}

    def failure_answers(self, questions: list[dict]) -> dict[str, str]:
        """GraphRAG's answers to the category E questions, asked with the store down or empty."""
        return {q["question_id"]: self.result["answers"]["graphrag"][q["question_id"]]
                for q in sorted(questions, key=lambda q: q["question_id"]) if q["failure_mode"]}


def measure_modes(plan: BenchmarkPlan, questions: list[dict], state_hash: str, model, open_store: Callable[[], "GraphStore"],
                  compose_fn: Callable[[Retrieval], str], progress: Callable[[str], None] | None = None) -> Measurement:
    """N runs per question, modes interleaved (`graphrag_bench.evaluation.benchmark`); not measured again when the last
    measurement had exactly these inputs (`graphrag_bench.evaluation.reuse`) unless `plan.remeasure`."""
    inputs = BenchmarkInputs.collect(index_files(plan.data_dir), plan.questions_file, state_hash, plan.settings, plan.store,
                                     plan.answerer, model.identity, plan.runs, plan.modes)

    def measure() -> dict:
        index, entities = load_index(plan.data_dir)
        baseline = BaselineRetriever(index, model, plan.settings)
        store = open_store()
        try:
            return benchmark_modes(questions, baseline, store, entities, plan.modes, runs=plan.runs,
                                   progress=progress, compose_fn=compose_fn)
        finally:
            store.close()

    return Measurement(measured_or_reused(inputs, BenchmarkReuse(plan.data_dir), measure, remeasure=plan.remeasure,
                                          executor=plan.executor))


def check_golden(questions: list[dict], baseline_run: dict, data_dir: str | Path, model, settings: RetrievalSettings,
                 compose_fn: Callable[[Retrieval], str]) -> dict:
    """With GRAPH_RAG_ENABLED=false the library entry point (`MemoryRetriever`) must answer exactly like the measured
    baseline; checked again only when the baseline was measured again."""
    def check() -> dict:
        flag_off = MemoryRetriever(data_dir, env=with_graph_rag(False, {}), embedder=model, settings=settings)
        return golden_run(questions, lambda question: compose_fn(flag_off.retrieve(question)), baseline_run["answers"])

    return golden_or_reused(baseline_run["measurement"], BenchmarkReuse(data_dir), check)


def score_answers(questions: list[dict], runs: dict[str, dict], graph: ResolvedGraph, documents: pl.DataFrame) -> dict[str, list[dict]]:
    """Mode → one score row per question (SPEC §3.9), judged against the graph and the documents' text."""
    scorer = ScoringContext(graph.entity_rows(), graph.relationship_rows(), dict(zip(documents["doc_id"], documents["text"])))
    return {mode: [scorer.score(q, run["answers"][q["question_id"]], mode, run["retrievals"].get(q["question_id"])).as_dict()
                   for q in questions]
            for mode, run in runs.items()}
