"""The dbt project over DuckDB and its manifest.

`DbtProject.prepare_if_dev()` only prepares under `dagster dev`; the CLI, tests and CI load
this module too, so a missing or stale manifest is prepared here (`dbt parse`) on import.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from dagster_dbt import DbtProject

from graphrag_bench.settings import REPO_ROOT

os.environ.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
# dbt comes from this interpreter's environment, activated or not (the venv's bin on PATH).
_bin = str(Path(sys.executable).parent)
if _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")
DBT_DIR = REPO_ROOT / "dbt_project"
dbt_project = DbtProject(project_dir=DBT_DIR, profiles_dir=DBT_DIR)


def _stale(manifest: Path) -> bool:
    if not manifest.exists():
        return True
    built = manifest.stat().st_mtime
    sources = [*DBT_DIR.glob("models/**/*"), DBT_DIR / "dbt_project.yml", DBT_DIR / "profiles.yml"]
    return any(p.stat().st_mtime > built for p in sources if p.is_file())


if _stale(Path(dbt_project.manifest_path)):
    dbt_project.preparer.prepare(dbt_project)
dbt_project.prepare_if_dev()
