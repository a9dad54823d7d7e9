"""graph_ppr: personalized PageRank over the question's graph neighbourhood (the ranking of HippoRAG 2, bounded).

The restart distribution is the question's anchored entities (when it names none: the entities of its vector seed
passages, weighted by how often they occur there). The graph walked is what the allowlisted 1- and 2-hop templates
return from those entities, within the same bounds as `graphrag` (≤ 8 starts, ≤ 50 nodes, ≤ 2 hops), so no query
leaves SPEC §2's templates. PageRank spreads the restart weight over that neighbourhood; passages are ranked by the
summed scores of the entities they mention (ties: the vector ranking), facts by the scores of their two ends, packed
into the same 5 KB. Everything else (caches, fallback when the store is down, `empty`) is `GraphRetriever`'s.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from .retrieve import MAX_PINS, Fact, GraphRetriever, Passage, Retrieval, _ms

DAMPING = 0.5  # HippoRAG's setting: each step follows an edge with probability 0.5, else restarts at the question
TOLERANCE, MAX_ITERATIONS = 1e-10, 500  # networkx's stopping rule: L1 change below n × tolerance
DIGITS = 9  # scores are rounded before ranking, so float noise never reorders ties


def personalized_pagerank(facts: Iterable[Fact], restart: dict[str, float]) -> dict[str, float]:
    """PageRank of every node of the facts' graph (undirected; several facts between two entities make a heavier
    edge), restarting at `restart` (node → weight); a node without edges hands its score back to the restart.

    The same fixed point as `networkx.pagerank(graph, alpha=DAMPING, personalization=restart)` (tests compare them),
    by power iteration on a dense matrix: the neighbourhood has ≤ 50 nodes, where networkx's conversion to a sparse
    matrix alone costs more than the whole iteration (≈ 3 ms a question)."""
    facts = [f for f in facts if f.source != f.target]
    nodes = sorted({*restart, *(f.source for f in facts), *(f.target for f in facts)})
    total = sum(restart.values())
    if not nodes or total <= 0:
        return {}
    index = {node: i for i, node in enumerate(nodes)}
    weights = np.zeros((len(nodes), len(nodes)))
    for f in facts:
        weights[index[f.source], index[f.target]] += 1.0
        weights[index[f.target], index[f.source]] += 1.0
    degree = weights.sum(axis=1)
    dangling = degree == 0
    transition = np.divide(weights, degree[:, None], out=np.zeros_like(weights), where=~dangling[:, None])
    start = np.array([restart.get(node, 0.0) / total for node in nodes])
    scores = start.copy()
    for _ in range(MAX_ITERATIONS):
        previous = scores
        scores = DAMPING * (previous @ transition + previous[dangling].sum() * start) + (1.0 - DAMPING) * start
        if np.abs(scores - previous).sum() < len(nodes) * TOLERANCE:
            break
    return {node: round(float(score), DIGITS) for node, score in zip(nodes, scores)}


class PprRetriever(GraphRetriever):
    mode = "graph_ppr"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._mentioned_in: dict[str, list[int]] | None = None  # entity → indexes of the chunks that name it

    def _mentions(self) -> dict[str, list[int]]:
        """Which chunks name which entity, read once per retriever (one graph state, one index)."""
        if self._mentioned_in is None:
            index: dict[str, list[int]] = {}
            for i, chunk in enumerate(self.baseline.index.chunks):
                for key in self._pins_of(Passage.of(chunk, 0.0)):
                    index.setdefault(key, []).append(i)
            self._mentioned_in = index
        return self._mentioned_in

    def _expand(self, result: Retrieval, question: str) -> None:
        t = time.perf_counter()
        question_pins, seed_pins = self._pin(result, question)
        if question_pins:
            restart = {pin: 1.0 for pin in question_pins[:MAX_PINS]}
        else:  # nothing named: start from what the vector seeds talk about, the more often the heavier
            restart = {pin: float(n) for pin, n in list(seed_pins.items())[:MAX_PINS]}
        result.timings["entity_pinning_ms"] = _ms(t)

        t = time.perf_counter()
        self._attributes(result, question_pins)
        facts: dict[tuple, Fact] = {}
        nodes = set(restart)
        for pin in restart:
            self._expand_pin(result, facts, nodes, pin)
        result.pinned = list(restart)
        scores = personalized_pagerank(facts.values(), restart)
        result.timings["graph_query_ms"] = _ms(t)

        t = time.perf_counter()
        result.passages = self._rank_passages(scores, result.passages)
        ranked = sorted(facts.values(), key=lambda f: (-(scores.get(f.source, 0.0) + scores.get(f.target, 0.0)),
                                                       f.doc_id, f.line, f.source, f.type, f.target))
        result.facts = self._within_budget(ranked)
        result.timings["context_pack_ms"] = _ms(t)

    def _rank_passages(self, scores: dict[str, float], seeds: list[Passage]) -> list[Passage]:
        """The top-k chunks by the summed scores of the entities they name; the vector seeds break ties and fill up."""
        total: dict[int, float] = {}
        for entity, score in scores.items():
            for i in self._mentions().get(entity, ()):
                total[i] = total.get(i, 0.0) + score
        chunks, k = self.baseline.index.chunks, self.settings.top_k
        vector_rank = {p.chunk_id: r for r, p in enumerate(seeds)}
        order = sorted(total, key=lambda i: (-round(total[i], DIGITS), vector_rank.get(chunks[i]["chunk_id"], len(seeds)), i))
        ranked = [Passage.of(chunks[i], total[i]) for i in order[:k]]
        chosen = {p.chunk_id for p in ranked}
        # Seeds that name nothing the walk reached carry no graph score: 0, after every passage that does.
        return ranked + [replace(p, score=0.0) for p in seeds if p.chunk_id not in chosen][:k - len(ranked)]
