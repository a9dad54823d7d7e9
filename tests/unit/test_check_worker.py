"""The check worker (`graphrag_bench.runtime.check_worker`): a run's Great Expectations suites and the audit's re-run in
processes beside the run, with the verdicts this process would give, and this process taking over when a worker
process dies."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from graphrag_bench.graph.audit import rerun_ids, run_audit
from graphrag_bench.runtime.check_worker import CheckWorker
from graphrag_bench.runtime.result_cache import ResultCache
from graphrag_bench.stages.graph import (AUDIT_CACHE, EXTRACTION_CACHE, audit_resolution, check_provenance,
                                         extract_mentions, resolve_graph)
from graphrag_bench.stages.ingest import documents_of, ingest_corpus
from graphrag_bench.runtime.validation import validate

WATER = Path(__file__).resolve().parent.parent / "fixtures" / "water"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def water(tmp_path):
    shutil.copytree(WATER / "corpus", tmp_path / "corpus")
    return tmp_path / "corpus", tmp_path / "data"


@pytest.fixture
def worker():
    with CheckWorker() as started:
        yield started


def _broken(graph):
    """The graph with a duplicated id and an edge without evidence."""
    return dataclasses.replace(graph, fingerprint="broken", entities=pl.concat([graph.entities, graph.entities.head(1)]),
                               relationships=graph.relationships.with_row_index().with_columns(
                                   evidence=pl.when(pl.col("index") == 0).then(pl.lit("")).otherwise(pl.col("evidence"))
                               ).drop("index"))


def test_the_worker_gives_this_process_verdicts_on_a_sound_and_a_broken_graph(water, worker):
    corpus, data = water
    ingested = ingest_corpus(corpus, data)
    graph = resolve_graph(extract_mentions(ingested.frame, data), ingested.frame, data)
    for judged in (graph, _broken(graph)):
        here = audit_resolution(judged, ingested.frame, data)
        there = audit_resolution(judged, ingested.frame, data, worker)
        assert there == here
        assert check_provenance(judged, worker) == check_provenance(judged)
    assert not audit_resolution(_broken(graph), ingested.frame, data, worker)["passed"]
    assert not check_provenance(_broken(graph), worker).passed


def test_suites_judged_by_the_worker_leave_great_expectations_out_of_this_process():
    script = ("import sys, json, polars as pl\n"
              "from graphrag_bench.runtime.check_worker import CheckWorker\n"
              "rows = pl.DataFrame({'doc_id': ['A', None], 'line': [1, 2], 'evidence': ['x', 'y']})\n"
              "with CheckWorker() as worker:\n"
              "    verdict = worker.validate('provenance', rows)\n"
              "print(json.dumps([verdict['success'], 'great_expectations' in sys.modules]))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert out.returncode == 0, out.stderr
    success, imported_here = json.loads(out.stdout.strip().splitlines()[-1])
    assert success is False  # an edge without its document: the suite ran, and failed as it should
    assert imported_here is False


def _verdict(result: dict) -> tuple:
    return result["success"], result["failures"]  # (`results` hold NaN for a null observed: never equal to itself)


def test_a_suites_process_that_dies_leaves_the_verdicts_to_this_process(worker, caplog):
    rows = pl.DataFrame({"doc_id": ["A", "B"], "line": [1, 2], "evidence": ["x", None]})
    expected = _verdict(validate("provenance", rows))
    assert expected[0] is False and _verdict(worker.validate("provenance", rows)) == expected  # up and judging
    for child in multiprocessing.active_children():
        os.kill(child.pid, signal.SIGKILL)
    assert _verdict(worker.validate("provenance", rows)) == expected
    assert "suites are judged in this process" in caplog.text
    assert _verdict(worker.validate("provenance", rows)) == expected  # and it goes on judging here


def test_the_audit_rerun_started_after_extraction_is_collected_by_the_audit_and_agrees(water, worker):
    corpus, data = water
    ingested = ingest_corpus(corpus, data)
    extraction = extract_mentions(ingested.frame, data, worker=worker)
    graph = resolve_graph(extraction, ingested.frame, data)
    expected = rerun_ids(documents_of(ingested.frame), extraction.fingerprint, None, ResultCache(data / EXTRACTION_CACHE))
    started = worker.rerun(extraction.fingerprint)
    assert started is not None and started[0] == expected[0] == sorted(graph.entities["id"].to_list())
    assert worker.rerun(extraction.fingerprint) is None  # collected once
    # Collected by the audit: it passes and remembers the re-run, so the next extraction starts none.
    extract_mentions(ingested.frame, data, worker=worker)
    assert audit_resolution(graph, ingested.frame, data, worker)["passed"]
    assert ResultCache(data / AUDIT_CACHE).get(f"rerun|{extraction.fingerprint}", list[str]) == expected[0]
    extract_mentions(ingested.frame, data, worker=worker)
    assert worker.rerun(extraction.fingerprint) is None


def test_a_rerun_that_disagrees_fails_the_audit(water):
    corpus, data = water
    ingested = ingest_corpus(corpus, data)
    graph = resolve_graph(extract_mentions(ingested.frame, data), ingested.frame, data)
    ids = sorted(graph.entities["id"].to_list())
    audit = run_audit(graph.entities, graph.relationships, graph.audit, documents_of(ingested.frame), graph.fingerprint,
                      rerun=(ids[:-1], set()))
    assert not audit["passed"] and any(f.startswith("entity_audit_rerun") for f in audit["failures"])
    assert run_audit(graph.entities, graph.relationships, graph.audit, documents_of(ingested.frame), graph.fingerprint,
                     rerun=(ids, set()))["passed"]


def test_a_rerun_process_that_dies_leaves_the_rerun_to_the_audit(water, worker, caplog):
    corpus, data = water
    ingested = ingest_corpus(corpus, data)
    extraction = extract_mentions(ingested.frame, data, worker=worker)
    for child in multiprocessing.active_children():
        os.kill(child.pid, signal.SIGKILL)
    graph = resolve_graph(extraction, ingested.frame, data)
    audit = audit_resolution(graph, ingested.frame, data, worker)  # re-run here, suites here
    assert audit["passed"] and "the audit re-runs in this process" in caplog.text
    assert ResultCache(data / AUDIT_CACHE).get(f"rerun|{extraction.fingerprint}", list[str]) == sorted(graph.entities["id"].to_list())


def test_worker_processes_end_with_a_run_killed_outright():
    """A run's process killed with SIGKILL runs no clean-up; its worker processes must not outlive it."""
    import time

    script = ("import multiprocessing, time, polars as pl\n"
              "from functools import partial\n"
              "from graphrag_bench.runtime.check_worker import CheckWorker\n"
              "if __name__ == '__main__':\n"
              "    worker = CheckWorker()\n"
              "    worker.start_rerun('x', partial(time.sleep, 600))\n"
              "    worker.validate('provenance', pl.DataFrame({'doc_id': ['A'], 'line': [1], 'evidence': ['x']}))\n"
              "    print(' '.join(str(p.pid) for p in multiprocessing.active_children()), flush=True)\n"
              "    time.sleep(600)\n")
    run = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=REPO,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        workers = [int(pid) for pid in run.stdout.readline().split()]
    finally:
        run.kill()
        run.wait(timeout=60)
    assert len(workers) >= 2  # the suites' process and the re-run's (and the spawn context's resource tracker)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in workers):
        time.sleep(0.5)
    alive = [pid for pid in workers if Path(f"/proc/{pid}").exists()
             and "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()]
    assert not alive, f"worker processes outlived the killed run: {alive}"
