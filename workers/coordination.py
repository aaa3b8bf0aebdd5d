"""Reading verdicts, written once for the blocking and the asyncio client.

Each operation is a *flow*: a generator that yields the Redis commands it needs (:class:`Call`)
and receives their replies, with no I/O of its own (the shape of ``checks.judge.transport``).
:func:`run` drives a flow with a ``redis.Redis``, :func:`arun` with a ``redis.asyncio.Redis``;
so ``Client.wait`` and ``AsyncClient.wait`` are the same code. A Redis error reaches the flow
as a :class:`messages.FleetError` (thrown into it, so a flow may tolerate one).

Flows: :func:`wait`, :func:`wait_all`, :func:`read_group` (consumer-group reads, creating the
group on first use) and :func:`pending` (what a coordinator read and never acknowledged: its
own pending entries, then, with ``min_idle_ms``, entries other consumers of the group left
unacknowledged that long, claimed with ``XAUTOCLAIM``: a restarted coordinator under a new
name, or one taking over from a dead peer, loses nothing).
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import redis
import redis.asyncio

from messages import FleetError, VerdictEvent, VerdictTimeout
from workers.events import Entry, _entries, decoded, last_id

T = TypeVar("T")


@dataclass(frozen=True)
class Call:
    """One Redis command: a method of ``redis.Redis`` (and of ``redis.asyncio.Redis``)."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    blocking: bool = False
    """A read that waits for data (``BRPOPLPUSH``, ``XREAD BLOCK``): a socket timeout is an empty
    reply, not an error. redis-py 8 gives every connection a 5-second socket timeout, and a Redis
    server stalled for a few seconds on a busy host makes a blocked read outlast it; the flows
    read again until their own deadline."""


Flow = Generator[Call, Any, T]


def run(flow: Flow[T], client: redis.Redis) -> T:
    """Drive ``flow`` with a blocking client."""
    reply: Any = None
    error: FleetError | None = None
    while True:
        try:
            call = flow.throw(error) if error is not None else flow.send(reply)
        except StopIteration as stop:
            result: T = stop.value
            return result
        error = None
        try:
            reply = getattr(client, call.method)(*call.args, **call.kwargs)
        except redis.TimeoutError as e:
            reply, error = None, (None if call.blocking else _translated(call, e))
        except redis.RedisError as e:
            error = _translated(call, e)


async def arun(flow: Flow[T], client: redis.asyncio.Redis) -> T:
    """Drive ``flow`` with an asyncio client."""
    reply: Any = None
    error: FleetError | None = None
    while True:
        try:
            call = flow.throw(error) if error is not None else flow.send(reply)
        except StopIteration as stop:
            result: T = stop.value
            return result
        error = None
        try:
            reply = await getattr(client, call.method)(*call.args, **call.kwargs)
        except redis.TimeoutError as e:
            reply, error = None, (None if call.blocking else _translated(call, e))
        except redis.RedisError as e:
            error = _translated(call, e)


def _translated(call: Call, error: redis.RedisError) -> FleetError:
    translated = FleetError(f"Redis {call.method} failed: {error}")
    translated.__cause__ = error
    return translated


def _block_ms(deadline: float) -> int:
    return max(1, int(min(deadline - time.monotonic(), 1.0) * 1000))


def newest_id(stream: str) -> Flow[str]:
    newest = yield Call("xrevrange", (stream,), {"count": 1})
    return decoded(newest[0][0]) if newest else "0-0"


def wait(done_key: str, record_key: str, job_id: str, timeout: float) -> Flow[VerdictEvent]:
    """The job's verdict: its record, or, while it has none, a wait on its done list.

    The record and the done list's one element are written in one atomic step
    (``workers/events.py``), and moving the list's element onto itself (``BRPOPLPUSH``) returns at
    once when it is already there, so nothing slips between reading the record and waiting. The waiter
    wakes for its own job only and reads no other verdict. A fleet that pushes no done element
    (workers older than this client) is still heard: the record is read again every second.

    Raises:
        VerdictTimeout: none within ``timeout`` seconds.
        FleetError: the job is done but its record is gone (deleted by hand).
    """
    deadline = time.monotonic() + timeout
    while True:
        raw = yield Call("get", (record_key,))
        if raw:
            return VerdictEvent.model_validate_json(raw)
        if time.monotonic() >= deadline:
            raise VerdictTimeout(f"no verdict for {job_id!r} within {timeout:g} s")
        seconds = _block_ms(deadline) / 1000
        # BRPOPLPUSH onto the same list (BLMOVE's older spelling: Redis 6.0, not only 6.2+)
        done = yield Call("brpoplpush", (done_key, done_key, seconds), blocking=True)
        if done is not None:
            raw = yield Call("get", (record_key,))
            if not raw:
                raise FleetError(f"the verdict of {job_id!r} was published, but {record_key!r} is gone")
            return VerdictEvent.model_validate_json(raw)


def wait_all(stream: str, record_keys: dict[str, str], timeout: float) -> Flow[dict[str, VerdictEvent]]:
    """The verdicts of many jobs (``record_keys``: job_id -> its record's key), from their records,
    then from the stream as they arrive. Only their own events are parsed (picked by the entry's
    ``job_id`` field); a second that brings none of them reads the missing records again (a fleet
    with ``VERIFLEET_STREAM_EVENTS=false`` streams nothing).

    Raises:
        VerdictTimeout: some had none within ``timeout`` seconds (the message says how many).
    """
    deadline = time.monotonic() + timeout
    after = yield from newest_id(stream)
    found: dict[str, VerdictEvent] = {}
    missing = list(record_keys)
    while True:
        if missing:  # at the start, and after a second that brought no event at all
            raws = yield Call("mget", ([record_keys[j] for j in missing],))
            for job_id, raw in zip(missing, raws, strict=True):
                if raw:
                    found[job_id] = VerdictEvent.model_validate_json(raw)
            missing = []
        if len(found) == len(record_keys):
            return found
        if time.monotonic() >= deadline:
            left = len(record_keys) - len(found)
            raise VerdictTimeout(f"{left} of {len(record_keys)} jobs had no verdict within {timeout:g} s")
        reply = yield Call(
            "xread", ({stream: after},), {"count": 500, "block": _block_ms(deadline)}, blocking=True
        )
        after = last_id(reply) or after
        for entry in _entries(reply, record_keys):
            found[entry.event.job_id] = entry.event
        if not reply:
            missing = [j for j in record_keys if j not in found]


def ensure_group(stream: str, group: str, start: str = "0") -> Flow[None]:
    try:
        yield Call("xgroup_create", (stream, group), {"id": start, "mkstream": True})
    except FleetError as e:
        if "BUSYGROUP" not in str(e):
            raise


def read_group(
    stream: str, group: str, consumer: str, *, block_ms: int | None, count: int = 100
) -> Flow[list[Entry]]:
    """New entries for this consumer of the group."""
    reply = yield Call(
        "xreadgroup",
        (group, consumer, {stream: ">"}),
        {"count": count, "block": block_ms},
        blocking=block_ms is not None,
    )
    return _entries(reply)


def pending(
    stream: str, group: str, consumer: str, *, min_idle_ms: int | None = None, count: int = 100
) -> Flow[list[Entry]]:
    """Entries delivered and never acknowledged: this consumer's own, then (with ``min_idle_ms``)
    other consumers' entries idle at least that long, now claimed by this consumer."""
    found: list[Entry] = []
    cursor = "0"
    while len(found) < count:
        reply = yield Call("xreadgroup", (group, consumer, {stream: cursor}), {"count": count - len(found)})
        own = _entries(reply)
        if not own:
            break
        found += own
        cursor = own[-1].id
    start = "0-0"
    while min_idle_ms is not None and len(found) < count:
        reply = yield Call(
            "xautoclaim",
            (stream, group, consumer, min_idle_ms, start),
            {"count": count - len(found)},
        )
        start = decoded(reply[0])
        found += _entries([(stream, reply[1])])
        if start == "0-0":
            break
    return found


def ack(stream: str, group: str, ids: Iterable[str]) -> Flow[int]:
    ids = list(ids)
    if not ids:
        return 0
    acked = yield Call("xack", (stream, group, *ids))
    return int(acked)
