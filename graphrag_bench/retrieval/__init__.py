"""Retrieval: the question's context from the index and the graph. The vector baseline and GraphRAG's
seed → pin → expand → pack (`retrieve`), the lexical baselines (`lexical`), personalized PageRank (`ppr`), the
router (`router`), the registry of modes (`modes`, `retrievers`), and the agent's entry point (`memory`)."""
