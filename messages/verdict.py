"""VerdictEvent: what the fleet publishes for each job (CONTRACT.md section 2)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from messages.enums import (
    Action,
    CheckStatus,
    FlagType,
    Mode,
    Profile,
    Severity,
    Status,
    Verdict,
)
from messages.job import SCHEMA_VERSION, Fraction, Usd

NonNegative = Annotated[float, Field(ge=0.0, allow_inf_nan=False)]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CheckOutcome(_Frozen):
    """One planned check, in the order run; a skipped check says why in ``reason``."""

    name: str
    status: CheckStatus
    score: Fraction | None = None
    reason: str = ""
    cost_usd: Usd = 0.0
    duration_ms: NonNegative = 0.0
    criterion_id: str | None = None
    """Set when the check ran to decide one criterion."""
    details: dict[str, Any] = Field(default_factory=dict)


class CriterionScore(_Frozen):
    id: str
    score: Fraction | None
    """None when the criterion could not be evaluated (its check was skipped or errored)."""
    met: bool | None
    reasoning: str = ""
    judge: str | None = None
    check: str | None = None


class Quality(_Frozen):
    completeness: Fraction
    accuracy: Fraction
    clarity: Fraction
    relevance: Fraction


class Flag(_Frozen):
    id: str
    type: FlagType
    severity: Severity
    rule: str | None = None
    section: str | None = None
    start: Annotated[int, Field(ge=0)] | None = None
    end: Annotated[int, Field(ge=0)] | None = None
    """Character offsets into the output text: ``text[start:end]`` is what is flagged."""
    claim: str | None = None
    source_id: str | None = None
    explanation: str = ""
    suggestion: str = ""
    check: str | None = None


class CorrectionItem(_Frozen):
    section: str | None
    instruction: str
    flag_ids: list[str] = Field(default_factory=list)


class Cost(_Frozen):
    usd: Usd = 0.0
    budget_usd: Usd = 0.0
    tokens_in: Annotated[int, Field(ge=0)] = 0
    tokens_out: Annotated[int, Field(ge=0)] = 0


class Progress(_Frozen):
    """This attempt against the task's previous attempt: are the corrections converging?

    Findings are the verdict's flags and its unmet criteria (a deterministic criterion whose check
    flagged what is wrong counts once, as its flag). A flag is the same finding in both
    attempts when its check, type, rule, source and claim text (or, for a flag without a claim, its
    section) are the same; offsets and wording of the explanation do not count.
    """

    previous_job_id: str
    previous_attempt: Annotated[int, Field(ge=1)]
    previous_score: Fraction
    score_change: Annotated[float, Field(ge=-1.0, le=1.0)]
    resolved: Annotated[int, Field(ge=0)]
    """Findings of the previous attempt that are gone."""
    remaining: Annotated[int, Field(ge=0)]
    """Findings of the previous attempt that are still there."""
    new: Annotated[int, Field(ge=0)]
    """Findings the previous attempt did not have."""
    remaining_flag_ids: list[str] = Field(default_factory=list)
    """Ids (in this verdict) of the flags the previous attempt had too."""
    remaining_criteria: list[str] = Field(default_factory=list)
    """Ids of the criteria unmet in both attempts."""
    converging: bool
    note: str = ""
    """Why the corrections are not converging (empty when they are)."""


class VerdictEvent(_Frozen):
    schema_version: int = SCHEMA_VERSION
    job_id: str
    mission_id: str = ""
    task_id: str = ""
    attempt: Annotated[int, Field(ge=0)] = 1
    verdict: Verdict
    status: Status
    action: Action
    score: Fraction = 0.0
    confidence: Fraction = 0.0
    profile: Profile | None = None
    mode: Mode | None = None
    checks: list[CheckOutcome] = Field(default_factory=list)
    criteria: list[CriterionScore] = Field(default_factory=list)
    quality: Quality | None = None
    flags: list[Flag] = Field(default_factory=list)
    fix_instructions: str = ""
    correction_brief: list[CorrectionItem] = Field(default_factory=list)
    cost: Cost = Field(default_factory=Cost)
    judges: list[str] = Field(default_factory=list)
    duration_ms: NonNegative = 0.0
    completed_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    progress: Progress | None = None
    """Against the task's previous attempt, when the fleet has its verdict (attempt 2 and later)."""
    reason: str = ""
    """Why the verdict is ``error`` (or any other note that concerns the whole job)."""
    trace_id: str | None = None

    def same_outcome(self, other: VerdictEvent) -> bool:
        """Equal apart from timing fields (durations and completion time)."""
        skip = {"duration_ms", "completed_at"}
        mine = self.model_dump(mode="json", exclude=skip)
        theirs = other.model_dump(mode="json", exclude=skip)
        for dump in (mine, theirs):
            for check in dump["checks"]:
                check.pop("duration_ms", None)
        return bool(mine == theirs)
