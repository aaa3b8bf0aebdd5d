"""Who and when a statement holds for: everyone and always, or only some and sometimes.

A claim that says something holds for everyone or at all times (``The ferry runs every day``,
``The gym is open to the public``, ``All residents can apply``) is not stated by a source that
limits it (``every day except Sunday``, ``to members only``, ``Only residents over 65``, ``from
April to October``, ``every two years``): the source contradicts it. :func:`universal` finds the
claim's phrase, :func:`restriction` the source's, each with its kind, ``time`` or ``group``: a
limit of one kind does not deny a claim of the other (``All residents can apply until March``).
A claim for everyone against a source that names whom without a limit (``free for everyone``
against ``free for children under 12``, :func:`whom`) is not stated either, but not denied.

Each tests a few substrings first and runs its patterns only on a text that holds one: they are
read for every claim, and for every candidate sentence of a claim that has a scope.
"""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from checks.grounding.lexicon import CALENDAR_NAMES, COUNTS, SEASONS, excepted, terms

__all__ = ["Scope", "alongside", "none_at_all", "restriction", "universal", "whom"]

Kind = Literal["time", "group"]


class Scope(NamedTuple):
    """A phrase that widens or narrows what a sentence says, and what it is about."""

    text: str
    kind: Kind
    preposition: str = ""
    """``to`` or ``for`` when the phrase names whom (``open to the public``, ``free for everyone``)."""
    start: int = 0
    """Where it stands in the text read."""


_TIME_NOUNS: Final = "day|night|week|weekend|month|year|morning|evening|season"
_UNIVERSAL_TIME: Final = re.compile(
    rf"\b(?:every|each)\s+(?:single\s+)?(?:{_TIME_NOUNS})(?:\s+of\s+the\s+(?:week|year))?\b"
    r"|\b(?:daily|nightly)\b"
    r"|\ball\s+(?:year|week|day)(?:[\s-](?:round|long))?\b"
    r"|\byear[\s-]round\b"
    r"|\b(?:a)?round\s+the\s+clock\b"
    r"|\b24\s+hours\s+a\s+day\b|\b24/7\b"
    r"|\b(?:seven|7)\s+days\s+a\s+week\b",
    re.IGNORECASE,
)
_UNIVERSAL_GROUP: Final = re.compile(
    r"(?:\b(?P<prep>to|for)\s+)?"
    r"(?:\b(?:everyone|everybody|everything|anyone|anybody)\b|^(?-i:Any)\s+(?:[A-Z][\w'\u2019]*\s+)?(?=[a-z])[a-z]+"
    r"|(?<=\bto\s)the\s+(?:general\s+)?public\b|(?<=\bfor\s)the\s+(?:general\s+)?public\b"
    # "All of Golden Batter's existing shops", "all of the shop's current services", "all of its projects";
    # with how many there are, "All 412 of the council's contracted routes" (not "all three of them")
    rf"|\ball\s+(?:(?:\d{{1,3}}(?:,\d{{3}})*|{COUNTS})\s+)?of\s+(?:(?:the|its|their|his|her|our)\s+)?"
    r"(?:(?:[\w-]+\s+){0,2}[\w-]+(?:'s|\u2019s)\s+)?"
    r"(?!(?:time|way|them|it|us|you|which|whom|this|that|these|those|a|an|the|its|their|his|her|our)\b)"
    r"(?=[a-z])[a-z]+"
    r"|\b(?:all|every)\s+(?!(?:of|the|but|in|over|around|along|together|too|that|this|these|those|its|their"
    rf"|{_TIME_NOUNS}|kinds?|sorts?|types?|manner|along|told|else|{COUNTS})\b)(?=[a-z])[a-z]+"
    # with how many there are: "All 14 main sites", "all nine new routes" (not "all three were",
    # "all 24 hours")
    rf"|\b(?:all|every)\s+(?:\d{{1,3}}(?:,\d{{3}})*|{COUNTS})\s+(?!(?:of|the|were|are|was|is|have|has|had"
    rf"|will|would|can|could|did|do|hour|minute|{_TIME_NOUNS})s?\b)(?=[a-z])[a-z]+)",
    re.IGNORECASE,
)
_NONE_AT_ALL: Final = re.compile(
    r"\b(?:not|never|n't)\s+(?:[a-z]+\s+){0,3}?any\s+(?:(?:of\s+)?(?:its|their|the|our|his|her)\s+)?"
    r"(?P<what>[a-z]+)",
    re.IGNORECASE,
)
"""A denial of every one (``will not close any of its stores``, ``does not run on any day``)."""
_LOOK_BACK: Final = 20
"""How far before ``all`` or ``only`` the words that undo it are looked for (a text with thousands
of them costs what its length does)."""
_NOT_ALL: Final = re.compile(r"\b(?:at|above|after|once\s+and\s+for|not)\s+$", re.IGNORECASE)
"""What before ``all`` or ``every`` makes it no scope (``at all``, ``above all``, ``not all``)."""

_UNIVERSAL_CUES: Final = (
    *("every", "Every", " all ", "All ", "daily", "nightly", "round the", "ear-round", "ear round"),
    *("public", "24", "days a week", "anyone", "Anyone", "anybody", "Anybody", "Any "),
)
"""Substrings of every phrase :func:`universal` reads (``all`` opening a text is ``All``)."""

_CALENDAR_WORDS: Final = CALENDAR_NAMES
_DAYS: Final = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days"
"""A day of the week that recurs (``Fridays``). A list of them after ``on`` limits when, read from
``on`` (``runs on Fridays, Saturdays and Sundays``: the clause of the verb it limits, not the last
item's); one alone is as often a note of that day (``opens late on Thursdays``)."""
_RANGE: Final = re.compile(
    rf"\b(?:(?:from|between)\s+)?(?:{_CALENDAR_WORDS})s?\s+(?:to|until|till|through|and|-|\u2013)\s+"
    rf"(?:{_CALENDAR_WORDS})s?\b"
    rf"|\b(?:on\s+)?weekdays\b|\b(?:on|at)\s+weekends\b|\bduring\s+term[\s-]time\b"
    rf"|\bon\s+{_DAYS}(?:,\s+{_DAYS})*,?\s+(?:and|or)\s+{_DAYS}\b"
    rf"|\bevery\s+(?:other|second|third|\d+|{COUNTS})\s+(?:{_TIME_NOUNS})s?\b"
    rf"|\bin\s+(?:the\s+)?(?:{'|'.join(SEASONS)})(?:\s+months)?\b"
    r"|\b(?:one|two|three|four|five|six|[1-6])\s+(?:days|nights)\s+(?:a|per|each)\s+week\b",
    re.IGNORECASE,
)
_ONLY: Final = re.compile(r"\bonly\b", re.IGNORECASE)
_NOT_A_LIMIT_BEFORE: Final = re.compile(r"\b(?:not|the|its|their|his|her|our|your|my|if)\s+$", re.IGNORECASE)
"""``not only`` adds, ``the only`` singles out, ``if only`` wishes: none limits."""
_NOT_A_LIMIT_AFTER: Final = re.compile(
    r"\s+(?:\d|just\b|a\s+(?:few|handful|fraction)\b|(?:one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve|twenty|thirty|forty|fifty|hundred|half|some|partly|partially)\b)",
    re.IGNORECASE,
)
"""``only 2 of the 40 sites``, ``only half``: a figure, read as one (:mod:`checks.grounding.quantities`)."""
_TIME_WORD: Final = re.compile(
    rf"\b(?:{_TIME_NOUNS}|weekday|days|nights|weeks|weekends|months|years|mornings|evenings|holidays?|christmas"
    rf"|easter|summer|winter|spring|autumn|term|hours?|{_CALENDAR_WORDS})s?\b",
    re.IGNORECASE,
)
_OWN_CLAUSE: Final = re.compile(r"\s+(?:that|which|who|whose|where)\s", re.IGNORECASE)
"""What opens a clause about an excepted thing (``except the four | whose leases expire in March``)."""
_WORDS_AROUND: Final = 4
"""Words after ``only`` (two before: ``weekends only``) that tell what it limits."""


def universal(text: str, kind: Kind | None = None) -> Scope | None:
    """The first phrase that makes ``text`` hold always or for everyone (``every day``, ``daily``,
    ``all year``, ``around the clock``; ``everyone``, ``to the public``, ``all residents``,
    ``every address``), a time's before a group's, else None; ``kind``: the first of that kind."""
    if not any(cue in text for cue in _UNIVERSAL_CUES):
        return None
    found = _UNIVERSAL_TIME.search(text) if kind != "group" else None
    if found is not None:
        return Scope(" ".join(found.group().split()), "time")
    if kind == "time":
        return None
    for m in _UNIVERSAL_GROUP.finditer(text):
        if _NOT_ALL.search(text, max(0, m.start() - _LOOK_BACK), m.start()) is None or m.group("prep"):
            return Scope(" ".join(m.group().split()), "group", (m.group("prep") or "").lower())
    return None


def none_at_all(text: str, kind: Kind | None = None) -> Scope | None:
    """The first denial of every one in ``text`` (``will not close any of its stores``, ``will not run
    on any day``; of ``kind`` when given), else None: a scope for none, which an exception limits as
    it limits one for all (:func:`universal` does not read it: ``does not sell any books`` is no
    claim for all)."""
    if " any " not in text:
        return None
    for m in _NONE_AT_ALL.finditer(text):
        found: Kind = "time" if _TIME_WORD.fullmatch(m["what"]) is not None else "group"
        if kind is None or kind == found:
            return Scope(" ".join(m.group().split()), found, start=m.start())
    return None


def restriction(text: str) -> Scope | None:
    """The first phrase that limits what ``text`` says to some times or some people: ``only``
    (``members only``, ``only to managers``; not ``not only``, ``the only``, ``only 2 of``), an
    exception (``except Sunday``, ``apart from``, ``but not``), a stretch of the calendar (``from
    April to October``, ``on weekdays``, ``in summer``) or fewer times than all (``every two
    years``, ``every other week``, ``five days a week``); else None."""
    spans = excepted(text)
    if spans:
        start, end = spans[0]
        phrase = " ".join(text[start:end].split()).rstrip(" ,.;:!?")
        # What is excepted, not a clause about it ("except around 300 older units | that are due to
        # be replaced this year"): a group's, though the clause names a time.
        head = _OWN_CLAUSE.split(phrase, maxsplit=1)[0]
        return Scope(phrase, "time" if _TIME_WORD.search(head) else "group", start=start)
    if "only" in text or "Only" in text:
        for m in _ONLY.finditer(text):
            if _NOT_A_LIMIT_BEFORE.search(text, max(0, m.start() - _LOOK_BACK), m.start()) is not None:
                continue
            if _NOT_A_LIMIT_AFTER.match(text, m.end()) is not None:
                continue
            before = text[max(0, m.start() - 2 * _LOOK_BACK) : m.start()].split()[-2:]
            after = text[m.end() :].split()[:_WORDS_AROUND]
            around = " ".join((*before, "only", *after))
            kind: Kind = "time" if _TIME_WORD.search(around) else "group"
            return Scope(" ".join((*before[-1:], "only", *after[:3])).strip(" ,.;:"), kind, start=m.start())
    found = _RANGE.search(text)
    if found is not None:
        return Scope(" ".join(found.group().split()), "time", start=found.start())
    return None


_PEOPLE: Final = r"(?:the\s+)?(?:[a-z][a-z-]*\s+){0,2}?(?:[a-z]{2,}s|children|people|staff)\b"
"""Up to three lower-case words ending in a plural: ``blue badge holders``, ``the residents``."""
_WHOM: Final = {prep: re.compile(rf"\b{prep}\s+({_PEOPLE})") for prep in ("to", "for")}
_NOT_WHOM: Final = frozenset(("this", "thus", "those", "these", "always", "perhaps", "various", "its", "his"))


def whom(text: str, preposition: str) -> str:
    """Whom ``text`` says something ``to`` or ``for``, when it names people in lower case (``for blue
    badge holders``, ``to members``, ``for students and children``), else "": what a claim for
    everyone is held against."""
    pattern = _WHOM.get(preposition)
    if pattern is None or f"{preposition} " not in text:
        return ""
    for m in pattern.finditer(text):
        named = m.group(1)
        last = named.rsplit(None, 1)[-1]
        if last in _NOT_WHOM or _TIME_WORD.fullmatch(last) is not None:
            continue
        return " ".join(named.split())
    return ""


_ONLY_OF: Final = re.compile(
    r"\bonly\s+(?:(?:to|for|in|on|at|by|from|via|through)\s+)?(?:(?:the|a|an|its|their)\s+)?"
    r"(?P<what>[^\W\d_][^.,;:!?()]{0,60})"
    r"|(?P<before>[^\W\d_][\w'\u2019-]*)\s+only\b(?=\s*(?:[.,;:!?)]|$))",
    re.IGNORECASE,
)
"""What a claim's ``only`` limits it to: the words after it to the end of its clause (``only the
Team plan``, ``Only kettles sold in stores are covered``), or the one before it at the end of its
clause (``sold online only``)."""
_PAIR: Final = re.compile(
    r"\b(?P<a>[^\W\d_][\w'\u2019-]*)\s+(?:and|&)\s+(?:(?:in|on|at|by|via|through|to|for|the)\s+)*"
    r"(?P<b>[^\W\d_][\w'\u2019-]*)",
    re.IGNORECASE,
)
"""Two words joined by ``and`` (a preposition or an article before the second): ``in stores and
online``, ``by post and by phone``."""


def alongside(claim: str, sentence: str) -> str:
    """Where a claim says a thing holds ``only`` for one (``kettles sold online only``), the words
    of ``sentence`` that join it with another the claim does not name (``stores and online``), or
    "": the source says it holds for both."""
    if ("only" not in claim and "Only" not in claim) or (" and " not in sentence and " & " not in sentence):
        return ""
    limited: set[str] = set()
    for m in _ONLY_OF.finditer(claim):
        if _NOT_A_LIMIT_BEFORE.search(claim, max(0, m.start() - _LOOK_BACK), m.start()) is not None:
            continue
        if m["what"] is not None and _NOT_A_LIMIT_AFTER.match(claim, m.start("what") - 1) is not None:
            continue
        limited.update(terms(m["what"] or m["before"]))
    if not limited:
        return ""
    mine = set(terms(claim))
    for m in _PAIR.finditer(sentence):
        a, b = set(terms(m["a"])), set(terms(m["b"]))
        if not a or not b:
            continue
        if (a & limited and not b <= mine) or (b & limited and not a <= mine):
            return " ".join(m.group().split())
    return ""
