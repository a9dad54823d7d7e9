"""Documents: stable ids, 1-based line spans, and bad input named by file and field."""

import pytest

from graphrag_bench.errors import InputError
from graphrag_bench.ingest import chunk_document, document_id, load_corpus, normalize_doc_ref

from .conftest import write


def test_document_ids_follow_the_precedence_rules():
    assert document_id("whatever.md", "---\nid: ADR-009\n---\n# x") == "ADR-009"
    assert document_id("ADR-001-graph-store.md", "# x") == "ADR-001"
    assert document_id("MEETING-2026-02-15-review.md", "# x") == "MEETING-2026-02-15"
    assert document_id("SOP-deployment.md", "# x") == "SOP-deployment"
    assert document_id("DEPENDENCIES.md", "# x") == "DEPENDENCIES.md"


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


def test_citations_compare_case_insensitively_with_or_without_md():
    assert normalize_doc_ref("DEPENDENCIES.md") == normalize_doc_ref("dependencies") == "dependencies"
    assert normalize_doc_ref("adr-001") == normalize_doc_ref("ADR-001")


@pytest.mark.parametrize("setup, fragment", [
    (lambda d: None, "does not exist"),
    (lambda d: d.mkdir(), "has no documents"),
    (lambda d: write(d / "a.md", "   \n"), "document is empty"),
    (lambda d: (d.mkdir(), (d / "bad.md").write_bytes(b"# ok\n\xff\xfe broken")), "not UTF-8 (invalid byte at line 2)"),
    (lambda d: (d.mkdir(), (d / "bin.md").write_bytes(b"\x00\x01\x02")), "binary file"),
    (lambda d: (write(d / "ADR-001-a.md", "# a"), write(d / "ADR-001-b.md", "# b")), "duplicate document id"),
])
def test_bad_corpus_input_names_the_file(tmp_path, setup, fragment):
    folder = tmp_path / "docs"
    setup(folder)
    with pytest.raises(InputError) as err:
        load_corpus(folder)
    assert fragment in str(err.value)
    assert str(folder) in str(err.value) or err.value.file.endswith(".md")
