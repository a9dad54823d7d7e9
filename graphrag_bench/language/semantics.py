"""Meaning by similarity: a label, predicate or question phrase compared with the vocabulary.

One `Semantics` object embeds every gloss of `vocabulary` once (with the embedding model
the project ships) and answers: which relation types, in which direction, does this text
name ("Sign-off" → APPROVED_BY, "Caused by" → CAUSED seen from the target); which entity
type does this noun name ("post-incident review" → incident); how close are two phrases.
Texts are embedded once per process (and can be handed a persistent vector store), and
similarities are rounded, so the same text always gets the same reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple

import numpy as np
from rapidfuzz.distance import Levenshtein

from ..graph.vocabulary import ENTITY_TYPES, MATCHABLE, QUESTION_SHAPES, RELATIONS

# Below this similarity a label names no vocabulary relation: the fact is kept as RELATED_TO with its label.
RELATION_THRESHOLD = 0.65
# A label that clearly names some relation, but one its two ends cannot have ("Owning unit" reads first as
# membership, yet a system is no member), is read as the best relation the ends can have above this.
RELAXED_THRESHOLD = 0.5
TYPE_THRESHOLD = 0.5
TYPE_MARGIN = 0.1  # a noun names a type only if it names no other nearly as well
MAX_WORDS = 10
MIN_TYPO_LENGTH = 6  # a shorter word one letter from a gloss word is as likely another word as a typo
AGENT = re.compile(r"\bby\b")  # the passive's agent: "written by"


class Reading(NamedTuple):
    """A relation a text may name: `inverse` when the thing described is the relation's target."""

    relation: str
    inverse: bool
    score: float


@lru_cache(maxsize=1 << 16)
def normalize_label(text: str, max_words: int = MAX_WORDS) -> str:
    """Markdown and punctuation off, lower case, at most MAX_WORDS words: the form that is embedded."""
    text = re.sub(r"[`*_#>|]+", " ", text)
    text = re.sub(r"\((?:s|es)\)", "", text)
    text = " ".join(text.lower().split()[:max_words])
    return text.strip(" :.-—–,;")


@dataclass
class _Glosses:
    keys: list[tuple[str, bool]]  # (relation, inverse) per gloss
    vectors: np.ndarray

    def __post_init__(self) -> None:
        # The glosses grouped by key, for one vectorised maximum per key (`Semantics._best`).
        self.unique = list(dict.fromkeys(self.keys))
        group = {k: i for i, k in enumerate(self.unique)}
        ids = np.array([group[k] for k in self.keys], dtype=np.int64)
        self.order = np.argsort(ids, kind="stable")
        self.starts = np.searchsorted(ids[self.order], np.arange(len(self.unique)))


class Semantics:
    """Similarity of texts to the vocabulary. `embedder` is anything with `encode(list[str]) -> ndarray`."""

    def __init__(self, embedder, vectors: dict[str, np.ndarray] | None = None):
        self.embedder = embedder
        self._vectors: dict[str, np.ndarray] = dict(vectors or {})
        glosses = [((name, False), g) for name in MATCHABLE for g in RELATIONS[name].forward] \
            + [((name, True), g) for name in MATCHABLE for g in RELATIONS[name].inverse]
        self._relations = self._gloss_table(glosses)
        self._gloss_words = frozenset(w for _, g in glosses for w in g.split() if w.isalpha())
        self._spellings: dict[str, str] = {}
        # A sentence's verb with no agent "by" ("Proposed [Consumer Groups]") is active: its object is what was
        # proposed, not who proposed; the passive glosses ("proposed by") are not its meaning.
        self._active_relations = self._gloss_table([(k, g) for k, g in glosses if not AGENT.search(g)])
        self._types = self._gloss_table([((name, False), g) for name, t in ENTITY_TYPES.items() if name != "date"
                                         for g in (*t.glosses, t.description)])
        self._shapes = self._gloss_table([((shape.name, False), g) for shape in QUESTION_SHAPES for g in shape.glosses])
        self._readings: dict[tuple[str, bool], list[Reading]] = {}
        self._type_scores: dict[str, dict[str, float]] = {}
        self._entity_types: dict[tuple, str | None] = {}

    # -- vectors -------------------------------------------------------------------------------------------------
    def prepare(self, texts: Iterable[str]) -> None:
        """Embed every text not seen yet, in one sorted batch (a batch per corpus keeps runs reproducible)."""
        missing = sorted({normalize_label(t) for t in texts} - set(self._vectors) - {""})
        if missing:
            for text, vector in zip(missing, self.embedder.encode(missing)):
                self._vectors[text] = np.asarray(vector, dtype=np.float32)

    def vector(self, text: str) -> np.ndarray | None:
        key = normalize_label(text)
        if not key:
            return None
        if key not in self._vectors:
            self.prepare([key])
        return self._vectors[key]

    @property
    def known_vectors(self) -> dict[str, np.ndarray]:
        """Every vector embedded so far (for a persistent store next to the extraction cache)."""
        return self._vectors

    def _gloss_table(self, items: list[tuple[tuple[str, bool], str]]) -> _Glosses:
        self.prepare(g for _, g in items)
        return _Glosses([k for k, _ in items], np.stack([self._vectors[normalize_label(g)] for _, g in items]))

    @staticmethod
    def _best(table: _Glosses, vector: np.ndarray) -> dict[tuple[str, bool], float]:
        """Each key's best similarity over its glosses, rounded to 4 places (rounding is monotone: the rounded best
        is the best of the rounded), keys above −1 only."""
        if not table.unique:
            return {}
        scores = np.maximum.reduceat((table.vectors @ vector)[table.order], table.starts).tolist()
        return {key: rounded for key, score in zip(table.unique, scores) if (rounded := round(score, 4)) > -1.0}

    # -- readings --------------------------------------------------------------------------------------------------
    def readings(self, text: str, voiced: bool = False) -> list[Reading]:
        """Every (relation, direction) with its similarity to the text, best first. `voiced`: the text is a
        sentence's predicate, whose voice counts: without an agent "by" it is not read as a passive gloss."""
        key = self._spelled(normalize_label(text))
        active = voiced and not AGENT.search(key)
        if (key, active) not in self._readings:
            vector = self.vector(key)
            table = self._active_relations if active else self._relations
            scores = self._best(table, vector) if vector is not None else {}
            self._readings[(key, active)] = sorted((Reading(r, inv, s) for (r, inv), s in scores.items()),
                                                   key=lambda x: (-x.score, x.relation, x.inverse))
        return self._readings[(key, active)]

    def _spelled(self, key: str) -> str:
        """A label with each long word the model does not know that is one letter away from exactly one word of the
        vocabulary's glosses written as that word: "Atendees" (a heading's typo) reads as "attendees". A word the
        model knows is a word, whatever it is near ("server" is not "serves")."""
        knows = getattr(self.embedder, "knows", None)
        if knows is None:
            return key
        if key not in self._spellings:
            words = []
            for word in key.split():
                if len(word) >= MIN_TYPO_LENGTH and word.isalpha() and word not in self._gloss_words and not knows(word):
                    near = [g for g in self._gloss_words if Levenshtein.distance(word, g, score_cutoff=1) == 1]
                    word = near[0] if len(near) == 1 else word
                words.append(word)
            self._spellings[key] = " ".join(words)
        return self._spellings[key]

    def type_scores(self, text: str) -> dict[str, float]:
        key = normalize_label(text)
        if key not in self._type_scores:
            vector = self.vector(key)
            self._type_scores[key] = ({name: score for (name, _), score in self._best(self._types, vector).items()}
                                      if vector is not None else {})
        return self._type_scores[key]

    def entity_type(self, text: str, allowed: Iterable[str] | None = None) -> str | None:
        """The entity type a noun names ("post-incident review" → incident), or None when it names none clearly."""
        allowed = tuple(allowed) if allowed is not None else None
        key = (normalize_label(text), allowed)
        if key not in self._entity_types:  # asked for the first word of every sentence predicate
            self._entity_types[key] = self._entity_type(text, allowed)
        return self._entity_types[key]

    def _entity_type(self, text: str, allowed: tuple[str, ...] | None) -> str | None:
        scores = self.type_scores(text)
        permitted = set(allowed) if allowed is not None else set(scores)
        ranked = sorted(((s, t) for t, s in scores.items() if t in permitted), reverse=True)
        if not ranked or ranked[0][0] < TYPE_THRESHOLD:
            return None
        if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < TYPE_MARGIN:
            return None
        return ranked[0][1]

    def shape_score(self, text: str, shape: str) -> float:
        vector = self.vector(text)
        if vector is None:
            return 0.0
        return max((s for (name, _), s in self._best(self._shapes, vector).items() if name == shape), default=0.0)

    def similarity(self, a: str, b: str) -> float:
        va, vb = self.vector(a), self.vector(b)
        if va is None or vb is None:
            return 0.0
        return round(float(va @ vb), 4)
