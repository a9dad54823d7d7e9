"""Where a run's Great Expectations suites are judged: a worker process started with the run (the default), so the
GX import (~3.5 s) overlaps the run's first steps instead of delaying a check; or this process
(GRAPHRAG_VALIDATION_WORKER=false). Same verdicts either way (graphrag_bench.validation_worker)."""

from __future__ import annotations

from dagster import ConfigurableResource, InitResourceContext
from pydantic import PrivateAttr

from graphrag_bench.validation import Validate, validate
from graphrag_bench.validation_worker import ValidationWorker


class ValidationResource(ConfigurableResource):
    worker: bool = True  # GRAPHRAG_VALIDATION_WORKER
    _worker: ValidationWorker | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: InitResourceContext) -> None:
        if self.worker:
            self._worker = ValidationWorker()

    def teardown_after_execution(self, context: InitResourceContext) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def get(self) -> Validate:
        """The suites' judge for this run (this process when the resource was not set up, e.g. an asset called directly)."""
        return self._worker.validate if self._worker is not None else validate
