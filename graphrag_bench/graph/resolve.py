"""Resolution (SPEC §3.4): one stable id per real thing, aliases recorded, near-duplicates decided.

1. Same normalized key → one entity (mentions share a key by construction; accents fold).
2. Aliases the corpus states ("formerly", "renamed X to Y", "also written", an acronym in
   parentheses, a column of name variants), read in either voice: the name a registry lists (or
   the one more documents use) is canonical, the other its SAME_AS alias, with the statement as
   source and confidence.
3. Name variants by typography alone, against the canonical names of the same type: initials
   ("G. Freeney" → George Freeney Jr.), a generational suffix, an acronym ("AMS") — only when
   exactly one name fits.
4. Near-duplicates (Levenshtein distance < 2 within a type, rapidfuzz, blocked exactly by
   prefix/suffix) and names sharing a word with the same role in one registry → POSSIBLE_SAME_AS, and each
   flag is decided from the corpus: rejected when it says they differ ("is not the same person
   as"), lists them separately, or gives them different values for one field (role, unit,
   e-mail); otherwise rejected with "no evidence of identity" and reported. Never a silent
   merge, never a stopped run.
Alias entities stay as nodes (their ids are stable) joined to the canonical one by SAME_AS;
every other edge is redirected to the canonical entity. One edge per relation, its two ends and
document (the first statement kept), and per heading or column a generic one is listed under.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import polars as pl
from rapidfuzz.distance import Levenshtein

from .extract import Extraction
from ..corpus.ingest import Document
from .keys import ARTIFACT_TYPES, KEY_FORMAT, canonical_name, key_type
from .vocabulary import GENERIC, MENTION
from ..runtime.result_cache import StoredFrame

RESOLVER_VERSION = "2"  # bump when resolution rules change: cached resolutions are then ignored
SUFFIX = re.compile(r"_(?:jr|sr|ii|iii|iv)$")
NO_EVIDENCE = "no evidence of identity"


Schema = dict[str, pl.DataType | type[pl.DataType]]
ENTITY_SCHEMA: Schema = {"id": pl.String, "type": pl.String, "name": pl.String, "canonical_id": pl.String,
                         "aliases": pl.List(pl.String), "source_doc": pl.String, "source_line": pl.Int64,
                         "attributes": pl.String}
RELATIONSHIP_SCHEMA: Schema = {"id": pl.String, "source": pl.String, "target": pl.String, "type": pl.String,
                               "doc_id": pl.String, "line": pl.Int64, "evidence": pl.String, "extractor": pl.String,
                               "certainty": pl.Float64, "label": pl.String, "status": pl.String, "reason": pl.String}


@dataclass
class Resolution:
    entities: list[dict]
    relationships: list[dict]
    audit: dict
    warnings: list[str] = field(default_factory=list)

    def frames(self) -> tuple[pl.DataFrame, pl.DataFrame]:
        """The entities and the relationships as frames (their columns even when there are none)."""
        return pl.DataFrame(self.entities, schema=ENTITY_SCHEMA), pl.DataFrame(self.relationships, schema=RELATIONSHIP_SCHEMA)


# Extractors whose label is the relation's own name, a heading or a column ("Chairs", "Technical Leads"), not the
# words a sentence happened to put between two names: one pair under two such labels is two statements.
NAMED_BY_STRUCTURE = frozenset({"heading_list", "table"})


def relationship_id(source: str, rtype: str, target: str, doc_id: str, label: str = "") -> str:
    """One id per statement of a relation in a document; the heading a generic relation is listed under is part of
    it (`NAMED_BY_STRUCTURE`): a page listing one person under "Chairs" and again under "Technical Leads" says two
    things of them."""
    return hashlib.sha1(f"{source}|{rtype}|{target}|{doc_id}{f'|{label}' if label else ''}".encode()).hexdigest()[:16]


def _blocks(keys: list[str]) -> dict[str, list[str]]:
    """Blocking for near-duplicate search, exact for Levenshtein distance < 2.

    One edit changes either the first three or the last three characters of a name, never both
    (for names of 7+ characters), so near-duplicates always share a (type, prefix) or a
    (type, suffix) block; shorter names are compared within their type.
    """
    blocks: dict[str, set[str]] = defaultdict(set)
    for key in keys:
        etype, name = key.split(":", 1)
        if len(name) < 7:
            blocks[f"{etype}|short"].add(key)
        blocks[f"{etype}|p|{name[:3]}"].add(key)
        blocks[f"{etype}|s|{name[-3:]}"].add(key)
    return {b: sorted(v) for b, v in blocks.items() if len(v) > 1}


MIN_VARIANT = 3  # names this short or shorter (initials) are never flagged as near-identical
SHARED_WORD_LIMIT = 25  # a word more names share than this ("john", "team") says nothing about two of them


def _sharing_a_word(keys: list[str]) -> list[tuple[str, str]]:
    """Pairs of names (of one role in one registry) that could be one name written twice: they share a word.

    Every pair of a large registry would be quadratic and say nothing (a thousand engineers are a thousand people);
    a shared word is what a second spelling of one name keeps ("sam_whitfield" / "s_whitfield")."""
    by_word: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        for word in sorted(set(key.split(":", 1)[1].split("_"))):
            by_word[word].append(key)
    pairs = {(a, b) for group in by_word.values() if len(group) <= SHARED_WORD_LIMIT
             for i, a in enumerate(group) for b in group[i + 1:]}
    return sorted(pairs)


class _Variants:
    """Canonical names indexed three ways, so each abbreviation is looked up, not compared with every name."""

    def __init__(self, canonicals: list[str]):
        self.by_stem: dict[tuple, list[str]] = defaultdict(list)  # (type, name without a generational suffix)
        self.by_last: dict[tuple, list[str]] = defaultdict(list)  # (type, number of words, last word)
        self.by_initials: dict[tuple, list[str]] = defaultdict(list)  # (type, first letters of the words)
        for key in canonicals:
            etype, name = key.split(":", 1)
            parts = SUFFIX.sub("", name).split("_")
            self.by_stem[(etype, SUFFIX.sub("", name))].append(key)
            self.by_last[(etype, len(parts), parts[-1])].append(key)
            self.by_initials[(etype, "".join(p[0] for p in name.split("_")))].append(key)

    def target(self, key: str, surface: str) -> tuple[str, str] | None:
        """The one canonical name of the same type that `key` abbreviates: (target, how)."""
        etype, name = key.split(":", 1)
        parts = name.split("_")
        found = [(k, "generational suffix") for k in self.by_stem[(etype, SUFFIX.sub("", name))] if k != key]
        if len(parts) >= 2 and all(len(p) == 1 for p in parts[:-1]):  # "G. Freeney", "T. Rivera"
            found += [(k, "initials") for k in self.by_last[(etype, len(parts), parts[-1])]
                      if k != key and all(o.startswith(p) for o, p in zip(k.split(":", 1)[1].split("_"), parts))]
        if len(parts) == 1 and surface.isupper() and len(surface) >= 2:  # "AMS" for Agent Memory Service
            found += [(k, "acronym") for k in self.by_initials[(etype, name)] if k != key and "_" in k]
        found = list(dict.fromkeys(found))
        return found[0] if len(found) == 1 else None


class ResolvedFrames(NamedTuple):
    """A resolution as frames (`Resolution.frames()`) with its audit facts: what the next run can reuse."""

    entities: StoredFrame
    relationships: StoredFrame
    audit: dict[str, Any]


def resolve_cached(extraction: Extraction, documents: list[Document], cache) -> tuple[ResolvedFrames, bool]:
    """`resolve`, reused as a whole when the extraction's fingerprint is unchanged (nothing edited). Kept as frames:
    Arrow buffers store and load in a fraction of the time 50,000 row dicts take, and the stages want frames."""
    key = f"resolved_frames|{RESOLVER_VERSION}|{extraction.fingerprint}"  # (not "resolution|": those held row dicts)
    cached: ResolvedFrames | None = cache.get(key, ResolvedFrames) if extraction.fingerprint else None
    if cached is None:
        resolution = resolve(extraction, documents)
        result = ResolvedFrames(*resolution.frames(), resolution.audit)
        cache.put(key, result, ResolvedFrames)
    cache.save()
    return (cached, True) if cached is not None else (result, False)


def _stated_aliases(extraction: Extraction) -> list[tuple]:
    """The alias statements resolution acts on (two keys of one type), in the order it reads them."""
    return [a for a in sorted(extraction.aliases, key=lambda a: (a[4], a[5], a[2]))
            if a[2] != a[3] and key_type(a[2]) == key_type(a[3])]


def entity_ids(extraction: Extraction) -> list[str]:
    """The ids `resolve` gives this extraction's entities, without resolving it: every mentioned key and both keys of
    every alias statement it acts on (an alias stays a node; merging only joins it to its canonical entity)."""
    return sorted({m.key for m in extraction.mentions} | {key for a in _stated_aliases(extraction) for key in a[2:4]})


class _Resolver:
    def __init__(self, extraction: Extraction, documents: list[Document]):
        self.x = extraction
        self.lines: dict[str, tuple[str, ...]] = {d.doc_id: d.lines for d in documents}
        self.names: dict[str, Counter] = defaultdict(Counter)
        self.first_seen: dict[str, tuple[str, int]] = {}
        self.mentioned: dict[tuple[str, str], int] = {}
        self.docs_of: dict[str, set[str]] = defaultdict(set)
        for m in sorted(extraction.mentions, key=lambda m: (m.doc_id, m.line, m.key)):
            self.names[m.key][m.name] += 1
            self.first_seen.setdefault(m.key, (m.doc_id, m.line))
            self.mentioned.setdefault((m.key, m.doc_id), m.line)
            self.docs_of[m.key].add(m.doc_id)
        self.registry = extraction.registry
        self.alias_of: dict[str, tuple[str, str, int, str, float, str]] = {}

    def evidence(self, doc_id: str, line: int) -> str:
        lines = self.lines.get(doc_id, ())
        return lines[line - 1].strip()[:300] if 0 < line <= len(lines) else ""

    def root(self, key: str) -> str:
        seen = set()
        while key in self.alias_of and key not in seen:
            seen.add(key)
            key = self.alias_of[key][0]
        return key

    def _weight(self, key: str) -> tuple:
        """Which of two names for one thing is canonical: the registered one, then the more widely used."""
        return (key in self.registry, len(self.docs_of.get(key, ())), sum(self.names[key].values()), key)

    def aliases(self) -> list[tuple]:
        """Stated aliases → alias_of; returns every statement (each document that states one gets an edge)."""
        stated = []
        for a_name, b_name, a_key, b_key, doc_id, line, evidence, confidence in _stated_aliases(self.x):
            self.names[a_key][a_name] += 0
            self.names[b_key][b_name] += 0
            for k in (a_key, b_key):
                self.first_seen.setdefault(k, (doc_id, line))
            alias, canonical = sorted((a_key, b_key), key=self._weight)
            if self.root(canonical) == alias or alias in self.registry and canonical in self.registry:
                continue  # two registry entries are two things, whatever a sentence suggests
            self.alias_of.setdefault(alias, (canonical, doc_id, line, evidence, confidence, "explicit_alias"))
            stated.append((alias, canonical, doc_id, line, evidence, confidence))
        return stated

    def variants(self) -> None:
        index = _Variants(sorted(k for k in self.names if k not in self.alias_of and key_type(k) not in ARTIFACT_TYPES))
        for key in sorted(self.names):
            if key in self.registry or key in self.alias_of or key_type(key) in ARTIFACT_TYPES:
                continue
            surface = self.names[key].most_common(1)[0][0] if self.names[key] else key.split(":", 1)[1]
            found = index.target(key, surface)
            if found and self.root(found[0]) != key:
                doc_id, line = self.first_seen[key]
                self.alias_of[key] = (self.root(found[0]), doc_id, line, self.evidence(doc_id, line), 0.85, f"name_variant:{found[1]}")

    def flags(self) -> dict[tuple[str, str], dict]:
        candidates = sorted(k for k in self.names if k not in self.alias_of and key_type(k) not in ARTIFACT_TYPES)
        flags: dict[tuple[str, str], dict] = {}
        for block in _blocks(candidates).values():
            for i, a in enumerate(block):
                for b in block[i + 1:]:
                    x, y = a.split(":", 1)[1], b.split(":", 1)[1]
                    # (two initials a letter apart, "ec" and "ed", are two people: no near-identical names)
                    if (a, b) not in flags and min(len(x), len(y)) > MIN_VARIANT and Levenshtein.distance(x, y) < 2:
                        flags[(a, b)] = {"rule": "levenshtein<2"}
        by_role: dict[tuple, list[str]] = defaultdict(list)
        for key in candidates:
            role = (self.x.attributes.get(key, {}).get("role") or [None])[0]
            if role and key in self.registry:
                by_role[(key_type(key), role.lower(), self.registry[key]["doc_id"])].append(key)
        for group in by_role.values():
            for a, b in _sharing_a_word(group):
                flags.setdefault((a, b), {"rule": "same_role_same_context"})
        distinct: dict[tuple[str, ...], tuple[str, int, str]] = {}
        for a, b, doc_id, line, evidence in self.x.distinct:
            distinct.setdefault(tuple(sorted((self.root(a), self.root(b)))), (doc_id, line, evidence))
        for (a, b), flag in flags.items():
            flag.update(status="rejected", reason=self._decide(a, b, distinct))
        return flags

    def _decide(self, a: str, b: str, distinct: dict) -> str:
        """Why two similar names are two things, from the corpus; else 'no evidence of identity'."""
        said = distinct.get(tuple(sorted((a, b))))
        if said:
            return f"the corpus says they differ ({said[0]}:{said[1]}: {said[2][:120]})"
        ra, rb = self.registry.get(a), self.registry.get(b)
        if ra and rb:
            return f"listed separately ({ra['doc_id']}:{ra['line']} and {rb['doc_id']}:{rb['line']})"
        fields_a, fields_b = self.x.attributes.get(a, {}), self.x.attributes.get(b, {})
        for name in sorted(set(fields_a) & set(fields_b)):
            if fields_a[name][0].lower() != fields_b[name][0].lower():
                return f"different {name.replace('_', ' ')}: {fields_a[name][0]!r} vs {fields_b[name][0]!r}"
        return NO_EVIDENCE


def resolve(extraction: Extraction, documents: list[Document]) -> Resolution:
    r = _Resolver(extraction, documents)
    stated = r.aliases()
    r.variants()
    flags = r.flags()

    # Entities: canonical ones carry every surface name of their aliases.
    surface: dict[str, set[str]] = defaultdict(set)
    for key, counter in r.names.items():
        surface[r.root(key)].update(counter)
    entities = []
    for key in sorted(r.names):
        canonical = r.root(key)
        doc_id, line = r.first_seen[key]
        reg = r.registry.get(key)
        display = r.names[key].most_common(1)[0][0] if r.names[key] else key.split(":", 1)[1]
        if key_type(key) in ARTIFACT_TYPES:
            display = key.split(":", 1)[1]
        entities.append({
            "id": key, "type": key_type(key), "name": display, "canonical_id": canonical,
            "aliases": sorted(surface[key] - {display}) if canonical == key and key_type(key) not in ARTIFACT_TYPES else [],
            "source_doc": (reg or {}).get("doc_id", doc_id), "source_line": (reg or {}).get("line", line),
            "attributes": json.dumps(extraction.attributes.get(key, {}), sort_keys=True),
        })

    rels: dict[str, dict] = {}

    def add(source: str, target: str, rtype: str, doc_id: str, line: int, evidence: str, extractor: str,
            certainty: float, label: str = "", **extra) -> None:
        rid = relationship_id(source, rtype, target, doc_id,
                              label if rtype == GENERIC and extractor in NAMED_BY_STRUCTURE else "")
        row = {"id": rid, "source": source, "target": target, "type": rtype, "doc_id": doc_id, "line": line,
               "evidence": evidence, "extractor": extractor, "certainty": certainty, "label": label, "status": "", "reason": ""}
        row.update(extra)
        if rid not in rels or line < rels[rid]["line"]:
            rels[rid] = row

    for x in sorted(extraction.relations, key=lambda x: (x.doc_id, x.line, x.source, x.type, x.target)):
        src, dst = r.root(x.source), r.root(x.target)
        if src != dst:
            add(src, dst, x.type, x.doc_id, x.line, x.evidence, x.extractor, x.certainty, x.label)
    for (key, doc_id), line in sorted(r.mentioned.items()):
        canonical, artifact = r.root(key), f"artifact:{doc_id}"
        if canonical != artifact and key_type(canonical) != "date":
            add(canonical, artifact, MENTION, doc_id, line, r.evidence(doc_id, line), "mention", 1.0)
    for akey, (target, doc_id, line, evidence, confidence, rule) in sorted(r.alias_of.items()):
        add(akey, r.root(target), "SAME_AS", doc_id, line, evidence[:300], rule, confidence)
    for akey, target, doc_id, line, evidence, confidence in stated:
        add(akey, r.root(target), "SAME_AS", doc_id, line, evidence[:300], "explicit_alias", confidence)
    for (a, b), flag in sorted(flags.items()):
        doc_id, line = r.first_seen[b]
        add(a, b, "POSSIBLE_SAME_AS", doc_id, line, f"{a} ~ {b} ({flag['rule']})", "resolver", 0.5,
            status=flag["status"], reason=flag["reason"])

    relationships = sorted(rels.values(), key=lambda x: x["id"])
    audit = audit_graph(entities, relationships)
    audit["untrusted"] = [dataclasses.asdict(flag) for flag in extraction.untrusted]
    return Resolution(entities, relationships, audit, list(extraction.warnings))


def type_groups(entities: pl.DataFrame) -> pl.DataFrame:
    """Types per canonical name and per alias group (`name`, `types`): more than one means a merge across types."""
    named = entities.filter(~pl.col("type").is_in(sorted(ARTIFACT_TYPES)))
    by_name = named.filter(pl.col("canonical_id") == pl.col("id")).select(
        name=pl.lit("name ") + pl.col("name").map_elements(canonical_name, return_dtype=pl.String), type="type")
    by_group = named.select(name=pl.lit("group ") + pl.col("canonical_id"), type="type")
    return pl.concat([by_name, by_group]).group_by("name").agg(types=pl.col("type").n_unique()).sort("name")


def audit_graph(entities: list[dict], relationships: list[dict]) -> dict:
    """The audit facts of SPEC §3.4 (the GX suites in expectations/ assert on the tables).

    Blocking: a malformed or duplicated id, a merge across types, a relationship without
    provenance. Near-duplicate pairs are always decided; those decided for lack of evidence are
    reported (`no_evidence_pairs`), not blocking.
    """
    id_re = re.compile(KEY_FORMAT)
    bad_ids = [e["id"] for e in entities if not id_re.match(e["id"])]
    counts = Counter(e["id"] for e in entities)
    duplicates = sorted(k for k, n in counts.items() if n > 1)
    typed = pl.DataFrame({c: [e[c] for e in entities] for c in ("id", "type", "name", "canonical_id")},
                         schema={c: pl.String for c in ("id", "type", "name", "canonical_id")})
    multi_typed = type_groups(typed).filter(pl.col("types") > 1)["name"].to_list()
    flagged = [x for x in relationships if x["type"] == "POSSIBLE_SAME_AS"]
    unresolved = [f"{x['source']} ~ {x['target']}: {x['reason']}" for x in flagged if x["status"] not in {"merged", "rejected"}]
    no_evidence = [f"{x['source']} ~ {x['target']}" for x in flagged if x["reason"] == NO_EVIDENCE]
    provenance = sum(1 for x in relationships if x["doc_id"] and x["line"] >= 1 and x["evidence"]) / max(1, len(relationships))
    return {
        "passed": not (bad_ids or duplicates or unresolved or multi_typed) and provenance == 1.0,
        "entities": len(entities), "relationships": len(relationships),
        "bad_ids": bad_ids, "duplicates": len(duplicates), "duplicate_ids": duplicates,
        "flagged": len(flagged), "unresolved": len(unresolved), "unresolved_pairs": unresolved,
        "no_evidence": len(no_evidence), "no_evidence_pairs": no_evidence,
        "resolutions": [{"pair": [x["source"], x["target"]], "status": x["status"], "reason": x["reason"]} for x in flagged],
        "multi_typed_names": multi_typed, "provenance_coverage": round(provenance, 6),
    }


def audit_frames(entities: pl.DataFrame, relationships: pl.DataFrame) -> dict[str, pl.DataFrame]:
    """The tables each audit suite in expectations/ validates."""
    return {
        "entity_audit_entities": entities.select("id", "type", "canonical_id"),
        "entity_audit_types": type_groups(entities),
        "entity_audit_flags": relationships.filter(pl.col("type") == "POSSIBLE_SAME_AS").select(
            pair=pl.col("source") + " ~ " + pl.col("target"),
            status=pl.when(_blank("status")).then(pl.lit("unresolved")).otherwise(pl.col("status"))),
        "provenance": provenance_frame(relationships),
    }


def provenance_frame(relationships: pl.DataFrame) -> pl.DataFrame:
    """Where each relationship is stated: document, line and evidence (none when blank)."""
    return relationships.select("doc_id", "line", evidence=pl.when(_blank("evidence")).then(None).otherwise(pl.col("evidence")))


def _blank(column: str) -> pl.Expr:
    return pl.col(column).fill_null("") == ""
