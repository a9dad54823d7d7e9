"""graphrag-bench domain library: ingest, extract, resolve, store, retrieve, answer, score.

Plain Python with no Dagster import, so it can be used as a library (see README,
"Use the retriever in an agent") and tested fast. Dagster assets in `assets/` call it.
"""

__version__ = "0.1.0"
