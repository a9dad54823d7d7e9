"""Every retrieval mode: BM25 and vector + BM25 fusion over the same chunks, personalized PageRank over the graph,
the router's rule; the comparison of each graph mode with the best non-graph mode, and the gates judged against it
(graphrag_bench.retrieval.lexical, .ppr, .router, .comparison, .gates)."""

import pytest

from graphrag_bench.answers.answer import compose
from graphrag_bench.evaluation.comparison import against_best_non_graph, mode_table
from graphrag_bench.retrieval.lexical import RRF_K, lexical_retrievers, rrf
from graphrag_bench.retrieval.modes import ALL_MODES, GRAPH_MODES, parse_modes
from graphrag_bench.retrieval.ppr import personalized_pagerank
from graphrag_bench.retrieval.retrieve import BaselineRetriever, Fact, Passage, VectorIndex
from graphrag_bench.retrieval.retrievers import build_retrievers
from graphrag_bench.retrieval.router import GRAPH_ROUTE, TEXT_ROUTE, route

from ..conftest import graph_retriever

# A small corpus written for the case: an alarm code that only one passage states, under a question whose other
# words are about failover (what the vector model weighs).
TEXTS = {
    "runbook-failover": "Failover runbook: when the primary database fails, promote the replica, repoint the connection "
                        "pool and page the on-call engineer.",
    "alarm-codes": "Alarm table for the pump controllers. Code KX-4471 means the impeller bearing temperature exceeded its "
                   "limit; code KX-2210 is a low suction pressure warning.",
    "meeting-notes": "Weekly notes: the team discussed hiring, the holiday rota and the budget for new laptops.",
    "db-outage": "Incident review: the database outage lasted forty minutes; failover to the replica was slow because "
                 "the runbook was out of date.",
}
QUESTION = "What should I do during a database failover when alarm KX-4471 appears?"


@pytest.fixture(scope="module")
def retrievers(embedder):
    chunks = [{"chunk_id": f"{doc}#1", "doc_id": doc, "start_line": 1, "end_line": 2, "text": text} for doc, text in TEXTS.items()]
    vector = BaselineRetriever(VectorIndex(chunks, embedder.encode([c["text"] for c in chunks])), embedder)
    return {"baseline": vector, **lexical_retrievers(vector)}


@pytest.mark.parametrize("mode", ["baseline", "bm25", "hybrid_lexical"])
def test_each_mode_returns_ranked_cited_passages(retrievers, mode):
    r = retrievers[mode].retrieve(QUESTION)
    assert r.mode == mode and r.status == "ok" and r.passages
    scores = [p.score for p in r.passages]
    assert scores == sorted(scores, reverse=True)
    assert all(p.doc_id in TEXTS and p.start_line == 1 and p.end_line == 2 for p in r.passages)  # citable
    assert r.timings["total_pipeline_ms"] >= 0


def test_bm25_ranks_the_exact_term_first_where_vector_does_not(retrievers):
    vector = [p.doc_id for p in retrievers["baseline"].retrieve(QUESTION).passages]
    bm25 = [p.doc_id for p in retrievers["bm25"].retrieve(QUESTION).passages]
    hybrid = [p.doc_id for p in retrievers["hybrid_lexical"].retrieve(QUESTION).passages]
    assert bm25[0] == "alarm-codes" and vector[0] != "alarm-codes"
    assert hybrid.index("alarm-codes") < vector.index("alarm-codes")  # the fusion lifts it
    assert "meeting-notes" not in bm25  # no shared word, no BM25 score: not returned


def test_bm25_matches_word_forms_and_ignores_words_it_never_saw(retrievers):
    assert retrievers["bm25"].retrieve("outages lasting").passages[0].doc_id == "db-outage"  # outage(s), last(ed/ing)
    assert retrievers["bm25"].retrieve("zyxwv qqq").passages == []


def test_bm25_searches_a_day_written_in_words_as_documents_write_it_in_digits():
    """"in March 2031" finds the minutes of 2031-03-14, not those of 2031-04-02 that say as much else (old code: the
    two tied, and the earlier chunk came first)."""
    from graphrag_bench.retrieval.lexical import LexicalIndex

    minutes = {"2031-04-02": "Keeper minutes 2031-04-02: the crew voted on the fog horn.",
               "2031-03-14": "Keeper minutes 2031-03-14: the crew voted on the lamp budget."}
    index = LexicalIndex([{"chunk_id": f"{doc}#1", "doc_id": doc, "start_line": 1, "end_line": 1, "text": text}
                          for doc, text in minutes.items()])
    assert index.search("What did the crew vote on in March 2031?", 2)[0].doc_id == "2031-03-14"
    assert index.search("What did the crew vote on at the meeting of 2 April 2031?", 2)[0].doc_id == "2031-04-02"


def test_bm25_searches_how_long_as_the_length_documents_name():
    """"How long is a keeper's watch?" finds the short "Watch Length" section, not the duties that say "long-term" (old
    code: "long" matched "long-term" and the duties came first)."""
    from graphrag_bench.retrieval.lexical import LexicalIndex

    sections = {"duties": "Keeper role — Duties: keep the lamp lit, log every ship and plan the long-term upkeep of "
                          "the keeper's tower and the watch rota.",
                "length": "Keeper role — Watch Length: 6 hours."}
    index = LexicalIndex([{"chunk_id": f"{doc}#1", "doc_id": doc, "start_line": 1, "end_line": 1, "text": text}
                          for doc, text in sections.items()])
    assert index.search("How long is a keeper's watch?", 2)[0].doc_id == "length"


def _passage(chunk_id: str) -> Passage:
    return Passage(chunk_id, chunk_id, 1, 1, chunk_id, 0.0)


def test_rrf_prefers_a_passage_both_lists_rank_well_over_one_only_one_list_ranks_first():
    dense = [_passage("only-dense"), _passage("both"), _passage("c")]
    sparse = [_passage("only-sparse"), _passage("both"), _passage("d")]
    fused = rrf([dense, sparse], 3)
    assert [p.chunk_id for p in fused] == ["both", "only-dense", "only-sparse"]
    assert fused[0].score == round(2 / (RRF_K + 2), 6)


def _scores(points: dict[str, list[float]]) -> dict[str, list[dict]]:
    return {mode: [{"question_id": f"Q{i}", "total": p} for i, p in enumerate(values)] for mode, values in points.items()}


QUESTIONS = [{"question_id": f"Q{i}", "category": "A" if i < 6 else "B"} for i in range(12)]


def test_a_graph_mode_is_compared_with_the_best_non_graph_mode_of_each_category():
    scores = _scores({"baseline": [0] * 6 + [3] * 6, "bm25": [2] * 6 + [1] * 6, "hybrid_lexical": [1] * 12,
                      "graphrag": [4] * 6 + [3] * 6})
    rows = {r["category"]: r for r in against_best_non_graph(QUESTIONS, scores)}
    assert rows["A"]["best_non_graph"] == "bm25" and rows["A"]["beats"] is True and rows["A"]["p_value"] < 0.05
    assert rows["B"]["best_non_graph"] == "baseline" and rows["B"]["mean_diff"] == 0 and rows["B"]["beats"] is False
    assert rows["all"]["best_non_graph"] == "baseline"  # 18 points, against bm25's 18: the tie goes to the earlier mode


def test_a_graph_mode_that_does_not_beat_the_best_non_graph_mode_is_reported_as_such():
    scores = _scores({"baseline": [1] * 12, "bm25": [3] * 12, "hybrid_lexical": [2] * 12, "graphrag": [2] * 12})
    rows = against_best_non_graph(QUESTIONS, scores)
    assert {r["best_non_graph"] for r in rows} == {"bm25"}
    assert all(not r["beats"] and r["mean_diff"] < 0 for r in rows)


def test_every_mode_is_benchmarked_on_the_default_corpus_with_the_same_protocol():
    from graphrag_bench.evaluation.evaluate import evaluate_corpus

    from ..conftest import CORPUS, QUESTIONS as QUESTION_FILE

    evaluation = evaluate_corpus(CORPUS, QUESTION_FILE, runs=2, modes=ALL_MODES)
    table = mode_table(evaluation.questions, evaluation.scores, evaluation.benchmark)
    assert list(table) == list(ALL_MODES)
    for row in table.values():
        assert row["p95_pipeline_ms"] is not None and row["retrieval"]["mrr"] > 0
        assert evaluation.benchmark["latency_graphrag"]["samples"] == len(evaluation.questions)  # 2 runs, 1 dropped
    rows = [r for r in against_best_non_graph(evaluation.questions, evaluation.scores) if r["category"] == "all"]
    assert [r["graph_mode"] for r in rows] == list(GRAPH_MODES)
    for row in rows:
        assert row["best_non_graph"] in ("baseline", "bm25", "hybrid_lexical")
        assert row["best_points"] == max(table[m]["points"] for m in ("baseline", "bm25", "hybrid_lexical"))
    assert sum(table["router"]["routes"].values()) == len(evaluation.questions)


# -- the graph modes, on a small corpus written unlike the default one (a water utility's notes) ---------------------
UTILITY = {
    "PUMPING.md": "# Pumping network\n\nThe Riverside Pump Station depends on the Northgate Substation for power.\n\n"
                  "The Northgate Substation depends on the Valley Transmission Line.\n",
    "RESERVOIRS.md": "# Reservoirs\n\nThe Hilltop Reservoir is owned by the County Water Board. Its level gauge was "
                     "recalibrated in March.\n",
    "ALARMS.md": "# Alarm handbook\n\nAlarm KX-4471 at the Riverside Pump Station means the impeller bearing is too hot.\n",
    "LINES.md": "# Transmission lines\n\nThe Valley Transmission Line was inspected after the spring storms.\n",
}
NAMED = "What does the Riverside Pump Station depend on?"
UNNAMED = "What should I check when the impeller bearing is too hot?"


@pytest.fixture(scope="module")
def utility(tmp_path_factory, embedder):
    graph, store = graph_retriever(UTILITY, tmp_path_factory.mktemp("utility"), embedder)
    yield build_retrievers(graph.baseline, store, graph.entities, graph.state_hash), graph.entities, store
    store.close()


@pytest.mark.parametrize("mode", ALL_MODES)
def test_every_mode_returns_ranked_cited_passages_over_a_graph(utility, mode):
    every, _, _ = utility
    r = every[mode].retrieve(NAMED)
    assert r.mode == mode and r.status == "ok" and r.passages
    scores = [p.score for p in r.passages]
    assert scores == sorted(scores, reverse=True)
    assert all(p.doc_id in UTILITY and p.start_line >= 1 for p in r.passages)  # citable
    if mode in GRAPH_MODES:
        assert "system:riverside_pump_station" in r.question_pins and r.facts


def _fact(source: str, target: str) -> Fact:
    return Fact(source, source, "DEPENDS_ON", target, target, "DOC", 1, "", 1.0, 1)


def test_ppr_ranks_a_two_hop_neighbour_above_an_unrelated_node():
    facts = [_fact("a", "b"), _fact("b", "c"), _fact("d", "e"), _fact("c", "f")]
    scores = personalized_pagerank(facts, {"a": 1.0})
    assert scores["a"] > scores["b"] > scores["c"] > scores["f"] > 0
    assert scores["d"] == scores["e"] == 0  # not reachable from the question's entity
    assert personalized_pagerank(facts, {"a": 1.0}) == scores  # deterministic


def test_ppr_is_networkx_pagerank_with_the_question_as_restart():
    import random

    import networkx as nx

    rng = random.Random(7)
    nodes = [f"n{i}" for i in range(25)]
    facts = [_fact(rng.choice(nodes), rng.choice(nodes)) for _ in range(60)]
    restart = {"n1": 1.0, "n2": 3.0, "alone": 1.0}  # "alone" has no edge: it hands its score back to the restart
    graph = nx.Graph()
    graph.add_nodes_from(restart)
    for f in facts:
        if f.source != f.target:
            graph.add_edge(f.source, f.target, weight=graph.get_edge_data(f.source, f.target, default={}).get("weight", 0) + 1)
    expected = nx.pagerank(graph, alpha=0.5, personalization=restart, weight="weight", tol=1e-12, max_iter=1000)
    ours = personalized_pagerank(facts, restart)
    assert set(ours) == set(expected)
    assert max(abs(ours[n] - expected[n]) for n in expected) < 1e-8


def test_graph_ppr_adds_the_passage_of_a_two_hop_neighbour_and_keeps_the_best_text_match_first(utility):
    every, _, _ = utility
    seeds = [p.doc_id for p in every["bm25"].retrieve(NAMED).passages]
    ranked = [p.doc_id for p in every["graph_ppr"].retrieve(NAMED).passages]
    # LINES.md names the Valley Transmission Line, two hops from the question's station, and no word of the question.
    assert "LINES.md" not in seeds and "LINES.md" in ranked  # what the graph added
    assert "RESERVOIRS.md" not in ranked  # nothing near the station, no word of the question: not a passage of the walk
    assert ranked[0] == seeds[0] == "PUMPING.md"
    # A question that names no entity: the walk starts at what its seed passages name, and the passage the seed
    # ranking put first (the only one with the question's words) stays first.
    unnamed_seeds = [p.doc_id for p in every["bm25"].retrieve(UNNAMED).passages]
    unnamed = every["graph_ppr"].retrieve(UNNAMED).passages
    assert unnamed[0].doc_id == unnamed_seeds[0] == "ALARMS.md" and len(unnamed) > len(unnamed_seeds)
    assert [p.score for p in unnamed] == sorted((p.score for p in unnamed), reverse=True) and unnamed[-1].score > 0


def test_the_router_sends_named_or_relational_questions_to_the_graph_and_the_rest_to_text(utility):
    every, entities, _ = utility
    assert route(NAMED, entities) == GRAPH_ROUTE  # names an entity of the graph
    assert route("Which station depends on a substation?", entities) == GRAPH_ROUTE  # asks a relation, names nothing
    assert route(UNNAMED, entities) == TEXT_ROUTE
    named, unnamed = every["router"].retrieve(NAMED), every["router"].retrieve(UNNAMED)
    assert (named.mode, named.route) == ("router", "graphrag") and named.facts
    assert (unnamed.mode, unnamed.route) == ("router", "hybrid_lexical") and not unnamed.facts
    assert [p.chunk_id for p in unnamed.passages] == [p.chunk_id for p in every["hybrid_lexical"].retrieve(UNNAMED).passages]


def test_a_graph_mode_with_the_store_down_falls_back_and_is_marked(utility, tmp_path):
    from graphrag_bench.graph.store.ladybug_store import LadybugStore

    every, entities, store = utility
    down = LadybugStore(tmp_path / "down.lbug")
    down.close()
    broken = build_retrievers(every["baseline"], down, entities, "closed")
    for mode in GRAPH_MODES:
        r = broken[mode].retrieve(NAMED)
        assert r.status == "fallback" and not r.facts and r.passages, mode
        assert compose(r).startswith("[GRAPH_FALLBACK]")
    # The router's text route never touches the store: nothing to fall back from.
    assert broken["router"].retrieve(UNNAMED).status == "ok"


def test_modes_are_chosen_by_name_or_label_and_a_wrong_one_is_named():
    assert parse_modes("all") == ALL_MODES
    assert parse_modes("vector, bm25") == ("baseline", "bm25", "graphrag")  # vector and graphrag are always run
    with pytest.raises(ValueError, match="unknown mode 'pagerank'"):
        parse_modes("bm25,pagerank")


def test_the_quality_gates_fail_when_graphrag_does_not_beat_the_best_non_graph_mode():
    from graphrag_bench.evaluation.gates import evaluate_gate
    from graphrag_bench.settings import load_thresholds

    questions = [{"question_id": f"Q{i}", "category": "A" if i < 6 else "B"} for i in range(12)]
    points = {"baseline": [1] * 12, "bm25": [3] * 6 + [1] * 6, "graphrag": [3] * 6 + [4] * 6}

    def summary(modes: list[str]) -> dict:
        scores = _scores({m: points[m] for m in modes})
        return {"questions": questions, "against_best_non_graph": against_best_non_graph(questions, scores),
                "modes": {m: {"by_category": {c: {"points": sum(p for q, p in zip(questions, points[m]) if q["category"] == c)}
                                              for c in "AB"}, "hallucinations": 0} for m in modes}}

    thresholds = load_thresholds()
    only_vector = evaluate_gate("multi_hop", summary(["baseline", "graphrag"]), {}, thresholds)
    assert only_vector["passed"] and only_vector["value"] == 2.0  # 18 vs 6 points: +200% over vector
    strong = evaluate_gate("multi_hop", summary(["baseline", "bm25", "graphrag"]), {}, thresholds)
    assert not strong["passed"] and strong["value"] == 0.0 and "bm25" in strong["detail"]  # 18 vs bm25's 18
    assert evaluate_gate("decision_provenance", summary(["baseline", "bm25", "graphrag"]), {}, thresholds)["passed"]


KILNS = {  # one incident report that points to another by its id, and one that only shares its words
    "KILN-1.md": "# North line kiln stoppage\n\nThe north line kiln stopped on 3 March: its burner was left in the same "
                 "unsafe state as described in KILN-0.\n",
    "KILN-0.md": "# Burner fuel leak\n\nA cracked seal on the gas valve leaked fuel into the burner housing.\n\n"
                 "## Timeline\n\nAt 04:10 the alarm panel sent an automated evacuation warning to the whole site.\n",
    "KILN-2.md": "# North line kiln maintenance\n\nThe north line kiln burner is inspected every spring by the crew.\n",
}


def test_a_top_passage_that_names_another_document_brings_its_passage_with_the_rest_of_the_question(tmp_path, embedder):
    """"…as described in KILN-0": the second document of a two-document question, reached through the first. Its
    passage that says what the kept passages do not (the warning, not the leak) takes the last place; a reference
    whose document adds nothing the question asks is not followed."""
    from graphrag_bench.retrieval.retrieve import Retrieval
    from graphrag_bench.settings import RetrievalSettings

    graph, store = graph_retriever(KILNS, tmp_path, embedder)
    try:
        graph.settings = RetrievalSettings(top_k=2)
        chunks = {c["doc_id"]: c for c in reversed(graph.baseline.index.chunks)}  # each document's first chunk
        seeds = [Passage.of(chunks["KILN-1"], 2.0), Passage.of(chunks["KILN-2"], 1.0)]
        chained = Retrieval("The north line kiln stopped. At what time did the alarm panel send the automated "
                            "evacuation warning?", "graphrag", passages=list(seeds))
        graph._follow_references(chained, chained.question)
        assert [p.doc_id for p in chained.passages] == ["KILN-1", "KILN-0"]
        assert "04:10" in chained.passages[1].text and "cracked seal" not in chained.passages[1].text
        plain = Retrieval("When did the north line kiln stop?", "graphrag", passages=list(seeds))
        graph._follow_references(plain, plain.question)
        assert [p.doc_id for p in plain.passages] == ["KILN-1", "KILN-2"]
    finally:
        store.close()


KILN_RECORDS = {  # a note that builds on another by its id; that one opens with its record, a third with none
    "KN-7.md": "# Kiln restart checks\n\n| Field | Value |\n|---|---|\n| Author | @okonjo |\n| Status | Approved |\n\n"
               "## Checks\n\nThe restart checks use the flame-out term defined in KN-2 and the log of KN-3.\n",
    "KN-2.md": "# Kiln vocabulary\n\n| Field | Value |\n|---|---|\n| Author | @marisol |\n| Status | Approved |\n\n"
               "## Terms\n\nA flame-out is a burner that lost its flame for more than two seconds.\n",
    "KN-3.md": "# Kiln log\n\nThe kiln log keeps one line per burner event.\n\n## Format\n\nEach line holds a time and a burner.\n",
}


def test_a_document_a_top_passage_names_brings_its_record(tmp_path, embedder):
    """"…the flame-out term defined in KN-2": who wrote KN-2 is said by KN-2's record, which no passage about terms
    holds. A document named by a top passage brings its opening passage where that holds its fields (KN-2), not where
    it holds none (KN-3); a document the question names itself was found by its name and brings nothing more."""
    from graphrag_bench.retrieval.retrieve import Retrieval

    graph, store = graph_retriever(KILN_RECORDS, tmp_path, embedder)
    try:
        checks = next(c for c in graph.baseline.index.chunks if c["doc_id"] == "KN-7" and "flame-out" in c["text"])
        terms = next(c for c in graph.baseline.index.chunks if c["doc_id"] == "KN-2" and "lost its flame" in c["text"])
        reached = Retrieval("Who wrote the note that defines the flame-out term?", "graphrag",
                            passages=[Passage.of(checks, 2.0), Passage.of(terms, 1.0)])
        graph._follow_references(reached, reached.question)
        added = [p for p in reached.passages[2:]]
        assert [p.doc_id for p in added] == ["KN-2"] and "@marisol" in added[0].text
        named = Retrieval("Who wrote KN-2, which defines the flame-out term?", "graphrag",
                          passages=[Passage.of(checks, 2.0), Passage.of(terms, 1.0)])
        graph._follow_references(named, named.question)
        assert [p.doc_id for p in named.passages] == ["KN-7", "KN-2"]
    finally:
        store.close()


QUAY_INSPECTIONS = {  # one page repeats the question's words; another states the value in its own words
    "quay-inspection-process.md": "# Quay inspection process\n\n## Owner duties\n\nThe owner of a quay inspection books "
                                  "the quay inspection meeting for a category 1 storm within 2 days.\n\n## Meeting\n\n"
                                  "The quay inspection meeting held after a storm is short and reviews the quay inspection "
                                  "notes.\n\n## Storms\n\nA category 1 storm closes the quay; a category 2 storm closes "
                                  "the outer berths only.\n\n## Notes\n\nThe harbour office keeps the notes of "
                                  "every quay inspection meeting held after a storm.\n",
    "inspection-sheet.md": "# Inspection sheet\n\nThis sheet lists the tide gauges, the rope lengths, the bollard "
                           "numbers, the crane hours and the lamp posts of each berth. It is read out at the quay "
                           "inspection meeting, held within 4 working days after any event. Fill in every line in ink "
                           "and sign the foot of the page.\n",
    "berth-paint.md": "# Berth paint\n\nThe berths are painted every spring in harbour blue.\n",
}


def test_a_question_asking_one_value_gets_the_best_passage_of_another_document_by_meaning(tmp_path, embedder):
    """"A category 1 storm has just passed. By when must the quay inspection meeting be held?": BM25's seeds are all
    the process page's, which repeats those words section after section; the sheet that states the deadline in a long
    paragraph of other things ("within 4 working days after any event") is further down the vector ranking, and only
    beside it can the answer say the corpus disagrees (old code: "2 days (supported)"). A question asking no value
    (who books it) keeps BM25's seeds as they are."""
    from graphrag_bench.answers.answer import compose
    from graphrag_bench.retrieval.lexical import lexical_retrievers
    from graphrag_bench.settings import RetrievalSettings

    graph, store = graph_retriever(QUAY_INSPECTIONS, tmp_path, embedder)
    try:
        graph.settings = graph.baseline.settings = RetrievalSettings(top_k=4)
        graph.seeder = lexical_retrievers(graph.baseline)["bm25"]
        question = "A category 1 storm has just passed. By when must the quay inspection meeting be held?"
        assert {p.doc_id for p in graph.seeder.retrieve(question).passages} == {"quay-inspection-process.md"}
        valued = graph.retrieve(question)
        assert [p.doc_id for p in valued.passages][-1] == "inspection-sheet.md", valued.passages
        answer = compose(valued)
        assert "(conflicting)" in answer.splitlines()[0] and "[inspection-sheet.md]" in answer, answer
        owner = graph.retrieve("Who books the quay inspection meeting after a category 1 storm?")
        assert {p.doc_id for p in owner.passages} == {"quay-inspection-process.md"}, owner.passages
    finally:
        store.close()


JETTY_DECISIONS = {  # the question's first part is the decision's words; its second part, another record's
    "008-private-jetties.md": "# 8. Moor at private jetties\n\n## Context\n\nThe harbour office is moving to Tidewatch "
                              "rosters internally. Skippers should also be able to moor at the private jetties they "
                              "already use.\n\n## Decision\n\nWe will let skippers moor at the private jetties they "
                              "already use, and will offer a guide on how the harbour office checks them.\n\n"
                              "## Consequences\n\nSkippers who already use a private jetty need to change little. "
                              "Moving every skipper to Tidewatch rosters would cost the harbour office more.\n",
    "003-tidewatch-rosters.md": "# 3. Use Tidewatch rosters\n\n## Decision\n\nReplace the chalkboard rosters with "
                                "Tidewatch rosters.\n",
    "040-use-quaylink.md": "# 40. Use QuayLink\n\n## Context\n\nThe berth bookings are kept in Tidewatch.\n\n"
                           "## Decision\n\nWe will switch to using QuayLink for our berth bookings.\n",
    "012-lamp-posts.md": "# 12. Lamp posts\n\n## Decision\n\nThe harbour office paints the lamp posts of every private "
                         "jetty in spring.\n",
}


def test_a_later_part_asking_of_its_own_gets_the_seeders_passage_for_it_alone(tmp_path, embedder):
    """"…, and what is the harbour office now switching its own berth bookings to?": the search for the whole question
    ranks the decision that repeats its opening statement's words; the part asking something of its own (its "its own"
    is the harbour office's, no earlier answer) is searched alone, and the record that answers it is added (old code:
    no passage of 040-use-quaylink.md)."""
    from graphrag_bench.answers.answer import compose
    from graphrag_bench.retrieval.lexical import lexical_retrievers
    from graphrag_bench.settings import RetrievalSettings

    graph, store = graph_retriever(JETTY_DECISIONS, tmp_path, embedder)
    try:
        graph.settings = graph.baseline.settings = RetrievalSettings(top_k=3)
        graph.seeder = lexical_retrievers(graph.baseline)["bm25"]
        question = ("The decision that lets skippers moor at the private jetties they already use mentions a roster "
                    "system the harbour office was moving to internally. What had that system replaced, and what is "
                    "the harbour office now switching its own berth bookings to?")
        assert "040-use-quaylink.md" not in {p.doc_id for p in graph.seeder.retrieve(question).passages}
        result = graph.retrieve(question)
        assert "040-use-quaylink.md" in {p.doc_id for p in result.passages}, result.passages
        assert "QuayLink" in compose(result).splitlines()[0]
    finally:
        store.close()


FLEET_DECISION = {  # the answer to the second part is another section of the document the first part is read in
    "022-fleet.md": "# 22. Fleet\n\n## Harbour run\n\nFor the main harbour run the fleet decision picks the boats "
                    "that run every day. Chosen: Kestrel, Osprey - for the main harbour run.\n\n## Lamps\n\nThe lamp crew keeps the lamps lit.\n\n"
                    "## Night ferry\n\nThe crossing after dark carries the mail sacks, the lamp oil, the tide tables, "
                    "the rope stores, the bell parts, the pilot's charts and the harbour master's post, and it waits "
                    "for the last train from the city on Fridays and for the fishing fleet in storms. Chosen: Heron - "
                    "for the night ferry.\n",
    "023-harbour-run.md": "# 23. Harbour run timetable\n\nThe main harbour run leaves at six; the fleet decision "
                          "picked the boats for the main harbour run.\n",
    "024-harbour-run-crews.md": "# 24. Harbour run crews\n\nThe crews of the main harbour run board the boats the "
                                "fleet decision picked for the main harbour run.\n",
}


def test_a_later_part_searched_alone_may_bring_another_section_of_a_kept_document(tmp_path, embedder):
    """"Which boats did the fleet decision pick for the main harbour run, and which for the night ferry?": the second
    part's answer is in a section of the fleet decision the search for the whole question did not keep (old code, which
    kept only a passage of a document the context did not hold: no passage of it)."""
    from graphrag_bench.retrieval.lexical import lexical_retrievers
    from graphrag_bench.settings import RetrievalSettings

    graph, store = graph_retriever(FLEET_DECISION, tmp_path, embedder)
    try:
        graph.settings = graph.baseline.settings = RetrievalSettings(top_k=3)
        graph.seeder = lexical_retrievers(graph.baseline)["bm25"]
        question = "Which boats did the fleet decision pick for the main harbour run, and which for the night ferry?"
        assert not any("Heron" in p.text for p in graph.seeder.retrieve(question).passages)
        result = graph.retrieve(question)
        assert any("Chosen: Heron" in p.text for p in result.passages), result.passages
    finally:
        store.close()
