"""Great Expectations in a second process, so that no step of a run waits for it to import.

Importing GX (with pandas, scipy and sqlalchemy) takes ~3.5 s and ~290 MB on this 2-core machine, more than
any check's own work. A `ValidationWorker` is started when a run begins: its process imports GX on the otherwise
idle second core while the run reads, extracts and resolves, and then judges every suite the run sends it.
`ValidationWorker.validate` is `validation.validate` with the same verdicts (the worker calls it); when the
worker cannot start or dies, the suite is judged in this process instead — slower, same result — and why is logged.
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import polars as pl

from .validation import validate, warm_up

log = logging.getLogger(__name__)


class ValidationWorker:
    def __init__(self) -> None:
        # spawn, not fork: the run's process holds threads (torch, Dagster) a forked child could deadlock on.
        self._pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=warm_up)
        self._pool.submit(int)  # the executor starts its process with the first task: start it (and the import) now

    def validate(self, suite_name: str, rows: list[dict] | pl.DataFrame, parameters: dict | None = None) -> dict:
        if self._pool is not None:
            try:
                return self._pool.submit(validate, suite_name, rows, parameters).result()
            except BrokenProcessPool as error:
                log.warning("the validation worker stopped (%s); suites are judged in this process from now on", error)
                self.close()
        return validate(suite_name, rows, parameters)

    def close(self) -> None:
        """Stop the worker; a worker still importing finishes that first (it takes no new work)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> ValidationWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
