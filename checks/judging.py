"""The seam between the pipeline and an LLM judge.

The pipeline asks a :class:`Judge` for the worst-case price of scoring a job's
open criteria, reserves that against the budget, then asks for the scores.
``None`` as the judge means none is configured: the judge check is skipped
with reason ``no_judge`` and confidence drops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from messages import Criterion, Quality, VerifyJob


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


class Judge(Protocol):
    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        """Worst-case USD of :meth:`judge` for these criteria (prompt priced in + max_tokens out)."""
        ...

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        """Score the criteria; raises ``messages.CheckError`` when no valid answer can be had."""
        ...
