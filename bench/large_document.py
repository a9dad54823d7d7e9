"""Extraction time per MB of one large document (1, 5 and 20 MB): it must stay linear in document length.

The document is a wiki export: copies of the default corpus with their own names and ids (`bench/extraction.py`),
every file one section of a single Markdown file. Times ingest (read, ids, untrusted-text scan), extraction and
resolution of that one document, without cache, and prints seconds per MB and each size's per-MB cost as a ratio
to the 1 MB one (linear: ≈ 1).

    .venv/bin/python bench/large_document.py [--sizes 1,5,20]
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.extraction import make_corpus  # noqa: E402
from graphrag_bench.graph.extract import Extractor  # noqa: E402
from graphrag_bench.corpus.ingest import load_corpus  # noqa: E402
from graphrag_bench.graph.resolve import resolve  # noqa: E402
from graphrag_bench.corpus.untrusted import find_untrusted  # noqa: E402

MB = 1 << 20


def sections(folder: Path) -> list[str]:
    """Each generated file as one section: front matter dropped, headings one level down; shuffled once (seeded),
    so every size has the same mix of records, meeting notes and registries."""
    out = []
    for path in sorted(folder.glob("*.md")):
        body = re.sub(r"^---\n.*?\n---\n", "", path.read_text(encoding="utf-8"), flags=re.S)
        out.append(re.sub(r"^(#+) ", r"#\1 ", body, flags=re.M).strip() + "\n")
    random.Random(7).shuffle(out)
    return out


def write_document(target: Path, parts: list[str], size_mb: float) -> Path:
    text, chosen, size = ["# Wiki export\n"], 0, 0
    while size < size_mb * MB:
        part = parts[chosen % len(parts)]
        text.append(part)
        size += len(part.encode())
        chosen += 1
    target.mkdir(parents=True, exist_ok=True)
    (target / "WIKI-export.md").write_text("\n".join(text), encoding="utf-8")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,5,20", help="document sizes in MB")
    args = parser.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "copies").mkdir()
        make_corpus(tmp / "copies", max(1, int(max(sizes) * MB / 20_000) + 1))
        parts = sections(tmp / "copies")
        print(f"{'MB':>5} {'lines':>9} {'ingest s':>9} {'extract s':>10} {'resolve s':>10} {'s/MB':>7} {'per-MB ratio':>13} {'relations':>10}")
        first = None
        for size in sizes:
            folder = write_document(tmp / f"doc{size:g}", parts, size)
            start = time.perf_counter()
            docs = load_corpus(folder)
            for doc in docs:  # as the documents asset does at ingest; extraction reuses the result
                find_untrusted(doc)
            ingest = time.perf_counter() - start
            start = time.perf_counter()
            extraction = Extractor().extract(docs)
            extract = time.perf_counter() - start
            start = time.perf_counter()
            result = resolve(extraction, docs)
            resolution = time.perf_counter() - start
            megabytes = len(docs[0].text.encode()) / MB
            per_mb = (ingest + extract + resolution) / megabytes
            first = first or per_mb
            print(f"{megabytes:>5.1f} {len(docs[0].lines):>9} {ingest:>9.2f} {extract:>10.2f} {resolution:>10.2f} {per_mb:>7.2f} "
                  f"{per_mb / first:>13.2f} {len(result.relationships):>10}", flush=True)
        print(f"\npeak memory (max RSS of this process): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
