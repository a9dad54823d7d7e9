"""Question files (SPEC §3.8): load and validate, naming the question and the field on error."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import InputError

CATEGORIES = ("A", "B", "C", "D", "E")  # in table order
CATEGORY_NAMES = {"A": "multi-hop dependency", "B": "decision provenance", "C": "entity disambiguation",
                  "D": "structured recall", "E": "failure mode"}
CERTAINTIES = {"supported", "likely", "possible", "conflicting", "unknown"}
FAILURE_MODES = {"graph_down", "graph_empty"}
REQUIRED = {"question_id": str, "question": str, "category": str, "required_entities": list, "required_sources": list,
            "forbidden_claims": list, "certainty": str, "multi_hop": bool, "signals": dict}


def _check_list_of_str(path, qid, field, value) -> None:
    if not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(path, "every entry must be a non-empty string", item=qid, field=field)


def validate_question(q, path: str, index: int) -> dict:
    if not isinstance(q, dict):
        raise InputError(path, "each question must be a JSON object", item=f"#{index + 1}")
    qid = q.get("question_id") if isinstance(q.get("question_id"), str) and q.get("question_id") else f"#{index + 1}"
    for field, kind in REQUIRED.items():
        if field not in q:
            raise InputError(path, "missing required field", item=qid, field=field)
        if not isinstance(q[field], kind):
            raise InputError(path, f"must be a {kind.__name__}, got {type(q[field]).__name__}", item=qid, field=field)
    if not q["question"].strip():
        raise InputError(path, "question text is empty", item=qid, field="question")
    if (problem := text_problem(q["question"])):
        raise InputError(path, problem, item=qid, field="question")
    if q["category"] not in CATEGORIES:
        raise InputError(path, f"unknown category {q['category']!r} (expected one of {list(CATEGORIES)})", item=qid, field="category")
    if q["certainty"] not in CERTAINTIES:
        raise InputError(path, f"unknown certainty {q['certainty']!r} (expected one of {sorted(CERTAINTIES)})", item=qid, field="certainty")
    for field in ("required_entities", "required_sources", "forbidden_claims"):
        _check_list_of_str(path, qid, field, q[field])
    if "answer_entities" in q:
        if not isinstance(q["answer_entities"], list):
            raise InputError(path, "must be a list", item=qid, field="answer_entities")
        _check_list_of_str(path, qid, "answer_entities", q["answer_entities"])
    signals = q["signals"]
    if "supported" in signals and not isinstance(signals["supported"], list):
        raise InputError(path, "must be a list of source ids", item=qid, field="signals.supported")
    for key in ("likely_min_signals", "possible_min_signals"):
        if key in signals and (not isinstance(signals[key], int) or isinstance(signals[key], bool) or signals[key] < 0):
            raise InputError(path, "must be a whole number >= 0", item=qid, field=f"signals.{key}")
    if "failure_mode" in q and q["failure_mode"] is not None and q["failure_mode"] not in FAILURE_MODES:
        raise InputError(path, f"unknown failure_mode {q['failure_mode']!r} (expected one of {sorted(FAILURE_MODES)})", item=qid, field="failure_mode")
    for i, rel in enumerate(q.get("relevant_documents") or []):
        if not (isinstance(rel, dict) and isinstance(rel.get("id"), str) and isinstance(rel.get("relevance"), int)
                and not isinstance(rel.get("relevance"), bool) and 0 <= rel["relevance"] <= 3):
            raise InputError(path, f"entry {i + 1} must be {{id: str, relevance: 0-3}}", item=qid, field="relevant_documents")
    return {**q, "failure_mode": q.get("failure_mode"), "relevant_documents": q.get("relevant_documents") or [],
            "answer_entities": q.get("answer_entities") or list(q["required_entities"])}


MAX_QUESTION_CHARS = 4000  # a question, not a document: longer is a mistake, and would cost a parse of its own
MAX_QUESTION_FILE_BYTES = 50 << 20
MAX_NESTING = 64  # a question file is two or three levels deep


def text_problem(text: str) -> str | None:
    """Why a question's text cannot be asked (too long, a NUL, half of a UTF-16 pair), or None."""
    if len(text) > MAX_QUESTION_CHARS:
        return f"{len(text):,} characters; a question holds at most {MAX_QUESTION_CHARS:,}"
    if "\x00" in text:
        return "holds a NUL character"
    if any("\ud800" <= c <= "\udfff" for c in text):
        return "holds a lone UTF-16 surrogate (not a character)"
    return None


def _nesting(raw: str) -> int:
    """How deeply the JSON text's brackets nest (outside strings), without parsing it: the parser recurses."""
    depth = deepest = 0
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', raw):
        ch = token.group()
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_questions(path: str | Path) -> list[dict]:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_QUESTION_FILE_BYTES:
            raise InputError(path, f"question file is over {MAX_QUESTION_FILE_BYTES >> 20} MB")
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(path, "question file not found") from None
    except UnicodeDecodeError:
        raise InputError(path, "question file is not UTF-8", field="encoding") from None
    except OSError as exc:
        raise InputError(path, f"cannot read question file ({exc.strerror})") from None
    if (depth := _nesting(raw)) > MAX_NESTING:
        raise InputError(path, f"nested {depth} levels deep; a question file needs three")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    items = data.get("questions") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise InputError(path, "expected a non-empty list of questions (or {\"questions\": [...]})")
    questions, seen = [], set()
    for index, item in enumerate(items):
        q = validate_question(item, str(path), index)
        if q["question_id"] in seen:
            raise InputError(path, "duplicate question id", item=q["question_id"], field="question_id")
        seen.add(q["question_id"])
        questions.append(q)
    return questions
