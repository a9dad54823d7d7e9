"""Files in the data folder are replaced whole: written beside the target, then renamed over it,
so a run killed mid-write leaves the previous version, never half a file. And the folders a run
writes are checked before it starts. Processes that share a file take turns through `locked`."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import tempfile
import time
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator

from ..errors import InputError


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


@contextlib.contextmanager
def locked(path: str | Path, wait: bool = True) -> Iterator[IO[str]]:
    """An exclusive lock on `path` (created if missing) while the block runs; the open file is yours to read and
    write. `wait=False`: BlockingIOError at once when another process holds it. The kernel's lock (flock): a
    killed process never leaves it held."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        handle.seek(0)
        yield handle


def file_digest(path: str | Path) -> str:
    """sha256 of a file's bytes, read in blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def files_digest(root: str | Path, paths: Iterable[Path]) -> str:
    """sha256 over files by name (relative to `root`) and content, in name order: a folder's identity."""
    root, digest = Path(root), hashlib.sha256()
    for path in sorted(p for p in paths if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\n")
    return digest.hexdigest()


def replace_atomically(path: str | Path, write: Callable[[Path], object]) -> None:
    """`write(tmp)` writes the new content to a temporary path; it then replaces `path` in one rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        write(tmp)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # nothing half-written is left (a full disk, an interrupted write)
        raise


def set_aside(path: str | Path, why: str) -> Path:
    """A damaged file (or folder) that can be rebuilt, renamed to `<name>.damaged-<UTC time>` beside it, with one
    warning saying so: the run rebuilds it from the corpus, and the damaged copy stays for whoever wants to look."""
    path = Path(path)
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}")
    path.rename(aside)
    logging.getLogger(__name__).warning("%s is damaged (%s): moved aside to %s; rebuilt from the corpus", path, why,
                                        aside.name)
    return aside
