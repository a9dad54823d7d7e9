"""Extraction + resolution throughput on a large corpus made by varying the default one.

Copy k of the default corpus gets its own document ids and its own names (every system, person
and team gets a suffix word unique to the copy, chosen so that no two copies' names are within
Levenshtein distance 2 — otherwise the near-duplicate rule would flag them all). Embedding is
excluded. Prints documents/s, resolution time per size (250 / 500 / 1,000 … documents), peak
memory, and the cost of an unchanged re-run (extraction cache) as a ratio to the first run.

    .venv/bin/python bench/extraction.py [--docs 1000]
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graphrag_bench.graph.extract import Extractor  # noqa: E402
from graphrag_bench.corpus.ingest import load_corpus  # noqa: E402
from graphrag_bench.graph.resolve import resolve, resolve_cached  # noqa: E402
from graphrag_bench.runtime.result_cache import ResultCache  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def token(k: int) -> str:
    """A word unique to copy k; every letter doubled, so two tokens differ by >= 2 edits."""
    letters = ""
    while True:
        letters = chr(ord("a") + k % 26) + letters
        k //= 26
        if k == 0:
            break
    return "".join(c * 2 for c in letters).capitalize()


def make_corpus(target: Path, copies: int) -> int:
    docs = load_corpus(ROOT / "corpus")
    base = resolve(Extractor().extract(docs), docs)
    names = sorted({n for e in base.entities if e["type"] in {"person", "system", "team"} for n in [e["name"], *e["aliases"]]},
                   key=len, reverse=True)
    name_re = re.compile("|".join(re.escape(n) for n in names))
    id_re = re.compile(r"\b([A-Z]{2,})-(\d{3})\b")
    count = 0
    for k in range(copies):
        word = token(k)
        for doc in docs:
            text = name_re.sub(lambda m: f"{m.group(0)} {word}", doc.text)
            text = id_re.sub(lambda m: f"{m.group(1)}-{k}{m.group(2)}", text)
            text = re.sub(r"MEETING-2026-", f"MEETING-{2100 + k}-", text)
            new_id = id_re.sub(lambda m: f"{m.group(1)}-{k}{m.group(2)}", doc.doc_id).replace("MEETING-2026-", f"MEETING-{2100 + k}-")
            if new_id == doc.doc_id:
                new_id = f"{Path(doc.doc_id).stem}-{word}"
            body = re.sub(r"^---\n.*?\n---\n", "", text, flags=re.S)
            (target / f"{new_id}.md").write_text(f"---\nid: {new_id}\n---\n{body}", encoding="utf-8")
            count += 1
    return count


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1000)
    args = parser.parse_args()
    copies = max(1, args.docs // 12)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sizes = sorted({max(1, copies // 4), max(1, copies // 2), copies})
        print(f"{'documents':>9} {'extract s':>10} {'resolve s':>10} {'docs/s':>8} {'entities':>9} {'relationships':>14} {'audit':>6}")
        for n in sizes:
            folder = tmp / f"c{n}"
            folder.mkdir()
            make_corpus(folder, n)
            docs = load_corpus(folder)
            extraction, t_extract = timed(lambda: Extractor().extract(docs))
            result, t_resolve = timed(lambda: resolve(extraction, docs))
            rate = len(docs) / (t_extract + t_resolve)
            print(f"{len(docs):>9} {t_extract:>10.2f} {t_resolve:>10.2f} {rate:>8.0f} {len(result.entities):>9} "
                  f"{len(result.relationships):>14} {'pass' if result.audit['passed'] else 'FAIL':>6}")
        def incremental():
            extraction = Extractor().extract(docs, ResultCache(tmp / "extraction.jsonl"))
            return resolve_cached(extraction, docs, ResultCache(tmp / "resolution.jsonl"))

        _, first = timed(incremental)
        _, again = timed(incremental)
        print(f"\nfirst run with cache {first:.2f} s, unchanged re-run {again:.2f} s: ratio {again / first:.3f} (target <= 0.10)")
        print(f"peak memory (max RSS of this process): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
