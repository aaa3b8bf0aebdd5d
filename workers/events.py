"""Verdict records and the verdict event stream, on Redis.

A verdict is published exactly once per job_id: one Lua script sets the
record ``<prefix>:verdict:<job_id>`` only if it does not exist and, in the
same atomic step, appends the event to the stream ``verifleet:verdicts``.
A redelivered message or a resubmitted job finds the record and adds nothing.
With a webhook configured the same step queues the event in the webhook outbox
(``<prefix>:webhook:outbox``, see ``workers/webhook.py``); ``stream_events=False``
leaves the outbox as the only sink.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import redis

from checks.progress import Attempt
from messages import Action, FleetError, Verdict, VerdictEvent

if TYPE_CHECKING:
    from workers.settings import Settings

STREAM = "verifleet:verdicts"

_PUBLISH = """
if ARGV[9] ~= '' and redis.call('SREM', KEYS[5], ARGV[9]) > 0 then
  redis.call('HDEL', KEYS[6], ARGV[9])
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then
  local id = false
  if ARGV[5] == '1' then
    id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'event', ARGV[1], 'job_id', ARGV[4])
  end
  if ARGV[6] == '1' then
    local queued = redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[3], '*',
      'event', ARGV[1], 'job_id', ARGV[4])
    id = id or queued
  end
  if ARGV[7] ~= '' then
    redis.call('HSET', KEYS[4], ARGV[7], ARGV[8])
    redis.call('EXPIRE', KEYS[4], ARGV[2])
  end
  redis.call('RPUSH', KEYS[7], '1')
  redis.call('EXPIRE', KEYS[7], ARGV[10])
  return id
end
return false
"""
"""Record the verdict if the job has none yet and, in the same step, stream it, queue it for the
webhook (``ARGV[6]``) and keep what the task's next attempt is compared with (``ARGV[7]``: the
attempt, ``ARGV[8]``: its :class:`checks.progress.Attempt`). With ``ARGV[9]``, a Redis broker's
message id, the same step acknowledges the message as dramatiq's ``dispatch.lua`` does (out of
the fetching process's ack set ``KEYS[5]``, then its body out of the queue's hash ``KEYS[6]``;
the body stays when the message is no longer in that set: maintenance requeued it), whether or
not the verdict was new: see :class:`VerdictAck`. A new verdict also pushes the one element of the
job's *done* list ``KEYS[7]``, kept ``ARGV[10]`` seconds: see :meth:`EventStore.done_key`."""

DONE_TTL_SECONDS = 10
"""How long a job's done list is kept. A waiter reads the record first and waits on the done list
only when there is none, so the list only has to outlast that moment; one that waits later finds
the record (kept at least 60 s). A list of one element takes about 170 bytes: at 2,000 verdicts a
second, some 3.4 MB."""


@dataclass(frozen=True)
class VerdictAck:
    """The Redis broker message a verdict answers, acknowledged by the script that publishes the
    verdict: one round trip per job fewer than dramatiq's own acknowledgement after it, and no
    moment when the verdict is out but the message could still be delivered again.
    ``workers/redis_broker.py`` makes it and skips dramatiq's acknowledgement once ``settled``."""

    acks_key: str
    messages_key: str
    message_id: str
    settled: Callable[[], None]
    """Called once the script ran: the message needs no acknowledgement of its own."""


@dataclass(frozen=True)
class Entry:
    """One verdict event read from the stream."""

    id: str
    event: VerdictEvent


class EventStore:
    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = "verifleet",
        ttl_seconds: int = 30 * 24 * 3600,
        maxlen: int = 1_000_000,
        stream: str = STREAM,
        outbox: str | None = None,
        stream_events: bool = True,
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds
        self.maxlen = maxlen
        self.stream = stream
        self.outbox = outbox
        """A stream that also receives every published event (the webhook sender reads it)."""
        self.stream_events = stream_events
        self._publish = client.register_script(_PUBLISH)

    @classmethod
    def from_settings(cls, client: redis.Redis, settings: Settings) -> EventStore:
        return cls(
            client,
            prefix=settings.key_prefix,
            ttl_seconds=settings.verdict_ttl_seconds,
            maxlen=settings.stream_maxlen,
            outbox=f"{settings.key_prefix}:webhook:outbox" if settings.webhook_url else None,
            stream_events=settings.stream_events,
        )

    def record_key(self, job_id: str) -> str:
        return f"{self.prefix}:verdict:{job_id}"

    def done_key(self, job_id: str) -> str:
        """The job's done list: one element, pushed in the step that records its verdict.

        What a client waiting for one job blocks on, instead of reading every verdict of the fleet
        off :data:`STREAM` to find its own (``workers/coordination.py``): ``BRPOPLPUSH`` from the
        list onto itself returns at once when the element is there, wakes when it is pushed, and
        leaves it there, so every waiter of the job wakes. (A one-entry stream would do the same in about
        4.7 KB per job, against 170 bytes.)
        """
        return f"{self.prefix}:done:{job_id}"

    def attempts_key(self, mission_id: str, task_id: str) -> str:
        """The hash of a task's attempts (the mission id's length keeps ``a:b``/``c`` from ``a``/``b:c``)."""
        return f"{self.prefix}:attempts:{len(mission_id)}:{mission_id}:{task_id}"

    def publish(self, verdict: VerdictEvent, *, ack: VerdictAck | None = None) -> str | None:
        """Record and stream the verdict; the stream id, or None when the job already had one.

        A verdict on the draft (not ``error``) that sends it back or up (not ``continue``), of a job
        with a task id, is also kept, in short, for the task's next attempt to be compared with
        (:meth:`attempts`). With ``ack`` (the broker's queues on this Redis) the same script
        acknowledges the message the verdict answers, new verdict or not.
        """
        body = verdict.model_dump_json()
        # A verdict that sends the work on (continue) is followed by no correction to compare.
        kept = (
            verdict.action is not Action.CONTINUE
            and verdict.verdict is not Verdict.ERROR
            and bool(verdict.task_id)
        )
        try:
            keys = [
                self.record_key(verdict.job_id),
                self.stream,
                self.outbox or self.stream,
                self.attempts_key(verdict.mission_id, verdict.task_id),
                ack.acks_key if ack else self.stream,
                ack.messages_key if ack else self.stream,
                self.done_key(verdict.job_id),
            ]
            args: list[str | int] = [
                body,
                self.ttl_seconds,
                self.maxlen,
                verdict.job_id,
                "1" if self.stream_events else "0",
                "1" if self.outbox else "0",
                str(verdict.attempt) if kept else "",
                Attempt.of(verdict).to_json() if kept else "",
                ack.message_id if ack else "",
                DONE_TTL_SECONDS,
            ]
            entry = self._publish(keys=keys, args=args)
        except redis.RedisError as e:
            raise FleetError(f"could not publish the verdict of {verdict.job_id!r}: {e}") from e
        if ack is not None:
            ack.settled()
        return decoded(entry) if entry else None

    def attempts(self, mission_id: str, task_id: str) -> dict[int, Attempt]:
        """The task's attempts that have a verdict, by attempt number (unreadable entries left out)."""
        try:
            raw = cast(dict[bytes, bytes], self.redis.hgetall(self.attempts_key(mission_id, task_id)))
        except redis.RedisError as e:
            raise FleetError(f"could not read the attempts of task {task_id!r}: {e}") from e
        out = {}
        for field, value in raw.items():
            with contextlib.suppress(ValueError, KeyError, TypeError):
                out[int(field)] = Attempt.from_json(value)
        return out

    def has_verdict(self, job_id: str) -> bool:
        try:
            return bool(self.redis.exists(self.record_key(job_id)))
        except redis.RedisError as e:
            raise FleetError(f"could not read the verdict record of {job_id!r}: {e}") from e

    def get(self, job_id: str) -> VerdictEvent | None:
        try:
            raw = self.redis.get(self.record_key(job_id))
        except redis.RedisError as e:
            raise FleetError(f"could not read the verdict record of {job_id!r}: {e}") from e
        return VerdictEvent.model_validate_json(cast(bytes, raw)) if raw else None

    def last_id(self) -> str:
        """The id of the newest stream entry ("0-0" for an empty stream)."""
        try:
            newest = self.redis.xrevrange(self.stream, count=1)
        except redis.RedisError as e:
            raise FleetError(f"could not read the verdict stream: {e}") from e
        return decoded(newest[0][0]) if newest else "0-0"

    def read(self, after: str, *, block_ms: int | None = None, count: int = 500) -> list[Entry]:
        """Entries newer than ``after``, waiting up to ``block_ms`` for the first one."""
        try:
            got = self.redis.xread({self.stream: after}, count=count, block=block_ms)
        except redis.RedisError as e:
            raise FleetError(f"could not read the verdict stream: {e}") from e
        return _entries(got)

    def ensure_group(self, group: str, *, start: str = "0") -> None:
        try:
            self.redis.xgroup_create(self.stream, group, id=start, mkstream=True)
        except redis.ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise FleetError(f"could not create consumer group {group!r}: {e}") from e
        except redis.RedisError as e:
            raise FleetError(f"could not create consumer group {group!r}: {e}") from e

    def read_group(
        self,
        group: str,
        consumer: str,
        *,
        block_ms: int | None,
        count: int = 100,
        pending_after: str | None = None,
    ) -> list[Entry]:
        """New entries for this consumer, or with ``pending_after`` the ones it read before
        and never acknowledged, from that id on."""
        cursor = ">" if pending_after is None else pending_after
        try:
            got = self.redis.xreadgroup(group, consumer, {self.stream: cursor}, count=count, block=block_ms)
        except redis.RedisError as e:
            raise FleetError(f"could not read the verdict stream as {group!r}: {e}") from e
        return _entries(got)

    def ack(self, group: str, *ids: str) -> int:
        try:
            return int(self.redis.xack(self.stream, group, *ids))
        except redis.RedisError as e:
            raise FleetError(f"could not acknowledge verdict events: {e}") from e

    def iter_all(self, batch: int = 1_000) -> Iterator[Entry]:
        after = "0-0"
        while entries := self.read(after, count=batch):
            yield from entries
            after = entries[-1].id


def decoded(value: object) -> str:
    """A Redis reply as text (bytes from a client without ``decode_responses``, else as it is)."""
    return value.decode() if isinstance(value, bytes) else str(value)


def _entries(reply: Any, job_ids: Container[str] | None = None) -> list[Entry]:
    """Entries of an XREAD/XREADGROUP reply; entries deleted under a group come back empty.

    With ``job_ids``, only theirs are parsed and returned, picked by the entry's ``job_id`` field:
    a waiter reads past the fleet's other verdicts without parsing them. The id of the last entry
    read, kept or not, is :func:`last_id`'s."""
    found = []
    for _stream, items in reply or []:
        for entry_id, fields in items:
            if not fields:
                continue
            if job_ids is not None and decoded(fields.get(b"job_id", b"")) not in job_ids:
                continue
            found.append(Entry(decoded(entry_id), VerdictEvent.model_validate_json(fields[b"event"])))
    return found


def last_id(reply: Any) -> str | None:
    """The id of the newest entry of an XREAD reply (None: it holds none)."""
    newest = None
    for _stream, items in reply or []:
        if items:
            newest = decoded(items[-1][0])
    return newest
