"""The entity-resolution audit (SPEC §3.4), run by Great Expectations suites in expectations/.

Document ids declared by one file each, entity ids well-formed and unique, one type per name, every
POSSIBLE_SAME_AS merged or rejected, and a re-run of extraction giving the same entity count and ids.
"""

from __future__ import annotations

import polars as pl

from .extract import Extractor, RerunCache
from ..corpus.ingest import Document
from .keys import KEY_FORMAT
from .resolve import audit_frames, entity_ids
from ..runtime.result_cache import ResultCache
from ..runtime.validation import Validate, validate

SUITES = ("entity_audit_documents", "entity_audit_entities", "entity_audit_types", "entity_audit_flags", "entity_audit_rerun")


Rerun = tuple[list[str], "set[str] | None"]  # `rerun_ids`' result


def known_rerun(fingerprint: str, cache: ResultCache | None) -> list[str] | None:
    """The ids of the last re-run, when it re-ran an extraction with this fingerprint (and agreed with it)."""
    return cache.get(f"rerun|{fingerprint}", list[str]) if cache is not None and fingerprint else None


def rerun_ids(documents: list[Document], fingerprint: str = "", cache: ResultCache | None = None,
              extraction_cache: ResultCache | None = None) -> Rerun:
    """Entity ids of a re-run of extraction of the same documents, and the per-document cache keys it re-ran (None
    when the stored re-run was reused). The ids are the ones resolution gives the re-run's output (`entity_ids`):
    they depend on the extraction alone, so resolving it again would only repeat the work.

    The corpus-level pass (interpretation) always runs again. Each document's own passes run again
    uncached once per content: with `extraction_cache`, contents an earlier re-run already covered are taken from
    it (`RerunCache`), so one edited document costs one document. With `cache`, the ids of the last re-run are
    reused outright when the extraction's fingerprint is the one re-run then."""
    known = known_rerun(fingerprint, cache)
    if known is not None:
        return known, None
    verified: set[str] = set(cache.get("verified", list[str]) or ()) if cache is not None else set()
    view = RerunCache(extraction_cache, verified if extraction_cache is not None else set())
    ids = entity_ids(Extractor().extract(documents, view))
    return ids, view.per_document_keys


def _remember_rerun(cache: ResultCache | None, fingerprint: str, ids: list[str], covered: set[str]) -> None:
    """Keep the re-run (only a matching one: a mismatch must be re-run, not trusted)."""
    if cache is not None and fingerprint:
        cache.put(f"rerun|{fingerprint}", ids, list[str])
        cache.put("verified", sorted(covered), list[str])
        cache.save()


def run_audit(entities: pl.DataFrame, relationships: pl.DataFrame, facts: dict, documents: list[Document],
              fingerprint: str = "", cache: ResultCache | None = None, extraction_cache: ResultCache | None = None,
              validate: Validate = validate, rerun: Rerun | None = None) -> dict:
    """`entities`, `relationships`: `Resolution.frames()`; `facts` is the resolver's own audit summary; the result
    adds GX verdicts and failures. `validate` judges the suites (in this process, or a run's `CheckWorker`);
    `rerun`: `rerun_ids`' result when the re-run was made elsewhere (a `CheckWorker`), else it is made here."""
    frames = audit_frames(entities, relationships)
    frames["entity_audit_documents"] = pl.DataFrame(
        [(d.doc_id, path) for d in documents for path in (d.path, *d.also_declared_by)],
        schema={"doc_id": pl.String, "path": pl.String}, orient="row")
    ids, covered = rerun or rerun_ids(documents, fingerprint, cache, extraction_cache)
    same_ids = ids == sorted(entities["id"].to_list())
    if same_ids and covered is not None:
        _remember_rerun(cache, fingerprint, ids, covered)
    frames["entity_audit_rerun"] = pl.DataFrame([{"same_count": len(ids) == entities.height, "same_ids": same_ids}])
    results = [validate(name, frames[name], {"key_format": KEY_FORMAT} if name == "entity_audit_entities" else None)
               for name in SUITES]
    audit = dict(facts)
    audit["duplicate_documents"] = {d.doc_id: [d.path, *d.also_declared_by] for d in documents if d.also_declared_by}
    audit["failures"] = [f"document id {doc_id!r} is declared by {len(paths)} files: {', '.join(paths)}"
                         for doc_id, paths in audit["duplicate_documents"].items()]
    audit["failures"] += [f"{r['suite']}: {f}" for r in results for f in r["failures"]]
    audit["passed"] = all(r["success"] for r in results)
    return audit
