"""Extraction and resolution: the corpus's hard cases, the audit, determinism, and a foreign corpus."""

import json

from graphrag_bench.graph.extract import Extractor
from graphrag_bench.graph.ground_truth import evaluate_extraction
from graphrag_bench.corpus.ingest import load_corpus
from graphrag_bench.graph.resolve import resolve
from graphrag_bench.graph.vocabulary import SEMANTIC

from ..conftest import CORPUS, write


def _edges(resolution, rtype=None):
    return {(r["source"], r["type"], r["target"]) for r in resolution.relationships if rtype in (None, r["type"])}


def _canonical(resolution):
    return {e["id"]: e["canonical_id"] for e in resolution.entities}


def test_person_name_variants_resolve_to_one_person(resolution):
    canonical = _canonical(resolution)
    assert canonical["person:george_freeney"] == "person:george_freeney_jr"
    assert canonical["person:g_freeney"] == "person:george_freeney_jr"
    same_as = _edges(resolution, "SAME_AS")
    assert ("person:g_freeney", "SAME_AS", "person:george_freeney_jr") in same_as
    # Edges written under a variant land on the canonical person.
    assert ("incident:INC-002", "AUTHORED_BY", "person:george_freeney_jr") in _edges(resolution)


def test_renamed_component_is_an_alias_with_its_sources(resolution):
    rows = [r for r in resolution.relationships if r["type"] == "SAME_AS" and r["source"] == "system:edgeproxy"]
    assert {r["target"] for r in rows} == {"system:gateway"}
    assert {"CHANGELOG.md", "SYSTEMS_MAP.md", "MEETING-2026-02-15"} <= {r["doc_id"] for r in rows}
    gateway = next(e for e in resolution.entities if e["id"] == "system:gateway")
    assert "EdgeProxy" in gateway["aliases"]


def test_near_duplicate_people_are_flagged_then_rejected_with_the_corpus_reason(resolution):
    flags = [r for r in resolution.relationships if r["type"] == "POSSIBLE_SAME_AS"]
    assert flags and all(f["status"] in {"merged", "rejected"} and f["reason"] for f in flags)
    sam = next(f for f in flags if {f["source"], f["target"]} == {"person:sam_whitfield", "person:sam_whitfeld"})
    # PEOPLE_ROLES.md says so in a sentence; that sentence is the recorded reason.
    assert sam["status"] == "rejected" and "PEOPLE_ROLES.md" in sam["reason"] and "not the same person" in sam["reason"]
    assert _canonical(resolution)["person:sam_whitfeld"] == "person:sam_whitfeld"


def test_conflicting_approval_dates_are_both_kept_with_provenance(resolution):
    approvals = {(r["target"], r["doc_id"]) for r in resolution.relationships
                 if r["type"] == "APPROVED_ON" and r["source"] == "decision:ADR-002"}
    assert approvals == {("date:2026-02-14", "MEETING-2026-02-15"), ("date:2026-02-20", "MEETING-2026-02-20")}


def test_two_hop_chains_exist(resolution):
    edges = _edges(resolution)
    assert ("artifact:ADR-001", "RECORDS", "decision:ADR-001") in edges
    assert ("decision:ADR-001", "DECIDES", "system:neo4j") in edges
    assert ("decision:ADR-002", "APPROVED_IN", "artifact:MEETING-2026-02-20") in edges
    assert ("decision:ADR-002", "DECIDES", "system:weaviate") in edges
    assert ("system:weaviate", "DEPENDS_ON", "system:etcd") in edges


def test_every_relationship_has_provenance(resolution, documents):
    lines = {d.doc_id: d.text.split("\n") for d in documents}
    for r in resolution.relationships:
        assert r["doc_id"] in lines and 1 <= r["line"] <= len(lines[r["doc_id"]]) and r["evidence"] and r["extractor"]
    assert resolution.audit["provenance_coverage"] == 1.0


def test_audit_passes_and_rerun_is_identical(documents, resolution):
    assert resolution.audit["passed"], resolution.audit
    again = resolve(Extractor().extract(documents), documents)
    assert again.entities == resolution.entities
    assert again.relationships == resolution.relationships


def test_an_extraction_stored_and_loaded_is_the_same_extraction(documents):
    """Mentions and relations are stored as plain tuples (fast to pickle) and come back as the named tuples they were."""
    import pickle

    from graphrag_bench.graph.extract.model import Mention, Relation

    extraction = Extractor().extract(documents)
    loaded = pickle.loads(pickle.dumps(extraction, protocol=pickle.HIGHEST_PROTOCOL))
    assert loaded == extraction and loaded.mentions and loaded.relations
    assert all(type(m) is Mention for m in loaded.mentions) and all(type(r) is Relation for r in loaded.relations)
    assert [r.label for r in loaded.relations] == [r.label for r in extraction.relations]
    assert loaded.attributes == extraction.attributes and type(loaded.attributes) is type(extraction.attributes)


def test_the_audit_rerun_compares_exactly_the_ids_resolution_gives(documents, tmp_path):
    """The re-run derives entity ids from its extraction without resolving it: the same ids as `resolve`, on the
    corpus and where an alias statement names a key nothing else mentions (it becomes a node) or spans two types
    (resolution ignores it)."""
    from graphrag_bench.graph.extract.model import Extraction, Mention
    from graphrag_bench.graph.resolve import entity_ids

    extraction = Extractor().extract(documents)
    assert entity_ids(extraction) == [e["id"] for e in resolve(extraction, documents).entities]
    write(tmp_path / "NOTE-1.md", "# NOTE-1\n\nThe Relay Hub was renamed.\n")
    docs = load_corpus(tmp_path)
    made_up = Extraction(mentions=[Mention("system:relay_hub", "system", "Relay Hub", "NOTE-1", 3, "sentence"),
                                   Mention("artifact:NOTE-1", "artifact", "NOTE-1", "NOTE-1", 1, "document")],
                         aliases=[("Relay Hub", "Switchyard", "system:relay_hub", "system:switchyard", "NOTE-1", 3, "renamed", 0.9),
                                  ("Relay Hub", "Ana Lima", "system:relay_hub", "person:ana_lima", "NOTE-1", 3, "renamed", 0.9)])
    ids = [e["id"] for e in resolve(made_up, docs).entities]
    assert "system:switchyard" in ids and "person:ana_lima" not in ids
    assert entity_ids(made_up) == ids


def test_ground_truth_metrics_meet_the_bar(resolution):
    metrics = evaluate_extraction(CORPUS, resolution.entities, resolution.relationships)
    assert metrics["entity_f1"] >= 0.95, metrics
    assert metrics["relationship_f1"] >= 0.85, metrics
    assert metrics["dedup_accuracy"] >= 0.98, metrics


def test_corpus_without_labels_gets_nulls(tmp_path, resolution):
    assert set(evaluate_extraction(tmp_path, resolution.entities, resolution.relationships).values()) == {None}


def test_a_document_opening_with_blank_lines_is_recorded_where_its_text_begins(tmp_path):
    """The document's own record and its MENTIONED_IN edges point at a line that says something (a file of
    other projects' proposals began with two blank lines: its evidence was empty and provenance failed)."""
    write(tmp_path / "0042-token-service.md",
          "\n\n# Use Brevik for tokens\n\nStatus: Accepted\n\nWe decided that Quillon uses Brevik for tokens.\n")
    docs = load_corpus(tmp_path)
    result = resolve(Extractor().extract(docs), docs)
    own = [r for r in result.relationships if r["source"] == "decision:0042-token-service.md"
           and r["target"] == "artifact:0042-token-service.md"]
    assert own and all(r["evidence"] == "# Use Brevik for tokens" and r["line"] == 3 for r in own)
    assert result.audit["provenance_coverage"] == 1.0


def test_similar_names_without_evidence_stay_two_people_and_are_reported(tmp_path):
    write(tmp_path / "RFC-001-a.md", "# RFC-001: Queue choice\n\nAuthor: Jon Smyth\n\nWe decided to use Kafka.\n")
    write(tmp_path / "RFC-002-b.md", "# RFC-002: Cache choice\n\nAuthor: Jon Smith\n\nWe decided to use Redis.\n")
    docs = load_corpus(tmp_path)
    result = resolve(Extractor().extract(docs), docs)
    assert result.audit["passed"], result.audit  # a similar name is no corruption: the run goes on
    assert result.audit["no_evidence_pairs"] == ["person:jon_smith ~ person:jon_smyth"]
    flag = next(r for r in result.relationships if r["type"] == "POSSIBLE_SAME_AS")
    assert flag["status"] == "rejected" and flag["reason"] == "no evidence of identity"
    canonical = _canonical(result)
    assert canonical["person:jon_smith"] != canonical["person:jon_smyth"]


def test_a_merge_across_types_fails_the_audit(resolution):
    from graphrag_bench.graph.resolve import audit_graph

    entities = [dict(e) for e in resolution.entities]
    alias = next(e for e in entities if e["id"] == "system:edgeproxy")
    alias["type"] = "person"  # an alias group now spans two types: answers would mix a person and a system
    audit = audit_graph(entities, resolution.relationships)
    assert not audit["passed"] and any("system:gateway" in n for n in audit["multi_typed_names"])


def test_a_second_file_declaring_a_used_id_fails_the_audit_naming_both_files(tmp_path):
    from graphrag_bench.graph.audit import run_audit

    write(tmp_path / "ADR-002-vector-store.md", "# ADR-002: Vector store\n\nAuthor: Ana Souza\n\nWe decided to use Qdrant.\n")
    write(tmp_path / "drafts" / "vector-store-draft.md", "---\nid: ADR-002\n---\n# Draft\n\nWe decided to use Chroma.\n")
    docs = load_corpus(tmp_path)
    assert [d.doc_id for d in docs] == ["ADR-002"] and "Qdrant" in docs[0].text  # the real record is read, not the draft
    result = resolve(Extractor().extract(docs), docs)
    audit = run_audit(*result.frames(), result.audit, docs)
    assert not audit["passed"]
    assert audit["failures"][0] == "document id 'ADR-002' is declared by 2 files: ADR-002-vector-store.md, drafts/vector-store-draft.md"
    assert audit["duplicate_documents"] == {"ADR-002": ["ADR-002-vector-store.md", "drafts/vector-store-draft.md"]}


def test_a_large_registry_of_one_role_flags_only_names_that_share_a_word(tmp_path):
    """SPEC §3.4 rule 4 (same role, same context) without a pair per two rows: 80 engineers are 80 people."""
    first = ["Ana", "Ravi", "Lena", "Omar", "Priya", "Chen", "Maria", "Tomas"]
    last = ["Souza", "Menon", "Ortiz", "Haddad", "Raman", "Wei", "Lopez", "Novak", "Berg", "Kaur"]
    rows = [f"| {f} {l} | Engineer |" for f in first for l in last]
    write(tmp_path / "STAFF.md", "# Staff\n\n| Name | Role |\n|---|---|\n" + "\n".join(rows) + "\n")
    docs = load_corpus(tmp_path)
    result = resolve(Extractor().extract(docs), docs)
    same_role = [r for r in result.relationships if r["evidence"].endswith("(same_role_same_context)")]
    assert len([e for e in result.entities if e["type"] != "artifact"]) == 80
    # Each pair shares a first or a last name: 8 × C(10, 2) + 10 × C(8, 2) = 640, not C(80, 2) = 3,160.
    assert len(same_role) == 640
    assert all(r["status"] == "rejected" and r["reason"].startswith("listed separately") for r in same_role)
    assert result.audit["passed"]


FOREIGN = {
    "SERVICES.md": "# Service catalogue\n\n| Service | Owner | Depends on |\n|---|---|---|\n"
                   "| Billing API | Ana Souza | Ledger |\n| Ledger | Ravi Menon | Kafka |\n| Kafka | Ravi Menon | |\n\n"
                   "The Ledger was called BookKeeper until 2025.\n",
    "STAFF.md": "# Staff\n\n| Name | Role | Aliases |\n|---|---|---|\n| Ana Souza | Payments lead | |\n| Ravi Menon | Platform lead | |\n",
    "RFC-7-ledger.md": "# RFC-7: Ledger storage\n\nAuthor: A. Souza\nApprover: Ravi Menon\n\n## Decision\n\n"
                       "We decided to use Kafka for the ledger event log. The Billing API depends on Kafka for audit events.\n",
}


def test_a_foreign_corpus_works_without_code_changes(tmp_path):
    for name, text in FOREIGN.items():
        write(tmp_path / name, text)
    docs = load_corpus(tmp_path)
    result = resolve(Extractor().extract(docs), docs)
    edges = _edges(result)
    canonical = _canonical(result)
    assert ("system:billing_api", "DEPENDS_ON", "system:ledger") in edges
    assert ("system:ledger", "DEPENDS_ON", "system:kafka") in edges
    assert ("system:billing_api", "DEPENDS_ON", "system:kafka") in edges
    assert ("decision:RFC-7", "DECIDES", "system:kafka") in edges
    assert ("person:ana_souza", "OWNS", "system:billing_api") in edges
    assert canonical["person:a_souza"] == "person:ana_souza"
    assert canonical["system:bookkeeper"] == "system:ledger"
    assert result.audit["passed"], result.audit


def test_incremental_extraction_reuses_unchanged_documents(corpus_copy, tmp_path):
    from graphrag_bench.graph.resolve import resolve_cached
    from graphrag_bench.runtime.result_cache import ResultCache

    def build():
        docs = load_corpus(corpus_copy)
        extraction = Extractor().extract(docs, ResultCache(tmp_path / "x.jsonl"))
        result, reused = resolve_cached(extraction, docs, ResultCache(tmp_path / "r.jsonl"))
        return extraction, result, reused

    first, graph1, reused1 = build()
    assert len(first.processed) == 12 and not reused1
    second, graph2, reused2 = build()
    assert second.processed == [] and len(second.reused) == 12 and reused2
    assert graph2.entities.equals(graph1.entities) and graph2.relationships.equals(graph1.relationships)
    # An edit that adds no new name re-extracts exactly that document.
    path = corpus_copy / "INC-001-gateway-outage.md"
    path.write_text(path.read_text().replace("47 minutes", "48 minutes"))
    third, graph3, reused3 = build()
    assert third.processed == ["INC-001"] and not reused3
    fresh = resolve(Extractor().extract(load_corpus(corpus_copy)), load_corpus(corpus_copy))
    assert graph3.relationships.equals(fresh.frames()[1])  # the cache never changes the result
    # A deleted document leaves nothing behind.
    (corpus_copy / "SOP-deployment.md").unlink()
    fourth, graph4, _ = build()
    assert "SOP-deployment" not in graph4.relationships["doc_id"].to_list()
    assert "artifact:SOP-deployment" not in graph4.entities["id"].to_list()


def test_record_kinds_are_inferred_from_usage_or_configured(tmp_path, monkeypatch):
    write(tmp_path / "PM-12-outage.md", "# PM-12: Queue outage\n\nAuthor: Ana Souza\n\nDEC-3 caused the outage.\n")
    write(tmp_path / "DEC-3-queue.md", "# DEC-3: Queue choice\n\nAuthor: Ana Souza\n\nWe decided to use Kafka.\n")
    docs = load_corpus(tmp_path)
    # No prefix is known in advance: a record that decides is a decision, one that was caused is an incident.
    inferred = _edges(resolve(Extractor().extract(docs), docs))
    assert ("decision:DEC-3", "DECIDES", "system:kafka") in inferred  # in no registry: found by how prose uses it
    assert ("decision:DEC-3", "CAUSED", "incident:PM-12") in inferred
    assert ("incident:PM-12", "AUTHORED_BY", "person:ana_souza") in inferred
    monkeypatch.setenv("GRAPHRAG_ID_TYPES", "PM=change")  # a user's own convention wins over the inference
    configured = _edges(resolve(Extractor().extract(docs), docs))
    assert ("change:PM-12", "AUTHORED_BY", "person:ana_souza") in configured


OTHER_STYLES = {
    "catalogue.md": "# Catalogue\n\n| Service name | Owner(s) | Upstream dependencies | Owner team |\n|---|---|---|---|\n"
                    "| Checkout | Mia Chen | Payments, Inventory | Storefront |\n| Payments | Omar Haddad | Ledger DB | Money |\n",
    "0007-use-redis.md": "---\nid: ADR-0007\nstatus: accepted\ndeciders: [Mia Chen, Omar Haddad]\nauthors: Mia Chen\n---\n"
                         "# Use Redis for carts\n\nWe decided to use Redis for cart sessions.\n",
    "topology.md": "# Topology\n\n```mermaid\nflowchart LR\n  co[Checkout] -->|reads| rd[(Redis)]\n  co --> inv(Inventory)\n```\n",
    "MEETING-2026-03-01.md": "# Sync\n\nParticipants: Mia Chen, Omar Haddad\n\n- ADR-0007 approved on 2026-03-01.\n",
}


def test_other_document_conventions_are_understood(tmp_path):
    for name, text in OTHER_STYLES.items():
        write(tmp_path / name, text)
    docs = load_corpus(tmp_path)
    result = resolve(Extractor().extract(docs), docs)
    edges = _edges(result)
    for edge in [("system:checkout", "DEPENDS_ON", "system:payments"), ("system:checkout", "DEPENDS_ON", "system:inventory"),
                 ("person:mia_chen", "OWNS", "system:checkout"), ("team:storefront", "OWNS", "system:checkout"),
                 ("decision:ADR-0007", "APPROVED_BY", "person:omar_haddad"), ("decision:ADR-0007", "AUTHORED_BY", "person:mia_chen"),
                 ("decision:ADR-0007", "DECIDES", "system:redis"), ("system:checkout", "DEPENDS_ON", "system:redis"),
                 ("person:omar_haddad", "ATTENDED", "artifact:MEETING-2026-03-01"),
                 ("decision:ADR-0007", "APPROVED_ON", "date:2026-03-01")]:
        assert edge in edges, edge
    assert result.audit["passed"], result.audit


SERVICE_PER_DOCUMENT = {
    "SVC-0001.md": "---\nid: SVC-0001\nname: Orders API\nowner: Priya Nair\ndepends_on: [Inventory Service, Payments Gateway]\n"
                   "---\n# Orders API\n\n| Attribute | Value |\n|---|---|\n| Tier | 1 |\n| Team | Commerce |\n\n"
                   "Orders API talks to Inventory Service over gRPC. Payments Gateway serves card authorisations to Orders API.\n",
    "SVC-0002.md": "---\nid: SVC-0002\nname: Inventory Service\nowner: Tom Berg\n---\n# Inventory Service\n\n"
                   "```\nInventory Service -> Stock DB\n```\n",
    "SVC-0003.md": "---\nid: SVC-0003\nname: Payments Gateway\n---\n# Payments Gateway\n\n"
                   "Owned by the Payments team. Payments Gateway talks to Card Processor over HTTPS.\n",
    "TEAMS.md": "# Teams\n\nCommerce\n: Priya Nair, Tom Berg\n\nPayments\n: Ana Lima\n",
}


def test_a_document_about_one_thing_describes_that_thing(tmp_path):
    """One service per document (YAML front matter, an attribute table, dependency prose): the fields are the
    service's, not the document's; a definition list of names lists a team's members."""
    for name, text in SERVICE_PER_DOCUMENT.items():
        write(tmp_path / name, text)
    docs = load_corpus(tmp_path)
    edges = _edges(resolve(Extractor().extract(docs), docs))
    for edge in [("system:orders_api", "DEPENDS_ON", "system:inventory_service"),
                 ("system:orders_api", "DEPENDS_ON", "system:payments_gateway"),  # front matter and "serves … to"
                 ("person:priya_nair", "OWNS", "system:orders_api"), ("team:commerce", "OWNS", "system:orders_api"),
                 ("team:payments", "OWNS", "system:payments_gateway"),
                 ("system:payments_gateway", "DEPENDS_ON", "system:card_processor"),
                 ("person:tom_berg", "MEMBER_OF", "team:commerce"), ("person:ana_lima", "MEMBER_OF", "team:payments")]:
        assert edge in edges, edge
    assert not any(rel == "OWNS" and dst.startswith("artifact:") for _, rel, dst in edges)
    # A bare arrow under a heading that names no relation says which two things are linked, not how: kept, generic.
    assert ("system:inventory_service", "RELATED_TO", "system:stock_db") in edges


def test_expansion_metrics_count_wrong_and_missing_connections(resolution):
    from graphrag_bench.graph.ground_truth import evaluate_expansion

    question = {"question_id": "Q", "required_entities": ["system:weaviate", "system:etcd"], "multi_hop": True}

    def fact(s, t, o):
        return {"source": s, "type": t, "target": o}

    good = {"Q": {"status": "ok", "facts": [fact("system:weaviate", "DEPENDS_ON", "system:etcd")]}}
    assert evaluate_expansion(CORPUS, [question], good, resolution.entities)["connection_precision"] == 1.0
    wrong = {"Q": {"status": "ok", "facts": [fact("system:weaviate", "DEPENDS_ON", "system:postgresql")]}}
    metrics = evaluate_expansion(CORPUS, [question], wrong, resolution.entities)
    assert metrics["connection_precision"] == 0.0 and metrics["false_positive_rate"] == 1.0
    assert metrics["connection_recall"] == 0.0 and metrics["hop_accuracy"] == 0.0


def test_a_common_word_from_a_table_cell_is_not_a_name_in_prose(tmp_path):
    """A port table declares "In" and "Relay" as names; the prose uses "in" as the preposition it is and "relay" as
    a common noun ("relays", "a relay"), while "Quorra" — declared the same way, never plural, never in lower case —
    stays a name. How the corpus uses a word decides (`common_words_dropped`), not a list of words."""
    write(tmp_path / "docs" / "PORTS.md", "# Ports\n\n| Port | Direction |\n|---|---|\n| In | ingress |\n"
                                         "| Relay | forward |\n| Quorra | outbound |\n")
    write(tmp_path / "docs" / "NOTES.md", "# Notes\n\nThe relay in the east yard depends on the relays in the west yard. "
                                         "A relay restarts in two minutes.\n\nOur Harbor Gateway depends on Quorra in production.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    from_prose = [r for r in graph.relationships if r["doc_id"].startswith("NOTES") and r["extractor"].startswith("sent")]
    named = {e["id"]: e["name"] for e in graph.entities}
    ends = {named.get(r[side], r[side]).lower() for r in from_prose for side in ("source", "target")}
    assert "in" not in ends and "relay" not in ends, from_prose
    assert "quorra" in ends, from_prose


def _ends_said_in(folder, doc_id: str) -> list[tuple[str, str]]:
    """The corpus in `folder` extracted and resolved: each end of each relationship one document states, by its
    entity's name in lower case, with the relationship's evidence."""
    docs = load_corpus(folder)
    graph = resolve(Extractor().extract(docs), docs)
    named = {e["id"]: e["name"].lower() for e in graph.entities}
    return [(named.get(r[side], r[side]), r["evidence"]) for r in graph.relationships if r["doc_id"] == doc_id
            for side in ("source", "target")]


def test_a_name_that_is_also_a_word_is_mentioned_where_it_is_written_as_the_name(tmp_path):
    """A signal table declares "Amber" and "Quorra". "amber light" in lower case is the colour, no mention of the
    signal; "reports to Amber" is. "quorra", no English word, is the name however it is written."""
    write(tmp_path / "docs" / "SIGNALS.md", "# Signals\n\n| Signal | Meaning |\n|---|---|\n| Amber | slow down |\n"
                                           "| Quorra | outbound relay |\n")
    write(tmp_path / "docs" / "NOTES.md", "# Notes\n\nThe tower lamp shows amber light whenever the Harbor Gateway "
                                         "restarts.\n\nThe night shift restarts quorra before the Harbor Gateway.\n\n"
                                         "Our Harbor Gateway reports to Amber at night.\n")
    said = {(name, evidence.split()[1]) for name, evidence in _ends_said_in(tmp_path / "docs", "NOTES.md")}
    assert ("amber", "tower") not in said, sorted(said)
    assert ("amber", "Harbor") in said and ("quorra", "night") in said, sorted(said)


def test_a_name_that_is_also_a_word_is_no_mention_inside_a_longer_capitalised_name(tmp_path):
    """Another project's signal table declares "Amber". "the Amber Line team" names the Amber Line, not the signal:
    no relationship of the notes ends at the signal there; "reports to Amber" still mentions it."""
    write(tmp_path / "docs" / "SIGNALS.md", "# Signals\n\n| Signal | Meaning |\n|---|---|\n| Amber | slow down |\n")
    write(tmp_path / "docs" / "NOTES.md", "# Notes\n\nThe Amber Line team runs on Kubernetes in the east yard.\n\n"
                                         "Our Harbor Gateway reports to Amber at night.\n")
    said = {(name, evidence.split()[1]) for name, evidence in _ends_said_in(tmp_path / "docs", "NOTES.md")}
    assert not any(name == "amber" and first == "Amber" for name, first in said), sorted(said)
    assert ("amber", "Harbor") in said, sorted(said)


def test_a_word_the_corpus_inflects_is_not_a_name(tmp_path):
    """A bold lead-in declares "complexity" and a field table's row "required": the prose writes "complexities",
    "requires" and "requiring" — other forms of the same words, which a name does not take — so neither is a name
    that every "complexity" and "required" of the corpus would mention. "Quorra", declared beside them, stays one."""
    write(tmp_path / "docs" / "PROPOSAL.md", "# Lamp proposal\n\n## Problems\n\n**complexity** - Having a lamp per "
                                             "tower is inelegant and adds complexity.\n\n## Fields\n\n"
                                             "| field | required | owner |\n|---|---|---|\n| name | Yes | Quorra |\n"
                                             "| required | No | Quorra |\n")
    write(tmp_path / "docs" / "NOTES.md", "# Notes\n\nThe tower has many complexities, and more complexity is required "
                                         "now. A new lamp requires a permit; requiring one slows the Harbor Gateway, "
                                         "which depends on Quorra.\n")
    said = {name for name, _ in _ends_said_in(tmp_path / "docs", "NOTES.md")}
    assert "complexity" not in said and "required" not in said, sorted(said)
    assert "quorra" in said, sorted(said)


def test_a_metadata_table_every_record_opens_with_gives_fields_words_and_handles(tmp_path):
    """Every pump record opens with the same metadata table: its rows are the record's fields (no things called Date
    or Author). Their status values "Retired" and "Active" are said in prose as "was retired", "is active": words of
    the language, so no "Retired" entity links every retired record; it is the record's attribute. The authors'
    handles are people. "Fluentd", written in lower case in prose too, is no word the English lemmatizer knows (however
    the tagger guesses at it): it may be a name."""
    for n, (status, author) in enumerate([("Retired", "@quorra"), ("Retired", "@quorra"), ("Active", "@ines"),
                                          ("Active", "@quorra")], 1):
        write(tmp_path / "docs" / f"PR-{n}.md",
              f"# Pump record {n}\n\n| Metadata | Value |\n|---|---|\n| Date | 2024-0{n}-11 |\n"
              f"| Author | {author} |\n| Status | {status} |\n| Tags | Fluentd |\n\n## Context\n\n"
              f"The pump of bay {n} was retired in May; its spare is active and owned by {author}. "
              "We restarted fluentd on every node.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    names = {e["name"].lower() for e in graph.entities}
    assert not names & {"retired", "active", "date", "author", "status", "tags"}, names
    people = {e["name"] for e in graph.entities if e["type"] == "person"}
    assert {"@quorra", "@ines"} <= people, people
    record = next(e for e in graph.entities if e["name"] == "PR-1")
    assert "Retired" in str(record.get("attributes")), record
    from graphrag_bench.graph.extract.interpret import ordinary_words

    prose = ["The pump of bay 1 was retired in May. We restarted fluentd on every node."]
    assert ordinary_words({"Retired", "Fluentd"}, prose) == {"Retired"}


def test_a_metadata_table_of_one_collection_among_many_other_documents_still_gives_fields(tmp_path):
    """Four pump records open with the same metadata table among thirty notes of another kind (a fifth of the corpus is
    seven documents): the records are most of those with a "| Metadata | …" table, so its rows are still their fields
    (old code: things called Author and Date, "Author RELATED_TO @quorra")."""
    for n, author in enumerate(["@quorra", "@quorra", "@ines", "@quorra"], 1):
        write(tmp_path / "docs" / f"PR-{n}.md",
              f"# Pump record {n}\n\n| Metadata | Value |\n|---|---|\n| Date | 2024-0{n}-11 |\n"
              f"| Author | {author} |\n| Status | Active |\n| Tags | pumps |\n\n## Context\n\nThe pump of bay {n} was "
              "checked.\n")
    for n in range(1, 31):
        write(tmp_path / "docs" / f"note-{n}.md", f"# Harbour note {n}\n\nThe tide in bay {n} was logged at dawn.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    names = {e["name"].lower() for e in graph.entities}
    assert not names & {"date", "author", "status", "tags"}, names
    authored = {(r["source"], r["target"]) for r in graph.relationships if r["type"] == "AUTHORED_BY"}
    assert ("artifact:PR-1", "person:quorra") in authored, authored


def test_a_field_holding_handles_elsewhere_holds_one_written_without_its_at(tmp_path):
    """"| Author | olwen |": the Author rows of the other records hold account handles ("@quorra", "@ines"), so the one
    lower-case word in this record's row is a handle written without its @, a person who wrote the record; a lower-case
    word in a row that holds no handle anywhere ("| Status | retired |") stays a word."""
    for n, (status, author) in enumerate([("Retired", "@quorra"), ("Active", "@ines"), ("retired", "olwen")], 1):
        write(tmp_path / "docs" / f"PR-{n}.md",
              f"# Pump record {n}\n\n| Metadata | Value |\n|---|---|\n| Date | 2024-0{n}-11 |\n"
              f"| Author | {author} |\n| Status | {status} |\n\n## Context\n\nThe pump of bay {n} was checked.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    authored = {(r["source"], r["target"]) for r in graph.relationships if r["type"] == "AUTHORED_BY"}
    assert any(source.endswith("PR-3") and target == "person:olwen" for source, target in authored), authored
    assert "retired" not in {e["name"].lower() for e in graph.entities}


def test_a_likeness_is_no_identity(tmp_path):
    """"… a new PMP mode … similar to the modes defined in [HBR#49]" reads somewhat close to "is the same as", yet
    says two things: no merge on a reading that unclear. "Tern Relay was called Gull Relay until May" stays one
    thing."""
    write(tmp_path / "docs" / "MODES.md", "# Pump modes\n\n`quiet` is a new PMP mode for testing the PMP similar to "
                                         "the modes defined in [HBR#49](https://example.org/hbr/49).\n\n"
                                         "Tern Relay was called Gull Relay until May 2025.\n")
    write(tmp_path / "docs" / "OTHER.md", "# PMP\n\nThe PMP serves the HBR process. Each HBR lists its PMP mode.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    merged = {frozenset(r[end].split(":", 1)[1] for end in ("source", "target"))
              for r in graph.relationships if r["type"] == "SAME_AS"}
    assert merged == {frozenset({"gull_relay", "tern_relay"})}, merged


def test_the_word_a_corpus_calls_its_documents_by_is_no_entity(tmp_path):
    """Proposals 0003 and 0007 are "HBP#3", "HBP 0007" in the others' prose: "HBP" is what the documents are, not a
    thing every proposal that says it links to. "Tern Relay", named as often, stays an entity."""
    for number, other in ((3, 7), (7, 12), (12, 3)):
        write(tmp_path / "docs" / f"{number:04d}-proposal.md",
              f"# Proposal {number}\n\nThis HBP depends on Tern Relay. It extends HBP#{other} "
              f"(see HBP {other:04d}); the HBP author is Ines Marr.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    names = {e["name"].lower() for e in graph.entities}
    assert "hbp" not in names and "tern relay" in names, names


def test_a_field_linking_to_a_document_of_the_corpus_relates_the_two_documents(tmp_path):
    """"Replaces: [TT#12](https://…/tides/0012-tide-table.md)": the link's file is a document of the corpus, whatever
    its words call it, so the field relates the two records (by the label's meaning: supersedes); a link to a file
    the corpus does not hold, and a plain value, relate nothing."""
    write(tmp_path / "docs" / "0012-tide-table.md", "# Meta\n- Name: Spring Tide Table\n- Author(s): Piet Okonjo\n")
    write(tmp_path / "docs" / "0014-tide-rules.md",
          "# Meta\n- Name: Neap Tide Rules\n- Author(s): Ines Calder\n"
          "- Replaces: [TT#12](https://example.org/harbour/tides/blob/main/0012-tide-table.md)\n")
    write(tmp_path / "docs" / "0015-quay-rules.md",
          "# Meta\n- Name: Quay Rules\n- Author(s): Ines Calder\n"
          "- Replaces: [TT#9](https://example.org/harbour/tides/pull/9), https://example.org/other/0011-old-rules.md\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    between = {(r["source"], r["type"], r["target"]) for r in graph.relationships
               if r["source"].startswith("artifact:") and r["target"].startswith("artifact:")
               and r["type"] not in {"RECORDS", "MENTIONED_IN"}}
    assert between == {("artifact:0014-tide-rules.md", "SUPERSEDES", "artifact:0012-tide-table.md")}, between


def test_only_a_label_that_says_nothing_but_identity_makes_two_names_one(tmp_path):
    """"Ferry is now called Skiff" makes one thing of two names; "the wait for Ferry is 3, the same as Barge" says it of
    the 3, and "Logbook is used to store and query notes written by Barge" of storing: neither makes Ferry Barge, nor
    Logbook Barge; nor does a code template ("Rename it to `$Ferry##-$Barge`")."""
    write(tmp_path / "docs" / "HB-1.md", "# HB-1 Harbour boats\n\nFerry is now called Skiff.\n\n"
          "If no schedule is set, the default wait for Ferry is 3, the same as Barge.\n\n"
          "Logbook is used to store and query notes written by Barge crews.\n\n"
          "Rename it to `$Ferry##-$Barge`, as the tug does.\n")
    write(tmp_path / "docs" / "HB-2.md", "# HB-2 Moorings\n\nSkiff, Ferry, Barge and Logbook moor at the east quay.\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    same = {frozenset((r["source"], r["target"])) for r in graph.relationships if r["type"] == "SAME_AS"}
    names = {key.split(":", 1)[1] for pair in same for key in pair}
    assert any({"ferry", "skiff"} <= {k.split(":", 1)[1] for k in pair} for pair in same), same
    assert "barge" not in names and "logbook" not in names, same


def test_a_short_id_opening_every_file_name_calls_that_document_in_prose(tmp_path):
    """Files named "K3-moor-lines.md", "K7-…": prose that writes "K3" speaks of that document, so the two documents are
    connected; a token of the same shape that opens no file name ("B12"), or one that opens two ("K9-…" twice), is
    no document's name; nor is such a token where fewer than three files are named so."""
    write(tmp_path / "docs" / "K3-moor-lines.md", "# K3: Mooring lines\n\nEvery berth keeps two lines.\n")
    write(tmp_path / "docs" / "K7-berth-rota.md",
          "# K7: Berth rota\n\nThe rota builds on K3 for the number of lines, and on B12 for nothing.\n")
    write(tmp_path / "docs" / "K9-quay-lights.md", "# K9: Quay lights\n\nLights follow K9 and K7.\n")
    write(tmp_path / "docs" / "old" / "K9-quay-lights-draft.md", "# K9 draft\n\nA draft.\n")
    write(tmp_path / "docs" / "K11-tugs.md", "# K11: Tugs\n\nTugs are booked a day ahead.\n")

    def mentioned(folder):
        docs = load_corpus(folder)
        graph = resolve(Extractor().extract(docs), docs)
        return {(r["source"], r["target"]) for r in graph.relationships
                if r["type"] == "MENTIONED_IN" and r["source"].startswith("artifact:") and r["target"].startswith("artifact:")}

    between = mentioned(tmp_path / "docs")
    assert ("artifact:K3-moor-lines.md", "artifact:K7-berth-rota.md") in between, between
    assert ("artifact:K7-berth-rota.md", "artifact:K9-quay-lights.md") in between, between
    assert not any("K9-quay-lights" in source for source, _ in between), between  # (two files open with K9)
    for name in ("K9-quay-lights.md", "old/K9-quay-lights-draft.md", "K11-tugs.md"):
        (tmp_path / "docs" / name).unlink()
    assert not mentioned(tmp_path / "docs"), "two files named so are no convention"


def test_linked_names_and_boxes_of_several_lines_are_read_by_their_words(tmp_path):
    """"Author(s): [Piet Okonjo](https://…/piet), [Ines Calder](https://…/ines)" names two people (the brackets around
    the whole value had been stripped first, leaving "Piet Okonjo]"); a diagram box "Tide Gauge<br/>tg-01<br/>north
    quay" is named by its first line."""
    write(tmp_path / "docs" / "0012-tide-table.md",
          "# Meta\n- Name: Spring Tide Table\n- Author(s): [Piet Okonjo](https://example.org/piet), "
          "[Ines Calder](https://example.org/ines)\n\n# Flow\n\n```mermaid\nflowchart LR\n"
          "  tg[Tide Gauge<br/>tg-01<br/>north quay] --> hb[Harbour Board]\n```\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    names = {e["name"] for e in graph.entities}
    assert {"Piet Okonjo", "Ines Calder", "Tide Gauge", "Harbour Board"} <= names, names
    assert not any(set(n) & set("[]<>") for n in names), names


def test_a_field_value_read_as_several_items_is_kept_as_the_line_joins_them(tmp_path):
    """"Name: Tide Plan and Harbour Rules" is split into items on "and" like any list; as the record's attribute the
    value is joined again as the line says it (it had become "Tide Plan, Harbour Rules", a name no one wrote)."""
    write(tmp_path / "docs" / "0012-tide-plan.md", "# Meta\n- Name: Tide Plan and Harbour Rules\n- Status: Approved\n"
          "- Tags: tides; harbour, quay\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    record = next(e for e in graph.entities if e["name"] == "0012-tide-plan.md" and e.get("attributes") not in (None, "{}"))
    attributes = json.loads(record["attributes"])
    assert attributes["name"][0] == "Tide Plan and Harbour Rules", attributes
    assert attributes["tags"][0] == "tides; harbour, quay", attributes


def test_a_field_or_cell_saying_there_is_no_value_names_nothing(tmp_path):
    """"Supersedes: N/A" in every record and "N/A" in a column of names say there is no value: never an entity that
    every record is related to (among many documents such a hub was everywhere and crowded the graph's answers)."""
    for number, name in ((12, "Tide Plan"), (13, "Quay Plan"), (14, "Ferry Plan")):
        write(tmp_path / "docs" / f"00{number}-{name.lower().replace(' ', '-')}.md",
              f"# Meta\n- Name: {name}\n- Author(s): @ana\n- Supersedes: N/A\n- Depends On: n/a\n")
    write(tmp_path / "docs" / "services.md", "# Services\n\n| Service | Fallback |\n|---|---|\n| Quay Gate | N/A |\n"
          "| Tide Hub | Quay Gate |\n| Ferry Desk | TBD |\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    absent = {e["id"] for e in graph.entities if e["name"].lower() in ("n/a", "tbd")}
    assert not absent, absent
    assert ("system:tide_hub", "DEPENDS_ON", "system:quay_gate") in _edges(graph) or any(
        "tide_hub" in s and "quay_gate" in t for s, _, t in _edges(graph)), _edges(graph)


def test_a_participle_describing_a_noun_in_a_phrase_says_nothing_of_the_document(tmp_path):
    """"This is one of the projects proposed by @ana": the projects were proposed by her, not the plan the
    sentence opens by pointing at; "This is the plan written by Ravi Menon" says who wrote the plan."""
    write(tmp_path / "docs" / "0012-tide-plan.md", "# Tide plan\n\nThis is the plan written by Ravi Menon.\n\n"
          "### New Items\n\n#### Harbour Gauges\n* Owner: @ana (sponsor @ravi)\n\nThe harbour is lucky to have "
          "gauges! This is one of the projects proposed by @ana to measure the harbour.\n")
    docs = load_corpus(tmp_path / "docs")
    authored = {(r.source, r.target) for r in Extractor().extract(docs).relations if r.type == "AUTHORED_BY"}
    assert ("artifact:0012-tide-plan.md", "person:ravi_menon") in authored, authored
    assert not any("ana" in target for _, target in authored), authored


def test_a_line_too_long_to_be_prose_is_skipped_with_a_warning_and_the_rest_is_read(tmp_path):
    """One 3 MB line (spaCy reads at most 1,000,000 characters at once): not read as prose, named in a warning."""
    from graphrag_bench.language.spacy_pipeline import MAX_PARSED_CHARS, parse_all

    write(tmp_path / "a.md", "# Lamp notes\n\nThe Lamp Ledger depends on the Tower Feed.\n")
    write(tmp_path / "blob.md", "# Blob\n\n" + "Lamp Ledger reads the Tower Feed again " * 80_000 + "\n")
    extraction = Extractor().extract(load_corpus(tmp_path), None)
    assert any(w.startswith("blob.md:3: a paragraph of 3,119,999 characters is not read as prose") for w in extraction.warnings)
    assert ("system:lamp_ledger", "DEPENDS_ON", "system:tower_feed", "a.md") in {
        (r.source, r.type, r.target, r.doc_id) for r in extraction.relations}
    # the answer reader parses a sentence that long by its start
    assert len(parse_all(["word " * 300_000])[0].text) == MAX_PARSED_CHARS


def test_names_listed_under_a_relation_heading_are_that_relation_of_the_document(tmp_path):
    """"## Attendees" over "- KM, JT, OV" (or one name a line, or an account name without its @): each attended the
    review, the document itself, whatever its record is (an outage review stays an incident: a list of names says
    nothing of what the record is). Initials are matched as written: "an" in prose is an article, not "AN". Two
    initials a letter apart are two people, never flagged as near-identical names. A list of records under "##
    Related" stays references."""
    for n, attendees in ((1, "- KM, JT, AN"), (2, "- KM\n- ovarga\n- AN"), (3, "- JT, KN")):
        write(tmp_path / "docs" / f"OUT-{n}.md",
              f"# Outage {n} review\n\nRoot cause: Pump Controller\n\nAn operator restarted the controller.\n\n"
              f"## Attendees\n\n{attendees}\n\n## Related\n\n- OUT-{n % 3 + 1}\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    attended = _edges(graph, "ATTENDED")
    assert ("person:km", "ATTENDED", "artifact:OUT-1") in attended and ("person:ovarga", "ATTENDED", "artifact:OUT-2") in attended
    assert len(attended) == 8, attended
    assert any(r["type"] == "CAUSED" and r["target"] == "incident:OUT-1" for r in graph.relationships), sorted(_edges(graph))
    an = [m for m in graph.relationships if m["type"] == "MENTIONED_IN" and m["source"] == "person:an"]
    assert all("AN" in m["evidence"] for m in an), an
    assert not [r for r in graph.relationships if r["type"] == "POSSIBLE_SAME_AS"]
    assert ("artifact:OUT-1", "ATTENDED", "artifact:OUT-2") not in _edges(graph)


def _listed(name: str, handle: str, organisation: str) -> str:
    """A list item naming a person with their account handle and organisation, as a group's page lists its people."""
    return f"* {name} (**[@{handle}](https://example.org/{handle})**), {organisation}\n"


def test_people_listed_with_their_account_handles_under_a_heading_and_a_table_of_linked_pages(tmp_path):
    """"### Wardens" (no relation of the vocabulary) over "* Ana Ruiz (**[@aruiz](…)**), Initech": each item is one
    person, with the organisation she works for beside her: the heading relates the page to Ana Ruiz, never to
    Initech, and is read as what it says, not as the nearest vocabulary relation. A table whose first column links
    each row to its page ("[Lamp Guild](lamp/README.md)") relates the row's name, not a bracketed fragment of it."""
    write(tmp_path / "docs" / "guild.md", "# Net Guild\n\n### Wardens\nThe wardens run the guild.\n\n"
                                          + _listed("Ana Ruiz", "aruiz", "Initech") + _listed("Bo Lindqvist", "bolind", "Initech")
                                          + _listed("Cy Oduya", "cyo", "Tide Works, Inc"))
    write(tmp_path / "docs" / "liaisons.md", "# Liaisons\n\n| Guild | Council Liaison |\n|---|---|\n"
                                             "| [Lamp Guild](lamp/README.md) | Ana Ruiz (**[@aruiz](https://example.org/aruiz)**) |\n"
                                             "| [Rope Guild](rope/README.md) | Cy Oduya (**[@cyo](https://example.org/cyo)**) |\n")
    graph, named, _ = _typed_graph(tmp_path / "docs")
    said = {(named.get(r["source"], r["source"]), r["type"], r.get("label", ""), named.get(r["target"], r["target"]))
            for r in graph.relationships if r["type"] not in ("MENTIONED_IN", "RECORDS")}
    wardens = {(s, t) for s, kind, label, t in said if label == "Wardens"}
    assert wardens == {("guild.md", "Ana Ruiz"), ("guild.md", "Bo Lindqvist"), ("guild.md", "Cy Oduya")}, said
    assert {kind for s, kind, label, t in said if label == "Wardens"} == {"RELATED_TO"}, said
    assert ("Lamp Guild", "RELATED_TO", "Council Liaison", "Ana Ruiz") in said, said
    assert ("Rope Guild", "RELATED_TO", "Council Liaison", "Cy Oduya") in said, said
    assert not {"Initech", "Tide Works"} & {t for *_, t in said}, said


def test_one_person_listed_under_two_headings_of_a_page_is_two_statements(tmp_path):
    """A page listing Bo Lindqvist under "### Wardens" and again under "### Keepers" says two things of him: both are
    kept (the heading is the relation's name), where two sentences relating the same two names say one relation
    again (its first statement kept)."""
    write(tmp_path / "docs" / "guild.md", "# Net Guild\n\n### Wardens\n\n" + _listed("Ana Ruiz", "aruiz", "Initech")
                                          + _listed("Bo Lindqvist", "bolind", "Initech") + "\n### Keepers\n\n"
                                          + _listed("Bo Lindqvist", "bolind", "Initech"))
    write(tmp_path / "docs" / "notes.md", "# Notes\n\nThe Lamp Controller feeds the Tide Gauge at dawn.\n\n"
                                          "Later the Lamp Controller warms the Tide Gauge at dusk.\n\n"
                                          "At noon the Lamp Controller cools the Tide Gauge.\n")
    graph, named, _ = _typed_graph(tmp_path / "docs")
    labels = sorted(r["label"] for r in graph.relationships
                    if named.get(r["target"]) == "Bo Lindqvist" and r["source"] == "artifact:guild.md")
    assert labels == ["Keepers", "Wardens"], labels
    between = [r for r in graph.relationships if {named.get(r["source"]), named.get(r["target"])}
               == {"Lamp Controller", "Tide Gauge"} and r["type"] == "RELATED_TO"]
    assert len(between) == 1 and between[0]["line"] == 5, between
    assert len({r["id"] for r in graph.relationships}) == len(graph.relationships)


def test_a_table_relates_its_rows_only_by_a_header_that_names_a_relation_and_never_through_flags(tmp_path):
    """A table of signal codes ("Code | Tower Data Type | Meaning") names no relation between a code and its data
    type, only a header close to one: no edge, though both columns hold names. A column of flags ("Required: Y/N")
    holds properties: "Y" is no entity. A dependency table under its heading ("From | To") still gives its edges."""
    write(tmp_path / "docs" / "SIG.md", "# Signals\n\n## Codes\n\n| Code | Tower Data Type | Meaning |\n|---|---|---|\n"
                                       "| `fl` | `LampFlashLong` | Long flash |\n| `fs` | `LampFlashShort` | Short flash |\n"
                                       "| `oc` | `LampOcculting` | Dark pause |\n\n## Options\n\n"
                                       "| Option | Required | Default |\n|---|---|---|\n| Beacon | Y | |\n| Horn | N | off |\n"
                                       "| Siren | N | off |\n")
    write(tmp_path / "docs" / "DEPS.md", "# Tower services\n\n## Dependencies\n\n| From | To |\n|---|---|\n"
                                        "| Lamp Controller | Tide Gauge |\n| Horn Relay | Lamp Controller |\n")
    docs = load_corpus(tmp_path / "docs")
    graph = resolve(Extractor().extract(docs), docs)
    named = {e["id"]: e["name"] for e in graph.entities}
    edges = {(named.get(r["source"]), r["type"], named.get(r["target"])) for r in graph.relationships
             if r["type"] in ("DEPENDS_ON", "USES", "RELATED_TO", "OWNS", "PART_OF")}
    assert not [e for e in edges if {"fl", "fs", "oc", "LampFlashLong", "LampFlashShort", "LampOcculting"} & {e[0], e[2]}], edges
    assert not {"Y", "N"} & set(named.values()), named
    assert ("Lamp Controller", "DEPENDS_ON", "Tide Gauge") in edges, edges
    assert ("Horn Relay", "DEPENDS_ON", "Lamp Controller") in edges, edges


def _typed_graph(folder):
    """A folder's resolved graph, its entity names by id, and its typed relations as (name, type, name)."""
    docs = load_corpus(folder)
    graph = resolve(Extractor().extract(docs), docs)
    named = {e["id"]: e["name"] for e in graph.entities}
    return graph, named, {(named.get(r["source"]), r["type"], named.get(r["target"])) for r in graph.relationships
                          if r["type"] in SEMANTIC}


def test_a_reading_the_sentences_parse_contradicts_is_no_relation(tmp_path):
    """The words between two mentions read as a predicate ("… Quillstore requires … Tern Relay", "In Quillstore we
    call these Tidemarks") relate nothing the sentence relates: the subject sits in a prepositional phrase. A
    sentence with no subject of its own relates its record to what its verb takes, not to the subject of a clause
    ("The choice of Marlin … is idiomatic"). Two names are one thing where a verb says so, not where both modify a
    third noun ("Marlin names in Quillstore"). Plain sentences keep their relations."""
    write(tmp_path / "docs" / "HR-1.md",
          "# HR-1: Queue storage\n\nStatus: Accepted\n\n## Decision\n\nWe use Quillstore for the harbor queue.\n\n"
          "The choice of Marlin as a client name is idiomatic, and maintainers may choose another.\n")
    write(tmp_path / "docs" / "NOTES.md",
          "# Notes\n\nThe Harbor Gateway depends on Tern Relay.\n\n"
          "Consuming messages from Quillstore requires a large number of options from Tern Relay clients.\n\n"
          "In Quillstore we call these Tidemarks.\n\n"
          "Marlin names in Quillstore are very constrained. The Harbor Gateway was called Gull Gate until May.\n")
    graph, named, typed = _typed_graph(tmp_path / "docs")
    assert ("Harbor Gateway", "DEPENDS_ON", "Tern Relay") in typed, typed
    assert ("HR-1", "DECIDES", "Quillstore") in typed, typed
    wrong = {t for t in typed if {t[0], t[2]} in ({"Quillstore", "Tern Relay"}, {"Quillstore", "Tidemarks"},
                                                  {"HR-1", "Marlin"})}
    assert not wrong, wrong
    merged = {frozenset(named.get(r[end], r[end]) for end in ("source", "target"))
              for r in graph.relationships if r["type"] == "SAME_AS"}
    assert merged == {frozenset({"Harbor Gateway", "Gull Gate"})}, merged


def test_a_predicate_is_read_in_its_voice_and_its_whole_sentence(tmp_path):
    """A verb without an agent "by" is active: "Proposed [Harbor Lights](…)" says what was proposed, not who wrote
    the record ("Written up by Mira Holt" does). A subject standing in for the record ("This decision supersedes …")
    is not the predicate. A name that only modifies the noun a verbless cell is about ("The required Berth API level
    to …") is not its value, and a line that goes on with the sentence above it ("… two main cases to / consider:
    `Harbor Pull` …") is not a field."""
    write(tmp_path / "docs" / "HR-3.md",
          "# HR-3: Ferry queue\n\nStatus: Accepted\n\n## Context\n\nWritten up by Mira Holt.\n\n"
          "Related prior work:\n\n * Proposed [Harbor Lights](https://example.org/pull/36)\n"
          " * Proposed [Tide Window](https://example.org/pull/37)\n\n"
          "When reading from Quillstore there are two main cases to\nconsider: `Harbor Pull` and `Harbor Push`.\n\n"
          "## Headers\n\n| Header | Description |\n|---|---|\n"
          "| `_harbor.req.level` | The required Berth API level to start a ferry |\n")
    write(tmp_path / "docs" / "HR-4.md",
          "# HR-4: Ferry queue on disk\n\nStatus: Accepted\n\n## Decision\n\n"
          "This decision supersedes the queue section of HR-3, which assumed ferries stay in one harbor.\n")
    write(tmp_path / "docs" / "NOTES.md", "# Notes\n\nThe Pilot Board depends on Harbor Pull and Harbor Push.\n")
    _, _, typed = _typed_graph(tmp_path / "docs")
    assert {("HR-3", "AUTHORED_BY", "Mira Holt"), ("HR-4", "SUPERSEDES", "HR-3"),
            ("Pilot Board", "DEPENDS_ON", "Harbor Pull")} <= typed, typed
    wrong = {t for t in typed if {t[0], t[2]} & {"Harbor Lights", "Tide Window", "Berth API"} or t[0] == "HR-3"
             and t[2] in ("Harbor Pull", "Harbor Push")}
    assert not wrong, wrong


def test_a_misspelt_label_is_read_as_the_word_it_misspells(tmp_path):
    """A heading the model does not know as a word, one letter from a word of the vocabulary ("Atendees"), is read as
    that word: its list of initials are the review's attendees, as under a heading spelt right."""
    write(tmp_path / "docs" / "PIR-7.md", "# PIR-7: Pier flood\n\n## Summary\n\nThe pier flooded at noon.\n\n"
                                           "## Atendees\n\n- RF, PW\n")
    write(tmp_path / "docs" / "PIR-8.md", "# PIR-8: Pier fire\n\n## Summary\n\nThe pier burned at noon.\n\n"
                                           "## Attendees\n\n- AN\n")
    _, _, typed = _typed_graph(tmp_path / "docs")
    attended = {(t[0], t[2]) for t in typed if t[1] == "ATTENDED"}
    assert {("RF", "PIR-7"), ("PW", "PIR-7"), ("AN", "PIR-8")} <= attended, typed


def test_a_name_in_brackets_holds_the_role_the_words_before_it_name(tmp_path):
    """"… and incident manager (Mira Holt) appointed" in a review's timeline: Mira Holt led the incident; words
    before brackets that name no relation ("the ferry component (Tern Relay)") relate nothing."""
    write(tmp_path / "docs" / "PIR-9.md",
          "# PIR-9: Pier outage\n\n## Timeline\n\n| Time | Event |\n| --- | --- |\n"
          "| 2021-12-14 11:30 | Initial meeting of all involved and incident manager (Mira Holt) appointed |\n"
          "| 2021-12-14 12:00 | The ferry component (Tern Relay) restarted |\n\n"
          "## Summary\n\nThe pier was down for two hours.\n")
    _, _, typed = _typed_graph(tmp_path / "docs")
    assert ("PIR-9", "LED_BY", "Mira Holt") in typed, typed
    assert not {t for t in typed if "Tern Relay" in (t[0], t[2])}, typed


def test_a_condition_or_an_instruction_relates_nothing(tmp_path):
    """A relation said as a condition of something else ("When the Harbor Gateway is running with Quillstore …",
    "… required unless noted as 'Optional'"), as an instruction to the reader ("Use this for Tern Relay …", "Using
    `Marlin Sonar` to allow …"), of an action ("Pinning consumer on …") or of a noun a name only modifies ("Gull
    connections from Pier Nine"; not "the Berth Ops team", a noun of its kind) is not a fact of the
    corpus; a participle describing the document's subject ("Superseded by HR-1 …") and a plain sentence are."""
    write(tmp_path / "docs" / "HR-1.md",
          "# HR-1: Queue storage\n\nStatus: Accepted\n\n## Decision\n\nWe selected Quillstore for the harbor queue.\n\n"
          "Use this for Tern Relay where full history can be kept.\n\n"
          "Using `Marlin Sonar` to allow retries at the speed the messages were received.\n")
    write(tmp_path / "docs" / "HR-2.md",
          "# HR-2: Queue on disk\n\nStatus: Superseded\n\n## Status note\n\n"
          "Superseded by HR-1 in May; polling put too much load on the berth disks.\n")
    write(tmp_path / "docs" / "NOTES.md",
          "# Notes\n\nThe Pilot Board depends on Tern Relay.\n\n"
          "When the Harbor Gateway is running with Quillstore on cluster mode, there can be short blips in berth "
          "leadership.\n\nBerth Ledger calls are required unless noted as \"Optional/Tidal\".\n\n"
          "**Pinning consumer on the Quillstore stream (single-berth workaround).**\n\n"
          "The Harbor Gateway is owned by the Berth Ops team.\n\n"
          "Security group was updated to allow Gull connections from Pier Nine to the nodes.\n")
    _, _, typed = _typed_graph(tmp_path / "docs")
    assert {("Pilot Board", "DEPENDS_ON", "Tern Relay"), ("HR-1", "DECIDES", "Quillstore"),
            ("HR-1", "SUPERSEDES", "HR-2"), ("Berth Ops", "OWNS", "Harbor Gateway")} <= typed, typed
    wrong = {t for t in typed if {t[0], t[2]} in ({"Harbor Gateway", "Quillstore"}, {"HR-1", "Tern Relay"},
                                                  {"HR-1", "Marlin Sonar"}, {"Berth Ledger", "Optional"},
                                                  {"Berth Ledger", "Tidal"}, {"Pinning", "Quillstore"},
                                                  {"Gull", "Pier Nine"})}
    assert not wrong, wrong
