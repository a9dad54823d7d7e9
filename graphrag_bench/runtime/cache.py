"""A small TTL cache with hit/miss counters (graph-template and pipeline caches are two instances)."""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any, Callable


class TTLCache:
    def __init__(self, ttl_s: float = 300.0, max_entries: int = 10_000, clock: Callable[[], float] = time.monotonic):
        self.ttl_s, self.max_entries, self.clock = ttl_s, max_entries, clock
        self._data: OrderedDict[Any, tuple[float, Any]] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: Any) -> tuple[bool, Any]:
        entry = self._data.get(key)
        if entry is not None and self.clock() - entry[0] < self.ttl_s:
            self.hits += 1
            self._data.move_to_end(key)
            return True, entry[1]
        if entry is not None:
            del self._data[key]
        self.misses += 1
        return False, None

    def put(self, key: Any, value: Any) -> None:
        self._data[key] = (self.clock(), value)
        self._data.move_to_end(key)
        while len(self._data) > self.max_entries:
            self._data.popitem(last=False)

    def reset_counters(self) -> None:
        self.hits = self.misses = 0

    def clear(self) -> None:
        self._data.clear()

    @property
    def hit_rate(self) -> float | None:
        total = self.hits + self.misses
        return None if total == 0 else self.hits / total
