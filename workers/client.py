"""The coordinator's side of the fleet: submit jobs, read verdicts.

>>> client = Client.from_settings()
>>> client.submit(job)                       # validated here, routed by has_dependents / mode
'm1-t3-a1'
>>> client.wait("m1-t3-a1", timeout=30)      # VerdictEvent
>>> for delivery in client.events("coordinator", "c-1"):
...     handle(delivery.event)
...     delivery.ack()
>>> client.pending("coordinator", "c-2", min_idle_ms=60_000)   # take over what a dead peer left

``AsyncClient`` is the same client for asyncio (``redis.asyncio``): ``await client.wait(...)``,
``async for delivery in client.events(...)``. Both run the same reading code
(``workers/coordination.py``); submitting goes through the dramatiq broker, in a thread for
``AsyncClient``.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import uuid4

import dramatiq
import redis
import redis.asyncio
from dramatiq.common import current_millis
from dramatiq.errors import BrokerConnectionError
from dramatiq.middleware import Middleware
from dramatiq.middleware.prometheus import Prometheus
from pydantic_core import PydanticSerializationError, to_json

from messages import (
    FleetError,
    JobDecodeError,
    JobRejected,
    JobValidationError,
    Limits,
    Mode,
    VerdictEvent,
    VerifyJob,
    parse_job,
    peek_identity,
    validate_job,
)
from workers import coordination as flows
from workers.actors import declare
from workers.brokers import make_broker
from workers.events import EventStore
from workers.redis_broker import PER_ROUND_TRIP, Encoded, FleetRedisBroker, fresh_ids, fresh_message
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


@dataclass
class AsyncDelivery:
    """A verdict event read through a consumer group by :class:`AsyncClient`; ``await ack()``."""

    id: str
    event: VerdictEvent
    _client: AsyncClient = field(repr=False)
    _group: str = field(repr=False)

    async def ack(self) -> None:
        await flows.arun(flows.ack(self._client.store.stream, self._group, [self.id]), self._client.redis)


def prepare(job: JobInput, *, validate: bool, limits: Limits) -> tuple[str, Mode, str]:
    """(job_id, queue mode, payload) of a job to submit; validated unless told otherwise.

    Dicts are written as JSON by pydantic (``json.dumps`` where it will not: lone surrogates), and
    validated as they are, not read back from that JSON.

    Raises:
        JobRejected: ``validate`` and the job does not match the contract, or its JSON is over
            ``limits.max_job_bytes`` (a worker would refuse it); or a dict that cannot be written
            as JSON, or bytes that are not UTF-8, whether validated or not.
    """
    if isinstance(job, VerifyJob):
        payload = job.model_dump_json(exclude_none=True)
        if validate:
            _fits(payload, limits)
        return job.job_id, job.routed_mode, payload
    if isinstance(job, dict):
        if validate:
            parsed = validate_job(job, limits=limits)
            payload = _dumps(job)
            _fits(payload, limits)
            return parsed.job_id, parsed.routed_mode, payload
        identity = peek_identity(job)
        return identity.get("job_id", ""), Mode(identity["mode"]), _dumps(job)
    if validate:
        parsed = parse_job(job, limits=limits)
        return parsed.job_id, parsed.routed_mode, job if isinstance(job, str) else job.decode()
    identity = peek_identity(job, limits=limits)
    if isinstance(job, bytes):
        try:
            job = job.decode()
        except UnicodeDecodeError as e:
            raise JobDecodeError(f"job is not valid UTF-8 (byte {e.start}: {e.reason})") from e
    return identity.get("job_id", ""), Mode(identity["mode"]), job


def _dumps(job: dict[str, Any]) -> str:
    try:
        return to_json(job, inf_nan_mode="constants").decode()
    except PydanticSerializationError:
        pass
    try:  # lone surrogates, escaped as json.dumps does: the worker refuses them with a verdict error
        return json.dumps(job)
    except (TypeError, ValueError) as e:
        raise JobValidationError(f"job cannot be written as JSON: {e}") from e


def _fits(payload: str, limits: Limits) -> None:
    """The check a worker makes first: the job's JSON within ``limits.max_job_bytes``."""
    if len(payload) * 4 <= limits.max_job_bytes:  # no character takes more than 4 bytes
        return
    size = len(payload.encode("utf-8", "surrogatepass"))
    if size > limits.max_job_bytes:
        raise JobDecodeError(f"job document is {size} bytes, over the limit of {limits.max_job_bytes} bytes")


_UNREACHABLE = (BrokerConnectionError, redis.RedisError, OSError)
"""What a broker raises when it cannot take a message: a :class:`FleetError` to the caller."""


class _Submitter:
    """The dramatiq side of both clients: the broker, the two actors, and submitting to them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.broker = make_broker(settings)
        self.actors = declare(self.broker, RuntimeHolder(settings))

    def submit(self, jobs: Iterable[JobInput], *, validate: bool) -> list[str]:
        """Validate every job first, then enqueue them; nothing is sent if one is invalid (its
        error says where in the job, and a note where in ``jobs``)."""
        jobs = list(jobs)
        prepared = []
        for i, job in enumerate(jobs):
            try:
                prepared.append(prepare(job, validate=validate, limits=self.settings.limits))
            except JobRejected as e:
                if len(jobs) > 1:
                    e.add_note(f"job {i} of the {len(jobs)} given to submit_many")
                raise
        self.enqueue(prepared)
        return [job_id for job_id, _, _ in prepared]

    def enqueue(self, prepared: list[tuple[str, Mode, str]]) -> None:
        if isinstance(self.broker, FleetRedisBroker):
            try:
                if _hooked(self.broker):
                    self._enqueue_hooked(self.broker, prepared)
                else:
                    chunks = self._encoded(prepared)
                    self.broker.enqueue_many(list(chunks) if len(prepared) <= PER_ROUND_TRIP else chunks)
            except _UNREACHABLE as e:
                raise FleetError(f"could not enqueue on the Redis broker: {e}") from e
            return
        for _job_id, mode, payload in prepared:
            actor = self.actors[mode]
            try:
                self.broker.enqueue(actor.message(payload))
            except _UNREACHABLE as e:
                raise FleetError(f"could not enqueue on {actor.queue_name}: {e}") from e

    def _encoded(self, prepared: list[tuple[str, Mode, str]]) -> Iterator[list[Encoded]]:
        """The messages ``actor.message(payload)`` would make, encoded, ``PER_ROUND_TRIP`` at a time."""
        names = {mode: (actor.queue_name, actor.actor_name) for mode, actor in self.actors.items()}
        for start in range(0, len(prepared), PER_ROUND_TRIP):
            part = prepared[start : start + PER_ROUND_TRIP]
            # One fresh id serves as the message's id and as its Redis id: dramatiq gives a retried
            # message a new Redis id (and keeps its message id), so the two never need to differ.
            ids = fresh_ids(len(part))
            now = current_millis()
            chunk = []
            for (_job_id, mode, payload), redis_id in zip(part, ids, strict=True):
                queue_name, actor_name = names[mode]
                data = fresh_message(
                    queue_name,
                    actor_name,
                    payload,
                    message_id=redis_id,
                    redis_message_id=redis_id,
                    timestamp=now,
                )
                chunk.append(Encoded(queue_name, redis_id, data))
            yield chunk

    def _enqueue_hooked(self, broker: FleetRedisBroker, prepared: list[tuple[str, Mode, str]]) -> None:
        """``enqueue_many`` of dramatiq messages, through the middleware's enqueue hooks as ``enqueue``."""
        messages: dict[str, dramatiq.Message[Any]] = {}

        def chunks() -> Iterator[list[Encoded]]:
            for start in range(0, len(prepared), PER_ROUND_TRIP):
                chunk = []
                for _job_id, mode, payload in prepared[start : start + PER_ROUND_TRIP]:
                    message = self.actors[mode].message(payload)
                    message.options["redis_message_id"] = redis_id = str(uuid4())  # a fresh message
                    broker.emit_before("enqueue", message, None)
                    messages[redis_id] = message
                    chunk.append(Encoded(message.queue_name, redis_id, message.encode()))
                yield chunk

        def sent(chunk: Sequence[Encoded]) -> None:
            for encoded in chunk:
                broker.emit_after("enqueue", messages.pop(encoded.redis_message_id), None)

        broker.enqueue_many(list(chunks()) if len(prepared) <= PER_ROUND_TRIP else chunks(), sent=sent)


def _hooked(broker: dramatiq.Broker) -> bool:
    """Whether a new message must go through dramatiq's ``Message`` and the middleware's hooks: some
    middleware acts in ``before_enqueue`` or ``after_enqueue``, or messages are not dramatiq's JSON.

    Of the fleet's middleware only ``Metrics`` has such a hook, dramatiq's Prometheus
    ``after_enqueue``, and it counts re-enqueued retries (messages with a ``retries`` option):
    nothing for a new message. Other hooks are honoured.
    """
    if type(dramatiq.get_encoder()) is not dramatiq.JSONEncoder:
        return True
    for middleware in broker.middleware:
        for hook in ("before_enqueue", "after_enqueue"):
            implementation = getattr(type(middleware), hook)
            if implementation not in (getattr(Middleware, hook), _INERT_ON_NEW.get(hook)):
                return True
    return False


_INERT_ON_NEW = {"after_enqueue": Prometheus.after_enqueue}
"""Enqueue hooks that do nothing for a new message, by hook name."""


class Client:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._submitter = _Submitter(settings)
        self.broker = self._submitter.broker
        self.actors = self._submitter.actors
        self.redis = redis.Redis.from_url(settings.state_url)
        self.store = EventStore.from_settings(self.redis, settings)

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
        """Validate every job first, then enqueue them; nothing is sent if one is invalid.

        On Redis, hundreds of jobs go in each round trip (``workers/redis_broker.py``).
        """
        return self._submitter.submit(jobs, validate=validate)

    # Reading verdicts.

    def get_verdict(self, job_id: str) -> VerdictEvent | None:
        return self.store.get(job_id)

    def wait(self, job_id: str, timeout: float = 60.0) -> VerdictEvent:
        """Block until the job has a verdict.

        Raises:
            VerdictTimeout: none arrived within ``timeout`` seconds.
        """
        flow = flows.wait(self.store.done_key(job_id), self.store.record_key(job_id), job_id, timeout)
        return flows.run(flow, self.redis)

    def wait_all(self, job_ids: Iterable[str], timeout: float = 60.0) -> dict[str, VerdictEvent]:
        """Verdicts of many jobs, read from the stream as they arrive."""
        keys = {job_id: self.store.record_key(job_id) for job_id in job_ids}
        return flows.run(flows.wait_all(self.store.stream, keys, timeout), self.redis)

    def events(
        self,
        group: str = "coordinator",
        consumer: str | None = None,
        *,
        block_ms: int = 1_000,
        start: str = "0",
        follow: bool = True,
        pending_first: bool = True,
        claim_idle_ms: int | None = None,
    ) -> Iterator[Delivery]:
        """Verdict events through a consumer group, each to be acknowledged with ``ack()``.

        ``pending_first`` first redelivers what this consumer read earlier and never
        acknowledged (a restarted coordinator loses nothing) and, with ``claim_idle_ms``,
        what other consumers of the group left unacknowledged that long. With ``follow``
        false the iterator stops when no new event arrives within ``block_ms``.
        """
        consumer = consumer or f"{socket.gethostname()}-{id(self):x}"
        stream = self.store.stream
        flows.run(flows.ensure_group(stream, group, start), self.redis)
        if pending_first:
            yield from self.pending(group, consumer, min_idle_ms=claim_idle_ms, count=1_000_000)
        while True:
            entries = flows.run(flows.read_group(stream, group, consumer, block_ms=block_ms), self.redis)
            if not entries and not follow:
                return
            for entry in entries:
                yield Delivery(entry.id, entry.event, self.store, group)

    def pending(
        self, group: str, consumer: str, *, min_idle_ms: int | None = 60_000, count: int = 100
    ) -> list[Delivery]:
        """Events delivered to the group and never acknowledged, now this consumer's: its own, then
        those other consumers (dead coordinators) left idle ``min_idle_ms`` (None: only its own)."""
        stream = self.store.stream
        flows.run(flows.ensure_group(stream, group), self.redis)
        found = flows.run(
            flows.pending(stream, group, consumer, min_idle_ms=min_idle_ms, count=count), self.redis
        )
        return [Delivery(e.id, e.event, self.store, group) for e in found]


class AsyncClient:
    """:class:`Client` for asyncio: the same methods, awaited (reads through ``redis.asyncio``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.redis = redis.asyncio.Redis.from_url(settings.state_url)
        self.store = EventStore.from_settings(redis.Redis.from_url(settings.state_url), settings)
        self._submitter: _Submitter | None = None

    @classmethod
    def from_settings(cls, **overrides: Any) -> AsyncClient:
        return cls(Settings(**overrides))

    async def aclose(self) -> None:
        await self.redis.aclose()
        self.store.redis.close()
        if self._submitter is not None:
            self._submitter.broker.close()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def submit(self, job: JobInput, *, validate: bool = True) -> str:
        return (await self.submit_many([job], validate=validate))[0]

    async def submit_many(self, jobs: Iterable[JobInput], *, validate: bool = True) -> list[str]:
        if self._submitter is None:
            self._submitter = _Submitter(self.settings)
        return await asyncio.to_thread(self._submitter.submit, list(jobs), validate=validate)

    async def get_verdict(self, job_id: str) -> VerdictEvent | None:
        raw = await self.redis.get(self.store.record_key(job_id))
        return VerdictEvent.model_validate_json(raw) if raw else None

    async def wait(self, job_id: str, timeout: float = 60.0) -> VerdictEvent:
        flow = flows.wait(self.store.done_key(job_id), self.store.record_key(job_id), job_id, timeout)
        return await flows.arun(flow, self.redis)

    async def wait_all(self, job_ids: Iterable[str], timeout: float = 60.0) -> dict[str, VerdictEvent]:
        keys = {job_id: self.store.record_key(job_id) for job_id in job_ids}
        return await flows.arun(flows.wait_all(self.store.stream, keys, timeout), self.redis)

    async def events(
        self,
        group: str = "coordinator",
        consumer: str | None = None,
        *,
        block_ms: int = 1_000,
        start: str = "0",
        follow: bool = True,
        pending_first: bool = True,
        claim_idle_ms: int | None = None,
    ) -> AsyncIterator[AsyncDelivery]:
        consumer = consumer or f"{socket.gethostname()}-{id(self):x}"
        stream = self.store.stream
        await flows.arun(flows.ensure_group(stream, group, start), self.redis)
        if pending_first:
            for delivery in await self.pending(group, consumer, min_idle_ms=claim_idle_ms, count=1_000_000):
                yield delivery
        while True:
            flow = flows.read_group(stream, group, consumer, block_ms=block_ms)
            entries = await flows.arun(flow, self.redis)
            if not entries and not follow:
                return
            for entry in entries:
                yield AsyncDelivery(entry.id, entry.event, self, group)

    async def pending(
        self, group: str, consumer: str, *, min_idle_ms: int | None = 60_000, count: int = 100
    ) -> list[AsyncDelivery]:
        stream = self.store.stream
        await flows.arun(flows.ensure_group(stream, group), self.redis)
        flow = flows.pending(stream, group, consumer, min_idle_ms=min_idle_ms, count=count)
        return [AsyncDelivery(e.id, e.event, self, group) for e in await flows.arun(flow, self.redis)]


__all__ = ["AsyncClient", "AsyncDelivery", "Client", "Delivery", "FleetError", "prepare"]
