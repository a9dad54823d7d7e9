"""A small persistent cache of computed results in one pickle file of the data folder.

Used for per-document extraction results and for the last resolution. `save()` keeps only
the entries read or written since loading, so results of deleted or changed inputs leave
nothing behind; `keep_all()` keeps everything when nothing changed.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from .files import replace_atomically


class ResultCache:
    """Per-document extraction results (or the last resolution) in one pickle file of the data folder.

    `save()` keeps only the entries used since `load`, so deleted or changed documents leave nothing behind.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._old: dict = {}
        self._used: dict = {}
        self._written = False
        if self.path.exists():
            try:
                self._old = pickle.loads(self.path.read_bytes())
            except (pickle.UnpicklingError, EOFError, AttributeError, ImportError):
                self._old = {}  # an unreadable cache only costs a full extraction

    def get(self, key: str):
        if key in self._used:
            return pickle.loads(self._used[key])
        if key in self._old:
            self._used[key] = self._old[key]
            return pickle.loads(self._old[key])
        return None

    def keep_all(self) -> None:
        self._used = {**self._old, **self._used}

    def put(self, key: str, value) -> None:
        self._used[key] = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        self._written = True

    def save(self) -> None:
        if not self._written and self._used.keys() == self._old.keys() and self.path.exists():
            return  # the file already holds exactly this
        replace_atomically(self.path, lambda tmp: tmp.write_bytes(pickle.dumps(self._used, protocol=pickle.HIGHEST_PROTOCOL)))
