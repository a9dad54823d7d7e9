"""Extraction over a corpus: the vocabulary from pass 1, pass 2 over prose with a spaCy
EntityRuler built from that vocabulary, relationship triggers, and the per-document cache
that lets unchanged documents skip both passes."""

from __future__ import annotations

import hashlib
import re

import spacy
from spacy.language import Language

from ..ingest import ID_IN_TEXT, Document
from ..keys import entity_key
from ..result_cache import ResultCache
from ..settings import id_types_from_env
from .model import Extraction
from .structure import DATE, DocumentParser, clean_name

NAME = r"[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*)*"  # capitalised words; a sentence stop ends the name
ALIAS_PATTERNS = [  # (regex, which group is the newer/canonical name)
    re.compile(rf"(?P<old>{NAME})\s+(?:is now called|is now named|was renamed to|renamed to)\s+(?P<new>{NAME})"),
    re.compile(rf"(?P<new>{NAME})\s+was (?:called|named|known as)\s+(?P<old>{NAME})"),
    re.compile(rf"(?P<new>{NAME}),?\s+\(?(?:formerly|previously|also known as|a\.k\.a\.|aka)\s+(?P<old>{NAME})"),
]
# Prose triggers between two mentions. Order matters: the first that matches wins.
TRIGGERS = [
    ("DEPENDS_ON", re.compile(r"\b(?:depends on|relies on|requires|needs)\b")),
    ("OWNED_BY", re.compile(r"\bowned by\b")),
    ("OWNS", re.compile(r"\bowns\b")),
    ("RESOLVES", re.compile(r"\b(?:resolves|resolved|fixes|fixed)\b")),
    ("CAUSED", re.compile(r"\b(?:caused|triggered|led to)\b")),
    ("SUPERSEDES", re.compile(r"\b(?:supersedes|replaces)\b")),
]
DECIDES = re.compile(r"\b(?:decided to use|decide to use|chose|will use|adopted|selected)\b", re.IGNORECASE)
APPROVED = re.compile(r"\b(?:approved|signed off)\b", re.IGNORECASE)
SYSTEM_CUE = re.compile(rf"\b(?:decided to use|decide to use|chose|adopted|selected|depends on|relies on)\s+(?:the\s+)?(?P<name>{NAME})")
LIST_JOIN = re.compile(r"^\s*(?:,|and|or|, and)\s*$")
EXTRACTOR_VERSION = "4"  # bump when extraction rules change: cached results are then ignored


def _digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:20]


class Extractor:
    """Corpus-level extraction: pass 1 over all documents, then prose with a shared ruler."""

    def __init__(self, id_types: dict[str, str] | None = None):
        # Document-kind conventions: an id prefix that names a typed record besides the document.
        self.id_types = dict(id_types_from_env() if id_types is None else id_types)

    def vocabulary(self, parsers: list[DocumentParser]) -> dict[str, tuple[str, str]]:
        """Surface name → (key, type) for every name pass 1 found, plus aliases."""
        vocab: dict[str, tuple[str, str]] = {}
        for parser in parsers:
            for m in parser.out.mentions:
                # Ids are matched by the DOCID pattern, which maps them to their typed record.
                if m.type != "date" and not ID_IN_TEXT.fullmatch(m.name):
                    vocab.setdefault(m.name, (m.key, m.type))
        for parser in parsers:
            for alias, target, *_ in parser.out.aliases:
                ttype = target.split(":")[0]
                vocab.setdefault(alias, (entity_key(ttype, alias), ttype))
        return vocab

    def build_nlp(self, vocab: dict[str, tuple[str, str]]) -> Language:
        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
        patterns = [{"label": etype, "pattern": name, "id": key} for name, (key, etype) in sorted(vocab.items()) if len(name) >= 2]
        patterns.append({"label": "DOCID", "pattern": [{"TEXT": {"REGEX": ID_IN_TEXT.pattern.replace("\\b", "")}}]})
        ruler.add_patterns(patterns)
        return nlp

    def extract(self, documents: list[Document], cache: ResultCache | None = None) -> Extraction:
        """All documents; with a cache, unchanged documents reuse their earlier results.

        A document's structural pass is reused when its content and the corpus's set of ids are
        unchanged; its prose pass when, in addition, the corpus vocabulary is unchanged (a new
        name in a registry means every document's prose is read again).
        """
        known = {d.doc_id.lower(): d.doc_id for d in documents}
        known.update({d.path.lower(): d.doc_id for d in documents})
        # An id-shaped token (SEV-1) is a reference only if its prefix names a kind of record.
        id_prefixes = set(self.id_types) | {i.split("-", 1)[0].upper() for i in known.values() if ID_IN_TEXT.fullmatch(i)}
        corpus_key = _digest([EXTRACTOR_VERSION, sorted(known.items()), sorted(self.id_types.items())])
        corpus_fingerprint = "corpus|" + _digest([corpus_key, [d.content_hash for d in documents]])
        if cache is not None:  # fast path: nothing changed since a cached run → its per-document results
            fast = self._from_cache(documents, cache, cache.get(corpus_fingerprint))
            if fast is not None:
                return fast
        parsers, keys = [], {}
        for doc in documents:
            keys[doc.doc_id] = f"structure|{doc.content_hash}|{corpus_key}"
            cached = cache.get(keys[doc.doc_id]) if cache else None
            parser = DocumentParser(doc, self.id_types, known, id_prefixes)
            if cached is not None:
                parser.out, parser.prose = Extraction.from_state(cached[0]), cached[1]
            else:
                parser.parse()
                if cache is not None:
                    cache.put(keys[doc.doc_id], (parser.out.to_state(), parser.prose))
            parsers.append(parser)
        # Aliases stated in prose ("EdgeProxy is now called Gateway") join the vocabulary, and so do
        # names no registry lists but prose uses as a system ("we decided to use Kafka").
        vocab = self.vocabulary(parsers)
        lower_vocab = {name.lower(): v for name, v in vocab.items()}
        for parser in parsers:
            for line_no, text, _subject in parser.prose:
                for match in SYSTEM_CUE.finditer(text):
                    name = clean_name(match.group("name"))
                    if name.lower() not in lower_vocab and not ID_IN_TEXT.fullmatch(name) and len(name) >= 2:
                        parser.mention(entity_key("system", name), "system", name, line_no, "prose_discovery")
                for pattern in ALIAS_PATTERNS:
                    for match in pattern.finditer(text):
                        old, new = clean_name(match.group("old")), clean_name(match.group("new"))
                        target = lower_vocab.get(new.lower())
                        if target and old.lower() != new.lower() and old.lower() not in lower_vocab:
                            parser.out.aliases.append((old, target[0], parser.doc.doc_id, line_no, text.strip()[:300], 0.9))
        vocab = self.vocabulary(parsers)
        vocab_key = _digest(sorted(vocab.items()))
        nlp = None
        result = Extraction()
        prose_keys = []
        for parser in parsers:
            key = f"prose|{keys[parser.doc.doc_id]}|{vocab_key}|{_digest(parser.out.aliases)}"
            prose_keys.append(key)
            cached = cache.get(key) if cache else None
            if cached is not None:
                parser.out = Extraction.from_state(cached)
                result.reused.append(parser.doc.doc_id)
            else:
                nlp = nlp or self.build_nlp(vocab)
                self._prose(parser, nlp)
                if cache is not None:
                    cache.put(key, parser.out.to_state())
                result.processed.append(parser.doc.doc_id)
            result.extend(parser.out)
        result.fingerprint = _digest(prose_keys)
        if cache is not None:
            cache.put(corpus_fingerprint, prose_keys)
            cache.save()
        return result

    @staticmethod
    def _from_cache(documents: list[Document], cache: ResultCache, prose_keys: list[str] | None) -> Extraction | None:
        if prose_keys is None:
            return None
        states = [cache.get(key) for key in prose_keys]
        if any(state is None for state in states):
            return None
        result = Extraction(reused=[d.doc_id for d in documents], fingerprint=_digest(prose_keys))
        for state in states:
            result.extend(Extraction.from_state(state))
        cache.keep_all()  # nothing changed: every entry stays valid for the next edit
        cache.save()
        return result

    def _prose(self, parser: DocumentParser, nlp: Language) -> None:
        texts = [text for _, text, _ in parser.prose]
        for (line_no, _text, subject), sdoc in zip(parser.prose, nlp.pipe(texts, batch_size=256)):
            for sent in sdoc.sents:
                ents = []
                for ent in sent.ents:
                    if ent.label_ == "DOCID":
                        key = parser.ref_key(ent.text)
                        etype = key.split(":")[0] if key else None
                    else:
                        key, etype = ent.ent_id_, ent.label_
                    if key:
                        ents.append((ent.start_char, ent.end_char, key, etype, ent.text))
                        parser.mention(key, etype, ent.text, line_no, "entity_ruler")
                self._relations(parser, sent, ents, line_no, subject)

    def _relations(self, parser: DocumentParser, sent, ents: list[tuple], line_no: int, subject: str) -> None:
        text, base = sent.text, sent.start_char
        rel = lambda s, d, t, c=0.9: parser.relate(s, d, t, line_no, "sentence_pattern", c)  # noqa: E731
        for i, (_, a_end, a_key, _a_type, _) in enumerate(ents):
            if i + 1 >= len(ents):
                break
            b_start, _, b_key, _, _ = ents[i + 1]
            between = text[a_end - base : b_start - base].lower()
            if len(between) > 60:
                continue
            for rtype, pattern in TRIGGERS:
                if pattern.search(between):
                    targets = [b_key]
                    for k in range(i + 1, len(ents) - 1):  # "depends on A, B and C"
                        if LIST_JOIN.match(text[ents[k][1] - base : ents[k + 1][0] - base]):
                            targets.append(ents[k + 1][2])
                        else:
                            break
                    for target in targets:
                        if rtype == "OWNED_BY":
                            rel(target, a_key, "OWNS")
                        else:
                            rel(a_key, target, rtype)
                    break
        # Subject-less forms: "This decision supersedes ADR-001", "Resolves INC-002."
        first = ents[0] if ents else None
        lowered = text.lower()
        for rtype in ("SUPERSEDES", "RESOLVES", "CAUSED"):
            pattern = dict(TRIGGERS)[rtype]
            match = pattern.search(lowered)
            if match and first and first[0] - base > match.start() and first[2] != subject:
                if not any(e[1] - base <= match.start() for e in ents):
                    rel(subject, first[2], rtype, 0.8)
        if re.search(r"\bcaused\b", lowered) and first and first[1] - base <= lowered.find("caused") and subject.startswith("incident:"):
            if not any(e[0] - base > lowered.find("caused") for e in ents):
                rel(first[2], subject, "CAUSED", 0.8)
        decide = DECIDES.search(text)
        if decide:
            chooser = next((e[2] for e in ents if e[1] - base <= decide.start() and e[3] == "decision"), None)
            chooser = chooser or (subject if subject.startswith("decision:") else None)
            chosen = next((e for e in ents if e[0] - base >= decide.end() and e[3] == "system"), None)
            if chooser and chosen:
                rel(chooser, chosen[2], "DECIDES", 0.95)
        approve = APPROVED.search(text)
        if approve:
            targets = [e for e in ents if e[3] in {"decision", "change"} and e[2] != subject]
            approver = next((e[2] for e in ents if e[3] == "person" and e[1] - base <= approve.start()), None)
            dates = [d for d in DATE.finditer(text) if d.start() > approve.start()]
            for target in targets:
                if approver:
                    rel(target[2], approver, "APPROVED_BY", 0.95)
                if parser.subject != target[2]:
                    rel(target[2], parser.artifact, "APPROVED_IN", 0.9)
                for date in dates[:1]:
                    day = entity_key("date", date.group(1))
                    parser.mention(day, "date", date.group(1), line_no, "sentence_pattern")
                    rel(target[2], day, "APPROVED_ON", 0.9)
