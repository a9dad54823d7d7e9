"""What every stage runs on: files replaced whole and locked (`files`), the embedding model and its store
(`embed`, `embedding_store`), caches (`cache`, `result_cache`), checks before work (`preflight`), the Great
Expectations suites (`validation`) and the process that judges them beside a run (`check_worker`)."""
