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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

from checks.grounding.escalation import ClaimQuery, ClaimRuling, ClaimRulings
from checks.judge.answer import MalformedAnswer, extract_json, once_each, read_model
from checks.judge.ensemble import Spend
from checks.judge.models import ModelRef
from checks.judge.prices import TOKENS_PER_MESSAGE, estimate_chat_tokens, estimate_tokens
from checks.judge.prompts import Chat
from checks.judge.transport import Flow
from messages import VerifyJob

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
    answer = read_model(extract_json(text), ClaimsAnswer)
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
    m = min(max(judge.max_tokens_for(ref), 200 + TOKENS_PER_CLAIM * len(asked)), judge.batch_max_tokens)
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
    asked = set(plan.keys)
    rulings = tuple(
        ClaimRuling(c.key, c.status, c.source_id, c.reasoning.strip())
        for c in answer.claims
        if c.key in asked
    )
    return ClaimRulings(
        rulings,
        models=(ref.name,),
        cost_usd=spend.usd,
        tokens_in=spend.tokens_in,
        tokens_out=spend.tokens_out,
    )
