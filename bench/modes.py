"""Every retrieval mode on one corpus, in one run: points per category, p95 and its ratio to vector, retrieval
metrics, and GraphRAG against the best non-graph mode per category (paired bootstrap 95% interval, permutation
p-value).

Modes: vector (the benchmark's baseline), bm25, hybrid_lexical (vector + BM25 by reciprocal-rank fusion), graphrag,
graph_ppr (personalized PageRank), router (graphrag or hybrid_lexical per question).
Same questions, same answerer, same latency protocol (N runs per question per mode, run 1 dropped), interleaved
in one loop so machine load falls on every mode alike. Builds everything in memory (embedded store in a temporary
folder); needs no prior pipeline run.

    .venv/bin/python bench/modes.py [--corpus corpus] [--questions questions/benchmark_questions.json] [--runs 10]
                                    [--modes all]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.latency import corpus_arguments  # noqa: E402
from graphrag_bench.evaluation.comparison import compare_modes  # noqa: E402
from graphrag_bench.evaluation.evaluate import evaluate_corpus  # noqa: E402
from graphrag_bench.retrieval.modes import parse_modes  # noqa: E402
from graphrag_bench.evaluation.report import comparison_text  # noqa: E402


def main() -> None:
    parser = corpus_arguments(__doc__.splitlines()[0])
    parser.add_argument("--modes", default="all", help="comma-separated modes (default: all)")
    args = parser.parse_args()
    evaluation = evaluate_corpus(args.corpus, args.questions, runs=args.runs, modes=parse_modes(args.modes))
    compared = compare_modes(evaluation.questions, evaluation.scores, evaluation.benchmark)
    print(f"{args.corpus}: {len(evaluation.questions)} questions x {args.runs} runs per mode (run 1 dropped)\n")
    print(comparison_text(compared))


if __name__ == "__main__":
    main()
