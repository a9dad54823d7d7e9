"""Puts each devset corpus's documents in place, unchanged, from the repository and commit it was taken from.

A corpus's `bench/devset/<name>/files.json` names the repository, the commit, and every file (its path there, the
name it has in `corpus/`, its sha256). This script writes the files to `bench/devset/<name>/corpus/`, each checked
against its sha256; a corpus whose files are all in place already is left as it is. The documents are other
organisations' files, so they are never committed (see bench/devset/README.md).

    .venv/bin/python bench/fetch_devset.py [--mirror DIR] [--only NAME,...]

Where the files come from: `--mirror DIR`, a folder of local git copies (`DIR/<owner>+<name>/repo` or
`DIR/<owner>+<name>.git`, bare or not), read with `git show COMMIT:PATH`; otherwise GitHub's raw file service at
the pinned commit (needs the network). A file whose bytes do not match is named and not written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

DEVSET = Path(__file__).resolve().parent / "devset"
RAW = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"


def _git_dir(mirror: Path, repository: str) -> Path | None:
    owner_name = repository.replace("/", "+")
    for candidate in (mirror / owner_name / "repo", mirror / f"{owner_name}.git", mirror / owner_name):
        if candidate.is_dir():
            return candidate
    return None


def _bytes(listing: dict, path: str, git_dir: Path | None) -> bytes:
    if git_dir is not None:
        shown = subprocess.run(["git", f"--git-dir={git_dir}" if (git_dir / "HEAD").is_file() else f"--git-dir={git_dir / '.git'}",
                                "show", f"{listing['commit']}:{path}"], capture_output=True)
        if shown.returncode != 0:
            raise LookupError(shown.stderr.decode(errors="replace").strip())
        return shown.stdout
    url = RAW.format(repository=listing["repository"], commit=listing["commit"], path=urllib.request.quote(path))
    with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 (a pinned https address)
        return response.read()


def fetch(name: str, mirror: Path | None, devset: Path = DEVSET) -> list[str]:
    """Places one corpus's files; returns what went wrong, one line per file."""
    folder = devset / name
    listing = json.loads((folder / "files.json").read_text(encoding="utf-8"))
    corpus = folder / "corpus"
    missing = [f for f in listing["files"] if not (corpus / f["name"]).is_file()
               or hashlib.sha256((corpus / f["name"]).read_bytes()).hexdigest() != f["sha256"]]
    if not missing:
        print(f"{name}: {len(listing['files'])} files in place")
        return []
    git_dir = _git_dir(mirror, listing["repository"]) if mirror else None
    if mirror and git_dir is None:
        return [f"{name}: no copy of {listing['repository']} under {mirror}"]
    corpus.mkdir(parents=True, exist_ok=True)
    problems = []
    for f in missing:
        try:
            data = _bytes(listing, f["path"], git_dir)
        except (LookupError, OSError) as exc:
            problems.append(f"{name}/{f['name']}: {f['path']} at {listing['commit'][:12]} could not be read ({exc})")
            continue
        if hashlib.sha256(data).hexdigest() != f["sha256"]:
            problems.append(f"{name}/{f['name']}: {f['path']} at {listing['commit'][:12]} is not the file listed (sha256 differs)")
            continue
        (corpus / f["name"]).write_bytes(data)
    print(f"{name}: {len(missing) - len(problems)} of {len(missing)} missing files written")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="a folder of local git copies of the source repositories")
    parser.add_argument("--only", default="", help="comma-separated corpus names")
    args = parser.parse_args()
    wanted = {w.strip() for w in args.only.split(",") if w.strip()}
    names = sorted(d.name for d in DEVSET.iterdir() if (d / "files.json").is_file() and (not wanted or d.name in wanted))
    problems = [p for name in names for p in fetch(name, args.mirror)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
