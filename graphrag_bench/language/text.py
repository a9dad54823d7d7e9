"""Shapes of text, in general English typography only: what looks like a name, how a cell or field
value splits into items, qualifiers in parentheses, dates, person initials, acronyms. Used by
extraction, question reading and pinning (light: no spaCy, no model). Nothing here knows a label,
heading or name of any corpus."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .english import ABSENT_VALUES, FUNCTION_WORDS, MEASURE_NOUNS, MONTHS, NAME_CONNECTORS, TIME_UNITS, WEEKDAYS

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
YEAR = re.compile(r"(?:1[89]|2\d)\d\d")  # a word that is a year: "2024"
ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
# between a day and its month: a space, or a hyphen where the month and a year follow it so ("31-Jul-2021")
_DAY_MONTH = r"(?:\s+|-(?=[A-Za-z]+\.?-\d{4}\b))"
# "14 October 2025", "October 14, 2025", "31-Jul-2021", "Feb 20", "February 2026": dates, never names.
WORD_DATE = re.compile(rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)?{_DAY_MONTH}{_MONTH}(?:(?:,?\s+|-)\d{{4}})?|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
                       rf"|{_MONTH}\s+\d{{4}})\b", re.IGNORECASE)
_EVERY = "|".join(TIME_UNITS + WEEKDAYS)
# "every Monday", "each night", "every 2 hours", "nightly", "twice a week": how often, never a name.
FREQUENCY = re.compile(rf"\b(?:(?:every|each)\s+(?:other\s+|\d+\s+)?(?:{_EVERY})s?|(?:once|twice|\d+\s+times)\s+(?:a|an|per)\s+"
                       rf"(?:{_EVERY})|(?:hour|dai|night|week|fortnight|month|quarter|year)ly)\b", re.IGNORECASE)
_WEEKDAY = "|".join(WEEKDAYS)
# "third Wednesdays at 8:00 PT", "every Tuesday at 10:00 UTC", "the first Monday of the month": when something
# recurs, with the time of day where it is said.
SCHEDULE = re.compile(rf"\b(?:(?:every|each|the)\s+)?(?:(?:first|second|third|fourth|last|other)\s+)?(?:{_WEEKDAY})s?"
                      rf"(?:\s+of\s+(?:the|each|every)\s+month)?(?:\s+at\s+\d{{1,2}}(?::\d{{2}})?(?:\s*[ap]\.?m\.?)?"
                      rf"(?:\s+(?-i:[A-Z]{{2,4}})\b)?)?", re.IGNORECASE)  # (a time zone in capitals: "PT", "UTC")
MEASURE_ASKED = re.compile(rf"\b(how\s+)({'|'.join(MEASURE_NOUNS)})\b", re.IGNORECASE)  # "how long", "how old"
WORD_DATE_PARTS = re.compile(rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?{_DAY_MONTH}(?P<m1>{_MONTH})(?:(?:,?\s+|-)(?P<y1>\d{{4}}))?"
                             rf"|(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y2>\d{{4}}))?)", re.IGNORECASE)
# A name by typography: capitalised words (with "of", "&" … between them) or a word with an inner capital.
CAPITALISED = re.compile(
    r"(?<![\w-])(?:[A-Z][\w'’.+-]*|[a-z]+[A-Z][\w+-]*)(?:\s+(?:(?:of|&|for|de|van|von|der)\s+)?(?:[A-Z][\w'’+-]*\.?))*")
INITIALS = re.compile(r"[A-Z]{2,3}")  # "RF", "SRE": a person's initials or an acronym, written as such
# A capitalised word right after or right before a span: the span is written inside a longer name ("Cloud" of "the
# Cloud Platform team").
NEXT_CAPITAL = re.compile(r"[ \t]+([A-Z][\w-]*)")
PREVIOUS_CAPITAL = re.compile(r"([A-Z][\w-]*)[ \t]+$")
SENTENCE_OPENING = re.compile(r"(?:^|[.!?:;|#*>-])\s*$")  # what a sentence's (or a line's) first word follows


def within_longer_name(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` is written inside a longer capitalised name: a capitalised word that is no grammar word
    ("The", "For") right after it, or right before it where that word does not open its sentence ("Using Cloud …")."""
    after, before = NEXT_CAPITAL.match(text, end), PREVIOUS_CAPITAL.search(text, 0, start)
    return after is not None and after.group(1).lower() not in FUNCTION_WORDS or before is not None \
        and before.group(1).lower() not in FUNCTION_WORDS and not SENTENCE_OPENING.search(text, 0, before.start())


PERSON_INITIALS = re.compile(r"^(?:[A-Z]\.\s*)+[A-Z][\w'’-]+$|^[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+\s+(?:Jr|Sr|II|III|IV)\.?$")
QUALIFIER = re.compile(r"\s*\(([^()]*)\)")
NAME_TAG = r"(?<=\S)\s+\[([^\[\]()]{1,20})\]"  # "Gary Lee [AMER]": a short tag in square brackets after a name
TAG = re.compile(rf"{NAME_TAG}\s*$")  # … ending a value: a tag, no link
LINK = re.compile(r"\[([^\[\]]*)\]\(([^)]*)\)")  # [words](target); no bracket inside: linear on a line of "["
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")  # a Markdown list item's mark: "- ", "* ", "1. ", "2) "
# A Markdown table's line under its header ("|---|:--:|"); a row of empty cells ("| | |") is a header, not this
TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
EMPHASIS = re.compile(r"[`*_]")
WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
LEADING_DETERMINER = re.compile(r"^(?:the|a|an|our|this|that|its|their)\s+", re.IGNORECASE)
# The helpers below are pure and called with the same few texts again and again (a field label in every record,
# a name in every sentence that mentions it): remembered, so extraction stays a pass over the text, not over
# its repetitions.
MEMO = 1 << 16


# Latin letters that are not a base letter with an accent, so Unicode does not decompose them (Søren, Łódź, straße)
UNDECOMPOSED = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "đ": "d",
                              "Đ": "D", "ł": "l", "Ł": "L", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i"})


@lru_cache(maxsize=MEMO)
def fold(text: str) -> str:
    """Accents off (Tomás → Tomas, Søren → Soren): one spelling for comparisons and keys."""
    if text.isascii():  # most text, and every sentence the reader's `terms_of` reads: nothing to fold
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).translate(UNDECOMPOSED)


@lru_cache(maxsize=MEMO)
def clean(text: str) -> str:
    """Markdown emphasis, links and stray punctuation off a value; a leading determiner too."""
    text = LINK.sub(r"\1", text)  # [label](link) → label
    text = EMPHASIS.sub("", text).strip().strip(".,;:!?\"'")
    return LEADING_DETERMINER.sub("", text).strip()


@lru_cache(maxsize=MEMO)
def split_qualifiers(value: str) -> tuple[str, tuple[str, ...]]:
    """'Hannah Lindqvist (OT security lead at the time)' → ('Hannah Lindqvist', ('OT security lead at the time',))."""
    # A link's words are the value and its target a qualifier ("[SIG Auth](sig-auth/README.md)"); parentheses inside
    # parentheses are taken off from the inside out ("Ana Ruiz (**[@aruiz](https://…)**)" is Ana Ruiz).
    value = LINK.sub(r"\1 (\2)", value)
    qualifiers: list[str] = []
    while found := QUALIFIER.findall(value):
        qualifiers += found
        value = QUALIFIER.sub("", value)
    # (and a short tag in square brackets ending it: "Gary Lee [AMER]")
    qualifiers += TAG.findall(value)
    value = TAG.sub("", value)
    return value.strip(), tuple(q for q in (EMPHASIS.sub("", q).strip() for q in qualifiers) if q)


@lru_cache(maxsize=MEMO)
def split_items(value: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A cell or field value → its items with their qualifiers: 'A (x), B and C' → ((A, (x,)), (B, ()), (C, ())).

    Qualifiers are taken off first, so commas inside parentheses never split an item.
    """
    # A link's words are the item and its target a qualifier: "[Joe Kutner](https://…/jkutner), [Ana](…)" lists two
    # people (stripping the brackets around the whole value first had left "Joe Kutner]").
    value = LINK.sub(r"\1 (\2)", value).strip()
    value = value[1:-1] if value.startswith("[") and value.endswith("]") else value  # ("[a, b]": a list written so)
    parts: list[tuple[str, tuple[str, ...]]] = []
    depth, start, pieces = 0, 0, []
    for i, ch in enumerate(value):  # split at top-level separators only
        depth += ch == "("
        depth -= ch == ")" and depth > 0
        if depth == 0 and ch in ",;":
            pieces.append(value[start:i])
            start = i + 1
    pieces.append(value[start:])
    for piece in pieces:
        body, qualifiers = split_qualifiers(piece)
        for sub in re.split(r"\s+(?:and|or)\s+|\s+&\s+(?=\S+\s*$)", body) if not _is_one_name(body) else [body]:
            item = clean(sub)
            if item and item.lower() not in ABSENT_VALUES:
                parts.append((item, qualifiers))
    return tuple(parts)


def _is_one_name(text: str) -> bool:
    """'Data & Analytics', 'Head of Engineering': a connector inside a title-case name does not split it."""
    words = text.split()
    return len(words) >= 3 and all(w[:1].isupper() or w in NAME_CONNECTORS for w in words) and " and " not in text


@lru_cache(maxsize=MEMO)
def is_date(text: str) -> bool:
    text = text.strip()
    return bool(ISO_DATE.fullmatch(text) or WORD_DATE.fullmatch(text))


def month_number(word: str) -> int | None:
    """1–12 for a month's name or its abbreviation ("Feb", "Sept."); None for any other word."""
    letters = word.lower().rstrip(".")
    return next((i + 1 for i, m in enumerate(MONTHS) if m.startswith(letters[:3])), None) \
        if len(letters) >= 3 and letters.isalpha() else None


def month_day(match: re.Match) -> tuple[int, int] | None:
    """Month and day of an ISO_DATE or WORD_DATE_PARTS match (a year may be missing: 'Feb 20')."""
    if match.re is ISO_DATE:
        _, month, day = match.group(1).split("-")
        return int(month), int(day)
    day, month = (match.group("d1"), match.group("m1")) if match.group("m1") else (match.group("d2"), match.group("m2"))
    number = month_number(month)
    return (number, int(day)) if number and day else None


def dates_in(text: str) -> list[tuple[int, int, int, int]]:
    """(start, end, month, day) of every day written in the text, ISO or in words."""
    found = []
    for pattern in (ISO_DATE, WORD_DATE_PARTS):
        for match in pattern.finditer(text):
            md = month_day(match)
            if md:
                found.append((match.start(), match.end(), *md))
    return found


@lru_cache(maxsize=MEMO)
def days_written(text: str) -> frozenset[str]:
    """Each whole day a text writes (with its year), however it writes it, as an ISO day. (Memoized: a context's
    titles are read for every question.)"""
    return frozenset(day for start, end, *_ in dates_in(text) if (day := iso_day(text[start:end])))


def digit_dates(text: str) -> list[str]:
    """Each day or month a text writes in words, written in digits as documents write them ("16 August 2024" →
    "2024-08-16", "late September 2024" → "2024-09"): the minutes of 2024-08-16 are the meeting of 16 August 2024."""
    written = []
    for match in WORD_DATE.finditer(text):
        day = iso_day(match.group(0))
        month = next((n for word in match.group(0).split() if (n := month_number(word))), None)
        year = YEAR.search(match.group(0))
        written += [day] if day else [f"{year.group(0)}-{month:02d}"] if year and month else []
    return written


def measures_named(question: str) -> str:
    """A question's "how long" written as the measure documents name ("how length"): what a search should look for,
    since the adjective that asks is no word of the answer's ("How long is a term?" — "Term Length: 2 year term")."""
    return MEASURE_ASKED.sub(lambda m: m.group(1) + MEASURE_NOUNS[m.group(2).lower()], question)


@lru_cache(maxsize=MEMO)
def iso_day(text: str, year_hint: str | None = None) -> str | None:
    """'2026-02-20', '20 Feb 2026', 'Feb 20' (with a year from context) → '2026-02-20'; None if not a full day."""
    match = ISO_DATE.search(text)
    if match:
        return match.group(1)
    match = WORD_DATE_PARTS.search(text)
    if not match:
        return None
    day, month, year = (match.group("d1"), match.group("m1"), match.group("y1")) if match.group("m1") else (
        match.group("d2"), match.group("m2"), match.group("y2"))
    number = month_number(month)
    year = year or year_hint
    if not (number and year and day):
        return None
    return f"{year}-{number:02d}-{int(day):02d}"


@lru_cache(maxsize=MEMO)
def looks_like_name(text: str) -> bool:
    """A proper name: a few words, each capitalised (or a connector), or one identifier-like token ('etcd').

    'Backup plan for Weaviate' or 'Terminates TLS and routes requests' are descriptions, not names.
    """
    text = text.strip()
    if not text or len(text) > 60 or is_date(text) or re.fullmatch(r"[\d\s.,:%/+-]+", text) or text.lower() in ABSENT_VALUES:
        return False
    words = text.split()
    if len(words) > 6 or text[-1] in ".!?":
        return False
    if len(words) == 1:
        return bool(re.fullmatch(r"[\w.+#/-]*[A-Za-z][\w.+#/-]*", text)) and not text.isdigit()
    if words[0].lower() in NAME_CONNECTORS or words[-1].lower() in NAME_CONNECTORS:
        return False
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in NAME_CONNECTORS or w == "&" or _is_initial(w)
               for w in words)


def _is_initial(word: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]\.", word))


@lru_cache(maxsize=MEMO)
def person_shaped(name: str) -> bool:
    """Only typography that English reserves for people: initials ('G. Freeney') or a generational suffix."""
    return bool(PERSON_INITIALS.match(name.strip()))


def acronym_of(name: str) -> str:
    """'Meter Data Management System' → 'MDMS' (capitalised words only)."""
    return "".join(w[0] for w in name.split() if w[:1].isupper())


@lru_cache(maxsize=MEMO)
def content_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in WORD.findall(fold(text).lower()) if w not in FUNCTION_WORDS)


def has_negation(text: str) -> bool:
    return bool(re.search(r"\b(?:not|never|no)\b|n't\b", text.lower()))
