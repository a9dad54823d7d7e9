"""Fault injection over every file a run leaves in the data folder: each file truncated, filled with random bytes,
replaced with a crafted pickle that would create a marker file, or with valid JSON of the wrong shape — all files at
once, one fault per run. The next run runs no code, prints no traceback, exits 0 and ends with the clean state hash.
The warehouse (the run history, which cannot be rebuilt) damaged any of those ways stops the next run before any work
with exit 2 naming it, and is left as it was. (Which file says what when damaged: test_cli.py.)"""

from __future__ import annotations

import json
import shutil

import pytest

from ..conftest import REPO
from .command import FEW_MODES, RUNS, cli
from .faults import FAULTS, damage

WATER = REPO / "tests" / "fixtures" / "water"
NOT_REBUILT = ("warehouse.duckdb", ".run.lock")  # the run history; the lock file's content is never read


def _run(data, results, cwd):
    return cli("run", "--corpus", str(WATER / "corpus"), "--questions", str(WATER / "questions.json"), "--data-dir",
               str(data), "--results-dir", str(results), "--runs", RUNS, "--modes", FEW_MODES, cwd=cwd)


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory):
    """A run over the water corpus: its data folder and the state hash of its graph."""
    root = tmp_path_factory.mktemp("clean")
    done = _run(root / "data", root / "results", root)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(next((root / "results").glob("run_*/summary.json")).read_text(encoding="utf-8"))
    return root / "data", summary["graph"]["state_hash"]


@pytest.mark.parametrize("fault", FAULTS)
def test_every_file_of_the_data_folder_damaged_runs_no_code_and_the_run_converges_to_the_clean_graph(clean_run, fault,
                                                                                                   tmp_path):
    clean_data, clean_hash = clean_run
    data, marker = tmp_path / "data", tmp_path / "MARKER"
    shutil.copytree(clean_data, data)
    damaged = [p for p in sorted(data.rglob("*")) if p.is_file() and p.name not in NOT_REBUILT]
    assert len(damaged) > 30  # the caches, the stores, the index, the manifests, dbt's files, every stored output
    for path in damaged:
        damage(path, fault, marker)
    done = _run(data, tmp_path / "results", tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert not marker.exists()
    summary = json.loads(next((tmp_path / "results").glob("run_*/summary.json")).read_text(encoding="utf-8"))
    assert summary["graph"]["state_hash"] == clean_hash


@pytest.mark.parametrize("fault", FAULTS)
def test_a_damaged_warehouse_stops_the_run_before_any_work_naming_it_and_is_left_as_it_was(clean_run, fault, tmp_path):
    clean_data, _ = clean_run
    data, marker = tmp_path / "data", tmp_path / "MARKER"
    shutil.copytree(clean_data, data)
    damage(data / "warehouse.duckdb", fault, marker)
    kept = (data / "warehouse.duckdb").read_bytes()
    done = _run(data, tmp_path / "results", tmp_path)
    assert done.returncode == 2 and "warehouse.duckdb: the warehouse is damaged" in done.stderr, done.stderr[-3000:]
    assert "restore it from a backup" in done.stderr and "Traceback" not in done.stderr and not marker.exists()
    assert (data / "warehouse.duckdb").read_bytes() == kept and not list((tmp_path / "results").glob("run_*"))
