"""Documents: stable ids, 1-based line spans, and bad input named by file and field."""

import os
import re

import pytest

from graphrag_bench.errors import InputError
from graphrag_bench.corpus.ingest import (DOC_SUFFIXES, chunk_document, document_files, document_id, document_title, load_corpus,
                                         normalize_doc_ref)
from graphrag_bench.graph.keys import KEY_FORMAT

from ..conftest import write


def test_document_ids_follow_the_precedence_rules():
    assert document_id("whatever.md", "---\nid: ADR-009\n---\n# x") == "ADR-009"
    assert document_id("ADR-001-graph-store.md", "# x") == "ADR-001"
    assert document_id("MEETING-2026-02-15-review.md", "# x") == "MEETING-2026-02-15"
    assert document_id("SOP-deployment.md", "# x") == "SOP-deployment"
    assert document_id("DEPENDENCIES.md", "# x") == "DEPENDENCIES.md"


def test_a_title_is_the_first_heading_else_the_front_matter_title_else_the_file_name():
    assert document_title("---\ntitle: Restock the kiosks\n---\n# Kiosk restocking\nText.", "kiosks") == "Kiosk restocking"
    # A site generator's page: no heading in the file, its title in the front matter (quoted or not).
    assert document_title("---\nowner: '#kiosk-team'\ntitle: \"Restock the kiosks\"\n---\nText.", "kiosks") == "Restock the kiosks"
    assert document_title("---\nowner: x\n---\nText.\ntitle: not front matter", "kiosks") == "kiosks"


def test_a_heading_half_the_corpus_shares_is_a_template_section_not_a_title(tmp_path):
    """Every proposal opens with "# Meta": each is titled by its front matter, else by its file name's words."""
    write(tmp_path / "0007-kiosk-restocking.md", "# Meta\n- Name: Kiosk restocking\n")
    write(tmp_path / "0008-night-buses.md", "---\ntitle: Night buses\n---\n# Meta\n- Name: Buses\n")
    write(tmp_path / "0009-2024Q3-tram-fares.md", "# Meta\n- Name: Tram fares\n")
    write(tmp_path / "0010-ferry-timetable.md", "# Ferry timetable\nText.\n")
    titles = {d.path: d.title for d in load_corpus(tmp_path)}
    assert titles == {"0007-kiosk-restocking.md": "kiosk restocking", "0008-night-buses.md": "Night buses",
                      "0009-2024Q3-tram-fares.md": "2024Q3 tram fares", "0010-ferry-timetable.md": "Ferry timetable"}
    # Beside another collection's documents in a folder of their own (more of them than the proposals), the
    # proposals' template is still theirs; the other collection's first headings, each its own, stay titles.
    for n in range(8):
        write(tmp_path / "minutes" / f"minutes-{n}.md", f"# Harbour minutes {n}\nText.\n")
    titles = {d.path: d.title for d in load_corpus(tmp_path)}
    assert titles["0007-kiosk-restocking.md"] == "kiosk restocking" and titles["minutes/minutes-3.md"] == "Harbour minutes 3"


def test_default_corpus_has_the_twelve_documents(documents):
    ids = {d.doc_id for d in documents}
    assert ids == {"ADR-001", "ADR-002", "INC-001", "INC-002", "SOP-deployment", "SOP-incident-response",
                   "MEETING-2026-02-15", "MEETING-2026-02-20", "SYSTEMS_MAP.md", "PEOPLE_ROLES.md",
                   "CHANGELOG.md", "DEPENDENCIES.md"}


def test_chunk_line_spans_point_at_the_stored_lines(documents):
    for doc in documents:
        lines = doc.text.split("\n")
        for chunk in chunk_document(doc):
            body = chunk.text.split("\n", 1)[1]
            assert body.split("\n")[0] == lines[chunk.start_line - 1]
            assert body.split("\n")[-1] == lines[chunk.end_line - 1]


def test_a_chunk_is_headed_by_its_sections_path(tmp_path):
    """Two sections of one name under different parents ("Limits" of each kind of ferry) are told apart."""
    write(tmp_path / "FERRY-1.md", "# Ferries\nIntro.\n## Day ferries\n### Limits\n200 passengers.\n"
          "## Night ferries\n### Limits\n80 passengers.\n# Appendix\nNotes.\n")
    (doc,) = load_corpus(tmp_path)
    heads = [c.text.split("\n", 1)[0] for c in chunk_document(doc)]
    assert heads == ["Ferries — Ferries", "Ferries — Day ferries › Limits", "Ferries — Night ferries › Limits",
                     "Ferries — Appendix"], heads


def test_citations_compare_case_insensitively_with_or_without_md():
    assert normalize_doc_ref("DEPENDENCIES.md") == normalize_doc_ref("dependencies") == "dependencies"
    assert normalize_doc_ref("adr-001") == normalize_doc_ref("ADR-001")


@pytest.mark.parametrize("setup, fragment", [
    (lambda d: None, "does not exist"),
    (lambda d: d.mkdir(), "has no documents"),
    (lambda d: write(d / "a.md", "   \n"), "no usable documents (a.md:1: document is empty, skipped)"),
    (lambda d: (d.mkdir(), (d / "bad.md").write_bytes(b"# ok\n\xff\xfe broken")), "not UTF-8 (invalid byte at line 2)"),
])
def test_bad_corpus_input_names_the_file(tmp_path, setup, fragment):
    folder = tmp_path / "docs"
    setup(folder)
    with pytest.raises(InputError) as err:
        load_corpus(folder)
    assert fragment in str(err.value)
    assert str(folder) in str(err.value) or err.value.file.endswith(".md")


def test_unusable_documents_are_skipped_with_warnings_and_the_rest_builds(tmp_path):
    write(tmp_path / "ADR-001-a.md", "# ADR-001\n\nAuthor: Ana Souza\n")
    write(tmp_path / "ADR-001-b.md", "# also ADR-001\n")
    write(tmp_path / "empty.md", "\n\n")
    (tmp_path / "blob.md").write_bytes(b"# x\n\x00\x01")
    write(tmp_path / "fence.md", "# Diagram\n\n```\nA --> B\n")
    warnings: list[str] = []
    docs = load_corpus(tmp_path, warnings)
    assert [d.doc_id for d in docs] == ["ADR-001", "fence.md"]
    assert docs[0].path == "ADR-001-a.md" and docs[0].also_declared_by == ("ADR-001-b.md",)
    assert ("ADR-001-b.md:1: duplicate document id 'ADR-001' (already used by ADR-001-a.md), left out; "
            "the audit fails until one of them changes its id") in warnings
    assert "empty.md:1: document is empty, skipped" in warnings
    assert "blob.md:2: binary file (NUL byte), skipped" in warnings
    assert "fence.md:3: code fence is never closed; the rest of the file is read as a fence" in warnings


def test_links_leading_out_of_the_corpus_are_refused_with_a_warning(tmp_path):
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "elsewhere"
    write(corpus / "ADR-001.md", "# ADR-001\n\nAuthor: Ana Souza\n")
    write(elsewhere / "SECRET.md", "# Secret\n\nNot part of the corpus.\n")
    write(elsewhere / "more" / "NOTES.md", "# Notes\n\nNot part of it either.\n")
    (corpus / "secret.md").symlink_to(elsewhere / "SECRET.md")
    (corpus / "linked-folder").symlink_to(elsewhere / "more", target_is_directory=True)
    warnings: list[str] = []
    docs = load_corpus(corpus, warnings)
    assert [d.doc_id for d in docs] == ["ADR-001"]
    assert "secret.md:1: links outside the corpus folder, skipped" in warnings
    assert not any("Not part" in d.text for d in docs)


def test_a_link_loop_and_a_hard_link_are_skipped_with_a_warning_and_the_rest_builds(tmp_path):
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "elsewhere"
    write(corpus / "ADR-001.md", "# ADR-001\n\nAuthor: Ana Souza\n")
    write(elsewhere / "SECRET.md", "# Secret\n\nNot part of the corpus.\n")
    (corpus / "loop-a.md").symlink_to(corpus / "loop-b.md")
    (corpus / "loop-b.md").symlink_to(corpus / "loop-a.md")
    (corpus / "gone.md").symlink_to(corpus / "never-written.md")
    os.link(elsewhere / "SECRET.md", corpus / "secret.md")  # a hard link: nothing in the corpus says where it leads
    warnings: list[str] = []
    docs = load_corpus(corpus, warnings)
    assert [d.doc_id for d in docs] == ["ADR-001"]
    for name in ("loop-a.md", "loop-b.md", "gone.md"):
        assert f"{name}:1: a link that leads to no file (a loop or a missing target), skipped" in warnings
    assert any(w.startswith("secret.md:1: has 2 hard links") for w in warnings), warnings


def test_the_corpus_listing_finds_what_a_recursive_glob_finds_in_the_same_order(tmp_path):
    # One directory scan per folder replaced a glob with a stat and a path resolution per file: same files, same order.
    corpus = tmp_path / "corpus"
    for name in ["b.md", "a-b.md", "a/b.md", "a/c/d.MD", "a.b/x.txt", ".hidden/y.md", ".md", "z.markdown", "notes.pdf",
                 "folder.md/inner.md", "deep/er/est/e.md", "A/upper.md"]:
        write(corpus / name, "# Title\n\ntext\n")
    (corpus / "linked").symlink_to(corpus / "a", target_is_directory=True)  # not entered, as rglob does not enter it
    (corpus / "link.md").symlink_to(corpus / "b.md")
    expected = sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() in DOC_SUFFIXES)
    assert [f.relative for f in document_files(corpus)] == [p.relative_to(corpus).as_posix() for p in expected]
    assert [f.linked for f in document_files(corpus)] == [p.is_symlink() for p in expected]


def test_file_names_with_spaces_and_any_unicode_get_ids_the_audit_accepts(tmp_path):
    names = ["Réunion notes é.md", "notes 2026 (draft).txt", "日本の設計.md", "Ωmega plan.md", "a b.md", "a-b.md"]
    for name in names:
        write(tmp_path / name, f"# {name}\n\nAuthor: Ana Souza\n")
    write(tmp_path / "declared.md", "---\nid: Décision 7\n---\n# Seven\n")
    warnings: list[str] = []
    docs = {d.path: d for d in load_corpus(tmp_path, warnings)}
    assert warnings == [] and set(docs) == {*names, "declared.md"}  # every file kept, under its own name
    assert docs["Réunion notes é.md"].doc_id == "Reunion-notes-e.md"
    assert docs["notes 2026 (draft).txt"].doc_id == "notes-2026-draft.txt"
    assert docs["declared.md"].doc_id == "Decision-7"
    assert len({d.doc_id.lower() for d in docs.values()}) == len(docs)  # a b / a-b and the two non-Latin names apart
    for doc in docs.values():
        assert re.fullmatch(KEY_FORMAT, f"artifact:{doc.doc_id}"), doc.doc_id
    # A citation written with the file's own name finds the document.
    assert normalize_doc_ref("Réunion notes é.md") == normalize_doc_ref(docs["Réunion notes é.md"].doc_id)


def test_a_document_over_the_size_limit_is_left_out_with_a_warning(tmp_path, monkeypatch):
    write(tmp_path / "ADR-001.md", "# ADR-001\n\nAuthor: Ana Souza\n")
    write(tmp_path / "EXPORT.md", "# Export\n\n" + "The Gateway depends on the Auth Service.\n" * 30_000)  # ~1.2 MB
    monkeypatch.setenv("GRAPHRAG_MAX_DOCUMENT_MB", "1")
    warnings: list[str] = []
    assert [d.doc_id for d in load_corpus(tmp_path, warnings)] == ["ADR-001"]
    assert warnings == ["EXPORT.md:1: 1.2 MB is over the document size limit of 1 MB (GRAPHRAG_MAX_DOCUMENT_MB), skipped"]
    monkeypatch.setenv("GRAPHRAG_MAX_DOCUMENT_MB", "nan")
    with pytest.raises(InputError, match="GRAPHRAG_MAX_DOCUMENT_MB"):
        load_corpus(tmp_path)
