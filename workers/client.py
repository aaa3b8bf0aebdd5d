"""The coordinator's side of the fleet: submit jobs, read verdicts.

>>> client = Client.from_settings()
>>> client.submit(job)                       # validated here, routed by has_dependents / mode
'm1-t3-a1'
>>> client.wait("m1-t3-a1", timeout=30)      # VerdictEvent
>>> for delivery in client.events("coordinator", "c-1"):
...     handle(delivery.event)
...     delivery.ack()
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import dramatiq
import redis

from messages import FleetError, Mode, VerdictEvent, VerdictTimeout, VerifyJob, parse_job, peek_identity
from workers.actors import declare
from workers.brokers import make_broker
from workers.events import EventStore
from workers.runtime import RuntimeHolder
from workers.settings import Settings

JobInput = VerifyJob | dict[str, Any] | str | bytes


@dataclass
class Delivery:
    """A verdict event read through a consumer group; ``ack()`` once it is handled."""

    id: str
    event: VerdictEvent
    _store: EventStore = field(repr=False)
    _group: str = field(repr=False)

    def ack(self) -> None:
        self._store.ack(self._group, self.id)


class Client:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.broker = make_broker(settings)
        self.actors = declare(self.broker, RuntimeHolder(settings))
        self.redis = redis.Redis.from_url(settings.state_url)
        self.store = EventStore(
            self.redis,
            prefix=settings.key_prefix,
            ttl_seconds=settings.verdict_ttl_seconds,
            maxlen=settings.stream_maxlen,
        )

    @classmethod
    def from_settings(cls, **overrides: Any) -> Client:
        return cls(Settings(**overrides))

    def close(self) -> None:
        self.broker.close()
        self.redis.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Submitting.

    def submit(self, job: JobInput, *, validate: bool = True) -> str:
        """Validate and enqueue one job; its job_id.

        ``validate=False`` sends the job as it is (routed by its ``mode`` and
        ``has_dependents`` where readable): the fleet then answers an invalid job
        with a verdict ``error``, as it does for coordinators that do not validate.

        Raises:
            JobRejected: the job does not match the contract (the message says what and where).
            FleetError: the broker could not be reached.
        """
        return self.submit_many([job], validate=validate)[0]

    def submit_many(self, jobs: Iterable[JobInput], *, validate: bool = True) -> list[str]:
        """Validate every job first, then enqueue them; nothing is sent if one is invalid."""
        prepared = [self._prepare(job, validate) for job in jobs]
        for _job_id, mode, payload in prepared:
            self._enqueue(mode, payload)
        return [job_id for job_id, _, _ in prepared]

    def _prepare(self, job: JobInput, validate: bool) -> tuple[str, Mode, str]:
        if isinstance(job, VerifyJob):
            return job.job_id, job.routed_mode, job.model_dump_json(exclude_none=True)
        payload = (
            json.dumps(job) if isinstance(job, dict) else job.decode() if isinstance(job, bytes) else job
        )
        if validate:
            parsed = parse_job(job, limits=self.settings.limits)
            return parsed.job_id, parsed.routed_mode, payload
        identity = peek_identity(job)
        return identity.get("job_id", ""), Mode(identity["mode"]), payload

    def _enqueue(self, mode: Mode, payload: str) -> None:
        actor = self.actors[mode]
        try:
            self.broker.enqueue(actor.message(payload))
        except (dramatiq.errors.ConnectionError, redis.RedisError, OSError) as e:
            raise FleetError(f"could not enqueue on {actor.queue_name}: {e}") from e

    # Reading verdicts.

    def get_verdict(self, job_id: str) -> VerdictEvent | None:
        return self.store.get(job_id)

    def wait(self, job_id: str, timeout: float = 60.0) -> VerdictEvent:
        """Block until the job has a verdict.

        Raises:
            VerdictTimeout: none arrived within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        after = self.store.last_id()  # read before the record, so no event slips between
        while True:
            verdict = self.store.get(job_id)
            if verdict is not None:
                return verdict
            left = deadline - time.monotonic()
            if left <= 0:
                raise VerdictTimeout(f"no verdict for {job_id!r} within {timeout:g} s")
            for entry in self.store.read(after, block_ms=max(1, int(min(left, 1.0) * 1000))):
                after = entry.id
                if entry.event.job_id == job_id:
                    return entry.event

    def wait_all(self, job_ids: Iterable[str], timeout: float = 60.0) -> dict[str, VerdictEvent]:
        """Verdicts of many jobs, read from the stream as they arrive."""
        wanted = set(job_ids)
        deadline = time.monotonic() + timeout
        after = self.store.last_id()
        found: dict[str, VerdictEvent] = {}
        pipe = self.redis.pipeline(transaction=False)
        ordered = list(wanted)
        for job_id in ordered:
            pipe.get(self.store.record_key(job_id))
        for job_id, raw in zip(ordered, pipe.execute(), strict=True):
            if raw:
                found[job_id] = VerdictEvent.model_validate_json(raw)
        while len(found) < len(wanted):
            left = deadline - time.monotonic()
            if left <= 0:
                missing = len(wanted) - len(found)
                raise VerdictTimeout(f"{missing} of {len(wanted)} jobs had no verdict within {timeout:g} s")
            for entry in self.store.read(after, block_ms=max(1, int(min(left, 1.0) * 1000))):
                after = entry.id
                if entry.event.job_id in wanted:
                    found[entry.event.job_id] = entry.event
        return found

    def events(
        self,
        group: str = "coordinator",
        consumer: str | None = None,
        *,
        block_ms: int = 1_000,
        start: str = "0",
        follow: bool = True,
        pending_first: bool = True,
    ) -> Iterator[Delivery]:
        """Verdict events through a consumer group, each to be acknowledged with ``ack()``.

        ``pending_first`` first redelivers what this consumer read earlier and never
        acknowledged (a restarted coordinator loses nothing). With ``follow`` false the
        iterator stops when no new event arrives within ``block_ms``.
        """
        consumer = consumer or f"{socket.gethostname()}-{id(self):x}"
        self.store.ensure_group(group, start=start)
        cursor = "0"
        while pending_first and (
            pending := self.store.read_group(group, consumer, block_ms=None, pending_after=cursor)
        ):
            yield from (Delivery(e.id, e.event, self.store, group) for e in pending)
            cursor = pending[-1].id
        while True:
            entries = self.store.read_group(group, consumer, block_ms=block_ms)
            if not entries and not follow:
                return
            for entry in entries:
                yield Delivery(entry.id, entry.event, self.store, group)


__all__ = ["Client", "Delivery", "FleetError"]
