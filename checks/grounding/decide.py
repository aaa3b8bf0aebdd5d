"""One claim, its candidate sentences, one of four statuses.

The candidates of a claim are the sentences retrieval found in the sources
that back its section (``allowed``) and, when a source map narrows them, in
the other sources (``other``). They are assessed best-covering first
(:func:`checks.grounding.assess.assess`, at most :data:`MAX_RELATED` in full),
and the rules apply in this order:

1. **contradicted** when an allowed sentence on the same subject disagrees
   (a figure, a negation, an antonym) and no allowed sentence states the claim,
   or gives one of its figures, with nearly as much coverage
   (:attr:`Thresholds.margin`); but when another
   section's source states the claim with nearly as much coverage, the
   disagreement is likely about something else: **inferred**, ambiguous;
2. **supported** when an allowed sentence states it, figures included;
3. when a sentence states the claim's words but not all its figures, each
   missing figure is looked for in that sentence's neighbours and the other
   candidates: all found, **inferred** (a synthesis); found only in another
   section's sources, **inferred** (**unsourced** in strict); not found,
   **unsourced**: the figure is the claim and nothing backs it;
4. **inferred** when two partial sentences cover the claim between them
   (neither about another entity: :func:`_about_another`);
5. **inferred** (**unsourced** in strict) when only another section's sources
   state it: never silently supported, never contradicted by a source that
   does not back its section;
6. a partial match: **unsourced** when a figure of the claim is nowhere in its
   sources, when every partial sentence is about another entity, or when its
   sources lack the claim's words (``reach`` under
   :attr:`Thresholds.support`); else **inferred**;
7. **unsourced** otherwise.

A claim is *ambiguous*, the judge's to decide when one can be asked, when what
the words and figures can tell leaves it open: inferred on a partial match or a
synthesis that a suspect sentence is part of, backed only by another section's
source against its own, and unsourced when a sentence states its words but not
its figure, or covers it partly in words its sources never use (a paraphrase,
or something made up: the words cannot tell). What no sentence is about at all,
or what another entity does, is unsourced and not ambiguous. Without a judge
every claim keeps the status given here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from checks.grounding.assess import (
    Evidence,
    Finding,
    Thresholds,
    Weights,
    assess,
    changed_numbers,
    coverage,
    may_support,
    opposed_terms,
    other_subject,
    relate_figures,
    speaker_before,
    strong,
    tie_terms,
    way_terms,
)
from checks.grounding.index import Features, SourceIndex
from checks.grounding.lexicon import ANTONYMS, lead_term, terms
from checks.grounding.quantities import Quantity, Relation, changed_between
from checks.grounding.speakers import Speech, by_pronoun, same_speaker, speaker_of, speeches

__all__ = ["CREDIT", "Basis", "Decision", "Status", "decide"]


class Status(StrEnum):
    SUPPORTED = "supported"
    INFERRED = "inferred"
    UNSOURCED = "unsourced"
    CONTRADICTED = "contradicted"


CREDIT: Final = {Status.SUPPORTED: 1.0, Status.INFERRED: 0.5, Status.UNSOURCED: 0.0, Status.CONTRADICTED: 0.0}
"""Share of a claim's weight that counts towards the score."""


class Basis(StrEnum):
    STATED = "stated"
    NUMERIC_CONFLICT = "numeric_conflict"
    POLARITY = "polarity"
    SYNTHESIS = "synthesis"
    FIGURE_MISSING = "figure_missing"
    OTHER_SECTION = "other_section"
    PARTIAL = "partial"
    NO_MATCH = "no_match"
    JUDGE = "judge"


@dataclass(frozen=True, slots=True)
class Decision:
    status: Status
    basis: Basis
    evidence: Evidence | None = None
    """The deciding source sentence."""
    second: Evidence | None = None
    """The other sentence of a synthesis."""
    ambiguous: bool = False
    """Left for the judge: the cheap stages could not call it."""


Similarity = Callable[[int], float | None]
MAX_RELATED: Final = 3
"""Candidates assessed in full per claim, best-covering first: the rest cover less and cannot decide."""


class _OtherSupport:
    """Support for a claim among the sentences of other sections' sources, assessed on first use
    (with the floor of that use) and kept.

    A class, not a closure over :func:`decide`'s locals: compiled (``checks/native.py``), a closure
    and the frame it reads hold each other, and everything the frame holds waits for the garbage
    collector instead of going when the claim is decided.
    """

    def __init__(
        self,
        claim: Features,
        weights: Weights,
        other: Sequence[int],
        *,
        index: SourceIndex,
        th: Thresholds,
        similarity: Similarity | None,
        relations: dict[int, Relation],
    ) -> None:
        self.claim = claim
        self.weights = weights
        self.other = other
        self.index = index
        self.th = th
        self.similarity = similarity
        self.relations = relations
        self.found: list[Evidence] | None = None

    def __call__(self, floor: float = 0.0) -> Evidence | None:
        if self.found is None:
            self.found = (
                _assess_all(
                    self.claim,
                    self.weights,
                    self.other,
                    index=self.index,
                    th=self.th,
                    similarity=self.similarity,
                    relations=self.relations,
                    supporting=True,
                    floor=floor,
                )
                if self.other
                else []
            )
        return next((e for e in self.found if e.finding is Finding.SUPPORT), None)


def decide(
    claim: Features,
    weights: Weights,
    *,
    allowed: Sequence[int],
    other: Sequence[int],
    index: SourceIndex,
    th: Thresholds,
    strict: bool,
    similarity: Similarity | None = None,
    vocabulary: frozenset[str] | None = None,
) -> Decision:
    """The status of one claim from its candidate sentence numbers.

    ``vocabulary`` holds every term of the claim's own sources (None: all of
    the claim's terms count as found): a claim that only partly matches a
    sentence is inferred when its sources hold its words, unsourced when it
    brings in words they never use, or a name they never give.
    """
    # The claim's figures paired with each sentence read, once for all the rules below.
    relations: dict[int, Relation] = {}
    found = _assess_all(
        claim, weights, allowed, index=index, th=th, similarity=similarity, relations=relations
    )
    support = next((e for e in found if e.finding is Finding.SUPPORT), None)
    against = [e for e in found if e.finding in (Finding.CONFLICT, Finding.POLARITY)]
    other_support = _OtherSupport(
        claim, weights, other, index=index, th=th, similarity=similarity, relations=relations
    )
    cross = Status.UNSOURCED if strict else Status.INFERRED
    missing = next((e for e in found if e.finding is Finding.FIGURE_MISSING), None)
    if against:
        worst = max(against, key=lambda e: e.coverage)
        # A sentence stating the claim's words and agreeing on a figure of it counts as support here;
        # one that agrees on none ("half of the respondents" against "4,200 respondents") does not.
        # Nor does one that states less of the claim, unless it gives a figure of it that is no bare
        # number or year ("Its p95 latency was 376 ms after the outage, while p55 stayed at 3 ms"
        # against "... 376 ms after the outage, while p50 stayed at 3 ms": not contradicted by
        # another source's "Its p95 latency was 382 ms after the spring migration").
        agreeing = support or next((e for e in found if _agrees_on_a_figure(e)), None)
        if (
            (agreeing is None or worst.coverage > agreeing.coverage + th.margin)
            and not _every_figure(claim, support)
            # "Stallholders will pay £35 a day for a pitch at the new site, up from £28" against "All
            # stallholders will receive a free first month at the new site ..." (no figure), where
            # "Pitch fees will rise from £28 to £35 a day at the new site" gives both figures.
            and not (_figureless(worst) and _every_figure(claim, agreeing))
            # "Parking for up to two hours ... will go up from £3.50 to £4.50" against "Day-long parking
            # ... will cost £10", where "The charge for up to two hours will rise from £3.50 to £4.50":
            # a change whose two ends a sentence gives says which sentence the claim is of, where the
            # one that disagrees agrees on no figure.
            and not (_no_figure_agreed(worst) and _change_agreed(agreeing))
            # "Attendances rose to 9,840 in October, compared with 8,910" against "1,260 patients
            # waited ..., compared with 790 last October", where "saw 9,840 attendances in October, up
            # from 8,910" gives every figure of it in a sentence that states less of its words: the
            # figures say which sentence the claim is of.
            and not (
                _no_figure_agreed(worst)
                and any(_every_figure(claim, e) for e in found if e.finding is Finding.PARTIAL)
            )
        ):
            backing = other_support(worst.coverage - th.margin)
            if (
                backing is not None
                and _as_fully(backing, worst, weights, th)
                and index.names(backing.sentence.number) <= claim.terms
            ):
                # Another section's source states it about as fully, naming nothing the claim leaves
                # unnamed ("Westcombe's council approved a car park extension" backs "the council
                # approved the car park extension" only about Westcombe): the disagreement is likely
                # about something else. One that covers less of it (not its subject: "Corvalin improved
                # sleep scores" against "the drug did not", in a source titled "Veltrazine") does not
                # outweigh the disagreement.
                return Decision(cross, Basis.OTHER_SECTION, backing, worst, ambiguous=True)
            basis = Basis.NUMERIC_CONFLICT if worst.finding is Finding.CONFLICT else Basis.POLARITY
            return Decision(Status.CONTRADICTED, basis, worst)
    if support is not None:
        return Decision(Status.SUPPORTED, Basis.STATED, support)
    suspect = any(e.suspect for e in found)
    if missing is not None:
        return _figures_elsewhere(
            claim,
            missing,
            allowed=allowed,
            other=other,
            index=index,
            cross=cross,
            suspect=suspect,
            relations=relations,
        )
    partial = [e for e in found if e.finding is Finding.PARTIAL]
    about = [e for e in partial if not _about_another(claim, e, index)]
    pair = _synthesis(claim, weights, about, th, index)
    if pair is not None:
        return Decision(Status.INFERRED, Basis.SYNTHESIS, pair[0], pair[1], ambiguous=suspect)
    backing = other_support()
    if backing is not None:
        return Decision(cross, Basis.OTHER_SECTION, backing)
    if partial:
        best = max(about or partial, key=lambda e: e.coverage)
        if any(q.dim != "year" and not q.vague for q in claim.quantities):
            placed = _figures_elsewhere(
                claim,
                best,
                allowed=allowed,
                other=other,
                index=index,
                cross=cross,
                suspect=suspect,
                own=True,
                relations=relations,
            )
            if placed.status is Status.UNSOURCED or placed.basis is Basis.OTHER_SECTION:
                return placed
        if not about:
            # What another entity does ("Ember supports audit logs" against "Quarry supports audit
            # logs" in Quarry's source): nothing is said of the claim's subject.
            return Decision(Status.UNSOURCED, Basis.NO_MATCH, best)
        if vocabulary is None:
            reach = 1.0
        else:
            listed = next((e.added for e in partial if e.added), frozenset())
            if listed and listed.isdisjoint(vocabulary):
                # "available in English, Welsh and Gaelic" where the sources name no Gaelic.
                return Decision(Status.UNSOURCED, Basis.NO_MATCH, best)
            reach = coverage(weights, vocabulary)
        # The best sentence may cover words no source uses when its figures state them ("grew by
        # 30%" read from "$4.0 million in 2023 and $5.2 million in 2024"): its coverage counts too.
        if reach < th.support and best.coverage < th.support:
            # Words its sources never use: made up, or a paraphrase the words cannot tell from one
            # ("climbed to about 9,000" against "Around 9,000 passengers use the station every
            # weekday, up from 6,500"). A sentence about it was found: the judge's to decide.
            return Decision(Status.UNSOURCED, Basis.NO_MATCH, best, ambiguous=True)
        return Decision(Status.INFERRED, Basis.PARTIAL, best, ambiguous=True)
    return Decision(Status.UNSOURCED, Basis.NO_MATCH, None)


def _assess_all(
    claim: Features,
    weights: Weights,
    numbers: Sequence[int],
    *,
    index: SourceIndex,
    th: Thresholds,
    similarity: Similarity | None,
    relations: dict[int, Relation],
    supporting: bool = False,
    floor: float = 0.0,
) -> list[Evidence]:
    """Assess candidates best-covering first, stopping at the first that supports the claim.

    Candidates are ranked on their terms and surroundings (:meth:`SourceIndex.sets`); only those
    assessed are made into sentences. ``supporting``: only a sentence that supports the claim is
    wanted (another section's sources), so a candidate that cannot support it on coverage alone
    (:func:`~checks.grounding.assess.may_support`) counts among the :data:`MAX_RELATED` without its
    figures and clauses being read.
    """
    sentences = index.sentences
    sets_of = index.sets
    terms = weights.terms.items()
    total = weights.total
    # The claim's tying verbs ("reached") and its direction ("fell in 2024"), at best stated by a
    # sentence's figures: candidates are ranked and cut as if they were, and assess() finds whether.
    tie = tie_terms(claim) | way_terms(claim)
    # The claim's words with an opposite: a candidate that gives the opposite is ranked and cut as
    # if it stated them, and assess() reads whether they oppose ("acquitted" against "found guilty").
    opposable = not ANTONYMS.keys().isdisjoint(claim.terms)
    digits = claim.digits
    ranked: list[tuple[float, float, int, int, float | None, float]] = []
    for n in numbers:
        seen = sets_of(n)[1]
        bare = sum([w for t, w in terms if t in seen]) / total if total > 0 else 0.0  # coverage(), inline
        cov = sum([w for t, w in terms if t in seen or t in tie]) / total if tie and total > 0 else bare
        if opposable and total > 0:
            answered = opposed_terms(claim, seen)
            if answered:
                cov = sum([w for t, w in terms if t in seen or t in tie or t in answered]) / total
        # Of two sentences covering as much, the one that writes the claim's figures first.
        held = -index.writes(n, digits) if digits else 0
        if similarity is None:
            ranked.append((-cov, -cov, held, n, None, bare))
        else:
            sim = similarity(n)
            ranked.append((-max(cov, sim or 0.0), -cov, held, n, sim, bare))
    ranked.sort()  # most covering first; then the one holding most of the claim's figures, the earlier
    out: list[Evidence] = []
    related = 0
    # A sentence that writes every figure of a claim of two or more may outweigh a disagreement that
    # covers more of its words (decide: _every_figure).
    every = -len(digits) if len(digits) > 1 and not supporting and _figures_beyond_years(claim) else 1
    for _, minus_cov, held, n, sim, bare in ranked:
        cov = -minus_cov
        if cov < th.partial and (sim is None or sim < th.cosine_partial):
            if similarity is None:
                break  # ranked by coverage alone: the rest cover even less
            continue  # unrelated: assess() would find nothing
        if cov < floor and similarity is None:
            if floor <= 0.0 or every > 0:
                break  # ranked by coverage alone: none of the rest can outweigh what was found
            if held != every:
                continue
        if supporting and not may_support(claim, weights, sets_of(n)[0], cov=cov, th=th, similarity=sim):
            related += 1  # related (it passed the test above), but it cannot support the claim
        else:
            e = assess(
                claim,
                weights,
                sentences[n],
                index=index,
                th=th,
                similarity=sim,
                cov=bare,
                relations=relations,
            )
            if e.finding is Finding.NONE:
                continue
            out.append(e)
            related += 1
            if e.finding is Finding.SUPPORT:
                break
            if not supporting and e.finding in (Finding.CONFLICT, Finding.POLARITY):
                # decide() reads a disagreement as such unless a sentence covering the claim about
                # as fully (within the margin) states it: the rest, covering less, cannot.
                floor = max(floor, e.coverage - th.margin)
        if related >= MAX_RELATED:
            break
    return out


def _about_another(claim: Features, e: Evidence, index: SourceIndex) -> bool:
    """Is a partial sentence about another entity than the claim: one that opens with another name
    in the place of the claim's subject (:func:`other_subject`), or one that names what its
    source's title names and the claim does not, where the claim names something that neither the
    sentence nor that title holds (``The Iris service handled 8,000 requests per second`` against
    ``The Kestrel service handled 2,100 requests per second`` in a source titled ``Kestrel service
    review``)? It says nothing of the claim's subject."""
    n = e.sentence.number
    title = index.title(n)
    # The claim's first word counts among its names when it is a word of a source's title: an
    # entity of the job, not "Typically" ("Dunmore does not support Windows hosts" against "Lumen
    # supports Windows hosts").
    named = claim.names | {claim.lead} if claim.lead in index.titles else claim.names
    if not named <= e.sentence.terms | title:
        theirs = (index.names(n) | {lead_term(e.sentence.plain)}) & title
        if theirs and theirs.isdisjoint(claim.terms):
            return True
    return other_subject(claim, e.sentence, index)


def _as_fully(backing: Evidence, against: Evidence, weights: Weights, th: Thresholds) -> bool:
    """Does ``backing`` cover the claim about as fully as ``against`` (within the margin), both with
    their surroundings and by their own words? ("Eastbury will raise property taxes" owes the
    council of "the council will raise property taxes" to its source's title; "the council will not
    raise property taxes" says it in its own words.)"""
    if backing.coverage + th.margin < against.coverage:
        return False
    return coverage(weights, backing.sentence.terms) + th.margin >= coverage(weights, against.sentence.terms)


def _figures_beyond_years(claim: Features) -> bool:
    """Has the claim two or more figures that are no year?"""
    return sum(q.dim != "year" for q in claim.quantities) > 1


def _every_figure(claim: Features, support: Evidence | None) -> bool:
    """Does ``support`` agree on every figure of the claim, two or more that are no year ("dipped from
    4.4% to 4.1%" against "slipped to 4.1% ..., from 4.4% a year earlier")? Then a sentence that
    covers more of the claim's words but gives another figure ("Grocery price inflation stood at
    3.3%") is about something else: the figures say which sentence the claim is of."""
    if support is None or support.relation is None or support.relation.conflicts:
        return False
    return _figures_beyond_years(claim) and len(support.relation.matched) == len(claim.quantities)


def _no_figure_agreed(e: Evidence) -> bool:
    """Does a sentence agree on none of the claim's figures?"""
    return e.relation is None or not e.relation.matched


def _change_agreed(e: Evidence | None) -> bool:
    """Does a sentence agree on both ends of the claim's change, each in its place (``from £3.50 to
    £4.50``)?"""
    if e is None or e.relation is None or e.relation.conflicts:
        return False
    roles = {q.role for q, r in e.relation.matched if q.role == r.role and q.dim != "year"}
    return {"from", "to"} <= roles


def _figureless(e: Evidence) -> bool:
    """Does a sentence pair none of the claim's figures with one of its own?"""
    return e.relation is None or not (e.relation.matched or e.relation.conflicts)


def _agrees_on_a_figure(e: Evidence) -> bool:
    """Does a sentence that states the claim's words give one of its figures, or one that states
    less of them a figure of it that is no bare number or year?"""
    if e.relation is None or not e.relation.matched:
        return False
    if e.finding is Finding.FIGURE_MISSING:
        return True
    return e.finding is Finding.PARTIAL and bool(strong(q for q, _ in e.relation.matched))


def _figures_elsewhere(
    claim: Features,
    words: Evidence,
    *,
    allowed: Sequence[int],
    other: Sequence[int],
    index: SourceIndex,
    cross: Status,
    suspect: bool,
    relations: dict[int, Relation],
    own: bool = False,
) -> Decision:
    """The sentence ``words`` holds the claim's words but not all its figures: where are they?

    Each missing figure is looked for in the neighbours of that sentence and in
    the other candidates. All found in the claim's own sources: inferred, a
    synthesis. Some only in another section's: inferred (unsourced in strict).
    Any found nowhere: unsourced, the figure is the claim. With ``own``, every
    figure of the claim is looked for (``words`` only partly covers the claim).
    """
    if own:
        # (one the sentence itself pairs with its own, as assessed, is placed: "About 42% ... is not
        # wheelchair accessible" against "58% of the fleet is")
        paired = {id(q) for q, _ in words.relation.matched} if words.relation else set()
        needed = [q for q in claim.quantities if q.dim != "year" and not q.vague and id(q) not in paired]
    else:
        missing = words.relation.missing if words.relation else ()
        needed = strong(missing) + changed_numbers(missing)  # (two kinds: a bare number is no strong one)
    n = words.sentence.number
    first, end = index.spans[words.sentence.source_id]
    pool = [m for m in (n - 1, n, n + 1) if first <= m < end and (own or m != n)]
    pool += [m for m in allowed if m not in pool]
    second = None
    left = []
    place = _Placer(claim, index, relations)
    for q in needed:
        m = place(q, pool)
        if m is None:
            left.append(q)
            continue
        other_year = place.of_another_year(q, m)
        if other_year is not None:
            # "climbed to 412 from 287 in 2023" against "The list has grown from 287 in 2022": the
            # sentence that gives the figure gives it another year.
            year, theirs = other_year
            detail = f"the claim gives {q.text} in {year.text} where the source gives it in {theirs.text}"
            dated = Evidence(index.sentences[m], 0.0, None, Finding.CONFLICT, detail=detail)
            return Decision(Status.CONTRADICTED, Basis.NUMERIC_CONFLICT, dated, words)
        if m != n and second is None:
            second = Evidence(index.sentences[m], 0.0, None, Finding.PARTIAL)
    if left and any(q.role == "by" for q in left):
        # A change or a difference whose two values the sentences give, of two years ("grown by 22,700
        # tonnes since 2019" from "61,200 tonnes of cargo in 2023" and "38,500 tonnes" in 2019).
        left, across, against = _changes_across(claim, left, [n, *pool], index)
        if against is not None:
            # Both ends of the claim's change are in the sources, and they say another amount.
            return Decision(Status.CONTRADICTED, Basis.NUMERIC_CONFLICT, against, words)
        if second is None:
            second = across
    if not left:
        return Decision(Status.INFERRED, Basis.SYNTHESIS, words, second, ambiguous=suspect)
    placed = [place(q, other) for q in left]
    if all(m is not None for m in placed):
        m = placed[0]
        held = Evidence(index.sentences[m], 0.0, None, Finding.PARTIAL) if m is not None else None
        return Decision(cross, Basis.OTHER_SECTION, held, words)
    # A figure no sentence gives, in a claim whose words a sentence states: made up, or another
    # value the figures could not be paired with. The judge's to decide.
    return Decision(Status.UNSOURCED, Basis.FIGURE_MISSING, words, ambiguous=True)


def _changes_across(
    claim: Features, left: list[Quantity], sentences: Sequence[int], index: SourceIndex
) -> tuple[list[Quantity], Evidence | None, Evidence | None]:
    """``left`` less each change amount or difference two figures of ``sentences`` compute
    (:func:`~checks.grounding.quantities.changed_between`), with the sentence of the older value;
    and the sentence of a change between the claim's own two years that says another amount."""
    figures = [(m, r) for m in dict.fromkeys(sentences) for r in index.quantities(m)]
    years = sorted(
        {y for q in claim.quantities if q.dim == "year" for y in (q.low, q.high)}
    )  # "2019 and 2023"
    still: list[Quantity] = []
    held: Evidence | None = None
    against: Evidence | None = None
    for q in left:
        found = changed_between(q, [r for _, r in figures], years) if q.role == "by" else None
        if found is None or not found[2]:
            still.append(q)
        if found is not None:
            old, new, agrees = found
            m = next(m for m, r in figures if r is (old if agrees else new))
            ends = f"from {old.text} to {new.text}"
            if agrees and held is None:
                held = Evidence(
                    index.sentences[m], 0.0, None, Finding.PARTIAL, detail=f"the source's figures went {ends}"
                )
            elif not agrees and against is None:
                detail = f"the claim gives {q.text} where the source's figures went {ends}"
                against = Evidence(index.sentences[m], 0.0, None, Finding.CONFLICT, detail=detail)
    return still, held, against


class _Placer:
    """Which sentence states a figure of the claim: the first of a pool whose figures pair with it.

    Each sentence's figures are paired with the claim's once (:func:`compare` pairs them all at
    once), not once per figure looked for: linear in the claim's figures, not quadratic.
    """

    def __init__(self, claim: Features, index: SourceIndex, relations: dict[int, Relation]) -> None:
        self._claim = claim
        self._index = index
        self._matched: dict[int, frozenset[int]] = {}
        self._relations = relations
        """The claim's figures paired with each sentence (:func:`relate_figures`), shared with assess()."""
        self._others: dict[int, bool] = {}
        """Sentences opening with another name in the claim's subject's place (:func:`other_subject`)."""

    def __call__(self, q: Quantity, pool: Sequence[int]) -> int | None:
        # A rank is placed only in a sentence that names the claim's subject: "the busiest" is
        # said of many things ("Westsound is the busiest operator" is not placed by "Kerrera is the
        # busiest crossing").
        names = self._claim.names if q.dim[:4] == "rank" else frozenset()
        for m in pool:
            if names and names.isdisjoint(self._index.sets(m)[1]):
                continue
            if m not in self._others:
                self._others[m] = other_subject(self._claim, self._index.sentences[m], self._index)
            if self._others[m]:
                continue  # "Iris runs in 5 regions" places no figure of "Rowan runs in 5 regions"
            matched = self._matched.get(m)
            if matched is None:
                relation = relate_figures(self._claim, m, self._index, self._relations)
                matched = self._matched[m] = frozenset(id(mine) for mine, _ in relation.matched)
            if id(q) in matched:
                return m
        return None

    def of_another_year(self, q: Quantity, m: int) -> tuple[Quantity, Quantity] | None:
        """The claim's year of figure ``q`` and the year sentence ``m`` gives instead, when ``m`` pairs
        ``q`` with a figure of another year and sets the claim's year against that one."""
        relation = self._relations.get(m)
        if relation is None or not q.year:
            return None
        r = next((r for mine, r in relation.matched if mine is q), None)
        if r is None or not r.year or r.year == q.year:
            return None
        return next(
            (
                (a, b)
                for a, b in relation.conflicts
                if a.dim == b.dim == "year" and a.low == q.year and b.low == r.year
            ),
            None,
        )


_UNSETTLED: Final = re.compile(
    r"\b(?:not\s+yet|yet\s+to\s+be|ha(?:s|ve)\s+(?:been\s+)?proposed|propos(?:ed|es|ing)\s+[a-z]+ing"
    r"|under\s+consideration|(?:is|are|was|were)\s+(?:also\s+)?considering)\b",
    re.IGNORECASE,
)
"""What a sentence says is not settled yet: ``has not yet been approved``, ``has proposed recruiting``,
``yet to be granted``, ``was considering``."""


def _unsettled(claim: Features, e: Evidence) -> bool:
    """Does a partial sentence say what it says as not settled yet (:data:`_UNSETTLED`), where the
    claim says it as done (``The council has proposed recruiting 14 extra social workers ..., but the
    plan has not yet been approved``; ``Planning permission ... has been applied for but not yet
    granted``)? Then it is no half of a synthesis."""
    if claim.prospective or any(negated for _, negated in claim.clauses):
        return False
    return _UNSETTLED.search(e.sentence.plain) is not None


def _synthesis(
    claim: Features, weights: Weights, partial: Sequence[Evidence], th: Thresholds, index: SourceIndex
) -> tuple[Evidence, Evidence] | None:
    """Two partial sentences that cover the claim between them, neither disagreeing, and giving
    between them the word either lacks in the claim's place (:attr:`Evidence.added`); not when the
    claim gives its speaker words a side of either sentence gives to another (``Curator Dr Helen
    Marsh said the zoo was breeding animals for ticket sales`` from a sentence that names her and
    one whose critic says it), nor from a sentence that says it is not settled yet (:func:`_unsettled`)."""
    clean = sorted(
        (e for e in partial if not e.suspect and not _unsettled(claim, e)), key=lambda e: -e.coverage
    )[:4]
    said = speaker_of(claim.plain)
    for i, a in enumerate(clean):
        for b in clean[i + 1 :]:
            both = a.sentence.terms | b.sentence.terms
            covered = coverage(weights, both) >= th.support
            if (
                covered
                and not (_strong_missing(a) & _strong_missing(b))
                and (a.added | b.added) <= both
                and not (
                    said is not None
                    and (
                        _words_of_another_speaker(said, a, index) or _words_of_another_speaker(said, b, index)
                    )
                )
            ):
                return a, b
    return None


def _words_of_another_speaker(said: Speech, e: Evidence, index: SourceIndex) -> bool:
    """Does a side of the sentence with a speaker other than the claim's hold most of what the claim
    has its speaker say? A side a pronoun opens or closes (``He said ...``, ``"...," she said``) is the
    speaker's the sentence before names last (:func:`~checks.grounding.assess.speaker_before`); one
    whose speaker that sentence does not name is taken for another's."""
    words = frozenset(terms(said.said))
    if len(words) < 2:
        return False
    for side in speeches(e.sentence.plain):
        if len(words & frozenset(terms(side.said))) * 2 < len(words):
            continue
        if side.who and not same_speaker(said, side):
            return True
        if not side.who and by_pronoun(side.said):
            before = speaker_before(e.sentence, index)
            if before is None or not same_speaker(said, before):
                return True
    return False


def _strong_missing(e: Evidence) -> set[object]:
    if e.relation is None:
        return set()
    return set(strong(e.relation.missing))
