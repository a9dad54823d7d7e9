"""The one way the product loads spaCy: a blank English pipeline (tokenizer only; components are added by
the caller), imported without torch.

thinc, under spaCy, imports torch whenever it is installed (~2 s and several hundred MB), though a blank
pipeline with a sentencizer, an entity ruler or a phrase matcher never uses it; with the embedding model on
ONNX Runtime nothing else needs torch either. When torch is not loaded yet, spaCy is imported with torch
hidden for the duration of that import only; torch stays importable afterwards.
"""

from __future__ import annotations

import sys


def _import_spacy():
    if "spacy" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    sys.modules["torch"] = None  # `import torch` fails inside thinc (it falls back to numpy), for this import only
    try:
        import spacy
    finally:
        del sys.modules["torch"]
    return spacy


def blank_english():
    return _import_spacy().blank("en")


def name_matcher(nlp, names):
    """`doc → spans` of the given names (case-insensitive), longest first and without overlaps — what an
    EntityRuler with these phrase patterns would set as `doc.ents`, without writing them onto every doc."""
    from spacy.matcher import PhraseMatcher
    from spacy.util import filter_spans

    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    matcher.add("NAME", list(nlp.tokenizer.pipe(sorted({n for n in names if len(n) >= 2}))))
    return lambda doc: sorted(filter_spans(matcher(doc, as_spans=True)), key=lambda span: span.start)
