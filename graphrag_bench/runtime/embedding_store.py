"""Embeddings computed once per text: a persistent store keyed by content hash and model identity.

The nightly job would otherwise spend most of its time re-embedding text that did not change.
A vector is kept under sha256(text) together with the identity of the model that made it
(`Embedder.identity`); vectors of another model are never reused, so changing the model
invalidates the whole store. Texts no longer asked for are dropped when the store is saved
(`prune=True`), so deleted chunks leave it. One parquet file per store, replaced atomically.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import polars as pl

from .files import replace_atomically, set_aside


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class EmbeddingCounts:
    """What one call cost: vectors reused from the store, computed now, and dropped from it."""

    reused: int
    computed: int
    removed: int
    invalidated: int  # stored by another model (or dimension), so not reusable

    def as_dict(self) -> dict:
        return asdict(self)


class EmbeddingStore:
    def __init__(self, path: str | Path, model_identity: str):
        self.path, self.model_identity = Path(path), model_identity
        self._keys: list[str] = []
        self._vectors = np.zeros((0, 0), dtype=np.float32)  # no store yet: nothing of any shape
        self._invalid = 0
        if self.path.exists():
            try:
                frame = pl.read_parquet(self.path).select("key", "model", "vector")
            except (pl.exceptions.PolarsError, OSError) as exc:  # truncated, foreign, or not Parquet at all
                set_aside(self.path, str(exc).splitlines()[0][:120])
                return
            current = frame.filter(pl.col("model") == model_identity)
            self._invalid = frame.height - current.height
            if current.height:
                self._keys = current["key"].to_list()
                self._vectors = current["vector"].to_numpy().astype(np.float32, copy=False)

    def __len__(self) -> int:
        return len(self._keys)

    def missing(self, texts: list[str]) -> list[str]:
        """The texts the store holds no vector for, each once, in order."""
        known = set(self._keys)
        return [t for t in dict.fromkeys(texts) if text_key(t) not in known]

    def absorb(self, parts: list[Path]) -> int:
        """Vectors other processes stored in part stores of the same model (a sharded build's), kept here and saved;
        how many were new. A part that cannot be read is skipped: its texts are embedded again when asked for."""
        known = set(self._keys)
        keys, vectors = [], []
        for part in parts:
            stored = EmbeddingStore(part, self.model_identity)
            for key, vector in zip(stored._keys, stored._vectors):
                if key not in known and (not len(self._keys) or vector.shape == self._vectors.shape[1:]):
                    known.add(key)
                    keys.append(key)
                    vectors.append(vector)
        if keys:
            stacked = np.stack(vectors).astype(np.float32, copy=False)
            self._keys = [*self._keys, *keys]
            self._vectors = np.concatenate([self._vectors, stacked]) if len(self._vectors) else stacked
            self._save(stacked.shape[1])
        return len(keys)

    def vectors(self, texts: list[str], embedder, prune: bool = True) -> tuple[np.ndarray, EmbeddingCounts]:
        """A vector per text, in order; only texts the store has not seen are embedded, each once."""
        keys = [text_key(t) for t in texts]
        position = {k: i for i, k in enumerate(self._keys)}
        missing: dict[str, str] = {}
        for key, text in zip(keys, texts):
            if key not in position:
                missing.setdefault(key, text)
        # The model (and its dimension) is needed only when something must be embedded; stored vectors of
        # the same model identity already have its shape.
        dimension = embedder.dimension if missing or not self._keys else self._vectors.shape[1]
        if self._vectors.shape[1:] != (dimension,):  # another model's shape: nothing reusable
            self._invalid += len(self._keys)
            self._keys, self._vectors = [], np.zeros((0, dimension), np.float32)
            position, missing = {}, dict(zip(keys, texts))
        all_keys = [*self._keys, *missing]
        table = np.concatenate([self._vectors, embedder.encode(list(missing.values()))]) if missing else self._vectors
        index = {k: i for i, k in enumerate(all_keys)}
        result = table[[index[k] for k in keys]] if keys else np.zeros((0, dimension), np.float32)
        wanted = set(keys)
        kept = [i for i, k in enumerate(all_keys) if k in wanted] if prune else list(range(len(all_keys)))
        removed = len(all_keys) - len(kept)
        changed = bool(missing) or removed or self._invalid
        self._keys, self._vectors, invalidated = [all_keys[i] for i in kept], table[kept], self._invalid
        self._invalid = 0
        if changed:
            self._save(dimension)
        reused = len(set(keys)) - len(missing)
        return result, EmbeddingCounts(reused=reused, computed=len(missing), removed=removed, invalidated=invalidated)

    def _save(self, dimension: int) -> None:
        frame = pl.DataFrame({"key": self._keys, "model": [self.model_identity] * len(self._keys),
                              "vector": pl.Series(self._vectors, dtype=pl.Array(pl.Float32, dimension))})
        replace_atomically(self.path, frame.write_parquet)
