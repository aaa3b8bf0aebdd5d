"""Sans-IO HTTP for the judge: flows say what to do, two thin drivers do it.

A *flow* is a generator that yields steps and receives their results:

* ``Send(request)``: receives the ``httpx.Response`` (body read) or the
  ``httpx.RequestError`` that sending raised (timeouts, refused connections,
  disconnects: a value, not an exception, so the flow decides what follows);
* ``Sleep(seconds)``: receives None;
* ``Gather(flows)``: runs sub-flows concurrently and receives their results
  in order, each the flow's return value or the exception it raised.

Retries, backoff, Retry-After, limiter slots, provider codecs and the judge's
format retry are all written once, as flows; :func:`run_sync` drives them with an
``httpx.Client`` (``Gather`` in threads), :func:`run_async` with an
``httpx.AsyncClient`` (``Gather`` with ``asyncio.gather``). Tests drive either with
``httpx.MockTransport`` or a loopback server.

The flow that sends one request with retries is :func:`send`: exponential
backoff with jitter on 408/409/425/429/5xx/529 and on transport errors, honouring
``Retry-After`` (seconds or HTTP date) and ``retry-after-ms``, within a deadline.
A 429 that says the account is out of credit is not retried. Error messages
never carry the request's headers, and provider messages are scrubbed of keys.
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import re
import time
from collections.abc import Awaitable, Callable, Generator, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Protocol, TypeVar

import httpx
import structlog

from messages import CheckError


def log() -> Any:
    """The judge's logger, fetched per use: a proxy cached at import would ignore later configuration."""
    return structlog.get_logger("verifleet.judge")


T = TypeVar("T")


@dataclass(frozen=True)
class Send:
    request: httpx.Request


@dataclass(frozen=True)
class Sleep:
    seconds: float


@dataclass(frozen=True)
class Gather:
    flows: tuple[Generator[Any, Any, Any], ...]


Step = Send | Sleep | Gather
Flow = Generator[Step, Any, T]
"""A flow returning ``T``."""


# Drivers ---------------------------------------------------------------------------------------


def run_sync(flow: Flow[T], client: httpx.Client, *, sleep: Callable[[float], None] = time.sleep) -> T:
    """Drive ``flow`` to its return value with a blocking client."""
    reply: Any = None
    while True:
        try:
            step = flow.send(reply)
        except StopIteration as done:
            result: T = done.value
            return result
        if isinstance(step, Send):
            try:
                reply = client.send(step.request)
            except httpx.RequestError as e:
                reply = e
        elif isinstance(step, Sleep):
            sleep(max(step.seconds, 0.0))
            reply = None
        else:
            reply = _gather_threads(step.flows, lambda f: run_sync(f, client, sleep=sleep))


async def run_async(
    flow: Flow[T],
    client: httpx.AsyncClient,
    *,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> T:
    """Drive ``flow`` to its return value with an async client."""
    reply: Any = None
    while True:
        try:
            step = flow.send(reply)
        except StopIteration as done:
            result: T = done.value
            return result
        if isinstance(step, Send):
            try:
                reply = await client.send(step.request)
            except httpx.RequestError as e:
                reply = e
        elif isinstance(step, Sleep):
            await sleep(max(step.seconds, 0.0))
            reply = None
        else:
            reply = list(
                await asyncio.gather(
                    *(run_async(f, client, sleep=sleep) for f in step.flows), return_exceptions=True
                )
            )


def _gather_threads(flows: Iterable[Flow[Any]], run: Callable[[Flow[Any]], Any]) -> list[Any]:
    flows = list(flows)

    def capture(flow: Flow[Any]) -> Any:
        try:
            return run(flow)
        except Exception as e:  # returned as a value: the gathering flow decides
            return e

    if len(flows) <= 1:
        return [capture(f) for f in flows]
    with ThreadPoolExecutor(max_workers=len(flows), thread_name_prefix="verifleet-judge") as pool:
        # Each thread runs in a copy of this context so that bound log fields (job_id...) follow.
        futures = [pool.submit(contextvars.copy_context().run, capture, f) for f in flows]
        return [f.result() for f in futures]


# Retries ---------------------------------------------------------------------------------------

RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})
OVERLOAD_STATUSES = frozenset({429, 503, 529})
"""The provider says it has too much work (rate limited, unavailable, Anthropic's overloaded):
the limiter lowers its cap, as for a 429."""
_OUT_OF_CREDIT = frozenset({"insufficient_quota", "enforced_spend_limit_reached", "billing_error"})


class ProviderError(CheckError):
    """A judge provider call failed after the retries it was worth (or was not worth any)."""

    def __init__(self, message: str, *, status: int | None = None, retryable: bool = False) -> None:
        self.status = status
        self.retryable = retryable
        super().__init__(message)


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 4
    """Tries in all, the first included."""
    backoff_base_s: float = 0.5
    backoff_max_s: float = 20.0
    max_retry_after_s: float = 60.0
    """A Retry-After longer than this gives up at once instead of holding a worker."""
    deadline_s: float = 90.0
    """No retry starts after this many seconds since the first try."""

    def backoff(self, retry: int, rng: random.Random) -> float:
        """Exponential with jitter: uniform in [c/2, c], c = min(max, base * 2^retry)."""
        ceiling = min(self.backoff_max_s, self.backoff_base_s * 2.0**retry)
        return ceiling / 2 + rng.uniform(0, ceiling / 2)


class Limiter(Protocol):
    """Concurrency slots per provider, shared however the implementation likes (e.g. Redis AIMD).

    Non-blocking so that one implementation serves the sync and the async driver:
    the flow sleeps between asks.
    """

    def acquire(self, key: str) -> float:
        """0.0 when a call to ``key`` may start now (a slot is now held); else seconds to wait first."""
        ...

    def release(self, key: str, *, throttled: bool) -> None:
        """The call holding a slot ended; ``throttled`` when the provider answered 429."""
        ...


class NoLimit:
    """Every call may start at once (the connection pool still bounds a process)."""

    def acquire(self, key: str) -> float:
        return 0.0  # never a wait

    def release(self, key: str, *, throttled: bool) -> None:
        return None


def send(
    make: Callable[[], httpx.Request],
    *,
    key: str,
    policy: RetryPolicy,
    rng: random.Random,
    limiter: Limiter,
    secrets: Iterable[str] = (),
    clock: Callable[[], float] = time.monotonic,
) -> Flow[httpx.Response]:
    """Send the request ``make`` builds (rebuilt per try) until a 2xx response, with retries.

    Raises:
        ProviderError: a non-retryable status, or retries exhausted, with a scrubbed message.
    """
    hidden = tuple(s for s in secrets if s)
    started = clock()
    for attempt in range(policy.attempts):
        yield from _slot(key, limiter, started, policy, clock)
        throttled = False
        try:
            reply = yield Send(make())
            throttled = isinstance(reply, httpx.Response) and reply.status_code in OVERLOAD_STATUSES
        finally:
            limiter.release(key, throttled=throttled)
        status: int | None = None
        if isinstance(reply, httpx.Response):
            if reply.is_success:
                return reply
            status = reply.status_code
            problem = describe_response(reply, hidden)
            if status not in RETRY_STATUSES or _out_of_credit(reply):
                raise ProviderError(problem, status=status)
            wait = retry_after(reply)
            if wait is not None and wait > policy.max_retry_after_s:
                raise ProviderError(
                    f"{problem}; asked to wait {wait:.0f} s, longer than the "
                    f"{policy.max_retry_after_s:.0f} s we wait",
                    status=status,
                    retryable=True,
                )
            if wait is None:
                wait = policy.backoff(attempt, rng)
        else:
            problem = describe_exception(reply, hidden)
            wait = policy.backoff(attempt, rng)
        tries = attempt + 1
        if tries >= policy.attempts or clock() - started + wait > policy.deadline_s:
            raise ProviderError(
                f"{problem} (gave up after {tries} tr{'y' if tries == 1 else 'ies'})",
                status=status,
                retryable=True,
            )
        log().warning("judge_retry", provider=key, attempt=tries, wait_s=round(wait, 3), problem=problem)
        yield Sleep(wait)
    raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover


def _slot(
    key: str, limiter: Limiter, started: float, policy: RetryPolicy, clock: Callable[[], float]
) -> Flow[None]:
    while (wait := limiter.acquire(key)) > 0:
        if clock() - started + wait > policy.deadline_s:
            raise ProviderError("no call slot came free before the deadline", retryable=True)
        yield Sleep(wait)


def retry_after(response: httpx.Response) -> float | None:
    """Seconds the provider asks us to wait (``retry-after-ms``, ``Retry-After`` seconds or date)."""
    ms = response.headers.get("retry-after-ms")
    if ms:
        try:
            return max(float(ms) / 1000.0, 0.0)
        except ValueError:
            pass
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)


# Error messages fit for verdicts and logs ----------------------------------------------------

_KEYLIKE = re.compile(r"\b(sk|pk|rk|key|sess)-[A-Za-z0-9_\-*.]{4,}|\bBearer\s+\S+", re.IGNORECASE)


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with the given secrets, and anything that looks like an API key, replaced by ``***``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return _KEYLIKE.sub("***", text)


def _error_body(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, dict):
        return error
    if isinstance(error, str):
        return {"message": error}
    return {}


def _out_of_credit(response: httpx.Response) -> bool:
    error = _error_body(response)
    details = error.get("details")
    codes = {error.get("code"), error.get("type")}
    if isinstance(details, dict):
        codes.add(details.get("error_code"))
    return bool(codes & _OUT_OF_CREDIT)


def describe_response(response: httpx.Response, secrets: Iterable[str] = ()) -> str:
    status = response.status_code
    if status in (401, 403):
        # Providers echo part of a wrong key in these messages: say nothing of it.
        return f"HTTP {status}: authentication failed; check the API key for this provider"
    error = _error_body(response)
    kind = error.get("type") or error.get("code") or ""
    message = str(error.get("message") or "")[:300]
    if not message and not error:
        message = response.text[:200].strip()
    text = f"HTTP {status}" + (f" {kind}" if kind else "") + (f": {message}" if message else "")
    return scrub(text, secrets)


def describe_exception(error: BaseException, secrets: Iterable[str] = ()) -> str:
    detail = str(error).strip()
    return scrub(type(error).__name__ + (f": {detail}" if detail else ""), secrets)
