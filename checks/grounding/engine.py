"""Grounding a draft: claims out, sources indexed, each claim decided, citations checked, ambiguity escalated.

:func:`ground` is pure apart from the per-process caches (the source index,
the embeddings model) and the optional escalation callable; the registered
check (:mod:`checks.library.grounding`) wraps it. Claims are scored and given
candidates :data:`BATCH` at a time, so the score matrix stays a few hundred
rows whatever the length of the draft.

Cheapest first: a claim that a sentence of its section's sources states word
for word, as does every source it cites, is supported by that sentence
without being read (:func:`_copied`; a research draft copies many of its
sentences). A full reading gives a copy the same answer, since no sentence
can cover it more fully; the shortcut only saves the work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from checks.claims import WEIGHTS, Claim, is_rhetorical, names_something, parse_prose, to_claim
from checks.grounding import semantic
from checks.grounding.assess import THRESHOLDS, Evidence, Finding, Thresholds, Weights
from checks.grounding.cited import Cite, find_citations, matching_text
from checks.grounding.decide import Basis, Decision, Status, decide
from checks.grounding.escalation import ClaimQuery, ClaimRuling, Outcome
from checks.grounding.index import Features, SourceIndex, build_index, features
from checks.grounding.lexicon import CHANGES, RESULTS, negated, terms
from checks.grounding.quantities import quantities
from checks.grounding.retrieve import candidates, top_k
from checks.grounding.scope import universal
from checks.grounding.sections import SectionSources
from checks.text import code_spans
from messages import Source, SourceMapEntry, Strictness

__all__ = ["Backend", "CitationCheck", "GroundedClaim", "Grounding", "ground"]

Backend = Literal["lexical", "embeddings"]
Escalate = Callable[[Sequence[ClaimQuery]], Outcome]

K_LEXICAL: Final = 5
"""Candidate sentences per claim from BM25, in the claim's own sources."""
K_SEMANTIC: Final = 4
"""More candidates per claim from the embeddings, when that backend is on."""
K_OTHER: Final = 4
"""Candidates per claim from other sections' sources, when a source map narrows them."""
MAX_EVIDENCE: Final = 3
MIN_TERMS: Final = 3
"""A sentence with this many content words asserts something even without a figure or a name."""
MAX_CLAIMS: Final = 3_000
"""Claims grounded per output (about 40,000 words of prose); the rest are left out and a note says so."""
BATCH = 256
"""Claims scored at once: the score matrix is this many rows by the sources' sentences, whatever the
length of the draft."""


@dataclass(frozen=True, slots=True)
class CitationCheck:
    """One source a claim cites, and what that source says about it."""

    cite: Cite
    decision: Decision


@dataclass(frozen=True, slots=True)
class GroundedClaim:
    number: int
    """1-based, in draft order: ``c<number>`` in escalation queries."""
    claim: Claim
    text: str
    """What the matcher read: the claim's plain text without its citations."""
    section: str | None
    """The mapped section whose sources the claim was matched against (None: all sources)."""
    sources: tuple[str, ...] | None
    decision: Decision
    citations: tuple[CitationCheck, ...] = ()
    ruling: ClaimRuling | None = None
    """The judge's ruling when the claim was escalated and ruled on."""
    not_escalated: str = ""
    """Why an ambiguous claim stayed as the cheap stages left it."""

    @property
    def status(self) -> Status:
        return self.decision.status


@dataclass(frozen=True)
class Grounding:
    claims: tuple[GroundedClaim, ...]
    backend: Backend
    strictness: Strictness
    escalation: Outcome | None = None
    notes: tuple[str, ...] = field(default=())

    def count(self, status: Status) -> int:
        return sum(c.status is status for c in self.claims)


def ground(
    text: str,
    sources: Sequence[Source],
    *,
    source_map: Sequence[SourceMapEntry] = (),
    strictness: Strictness = Strictness.STANDARD,
    backend: Backend = "lexical",
    escalate: Escalate | None = None,
    copies: bool = True,
) -> Grounding:
    """Classify every claim of ``text`` against ``sources`` (see the package docstring for the rules).

    ``copies``: a claim a sentence of its sources states word for word is supported by it without
    being read (:func:`_copied`); False reads every claim in full, to the same statuses (what a draft
    that copies nothing costs: ``bench/grounding.py``)."""
    th = THRESHOLDS[strictness]
    strict = strictness is Strictness.STRICT
    notes: list[str] = []
    code = code_spans(text)
    prose = parse_prose(text, code=code)
    cites = find_citations(text, prose, sources, code)
    picked: list[tuple[Claim, str, list[Cite]]] = []
    for i, sentence in enumerate(prose.sentences):
        if sentence.question or i in cites.only_citations:
            continue
        if is_rhetorical(sentence.plain) and not _changed(sentence.plain):
            continue
        claim = to_claim(sentence)
        cited = cites.by_sentence.get(i, [])
        plain = matching_text(sentence.plain, cites.names)
        if not (
            claim.is_factual(strict=strict) or cited or names_something(sentence.plain) or _asserts(plain)
        ):
            continue
        picked.append((claim, plain, cited))
    if len(picked) > MAX_CLAIMS:
        notes.append(f"only the first {MAX_CLAIMS} of {len(picked)} claims were grounded")
        picked = picked[:MAX_CLAIMS]
    index = build_index(sources)
    if not picked:
        return Grounding((), backend, strictness, notes=tuple(notes))
    sections = SectionSources(text, prose.headings, source_map)
    batches = _Batches(
        index, th, strict, embeddings=backend == "embeddings" and len(index) > 0, copies=copies
    )
    grounded: list[GroundedClaim] = []
    for first in range(0, len(picked), BATCH):
        grounded += batches.ground(picked[first : first + BATCH], first, sections)
    outcome = None
    if escalate is not None:
        grounded, outcome = _escalate(grounded, escalate, strict=strict)
    return Grounding(tuple(grounded), backend, strictness, outcome, tuple(notes))


class _Batches:
    """Claims grounded :data:`BATCH` at a time: scored, given candidates, decided."""

    def __init__(
        self, index: SourceIndex, th: Thresholds, strict: bool, *, embeddings: bool, copies: bool
    ) -> None:
        self.index = index
        self.copies = copies
        self.th = th
        self.strict = strict
        self.embeddings = embeddings
        self.vocabulary: dict[tuple[str, ...] | None, frozenset[str]] = {}
        self.masks: dict[tuple[str, ...] | None, npt.NDArray[np.bool_]] = {}

    def ground(
        self, picked: Sequence[tuple[Claim, str, list[Cite]]], first: int, sections: SectionSources
    ) -> list[GroundedClaim]:
        located = [sections.at(claim.start) for claim, _, _ in picked]
        copies = [
            _copied(plain, ids, _unique(cited), self.index) if self.copies else None
            for (_, plain, cited), (_, ids) in zip(picked, located, strict=True)
        ]
        read = [j for j, copied in enumerate(copies) if copied is None]
        # The claims not copied, read together (scored as one batch), in draft order.
        readings = iter(self._read([picked[j] for j in read], [located[j] for j in read]) if read else ())
        return [
            GroundedClaim(first + j + 1, claim, plain, section, ids, *(copied or next(readings)))
            for j, ((claim, plain, _), (section, ids), copied) in enumerate(
                zip(picked, located, copies, strict=True)
            )
        ]

    def _read(
        self,
        picked: Sequence[tuple[Claim, str, list[Cite]]],
        located: Sequence[tuple[str | None, tuple[str, ...] | None]],
    ) -> list[tuple[Decision, tuple[CitationCheck, ...]]]:
        """Claims no sentence of their sources states word for word: scored, given candidates, decided."""
        index, th = self.index, self.th
        claim_features = [features(t) for _, t, _ in picked]
        scores = index.scores([sorted(f.terms) for f in claim_features])
        sims = semantic.similarities(index, [t for _, t, _ in picked]) if self.embeddings else None
        own, other = candidates(
            scores,
            index,
            [ids for _, ids in located],
            k=K_LEXICAL,
            k_other=K_OTHER,
            digits=[f.digits for f in claim_features],
        )
        out = []
        for j, ((_, _, cited), feats) in enumerate(zip(picked, claim_features, strict=True)):
            sim_row = sims[j] if sims is not None else None
            ids = located[j][1]
            weights = Weights.of(feats, index)
            allowed, others = own[j], other[j]
            if _figured(feats.digits) and not any(
                index.writes(n, feats.digits) == len(feats.digits) for n in allowed
            ):
                # A sentence of its sources that writes every figure of the claim is a candidate,
                # however its words score ("The charge for up to two hours will rise from £3.50 to
                # £4.50", where the claim names the car parks its neighbour names).
                extra = [n for n in index.writing(feats.digits, ids) if n not in allowed][:MAX_WRITING]
                if extra:
                    allowed = [*allowed, *extra]
            if sim_row is not None:
                if ids not in self.masks:
                    self.masks[ids] = index.mask(ids)
                allowed = _nearest(allowed, sim_row, self.masks[ids])
                others = _nearest(others, sim_row, ~self.masks[ids]) if ids is not None else others
            if ids not in self.vocabulary:
                self.vocabulary[ids] = index.terms_of(ids)
            decision = decide(
                feats,
                weights,
                allowed=allowed,
                other=others,
                index=index,
                th=th,
                strict=self.strict,
                similarity=_similarity(sim_row),
                vocabulary=self.vocabulary[ids],
            )
            checks = tuple(
                CitationCheck(
                    cite,
                    _decide_cited(cite, feats, weights, row=scores[j], sim_row=sim_row, index=index, th=th),
                )
                for cite in _unique(cited)
            )
            out.append((decision, checks))
        return out


MAX_WRITING: Final = 2
"""Candidates added per claim for writing every one of its figures (:meth:`SourceIndex.writing`)."""
_YEAR_DIGITS: Final = re.compile(r"(?:1[89]|20)\d\d")


def _figured(digits: Sequence[str]) -> bool:
    """Has a claim two or more figures written in digits, one at least no year and of three characters
    or more (``3.50``, ``412,000``: not ``12``, which many sentences write)?"""
    return len(digits) > 1 and any(len(d) > 2 and _YEAR_DIGITS.fullmatch(d) is None for d in digits)


def _copied(
    plain: str, ids: tuple[str, ...] | None, cited: Sequence[Cite], index: SourceIndex
) -> tuple[Decision, tuple[CitationCheck, ...]] | None:
    """A claim that a sentence of its sources states word for word, as does every source it cites:
    supported, by the first such sentence (None: it must be read)."""
    n = index.stating(plain, ids)
    if n is None:
        return None
    checks = []
    for cite in cited:
        m = index.stating(plain, (cite.source_id,))
        if m is None:
            return None
        checks.append(CitationCheck(cite, _stated(index, m)))
    return _stated(index, n), tuple(checks)


def _stated(index: SourceIndex, n: int) -> Decision:
    return Decision(Status.SUPPORTED, Basis.STATED, Evidence(index.sentences[n], 1.0, None, Finding.SUPPORT))


def _asserts(plain: str) -> bool:
    """Does a sentence with no number, name or citation assert something: :data:`MIN_TERMS` content
    words, or one fewer and a change, a financial result, a denial, a figure in words, a scope or
    ``already`` (``Prices rose``; ``The startup made a profit``; ``The bridge has not closed for more
    than two days``; ``Cycling is banned on the towpath``; ``The ferry runs every day``;
    ``Construction has already started``)?"""
    found = set(terms(plain))
    if len(found) >= MIN_TERMS:
        return True
    return len(found) == MIN_TERMS - 1 and (
        not CHANGES.isdisjoint(found)
        or not RESULTS.isdisjoint(found)  # "The startup has made a profit": its verb is no term
        or negated(plain)
        or bool(quantities(plain, context=False, limit=1))
        or universal(plain) is not None
        or " already " in plain  # "Construction has already started": that it is done
    )


def _changed(plain: str) -> bool:
    """Does a short sentence say which way something went (``Average rents fell``, ``Prices
    rose``): a claim, however few its words, that the sources' figures can check?"""
    found = set(terms(plain))
    return len(found) >= 2 and not CHANGES.isdisjoint(found)


def _similarity(row: npt.NDArray[np.float32] | None) -> Callable[[int], float | None] | None:
    if row is None:
        return None
    return lambda n: float(row[n])


def _top(values: npt.NDArray[np.float32], pool: npt.NDArray[np.intp], k: int) -> list[int]:
    if len(pool) > k:
        pool = pool[np.argpartition(-values[pool], k)[:k]]
    return [int(n) for n in pool]


def _nearest(found: list[int], sim_row: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> list[int]:
    """``found`` plus the sentences under ``mask`` nearest by cosine (the embeddings backend)."""
    found = list(found)
    for n in _top(sim_row, np.flatnonzero(mask), K_SEMANTIC):
        if n not in found:
            found.append(n)
    return found


def _candidates(
    row: npt.NDArray[np.float32],
    sim_row: npt.NDArray[np.float32] | None,
    mask: npt.NDArray[np.bool_],
    k: int = K_LEXICAL,
) -> list[int]:
    """The best sentences under ``mask`` by BM25 (best first), plus the nearest by cosine."""
    found = top_k(row, mask, k)
    return _nearest(found, sim_row, mask) if sim_row is not None else found


def _unique(cited: Sequence[Cite]) -> list[Cite]:
    seen: set[str] = set()
    out = []
    for cite in cited:
        if cite.source_id not in seen:
            seen.add(cite.source_id)
            out.append(cite)
    return out


def _decide_cited(
    cite: Cite,
    feats: Features,
    weights: Weights,
    *,
    row: npt.NDArray[np.float32],
    sim_row: npt.NDArray[np.float32] | None,
    index: SourceIndex,
    th: Thresholds,
) -> Decision:
    """What the cited source alone says about the claim (citation integrity, step 3)."""
    first, end = index.spans.get(cite.source_id, (0, 0))
    mask = np.zeros(len(index), dtype=bool)
    mask[first:end] = True
    cited = _candidates(row, sim_row, mask)
    return decide(
        feats,
        weights,
        allowed=cited,
        other=[],
        index=index,
        th=th,
        strict=False,
        similarity=_similarity(sim_row),
    )


def _escalate(
    grounded: list[GroundedClaim], escalate: Escalate, *, strict: bool
) -> tuple[list[GroundedClaim], Outcome | None]:
    ambiguous = sorted((g for g in grounded if g.decision.ambiguous), key=_priority)
    if not ambiguous:
        return grounded, None
    queries = [
        ClaimQuery(
            key=f"c{g.number}",
            claim=g.text,
            section=g.claim.section,
            provisional=g.status.value,
            evidence=_evidence(g),
            sources=g.sources,
        )
        for g in ambiguous
    ]
    outcome = escalate(queries)
    rulings = {r.key: r for r in outcome.rulings.rulings} if outcome.rulings else {}
    out = []
    for g in grounded:
        if not g.decision.ambiguous:
            out.append(g)
            continue
        ruling = rulings.get(f"c{g.number}")
        status = _status(ruling.status) if ruling is not None else None
        if ruling is None or status is None:
            reason = outcome.reason if outcome.rulings is None else "the judge did not rule on this claim"
            out.append(replace(g, not_escalated=reason))
            continue
        evidence = g.decision.evidence
        decision = Decision(_mapped(status, ruling, g, strict), Basis.JUDGE, evidence, g.decision.second)
        out.append(replace(g, decision=decision, ruling=ruling))
    return out, outcome


def _priority(g: GroundedClaim) -> tuple[int, float, int]:
    """The order ambiguous claims are put to the judge in, which rules on a first few only when there
    are many (``checks.judge.claims.MAX_CLAIMS``): unsourced first (a warning, and perhaps a
    contradiction the figures could not pair), then the claims that weigh most in the score (a
    metric's 1.5 before a general statement's 0.8), then draft order."""
    return (g.status is not Status.UNSOURCED, -WEIGHTS[g.claim.type], g.number)


def _mapped(status: Status, ruling: ClaimRuling, g: GroundedClaim, strict: bool) -> Status:
    """The source-map rule over a judge's ruling, as over the cheap stages': what only a source not
    mapped to the claim's section states is inferred (unsourced in strict), never supported; what
    only such a source denies is no contradiction, and the claim keeps the status it had."""
    if g.sources is None or ruling.source_id in g.sources:
        return status
    if status is Status.SUPPORTED:
        return Status.UNSOURCED if strict else Status.INFERRED
    if status is Status.CONTRADICTED:
        return g.status
    return status


def _evidence(g: GroundedClaim) -> tuple[tuple[str, str], ...]:
    found = [e for e in (g.decision.evidence, g.decision.second) if e is not None]
    return tuple((e.sentence.source_id, e.sentence.text) for e in found[:MAX_EVIDENCE])


def _status(value: str) -> Status | None:
    try:
        return Status(value.strip().lower())
    except ValueError:
        return None
