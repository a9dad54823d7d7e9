"""The rubric, rule by rule, with hand-written answers that earn and lose each point."""


from graphrag_bench.evaluation.score import ScoringContext

ENTITIES = [
    {"id": "system:gateway", "name": "Gateway", "canonical_id": "system:gateway", "aliases": ["EdgeProxy"]},
    {"id": "system:edgeproxy", "name": "EdgeProxy", "canonical_id": "system:gateway", "aliases": []},
    {"id": "system:auth_service", "name": "Auth Service", "canonical_id": "system:auth_service", "aliases": []},
    {"id": "system:etcd", "name": "etcd", "canonical_id": "system:etcd", "aliases": []},
]
RELS = [{"source": "system:gateway", "type": "DEPENDS_ON", "target": "system:auth_service"}]
DOCS = {"DEPENDENCIES.md": "Gateway --> Auth Service\nWeaviate depends on etcd.", "ADR-001": "We chose Neo4j."}
SCORER = ScoringContext(ENTITIES, RELS, DOCS)


def q(**over):
    base = {"question_id": "T1", "question": "What does the Gateway depend on?", "category": "A",
            "required_entities": ["system:auth_service"], "answer_entities": ["system:auth_service"],
            "required_sources": ["DEPENDENCIES.md"], "forbidden_claims": ["Gateway depends on etcd"],
            "certainty": "supported", "multi_hop": False, "signals": {"likely_min_signals": 2, "possible_min_signals": 1},
            "failure_mode": None, "relevant_documents": []}
    base.update(over)
    return base


PERFECT = "Answer: Auth Service (supported) [DEPENDENCIES.md]\n- Gateway (supported) [DEPENDENCIES.md] depends on Auth Service (supported) [DEPENDENCIES.md]."


def test_a_perfect_answer_earns_four():
    s = SCORER.score(q(), PERFECT, "graphrag")
    assert (s.correctness, s.citation, s.completeness, s.hallucination, s.certainty, s.total) == (2, 1, 1, 0, 0, 4)


def test_correctness_headline_elsewhere_or_absent():
    assert SCORER.score(q(), "Answer: see below (supported) [DEPENDENCIES.md]\n- Auth Service matters", "baseline").correctness == 1
    assert SCORER.score(q(), "Answer: Neo4j (supported) [ADR-001]", "baseline").correctness == 0


def test_required_entity_matches_by_alias_id_or_phrase():
    alias_q = q(required_entities=["system:gateway"], answer_entities=["system:gateway"])
    assert SCORER.score(alias_q, "Answer: EdgeProxy (supported) [DEPENDENCIES.md]", "graphrag").correctness == 2
    phrase_q = q(required_entities=["2026-02-20"], answer_entities=["2026-02-20"])
    assert SCORER.score(phrase_q, "Answer: 2026-02-20 (supported) [DEPENDENCIES.md]", "graphrag").completeness == 1
    tag = "Answer: {entity:system:auth_service} (supported) [source:DEPENDENCIES.md]"
    assert SCORER.score(q(), tag, "graphrag").completeness == 1


def test_citation_full_partial_none_and_md_suffix():
    two = q(required_sources=["DEPENDENCIES", "ADR-001"])
    assert SCORER.score(two, "Answer: Auth Service (supported) [dependencies.md] [ADR-001]", "graphrag").citation == 1
    assert SCORER.score(two, "Answer: Auth Service (supported) [DEPENDENCIES.md]", "graphrag").citation == 0.5
    assert SCORER.score(two, "Answer: Auth Service (supported) DEPENDENCIES.md", "graphrag").citation == 0


def test_completeness_all_half_none():
    three = q(required_entities=["system:auth_service", "system:gateway", "system:etcd"])
    assert SCORER.score(three, "Answer: Auth Service, Gateway, etcd (supported) [DEPENDENCIES.md]", "graphrag").completeness == 1
    assert SCORER.score(three, "Answer: Auth Service, Gateway (supported) [DEPENDENCIES.md]", "graphrag").completeness == 0.5
    assert SCORER.score(three, "Answer: nothing (supported) [DEPENDENCIES.md]", "graphrag").completeness == 0


def test_hallucination_forbidden_claim_and_unsupported_relationship():
    forbidden = PERFECT + "\nAlso the Gateway depends on etcd."
    assert SCORER.score(q(), forbidden, "graphrag").hallucination == -1
    invented = PERFECT + "\n- Auth Service (supported) [ADR-001] depends on etcd (supported) [ADR-001]."
    s = SCORER.score(q(), invented, "graphrag")
    assert s.hallucination == -1 and "unsupported" in s.hallucinations[0]
    both = invented + "\nThe Gateway depends on etcd, really."
    assert SCORER.score(q(), both, "graphrag").hallucination == -2
    # A relationship stated in the cited document is supported even if the graph lacks it.
    stated = PERFECT + "\n- Weaviate (supported) [DEPENDENCIES.md] depends on etcd (supported) [DEPENDENCIES.md]."
    assert SCORER.score(q(), stated, "graphrag").hallucination == 0


def test_certainty_penalties_and_honest_unknown():
    assert SCORER.score(q(), PERFECT.replace("(supported)", "(possible)", 1), "graphrag").certainty == -1
    likely_q = q(certainty="likely")
    one_signal = "Answer: Auth Service (likely) [DEPENDENCIES.md]"
    assert SCORER.score(likely_q, one_signal, "graphrag").certainty == -1
    assert SCORER.score(likely_q, one_signal + " [ADR-001]", "graphrag").certainty == 0
    honest = SCORER.score(q(), "Answer: unknown (unknown) — no evidence.", "graphrag")
    assert honest.correctness == 0 and honest.certainty == 0
    lazy = SCORER.score(q(), "Answer: Auth Service (unknown) [DEPENDENCIES.md]", "graphrag")
    assert lazy.correctness == 2 and lazy.certainty == -1


def test_conflicting_with_both_sources_earns_the_bonus():
    conflict_q = q(required_entities=["2026-02-14", "2026-02-20"], answer_entities=["2026-02-14", "2026-02-20"],
                   required_sources=["MEETING-A", "MEETING-B"], certainty="conflicting", forbidden_claims=[])
    answer = "Answer: the sources disagree: 2026-02-14 [MEETING-A], 2026-02-20 [MEETING-B] (conflicting) [MEETING-A] [MEETING-B]"
    s = SCORER.score(conflict_q, answer, "graphrag")
    assert s.bonus == 1 and s.total == 4  # capped at the per-question maximum
    one_source = SCORER.score(conflict_q, "Answer: 2026-02-14, 2026-02-20 (conflicting) [MEETING-A]", "graphrag")
    assert one_source.bonus == 0


def test_failure_mode_prefix_and_no_graph_claims_when_down():
    down_q = q(failure_mode="graph_down")
    assert SCORER.score(down_q, PERFECT, "graphrag").correctness == 0
    s = SCORER.score(down_q, "[GRAPH_FALLBACK] " + PERFECT, "graphrag")
    assert s.correctness == 2 and s.hallucination == -1  # a graph-derived claim while the store is down
    assert SCORER.score(down_q, PERFECT, "baseline").correctness == 2  # the baseline has no failure state


def test_floor_is_minus_two():
    bad = "Answer: Neo4j (likely) [X]\nGateway depends on etcd\n- Neo4j (supported) [X] depends on etcd (supported) [X]."
    assert SCORER.score(q(), bad, "graphrag").total == -2


def _context(*passages: tuple[str, str], facts: tuple[dict, ...] = ()) -> dict:
    return {"passages": [{"doc_id": doc, "text": text} for doc, text in passages], "facts": list(facts)}


def test_evidence_recall_counts_what_the_context_held_before_any_answer():
    """A context holding the required entity (by an alias) and source is complete, whatever the answer made of it."""
    question = q(required_entities=["system:gateway", "system:auth_service"], required_sources=["DEPENDENCIES.md", "ADR-001"])
    full = _context(("DEPENDENCIES.md", "EdgeProxy calls the Auth Service."), ("ADR-001.md", "We chose Neo4j."))
    s = SCORER.score(question, "Answer: unknown (unknown)", "baseline", full)
    assert (s.evidence_phrases, s.evidence_sources, s.evidence_complete) == (1.0, 1.0, True)
    # The context was complete: every lost point is the composer's (the honest unknown costs no label point).
    assert s.lost_not_composed == 4 - s.total and s.lost_not_retrieved == 0
    half = _context(("DEPENDENCIES.md", "The Auth Service is new."),
                    facts=({"doc_id": "DEPENDENCIES.md", "source_name": "Gateway", "target_name": "etcd", "label": "", "evidence": ""},))
    s = SCORER.score(question, "Answer: Auth Service (possible) [DEPENDENCIES.md]", "baseline", half)
    assert (s.evidence_phrases, s.evidence_sources, s.evidence_complete) == (1.0, 0.5, False)
    assert s.lost_not_retrieved + s.lost_wrong_label == 4 - s.total and s.lost_wrong_label == 1 and s.lost_not_composed == 0


def test_the_title_of_a_document_a_fact_names_is_context_a_mode_handed_over():
    """A fact names a document by its id; the context gives its title beside it (`Retrieval.titles`)."""
    question = q(required_entities=["Summer lamp rota"], required_sources=["0007-lamp-rota.md"])
    fact = {"doc_id": "0007-lamp-rota.md", "source_name": "0007-lamp-rota.md", "target_name": "0003-old-rota.md",
            "label": "", "evidence": "Supersedes: RTA 0003"}
    context = _context(facts=(fact,))
    assert SCORER.score(question, "Answer: unknown (unknown)", "graphrag", context).evidence_complete is False
    context["titles"] = {"document:0007-lamp-rota.md": "Summer lamp rota"}
    assert SCORER.score(question, "Answer: unknown (unknown)", "graphrag", context).evidence_complete is True


def test_a_question_that_requires_nothing_has_no_evidence_figure():
    unanswerable = q(required_entities=[], answer_entities=[], required_sources=[], certainty="unknown")
    s = SCORER.score(unanswerable, "Answer: unknown (unknown)", "baseline", _context(("ADR-001", "We chose Neo4j.")))
    assert s.evidence_complete is None and s.evidence_phrases is None and s.total == 4


def test_the_evidence_summary_gives_the_composition_figure_on_complete_contexts_only():
    from graphrag_bench.evaluation.evidence import evidence_summary

    questions = [q(question_id="T1"), q(question_id="T2", category="B")]
    full = _context(("DEPENDENCIES.md", "Gateway --> Auth Service"))
    scores = [SCORER.score(questions[0], PERFECT, "baseline", full).as_dict(),
              SCORER.score(questions[1], "Answer: Auth Service (supported)", "baseline", _context(("ADR-001", "x"))).as_dict()]
    summary = evidence_summary(questions, scores)
    assert summary["complete"] == 0.5 and summary["complete_questions"] == 1 and summary["composition"] == 4.0
    assert summary["per_question"] == {"T1": True, "T2": False}
    assert summary["by_category"]["B"]["composition"] is None and summary["lost"]["not_retrieved"] == 4 - scores[1]["total"]
    # the labels' share on complete contexts: a wrong label where the evidence was there counts, one without does not
    assert summary["certainty_when_complete"] == 1.0
    questions.append(q(question_id="T3", category="C"))
    scores.append(SCORER.score(questions[2], "Answer: Gateway depends on Auth Service (possible) [DEPENDENCIES.md]",
                               "baseline", full).as_dict())
    assert evidence_summary(questions, scores)["certainty_when_complete"] == 0.5
