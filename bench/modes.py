"""Every retrieval mode on one corpus, in one run: points per category, p95 and its ratio to vector, retrieval
metrics, and GraphRAG against the best non-graph mode per category (paired bootstrap 95% interval, permutation
p-value).

Modes: vector (the benchmark's baseline), bm25, hybrid_lexical (vector + BM25 by reciprocal-rank fusion), graphrag.
Same questions, same answerer, same latency protocol (N runs per question per mode, run 1 dropped), interleaved
in one loop so machine load falls on every mode alike. Builds everything in memory (embedded store in a temporary
folder); needs no prior pipeline run.

    .venv/bin/python bench/modes.py [--corpus corpus] [--questions questions/benchmark_questions.json] [--runs 10]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.latency import corpus_arguments  # noqa: E402
from graphrag_bench.comparison import against_best_non_graph, mode_table  # noqa: E402
from graphrag_bench.evaluate import evaluate_corpus  # noqa: E402
from graphrag_bench.modes import LEXICAL_MODES, MODE_LABELS  # noqa: E402
from graphrag_bench.report import CATEGORIES  # noqa: E402


def main() -> None:
    args = corpus_arguments(__doc__.splitlines()[0]).parse_args()
    evaluation = evaluate_corpus(args.corpus, args.questions, runs=args.runs, others=LEXICAL_MODES)
    table = mode_table(evaluation.questions, evaluation.scores, evaluation.benchmark)
    vector_p95 = table["baseline"]["p95_pipeline_ms"]
    present = [c for c in CATEGORIES if c in table["baseline"]["by_category"]]
    print(f"{args.corpus}: {len(evaluation.questions)} questions x {args.runs} runs per mode (run 1 dropped)\n")
    print(f"{'mode':<16}" + "".join(f"{c:>7}" for c in present) + f"{'total':>8}{'p95 ms':>9}{'x vector':>9}{'MRR':>7}{'NDCG@5':>8}")
    for mode, row in table.items():
        retrieval = row["retrieval"] or {}
        print(f"{MODE_LABELS[mode]:<16}" + "".join(f"{row['by_category'][c]['points']:>7g}" for c in present)
              + f"{row['points']:>8g}{row['p95_pipeline_ms']:>9.2f}{row['p95_pipeline_ms'] / vector_p95:>9.2f}"
              + f"{retrieval.get('mrr', float('nan')):>7.3f}{retrieval.get('ndcg@5', float('nan')):>8.3f}")
    print(f"{'max':<16}" + "".join(f"{table['baseline']['by_category'][c]['max_points']:>7}" for c in present)
          + f"{table['baseline']['max_points']:>8}")
    print("\ngraph mode vs the best non-graph mode (paired over the category's questions; beats = 95% interval above 0 and p < 0.05)")
    print(f"{'graph mode':<11}{'category':>9}  {'best non-graph':<15}{'graph':>7}{'best':>7}{'mean diff':>10}  {'95% interval':<17}"
          f"{'p':>7}  beats")
    for row in against_best_non_graph(evaluation.questions, evaluation.scores):
        interval = f"[{row['ci95'][0]:+.2f}, {row['ci95'][1]:+.2f}]"
        print(f"{MODE_LABELS[row['graph_mode']]:<11}{row['category']:>9}  {MODE_LABELS[row['best_non_graph']]:<15}"
              f"{row['graph_points']:>7g}{row['best_points']:>7g}{row['mean_diff']:>+10.2f}  {interval:<17}{row['p_value']:>7.4f}"
              f"  {'yes' if row['beats'] else 'no'}")


if __name__ == "__main__":
    main()
