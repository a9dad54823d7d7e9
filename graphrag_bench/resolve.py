"""Resolution (SPEC §3.4): one stable id per real thing, aliases recorded, near-duplicates flagged.

1. Same normalized key → merge (mentions share a key by construction).
2. Explicit aliases (variant columns, "renamed to", "formerly") and name variants
   (initials "G. Freeney", generational suffixes "Jr.") → SAME_AS with confidence + source.
3. Levenshtein distance < 2 between names of one type (rapidfuzz), compared within blocks
   (same type and a shared 3-character prefix or suffix) → POSSIBLE_SAME_AS, then resolved: merged
   into a registry entry, or rejected when both are distinct registry rows; else left
   unresolved, which fails the audit.
4. Same role in the same registry → flagged the same way.
Alias entities stay as nodes (their ids are stable) joined to the canonical one by SAME_AS;
every other edge is redirected to the canonical entity.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rapidfuzz.distance import Levenshtein

from .extract import Extraction
from .ingest import Document
from .keys import ARTIFACT_TYPES, KEY_FORMAT, canonical_name, entity_key, key_type

SUFFIX = re.compile(r"_(?:jr|sr|ii|iii|iv)$")


@dataclass
class Resolution:
    entities: list[dict]
    relationships: list[dict]
    audit: dict
    warnings: list[str] = field(default_factory=list)


def relationship_id(source: str, rtype: str, target: str, doc_id: str) -> str:
    return hashlib.sha1(f"{source}|{rtype}|{target}|{doc_id}".encode()).hexdigest()[:16]


def _blocks(keys: list[str]) -> dict[str, list[str]]:
    """Blocking for near-duplicate search, exact for Levenshtein distance < 2.

    One edit changes either the first three or the last three characters of a name, never both
    (for names of 7+ characters), so near-duplicates always share a (type, prefix) or a
    (type, suffix) block; shorter names are compared within their type. Shared-word blocks were
    tried first and grew quadratically on large corpora (every "… service" in one block).
    """
    blocks: dict[str, set[str]] = defaultdict(set)
    for key in keys:
        etype, name = key.split(":", 1)
        if len(name) < 7:
            blocks[f"{etype}|short"].add(key)
        blocks[f"{etype}|p|{name[:3]}"].add(key)
        blocks[f"{etype}|s|{name[-3:]}"].add(key)
    return {b: sorted(v) for b, v in blocks.items() if len(v) > 1}


def _variant_target(key: str, registered: dict[str, list[str]]) -> str | None:
    """'person:g_freeney' → the one registered person 'g…_freeney…'; suffix variants likewise."""
    etype, name = key.split(":", 1)
    candidates = []
    for other in registered.get(etype, []):
        other_name = other.split(":", 1)[1]
        if other == key:
            continue
        if SUFFIX.sub("", other_name) == SUFFIX.sub("", name) and other_name != name:
            candidates.append((0.9, other))
            continue
        parts, other_parts = name.split("_"), SUFFIX.sub("", other_name).split("_")
        if (etype == "person" and len(parts[0]) == 1 and len(parts) >= 2 and len(other_parts) >= 2
                and other_parts[0].startswith(parts[0]) and other_parts[1:] == parts[1:]):
            candidates.append((0.8, other))
    if len(candidates) == 1:
        return candidates[0][1]
    return None


def resolve_cached(extraction: Extraction, documents: list[Document], cache) -> tuple[Resolution, bool]:
    """`resolve`, reused as a whole when the extraction's fingerprint is unchanged (nothing edited)."""
    key = f"resolution|{extraction.fingerprint}"
    cached = cache.get(key) if extraction.fingerprint else None
    reused = cached is not None
    if not reused:
        cached = resolve(extraction, documents)
        cache.put(key, cached)
    cache.save()
    return cached, reused


def resolve(extraction: Extraction, documents: list[Document]) -> Resolution:
    lines = {d.doc_id: d.lines for d in documents}
    names: dict[str, Counter] = defaultdict(Counter)
    first_seen: dict[str, tuple[str, int]] = {}
    mentioned: dict[tuple[str, str], int] = {}
    for m in sorted(extraction.mentions, key=lambda m: (m.doc_id, m.line, m.key)):
        names[m.key][m.name] += 1
        first_seen.setdefault(m.key, (m.doc_id, m.line))
        mentioned.setdefault((m.key, m.doc_id), m.line)
    registry = extraction.registry
    registered: dict[str, list[str]] = defaultdict(list)
    for key in sorted(registry):
        registered[key_type(key)].append(key)

    # Explicit aliases and name variants → alias key → (canonical key, provenance).
    alias_of: dict[str, tuple[str, str, int, str, float, str]] = {}
    alias_statements: list[tuple[str, str, str, int, str, float]] = []  # every document that states an alias
    for alias, target, doc_id, line, evidence, confidence in sorted(extraction.aliases, key=lambda a: (a[2], a[3], a[0])):
        akey = entity_key(key_type(target), alias)
        if akey and akey != target and akey not in registry:
            alias_of.setdefault(akey, (target, doc_id, line, evidence, confidence, "explicit_alias"))
            alias_statements.append((akey, target, doc_id, line, evidence, confidence))
            names[akey][alias] += 1
            first_seen.setdefault(akey, (doc_id, line))
    for key in sorted(names):
        if key in registry or key in alias_of or key_type(key) in ARTIFACT_TYPES:
            continue
        target = _variant_target(key, registered)
        if target:
            doc_id, line = first_seen[key]
            alias_of[key] = (target, doc_id, line, lines[doc_id][line - 1].strip(), 0.85, "name_variant")

    # Near-duplicates among the remaining canonical candidates.
    candidates = sorted(k for k in names if k not in alias_of and key_type(k) not in ARTIFACT_TYPES)
    flags: dict[tuple[str, str], dict] = {}
    for block in _blocks(candidates).values():
        for i, a in enumerate(block):
            for b in block[i + 1:]:
                if (a, b) not in flags and Levenshtein.distance(a.split(":", 1)[1], b.split(":", 1)[1]) < 2:
                    flags[(a, b)] = {"rule": "levenshtein<2"}
    by_role: dict[tuple, list[str]] = defaultdict(list)
    for key in candidates:
        role = (extraction.attributes.get(key, {}).get("role") or [None])[0]
        if role and key in registry:
            by_role[(key_type(key), role.lower(), registry[key]["doc_id"])].append(key)
    for group in by_role.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                flags.setdefault((a, b), {"rule": "same_role_same_context"})
    for (a, b), flag in flags.items():
        ra, rb = registry.get(a), registry.get(b)
        if ra and rb:
            flag.update(status="rejected", reason=f"distinct registry rows ({ra['doc_id']}:{ra['line']} and {rb['doc_id']}:{rb['line']})")
        elif ra or rb:
            keep, drop = (a, b) if ra else (b, a)
            doc_id, line = first_seen[drop]
            alias_of.setdefault(drop, (keep, doc_id, line, lines[doc_id][line - 1].strip(), 0.7, "near_duplicate_of_registry_entry"))
            flag.update(status="merged", reason=f"unregistered variant of registry entry {keep}")
        else:
            flag.update(status="unresolved", reason="no registry entry or explicit alias decides")

    def root(key: str) -> str:
        seen = set()
        while key in alias_of and key not in seen:
            seen.add(key)
            key = alias_of[key][0]
        return key

    # Entities: canonical ones carry every surface name as an alias.
    surface: dict[str, set[str]] = defaultdict(set)
    for key, counter in names.items():
        surface[root(key)].update(counter)
    entities = []
    for key in sorted(names):
        canonical = root(key)
        doc_id, line = first_seen[key]
        reg = registry.get(key)
        display = reg and next(iter(names[key].most_common(1)))[0] or names[key].most_common(1)[0][0]
        if key_type(key) in ARTIFACT_TYPES:
            display = key.split(":", 1)[1]
        entities.append({
            "id": key, "type": key_type(key), "name": display, "canonical_id": canonical,
            "aliases": sorted(surface[key] - {display}) if canonical == key and key_type(key) not in ARTIFACT_TYPES else [],
            "source_doc": (reg or {}).get("doc_id", doc_id), "source_line": (reg or {}).get("line", line),
            "attributes": json.dumps(extraction.attributes.get(key, {}), sort_keys=True),
        })

    rels: dict[str, dict] = {}

    def add(source: str, target: str, rtype: str, doc_id: str, line: int, evidence: str, extractor: str, certainty: float, **extra) -> None:
        rid = relationship_id(source, rtype, target, doc_id)
        row = {"id": rid, "source": source, "target": target, "type": rtype, "doc_id": doc_id, "line": line,
               "evidence": evidence, "extractor": extractor, "certainty": certainty, "status": "", "reason": ""}
        row.update(extra)
        if rid not in rels or line < rels[rid]["line"]:
            rels[rid] = row

    for r in sorted(extraction.relations, key=lambda r: (r.doc_id, r.line, r.source, r.type, r.target)):
        src, dst = root(r.source), root(r.target)
        if src != dst:
            add(src, dst, r.type, r.doc_id, r.line, r.evidence, r.extractor, r.certainty)
    for (key, doc_id), line in sorted(mentioned.items()):
        canonical, artifact = root(key), entity_key("artifact", doc_id)
        if canonical != artifact and key_type(canonical) != "date":
            add(canonical, artifact, "MENTIONED_IN", doc_id, line, lines[doc_id][line - 1].strip()[:300], "mention", 1.0)
    for akey, (target, doc_id, line, evidence, confidence, rule) in sorted(alias_of.items()):
        add(akey, root(target), "SAME_AS", doc_id, line, evidence[:300], rule, confidence)
    for akey, target, doc_id, line, evidence, confidence in alias_statements:
        add(akey, root(target), "SAME_AS", doc_id, line, evidence[:300], "explicit_alias", confidence)
    for (a, b), flag in sorted(flags.items()):
        doc_id, line = first_seen[b]
        add(a, b, "POSSIBLE_SAME_AS", doc_id, line, f"{a} ~ {b} ({flag['rule']})", "resolver", 0.5,
            status=flag["status"], reason=flag["reason"])

    relationships = sorted(rels.values(), key=lambda r: r["id"])
    return Resolution(entities, relationships, audit_graph(entities, relationships), list(extraction.warnings))


def audit_graph(entities: list[dict], relationships: list[dict]) -> dict:
    """The audit facts of SPEC §3.4 (the GX suite in expectations/ asserts on the tables)."""
    id_re = re.compile(KEY_FORMAT)
    bad_ids = [e["id"] for e in entities if not id_re.match(e["id"])]
    counts = Counter(e["id"] for e in entities)
    duplicates = sorted(k for k, n in counts.items() if n > 1)
    types_by_name: dict[str, set[str]] = defaultdict(set)
    for e in entities:
        if e["type"] not in ARTIFACT_TYPES and e["canonical_id"] == e["id"]:
            types_by_name[canonical_name(e["name"])].add(e["type"])
    multi_typed = sorted(n for n, t in types_by_name.items() if len(t) > 1)
    flagged = [r for r in relationships if r["type"] == "POSSIBLE_SAME_AS"]
    unresolved = [f"{r['source']} ~ {r['target']}: {r['reason']}" for r in flagged if r["status"] not in {"merged", "rejected"}]
    provenance = sum(1 for r in relationships if r["doc_id"] and r["line"] >= 1 and r["evidence"]) / max(1, len(relationships))
    return {
        "passed": not (bad_ids or duplicates or unresolved or multi_typed),
        "entities": len(entities), "relationships": len(relationships),
        "bad_ids": bad_ids, "duplicates": len(duplicates), "duplicate_ids": duplicates,
        "flagged": len(flagged), "unresolved": len(unresolved), "unresolved_pairs": unresolved,
        "resolutions": [{"pair": [r["source"], r["target"]], "status": r["status"], "reason": r["reason"]} for r in flagged],
        "multi_typed_names": multi_typed, "provenance_coverage": round(provenance, 6),
    }


def audit_frames(entities: list[dict], relationships: list[dict]) -> dict[str, list[dict]]:
    """The rows each audit suite in expectations/ validates."""
    types: dict[str, set[str]] = defaultdict(set)
    for e in entities:
        if e["type"] not in ARTIFACT_TYPES and e["canonical_id"] == e["id"]:
            types[canonical_name(e["name"])].add(e["type"])
    return {
        "entity_audit_entities": [{"id": e["id"], "type": e["type"], "canonical_id": e["canonical_id"]} for e in entities],
        "entity_audit_types": [{"name": n, "types": len(t)} for n, t in sorted(types.items())],
        "entity_audit_flags": [{"pair": f"{r['source']} ~ {r['target']}", "status": r["status"] or "unresolved"}
                               for r in relationships if r["type"] == "POSSIBLE_SAME_AS"],
        "provenance": [{"doc_id": r["doc_id"], "line": r["line"], "evidence": r["evidence"] or None} for r in relationships],
    }
