"""What a multiprocess build's step processes share: imported once by Dagster's forkserver (`start_method: forkserver`
with `preload_modules`, `definitions.execute_build_in_processes`) before it forks a process per step, so no step
imports or loads it again: the definitions (~4 s here), spaCy with its trained English pipeline (~4 s) and Great
Expectations (~3.5 s). Nothing here starts a thread, which a forked process would not have: no ONNX Runtime session,
no process pool."""

import great_expectations  # noqa: F401  (the audit's and the provenance check's suites)

import pipelines.definitions  # noqa: F401
from graphrag_bench.language.spacy_pipeline import trained_english

trained_english()
