"""The scale set's distractors: thousands of real design documents of other projects, put beside a devset corpus.

`bench/distractors/sources.json` names each source (repository, commit, folder); this script writes their Markdown
files, unchanged, to `bench/distractors/documents/<source>/` (never committed: other projects' files). A document's
name there is its path in the folder with `/` as `--`, after the source's name, so no two collide and none takes a
devset document's id. `bench/devset.py --distractors 1000,5000` adds the first N of them to each corpus: taken in turn
from each source, each source's files in name order, so any N mixes every project and the same N is the same set.

    .venv/bin/python bench/distractor_set.py --mirror /work/.mirror   # or without --mirror: from GitHub (network)

Where the files come from: `--mirror DIR`, a folder of local git copies (`DIR/<owner>+<name>/repo`, bare or not),
read at the pinned commit; otherwise GitHub's tree listing and raw file service at that commit.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import urllib.request
from itertools import zip_longest
from pathlib import Path

HERE = Path(__file__).resolve().parent / "distractors"
SOURCES = HERE / "sources.json"
DOCUMENTS = HERE / "documents"
SUFFIX = ".md"
TREE = "https://api.github.com/repos/{repository}/git/trees/{commit}?recursive=1"
RAW = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"
FOLDER = "zz-distractors"  # their folder inside a combined corpus


def sources() -> list[dict]:
    return json.loads(SOURCES.read_text(encoding="utf-8"))["sources"]


def _git(git_dir: Path, *args: str) -> bytes:
    done = subprocess.run(["git", f"--git-dir={git_dir}", *args], capture_output=True)
    if done.returncode != 0:
        raise LookupError(done.stderr.decode(errors="replace").strip())
    return done.stdout


def _git_dir(mirror: Path, repository: str) -> Path | None:
    owner_name = repository.replace("/", "+")
    for candidate in (mirror / owner_name / "repo", mirror / f"{owner_name}.git", mirror / owner_name / ".git"):
        if (candidate / "HEAD").is_file():
            return candidate
    return None


def _listing(source: dict, git_dir: Path | None) -> list[str]:
    """The source's Markdown files under its folder, at its commit."""
    if git_dir is not None:
        names = _git(git_dir, "ls-tree", "-r", "--name-only", source["commit"], source["folder"]).decode().splitlines()
    else:
        with urllib.request.urlopen(TREE.format(**source), timeout=60) as response:  # noqa: S310 (a pinned https address)
            names = [e["path"] for e in json.load(response)["tree"] if e["type"] == "blob"]
    return sorted(n for n in names if n.startswith(source["folder"]) and n.endswith(SUFFIX))


def local_name(source: dict, path: str) -> str:
    return f"{source['name']}--{path[len(source['folder']):].replace('/', '--')}"


def fetch(mirror: Path | None) -> list[str]:
    """Writes every source's files that are not in place yet; returns what went wrong, one line per source or file."""
    problems = []
    for source in sources():
        git_dir = _git_dir(mirror, source["repository"]) if mirror else None
        if mirror and git_dir is None:
            problems.append(f"{source['name']}: no copy of {source['repository']} under {mirror}")
            continue
        folder = DOCUMENTS / source["name"]
        folder.mkdir(parents=True, exist_ok=True)
        written = 0
        for path in _listing(source, git_dir):
            target = folder / local_name(source, path)
            if target.is_file():
                continue
            try:
                if git_dir is not None:
                    data = _git(git_dir, "show", f"{source['commit']}:{path}")
                else:
                    url = RAW.format(repository=source["repository"], commit=source["commit"], path=urllib.request.quote(path))
                    with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310
                        data = response.read()
            except (LookupError, OSError) as exc:
                problems.append(f"{source['name']}: {path} could not be read ({exc})")
                continue
            target.write_bytes(data)
            written += 1
        print(f"{source['name']}: {written} files written, {len(list(folder.glob('*' + SUFFIX)))} in place")
    return problems


def available() -> int:
    return sum(len(list((DOCUMENTS / s["name"]).glob("*" + SUFFIX))) for s in sources() if (DOCUMENTS / s["name"]).is_dir())


def select(count: int) -> list[Path]:
    """The first `count` distractors: one from each source in turn, each source's files in name order."""
    per_source = [sorted((DOCUMENTS / s["name"]).glob("*" + SUFFIX)) if (DOCUMENTS / s["name"]).is_dir() else []
                  for s in sources()]
    ordered = [p for row in zip_longest(*per_source) for p in row if p is not None]
    if len(ordered) < count:
        raise SystemExit(f"only {len(ordered)} distractor documents are in {DOCUMENTS}, {count} asked: "
                         "run bench/distractor_set.py first")
    return ordered[:count]


def combined_corpus(documents: Path, count: int, into: Path) -> Path:
    """A copy of a corpus's documents with the first `count` distractors in a folder of their own (copies, not links:
    a corpus leaves out links to files outside it)."""
    corpus = into / "corpus"
    shutil.copytree(documents, corpus, symlinks=False)
    (corpus / FOLDER).mkdir()
    for path in select(count):
        shutil.copyfile(path, corpus / FOLDER / path.name)
    return corpus


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="a folder of local git copies of the source repositories")
    args = parser.parse_args()
    problems = fetch(args.mirror)
    for line in problems:
        print(line, file=sys.stderr)
    print(f"{available()} distractor documents in {DOCUMENTS.relative_to(HERE.parent.parent)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
