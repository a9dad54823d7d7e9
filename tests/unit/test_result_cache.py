"""The data folder's result caches hold data only: a damaged, foreign or crafted file is a miss with one warning naming
it — never an exception, never code run — and what is written reads back as the type it was written as."""

import json
import logging
import os
import pickle
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import polars as pl
import pytest

from graphrag_bench.graph.resolve import ResolvedFrames
from graphrag_bench.runtime.result_cache import ResultCache, StoredVector


class Reading(NamedTuple):
    name: str
    line: int = 0


@dataclass
class Findings:
    readings: list[Reading] = field(default_factory=list)
    pairs: list[tuple] = field(default_factory=list)
    tags: set[str] = field(default_factory=set)


VALUE = Findings([Reading("Lamp Ledger", 3), Reading("Fog Horn")], [("a", 1)], {"north"})
FRAMES = ResolvedFrames(pl.DataFrame({"id": ["lamp", "horn"], "line": [1, 2]}), pl.DataFrame({"source": ["lamp"]}),
                        {"passed": True, "merged": [["a", "b"]]})
VECTORS = {"owns": np.arange(4, dtype=np.float32)}


def _written(path) -> ResultCache:
    cache = ResultCache(path)
    cache.put("findings|1", VALUE, Findings)
    cache.put("frames|1", FRAMES, ResolvedFrames)
    cache.put("vectors|1", VECTORS, dict[str, StoredVector])
    cache.save()
    return ResultCache(path)


def test_what_is_written_reads_back_as_its_type(tmp_path):
    cache = _written(tmp_path / "c.jsonl")
    findings = cache.get("findings|1", Findings)
    assert findings == VALUE and isinstance(findings.readings[0], Reading) and isinstance(findings.pairs[0], tuple)
    frames = cache.get("frames|1", ResolvedFrames)
    assert frames.entities.equals(FRAMES.entities) and frames.audit == FRAMES.audit
    assert np.array_equal(cache.get("vectors|1", dict[str, StoredVector])["owns"], VECTORS["owns"])
    assert cache.get("missing", Findings) is None


class _Marker:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


def _faults(good: bytes, marker) -> dict[str, bytes]:
    header, *entries = good.split(b"\n")
    return {
        "truncated": good[: len(good) // 2],
        "random bytes": os.urandom(4096),
        "a crafted pickle": pickle.dumps({"findings|1": _Marker(marker)}),
        "valid JSON of the wrong shape": json.dumps({"findings|1": {"readings": 5}}).encode(),
        "entries of the wrong shape": b"\n".join([header, *(e.split(b"\t")[0] + b"\tab12\t{}" for e in entries)]),
        "empty": b"",
    }


@pytest.mark.parametrize("fault", list(_faults(b"h\nk\tx\tv", "m")))
def test_a_damaged_or_crafted_cache_file_is_a_miss_with_one_warning_and_runs_nothing(tmp_path, caplog, fault):
    path, marker = tmp_path / "c.jsonl", tmp_path / "MARKER"
    _written(path)
    path.write_bytes(_faults(path.read_bytes(), marker)[fault])
    with caplog.at_level(logging.WARNING):
        cache = ResultCache(path)
        got = [cache.get("findings|1", Findings), cache.get("frames|1", ResolvedFrames)]
    assert not marker.exists()
    assert got[0] in (None, VALUE) and (got[1] is None or got[1].entities.equals(FRAMES.entities))
    if fault != "truncated":  # (a truncated file may keep its first entries whole)
        assert got == [None, None]
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and str(path) in warnings[0], warnings
    # the results computed again are stored, and the file reads cleanly from then on
    cache.put("findings|1", VALUE, Findings)
    cache.save()
    caplog.clear()
    assert ResultCache(path).get("findings|1", Findings) == VALUE and not caplog.records


def test_an_entry_read_as_another_type_is_a_miss(tmp_path, caplog):
    cache = _written(tmp_path / "c.jsonl")
    with caplog.at_level(logging.WARNING):
        assert cache.get("findings|1", ResolvedFrames) is None
    assert "c.jsonl" in caplog.text
