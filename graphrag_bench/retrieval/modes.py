"""The retrieval modes, one place: their names, how tables label them, and which read the graph.

`baseline` is the dense vector top-k the benchmark has always run (labelled and selectable as "vector"); `bm25` and
`hybrid_lexical` are the lexical baselines of `graphrag_bench.retrieval.lexical`; `graphrag` is seed (BM25's
ranking) → pin → expand → pack
(`graphrag_bench.retrieval.retrieve`), `graph_ppr` personalized PageRank over the question's neighbourhood
(`graphrag_bench.retrieval.ppr`), `router` one rule choosing `graphrag` or `hybrid_lexical` per question
(`graphrag_bench.retrieval.router`). Tables list modes in this order; a tie for "best" goes to the earlier one.
"""

from __future__ import annotations

LEXICAL_MODES = ("bm25", "hybrid_lexical")
NON_GRAPH_MODES = ("baseline", *LEXICAL_MODES)
GRAPH_MODES = ("graphrag", "graph_ppr", "router")  # every mode that may read the graph store (SPEC §2 applies)
ALL_MODES = (*NON_GRAPH_MODES, *GRAPH_MODES)
MODE_LABELS = {mode: mode for mode in ALL_MODES} | {"baseline": "vector"}
REQUIRED_MODES = ("baseline", "graphrag")  # summary.json's two headline modes (SPEC §3.12): always benchmarked


def mode_name(text: str) -> str | None:
    """A mode's name from its name or its label ("vector" → "baseline"); None if it is neither."""
    text = text.strip().lower()
    if text in ALL_MODES:
        return text
    return next((mode for mode, label in MODE_LABELS.items() if label == text), None)


def parse_modes(text: str) -> tuple[str, ...]:
    """A comma-separated selection ("all", or names/labels) → the modes to benchmark, in table order, always with the
    required two. ValueError names the first word that is not a mode."""
    words = [w for w in text.split(",") if w.strip()]
    if not words or [w.strip().lower() for w in words] == ["all"]:
        return ALL_MODES
    chosen = set(REQUIRED_MODES)
    for word in words:
        mode = mode_name(word)
        if mode is None:
            raise ValueError(f"unknown mode {word.strip()!r}; the modes are all, "
                             + ", ".join(MODE_LABELS[m] for m in ALL_MODES))
        chosen.add(mode)
    return tuple(m for m in ALL_MODES if m in chosen)
