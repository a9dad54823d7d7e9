"""Extraction: entity mentions and relationships with provenance, deterministic, offline.

Two passes over each document:
1. Structural parsing — header fields (`Author: …`, `| Approver | … |`), markdown tables
   (registries like a systems map or a people table: the first column's header says the
   entity type), arrow diagrams in code fences, reference lists, section headings that
   start with an id (changelog entries). This pass also collects every entity name the
   corpus defines, which becomes the vocabulary of pass 2.
2. Prose — a spaCy pipeline (blank English, sentencizer, EntityRuler built from the
   vocabulary of pass 1 plus document ids found by pattern) finds mentions in sentences;
   trigger phrases between two mentions give relationships.
Nothing here knows a name from the default corpus: all names come from the corpus itself.

Modules: `model` (Mention, Relation, Extraction), `structure` (pass 1, one document),
`extractor` (the corpus: vocabulary, pass 2 with spaCy, the per-document cache).
"""

from .extractor import EXTRACTOR_VERSION, Extractor
from .model import Extraction, Mention, Relation
from .structure import DocumentParser, diagram_chain, doc_entity, header_kind

__all__ = ["EXTRACTOR_VERSION", "DocumentParser", "Extraction", "Extractor", "Mention", "Relation", "diagram_chain",
           "doc_entity", "header_kind"]
