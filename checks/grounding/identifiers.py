"""Numbers that name things, not amounts: versions, models, standards, codes, routes, times of day.

``Python 3.8``, ``Kubernetes 1.27``, ``ISO 27001``, ``RFC 9110``, ``HTTP 401``, ``Boeing 737``,
``CVE-2024-3094``, ``version 5.0`` and ``14:30`` are no quantities (:mod:`~checks.grounding.quantities`
reads a number right after a name as part of the name, and a time of day not at all), so a claim
that gives ``Python 3.11`` where its source gives ``Python 3.8`` has no figure to disagree on, and
every word of it is stated. :func:`identifiers` reads them, each with the word it names (its
*key*); :func:`clash` finds one of a claim's that a sentence gives another value for.

A number names a thing when the word right before it (a space or a hyphen between) is written with
a capital (``Python``, ``iOS``, ``CVE``) or is a naming word (``version``, ``model``, ``phase``),
and is no stopword, month, weekday or number word (``In 2024``, ``May 3``). A number written with
thousands separators names nothing (``and Kestrel 5,500``). Versions compare by their parts with
trailing zeros dropped (``5`` is ``5.0``; ``3.10`` is not ``3.1``). Times of day compare by the
minute, ``2:30 pm`` (or ``2.30 pm``) as ``14:30``; one without ``am`` or ``pm`` may be either half
of the day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, NamedTuple

from checks.grounding.lexicon import MONTHS, STOPWORDS, WEEKDAYS, words

__all__ = [
    "NAMING",
    "ROUTE_AFTER",
    "ROUTE_BEFORE",
    "Identifier",
    "acted_by_another",
    "clash",
    "identifiers",
    "unwritten",
]

NAMING: Final = words("version versions v ver release rev revision model type phase stage level gen no")
"""Words a number after which is a name though they are not capitalised (``version 3``)."""
_NOT_NAMES = (
    STOPWORDS
    | MONTHS
    | frozenset(WEEKDAYS)
    | words(
        "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred"
    )
)
_NAMED: Final = re.compile(
    r"(?<![\w'\u2019.-])(?P<name>[^\W\d_][\w+#]*)[ -](?P<value>\d+(?:[.-]\d+)*)(?![\w%\u2030]|[.,:]\d)"
)
_CLOCK: Final = re.compile(
    r"(?<![\w.:])(?P<h>[01]?\d|2[0-3])"
    r"(?::(?P<m>[0-5]\d)(?!\d|:\d)|\.(?P<dot>[0-5]\d)(?=\s*[ap]\.?m\b)|(?=\s*[ap]\.?m\b))"
    r"(?:\s*(?P<half>[ap])\.?m\b\.?)?",
    re.IGNORECASE,
)
_BOUND_BEFORE: Final = re.compile(
    r"\b(?:since|after|before|until|till|through|between|prior\s+to|up\s+to|older\s+than"
    r"|newer\s+than|later\s+than|earlier\s+than|pre|post)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_BOUND_AFTER: Final = re.compile(
    r"\s*(?:\+|[-\u2013\u2014]\s*\d|(?:to|through|thru)\s+(?:[^\W\d_][\w+#]*[ -])?\d"
    r"|or\s+(?:later|newer|higher|above|greater|more|up)|and\s+(?:later|newer|higher|above|up|over)"
    r"|\s+onwards?\b)",
    re.IGNORECASE,
)
_NUMBER: Final = re.compile(r"(?<![\w.])\d+(?:[.-]\d+)*(?![\w]|\.\d)")
ROUTE_BEFORE: Final = (
    r"\b(?:the|number|no\.?)\s+(?:(?:fixed|old|new|former|current|existing|daily|hourly|night|express)\s+)?"
    r"(?:number\s+)?"
)
ROUTE_AFTER: Final = r"\s+(?P<key>route|bus|line|service)\b(?!-)"
"""What stands before and after a route's number (``the fixed 47 route``, ``the number 12 bus``):
:data:`_ROUTE` here, and :mod:`checks.grounding.quantities`, which reads no count of routes in it."""
_ROUTE: Final = re.compile(rf"{ROUTE_BEFORE}(?P<value>\d+){ROUTE_AFTER}", re.IGNORECASE)
"""A route's number between ``the`` (``number``) and its word in the singular."""
CLOCK: Final = "time of day"
"""The key of a time of day."""


class Identifier(NamedTuple):
    """A number that names something, with the word it names (its key)."""

    key: str
    """The naming word, lower-cased (``python``, ``iso``, ``version``), or :data:`CLOCK`."""
    values: frozenset[str]
    """What it may stand for: a version's parts without trailing zeros (``3.8``), a time of day's
    minutes after midnight (both halves of the day when it names neither)."""
    text: str
    """As written: ``Python 3.8``, ``14:30``."""
    bound: bool = False
    """It bounds a range (``Python 3.9 or later``, ``since version 2.0``, ``Python 3.9-3.12``): what
    lies within it is no other value."""


def identifiers(plain: str) -> tuple[Identifier, ...]:
    """The identifiers of a sentence, in order (versions and names first, then times of day)."""
    found: list[Identifier] = []
    if any(c.isdigit() for c in plain):
        for m in _NAMED.finditer(plain):
            name = m.group("name")
            low = name.lower()
            if low in _NOT_NAMES or not (low in NAMING or name != low):
                continue
            value = m.group("value")
            bound = (
                ("-" in value and "." in value)  # "Python 3.9-3.12": a range of versions
                or _BOUND_BEFORE.search(plain, max(0, m.start() - 24), m.start()) is not None
                or _BOUND_AFTER.match(plain, m.end()) is not None
            )
            found.append(Identifier(low, frozenset((_version(value),)), m.group(), bound))
        for m in _ROUTE.finditer(plain):
            # "the fixed 47 route", "the number 12 bus": the route's name (quantities reads no figure)
            key = m.group("key").lower()
            found.append(Identifier(key, frozenset((m.group("value"),)), m.group().strip(), False))
        for m in _CLOCK.finditer(plain):
            minutes = _minutes(m)
            if minutes:
                text = m.group().strip()
                found.append(Identifier(CLOCK, minutes, text if text.endswith(".m.") else text.rstrip(".")))
    return tuple(found)


def unwritten(claim: Sequence[Identifier], plain: str) -> Identifier | None:
    """The first of a claim's times of day that the sentence ``plain`` does not write (none of its own
    holds one of its values: ``close at 8pm`` against ``closing on Christmas Day``), or None. Only
    times: a version or a model is often named by the source's title or the sentence before
    (``Lumen 4.2 fixes 112 bugs`` against ``The release fixes 112 bugs``), a time of day rarely."""
    if not claim:
        return None
    theirs = identifiers(plain)
    for mine in claim:
        if mine.key != CLOCK or mine.bound:
            continue
        if not any(t.key == mine.key and (t.bound or t.values & mine.values) for t in theirs):
            return mine
    return None


def clash(claim: Sequence[Identifier], plain: str) -> tuple[Identifier, Identifier] | None:
    """An identifier of the claim that the sentence ``plain`` gives another value for, and the
    sentence's (``Python 3.11`` against ``Python 3.8``; ``15:30`` against ``14:30``), or None.

    The sentence names the same thing and nowhere writes the claim's value (``Python 3.10, 3.11
    and 3.12`` holds ``Python 3.11``); its value is none the claim gives under another name
    (``than version 2.4`` against ``than Harbor 2.4``); neither is a bound of a range (``Python
    3.9 or later`` holds ``Python 3.12``; times of day aside: ``until 15:30`` against ``until
    14:30`` disagree)."""
    if not claim:
        return None
    # One the claim gives too, under any name, is the claim's: "Harbor 3.0 uses less memory than
    # version 2.4" against "compared with Harbor 2.4" (the sentence's Harbor 2.4 is the claim's
    # version 2.4, and its subject the release the source is about).
    given = frozenset().union(*(mine.values for mine in claim if mine.key != CLOCK))
    theirs = [
        t
        for t in identifiers(plain)
        if t.key == CLOCK or not (t.values & given or _compared_with(t.text, plain))
    ]
    if not theirs:
        return None
    written: set[str] | None = None
    for mine in claim:
        same = [t for t in theirs if t.key == mine.key]
        if not same or any(t.values & mine.values for t in same):
            continue
        if mine.key != CLOCK:
            if mine.bound or any(t.bound for t in same):
                continue
            if written is None:
                written = {_version(n) for n in _NUMBER.findall(plain)}
            if mine.values & written:
                continue  # "supports Python 3.10 and 3.11": the claim's 3.11, without its name
        return mine, same[0]
    return None


_COMPARED_WITH: Final = re.compile(
    r"\b(?:than|as\s+[^\W\d_]+\s+as|compared\s+(?:with|to)|against|vs\.?|versus)\s+"
    r"(?:the\s+|in\s+|with\s+|\d[^,;:.]{0,20}?\s(?:for|of|by|from)\s+(?:the\s+)?)?$",
    re.IGNORECASE,
)
"""The words before what a sentence compares its subject with: ``twice as fast as in version 4.2``,
``compared with Python 3.8``, ``against 26 hours for the Pixo 8``."""


def _compared_with(text: str, plain: str) -> bool:
    """Does the sentence ``plain`` write the identifier ``text`` only as what it compares with (a
    base, not its subject's value: ``Start-up is about twice as fast as in version 4.2``)?"""
    starts = [m.start() for m in re.finditer(re.escape(text), plain)]
    return bool(starts) and all(_COMPARED_WITH.search(plain, max(0, k - 40), k) is not None for k in starts)


def acted_by_another(claim: Sequence[Identifier], claim_plain: str, plain: str) -> tuple[str, str] | None:
    """The claim's opening identifier and its verb (``Version 2.3 fixed``) when the sentence ``plain``
    has that verb right after another value of the same name (``Version 2.4 fixed the memory leak
    reported in version 2.3``) and never after the claim's: (the claim's words, the sentence's), or
    None. The claim's value may stand anywhere else in the sentence: it is not the one that acts."""
    if not claim or claim[0].key == CLOCK:
        return None
    lead = _LEAD.match(claim_plain)
    if lead is None or lead.group("named").lower() != claim[0].text.lower():
        return None
    mine, verb = claim[0], lead.group("verb").lower()
    if verb in STOPWORDS:
        return None  # "Version 3 of the app", "Version 3 has 55 screens": no verb that acts
    other: str | None = None
    for m in _NAMED.finditer(plain):
        if m.group("name").lower() != mine.key:
            continue
        after = _VERB.match(plain, m.end())
        if after is None or after.group(1).lower() != verb:
            continue
        if _version(m.group("value")) in mine.values:
            return None  # the claim's own value acts too
        other = other or f"{m.group()}{after.group()}"
    return (f"{mine.text} {lead.group('verb')}", other) if other else None


_LEAD: Final = re.compile(
    r"\s*(?:The\s+)?(?P<named>[^\W\d_][\w+#]*[ -]\d+(?:[.-]\d+)*)\s+(?P<verb>[^\W\d_]+)\b"
)
"""A claim that opens with an identifier and the word after it (``Version 2.3 fixed``)."""
_VERB: Final = re.compile(r"\s+([^\W\d_]+)\b")


def _version(raw: str) -> str:
    """A version's parts as compared: ``5.0`` is ``5``; ``3.10`` stays ``3.10``."""
    parts = raw.split(".")
    while len(parts) > 1 and parts[-1].strip("0") == "":
        parts.pop()
    return ".".join(parts)


def _minutes(m: re.Match[str]) -> frozenset[str]:
    hour, minute = int(m.group("h")), int(m.group("m") or m.group("dot") or 0)
    half = (m.group("half") or "").lower()
    if half:
        if not 1 <= hour <= 12:
            return frozenset()
        hour = hour % 12 + (12 if half == "p" else 0)
        return frozenset((str(hour * 60 + minute),))
    if m.group("m") is None:
        return frozenset()
    hours = (hour, hour + 12) if 1 <= hour <= 11 else (hour,)  # "2:30": either half of the day
    return frozenset(str(h * 60 + minute) for h in hours)
