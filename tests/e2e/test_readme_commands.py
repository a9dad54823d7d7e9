"""Every command the README shows, run as it is written (tests/unit/test_readme.py extracts them), on the default
corpus in a folder of the test's own: its placeholders (`/path/to/docs`, `<name>`) filled in, and each run given the
test's data and results folders (appended, so the README's own flags stand; argparse takes the last). Two are run
elsewhere: `bash scripts/test.sh` is the suite running this test, and `bash scripts/ui.sh`'s `dagster dev` is
started by test_webserver.py. The model answerer's lines talk to a stand-in OpenAI-compatible endpoint."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys

import anyio
from mcp import Client, StdioServerParameters

from ..conftest import QUESTIONS, REPO
from ..fake_llm import fake_llm
from ..unit.test_readme import readme_commands, readme_text
from .command import RUNS

RUN_ELSEWHERE = ("bash scripts/test.sh", "bash scripts/ui.sh")


def _argv(command: str, folder) -> list[str]:
    words = [w[1:-1] if w.startswith("[") and w.endswith("]") else w for w in shlex.split(command, comments=True)]
    words = [w.replace("[", "").replace("]", "") for w in words]
    places = {"/path/to/docs": str(folder / "corpus"), "/path/to/questions.json": str(folder / "questions.json"),
              "/path/to/docs-data": str(folder / "data"), "/path/to/results": str(folder / "results"),
              "/path/to/graphrag-bench/data": str(folder / "data"), "my-gates.toml": str(REPO / "config" / "gates.toml"),
              "<name>": "readme", "<folder>": str(folder / "corpus"), "<file>": str(folder / "questions.json")}
    words = [places.get(w, w) for w in words]
    if words[0].endswith("graphrag-bench"):
        words = [sys.executable, "-m", "pipelines.cli", *words[1:]]
    return words


def test_every_readme_command_runs(tmp_path):
    shutil.copytree(REPO / "corpus", tmp_path / "corpus")
    shutil.copy(QUESTIONS, tmp_path / "questions.json")
    own = ["--data-dir", str(tmp_path / "data"), "--results-dir", str(tmp_path / "results")]
    env = {**os.environ, "GRAPHRAG_LOG_LEVEL": "WARNING", "DAGSTER_HOME": str(tmp_path / "dagster_home")}
    env.pop("GRAPH_RAG_ENABLED", None)
    (tmp_path / "dagster_home").mkdir()
    ran = []
    with fake_llm() as (url, _):
        for command in readme_commands(readme_text()):
            if command.startswith(RUN_ELSEWHERE):
                continue
            argv = _argv(command, tmp_path)
            if argv[0] == "export":  # the model's endpoint: the stand-in's, for the lines after it
                env |= dict(w.split("=", 1) for w in argv[1:]) | {"GRAPHRAG_LLM_BASE_URL": url}
                continue
            cli = argv[3:] if argv[:3] == [sys.executable, "-m", "pipelines.cli"] else argv[2:] if argv[1] == "scripts/run.sh" else None
            if cli is not None and cli in (["run"], ["corpus", "add"]):
                continue  # a mention in prose of a command the README shows in full elsewhere
            if "serve" in argv:
                async def tools():
                    async with Client(StdioServerParameters(command=argv[0], args=argv[1:], env={**env, "GRAPH_RAG_ENABLED": "true"},
                                                            cwd=str(tmp_path))) as client:
                        return {t.name for t in (await client.list_tools()).tools}
                assert anyio.run(tools) == {"ask", "search", "entity"}, command
                ran.append(command)
                continue
            if cli and cli[0] in ("run", "ask") or argv[:2] == ["bash", "scripts/run.sh"]:
                argv += own[:2] if cli and cli[0] == "ask" else own + ["--runs", RUNS, "--modes", "vector,graphrag"]
            if cli and cli[0] == "corpus":
                argv += own
            done = subprocess.run(argv, cwd=REPO if argv[0] == "bash" else tmp_path, env=env, capture_output=True,
                                  text=True, timeout=900)
            # (a stand-in model's answers fail the quality gates: exit 1, the run complete, is what such a night gives)
            expected = (0, 1) if "--answerer" in argv else (0,)
            assert done.returncode in expected, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            assert "Traceback" not in done.stderr, command
            ran.append(command)
    shown = " ".join(ran)
    for sub in ("scripts/run.sh", " run ", "--replay", " ask ", " serve ", "corpus add", "corpus list", "--help"):
        assert sub in f" {shown} ", sub
