"""Workspace defaults for the pipeline, and resolving a job's policy against them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from checks.registry import Resolved
from messages import Limits, Profile, Strictness, VerifyJob


@dataclass(frozen=True)
class PipelineConfig:
    """What a job's ``policy`` falls back to. ``workers.settings`` builds one from the environment."""

    profile: Profile = Profile.AUTO
    strictness: Strictness = Strictness.STANDARD
    pass_threshold: float | None = None
    budget_fraction: float = 0.30
    bypass_below_usd: float = 0.10
    max_attempts: int = 3
    escalate_on_stall: bool = True
    judges: tuple[str, ...] = ()
    ensemble: int = 1
    escalate_below_confidence: float = 0.5
    limits: Limits = field(default_factory=Limits)
    check_settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Per-check workspace settings, keyed by check name (e.g. ``{"voice": {...}}``)."""

    def resolve(self, job: VerifyJob) -> Resolved:
        p = job.policy
        return Resolved(
            strictness=p.strictness or self.strictness,
            pass_threshold=p.pass_threshold if p.pass_threshold is not None else self.pass_threshold,
            budget_fraction=p.budget_fraction if p.budget_fraction is not None else self.budget_fraction,
            bypass_below_usd=(
                p.bypass_below_usd if p.bypass_below_usd is not None else self.bypass_below_usd
            ),
            max_attempts=p.max_attempts or self.max_attempts,
            escalate_on_stall=(
                p.escalate_on_stall if p.escalate_on_stall is not None else self.escalate_on_stall
            ),
            judges=tuple(p.judges) if p.judges is not None else self.judges,
            ensemble=p.ensemble or self.ensemble,
            escalate_below_confidence=self.escalate_below_confidence,
        )


DEFAULT_CONFIG = PipelineConfig()
