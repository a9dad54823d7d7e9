"""The data folder's run lock as a resource: a run from the UI or the schedule holds it for its whole length.

The benchmark job runs in process, so the resource lives as long as the run. On the multiprocess executor (the graph
build job) each step is a process: the lock is held by the steps that ask for it, while they run, unless the CLI that
started the run holds it for the whole of it (`held_by_caller`). A second run on the same data folder (a manual run
during the nightly one, the CLI during a UI run) fails at its start naming the first's pid, and loses nothing.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from dagster import ConfigurableResource, InitResourceContext

from graphrag_bench.runtime.preflight import run_lock


class DataFolderLock(ConfigurableResource):
    data_dir: str
    held_by_caller: bool = False  # a multiprocess build's steps, started by a CLI run that holds the lock for them

    @contextmanager
    def yield_for_execution(self, context: InitResourceContext) -> Iterator["DataFolderLock"]:
        if self.held_by_caller:
            yield self
            return
        with run_lock(self.data_dir):
            yield self
