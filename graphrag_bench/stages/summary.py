"""Summary stage: one run's summary.json content (per-mode points, latency, retrieval metrics, each graph mode
against the best non-graph mode, statistics, extraction and expansion against labels) and its release gates,
evaluated here once: the report, the warehouse and the blocking checks all read `summary["gates"]`; and the run
folder the report stage writes (`write_run_folder`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ..evaluation.benchmark import joined_runs
from ..runtime.check_worker import CheckWorker, validator
from ..evaluation.gates import evaluate_gates
from ..graph.ground_truth import evaluate_expansion, evaluate_extraction
from ..evaluation.history import corpus_history, forget_run, run_night
from ..evaluation.report import build_summary, write_artifacts
from ..evaluation.report_evidence import corpus_overview
from ..evaluation.reuse import BenchmarkReuse
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
    summary["corpus_overview"] = corpus_overview(entities, relationships)
    summary["measurement"] = bench["measurement"]  # before the gates: the latency gate reads its executor
    summary["gates"] = evaluate_gates(summary, golden, graph.audit, load_thresholds(thresholds_file), validator(worker))
    summary["golden"] = golden
    summary["night"] = night
    return RunSummary(summary, bench, scores, questions, graph.audit)


@dataclass(frozen=True)
class RunFolder:
    path: Path
    runs_in_history: int  # the corpus's earlier runs the report's trend shows


def write_run_folder(result: RunSummary, corpus: str, results_dir: str | Path, data_dir: str | Path,
                     connect) -> RunFolder:
    """results/run_<id>/ with every artifact and the corpus's history trend (`connect()`: a context manager giving a
    warehouse connection). A run is recorded only with its folder: when the folder cannot be written (a full disk), the
    run is taken out of the warehouse and the reuse record, and the OSError names the folder."""
    summary = result.summary
    with connect() as conn:
        history = corpus_history(conn, corpus)
    run_dir = Path(results_dir) / f"run_{summary['run_id']}"
    try:
        written = write_artifacts(run_dir, summary, result.bench, result.scores, result.questions, result.audit, history)
    except OSError as exc:
        with connect() as conn:
            forget_run(conn, summary["run_id"], run_night(summary))
        BenchmarkReuse.forget(data_dir)  # nor reused by the next run
        raise OSError(exc.errno, f"{exc.strerror}: the run folder could not be written, and the run is not recorded in "
                                 "the warehouse; free space and run again", str(run_dir)) from None
    return RunFolder(written, len(history))
