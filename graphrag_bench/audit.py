"""The entity-resolution audit (SPEC §3.4), run by Great Expectations suites in expectations/.

Ids well-formed and unique, one type per name, every POSSIBLE_SAME_AS merged or rejected, and a
re-run of extraction giving the same entity count and ids.
"""

from __future__ import annotations

from .extract import Extractor
from .ingest import Document
from .keys import KEY_FORMAT
from .resolve import audit_frames, resolve
from .result_cache import ResultCache
from .validation import validate

SUITES = ("entity_audit_entities", "entity_audit_types", "entity_audit_flags", "entity_audit_rerun")


def rerun_ids(documents: list[Document], fingerprint: str = "", cache: ResultCache | None = None) -> list[str]:
    """Entity ids of an uncached extraction and resolution of the same documents.

    With a cache, the ids of the last re-run are reused when the extraction's fingerprint (documents, extractor
    version, vocabulary) is the one that was re-run then: identical input was already shown to give these ids."""
    key = f"rerun|{fingerprint}"
    known = cache.get(key) if cache is not None and fingerprint else None
    if known is None:
        known = sorted(e["id"] for e in resolve(Extractor().extract(documents), documents).entities)
        if cache is not None and fingerprint:
            cache.put(key, known)
            cache.save()
    return known


def run_audit(entities: list[dict], relationships: list[dict], facts: dict, documents: list[Document],
              fingerprint: str = "", cache: ResultCache | None = None) -> dict:
    """`facts` is the resolver's own audit summary; the result adds GX verdicts and failures."""
    frames = audit_frames(entities, relationships)
    rerun = rerun_ids(documents, fingerprint, cache)
    frames["entity_audit_rerun"] = [{"same_count": len(rerun) == len(entities),
                                     "same_ids": rerun == sorted(e["id"] for e in entities)}]
    results = [validate(name, frames[name], {"key_format": KEY_FORMAT} if name == "entity_audit_entities" else None)
               for name in SUITES]
    audit = dict(facts)
    audit["failures"] = [f"{r['suite']}: {f}" for r in results for f in r["failures"]]
    audit["passed"] = all(r["success"] for r in results)
    return audit
