"""bench/distractor_set.py on a real git repository written for the test: each source's Markdown files written from
the pinned commit, the first N taken from the sources in turn, and a combined corpus whose own documents keep their ids
beside distractors that take none of them."""

import json

from graphrag_bench.corpus.ingest import load_corpus

from .bench_scripts import bench_script, committed


def test_distractors_are_taken_in_turn_from_each_source_and_leave_the_corpus_ids_alone(tmp_path, monkeypatch):
    repo = tmp_path / "mirror" / "guild+proposals"
    for folder, names in {"lamps": ["0001-amber-lens.md", "0002-brass-mount.md", "0003-tide-gauge.md"],
                          "horns": ["ADR-1.md", "sub/0001-reed.md"]}.items():
        for name in names:
            (repo / folder / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / folder / name).write_text(f"# {name}\n\nA proposal of the guild about {folder}.\n")
    (repo / "lamps" / "notes.txt").write_text("not Markdown\n")
    commit = committed(repo)
    (repo / "lamps" / "0004-later.md").write_text("# Later\n")  # not in the commit: not a distractor
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps({"sources": [
        {"name": "lamps", "repository": "guild/proposals", "commit": commit, "folder": "lamps/"},
        {"name": "horns", "repository": "guild/proposals", "commit": commit, "folder": "horns/"}]}))
    module = bench_script("distractor_set")
    monkeypatch.setattr(module, "SOURCES", sources)
    monkeypatch.setattr(module, "DOCUMENTS", tmp_path / "documents")

    assert module.fetch(tmp_path / "mirror") == []
    assert module.available() == 5
    assert [p.name for p in module.select(4)] == [
        "lamps--0001-amber-lens.md", "horns--ADR-1.md", "lamps--0002-brass-mount.md", "horns--sub--0001-reed.md"]

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "ADR-1.md").write_text("# Harbour lights\n\nThe keepers chose amber lenses.\n")
    (corpus / "0001-amber-lens.md").write_text("# Amber lens\n\nOur own first proposal.\n")
    combined = module.combined_corpus(corpus, 4, tmp_path / "combined")
    ids = {d.doc_id: d.path for d in load_corpus(combined)}
    assert len(ids) == 6
    assert ids["ADR-1"] == "ADR-1.md" and ids["0001-amber-lens.md"] == "0001-amber-lens.md"  # the corpus's own ids
    assert not (combined / module.FOLDER / "horns--ADR-1.md").is_symlink()
