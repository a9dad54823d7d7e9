"""The retrieval modes beside the graph: BM25 and vector + BM25 fusion over the same chunks, and the comparison of
a graph mode with the best non-graph mode (graphrag_bench.lexical, graphrag_bench.comparison)."""

import pytest

from graphrag_bench.comparison import against_best_non_graph, mode_table
from graphrag_bench.lexical import RRF_K, lexical_retrievers, rrf
from graphrag_bench.retrieve import BaselineRetriever, Passage, VectorIndex

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
    from graphrag_bench.evaluate import evaluate_corpus

    from .conftest import CORPUS, QUESTIONS as QUESTION_FILE

    evaluation = evaluate_corpus(CORPUS, QUESTION_FILE, runs=2, others=("bm25", "hybrid_lexical"))
    table = mode_table(evaluation.questions, evaluation.scores, evaluation.benchmark)
    assert list(table) == ["baseline", "bm25", "hybrid_lexical", "graphrag"]
    for row in table.values():
        assert row["p95_pipeline_ms"] is not None and row["retrieval"]["mrr"] > 0
        assert evaluation.benchmark["latency_graphrag"]["samples"] == len(evaluation.questions)  # 2 runs, 1 dropped
    rows = [r for r in against_best_non_graph(evaluation.questions, evaluation.scores) if r["category"] == "all"]
    assert rows[0]["best_non_graph"] in ("baseline", "bm25", "hybrid_lexical")
    assert rows[0]["best_points"] == max(table[m]["points"] for m in ("baseline", "bm25", "hybrid_lexical"))
