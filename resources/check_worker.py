"""Where a run's checks do their work: a `CheckWorker` started with the run (the default) — the Great Expectations
suites in a process that imports GX while the run's first steps go on, the audit's re-run in a process of its own
while the run resolves — or the run's own process (GRAPHRAG_CHECK_WORKER=false). Same verdicts either way."""

from __future__ import annotations

import multiprocessing

from dagster import ConfigurableResource, InitResourceContext
from pydantic import PrivateAttr

from graphrag_bench.runtime.check_worker import CheckWorker


class CheckWorkerResource(ConfigurableResource):
    enabled: bool = True  # GRAPHRAG_CHECK_WORKER
    _worker: CheckWorker | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: InitResourceContext) -> None:
        # A step process of the multiprocess executor (a child of the run's process) ends with its step: the audit's
        # re-run started there could not be collected by the audit's step, in another process. There the checks run
        # in the step's own process.
        if self.enabled and multiprocessing.parent_process() is None:
            self._worker = CheckWorker()

    def teardown_after_execution(self, context: InitResourceContext) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def get(self) -> CheckWorker | None:
        """This run's worker; None (checks in this process) when disabled or not set up (an asset called directly)."""
        return self._worker
