"""The answerer resource: the deterministic composer (the default; every test and CI run), or the agent's own model
behind an OpenAI-compatible endpoint (`graphrag_bench.answers.llm`), its key an `EnvVar`."""

from __future__ import annotations

from typing import Callable

from dagster import ConfigurableResource

from graphrag_bench.answers.answer import compose
from graphrag_bench.retrieval.retrieve import Retrieval


class AnswererResource(ConfigurableResource):
    kind: str = "deterministic"  # or "openai"
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""  # an EnvVar (GRAPHRAG_LLM_API_KEY): resolved when used, never shown in the UI
    replay: bool = False  # answers from the data folder's recording only
    llm_timeout_s: float = 120.0

    def composer(self, data_dir: str) -> Callable[[Retrieval], str]:
        """What answers each retrieval; a model's calls are recorded in (and, replayed, read from) `data_dir`."""
        if self.kind == "deterministic":
            return compose
        if self.kind != "openai":
            raise ValueError(f"unknown answerer kind {self.kind!r} (deterministic or openai)")
        from graphrag_bench.answers.llm import llm_answerer

        return llm_answerer(data_dir, self.llm_model, self.llm_base_url, self.llm_api_key, self.replay, self.llm_timeout_s)

    def identity(self) -> str:
        """What the answers depend on besides the context: the kind, and a model's name and prompt template version."""
        if self.kind != "openai":
            return self.kind
        from graphrag_bench.answers.llm import answerer_identity

        return answerer_identity(self.llm_model)
