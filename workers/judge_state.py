"""The judge's fleet-wide state in Redis: a circuit breaker and an adaptive concurrency cap per provider.

``checks/`` knows the two protocols (``checks.judge.CircuitBreaker``, ``checks.judge.Limiter``)
and an in-process breaker for ``verifleet verify``; the worker fleet shares both through
Redis, so that a hundred worker processes see one circuit and one cap per provider.

**Breaker** (:class:`RedisBreaker`): a hash per provider, ``{prefix}:judge:circuit:{provider}``,
holding the consecutive failures and, while open, when it opened. ``failures`` consecutive
failed calls fleet-wide (default 5) open it for ``cooldown_s`` (default 300); after the
cooldown it is half-open: ``admit`` gives one caller in the whole fleet the probe (a
``probe_until`` field set by the same script that checked for it), the others wait until the
probe reports; its success closes the circuit, its failure opens it for another cooldown, and
a probe whose worker died lapses after ``probe_s``. Each change is one Lua
script (atomic), timed by the Redis server's clock so that hosts whose clocks differ agree.
``allow`` only reads.

**Limiter** (:class:`RedisLimiter`): a sorted set of slot leases per provider,
``{prefix}:judge:slots:{provider}`` (member: a token; score: when the lease expires), and
the current cap, ``{prefix}:judge:limit:{provider}``. A call takes a slot when fewer than
``floor(cap)`` leases are live; a lease not released within ``lease_s`` (its worker was
killed) expires and the slot comes back. The cap adapts AIMD-style, like TCP's congestion
window: a 429, 503 or 529 halves it (once per ``cut_window_s``, so one burst counts once, never
below ``minimum``); every other finished call adds ``1 / cap``, about one slot per round
of calls, up to ``limit``. dramatiq's ``ConcurrentRateLimiter`` is a fixed-limit counter
whose slots a killed worker keeps until the whole key goes idle for its TTL; hence our own.

**Redis trouble never breaks a verification**: an error is logged once per outage, calls
are allowed (no circuit, no fleet-wide cap) and Redis is left alone for ``pause_s`` before
the next try, so a dead Redis costs one connection attempt per few seconds, not one per call.

:class:`CircuitCollector` serves ``verifleet_circuit_open{provider}`` from Redis at scrape
time (``workers/exposition.py``), so every host reports the fleet's state; the per-process
values (``workers.metrics.set_circuit_open`` on each transition) stand when Redis is away.
"""

from __future__ import annotations

import os
import random
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import count
from typing import TYPE_CHECKING, Any, TypeVar

import redis
import structlog

from checks.judge.batch_api import Submitted
from checks.judge.breaker import Admission, State
from checks.judge.transport import Limiter, NoLimit
from messages import CheckError
from workers import metrics
from workers.events import decoded

if TYPE_CHECKING:
    from prometheus_client.core import Metric

    from workers.settings import Settings

log = structlog.get_logger("verifleet.judge")

T = TypeVar("T")
Clock = Callable[[], float]
CIRCUIT_GAUGE = "verifleet_circuit_open"

# Every script takes "now" as ARGV[1]; empty means the Redis server's clock.
_NOW = """
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) + tonumber(t[2]) / 1000000
end
"""

_FAILURE = (
    _NOW
    + """
-- KEYS[1] circuit; ARGV: now, failures, cooldown_s, ttl_ms. Returns 1 when this failure opened it.
local opened = tonumber(redis.call('HGET', KEYS[1], 'opened_at'))
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local opens = 0
if opened then
  if now - opened >= tonumber(ARGV[3]) then opens = 1 end   -- the half-open probe failed
elseif failures >= tonumber(ARGV[2]) then
  opens = 1
end
if opens == 1 then
  redis.call('HSET', KEYS[1], 'opened_at', string.format('%.6f', now))
  redis.call('HDEL', KEYS[1], 'probe_until')
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return opens
"""
)

_ADMIT = (
    _NOW
    + """
-- KEYS[1] circuit; ARGV: now, cooldown_s, probe_s. Returns 1 when a call may be sent (closed, or
-- half-open with no probe out: this caller takes the probe), 2 while a probe is out, 0 when open.
local opened = tonumber(redis.call('HGET', KEYS[1], 'opened_at'))
if not opened then return 1 end
if now - opened < tonumber(ARGV[2]) then return 0 end
local probe = tonumber(redis.call('HGET', KEYS[1], 'probe_until'))
if probe and now < probe then return 2 end
redis.call('HSET', KEYS[1], 'probe_until', string.format('%.6f', now + tonumber(ARGV[3])))
return 1
"""
)

_SUCCESS = """
-- KEYS[1] circuit. Returns 1 when this success closed an open (or half-open) circuit.
local opened = redis.call('HGET', KEYS[1], 'opened_at')
redis.call('DEL', KEYS[1])
if opened then return 1 end
return 0
"""

_ACQUIRE = (
    _NOW
    + """
-- KEYS[1] slots, KEYS[2] limit; ARGV: now, token, lease_s, limit, minimum, poll_s.
-- Returns '0' with the slot taken, else the seconds to wait before asking again.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local cap = tonumber(redis.call('HGET', KEYS[2], 'limit')) or tonumber(ARGV[4])
cap = math.max(tonumber(ARGV[5]), math.min(tonumber(ARGV[4]), cap))
if redis.call('ZCARD', KEYS[1]) < math.floor(cap) then
  local lease = tonumber(ARGV[3])
  redis.call('ZADD', KEYS[1], now + lease, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], math.ceil(lease * 1000) + 1000)
  return '0'
end
local wait = tonumber(ARGV[6])
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if first[2] then wait = math.min(wait, math.max(tonumber(first[2]) - now, 0.001)) end
return string.format('%.6f', wait)
"""
)

_RELEASE = (
    _NOW
    + """
-- KEYS[1] slots, KEYS[2] limit; ARGV: now, token, throttled, limit, minimum, decrease, increase,
-- cut_window_s, ttl_ms. Returns the cap after this call.
redis.call('ZREM', KEYS[1], ARGV[2])
local top, bottom = tonumber(ARGV[4]), tonumber(ARGV[5])
local cap = tonumber(redis.call('HGET', KEYS[2], 'limit')) or top
cap = math.max(bottom, math.min(top, cap))
local new = cap
if ARGV[3] == '1' then
  local cut = tonumber(redis.call('HGET', KEYS[2], 'cut_at'))
  if not cut or now - cut >= tonumber(ARGV[8]) then
    new = math.max(bottom, cap * tonumber(ARGV[6]))
    redis.call('HSET', KEYS[2], 'cut_at', string.format('%.6f', now))
  end
elseif cap < top then
  new = math.min(top, cap + tonumber(ARGV[7]) / cap)
end
if new ~= cap then redis.call('HSET', KEYS[2], 'limit', string.format('%.6f', new)) end
redis.call('PEXPIRE', KEYS[2], ARGV[9])
return string.format('%.6f', new)
"""
)

_ADMISSIONS: dict[int, Admission] = {0: "refuse", 1: "call", 2: "wait"}


def state_client(settings: Settings, *, timeout_s: float = 0.5) -> redis.Redis:
    """A Redis client for the judge's state: short timeouts, so a Redis in trouble costs little."""
    return redis.Redis.from_url(
        settings.state_url,
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        health_check_interval=30,
    )


class _Guard:
    """Runs Redis steps; an error is logged once per outage and Redis is left alone for ``pause_s``."""

    def __init__(self, part: str, *, pause_s: float = 5.0, clock: Clock = time.monotonic) -> None:
        self.part = part
        self.pause_s = pause_s
        self._clock = clock
        self._until = 0.0
        self._down = False
        self._lock = threading.Lock()

    def run(self, step: Callable[[], T], fallback: T) -> T:
        if self._clock() < self._until:
            return fallback
        try:
            result = step()
        except redis.RedisError as e:
            with self._lock:
                first, self._down = not self._down, True
                self._until = self._clock() + self.pause_s
            if first:
                log.warning(
                    "judge_state_unavailable",
                    part=self.part,
                    error=f"{type(e).__name__}: {e}",
                    degraded="judge calls allowed: no shared circuit breaker or concurrency cap",
                )
            return fallback
        if self._down:
            with self._lock:
                self._down = False
            log.info("judge_state_recovered", part=self.part)
        return result


def _now(clock: Clock | None) -> str:
    return "" if clock is None else repr(float(clock()))


class RedisBreaker:
    """A :class:`checks.judge.CircuitBreaker` shared by every worker process through Redis."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = "verifleet",
        failures: int = 5,
        cooldown_s: float = 300.0,
        probe_s: float = 120.0,
        clock: Clock | None = None,
        pause_s: float = 5.0,
    ) -> None:
        if failures < 1:
            raise ValueError("a circuit opens after at least one failure")
        self.client = client
        self.prefix = prefix
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.probe_s = probe_s
        """A half-open probe that has not reported by then lapses; the next caller probes."""
        self.clock = clock
        """None: the Redis server's clock (tests pass a fake one)."""
        self.ttl_ms = int(max(2 * cooldown_s, 3600.0) * 1000)
        """An idle circuit's record goes after this long (a closed circuit is the same as none)."""
        self._guard = _Guard("circuit breaker", pause_s=pause_s)
        self._failure = client.register_script(_FAILURE)
        self._success = client.register_script(_SUCCESS)
        self._admit = client.register_script(_ADMIT)

    def key(self, provider: str) -> str:
        return f"{self.prefix}:judge:circuit:{provider}"

    # The protocol -------------------------------------------------------------------------------

    def allow(self, key: str) -> bool:
        return self.state(key) != "open"

    def admit(self, key: str) -> Admission:
        args: list[str | float] = [_now(self.clock), self.cooldown_s, self.probe_s]
        found = self._guard.run(lambda: int(self._admit(keys=[self.key(key)], args=args)), 1)
        return _ADMISSIONS[found]

    def record_success(self, key: str) -> None:
        if self._guard.run(lambda: int(self._success(keys=[self.key(key)])), 0):
            log.info("judge_circuit_closed", provider=key)
            metrics.set_circuit_open(key, False)

    def record_failure(self, key: str) -> None:
        def step() -> int:
            args: list[str | float] = [_now(self.clock), self.failures, self.cooldown_s, self.ttl_ms]
            return int(self._failure(keys=[self.key(key)], args=args))

        if self._guard.run(step, 0):
            log.warning("judge_circuit_opened", provider=key, cooldown_s=self.cooldown_s)
            metrics.set_circuit_open(key, True)

    # Reading ------------------------------------------------------------------------------------

    def state(self, key: str) -> State:
        """``closed`` (also when Redis does not answer), ``open`` or ``half_open``; reads only."""
        found = self._guard.run(lambda: self._read([key]), None)
        return "closed" if found is None else found[key]

    def states(self, providers: Iterable[str] = ()) -> dict[str, State] | None:
        """Every provider with a circuit record, plus ``providers``; None when Redis does not answer."""

        def step() -> dict[str, State]:
            pattern = self.key("*")
            known = {k.decode().rsplit(":", 1)[-1] for k in self.client.scan_iter(match=pattern, count=200)}
            return self._read(sorted(known | set(providers)))

        return self._guard.run(step, None)

    def open_circuits(self) -> list[str]:
        return sorted(p for p, s in (self.states() or {}).items() if s == "open")

    def _read(self, providers: Sequence[str]) -> dict[str, State]:
        pipe = self.client.pipeline(transaction=False)
        for provider in providers:
            pipe.hget(self.key(provider), "opened_at")
        if self.clock is None:
            pipe.time()
        replies: list[Any] = pipe.execute()
        if self.clock is None:
            seconds, micros = replies.pop()
            now = seconds + micros / 1e6
        else:
            now = self.clock()
        out: dict[str, State] = {}
        for provider, opened in zip(providers, replies, strict=True):
            if opened is None:
                out[provider] = "closed"
            else:
                out[provider] = "open" if now - float(opened) < self.cooldown_s else "half_open"
        return out


class RedisLimiter:
    """A :class:`checks.judge.Limiter`: leased slots per provider, the cap adapted AIMD-style."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = "verifleet",
        limit: int = 32,
        minimum: int = 1,
        lease_s: float = 120.0,
        decrease: float = 0.5,
        increase: float = 1.0,
        cut_window_s: float = 1.0,
        poll_s: float = 0.1,
        clock: Clock | None = None,
        pause_s: float = 5.0,
        rng: random.Random | None = None,
    ) -> None:
        if not 1 <= minimum <= limit:
            raise ValueError(f"the concurrency cap needs 1 <= minimum ({minimum}) <= limit ({limit})")
        self.client = client
        self.prefix = prefix
        self.limit = limit
        self.minimum = minimum
        self.lease_s = lease_s
        self.decrease = decrease
        self.increase = increase
        self.cut_window_s = cut_window_s
        self.poll_s = poll_s
        self.clock = clock
        self.ttl_ms = 3_600_000
        """A cap untouched for an hour is forgotten: the provider starts again at ``limit``."""
        self._guard = _Guard("concurrency cap", pause_s=pause_s)
        self._acquire = client.register_script(_ACQUIRE)
        self._release = client.register_script(_RELEASE)
        self._rng = rng or random.Random()
        self._held: dict[str, list[str]] = {}
        self._lock = threading.Lock()
        self._tokens = count()
        self._owner = f"{socket.gethostname()}:{secrets.token_hex(3)}"

    def keys(self, provider: str) -> list[str]:
        return [f"{self.prefix}:judge:slots:{provider}", f"{self.prefix}:judge:limit:{provider}"]

    def acquire(self, key: str) -> float:
        token = f"{self._owner}:{os.getpid()}:{next(self._tokens)}"

        def step() -> float:
            args: list[str | float] = [
                _now(self.clock),
                token,
                self.lease_s,
                self.limit,
                self.minimum,
                self.poll_s,
            ]
            return float(self._acquire(keys=self.keys(key), args=args))

        wait = self._guard.run(step, -1.0)
        if wait < 0:
            return 0.0  # Redis did not answer: go ahead, with no slot to give back
        if wait > 0:
            return max(wait * (0.5 + self._rng.random() / 2), 0.01)  # jitter: waiters do not ask in step
        with self._lock:
            self._held.setdefault(key, []).append(token)
        return 0.0

    def release(self, key: str, *, throttled: bool) -> None:
        with self._lock:
            held = self._held.get(key)
            token = held.pop(0) if held else None
        if token is None:
            return  # the slot was never taken in Redis (it did not answer)

        def step() -> float:
            args: list[str | float] = [
                _now(self.clock),
                token,
                "1" if throttled else "0",
                self.limit,
                self.minimum,
                self.decrease,
                self.increase,
                self.cut_window_s,
                self.ttl_ms,
            ]
            return float(self._release(keys=self.keys(key), args=args))

        cap = self._guard.run(step, None)
        if throttled and cap is not None:
            log.info(
                "judge_concurrency_cap",
                provider=key,
                cap=round(cap, 3),
                why="the provider is overloaded (429, 503 or 529)",
            )

    def cap(self, key: str) -> float:
        """The provider's cap now (``limit`` until an overload answer lowers it)."""
        raw = self._guard.run(lambda: self.client.hget(self.keys(key)[1], "limit"), None)
        value = float(raw) if raw is not None else float(self.limit)
        return max(float(self.minimum), min(float(self.limit), value))

    def in_flight(self, key: str) -> int:
        """Live leases of the provider, fleet-wide (expired ones not counted)."""

        def step() -> int:
            if self.clock is not None:
                now = self.clock()
            else:
                seconds, micros = self.client.time()
                now = seconds + micros / 1e6
            return int(self.client.zcount(self.keys(key)[0], now, "+inf"))

        return self._guard.run(step, 0)


class RedisBatchJournal:
    """Where the fleet writes down each item's provider batch (:class:`checks.judge.BatchJournal`).

    One string per item, ``{prefix}:judge:batch:{key}`` = ``batch_id|custom_id|submitted_at``,
    written when the batch is created and kept for the batch deadline plus a day (deleted sooner
    when the batch ends without answering the item). When a worker
    dies mid-batch its parked items are reclaimed by another, whose flush finds them here and
    polls the batch already submitted (and billed) instead of submitting a second one.
    """

    def __init__(self, client: redis.Redis, *, prefix: str, ttl_s: float) -> None:
        self.redis = client
        self.prefix = prefix
        self.ttl_s = max(int(ttl_s), 1)

    def _key(self, key: str) -> str:
        return f"{self.prefix}:judge:batch:{key}"

    def find(self, keys: Sequence[str]) -> dict[str, Submitted]:
        if not keys:
            return {}
        try:
            values = self.redis.mget([self._key(k) for k in keys])
        except redis.RedisError as e:
            raise CheckError(f"could not read the judge batch journal: {e}") from e
        out: dict[str, Submitted] = {}
        for key, raw in zip(keys, values, strict=True):
            if raw is None:
                continue
            batch_id, custom_id, at = [*decoded(raw).rsplit("|", 2), "", ""][:3]
            try:
                out[key] = Submitted(batch_id, custom_id, float(at))
            except ValueError:
                log.warning("judge_batch_journal_unreadable", key=key)
        return out

    def record(self, entries: Mapping[str, Submitted]) -> None:
        try:
            pipe = self.redis.pipeline(transaction=False)
            for key, e in entries.items():
                pipe.set(self._key(key), f"{e.batch_id}|{e.custom_id}|{e.submitted_at:.3f}", ex=self.ttl_s)
            pipe.execute()
        except redis.RedisError as e:
            raise CheckError(f"could not write the judge batch journal: {e}") from e

    def forget(self, keys: Sequence[str]) -> None:
        if not keys:
            return
        try:
            self.redis.delete(*(self._key(k) for k in keys))
        except redis.RedisError as e:
            raise CheckError(f"could not write the judge batch journal: {e}") from e


def shared_state(settings: Settings) -> dict[str, Any]:
    """``breaker=``, ``limiter=`` and ``batch_journal=`` for ``LLMJudge.from_config`` in a worker
    process."""
    client = state_client(settings)
    breaker = RedisBreaker(
        client,
        prefix=settings.key_prefix,
        failures=settings.judge_breaker_failures,
        cooldown_s=settings.judge_breaker_cooldown_s,
    )
    limiter: Limiter = NoLimit()
    if settings.judge_concurrency > 0:
        limiter = RedisLimiter(
            client,
            prefix=settings.key_prefix,
            limit=settings.judge_concurrency,
            minimum=min(settings.judge_concurrency_min, settings.judge_concurrency),
            lease_s=settings.judge_slot_lease_s,
        )
    journal = RedisBatchJournal(
        client, prefix=settings.key_prefix, ttl_s=settings.judge_batch_deadline_s + 86_400
    )
    return {"breaker": breaker, "limiter": limiter, "batch_journal": journal}


class CircuitCollector:
    """Families from ``inner`` (the multiprocess files), with ``verifleet_circuit_open`` read from Redis.

    Every worker process reports its own view of the gauge; the breaker's truth is shared in
    Redis, so at each scrape it is read from there for every provider with a circuit record
    and every configured one. When Redis does not answer, the files' values stand.
    """

    def __init__(self, settings: Settings, inner: Any) -> None:
        self.inner = inner
        self.providers = metrics.providers(settings.judges)
        self.breaker = RedisBreaker(
            state_client(settings),
            prefix=settings.key_prefix,
            failures=settings.judge_breaker_failures,
            cooldown_s=settings.judge_breaker_cooldown_s,
            pause_s=0.0,  # one scrape, one try
        )

    def collect(self) -> Iterator[Metric]:
        from prometheus_client.core import GaugeMetricFamily  # noqa: PLC0415  (metrics module doc)

        states = self.breaker.states(self.providers)
        for family in self.inner.collect():
            if states is None or family.name != CIRCUIT_GAUGE:
                yield family
        if states is not None:
            gauge = GaugeMetricFamily(
                CIRCUIT_GAUGE,
                "1 while a judge provider's circuit breaker is open (fleet-wide).",
                labels=["provider"],
            )
            for provider, state in sorted(states.items()):
                gauge.add_metric([provider], 1.0 if state == "open" else 0.0)
            yield gauge
