"""Passage windows: the runs of words of a long chunk that are embedded besides the chunk itself.

One vector for a whole section averages everything it says, and the model reads only its first 256 word pieces: a
question about one sentence deep in a long section ("how much was spent on the 2024 retreat" against a 300-word
minutes section) matches that sentence's window far better than the section. The vector index scores a chunk by the
best of its own vector and its windows' (`retrieval.retrieve.VectorIndex`), so a chunk is found by any part of it.
Each window carries its chunk's first line (the document title and section path), as the chunk does, so it is
understandable on its own. Measured with bench/devset.py on the nine real corpora against no windows: vector +33
points (rust +19, pagerduty +9.5; govuk −3, nats −1.5, k8s −1), hybrid_lexical +2; embedding real documents takes 2.2
times as long (bench/embedding.py --windows, docs/MEASUREMENTS.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# About two sentences: a window says one thing. Windows follow each other without overlap: half-overlapping ones (a
# step of 20 words, so a sentence cut by one window's edge is whole in the next) took half as long again to embed
# (281.6 s of windows against 184.3 s on the devset) and found no more: over the nine real corpora, vector +1 and
# hybrid_lexical +9.5 points for the windows without overlap, the same evidence recall (bench/devset.py).
WINDOW_WORDS = 40


def passage_windows(text: str) -> list[str]:
    """The windows of a chunk's text (its head line, then its body's words): none when the body is one window long."""
    head, _, body = text.partition("\n")
    words = body.split()
    if len(words) <= WINDOW_WORDS:
        return []
    return [f"{head}\n{' '.join(words[start:start + WINDOW_WORDS])}" for start in range(0, len(words), WINDOW_WORDS)]


@dataclass(frozen=True)
class TextsToEmbed:
    """What the embedding store is asked for: the chunks' texts, then their windows', in chunk order."""

    texts: list[str]
    chunks: int  # how many of `texts` are the chunks'
    owners: np.ndarray  # each window's chunk, by its position among the chunks

    @classmethod
    def of(cls, chunk_texts: list[str]) -> "TextsToEmbed":
        windows = [passage_windows(text) for text in chunk_texts]
        owners = np.repeat(np.arange(len(chunk_texts), dtype=np.int64), [len(w) for w in windows])
        return cls([*chunk_texts, *(window for chunk in windows for window in chunk)], len(chunk_texts), owners)

    def chunks_among(self, embedded: set[str]) -> set[int]:
        """The chunks (by position) whose text or one of whose windows is in `embedded`."""
        return ({i for i, text in enumerate(self.texts[:self.chunks]) if text in embedded}
                | {int(self.owners[j]) for j, text in enumerate(self.texts[self.chunks:]) if text in embedded})
