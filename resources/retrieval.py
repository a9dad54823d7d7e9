"""The retrieval bounds every mode runs under (SPEC §3.6): top-k, hops, nodes, context bytes, cache TTL.

Built from the GRAPHRAG_TOP_K … GRAPHRAG_CACHE_TTL_S variables when the definitions load, shown on the Resources
page and editable per run in the Launchpad; `settings()` holds them inside the SPEC's bounds whatever is asked."""

from __future__ import annotations

from dataclasses import asdict, fields

from dagster import ConfigurableResource

from graphrag_bench.settings import RetrievalSettings

_DEFAULTS = RetrievalSettings()


class RetrievalResource(ConfigurableResource):
    top_k: int = _DEFAULTS.top_k
    max_hops: int = _DEFAULTS.max_hops
    max_nodes: int = _DEFAULTS.max_nodes
    max_context_bytes: int = _DEFAULTS.max_context_bytes
    cache_ttl_s: float = _DEFAULTS.cache_ttl_s

    @classmethod
    def from_settings(cls, settings: RetrievalSettings) -> "RetrievalResource":
        return cls(**asdict(settings))

    def settings(self) -> RetrievalSettings:
        return RetrievalSettings.bounded(**{f.name: getattr(self, f.name) for f in fields(RetrievalSettings)})
