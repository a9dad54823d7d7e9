"""A run's checks in processes beside it, on this machine's otherwise idle second core.

- The Great Expectations suites: importing GX (with pandas, scipy and sqlalchemy) takes ~3.5 s and ~290 MB here,
  more than any suite's own work. The suites' process starts with the worker, when a run begins, and imports GX
  while the run reads, extracts and resolves; `validate` is `validation.validate` judged there.
- The audit's re-run of extraction (SPEC §3.4): started as soon as the extraction it re-checks exists, it runs
  while the run resolves, in a process of its own that exits when done (its ~200–400 MB are not kept for the rest
  of the run). A re-run in another process also has another string-hash seed: an extraction whose output depended
  on set or dict order would give other ids there, where a re-run in the same process could agree with itself.

Same verdicts as in this process. When a process cannot start or dies, the work is done in this process instead
— slower, same result — and why is logged.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import polars as pl

from ..graph.audit import Rerun
from .validation import Validate, validate, warm_up

log = logging.getLogger(__name__)
# spawn, not fork: the run's process holds threads (ONNX Runtime, Dagster) a forked child could deadlock on.
_SPAWN = multiprocessing.get_context("spawn")


def _exit_with_parent() -> None:
    """In a worker process: exit as soon as the run's process has ended, however it ended. A run killed outright
    (SIGKILL, the OOM killer) runs no clean-up, and a pool's worker holds its own task queue open, so it would
    otherwise wait for work forever, holding its memory."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_after, args=(parent,), daemon=True).start()


def _exit_after(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns when the parent's sentinel closes: the parent has ended
    os._exit(0)


def _start_suites_process() -> None:
    _exit_with_parent()
    warm_up()


class CheckWorker:
    def __init__(self) -> None:
        self._suites: ProcessPoolExecutor | None = None
        self._reruns: dict[str, tuple[ProcessPoolExecutor, Future]] = {}
        try:
            self._suites = ProcessPoolExecutor(max_workers=1, mp_context=_SPAWN, initializer=_start_suites_process)
            self._suites.submit(int)  # the executor starts its process with the first task: start it (and the import) now
        except (OSError, RuntimeError) as error:  # no process to be had: the suites are judged in this process
            log.warning("could not start the suites' process (%s); suites are judged in this process", error)
            self._suites = None

    def validate(self, suite_name: str, rows: list[dict] | pl.DataFrame, parameters: dict | None = None) -> dict:
        if self._suites is not None:
            try:
                return self._suites.submit(validate, suite_name, rows, parameters).result()
            except BrokenProcessPool as error:
                log.warning("the suites' process stopped (%s); suites are judged in this process from now on", error)
                self._suites.shutdown(wait=False, cancel_futures=True)
                self._suites = None
        return validate(suite_name, rows, parameters)

    def start_rerun(self, fingerprint: str, rerun: Callable[[], Rerun]) -> None:
        """Start the audit's re-run of the extraction with this fingerprint (`rerun`: a module-level function with its
        arguments bound, so it can be sent to another process); `rerun` collects it."""
        if fingerprint in self._reruns:
            return
        try:
            pool = ProcessPoolExecutor(max_workers=1, mp_context=_SPAWN, initializer=_exit_with_parent)
            self._reruns[fingerprint] = (pool, pool.submit(rerun))
        except (OSError, RuntimeError) as error:  # no process to be had: the audit re-runs in this process
            log.warning("could not start the audit's re-run process (%s); the audit re-runs in this process", error)

    def rerun(self, fingerprint: str) -> Rerun | None:
        """The started re-run of this extraction (waiting for it), or None when none was started or its process died."""
        started = self._reruns.pop(fingerprint, None)
        if started is None:
            return None
        pool, future = started
        try:
            return future.result()
        except BrokenProcessPool as error:
            log.warning("the audit's re-run process stopped (%s); the audit re-runs in this process", error)
            return None
        finally:
            pool.shutdown(wait=False)

    def close(self) -> None:
        """Stop the processes; one still busy finishes that first (it takes no new work)."""
        for pool, _ in self._reruns.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._reruns.clear()
        if self._suites is not None:
            self._suites.shutdown(wait=False, cancel_futures=True)
            self._suites = None

    def __enter__(self) -> CheckWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def validator(worker: CheckWorker | None) -> Validate:
    """The suites' judge: the worker's, or (no worker) this process's."""
    return worker.validate if worker is not None else validate
