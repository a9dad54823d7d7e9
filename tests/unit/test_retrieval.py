"""Retrieval and answers: the 2-document traversal, fallback and empty graph for real, the golden
flag-off equivalence, cache keys, and hostile questions."""

import logging

import pytest

from graphrag_bench.answers.answer import answer_label, compose
from graphrag_bench.retrieval.memory import FallbackRetriever, MemoryRetriever, make_retriever, save_index
from graphrag_bench.evaluation.questions import load_questions
from graphrag_bench.retrieval.retrieve import FALLBACK_WARNING, BaselineRetriever, EntityIndex, GraphRetriever, VectorIndex
from graphrag_bench.evaluation.score import ScoringContext
from graphrag_bench.settings import RetrievalSettings
from graphrag_bench.graph.store.ladybug_store import LadybugStore

from ..conftest import QUESTIONS

TRAVERSAL = "What database does the system approved on Feb 20 depend on?"


@pytest.fixture
def retrievers(chunk_index, embedder, resolution, ladybug_store):
    chunks, vectors = chunk_index
    ladybug_store.sync(resolution.entities, resolution.relationships)
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    graph = GraphRetriever(baseline, ladybug_store, EntityIndex(resolution.entities), ladybug_store.state_hash())
    return baseline, graph


def test_graphrag_answers_the_two_document_traversal_with_all_sources(retrievers, resolution, documents):
    baseline, graph = retrievers
    answer = compose(graph.retrieve(TRAVERSAL))
    head = answer.splitlines()[0]
    # A path of statements from three documents: likely, not one explicit statement (docs/SCORING.md).
    assert "etcd" in head and answer_label(answer) == "likely"
    for source in ("[MEETING-2026-02-20]", "[ADR-002]", "[DEPENDENCIES.md]"):
        assert source in answer
    question = next(q for q in load_questions(QUESTIONS) if q["question"] == TRAVERSAL)
    scorer = ScoringContext(resolution.entities, resolution.relationships, {d.doc_id: d.text for d in documents})
    graph_points = scorer.score(question, answer, "graphrag").total
    baseline_points = scorer.score(question, compose(baseline.retrieve(TRAVERSAL)), "baseline").total
    assert graph_points == 4 and baseline_points < graph_points


def test_alias_and_name_variant_questions_pin_the_right_entity(retrievers):
    _, graph = retrievers
    assert "system:gateway" in graph.retrieve("What does EdgeProxy depend on?").question_pins
    assert "person:george_freeney_jr" in graph.retrieve("Which incident report did G. Freeney write?").question_pins


def test_phases_are_timed_and_bounds_hold(retrievers):
    _, graph = retrievers
    r = graph.retrieve("What does the Gateway depend on?", use_pipeline_cache=False)
    assert set(r.timings) >= {"vector_seed_ms", "entity_pinning_ms", "graph_query_ms", "context_pack_ms", "total_pipeline_ms"}
    nodes = {f.source for f in r.facts} | {f.target for f in r.facts}
    assert len(nodes) <= 50
    assert sum(len(f.line_text().encode()) + len(f.evidence.encode()) + 2 for f in r.facts) <= 5120
    assert all(f.hops <= 2 and f.doc_id and f.line >= 1 for f in r.facts)


def test_store_down_falls_back_with_one_warning(chunk_index, embedder, resolution, tmp_path, caplog):
    chunks, vectors = chunk_index
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    closed = LadybugStore(tmp_path / "g.lbug")
    closed.sync(resolution.entities, resolution.relationships)
    state = closed.state_hash()
    closed.close()  # really closed: every query now fails inside the database driver
    graph = GraphRetriever(baseline, closed, EntityIndex(resolution.entities), state)
    with caplog.at_level(logging.WARNING, logger="graphrag_bench"):
        answers = [compose(graph.retrieve(q)) for q in ("What does the Gateway depend on?", "Who approved ADR-001?")]
    assert all(a.startswith("[GRAPH_FALLBACK]") for a in answers)
    assert [r.message for r in caplog.records].count(next(r.message for r in caplog.records)) == 1
    assert FALLBACK_WARNING in caplog.records[0].message and len(caplog.records) == 1
    # Vector-only evidence: the rest of the answer is the baseline's own.
    assert answers[0].removeprefix("[GRAPH_FALLBACK] ") == compose(baseline.retrieve("What does the Gateway depend on?"))


def test_the_entry_point_with_no_graph_falls_back_and_creates_nothing(chunk_index, embedder, resolution, tmp_path, caplog):
    import polars as pl

    chunks, vectors = chunk_index
    frame = pl.DataFrame(chunks).with_columns(pl.Series("embedding", vectors.tolist(), dtype=pl.List(pl.Float32)))
    save_index(tmp_path, frame, pl.DataFrame(resolution.entities))  # an index, but the graph was never built here
    with caplog.at_level(logging.WARNING, logger="graphrag_bench"):
        memory = MemoryRetriever(tmp_path, env={"GRAPH_RAG_ENABLED": "true"}, embedder=embedder)
        answer = memory.answer("What does the Gateway depend on?")
    assert isinstance(memory.retriever, FallbackRetriever) and answer.startswith("[GRAPH_FALLBACK]")
    assert "no graph published at" in caplog.text and not list(tmp_path.glob("graph*.lbug"))


def test_unreachable_neo4j_falls_back_through_the_product_switch(chunk_index, embedder, resolution, caplog):
    from graphrag_bench.graph.store.neo4j_store import Neo4jStore

    chunks, vectors = chunk_index
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    with caplog.at_level(logging.WARNING, logger="graphrag_bench"):
        retriever = make_retriever(baseline, resolution.entities,
                                   lambda: Neo4jStore("bolt://127.0.0.1:9", "neo4j", "x", timeout_s=1.0),
                                   {"GRAPH_RAG_ENABLED": "true"})
        answer = compose(retriever.retrieve("Who approved ADR-001?"))
    assert isinstance(retriever, FallbackRetriever)
    assert answer.startswith("[GRAPH_FALLBACK]")
    assert sum(FALLBACK_WARNING in r.message for r in caplog.records) == 1


def test_empty_graph_is_marked(chunk_index, embedder, resolution):
    chunks, vectors = chunk_index
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    empty = LadybugStore(":memory:")
    answer = compose(GraphRetriever(baseline, empty, EntityIndex(resolution.entities), "empty").retrieve("Who approved ADR-002?"))
    assert answer.startswith("[GRAPH_EMPTY]")


def test_flag_off_is_the_baseline_byte_for_byte(chunk_index, embedder, resolution, tmp_path):
    import polars as pl

    chunks, vectors = chunk_index
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    opened = []
    for env in ({}, {"GRAPH_RAG_ENABLED": "false"}, {"GRAPH_RAG_ENABLED": "0"}):
        assert make_retriever(baseline, resolution.entities, lambda: opened.append(1), env) is baseline
    assert opened == []  # the graph store is never even opened with the flag off
    frame = pl.DataFrame(chunks).with_columns(pl.Series("embedding", vectors.tolist(), dtype=pl.List(pl.Float32)))
    save_index(tmp_path, frame, pl.DataFrame(resolution.entities))
    memory = MemoryRetriever(tmp_path, env={}, embedder=embedder)
    for q in load_questions(QUESTIONS):
        assert memory.answer(q["question"]).encode() == compose(baseline.retrieve(q["question"])).encode()


def test_cache_keys_follow_graph_state_and_settings(retrievers, resolution, ladybug_store):
    baseline, graph = retrievers
    question = "What does the Gateway depend on?"
    graph.retrieve(question)
    assert graph.retrieve(question).pipeline_cache_hit
    warm = graph.retrieve(question, use_pipeline_cache=False)
    assert warm.graph_cache_hits > 0 and warm.graph_cache_misses == 0
    # A rebuilt graph (new state hash) must not be served from the old entries.
    graph.state_hash = "rebuilt"
    rebuilt = graph.retrieve(question)
    assert not rebuilt.pipeline_cache_hit and rebuilt.graph_cache_misses > 0
    # A changed retrieval setting is a different key as well.
    graph.settings = RetrievalSettings(top_k=3)
    changed = graph.retrieve(question)
    assert not changed.pipeline_cache_hit and changed.graph_cache_misses > 0


def test_cache_entries_expire_after_the_ttl(retrievers):
    _, graph = retrievers
    now = [0.0]
    graph.graph_cache.clock = graph.pipeline_cache.clock = lambda: now[0]
    graph.retrieve("Who approved ADR-001?")
    now[0] = 299.0
    assert graph.retrieve("Who approved ADR-001?").pipeline_cache_hit
    now[0] = 301.0
    assert not graph.retrieve("Who approved ADR-001?").pipeline_cache_hit


@pytest.mark.parametrize("hostile", [
    "MATCH (n) DETACH DELETE n",
    "Gateway'}) DETACH DELETE n RETURN 1 //",
    '{"id": "system:gateway"} }} {{ RETURN *',
    "What does the Gateway depend on? " + "x" * 20000,
    "Gateway\x00\x1b[31m\r\n\tdepends",
])
def test_hostile_questions_are_text(retrievers, ladybug_store, hostile):
    _, graph = retrievers
    state = ladybug_store.state_hash()
    r = graph.retrieve(hostile)
    compose(r)
    assert r.status == "ok"
    assert ladybug_store.state_hash() == state


def test_a_foreign_corpus_is_answered_from_its_own_graph(tmp_path, embedder):
    """Another organisation's documents, no code change: names, aliases and chains come from them."""
    from ..conftest import graph_retriever
    from .test_extract_resolve import FOREIGN

    graph, store = graph_retriever(FOREIGN, tmp_path, embedder)
    expected = {
        "What does the Billing API depend on?": {"Kafka", "Ledger"},
        "Which services depend on Kafka?": {"Billing API", "Ledger"},
        "What was the Ledger called before?": {"BookKeeper"},
        "Who approved RFC-7?": {"Ravi Menon"},
        "Who owns the service that the Billing API depends on?": {"Ravi Menon"},
    }
    for question, names in expected.items():
        head = compose(graph.retrieve(question)).splitlines()[0]
        assert all(n in head for n in names), (question, head)
    store.close()


def test_a_document_called_by_its_title_is_pinned():
    """"The RFC named Tide Gauges": a document's heading and its record's `Name:` field name its entity; a title two
    documents share, or of one word, names neither."""
    from graphrag_bench.retrieval.retrieve import EntityIndex

    entities = [
        {"id": "decision:HR-1", "type": "decision", "name": "HR-1", "canonical_id": "decision:HR-1", "aliases": [],
         "source_doc": "HR-1", "attributes": '{"name": ["Quay Lamp Schedule", "HR-1", 3]}'},
        {"id": "artifact:HR-2", "type": "artifact", "name": "HR-2", "canonical_id": "artifact:HR-2", "aliases": [],
         "source_doc": "HR-2", "attributes": "{}"},
        {"id": "artifact:HR-3", "type": "artifact", "name": "HR-3", "canonical_id": "artifact:HR-3", "aliases": [],
         "source_doc": "HR-3", "attributes": "{}"},
        {"id": "artifact:HR-4", "type": "artifact", "name": "HR-4", "canonical_id": "artifact:HR-4", "aliases": [],
         "source_doc": "HR-4", "attributes": "{}"},
        {"id": "artifact:HR-5", "type": "artifact", "name": "HR-5", "canonical_id": "artifact:HR-5", "aliases": [],
         "source_doc": "HR-5", "attributes": "{}"},
    ]
    chunks = [{"doc_id": "HR-1", "text": "hr lamps — Meta\n- Name: Quay Lamp Schedule"},
              {"doc_id": "HR-2", "text": "Tide Gauges — Summary\nThe gauges read the tide."},
              {"doc_id": "HR-3", "text": "Buoy Log — Summary\nA log."}, {"doc_id": "HR-4", "text": "Buoy Log — Summary\nA log."},
              {"doc_id": "HR-5", "text": "Foghorns — Summary\nHorns."}]
    index = EntityIndex(entities, chunks)
    assert index.pin("Who wrote the RFC named Tide Gauges?") == ["artifact:HR-2"]
    assert index.pin("When was the Quay Lamp Schedule approved?") == ["decision:HR-1"]
    assert index.pin("Who keeps the Buoy Log?") == [] and index.pin("Which foghorns sound at night?") == []
    # The title an answer names a document by: its record's name before its heading; every entity called by the
    # document's id has it (one first mentioned in another document too); a shared title names none.
    mentioned = {"id": "decision:HR-2", "type": "decision", "name": "HR-2", "canonical_id": "decision:HR-2",
                 "aliases": [], "source_doc": "HR-1", "attributes": "{}"}
    titles = EntityIndex([*entities, mentioned], chunks).titles
    assert titles == {"decision:HR-1": "Quay Lamp Schedule", "artifact:HR-2": "Tide Gauges",
                      "decision:HR-2": "Tide Gauges"}, titles




def test_a_word_of_the_language_a_table_made_an_entity_names_nothing_in_a_question():
    """A code span or a table cell can make an entity of "one", "name" or "in" (`one.>`, "| `name` | …"): "which one"
    and "by what name" do not name it. An acronym that spells such a word, written in capitals ("CA"), still names."""
    from graphrag_bench.retrieval.retrieve import EntityIndex

    def entity(key: str, name: str, aliases: list[str]) -> dict:
        return {"id": key, "type": "concept", "name": name, "canonical_id": key, "aliases": aliases,
                "source_doc": "HB-1", "attributes": "{}"}

    index = EntityIndex([entity("concept:one", "one", ["One", "one.>"]), entity("concept:name", "name", []),
                         entity("concept:ca", "CA", []), entity("system:tide_gauge", "Tide Gauge", [])])
    assert index.pin("Which one reads the Tide Gauge, and by what name?") == ["system:tide_gauge"]
    assert index.pin("Which CA signs the harbour certificates?") == ["concept:ca"]
    assert index.pin("Which subjects does one.> match?") == ["concept:one"]  # written as the code span writes it


def test_a_word_of_the_language_inside_a_longer_capitalised_name_pins_nothing():
    """Another document's "Lantern" (a word of the language made a name) is not what "the Lantern Office team" names:
    the word is part of that longer name. Alone, or after a word that opens the sentence, it names the Lantern."""
    from graphrag_bench.retrieval.retrieve import EntityIndex

    index = EntityIndex([{"id": "system:lantern", "type": "system", "name": "Lantern", "canonical_id": "system:lantern",
                          "aliases": [], "source_doc": "other-project.md", "attributes": "{}"}])
    assert index.pin("Which tool does the Lantern Office team use to scan images?") == []
    assert index.pin("Which tool does the Harbour Lantern use?") == []
    assert index.pin("Who repaired the Lantern?") == ["system:lantern"]
    assert index.pin("Repaired Lantern parts are stored where?") == ["system:lantern"]
def test_one_hop_setting_stops_at_one_hop(retrievers):
    _, graph = retrievers
    graph.settings = RetrievalSettings(max_hops=1)
    r = graph.retrieve("What database does the system approved on Feb 20 depend on?", use_pipeline_cache=False)
    assert r.facts and all(f.hops == 1 for f in r.facts)


def test_record_fields_unknown_ids_and_transitive_chains(retrievers):
    baseline, graph = retrievers
    severity = compose(graph.retrieve("What is the severity of INC-001?"))
    assert severity.splitlines()[0] == "Answer: SEV-1 (supported) [INC-001]"
    # A record the corpus never mentions: an honest unknown in both modes, not a similar-but-wrong answer.
    for retriever in (baseline, graph):
        assert answer_label(compose(retriever.retrieve("Who approved ADR-009?"))) == "unknown"
    direct = compose(graph.retrieve("What does the Gateway depend on?")).splitlines()[0]
    chain = compose(graph.retrieve("What does the Gateway depend on, directly or indirectly?")).splitlines()[0]
    assert "etcd" not in direct and "Auth Service" in direct
    assert all(name in chain for name in ("Auth Service", "Agent Memory Service", "Weaviate", "etcd", "PostgreSQL"))


def test_benchmark_runs_split_by_mode_and_join_back(retrievers, resolution, ladybug_store, tmp_path):
    from graphrag_bench.evaluation.benchmark import failure_retrievers, joined_runs, mode_run, run_benchmark
    from graphrag_bench.retrieval.modes import ALL_MODES
    from graphrag_bench.retrieval.retrievers import build_retrievers

    baseline, graph = retrievers
    every = build_retrievers(baseline, ladybug_store, graph.entities, graph.state_hash)
    questions = load_questions(QUESTIONS)[:3] + [q for q in load_questions(QUESTIONS) if q["failure_mode"]]
    result = run_benchmark(questions, every, failure_retrievers(every, graph.entities), runs=2)
    assert list(result["answers"]) == list(ALL_MODES)
    assert joined_runs({mode: mode_run(result, mode) for mode in ALL_MODES}) == result
    for mode in ALL_MODES:
        assert result[f"latency_{mode}"]["samples"] == len(questions)  # run 1 dropped: one kept run each
    for mode in ("graphrag", "graph_ppr", "router"):  # every graph mode answers category E in its failure state
        e_answers = [result["answers"][mode][q["question_id"]] for q in questions if q["failure_mode"]]
        assert any(a.startswith("[GRAPH_FALLBACK]") for a in e_answers) and any(a.startswith("[GRAPH_EMPTY]") for a in e_answers)
    for mode in ("baseline", "bm25", "hybrid_lexical"):  # a non-graph mode reads no graph: never marked
        assert not any(a.startswith("[GRAPH_") for a in result["answers"][mode].values())
    with pytest.raises(ValueError, match="graphrag"):
        run_benchmark(questions, {"baseline": baseline}, {}, runs=2)


def test_the_baseline_path_needs_no_graph_or_extraction_library():
    """SPEC §2: graph-only dependencies are optional for the baseline; the flag-off entry point loads none of them."""
    import subprocess
    import sys

    code = ("import sys, graphrag_bench.retrieval.memory, graphrag_bench.answers.answer; "
            "print(sorted(m for m in ('spacy', 'ladybug', 'neo4j', 'graphrag_bench.graph.extract', 'graphrag_bench.graph.store.ladybug_store')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", out


def test_the_onnx_embedding_path_retrieves_exactly_what_torch_retrieves(documents):
    """The default backend (ONNX Runtime on the setup-time export) against sentence-transformers on torch: the same
    vectors within float noise and, for every default question, the same passages in the same order."""
    import dataclasses

    import numpy as np

    from graphrag_bench.runtime.embed import Embedder
    from graphrag_bench.corpus.ingest import chunk_document

    onnx, torch = Embedder(backend="onnx"), Embedder(backend="torch")
    assert Embedder().backend == "onnx" and onnx.identity != torch.identity  # the default; stores tell them apart
    chunks = [dataclasses.asdict(c) for d in documents for c in chunk_document(d)]
    texts = [c["text"] for c in chunks]
    vectors = {e.backend: e.encode(texts) for e in (onnx, torch)}
    assert np.abs(vectors["onnx"] - vectors["torch"]).max() < 1e-5
    retrievers = {e.backend: BaselineRetriever(VectorIndex(chunks, vectors[e.backend]), e) for e in (onnx, torch)}
    for q in load_questions(QUESTIONS):
        ranked = {b: [p.chunk_id for p in r.retrieve(q["question"]).passages] for b, r in retrievers.items()}
        assert ranked["onnx"] == ranked["torch"], q["question_id"]


def test_queries_need_neither_torch_nor_a_download():
    """The agent's path (spaCy's matcher, the ONNX embedder) runs without importing torch; torch still imports after."""
    import os
    import subprocess
    import sys

    from ..conftest import REPO

    script = ("import sys; from graphrag_bench.language.spacy_pipeline import blank_english; from graphrag_bench.runtime.embed import Embedder; "
              "nlp = blank_english(); nlp.add_pipe('sentencizer'); assert len(list(nlp('One. Two.').sents)) == 2; "
              "assert Embedder().encode_one('a question').shape == (384,); print('torch' in sys.modules); "
              "import torch; print(torch.ones(1).item())")
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True,
                         env={**os.environ, "HF_HUB_OFFLINE": "1"}).stdout.split()
    assert out == ["False", "1.0"]


def test_a_question_naming_more_entities_than_any_bound_is_answered(tmp_path, embedder):
    """250 named systems in one question: pins are bounded by the documented rule (the first MAX_PINS in question
    order), every template call stays within its limit, and the answer comes back without an error."""
    from graphrag_bench.retrieval.retrieve import MAX_PINS

    from ..conftest import graph_retriever

    names = [f"Unit{i:03d} Relay" for i in range(250)]
    rows = "\n".join(f"| {n} | {names[(i + 1) % 250]} |" for i, n in enumerate(names))
    graph, store = graph_retriever({"CATALOGUE.md": f"# Catalogue\n\n| System | Depends on |\n|---|---|\n{rows}\n"}, tmp_path, embedder)
    try:
        result = graph.retrieve("What do " + ", ".join(names) + " depend on?", use_pipeline_cache=False)
    finally:
        store.close()
    assert result.status == "ok" and len(result.question_pins) >= 200
    assert compose(result).startswith("Answer:")
    nodes = {f.source for f in result.facts} | {f.target for f in result.facts}
    assert len(nodes) <= RetrievalSettings().max_nodes  # the expansion's bound holds however many were named
    assert set(result.pinned) <= set(result.question_pins[:MAX_PINS]) | nodes



def test_a_hub_does_not_crowd_a_chain_out_of_the_node_bound(tmp_path, embedder):
    """Among many unrelated documents a name everything shares ("Hub Service", sixty dependents) sits beside the one
    link that matters (Old Relay → Mid Relay → Leaf Store): the two-hop paths through each middle entity are taken in
    turn, the specific one first, and a hub brings at most half the 50-node bound, so the bound is not spent on it."""
    from ..conftest import graph_retriever

    units = "\n".join(f"| Unit{i:02d} Relay | Hub Service |" for i in range(60))
    docs = {"CATALOGUE.md": f"# Catalogue\n\n| System | Depends on |\n|---|---|\n{units}\n| Old Relay | Hub Service |\n"
                            "| Old Relay | Mid Relay |\n| Mid Relay | Leaf Store |\n"}
    graph, store = graph_retriever(docs, tmp_path, embedder)
    try:
        facts = graph.neighbourhood("system:old_relay")  # what a question pinned to Old Relay is expanded to
    finally:
        store.close()
    assert ("Mid Relay", "Leaf Store") in {(f.source_name, f.target_name) for f in facts}
    through_hub = [f for f in facts if f.hops == 2 and f.target_name == "Hub Service"]
    assert 0 < len(through_hub) <= RetrievalSettings().max_nodes // 2


class _RankedDocuments:
    """A seeder that ranks the chunks of the named documents first, in that order (what a busy corpus's BM25 might)."""

    def __init__(self, chunks, doc_ids):
        self.chunks, self.doc_ids = chunks, doc_ids

    def retrieve(self, question, use_pipeline_cache=True):
        from graphrag_bench.retrieval.retrieve import Passage, Retrieval

        ranked = [c for doc in self.doc_ids for c in self.chunks if c["doc_id"] == doc]
        return Retrieval(question, "bm25", passages=[Passage.of(c, 1.0) for c in ranked[:6]], timings={})


def _ranked_retrieval(corpus, tmp_path, embedder, doc_ids, *questions, keep=lambda chunk: True):
    """Each question retrieved by graphrag over `corpus`, its seeds the chunks of `doc_ids` in that order (of the
    chunks `keep` lets through): what a busy corpus's BM25 might rank first."""
    from ..conftest import graph_retriever

    graph, store = graph_retriever(corpus, tmp_path, embedder)
    graph.seeder = _RankedDocuments([c for c in graph.baseline.index.chunks if keep(c)], doc_ids)
    try:
        return [graph.retrieve(q, use_pipeline_cache=False) for q in questions]
    finally:
        store.close()


_HARBOUR = {"fog-alarm.md": "# Beacon\n\nThe Beacon is the fog alarm of Quillport harbour, run by Tidewatch.\n\n"
                            "## Weekly drill\n\nWe test the Beacon weekly on Monday mornings. The keeper on duty should "
                            "silence the Beacon alarm after the drill.\n",
            **{f"ops-{i}.md": f"# Harbour log {i}\n\nThe Beacon alarm sounded at noon on day {i} and the keeper "
                              "wrote it down.\n" for i in range(1, 7)},
            "systems.md": "# Systems\n\n| System | Depends on |\n|---|---|\n| Beacon | Lantern |\n| Foghorn | Lantern |\n"
                          "| Lamp Rota | Beacon |\n"}


def test_the_page_of_a_thing_the_question_names_is_read_among_busier_documents(tmp_path, embedder):
    """Six logs that mention the Beacon rank above its own page: the page (a document titled by the name the question
    gives) brings its passage that says the words the logs lack ("weekly drill"), in place of the last one."""
    result, = _ranked_retrieval(_HARBOUR, tmp_path, embedder, [f"ops-{i}.md" for i in range(1, 7)],
                                "What should the keeper do with the Beacon alarm during the weekly drill?")
    assert "system:beacon" in result.question_pins, result.question_pins
    assert [p.doc_id for p in result.passages][-1:] == ["fog-alarm.md"], [p.doc_id for p in result.passages]
    assert "Weekly drill" in result.passages[-1].text


def test_the_page_of_a_thing_the_question_names_comes_for_a_single_word_the_busier_documents_lack(tmp_path, embedder):
    """"the drill" is the one word of the question the logs do not say: the Beacon's page, which the question names,
    brings its passage that says it (a referenced document's passage must add two: nothing names it there)."""
    result, = _ranked_retrieval(_HARBOUR, tmp_path, embedder, [f"ops-{i}.md" for i in range(1, 7)],
                                "What should the keeper do with the Beacon alarm after the drill?")
    assert [p.doc_id for p in result.passages][-1:] == ["fog-alarm.md"], [p.doc_id for p in result.passages]


def test_a_common_word_in_lower_case_names_nothing_in_a_question_that_writes_names_with_capitals(tmp_path, embedder):
    """"the lantern" is the word, not the Lantern a table names; the Beacon is named. A question written all in lower
    case gives no such sign: there a name may be written in lower case."""
    from ..conftest import graph_retriever

    graph, store = graph_retriever(_HARBOUR, tmp_path, embedder)
    try:
        assert "system:lantern" in graph.entities.pin("the Lantern")  # (an entity of the corpus)
        cased = graph.retrieve("When does the lantern of the Beacon fail?", use_pipeline_cache=False)
        lower = graph.retrieve("when does the lantern of the beacon fail?", use_pipeline_cache=False)
    finally:
        store.close()
    assert "system:beacon" in cased.question_pins and "system:lantern" not in cased.question_pins, cased.question_pins
    assert {"system:beacon", "system:lantern"} <= set(lower.question_pins), lower.question_pins


def test_graphrag_seeds_are_bm25s_ranking_and_falls_back_to_vectors(chunk_index, embedder, resolution, ladybug_store,
                                                                      tmp_path):
    """As built for every entry point (`build_retrievers`), GraphRAG's passages are BM25's top-k — not the vector
    top-k, which differs on some question of the default set — so graphrag against bm25 measures what the graph adds.
    With the store unreachable the answer is vector retrieval's (SPEC §2), whatever the seeds."""
    from graphrag_bench.retrieval.retrievers import build_retrievers

    chunks, vectors = chunk_index
    ladybug_store.sync(resolution.entities, resolution.relationships)
    baseline = BaselineRetriever(VectorIndex(chunks, vectors), embedder)
    modes = build_retrievers(baseline, ladybug_store, EntityIndex(resolution.entities), ladybug_store.state_hash(),
                             ("baseline", "bm25", "graphrag"))
    differs = 0
    for q in load_questions(QUESTIONS):
        # (the last may give way to a document a top passage names, and such documents' records come after)
        seeds = [p.chunk_id for p in modes["graphrag"].retrieve(q["question"]).passages][:RetrievalSettings().top_k - 1]
        assert seeds == [p.chunk_id for p in modes["bm25"].retrieve(q["question"]).passages][:len(seeds)], q["question_id"]
        differs += seeds != [p.chunk_id for p in modes["baseline"].retrieve(q["question"]).passages][:len(seeds)]
    assert differs
    closed = LadybugStore(tmp_path / "closed.lbug")
    closed.close()
    down = build_retrievers(baseline, closed, EntityIndex(resolution.entities), "closed", ("baseline", "graphrag"))
    for q in load_questions(QUESTIONS)[:5]:
        r = down["graphrag"].retrieve(q["question"])
        assert r.status == "fallback" and r.passages == baseline.retrieve(q["question"]).passages, q["question_id"]


_TALLY = {"NOTE-7.md": "# Quiet replies\n\n## Context\n\nA good example is the tally counter feature introduced in NOTE-3, "
                       "where the body holds the count.\n",
          "NOTE-3.md": "# Tally counters\n\n## History\n\n| Revision | Change |\n|---|---|\n"
                       "| 1 | Field use and stream configuration enabled |\n\n"
                       "## Stream settings\n\nThe tally counter feature needs the stream configuration field `tally_on` "
                       "enabled before any use.\n",
          "consoles.md": "# Consoles\n\nEvery stream configuration field can be enabled from the console before use.\n"}


def test_a_referenced_document_brings_the_passage_its_referrer_lacks(tmp_path, embedder):
    """NOTE-7's passage names NOTE-3: what NOTE-3 must add is what NOTE-7 does not say — although a console page
    ranked beside it says those words of other streams — and of NOTE-3's passages that add as many, the one that says
    more of the question (its settings, not its revision history)."""
    result, = _ranked_retrieval(_TALLY, tmp_path, embedder, ["NOTE-7", "consoles.md"],
                                "The Quiet replies note used a feature from another note as its example. Which feature "
                                "was that, and which stream configuration field has to be enabled to use it?")
    texts = [p.text for p in result.passages if p.doc_id == "NOTE-3"]
    assert any("tally_on" in t for t in texts), [(p.doc_id, p.text[:60]) for p in result.passages]


_SHORT_IDS = {"K39-lamp-filters.md": "K39: Lamp filters\n----\n* Author(s): oblum\n* Status: Draft\n\n## Rollout\n\nOn the "
                                    "shore side, this feature will ship with the bell muting described in kRFC K33, so "
                                    "one switch guards both.\n",
              "K33-fog-bells.md": "Fog bells\n----\n* Author(s): imarr\n* Status: Approved\n\n## Abstract\n\nBell muting "
                                  "lets keepers quiet the fog bells at night.\n",
              "K40-tide-gauge.md": "Tide gauge\n----\n* Author(s): pokonjo\n\n## Abstract\n\nThe gauge reads the tide.\n",
              "consoles.md": "# Consoles\n\nEvery switch on the shore console guards one feature.\n"}


def test_a_document_named_by_the_short_id_its_file_name_opens_with_brings_its_record(tmp_path, embedder):
    """"described in kRFC K33", where the files are named K33-…, K39-…, K40-…: K33's record (who wrote it, its status) comes
    with the passage naming it, as a document named by its whole id does."""
    result, = _ranked_retrieval(_SHORT_IDS, tmp_path, embedder, ["K39-lamp-filters.md", "consoles.md"],
                                "The lamp filters proposal ships together with another kRFC's feature. Who authored "
                                "the other kRFC, and what status does that kRFC have?",
                                keep=lambda chunk: "imarr" not in chunk["text"])
    assert any("imarr" in p.text for p in result.passages if p.doc_id == "K33-fog-bells.md"), \
        [(p.doc_id, p.text[:60]) for p in result.passages]


_BELLS = {"B12-fog-bells.md": "Fog bells\n----\n* Author(s): Ilse Marr\n* Status: Approved\n\n## Abstract\n\n"
                             + "".join(f"The bell tower keeps rope {n} dry.\n\n" for n in range(1, 16))
                             + "## Muting\n\nBell muting lets keepers quiet the fog bells at night.\n",
          "tides.md": "# Tides\n\nThe keepers read the tide tables at night.\n"}


def test_a_relation_the_question_asks_of_the_top_document_brings_its_record(tmp_path, embedder):
    """"Who wrote the proposal that lets keepers quiet the fog bells": the graph gives the top-ranked document an
    author (its record's "Author(s)"), which no kept passage says: the record comes too. A question asking no relation
    a record states brings none."""
    wrote, why = _ranked_retrieval(_BELLS, tmp_path, embedder, ["B12-fog-bells.md", "tides.md"],
                                   "Who wrote the proposal that lets keepers quiet the fog bells at night?",
                                   "Why do keepers quiet the fog bells at night?",
                                   keep=lambda chunk: "Ilse Marr" not in chunk["text"])
    assert any("Ilse Marr" in p.text for p in wrote.passages), [(p.doc_id, p.text[:60]) for p in wrote.passages]
    assert not any("Ilse Marr" in p.text for p in why.passages), [(p.doc_id, p.text[:60]) for p in why.passages]


_RUNBOOKS = {"lamp-jump-box.md": "---\nowner_slack: \"#lamp-crew\"\ntitle: Open a jump box to the lamp database\n---\n\n"
                                 "This runbook explains how to open a jump box pod to reach the lamp database.\n\n"
                                 "## Closing the jump box\n\nDelete the pod once the work is done.\n",
             "foghorn-store.md": "---\nowner_slack: \"#lamp-crew-team\"\ntitle: Foghorn store management\n---\n\n"
                                 "This page explains how to manage the foghorn store.\n\n## A jump box for the store\n\n"
                                 "Use the same jump box pod definition as for the lamp database.\n"}


def test_a_pages_front_matter_is_read_with_its_passages(tmp_path, embedder):
    """No passage holds a page's front matter: the fields above each kept page's first chunk come with the retrieval
    and are read as the page's line of fields — which channel owns the jump box runbook, and whether the foghorn
    store's page has the same owner (it does not: a yes/no comparing two explicit values, each cited)."""
    from ..conftest import graph_retriever

    graph, store = graph_retriever(_RUNBOOKS, tmp_path, embedder)
    try:
        result = graph.retrieve("Which Slack channel owns the runbook for opening a lamp database jump box pod, and is "
                                "it the same channel that owns the foghorn store management page?", use_pipeline_cache=False)
    finally:
        store.close()
    assert result.headers == {"foghorn-store.md": [[2, "owner_slack", "#lamp-crew-team"]],
                              "lamp-jump-box.md": [[2, "owner_slack", "#lamp-crew"]]}, result.headers
    head = compose(result).splitlines()[0]
    assert head.startswith("Answer: #lamp-crew; no — #lamp-crew-team (supported)"), head


_GATES = {"INC-20.md": "# Lock gate stuck open\n\n## Summary\n\nOn 4 May the west lock gate stayed open for three hours.\n\n"
                       "## Contributing factors\n\n- Hinge corrosion in the gate machinery (see INC-11) left the gate "
                       "without a second closing path.\n- A spare part ordered in INC-5 had not arrived.\n",
          "INC-11.md": "# Hinge corrosion\n\n## Summary\n\nThe hinges of both lock gates had corroded. Each hinge pin "
                       "was 40 mm wide and carried 12 tonnes.\n",
          "INC-5.md": "# Spare parts\n\n## Summary\n\nA spare hydraulic pump was ordered.\n",
          "tides.md": "# Tides\n\n## Summary\n\nThe west basin floods twice a day.\n"}


def test_the_fact_linking_two_kept_documents_comes_first(tmp_path, embedder):
    """INC-20's kept passage (its summary) never names INC-11, yet both are kept: the sentence of INC-20 that does
    ("Hinge corrosion … (see INC-11)") is the link a two-document answer is chained through, packed before the other
    facts. A document named there that is not kept (INC-5) brings no such fact, nor does a kept one naming none."""
    result, = _ranked_retrieval(_GATES, tmp_path, embedder, ["INC-20", "INC-11", "tides.md"],
                                "The west lock gate stuck open on 4 May was made worse by a problem that has its own "
                                "postmortem. How wide was each hinge pin?",
                                keep=lambda c: c["doc_id"] != "INC-20" or "stayed open" in c["text"])  # its summary
    assert {p.doc_id for p in result.passages} == {"INC-20", "INC-11", "tides.md"}, [p.text[:40] for p in result.passages]
    assert not any("see INC-11" in p.text for p in result.passages)
    first = result.facts[0]
    assert first.doc_id == "INC-20" and "see INC-11" in first.evidence, result.facts[:3]
    linking = [f for f in result.facts if {f.source, f.target} & {"artifact:INC-5", "artifact:tides.md"}]
    assert not [f for f in linking if f.type == "MENTIONED_IN"], linking


_BERTHS = {"berth-alert.md": "---\ntitle: 'quay.example: night berth rate alert'\n---\n\nThis alert fires when night "
                             "arrivals exceed 12 an hour.\n\n## Understanding the alert\n\nThe alert counts "
                             "`berth_arrivals_total` from the harbour metrics.\n",
           "night-shift.md": "# Night shift rota alert\n\nThe night shift rota lists the keepers on duty.\n",
           "tokens.md": "# Rotate the harbour metrics token\n\nThe harbour metrics token is kept in the secret "
                        "`quay/metrics/api`. Rotate the token yearly.\n",
           "exporter.md": "# Harbour metrics exporter\n\nThe exporter reads the harbour metrics with a token.\n"}


def test_a_document_the_question_calls_by_its_title_in_its_own_words_is_read(tmp_path, embedder):
    """"The quay.example night-berth alert" is the page titled "quay.example: night berth rate alert" (all but one of
    its title's words are the question's): ranked below pages about the token the question asks for, its passage is
    brought all the same. "Night shift rota alert" shares two of its four title words with the question: not called."""
    result, = _ranked_retrieval(_BERTHS, tmp_path, embedder, ["tokens.md", "exporter.md"],
                                "The quay.example night-berth alert is computed from a harbour metric. Which secret "
                                "holds the token that exports the harbour metrics?")
    docs = [p.doc_id for p in result.passages]
    assert "berth-alert.md" in docs and "night-shift.md" not in docs, docs


def _ferry_pages(names: list[str]) -> dict[str, str]:
    """A catalogue of berth pages titled "<name> berth operations", each with its record under an overview heading,
    and six logs that say "Night Ferry" more often than its page does."""
    pages = {f"{name.lower().replace(' ', '-')}.md": f"# {name} berth operations\n\nThis page gives the operating "
             f"guidance for {name}.\n\n## Overview\n\n| PROPERTY | DETAILS |\n|---|---|\n| Berth ID | `b-{i}` |\n"
             f"| Keepers | **{crew}** |\n| Kind | ferry berth |\n" for i, (name, crew) in enumerate(names)}
    logs = {f"ferry-log-{n}.md": f"# Ferry log {n}\n\nThe Night Ferry sailed late on day {n}, and the Night Ferry "
            "deckhands logged who looked after the mooring lines.\n" for n in range(1, 7)}
    return {**pages, **logs}


_CREWS = [("Night Ferry", "tide-crew"), ("Dawn Ferry", "gull-crew"), ("Cargo Lift", "crane-crew"),
          ("Pilot Launch", "pilot-crew"), ("Fuel Barge", "tank-crew")]


def test_the_words_many_headings_end_with_are_the_kind_of_page_and_the_rest_its_name():
    from graphrag_bench.retrieval.retrieve import heading_names

    headings = {f"{n}.md": f"{name} berth operations" for n, (name, _) in enumerate(_CREWS)}
    assert heading_names(headings)["0.md"] == "Night Ferry"
    # (four pages of that kind are no template; nor is a name of one word, or one ending in a grammar word)
    assert heading_names({d: h for d, h in headings.items() if d != "4.md"}) == {}
    assert "x.md" not in heading_names({**headings, "x.md": "Lifts berth operations"})
    assert "y.md" not in heading_names({**headings, "y.md": "Ferry of the berth operations"})


def test_a_page_the_question_names_as_its_heading_does_without_the_kind_of_page_is_read_with_its_record(tmp_path, embedder):
    """"the Night Ferry" is the page "Night Ferry berth operations": five pages' headings end "berth operations", the
    kind of page, so the words before name it. Ranked below six logs that say "Night Ferry" more, its record
    ("Keepers: tide-crew", in the words "Keepers" the question does not use) is read all the same. With two such pages
    the heading is just a title that shares half its words with the question: nothing calls it."""
    question = "Which crew looks after the Night Ferry?"
    logs = [f"ferry-log-{n}.md" for n in range(1, 7)]
    result, = _ranked_retrieval(_ferry_pages(_CREWS), tmp_path, embedder, logs, question)
    assert any("tide-crew" in p.text for p in result.passages), [p.text[:60] for p in result.passages]
    few, = _ranked_retrieval(_ferry_pages(_CREWS[:2]), tmp_path / "few", embedder, logs, question)
    assert not any("tide-crew" in p.text for p in few.passages), [p.text[:60] for p in few.passages]


_MINUTES = {**{f"2025-04-{day:02d}.md": f"# 2025-04-{day:02d}\n\n## Attendance\n\n- Keepers: Odile, Teodor\n"
                f"- Unavailable: {who}\n\n## Notes\n\n- The keepers went through the winter lamp rota.\n"
                for day, who in [(3, "Ilse Marr"), (10, "Tomas Reyes"), (17, "Piet Okonjo")]},
             **{f"rota-{n}.md": f"# Rota note {n}\n\nA keeper unavailable for a meeting of the keepers tells the "
                "rota desk before the meeting.\n" for n in range(1, 5)}}


def test_minutes_the_question_calls_by_their_day_are_read_however_either_writes_it(tmp_path, embedder):
    """"The keepers' meeting of 3 April 2025" is the minutes headed "2025-04-03": ranked below notes that say the
    question's words and the minutes of other days, they are read all the same. A day without its year is no day."""
    ranked = ["rota-1.md", "rota-2.md", "2025-04-10.md", "2025-04-17.md", "rota-3.md", "rota-4.md"]
    dated, yearless = _ranked_retrieval(_MINUTES, tmp_path, embedder, ranked,
                                        "Who was unavailable at the keepers' meeting of 3 April 2025?",
                                        "Who was unavailable at the keepers' meeting of 3 April?")
    assert any("Ilse Marr" in p.text for p in dated.passages), [p.doc_id for p in dated.passages]
    assert not any("Ilse Marr" in p.text for p in yearless.passages), [p.doc_id for p in yearless.passages]


_COMMITTEE = {"lamp-committee.md": "# Lamp Committee\n\n## Mission\n\nThe Lamp Committee is tasked with preparing the "
                                   "lamp rules of the harbour.\n\n## Goals\n\n- Gather input on the lamp rules from "
                                   "every keeper of the harbour.\n\n## Duration\n\nThe Lamp Committee exists until the "
                                   "lamp rules are adopted.\n\n## Members\n\n- [Ilse Marr](https://example.org/ilse)\n"
                                   "- [Piet Okonjo](https://example.org/piet)\n",
              "harbour.md": "# Harbour\n\nThe harbour has a Lamp Committee and a Fog Committee.\n"}


def test_a_name_the_question_gives_is_looked_for_in_the_kept_documents(tmp_path, embedder):
    """"A Piet is listed on the Lamp Committee": the committee's sections that say the question's other words are
    kept, its members' list is not; the list, which says "Piet", is read too. A name no kept document says brings
    nothing."""
    keep = lambda chunk: "Piet" not in chunk["text"]  # noqa: E731 (what a ranking by the other words might leave)
    piet, zorro = _ranked_retrieval(_COMMITTEE, tmp_path, embedder, ["lamp-committee.md", "harbour.md"],
                                    "A Piet is listed on the Lamp Committee. What is his full name?",
                                    "A Zorro is listed on the Lamp Committee. What is his full name?", keep=keep)
    assert any("Piet Okonjo" in p.text for p in piet.passages), [p.text[:40] for p in piet.passages]
    assert not any("Piet Okonjo" in p.text for p in zorro.passages), [p.text[:40] for p in zorro.passages]


_LOCKS = {"INC-40.md": "# Lock gate jammed\n\n## Summary\n\nOn 9 June the east lock gate jammed half open while a "
                       "barge waited.\n\n" + "".join(f"The crew tried lever {n} without success.\n\n" for n in range(1, 40))
                       + "## Stats\n\n- Owner: harbour crew\n- Time to recovery: 48 minutes\n- Category: Gates\n",
          "INC-41.md": "# Lock gate slow\n\n## Summary\n\nOn 2 July the east lock gate closed slowly.\n"}


def test_a_kept_documents_field_labelled_in_the_questions_words_is_read(tmp_path, embedder):
    """INC-40 is kept for its summary; its Stats section, which the ranking left out, has a field labelled in the
    question's own words ("Time to recovery: 48 minutes" for "what was its time to recovery"): that passage comes
    too. A label of one word ("Owner" for "who was its owner") is a word many questions use: it brings nothing."""
    recovery, owner = _ranked_retrieval(
        _LOCKS, tmp_path, embedder, ["INC-40", "INC-41"],
        "The east lock gate jammed half open on 9 June. What was its time to recovery?",
        "The east lock gate jammed half open on 9 June. Who was its owner?",
        keep=lambda c: c["doc_id"] == "INC-41" or "jammed half open" in c["text"])  # INC-40's summary only
    assert any("Time to recovery: 48 minutes" in p.text for p in recovery.passages), [p.text[:50] for p in recovery.passages]
    assert not any("Time to recovery" in p.text for p in owner.passages), [p.text[:50] for p in owner.passages]


def test_a_kept_documents_field_is_read_though_another_documents_passage_says_its_label(tmp_path, embedder):
    """INC-42's kept passage says "Time to recovery: 5 minutes" of another gate: INC-40's own Stats still come, since
    no kept passage of INC-40 says its time to recovery."""
    locks = {**_LOCKS, "INC-42.md": "# Lock gate squeaks\n\n## Stats\n\n- Time to recovery: 5 minutes\n"}
    recovery, = _ranked_retrieval(
        locks, tmp_path, embedder, ["INC-40", "INC-42"],
        "The east lock gate jammed half open on 9 June. What was its time to recovery?",
        keep=lambda c: c["doc_id"] == "INC-42" or "jammed half open" in c["text"])
    assert any("Time to recovery: 48 minutes" in p.text for p in recovery.passages), [p.text[:50] for p in recovery.passages]
    # (of two kept documents whose fields say the asked label, the one ranked first is what the question is about,
    # though the other's Stats section says more of the question's words)
    locks = {**_LOCKS, "INC-43.md": "# Lock gate jammed again\n\n## Summary\n\nThe east lock gate jammed half open.\n\n"
                                    + "".join(f"The crew oiled hinge {n}.\n\n" for n in range(1, 30))
                                    + "## Stats\n\n- Time to recovery: 9 minutes (east lock gate, half open, 9 June)\n"}
    first, = _ranked_retrieval(
        locks, tmp_path / "two", embedder, ["INC-40", "INC-43"],
        "The east lock gate jammed half open on 9 June. What was its time to recovery?",
        keep=lambda c: "jammed half open" in c["text"])
    texts = [p.text for p in first.passages]
    assert any("48 minutes" in t for t in texts) and not any("9 minutes" in t for t in texts), [t[:50] for t in texts]


_RULES = {"NOTE-4.md": "# Lamp rules\n\n## Process\n\nUnder these rules the quiet period lasts 9 days before a rule "
                       "is adopted.\n",
          **{f"other-{n}.md": f"# Other harbour {n} rules\n\n## Process\n\nIn harbour {n} the quiet period of the "
                              "rules process lasts a while.\n" for n in range(1, 6)}}


def test_a_document_the_question_names_by_its_id_is_read_among_busier_documents(tmp_path, embedder):
    """"Under the lamp rules (NOTE-4), how long does the quiet period last?": five pages of other harbours say the same
    words and rank first; NOTE-4, which the question names by its id, is read all the same."""
    result, = _ranked_retrieval(_RULES, tmp_path, embedder, [f"other-{n}.md" for n in range(1, 6)],
                                "Under the lamp rules (NOTE-4), how long does the quiet period last?")
    assert any(p.doc_id == "NOTE-4" and "9 days" in p.text for p in result.passages), [p.doc_id for p in result.passages]


def test_top_k_is_the_full_sorts_first_k_ties_in_corpus_order():
    """Only the scores at or above the k-th are sorted: the same indexes, in the same order, as sorting every score
    (ties by corpus order), for scores with many ties and any k."""
    import numpy as np
    from graphrag_bench.retrieval.retrieve import top_k

    rng = np.random.default_rng(7)
    for _ in range(200):
        scores = rng.integers(0, 4, int(rng.integers(1, 60))).astype(np.float32)
        k = int(rng.integers(1, 10))
        assert list(top_k(scores, k)) == list(np.lexsort((np.arange(len(scores)), -scores))[:k]), (scores, k)


_MEMBERS = ["Ines Varga", "Olu Bassey", "Pia Norberg", "Rafe Quint", "Sela Moor", "Tam Ekwueme", "Una Brask", "Vic Haldor"]
_GUILDS = [f"{kind} {trade} Guild" for kind in ("North", "South", "East", "West", "Upper", "Lower", "Outer", "Inner")
           for trade in ("Net", "Sail", "Rope", "Oar", "Hull", "Lamp", "Keel", "Mast")]


def _handle(name: str) -> str:
    return name.split()[0].lower()


_COUNCIL = {
    "council.md": "# Harbour Council\n\nThe Harbour Council sets the rules of the port.\n\n## Members\n\n"
                  + "".join(f"* {m} (**[@{_handle(m)}](https://example.org/{_handle(m)})**), Quillport Trust\n" for m in _MEMBERS),
    "wardens.md": "# Wardens\n\nEvery guild has a member of the Harbour Council as its warden.\n\n"
                  "| Guild | Council Warden |\n|---|---|\n"
                  + "".join(f"| [{g}](guilds/{i}.md) | {_MEMBERS[(i * 3 + i // 8) % 8]} "
                            f"(**[@{_handle(_MEMBERS[(i * 3 + i // 8) % 8])}](https://example.org/x)**) |\n"
                            for i, g in enumerate(_GUILDS)),
    "tides.md": "# Tide tables\n\nThe Harbour Council does not keep the tide tables, which are kept by the "
                "Inner Mast Guild.\n",
}


def test_the_guild_a_passage_names_beside_the_question_is_asked_on_from_the_graph(tmp_path, embedder):
    """"Which guild keeps the tide tables, and which council member is the warden of that guild?": the top passage
    says the guild (the Inner Mast Guild, beside the Harbour Council the question names); its warden is one row of a
    table of 64 linked guild pages. The council's page (eight members, each warden of eight guilds) would spend the
    50-node bound on its two-step paths before the guild got its one edge, and its wardens' rows would fill the
    context first: the guild's own edge is taken before any pin's two-step paths, the guild is one step from the
    question, and the row, read with its header, answers the part that points back to the guild."""
    warden = _MEMBERS[(63 * 3 + 63 // 8) % 8]
    result, = _ranked_retrieval(_COUNCIL, tmp_path, embedder, ["tides.md", "council.md"],
                                "A tide-table question went to the Harbour Council. Which guild actually keeps the tide "
                                "tables, and which council member is the warden of that guild?")
    assert any(f.source_name == "Inner Mast Guild" and f.target_name == warden for f in result.facts), result.facts
    answer = compose(result)
    assert answer.splitlines()[0].startswith("Answer: Inner Mast"), answer  # (the guild: what the part asks, named)
    assert f"; {warden} (" in answer.splitlines()[0], answer
    assert "[wardens.md]" in answer.splitlines()[0] and "[tides.md]" in answer.splitlines()[0], answer


_RECORDS = {"012-night-berthing.md": "# 12. Night-berthing\n\nDate: 2024-02-01\n\n## Status\n\nSuperseded by record 30.\n",
            "030-night-berthing.md": "# 30. Night-berthing\n\nDate: 2025-03-09\n\n## Decision\n\nBerth by hull length.\n",
            "007-berthing.md": "# 7. Berthing\n\nBerthing is booked at the harbour office.\n",
            "tokens.md": "# Rotate the harbour records token\n\nThe harbour records token is kept in the secret "
                         "`quay/records/api`. Rotate the token yearly.\n",
            "exporter.md": "# Harbour records exporter\n\nThe exporter reads the harbour records with a token.\n"}


def test_a_document_titled_by_one_compound_word_the_question_writes_whole_is_read(tmp_path, embedder):
    """"Two harbour records titled Night-berthing": the page headed "30. Night-berthing" is called (the number a heading
    opens with numbers the record; the compound word is as rare as a phrase), ranked below pages the question's other
    words are about, beside the other one, ranked; "7. Berthing", one plain word, is not."""
    from ..conftest import graph_retriever

    graph, store = graph_retriever(_RECORDS, tmp_path, embedder)
    graph.seeder = _RankedDocuments(graph.baseline.index.chunks, ["tokens.md", "012-night-berthing.md"])
    try:
        result = graph.retrieve("There are two harbour records titled Night-berthing. Which one goes by hull length, and "
                                "which secret holds the harbour records token?", use_pipeline_cache=False)
    finally:
        store.close()
    docs = [p.doc_id for p in result.passages]
    assert {"012-night-berthing.md", "030-night-berthing.md"} <= set(docs) and "007-berthing.md" not in docs, docs


_BASINS = {"07-moorings.md": "# 7. Moorings for visiting boats\n\nDate: 2031-04-02\n\n## Decision\n\nEvery visiting boat "
                             "will moor at a buoy in the Outer Basin.\n",
           "05-new-basin-name.md": "# 5. New basin name\n\nDate: 2031-03-20\n\n## Decision\n\nWe will call the new basin "
                                   "the \"Outer Basin\".\n\n## Consequences\n\n- The letters `OB` will be painted on every "
                                   "buoy of the Outer Basin\n",
           **{f"buoy-log-{i}.md": f"# Buoy log {i}\n\nOn day {i} the crew repainted the letters on a buoy of the inner "
                                  "harbour and logged which boat moored there.\n" for i in range(1, 7)}}


class _QuestionRanked(_RankedDocuments):
    """Ranks the named documents first for the question asked; any other query by the vector baseline's ranking."""

    def __init__(self, chunks, doc_ids, question, otherwise):
        super().__init__(chunks, doc_ids)
        self.question, self.otherwise = question, otherwise

    def retrieve(self, question, use_pipeline_cache=True):
        return super().retrieve(question) if question == self.question else self.otherwise.retrieve(question)


def test_a_part_pointing_to_an_earlier_answer_is_retrieved_again_with_that_answer(tmp_path, embedder):
    """"What is that basin called, and which letters are painted on its buoys?": the retrieved passages say the basin
    ("the Outer Basin") but not its letters; "its" is the first part's answer, so the part is asked again with it, and
    the passage naming the Outer Basin that the second ranking gives first is added (the buoy logs, ranked above it,
    say letters and buoys but never the Outer Basin). The composed answer gives both parts, citing both documents."""
    from ..conftest import graph_retriever

    question = ("A recent decision says every visiting boat must moor at a buoy of the new basin. What is that basin "
                "called, and which letters are painted on its buoys?")
    graph, store = graph_retriever(_BASINS, tmp_path, embedder)
    graph.seeder = _QuestionRanked(graph.baseline.index.chunks, ["07-moorings.md", *(f"buoy-log-{i}.md" for i in range(1, 6))],
                                   question, graph.baseline)
    try:
        result = graph.retrieve(question, use_pipeline_cache=False)
    finally:
        store.close()
    docs = [p.doc_id for p in result.passages]
    assert "05-new-basin-name.md" in docs, docs
    assert "chain_ms" in result.timings
    answer = compose(result)
    assert "Outer Basin" in answer and "OB" in answer.splitlines()[0], answer
    assert "[05-new-basin-name.md]" in answer.splitlines()[0] and "[07-moorings.md]" in answer.splitlines()[0], answer


def _hops(question: str, *passages):
    """The second hops a graph mode's context of these passages leaves for the question."""
    from graphrag_bench.retrieval.chain import second_hops
    from graphrag_bench.retrieval.retrieve import Retrieval

    return second_hops(Retrieval(question, "graphrag", passages=list(passages)))


def test_a_pointing_part_whose_words_no_one_passage_says_together_is_asked_again(embedder):
    """"… and who at Saltmere Harbour can fill it?": the passages say "Saltmere Harbour" and "fill", but never in one
    passage, and none says who fills the Ferry Liaison role; the part is asked again with the first part's answer in
    the pointer's place (old code: every word said somewhere in the context, no second hop)."""
    from graphrag_bench.retrieval.retrieve import Passage

    passages = [Passage("HG-1#1", "HG-1", 1, 2, "Harbour guide — Welcome\nThis guide helps the crews of Saltmere "
                        "Harbour take up their roles one at a time.", 1.0),
                Passage("HG-1#3", "HG-1", 3, 4, "Harbour guide — What comes next?\nWe recommend a Ferry Liaison as the "
                        "next role you include.", 0.9),
                Passage("HG-1#6", "HG-1", 6, 7, "Harbour guide — Storms\nWe do not fill every role in every storm.", 0.8)]
    hops = _hops("Which role does the harbour guide recommend adding next, and who at Saltmere Harbour can fill "
                 "it?", *passages)
    assert [h.referent for h in hops] == ["Ferry Liaison"], hops
    assert "Ferry Liaison" in hops[0].query and "fill" in hops[0].query


def test_a_first_part_pointing_to_what_the_opening_statement_describes_is_asked_of_its_name(embedder):
    """"The night rota tells the watch to raise the alarm with a signal horn if needed. Who hears that horn …?": the
    statement describes the horn without naming it, and the rota's line that restates it names it (the Brass Wailer);
    the part is asked again with that name, which the passages about who hears what never pair with the question's
    words (old code: a first part points to no earlier part, no second hop)."""
    from graphrag_bench.retrieval.retrieve import Passage

    passages = [Passage("NR-1#1", "NR-1", 1, 3, "Night rota — Alarms\nRaise the alarm with the Brass Wailer if needed. "
                        "The watch keeps a log of every alarm.", 1.0),
                Passage("NR-1#4", "NR-1", 4, 5, "Night rota — Crews\nThe dock crew sleeps in the north shed.", 0.9),
                Passage("SH-2#1", "SH-2", 1, 2, "Signal horns — Overview\nEvery horn on the quay is tested in spring.", 0.8)]
    hops = _hops("The night rota tells the watch to raise the alarm with a signal horn if needed. Who hears that "
                 "horn, and how far does it carry?", *passages)
    assert [h.referent for h in hops] == ["Brass Wailer"], hops
    assert "hears" in hops[0].query and "Brass Wailer" in hops[0].query


def test_the_thing_an_opening_statement_describes_is_named_by_a_word_of_its_kind(embedder):
    """"… mentions a CI system that the ferry team was moving to internally. What had that system replaced?": the line
    restating it names the system by a word of its kind, "Converge CI" (which the small tagger reads as a verb and a
    person's name), beside the team the statement also speaks of; the system is what the part is asked again of (old
    code: no second hop; without reading the name by its kind's word, "tide platforms team")."""
    from graphrag_bench.retrieval.retrieve import Passage

    passages = [Passage("008-piers.md#1", "008-piers.md", 1, 3, "Sailing from third party piers — Context\nThe tide "
                        "platforms team is transitioning to Converge CI internally. Crews already use third party CI "
                        "systems.", 1.0),
                Passage("008-piers.md#4", "008-piers.md", 4, 6, "Sailing from third party piers — Decision\nWe will let "
                        "crews sail from the third party CI systems they already use.", 0.9)]
    hops = _hops("The decision that lets product crews deploy from the third-party CI tools they already use "
                 "mentions a CI system that the ferry team was moving to internally. What had that system replaced, "
                       "and who runs it now?", *passages)
    assert [h.referent for h in hops] == ["Converge CI"]


def test_a_part_pointing_to_a_document_an_earlier_part_gave_is_asked_of_that_document(embedder):
    """"There are two reports called 'Lamp outage'. Which one lists ilse and piet as attendees, and what was its time to
    recovery?": another incident's stats say "Time to recovery", every word of the second part, but of a report that
    says nothing the question names; the part is asked again of the report the first part gave, whose passage (of
    its document, though it never writes its id) the hop takes (old code: every word said in one passage, no hop)."""
    from graphrag_bench.retrieval.chain import Hop, second_hops, speaks_of
    from graphrag_bench.retrieval.retrieve import Passage, Retrieval

    passages = [Passage("LR-2#9", "LR-2", 9, 11, "Lamp outage — Attendees\n- ilse\n- piet", 1.0),
                Passage("LR-5#9", "LR-5", 9, 11, "Lamp outage — Attendees\n- odile", 0.9),
                Passage("LR-7#12", "LR-7", 12, 14, "Fog horn silent — Stats\n- Time to detection: 5 minutes\n- Time to "
                        "recovery: 12 minutes", 0.8)]
    result = Retrieval("There are two reports called 'Lamp outage'. Which one lists ilse and piet as attendees, and what "
                       "was its time to recovery?", "graphrag", passages=passages)
    hops = second_hops(result)
    assert [h.document for h in hops] == ["LR-2"], hops
    stats = Passage("LR-2#12", "LR-2", 12, 14, "Lamp outage — Stats\n- Time to recovery: 40 minutes", 0.5)
    assert speaks_of(stats, hops[0]) and not speaks_of(passages[2], hops[0])
    assert not speaks_of(stats, Hop("what was its time to recovery Fog horn", "Fog horn"))


_DECISIONS = {"003-quay-lights.md": "# 3. Quay lights\n\n## Decision\n\nThe quay lights will switch on at dusk.\n",
              "010-beacon-audit.md": "# 9 Beacon audit\n\n(Audit records are kept in the harbour office. This sign-post "
                                     "stays here so the record can be found.)\n",
              **{f"0{20 + i}-guild-note-{i}.md": f"# {20 + i}. Guild note {i}\n\n## Decision\n\nThe guild records each "
                                                 f"subject of its decisions in note {i}, read in full at the office.\n"
                 for i in range(1, 7)}}


def test_a_document_the_question_calls_by_its_number_is_read_whatever_its_title_says(tmp_path, embedder):
    """"Guild ADR 10" is 010-beacon-audit.md, the corpus's one document of that number, though its own title says 9 and
    no word of the question's but its number is in it: the notes ranked first say the question's words, and its passage
    is brought all the same. A version ("TIDE 3.2") calls no document by its number (003-quay-lights.md stays out)."""
    ranked = [f"0{20 + i}-guild-note-{i}.md" for i in range(1, 7)]
    numbered, version = _ranked_retrieval(_DECISIONS, tmp_path, embedder, ranked,
                                          "What is the subject of Guild ADR 10, and where can it be read in full?",
                                          "Which guild note records the subject of the move to TIDE 3.2?")
    assert "010-beacon-audit.md" in [p.doc_id for p in numbered.passages], [p.doc_id for p in numbered.passages]
    assert "003-quay-lights.md" not in [p.doc_id for p in version.passages], [p.doc_id for p in version.passages]


def _lamp_rfc(name: str, authors: str, summary: str, body: str) -> str:
    return (f"# Meta\n[meta]: #meta\n- Name: {name}\n- Start Date: 2031-02-01\n- Author(s): {authors}\n"
            f"- Status: Implemented\n\n# Summary\n[summary]: #summary\n\n{summary}\n\n# How it Works\n\n{body}\n")


_LAMPS = {"0031-official-lamps.md": _lamp_rfc("Official lamps", "@ravel", "This RFC proposes a set of official lamps.",
                                              "The official lamps will be owned by the Lamp Keepers' Guild. The team was created to keep "
                                              "them."),
          "0012-new-subteam-proposal.md": _lamp_rfc("Lamp Keepers' Guild", "@orin, @tessa",
                                                  "This RFC proposes the creation of a \"Lamp Keepers' Guild\" sub-team "
                                                  "with a charter of keeping the harbour lamps.", "The guild meets weekly."),
          **{f"004{i}-lamp-note-{i}.md": _lamp_rfc(f"Lamp note {i}", "@quill", f"Note {i} on which official lamps a "
                                                   "team owns.", "Each team that owns lamps writes a note, as RFC 31 asks.")
             for i in range(1, 6)}}


def test_a_part_asking_through_a_description_of_an_earlier_answer_is_read_in_the_document_it_describes(tmp_path, embedder):
    """"Who authored the RFC that created that team": the team is the first part's answer (the Lamp Keepers' Guild),
    and the RFC that created it is not among the passages ranked for the whole question, whose own record gives an
    author (@ravel, of the RFC that merely names the team). The inner question is asked again of the earlier answer:
    the RFC that proposes the guild's creation comes with its record, and the answer is its authors."""
    from ..conftest import graph_retriever

    question = "Which team will own the official lamps, and who authored the RFC that created that team?"
    graph, store = graph_retriever(_LAMPS, tmp_path, embedder)
    graph.seeder = _QuestionRanked(graph.baseline.index.chunks,
                                   ["0031-official-lamps.md", *(f"004{i}-lamp-note-{i}.md" for i in range(1, 6))],
                                   question, graph.baseline)
    try:
        result = graph.retrieve(question, use_pipeline_cache=False)
    finally:
        store.close()
    held = [p.text for p in result.passages if p.doc_id == "0012-new-subteam-proposal.md"]
    assert any("creation" in text for text in held) and any("@orin" in text for text in held), held
    head = compose(result).splitlines()[0]
    assert "Lamp Keepers' Guild" in head and "@orin" in head and "@ravel" not in head, head


def test_a_long_section_is_found_by_the_window_that_says_what_is_asked(embedder):
    """One vector for a long section averages all it says; its passage windows find it by the one sentence asked about
    (an invented harbour board's minutes, among short pages about the lighthouse that answer nothing)."""
    from graphrag_bench.corpus.windows import TextsToEmbed

    minutes = ("Harbour Board — Minutes of 14 March\n"
               "The ferry timetable for the summer season was agreed after a long discussion of the Sunday crossings. "
               "Members asked the secretary to publish the new fares on the notice board by the end of the month. "
               "The pier repairs are behind schedule because the timber merchant delivered the wrong planks twice. "
               "A complaint about gulls nesting on the fish market roof was noted and passed to the council. "
               "The lighthouse lens was replaced with an LED array that cost 4,200 kroner, paid from the reserve fund. "
               "The rowing club may use the slipway on Saturday mornings until October. "
               "Next meeting: the second Thursday of April, in the yacht club's upstairs room, with tea from seven.")
    pages = ["Lighthouse — History\nThe lighthouse was built in 1887 by the harbour's first engineer.",
             "Lighthouse — Visiting\nThe lighthouse is open to visitors on weekends from May to September.",
             "Lighthouse — Keeper\nThe keeper's cottage beside the lighthouse is now a small museum.",
             "Lighthouse — Paint\nThe lighthouse tower is painted white with one red band every ten years.",
             "Lighthouse — Light\nThe lighthouse light can be seen eighteen nautical miles out to sea."]
    texts = [minutes, *pages]
    chunks = [{"chunk_id": f"c{i}", "doc_id": f"d{i}", "section": "", "start_line": 1, "end_line": 2, "text": t}
              for i, t in enumerate(texts)]
    wanted = TextsToEmbed.of(texts)
    assert wanted.chunks == len(texts) and set(wanted.owners.tolist()) == {0}  # only the minutes are long
    vectors = embedder.encode(wanted.texts)
    query = embedder.encode_one("How much did the new LED lens for the lighthouse cost?")
    whole = VectorIndex(chunks, vectors[:len(texts)]).search(query, len(texts))
    windowed = VectorIndex(chunks, vectors[:len(texts)], wanted.owners, vectors[len(texts):]).search(query, len(texts))
    assert [p.doc_id for p in whole].index("d0") >= 2  # the section's own vector ranks it below pages about other things
    assert windowed[0].doc_id == "d0"


_GUILDS = {
    "lamp-guild.md": "# Lamp Wardens Guild\n\nThe guild keeps the coastal lamps lit through the winter.\n\n## Members\n\n"
                     "* Oren Vale (@ovale), Tidewatch\n* Mira Quell (@mquell), Saltworks\n* Ivo Renn (@irenn), Tidewatch\n\n"
                     "## Emeritus Members\n\n* Pell Dorran (@pdorran)\n",
    "harbour-board.md": "# Harbour Board\n\nThe board sets the order of berths in the harbour.\n\n## Stewards\n\n"
                        "* Mira Quell (@mquell), Saltworks\n* Pell Dorran (@pdorran)\n",
    "net-menders.md": "# Net Menders Circle\n\nThe circle repairs the fleet's nets before each season.\n\n## Stewards\n\n"
                      "* Ivo Renn (@irenn), Tidewatch\n",
    "coast-charter.md": "# Coast charter\n\nThe [Lamp Wardens Guild (LWG)](https://example.org/lwg) reports to the Harbour "
                        "Board every spring.\n",
}


def test_the_members_of_a_group_who_also_hold_another_role_are_joined_from_two_pages(tmp_path, embedder):
    """"Which people in the guild also steward a group": the guild's page lists its members, other pages list their
    stewards, and no sentence says both. The graph joins them: the members (not a past member, under "Emeritus
    Members") whom a "Stewards" list names elsewhere, each with the group they steward, citing both pages — though
    the only passage retrieved is the charter that names the guild (by the name its page is titled with, resolved to
    "LWG"): the guild's page is where its members are read, and their other pages one step further."""
    result, = _ranked_retrieval(_GUILDS, tmp_path, embedder, ["coast-charter.md"],
                                "Which people in the Lamp Wardens Guild also steward a group, and which group does each "
                                "of them steward?")
    assert {p.doc_id for p in result.passages} == {"coast-charter.md"}
    answer = compose(result)
    head = answer.splitlines()[0]
    assert "Mira Quell (Harbour Board)" in head and "Ivo Renn (Net Menders Circle)" in head, answer
    assert "Oren Vale" not in head and "Pell Dorran" not in head, head
    assert answer_label(answer) == "likely"
    assert all(f"[{doc}]" in head for doc in ("lamp-guild.md", "harbour-board.md", "net-menders.md")), head


def test_also_names_a_group_only_where_a_question_asks_which_of_it():
    """"Which people in the guild also …" asks which of the guild's members hold another relation: the guild (named
    before "also") is the group whose page is read, not the board named after it; an "also" in a statement ("One of the
    wardens also stewards a group") asks nothing."""
    from graphrag_bench.answers.question_reading import also_clause, also_groups

    assert also_clause("Which people in the Lamp Wardens Guild also steward a group") == (39, "steward a group")
    assert also_clause("One of the wardens also stewards a group") is None
    question = "Which people in the Lamp Wardens Guild also sit on the Harbour Board?"
    spans = [("team:lamp_wardens_guild", 20, 38), ("team:harbour_board", 55, 68)]
    assert [key for key, _, _ in also_groups(question, spans)] == ["team:lamp_wardens_guild"]
    told = "The Harbour Board met twice. " + question  # (a statement before the question: its names are no group)
    shifted = [(key, s + 29, e + 29) for key, s, e in spans] + [("team:harbour_board", 4, 17)]
    assert told[4:17] == "Harbour Board" and told[49:67] == "Lamp Wardens Guild"
    assert [key for key, _, _ in also_groups(told, shifted)] == ["team:lamp_wardens_guild"]


def test_every_names_the_group_of_a_yes_or_no_question_whose_members_it_compares():
    """"Is every SIG Lamps warden also one of its keepers" asks of the whole of one kind of the group's members: the
    group is what the question names between the quantifier and "also"; a statement, a wh-question or a yes-or-no
    question without a quantifier asks no such thing."""
    from graphrag_bench.answers.question_reading import also_groups, every_clause

    question = "Is every SIG Lamps warden also one of the SIG's keepers"
    assert every_clause(question) == (8, 26, "one of the SIG's keepers")
    assert every_clause("Every SIG Lamps warden also keeps a lamp") is None
    assert every_clause("Is a SIG Lamps warden also one of its keepers") is None
    assert every_clause("Which SIG Lamps wardens also keep a lamp") is None
    assert [key for key, _, _ in also_groups(question + "?", [("team:sig_lamps", 9, 18)])] == ["team:sig_lamps"]


_LAMP_SIG = {
    "lamp-sig.md": "# Lamps Special Interest Group\n\nCovers the coastal lamps and their upkeep.\n\n## Leadership\n\n"
                   "### Wardens\n\n* Oren Vale (@ovale), Tidewatch\n* Mira Quell (@mquell), Saltworks\n"
                   "* Ivo Renn (@irenn), Tidewatch\n\n### Keepers\n\n* Ivo Renn (@irenn), Tidewatch\n"
                   "* Pell Dorran (@pdorran), Saltworks\n",
    "lamp-sig-charter.md": "# SIG Lamps Charter\n\n## Additional responsibilities of Wardens\n\nWardens also serve as "
                           "Keepers.\n",
    "harbour-notes.md": "# Harbour notes\n\nSIG Lamps meets on the pier every spring to test the lamps.\n\n"
                        "| Group | Liaison |\n|---|---|\n| SIG Lamps | Pell Dorran |\n| SIG Nets | Oren Vale |\n",
}
_EVERY_WARDEN = "Is every SIG Lamps warden also one of the SIG's keepers?"


def test_every_member_of_one_list_of_a_page_is_compared_with_another_list_of_it(tmp_path, embedder):
    """"Is every SIG Lamps warden also one of its keepers?": the group's page ("Lamps Special Interest Group", which
    "SIG Lamps" abbreviates) lists its wardens and its keepers; the graph keeps both of Ivo Renn's listings (one
    person under two headings of one page is two statements) and compares the lists: no — two wardens are no keepers,
    one is both. The charter says every warden is a keeper: the sources disagree, both cited."""
    result, = _ranked_retrieval(_LAMP_SIG, tmp_path, embedder, ["lamp-sig-charter.md", "harbour-notes.md"], _EVERY_WARDEN)
    labels = {f.label for f in result.facts if f.target_name == "Ivo Renn" or f.source_name == "Ivo Renn"}
    assert {"Wardens", "Keepers"} <= labels, labels
    answer = compose(result)
    head = answer.splitlines()[0]
    assert "no — Oren Vale, Mira Quell (Wardens, not Keepers); Ivo Renn (Wardens and Keepers)" in head, answer
    assert "Pell Dorran" not in head, head
    assert answer_label(answer) == "conflicting"
    assert "[lamp-sig.md]" in head and "[lamp-sig-charter.md]" in head, head


def test_a_list_comparison_no_sentence_contradicts_is_stated_by_the_page(tmp_path, embedder):
    """Without the charter, the page's two lists answer alone: one source → supported. Every warden a keeper → yes."""
    corpus = {doc: text for doc, text in _LAMP_SIG.items() if doc != "lamp-sig-charter.md"}
    result, = _ranked_retrieval(corpus, tmp_path, embedder, ["harbour-notes.md"], _EVERY_WARDEN)
    answer = compose(result)
    assert answer.splitlines()[0].startswith("Answer: no — Oren Vale, Mira Quell (Wardens, not Keepers)"), answer
    assert answer_label(answer) == "supported"
    every = {**corpus, "lamp-sig.md": corpus["lamp-sig.md"].replace("### Keepers\n\n",
                                                                    "### Keepers\n\n* Oren Vale (@ovale), Tidewatch\n"
                                                                    "* Mira Quell (@mquell), Saltworks\n")}
    result, = _ranked_retrieval(every, tmp_path / "every", embedder, ["harbour-notes.md"], _EVERY_WARDEN)
    assert compose(result).splitlines()[0].startswith("Answer: yes — Oren Vale, Mira Quell, Ivo Renn (Wardens and Keepers)")


def test_a_name_written_with_an_initialism_calls_the_page_whose_heading_it_abbreviates():
    """"SIG Lamps" is the page headed "Lamps Special Interest Group" (its capitalised words written as their
    initials, in any order), before the page headed "SIG Lamps Charter" (a kind of page about it); a name without an
    initialism abbreviates nothing."""
    from graphrag_bench.retrieval.retrieve import EntityIndex, calls

    assert calls("SIG Lamps", "Lamps Special Interest Group") and calls("LSIG", "Lamps Special Interest Group")
    assert not calls("SIG Lamps", "Lamps Interest Group") and not calls("Lamps Group", "Lamps Special Interest Group")
    assert calls("SIG Lamps", "Lamps Special Interest Group (SIG Lamps)") and calls("SIG Lamps", "Lamps Guild (SIG Lamps)")
    chunks = [{"chunk_id": f"{doc}#1", "doc_id": doc, "text": f"{title} — {title}\nText."}
              for doc, title in (("lamp-sig.md", "Lamps Special Interest Group"), ("charter.md", "SIG Lamps Charter"),
                                 ("nets.md", "Nets Special Interest Group"))]
    entities = [{"id": f"artifact:{doc}", "type": "artifact", "name": doc, "canonical_id": f"artifact:{doc}",
                 "aliases": [], "source_doc": doc} for doc in ("lamp-sig.md", "charter.md", "nets.md")]
    entities.append({"id": "team:sig_lamps", "type": "team", "name": "SIG Lamps", "canonical_id": "team:sig_lamps",
                     "aliases": [], "source_doc": "charter.md"})
    index = EntityIndex(entities, chunks)
    assert index.page_of("SIG Lamps") == "lamp-sig.md" and index.page_of("SIG Nets") == "nets.md"
    assert index.page_of("SIG Ropes") is None
    # (an answer calls the page by its heading and by the name the corpus abbreviates it to, where one does)
    assert index.titles["artifact:lamp-sig.md"] == "Lamps Special Interest Group (SIG Lamps)"
    assert index.titles["artifact:nets.md"] == "Nets Special Interest Group"


def test_the_pagerank_mode_expands_the_page_of_the_group_a_question_compares_too(tmp_path, embedder):
    """graph_ppr starts its walk at the page of the group named before "also" as at the group itself: the lists it
    compares are packed, and the answer is the comparison's (without the page: the charter's "yes")."""
    from graphrag_bench.retrieval.ppr import PprRetriever

    from ..conftest import graph_retriever

    graph, store = graph_retriever(_LAMP_SIG, tmp_path, embedder)
    ppr = PprRetriever(graph.baseline, store, graph.entities, store.state_hash())
    ppr.seeder = _RankedDocuments(graph.baseline.index.chunks, ["lamp-sig-charter.md", "harbour-notes.md"])
    try:
        result = ppr.retrieve(_EVERY_WARDEN, use_pipeline_cache=False)
    finally:
        store.close()
    answer = compose(result)
    assert "no — Oren Vale, Mira Quell (Wardens, not Keepers)" in answer.splitlines()[0], answer
    assert answer_label(answer) == "conflicting"


def test_short_ids_name_a_corpus_s_documents_only_where_its_files_share_the_convention():
    """K32-…, K33-…, K39-…: each short id names its file; a corpus with one file that happens to open with "v2-" does
    not make every "v2" its name (the extractor and retrieval read the same)."""
    from graphrag_bench.corpus.ingest import corpus_short_ids

    shared = {name: name for name in ("K32-gull-alarm.md", "K33-fog-bells.md", "K39-lamp-filters.md", "README.md")}
    assert corpus_short_ids(shared) == {"k32": "K32-gull-alarm.md", "k33": "K33-fog-bells.md",
                                        "k39": "K39-lamp-filters.md"}
    assert corpus_short_ids({"v2-lamp.md": "v2-lamp.md", "tides.md": "tides.md", "fog.md": "fog.md"}) == {}
