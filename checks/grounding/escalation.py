"""Judge escalation: the claims the cheap stages could not call, in one paid call per job.

The grounding check is free and runs with the free checks; the few claims it
leaves *ambiguous* (a partial match, a disagreement too loosely tied to the
claim) can be put to an LLM judge. That call costs money, so it passes the
same gates as the pipeline's paid checks (:mod:`checks.pipeline`), in the
same order:

1. ``short_circuit``: a free check already failed hard;
2. ``bypass``: the task cost less than ``bypass_below_usd``;
3. ``no_judge``: no judge is configured, or it does not rule on claims
   (it does not implement :class:`ClaimJudge`);
4. ``budget``: the judge's worst-case quote does not fit in what is left of the
   job's budget *after* the rubric judge's own quote is set aside (the rubric
   decides must_pass criteria, so it keeps priority), or the reservation fails.

Passing them, the claims go to the judge in **one** call; the reservation is
settled at the actual price and the cost lands on the grounding check's result
(and so in the verdict's ``cost``). A claim that is not escalated stays
``inferred`` and its flag says why.

The pipeline binds an :class:`Escalation` for the duration of each free
check (``with escalation.active(hard_failure=...)``); the check reads it with
:func:`current`. A context variable keeps it per thread and per call, the way
structlog keeps its bound context, so checks stay plain callables over a
:class:`~checks.registry.CheckContext`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import structlog

from checks.budget import BudgetLike
from checks.judging import JudgeSkipped
from checks.registry import Resolved
from messages import CheckError, Criterion, SkipReason, VerifyJob

__all__ = [
    "ClaimJudge",
    "ClaimQuery",
    "ClaimRuling",
    "ClaimRulings",
    "Escalation",
    "Outcome",
    "current",
]

log = structlog.get_logger("verifleet.grounding")


@dataclass(frozen=True)
class ClaimQuery:
    """One claim put to the judge, with the source sentences the cheap stages found."""

    key: str
    """``c<n>``: the claim's number in the draft, echoed back in the ruling."""
    claim: str
    section: str | None
    provisional: str
    """The status the cheap stages gave it (``inferred`` or ``unsourced``)."""
    evidence: tuple[tuple[str, str], ...]
    """(source id, sentence) pairs, best first."""
    sources: tuple[str, ...] | None = None
    """The ids of the sources mapped to the claim's section (None: every source backs it)."""


@dataclass(frozen=True)
class ClaimRuling:
    key: str
    status: str
    """``supported``, ``inferred``, ``unsourced`` or ``contradicted``."""
    source_id: str | None = None
    reasoning: str = ""


@dataclass(frozen=True)
class ClaimRulings:
    rulings: tuple[ClaimRuling, ...]
    models: tuple[str, ...] = ()
    cost_usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0


@runtime_checkable
class ClaimJudge(Protocol):
    """What a judge implements to rule on claims (alongside :class:`checks.judging.Judge`)."""

    def quote_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> float:
        """Worst-case USD of :meth:`judge_claims` for these claims."""
        ...

    def judge_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> ClaimRulings:
        """Rule on every claim in one call; raises ``messages.CheckError`` when no valid answer can be had."""
        ...


@dataclass(frozen=True)
class Outcome:
    rulings: ClaimRulings | None
    skipped: str | None = None
    """Why no call was made: a ``SkipReason`` value, ``error`` or ``already_escalated``."""
    detail: str = ""
    cost_usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    """What calls that gave no rulings cost (``error``: the provider failed, or answered malformed
    twice); with rulings, theirs is in :attr:`ClaimRulings.cost_usd`."""

    @property
    def reason(self) -> str:
        """In words, for a flag: why the claim was not escalated."""
        return _REASONS.get(self.skipped or "", "") + (f" ({self.detail})" if self.detail else "")


_REASONS = {
    SkipReason.NO_JUDGE.value: "no judge that rules on claims is configured",
    SkipReason.BUDGET.value: "the verification budget left cannot cover the judge's quote",
    SkipReason.BYPASS.value: "the task is below the bypass threshold for paid checks",
    SkipReason.SHORT_CIRCUIT.value: "a check already failed hard, so no paid check runs",
    SkipReason.CIRCUIT_OPEN.value: "the judge's provider is failing (circuit open)",
    SkipReason.NO_INDEPENDENT_JUDGE.value: "no judge other than the model that wrote the output is available",
    "error": "the judge gave no valid answer",
    "already_escalated": "this job's one judge call for claims was already made",
}


class Escalation:
    """The paid gate for one job's claim escalation; bound by the pipeline, called by the check."""

    def __init__(
        self,
        *,
        job: VerifyJob,
        policy: Resolved,
        judge: object | None,
        budget: BudgetLike,
        rubric: Sequence[Criterion] = (),
    ) -> None:
        self.job = job
        self.policy = policy
        self.judge = judge
        self.budget = budget
        self.rubric = list(rubric)
        """The criteria the rubric judge will score: its quote is kept in reserve."""
        self.hard_failure = False
        self._used = False
        self._lock = threading.Lock()

    @contextmanager
    def active(self, *, hard_failure: bool = False) -> Iterator[Escalation]:
        """Bind this escalation for the checks run inside the block."""
        self.hard_failure = hard_failure
        token = _CURRENT.set(self)
        try:
            yield self
        finally:
            _CURRENT.reset(token)

    def __call__(self, queries: Sequence[ClaimQuery]) -> Outcome:
        if not queries:
            return Outcome(None)
        if self.hard_failure:
            return Outcome(None, SkipReason.SHORT_CIRCUIT.value)
        if self.job.task.cost_usd < self.policy.bypass_below_usd:
            return Outcome(None, SkipReason.BYPASS.value)
        judge = self.judge
        if judge is None or not isinstance(judge, ClaimJudge):
            return Outcome(None, SkipReason.NO_JUDGE.value)
        with self._lock:
            if self._used:
                return Outcome(None, "already_escalated")
            self._used = True
        try:
            quote = judge.quote_claims(self.job, queries)
        except JudgeSkipped as e:  # no usable judge (circuits open, none independent): nothing reserved
            return Outcome(None, e.reason.value, str(e))
        except CheckError as e:
            return Outcome(None, "error", str(e))
        reserve = self._rubric_quote(judge)
        left = self.budget.limit_usd - self.budget.spent_usd - reserve
        if quote > left + 1e-12 or not self.budget.try_reserve(quote):
            return Outcome(None, SkipReason.BUDGET.value, f"quote ${quote:.4f}, left ${max(left, 0.0):.4f}")
        try:
            got = judge.judge_claims(self.job, queries)
        except JudgeSkipped as e:
            self.budget.settle(quote, 0.0)
            return Outcome(None, e.reason.value, str(e))
        except CheckError as e:  # JudgeFailed carries what the failed attempts cost: that still counts
            spent = float(getattr(e, "cost_usd", 0.0))
            self.budget.settle(quote, spent)
            return Outcome(
                None,
                "error",
                str(e),
                cost_usd=spent,
                tokens_in=int(getattr(e, "tokens_in", 0)),
                tokens_out=int(getattr(e, "tokens_out", 0)),
            )
        except Exception:  # a judge bug must not cost the job its verdict, nor leak the reservation
            self.budget.settle(quote, 0.0)
            log.exception("claim_judge_crashed", job_id=self.job.job_id)
            return Outcome(None, "error", "internal error")
        self.budget.settle(quote, got.cost_usd)
        return Outcome(got)

    def _rubric_quote(self, judge: object) -> float:
        quote = getattr(judge, "quote", None)
        if not self.rubric or quote is None:
            return 0.0
        try:
            return float(quote(self.job, self.rubric))
        except CheckError:
            return 0.0


_CURRENT: ContextVar[Escalation | None] = ContextVar("verifleet_grounding_escalation", default=None)


def current() -> Escalation | None:
    """The escalation bound by the pipeline for the check running now, if any."""
    return _CURRENT.get()
