"""Answers: anchored on what the question names, every part answered, whole chains, and certainty from the
shape of the evidence — on a corpus written in yet another convention, and rule by rule on hand-made evidence."""

import dataclasses

import pytest

from graphrag_bench.answers.answer import Answerer, answer_label
from graphrag_bench.retrieval.retrieve import Fact, Passage, Retrieval
from graphrag_bench.language.semantics import Semantics

from ..conftest import graph_retriever

# A shop's engineering notes: bold fields, prose, an arrow list, two incident reports that share most words.
SHOP = {
    "INC-7-checkout-errors.md": "# INC-7: Checkout errors during the spring sale\n\n**Reported by:** Ana Souza\n"
                                "**Written by:** Ana Souza\n\nThe Checkout service returned errors for twenty minutes.\n",
    "INC-8-checkout-latency.md": "# INC-8: Checkout latency during the spring sale\n\n**Written by:** Ravi Menon\n"
                                 "**Date:** 2026-04-02\n\n"
                                 "The Checkout service answered slowly for twenty minutes. CHG-31 caused it.\n",
    "INC-9-checkout-errors-again.md": "# INC-9: Checkout errors during the summer sale\n\n"
                                      "The Checkout service returned errors for ten minutes.\n",
    "RFC-3-cart-store.md": "# RFC-3: A store for carts\n\n**Written by:** Omar Haddad\n**Sign-off:** Mia Chen\n\n"
                           "We decided to use Redis for carts.\n",
    "RFC-4-cart-cache.md": "# RFC-4: A cache in front of the cart store\n\n**Written by:** Mia Chen\n**Replaces:** RFC-3\n",
    "SYNC-2026-04-01.md": "# Platform sync — 2026-04-01\n\nPresent: Ana Souza, Omar Haddad\n",
    "SYNC-2026-04-08.md": "# Platform sync — 2026-04-08\n\nPresent: Ravi Menon, Mia Chen\n",
    "people.md": "# People\n\n| Person | Team |\n|---|---|\n| Ana Souza | Storefront |\n| Ravi Menon | Storefront |\n"
                 "| Omar Haddad | Platform |\n",
    "changes.md": "# Changes\n\n## CHG-31 — 2026-04-02\n\nTurned on request tracing in the Checkout service.\n\n"
                  "## CHG-32 — 2026-04-03\n\nFixes INC-8 by sampling traces.\n",
    "topology.md": "# Runtime dependencies\n\n- Checkout → Payments\n- Payments → Ledger\n- Ledger → Postgres\n",
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory, embedder):
    graph, store = graph_retriever(SHOP, tmp_path_factory.mktemp("shop"), embedder)
    yield graph, Answerer(Semantics(embedder))
    store.close()


def _head(shop, question: str) -> str:
    graph, answerer = shop
    return answerer(graph.retrieve(question)).splitlines()[0]


def test_a_question_naming_a_record_is_answered_about_that_record(shop):
    # INC-7 shares nearly every word with INC-8; its author must not leak into the answer.
    head = _head(shop, "Who wrote INC-8 about the checkout latency during the spring sale?")
    assert "Ravi Menon" in head and "Ana Souza" not in head


def test_a_record_whose_answer_is_missing_does_not_borrow_a_neighbours(shop):
    # INC-9 names no author; INC-7 and INC-8, written the same way, do. Neither of theirs answers for INC-9.
    head = _head(shop, "Who wrote INC-9 about the checkout errors?")
    assert "Ana Souza" not in head and "Ravi Menon" not in head
    assert answer_label(head) != "supported"  # a sentence about INC-9 that names no author proves nothing


def test_a_two_part_question_gets_both_parts(shop):
    head = _head(shop, "Who wrote RFC-3 and who signed it off?")
    assert "Omar Haddad" in head and "Mia Chen" in head


def test_cause_then_fix_follows_the_pronoun_to_what_was_caused(shop):
    head = _head(shop, "What did CHG-31 cause, and what fixed it?")
    assert "INC-8" in head and "CHG-32" in head


def test_a_chain_question_gets_the_whole_path_in_order(shop):
    head = _head(shop, "What is the chain from Checkout to Postgres?")
    assert [n for n in ("Checkout", "Payments", "Ledger", "Postgres") if n in head] == ["Checkout", "Payments", "Ledger", "Postgres"]
    assert head.index("Payments") < head.index("Ledger") < head.index("Postgres")
    assert answer_label(head) == "likely"  # three statements, not one


@pytest.mark.parametrize("question, expected, wrong", [
    ("Who was present at the platform sync on 2026-04-08?", {"Ravi Menon", "Mia Chen"}, {"Ana Souza"}),  # by its day
    ("When did INC-8 happen?", {"2026-04-02"}, set()),  # no relation named: the record's stated day
    ("What replaced RFC-3?", {"RFC-4"}, set()),  # "replaced" is the verb, not a kind of thing
    ("Who are the members of the Storefront team?", {"Ana Souza", "Ravi Menon"}, {"Omar Haddad"}),
])
def test_more_question_shapes(shop, question, expected, wrong):
    head = _head(shop, question)
    assert expected <= {n for n in expected | wrong if n in head} and not wrong & {n for n in wrong if n in head}, head


# -- certainty, rule by rule, on hand-made evidence --------------------------------------------------------------

def _name(key: str) -> str:
    kind, name = key.split(":", 1)
    return name if kind in {"decision", "date"} else name.replace("_", " ").title()


def _fact(source, rtype, target, doc="D-1", line=3, certainty=1.0, label=""):
    return Fact(source, _name(source), rtype, target, _name(target), doc, line,
                f"{_name(source)} {rtype.lower()} {_name(target)}", certainty, 1, label)


def _retrieval(question, pins, facts, spans=None):
    return Retrieval(question, "graphrag", facts=facts, pinned=list(pins), question_pins=list(pins),
                     question_spans=spans or [(p, question.index(p.split(":", 1)[1].replace("_", " ").title()),
                                               question.index(p.split(":", 1)[1].replace("_", " ").title())
                                               + len(p.split(":", 1)[1])) for p in pins])


@pytest.fixture(scope="module")
def answerer(embedder):
    return Answerer(Semantics(embedder))


def test_one_explicit_statement_is_supported(answerer):
    r = _retrieval("Who owns Checkout?", ["system:checkout"], [_fact("person:ana_souza", "OWNS", "system:checkout")])
    answer = answerer(r)
    assert "Ana Souza" in answer.splitlines()[0] and answer_label(answer) == "supported"


def test_a_path_of_statements_is_likely(answerer):
    facts = [_fact("system:checkout", "DEPENDS_ON", "system:payments", doc="D-1"),
             _fact("person:ravi_menon", "OWNS", "system:payments", doc="D-2")]
    answer = answerer(_retrieval("Who owns the system that Checkout depends on?", ["system:checkout"], facts))
    assert "Ravi Menon" in answer.splitlines()[0] and answer_label(answer) == "likely"
    assert "[D-1]" in answer and "[D-2]" in answer


def test_a_chain_through_an_unnamed_relation_the_question_does_not_ask_is_no_answer(answerer):
    """Checkout "is related to" a tool a record references, and that record was written by Ravi: nothing in "who wrote
    the record proposing Checkout retries" asks for the tool; the graph does not answer (no passage does either)."""
    facts = [_fact("system:pay_tool", "RELATED_TO", "system:checkout", doc="R-21", label="is related to"),
             _fact("artifact:R-21", "REFERENCES", "system:pay_tool", doc="R-21"),
             _fact("artifact:R-21", "AUTHORED_BY", "person:ravi_menon", doc="R-21")]
    answer = answerer(_retrieval("Who wrote the record proposing Checkout retries?", ["system:checkout"], facts))
    assert "Ravi Menon" not in answer.splitlines()[0], answer


def test_a_chain_through_a_mere_mention_is_no_answer(answerer):
    """A record mentions the word "required", which "is related to" an API (a label close to what the question asks):
    a step by which a document only mentions a name asks nothing, so no chain runs through it."""
    facts = [_fact("system:required", "MENTIONED_IN", "artifact:R-21", doc="R-21"),
             _fact("system:required", "RELATED_TO", "system:lamp_api", doc="R-30", certainty=0.8, label="lamp")]
    answer = answerer(_retrieval("Beacon Lamps or Tower Lamps: which record makes a lamp whose list contains id = '*' "
                                 "runnable on any tower?", ["artifact:R-21"], facts, [("artifact:R-21", 0, 12)]))
    assert "Lamp Api" not in answer.splitlines()[0], answer


def test_the_words_a_sentence_says_between_two_names_answer_only_where_they_say_how_the_two_relate(answerer):
    """"The Lamp Guild works with other groups and the wider Harbour Trust": the words between the two names ("groups
    and the wider") say nothing of how they relate, and "which is the wider group of the Lamp Guild" is not answered by
    them, however like the question's words they are; "is one group within the wider" says it."""
    def answer(label):
        fact = _fact("team:lamp_guild", "RELATED_TO", "team:harbour_trust", label=label, certainty=0.8)
        fact = Fact(**{**fact.__dict__, "evidence": f"The Lamp Guild {label} Harbour Trust."})
        return answerer(_retrieval("Which is the wider group of the Lamp Guild?", ["team:lamp_guild"], [fact]))

    graph_answer = "- Lamp Guild (supported) [D-1] is related to Harbour Trust"  # (how a graph answer states it)
    assert graph_answer not in answer("groups and the wider")  # (the sentence itself may still be read)
    belongs = answer("is one group within the wider")
    assert belongs.splitlines()[0].startswith("Answer: Harbour Trust") and graph_answer in belongs, belongs


def test_a_weakly_extracted_fact_is_no_answer_unless_its_sentence_says_it(answerer):
    """A fact the extractor was unsure of is not stated by the graph; the sentence it came from is read instead, and
    is an answer only where it says what was asked (here it does not: unknown, never a supported owner)."""
    weak = _fact("person:ana_souza", "OWNS", "system:checkout", certainty=0.6)
    weak = Fact(**{**weak.__dict__, "evidence": "Ana Souza mentioned Checkout in the review."})
    answer = answerer(_retrieval("Who owns Checkout?", ["system:checkout"], [weak]))
    assert answer_label(answer) == "unknown" and "Ana Souza" not in answer.splitlines()[0]
    stated = Fact(**{**weak.__dict__, "evidence": "Ana Souza owns the Checkout service."})
    answer = answerer(_retrieval("Who owns Checkout?", ["system:checkout"], [stated]))
    assert answer.splitlines()[0].startswith("Answer: Ana Souza (supported) [D-1]")
    assert '[D-1] line 3: "Ana Souza owns the Checkout service."' in answer  # the sentence it came from, quoted


def test_two_values_of_a_single_valued_relation_conflict_and_cite_both(answerer):
    facts = [_fact("decision:RFC-3", "APPROVED_ON", "date:2026-04-01", doc="MINUTES-1"),
             _fact("decision:RFC-3", "APPROVED_ON", "date:2026-04-09", doc="MINUTES-2")]
    spans = [("decision:RFC-3", 9, 14)]
    answer = answerer(_retrieval("When was RFC-3 approved?", ["decision:RFC-3"], facts, spans))
    assert answer_label(answer) == "conflicting"
    assert "[MINUTES-1]" in answer.splitlines()[0] and "[MINUTES-2]" in answer.splitlines()[0]


def test_no_evidence_is_unknown(answerer):
    r = Retrieval("Who approved RFC-99?", "graphrag", passages=[Passage("x#1", "X", 1, 2, "Notes\nNothing relevant here.", 0.1)])
    assert answer_label(answerer(r)) == "unknown"

def test_only_one_of_a_relation_excludes_answers_the_context_gives_another(answerer):
    """"Which notes list Ana Souza as their only author?": a note the facts also credit to Ravi is not one; without
    "only" both notes answer."""
    facts = [_fact("artifact:N-1", "AUTHORED_BY", "person:ana_souza", doc="N-1"),
             _fact("artifact:N-2", "AUTHORED_BY", "person:ana_souza", doc="N-2"),
             _fact("artifact:N-2", "AUTHORED_BY", "person:ravi_menon", doc="N-2")]
    only = answerer(_retrieval("Which notes list Ana Souza as their only author?", ["person:ana_souza"], facts))
    assert "N-1" in only.splitlines()[0] and "N-2" not in only.splitlines()[0], only
    both = answerer(_retrieval("Which notes list Ana Souza as their author?", ["person:ana_souza"], facts))
    assert "N-1" in both.splitlines()[0] and "N-2" in both.splitlines()[0], both


def test_only_one_of_a_relation_excludes_an_answer_whose_own_line_gives_several_values(answerer):
    """"| Author | Ravi Menon, Ana Souza |": the note's line credits two authors, though the packed facts hold only Ana's
    (old code: both notes, N-2 read as Ana's alone)."""
    facts = [_fact("artifact:N-1", "AUTHORED_BY", "person:ana_souza", doc="N-1"),
             dataclasses.replace(_fact("artifact:N-2", "AUTHORED_BY", "person:ana_souza", doc="N-2"),
                                 evidence="| Author | Ravi Menon, Ana Souza |")]
    only = answerer(_retrieval("Which notes list Ana Souza as their only author?", ["person:ana_souza"], facts))
    assert "N-1" in only.splitlines()[0] and "N-2" not in only.splitlines()[0], only


def test_a_document_answer_is_named_as_its_source_links_it_and_by_its_title(answerer):
    """"Supersedes: [TR 87](https://…/0087-tide-rules.md)": the document answer is "TR 87", the words its source
    gives the link, with the title retrieval knows it by; a document the source writes by its file name keeps it."""
    facts = [Fact("artifact:0095-tides.md", "0095-tides.md", "SUPERSEDES", "artifact:0087-tide-rules.md",
                  "0087-tide-rules.md", "0095-tides.md", 3,
                  "Supersedes: [TR 87](https://example.org/tides/0087-tide-rules.md), 0053-tide-table.md", 1.0, 1),
             Fact("artifact:0095-tides.md", "0095-tides.md", "SUPERSEDES", "artifact:0053-tide-table.md",
                  "0053-tide-table.md", "0095-tides.md", 3,
                  "Supersedes: [TR 87](https://example.org/tides/0087-tide-rules.md), 0053-tide-table.md", 1.0, 1)]
    question = "Which documents does the Tide Survey supersede?"
    start = question.index("Tide Survey")
    r = Retrieval(question, "graphrag", facts=facts, pinned=["artifact:0095-tides.md"],
                  question_pins=["artifact:0095-tides.md"],
                  question_spans=[("artifact:0095-tides.md", start, start + len("Tide Survey"))],
                  titles={"artifact:0087-tide-rules.md": "Neap Tide Rules", "artifact:0053-tide-table.md": "Spring Tide Table"})
    head = answerer(r).splitlines()[0]
    assert "TR 87 (Neap Tide Rules)" in head and "0053-tide-table.md (Spring Tide Table)" in head, head


def test_a_part_pointing_to_what_the_statement_introduces_starts_from_it(answerer):
    """"The RFC named Tide Table was superseded by a later RFC, which was itself superseded. Which RFC superseded that
    later RFC, and who authored it?": the statement introduces the RFC that superseded Tide Table (the one the facts
    give); the question asks what superseded that one, and its author — a chain of three statements, "likely". (The
    context's references, "RFC-11", say its documents are RFCs: "which RFC" asks for a document, though "RFC" alone
    reads as no kind of document.)"""
    def doc(number, name):
        return f"artifact:{number}-{name}.md"
    facts = [Fact(doc("0049", "tide-gauges"), "0049-tide-gauges.md", "SUPERSEDES", doc("0011", "tide"), "0011-tide.md",
                  "0049-tide-gauges.md", 3, "Supersedes: [RFC-11](https://example.org/tides/0011-tide.md)", 1.0, 1),
             Fact(doc("0066", "tide-marks"), "0066-tide-marks.md", "SUPERSEDES", doc("0049", "tide-gauges"),
                  "0049-tide-gauges.md", "0066-tide-marks.md", 3, "Supersedes: RFC-49", 1.0, 1),
             Fact(doc("0066", "tide-marks"), "0066-tide-marks.md", "AUTHORED_BY", "person:piet_okonjo", "Piet Okonjo",
                  "0066-tide-marks.md", 2, "Author(s): Piet Okonjo", 1.0, 1),
             Fact(doc("0049", "tide-gauges"), "0049-tide-gauges.md", "AUTHORED_BY", "person:ines_calder", "Ines Calder",
                  "0049-tide-gauges.md", 2, "Author(s): Ines Calder", 1.0, 1)]
    passages = [Passage("0049-tide-gauges.md#1", "0049-tide-gauges.md", 1, 3, "tide gauges — Meta\n- Name: Tide Table "
                        "with Gauges\n- Author(s): Ines Calder\n- Supersedes: [RFC-11](https://example.org/tides/0011-tide.md)\n", 1.0),
                Passage("0011-tide.md#1", "0011-tide.md", 1, 2, "tide — Meta\n- Name: Tide Table\n- Status: Superseded\n", 0.9)]
    question = ("The RFC named Tide Table was superseded by a later RFC, which was itself superseded. Which RFC superseded "
                "that later RFC, and who authored it?")
    start = question.index("Tide Table")
    anchor = doc("0011", "tide")
    r = Retrieval(question, "graphrag", facts=facts, passages=passages, pinned=[anchor], question_pins=[anchor],
                  question_spans=[(anchor, start, start + len("Tide Table"))])
    answer = answerer(r)
    head = answer.splitlines()[0]
    assert "0066-tide-marks.md" in head and "Piet Okonjo" in head and "Ines Calder" not in head, answer
    assert answer_label(answer) == "likely" and "[0049-tide-gauges.md]" in head, answer


def test_a_path_does_not_step_through_the_asked_relation_of_something_else(answerer):
    """"Who authored N-2?": the graph says Ana owns N-2 and co-wrote N-9 with Ravi; N-2's own author it does not say.
    Ravi, N-9's co-author, is no answer: a path reaches the asked relation only in its last step (unless the question
    asks for a whole chain)."""
    facts = [_fact("person:ana_souza", "OWNS", "decision:N-2", doc="N-2"),
             _fact("decision:N-9", "AUTHORED_BY", "person:ana_souza", doc="N-9"),
             _fact("decision:N-9", "AUTHORED_BY", "person:ravi_menon", doc="N-9")]
    answer = answerer(_retrieval("Who authored N-2?", ["decision:N-2"], facts,
                                 spans=[("decision:N-2", 13, 16)]))
    assert "Ravi Menon" not in answer.splitlines()[0], answer


def test_a_what_noun_question_is_not_answered_by_things_its_context_never_calls_by_that_noun(answerer):
    """"What rinse interval does Sluice use?": the graph says Sluice uses Kelpie, but nothing calls Kelpie an interval, so
    it is no answer (no passage gives one: unknown); where the context calls a used thing by the noun ("the Brine
    rinse interval"), the graph's answer stands."""
    question = "If the tide log is left empty, what rinse interval does Sluice use by default?"
    used = [_fact("system:sluice", "DEPENDS_ON", "system:kelpie", doc="D-4", label="uses")]
    r = _retrieval(question, ["system:sluice"], used)
    r.passages = [Passage("D-4#1", "D-4", 1, 2, "Sluice\nSluice keeps a tide log of its gates.", 0.5)]
    answer = answerer(r)
    assert "Kelpie" not in answer.splitlines()[0] and answer_label(answer) == "unknown", answer
    used = [_fact("system:sluice", "DEPENDS_ON", "system:brine", doc="D-4", label="uses")]
    r = _retrieval(question, ["system:sluice"], used)
    r.passages = [Passage("D-4#1", "D-4", 1, 2, "Sluice\nSluice uses the Brine rinse interval of the harbour.", 0.5)]
    assert "Brine" in answerer(r).splitlines()[0], answerer(r)
