"""One claim against one source sentence: how much of it the sentence covers, and whether it disagrees.

**Coverage** is the idf-weighted share of the claim's terms that the sentence
holds: a claim's rare words (names, technical terms) weigh more than its
common ones, and a word no source holds at all weighs the most. With the
embeddings backend the cosine similarity of the two sentences stands beside
it, so a paraphrase that shares few words can still count.

A sentence that covers enough of the claim then meets three tests:

* **figures** (:func:`checks.grounding.quantities.compare`): every figure of the
  claim must have a consistent counterpart; one whose counterpart disagrees is
  a numeric conflict;
* **polarity**: the claim's clause and the source clause that covers it best
  must agree on negation (``supports`` / ``does not support``);
* **antonyms**: the claim must not say ``increased`` where that clause says
  ``decreased`` (:data:`checks.grounding.lexicon.ANTONYMS`).

:class:`Finding` names the outcome; thresholds come from :class:`Thresholds`,
one set per strictness.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import chain, pairwise
from typing import Final, NamedTuple

from checks.grounding.identifiers import acted_by_another, clash, unwritten
from checks.grounding.index import Clauses, Features, SourceIndex, SourceSentence, conjunct_clauses
from checks.grounding.lexicon import (
    ANTONYMS,
    AUXILIARIES,
    CALENDAR,
    CHANGES,
    COMPARATIVES,
    COUNTS,
    MONTHS,
    MORE_WORDS,
    NEGATIONS,
    SEASONS,
    STOPWORDS,
    YEAR_BEFORE,
    associated,
    causal,
    clause_at,
    denies_all,
    disputes,
    ended,
    excepted,
    explains,
    for_now,
    formerly,
    lead_term,
    negated,
    negation_scopes,
    now,
    only_the_year_before,
    piece_terms,
    prospective,
    quantified,
    refused_plan,
    refuses,
    removed,
    reported,
    reports,
    reverted,
    sentence_names,
    sequenced,
    some_of,
    sought,
    stem,
    still,
    surface,
    undone,
    universal_words,
    untold,
    within_span,
)
from checks.grounding.lexicon import clauses as cut
from checks.grounding.lexicon import terms as read_terms
from checks.grounding.opposites import (
    both_ways,
    changed_otherwise,
    dated_otherwise,
    held,
    opposed_in_stopwords,
    other_relative_time,
    other_stage,
    prefixed_opposite,
    same_otherwise,
    year_of_another_verb,
)
from checks.grounding.quantities import (
    CLAUSE_END,
    LISTED,
    PERIOD_MARKS,
    Quantity,
    Relation,
    compare,
    in_unit_of,
    timed_otherwise,
    trend_in,
)
from checks.grounding.roles import Frame, Order, other_agent, relate, wrong_winner
from checks.grounding.scope import alongside, none_at_all, universal, whom
from checks.grounding.speakers import Speech, by_pronoun, same_speaker, speaker, speaker_of, speeches
from messages import Strictness

__all__ = [
    "THRESHOLDS",
    "Evidence",
    "Finding",
    "Thresholds",
    "Weights",
    "assess",
    "coverage",
    "figure_names",
    "may_support",
    "opposed_terms",
    "other_subject",
    "strong",
    "tie_terms",
    "way_terms",
]

# Figures a claim may give without its sentence stating them: a bare number is too weak a signal,
# and a year is often the frame of the whole source ("over the year") rather than of one sentence.
WEAK_DIMS: Final = frozenset({"number", "year", "quarter", "half"})


def strong(figures: Iterable[Quantity]) -> list[Quantity]:
    """The figures that are not bare numbers or years (:data:`WEAK_DIMS`), nor shares in words
    (``most``: :attr:`Quantity.vague`)."""
    return [q for q in figures if q.dim not in WEAK_DIMS and not q.vague]


def changed_numbers(figures: Iterable[Quantity]) -> list[Quantity]:
    """The bare numbers of a change (``from 540 to 712``, ``grew by 172``): no weak figures, though
    :func:`strong` leaves them out, since the change is what the claim tells."""
    return [q for q in figures if q.role in ("from", "to", "by") and q.dim == "number"]


def _all_unsaid(missing: Iterable[Quantity], plain: str) -> list[Quantity]:
    """A claim's word for all of something (``Every allotment site``) that a sentence with no such
    word of its own does not state: ``More than 600 people are waiting for an allotment`` is no
    support of ``Every allotment site has a waiting list``."""
    every = [q for q in missing if q.vague and q.low == 1.0]
    return every if every and _ALL_WORDS.search(plain) is None else []


_ALL_WORDS: Final = re.compile(
    r"\b(?:all|every|each|entire|whole|everyone|everything|always)\b", re.IGNORECASE
)


def _unframed_years(
    missing: Iterable[Quantity], sentence: SourceSentence, index: SourceIndex, claim: str
) -> list[Quantity]:
    """The claim's years the sentence does not give that are of something it does not say either:
    ``Corran's new stadium holds 30,000 fans and opened in 2021`` against ``... holds 30,000 fans``
    (``opened`` is not there, so 2021 is no frame the source may leave to its other sentences); or
    whose event it gives a time of its own (``reopened in 2021`` against ``reopened last spring``)."""
    years = [
        q
        for q in missing
        if q.dim == "year" and (not q.context <= sentence.seen or timed_otherwise(q, claim, sentence.plain))
    ]
    if not years:
        return years
    given = {f.low for f in index.quantities(sentence.number) if f.dim == "year"}
    return [q for q in years if q.low not in given]


_TIMES: Final = frozenset({"year", "quarter", "half"})
FIGURE_SUBJECT: Final = 0.66
"""Share of the words around a claim's figure the source must hold for a disagreeing figure to conflict."""
MIN_STATED_FIGURES: Final = 2
"""Figures of a claim (not bare numbers or years) that, all stated by one sentence, count as words it
states: two figures agreeing is rarely a coincidence; one (``2 GB``) often is."""
MIN_CLAUSE_COVERAGE: Final = 0.5
"""Share of a claim clause the source clause itself must hold before their polarities are compared."""
_NO_FIGURES: Final = Relation()


class Finding(StrEnum):
    SUPPORT = "support"
    """Covers the claim, figures agree, same polarity."""
    CONFLICT = "conflict"
    """Same subject, a figure disagrees."""
    POLARITY = "polarity"
    """Same statement, negated or turned into its antonym."""
    FIGURE_MISSING = "figure_missing"
    """Covers the claim's words but not its figure."""
    PARTIAL = "partial"
    """Related: covers part of the claim."""
    NONE = "none"


@dataclass(frozen=True)
class Thresholds:
    support: float
    """Coverage at which a sentence states the claim."""
    partial: float
    """Coverage at which a sentence is about the claim at all."""
    subject: float
    """Coverage at which a disagreeing figure is about the same subject."""
    polarity: float
    """Coverage of the claim's clause at which a negation or antonym mismatch counts."""
    margin: float
    """How much more a contradicting sentence must cover than the best supporting one to win."""
    cosine_support: float
    cosine_partial: float
    cosine_floor: float
    """Least lexical coverage for a high cosine to count as support (names must still match)."""


THRESHOLDS: Final[Mapping[Strictness, Thresholds]] = {
    Strictness.STRICT: Thresholds(0.80, 0.45, 0.50, 0.65, 0.10, 0.85, 0.60, 0.45),
    Strictness.STANDARD: Thresholds(0.70, 0.40, 0.50, 0.70, 0.10, 0.80, 0.55, 0.35),
    Strictness.RELAXED: Thresholds(0.60, 0.35, 0.60, 0.80, 0.05, 0.75, 0.50, 0.30),
}


@dataclass(frozen=True, slots=True)
class Weights:
    """A claim's terms with their idf weights against one index."""

    terms: Mapping[str, float]
    total: float
    parts: dict[frozenset[str], Weights] = field(default_factory=dict, compare=False, repr=False)
    """The weights of parts of the claim (its clauses), made once per claim: see :meth:`part`."""
    figures: dict[int, tuple[frozenset[str], Weights]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Per figure of the claim (by identity): the words around it that occur in no source's sentences,
    and the weights of the claim's words around it (see ``_same_subject``)."""

    @classmethod
    def of(cls, features: Features, index: SourceIndex) -> Weights:
        # In a fixed order: sums of the same floats in another order may differ in the last bit, and
        # a tie between two candidates would be broken by the process's string hashing.
        weights = index.weights(sorted(features.terms))
        return cls(weights, sum(weights.values()))

    def part(self, terms: frozenset[str]) -> Weights:
        """The weights of ``terms`` only (a term the claim lacks weighs nothing), kept for reuse."""
        got = self.parts.get(terms)
        if got is None:
            got = self.parts[terms] = _subset(self, terms)
        return got


class Evidence(NamedTuple):
    """What one source sentence says about one claim (a named tuple: made for every candidate)."""

    sentence: SourceSentence
    coverage: float
    """Share of the claim the sentence covers, its surroundings (title, lead, previous sentence) included."""
    similarity: float | None
    finding: Finding
    relation: Relation | None = None
    detail: str = ""
    """Why, in words: the figures or the words that disagree."""
    suspect: bool = False
    """A disagreement too weakly tied to the claim to call: the judge's to decide."""
    added: frozenset[str] = frozenset()
    """The terms of a word of the claim the sentence does not give: a name it lists beside the
    sentence's (:func:`_added_name`), or a group in the place of the sentence's (:func:`_swapped`).
    Where no source of the claim's has it either, the claim is unsourced."""


def coverage(weights: Weights, terms: frozenset[str]) -> float:
    if weights.total <= 0:
        return 0.0
    return sum([w for t, w in weights.terms.items() if t in terms]) / weights.total


def assess(
    claim: Features,
    weights: Weights,
    sentence: SourceSentence,
    *,
    index: SourceIndex,
    th: Thresholds,
    similarity: float | None = None,
    cov: float | None = None,
    relations: dict[int, Relation] | None = None,
) -> Evidence:
    """How one source sentence bears on one claim (``cov``: its coverage, when the caller has it;
    ``relations``: the claim's figures paired with sentences already, :func:`relate_figures`).

    The sentence's own coverage must reach :attr:`Thresholds.partial` for it
    to state anything; its surroundings (title, first and previous sentence)
    may then lift it to :attr:`Thresholds.support`, since they name what the
    sentence leaves implicit. A claim that gives the other part of a whole the sentence gives a part
    of (``Four of the 11 councillors voted for the plan`` against ``Seven of the 11 voted against
    it``) says the opposite of the other part: no denial, for the judge.
    """
    e = _assess(
        claim, weights, sentence, index=index, th=th, similarity=similarity, cov=cov, relations=relations
    )
    if e.finding is Finding.POLARITY and claim.quantities:
        part = _other_part(claim.quantities, index.quantities(sentence.number))
        if part is not None:
            detail = f"the claim gives {part[0].text}, the source the rest of the whole, {part[1].text}"
            return e._replace(finding=Finding.PARTIAL, detail=detail, suspect=True)
    return e


def _other_part(mine: Sequence[Quantity], theirs: Sequence[Quantity]) -> tuple[Quantity, Quantity] | None:
    """A share of the claim's and one of the sentence's that make one whole between them, or None."""
    for q in mine:
        if not _a_part(q):
            continue
        for r in theirs:
            if _a_part(r) and abs(q.low + r.low - 1.0) <= _WHOLE:
                return q, r
    return None


def _a_part(q: Quantity) -> bool:
    """Is ``q`` a share given as it is (``7 of 9``, ``30%``; not ``most``, not ``over half``)?"""
    return q.dim == "fraction" and q.kind == "exact" and q.low == q.high and not q.vague


def _assess(
    claim: Features,
    weights: Weights,
    sentence: SourceSentence,
    *,
    index: SourceIndex,
    th: Thresholds,
    similarity: float | None,
    cov: float | None,
    relations: dict[int, Relation] | None,
) -> Evidence:
    if cov is None:
        cov = coverage(weights, sentence.seen)
    # A verb that only ties the claim's subject to its figure ("reached $8.4 million", "totalled")
    # is stated by a source that gives the subject that figure in other words ("rose 12% to $8.4
    # million"): it counts as covered once a figure of the claim pairs with one of the sentence.
    tie = tie_terms(claim) - sentence.seen
    way = way_terms(claim) - sentence.seen  # "rose", "fell": read from the figures (_trend) when they can
    bare = cov
    if tie or way:
        cov = coverage(weights, sentence.seen | tie | way)
    related = cov >= th.partial or (similarity is not None and similarity >= th.cosine_partial)
    # "The bus runs daily" against "on weekdays only": the claim's word for always is what the
    # sentence's limit answers, the sentence related through it only if the limit denies (below).
    through_limit = (
        not related
        and claim.universal is not None
        and index.limits(sentence.number).restriction is not None
        and coverage(weights, sentence.seen | tie | way | claim.universal_terms) >= th.partial
    )
    opposed = _NONE if related or through_limit else opposed_terms(claim, sentence.seen)
    # "The builder was acquitted of fraud" against "was found guilty of fraud": related through the
    # word the sentence gives the opposite of (the polarity test below reads whether they oppose).
    through_opposite = bool(opposed) and coverage(weights, sentence.seen | tie | way | opposed) >= th.partial
    if through_opposite:
        cov = coverage(weights, sentence.seen | tie | way | opposed)
    elif not (related or through_limit):
        return Evidence(sentence, bare, similarity, Finding.NONE)
    if claim.quantities:
        relation = relate_figures(claim, sentence.number, index, relations)
        if relation.computed and " than " in claim.plain:
            # "3 more schools than Ashby" computed from "12 schools and Ashby has 9": the figures
            # state its "more" too.
            said = frozenset(chain.from_iterable(read_terms(q.text) for q in relation.computed)) & claim.terms
            tie = tie | said
            cov = coverage(weights, sentence.seen | tie | way)
        if (relation.computed and any(q.role == "by" for q in relation.computed)) or (
            relation.conflicts
            and any(q.role == "by" and r.role == "to" for q, r in relation.conflicts)
            and any(f.role == "from" for f in index.quantities(sentence.number))
        ):
            # "The club has gained 120 members since 2021" computed from "grown from 90 to 210 since
            # 2021" (or conflicting with it, "gained 150"): the figures state its verb of change
            said = claim.terms & _GAINS
            if said - tie:
                tie = tie | said
                cov = coverage(weights, sentence.seen | tie | way)
        if (
            _SINCE in claim.terms
            and _SINCE not in sentence.seen
            and relation.matched
            and any(q.dim == "year" for q, _ in relation.matched)
            and (relation.computed or any(r.role in ("from", "to") for _, r in relation.matched))
        ):
            # "have fallen since 2021, from 1.3 million to 980,000" against "up from 980,000 in 2021":
            # the year the change it gives the ends of is from (not "has roughly halved since 2010",
            # whose "halved" may be another clause's)
            tie = tie | {_SINCE}
            cov = coverage(weights, sentence.seen | tie | way)
        units = _units_stated(relation, claim.terms - sentence.seen)
        if units:
            # "2 TB" against "2,000 GB": the claim's unit, a word of a figure the sentence gives in another
            tie = tie | units
            cov = coverage(weights, sentence.seen | tie | way)
    else:
        relation = _NO_FIGURES
    # A claim with no figure is read against the sentence's figures only when the sentence does not
    # say its direction in words ("Sales rose" against "rose from 4,000 to 5,500": the words decide).
    trend = _trend(claim, index.quantities(sentence.number), relation) if claim.quantities or way else None
    if (tie and not _tied(relation)) or (way and trend is None):
        tie = tie if _tied(relation) else _NONE
        cov = coverage(weights, sentence.seen | tie) if tie else bare
        if not (cov >= th.partial or (similarity is not None and similarity >= th.cosine_partial)):
            # "Bus fares rose" against "Bus fares were frozen": the direction's opposite relates them.
            opposed = opposed_terms(claim, sentence.seen)
            via = coverage(weights, sentence.seen | tie | opposed) if opposed else cov
            through_opposite = via >= th.partial
            if not through_opposite:
                return Evidence(sentence, cov, similarity, Finding.NONE)
            cov = via
    if trend is not None:
        # "Revenue fell in 2024" against "$4.0 million in 2023 and $5.2 million in 2024": the claim's
        # direction against the one the sentence's figures take.
        term, agrees, detail = trend
        covered = coverage(weights, sentence.seen | tie | {term})
        if relation.conflicts:  # the figures say which way; the amount disagrees (below)
            tie, cov = tie | {term}, covered
        elif not agrees:
            against = _against(
                claim, sentence, covered, detail, similarity=similarity, relation=relation, th=th, denies=True
            )
            if against is not None:
                return against
        elif covered >= th.partial and term not in sentence.seen:
            # It follows from the figures; the source does not say it in words: inferred.
            return Evidence(sentence, covered, similarity, Finding.PARTIAL, relation, detail)
    # "The clinic saw fewer patients in March than in February" against "1,200 patients in March, up
    # from 950 in February": the claim's comparison against the sentence's figures.
    compared = (
        _compared(claim, sentence, index)
        if " than " in claim.plain
        and all(q.dim == "year" or q.start > claim.plain.index(" than ") for q in claim.quantities)
        else None
    )
    if compared is not None:
        agrees, detail, word = compared
        covered = coverage(weights, sentence.seen | tie | word)
        if not agrees:
            against = _against(
                claim, sentence, covered, detail, similarity=similarity, relation=relation, th=th, denies=True
            )
            if against is not None:
                return against
        elif covered >= th.partial:
            return Evidence(sentence, covered, similarity, Finding.PARTIAL, relation, detail)
    semantic = similarity is not None and similarity >= th.cosine_support and cov >= th.cosine_floor
    thin = len(claim.terms) < 2
    if (
        relation.conflicts
        and any(negated for _, negated in claim.clauses)
        and not any(negated for _, negated in index.clauses(sentence.number))
    ):
        # What the claim denies, where the sentence affirms: "About 42% of the fleet is not wheelchair
        # accessible" against "58% of the fleet is" gives the rest of the whole the sentence gives a
        # share of, which the figures compute.
        complemented = tuple(
            (q, r) for q, r in relation.conflicts if _denied_figure(q, claim.plain) and _complements(q, r)
        )
        if complemented:
            relation = relation._replace(
                matched=relation.matched + complemented,
                conflicts=tuple(pair for pair in relation.conflicts if pair not in complemented),
                computed=relation.computed + tuple(q for q, _ in complemented),
            )
        if (
            relation.conflicts
            and all(_denied_figure(q, claim.plain) for q, _ in relation.conflicts)
            and sum(r.dim != "year" for r in index.quantities(sentence.number)) < 2
        ):
            # "About 3,300 calls were not answered" against "answered 15,100 of those calls": a figure
            # the claim denies of something counts another set than one the sentence affirms of it
            # (and "did not spend £3 million" is no denial of "spent £4 million"); not in a sentence
            # with a whole and a part, whose rest it computes ("650 people who were not graduates"
            # against "850 people, 300 of them graduates").
            relation = relation._replace(
                conflicts=(), missing=relation.missing + tuple(q for q, _ in relation.conflicts)
            )
    if relation.conflicts and _other_sides(claim, sentence):
        relation = _complements_aside(relation)
    if (
        relation.conflicts
        and not _crossed(relation.conflicts)
        and (not _same_subject(relation, weights, sentence, index) or other_subject(claim, sentence, index))
    ):
        relation = relation._replace(
            conflicts=(), missing=relation.missing + tuple(q for q, _ in relation.conflicts)
        )
    spans = index.modes(sentence.number).exceptions if relation.conflicts or relation.matched else ()
    if spans and relation.conflicts:
        # "sold out in 2019" against "in every year except 2020": the exception is the odd one out.
        kept = tuple((q, r) for q, r in relation.conflicts if not _within_any(r, spans))
        if len(kept) < len(relation.conflicts):
            dropped = tuple(q for q, r in relation.conflicts if _within_any(r, spans))
            relation = relation._replace(conflicts=kept, missing=relation.missing + dropped)
    if (
        relation.conflicts
        and all(q.dim == "year" for q, _ in relation.conflicts)
        and _other_times(claim, sentence, index)
        and _polarity(claim, index, weights, sentence)[0] is not None
    ):
        # "The market was allowed in 2005" against "was banned in 1990": the years of opposite
        # statements, two events; their difference is no conflict (the polarity test below says so).
        relation = relation._replace(
            conflicts=(), missing=relation.missing + tuple(q for q, _ in relation.conflicts)
        )
    if relation.conflicts:
        q, r = relation.conflicts[0]
        detail = _ends_crossed(relation.conflicts) or (
            f"the claim gives {q.text} as the change, the source {r.text} as the value it changed to"
            if q.role == "by" and r.role == "to" and not _distinct(q, r)
            else f"the claim gives {q.text} where the source gives {r.text}"
        )
        # "4.2 GB" against "4.2 TB": the claim's unit is a word of its figure, which the conflict answers.
        lacking = claim.terms - sentence.seen
        units = (
            lacking.intersection(chain.from_iterable(read_terms(c.text) for c, _ in relation.conflicts))
            if lacking
            else _NONE
        )
        if units:
            cov = coverage(weights, sentence.seen | tie | units)
        wide = (
            coverage(weights, sentence.seen | sentence.before | tie | units)
            if sentence.before or units
            else cov
        )
        same_subject = wide >= th.subject or (similarity is not None and similarity >= th.cosine_support)
        # A claim of one word ("Revenue was $4 million") conflicts only when the source gives its
        # figure the claim's time ("... in 2023", "in Q2"): then it is specific enough.
        dated = (q.year != 0.0 and q.year == r.year) or any(a.dim in _TIMES for a, _ in relation.matched)
        if same_subject and (dated or not thin) and _names_held(claim, sentence, units):
            return Evidence(sentence, cov, similarity, Finding.CONFLICT, relation, detail)
        return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail, suspect=True)
    # A claim the sentence quotes word for word has its sides where the sentence has them.
    order = (
        _order(claim, sentence.number, index) if claim.frames and claim.plain not in sentence.plain else None
    )
    said = _NONE
    if order is not None:
        # "Corran beat Ashby" against "Ashby beat Corran": every word the same, the sides swapped.
        (agrees, swapped), mine, theirs = order
        said = mine.said  # the claim's own pivot ("shorter", "took over from"), said either way round
        if not agrees:
            covered = coverage(weights, sentence.seen | said | tie)
            detail = (
                f"the claim has the two sides of '{mine.text}' the other way round from the source's"
                f" '{theirs.text}'"
                if swapped
                else f"the claim says '{mine.text}' where the source says '{theirs.text}'"
            )
            against = _against(
                claim,
                sentence,
                covered,
                detail,
                similarity=similarity,
                relation=relation,
                th=th,
                denies=not thin,
            )
            if against is not None:
                return against
    limit = (
        _limited(claim, weights, sentence, index, th) if claim.universal or " any " in claim.plain else None
    )
    if limit is not None:
        # "The ferry runs every day" against "every day except Sunday"; "open to the public" against
        # "open to members only": the source holds it for some, the claim for all.
        detail, explicit, answered = limit
        covered = coverage(weights, sentence.seen | tie | answered)
        against = _against(
            claim,
            sentence,
            covered,
            detail,
            similarity=similarity,
            relation=relation,
            th=th,
            denies=explicit and not thin,
        )
        if against is not None and not (
            against.finding is Finding.PARTIAL and opposed_terms(claim, sentence.terms)
        ):
            # (short of stating it, a sentence that gives the opposite of a claim word is read on:
            # "kept all 14 of their seats" against "lost all but five of their 14 seats")
            return against
    if through_limit:
        return Evidence(sentence, bare, similarity, Finding.NONE)
    if spans and relation.matched and claim.names <= sentence.seen:
        exempted = excepted(claim.plain)  # "..., except in 2020" in the claim too: the same exception
        if " after the first" in claim.plain:
            # "can use the bridge after the first two weeks": "for all but the first two weeks"
            exempted = exempted + [m.span() for m in _AFTER_THE_FIRST.finditer(claim.plain)]
        out = next(
            (
                r
                for q, r in relation.matched
                if _within_any(r, spans) and not _within_any(q, exempted) and r.role != "derived"
            ),
            None,
        )
        if (
            out is not None
            and cov >= th.polarity
            and not _tells_the_exception(claim, sentence.plain, out, spans, index.quantities(sentence.number))
        ):
            # "The festival sold out in 2020" against "sold out in every year except 2020".
            detail = f"the source makes an exception of {out.text}"
            return Evidence(sentence, cov, similarity, Finding.POLARITY, relation, detail)
    exempts, denied, excepting = _NONE, False, None
    if cov >= th.partial and index.modes(sentence.number).exceptions:
        exempts = claim.terms & _EXEMPTS
        denied = any(negated for _, negated in claim.clauses)
        excepting = _named_exception(claim, sentence, index, naming=bool(exempts) or denied)
    if excepting is not None and exempts and claim.quantities:
        # "Children under 5 are exempt": its figures are the exception's ("over 65" against "except
        # those under 65" names another)
        start, end = excepting
        excepting = excepting if any(start <= r.start < end for _, r in relation.matched) else None
    if excepting is None:
        exempts = _NONE
    elif (
        not exempts
        and not denied
        and not excepted(claim.plain)
        and " after the first" not in claim.plain
        and not opposed_terms(claim, sentence.terms)
        # "Ashcombe has the highest rate" against "the highest of any town, apart from Ashcombe": the
        # figures read the exception (first place); "Ashcombe's rate is three points higher than
        # Kettlebridge's" against "The rate of 20% ..., apart from Ashcombe, where it reached 23%": the
        # figures compute the claim's
        and not any(r.role == "derived" for _, r in relation.matched)
        and not relation.computed
    ):
        # "The Belfast hub will be affected" against "All of the firm's offices will be affected
        # except its Belfast hub": the claim says of the exception what the sentence says of the rest.
        start, end = excepting
        detail = f"the source makes an exception of '{sentence.plain[start:end].rstrip(' .;,')}'"
        # (the sentence's own words cover the claim, not its surroundings: "Streets with crossings would
        # keep their lights on all night" says more than "would be included")
        own = coverage(weights, sentence.terms | tie)
        against = _against(
            claim, sentence, own, detail, similarity=similarity, relation=relation, th=th, denies=not thin
        )
        if against is not None and against.finding is Finding.POLARITY:
            return against
    # "The Belfast hub is exempt from the cuts": the exception's word is what the sentence's exception says.
    said = said | exempts
    for detail, covered, denies in _said_otherwise(claim, weights, sentence, index, cov=cov, thin=thin):
        against = _against(
            claim, sentence, covered, detail, similarity=similarity, relation=relation, th=th, denies=denies
        )
        if against is not None:
            return against
    mismatch, turned = _polarity(
        claim,
        index,
        weights,
        sentence,
        said,
        # (not a year, a time, a rank nor a compound: "four-hour" binds no clause, as its digits would
        # not; "highest" is a word the clauses are compared on)
        paired=tuple(
            r.text
            for _, r in relation.matched
            if r.dim not in ("year", "time") and r.dim[:4] != "rank" and "-" not in r.text
        ),
    )
    if (
        mismatch is not None
        and relation.computed
        and (any(negated for _, negated in claim.clauses) or turned_words(mismatch[0]))
    ):
        # "550 people who were not graduates" against "850 people, 300 of them graduates": the claim
        # denies of the other part, whose figure the sentence's compute; no denial of the sentence.
        # So does one that says the opposite word of it ("Homestyle will keep 168 stores open"
        # against "will close 42 of its 210 stores").
        mismatch = None
    if (
        mismatch is not None
        and mismatch[0] in (_SOURCE_DENIES, _SOURCE_AFFIRMS)
        and (
            exempts
            # "Tomasz Wrona was the only player not developed through the junior set-up" against
            # "Every player came through the junior programme apart from Tomasz Wrona"
            or (denied and excepting is not None)
            or (
                (exceptions := index.modes(sentence.number).exceptions)
                and _tells_an_exception(claim, sentence.plain, exceptions)
            )
        )
    ):
        # The claim tells what the sentence says of an exception: its clauses' polarity is the
        # exception's, not the rest's.
        mismatch = None
    if (
        mismatch is not None
        and mismatch[0] == _SOURCE_DENIES
        and any(r.role == "derived" and _EXCEPTED_REST.match(r.text) for _, r in relation.matched)
    ):
        # "Ashcombe runs 186 of its pubs through tenants" against "210 pubs, all of which it runs through
        # tenants except 24": the claim's figure is the rest, of which the sentence says what the claim
        # does; the exception's denial is of the 24.
        mismatch = None
    if (
        mismatch is not None
        and mismatch[0] == _SOURCE_AFFIRMS
        and any(q.dim != "year" and _denied_figure(q, claim.plain) for q in relation.missing)
    ):
        # "did not spend £3 million on roads" against "spent £4 million on roads": what the claim denies
        # is of a figure the sentence does not give; it affirms another.
        mismatch = None
    if mismatch is not None and _other_times(claim, sentence, index):
        # "The plant closed in 2019" against "opened in 2001": one event does not deny another of
        # another year, and the source says nothing of the claim's.
        return Evidence(sentence, bare, similarity, Finding.NONE)
    if mismatch is not None:
        kind, clause_cov = mismatch
        # A plan is no denial of a fact ("the board plans to cut fees" against "fees rose 4%"): a
        # claim of a plan disagrees in polarity only with a sentence that states a plan too; else
        # the judge's to weigh. (A source sentence's plan may sit in a clause of its own: "carries
        # no propulsion; it will re-enter naturally" still denies "carries propulsion".)
        planned = (
            claim.prospective
            and not index.modes(sentence.number).prospective
            and not refused_plan(claim.plain)
        )
        if clause_cov >= th.polarity and not thin and not planned and _names_held(claim, sentence):
            return Evidence(sentence, cov, similarity, Finding.POLARITY, relation, kind)
        if clause_cov >= th.partial:
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, kind, suspect=True)
    if through_opposite and not turned and not relation.computed:
        # related only through a word it opposes (not when its figures compute the claim's: "2.5
        # percentage points above the offer" against "offered a 3.5% rise, below inflation ..., and
        # want 6%")
        return Evidence(sentence, bare, similarity, Finding.NONE)
    turned |= said
    own = coverage(weights, sentence.terms | tie) if tie else coverage(weights, sentence.terms)
    if turned:  # "not open" where the source says "closed": the claim's word is stated, turned
        own = coverage(weights, sentence.terms | turned | tie)
        cov = coverage(weights, sentence.seen | turned | tie)
    figures = _figures_stated(claim, relation, sentence.seen)
    if figures:
        own, cov = _lift(own, weights, figures), _lift(cov, weights, figures)
    read = sentence.plain
    if not _states(own, cov, th) and _REFERRING.match(sentence.plain) is not None:
        # "The Harwick plant opened in 2001. It employs 450 people." states "The Harwick plant
        # employs 450 people": "It" is what the sentence before is about.
        referent, relation = _referent(claim, relation, sentence, index)
        if referent:
            own = coverage(weights, sentence.terms | referent | turned | tie)
            cov = coverage(weights, sentence.seen | referent | turned | tie)
            read = f"{index.plain(sentence.number - 1)} {read}"  # what the pronoun stands for is read too
    several = _SEVERAL.search(sentence.plain) is not None
    lacks = several or not claim.terms <= sentence.terms
    # A sentence that says "only" may deny the claim's word in its place, covered or not; any other is
    # read for another word in a place only when it would state the claim (below).
    says_only = lacks and " only " in sentence.plain
    other = _swapped(claim, sentence, index, several=several) if says_only else None
    if other is not None and other[3]:
        # "pupils may use phones during lessons" against "only during lunch breaks"
        claimed, stated, answered, _ = other
        detail = f"the source says it holds only for '{stated}', the claim for '{claimed}'"
        covered = coverage(weights, sentence.seen | tie | answered)  # the claim's word is answered
        against = _against(
            claim, sentence, covered, detail, similarity=similarity, relation=relation, th=th, denies=True
        )
        if against is not None:
            return against
    if _states(own, cov, th) or semantic or (thin and relation.matched and own > 0):
        modes = index.modes(sentence.number)
        if (modes.untold or modes.withheld) and not untold(claim.plain):
            # What a source says was not told it neither states nor denies: "The museum will close"
            # against "did not say that the museum would close"; "Harwick Foods paid £4 million for
            # the site" against "did not disclose how much it paid for the site" (that it paid, yes).
            rest = sentence.terms - modes.untold
            if (modes.withheld and relation.missing) or not _states(
                coverage(weights, rest | turned | tie), coverage(weights, rest | sentence.context), th
            ):
                return Evidence(sentence, bare, similarity, Finding.NONE)
        # (Not when the claim's figures follow from the sentence's: "PostgreSQL 15 handled about 34,700"
        # against "PostgreSQL 16 handled 41,000, 18% more than PostgreSQL 15" is PostgreSQL 15's.)
        named = bool(claim.identifiers) and not relation.computed
        clashed = clash(claim.identifiers, read) if named else None
        acted = None
        if clashed is None and named:
            # "Version 2.3 fixed the memory leak" against "Version 2.4 fixed the memory leak reported
            # in version 2.3": every word stated, the version that did it another.
            acted = acted_by_another(claim.identifiers, claim.plain, read)
        if clashed is not None or acted is not None:
            # "written in Python 3.11" against "written in Python 3.8": every word stated, and the
            # version (a standard, a model, a code, a time of day) another.
            if clashed is not None:
                detail = f"the claim gives {clashed[0].text} where the source gives {clashed[1].text}"
            elif acted is not None:
                detail = f"the claim says '{acted[0]}' where the source says '{acted[1]}'"
            if not thin and _names_held(claim, sentence) and not other_subject(claim, sentence, index):
                return Evidence(sentence, cov, similarity, Finding.CONFLICT, relation, detail)
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail, suspect=True)
        untimed = unwritten(claim.identifiers, read) if named else None
        if untimed is not None:
            # "All stalls will close at 8pm every day" against "The market will run until 31 December,
            # closing on Christmas Day and Boxing Day": every word there, the time of day not.
            detail = f"the source does not state {untimed.text}"
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail)
        # "Brent fell 2% to $84" against "Brent rose 2% to $84 after producers announced output cuts":
        # every word stated ("cuts" says down), the figures the same, and the way the figures went
        # the other; "Brent rose after producers announced output increases" against the same: the
        # thing the claim has go up goes down.
        moved = (
            _moved_otherwise(relation, claim, sentence)
            or _done_otherwise(relation, claim, sentence)
            or changed_otherwise(claim.plain, claim.terms, sentence.plain, sentence.terms)
            or _compared_of_the_other(claim, sentence, index)
            or _clauses_swapped(claim, sentence, index)
        )
        # "£2.40, up from £3.20" against "£3.20, up from £2.40": the figures stated, their ends swapped.
        ends = (
            ""
            if moved
            else _ends_swapped(relation)
            or _figures_swapped(relation, claim.plain)
            or _names_of_figures_swapped(relation, claim, sentence.plain)
            or _labels_swapped(relation, claim.plain, sentence.plain)
            or _earlier_value(claim, relation, index.quantities(sentence.number), sentence.plain)
        )
        if moved or ends:
            if not thin and _names_held(claim, sentence) and not other_subject(claim, sentence, index):
                finding = Finding.POLARITY if moved else Finding.CONFLICT
                return Evidence(sentence, cov, similarity, finding, relation, moved or ends)
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, moved or ends, suspect=True)
        missing = (
            (
                strong(relation.missing)
                or _unframed_years(relation.missing, sentence, index, claim.plain)
                or _all_unsaid(relation.missing, sentence.plain)
                # "grew from 215 to 260", "grew by 172": bare numbers, but the claim's change
                or changed_numbers(relation.missing)
            )
            if relation.missing
            else relation.missing
        )
        if missing:
            detail = f"the source does not state {missing[0].text}"
            return Evidence(sentence, cov, similarity, Finding.FIGURE_MISSING, relation, detail)
        added = _added_name(claim, sentence) if " and " in claim.plain or " or " in claim.plain else None
        if added is not None:
            name, absent = added
            detail = f"the claim lists {name} beside what the source names; the source does not name it"
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail, added=absent)
        if (lacks or _led_otherwise(claim, sentence)) and not says_only:
            # Every word there, but another name in the subject's place: "Cobalt was designed by ...,
            # who previously built Orchid" against "Orchid was designed by ..., who previously built
            # Cobalt"; unless the claim's figures are its subject's in the sentence (_bound).
            subject = not _bound(claim, relation, sentence)
            other = _swapped(claim, sentence, index, several=several, subject=subject)
        if other is None and lacks and not says_only:
            other = _modifier_swapped(claim, sentence)
        if other is not None:
            claimed, stated, absent, _ = other
            detail = f"the claim says '{claimed}' where the source says '{stated}'"
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail, added=absent)
        short = _short_of_stating(claim, relation, weights, sentence, index)
        if short is not None:
            detail, suspect = short
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail, suspect)
        if (
            way
            and trend is None
            and way.isdisjoint(turned)
            and not _way_stated(way, relation, sentence.plain)
        ):
            if way == {_INCREASE} and removed(sentence.plain):
                # "Late fines for children's books will rise" against "... will be scrapped": what is
                # done away with does not go up.
                detail = "the source says it is done away with, the claim that it goes up"
                against = _against(
                    claim, sentence, cov, detail, similarity=similarity, relation=relation, th=th, denies=True
                )
                if against is not None:
                    return against
            # "Prices will rise in January" against "Prices will not change until April": which way
            # the claim's thing went is what it says, and the sentence says it in no word or figure.
            detail = f"the source does not say that it went the way the claim says ('{surface(min(way))}')"
            return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation, detail)
        return Evidence(sentence, cov, similarity, Finding.SUPPORT, relation)
    return Evidence(sentence, cov, similarity, Finding.PARTIAL, relation)


def _short_of_stating(
    claim: Features, relation: Relation, weights: Weights, sentence: SourceSentence, index: SourceIndex
) -> tuple[str, bool] | None:
    """Why a sentence that holds the claim's words and figures still does not state it, if it does
    not: (the explanation, whether it is the judge's to weigh), or None. In order: a claim figure
    that only follows from the source's (``fell by 15 minutes`` from ``fell from 40 to 25``); one
    within a bound (``40% faster`` against ``up to 40% faster``); a plan or possibility stated as
    done (in the clause that holds the claim: :func:`_planned`); what the source only alleges or
    makes conditional (``allegedly``, ``if funding is approved``); someone's view stated as fact
    (:func:`_reported_only`); an association or an order in time stated as a cause; what a clause of
    the source says of someone else (:func:`_said_of_another`)."""
    if relation.computed:
        q = relation.computed[0]
        return f"the claim's {q.text} follows from the source's figures; the source does not state it", False
    bounded = _bounded(relation)
    if bounded is not None:
        q, r = bounded
        what = "a range" if r.kind == "range" else "a bound"
        return f"the source gives only {what} ({r.text}) where the claim gives {q.text}", False
    said = _not_all_only(claim, sentence)
    if said:
        return f"the source says only '{said}', the claim says it holds", True
    some = _some_of_them(claim, sentence) if claim.universal is not None else ""
    if some:
        return some, True
    modes = index.modes(sentence.number)
    if (
        not claim.prospective
        and modes.prospective
        # "ruled out selling the ground" against "would not sell the ground": one decision
        and not (refuses(claim.plain) and negated(sentence.plain))
        and _planned(weights, sentence.plain, claim)
    ):
        return "the source states it as planned or possible, the claim as done", True
    asked = _sought_only(claim, weights, sentence.plain)
    if asked:
        return f"the source says it was asked for ('{asked}'), the claim that it was had", True
    if not claim.hedge and modes.hedge:
        return (
            f"the source reports it as alleged or on a condition ('{modes.hedge}'), the claim as fact",
            True,
        )
    view = _reported_only(claim, weights, sentence)
    if view:
        return f"the source gives it as a view ('{view}'), the claim as fact", True
    whole = _whole_only(claim.plain, sentence.plain)
    if whole:
        return f"the claim says '{whole}', the source does not say it of the whole", True
    some = _some_only(claim, sentence)
    if some:
        return f"the source says it of some ('{some}'), the claim in general", True
    link = _associated_only(claim, sentence)
    if link:
        return f"the source reports an association ('{link}'), the claim says more", True
    followed = _followed_only(claim, sentence)
    if followed:
        return f"the source says only that one thing followed another ('{followed}'), the claim a cause", True
    cause = _cause_unsaid(claim, sentence)
    if cause:
        return f"the claim says '{cause}'; the source gives no cause", True
    other = _said_of_another(
        claim,
        weights,
        index.clauses(sentence.number),
        index.names(sentence.number),
        index.clause_texts(sentence.number),
        around=index.named_around(sentence.number),
    )
    if other:
        return (
            f"the source says it of another ({other}); it names the claim's subject in another clause",
            True,
        )
    owner = _owner_unnamed(claim, sentence)
    if owner:
        return f"the claim says '{owner[0]}' where the source says '{owner[1]}' and does not name it", True
    named = _named_otherwise(claim, sentence)
    if named:
        return f"the claim says '{named[0]}' where the source says '{named[1]}'", False
    return None


def _named_otherwise(claim: Features, sentence: SourceSentence) -> tuple[str, str] | None:
    """A capitalised word of the claim (past its first) before a word, which the sentence does not
    hold, where the sentence has another capitalised word before that same word: (the claim's two
    words, the sentence's), or None. ``Audit logs are included in the Standard plan`` against ``The
    Enterprise plan adds audit logs``: another plan."""
    words = claim.plain.split()
    theirs: dict[str, str] | None = None
    for k in range(1, len(words) - 1):
        word, after = words[k], _bare(words[k + 1])
        if not word[:1].isupper() or not after.isalpha() or word.isupper() or word.lower() in MONTHS:
            continue
        got = read_terms(word)
        if not got or not sentence.terms.isdisjoint(got):
            continue
        if theirs is None:
            written = sentence.plain.split()
            # (not the sentence's first word, which any word may be: "Its camera", "Turnout was")
            theirs = {
                _bare(b): a.strip(".,;:!?()\"'")
                for a, b in pairwise(written[1:])
                if a[:1].isupper() and not a.isupper() and a.lower() not in MONTHS
            }
        other = theirs.get(after)
        if other and other.lower() != word.lower():
            return f"{word} {after}", f"{other} {after}"
    return None


def _bound(claim: Features, relation: Relation, sentence: SourceSentence) -> bool:
    """Are the claim's figures (no bare number or year) paired with the sentence's figures of the
    claim's own subject, named in the sentence past its opening? ``Kestrel carries 5,500 riders a
    day`` against ``Osprey carries 3,000 riders a day and Kestrel 5,500``: Kestrel's figure, though
    the sentence opens with Osprey (:func:`figure_names` paired them by the name)."""
    if not claim.lead or claim.lead not in sentence.terms:
        return False
    mine = strong(claim.quantities)
    return bool(mine) and len(strong(q for q, _ in relation.matched)) == len(mine) and not relation.conflicts


def _owner_unnamed(claim: Features, sentence: SourceSentence) -> tuple[str, str] | None:
    """A capitalised word of the claim right before one the sentence writes after ``the``, where
    neither the sentence, its surroundings nor the sentence before hold it: (the claim's two words,
    the sentence's), or None. ``Harwick council approved a new car park`` against ``The council
    approved a new car park`` in Kelston's minutes: the source's council is the one its
    surroundings name, and the claim's may be another."""
    text = sentence.plain.lower()
    if "the " not in text:
        return None
    lows = text.split()
    after_the = {_bare(lows[k + 1]) for k in range(len(lows) - 1) if lows[k] == "the"}
    words = claim.plain.split()
    for word, following in pairwise(words):
        after = _bare(following)
        if not word[:1].isupper() or not after or after not in after_the:
            continue
        name = word.removesuffix("'s").removesuffix("\u2019s")
        got = read_terms(name)
        if got and sentence.seen.isdisjoint(got) and sentence.before.isdisjoint(got):
            # (the sentence before may name it: "Corran's council met on Monday. The mayor opened ...")
            return f"{name} {after}", f"the {after}"
    return None


_NAME: Final = r"(?:[A-Z]|[a-z]+[A-Z])[\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*"
_NAME_LIST: Final = re.compile(rf"\b{_NAME}(?:\s*,\s*{_NAME})*,?\s+(?:and|or|nor)\s+{_NAME}")
"""Names listed in a claim: ``English, Welsh and Gaelic``, ``Java or Go``, ``Linux, macOS and Windows``."""
_WORD: Final = r"[^\W\d_][\w'\u2019-]*"
_WORD_LIST: Final = re.compile(rf"(?<=[a-z] ){_WORD}(?:,\s+{_WORD})+,?\s+(?:and|or)\s+{_WORD}")
"""Words listed in a claim, three or more after a word of its own: ``degrees in law, nursing and
medicine`` (not ``However, costs and prices``)."""
_LIST_SEPARATOR: Final = re.compile(r"\s*,\s*|\s+(?:and|or|nor)\s+")


def _added_name(claim: Features, sentence: SourceSentence) -> tuple[str, frozenset[str]] | None:
    """A name (or a word of a list of three or more) the claim lists beside ones the sentence gives,
    of which the sentence and its surroundings say nothing, and its terms: ``available in English,
    Welsh and Gaelic`` against ``in English and Welsh``. The list is the claim's, not the source's
    (None when none is added)."""
    seen = sentence.seen | sentence.before
    for m in chain(_NAME_LIST.finditer(claim.plain), _WORD_LIST.finditer(claim.plain)):
        names = _LIST_SEPARATOR.split(m.group())
        items = [frozenset(read_terms(name)) for name in names]
        if any(item and item <= seen for item in items):
            for name, item in zip(names, items, strict=True):
                if item and item.isdisjoint(seen):
                    return name, item
    return None


_SLOT_OPENERS: Final = frozenset((
    "to", "for", "in", "among", "with", "from", "at", "by", "on", "of", "against", "during",
    "after", "before",
))  # fmt: skip
"""The words before a slot whose word names whom, what or when (``free travel to | pensioners``,
``lowered blood pressure in | women``, ``moved to Kafka after | the autumn sale``): another word
there is another group, thing or time."""


_THE: Final = frozenset(("the", "a", "an"))


def _bare(piece: str) -> str:
    return piece.strip(".,;:!?()\"'").lower()


def _modifier_swapped(
    claim: Features, sentence: SourceSentence
) -> tuple[str, str, frozenset[str], bool] | None:
    """A word of the claim between a possessive and a noun that the sentence has between the same
    two, where the sentence has another word, neither word in the other's text: ``in its
    development team`` against ``in its publishing team``, as :func:`_swapped` returns it (its last
    item False), or None."""
    words = [w.lower() for w in _WORDS.findall(claim.plain)]
    theirs = [w.lower() for w in _WORDS.findall(sentence.plain)]
    between: dict[tuple[str, str], list[str]] = {}
    for a, b, c in zip(theirs, theirs[1:], theirs[2:], strict=False):
        if a in _POSSESSIVES:
            between.setdefault((a, c), []).append(b)
    if not between:
        return None
    seen = sentence.seen
    for a, b, c in zip(words, words[1:], words[2:], strict=False):
        others = between.get((a, c))
        if not others or not read_terms(c):
            continue
        mine = frozenset(read_terms(b))
        if not mine or not mine.isdisjoint(seen) or b in _WHEN_WORDS:
            continue
        for other in others:
            got = frozenset(read_terms(other))
            if got and got.isdisjoint(claim.terms) and other not in _WHEN_WORDS:
                return f"{b} {c}", f"{other} {c}", mine, False
    return None


_GENERIC_PLACES: Final = frozenset(("local", "regional", "nearby", "neighbouring", "area", "district"))
"""Words for a place that the sentence's name of it states (``the local traders' association`` against
``the Ashcombe Traders' Association``): never swapped for it."""
_POSSESSIVES: Final = frozenset(("its", "their", "his", "her", "our"))
_WHEN_WORDS: Final = frozenset((
    "previous", "last", "next", "latest", "first", "recent", "earlier", "former", "current", "new", "old",
    "annual", "yearly", "monthly", "weekly", "daily", "original", "initial", "final", "own",
))  # fmt: skip
"""Words before a noun that say which one by when or whose (``its previous inspection``, ``its
last inspection``): other words for the same one, not another."""


def _swapped(
    claim: Features, sentence: SourceSentence, index: SourceIndex, *, several: bool, subject: bool = True
) -> tuple[str, str, frozenset[str], bool] | None:
    """A word of the claim the sentence does not hold where the sentence, between the same words,
    has one the claim does not: (the claim's word, the sentence's, the claim word's terms), or
    None. ``free bus travel to students in the county`` against ``to pensioners in the county``;
    ``blood pressure in men.`` against ``in women.``. Only after a word that opens such a slot
    (:data:`_SLOT_OPENERS`), with the two words before it and the one after it the same (a claim's
    word that ends its clause may stand for the sentence's longer phrase: ``in children.`` against
    ``in adults over 65``): a paraphrase changes more than one word, a group is swapped for another.
    Articles are skipped. And a named subject, first, when the sentence's is a name its source gives it
    (:meth:`SourceIndex.named_around`): ``Ember supports audit logs`` against ``Quarry supports
    audit logs`` in Quarry's source, whose sentence before names Ember. The last of the four:
    whether the sentence says ``only`` before the slot (``may use phones only during lunch breaks``:
    it denies ``during lessons``). ``subject=False``: the places only, not the named subject."""
    # Read without articles: "sold only at the box office" has "box" where "sold at supermarkets"
    # has "supermarkets".
    pieces = [p for p in claim.plain.split() if p.lower() not in _THE]
    # The sentence's own words, not its surroundings': the sentence before may name the claim's
    # word in another place. Of a sentence of ``several`` statements (:data:`_SEVERAL`: "returns
    # results in JSON; XML output was removed"), the words of the statement that holds the place.
    own = sentence.terms
    found = piece_terms(pieces)
    text = sentence.plain.lower()
    wanted = [
        i
        for i, got in enumerate(found)
        if got
        and pieces[i].lower() not in _GENERIC_PLACES
        and (
            (
                i >= 2
                and (several or not own.issuperset(got))
                and (pieces[i - 1].lower() in _SLOT_OPENERS or _named(pieces[i]))
                and _anchored(text, pieces[i - 2], pieces[i - 1], pieces[i])
            )
            or (
                i == 0
                and subject
                and pieces[0][:1].isupper()
                and not (own.issuperset(got) and _opens_with(sentence, pieces[0]))
            )
        )
    ]
    if not wanted:
        return None
    written = sentence.plain.split()
    lows = text.split()  # the same words, lower case (one call, not one a word)
    keep = [k for k, low in enumerate(lows) if low not in _THE]
    theirs = [written[k] for k in keep]
    bare = [lows[k] for k in keep]
    # Places after "the": "the satellite" may be the title's Kestrel-2.
    definite = {n for n, k in enumerate(keep) if k and lows[k - 1] == "the"}
    statement: list[int] = []  # the statement each of theirs is in
    said: list[set[str]] = [set()]
    if several:
        for k, got in enumerate(piece_terms(written)):
            if lows[k] in _NEW_STATEMENT:
                said.append(set())
            said[-1].update(got)
            if lows[k] not in _THE:
                statement.append(len(said) - 1)
            if written[k][-1:] in ";:":
                said.append(set())
    # The sentence's places by the two words before them ("travel to"), "only" stepped over.
    places: dict[tuple[str, str], list[tuple[int, bool]]] = {}
    for j in range(2, len(bare)):
        opener = bare[j - 1]
        if opener in _SLOT_OPENERS:
            only = j >= 3 and bare[j - 2] == "only"
            places.setdefault((_bare(bare[j - 3 if only else j - 2]), opener), []).append((j, only))
        elif _named(theirs[j]):  # a name is a place of its own ("previously built | Halcyon")
            places.setdefault((_bare(bare[j - 2]), _bare(opener)), []).append((j, False))
    for i in wanted:
        got = found[i]
        slot = i > 0
        ends = pieces[i][-1:] in ".,;:!?" or i + 1 == len(pieces)
        after = "" if ends else _bare(pieces[i + 1])
        starts = places.get((_bare(pieces[i - 2]), pieces[i - 1].lower()), []) if slot else [(0, False)]
        for j, only in starts:
            if j >= len(theirs):
                continue
            if several and said[statement[j]].issuperset(got):
                continue
            other = theirs[j]
            if not ends and (other[-1:] in ".,;:!?" or j + 1 == len(theirs) or _bare(theirs[j + 1]) != after):
                # A claim's word that ends its clause may stand for more ("in adults over 65"); a name
                # in the place of a few words of the sentence's is another thing ("moved its
                # deployments to PostgreSQL after" against "to object storage after").
                span = _named(pieces[i]) and next(
                    (n for n in range(j + 2, min(j + 4, len(theirs))) if _bare(theirs[n]) == after), None
                )
                if span and not any(w[-1:] in ".,;:!?" for w in theirs[j:span]):
                    other = " ".join(theirs[j:span])
                else:
                    # A few words that end the claim's clause for a few that end the sentence's, none
                    # the same: "after the cache rewrite." against "after the autumn sale."
                    mine, theirs_end = _to_clause_end(pieces, i), _to_clause_end(theirs, j)
                    if (
                        not mine
                        or not theirs_end
                        or not frozenset(read_terms(" ".join(mine))).isdisjoint(
                            read_terms(" ".join(theirs_end))
                        )
                    ):
                        continue
                    other = " ".join(theirs_end)
            other_terms = read_terms(other)
            if not other_terms or (
                not claim.terms.isdisjoint(other_terms)
                and (slot or bool(claim.frames) or _opens_with(sentence, pieces[0]))
            ):
                # A word of the claim elsewhere is the claim's word moved ("Ashby beat Corran"), but
                # not in the subject's place, followed by the claim's next word: "Juniper was designed
                # by ..., who previously built Granite" is Juniper's, not "Halcyon was designed by
                # ..., who previously built Juniper"; nor is "Cobalt was designed by ..., who
                # previously built Orchid" Orchid's ("Ashby beat Corran" is its frames' to read).
                continue
            if j in definite and other[:1].islower() and sentence.seen.issuperset(got):
                continue  # "Contact with the satellite" in a source its title names "Kestrel-2"
            if not slot and not index.named_around(sentence.number).issuperset(other_terms):
                continue  # a subject that is no name of the source's ("Residents" for "Locals")
            return _bare(pieces[i]), _bare(other), frozenset(got), only
    return None


def _opens_with(sentence: SourceSentence, word: str) -> bool:
    """Is ``word`` the sentence's first, articles aside? (``Lumen was designed by engineers who
    previously built Ember`` holds Ember, not in the place of ``Ember was designed``.)"""
    first = _opening(sentence.plain)
    return bool(first) and _bare(first[0]) == _bare(word)


def _led_otherwise(claim: Features, sentence: SourceSentence) -> bool:
    """Does the claim open with a name (:attr:`Features.lead`) the sentence does not open with?"""
    mine = _opening(claim.plain) if claim.lead else []
    return bool(mine) and not _opens_with(sentence, mine[0])


def _opening(plain: str) -> list[str]:
    """The first two words of a text, articles aside."""
    return [w for w in plain.split(None, 4) if w.lower() not in _THE][:2]


def _to_clause_end(words: Sequence[str], start: int, most: int = 3) -> list[str]:
    """The words from ``start`` to the end of their clause (a word ending in punctuation, or the
    last), when at most ``most``; else none."""
    for n in range(start, min(start + most, len(words))):
        if words[n][-1:] in ".,;:!?" or n + 1 == len(words):
            return list(words[start : n + 1])
    return []


def _named(word: str) -> bool:
    """Is a word past a sentence's first written as a name (capitalised, not all letters capitals
    of a short word like ``I``)?"""
    return word[:1].isupper() and len(word) > 1


def _anchored(text: str, before: str, opener: str, word: str) -> bool:
    """Does a lower-case ``text`` hold the two words before a place (``travel to``, ``sold only
    at``, ``8 regions, including``), and not with the claim's ``word`` after them? Tests at C speed
    before the sentence is read word by word."""
    lead, opener = _bare(before), opener.lower()
    if f"{lead} {opener} {_bare(word)}" in text or f"{lead}, {opener} {_bare(word)}" in text:
        return False  # the claim's word is in its place
    return f"{lead} {opener} " in text or f"{lead}, {opener} " in text or f"{lead} only {opener} " in text


_SEVERAL: Final = re.compile(r"[;:]\s|\s(?:but|while|whereas|although|though)\s")
"""What joins statements in one sentence (not a comma: ``offices in Leeds, Toronto and Singapore``)."""
_NEW_STATEMENT: Final = frozenset(("but", "while", "whereas", "although", "though"))


_MET: Final = frozenset((stem("meet"), stem("exceed"), stem("hit")))
"""A claim's verbs of a target reached: ``met``, ``exceeded``, ``hit``."""
_TARGET: Final = stem("target")
_OF_TARGET: Final = re.compile(
    r"\s+of\s+(?:its|the|their|a|an|this|that)\s+(?:[\w-]+\s+){0,2}?target", re.IGNORECASE
)
"""After a share that is of a target: ``half of its target``, ``80% of the annual target``."""


def _short_of_target(claim: Features, sentence: SourceSentence, index: SourceIndex) -> str:
    """Why the sentence's figures say a target the claim says was met was missed (``met the 90%
    target`` against ``reached 71% of the most urgent calls ..., against a target of 90%``), or "":
    a figure of the sentence about the target and one of its kind about something else, below it."""
    if _TARGET not in claim.terms:
        return ""
    figures = [q for q in index.quantities(sentence.number) if q.low == q.high and not q.vague]
    plain = sentence.plain
    part = next(
        (q for q in figures if q.dim == "fraction" and 0 < q.high < 1 and _OF_TARGET.match(plain, q.end)),
        None,
    )
    if part is not None:
        return f"the source gives {part.text} of the target"  # "planted 4,500 trees, half of its target"
    goal = next((q for q in figures if _TARGET in q.context and q.kind == "exact"), None)
    if goal is None:
        return ""
    done = next(
        (q for q in figures if q.dim == goal.dim and _TARGET not in q.context and q is not goal), None
    )
    if done is None:
        return ""
    # A target for a time is a most ("reached the most urgent calls in an average of 8 minutes 40
    # seconds, against a target of 7 minutes"); any other a least.
    if (done.low <= goal.low) if goal.dim == "time" else (done.low >= goal.low):
        return ""
    return f"the source gives {done.text} against a target of {goal.text}"


def _said_otherwise(
    claim: Features, weights: Weights, sentence: SourceSentence, index: SourceIndex, *, cov: float, thin: bool
) -> Iterator[tuple[str, float, bool]]:
    """Each way the sentence says otherwise than a claim whose words it holds, in the order they
    are read: (why, how much of the claim it covers, whether it denies in so many words), for
    :func:`_against`.

    A target the figures say was missed (``met the 90% target`` against ``reached 71% ..., against a
    target of 90%``: the verb is what the figures deny); what the sentence says is over (``The plant
    employs 500 people`` against ``used to employ``; ``has been closed since 2022`` against
    ``reopened last year after being closed since 2022``); the claim's agent given another part
    (``The Treasury wrote the report`` against ``written by the Audit Office and published by the
    Treasury``) or, failing that, its winner the loser (``Ashby Town won the final`` against ``lost
    to Corran Rovers``: the verb is what the sentence denies)."""
    missed = _short_of_target(claim, sentence, index) if _MET.intersection(claim.terms) else ""
    if missed:
        yield missed, coverage(weights, sentence.seen | _MET), True
    differs = same_otherwise(claim.plain, sentence.plain)
    if differs:
        # "The Pixo 9 costs the same as last year's model" against "$100 more than last year's model"
        yield f"the source says '{differs}', the claim that it is the same", cov, not thin
    verb = ended(sentence.plain)
    if verb and now(claim.plain, verb):
        yield f"the source says it used to {verb}, the claim that it does now", cov, not thin
    other = alongside(claim.plain, sentence.plain)
    if other:
        # "The recall covers kettles sold online only" against "kettles sold in stores and online"
        yield f"the source says '{other}', the claim only one of them", cov, not thin
    lasting = for_now(claim.plain, sentence.plain)
    if lasting:
        # "Garden waste collections will remain free" against "Residents will pay £45 a year for garden
        # waste collections, which are free at present"
        yield (
            f"the source says it is {lasting} for now and will change, the claim that it stays so",
            cov,
            not thin,
        )
    before = formerly(claim.plain, sentence.plain)
    if before:
        # "Dark mode is available only to paying subscribers" against "Dark mode, previously limited
        # to paying subscribers, is now available to all users"
        yield f"the source says it was so before ('{before}'), the claim that it is now", cov, not thin
    if " still " in claim.plain and _HAS_STOPPED.search(sentence.plain) is not None:
        # "The port still imports some coal" against "Coal imports ... have now stopped entirely"
        yield "the source says it has stopped, the claim that it still goes on", cov, not thin
    state = undone(sentence.plain)
    if not (state and still(claim.plain, state)):
        state = reverted(claim.plain, sentence.plain)  # "closed in 2022 and reopened in 2024"
    if state:
        yield f"the source says it is no longer {state}, the claim that it still is", cov, not thin
    denied, said = prefixed_opposite(claim.plain, claim.terms, sentence.plain, sentence.terms)
    if (
        denied
        and not any(q.dim == "fraction" for q in claim.quantities)
        and not _share_before(said, sentence.plain, index.quantities(sentence.number))
        # "as likely to survive as unprotected ones" against "as those without": the sentence's own
        # words for the group the prefix denies
        and not (
            f"{denied} ones" in claim.plain.lower() and _THOSE_WITHOUT.search(sentence.plain) is not None
        )
    ):
        # "Backups are stored encrypted" against "stored unencrypted": one word missing, the one the
        # other text's prefix denies (not under a share of it: "Most Avon bridges are unsuitable"
        # follows from "Only 3 of the 14 Avon bridges are suitable"; a share of something else, "closed
        # four of its seven libraries", is no such share).
        covered = coverage(weights, sentence.seen | (claim.terms & said))
        yield f"the claim and the source differ by '{denied}'", covered, not thin
    changed = CHANGES.intersection(claim.terms)
    if changed and changed.isdisjoint(sentence.terms) and not any(neg for _, neg in claim.clauses):
        kept = held(sentence.plain)
        if kept:
            # "The central bank raised interest rates" against "held interest rates at 4.5%"
            yield (
                f"the source says '{kept}', the claim that it changed",
                coverage(weights, sentence.seen | changed),
                not thin,
            )
    dated = dated_otherwise(claim.plain, sentence.plain) or other_stage(claim.plain, sentence.plain)
    if dated:
        # "The strike ended on a Monday" against "began on a Monday and ended on a Friday"
        yield f"the source says '{dated}'", cov, not thin
    other_year = year_of_another_verb(claim.plain, sentence.plain) if claim.quantities else ""
    if other_year:
        # "The Kelston rollout began in 2023" against "The rollout in Kelston, delayed since 2023,
        # finally began in September": the year is another verb's; the judge's to weigh.
        yield f"the source gives the claim's year to another verb and says '{other_year}'", cov, False
    when = other_relative_time(claim.plain, sentence.plain)
    if when:
        # "raised fees this year" against "raised fees last year": for the judge, who knows when each
        # was written; never supported.
        yield f"the source says '{when}'", cov, False
    opposite, answered = opposed_in_stopwords(claim.plain, sentence.plain)
    if opposite:
        # "works with an internet connection" against "works without": every term stated, the two
        # words that differ stopwords (or one: "without" and "since" are terms, answered by the
        # sentence's "with" and "until").
        yield opposite, coverage(weights, sentence.seen | answered) if answered else cov, not thin
    if (
        " already " in claim.plain
        and not claim.prospective
        and index.modes(sentence.number).prospective
        and _planned(weights, sentence.plain, claim)
    ):
        # "Brightlayer has already launched in Germany" against "said it would launch in Germany
        # early next year": done, the claim says in so many words, where the source says planned
        yield "the source states it as planned or possible, the claim as already done", cov, not thin
    by = _said_by_another(claim, weights, sentence)
    if by:
        # "Kettlebridge First said rates relief would help" against "The council said rates relief
        # would help, but Kettlebridge First said parking charges were driving shoppers away"
        yield by, cov, not thin
    else:
        them = _said_by_them(claim, weights, sentence, index)
        if them:
            # "He said 11 of the college's 64 science and maths teachers had left": he is who the
            # sentence before names, as far as it can be read; the judge's to weigh
            yield them, cov, False
    if not claim.names:
        return
    why = other_agent(claim.plain, sentence.plain)
    if why:
        yield why, cov, not thin
    elif not _CONTEST.isdisjoint(claim.terms) and (why := wrong_winner(claim.plain, sentence.plain)):
        yield why, coverage(weights, sentence.seen | _CONTEST), not thin


def _said_by_another(claim: Features, weights: Weights, sentence: SourceSentence) -> str:
    """Why the sentence gives what the claim's speaker says (:func:`~checks.grounding.speakers.speaker`)
    to another side than that speaker's, or "": the sentence has the claim's speaker say something
    else on one side (:func:`~checks.grounding.speakers.speeches`), and another side, another
    speaker's or the source's own statement before it, holds at least as much of what the claim says
    they said, a word of it among them that the speaker's side lacks. Nothing when the speaker's
    side holds all of it, nor when the claim sets what they said against something (``than``: the
    other side's view, which it may name: ``argued that cheaper rivals mattered more than small
    businesses delaying spending``)."""
    mine = speaker_of(claim.plain)
    if mine is None or " than " in mine.said:
        return ""
    sides = speeches(
        sentence.plain
    )  # one, at the cost of a few substring tests, where no speaker is set against another
    own = [k for k, side in enumerate(sides) if same_speaker(mine, side)]
    if not own:
        return _said_by_another_alone(mine, weights, sentence.terms, sides, claim.plain)
    if len(sides) < 2:
        return ""
    held = [frozenset(read_terms(side.said)) for side in sides]
    # What the claim says they said, of it what some side holds (a word no side holds decides nothing)
    said = weights.part((frozenset(read_terms(mine.said)) - mine.names) & frozenset().union(*held))
    if said.total <= 0:
        return ""
    theirs = frozenset().union(*(held[k] for k in own))
    best = max(coverage(said, held[k]) for k in own)
    if best >= 1.0:
        return ""
    for k, side in enumerate(sides):
        if k in own or (not side.who and (k > own[-1] or best > _SPEAKER_SAYS_LITTLE)):
            # The source's own statement after the speaker's words may be theirs too; one before them
            # is another's only where the speaker's side holds little of the claim (a claim may join
            # the two: "The review found that most callers whose emergency calls failed could not
            # get through" against "9,300 emergency calls failed, although the review said most
            # callers got through").
            continue
        got = coverage(said, held[k])
        if got >= 0.5 and got >= best and not held[k].intersection(said.terms) <= theirs:
            whose = f"to {side.who}" if side.who else "as its own statement"
            theirs_said = " ".join(sides[own[0]].said.split())
            return f"the source gives it {whose}, and has {mine.who} say '{theirs_said}'"
    return ""


def _said_by_another_alone(
    mine: Speech, weights: Weights, terms: frozenset[str], sides: Sequence[Speech], claim: str
) -> str:
    """Why a sentence that does not name the claim's speaker gives what the claim says they said to
    another, or "": a side with a named speaker of its own, not the claim's, holds most of it
    (``Margaret Oyelaran warned that government funding had not kept pace with need`` against
    ``Hospice UK warned that ... government funding "has not kept pace with need"``, where the
    sentence before names Oyelaran). Both speakers named (``the company`` may be the claim's
    Oakridge), the claim's verb one of saying (:data:`_SAYING`: not ``calls``, ``expects``)."""
    if not _named_speaker(mine.who) or _SAYING.isdisjoint(claim.split()) or mine.names <= terms:
        return ""  # (every word of the speaker's name: "Quenby" alone is the cider maker, not Helen Quenby)
    said = weights.part(frozenset(read_terms(mine.said)) - mine.names)
    if said.total <= 0:
        return ""
    for side in sides:
        if (
            _named_speaker(side.who)
            # (the speaker's name, not a role before it: "said boat operator Callum Reid" of boat trips)
            and (sentence_names(side.who) or side.names).isdisjoint(said.terms)
            and coverage(said, frozenset(read_terms(side.said))) >= 0.5
        ):
            return f"the source gives it to {side.who}, not {mine.who}"
    return ""


def speaker_before(sentence: SourceSentence, index: SourceIndex) -> Speech | None:
    """The speaker the sentence before ``sentence`` in its source names last, if any: whom a pronoun
    that opens or closes a quotation (``she said``) stands for."""
    n = sentence.number
    first, _ = index.spans[sentence.source_id]
    if n - 1 < first:
        return None
    return next((side for side in reversed(speeches(index.plain(n - 1))) if side.who), None)


def _said_by_them(claim: Features, weights: Weights, sentence: SourceSentence, index: SourceIndex) -> str:
    """Why a side whose speaker is a pronoun (``He said 11 of the college's 64 science and maths
    teachers had left``) gives what the claim says its speaker said to another, or "": the sentence
    before names another speaker last, and the side holds most of the claim's words."""
    mine = speaker_of(claim.plain)
    if mine is None or not by_pronoun(sentence.plain):
        return ""
    sides = speeches(sentence.plain)
    if not any(not side.who and by_pronoun(side.said) for side in sides):
        return ""
    before = speaker_before(sentence, index)
    if before is None or same_speaker(mine, before):
        return ""
    said = weights.part(frozenset(read_terms(mine.said)) - mine.names)
    if said.total <= 0:
        return ""
    for side in sides:
        if not side.who and by_pronoun(side.said) and coverage(said, frozenset(read_terms(side.said))) >= 0.5:
            return (
                f"the source gives it to {before.who} (the speaker the sentence before names), not {mine.who}"
            )
    return ""


def _named_speaker(who: str) -> bool:
    """Is a speaker a name: the last word before any apposition capitalised (``Hospice UK, the
    national charity``; not ``a disability group``, ``the company``)?"""
    words = who.split(",", maxsplit=1)[0].split()
    return bool(words) and _named(words[-1])


_SAYING: Final = frozenset((
    "said", "says", "told", "warned", "warns", "insisted", "insists", "argued", "argues", "claimed",
    "claims", "admitted", "admits", "cautioned", "cautions", "described", "describes", "dismissed",
    "predicted", "predicts", "blamed", "blames", "confirmed", "confirms", "acknowledged", "According",
))  # fmt: skip
"""The verbs of saying that give a claim's speaker their words (not ``calls``: ``Inbound calls
doubled``; not ``expects``, a plan as much as a view), and ``According`` (to whom)."""


_SPEAKER_SAYS_LITTLE: Final = 0.25
"""How much of what a claim says they said a speaker's side may hold for the source's own statement
before it to be given to another than that speaker."""


def _other_sides(claim: Features, sentence: SourceSentence) -> bool:
    """May a claim and a sentence say what two parts of one whole do: each has words the other lacks
    (``voted to hold rates``, ``voted for a cut``), one denies what the other states (``is not
    electrified``, ``is electrified``), or they take the two sides of a vote (``for``, ``against``)?"""
    if not claim.terms <= sentence.terms and not sentence.terms <= claim.terms:
        return True
    if negated(claim.plain) != negated(sentence.plain):
        return True
    return bool(opposed_in_stopwords(claim.plain, sentence.plain)[0])


_WHOLE: Final = 0.01
"""How near two shares must sum to the whole to be its two parts (``33%`` and ``two thirds``); not
their rounding, which would make ``6 of 14`` and ``9 of 14`` the parts of one."""


def _complements_aside(relation: Relation) -> Relation:
    """``relation`` with each share that is the rest of the sentence's share of one whole no longer
    in conflict (missing, as figures of another thing are), nor the counts inside it: ``Seven of the
    nine members voted to hold rates`` against ``Two of the nine members voted for a cut`` (7 of 9
    and 2 of 9). The caller asks it only where the claim and the sentence each say what the other
    does not: the same words make it a conflict (``60% backed the plan`` against ``40% backed the
    plan``)."""
    rest = [
        (q, r)
        for q, r in relation.conflicts
        if _a_part(q) and _a_part(r) and abs(q.low + r.low - 1.0) <= _WHOLE
    ]
    if not rest:
        return relation
    mine = [(q.start, q.end) for q, _ in rest]
    theirs = [(r.start, r.end) for _, r in rest]

    def inside(q: Quantity, r: Quantity) -> bool:  # "Seven" of "Seven of the nine members"
        return any(a <= q.start and q.end <= b for a, b in mine) and any(
            a <= r.start and r.end <= b for a, b in theirs
        )

    aside = [(q, r) for q, r in relation.conflicts if (q, r) in rest or inside(q, r)]
    return relation._replace(
        conflicts=tuple(c for c in relation.conflicts if c not in aside),
        missing=relation.missing + tuple(q for q, _ in aside),
    )


def opposed_terms(claim: Features, seen: frozenset[str]) -> frozenset[str]:
    """The claim's terms a sentence does not state but whose opposite it does (``acquit`` against
    ``found guilty``): what relates the two when the rest of the claim alone would not."""
    out = [t for t in claim.terms if t not in seen and not ANTONYMS.get(t, _NONE).isdisjoint(seen)]
    return frozenset(out) if out else _NONE


def _against(
    claim: Features,
    sentence: SourceSentence,
    covered: float,
    detail: str,
    *,
    similarity: float | None,
    relation: Relation,
    th: Thresholds,
    denies: bool,
) -> Evidence | None:
    """What a sentence that says otherwise than the claim (a direction, an order, a limit, a past)
    makes of it: a polarity contradiction when it ``denies`` in so many words, covers the claim as
    far as :attr:`Thresholds.polarity` and names everything the claim names; else, as far as a
    partial match, partial and suspect (for the judge); below that, None (the caller reads on)."""
    if denies and covered >= th.polarity and _names_held(claim, sentence):
        return Evidence(sentence, covered, similarity, Finding.POLARITY, relation, detail)
    if covered >= th.partial:
        return Evidence(sentence, covered, similarity, Finding.PARTIAL, relation, detail, suspect=True)
    return None


def _limited(
    claim: Features, weights: Weights, sentence: SourceSentence, index: SourceIndex, th: Thresholds
) -> tuple[str, bool, frozenset[str]] | None:
    """Why a sentence that says what a claim says for everyone or always (:attr:`Features.universal`)
    says it for fewer, and whether in so many words: (the explanation, explicit, the claim's words
    for all that an explicit limit answers: ``the public``, ``staff``), or None.

    Explicit: a limit of the claim's kind, time or group (``except Sunday``, ``members only``,
    ``from April to October``); where the sentence holds the claim's own phrase too, only an
    exception (``every day except Monday``; ``every day, but only in the mornings`` limits the
    hours, not the days). Not explicit: a claim for everyone ``to`` or ``for`` whom, against a
    sentence that names someone after that word and no one for all (``free for everyone`` against
    ``free for children under 12``). Never when the claim limits itself (``every day except
    Monday``: its :attr:`Features.universal` is None), nor by a limit in a clause about something
    else (``The park is open daily, but the playground is for children only``: the clause must
    cover the claim as far as a partial match)."""
    mine = claim.universal
    limits = index.limits(sentence.number)
    theirs = limits.restriction
    if mine is None:
        # "will not close any of its stores" against "would not close any stores except the four ...":
        # a claim for none, which the source's exception of its own denial limits
        if theirs is None or not theirs.text.startswith("except") or none_at_all(sentence.plain) is None:
            return None
        mine = none_at_all(claim.plain, theirs.kind)
        if mine is None:
            return None
    if theirs is not None and theirs.kind != mine.kind:
        # "Every docking station is open 24 hours a day" against "except the one inside Central
        # station": the claim's phrase for everyone, not its phrase for always, is what is limited.
        mine = universal(claim.plain, theirs.kind) or mine
    same = limits.universal is not None and limits.universal.text.lower() == mine.text.lower()
    excepts = same and bool(index.modes(sentence.number).exceptions)
    if theirs is not None and theirs.kind == mine.kind and (not same or excepts):
        answered = claim.universal_terms
        limited = frozenset(read_terms(clause_at(sentence.plain, theirs.start)))
        if _RANGE_LIMIT.match(theirs.text) is not None:
            # (with the subject a clause that has none of its own borrows: "A park-and-ride bus from
            # Kirkby Dale station, ..., carried 11,400 passengers | and will run on weekends")
            limited = limited.union(
                *(
                    t
                    for (t, _), text in zip(
                        index.clauses(sentence.number), index.clause_texts(sentence.number), strict=True
                    )
                    if theirs.text in text
                )
            )
        if _ALL_OF_THEM.search(sentence.plain, 0, theirs.start) is not None:
            # "The council runs 412 contracted routes, and all of them are operated by private firms
            # except 19": what the clause says of "them", it says of the routes the sentence names
            limited |= sentence.terms
        if coverage(weights, limited) >= th.partial:
            return f"the source limits it ('{theirs.text}'); the claim says '{mine.text}'", True, answered
    if mine.kind == "group" and mine.preposition and limits.universal is None:
        named = whom(sentence.plain, mine.preposition)
        if named:
            return f"the source says it {mine.preposition} {named}, not '{mine.text}'", False, _NONE
    if mine.kind == "group" and theirs is None and limits.universal is None and " but " in sentence.plain:
        some = _ALL_BUT.search(sentence.plain)
        if some is not None:
            # "All of the new shops will be at stations" against "all but five will be at stations"
            return (
                f"the source says it of '{some.group()}', the claim of '{mine.text}'",
                True,
                claim.universal_terms,
            )
    return None


_RANGE_LIMIT: Final = re.compile(r"(?:on|at|in|from|between|during|every)\s", re.IGNORECASE)
"""A limit of when (``on weekends``, ``from April to October``), not an exception or ``only``."""
_ALL_OF_THEM: Final = re.compile(
    r"\b(?:all|each|every\s+one|none)\s+of\s+(?:them|the|its|their)\b", re.IGNORECASE
)
"""A limited clause's subject that stands for what its sentence names before it, or names it (``all of
the 22 schools that used the pool have moved ..., except St Aidan's Primary``)."""


def _some_of_them(claim: Features, sentence: SourceSentence) -> str:
    """Why a sentence that states what a claim says of all (a phrase for everyone, not in so many
    words the claim's count) says it of a count of them only, or "": ``All water companies have
    urged customers to save water`` against ``Water companies have not yet imposed bans, but two
    have urged customers to save water`` (two may or may not be all: the judge's)."""
    mine = claim.universal
    if mine is None or mine.kind != "group" or _COUNTED_ALL.search(mine.text) is not None:
        return ""
    some = _SOME_OF_THEM.search(sentence.plain)
    if some is None:
        return ""
    said = " ".join(some.group("some").split())
    return f"the source says it of '{said}', the claim of '{mine.text}'"


_COUNT_WORD: Final = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,3}(?:,\d{3})*)"
_COUNTED_ALL: Final = re.compile(rf"\b{_COUNT_WORD}\b", re.IGNORECASE)
_ALL_BUT: Final = re.compile(rf"\ball\s+but\s+{_COUNT_WORD}\b", re.IGNORECASE)
_SOME_OF_THEM: Final = re.compile(
    rf"(?P<some>\b(?:but|though|although|while|whereas|yet)\s+(?:only\s+)?{_COUNT_WORD}"
    r"(?![\d,.%]|\s*(?:per\s*cent|percent|million|billion|thousand|m|bn|k)\b)"
    r"(?:\s+(?!(?:have|has|had|were|was|are|is|will|did|do|does|still|of|per|percent|million|billion)\b)"
    r"[a-z][\w-]*){0,2}\s+(?:still\s+|also\s+)?(?:have|has|had|were|was|are|is|will|did)?\s*"
    r"(?=[a-z]))",
    re.IGNORECASE,
)
"""A sentence's count of those it says something of, set against the rest: ``but two have
urged``, ``though two roadside sites still broke``."""


def _trend(claim: Features, figures: Sequence[Quantity], relation: Relation) -> tuple[str, bool, str] | None:
    """A claim that something rose or fell, with no figure of its own but its time (``Revenue fell
    in 2024``) or an amount computed from the sentence's figures (``grew by 30% in 2024``), against
    the change those figures make (:func:`trend_in`): the claim's word, whether the figures go its
    way, and why. None when either gives no direction."""
    said = CHANGES & claim.terms
    compared = _THAN_BEFORE.search(claim.plain) if not said and " than " in claim.plain else None
    if compared is not None:
        said = _way_of(compared)
    if len(said) != 1 or any(denied for _, denied in claim.clauses):
        return None
    measured = {id(q) for q in relation.computed} | {id(q) for q, _ in relation.conflicts if q.role == "by"}
    if compared is not None:
        # "A dozen eggs costs less than a year ago": a figure the sentence states too says what changed
        measured |= {id(q) for q, _ in relation.matched}
    amounts = [q for q in changed_numbers(claim.quantities) if q.role == "by"]
    if any(id(q) not in measured for q in (*strong(claim.quantities), *amounts)):
        return None  # (a bare amount of change too: "grew by 3,560" is no trend of "from 83% to 61%")
    year = next((q.low for q in claim.quantities if q.dim == "year" and q.low == q.high), 0.0)
    change = trend_in(figures, year)
    if change is None:
        return None
    old, new = change
    term = next(iter(said))
    if (new.low, new.high) == (old.low, old.high):  # "€3.1 billion in 2022 and €3.1 billion in 2023"
        return term, False, f"the source's figures stay the same ({old.text}, then {new.text})"
    rose = new.low > old.low
    agrees = rose == (term == _INCREASE)
    went = "rose" if rose else "fell"
    if old.role == "derived":  # "3,120 burglaries, 18% fewer than the year before"
        detail = f"the source's figures {went} to {new.text} ('{old.text}' the time before)"
    else:
        detail = f"the source's figures {went} from {old.text} to {new.text}"
    if compared is not None:
        # the claim's own comparative is what the figures answer ("fuller", "less")
        return next(iter(read_terms(compared.group(1))), term), agrees, detail
    return term, agrees, detail


_WHEN = CALENDAR | frozenset(stem(w) for w in SEASONS if w != "fall") | {YEAR_BEFORE}
"""The terms of a time a clause may be of: months, weekdays, seasons (not ``fall``, a direction
too), the year before."""
_BEFORE: Final = stem("before")
"""``before`` as against ``after``: no opposite of a claim's ``the year before``."""
_AFTER: Final = stem("after")
_ORDER_WORDS: Final = frozenset((_BEFORE, _AFTER))
"""``before`` and ``after``: said of the figure of their clause."""
_ORDERED: Final = re.compile(
    r"\b(before|after)\s+(?:(?:the|its|their|his|her|a|an)\s+)?((?:[\w'\u2019-]+\s*){1,3})", re.IGNORECASE
)
"""``before`` or ``after`` and the words of the event it orders (three at most)."""


def _orders_another(claim: str, clause: str, term: str) -> bool:
    """Do the claim's ``before`` (or ``after``: ``term``) and the clause's opposite word order two
    other events, their words after them sharing no term (``Before the cut`` against ``after
    reporting a sharp fall in profits``)? Not when either is not found so."""
    mine = [frozenset(read_terms(m[2])) for m in _ORDERED.finditer(claim) if stem(m[1].lower()) == term]
    theirs = [frozenset(read_terms(m[2])) for m in _ORDERED.finditer(clause) if stem(m[1].lower()) != term]
    return bool(mine) and bool(theirs) and all(a and b and a.isdisjoint(b) for a in mine for b in theirs)


_ENDING: Final = re.compile(
    r"\b(?:end(?:s|ed|ing)|scrap(?:s|ped|ping)?|abolish(?:es|ed|ing)?)\s+(?:a|an|the|its|their)\s+"
    r"(?P<words>[^\W\d_]+)\s+[^\W\d_]+",
    re.IGNORECASE,
)
"""A verb that ends something, and the word before the thing it ends (``ending a free service``)."""


def _ended_only(opposite: frozenset[str], text: str) -> bool:
    """Is every word of ``opposite`` in ``text`` (a clause) the word before what an :data:`_ENDING`
    verb ends (``ending a free service``), once in the clause?"""
    if not opposite or not ("end" in text or "crap" in text or "bolish" in text):
        return False
    ended = frozenset(t for m in _ENDING.finditer(text) for t in read_terms(m["words"]))
    if not opposite <= ended:
        return False
    words = [read_terms(w) for w in text.split()]  # each word's terms, read once
    return all(sum(t in found for found in words) <= 1 for t in opposite)


_INCREASE: Final = stem("increase")
_DECREASE: Final = stem("decrease")


def _moved_otherwise(relation: Relation, claim: Features, sentence: SourceSentence) -> str:
    """Why a figure of the claim that pairs with one of the sentence went the other way: the words
    just before each figure say which way (``rose 2%``, ``closed down 1.4%``, ``fell to $84``), and
    the two say opposite ways. "" when they agree, or either says no way. Read only where the
    sentence has things go both ways: where it has one way only, the antonym test reads it."""
    if not both_ways(claim.terms, sentence.terms):
        return ""
    for q, r in relation.matched:
        if q.dim in _TIMES:
            continue  # "fell in 2023": the year is when, not what went down
        mine, theirs = _way(claim.plain, q), _way(sentence.plain, r)
        if mine and theirs and mine != theirs:
            went = {1: "went up", -1: "went down"}
            return f"the claim says {q.text} {went[mine]} where the source says {r.text} {went[theirs]}"
    return ""


def _done_otherwise(relation: Relation, claim: Features, sentence: SourceSentence) -> str:
    """Why a figure of the claim that pairs with one of the sentence has the opposite verb: the words
    just before each (``will open 14 new in-store cafes`` against ``will close its 14 remaining
    in-store cafes and open 25 new convenience stores``). Read only where the sentence says both
    words: where it says the opposite only, the antonym test reads it. "" when none."""
    both = [
        t
        for t in claim.terms
        if t in ANTONYMS
        and t in sentence.terms
        and not ANTONYMS[t].isdisjoint(sentence.terms)
        and t not in CHANGES
        and t not in CALENDAR
    ]
    if not both:
        return ""
    for q, r in relation.matched:
        if q.dim in _TIMES or q.dim == "year" or r.role == "derived" or q in relation.computed:
            continue  # (a figure computed from the sentence's is another's: "the old one" from "the new")
        mine = frozenset(read_terms(" ".join(claim.plain[: q.start].split()[-3:])))
        theirs = frozenset(read_terms(" ".join(sentence.plain[: r.start].split()[-3:])))
        for t in both:
            opposite = ANTONYMS[t] & theirs
            if t in mine and opposite and t not in theirs:
                said = surface(min(opposite))
                return f"the claim says '{surface(t)}' of {q.text} where the source says '{said}'"
    return ""


def _compared_of_the_other(claim: Features, sentence: SourceSentence, index: SourceIndex) -> str:
    """Why a sentence that makes the claim's comparison of one side only makes it of the other, or
    "": ``Ripgrep used less memory than Ag`` against ``Ag used less memory`` (the sentence names the
    claim's other side before its words for the comparison, and not the claim's subject)."""
    if not claim.frames or index.frames(sentence.number)[0]:
        return ""
    names = claim.names | {claim.lead}
    for frame in claim.frames:
        mine, other = names.intersection(frame.left), names.intersection(frame.right)
        first = frame.text.split(None, 1)[0]
        m = re.search(rf"\b{re.escape(first)}\b", sentence.plain, re.IGNORECASE)
        if not mine or not other or m is None or frame.said - sentence.terms:
            continue
        before = frozenset(read_terms(cut(sentence.plain[: m.start()])[-1])) if m.start() else _NONE
        if before.issuperset(other) and before.isdisjoint(mine):
            pivot, theirs = frame.text.removesuffix(" than"), _written(other, claim.plain)
            return f"the source says '{pivot}' of {theirs}, the claim of {_written(mine, claim.plain)}"
    return ""


def _clauses_swapped(claim: Features, sentence: SourceSentence, index: SourceIndex) -> str:
    """Why a sentence that says what the claim's clauses say gives each the other clause's name, or
    "": ``SQLite supports JSON natively, while PostgreSQL stores it as text`` against ``PostgreSQL
    supports JSON natively, while SQLite stores it as text``. Each claim clause's words but names are
    matched to the sentence's clause that holds most of them (three in four at least, and more than
    any other)."""
    if len(claim.names | {claim.lead}) < 2 or "," not in claim.plain:
        return ""
    # An attribution ("According to Martin Oduya, forty members of the Otters left") names who says
    # the rest, not a subject of its own: the source that gives the same words to him swaps nothing.
    mine = tuple(c for c in _named_clauses(tuple(cut(claim.plain))) if _ATTRIBUTED.match(c[2]) is None)
    if len(mine) < 2:
        return ""
    theirs = _named_clauses(index.clause_texts(sentence.number))
    for i, (names, rest, text) in enumerate(mine):
        others = frozenset().union(*(n for k, (n, _, _) in enumerate(mine) if k != i))
        if len(rest) < 2:
            continue  # a list's item ("Linux, macOS and Windows"), no clause that says something
        shares = sorted(((len(rest & t) / len(rest), n, t, w) for n, t, w in theirs), key=lambda x: -x[0])
        if not shares or shares[0][0] < 0.75 or (len(shares) > 1 and shares[1][0] == shares[0][0]):
            continue
        _, held, said, written = shares[0]
        if (
            held.isdisjoint(names)
            and not held.isdisjoint(others)
            and names.isdisjoint(read_terms(written))
            and not _says_both(mine, i, held, held | said)
        ):
            # (a name the clause holds, though another clause holds it too, is not swapped: "said NHS
            # contract payments covered only 70%" against "According to Dr Kaur, NHS payments cover")
            return f"the source says '{written}' where the claim says '{text}'"
    return ""


def _says_both(
    mine: tuple[tuple[frozenset[str], frozenset[str], str], ...],
    i: int,
    held: frozenset[str],
    said: frozenset[str],
) -> bool:
    """Does the sentence's clause that says claim clause ``i`` (its terms ``said``, its names ``held``)
    say the claim clause its names are of too (half its other words at least)? Then it joins the
    two, and swaps nothing: ``Following promotion to the National League, Carrick Town's wage bill
    went up`` against ``the wage bill climbed ... after the club's promotion to the National
    League``."""
    return any(
        k != i and not names.isdisjoint(held) and bool(rest) and 2 * len(rest & said) >= len(rest)
        for k, (names, rest, _) in enumerate(mine)
    )


_EITHER: Final = re.compile(r"\b([^\W\d_]+)\s+or\s+([^\W\d_]+)\b")


@lru_cache(maxsize=4096)
def _either_or(plain: str) -> frozenset[str]:
    """The terms of the words either side of each ``or`` (``begin or end``, ``rise or fall``); read
    once per claim, which meets several candidate sentences."""
    return frozenset(chain.from_iterable(read_terms(f"{m[1]} {m[2]}") for m in _EITHER.finditer(plain)))


_ATTRIBUTED: Final = re.compile(r"\s*according\s+to\s", re.IGNORECASE)
"""A clause that only says whose words the claim's are (``According to Martin Oduya``)."""


@lru_cache(maxsize=4096)
def _named_clauses(texts: tuple[str, ...]) -> tuple[tuple[frozenset[str], frozenset[str], str], ...]:
    """Each clause of ``texts`` as (the names no other clause holds, its other terms, the clause as
    written), for the clauses with such a name (read once per text: a claim meets many candidate
    sentences, a sentence many claims)."""
    read = [(sentence_names(t) | {lead_term(t)}) - _NO_NAMES for t in texts]
    out = []
    for i, text in enumerate(texts):
        own = read[i].difference(*(r for k, r in enumerate(read) if k != i))
        if own:
            words = text.strip().rstrip(".")
            out.append((own, frozenset(read_terms(text)) - own, words))
    return tuple(out)


_NO_NAMES: Final = frozenset(
    (
        "",
        *(
            stem(w)
            for w in (
                "following", "after", "before", "despite", "during", "since", "until", "including",
                "excluding", "according", "amid", "once", "under", "within", "without", "pending",
                "regarding", "starting", "beginning", "ahead",
            )
        ),
    )
)  # fmt: skip
"""A clause's first word that opens it, no name of its subject (``Following completion of the
rollout's first phase, ...``)."""


def _written(wanted: Iterable[str], text: str) -> str:
    """The words of ``text`` whose terms are ``wanted``, as written (for explanations)."""
    want = set(wanted)
    found = [w.strip(".,;:!?()'\u2019") for w in text.split() if want.intersection(read_terms(w))]
    return " ".join(found) or " ".join(sorted(want))


def _ends_swapped(relation: Relation) -> str:
    """Why a claim's change runs the other way from its source's, the same two figures at its ends
    swapped (``£2.40, up from £3.20`` against ``£3.20, up from £2.40``: the value it changed from is
    the source's value it changed to), or ""."""
    if len(relation.matched) < 2:
        return ""
    old = next(((q, r) for q, r in relation.matched if q.role == "from" and r.role != "from"), None)
    new = next(((q, r) for q, r in relation.matched if r.role == "from" and q.role != "from"), None)
    if old is None or new is None or old[0].dim in _TIMES or old[0].dim != new[0].dim:
        return ""
    (before, theirs_after), (after, theirs_before) = old, new
    if (before.low, before.high) == (after.low, after.high):
        return ""
    return _went_otherwise(before, after, theirs_before, theirs_after)


def _went_otherwise(
    before: Quantity, after: Quantity, theirs_before: Quantity, theirs_after: Quantity
) -> str:
    return (
        f"the claim has it go from {before.text} to {after.text}, the source from {theirs_before.text}"
        f" to {theirs_after.text}"
    )


def _crossed(conflicts: Sequence[tuple[Quantity, Quantity]]) -> bool:
    """Do two conflicting figures of the claim each have the other's counterpart's value (``founded in
    1923 ... at Bramley Road since 1881`` against ``founded in 1881, has played at Bramley Road since
    1923``)? Then the sentence holds both, each in the other's place: about the claim's subject,
    whatever words the claim adds around them."""
    for i, (q1, r1) in enumerate(conflicts):
        for q2, r2 in conflicts[i + 1 :]:
            if (
                q1.dim == q2.dim == r1.dim == r2.dim
                and q1.role == r1.role
                and q2.role == r2.role
                and _distinct(q1, q2)
                and not _distinct(q1, r2)
                and not _distinct(q2, r1)
            ):
                return True
    return False


def _ends_crossed(conflicts: Sequence[tuple[Quantity, Quantity]]) -> str:
    """:func:`_ends_swapped` where each end paired with the source's end of its own role (``£2.40,
    up from £3.20`` against ``£3.20, up from £2.40``: from with from, to with to, each the other's
    value), or ""."""
    old = next(((q, r) for q, r in conflicts if q.role == r.role == "from"), None)
    new = next(((q, r) for q, r in conflicts if q.role == r.role == "to"), None)
    if old is None or new is None or old[0].dim in _TIMES or old[0].dim != new[0].dim:
        return ""
    (before, theirs_before), (after, theirs_after) = old, new
    if _distinct(before, theirs_after) or _distinct(after, theirs_before):
        return ""
    return _went_otherwise(before, after, theirs_before, theirs_after)


def _figures_swapped(relation: Relation, plain: str) -> str:
    """Why two figures of the claim sit each in the other's place in the sentence, or "": ``Earnings
    per share were $1.35, against forecasts of $1.42`` against ``... $1.42, against forecasts of
    $1.35``. Each pairs with its equal, but the words around one figure and not the other (``against
    forecasts``) are, in the sentence, around the other's equal, and none around its own. Not a part
    and its whole (``650 metres of the planned 1.8 kilometres``, in ``plain``, the claim's text): the
    words after the whole are the part's too."""
    for (q1, r1), (q2, r2) in _two_figures(relation):
        if _PART_OF.fullmatch(plain, q1.end, q2.start) is not None:
            continue
        if q1.role != q2.role and (q1.role, q2.role) == (r1.role, r2.role):
            continue  # "from £85 a week to £110" against "from £85 to £110 a week": each end its own
        mine = (q1.context - q2.context, q2.context - q1.context)
        theirs = (r1.context - r2.context, r2.context - r1.context)
        straight = not mine[0].isdisjoint(theirs[0]) or not mine[1].isdisjoint(theirs[1])
        crosswise = not mine[0].isdisjoint(theirs[1]) or not mine[1].isdisjoint(theirs[0])
        if crosswise and not straight:
            return f"the claim has {q1.text} and {q2.text} each where the source has the other"
    return ""


def _labels_swapped(relation: Relation, plain: str, text: str) -> str:
    """Why a claim figure has, right before it, the words the sentence has right before the other
    figure of the two and not before its own equal, or "": ``Running costs of £3.9 million ...
    outstripped the £2.4m it raised`` against ``raised £3.9 million ..., against running costs of
    £2.4m``: two words of what it is at least (``running costs``), in its clause, or one that alone
    tells which (``rather than the current 48 hours``: :data:`_MARKS`). Not the ends of a change, nor
    years."""
    # (each sentence figure's label read once; no closure: compiled, one holds its frame until the
    # garbage collector runs)
    theirs: dict[int, frozenset[str]] = {}
    for (q1, r1), (q2, r2) in _two_figures(relation, times=True):
        if q1.role or q2.role or r1.role or r2.role:
            continue  # (the ends of a change, which the words around a figure need not say in order)
        first, second = _label_terms(text, r1, theirs), _label_terms(text, r2, theirs)
        found = _label_of_other(q1, r2, plain, first, second) or _label_of_other(q2, r1, plain, second, first)
        if found:
            return found
    return ""


def _label_terms(text: str, r: Quantity, memo: dict[int, frozenset[str]]) -> frozenset[str]:
    """The terms of sentence figure ``r``'s label (:func:`_label`), kept in ``memo`` by ``id``."""
    got = memo.get(id(r))
    if got is None:
        got = memo[id(r)] = frozenset(read_terms(_label(text, r)))
    return got


def _label_of_other(
    q: Quantity, other: Quantity, plain: str, own_label: frozenset[str], other_label: frozenset[str]
) -> str:
    """:func:`_labels_swapped` for one claim figure ``q``: ``other`` the sentence's other figure, the
    labels those of ``q``'s own counterpart and of ``other``."""
    written = _label(plain, q)
    mine = frozenset(read_terms(written))
    marked = len(mine) < 2 or not mine.isdisjoint(_MARKS)
    if marked:
        mine = mine & _MARKS  # one word that tells which: "rather than the current 48 hours"
    if mine and mine <= other_label and mine.isdisjoint(own_label):
        if marked:
            return f"the claim gives {q.text} as the {surface(min(mine))} one, the source {other.text}"
        words = written.split()
        what = " ".join(words[:-1] if words[-1] in ("of", "at", "was", "were") else words)
        return f"the claim gives {q.text} as {what.lower()}, the source {other.text}"
    return ""


_MARKS: Final = frozenset(stem(w) for w in ("current", "original", "previous", "existing", "old", "new"))
"""Words that alone tell which of two figures one is (``the current five days``)."""


_LABEL: Final = re.compile(r"(?:[^\W\d_][\w'\u2019-]*\s+){1,3}(?:of\s+|at\s+|was\s+|were\s+)?[$€£¥₹]?$")
"""Up to three words right before a figure, with ``of``, ``at``, ``was`` between (``running costs of``)."""


def _label(text: str, q: Quantity) -> str:
    """The words right before figure ``q`` in ``text``, within its clause (:data:`_LABEL`), as written."""
    head = text[max(0, q.start - 40) : q.start]
    cut = max(head.rfind(","), head.rfind(";"), head.rfind("("))
    if cut >= 0:
        head = head[cut + 1 :]
    m = _LABEL.search(head)
    return m.group().strip().rstrip("$€£¥₹").strip() if m is not None else ""


def _two_figures(
    relation: Relation, *, times: bool = False
) -> Iterator[tuple[tuple[Quantity, Quantity], tuple[Quantity, Quantity]]]:
    """Each two pairs of matched figures that may sit in each other's place: of one dimension, no
    year (nor time, unless ``times``), and distinct in the claim (:func:`_figures_swapped`,
    :func:`_names_of_figures_swapped`, :func:`_labels_swapped`)."""
    pairs = [(q, r) for q, r in relation.matched if (times or q.dim not in _TIMES) and q.dim != "year"]
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if first[0].dim == second[0].dim and _distinct(first[0], second[0]):
                yield first, second


def _names_of_figures_swapped(relation: Relation, claim: Features, plain: str) -> str:
    """Why two figures of the claim each have the name the sentence gives the other, or "": ``Applications
    from India dropped by 61%, while those from Nigeria were down 38%`` against ``Applications from
    Nigeria fell by 61% and those from India by 38%``. A figure's name is the last of the claim's names
    written before it in its clause (the windows of words around two figures of one sentence overlap:
    both hold both names)."""
    if len(claim.names) < 2 or len(relation.matched) < 2:
        return ""
    for (q1, r1), (q2, r2) in _two_figures(relation):
        mine = (_name_before(claim.plain, q1, claim.names), _name_before(claim.plain, q2, claim.names))
        theirs = (_name_before(plain, r1, claim.names), _name_before(plain, r2, claim.names))
        if mine[0] and mine[1] and mine[0] != mine[1] and theirs == (mine[1], mine[0]):
            return (
                f"the claim gives {q1.text} to {mine[0]} and {q2.text} to {mine[1]}, "
                "the source the other way round"
            )
    return ""


_NAME_WORD: Final = re.compile(r"[A-Z][\w'\u2019-]*")
_NAME_REACH: Final = 60


def _name_before(text: str, q: Quantity, names: frozenset[str]) -> str:
    """The last word before figure ``q`` in its clause (within :data:`_NAME_REACH` characters) whose
    term is one of ``names``, as written, or ""."""
    start = max(0, q.start - _NAME_REACH)
    head = text[start : q.start]
    cut = max(head.rfind(";"), head.rfind(" while "), head.rfind(" whereas "), head.rfind(", but "))
    if cut >= 0:
        head = head[cut:]
    found = ""
    for m in _NAME_WORD.finditer(head):
        word = m.group()
        if not names.isdisjoint(read_terms(word)):
            found = word
    return found


_PART_OF: Final = re.compile(r"\s+of\s+(?:(?:the|its|their|a|an)\s+)?(?:[^\W\d_]+\s+){0,2}")
"""What joins a part to its whole: ``650 metres of the planned 1.8 kilometres``, ``12 of its 40``."""


def _earlier_value(claim: Features, relation: Relation, figures: Sequence[Quantity], plain: str = "") -> str:
    """Why a claim gives as it is the value the sentence says it changed from, or "": ``One in ten
    adults has diabetes`` against ``One in eight ..., up from one in ten in 2015`` (unless the claim
    gives that value's year)."""
    if _BEFORE_NOW.search(claim.plain) is not None:
        return ""  # "a year earlier, sales were £1.9 million": the claim says when, in words
    years = {q.low for q in claim.quantities if q.dim == "year"}
    # "expect 96 stalls this year, compared with 58 last year" against "96 stalls, up from 58 in the
    # square last year": the claim gives the value before with the time the sentence gives it
    last = _LAST_PERIOD.search(claim.plain) is not None
    for q, r in relation.matched:
        if (
            r.role != "from"
            or q.role == "from"
            or (last and not q.role and _LAST_PERIOD.match(plain, r.end, r.end + _LAST_REACH) is not None)
            or q.dim in _TIMES
            or q.dim == "year"
            # "ran from 9 December to 30 March": a span's ends, not a date moved ("moved from")
            or (q.dim == "date" and r.context.isdisjoint(_MOVED))
            or (r.year and r.year in years)
        ):
            continue
        now = next(
            (f for f in figures if f.dim == r.dim and f.role in ("", "to") and _distinct(f, r)),
            None,
        )
        if now is not None:
            return f"the source gives {r.text} as the value before, and {now.text} after"
    return ""


_LAST_PERIOD: Final = re.compile(
    r"(?:\s+(?:in|at|on)\s+(?:the\s+)?[^\W\d_]+)?\s+last\s+(?:year|month|week|season|summer|winter|spring|autumn)\b",
    re.IGNORECASE,
)
"""A time before now right after a figure (``58 in the square last year``): searched in a claim, and
matched after the sentence's value before (its own time, not the time of the value it changed to)."""
_LAST_REACH: Final = 40
_MOVED: Final = frozenset(
    stem(w)
    for w in ("moved", "postponed", "delayed", "changed", "shifted", "rescheduled", "pushed", "brought")
)
"""Words that make a date's ``from`` the date before a move, not where a span starts."""
_BEFORE_NOW: Final = re.compile(
    r"\b(?:previous|earlier|before|prior|ago|used\s+to|had\s+been|formerly|once|original(?:ly)?|initial(?:ly)?)\b",
    re.IGNORECASE,
)
"""Words that put what a claim says before now."""


def _distinct(a: Quantity, b: Quantity) -> bool:
    """Are two figures of one dimension two values: their intervals apart?"""
    (a_low, a_high), (b_low, b_high) = a.interval(), b.interval()
    return a_high <= b_low or b_high <= a_low


def _way(text: str, figure: Quantity) -> int:
    """Which way the words before a figure say it went (1 up, -1 down, 0 none): the last word for a
    direction among the four before it in its clause (``Sales rose 5% while costs fell 5%``: the
    second, down). A word after it (``a 5% rise``) is not read."""
    before = _CLAUSE_CUT.split(text[: figure.start])[-1].split()[-_WAY_WORDS:]
    found = [t for t in read_terms(" ".join([*before, figure.text])) if t in _WAYS]
    return _WAYS[found[-1]] if found else 0


_GAIN_VERBS: Final = frozenset(stem(w) for w in ("gain", "gained", "lose", "lost", "add", "added"))
_GAINS = _GAIN_VERBS | frozenset(stem(w) for w in ("more", "fewer", "less", "higher", "lower"))
"""A claim's words for a change whose amount a sentence's figures compute (``gained 120 members``,
``355 more fines``); its verbs (:data:`_GAIN_VERBS`) qualify the amount no more than ``rose`` does."""
_SINCE: Final = stem("since")
_WAY_WORDS: Final = 4
_CLAUSE_CUT: Final = re.compile(r"[,;:]")
_WAYS: Final = {_INCREASE: 1, _DECREASE: -1, stem("add"): 1}


def _way_stated(way: frozenset[str], relation: Relation, plain: str) -> bool:
    """Does a change amount of the claim pair with one of the sentence that its words say went the
    claim's way (``pushed up ... expenses by £11 a week`` against ``had added £11 a week to ...``)?"""
    wanted = 1 if _INCREASE in way else -1
    return any(q.role == r.role == "by" and _way(plain, r) == wanted for q, r in relation.matched)


TIES: Final = frozenset((stem("reach"),))
"""Verbs that tie a subject to its figure (``reached``, ``handled``, ``served``, ``totalled``,
``drew``, ``attracted``: one term, folded in :mod:`checks.grounding.lexicon`)."""
_WIDTH_VERBS: Final = frozenset(stem(w) for w in ("widened", "narrowed"))
_CHANGE_END_VERBS: Final = TIES | _WIDTH_VERBS
"""What qualifies no value a change went from or to: a tie, or ``widened`` or ``narrowed`` (``widened
to £610,000``), a direction that folds into no ``rose`` or ``fell``; those stay words around the
figure, which sources about it use."""
_CHANGE_AMOUNT_VERBS: Final = TIES | CHANGES | _WIDTH_VERBS | _GAIN_VERBS
_NONE: Final[frozenset[str]] = frozenset()


_PERIOD_TERMS: Final = frozenset(
    stem(w) for w in ("hourly", "daily", "weekly", "monthly", "yearly", "annually")
)
"""The words of a rate's period (``cross the bridge daily``), stated with the rate by a source's
figure (``30,000 vehicles a day``)."""


def tie_terms(claim: Features) -> frozenset[str]:
    """The claim's tying verbs, when it has a figure they could tie (:func:`_tied`), and the period
    of a rate it gives in a word of its own (``daily``)."""
    if not claim.quantities:
        return _NONE
    ties = TIES & claim.terms
    if not _PERIOD_TERMS.isdisjoint(claim.terms) and any(q.dim == "rate" for q in claim.quantities):
        ties |= _PERIOD_TERMS & claim.terms
    if " as " in claim.plain and any(q.dim == "ratio" for q in claim.quantities):
        # "twice as common as on placebo": the figures say how common, as they say "twice"
        ties |= frozenset(chain.from_iterable(read_terms(m.group(1)) for m in _AS_MUCH.finditer(claim.plain)))
    return ties


_CONTEST: Final = frozenset((stem("win"), stem("lose")))
"""A claim's verbs of a contest's result (``won``, ``lost``: :func:`~checks.grounding.roles.wrong_winner`)."""
_AS_MUCH: Final = re.compile(r"\b(?:times|twice|thrice|half)\s+as\s+([^\W\d_]+)\b", re.IGNORECASE)
"""A multiplier's comparison: ``three times as common as``, ``twice as likely as``."""


def way_terms(claim: Features) -> frozenset[str]:
    """The claim's word for which way something went (``rose``, ``fell``), when it has no figure
    but its time or a change amount (:func:`_trend` may read it from a sentence's figures)."""
    figures = strong(claim.quantities)
    said = CHANGES & claim.terms or than_before(claim.plain, years=not figures)
    if not said:
        return _NONE
    if any(q.role != "by" for q in figures):
        return _NONE
    return said


_MORE_WORDS: Final = frozenset(
    ["more", "higher", "bigger", "larger", "greater", "fuller", "longer", "busier"]
)
_THAN_BEFORE: Final = re.compile(
    r"\b(more|less|fewer|higher|lower|bigger|smaller|larger|greater|fuller|emptier|longer|shorter|busier"
    r"|quieter)\b(?:\s+[^\W\d_]+){0,5}\s+than\s+(?:(?:it|they)\s+(?:was|were|did)\s+)?"
    r"(?:a\s+year\s+(?:ago|earlier|before)|last\s+year|the\s+(?:year|month|quarter)\s+before"
    r"|the\s+previous\s+year"
    # a year, for a claim with no figure of its own (:func:`way_terms`): "drew more visitors last year
    # than it did in 2019"; not "won three fewer seats than in 2021", whose figure says it
    r"|(?P<year>in\s+(?:19|20)\d\d(?!\s*[-/\u2013])))\b",
    re.IGNORECASE,
)
"""A comparative against an earlier time (``less for bad debts than a year ago``, ``fuller than a
year earlier``): a change since then, the comparative's way."""


def than_before(plain: str, *, years: bool = False) -> frozenset[str]:
    """The way a claim's comparative against an earlier time says something went (``costs less than
    a year ago``: down), as the term of ``increase`` or ``decrease``; empty for none. ``years``: a
    year is such a time too (``than it did in 2019``)."""
    if " than " not in plain:
        return _NONE
    m = _THAN_BEFORE.search(plain)
    return _NONE if m is None or (m.group("year") and not years) else _way_of(m)


def _way_of(comparative: re.Match[str]) -> frozenset[str]:
    """The term of ``increase`` or ``decrease`` a :data:`_THAN_BEFORE` match says."""
    return frozenset((_INCREASE if comparative.group(1).lower() in _MORE_WORDS else _DECREASE,))


def _tied(relation: Relation) -> bool:
    """Did a figure of the claim pair with one of the sentence: not a year, nor a bare number
    unless the two share a word besides the verb (``membership reached 1,400``, ``membership grew
    from 900 to 1,400``)?"""
    return any(_ties(q, r) for q, r in relation.matched) or any(_ties(q, r) for q, r in relation.conflicts)


def _ties(q: Quantity, r: Quantity) -> bool:
    if q.dim not in WEAK_DIMS:
        return True
    return q.dim == "number" and not (q.context & r.context).issubset(TIES)


def may_support(
    claim: Features,
    weights: Weights,
    terms: frozenset[str],
    *,
    cov: float,
    th: Thresholds,
    similarity: float | None = None,
) -> bool:
    """Could :func:`assess` find that a sentence of these ``terms`` (``cov`` with its surroundings)
    supports the claim? False is certain, and costs no figures or clauses: without the coverage
    (or the cosine) that stating the claim takes, no reading of them makes it support."""
    tied = tie_terms(claim)
    if tied:  # at best, the tying verb is stated
        terms = terms | tied
        cov = max(cov, coverage(weights, terms))
    own = coverage(weights, terms)
    semantic = similarity is not None and similarity >= th.cosine_support and cov >= th.cosine_floor
    stated = len(strong(claim.quantities))  # at best, every one is stated
    if stated >= MIN_STATED_FIGURES:
        own, cov = _lift(own, weights, stated), _lift(cov, weights, stated)
    return _states(own, cov, th) or semantic or (len(claim.terms) < 2 and own > 0)


def relate_figures(
    claim: Features, number: int, index: SourceIndex, memo: dict[int, Relation] | None = None
) -> Relation:
    """The claim's figures paired with sentence ``number``'s (:func:`compare`), kept in ``memo`` (the
    claim's own, by sentence) when given: assessing a sentence and placing a figure in it
    (:mod:`checks.grounding.decide`) pair them once."""
    if memo is not None and number in memo:
        return memo[number]
    relation = compare(
        claim.quantities,
        index.quantities(number),
        claim.terms,
        figure_names(claim, number, index),
        index.plain(number),
        claim_text=claim.plain,
        claim_identifiers=claim.identifiers,
    )
    if memo is not None:
        memo[number] = relation
    return relation


def figure_names(claim: Features, number: int, index: SourceIndex) -> frozenset[str]:
    """The names whose figures a claim's figures are, for pairing them with sentence ``number``'s:
    its first word alone when that sentence writes it as a name (``Madrid is the sunniest capital in
    Europe`` against ``Lisbon is the sunniest capital in Europe, and Madrid is the second
    sunniest``: Madrid's rank is the second; Europe, a name both share, is where; ``Harwick's
    revenue rose 12%`` against ``Corran's revenue rose 12%, while Harwick's fell 3%``), else the
    claim's names."""
    lead = claim.lead
    if lead and lead in index.names(number):
        return frozenset((lead,))
    # A single letter is no name to pair by: the "E" of "A&E" is in both "the A&E target for 71%" and
    # "the national standard for A&E".
    names = (
        claim.names
        if all(len(t) > 1 for t in claim.names)
        else frozenset(t for t in claim.names if len(t) > 1)
    )
    if names and claim.plain[:6] in ("Apart ", "Except", "Other "):
        # Not the names of the claim's own exception, whose figures the claim's are not ("Apart from
        # 33-year-old goalkeeper Mark Dalton, every new signing is under 27": not Dalton's 33).
        spans = excepted(claim.plain)
        if spans and spans[0][0] == 0:
            names = names.intersection(read_terms(claim.plain[spans[0][1] :]))
    return names


_UNIT_DIMS: Final = frozenset(
    ("data", "datarate", "energy", "power", "frequency", "length", "area", "mass", "time")
)
"""The dimensions whose figures may be written in several units (``2 TB``, ``2,000 GB``)."""


def _units_stated(relation: Relation, lacking: frozenset[str]) -> frozenset[str]:
    """The claim's words the sentence lacks (``lacking``) that are units of its figures paired
    with one of the sentence in another unit (``2 TB`` with ``2,000 GB``): stated by that figure."""
    if not lacking or not relation.matched:
        return _NONE
    return lacking.intersection(
        chain.from_iterable(
            read_terms(q.text) for q, r in relation.matched if q.dim == r.dim and q.dim in _UNIT_DIMS
        )
    )


def _names_held(claim: Features, sentence: SourceSentence, answered: frozenset[str] = frozenset()) -> bool:
    """Does the sentence, with its surroundings and the sentence before, name everything the claim
    names (but ``answered``: the units of figures it gives otherwise, ``GB`` against ``TB``, which
    capitals make names)? A disagreement with a sentence about another named subject (``Baltic
    Power's wind farms supplied 28%`` against a Northsea report's ``wind farms supplied 41%``) is no
    contradiction."""
    named = claim.names - answered if answered else claim.names
    return named <= sentence.seen or named <= sentence.seen | sentence.before


def _figures_stated(claim: Features, relation: Relation, seen: frozenset[str]) -> int:
    """How many figures count as words the sentence states: the claim's figures that are not bare
    numbers or years, when the sentence states every one of them and names everything the claim
    names (``Revenue grew 12% to $4.2 billion`` against ``revenue of $4.2 billion, up 12%``: two
    figures stated, besides the words). 0 otherwise: a figure alone never moves a claim about
    another subject."""
    figures = strong(claim.quantities)
    if len(figures) < MIN_STATED_FIGURES or not relation.matched or not claim.names <= seen:
        return 0
    matched = {id(q) for q, _ in relation.matched}
    return len(figures) if all(id(q) in matched for q in figures) else 0


def _lift(share: float, weights: Weights, figures: int) -> float:
    """A coverage ``share`` with ``figures`` stated figures counted as covered words, each weighing
    what a word of the claim weighs on average."""
    if weights.total <= 0 or not weights.terms:
        return share
    extra = figures * weights.total / len(weights.terms)
    return (share * weights.total + extra) / (weights.total + extra)


def _states(own: float, cov: float, th: Thresholds) -> bool:
    """Does a sentence state the claim's words: ``own`` its own coverage, ``cov`` with surroundings?"""
    stated = (own + cov) / 2  # what the surroundings supply counts half towards support
    return stated >= th.support and own >= th.partial


def _same_subject(relation: Relation, weights: Weights, sentence: SourceSentence, index: SourceIndex) -> bool:
    """Do the conflicting figures measure the same thing?

    Not when the claim qualifies its figure with a word no source uses
    (``p99`` against a source's ``p95``), nor when the sentence and its
    surroundings lack a third or more of the words around the claim's figure
    (``mathematics scores`` against ``pupils in comparison schools``): then the
    claim's figure is simply not in the sources.
    """
    seen = sentence.seen | sentence.before if sentence.before else sentence.seen
    for q, _ in relation.conflicts:
        known = weights.figures.get(id(q))
        if known is None:
            # Per claim figure, once: the claim outlives these entries (they go with its Weights).
            # A verb that ties the subject to the figure ("reached") qualifies nothing; nor does the
            # direction of a change amount ("grew by 50%"), which the figures may say (_trend).
            # Nor does "widened" or "narrowed" of the values a change went from and to ("widened to
            # £610,000" against "down from £610,000"), a direction no source need word so.
            if q.role == "by":
                verbs = _CHANGE_AMOUNT_VERBS
            else:
                verbs = _CHANGE_END_VERBS if q.role in ("from", "to") else TIES
            if q.dim == "fraction":
                verbs = verbs | _SHARE_VERBS  # "takes more than half of the budget"
            context = q.context - verbs if not verbs.isdisjoint(q.context) else q.context
            if not PERIOD_MARKS.isdisjoint(context):  # "£3 a year": a mark, not a word
                context = context - PERIOD_MARKS
            foreign = frozenset(t for t in context if t not in index.vocab)
            around = _subset(weights, context.intersection(weights.terms))
            known = weights.figures[id(q)] = (foreign, around)
        # A figure with no words of its own around it ("Most of the 30 beaches") is about the
        # claim as a whole, which the caller has found the sentence to cover. A word only the
        # source's title holds is no foreign word ("joined the school" in a school's report).
        if (known[0] and not known[0] <= sentence.context) or (
            known[1].total > 0 and coverage(known[1], seen) < FIGURE_SUBJECT
        ):
            return False
    return True


_SHARE_VERBS: Final = frozenset(
    stem(w) for w in ("take", "account", "make", "represent", "comprise", "constitute")
)
"""Verbs that tie a share to its part (``takes``, ``accounts for``, ``makes up`` more than half):
they qualify the share no more than ``reached`` qualifies a figure."""


def other_subject(claim: Features, sentence: SourceSentence, index: SourceIndex) -> bool:
    """Does the sentence open with another name in the place of the claim's named subject, a name
    its source gives it? ``Orchid keeps its audit data for 253 days`` against ``Cobalt keeps its
    audit data for 217 days`` in Cobalt's source, whose sentence before names Orchid: Cobalt's
    figure, no disagreement (:func:`_swapped`, its first place)."""
    if not _led_otherwise(claim, sentence) or claim.lead in sentence.terms:
        return False  # (a sentence of two subjects, the claim's among them: "Osprey carries 3,000
        # riders a day and Kestrel 5,500"; the figures' names say whose is whose)
    mine, theirs = _opening(claim.plain), _opening(sentence.plain)
    if (
        len(mine) > 1
        and mine[0][-1:] not in ".,;:!?"
        and (len(theirs) < 2 or _bare(theirs[1]) != _bare(mine[1]))
    ):
        return False  # what follows the subject differs: no swap in its place (_swapped's test, first)
    swap = _swapped(claim, sentence, index, several=False)
    return swap is not None and swap[2] == frozenset((claim.lead,))


def _subject_names(claim: Features) -> frozenset[str]:
    """The claim's names and its first word when capitalised (a name the sentence alone cannot tell)."""
    return claim.names | {claim.lead} if claim.lead else claim.names


_REFERRING: Final = re.compile(
    r"(?:It|They|He|She|Its|Their)\s(?!(?:is|was|has\s+been|had\s+been|will\s+be|would\s+be|seems|seemed"
    r"|appears|appeared|remains|remained)\s+\w+\s+(?:that|to|whether|if|how|why|when)\b)"
)
"""A sentence that opens with a pronoun for what the sentence before is about (``It employs 450
people``), not one that opens with an empty ``It`` (``It is likely that``, ``It was decided to``)."""
_SUBJECT_SLACK: Final = 2
"""How many of the sentence before's first terms past the claim's own may stand between them (a
verb, a word of its subject the claim leaves out): its subject is where a referent is."""


def _referent(
    claim: Features, relation: Relation, sentence: SourceSentence, index: SourceIndex
) -> tuple[frozenset[str], Relation]:
    """The claim's words that the pronoun opening ``sentence`` stands for, read from the opening words
    of the sentence before (its subject): ``Harwick plant`` in ``The Harwick plant opened in 2001. It
    employs 450 people``, not ``Corran depot`` in ``The Harwick plant supplies the Corran depot``.

    Only when the sentence gives the claim's figures, but for a count of the subject that the
    sentence before gives (``Kelston's two libraries share one catalogue. They lend 80,000 books a
    year.``), with no figure disagreeing: the figures bind the claim to it (``It was published in
    June`` is no referent's ``was 4,300 in June``). Empty when the sentence opens its source or the
    claim's missing words are not all in that subject. The relation comes back with the sentence
    before's figures among the matched."""
    if relation.conflicts or (claim.quantities and not relation.matched):
        return _NONE, relation
    if not relation.matched and claim.terms.isdisjoint(sentence.terms):
        return _NONE, relation  # "Its offices are in Leeds" states nothing the claim says itself
    n = sentence.number
    if n == index.spans[sentence.source_id][0]:
        return _NONE, relation
    missing = claim.terms - sentence.terms
    if not missing:
        return _NONE, relation
    before = index.plain(n - 1)
    opening = read_terms(before)[: len(missing) + _SUBJECT_SLACK]
    if not missing.issubset(opening):
        return _NONE, relation
    if relation.missing:
        # Only a count of the subject itself ("two libraries"): a figure the sentence before states
        # of its subject ("handled 1,200 requests per second. Its p95 latency was 45 ms") makes the
        # claim a synthesis of the two sentences, inferred.
        counts = (
            q.dim[:6] == "count:" and not missing.isdisjoint(q.dim[6:].split()) for q in relation.missing
        )
        if not all(counts):
            return _NONE, relation
        held = compare(relation.missing, index.quantities(n - 1), claim.terms, claim.names, before)
        if held.conflicts or held.missing:
            return _NONE, relation
        relation = relation._replace(matched=relation.matched + held.matched, missing=())
    return missing, relation


_COMPARISON: Final = re.compile(
    rf"\b(?P<word>{'|'.join(sorted(COMPARATIVES))})\b(?P<middle>[^.;]*?)\bthan\s+"
    r"(?:(?:in|at|for|during|on|by|among|with|the|those\s+of|that\s+of)\s+)*(?P<other>[^\W\d_][\w'-]*|\d{4}\b)",
    re.IGNORECASE,
)
"""A comparison of two times or two named places with no figure of its own (``fewer patients in March
than in February``, ``higher in Corran than in Ashby``): its word, and the other side after ``than``."""


_EARLIER: Final = re.compile(
    r"\bthan\s+(?P<when>(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:years?|months?"
    r"|weeks?|decades?)\s+(?:earlier|before|ago))|(?:the|a)\s+(?:year|month|week|season|decade)\s+(?:earlier|before))\b",
    re.IGNORECASE,
)
"""A comparison with a time before, counted back (``than five years earlier``, ``than the year before``)."""


_GROUP: Final = re.compile(r"\b(?:on|in|for|among|with|at)\s+(?:the\s+|a\s+|an\s+)?([a-z][\w-]*)")
"""A group a claim compares, after its preposition: ``on placebo``, ``among women``."""


_AFTER_THE_FIRST: Final = re.compile(r"\bafter\s+the\s+first\b[^,.;:]*")
"""What a claim says is past, so not what it is about: ``after the first two weeks``."""


def _compared(
    claim: Features, sentence: SourceSentence, index: SourceIndex
) -> tuple[bool, str, frozenset[str]] | None:
    """Does the sentence's figures' order agree with a claim that compares two times or two named
    places (``fewer patients in March than in February`` against ``1,200 patients in March, up from
    950 in February``)? (agrees, why, the terms of the claim's word for the comparison, which the
    figures state), or None when the claim compares nothing so, or the sentence
    gives no figure of one dimension to each side.

    A side is a year (the figure's year, :attr:`Quantity.year`), a month or a name: the one in the
    figure's clause (``Bus fares in Corran are £2.50; in Ashby they are £3``)."""
    m = _COMPARISON.search(claim.plain)
    if m is None:
        return None
    earlier = _EARLIER.search(claim.plain, m.end("middle"))
    if earlier is not None:
        return _compared_with_earlier(m.group("word"), earlier["when"], sentence, index)
    other = m.group("other")
    mine = claim.plain[: m.start()] + " " + m.group("middle")
    low = other.lower()
    if other.isdigit():
        candidates = [
            next(
                (f"{q.low:.0f}" for q in claim.quantities if q.dim == "year" and f"{q.low:.0f}" != other), ""
            )
        ]
    elif low in MONTHS:
        candidates = [
            next((w for w in re.findall(r"[A-Za-z]+", mine) if w.lower() in MONTHS and w.lower() != low), "")
        ]
    elif other[:1].isupper():
        other = other.removesuffix("'s").removesuffix("\u2019s")
        # The claim's capitalised words before the comparison that the sentence holds too, nearest
        # first: the first that has a figure of its own in the sentence is the claim's side.
        names = [
            w.removesuffix("'s").removesuffix("\u2019s") for w in re.findall(r"\b[A-Z][\w'\u2019]*", mine)
        ]
        candidates = _held(names, other, sentence.plain)
    elif low not in STOPWORDS and other.replace("-", "").isalpha():
        # Two groups: "more common on placebo than on the drug", "higher among women than among men":
        # the claim's words after a preposition before the comparison that the sentence holds.
        candidates = _held(_GROUP.findall(mine), other, sentence.plain, re.IGNORECASE)
    else:
        return None
    if not any(candidates) and not other.isdigit():
        return None
    # No year of its own against the other's ("drew fewer crews than in 2022"): the claim's side is
    # the sentence's undated figure of the other side's kind ("120 crews ..., up from 85 in 2022").
    text = sentence.plain
    figures = _amounts(index, sentence)
    this, a, b = "", None, None
    for this in candidates:
        sides = _compared_sides(this, other, figures, text)
        a, b = sides.get(this), sides.get(other)
        if a is None and b is not None and (not this or this in _years_of(index, sentence)):
            # The claim's year is the sentence's other one, not read as any figure's ("148,000 tonnes
            # to landfill in 2024, down from 171,000 tonnes in 2019"): its undated figure.
            a = next((q for q in figures if not q.year and q.dim == b.dim and q is not b), None)
        if a is not None and b is not None:
            break
    if a is None or b is None:
        return None
    return _in_order(m.group("word"), a, b, (this, other), m.group("middle"))


def _amounts(index: SourceIndex, sentence: SourceSentence) -> list[Quantity]:
    """The sentence's figures a comparison can order: no year, no vague or ranged one, no rank (``the
    region's largest city`` is no amount of the city's)."""
    return [
        q
        for q in index.quantities(sentence.number)
        if q.dim != "year" and q.dim[:4] != "rank" and not q.vague and q.low == q.high
    ]


def _years_of(index: SourceIndex, sentence: SourceSentence) -> set[str]:
    """The years the sentence gives, as a claim's comparison writes them (``2024``)."""
    return {f"{q.low:.0f}" for q in index.quantities(sentence.number) if q.dim == "year"}


def _compared_with_earlier(
    word: str, when: str, sentence: SourceSentence, index: SourceIndex
) -> tuple[bool, str, frozenset[str]] | None:
    """A claim that compares its figure with one of a time counted back (``sent more waste to
    landfill than five years earlier``) against a sentence that dates a figure the same way (``148,000
    tonnes ..., down from 171,000 tonnes five years earlier``): that figure is the other side, and
    the sentence's other figure of its kind, undated, the claim's."""
    text = sentence.plain
    at = re.search(rf"\b{re.escape(' '.join(when.split()))}\b", text, re.IGNORECASE)
    if at is None:
        return None
    figures = _amounts(index, sentence)
    b = next((q for q in reversed(figures) if q.end <= at.start()), None)
    if b is None or CLAUSE_END.search(text, b.end, at.start()) is not None:
        return None
    a = next((q for q in figures if q is not b and q.dim == b.dim and not q.year and q.role != "from"), None)
    if a is None:
        return None
    return _in_order(word, a, b, ("", when), "")


def _in_order(
    word: str, a: Quantity | None, b: Quantity | None, sides: tuple[str, str], middle: str
) -> tuple[bool, str, frozenset[str]] | None:
    """Whether the claim's comparison ``word`` agrees with its side's figure ``a`` against the other
    side's ``b`` (see :func:`_compared`); ``sides``: the words for each side (the claim's may be "")."""
    if a is None or b is None:
        return None
    this, other = sides
    # A bare number that elides the other's unit ("9,000 passengers a day in 2023 and 7,500 in 2024")
    # is read in that unit, as quantities reads one that ends its clause.
    if a.dim != b.dim and b.dim == "number":
        b = in_unit_of(b, a) or _counted_as(b, a)
    elif a.dim != b.dim and a.dim == "number":
        a = in_unit_of(a, b) or _counted_as(a, b)
    if a is None or b is None or a.dim != b.dim or a.low == b.low:
        return None
    agrees = (a.low > b.low) == (word.lower() in MORE_WORDS)
    detail = (
        f"the source gives {a.text} for {this or 'its own time'}, {b.text} {other}"  # "8% more than"
        if b.role == "derived" and other not in b.text
        else f"the source gives {a.text} for {this or 'its own time'} and {b.text} for {other}"
    )
    said = frozenset(read_terms(word))
    if word.lower() in ("more", "less"):
        # "more common", "less likely": the adjective is the comparison's too, which the figures state.
        said |= frozenset(read_terms(" ".join(middle.split()[:1])))
    return agrees, detail, said


def _counted_as(number: Quantity, count: Quantity) -> Quantity | None:
    """A bare number read as what a count of the other side counts, when that count is a part whose
    whole names it (``120 of 400 patients on the drug ..., against 40 of 400 on placebo``: 40
    patients), or None."""
    if count.dim[:6] != "count:" or not count.text.replace(",", "").isdigit():
        return None
    return number._replace(dim=count.dim)


def _held(words: Sequence[str], other: str, plain: str, flags: int = 0) -> list[str]:
    """Those of ``words`` (the claim's, before its comparison), nearest to it first, that are neither
    ``other`` nor a stopword and that ``plain`` holds as a word (matched with ``flags``)."""
    low = other.lower()
    return list(
        dict.fromkeys(
            w
            for w in reversed(words)
            if w.lower() != low
            and w.lower() not in STOPWORDS
            and re.search(rf"\b{re.escape(w)}\b", plain, flags) is not None
        )
    )


def _compared_sides(this: str, other: str, figures: Sequence[Quantity], text: str) -> dict[str, Quantity]:
    """Each side's figure in the sentence ``text``: a year's (``other`` a year: the figure's year), or
    the first figure whose clause holds the side's word and not the other's."""
    sides: dict[str, Quantity] = {}
    for q in figures:
        if other.isdigit():
            side = f"{q.year:.0f}" if q.year else ""
        else:
            cuts = [e.end() for e in CLAUSE_END.finditer(text, 0, q.start)]
            end = CLAUSE_END.search(text, q.end)
            stop = end.start() if end is not None else len(text)
            held: list[str] = []
            # The figure's clause, else back over an aside with no figure ("while Wenford, the
            # region's largest city, lost only three"): up to two clauses before.
            for back in range(3):
                start = cuts[-1 - back] if len(cuts) > back else 0
                clause = text[start:stop].lower()
                held = [w for w in (this, other) if w and re.search(rf"\b{re.escape(w.lower())}\b", clause)]
                if held or start == 0 or any(start <= f.start < q.start and f.dim == q.dim for f in figures):
                    break
            if len(held) == 2 and (held[0].lower() in held[1].lower() or held[1].lower() in held[0].lower()):
                held = [max(held, key=len)]  # "non-smokers" holds "smokers": the clause is the longer's
            side = held[0] if len(held) == 1 else ""
        if side in (this, other) and side not in sides:
            sides[side] = q
    return sides


_FIRST_SINCE: Final = re.compile(r"\bfirst\s+time\s+since\s+$", re.IGNORECASE)
_FIRST_TIME_SINCE: Final = re.compile(
    r"\bfirst\s+(?:time\s+)?(?:since|in\s+(?:\w+\s+)?(?:years|decades))\b", re.IGNORECASE
)
"""``for the first time since 1998``, ``its first title in 30 years``: it had not happened since."""
_NOT_SINCE: Final = re.compile(
    r"\b(?:has|have|had)(?:\s+not|\s+never|n't)\b.*?\b(?:since|for|in)\b.*?\b(?:\d{4}|years?|decades?|century)\b",
    re.IGNORECASE,
)
"""What has not happened for a time: ``has not hosted the championships for a quarter of a century``."""
_AT_A_TIME: Final = re.compile(
    r"\b(?:in|during|on)\s+(?:(?:early|late|mid)[\s-]+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
    rf"(?:(?:{'|'.join(sorted(MONTHS))}|{'|'.join(SEASONS)})\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?$",
    re.IGNORECASE,
)
"""What dates a statement to the year after it: ``in``, ``during`` or ``on``, with a month, a season or a
day between (``in March 2001``, ``on 4 May 2019``, ``in early 2020``); not ``since``, ``until``, ``by``."""


def _event_years(plain: str, figures: Sequence[Quantity]) -> list[tuple[float, float]]:
    """The years a statement is dated to (:data:`_AT_A_TIME`), as intervals, and the years listed
    with them (``cancelled in 2020 and 2021``), and the years from one to another (``every year from
    1998 to 2022``); else the years after one it happens for the first time since (``cancelled for
    the first time since 1998``)."""
    out: list[tuple[float, float]] = []
    since: list[tuple[float, float]] = []
    last: Quantity | None = None
    until = -1
    for i, q in enumerate(figures):
        if q.dim != "year" or i == until:
            continue
        if q.role == "from":
            # "every year from 1998 to 2022": the years between
            until, end = next(((j, r) for j, r in enumerate(figures) if j > i and r.dim == "year"), (-1, q))
            if end.role == "to" and end.low >= q.low:
                out.append((q.low, end.high))
                continue
        if _AT_A_TIME.search(plain, max(0, q.start - 32), q.start) is not None or (
            last is not None and LISTED.fullmatch(plain, last.end, q.start) is not None
        ):
            out.append((q.low, q.high))
            last = q
        elif _FIRST_SINCE.search(plain, max(0, q.start - 32), q.start) is not None:
            since.append((q.high + 1, 9999.0))
    # "cancelled for the first time since 1998": an event after that year, when no year dates it
    return out or since


def _other_times(claim: Features, sentence: SourceSentence, index: SourceIndex) -> bool:
    """Are the claim and the sentence dated to different years (``closed in 2019`` against ``opened
    in 2001``): two events, which opposite words do not set against each other? Not when either is
    undated, nor when a year of one is a year of the other."""
    mine = _event_years(claim.plain, claim.quantities)
    if not mine:
        return False
    theirs = _event_years(sentence.plain, index.quantities(sentence.number))
    return bool(theirs) and not any(a <= d and c <= b for a, b in mine for c, d in theirs)


_SOURCE_DENIES: Final = "the source denies what the claim states"
_SOURCE_AFFIRMS: Final = "the source affirms what the claim states"
_EXCEPTED_REST: Final = re.compile(r"(?:except|apart|other)\b", re.IGNORECASE)


def _tells_an_exception(claim: Features, plain: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Does the claim name what one of the sentence's exceptions excepts (a word of the exception's
    own, the rest's words aside) and tell what the sentence says of it after it (as
    :func:`_tells_the_exception` reads)? ``In parts of Cumbria and the Highlands, storms held up
    deliveries`` against ``Deliveries ran normally ... except in parts of Cumbria and the Scottish
    Highlands, where storms caused delays``: no denial of the exception's."""
    for start, end in spans:
        own = frozenset(read_terms(plain[start:end])) - frozenset(read_terms(plain[:start]))
        if not own.isdisjoint(claim.terms) and _tells(claim, plain, start, end):
            return True
    return False


def _named_exception(
    claim: Features, sentence: SourceSentence, index: SourceIndex, *, naming: bool
) -> tuple[int, int] | None:
    """The span of the sentence's exception a claim names (a word of the exception's own, the rest's
    words aside) and speaks of with the rest's words only: the claim's other words the sentence
    gives all stand outside the exception and its own clause (``, which will continue to recruit``),
    and some do. ``The Belfast hub will be affected`` against ``All of the firm's offices will be
    affected except its Belfast hub``. With ``naming`` (a claim with words for an exception of its
    own, ``is exempt from``, ``will be spared``, or a denial) it need only name it. None when the
    sentence excepts nothing the claim names."""
    exceptions = index.modes(sentence.number).exceptions
    if not exceptions:
        return None
    plain = sentence.plain
    for start, end in exceptions:
        inside = frozenset(read_terms(plain[start:end]))
        before = frozenset(read_terms(plain[:start]))
        # what is excepted, up to a verb of its own ("but the organ | was moved to the new site")
        verb = _FINITE.search(plain, start, end)
        excepts = frozenset(read_terms(plain[start : verb.start()])) if verb is not None else inside
        if (excepts - before).isdisjoint(claim.terms):
            continue
        if naming:
            return start, end
        own_clause = _OF_THE_EXCEPTION.match(plain, end) is not None
        after = frozenset(read_terms(plain[end:]))
        rest = before if own_clause else before | after
        mine = (claim.terms - inside) & sentence.terms
        if mine and mine <= rest and not (own_clause and not mine.isdisjoint(after)):
            return start, end
    return None


_FINITE: Final = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|can|could|may|might|must|should|do|does|did)\b",
    re.IGNORECASE,
)
_EXEMPTS: Final = frozenset(
    stem(w)
    for w in ("exempt", "exempted", "spared", "excluded", "excepted", "unaffected", "immune", "except")
)
"""A claim's words for an exception: what it says of the excepted is not what the rest is said to be."""


def _tells_the_exception(
    claim: Features,
    plain: str,
    figure: Quantity,
    spans: Sequence[tuple[int, int]],
    figures: Sequence[Quantity],
) -> bool:
    """Does the claim say what the sentence says of its exception after it, not what it says of the
    rest before it (``figures``: the sentence's)? Of the claim's words beyond the exception's own (and
    what its figure counts), some are in the sentence after the exception, as many as before it at
    least: ``Printing of the paper stopped for nine days during the 1926 General Strike`` against
    ``The paper has never missed an edition except in 1926, when the General Strike halted printing
    for nine days`` tells of 1926; ``The paper missed an edition in 1926`` would be the exception
    denied."""
    start, end = next((a, b) for a, b in spans if a <= figure.start < b)
    # What the exception's figure counts is the exception's too ("except the 11 run by the charity
    # Hartwell Trust, which froze them": 11 homes, the homes of "All 118 homes surveyed raised")
    if figure.dim[:6] == "count:":
        counted = frozenset(figure.dim[6:].split())
    elif figure.dim == "number":  # a bare number counts what a count of the sentence before it does
        counted = frozenset(
            chain.from_iterable(
                q.dim[6:].split() for q in figures if q.end <= start and q.dim[:6] == "count:"
            )
        )
    else:
        counted = frozenset()
    return _tells(claim, plain, start, end, counted)


def _tells(claim: Features, plain: str, start: int, end: int, counted: frozenset[str] = frozenset()) -> bool:
    """Of the claim's words beyond those of the exception at ``start:end`` (and ``counted``, what its
    figure counts), are some in the sentence after it, as many as before it at least, where a clause
    of the exception's own follows it (``, where``, ``, which``, ``; they``)?"""
    if _OF_THE_EXCEPTION.match(plain, end) is None:
        return False  # the sentence's main clause follows ("Apart from the harbour wall, | every ...")
    mine = claim.terms.difference(read_terms(plain[start:end]), counted)
    after = len(mine.intersection(read_terms(plain[end:])))
    return after > 0 and after >= len(mine.intersection(read_terms(plain[:start])))


_OF_THE_EXCEPTION: Final = re.compile(r"\s*[,;]\s*(?:where|which|when|who|whose|they|it)\b", re.IGNORECASE)
"""What opens a clause of the exception's own after it (``except in 1926, when ...``)."""


def _within_any(figure: Quantity, spans: Sequence[tuple[int, int]]) -> bool:
    return any(a <= figure.start < b for a, b in spans)


def _bounded(relation: Relation) -> tuple[Quantity, Quantity] | None:
    """A claim figure stated exactly whose counterpart is only a bound (``up to 40%``, ``more than
    a million``) or a range (``between 40 and 50``, ``£5 to £8``, ``the 1990s``): the claim's value
    is within it, not stated by it. A bound is no year, rank or share in words, nor ``no more than
    12`` (an emphasis: only 12, or as many as 12); a range may be years (``1994`` against ``the
    1990s``). So is a claim's bound that holds only some of the source's range (``over 50`` against
    ``aged 40 to 65``), and a claim's range against a bound (``aged 70 to 85`` against ``over 65``)."""
    for q, r in relation.matched:
        if q.kind in ("lower", "upper") and r.kind == "range" and r.low < r.high:
            # "over 50" against "aged 40 to 65": some of the range only.
            if (r.low < q.low) if q.kind == "lower" else (r.high > q.high):
                return q, r
            continue
        if q.kind == "range" and r.kind in ("lower", "upper") and not r.vague:
            return q, r  # "aged 70 to 85" against "over 65": the source gives only the bound
        if q.kind != "exact" or q.low != q.high:
            continue
        if r.kind == "range" and r.low < r.high:
            return q, r
        bound = (
            r.kind in ("upper", "lower") and not r.vague and not r.text[:3].lower().startswith(("no ", "not"))
        )
        if bound and q.dim not in _UNBOUNDED:
            return q, r
    return None


_UNBOUNDED: Final = frozenset({"year", "quarter", "half", "rank"})


def _associated_only(claim: Features, sentence: SourceSentence) -> str:
    """The words with which a sentence says only that two things go together (``was associated
    with``, ``is linked to``, ``coincided with``), when the claim relates those two things without
    them (``Air pollution caused asthma``, ``Green spaces improve mental health``): a cause, or a
    plain statement, where the source reports a correlation. "" otherwise: the claim says
    ``associated`` too, or holds the words of one side only (``Lung cancer kills 30,000 a year``
    against ``Smoking is linked to lung cancer, which kills 30,000 a year``), or the source's words
    may join things (``linked``, ``tied``, ``connected``) and the claim states no cause (``A rail
    line links the town to the city`` against ``The town is linked to the city by rail``)."""
    span = associated(sentence.plain)
    if span is None or associated(claim.plain) is not None:
        return ""
    start, end, ambiguous = span
    if ambiguous and not causal(claim.plain):  # "is linked to the island by a causeway"
        return ""
    return _joined(claim, sentence.plain, start, end)


def _sought_only(claim: Features, weights: Weights, plain: str) -> str:
    """The words with which the clause of a sentence that best holds the claim says it was asked for
    (``has submitted a bid for £1.8 million from Arts Council England``: :func:`lexicon.sought`),
    where the claim says it was had (``Arts Council England has awarded the playhouse £1.8
    million``), or "". A claim that says it was asked for too (``submitted a rescue bid``) is no
    such claim, nor one that says it was refused (:data:`_REFUSAL`: ``Plans for a visitor centre were
    refused``, what became of what was asked for)."""
    if not sought(plain) or sought(claim.plain) or claim.prospective or _REFUSAL.search(claim.plain):
        return ""
    parts = cut(plain)
    best = max(parts, key=lambda part: coverage(weights, frozenset(read_terms(part))))
    found = sought(best)
    if found or len(parts) < 2:
        return found
    # A word of the claim that only the clause of the request holds ("froze rents" against "A request
    # from tenants for rents to be frozen | while repairs were outstanding was rejected"): what was asked.
    asked = [part for part in parts if sought(part)]
    in_asked = frozenset().union(*(read_terms(part) for part in asked))
    rest = frozenset().union(*(read_terms(part) for part in parts if part not in asked))
    if any(t in in_asked and t not in rest and t not in claim.names for t in weights.terms):
        return sought(asked[0]) if asked else ""
    return ""


_CAUSED: Final = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|l(?:ed|eads?|eading)\s+to|result(?:s|ed|ing)?\s+in|responsible\s+for"
    r"|trigger(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)
"""A claim's words that one thing made another happen, and nothing more (not a change verb:
``reduced`` also says what happened)."""


def _cause_unsaid(claim: Features, sentence: SourceSentence) -> str:
    """The words with which a claim says one thing caused another (``caused a 12% rise``), when the
    sentence gives no cause at all (:func:`lexicon.explains`): ``In Brenford, where a similar charge
    was introduced in 2021, fly-tipping reports rose by 12% the following year`` says when, not why.
    "" otherwise."""
    found = _CAUSED.search(claim.plain)
    if found is None or explains(sentence.plain):
        return ""
    return found.group()


def _followed_only(claim: Features, sentence: SourceSentence) -> str:
    """The word with which a sentence says only that one thing came after another (``after``,
    ``following``, ``since``: :func:`lexicon.sequenced`), when the claim says one caused the other
    (``The new street lights caused crime to fall`` against ``Crime fell after new street lights
    were installed``). "" otherwise: the claim gives no cause, says ``after`` itself, or holds the
    words of one side only (``The council raised parking fees`` against ``... after the review``)."""
    span = sequenced(sentence.plain)
    if span is None or not causal(claim.plain) or sequenced(claim.plain) is not None:
        return ""
    return _joined(claim, sentence.plain, *span)


_AND_VERB: Final = re.compile(
    r"\s+and\s+(?=(?:that|plans?|says?|said|will|would|expects?|hopes?|aims?|intends?|is|are|was|were|has"
    r"|have|had|[a-z]+ed)\b)"
)
"""``and`` before a verb of its own, or before ``that`` (a second thing said): a clause of its own (``has
recruited 260 paramedics this year | and plans to hire 150 more``; ``said charges had not kept pace |
and that the rise would bring in £1.6 million``)."""


def _planned(weights: Weights, plain: str, claim: Features | None = None) -> bool:
    """Does the clause of a sentence that best holds the claim state a plan or a possibility (the
    sentence holds one: :func:`lexicon.prospective`)? Not where the plan is another clause's (``The
    firm, which will open a new office, employs 300 people``); a tie counts as planned. So does a
    sentence that holds a word of the claim only in a clause of a plan (``Lumen 4.2 removes the v1
    endpoints`` against ``deprecates the v1 endpoints, which will be removed in 5.0``: the removal
    is the plan's). Where clauses write every figure of a ``claim`` of two or more, the claim is theirs,
    and a name of the claim's another clause holds is no word of a plan
    (``Chemistry entries at Brindlecote Sixth Form College went up from 186 to 241`` against ``Entries
    for chemistry rose from 186 to 241, | and the college said the new facilities "may have encouraged"
    ...``)."""
    parts = (
        [piece for part in cut(plain) for piece in _AND_VERB.split(part)] if " and " in plain else cut(plain)
    )
    if len(parts) == 1:
        return True
    read = [(frozenset(read_terms(part)), prospective(part)) for part in parts]
    digits = claim.digits if claim is not None else ()
    holding = [k for k, part in enumerate(parts) if all(d in part for d in digits)] if len(digits) > 1 else []
    subject = _NONE
    if claim is not None and holding and len(holding) < len(parts):
        planned = any(read[k][1] for k in holding)
        subject = claim.names
    else:
        best, planned = -1.0, True
        for terms, plan in read:
            cov = coverage(weights, terms)
            if cov > best or (cov == best and not planned):
                best, planned = cov, plan
    if planned:
        return True
    in_plans = frozenset().union(*(terms for terms, plan in read if plan))
    if not in_plans:
        return False
    stated = frozenset().union(*(terms for terms, plan in read if not plan))
    return any(t in in_plans and t not in stated and t not in subject for t in weights.terms)


def _some_only(claim: Features, sentence: SourceSentence) -> str:
    """The words with which a sentence says of only some what the claim says in general (``Some
    tenants in the block`` against ``Tenants in the block face higher rents``), or "": when the claim
    says for how many itself (``some``, ``all``, ``most``, a figure), or the words after the
    sentence's ``some`` are none of the claim's (``supports several languages, including French``:
    no clause opens with it, and ``languages`` is not the claim's)."""
    found = some_of(sentence.plain)
    if found is None or claim.quantities or quantified(claim.plain):
        return ""
    some, after = found
    if claim.terms.isdisjoint(read_terms(after)):
        return ""
    head = after.split()
    if len(head) > 1 and head[-1].lower() in STOPWORDS:
        head.pop()  # "Some tenants in": the noun, not the word after it
    return " ".join([some, *head])


_IN_WHOLE: Final = re.compile(
    r"\b(?<!\bon\s)(?<!\bon\sthe\s)(?<!\bas\sa\s)(?:the\s+)?(?:whole|entire)\b(?!\s+of\b)(?:\s+[a-z]+)?"
    r"|\b(?:entirely|wholly|completely|fully|in\s+full|all\s+of\s+the)\b",
    re.IGNORECASE,
)
"""The words with which a claim says something of a whole or in full (``the whole museum``,
``closed entirely``, ``fully refunded``); not ``on the whole`` or ``as a whole``."""
_WHOLE_STATED: Final = re.compile(
    r"\b(?:whole|entire|entirely|wholly|completely|fully|in\s+full|all|every|total|totally)\b", re.IGNORECASE
)
"""The words with which a sentence speaks of a whole itself: then it may state a claim of one."""


def _whole_only(claim: str, sentence: str) -> str:
    """The words with which a claim says what it says of a whole or in full (:data:`_IN_WHOLE`), where
    the sentence says nothing of the kind (``The whole museum will close from January`` against
    ``... which will close the upper floor from January``), or ""."""
    if not any(w in claim for w in _WHOLE_CUES):
        return ""
    m = _IN_WHOLE.search(claim)
    if m is None or _WHOLE_STATED.search(sentence) is not None:
        return ""
    return m.group()


_WHOLE_CUES: Final = ("hole", "ntire", "lly", "in full", "ll of the")
"""Substrings of every :data:`_IN_WHOLE` phrase (tested at C speed before the pattern)."""


def _reported_only(claim: Features, weights: Weights, sentence: SourceSentence) -> str:
    """Who holds as a view what the claim states as fact, and the words that say so (``Critics of
    the scheme say``), when the sentence gives the claim as someone's view (:func:`lexicon.reported`:
    ``Police believe the fire was started deliberately``, ``The study suggests that``). "" otherwise:
    the claim reports a view itself (``Critics say``, ``the maker claims``; its speaker, of
    :func:`~checks.grounding.speakers.speaker`, the view's holder: ``Analysts at Cornhill Economics
    expect``, not where the holder disputes it: ``The orchestra accepts`` against ``though the
    orchestra disputes claims``), or what is given as a
    view covers less of the claim than the rest of the sentence (``The council approved the plan,
    which critics argue will raise rents``). The view is the clause after those words, or the one
    before them where they close the sentence (``Sales will fall, analysts say``)."""
    span = reported(sentence.plain)
    if span is None or reports(claim.plain):
        return ""
    start, end = span
    plain = sentence.plain
    before, after = plain[:start], plain[end:].lstrip(" ,;:")
    view = clause_at(after, 0) if after.strip(" .!?") else ""
    if view:
        holder = clause_at(before, len(before) - 1) if before.strip() else ""
        rest = plain[: start - len(holder)] + " " + after[len(view) :]
    else:
        holder = ""
        view = clause_at(before.rstrip(" ,;:"), max(len(before.rstrip(" ,;:")) - 1, 0))
        rest = before[: len(before.rstrip(" ,;:")) - len(view)]
    if not view or not _holds_claim(claim, view):
        return ""
    if coverage(weights, frozenset(read_terms(view))) <= coverage(weights, frozenset(read_terms(rest))):
        return ""
    said = (holder + plain[start:end]).split()[-8:]
    mine = speaker(claim.plain)
    if mine is not None and mine.head in read_terms(" ".join(said)) and not disputes(" ".join(said)):
        return ""  # the claim gives the view as theirs too ("Analysts at Cornhill Economics expect")
    return " ".join(said[:-1] if len(said) > 1 and said[-1].lower() == "that" else said)


def _joined(claim: Features, plain: str, start: int, end: int) -> str:
    """The words ``plain[start:end]`` when the clauses on either side of them both hold words of the
    claim, else "". Opening the sentence (``Since the bypass opened, accidents fell``), they join
    the clause they open to the one after it."""
    before, after = plain[:start], plain[end:]
    if before.strip():
        left = clause_at(before, len(before) - 1)
        if not read_terms(left):
            # "Air pollution on Bridge Street, the most polluted road in the borough, | has been linked
            # to": no word of its own but the verb's; its subject stands before the aside.
            left = before
        right = clause_at(after, 0) if after else ""
    else:
        left = clause_at(after, 0) if after else ""
        rest = after[len(left) :].lstrip(" ,;:")
        right = clause_at(rest, 0) if rest else ""
    if not left or not right or not (_holds_claim(claim, left) and _holds_claim(claim, right)):
        return ""
    return " ".join(plain[start:end].split())


def _holds_claim(claim: Features, clause: str) -> bool:
    """Does ``clause`` hold a word or a figure of the claim (``the four-day week``: a figure)?"""
    if not claim.terms.isdisjoint(read_terms(clause)):
        return True
    lowered = clause.lower()
    return any(q.text.lower() in lowered for q in claim.quantities)


def _said_of_another(
    claim: Features,
    weights: Weights,
    clauses: Clauses,
    names: frozenset[str],
    texts: Sequence[str] = (),
    *,
    around: frozenset[str] = frozenset(),
) -> str:
    """Does the sentence say what the claim says of its subject, but of another? ``Professor Tom Hale
    led the study`` against ``Dr Ana Ruiz led the study, which Professor Tom Hale reviewed``: every
    word is there, yet the clause that says ``led the study`` names Ana Ruiz, and Tom Hale only
    another clause. The names of that clause (in words), or "" when the clause that best holds the
    rest of the claim names a name of the claim, or none but the claim's.

    A claim with no name has the words before its first auxiliary for its subject (``The emergency
    department was rated requires improvement`` against ``Inspectors rated the maternity unit as
    requires improvement, while the emergency department was rated good``): then the words of that
    clause (``texts``, the clauses' own) the claim lacks."""
    if len(clauses) < 2:
        return ""
    mine = _subject_names(claim)
    worded = not mine  # the subject read from the claim's words, not its names
    if not claim.names and claim.lead:
        # No name but the claim's first word: the subject may be its first words, which one clause
        # holds and says something else of.
        lead = _leading_words(claim.plain, clauses)
        if len(lead) > 1:
            mine, worded = lead, True
    elif worded:
        # A clause must hold all of those words to be about the subject, and say something else of
        # the claim's kind there ("was rated good"; not a subject cut off from its predicate by a
        # comma: "The new law, | passed by 312 votes to 208, | takes effect in April").
        mine = _subject_words(claim.plain)
        if not mine or not any(
            mine <= terms and not (terms & claim.terms).issubset(mine) and terms - claim.terms != _NONE
            for terms, _ in clauses
        ):
            return ""
    rest = weights.part(claim.terms - mine)
    if rest.total <= 0:
        return ""
    best: frozenset[str] = frozenset()
    best_cov, holds, at = 0.0, True, 0
    for i, (terms, _) in enumerate(clauses):
        cov = coverage(rest, terms)
        named = not mine.isdisjoint(terms)
        if cov > best_cov or (cov == best_cov and named):
            best, best_cov, holds, at = terms, cov, named, i
    if holds or best_cov < MIN_CLAUSE_COVERAGE:
        return ""
    if worded:
        text = texts[at] if at < len(texts) else ""
        words = [
            w.strip(".,;:!?()\"'")
            for w in text.split()
            if (found := read_terms(w)) and found[0] not in claim.terms and found[0] not in _LINKS
        ]
        return " ".join(words)
    if (
        0 < at < len(texts)
        and texts[at].lstrip().lower().startswith(("a ", "an "))
        and clauses[at - 1][0] & mine
    ):
        # "We present Orca-7B, | a 7-billion-parameter language model trained on ... English": a
        # clause that opens with "a" after one that names the claim's subject describes that subject.
        return ""
    others = (best & names) - mine
    if not others and at < len(texts) and texts[at][:1].isupper():
        # A clause that opens the sentence with a name its source gives nearby (``around``: "Kelston
        # Rovers beat Ashby Town ... | Ashby took the lead after 12 minutes"), the sentence's first
        # word, which no capital tells for a name.
        first = lead_term(texts[at])
        if first and first in around and first not in mine and not _figures_with(claim, mine, clauses, texts):
            others = frozenset((first,))
    return " ".join(sorted(surface(t).title() for t in others))


def _figures_with(claim: Features, mine: frozenset[str], clauses: Clauses, texts: Sequence[str]) -> bool:
    """Does a clause that names the claim's subject (``mine``) give a number of the claim's (``Riverton's
    schools hired 40 teachers in 2023, | and Easton's hired 25`` against ``Easton's schools hired 25
    teachers``): what the claim says of it is said there."""
    numbers = [n for n in _NUMBER.findall(claim.plain) if _not_years(frozenset((n,)))]
    return bool(numbers) and any(
        not mine.isdisjoint(terms) and any(n in text for n in numbers)
        for (terms, _), text in zip(clauses, texts, strict=False)
    )


_AUXILIARY: Final = re.compile(rf"\s(?:{'|'.join(sorted(AUXILIARIES))})\s")


def _subject_words(plain: str) -> frozenset[str]:
    """The terms of the words before a claim's first auxiliary, when one to three (``The emergency
    department was rated``: ``emergency``, ``department``), else none."""
    m = _AUXILIARY.search(plain, 0, 80)
    if m is None:
        return _NONE
    found = frozenset(read_terms(plain[: m.start()]))
    return found if 1 <= len(found) <= 3 else _NONE


_DENIED_AFTER: Final = re.compile(
    r"(?:\s+[\w'\u2019-]+){0,6}?\s+(?:were|was|are|is|have|has|had|did|do|does|will|would|could|can)"
    r"(?:\s+(?:currently|still|now|also))?(?:\s+not|n't)\b|(?:\s+[\w'\u2019-]+){0,6}?\s+never\b",
    re.IGNORECASE,
)
_DENIED_BEFORE: Final = re.compile(r"\b(?:not|never|n't)\s+(?:[\w'\u2019-]+\s+){0,3}$", re.IGNORECASE)


def _complements(q: Quantity, r: Quantity) -> bool:
    """Are two shares the two parts of one whole (``42%`` and ``58%``), as far as ``q`` is exact?"""
    return (
        q.dim == r.dim == "fraction" and not r.vague and abs(q.low + r.low - 1.0) <= max(q.tolerance, _WHOLE)
    )


def _denied_figure(q: Quantity, plain: str) -> bool:
    """Is figure ``q`` of a claim what its negation is about: the subject of a denied verb (``About
    3,300 calls ... were not answered``) or its object (``did not spend £3 million``)?"""
    return (
        _DENIED_AFTER.match(plain, q.end) is not None
        or _DENIED_BEFORE.search(plain, max(0, q.start - 40), q.start) is not None
    )


def _subject_terms(plain: str) -> frozenset[str]:
    """The terms of a claim's subject, as far as cheaply read: its first two, and every one before its
    first auxiliary (``The cost of the Lythcombe flood defence scheme has climbed``: ``cost``,
    ``Lythcombe``, ``flood``, ``defence``, ``scheme``)."""
    read = read_terms(plain)
    m = _AUXILIARY.search(plain, 0, 80)
    return frozenset(read[:2]).union(read_terms(plain[: m.start()]) if m is not None else ())


def _leading_words(plain: str, clauses: Clauses) -> frozenset[str]:
    """A claim's subject read from a sentence's clauses, for a claim with no auxiliary to end it:
    the terms of its first words that one clause holds, up to the first it lacks (one to three, the
    rest of the claim left), when that clause says something else of them (``Entry to the permanent
    galleries costs £12`` against ``Entry to the permanent galleries remains free, but the summer
    exhibition on Viking ships charged £12``: ``entry``, ``permanent``, ``galleries``); else none."""
    read = read_terms(plain)
    if len(read) < 2:
        return _NONE
    held = next((terms for terms, _ in clauses if read[0] in terms), None)
    if held is None:
        return _NONE
    k = 1
    while k < len(read) and read[k] in held:
        k += 1
    lead = frozenset(read[:k])
    if k > 3 or k == len(read) or not held - frozenset(read):
        return _NONE
    return lead


def _order(claim: Features, number: int, index: SourceIndex) -> tuple[Order, Frame, Frame] | None:
    """The claim's comparison or relation against sentence ``number``'s of the same key
    (:func:`checks.grounding.roles.relate`), with the two frames: an agreeing pair first, else
    the first that disagrees; None when no pair decides."""
    theirs, their_names = index.frames(number)
    if not theirs:
        return None
    names = _subject_names(claim)
    found: tuple[Order, Frame, Frame] | None = None
    for mine in claim.frames:
        for frame in theirs:
            got = relate(mine, frame, names, their_names)
            if got is not None:
                if got.agrees:
                    return got, mine, frame
                found = found or (got, mine, frame)
    return found


def _denied_without(text: str, opposite: frozenset[str]) -> bool:
    """Does a denied source clause still deny when read without its words of ``opposite``? Not when
    the word that denies is the opposite itself (``The union rejected a pay offer``: a refusal, and
    the opposite of ``accepted``). A clause denied otherwise than by its words (an exception, ``every
    day but Sunday``) still does."""
    if not negated(text):
        return True
    words = text.split()
    kept = [w for w in words if opposite.isdisjoint(read_terms(w))]
    return len(kept) == len(words) or negated(" ".join(kept))


def _of_another(
    s_terms: frozenset[str],
    c_terms: frozenset[str],
    *,
    opposite: frozenset[str],
    source: Clauses,
    numbers: Sequence[frozenset[str]],
    term: str,
) -> bool:
    """Are the claim's figures, in the clauses that say the claim's own ``term``, another subject's
    than the opposed clause's (``s_terms``)? So when that clause says nothing but the claim's words and
    the ``opposite`` (with a verb of :data:`_STAYING`), and each of those clauses names something the
    claim does not (``Food sales grew 5%, while clothing sales were flat`` against ``Clothing sales
    grew 5%``: the 5% is food's; words that only link a clause, such as ``but``, aside)."""
    if not (s_terms - c_terms - _STAYING).issubset(opposite):
        return False
    return all(
        not (t - c_terms).issubset(_LINKS)
        for n, (t, _) in zip(numbers, source, strict=True)
        if n and term in t
    )


_LINKS: Final = frozenset(
    read_terms("but yet instead whereas although though however nevertheless meanwhile")
)
"""The terms of words that link a clause to the one before, and say nothing of what it is about."""
_STAYING: Final = frozenset(read_terms("stayed remained held kept"))
"""The verbs of a figure that stayed as it was (``fees stayed at £9,250``), which say the opposite of
a change with it (:func:`checks.grounding.lexicon.in_context` reads them as ``unchanged`` too)."""


_HAS_STOPPED: Final = re.compile(
    r"\b(?:has|have|had)\s+(?:now\s+|since\s+)?(?:stopped|ceased|ended)(?:\s+(?:entirely|completely|altogether))?"
    r"(?=\s*[.,;]|\s*$)",
    re.IGNORECASE,
)
"""What a sentence says has stopped, the verb ending its clause (``Coal imports have now stopped
entirely``; not ``has stopped charging``, whose denial reads what follows)."""
_AGAIN: Final = re.compile(r"\b(?:again|once more|a second time|another time)\b", re.IGNORECASE)
"""Words that make what a claim says another time it happens."""


def _fronted_times(clauses: Clauses) -> Clauses:
    """The claim's clauses, one that is only a time (``In July, 12 staff were moved ...``) read with
    the clause after it, whose time it is."""
    out: list[tuple[frozenset[str], bool]] = []
    carried: frozenset[str] = _NONE
    for i, (c_terms, c_negated) in enumerate(clauses):
        if c_terms and c_terms <= CALENDAR and i + 1 < len(clauses):
            carried |= c_terms
            continue
        out.append((c_terms | carried, c_negated))
        carried = _NONE
    return tuple(out)


def _opposite_denied(c_terms: frozenset[str], denied: frozenset[str]) -> bool:
    """Does a denied clause (its terms ``denied``) deny the opposite of a claim word it does not hold?
    Then it says that word: ``the office will remain open`` against ``would not close the office``."""
    return any(t in ANTONYMS and t not in denied and not ANTONYMS[t].isdisjoint(denied) for t in c_terms)


def _polarity(
    claim: Features,
    index: SourceIndex,
    weights: Weights,
    sentence: SourceSentence,
    compared: frozenset[str] = frozenset(),
    *,
    paired: Sequence[str] = (),
) -> tuple[tuple[str, float] | None, frozenset[str]]:
    """A negation or antonym mismatch between a claim clause and a clause of ``sentence`` about the
    same thing.

    Returns the explanation and how much of the claim clause the source clause
    (with the sentence's surroundings) covers, or None. A source clause must hold at
    least :data:`MIN_CLAUSE_COVERAGE` of the claim clause by itself, the
    opposed word aside: surroundings alone prove nothing.

    An antonym in a clause of the other polarity agrees (``not open`` and ``closed``; ``allowed`` and
    ``not prohibited`` are read as polarity, not antonyms): such claim words are returned too, the
    words the source states turned, and that claim clause is not also compared on its negation.
    The words of a comparison the sentence makes the other way round (``compared``: ``less`` in ``buses
    run less often than trains`` against ``trains run more often than buses``) oppose nothing.
    ``paired``: the sentence's figures the claim's are paired with, as written; a clause that holds
    one holds the claim's figure, as one that writes its digits does (``Just over a third ...
    opposed`` against ``57% supported the plans, 36% opposed them``: the 36%'s clause).
    """
    source = index.clauses(sentence.number)
    worst: tuple[str, float] | None = None
    around: frozenset[str] | None = None
    turned: set[str] = set()
    # Per source clause, the claim's numbers it holds (read on first need).
    numbers: list[frozenset[str]] | None = None
    mine = claim.clauses
    if len(mine) > 1 and any(c and c <= CALENDAR for c, _ in mine[:-1]):
        mine = _fronted_times(mine)
    if len(mine) == 1 and mine[0][1] and (" and " in claim.plain or " but " in claim.plain):
        # "is final and cannot be appealed": each conjunct with its own polarity, and the whole
        parts = conjunct_clauses(claim.plain, claim.terms)
        if len(parts) > 1:
            mine = (*mine, *parts)
    for c_terms, c_negated in mine:
        if len(c_terms) < 2:
            continue
        sub = weights.part(c_terms)
        found: tuple[str, float] | None = None
        was_turned = len(turned)
        opposed = [(term, ANTONYMS[term]) for term in c_terms if term in ANTONYMS and term not in compared]
        if YEAR_BEFORE in c_terms:
            # "the year before" is a time, not "before" as against "after" ("made a loss of £9 million
            # the year before" against "making £18 million after a loss of £9 million")
            opposed = [(term, opposite) for term, opposite in opposed if term != _BEFORE]
        if len(opposed) > 1:
            # In one order in every process (a set's order is its hashes'), a change's direction
            # first: of "rose sharply" against "fell slightly", the explanation names the fall.
            opposed.sort(key=lambda pair: (pair[0] not in CHANGES, pair[0]))
        when = c_terms & _WHEN if opposed else _NONE  # the claim's month, weekday or season
        if opposed and _AGAIN.search(claim.plain) is not None:
            # "The price cap will fall again in July" against "will fall ... from 1 April": another
            # time it happens, which the first one's month does not deny.
            opposed = [(term, opposite) for term, opposite in opposed if term not in CALENDAR]
        either = _either_or(claim.plain) if opposed and " or " in claim.plain else _NONE
        for term, opposite in opposed:
            if term in either and not opposite.isdisjoint(either):
                continue  # "trips begin or end at a docking station": either side, neither denied
            if term in CALENDAR and within_span(term, sentence.plain):
                continue  # "in July" against "from April to September": within it
            if term == _HOLD and _HELD_UP.search(claim.plain) is not None:
                continue  # "steel beams holding up the roof": supporting it, not keeping it (against losing)
            if not opposite.isdisjoint(c_terms) and term in sentence.terms:
                # "started in April 2022 and is scheduled to end in March 2027" against "began in April
                # 2022 and is due to finish in March 2027": the claim says both, and so does the source
                continue
            rest: Weights | None = None
            agreeing: float | None = None
            for i, (s_terms, s_negated) in enumerate(source):
                if opposite.isdisjoint(s_terms):
                    continue
                if _ended_only(opposite & s_terms, index.clause_texts(sentence.number)[i]):
                    # "would pay £52 a year" against "plans to charge households £52 a year ..., ending
                    # a free service": what is ended is no longer so; it says the claim's side.
                    continue
                if (
                    term == _AFTER
                    and YEAR_BEFORE in s_terms
                    and only_the_year_before(index.clause_texts(sentence.number)[i])
                ):
                    # "after losing £31,000 the year before" against "reversing a loss of £31,000 the
                    # year before": the clause's "before" is a time, not an order against "after".
                    continue
                if term in _ORDER_WORDS and _orders_another(
                    claim.plain, index.clause_texts(sentence.number)[i], term
                ):
                    # "Before the cut, the price stood at 38p" against "will cut the price ..., after
                    # reporting a sharp fall in profits": after another event, not after the cut
                    continue
                if term in CALENDAR and (opposite & s_terms) <= c_terms:
                    # "between April and June" against "the three months to June": every month the
                    # clause gives is the claim's too, the claim's span only longer in words
                    continue
                borrowed = term in s_terms
                if borrowed:
                    # The claim's own word in a clause that gives its opposite too: the clause's own
                    # words may hold only the opposite, the word borrowed from the clause before ("The
                    # trust met the A&E target for 71%, | below the national standard": not met).
                    # (Not a direction nor a time: "rose 4.1% in the year to March, | down from 5.9% in
                    # February" gives where the figure came from, which the figures compare.)
                    if term in CHANGES or term in CALENDAR:
                        continue
                    own_text = read_terms(index.clause_texts(sentence.number)[i])
                    if term in own_text or opposite.isdisjoint(own_text):
                        continue
                if rest is None:
                    rest = weights.part(c_terms - {term})
                mine_rest = rest
                if len(opposed) > 1:
                    # "rose sharply" against "fell slightly": each opposed word the clause answers
                    # with its opposite is no part of the rest it must say.
                    also = {
                        t for t, o in opposed if t != term and t not in s_terms and not o.isdisjoint(s_terms)
                    }
                    if also:
                        mine_rest = weights.part(c_terms - {term} - also)
                clause_cov = coverage(mine_rest, s_terms)
                of_when = bool(when) and any(when <= t for t, _ in source if term in t)
                if of_when and not when <= s_terms and not (s_terms & _WHEN).isdisjoint(_WHEN - when):
                    # "fell back in March" against "jumped in February, but fell in March": a clause of
                    # another time (not one of none: "but standing charges will rise" is January's too)
                    continue
                timed = bool(when) and when <= s_terms and not of_when
                if timed:
                    # "Hotel occupancy rose in November" against "averaged 78% in the summer, up from
                    # 71%, but fell to 52% in November": the clause of the claim's time says the
                    # opposite; the one that agrees is of another time. The sentence says the rest.
                    clause_cov = coverage(mine_rest, s_terms | sentence.terms)
                weak = clause_cov < MIN_CLAUSE_COVERAGE
                linked = _NONE
                if weak and not timed and i > 0:
                    # "Millcroft Rovers appealed against the expulsion, | but the county FA rejected the
                    # appeal": the clause's object is the one a clause before names (its word again).
                    linked = _named_before(
                        i, source, index.clause_texts(sentence.number), c_terms, term=term, opposite=opposite
                    )
                    if linked:
                        clause_cov = coverage(mine_rest, s_terms | linked)
                        weak = clause_cov < MIN_CLAUSE_COVERAGE
                # "The union rejected a pay offer" against "accepted": "rejected" denies what follows
                # it, as a refusal does, and is the opposite: counted once, as the opposite.
                denies = s_negated and _denied_without(index.clause_texts(sentence.number)[i], opposite)
                # The same of the claim: "The cabinet rejected the plan to merge the schools" against
                # "merge after the cabinet approved the plan" is the opposite, not also a denial.
                if not weak and denies != (c_negated and _denied_without(claim.plain, frozenset((term,)))):
                    turned.add(term)  # the negation and the antonym cancel out
                    continue
                if not weak and not timed:
                    if borrowed:
                        # (Of the other clauses that say it: this one says it only through the one before.)
                        weak = clause_cov <= max(
                            (coverage(rest, s) for k, (s, _) in enumerate(source) if term in s and k != i),
                            default=0.0,
                        )
                    else:
                        if agreeing is None:
                            # A clause that says the claim's own word and covers the rest of it at least
                            # as well: the opposed word, in a clause about less of it ("maintenance rose,
                            # while capital spending fell"), is about something else.
                            agreeing = max((coverage(rest, s) for s, _ in source if term in s), default=0.0)
                        weak = clause_cov <= agreeing
                if numbers is None:
                    numbers = _numbers_by_clause(claim, index.clause_texts(sentence.number), paired)
                # Whose figure: the clause that holds the claim's numbers, when no clause with the
                # claim's own word does ("cut its output by 10% in 2023, but grew it by 20% in 2024"
                # against "cut its output by 20% in 2024": the 20% of 2024 grew).
                holds = bool(numbers) and any(
                    n and term in t for n, (t, _) in zip(numbers, source, strict=True)
                )
                bound = False
                if weak:
                    subject = _subject_names(claim)
                    bound = (
                        bool(numbers)
                        and _not_years(numbers[i])
                        and not holds
                        and denies == c_negated
                        and bool(subject)
                        # the subject named in the clause, or by the sentence's surroundings when the
                        # clause names no one ("as numbers had fallen in six of the previous eight
                        # years" in a source about salmon on the Tarrow)
                        and (
                            subject <= s_terms
                            or (
                                subject <= s_terms | sentence.context | sentence.before
                                and index.names(sentence.number).isdisjoint(s_terms)
                            )
                        )
                    )
                    if not bound:
                        continue
                elif (
                    numbers
                    and not numbers[i]
                    and holds
                    and not _of_another(
                        s_terms, c_terms, opposite=opposite, source=source, numbers=numbers, term=term
                    )
                ):
                    # "Sales at Corran, which rose 5% in 2022, fell 3% in 2023": the fall is of
                    # another figure than the claim's "rose 5% in 2022".
                    continue
                elif (
                    term in _ORDER_WORDS
                    and numbers
                    and not numbers[i]
                    and any(held and _not_years(held) for held in numbers)
                ):
                    # "reached 93% after the campaign" against "reached 93%, up from 78% before the
                    # campaign": the sentence's "before" is of a figure the claim does not give.
                    continue
                elif numbers and _held_elsewhere(claim, term, i, numbers, source):
                    # "Weekday visits grew by 9%, while Saturday visits rose by 18%" against "Saturday
                    # visits up by 18%, while weekday footfall grew by 9%": the claim's weekday figure
                    # is in the clause with its own word; Saturday's clause holds the claim's other one.
                    continue
                theirs = surface(min(opposite & s_terms))
                said = f"the claim says '{surface(term)}' where the source says '{theirs}'"
                if around is None:
                    around = sentence.context | sentence.before
                # A clause bound by the numbers says the rest of the claim through its sentence.
                cov = coverage(
                    mine_rest,
                    s_terms | around | sentence.seen if bound or timed else s_terms | linked | around,
                )
                if found is None or cov > found[1]:
                    found = (said, cov)
        if found is None and len(turned) == was_turned:
            best_cov, best_negated, best_terms, best_k = -1.0, c_negated, frozenset[str](), -1
            split = False  # clauses of both polarities cover the claim clause best
            texts: Sequence[str] = ()
            for k, (s_terms, s_negated) in enumerate(source):
                if s_negated and _CHANGE in s_terms and not CHANGES.isdisjoint(c_terms):
                    # "Fees did not change" denies "Fees rose": a change denied is every direction of it
                    # (not one denied until a time: "will not change until April").
                    texts = texts or index.clause_texts(sentence.number)
                    if k < len(texts) and _UNTIL.search(texts[k]) is None:
                        s_terms = s_terms | (CHANGES & c_terms)  # noqa: PLW2901
                cov = coverage(sub, s_terms)
                if cov > best_cov:
                    split = False
                elif cov == best_cov and s_negated != best_negated:
                    split = True
                # Ties go to the clause that agrees: the benefit of the doubt.
                if cov > best_cov or (cov == best_cov and s_negated == c_negated):
                    best_cov, best_negated, best_terms, best_k = cov, s_negated, s_terms, k
            if split:
                if numbers is None:
                    numbers = _numbers_by_clause(claim, index.clause_texts(sentence.number), paired)
                best_negated, best_terms = _by_numbers(numbers, sub, source, best_cov) or (
                    best_negated,
                    best_terms,
                )
            # A denied change the source clause does not mention is not the source's to affirm
            # ("fares have not risen" against "fares have been frozen").
            unsaid = CHANGES.difference(best_terms).intersection(c_terms)
            if (
                0 < best_cov < MIN_CLAUSE_COVERAGE
                and best_negated != c_negated
                and not (named := claim.names & sentence.terms).issubset(best_terms)
            ):
                # The claim's names that the sentence gives in another clause are the subject of a
                # clause without one ("The paper's owner, Pennine Media Group, said it would keep the
                # print edition | and would not close the Courier's office"): said of them too.
                best_cov = coverage(sub, best_terms | named)
            if (
                best_cov >= MIN_CLAUSE_COVERAGE
                and best_negated != c_negated
                and not unsaid
                and not (
                    _denies_other(c_terms | {_CHANGE} if _CHANGE in best_terms else c_terms, sentence.plain)
                    if best_negated
                    else _denies_other(best_terms, claim.plain)
                )
                and not (best_negated and _not_all_only(claim, sentence))
                and not _removed_otherwise(claim.plain, index, sentence, best_k, best_negated)
                and not _both_refuse(claim.plain, index.clause_texts(sentence.number), best_k)
                and not _own_words_alike(c_terms, c_negated, mine, source)
                # "has not hosted the championships for 25 years" against "hopes to host the
                # championships for the first time since 1998": what has not happened since
                and not (
                    c_negated
                    and _NOT_SINCE.search(claim.plain) is not None
                    and _FIRST_TIME_SINCE.search(sentence.plain) is not None
                )
            ):
                if around is None:
                    around = sentence.context | sentence.before
                side = _SOURCE_DENIES if best_negated else _SOURCE_AFFIRMS
                found = (side, coverage(sub, best_terms | around))
            elif (
                not c_negated
                and not best_negated
                and any(negated for _, negated in source)
                and not _denies_anything(claim.plain)
            ):
                denied = _denied_only(
                    c_terms - frozenset(read_terms(claim.plain)[:2]), source, _subject_terms(claim.plain)
                )
                if denied is not None:
                    # "has lodged a planning application for a second maintenance base" against "has
                    # proposed a second maintenance base, although no planning application has yet been
                    # submitted": the clause that says the rest does not say what only a denial holds.
                    if around is None:
                        around = sentence.context | sentence.before
                    held = coverage(sub, best_terms | denied | around)
                    if held >= MIN_CLAUSE_COVERAGE:
                        found = (_SOURCE_DENIES, held)
        if found is not None and (worst is None or found[1] > worst[1]):
            worst = found
    return worst, frozenset(turned)


_CHANGE: Final = "chang"
"""The term of ``change``, ``changed``, ``changes``."""
_HOLD: Final = stem("hold")
_HELD_UP: Final = re.compile(r"\b(?:hold(?:s|ing)?|held)\s+(?:up|back|off|out)\b", re.IGNORECASE)
"""``hold`` in a phrase of its own (``holding up the roof``, ``held back``), not ``hold`` as keep."""
_DEFINITE: Final = re.compile(r"\b(?:the|its|their|this|that|these|those)\s+([^\W\d_][\w'-]*)", re.IGNORECASE)
"""A word named as a thing already spoken of: ``the appeal``."""


def _named_before(
    i: int,
    source: Clauses,
    texts: Sequence[str],
    c_terms: frozenset[str],
    *,
    term: str,
    opposite: frozenset[str],
) -> frozenset[str]:
    """The terms of the clauses before clause ``i`` that name what it names of the claim again, as
    ``the`` thing (a term of ``c_terms`` both hold, after ``the``, ``its``, ``this`` in clause ``i``'s
    text: ``Millcroft Rovers appealed against the expulsion, | but the county FA rejected the
    appeal``), when they say neither the claim's ``term`` nor its ``opposite``. Not a word merely said
    again (``rated the maternity unit as requires improvement, | while the emergency department was
    rated good``)."""
    if i >= len(texts):
        return _NONE
    own = (
        frozenset(t for m in _DEFINITE.finditer(texts[i]) for t in read_terms(m.group(1)) if t in c_terms)
        & source[i][0]
    )
    if not own:
        return _NONE
    return frozenset().union(
        *(t for t, _ in source[:i] if not own.isdisjoint(t) and term not in t and opposite.isdisjoint(t))
    )


_DENYING_TERMS: Final = frozenset(read_terms("rather instead"))
"""Terms that are a denial's own words (``rather than``), not what it denies."""


def _denied_only(c_terms: frozenset[str], source: Clauses, subject: frozenset[str]) -> frozenset[str] | None:
    """Two or more words of an affirmed claim clause (past its first two: its subject's, ``The diving
    pit will stay closed`` against ``but the diving pit will not``) that only a denying clause of the
    sentence holds (``planning application`` in ``although no planning application has yet been
    submitted``), or None. Not when they are all words of the claim's ``subject`` (:func:`_subject_terms`):
    ``The cost of the Lythcombe flood defence scheme has climbed`` against ``A flood defence scheme
    ... will not be finished until autumn 2027, ... and its cost has risen``: what is denied of the
    scheme is another thing."""
    affirmed = frozenset().union(*(t for t, negated in source if not negated))
    for s_terms, s_negated in source:
        if s_negated:
            only = (c_terms & s_terms) - affirmed - _DENYING_TERMS
            if len(only) >= 2 and not only <= subject and not _opposite_denied(c_terms, s_terms):
                return only
    return None


def _denies_anything(plain: str) -> bool:
    """Does a text hold a negation cue at all (``not``, ``without``), even one another undoes?"""
    return "n't" in plain or not NEGATIONS.isdisjoint(plain.lower().split())


def _own_words_alike(c_terms: frozenset[str], c_negated: bool, mine: Clauses, source: Clauses) -> bool:
    """Does a source clause of the claim clause's polarity hold the words only that claim clause has
    (none of the claim's other clauses), and no clause of the other polarity any of them? A claim
    clause that borrows its subject from the one before (``linked to a lack of ward beds, | not to
    staffing within the ambulance service``) is covered best by the source clause that says the
    borrowed part; its own words are those of the source's clause that denies as it does (``rather
    than to staffing within the service``)."""
    others = [t for t, _ in mine if t != c_terms]
    if not others:
        return False
    own = c_terms.difference(*others)
    return (
        bool(own)
        and any(
            s_negated == c_negated and len(own & s_terms) * 3 >= len(own) * 2 for s_terms, s_negated in source
        )
        and all(own.isdisjoint(s_terms) for s_terms, s_negated in source if s_negated != c_negated)
    )


def _removed_otherwise(
    claim: str, index: SourceIndex, sentence: SourceSentence, k: int, source_denies: bool
) -> bool:
    """Does the side of a negation mismatch that does not deny say instead that the thing was removed
    (``The headphone jack has been dropped`` against ``The Pixo 9 has no headphone jack``): the same
    denial in other words?"""
    if source_denies:
        return removed(claim)
    texts = index.clause_texts(sentence.number)
    return 0 <= k < len(texts) and removed(texts[k])


_REFUSAL: Final = re.compile(
    r"\b(?:refus(?:e|es|ed|ing)|reject(?:s|ed|ing)?|turn(?:s|ed|ing)?\s+down|dismiss(?:es|ed|ing)?|vetoed"
    r"|thr(?:ew|own)\s+out|declined|blocked)\b",
    re.IGNORECASE,
)
"""Words that say something was refused (``turned down the food bank's bid``, ``was refused by the
partnership``, ``vetoed``)."""


def _both_refuse(claim: str, texts: Sequence[str], k: int) -> bool:
    """Do the claim and the source clause ``k`` both say something was refused (``turned down the food
    bank's £30,000 bid`` against ``A bid for £30,000 ... was turned down``)? One may be read as a
    denial and the other not (what a refusal denies is read from a few of its forms); they agree."""
    return (
        0 <= k < len(texts) and _REFUSAL.search(claim) is not None and _REFUSAL.search(texts[k]) is not None
    )


_UNTIL: Final = re.compile(r"\b(?:until|till|before|unless)\b", re.IGNORECASE)


def _numbers_by_clause(
    claim: Features, texts: Sequence[str], paired: Sequence[str] = ()
) -> list[frozenset[str]]:
    """Per clause of a source sentence (``texts``: :meth:`SourceIndex.clause_texts`): the numbers of
    the claim's it holds, and the figures the claim's are paired with (``paired``, as written) that
    it writes. [] when the claim has none and none is paired."""
    mine = frozenset(_NUMBER.findall(claim.plain) + _NUMBER_WORD.findall(claim.plain.lower()))
    if not mine and not paired:
        return []
    return [
        mine.intersection(_NUMBER.findall(text) + _NUMBER_WORD.findall(text.lower()))
        | {f for f in paired if f in text}
        for text in texts
    ]


_THOSE_WITHOUT: Final = re.compile(r"\b(?:those|ones|the\s+others|others)\s+without\b", re.IGNORECASE)
"""A sentence's words for a group without something (``twice as likely to survive as those
without``): what a claim's ``unprotected ones`` stands for."""


def _held_elsewhere(
    claim: Features, term: str, i: int, numbers: list[frozenset[str]], source: Clauses
) -> bool:
    """Does another clause than clause ``i``, one holding the claim's word ``term``, hold the figures
    of the claim that go with ``term`` (whose words hold it), clause ``i`` none of them? Only for a
    claim of two clauses with figures of their own (``Weekday visits grew by 9%, while Saturday
    visits rose by 18%``): in a claim of one, the word may be what a clause denies (``Clothing sales
    grew 5%`` against ``Food sales grew 5%, while clothing sales were flat``)."""
    if len(claim.clauses) < 2 or sum(q.dim != "year" for q in claim.quantities) < 2:
        return False
    own = frozenset(
        n for q in claim.quantities if term in q.context and q.dim != "year" for n in _NUMBER.findall(q.text)
    )
    if not own or not own.isdisjoint(numbers[i]):
        return False
    return any(
        k != i and not own.isdisjoint(held) and term in terms
        for k, (held, (terms, _)) in enumerate(zip(numbers, source, strict=False))
    )


def _not_years(numbers: frozenset[str]) -> bool:
    """Does a clause's set of the claim's numbers hold one that is no year? A year alone binds no
    figure to a clause: it is often the whole sentence's (``sales rose in 2024 but margins fell``)."""
    return any(not (len(n) == 4 and n.isdigit() and 1800 <= int(n) <= 2100) for n in numbers)


_NUMBER: Final = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*")
"""A number as written (``3.8``, ``1,200``; a version too, which is no figure of the claim's)."""
_NUMBER_WORD: Final = re.compile(rf"(?<![\w-])(?:{COUNTS.removeprefix('two|')})(?![\w-])")
"""A number in words, lower case (``in six of the previous eight years``), that binds a claim to a
clause as digits do; not ``one`` or ``two``, which say too little, nor one of a compound
(``four-hour``)."""


def _by_numbers(
    numbers: list[frozenset[str]], sub: Weights, source: Clauses, best: float
) -> tuple[bool, frozenset[str]] | None:
    """Of the clauses that cover a claim clause best (``best``), with both polarities among them,
    those that hold a number of the claim's (``numbers``: :func:`_numbers_by_clause`), when they
    agree: ``supports Python 3.8`` against ``drops support for Python 3.8 and adds support for
    Python 3.13`` is about the clause that drops it. None when the numbers do not tell them apart."""
    if not numbers:
        return None
    counted = [
        (len(held), negated, terms)
        for (terms, negated), held in zip(source, numbers, strict=True)
        if held and coverage(sub, terms) == best
    ]
    # The clauses that hold the most of them ("Version 3.2 ... adds support for Python 3.12 and
    # drops support for Python 3.8": the second holds 3.2 through its subject, and 3.8).
    most = max((n for n, _, _ in counted), default=0)
    holding = [(negated, terms) for n, negated, terms in counted if n == most]
    return holding[0] if holding and len({n for n, _ in holding}) == 1 else None


def _not_all_only(claim: Features, sentence: SourceSentence) -> str:
    """The words with which the sentence denies only that it holds for all or always (``not all``:
    ``Not all trains stop at Elm Park``), where the claim says nothing of all (``Some trains stop at
    Elm Park``): it denies nothing the claim states, nor states it, the judge's to weigh. ""
    otherwise."""
    said = denies_all(sentence.plain)
    return said if said and not claim.clauses[0][1] and not universal_words(claim.plain) else ""


def _share_before(said: frozenset[str], text: str, figures: Sequence[Quantity]) -> bool:
    """Does a share of ``text`` come before the first word of ``said`` there (``Only 3 of the 14 Avon
    bridges are | suitable``: the word is said of the share), rather than after it (``acted
    unlawfully when it closed | four of its seven libraries``)?"""
    shares = [q.start for q in figures if q.dim == "fraction"]
    if not shares:
        return False
    at = next(
        (m.start() for m in _WORDS.finditer(text) if not said.isdisjoint(read_terms(m.group()))), len(text)
    )
    return min(shares) < at


_WORDS: Final = re.compile(r"[^\W\d_][\w'-]*")


def turned_words(kind: str) -> bool:
    """Is a polarity mismatch's explanation one of opposite words (``the claim says 'open' where the
    source says 'closed'``), not a denial, nor two times (``'september' where ... 'june'``)?"""
    if not kind.startswith(_SAYS):
        return False
    word = kind[len(_SAYS) :].split("'", 1)[0]
    return word.lower() not in MONTHS and stem(word.lower()) not in CALENDAR


_SAYS: Final = "the claim says '"


def _denies_other(terms: frozenset[str], text: str) -> bool:
    """Does every negation of ``text`` deny something other than ``terms`` (the other side's)? The
    source ``The plant does not recycle its water and uses 5 million litres a day`` denies ``recycle
    its water``, not ``uses 5 million litres``: a claim of that states nothing the source denies; so
    does a claim that denies what the source's clause does not speak of. False when ``text`` denies
    in ways :func:`lexicon.negation_scopes` does not read."""
    scopes = negation_scopes(text)
    if not scopes:
        return False
    # (A time in the scope is when, not what: "were not answered in the year to March" denies the
    # answering, not March.)
    denied = [frozenset(read_terms(s)) - CALENDAR for s in scopes]
    return all(terms.isdisjoint(d) and not (d and d <= _AFFECTED) for d in denied)


_AFFECTED: Final = frozenset(read_terms("affected included covered impacted"))
"""Words that stand for what the sentence is about (``The recall covers cars sold in the UK ...; the
electric version of the Aster is not affected``: not recalled): denied alone, they deny the claim's
verb, not something else."""


def _subset(weights: Weights, terms: frozenset[str]) -> Weights:
    part = {t: weights.terms.get(t, 0.0) for t in sorted(terms)}  # a fixed order, as in Weights.of
    return Weights(part, sum(part.values()))
