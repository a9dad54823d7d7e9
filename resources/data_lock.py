"""The data folder's run lock as a resource: a run from the UI or the schedule holds it for its whole length.

Jobs run in process, so the resource lives as long as the run. A second run on the same data folder (a manual run
during the nightly one, the CLI during a UI run) fails at its start naming the first's pid, and loses nothing.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from dagster import ConfigurableResource, InitResourceContext

from graphrag_bench.runtime.preflight import run_lock


class DataFolderLock(ConfigurableResource):
    data_dir: str

    @contextmanager
    def yield_for_execution(self, context: InitResourceContext) -> Iterator["DataFolderLock"]:
        with run_lock(self.data_dir):
            yield self
