"""The sources of one job as numbered sentences, with a BM25 index over their terms.

Each source's ``text`` is read with :func:`checks.claims.sentence_spans` (so
markdown and HTML excerpts segment the same way drafts do, and every
sentence keeps its offsets into the source text); questions are dropped.
Sentences are numbered in source order, so each source owns one contiguous
run of numbers.

Retrieval is Okapi BM25 (k1 = 1.5, b = 0.75) over sentence terms
(:func:`checks.grounding.lexicon.terms`), scored for every claim of a draft
at once: the postings are numpy arrays and one ``bincount`` sums a whole
batch of claims. bm25s (0.3.16) was measured first and not taken: an index
here is built per job over a thousand or two sentences and queried once per
claim, so the build dominates, and on the benchmark job (1,660 source
sentences, 166 claims, ``bench/grounding.py``) bm25s took 15 ms to build and
score against 5 ms for the scorer below; rank-bm25 scores every sentence in
Python for each query term. We need the terms ourselves anyway (coverage,
figures), so the library would tokenise a second time.

**Building is mostly C.** Per source, the only Python loop is the sentence
splitter's; the terms come from the sentences' whitespace pieces through a
per-process memo (:func:`checks.grounding.lexicon.piece_terms`), and term
ids, postings and weights are numpy. Everything else a sentence has (its
:class:`SourceSentence` with its surroundings, its figures, its clauses) is
made on first use: only the candidates retrieval hands to the assessment are
ever read that closely, and a claim copied word for word from its sources is
found by a lookup of its text (:meth:`SourceIndex.stating`). Figures and clauses are read up to
:data:`MAX_FIGURES` and :data:`MAX_CLAUSES` per sentence: pairing them is
quadratic, and a sentence of thousands of figures is a table, not a claim.

**Caches**, per process: each source read by its title and text,
:data:`SOURCE_CACHE_SIZE` sources and :data:`SOURCE_CACHE_CHARS` characters
(the jobs of a mission share sources), with everything read from it on first
use (sentence terms and surroundings, figures, clauses: they depend on the
source alone); and whole indexes by the sources' ids, titles and texts,
:data:`CACHE_SIZE` jobs (a retry comes back with the same sources).
:func:`clear_cache` empties both: a *cold* build. The word memos of
:mod:`~checks.grounding.lexicon` are kept (they hold words, not texts;
``clear_cache(memos=True)`` empties them too).
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Final, NamedTuple, overload

import numpy as np
import numpy.typing as npt

from checks.claims import sentence_spans
from checks.grounding.identifiers import Identifier, identifiers
from checks.grounding.lexicon import (
    AUXILIARIES,
    BOUNDARY,
    clauses,
    clear_memos,
    conjuncts,
    excepted,
    exception,
    hedged,
    in_context,
    lead_term,
    negated,
    piece_terms,
    priced,
    prospective,
    sentence_names,
    terms,
    untold,
    words,
)
from checks.grounding.quantities import Quantity, clear_memo, quantities
from checks.grounding.roles import Frame, frames
from checks.grounding.scope import Scope, restriction, universal
from messages import Source

__all__ = [
    "CACHE_SIZE",
    "MAX_CLAUSES",
    "MAX_FIGURES",
    "SOURCE_CACHE_SIZE",
    "Clauses",
    "Features",
    "Limits",
    "Modes",
    "SourceIndex",
    "SourceSentence",
    "build_index",
    "clear_cache",
    "conjunct_clauses",
    "features",
    "verbatim",
]

K1: Final = 1.5
B: Final = 0.75
CACHE_SIZE: Final = 16
"""Whole job indexes kept per process."""
SOURCE_CACHE_SIZE: Final = 512
"""Sources read (sentences and terms) kept per process..."""
SOURCE_CACHE_CHARS: Final = 8_000_000
"""...and at most this many characters of their text (what was read from it takes a few times that)."""
_QUERY_BATCH: Final = 256
_DIGIT_RUN: Final = re.compile(r"\d(?:[\d,.]*\d)?")
MAX_FIGURES: Final = 32
"""Figures of one sentence that are compared (more make a table, not a claim; pairing is quadratic)."""
MAX_CLAUSES: Final = 32
"""Clauses of one sentence compared for polarity; the rest are read as one."""

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Clauses = tuple[tuple[frozenset[str], bool], ...]
"""Each clause's terms and whether it is negated."""


@dataclass(frozen=True, slots=True)
class Features:
    """What the matcher reads from one sentence (a claim or a source sentence)."""

    terms: frozenset[str]
    quantities: tuple[Quantity, ...]
    clauses: Clauses
    names: frozenset[str] = frozenset()
    """The terms of its names (:func:`checks.grounding.lexicon.sentence_names`): what it is about."""
    prospective: bool = False
    """It says what is planned or possible, not what is (:func:`checks.grounding.lexicon.prospective`)."""
    lead: str = ""
    """The term of its first word when capitalised (:func:`checks.grounding.lexicon.lead_term`): a
    name when a source writes it as one."""
    frames: tuple[Frame, ...] = ()
    """Its comparisons and relations with their sides in order (:func:`checks.grounding.roles.frames`)."""
    hedge: str = ""
    """What makes it alleged or conditional (:func:`checks.grounding.lexicon.hedged`)."""
    plain: str = ""
    """The sentence itself, whitespace collapsed."""
    universal: Scope | None = None
    """What makes it hold always or for everyone (:func:`checks.grounding.scope.universal`); None
    when it limits itself too (``every day except Monday``: a source's limit cannot deny it)."""
    universal_terms: frozenset[str] = frozenset()
    """Its terms among that phrase's (``public``, ``staff``, ``daili``): what a source's limit answers."""
    digits: tuple[str, ...] = ()
    """Its figures' digits as written (``3,450``, ``5.2``): of two candidates that cover it as fully,
    the one that writes them is read first."""
    identifiers: tuple[Identifier, ...] = ()
    """The numbers that name things in it (:func:`checks.grounding.identifiers.identifiers`:
    ``Python 3.8``, ``ISO 27001``, ``14:30``): no figures, but a source may give them otherwise."""


_ONLY_OF_WHAT: Final = re.compile(
    r"(?:had|has|have|having|get|gets|got|receive[sd]?|need(?:s|ed)?|take[sn]?|took|use[sd]?)\s+only\b",
    re.IGNORECASE,
)
"""A claim's ``only`` after its verb limits what its subject had, not who: ``Every participant had
only mild side effects`` is still a claim for every participant."""


def features(plain: str) -> Features:
    """Read a sentence's terms, figures, clauses and names."""
    own = frozenset(terms(plain))
    scope = universal(plain)
    if (
        scope is not None
        and (limit := restriction(plain)) is not None
        and _ONLY_OF_WHAT.match(limit.text) is None
    ):
        scope = None
    return Features(
        own,
        _figures(plain),
        _clauses(_clause_texts(plain, source=False), plain, own)[0],
        sentence_names(plain),
        prospective(plain),
        lead_term(plain),
        frames(plain),
        hedged(plain),
        plain,
        scope,
        own.intersection(terms(scope.text)) if scope is not None else frozenset(),
        tuple(dict.fromkeys(_DIGIT_RUN.findall(plain))),
        identifiers(plain),
    )


def _figures(plain: str) -> tuple[Quantity, ...]:
    """The sentence's figures, at most :data:`MAX_FIGURES` (pairing figures is quadratic)."""
    return tuple(quantities(plain, limit=MAX_FIGURES))


def _clause_texts(plain: str, *, source: bool = True) -> tuple[str, ...]:
    """The clauses of a sentence as :class:`Clauses` reads them, as text: cut at commas and contrasts
    (:func:`checks.grounding.lexicon.clauses`), and a source's at an ``and`` between a conjunct that
    denies and one that does not (:func:`checks.grounding.lexicon.conjuncts`). A claim's conjuncts
    stay together: a claim is a statement whole, which one source sentence supports whole or not."""
    parts = clauses(plain)
    if source and len(parts) == 1:
        parts = conjuncts(plain)
    elif source and any(" and " in part for part in parts):
        parts = list(chain.from_iterable(map(conjuncts, parts)))
    if len(parts) > MAX_CLAUSES:  # comparing clauses is quadratic: the tail is read as one clause
        parts = [*parts[: MAX_CLAUSES - 1], " ".join(parts[MAX_CLAUSES - 1 :])]
    return tuple(parts)


def conjunct_clauses(plain: str, own: frozenset[str]) -> Clauses:
    """A claim's conjuncts as clauses, each with its own polarity, when one denies and another does
    not (``The decision is final and cannot be appealed``: ``cannot be appealed`` with the subject);
    its one clause otherwise. A claim is read whole, but a conjunct that denies what a source's
    clause affirms is a disagreement of its own."""
    parts = conjuncts(plain)
    if len(parts) == 1:
        return ((own, negated(plain)),)
    return _clauses(parts, plain, own)[0]


def _clauses(parts: Sequence[str], plain: str, own: frozenset[str]) -> tuple[Clauses, tuple[str, ...]]:
    """The terms and polarity of each clause of ``plain`` (``parts``: :func:`_clause_texts`), and the
    text of each, a clause with no subject of its own led by the first clause's."""
    if len(parts) == 1:
        return ((own, negated(plain)),), tuple(parts)
    out: list[tuple[frozenset[str], bool]] = []
    texts: list[str] = []
    subject: tuple[frozenset[str], str] | None = None
    for i, part in enumerate(parts):
        kind = exception(part, first=i == 0)
        text = part
        if kind is False:
            own_terms = frozenset(terms(part))
            participle = i > 0 and (_PARTICIPLE.match(part) is not None or _WITH_WHAT.match(part) is not None)
            led = i > 0 and (_ELIDED.match(part) is not None or _AND.match(part) is not None or participle)
            if i and not led and _S_VERB.match(part) is not None:
                # "... bans dogs from its gardens but | allows them on the paths": elided when the
                # first clause has a verb of that form, whose subject is then this clause's too
                found = _subject(parts[0], part)
                led = bool(found[1])
                if led and subject is None:
                    subject = found
            if led:
                # "The Elm Park line runs every 15 minutes but has no staff at night": the clause's
                # subject is the first clause's, its names most of all (what coverage weighs most),
                # and its first term ("The release drops support for 3.8 and adds support for 3.13").
                if subject is None:
                    subject = _subject(parts[0], part)
                mine = subject
                if i > 2 and _RELATIVE.match(parts[i - 1]) is not None:
                    # "..., while spending in the cafes, | which made up the rest, | was broadly flat":
                    # the subject is the phrase the relative clause follows, not the first clause's.
                    phrase = _LEADING_CONJUNCTION.sub("", parts[i - 2]).strip()
                    mine = (sentence_names(phrase).union(terms(phrase)), phrase)
                own_terms |= mine[0]
                text = f"{mine[1]} {part}"
                if participle or _WHICH.match(part) is not None or _OF_THE_FIGURE.match(part) is not None:
                    # "Cormorant was rewritten in Rust, | which cut its memory use by 40%": what the
                    # clause before says is what the relative clause is about; "allocates £14 million
                    # to road repairs, | up from £9 million": what went up is the clause before's.
                    own_terms |= out[-1][0]
            denied = negated(part)
            if i > 1 and _LIST_GOES_ON.match(part) is not None and _RELATIVE.match(parts[i - 1]) is not None:
                # "does not cover London, | where a fare is £1.75, | or day-return tickets": the list
                # of the clause before the relative clause goes on, its verb and polarity with it
                own_terms = own_terms | out[i - 2][0]
                denied = out[i - 2][1]
                text = f"{texts[i - 2]} {part}"
            out.append((own_terms, denied))
        else:
            # "All branches except the Leeds branch open on Saturdays", "works on Android but not on
            # iOS": the exception says the sentence's statement of its own words, the other way; the
            # statement of the clause it follows, not of one after it ("every day except Sundays, |
            # when it will close at 4pm") or before that ("..., to make room for step-free access to
            # every level | except the upper balcony": not the seats the hall lost).
            excepted = own
            if i and len(parts) > 2:
                excepted = frozenset(terms(parts[i - 1])).union(terms(part), _subject(parts[0], part)[0])
            denied = not negated(part) if kind else True
            if kind and i and any(q.dim[:5] == "rank:" and q.low == 1 for q in quantities(parts[i - 1])):
                # "the highest of any town in the county, | apart from Ashcombe": the excepted one ranks
                # higher still, it is not denied the first place
                denied = negated(part)
            out.append((excepted, denied))
        texts.append(text)
    return tuple(out), tuple(texts)


def _subject(first: str, elided: str) -> tuple[frozenset[str], str]:
    """The subject a clause with none of its own (``elided``) shares with the sentence's ``first``
    clause, as terms and as text: its names and first term, and the words before its verb when that
    verb is found by the elided clause's own verb form (``Version 3.2 of the Kestrel library | adds
    support for Python 3.12 and drops support for Python 3.8``: ``drops``, so ``adds``), or before its
    first auxiliary when the elided clause opens with one (``Kettles sold after August | have a
    redesigned handle and are not affected``)."""
    found = sentence_names(first).union(terms(first)[:1])
    verb = _VERB_AFTER.match(elided)
    form = verb.group(1).lower() if verb is not None else ""
    words = first.split()
    if form in AUXILIARIES:
        # "Kettles sold after August have a redesigned handle | and are not affected": the words
        # before the first clause's own auxiliary
        k = next((k for k in range(1, len(words)) if words[k].lower() in AUXILIARIES), 0)
        if k:
            text = " ".join(words[:k])
            return found.union(terms(text)), text
        return found, ""
    suffix = "ed" if form.endswith("ed") else "s" if form.endswith("s") and not form.endswith("ss") else ""
    if not suffix:
        return found, ""
    for k in range(1, len(words)):
        word, before = words[k], words[k - 1].lower()
        if word[:1].isupper() or before in _DETERMINERS or before.endswith(("'s", "\u2019s")):
            continue
        low = word.lower()
        if low.isalpha() and low.endswith(suffix) and not low.endswith("ss"):
            text = " ".join(words[:k])
            return found.union(terms(text)), text
    return found, ""


_VERB_AFTER: Final = re.compile(
    r"\s*(?:(?:and|but|yet|so)\s+)?(?:(?:never|also|still|now|rarely|seldom|no\s+longer)\s+)?([^\W\d_]+)\b",
    re.IGNORECASE,
)
"""The first word of a clause after its conjunction and an adverb: its verb, when it has no subject."""
_DETERMINERS: Final = words("the a an its their his her our this that these those")


_S_VERB: Final = re.compile(
    r"\s*(?:(?:but|yet|so)\s+)?[^\W\d_]{3,}s\s+(?:them|it|him|her|us|the|a|an|its|their|his|our|this|that|these|those)\b",
    re.IGNORECASE,
)
"""A clause that opens with a verb in ``-s`` and its object (``allows them on the paths``): elided when
the first clause has a verb of that form (``The Exe estate bans dogs from its gardens``: :func:`_subject`
finds ``bans``), not a plural subject (``costs rise``)."""
_AND: Final = re.compile(r"and\s", re.IGNORECASE)
"""How a conjunct opens (:func:`checks.grounding.lexicon.conjuncts`): its subject is the first clause's."""
_PARTICIPLE: Final = re.compile(
    r"\s*(?!(?:including|excluding|according|following|during|regarding|concerning|notwithstanding)\b)"
    r"[a-z]{2,}ing\s+(?:the|a|an|its|their|his|her|it|them|[$€£¥₹\d])\b"
    r"[^A-Z;]*$",
)
"""How a clause opens that says what the clause before's subject did by what it says: ``96% of
patients were seen within four hours, | meeting the 95% target``, ``winning 15 of them`` (a
participle and its object; not ``including``, ``according to``: a list, a source; not ``email, |
scheduling and imaging systems``, a list; not a clause that names another, ``finishing four points
clear of Ashby Town``, whose name is no subject of the clause before's)."""
_WITH_WHAT: Final = re.compile(r"\s*with\s+(?!the\s+exception\b)[^A-Z;]*$")
"""How a clause opens that says more of the clause before's subject: ``The festival will return next
August, | with capacity raised to 70,000`` (not ``with the exception of``, nor one naming another)."""
_WHICH: Final = re.compile(r"\s*which\s", re.IGNORECASE)
"""How a relative clause opens: it is about what the clause before says."""
_RELATIVE: Final = re.compile(r"\s*(?:which|who|whose|where|when)\s", re.IGNORECASE)
"""How a relative clause about the phrase before it opens (``London, | where a single fare is £1.75,``;
``the cafes, | which made up the rest,``)."""
_LIST_GOES_ON: Final = re.compile(
    r"\s*(?:or|and|nor)\s+(?:the\s+|a\s+|an\s+)?[^\W\d_][\w'\u2019-]*(?:\s+[^\W\d_][\w'\u2019-]*){0,2}[.!?]?\s*$"
)
"""A clause of no more than an item of a list (``or day-return tickets``)."""
_LEADING_CONJUNCTION: Final = re.compile(
    r"^\s*(?:and|but|while|whereas|although|though|yet)\s+", re.IGNORECASE
)
"""What opens a phrase that a relative clause follows, no part of the phrase (``while | spending in
the cafes``)."""
_BY_A_FIGURE: Final = r"(?:[$€£¥₹]?\d[\d.,]*%?\s+(?:per\s?cent\s+)?)"
_OF_THE_FIGURE: Final = re.compile(
    r"\s*(?:(?:well|far|just|slightly|still)\s+)?(?:up|down|below|above|higher|lower|ahead|behind|short)\b"
    rf"|\s*{_BY_A_FIGURE}(?:more|higher|greater|fewer|less|lower)\s+than\b",
    re.IGNORECASE,
)
"""How a clause opens that says how the clause before's figure compares: ``, up from £9 million``,
``, 9% more than the year before``."""
_ELIDED: Final = re.compile(
    r"\s*(?:(?:and|but|yet|so|which|who)\s+)?(?:has|have|had|is|are|was|were|does|do|did|can|cannot|could|will"
    r"|would|may|might|must|should|never|also|still|rarely|seldom|no\s+longer|[^\W\d_]{3,}ed"
    r"|rose|fell|grew|cut|won|lost|sold|bought|made|took|gave|went|came|began|became|built|paid"
    r"|spent|led|left|kept|held|met|ran|drew|hit|shut|saw|told|found|brought|stood|wrote|broke|drove"
    r"|(?:well\s+|far\s+|just\s+|slightly\s+|still\s+)?(?:below|above|ahead\s+of|behind|short\s+of"
    rf"|{_BY_A_FIGURE}?(?:higher|lower|more|less|fewer|better|worse)\s+than"
    r"|(?:up|down)(?=\s+(?:from|by|to|on)\b|\s+[$€£¥₹]?\d)))\b",
    re.IGNORECASE,
)
"""How a clause opens that has no subject of its own (``but has no staff``, ``but never charges``,
``but was rated``, ``, fell 3% in 2023``: an auxiliary, an adverb of frequency, a past form; ``,
below the national rate of 4.8%``, ``, higher than in 2022``: a comparison of the clause before's
figure; ``, up from £9 million``: its change; ``, which cut its memory use by 40%``: a relative clause
after a comma): it shares the first clause's."""


class Modes(NamedTuple):
    """How a sentence states what it says (read once per source sentence, on first use)."""

    prospective: bool
    """As planned or possible (:func:`checks.grounding.lexicon.prospective`)."""
    hedge: str
    """As alleged or conditional, and the words that make it so (:func:`checks.grounding.lexicon.hedged`)."""
    exceptions: tuple[tuple[int, int], ...]
    """Where its exceptions stand (:func:`checks.grounding.lexicon.excepted`)."""
    untold: frozenset[str] = frozenset()
    """The terms of what it says was not told (:func:`checks.grounding.lexicon.untold`: ``that the
    museum would close`` in ``did not say that the museum would close``), which it neither states nor
    denies."""
    withheld: bool = False
    """It says a detail of what it states was not told (``did not disclose how much it paid``: that
    it paid, not how much): the claim's figures it does not give are not the source's."""


class Limits(NamedTuple):
    """For whom and when a sentence says what it says (read once per source sentence, on first use
    by a claim that says it holds always or for everyone)."""

    universal: Scope | None
    """What makes it hold always or for everyone (:func:`checks.grounding.scope.universal`)."""
    restriction: Scope | None
    """What limits it to some times or people (:func:`checks.grounding.scope.restriction`)."""


class SourceSentence(NamedTuple):
    """One sentence of a source (a named tuple: made by the hundred per job, on first use)."""

    number: int
    source_id: str
    start: int
    end: int
    """Offsets into the source's ``text``."""
    text: str
    """The sentence as written in the source."""
    plain: str
    terms: frozenset[str]
    context: frozenset[str] = frozenset()
    """Terms of its surroundings: the source's title and the names in its first sentence and in the
    sentence before. They name what a sentence leaves implicit ("*Its* p95 latency was 45 ms")."""
    before: frozenset[str] = frozenset()
    """Every term of the sentence before (in the same source): what "That" or "It" may refer to."""
    seen: frozenset[str] = frozenset()
    """``terms | context``: what coverage is measured against."""


@dataclass(frozen=True, slots=True)
class _Read:
    """One source read into sentences and terms: what the per-source cache keeps."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    """Sentence k is ``text[starts[k]:ends[k]]`` as written."""
    plains: tuple[str, ...]
    words: tuple[str, ...]
    """Every term of every sentence, in order, with a :data:`BOUNDARY` between sentences."""
    term_starts: tuple[int, ...]
    term_ends: tuple[int, ...]
    """Sentence k's terms are ``words[term_starts[k]:term_ends[k]]`` (two flat tuples, not a pair per
    sentence: fewer objects for the cyclic garbage collector to visit)."""
    counts: IntArray
    """Terms per sentence."""
    vocabulary: tuple[str, ...]
    """The distinct terms of :attr:`words`, first seen first."""
    local: IntArray
    """Each term's position in :attr:`vocabulary` (boundaries left out)."""
    title: frozenset[str]
    everything: frozenset[str]
    """Every term of the source, title included."""
    size: int
    # What is read closely on first use, by sentence position in this source, kept with the source
    # (it depends on its title and text only), so later jobs that bring the same source find it read.
    sets: dict[int, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    """Sentence k's terms, and its terms with its surroundings (what candidates are ranked by)."""
    before: dict[int, frozenset[str]] = field(default_factory=dict)
    """The terms of the sentence before sentence k that it lacks (only sentences assessed need them)."""
    names: dict[int, frozenset[str]] = field(default_factory=dict)
    """Sentence k's names (:func:`_names`); under -1, the name the source opens with
    (:func:`_named_first`)."""
    figures: dict[int, tuple[Quantity, ...]] = field(default_factory=dict)
    clauses: dict[int, Clauses] = field(default_factory=dict)
    clause_texts: dict[int, tuple[str, ...]] = field(default_factory=dict)
    frames: dict[int, tuple[tuple[Frame, ...], frozenset[str]]] = field(default_factory=dict)
    modes: dict[int, Modes] = field(default_factory=dict)
    limits: dict[int, Limits] = field(default_factory=dict)
    verbatim: dict[str, int] = field(default_factory=dict)
    """Each sentence as compared word for word (:func:`verbatim`) -> its first position."""


def _read(title: str, text: str) -> _Read:
    heading = frozenset(terms(title))
    kept = [s for s in sentence_spans(text) if not s[3]] if text.strip() else []
    columns = list(zip(*kept, strict=True)) if kept else [(), (), ()]
    starts, ends, plains = columns[0], columns[1], columns[2]
    # A plain sentence is its words joined by single spaces: one split for the whole source, with a
    # BOUNDARY piece between sentences that reads as a term of its own, marking where each one ends.
    joined = f" {BOUNDARY} ".join(plains)
    pieces = joined.split(" ") if plains else []
    words = tuple(
        chain.from_iterable(priced(joined, pieces, in_context(joined, pieces, piece_terms(pieces))))
    )
    vocabulary = tuple(dict.fromkeys(words))
    position = dict(zip(vocabulary, range(len(vocabulary)), strict=True))
    ids = np.fromiter(map(position.__getitem__, words), dtype=np.int64, count=len(words))
    cut = ids == position[BOUNDARY] if len(plains) > 1 else np.zeros(len(words), dtype=bool)
    last = np.append(np.flatnonzero(cut), len(words)) if plains else np.zeros(0, dtype=np.int64)
    first = np.concatenate([np.zeros(1, dtype=np.int64), last[:-1] + 1]) if plains else last
    return _Read(
        text=text,
        starts=starts,
        ends=ends,
        plains=plains,
        words=words,
        term_starts=tuple(first.tolist()),
        term_ends=tuple(last.tolist()),
        counts=last - first,
        vocabulary=vocabulary,
        local=ids[~cut],
        title=heading,
        everything=heading.union(vocabulary).difference((BOUNDARY,)),
        size=len(text) + len(title),
    )


class _Sentences(Sequence[SourceSentence]):
    """The index's sentences, each made on first use.

    It holds the sources' reads, not the index: no reference cycle, so a dropped index is freed at
    once rather than left to the cyclic garbage collector.
    """

    def __init__(self, source_ids: tuple[str, ...], reads: tuple[_Read, ...]) -> None:
        self._ids = source_ids
        self._reads = reads
        self._first: tuple[int, ...] = tuple(np.cumsum([0, *(len(r.plains) for r in reads)]).tolist())
        self._owner: list[int] = [p for p, r in enumerate(reads) for _ in r.plains]
        self._made: list[SourceSentence | None] = [None] * self._first[-1]

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, i: int) -> SourceSentence: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[SourceSentence]: ...

    def __getitem__(self, i: int | slice) -> SourceSentence | Sequence[SourceSentence]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        made = self._made[i]
        if made is None:
            made = self._made[i] = self._make(i + len(self._made) if i < 0 else i)
        return made

    def _make(self, number: int) -> SourceSentence:
        """Sentence ``number`` with its terms and surroundings (see :class:`SourceSentence`)."""
        p = self._owner[number]
        r = self._reads[p]
        k = number - self._first[p]
        own, seen = _sets(r, k)
        before = r.before.get(k)
        if before is None:
            if k == 0:
                before = frozenset()
            else:
                before = frozenset(r.words[r.term_starts[k - 1] : r.term_ends[k - 1]]) - own
            r.before[k] = before
        start, end = r.starts[k], r.ends[k]
        return SourceSentence(
            number, self._ids[p], start, end, r.text[start:end], r.plains[k], own, seen - own, before, seen
        )

    def sets(self, number: int) -> tuple[frozenset[str], frozenset[str]]:
        """Sentence ``number``'s terms and :attr:`SourceSentence.seen`, without making the sentence."""
        p = self._owner[number]
        return _sets(self._reads[p], number - self._first[p])

    def locate(self, number: int) -> tuple[_Read, int]:
        """The read source that holds sentence ``number``, and the sentence's position in it."""
        p = self._owner[number]
        return self._reads[p], number - self._first[p]


def _sets(r: _Read, k: int) -> tuple[frozenset[str], frozenset[str]]:
    """Sentence ``k`` of a source: its terms, and its terms with its surroundings (read once)."""
    sets = r.sets.get(k)
    if sets is None:
        own = frozenset(r.words[r.term_starts[k] : r.term_ends[k]])
        if k == 0:
            sets = r.sets[k] = (own, own | r.title)
        else:
            sets = r.sets[k] = (own, own.union(r.title, _names(r, 0), _named_first(r), _names(r, k - 1)))
    return sets


_APPOSITION: Final = re.compile(
    r"(?!(?:The|A|An|This|That|These|Those|Its|Their|Our|In|On|At|By|For|From|After|Before|Last|Next)\s)"
    r"[A-Z][\w'\u2019-]*(?:,\s+(?:the|a|an)\s|(?:\s+[A-Z][\w'\u2019-]*)+(?:,\s+(?:the|a|an)\s|\s+[a-z]))"
)
"""A source that opens with a name, and what it is or a word in lower case after it: ``Screenfield,
the cinema chain, sold ...``, ``Oakridge Homes completed ...`` (not ``The Kingsford Bridge``, whose
name is a name inside its sentence, nor a first word alone: ``Revenue rose``)."""


_NAME_LEAD: Final = re.compile(r"[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*")
"""The name an :data:`_APPOSITION` opens with."""


def _named_first(r: _Read) -> frozenset[str]:
    """The name a source opens with (:data:`_APPOSITION`: ``Screenfield, the cinema chain, ...``,
    ``Oakridge Homes completed ...``): the subject its later sentences leave implicit (``The chain
    closed four of its smallest cinemas``), as a name inside its first sentence is; a first word
    alone is no name (``Revenue rose``). Read once per source."""
    got = r.names.get(-1)
    if got is None:
        named = bool(r.plains) and _APPOSITION.match(r.plains[0]) is not None
        lead = _NAME_LEAD.match(r.plains[0]) if named else None
        got = r.names[-1] = frozenset(terms(lead.group())) if lead is not None else frozenset()
    return got


_BEFORE_STOP: Final = re.compile(r" (?=[.,;:!?])")


def verbatim(plain: str) -> str:
    """A plain sentence as compared word for word: no space before a stop or a comma (a citation
    taken out of ``rose 5% [s1].`` leaves one)."""
    return _BEFORE_STOP.sub("", plain)


def _verbatims(r: _Read) -> dict[str, int]:
    """:attr:`_Read.verbatim`, read on first use."""
    if not r.verbatim and r.plains:
        found = r.verbatim
        for k, plain in enumerate(r.plains):
            found.setdefault(verbatim(plain), k)
    return r.verbatim


def _names(r: _Read, k: int) -> frozenset[str]:
    """The terms of the names in sentence ``k`` of a source (what a later sentence may leave implicit)."""
    got = r.names.get(k)
    if got is None:
        got = r.names[k] = sentence_names(r.plains[k])
    return got


class SourceIndex:
    """A job's source sentences, numbered, with BM25 postings over their terms."""

    def __init__(self, reads: Sequence[tuple[str, _Read]]) -> None:
        self.source_ids: tuple[str, ...] = tuple(sid for sid, _ in reads)
        self._reads = tuple(r for _, r in reads)
        self._sentences = _Sentences(self.source_ids, self._reads)
        self.sentences: Sequence[SourceSentence] = self._sentences
        first = self._sentences._first
        n = first[-1]
        self.spans: Mapping[str, tuple[int, int]] = {
            sid: (first[p], first[p + 1]) for p, sid in enumerate(self.source_ids)
        }
        """Source id -> (first, end) sentence numbers."""
        self.source_of: IntArray = np.repeat(
            np.arange(len(self._reads), dtype=np.int64), [len(r.plains) for r in self._reads]
        )
        """Sentence number -> position of its source in :attr:`source_ids`."""
        self.source_terms: Mapping[str, frozenset[str]] = {
            sid: r.everything for sid, r in zip(self.source_ids, self._reads, strict=True)
        }
        """Source id -> every term of the source, title included."""
        self.titles: frozenset[str] = frozenset().union(*(r.title for r in self._reads))
        """The terms of every source's title."""
        self.embeddings: npt.NDArray[np.float32] | None = None
        """Unit-length sentence embeddings, filled by the embeddings backend on first use."""
        self.vocab: dict[str, int] = {}
        remapped = []
        for r in self._reads:
            ids = [self.vocab.setdefault(t, len(self.vocab)) if t != BOUNDARY else -1 for t in r.vocabulary]
            remapped.append(np.array(ids, dtype=np.int64)[r.local] if ids else r.local)
        self._postings(n, remapped)
        self._idfs: list[float] | None = None

    def _postings(self, n: int, remapped: list[IntArray]) -> None:
        v = len(self.vocab)
        tids = np.concatenate(remapped) if remapped else np.zeros(0, dtype=np.int64)
        if not len(tids):
            self.idf: FloatArray = np.zeros(v, dtype=np.float64)
            self._ptr: IntArray = np.zeros(v + 1, dtype=np.int64)
            self._docs: IntArray = np.zeros(0, dtype=np.int64)
            self._weights: FloatArray = np.zeros(0, dtype=np.float64)
            return
        length = np.concatenate([r.counts for r in self._reads])
        docs = np.repeat(np.arange(n, dtype=np.int64), length)
        keys, tf = np.unique(tids * n + docs, return_counts=True)
        post_terms, post_docs = keys // n, keys % n
        df = np.bincount(post_terms, minlength=v)
        self.idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
        norm = K1 * (1.0 - B + B * length.astype(np.float64) / max(float(length.mean()), 1e-9))
        self._weights = self.idf[post_terms] * tf * (K1 + 1.0) / (tf + norm[post_docs])
        self._ptr = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(df)])
        self._docs = post_docs

    def __len__(self) -> int:
        return len(self.sentences)

    def plains(self) -> list[str]:
        """Every sentence's plain text, in order (without making the sentences)."""
        return [plain for r in self._reads for plain in r.plains]

    def source_plains(self) -> list[tuple[str, tuple[str, ...]]]:
        """Per source, in order: its text and its sentences' plain texts (what the embeddings
        backend embeds and keys its per-source cache by)."""
        return [(r.text, r.plains) for r in self._reads]

    def stating(self, plain: str, source_ids: Sequence[str] | None) -> int | None:
        """The first sentence of these sources (of all for None) that is ``plain`` word for word
        (:func:`verbatim`): a claim copied from its source is stated by it, and nothing else need
        be read to say so."""
        key = verbatim(plain)
        wanted = None if source_ids is None else frozenset(source_ids)
        first = self._sentences._first
        for p, sid in enumerate(self.source_ids):
            if wanted is None or sid in wanted:
                k = _verbatims(self._reads[p]).get(key)
                if k is not None:
                    return first[p] + k
        return None

    @property
    def max_idf(self) -> float:
        """The weight of a term no source sentence holds."""
        return math.log(1.0 + (len(self.sentences) + 0.5) / 0.5)

    def weight(self, term: str) -> float:
        i = self.vocab.get(term)
        return float(self.idf[i]) if i is not None else self.max_idf

    def weights(self, terms: Iterable[str]) -> dict[str, float]:
        """:meth:`weight` of each term (a claim's, once per claim): plain floats, no numpy scalars."""
        if self._idfs is None:
            self._idfs = self.idf.tolist()
        idfs, vocab, unknown = self._idfs, self.vocab, self.max_idf
        return {t: idfs[i] if (i := vocab.get(t)) is not None else unknown for t in terms}

    def sets(self, number: int) -> tuple[frozenset[str], frozenset[str]]:
        """A sentence's terms and the terms coverage is measured against (:attr:`SourceSentence.terms`,
        :attr:`SourceSentence.seen`), without making the sentence: retrieval's candidates are ranked
        by coverage, and only the best few are assessed."""
        return self._sentences.sets(number)

    def plain(self, number: int) -> str:
        """One sentence's plain text, without making the sentence."""
        r, k = self._sentences.locate(number)
        return r.plains[k]

    def quantities(self, number: int) -> tuple[Quantity, ...]:
        """The figures of one sentence, read once (only candidates of claims with figures are read)."""
        r, k = self._sentences.locate(number)
        got = r.figures.get(k)
        if got is None:
            got = r.figures[k] = _figures(r.plains[k])
        return got

    def writes(self, number: int, digits: Sequence[str]) -> int:
        """How many of a claim's figures (:attr:`Features.digits`) sentence ``number`` writes as the
        claim does: of two candidates that cover the claim as fully, the one writing more is read
        first (retrieval and assessment)."""
        plain = self.plain(number)
        return sum([d in plain for d in digits])

    def writing(self, digits: Sequence[str], source_ids: Sequence[str] | None) -> list[int]:
        """The sentences of these sources (of all for None) that write every one of a claim's figures
        as it does (:attr:`Features.digits`), in order: a source's whole text is searched first, so
        only a source that writes them all has its sentences read."""
        wanted = None if source_ids is None else frozenset(source_ids)
        first = self._sentences._first
        out = []
        for p, sid in enumerate(self.source_ids):
            r = self._reads[p]
            if (wanted is None or sid in wanted) and all(d in r.text for d in digits):
                out += [first[p] + k for k, plain in enumerate(r.plains) if all(d in plain for d in digits)]
        return out

    def names(self, number: int) -> frozenset[str]:
        """The terms of the names in one sentence (:func:`checks.grounding.lexicon.sentence_names`),
        read once."""
        r, k = self._sentences.locate(number)
        return _names(r, k)

    def title(self, number: int) -> frozenset[str]:
        """The terms of the title of sentence ``number``'s source."""
        return self._sentences.locate(number)[0].title

    def named_around(self, number: int) -> frozenset[str]:
        """The names a sentence's source gives it: its title's terms, the names in the sentence
        and in the one before (a subject's name, told from a capitalised first word)."""
        r, k = self._sentences.locate(number)
        return r.title | _names(r, k) | (_names(r, k - 1) if k else frozenset())

    def clauses(self, number: int) -> Clauses:
        """The clauses of one sentence with their terms and polarity, read once."""
        r, k = self._sentences.locate(number)
        got = r.clauses.get(k)
        if got is None:
            got, r.clause_texts[k] = _clauses(
                _clause_texts(r.plains[k]), r.plains[k], self.sentences[number].terms
            )
            r.clauses[k] = got
        return got

    def clause_texts(self, number: int) -> tuple[str, ...]:
        """The text of each of one sentence's :meth:`clauses`, in their order."""
        self.clauses(number)
        r, k = self._sentences.locate(number)
        return r.clause_texts[k]

    def frames(self, number: int) -> tuple[tuple[Frame, ...], frozenset[str]]:
        """The frames of one sentence (:func:`checks.grounding.roles.frames`) and the terms of its
        names, its first word among them when capitalised (what the sides are matched by), read once."""
        r, k = self._sentences.locate(number)
        got = r.frames.get(k)
        if got is None:
            plain = r.plains[k]
            found = frames(plain)
            named = _names(r, k) | {lead_term(plain)} if found else frozenset()
            got = r.frames[k] = (found, named - {""})
        return got

    def modes(self, number: int) -> Modes:
        """How one sentence states what it says (:class:`Modes`), read once."""
        r, k = self._sentences.locate(number)
        got = r.modes.get(k)
        if got is None:
            plain = r.plains[k]
            told = untold(plain)
            # "whether", "if", "that": nothing of it is told; "how much", "when": all but the detail.
            whole = told[:8].lower().startswith(("whether", "if ", "that "))
            got = r.modes[k] = Modes(
                prospective(plain),
                hedged(plain),
                tuple(excepted(plain)),
                frozenset(terms(told)) if whole else frozenset(),
                bool(told) and not whole,
            )
        return got

    def limits(self, number: int) -> Limits:
        """For whom and when one sentence says what it says (:class:`Limits`), read once."""
        r, k = self._sentences.locate(number)
        got = r.limits.get(k)
        if got is None:
            plain = r.plains[k]
            got = r.limits[k] = Limits(universal(plain), restriction(plain))
        return got

    def terms_of(self, source_ids: Sequence[str] | None) -> frozenset[str]:
        """Every term of these sources (of all sources for None)."""
        ids = self.source_ids if source_ids is None else source_ids
        return frozenset().union(*(self.source_terms.get(i, frozenset()) for i in ids))

    def mask(self, source_ids: Sequence[str] | None) -> npt.NDArray[np.bool_]:
        """Sentences of these sources (all sentences for None)."""
        out = np.zeros(len(self.sentences), dtype=bool)
        for sid in self.source_ids if source_ids is None else source_ids:
            first, end = self.spans.get(sid, (0, 0))
            out[first:end] = True
        return out

    def scores(self, queries: Sequence[Sequence[str]]) -> npt.NDArray[np.float32]:
        """BM25 score of every sentence for every query: shape (len(queries), len(self))."""
        n = len(self.sentences)
        out = np.zeros((len(queries), n), dtype=np.float32)
        if n == 0:
            return out
        for first in range(0, len(queries), _QUERY_BATCH):
            batch = queries[first : first + _QUERY_BATCH]
            pair_q: list[int] = []
            pair_t: list[int] = []
            for qi, query in enumerate(batch):
                for term in set(query):
                    tid = self.vocab.get(term)
                    if tid is not None:
                        pair_q.append(qi)
                        pair_t.append(tid)
            if not pair_t:
                continue
            tids = np.array(pair_t, dtype=np.int64)
            starts = self._ptr[tids]
            lengths = self._ptr[tids + 1] - starts
            total = int(lengths.sum())
            offsets = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths) + np.arange(total)
            rows = np.repeat(np.array(pair_q, dtype=np.int64), lengths)
            cells = rows * n + self._docs[offsets]
            summed = np.bincount(cells, weights=self._weights[offsets], minlength=len(batch) * n)
            out[first : first + len(batch)] = summed.reshape(len(batch), n)
        return out


def build_index(sources: Sequence[Source]) -> SourceIndex:
    """The index of a job's sources, from the cache when the same sources were indexed lately."""
    key = tuple((s.id, s.title or "", s.text) for s in sources)
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    reads: list[tuple[str, _Read]] = []
    seen: set[str] = set()
    for source in sources:
        if source.id not in seen:  # a duplicate id: the first entry wins, as it does for markers
            seen.add(source.id)
            reads.append((source.id, _read_cached(source.title or "", source.text)))
    index = SourceIndex(reads)
    with _LOCK:
        _CACHE[key] = index
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return index


def _read_cached(title: str, text: str) -> _Read:
    key = (title, text)
    with _LOCK:
        hit = _SOURCES.get(key)
        if hit is not None:
            _SOURCES.move_to_end(key)
            return hit
    got = _read(title, text)
    global _SOURCE_CHARS  # noqa: PLW0603  (the cache's size, kept beside it under the lock)
    with _LOCK:
        if key not in _SOURCES and got.size <= SOURCE_CACHE_CHARS:
            _SOURCES[key] = got
            _SOURCE_CHARS += got.size
            while len(_SOURCES) > SOURCE_CACHE_SIZE or _SOURCE_CHARS > SOURCE_CACHE_CHARS:
                _SOURCE_CHARS -= _SOURCES.popitem(last=False)[1].size
    return got


def clear_cache(*, sources: bool = True, memos: bool = False) -> None:
    """Forget every index and every source read: the next build is cold.

    ``sources=False`` keeps the sources read (a new job of a mission whose sources earlier jobs
    brought: its index is built from them). ``memos``: forget the words read so far too
    (:func:`checks.grounding.lexicon.clear_memos`), as in a fresh process; they hold words, not
    texts, and a running worker keeps them warm.
    """
    global _SOURCE_CHARS  # noqa: PLW0603
    with _LOCK:
        _CACHE.clear()
        if sources:
            _SOURCES.clear()
            _SOURCE_CHARS = 0
    if memos:
        clear_memos()
        clear_memo()


_CACHE: Final[OrderedDict[tuple[tuple[str, str, str], ...], SourceIndex]] = OrderedDict()
_SOURCES: Final[OrderedDict[tuple[str, str], _Read]] = OrderedDict()
_SOURCE_CHARS = 0
_LOCK: Final = threading.Lock()
