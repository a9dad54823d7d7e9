"""The code base itself: the linter and the type checker configured in pyproject.toml pass, and configuration reaches
assets and pipelines through resources and `graphrag_bench.settings`, never by reading the environment where it is used."""

import ast
import subprocess
import sys

from ..conftest import REPO


def test_the_linter_passes():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=REPO, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-1000:]


def test_the_type_checker_passes():
    # mypy reads its files and settings from pyproject.toml; its cache (.mypy_cache) makes a re-run take seconds.
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-1000:]
    assert "Success: no issues found" in result.stdout


def test_the_unit_tier_runs_without_dagster():
    """tests/unit is the fast tier: the domain library alone. Importing every unit test module loads no Dagster."""
    modules = sorted(p.stem for p in (REPO / "tests" / "unit").glob("test_*.py"))
    assert len(modules) >= 8
    script = ("import importlib, sys\n"
              f"for m in {modules!r}: importlib.import_module('tests.unit.' + m)\n"
              "print(sorted(n for n in sys.modules if n.split('.')[0] in {'dagster', 'dagster_dbt', 'dagster_duckdb'}))")
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]"


def _environment_reads(path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv", "putenv", "unsetenv"} \
                and isinstance(node.value, ast.Name) and node.value.id == "os":
            found.append(f"{path.relative_to(REPO)}:{node.lineno} os.{node.attr}")
    return found


def test_assets_and_pipelines_never_read_the_environment():
    modules = sorted([*(REPO / "assets").rglob("*.py"), *(REPO / "pipelines").rglob("*.py")])
    assert len(modules) >= 8
    assert [read for path in modules for read in _environment_reads(path)] == []
    assert _environment_reads(REPO / "graphrag_bench" / "settings.py")  # the check sees a read where there is one
