"""The knowledge graph: mentions extracted from documents (`extract/`), resolved to stable keys (`keys`,
`resolve`), audited (`audit`), measured against hand labels (`ground_truth`), and upserted into a graph store
(`store/`). `vocabulary` is the one list of entity and relation types."""
