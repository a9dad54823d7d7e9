"""The stage facade (`graphrag_bench.stages`) as a library, with no Dagster: a corpus written in other conventions
(tests/fixtures/water) built, measured, scored and summarized; a second pass reuses everything; an edited document
is the only one processed again."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from graphrag_bench.corpus.windows import TextsToEmbed
from graphrag_bench.retrieval.memory import load_index, save_index
from graphrag_bench.evaluation.questions import load_questions
from graphrag_bench.settings import DEFAULT_THRESHOLDS, RetrievalSettings
from graphrag_bench.stages.benchmark import BenchmarkPlan, check_golden, measure_modes, score_answers
from graphrag_bench.stages.graph import audit_resolution, check_provenance, extract_mentions, resolve_graph, sync_graph
from graphrag_bench.stages.ingest import chunk_corpus, embed_chunks, ingest_corpus
from graphrag_bench.stages.summary import summarize
from graphrag_bench.graph.store import open_store

WATER = Path(__file__).resolve().parent.parent / "fixtures" / "water"


def build(corpus: Path, data: Path, embedder):
    ingested = ingest_corpus(corpus, data)
    chunked = chunk_corpus(ingested.frame, data)
    embedded = embed_chunks(chunked.frame, embedder, data)
    extraction = extract_mentions(ingested.frame, data)
    graph = resolve_graph(extraction, ingested.frame, data)
    sync = sync_graph(open_store(data, {}), graph, "ladybug")
    return ingested, chunked, embedded, extraction, graph, sync


@pytest.fixture
def water(tmp_path):
    shutil.copytree(WATER / "corpus", tmp_path / "corpus")
    return tmp_path / "corpus", tmp_path / "data"


def test_a_second_pass_reuses_every_stage_and_an_edit_reprocesses_only_its_document(water, embedder):
    corpus, data = water
    ingested, chunked, embedded, extraction, graph, sync = build(corpus, data, embedder)
    documents = ingested.frame.height
    assert ingested.changes.added == documents and documents >= 10
    texts = TextsToEmbed.of(chunked.frame["text"].to_list()).texts  # the chunks' and their passage windows'
    assert len(texts) > chunked.frame.height  # (some water chunks are long enough to have windows)
    assert embedded.counts.computed == len(set(texts)) and embedded.frame["embedding"].dtype.size == embedded.dimension
    assert sorted(extraction.processed) == sorted(ingested.frame["doc_id"]) and not graph.reused
    assert sync.created > 0 and sync.entities == graph.entities.height and sync.relationships == graph.relationships.height
    assert audit_resolution(graph, ingested.frame, data)["passed"]
    assert check_provenance(graph).passed

    again = build(corpus, data, embedder)
    assert again[0].changes.reused == documents and again[1].changes.reused == chunked.frame.height
    assert again[2].counts.computed == 0 and not again[3].processed and again[4].reused
    assert (again[5].created, again[5].changed, again[5].deleted) == (0, 0, 0) and again[5].state_hash == sync.state_hash

    edited = corpus / "PIR-2025-04-telemetry-gap.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("added expiry alerting.", "added expiry alerting two weeks ahead."),
                      encoding="utf-8")  # no new name: nothing another document is read by changes
    ingested3, chunked3, embedded3, extraction3, _, sync3 = build(corpus, data, embedder)
    edited_id = ingested3.frame.filter(ingested3.frame["path"].str.ends_with(edited.name))["doc_id"].item()
    assert (ingested3.changes.changed, ingested3.changes.reused) == (1, documents - 1)
    own_texts = TextsToEmbed.of(chunked3.frame.filter(chunked3.frame["doc_id"] == edited_id)["text"].to_list()).texts
    assert 1 <= embedded3.counts.computed <= len(own_texts)  # only text of the edited document is embedded
    assert extraction3.processed == [edited_id]
    assert sync3.changed + sync3.created >= 1 and sync3.state_hash != sync.state_hash  # the new evidence is in the graph


def test_the_benchmark_stages_measure_score_and_summarize_and_reuse_an_unchanged_measurement(water, embedder):
    corpus, data = water
    ingested, chunked, embedded, _, graph, sync = build(corpus, data, embedder)
    save_index(data, embedded.frame, graph.entities)
    index, _ = load_index(data)  # each chunk's passage windows come back as its own
    counts = embedded.frame["window_embeddings"].list.len().to_list()
    assert len(index.window_owners) == sum(counts) > 0 and index.window_owners.tolist() == [
        row for row, n in enumerate(counts) for _ in range(n)]
    last = max(range(len(counts)), key=lambda row: (counts[row] > 0, row))
    assert np.allclose(index.window_vectors[-1], embedded.frame["window_embeddings"][last][-1])
    questions = load_questions(WATER / "questions.json")
    plan = BenchmarkPlan(str(data), str(WATER / "questions.json"), ("baseline", "graphrag"), 2, RetrievalSettings(),
                         "ladybug:", "deterministic", "in_process")

    def measure():
        return measure_modes(plan, questions, sync.state_hash, embedder, lambda: open_store(data, {}), compose_fn=compose)

    from graphrag_bench.answers.answer import compose

    measured = measure()
    assert not measured.provenance["reused"] and not measured.other_mode_runs()
    runs = {"baseline": measured.mode_run("baseline"), "graphrag": measured.mode_run("graphrag")}
    assert set(measured.failure_answers(questions)) == {q["question_id"] for q in questions if q["failure_mode"]}
    golden = check_golden(questions, runs["baseline"], data, embedder, RetrievalSettings(), compose)
    assert golden["passed"] and golden["identical"] == len(questions)
    scores = score_answers(questions, runs, graph, ingested.frame)
    assert set(scores) == {"baseline", "graphrag"} and all(len(rows) == len(questions) for rows in scores.values())
    result = summarize("water", "2026-11-23", str(corpus), questions, scores, runs, golden, graph, sync, ingested.frame,
                       chunked.frame, str(DEFAULT_THRESHOLDS))
    gates = {g["name"]: g for g in result.summary["gates"]}
    assert {"multi_hop", "latency", "no_baseline_regression", "entity_resolution"} <= set(gates)
    assert gates["no_baseline_regression"]["passed"] and result.gates_passed == all(g["passed"] for g in gates.values())
    assert result.summary["corpus"]["name"] == "water" and result.summary["night"] == "2026-11-23"
    assert result.summary["modes"]["graphrag"]["points"] == sum(s["total"] for s in scores["graphrag"])

    reused = measure()
    assert reused.provenance["reused"] and reused.provenance["measured_in_run"] == measured.provenance["measured_in_run"]
    assert reused.mode_run("graphrag")["answers"] == runs["graphrag"]["answers"]


def test_the_audit_suites_and_the_provenance_check_catch_each_defect_of_a_graph(water, embedder):
    """The suites read the resolved graph's frames as they are: a duplicated and a malformed id, a name typed twice,
    an undecided near-duplicate and an edge without evidence each fail the check that owns it."""
    import dataclasses

    import polars as pl

    corpus, data = water
    ingested = ingest_corpus(corpus, data)
    graph = resolve_graph(extract_mentions(ingested.frame, data), ingested.frame, data)
    entities, relationships = graph.entities, graph.relationships
    person = entities.filter((pl.col("type") == "person") & (pl.col("id") == pl.col("canonical_id"))).head(1)
    retyped = person.with_columns(id=pl.col("id").str.replace("^person:", "system:"), type=pl.lit("system"))
    retyped = retyped.with_columns(canonical_id=pl.col("id"))
    broken = dataclasses.replace(graph, fingerprint="broken", entities=pl.concat(
        [entities, entities.head(1), entities.head(1).with_columns(id=pl.lit("Not An Id")), retyped]),
        relationships=pl.concat([relationships.with_row_index().with_columns(
            evidence=pl.when(pl.col("index") == 0).then(pl.lit("")).otherwise(pl.col("evidence"))).drop("index"),
            relationships.head(1).with_columns(type=pl.lit("POSSIBLE_SAME_AS"), status=pl.lit(""))]))
    failures = audit_resolution(broken, ingested.frame, data)["failures"]
    for suite, expectation in (("entity_audit_entities", "to_be_unique"), ("entity_audit_entities", "to_match_regex"),
                               ("entity_audit_types", "to_be_between"), ("entity_audit_flags", "to_be_in_set")):
        assert any(f.startswith(f"{suite}: expect_column_values_{expectation}") for f in failures), (suite, failures)
    provenance = check_provenance(broken)
    assert not provenance.passed and any("evidence" in f for f in provenance.failures)
    assert audit_resolution(graph, ingested.frame, data)["passed"] and check_provenance(graph).passed
