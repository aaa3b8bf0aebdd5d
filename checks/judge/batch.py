"""Several outputs, one request: the multi-item judge call behind ``LLMJudge.judge_many``.

Items whose plan names a single judge are grouped by that judge; each group of
two or more is asked in one request (``batch.md``: the rubric scale and the
rules once, then one block per item, each with its own task, criteria and fenced
output) and answers ``{"items": [{"job_id": ...}]}``. Items the answer scores
validly get their judgement from it; the others (missing, malformed, cut off by
max_tokens) fall back to a single call each, with its own format retry. Items
with an ensemble, and groups of one, are judged alone from the start.

Cost of the batched request is shared out: input tokens by each item's share of
the prompt (the shared instructions evenly), output tokens by each item's
max_tokens. Integer tokens are split by largest remainder, so the shares add up
to the request's usage exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from checks.judge.answer import parse_batch
from checks.judge.ensemble import Scored, Spend, combine
from checks.judge.models import ModelRef
from checks.judge.prices import Price, estimate_chat_tokens
from checks.judge.prompts import Chat, Item
from checks.judge.transport import Flow, Gather, ProviderError, log
from checks.judging import JudgeFailed, Judgement
from messages import CheckError

R = TypeVar("R")
P = TypeVar("P")

if TYPE_CHECKING:
    from checks.judge.judge import LLMJudge, Plan
    from checks.judge.providers import Completion


@dataclass(frozen=True)
class Group(Generic[P]):
    """Several jobs' plans put to one judge model in one request (criteria's plans, or claims')."""

    ref: ModelRef
    plans: tuple[P, ...]
    chat: Chat
    max_tokens: int


def quote_many(judge: LLMJudge, items: Sequence[Item]) -> dict[str, float]:
    unique(item.job.job_id for item in items)
    quotes: dict[str, float] = {}
    for item in items:
        try:
            plan = judge.remember(judge.plan(item))
        except CheckError:
            quotes[item.job.job_id] = 0.0
            continue
        if len(plan.refs) != 1:
            quotes[plan.job_id] = plan.quote_usd
            continue
        ref = plan.refs[0]
        alone = judge.prompts.batch([item], max_source_chars=judge.max_source_chars)
        batched = judge.prices.price(ref).cost(estimate_chat_tokens(*alone.texts), judge.max_tokens_for(ref))
        quotes[plan.job_id] = batched + plan.quote_usd
    return quotes


def plan_many(
    judge: LLMJudge, items: Sequence[Item]
) -> tuple[list[Group[Plan]], list[Plan], dict[str, CheckError]]:
    """Groups to ask together, plans to ask alone, and the items no judge will see."""
    unique(item.job.job_id for item in items)
    by_judge: dict[str, list[Plan]] = {}
    alone: list[Plan] = []
    skipped: dict[str, CheckError] = {}
    for item in items:
        try:
            plan = judge.planned(item)
        except CheckError as e:
            skipped[item.job.job_id] = e
            continue
        if len(plan.refs) == 1:
            by_judge.setdefault(str(plan.refs[0]), []).append(plan)
        else:
            alone.append(plan)
    groups = []
    for plans in (
        chunk for same in by_judge.values() for chunk in fitting(same, answer_tokens, judge.batch_max_tokens)
    ):
        if len(plans) == 1:
            alone.extend(plans)
            continue
        ref = plans[0].refs[0]
        chat = judge.prompts.batch([p.item for p in plans], max_source_chars=judge.max_source_chars)
        budget = min(judge.batch_max_tokens, judge.max_tokens_for(ref) * len(plans))
        groups.append(Group(ref, tuple(plans), chat, budget))
    return groups, alone, skipped


TOKENS_PER_ITEM = 150
"""Answer tokens an item of a multi-item request takes besides its criteria (its job_id, overall
reasoning, quality scores and confidence), as :func:`fitting` counts them."""
TOKENS_PER_CRITERION = 80
"""Answer tokens a criterion takes (its id, a sentence or two of reasoning, its score)."""


def answer_tokens(plan: Plan) -> int:
    """What an item's answer may take in a multi-item request."""
    return TOKENS_PER_ITEM + TOKENS_PER_CRITERION * len(plan.item.criteria)


def fitting(plans: Sequence[P], need: Callable[[P], int], limit: int) -> list[list[P]]:
    """``plans`` in order, cut into requests whose answers fit in ``limit`` tokens (``need`` of
    each): one answer cut off at max_tokens is no JSON at all, and every job in it would be asked
    again alone."""
    chunks: list[list[P]] = []
    room = 0
    for p in plans:
        wanted = need(p)
        if not chunks or wanted > room:
            chunks.append([])
            room = limit
        chunks[-1].append(p)
        room -= wanted
    return chunks


def many_flow(judge: LLMJudge, items: Sequence[Item]) -> Flow[dict[str, Judgement | CheckError]]:
    groups, alone, skipped = plan_many(judge, items)
    results: dict[str, Judgement | CheckError] = dict(skipped)
    results.update(
        (
            yield from gathered(
                [group_flow(judge, g) for g in groups], [(p.job_id, _alone(judge, p)) for p in alone]
            )
        )
    )
    return {item.job.job_id: results[item.job.job_id] for item in items}


def gathered(
    groups: Sequence[Flow[dict[str, R]]], alone: Sequence[tuple[str, Flow[R]]]
) -> Flow[dict[str, R]]:
    """Run the flows of several requests at once: each group's gives its jobs' results, each
    lone job's its own; per job_id, every result."""
    outcomes = yield Gather((*groups, *(flow for _, flow in alone)))
    results: dict[str, R] = {}
    for outcome in outcomes[: len(groups)]:
        reraise(outcome)
        results.update(outcome)
    for (job_id, _), outcome in zip(alone, outcomes[len(groups) :], strict=True):
        reraise(outcome)
        results[job_id] = outcome
    return results


def group_flow(judge: LLMJudge, group: Group[Plan]) -> Flow[dict[str, Judgement | CheckError]]:
    """One request for the group, then single calls for the items its answer left out."""
    ref, plans = group.ref, group.plans
    asked = yield from ask_group(judge, ref, group.chat, group.max_tokens, [p.job_id for p in plans])
    if isinstance(asked, dict):
        return dict(asked)
    completion, spend = asked
    answers, problems = parse_batch(completion.text, {p.job_id: p.ids for p in plans})
    shares = share_out(spend, judge, group)
    out: dict[str, Judgement | CheckError] = {}
    note = f"scored in one request with {len(plans) - 1} other output(s)"
    for plan, share in zip(plans, shares, strict=True):
        if plan.job_id in answers:
            judgement = combine(
                plan.item.criteria, [ref], [Scored(ref, answers[plan.job_id], share)], notes=plan.notes
            )
            out[plan.job_id] = replace(
                judgement,
                notes=[*judgement.notes, note],
                details={**judgement.details, "batch_size": len(plans)},
            )
    fallback = [(p, s) for p, s in zip(plans, shares, strict=True) if p.job_id not in answers]
    if fallback:
        log().info("judge_batch_fallback", model=ref.name, items=len(fallback), of=len(plans))
        got = yield Gather(tuple(_alone(judge, p) for p, _ in fallback))
        for (plan, share), result in zip(fallback, got, strict=True):
            reraise(result)
            why = f"the batched answer had no valid result for it ({problems[plan.job_id]}); asked alone"
            out[plan.job_id] = _with_share(result, share, why)
    return out


def ask_group(
    judge: LLMJudge, ref: ModelRef, chat: Chat, max_tokens: int, job_ids: Sequence[str]
) -> Flow[tuple[Completion, Spend] | dict[str, CheckError]]:
    """The one request of a group about several jobs, and what it cost; or, when none could be had
    (the provider's circuit open, the provider failed), per job the error that stands for it."""
    if not (yield from judge.admitted(ref.provider)):
        return {job_id: judge.circuit_open([ref.provider]) for job_id in job_ids}
    spend = Spend()
    try:
        completion = yield from judge.call(ref, chat, max_tokens, spend)
    except ProviderError as e:
        return {job_id: JudgeFailed(f"{ref.name}: {e}") for job_id in job_ids}
    return completion, spend


def share_out(spend: Spend, judge: LLMJudge, group: Group[Plan]) -> list[Spend]:
    """Each item's part of one batched request's usage and cost."""
    shared = estimate_chat_tokens(*judge.prompts.batch([], max_source_chars=0).texts)
    own = [max(p.prompt_tokens - shared, 1) for p in group.plans]
    out = [judge.max_tokens_for(group.ref)] * len(group.plans)
    return shares(spend, judge.prices.price(group.ref), shared, own, out)


def shares(spend: Spend, price: Price, shared: int, own: Sequence[int], out: Sequence[int]) -> list[Spend]:
    """Each job's part of one request about several: input tokens by the job's own part of the
    prompt (``own``) plus an even part of the ``shared`` instructions, output tokens by what each
    may answer (``out``: its max_tokens); integer tokens split so that the parts add up."""
    n = len(own)
    tokens_in = _split(spend.tokens_in, [shared / n + o for o in own])
    tokens_out = _split(spend.tokens_out, list(out))
    return [
        Spend(
            usd=price.cost(i, o),
            tokens_in=i,
            tokens_out=o,
            latency_ms=spend.latency_ms,
            calls=1,
            estimated=spend.estimated,
        )
        for i, o in zip(tokens_in, tokens_out, strict=True)
    ]


def _split(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` split in proportion to ``weights``, by largest remainder (the parts add up to ``total``)."""
    whole = sum(weights)
    exact = [total * w / whole for w in weights] if whole > 0 else [total / len(weights)] * len(weights)
    parts = [math.floor(x) for x in exact]
    order = sorted(range(len(exact)), key=lambda i: exact[i] - parts[i], reverse=True)
    for i in order[: total - sum(parts)]:
        parts[i] += 1
    return parts


def _with_share(result: Any, share: Spend, note: str) -> Judgement | CheckError:
    if isinstance(result, Judgement):
        return replace(
            result,
            cost_usd=result.cost_usd + share.usd,
            tokens_in=result.tokens_in + share.tokens_in,
            tokens_out=result.tokens_out + share.tokens_out,
            notes=[*result.notes, note],
            details={
                **result.details,
                "batch_share": {
                    "tokens_in": share.tokens_in,
                    "tokens_out": share.tokens_out,
                    "cost_usd": round(share.usd, 8),
                },
            },
        )
    if isinstance(result, JudgeFailed):
        return failed_with_share(result, share, note)
    assert isinstance(result, CheckError)
    return result


def failed_with_share(result: JudgeFailed, share: Spend, note: str) -> JudgeFailed:
    """A failed fallback call, carrying its job's share of the batched request too."""
    return JudgeFailed(
        f"{result} ({note})",
        cost_usd=result.cost_usd + share.usd,
        tokens_in=result.tokens_in + share.tokens_in,
        tokens_out=result.tokens_out + share.tokens_out,
        details=result.details,
    )


def _alone(judge: LLMJudge, plan: Plan) -> Flow[Judgement | CheckError]:
    try:
        return (yield from judge.judge_flow(plan))
    except CheckError as e:
        return e


def reraise(outcome: Any) -> None:
    """Raise an outcome of a gathered flow that is a bug (any exception but a CheckError)."""
    if isinstance(outcome, BaseException) and not isinstance(outcome, CheckError):
        raise outcome


def unique(job_ids: Iterable[str], what: str = "one multi-item call") -> None:
    """Refuse a request that would ask about one job twice."""
    seen: set[str] = set()
    for job_id in job_ids:
        if job_id in seen:
            raise ValueError(f"job_id {job_id!r} appears more than once in {what}")
        seen.add(job_id)
