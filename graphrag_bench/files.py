"""Files in the data folder are replaced whole: written beside the target, then renamed over it,
so a run killed mid-write leaves the previous version, never half a file. And the folders a run
writes are checked before it starts."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from .errors import InputError


def writable_folder(path: str | Path, what: str, option: str) -> Path:
    """The folder, created if missing, after proving a file can be written in it; else InputError naming it."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise InputError(path, f"the {what} is a file, not a folder; pass {option} a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".write-check-"):
            pass
    except OSError as exc:
        raise InputError(path, f"the {what} cannot be written ({exc.strerror or exc}); pass {option} a writable folder") from None
    return path


def replace_atomically(path: str | Path, write: Callable[[Path], object]) -> None:
    """`write(tmp)` writes the new content to a temporary path; it then replaces `path` in one rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    write(tmp)
    tmp.replace(path)
