"""An unchanged night costs almost nothing: a benchmark whose inputs are all unchanged is not run again.

What a benchmark measures is fixed by its inputs: the retrieval index (chunks, their vectors,
the entity table), the graph's state hash, the question file, the retrieval settings, the
graph store it reads, the answerer, the embedding model, the modes measured and the product's own code. When all of
them hash to what the last measured run had, that run's answers, scores and latencies stand:
the job reports them again under that run's id (so the warehouse gains no duplicate row and dbt
has nothing to rebuild) and says so. `--remeasure` (GRAPHRAG_REMEASURE=true) measures anyway,
e.g. to re-time after a machine change.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..runtime.files import file_digest, files_digest, locked
from ..retrieval.modes import ALL_MODES
from ..runtime.result_cache import ResultCache

PACKAGE_DIR = Path(__file__).resolve().parent
REUSE_FILE = "benchmark_reuse.jsonl"


def new_run_id() -> str:
    """The time of measurement, unique on this machine: two runs measuring in the same second (two corpora sharing
    a results folder) get consecutive seconds instead of one run folder."""
    with locked(Path(tempfile.gettempdir()) / f"graphrag-bench-run-id-{os.getuid()}") as last:
        issued = last.read().strip()
        while (run_id := dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d_%H%M%S")) == issued:
            time.sleep(0.05)
        last.truncate(0)
        last.write(run_id)
    return run_id


def code_digest(package_dir: Path = PACKAGE_DIR) -> str:
    """The product's own code: every module of the package, by content."""
    return files_digest(package_dir, package_dir.rglob("*.py"))


@dataclass(frozen=True)
class BenchmarkInputs:
    """Everything a benchmark's answers and timings depend on, each part by digest or value."""

    index_files: tuple[str, ...]  # digests of the saved retrieval index files
    questions: str
    state_hash: str
    settings: str
    store: str
    answerer: str
    model: str
    runs: int
    code: str
    modes: tuple[str, ...]  # the retrieval modes measured (graphrag_bench.retrieval.modes)

    @classmethod
    def collect(cls, index_files: list[Path], questions_file: str | Path, state_hash: str, settings, store: str,
                answerer: str, model: str, runs: int, modes: tuple[str, ...] = ALL_MODES) -> "BenchmarkInputs":
        plain = dataclasses.is_dataclass(settings) and not isinstance(settings, type)
        settings_text = json.dumps(dataclasses.asdict(settings) if plain else settings, sort_keys=True)
        return cls(tuple(file_digest(p) for p in index_files), file_digest(questions_file), state_hash,
                   settings_text, store, answerer, model, runs, code_digest(), tuple(modes))

    @property
    def digest(self) -> str:
        return hashlib.sha256(json.dumps(dataclasses.asdict(self), sort_keys=True).encode()).hexdigest()[:20]


class BenchmarkReuse:
    """The last measured benchmark, keyed by its inputs' digest (one data-only file in the data folder).

    Only the latest measurement is kept: a changed input replaces it."""

    def __init__(self, data_dir: str | Path):
        self._cache = ResultCache(Path(data_dir) / REUSE_FILE)

    def get(self, digest: str, part: str):
        return self._cache.get(f"{digest}|{part}", dict[str, Any])

    @staticmethod
    def forget(data_dir: str | Path) -> None:
        """No measurement to reuse: the last one was not recorded (its run folder could not be written)."""
        (Path(data_dir) / REUSE_FILE).unlink(missing_ok=True)

    def put(self, digest: str, part: str, value, replace: bool = False) -> None:
        """Store one part of a measurement; `replace` drops every part of other inputs (a new measurement)."""
        if not replace:
            self._cache.keep_all()
        self._cache.put(f"{digest}|{part}", value, dict[str, Any])
        self._cache.save()
