"""graph_ppr: personalized PageRank over the question's graph neighbourhood and its passages (HippoRAG 2's ranking,
bounded).

The walk's nodes are the entities the allowlisted 1- and 2-hop templates return from the question's anchored entities
(when it names none: the entities of its seed passages, weighted by how often they occur there), within the bounds of
`graphrag` (≤ 8 starts, ≤ 50 nodes, ≤ 2 hops), so no query leaves SPEC §2's templates, and, as in HippoRAG 2, the
passages: each linked to the entities it names, the seed passages (BM25's ranking, as graphrag's) restarting the walk
by their rank beside the question's entities. Passages are ranked by their own PageRank score, so a passage the seed
ranking put first keeps its place unless the graph around the question points elsewhere; facts by the scores of
their two ends, packed into the same 5 KB. Everything else (caches, fallback when the store is down, `empty`) is
`GraphRetriever`'s.
"""

from __future__ import annotations

import heapq
import time
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from dataclasses import replace
from typing import NamedTuple, Protocol

import numpy as np

from .retrieve import MAX_PINS, Fact, GraphRetriever, Passage, Retrieval, _ms

DAMPING = 0.5  # HippoRAG's setting: each step follows an edge with probability 0.5, else restarts at the question
TOLERANCE, MAX_ITERATIONS = 1e-10, 500  # networkx's stopping rule: L1 change below n × tolerance
DIGITS = 9  # scores are rounded before ranking, so float noise never reorders ties
PASSAGE_SHARE = 0.5  # of the restart weight, the seed passages' (the rest: the question's entities)
SEED_RANK_OFFSET = 60  # a seed passage's restart weight is 1 / (60 + rank), as reciprocal rank fusion weighs ranks
MAX_PASSAGE_NODES = 200  # passages in one walk: the seeds, then those naming the most entities of the neighbourhood


class Edge(Protocol):
    """An undirected edge of the walk: a fact between two entities, or a passage and an entity it names."""

    @property
    def source(self) -> str: ...

    @property
    def target(self) -> str: ...


def personalized_pagerank(facts: Iterable[Edge], restart: dict[str, float]) -> dict[str, float]:
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
            entities = {pin: 1.0 for pin in question_pins[:MAX_PINS]}
        else:  # nothing named: start from what the seed passages talk about, the more often the heavier
            entities = {pin: float(n) for pin, n in list(seed_pins.items())[:MAX_PINS]}
        # (the page of a group whose members the question asks about is as near as the group: `_group_pages`)
        entities |= {page: 1.0 for page in self._group_pages(result) if page not in entities}
        result.timings["entity_pinning_ms"] = _ms(t)

        t = time.perf_counter()
        self._attributes(result, question_pins)
        facts: dict[tuple, Fact] = {}
        nodes = set(entities)
        for pin in entities:
            self._expand_pin(result, facts, nodes, pin)
        result.pinned = list(entities)
        passages, links = self._passage_nodes(nodes, result.passages)
        scores = personalized_pagerank([*facts.values(), *links], self._restart(entities, result.passages))
        result.timings["graph_query_ms"] = _ms(t)

        t = time.perf_counter()
        result.passages = self._rank_passages(scores, passages)
        ranked = sorted(facts.values(), key=lambda f: (-(scores.get(f.source, 0.0) + scores.get(f.target, 0.0)),
                                                       f.doc_id, f.line, f.source, f.type, f.target))
        result.facts = self._within_budget(ranked)
        result.titles = self.entities.titles_of(result.facts)
        result.timings["context_pack_ms"] = _ms(t)

    @staticmethod
    def _restart(entities: dict[str, float], seeds: list[Passage]) -> dict[str, float]:
        """The question's entities and the seed passages share the restart weight (PASSAGE_SHARE to the passages)."""
        passages = {_node(p.chunk_id): 1.0 / (SEED_RANK_OFFSET + rank) for rank, p in enumerate(seeds, 1)}
        shares = [(entities, 1.0 - PASSAGE_SHARE if passages else 1.0), (passages, PASSAGE_SHARE if entities else 1.0)]
        restart: dict[str, float] = {}
        for weights, share in shares:
            total = sum(weights.values())
            for node, weight in weights.items():
                restart[node] = restart.get(node, 0.0) + share * weight / total
        return restart

    def _passage_nodes(self, nodes: set[str], seeds: list[Passage]) -> tuple[dict[str, Passage], list[Link]]:
        """The passages of the walk (the seeds, then up to MAX_PASSAGE_NODES naming the most entities of the
        neighbourhood) by node name, and an edge from each to every entity of the neighbourhood it names."""
        chunks = self.baseline.index.chunks
        mentions = self._mentions()
        # How many entities of the neighbourhood each chunk names, counted in one pass; only the best are ordered (a
        # hub entity among thousands of documents is named by thousands of chunks).
        named = Counter(chain.from_iterable(mentions.get(entity, ()) for entity in nodes))
        passages = {_node(p.chunk_id): p for p in seeds}
        for i in heapq.nsmallest(MAX_PASSAGE_NODES + len(passages), named, key=lambda i: (-named[i], i)):
            if len(passages) >= MAX_PASSAGE_NODES:
                break
            passages.setdefault(_node(chunks[i]["chunk_id"]), Passage.of(chunks[i], 0.0))
        links = [Link(node, entity) for node, p in passages.items() for entity in self._pins_of(p) if entity in nodes]
        return passages, links

    def _rank_passages(self, scores: dict[str, float], passages: dict[str, Passage]) -> list[Passage]:
        """The top-k passages by their PageRank score (ties: the order of `_passage_nodes`, seeds first)."""
        order = sorted(passages, key=lambda node: -round(scores.get(node, 0.0), DIGITS))
        return [replace(passages[node], score=scores.get(node, 0.0)) for node in order[:self.settings.top_k]]


class Link(NamedTuple):
    """A passage and an entity it names: an edge of the walk."""

    source: str
    target: str


def _node(chunk_id: str) -> str:
    return "passage:" + chunk_id
