"""Question files: the default set's shape, and bad input named by question and field."""

import json

import pytest

from graphrag_bench.errors import InputError
from graphrag_bench.evaluation.questions import load_questions

from ..conftest import QUESTIONS


def test_default_question_set_has_the_required_mix():
    questions = load_questions(QUESTIONS)
    counts = {c: sum(1 for q in questions if q["category"] == c) for c in "ABCDE"}
    assert counts == {"A": 6, "B": 5, "C": 4, "D": 3, "E": 2}
    assert {q["failure_mode"] for q in questions if q["category"] == "E"} == {"graph_down", "graph_empty"}
    assert all(q["relevant_documents"] for q in questions)


def _good():
    return json.loads(QUESTIONS.read_text())["questions"][0]


@pytest.mark.parametrize("mutate, item, field, fragment", [
    (lambda q: q.pop("question"), "A1", "question", "missing required field"),
    (lambda q: q.update(category="Z"), "A1", "category", "unknown category 'Z'"),
    (lambda q: q.update(certainty="sure"), "A1", "certainty", "unknown certainty 'sure'"),
    (lambda q: q.update(required_sources="ADR-001"), "A1", "required_sources", "must be a list"),
    (lambda q: q.update(failure_mode="meteor"), "A1", "failure_mode", "unknown failure_mode"),
    (lambda q: q.update(relevant_documents=[{"id": "x", "relevance": 7}]), "A1", "relevant_documents", "relevance: 0-3"),
])
def test_bad_question_names_question_and_field(tmp_path, mutate, item, field, fragment):
    q = _good()
    mutate(q)
    path = tmp_path / "q.json"
    path.write_text(json.dumps([q]))
    with pytest.raises(InputError) as err:
        load_questions(path)
    message = str(err.value)
    assert str(path) in message and f"item '{item}'" in message and f"field '{field}'" in message and fragment in message


def test_bad_json_and_duplicate_ids(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"questions": [')
    with pytest.raises(InputError, match=r"bad.json: not valid JSON"):
        load_questions(bad)
    dup = tmp_path / "dup.json"
    dup.write_text(json.dumps([_good(), _good()]))
    with pytest.raises(InputError, match=r"item 'A1': field 'question_id': duplicate question id"):
        load_questions(dup)


@pytest.mark.parametrize("text, fragment", [
    ('{"questions": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested 100001 levels deep"),
    (json.dumps({"questions": [{**_good(), "question": "Who wrote it?\x00"}]}), "field 'question': holds a NUL character"),
    (json.dumps({"questions": [{**_good(), "question": "Who wrote \ud800it?"}]}), "field 'question': holds a lone UTF-16 surrogate"),
    (json.dumps({"questions": [{**_good(), "question": "Who? " * 1000}]}), "field 'question': 5,000 characters"),
])
def test_a_question_file_is_bounded_in_depth_and_its_text_before_any_work(tmp_path, text, fragment):
    path = tmp_path / "q.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_questions(path)
    assert fragment in str(err.value) and str(path) in str(err.value)
