"""One call per asset: the pipeline's stages as plain functions returning typed results.

Each Dagster asset in `assets/` calls one function here and turns its result into metadata; the
stages call the domain modules (ingest, extract, resolve, store, retrieve, benchmark, score,
report, gates). The modules mirror `assets/`: `ingest` (documents, chunks, embeddings), `graph`
(mentions, resolution, its audit, the store sync), `benchmark` (the measured modes, the golden
check, the scores) and `summary` (one run's summary with its gates, evaluated once).
"""
