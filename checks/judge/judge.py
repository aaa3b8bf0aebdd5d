"""``LLMJudge``: the :class:`checks.judging.Judge` that asks language models over HTTP.

For one job: pick the judges (a job's ``policy.judges``, else the deployment's,
under the cross-model rule, skipping providers with no key or an open circuit),
render the rubric prompt with the output fenced, quote the worst case, ask each
judge once (one format retry on a malformed answer), and combine the answers.

The worst case that :meth:`LLMJudge.quote` reserves is, per judge asked::

    input:  P + (P + M + R)      the prompt, and the retry: prompt + the bad answer + retry message
    output: 2 * M                 max_tokens, twice

priced at the judge's price, where ``P`` is the prompt estimate
(:func:`checks.judge.prices.estimate_chat_tokens`), ``M`` the max_tokens and ``R``
the retry message. What is charged afterwards is the providers' ``usage``.

Everything that talks to a provider is a flow (:mod:`checks.judge.transport`),
so :meth:`judge` and :meth:`ajudge` (and :meth:`judge_many` / :meth:`ajudge_many`)
run the same code, sync or async; an ensemble's judges are asked concurrently.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeVar

from checks.judge.answer import MalformedAnswer, beliefs, parse_answer
from checks.judge.batch_api import BatchApi, BatchJournal, batch_api_flow, quote_batch_api
from checks.judge.breaker import CircuitBreaker, InMemoryBreaker
from checks.judge.client import JudgeClient
from checks.judge.config import JudgeConfig
from checks.judge.ensemble import Scored, Spend, combine
from checks.judge.models import ModelRef, executor_ref, select
from checks.judge.prices import TOKENS_PER_MESSAGE, Price, PriceTable, estimate_chat_tokens, estimate_tokens
from checks.judge.prompts import Chat, Item, PromptSet
from checks.judge.providers import Completion
from checks.judge.transport import Flow, Gather, Limiter, ProviderError, RetryPolicy, Sleep, log
from checks.judging import JudgeFailed, Judgement, JudgeSkipped
from messages import CheckError, ConfigurationError, Criterion, SkipReason, VerifyJob

if TYPE_CHECKING:
    from checks.grounding.escalation import ClaimQuery, ClaimRulings

_CIRCUIT = "circuit open for "
PROBE_POLL_S = 0.1
"""How often a call waiting for a half-open probe asks the breaker again."""
A = TypeVar("A")
"""What a judge's answer is read into (:meth:`LLMJudge.read_flow`)."""
Via = Literal["request", "batch_api"]
"""How ``judge_many`` asks: several outputs per request, or a provider's batch API."""


@dataclass(frozen=True)
class Plan:
    """Who is asked about one job, with which prompt, and the worst case it may cost."""

    item: Item
    refs: tuple[ModelRef, ...]
    chat: Chat
    prompt_tokens: int
    retry_tokens: int
    quote_usd: float
    notes: tuple[str, ...] = ()

    @property
    def job_id(self) -> str:
        return self.item.job.job_id

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.item.criteria]


class LLMJudge:
    def __init__(
        self,
        client: JudgeClient,
        *,
        prices: PriceTable | None = None,
        prompts: PromptSet | None = None,
        judges: Sequence[str] = (),
        ensemble: int = 1,
        max_tokens: int = 1024,
        batch_max_tokens: int = 8192,
        max_source_chars: int = 20_000,
        allow_same_family: bool = False,
        breaker: CircuitBreaker | None = None,
        fail_open: bool = False,
        batch_api: BatchApi | None = None,
    ) -> None:
        self.client = client
        self.prices = prices or PriceTable()
        self.prompts = prompts or PromptSet.load()
        self.judges = tuple(judges)
        self.ensemble = ensemble
        self.max_tokens = max_tokens
        self.batch_max_tokens = batch_max_tokens
        self.max_source_chars = max_source_chars
        self.allow_same_family = allow_same_family
        self.breaker: CircuitBreaker = breaker or InMemoryBreaker()
        self.fail_open = fail_open
        self.batch_api = batch_api or BatchApi()
        """Which providers' batch APIs ``judge_many(via="batch_api")`` uses, its deadline and polling."""
        self._plans: OrderedDict[tuple[str, int, tuple[str, ...]], Plan] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def from_config(
        cls,
        config: JudgeConfig,
        *,
        breaker: CircuitBreaker | None = None,
        limiter: Limiter | None = None,
        batch_journal: BatchJournal | None = None,
        **client_options: Any,
    ) -> LLMJudge:
        """A judge as a deployment configured it; ``client_options`` reach :class:`JudgeClient`
        (``transport=`` in tests). ``batch_journal``: where provider batches are written down
        (the fleet's, in Redis), so that one a dead worker submitted is read, not submitted again.

        Raises:
            ConfigurationError: a configured judge name, price, prices file or prompt cannot work.
        """
        prices = PriceTable.load(config.prices_file, default=config.default_price)
        for name in config.judges:
            try:
                prices.price(ModelRef.parse(name))
            except CheckError as e:
                raise ConfigurationError(f"VERIFLEET_JUDGES: {e}") from None
        client = JudgeClient(
            config.endpoints(),
            timeout_s=config.timeout_s,
            connect_timeout_s=config.connect_timeout_s,
            max_connections=config.max_connections,
            retry=RetryPolicy(
                attempts=config.max_retries + 1,
                backoff_base_s=config.backoff_base_s,
                backoff_max_s=config.backoff_max_s,
                max_retry_after_s=config.max_retry_after_s,
                deadline_s=config.deadline_s,
            ),
            limiter=limiter,
            **client_options,
        )
        return cls(
            client,
            prices=prices,
            prompts=PromptSet.load(config.prompts_dir),
            judges=config.judges,
            ensemble=config.ensemble,
            max_tokens=config.max_tokens,
            batch_max_tokens=config.batch_max_tokens,
            max_source_chars=config.max_source_chars,
            allow_same_family=config.allow_same_provider,
            breaker=breaker
            or InMemoryBreaker(failures=config.breaker_failures, cooldown_s=config.breaker_cooldown_s),
            fail_open=config.fail_open,
            batch_api=BatchApi(
                frozenset(config.batch_api),
                deadline_s=config.batch_deadline_s,
                poll_s=config.batch_poll_s,
                journal=batch_journal,
            ),
        )

    def close(self) -> None:
        self.client.close()

    async def aclose(self) -> None:
        await self.client.aclose()

    # The Judge protocol ---------------------------------------------------------------------

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        return self.remember(self.plan(Item(job, tuple(criteria)))).quote_usd

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        return self.client.run(self.judge_flow(self.planned(Item(job, tuple(criteria)))))

    async def ajudge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        return await self.client.arun(self.judge_flow(self.planned(Item(job, tuple(criteria)))))

    def remember(self, plan: Plan) -> Plan:
        """Keep the plan a quote priced, for the judging that follows it."""
        with self._lock:
            self._plans[_key(plan.item)] = plan
            while len(self._plans) > 1024:
                self._plans.popitem(last=False)
        return plan

    def planned(self, item: Item) -> Plan:
        """The plan the last quote priced for this item (the reservation covers it), else a new one."""
        with self._lock:
            plan = self._plans.pop(_key(item), None)
        return plan if plan is not None else self.plan(item)

    # The ClaimJudge protocol (checks.grounding.ClaimJudge: grounding's escalation) --------------

    def quote_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> float:
        """Worst-case USD of :meth:`judge_claims` (:mod:`checks.judge.claims`)."""
        from checks.judge import claims  # noqa: PLC0415  (it imports the grounding package)

        return claims.plan(self, job, queries).quote_usd

    def judge_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> ClaimRulings:
        """Rule on the claims a grounding check left ambiguous, in one call to the first judge the
        job's selection picks, with one format retry (:mod:`checks.judge.claims`)."""
        from checks.judge import claims  # noqa: PLC0415

        return self.client.run(claims.rule_flow(self, claims.plan(self, job, queries)))

    def quote_claims_many(self, items: Iterable[tuple[VerifyJob, Sequence[ClaimQuery]]]) -> dict[str, float]:
        """Per job_id, the worst case of :meth:`judge_claims_many` for that job, whichever of the
        jobs are asked with it; a job no judge can be asked about is left out."""
        from checks.judge import claims  # noqa: PLC0415

        return claims.quote_many(self, list(items))

    def judge_claims_many(
        self, items: Iterable[tuple[VerifyJob, Sequence[ClaimQuery]]]
    ) -> dict[str, ClaimRulings | CheckError]:
        """Rule on the claims of several jobs: one request per judge model for the jobs it would
        be asked about alone, the instructions sent once (the batch flush); a job the answer
        leaves out is asked on its own. Per job_id, its rulings or the CheckError that stands for
        them (``JudgeSkipped`` with a reason, ``JudgeFailed`` with what the calls cost)."""
        from checks.judge import claims  # noqa: PLC0415

        return self.client.run(claims.many_flow(self, list(items)))

    # Planning ----------------------------------------------------------------------------------

    def plan(self, item: Item) -> Plan:
        """Choose the judges for one item and price the worst case.

        Raises:
            JudgeSkipped: no judge can be asked (``no_judge``, ``no_independent_judge``, ``circuit_open``).
            CheckError: a judge name in the job cannot be used, or a chosen model has no price.
        """
        job = item.job
        chosen, notes = self.choose(job)
        chat = self.prompts.single(item, max_source_chars=self.max_source_chars)
        prompt_tokens = estimate_chat_tokens(*chat.texts)
        retry_tokens = estimate_tokens(self.prompts.retry_size(item.criteria)) + 2 * TOKENS_PER_MESSAGE
        quote = 0.0
        for ref in chosen:
            m = self.max_tokens_for(ref)
            quote += self._price(ref).cost(2 * prompt_tokens + m + retry_tokens, 2 * m)
        return Plan(item, chosen, chat, prompt_tokens, retry_tokens, quote, notes)

    def choose(self, job: VerifyJob) -> tuple[tuple[ModelRef, ...], tuple[str, ...]]:
        """The judges to ask about ``job`` (its ``policy.judges``, else the deployment's, under the
        cross-model rule, skipping providers with no key or an open circuit), best first, and notes
        on those passed over.

        Raises:
            JudgeSkipped: no judge can be asked (``no_judge``, ``no_independent_judge``, ``circuit_open``).
            CheckError: a judge name in the job cannot be used.
        """
        from_policy = job.policy.judges is not None
        names = list(job.policy.judges) if job.policy.judges is not None else list(self.judges)
        if not names:
            raise JudgeSkipped(SkipReason.NO_JUDGE, "no judge model is configured")
        refs = []
        for i, name in enumerate(names):
            try:
                refs.append(ModelRef.parse(name))
            except CheckError as e:
                where = f"policy.judges.{i}" if from_policy else "VERIFLEET_JUDGES"
                raise CheckError(f"{where}: {e}") from None
        count = job.policy.ensemble or self.ensemble
        selection = select(
            refs,
            executor_ref(job.task.executor_model),
            count=count,
            allow_same_family=self.allow_same_family,
            unavailable=self._unavailable,
        )
        refused = [f"{ref.name} passed over: {why}" for ref, why in selection.refused]
        if not selection.chosen:
            self._no_judge(job, selection.independent, selection.refused, refused)
        # Note the judges preferred to one that was asked; those after it were never in line.
        last = max(refs.index(ref) for ref in selection.chosen)
        notes = [f"{ref.name} passed over: {why}" for ref, why in selection.refused if refs.index(ref) < last]
        if len(selection.chosen) < count:
            notes.append(
                f"ensemble of {count} asked; {len(selection.chosen)} independent judge(s) could be asked"
            )
        return tuple(selection.chosen), tuple(notes)

    def _unavailable(self, ref: ModelRef) -> str | None:
        why = self.client.unavailable(ref)
        if why is None and not self.breaker.allow(ref.provider):
            why = _CIRCUIT + ref.provider
        return why

    def _no_judge(
        self, job: VerifyJob, independent: int, refused: Sequence[tuple[ModelRef, str]], lines: list[str]
    ) -> NoReturn:
        details: dict[str, Any] = {"refused": lines}
        if independent == 0:
            raise JudgeSkipped(
                SkipReason.NO_INDEPENDENT_JUDGE,
                f"no judge independent of the executor ({job.task.executor_model}): " + "; ".join(lines),
                details=details,
            )
        open_ = sorted({why.removeprefix(_CIRCUIT) for _, why in refused if why.startswith(_CIRCUIT)})
        if open_:
            raise self.circuit_open(open_, details)
        raise JudgeSkipped(SkipReason.NO_JUDGE, "no judge can be asked: " + "; ".join(lines), details=details)

    def circuit_open(self, providers: Sequence[str], details: dict[str, Any] | None = None) -> JudgeSkipped:
        mode = "fail-open" if self.fail_open else "fail-closed"
        note = (
            f"judge skipped: circuit open for {', '.join(providers)} ({mode}); "
            "the judged criteria were not evaluated"
        )
        return JudgeSkipped(
            SkipReason.CIRCUIT_OPEN,
            note,
            details={
                **(details or {}),
                "providers": list(providers),
                "fail_open": self.fail_open,
                "verdict_note": note,
            },
        )

    def max_tokens_for(self, ref: ModelRef) -> int:
        return ref.max_tokens or self.max_tokens

    def _price(self, ref: ModelRef) -> Price:
        return self.prices.price(ref)

    # Asking ------------------------------------------------------------------------------------

    def judge_flow(self, plan: Plan) -> Flow[Judgement]:
        """Ask the plan's judges (concurrently when several) and combine their answers."""
        asked = []
        for ref in plan.refs:
            if (yield from self.admitted(ref.provider)):
                asked.append(ref)
        notes = list(plan.notes)
        if not asked:
            raise self.circuit_open(sorted({ref.provider for ref in plan.refs}))
        notes += [f"{ref.name} not asked: {_CIRCUIT}{ref.provider}" for ref in plan.refs if ref not in asked]
        if len(asked) == 1:
            results: list[Any] = [(yield from _captured(self.ask(asked[0], plan)))]
        else:
            results = yield Gather(tuple(self.ask(ref, plan) for ref in asked))
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, JudgeFailed):
                raise r
        return combine(plan.item.criteria, asked, results, notes=notes)

    def admitted(self, provider: str) -> Flow[bool]:
        """Whether the breaker lets a call to ``provider`` go; while a half-open probe is out, asks
        again every ``PROBE_POLL_S`` until the probe reports or the judge's deadline passes."""
        started = time.monotonic()
        while (admission := self.breaker.admit(provider)) == "wait":
            if time.monotonic() - started + PROBE_POLL_S > self.client.retry.deadline_s:
                return False
            yield Sleep(PROBE_POLL_S)
        return admission == "call"

    def ask(
        self, ref: ModelRef, plan: Plan, *, answered: Completion | None = None, spend: Spend | None = None
    ) -> Flow[Scored]:
        """One judge's answer for one item, with one format retry.

        ``answered`` is a completion already had (a provider batch's result, its cost already
        in ``spend``): it is read instead of calling, and a malformed one is retried directly.

        Raises:
            JudgeFailed: the provider failed, or the answer was malformed twice; with the cost so far.
        """
        spend = spend if spend is not None else Spend()
        answer, completion = yield from self.read_flow(
            ref,
            plan.chat,
            self.max_tokens_for(ref),
            spend,
            read=lambda text: parse_answer(text, plan.ids),
            again=lambda text, problem: self.prompts.retry(plan.chat, text, problem, plan.item.criteria),
            job_id=plan.job_id,
            answered=answered,
        )
        found = beliefs(completion.text, completion.logprobs, answer) if completion.logprobs else None
        notes: tuple[str, ...] = ()
        if completion.finish_reason in ("length", "max_tokens"):
            notes = (f"{ref.name} stopped at max_tokens; its answer was complete enough to read",)
        return Scored(ref, answer, spend, found, notes)

    def read_flow(
        self,
        ref: ModelRef,
        chat: Chat,
        max_tokens: int,
        spend: Spend,
        *,
        read: Callable[[str], A],
        again: Callable[[str, str], Chat],
        job_id: str,
        answered: Completion | None = None,
        event: str = "judge_format_retry",
    ) -> Flow[tuple[A, Completion]]:
        """One valid answer of ``ref`` to ``chat``, read by ``read``, and the completion it came in: a
        malformed one (``read`` raises :class:`MalformedAnswer`) is asked again once, with the chat
        ``again`` makes of the bad answer and what was wrong (logged as ``event``). ``answered`` is a
        completion already had (its cost already in ``spend``): it is read instead of calling.

        Raises:
            JudgeFailed: the provider failed, or the answer was malformed twice; with the cost so far.
        """
        try:
            completion = (
                answered if answered is not None else (yield from self.call(ref, chat, max_tokens, spend))
            )
            try:
                return read(completion.text), completion
            except MalformedAnswer as first:
                log().info(event, model=ref.name, job_id=job_id, problem=first.problem)
                completion = yield from self.call(
                    ref, again(completion.text, first.problem), max_tokens, spend
                )
                try:
                    return read(completion.text), completion
                except MalformedAnswer as second:
                    raise CheckError(f"{second} (after one format retry)") from None
        except CheckError as e:
            raise JudgeFailed(
                f"{ref.name}: {e}", cost_usd=spend.usd, tokens_in=spend.tokens_in, tokens_out=spend.tokens_out
            ) from e

    def call(self, ref: ModelRef, chat: Chat, max_tokens: int, spend: Spend) -> Flow[Any]:
        """One completion, with the breaker told how it went and the cost added to ``spend``."""
        try:
            completion = yield from self.client.flow(ref, chat, max_tokens=max_tokens)
        except ProviderError:
            self.breaker.record_failure(ref.provider)
            raise
        self.breaker.record_success(ref.provider)
        usd = self._price(ref).cost(completion.tokens_in, completion.tokens_out)
        spend.add(completion, usd)
        log().info(
            "judge_call",
            model=ref.name,
            latency_ms=round(completion.latency_ms, 3),
            tokens_in=completion.tokens_in,
            tokens_out=completion.tokens_out,
            cost_usd=round(usd, 8),
            finish_reason=completion.finish_reason,
            usage_reported=completion.usage_reported,
        )
        return completion

    # Several outputs in one call -------------------------------------------------------------

    def quote_many(
        self, items: Iterable[tuple[VerifyJob, Sequence[Criterion]]], *, via: Via = "request"
    ) -> dict[str, float]:
        """Per job_id, the worst case of :meth:`judge_many` for that item; 0.0 for items no judge will see.

        ``via="request"``: the bound holds for any subset of the items judged together: each
        item is charged the shared instructions in full, its own prompt and max_tokens, and
        the single call it falls back to if the batched answer misses it.
        ``via="batch_api"``: items for a provider batch API are charged its answer at the
        batch price plus a direct format retry; a direct fallback (past the deadline) is
        priced when it is asked for (``fallback`` of :meth:`judge_many`, ``Plan.quote_usd``).
        """
        from checks.judge.batch import quote_many  # noqa: PLC0415  (batch imports this module)

        listed = [Item(job, tuple(criteria)) for job, criteria in items]
        return quote_batch_api(self, listed) if via == "batch_api" else quote_many(self, listed)

    def judge_many(
        self,
        items: Iterable[tuple[VerifyJob, Sequence[Criterion]]],
        *,
        via: Via = "request",
        fallback: Callable[[Plan], bool] | None = None,
    ) -> dict[str, Judgement | CheckError]:
        """Score several outputs: one request per judge model where possible (``via="request"``),
        or through the providers' batch APIs at the batch price (``via="batch_api"``, for the
        providers ``batch_api`` names; the others as with ``"request"``).

        ``fallback(plan)`` is asked before an item the batch API left unanswered is judged by
        a direct call (default: always); refused, the item is ``JudgeSkipped`` with reason budget.
        Returns, per job_id, its Judgement or the CheckError that stands for it
        (``JudgeSkipped`` with a reason, ``JudgeFailed`` with a cost).
        """
        return self.client.run(self._many_flow(items, via, fallback))

    async def ajudge_many(
        self,
        items: Iterable[tuple[VerifyJob, Sequence[Criterion]]],
        *,
        via: Via = "request",
        fallback: Callable[[Plan], bool] | None = None,
    ) -> dict[str, Judgement | CheckError]:
        return await self.client.arun(self._many_flow(items, via, fallback))

    def _many_flow(
        self,
        items: Iterable[tuple[VerifyJob, Sequence[Criterion]]],
        via: Via,
        fallback: Callable[[Plan], bool] | None,
    ) -> Flow[dict[str, Judgement | CheckError]]:
        from checks.judge.batch import many_flow  # noqa: PLC0415

        listed = [Item(job, tuple(criteria)) for job, criteria in items]
        if via == "batch_api":
            return batch_api_flow(self, listed, fallback=fallback)
        return many_flow(self, listed)


def _key(item: Item) -> tuple[str, int, tuple[str, ...]]:
    return (item.job.job_id, item.job.attempt, tuple(c.id for c in item.criteria))


def _captured(flow: Flow[Scored]) -> Flow[Scored | JudgeFailed]:
    try:
        return (yield from flow)
    except JudgeFailed as e:
        return e


def build_judge(config: JudgeConfig | None, **options: Any) -> LLMJudge | None:
    """The deployment's judge, or None when nothing about judges is configured (``no_judge``)."""
    if config is None or not config.configured:
        return None
    return LLMJudge.from_config(config, **options)
