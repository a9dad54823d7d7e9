"""Semantics._best: each key's best gloss similarity, computed per key at once, equals the gloss-by-gloss maximum."""

from __future__ import annotations

import numpy as np

from graphrag_bench.language.semantics import Semantics, _Glosses


def test_the_best_similarity_per_key_is_the_gloss_by_gloss_maximum_rounded():
    rng = np.random.default_rng(7)
    keys = [("OWNS", False), ("USES", True), ("OWNS", False), ("OWNS", True), ("USES", True), ("SAME_AS", False)] * 5
    vectors = rng.normal(size=(len(keys), 16)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    table = _Glosses(keys, vectors)
    for _ in range(50):
        vector = rng.normal(size=16).astype(np.float32)
        vector /= np.linalg.norm(vector)
        expected: dict = {}
        for key, score in zip(keys, vectors @ vector):  # one gloss at a time, as a reader would check it
            expected[key] = max(expected.get(key, -1.0), round(float(score), 4))
        got = Semantics._best(table, vector)
        assert got == expected and list(got) == list(dict.fromkeys(keys))
