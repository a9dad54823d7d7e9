"""Embedding settings, measured: backends, threads and batch size for the shipped all-MiniLM-L6-v2.

First the backends (torch / sentence-transformers, ONNX Runtime on the setup-time export, and that
export quantized to int8): bulk throughput, single-query latency on one thread, the largest vector
difference from torch and how many of the corpus's questions keep the same top-6 chunks in order.

Prints chunk throughput (texts/s) per thread count and batch size, and single-query latency
(p50/p95 ms) per thread count, each on an idle machine and with a CPU-bound neighbour process
(a nightly run shares the machine), plus the largest difference between vectors of the settings
(they must be the same vectors). The defaults in graphrag_bench/runtime/embed.py come from this table.

    .venv/bin/python bench/embedding.py [--corpus corpus] [--questions questions/benchmark_questions.json] [--texts 512] [--queries 60]

With `--windows FOLDER...` it measures only what passage windows (`graphrag_bench.corpus.windows`) add to embedding
those corpora: the chunks' texts and then their windows', each embedded once, timed in one run, and the ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing as mp
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graphrag_bench.runtime.embed import Embedder, set_threads  # noqa: E402
from graphrag_bench.corpus.ingest import chunk_document, load_corpus  # noqa: E402
from graphrag_bench.evaluation.metrics import p95  # noqa: E402


def _busy(stop) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10_000))


def measure(embedder: Embedder, texts: list[str], queries: list[str], threads: int, batch: int) -> dict:
    set_threads(threads)
    embedder.batch_size = batch
    embedder.encode(texts[:batch])  # warm
    start = time.perf_counter()
    vectors = embedder.encode(texts)
    throughput = len(texts) / (time.perf_counter() - start)
    latencies = []
    for q in queries:
        start = time.perf_counter()
        embedder.encode([q])  # not encode_one: that applies the chosen query setting
        latencies.append((time.perf_counter() - start) * 1000)
    return {"texts_per_s": throughput, "query_p50": float(np.median(latencies)), "query_p95": p95(latencies), "vectors": vectors}


def compare_backends(chunks: list[str], texts: list[str], questions: list[str]) -> None:
    """torch vs ONNX (fp32, int8): speed, and whether retrieval would change."""
    import tempfile

    from onnxruntime.quantization import QuantType, quantize_dynamic

    from graphrag_bench.runtime import embed

    torch_model, onnx_model = Embedder(backend="torch"), Embedder(backend="onnx")
    int8_file = Path(tempfile.mkdtemp()) / "int8.onnx"
    quantize_dynamic(str(embed.onnx_file(onnx_model.path)), str(int8_file), weight_type=QuantType.QInt8)
    int8 = embed._OnnxModel(onnx_model.path, int8_file)
    runners = {"torch": (torch_model.encode, torch_model.encode_one),
               "onnx": (onnx_model.encode, onnx_model.encode_one),
               "onnx int8": (lambda t: int8.encode(t, embed.BATCH_SIZE, 2), lambda q: int8.encode([q], 1, 1)[0])}
    reference = None
    print(f"{'backend':<11}{'texts/s':>9}{'query p50 ms':>14}{'query p95 ms':>14}{'max |Δ|':>10}{'same top-6':>12}")
    for name, (bulk, one) in runners.items():
        bulk(texts[:16])
        start = time.perf_counter()
        bulk(texts)
        rate = len(texts) / (time.perf_counter() - start)
        latencies = []
        for q in questions * 3:
            start = time.perf_counter()
            one(q)
            latencies.append((time.perf_counter() - start) * 1000)
        vectors = (bulk(chunks), np.stack([one(q) for q in questions]))
        top = [list(np.argsort(-(vectors[0] @ q), kind="stable")[:6]) for q in vectors[1]]
        reference = reference or (vectors, top)
        delta = max(float(np.abs(a - b).max()) for a, b in zip(vectors, reference[0]))
        same = sum(a == b for a, b in zip(top, reference[1]))
        print(f"{name:<11}{rate:>9.1f}{float(np.median(latencies)):>14.2f}{p95(latencies):>14.2f}{delta:>10.1e}"
              f"{f'{same}/{len(questions)}':>12}")
    print()


def windows_cost(folders: list[str]) -> None:
    """What passage windows (`corpus.windows`) add to embedding a corpus: its chunks' texts, then their windows', each
    embedded once on the default backend and threads, timed in this one run."""
    from graphrag_bench.corpus.windows import TextsToEmbed

    embedder = Embedder()
    embedder.encode(["warm up"])
    print(f"{'corpus':<48}{'chunks':>8}{'windows':>9}{'chunks s':>10}{'windows s':>11}{'ratio':>7}")
    totals = [0.0, 0.0]
    for folder in folders:
        wanted = TextsToEmbed.of([c.text for d in load_corpus(folder) for c in chunk_document(d)])
        seconds = []
        for texts in (wanted.texts[:wanted.chunks], wanted.texts[wanted.chunks:]):
            start = time.perf_counter()
            embedder.encode(texts)
            seconds.append(time.perf_counter() - start)
        totals = [totals[0] + seconds[0], totals[1] + seconds[1]]
        print(f"{folder[-48:]:<48}{wanted.chunks:>8}{len(wanted.texts) - wanted.chunks:>9}{seconds[0]:>10.1f}"
              f"{seconds[1]:>11.1f}{sum(seconds) / seconds[0]:>7.2f}")
    print(f"{'all':<48}{'':>8}{'':>9}{totals[0]:>10.1f}{totals[1]:>11.1f}{sum(totals) / totals[0]:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="corpus")
    parser.add_argument("--questions", default="questions/benchmark_questions.json")
    parser.add_argument("--texts", type=int, default=512)
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--windows", nargs="+", metavar="CORPUS", help="only this: what passage windows add to embedding "
                        "these corpus folders (time of chunks alone, of their windows, and the ratio)")
    args = parser.parse_args()
    if args.windows:
        windows_cost(args.windows)
        return
    chunks = [dataclasses.asdict(c)["text"] for d in load_corpus(args.corpus) for c in chunk_document(d)]
    texts = [chunks[i % len(chunks)] + f" ({i})" for i in range(args.texts)]
    queries = [f"What does item {i} of the corpus depend on?" for i in range(args.queries)]
    from graphrag_bench.evaluation.questions import load_questions

    compare_backends(chunks, texts, [q["question"] for q in load_questions(args.questions)])
    embedder = Embedder(backend="torch")
    print(f"torch: {len(texts)} chunk texts, {len(queries)} single queries; torch default threads: {set_threads(None)}")
    print(f"{'load':<10}{'threads':>8}{'batch':>7}{'texts/s':>10}{'query p50 ms':>14}{'query p95 ms':>14}{'max |Δ|':>10}")
    reference = None
    for load in ("idle", "neighbour"):
        stop = mp.Event()
        neighbour = mp.Process(target=_busy, args=(stop,), daemon=True) if load == "neighbour" else None
        if neighbour:
            neighbour.start()
        try:
            for threads in (1, 2):
                for batch in (16, 32, 64):
                    m = measure(embedder, texts, queries, threads, batch)
                    reference = m["vectors"] if reference is None else reference
                    delta = float(np.abs(m["vectors"] - reference).max())
                    print(f"{load:<10}{threads:>8}{batch:>7}{m['texts_per_s']:>10.1f}{m['query_p50']:>14.2f}"
                          f"{m['query_p95']:>14.2f}{delta:>10.2e}")
        finally:
            stop.set()
            if neighbour:
                neighbour.join()


if __name__ == "__main__":
    main()
