"""Every retrieval mode of `graphrag_bench.retrieval.modes`, built over one corpus: the vector index, a BM25 index over the
same chunks, and for the graph modes one store and the entity index. The benchmark, the library entry point and
`graphrag-bench ask` all build their modes here, so a mode means the same thing everywhere."""

from __future__ import annotations

from .lexical import lexical_retrievers
from .modes import ALL_MODES, GRAPH_MODES, LEXICAL_MODES
from .retrieve import BaselineRetriever, EntityIndex, Retriever


def graph_retrievers(baseline: BaselineRetriever, store, entities: EntityIndex, state_hash: str, text_route,
                     modes: tuple[str, ...] = GRAPH_MODES, probe: str = "", seeds: Retriever | None = None) -> dict[str, Retriever]:
    """The graph modes over one store. `text_route`: the non-graph retriever the router sends questions to; `seeds`:
    the ranking GraphRAG starts from (BM25's; the vector top-k when None). Each mode owns its caches, so one mode's
    warm cache never times another."""
    from .ppr import PprRetriever
    from .retrieve import GraphRetriever
    from .router import RouterRetriever

    def graph(kind, seeder=None):
        return kind(baseline, store, entities, state_hash, baseline.settings, probe=probe, seeder=seeder)

    # graphrag and graph_ppr seed from BM25's ranking (`seeds`); graph_ppr's walk restarts at those passages too.
    builders = {"graphrag": lambda: graph(GraphRetriever, seeds), "graph_ppr": lambda: graph(PprRetriever, seeds),
                "router": lambda: RouterRetriever(graph(GraphRetriever, seeds), text_route, entities)}
    return {mode: builders[mode]() for mode in GRAPH_MODES if mode in modes}


def build_retrievers(baseline: BaselineRetriever, store, entities: EntityIndex, state_hash: str,
                     modes: tuple[str, ...] = ALL_MODES) -> dict[str, Retriever]:
    """The selected modes (names of `graphrag_bench.retrieval.modes`), in table order. The BM25 index is built only when a
    selected mode reads it (graphrag seeds from BM25's ranking; the router sends text-shaped questions to the fused one)."""
    text = lexical_retrievers(baseline) if {*LEXICAL_MODES, "graphrag", "router"} & set(modes) else {}
    chosen = {"baseline": baseline, **text}
    if store is not None:
        chosen |= graph_retrievers(baseline, store, entities, state_hash, text.get("hybrid_lexical"), modes,
                                   seeds=text.get("bm25"))
    return {mode: chosen[mode] for mode in ALL_MODES if mode in modes and mode in chosen}
