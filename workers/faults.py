"""Faults: which failures are retried, and the limit on deliveries of one job.

Three kinds of failure reach a worker:

- **permanent** (the job does not validate): a verdict ``error`` at once, never retried;
- **transient** (Redis or the broker unreachable, a judge that gave no answer at all: 5xx,
  timeouts, refused connections after the judge client's own retries): the actor raises, and
  dramatiq's Retries middleware delivers the message again with exponential backoff
  (``VERIFLEET_MIN_BACKOFF_MS`` doubling up to ``VERIFLEET_MAX_BACKOFF_MS``); on the last retry
  the job gets a verdict ``error`` naming the failure. A judge that answered, even badly, is not
  transient: the answer cost money and the check is recorded as ``error``. When a provider keeps
  failing its circuit breaker opens and jobs are verified without it (``circuit_open``) instead
  of retrying;
- **fatal to the worker** (a SIGKILL, the OOM killer, a segfault): no exception, no retry count.
  The message is redelivered when the broker notices (Redis: after ``VERIFLEET_HEARTBEAT_TIMEOUT_MS``;
  RabbitMQ: when the connection drops). :class:`DeliveryLimit` counts deliveries per job_id in
  Redis; past ``VERIFLEET_MAX_DELIVERIES`` the job gets a verdict ``error`` and is dropped, so a
  job that kills its worker every time is not redelivered forever. The same round trip reads
  whether the job already has a verdict (:data:`current_delivery`), which the actor asks next.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import dramatiq
import redis
import structlog
from dramatiq.middleware import SkipMessage

from checks.judging import Judge, JudgeFailed, Judgement
from messages import Criterion, FleetError, VerifyJob, peek_identity

log = structlog.get_logger("verifleet.faults")


class JudgeUnavailable(FleetError):
    """No judge answered at all (nothing was paid for): worth delivering the job again later."""


def unanswered(error: object) -> bool:
    """A judge failure where no provider answered: nothing charged, no tokens either way."""
    return (
        isinstance(error, JudgeFailed)
        and error.cost_usd == 0
        and error.tokens_in == 0
        and error.tokens_out == 0
    )


class GuardedJudge:
    """A judge whose unanswered failures raise :class:`JudgeUnavailable`, so the job is retried."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        return self.inner.quote(job, criteria)

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        try:
            return self.inner.judge(job, criteria)
        except JudgeFailed as e:
            if unanswered(e):
                raise JudgeUnavailable(f"the judge did not answer: {e}") from e
            raise


@dataclass(frozen=True)
class Delivery:
    """What :class:`DeliveryLimit` learnt about the message being processed, in one round trip."""

    job_id: str
    count: int
    answered: bool
    """The job's verdict record existed when the message was delivered."""


current_delivery: ContextVar[Delivery | None] = ContextVar("verifleet_delivery", default=None)
"""The delivery of the message this worker thread is processing (None outside one)."""


class Deliveries:
    """How many times each job_id was handed to a worker (``<prefix>:deliveries:<job_id>[:<stage>]``)."""

    def __init__(
        self, client: redis.Redis, *, prefix: str = "verifleet", ttl_seconds: int = 7 * 86400
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds

    def key(self, job_id: str, stage: str = "") -> str:
        return f"{self.prefix}:deliveries:{job_id}" + (f":{stage}" if stage else "")

    def count(self, job_id: str, stage: str = "") -> int:
        """Count one more delivery; the total so far."""
        try:
            pipe = self.redis.pipeline()
            pipe.incr(self.key(job_id, stage))
            pipe.expire(self.key(job_id, stage), self.ttl_seconds)
            total, _ = pipe.execute()
        except redis.RedisError as e:
            raise FleetError(f"could not count the deliveries of {job_id!r}: {e}") from e
        return int(total)

    def count_and_check(self, job_id: str, record_key: str) -> tuple[int, bool]:
        """Count one more delivery and read whether ``record_key`` exists, in one round trip."""
        key = self.key(job_id)
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.incr(key)
            pipe.expire(key, self.ttl_seconds)
            pipe.exists(record_key)
            total, _, exists = pipe.execute()
        except redis.RedisError as e:
            raise FleetError(f"could not count the deliveries of {job_id!r}: {e}") from e
        return int(total), bool(exists)


class DeliveryLimit(dramatiq.Middleware):
    """Counts each delivery of a job; past the limit, ``drop`` answers it and the message is skipped.

    With ``record_key`` (job_id -> the key of its verdict record) the same round trip reads whether
    the job already has a verdict, kept in :data:`current_delivery` while the message is processed.
    """

    def __init__(
        self,
        deliveries: Callable[[], Deliveries],
        limit: int,
        drop: Callable[[str | dict[str, Any], int], None],
        record_key: Callable[[str], str] | None = None,
    ) -> None:
        self.deliveries = deliveries
        self.limit = limit
        self.drop = drop
        self.record_key = record_key

    def before_process_message(self, broker: dramatiq.Broker, message: Any) -> None:
        current_delivery.set(None)
        payload = message.args[0] if message.args else None
        if not isinstance(payload, str | dict):
            return
        job_id = peek_identity(payload).get("job_id")
        if not job_id:
            return
        try:
            if self.record_key is None:
                count = self.deliveries().count(job_id)
            else:
                count, answered = self.deliveries().count_and_check(job_id, self.record_key(job_id))
                current_delivery.set(Delivery(job_id, count, answered))
        except FleetError:
            log.warning("delivery_count_failed", job_id=job_id, exc_info=True)
            return  # a hook never breaks a verification
        if count <= self.limit:
            return
        log.error("job_dropped", job_id=job_id, deliveries=count, limit=self.limit)
        try:
            self.drop(payload, count)
        except Exception:  # the verdict could not be published: let the message run (and count) again
            log.exception("drop_failed", job_id=job_id)
            return
        raise SkipMessage(f"job {job_id} was delivered {count} times, over the limit of {self.limit}")

    def after_process_message(
        self, broker: dramatiq.Broker, message: Any, *, result: Any = None, exception: Any = None
    ) -> None:
        current_delivery.set(None)

    def after_skip_message(self, broker: dramatiq.Broker, message: Any) -> None:
        current_delivery.set(None)
