"""From check results to a verdict: score, verdict, status, action, confidence, fixes.

Rules (documented in the README under "How a verdict is decided"):

* score: ``openmark`` = passed of its four checks / 4; ``integrity`` = the
  source-marker score; ``criteria`` and ``factcheck`` = the weighted mean of
  every evaluated item (a criterion weighs its ``weight``, any other check 1).
* verdict: ``fail`` on a hard failure (a failed must_pass criterion, a broken
  schema) or a score under the threshold; ``partial`` when the score clears the
  threshold but a check failed or errored, a criterion is unmet, a critical flag
  stands, or a must_pass criterion could not be evaluated (fail-closed);
  ``pass`` otherwise.
* confidence: the share of planned weight that was evaluated, the judged part
  discounted by the judge's own confidence.
* action: ``continue`` on pass; ``retry_with_feedback`` while attempts remain and
  there is something to fix; ``escalate`` otherwise, and whenever confidence is
  under the escalation threshold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from checks.judging import Judgement
from checks.profiles import OPENMARK, Planned
from checks.registry import CheckResult, Resolved
from messages import (
    Action,
    CheckName,
    CheckOutcome,
    CheckStatus,
    CorrectionItem,
    Cost,
    CriterionScore,
    Flag,
    Mode,
    Profile,
    Severity,
    Status,
    Strictness,
    Verdict,
    VerdictEvent,
    VerifyJob,
)

CRITERION_MET_AT = 0.75
THRESHOLDS: Mapping[Profile, Mapping[Strictness, float]] = {
    Profile.OPENMARK: dict.fromkeys(Strictness, 0.9),
    Profile.INTEGRITY: {Strictness.STRICT: 0.95, Strictness.STANDARD: 0.85, Strictness.RELAXED: 0.70},
    Profile.FACTCHECK: {Strictness.STRICT: 0.85, Strictness.STANDARD: 0.75, Strictness.RELAXED: 0.60},
    Profile.CRITERIA: {Strictness.STRICT: 0.85, Strictness.STANDARD: 0.75, Strictness.RELAXED: 0.60},
}


@dataclass(frozen=True)
class Ran:
    """One planned check and what came of it."""

    planned: Planned
    result: CheckResult
    duration_ms: float


def threshold(profile: Profile, policy: Resolved) -> float:
    if policy.pass_threshold is not None:
        return policy.pass_threshold
    return THRESHOLDS.get(profile, THRESHOLDS[Profile.CRITERIA])[policy.strictness]


def criterion_threshold(params: Mapping[str, object]) -> float:
    value = params.get("threshold")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
        return float(value)
    return CRITERION_MET_AT


def criterion_scores(job: VerifyJob, ran: Sequence[Ran], judgement: Judgement | None) -> list[CriterionScore]:
    by_criterion = {r.planned.criterion.id: r for r in ran if r.planned.criterion is not None}
    judged = {j.id: j for j in judgement.criteria} if judgement else {}
    model = ", ".join(judgement.models) if judgement else None
    scores = []
    for criterion in job.criteria:
        if criterion.check is not None:
            r = by_criterion.get(criterion.id)
            evaluated = r is not None and r.result.status in (CheckStatus.PASS, CheckStatus.FAIL)
            score = None
            if r is not None and evaluated:
                score = (
                    r.result.score
                    if r.result.score is not None
                    else float(r.result.status is CheckStatus.PASS)
                )
            scores.append(
                CriterionScore(
                    id=criterion.id,
                    score=score,
                    met=(r.result.status is CheckStatus.PASS) if r is not None and evaluated else None,
                    reasoning=(r.result.reason if r is not None else ""),
                    check=criterion.check.value,
                )
            )
        elif criterion.id in judged:
            j = judged[criterion.id]
            scores.append(
                CriterionScore(
                    id=criterion.id,
                    score=j.score,
                    met=j.score >= criterion_threshold(criterion.params),
                    reasoning=j.reasoning,
                    judge=model,
                )
            )
        else:
            scores.append(CriterionScore(id=criterion.id, score=None, met=None, check=None))
    return scores


def _check_score(result: CheckResult) -> float | None:
    if result.status not in (CheckStatus.PASS, CheckStatus.FAIL):
        return None
    if result.score is not None:
        return result.score
    return 1.0 if result.status is CheckStatus.PASS else 0.0


def aggregate(
    job: VerifyJob,
    profile: Profile,
    ran: Sequence[Ran],
    criteria: Sequence[CriterionScore],
    judgement: Judgement | None,
) -> tuple[float, float, bool]:
    """(score, confidence, evaluated_anything)."""
    weights = {c.id: c.weight for c in job.criteria}
    judged_ids = {c.id for c in job.criteria if c.check is None}
    judge_conf = judgement.confidence if judgement else 0.0
    total = evaluated = confident = weighted = 0.0
    for c in criteria:
        w = weights[c.id]
        total += w
        if c.score is not None:
            evaluated += w
            weighted += w * c.score
            confident += w * (judge_conf if c.id in judged_ids else 1.0)
    for r in ran:
        if r.planned.criterion is not None or r.planned.name is CheckName.JUDGE:
            continue
        if r.result.status is CheckStatus.SKIPPED and r.result.reason == "not_applicable":
            continue
        total += 1.0
        s = _check_score(r.result)
        if s is not None:
            evaluated += 1.0
            weighted += s
            confident += 1.0
    confidence = confident / total if total else 0.0
    if profile is Profile.OPENMARK:
        four = [r for r in ran if r.planned.criterion is None and r.planned.name in OPENMARK]
        score = sum(r.result.status is CheckStatus.PASS for r in four) / 4
    elif profile is Profile.INTEGRITY:
        marker = next((r for r in ran if r.planned.name is CheckName.SOURCE_MARKERS), None)
        s = _check_score(marker.result) if marker else None
        score = s if s is not None else 0.0
    else:
        score = weighted / evaluated if evaluated else 0.0
    return round(score, 4), round(min(confidence, 1.0), 4), evaluated > 0


def number_flags(ran: Sequence[Ran], *, critical_only: bool = False) -> list[Flag]:
    """Every flag, numbered f1, f2, ...; relaxed strictness passes ``critical_only`` (CONTRACT.md §3)."""
    flags: list[Flag] = []
    for r in ran:
        for f in r.result.flags:
            if critical_only and f.severity is not Severity.CRITICAL:
                continue
            flags.append(f.model_copy(update={"id": f"f{len(flags) + 1}"}))
    return flags


def correction_brief(flags: Sequence[Flag], extra: Sequence[str]) -> list[CorrectionItem]:
    """Instructions grouped by section, each naming the flags it resolves."""
    groups: dict[str | None, tuple[list[str], list[str]]] = {}
    for f in flags:
        if not f.suggestion:
            continue
        instructions, ids = groups.setdefault(f.section, ([], []))
        if f.suggestion not in instructions:
            instructions.append(f.suggestion)
        ids.append(f.id)
    brief = [
        CorrectionItem(section=section, instruction=" ".join(instructions), flag_ids=ids)
        for section, (instructions, ids) in groups.items()
    ]
    brief += [CorrectionItem(section=None, instruction=text, flag_ids=[]) for text in extra]
    return brief


def decide(
    job: VerifyJob,
    *,
    profile: Profile,
    policy: Resolved,
    mode: Mode | None,
    ran: Sequence[Ran],
    judgement: Judgement | None,
    budget_usd: float,
    duration_ms: float,
) -> VerdictEvent:
    criteria = criterion_scores(job, ran, judgement)
    score, confidence, evaluated = aggregate(job, profile, ran, criteria, judgement)
    flags = number_flags(ran, critical_only=policy.strictness is Strictness.RELAXED)
    must_pass = {c.id for c in job.criteria if c.must_pass}
    hard = any(r.result.hard and r.result.status is CheckStatus.FAIL for r in ran) or any(
        c.id in must_pass and c.met is False for c in criteria
    )
    unmet = any(c.met is False for c in criteria)
    broken = any(r.result.status in (CheckStatus.FAIL, CheckStatus.ERROR) for r in ran)
    critical = any(f.severity is Severity.CRITICAL for f in flags)
    # A skipped judge that says fail_open (circuit open, VERIFLEET_JUDGE_FAIL_OPEN) does not hold
    # an unevaluated must_pass criterion open: the verdict stands on the other checks, less confident.
    skipped = [r.result.details for r in ran if r.result.status is CheckStatus.SKIPPED]
    fail_open = any(d.get("fail_open") is True for d in skipped)
    open_must_pass = not fail_open and any(c.id in must_pass and c.met is None for c in criteria)
    bar = threshold(profile, policy)
    notes: list[str] = []

    if not ran:
        verdict, notes = Verdict.PASS, ["nothing to verify: the job has no criteria, sources or rules"]
    elif hard or (evaluated and score < bar):
        verdict = Verdict.FAIL
    elif not evaluated or broken or unmet or critical or open_must_pass:
        verdict = Verdict.PARTIAL
    else:
        verdict = Verdict.PASS
    if open_must_pass:
        notes.append("a must_pass criterion could not be evaluated")
    notes += [str(d["verdict_note"]) for d in skipped if d.get("verdict_note")]

    fixes = [fix for r in ran for fix in r.result.fixes]
    judged_fixes = _judged_fixes(job, criteria)
    # Something a writer can act on: an instruction, or a critical finding. Warnings alone
    # (or a check that errored) are no reason to send the work back.
    fixable = bool(fixes or judged_fixes or critical) and verdict is not Verdict.PASS
    schema_broken = any(
        r.planned.name in (CheckName.SCHEMA, CheckName.JSON_SCHEMA) and r.result.status is CheckStatus.FAIL
        for r in ran
    )
    out_of_attempts = job.attempt >= policy.max_attempts

    if verdict is Verdict.PASS:
        status = Status.PASSED if not flags else Status.PASSED_WITH_WARNINGS
    elif schema_broken or (verdict is Verdict.FAIL and out_of_attempts):
        status = Status.FAILED
    elif fixable:
        status = Status.REQUIRES_CORRECTION
    else:
        status = Status.PASSED_WITH_WARNINGS if verdict is Verdict.PARTIAL else Status.FAILED

    if confidence < policy.escalate_below_confidence and ran:
        action = Action.ESCALATE
    elif verdict is Verdict.PASS:
        action = Action.CONTINUE
    elif fixable and not out_of_attempts:
        action = Action.RETRY_WITH_FEEDBACK
    else:
        action = Action.ESCALATE
    if not ran:
        action = Action.ESCALATE

    all_fixes = fixes + judged_fixes
    return VerdictEvent(
        job_id=job.job_id,
        mission_id=job.mission_id,
        task_id=job.task_id,
        attempt=job.attempt,
        verdict=verdict,
        status=status,
        action=action,
        score=score,
        confidence=confidence,
        profile=profile,
        mode=mode,
        checks=[_outcome(r) for r in ran],
        criteria=criteria,
        quality=judgement.quality if judgement else None,
        flags=flags,
        fix_instructions="\n".join(all_fixes) if verdict is not Verdict.PASS else "",
        correction_brief=correction_brief(flags, judged_fixes) if verdict is not Verdict.PASS else [],
        cost=Cost(
            usd=round(sum(r.result.cost_usd for r in ran), 8),
            budget_usd=round(budget_usd, 8),
            tokens_in=sum(r.result.tokens_in for r in ran),
            tokens_out=sum(r.result.tokens_out for r in ran),
        ),
        judges=list(judgement.models) if judgement else [],
        duration_ms=round(duration_ms, 3),
        reason="; ".join(notes),
        trace_id=job.trace_id,
    )


def _judged_fixes(job: VerifyJob, criteria: Sequence[CriterionScore]) -> list[str]:
    texts = {c.id: c for c in job.criteria if c.check is None}
    fixes = []
    for c in criteria:
        if c.id in texts and c.met is False:
            why = f" {c.reasoning.strip()}" if c.reasoning.strip() else ""
            fixes.append(
                f'Revise so that criterion {c.id} is met: "{texts[c.id].text}".{why} Keep all other text.'
            )
    return fixes


def _outcome(r: Ran) -> CheckOutcome:
    return CheckOutcome(
        name=r.planned.name.value,
        status=r.result.status,
        score=None if r.result.score is None else min(max(r.result.score, 0.0), 1.0),
        reason=r.result.reason,
        cost_usd=r.result.cost_usd,
        duration_ms=round(r.duration_ms, 3),
        criterion_id=r.planned.criterion.id if r.planned.criterion else None,
        details=r.result.details,
    )


def error_verdict(
    reason: str,
    *,
    job_id: str,
    mission_id: str = "",
    task_id: str = "",
    attempt: int = 1,
    mode: Mode | None = None,
    trace_id: str | None = None,
) -> VerdictEvent:
    """The verdict of a job that could not be verified; it always names why."""
    return VerdictEvent(
        job_id=job_id,
        mission_id=mission_id,
        task_id=task_id,
        attempt=attempt,
        verdict=Verdict.ERROR,
        status=Status.ERROR,
        action=Action.ESCALATE,
        score=0.0,
        confidence=0.0,
        mode=mode,
        reason=reason,
        trace_id=trace_id,
    )


def error_verdict_for(
    identity: Mapping[str, str], reason: str, *, job_id: str | None = None, mode: Mode | None = None
) -> VerdictEvent | None:
    """The verdict ``error`` of a job known only by :func:`messages.peek_identity` of it;
    None when not even a job_id can be read to address it to."""
    job_id = job_id or identity.get("job_id")
    if not job_id:
        return None
    return error_verdict(
        reason,
        job_id=job_id,
        mission_id=identity.get("mission_id", ""),
        task_id=identity.get("task_id", ""),
        attempt=int(identity.get("attempt", "1")),
        mode=mode if mode is not None else Mode(identity.get("mode", Mode.BATCH.value)),
        trace_id=identity.get("trace_id"),
    )
