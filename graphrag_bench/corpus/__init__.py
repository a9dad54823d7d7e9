"""The corpus: documents read from a folder with stable ids and line-spanned chunks (`ingest`), the lines of
them that look like instructions (`untrusted`), what changed since the last run (`changes`), and the corpora one
installation benchmarks side by side (`corpora`)."""
