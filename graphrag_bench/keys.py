"""Entity keys (SPEC §3.3): `type:canonical_name[:namespace]`.

Canonical name = lower-cased, every run of non [a-z0-9] replaced by one `_`, trimmed of
`_`. Artifact-like ids (decision:ADR-001) keep their document id as written.
"""

from __future__ import annotations

import re

ARTIFACT_TYPES = frozenset({"artifact", "decision", "incident", "change", "date"})
# Named entities: type:canonical_name; artifact-like ones keep the document id as written
# (ADR-001, MEETING-2026-02-15, DEPENDENCIES.md); dates are ISO days. Optional :namespace.
KEY_FORMAT = (r"^(?:(?:artifact|decision|incident|change):[A-Za-z0-9][A-Za-z0-9_.\-]*"
              r"|date:\d{4}-\d{2}-\d{2}"
              r"|[a-z][a-z_]*:[a-z0-9]+(?:_[a-z0-9]+)*)(?::[a-z0-9_]+)?$")


def canonical_name(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


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
