"""Computed results kept in the data folder as data only, each read back through the schema of its type.

`ResultCache`: per-document extraction results, the last resolution, the audit's rerun ids and the last measured
benchmark, in one file each. The file is JSON lines: a header naming the format and its version, then one
`key<TAB>digest<TAB>value` line per entry. Each value is written and read through the pydantic schema of the type the
caller asks for (`get(key, kind)`), so nothing read from disk can run code (no pickle) and a value of another shape is
not used; the digest (of key and value) tells a damaged or hand-edited entry from the one written, which a schema
with defaults might accept. A file that does not parse, an older format, or an entry that does not validate is a
cache miss with one warning naming the file — never an exception; the result is computed again and the next `save()`
writes a clean file. `save()` keeps only the entries read or written since loading, so results of deleted or changed
inputs leave nothing behind; `keep_all()` keeps everything. `stored_json` / `read_stored` are the same codec for the
asset outputs (`resources/io_managers.py`); `StoredFrame` and `StoredVector` annotate the frames and vectors in them.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import logging
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import polars as pl
from pydantic import PlainSerializer, PlainValidator, TypeAdapter

from .files import replace_atomically

log = logging.getLogger(__name__)

FORMAT = "graphrag-bench result cache"
VERSION = 1


def _stored_bytes(value: Any) -> bytes:
    if not isinstance(value, str):
        raise ValueError(f"stored as base64 text, not {type(value).__name__}")
    return base64.b64decode(value, validate=True)  # binascii.Error is a ValueError


def _vector_from(value: Any) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    raw = _stored_bytes(value)
    if len(raw) % 4:
        raise ValueError("a vector is float32 values")
    return np.frombuffer(raw, dtype="<f4").copy()


def _frame_from(value: Any) -> pl.DataFrame:
    if isinstance(value, pl.DataFrame):
        return value
    try:
        return pl.read_ipc(io.BytesIO(_stored_bytes(value)))
    except (pl.exceptions.PolarsError, OSError) as exc:  # damaged Arrow bytes: not a frame
        raise ValueError(f"not an Arrow frame ({exc})") from None


def _frame_to(frame: pl.DataFrame) -> str:
    buffer = io.BytesIO()
    frame.write_ipc(buffer)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


# An embedding vector and a frame, as stored: float32 bytes and an Arrow IPC stream, each in base64.
StoredVector = Annotated[np.ndarray, PlainValidator(_vector_from),
                         PlainSerializer(lambda v: base64.b64encode(np.asarray(v, dtype="<f4").tobytes()).decode("ascii"),
                                         return_type=str)]
StoredFrame = Annotated[pl.DataFrame, PlainValidator(_frame_from), PlainSerializer(_frame_to, return_type=str)]


@lru_cache(maxsize=None)
def _adapter(kind: Any) -> TypeAdapter:
    return TypeAdapter(kind)


def stored_json(value: Any, kind: Any) -> bytes:
    """`value` as JSON, through the schema of `kind` (a type: a dataclass, a named tuple, `dict[str, Any]`, …)."""
    return _adapter(kind).dump_json(value)


def read_stored(raw: bytes, kind: Any) -> Any:
    """JSON read back as a `kind`; ValueError when it is not one (it never runs code: no type is looked up by name)."""
    try:
        return _adapter(kind).validate_json(raw)
    except TypeError as exc:  # (pydantic's ValidationError is a ValueError already)
        raise ValueError(str(exc)) from None


def _digest(key: bytes, value: bytes) -> bytes:
    return hashlib.sha256(key + b"\t" + value).hexdigest()[:24].encode("ascii")


class ResultCache:
    """Computed results by key in one file of the data folder, each read back only as the type asked for."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._old: dict[str, bytes] = {}
        self._used: dict[str, bytes] = {}
        self._written = False
        self._warned = False
        if self.path.exists():
            try:
                self._old = self._read()
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                self._warn(f"not a {FORMAT} of version {VERSION} ({exc})")

    def _read(self) -> dict[str, bytes]:
        lines = self.path.read_bytes().split(b"\n")
        header = json.loads(lines[0].decode("utf-8"))
        if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("version") != VERSION:
            raise ValueError("unknown header")
        entries = {}
        for line in lines[1:]:
            key, _, rest = line.partition(b"\t")
            digest, _, value = rest.partition(b"\t")
            if digest == _digest(key, value):
                entries[key.decode("utf-8")] = value
            else:
                self._warn(f"entry {key.decode('utf-8', 'replace').split('|')[0][:40]!r} is damaged")
        return entries

    def _warn(self, why: str) -> None:
        if not self._warned:  # one line per file and run, however many entries are unusable
            self._warned = True
            log.warning("%s: %s; computing its results again", self.path, why)

    def get(self, key: str, kind: Any) -> Any:
        """The stored value of `key` as a `kind`, or None when there is none or it is not a valid `kind`."""
        raw = self._used.get(key, self._old.get(key))
        if raw is None:
            return None
        try:
            value = read_stored(raw, kind)
        except ValueError as exc:
            self._warn(f"entry {key.split('|')[0]!r} does not read as stored ({str(exc).splitlines()[0]})")
            self._used.pop(key, None)
            self._old.pop(key, None)
            return None
        self._used[key] = raw
        return value

    def keep_all(self) -> None:
        self._used = {**self._old, **self._used}

    def absorb(self, part: "ResultCache") -> None:
        """The entries another process computed into `part` (a shard's, `ShardCache`), as if stored here: they are
        saved when read, as stored ones are."""
        if part._old:
            self._old.update(part._old)
            self._written = True

    def put(self, key: str, value: Any, kind: Any) -> None:
        if "\t" in key or "\n" in key:
            raise ValueError(f"a cache key holds no tab or newline: {key!r}")
        self._used[key] = stored_json(value, kind)
        self._written = True

    def save(self) -> None:
        if not self._written and self._used.keys() == self._old.keys() and self.path.exists() and not self._warned:
            return  # the file already holds exactly this
        header = json.dumps({"format": FORMAT, "version": VERSION}).encode()
        body = b"".join(b"\n" + k + b"\t" + _digest(k, value) + b"\t" + value
                        for k, value in ((key.encode("utf-8"), value) for key, value in self._used.items()))
        replace_atomically(self.path, lambda tmp: tmp.write_bytes(header + body))


class ShardCache:
    """A result cache as one shard's process uses it: read from the data folder's shared file, new results written
    only to the shard's own part file, so no two processes write one file; the fan-in step takes the parts in
    (`ResultCache.absorb`) and writes the shared file once."""

    def __init__(self, shared: str | Path, part: str | Path):
        Path(part).unlink(missing_ok=True)  # a part left by a killed run: its entries are computed again
        self._shared, self._part = ResultCache(shared), ResultCache(part)

    def get(self, key: str, kind: Any) -> Any:
        value = self._part.get(key, kind)
        return value if value is not None else self._shared.get(key, kind)

    def put(self, key: str, value: Any, kind: Any) -> None:
        self._part.put(key, value, kind)

    def keep_all(self) -> None:
        pass

    def save(self) -> None:
        if self._part._written:
            self._part.save()
