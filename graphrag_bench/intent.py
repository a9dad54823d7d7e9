"""What a question asks for, from general English cue words: relation types and answer types.

Used to rank graph facts (retrieval) and to choose the answer path (answerer). The lexicon
is about the language of questions, never about a particular corpus.
"""

from __future__ import annotations

import re

RELATION_CUES = [
    (r"\bdepend\w*|\brel(?:y|ies) on|\brequire\w*|\bneeds?\b|\bupstream|\bdownstream|\bbreak\w*|\bimpact\w*|\baffect\w*", "DEPENDS_ON"),
    (r"\bapprov\w*|\bsign\w* off", "APPROVED_BY"),
    (r"\bapprov\w*|\bwhen\b|\bdate\b|\bday\b", "APPROVED_ON"),
    (r"\bapprov\w*|\bmeeting\b", "APPROVED_IN"),
    (r"\bdecid\w*|\bdecision\b|\bchos\w*|\bchoos\w*|\bpick\w*|\buse[sd]?\b|\badopt\w*|\bselect\w*", "DECIDES"),
    (r"\bcaus\w*|\bled to\b|\btrigger\w*|\broot cause|\bwhy\b", "CAUSED"),
    (r"\bresolv\w*|\bfix\w*|\bremediat\w*", "RESOLVES"),
    (r"\bown\w*|\bresponsible\b|\bmaintain\w*", "OWNS"),
    (r"\bwr[io]te\b|\bwritten\b|\bauthor\w*", "AUTHORED_BY"),
    (r"\bsupersed\w*|\breplac\w*", "SUPERSEDES"),
    (r"\brenam\w*|\bformerly\b|\bold name|\bcalled\b|\balias\w*|\bsame (?:person|system)\b", "SAME_AS"),
    (r"\bled\b|\bcommander\b|\bran the incident\b", "LED_BY"),
    (r"\battend\w*", "ATTENDED"),
    (r"\bteam\b|\bmember\w*", "MEMBER_OF"),
    (r"\brecord\w*|\breport\b", "RECORDS"),
]
TYPE_CUES = [
    (r"\bwho\b|\bwhom\b|\bperson\b|\bpeople\b|\bengineer\b", "person"),
    (r"\bincident\w*|\boutage\w*", "incident"),
    (r"\bdecision\w*|\badr\b", "decision"),
    (r"\bchange\b|\bchanges\b|\bchange record\b", "change"),
    (r"\bsystem\w*|\bservice\w*|\bdatabase\w*|\bstore\b|\bcomponent\w*|\bdepend\w*", "system"),
    (r"\bwhen\b|\bdate\b|\bday\b", "date"),
    (r"\bteam\b", "team"),
    (r"\bdocument\w*|\bmeeting\b|\brunbook\b|\bsop\b|\bnotes\b", "artifact"),
]
_RELATIONS = [(re.compile(p, re.IGNORECASE), t) for p, t in RELATION_CUES]
_TYPES = [(re.compile(p, re.IGNORECASE), t) for p, t in TYPE_CUES]
STOPWORDS = frozenset("a an the of to in on for and or is are was were be been by with what which who whom when why how "
                      "does do did that this these those it its from at as into than then our we they their there".split())


def _cued(cues: list[tuple[re.Pattern, str]], text: str) -> list[str]:
    """The values whose cue occurs in the text, in cue order, without repeats."""
    return list(dict.fromkeys(value for pattern, value in cues if pattern.search(text)))


def relation_intents(text: str) -> list[str]:
    """Relation types the question asks about."""
    return _cued(_RELATIONS, text)


def type_intents(text: str) -> list[str]:
    """Entity types the question mentions."""
    return _cued(_TYPES, text)


def content_tokens(text: str) -> set[str]:
    return {t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in STOPWORDS and len(t) > 1}


WH_TYPE = re.compile(r"^\s*(?:and\s+)?(who|whom|whose|when|what|which)\b\s*((?:\w+\s*){0,3})", re.IGNORECASE)


def answer_types(text: str) -> list[str]:
    """The type the answer should have, from the wh-phrase ("who …" → person, "which incident …"
    → incident); falls back to every type the question mentions."""
    match = WH_TYPE.search(text)
    if match:
        wh, rest = match.group(1).lower(), match.group(2)
        if wh in {"who", "whom", "whose"}:
            return ["person"]
        if wh == "when":
            return ["date"]
        found = type_intents(rest)
        if found:
            return found[:1]
    return type_intents(text)


TRANSITIVE = re.compile(r"\b(?:transitive(?:ly)?|indirect(?:ly)?|all the way|whole chain|everything (?:that )?(?:depends|it depends)|"
                        r"directly or indirectly|ultimately)\b", re.IGNORECASE)
ID_TOKEN = re.compile(r"\b[A-Z][A-Z0-9]+-[A-Za-z0-9-]*\d[A-Za-z0-9-]*\b")


def wants_transitive(text: str) -> bool:
    """Does the question ask for a whole dependency chain rather than the direct neighbours?"""
    return bool(TRANSITIVE.search(text))


def id_tokens(text: str) -> set[str]:
    """Record ids the question names (ADR-009, INC-2024-7): if the evidence never mentions one, it is unknown."""
    return set(ID_TOKEN.findall(text))
