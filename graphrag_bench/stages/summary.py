"""Summary stage: one run's summary.json content (per-mode points, latency, retrieval metrics, each graph mode
against the best non-graph mode, statistics, extraction and expansion against labels) and its release gates,
evaluated here once: the report, the warehouse and the blocking checks all read `summary["gates"]`."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from ..evaluation.benchmark import joined_runs
from ..runtime.check_worker import CheckWorker, validator
from ..evaluation.gates import evaluate_gates
from ..graph.ground_truth import evaluate_expansion, evaluate_extraction
from ..evaluation.report import build_summary
from ..settings import load_thresholds
from .graph import GraphSync, ResolvedGraph


@dataclass(frozen=True)
class RunSummary:
    summary: dict  # summary.json
    bench: dict  # every mode's runs joined (`graphrag_bench.evaluation.benchmark.joined_runs`)
    scores: dict[str, list[dict]]  # mode → score rows
    questions: list[dict]
    audit: dict  # the resolver's audit facts

    @property
    def gates_passed(self) -> bool:
        return all(g["passed"] for g in self.summary["gates"])


def summarize(corpus: str, night: str, corpus_dir: str, questions: list[dict], scores: dict[str, list[dict]],
              runs: dict[str, dict], golden: dict, graph: ResolvedGraph, sync: GraphSync, documents: pl.DataFrame,
              chunks: pl.DataFrame, thresholds_file: str, worker: CheckWorker | None = None) -> RunSummary:
    """`runs`: mode → that mode's run (vector as `baseline`, `graphrag`, the others); the gates' suites are judged by the
    `worker` when there is one."""
    bench = joined_runs(runs)
    entities, relationships = graph.entity_rows(), graph.relationship_rows()
    summary = build_summary(
        bench["measurement"]["run_id"], {"name": corpus, "path": corpus_dir, "documents": documents.height, "chunks": chunks.height},
        questions, scores, bench,
        {"entities": len(entities), "relationships": len(relationships), "created": sync.created, "changed": sync.changed,
         "unchanged": sync.unchanged, "state_hash": sync.state_hash, "provenance_coverage": graph.audit["provenance_coverage"]},
        evaluate_extraction(corpus_dir, entities, relationships), graph.audit)
    summary["graph_expansion"] = evaluate_expansion(corpus_dir, questions, runs["graphrag"]["retrievals"], entities)
    summary["measurement"] = bench["measurement"]  # before the gates: the latency gate reads its executor
    summary["gates"] = evaluate_gates(summary, golden, graph.audit, load_thresholds(thresholds_file), validator(worker))
    summary["golden"] = golden
    summary["night"] = night
    return RunSummary(summary, bench, scores, questions, graph.audit)
