"""A run killed outright (kill -9) at any stage leaves a data folder the next run converges from, to the graph of a
clean build."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from graphrag_bench.graph.store.ladybug_store import LadybugStore

from ..conftest import CORPUS, QUESTIONS
from .command import FEW_MODES, RUNS, cli


def _state_hash(data: Path) -> str:
    store = LadybugStore(data / "graph.lbug")
    try:
        return store.state_hash()
    finally:
        store.close()


def test_killed_mid_run_at_each_stage_a_rerun_converges_to_the_clean_graph(resolution, tmp_path):
    """kill -9 as soon as a stage reports (so during the next: extraction writing its cache, the audit and graph sync,
    the benchmark writing results), three runs over one data folder, each starting from what the one before left;
    then run again: exit 0 and the state hash of a clean build of the same corpus. A kill between two writes of the
    sync itself: test_store_contract."""
    clean = LadybugStore(tmp_path / "clean.lbug")  # a clean build of the same corpus
    clean.sync(resolution.entities, resolution.relationships)
    clean_hash = clean.state_hash()
    clean.close()
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "INFO"}
    for name in ("GRAPH_RAG_ENABLED", "DAGSTER_HOME"):
        env.pop(name, None)
    args = [sys.executable, "-m", "pipelines.cli", "run", "--corpus", str(CORPUS), "--questions", str(QUESTIONS),
            "--data-dir", "data", "--results-dir", "results", "--runs", RUNS, "--modes", FEW_MODES]
    for after in ("documents - ingest:", "resolved_graph - resolve:", f"benchmark run 1/{RUNS} done"):
        victim = subprocess.Popen(args, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            for line in victim.stderr:  # one progress line per stage
                if after in line:
                    victim.send_signal(signal.SIGKILL)
                    break
        finally:
            victim.kill()
            victim.wait(timeout=60)
        assert victim.returncode == -signal.SIGKILL, f"the run ended without reporting {after!r}"
    result = cli(*args[3:], cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert _state_hash(tmp_path / "data") == clean_hash
