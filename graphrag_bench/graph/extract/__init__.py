"""Extraction: entity mentions and relationships with provenance, deterministic, offline.

Three passes:
1. `structure` — each document's fields, front matter, definition lists, tables, diagrams and
   reference lists as statements (subject, label, value), plus the names it declares.
2. `prose` — each document's sentences as statements, the predicate between two mentions
   being the label (a spaCy phrase matcher built from the declared names, plus typography).
3. `interpret` — over the corpus: every name and record typed by its usage, every label read
   against `graphrag_bench.graph.vocabulary` by similarity (`graphrag_bench.language.semantics`).
Nothing here knows a label, heading, verb or name of any corpus.

Modules: `model` (what each pass yields), `structure`, `prose`, `interpret`, `extractor` (the
corpus, record ids, the per-document cache); shapes of names, values and dates are in
`graphrag_bench.language.text`.
"""

from .extractor import EXTRACTOR_VERSION, Extractor, RecordIds, RerunCache
from .model import Extraction, Mention, Relation, Statement, Term
from .structure import DocumentParser, diagram_edges

__all__ = ["EXTRACTOR_VERSION", "DocumentParser", "Extraction", "Extractor", "Mention", "RecordIds", "Relation",
           "RerunCache", "Statement", "Term", "diagram_edges"]
