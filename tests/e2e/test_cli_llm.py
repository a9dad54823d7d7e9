"""`graphrag-bench run` with a model as answerer (GRAPHRAG_ANSWERER=openai) against an OpenAI-compatible endpoint over
HTTP, then the same night replayed from the recording with no model: byte-identical answers and points."""

from __future__ import annotations

import json
import shutil

from ..conftest import QUESTIONS, REPO
from ..fake_llm import fake_llm
from .command import FEW_MODES, RUNS, cli

MODEL = "keeper-7b"


def _run(tmp_path, env, *extra):
    return cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data", "--results-dir",
               "results", "--runs", RUNS, "--modes", FEW_MODES, *extra, cwd=tmp_path,
               env={"GRAPHRAG_ANSWERER": "openai", "GRAPHRAG_LLM_MODEL": MODEL, **env})


def _summaries(tmp_path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((tmp_path / "results").glob("run_*/summary.json"))]


def test_a_recorded_night_replays_byte_for_byte_without_a_model(tmp_path):
    shutil.copytree(REPO / "corpus", tmp_path / "corpus")
    shutil.copy(QUESTIONS, tmp_path / "questions.json")
    with fake_llm() as (url, prompts):
        live = _run(tmp_path, {"GRAPHRAG_LLM_BASE_URL": url})
    assert live.returncode in (0, 1), live.stderr[-3000:]  # the gates judge a stand-in model's points: either verdict
    calls = len(prompts)
    assert 0 < calls <= 2 * 20  # each distinct prompt asked once, however many runs and the golden check
    assert f"answers written by the model {MODEL}" in live.stdout

    replayed = _run(tmp_path, {}, "--replay", "--remeasure")  # no endpoint: the recording only
    assert replayed.returncode == live.returncode, replayed.stderr[-3000:]
    first, second = _summaries(tmp_path)
    assert first["answerer"] == second["answerer"] and first["answerer"].startswith(f"openai:{MODEL}:answer-")
    assert second["run_id"] != first["run_id"] and not second["measurement"]["reused"]  # measured again, from the recording
    assert second["questions"] == first["questions"]  # every mode's points on every question
    answers = [[{k: v for k, v in item.items() if isinstance(v, str)}  # question and each mode's answer (not timings)
                for item in json.loads((tmp_path / "results" / f"run_{s['run_id']}" / "detailed_answers.json").read_text())]
               for s in (first, second)]
    assert answers[0] == answers[1] and answers[0][0]["graphrag"].startswith("Answer: ")
    assert f"model {MODEL}" in (tmp_path / "results" / f"run_{second['run_id']}" / "report.html").read_text()

    (tmp_path / "questions.json").write_text(json.dumps({**json.loads(QUESTIONS.read_text()), "questions": [
        {**json.loads(QUESTIONS.read_text())["questions"][0], "question": "Who repainted the lighthouse in 1887?"}]}))
    missing = _run(tmp_path, {}, "--replay")
    assert missing.returncode == 2 and "'Who repainted the lighthouse in 1887?'" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_replay_without_a_model_answerer_is_exit_2(tmp_path):
    result = cli("run", "--replay", "--data-dir", "data", "--results-dir", "results", cwd=tmp_path)
    assert result.returncode == 2 and "--replay" in result.stderr and "GRAPHRAG_ANSWERER=openai" in result.stderr


def test_the_recorded_llama_cpp_night_replays_to_the_same_points(tmp_path):
    """A night answered by a real model (llama.cpp serving SmolLM2-135M, recorded by bench/record_llm_night.py)
    replayed here without it: every question's points in every mode, byte for byte."""
    fixture = REPO / "tests" / "fixtures" / "llm_night"
    recorded = json.loads((fixture / "points.json").read_text())
    shutil.copytree(REPO / "corpus", tmp_path / "corpus")
    shutil.copy(QUESTIONS, tmp_path / "questions.json")
    (tmp_path / "data").mkdir()
    shutil.copy(fixture / "llm_answers.jsonl", tmp_path / "data" / "llm_answers.jsonl")
    model = recorded["answerer"].split(":")[1]
    replayed = cli("run", "--corpus", "corpus", "--questions", "questions.json", "--data-dir", "data", "--results-dir",
                   "results", "--runs", RUNS, "--modes", recorded["modes"], "--answerer", "openai", "--replay", cwd=tmp_path,
                   env={"GRAPHRAG_LLM_MODEL": model})
    assert "no recorded answer" not in replayed.stderr, (
        "the recorded night is stale (retrieval now puts other context in a prompt): record it again with "
        f"`.venv/bin/python bench/record_llm_night.py`\n{replayed.stderr[-2000:]}")
    assert replayed.returncode in (0, 1), replayed.stderr[-3000:]
    (summary,) = _summaries(tmp_path)
    assert summary["answerer"] == recorded["answerer"]
    assert {q["question_id"]: q["points"] for q in summary["questions"]} == recorded["points"]
