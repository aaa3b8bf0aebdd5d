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
approximation, unbounded on the open side of a bound.

Each quantity also keeps the terms around it (its **context**), so that
:func:`compare` pairs ``p50 ... 12 ms`` with the claim's ``p50`` figure and not
with ``p95 ... 45 ms`` in the same sentence.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from checks.grounding.lexicon import STOPWORDS, stem, terms, words

__all__ = ["Quantity", "Relation", "compare", "consistent", "quantities"]

APPROX_TOLERANCE = 0.15
ROUND_TOLERANCE = 0.05
MIN_TOLERANCE = 0.01

# Arabic-Indic and Eastern Arabic-Indic digits, the Arabic decimal and thousands separators.
_DIGIT_MAP = str.maketrans(
    "".join(chr(c) for c in [*range(0x660, 0x66A), *range(0x6F0, 0x6FA), 0x66B, 0x66C]),
    "01234567890123456789.,",
)
_NUM = r"\d{1,3}(?:[,\u202f\u00a0\u2009]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORD_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}  # fmt: skip
_WORD_RATIO = {
    "twice": 2.0, "double": 2.0, "doubled": 2.0, "doubles": 2.0, "triple": 3.0, "tripled": 3.0,
    "triples": 3.0, "quadrupled": 4.0, "halved": 0.5, "tenfold": 10.0, "twofold": 2.0,
    "threefold": 3.0, "fourfold": 4.0, "fivefold": 5.0, "by half": 0.5,
}  # fmt: skip
_NUMBER = re.compile(
    rf"(?<![\w.,])(?<!\w-)(?<!\d[:/])(?P<num>{_NUM})(?![.,]?\d)(?![:/]\d)"
    r"|(?P<word>\b(?:twice|double|doubled|doubles|triple|tripled|triples|quadrupled|halved|tenfold|twofold"
    r"|threefold|fourfold|fivefold|by\s+half)\b)"
    rf"|\b(?P<wnum>{'|'.join(_WORD_NUMBERS)})\b",
    re.IGNORECASE,
)
# Anything that may start a figure: a digit of any script, a spelled number, a multiplier word.
_MAYBE = re.compile(
    rf"\d|\b(?:{'|'.join(_WORD_NUMBERS)}|twice|double|triple|quadrupled|halved|\w+fold|by\s+half)",
    re.IGNORECASE,
)
_SECOND = re.compile(rf"\s*(?P<cur>[$€£¥₹])?\s?(?P<num>{_NUM})(?![.,]?\d)")
_RANGE = re.compile(r"\s*(?:-|\u2013|\u2014|to|and|through)\s*", re.IGNORECASE)
_PLUS = re.compile(r"\s+or\s+(?:more|above|greater|higher)\b", re.IGNORECASE)
_MINUS = re.compile(r"\s+or\s+(?:less|fewer|below|lower)\b", re.IGNORECASE)
_BEFORE = re.compile(
    r"(?<!\w)(?P<word>about|around|approximately|approx\.?|roughly|nearly|almost|circa|ca\.|some|close\s+to"
    r"|an\s+estimated|estimated|~|≈|over|more\s+than|at\s+least|above|exceeding|upwards\s+of|>=?|≥"
    r"|under|below|less\s+than|fewer\s+than|up\s+to|at\s+most|no\s+more\s+than|<=?|≤|between|from)"
    r"\s*(?:US)?[$€£¥₹]?\s*$",
    re.IGNORECASE,
)
_APPROX = words(
    "about around approximately approx approx. roughly circa ca. some ~ ≈ estimated nearly almost"
) | {
    "close to",
    "an estimated",
}
_LOWER = frozenset(("over", "more than", "at least", "above", "exceeding", "upwards of", ">", ">=", "≥"))
_UPPER = frozenset(
    ("under", "below", "less than", "fewer than", "up to", "at most", "no more than", "<", "<=", "≤")
)
# A number right after one of these, or after a capitalised name, is part of a name: "Python 3.8".
_NAMING = words("version versions v ver release rev revision model type phase stage level gen no")
_MONTHS = words(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'\u2019.-]*)\s+$")

_SCALE = re.compile(
    r"(?P<attached>[kKMBT](?![\w]))|\s?(?P<word>thousand|million|billion|trillion|hundred|mn|bn|tn)\b",
)
_SCALES: Mapping[str, float] = {
    "k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "T": 1e12, "thousand": 1e3, "million": 1e6, "mn": 1e6,
    "billion": 1e9, "bn": 1e9, "trillion": 1e12, "tn": 1e12, "hundred": 1e2,
}  # fmt: skip
_CURRENCY_SIGN = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₹": "inr"}

# unit spelling (lower case) -> (dimension, factor to the base unit)
_UNITS: dict[str, tuple[str, float]] = {}


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
_units("time", 2629800.0, "month months")
_units("time", 31557600.0, "yr yrs year years")
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
_units("money:jpy", 1.0, "jpy yen")
_units("money:inr", 1.0, "inr rupee rupees")
# Units that are also ordinary words or names when capitalised ("5G", "US states", "3 T-shirts").
_CASE_SENSITIVE = {"us": "us", "t": "t", "m": "m", "g": "g", "h": "h", "s": "s", "ha": "ha"}
_MULTIWORD = re.compile(
    r"[\s-]?(?P<unit>per\s?cent|percentage\s+points?|basis\s+points?|degrees\s+(?:celsius|fahrenheit)"
    r"|square\s+(?:kilomet(?:re|er)s?|met(?:re|er)s?|miles?))\b",
    re.IGNORECASE,
)
_MULTIWORD_UNITS: Mapping[str, tuple[str, float]] = {
    "percent": ("fraction", 0.01), "per cent": ("fraction", 0.01), "percentage point": ("fraction", 0.01),
    "percentage points": ("fraction", 0.01), "basis point": ("fraction", 1e-4),
    "basis points": ("fraction", 1e-4), "degrees celsius": ("celsius", 1.0),
    "degrees fahrenheit": ("fahrenheit", 1.0),
}  # fmt: skip
_UNIT = re.compile(
    r"[\s-]?(?P<unit>(?:[kmgt]i?b|[kmg]bit|[kmg]?byte)/s|[kmg]?bps|req/s|ops?/s|requests/s|queries/s|/s|/min"
    r"|°[cf]|km²|m²|[℃℉%٪\u00d7]|[a-zµμ]+)(?![\w/²])",
    re.IGNORECASE,
)
_PER = re.compile(
    r"\s+(?:per|a|an|every|/)\s?(?P<period>second|sec|s|minute|min|hour|hr|day|week|month|year)\b"
)
_PERIOD_SECONDS = {
    "second": 1.0, "sec": 1.0, "s": 1.0, "minute": 60.0, "min": 60.0, "hour": 3600.0, "hr": 3600.0,
    "day": 86400.0, "week": 604800.0, "month": 2629800.0, "year": 31557600.0,
}  # fmt: skip
_ADJECTIVES = (
    "new|more|additional|active|monthly|daily|weekly|unique|total|paying|extra|full-time|part-time|other|"
    "distinct|separate|of|the|our|their|its|registered|enrolled|individual"
)
_NOUN = re.compile(
    rf"\s+(?:(?:{_ADJECTIVES})\s+){{0,2}}(?P<first>[^\W\d_][\w-]+)(?:\s+(?P<second>[^\W\d_][\w-]+))?",
    re.IGNORECASE,
)
_IRREGULAR_PLURALS = words("people staff data children men women feet media personnel")
_CLAUSE_END = re.compile(r"[,;:()\u060c\u061b]|\s(?:and|but|while|whereas|versus|vs\.?|compared)\s")

Kind = Literal["exact", "approx", "lower", "upper", "range"]


@dataclass(frozen=True, slots=True)
class Quantity:
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
    role: Literal["", "from", "to"] = ""
    """The old or the new value of a change (``from 0.8% to 0.3%``)."""

    def interval(self) -> tuple[float, float]:
        """The interval the figure allows, tolerance included."""
        low, high = self.low, self.high
        if self.kind == "approx":
            return low * (1 - APPROX_TOLERANCE), high * (1 + APPROX_TOLERANCE)
        if self.kind == "lower":
            return low - self.tolerance, math.inf
        if self.kind == "upper":
            return -math.inf, high + self.tolerance
        return low - self.tolerance, high + self.tolerance


@dataclass(frozen=True, slots=True)
class Relation:
    """How the figures of a claim fare against the figures of one source sentence."""

    matched: tuple[tuple[Quantity, Quantity], ...] = ()
    conflicts: tuple[tuple[Quantity, Quantity], ...] = ()
    missing: tuple[Quantity, ...] = ()
    """Claim figures with no counterpart in the source sentence."""


def quantities(sentence: str, *, context: bool = True) -> list[Quantity]:
    """Every quantity in a sentence, in order; offsets index ``sentence``."""
    if _MAYBE.search(sentence) is None:
        return []
    text = sentence.translate(_DIGIT_MAP)
    found: list[Quantity] = []
    pos = 0
    while True:
        m = _NUMBER.search(text, pos)
        if m is None:
            break
        q = _read(text, m)
        pos = m.end() if q is None else max(q.end, m.end())
        if q is not None:
            found.append(q)
    if context and found:
        found = _with_context(text, found)
    return found


def consistent(claim: Quantity, source: Quantity) -> bool | None:
    """Can both figures be true? None when they measure different things."""
    if not _comparable(claim, source):
        return None
    pairs = [(claim.interval(), source.interval())]
    if claim.dim != source.dim and "fraction" in (claim.dim, source.dim):
        # A bare number against a percentage: 0.4 or 40 both read as 40%.
        bare = source if claim.dim == "fraction" else claim
        lo, hi = bare.interval()
        other = claim.interval() if bare is source else source.interval()
        pairs = [(other, (lo, hi)), (other, (lo / 100, hi / 100))]
    elif claim.dim == "data":
        lo, hi = source.interval()
        pairs += [(claim.interval(), (lo * 1.024**k, hi * 1.024**k)) for k in (-4, -3, -2, -1, 1, 2, 3, 4)]
    return any(_overlap(a, b) for a, b in pairs)


def compare(
    claim: Sequence[Quantity], source: Sequence[Quantity], terms: frozenset[str] | None = None
) -> Relation:
    """Pair each claim figure with its counterpart in the source sentence, then judge the pair.

    Counterparts are the source figures it can be compared with, those of its
    own dimension first; among them, the ones sharing most context terms with
    it, then the ones playing the same part in a change (``from``/``to``),
    then the ones whose context holds fewest terms the claim (``terms``) never
    uses. A consistent counterpart is a match; figures are matched first, and a
    source figure that matched one claim figure is nobody else's counterpart.
    A claim figure left with inconsistent counterparts conflicts with the best
    of them when the two share a context term (years: two terms) or one has no
    context; otherwise it is about something else and counts as missing
    (revenue against net loss in one sentence).
    """
    claim_terms = terms if terms is not None else frozenset().union(*(q.context for q in claim))
    pools: list[list[tuple[Quantity, bool]]] = []
    for q in claim:
        judged = [(r, consistent(q, r)) for r in source]
        comparable = [(r, ok) for r, ok in judged if ok is not None]
        pool = [(r, ok) for r, ok in comparable if _same_dim(r, q)] or comparable
        ranked = sorted((_rank(r, q, claim_terms), i, r, bool(ok)) for i, (r, ok) in enumerate(pool))
        pools.append([(r, ok) for _, _, r, ok in ranked])
    matched: dict[int, tuple[Quantity, Quantity]] = {}
    used: set[int] = set()
    for i, (q, pool) in enumerate(zip(claim, pools, strict=True)):
        if pool:
            top = _rank(pool[0][0], q, claim_terms)
            hit = next((r for r, ok in pool if ok and _rank(r, q, claim_terms) == top), None)
            if hit is not None:
                matched[i] = (q, hit)
                used.add(id(hit))
    conflicts: list[tuple[Quantity, Quantity]] = []
    missing: list[Quantity] = []
    for i, (q, pool) in enumerate(zip(claim, pools, strict=True)):
        if i in matched:
            continue
        free = [(r, ok) for r, ok in pool if id(r) not in used]
        if not free:
            missing.append(q)
            continue
        top = _rank(free[0][0], q, claim_terms)
        hit = next((r for r, ok in free if ok and _rank(r, q, claim_terms) == top), None)
        if hit is not None:
            matched[i] = (q, hit)
            continue
        first = free[0][0]
        shared = len(first.context & q.context)
        needed = 2 if q.dim == "year" else 1
        if _same_dim(first, q) and (shared >= needed or not first.context or not q.context):
            conflicts.append((q, first))
        elif any(ok for _, ok in free):
            matched[i] = (q, next(r for r, ok in free if ok))
        else:
            missing.append(q)
    return Relation(tuple(matched[i] for i in sorted(matched)), tuple(conflicts), tuple(missing))


def _rank(r: Quantity, q: Quantity, claim_terms: frozenset[str]) -> tuple[int, int, int]:
    role = int(bool(q.role and r.role and q.role != r.role))
    return -len(r.context & q.context), role, len(r.context - claim_terms)


def _same_dim(a: Quantity, b: Quantity) -> bool:
    if a.dim == b.dim:
        return True
    if a.dim.startswith("count:") and b.dim.startswith("count:"):
        return not set(a.dim[6:].split()).isdisjoint(b.dim[6:].split())
    return False


# --- reading -----------------------------------------------------------------


def _read(text: str, m: re.Match[str]) -> Quantity | None:
    if m.group("word"):
        word = " ".join(m.group("word").lower().split())
        ratio = _WORD_RATIO[word]
        return Quantity(
            ratio, ratio, "ratio", "exact", MIN_TOLERANCE * ratio, m.start(), m.end(), m.group("word")
        )
    if m.group("wnum"):
        # Spelled-out numbers count only with a unit or a noun: "three regions", "ten seconds".
        value = float(_WORD_NUMBERS[m.group("wnum").lower()])
        dim, factor, end = _unit(text, m.end(), None)
        if dim == "number":
            return None
        low = value * factor
        return Quantity(low, low, dim, "exact", 0.5 * factor, m.start(), end, text[m.start() : end])
    raw = m.group("num")
    start, pos = m.start(), m.end()
    value = _value(raw)
    tolerance = _tolerance(raw, value)
    currency = _currency_before(text, start)
    begin = start - (len(currency[1]) if currency else 0)
    kind: Kind = "exact"
    before = _BEFORE.search(text, max(0, begin - 24), start)
    word = ""
    if before is not None:
        word = " ".join(before.group("word").lower().split())
        if word in _APPROX:
            kind = "approx"
        elif word in _LOWER:
            kind = "lower"
        elif word in _UPPER:
            kind = "upper"
        if kind != "exact" or word == "between":
            begin = before.start()
    scale, pos = _scale(text, pos, currency=currency is not None)
    value *= scale
    tolerance *= scale
    if kind == "exact" and text.startswith("+", pos):
        kind, pos = "lower", pos + 1
    dim, factor, pos = _unit(text, pos, currency)
    named = currency is None and (dim == "number" or dim.startswith("count:")) and not _year_like(raw)
    if named and _names(text, begin if kind == "exact" else start):
        return None
    low = high = value
    r = _RANGE.match(text, pos)
    connector = r.group().strip().lower() if r is not None else ""
    if r is not None and (connector != "and" or word == "between"):
        second = _SECOND.match(text, r.end())
        if second is not None and (second.group("cur") is None or currency is not None):
            raw2 = second.group("num")
            hi_scale, end2 = _scale(text, second.end(), currency=currency is not None)
            hi = _value(raw2) * hi_scale
            dim2, factor2, end2 = _unit(text, end2, currency)
            if word == "from":
                # "from 41 to 23 minutes": a change, two figures; the first takes the unit.
                if dim == "number" and dim2 != "number" and _year_like(raw) == _year_like(raw2):
                    dim, factor = dim2, factor2
            else:
                lo = value * (hi_scale if scale == 1.0 else 1.0)
                same_kind = _year_like(raw) == _year_like(raw2) and (dim2 == dim or "number" in (dim, dim2))
                if same_kind and 0 <= lo <= hi <= max(lo, 1.0) * 100:
                    if dim == "number":
                        dim, factor = dim2, factor2
                    if scale == 1.0:
                        tolerance *= hi_scale
                    low, high, value, pos = lo, hi, lo, end2
                    kind = "range" if kind in ("exact", "approx") else kind
    low, high, tolerance = low * factor, high * factor, tolerance * factor
    if dim == "fahrenheit":
        dim, low, high, tolerance = "celsius", (low - 32) * 5 / 9, (high - 32) * 5 / 9, tolerance * 5 / 9
    plus = _PLUS.match(text, pos)
    if plus is not None and kind == "exact":
        kind, pos = "lower", plus.end()
    else:
        minus = _MINUS.match(text, pos)
        if minus is not None and kind == "exact":
            kind, pos = "upper", minus.end()
    if dim == "number" and scale == 1.0 and _year_like(raw) and high <= 2199:
        # "over 2023" is "during 2023": a year takes no approximation or bound.
        return Quantity(
            low, high, "year", "exact" if high == low else "range", 0.5, start, pos, text[start:pos]
        )
    return Quantity(low, high, dim, kind, tolerance, begin, pos, text[begin:pos].strip())


def _names(text: str, start: int) -> bool:
    """Is the number at ``start`` part of a name (``Python 3.8``, ``version 3``, ``Apache 2.0``)?"""
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return False
    word = m.group(1).rstrip(".")
    if word.endswith(("'s", "\u2019s", "'", "\u2019")):
        return False  # a possessive: "Alto Verde's 1,250 members"
    low = word.lower()
    if low in _NAMING:
        return True
    if low in _MONTHS or low in STOPWORDS or low in _WORD_NUMBERS:
        return False
    return word[:1].isupper()


def _year_like(raw: str) -> bool:
    return raw.isdigit() and len(raw) == 4 and 1800 <= int(raw) <= 2199


def _value(raw: str) -> float:
    return float(raw.replace(",", "").replace("\u202f", "").replace("\u00a0", "").replace("\u2009", ""))


def _tolerance(raw: str, value: float) -> float:
    """Half a unit of the last digit written; round thousands count as rounded to their zeros."""
    digits = raw.replace(",", "").replace("\u202f", "").replace("\u00a0", "").replace("\u2009", "")
    if "." in digits:
        half = 0.5 * 10.0 ** -len(digits.split(".")[1])
    else:
        half = 0.5
        if value >= 1000:
            zeros = len(digits) - len(digits.rstrip("0"))
            half = min(0.5 * 10.0**zeros, ROUND_TOLERANCE * value)
    return max(half, MIN_TOLERANCE * abs(value))


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


def _scale(text: str, pos: int, *, currency: bool) -> tuple[float, int]:
    m = _SCALE.match(text, pos)
    if m is None:
        if currency and text.startswith("m", pos) and not text[pos + 1 : pos + 2].isalnum():
            return 1e6, pos + 1  # "$5m"
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


def _unit(text: str, pos: int, currency: tuple[str, str] | None) -> tuple[str, float, int]:
    """(dimension, factor, end) of the unit after a figure; money, counts and bare numbers too."""
    multi = _MULTIWORD.match(text, pos)
    if multi is not None:
        unit = " ".join(multi.group("unit").lower().split())
        if unit.startswith("square"):
            dim, factor = ("area", 1e6) if "kilo" in unit else ("area", 2.589988e6 if "mile" in unit else 1.0)
            return dim, factor, multi.end()
        dim, factor = _MULTIWORD_UNITS.get(unit, ("fraction", 0.01))
        return dim, factor, multi.end()
    m = _UNIT.match(text, pos)
    if m is not None:
        spelled = m.group("unit")
        key = spelled.lower()
        found = _UNITS.get(key)
        exact = _CASE_SENSITIVE.get(key)
        if found is not None and (exact is None or spelled == exact):
            dim, factor = found
            if dim.startswith("money") and currency is not None and dim != f"money:{currency[0]}":
                return f"money:{currency[0]}", 1.0, pos
            if dim.startswith("money") or currency is None or dim == "fraction":
                return dim, factor, m.end()
    if currency is not None:
        return f"money:{currency[0]}", 1.0, pos
    noun = _NOUN.match(text, pos)
    if noun is not None:
        seen: list[str] = []
        for group in ("first", "second"):
            word = noun.group(group)
            if word is None:
                break
            low = word.lower()
            if low in STOPWORDS:
                break
            seen.append(stem(low))
            if low.endswith("s") or low in _IRREGULAR_PLURALS:
                end = noun.end(group)
                per = _PER.match(text, end)
                if per is not None:
                    return "rate", 1.0 / _PERIOD_SECONDS[per.group("period").lower()], per.end()
                return f"count:{' '.join(seen)}", 1.0, end
    per = _PER.match(text, pos)
    if per is not None:
        return "rate", 1.0 / _PERIOD_SECONDS[per.group("period").lower()], per.end()
    return "number", 1.0, pos


def _comparable(a: Quantity, b: Quantity) -> bool:
    if _same_dim(a, b):
        return True
    dims = {a.dim, b.dim}
    if "number" in dims:
        other = (dims - {"number"}).pop()
        return other == "fraction" or other.startswith("count:")
    return False


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    # Strict: 3 and 4 (3 +- 0.5, 4 +- 0.5) touch at 3.5 but do not agree.
    return a[0] < b[1] and b[0] < a[1]


def _with_context(text: str, found: list[Quantity]) -> list[Quantity]:
    """Give each figure the terms of its clause before it, a few after it, and its part in a change."""
    out = []
    for i, q in enumerate(found):
        head = text[max(0, q.start - 160) : q.start]
        cuts = list(_CLAUSE_END.finditer(head))
        left = terms(head[cuts[-1].end() :] if cuts else head)[-6:]
        if len(left) < 2 and cuts:
            # "..., up 31% from the previous year": a bare clause borrows the one before.
            left = terms(head[cuts[-2].end() if len(cuts) > 1 else 0 :])[-6:]
        right_to = found[i + 1].start if i + 1 < len(found) else len(text)
        tail = text[q.end : right_to]
        cut = _CLAUSE_END.search(tail)
        right = terms(tail[: cut.start()] if cut else tail)[:3]
        role: Literal["", "from", "to"] = ""
        if _FROM.search(head):
            role = "from"
        elif (i and _TO.fullmatch(text[found[i - 1].end : q.start])) or _TO_VALUE.search(head):
            role = "to"
        context = frozenset(left + right)
        out.append(Quantity(q.low, q.high, q.dim, q.kind, q.tolerance, q.start, q.end, q.text, context, role))
    return out


_FROM = re.compile(r"\bfrom\s*(?:US)?[$€£¥₹]?\s*$", re.IGNORECASE)
_TO = re.compile(r"\s*(?:to|-|\u2013)\s*(?:US)?[$€£¥₹]?\s*", re.IGNORECASE)
_TO_VALUE = re.compile(r"(?<!\bup)\s(?:to|reached|reaching|reaches|hit)\s*(?:US)?[$€£¥₹]?\s*$", re.IGNORECASE)
