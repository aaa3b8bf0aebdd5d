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
from workers.events import Entry, _entries, decoded

T = TypeVar("T")


@dataclass(frozen=True)
class Call:
    """One Redis command: a method of ``redis.Redis`` (and of ``redis.asyncio.Redis``)."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


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


def wait(stream: str, record_key: str, job_id: str, timeout: float) -> Flow[VerdictEvent]:
    """The job's verdict, from its record or from the stream as it arrives.

    Raises:
        VerdictTimeout: none within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    after = yield from newest_id(stream)  # read before the record, so no event slips between
    while True:
        raw = yield Call("get", (record_key,))
        if raw:
            return VerdictEvent.model_validate_json(raw)
        if time.monotonic() >= deadline:
            raise VerdictTimeout(f"no verdict for {job_id!r} within {timeout:g} s")
        reply = yield Call("xread", ({stream: after},), {"count": 500, "block": _block_ms(deadline)})
        for entry in _entries(reply):
            after = entry.id
            if entry.event.job_id == job_id:
                return entry.event


def wait_all(stream: str, record_keys: dict[str, str], timeout: float) -> Flow[dict[str, VerdictEvent]]:
    """The verdicts of many jobs (``record_keys``: job_id -> its record's key).

    Raises:
        VerdictTimeout: some had none within ``timeout`` seconds (the message says how many).
    """
    deadline = time.monotonic() + timeout
    after = yield from newest_id(stream)
    ordered = list(record_keys)
    found: dict[str, VerdictEvent] = {}
    raws: list[Any] = []
    if ordered:
        raws = yield Call("mget", ([record_keys[j] for j in ordered],))
    for job_id, raw in zip(ordered, raws, strict=True):
        if raw:
            found[job_id] = VerdictEvent.model_validate_json(raw)
    while len(found) < len(record_keys):
        if time.monotonic() >= deadline:
            missing = len(record_keys) - len(found)
            raise VerdictTimeout(f"{missing} of {len(record_keys)} jobs had no verdict within {timeout:g} s")
        reply = yield Call("xread", ({stream: after},), {"count": 500, "block": _block_ms(deadline)})
        for entry in _entries(reply):
            after = entry.id
            if entry.event.job_id in record_keys:
                found[entry.event.job_id] = entry.event
    return found


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
    reply = yield Call("xreadgroup", (group, consumer, {stream: ">"}), {"count": count, "block": block_ms})
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
