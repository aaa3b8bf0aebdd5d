"""Pure verification logic: checks, profiles, the pipeline and scoring. No broker, no Redis."""

from __future__ import annotations

from typing import TYPE_CHECKING

from checks import native
from checks.lazy import exports

native.install()  # before any module it may compile is imported (checks/native.py)

if TYPE_CHECKING:
    from checks.budget import Budget, BudgetLike
    from checks.citations import findings_report, render_citations
    from checks.config import DEFAULT_CONFIG, PipelineConfig
    from checks.judging import CriterionJudgement, Judge, Judgement
    from checks.pipeline import verify, verify_document, warm_up
    from checks.registry import CheckContext, CheckResult, register
    from checks.scoring import error_verdict

__all__ = [
    "DEFAULT_CONFIG",
    "Budget",
    "BudgetLike",
    "CheckContext",
    "CheckResult",
    "CriterionJudgement",
    "Judge",
    "Judgement",
    "PipelineConfig",
    "error_verdict",
    "findings_report",
    "register",
    "render_citations",
    "verify",
    "verify_document",
    "warm_up",
]

__getattr__ = exports(
    __name__,
    {
        "checks.budget": ("Budget", "BudgetLike"),
        "checks.citations": ("findings_report", "render_citations"),
        "checks.config": ("DEFAULT_CONFIG", "PipelineConfig"),
        "checks.judging": ("CriterionJudgement", "Judge", "Judgement"),
        "checks.pipeline": ("verify", "verify_document", "warm_up"),
        "checks.registry": ("CheckContext", "CheckResult", "register"),
        "checks.scoring": ("error_verdict",),
    },
)
