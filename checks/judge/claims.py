"""The judge rules on claims: :class:`~checks.grounding.ClaimJudge` for :class:`LLMJudge`.

The grounding check leaves a few claims *ambiguous* (partly stated, a figure it could not place,
words its sources do not use); :class:`~checks.grounding.Escalation` puts them to the judge in one
call per job, within the budget. Here that call is made: the first judge the job's selection
picks (the cross-model rule, no key, open circuits: as for the rubric) is asked with
``claims_system.md`` and ``claims.md``, the claims and the sources fenced as untrusted data, and
answers ``{"claims": [{"key", "reasoning", "status", "source_id"}]}``.

An answer is malformed when it is not JSON, misses a key that was asked or rules one twice, gives
a status outside the four, rules ``supported`` or ``contradicted`` without a source id, or names a
source the job does not have; it gets one format retry that says what was wrong (as the rubric's
does), and a second is a :class:`~checks.judging.JudgeFailed` carrying what both calls cost.

The worst case quoted is, as for the rubric: the prompt twice (the retry resends it), the bad
answer and the retry message, and ``max_tokens`` twice, where ``max_tokens`` grows with the number
of claims (:data:`TOKENS_PER_CLAIM`) between the judge's ``max_tokens`` and ``batch_max_tokens``.
At most :data:`MAX_CLAIMS` claims are put in one call, the first the grounding check lists
(unsourced first, then those that weigh most in the score): the rest stay as the cheap stages
left them, and their flags say the judge did not rule on them.

The batch flush asks about the claims of several jobs at once (:func:`many_flow`): the jobs whose
first judge is the same model go in one request (``claims_batch.md`` with a ``claims_draft.md``
block per job) answered ``{"drafts": [{"job_id", "claims": [...]}]}``; each draft's entry is
validated as a single answer is, and a job whose entry is missing or malformed is asked alone.
The request's usage is shared out as a rubric batch's is (:func:`checks.judge.batch.shares`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

from checks.grounding.escalation import ClaimQuery, ClaimRuling, ClaimRulings
from checks.judge.answer import MalformedAnswer, extract_json, once_each, parse_many, read_model
from checks.judge.batch import Group, ask_group, failed_with_share, fitting, gathered, reraise, shares, unique
from checks.judge.ensemble import Spend
from checks.judge.models import ModelRef
from checks.judge.prices import TOKENS_PER_MESSAGE, estimate_chat_tokens, estimate_tokens
from checks.judge.prompts import Chat
from checks.judge.transport import Flow, Gather, log
from checks.judging import JudgeFailed
from messages import CheckError, VerifyJob

if TYPE_CHECKING:
    from checks.judge.judge import LLMJudge

MAX_CLAIMS = 40
"""Claims put to the judge in one call; the rest are left as the cheap stages decided them."""
TOKENS_PER_CLAIM = 120
"""Answer tokens allowed per claim (its reasoning, status and source id), on top of 200."""


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _blank_none(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lower() in ("", "null", "none"):
        return None
    return value.strip() if isinstance(value, str) else value


class ClaimAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    key: str
    reasoning: str = ""
    status: Annotated[Literal["supported", "inferred", "unsourced", "contradicted"], BeforeValidator(_lower)]
    source_id: Annotated[str | None, BeforeValidator(_blank_none)] = None


class ClaimsAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    claims: list[ClaimAnswer]


def parse_claims(text: str, keys: Sequence[str], source_ids: Sequence[str]) -> ClaimsAnswer:
    """Validate a claim ruling for ``keys`` against the job's ``source_ids``.

    Raises:
        MalformedAnswer: with what is wrong, fit to send back in the format retry.
    """
    return check_claims(extract_json(text), keys, source_ids)


def check_claims(data: Any, keys: Sequence[str], source_ids: Sequence[str]) -> ClaimsAnswer:
    """:func:`parse_claims` of an answer already read as JSON (one draft's entry of a batch too)."""
    answer = read_model(data, ClaimsAnswer)
    once_each([c.key for c in answer.claims], keys, "claims", "ruled")
    asked = set(keys)
    known = set(source_ids)
    for c in answer.claims:
        if c.key not in asked:
            continue
        if c.source_id is not None and c.source_id not in known:
            shown = ", ".join(source_ids)
            raise MalformedAnswer(
                f"claim {c.key}: source_id {c.source_id!r} is not one of the sources ({shown})"
            )
        if c.source_id is None and c.status in ("supported", "contradicted"):
            raise MalformedAnswer(f"claim {c.key}: a {c.status} ruling must give the source_id it rests on")
    return answer


def parse_claims_batch(
    text: str, asked: Mapping[str, tuple[Sequence[str], Sequence[str]]]
) -> tuple[dict[str, ClaimsAnswer], dict[str, str]]:
    """Per job, the rulings of a request about several drafts (``{"drafts": [{"job_id", "claims"}]}``)
    and what was wrong with each job that has none; ``asked`` maps a job_id to its claim keys and
    its source ids. One bad draft spoils only itself."""
    return parse_many(text, "drafts", asked, lambda raw, a: check_claims(raw, a[0], a[1]), what="draft")


@dataclass(frozen=True)
class ClaimPlan:
    """Who rules on one job's claims, with which prompt, and the worst case it may cost."""

    job: VerifyJob
    queries: tuple[ClaimQuery, ...]
    """The claims asked (at most :data:`MAX_CLAIMS`)."""
    ref: ModelRef
    chat: Chat
    max_tokens: int
    quote_usd: float

    @property
    def keys(self) -> list[str]:
        return [q.key for q in self.queries]


def plan(judge: LLMJudge, job: VerifyJob, queries: Sequence[ClaimQuery]) -> ClaimPlan:
    """The first judge the job's selection picks, the prompt and the worst-case price.

    Raises:
        JudgeSkipped: no judge can be asked (``no_judge``, ``no_independent_judge``, ``circuit_open``).
        CheckError: a judge name in the job cannot be used, or the chosen model has no price.
    """
    refs, _ = judge.choose(job)
    ref = refs[0]
    asked = tuple(queries[:MAX_CLAIMS])
    chat = judge.prompts.claims(job, asked, max_source_chars=judge.max_source_chars)
    m = min(max(judge.max_tokens_for(ref), _rulings_tokens(len(asked))), judge.batch_max_tokens)
    prompt = estimate_chat_tokens(*chat.texts)
    retry = estimate_tokens(judge.prompts.claims_retry_size(asked)) + 2 * TOKENS_PER_MESSAGE
    quote = judge.prices.price(ref).cost(2 * prompt + m + retry, 2 * m)
    return ClaimPlan(job, asked, ref, chat, m, quote)


def rule_flow(judge: LLMJudge, plan: ClaimPlan) -> Flow[ClaimRulings]:
    """Ask the plan's judge, with one format retry, and read its rulings.

    Raises:
        JudgeSkipped: the judge's circuit is open.
        JudgeFailed: the provider failed, or the answer was malformed twice; with the cost so far.
    """
    ref = plan.ref
    if not (yield from judge.admitted(ref.provider)):
        raise judge.circuit_open([ref.provider])
    spend = Spend()
    source_ids = [s.id for s in plan.job.sources]
    answer, _ = yield from judge.read_flow(
        ref,
        plan.chat,
        plan.max_tokens,
        spend,
        read=lambda text: parse_claims(text, plan.keys, source_ids),
        again=lambda text, problem: judge.prompts.claims_retry(plan.chat, text, problem, plan.queries),
        job_id=plan.job.job_id,
        event="claim_judge_format_retry",
    )
    return _rulings(plan, answer, spend)


def _rulings(plan: ClaimPlan, answer: ClaimsAnswer, spend: Spend) -> ClaimRulings:
    asked = set(plan.keys)
    rulings = tuple(
        ClaimRuling(c.key, c.status, c.source_id, c.reasoning.strip())
        for c in answer.claims
        if c.key in asked
    )
    return ClaimRulings(
        rulings,
        models=(plan.ref.name,),
        cost_usd=spend.usd,
        tokens_in=spend.tokens_in,
        tokens_out=spend.tokens_out,
    )


# Several drafts in one request (the batch flush) ----------------------------------------------


Asked = Sequence[tuple[VerifyJob, Sequence[ClaimQuery]]]
"""Jobs and the claims each puts to the judge."""


def quote_many(judge: LLMJudge, items: Asked) -> dict[str, float]:
    """Per job_id, the worst case of :func:`many_flow` for that job, whichever jobs are asked with
    it: its own block in the request with the shared instructions in full and its max_tokens, plus
    the call of its own it falls back to when the answer leaves it out. A job no judge can be
    asked about is left out (its escalation finds why on its own)."""
    unique((job.job_id for job, _ in items), "one claim request")
    quotes: dict[str, float] = {}
    for job, queries in items:
        try:
            p = plan(judge, job, queries)
        except CheckError:
            continue
        alone = judge.prompts.claims_batch([(job, p.queries)], max_source_chars=judge.max_source_chars)
        batched = judge.prices.price(p.ref).cost(estimate_chat_tokens(*alone.texts), p.max_tokens)
        quotes[job.job_id] = batched + p.quote_usd
    return quotes


def many_flow(judge: LLMJudge, items: Asked) -> Flow[dict[str, ClaimRulings | CheckError]]:
    """Rule on the claims of several jobs: one request per judge model for the jobs it is the
    first choice of (two or more), a call of its own for any other job (as :func:`rule_flow`)."""
    unique((job.job_id for job, _ in items), "one claim request")
    results: dict[str, ClaimRulings | CheckError] = {}
    by_ref: dict[str, list[ClaimPlan]] = {}
    for job, queries in items:
        try:
            p = plan(judge, job, queries)
        except CheckError as e:
            results[job.job_id] = e
            continue
        by_ref.setdefault(str(p.ref), []).append(p)
    groups: list[Group[ClaimPlan]] = []
    alone: list[ClaimPlan] = []
    chunks = (c for same in by_ref.values() for c in fitting(same, _answer_tokens, judge.batch_max_tokens))
    for plans in chunks:
        if len(plans) == 1:
            alone += plans
            continue
        ref = plans[0].ref
        chat = judge.prompts.claims_batch(
            [(p.job, p.queries) for p in plans], max_source_chars=judge.max_source_chars
        )
        budget = min(judge.batch_max_tokens, sum(p.max_tokens for p in plans))
        groups.append(Group(ref, tuple(plans), chat, budget))
    results.update(
        (
            yield from gathered(
                [_group_flow(judge, g) for g in groups], [(p.job.job_id, _alone(judge, p)) for p in alone]
            )
        )
    )
    return {job.job_id: results[job.job_id] for job, _ in items}


def _answer_tokens(p: ClaimPlan) -> int:
    """What a draft's rulings may take in a request about several (as a single call allows)."""
    return _rulings_tokens(len(p.queries))


def _rulings_tokens(claims: int) -> int:
    return 200 + TOKENS_PER_CLAIM * claims


def _group_flow(judge: LLMJudge, group: Group[ClaimPlan]) -> Flow[dict[str, ClaimRulings | CheckError]]:
    """One request for the group, then a call of its own for each job its answer left out."""
    ref, plans = group.ref, group.plans
    got = yield from ask_group(judge, ref, group.chat, group.max_tokens, [p.job.job_id for p in plans])
    if isinstance(got, dict):
        return dict(got)
    completion, spend = got
    asked = {p.job.job_id: (p.keys, [s.id for s in p.job.sources]) for p in plans}
    answers, problems = parse_claims_batch(completion.text, asked)
    shared = estimate_chat_tokens(*judge.prompts.claims_batch([], max_source_chars=0).texts)
    own = [max(_tokens(judge, p) - shared, 1) for p in plans]
    parts = shares(spend, judge.prices.price(ref), shared, own, [p.max_tokens for p in plans])
    out: dict[str, ClaimRulings | CheckError] = {}
    fallback: list[tuple[ClaimPlan, Spend]] = []
    for p, part in zip(plans, parts, strict=True):
        found = answers.get(p.job.job_id)
        if found is None:
            fallback.append((p, part))
        else:
            out[p.job.job_id] = _rulings(p, found, part)
    if fallback:
        log().info("claim_judge_batch_fallback", model=ref.name, jobs=len(fallback), of=len(plans))
        got = yield Gather(tuple(_alone(judge, p) for p, _ in fallback))
        for (p, part), result in zip(fallback, got, strict=True):
            reraise(result)
            why = f"the batched answer had no valid ruling for it ({problems[p.job.job_id]}); asked alone"
            out[p.job.job_id] = _plus_share(result, part, why)
    return out


def _tokens(judge: LLMJudge, p: ClaimPlan) -> int:
    """The prompt tokens of one job's claims asked alone in a batch request."""
    chat = judge.prompts.claims_batch([(p.job, p.queries)], max_source_chars=judge.max_source_chars)
    return estimate_chat_tokens(*chat.texts)


def _plus_share(result: ClaimRulings | CheckError, share: Spend, note: str) -> ClaimRulings | CheckError:
    if isinstance(result, ClaimRulings):
        return replace(
            result,
            cost_usd=result.cost_usd + share.usd,
            tokens_in=result.tokens_in + share.tokens_in,
            tokens_out=result.tokens_out + share.tokens_out,
        )
    if isinstance(result, JudgeFailed):
        return failed_with_share(result, share, note)
    return result


def _alone(judge: LLMJudge, p: ClaimPlan) -> Flow[ClaimRulings | CheckError]:
    try:
        return (yield from rule_flow(judge, p))
    except CheckError as e:
        return e
