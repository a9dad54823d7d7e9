"""Entity keys (SPEC §3.3): `type:canonical_name[:namespace]`.

Canonical name = accents folded (Tomás → tomas), lower-cased, every run of non [a-z0-9]
replaced by one `_`, trimmed of `_`. Records (decision:ADR-001) and days (date:2026-02-20)
keep their id as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..language.text import fold
from .vocabulary import ENTITY_TYPES

ARTIFACT_TYPES = frozenset(name for name, t in ENTITY_TYPES.items() if t.record)
_RECORD_KEY = "|".join(sorted(ARTIFACT_TYPES - {"date"}))
KEY_FORMAT = (rf"^(?:(?:{_RECORD_KEY}):[A-Za-z0-9][A-Za-z0-9_.\-]*"
              r"|date:\d{4}-\d{2}-\d{2}"
              r"|[a-z][a-z_]*:[a-z0-9]+(?:_[a-z0-9]+)*)(?::[a-z0-9_]+)?$")


@lru_cache(maxsize=262144)
def canonical_name(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", fold(name).lower()).strip("_")


def entity_key(entity_type: str, name: str, namespace: str | None = None) -> str:
    """Key for a named entity; '' when the name normalizes to nothing (caller warns)."""
    if entity_type in ARTIFACT_TYPES:
        base = f"{entity_type}:{name.strip()}"
    else:
        canon = canonical_name(name)
        if not canon:
            return ""
        base = f"{entity_type}:{canon}"
    return f"{base}:{canonical_name(namespace)}" if namespace else base


def key_type(key: str) -> str:
    return key.split(":", 1)[0]
