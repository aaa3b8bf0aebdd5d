"""Running a job's planned checks in order and turning the results into a verdict.

Free checks run first and cost nothing. A hard failure among them
short-circuits every paid check (recorded ``skipped``, reason
``short_circuit``). Before a paid check, its worst-case price is reserved
against the budget; one that does not fit is skipped with reason ``budget``.
Tasks cheaper than ``bypass_below_usd`` never reach a paid check (``bypass``).
A check that raises is recorded as ``error`` with the exception named; the
pipeline itself never raises for a valid job.
"""

from __future__ import annotations

import time
from typing import Any

import structlog

from checks import registry
from checks.budget import Budget, BudgetLike
from checks.config import DEFAULT_CONFIG, PipelineConfig
from checks.drafts import output_text
from checks.grounding.escalation import Escalation
from checks.judging import Judge, JudgeFailed, Judgement, JudgeSkipped
from checks.profiles import Planned, choose_profile, plan
from checks.registry import CheckContext, CheckResult, Resolved
from checks.scoring import Ran, decide, error_verdict_for
from checks.text import one_reading
from messages import (
    CheckError,
    CheckName,
    CheckStatus,
    JobRejected,
    Mode,
    OutputFormat,
    SkipReason,
    VerdictEvent,
    VerifyJob,
    parse_job,
    peek_identity,
)

log = structlog.get_logger("verifleet.pipeline")


def warm_up() -> None:
    """Build, before any job, the tables a first job would otherwise wait for: the word class of
    the phrase matcher (0.1 s) and English syllables (0.05 s). A worker process calls it at boot."""
    from checks.library import prohibited_phrases  # noqa: PLC0415  (checks.library imports checks)
    from checks.readability import syllable_counter  # noqa: PLC0415

    prohibited_phrases.warm_up()
    syllable_counter("en")


def verify(
    job: VerifyJob,
    *,
    config: PipelineConfig = DEFAULT_CONFIG,
    judge: Judge | None = None,
    budget: BudgetLike | None = None,
    mode: Mode | None = None,
) -> VerdictEvent:
    """Verify one parsed job.

    Raises:
        JobValidationError: a criterion's params do not fit its check.
    """
    # The checks share what they read off the output (code, comments).
    with one_reading(markdown=job.output.format is OutputFormat.MARKDOWN):
        return _verify(job, config=config, judge=judge, budget=budget, mode=mode)


def _verify(
    job: VerifyJob,
    *,
    config: PipelineConfig,
    judge: Judge | None,
    budget: BudgetLike | None,
    mode: Mode | None,
) -> VerdictEvent:
    started = time.perf_counter()
    policy = config.resolve(job)
    profile = choose_profile(job, config.profile)
    planned = plan(job, profile, default=config.profile)
    budget_usd = policy.budget_fraction * job.task.cost_usd
    budget = budget if budget is not None else Budget(budget_usd)
    text = output_text(job)
    ran: list[Ran] = []
    judgement: Judgement | None = None
    hard_failure = False
    # Claims the grounding check leaves ambiguous may go to the judge, gated like the paid checks.
    escalation = Escalation(
        job=job, policy=policy, judge=judge, budget=budget, rubric=[c for q in planned for c in q.judged]
    )
    for p in planned:
        t0 = time.perf_counter()
        if p.paid:
            result, judgement = _run_paid(
                p,
                job=job,
                policy=policy,
                judge=judge,
                budget=budget,
                hard_failure=hard_failure,
                judgement=judgement,
            )
        else:
            with escalation.active(hard_failure=hard_failure):
                result = _run_free(p, job, policy, text, config)
            if result.status is CheckStatus.FAIL and (
                result.hard or (p.criterion is not None and p.criterion.must_pass)
            ):
                hard_failure = True
        ran.append(Ran(p, result, (time.perf_counter() - t0) * 1000))
    return decide(
        job,
        profile=profile,
        policy=policy,
        mode=mode if mode is not None else job.routed_mode,
        ran=ran,
        judgement=judgement,
        budget_usd=budget.limit_usd,
        duration_ms=(time.perf_counter() - started) * 1000,
    )


def verify_document(
    data: bytes | str | dict[str, Any],
    *,
    config: PipelineConfig = DEFAULT_CONFIG,
    judge: Judge | None = None,
    mode: Mode | None = None,
) -> VerdictEvent:
    """Parse and verify; a job that cannot be verified gets a verdict ``error`` saying why.

    Raises:
        JobRejected: only when not even a job_id can be read to address the verdict to.
    """
    try:
        job = parse_job(data, limits=config.limits)
        return verify(job, config=config, judge=judge, mode=mode)
    except JobRejected as e:
        verdict = error_verdict_for(peek_identity(data), f"invalid job: {e}", job_id=e.job_id, mode=mode)
        if verdict is None:
            raise
        return verdict


def _context(p: Planned, job: VerifyJob, policy: Resolved, text: str, config: PipelineConfig) -> CheckContext:
    return CheckContext(
        job=job,
        policy=policy,
        text=text,
        criterion=p.criterion,
        params=p.params,
        settings=config.check_settings.get(p.name.value, {}),
    )


def _run_free(p: Planned, job: VerifyJob, policy: Resolved, text: str, config: PipelineConfig) -> CheckResult:
    spec = registry.get(p.name)
    if spec is None:
        return CheckResult.errored(f"check {p.name.value!r} is not available in this version of verifleet")
    try:
        return spec.fn(_context(p, job, policy, text, config))
    except CheckError as e:
        return CheckResult.errored(str(e))
    except Exception as e:  # a bug in one check must not cost the job its verdict
        log.exception("check_crashed", check=p.name.value, job_id=job.job_id)
        return CheckResult.errored(f"internal error in {p.name.value}: {type(e).__name__}: {e}")


def _run_paid(
    p: Planned,
    *,
    job: VerifyJob,
    policy: Resolved,
    judge: Judge | None,
    budget: BudgetLike,
    hard_failure: bool,
    judgement: Judgement | None,
) -> tuple[CheckResult, Judgement | None]:
    if hard_failure:
        return CheckResult.skipped(SkipReason.SHORT_CIRCUIT.value), judgement
    if job.task.cost_usd < policy.bypass_below_usd:
        return CheckResult.skipped(SkipReason.BYPASS.value), judgement
    if p.name is not CheckName.JUDGE or judge is None:
        return CheckResult.skipped(SkipReason.NO_JUDGE.value), judgement
    criteria = list(p.judged)
    try:
        quote = judge.quote(job, criteria)
    except JudgeSkipped as e:  # no independent judge, every circuit open...: nothing was reserved
        return CheckResult.skipped(e.reason.value, details=e.details), judgement
    except CheckError as e:
        return CheckResult.errored(str(e)), judgement
    if not budget.try_reserve(quote):
        return (
            CheckResult.skipped(
                SkipReason.BUDGET.value,
                details={"quote_usd": quote, "left_usd": budget.limit_usd - budget.spent_usd},
            ),
            judgement,
        )
    try:
        got = judge.judge(job, criteria)
    except JudgeSkipped as e:
        budget.settle(quote, 0.0)
        return CheckResult.skipped(e.reason.value, details=e.details), judgement
    except JudgeFailed as e:  # judges were asked and none answered validly: what that cost still counts
        budget.settle(quote, e.cost_usd)
        return (
            CheckResult.errored(
                str(e), cost_usd=e.cost_usd, tokens_in=e.tokens_in, tokens_out=e.tokens_out, details=e.details
            ),
            judgement,
        )
    except CheckError as e:
        budget.settle(quote, 0.0)
        return CheckResult.errored(str(e)), judgement
    budget.settle(quote, got.cost_usd)
    return (
        CheckResult.passed(
            score=sum(c.score for c in got.criteria) / len(got.criteria) if got.criteria else 1.0,
            cost_usd=got.cost_usd,
            tokens_in=got.tokens_in,
            tokens_out=got.tokens_out,
            reason=got.reasoning,
            details={"models": got.models, "notes": got.notes, **got.details},
        ),
        got,
    )
