"""The webhook sink: every verdict POSTed to the coordinator, signed, retried, dead-lettered.

With ``VERIFLEET_WEBHOOK_URL`` set, publishing a verdict also queues it, in the same atomic step
as the verdict record (``workers/events.py``), in the outbox stream ``<prefix>:webhook:outbox``.
A :class:`WebhookSender` thread in every worker process reads the outbox through the consumer
group ``webhook`` and POSTs each event:

- body: the VerdictEvent JSON, exactly as on the verdict stream;
- ``X-Verifleet-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with VERIFLEET_WEBHOOK_SECRET>``
  (CONTRACT.md section 4; check it with :func:`verify_signature`);
- ``X-Verifleet-Job-Id`` and ``X-Verifleet-Delivery`` (the outbox entry id, the same on every
  try of one event: a receiver dedupes on it, since delivery is at least once).

A 2xx answer acknowledges the event. A connection error, a timeout, 408, 425, 429 or a 5xx is
tried again after ``VERIFLEET_WEBHOOK_BACKOFF_S``, doubled each time up to
``VERIFLEET_WEBHOOK_BACKOFF_MAX_S``; after ``VERIFLEET_WEBHOOK_MAX_ATTEMPTS`` tries, or at once on
any other 4xx (the receiver refuses it: a bad signature, a wrong URL), the event goes to the
dead letters, the stream ``<prefix>:webhook:dead`` (event, job_id, last error, attempts, url),
and is acknowledged. :func:`requeue_dead` puts dead letters back in the outbox once the receiver
is fixed. Events a dead sender held are taken over by another after
``VERIFLEET_BATCH_CLAIM_IDLE_MS``; a live one keeps touching those it holds.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import redis
import structlog

from workers import metrics
from workers.events import decoded

log = structlog.get_logger("verifleet.webhook")

GROUP = "webhook"
SIGNATURE = "X-Verifleet-Signature"
RETRY_STATUSES = frozenset({408, 425, 429})


def outbox_key(prefix: str) -> str:
    return f"{prefix}:webhook:outbox"


def dead_key(prefix: str) -> str:
    return f"{prefix}:webhook:dead"


def sign(secret: str | bytes, body: bytes) -> str:
    """The ``X-Verifleet-Signature`` value of ``body``."""
    key = secret.encode() if isinstance(secret, str) else secret
    return "sha256=" + hmac.new(key, body, hashlib.sha256).hexdigest()


def verify_signature(secret: str | bytes, body: bytes, header: str | None) -> bool:
    """For receivers: does ``header`` sign exactly ``body`` with ``secret``? (constant time)"""
    return bool(header) and hmac.compare_digest(sign(secret, body), str(header))


@dataclass
class _Pending:
    id: str
    job_id: str
    body: bytes
    attempts: int = 0
    next_at: float = 0.0
    error: str = ""


def _pending(entry_id: Any, fields: dict[Any, Any]) -> _Pending:
    f = {decoded(k): v for k, v in fields.items()}
    body = f["event"] if isinstance(f["event"], bytes) else str(f["event"]).encode()
    return _Pending(decoded(entry_id), decoded(f.get("job_id", b"")), body)


@dataclass
class WebhookSender:
    client: redis.Redis
    prefix: str
    url: str
    secret: str
    consumer: str
    timeout_s: float = 10.0
    max_attempts: int = 8
    backoff_s: float = 1.0
    backoff_max_s: float = 300.0
    claim_idle_ms: int = 30_000
    capacity: int = 64
    stop: threading.Event = field(default_factory=threading.Event)
    transport: httpx.BaseTransport | None = None
    clock: Callable[[], float] = time.monotonic
    held: dict[str, _Pending] = field(default_factory=dict)
    _last_claim: float = float("-inf")
    _last_touch: float = float("-inf")

    def run(self) -> None:
        self.ensure_group()
        with httpx.Client(timeout=self.timeout_s, transport=self.transport) as http:
            while not self.stop.is_set():
                try:
                    self.step(http)
                except redis.RedisError:
                    log.warning("webhook_step_failed", exc_info=True)
                    self.stop.wait(1.0)
                    with contextlib.suppress(redis.RedisError):
                        self.ensure_group()  # the group may have gone with its stream

    def ensure_group(self) -> None:
        try:
            self.client.xgroup_create(outbox_key(self.prefix), GROUP, id="0", mkstream=True)
        except redis.ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise

    def step(self, http: httpx.Client) -> None:
        now = self.clock()
        stream = outbox_key(self.prefix)
        if now - self._last_claim >= self.claim_idle_ms / 4000:
            self._last_claim = now
            reply: Any = self.client.xautoclaim(
                stream, GROUP, self.consumer, self.claim_idle_ms, "0-0", count=self.capacity
            )
            for entry_id, fields in reply[1]:
                if fields:
                    self.held.setdefault(decoded(entry_id), _pending(entry_id, fields))
        if self.held and now - self._last_touch >= self.claim_idle_ms / 4000:
            self._last_touch = now
            self.client.xclaim(stream, GROUP, self.consumer, 0, list(self.held), justid=True)
        room = self.capacity - len(self.held)
        due = [p for p in self.held.values() if p.next_at <= now]
        if room > 0:
            wait = (
                1000
                if not self.held
                else max(1, int(1000 * (min(p.next_at for p in self.held.values()) - now)))
            )
            got: Any = self.client.xreadgroup(
                GROUP, self.consumer, {stream: ">"}, count=room, block=None if due else min(wait, 1000)
            )
            for _, items in got or []:
                for entry_id, fields in items:
                    if fields:
                        self.held[decoded(entry_id)] = _pending(entry_id, fields)
        elif not due:
            self.stop.wait(0.05)
        for p in sorted(self.held.values(), key=lambda p: p.next_at):
            if self.stop.is_set():
                break
            if p.next_at <= self.clock():
                self.attempt(http, p)

    def attempt(self, http: httpx.Client, p: _Pending) -> None:
        p.attempts += 1
        headers = {
            "content-type": "application/json",
            SIGNATURE: sign(self.secret, p.body),
            "X-Verifleet-Job-Id": p.job_id,
            "X-Verifleet-Delivery": p.id,
        }
        retry = True
        try:
            response = http.post(self.url, content=p.body, headers=headers)
            if response.is_success:
                self._done(p)
                metrics.observe_webhook("delivered")
                return
            p.error = f"HTTP {response.status_code}"
            retry = response.status_code >= 500 or response.status_code in RETRY_STATUSES
        except httpx.HTTPError as e:
            p.error = f"{type(e).__name__}: {e}"
        if not retry or p.attempts >= self.max_attempts:
            self._dead(p)
            return
        wait = min(self.backoff_max_s, self.backoff_s * 2 ** (p.attempts - 1))
        p.next_at = self.clock() + wait
        metrics.observe_webhook("retried")
        log.warning("webhook_retry", job_id=p.job_id, attempt=p.attempts, wait_s=wait, error=p.error)

    def _done(self, p: _Pending) -> None:
        stream = outbox_key(self.prefix)
        pipe = self.client.pipeline()
        pipe.xack(stream, GROUP, p.id)
        pipe.xdel(stream, p.id)
        pipe.execute()
        self.held.pop(p.id, None)

    def _dead(self, p: _Pending) -> None:
        record = {
            "job_id": p.job_id,
            "event": p.body,
            "error": p.error,
            "attempts": p.attempts,
            "url": self.url,
            "delivery": p.id,
            "at": f"{time.time():.3f}",
        }
        self.client.xadd(dead_key(self.prefix), record)  # type: ignore[arg-type]
        self._done(p)
        metrics.observe_webhook("dead")
        log.error("webhook_dead_letter", job_id=p.job_id, attempts=p.attempts, error=p.error)


def dead_letters(client: redis.Redis, prefix: str) -> list[dict[str, str]]:
    """Every dead-lettered event: its fields, as text, oldest first."""
    entries: Any = client.xrange(dead_key(prefix))
    return [{"id": decoded(i), **{decoded(k): decoded(v) for k, v in f.items()}} for i, f in entries]


def requeue_dead(client: redis.Redis, prefix: str) -> int:
    """Put every dead letter back in the outbox (once the receiver is fixed); how many."""
    moved = 0
    entries: Any = client.xrange(dead_key(prefix))
    for entry_id, fields in entries:
        f = {decoded(k): v for k, v in fields.items()}
        pipe = client.pipeline()
        pipe.xadd(outbox_key(prefix), {"event": f["event"], "job_id": f.get("job_id", b"")})
        pipe.xdel(dead_key(prefix), entry_id)
        pipe.execute()
        moved += 1
    return moved
