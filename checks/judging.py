"""The seam between the pipeline and an LLM judge.

The pipeline asks a :class:`Judge` for the worst-case price of scoring a job's
open criteria, reserves that against the budget, then asks for the scores.
``None`` as the judge means none is configured: the judge check is skipped
with reason ``no_judge`` and confidence drops.

Two named signals cross the seam (both are ``CheckError``, so a caller that
knows neither still records an ``error``):

* :class:`JudgeSkipped`: no judge was asked (no independent judge, every
  circuit open, no judge usable); the check is ``skipped`` with ``reason``.
* :class:`JudgeFailed`: judges were asked but no valid answer came back; the
  check is ``error`` and still carries what the attempt cost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from messages import CheckError, Criterion, Quality, SkipReason, VerifyJob


@dataclass(frozen=True)
class CriterionJudgement:
    id: str
    score: float
    """0..1, already normalised from the 1..5 scale."""
    reasoning: str = ""


@dataclass(frozen=True)
class Judgement:
    criteria: list[CriterionJudgement]
    quality: Quality | None
    confidence: float
    models: list[str]
    cost_usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    reasoning: str = ""
    notes: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    """Per-judge breakdown (model, latency, tokens, cost, scores) for the check's ``details``."""


class JudgeSkipped(CheckError):
    """No judge was asked; the judge check is ``skipped`` with ``reason``.

    ``details`` goes to the check result; ``details["fail_open"]`` set true lets the
    verdict pass on the deterministic checks alone (with lower confidence) instead of
    holding an unevaluated must_pass criterion open, and ``details["verdict_note"]``
    is added to the verdict's ``reason``.
    """

    def __init__(
        self, reason: SkipReason, message: str = "", *, details: dict[str, Any] | None = None
    ) -> None:
        self.reason = reason
        self.details = dict(details or {})
        super().__init__(message or reason.value)


class JudgeFailed(CheckError):
    """Judges were asked and none gave a valid answer; carries what the attempt cost."""

    def __init__(
        self,
        message: str,
        *,
        cost_usd: float = 0.0,
        tokens_in: int = 0,
        tokens_out: int = 0,
        details: dict[str, Any] | None = None,
    ) -> None:
        self.cost_usd = cost_usd
        self.tokens_in = tokens_in
        self.tokens_out = tokens_out
        self.details = dict(details or {})
        super().__init__(message)


class Judge(Protocol):
    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        """Worst-case USD of :meth:`judge` for these criteria (prompt priced in + max_tokens out).

        Raises ``JudgeSkipped`` when no judge would be asked (nothing is reserved then).
        """
        ...

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        """Score the criteria; raises ``messages.CheckError`` when no valid answer can be had
        (``JudgeFailed`` with the cost of the attempt, ``JudgeSkipped`` when none was asked)."""
        ...
