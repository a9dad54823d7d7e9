"""The corpora one installation benchmarks, side by side: a name → its documents, its questions and its own folders.

The default corpus is the one the settings name (GRAPHRAG_CORPUS_DIR, GRAPHRAG_QUESTIONS_FILE) and keeps the data
folder itself. Every other corpus is registered under a name in `<data folder>/corpora.json` and gets its own data
folder (`corpora/<name>/`: graph, index, caches) and results folder (`<results>/corpora/<name>/`), so two corpora never share
a store or a cache. The names are the orchestrator's corpus partitions; this module knows nothing of it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..runtime.files import locked, replace_atomically

DEFAULT_CORPUS = "default"
REGISTRY_FILE = "corpora.json"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,62}")


@dataclass(frozen=True)
class CorpusSource:
    """Where one corpus's inputs are and where its outputs go."""

    name: str
    corpus_dir: str
    questions_file: str
    data_dir: str
    results_dir: str


class CorpusRegistry:
    """The registered corpora of one data folder (the default corpus is implicit, never in the file)."""

    def __init__(self, data_dir: str | Path, results_dir: str | Path):
        self.data_dir, self.results_dir = Path(data_dir), Path(results_dir)
        self.path = self.data_dir / REGISTRY_FILE

    def names(self) -> list[str]:
        return sorted(self._entries())

    def source(self, name: str) -> CorpusSource:
        """A registered corpus by name; InputError naming the registry when there is none."""
        entry = self._entries().get(name)
        if entry is None:
            known = ", ".join([DEFAULT_CORPUS, *self.names()])
            raise InputError(self.path, f"no corpus registered under this name (registered: {known})", item=name)
        return CorpusSource(name, entry["corpus_dir"], entry["questions_file"],
                            str(self.data_dir / "corpora" / name), str(self.results_dir / "corpora" / name))

    def register(self, name: str, corpus_dir: str | Path, questions_file: str | Path) -> CorpusSource:
        """Add or update a corpus (the caller has checked that its documents and questions load)."""
        if name == DEFAULT_CORPUS or not NAME.fullmatch(name):
            raise InputError(self.path, "a corpus name is lowercase letters, digits, '-' and '_' (at most 63), "
                             f"and not {DEFAULT_CORPUS!r}", item=name, field="name")
        with locked(self.path.with_name(f".{REGISTRY_FILE}.lock")):
            entries = self._entries()
            entries[name] = {"corpus_dir": str(Path(corpus_dir).resolve()), "questions_file": str(Path(questions_file).resolve())}
            replace_atomically(self.path, lambda tmp: tmp.write_text(json.dumps(entries, indent=2, sort_keys=True) + "\n",
                                                                     encoding="utf-8"))
        return self.source(name)

    def _entries(self) -> dict[str, dict[str, str]]:
        if not self.path.exists():
            return {}
        try:
            entries = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(self.path, f"not a readable corpus registry ({exc})") from None
        if not isinstance(entries, dict):
            raise InputError(self.path, "a corpus registry is a JSON object of name → {corpus_dir, questions_file}")
        for name, entry in entries.items():
            for field in ("corpus_dir", "questions_file"):
                if not isinstance(entry, dict) or not isinstance(entry.get(field), str):
                    raise InputError(self.path, "missing or not a path", item=name, field=field)
        return entries

