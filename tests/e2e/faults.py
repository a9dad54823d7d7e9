"""Faults the end-to-end tests inject into a data folder: a pickle that would run code when loaded, and the four ways
a file is damaged (truncated, random bytes, a crafted pickle, valid JSON of the wrong shape)."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path


class Marker:
    """A pickle that creates a file when loaded: what a crafted file in the data folder would do."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


def damage(path: Path, fault: str, marker: Path) -> None:
    """Damage one file in one of the four ways (`FAULTS`)."""
    if fault == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif fault == "random bytes":
        path.write_bytes(os.urandom(max(64, min(path.stat().st_size, 8192))))
    elif fault == "crafted pickle":
        path.write_bytes(pickle.dumps({"gates": Marker(marker), "resolved_frames|x": Marker(marker)}))
    elif fault == "JSON of the wrong shape":
        path.write_text(json.dumps({"format": "graphrag-bench", "version": 1, "rows": [1, [2], {"3": None}]}))
    else:
        raise ValueError(fault)


FAULTS = ("truncated", "random bytes", "crafted pickle", "JSON of the wrong shape")
