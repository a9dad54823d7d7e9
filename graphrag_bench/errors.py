"""The one exception type for a user's mistake: bad documents, question files or config.

It names the file, the item and the field so the CLI can print one clear line instead of
a traceback (exit code 2).
"""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad user input. `str()` gives a one-line message naming file, item and field."""

    def __init__(self, file: str | Path, message: str, item: str | None = None, field: str | None = None):
        self.file, self.item, self.field, self.message = str(file), item, field, message
        where = self.file
        if item is not None:
            where += f": item {item!r}"
        if field is not None:
            where += f": field {field!r}"
        super().__init__(f"{where}: {message}")
