"""Words as the matcher compares them: tokens, stems, stopwords, negation cues and antonyms.

A sentence becomes a list of **terms**: unicode word tokens, lower-cased,
irregular verbs and a few common synonyms folded onto one form, then stemmed
(Snowball English for Latin script, Snowball Arabic for Arabic script; Hebrew
and other scripts are compared as written). Stopwords, digits-only tokens,
unit words (``ms``, ``percent``...) and negation cues are not terms: numbers
and units are :mod:`checks.grounding.quantities`' business, negation is
compared separately (:func:`negated`).

The folding is deliberately small: irregular past tenses (``fell`` -> ``fall``),
spelling variants (``-ise`` -> ``-ize``) and a few groups of near-synonyms that
writers swap when they paraphrase a source (``rose``/``grew``/``increased``).
Antonym pairs (``increase``/``decrease``, ``enable``/``disable``...) are
compared on the folded stems, so ``rose`` against ``fell`` is a mismatch.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import chain, pairwise
from typing import Final

import ahocorasick
import Stemmer

__all__ = [
    "ANTONYMS",
    "AUXILIARIES",
    "BOUNDARY",
    "CALENDAR",
    "CALENDAR_NAMES",
    "CHANGES",
    "COUNTS",
    "NEGATIONS",
    "RESULTS",
    "STOPWORDS",
    "WEEKDAYS",
    "YEAR_BEFORE",
    "associated",
    "causal",
    "clause_at",
    "clauses",
    "clear_memos",
    "denies_all",
    "directions",
    "disputes",
    "ended",
    "explains",
    "for_now",
    "formerly",
    "in_context",
    "names",
    "negated",
    "negation_scopes",
    "now",
    "only_the_year_before",
    "piece_terms",
    "prospective",
    "quantified",
    "read",
    "reported",
    "reports",
    "sentence_names",
    "sequenced",
    "some_of",
    "sought",
    "stem",
    "still",
    "surface",
    "terms",
    "tokens",
    "undone",
    "universal_words",
    "within_span",
]


def words(text: str) -> frozenset[str]:
    """A set of words written as one string (the word lists below)."""
    return frozenset(text.split())


# Words: letters and digits of any script, joined by apostrophes or inner dots (node.js, U.S).
_TOKEN: Final = re.compile(r"[^\W_]+(?:['\u2019.][^\W_]+)*")
_DIGITS: Final = re.compile(
    r"[\d.,\u066b\u066c]+(?:[cfp]|['\u2019]?s|k|m|mn|bn|b|tn|ms|gb|mb|kb|tb|km|kg|mw|gw|kwh|mwh|gwh|twh|ghz|mhz|am|pm)?"
)
"""A figure as one token, no term: ``2024``, ``3.4m`` (million), ``12k``, ``1.2bn``, ``45ms``, ``2tb``,
``over-21s``, ``9.30am``: :mod:`~checks.grounding.quantities` reads them."""
_ARABIC: Final = re.compile(r"[\u0600-\u06ff]")
_BUT_TAIL: Final = (
    r"\s+(?:the\s+[^\W\d_]+|(?-i:[A-Z])[^\W\d_]+(?:\s+(?:(?-i:[A-Z])[^\W\d_]+|day|week|weekend|month))?"
    r"|one|two|three)\s*(?:[.,;:!?]|$)"
)
"""What follows a ``but`` that means except: a name (``Monday``, ``Christmas Day``, ``Easter week``)
or ``the`` and a word, ending the clause."""
_BUT_EXCEPT: Final = (
    "but(?:(?:"
    + "|".join(
        rf"(?<=\b{w}\sbut)"
        for w in ("day", "days", "week", "weeks", "month", "months", "night", "one", "body")
    )
    + rf")(?={_BUT_TAIL})|(?:"
    + "|".join(rf"(?<=\b{w}\sbut)" for w in ("everyone", "everybody", "everything"))
    + r")(?=\s+(?:the\s+[^\W\d_]+|(?-i:[A-Z])[^\W\d_]+|one|two|three)\b))"
)
"""``but`` after ``every day``, ``every month``, ``everyone``, ``everybody`` and before a name or
``the`` and a word, ending the clause: ``opens every day but Monday``, ``everyone but the mayor``."""
_EXCEPT_WORDS: Final = r"except|apart\s+from|excluding|with\s+the\s+exception\s+of"
_EXCEPT: Final = rf"(?:{_EXCEPT_WORDS}|{_BUT_EXCEPT})\b"
"""The words that open an exception (:func:`excepted`, and a cut of :data:`_CLAUSE`)."""
_RATHER_THAN: Final = r"rather\s+than\s+(?:to|by|in|on|at|from|for|with|because)\b"
"""What a sentence sets aside (``linked to a shortage of beds rather than to staffing``): a clause of
its own, its words kept, which denies (:func:`negated`) as ``not to staffing`` does."""
_CLAUSE: Final = re.compile(
    rf"\s*(?:[,;:\u060c\u061b](?!(?<=\d,)\d)|\s(?:(?!{_BUT_EXCEPT})but(?!\s+also\b)|while|whereas|although|though|however"
    r"|unlike)\s)\s*"
    rf"|\s+(?={_EXCEPT}|{_RATHER_THAN})",
    re.IGNORECASE,
)
"""Where a clause ends; not at the ``but also`` of ``not only ... but also`` (one statement, one subject),
nor at a comma between digits (``28,000``: a thousands separator).
An exception (``except Sunday``, ``apart from the harbour wall``) is a clause of its own, its word kept:
see :func:`exception`."""
_EXCEPTION: Final = re.compile(rf"(?:{_EXCEPT_WORDS}|but(?={_BUT_TAIL}))\b", re.IGNORECASE)
"""How an exception clause opens, read on the clause alone (a ``but`` that opens one is a kept
:data:`_BUT_EXCEPT`: :data:`_CLAUSE` cuts away every other)."""
_ELLIPSIS: Final = re.compile(r"not\s", re.IGNORECASE)

STOPWORDS: Final[frozenset[str]] = words(
    """a an the and or of to in on at by for with from as is are was were be been being am it its it's this
    that these those there their they them then than so such into onto over per via about
    also just only very much many most some any each every all both either other another own same
    our we us you your he she his her him i me my mine ours yours has have had having do does did doing
    can could would should may might must will shall which who whom whose what when where why how if
    because while until up down out off again further once here now s t d ll re ve m o y etc e.g i.e
    like within across between among through during under around approximately roughly nearly
    almost circa ca approx some several one's according reported reports report said says stated notes
    noted go goes went gone get gets got become becomes became mostly least even unlike number numbers
    still remains remain remained already"""
)
"""Function words and reporting verbs: they say nothing a source could confirm. ``remains`` as ``is``
(``remains closed`` is ``is closed``; what it says of before is :func:`reverted`'s). ``already``, as
``still``, says when, which the claim's tense says too (what it says against a plan is
:mod:`checks.grounding.assess`'s)."""

NEGATIONS: Final[frozenset[str]] = words(
    """not no never none nobody nothing nowhere neither nor cannot can't cant don't doesn't didn't
    isn't aren't wasn't weren't won't wouldn't shouldn't couldn't hasn't haven't hadn't lacks
    lack lacked lacking unable unlikely n't without
    ban bans banned banning prohibit prohibits prohibited prohibiting forbid forbids forbade forbidden
    forbidding disallow disallows disallowed outlaw outlaws outlawed
    لا لم لن ليس ليست غير بدون لا_يدعم
    לא אין אינו אינה אינם בלי"""
)
"""Negation cues (English, Arabic, Hebrew); a sentence's polarity is the parity of its cues.

A prohibition is a negation (``anchoring is banned`` says what ``boats may not anchor`` says), so
``allowed`` against ``prohibited`` is a difference of polarity, not an antonym pair."""

UNIT_WORDS: Final[frozenset[str]] = words(
    """ms msec millisecond milliseconds s sec secs second seconds min mins minute minutes h hr hrs hour
    hours day days week weeks fortnight fortnights month months year years yr yrs decade decades ns us
    µs μs microsecond microseconds nanosecond nanoseconds kb mb gb tb pb kib mib gib tib byte bytes bit
    bits kbps mbps gbps bps hz khz
    mhz ghz percent pct per cent percentage point points basis x times k m bn b thousand million billion
    trillion usd eur gbp dollars dollar euros euro pounds rps qps tps ops mm cm km kg g mg lb lbs kwh mwh
    gwh wh kw mw gw w fold twice double triple twh square kilometre kilometres
    kilometer kilometers metre metres meter meters hectare hectares ha acre acres tonne tonnes gram grams
    kilogram kilograms watt watts kilowatt kilowatts megawatt megawatts gigawatt gigawatts celsius
    fahrenheit degrees mile miles ft foot feet lbs"""
)
"""Words that belong to a quantity; the quantity comparison covers them."""

NUMBER_WORDS: Final[frozenset[str]] = words(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred
    thousand million billion trillion dozen half third thirds quarter quarters fifth fifths tenth tenths"""
)
"""Spelled-out numbers: figures, compared as quantities, not as words."""
COUNTS: Final = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred"
"""The spelled counts that may follow ``all`` or ``every`` (``all three``, ``every two years``), as a
pattern's alternation."""

# Irregular forms and near-synonyms folded onto one word before stemming.
_FOLD: Final[Mapping[str, str]] = {
    word: head
    for head, group in {
        "increase": "rose rise rises risen rising grew grow grows grown growing climbed climb climbs "
        "jumped jump jumps soared increased increases increasing raised raise raises boosted boost "
        "doubled tripled quadrupled",
        "decrease": "fell fall falls fallen falling dropped drop drops declined decline declines shrank "
        "shrink shrinks shrunk cut cuts reduced reduce reduces reducing lowered lower lowers "
        "decreased decreases decreasing slashed dipped halved slipped slip slips trim trims trimmed trimming",
        "begin": "began begun begins start started starts launched launch launches",
        "end": "ended ends finish finished finishes stopped stop stops",
        "use": "uses used using relies rely relied",
        "buy": "bought buys purchase purchased purchases acquire acquired acquires",
        "sell": "sold sells",
        # Verbs that tie a subject to its figure: "handled 41,000 jobs per second", "reached 41,000".
        "reach": "reached reaches reaching handle handled handles handling served serves serving "
        "sustain sustained sustains processed processes processing achieved achieves achieve "
        "carry carries carried carrying "
        "totalled totaled totalling totaling topped drew draws draw drawing attract attracts attracted "
        "attracting worth provide provides provided providing contain contains contained containing",
        "build": "built builds",
        # A cause and a correlation are one word to coverage; assess tells them apart (a claim of a
        # cause against a source's association is partial: assess._associated_only).
        "associated": "cause causes caused causing correlated coincided resulted",
        "make": "made makes produce produced produces producing manufacture manufactured manufactures",
        "take": "took taken takes",
        "hold": "held holds",
        "cancel": "scrapped scrapping axed",
        "freeze": "froze frozen freezes freezing",
        "uphold": "upheld upholds upholding",
        "lead": "led leads",
        "pay": "paid pays",
        "meet": "met meets",
        "cost": "costs costing charge charges charged charging spend spent spends spending",
        "win": "won wins",
        "lose": "lost loses losing loss losses",
        "run": "ran runs running operate operates operated operating",
        "give": "gave given gives",
        "keep": "kept keeps store stored stores storing",
        "travel": "travels travelled traveled travelling ride rides rode riding",
        "expire": "expiry expires expired expiring",
        "write": "wrote written writes",
        "rewrite": "rewrote rewritten rewrites rewriting",
        "beat": "beaten beats",
        "plan": "plans planned planning aim aims aimed aiming intend intends intended intending",
        "allow": "allows allowed allowing permitted permitting",
        "show": "showed shown shows demonstrate demonstrated demonstrates",
        "big": "large larger largest bigger biggest huge",
        "small": "smaller smallest little tiny",
        "fast": "quick quicker quickest rapid faster fastest",
        "slow": "slower slowest sluggish",
        "help": "helps helped assist assists assisted",
        "require": "requires required needs need needed must",
        "company": "firm firms companies business businesses",
        "customer": "customers client clients",
        "member": "members membership memberships",
        "support": "supports supported supporting backed backing backs",
        "employee": "employees staff worker workers",
        "car": "cars vehicle vehicles",
        "city": "cities town towns",
        "global": "worldwide",
        "score": "scores scored scoring rated rating ratings",
        "repair": "repaired repairs repairing fix fixed fixes fixing mend mended mends",
        "visitor": "visitors attendee attendees",
        "legacy": "legacies bequest bequests",
        "collect": "collected collects collecting gather gathered gathers gathering",
        "install": "installed installs installing fit fitted fits fitting",
        "ask": "asks asked asking seek seeks seeking sought",
        "dispose": "disposes disposed disposing dump dumps dumped dumping",
    }.items()
    for word in group.split()
}

# Antonym pairs, as words; compared after folding and stemming.
_ANTONYM_WORDS: Final = """increase:decrease higher:lower more:less above:below before:after enable:disable
enabled:disabled allow:block include:exclude success:failure succeed:fail
accept:reject gain:loss profit:loss surplus:deficit open:closed public:private free:paid online:offline
available:unavailable add:remove win:lose up:down improve:worsen improve:degrade early:late
strong:weak first:last minimum:maximum gain:lose narrow:widen internal:external
synchronous:asynchronous sync:async cheap:expensive big:small fast:slow safe:unsafe secure:insecure
stable:unstable legal:illegal possible:impossible supported:unsupported support:oppose approve:reject
pass:fail pass:defeat pass:reject true:false majority:minority rural:urban north:south east:west
mandatory:optional required:optional compulsory:voluntary mandatory:voluntary compulsory:optional
entire:partial full:partial permanent:temporary begin:end old:new older:newer older:new old:newer
hold:cancel hold:postpone good:inadequate good:poor outstanding:inadequate
meet:miss meet:below meet:short exceed:miss exceed:below exceed:short
praise:criticise praise:criticize praise:dislike inside:outside indoor:outdoor indoors:outdoors
import:export inbound:outbound upstream:downstream arrive:depart high:low hot:cold wet:dry
hire:fire hire:dismiss hire:sack hire:laid hire:lay hire:layoff join:leave join:left join:quit
agree:disagree approve:disapprove continue:discontinue connect:disconnect appear:disappear
qualify:disqualify sharply:slightly steeply:slightly dramatically:slightly sharply:modestly
sharply:marginally significantly:slightly significantly:marginally comfortably:narrowly
widely:narrowly often:rarely frequently:rarely always:rarely always:never fully:partly
fully:partially permanently:temporarily guilty:innocent guilty:acquit convict:acquit guilty:cleared
convict:cleared hold:lose keep:lose retain:lose highest:lowest best:worst earlier:later sooner:later
exempt:require exempt:comply severe:mild major:minor expand:shrink grant:refuse grant:deny
approve:refuse uphold:overturn uphold:quash uphold:reject uphold:dismiss increase:unchanged
decrease:unchanged increase:freeze decrease:freeze good:outstanding red:amber red:yellow amber:yellow
amber:green yellow:green sooner:delay sooner:postpone primary:secondary agree:refuse agree:reject
accept:refuse continue:suspend continue:halt continue:pause allow:dismiss adult:juvenile"""


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Stemmer.Stemmer, Stemmer.Stemmer]:
    return Stemmer.Stemmer("english"), Stemmer.Stemmer("arabic")


_CACHE: Final[dict[str, str]] = {}
_CACHE_LIMIT: Final = 200_000
_SURFACE: Final[dict[str, str]] = {}


def stem(word: str) -> str:
    """The folded stem of one lower-case word (memoised: stemming is the hot path)."""
    got = _CACHE.get(word)
    if got is not None:
        return got
    folded = word[:-2] if word.endswith(("'s", "\u2019s")) else word
    folded = _FOLD.get(folded, folded)  # "firm's" is "company's", as "firm" is "company"
    english, arabic = _stemmers()
    if _ARABIC.search(folded):
        out = str(arabic.stemWord(folded))
    elif folded.isascii():
        for british, american in (
            ("isation", "ization"),
            ("ising", "izing"),
            ("ised", "ized"),
            ("ise", "ize"),
        ):
            if folded.endswith(british) and len(folded) > len(british) + 2:
                folded = folded[: -len(british)] + american
                break
        out = str(english.stemWord(folded))
    else:
        out = folded
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[word] = out
    if len(_SURFACE) < _CACHE_LIMIT:
        _SURFACE.setdefault(out, folded)
    return out


def clear_memos() -> None:
    """Forget every word read so far (stems, tokens, pieces): the state of a fresh process."""
    for memo in (_CACHE, _TERMS, _PIECES, _NAMES, _LEADS, _CUES):
        memo.clear()


def surface(term: str) -> str:
    """A word that stems to ``term``, for messages (``increas`` -> ``increase``)."""
    return _SURFACE.get(term, term)


def tokens(text: str) -> list[str]:
    """Lower-case word tokens of any script, in order (digits-only tokens included)."""
    return _TOKEN.findall(text.lower())


_SCAN_FROM: Final = 1_000
"""Texts this long (a source's sentences, read at once) are scanned for :data:`_SCANNED` in one pass."""
_SCANNED: Final = frozenset((
    " ahead", " as it ", " as they ", " at ", " back", " down", " forward", " not be chang",
    " not chang", " of ", " same", " than ", " to ", " to come", " up", "Ceas", "Quit", "YEAR",
    "Year", "ade ", "ake", "ceas", "chedul", "coming ", "deni", "deny", "ding year", "due to",
    "eclin", "ecord", "eficit", "efus", "eginning of ", "en place", "en up ", "eries ", "es place",
    "fail", "flat", "guilty", "half", "iddle of ", "ikely to", "ing up ", "innocent", "into",
    "ior year", "ious year", "k place", "ke place", "l short", "lass ", "lated to", "led off",
    "level", "liable", "ll off", "lling off", "lls off", "longer", "lose of ", "loss", "nd of ",
    "ng place", "oised to", "ook", "ost", "quarter", "quit", "rofit", "s short", "set to", "stabl",
    "stead", "tart of ", "top", "urn", "urplus", "ve up ", "xpect", "year before", "year earlier",
    "un out", "ran out", "ns out", "hardest on", "heaviest on", "heavily on", "hard on",
    "le out", "led out", "les out", "ling out", "rned up", "rn up", "rns up", "rning up",
))  # fmt: skip
"""The substrings :func:`in_context` and its rules' ``_may_`` tests look for before reading a text."""


def _automaton(parts: Iterable[str]) -> ahocorasick.Automaton:
    """An Aho-Corasick automaton that reports each of ``parts`` found, as itself."""
    automaton = ahocorasick.Automaton()
    for part in sorted(parts):
        automaton.add_word(part, part)
    automaton.make_automaton()
    return automaton


_AUTOMATON: Final = _automaton(_SCANNED)


class Substrings:
    """Which of :data:`_SCANNED` a text holds, found in one pass of an Aho-Corasick automaton
    (pyahocorasick, C) instead of one scan of the text per substring: a source of 6,000 characters
    holds few of them, and testing each in turn cost a tenth of a cold draft. ``in`` answers as
    ``str``'s does for any substring (one not among :data:`_SCANNED` by scanning the text)."""

    __slots__ = ("_found", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._found = {part for _, part in _AUTOMATON.iter(text)}

    def __contains__(self, part: str) -> bool:
        return part in self._found if part in _SCANNED else part in self._text


def terms(text: str) -> list[str]:
    """The stems a source must share with a claim: no stopwords, numbers, units or negation cues.

    An all-capitals word (``US``, ``IT``) is a name, kept even when its lower case is a stopword.
    Read piece by piece (:func:`piece_terms`); ``up`` or ``down`` before a figure is a change
    (:func:`directions`).
    """
    pieces = text.split()
    return list(chain.from_iterable(in_context(text, pieces, piece_terms(pieces))))


_TURNED_UP: Final = (stem("appeared"),)
"""The term of ``turned up`` (appeared)."""


def _may_rule_out(text: str | Substrings) -> bool:
    """Might ``text`` hold ``ruled out`` (``ruled out selling``: :data:`_REFUSED`)?"""
    return "le out" in text or "led out" in text or "les out" in text or "ling out" in text


def in_context(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``found`` (the :func:`piece_terms` of ``pieces``, the words of ``text``) with the words that
    mean something else in their place: ``up`` or ``down`` before a figure (:func:`directions`);
    ``longer`` after ``no`` or ``any`` (``no longer charges``: a negation, not a length) and
    ``failed`` before ``to`` (``failed to approve``: a negation, :func:`negated`) and the words of a
    time (``at the end of 2023``, ``the third quarter``: :data:`PERIOD_PHRASE`) dropped; the letter
    of ``Series A`` a term (:func:`_lettered`). ``found`` is changed in place and returned."""
    # Substring tests before each rule: this runs for every text read, most of which hold none of the
    # words; a source's, all at once (:class:`Substrings`).
    scan: str | Substrings = Substrings(text) if len(text) >= _SCAN_FROM else text
    if (
        "longer" in scan
        or "fail" in scan
        or " than " in scan
        or _may_stop(scan)
        or "l short" in scan
        or "s short" in scan
        or _may_plan(scan)
        or "efus" in scan
        or "deni" in scan
        or "deny" in scan
        or "eclin" in scan
        or "hardest on" in scan
        or "heaviest on" in scan
        or "heavily on" in scan
        or "hard on" in scan
        or _may_rule_out(scan)
        or "rned up" in scan
        or "rn up" in scan
        or "rns up" in scan
        or "rning up" in scan
        or (("loss" in scan or "rofit" in scan or "urplus" in scan or "eficit" in scan) and _may_carry(scan))
    ):
        _idioms(pieces, found)
    if "coming " in scan or " ahead" in scan or " to come" in scan:
        _ahead(pieces, found)
    if (" up" in scan or " down" in scan or " forward" in scan) and _PUSHING.search(text) is not None:
        _particle_verbs(pieces, found)
    if _may_happen(scan) and _HAPPEN.search(text) is not None:
        _happened(pieces, found)
    if (
        "quarter" in scan or "half" in scan or (" of " in scan and may_name_a_time(scan))
    ) and PERIOD_PHRASE.search(text) is not None:
        _drop_times(text, pieces, found)
    if "eries " in scan or "lass " in scan:
        _lettered(pieces, found)
    if "into" in scan:
        _eaten_into(pieces, found)
    if " back" in scan:
        _backing(pieces, found)
    if (
        "flat" in scan
        or "stead" in scan
        or "stabl" in scan
        or "level" in scan
        or " same" in scan
        or " as they " in scan
        or " as it " in scan
    ):
        _mark(text, pieces, found, _stayed_levels(text), keep=False)
    if " not chang" in scan or " not be chang" in scan:
        _mark(text, pieces, found, [m.start("change") for m in _NOT_CHANGED.finditer(text)], keep=False)
    if " at " in scan:
        _mark(text, pieces, found, _stayed_at(text), keep=True)
    if "guilty" in scan or "liable" in scan or "innocent" in scan:
        _found_so(pieces, found)
    if " than " in scan:
        _than_before(text, pieces, found)
    if _may_say_the_year_before(scan) and _YEAR_BEFORE.search(text) is not None:
        _mark_year_before(text, pieces, found)
    return directions(text, pieces, found)


_PRICED: Final = re.compile(
    r"[$€£]\d[\d,.]*(?:\s?(?:million|billion|bn|m|k|thousand)\b)?\s+"
    r"(?!(?:a|an|the|of|in|on|at|to|for|from|by|with|and|or|per|each|every|than|more|less|over|under|"
    r"was|is|were|are|be|been|will|would|has|have|had|year|month|week|day|annual|monthly|weekly|"
    r"yearly|daily|a-year|a-month|million|billion|thousand|bn|m|k)\b)(?P<noun>[A-Za-z])"
)
"""An amount before the thing it is the price of (``its £6.2 million refurbishment``, ``a £24
million cargo shed``): the cost of that thing, as ``the refurbishment cost £6.2 million`` says. It
opens with the currency sign, so that the engine skips to each sign; the determiner before it is
:data:`_PRICED_AFTER`'s."""
_PRICED_AFTER: Final = re.compile(
    r"(?:\b(?:an?|the|its|their|his|her|our|this|that)|['\u2019]s)\s+$", re.IGNORECASE
)
"""A determiner or a possessive right before a :data:`_PRICED` amount (``its``, ``the council's``)."""
_COST: Final = "cost"


def priced(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``found`` (as :func:`in_context` takes it) with :data:`_COST` beside the term of the word after
    each :data:`_PRICED` amount after a determiner: a source's ``its £6.2 million refurbishment``
    states what ``the refurbishment cost £6.2 million`` does. (A source's words only: a claim's ``a
    £48,500 surplus`` is no cost the source must state.) Changed in place and returned."""
    if not ("£" in text or "$" in text or "€" in text):
        return found
    starts = [
        m.start("noun")
        for m in _PRICED.finditer(text)
        if _PRICED_AFTER.search(text, max(0, m.start() - 8), m.start()) is not None
    ]
    for piece in _pieces_at(text, pieces, starts) if starts else ():
        if piece < len(found) and _COST not in found[piece]:
            found[piece] = (*found[piece], _COST)
    return found


_YEAR_BEFORE: Final = re.compile(
    r"\b(?:the\s+year\s+before|the\s+(?:previous|prior|preceding)\s+year|a\s+year\s+(?:earlier|before))\b",
    re.IGNORECASE,
)
"""The year before the one a text is about (``after a surplus of £3 million the year before``)."""
YEAR_BEFORE: Final = "year-before"
"""The term :data:`_YEAR_BEFORE` adds to the last word of its phrase: a time a clause is of, as a
month is (:mod:`checks.grounding.assess`)."""


_BEFORE_WORD: Final = re.compile(r"\bbefore\b", re.IGNORECASE)


def only_the_year_before(text: str) -> bool:
    """Is every ``before`` of ``text`` (a clause) one of a :data:`_YEAR_BEFORE` (``the year before``:
    a time, not an order against ``after``)?"""
    return len(_BEFORE_WORD.findall(text)) <= sum(
        "before" in m.group().lower() for m in _YEAR_BEFORE.finditer(text)
    )


def _may_say_the_year_before(text: str | Substrings) -> bool:
    """Might ``text`` hold a :data:`_YEAR_BEFORE`? (Substring tests at C speed: ``year`` alone is in
    most sources, and the pattern costs a seventh of a millisecond per 6,000 characters.)"""
    return (
        "year before" in text
        or "year earlier" in text
        or "ious year" in text
        or "ior year" in text
        or "ding year" in text
        or "Year" in text
        or "YEAR" in text
    )


def _mark_year_before(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """:data:`YEAR_BEFORE` beside the terms of the last word of each :data:`_YEAR_BEFORE`."""
    ends = [m.end() - len(m.group().split()[-1]) for m in _YEAR_BEFORE.finditer(text)]
    for piece in _pieces_at(text, pieces, ends):
        if piece < len(found):
            found[piece] = (*found[piece], YEAR_BEFORE)


_LEVELS: Final = ("flat", "steady", "stable", "level")
_LEVEL_AFTER: Final = re.compile(
    r"\b(?:is|are|was|were|be|been|being|remain|remains|remained|remaining|stay|stays|stayed|staying|held|holds"
    r"|hold|holding|kept|keep|keeps)\s+(?:(?:broadly|largely|roughly|virtually|essentially|almost|nearly"
    r"|relatively|fairly)\s+)?$",
    re.IGNORECASE,
)
_AT_FIGURE: Final = re.compile(r" at [$€£¥₹]?\d")
_STAY_BEFORE: Final = re.compile(
    r"\b(?:remain|remains|remained|stay|stays|stayed|held|kept)(?:\s+unchanged)?$", re.IGNORECASE
)
_LOOK_BACK: Final = 40
"""How far before the word it anchors on a scan below reads the words it needs (a pattern tried at
every position of a source costs a quarter of a millisecond per 6,000 characters: the scans find a
literal first, at C speed, and read back from each)."""
_UNCHANGED: Final = stem("unchanged")


_UNTIL_AFTER: Final = r"(?![^,.;:]*\b(?:until|till|before)\b)"
"""Not a change denied until a time (``will not change until April``: it may after)."""
_NOT_CHANGED: Final = re.compile(
    rf"\bnot\s+(?:be\s+)?(?P<change>chang(?:e|ed))\b{_UNTIL_AFTER}", re.IGNORECASE
)
"""``will not change``, ``will not be changed``: unchanged, as ``will stay the same`` is (no denial:
:data:`_NOT_DENYING`)."""


_AS_IT_IS: Final = re.compile(
    r"\b(?:kept|keep|keeps|remain|remains|remained|stay|stays|stayed|left|leave)\s+(?P<as>as)\s+"
    r"(?:it|they)\s+(?:is|are|was|were)\b",
    re.IGNORECASE,
)
"""``will be kept as they are``, ``left as it was``: unchanged."""


def _stayed_levels(text: str) -> list[int]:
    """Where a level that stayed as it was is said (``clothing sales were flat``, ``prices held
    steady``, ``remained broadly stable``, ``will stay the same``): the offset of each ``flat``,
    ``steady``, ``stable``, ``level`` or ``same`` (of ``the same`` that ends its clause or goes on with
    ``as``: not ``the same model``) after a form of *be*, ``remain``, ``stay``, ``hold`` or ``keep``."""
    out = [m.start("as") for m in _AS_IT_IS.finditer(text)] if " as " in text else []
    i = text.find(" the same")
    while i >= 0:
        end = i + len(" the same")
        if (
            end == len(text) or text[end] in ".,;:!?)" or text.startswith(" as ", end)
        ) and _LEVEL_AFTER.search(text, max(0, i + 1 - _LOOK_BACK), i + 1):
            out.append(end - len("same"))
        i = text.find(" the same", end)
    for word in _LEVELS:
        i = text.find(word)
        while i >= 0:
            end = i + len(word)
            if (
                i
                and text[i - 1] == " "
                and (end == len(text) or not text[end].isalnum())
                and _LEVEL_AFTER.search(text, max(0, i - _LOOK_BACK), i) is not None
            ):
                out.append(i)
            i = text.find(word, end)
    return sorted(out)


def _stayed_at(text: str) -> list[int]:
    """Where a figure that stayed as it was is said (``fees stayed at £9,250``, ``rates were held at
    4.5%``, ``remained at 3%``; not ``stood at``, which gives a level, not that it held): the offset of
    each such verb."""
    out = []
    for m in _AT_FIGURE.finditer(text):
        verb = _STAY_BEFORE.search(text, max(0, m.start() - _LOOK_BACK), m.start())
        if verb is not None:
            out.append(verb.start())
    return out


def _mark(
    text: str, pieces: Sequence[str], found: list[tuple[str, ...]], starts: list[int], *, keep: bool
) -> None:
    """The word at each of ``starts`` read as ``unchanged`` (the opposite of either direction of a
    change), so a clause that says ``clothing sales were flat`` denies ``Clothing sales grew 5%`` where
    another clause of its sentence says ``Food sales grew 5%``; elsewhere ``flat`` is a flat, a flat
    fee. ``keep``: the word's own term kept beside it (the verb of ``stayed at £9,250``: the figure
    after it has it in its context, :mod:`checks.grounding.quantities`)."""
    if not starts:
        return
    for piece in _pieces_at(text, pieces, starts):
        if piece < len(found):
            found[piece] = (*found[piece], _UNCHANGED) if keep else (_UNCHANGED,)


_FINDS: Final = frozenset(("find", "finds", "found", "finding"))
_VERDICTS: Final = frozenset(("guilty", "innocent", "liable"))


def _found_so(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """``found`` of ``found him guilty``, ``was found liable`` dropped: the verdict says it, as
    ``convicted`` or ``cleared`` does alone (``The jury found him guilty of fraud`` against ``found him
    guilty on two counts and cleared him of fraud``: ``found`` is no word the claim shares with the
    first clause and not the second)."""
    for i, piece in enumerate(pieces):
        if piece.lower() in _FINDS and any(
            p.lower().rstrip(".,;:") in _VERDICTS for p in pieces[i + 1 : i + 4]
        ):
            found[i] = ()


_THAN_HEAD: Final = re.compile(
    r"(?<![\w.,])[$€£¥₹]?\d[\d.,]*\s*(?:%|per\s?cent|percent|points?|percentage\s+points)?\s+"
    r"(?:(?P<up>more|higher|greater|bigger|larger)|(?P<down>fewer|less|lower|smaller))"
    r"(?:\s+[^\W\d_][\w'\u2019-]*){0,3}?$",
    re.IGNORECASE,
)
_THAN_TAIL: Final = re.compile(
    r" than\s+(?:(?:in|on|for|during|over|at)\s+)?(?:the\s+)?"
    r"(?:(?:year|month|week|quarter|season|decade|day)\s+(?:before|earlier|prior)"
    r"|(?:previous|prior|preceding|last|past)\s+(?:year|month|week|quarter|season|decade|day|time)"
    r"|(?:a|an|one|two|three|four|five|ten|\d+)\s+(?:years?|months?|weeks?|quarters?|decades?|days?)"
    r"\s+(?:before|earlier|ago|previously)"
    r"|same\s+(?:period|month|quarter|week|time|day)\s+(?:of\s+|in\s+)?(?:last|a|the\s+previous|the\s+prior)\s+year"
    r"|(?:FY\s?)?(?:19|20)\d\d\b)",
    re.IGNORECASE,
)
"""A figure's comparison with an earlier time, which says which way it went: ``6.2 million
passengers, 9% more than the year before``, ``12% fewer visitors than in 2022``, ``600 more than a year
ago`` (not ``more than 40%``, ``higher than Kelston's``; nor ``smaller than last year``, with no figure,
which :mod:`checks.grounding.assess` reads as a comparison of two times): the figure and its
comparative before `` than`` (:data:`_THAN_HEAD`), the earlier time after it."""
_INCREASE, _DECREASE = stem("increase"), stem("decrease")


def _than_before(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """The comparative of each comparison with an earlier time (:data:`_THAN_TAIL`) read as the change
    it says too (``9% more than the year before``: an increase), as ``up 9% on the year before`` is
    (:func:`directions`)."""
    at: list[int] = []
    ways: list[str] = []
    i = text.find(" than ")
    while i >= 0:
        if _THAN_TAIL.match(text, i) is not None:
            head = _THAN_HEAD.search(text, max(0, i - 2 * _LOOK_BACK), i)
            if head is not None:
                up = head["up"] is not None
                at.append(head.start("up") if up else head.start("down"))
                ways.append(_INCREASE if up else _DECREASE)
        i = text.find(" than ", i + 1)
    if not at:
        return
    for piece, way in zip(_pieces_at(text, pieces, at), ways, strict=True):
        if piece < len(found):
            found[piece] = (*found[piece], way)


def _pieces_at(text: str, pieces: Sequence[str], starts: Sequence[int]) -> list[int]:
    """The place in ``pieces`` (the words of ``text``, split at whitespace, or at single spaces with
    :data:`BOUNDARY` pieces between sentences) of the piece that begins at each of ``starts``
    (ascending offsets into ``text``, each where a piece begins)."""
    if len(pieces) == text.count(" ") + 1:
        # Split at single spaces (the source index's sentences, joined): as many pieces before an
        # offset as spaces, counted at C speed, each stretch once (the starts ascend).
        counted, at, spaces = [], 0, 0
        for start in starts:
            spaces += text.count(" ", at, start)
            at = start
            counted.append(spaces)
        return counted
    out = []
    piece = at = 0
    for start in starts:
        piece += len(text[at:start].split())
        at = start
        out.append(piece)
    return out


MONTH_NAMES: Final = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
MONTHS = frozenset(MONTH_NAMES) | words("jan feb mar apr jun jul aug sep sept oct nov dec")
SEASONS: Final = ("spring", "summer", "autumn", "fall", "winter")
PERIOD_EDGES: Final = ("end", "start", "beginning", "middle", "close", "course")
"""``the end of 2023``, ``the start of the year``: where in a period."""
YEAR_PARTS: Final = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
"""The places of a quarter or a half of a year: ``the third quarter``, ``the 1st half``."""
PERIOD_PHRASE: Final = re.compile(
    rf"\b(?:(?:{'|'.join(PERIOD_EDGES)}) of(?= (?:the )?(?:(?:FY)?\d{{4}}|FY\d{{2}}|[QH][1-4]|fiscal|year"
    rf"|quarter|month|week|decade|century|season|{'|'.join(sorted(MONTHS))}|{'|'.join(SEASONS)})\b)"
    rf"|(?:{'|'.join(YEAR_PARTS)})[\s-]+(?:quarter|half)\b(?!-))",
    re.IGNORECASE,
)
"""The words of a time that :func:`terms` drops: ``end of`` (``course of``) before a year or a month,
``the third quarter``, ``the first half`` (read as figures by :mod:`~checks.grounding.quantities`)."""


def may_name_a_time(text: str | Substrings) -> bool:
    """Might ``text`` hold a :data:`PERIOD_PHRASE`? A few substring tests at C speed: the pattern
    itself, tried at every position of a source, cost 4% of a cold draft."""
    return (
        "quarter" in text
        or "half" in text
        or (
            " of " in text
            and (
                "nd of " in text
                or "tart of " in text
                or "eginning of " in text
                or "iddle of " in text
                or "lose of " in text
                or "ourse of " in text
            )
        )
    )


def _drop_times(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """The terms of the pieces of each :data:`PERIOD_PHRASE` dropped: ``at the end of 2023`` is a
    time, as ``in 2023`` is, not an end; ``the third quarter`` a figure, as ``Q3`` is."""
    at = end = 0
    words: list[str] = []
    for m in PERIOD_PHRASE.finditer(text):
        # The phrase's first piece: no earlier than the pieces counted since the last phrase (the
        # count may take a piece the phrase shares, at either end, twice: less two; pieces may also
        # hold BOUNDARY, which it skips), and the first from there that holds its word. Counting
        # only the text since the last phrase keeps this linear in the text.
        at = max(at, at + len(words) + len(text[end : m.start()].split()) - 2)
        words, end = m.group().split(), m.end()
        head = words[0].lower()
        while at < len(pieces) and not pieces[at].lower().endswith(head):
            at += 1
        for i in range(at, min(at + len(words), len(found))):
            found[i] = ()


def _idioms(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    longer, fail, plan, deny = (stem("longer"),), (stem("fail"),), (stem("plan"),), (stem("denied"),)
    rule, turn = (stem("ruled"),), (stem("turned"),)
    for i, got in enumerate(found):
        if not got:
            continue
        nxt = pieces[i + 1] if i + 1 < len(pieces) else ""
        if got == longer and i and pieces[i - 1].lower() in ("no", "any"):
            found[i] = ()
        elif got == fail and nxt == "to":
            found[i] = ()  # "failed to": a negation cue (:func:`negated`), not a failure
        elif got == deny and _FAILED.match(" ".join(pieces[i : i + 3])) is not None:
            found[i] = ()  # "denied it would close": a negation cue, as "failed to"
        elif (
            nxt == "to"
            and pieces[i].lower() in _REFUSING
            and i + 2 < len(pieces)
            and _REFUSED.match(f"{pieces[i]} to {pieces[i + 2]}") is not None
        ):
            found[i] = ()  # "refused to approve", "declined to comment": a negation cue, as "failed to"
        elif got == rule and nxt.lower() == "out" and i + 2 < len(pieces) and pieces[i + 2].endswith("ing"):
            found[i] = ()  # "ruled out selling": a negation cue (_REFUSED), no ruling
        elif got == turn and nxt.lower().rstrip(".,;:") == "up":
            # "Hedgehogs turned up at 39% of sites": appeared, no turn (against "turned down")
            found[i] = _TURNED_UP
        elif nxt and (
            (pieces[i].lower() in _STOP_VERBS and nxt.endswith("ing"))
            or (nxt == "to" and pieces[i].lower() in _CEASE_VERBS)
            or (
                nxt == "up"
                and pieces[i].lower() in _GIVE_VERBS
                and i + 2 < len(pieces)
                and pieces[i + 2].endswith("ing")
            )
        ):
            found[i] = ()  # "stopped charging", "ceased to exist", "gave up driving": a negation cue
        elif nxt == "to" and i + 2 < len(pieces) and _planned(pieces[i].lower(), pieces[i + 2]):
            found[i] = plan  # "expected to open", "is due to close": planned, as "plans to" is
        elif (
            nxt == "than" and i + 2 < len(pieces) and got[-1] in _BOUND_TERMS and _figure_next(pieces[i + 2])
        ):
            found[i] = ()  # "more than 40%", "fewer than a million": the figure's bound, as "over" is
        elif pieces[i].lower() in _CARRYING and _result_next(pieces, i + 1):
            found[i] = ()  # "made a loss", "posted a profit": the result says it, as "reported" does
        elif nxt[:5].lower() == "short" and pieces[i].lower() in _FALLS:
            found[i] = ()  # "fell short of the target": a target missed, no fall
        elif pieces[i].lower() in _FALLS and _falls_on(pieces, i + 1):
            found[i] = ()  # "would fall hardest on households on low incomes": who bears it, no fall


def _bare(pieces: Sequence[str]) -> list[str]:
    """``pieces`` in lower case without the stops after them (``months.``: ``months``)."""
    return [p.lower().rstrip(".,;:!?)") for p in pieces]


_PERIODS: Final = frozenset(("days", "weeks", "months", "years", "decades", "quarters", "seasons"))
"""Periods that ``coming``, ``ahead`` or ``to come`` may make a vague time ahead."""


def _ahead(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """``the coming months``, ``the weeks ahead``, ``the years to come``: a vague time ahead, whose
    words (``months`` is a unit's) are no subject a source must share, as ``soon`` is not: ``Officials
    expect cases to fall over the coming months`` against ``expect cases to keep rising until the
    summer`` is about the same expectation."""
    bare = _bare(pieces)
    for i, word in enumerate(bare):
        if (
            (word == "coming" and any(w in _PERIODS for w in bare[i + 1 : i + 3]))  # "the coming few weeks"
            or (word == "ahead" and i and bare[i - 1] in _PERIODS)
            or (word == "come" and i > 1 and bare[i - 1] == "to" and bare[i - 2] in _PERIODS)
        ):
            found[i] = ()


_PUSH_VERBS: Final = words(
    "push pushes pushed pushing drive drives drove driven driving force forces forced forcing bring brings "
    "brought bringing send sends sent sending"
)
_PUSHING: Final = re.compile(r"\b(?:push|driv|drov|forc|bring|brought|send|sent)", re.IGNORECASE)


def _particle_at(pieces: Sequence[str], bare: Sequence[str], i: int, particles: tuple[str, ...]) -> int:
    """Where one of ``particles`` stands after the verb at ``i``: right after it (``push up prices``) or
    one word later (``drive costs down``), with no stop between; 0 for nowhere (``they pushed, up the
    hill``)."""
    if not pieces[i][-1:].isalpha() or i + 1 >= len(bare):
        return 0
    if bare[i + 1] in particles:
        return i + 1
    if i + 2 < len(bare) and bare[i + 2] in particles and pieces[i + 1][-1:].isalpha():
        return i + 2
    return 0


_BRINGS: Final = words("bring brings brought bringing")


def _particle_verbs(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """``push up prices``, ``drive costs down``, ``brought bills down``: a change, as ``raise`` and
    ``lower`` are (``up`` and ``down`` are no terms of their own): ``the rise would bring prices down``
    against ``the increase would push up prices`` disagree on the way. And ``brought forward``,
    ``bring it forward``: sooner, the opposite of ``delayed`` and ``postponed`` (``The project was
    delayed`` against ``The project was brought forward``)."""
    rise, fall, sooner = (stem("increase"),), (stem("decrease"),), (stem("sooner"),)
    bare = _bare(pieces)
    for i, word in enumerate(bare):
        if word not in _PUSH_VERBS:
            continue
        if at := _particle_at(pieces, bare, i, ("up", "down")):
            found[i] = rise if bare[at] == "up" else fall
        if word in _BRINGS and (at := _particle_at(pieces, bare, i, ("forward",))):
            found[i], found[at] = sooner, ()


_INTO_VERBS: Final = frozenset(
    ("cut", "cuts", "cutting", "eat", "eats", "ate", "eaten", "eating", "bite", "bites", "bit")
)
"""Verbs that ``into`` makes ``erode`` (``cut into the surplus``, ``eat into its margins``)."""
_ERODE: Final = stem("erode")


def _eaten_into(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """``cut into``, ``eat into``, ``bite into`` read as ``erode``: not ``cut`` as a change's
    direction (``would cut into next year's surplus`` against ``rising insurance costs would "eat
    into" next year's surplus`` is one thing said twice, not a fall against a rise)."""
    bare = [b.strip("'\"\u2018\u2019\u201c\u201d") for b in _bare(pieces)]
    for i in range(len(bare) - 1):
        if bare[i] in _INTO_VERBS and bare[i + 1] == "into":
            found[i] = (_ERODE,)


_BACKED: Final = frozenset(
    ("the", "a", "an", "plan", "plans", "proposal", "proposals", "calls", "scheme", "bid", "move")
)
"""What ``back`` as a verb of support comes before (``voters back the new stadium``)."""
_BACK_PHRASAL: Final = frozenset(
    (
        "come", "came", "comes", "coming", "go", "went", "goes", "going", "get", "got", "gets", "bring",
        "brought", "pay", "paid", "cut", "cuts", "set", "sets", "push", "pushed", "put", "puts", "hold",
        "held", "look", "looked", "fight", "fought", "step", "stepped", "turn", "turned", "scale", "scaled",
        "roll", "rolled", "win", "won", "give", "gave", "call", "called", "pull", "pulled", "fall", "fell",
        "bounce", "bounced", "date", "dates", "dated", "way", "the", "its", "their", "his", "her", "at",
    )
)  # fmt: skip
"""Words after which ``back`` is a particle or a noun (``came back``, ``pushed back``, ``the back``)."""
_SUPPORT: Final = stem("support")


def _backing(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """``back`` as a verb of support (``52% of voters back the new stadium``): ``support``, as
    ``backed`` is (:data:`_FOLD`); not a particle (``pushed back``) nor a noun (``the back``)."""
    bare = _bare(pieces)
    for i in range(1, len(bare) - 1):
        if bare[i] in ("back", "backs") and bare[i + 1] in _BACKED and bare[i - 1] not in _BACK_PHRASAL:
            found[i] = (_SUPPORT,)


_FALLS: Final = frozenset(("fell", "falls", "fall", "falling", "fallen"))
"""``fell short``: a target missed, not a fall."""
_FALL_ON_HOW: Final = frozenset(("hardest", "heaviest", "heavily", "hard"))
"""How hard a burden falls (``would fall hardest on``)."""


def _falls_on(pieces: Sequence[str], at: int) -> bool:
    """Do a word of how hard and ``on`` (``upon``) follow a fall at ``at`` (``would fall hardest on``,
    ``falls heavily on``)? Then it says who bears it, not that something fell."""
    words = _bare(pieces[at : at + 3])
    return (
        len(words) == 3
        and words[0] in _FALL_ON_HOW
        and words[1] in ("on", "upon")
        and words[2] not in MONTHS
        and words[2] not in WEEKDAYS  # "fell heavily on Monday": a fall
        and not words[2][:1].isdigit()
    )


_LETTERED: Final = frozenset(("series", "class"))
"""Words a capital letter names one of: ``Series A``, ``Class B``."""


def _lettered(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """The letter of ``Series A``, ``Class B`` as a term of its own (``series-a``): a single letter
    is no word (``A`` is an article), so ``raised $40 million in its Series A`` held no term that
    ``in a Series B round`` lacks."""
    for i in range(1, len(pieces)):
        letter = pieces[i].rstrip(".,;:!?)")
        if len(letter) == 1 and "A" <= letter <= "Z" and pieces[i - 1].lower() in _LETTERED:
            found[i] = (f"{pieces[i - 1].lower()}-{letter.lower()}",)


_AGED: Final = re.compile(r"\(?[\w.]+-(?:years?|months?|weeks?|days?)-olds?", re.IGNORECASE)
"""An age written as one word (``33-year-old``, ``five-year-olds``): read as :data:`AGED`."""
AGED: Final = "year-old"
"""The term of an age written as one word: its ``old`` is not the opposite of ``new`` (``Apart from
33-year-old goalkeeper Mark Dalton, every new signing is under 27``)."""
_HALF_OF_DAY: Final = re.compile(
    r"(?:\d{1,2}(?:[:.]\d\d)?)?(?:pm|p\.m\.?|am|a\.m\.?)|\d{1,2}(?:[:.]\d\d)?[AP]M"
)
"""``pm`` and ``am`` of a time of day as a piece of their own or after its digits (``2:30 pm``,
``9am``, ``6 p.m.``, ``10PM``): notation, not words, so ``ends at 2:30 pm`` holds no term that ``ends
at 14:30`` lacks (the times compare as identifiers: :mod:`checks.grounding.identifiers`). Lower
case alone: ``The PM said`` keeps its term."""


CHANGES: Final = frozenset((stem("increase"), stem("decrease")))
"""The two directions of a change (``rose``, ``grew``, ``up``...; ``fell``, ``cut``, ``down``...)."""
_BOUND_TERMS: Final = frozenset(stem(w) for w in ("more", "fewer", "less", "greater", "higher", "lower"))


def _figure_next(piece: str) -> bool:
    """Does a figure start at ``piece`` (``40%``, ``$5``, ``a`` or ``one`` of ``a million``, a
    spelled number)?"""
    head = piece[:1]
    return head.isdigit() or head in "$€£¥₹" or piece.lower() in _FIGURE_WORDS


_FIGURE_WORDS: Final = frozenset(
    ("a", "one", "half", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twice")
)


_CARRYING: Final = words(
    "make makes made making post posts posted record records recorded book books booked turn turns turned"
)
"""Verbs that only carry a financial result (``made a loss``, ``posted a profit``, ``turned a
profit``): the result is what a source states, in any of them or after ``reported``."""
_RESULTS: Final = words("profit profits loss losses surplus surpluses deficit deficits")
RESULTS: Final = frozenset(stem(w) for w in _RESULTS)
"""The terms of a financial result (``profit``, ``loss``): what ``made a loss`` says, its verb dropped."""
_RESULT_BEFORE: Final = words("a an its their the his her net pre-tax operating small large big record first")


def _may_carry(text: str | Substrings) -> bool:
    """Might ``text`` hold a :data:`_CARRYING` verb? (Substring tests at C speed.)"""
    return (
        "ade " in text or "ake" in text or "ost" in text or "ecord" in text or "ook" in text or "urn" in text
    )


def _result_next(pieces: Sequence[str], at: int) -> bool:
    """Is a financial result (:data:`_RESULTS`) the object at ``at``, after at most three words
    such as ``a``, ``its``, ``net``?"""
    for piece in pieces[at : at + 4]:
        low = piece.lower().rstrip(".,;:")
        if low in _RESULTS:
            return True
        if low not in _RESULT_BEFORE:
            return False
    return False


_HAPPENED: Final = {
    **{(verb, "off"): stem("cancel") for verb in ("call", "calls", "called", "calling")},
    **{(verb, "ahead"): stem("hold") for verb in ("go", "goes", "went", "going", "gone")},
    **{(verb, "place"): stem("hold") for verb in ("take", "takes", "took", "taking", "taken")},
    **{(verb, "out"): stem("expire") for verb in ("run", "runs", "ran", "running")},
}
"""Two words that say an event was cancelled or held, or a term ended: ``called off``, ``went
ahead``, ``took place``, ``due to run out`` (expire)."""


_HAPPEN: Final = re.compile(
    r"\b(?:" + "|".join(rf"{verb}\s+{word}" for verb, word in _HAPPENED) + r")\b", re.IGNORECASE
)
"""Where ``text`` holds one of :data:`_HAPPENED` (its two words, any space between)."""


def _may_happen(text: str | Substrings) -> bool:
    """Might ``text`` hold one of :data:`_HAPPENED`? (Substring tests at C speed: ``off`` and
    ``place`` alone are in most long texts, ``office`` and ``in place``.)"""
    return (
        "ll off" in text
        or "led off" in text
        or "lls off" in text
        or "lling off" in text
        or " ahead" in text
        or "k place" in text
        or "ke place" in text
        or "es place" in text
        or "ng place" in text
        or "en place" in text
        or "un out" in text
        or "ran out" in text
        or "ns out" in text
    )


def _happened(pieces: Sequence[str], found: list[tuple[str, ...]]) -> None:
    """The two words of each of :data:`_HAPPENED` as the one term they mean."""
    for i in range(1, len(pieces)):
        happened = _HAPPENED.get((pieces[i - 1].lower(), pieces[i].rstrip(".,;:!?)").lower()))
        if happened:
            found[i - 1], found[i] = (happened,), ()


def _may_stop(text: str | Substrings) -> bool:
    """Might ``text`` hold ``stopped charging``, ``ceased to``, ``gave up driving``? (Substring tests at
    C speed.)"""
    return (
        "top" in text
        or "ceas" in text
        or "Ceas" in text
        or "quit" in text
        or "Quit" in text
        or "ve up " in text
        or "en up " in text
        or "ing up " in text
    )


def _may_plan(text: str | Substrings) -> bool:
    """Might ``text`` hold ``expected to``, ``set to``, ``due to``...? (Substring tests at C speed.)"""
    return " to " in text and (
        "xpect" in text
        or "chedul" in text
        or "set to" in text
        or "due to" in text
        or "ikely to" in text
        or "lated to" in text
        or "oised to" in text
    )


def _planned(word: str, after: str) -> bool:
    """Does ``word to after`` say what is planned (``expected to open``, ``set to close``), not a
    cause (``due to rain``) or a setting (``set to 30``)?"""
    if word in _MODAL_VERBS:
        return after.isalpha() and after.lower() not in _SETTINGS
    return word == "due" and after.lower().rstrip(".,;") in _DUE_VERBS


_STOP_VERBS: Final = frozenset(
    ("stop", "stops", "stopped", "stopping", "cease", "ceases", "ceased", "ceasing", "quit")
)
_CEASE_VERBS: Final = frozenset(("cease", "ceases", "ceased", "ceasing"))
_GIVE_VERBS: Final = frozenset(("give", "gives", "gave", "given", "giving"))
"""Before ``up`` and a verb in ``-ing``: stopped (``have given up driving``)."""
_MODAL_VERBS: Final = frozenset(
    ("expected", "expects", "expect", "scheduled", "set", "slated", "poised", "likely")
)
"""Before ``to`` and a verb: what is planned or expected (:func:`prospective`), one term, ``plan``."""
_SETTINGS: Final = frozenset(("zero", "true", "false", "default", "none", "null", "on", "off", "auto"))
_DUE_VERBS: Final = frozenset(
    ("open", "reopen", "close", "start", "begin", "finish", "end", "launch", "complete", "arrive", "expire",
     "retire", "be", "take", "come", "return", "resume", "publish", "report", "vote", "decide", "rule",
     "run")
)  # fmt: skip
"""``due to`` plans only these (``due to close``); before anything else it gives a cause (``due to rain``)."""


_DIRECTIONS: Final = {"up": "increase", "Up": "increase", "down": "decrease", "Down": "decrease"}
_PHRASAL: Final = {
    "up": words("make makes made making"),
    "down": words("break breaks broke broken breaking"),
}
"""The verbs with which ``up`` or ``down`` makes another verb, no direction (``made up 60%``)."""
_FIGURE: Final = re.compile(r"(?P<money>[$€£¥₹])?\d[\d.,]*(?P<percent>%)?")
_BE: Final = words("is was were are be been being")
_BETWEEN: Final = words("by from")
"""What may stand between ``up`` and its figure: ``up by 5%``, ``up from 35%`` (the old value)."""
_SHARE_UNITS: Final = words("percent per percentage points")
_OPENING_WAYS: Final = ("Up ", "Down ", "up ", "down ")
"""``up`` or ``down`` opening a text (a clause read alone: ``up 12% on the year``)."""
_GONE: Final = re.compile(r"\b(?:go|goes|went|gone|going|come|comes|came|coming) (up|down)\b")
"""``up`` or ``down`` that says which way something went with no figure (``thefts went down``); in
lower case: ``Go down.`` opening a sentence is an instruction."""


def directions(text: str, pieces: Sequence[str], found: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """``found`` (the :func:`piece_terms` of ``pieces``, the words of ``text``) with ``up`` or
    ``down`` before a figure read as ``increase`` or ``decrease``: the usual way reports state a
    change (``revenue was $4.2 billion, up 12%``; ``sales were down by $3 million``; ``41%, up from
    35%``), which a claim words as ``grew 12%`` or ``fell``.

    Only a change of a percentage or a sum, or any figure after a comma, a form of *be* or at the
    start, or after *go* or *come* with or without a figure (``thefts went down``, ``prices have
    come down``): elsewhere ``up`` and ``down`` stay stopwords (``up to 210``, ``set up 3 offices``,
    ``shut down 2 plants``). ``found`` is changed in place and returned.
    """
    if " up" not in text and " down" not in text and not text.startswith(_OPENING_WAYS):
        return found  # most texts: a few substring tests at C speed
    gone = list(_GONE.finditer(text))
    for m, piece in zip(gone, _pieces_at(text, pieces, [m.start(1) for m in gone]), strict=True):
        found[piece] = (stem(_DIRECTIONS[m.group(1)]),)  # the word's piece: as many as stand before it
    if not (" up " in text or " down " in text or " Up " in text or text.startswith(_OPENING_WAYS)):
        return found
    for word, change in _DIRECTIONS.items():
        i = -1
        while True:
            try:
                i = pieces.index(word, i + 1)
            except ValueError:
                break
            if i and pieces[i - 1].lower() in _PHRASAL[word.lower()]:
                continue  # "made up 60% of the fleet", "broken down 40% to 60%": no change
            after = i + 1 + (i + 1 < len(pieces) and pieces[i + 1] in _BETWEEN)
            figure = _FIGURE.match(pieces[after]) if after < len(pieces) else None
            if figure is None:
                if _share_words_at(pieces, after) and (pieces[i - 1].lower() in _BE if i else True):
                    found[i] = (stem(change),)  # "memory use is down by a quarter": a share, as a percentage
                continue
            measured = bool(figure.group("money") or figure.group("percent")) or (
                after + 1 < len(pieces) and pieces[after + 1].lower().rstrip(".,;") in _SHARE_UNITS
            )
            if measured or i == 0 or pieces[i - 1].endswith(",") or pieces[i - 1].lower() in _BE:
                found[i] = (stem(change),)
    return found


def _share_words_at(pieces: Sequence[str], at: int) -> bool:
    """Do ``pieces`` hold a share in words at ``at`` (``a quarter``, ``a third``, ``half``,
    ``two-thirds``)?"""
    if at >= len(pieces):
        return False
    word = pieces[at].lower().rstrip(".,;")
    if word in _SHARE_WORDS:
        return True
    return (
        word in ("a", "one") and at + 1 < len(pieces) and pieces[at + 1].lower().rstrip(".,;") in _SHARE_WORDS
    )


_SHARE_WORDS: Final = words("half quarter third fifth tenth two-thirds three-quarters two-fifths")
"""Shares in words that ``up`` or ``down`` may stand before as before a percentage (``down by a
quarter``)."""


_DEGREES: Final = re.compile(r"°\s?[CcFf]\b")


def _token_terms(text: str) -> list[str]:
    """:func:`terms`, token by token."""
    out = []
    if "°" in text:
        text = _DEGREES.sub(" ", text)  # "28°C": a figure, no word "c"
    if "-" in text and (iso := _ISO_DATE.search(text)) is not None:
        # "2024-03-15": its month a word, as in "15 March 2024" (the year and the day are figures)
        text = f"{text[: iso.start()]} {MONTH_NAMES[int(iso.group(1)) - 1]} {text[iso.end() :]}"
    if "-" in text and _PARTICLE.search(text) is not None:
        text = _PARTICLE.sub(_compound, text)
    for token in _TOKEN.findall(text):
        term = _TERMS.get(token)
        if term is None:
            term = _term(token)
        if term:
            out.append(term)
    return out


_PARTICLE: Final = re.compile(r"\b([^\W\d_]+)-(off|in|out)\b", re.IGNORECASE)


def _compound(m: re.Match[str]) -> str:
    """A change word and its particle as one word (``drop-off``, ``cut-off``, ``fall-out``): a thing
    (``drop-off charges rose``), not a fall; other words with a particle as written."""
    return m[1] + m[2] if _term(m[1]) in CHANGES else m[0]


_ISO_DATE: Final = re.compile(r"(?<![\d-])\d{4}-(0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d-])")
"""A date written ``2024-03-15``; its month is the group."""


BOUNDARY: Final = "\t"
"""A piece that reads as itself: no whitespace-split text holds a tab, so a caller may join sentences
with it and find where each one's terms end after a single pass (:mod:`checks.grounding.index`)."""


def piece_terms(pieces: Sequence[str]) -> list[tuple[str, ...]]:
    """:func:`terms` of each whitespace-free piece of a text, memoised per piece.

    A token never spans whitespace, so the terms of ``" ".join(pieces)`` are the
    pieces' terms in order. Words repeat (Zipf), so reading a source's sentences
    piece by piece is mostly dictionary look-ups at C speed, not a regex pass per sentence.
    """
    found: list[tuple[str, ...] | None] = list(map(_PIECES.get, pieces))
    if None in found:
        if len(_PIECES) >= _CACHE_LIMIT:
            _PIECES.clear()
        for i, got in enumerate(found):
            if got is None:
                piece = pieces[i]
                if piece == BOUNDARY:
                    read_piece: tuple[str, ...] = (BOUNDARY,)
                elif _HALF_OF_DAY.fullmatch(piece.rstrip(",;:!?).")) is not None:
                    read_piece = ()  # "pm" of "2:30 pm"
                elif "-old" in piece and _AGED.fullmatch(piece.rstrip(",;:!?).\"'")) is not None:
                    read_piece = (AGED,)  # "33-year-old": an age, not the "old" of "old and new"
                else:
                    read_piece = tuple(_token_terms(piece))
                found[i] = read_piece
                if len(piece) <= _PIECE_LIMIT:  # a megabyte without spaces is read, not kept
                    _PIECES[piece] = read_piece
    return found  # type: ignore[return-value]  # every None was filled in above


def read(text: str) -> tuple[list[str], list[str]]:
    """(:func:`terms`, :func:`names`) of a sentence in one pass."""
    found: list[str] = []
    named: list[str] = []
    for i, token in enumerate(_TOKEN.findall(text)):
        term = _TERMS.get(token)
        if term is None:
            term = _term(token)
        if term:
            found.append(term)
            if token[:1].isupper() and (i or token.isupper()) and term not in CALENDAR:
                named.append(term)
    return found, named


def sentence_names(plain: str) -> frozenset[str]:
    """``frozenset(names(plain))``, read piece by piece through a memo (see :func:`piece_terms`)."""
    pieces = plain.split()
    got: list[tuple[str, ...] | None] = list(map(_NAMES.get, pieces))
    if None in got:
        if len(_NAMES) >= _CACHE_LIMIT:
            _NAMES.clear()
            _LEADS.clear()
        for i, found in enumerate(got):
            if found is None:
                piece = pieces[i]
                names_of, first = _piece_names(piece)
                got[i] = names_of
                if len(piece) <= _PIECE_LIMIT:
                    _NAMES[piece], _LEADS[piece] = names_of, first
    named = list(chain.from_iterable(got))  # type: ignore[arg-type]  # every None was filled in above
    if named:
        for piece in pieces:
            known = _LEADS.get(piece)
            lead = _piece_names(piece)[1] if known is None else known
            if lead:
                # The first piece with a token holds the sentence's first word, and the pieces before
                # it hold no names: that word, a name only in capitals, is the first of ``named``.
                if lead == 2:
                    del named[0]
                break
    return frozenset(named)


def lead_term(plain: str) -> str:
    """The term of a sentence's first word when it is capitalised (not all capitals, which
    :func:`sentence_names` already reads as a name): a name or merely the first word, which the
    sentence alone cannot tell (``Harlow is the busiest port``; ``Ports are busy``). "" otherwise."""
    first = plain.split(None, 1)
    token = _TOKEN.search(first[0]) if first else None
    if token is None or not token.group()[:1].isupper() or token.group().isupper():
        return ""
    word = token.group()
    term = _TERMS.get(word)
    return _term(word) if term is None else term


def _piece_names(piece: str) -> tuple[tuple[str, ...], int]:
    """The piece's names as if it stood mid-sentence, and what its first token is: 0 none, 2 a name
    that the first word of a sentence would not be (capitalised, not all capitals), 1 anything else."""
    tokens = _TOKEN.findall(piece)
    if not tokens:
        return (), 0
    named = []
    lead = 1
    for i, token in enumerate(tokens):
        term = _TERMS.get(token)
        if term is None:
            term = _term(token)
        if term and token[:1].isupper() and term not in CALENDAR:
            named.append(term)
            if i == 0 and not token.isupper():
                lead = 2
    return tuple(named), lead


def names(text: str) -> list[str]:
    """The terms of a sentence's names: capitalised words after the first, all-capitals words."""
    return read(text)[1]


_TERMS: Final[dict[str, str]] = {}
"""Token as written -> its term ("" when it is not one): the hot path is one dict lookup per token."""
_PIECE_LIMIT: Final = 64
_NAMES: Final[dict[str, tuple[str, ...]]] = {}
"""Piece as written -> its names as if it stood mid-sentence (:func:`_piece_names`)..."""
_LEADS: Final[dict[str, int]] = {}
"""...and what its first token would be as a sentence's first word."""
_PIECES: Final[dict[str, tuple[str, ...]]] = {}
"""Whitespace-free piece as written ("latency,") -> its terms: one dict lookup per word of a source."""


_PROHIBITIONS: Final = words(
    """ban bans banned banning prohibit prohibits prohibited prohibiting forbid forbids forbade forbidden
    forbidding disallow disallows disallowed outlaw outlaws outlawed"""
)
"""Negation cues that also say what is denied: ``allowed`` (``dogs are banned``: ``not allowed``)."""
_QUARTER: Final = re.compile(r"q[1-4]")
_FISCAL: Final = re.compile(r"fy(?:\d{2}|\d{4})?")
_DECADE: Final = re.compile(r"(?:1\d|2[01])\d0s")


def _term(token: str) -> str:
    low = token.lower()
    shout = len(token) > 1 and token.isupper()
    skip = (low in STOPWORDS or low in UNIT_WORDS) and not shout
    skip = (
        skip or low in NEGATIONS or low in NUMBER_WORDS or low.endswith("n't") or bool(_DIGITS.fullmatch(low))
    )
    if token == "May":
        term = "may"  # the month: the modal is written in lower case (a stopword)
    elif low in _PROHIBITIONS:
        term = stem("allow")  # "banned" is "not allowed": a negation cue (negated) and this term
    elif skip or _QUARTER.fullmatch(low) or _DECADE.fullmatch(low):
        term = ""  # "Q3", "1990s" are figures (:mod:`~checks.grounding.quantities`), as a year is
    elif _FISCAL.fullmatch(low):
        term = stem("fiscal")  # "FY2023": fiscal 2023
    else:
        term = stem(low)
    if len(_TERMS) >= _CACHE_LIMIT:
        _TERMS.clear()
    _TERMS[token] = term
    return term


def negated(text: str) -> bool:
    """Odd number of negation cues (``not``, ``no``, ``never``, ``drops support for``): the text denies."""
    plain = text.isascii()
    count = len(_WITHDRAWN.findall(text)) if not plain or "upport" in text or "UPPORT" in text else 0
    if (
        not plain
        or "ail" in text
        or "AIL" in text
        or "den" in text
        or "DEN" in text
        or "yet to" in text
        or "awaiting" in text
    ):
        count += len(_FAILED.findall(text))
    if not plain or _may_stop(text):
        count += len(_STOPPED.findall(text))
    if not plain or _may_refuse(text):
        count += len(_REFUSED.findall(text))
    pieces = text.split()
    cues: list[int | None] = list(map(_CUES.get, pieces))
    if None in cues:
        if len(_CUES) >= _CACHE_LIMIT:
            _CUES.clear()
        for i, known in enumerate(cues):
            if known is None:
                piece = pieces[i]
                found = sum(t in NEGATIONS or t.endswith("n't") for t in _TOKEN.findall(piece.lower()))
                if found and "-" in piece:
                    found -= len(_NEGATED_COMPOUND.findall(piece))
                cues[i] = found
                if len(piece) <= _PIECE_LIMIT:
                    _CUES[piece] = found
    if "rather" in text or "RATHER" in text or not plain:
        count += len(_SET_ASIDE.findall(text))
    total = count + sum(cues)  # type: ignore[arg-type]  # every None was filled in above
    if total:
        total -= len(_NOT_DENYING.findall(text))
        if "ban" in text or "BAN" in text:
            total -= len(_BAN_LIFTED.findall(text))
    if total >= 2 and total % 2 == 0:
        low = text.lower()
        if "neither" in low and " nor " in low:
            return True  # "neither the mayor nor the council approved": one denial, two cues
        # "no ads and no tracking", "does not sell books and has no cafe": two denials, one each
        # side of an "and", not a double negation ("not that nobody came").
        parts = _SCOPE_END.split(text)
        if len(parts) > 1:
            return any(negated(part) for part in parts)
    return total % 2 == 1


_NEGATED_COMPOUND: Final = re.compile(r"(?<![^\W_])(?:not|no)-(?!one\b)[^\W\d_]", re.IGNORECASE)
"""``not-for-profit``, ``no-deal``, ``no-fault``: a word of its own, no negation (``no-one`` is
nobody)."""

MAX_SCOPES: Final = 8
"""Negations read per sentence by :func:`negation_scopes`; more, and it reads none."""
MAX_SCOPE_CHARS: Final = 200
"""How far a negation's scope reaches at most (its conjunct's end, else this many characters)."""
_SCOPE_END: Final = re.compile(
    r"[,;:]|\s(?:and|but|while|whereas|although|though|because|after|before)\s", re.IGNORECASE
)
"""Where what a negation cue denies ends: its conjunct (``does not recycle water | and uses``); not
at ``or``, which a negation spans (``does not collect location data or store messages``)."""


def negation_scopes(text: str) -> list[str] | None:
    """What each negation of ``text`` denies: the words from its cue to the end of its conjunct
    (``The plant does not recycle its water and uses 5 million litres``: ``recycle its water``;
    ``failed to meet its target``, ``stopped selling diesel cars``, ``refused to fund the library``,
    ``drops support for Python 3.8``: those words with their verb). None when ``text`` holds a cue
    that denies nothing or is read with another (``not only``, ``no fewer than``, ``neither ...
    nor``), or more than :data:`MAX_SCOPES` negations."""
    low = text.lower()
    if "neither" in low or " nor " in low or _NOT_DENYING.search(text):
        return None
    ends = [m.start() for m in _SCOPE_END.finditer(text)]  # once: a cue looks up its end (bisect)
    starts = [
        m.start() if m.group() in _DENIES_ITSELF else _object_denied(low, m.start()) or m.end()
        for m in _TOKEN.finditer(low)
        if (m.group() in NEGATIONS or m.group().endswith("n't"))
        and not (low.startswith("-", m.end()) and _NEGATED_COMPOUND.match(low, m.start()))
    ]
    for pattern in (_WITHDRAWN, _FAILED, _STOPPED, _REFUSED):
        starts.extend(m.start() for m in pattern.finditer(text))
    if len(starts) > MAX_SCOPES:
        return None  # a "sentence" of that many negations is no statement to read so
    scopes = []
    for start in starts:
        at = bisect_left(ends, start)
        end = min(ends[at] if at < len(ends) else len(text), start + MAX_SCOPE_CHARS)
        untold = _UNTOLD.match(text, start, end)
        # "did not disclose how much it paid": the telling is denied, not the paying.
        scopes.append(text[start : untold.end() if untold is not None else end])
    return scopes


_TELLING: Final = (
    r"(?:(?:yet|publicly|officially)\s+)?"
    r"(?:disclos|reveal|say|said|specif|confirm|announc|stat|explain|publish|releas|clarif|indicat"
    r"|tell|told|comment|know|knew|known)[a-z]*(?:\s+on)?"
    r"(?:\s+(?:us|reporters|investors|the\s+press|the\s+public|publicly|yet))?"
    r"\s+(?=(?:how|what|whether|when|where|who|whom|which|why|if|that)\b)"
)
_UNTOLD: Final = re.compile(rf"\s*(?:(?:refus|declin)[a-z]*\s+to\s+)?{_TELLING}", re.IGNORECASE)
"""A denied telling up to what it would have told (``did not disclose | how much it paid``, ``declined
to say | how many``, ``did not say | that the museum would close``), read from a negation's cue: the
negation denies the telling, not what is told."""
_DENIED_TELLING: Final = re.compile(
    rf"(?:\b(?:not|never)|n't|\b(?:refus|declin)[a-z]*\s+to)\s+{_TELLING}", re.IGNORECASE
)


def untold(text: str) -> str:
    """What a text says was not told (``how much it paid for the site`` in ``Harwick Foods did not
    disclose how much it paid for the site``; ``that the museum would close`` in ``did not say that
    the museum would close``), to the end of its conjunct: the text neither states nor denies it.
    "" when it denies no telling."""
    low = text.lower()
    if (
        "not " not in low
        and "n't " not in low
        and "declin" not in low
        and "refus" not in low
        and "never " not in low
    ):
        return ""
    found = _DENIED_TELLING.search(text)
    if found is None:
        return ""
    end = _SCOPE_END.search(text, found.end())
    return text[found.end() : end.start() if end is not None else len(text)]


MORE_WORDS: Final = words(
    "more higher greater larger bigger longer faster dearer costlier busier older warmer taller heavier"
)
LESS_WORDS: Final = words("fewer less lower smaller shorter slower cheaper quieter younger colder lighter")
"""The words of a comparison, by which way it goes (``more patients in March than in February``)."""
COMPARATIVES = MORE_WORDS | LESS_WORDS


def _object_denied(low: str, at: int) -> int:
    """Where the scope of a ``none`` or ``nothing`` that stands for a verb's object starts: at the verb
    before it (``but won none``: ``won none`` is denied, not what follows it). 0 for any other cue, or
    one that opens its clause (``None of the staff were told``)."""
    if not low.startswith(("none", "nothing"), at) or at < 2 or low[at - 1] != " ":
        return 0
    before = low.rfind(" ", 0, at - 1) + 1
    word = low[before : at - 1]
    return before if word.isalpha() and word not in _NOT_VERBS else 0


_NOT_VERBS: Final = frozenset(
    ("of", "to", "for", "with", "and", "or", "but", "that", "which", "as", "at", "in", "on")
)
"""Words before ``none`` that are no verb it is the object of."""

_DENIES_ITSELF: Final = frozenset(cue for cue in NEGATIONS if terms(cue))
"""Negations that are words of what they deny (``banned`` is ``not allowed``): their scope holds them."""


_UNIVERSALS: Final = words("all every everyone everybody everything always each")
"""Words that say a statement holds for all or always: ``not all`` denies only that."""


_NOT_ALL: Final = re.compile(r"(?:\bnot|n't)\s+(?:all|every(?:one|body|thing)?|always|each)\b", re.IGNORECASE)
"""The cheap test before :func:`denies_all` reads a sentence's negations (most hold none such)."""


def denies_all(text: str) -> str:
    """The words with which ``text`` denies only that something holds for all or always (``Not all
    trains stop``, ``does not always run``), when each negation of it is such: "" otherwise."""
    if _NOT_ALL.search(text) is None:
        return ""
    scopes = negation_scopes(text)
    if not scopes:
        return ""
    firsts = [scope.split(maxsplit=1)[:1] for scope in scopes]
    if not all(first and first[0].lower() in _UNIVERSALS for first in firsts):
        return ""
    return f"not {firsts[0][0].lower()}"


def universal_words(text: str) -> bool:
    """Does ``text`` say it holds for all or always (``all``, ``every``, ``always``)?"""
    return _holds_any(_UNIVERSALS, text)


_CUES: Final[dict[str, int]] = {}
"""Piece as written -> how many negation cues it holds."""


_PROSPECTIVE: Final = re.compile(
    r"\b(?:(?:aim|plan|expect|intend|seek|pledge|promise|hope|propose|want)(?:s|ed|d|ned)?\s+to"
    r"|(?:propos|plann)(?:e|es|ed|ing)\s+[a-z]+ing\b"  # "has proposed moving crews": not moved yet
    r"|(?-i:will|could|might|would|Could|Might|Would)|scheduled"
    rf"|(?:is|are|was|were|be|been)\s+(?:set|slated|poised)\s+to\s+(?!\d|(?:{'|'.join(sorted(_SETTINGS))})\b)"
    rf"|(?:is|are|was|were|be|been)\s+due\s+to\s+(?:{'|'.join(sorted(_DUE_VERBS))})"
    # "upgrades at the site, due for completion in 2026": not completed yet
    r"|due\s+for\s+(?:completion|opening|delivery|launch|handover|demolition|renovation|refurbishment)"
    r"|(?:is|are|was|were|be|been)\s+(?:planned|proposed)\b(?!\s+(?:and|but)\b)"
    r"|must\s+still|still\s+(?:needs?|has|have)\s+to"  # "must still approve": not done yet
    r"|(?:is|are|was|were|be|been)\s+(?:also\s+|still\s+|now\s+)?(?:considering|proposing|planning)"
    r"|under\s+consideration|proposals?\s+to\s+[a-z]+|still\s+awaiting"
    # "confirmed plans for a £180,000 memorial garden": a thing planned, not built
    r"|plans?\s+for\s+(?:an?|the|its|their|new)\b"
    r"|(?:is|are|was|were)\s+being\s+considered"  # "was considering body-worn cameras": not introduced
    r"|(?<!in\s)(?<!of\s)(?<!since\s)(?<!until\s)(?<!by\s)(?<!from\s)(?<!early\s)(?<!late\s)(?-i:may)(?!\s+\d))\b",
    re.IGNORECASE,
)
_PROSPECTIVE_WORDS: Final = words(
    """will could may might would scheduled aim aims aimed plan plans planned expect expects expected intend
    intends intended seek seeks pledge pledged pledges promise promised promises hope hopes hoped
    propose proposed proposes want wants wanted due set slated poised still considering consideration
    considered proposing planning proposal proposals"""
)


_HEDGE: Final = re.compile(
    r"\b(?:allegedly|reportedly|purportedly|supposedly|rumou?red\s+to"
    r"|(?:is|are|was|were|be|been)\s+(?:said|believed|thought|rumou?red|alleged|reported|claimed|estimated"
    r"|understood|assumed|presumed|suspected|feared)\s+to"
    r"|(?<!\bas\s)(?<!\beven\s)if(?!\s+(?:not|any|so|ever)\b)|unless|provided\s+that|as\s+long\s+as"
    r"|on\s+condition\s+that|(?<!\bof\s)whether(?!\s+or\s+not\b))\b",
    re.IGNORECASE,
)
_HEDGE_WORDS: Final = words(
    """allegedly reportedly purportedly supposedly rumoured rumored said believed thought alleged
    reported claimed estimated understood assumed presumed suspected feared if unless provided long
    condition whether"""
)


_ASSOCIATED: Final = re.compile(
    r"\b(?:(?:closely|strongly|weakly|significantly|positively|negatively|inversely|statistically)\s+)?"
    r"(?:associated|linked|correlated|connected|tied)\s+(?:with|to)\b"
    r"|\bcoincid(?:e|es|ed|ing)\s+with\b"
    r"|\bcorrelat(?:e|es|ed|ing)\s+with\b"
    r"|\b(?:links?|associations?|correlations?|relationships?)\s+(?:with|between)\b",
    re.IGNORECASE,
)
_ASSOCIATION_CUES: Final = ("ssociat", "ink", "orrelat", "oincid", "tied", "onnected", "elationship")
_PHYSICAL: Final = ("link", "Link", "tied", "connected")
"""Words of :data:`_ASSOCIATED` that also join things (``linked to the island by a causeway``)."""
_CAUSAL: Final = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|l(?:ed|eads?|eading)\s+to|result(?:s|ed|ing)?\s+in|responsible\s+for"
    r"|because\s+of|due\s+to|as\s+a\s+result\s+of|thanks\s+to|dr(?:ive|ives|ove|iven|iving)"
    r"|trigger(?:s|ed|ing)?|prevent(?:s|ed|ing)?|contribut(?:e|es|ed|ing)\s+to|improv(?:e|es|ed|ing)"
    r"|reduc(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|boost(?:s|ed|ing)?"
    r"|lower(?:s|ed|ing)|cut(?:s|ting)?|harm(?:s|ed|ing)?|damag(?:e|es|ed|ing)|protect(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
"""Words that say one thing makes another happen (``caused``, ``led to``, ``reduced``, ``improves``)."""


def associated(text: str) -> tuple[int, int, bool] | None:
    """Where ``text`` says two things go together without saying one causes the other (``was
    associated with``, ``is linked to``, ``correlated with``, ``coincided with``, ``a link
    between``), and whether its words may also join things physically (``linked``, ``tied``,
    ``connected``): (start, end, ambiguous), or None. A set of substring tests first."""
    if not any(cue in text for cue in _ASSOCIATION_CUES):
        return None
    found = _ASSOCIATED.search(text)
    if found is None:
        return None
    words = found.group()
    return found.start(), found.end(), any(w in words for w in _PHYSICAL)


def causal(text: str) -> bool:
    """Does ``text`` say that one thing makes another happen (``caused``, ``led to``, ``reduced``)?"""
    return _CAUSAL.search(text) is not None


_SEQUENCE: Final = re.compile(
    r"\bafter\b(?<!\bnamed after)(?<!\blooked after)(?!-)"
    r"|\bfollowing\b(?<!\bthe following)(?!\s+(?:year|month|week|day)s?\b)|\bsince\b|\bfollowed\s+by\b",
    re.IGNORECASE,
)
_SEQUENCE_CUES: Final = ("fter", "ollow", "ince")
_EXPLAINED: Final = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|l(?:ed|eads?|eading)\s+to|result(?:s|ed|ing)?\s+(?:in|from)"
    r"|responsible\s+for|because|due\s+to|as\s+a\s+result|thanks\s+to|owing\s+to|blam(?:e|es|ed|ing)"
    r"|attribut(?:e|es|ed|ing)|credit(?:s|ed|ing)?|contribut(?:e|es|ed|ing)\s+to|dr(?:ive|ives|ove|iven)"
    r"|trigger(?:s|ed|ing)?|reasons?|effects?|impacts?)\b",
    re.IGNORECASE,
)
"""Words with which a sentence gives a cause or an effect (``because of``, ``blamed``, ``the effect
of``): not the change verbs of :data:`_CAUSAL` (``increased``, ``improved``), which also say what
happened with no cause."""
_EXPLAINED_CUES: Final = (
    "caus", "ed to", "ead", "esult", "esponsible", "ecause", "ue to", "hanks", "wing to", "lam",
    "ttribut", "redit", "ontribut", "riv", "rov", "rigger", "eason", "ffect", "mpact",
)  # fmt: skip
"""Substrings of every word of :data:`_EXPLAINED`, lower or capitalised (``leads`` holds ``ead``)."""


def explains(text: str) -> bool:
    """Does ``text`` give a cause or an effect (:data:`_EXPLAINED`: ``because of``, ``blamed``, ``led
    to``)? A set of substring tests first."""
    return any(cue in text for cue in _EXPLAINED_CUES) and _EXPLAINED.search(text) is not None


_SOUGHT: Final = re.compile(
    r"\b(?:(?:submit|lodg|ma[dk]|put)(?:s|ted|ed|e|es|ing)?\s+(?:in\s+)?(?:a|an|its|their)\s+(?:\w+\s+)?"
    r"(?:bid|application|request|claim)\s+for|bid(?:s|ding)?\s+for|appl(?:y|ies|ied|ying)\s+for"
    r"|(?:is|are|was|were|has\s+been|have\s+been)\s+seeking|ask(?:s|ed|ing)?\s+"
    # whom, between: "had asked the board for", "asked Kelderby Borough Council for" (not "asking price for")
    r"(?:(?:the|its|their|his|her|our)\s+(?:[\w'\u2019-]+\s+){0,3}?|(?-i:[A-Z])[\w'\u2019-]*\s+(?:[\w'\u2019-]+\s+){0,3}?)?"
    r"for"
    r"|(?:ask(?:s|ed|ing)?|urg(?:e|es|ed|ing)|call(?:s|ed|ing)?\s+on)\s+(?:[\w'\u2019-]+\s+){1,4}?to\s+[a-z]+"
    r"|request(?:s|ed)?\s+(?:from\s+(?:[\w'\u2019-]+\s+){1,4}?)?for|request(?:ed)?\s+to\s+[a-z]+)\b",
    re.IGNORECASE,
)
"""Words that say something was asked for, not had (``has submitted a bid for £1.8 million``,
``applied for``, ``is seeking``, ``had asked the board for``, ``asked Bluecrest to add``, ``urged the
council to``, ``A request from tenants for``)."""


def sought(text: str) -> str:
    """The words with which ``text`` says something was asked for (:data:`_SOUGHT`), or ""."""
    if not (
        "bid" in text
        or "ppl" in text
        or "seek" in text
        or "ask" in text
        or "request" in text
        or "urg" in text
        or "call" in text
    ):
        return ""
    found = _SOUGHT.search(text)
    return "" if found is None else found.group()


def sequenced(text: str) -> tuple[int, int] | None:
    """Where ``text`` says one thing came after another (``after``, ``following``, ``since``,
    ``followed by``) and gives no cause (:data:`_EXPLAINED`): (start, end) of the words, or None.
    Not ``named after``, ``after-tax``, ``the following`` nor ``following year``."""
    if not any(cue in text for cue in _SEQUENCE_CUES):
        return None
    found = _SEQUENCE.search(text)
    if found is None:
        return None
    if explains(text):
        return None
    return found.start(), found.end()


_HOLDERS: Final = (
    r"critics|opponents|campaigners|sceptics|skeptics|supporters|advocates|proponents|detractors"
    r"|activists|residents|experts|analysts|economists|unions|some|many|others"
)
"""Who holds a view rather than reports a fact: what they ``say`` is theirs (``critics say``; not
``the company said``, ``police said``, a source's usual attribution of what happened)."""
_REPORTED: Final = re.compile(
    r"\b(?:argu(?:e|es|ed)\b(?!\s+(?:over|about|with|against|for)\b)|believ(?:e|es|ed)\b(?!\s+(?:in|to)\b)"
    r"|fear(?:s|ed)?\b(?!\s+(?:of|over|for|about|to)\b)|insist(?:s|ed)?\b(?!\s+on\b)"
    r"|thinks?\b(?!\s+(?:tanks?|of|about)\b)|contend(?:s|ed)?\b(?!\s+with\b))(?:\s+that\b)?"
    r"|\b(?:claim(?:s|ed)?|alleg(?:e|es|ed)|suggest(?:s|ed)?|warn(?:s|ed)?|predict(?:s|ed)?"
    r"|maintain(?:s|ed)?|assert(?:s|ed)?|worr(?:y|ies|ied)|suspect(?:s|ed)?|speculat(?:e|es|ed))\s+that\b"
    rf"|\b(?:{_HOLDERS})\b(?:\s+[\w'\u2019-]+){{0,4}}?\s+(?:say|says|said)\b(?:\s+that\b)?"
    rf"|\baccording\s+to\s+(?:(?:some|many|the)\s+)?(?:{_HOLDERS})\b"
    # what precedes, disputed: "..., a figure the university disputes", "..., a title rivals dispute"
    r"|(?<=, )(?:a|an)\s+(?:claim|figure|title|view|charge|suggestion|assertion|estimate|description|number"
    r"|characteri[sz]ation|allegation|account)\s+(?:that\s+|which\s+)?(?:[\w'\u2019-]+\s+){1,4}?"
    r"(?:(?:has|have|had)\s+)?(?:disput|reject|den(?:y|ies|ied)|contest|challeng|question)\w*",
    re.IGNORECASE,
)
_REPORTING_WORDS: Final = words(
    """argue argues argued believe believes believed fear fears feared insist insists insisted think
    thinks contend contends contended claim claims claimed allege alleges alleged suggest suggests
    suggested warn warns warned predict predicts predicted maintain maintains maintained assert
    asserts asserted worry worries worried suspect suspects suspected speculate speculates speculated
    say says said according"""
)
"""The words of :data:`_REPORTED`'s verbs: a claim that holds one reports a view itself."""
_DISPUTING_WORDS: Final = words(
    """dispute disputes disputed reject rejects rejected deny denies denied contest contests contested
    challenge challenges challenged question questions questioned"""
)
"""The words with which :data:`_REPORTED` reads what precedes them as disputed (``..., a figure the
university disputes``): a source's, not words with which a claim reports a view."""


def reported(text: str) -> tuple[int, int] | None:
    """Where ``text`` gives what follows (or, at its end, what precedes) as someone's view rather than
    as fact: a verb of belief or contention (``argue that``, ``believe``, ``claims that``, ``warned
    that``, ``the study suggests that``), or ``say`` and ``according to`` of those who hold views
    (``critics of the scheme say``, ``according to experts``): (start, end) of those words, or None.
    A set test of its words first."""
    if not reports(text) and not _holds_any(_DISPUTING_WORDS, text):
        return None
    found = _REPORTED.search(text)
    return None if found is None else (found.start(), found.end())


def reports(text: str) -> bool:
    """Does ``text`` hold a word with which it reports someone's view (``says``, ``claims``)?"""
    return _holds_any(_REPORTING_WORDS, text)


def disputes(text: str) -> bool:
    """Does ``text`` hold a word with which it disputes what precedes it (``disputes``, ``rejected``)?"""
    return _holds_any(_DISPUTING_WORDS, text)


def _holds_any(listed: frozenset[str], text: str) -> bool:
    """Does ``text`` hold one of the ``listed`` words (lower case, punctuation around it aside)?"""
    return not listed.isdisjoint(w.strip(".,;:!?\"'()").lower() for w in text.split())


_SOME: Final = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|but|while|whereas|when|as)\s+)"
    r"((?:(?:some|several|certain|many|a\s+few)\s+(?:of\s+(?:the|its|their|our)\s+)?"
    r"|a\s+(?:handful|number|minority)\s+of\s+(?:(?:the|its|their|our)\s+)?))"
    r"(?!\d)(?!(?:of|more|less|fewer|other|others|time|years|months|weeks|days|hours|people|say|said)\b)"
    r"([^\W\d_][\w'\u2019-]*(?:\s+[^\W\d_][\w'\u2019-]*)?)",
    re.IGNORECASE,
)
_SOME_WORDS: Final = words("some several certain many few handful number minority")
_QUANTIFIERS: Final = words(
    """some several certain many few handful number minority all every each most any no none
    majority half both either neither"""
)
"""Words with which a claim says for how many it holds: such a claim says it of no one in general."""


def some_of(text: str) -> tuple[str, str] | None:
    """A clause of ``text`` that opens by saying its subject holds for only some (``Some tenants in
    the block face``, ``A few users``, ``several of the residents``): (those words, the one or two
    words after them), or None. Not ``some 300`` (an approximation) nor ``some say``; a set test of
    its words first."""
    if _SOME_WORDS.isdisjoint(text.lower().split()):
        return None
    found = _SOME.search(text)
    if found is None:
        return None
    return " ".join(found.group(1).split()), found.group(2)


def quantified(text: str) -> bool:
    """Does ``text`` say for how many it holds, in words (``some``, ``all``, ``most``, ``few``)?"""
    return _holds_any(_QUANTIFIERS, text)


_USED_TO: Final = re.compile(
    r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )(?<!\bget )(?<!\bgot )"
    r"\bused\s+to\s+([a-z]+)\b"
)
"""``used to employ``: a habit or a state that ended (not ``is used to fire bricks``, a purpose)."""
_PRESENT_FORMS: Final[Mapping[str, tuple[str, ...]]] = {
    "be": ("is", "are", "am"),
    "have": ("has", "have"),
    "do": ("does", "do"),
    "go": ("goes", "go"),
}


def ended(text: str) -> str:
    """The verb of what ``text`` says used to be so (``used to employ 500 people``: ``employ``; ``was
    the tallest building until 2010``: ``be``), or ""."""
    if "until" in text or "till" in text:
        found = _WAS_UNTIL.search(text)
        if found is not None:
            return "be" if found.group(1).lower() in ("was", "were") else "have"
    if "used to" not in text:
        return ""
    found = _USED_TO.search(text)
    return "" if found is None else found.group(1)


_WAS_UNTIL: Final = re.compile(
    r"(?<!\bhas\s)(?<!\bhave\s)\b(was|were|had)\b(?:(?![.;]|\b(?:and|but|when|while|which|who)\b).){0,80}?\b(?:until|till)\s+"
    r"(?:the\s+end\s+of\s+|early\s+|late\s+|mid-?)?(?:\d{4}\b|(?:last|recently)\b|"
    rf"(?:{'|'.join(MONTH_NAMES)})\b)",
    re.IGNORECASE,
)
"""``was the tallest building in the city until 2010``: a state that ended (a year or a month after
``until``; not ``until 6 pm``, a time of the day the state may hold every day; not ``has had its
licence renewed ... until November 2030``, a present perfect)."""


_FORMERLY: Final = re.compile(
    r"\b(?:previously|formerly|until\s+(?:now|recently))\s+(?P<what>[^,;:.()\u2013\u2014]{3,80}?)"
    r"(?=\s*(?:[,;:.()\u2013\u2014]|$))",
    re.IGNORECASE,
)
"""What a sentence says was so before (``Dark mode, previously limited to paying subscribers, is now
available to all users``; ``the tool, formerly known as Quill``; ``Owners of electric cars, who have
until now parked without charge, will pay half``): the words after ``previously``, ``formerly``,
``until now`` or ``until recently`` to the end of their clause."""
_PAST_CUES: Final = re.compile(
    r"\b(?:previously|formerly|used\s+to|was|were|had|until|before|no\s+longer)\b", re.IGNORECASE
)


def formerly(claim: str, sentence: str) -> str:
    """What ``sentence`` says was so before (:data:`_FORMERLY`) that ``claim`` states as so now, or "":
    the claim holds all its words but perhaps one (the verb: ``limited to paying subscribers``
    against ``available only to paying subscribers``), two at least, and says nothing of the past."""
    if "reviously" not in sentence and "ormerly" not in sentence and "ntil " not in sentence:
        return ""
    if _PAST_CUES.search(claim) is not None:
        return ""
    mine = set(terms(claim))
    for m in _FORMERLY.finditer(sentence):
        said = set(terms(m["what"]))
        shared = said & mine
        if len(shared) >= 2 and len(shared) >= len(said) - 1:
            return " ".join(m.group().split())
    return ""


_FOR_NOW: Final = re.compile(
    r"\b(?:is|are)\s+(?:(?:currently|at\s+present|for\s+now)\s+(?P<a>[a-z]+)\b|(?P<b>[a-z]+)\s+(?:at\s+present|for\s+now)\b)",
    re.IGNORECASE,
)
"""A state a sentence gives as so for now (``which are free at present``, ``is currently closed``)."""
_STAYS: Final = re.compile(
    r"\b(?:(?:will|would|to)\s+(?:remain|stay|continue\s+to\s+be|still\s+be)|remains|stays)\s+(?P<state>[a-z]+)\b",
    re.IGNORECASE,
)
"""A state a text says will last (``will remain free``, ``to stay open``, ``remains closed``)."""


def for_now(claim: str, sentence: str) -> str:
    """The state ``claim`` says will last (:data:`_STAYS`) that ``sentence`` gives as so only for now
    (:data:`_FOR_NOW`) beside a change it says ``will`` come (``Residents will pay £45 a year for garden
    waste collections, which are free at present`` against ``Garden waste collections will remain
    free``), or "". Not where the sentence says it will last too."""
    if " will " not in sentence or ("emain" not in claim and "tay" not in claim and "still be" not in claim):
        return ""
    lasting = _STAYS.search(claim)
    if lasting is None:
        return ""
    state = stem(lasting["state"].lower())
    for m in _FOR_NOW.finditer(sentence):
        if stem((m["a"] or m["b"]).lower()) == state:
            if any(stem(k["state"].lower()) == state for k in _STAYS.finditer(sentence)):
                return ""
            return lasting["state"]
    return ""


def undone(text: str) -> str:
    """The state a sentence says has ended (``reopened last year after being closed since 2022``,
    ``resumed in May, having been suspended``: ``closed``, ``suspended``), or "": a state after
    ``being``, ``having been`` or ``had been``, in a sentence whose verb undoes it (``reopened``, ``resumed``,
    ``was released``). Not ``was sold after being closed``: nothing says the clinic is open again."""
    if "being" not in text and "been" not in text:
        return ""
    found = _AFTER_BEING.search(text)
    if found is None or _UNDOING.search(text) is None:
        return ""
    return found.group(1).lower()


def reverted(claim: str, text: str) -> str:
    """The state ``claim`` says holds now (``is closed``, ``has been closed since 2022``, ``remains
    suspended``) that ``text`` says began and was later undone in so many words (``closed in 2022
    and reopened in 2024``, ``was detained in May and released in August``), or "". Only a verb
    that undoes that very state (:data:`_UNDOES`), in the past tense, not denied (``has not
    reopened``), with the state not said again after it."""
    found = _STILL_STATE.search(claim)
    if found is None:
        return ""
    state = found.group(1).lower()
    for redo in _REDONE.finditer(text):
        if state not in _UNDOES[redo.group(1).lower()]:
            continue
        before = text[: redo.start()]
        if _DENIED_REDO.search(before[-16:]) is not None:
            continue
        said = [m.start() for m in re.finditer(rf"\b{re.escape(state)}\b", text, re.IGNORECASE)]
        if said and said[0] < redo.start() and said[-1] < redo.start():
            return state
    return ""


_UNDOES: Final = {
    "reopen": ("closed", "shut"),
    "resum": ("suspended", "halted", "paused", "stopped"),
    "restart": ("suspended", "halted", "paused", "stopped"),
    "reinstat": ("suspended", "dismissed", "removed", "sacked", "fired"),
    "releas": ("detained", "arrested", "held", "jailed", "imprisoned", "kidnapped"),
    "fre": ("detained", "arrested", "held", "jailed", "imprisoned", "kidnapped"),
}
"""The states a verb in the past tense undoes: ``reopened`` what was ``closed``, ``released`` who
was ``detained``."""
_REDONE: Final = re.compile(rf"\b({'|'.join(_UNDOES)})ed\b", re.IGNORECASE)
_DENIED_REDO: Final = re.compile(
    r"\b(?:not|never|yet\s+to\s+be)\s+(?:been\s+|be\s+)?$|n[\'\u2019]t\s+(?:been\s+)?$", re.IGNORECASE
)
_STILL_STATE: Final = re.compile(
    r"\b(?:is|are|(?:has|have)\s+(?:been|remained|stayed)|remains?|stays?)\s+(?:still\s+)?([^\W\d_]+)",
    re.IGNORECASE,
)
"""A state the claim says holds now: the word after ``is``, ``has been``, ``remains`` (``still`` between)."""


def still(text: str, state: str) -> bool:
    """Does ``text`` say ``state`` holds now (``has been closed since 2022``, ``is closed``,
    ``remains closed``), not only that it did (``was closed``)?"""
    return re.search(rf"\b{_STILL_IN}\s+(?:still\s+)?{re.escape(state)}\b", text, re.IGNORECASE) is not None


_AFTER_BEING: Final = re.compile(r"\b(?:being|(?:having|had)\s+been)\s+([^\W\d_]+)", re.IGNORECASE)
_UNDOING: Final = re.compile(
    r"\bre(?:open|sum|start|turn|stor|instat|launch)[a-z]*|\b(?:released|freed|lifted)\b", re.IGNORECASE
)
_STILL_IN: Final = r"(?:is|are|(?:has|have)\s+(?:been|remained|stayed)|remains?|stays?)"


def now(text: str, verb: str) -> bool:
    """Does ``text`` say ``verb`` in the present tense (``employs``, ``employ``, ``has``), as of now
    rather than as it was (``employed``, ``had``, ``used to employ``)?"""
    if "used to" in text:
        return False
    present = (verb, f"{verb}s", f"{verb}es", *_PRESENT_FORMS.get(verb, ()))
    return any(word.strip(".,;:!?\"'()").lower() in present for word in text.split())


def hedged(text: str) -> str:
    """The words that make a text report something as alleged or conditional rather than state it
    (``allegedly``, ``is said to``, ``if funding is approved``, ``unless``), or "": a claim without
    them is not stated by such a source. A set test of its words first."""
    if _HEDGE_WORDS.isdisjoint(text.lower().split()):
        return ""
    found = _HEDGE.search(text)
    return "" if found is None else " ".join(found.group().split())


_QUOTE_MARKS: Final = "\"'\u201c\u201d\u2018\u2019("
"""What a word may open with where a quotation or an aside starts: stripped for the word test."""


def prospective(text: str) -> bool:
    """Does the text say what is planned, hoped for or possible rather than what is or was (``aims
    to cut``, ``will open``, ``may reduce``; not the month, ``in May``, nor a name, ``the Isla May``,
    ``Will Carter``: the modals count in lower case)? A set test of its words first: most sentences
    hold none of them."""
    low = text.lower()
    if _PROSPECTIVE_WORDS.isdisjoint(low.split()) and (
        not ('"' in low or "\u201c" in low or " '" in low or " \u2018" in low or "(" in low)
        or _PROSPECTIVE_WORDS.isdisjoint(w.strip(_QUOTE_MARKS) for w in low.split())
    ):
        return False  # (a quotation's first word keeps its mark: '"may have driven')
    return _PROSPECTIVE.search(text) is not None


_STOPPED: Final = re.compile(
    r"\b(?:(?:stop(?:s|ped|ping)?|ceas(?:e|es|ed|ing)|quit(?:s|ting)?|g(?:ive[sn]?|ave|iving)\s+up)"
    r"\s+(?:[^\W\d_]+\s+)?[^\W\d_]+ing\b"
    r"|ceas(?:e|es|ed|ing)\s+to\s+[^\W\d_]+)",
    re.IGNORECASE,
)
"""``stopped charging`` denies as ``no longer charges`` does (``stopped`` is no term: :func:`in_context`),
and so does ``stop password sharing`` (a word between), and ``have given up driving``."""
_FAILED: Final = re.compile(
    # (not a charge: "pleaded guilty to failing to ensure", "charged with failing to", "admitted failing
    # to": what was admitted or charged, not denied)
    # (the look-behinds after "fail", so that only a "fail" found is looked behind)
    r"\bfail(?<!guilty to fail)(?<!guilty of fail)(?<!charged with fail)(?<!accused of fail)"
    r"(?<!convicted of fail)(?<!admitted fail)(?<!admits fail)(?<!admitting fail)(?:s|ed|ing)?\s+to\b"
    r"|\bden(?:y|ies|ied|ying)\s+(?:that|having|any"
    r"|(?:it|they|he|she|we)\s+(?:ha[sd]|have|would|will|was|were|is|are|could|did)\b)"
    r"|\b(?:ha[sd]|have|is|are|was|were|remains?|remained)\s+yet\s+to\b"
    # "The project is awaiting approval from the environment secretary": not approved yet
    r"|\b(?:is|are|was|were|remains?|remained)\s+(?:still\s+)?awaiting\b",
    re.IGNORECASE,
)
"""``failed to approve`` denies as ``did not approve`` does (the ``failed`` is no term: see
:func:`in_context`); so does ``denied that``, ``denied it would`` (what is denied, said), and ``has
yet to approve``, ``is yet to open``, ``is awaiting approval`` (not yet)."""
_NOT_A_VERB: Final = (
    r"(?![\d$€£¥₹]|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|half|about|around|nearly"
    r"|almost|just|under|below|its|their|the|record|zero|new|historic)\b)"
)
"""What after ``declined to`` makes it a change to a figure (``declined to 4,000``), not a refusal."""
_VOTES_AGAINST: Final = (
    r"\bvot(?:e|es|ed|ing)\s+(?:[a-z0-9]+\s+(?:to|-)\s+[a-z0-9]+\s+|unanimously\s+|overwhelmingly\s+)?"
    r"against\s+(?:(?:an?|the|its|their|his|her|our)\s+)?(?:[a-z]+\s+)?"
    r"(?:plans?|proposals?|schemes?|motions?|bids?|applications?|bills?|requests?|offers?)\b"
)
"""A vote against a plan (``voted 7 to 4 against the scheme``): a refusal (:data:`_REFUSED`)."""


_REFUSED: Final = re.compile(
    rf"\b(?:refus|declin)(?:e|es|ed|ing)\s+to\s+{_NOT_A_VERB}"
    r"|\b(?:(?:reject|abandon|scrap|shelv|drop|block|veto|overturn|oppos(?!ition)|refus)[a-z]*"
    r"|(?:vot|turn|thr[eo]w)[a-z]*\s+(?:against|down|out))"
    r"\s+(?:(?:an?|the|its|their|his|her|our)\s+)?"
    r"(?:(?!(?:on|over|after|amid|despite|as|with|by|in|at|to)\b)[a-z]+\s+)?"
    r"(?:plans?|proposals?|bids?|moves?|requests?|applications?|attempts?|motions?|calls?|offers?|efforts?"
    r"|ideas?|schemes?|bills?)"
    # whose it was, between: "rejected a proposal from opposition councillors to keep the centre open"
    r"(?:\s+(?:from|by)(?:\s+(?!(?:to|of|for)\b)[a-z'\u2019-]+){1,4}?)?"
    r"\s+(?:to|of|for)\b"
    r"|\bvot(?:e|es|ed|ing)\s+against\s+[a-z]+ing\b"
    # "voted 7 to 4 against the scheme", "voted unanimously against the plan": refused it
    rf"|{_VOTES_AGAINST}"
    # "ruled out selling the ground": will not sell it
    r"|\brul(?:e|es|ed|ing)\s+out\s+[a-z]+ing\b"
    # in the passive: "Plans for a £3.5 million reptile house were rejected by the committee"
    r"|\b(?:plans?|proposals?|bids?|requests?|applications?|schemes?|motions?|offers?)\s+(?:to|for|by|from)\s+"
    r"(?:[^.,;:]|(?<=\d)[.,](?=\d)){1,80}?\s(?:was|were|has\s+been|have\s+been|had\s+been)\s+"
    r"(?:rejected|refused|turned\s+down|thrown\s+out|blocked|vetoed|overturned|dropped|scrapped|shelved"
    r"|abandoned)\b",
    re.IGNORECASE,
)
"""``rejected a plan to close the library``, ``rejected a proposal from opposition councillors to
keep``, ``refused a request from residents for``, ``voted against raising fees``, ``refused to approve``
(not ``opposition``, a side: ``backed an opposition proposal to borrow £6m``),
``plans for a new car park were rejected``, ``a request by the railway to run dining trains was
turned down``, ``ruled out selling the ground``: what was refused did not happen, as if ``not`` stood
before it."""


def refused_plan(text: str) -> bool:
    """Is every plan ``text`` states (:func:`prospective`) one it says was refused (``The cabinet
    rejected the plan to merge the schools``: :data:`_REFUSED`)? Then it states a decision taken,
    which a sentence of the decision the other way denies, not a plan."""
    if not _may_refuse(text):
        return False
    refused = [m.span() for m in _REFUSED.finditer(text)]
    return bool(refused) and all(
        any(a <= m.start() and m.end() <= b for a, b in refused) for m in _PROSPECTIVE.finditer(text)
    )


def refuses(text: str) -> bool:
    """Does ``text`` say something was refused or ruled out (:data:`_REFUSED`: ``ruled out selling
    the ground``, ``rejected a plan to close``)? A decision not to do it: what a sentence that it
    will not be done states too."""
    return _may_refuse(text) and _REFUSED.search(text) is not None


def _may_refuse(text: str) -> bool:
    """Might ``text`` hold a verb of :data:`_REFUSED` (``rejected``, ``voted against``, ``turned
    down``)? (Substring tests at C speed: this runs for every clause read.)"""
    return (
        "ject" in text
        or "bandon" in text
        or "crap" in text
        or "helv" in text
        or "drop" in text
        or "block" in text
        or "veto" in text
        or "verturn" in text
        or "ppos" in text
        or "efus" in text
        or "eclin" in text
        or "against" in text
        or "down" in text
        or " out" in text
    )


_REFUSING: Final = frozenset(
    ("refuse", "refuses", "refused", "refusing", "decline", "declines", "declined", "declining")
)

_SET_ASIDE: Final = re.compile(rf"\b{_RATHER_THAN}", re.IGNORECASE)
"""A :data:`_RATHER_THAN`, a denial of what follows it."""
_NOT_DENYING: Final = re.compile(
    r"\bno(?:t?\s+(?:only|just|merely|simply|least|until|to\s+mention|doubt|wonder|surprise"
    r"|surprising(?:ly)?|(?:fewer|less|more)\s+than)"
    r"|t\s+(?:un(?:common|usual|likely|like|expected|reasonable|important|related|familiar"
    r"|known|precedented|successful)|in(?:significant|considerable|frequent))"
    rf"|t\s+(?:be\s+)?chang(?:e|ed)\b{_UNTIL_AFTER}|thing\s+but|ne\s+other\s+than)\b"
    # "linked to a lack of ward beds", "because of a lack of staff", "said that a lack of beds was
    # the main cause": a cause named (a shortage), nothing denied
    r"|\b(?:to|of|by|from|on|over|about|with|that)\s+(?:a|the)\s+(?:general\s+|severe\s+|chronic\s+)?lack\s+of\b"
    # "at no charge", "at no extra cost": free
    r"|\bat\s+no\s+(?:extra\s+|additional\s+)?(?:charge|cost)\b"
    # "The ban prohibits using a hosepipe": one prohibition, the ban being what prohibits
    r"|\b(?:the|a|this|its|their)\s+(?:[^\W\d_]+\s+)?ban\s+(?=(?:prohibit|forbid|outlaw|bar)s?\b)"
    # "Without this sale we would have run out of money": a condition of what would be, no denial
    r"|\bwithout\s+(?:this|the|that|these|those|a|an|its|their|our|his|her)\b(?=[^.;]{0,80}\bwould\b)"
    # "Under the ban, households may ...": the ban as when, no denial of what the clause says
    r"|\b(?:under|during|despite|since|throughout)\s+(?:the|a|this|its|their)\s+(?:[^\W\d_]+\s+)?ban\b(?!\s+on\b)",
    re.IGNORECASE,
)
_BAN_LIFTED: Final = re.compile(
    r"\b(?:lift|repeal|overturn|scrap|end)(?:s|ed|ing|ped|ping)?\s+(?:its\s+|the\s+|a\s+)?(?:\w+\s+)?ban\b",
    re.IGNORECASE,
)
"""A cue that does not deny what its sentence states: ``not only``, ``not until 2019 did``, ``no
fewer than`` (a bound: :mod:`checks.grounding.quantities`), ``no wonder``, a litotes (``not
uncommon``; ``not without`` is two cues, ``without`` being one), a ban lifted. Each takes one cue off
the count."""

_REMOVING: Final = (
    r"(?:remov|scrap|abolish|ax|discontinu|eliminat|ditch|cancel)(?:e|es|ed|ing|s|ped|ping|led|ling)?"
    r"|withdr(?:aw|aws|ew|awn|awing)"
)
_REMOVED: Final = re.compile(
    # passive: "The headphone jack has been dropped", "fares were abolished" (no figure after: "dropped 5%")
    r"\b(?:ha[sd]|have|was|were|is|are|been|be|being|get|gets|got)\s+(?:been\s+)?"
    r"(?:(?:quietly|now|also|since|largely|entirely|completely|formally)\s+)?"
    rf"(?:{_REMOVING}|dropped|phased\s+out)\b"
    r"(?!\s+(?:by\s+|to\s+)?(?:about\s+|around\s+|nearly\s+|almost\s+)?[\d$€£¥₹])"
    # active, with what is removed: "scrapped the fee", "will abolish the charge"
    rf"|\b(?:{_REMOVING}|phas(?:e|es|ed|ing)\s+out)\s+(?:the|its|their|his|her|our|a|an|all)\b",
    re.IGNORECASE,
)
_MAY_REMOVE: Final = re.compile(
    r"remov|scrap|abolish|ax[eia]|discontinu|eliminat|ditch|cancel|withdr|dropped|phas", re.IGNORECASE
)


def removed(text: str) -> bool:
    """Does ``text`` say something was removed, dropped, scrapped or abolished (``The headphone jack
    has been dropped``): that it is no longer there, as a claim that denies it says (``The Pixo 9
    has no headphone jack``)? Not a figure's fall (``Sales dropped 5%``)."""
    return _MAY_REMOVE.search(text) is not None and _REMOVED.search(text) is not None


_WITHDRAWN: Final = re.compile(
    r"\b(?:drops?|dropped|dropping|removes?|removed|discontinue[sd]?|deprecate[sd]?|ends?|ended)\s+"
    r"(?:its\s+|the\s+)?support\b",
    re.IGNORECASE,
)


def clauses(text: str) -> list[str]:
    """A sentence cut at commas, semicolons and contrastive conjunctions (``but``, ``while``...)."""
    if text.isascii() and not any(c in text for c in ",;:"):
        # Most sentences have no cut: a few substring tests at C speed, not a pattern tried at every
        # position (the pattern starts with ``\s*``). ASCII only: Unicode case folding is the pattern's.
        low = text.lower()
        if not any(word in low for word in _CONTRASTS):
            return [text]
    parts = [p for p in _CLAUSE.split(text) if p and p.strip()]
    if len(parts) > 1 and (" and " in text or " or " in text):
        parts = _name_lists_joined(parts)
    if len(parts) > 2 and ", " in text:
        return _appositions_joined(text, parts)
    return parts or [text]


_NAME_LIST_TAIL: Final = re.compile(
    r"(?:[A-Z][\w'\u2019-]*\s+){0,3}(?:and|or)\s+(?:the\s+)?(?:[A-Z][\w'\u2019-]*\s*){1,4}[.!?]?"
)
"""The last items of a list of names, a clause of their own after a comma: ``Scotland and Wales``."""
_ENDS_WITH_NAME: Final = re.compile(r"\b[A-Z][\w'\u2019-]*\s*$")


def _name_lists_joined(parts: list[str]) -> list[str]:
    """``parts`` with the end of a list of names joined to the clause that opens the list (``in
    England, | Scotland and Wales``: one clause), and the bare names between."""
    out: list[str] = []
    for part in parts:
        if out and _NAME_LIST_TAIL.fullmatch(part.strip()) is not None:
            k = len(out)
            while k > 1 and _APPOSED.fullmatch(out[k - 1].strip()) is not None:
                k -= 1  # "England, | Scotland, | and Wales": the bare names before the tail
            if _ENDS_WITH_NAME.search(out[k - 1]) is not None:
                out[k - 1 :] = [", ".join([out[k - 1], *(p.strip() for p in out[k:]), part.strip()])]
                continue
        out.append(part)
    return out


_APPOSED: Final = re.compile(r"(?:[A-Z][\w'\u2019-]*\s+){0,3}[A-Z][\w'\u2019-]*")
"""A name of one to four capitalised words, the whole of a clause."""


_AN_APPOSITION: Final = re.compile(r"(?:the|a|an)\s")
"""A noun phrase set off by commas after a name: ``the toy retailer with 164 stores``."""


def _appositions_joined(text: str, parts: list[str]) -> list[str]:
    """``parts`` with a name set off by commas after a clause of its own joined to the clause it opens
    (``The council leader, | Amara Okafor, held her seat``): the name is the subject of what follows,
    which opens with a word in lower case; and a name that opens the sentence joined to the clause
    after the noun phrase set off after it (``Toybox, | the toy retailer, | said sales fell``)."""
    out: list[str] = []
    i = 0
    if (
        len(parts) > 2
        and _APPOSED.fullmatch(parts[0]) is not None
        and _AN_APPOSITION.match(parts[1]) is not None
        and parts[2][:1].islower()
        and f"{parts[0]}, {parts[1]}, {parts[2]}" in text
    ):
        # "Toybox, the toy retailer with 164 stores, said sales fell": the name is the subject of
        # the clause after the noun phrase that describes it.
        out.append(f"{parts[0]}, {parts[1]}, {parts[2]}")
        i = 3
    while i < len(parts):
        part = parts[i]
        if (
            0 < i < len(parts) - 1
            and parts[i + 1][:1].islower()
            and _APPOSED.fullmatch(part) is not None
            and f"{part}, {parts[i + 1]}" in text
        ):
            out.append(f"{part}, {parts[i + 1]}")
            i += 2
            continue
        out.append(part)
        i += 1
    return out


_OBJECT_START: Final = (
    r"(?:a|an|the|its|their|his|her|our|this|that|these|those|some|any|every|each|all|more|less|fewer"
    r"|about|over|under|nearly|almost|around|only|free|support|it|them|him|us|no|new|twice|once|daily"
    r"|weekly|monthly|yearly|often|regularly|also|again)\b|[$€£¥₹\d]"
)
_AFTER_PAST: Final = (
    rf"(?:{_OBJECT_START}|(?:for|in|on|at|to|by|from|with|into|after|before|during|again|up|down|out|off)\b)"
)
_NEW_PREDICATE: Final = re.compile(
    r"\s(?=and\s+(?:also\s+|still\s+|now\s+|then\s+|instead\s+)?"
    r"(?:(?:has|have|had|is|are|was|were|does|do|did|can|cannot|could|will|would|may|might|must"
    r"|should|never|no\s+longer)\b"
    r"|(?:rose|fell|grew|cut|won|sold|bought|took|gave|went|came|began|became|paid|spent|kept|held|ran"
    r"|drew|saw|told|brought|stood|wrote|broke|drove"
    r"|stops|stopped|ceases|ceased|quits|fails|failed|refuses|refused|declines|declined|drops|dropped"
    r"|removes|removed|ends|ended|denies|denied)\b"
    rf"|(?:[^\W\d_]{{3,}}ed|lost|made|built|led|left|met|hit|shut|found)\s+{_AFTER_PAST}"
    rf"|[^\W\d_]{{2,}}s\s+(?:{_OBJECT_START})"
    r"|[^\W\d_]{3,}\s+(?:it|them|him|her|us)\b"
    # a subject of its own, the rest of a whole: "36% opposed them | and the rest expressed no view"
    r"|the\s+(?:rest|remainder|others|remaining)\b"
    # another means, said by a gerund: "removing 14 posts through voluntary redundancy | and by not
    # filling vacancies"
    r"|by\s+(?:not\s+|never\s+)?[^\W\d_]{3,}ing\b))",
    re.IGNORECASE,
)
"""Where ``and`` opens a predicate of its own (``is not navigable above the weir | and is tidal below
it``, ``closed no branches | and opened 12``, ``does not charge late fees | and offers free wifi``):
an auxiliary, a past form that is only a verb (``cut bus fares``), a verb that denies (``and stops
funding``, ``and drops support``), or a verb with what a verb takes after it (an object's first
word, a number, an adverb; a preposition after a past form; a pronoun after any word: ``should stop
using the kettle | and return it``). Not ``books and magazines``, ``books and used records``."""


def conjuncts(text: str) -> list[str]:
    """``text`` cut before each ``and`` that opens a predicate of its own (:data:`_NEW_PREDICATE`),
    when one of the parts denies and another does not: a negation denies only its own conjunct, and
    each is read with its own polarity (``The library does not charge late fees and offers free
    wifi``: ``offers free wifi`` affirmed); or when two parts say opposite words (``found him guilty
    on two counts and cleared him of fraud``: each its own statement). ``[text]`` otherwise."""
    if " and " not in text and " AND " not in text and " And " not in text:
        return [text]
    cuts = [m.start() for m in _NEW_PREDICATE.finditer(text)]
    if not cuts or len(cuts) >= MAX_SCOPES:
        return [text]
    bounds = [0, *cuts, len(text)]
    parts = [text[a:b].strip() for a, b in pairwise(bounds)]
    denies = [negated(part) for part in parts]
    return parts if (any(denies) and not all(denies)) or _opposed(parts) else [text]


def _opposed(parts: Sequence[str]) -> bool:
    """Does one of ``parts`` say a word whose opposite (:data:`ANTONYMS`) another says?"""
    read = [frozenset(terms(part)) for part in parts]
    for i, mine in enumerate(read):
        against = frozenset().union(*(ANTONYMS[t] for t in mine if t in ANTONYMS))
        if against and any(not against.isdisjoint(other) for j, other in enumerate(read) if j != i):
            return True
    return False


def clause_at(text: str, offset: int) -> str:
    """The clause of ``text`` (:func:`clauses`' cuts) that holds ``offset``, with the clause before
    it when it is an exception or an ellipsis (``every day except Sunday``, ``on Android but not on
    iOS``: what it is an exception to)."""
    start = previous = 0
    end = len(text)
    for m in _CLAUSE.finditer(text):
        if m.end() <= offset:
            previous, start = start, m.end()
        elif m.start() >= offset:
            end = m.start()
            break
    if exception(text[start:end], first=start == 0) is not False:
        start = previous
    return text[start:end]


_EXCEPTION_CUES: Final = ("xcept", "part from", "xcluding")
"""Substrings of every word of :data:`_EXCEPT` (``with the exception of`` holds ``xcept``)."""
_CONTRASTS: Final = ("but", "while", "whereas", "though", "however", "unlike", "rather", *_EXCEPTION_CUES)
"""Substrings of every conjunction that ``_CLAUSE`` cuts at (``although`` holds ``though``; ``with the
exception of`` holds ``xcept``)."""


def excepted(text: str) -> list[tuple[int, int]]:
    """Where a sentence's exceptions stand (``except 2020``, ``but not in March``, ``everyone ...
    but the mayor``): the span of each exception clause, its word included, to where the clause
    ends. A ``but`` is one after ``every day``, ``everyone``... before a name or ``the`` and a word
    (:data:`_BUT_EXCEPT`); ending a sentence that says all, before words none of which is a likely
    verb (:data:`_BUT_LAST`); or the first after a sentence's opening ``Everyone``/``All``/``Every``
    with no comma and no likely verb before it (:data:`_VERBISH`)."""
    low = text.lower()
    if not any(word in low for word in _EXCEPTION_WORDS):
        return []
    out = []
    for m in _EXCEPTION_SPAN.finditer(text):
        cut = _CLAUSE.search(text, m.end())
        out.append((m.start(), cut.start() if cut is not None else len(text)))
    if not out and "but " in low and _ALL_OF.search(text) is not None:
        last = _BUT_LAST.search(text)  # "Everyone on the council voted for the plan but the mayor."
        if last is not None and _VERBISH.search(text, last.start() + 4) is None:
            out.append((last.start(), len(text.rstrip(" .!?"))))
        lead = _ALL_LEAD.match(text)
        but = text.find(" but ", lead.end()) if lead is not None else -1
        if not out and lead is not None and but > 0 and _BUT_WHO.match(text, but + 1) is not None:
            between = text[lead.end() : but]  # "Everyone at the depot but the drivers joined"
            if "," not in between and _VERBISH.search(between) is None:
                cut = _CLAUSE.search(text, but + 5)
                out.append((but + 1, cut.start() if cut is not None else len(text)))
    return out


_ALL_OF: Final = re.compile(r"\b(?:everyone|everybody|everything|all|every)\b", re.IGNORECASE)
_BUT_LAST: Final = re.compile(
    r"\bbut\s+(?:the\s+(?:[^\W\d_]+\s+){0,2}[^\W\d_]+|(?-i:[A-Z])[^\W\d_]+(?:\s+(?-i:[A-Z])[^\W\d_]+)?)"
    r"\s*[.!?]?\s*$"
)
"""A ``but`` that means except, ending a sentence that says all (``... voted for the plan but the
mayor.``, ``but the grammar school.``, ``but Mr Hale.``): a contrast would need a verb after it."""
_ALL_LEAD: Final = re.compile(r"\s*(?:everyone|everybody|everything|all|every)\b", re.IGNORECASE)
_BUT_WHO: Final = re.compile(r"but\s+(?:the\s+[^\W\d_]+|(?-i:[A-Z])[^\W\d_]+|one|two|three)\b")
_VERBISH: Final = re.compile(
    r"\b(?:[^\W\d_]{3,}ed|is|are|was|were|has|have|had|will|would|can|could|may|might|must|should|do"
    r"|does|did|got|went|came|made|took|ran|met|won|lost|sang|began|gave|said|saw|left|kept|held|paid"
    r"|sold|built|bought|brought|told|found|became|agreed)\b",
    re.IGNORECASE,
)
"""A word that is likely a verb: between a sentence's ``Everyone`` and its ``but``, it makes the
``but`` a contrast of two clauses (``Every ward voted for the levy but the margin was narrow``)
rather than an exception (``Everyone at the depot but the drivers joined the strike``)."""


_EXCEPTION_WORDS: Final = (*_EXCEPTION_CUES, "but ")
_EXCEPTION_SPAN: Final = re.compile(rf"\b(?:{_EXCEPT}|but\s+not\b)", re.IGNORECASE)


def exception(clause: str, *, first: bool = False) -> bool | None:
    """Is a clause an exception to the rest of its sentence, which says of it the opposite of what
    the sentence says: ``except the Leeds branch`` (True), ``not on iOS`` after ``works on Android
    but`` (None: elliptical, its own negation says so already)? False otherwise. Either way the
    clause's statement is the sentence's, and its subject the clause's own words. The ``first``
    clause of a sentence is no exception for its ``But``: ``But Terry Ablewhite, chairman of the
    residents' association, warned ...`` opens with a conjunction, not with ``except``."""
    clause = clause.lstrip()
    if clause[:1] not in _EXCEPTION_FIRST:
        return False  # most clauses: one test at C speed
    if _EXCEPTION.match(clause) is not None and not (first and clause[:1] in "bB"):
        return True
    return None if _ELLIPSIS.match(clause) is not None else False


_EXCEPTION_FIRST: Final = frozenset("eEaAwWnNbB")


def _antonyms(pairs: Iterable[str]) -> dict[str, frozenset[str]]:
    """The antonym table from ``pairs`` in order; each term is named in messages by the word of the
    first pair it comes in (``enable:disable`` before ``enabled:disabled``: the same stems), whatever
    the process's hash seed."""
    table: dict[str, set[str]] = {}
    named: set[str] = set()
    for pair in pairs:
        left, right = (stem(w) for w in pair.split(":"))
        for word, term in zip(pair.split(":"), (left, right), strict=True):
            if term not in named:
                named.add(term)
                _SURFACE[term] = _FOLD.get(word, word)
        if left == right:
            continue
        table.setdefault(left, set()).add(right)
        table.setdefault(right, set()).add(left)
    return {k: frozenset(v) for k, v in table.items()}


AUXILIARIES: Final = words(
    "is are was were has have had will would can could may might must should does do did"
)
"""The auxiliaries a clause's or a claim's subject stands before (``Kettles sold after August | have``)."""
WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CALENDAR_NAMES: Final = "|".join((*MONTH_NAMES, *WEEKDAYS))
"""The months and weekdays as a pattern's alternatives (``january|...|sunday``)."""
CALENDAR: Final = frozenset(stem(w) for w in (*MONTH_NAMES, *WEEKDAYS))
"""The terms of the months and weekdays. Capitalised, but no names: a claim in March is not about
someone called March (their terms, as names hold terms: ``januari``, ``juli``)."""


_SPAN: Final = re.compile(
    rf"\b(?:from\s+|between\s+)?({CALENDAR_NAMES})s?\s+(?:to|until|till|through|and|-|\u2013)\s+({CALENDAR_NAMES})s?\b",
    re.IGNORECASE,
)
"""A stretch of months or weekdays: ``from April to September``, ``Monday to Friday``."""
_PLACES = {stem(w): (i, 12) for i, w in enumerate(MONTH_NAMES)} | {
    stem(w): (i, 7) for i, w in enumerate(WEEKDAYS)
}


def within_span(term: str, text: str) -> bool:
    """Is the month or weekday ``term`` inside a stretch ``text`` gives (``July`` in ``from April to
    September``, ``Wednesday`` in ``Monday to Friday``; a stretch may run past the year's end)?"""
    place = _PLACES.get(term)
    if place is None:
        return False
    at, size = place
    for m in _SPAN.finditer(text):
        a, b = _PLACES.get(stem(m.group(1).lower())), _PLACES.get(stem(m.group(2).lower()))
        if a is None or b is None or a[1] != size or b[1] != size:
            continue
        if (at - a[0]) % size <= (b[0] - a[0]) % size:
            return True
    return False


def _one_of(names: Sequence[str]) -> list[str]:
    """Every pair of a closed class whose members exclude each other: an event on a Monday is on no
    other day, a meeting in March in no other month."""
    return [f"{a}:{b}" for i, a in enumerate(names) for b in names[i + 1 :]]


ANTONYMS: Final[Mapping[str, frozenset[str]]] = _antonyms(
    [
        *_ANTONYM_WORDS.split(),  # in order, not a set: which word names a stem must not vary
        *_one_of(MONTH_NAMES),
        *_one_of(WEEKDAYS),
        *(f"weekday:{day}" for day in WEEKDAYS[5:]),
        *(f"weekend:{day}" for day in WEEKDAYS[:5]),
        *(pair for kind in _LETTERED for pair in _one_of([f"{kind}-{c}" for c in "abcdefgh"])),
    ]
)
"""Stem -> the stems that mean its opposite (months and weekdays: each other; so are ``Series A``
and ``Series B``)."""
