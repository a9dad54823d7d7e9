"""Helpers for the tests of the bench scripts that copy other projects' files: load a script as a module, and commit
a git repository written for the test."""

import importlib.util
import subprocess

from ..conftest import REPO


def bench_script(name: str):
    """`bench/<name>.py` as a module (the bench folder is no package)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def committed(repo) -> str:
    """Every file under `repo` committed to a new git repository there; the commit's id."""
    def git(*args):
        return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()

    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "files")
    return git("rev-parse", "HEAD")
