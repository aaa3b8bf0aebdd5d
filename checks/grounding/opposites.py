"""What says the opposite of a claim in words the terms miss: stopwords, prefixes, relative times.

A claim whose every term a source sentence holds may still say the opposite of it, in words that
are no terms (:data:`checks.grounding.lexicon.STOPWORDS`) or that weigh too little to keep the
sentence from stating the claim:

* :func:`opposed_in_stopwords`: ``with``/``without`` the same thing, ``from`` and ``to`` the other
  way round, ``on``/``off`` as a state, ``voted for``/``against``, ``over``/``under budget``,
  ``behind``/``on schedule``, ``since``/``until`` a date;
* :func:`prefixed_opposite`: a word one text denies with ``un-`` or ``non-`` (``unencrypted``,
  ``non-binding``);
* :func:`other_relative_time`: ``this year`` against ``last year`` (for the judge: when each was
  written decides);
* :func:`changed_otherwise`: a thing said to go up where the sentence has it go down, in a sentence
  that has something else go the claim's way (``output increases`` against ``Brent rose after
  producers announced output cuts``).

:func:`checks.grounding.assess.assess` reads them where a sentence would state the claim
(``_said_otherwise``). Each reads the claim first and the sentence only when the claim holds what it
looks for, behind a substring test: most claims hold none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from checks.grounding.lexicon import (
    CALENDAR,
    CALENDAR_NAMES,
    CHANGES,
    WEEKDAYS,
    clauses,
    negated,
    stem,
    terms,
)

__all__ = [
    "both_ways",
    "changed_otherwise",
    "dated_otherwise",
    "held",
    "opposed_in_stopwords",
    "other_relative_time",
    "other_stage",
    "prefixed_opposite",
    "same_otherwise",
    "year_of_another_verb",
]


def opposed_in_stopwords(claim: str, sentence: str) -> tuple[str, frozenset[str]]:
    """How a sentence says the opposite of a claim in words a stopword list hides, and the claim's
    terms its words answer (``sinc`` of ``since May``), or ("", {}): ``without``
    where the claim says ``with`` the same thing (``works without an internet connection`` against
    ``works with an internet connection``, and back); ``from`` and ``to`` the other way round
    (``migrated from MySQL to PostgreSQL`` against ``from PostgreSQL to MySQL``); ``off`` where it
    says ``on`` (``is off by default`` against ``is on by default``, ``switched off``, and back);
    ``until`` a date where it says ``since`` (``closed until May`` against ``closed since May``);
    ``against`` where it says ``for`` after the same verb (``voted against the plan`` against
    ``voted for the plan``); ``over`` where it says ``under`` or ``within`` a budget, ``behind``
    where it says ``on`` or ``ahead of`` schedule."""
    if "with" in claim and "with" in sentence:
        mine = _with_what(claim)
        theirs = _with_what(sentence) if mine else {}
        for word, (lacking, _) in mine.items():
            said = theirs.get(word)
            if said is not None and said[0] != lacking:
                why = f"the source says {'without' if said[0] else 'with'} {said[1]}, the claim the opposite"
                return why, _WITHOUT if lacking else _NO_TERMS
    if "without " in sentence and "without" not in claim:
        lacked = _lacked(claim, sentence)
        if lacked:
            # "The suspect was charged" against "released without charge"
            return f"the source says 'without {lacked}', the claim the opposite", _NO_TERMS
    for pattern, side, mine_sides in _claim_sides(claim):
        their_sides = _sides(pattern, side, sentence)
        for key, (mine_side, written) in mine_sides.items():
            theirs_side = their_sides.get(key)
            if theirs_side is not None and theirs_side[0] != mine_side:
                return f"the source says '{theirs_side[1]}' where the claim says '{written}'", frozenset(
                    terms(written)
                )
    if "from " in claim and "from " in sentence:
        theirs_ways = _ways(sentence)
        for way in _ways(claim):
            back = theirs_ways.get(way[::-1])
            if back is not None and way not in theirs_ways:
                return f"the source has it the other way round, from {back[0]} to {back[1]}", _NO_TERMS
    if "from " in sentence and "from " not in claim and " to " in claim:
        back = _to_where_it_left(claim, sentence)
        if back:
            # "The bin collections move to Tuesday" against "move from Tuesday to Thursday"
            return f"the source says from {back[0]} to {back[1]}, the claim to {back[0]}", _NO_TERMS
    if "outside " in sentence and "outside " not in claim:
        place = _outside_of(claim, sentence)
        if place:
            # "Most of the app's users are in Europe" against "60% of them outside Europe"
            return f"the source says 'outside {place}' where the claim says 'in {place}'", _OUTSIDE
    if "peak" in claim and "peak" in sentence:
        mine_peak, their_peak = _peak(claim), _peak(sentence)
        if mine_peak and their_peak and mine_peak[0] != their_peak[0]:
            # "Crossings at peak times were cut" against "cut ... outside peak hours"
            return f"the source says '{their_peak[1]}' where the claim says '{mine_peak[1]}'", _PEAK_TERMS
    if "on" in claim or "off" in claim:
        mine_state = _switched(claim)
        their_state = _switched(sentence) if mine_state else ""
        if their_state and mine_state != their_state:
            return f"the source says '{their_state}' where the claim says '{mine_state}'", _NO_TERMS
    return "", _NO_TERMS


_NO_TERMS: Final[frozenset[str]] = frozenset()
_WITHOUT: Final = frozenset(("without",))
_OUTSIDE: Final = frozenset((stem("outside"),))
_IN_PLACE: Final = re.compile(r"\b(in|inside|within|outside)\s+(?:the\s+)?((?-i:[A-Z])[\w-]+)", re.IGNORECASE)
"""``in Europe``, ``outside London``: a place by its name, and whether inside or out."""


_PEAK: Final = re.compile(
    r"\b(?:(?P<off>outside(?:\s+(?:of\s+)?the)?\s+peak|off[\s-]peak)|(?:at|during|in)\s+(?:the\s+)?peak)"
    r"(?:\s+(?:hours?|times?|periods?))?\b",
    re.IGNORECASE,
)
"""Peak hours or outside them: ``at peak times``, ``during the peak``, ``outside peak hours``,
``off-peak``."""
_PEAK_TERMS: Final = frozenset((stem("peak"),))


def _peak(text: str) -> tuple[bool, str] | None:
    """(whether outside peak hours, as written) when ``text`` says one way only (:data:`_PEAK`), else None."""
    found = {(m.group("off") is not None, m.group()) for m in _PEAK.finditer(text)}
    ways = {off for off, _ in found}
    if len(ways) != 1:
        return None
    return min(found)


def _outside_of(claim: str, sentence: str) -> str:
    """A place the claim puts something in (``in Europe``) that the sentence puts it outside of
    (``outside Europe``), and nowhere in; or ""."""
    inside = {m.group(2) for m in _IN_PLACE.finditer(claim) if m.group(1).lower() != "outside"}
    if not inside:
        return ""
    theirs: dict[str, set[bool]] = {}
    for m in _IN_PLACE.finditer(sentence):
        theirs.setdefault(m.group(2), set()).add(m.group(1).lower() == "outside")
    return next((place for place in sorted(inside) if theirs.get(place) == {True}), "")


def other_relative_time(claim: str, sentence: str) -> str:
    """A time said relative to now that the sentence places otherwise (``this year`` against ``last
    year``, ``next month`` against ``this month``), as the sentence's words; or "". Not a denial:
    when each was written decides (a source of 2023's ``this year`` is a claim of 2024's ``last
    year``), so the judge's to weigh."""
    if not _RELATIVE_CUE.search(claim):
        return ""
    mine = {m.group(2).lower(): _RELATIVE.get(m.group(1).lower(), "") for m in _RELATIVE_TIME.finditer(claim)}
    for m in _RELATIVE_TIME.finditer(sentence):
        said = mine.get(m.group(2).lower())
        if said is not None and said != _RELATIVE.get(m.group(1).lower(), ""):
            return m.group()
    return ""


def dated_otherwise(claim: str, sentence: str) -> str:
    """The time the sentence gives the claim's verb when the claim gives it another time that the
    sentence gives another verb, as the sentence's words; or "": ``The strike ended on a Monday``
    against ``began on a Monday and ended on a Friday`` (``ended on a Friday``); ``came into force
    in 1957`` against ``signed ... in 1957 and came into force a year later``. The times: a weekday
    or a month after ``on``/``in``/``by``, a year after ``in``, and a time after another (``a year
    later``, ``the following month``), which stands against a year, a month or a weekday; two
    written years are left to the figures. What says it: the words before each time (in the
    sentence's first part the last word that is a term, the words before it being its subject; in
    a later part, after ``and``, ``but`` or a comma, every word but the subject's); a word of the
    claim's that only another time of the same kind has before it."""
    mine = _dated(claim, whole=True)
    if not mine:
        return ""
    theirs = _dated(sentence)
    if len({day for day, _, _ in theirs}) < 2:
        return ""
    for day, words, _ in mine:
        if not any(d == day for d, _, _ in theirs):
            continue
        own = frozenset().union(*(w for d, w, _ in theirs if d == day))
        for other, their_words, said in theirs:
            if other == day or _kind(other) != _kind(day):
                continue
            if _kind(day) == "year" and not other.startswith("later:"):
                continue  # two years are two figures (quantities pairs them)
            if (words & their_words) - own:
                return said
    return ""


def year_of_another_verb(claim: str, sentence: str) -> str:
    """The month or weekday the sentence gives the claim's verb when it gives the claim's year only
    to another verb, as the sentence's words; or "": ``The Kelston rollout began in 2023`` against
    ``The rollout in Kelston, delayed since 2023, finally began in September`` (``finally began in
    September``). Not a denial (September may be of that year), but no statement of it either."""
    years = _claim_years(claim)
    if not years or ("since" not in sentence and " in " not in sentence):
        return ""
    theirs = _dated(sentence)
    for year, words in years:
        own = frozenset().union(*(w for d, w, _ in theirs if d == year))
        if not own or words & own:
            continue  # not in the sentence, or given to the claim's own verb there too
        for other, their_words, said in theirs:
            if not other.startswith("later:") and _kind(other) != "year" and (words & their_words) - own:
                return said
    return ""


@lru_cache(maxsize=4096)
def _claim_years(claim: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The years of a claim's :func:`_dated` times, with the terms of the words before each (read
    once a claim: :func:`year_of_another_verb` asks for every sentence it is read against)."""
    return tuple((day, words) for day, words, _ in _dated(claim, whole=True) if day.isdigit())


def other_stage(claim: str, sentence: str) -> str:
    """The stage of a contest the sentence gives where the claim gives another, as written, or "":
    ``reached the cup final`` against ``reached the cup semi-final`` (``semi-final``); ``the
    quarter-finals`` against ``the semi-finals``. Only when the other text names no stage the claim
    does."""
    if "inal" not in claim or "inal" not in sentence:
        return ""
    mine = {m.group(1).lower().rstrip("-") for m in _STAGE.finditer(claim)}
    theirs = {m.group(1).lower().rstrip("-"): m.group() for m in _STAGE.finditer(sentence)}
    if not mine or not theirs or mine & theirs.keys():
        return ""
    return next(iter(theirs.values()))  # the first the sentence names


_STAGE: Final = re.compile(r"\b((?:semi|quarter)[- ]?|)finals?\b", re.IGNORECASE)
"""``final``, ``semi-final``, ``quarter-finals``: the stage is the prefix (none for the final)."""


def _kind(day: str) -> str:
    if day.startswith("later:"):
        return _LATER_KIND[day[6:]]
    return "year" if day.isdigit() else "weekday" if day in WEEKDAYS else "month"


_LATER_KIND: Final = {"year": "year", "month": "month", "week": "weekday", "day": "weekday"}
"""What a time after another (``a year later``, ``the following month``) stands against: a year, a
month, a weekday."""


@lru_cache(maxsize=4096)
def _dated(text: str, *, whole: bool = False) -> tuple[tuple[str, frozenset[str], str], ...]:
    """(the time, the terms of the words before it, the words from them to it) of each time of
    ``text`` (:data:`_DATED`: a weekday, a month or a year as written, ``later:<unit>`` for one after
    another); ``whole``: every word before it counts (a claim)."""
    if _DATED.search(text) is None:
        return ()
    out: list[tuple[str, frozenset[str], str]] = []
    parts = [text] if whole else _PARTS.split(text)
    subject: frozenset[str] = frozenset()
    lead: frozenset[str] | None = None  # whole: the words before the first time, its verb aside
    previous = 0  # whole: where the time before ends
    for number, part in enumerate(parts):
        for m in _DATED.finditer(part):
            day = m.group("day") or m.group("year") or f"later:{m.group('ago') or m.group('next')}"
            before = part[: m.start()].split()
            if number == 0 and not whole:  # the subject, then the one word that says what
                last = next((i for i in range(len(before) - 1, -1, -1) if terms(before[i])), None)
                if last is None:
                    continue
                subject |= frozenset(terms(" ".join(before[:last])))
                before = before[last:]
            extra: frozenset[str] = frozenset()
            if whole and lead is None:
                read = terms(" ".join(before))
                # (a claim opening with a clause of its own, "If full council approves the scheme in
                # December, installation would start in March": that clause's words are no subject)
                lead = frozenset() if _OWN_CLAUSE_FIRST.match(text) else frozenset(read[:-1])
            elif whole and lead is not None:
                # A later time of a claim is said by the words since the time before, and the subject:
                # "started in April 2022 and is scheduled to end in March 2027" ends in March, not
                # starts.
                before = part[previous : m.start()].split()
                extra = lead
            previous = m.end()
            # a word that is no term still says what ("reported in May": reporting verbs are none)
            said = extra.union(terms(" ".join(before))) or frozenset(
                stem(w.lower()) for w in before if w.isalpha()
            )
            found = said - CALENDAR - subject
            if found:
                out.append((day.lower(), found, " ".join([*before, m.group()])))
    return tuple(out)


_OWN_CLAUSE_FIRST: Final = re.compile(
    r"\s*(?:if|when|once|after|before|unless|although|though|while|as|since|until)\s", re.IGNORECASE
)
"""A claim that opens with a subordinate clause: its first time is that clause's."""
_DATED: Final = re.compile(
    rf"\b(?:on|in|by)\s+(?:a\s+|the\s+|early\s+|late\s+|mid-?)?(?P<day>{CALENDAR_NAMES})s?\b"
    r"|\b(?:in|since)\s+(?P<year>(?:1[6-9]|20)\d\d)\b(?![-/]\d)"
    r"|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+"
    r"(?P<ago>year|month|week|day)s?\s+later\b"
    r"|\b(?:the\s+)?(?:following|next)\s+(?P<next>year|month|week|day)\b",
    re.IGNORECASE,
)
_PARTS: Final = re.compile(r"[,;]|\b(?:and|but|while|whereas|then)\b", re.IGNORECASE)


_RELATIVE: Final = {
    "last": "last",
    "previous": "last",
    "past": "last",
    "this": "this",
    "current": "this",
    "next": "next",
    "coming": "next",
}
"""Each word of a relative time -> the time it places (``previous year`` is ``last year``)."""
_RELATIVE_TIME: Final = re.compile(
    rf"\b({'|'.join(_RELATIVE)})\s+(year|month|week|quarter|season|summer|winter|spring|autumn|decade|term)\b",
    re.IGNORECASE,
)
_RELATIVE_CUE: Final = re.compile(rf"\b(?:{'|'.join(_RELATIVE)})\s", re.IGNORECASE)


def prefixed_opposite(
    claim: str, mine: frozenset[str], sentence: str, theirs: frozenset[str]
) -> tuple[str, frozenset[str]]:
    """A word of one text that is ``un-`` or ``non-`` and a term of the other (``stored unencrypted``
    against ``stored encrypted``, ``non-binding`` against ``binding``, and back), as written, with
    its terms and its base's (``unencrypt``, ``encrypt``); or ("", {}). ``mine`` and ``theirs`` are
    the two texts' terms. (``unlikely`` is a negation: :data:`NEGATIONS`.)"""
    for text, other, own, rest in ((sentence, mine, theirs, claim), (claim, theirs, mine, sentence)):
        if "un" not in text and "Un" not in text and "non" not in text and "Non" not in text:
            continue
        for m in _NEGATIVE_PREFIX.finditer(text):
            read = terms(m.group(2))
            if not read or read[0] not in other:
                continue
            if _denied(rest, read[0]):
                continue  # "had not been inspected" against "uninspected": both deny it
            if _lessened(rest, read[0]):
                continue  # "Less urgent defects" against "Non-urgent defects": a degree, no opposite
            if m.group().lower() in rest.lower():
                # The other text says it too: "non-binding" holds the term "bind" itself; "The bathhouse
                # uncovered at Saxley Farm covers" against "have uncovered the remains of a bathhouse".
                continue
            if "-" in m.group(1) or read[0] not in own:  # not "some encrypted, some unencrypted"
                return m.group(), frozenset((*terms(m.group()), read[0]))
    return "", _NO_TERMS


_NOT_BEFORE: Final = re.compile(r"\b(?:not|never|n't)\b((?:\s+[^\W\d_][\w'-]*){1,3})", re.IGNORECASE)


def _denied(text: str, term: str) -> bool:
    """Does ``text`` deny the word whose term is ``term`` (``not``, ``never`` up to three words
    before it: ``had not been inspected``)?"""
    if "not" not in text and "never" not in text and "n't" not in text:
        return False
    return any(term in terms(m.group(1)) for m in _NOT_BEFORE.finditer(text))


_LESS_BEFORE: Final = re.compile(r"\b(?:less|least)\s+([^\W\d_][\w'-]*)", re.IGNORECASE)


def _lessened(text: str, term: str) -> bool:
    """Does ``text`` say the word whose term is ``term`` with ``less`` or ``least`` before it (``Less
    urgent defects``)? Of a prefixed word's base, that is near its ``non-``, not its opposite."""
    if "less" not in text.lower() and "least" not in text.lower():
        return False
    return any(term in terms(m.group(1)) for m in _LESS_BEFORE.finditer(text))


_NEGATIVE_PREFIX: Final = re.compile(r"\b([Uu]n|[Nn]on-?)([^\W\d_]{4,})")
"""``unencrypted``, ``non-binding``: a word and the prefix that denies it (the rest of at least four
letters: not ``unit``, ``union``)."""


_WITH: Final = re.compile(
    r"(?<!\bnot\s)(?<!\bnever\s)\b(with(?:out)?)\s+"  # "not without risks" is with them
    r"(?:an?\s+|the\s+|any\s+|its\s+|their\s+|your\s+)?([^\W\d_][\w-]*)",
    re.IGNORECASE,
)
"""``with`` or ``without`` and the word after it, an article or a possessive between."""
_SWITCHED: Final = re.compile(
    r"\b(?:is|are|was|were|be|been|stays?|stayed|remains?|remained|turned|switched|toggled|left|set)\s+(on|off)\b"
    r"(?=\s+by\s+default\b|\s*[.,;:!]|\s*$|\s+(?:at|during|for|when|after|before|until|overnight"
    r"|automatically|again)\b)",
    re.IGNORECASE,
)
"""``on`` or ``off`` as a state: after a verb of being or switching, before ``by default``, a clause's
end or a word of when (``The heating stays off at night``; not ``turned off the lights``)."""


_FROM_TO: Final = re.compile(
    r"\bfrom\s+(?:the\s+)?(?P<a>[^\W\d_][\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
    r"\s+(?:to|into|onto|towards)\s+(?:the\s+)?(?P<b>[^\W\d_][\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})",
    re.IGNORECASE,
)
"""``from`` a place or a thing ``to`` another (a name of up to three words each; no figure: ``from
10 to 12`` is read by the figures)."""


def _to_where_it_left(claim: str, sentence: str) -> tuple[str, str] | None:
    """The two ends of a ``from ... to ...`` of ``sentence`` (:data:`_FROM_TO`) when ``claim`` has it
    go ``to`` where the sentence has it come from, and names nothing of the other end (``move to
    Tuesday`` against ``move from Tuesday to Thursday``), else None."""
    mine = set(terms(claim))
    for m in _FROM_TO.finditer(sentence):
        a, b = m.group("a"), m.group("b")
        if not set(terms(b)).isdisjoint(mine):
            continue
        if re.search(rf"\b(?:to|into|onto)\s+(?:the\s+)?{re.escape(a)}\b", claim, re.IGNORECASE) is not None:
            return a, b
    return None


def _ways(text: str) -> dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, str]]:
    """Each ``from ... to ...`` of a text (:data:`_FROM_TO`): the terms of its two ends -> the ends
    as written."""
    out = {}
    for m in _FROM_TO.finditer(text):
        a, b = tuple(terms(m.group("a"))), tuple(terms(m.group("b")))
        if a and b and a != b:
            out[a, b] = (m.group("a"), m.group("b"))
    return out


_HELD: Final = re.compile(
    r"\b(?:held|holds?|holding|kept|keeps?|keeping|left|leaves?|leaving)\s+(?:[\w'\u2019-]+\s+){0,3}?"
    r"(?:(?:at|on)\s+[£$€]?\d[\d.,]*%?|unchanged\b|steady\b|flat\b|on\s+hold\b)"
    r"|\b(?:froze|frozen|freezes|freezing|unchanged)\b"
    r"|\b(?:were|was|are|is|remained|remains|stayed|stays)\s+(?:flat|steady|stable|level)\b",
    re.IGNORECASE,
)
"""What a sentence says stayed as it was: ``held interest rates at 4.5%``, ``left rates unchanged``,
``fares were frozen``, ``prices were flat`` (not ``the festival was held at the park``)."""


def held(sentence: str) -> str:
    """How a sentence says something stayed as it was (:data:`_HELD`), as written, or ""."""
    m = _HELD.search(sentence)
    return m.group() if m is not None else ""


def _lacked(claim: str, sentence: str) -> str:
    """The word after a sentence's ``without`` that a claim with no ``without`` and no denial states
    (``was charged`` against ``released without charge``, ``was amended`` against ``passed without
    amendment``), where the sentence states it nowhere else (not ``one was released without charge,
    the other charged``); or ""."""
    lacking = {stem_: word for stem_, (without, word) in _with_what(sentence).items() if without}
    if not lacking:
        return ""
    mine = set(terms(claim))
    found = [stem_ for stem_ in lacking if stem_ in mine]
    if not found or negated(claim):
        return ""
    elsewhere = set(terms(_WITH.sub(" ", sentence)))
    return next((lacking[stem_] for stem_ in found if stem_ not in elsewhere), "")


def _with_what(text: str) -> dict[str, tuple[bool, str]]:
    """Each word after ``with`` or ``without`` (an article between): its stem -> whether it is
    ``without``, and the word as written."""
    return {stem(m.group(2).lower()): (len(m.group(1)) > 4, m.group(2)) for m in _WITH.finditer(text)}


_STANCE: Final = re.compile(
    r"\b(vot(?:e|es|ed|ing)|spoke|speaks?|speaking|argued|argues?|arguing|campaign(?:s|ed|ing)?"
    r"|ruled?|rules|ruling)\s+(for|in\s+fav(?:ou)?r\s+of|against)\b",
    re.IGNORECASE,
)
_STANDING: Final = re.compile(
    r"\b(over|under|within|on|ahead\s+of|behind)\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?"
    r"(budget|schedule)\b",
    re.IGNORECASE,
)


def _stance(m: re.Match[str]) -> tuple[str, str]:
    return stem(m.group(1).lower()), "against" if m.group(2).lower() == "against" else "for"


def _standing(m: re.Match[str]) -> tuple[str, str]:
    place, what = m.group(1).lower(), m.group(2).lower()
    return what, ("over" if place == "over" else "within") if what == "budget" else (
        "behind" if place == "behind" else "on"
    )


_BOUND_IN_TIME: Final = re.compile(
    r"\b(since|until|till)\s+(?:the\s+end\s+of\s+|early\s+|late\s+|mid-?)?"
    rf"(\d{{4}}\b|(?:{CALENDAR_NAMES})\b)",
    re.IGNORECASE,
)


def _bound_in_time(m: re.Match[str]) -> tuple[str, str]:
    return m.group(2).lower(), "since" if m.group(1).lower() == "since" else "until"


_DISTANCE: Final = re.compile(
    r"\b(?:(closer|nearer)\s+(?:to\s+)?|(further|farther)\s+(?:away\s+)?from\s+)"
    r"(?:the\s+|its\s+|their\s+|his\s+|her\s+)?([^\W\d_]+)",
    re.IGNORECASE,
)


def _distance(m: re.Match[str]) -> tuple[str, str]:
    return stem(m.group(3).lower()), "near" if m.group(1) else "far"


_OBLIGED: Final = re.compile(
    r"\b(?:(must|ha(?:s|ve|d)\s+to|(?:is|are|was|were)\s+(?:required|obliged)\s+to|needs?\s+to)"
    r"|(exempt\s+from|(?:does|do|did)\s+not\s+(?:have|need)\s+to|(?:is|are|was|were)\s+not\s+(?:required"
    r"|obliged)\s+to|need\s+not))\s+(?:(?:also|still|now|first|only)\s+)?(?!not\b|never\b)([^\W\d_]+)",
    re.IGNORECASE,
)


def _obliged(m: re.Match[str]) -> tuple[str, str]:
    return stem(m.group(3).lower()), "must" if m.group(1) else "exempt"


_SIDES: Final = (
    (_STANCE, _stance, ("for", "against", "favo")),
    (
        _OBLIGED,
        _obliged,
        ("must", "Must", "required", "has to", "have to", "had to", "need", "exempt", "obliged"),
    ),
    (_STANDING, _standing, ("budget", "schedule")),
    (_BOUND_IN_TIME, _bound_in_time, ("since", "Since", "until", "Until", "till")),
    (_DISTANCE, _distance, ("closer", "nearer", "further", "farther")),
)
"""Phrases whose side is told by stopwords: a stance after a verb (``voted for``, ``spoke
against``), a duty or its absence (``must register`` against ``exempt from registering``, ``do not
have to register``), a standing against a budget or a schedule (``over budget``, ``behind schedule``), a
bound in time (``closed since May`` against ``closed until May``), a move nearer to a place or further
from it (``150 metres closer to the wetland`` against ``150 metres further from the wetland``); each
with the words that must be in a claim for it to be read (a substring test first: most claims hold
none)."""


Side = Callable[[re.Match[str]], tuple[str, str]]


@lru_cache(maxsize=4096)
def _claim_sides(
    claim: str,
) -> tuple[tuple[re.Pattern[str], Side, dict[str, tuple[str, str]]], ...]:
    """The phrases of :data:`_SIDES` a claim holds, per pattern (read once per claim: a claim is read
    against many sentences)."""
    found = []
    for pattern, side, cues in _SIDES:
        if any(cue in claim for cue in cues) and (mine := _sides(pattern, side, claim)):
            found.append((pattern, side, mine))
    return tuple(found)


def _sides(pattern: re.Pattern[str], side: Side, text: str) -> dict[str, tuple[str, str]]:
    """Each phrase of ``pattern`` in ``text``: its key (a verb's stem, ``budget``) -> its side and the
    phrase as written."""
    out = {}
    for m in pattern.finditer(text):
        key, which = side(m)
        out[key] = (which, m.group())
    return out


def _switched(text: str) -> str:
    """``on`` or ``off`` as a state (``is off by default``, ``switched on``, ``stays off at night``),
    or ""."""
    m = _SWITCHED.search(text)
    return m.group(1).lower() if m is not None else ""


_UP, _DOWN = stem("increase"), stem("decrease")
_WAYS: Final = {_UP: "up", _DOWN: "down"}


def both_ways(claim_terms: frozenset[str], sentence_terms: frozenset[str]) -> bool:
    """Does the sentence have things go both ways (its terms hold a word for up and one for down)
    while the claim has something go one? Only there can a sentence that holds the claim's word for
    its way say it went the other: where the sentence has one way only, the antonym test reads it."""
    return sentence_terms >= CHANGES and not claim_terms.isdisjoint(CHANGES)


def changed_otherwise(
    claim: str, claim_terms: frozenset[str], sentence: str, sentence_terms: frozenset[str]
) -> str:
    """Why a sentence of one clause that has things go both ways says a thing of the claim went the
    other way, or "": the word next to each word for up or down is what went that way (``output
    cuts``, ``crude rose``, ``lower prices``), and the sentence has the claim's thing go only the
    other way. (A sentence that has things go one way only is read by the antonym test: its word for
    the way is no term of the claim; one of two clauses, ``exports fell in 2022 but rose in 2023``,
    by the test of each clause's polarity.)"""
    if not both_ways(claim_terms, sentence_terms) or len(clauses(sentence)) > 1:
        return ""
    theirs = _moves(sentence)
    for thing, (ways, word) in _moves(claim).items():
        said = theirs.get(thing)
        if said and said[0].isdisjoint(ways):
            return (
                f"the claim has {word} go {_WAYS[min(ways)]} where the source has it go {_WAYS[min(said[0])]}"
            )
    return ""


def _moves(text: str) -> dict[str, tuple[set[str], str]]:
    """Each word next to a word for up or down (before it: ``output cuts``; after it: ``lower
    prices``), by its term: the ways it goes, and the word as written."""
    words = text.split()
    read = [terms(word) for word in words]
    found: dict[str, tuple[set[str], str]] = {}
    for i, got in enumerate(read):
        ways = _WAYS.keys() & got
        if len(ways) != 1:
            continue
        for j in (i - 1, i + 1):
            if (
                0 <= j < len(read)
                and len(read[j]) == 1
                and read[j][0] not in _WAYS
                and not words[j][:1].isdigit()
            ):
                found.setdefault(read[j][0], (set(), words[j].strip(".,;:!?").lower()))[0].update(ways)
    return found


_SAME_AS: Final = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:[^\W\d_]+\s+)?as|unchanged\s+(?:from|on)|no\s+different\s+from)\s+"
    r"(?P<base>[^,.;:]+)",
    re.IGNORECASE,
)
"""A claim that something equals something else (``costs the same as last year's model``,
``unchanged from 2023``), and what it equals."""
_OTHER_THAN: Final = re.compile(
    r"\b(?:more|less|fewer|higher|lower|cheaper|dearer|greater|smaller|bigger|larger|longer|shorter"
    r"|faster|slower|better|worse)\s+than\s+(?P<base>[^,.;:]+)"
    r"|\b(?:up|down)\s+(?:[^\W\d_]*\d[\w.,%]*\s+)?(?:from|on)\s+(?P<since>(?:(?:19|20)\d\d\b|[^\W\d_])[^,.;:]*)",
    re.IGNORECASE,
)
"""A sentence that says something differs from something else (``$100 more than last year's model``,
``up 12% on 2024``), and what it differs from."""


def same_otherwise(claim: str, sentence: str) -> str:
    """The words of a sentence that say a thing differs from what the claim says it equals (``The
    Pixo 9 costs the same as last year's model`` against ``at $799, $100 more than last year's
    model``), or "": most of what the claim compares with, the sentence compares with too."""
    if "same" not in claim and "nchanged" not in claim and "different" not in claim:
        return ""
    mine = _SAME_AS.search(claim)
    if mine is None:
        return ""
    base = _compared_with_what(mine.group("base"))
    if not base:
        return ""
    for m in _OTHER_THAN.finditer(sentence):
        theirs = _compared_with_what(m.group("base") or m.group("since") or "")
        if len(base & theirs) * 2 >= len(base):
            return m.group().strip()
    return ""


_YEAR: Final = re.compile(r"\b(?:19|20)\d\d\b")


def _compared_with_what(text: str) -> set[str]:
    """What a comparison compares with: its terms and years (``last year's model``, ``2024``)."""
    return {*terms(text), *_YEAR.findall(text)}
