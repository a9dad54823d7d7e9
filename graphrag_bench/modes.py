"""The retrieval modes, one place: their names, how tables label them, and which read the graph.

`baseline` is the dense vector top-k the benchmark has always run (labelled "vector"); `bm25` and
`hybrid_lexical` are the lexical baselines of `graphrag_bench.lexical`; `graphrag` is seed → pin → expand → pack
(`graphrag_bench.retrieve`). Tables list modes in this order; a tie for "best" goes to the earlier one.
"""

LEXICAL_MODES = ("bm25", "hybrid_lexical")
NON_GRAPH_MODES = ("baseline", *LEXICAL_MODES)
GRAPH_MODES = ("graphrag",)
MODE_LABELS = {"baseline": "vector", "bm25": "bm25", "hybrid_lexical": "hybrid_lexical", "graphrag": "graphrag"}
