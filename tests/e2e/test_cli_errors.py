"""The command line's answers to a user's mistakes and to a broken environment: exit 2, one clear line naming the file,
item and field, no traceback, nothing written."""

import json
import os
import re

import pytest

from ..conftest import QUESTIONS, REPO
from .command import cli


@pytest.mark.parametrize("args, env, fragment", [
    (["run", "--corpus", "missing"], {}, "missing: corpus folder does not exist"),
    (["run", "--corpus", "empty"], {}, "corpus folder has no documents"),
    (["run", "--corpus", "nonutf8"], {}, "bad.md: field 'encoding': not UTF-8"),
    (["run", "--questions", "broken.json"], {}, "broken.json: not valid JSON"),
    (["run", "--questions", "nofield.json"], {}, "item 'A1': field 'certainty': missing required field"),
    (["run", "--runs", "1"], {}, "--runs: must be at least 2"),
    (["run", "--night", "last tuesday"], {}, "--night: expected a date YYYY-MM-DD, got 'last tuesday'"),
    (["run", "--night", "2999-01-01"], {}, "--night: must be from 2026-01-01 to tonight"),
    (["run", "--modes", "vector,pagerank"], {}, "--modes: unknown mode 'pagerank'; the modes are all, vector, bm25"),
    (["run"], {"GRAPHRAG_MODES": "bm26"}, "GRAPHRAG_MODES: unknown mode 'bm26'"),
    (["ask", "Who?", "--mode", "pagerank"], {}, "argument --mode: unknown mode 'pagerank'"),
    (["ask", "Who wrote \udcff?"], {}, "field 'question': holds a lone UTF-16 surrogate"),  # invalid UTF-8 on the command line
    (["ask", "Who? " * 1000], {}, "field 'question': 5,000 characters; a question holds at most 4,000"),
    (["run"], {"GRAPHRAG_TOP_K": "many"}, "field 'GRAPHRAG_TOP_K': expected a number"),
    (["run"], {"GRAPHRAG_ID_TYPES": "ADR=policy"}, "field 'GRAPHRAG_ID_TYPES': expected PREFIX=TYPE pairs"),
    (["run"], {"GRAPHRAG_TOP_K": "nan"}, "field 'GRAPHRAG_TOP_K': expected a finite number"),
    (["run"], {"GRAPHRAG_CACHE_TTL_S": "inf"}, "field 'GRAPHRAG_CACHE_TTL_S': expected a finite number"),
    (["run"], {"GRAPHRAG_TOP_K": "1e18"}, "field 'GRAPHRAG_TOP_K': must be <= 50"),
    (["run", "--shards", "0"], {}, "--shards: must be from 1 to 256, got 0"),
    (["run"], {"GRAPHRAG_SHARDS": "1000"}, "field 'GRAPHRAG_SHARDS': must be <= 256"),
    (["run"], {"GRAPHRAG_BUILD_EXECUTOR": "pods"}, "field 'GRAPHRAG_BUILD_EXECUTOR': expected one of multiprocess, k8s"),
    (["run", "--gates", "nan_gates.toml"], {}, "item 'gates': field 'latency_max_ratio': expected a finite number"),
    (["run"], {"GRAPHRAG_LOG_LEVEL": "LOUD"}, "field 'GRAPHRAG_LOG_LEVEL': expected one of DEBUG"),
    (["run"], {"GRAPHRAG_ANSWERER": "llm"}, "field 'GRAPHRAG_ANSWERER': expected one of deterministic"),
    (["run"], {"GRAPHRAG_EMBEDDING_BACKEND": "gpu"}, "field 'GRAPHRAG_EMBEDDING_BACKEND': expected one of onnx, torch"),
    (["run"], {"GRAPHRAG_NIGHTLY_TZ": "Mars/Base"}, "field 'GRAPHRAG_NIGHTLY_TZ': not a time zone name"),
    (["run"], {"GRAPHRAG_NIGHTLY_CRON": "every night"}, "field 'GRAPHRAG_NIGHTLY_CRON': not a cron expression"),
    (["run", "--gates", "gates.toml"], {}, "item 'gates': field 'cache_min_hit_rate': expected a number"),
    (["run", "--data-dir", "gates.toml"], {}, "gates.toml: the data folder is a file, not a folder; pass --data-dir a folder"),
    (["run", "--results-dir", "broken.json"], {}, "broken.json: the results folder is a file"),
    (["run"], {"GRAPHRAG_ALERT_WEBHOOK": "ftp://alerts"}, "field 'GRAPHRAG_ALERT_WEBHOOK': expected an http(s) URL"),
    (["fly"], {}, "invalid choice"),
    (["corpus", "add", "water", "--corpus", str(REPO / "corpus"), "--questions", "broken.json", "--data-dir", "data"], {},
     "broken.json"),
    (["corpus", "add", "Water", "--corpus", str(REPO / "corpus"), "--questions", str(QUESTIONS), "--data-dir", "data"], {},
     "item 'Water': field 'name'"),
    (["corpus", "add", "water", "--corpus", "nonutf8", "--questions", str(QUESTIONS), "--data-dir", "data"], {}, "bad.md"),
    (["ask", "What does the Gateway depend on?", "--data-dir", "missing"], {}, "missing/chunks.parquet: no retrieval index here"),
    (["serve", "--data-dir", "missing"], {}, "missing/chunks.parquet: no retrieval index here"),
    (["run"], {"GRAPHRAG_ANSWERER": "openai"}, "field 'GRAPHRAG_LLM_MODEL': GRAPHRAG_ANSWERER=openai needs the model's name"),
    (["run"], {"GRAPHRAG_ANSWERER": "openai", "GRAPHRAG_LLM_MODEL": "m"}, "field 'GRAPHRAG_LLM_BASE_URL'"),
    (["run"], {"GRAPHRAG_ANSWERER": "openai", "GRAPHRAG_LLM_MODEL": "m", "GRAPHRAG_LLM_BASE_URL": "ollama"},
     "expected the endpoint's http(s) URL, got 'ollama'"),
    (["serve", "--http", "http"], {}, "argument --http: 'http' is not a port"),
    (["serve", "--data-dir", "missing"], {"GRAPHRAG_TOP_K": "many"}, "GRAPHRAG_TOP_K"),
])
def test_bad_input_exits_2_with_one_clear_message(tmp_path, args, env, fragment):
    (tmp_path / "empty").mkdir()
    (tmp_path / "nonutf8").mkdir()
    (tmp_path / "nonutf8" / "bad.md").write_bytes(b"# t\n\xff")
    (tmp_path / "broken.json").write_text("{")
    q = json.loads(QUESTIONS.read_text())
    del q["questions"][0]["certainty"]
    (tmp_path / "nofield.json").write_text(json.dumps(q))
    (tmp_path / "nan_gates.toml").write_text(re.sub(r"latency_max_ratio = \S+", "latency_max_ratio = nan",
                                                     (REPO / "config" / "gates.toml").read_text()))
    (tmp_path / "gates.toml").write_text((REPO / "config" / "gates.toml").read_text().replace("cache_min_hit_rate = 0.60", 'cache_min_hit_rate = "high"'))
    # A run gets folders of its own (the repository's data folder is another test's to check untouched).
    own = [*(["--results-dir", "results"] if "--results-dir" not in args else []),
           *(["--data-dir", "data"] if "--data-dir" not in args else [])] if args[0] == "run" else []
    result = cli(*args, *own, cwd=tmp_path, env=env)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "results").exists() or not any((tmp_path / "results").iterdir())



def _hold_data_folder(data):
    from graphrag_bench.runtime.preflight import run_lock

    return run_lock(data)


def _hold_warehouse(data):
    import contextlib

    import duckdb

    return contextlib.closing(duckdb.connect(str(data / "warehouse.duckdb")))


def _hold_graph(data):
    import contextlib

    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    return contextlib.closing(LadybugStore(data / "graph.lbug"))


@pytest.mark.parametrize("hold, env, fragment", [
    (None, {"NEO4J_URI": "bolt://127.0.0.1:1"}, "NEO4J_URI: bolt://127.0.0.1:1: Neo4j unreachable"),
    (_hold_data_folder, {}, "another graphrag-bench run (pid {pid}) is using this data folder"),  # this process's
    (_hold_warehouse, {}, "warehouse.duckdb: the warehouse cannot be opened for writing"),
    (_hold_graph, {}, "graph.lbug: cannot open embedded graph"),
])
def test_environment_faults_exit_2_before_any_work(tmp_path, hold, env, fragment):
    """A store that is down or held by another process is named in seconds, never found after the run (exit 1)."""
    import contextlib

    data = tmp_path / "data"
    data.mkdir()
    with hold(data) if hold else contextlib.nullcontext():
        result = cli("run", "--data-dir", str(data), "--results-dir", "results", cwd=tmp_path, env=env)
    assert result.returncode == 2, result.stderr[-2000:]
    assert fragment.format(pid=os.getpid()) in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "results").exists() or not any((tmp_path / "results").iterdir())
