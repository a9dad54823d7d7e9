"""What changed since the last run, per stage: items reused, added, changed and removed.

Each stage keeps a manifest (item id → content hash) in the data folder; comparing the
current items with it gives the counts each asset reports in its Dagster metadata.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..runtime.files import replace_atomically


@dataclass(frozen=True)
class ItemChanges:
    reused: int
    added: int
    changed: int
    removed: int

    def as_dict(self) -> dict:
        return asdict(self)


def compare_with_manifest(path: str | Path, current: dict[str, str]) -> ItemChanges:
    """Counts against the manifest at `path`, then records `current` there for the next run."""
    path = Path(path)
    try:
        previous = json.loads(path.read_text()) if path.exists() else {}
    except (OSError, ValueError):
        previous = {}  # an unreadable manifest only makes everything count as added
    changes = ItemChanges(
        reused=sum(1 for k, h in current.items() if previous.get(k) == h),
        added=sum(1 for k in current if k not in previous),
        changed=sum(1 for k, h in current.items() if k in previous and previous[k] != h),
        removed=sum(1 for k in previous if k not in current))
    if changes.added or changes.changed or changes.removed or not path.exists():
        replace_atomically(path, lambda tmp: tmp.write_text(json.dumps(current, sort_keys=True)))
    return changes
