"""Software-defined assets and asset checks, one module per stage of the data flow:

ingest (documents → chunks → embeddings) → graph (mentions → resolved graph → store)
→ benchmark (runs → golden → scores → summary) → warehouse (raw tables → dbt models)
→ report (artifacts, gates as blocking checks → release decision).
Assets are thin: the work is done by the `graphrag_bench` library.
"""
