"""The answerer resource. `deterministic` is the only kind a default run or a test uses."""

from __future__ import annotations

from typing import Callable

from dagster import ConfigurableResource

from graphrag_bench.answers.answer import compose
from graphrag_bench.retrieval.retrieve import Retrieval


class AnswererResource(ConfigurableResource):
    kind: str = "deterministic"

    def composer(self) -> Callable[[Retrieval], str]:
        if self.kind != "deterministic":
            raise ValueError(f"unknown answerer kind {self.kind!r} (only 'deterministic' is available)")
        return compose
