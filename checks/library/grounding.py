"""``grounding``: every claim of the output traced to its sources (:mod:`checks.grounding`).

A JSON output is skipped (``not_applicable``): it holds data, not prose.
The check fails when it raised a critical flag (a contradiction, a citation
whose source contradicts its claim, and in strict mode an unsourced claim or a
citation that does not back its claim); its score is the weighted share of
supported claims, inferred at half weight.

The backend is chosen by, first to last: the criterion's ``backend`` param, the
workspace setting ``check_settings["grounding"]["backend"]`` (``VERIFLEET_GROUNDING_BACKEND``),
else ``lexical``. ``embeddings`` (or ``auto``: embeddings when the extra is installed) is
opt-in because it embeds every source sentence of every job on the CPU, about a hundred
times slower than the lexical path. A backend that cannot be had falls back to
``lexical`` and the check's details say why.
"""

from __future__ import annotations

from typing import Literal

import structlog
from pydantic import BaseModel, ConfigDict

from checks.grounding import Status, report, semantic
from checks.grounding.engine import Backend, ground
from checks.grounding.escalation import current
from checks.registry import CheckContext, CheckResult, register
from messages import CheckName, FlagType, OutputFormat, Severity, SkipReason, Strictness

log = structlog.get_logger("verifleet.grounding")

Choice = Literal["auto", "lexical", "embeddings"]


class GroundingParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    strictness: Strictness | None = None
    """Overrides the job's strictness for this check."""
    backend: Choice | None = None
    """``lexical``, ``embeddings`` or ``auto`` (embeddings when installed)."""


@register(CheckName.GROUNDING, params=GroundingParams)
def grounding(ctx: CheckContext) -> CheckResult:
    params = ctx.params if isinstance(ctx.params, GroundingParams) else GroundingParams()
    if ctx.job.output.format is OutputFormat.JSON:
        why = "a JSON output holds data, not prose claims"
        return CheckResult.skipped(SkipReason.NOT_APPLICABLE.value, details={"why": why})
    strictness = params.strictness or ctx.policy.strictness
    wanted = params.backend or ctx.settings.get("backend") or "lexical"
    backend, note = choose_backend(str(wanted))
    result = ground(
        ctx.text,
        ctx.job.sources,
        source_map=ctx.job.source_map,
        strictness=strictness,
        backend=backend,
        escalate=current(),
    )
    flags = report.flags(result)
    score, credit, total = report.score(result)
    citation_flags = [f for f in flags if f.type is FlagType.CITATION_ERROR]
    escalation = result.escalation
    details: dict[str, object] = {
        "backend": backend,
        "strictness": strictness.value,
        "claims": len(result.claims),
        **{status.value: result.count(status) for status in Status},
        "citations_checked": sum(len(g.citations) for g in result.claims),
        "citation_errors": len(citation_flags),
        "weighted_credit": credit,
        "weighted_total": total,
        "ambiguous": sum(g.decision.ambiguous for g in result.claims),
    }
    if note:
        details["backend_note"] = note
    if result.notes:
        details["notes"] = list(result.notes)
    if escalation is not None:
        details["escalation"] = {
            "claims": sum(g.decision.ambiguous or g.ruling is not None for g in result.claims),
            "ruled": sum(g.ruling is not None for g in result.claims),
            "skipped": escalation.skipped,
            "models": list(escalation.rulings.models) if escalation.rulings else [],
        }
    spent = escalation.rulings or escalation if escalation is not None else None
    cost = {
        "cost_usd": spent.cost_usd if spent else 0.0,
        "tokens_in": spent.tokens_in if spent else 0,
        "tokens_out": spent.tokens_out if spent else 0,
    }
    reason = report.summary(result, citation_flags)
    fixes = report.fixes(result)
    if any(f.severity is Severity.CRITICAL for f in flags):
        return CheckResult.failed(reason, score=score, flags=flags, fixes=fixes, details=details, **cost)
    return CheckResult.passed(score=score, reason=reason, flags=flags, fixes=fixes, details=details, **cost)


def choose_backend(wanted: str) -> tuple[Backend, str]:
    """(backend to use, a note when it is not the one asked for)."""
    wanted = wanted.strip().lower()
    if wanted == "lexical":
        return "lexical", ""
    if wanted not in ("auto", "embeddings"):
        return "lexical", f"unknown grounding backend {wanted!r}; used lexical"
    if not semantic.available():
        if wanted == "embeddings":
            return "lexical", "the embeddings extra is not installed; used lexical"
        return "lexical", ""
    try:
        semantic.load()
    except Exception as e:  # a broken model install must not cost the job its verdict
        log.warning("embeddings_unavailable", error=f"{type(e).__name__}: {e}")
        return "lexical", f"the embeddings model could not be loaded ({type(e).__name__}); used lexical"
    return "embeddings", ""
