"""The dbt project over DuckDB, its manifest, and the one dbt command line the pipeline uses.

`@dbt_assets` reads the manifest when `assets.warehouse` is imported. Importing parses nothing: the manifest is
prepared by `python -m pipelines.dbt` (`dbt parse`, only when it is missing or older than a model, once under a
lock), which scripts/env.sh runs before every command — the deployment's build step, as `dagster-dbt project
prepare-and-package` would be. An import with a missing or stale manifest stops with that instruction.
dbt is this interpreter's own (activated or not): named by path, never looked up on PATH. The warehouse file is
passed as a dbt var per run (profiles.yml), not through the environment.
"""

from __future__ import annotations

import importlib.metadata
import sys
from functools import cached_property
from pathlib import Path

from dagster_dbt import DbtCliResource, DbtProject
from packaging import version

from graphrag_bench.errors import InputError
from graphrag_bench.runtime.files import locked
from graphrag_bench.settings import REPO_ROOT

DBT_DIR = REPO_ROOT / "dbt_project"
DBT_EXECUTABLE = str(Path(sys.executable).parent / "dbt")
dbt_project = DbtProject(project_dir=DBT_DIR, profiles_dir=DBT_DIR)


class WarehouseDbtCli(DbtCliResource):
    """dbt's command line, without the two things dagster-dbt does in this process before each command: build a
    dbt adapter (it serves only `fetch_row_counts` and column metadata; the pipeline counts rows on its own DuckDB
    connection, assets/warehouse.py) and start `dbt --version` to learn the version of the dbt it is about to start
    (this interpreter's own, DBT_EXECUTABLE: its package metadata says it). Together they took 6 s of every run's
    11 s of dbt. dagster-dbt is pinned (requirements.lock); the end-to-end tests run dbt through this class."""

    def _initialize_dbt_core_adapter(self, args):  # dagster-dbt logs nothing and carries on without an adapter
        return None

    @cached_property
    def _cli_version(self) -> version.Version:
        return version.parse(importlib.metadata.version("dbt-core"))


def dbt_cli() -> DbtCliResource:
    return WarehouseDbtCli(project_dir=str(dbt_project.project_dir), profiles_dir=str(dbt_project.profiles_dir),
                           dbt_executable=DBT_EXECUTABLE)


def _stale(manifest: Path) -> bool:
    if not manifest.exists():
        return True
    built = manifest.stat().st_mtime
    sources = [*DBT_DIR.glob("models/**/*"), DBT_DIR / "dbt_project.yml", DBT_DIR / "profiles.yml"]
    return any(p.stat().st_mtime > built for p in sources if p.is_file())


def prepare_manifest() -> None:
    """Parse the project when its manifest is missing or older than a model (two processes: one parses)."""
    manifest = Path(dbt_project.manifest_path)
    if _stale(manifest):
        with locked(manifest.parent / ".parse.lock"):  # target_path is relative: the lock lives beside the manifest
            if _stale(manifest):
                dbt_cli().cli(["parse", "--quiet"], target_path=dbt_project.target_path).wait()


def prepared_manifest() -> Path:
    """The manifest `@dbt_assets` reads; an InputError naming the command when it is missing or stale."""
    manifest = Path(dbt_project.manifest_path)
    if _stale(manifest):
        raise InputError(manifest, "missing or older than a dbt model: run `python -m pipelines.dbt` to parse the "
                                   "project (scripts/run.sh, test.sh and ui.sh do it first)")
    return manifest


def model_relations(manifest: dict) -> dict[str, tuple[str, str]]:
    """Each dbt model's unique id → the (schema, name) it builds in the warehouse."""
    return {uid: (node["schema"], node["alias"]) for uid, node in manifest["nodes"].items() if node["resource_type"] == "model"}


if __name__ == "__main__":
    prepare_manifest()
