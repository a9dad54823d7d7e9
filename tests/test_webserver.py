"""What a person sees in the UI: start the Dagster webserver on loopback and ask its GraphQL API
for the asset graph, the checks, the jobs and the schedule."""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from graphrag_bench.gates import GATES

from .conftest import REPO

QUERY = """{ repositoriesOrError { ... on RepositoryConnection { nodes {
  jobs { name }
  schedules { name cronSchedule scheduleState { status } }
  assetNodes { assetKey { path } dependencyKeys { path }
               assetChecksOrError { ... on AssetChecks { checks { name blocking } } } } } } } }"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def webserver(tmp_path_factory):
    home = tmp_path_factory.mktemp("dagster_home")
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")
    port = _free_port()
    env = {**os.environ, "DAGSTER_HOME": str(home), "GRAPHRAG_DATA_DIR": str(home / "data")}
    exe = Path(sys.executable).parent / "dagster-webserver"
    proc = subprocess.Popen([str(exe), "-w", str(REPO / "workspace.yaml"), "-h", "127.0.0.1", "-p", str(port)],
                            cwd=home, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    try:
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/server_info", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(1)
        else:
            pytest.fail("dagster-webserver did not start within 180 s")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_ui_shows_assets_checks_jobs_and_schedule(webserver):
    response = httpx.post(f"{webserver}/graphql", json={"query": QUERY}, timeout=60)
    response.raise_for_status()
    repo = response.json()["data"]["repositoriesOrError"]["nodes"][0]
    assets = {"/".join(a["assetKey"]["path"]): a for a in repo["assetNodes"]}
    assert {"documents", "resolved_graph", "graph_store", "baseline_run", "graphrag_run", "golden_equivalence",
            "scores", "run_history", "benchmark_report", "release_decision"} <= set(assets)
    # The graph is wired: the report sits downstream of the dbt history and the summary.
    assert {"run_history", "benchmark_summary"} <= {"/".join(d["path"]) for d in assets["benchmark_report"]["dependencyKeys"]}
    gate_checks = {c["name"]: c["blocking"] for c in assets["benchmark_report"]["assetChecksOrError"]["checks"]}
    assert len(gate_checks) == len(GATES) == 8 and all(gate_checks.values())
    audit = {c["name"] for c in assets["resolved_graph"]["assetChecksOrError"]["checks"]}
    assert {"entity_resolution_audit", "provenance_coverage"} <= audit
    assert {"graph_build_job", "benchmark_job", "release_gate_job"} <= {j["name"] for j in repo["jobs"]}
    schedule = next(s for s in repo["schedules"] if s["name"] == "nightly_benchmark")
    assert schedule["cronSchedule"] == "0 2 * * *" and schedule["scheduleState"]["status"] == "RUNNING"
