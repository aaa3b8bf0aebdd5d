"""Units after a figure: the spellings of units and scales, and what they convert to.

Read by :mod:`checks.grounding.quantities` right after a number: a scale
(``10k``, ``$4.5M``, ``2 billion``), then a unit. Every unit converts to the
base of its dimension (see the table in :mod:`checks.grounding.quantities`):
time to seconds, data to bytes, data rates to bits per second, frequency to
hertz, length to metres, area to square metres, mass to grams, power to watts,
energy to watt-hours, temperature to degrees Celsius, rates to per second,
percentages to fractions, money to its currency. Without a unit, a plural noun
makes a count (``1,200 users``: ``count:user``), ``per day`` a rate, money
sign alone a sum of that currency, and anything else a bare number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from checks.grounding.lexicon import NUMBER_WORDS, STOPWORDS, stem, words

__all__ = ["NOT_WHEN", "clause_period", "period_after", "scale_after", "seconds_of", "unit_after"]

_SCALE: Final = re.compile(
    r"(?P<attached>[kKMBT](?![\w]))|[\s-]?(?P<word>thousand|million|billion|trillion|hundred|mn|bn|tn)\b",
)
_SCALES: Final[Mapping[str, float]] = {
    "k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12, "thousand": 1e3, "million": 1e6, "mn": 1e6,
    "billion": 1e9, "bn": 1e9, "trillion": 1e12, "tn": 1e12, "hundred": 1e2,
}  # fmt: skip

# unit spelling (lower case) -> (dimension, factor to the base unit)
_UNITS: Final[dict[str, tuple[str, float]]] = {}


def _units(dim: str, factor: float, spellings: str) -> None:
    for spelling in words(spellings):
        _UNITS[spelling] = (dim, factor)


_units("time", 1e-9, "ns nanosecond nanoseconds")
_units("time", 1e-6, "µs μs us microsecond microseconds")
_units("time", 1e-3, "ms msec msecs millisecond milliseconds")
_units("time", 1.0, "s sec secs second seconds")
_units("time", 60.0, "min mins minute minutes")
_units("time", 3600.0, "h hr hrs hour hours")
_units("time", 86400.0, "day days")
_units("time", 604800.0, "wk wks week weeks")
_units("time", 1209600.0, "fortnight fortnights")
_units("time", 2629800.0, "month months")
_units("time", 31557600.0, "yr yrs year years")
_units("time", 315576000.0, "decade decades")
_units("data", 1.0, "byte bytes")
_units("data", 1e3, "kb kilobyte kilobytes")
_units("data", 1e6, "mb megabyte megabytes")
_units("data", 1e9, "gb gigabyte gigabytes")
_units("data", 1e12, "tb terabyte terabytes")
_units("data", 1e15, "pb petabyte petabytes")
_units("data", 1024.0, "kib kibibyte kibibytes")
_units("data", 1024.0**2, "mib mebibyte mebibytes")
_units("data", 1024.0**3, "gib gibibyte gibibytes")
_units("data", 1024.0**4, "tib tebibyte tebibytes")
_units("data", 0.125, "bit bits")
_units("datarate", 1.0, "bps bit/s")
_units("datarate", 1e3, "kbps kbit/s kb/s")
_units("datarate", 1e6, "mbps mbit/s")
_units("datarate", 1e9, "gbps gbit/s")
_units("datarate", 8e6, "mb/s mbyte/s")
_units("datarate", 8e9, "gb/s gbyte/s")
_units("frequency", 1.0, "hz")
_units("frequency", 1e3, "khz")
_units("frequency", 1e6, "mhz")
_units("frequency", 1e9, "ghz")
_units("rate", 1.0, "rps qps tps req/s ops/s op/s requests/s queries/s /s")
_units("rate", 1 / 60, "rpm /min")
_units("length", 1e-3, "mm millimetre millimetres millimeter millimeters")
_units("length", 1e-2, "cm centimetre centimetres centimeter centimeters")
_units("length", 1.0, "m metre metres meter meters")
_units("length", 1e3, "km kilometre kilometres kilometer kilometers")
_units("length", 1609.344, "mi mile miles")
_units("length", 0.3048, "ft foot feet")
_units("area", 1e4, "ha hectare hectares")
_units("area", 1e6, "km² km2 sqkm")
_units("area", 4046.8564, "acre acres")
_units("area", 1.0, "m² m2")
_units("mass", 1e-3, "mg milligram milligrams")
_units("mass", 1.0, "g gram grams")
_units("mass", 1e3, "kg kilogram kilograms kilo kilos")
_units("mass", 1e6, "t tonne tonnes")
_units("mass", 453.59237, "lb lbs")
_units("power", 1.0, "w watt watts")
_units("power", 1e3, "kw kilowatt kilowatts")
_units("power", 1e6, "mw megawatt megawatts")
_units("power", 1e9, "gw gigawatt gigawatts")
_units("energy", 1.0, "wh")
_units("energy", 1e3, "kwh")
_units("energy", 1e6, "mwh")
_units("energy", 1e9, "gwh")
_units("energy", 1e12, "twh")
_units("celsius", 1.0, "°c ℃ celsius")
_units("fahrenheit", 1.0, "°f ℉ fahrenheit")
_units("fraction", 0.01, "% ٪ percent pct")
_units("ratio", 1.0, "x \u00d7 times fold")
_units("money:usd", 1.0, "usd dollar dollars")
_units("money:eur", 1.0, "eur euro euros")
_units("money:gbp", 1.0, "gbp")
_units("money:gbp", 0.01, "p pence")
_units("money:jpy", 1.0, "jpy yen")
_units("money:inr", 1.0, "inr rupee rupees")
# Units that are also ordinary words or names when capitalised ("5G", "US states", "3 T-shirts").
_CASE_SENSITIVE: Final = {"us": "us", "t": "t", "m": "m", "g": "g", "h": "h", "s": "s", "ha": "ha", "p": "p"}
_MULTIWORD: Final = re.compile(
    r"[\s-]?(?P<unit>per\s?cent|percentage\s+points?|basis\s+points?|degrees\s+(?:celsius|fahrenheit)"
    r"|square\s+(?:kilomet(?:re|er)s?|met(?:re|er)s?|miles?))\b",
    re.IGNORECASE,
)
_MULTIWORD_UNITS: Final[Mapping[str, tuple[str, float]]] = {
    "percent": ("fraction", 0.01), "per cent": ("fraction", 0.01), "percentage point": ("fraction", 0.01),
    "percentage points": ("fraction", 0.01), "basis point": ("fraction", 1e-4),
    "basis points": ("fraction", 1e-4), "degrees celsius": ("celsius", 1.0),
    "degrees fahrenheit": ("fahrenheit", 1.0),
}  # fmt: skip
_UNIT: Final = re.compile(
    r"[\s-]?(?P<unit>(?:[kmgt]i?b|[kmg]bit|[kmg]?byte)/s|[kmg]?bps|req/s|ops?/s|requests/s|queries/s|/s|/min"
    r"|°[cf]|km²|m²|[℃℉%٪\u00d7]|[a-zµμ]+)(?![\w/²])",
    re.IGNORECASE,
)
NOT_WHEN: Final = r"(?!\s+(?:ago|earlier|later|before|after)\b)"
"""After a period, what makes it a when rather than a how often (``60 a year ago``, ``a week later``)."""
_PER: Final = re.compile(
    r"\s+(?:(?:/\s?|(?:per|a|an|every|each)\s)"
    r"(?P<period>second|sec|s|minute|min|hour|hr|day|night|week|month|year)"
    rf"|(?P<period_ly>hourly|daily|nightly|weekly|monthly|yearly|annually))\b{NOT_WHEN}"
)
_PERIOD_SECONDS: Final = {
    "second": 1.0, "sec": 1.0, "s": 1.0, "minute": 60.0, "min": 60.0, "hour": 3600.0, "hr": 3600.0,
    "day": 86400.0, "week": 604800.0, "month": 2629800.0, "year": 31557600.0, "hourly": 3600.0,
    "daily": 86400.0, "weekly": 604800.0, "monthly": 2629800.0, "yearly": 31557600.0, "annually": 31557600.0,
    "night": 86400.0, "nightly": 86400.0,
}  # fmt: skip


def _plural(low: str) -> bool:
    """Is a lower-case noun after a figure one the figure counts (``passengers``, ``staff``)? Not an
    adjective in -s (``6,000 overseas students``, ``numerous``)."""
    if low.endswith("s"):
        return not low.endswith(("ous", "ss")) and low not in _NOT_PLURAL
    return low in _IRREGULAR_PLURALS


def _count_or_rate(text: str, seen: list[str], end: int) -> tuple[str, float, int]:
    """A count of the nouns ``seen`` ending at ``end``, or a rate when a period follows (``9,000
    passengers a day``)."""
    per = period_after(text, end)
    if per is not None:
        return "rate", 1.0 / per[0], per[1]
    return f"count:{' '.join(seen)}", 1.0, end


def _per_second(per: re.Match[str]) -> float:
    """The seconds of the period a :data:`_PER` match names (``a day``, ``daily``)."""
    return _PERIOD_SECONDS[(per.group("period") or per.group("period_ly")).lower()]


def seconds_of(period: str) -> float:
    """The seconds of a period named in :data:`_PER`'s words (``day``, ``month``, ``yearly``)."""
    return _PERIOD_SECONDS[period]


def period_after(text: str, pos: int) -> tuple[float, int] | None:
    """(seconds, end) of a period right at ``pos`` (``a week``, ``per day``, ``daily``), or None."""
    per = _PER.match(text, pos)
    return None if per is None else (_per_second(per), per.end())


_CLAUSE_PERIOD: Final = re.compile(
    r"(?:\s+(?!(?:and|but|or|while|which|who|whereas|than|of|per)\b)[^\W\d_][\w'\u2019-]*){1,6}?"
    rf"\s+(?:(?:per|a|an|each|every)\s+(?P<period>hour|day|week|month|year){NOT_WHEN}"
    r"|(?P<period_ly>hourly|daily|weekly|monthly|yearly|annually))"
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:in|on|during|at|from|until|since|last|this|next)\s)",
    re.IGNORECASE,
)
"""A period that ends the clause of a count before it (but for when: ``in summer``), words between:
``30,000 vehicles cross the bridge daily``, ``5,000 people use the station every week``."""
_BEFORE_A_PART: Final = re.compile(r"\b(?:of|with|for|from|to|by|among|than|between|per)\s+$", re.IGNORECASE)


def clause_period(text: str, start: int, end: int) -> float:
    """The seconds of the period that ends the clause of the count at ``start:end``
    (:data:`_CLAUSE_PERIOD`), or 0.0. Not for a count within a phrase (``a team of 12 people
    meets every week``: the team meets weekly, it does not have 12 people a week)."""
    per = _CLAUSE_PERIOD.match(text, end)
    if per is None or _BEFORE_A_PART.search(text, max(0, start - 9), start) is not None:
        return 0.0
    return _per_second(per)


_ADJECTIVES: Final = (
    "new|more|fewer|additional|active|monthly|daily|weekly|unique|total|paying|extra|full-time|part-time|other|"
    "distinct|separate|of|the|our|their|its|registered|enrolled|individual|reported"
)
_NOUN: Final = re.compile(
    rf"\s+(?:(?:{_ADJECTIVES})\s+){{0,2}}(?P<first>[^\W\d_][\w-]+)"
    r"(?:\s+(?P<second>[^\W\d_][\w-]+)(?:\s+(?P<third>[^\W\d_][\w-]+))?)?",
    re.IGNORECASE,
)


_THEY_EXPECTED: Final = re.compile(
    r"\s+(?:had\s+)?(?:expected|forecast|predicted|estimated|anticipated|projected|pencilled\s+in)\b"
    r"(?!\s+(?:to|that)\b)",
    re.IGNORECASE,
)
"""A verb of expecting right after the plural after a figure: the plural is who expected it (``the 3
million analysts expected``), not what the figure counts (not ``12 analysts expected to``)."""


def _counts_nothing(low: str) -> bool:
    """Is the word (lower case) after a figure none that the figure counts: a stopword, a word that
    is no noun, a number of its own (``two of the eight reservoirs``)?"""
    return low in STOPWORDS or low in _NOT_NOUNS or low in NUMBER_WORDS


_JOINED_NOUN: Final = re.compile(r"-([^\W\d_]{3,})\b(?!-)")
"""A noun joined to a figure before another noun (``500-page``): not one joined on (``10-year-old``)."""
_NOT_PLURAL: Final = words("overseas various previous plus")
"""Words in -s that count nothing (besides adjectives in -ous and words in -ss)."""
_IRREGULAR_PLURALS: Final = words(
    "people staff data children men women feet media personnel crew police cattle livestock sheep deer "
    "aircraft"
)
"""Nouns that count without an -s: ``430 crew``, ``12 aircraft`` (what a count counts, not a bare number)."""
_MULTIWORD_STARTS: Final = frozenset("pPbBdDsS")
"""What a multi-word unit can start with (after a space or a hyphen): other text skips the pattern."""


def scale_after(text: str, pos: int, *, currency: bool) -> tuple[float, int]:
    """(factor, end) of a scale at ``pos``, after a figure: ``k``, ``M``, ``billion``; ``$5m`` with money."""
    m = _SCALE.match(text, pos)
    if m is None:
        lone_m = text.startswith("m", pos) and not text[pos + 1 : pos + 2].isalnum()
        if lone_m and (currency or _counted(text, pos + 1)):
            return 1e6, pos + 1  # "$5m", "12.5m passengers" (a "12m yacht" stays in metres)
        return 1.0, pos
    if m.group("attached"):
        letter = m.group("attached")
        # "5M users", "$4.5B", "10k"; a lone "5B" or "3T" without money or a noun is a name.
        if letter in "MBT" and not currency and not _NOUN.match(text, m.end()):
            return 1.0, pos
        return _SCALES[letter], m.end()
    if m.group("word").lower() == "hundred" and currency:
        return 100.0, m.end()
    return _SCALES[m.group("word").lower()], m.end()


_OF: Final = re.compile(r"\s+of\b", re.IGNORECASE)


def counted_one(text: str, pos: int) -> tuple[str, int] | None:
    """(dimension, end) of the one thing a ``one`` or ``a single`` before ``pos`` counts, as a count
    of it (``count:site`` of ``at one site``, as of ``three sites``; ``count:harwick ferri`` of ``one
    Harwick ferry``, as of ``Both Harwick ferries``), or None: a noun in the singular, after a name
    before it (capitalised) if any; not what a figure never counts (``one of``, ``one day``)."""
    noun = _NOUN.match(text, pos) if _OF.match(text, pos) is None else None
    if noun is None:
        return None
    seen: list[str] = []
    end = pos
    for group in ("first", "second"):
        word = noun.group(group)
        if word is None:
            return None
        low = word.lower()
        if _counts_nothing(low) or _plural(low):
            return None
        seen.append(stem(low))
        end = noun.end(group)
        if not word[:1].isupper():
            break  # the noun; a capitalised word before it names whose ("one Harwick ferry")
    else:
        return None  # two names and no noun
    if period_after(text, end) is not None:
        return None  # "one visit a year": a rate
    return f"count:{' '.join(seen)}", end


def _counted(text: str, pos: int) -> bool:
    """Is a plural noun next (``passengers``, ``people``): what a count counts, not a length?"""
    noun = _NOUN.match(text, pos)
    if noun is None:
        return False
    first = noun.group("first").lower()
    return first in _IRREGULAR_PLURALS or (first.endswith("s") and not first.endswith("ss"))


_NOT_NOUNS: Final = words(
    """after before since during despite following ahead behind amid against without beyond except
    towards toward upon saw brought proved"""
)
"""Words after a figure that open what follows it, not a noun it counts (``in 2015 after years of
delay``: the year 2015, not 2,015 after-years; ``only 2019 saw more visitors``: the year, a verb after
it)."""


_PENCE_BEFORE: Final = re.compile(r"(?<![\d.,])\d{1,2}(?:\.\d+)?$")
"""The figure before a ``p`` that is pence: one or two whole digits (``77p``, ``2.5p``; not ``1080p``)."""


_OCCURRENCES: Final = re.compile(
    r"(?:\s*(?:[,.;:)]|$)|\s+(?:last|this|in|during|since|so\s+far|between|across|from|before|after|and|but"
    r"|or|with|without|until|at|on|per|each|every)\b)",
    re.IGNORECASE,
)
"""What may follow ``times`` counted (``launched 94 times last year``, ``was late 12 times in
March``), not a multiplier (``three times as many``, ``five times more``, ``twice the size``)."""


def unit_after(text: str, pos: int, currency: tuple[str, str] | None) -> tuple[str, float, int]:
    """(dimension, factor, end) of the unit at ``pos``, after a figure; money, counts and bare numbers too.

    ``currency``: the currency sign before the figure, as (code, as written), if any.
    """
    head = text[pos : pos + 2]
    first = head[1:] if head[:1].isspace() or head[:1] == "-" else head[:1]  # past [\s-]?
    multi = _MULTIWORD.match(text, pos) if first in _MULTIWORD_STARTS or not first.isascii() else None
    if multi is not None:
        unit = " ".join(multi.group("unit").lower().split())
        if unit.startswith("square"):
            dim, factor = ("area", 1e6) if "kilo" in unit else ("area", 2.589988e6 if "mile" in unit else 1.0)
            return dim, factor, multi.end()
        dim, factor = _MULTIWORD_UNITS.get(unit, ("fraction", 0.01))
        return dim, factor, multi.end()
    after = text[pos + 1 : pos + 2]
    attached = head[:1] == first and not (after.isalnum() or after == "-")
    if first in ("C", "F") and attached and currency is None:
        # "21.4C", "70F": degrees, written against the figure (not "5 C", a grade or a section)
        return ("celsius" if first == "C" else "fahrenheit"), 1.0, pos + 1
    m = _UNIT.match(text, pos)
    if m is not None:
        spelled = m.group("unit")
        key = spelled.lower()
        found = _UNITS.get(key)
        exact = _CASE_SENSITIVE.get(key)
        if key == "p" and (head[:1] != "p" or _PENCE_BEFORE.search(text, max(0, pos - 8), pos) is None):
            found = None  # "77p" is pence; "1080p", "p 5" are not
        if found is not None and (exact is None or spelled == exact):
            dim, factor = found
            if dim.startswith("money") and currency is not None and dim != f"money:{currency[0]}":
                return f"money:{currency[0]}", 1.0, pos
            if dim == "ratio" and key == "times" and (per := period_after(text, m.end())) is not None:
                return "rate", 1.0 / per[0], per[1]  # "60 times a year": how often
            if dim == "ratio" and key == "times" and _OCCURRENCES.match(text, m.end()) is not None:
                return "count:time", 1.0, m.end()  # "launched 94 times last year": how many times
            if dim.startswith("money") or currency is None or dim == "fraction":
                return dim, factor, m.end()
    if currency is not None:
        return f"money:{currency[0]}", 1.0, pos
    if text.startswith("-", pos):
        joined = _JOINED_NOUN.match(text, pos)
        if joined is not None:
            low = joined.group(1).lower()
            if not _counts_nothing(low):
                # "a 500-page report", "a 7-billion-parameter model": what it counts, in the singular
                return f"count:{stem(low)}", 1.0, joined.end()
    noun = _NOUN.match(text, pos)
    if noun is not None:
        seen: list[str] = []
        for group in ("first", "second", "third"):
            word = noun.group(group)
            if word is None:
                break
            low = word.lower()
            if _counts_nothing(low):
                break  # "two of the eight reservoirs": eight is a figure of its own, not what two counts
            seen.append(stem(low))
            if group == "first" and text.startswith(("'s ", "\u2019s "), noun.end(group)):
                # "12,000 children's books": books (of children), what the figure counts
                owned = _NOUN.match(text, noun.end(group) + 2)
                if owned is not None and owned.group("first").lower() not in STOPWORDS:
                    low = owned.group("first").lower()
                    seen.append(stem(low))
                    if _plural(low):
                        return _count_or_rate(text, seen, owned.end("first"))
                break
            if _plural(low):
                if group == "first" and _THEY_EXPECTED.match(text, noun.end(group)) is not None:
                    # "fewer than the 3 million analysts expected": what they expected, not analysts
                    return "number", 1.0, pos
                # "six air quality targets": what the last two words name ("quality targets")
                return _count_or_rate(text, seen[-2:], noun.end(group))
    per = period_after(text, pos)
    if per is not None:
        return "rate", 1.0 / per[0], per[1]
    return "number", 1.0, pos
