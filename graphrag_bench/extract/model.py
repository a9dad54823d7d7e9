"""What extraction produces: mentions and relationships with provenance, per document or corpus."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple


class Mention(NamedTuple):  # tuples: cheap to cache and to load back
    key: str
    type: str
    name: str
    doc_id: str
    line: int
    extractor: str


class Relation(NamedTuple):
    source: str
    target: str
    type: str
    doc_id: str
    line: int
    evidence: str
    extractor: str
    certainty: float


@dataclass
class Extraction:
    """Everything one document (or a corpus) yields."""

    mentions: list[Mention] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    # alias name → (canonical name, type, doc, line, evidence, confidence)
    aliases: list[tuple] = field(default_factory=list)
    # key → {"doc_id", "line", "table"}: rows of registry tables that define an entity
    registry: dict[str, dict] = field(default_factory=dict)
    attributes: dict[str, dict] = field(default_factory=lambda: defaultdict(dict))
    warnings: list[str] = field(default_factory=list)
    processed: list[str] = field(default_factory=list)  # documents extracted in this call
    reused: list[str] = field(default_factory=list)  # unchanged documents taken from the cache
    fingerprint: str = ""  # identifies the whole input: same fingerprint, same resolution

    def to_state(self) -> tuple:
        """Plain tuples for the cache (loading plain tuples back is several times faster than objects)."""
        return ([tuple(m) for m in self.mentions], [tuple(r) for r in self.relations], self.aliases, self.registry,
                dict(self.attributes), self.warnings)

    @classmethod
    def from_state(cls, state: tuple) -> "Extraction":
        mentions, relations, aliases, registry, attributes, warnings = state
        out = cls(list(map(Mention._make, mentions)), list(map(Relation._make, relations)), aliases, registry,
                  defaultdict(dict, attributes), warnings)
        return out

    def extend(self, other: "Extraction") -> None:
        self.mentions += other.mentions
        self.relations += other.relations
        self.aliases += other.aliases
        for key, entry in other.registry.items():
            self.registry.setdefault(key, entry)
        for key, attrs in other.attributes.items():
            for name, value in attrs.items():
                self.attributes[key].setdefault(name, value)
        self.warnings += other.warnings
