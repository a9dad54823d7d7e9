"""The production instance profile (deploy/dagster.yaml) against a real local PostgreSQL: Debian's server, started
for the test in a temporary folder (.ci/run installs the package when the machine lacks it). The graph build and
benchmark jobs run on that instance, their runs and events land in PostgreSQL, and the queued run coordinator is the
instance's. Skipped, saying why, when no PostgreSQL server is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from ..conftest import CORPUS, QUESTIONS, REPO, free_port

BIN = next((d for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True) if (d / "initdb").exists()), None) \
    if Path("/usr/lib/postgresql").exists() else None
pytestmark = pytest.mark.skipif(BIN is None, reason="no PostgreSQL server installed (Debian's postgresql package; "
                                                    ".ci/run installs it)")


def _as_postgres(*command: str) -> list[str]:
    """The server refuses to run as root: as the package's `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)



@pytest.fixture(scope="module")
def postgres():
    # (not under pytest's temporary folder: root's, which the `postgres` user cannot enter)
    root = Path(tempfile.mkdtemp(prefix="graphrag-bench-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    port = free_port()
    data = root / "cluster"
    subprocess.run(_as_postgres(str(BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "dagster"), check=True,
                   capture_output=True)
    subprocess.run(_as_postgres(str(BIN / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "-o",
                                f"-p {port} -k {root} -c listen_addresses=127.0.0.1", "start"), check=True, capture_output=True)
    try:
        subprocess.run(_as_postgres(str(BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "dagster", "dagster"),
                       check=True, capture_output=True)
        yield {"DAGSTER_PG_HOST": "127.0.0.1", "DAGSTER_PG_PORT": str(port), "DAGSTER_PG_DB": "dagster",
               "DAGSTER_PG_USERNAME": "dagster", "DAGSTER_PG_PASSWORD": ""}
    finally:
        subprocess.run(_as_postgres(str(BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def test_the_jobs_run_on_the_postgres_instance_profile(postgres, tmp_path, monkeypatch):
    from dagster import DagsterInstance, DagsterRunStatus
    from dagster._core.run_coordinator import QueuedRunCoordinator
    from dagster_postgres import PostgresEventLogStorage, PostgresRunStorage

    from pipelines.definitions import execute_job
    from resources import BenchSettings

    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "deploy" / "dagster.yaml", home / "dagster.yaml")
    for name, value in postgres.items():
        monkeypatch.setenv(name, value)
    instance = DagsterInstance.from_config(str(home))
    try:
        assert isinstance(instance.run_storage, PostgresRunStorage)
        assert isinstance(instance.event_log_storage, PostgresEventLogStorage)
        assert isinstance(instance.run_coordinator, QueuedRunCoordinator)
        shutil.copytree(CORPUS, tmp_path / "corpus")
        bench = BenchSettings(corpus_dir=str(tmp_path / "corpus"), questions_file=str(QUESTIONS),
                              data_dir=str(tmp_path / "data"), results_dir=str(tmp_path / "results"), runs=2,
                              modes="vector,graphrag")
        built = execute_job(bench, "graph_build_job", instance)
        measured = execute_job(bench, "benchmark_job", instance)
        assert built.success and measured.success
        runs = instance.get_runs()
        assert {r.job_name for r in runs} == {"graph_build_job", "benchmark_job"}
        assert all(r.status == DagsterRunStatus.SUCCESS for r in runs)
        # the history is in PostgreSQL: a second instance over the same database sees the same runs and events
        again = DagsterInstance.from_config(str(home))
        try:
            assert {r.run_id for r in again.get_runs()} == {r.run_id for r in runs}
            assert again.get_latest_materialization_event(built.asset_materializations_for_node("graph_store")[0].asset_key)
        finally:
            again.dispose()
    finally:
        instance.dispose()
