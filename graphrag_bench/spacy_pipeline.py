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
