"""Extraction quality against hand labels (SPEC §4): entity P/R/F1, type and dedup accuracy,
relationship P/R/F1. Labels live in `graph_labels.json` inside the corpus folder; a corpus
without one gets nulls, never made-up numbers.

Label file: {"entities": [{"id", "type", "aliases": [...]}], "relationships": [[source, TYPE, target], ...]}
Relationships compare as (source, type, target) triples over the semantic types below
(bookkeeping edges like MENTIONED_IN and REFERENCES are not labelled).
"""

from __future__ import annotations

import json
from pathlib import Path

from .keys import canonical_name
from ..evaluation.metrics import prf
from .vocabulary import SEMANTIC

LABELS_FILE = "graph_labels.json"
NULL_METRICS = dict.fromkeys(["entity_precision", "entity_recall", "entity_f1", "relationship_precision",
                              "relationship_recall", "relationship_f1", "dedup_accuracy", "type_accuracy"])


def load_labels(corpus_dir: str | Path) -> dict | None:
    path = Path(corpus_dir) / LABELS_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def evaluate_extraction(corpus_dir: str | Path, entities: list[dict], relationships: list[dict]) -> dict:
    labels = load_labels(corpus_dir)
    if labels is None:
        return dict(NULL_METRICS)
    truth = {e["id"] for e in labels["entities"]}
    # Days are values: the labels list the ones that matter (approval days); another day is no false entity.
    canonical = {e["id"] for e in entities if e["canonical_id"] == e["id"] and (e["type"] != "date" or e["id"] in truth)}
    ep, er, ef = prf(canonical, truth)
    # Type accuracy: of the labelled entities found under some type, the share found under the right one.
    found_names: dict[str, set[str]] = {}
    for e in entities:
        if e["canonical_id"] == e["id"]:
            found_names.setdefault(e["id"].split(":", 1)[1], set()).add(e["type"])
    typed = [(t["type"] in found_names[name], True) for t in labels["entities"]
             if (name := t["id"].split(":", 1)[1]) in found_names]
    # Dedup accuracy: every labelled alias must resolve to its entity, and no two labelled entities may merge.
    root = {e["id"]: e["canonical_id"] for e in entities}
    alias_checks = []
    for t in labels["entities"]:
        for alias in t.get("aliases", []):
            alias_key = f"{t['type']}:{canonical_name(alias)}"
            alias_checks.append(root.get(alias_key, alias_key if alias_key in truth else None) == t["id"])
    distinct = [root.get(t["id"], t["id"]) == t["id"] for t in labels["entities"]]
    checks = alias_checks + distinct
    predicted = {(r["source"], r["type"], r["target"]) for r in relationships if r["type"] in SEMANTIC}
    wanted = {tuple(r) for r in labels["relationships"]}
    rp, rr, rf = prf(predicted, wanted)
    return {"entity_precision": round(ep, 4), "entity_recall": round(er, 4), "entity_f1": round(ef, 4),
            "relationship_precision": round(rp, 4), "relationship_recall": round(rr, 4), "relationship_f1": round(rf, 4),
            "dedup_accuracy": round(sum(checks) / len(checks), 4) if checks else None,
            "type_accuracy": round(sum(1 for g, w in typed if g == w) / len(typed), 4) if typed else None}


NULL_EXPANSION = dict.fromkeys(["connection_precision", "connection_recall", "false_positive_rate", "hop_accuracy", "questions"])


def evaluate_expansion(corpus_dir: str | Path, questions: list[dict], retrievals: dict[str, dict], entities: list[dict]) -> dict:
    """How good GraphRAG's expanded context is, against the hand labels (SPEC §4).

    connection precision: share of the semantic facts GraphRAG packed that are labelled relationships (false-positive
    rate = 1 − precision); connection recall: of the labelled relationships between a question's required entities,
    the share its packed facts contain; hop accuracy: share of multi-hop questions whose packed facts reach every
    required entity. Null without labels.
    """
    labels = load_labels(corpus_dir)
    if labels is None:
        return dict(NULL_EXPANSION)
    truth = {tuple(r) for r in labels["relationships"]}
    canonical = {e["id"]: e["canonical_id"] for e in entities}
    packed_total = packed_true = wanted_total = wanted_found = 0
    multi_hop = reached = 0
    for q in questions:
        r = retrievals.get(q["question_id"])
        if not r or r["status"] != "ok":
            continue
        facts = {(f["source"], f["type"], f["target"]) for f in r["facts"] if f["type"] in SEMANTIC}
        packed_total += len(facts)
        packed_true += len(facts & truth)
        required = {canonical.get(e, e) for e in q["required_entities"] if e in canonical}
        wanted = {t for t in truth if t[0] in required and t[2] in required}
        wanted_total += len(wanted)
        wanted_found += len(wanted & facts)
        if q["multi_hop"] and required:
            multi_hop += 1
            touched = {f["source"] for f in r["facts"]} | {f["target"] for f in r["facts"]}
            reached += required <= touched
    precision = packed_true / packed_total if packed_total else None
    return {"connection_precision": None if precision is None else round(precision, 4),
            "connection_recall": round(wanted_found / wanted_total, 4) if wanted_total else None,
            "false_positive_rate": None if precision is None else round(1 - precision, 4),
            "hop_accuracy": round(reached / multi_hop, 4) if multi_hop else None,
            "questions": sum(1 for q in questions if retrievals.get(q["question_id"], {}).get("status") == "ok")}
