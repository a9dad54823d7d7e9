"""bench/fetch_devset.py on a real git repository written for the test: files placed byte for byte at the pinned
commit, a file whose bytes differ from its listing named and not written, a corpus in place left alone."""

import hashlib
import json

from .bench_scripts import bench_script, committed


def test_files_are_placed_unchanged_from_the_pinned_commit_and_a_changed_file_is_named(tmp_path):
    repo = tmp_path / "mirror" / "harbour+notes"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "KN-1 - Lamp review.md").write_bytes(b"# Lamp review\n\nThe lamp was replaced.\n")
    (repo / "docs" / "KN-2.md").write_bytes(b"# Fog horn\n")
    commit = committed(repo)
    (repo / "docs" / "KN-2.md").write_bytes(b"# Fog horn, rewritten later\n")  # the work tree moves on: the commit counts
    devset = tmp_path / "devset"
    (devset / "notes").mkdir(parents=True)
    good = b"# Lamp review\n\nThe lamp was replaced.\n"
    files = [{"path": "docs/KN-1 - Lamp review.md", "name": "KN-1 - Lamp review.md", "sha256": hashlib.sha256(good).hexdigest()},
             {"path": "docs/KN-2.md", "name": "KN-2.md", "sha256": "0" * 64}]
    (devset / "notes" / "files.json").write_text(json.dumps({"repository": "harbour/notes", "commit": commit, "files": files}))
    fetch = bench_script("fetch_devset").fetch
    problems = fetch("notes", tmp_path / "mirror", devset)
    assert (devset / "notes" / "corpus" / "KN-1 - Lamp review.md").read_bytes() == good
    assert not (devset / "notes" / "corpus" / "KN-2.md").exists()
    assert len(problems) == 1 and "KN-2.md" in problems[0] and "sha256 differs" in problems[0], problems
    assert fetch("notes", tmp_path / "elsewhere", devset) == ["notes: no copy of harbour/notes under " + str(tmp_path / "elsewhere")]
    files.pop()
    (devset / "notes" / "files.json").write_text(json.dumps({"repository": "harbour/notes", "commit": commit, "files": files}))
    assert fetch("notes", None, devset) == []  # all in place: nothing read, not even the network
