"""Numbers with their units, read from a sentence, and whether two of them can both be true.

A :class:`Quantity` is an interval in base units with a dimension:

* **units** convert to a base: time to seconds (``ns`` .. ``years``), data to
  bytes (``KB`` = 1,000, ``KiB`` = 1,024; a 1.024^k ratio between two figures
  also counts as equal, since writers mix the two), data rates to bits per
  second (``MB/s`` = 8 ``Mbps``), frequency to hertz, length to metres, area to
  square metres (``hectares``, ``km²``, ``acres``), mass to grams, power to
  watts, energy to watt-hours, temperature to degrees Celsius, and rates per
  second / minute / hour / day to per second;
* **percentages** are fractions (``40%`` is 0.40); a bare number compares with a
  percentage both ways, so ``40%`` against ``0.4`` or against ``40`` is consistent;
* **money** keeps its currency as the dimension (dollars never compare with euros);
* **counts** take the plural noun that follows (``1,200 users``, ``1,250 member
  farmers``) and compare with counts of the same noun; a bare number may
  *match* a count but never conflicts with one;
* an integer from 1800 to 2199 with no unit is a **year**, compared exactly;
* **multipliers** (``3x``, ``3 times``, ``twice``, ``doubled``, ``by half``) are ratios;
* anything else is a bare **number**.

Written forms: thousands separators (``1,200``, the Arabic thousands separator,
thin spaces), decimals (the Arabic decimal separator too), Arabic-Indic digits,
scales (``10k``, ``$4.5M``, ``2 billion``), hyphenated units (``30-minute``),
ranges (``10-15 ms``, ``10 to 15 ms``, ``between 10 and 15 ms``, ``10 ms to
15 ms``), approximations (``about``,
``around``, ``roughly``, ``~``, ``nearly``) and bounds (``over``, ``more than``,
``at least``, ``10+``, ``up to``, ``under``). ``from 41 to 23 minutes`` is two
figures (a change, not a range), the first taking the second's unit. Not
quantities: versions and names (``2.0.1``, ``Lumen 4.2``, ``Python 3.8``,
``version 3``, ``p95``, ``GPT-4``), times of day (``10:30``), and fractions or
dates written with slashes.

Two quantities of one dimension are **consistent** when their intervals
overlap once each is widened by its own tolerance: half a unit of the last
digit written (at least 1% of the value; round thousands such as ``1,200``
count as rounded to their trailing zeros, at most 5%), 15% for an
approximation (two approximations share it: 7.5% each, so ``about 60%``
and ``about 80%`` differ), unbounded on the open side of a bound.

Each quantity also keeps the terms around it (its **context**), so that
:func:`compare` pairs ``p50 ... 12 ms`` with the claim's ``p50`` figure and not
with ``p95 ... 45 ms`` in the same sentence.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from itertools import chain, combinations, pairwise
from operator import attrgetter, itemgetter
from typing import Any, Final, Literal, NamedTuple

from checks.grounding.identifiers import CLOCK, NAMING, ROUTE_AFTER, ROUTE_BEFORE, Identifier, identifiers
from checks.grounding.lexicon import (
    COMPARATIVES,
    COUNTS,
    MONTH_NAMES,
    MONTHS,
    PERIOD_EDGES,
    PERIOD_PHRASE,
    SEASONS,
    STOPWORDS,
    UNIT_WORDS,
    YEAR_BEFORE,
    YEAR_PARTS,
    lead_term,
    may_name_a_time,
    piece_terms,
    sentence_names,
    stem,
    terms,
    words,
)
from checks.grounding.units import (
    NOT_WHEN,
    clause_period,
    counted_one,
    period_after,
    scale_after,
    seconds_of,
    unit_after,
)

__all__ = [
    "CLAUSE_END",
    "LISTED",
    "PERIOD_MARKS",
    "Quantity",
    "Relation",
    "clear_memo",
    "compare",
    "consistent",
    "in_unit_of",
    "quantities",
    "timed_otherwise",
    "trend_in",
]

Role = Literal["", "from", "to", "by", "derived"]

APPROX_TOLERANCE: Final = 0.15
ROUND_TOLERANCE: Final = 0.05
MIN_TOLERANCE: Final = 0.01

# Arabic-Indic and Eastern Arabic-Indic digits, the Arabic decimal and thousands separators.
_DIGIT_MAP: Final = str.maketrans(
    "".join(chr(c) for c in [*range(0x660, 0x66A), *range(0x6F0, 0x6FA), 0x66B, 0x66C]),
    "01234567890123456789.,",
)
_NUM: Final = r"\d{1,3}(?:[,\u202f\u00a0\u2009]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORD_NUMBERS: Final = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}  # fmt: skip
_TENS_WORDS: Final = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_UNITS: Final = {"one": 1, **{w: n for w, n in _WORD_NUMBERS.items() if n < 10}}
_SMALL: Final = (
    rf"(?:{'|'.join(_TENS_WORDS)})[-\s](?:{'|'.join(_UNITS)})\b"
    rf"|{'|'.join(w for w in _WORD_NUMBERS if w != 'hundred')}"
)
_SPELLED: Final = rf"(?:{_SMALL}|hundred)(?:\s+hundred\b(?:\s+and\s+(?:{_SMALL}|one)\b)?)?(?:\s+thousand\b)?"
"""A number in words: ``twelve``, ``twenty-five`` (or ``twenty five``), ``two hundred``, ``two
hundred and fifty``, ``forty thousand``, ``a hundred thousand``; ``one`` only inside one
(``thirty-one``): alone it is too common a word to be a figure."""


def _spelled_value(words: str) -> float | None:
    """The value of a number :data:`_SPELLED` matched (None for a word the tables lack: the pattern
    folds case the Unicode way)."""
    total = current = 0
    for word in re.split(r"[-\s]+", words.casefold()):
        if word == "and":
            continue
        if word == "hundred":
            current = max(current, 1) * 100
        elif word == "thousand":
            total, current = total + max(current, 1) * 1000, 0
        elif word in _WORD_NUMBERS or word in _UNITS:
            current += _WORD_NUMBERS.get(word) or _UNITS[word]
        else:
            return None
    return float(total + current)


_WORD_RATIO: Final = {
    "twice": 2.0, "double": 2.0, "doubled": 2.0, "doubles": 2.0, "triple": 3.0, "tripled": 3.0,
    "triples": 3.0, "quadrupled": 4.0, "halved": 0.5, "tenfold": 10.0, "twofold": 2.0,
    "threefold": 3.0, "fourfold": 4.0, "fivefold": 5.0, "by half": 0.5, "half": 0.5,
}  # fmt: skip
# Shares in words: "half of", "a third of", "two-thirds of", "three quarters of", "one in five",
# "cut by a third"; "most teams", "most of the", "the majority of" (more than half), "a minority of".
_SHARE_PARTS: Final = {"half": 2, "third": 3, "quarter": 4, "fifth": 5, "tenth": 10}
_SHARE_COUNTS: Final = {"a": 1, "one": 1, **_WORD_NUMBERS, "thousand": 1000}
_OF_WHOSE: Final = r"\s+of\s+(?:(?:the|their|its|our|these|those)\b|(?-i:[A-Z])[^\W\d_]*['\u2019]s\s)"
_NAMED_PLURAL: Final = (
    r"\s+(?:(?-i:[A-Z])[^\W\d_]*\s+){0,2}"
    r"(?:(?:new|old|local|young|older|small|large|rural|urban|public|private|existing|current|former)\s+)?"
    r"(?![^\W\d_]*(?:ous|ss|us|is)\b)[^\W\d_]+s\b"
)
"""What may follow ``most`` or ``few`` as a share: up to two names and a plural (``most Kelston
schools``), an adjective that is no superlative's between (``most new homes``; not ``most expensive
homes``)."""
_VAGUE_SHARE: Final = (
    rf"(?<!\bthe\s)(?<!\bat\s)most(?={_OF_WHOSE}|{_NAMED_PLURAL})"
    r"|(?:the|a)\s+(?:majority|minority)(?=\s+of\b)"
    rf"|(?<!\ba\s)few(?={_OF_WHOSE}|{_NAMED_PLURAL})"
)
"""``most``/``few`` before ``of the``, ``of Kelston's`` or a plural, names between allowed (``most
Kelston schools``); ``the majority of``, ``a minority of``."""
_VAGUE: Final = re.compile(rf"(?P<share>\b(?:{_VAGUE_SHARE}))", re.IGNORECASE)
"""Shares in so many words alone, for sentences with no other word figure (:data:`_NUMBER` has them too)."""
_PARTS: Final = (
    r"(?:(?:a|one|two|three)[\s-]+(?:thirds?|quarters?|fifths?|tenths?)"
    r"|(?:four|five|six|seven|eight|nine)[\s-]+(?:fifths|tenths))"
)
"""A share as parts: ``a third``, ``two-thirds``, ``three quarters``, ``four-fifths``, ``nine tenths``."""
_SHARE: Final = (
    r"(?P<share>\b(?:(?:(?:a|one)[\s-]+)?(?<!first\s)(?<!second\s)half(?=\s+(?:of|the|its|their|all)\b)"
    rf"|{_PARTS}(?=\s+of\b)"
    r"|(?:(?<=\bby\s)|(?<=\bby\salmost\s)|(?<=\bby\snearly\s)|(?<=\bby\sabout\s)|(?<=\bby\saround\s)"
    r"|(?<=\bby\sroughly\s)|(?<=\bby\sover\s)|(?<=\bby\smore\sthan\s)|(?<=\bby\sless\sthan\s))"
    rf"{_PARTS}\b"
    # after an approximation, whatever follows: "with nearly a third bought by people under 30"
    r"|(?:(?<=\bnearly\s)|(?<=\balmost\s)|(?<=\babout\s)|(?<=\baround\s)|(?<=\broughly\s)"
    r"|(?<=\bmore\sthan\s)|(?<=\bless\sthan\s)|(?<=\bfewer\sthan\s)|(?<=\bjust\sover\s)"
    rf"|(?<=\bjust\sunder\s)){_PARTS}\b(?!\s+of\b)"
    # a change as a share: "a third less than the year before"
    rf"|{_PARTS}"
    r"(?=\s+(?:less|more|fewer|lower|higher|smaller|larger|bigger|cheaper|dearer)\s+than\b)"
    rf"|{_VAGUE_SHARE}"
    r"|(?:one|two|three|four|five|six|seven|eight|nine)\s+(?:in|out\s+of)\s+"
    r"(?:two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand)\b))"
)
_MORE_OR_LESS: Final[dict[str, Kind]] = {
    "most": "lower",
    "majority": "lower",
    "minority": "upper",
    "few": "upper",
}
_DETERMINERS: Final = "the|its|their|our|these|those"
_WHOLE_OF: Final = rf"(?:of\s+)?(?:{_DETERMINERS}|his|her)\b"
_EVERY_NOT: Final = (
    "day|days|week|weeks|month|months|year|years|time|times|hour|hours|minute|minutes|morning|evening"
    "|night|weekend|season|quarter|other|one|single|so|now|bit|penny|effort|chance|reason|sense|way"
)
_ALL: Final = re.compile(
    rf"\b(?:(?P<all>all)\s+(?={_WHOLE_OF}|\d|(?:{COUNTS})\b)"
    rf"|(?P<each>each)\s+(?=of\s+(?:{_DETERMINERS})\b)"
    rf"|(?<!\bfor\s)(?<!\bper\s)(?P<every>every)\s+(?!(?:{_EVERY_NOT})\b)(?=[^\W\d_])"
    rf"|(?P<none>none)\s+(?=of\s+(?:{_DETERMINERS})\b)"
    r"|(?P<both>both)\s+(?=(?:of\s+)?[^\W\d_]+(?:\s+[^\W\d_]+)?\s+(?:are|were|have|had|do|did|will|can|is|[^\W\d_]+ed)\b"
    r"|of\s+(?:the|its|their|these|those)\s)"
    r"|(?<=\bthe\s)(?P<full>full)\s+(?=(?:cost|costs|price|amount|fee|fees|fare|fares|bill|sum|value)\b)"
    r"|(?<=\b(?:at|on)\s)(?:(?P<paid>full)|(?P<half>half))[\s-]+(?=(?:pay|salary|wages?|price|rate)\b))",
    re.IGNORECASE,
)
"""Shares of all or nothing in words: ``all (of) the``, ``all 40``, ``each of the``, ``every school``
(not ``every day``, a frequency), ``none of the``, ``both bridges are``, ``the full cost``: 1 or 0, a
share that ``9 of the 12 schools``, ``one of the two bridges`` or ``up to 75% of the cost`` disagrees
with; and ``at full pay`` (1) against ``at half pay`` (a half)."""
_OF_ONE: Final = re.compile(r"\s+of\s+(?:an?|one)\s", re.IGNORECASE)
ALL_TOLERANCE: Final = 0.005
"""``all`` is 100%: not 99% (one of a hundred schools without)."""
SHARE_TOLERANCE: Final = 0.1
"""A share in words is a round figure: ``a third`` allows 30% to 37%, ``one in five`` 18% to 22%."""
_IN_DIGITS: Final = re.compile(rf"\s+(?:in|out\s+of)\s+(?P<num>{_NUM})(?![.,]?\d)", re.IGNORECASE)
"""The rest of ``1 in 4``, ``9 out of 10``: a share."""
# Ranks: "the largest", "the second-largest", "its 3rd biggest", "the first tram line".
_SUPERLATIVES: Final = (
    "largest biggest busiest smallest highest lowest oldest newest youngest fastest slowest cheapest "
    "longest shortest greatest richest poorest deepest tallest strongest weakest heaviest lightest "
    "wealthiest safest deadliest hottest coldest wettest driest quietest warmest coolest shallowest dearest"
)
_ORDINALS: Final = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10,
}  # fmt: skip
_ORDINAL: Final = rf"(?:{'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))"
_SUPERLATIVE: Final = (
    rf"(?:{'|'.join(_SUPERLATIVES.split())}|(?:best|worst)(?:-selling|\s+selling(?!\s+points?\b))?"
    r"|[^\W\d_]+iest(?<!priest))"
)
"""One word: the list, ``best``, ``worst``, any ``-iest`` (``sunniest``; of nouns only ``priest`` ends so)."""
_MOST: Final = r"(?:most|least)\s+(?!(?:of|in|at|to|and|or)\b)[^\W\d_]+"
"""``most popular``, ``least visited``: a superlative only after ``the``, ``its``, a possessive or
an ordinal (``most visitors`` is a share, :data:`_VAGUE_SHARE`)."""
_OWNERS: Final = ("the", "its", "their", "his", "her", "our")
"""The words after which an ordinal alone is a rank, as is one after a possessive name."""
_OWNED: Final = "(?:" + "|".join(rf"(?<=\b{w}\s)" for w in _OWNERS) + r"|(?<='s\s)|(?<=\u2019s\s))"
"""Where an ordinal alone is a rank: after ``the``, a possessive (``its first title``, ``the
museum's first year``)."""
_A_OWNED: Final = r"(?:(?<=\b[Aa]\s)|(?<=\b[Aa]n\s))"
"""After ``a``, an ordinal before a noun is a rank too (``a third term``, ``a fifth consecutive
year``), but not before the words of a share or a time (:data:`_NO_RANK_AFTER`)."""
_NO_RANK_AFTER: Final = (
    "(?:of|more|less|fewer|higher|lower|bigger|smaller|larger|greater|cheaper|dearer|faster|slower|longer"
    "|shorter|wider|narrower|heavier|lighter|older|younger|above|below|over|under|up|down|as|than|to|in|on"
    "|at|by|for|from|and|or|off|per|compared|again|later|ago|earlier|each|apart|behind|ahead|long|that|which"
    "|who|the|a|an|this|its|their|his|her|is|was|are|were|has|had|will|would)"
)
"""Words after ``a third`` that make it a share (``a third of``, ``a third more``, ``cut by a third
in 2024``) and after ``a second`` that make it a time (``a second later``)."""
_PLACING: Final = (
    "finished",
    "finishing",
    "finish",
    "finishes",
    "came",
    "coming",
    "come",
    "comes",
    "placed",
    "ranked",
)
"""Verbs after which an ordinal alone is a place in an order (``finished third``, ``came 2nd``)."""
_PLACE: Final = "(?:" + "|".join(rf"(?<=\b{w}\s)" for w in _PLACING) + ")"
_MONTH_NUMBER = (
    {name.title(): n for n, name in enumerate(MONTH_NAMES, 1)}
    | {name.title()[:3]: n for n, name in enumerate(MONTH_NAMES, 1)}
    | {"Sept": 9}
)
"""Each month's name, capitalised, and its short forms, to its number."""
_MONTH_WORDS: Final = "|".join(sorted(_MONTH_NUMBER, key=len, reverse=True))
"""The names of :data:`_MONTH_NUMBER` as a pattern's alternation (capitalised: ``12 may apply`` is no
date; ``to 42nd`` is a place in an order, ``to 3rd April`` a date)."""
_RANK: Final = (
    rf"(?P<rank>\b(?:{_ORDINAL}[\s-]+)?{_SUPERLATIVE}\b"
    rf"|{_OWNED}{_ORDINAL}(?=\s+[^\W\d_])(?!\s+(?:{_SUPERLATIVE}|most|least|quarter|half)\b)"
    rf"|{_A_OWNED}{_ORDINAL}(?=\s+(?!{_NO_RANK_AFTER}\b)[^\W\d_])(?!\s+(?:{_SUPERLATIVE}|most|least|quarter|half)\b)"
    rf"|{_PLACE}(?P<placed>{_ORDINAL})\b(?![\s-]+(?:{_SUPERLATIVE}|most|least|quarter|half|time)\b)"
    rf"|(?:(?<=\bto\s)|(?<=\bfrom\s))\d{{1,3}}(?:st|nd|rd|th)\b"
    rf"(?![\s-]+(?:of\s+)?(?:{_SUPERLATIVE}|most|least|quarter|half|time|{_MONTH_WORDS})\b)"
    rf"(?!\s+(?:to|and|until)\s+\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_WORDS})\b))"
)
_PLACES_AWAY: Final = re.compile(
    r"\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+places?\s+"
    r"(?:below|above|lower|higher|behind|ahead|up|down|better|worse)\b",
    re.IGNORECASE,
)
"""``two places below last season``: a place given against another time's, which this module does
not compute; a sentence that says so gives no place of its own here."""
_PLACED: Final = re.compile(rf"\b(?:{'|'.join(_PLACING)})\s+second\b", re.IGNORECASE)
"""``finished second``: a rank, though ``second`` alone is a unit."""


_CAPITALISED_OWNERS: Final = "|".join(f"[{w[0].upper()}{w[0]}]{w[1:]}" for w in _OWNERS)
_SECOND_RANK: Final = re.compile(rf"(?:\b(?:{_CAPITALISED_OWNERS}|[Aa])|['\u2019]s)\ssecond\s")
"""``the second``, ``its second``: where ``second`` may be a rank, not a unit."""
_A_SCALE: Final = re.compile(
    r"\b(?P<a>[Aa]|[Oo]ne|[Hh]alf\s+a)\s+(?=(?:thousand|million|billion|trillion)\b)"
)
"""``a million``, ``one billion``, ``half a million``: a figure without a digit."""


_A_UNIT: Final = re.compile(
    r"\b(?:(?P<half>[Hh]alf)\s+an?|an?(?P<and>\s+and\s+a\s+half)?|[Oo]ne(?P<one>\s+and\s+a\s+half))"
    r"(?=\s+(?:hours?|minutes?|days?|weeks?|fortnights?|months?|years?|decades?|miles?|kilometres?|kilometers?)\b)"
)
"""``an hour``, ``half an hour``, ``one and a half hours``, ``a mile``: a time or a length with no
digit (``an hour and a half`` too: :func:`_a_unit`). Not ``one day`` (an idiom), nor a sentence's
first word (``A year later``)."""
_AND_A_PART: Final = re.compile(
    r"\s+and\s+(?:a\s+(?P<half>half)|a\s+(?P<quarter>quarter)|three\s+quarters)\b"
)
"""``and a half``, ``and a quarter``, ``and three quarters`` after a whole (``an hour and a half``,
``two and a quarter hours``)."""


def _and_a_part(text: str, pos: int) -> tuple[float, float, int] | None:
    """The fraction :data:`_AND_A_PART` adds at ``pos``, the tolerance it is written to (half of its
    step: ``and a half`` to the half hour, a quarter to the quarter), and where it ends."""
    m = _AND_A_PART.match(text, pos)
    if m is None:
        return None
    if m.group("half"):
        return 0.5, 0.25, m.end()
    return (0.25 if m.group("quarter") else 0.75), 0.125, m.end()


_WHEN: Final = r"\s+(?:earlier|ago|before|later)\b"
_RELATIVE_AFTER: Final = re.compile(rf"\s+[^\W\d_]+{_WHEN}", re.IGNORECASE)
"""A unit then ``earlier``, ``ago``...: ``a year earlier`` is a time relative to another, no length."""
_WHEN_AFTER: Final = re.compile(_WHEN)
"""After a unit and its part, the same: ``a year and a half ago``."""
_DURATION_BEFORE: Final = words(
    """takes take took taking lasts last lasted lasting for within in about around roughly nearly almost
    under over than after is was are were be been just only least most up to spent spend spends away
    another by add adds added adding"""
)
"""The words before an :data:`_A_UNIT` figure that make it a time or a length (``takes an hour``,
``is a mile long``, ``within half an hour``, ``extended by a month``, ``adding an hour``), not the
unit of a rate (``twice a day``)."""


_ONE_UNIT: Final = re.compile(
    r"\b[Oo]ne(?=\s+(?:metre|meter|kilometre|kilometer|centimetre|millimetre|mile|foot|inch|yard|tonne"
    r"|kilogram|kilo|litre|liter|gallon|per\s?cent|percent|percentage\s+point|degree|hectare|acre)\b)"
)
"""``one metre``, ``one per cent``: a measure of one in a unit (not ``one day``, ``one of``, ``one
engineer``: :data:`_ONE_COUNT` reads counts of one)."""


def _one_unit(text: str, m: re.Match[str]) -> Quantity | None:
    """The figure of a :data:`_ONE_UNIT` match: one of its unit, as exact as ``1 metre`` written is."""
    dim, factor, end = unit_after(text, m.end(), None)
    if dim == "number" or dim.startswith(("count:", "money")):
        return None
    kind, _, begin = _qualifier(text, m.start(), m.start())
    return Quantity(factor, factor, dim, kind, 0.5 * factor, begin, end, text[begin:end].strip())


def _a_unit(text: str, m: re.Match[str]) -> Quantity | None:
    """The figure of an :data:`_A_UNIT` match, as exact as the words say (``an hour``: one hour,
    give or take half of one, as ``1 hour`` written is)."""
    if _RELATIVE_AFTER.match(text, m.end()) is not None:
        return None  # "than a year earlier", "against 78% a year ago": when, not how long
    dim, factor, end = unit_after(text, m.end(), None)
    if dim in ("number", "fraction") or dim.startswith(("count:", "money")):
        return None
    value = 0.5 if m.group("half") else 1.5 if m.group("and") or m.group("one") else 1.0
    tolerance = 0.25
    tail = _and_a_part(text, end) if value == 1.0 else None
    before = text[max(0, m.start() - 12) : m.start()].split()
    # "compared with a year and a half": a part after the unit makes it a length, whatever precedes it
    # (not one then "ago": "a year and a half ago" says when)
    parted = tail is not None and _WHEN_AFTER.match(text, tail[2]) is None
    if not parted and (not before or before[-1].lower() not in _DURATION_BEFORE):
        return None  # "£10 an hour", "twice a day", "litres per household a day": a rate, not a time
    if tail is not None:  # "an hour and a half", "a mile and a quarter"
        part, tolerance, end = tail
        value += part
    low = value * factor
    kind, _, begin = _qualifier(text, m.start(), m.start())
    if kind in ("lower", "upper"):
        tolerance = min(tolerance, ROUND_TOLERANCE * value)  # "more than an hour": not 50 minutes
    return Quantity(low, low, dim, kind, tolerance * factor, begin, end, text[begin:end].strip())


def _a_scale(text: str, m: re.Match[str]) -> Quantity | None:
    """``more than a million users`` (over 1,000,000 users), ``nearly a billion dollars``: a round
    figure, as ``1,000,000`` written out is (:data:`ROUND_TOLERANCE`)."""
    value = 0.5 if m.group("a")[:1] in "Hh" else 1.0
    scale, pos = scale_after(text, m.end() - 1, currency=False)
    if scale == 1.0:
        return None
    dim, factor, end = unit_after(text, pos, None)
    low = value * scale * factor
    kind, _, begin = _qualifier(text, m.start(), m.start())
    return Quantity(low, low, dim, kind, ROUND_TOLERANCE * low, begin, end, text[begin:end].strip())


def _may_rank_most(text: str) -> bool:
    """Might ``most`` or ``least`` in ``text`` start a rank (``the most visited``, ``its least``,
    ``the second most``)? A superset test at C speed: ``most of them`` is passed over."""
    for word in (" most ", " least "):
        i = text.find(word)
        while i > 0:
            if text[max(0, i - 7) : i].lower().endswith(_BEFORE_MOST):
                return True
            i = text.find(word, i + 1)
    return False


_BEFORE_MOST: Final = ("the", "its", "'s", "\u2019s", "their", "st", "nd", "rd", "th")
"""What stands before a rank's ``most``: ``the``, ``its``, a possessive, an ordinal (first, 2nd...)."""
_MOST_RANK: Final = re.compile(
    rf"(?P<rank>(?:\b{_ORDINAL}[\s-]+|(?<=\bthe\s)|(?<=\bits\s)|(?<=\btheir\s)|(?<='s\s)|(?<=\u2019s\s)){_MOST}\b)",
    re.IGNORECASE,
)
"""Ranks of ``most`` and ``least``, read in a pass of their own (only sentences that hold the words)."""
_NOT_A_RANK: Final = re.compile(
    r"(?:\b(?:one\s+of|among)\s+(?:the\s+)?(?:(?:its|their|our|his|her)\s+|[^\W\d_][\w-]*['\u2019]s\s+)?"
    r"|\bat\s+(?:the\s+)?)$",
    re.IGNORECASE,
)
"""``one of the largest``, ``among the oldest``, ``one of the country's busiest``, ``one of its
largest``, ``at the latest``: no rank."""
_NUMBER: Final = re.compile(
    rf"{_RANK}"
    rf"|(?<![\w.,])(?<!\w-)(?<!\d[:/])(?P<num>{_NUM})(?![.,]?\d)(?![:/]\d)"
    rf"|{_SHARE}"
    r"|(?P<word>\b(?:twice|double|doubled|doubles|triple|tripled|triples|quadrupled|halved|tenfold|twofold"
    r"|threefold|fourfold|fivefold|by\s+half"
    # half of another year's figure: "half last year's number" (a ratio, as "double last year's" is)
    r"|half(?=\s+(?:last|the\s+previous|the\s+prior)\s+[^\W\d_]+['\u2019]s\s))\b)"
    rf"|\b(?P<wnum>{_SPELLED})\b",
    re.IGNORECASE,
)
# The same figures when no word of the sentence is a spelled number or a multiplier (most sentences):
# starting with a digit, the engine jumps from digit to digit instead of trying every word.
_DIGITS: Final = re.compile(rf"(?=\d)(?<![\w.,])(?<!\w-)(?<!\d[:/])(?P<num>{_NUM})(?![.,]?\d)(?![:/]\d)")
_DIGIT: Final = re.compile(r"\d")
_CLOCK: Final = re.compile(r"\s?[ap]\.?m\b\.?", re.IGNORECASE)
"""What follows the hour of a time of day: ``am``, ``p.m.``."""
_JOINED: Final = re.compile(r"-[^\W\d_]")
"""A spelled number joined to the word after it (``three-bedroom``): a number, as ``3-bedroom`` is."""
# A piece of text (between spaces) that holds a word _NUMBER reads ("by half" is in the piece "half").
_WORDY: Final = re.compile(
    r"\b(?:twice|double|doubled|doubles|triple|tripled|triples|quadrupled|halved|tenfold|twofold|threefold"
    rf"|fourfold|fivefold|half|thirds?|quarters?|fifths?|tenths?|{'|'.join(_WORD_NUMBERS)}"
    rf"|{_SUPERLATIVE}|{'|'.join(o for o in _ORDINALS if o != 'second')}|\d{{1,2}}(?:st|nd|rd|th)"
    r")\b",
    re.IGNORECASE,
)
_WORDY_PIECES: Final[dict[str, bool]] = {}
_MEMO_LIMIT: Final = 100_000
_SECOND: Final = re.compile(rf"\s*(?P<cur>[$€£¥₹])?\s?(?P<num>{_NUM})(?![.,]?\d)")
_RANGE: Final = re.compile(r"\s*(?:-|\u2013|\u2014|to|and|through)\s*", re.IGNORECASE)
_AND_ON: Final = (
    r"(?![\w-])(?!\s+(?:the|a|an|its|his|her|their|our|this|that|these|those|last|next|each|every|\d))"
)
"""After ``and over`` and the like, what makes them a bound: not ``rose 5% and over the year``."""
_PLUS: Final = re.compile(
    rf"\s+(?:or\s+(?:more|above|greater|higher|over|older)\b|and\s+(?:over|above|older){_AND_ON})",
    re.IGNORECASE,
)
_MINUS: Final = re.compile(
    rf"\s+(?:or\s+(?:less|fewer|below|lower|under|younger)\b|and\s+(?:under|below|younger){_AND_ON})",
    re.IGNORECASE,
)
_BEFORE: Final = re.compile(
    r"(?<!\w)(?P<word>about|around|approximately|approx\.?|roughly|nearly|almost|circa|ca\.|some|close\s+to"
    r"|an\s+estimated|estimated|~|≈|over|more\s+than|at\s+least|above|exceeding|upwards\s+of|>=?|≥"
    r"|under|below|less\s+than|fewer\s+than|up\s+to|at\s+most|no\s+more\s+than|<=?|≤|between|from"
    r"|not?\s+(?:fewer|less)\s+than|not\s+more\s+than|as\s+(?:many|much)\s+as|within)"
    r"\s*(?:US)?[$€£¥₹]?\s*$",
    re.IGNORECASE,
)
_APPROX = words(
    "about around approximately approx approx. roughly circa ca. some ~ ≈ estimated nearly almost"
) | {
    "close to",
    "an estimated",
}
_ABOUT_A_YEAR: Final = frozenset(
    ("about", "around", "approximately", "approx", "approx.", "roughly", "circa", "ca.")
)
_LOWER: Final = frozenset(
    (
        "over", "more than", "at least", "above", "exceeding", "upwards of", ">", ">=", "≥",
        "no fewer than", "no less than", "not fewer than", "not less than",
    )
)  # fmt: skip
_UPPER: Final = frozenset(
    (
        "under", "below", "less than", "fewer than", "up to", "at most", "no more than", "not more than",
        "as many as", "as much as", "<", "<=", "≤", "within",
    )
)  # fmt: skip
# The word right before a figure, read on the text before it reversed: ``([^\W\d_][\w'.-]*)\s+$``
# (apostrophes of both kinds) searched forwards tries every position of the window; backwards it is
# one anchored match.
_WORD_BEFORE_REVERSED: Final = re.compile(r"\s+([\w'\u2019.-]*[^\W\d_])")

_CURRENCY_SIGN: Final = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₹": "inr"}
CLAUSE_END: Final = re.compile(
    r"[,;:()\u060c\u061b](?!(?<=\d,)\d)|\s(?:and|but|while|whereas|versus|vs\.?|compared)\s"
)
"""What ends a clause around a figure (a comma between digits is a thousands separator: no end)."""

Kind = Literal["exact", "approx", "lower", "upper", "range"]


class Quantity(NamedTuple):
    """One figure of a sentence (a named tuple: read by the hundred per job)."""

    low: float
    high: float
    """Bounds in base units (``math.inf`` on an open side)."""
    dim: str
    kind: Kind
    tolerance: float
    """Absolute tolerance of an exact figure, from its written precision."""
    start: int
    end: int
    text: str
    """The quantity as written, e.g. ``about 45 ms``."""
    context: frozenset[str] = frozenset()
    """Terms around the figure, to tell apart two figures of one dimension in one sentence."""
    role: Role = ""
    """The old or the new value of a change (``from 0.8% to 0.3%``), or its amount (``fell by 15
    minutes``, ``rose 30%``); ``derived``: a count the sentence states only as a share of a whole
    (``half of its 300 staff``: 150 staff)."""
    year: float = 0.0
    """The year the figure is of, when its sentence says (``$4 million in 2022``); 0 when not; the
    years before now, negative, for a time before ``ago`` (``19 five years ago``: -5)."""
    vague: bool = False
    """A share in so many words (``most teams``, ``a minority of``): it can disagree with a figure,
    but a figure that agrees with it does not state it, nor is it the claim's figure to look for."""

    def interval(self, approx: float = APPROX_TOLERANCE) -> tuple[float, float]:
        """The interval the figure allows, tolerance included (``approx``: an approximation's)."""
        low, high = self.low, self.high
        if self.kind == "approx":
            share = _approx_share(self.text, approx)
            return low * (1 - share), high * (1 + share)
        if self.kind == "lower":
            return low - self.tolerance, math.inf
        if self.kind == "upper":
            return -math.inf, high + self.tolerance
        return low - self.tolerance, high + self.tolerance


class Relation(NamedTuple):
    """How the figures of a claim fare against the figures of one source sentence."""

    matched: tuple[tuple[Quantity, Quantity], ...] = ()
    conflicts: tuple[tuple[Quantity, Quantity], ...] = ()
    missing: tuple[Quantity, ...] = ()
    """Claim figures with no counterpart in the source sentence."""
    computed: tuple[Quantity, ...] = ()
    """Claim figures among ``matched`` whose counterpart was computed, not stated (a change from
    two values: ``fell by 15 minutes`` from ``fell from 40 to 25 minutes``)."""


_AGE_LABEL: Final = re.compile(r"(?:under|over)-$", re.IGNORECASE)
"""Right before a number: an age group's name (``under-eight teams``), no figure."""


def quantities(sentence: str, *, context: bool = True, limit: int | None = None) -> list[Quantity]:
    """Every quantity in a sentence, in order; offsets index ``sentence``.

    ``limit``: only the first so many, read as they are in the whole sentence (the one after
    them is read too, since it ends the last one's context), and no further: a sentence of
    a hundred thousand figures costs what one of ``limit`` does.
    """
    # "second" alone is a unit ("per second"): only "the second" (or "its second") may be a rank.
    wordy = _wordy(sentence) or (
        "second" in sentence
        and (_SECOND_RANK.search(sentence) is not None or _PLACED.search(sentence) is not None)
    )
    # "most teams", "the majority of": read by a pattern of their own, not the slower _NUMBER.
    vague = not wordy and (
        "ost " in sentence or "ority of" in sentence or "few " in sentence or "Few " in sentence
    )
    whole = (
        "all " in sentence
        or "All " in sentence
        or "very " in sentence
        or "ach of" in sentence
        or "one of" in sentence
        or "both " in sentence
        or "Both " in sentence
        or "full " in sentence
        or "half " in sentence
        or "half-" in sentence
    ) and _ALL.search(sentence) is not None
    one = ("one of" in sentence or "One of" in sentence) and _ONE_OF.search(sentence) is not None
    single = ("one " in sentence or "single " in sentence) and _ONE_COUNT.search(sentence) is not None
    most = (" most " in sentence or " least " in sentence) and _may_rank_most(sentence)
    scaled = (
        " million" in sentence or " billion" in sentence or " thousand" in sentence or " trillion" in sentence
    ) and _A_SCALE.search(sentence) is not None
    timed = ("an " in sentence or "a " in sentence or "ne and" in sentence) and _A_UNIT.search(
        sentence
    ) is not None
    unlimited = "nlimited" in sentence
    unanimous = "nanimous" in sentence
    measured = ("one " in sentence or "One " in sentence) and _ONE_UNIT.search(sentence) is not None
    if (
        not (
            wordy
            or vague
            or most
            or scaled
            or whole
            or one
            or single
            or timed
            or unlimited
            or unanimous
            or measured
        )
        and _DIGIT.search(sentence) is None
    ):
        return []
    text = sentence if sentence.isascii() else sentence.translate(_DIGIT_MAP)
    pattern = _NUMBER if wordy else _DIGITS
    found: list[Quantity] = []
    pos = 0
    while True:
        m = pattern.search(text, pos)
        if m is None:
            break
        q = _read(text, m)
        pos = m.end() if q is None else max(q.end, m.end())
        if q is not None and q.dim == "time" and q.low == _A_YEAR and _A_YEAR_TO.match(text, q.end):
            q = None  # "in the twelve months to March": a year named as "the year to March" names it
        if q is not None and q.start > 4 and _AGE_LABEL.search(text, max(0, q.start - 6), q.start):
            q = None  # "Under-eight teams": an age group's name, as "under-12 teams" is; no count
        if q is not None:
            found.append(q)
            if limit is not None and len(found) > limit:
                break
    # Figures read in passes of their own, each only in sentences that may hold them.
    if vague:
        found = _merged(
            found, [q for m in _VAGUE.finditer(text) if (q := _share(text, m)) is not None], limit
        )
    if whole:
        alls = [m for m in _ALL.finditer(text) if not (m["each"] and _each_has_an_amount(text, m.start()))]
        found = _merged(found, [_all_or_none(m) for m in alls], limit)
        # "Both Harwick ferries": all of them, and two (against "Only one Harwick ferry")
        found = _merged(found, [q for m in alls if m["both"] and (q := _both(text, m)) is not None], limit)
    if single:  # "at one site", "only one ferry", "a single runway": a count of one
        found = _merged(
            found, [q for m in _ONE_COUNT.finditer(text) if (q := _one(text, m)) is not None], limit
        )
    if one:  # "only one of the 40 sites": a part of a whole (_parts_of_wholes reads the share)
        ones = [
            Quantity(1.0, 1.0, "number", "exact", 0.5, m.start(), m.end(), m.group())
            for m in _ONE_OF.finditer(text)
        ]
        found = _merged(found, ones, limit)
    if unlimited:  # "unlimited projects": a count without bound, against "up to 3 projects"
        found = _merged(
            found, [q for m in _UNLIMITED.finditer(text) if (q := _no_limit(text, m)) is not None], limit
        )
    if unanimous:  # "voted unanimously": all of the votes, against "voted 9 to 4"
        found = _merged(
            found,
            [
                Quantity(
                    1.0, 1.0, "fraction", "exact", ALL_TOLERANCE, m.start(), m.end(), m.group(), vague=True
                )
                for m in _UNANIMOUS.finditer(text)
            ],
            limit,
        )
    if measured:
        # "one metre above the ground", "one per cent": a measure of one, as "1 metre" written is
        ones = [q for m in _ONE_UNIT.finditer(text) if (q := _one_unit(text, m)) is not None]
        found = _merged(found, [q for q in ones if not _within(q, found)], limit)
    if timed:  # "an hour", "half an hour": read only where no figure is read already
        spans = [q for m in _A_UNIT.finditer(text) if (q := _a_unit(text, m)) is not None]
        found = _merged(found, [q for q in spans if not _within(q, found)], limit)
    if scaled:  # "a quarter of a million people" is read whole already: its "a million" is not read again
        amounts = [q for m in _A_SCALE.finditer(text) if (q := _a_scale(text, m)) is not None]
        found = _merged(found, [q for q in amounts if not _within(q, found)], limit)
    if most:  # "the second most visited": the rank takes the place of the ordinal read alone
        ranks = [q for m in _MOST_RANK.finditer(text) if (q := _rank(text, m)) is not None]
        found = _merged([q for q in found if not _within(q, ranks)], ranks, limit)
    if ("ver" in sentence or "nder" in sentence) and _AGE_GROUP.search(text) is not None:
        # "over-21s", "the under 18s": an age group, a bound (against "aged 21 and over"), not seconds
        groups = [_age_group(m) for m in _AGE_GROUP.finditer(text)]
        found = _merged([q for q in found if not _within(q, groups)], groups, limit)
    if "-" in sentence and _ISO_DATE.search(text) is not None:  # "2025-02-02": 2 February, of 2025
        found = _merged(
            found, [q for m in _ISO_DATE.finditer(text) if (q := _iso_date(m)) is not None], limit
        )
    if "/" in sentence:  # "3/4 of staff": a share written with a slash
        found = _merged(
            found, [q for m in _SLASHED.finditer(text) if (q := _slashed(text, m)) is not None], limit
        )
    if (
        "uarter" in sentence
        or "alf" in sentence
        or "FY" in sentence
        or ("Q" in sentence and _QUARTER_NAME.search(sentence) is not None)
    ):
        found = _merged(found, [q for m in _PERIOD.finditer(text) if (q := _period(m)) is not None], limit)
    tallied = False
    if found and ("-" in text or "\u2013" in text or "\u2014" in text):
        read = len(found)
        found = _tallies(text, found)
        tallied = len(found) > read
    if len(found) > 1 and any(q.dim == "number" for q in found[1:]):
        found = _elided_units(text, found)
    if len(found) > 1 and sum(q.dim == "time" for q in found) > 1:
        found = _compound_times(text, found)
    if len(found) > 1 and any(q.dim == "date" for q in found) and any(q.dim == "number" for q in found):
        found = _listed_days(text, found)
    if "ithin " in text:
        # "within ten miles of the site": at most ten miles; "within 24 hours" is a deadline, which a
        # "24-hour target" names as well: no bound
        found = [
            q._replace(kind="exact")
            if q.kind == "upper" and q.dim != "length" and _WITHIN.match(q.text)
            else q
            for q in found
        ]
    if ("-" in text or "\u2212" in text or "minus" in text or "below" in text) and any(
        q.dim in _TEMPERATURES for q in found
    ):
        found = _below_zero(text, found)
    if found and ("ust " in text or "lightly " in text or "little " in text or "arginally " in text):
        found = [_just_past(text, q) if q.kind in ("lower", "upper") else q for q in found]
    if context and found:
        found = _with_context(text, found)
        if " of " in text and _OF_THE_WHOLE.search(text) is not None:
            found = _shares_of_a_whole(text, found)
        if len(found) > 1 and any(q.dim == "year" for q in found[1:]):
            found = _listed_years(text, found)
        if len(found) > 1 and (
            " of " in text or whole or text.startswith("Of ") or _elided_parts(text, found)
        ):
            found = _parts_of_wholes(text, found)
            if any(q.dim == "fraction" for q in found[1:]):
                found = _wholes_of_parts(text, found)
        if ("ahead of " in text or "followed by " in text) and any(q.dim[:5] == "rank:" for q in found):
            found = _runners_up(text, found)
        if ("apart from " in text or "except " in text) and any(q.dim[:5] == "rank:" for q in found):
            found = _first_excepted(text, found)
        if (
            len(found) > 1
            and ("apart from " in text or "except " in text)
            and _ALL_WORD.search(text) is not None
        ):
            found = _all_except(text, found)
        if len(found) > 1 and " over " in text and any(q.dim == "time" for q in found[1:]):
            found = _spread_over(text, found)
        if len(found) > 1 and "each " in text:
            found = _each(text, found)
        if len(found) > 1 and (" to " in text or tallied):
            found = _vote_shares(text, found)
        if len(found) > 1 and " to " in text and ("ally" in text or "otal" in text or "ount" in text):
            found = _totals(text, found)
        if len(found) > 2 and any(q.dim == "fraction" for q in found):
            found = _base_years(text, found)
        if len(found) > 2 and any(q.dim in ("fraction", "ratio") for q in found):
            found = _year_befores(text, found)
        if len(found) > 1 and any(q.dim == "ratio" for q in found[1:]):
            found = _ratio_bases(text, found)
        if (
            len(found) > 1
            and (" than " in text or "earlier" in text or "before" in text or "last " in text)
            and any(q.dim == "fraction" and q.role == "by" for q in found[1:])
        ):
            found = _than_bases(text, found)
        if (
            len(found) > 1
            and " than " in text
            and any(q.role == "by" and q.dim != "fraction" for q in found[1:])
        ):
            found = _than_years(text, found)
        if _may_name_the_rest(text) and any(q.dim == "fraction" for q in found):
            found = _the_rest(text, found)
    return found if limit is None else found[:limit]


_A_YEAR: Final = seconds_of("year")
"""A year in seconds, as a time is read."""
_A_YEAR_TO: Final = re.compile(r"\s+(?:to|ending|up\s+to)\s+(?:the\s+end\s+of\s+)?[A-Z0-9]")
"""After ``twelve months``: a period named by its end (``to March 2024``), as ``the year to`` is."""


LISTED: Final = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)")
"""Between two figures of one list: ``2020 and 2021``, ``2019, 2020``."""


def _listed_years(text: str, found: list[Quantity]) -> list[Quantity]:
    """Years of one list (``cancelled in 2020 and 2021 because of the pandemic``) share one context,
    the union of theirs: what is said of one is said of each, so none is the claim's year less than
    another for the words after the last."""
    out = list(found)
    i = 0
    while i < len(out):
        j = i
        while (
            j + 1 < len(out)
            and out[j].dim == out[j + 1].dim == "year"
            and LISTED.fullmatch(text, out[j].end, out[j + 1].start) is not None
        ):
            j += 1
        if j > i:
            shared = frozenset().union(*(q.context for q in out[i : j + 1]))
            out[i : j + 1] = [q._replace(context=shared) for q in out[i : j + 1]]
        i = j + 1
    return out


_UNLIMITED: Final = re.compile(r"\bunlimited\b", re.IGNORECASE)
NO_LIMIT: Final = 1e12
"""The count ``unlimited`` stands for: more than any a sentence gives."""


def _no_limit(text: str, m: re.Match[str]) -> Quantity | None:
    """``unlimited projects``: a count of at least :data:`NO_LIMIT` (a bound no stated figure meets);
    None before what is not counted (``unlimited storage``)."""
    dim, _, end = unit_after(text, m.end(), None)
    if dim[:6] != "count:":
        return None
    return Quantity(NO_LIMIT, NO_LIMIT, dim, "lower", 0.0, m.start(), end, text[m.start() : end])


_OVER: Final = re.compile(
    r"(?:\s+[^\W\d_][\w'\u2019-]*){0,5}?\s+over\s+(?:the\s+(?:next|last|past|first)\s+)?"
)
"""Between a sum and the time it is spread over: ``£3 million on cycle lanes over five years``."""
_SPREAD_UNITS: Final = {"year": "year", "years": "year", "month": "month", "months": "month"}
"""The periods a sum may be spread over, by the words that name them."""


def _spread_over(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each sum or count spread over a number of years or months (``will spend
    £3 million on cycle lanes over five years``), its share of one (£600,000 a year; ``derived``): a
    claim of it is computed, not contradicted by the £3 million."""
    out = list(found)
    for i in range(len(found) - 2, -1, -1):
        q, span = found[i], found[i + 1]
        if span.dim != "time" or q.dim in _NOT_PERIODIC or not PERIOD_MARKS.isdisjoint(q.context):
            continue
        period = _SPREAD_UNITS.get(span.text.rsplit(None, 1)[-1].lower())
        if period is None or _OVER.fullmatch(text, q.end, span.start) is None:
            continue
        mark = _PERIODS[period]
        periods = span.low / seconds_of(period)
        if periods < 1.5:
            continue
        span_of = (q.start, span.end)
        out.insert(i + 2, _derived(q, 1 / periods, text, span_of, context=q.context | {mark}))
    return out


def _derived(
    q: Quantity,
    factor: float,
    text: str,
    span: tuple[int, int],
    tolerance: float | None = None,
    **changes: Any,
) -> Quantity:
    """``q`` times ``factor``, written at ``span``: a figure the sentence gives only through others
    (``derived``), its tolerance scaled too unless given."""
    start, end = span
    return q._replace(
        low=q.low * factor,
        high=q.high * factor,
        tolerance=q.tolerance * factor if tolerance is None else tolerance,
        start=start,
        end=end,
        text=text[start:end],
        role="derived",
        **changes,
    )


_EACH: Final = re.compile(r"\s*,?\s+each\s+(?:[^\W\d_][\w'\u2019-]*\s+){0,4}?")
"""Between a count and what each of it has: ``30 turbines, each able to power 1,500 homes``."""


def _each(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each figure that each of a count has (``30 turbines, each able to power
    1,500 homes``), their total (45,000 homes; ``derived``): a claim of it is computed."""
    out = list(found)
    for i in range(len(found) - 2, -1, -1):
        q, r = found[i], found[i + 1]
        if q.dim[:6] != "count:" or q.kind != "exact" or r.dim in _NOT_SUMMED or r.dim[:4] == "rank":
            continue
        if _EACH.fullmatch(text, q.end, r.start) is None:
            continue
        out.insert(i + 2, _derived(r, q.low, text, (q.start, r.end), context=r.context | q.context))
    return out


_CHANGE_NOUN: Final = re.compile(
    r"\s+(?P<noun>rise|increase|jump|gain|growth|fall|drop|decline|decrease)\b", re.IGNORECASE
)
"""A change said as a noun after its figure: ``a 5% fall on 2022``."""
_RISES: Final = frozenset(("rise", "increase", "jump", "gain", "growth"))
_ON_A_YEAR: Final = re.compile(r"\s+(?:on|from|over|against|compared\s+(?:with|to))\s+")
"""Between a change and the year it is against: ``up 10% on 2022``."""


def _base_years(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each change in percent against a year (``1.1 million passengers in
    2023, up 10% on 2022``, ``a 5% fall on 2022``), the figure of that year it gives (1 million in
    2022; ``derived``): a claim of it is computed, not contradicted by the 1.1 million."""
    out = list(found)
    for i in range(len(found) - 2, 0, -1):
        p, year = found[i], found[i + 1]
        if p.dim != "fraction" or year.dim != "year" or not 0 < p.low < 10:
            continue
        noun = _CHANGE_NOUN.match(text, p.end)  # "a 5% fall on 2022"
        if noun is not None:
            if _ON_A_YEAR.fullmatch(text, noun.end(), year.start) is None:
                continue
            rising = noun.group("noun").lower() in _RISES
        else:
            if p.role != "by" or _ON_A_YEAR.fullmatch(text, p.end, year.start) is None:
                continue
            said = p.context | year.context  # the direction's terms (lexicon folds "up", "rose"...)
            rising = "increas" in said
            if rising == ("decreas" in said):
                continue
        base = next((f for f in reversed(found[:i]) if f.dim not in ("year", "fraction", "ratio")), None)
        if base is None or base.kind not in ("exact", "approx") or base.role not in ("", "to"):
            continue
        factor = 1 + p.low if rising else 1 - p.low
        if factor <= 0:
            continue
        derived = _derived(
            base,
            1 / factor,
            text,
            (p.start, year.end),
            tolerance=base.tolerance / factor + base.low * p.tolerance,
            context=base.context - {"increas", "decreas"},
            year=year.low,
        )
        out.insert(i + 2, derived)
    return out


_MULTIPLIED: Final = ("doubled", "tripled", "trebled", "quadrupled", "halved")
"""A multiplier said as a change: ``doubled to €48 million``."""


def _year_befores(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each value a change in percent or a multiplier led to in a year (``rose 4%
    to £285,000 in 2024``, ``doubled to €48 million in 2024``), the value of the year before it gives
    (£274,000, €24 million in 2023; ``derived``), when the sentence states no value it changed from: a
    claim of it is computed, not contradicted by the £285,000."""
    if any(f.role == "from" for f in found):
        return found
    out = list(found)
    for i in range(len(found) - 1, 0, -1):
        q = found[i]
        if q.role != "to" or not q.year or q.kind not in ("exact", "approx"):
            continue
        p = next((f for f in reversed(found[:i]) if f.dim != "year"), None)
        if p is not None and p.dim == "ratio" and p.text.lower().endswith(_MULTIPLIED) and p.low > 0:
            factor = p.low  # "doubled to €48 million in 2024": €24 million in 2023
        else:
            if p is None or p.dim != "fraction" or p.role != "by" or not 0 < p.low < 10:
                continue
            rising = "increas" in p.context
            if rising == ("decreas" in p.context):
                continue
            factor = 1 + p.low if rising else 1 - p.low
        if factor <= 0:
            continue
        derived = _derived(
            q,
            1 / factor,
            text,
            (p.start, q.end),
            tolerance=q.tolerance / factor + q.low * p.tolerance,
            context=q.context - {"increas", "decreas"},
            year=q.year - 1,
        )
        out.insert(out.index(q) + 1, derived)
    return out


_TIME_BEFORE: Final = (
    r"(?:(?:last|the\s+previous|the\s+prior)\s+(?:year|season|quarter|month|week)\b"
    r"|last\s+(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|spring|summer|autumn|winter|Christmas)\b"
    r"|the\s+(?:year|season|quarter|month)\s+before\b|a\s+(?:year|quarter|month)\s+(?:earlier|ago|before)\b)"
)
"""A time before the sentence's, said relative to it: ``last year``, ``the year before``, ``a year
earlier``, ``last October``."""
_NOT_A_VALUE: Final = frozenset(("year", "half", "quarter", "date"))
"""The figures that say when, stepped over to the value a change is of (``£640 million in the first
half, down 22%``)."""
_FROM_A_TIME_BEFORE: Final = re.compile(
    rf"\s+(?:from|on|compared\s+with|against)\s+{_TIME_BEFORE}", re.IGNORECASE
)
"""After a change in percent, the time before it is against (``down 22% | from a year earlier``)."""


_A_YEAR_BEFORE: Final = re.compile(
    r"\b(?:the\s+(?:previous\s+|prior\s+)?year(?:\s+before)?|a\s+year\s+(?:earlier|before|ago)|last\s+year)\b",
    re.IGNORECASE,
)
"""A time before that is one year before (``the year before``, ``a year earlier``, ``last year``)."""


def _than_bases(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each share by which a value is more or less than another's (``41,000
    transactions per second, 18% more than PostgreSQL 15``) or than a time before (``£640 million,
    down 22% from a year earlier``), that other's value (about 34,700; about £820 million; ``derived``):
    a claim of it is computed, not contradicted by the 41,000."""
    out = list(found)
    for i in range(len(found) - 1, 0, -1):
        p = found[i]
        if p.dim != "fraction" or p.role != "by":
            continue
        # Written as the words that give it ("5% fewer than in 2023", "down 22% from a year earlier").
        said = _ELIDED_BY.match(text, p.end)
        year = None
        when: frozenset[str] = frozenset()
        if said is not None:
            way = 1 if said["more"] else -1
            year = _IN_A_YEAR.match(text, said.end())
        else:
            # "£640 million, down 22% from a year earlier": the value of the time before
            said = _FROM_A_TIME_BEFORE.match(text, p.end)
            if said is None:
                continue
            before = text[max(0, p.start - 8) : p.start].lower()
            rising = "increas" in p.context or before.endswith("up ")
            if rising == ("decreas" in p.context or before.endswith("down ")):
                continue
            way = 1 if rising else -1
            # Of that time: a claim of "the year before" is of it, one of the sentence's own time not
            # ("gave out 14,800 parcels in the year to March" against "18,400 ..., up 23% on the year
            # before": the 18,400's, not the year before's 14,960).
            when = frozenset(terms(said.group()))
        if not 0 < p.low < 10:
            continue
        q = next((f for f in reversed(found[:i]) if f.dim not in _NOT_A_VALUE), found[i - 1])
        if q.dim in ("year", "fraction", "date") or q.kind not in ("exact", "approx") or q.low <= 0:
            continue
        factor = 1 + way * p.low
        if factor <= 0:
            continue
        dated = float(year.group(1)) if year is not None else q.year
        if year is None and q.year and _A_YEAR_BEFORE.search(said.group()) is not None:
            # "186,000 skier days in the 2023-24 season, up 31% on the year before": 2022's
            dated = q.year - 1
        derived = _derived(
            q,
            1 / factor,
            text,
            (p.start, (year or said).end()),
            tolerance=q.tolerance / factor + q.low * p.tolerance,
            year=dated,
            context=q.context | when,
        )
        out.insert(out.index(p) + 1, derived)
    return out


_THE_REST: Final = re.compile(r"\bthe\s+(?:rest|remainder|remaining\s+\w+)\b", re.IGNORECASE)
_CLAUSE_MARK: Final = re.compile(r"[,;:.]")


def _may_name_the_rest(text: str) -> bool:
    """Might ``text`` hold a :data:`_THE_REST` (a substring test: most sentences hold none)?"""
    return "the rest" in text or "remainder" in text


def _the_rest(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after the shares that ``the rest`` follows in the sentence (``covering 40% of its
    running costs; the city council paid the rest``; ``52% backed it, 35% opposed it and the rest were
    undecided``), the rest's share (60%; 13%: ``derived``), about the words of the rest's clause and what
    the first share is of: ``The city council paid 60% of the running costs`` is computed, not
    contradicted by the 40%."""
    m = _THE_REST.search(text)
    if m is None:
        return found
    shares = [
        q
        for q in found
        if q.end <= m.start()
        and q.dim == "fraction"
        and not q.role
        and not q.vague
        and q.kind in ("exact", "approx")
        and 0 < q.low < 1
    ]
    rest = 1 - sum((q.low for q in shares), 0.0)
    if not shares or rest <= 0.005:
        return found
    first, last = shares[0], shares[-1]
    said = _rest_clause(text, last.end, m)
    cut = _CLAUSE_MARK.search(text, first.end)
    of = frozenset(terms(text[first.end : cut.start() if cut is not None else len(text)]))
    derived = last._replace(
        low=rest,
        high=rest,
        tolerance=sum((q.tolerance for q in shares), 0.0),
        start=m.start(),
        end=m.end(),
        text=m.group(),
        context=said | of,
        role="derived",
    )
    out = list(found)
    out.insert(out.index(last) + 1, derived)
    return out


def _of_the_rest(q: Quantity, r: Quantity, text: str, claim_terms: frozenset[str]) -> bool:
    """Is claim figure ``q`` about the rest that follows sentence figure ``r`` (``Central government is
    paying £265 million`` against ``The council will pay £45 million of the cost, with the rest from
    central government``): does its context, or the claim past its context's few words after it
    (``claim_terms``: ``four in ten of Northmoor's passengers travel on business``), hold a word of
    the rest's clause that ``r``'s does not?"""
    m = _THE_REST.search(text, r.end)
    if m is None:
        return False
    return not (_rest_clause(text, r.end, m) - r.context).isdisjoint((q.context | claim_terms) - r.context)


def _rest_clause(text: str, after: int, rest: re.Match[str]) -> frozenset[str]:
    """The terms of the clause that holds ``rest`` (a :data:`_THE_REST`), from the last stop between
    ``after`` and it to the next stop: ``the city council paid the rest``."""
    begin = max((c.end() for c in _CLAUSE_MARK.finditer(text, after, rest.start())), default=after)
    end = _CLAUSE_MARK.search(text, rest.end())
    return frozenset(terms(text[begin : end.start() if end is not None else len(text)]))


def _than_years(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each amount by which a value is more or less than a year's (``2,140
    officers, 160 more than in 2019``), that year's value (1,980 officers in 2019; ``derived``): a
    claim of it is computed, not contradicted by the 2,140."""
    out = list(found)
    for i in range(len(found) - 1, 0, -1):
        p, q = found[i], found[i - 1]
        if p.role != "by" or p.dim == "fraction" or p.dim != q.dim or p.kind not in ("exact", "approx"):
            continue
        said = _ELIDED_BY.match(text, p.end)
        year = _IN_A_YEAR.match(text, said.end()) if said is not None else None
        if said is None or year is None or q.kind not in ("exact", "approx") or q.low <= 0:
            continue
        value = q.low - p.low if said["more"] else q.low + p.low
        if value <= 0:
            continue
        derived = _derived(
            q, value / q.low, text, (p.start, year.end()), tolerance=q.tolerance + p.tolerance,
            year=float(year.group(1)),
        )  # fmt: skip
        out.insert(out.index(p) + 1, derived)
    return out


_IN_A_YEAR: Final = re.compile(r"\s+(?:in\s+)?((?:19|20)\d\d)\b", re.IGNORECASE)
"""After ``fewer than`` (:data:`_ELIDED_BY`), the year whose value the share is against (``5% fewer
than | in 2023``)."""


_TALLY_REST: Final = re.compile(
    r"(?:\s*[-\u2013\u2014]\s*|(?P<votes>\s+votes)?\s+to\s+)(?P<second>\d{1,3}(?:,\d{3})+|\d+)(?![.,]?\d)"
)
"""After a number, the other side of a tally: ``-2`` of ``7-2``, `` votes to 208`` of ``312 votes to 208``."""
_TALLY_LEAD: Final = re.compile(
    r"\b(?:vot(?:e|ed|es|ing)|carried|passed|approved|rejected|backed|defeated|adopted|endorsed|elected|won"
    r"|wins|winning|lost|loses|losing|beat|beats|beaten|beating|drew|draws|drawn|drawing|thrashed|thrashing"
    r"|edged|edging|trailed|trailing|led|leads|leading|defeating|margin|majority)\b"
    r"(?:(?!\bto\s)[^.;:!?\d]){0,40}$",
    re.IGNORECASE,
)
"""A vote or a match before a tally, in its clause: ``voted 7-2``, ``approved the budget by 14 votes to
9``, ``beat Rovers 3-1``; not across ``to`` (``voted to raise fees by 5 to 10``)."""
_TALLY_RESULT: Final = re.compile(
    r"\s+(?:(?:home|away|narrow|comfortable|shock)\s+)?(?:win|victory|defeat|loss|draw|vote|majority)\b",
    re.IGNORECASE,
)
"""What a tally before it decided: ``a 3-1 win``, ``a 9-4 vote``."""


def _tally_at(text: str, start: int, end: int) -> re.Match[str] | None:
    """The other side of a tally (a vote's or a match's two counts, whose order is who had which)
    after the number at ``start:end``, or None: ``voted 7-2``, ``by 312 votes to 208``, ``won the
    final 2-0``, ``a 3-1 win``. Not a range (``aged 18 to 25``, ``won 40 to 45 seats``)."""
    m = _TALLY_REST.match(text, end)
    if m is None or unit_after(text, m.end(), None)[0] not in ("number", "count:vote"):
        return None
    if (
        m.group("votes") is not None
        or _TALLY_RESULT.match(text, m.end()) is not None
        or _TALLY_LEAD.search(text, max(0, start - 60), start) is not None
    ):
        return m
    return None


def _tallies(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with the second count of each tally written with a dash (``voted 7-2``, ``beat Rovers
    3-1``), which the number pattern does not read after a word and a dash."""
    out: list[Quantity] = []
    for q in found:
        out.append(q)
        if q.kind != "exact" or q.dim not in ("number", "count:vote") or not text.startswith(_DASHES, q.end):
            continue
        if _year_like(q.text):
            continue  # "led the company 2015-2019": years
        m = _tally_at(text, q.start, q.end)
        if m is not None and m.group("votes") is None:
            raw = m.group("second")
            value = _value(raw)
            at = m.start("second")
            out.append(Quantity(value, value, q.dim, "exact", _tolerance(raw, value), at, m.end(), raw))
    return out


_DASHES: Final = ("-", "\u2013", "\u2014", " -", " \u2013", " \u2014")

_VOTE: Final = frozenset({"vote"})
_UNANIMOUS: Final = re.compile(r"\bunanimous(?:ly)?\b", re.IGNORECASE)
_VOTE_TO: Final = re.compile(r"\s+(?:votes\s+)?to\s+|\s*[-\u2013\u2014]\s*")
"""Between the two sides of a vote or a match: ``voted 9 to 4``, ``by 312 votes to 204``, ``won 2-0``."""


def _vote_shares(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each vote of two counts (``voted 9 to 4``, ``by 312 votes to 204``), the
    share of the votes the first side had (9 of 13; ``derived``): a ``unanimous`` vote is all of them."""
    out = list(found)
    voting = "vote" in text or "Vote" in text
    for i in range(len(found) - 2, -1, -1):
        a, b = found[i], found[i + 1]
        if a.kind != "exact" or b.kind != "exact" or a.dim not in ("number", "count:vote"):
            continue
        if b.dim not in ("number", a.dim) or a.low < 0 or b.low < 0 or a.low + b.low <= 0:
            continue
        if _VOTE_TO.fullmatch(text, a.end, b.start) is None:
            continue
        if not voting and _tally_at(text, a.start, a.end) is None:
            continue  # "rose from 5 to 10": no vote
        share = a.low / (a.low + b.low)
        vote = a._replace(
            low=share,
            high=share,
            dim="fraction",
            tolerance=0.5 / (a.low + b.low),
            end=b.end,
            text=text[a.start : b.end],
            context=a.context | b.context | _VOTE if voting else a.context | b.context,
            role="derived",
        )
        out.insert(i + 2, vote)
    return out


_COMPOUND: Final = re.compile(r"\s+(?:and\s+)?")


def _compound_times(text: str, found: list[Quantity]) -> list[Quantity]:
    """A time written in two units (``2 minutes 40 seconds``, ``1 hour and 15 minutes``) as one: the
    sum, as precise as its smaller unit."""
    out: list[Quantity] = []
    for q in found:
        last = out[-1] if out else None
        if (
            last is not None
            and q.dim == last.dim == "time"
            and q.kind == last.kind == "exact"
            and q.text[:1].isdigit()
            and 0 < q.low < last.low
            and _COMPOUND.fullmatch(text, last.end, q.start) is not None
        ):
            out[-1] = last._replace(
                low=last.low + q.low,
                high=last.high + q.high,
                tolerance=q.tolerance,
                end=q.end,
                text=text[last.start : q.end],
            )
            continue
        out.append(q)
    return out


_LEADING_NUMBER: Final = re.compile(_NUM)
_LEADING_WORD_NUMBER: Final = re.compile(rf"(?:{'|'.join(_WORD_NUMBERS)})\b", re.IGNORECASE)
"""A figure written with a number in words first (``eight minutes``)."""
_CONJUNCTION: Final = r",|;|\b(?:and|while|but|whereas)\b"
"""What opens the next clause: a comma, a semicolon, or a conjunction."""
_NEXT_CLAUSE: Final = re.compile(_CONJUNCTION)
_CLAUSE_OVER: Final = re.compile(r"\s*(?:[.;:!?)]|,|$)")
_ENDS_ITS_CLAUSE: Final = re.compile(r"\s*(?:[.;]|,\s|$)")
"""Right after a spelled number that ends its clause: its unit is elided (``lost only three.``)."""
_ELIDED_SUBJECT: Final = re.compile(
    r"\s+(?:were|was|are|is|have|has|had|will|would|could|did|remain(?:s|ed)?)\b", re.IGNORECASE
)
"""A verb right after a bare number: the number is its subject, a count of what a count before it
in the sentence counts (``Its 96 turbines ..., although six were shut down``: six turbines)."""
_MORE_OF_THEM: Final = re.compile(
    r"\s+(?:more|others?|extra|additional)\b(?!\s+(?:than|of)\b|\s+[^\W\d_]+s\b)", re.IGNORECASE
)
"""``more`` after a bare number, with no ``than`` and no plural after it: more of what the figure
before counts (``recruited 260 paramedics ... and plans to hire 150 more by March``)."""
_OF_WHICH_BEFORE: Final = re.compile(r"\bof\s+(?:which|whom|these|those|them)\s+$", re.IGNORECASE)
"""``of which`` before a bare number: a part whose words come after its verb (``4,100 incidents, of
which 1,300 were false alarms``: what it is, not only incidents)."""
_ANOTHER: Final = re.compile(r"\banother\s+$", re.IGNORECASE)
"""``another`` right before a bare number: more of what the count before it counts."""
_PLACE_OR_TIME: Final = re.compile(r"\s+(?:in|at|on|during|for)\s")
"""Where, when or for whom after a bare number after ``and``: ``eight minutes in towns and 13 in
rural areas`` (13 minutes)."""
_ELIDED_BY: Final = re.compile(
    r"\s+(?:(?P<more>more|higher|longer|later|greater|bigger|larger|older)"
    r"|fewer|less|lower|shorter|earlier|smaller|younger|cheaper)\s+than\b",
    re.IGNORECASE,
)
"""A bare number that says by how much the figure before it differs from another: ``41 days of
air frost, 12 fewer than the average`` (12 days; the average 53), ``four minutes longer than the
15-minute target``."""


_AGED: Final = re.compile(
    r"\bage[sd]?\s+(?:between\s+|from\s+)?(?:[\w-]+\s*(?:and|to|-)\s*)?$", re.IGNORECASE
)
"""An age right before a bare number: ``for players aged between seven and 18``, ``aged 11 to 16``
(an age, not more of what the count before it counts)."""


_A_WHOLE: Final = re.compile(r"\b(?:out\s+)?of\s+(?:(?:its|the|their|our|his|her)\s+)?$", re.IGNORECASE)
"""Before a count that is the whole of a part (``11 of its 29 units``)."""
_IN_THE: Final = re.compile(
    r"\b(?:in|over|during|for|across)\s+(?:the|its|their|those|these)\s+"
    r"(?:(?:first|last|past|next|previous|same|latest)\s+)?$",
    re.IGNORECASE,
)
"""Before a time, what makes it the period a figure is of (``in the six months``), not a figure."""
_AGO_AFTER: Final = re.compile(r"\s+(?:earlier|ago|later|before|previously)\b", re.IGNORECASE)
"""After a time, what makes it say when (``five years earlier``), not how long."""


def _elided_units(text: str, found: list[Quantity]) -> list[Quantity]:
    """A bare number that ends its clause takes the unit of the figure before it: ``The Avon line
    carries 9,000 passengers a day and the Exe line 4,000`` (4,000 passengers a day), ``Leeds has
    40 schools and York has 35`` (35 schools), ``hired 40 teachers in 2023, and Easton's hired 25``
    (25 teachers: a year between them is stepped over), ``41 days of air frost, 12 fewer than the
    average`` (12 days: :data:`_ELIDED_BY`), ``eight minutes in towns and 13 in rural areas`` (13
    minutes: :data:`_PLACE_OR_TIME`; not a count, whose words may be the other's: ``23 league goals
    and 8 in the cup``). Only after a figure written number first with a unit after it (not
    ``$4.5M``, not ``about 45 ms``), and never a year."""
    out = list(found)
    for i in range(1, len(out)):
        q = out[i]
        if q.dim != "number" or _year_like(q.text):
            continue
        if " age" in text and _AGED.search(text, max(0, q.start - 32), q.start) is not None:
            continue  # "412 teams from 64 clubs for players aged between seven and 18": 18 years of age
        if q.kind in ("exact", "approx") and _SET_AGAINST_IT.search(text, max(0, q.start - 16), q.start):
            # "will take 22 minutes, against about 40 by bus today": 40 minutes, whatever follows it
            out[i] = in_unit_of(q, _unframed(text, out, i - 1)) or q
            continue
        if q.kind != "exact" and (q.kind == "range" or _ELIDED_SUBJECT.match(text, q.end) is None):
            continue
        if (
            (
                _ELIDED_SUBJECT.match(text, q.end) is not None
                and _OF_WHICH_BEFORE.search(text, max(0, q.start - 16), q.start) is None
            )
            or _MORE_OF_THEM.match(text, q.end) is not None
            or _ANOTHER.search(text, max(0, q.start - 9), q.start) is not None
        ):
            # (a bound too: "23 volunteer drivers have signed up, but at least 30 were needed")
            # "Its 96 turbines ..., although six were shut down": six turbines, the count nearest
            # before; "recruited 260 paramedics ... and plans to hire 150 more": 150 paramedics;
            # "cut the price of 400 everyday items ... and will freeze prices on another 200": items
            count = _count_before(out, i)
            if count is not None:
                out[i] = q._replace(dim=count.dim)
            continue
        if (
            not q.text[:1].isdigit()
            and _ELIDED_BY.match(text, q.end) is None
            and _ENDS_ITS_CLAUSE.match(text, q.end) is None
        ):
            continue  # a number in words is read alone only before "fewer than", "more than", a stop
        place = _PLACE_OR_TIME.match(text, q.end) is not None and text.endswith("and ", 0, q.start)
        # "Around 4,200 students ..., up from 1,500 last week": the value before a change, whatever time
        # follows it, is of what the value after it counts
        before_change = text.endswith(("up from ", "down from "), 0, q.start)
        if (
            _CLAUSE_OVER.match(text, q.end) is None
            and _ELIDED_BY.match(text, q.end) is None
            and not place
            and not before_change
        ):
            continue  # "35 of them", "4,000 more": the words after it say what it counts
        before = out[i - 1]
        if place and before.dim.startswith("count:"):
            continue  # "23 league goals and 8 in the cup": goals, not league goals; left a number
        if text.endswith(" out of ", 0, q.start):
            # "two vacancies out of 34": the whole, which counts what an earlier whole counts ("11 of
            # its 29 units"), not the part before it; else a number
            whole = next(
                (
                    f
                    for f in reversed(out[: i - 1])
                    if f.dim[:6] == "count:"
                    and _A_WHOLE.search(text, max(0, f.start - 12), f.start) is not None
                ),
                None,
            )
            if whole is not None:
                out[i] = q._replace(dim=whole.dim)
            continue
        if before.dim == "year" and i > 1 and _NEXT_CLAUSE.search(text, before.end, q.start) is not None:
            # A year that ends the clause before is when, not what: "hired 40 teachers in 2023, and
            # Easton's hired 25"; not "grew 9% in 2024 to 48 million".
            before = out[i - 2]
        if (
            before.dim == "time"
            and i > 1
            and (
                _AGO_AFTER.match(text, before.end) is not None
                # "handled 186,000 calls in the six months, down from 201,000", "recorded 386,000 trips
                # in its first 12 months, beating the target of 300,000": a time the figure before was
                # in, no unit of the value before the change nor of the target
                or _IN_THE.search(text, max(0, before.start - 24), before.start) is not None
            )
        ):
            # "312 firefighters, down from 389 five years earlier, against a target of 400": a time
            # that says when is no unit of what is counted; the figure before it is.
            before = out[i - 2]
            if before.dim[:6] == "count:":
                out[i] = q._replace(dim=before.dim)  # (a count read from the one before it too)
                continue
        if (
            before.dim == "fraction"
            and _TO_NEW_VALUE.fullmatch(text, before.end, q.start) is not None
            and _CHANGED.search(text, max(0, before.start - 24), before.start) is not None
        ):
            # "rose by 41% to 14.6 million", "went up by 38%, reaching 5,120": the new value, not a
            # share like the change
            continue
        if before is out[i - 1]:
            before = _unframed(text, out, i - 1)
        if before.dim[:4] == "rank" and i > 1:
            # "seven of its 19 pharmacies, while Wenford, the region's largest city, lost only three":
            # a rank in an aside counts nothing; the figure before it is what the number counts
            before = out[i - 2]
        out[i] = in_unit_of(q, before) or q
    return out


def _unframed(text: str, found: Sequence[Quantity], k: int) -> Quantity:
    """``found[k]``, or when it is a time or a length that frames the figure before it
    (:func:`_framing`), the nearest figure before it that is neither, nor a year: what a value set
    against it is of (``412 notices during a six-month drive, compared with 57``, ``14,200 visitors
    over its three days, up from 11,500``, ``37 homes within 30 metres of the cliff edge, up from
    19``)."""
    q = found[k]
    if q.dim not in ("time", "length") or k == 0 or not _framing(text, q):
        return q
    return next((r for r in reversed(found[:k]) if r.dim not in ("time", "year", "length")), q)


def _framing(text: str, q: Quantity) -> bool:
    """Does a time or a length frame what is counted rather than measure it: written as a compound
    (``a six-month drive``) or after ``over``, ``during``, ``within`` (``over its three days``,
    ``within 30 metres``)?"""
    return (
        text.startswith("-", q.start + len(q.text.split("-")[0]))
        or _FRAME_BEFORE.search(text, max(0, q.start - 16), q.start) is not None
        or _WITHIN.match(q.text) is not None  # (a bound's word read as part of it: "within 30 metres")
    )


_FRAME_BEFORE: Final = re.compile(
    r"\b(?:over|during|within|across)\s+(?:(?:its|the|their|a|an)\s+)?$", re.IGNORECASE
)
_TO_NEW_VALUE: Final = re.compile(
    r"(?:\s+(?:last|this|in|over|during)\s+(?:the\s+)?(?:year|month|quarter|week|season|\d{4}))?"
    r"\s*,?\s*(?:to|reaching|to\s+reach|hitting|taking\s+(?:it|them|the\s+total)\s+to|to\s+stand\s+at)\s*",
    re.IGNORECASE,
)
"""What leads from a change's amount to the value it led to: ``to``, ``, reaching``, ``last year to``."""
_SET_AGAINST_IT: Final = re.compile(r",\s+(?:against|compared\s+(?:with|to)|versus|vs\.?)\s+$", re.IGNORECASE)
"""What sets a bare number against the figure before it, right before it: ``22 minutes, against 40``."""


_OF_THE_WHOLE: Final = re.compile(
    r"\s+of\s+(?:the|its|their|this|that)\s+(?:(?:total|overall|whole)\s+)?"
    r"(?P<whole>cost|costs|bill|total|budget|price|funding|sum|amount|spending)\b(?![\s,]*(?:of\s+)?[$€£¥₹]?\d)",
    re.IGNORECASE,
)
"""What makes a figure before it a share of a whole it does not give: ``£45 million of the cost``."""


def _shares_of_a_whole(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with a figure that is a share of a whole the sentence does not give (``The council
    will pay £45 million of the cost``) no longer about that whole: ``The extension will cost £310
    million`` is not what the council pays."""
    out = list(found)
    for i, q in enumerate(out):
        m = _OF_THE_WHOLE.match(text, q.end)
        if m is not None:
            out[i] = q._replace(context=q.context - {stem(m.group("whole").lower())})
    return out


def _count_before(found: Sequence[Quantity], i: int) -> Quantity | None:
    """The count nearest before ``found[i]``: what a bare number there counts, when it counts one."""
    return next((r for r in reversed(found[:i]) if r.dim[:6] == "count:"), None)


def _elided_parts(text: str, found: Sequence[Quantity]) -> bool:
    """Does a count of the sentence stand as its clause's subject right after a larger count of the
    same (``Forty-three businesses scored zero or one ...; four were closed``): a part of that whole?"""
    return any(
        q.dim[:6] == "count:"
        and q.dim == p.dim
        and q.low < p.low
        and " " not in q.text
        and _ELIDED_SUBJECT.match(text, q.end) is not None
        for p, q in pairwise(found)
    )


def _totals(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with a bare number a count adds to (:data:`_TOTAL_TO`) read as a count of what that
    count counts, with its context too: ``scored two of the goals, taking his tally to 19`` (19 goals,
    the striker's), ``hired 40 teachers, bringing the total to 520``."""
    out = list(found)
    for i in range(1, len(out)):
        q = out[i]
        if (
            q.dim == "number"
            and q.kind == "exact"
            and not _year_like(q.text)
            and _TOTAL_TO.search(text, max(0, q.start - 40), q.start) is not None
        ):
            # the nearest count before ("added 2.1 million subscribers ..., fewer than the 3 million
            # analysts expected, taking its total to 86 million": subscribers)
            before = _count_before(out, i)
            if before is not None:
                out[i] = q._replace(dim=before.dim, context=q.context | before.context)
    return out


_TOTAL_TO: Final = re.compile(
    r"\b(?:taking|bringing|lifting|raising|pushing|his|her|its|their|the)\s+(?:\w+\s+)?(?:tally|total|count)\s+to\s+$",
    re.IGNORECASE,
)
"""A total a count adds to, before a bare number: ``taking his tally to``, ``bringing the total to``."""


def in_unit_of(q: Quantity, before: Quantity) -> Quantity | None:
    """A bare number ``q`` read in the unit of ``before``, a figure written number first with a unit
    after it (``7,500`` after ``9,000 passengers a day``: 7,500 passengers a day). None when
    ``before`` is not written so, or the two do not read as one dimension."""
    if before.dim in ("number", "year"):
        return None
    written = _QUALIFIED.sub("", before.text) if not before.text[:1].isdigit() else before.text
    number = _LEADING_NUMBER.match(written) if written[:1].isdigit() else _LEADING_WORD_NUMBER.match(written)
    if number is None:
        return None
    # the unit after "and a half" ("down from six" after "three and a half days": six days)
    part = _and_a_part(written, number.end())
    unit = written[part[2] if part is not None else number.end() :]
    if not unit.strip():
        return None
    read = quantities(q.text + unit, context=False)
    if len(read) != 1 or read[0].dim != before.dim:
        return None
    r = read[0]
    return q._replace(dim=r.dim, low=r.low, high=r.high, tolerance=r.tolerance)


_QUALIFIED: Final = re.compile(
    r"^(?:about|around|roughly|nearly|almost|some|approximately|(?:an?\s+)?estimated)\s+", re.IGNORECASE
)
"""An approximation's word before its number (``around 120,000 vehicles a day``, ``an estimated
118,000 visitors``)."""
_AGE_GROUP: Final = re.compile(r"\b(?P<word>[Oo]ver|[Uu]nder)[\s-](?P<age>\d{1,3})s\b")
"""An age group: ``over-21s``, ``the under 18s``."""


def _age_group(m: re.Match[str]) -> Quantity:
    """The ages of an :data:`_AGE_GROUP`: over-21s are 21 and over, under-18s under 18."""
    age = float(m.group("age"))
    if m.group("word").lower() == "over":
        return Quantity(age, age, "number", "lower", 0.5, m.start(), m.end(), m.group())
    return Quantity(age, age, "number", "upper", 0.5, m.start(), m.end(), m.group())


def _merged(found: list[Quantity], extra: list[Quantity], limit: int | None) -> list[Quantity]:
    """``found`` and ``extra`` in the order they are written, at most ``limit`` + 1 (see
    :func:`quantities`)."""
    if not extra:
        return found
    merged = sorted(found + extra, key=attrgetter("start"))
    return merged if limit is None else merged[: limit + 1]


def _within(q: Quantity, others: Sequence[Quantity]) -> bool:
    """Does ``q`` start inside one of ``others``?"""
    return any(r.start <= q.start < r.end for r in others)


_FUNCTION_AFTER_NAME: Final = r"(?:and|or|with|in|on|at|which|who|for|by|to|of|from|as|than)"
_A_NAME: Final = r"(?:the\s+)?[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*"
_NAMES: Final = rf"{_A_NAME}(?:\s*(?:,|and|&)\s*{_A_NAME})*"
"""Capitalised names, listed with commas, ``and`` or ``&`` (``Harlow and Tilbury``, ``London, Paris
and the Hague``): :func:`_listed` reads them one by one."""
_LIST_CUT: Final = re.compile(r"\s*(?:,|\band\b|&)\s*")
_RUNNERS_UP: Final = re.compile(
    rf"\b(?:ahead\s+of|followed\s+by)\s+(?P<names>{_NAMES}"
    rf"|the\s+[a-z][\w'\u2019-]*(?:\s+(?!{_FUNCTION_AFTER_NAME}\b)[a-z][\w'\u2019-]*){{0,2}}(?=\s*[,.;]|$))"
)
"""``ahead of Millbrook``, ``followed by Harlow and Tilbury``, ``followed by the university campus``:
the named ones rank after the first (a name in lower case after ``the``, up to three words, ending
its clause)."""


def _listed(names: str) -> list[str]:
    """The names of a :data:`_NAMES` list, one by one."""
    return _LIST_CUT.split(names)


def _runners_up(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, for each name after ``ahead of`` or ``followed by`` that follows a first place
    (``Ruxton was the fastest-growing town, ahead of Millbrook``), a rank of second or lower of the
    same kind, whose context is that name: ``Millbrook was the fastest-growing town`` disagrees."""
    out = list(found)
    for m in _RUNNERS_UP.finditer(text):
        first = next(
            (q for q in reversed(found) if q.dim[:5] == "rank:" and q.end <= m.start() and q.low == 1), None
        )
        if first is None:
            continue
        for name in _listed(m.group("names")):
            named = frozenset(terms(name))
            if named:
                out.append(
                    first._replace(
                        low=2.0,
                        high=math.inf,
                        kind="lower",
                        start=m.start("names"),
                        end=m.end("names"),
                        text=name,
                        context=named,
                    )
                )
    return sorted(out, key=attrgetter("start")) if len(out) > len(found) else found


_FIRST_EXCEPTED: Final = re.compile(
    rf"[^.;:]{{0,60}}?,?\s+(?:apart\s+from|except(?:\s+for)?)\s+(?P<names>{_NAMES})"
)
"""``the highest of any town in the county, apart from Ashcombe``: after a first place in its clause,
the names that rank before it."""


def _first_excepted(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` with a first place that names its exceptions after it (``the highest of any town in
    the county, apart from Ashcombe``) ranked after them (second: one more than the names), and for
    each name a first place of the same kind whose context is that name (``derived``: a counterpart only
    of a claim that names it): ``Kettlebridge has the highest vacancy rate`` disagrees, ``Ashcombe has
    the highest vacancy rate`` agrees."""
    out = list(found)
    for i, q in enumerate(found):
        if q.dim[:5] != "rank:" or q.low != 1:
            continue
        m = _FIRST_EXCEPTED.match(text, q.end)
        if m is None:
            continue
        names = [n for n in _listed(m.group("names")) if terms(n)]
        if not names or any(n.split()[-1].lower() in MONTH_NAMES for n in names):
            continue
        place = float(len(names) + 1)
        out[i] = q._replace(low=place, high=place, text=" ".join(text[q.start : m.end()].split()))
        out.extend(
            q._replace(
                start=m.start("names"),
                end=m.end("names"),
                text=name,
                context=frozenset(terms(name)),
                role="derived",
            )
            for name in names
        )
    return sorted(out, key=attrgetter("start")) if len(out) > len(found) else found


_OF_WHOLE: Final = re.compile(
    r"\s+of\s+(?:(?:the|its|their|our|these|those|all)\s+|[^\W\d_][\w'\u2019-]*(?:'s|\u2019s)\s+){0,3}"
    r"|\s+of\s+(?:the|its|their|our)\s+(?:[^\W\d_][\w'\u2019-]*\s+){1,2}of\s+"
)
"""Between a part and its whole: ``3 of the line's 14 stations``, ``12 of 40 schools``, ``a
quarter of the Ashby fleet of 120 buses``."""

_OF_WHOM: Final = r"of\s+(?:whom|which|them|these|those)"
"""How a part refers to the whole it is of: ``of whom``, ``of which``, ``of them``."""
_OF_WHICH: Final = re.compile(
    rf"(?:\s+(?:last|this)\s+(?:year|month|week|season)|\s+in\s+(?:19|20)\d\d)?\s*,?\s*(?:{_OF_WHOM}|including)\s"
)
"""What opens the part of a whole: ``, of whom``, ``, of which``, ``including`` (the whole's time
between: ``4,100 incidents last year, of which 1,300``)."""
_OF_THEM: Final = re.compile(rf"\s+{_OF_WHOM}\b", re.IGNORECASE)
"""After a share of the whole before it: ``320 new homes, 40% of them affordable``."""
_THEN_SHARE: Final = re.compile(r"(?:[^.;:\d]|\d{4}){0,60}?,\s*(?:with\s+|and\s+)?")
"""Between a count and a share of it that refers back (``of them``): a comma and ``and`` or ``with``,
after the count's own phrase and asides, no figure (``320 new homes, 40% of them``; ``42,000 parcels in
the year to March, up a third, and a quarter of them``)."""


_OF_WHOM_AFTER: Final = re.compile(rf"\s*,?\s*(?P<part>\S+)\s+{_OF_WHOM}\b", re.IGNORECASE)
"""A part after its whole that names the whole after itself: ``240 contributors, 30 of whom``."""


_OF_THE_BEFORE: Final = re.compile(
    r"(?:^|[,;:(]\s*)of\s+(?:the|its|their|these|those|all)\s+$", re.IGNORECASE
)
"""A whole that opens its clause: ``Of the 1,200 homes surveyed, 300 ...``."""
_THEN_PART: Final = re.compile(r"(?:[^,.;:\d]|\d{4}){0,80},\s*")
"""Between that whole and its part: the rest of its phrase and a comma."""


def _of_which(text: str, end: int, start: int) -> bool:
    """Does the text between a whole (ending at ``end``) and a figure (starting at ``start``) make
    the figure its part? ``600 patients, of whom 200``, ``£12 million, of which the council paid
    £4 million``: the words open so, and the figure follows within their clause."""
    m = _OF_WHICH.match(text, end)
    return m is not None and start - m.end() <= 40 and not any(c in text[m.end() : start] for c in ",;:.")


_RATIO_BASE: Final = re.compile(
    r"\s+(?:as\s+(?:many|much|high|large|big|long|great)\s+as|the\s+(?:figure|number|level|total|amount|rate"
    r"|count)\s+(?:for|of|in)|(?:that|those)\s+of|what\s+(?:it|they|he|she|we)\s+[^\W\d_]+)"
    r"\s+(?:(?:in|for|during)\s+)?",
    re.IGNORECASE,
)
"""What links a ratio to the year it is against: ``twice as many as in 2022``, ``double the figure for
2020``, ``three times that of 2019``, ``three times what it spent the year before``."""


def _ratio_bases(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each ratio to another year (``2 million users, twice as many as in
    2022``) or to a named figure (``£18 million, twice the original estimate``), the figure of that
    year or name it gives (1 million users in 2022; a £9 million estimate; ``derived``): a claim of
    it is computed, not contradicted by the 2 million. The figure is the nearest before the ratio
    that is no year."""
    out = list(found)
    for i in range(len(found) - 1, 0, -1):
        q, after = found[i], found[i + 1] if i + 1 < len(found) else None
        if q.dim != "ratio" or q.low <= 0:
            continue
        named = None
        link = _RATIO_BASE.match(text, q.end)
        before_now = _A_TIME_BEFORE.match(text, link.end()) if link is not None else None
        if after is not None and after.dim == "year":
            if link is None or link.end() != after.start:
                continue
            end, year = after.end, after.low
        elif before_now is not None:
            # "210 runners, twice as many as last year": last year's figure (105 runners)
            named, what = before_now, before_now.group()
            end, year = before_now.end(), 0.0
        else:
            named = (
                _RATIO_OF.match(text, q.end)
                if q.text.rsplit(None, 1)[-1].lower() not in _RATIO_VERBS
                else None
            )
            if named is None:
                continue
            what = named.group("what") or named.group("whose")
            if what.rsplit(None, 1)[-1].lower() in UNIT_WORDS:
                continue  # "doubled the next year": a verb, and a time, not a figure it is twice
            end, year = named.end(), 0.0
        # (not "all" of "in all their subjects": a share in words is no figure a ratio multiplies)
        base = next((f for f in reversed(found[:i]) if f.dim not in ("year", "ratio") and not f.vague), None)
        if base is None or base.kind not in ("exact", "approx"):
            continue
        # (less the words of a time or a figure, which a claim of it does not say as terms: "last year's
        # number" is last year's; "last October" names a month, when, not what)
        named_terms = frozenset(terms(what)) - _NOT_NAMING - _CALENDAR_TERMS if named else frozenset()
        out.insert(
            i + 1,
            _derived(
                base,
                1 / q.low,
                text,
                (q.start, end),
                context=base.context | named_terms,
                year=year or base.year,
            ),
        )
    return out


_RATIO_VERBS: Final = frozenset(
    ("doubled", "doubles", "tripled", "triples", "quadrupled", "quadruples", "halved", "halves")
)
_NOT_NAMING: Final = frozenset(
    map(stem, words("year month week season day number figure total level count tally"))
)
"""Words of what a ratio is of that name no thing of its own (``last year's number``)."""
_A_TIME_BEFORE: Final = re.compile(_TIME_BEFORE, re.IGNORECASE)
""":data:`_TIME_BEFORE` after a ratio's link: ``twice as many as | last year``."""
_RATIO_OF: Final = re.compile(
    r"\s+(?:(?:the|its|their|his|her|that)\s+(?P<what>(?:[^\W\d_][\w'\u2019-]*\s+){0,2}[^\W\d_][\w'\u2019-]*)"
    r"|(?P<whose>(?:[^\W\d_][\w-]*\s+)?[^\W\d_][\w-]*(?:'s|\u2019s))(?:\s+(?:number|figure|total|level|count|tally))?)"
    r"(?=\s*(?:[.,;:)]|$))",
    re.IGNORECASE,
)
"""What a ratio is of, named: ``£18 million, twice the original estimate``, ``three times the
national average``, ``double last year's`` (the figure it makes is the one before over the ratio)."""


_ALL_BUT: Final = "all but "
"""Before a part whose rest the sentence speaks of (``lost all but five of their 14 seats``)."""
_BUT: Final = frozenset(("but",))


_ALL_WORD: Final = re.compile(r"\b(?:all|every|each)\b", re.IGNORECASE)
_EXCEPT_TERMS: Final = frozenset(("except", "apart"))
_EXCEPT_BEFORE: Final = re.compile(r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than)\s+$", re.IGNORECASE)


def _all_except(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each count excepted from a whole said of all (``Every one of last year's
    240 exhibitors returned except three nurseries``, ``210 pubs, all of which it runs through
    tenants except 24``), the rest, derived (237, 186): what the sentence says of all is of them."""
    out: list[Quantity] = []
    for i, part in enumerate(found):
        out.append(part)
        if i == 0 or part.kind != "exact" or not (part.dim == "number" or part.dim[:6] == "count:"):
            continue
        cue = _EXCEPT_BEFORE.search(text, max(0, part.start - 20), part.start)
        if cue is None:
            continue
        whole = next(
            (
                w
                for w in reversed(found[:i])
                if w.kind == "exact"
                and (w.dim[:6] == "count:" or w.dim == "number")
                and not w.role
                and 0 < part.low < w.low
            ),
            None,
        )
        if whole is None:
            continue
        said = text[max(0, whole.start - 30) : cue.start()]
        if _ALL_WORD.search(said) is None:
            continue  # "sold 240 tickets except three": no whole said of all
        rest = whole.low - part.low
        out.append(
            whole._replace(
                low=rest,
                high=rest,
                start=cue.start(),
                end=part.end,
                text=text[cue.start() : part.end],
                context=whole.context | (part.context - _EXCEPT_TERMS),
                role="derived",
            )
        )
    return out


def _parts_of_wholes(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each ``3 of the line's 14 stations``, the share it states (3/14, a
    fraction with both figures' context): ``most of the stations`` disagrees with it."""
    out = []
    for i, q in enumerate(found):
        if i + 1 == len(found):
            out.append(q)
            break
        whole = found[i + 1]
        counted = whole.dim == "number" or whole.dim.startswith("count:")
        if (
            counted
            and q.vague
            and q.kind == "exact"
            and (text[q.end : whole.start].isspace() or _OF_WHOLE.fullmatch(text, q.end, whole.start))
        ):
            # "all 40 trial sites", "none of the city's five bridges": the share is of that whole.
            q = q._replace(context=_of_whole(q, whole))  # noqa: PLW2901
        if (
            q.dim == "number"
            and q.kind == "exact"
            and text.endswith(_ALL_BUT, 0, q.start)
            and (whole.dim == "number" or whole.dim[:6] == "count:")
            and 0 < q.low < whole.low
            and _OF_WHOLE.fullmatch(text, q.end, whole.start) is not None
        ):
            # "lost all but five of their 14 seats": what is said is of the other nine
            rest = whole.low - q.low
            begin = q.start - len(_ALL_BUT)
            q = q._replace(  # noqa: PLW2901
                low=rest,
                high=rest,
                start=begin,
                text=text[begin : q.end],
                context=q.context - _BUT,
                role="derived",
            )
        at = len(out)
        out.append(q)
        if (
            (counted or whole.dim in _AMOUNTS or whole.dim[:6] == "money:")
            and q.dim == "fraction"
            and q.kind == "exact"
            and 0 < q.low == q.high < 1
            and _OF_WHOLE.fullmatch(text, q.end, whole.start) is not None
        ):
            # "half of its 300 staff", "40% of the 300 members", "28% of the 41,000 tonnes": the count
            # or the amount of the part, derived.
            out.append(_part_count(text, q, whole, (q.start, whole.end)))
        if (
            (whole.dim == q.dim or (whole.dim == "number" and q.dim.startswith("count:")))
            and q.dim not in ("year", "fraction", "ratio")
            and q.dim[:4] != "rank"
            and q.kind == whole.kind == "exact"
            and 0 < whole.low < q.low
            and (
                _of_which(text, q.end, whole.start)
                or _part_of_whom(text, q.end, whole)
                or (
                    q.dim[:6] == "count:"
                    and " " not in whole.text  # "four were closed", not "40 more homes were let"
                    and _ELIDED_SUBJECT.match(text, whole.end) is not None
                )
            )
        ):
            # "600 patients, of whom 200 received a placebo": the part (here ``whole``, the figure
            # after) comes after its whole (``q``); "Forty-three businesses ...; four were closed":
            # written where the part is, the whole's words far from it.
            near = _of_which(text, q.end, whole.start) or _part_of_whom(text, q.end, whole)
            span = (q.start, whole.end) if near else (whole.start, whole.end)
            out.append(_share_of(text, whole, q, span, max(whole.tolerance, 0.5)))
        elif (
            q.dim[:6] == "count:"
            and q.kind == "exact"
            and whole.dim == "fraction"
            and whole.kind == "exact"
            and 0 < whole.low == whole.high < 1
            and _THEN_SHARE.fullmatch(text, q.end, whole.start) is not None
            and _OF_THEM.match(text, whole.end) is not None
        ):
            # "320 new homes, 40% of them affordable": the count of the part (here ``whole`` is the
            # share after the whole ``q``), derived.
            out.append(_part_count(text, whole, q, (q.start, whole.end)))
        elif q.dim[:6] == "count:" and _OF_THE_BEFORE.search(text, max(0, q.start - 24), q.start) is not None:
            # "Of the 1,200 homes surveyed (in 2023), 300 had damp": the whole opens the clause, the
            # part follows it.
            later = next((f for f in found[i + 1 :] if f.dim != "year"), None)
            if (
                later is not None
                and later.dim in (q.dim, "number")
                and q.kind == later.kind == "exact"
                and 0 < later.low < q.low
                and _THEN_PART.fullmatch(text, q.end, later.start) is not None
            ):
                out.append(_share_of(text, later, q, (q.start, later.end), max(later.tolerance, 0.5)))
        if (
            counted
            and q.dim == "number"
            and q.kind == "exact"
            and 0 < q.low < whole.low
            and _OF_WHOLE.fullmatch(text, q.end, whole.start) is not None
        ):
            out.append(_share_of(text, q, whole, (q.start, whole.end), 0.5))
            if whole.dim[:6] == "count:":
                out[at] = q._replace(dim=whole.dim, context=q.context | whole.context)  # "34 of the 60 seats"
    return out


_SHARE_LINK: Final = re.compile(
    r"(?:\s+(?:[^\W\d_][\w'\u2019-]*|\d{4})){0,8}?\s*,\s*(?:or\s+)?"
    r"|\s+(?:were|was|is|are|or|made\s+up|makes?\s+up|accounted\s+for|accounts?\s+for|represented"
    r"|represents?|amounted\s+to|amounts?\s+to|equal(?:led|s)?\s+to)\s+",
    re.IGNORECASE,
)
"""Between a part and its share of a whole: ``£2.4 million on road repairs in 2023, | a third of its
transport budget``, ``£30 million | were | 60% of``, ``40 nurses | make up | a quarter of``."""
_OF_A_WHOLE: Final = re.compile(
    r"\s+of\s+(?:the|its|their|his|her|our|this|that|[^\W\d_][\w'\u2019-]*(?:'s|\u2019s))\s+"
    r"(?P<whole>(?:[^\W\d_][\w'\u2019-]*\s+){0,3}?[^\W\d_][\w-]*)(?=\s*(?:[.,;:)]|$|\s(?:in|for|and|but|while)\s))",
    re.IGNORECASE,
)
"""What a share is of, named: ``of its transport budget``, ``of the hospital's staff``."""


def _wholes_of_parts(text: str, found: list[Quantity]) -> list[Quantity]:
    """``found`` and, after each amount that the sentence gives as a share of a named whole (``£2.4
    million on road repairs, a third of its transport budget``; ``40 nurses make up a quarter of the
    hospital's staff``), the whole it makes (£7.2 million; 160 staff), derived: a claim of it is
    computed from the source's figures."""
    out = list(found)
    for i, q in enumerate(found):
        if q.dim in _NOT_SUMMED or q.dim == "number" or q.dim[:4] == "rank" or q.vague or q.low <= 0:
            continue
        share = next((f for f in found[i + 1 :] if f.dim != "year"), None)
        if share is None or share.dim != "fraction" or share.vague or not 0 < share.low == share.high < 1:
            continue
        of = _OF_A_WHOLE.match(text, share.end)
        if of is None or _SHARE_LINK.fullmatch(text, q.end, share.start) is None:
            continue
        value = q.low / share.low
        named = terms(of.group("whole"))
        # A count of the whole counts what the part does and what the whole is: "40 nurses ... a
        # quarter of the hospital's staff" (staff), "12,000 books ... a fifth of its collection" (books).
        dim = (
            f"count:{q.dim.split()[-1].removeprefix('count:')} {named[-1]}"
            if q.dim[:6] == "count:" and named
            else q.dim
        )
        tolerance = q.tolerance / share.low + value * share.tolerance / share.low
        out.append(
            tuple.__new__(
                Quantity,
                (value, value, dim, q.kind, tolerance, q.start, of.end(), text[q.start : of.end()],
                 share.context | frozenset(named), "derived", q.year, False),
            )
        )  # fmt: skip
    return out


_AMOUNTS: Final = frozenset(("mass", "volume", "length", "area", "energy", "power"))
"""Dimensions of an amount a share may be a part of (``28% of the 41,000 tonnes``), as a count's is."""


def _part_count(text: str, share: Quantity, whole: Quantity, span: tuple[int, int]) -> Quantity:
    """The count of the part a ``share`` is of a counted ``whole``, written at ``span``, derived."""
    part = share.low * whole.low
    start, end = span
    return whole._replace(
        low=part,
        high=part,
        tolerance=max(whole.tolerance, share.tolerance * whole.low),
        start=start,
        end=end,
        text=text[start:end],
        context=_of_whole(share, whole),
        role="derived",
    )


def _part_of_whom(text: str, end: int, part: Quantity) -> bool:
    """Is ``part`` the figure of ``..., 30 of whom`` right after a whole ending at ``end``?"""
    m = _OF_WHOM_AFTER.match(text, end)
    return m is not None and m.start("part") == part.start and m.end("part") == part.end


def _share_of(
    text: str, part: Quantity, whole: Quantity, span: tuple[int, int], tolerance: float
) -> Quantity:
    """The share ``part`` is of ``whole``, written at ``span`` (``3 of the line's 14 stations``,
    ``600 patients, of whom 200``), ``tolerance`` being the part's."""
    share = part.low / whole.low
    start, end = span
    return part._replace(
        low=share,
        high=share,
        dim="fraction",
        tolerance=tolerance / whole.low,
        start=start,
        end=end,
        text=text[start:end],
        context=_of_whole(part, whole),
    )


def _counted_share(q: Quantity, r: Quantity) -> bool:
    """Is ``q`` a share the claim writes as one (``roughly 22 per cent``, ``a quarter``) that the
    sentence gives only as a part of a whole (``31 of 140 call-handler posts``, ``15 turbines; three
    were dropped``)? It follows from the two counts; the sentence does not state it."""
    return (
        q.dim == r.dim == "fraction"
        and not (q.vague or r.vague)
        and _WRITES_SHARE.search(q.text) is not None
        and _WRITES_SHARE.search(r.text) is None
    )


_WRITES_SHARE: Final = re.compile(
    r"%|/|\bper\s?cent|\b(?:hal(?:f|ves)|thirds?|quarters?|fifths?|tenths?)\b"
    r"|\b(?:in|out\s+of)\s+(?:\d|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand)",
    re.IGNORECASE,
)
"""A share written as one: a percentage, parts (``a third``), ``3/4``, ``seven in ten``."""


def _of_whole(part: Quantity, whole: Quantity) -> frozenset[str]:
    """The words of a part of a whole: its own, the whole's, and what the whole counts."""
    counted = frozenset(whole.dim[6:].split()) if whole.dim.startswith("count:") else _NONE
    return part.context | whole.context | counted


_PERIOD: Final = re.compile(
    r"\b(?:Q(?P<q>[1-4])|FY(?P<fy>\d{4}|\d{2})"
    rf"|(?i:(?P<ord>{'|'.join(YEAR_PARTS)})[\s-]+(?P<unit>quarter|half)))\b(?!-)"
)
"""A part of a year: ``Q3``, ``the third quarter``, ``second-quarter``, ``the first half``; and a fiscal
year, ``FY2023``, ``FY24``."""
_QUARTER_NAME: Final = re.compile(r"Q[1-4]")


def _period(m: re.Match[str]) -> Quantity | None:
    """A quarter (``quarter``, 1-4), a half (``half``, 1-2) or a fiscal year (``year``), exact."""
    if m.group("q"):
        n, dim = float(m.group("q")), "quarter"
    elif m.group("fy"):
        digits = m.group("fy")
        n, dim = float(digits if len(digits) == 4 else f"20{digits}"), "year"
    else:
        # The pattern folds case the Unicode way (a long s matches an s): a word not in the table is not read.
        place = YEAR_PARTS.get(m.group("ord").lower())
        unit = m.group("unit").lower()
        if place is None or unit not in ("quarter", "half") or (unit == "half" and place > 2):
            return None
        n, dim = float(place), unit
    return Quantity(n, n, dim, "exact", 0.5, m.start(), m.end(), m.group())


def clear_memo() -> None:
    """Forget the pieces of text read so far (see :func:`checks.grounding.lexicon.clear_memos`)."""
    _WORDY_PIECES.clear()


def _wordy(text: str) -> bool:
    """Might a word of ``text`` be a spelled number or a multiplier? (memoised per piece)"""
    pieces = text.split()
    got = list(map(_WORDY_PIECES.get, pieces))
    if True in got:
        return True
    if None not in got:
        return False
    if len(_WORDY_PIECES) >= _MEMO_LIMIT:
        _WORDY_PIECES.clear()
    found = False
    for piece, known in zip(pieces, got, strict=True):
        if known is None:
            hit = _WORDY.search(piece) is not None
            if len(piece) <= 64:
                _WORDY_PIECES[piece] = hit
            found = found or hit
    return found


def consistent(claim: Quantity, source: Quantity) -> bool | None:
    """Can both figures be true? None when they measure different things."""
    if not _comparable(claim, source):
        return None
    if claim.dim != source.dim and claim.dim[:4] == "rank" and _top_ranks(claim, source):
        return claim.low == source.low and claim.kind == source.kind  # one rank in other words
    if claim.dim != source.dim and claim.dim[:4] == "rank":  # opposite ranks (_same_dim)
        # The largest is not also the smallest; the second largest may be the second smallest of three.
        return False if claim.low == source.low == 1 else None
    t = _approx_tolerance(claim, source)
    multiplied = _multiplied(claim, source) if "ratio" in (claim.dim, source.dim) else None
    if multiplied is not None:
        # "tripled" and "rose 200%", "halved" and "fell 50%": a ratio is a change of ratio - 1.
        ratio, change = multiplied
        signed = ratio.low - 1.0
        way = 1 if "increas" in change.context else -1 if "decreas" in change.context else 0
        if way and signed and (signed > 0) != (way > 0):
            return False
        low, high = ratio.interval(t)  # "nearly doubled": up to 2; "more than tripled": over 3
        sizes = (low - 1.0, high - 1.0) if signed >= 0 else (1.0 - high, 1.0 - low)
        return _overlap(change.interval(t), sizes)
    if claim.dim == source.dim and claim.kind != source.kind and "range" in (claim.kind, source.kind):
        bound = _bound_in_range(claim, source)
        if bound is not None:
            return bound
    if claim.dim == source.dim and claim.kind == source.kind == "exact":
        return _rounded_alike(claim, source)
    if claim.dim == source.dim and {claim.kind, source.kind} == _OPPOSITE_KINDS:
        return _apart(claim, source)
    pairs = [(claim.interval(t), source.interval(t))]
    if claim.dim != source.dim and "fraction" in (claim.dim, source.dim):
        # A bare number against a percentage: 0.4 or 40 both read as 40%.
        bare = source if claim.dim == "fraction" else claim
        lo, hi = bare.interval(t)
        other = claim.interval(t) if bare is source else source.interval(t)
        pairs = [(other, (lo, hi)), (other, (lo / 100, hi / 100))]
        scale = _OUT_OF.search((claim if bare is source else source).text)
        if scale is not None and float(scale.group(1)) > 0:
            # "a score of 9.8" against "rated 9.8 out of 10": the share's numerator
            size = float(scale.group(1))
            pairs.append((other, (lo / size, hi / size)))
    elif claim.dim == "data":
        lo, hi = source.interval(t)
        pairs += [(claim.interval(t), (lo * 1.024**k, hi * 1.024**k)) for k in (-4, -3, -2, -1, 1, 2, 3, 4)]
    return any(_overlap(a, b) for a, b in pairs)


def _scored(a: Quantity, b: Quantity) -> bool:
    """Is one a score out of a whole (``rated 9.8 out of 10``) and the other a bare number (``a score
    of 7.5``)? Then the two give one thing."""
    share, bare = (a, b) if a.dim == "fraction" else (b, a)
    return share.dim == "fraction" and bare.dim == "number" and _OUT_OF.search(share.text) is not None


_OUT_OF: Final = re.compile(r"\bout\s+of\s+(\d{1,6}(?:\.\d+)?)\b")
"""The whole of a share written ``9.8 out of 10``."""


def _rounded_alike(a: Quantity, b: Quantity) -> bool:
    """Can two exact figures be one value written to two precisions? The more precise one must lie
    within what the rounder one rounds (``1,213`` within ``1,200``'s 1,150-1,250); its own rounding
    does not widen that (``4,650`` is not ``4,600``, though 4,645-4,655 touches 4,550-4,650). A
    number in words is rounded as one in digits is (``two hours`` is not ``an hour and a half``,
    nor ``90 minutes``); a share in words (``a third``) is a round figure whose span
    (:data:`SHARE_TOLERANCE`) the other's rounding widens (``30%`` is a third)."""
    if a.dim == "fraction" and (_DIGIT.search(a.text) is None or _DIGIT.search(b.text) is None):
        return _overlap(a.interval(), b.interval())
    t = max(a.tolerance, b.tolerance)
    # Strictly within, the ends compared in whole units of the tolerance: 0.03 - 0.005 is
    # 0.024999999999999998 in floating point, and "3%" is no rounding of "2.5%".
    lo, hi = a.low - t, a.high + t
    return _below(lo, b.high) and _below(b.low, hi)


def _below(x: float, y: float) -> bool:
    """``x < y``, not where the two differ only by floating-point error."""
    return x < y and not math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)


_ENDS: Final = re.compile(r"\d\s*(?:[-\u2013\u2014]|to|and)\s*\D?\d")
"""A range written with both its ends (``2019 and 2021``, ``10-15 ms``), not ``the 1750s`` or
``around 1750``."""


def _same_bound(a: Quantity, b: Quantity) -> bool:
    """Do two bounds of one kind (``up to five days`` and ``up to three days``; ``more than 50`` and
    ``more than 250``) set one limit? Each says where the limit is: they agree within a bound's
    rounding (``more than 1,000`` and ``more than 1,050``: :data:`BOUND_ROUNDING`), not further."""
    a_end, b_end = (a.low, b.low) if a.kind == "lower" else (a.high, b.high)
    return abs(a_end - b_end) <= max(a.tolerance, b.tolerance, BOUND_ROUNDING * max(abs(a_end), abs(b_end)))


def _within_vague(claim: Quantity, source: Quantity) -> bool | None:
    """A bound in words that sets no limit near its end (``most``, ``a majority``, ``a minority``:
    :attr:`Quantity.vague`) against one of the same kind that does (``over seven in ten``): true when
    the source's is the figure and lies beyond the claim's word (``over 70%`` is most), None when the
    claim's figure lies beyond the source's word (``over seven in ten`` against ``a majority``: the
    source does not say it, nor the other way), false when the figure falls short of the word (``more
    than 30%`` is not most)."""
    specific, vague = (source, claim) if claim.vague else (claim, source)
    beyond = specific.low >= vague.low if specific.kind == "lower" else specific.high <= vague.high
    if not beyond:
        return False
    return True if claim.vague else None


BOUND_ROUNDING: Final = 0.1
"""How far apart two bounds of one kind may be and still set one limit, as a share of the larger."""


def _nested(a: Quantity, b: Quantity) -> bool:
    """Can two ranges both be said of one thing: one within the other (``2021-2023`` and ``between
    2021 and 2023``; ``in 2022 and 2023`` of ``from 2021 to 2023``)? Two that only overlap (``between
    2019 and 2021`` against ``between 2021 and 2023``) give it different ends."""
    t = max(a.tolerance, b.tolerance)
    return (a.low >= b.low - t and a.high <= b.high + t) or (b.low >= a.low - t and b.high <= a.high + t)


def _bound_in_range(a: Quantity, b: Quantity) -> bool | None:
    """Can a bound and a range of one dimension both be true (``adults over 65`` against ``aged 40
    to 65``: no, they share only the end that ``over`` leaves out)? None unless one is a bound
    (``over``, ``under``) and the other a range."""
    bound, span = (b, a) if a.kind == "range" else (a, b)
    if span.kind != "range" or bound.kind not in ("lower", "upper"):
        return None
    if _INCLUSIVE.search(bound.text) is not None:  # "up to 40%" holds 40%
        return span.high >= bound.low if bound.kind == "lower" else span.low <= bound.high
    return span.high > bound.low if bound.kind == "lower" else span.low < bound.high


_OPPOSITE_KINDS: Final = frozenset(("lower", "upper"))


def _apart(a: Quantity, b: Quantity) -> bool:
    """Can a lower and an upper bound both be true, and say more than their common end: the lower
    clearly below the upper (``at least 30`` and ``at most 40``)? ``at most 40 jobs`` against ``at
    least 40 jobs``, ``under 65`` against ``over 65``: no, each says the other way."""
    lower, upper = (a, b) if a.kind == "lower" else (b, a)
    return lower.low + max(lower.tolerance, upper.tolerance) < upper.high


_INCLUSIVE: Final = re.compile(
    r"^(?:up\s+to|at\s+(?:most|least)|no[t]?\s+(?:more|fewer|less)\s+than|a\s+(?:minimum|maximum)\s+of|[≤≥]|<=|>=)"
    r"|(?:or\s+(?:more|less|fewer|above|below|over|under)|\+)$",
    re.IGNORECASE,
)
"""A bound that holds its own end (``up to 40%``, ``at least 12``, ``65 or over``); ``over``, ``under``,
``more than`` do not."""


_NO_DIMS: Final[frozenset[str]] = frozenset()
_DIRECTIONS: Final = frozenset(("increas", "decreas"))
"""The terms of a change's direction in a figure's context (``rose 3%``)."""
_TARGET_WORDS: Final = (
    r"(?:targets?|goals?|aims?|budgets?|forecasts?|projections?|pledges?|ambitions?|standards?)"
)
_TARGETS: Final = re.compile(rf"\b{_TARGET_WORDS}\b", re.IGNORECASE)
_TARGET_BEFORE: Final = re.compile(
    rf"\b{_TARGET_WORDS}\s+(?:of|was|is|that|had\s+been|has\s+been)\s+(?:(?:about|around|some|nearly|almost|over|under)\s+)?$",
    re.IGNORECASE,
)
"""The words before a figure that make it a target or a budget (``short of its target of 100,000``,
``against a budget of £4 million``, ``against a national standard that no more than 1%``)."""


_TARGET_AFTER: Final = re.compile(rf"\s+(?:[^\W\d_]+\s+)?{_TARGET_WORDS}\b", re.IGNORECASE)
_THAN_BEFORE: Final = re.compile(r"\bthan\s+(?:[\w'\u2019]+\s+){0,3}$", re.IGNORECASE)


_TURNOUT_BEFORE: Final = re.compile(
    r"\bturnout\b(?:\s+(?:in|at|for|of)\s+[^,;:.%\d]{1,40}?)?\s+(?:of|was|is|stood\s+at|at|reached|hit)\s+"
    r"(?:(?:about|around|nearly|almost|just|only|over|under)\s+)?$",
    re.IGNORECASE,
)
_TURNOUT_AFTER: Final = re.compile(r"\s+turnout\b", re.IGNORECASE)
_OF_THOSE_VOTING: Final = re.compile(
    r"\s+of\s+(?:the\s+)?(?:votes?\b|(?:those|residents|people|members|voters|tenants|households)\s+"
    r"(?:who\s+)?vot(?:ed|ing)\b)",
    re.IGNORECASE,
)


def _voting_share(text: str, q: Quantity) -> int:
    """1 when share ``q`` is a turnout (``a turnout of 64%``, ``Turnout in the March ballot was 71%``,
    ``a 64% turnout``), -1 when a share of those who voted (``71% of residents who voted``, ``64% of
    those voting``, ``40% of the vote``), else 0."""
    if q.dim != "fraction":
        return 0
    if _TURNOUT_BEFORE.search(text, max(0, q.start - 80), q.start) or _TURNOUT_AFTER.match(text, q.end):
        return 1
    return -1 if _OF_THOSE_VOTING.match(text, q.end) is not None else 0


_TRIP_AFTER: Final = re.compile(
    r"(?:\s+(?:[^\W\d_]+\s+){0,2}?)?(?:(?P<one>each\s+way|one\s+way|in\s+each\s+direction)"
    r"|(?:round|return)\s+(?:trip|journey)|there\s+and\s+back)\b",
    re.IGNORECASE,
)


def _may_trip(text: str) -> bool:
    """Might ``text`` say a way or a round trip (:data:`_TRIP_AFTER`)? (Substring tests at C speed.)"""
    return " way" in text or "direction" in text or " trip" in text or "journey" in text or " back" in text


def _how_often(text: str, q: Quantity) -> int:
    """1 when time ``q`` says how often (``every eight minutes``), -1 when another time, 0 for no
    time."""
    if q.dim != "time":
        return 0
    return 1 if _EVERY_BEFORE.search(text, max(0, q.start - 8), q.start) is not None else -1


_EVERY_BEFORE: Final = re.compile(r"\bevery\s+$", re.IGNORECASE)


def _trip_way(text: str, q: Quantity) -> int:
    """1 when length or time ``q`` is of one way (``a 14-mile journey each way``, ``40 minutes in each
    direction``), -1 when of a round trip (``a 14-mile round trip``, ``a 28-mile return journey``),
    else 0."""
    if q.dim not in ("length", "time"):
        return 0
    m = _TRIP_AFTER.match(text, q.end)
    if m is None:
        return 0
    return 1 if m["one"] else -1


_OF_A_NAMED_WHOLE: Final = re.compile(
    r"\bof\s+(?:(?:the|its|their|his|her|our)\s+)?(?:[^\W\d_]+['\u2019]s\s+)?[\d,.]+\s+(?P<what>[^\W\d_][\w\s'\u2019-]*)$"
)


def _wholes_named_apart(q: Quantity, r: Quantity) -> bool:
    """Are two shares of a part in its whole (``14 of the 20 medicine records``, ``14 of the 32 care
    plans``) shares of wholes whose words have none in common: of two things?"""
    if " of " not in q.text or " of " not in r.text:
        return False
    mine, theirs = _OF_A_NAMED_WHOLE.search(q.text), _OF_A_NAMED_WHOLE.search(r.text)
    return (
        mine is not None
        and theirs is not None
        and frozenset(terms(mine["what"])).isdisjoint(terms(theirs["what"]))
    )


def _target_after_than(text: str, q: Quantity) -> bool:
    """Is ``q`` a target a comparison is made against (``longer than the force's 15-minute rural
    target``)?"""
    return (
        _TARGET_AFTER.match(text, q.end) is not None
        and _THAN_BEFORE.search(text, max(0, q.start - 40), q.start) is not None
    )


def _may_aim(text: str) -> bool:
    """Might ``text`` name a target (:data:`_TARGETS`)? (Substring tests at C speed: every sentence a
    claim's figures are compared with.)"""
    return (
        "arget" in text
        or "goal" in text
        or "aim" in text
        or "udget" in text
        or "orecast" in text
        or "rojection" in text
        or "ledge" in text
        or "mbition" in text
        or "Goal" in text
        or "Aim" in text
        or "tandard" in text
    )


_NO_IDS: Final[frozenset[int]] = frozenset()

_TARGET_TERMS: Final = frozenset(terms("target goal aim budget forecast projection pledge ambition standard"))
"""Their terms: a claim that holds one speaks of a target itself."""


_WHOLE_AFTER: Final = re.compile(r"\s+of\s+((?:[\w'\u2019-]+\s+){0,3}[\w'\u2019-]+)")
_STANDS_FOR: Final = re.compile(r"(?:them|it|those|these|which|whom|us|you)\b", re.IGNORECASE)
_WHOLE_ENDS: Final = re.compile(
    r"\s(?:is|are|was|were|has|have|had|will|would|can|could|did|do|does|who|which|that)\b", re.IGNORECASE
)


def _whole(text: str, q: Quantity) -> frozenset[str] | None:
    """The terms of what share ``q`` is a share of, when the text says (``Most of Fenwold's on-call
    firefighters are``: Fenwold's on-call firefighters; ``Two of the 11 blocks``: blocks), else None."""
    if " of " in q.text:
        return frozenset(terms(q.text.rsplit(" of ", 1)[1])) or None
    m = _WHOLE_AFTER.match(text, q.end)
    if m is None:
        return None
    words = m.group(1)
    if _STANDS_FOR.match(words) is not None:
        return None  # "300,000 of them": of what the sentence named before
    end = _WHOLE_ENDS.search(words)
    return frozenset(terms(words[: end.start()] if end is not None else words)) or None


def _other_wholes(q: Quantity, r: Quantity, claim_text: str, text: str) -> bool:
    """Are a vague share of a claim (``most``) and a share of the sentence of two wholes, both named
    and with no word in common (``Most of Fenwold's on-call firefighters`` against ``34% of the
    time``; ``Most of the toilets earmarked`` against ``Two of the 11 blocks``)? Then neither is the
    other's counterpart."""
    mine = _whole(claim_text, q)
    if mine is None:
        return False
    theirs = _whole(text, r)
    return theirs is not None and mine.isdisjoint(theirs)


_PER_THING: Final = re.compile(
    r"\s+(?:per|a|an|each|for\s+(?:one|each|every|a|an))\s+([a-z]+)", re.IGNORECASE
)
_FOR_SOME: Final = re.compile(
    r"\s+for\s+(?:up\s+to\s+)?(\d+|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+([a-z]+)",
    re.IGNORECASE,
)


def _for_other_counts(q: Quantity, r: Quantity, claim_text: str, text: str) -> bool:
    """Is a price of the claim's for one thing (``£32 per item``) the sentence's for several of them
    (``£32 for up to three items``)? The same sum, another price."""
    one = _PER_THING.match(claim_text, q.end)
    if one is None:
        return False
    some = _FOR_SOME.match(text, r.end)
    if some is None:
        return False
    count = some.group(1).lower()
    return count not in ("1", "one") and stem(one.group(1).lower()) == stem(some.group(2).lower())


def _first_value_before(claim_text: str, q: Quantity) -> bool:
    """Does a word for the first value (``original``, ``initial``) stand before figure ``q`` in the
    claim (``its original budget was £410 million``; not ``50 hours a week of original programming``)?"""
    return not _FIRST_VALUE.isdisjoint(terms(claim_text[max(0, q.start - _HEAD) : q.start]))


def _names_tell_whose(
    text: str, names: frozenset[str], source: Sequence[Quantity]
) -> tuple[bool, frozenset[str]]:
    """Do the names in the windows of a sentence's figures tell whose each is: one holds a name the
    claim's figures are not of (``Corran's revenue rose 12%, while Harwick's fell 3%``), or two hold
    different names (``Some 62% of Holme Valley's pupils ..., compared with 71% at Brightwater's
    primaries``)? Else a figure whose window holds the claim's subject is no more its own than one
    whose window does not (``The council spends £510,000 a year ..., and officers estimate the
    closures will save £284,000 a year``: the £284,000 is the claim's, though only the first window
    holds the council). With the sentence's names that are not the claim's."""
    found = sentence_names(text)
    first = text.split(None, 1)[0] if text.strip() else ""
    if first.endswith(("'s", "\u2019s")):
        lead = lead_term(text)
        if lead:
            found = found | {lead}  # "Corran's revenue": a name, though the sentence opens with it
    strangers = found - names
    held = {r.context & names for r in source}
    held.discard(_NONE)
    return len(held) > 1 or any(not strangers.isdisjoint(r.context) for r in source), strangers


def compare(
    claim: Sequence[Quantity],
    source: Sequence[Quantity],
    terms: frozenset[str] | None = None,
    names: frozenset[str] = frozenset(),
    text: str = "",
    *,
    claim_text: str = "",
    claim_identifiers: Sequence[Identifier] | None = None,
) -> Relation:
    """Pair each claim figure with its counterpart in the source sentence, then judge the pair.

    Counterparts are the source figures it can be compared with, those of its
    own dimension first; among them, the ones naming the statistic it names
    (``p50``, ``median``; one naming another statistic comes last), then the
    ones sharing most context terms with it, then the ones playing the same
    part in a change (``from``/``to``), then the ones whose context holds
    fewest terms the claim (``terms``) never uses; before the shared context terms, the ones whose
    context holds the names the claim's figures are of (``names``: whose rank, whose revenue). A
    consistent counterpart is
    a match; figures are matched first, and a source figure that matched one
    claim figure is nobody else's counterpart.
    A claim figure left with inconsistent counterparts conflicts with the best
    of them when the two share a context term (years: two terms) or one has no
    context; otherwise it is about something else and counts as missing
    (revenue against net loss in one sentence). ``text``: the source sentence, whose words may
    make a claim figure the sum or difference of two of its figures (:func:`_sums`). Two years
    sharing one word conflict when it is the word right before each (``claim_text``, the claim's
    sentence: ``reopened in 2021`` against ``since reopening in 2019``, one event's two years).
    ``claim_identifiers``: the claim's identifiers when already read (else read from ``claim_text``).
    """
    if not claim or not source:
        return Relation(missing=tuple(claim))
    claim_terms = terms if terms is not None else frozenset().union(*(q.context for q in claim))
    foreign = [len(r.context - claim_terms) for r in source]
    wants = [_statistics(q.context) for q in claim]
    stats = [_statistics(r.context) for r in source] if any(wants) else [_NONE] * len(source)
    spans = [r.interval() for r in source]
    # Whose ranks: when a rank of the source holds a name of the claim, a rank that holds none is
    # another subject's ("Hollins is the largest and Petworth the smallest": not Petworth's largest).
    theirs = (
        bool(names)
        and any(q.dim[:4] == "rank" for q in claim)
        and any(r.dim[:4] == "rank" and not names.isdisjoint(r.context) for r in source)
    )
    abouts = [_about(r) for r in source] if any(q.dim[:6] == "count:" for q in claim) else []
    # Whose figure, by the names in its window: only where they tell (_names_tell_whose).
    whose, strangers = _names_tell_whose(text, names, source) if names and text else (bool(names), _NONE)
    # A figure the sentence gives for another model of a thing the claim names ("31 hours ..., against
    # 26 hours for the Pixo 8" when the claim is of the Pixo 9): that model's, whatever names it holds.
    another = (
        _of_another_model(claim_text, text, source, claim_identifiers)
        if names and text and claim_text
        else None
    )
    # A percentage of a price or a change ("a 25% discount") is no share of a group ("40% of tenants").
    rated = (
        [r.dim == "fraction" and _RATE_AFTER.match(text, r.end) is not None for r in source]
        if text and " of " in claim_text and any(_of_a_group(q, claim_text) for q in claim)
        else []
    )
    # Figures of a target or budget (what was aimed at, not what came about), when the claim names none:
    # "connected 100,000 homes" is not "84,000 homes, short of its target of 100,000".
    aimed = (
        [_TARGET_BEFORE.search(text, max(0, r.start - 24), r.start) is not None for r in source]
        if text
        and _TARGET_TERMS.isdisjoint(claim_terms)
        and _may_aim(text)
        and _TARGETS.search(text) is not None
        else []
    )
    # Figures of two opposite kinds, each read as 1, -1 or 0 (neither) in the claim and the sentence:
    # one of either kind is no counterpart of one of the other.
    kinds: list[tuple[list[int], list[int]]] = []
    if claim_text and text:
        if "urnout" in claim_text and "urnout" in text:
            # a turnout ("Turnout in the March ballot was 71%", "on a turnout of 64%") and a share of
            # those who voted ("71% of residents who voted"), where both texts name a turnout
            kinds.append(
                ([_voting_share(claim_text, q) for q in claim], [_voting_share(text, r) for r in source])
            )
        if "every " in text and any(q.dim == "time" for q in claim):
            # how often ("Trams would run every eight minutes") and how long ("the journey ... taking
            # 24 minutes, compared with 41 minutes on the bus")
            kinds.append(([_how_often(claim_text, q) for q in claim], [_how_often(text, r) for r in source]))
        if _may_trip(claim_text) and _may_trip(text):
            # a length or time of one way ("a 14-mile journey each way") and of a round trip ("a
            # 14-mile round trip")
            kinds.append(([_trip_way(claim_text, q) for q in claim], [_trip_way(text, r) for r in source]))
    # A claim's target a difference is measured against ("four minutes longer than the force's
    # 15-minute rural target"), where the sentence names no target: not what came about (its 19 minutes).
    against_target = (
        [_target_after_than(claim_text, q) for q in claim]
        if claim_text
        and " than " in claim_text
        and not _TARGET_TERMS.isdisjoint(claim_terms)
        and not (text and _may_aim(text) and _TARGETS.search(text) is not None)
        else []
    )
    # What the source's counts of by how much count (a claim's count of by how much pairs with one of
    # those when there is one: "three fewer seats than" against "34 seats, three fewer than").
    by_dims = (
        {r.dim for r in source if r.role == "by" and r.dim[:6] == "count:"}
        if any(q.role == "by" for q in claim)
        else _NO_DIMS
    )
    set_against = (
        [_AGAINST_BEFORE.search(text, max(0, r.start - 24), r.start) is not None for r in source]
        if text and ("against" in text or "compared" in text or "versus" in text)
        else []
    )
    mine_against = bool(set_against) and (
        "against" in claim_text or "compared" in claim_text or "versus" in claim_text
    )
    # The value a change led to, written before the value it started from ("5.4 million visits in
    # 2023, up from 4.6 million"): for a claim's change amount, as much a "to" as one after "to" is.
    led_to = (
        {
            id(a)
            for a, b in pairwise([r for r in source if r.dim != "year" and r.role != "by"])
            if (b.role == "from" or _before_than(b)) and not a.role and _same_dim(a, b)
        }
        if any(q.role == "by" for q in claim) and any(r.role in ("from", "derived") for r in source)
        else set()
    )
    roles = {q.role for q in claim}
    started = "from" in roles
    any_ends = (
        started
        and "to" in roles
        and any(r.role == "from" for r in source)
        and any(r.role == "to" for r in source)
    )
    # (Values, not amounts of change: "rose 5% in 2022, fell 3% in 2023" gives no change from 5% to 3%.)
    values = [r for r in source if r.role != "by"] if "by" in roles else []
    pools: list[list[tuple[tuple[int, ...], int, Quantity, bool]]] = []
    spares: list[list[tuple[tuple[int, ...], int, Quantity, bool]]] = []
    for n, (q, wanted) in enumerate(zip(claim, wants, strict=True)):
        same: list[tuple[tuple[int, ...], int, Quantity, bool]] = []
        others: list[tuple[tuple[int, ...], int, Quantity, bool]] = []
        low, high = q.interval()
        ranked = theirs and q.dim[:4] == "rank"
        amount = q.role == "by"
        # The two values of a change the sentence gives by years ("310 births in 2021, compared with
        # 420 in 2016") are no counterparts of a change amount ("fell by 110"): see _changes().
        ends = {id(r) for r in _change_in(q, values) or ()} if amount else _NO_IDS
        # (a change over time, which the sentence gives from one value to another; not a difference
        # between two things, "25 fewer litres ... than unmetered homes")
        over_time = len(ends) == 2 and " than " not in claim_text and any(f.role == "from" for f in values)
        periodic = not PERIOD_MARKS.isdisjoint(q.context)
        # A count's counterpart shares most of what both are about, what they count included.
        counted = q.dim[:6] == "count:"
        about = _about(q) if counted else q.context
        # (the word before the figure: "its original budget was £410 million"; not "at least 50 hours a
        # week of original programming")
        earlier = not q.context.isdisjoint(_FIRST_VALUE) and (
            not claim_text or _first_value_before(claim_text, q)
        )
        changed_share = amount and q.dim == "fraction" and not _DIRECTIONS.isdisjoint(q.context)
        vague_share = q.vague and q.dim == "fraction" and bool(text) and bool(claim_text)
        for i, r in enumerate(source):
            if ranked and r.dim[:4] == "rank" and names.isdisjoint(r.context):
                continue
            if r.role == "derived" and r.dim[:5] == "rank:" and names.isdisjoint(r.context):
                continue  # the first place of a name the sentence excepts: that name's only
            if r.role == "by" and not q.role and q.dim[:6] == "count:" and _DIRECTIONS.isdisjoint(q.context):
                continue  # "had 1,980 officers" is no count that "lost 210 officers" changed by
            if amount and (r.role in ("from", "to") or id(r) in led_to or id(r) in ends or _before_than(r)):
                continue  # "fell by 15 minutes" against "from 40 to 25 minutes": see _changes()
            if over_time and not r.role and r.dim == q.dim:
                # "sales grew by £1.4m" against "£31.6m, up from £30.2m, but ... a profit of £0.9m": the
                # change the sentence gives is the amount's counterpart, not another value of its kind
                continue
            if (aimed and aimed[i]) or (against_target and against_target[n]):
                continue
            if rated and rated[i] and _of_a_group(q, claim_text):
                continue  # "40% of tenants" against "a 25% discount": no share of the tenants
            if kinds and any(mine[n] * theirs[i] < 0 for mine, theirs in kinds):
                continue  # "Turnout was 71%" against "71% of residents who voted": another kind
            if q.dim == r.dim == "fraction" and _wholes_named_apart(q, r):
                continue  # "14 of the 20 medicine records" against "14 of the 32 care plans"
            if vague_share and r.dim == "fraction" and _other_wholes(q, r, claim_text, text):
                continue  # "Most of Fenwold's firefighters are over 40" against "34% of the time"
            if changed_share and r.dim == "fraction" and (" of " in r.text or r.role == "derived"):
                # "rose 3%" against "1,420 homes, of which 310": a part of a whole, not a change; nor
                # is a tally's share ("an increase of almost 39%" against "voted 9 to 4")
                continue
            if changed_share and ends and r.dim == "fraction" and not r.role and id(r) not in ends:
                # "grew by roughly a third" against "rose from 2,150 to 2,870 ..., and they now account for
                # more than half": the change the two values compute, not a share the sentence gives
                continue
            if amount and r.role != "by" and by_dims and q.dim in by_dims:
                continue  # "three fewer seats than" against "34 seats, three fewer than": the three
            if r.dim == q.dim and q.dim != "data":  # consistent(), its common case inline
                if q.kind == r.kind == "approx":
                    t = _approx_tolerance(q, r)
                    ok: bool | None = _overlap(q.interval(t), r.interval(t))
                elif q.kind == r.kind == "exact":
                    ok = _rounded_alike(q, r)
                elif q.kind == r.kind == "range" and _ENDS.search(q.text) and _ENDS.search(r.text):
                    ok = _nested(q, r)  # "between 2019 and 2021" against "between 2021 and 2023": no
                elif q.kind == r.kind and q.kind in _OPPOSITE_KINDS:
                    if q.vague != r.vague:
                        ok = _within_vague(q, r)
                        if ok is None:
                            continue  # "over seven in ten" against "a majority": the source says less
                    else:
                        ok = _same_bound(q, r)  # "up to five days a week" against "up to three": no
                else:
                    ok = low < spans[i][1] and spans[i][0] < high
                    if ok and q.kind != r.kind and "range" in (q.kind, r.kind):
                        ok = _bound_in_range(q, r) is not False  # "over 65" against "40 to 65"
                    elif ok and {q.kind, r.kind} == _OPPOSITE_KINDS:
                        ok = _apart(q, r)  # "at most 40 jobs" against "at least 40 jobs"
                if (
                    ok
                    and q.dim[:6] == "money:"
                    and text
                    and claim_text
                    and _for_other_counts(q, r, claim_text, text)
                ):
                    ok = False  # "£32 per item" against "£32 for up to three items"
                if periodic and _other_period(q, r):
                    # "£3 a year" against "£3 a month" disagree; "£36 a year" and "£3 a month" agree.
                    ok = _same_per_year(q, r)
                if not ok and q.dim == "time" and periodic == PERIOD_MARKS.isdisjoint(r.context):
                    # "open for 84 hours a week" against "seven months later than planned": a time in
                    # every week is no time taken once (though "six days a week" is a "six-day timetable")
                    continue
                alike = True
            else:
                ok = consistent(q, r)
                if ok is None:
                    continue
                alike = _same_dim(r, q)
            # (A derived figure, "all but five of their 14 seats", is the claim's of any part.)
            role = 1 if q.role and r.role and r.role not in (q.role, "derived") else 0
            # A figure of the statistic the claim names (p50, median) first; one of another is none
            # of its counterparts ("an average of 18 weeks" against "a median of 18 weeks").
            stat = 0 if not wanted or not stats[i] else (-1 if wanted & stats[i] else 1)
            if stat == 1:
                continue
            # A figure of the claim figure's year first, one of another year last.
            # (One of the same value is no less its counterpart: the years then disagree, not the values.)
            when = 0 if not q.year or not r.year else (-1 if q.year == r.year else (0 if ok else 1))
            # A rank of the subject the claim names first ("Harlow is the busiest": Harlow's rank).
            # Whose figure: one whose context holds the names the claim's figures are of first (a
            # rank's: "Harlow is the busiest"; "Harwick's revenue rose 12%" against "Corran's revenue
            # rose 12%, while Harwick's fell 3%": Harwick's 3%).
            # (one whose window holds a name the claim does not give is that name's as much as it is
            # the claim's subject's: "The group behind the bid, Plough Community Ltd, needs £465,000 in
            # total to cover the £395,000 asking price" against "Redvale Taverns is asking £395,000 for
            # the Plough")
            named = -len(r.context & names) + (not strangers.isdisjoint(r.context)) if whose else 0
            if another is not None and another[i]:
                named = 1
            # A figure the claim calls the first (``its original budget was £410 million``) is the
            # value a change started from (``risen to £640 million from an original £410 million``).
            origin = 0 if not earlier else (0 if r.role == "from" else 1)
            # The value a claim says a change led to ("expanding ... to 450 products") is not the one
            # the source's change started from ("450 products ..., up from 300 products"), though the
            # older holds more of the claim's words and names (it is read with the whole change's).
            # (A claim that gives where its change started is read against the source's as a whole.)
            moved = 1 if q.role == "to" and r.role == "from" and not earlier and not started else 0
            shared = len((abouts[i] if counted else r.context) & about)
            # Of two figures as close to the claim's, the sentence's own before the one it sets its own
            # against ("only 58% of pupils reaching the expected standard against 73% nationally").
            aside = 1 if set_against and set_against[i] and not mine_against else 0
            # The same bound before one that shares more words ("respondents under 35" against "among
            # under-35s, at 71%, while a majority of respondents aged over 65"): a group it names.
            bound = (
                0 if q.kind in _OPPOSITE_KINDS and (r.kind, r.low, r.high) == (q.kind, q.low, q.high) else 1
            )
            # An end of a change, one of the sentence's ends of a change before any other figure: "will
            # go up from £472 to £558" against "£86 more a year, taking the bill from £472 to £558"
            # (the £86 shares more of the claim's words).
            off_end = (
                1 if q.role in ("from", "to") and started and any_ends and r.role not in ("from", "to") else 0
            )
            entry = (
                (when, stat, moved, named, origin, bound, off_end, -shared, aside, role, foreign[i]),
                i,
                r,
                bool(ok),
            )
            (same if alike else others).append(entry)
        same.sort(key=_RANKED)
        others.sort(key=_RANKED)
        pools.append(same or others)
        spares.append(others if same else [])  # (for a figure whose own kind's counterparts are taken)
    matched: dict[int, tuple[Quantity, Quantity]] = {}
    used: set[int] = set()
    for i, (q, pool) in enumerate(zip(claim, pools, strict=True)):
        if pool:
            top = pool[0][0]
            hit = next((r for rank, _, r, ok in pool if ok and rank == top), None)
            if hit is not None:
                matched[i] = (q, hit)
                used.add(id(hit))
    if len(used) < len(matched):
        _one_value_each(matched)
    conflicts: list[tuple[Quantity, Quantity]] = []
    missing: list[Quantity] = []
    for i, (q, pool) in enumerate(zip(claim, pools, strict=True)):
        if i in matched:
            continue
        free = [e for e in pool if id(e[2]) not in used] if used else pool
        if not free and spares[i]:
            # Every figure of its own dimension another's counterpart: one of another that can be
            # the same ("to 1,240" against "1,240 bikes", where "634" went to the claim's "from 634").
            free = [e for e in spares[i] if id(e[2]) not in used and e[3]][:1]
        if not free:
            missing.append(q)
            continue
        top = free[0][0]
        hit = next((r for rank, _, r, ok in free if ok and rank == top), None)
        if hit is not None:
            matched[i] = (q, hit)
            continue
        first = free[0][2]
        if (
            first.role == "from"
            and not q.role
            and q.context.isdisjoint(_BEFORE_WORDS)
            and q.context.isdisjoint(first.context & _CALENDAR_TERMS)  # not "4.2% in March" of March's
        ):
            # "will cost £3.50" against "will pay £3.50 ..., up from £2.80": the value a change led to,
            # not the one it started from, though the older shares more of the claim's words
            now = next((r for _, _, r, ok in free if ok and r.role in ("", "to")), None)
            if now is not None:
                matched[i] = (q, now)
                continue
        if first.dim[:6] == "count:" or q.dim[:6] == "count:":
            # (a part, "four of its smallest cinemas", is not about how many cinemas there are: what
            # it shares with "98 cinemas" is its context only)
            shared = len((first.context if " of " in first.text else _about(first)) & _about(q))
        else:
            # (the way two changes went is not what they are of: "fell by about 11%", of passengers,
            # against "vehicle bookings dropped by 9%")
            shared = len(first.context & q.context - (_DIRECTIONS if q.role == first.role == "by" else _NONE))
        needed = (
            2
            if q.dim == "year"
            and not _one_event(q, first, claim_text, text)
            # a figure of the claim's year paired with one of the source's ("3,900 charge points at
            # the end of 2021" against "the 3,900 it operated at the end of 2020"): one event's years
            and not any(a.year == q.low and b.year == first.low for a, b in matched.values())
            else 1
        )
        # A rank agreeing with another of the sentence's is about that one ("X is the busiest, Y the
        # second busiest"), unless the one it disagrees with holds a name of the claim (whose it is),
        # or is a runner-up named by words all of the claim's ("followed by the university campus").
        ranked = (
            q.dim[:4] == "rank"
            and any(ok for _, _, _, ok in free)
            and not (names & first.context)
            and not (first.kind == "lower" and first.context and first.context <= claim_terms)
        )
        alike = _same_dim(first, q) or _scored(first, q)
        # Any word of the claim may name the rest, when the rest's share is a counterpart it agrees
        # with (else the figure is left to the sums: "400 ... received the drug" against "Of the 600
        # patients, 200 received a placebo and the rest the drug").
        told = claim_terms if any(ok and r.role == "derived" for _, _, r, ok in free) else _NONE
        if (
            not ranked
            and alike
            and (shared >= needed or not first.context or not q.context)
            and not (_may_name_the_rest(text) and _of_the_rest(q, first, text, told))
            and not _part_within(q, first, source, claim_text)
            and not _other_end(q, first, source)
            and not _price_of_one(q, first, claim_text, text)
            and not _start_against_end(q, first, claim_text, text)
            # "completed in spring 2027 as now planned" against "was originally due to be completed in
            # June 2024": the original figure, which a claim that names none is not of
            and (first.context.isdisjoint(_FIRST_VALUE) or not q.context.isdisjoint(_FIRST_VALUE))
        ):
            conflicts.append((q, first))
        elif any(ok for _, _, _, ok in free):
            matched[i] = (q, next(r for _, _, r, ok in free if ok))
        else:
            missing.append(q)
    if matched and any(r.vague for r in source):
        # "covers roughly 77% of the cost" against "covers most of the £3.1m scheme": a bound said in
        # words agrees with the figure without stating it (95% would agree as well)
        for i in [i for i, (q, r) in matched.items() if _only_bounded_by(q, r)]:
            missing.append(matched.pop(i)[0])
    if conflicts and any(q.year for q, _ in conflicts):
        conflicts, missing = _of_another_year(claim, conflicts, matched, missing, source)
    if matched and any(r.role == "from" and r.year for r in source):
        _before_its_change(matched, conflicts, source)
    if matched and any(r.year for r in source):
        _undated_against_dated(claim, matched, conflicts, source)
    if conflicts and matched:
        conflicts = _dated(claim, conflicts, matched, source)
    if conflicts and matched:
        conflicts, undated = _of_the_earlier_value(conflicts, matched)
        missing.extend(undated)
    if conflicts and claim_text and "first " in text.lower() and _OF_THE_FIRST.search(claim_text) is None:
        conflicts = _unpaired(conflicts, missing, [q for q, r in conflicts if _first_of_them(r, text)])
    if conflicts and matched and any(q.dim[:5] == "rank:" for q, _ in conflicts):
        mine = [r for _, r in matched.values()]
        conflicts = _unpaired(
            conflicts,
            missing,
            [q for q, r in conflicts if q.dim[:5] == "rank:" and _ranks_others(r, mine, source)],
        )
    computed: tuple[Quantity, ...] = ()
    if (
        conflicts
        and len(source) > 1
        and (
            _relates_figures(text)
            or any(_COMPARATIVE.search(q.text) for q, _ in conflicts)
            # the claim says how its figure relates the sentence's: "£70 a tonne less than milling
            # wheat", "Between them, the two scanners carry out about 57 scans a day"
            or (claim_text and _relates_figures(claim_text))
            or any(r.dim == "fraction" and " of " in r.text for r in source)  # "two of its five shops"
            or any(_in_points(q) for q, _ in conflicts)  # "0.57 percentage points above the average"
            # a change since a time the sentence gives a value of: "has lost 210 care home beds since
            # 2019, when the county had 2,940" (2,730 now)
            or (" since " in text and any(r.role == "by" for r in source))
        )
    ):
        total = bool(claim_text) and _TOTAL.search(claim_text) is not None
        conflicts, computed = _sums(claim, conflicts, matched, source, text, total=total)
    if (
        conflicts
        and claim_text
        and any(q.dim == "fraction" for q, _ in conflicts)
        and _relates_figures(claim_text)
    ):
        conflicts, rest = _computed(claim, conflicts, matched, [_rest_of(q, source) for q, _ in conflicts])
        computed = (*computed, *rest)
    if (
        conflicts
        and text
        and ("compared" in text or "against" in text or "versus" in text)
        and any(q.role == "by" for q, _ in conflicts)
    ):
        differences = [_difference_of(q, source) for q, _ in conflicts]
        conflicts, differed = _computed(claim, conflicts, matched, differences)
        computed = (*computed, *differed)
    if conflicts:
        # A difference in points the sums did not make is no level: "38 percentage points lower than it
        # was last July" against "Last July it stood at 79%" gives one of its two levels, not it.
        conflicts = _unpaired(
            conflicts,
            missing,
            [
                q
                for q, r in conflicts
                if q.role == "by" and _in_points(q) and r.role != "by" and not _in_points(r)
            ],
        )
    if (
        conflicts
        and claim_text
        and (
            " per " in claim_text
            or " for every " in claim_text
            or " each " in claim_text
            or claim_text[:5] == "Each "
        )
    ):
        conflicts, per = _per_one(claim, conflicts, matched, source, claim_text)
        computed = (*computed, *per)
    if conflicts and claim_text and _TOTAL.search(claim_text) is not None:
        # A total the claim says it sums ("460 roles across its two rounds of redundancies") is not
        # contradicted by a part of it the sentence gives ("120 roles were cut in October 2023"):
        # missing, for the other parts to be looked for.
        parts = [
            q
            for q, r in conflicts
            if q.role in ("", "by")
            and not r.role
            and r.low < q.low
            and _same_dim(q, r)
            and _one_level(q, source)
        ]
        conflicts = _unpaired(conflicts, missing, parts)
    if conflicts and any(q.role == "by" for q, _ in conflicts):
        # By how much something changed or differs ("grew by 22,700 tonnes between 2019 and 2023",
        # "2,390 more members than it had in spring 2023"), not computed from the sentence's figures:
        # no level it gives is that amount (the 61,200 tonnes of 2023 are one end of the change, the
        # 2,460 members of spring 2023 the other thing), so it is missing, not in conflict, and the
        # other value may be found in another sentence. (A share may be a change said as a level:
        # "inflation was 3%".)
        differing = [
            q
            for q, r in conflicts
            if q.role == "by"
            and not r.role
            and q.dim != "fraction"
            and r.dim != "fraction"
            # (a count after a verb of change is how many it touched, "cut 460 roles", which "120 roles
            # were cut" does contradict; one of how many more than something else is a difference)
            and (q.dim[:6] != "count:" or (bool(claim_text) and _differs_by(claim_text, q)))
            and _one_level(q, source)
        ]
        conflicts = _unpaired(conflicts, missing, differing)
    if missing and any(q.role == "derived" for q in missing):
        # A figure the claim gives only through others ("grew 12% to $4.2 billion": $3.75 billion the
        # year before) is no figure of its own to find; one that disagrees still conflicts.
        missing = [q for q in missing if q.role != "derived"]
    if missing and any(q.role == "by" for q in missing):
        missing, changed = _changes(claim, missing, matched, conflicts, source)
        computed = (*computed, *changed)
    if missing and len(source) > 1 and any(q.dim == "ratio" for q in missing):
        missing, ratios = _ratios(claim, missing, matched, source)
        computed = (*computed, *ratios)
    if (conflicts or missing) and len(source) > 1 and any(_YEARLY in r.context for r in source):
        # A total over the years the sentence gives a yearly figure for: computed from the two.
        totals = _over_the_years([*(q for q, _ in conflicts), *missing], source)
        if totals:
            for q in [q for q, _ in conflicts if id(q) in totals] + [q for q in missing if id(q) in totals]:
                matched[_position(claim, q)] = (q, totals[id(q)])
            conflicts = [(q, r) for q, r in conflicts if id(q) not in totals]
            missing = [q for q in missing if id(q) not in totals]
            computed = (*computed, *(q for q, _ in matched.values() if id(q) in totals))
    derived = tuple(
        q
        for q, r in matched.values()
        if (r.role == "derived" and q.role != "derived") or _counted_share(q, r)
    )
    if derived:
        computed = (*computed, *derived)
    if conflicts and matched and any(q.role == "derived" for q, _ in conflicts):
        # A claim's change spread over its years ("grew by 17,000 items over the past two years": 8,500
        # a year) says nothing the change it comes from does not, once that one is paired; against a
        # sum the sentence spreads too ("must save £7 million over three years" against "£18 million
        # over the next three years") it is one amount a year against another.
        starts = {q.start for q, _ in matched.values() if q.role == "by"}
        conflicts = [
            (q, r)
            for q, r in conflicts
            if q.role != "derived" or r.role == "derived" or q.start not in starts
        ]
    return Relation(tuple(matched[i] for i in sorted(matched)), tuple(conflicts), tuple(missing), computed)


def _of_another_year(
    claim: Sequence[Quantity],
    conflicts: list[tuple[Quantity, Quantity]],
    matched: dict[int, tuple[Quantity, Quantity]],
    missing: list[Quantity],
    source: Sequence[Quantity],
) -> tuple[list[tuple[Quantity, Quantity]], list[Quantity]]:
    """A claim figure of a year, in conflict, whose precise value (three digits or more that are not
    trailing zeros: ``10,580``) the sentence gives for another year: paired with that figure, and the
    claim's year in conflict with the sentence's (``10,580 parcels in 2021-22`` against ``up from
    10,580 in 2022-23``: the claim gives the value to the wrong year). ``matched`` is changed in
    place; the conflicts and the missing figures are returned."""
    used = {id(r) for _, r in matched.values()}
    kept: list[tuple[Quantity, Quantity]] = []
    left = list(missing)
    for q, first in conflicts:
        same = (
            next(
                (
                    r
                    for r in source
                    if id(r) not in used
                    and r.year
                    and r.year != q.year
                    and r.kind == "exact"
                    and _same_dim(r, q)
                    and _rounded_alike(q._replace(role="", dim=r.dim), r._replace(role=""))
                ),
                None,
            )
            if q.year and q.kind == "exact" and len(_DIGITS_ONLY.sub("", q.text).rstrip("0")) >= 3
            else None
        )
        year = next((y for y in left if y.dim == "year" and y.low == q.year), None) if same else None
        theirs = next((f for f in source if f.dim == "year" and f.low == same.year), None) if same else None
        if (
            same is None
            or theirs is None
            or (year is None and not any(y.dim == "year" and y.low == q.year for y, _ in conflicts))
        ):
            kept.append((q, first))
            continue
        matched[_position(claim, q)] = (q, same)
        used.add(id(same))
        if year is not None:  # (else the claim's year is in conflict already)
            left.remove(year)
            kept.append((year, theirs))
    return kept, left


_DIGITS_ONLY: Final = re.compile(r"\D")


def _before_its_change(
    matched: dict[int, tuple[Quantity, Quantity]],
    conflicts: list[tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
) -> None:
    """A claim figure paired with the value a change went to, where the claim's year is the one the
    sentence gives the value it came from: a conflict with that value (``There were 1,240 breeding
    pairs in 2021`` against ``rose to 1,240 this year, from 980 in 2021``). ``matched`` and
    ``conflicts`` are changed in place."""
    years = {r.low for _, r in matched.values() if r.dim == "year"}
    if not years:
        return
    # A value the claim gives itself is not the one its other figure is of ("Adult tickets cost £24,
    # compared with £21 in 2023" against "cost £24, up from £21 in 2023": the 2023 is the £21's).
    paired = {id(r) for _, r in matched.values()}
    for i, (q, r) in list(matched.items()):
        if q.dim == "year" or q.role or r.role != "to":
            continue
        old = next(
            (
                f
                for f in source
                if f.role == "from"
                and f.year in years
                and f.year != r.year
                and _same_dim(f, r)
                and id(f) not in paired
            ),
            None,
        )
        if old is not None:
            del matched[i]
            conflicts.append((q, old))


_CURRENT: Final = frozenset(stem(w) for w in ("current", "present", "existing"))
"""A value's words for now (``a drop from the current 38.5p``): no more what it is of than a month is."""
_FIRST_VALUE: Final = frozenset(stem(w) for w in ("original", "initial"))
"""The words of a claim figure that make it the value a change started from."""
_BEFORE_WORDS = _FIRST_VALUE | frozenset(
    stem(w) for w in ("previous", "previously", "earlier", "before", "formerly", "former", "ago", "old")
)
"""The words of a claim figure that may make it a value before a change (``the previous charge``)."""


_EVENT_BEFORE: Final = re.compile(
    r"([^\W\d_]+)\s+(?:(?:in|on|since|by|during|until|from)\s+)+(?:(?:the\s+)?(?:year|summer|spring|autumn"
    r"|winter|end|start)\s+(?:of\s+)?)?$",
    re.IGNORECASE,
)
"""The word before a year and its preposition: ``reopened in``, ``since reopening in``, ``founded
in the summer of``."""


def _event_before(text: str, year: Quantity) -> str:
    """The term of the word before a year and its preposition (:data:`_EVENT_BEFORE`), or ""."""
    m = _EVENT_BEFORE.search(text, max(0, year.start - 40), year.start)
    return stem(m.group(1).lower()) if m is not None else ""


def _one_event(q: Quantity, r: Quantity, claim_text: str, text: str) -> bool:
    """Are two years given to one event: the word right before each, its preposition aside, the
    same (``reopened in 2021``, ``since reopening in 2019``), and a word of both their contexts?"""
    if not claim_text or not text:
        return False
    event = _event_before(claim_text, q)
    return bool(event) and event == _event_before(text, r) and event in q.context and event in r.context


_TIMED: Final = re.compile(
    r"\s+(?:(?:last|this|next|that|the\s+following|the\s+previous)\s+(?:year|spring|summer|autumn|winter"
    r"|month|week|season)|(?:a|one|two|three|four|five|six|\d+)\s+(?:years?|months?)\s+(?:later|earlier|ago))\b",
    re.IGNORECASE,
)
"""A time said another way than a year, right after what it is of: ``reopened last spring``,
``closed two years later``."""
_LAST_WORD: Final = re.compile(r"([^\W\d_]+)$")


def timed_otherwise(year: Quantity, claim_text: str, text: str) -> bool:
    """Does ``text`` give the event of a claim's year a time of its own in other words (``The bridge
    reopened in 2021`` against ``closed in 2019 and reopened last spring``)? Then the claim's year is
    not the sentence's to leave to the rest of its source."""
    event = _event_before(claim_text, year)
    if not event:
        return False
    for m in _TIMED.finditer(text):
        before = _LAST_WORD.search(text, max(0, m.start() - 40), m.start())
        if before is not None and stem(before.group(1).lower()) == event:
            return True
    return False


_NOT_SUMMED: Final = frozenset(("year", "fraction", "ratio", "date"))
_BROUGHT: Final = r"(?:bring|tak)(?:s|es|ing|e)?\s+(?:its|the|their|his|her)\s+(?:[\w'\u2019-]+\s+){0,3}?to"
_BROUGHT_TO: Final = re.compile(rf"\b{_BROUGHT}\b", re.IGNORECASE)
"""A change that gives the total it led to: ``bringing its own orchards to 210 acres``, ``taking his
tally to 19``."""


_ARITHMETIC: Final = re.compile(
    rf"\b(?:{_OF_WHOM}|(?:over|under|within)\s+(?:its\s+|the\s+)?budget"
    r"|(?:more|fewer|less|higher|lower|greater|smaller|larger|bigger|longer|shorter)\s+than|short\s+of"
    r"|remaining|the\s+rest|the\s+others?|in\s+total|combined|together|altogether|in\s+all|a\s+total\s+of"
    r"|between\s+them|remains?\s+to\s+be|(?:still|yet)\s+to\s+be|(?:is|are)\s+left\s+to|another|a\s+further"
    r"|(?:still|yet)\s+(?:needs?|has|have)\s+to|to\s+reach\s+(?:its|the|their|our)\s+(?:target|goal)"
    r"|(?<=\d\s)more\s+(?:are|were|is|was|have|has|had)\b"
    # a difference from an earlier value: "40 centimetres above the previous peak in 2000"
    r"|(?:above|below)\s+(?:the|its|their)\s+(?:previous|former|earlier|old|last)\s+(?:peak|record|high|level|best)"
    # a figure set against a target it beat or missed: "beat its target of 300,000 by 86,000"
    r"|(?:beat(?:s|en|ing)?|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|outstrip(?:s|ped|ping)?|miss(?:es|ed|ing))"
    r"\s+(?:[\w'\u2019-]+\s+){0,4}?(?:target|goal|forecast|estimate|record)s?"
    rf"|{_BROUGHT})\b",
    re.IGNORECASE,
)
"""Words that make one figure of a sentence a part, a total or a difference of others (``600
patients, of whom 200``, ``£700,000 over budget``, ``5,000 more than``, ``between them``, ``remains to
be built``, ``still needs to raise £58,500 to reach its target``, ``planted 30 acres, bringing its own
orchards to 210 acres``, ``154 have opened, with
another 101 approved``, ``1,480 children enrolled, and 390 more are waiting``): only in
such a sentence, or against a claim that holds them, is a claim figure read as their sum or
difference (:func:`_sums`)."""


def _only_bounded_by(q: Quantity, r: Quantity) -> bool:
    """Is ``r`` a bound said in words (``most``, ``a few``) that ``q``, a figure (``roughly 77%``),
    agrees with but is not stated by?"""
    return r.vague and r.kind in ("lower", "upper") and not q.vague and q.kind in ("exact", "approx")


_OF_THE_FIRST: Final = re.compile(
    r"\b(?:first|initial(?:ly)?|began|begin(?:s|ning)?|start(?:s|ed|ing)?|launch(?:es|ed|ing)?|open(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
"""A claim of the first of something, or of its start: its figure may be the first batch's."""


def _first_of_them(r: Quantity, text: str) -> bool:
    """Is ``r`` a count of the first of its things (``began supplying its first 400 homes in 2021``)?
    Not how many there are now (``has now connected 2,300 homes``): a claim of that is not
    contradicted by it, unless the claim is of the first too (:data:`_OF_THE_FIRST`)."""
    return r.dim[:6] == "count:" and text[max(0, r.start - 6) : r.start].lower() == "first "


_UNTIL_BEFORE: Final = re.compile(
    r"\b(?:until|till|up\s+to|through|ending(?:\s+on)?)\s+(?:the\s+end\s+of\s+|early\s+|late\s+|mid-?)?$",
    re.IGNORECASE,
)
_FROM_BEFORE: Final = re.compile(
    r"\b(?:from|since|starting(?:\s+on)?|beginning(?:\s+on)?)\s+(?:the\s+start\s+of\s+|early\s+|late\s+|mid-?)?$",
    re.IGNORECASE,
)


def _start_against_end(q: Quantity, r: Quantity, claim_text: str, text: str) -> bool:
    """Is one of two dates when something starts and the other when it ends (``From 3 November, ...
    will run four crossings a day`` against ``the reduced timetable would run for 20 weeks, until 23
    March``)? Two ends of a time, not two values of one date."""
    if q.dim != "date" or r.dim != "date" or not text or not claim_text:
        return False
    mine, theirs = claim_text[max(0, q.start - 30) : q.start], text[max(0, r.start - 30) : r.start]
    starts = q.role == "from" or _FROM_BEFORE.search(mine) is not None
    ends = _UNTIL_BEFORE.search(mine) is not None
    return (starts and _UNTIL_BEFORE.search(theirs) is not None) or (
        ends and (r.role == "from" or _FROM_BEFORE.search(theirs) is not None)
    )


_EACH_AFTER: Final = re.compile(
    r"\s*(?:each|apiece|a\s+head|per\s+(?:head|person|share|ticket|item|unit|place))\b", re.IGNORECASE
)


def _price_of_one(q: Quantity, r: Quantity, claim_text: str, text: str) -> bool:
    """Is the source's ``r`` the price of one (``Shares were sold at £50 each``) where the claim's
    ``q`` is none (``raised £86,500 by selling shares``), twenty times it or more? A total and a unit
    price are two figures, not two values of one (``Tickets cost £12`` against ``£10 each`` is one)."""
    return (
        bool(text)
        and q.dim[:6] == "money:"
        and q.low >= 20 * r.high
        and _EACH_AFTER.match(text, r.end) is not None
        and (not claim_text or _EACH_AFTER.match(claim_text, q.end) is None)
    )


def _ranks_others(r: Quantity, mine: Sequence[Quantity], source: Sequence[Quantity]) -> bool:
    """Is the rank ``r`` of other figures than the claim's counterparts ``mine``: is the first figure
    after it (no year, no rank) another of the kind of theirs? A superlative goes with the figures it
    is followed by: ``the cheapest seats ... from £12 to £14`` ranks those, not the £28 and £34 the
    claim's ``most expensive seats`` were paired with (``The top price ... will rise from £28 to £34,
    and the cheapest seats ...``). (Not a figure of another kind: ``the hottest month on record, with
    an average of 21.4C`` is July 2024's rank, whatever its temperature.)"""
    after = [f for f in source if f.start >= r.end and f.dim != "year" and f.dim[:4] != "rank"]
    if not after:
        return False
    first = min(after, key=lambda f: f.start)
    return all(first is not m for m in mine) and any(first.dim == m.dim for m in mine)


def _unpaired(
    conflicts: list[tuple[Quantity, Quantity]], missing: list[Quantity], those: Sequence[Quantity]
) -> list[tuple[Quantity, Quantity]]:
    """``conflicts`` less the claim figures ``those``, which join ``missing`` (extended in place)."""
    if not those:
        return conflicts
    missing.extend(those)
    return [(q, r) for q, r in conflicts if q not in those]


def _one_level(q: Quantity, source: Sequence[Quantity]) -> bool:
    """Does the sentence give one level only of ``q``'s kind (a figure with no part in a change)? With
    two, the sums have read whether ``q`` is their total or difference (``12 schools and Ashby has
    9``: not 5 more), and a conflict stands."""
    return sum(1 for r in source if not r.role and r.dim != "year" and _same_dim(q, r)) < 2


_TOTAL: Final = re.compile(
    r"\b(?:in\s+total|combined|altogether|in\s+all|a\s+total\s+of|between\s+them"
    r"|across\s+(?:its|their|the|both|all)(?:\s+(?:two|three|four|five))?)\b",
    re.IGNORECASE,
)
"""A claim's words that make its figure a total of parts (``460 roles across its two rounds``)."""
_ARITHMETIC_WORDS: Final = (
    "of wh", "of th", "budget", " than", "short of", "remaining", "the rest", "the other", "total",
    "combined", "together", "in all", "between them", "to be", "left to", "bring", "taking", "takes",
    "another", "further", " more", "still", "yet", "to reach", "beat", "exceed", "surpass", "outstrip",
    "miss", "above the", "below the", "above its", "below its", "above their", "below their",
)  # fmt: skip


_COMPARATIVE: Final = re.compile(rf"\b(?:{'|'.join(sorted(COMPARATIVES))})\b", re.IGNORECASE)
"""A claim figure that is itself a difference (``3 more schools than Ashby``): read so against any
sentence that gives both sides."""


def _each_has_an_amount(text: str, start: int) -> bool:
    """Does ``each of the ... things`` at ``start`` give an amount each of them has, in its clause
    (``each of the scheme's 600 bikes was used for an average of roughly 640 trips``)? Then it
    shares the amount out, and says no share of all of them."""
    m = _EACH_OF.match(text, start)
    return m is not None and _AMOUNT_AFTER.match(text, m.end()) is not None


_AMOUNT_AFTER: Final = re.compile(r"[^.;:,]{0,60}?\b\d")
"""A figure later in the clause."""
_PER_ONE: Final = re.compile(r"\s+(?:per|for\s+every)\s+(?P<one>[a-z]+)\b")
"""What a claim's count is per: ``15 pupils per teacher``, ``3 nurses for every bed``."""
_EACH_OF: Final = re.compile(
    r"\b[Ee]ach\s+(?:of\s+(?:the\s+|its\s+|their\s+)?(?:(?:[^\W\d_][\w-]*\s+)?[^\W\d_][\w-]*['\u2019]s?\s+)?"
    r"(?:[\d,]+\s+|(?:[^\W\d_]+\s+)?)(?P<one>[a-z]+s)|(?P<single>(?!of\b)[a-z]+))\b"
)
"""Whom a claim's figures after it are each of: ``each of the food bank's 210 volunteers``, ``Each
of its 600 bikes``, ``each lock``."""
_AMOUNT_DIMS: Final = frozenset(("time", "length", "mass", "area", "energy", "data"))
"""Dimensions of an amount one of something may have (``150 hours each``)."""


def _per_one(
    claim: Sequence[Quantity],
    conflicts: list[tuple[Quantity, Quantity]],
    matched: dict[int, tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
    claim_text: str,
) -> tuple[list[tuple[Quantity, Quantity]], tuple[Quantity, ...]]:
    """The conflicts less a claim count or sum per one of something (``15 pupils per teacher``,
    ``roughly £15 for every passenger carried``) that is the sentence's count of its things, or its
    sum of that currency, over its count of those (``420 pupils and 28 teachers``, ``only 7,800
    passengers travelled, while running the boats cost about £118,000``): computed, paired with
    the count or sum, as a sum is (:func:`_sums`). Within the claim figure's rounding, or 2% of it."""
    kept: list[tuple[Quantity, Quantity]] = []
    computed: list[Quantity] = []
    each = _EACH_OF.search(claim_text) if " each " in claim_text or claim_text[:5] == "Each " else None
    for q, r in conflicts:
        m = _PER_ONE.match(claim_text, q.end) if q.dim[:6] in ("count:", "money:") else None
        if (
            m is None
            and each is not None
            and q.start > each.end()
            and (q.dim[:6] in ("count:", "money:") or q.dim in _AMOUNT_DIMS)
        ):
            m = each  # "each of the food bank's 210 volunteers gave roughly 150 hours"
        if m is not None:
            one = stem(m.group("one") or m.group("single")) if m.re is _EACH_OF else stem(m.group("one"))
            per = next((s for s in source if s.dim[:6] == "count:" and _counted(s.dim) == one), None)
            things = next((s for s in source if s.dim == q.dim and s is not per), None)
            if (
                per is not None
                and things is not None
                and per.low > 0
                and _within_interval(things.low / per.low, q)
            ):
                matched[_position(claim, q)] = (q, things)
                computed.append(q)
                continue
        kept.append((q, r))
    return kept, tuple(computed)


def _within_interval(value: float, q: Quantity) -> bool:
    """Is ``value`` what ``q`` says, within its rounding or 2% of it (``just under seven feet``: up to
    seven feet)?"""
    low, high = q.interval()
    room = max(q.tolerance, 0.02 * q.low) if q.low == q.high else 0.02 * high
    return low - room <= value <= high + room


def _relates_figures(text: str) -> bool:
    """Does ``text`` hold words of :data:`_ARITHMETIC`? A few substring tests first: the pattern,
    with its many words and no case, costs microseconds a sentence."""
    low = text.lower()
    return any(w in low for w in _ARITHMETIC_WORDS) and _ARITHMETIC.search(text) is not None


def _in_points(q: Quantity) -> bool:
    """Is ``q`` a difference of two percentages, in percentage points (``0.57 percentage points``)?
    Shares of different wholes do not add up; two rates differ by so many points."""
    return q.dim == "fraction" and "point" in q.text.lower()


def _sums(
    claim: Sequence[Quantity],
    conflicts: list[tuple[Quantity, Quantity]],
    matched: dict[int, tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
    text: str = "",
    *,
    total: bool = False,
) -> tuple[list[tuple[Quantity, Quantity]], tuple[Quantity, ...]]:
    """The conflicts less a claim figure that is the sum or the difference of two of the sentence's
    figures of its kind: ``The library's budget was £3.5 million`` against ``cost £4.2 million,
    £700,000 over budget``, ``400 other patients`` against ``600 patients, of whom 200 received a
    placebo``. Such a figure follows from the source's (computed, for the judge) rather than
    contradicting it; it joins ``matched``, paired with the larger of the two. The claim figure's
    own rounding counts for at most 1% of it (``£3 million`` is no £3.5 million here). Of a figure
    the sentence (``text``) says is so much more or fewer than another (``41 days, 12 fewer than the
    average``), only that other: the sum (53), not the difference."""
    counterparts: list[Quantity | None] = []
    # "planted 30 acres, bringing its orchards to 210 acres": the total is given; what it was before is
    # their difference, and their sum is nothing the sentence says.
    brought = ("bring" in text or "tak" in text) and _BROUGHT_TO.search(text) is not None
    for q, _ in conflicts:
        found = None
        points = _in_points(q)
        if (points or q.dim not in _NOT_SUMMED) and q.dim[:4] != "rank" and q.low == q.high and not q.vague:
            counted = q.dim[:6] == "count:" and q.low.is_integer()
            terms = [
                f
                for f in source
                if (f.dim not in _NOT_SUMMED or (points and not _in_points(f)))
                and f.dim[:4] != "rank"
                and f.low == f.high
                and not f.vague
                and f.role != "derived"
                and _same_dim(f, q)
            ]
            for i, a in enumerate(terms):
                for b in terms[i + 1 :]:
                    slack = _slack(q, (a, b))
                    if counted and a.low.is_integer() and b.low.is_integer():
                        slack = 0.25  # whole counts add up exactly: 34 and three are 37, not 36
                    way = _more_or_fewer(text, b) or -_more_or_fewer(text, a)
                    if way:
                        # b more (1) or fewer (-1) than the other (a's sign is the other way round)
                        if abs(a.low - way * b.low - q.low) <= slack:
                            found = a if a.low >= b.low else b
                            break
                    elif (not brought and not points and abs(a.low + b.low - q.low) <= slack) or abs(
                        abs(a.low - b.low) - q.low
                    ) <= slack:
                        found = a if a.low >= b.low else b
                        break
                if found is not None:
                    break
            if found is None and total and not points and 2 < len(terms) <= _MOST_PARTS:
                # "Altogether, Pryce was ordered to pay £62,750" against "fined £48,000 and ordered to pay
                # £12,750 in prosecution costs and a victim surcharge of £2,000": a total of three
                for part in combinations(terms, 3):
                    if abs(sum(f.low for f in part) - q.low) <= _slack(q, part):
                        found = max(part, key=lambda f: f.low)
                        break
        counterparts.append(found)
    return _computed(claim, conflicts, matched, counterparts)


_MOST_PARTS: Final = 8
"""The most figures of a kind a sentence may give for a claim's total of three of them to be sought."""


def _slack(q: Quantity, parts: Sequence[Quantity]) -> float:
    """How far a claim figure ``q`` may be from a sum or difference of ``parts`` and still be it: the
    parts' own rounding, and ``q``'s for at most 1% of it (``£3 million`` is no £3.5 million)."""
    slack = min(q.tolerance, 0.01 * abs(q.low))
    for f in parts:
        slack += f.tolerance  # (added in turn, as the pair's always were)
    return slack


def _computed(
    claim: Sequence[Quantity],
    conflicts: list[tuple[Quantity, Quantity]],
    matched: dict[int, tuple[Quantity, Quantity]],
    found: Sequence[Quantity | None],
) -> tuple[list[tuple[Quantity, Quantity]], tuple[Quantity, ...]]:
    """The conflicts less each claim figure ``found`` gives a counterpart for (in order, None for
    none): computed from the sentence's figures, it joins ``matched`` with that counterpart."""
    kept: list[tuple[Quantity, Quantity]] = []
    computed: list[Quantity] = []
    for (q, r), counterpart in zip(conflicts, found, strict=True):
        if counterpart is None:
            kept.append((q, r))
        else:
            matched[_position(claim, q)] = (q, counterpart)
            computed.append(q)
    return kept, tuple(computed)


def _rest_of(q: Quantity, source: Sequence[Quantity]) -> Quantity | None:
    """The share of the sentence whose rest of its whole a claim's share ``q`` is (``Roughly 17 per
    cent ... have yet to be converted``, the claim saying so: :func:`_relates_figures`, against
    ``converted 31,500 of its 38,000 street lights``, 83%), or None."""
    if (
        q.dim != "fraction"
        or q.kind not in ("exact", "approx")
        or q.vague
        or q.low != q.high
        or _in_points(q)
        or q.role == "by"
    ):
        return None
    low, high = q.interval()
    return next(
        (
            f
            for f in source
            if f.dim == "fraction"
            and not f.vague
            and f.role != "by"
            and f.low == f.high
            and 0 < f.low < 1
            and low - f.tolerance <= 1 - f.low <= high + f.tolerance
        ),
        None,
    )


def _difference_of(q: Quantity, source: Sequence[Quantity]) -> Quantity | None:
    """The larger of two values a sentence sets against each other whose difference is a claim's
    change amount ``q`` (``rose by 31,300`` against ``58,600 visits ..., compared with 27,300 in the
    same months the previous year``), or None. Not where the sentence gives an amount of change of
    its own of that kind (``lowered blood pressure by 9 mmHg, compared with 3 mmHg for placebo``: the
    12 is no difference it states)."""
    if q.role != "by" or q.low != q.high or q.vague or q.dim in _NOT_SUMMED or q.dim[:4] == "rank":
        return None
    if any(f.role == "by" and _same_dim(f, q) for f in source):
        return None
    levels = [
        f
        for f in source
        if f.role in ("", "from", "to")
        and f.dim not in _NOT_SUMMED
        and f.dim[:4] != "rank"
        and f.low == f.high
        and not f.vague
        and _same_dim(f, q)
    ]
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            if abs(abs(a.low - b.low) - q.low) <= _slack(q, (a, b)):
                return a if a.low >= b.low else b
    return None


_THAN: Final = re.compile(r"\s+than\b", re.IGNORECASE)
_THAN_IN_CLAUSE: Final = re.compile(r"[^,;:.()]{0,45}?\sthan\b", re.IGNORECASE)
"""``than`` after a figure whose words hold a comparative, in its clause (``12 more teachers than``,
``33 more times last year than``)."""


_FOR_THE: Final = re.compile(r"\s+(?:for|of|by|from)\s+(?:the\s+|its\s+)?", re.IGNORECASE)


def _of_another_model(
    claim_text: str, text: str, source: Sequence[Quantity], read: Sequence[Identifier] | None = None
) -> list[bool] | None:
    """For each figure of the sentence ``text``, is it given for a model the claim does not name:
    right after it, ``for the Pixo 8`` where the claim names the ``Pixo 9`` (a name and a number, as
    :mod:`checks.grounding.identifiers` reads them; ``read``: the claim's, if read already)? None when
    no figure is."""
    if not any(c.isdigit() for c in claim_text):
        return None
    mine = [t for t in (identifiers(claim_text) if read is None else read) if t.key != CLOCK]
    if not mine:
        return None
    out = []
    for r in source:
        m = _FOR_THE.match(text, r.end)
        theirs = identifiers(text[m.end() : m.end() + 40]) if m is not None else ()
        first = theirs[0] if m is not None and theirs and text.startswith(theirs[0].text, m.end()) else None
        out.append(
            first is not None and any(t.key == first.key and t.values.isdisjoint(first.values) for t in mine)
        )
    return out if any(out) else None


def _differs_by(text: str, figure: Quantity) -> bool:
    """Does ``figure`` say by how much one thing differs from another: a comparative and ``than``
    after its number (``three fewer seats than in 2021``, ``12 more teachers than last year``, ``12
    fewer than the average``)?"""
    if text.find(" than", figure.end, figure.end + 45) < 0:
        return False
    if _ELIDED_BY.match(text, figure.end) is not None or _MORE_OF_SOMETHING_THAN.match(text, figure.end):
        return True
    # (``than`` right after it, or, for a figure that is no bound ("Fewer than 1,000 patients had
    # waited more than a year"), later in its clause: "33 more times last year than in 2022")
    than = _THAN if figure.kind in ("lower", "upper") else _THAN_IN_CLAUSE
    return than.match(text, figure.end) is not None and _COMPARATIVE.search(figure.text) is not None


_MORE_OF_SOMETHING_THAN: Final = re.compile(
    r"\s+(?:more|fewer|less|higher|lower)\s+(?:[^\W\d_]+\s+){1,4}than\b", re.IGNORECASE
)
"""A comparative, what it compares and ``than`` after a figure: by how much (``£70 million more for
bad debts than a year earlier``)."""


def _more_or_fewer(text: str, figure: Quantity) -> int:
    """1 when ``text`` says ``figure`` is by how much more than another (``5,000 more than``), -1 by
    how much fewer (``12 fewer than``), else 0 (:data:`_ELIDED_BY`)."""
    m = _ELIDED_BY.match(text, figure.end) if text and figure.end < len(text) else None
    return 0 if m is None else 1 if m["more"] else -1


def _ratios(
    claim: Sequence[Quantity],
    missing: list[Quantity],
    matched: dict[int, tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
) -> tuple[list[Quantity], tuple[Quantity, ...]]:
    """Each missing multiplier of the claim (``three times as much as placebo``) that is the ratio of
    two of the sentence's figures of one kind (``9 mmHg, compared with 3 mmHg for placebo``): computed,
    matched with the larger of the two. Within the figures' own rounding and the multiplier's."""
    left: list[Quantity] = []
    computed: list[Quantity] = []
    values = [
        f
        for f in source
        if f.dim not in ("year", "ratio")
        and f.dim[:4] != "rank"
        and f.low == f.high
        and f.low > 0
        and not f.vague
        and f.role != "derived"
    ]
    for q in missing:
        found = None
        if q.dim == "ratio" and q.kind in ("exact", "approx") and q.low > 1:
            low, high = q.interval()
            for i, a in enumerate(values):
                for b in values[i + 1 :]:
                    if not (a.dim == b.dim or _same_dim(a, b)):
                        continue
                    big, small = (a, b) if a.low >= b.low else (b, a)
                    least = (big.low - big.tolerance) / (small.low + small.tolerance)
                    floor = small.low - small.tolerance
                    most = (big.low + big.tolerance) / floor if floor > 0 else math.inf
                    if least < high and low < most:
                        found = big
                        break
                if found is not None:
                    break
        if found is None:
            left.append(q)
        else:
            matched[_position(claim, q)] = (q, found)
            computed.append(q)
    return left, tuple(computed)


def _one_value_each(matched: dict[int, tuple[Quantity, Quantity]]) -> None:
    """Of claim figures of one dimension matched with one figure of the sentence, when one of them has
    its very value (``four in five`` and ``Around two thirds`` both with ``four in five were men``),
    the others are unmatched, for the rest of the sentence's figures (``Nearly a third``): the figure
    taken is no longer theirs."""
    taken: dict[int, list[int]] = {}
    for i, (_, r) in matched.items():
        taken.setdefault(id(r), []).append(i)
    for shared in taken.values():
        if len(shared) < 2:
            continue
        r = matched[shared[0]][1]
        if not any(_same_value(matched[i][0], r) for i in shared):
            continue
        for i in shared:
            q = matched[i][0]
            if q.dim == r.dim and not _same_value(q, r):
                del matched[i]


def _same_value(q: Quantity, r: Quantity) -> bool:
    """Do two figures of one dimension give the very same value?"""
    return q.dim == r.dim and q.low == r.low and q.high == r.high


def _over_the_years(figures: Sequence[Quantity], source: Sequence[Quantity]) -> dict[int, Quantity]:
    """Of ``figures`` (the claim's, per no period), those that are a yearly figure of the sentence
    times the whole years it gives (``£6.3 million`` over ``the 25-year life of the wind farm`` against
    ``will pay £252,000 a year ... for the 25-year life``), by ``id``, each with that yearly figure.
    Within the claim figure's rounding, or 2% of it."""
    spans = {
        round(f.low / _YEAR)
        for f in source
        if f.dim == "time"
        and f.low == f.high
        and f.low >= 2 * _YEAR
        and abs(f.low / _YEAR - round(f.low / _YEAR)) < 1e-6
    }
    yearly = [r for r in source if _YEARLY in r.context and r.low == r.high and r.low > 0]
    found: dict[int, Quantity] = {}
    if not spans or not yearly:
        return found
    for q in figures:
        if q.low == q.high and q.kind in ("exact", "approx") and PERIOD_MARKS.isdisjoint(q.context):
            room = max(q.tolerance, 0.02 * q.low)
            for r in yearly:
                if r.dim == q.dim and any(abs(r.low * n - q.low) <= room for n in spans):
                    found[id(q)] = r
                    break
    return found


_YEAR: Final = 365.25 * 86_400.0
"""A year in seconds, the unit of a time figure (``25-year``)."""
_YEARLY: Final = "/year"
"""The mark of a figure per year (:data:`_PERIODS`)."""


def _changes(
    claim: Sequence[Quantity],
    missing: list[Quantity],
    matched: dict[int, tuple[Quantity, Quantity]],
    conflicts: list[tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
) -> tuple[list[Quantity], tuple[Quantity, ...]]:
    """Each missing change amount (``fell by 15 minutes``, ``rose by 30%``) against the change the
    sentence gives from one value to another (``from 40 to 25 minutes``; ``$4.0 million in 2023
    and $5.2 million in 2024``): the difference, or for a percentage of a non-percentage the ratio,
    computed. Consistent: matched with the new value (and returned as computed); inconsistent: a
    conflict with it; no such change: still missing. ``matched`` and ``conflicts`` are extended."""
    left: list[Quantity] = []
    computed: list[Quantity] = []
    for q in missing:
        change = _change_in(q, source) if q.role == "by" else None
        if change is None:
            level = _as_level(q, source) if q.role == "by" else None
            if level is not None:
                conflicts.append((q, level))  # "rose by 2,340" against "rose by 16% to 2,340 incidents"
            else:
                left.append(q)
            continue
        old, new = change
        derived = _amount(q, old, new)
        if derived is None:
            left.append(q)
            continue
        if consistent(q._replace(role=""), derived):
            matched[_position(claim, q)] = (q, new)
            computed.append(q)
        elif (q.context - _FRAME_WORDS).isdisjoint(old.context | new.context | _counts(old) | _counts(new)):
            # "The number of calls handled fell by 15,000 ..., a drop of about 7.5%" against "Almost 38
            # per cent of callers hung up, up from 22 per cent a year earlier": no word but when and
            # which way shared, the change of something else
            left.append(q)
        else:
            conflicts.append((q, new))
    return left, tuple(computed)


def _counts(q: Quantity) -> frozenset[str]:
    """The terms of what a count counts (``burglari`` of ``3,120 burglaries``)."""
    return frozenset(q.dim[6:].split()) if q.dim[:6] == "count:" else _NONE


_FRAME_WORDS: Final = (
    _DIRECTIONS | _BEFORE_WORDS | frozenset((YEAR_BEFORE, *(stem(w) for w in ("compared", "last"))))
)
"""A change amount's words of its direction and of the time it is against (``compared with the same
six months a year earlier``): no words of what changed."""


def _of_a_group(q: Quantity, text: str) -> bool:
    """Is ``q`` a percentage of a group ``text`` names after it (``40% of tenants``)?"""
    return q.dim == "fraction" and text.startswith(" of ", q.end)


_RATE_AFTER: Final = re.compile(
    r"\s+(?:discount|rise|increase|cut|reduction|fall|drop|stake|surcharge|premium|interest|tax|levy"
    r"|commission|mark-?up|saving|savings|off|pay\s+rise|return|yield|growth|decline)\b",
    re.IGNORECASE,
)
"""The noun right after a percentage that makes it one of a price or a change (``a 25% discount``,
``a 3% pay rise``), not a share of a group."""


def _as_level(q: Quantity, source: Sequence[Quantity]) -> Quantity | None:
    """The value a sentence's change went to (role ``to``) that a claim's change amount ``q``
    (not a percentage) gives as its amount: the claim read the level as the change."""
    if q.dim == "fraction":
        return None
    plain = q._replace(role="")
    return next((r for r in source if r.role == "to" and _same_dim(r, q) and consistent(plain, r)), None)


def _amount(q: Quantity, old: Quantity, new: Quantity) -> Quantity | None:
    """The change from ``old`` to ``new`` as a figure of ``q``'s kind: their difference, or for a
    percentage of a non-percentage their ratio (None from a value of 0 or less, and for percentage
    points of a non-percentage: ``fell by 0.75 percentage points`` is no change of £30,000 to £48,000)."""
    if q.dim == "fraction" and new.dim != "fraction":
        if old.low <= 0 or "point" in q.text.lower():
            return None  # (percentage points are a difference of two shares, no ratio of two sums)
        value = abs(new.low - old.low) / old.low
        tolerance = (new.tolerance + old.tolerance) / old.low
    else:
        value = abs(new.low - old.low)
        tolerance = new.tolerance + old.tolerance
    return q._replace(low=value, high=value, kind="exact", tolerance=tolerance, role="")


def changed_between(
    q: Quantity, figures: Sequence[Quantity], years: Sequence[float] = ()
) -> tuple[Quantity, Quantity, bool] | None:
    """Two figures of ``q``'s kind and of two years among ``figures`` (of several sentences) for a
    change amount or a difference ``q`` (``grown by 22,700 tonnes since 2019`` against ``61,200
    tonnes of cargo in 2023`` and ``in 2019, when it handled 38,500 tonnes``): (the older, the newer,
    whether their difference is ``q``), or None. With ``years`` (the claim's), the older is of the
    earliest; the first pair whose difference is ``q`` is taken, else, when both ends are of the
    claim's years, the pair that says otherwise. A direction the claim names (``grown``) is the one
    the two take."""
    values = [
        r
        for r in figures
        if r.role != "by"
        and r.year > 0
        and r.low == r.high
        and r.kind in ("exact", "approx")
        and r.dim not in ("year", "fraction", "date")
        and _same_dim(r, q)
    ]
    way = 1 if "increas" in q.context else -1 if "decreas" in q.context else 0
    target = q._replace(role="")
    against: tuple[Quantity, Quantity, bool] | None = None
    for a, b in combinations(values, 2):
        if a.year == b.year:
            continue
        old, new = (a, b) if a.year < b.year else (b, a)
        if years and old.year != min(years):
            continue
        derived = _amount(q, old, new)  # (a difference: no value here is a share)
        if (
            derived is not None
            and consistent(target, derived)
            and not (way and (new.low - old.low) * way <= 0)
        ):
            return old, new, True
        if against is None and new.year in years:
            against = (old, new, False)
    return against


def _change_in(q: Quantity, source: Sequence[Quantity]) -> tuple[Quantity, Quantity] | None:
    """The old and the new value of the change a change amount ``q`` can be measured against: of
    its dimension (of any for a percentage), up to its year (:func:`_from_to`)."""
    values = [r for r in source if r.dim not in ("year", "fraction") or r.dim == q.dim]
    if q.dim != "fraction":
        values = [r for r in values if _same_dim(r, q)]
    return _from_to(values, q.year, q.context)


def trend_in(source: Sequence[Quantity], year: float = 0.0) -> tuple[Quantity, Quantity] | None:
    """The old and the new value of a change a sentence gives (``from 40 to 25 minutes``, ``$4.0
    million in 2023 and $5.2 million in 2024``), up to ``year`` when not 0: what a claim that
    something rose or fell in that year is checked against."""
    values = [r for r in source if r.dim != "year" and r.dim[:4] != "rank" and not r.vague and r.role != "by"]
    return _from_to(values, year)


def _from_then_to(old: Quantity, new: Quantity) -> bool:
    """Are ``old`` and ``new`` written as ``from <old> to <new>``? (Offsets only: ``to`` right after the
    value before, ``old.text`` ending where the words between begin.)"""
    return 0 < new.start - old.end <= _TO_GAP and _same_dim(old, new)


_TO_GAP: Final = len(" to ")


def _from_to(
    values: Sequence[Quantity], year: float, about: frozenset[str] = frozenset()
) -> tuple[Quantity, Quantity] | None:
    """A ``from`` and a ``to`` of one dimension among ``values`` (the ``to`` may be the figure before
    the ``from``: ``68,400 ..., up from 51,200``), else the two newest of one dimension and two years
    (up to ``year`` when not 0). Of two changes written ``from ... to ...``, the one whose words share
    most of ``about`` (a claim figure's: ``Digital loans rose to 212,400, up from 158,900 ..., while
    printed book loans fell from 231,000 to 198,600``, the printed loans' for a claim of them)."""
    old = next((r for r in values if r.role == "from"), None)
    if about and old is not None and sum(r.role == "from" for r in values) > 1:
        written = [
            (a, b)
            for a in values
            if a.role == "from"
            for b in values
            if b.role == "to" and _from_then_to(a, b)
        ]
        if written:

            def shared(pair: tuple[Quantity, Quantity]) -> int:
                return len((pair[0].context | pair[1].context) & about)

            best = max(written, key=shared)
            if shared(best) > len(old.context & about):
                return best
    # (of one dimension: "fallen to 6,200 copies, from 21,000" counts copies both times; the one right
    # after the "from" when the two are written "from ... to ...": "reduced its support to 80% in
    # 2022 and ... seen rates fall from 91% to 84%" is a change from 91% to 84%)
    new = next((r for r in values if r.role == "to" and (old is None or _same_dim(r, old))), None)
    if old is not None and new is not None and new.start < old.start:
        new = next((r for r in values if r.role == "to" and _from_then_to(old, r)), new)
    if old is None and new is None:
        # "3,120 burglaries last year, 18% fewer than the year before": the value it was, computed
        old = next((r for r in values if _before_than(r)), None)
    if old is not None and new is None:
        # "68,400 potholes ..., up from 51,200 the year before": the value before the "from" is the
        # one the change led to.
        k = next(i for i, r in enumerate(values) if r is old)
        new = next((r for r in reversed(values[:k]) if not r.role and _same_dim(r, old)), None)
    if old is not None and new is not None:
        return old, new
    dated = sorted((r for r in values if r.year and r.low == r.high), key=lambda r: r.year)
    if year:
        dated = [r for r in dated if r.year <= year]
    if len(dated) >= 2 and _same_dim(dated[-1], dated[-2]) and dated[-1].year != dated[-2].year:
        return dated[-2], dated[-1]  # "1,240 offences in 2022 and 1,180 in 2023": the count, twice
    if len(dated) == 1:
        # "£1.3 million ... last year, almost three times the £450,000 it spent in 2021": of two values,
        # the one given a year is the older, the one given none the newer
        undated = [r for r in values if not r.year and r.kind == "exact" and _same_dim(r, dated[0])]
        if len(undated) == 1 and undated[0].low == undated[0].high:
            return dated[0], undated[0]
    return None


def _position(claim: Sequence[Quantity], q: Quantity) -> int:
    """Where ``q`` (itself, not an equal figure) stands among the claim's figures: its key in
    :func:`compare`'s ``matched``."""
    return next(i for i, c in enumerate(claim) if c is q)


def _undated_against_dated(
    claim: Sequence[Quantity],
    matched: dict[int, tuple[Quantity, Quantity]],
    conflicts: list[tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
) -> None:
    """A claim's figure written with its year right after it (``dropped to £310,000 by 2022``) and
    paired with a figure the sentence gives no year, where the sentence gives another value of that
    dimension for the claim's year (``falling from £2.4 million in 2022 to £310,000``): the year's
    figure disagrees with the claim's. Moved from ``matched`` to ``conflicts``. (Only a year right
    after the figure: a claim's year read further off may be another figure's, ``from 1,240 in 2022
    to 1,870 last year``.)"""
    for i, (q, r) in list(matched.items()):
        if not q.year or r.year or q.dim == "year" or q.role == "from":
            # (a year after where a change started may be the change's: "fell to £1.1m a year from
            # £1.4m in 2023")
            continue
        if not any(y.dim == "year" and y.low == q.year and 0 < y.start - q.end <= _NEXT_TO for y in claim):
            continue
        dated = next(
            (
                other
                for other in source
                if other is not r
                and other.year == q.year
                and other.dim == q.dim
                and not _overlap(q.interval(), other.interval())
            ),
            None,
        )
        if dated is not None:
            del matched[i]
            conflicts.append((q, dated))


_NEXT_TO: Final = 5
"""How far a year may stand after a figure to be that figure's beyond doubt (``£310,000 by 2022``)."""


def _dated(
    claim: Sequence[Quantity],
    conflicts: list[tuple[Quantity, Quantity]],
    matched: dict[int, tuple[Quantity, Quantity]],
    source: Sequence[Quantity],
) -> list[tuple[Quantity, Quantity]]:
    """The conflicts less a claim's year that the source gives to the same figure, which join
    ``matched`` (by the claim figure's position): ``lent 47,000 books in 2021`` against ``52,000
    books in 2022, up from 47,000 in 2021`` pairs the claim's figure with the source's of 2021, so
    the claim's 2021 is that year, not the 2022 whose words its own context shares more. A year
    the sentence gives only to a computed figure pairs with that figure."""
    years = {a.year for a, b in matched.values() if a.year and a.year == b.year}
    years |= {b.year for a, b in matched.values() if b.role == "derived" and b.year and not a.year}
    if not years:
        return conflicts
    kept = []
    for q, r in conflicts:
        if q.dim == "year" and q.low == q.high and q.low in years:
            same = next((y for y in source if y.dim == "year" and y.low == y.high == q.low), None)
            if same is None:
                # A year only a computed figure is of ("rose 4% to £285,000 in 2024": £274,000 in
                # 2023): the claim's year is that figure's.
                same = next((b for a, b in matched.values() if b.role == "derived" and b.year == q.low), None)
            if same is not None:
                matched[_position(claim, q)] = (q, same)
                continue
        kept.append((q, r))
    return kept


def _of_the_earlier_value(
    conflicts: list[tuple[Quantity, Quantity]], matched: dict[int, tuple[Quantity, Quantity]]
) -> tuple[list[tuple[Quantity, Quantity]], list[Quantity]]:
    """The conflicts less a claim's year against the year the sentence gives only the value a change
    started from, where the claim's figure of that year pairs with one the sentence gives no year
    (``full on 63 days in 2023, up from 41`` against ``full on 63 days during the year, compared with
    41 days in 2022``: 2022 is the 41's; the sentence does not say which year the 63 is of). Those
    years are returned apart, as figures the sentence does not state."""
    earlier = {b.year for a, b in matched.values() if a.role == "from" and b.year}
    undated = {a.year for a, b in matched.values() if a.year and not a.role and not b.year}
    if not earlier or not undated:
        return conflicts, []
    kept, apart = [], []
    for q, r in conflicts:
        if q.dim == "year" and r.dim == "year" and q.low in undated and r.low in earlier and q.low > r.low:
            apart.append(q)
        else:
            kept.append((q, r))
    return kept, apart


_RANKED: Final = itemgetter(0, 1)
"""Counterparts in order: the claim figure's year, the claim's statistic, most context shared, same
part in a change, fewest foreign terms, as written."""

_NONE: Final[frozenset[str]] = frozenset()
_STATISTICS: Final = frozenset(
    ("averag", "mean", "median", "peak", "maximum", "max", "minimum", "min", "total", "final", "interim")
)
_PERCENTILE: Final = re.compile(r"p\d{1,3}(?:\.\d+)?")


_SAME_STATISTIC: Final = {
    "p50": "median",
    "averag": "mean",
    "maximum": "max",
    "peak": "max",
    "minimum": "min",
}


def _statistics(context: frozenset[str]) -> frozenset[str]:
    """The statistics a figure's context names: ``p95``, ``median``, ``peak``, ``total``, ``final``...
    (stems; one name each: ``p50`` is the median, ``average`` the mean). Two figures that name
    different ones measure different things (``p95 ... 45 ms while p50 stayed at 12 ms``, ``a final
    dividend of 12p ..., bringing the total for the year to 18p``), however many other words they
    share."""
    found = context & _STATISTICS
    for term in context:
        if term[:1] == "p" and _PERCENTILE.fullmatch(term):
            found |= {term}
    return frozenset(_SAME_STATISTIC.get(t, t) for t in found) if found else _NONE


_HOTLINES: Final = frozenset(("999", "911", "112", "111", "101"))
"""Telephone numbers of emergency and helpline services."""
_HOTLINE_AFTER: Final = re.compile(
    r"[\s-]+(?:calls?|callers?|lines?|numbers?|operators?|handlers?|services?)\b", re.I
)
_HOTLINE_BEFORE: Final = re.compile(
    r"\b(?:a|an|the|every|each|no|any|its|their|our|his|her|emergency|urgent|non-emergency)\s+$", re.I
)
"""What stands before and after a :data:`_HOTLINES` number dialled (``a 999 call``, ``the 111
service``, ``emergency 999 calls``) rather than counted (``answered 999 calls``)."""
_ROUTE_NUMBER: Final = re.compile(ROUTE_AFTER, re.IGNORECASE)
_ROUTE_NAMED_BEFORE: Final = re.compile(
    r"\b(?:routes?|bus(?:es)?|lines?|services?|platforms?)\s+(?:\d+\s*(?:,|and|or|&)\s*)*$", re.IGNORECASE
)
"""The word before a route's number, or a list of them (``routes 14 and 31``, ``bus 7``)."""
_ROUTE_BEFORE: Final = re.compile(f"{ROUTE_BEFORE}$", re.IGNORECASE)
"""A number between ``the`` (``number``) and a route's word in the singular (``the fixed 47 route``,
``the number 4 bus``, ``the 12 line``): the route's name (an identifier), no count of routes or buses."""


def _other_end(q: Quantity, r: Quantity, source: Sequence[Quantity]) -> bool:
    """Is a claim's value after a change (``rose to 3,860``) set against the value a sentence gives
    it started from (``That is up from 2,150``), or the other way round, the sentence giving no value
    of the claim's end, nor the two of one year? The two ends of a change differ: the sentence does
    not say the claim's (but ``rose to 5.4 million in 2022`` against ``4.6 million in 2022`` does)."""
    return (
        {q.role, r.role} == {"from", "to"}
        and not (q.year and q.year == r.year)
        and not any(other.role == q.role for other in source)
    )


def _part_within(q: Quantity, whole: Quantity, source: Sequence[Quantity], claim_text: str) -> bool:
    """Is a claim's count or sum a part of a whole (``About 2,000 of the saplings``, ``About £85
    million of the council's adult social care budget``) that the source's figure of the whole holds
    (``4,800 saplings``, ``£212 million``), the source giving no part of it (not ``will close 42 of
    its 210 stores``, whose 42 is the part to compare)? A part less than its whole does not disagree
    with it: which part it is, the source does not say."""
    return (
        (q.dim[:6] == "count:" or q.dim[:6] == "money:")
        and (" of " in q.text or (bool(claim_text) and _OF_THE.match(claim_text, q.end) is not None))
        and " of " not in whole.text
        and q.high < whole.low
        # (the whole's value before a change is no part: "6,450 adults, up from 5,980")
        and not any(r.dim == q.dim and r.role != "from" for r in source if r is not whole)
    )


def _about(q: Quantity) -> frozenset[str]:
    """What a figure is about: its context, and what it counts (``210,000 visits``: ``visit``;
    ``128 affordable homes``: affordable homes, which ``320 new homes, 40% of them affordable``
    makes of its 40%)."""
    return q.context.union(q.dim[6:].split()) if q.dim.startswith("count:") else q.context


_ONES: Final = "count:one"
"""``12 new ones``: the count of what the words before it name."""


def _counted(dim: str) -> str:
    """The thing a count counts: the last word of its dimension (``match`` of ``count:leagu match``)."""
    return dim.rsplit(" ", 1)[-1].removeprefix("count:")


def _before_than(q: Quantity) -> bool:
    """Is ``q`` the value a figure had before, computed from a change ``than`` a time before (``18%
    fewer than the year before``: :func:`_than_bases`)?"""
    return q.role == "derived" and q.text.endswith(" than")


def _same_dim(a: Quantity, b: Quantity) -> bool:
    if a.dim == b.dim:
        return True
    if a.dim.startswith("count:") and b.dim.startswith("count:"):
        # "opened 12 new ones" after "closed no branches": a count of ones counts what its clause names.
        if a.dim == _ONES:
            return not a.context.isdisjoint(b.dim[6:].split())
        if b.dim == _ONES:
            return not b.context.isdisjoint(a.dim[6:].split())
        mine, theirs = a.dim[6:].split(), b.dim[6:].split()
        if len(mine) > 1 and len(theirs) > 1 and mine[-1] == theirs[-1] and mine[:-1] != theirs[:-1]:
            # "three grammar schools", "three secondary schools": other schools; "212,000 smart meters"
            # and "212,000 smart water meters" (read as water meters) are one count, one said more fully
            return set(mine[:-1]) <= set(terms(b.text)) or set(theirs[:-1]) <= set(terms(a.text))
        return not set(mine).isdisjoint(theirs)
    # A bare number whose clause names what the count counts: "visits were 210,000", "210,000 visits";
    # the thing counted, not a word before it ("the league's top try scorer with 19" counts no
    # "league matches").
    if a.dim == "number" and b.dim.startswith("count:"):
        return _counted(b.dim) in a.context and _counted(b.dim) not in _TIME_COUNTED
    if b.dim == "number" and a.dim.startswith("count:"):
        return _counted(a.dim) in b.context and _counted(a.dim) not in _TIME_COUNTED
    if a.dim == "ratio" or b.dim == "ratio":
        return _multiplied(a, b) is not None
    if a.dim.startswith("rank:") and b.dim.startswith("rank:"):
        # The first by how many or how much, in other words: "where the most fines were issued" and "the
        # busiest street for fines", "the most since 1978" and "its highest total since 1978".
        if _top_ranks(a, b):
            return True
        # Opposite ranks: "the largest" and "the smallest" rank one thing (the first of each is two subjects).
        return _opposite(a.dim, b.dim)
    return False


_TIME_COUNTED: Final = frozenset(
    ("day", "daili", "week", "month", "year", "annual", "hour", "minut", "period")
)
"""What a count counts that a bare number's words name as its time (``four weeklies`` against ``weekly
print sales ... 21,300``): the number counts something else."""
_TOP_WORDS: Final = frozenset(("most", "highest", "busiest", "largest", "biggest", "greatest"))
"""Superlatives of how many or how much: one rank in other words (:func:`_same_dim`)."""


_TALLIES: Final = frozenset(stem(w) for w in ("total", "figure", "tally", "result", "attendance", "turnout"))
"""What a ``best`` may be the highest of (``its best total since 1974``)."""


def _top_ranks(a: Quantity, b: Quantity) -> bool:
    """Are two ranks both of :data:`_TOP_WORDS` (``rank:most fine``, ``rank:busiest``), or one a
    ``best`` of a total (``its best total since 1974`` and ``the highest total since 1974``)?"""
    return _top(a) and _top(b)


def _top(q: Quantity) -> bool:
    word = q.dim[5:].split(" ", 1)[0]
    return word in _TOP_WORDS or (word == "best" and not _TALLIES.isdisjoint(q.context))


def _multiplied(a: Quantity, b: Quantity) -> tuple[Quantity, Quantity] | None:
    """(the ratio, the change) when one figure is a ratio (``tripled``, ``halved``) and the other a
    change in percent (``rose 200%``, ``fell 50%``): one measure of a change, two ways."""
    if a.dim == "ratio" and b.dim == "fraction" and b.role == "by":
        return a, b
    if b.dim == "ratio" and a.dim == "fraction" and a.role == "by":
        return b, a
    return None


# --- reading -----------------------------------------------------------------


def _spelled_at(text: str, pos: int) -> bool:
    """Does a spelled number start at ``pos`` (``eight reservoirs``)?"""
    word = text[pos : pos + 12].split(None, 1)
    return bool(word) and word[0].casefold().split("-", 1)[0] in _WORD_NUMBERS


_MONTH_AFTER: Final = re.compile(rf"(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>{_MONTH_WORDS})\b")
_MONTH_BEFORE: Final = re.compile(rf"\b(?P<month>{_MONTH_WORDS})\.?\s+$")
"""A month beside a number of one or two digits (``1 March``, ``12th of May``, ``March 1``): a day,
its month's name capitalised (``12 may apply`` is no date)."""


def _date(text: str, raw: str, start: int, pos: int) -> Quantity | None:
    """A day of a month (dim ``date``, valued month x 100 + day: ``1 March`` is 301), compared only
    with another date: not a figure for a bare number of the sentence to pair with (``from 1 March``
    against ``every 20``). None for no day (0, or over 31)."""
    day = int(raw)
    if not 1 <= day <= 31:
        return None
    after = _MONTH_AFTER.match(text, pos)
    if after is not None:
        month, end = after.group("month"), after.end()
    else:
        before = _MONTH_BEFORE.search(text, max(0, start - 12), start)
        if before is None or unit_after(text, pos, None)[0] != "number":
            return None  # "In May 12 stores closed": a count after a month
        month, start, end = before.group("month"), before.start(), pos
    value = float(_MONTH_NUMBER[month] * 100 + day)
    return Quantity(value, value, "date", "exact", 0.5, start, end, text[start:end])


_DAY_JOINER: Final = re.compile(r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|to|&)\s+|\s*[-\u2013]\s*)")
"""What joins the days of one month in a list or a span (``23 and 24 April``, ``April 23, 24 and 25``,
``12-14 June``)."""


def _listed_days(text: str, found: list[Quantity]) -> list[Quantity]:
    """The bare days a date's month is written once for: ``on the nights of 23 and 24 April`` (23
    April too), ``April 23 and 24`` (April 24 too), each a ``date`` as :func:`_date` reads one."""
    out = list(found)
    for i in range(len(out) - 2, -1, -1):  # day first: the month after the last day
        after = out[i + 1]
        if after.dim == "date" and after.text[:1].isdigit():
            _day_of(text, out, i, month=after, a=out[i], b=after)
    listed = False  # the day before was one of a month written before it
    for i in range(1, len(out)):  # month first: the month before the first day
        before = out[i - 1]
        if (
            before.dim == "date"
            and (listed or not before.text[:1].isdigit())
            # a comma alone only inside the list ("April 23, 24 and 25"; "On June 12, 15 were hurt")
            and (
                text[before.end : out[i].start].strip() != ","
                or (
                    i + 1 < len(out) and _DAY_JOINER.fullmatch(text, out[i].end, out[i + 1].start) is not None
                )
            )
        ):
            listed = _day_of(text, out, i, month=before, a=before, b=out[i])
        else:
            listed = False
    return out


def _day_of(text: str, out: list[Quantity], i: int, *, month: Quantity, a: Quantity, b: Quantity) -> bool:
    """Make ``out[i]``, a bare day joined to its neighbour (``a`` then ``b``) by :data:`_DAY_JOINER`,
    a date of ``month``'s month; whether it was one. (A function of its own, not a closure: compiled, a
    closure and the frame it reads hold each other until the garbage collector runs.)"""
    q = out[i]
    if (
        q.dim == "number"
        and q.kind == "exact"
        and q.text.isdigit()
        and 1 <= int(q.text) <= 31
        and _DAY_JOINER.fullmatch(text, a.end, b.start) is not None
    ):
        value = float(int(month.low) // 100 * 100 + int(q.text))
        out[i] = q._replace(low=value, high=value, dim="date", tolerance=0.5)
        return True
    return False


_WITHIN: Final = re.compile(r"within\b", re.IGNORECASE)
_TEMPERATURES: Final = frozenset(("celsius", "fahrenheit"))
_MINUS_BEFORE: Final = re.compile(r"(?:^|(?<=[\s(]))(?:[-\u2212\u2013]|minus\s+)$", re.IGNORECASE)
"""A sign before a temperature (``fell to -3.5C``, ``minus 4C``; not ``5-10C``, a range)."""
_BELOW_ZERO_AFTER: Final = re.compile(r"\s+below\s+(?:zero|freezing)\b", re.IGNORECASE)
"""After a temperature: below zero (``3.5C below freezing``)."""


def _below_zero(text: str, found: list[Quantity]) -> list[Quantity]:
    """Temperatures below zero as negative figures: ``-3.5C``, ``minus 3.5C`` and ``3.5C below
    freezing`` are one temperature, and none of them is 3.5C (read without its sign, each stated
    what a source's 3.5C above zero says)."""
    out = list(found)
    for i, q in enumerate(found):
        if q.dim in _TEMPERATURES and q.low >= 0:
            sign = _MINUS_BEFORE.search(text, max(0, q.start - 6), q.start)
            if sign is not None:
                start = sign.start()
                out[i] = q._replace(low=-q.high, high=-q.low, start=start, text=text[start : q.end])
            elif _BELOW_ZERO_AFTER.match(text, q.end) is not None:
                out[i] = q._replace(low=-q.high, high=-q.low)
    return out


_ISO_DATE: Final = re.compile(r"\b(?:19|20)\d\d-(?P<month>\d\d)-(?P<day>\d\d)\b")
"""A date written year first (``2025-02-02``)."""


def _iso_date(m: re.Match[str]) -> Quantity | None:
    """The day of an ISO date (``2025-02-02``; its year is read as a year): a ``date`` as
    :func:`_date` reads ``2 February``. None for no month or day."""
    month, day = int(m.group("month")), int(m.group("day"))
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    value = float(month * 100 + day)
    return Quantity(value, value, "date", "exact", 0.5, m.start("month"), m.end(), m.group())


def _read(text: str, m: re.Match[str]) -> Quantity | None:
    kind_of = m.lastgroup
    if kind_of == "word":
        # The pattern folds case the Unicode way (a long s or a dotless i matches): a word it lets
        # through that is not in the tables is not read, rather than a KeyError on hostile text.
        ratio = _WORD_RATIO.get(" ".join(m.group("word").casefold().split()))
        if ratio is None:
            return None
        # "nearly doubled", "more than tripled": the qualifier counts, as before a number.
        kind, _, begin = _qualifier(text, m.start(), m.start())
        per = period_after(text, m.end()) if m.group("word").lower() in ("twice", "thrice") else None
        if per is not None:  # "twice a week": how often, as "two times a week" is
            seconds, end = per
            return Quantity(
                ratio / seconds, ratio / seconds, "rate", kind, 0.5 / seconds, begin, end, text[begin:end]
            )
        return Quantity(
            ratio, ratio, "ratio", kind, MIN_TOLERANCE * ratio, begin, m.end(), text[begin : m.end()]
        )
    if kind_of == "share":
        return _share(text, m)
    if kind_of == "rank":
        if m.group("placed") is not None and _PLACES_AWAY.search(text) is not None:
            return None  # "finished fourth, two places below last season": last season's is another
        return _rank(text, m)
    if kind_of == "wnum":
        # Spelled-out numbers count only with a unit or a noun: "three regions", "ten seconds".
        spelled = _spelled_value(m.group("wnum"))
        if spelled is None:
            return None
        value, tolerance, unit_at = spelled, 0.5, m.end()
        tail = _and_a_part(text, unit_at)
        if tail is not None:  # "two and a half hours"
            part, tolerance, unit_at = tail
            value += part
        dim, factor, end = unit_after(text, unit_at, None)
        if tail is not None and (dim == "number" or dim.startswith(("count:", "money"))):
            return None  # "two and a half times", "three and a half stars": not read here
        if dim == "number" and _JOINED.match(text, m.end()) is not None:
            # "a three-bedroom house", "a five-star hotel": what "3-bedroom" says in digits
            return Quantity(value, value, "number", "exact", 0.5, m.start(), m.end(), m.group("wnum"))
        if dim == "number" and _ELIDED_BY.match(text, m.end()) is not None:
            # "winning 34 of the 60 seats, three fewer than in 2021": by how much, in the unit of the
            # figure before it (_elided_units)
            return Quantity(value, value, "number", "exact", 0.5, m.start(), m.end(), m.group("wnum"))
        if dim == "number" and value >= 2 and _ENDS_ITS_CLAUSE.match(text, m.end()) is not None:
            # "Ashby lost seven of its 19 pharmacies, while Wenford lost only three.": three of what a
            # count before it counts, as a bare "3" is (_elided_units)
            return Quantity(value, value, "number", "exact", 0.5, m.start(), m.end(), m.group("wnum"))
        if dim == "number" and _ELIDED_SUBJECT.match(text, m.end()) is not None:
            # "96 turbines ..., although six were shut down": six of them (_elided_units)
            return Quantity(value, value, "number", "exact", 0.5, m.start(), m.end(), m.group("wnum"))
        if dim == "number":
            of = _OF_WHOLE.match(text, m.end())
            if of is None or (_DIGIT.match(text, of.end()) is None and not _spelled_at(text, of.end())):
                return None
            # "nine of the district's 12 schools", "two of the eight reservoirs": a part of a whole
            # (_parts_of_wholes reads the share)
            return Quantity(value, value, "number", "exact", 0.5, m.start(), m.end(), m.group("wnum"))
        low = value * factor
        kind, word, qualified = _qualifier(text, m.start(), m.start())  # "up to five times"
        if word == "over" and dim == "time":
            kind = "exact"  # "over two years" is during them
        begin = qualified if kind != "exact" else m.start()
        return Quantity(low, low, dim, kind, tolerance * factor, begin, end, text[begin:end])
    raw = m.group("num")
    start, pos = m.start(), m.end()
    if _CLOCK.match(text, pos) is not None:
        return None  # "9.30am", "7 pm": a time of day (checks.grounding.identifiers), no figure
    if (
        raw.isdigit()
        and _ROUTE_NUMBER.match(text, pos) is not None
        and _ROUTE_BEFORE.search(text, max(0, start - 24), start) is not None
    ):
        return None  # "the fixed 47 route", "the number 4 bus": the route's name, no figure
    if (
        raw.isdigit()
        and _ROUTE_NAMED_BEFORE.search(text, max(0, start - 40), start) is not None
        and unit_after(text, pos, None)[0] == "number"
    ):
        return None  # "routes 14 and 31 will go from four buses an hour to three": routes' names
    if (
        raw in _HOTLINES
        and _HOTLINE_AFTER.match(text, pos) is not None
        and _HOTLINE_BEFORE.search(text, max(0, start - 12), start) is not None
    ):
        return None  # "an hour not spent answering a 999 call": the number dialled, no count of calls
    if len(raw) <= 2 and (
        _MONTH_AFTER.match(text, pos) is not None or _MONTH_BEFORE.search(text, max(0, start - 12), start)
    ):
        # (a cheap test first: every number of one or two digits is tried, few are days)
        date = _date(text, raw, start, pos)
        if date is not None:
            return date
    value = _value(raw)
    if (
        text.startswith("s", pos)
        and raw[-1] == "0"
        and _year_like(raw)
        and not text[pos + 1 : pos + 2].isalnum()
    ):
        # "the 1990s": the years 1990 to 1999 (not 1,990 seconds)
        return Quantity(value, value + 9, "year", "range", 0.5, start, pos + 1, text[start : pos + 1])
    share = _IN_DIGITS.match(text, pos) if text.startswith((" in ", " out "), pos) else None
    if share is not None and not _year_like(raw) and not _year_like(share.group("num")):
        whole = _value(share.group("num"))
        if 0 < value < whole:  # "1 in 4 adults", "9 out of 10": a share
            ratio = value / whole
            end = share.end()
            # A numerator with decimals is a score ("rated 4.6 out of 5"): as precise as it is written.
            spread = _tolerance(raw, value) / whole if "." in raw else SHARE_TOLERANCE * ratio
            return Quantity(ratio, ratio, "fraction", "exact", spread, start, end, text[start:end])
    tolerance = _tolerance(raw, value)
    currency = _currency_before(text, start)
    begin = start - (len(currency[1]) if currency else 0)
    kind, word, qualified = _qualifier(text, begin, start)
    if kind != "exact" or word == "between":
        begin = qualified
    scale, pos = scale_after(text, pos, currency=currency is not None)
    value *= scale
    tolerance *= scale
    if kind in ("lower", "upper"):
        # "less than £1 million", "more than 1 hour": a bound on a round figure is that figure, give or
        # take its last few percent, not the half million (the half hour) it may be rounded by.
        tolerance = min(tolerance, ROUND_TOLERANCE * value)
    if kind == "exact" and text.startswith("+", pos):
        kind, pos = "lower", pos + 1
    dim, factor, after_unit = unit_after(text, pos, currency)
    if dim.startswith("count:") and value < 1:
        dim, factor = "number", 1.0  # "0.4 of customers": a share, not a count of 0.4 customers
    elif (
        dim.startswith("count:")
        and scale == 1.0
        and _year_like(raw)
        and (
            _when_before(text, begin)
            # "From 2019 to 2024 the cliffs": the second of two years
            or (
                (years := _SECOND_YEAR.search(text, max(0, begin - 24), begin)) is not None
                and _two_years(text, years["first"], raw, m.end())
            )
        )
    ):
        dim, factor = "number", 1.0  # "in 2024 sales rose": a year, then what it counts; read below
    else:
        pos = after_unit
    # A number with a thousands separator names nothing: "and Kestrel 5,500" is Kestrel's figure,
    # not a model the way "Python 3.8" or "Boeing 737" is.
    named = (
        currency is None
        and (dim == "number" or dim.startswith("count:"))
        and not _year_like(raw)
        and _GROUPED.fullmatch(raw) is None
    )
    # A tally's first count ("voted 7-2", "beat Rovers 3-1"): no name ("Rovers 3"), no range ("voted 2-7").
    tally = (
        currency is None
        and scale == 1.0
        and (dim == "count:vote" or (dim == "number" and not _year_like(raw)))
        and _tally_at(text, start, m.end()) is not None
    )
    if (
        named
        and not tally
        and _names(text, begin if kind == "exact" else start)
        and not _elliptical(text, begin, pos)
    ):
        return None
    low = high = value
    after = _NEXT.match(text, pos)
    follows = after.group(1) if after is not None else ""
    r = _RANGE.match(text, pos) if not tally and (not follows.isascii() or follows in _RANGE_STARTS) else None
    connector = r.group().strip().lower() if r is not None else ""
    if connector == "to" and word != "from" and _CHANGED.search(text, max(0, begin - 24), begin):
        r = None  # "rose 5 percent to 40 percent": the change and the new value, not a range
    if r is not None and (connector != "and" or word == "between"):
        second = _SECOND.match(text, r.end())
        if second is not None and (second.group("cur") is None or currency is not None):
            raw2 = second.group("num")
            hi_scale, end2 = scale_after(text, second.end(), currency=currency is not None)
            hi = _value(raw2) * hi_scale
            dim2, factor2, end2 = unit_after(text, end2, currency)
            if word == "from":
                # "from 41 to 23 minutes": a change, two figures; the first takes the unit.
                if (
                    dim == "number"
                    and dim2 != "number"
                    and _year_like(raw) == _year_like(raw2)
                    and not _two_years(text, raw, raw2, second.end())
                ):
                    dim, factor = dim2, factor2
            else:
                lo = value * (hi_scale if scale == 1.0 else 1.0)
                same_kind = _year_like(raw) == _year_like(raw2) and (dim2 == dim or "number" in (dim, dim2))
                if same_kind and 0 <= lo <= hi <= max(lo, 1.0) * 100:
                    if dim == "number" and _two_years(text, raw, raw2, second.end()):
                        end2 = second.end()  # "Between 2019 and 2024 the cliffs": years, nothing counted
                    elif dim == "number":
                        dim, factor = dim2, factor2
                    if scale == 1.0:
                        tolerance *= hi_scale
                    low, high, value, pos = lo, hi, lo, end2
                    kind = "range" if kind in ("exact", "approx") else kind
    low, high, tolerance = low * factor, high * factor, tolerance * factor
    if dim == "fahrenheit":
        dim, low, high, tolerance = "celsius", (low - 32) * 5 / 9, (high - 32) * 5 / 9, tolerance * 5 / 9
    # "10 or more", "65 and over": after a space, an "o" or an "a" (no other first letter starts them).
    after = _NEXT.match(text, pos)
    if after is not None and (after.group(1) in "oOaA" or not after.group(1).isascii()):
        plus = _PLUS.match(text, pos)
        if plus is not None and kind == "exact":
            kind, pos = "lower", plus.end()
        else:
            minus = _MINUS.match(text, pos)
            if minus is not None and kind == "exact":
                kind, pos = "upper", minus.end()
    if dim == "number" and scale == 1.0 and _year_like(raw) and high <= 2199:
        # "over 2023" is "during 2023": a year takes no bound. "Around 1890" is a few years either
        # side: five of a year rounded to tens, two of another.
        if word in _ABOUT_A_YEAR:
            span = 5.0 if raw[-1] == "0" else 2.0
            return Quantity(low - span, high + span, "year", "range", 0.5, begin, pos, text[begin:pos])
        return Quantity(
            low, high, "year", "exact" if high == low else "range", 0.5, start, pos, text[start:pos]
        )
    return Quantity(low, high, dim, kind, tolerance, begin, pos, text[begin:pos].strip())


def _rank(text: str, m: re.Match[str]) -> Quantity | None:
    """A rank: ``the second-largest`` is 2nd by size (``rank:big``), ``the largest`` 1st; ``the third
    tram line`` 3rd (``rank``, its subject in its context)."""
    if _NOT_A_RANK.search(text, max(0, m.start() - 40), m.start()):
        return None
    said = m.group("rank").lower().replace("-", " ").split()
    n = 1
    if said[0] in _ORDINALS:
        n, said = _ORDINALS[said[0]], said[1:]
    elif said[0][:-2].isdigit() and said[0][-2:] in ("st", "nd", "rd", "th"):
        n, said = int(said[0][:-2]), said[1:]
    # Without a superlative ("the third tram line") a place, its subject in its context.
    dim = _rank_dim(" ".join(said)) if said else "rank"
    return Quantity(float(n), float(n), dim, "exact", 0.5, m.start(), m.end(), m.group())


def _rank_dim(said: str) -> str:
    """``rank:`` and what a superlative ranks by: ``rank:big`` for ``largest`` and ``biggest``,
    ``rank:most visit`` for ``most visited``; one word for those that mean the same (``most
    expensive``, ``priciest``: ``costliest``)."""
    said = _SAME_SUPERLATIVE.get(said, said)
    first, _, rest = said.partition(" ")
    if first in ("most", "least") and rest:  # "the most visited", "the second most visited"
        return f"rank:{first} {stem(rest.split()[-1])}"
    return f"rank:{stem(first)}"


_SAME_SUPERLATIVE: Final = {
    "most expensive": "costliest", "priciest": "costliest", "dearest": "costliest",
    "least expensive": "cheapest", "most dangerous": "deadliest", "warmest": "hottest",
    "coolest": "coldest", "least busy": "quietest", "most recent": "newest",
    "best selling": "most popular", "worst selling": "least popular",
}  # fmt: skip
_OPPOSITE_SUPERLATIVES: Final = (
    "largest:smallest busiest:quietest oldest:newest oldest:youngest highest:lowest fastest:slowest "
    "cheapest:costliest longest:shortest tallest:shortest richest:poorest wealthiest:poorest "
    "hottest:coldest wettest:driest best:worst strongest:weakest heaviest:lightest deepest:shallowest "
    "safest:deadliest"
)


def _opposite_ranks() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for pair in _OPPOSITE_SUPERLATIVES.split():
        a, b = (_rank_dim(w) for w in pair.split(":"))
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {dim: frozenset(found) for dim, found in out.items()}


_OPPOSITE_RANKS: Final = _opposite_ranks()
"""``rank:big`` -> ``{rank:small}``...: the first of one and the first of the other are two subjects
(``Hollins is the largest and Petworth the smallest``: not both Petworth's)."""


def _opposite(a: str, b: str) -> bool:
    """Are two rank dimensions opposite ways of ranking (largest and smallest, most and least visited)?"""
    if b in _OPPOSITE_RANKS.get(a, ()):
        return True
    head_a, _, rest_a = a.partition(" ")
    head_b, _, rest_b = b.partition(" ")
    return rest_a == rest_b != "" and {head_a, head_b} == {"rank:most", "rank:least"}


_ONE_OF: Final = re.compile(
    rf"(?<![-\u2010\u2011])(?<!\bevery\s)(?<!\bEvery\s)(?<!\beach\s)\b[Oo]ne(?=\s+of\s+(?:(?:{_DETERMINERS})\s+|[^\W\d_][\w'\u2019-]*['\u2019]s\s+){{0,3}}"
    rf"(?:\d|(?:{'|'.join(_WORD_NUMBERS)})\b))"
)
"""``one`` before ``of`` and a figure (``only one of the 40 trial sites``): a part of that whole.
Elsewhere ``one`` is too common a word to be a figure (``one of the largest``); nor is the ``one`` of
``Forty-one of the 52 stalls``, nor that of ``every one of the six towers`` (all of them)."""


_OF_THE: Final = re.compile(r"\s+of\s+(?:the|its|their|these|those)\s", re.IGNORECASE)
_RANKED_AFTER: Final = re.compile(
    rf"(?:{_SUPERLATIVE}|most|least|first|last|[^\W\d_]{{2,}}est)\b", re.IGNORECASE
)
"""A superlative after ``one of the``: a rank among them (``one of the best records``), no count."""
_ONE_COUNT: Final = re.compile(
    r"\b(?:only|just|at|across|has|have|had|given|gets|got|receive[sd]?|takes?|took|needs?|needed"
    r"|requires?|required)\s+(?P<one>one|a\s+single)(?=\s)",
    re.IGNORECASE,
)
"""``only one``, ``at one``, ``has one``, ``across a single``, ``was given a single``: where ``one``
counts (alone it is too
common a word: ``one day``, ``no one``, ``one analyst said``)."""


def _one(text: str, m: re.Match[str]) -> Quantity | None:
    """``only one Harwick ferry``, ``at one site``: a count of one of what follows
    (:func:`~checks.grounding.units.counted_one`); ``only one of the town's libraries``: of what the
    words after ``of`` count, as ``both of the town's libraries`` counts two; or None."""
    counted = counted_one(text, m.end())
    of = _OF_THE.match(text, m.end()) if counted is None and m["one"].lower() == "one" else None
    if of is not None and _RANKED_AFTER.match(text, of.end()) is None:  # not "one of the best"
        dim, _, end = unit_after(text, m.end(), None)
        counted = (dim, end) if dim.startswith("count:") else None
    if counted is None:
        return None
    dim, end = counted
    start = m.start("one")
    return Quantity(1.0, 1.0, dim, "exact", 0.5, start, end, text[start:end])


def _both(text: str, m: re.Match[str]) -> Quantity | None:
    """``Both Harwick ferries``: a count of two of what follows, or None (``both of them``)."""
    dim, _, end = unit_after(text, m.end("both"), None)
    if not dim.startswith("count:"):
        return None
    return Quantity(2.0, 2.0, dim, "exact", 0.5, m.start(), end, text[m.start() : end])


def _all_or_none(m: re.Match[str]) -> Quantity:
    """``all of the``, ``every``, ``none of the`` (:data:`_ALL`): a share of 1 or 0, in words (``at
    half pay``: a half)."""
    value = 0.0 if m["none"] else 0.5 if m["half"] else 1.0
    word = m[m.lastgroup or 0]  # each alternative of the pattern is one named group
    end = m.start() + len(word)
    return Quantity(value, value, "fraction", "exact", ALL_TOLERANCE, m.start(), end, word, vague=True)


def _share(text: str, m: re.Match[str]) -> Quantity | None:
    """A share in words (``a third of``, ``one in five``; ``about half of``, ``more than a
    quarter of``), as a fraction."""
    said = " ".join(m.group("share").casefold().replace("-", " ").split())
    words = said.split()
    if words[-1] in _MORE_OR_LESS:  # "most teams": more than half; "a minority of": less
        kind_of: Kind = _MORE_OR_LESS[words[-1]]
        return Quantity(0.5, 0.5, "fraction", kind_of, 0.0, m.start(), m.end(), m.group(), vague=True)
    if "in" in words or "out" in words:
        part, whole = _SHARE_COUNTS.get(words[0]), _SHARE_COUNTS.get(words[-1])
    else:
        part = _SHARE_COUNTS.get(words[0], 1) if len(words) > 1 else 1
        whole = _SHARE_PARTS.get(words[-1].removesuffix("s"))
    if part is None or whole is None or part >= whole:
        return None  # the pattern folds case the Unicode way: a word not in the tables is not read
    ratio = part / whole
    start = begin = m.start()
    of_one = _OF_ONE.match(text, m.end())
    if of_one is not None:
        # "a third of an hour" (20 minutes), "a quarter of a million people": a part of one unit.
        scale, pos = scale_after(text, of_one.end() - 1, currency=False)
        dim, factor, end = unit_after(text, pos, None)
        if scale == 1.0 and (dim == "number" or dim.startswith("count:")):
            return None  # "half of a cake": a part of a thing, no figure
        value = ratio * scale * factor
        return Quantity(value, value, dim, "exact", SHARE_TOLERANCE * value, start, end, text[start:end])
    kind, _, qualified = _qualifier(text, start, start)
    begin = qualified if kind != "exact" else start
    tolerance = SHARE_TOLERANCE * ratio
    if kind in ("lower", "upper"):
        tolerance = min(tolerance, ROUND_TOLERANCE * ratio)  # "less than half": not 55%
    return Quantity(ratio, ratio, "fraction", kind, tolerance, begin, m.end(), text[begin : m.end()])


_SLASHED: Final = re.compile(
    r"(?<![\w/.,])(?P<part>\d{1,3})/(?P<whole>\d{1,3})(?![\w/%]|[.,]\d)(?=\s+(?:of|majority)\b)"
)
"""A share written with a slash, before ``of`` or ``majority``: ``3/4 of staff``, ``a 2/3 majority``
(not a date, ``12/05/2024``, nor ``24/7``: a part is less than its whole)."""


def _slashed(text: str, m: re.Match[str]) -> Quantity | None:
    """A share written with a slash (:data:`_SLASHED`) as a fraction, like ``three quarters of``."""
    part, whole = int(m.group("part")), int(m.group("whole"))
    if not 0 < part < whole:
        return None
    ratio = part / whole
    kind, _, qualified = _qualifier(text, m.start(), m.start())
    begin = qualified if kind != "exact" else m.start()
    return Quantity(
        ratio, ratio, "fraction", kind, SHARE_TOLERANCE * ratio, begin, m.end(), text[begin : m.end()]
    )


_JUST: Final = re.compile(r"\b(?:just|slightly|a\s+little|marginally)\s+$", re.IGNORECASE)
JUST_PAST: Final = 0.1
"""How far past its figure a bound said to be just past it reaches (``just over a third``: up to 10%
more than a third, 36.7%)."""


def _just_past(text: str, q: Quantity) -> Quantity:
    """A bound said to be only just past its figure (``just over a third``, ``slightly more than 200``,
    ``just under half``) as the range it leaves: from the figure to :data:`JUST_PAST` beyond it, not
    every value past it (57% is over a third, but not just over)."""
    m = _JUST.search(text, max(0, q.start - 12), q.start)
    if m is None:
        return q
    if q.kind == "lower":
        low, high = q.low, q.low * (1 + JUST_PAST)
    else:
        low, high = q.high * (1 - JUST_PAST), q.high
    return q._replace(low=low, high=high, kind="range", start=m.start(), text=text[m.start() : q.end])


def _qualifier(text: str, begin: int, start: int) -> tuple[Kind, str, int]:
    """The word that qualifies a figure written from ``begin`` (its number at ``start``): ``about``,
    ``more than``, ``under``... As (the figure's kind, the word, where the word starts); ("exact",
    "", ``begin``) when none does."""
    window = max(0, begin - 24)
    if not _may_end_with(text[window:start], _BEFORE_ENDS):
        return "exact", "", begin
    before = _BEFORE.search(text, window, start)
    if before is None:
        return "exact", "", begin
    word = " ".join(before.group("word").lower().split())
    if word == "up to" and _WENT_UP.search(text, max(0, before.start() - 16), before.start() + 2):
        return "exact", "", begin  # "went up to £80": the value a change reached, no bound
    if word == "up to" and _ADDS_UP.search(text, max(0, before.start() - 10), before.start() + 2):
        return "exact", "", begin  # "will add up to £6.3 million": a total, no bound
    kind: Kind = (
        "approx" if word in _APPROX else "lower" if word in _LOWER else "upper" if word in _UPPER else "exact"
    )
    return kind, word, before.start()


_CHANGED_WHAT_BY: Final = re.compile(
    r"\b(?:cut|cuts|cutting|rais(?:e|ed|es|ing)|reduc(?:e|ed|es|ing)|increas(?:e|ed|es|ing)"
    r"|lower(?:ed|s|ing)?|boost(?:ed|s|ing)?|lift(?:ed|s|ing)|trim(?:med|s|ming)?|slash(?:ed|es|ing)?"
    r"|expand(?:ed|s|ing)?|extend(?:ed|s|ing)|shorten(?:ed|s|ing)?|grew|grow(?:n|s|ing)?"
    r"|(?:put|push(?:ed)?|bump(?:ed)?)\s+up|(?:brought|bring|push(?:ed)?)\s+down"
    # a difference from a target or a record: "beat its first-year target by 86,000 trips"
    r"|beat(?:s|en|ing)?|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|outstrip(?:s|ped|ping)?|miss(?:es|ed|ing)"
    r"|overshot|overshoot(?:s|ing)?|undershot)"
    r"\s+(?:(?!by\b)[\w'\u2019-]+\s+){1,8}by\s*$",
    re.IGNORECASE,
)
"""A change verb, its object and ``by`` right before a figure: the figure is the change's amount
(``cut its annual lighting energy bill by £1.7m``, ``raised fares by 10p``)."""
_CHANGED_WHAT_REACH: Final = 80
_SAVED: Final = re.compile(
    r"\b(?:save[sd]?|saving)\s+(?:(?:the|its|their|a|an)\s+)?(?:[^\W\d_][\w'\u2019-]*\s+){0,2}?"
    r"(?:(?:a\s+)?(?:further|another|an\s+extra|extra)\s+)?(?:about|around|some|nearly|almost|up\s+to)?\s*"
    r"(?:US)?[$€£¥₹]?\s*$",
    re.IGNORECASE,
)
"""``save`` and whom it saves, right before an amount of money: the amount a cost fell by."""
_WENT_UP: Final = re.compile(
    r"\b(?:went|gone|goes|going|go|moved?|moving|shot|jumped|crept|edged|climbed|ramped|stepped"
    r"|pushed|driven|drove|bumped|notched|come|came|comes)\s+up$",
    re.IGNORECASE,
)
"""A verb of motion before ``up``: ``went up to £80`` is a change to £80, not a bound of it."""
_ADDS_UP: Final = re.compile(r"\badd(?:s|ed|ing)?\s+up$", re.IGNORECASE)
"""``add up`` before ``to``: ``will add up to £6.3 million`` is a total, not a bound of it."""
_WENT_UP_TO: Final = re.compile(_WENT_UP.pattern[:-1] + r"\s+to\s*(?:US)?[$€£¥₹]?\s*$", re.IGNORECASE)


# Cheap tests that let most figures skip a pattern that cannot match: the last word of each _BEFORE
# alternative, the characters that can start a _RANGE connector.
_BEFORE_ENDS: Final = (
    "about", "around", "approximately", "approx", "approx.", "roughly", "nearly", "almost", "circa", "ca.",
    "some", "to", "estimated", "~", "over", "than", "least", "above", "exceeding", "of", ">", ">=", "under",
    "below", "most", "<", "<=", "between", "from", "as", "within",
)  # fmt: skip
_RANGE_STARTS: Final = frozenset("-tTaA")
_CHANGED: Final = re.compile(
    r"\b(?:rose|rises?|rising|risen|grew|grows?|growing|grown|increased?|increases|increasing|fell|falls?"
    r"|falling|fallen|dropped|drops?|dropping|declined?|declines|declining|decreased?|decreases|decreasing"
    r"|climbed|jumped|slipped|gained|lost|cut|(?<!made\s)(?<!make\s)(?<!makes\s)up|(?<!broken\s)down"
    r"|shrank|shrunk|shrinks?|shrinking|expanded|contracted|narrowed|narrows|narrowing|widened|widens|widening"
    r"|reduced|plunged|plummeted|soared|surged|tumbled|slumped|dipped|eased|adds?|added|adding)(?:\s+by)?"
    r"\s*[$€£¥₹]?\s*$"
    # "a fall of about 11%": the noun of a change
    r"|\b(?:an?|the)\s+(?:fall|rise|increase|decrease|drop|decline|reduction|jump)\s+of\s*[$€£¥₹]?\s*$",
    re.IGNORECASE,
)
"""A change verb right before a figure: ``X to Y`` after it is the change and the new value."""
_NEXT: Final = re.compile(r"\s*(\S)")


def _may_end_with(text: str, words: tuple[str, ...]) -> bool:
    """Might ``text`` end with one of ``words``, then spaces, ``US``, a currency sign, spaces?

    A quick superset test before a pattern anchored at the end of ``text``: False only when ASCII text
    ends with none of them (other text always gets True: Unicode case folding is the pattern's business).
    """
    tail = _tail(text)
    return tail is None or tail.endswith(words)


def _tail(text: str) -> str | None:
    """``text`` lower-cased without the spaces, ``US`` and currency sign it ends with, for
    :func:`_may_end_with`'s tests (None for text that is not ASCII: any of them may match)."""
    if not text.isascii():
        return None
    text = text.rstrip()
    if text.endswith("$"):
        text = text[:-1]
    if text[-2:].lower() == "us":
        text = text[:-2]
    return text.rstrip().lower()


_ELLIPSIS: Final = re.compile(rf"(?:{_CONJUNCTION})\s+(?:the\s+)?(?:[A-Z][\w'\u2019-]*\s+){{1,3}}$")
"""A name (of up to three words) after a conjunction, right before a number: ``, and York 35``,
``while the A321 220``, ``and Team B 1``."""
_FIGURE_AND_WORD: Final = re.compile(r"\b\d[\d,.]*\s*([%$€£]|[^\W\d_][\w'\u2019-]*)")
_CLAUSE_BEFORE: Final = 120
"""How many characters before an elided figure's name the figure it takes its unit from is looked
for (bounded: a long sentence is not scanned back to its start for each)."""


def _elliptical(text: str, begin: int, end: int) -> bool:
    """Is the number at ``begin``..``end`` after a name the figure of that name, elided: ``Leeds has
    40 schools and York 35`` (35 schools)? Only after a conjunction, at the end of its clause, and
    when the clause before ends on a figure written number first with a unit (``40 schools``), whose
    unit it takes (:func:`_elided_units`): ``It runs Windows 10 and Python 3.8`` holds no such
    figure, and Python 3.8 stays a name."""
    m = _ELLIPSIS.search(text, max(0, begin - 48), begin)
    if m is None or _CLAUSE_OVER.match(text, end) is None:
        return False
    # The last number of the clause before and the word after it: a unit or a noun it counts, not
    # "and" ("Windows 10 and Python 3.8"). A pattern, not a reading: the reading recurses.
    found = _FIGURE_AND_WORD.findall(text, max(0, m.start() - _CLAUSE_BEFORE), m.start())
    return bool(found) and found[-1].lower() not in STOPWORDS


_GROUPED: Final = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
"""A number written with thousands separators (``5,500``, ``12,000,000``)."""


def _names(text: str, start: int) -> bool:
    """Is the number at ``start`` part of a name (``Python 3.8``, ``version 3``, ``Apache 2.0``)?"""
    m = _WORD_BEFORE_REVERSED.match(text[max(0, start - 40) : start][::-1])
    if m is None:
        return False
    word = m.group(1)[::-1].rstrip(".")
    if word.endswith(("'s", "\u2019s", "'", "\u2019")):
        return False  # a possessive: "Alto Verde's 1,250 members"
    low = word.lower()
    if low in NAMING:  # a number right after one, or after a capitalised name, is part of a name
        return True
    if low in MONTHS or low in STOPWORDS or low in _WORD_NUMBERS:
        return False
    return word[:1].isupper()


def _when_before(text: str, start: int) -> bool:
    """Does a word of time stand right before ``start`` (``in``, ``since``, ``the end of``, ``June``,
    ``Q3``)? A year-like number after one is a year even when a plural noun follows: ``in 2024 sales
    rose``, not 2,024 sales."""
    m = _WORD_BEFORE_REVERSED.match(text[max(0, start - 40) : start][::-1])
    if m is None:
        return False
    written = m.group(1)[::-1].rstrip(".")
    word = written.lower()
    if word == "of":
        return _PERIOD_OF.search(text, max(0, start - 24), start) is not None
    if word == "in":  # "In 2024 sales rose", "..., in 2024 sales rose"; not "installed in 2000 homes"
        before = text[: start - len(m.group(0))].rstrip()
        return written == "In" or not before or before.endswith((",", ";", ":"))
    if word == "by" and _CHANGED.search(text, max(0, start - 32), start):
        return False  # "grew by 1900 members": the change
    return word in _WHEN_WORDS or word in MONTHS or _PERIOD_NAME.fullmatch(word) is not None


def _two_years(text: str, first: str, second: str, after: int) -> bool:
    """Are ``first`` and ``second`` (``between``/``from`` one, ``and``/``to`` the other) two years,
    with nothing counted after the second (a determiner or a name follows it: ``Between 2019 and
    2024 the cliffs retreated``; not ``between 2000 and 2500 staff``)?"""
    return _year_like(first) and _year_like(second) and _NOT_COUNTED_AFTER.match(text, after) is not None


_NOT_COUNTED_AFTER: Final = re.compile(r"\s+(?:the|a|an|its|their|this|(?-i:[A-Z]))", re.IGNORECASE)
_SECOND_YEAR: Final = re.compile(r"\b(?:between|from)\s+(?P<first>\d{4})\s+(?:and|to)\s+$", re.IGNORECASE)


_WHEN_WORDS: Final = words(
    "during since by until till through throughout before after early late mid fiscal fy"
).union(SEASONS)
_PERIOD_NAME: Final = re.compile(r"[qh][1-4]|fy")
_PERIOD_OF: Final = re.compile(rf"\b(?:{'|'.join(PERIOD_EDGES)}|half|quarter|year)\s+of\s*$", re.IGNORECASE)


def _year_like(raw: str) -> bool:
    return raw.isdigit() and len(raw) == 4 and 1000 <= int(raw) <= 2199


def _digits(raw: str) -> str:
    """A figure without its thousands separators."""
    if "," not in raw and raw.isascii():
        return raw
    return raw.replace(",", "").replace("\u202f", "").replace("\u00a0", "").replace("\u2009", "")


def _value(raw: str) -> float:
    return float(_digits(raw))


def _tolerance(raw: str, value: float) -> float:
    """Half a unit of the last digit written; round thousands count as rounded to their zeros
    (``1,200`` meets ``1,213``). Nothing more: ``72%`` is not ``73%``, ``172 grams`` is not ``under
    170 grams``, ``99.95%`` is not ``99.99%``."""
    digits = _digits(raw)
    if "." in digits:
        return 0.5 * 10.0 ** -len(digits.split(".")[1])
    if value >= 1000:
        zeros = len(digits) - len(digits.rstrip("0"))
        return min(0.5 * 10.0**zeros, ROUND_TOLERANCE * value)
    return 0.5


def _currency_before(text: str, start: int) -> tuple[str, str] | None:
    """(currency, as written) when a currency sign (``$``, ``US$``, ``€ ``) stands right before."""
    i = start
    if i > 0 and text[i - 1] == " ":
        i -= 1
    if i > 0 and text[i - 1] in _CURRENCY_SIGN:
        sign = text[i - 1]
        written = text[i - 1 : start]
        if i >= 3 and text[i - 3 : i - 1] == "US":
            written = "US" + written
        return _CURRENCY_SIGN[sign], written
    return None


def _comparable(a: Quantity, b: Quantity) -> bool:
    if a.dim == b.dim or _same_dim(a, b):
        return True
    dims = {a.dim, b.dim}
    if "number" in dims:
        other = (dims - {"number"}).pop()
        if other == "fraction":
            return not (a.vague or b.vague)  # "most", "every": no percentage a bare number could be
        return other.startswith("count:")
    return False


APPROX_UNITS: Final = 1.5
"""Units of its last written digit an approximation allows either side (``about 31%``: 29.5% to
32.5%; ``about 29`` and ``about 31`` may both round 30, ``about 28`` and ``about 31`` cannot), at
least :data:`MIN_APPROX` of the figure and at most the approximation's tolerance
(:data:`APPROX_TOLERANCE`, half against another approximation). ``about 30%``, rounded to tens,
allows the whole 15%; ``about 45`` (a last 5 is a rounding to fives) 15% of 45."""
MIN_APPROX: Final = 0.02
_WRITTEN: Final = re.compile(r"\d[\d,\u202f\u00a0\u2009]*(?:\.\d+)?")


def _approx_share(text: str, cap: float) -> float:
    """The share of its value an approximation written ``text`` allows (``cap``: the most)."""
    m = _WRITTEN.search(text)
    if m is None:
        return cap  # "nearly half", "about a third": no digits tell how it was rounded
    digits = _digits(m.group())
    value = float(digits)
    whole, _, decimals = digits.partition(".")
    if decimals:
        unit = 10.0 ** -len(decimals)
        last = decimals[-1]
    else:
        stripped = whole.rstrip("0")
        if not stripped:
            return cap
        unit = 10.0 ** (len(whole) - len(stripped))
        last = whole[-1]
    if last == "5":
        unit *= 5
    if value <= 0:
        return cap
    # A hair under: the intervals of "about 28%" and "about 31%" touch at 29.5%, and meet no further.
    return min(cap, APPROX_UNITS * max(unit / value, MIN_APPROX)) * (1 - 1e-9)


def _approx_tolerance(a: Quantity, b: Quantity) -> float:
    """The tolerance of an approximation when ``a`` meets ``b``: two approximations share one
    (``about 60%`` and ``about 80%`` differ)."""
    return APPROX_TOLERANCE / 2 if a.kind == b.kind == "approx" else APPROX_TOLERANCE


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    # Strict: 3 and 4 (3 +- 0.5, 4 +- 0.5) touch at 3.5 but do not agree (in floating point too).
    return _below(a[0], b[1]) and _below(b[0], a[1])


def _last_terms(text: str, n: int) -> list[str]:
    """``terms(text)[-n:]``, reading only the last few words when they hold enough terms."""
    pieces = text.rsplit(None, n + 2)
    if len(pieces) > n + 2:
        found = list(chain.from_iterable(piece_terms(pieces[1:])))
        if len(found) >= n:
            return found[-n:]
    return terms(text)[-n:]


def _first_terms(text: str, n: int) -> list[str]:
    """``terms(text)[:n]``, reading only the first few words when they hold enough terms."""
    pieces = text.split(None, n + 2)
    if len(pieces) > n + 2:
        found = list(chain.from_iterable(piece_terms(pieces[:-1])))
        if len(found) >= n:
            return found[:n]
    return terms(text)[:n]


def _with_context(text: str, found: list[Quantity]) -> list[Quantity]:
    """Give each figure the terms of its clause before it, a few after it, and its part in a change.

    The clause ends (``CLAUSE_END``) are found once for the sentence when every figure's window
    reaches back to its start (a sentence of ordinary length); a figure whose window would not see the
    same ends (one straddles it) is read on its own.
    """
    out = []
    years = [q for q in found if q.dim == "year" and q.low == q.high]
    if " ago" in text:
        years = sorted(years + _ago(text, found), key=attrgetter("start"))
    # The words of "at the end of 2023", "the third quarter": a time, not what a figure is about
    # (checks.grounding.lexicon drops them from a sentence's terms too).
    times = _time_words(text) if may_name_a_time(text) else _NONE
    ends: list[tuple[int, int]] | None = None
    if max(q.start for q in found) <= _HEAD:
        ends = [m.span() for m in CLAUSE_END.finditer(text)]
    for i, q in enumerate(found):
        right_to = found[i + 1].start if i + 1 < len(found) else len(text)
        if right_to < q.end:  # read at the same place ("Both ferries": all, and two): the one after those
            right_to = next((r.start for r in found[i + 1 :] if r.start >= q.end), len(text))
        elif (
            q.dim == "fraction"
            and right_to < len(text)
            and found[i + 1].dim[:6] == "count:"
            and text.startswith(" of ", q.end)
        ):
            # "More than half of last season's 118,000 tickets were bought": a share of a count is of
            # what the count counts, the words after it too.
            right_to = found[i + 2].start if i + 2 < len(found) else len(text)
        if q.dim[:6] == "count:" and (seconds := clause_period(text[:right_to], q.start, q.end)):
            # "30,000 vehicles cross the bridge daily": a rate, as "30,000 vehicles a day" is.
            low, high, _, kind, tolerance, *rest = q
            rate = (low / seconds, high / seconds, "rate", kind, tolerance / seconds, *rest)
            q = tuple.__new__(Quantity, rate)  # noqa: PLW2901
        cuts = tail_cut = None
        if ends is not None and not any(a < q.start < b or a < q.end < b for a, b in ends):
            cuts = [b for a, b in ends if b <= q.start]
            tail_cut = next(((a, b) for a, b in ends if a >= q.end), None)
            if tail_cut is not None and tail_cut[1] > right_to:
                cuts = None
        head = text[max(0, q.start - _HEAD) : q.start]
        if cuts is None:
            cuts = [m.end() for m in CLAUSE_END.finditer(head)]
            tail = text[q.end : right_to]
            cut = CLAUSE_END.search(tail)
            right = _first_terms(tail[: cut.start()] if cut else tail, 3)
        else:
            stop = tail_cut[0] if tail_cut is not None and tail_cut[0] < right_to else right_to
            right = _first_terms(text[q.end : stop], 3)
        left = _last_terms(head[cuts[-1] :] if cuts else head, 6)
        if (
            len(left) < 2
            and cuts
            and q.start <= _HEAD
            and head.endswith(("but ", "and "), 0, cuts[-1])
            and _ELIDED_VERB.match(head, cuts[-1]) is not None
            and q.dim not in ("number", "count:one")
        ):
            # "Electric bikes made up 60% of the fleet but accounted for almost three-quarters of
            # trips": a verb after "but" or "and" has the sentence's subject, not the words of the
            # clause before (the fleet), for a figure that names what it is ("6 new ones" does not)
            left = [*_first_terms(head[: cuts[0]], 2), *left]
        elif (len(left) < 2 or (len(left) == 2 and not _BARE_TERMS.isdisjoint(left))) and cuts:
            # "..., up 31% from the previous year": a bare clause borrows the one before; one after
            # an aside borrows the sentence's subject too ("The Kelston bridge, built in 1890, was
            # restored in 2010": the bridge's 2010, not only what was built).
            left = terms(head[cuts[-2] if len(cuts) > 1 else 0 :])[-6:]
            if len(cuts) > 1 and q.start <= _HEAD:
                left = [*terms(head[: cuts[0]])[-4:], *left]
        elif cuts and q.start <= _HEAD and _SET_AGAINST.match(head, cuts[-1]) is not None:
            # "Corran Labs made a profit of £12 million in 2023, against a loss of £4 million in
            # 2022": what the clause sets against the first is the first clause's subject's too.
            left = [*_first_terms(head[: cuts[0]], 2), *left]
        role: Role = ""
        ending = _tail(head)
        change = ending is None or ending.endswith(_CHANGE_ENDS)
        backwards = head[::-1] if change else ""
        if change and _FROM_REVERSED.match(backwards):
            role = "from"
        elif (
            i
            and ("against" in head or "compared" in head)
            and _then_from(text, next((r for r in reversed(found[:i]) if r.dim == q.dim), found[i - 1]), q)
        ):
            role = "from"  # "£310 million ..., against £240 million a year ago": the value before
        elif (i and _TO.fullmatch(text[found[i - 1].end : q.start])) or (
            change and (_TO_VALUE_REVERSED.match(backwards) or _WENT_UP_TO.search(head[-40:]))
        ):
            role = "to"
        elif (
            q.dim != "year"
            and (q.dim != "number" or (ending is not None and ending.endswith(" by")))
            and (ending is None or ending.endswith(_AMOUNT_ENDS))
            and _CHANGED.search(head[-40:])
        ):
            # "fell by 15 minutes", "rose 30%", "rose by 1,500" (a bare number only after "by":
            # "rose 2 places"): the change, not a value it changed to
            role = "by"
        elif (
            q.dim != "year"
            and ending is not None
            and ending.endswith(" by")
            and _CHANGED_WHAT_BY.search(head[-_CHANGED_WHAT_REACH:])
        ):
            role = "by"  # "cut its annual lighting bill by £1.7m": a change verb, its object, "by"
        elif q.dim[:6] == "money:" and "sav" in head and _SAVED.search(head[-_CHANGED_WHAT_REACH:]):
            role = "by"  # "save the council £1.4m a year": what a cost fell by
        elif q.dim != "year" and _differs_by(text, q):
            role = "by"  # "three fewer seats than in 2021", "12 fewer than the average": by how much
        elif i + 1 < len(found) and _then_from(text, q, found[i + 1]):
            role = "to"  # "£6.2 billion at the end of March, up from £5.8 billion": the new value
        context = frozenset(left + right)
        if times and not context.isdisjoint(times):
            context = context - times
        if q.dim not in _NOT_PERIODIC and (per := _PER_PERIOD.match(text, q.end)) is not None:
            context = context | {_PERIODS[(per.group("per") or per.group("ly")).lower()]}
            if per.group("of") is None:
                q = q._replace(end=per.end(), text=text[q.start : per.end()])  # noqa: PLW2901  ("£3 a month")
        elif (
            q.dim not in _NOT_PERIODIC
            and _ANNUAL in context
            and _ANNUAL_BEFORE.search(text, max(0, q.start - 60), q.start) is not None
        ):
            context = context | {"/year"}  # "Annual rent ... will rise from £52 to £60": £60 a year
        year = _year_of(text, q, years) if years and q.dim != "year" else 0.0
        # A new Quantity as a plain tuple: NamedTuple._replace costs three times as much, per figure.
        out.append(tuple.__new__(Quantity, (*q[:8], context, role, year, q.vague)))
    return out


_ELIDED_VERB: Final = re.compile(r"(?:[a-z]+ed|[a-z]+s|rose|fell|grew|won|lost|made|took|spent|paid)\s")
"""A clause that opens with a verb in the past or in ``-s``: its subject is elided."""
_PER_PERIOD: Final = re.compile(
    r"(?P<of>\s+(?:of|per)\s+(?:[^\W\d_]+\s+){1,3}?(?=(?:a|an|per|each|every)\s|(?:hour|dai|week|fortnight|month|quarter|year|annual)ly\b))?"
    r"(?:\s*(?:(?:a|an|per|each|every)\s+|/\s*)(?P<per>hour|day|night|week|fortnight|month|quarter|year|annum)\b"
    rf"{NOT_WHEN}"
    r"|\s+(?P<ly>hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b)",
    re.IGNORECASE,
)
_PERIODS: Final = {
    "hour": "/hour", "day": "/day", "week": "/week", "fortnight": "/fortnight", "month": "/month",
    "quarter": "/quarter", "year": "/year", "annum": "/year", "hourly": "/hour", "daily": "/day",
    "weekly": "/week", "fortnightly": "/fortnight", "monthly": "/month", "quarterly": "/quarter",
    "yearly": "/year", "annually": "/year", "night": "/day", "nightly": "/day",
}  # fmt: skip
"""The period a figure is per (``£3 a month``, ``12,000 tonnes of steel a month``): a mark in its
context, which no term can be (terms hold no ``/``), so that ``£3 a month`` and ``£3 a year``
disagree and ``144,000 tonnes a year`` agrees with that (:func:`compare`)."""
_NOT_PERIODIC: Final = frozenset(("rate", "year", "fraction", "ratio", "number", "quarter", "half", "date"))
"""Dimensions no period follows: a rate has its own; a share, a ratio or a bare number is per nothing
(a time may be: ``12.6 hours a week``)."""


PERIOD_MARKS: Final = frozenset(_PERIODS.values())
_ANNUAL: Final = stem("annual")
_ANNUAL_BEFORE: Final = re.compile(r"\bannual\s+[^\W\d_]", re.IGNORECASE)
"""``annual`` before a noun (``Annual rent for a full plot will rise from £52 to £60``): a figure of
that noun in its clause is per year (not ``annually``, which may say how it is billed)."""
"""The marks :data:`_PERIODS` puts in a figure's context: no words of the sentence's."""


def _other_period(a: Quantity, b: Quantity) -> bool:
    """Are two figures per different periods (``£3 a month``, ``£3 a year``)? Not when either names
    none."""
    if PERIOD_MARKS.isdisjoint(a.context) or PERIOD_MARKS.isdisjoint(b.context):
        return False  # most sums: per nothing
    return (a.context & PERIOD_MARKS).isdisjoint(b.context)


_PER_YEAR: Final = {
    "/day": 365.0,
    "/week": 52.0,
    "/fortnight": 26.0,
    "/month": 12.0,
    "/quarter": 4.0,
    "/year": 1.0,
}


def _same_per_year(a: Quantity, b: Quantity) -> bool:
    """Are two figures per different periods the same a year (``£36 a year``, ``£3 a month``)? Never
    for one per hour, whose hours a year no sentence says."""
    fa = next((_PER_YEAR[m] for m in a.context & PERIOD_MARKS if m in _PER_YEAR), 0.0)
    fb = next((_PER_YEAR[m] for m in b.context & PERIOD_MARKS if m in _PER_YEAR), 0.0)
    if not fa or not fb:
        return False
    low_a, high_a = a.interval()
    low_b, high_b = b.interval()
    return _overlap((low_a * fa, high_a * fa), (low_b * fb, high_b * fb))


_THEN_FROM: Final = re.compile(
    r"[^.;:]*?,\s*(?:(?P<from>(?:up|down)\s+from)|against|compared\s+(?:with|to))\s+(?:(?:an?|the)\s+)?"
    r"(?:US)?[$€£¥₹]?\s*",
    re.IGNORECASE,
)
"""What stands between a value and the one before it, in a clause after it (``£6.2 billion at the end
of March, up from £5.8 billion``; ``£310 million for bad debts, against £240 million a year ago``)."""


def _then_from(text: str, q: Quantity, after: Quantity) -> bool:
    """Is ``q`` the new value of a change whose old value ``after`` follows it in a clause of its own
    (``£6.2 billion at the end of March, up from £5.8 billion``, ``41 stores, down from 52``; set
    against it with a time before after it: ``£310 million ..., against £240 million a year ago``)?"""
    if q.dim != after.dim or q.dim == "year" or after.start < q.end:
        return False
    between = text[q.end : after.start]
    if "from" not in between and "against" not in between and "compared" not in between:
        return False
    m = _THEN_FROM.fullmatch(between)
    return m is not None and (m["from"] is not None or _A_TIME_AGO.match(text, after.end) is not None)


_A_TIME_AGO: Final = re.compile(
    rf"\s+(?:{_TIME_BEFORE}|a\s+year\s+ago|before\b|previously\b|(?:in\s+)?the\s+same\s+period\s+last\s+year"
    r"|in\s+(?:the\s+same\s+(?:period|months?|quarter|weeks?)\s+(?:of|in)\s+)?(?:19|20)\d\d\b)",
    re.IGNORECASE,
)
"""A time before the sentence's right after a figure set against another (``against £240 million a
year ago``, ``compared with 1.6 metres before``): the figure is the value before."""


def _time_words(text: str) -> frozenset[str]:
    found = [m.group() for m in PERIOD_PHRASE.finditer(text)]
    return frozenset(chain.from_iterable(piece_terms(" ".join(found).split()))) if found else _NONE


_CALENDAR_TERMS: Final = frozenset(stem(w) for w in (*MONTHS, *SEASONS) if w != "fall")  # "fall": "fell"
_BARE_TERMS = _CALENDAR_TERMS | _CURRENT
"""Terms that leave a figure's clause as bare as none would (``in March``, ``the current``): it
borrows the clause before."""
"""A month or a season: no word of what a figure is about (``opened in August 2024``)."""
_AMOUNT_ENDS: Final = (
    "by", "rose", "rises", "rise", "rising", "risen", "grew", "grows", "grow", "growing", "grown",
    "increased", "increase", "increases", "increasing", "fell", "falls", "fall", "falling", "fallen",
    "dropped", "drops", "drop", "dropping", "declined", "decline", "declines", "declining", "decreased",
    "decrease", "decreases", "decreasing", "climbed", "jumped", "slipped", "gained", "lost", "cut", "up",
    "down", "shrank", "shrunk", "shrinks", "shrink", "shrinking", "expanded", "contracted", "reduced",
    "narrowed", "narrows", "narrowing", "widened", "widens", "widening",
    "plunged", "plummeted", "soared", "surged", "tumbled", "slumped", "dipped", "eased", "add", "adds",
    "added", "adding", "fall of", "rise of", "increase of", "decrease of", "drop of", "decline of",
    "reduction of", "jump of",
)  # fmt: skip
"""The words :data:`_CHANGED` can end with: a cheap test before it."""
_HEAD: Final = 160
_AGAINST_BEFORE: Final = re.compile(
    r"\b(?:against|compared\s+(?:with|to)|versus|vs\.?)\s+(?:an?\s+|the\s+)?(?:[^\W\d_]+\s+(?:of\s+)?)?[$€£¥₹]?$",
    re.IGNORECASE,
)
"""What a sentence sets a figure against, right before it (``against 73% nationally``, ``compared
with an average of 12``)."""
_SET_AGAINST: Final = re.compile(r"\s*(?:against|compared\s+(?:with|to)|versus|vs\.?)\s", re.IGNORECASE)
"""How a clause opens that sets a figure against the sentence's first (``, against a loss of
£4 million in 2022``)."""
"""How far back from a figure its clause is looked for."""

_MONTH_NAMES: Final = "January|February|March|April|May|June|July|August|September|October|November|December"
_NOT_OF_IT: Final = r"(?!\b(?:than|since|from|compared|against|before|after|until|by)\b)"
"""Words after which a year is another figure's or another time's (``fewer than in 2019``): none may
stand between a figure and the year :data:`_YEAR_IN_CLAUSE` or :data:`_BEFORE_AGO` gives it."""
_YEAR_LINK: Final = re.compile(
    # the figure's rate or matter between it and its year: "£1.45 a litre in 2022", "310 litres per
    # household a day", "80,000 tonnes of grain in 2023"; more of them: "recruit 100 more by 2027"
    r"(?:\s+(?:more|others?|extra|additional)\b)?"
    r"(?:\s+(?:a|an|per|each|of)\s+[^\W\d_]+){0,3}"
    # a clause of the figure's own, its subject a pronoun: "the 3,900 it operated at the end of 2020"
    r"(?:\s+(?:it|they|we|he|she)\s+[^\W\d_]+)?"
    r"\s*,?\s*(?:(?:in|of|during|for|by|as\s+of|at\s+the\s+end\s+of)\s+)?(?P<the>(?:the|its|their)\s+)?"
    rf"(?:fiscal\s+|FY\s*)?(?:(?:{_MONTH_NAMES})\s+)?",
    re.I,
)
_YEAR_IN_CLAUSE: Final = re.compile(
    rf"(?:{_NOT_OF_IT}[^\d,;:()]){{0,60}}?\s(?:in|during)\s+(?:(?:{_MONTH_NAMES})\s+)?",
)
"""A figure's year later in its clause, after ``in`` (``212 people were waiting for a package in
Loxley in March 2022``): no comma, no other figure between."""
_BEFORE_AGO: Final = re.compile(rf"(?:{_NOT_OF_IT}[^\d,;:()]){{0,40}}")
"""Between a figure and the time before ``ago`` it is of, in its clause (``72 girls' teams | five
years ago``)."""


_SEASON_YEARS: Final = re.compile(r"[-/\u2013]\d{2}\b")
"""After a year, the second of a season's two (``2023-24``)."""


def _ago(text: str, found: Sequence[Quantity]) -> list[Quantity]:
    """Each time before ``ago`` (``five years ago``, ``a decade ago``) as a year a figure may be of
    (:func:`_year_of`): the years before now, negative (-5), so that ``19 five years ago`` and ``72
    girls' teams five years ago`` are of one time and ``72 of them`` of another."""
    return [
        q._replace(low=-(years := round(q.low / _A_YEAR, 2)), high=-years, dim="year")
        for q in found
        if q.dim == "time" and q.low == q.high and q.low >= _A_YEAR and text.startswith(" ago", q.end)
    ]


def _year_of(text: str, q: Quantity, years: Sequence[Quantity]) -> float:
    """The year a figure is of: the one right after it (``$4 million in 2022``, ``30 nurses at the
    end of 2023``, ``£1.45 a litre in 2022``), else the nearest before it (``in 2023 it hired 40``),
    else 0."""
    after = next((y for y in years if y.start >= q.end), None)
    if after is not None and after.start - q.end <= 40:
        link = _YEAR_LINK.fullmatch(text, q.end, after.start)
        # "in the 2023-24 season": a season's year; "in the 2023 election" is no figure's year
        if link is not None and (link["the"] is None or _SEASON_YEARS.match(text, after.end) is not None):
            return after.low
    # "72 girls' teams five years ago": the time before "ago" needs no "in"
    if (
        after is not None
        and after.start - q.end <= 80
        and (
            _YEAR_IN_CLAUSE.fullmatch(text, q.end, after.start)
            or (after.low < 0 and _BEFORE_AGO.fullmatch(text, q.end, after.start))
        )
    ):
        return after.low
    before = [y for y in years if y.end <= q.start]
    if not before or _OWN_TIME_AFTER.match(text, q.end) is not None:
        # ("falling from £2.4 million in 2022 to £310,000 last year": last year's, not 2022's)
        return 0.0
    if before[-1].low > 1000 and _THE_ONE_BEFORE.match(text, q.end) is not None:
        # "86,500 tickets in its 2023-24 season, up from 71,200 the season before": 2022's
        return before[-1].low - 1
    return before[-1].low


_OWN_TIME_AFTER: Final = re.compile(
    r"\s+(?:in\s+|over\s+)?(?:the\s+)?(?:last|past|this|next)\s+(?:(?:two|three|four|five|few)\s+)?"
    r"(?:years?|seasons?|months?|weeks?|decades?)\b",
    re.IGNORECASE,
)
"""Right after a figure, a time of its own that names no year (``£310,000 last year``, ``about a third
in the past two years``): no year before it is the figure's."""
_THE_ONE_BEFORE: Final = re.compile(
    r"\s+(?:in\s+)?(?:the\s+(?:year|season)\s+before|the\s+(?:previous|prior|preceding)\s+(?:year|season)"
    r"|a\s+year\s+(?:earlier|before))\b",
    re.IGNORECASE,
)
"""Right after a figure, the year or season before the one the sentence names."""


# What ends the text before a figure, matched on that text reversed (anchored where the figure is, so
# the engine does not try every position of the clause): "from $" and "to", "reached", "hit" (not "up to").
_FROM_REVERSED: Final = re.compile(  # \bfrom\s+(?:(?:an|the)\s+)?(?:original|...)?\s*(?:US)?[$..]?\s*$
    r"\s*[$€£¥₹]?(?:SU)?\s*(?:(?:lanigiro|laitini|suoiverp|reilrae|tnerruc|tneserp|gnitsixe)\s+"
    r"(?:(?:na|eht|sti|rieht)\s+)?|fo\s+(?:kaep|hgih|wol)\s+(?:a|sti|rieht)\s+)?morf\b",
    re.IGNORECASE,
)
"""``from`` right before a figure, or with the figure's word for the value before (``from an original
£410 million``, ``from the current 38.5p``, ``from a peak of 610 million litres``), read backwards."""
_TO: Final = re.compile(r"\s*(?:to|-|\u2013)\s*(?:US)?[$€£¥₹]?\s*", re.IGNORECASE)
_CHANGE_ENDS: Final = (
    "from", "to", "reached", "reaching", "reaches", "hit", "original", "initial", "previous", "earlier",
    "current", "present", "existing", "peak of", "high of", "low of",
)  # fmt: skip
_TO_VALUE_REVERSED: Final = re.compile(  # (?<!\bup)\s(?:to|reached|reaching|reaches|hit)\s*(?:US)?[$..]?\s*$
    r"\s*[$€£¥₹]?(?:SU)?\s*(?:fo\s+(?:kaep|hgih|wol)\s+(?:a|sti|rieht)\s+)?(?:ot|dehcaer|gnihcaer|sehcaer|tih)\s(?!pu\b)",
    re.IGNORECASE,
)
"""``to`` (``reached``, ``hit``) right before a figure, or ``to a low of``, read backwards."""
