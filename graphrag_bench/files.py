"""Files in the data folder are replaced whole: written beside the target, then renamed over it,
so a run killed mid-write leaves the previous version, never half a file."""

from __future__ import annotations

from pathlib import Path
from typing import Callable


def replace_atomically(path: str | Path, write: Callable[[Path], object]) -> None:
    """`write(tmp)` writes the new content to a temporary path; it then replaces `path` in one rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    write(tmp)
    tmp.replace(path)
