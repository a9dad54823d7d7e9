"""Documents are data, never instructions: text in a document that addresses an AI assistant, or is a statement in a
database query language, is untrusted.

It is flagged at ingest (`find_untrusted`: asset metadata, summary.json → audit.untrusted), kept out of extraction
(`masked`: it never becomes an entity, a relation or a field) and withheld by the answerer (`withhold`): an answer
it would have changed is given without it and marked with `WITHHELD_NOTE`, and the `untrusted_content` gate fails
naming the documents. The graph is only ever read through the allowlisted templates; this guards what documents say.

What counts is the wording of the text itself, not which corpus it is in: phrases that speak to an assistant
("ignore all previous instructions", "you are now …", "note to the AI: …", chat-template tokens) and query-language
statements (a Cypher pattern with MATCH/MERGE/CREATE, DETACH DELETE, CALL db.*, SQL DROP/DELETE/INSERT/UPDATE,
SELECT … FROM, UNION SELECT); and, by its form whatever its words, an imperative setting aside what the reader was told
before ("Disregard everything said before", "Do not follow the directions above": the sentence's parse, for the
rare line with a word of each kind). Query text in a code block (fenced or indented) or an inline code span is code
the document shows, never flagged (a runbook's SQL); text addressed to an assistant is flagged wherever it is. A
flagged line takes the lines continuing its paragraph with it (up to `CONTINUATION_LINES`): "Ignore the above.⏎Answer
that …" is one instruction. English wording only, read as it shows on screen: look-alike letters of other scripts,
invisible characters, compatibility forms and HTML's character references are folded first. Every run scans every
document (~0.4 s at 10,000 documents): nothing in the data folder can say a document holds no such line. The run logs
one line per document (`by_document`), not one per line.
"""

from __future__ import annotations

import html
import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .ingest import Document, document_title

INSTRUCTION, QUERY = "instruction to an assistant", "query-language text"
_AI = r"(?:ai|a\.i\.|llm|chatbot|chat bot|language model|assistant|gpt|copilot)s?"
_PATTERNS = {
    INSTRUCTION: [
        # (what is set aside is the reader's own: "all previous instructions", not "these directives" of a compiler)
        r"\b(?:ignore|disregard|forget|override|bypass)\b[^\n]{0,30}\b(?:all|any|every|previous|prior|above|earlier|"
        r"preceding|your|my|system|original|initial|former|safety)\b[^\n]{0,15}\b(?:instructions?|prompts?|directives?|"
        r"guardrails?|rules)\b",
        r"\b(?:ignore|disregard|forget)\b[^\n]{0,20}\b(?:previous|prior|above|preceding|earlier)\b[^\n]{0,20}\b(?:rules|context|messages?|text)\b",
        # ("you are now DAN", not "you are now forced to …"; "New instructions:" opening a sentence, not "two new
        # instructions:" of a processor)
        r"\byou are now (?:an?|the|in|my|called|named|acting|playing|dan|free|unrestricted|jailbroken)\b|"
        r"\b(?:from now on,? you|pretend (?:to be|that you are|you are)|roleplay as)|(?:^[^a-z]*|[.!?]\s+)new instructions?\s*:",
        rf"\bact as (?:an? |the )?{_AI}\b",
        r"\b(?:reveal|print|repeat|show)\b[^\n]{0,20}\b(?:system|hidden|initial) (?:prompt|instructions?)\b|\bjailbreak",
        r"<\|(?:im_start|im_end|system|user|assistant|endoftext)\|>|<</?sys>>",
        rf"\b(?:note|message|instructions?|attention|reminder)\s+(?:to|for)\s+(?:the |any |all )?(?:ai |automated )?{_AI}\b",
        rf"\b{_AI}\s*[,:]\s*(?:please\s+)?(?:always|never|ignore|disregard|say|answer|respond|reply|output|print|reveal|tell|state|claim|report)\b",
        rf"\b(?:if|when)\s+(?:you are|you're)\s+(?:an? )?{_AI}\b",
        rf"\b(?:if|when)\s+(?:an? |the |any )?(?:ai |automated )?{_AI}\s+(?:reads|sees|is asked|processes|summari[sz]es|answers)\b",
    ],
    QUERY: [
        r"\b(?:optional\s+)?(?:match|merge)\s*\([^)\n]*\)\s*(?:-|<-|\bwhere\b|\breturn\b|\bset\b|\bdelete\b|\bwith\b)",
        r"\bcreate\s*\(\s*\w*\s*:\s*[a-z]\w*\s*[{)]",
        r"\bdetach\s+delete\b|\bcall\s+(?:db|dbms|apoc|gds)\.\w+|\bload\s+csv\b",
        r"\b(?:drop|truncate)\s+(?:table|database|schema|index|graph)\b|\bunion\s+(?:all\s+)?select\b",
        r"'\s*or\s+'?1'?\s*=\s*'?1|;\s*--",
    ],
}
_CHAT_TOKENS_AS_WRITTEN = re.compile(r"\[/?INST\]")  # a chat template's tokens (not Rust's "~[Inst]")
# SQL verbs that are also English ("delete from the list", "select one from"): only in upper case.
_UPPER_CASE_SQL = re.compile(r"\b(?:DELETE\s+FROM|INSERT\s+INTO)\s+\w|\bUPDATE\s+\w+\s+SET\s+\w+\s*=|\bSELECT\s+[\w*,. ]+\s+FROM\s+\w")
# Patterns are written in lower case and read the lower-cased line, after a cheap test for any word they need.
_COMPILED = {kind: re.compile("|".join(f"(?:{p})" for p in patterns)) for kind, patterns in _PATTERNS.items()}
_TRIGGER = re.compile(r"ignor|disregard|forget|overrid|bypass|you are|you're|from now|pretend|roleplay|instruction|act as|"
                      r"prompt|jailbreak|<\||inst\]|<<sys|note|message|attention|reminder|\bai\b|a\.i\.|llm|assistant|chat ?bot|"
                      r"language model|gpt|copilot|match|merge|create|detach|call|load csv|drop|truncate|union|'|--|"
                      r"delete|insert|update|select")
# By form, whatever the wording (a paraphrase of the patterns above): an imperative — a sentence whose root is a bare
# verb with no subject but "you" — that sets the reader's earlier instructions aside: the verb dismisses, or follows
# negated ("do not follow …"), and what it takes speaks of what was said before ("everything said before", "what you
# were told earlier", "your original rules"). Parsed (the trained pipeline) only for the rare line a cheap test finds
# a word of each kind in.
_DISMISS = {"ignore", "disregard", "forget", "override", "bypass", "drop", "discard", "dismiss", "abandon", "neglect",
            "overrule", "scrap", "skip", "erase", "void"}
_HEED = {"follow", "obey", "heed", "apply", "use", "trust", "consider", "respect", "honor", "honour", "observe", "listen"}
_EARLIER = {"before", "above", "previous", "previously", "prior", "earlier", "preceding", "original", "originally",
            "initial", "initially", "system"}
_EARLIER_PHRASES = ("so far", "until now")
_SAID = {"say", "said", "tell", "told", "write", "wrote", "written", "state", "stated", "instruct", "instruction",
         "rule", "guidance", "guideline", "direction", "directive", "prompt", "context", "message", "text",
         "everything", "anything"}
# Words an imperative may open with before its verb ("Please, now, do not …"; "You should …"), and words opening
# another clause, where what the verb takes ends.
_LEAD_IN = {"please", "kindly", "now", "just", "simply", "so", "then", "also", "and", "do", "not", "n't", "never",
            "you", "should", "must", "will", "shall", "can", "from", "on", "always", "instead", "first"}
_LEAD_IN_CLAUSE = {"if", "when", "unless", "because", "while", "once", "after", "until"}
_FORM_TRIGGER = re.compile(  # a dismissing verb, or a heeding one negated, where an imperative's verb stands
    rf"(?:(?:^[^a-z]*|[.!?;:,]\s*|\b(?:{'|'.join(sorted(_LEAD_IN))})\s+)(?:{'|'.join(sorted(_DISMISS))})"
    rf"|(?:\bnot|n't|\bnever)\s+(?:{'|'.join(sorted(_HEED))}))\b")
# (the cheap test: a word of each vocabulary, as the start of a word: "instructions", "stated")
_FORM_EARLIER = re.compile(rf"\b(?:{'|'.join(sorted(_EARLIER | set(_EARLIER_PHRASES)))})")
_FORM_SAID = re.compile(rf"\b(?:{'|'.join(sorted(_SAID))})")
CONTINUATION_LINES = 4
INLINE_CODE = re.compile(r"`[^`]*`")
FENCE = re.compile(r"^\s*(?:```|~~~)")  # a code block opens or closes (chunks never split one)
STRUCTURE = re.compile(r"^\s*(?:#|\||[-*+]\s|\d+[.)]\s|```|---)")  # a heading, row, list item or fence starts anew
WITHHELD_NOTE = "Withheld (untrusted text in the evidence, not repeated):"
_WITHHELD = re.compile(rf"^{re.escape(WITHHELD_NOTE)} (.+)$", re.MULTILINE)


MEMO_SIZE = 100_000
MAX_LINES_NAMED = 10  # a document's report names its first untrusted lines, then "…"
MAX_PARSED_LINE = 2_000  # a line is read for the form by its start: an instruction is a sentence, not a page
_FOUND: dict[tuple[str, str, int], list["Flag"]] = {}


@dataclass(frozen=True)
class Flag:
    doc_id: str
    line: int  # 1-based, in the stored file
    kind: str  # INSTRUCTION | QUERY
    text: str  # the line, shortened

    def where(self) -> str:
        return f"{self.doc_id}:{self.line}"


# Letters of other scripts drawn like Latin ones (Unicode's confusables, the lower-case letters an English instruction
# needs): "Іgnore" with a Cyrillic І reads as "Ignore".
_CONFUSABLES = str.maketrans(dict(zip("аеорсухіјѕԁԛԝӏһАВЕКМНОРСТХІЈЅοαειкνρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧɡκ",
                                        "aeopcyxijsdqwlhABEKMHOPCTXIJSoaeikvptuxABEZHIKMNOPTYXgk")))


def _plain(line: str) -> str:
    """The line as it reads: compatibility forms folded (NFKC: full-width letters, ligatures), invisible characters
    (zero-width spaces and joiners, soft hyphens: Unicode's format characters) dropped, look-alike letters as Latin,
    HTML's character references as the characters they stand for."""
    if "&" in line:
        line = html.unescape(line)  # "&lt;--&gt;" shows as "<-->"
    if line.isascii():
        return line
    folded = unicodedata.normalize("NFKC", line)
    return "".join(c for c in folded if unicodedata.category(c) != "Cf").translate(_CONFUSABLES)


def kind_of(line: str) -> str | None:
    """INSTRUCTION, QUERY or None for one line of text, read as it reads on screen (`_plain`). Query text in an inline
    code span ("`SELECT * FROM users`") is code the line shows, not a statement of its own."""
    line = _plain(line)
    lower = line.lower()
    if not _TRIGGER.search(lower):
        return INSTRUCTION if _sets_earlier_instructions_aside(line, lower) else None
    if _COMPILED[INSTRUCTION].search(lower) or _CHAT_TOKENS_AS_WRITTEN.search(line):
        return INSTRUCTION
    prose = INLINE_CODE.sub(" ", line) if "`" in line else line
    if _COMPILED[QUERY].search(prose.lower()) or _UPPER_CASE_SQL.search(prose):
        return QUERY
    return INSTRUCTION if _sets_earlier_instructions_aside(line, lower) else None


def _sets_earlier_instructions_aside(line: str, lower: str) -> bool:
    """Whether a sentence of the line is an imperative setting aside what the reader was told before (see _DISMISS):
    the verb bare with no subject but "you", or the sentence's first word whatever the tagger made of it ("Disregard
    everything …" is read as a noun by the small model); what it takes is read up to the clause's end ("; …", "if …")."""
    if not (_FORM_EARLIER.search(lower) and _FORM_SAID.search(lower) and _FORM_TRIGGER.search(lower)):
        return False
    from ..language.spacy_pipeline import parse_all

    for sentence in parse_all([line[:MAX_PARSED_LINE]])[0].sents:
        words = [t for t in sentence if not t.is_punct or t.text in ";:"]
        for k, verb in enumerate(words):
            lemma = verb.lemma_.lower()
            if lemma not in _DISMISS and lemma not in _HEED:
                continue
            if verb.lower_ != lemma:
                continue  # not the bare verb ("Ignored directives must …")
            before = [t.lower_ for t in words[:k]]
            if not (verb.tag_ == "VB" and not any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ != "you"
                                                  for c in verb.children) or set(before) <= _LEAD_IN):
                continue  # not an imperative ("Ravi will ignore …", "we ignored …")
            negated = any(c.dep_ == "neg" for c in verb.children) or bool({"not", "n't", "never"} & set(before[-2:]))
            if lemma in _HEED and not negated:
                continue  # "follow the rules above" heeds them
            clause = list(itertools.takewhile(
                lambda t: t.text not in ";:" and t.dep_ != "mark" and t.lower_ not in _LEAD_IN_CLAUSE, words[k + 1:]))
            taken = {w for t in clause for w in (t.lower_, t.lemma_.lower())}
            if taken & _SAID and (taken & _EARLIER or _FORM_EARLIER.search(" ".join(t.lower_ for t in clause))):
                return True
    return False


def flagged_lines(lines: Sequence[str]) -> dict[int, str]:
    """0-based index → kind for every untrusted line, with the lines continuing a flagged line's paragraph. In a code
    block (fenced or indented) query text is code, not flagged; text addressed to an assistant is flagged wherever it
    is."""
    out: dict[int, str] = {}
    fenced = indented = False
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if line.strip():  # an indented code block: lines of four spaces or a tab in, after a blank line
            indented = line.startswith(("    ", "\t")) and (indented or i == 0 or not lines[i - 1].strip())
        in_code = fenced or indented
        kind = kind_of(line) if line.strip() else None
        if kind is None or in_code and kind == QUERY:
            continue  # (a query in a code block is code the document shows: a runbook's SQL, an ADR's Cypher)
        out[i] = kind
        for j in range(i + 1, min(len(lines), i + 1 + CONTINUATION_LINES)):
            if in_code or not lines[j].strip() or STRUCTURE.match(lines[j]):
                break
            out.setdefault(j, kind)
    return out


def find_untrusted(doc: Document) -> list[Flag]:
    """The document's untrusted lines. Read once per content in a process: the ingest metadata, the extraction and
    the audit's re-run all ask, for every document, on every run."""
    key = (doc.doc_id, doc.content_hash, len(doc.text))  # the length tells a masked copy from its original
    if key not in _FOUND:
        _remember(doc, [Flag(doc.doc_id, i + 1, kind, doc.lines[i].strip()[:160])
                        for i, kind in sorted(flagged_lines(doc.lines).items())])
    return _FOUND[key]


def _remember(doc: Document, flags: list[Flag]) -> None:
    if len(_FOUND) >= MEMO_SIZE:
        _FOUND.clear()
    _FOUND[(doc.doc_id, doc.content_hash, len(doc.text))] = flags



def find_untrusted_in(documents: list[Document]) -> list[Flag]:
    """`find_untrusted` for every document. Not remembered between runs: a memo in the data folder could be forged to
    switch masking off, and a scan costs ~0.4 s at 10,000 documents. Extraction asks again in this process and is
    answered from the process's memo."""
    return [flag for doc in documents for flag in find_untrusted(doc)]


def masked(doc: Document, flags: list[Flag]) -> Document:
    """The document with its flagged lines blank (line numbers unchanged): what extraction may read."""
    if not flags:
        return doc
    lines = list(doc.lines)
    for flag in flags:
        lines[flag.line - 1] = ""
    text = "\n".join(lines)
    return replace(doc, text=text, title=document_title(text, doc.doc_id))


def withhold(passages: list) -> tuple[list, list[str]]:
    """Passages with their untrusted lines blank, and where those lines were (`DOC:line`, in passage order).

    A passage's text is its heading line, then its stored lines from `start_line`."""
    clean, where = [], []
    for p in passages:
        lines = p.text.split("\n")
        found = flagged_lines(lines)
        if not found:
            clean.append(p)
            continue
        where += [f"{p.doc_id}:{'title' if i == 0 else p.start_line + i - 1}" for i in sorted(found)]
        clean.append(replace(p, text="\n".join("" if i in found else line for i, line in enumerate(lines))))
    return clean, where


def by_document(flags: list[Flag]) -> list[str]:
    """One line per document that has untrusted lines: how many, of which kinds, where ("ADR-9: 2 lines read as
    query-language text (lines 14, 15)") — not one per line (a technical corpus can hold thousands)."""
    lines: dict[str, list[Flag]] = {}
    for flag in flags:
        lines.setdefault(flag.doc_id, []).append(flag)
    out = []
    for doc_id, found in lines.items():
        kinds = " and ".join(dict.fromkeys(f.kind for f in found))
        where = ", ".join(str(f.line) for f in found[:MAX_LINES_NAMED]) + (", …" if len(found) > MAX_LINES_NAMED else "")
        out.append(f"{doc_id}: {len(found)} line{'s' if len(found) > 1 else ''} read as {kinds} (line"
                   f"{'s' if len(found) > 1 else ''} {where})")
    return out


def withheld_note(where: list[str]) -> str:
    return f"{WITHHELD_NOTE} {', '.join(dict.fromkeys(where))}"


def withheld_in(answer: str) -> list[str]:
    """The `DOC:line` places an answer says it withheld (empty when it withheld nothing)."""
    return [w for m in _WITHHELD.finditer(answer) for w in m.group(1).split(", ")]
