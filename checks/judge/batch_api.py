"""Provider batch APIs: OpenAI's Batch API and Anthropic's Message Batches, at the batch price.

For leaf jobs that can wait (``LLMJudge.judge_many(items, via="batch_api")``). Each job's
usual single-judge request, the very prompt a direct call sends, goes into one provider
batch per judge model, under a ``custom_id`` that names its place (``vf-0``, ``vf-1``...):

* **OpenAI**: the requests are lines of a JSONL file (``{"custom_id", "method": "POST",
  "url": "/v1/chat/completions", "body"}``) uploaded to ``/files`` with ``purpose=batch``;
  ``/batches`` creates the batch over it (``completion_window: 24h``); ``/batches/{id}`` is
  polled until its status ends (completed, failed, expired, cancelled); the output file and
  the error file are read from ``/files/{id}/content``.
* **Anthropic**: the requests go in the body of ``/messages/batches`` (``{"custom_id",
  "params"}``); ``/messages/batches/{id}`` is polled until ``processing_status`` is
  ``ended``; the JSONL at its ``results_url`` says per request succeeded, errored, canceled
  or expired.

Results come in any order and are mapped back by ``custom_id``. A result is read like a
direct answer; one that does not parse gets its format retry as a direct call.

**Cost**: the provider's usage at the price table's ``batch_factor`` (0.5: half price);
a direct retry or fallback at the list price.

**Deadline**: ``deadline_s`` after submitting, an unfinished batch is cancelled, and every
item it did not answer (unfinished, errored, expired, canceled) is asked by a direct call,
if ``fallback(plan)`` allows (else it is skipped with reason budget). A slow provider
delays a leaf job's verdict by at most the deadline and never loses it. Answers a
cancelled batch completed anyway are billed by the provider and are not counted here.

**Journal**: with ``BatchApi.journal`` (the fleet's is in Redis), each item's place in a batch
is written down when the batch is created; a later flow for the same item (the worker that ran
the first one died, and another reclaimed its items) polls that batch instead of submitting and
paying again, the deadline still counted from the first submission.

Every step is a flow (:mod:`checks.judge.transport`), so this runs sync or async like the
rest of the judge. The batch API's own requests take no limiter slot (providers
rate-limit batch work separately) and do not count for the circuit breaker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

import httpx

from checks.judge.batch import _alone, many_flow, quote_many, reraise, unique
from checks.judge.ensemble import Spend, combine
from checks.judge.models import ModelRef, Wire
from checks.judge.prompts import Chat, Item
from checks.judge.providers import Completion, Endpoint, auth_headers, parse_body, request_body
from checks.judge.transport import Flow, Gather, ProviderError, Sleep, log, scrub
from checks.judging import JudgeFailed, Judgement, JudgeSkipped
from messages import CheckError, ConfigurationError, SkipReason

if TYPE_CHECKING:
    from checks.judge.client import JudgeClient
    from checks.judge.judge import LLMJudge, Plan

BATCH_PROVIDERS = frozenset({"openai", "anthropic"})
"""Providers with a batch API this module speaks."""


@dataclass(frozen=True)
class BatchApi:
    """Which providers' batch APIs to use, and how long to wait for them."""

    providers: frozenset[str] = field(default_factory=frozenset)
    deadline_s: float = 3600.0
    """After this many seconds a batch is cancelled and what it did not answer is asked directly."""
    poll_s: float = 30.0
    """Seconds between two looks at a running batch."""
    journal: BatchJournal | None = None
    """Where submitted batches are written down (the fleet's is in Redis): the worker that takes
    over the items of one that died mid-batch reads the batch already paid for, not a second one."""

    def __post_init__(self) -> None:
        unknown = sorted(set(self.providers) - BATCH_PROVIDERS)
        if unknown:
            raise ConfigurationError(
                f"VERIFLEET_JUDGE_BATCH_API: no batch API for {', '.join(unknown)}; "
                f"use none or any of {', '.join(sorted(BATCH_PROVIDERS))}"
            )
        if self.deadline_s <= 0 or self.poll_s <= 0:
            raise ConfigurationError("the batch API deadline and poll interval must be positive")

    def serves(self, ref: ModelRef) -> bool:
        return ref.provider in self.providers


@dataclass(frozen=True)
class Submitted:
    """One item's place in a provider batch, as the journal keeps it."""

    batch_id: str
    custom_id: str
    submitted_at: float
    """Unix time of the submission: the deadline runs from it, whoever polls the batch."""


class BatchJournal(Protocol):
    """Where an item's provider batch is written down as soon as the batch is created.

    Keys name the item and the judge model (:func:`journal_key`): a later attempt, other criteria
    or another model make a new batch. An item the batch ended without answering is forgotten
    (asked again later, it goes in a new batch); an answered one is kept, so that a worker that
    dies before publishing its verdict leaves the answer to be read again, not paid for again.
    Entries need to outlive the batch's deadline only.
    """

    def find(self, keys: Sequence[str]) -> dict[str, Submitted]: ...

    def record(self, entries: Mapping[str, Submitted]) -> None: ...

    def forget(self, keys: Sequence[str]) -> None: ...


def journal_key(ref: ModelRef, plan: Plan) -> str:
    job = plan.item.job
    return f"{ref}|{job.job_id}|{job.attempt}|{','.join(plan.ids)}"


Fallback = Callable[["Plan"], bool]
"""Asked before an item the batch did not answer is judged by a direct call (``plan.quote_usd``)."""


@dataclass(frozen=True)
class Results:
    """What an ended batch gave back, by custom_id: a completion, or why there is none."""

    completions: dict[str, Completion] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


class Codec(Protocol):
    """One provider's batch API, as flows over :meth:`JudgeClient.request_flow`."""

    def submit(
        self, client: JudgeClient, ref: ModelRef, requests: Sequence[tuple[str, dict[str, Any]]]
    ) -> Flow[dict[str, Any]]: ...

    def retrieve(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]: ...

    def cancel(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]: ...

    def ended(self, batch: Mapping[str, Any]) -> bool: ...

    def results(
        self, client: JudgeClient, ref: ModelRef, batch: Mapping[str, Any], chats: Mapping[str, Chat]
    ) -> Flow[Results]: ...


# Quoting and judging -----------------------------------------------------------------------------


def quote_batch_api(judge: LLMJudge, items: Sequence[Item]) -> dict[str, float]:
    """Per job_id: the batch answer at the batch price plus a direct format retry; other items as
    :func:`checks.judge.batch.quote_many` bounds them."""
    unique(item.job.job_id for item in items)
    quotes: dict[str, float] = {}
    rest: list[Item] = []
    for item in items:
        try:
            plan = judge.remember(judge.plan(item))
        except CheckError:
            quotes[item.job.job_id] = 0.0
            continue
        if len(plan.refs) == 1 and judge.batch_api.serves(plan.refs[0]):
            ref = plan.refs[0]
            price = judge.prices.price(ref)
            m = judge.max_tokens_for(ref)
            quotes[plan.job_id] = price.batch_cost(plan.prompt_tokens, m) + price.cost(
                plan.prompt_tokens + m + plan.retry_tokens, m
            )
        else:
            rest.append(item)
    if rest:
        quotes.update(quote_many(judge, rest))
    return {item.job.job_id: quotes[item.job.job_id] for item in items}


def batch_api_flow(
    judge: LLMJudge, items: Sequence[Item], *, fallback: Fallback | None = None
) -> Flow[dict[str, Judgement | CheckError]]:
    """Items whose one judge's provider has a batch API configured go through it, one batch per
    judge model; the others are judged as ``judge_many`` does (several outputs per request)."""
    unique(item.job.job_id for item in items)
    results: dict[str, Judgement | CheckError] = {}
    by_model: dict[str, list[Plan]] = {}
    rest: list[Item] = []
    for item in items:
        try:
            plan = judge.planned(item)
        except CheckError as e:
            results[item.job.job_id] = e
            continue
        if len(plan.refs) == 1 and judge.batch_api.serves(plan.refs[0]):
            by_model.setdefault(str(plan.refs[0]), []).append(plan)
        else:
            judge.remember(plan)  # many_flow picks the plan up again
            rest.append(item)
    flows = [provider_batch_flow(judge, plans[0].refs[0], plans, fallback) for plans in by_model.values()]
    if rest:
        flows.append(many_flow(judge, rest))
    outcomes = (yield Gather(tuple(flows))) if flows else []
    for outcome in outcomes:
        reraise(outcome)
        results.update(outcome)
    return {item.job.job_id: results[item.job.job_id] for item in items}


def provider_batch_flow(
    judge: LLMJudge,
    ref: ModelRef,
    plans: Sequence[Plan],
    fallback: Fallback | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> Flow[dict[str, Judgement | CheckError]]:
    """The plans that share the judge ``ref``: those the journal places in a batch already
    submitted are read from it, the others go in one new batch."""
    journal = judge.batch_api.journal
    keys = [journal_key(ref, plan) for plan in plans]
    placed: dict[str, Submitted] = {}
    if journal is not None:
        try:
            placed = journal.find(keys)
        except CheckError as e:  # no journal to read: the items go in a new batch
            log().warning("judge_batch_journal_failed", model=ref.name, problem=str(e))
    resumed: dict[str, dict[str, Plan]] = {}
    since: dict[str, float] = {}
    fresh: list[Plan] = []
    for plan, key in zip(plans, keys, strict=True):
        entry = placed.get(key)
        if entry is None:
            fresh.append(plan)
        else:
            resumed.setdefault(entry.batch_id, {})[entry.custom_id] = plan
            since[entry.batch_id] = entry.submitted_at
    flows = [
        _batch_flow(judge, ref, ids, fallback, clock=clock, resume=(batch_id, since[batch_id]))
        for batch_id, ids in resumed.items()
    ]
    if fresh:
        flows.append(
            _batch_flow(judge, ref, {f"vf-{i}": p for i, p in enumerate(fresh)}, fallback, clock=clock)
        )
    got = yield Gather(tuple(flows))
    out: dict[str, Judgement | CheckError] = {}
    for part in got:
        reraise(part)
        out.update(part)
    return out


def _batch_flow(
    judge: LLMJudge,
    ref: ModelRef,
    ids: dict[str, Plan],
    fallback: Fallback | None,
    *,
    clock: Callable[[], float],
    resume: tuple[str, float] | None = None,
) -> Flow[dict[str, Judgement | CheckError]]:
    """One provider batch: submit (or, with ``resume``, the batch id and when it was submitted:
    find it again), poll, read, map back by custom_id."""
    api, codec, client = judge.batch_api, CODECS[ref.wire], judge.client
    m = judge.max_tokens_for(ref)
    started = clock()
    found = Results()
    batch_id = ""
    running = False
    unfinished = "the batch returned no result for it"
    try:
        if resume is None:
            requests = [(cid, request_body(ref, plan.chat, max_tokens=m)) for cid, plan in ids.items()]
            batch = yield from codec.submit(client, ref, requests)
            batch_id = _text(batch, "id")
            running = True
            log().info("judge_batch_submitted", model=ref.name, batch_id=batch_id, items=len(ids))
            _write_down(api.journal, ref, batch_id, ids)
        else:
            batch_id, submitted_at = resume
            started -= max(time.time() - submitted_at, 0.0)  # the deadline runs from the submission
            running = True  # a failure from here on cancels it, as it would the worker's own batch
            log().info("judge_batch_resumed", model=ref.name, batch_id=batch_id, items=len(ids))
            batch = yield from codec.retrieve(client, ref, batch_id)
        while not codec.ended(batch):
            left = api.deadline_s - (clock() - started)
            if left <= 0:
                running = False
                batch = yield from _cancel(codec, client, ref, batch, api.deadline_s)
                unfinished = f"the batch was not done {api.deadline_s:g} s after it was submitted; cancelled"
                break
            yield Sleep(min(api.poll_s, left))
            batch = yield from codec.retrieve(client, ref, batch_id)
        if codec.ended(batch):
            running = False
            found = yield from codec.results(client, ref, batch, {cid: p.chat for cid, p in ids.items()})
    except ProviderError as e:
        unfinished = f"the batch API failed ({e})"
        log().warning("judge_batch_failed", model=ref.name, batch_id=batch_id, problem=str(e))
        if running:
            # Its items are about to be asked directly: do not let the batch run (and bill) as well.
            yield from _cancel(codec, client, ref, {"id": batch_id}, api.deadline_s)
    elapsed_ms = (clock() - started) * 1000
    _forget(api.journal, ref, batch_id, [p for cid, p in ids.items() if cid not in found.completions])
    flows: list[Flow[Judgement | CheckError]] = []
    for cid, plan in ids.items():
        completion = found.completions.get(cid)
        if completion is None:
            flows.append(_fallback(judge, plan, found.problems.get(cid, unfinished), fallback))
        else:
            flows.append(_answered(judge, ref, plan, completion, batch_id=batch_id, elapsed_ms=elapsed_ms))
    got = yield Gather(tuple(flows))
    out: dict[str, Judgement | CheckError] = {}
    for plan, result in zip(ids.values(), got, strict=True):
        reraise(result)
        out[plan.job_id] = result
    return out


def _write_down(journal: BatchJournal | None, ref: ModelRef, batch_id: str, ids: Mapping[str, Plan]) -> None:
    """Record each item's place in the batch just created; a journal that fails costs a warning
    (a worker taking the items over would submit them again), never the batch."""
    if journal is None:
        return
    now = time.time()
    try:
        journal.record({journal_key(ref, p): Submitted(batch_id, cid, now) for cid, p in ids.items()})
    except CheckError as e:
        log().warning("judge_batch_journal_failed", model=ref.name, batch_id=batch_id, problem=str(e))


def _forget(journal: BatchJournal | None, ref: ModelRef, batch_id: str, unanswered: Sequence[Plan]) -> None:
    """Drop the items the batch is over without answering: asked again, they go in a new batch."""
    if journal is None or not unanswered:
        return
    try:
        journal.forget([journal_key(ref, p) for p in unanswered])
    except CheckError as e:
        log().warning("judge_batch_journal_failed", model=ref.name, batch_id=batch_id, problem=str(e))


def _cancel(
    codec: Codec, client: JudgeClient, ref: ModelRef, batch: dict[str, Any], deadline_s: float
) -> Flow[dict[str, Any]]:
    """Cancel a batch (past its deadline, or given up on); the batch as the cancel left it."""
    batch_id = _text(batch, "id")
    log().warning("judge_batch_cancel", model=ref.name, batch_id=batch_id, deadline_s=deadline_s)
    try:
        return (yield from codec.cancel(client, ref, batch_id))
    except ProviderError as e:
        log().warning("judge_batch_cancel_failed", model=ref.name, batch_id=batch_id, problem=str(e))
        return batch


def _answered(
    judge: LLMJudge, ref: ModelRef, plan: Plan, completion: Completion, *, batch_id: str, elapsed_ms: float
) -> Flow[Judgement | CheckError]:
    price = judge.prices.price(ref)
    spend = Spend()
    spend.add(completion, price.batch_cost(completion.tokens_in, completion.tokens_out))
    via = {"provider": ref.provider, "batch_id": batch_id, "price_factor": price.batch_factor}
    try:
        scored = yield from judge.ask(ref, plan, answered=completion, spend=spend)
    except JudgeFailed as e:
        return JudgeFailed(
            f"{e} (answered through the batch API)",
            cost_usd=e.cost_usd,
            tokens_in=e.tokens_in,
            tokens_out=e.tokens_out,
            details={**e.details, "batch_api": via},
        )
    judgement = combine(plan.item.criteria, [ref], [scored], notes=plan.notes)
    rows = [dict(row) for row in judgement.details.get("judges", [])]
    for row in rows:
        # The latency of a direct format retry, if any; the wait for the batch is no call latency.
        if scored.spend.latency_ms == 0:
            row.pop("latency_ms", None)
        row["batch_wait_ms"] = round(elapsed_ms, 3)
    note = f"scored through {ref.provider}'s batch API at {price.batch_factor:g} of the list price"
    return replace(
        judgement,
        notes=[*judgement.notes, note],
        details={**judgement.details, "judges": rows, "batch_api": via},
    )


def _fallback(
    judge: LLMJudge, plan: Plan, why: str, fallback: Fallback | None
) -> Flow[Judgement | CheckError]:
    if fallback is not None and not fallback(plan):
        return JudgeSkipped(
            SkipReason.BUDGET,
            f"the batch API gave no answer ({why}) and a direct call was not allowed",
            details={"batch_api": {"problem": why}},
        )
    log().info("judge_batch_direct", job_id=plan.job_id, problem=why)
    result = yield from _alone(judge, plan)
    note = f"batch API: {why}; judged by a direct call"
    if isinstance(result, Judgement):
        return replace(result, notes=[*result.notes, note])
    if isinstance(result, JudgeFailed):
        return JudgeFailed(
            f"{result} ({note})",
            cost_usd=result.cost_usd,
            tokens_in=result.tokens_in,
            tokens_out=result.tokens_out,
            details=result.details,
        )
    return result


# OpenAI's Batch API ----------------------------------------------------------------------------


class OpenAIBatches:
    ENDED = frozenset({"completed", "failed", "expired", "cancelled"})

    def submit(
        self, client: JudgeClient, ref: ModelRef, requests: Sequence[tuple[str, dict[str, Any]]]
    ) -> Flow[dict[str, Any]]:
        lines = [
            json.dumps({"custom_id": cid, "method": "POST", "url": "/v1/chat/completions", "body": body})
            for cid, body in requests
        ]
        content = ("\n".join(lines) + "\n").encode()
        upload = yield from client.request_flow(
            ref.provider,
            lambda e: httpx.Request(
                "POST",
                _base(e) + "/files",
                headers=auth_headers(Wire.CHAT_COMPLETIONS, e),
                data={"purpose": "batch"},
                files={"file": ("verifleet-judge.jsonl", content, "application/jsonl")},
            ),
            limited=False,
        )
        file_id = _text(_object(upload), "id")
        created = yield from client.request_flow(
            ref.provider,
            lambda e: httpx.Request(
                "POST",
                _base(e) + "/batches",
                headers=auth_headers(Wire.CHAT_COMPLETIONS, e),
                json={
                    "input_file_id": file_id,
                    "endpoint": "/v1/chat/completions",
                    "completion_window": "24h",
                    "metadata": {"source": "verifleet judge"},
                },
            ),
            limited=False,
        )
        return _object(created)

    def retrieve(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]:
        return (yield from _call(client, ref, "GET", f"/batches/{batch_id}"))

    def cancel(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]:
        return (yield from _call(client, ref, "POST", f"/batches/{batch_id}/cancel"))

    def ended(self, batch: Mapping[str, Any]) -> bool:
        return batch.get("status") in self.ENDED

    def results(
        self, client: JudgeClient, ref: ModelRef, batch: Mapping[str, Any], chats: Mapping[str, Chat]
    ) -> Flow[Results]:
        found = Results()
        if batch.get("status") == "failed":
            errors = batch.get("errors")
            data = errors.get("data") if isinstance(errors, dict) else None
            first = data[0] if isinstance(data, list) and data and isinstance(data[0], dict) else {}
            why = str(first.get("message") or "no reason given")[:300]
            found.problems.update(dict.fromkeys(chats, f"the batch failed: {why}"))
        for key in ("output_file_id", "error_file_id"):
            file_id = batch.get(key)
            if not isinstance(file_id, str) or not file_id:
                continue
            response = yield from _get(client, ref, "GET", f"/files/{file_id}/content")
            for cid, line in _jsonl(response.text, chats):
                result, error = line.get("response"), line.get("error")
                if isinstance(result, dict) and result.get("status_code") == 200:
                    _read(found, ref, cid, result.get("body"), chats[cid])
                elif isinstance(error, dict):
                    found.problems[cid] = _said(error.get("code"), error.get("message"), client, ref)
                elif isinstance(result, dict):
                    body = result.get("body") or {}
                    said = body.get("error") if isinstance(body, dict) else None
                    said = said if isinstance(said, dict) else {}
                    found.problems[cid] = _said(
                        f"HTTP {result.get('status_code')}", said.get("message"), client, ref
                    )
        return found


# Anthropic's Message Batches -------------------------------------------------------------------


class AnthropicBatches:
    def submit(
        self, client: JudgeClient, ref: ModelRef, requests: Sequence[tuple[str, dict[str, Any]]]
    ) -> Flow[dict[str, Any]]:
        body = {"requests": [{"custom_id": cid, "params": params} for cid, params in requests]}
        return (yield from _call(client, ref, "POST", "/messages/batches", body))

    def retrieve(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]:
        return (yield from _call(client, ref, "GET", f"/messages/batches/{batch_id}"))

    def cancel(self, client: JudgeClient, ref: ModelRef, batch_id: str) -> Flow[dict[str, Any]]:
        return (yield from _call(client, ref, "POST", f"/messages/batches/{batch_id}/cancel"))

    def ended(self, batch: Mapping[str, Any]) -> bool:
        return batch.get("processing_status") == "ended"

    def results(
        self, client: JudgeClient, ref: ModelRef, batch: Mapping[str, Any], chats: Mapping[str, Chat]
    ) -> Flow[Results]:
        batch_id = _text(batch, "id")

        def request(e: Endpoint) -> httpx.Request:
            url = f"{_base(e)}/messages/batches/{batch_id}/results"
            given = batch.get("results_url")
            # The key goes with the request: follow results_url only on the provider's own origin.
            if isinstance(given, str) and _origin(given) == _origin(url):
                url = given
            return httpx.Request("GET", url, headers=auth_headers(Wire.MESSAGES, e))

        response = yield from client.request_flow(ref.provider, request, limited=False)
        found = Results()
        for cid, line in _jsonl(response.text, chats):
            result = line.get("result")
            result = result if isinstance(result, dict) else {}
            kind = result.get("type")
            if kind == "succeeded":
                _read(found, ref, cid, result.get("message"), chats[cid])
            elif kind == "errored":
                error = result.get("error")
                inner = error.get("error", error) if isinstance(error, dict) else {}
                inner = inner if isinstance(inner, dict) else {}
                found.problems[cid] = _said(inner.get("type", "errored"), inner.get("message"), client, ref)
            elif kind in ("expired", "canceled"):
                found.problems[cid] = f"it was {kind} in the batch"
            else:
                found.problems[cid] = f"the batch gave no result for it ({kind or 'no type'})"
        return found


CODECS: Mapping[Wire, Codec] = {Wire.CHAT_COMPLETIONS: OpenAIBatches(), Wire.MESSAGES: AnthropicBatches()}


# Helpers ---------------------------------------------------------------------------------------


def _call(
    client: JudgeClient, ref: ModelRef, method: str, path: str, body: Any = None
) -> Flow[dict[str, Any]]:
    """A JSON request to the provider's batch API; its JSON object answer."""
    return _object((yield from _get(client, ref, method, path, body)))


def _get(
    client: JudgeClient, ref: ModelRef, method: str, path: str, body: Any = None
) -> Flow[httpx.Response]:
    return (
        yield from client.request_flow(
            ref.provider,
            lambda e: httpx.Request(method, _base(e) + path, headers=auth_headers(ref.wire, e), json=body),
            limited=False,
        )
    )


def _base(endpoint: Endpoint) -> str:
    return endpoint.base_url.rstrip("/")


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return (parts.scheme.lower(), parts.netloc.lower())


def _object(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        raise ProviderError(f"the batch API answered no JSON (HTTP {response.status_code})") from None
    if not isinstance(data, dict):
        raise ProviderError("the batch API answered no JSON object")
    return data


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ProviderError(f"the batch API's answer has no {key!r}")
    return value


def _jsonl(text: str, asked: Mapping[str, Chat]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The lines of a results file that answer a custom_id we asked about (others are ignored)."""
    for raw in text.splitlines():
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            log().warning("judge_batch_bad_line", line=raw[:200])
            continue
        cid = line.get("custom_id") if isinstance(line, dict) else None
        if isinstance(cid, str) and cid in asked:
            yield cid, line


def _read(found: Results, ref: ModelRef, cid: str, body: Any, chat: Chat) -> None:
    """One request's answer (a result without usage is charged our estimates, as a direct call is)."""
    try:
        found.completions[cid] = parse_body(ref, body, chat)
    except ProviderError as e:
        found.problems[cid] = str(e)


def _said(kind: Any, message: Any, client: JudgeClient, ref: ModelRef) -> str:
    secret = client.endpoint(ref.provider).secret
    text = f"{kind}: {str(message or '')[:300]}" if message else str(kind)
    return scrub(text, (secret,) if secret else ())
