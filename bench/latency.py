"""Latency benchmark (SPEC §3.10): baseline p95, GraphRAG p95 and their ratio from one run.

N runs per question per mode (default 10), run 1 dropped, p95 over all kept runs of all
questions, per-phase breakdown. Builds everything in memory from the corpus (embedded store
in a temp folder), so it needs no prior pipeline run.

    .venv/bin/python bench/latency.py [--corpus corpus] [--questions questions/benchmark_questions.json] [--runs 10]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graphrag_bench.evaluation.evaluate import evaluate_corpus  # noqa: E402


def corpus_arguments(description: str) -> argparse.ArgumentParser:
    """What every per-corpus bench takes: the corpus folder, its question file, runs per question per mode."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--corpus", default="corpus")
    parser.add_argument("--questions", default="questions/benchmark_questions.json")
    parser.add_argument("--runs", type=int, default=10)
    return parser


def main() -> None:
    parser = corpus_arguments(__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    args = parser.parse_args()
    evaluation = evaluate_corpus(args.corpus, args.questions, runs=args.runs)
    result, questions = evaluation.benchmark, evaluation.questions
    b, g = result["latency_baseline"]["p95_pipeline_ms"], result["latency_graphrag"]["p95_pipeline_ms"]
    print(f"{len(questions)} questions x {args.runs} runs per mode (run 1 dropped): {result['latency_graphrag']['samples']} kept samples per mode")
    print(f"baseline p95 {b:.2f} ms | GraphRAG p95 {g:.2f} ms | ratio {g / b:.3f}  (gate: ratio <= 2.0 and <= 1500 ms; target <= 1.3, <= 30 ms)")
    print("\nphase                  baseline p50/p95 ms    GraphRAG p50/p95 ms")
    for phase in sorted(set(result["phases_baseline"]) | set(result["phases_graphrag"])):
        pb, pg = result["phases_baseline"].get(phase), result["phases_graphrag"].get(phase)
        show = lambda p: f"{p['p50_ms']:>8.3f} /{p['p95_ms']:>8.3f}" if p else f"{'-':>18}"  # noqa: E731
        print(f"{phase:<22} {show(pb)}      {show(pg)}")
    print(f"\ngraph cache hit rate (warm runs): {result['cache']['graph_cache_hit_rate']}, "
          f"pipeline cache hit rate (replay): {result['cache']['pipeline_cache_hit_rate']}")
    if args.json:
        print(json.dumps({k: result[k] for k in ("latency_baseline", "latency_graphrag", "phases_baseline", "phases_graphrag", "cache")}, indent=1))


if __name__ == "__main__":
    main()
