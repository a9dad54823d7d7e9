"""router: one documented, deterministic rule sends each question to a graph mode or to a non-graph mode.

The rule reads the question's shape only. The graph helps when it has somewhere to start or something to follow:
  - the question names an entity the graph holds (a name or alias of a resolved entity, or a day the graph dates), or
  - the question uses a word of a relation the graph stores (the glosses of `vocabulary.RELATIONS`: "depends",
    "owns", "decided", "replaced", …).
Such a question goes to `graphrag`; any other (no known name, no relation asked) goes to `hybrid_lexical`, the
vector + BM25 fusion, which needs no entry point. The route taken is recorded on the result (`route`).
"""

from __future__ import annotations

import time

from .retrieve import RELATION_WORDS, EntityIndex, Retrieval, _ms
from ..answers.question_reading import stems

GRAPH_ROUTE, TEXT_ROUTE = "graphrag", "hybrid_lexical"
_RELATION_STEMS = frozenset(word for words in RELATION_WORDS.values() for word in words)


def route(question: str, entities: EntityIndex) -> str:
    """The mode the rule picks for `question` (GRAPH_ROUTE or TEXT_ROUTE)."""
    if entities.pin_spans(question) or stems(question) & _RELATION_STEMS:
        return GRAPH_ROUTE
    return TEXT_ROUTE


class RouterRetriever:
    mode = "router"

    def __init__(self, graph, text, entities: EntityIndex):
        self.graph, self.text, self.entities = graph, text, entities

    def retrieve(self, question: str, use_pipeline_cache: bool = True) -> Retrieval:
        start = time.perf_counter()
        chosen = route(question, self.entities)
        routing_ms = _ms(start)
        if chosen == GRAPH_ROUTE:
            result = self.graph.retrieve(question, use_pipeline_cache=use_pipeline_cache)
        else:
            result = self.text.retrieve(question)
        result = Retrieval(**{**result.__dict__, "mode": self.mode, "route": chosen})
        result.timings = {**result.timings, "routing_ms": routing_ms, "total_pipeline_ms": _ms(start)}
        return result
