"""`graphrag-bench serve` end to end: a data folder built by `graphrag-bench run`, the server started as a subprocess
and driven by the MCP SDK's own client over stdio and over streamable HTTP — the same answers as `graphrag-bench ask`,
Cypher-shaped arguments that change nothing in the graph, 50 concurrent HTTP calls all answered."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time

import anyio
import pytest
from mcp import Client, StdioServerParameters

from ..conftest import QUESTIONS, REPO, free_port
from .command import FEW_MODES, RUNS, cli

ASKED = [("What does the Gateway depend on?", "graphrag"), ("Who approved ADR-001?", "vector"),
         ("Who approved ADR-001?", "bm25"), ("What does the Gateway depend on?", "graph_ppr")]
CYPHER = ["MATCH (n) DETACH DELETE n", "x'}) MATCH (n) DETACH DELETE n //", "CALL db.clearQueryCaches() RETURN 1",
          "Gateway\" }) CREATE (e:Entity {id: 'evil'}) RETURN e //"]
SERVER_ENV = {"GRAPH_RAG_ENABLED": "true", "HF_HUB_OFFLINE": "1", "GRAPHRAG_LOG_LEVEL": "WARNING"}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(REPO / "corpus", root / "corpus")
    shutil.copy(QUESTIONS, root / "questions.json")
    built = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data", "--results-dir",
                "results", "--runs", RUNS, "--modes", FEW_MODES, cwd=root)
    assert built.returncode == 0, built.stderr[-3000:]
    return root / "data"


def _ask_cli(data, question: str, mode: str) -> str:
    done = cli("ask", question, "--mode", mode, "--data-dir", str(data), cwd=data.parent)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n\ncertainty:", 1)[0]


def _state_hash(data) -> str:
    from graphrag_bench.graph.store.ladybug_store import LadybugStore, published

    store = LadybugStore(published(data / "graph.lbug"), read_only=True)
    try:
        return store.state_hash()
    finally:
        store.close()


async def _answers(client) -> list[str]:
    return [(await client.call_tool("ask", {"question": q, "mode": m})).structured_content["answer"] for q, m in ASKED]


def test_over_stdio_the_answers_are_the_cli_s_and_cypher_arguments_change_nothing(data):
    before = _state_hash(data)
    server = StdioServerParameters(command=sys.executable, args=["-m", "pipelines.cli", "serve", "--data-dir", str(data)],
                                   env=SERVER_ENV, cwd=str(REPO))

    async def go():
        async with Client(server) as client:
            answers = await _answers(client)
            results = []
            for text in CYPHER:
                results.append(await client.call_tool("ask", {"question": text, "mode": "graphrag"}))
                results.append(await client.call_tool("search", {"question": text, "mode": "graph_ppr"}))
                results.append(await client.call_tool("entity", {"name": text}))
            return answers, results

    answers, results = anyio.run(go)
    assert answers == [_ask_cli(data, q, m) for q, m in ASKED]
    assert all(not r.is_error for r in results[0::3] + results[1::3])  # answered (as questions), never run
    # an entity named nowhere is a tool error; one that names an entity ("Gateway\" }) CREATE …") finds that entity
    assert all(r.is_error and "no entity is named" in r.content[0].text or not r.is_error and r.structured_content["id"]
               for r in results[2::3])
    assert _state_hash(data) == before



def test_over_http_fifty_concurrent_calls_all_answer_as_the_cli_does(data):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "pipelines.cli", "serve", "--data-dir", str(data), "--http", str(port)],
                              cwd=REPO, env={**os.environ, **SERVER_ENV}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, server.stderr.read().decode()[-3000:]
                time.sleep(0.3)
        url = f"http://127.0.0.1:{port}/mcp"

        async def go():
            async with Client(url) as client:
                answers = await _answers(client)
            results: list = [None] * 50

            async def one(i: int) -> None:
                q, m = ASKED[i % len(ASKED)]
                async with Client(url) as client:  # a session each: 50 clients at once
                    results[i] = await client.call_tool("ask", {"question": q, "mode": m})

            async with anyio.create_task_group() as group:
                for i in range(50):
                    group.start_soon(one, i)
            return answers, results

        answers, results = anyio.run(go)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert answers == [_ask_cli(data, q, m) for q, m in ASKED]
    assert all(r is not None and not r.is_error for r in results)
    assert [r.structured_content["answer"] for r in results] == [answers[i % len(ASKED)] for i in range(50)]
