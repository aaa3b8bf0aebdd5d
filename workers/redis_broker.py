"""dramatiq's Redis broker, hardened for the faults the chaos runs found (``make chaos``).

:class:`FleetRedisBroker` is dramatiq's ``RedisBroker`` with four changes, each for a way to lose
or strand a job that dramatiq 2.2 has on Redis:

- **Undecodable messages go to the dead letters.** dramatiq's Redis consumer raises on bytes it
  cannot decode, drops the rest of its prefetched batch and restarts; the bad message and the
  dropped ones stay in the process's ack set until the process dies, and then come back to the
  next process. Here the bad message is found among the process's own unacknowledged ids and
  moved to ``<queue>.XQ`` with an ``undecodable_message`` log line, and the batch goes on.
  (RabbitMQ's consumer already dead-letters them.)
- **A retry is not lost when Redis is away.** The Retries middleware re-enqueues a failed message
  and dramatiq then acknowledges the original; when that enqueue fails (Redis restarting), dramatiq
  logs it and acknowledges anyway, and the job is gone. :meth:`enqueue` here waits for Redis to
  answer again (up to ``patience_s``).
- **A lost connection strands nothing.** When a consumer loses its connection, dramatiq drops the
  messages it had prefetched and those waiting in its delay queue, though their ids stay in the
  process's ack set: a live process would keep them forever. Here the process takes a new broker
  id, so its old ack sets belong to a "dead" worker and the broker's own maintenance requeues them
  after ``heartbeat_timeout`` (what was in flight then runs again and finds its verdict published).
- **A busy process is not taken for dead.** dramatiq refreshes a process's heartbeat only when it
  talks to Redis; with every thread on a long judge call and prefetch full it stays silent, and
  past ``heartbeat_timeout`` other processes requeue its messages while it still works on them. A
  thread here beats every ``heartbeat_timeout / 5``, so the timeout can be short (fast recovery
  after a SIGKILL) without duplicate work.
- **A full consumer waits for room, not for a backoff.** dramatiq's consumer treats "prefetch is
  full" like "the queue is empty": it sleeps 5, 10, 20, ... up to ``worker_timeout`` ms, and the
  worker threads run dry meanwhile (jobs of 5 ms reached 0.7 of what 8 threads can do). Here it
  waits until acknowledgements leave room for a quarter of its prefetch, and fetches again.
- **An empty delay queue is polled slowly.** Each queue has a consumer for its delay queue
  (retries waiting for their backoff), and dramatiq polls it as often as the queue itself; an
  idle worker process spent about 4% of a core on these polls, half of them on delay queues.
  A delay-queue consumer that holds nothing waits up to ``delay_poll_ms`` (a retry's backoff is
  at least ``min_backoff_ms``, so it is still fetched before it is due); one that holds delayed
  messages polls every ``worker_timeout`` ms, since dramatiq releases them between polls.

- **An idle consumer is woken by new work, not by its next poll.** dramatiq's consumer sleeps
  5, 10, 20 ... up to ``worker_timeout`` ms after each empty fetch, so work sent to an idle fleet
  waited half that on average (an inline job after a quiet spell: p50 23-27 ms, p99 about 45 ms
  here). Every enqueue here also adds an entry to ``<ns>:<queue>.wake`` (a stream trimmed to one
  entry; in the script that writes the message, dramatiq's own ``enqueue`` included, so a retry
  coming due costs one round trip as before), and an idle consumer waits on that stream
  (``XREAD BLOCK``, every blocked reader wakes) for as long as it would have slept: it fetches the
  moment work arrives. Work enqueued without a wake (another broker class) is still fetched at the
  next poll.

- **Finding a dead worker's messages scans nothing.** dramatiq's maintenance asks ``KEYS
  <ns>:__acks__.<dead id>*`` for each dead worker it finds (any process that ever enqueued counts,
  a coordinator included), which reads every key of the database while Redis serves nobody else:
  about 70 ms at a million keys here, and verdict records, done lists and delivery counters all
  live there; some hosted Redis refuse ``KEYS`` outright, and the maintenance then fails. Here a
  fetching process writes the name of each queue it fetches from to ``<ns>:__held__.<id>``, and a
  dead process's messages are requeued from the queues listed there (or, for a process that never
  fetched through this script, the fleet's own queues), all of them in one pass, and its
  heartbeat removed (:func:`dispatch_script`).

It also acknowledges a message in the script that publishes its verdict when the verdicts live
on the broker's Redis (:meth:`FleetRedisBroker.verdict_ack`, used by ``workers/actors.py``): one
round trip per job fewer, and a verdict and its message's acknowledgement that happen together.

It also writes many new messages at once (:meth:`FleetRedisBroker.enqueue_many`, the client's
``submit_many``): the Redis structures ``enqueue`` writes, hundreds of messages per script call
instead of one script call each.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache, cached_property
from typing import Any, NamedTuple
from uuid import uuid4

import dramatiq
import redis
import structlog
from dramatiq.brokers.redis import MAINTENANCE_SCALE, RedisBroker, _RedisConsumer, _scripts
from dramatiq.common import compute_backoff, current_millis, dq_name
from dramatiq.errors import ConnectionClosed, DecodeError
from pydantic_core import PydanticSerializationError, to_json
from redis.commands.core import Script
from redis.exceptions import NoScriptError

from messages import QUEUES
from workers.events import VerdictAck

log = structlog.get_logger("verifleet.broker")

TRANSIENT = (redis.ConnectionError, redis.TimeoutError, ConnectionClosed)

PER_ROUND_TRIP = 500
"""Messages :meth:`FleetRedisBroker.enqueue_many` sends to Redis per round trip."""


class Encoded(NamedTuple):
    """A message ready for Redis: its queue, its id in Redis, its bytes (``Message.encode()``)."""

    queue_name: str
    redis_message_id: str
    data: bytes


class FleetRedisBroker(RedisBroker):
    def __init__(
        self, *, patience_s: float = 300.0, delay_poll_ms: int | None = None, **options: Any
    ) -> None:
        super().__init__(**options)  # type: ignore[no-untyped-call]  # dramatiq leaves it unannotated
        script = dispatch_script()
        if script is not None:
            self.scripts["dispatch"] = self.client.register_script(script)
        else:
            log.warning("dispatch_script_unpatched", reason="dramatiq's dispatch.lua is not the one known")
        self.patience_s = patience_s
        self.delay_poll_ms = delay_poll_ms
        """How long an empty delay queue's consumer waits between polls (None: as any consumer)."""
        self._beat_lock = threading.Lock()
        self._closed = threading.Event()
        self._beater: threading.Thread | None = None

    @property
    def consumer_class(self) -> type[_RedisConsumer]:
        return _FleetConsumer

    def consume(self, queue_name: str, prefetch: int = 1, timeout: int = 5000) -> dramatiq.Consumer:
        self._start_heartbeat()  # only processes that consume (workers) beat
        consumer = super().consume(queue_name, prefetch, timeout)
        delayed = queue_name == dq_name(queue_name)
        if delayed and isinstance(consumer, _FleetConsumer) and self.delay_poll_ms is not None:
            consumer.idle_timeout = max(timeout, self.delay_poll_ms)
        return consumer

    def enqueue(self, message: dramatiq.Message[Any], *, delay: int | None = None) -> dramatiq.Message[Any]:
        """dramatiq's enqueue, tried again while Redis does not answer, for up to ``patience_s``."""
        deadline = time.monotonic() + self.patience_s
        pause = 0.1
        while True:
            try:
                enqueued: dramatiq.Message[Any] = super().enqueue(message, delay=delay)
                return enqueued
            except TRANSIENT as e:
                if time.monotonic() + pause > deadline:
                    log.critical("enqueue_gave_up", message_id=message.message_id, error=str(e))
                    raise
                log.warning("enqueue_waiting_for_redis", message_id=message.message_id, error=str(e))
                time.sleep(pause)
                pause = min(pause * 2, 2.0)

    def enqueue_many(
        self,
        chunks: Iterable[Sequence[Encoded]],
        *,
        sent: Callable[[Sequence[Encoded]], None] | None = None,
    ) -> None:
        """What :meth:`enqueue` writes for each of many new messages, one round trip per chunk.

        A message is in its queue's hash (``<ns>:<queue>.msgs``) under its Redis id, and that id at
        the tail of the queue's list (``<ns>:<queue>``), in order, as dramatiq's ``dispatch``
        script leaves an enqueued message; the sender's heartbeat is refreshed likewise. The
        :data:`ENQUEUE_MANY` script writes every message of a queue in a chunk in one call. Queue
        maintenance (requeueing what dead workers held, expiring dead letters) is dramatiq's own
        script, run before the messages are written, with the chance that ``enqueue`` would have
        run it for at least one of them. ``chunks`` is read one at a time: the next one is built
        while Redis stores the previous one, by a sender thread (none for a sequence of one chunk:
        a single ``submit`` waits for no thread). ``sent`` is called with each chunk once Redis
        holds it.

        Raises:
            redis.RedisError: Redis refused or could not be reached (no patience here: the caller,
                a coordinator, hears of it at once); earlier chunks stay enqueued.
        """
        if isinstance(chunks, Sequence) and len(chunks) <= 1:
            for chunk in chunks:
                self._execute(self._enqueue_calls(chunk))
                if sent is not None:
                    sent(chunk)
            return
        with ThreadPoolExecutor(1, thread_name_prefix="verifleet-submit") as sender:
            pending: tuple[Future[None], Sequence[Encoded]] | None = None
            for chunk in chunks:
                calls = self._enqueue_calls(chunk)
                if pending is not None:
                    pending[0].result()
                    if sent is not None:
                        sent(pending[1])
                pending = (sender.submit(self._execute, calls), chunk)
            if pending is not None:
                pending[0].result()
                if sent is not None:
                    sent(pending[1])

    def do_enqueue(self, queue_name: str, redis_message_id: str, data: bytes) -> None:
        """What dramatiq's ``enqueue`` writes (its ``dispatch`` script's ``enqueue``), and the wake
        entry for the idle consumers, in one round trip: :data:`ENQUEUE_MANY` for one message,
        maintenance drawn with dramatiq's chance."""
        self._execute(self._enqueue_calls([Encoded(queue_name, redis_message_id, data)]))

    def wake_key(self, queue_name: str) -> str:
        """The stream an idle consumer of ``queue_name`` waits on (an entry per enqueue, one kept)."""
        return f"{self.namespace}:{queue_name}.wake"

    @cached_property
    def _enqueue_many_script(self) -> Script:
        return self.client.register_script(ENQUEUE_MANY)

    def _enqueue_calls(self, chunk: Sequence[Encoded]) -> list[tuple[Script, list[Any]]]:
        """The script calls that enqueue ``chunk``: per queue, maintenance when drawn, then the writes."""
        by_queue: dict[str, list[str | bytes]] = {}
        for message in chunk:
            by_queue.setdefault(message.queue_name, []).extend((message.redis_message_id, message.data))
        now = current_millis()
        unpack = self._max_unpack_size()  # type: ignore[no-untyped-call]  # dramatiq leaves it unannotated
        calls: list[tuple[Script, list[Any]]] = []
        for queue_name, flat in by_queue.items():
            if self._maintenance_due(len(flat) // 2):
                # dramatiq's dispatch with no message to requeue: the heartbeat and the maintenance only.
                args = ["requeue", now, queue_name, self.broker_id, self.heartbeat_timeout]
                calls.append((self.scripts["dispatch"], [*args, self.dead_message_ttl, 1, unpack]))
            calls.append((self._enqueue_many_script, [now, queue_name, self.broker_id, unpack, *flat]))
        return calls

    def _maintenance_due(self, messages: int) -> bool:
        """The chance that ``messages`` separate enqueues would draw maintenance at least once."""
        chance = self.maintenance_chance / MAINTENANCE_SCALE
        return bool(chance > 0 and random.random() < 1 - (1 - min(chance, 1.0)) ** messages)

    def _execute(self, calls: list[tuple[Script, list[Any]]]) -> None:
        """The calls in one pipeline; those Redis does not know the script of, again after loading it."""
        keys = [self.namespace]
        for attempt in range(2):
            pipe = self.client.pipeline(transaction=False)
            for script, args in calls:
                pipe.evalsha(script.sha, len(keys), *keys, *args)
            results = pipe.execute(raise_on_error=False)
            unknown = [call for call, r in zip(calls, results, strict=True) if isinstance(r, NoScriptError)]
            failed = [r for r in results if isinstance(r, Exception) and not isinstance(r, NoScriptError)]
            if failed:
                raise failed[0]
            if not unknown:
                return
            if attempt == 0:  # Redis restarted or its scripts were flushed: what failed never ran
                for script in {script for script, _ in unknown}:
                    script.sha = self.client.script_load(script.script)
                calls = unknown
        raise NoScriptError("Redis does not keep the enqueue scripts loaded")

    def acks_key(self, queue: str) -> str:
        """dramatiq's set of the queue's messages this process fetched and has not acknowledged."""
        return f"{self.namespace}:__acks__.{self.broker_id}.{queue}"

    def messages_key(self, queue: str) -> str:
        """dramatiq's hash of the queue's message bodies, by Redis message id."""
        return f"{self.namespace}:{queue}.msgs"

    def verdict_ack(self, message: dramatiq.Message[Any] | dramatiq.MessageProxy) -> VerdictAck | None:
        """The acknowledgement of ``message`` for the script that publishes its verdict, on the
        keys dramatiq's ``ack`` would touch; once it has run, the consumer sends no ack of its own.
        None for a message this broker did not fetch, or one fetched from a delay queue."""
        message_id = message.options.get("redis_message_id")
        queue = message.queue_name
        if not isinstance(message_id, str) or queue == dq_name(queue):
            return None
        return VerdictAck(
            acks_key=self.acks_key(queue),
            messages_key=self.messages_key(queue),
            message_id=message_id,
            settled=lambda: setattr(message, _ACKED, True),
        )

    def connection_lost(self) -> None:
        """Take a new broker id: what the old one fetched is requeued once its heartbeat is stale."""
        old, self.broker_id = self.broker_id, str(uuid4())
        log.warning("broker_connection_lost", old_broker_id=old, broker_id=self.broker_id)

    def close(self) -> None:
        """Stop the heartbeat (what this process still held is requeued once its beat is stale)."""
        self._closed.set()
        if self._beater is not None:  # a beat under way lands before close returns, never after
            self._beater.join(timeout=5)
        super().close()

    def _start_heartbeat(self) -> None:
        with self._beat_lock:
            if self._beater is not None or self._closed.is_set():
                return
            self._beater = threading.Thread(target=self._beat, name="verifleet-broker-heartbeat", daemon=True)
        self._beater.start()

    def _beat(self) -> None:
        key = f"{self.namespace}:__heartbeats__"
        interval = max(self.heartbeat_timeout / 5000, 0.2)
        while not self._closed.is_set():
            with contextlib.suppress(redis.RedisError):  # Redis away: the consumers notice and say so
                self.client.zadd(key, {self.broker_id: current_millis()})
            self._closed.wait(interval)


_ACKED = "verifleet_acked_with_verdict"
"""Set on a message proxy once the script that published its verdict acknowledged it."""


class _FleetConsumer(_RedisConsumer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]
        self._room = threading.Event()
        self._refill_at = self.prefetch - max(1, self.prefetch // 4)
        """Fetch again once no more than this many messages are outstanding."""
        self._busy_timeout: int = self.timeout
        self.idle_timeout: int = self.timeout
        """The longest wait between polls while this consumer holds no message."""
        delayed = self.queue_name == dq_name(self.queue_name)
        self._wake_key: str | None = None if delayed else self.broker.wake_key(self.queue_name)
        self._wake_seen: bytes | str = "0-0"
        """The newest wake entry seen: a wait returns at once for any entry added since."""

    def ack(self, message: dramatiq.MessageProxy) -> None:
        try:
            if getattr(message, _ACKED, False):  # with its verdict (verdict_ack)
                self.queued_message_ids.discard(message.message_id)
            else:
                super().ack(message)  # type: ignore[no-untyped-call]
        finally:
            self._room.set()

    def nack(self, message: dramatiq.MessageProxy) -> None:
        try:
            if getattr(message, _ACKED, False):  # its verdict is out: nothing is left to dead-letter
                self.queued_message_ids.discard(message.message_id)
            else:
                super().nack(message)  # type: ignore[no-untyped-call]
        finally:
            self._room.set()

    def _full(self) -> bool:
        return not self.message_cache and self.outstanding_message_count > self._refill_at

    def __next__(self) -> dramatiq.MessageProxy | None:
        if self._full():
            self._room.clear()
            if self._full():  # an acknowledgement may have come in between
                self._room.wait(self.timeout / 1000)
            return None  # dramatiq's loop handles its delayed messages and asks again
        # dramatiq's consumer backs off up to ``timeout`` after an empty fetch
        self.timeout = self.idle_timeout if self.outstanding_message_count == 0 else self._busy_timeout
        while True:
            try:
                return self._next()
            except DecodeError as e:
                self._dead_letter(e.data)
            except ConnectionClosed:
                self.broker.connection_lost()
                raise

    def _next(self) -> dramatiq.MessageProxy | None:
        """dramatiq's ``_RedisConsumer.__next__``, waiting on the queue's wake stream where it sleeps."""
        try:
            while True:
                try:
                    data = self.message_cache.pop(0)
                except IndexError:
                    messages: list[bytes] = []
                    if self.outstanding_message_count < self.prefetch:
                        self.message_cache = messages = self.broker.do_fetch(
                            self.queue_name, self.prefetch - self.outstanding_message_count
                        )
                    if not messages:
                        self.misses, backoff_ms = compute_backoff(self.misses, max_backoff=self.timeout)
                        self._idle(backoff_ms)
                        return None
                    continue
                if data is None:
                    continue  # dramatiq logs this as its own bug (#266); nothing to decode
                self.misses = 0
                message = dramatiq.Message.decode(data)
                self.queued_message_ids.add(message.message_id)
                return dramatiq.MessageProxy(message)
        except redis.ConnectionError as e:
            raise ConnectionClosed(e) from None  # type: ignore[no-untyped-call]

    def _idle(self, ms: float) -> None:
        """Wait ``ms`` or until work is enqueued (a wake entry newer than the last one seen)."""
        if self._wake_key is None:  # a delay queue: its messages are not due at once
            time.sleep(ms / 1000)
            return
        wait = max(1, int(ms))
        try:
            reply: Any = self.broker.client.xread({self._wake_key: self._wake_seen}, count=1, block=wait)
        except redis.TimeoutError:
            return  # a stalled server outlasted the socket timeout (redis-py 8: 5 s): the wait is over
        except redis.ResponseError as e:  # a server without streams, or a proxy refusing blocking reads
            log.warning("wake_unavailable", queue=self.queue_name, error=str(e))
            self._wake_key = None
            time.sleep(ms / 1000)
            return
        for _stream, entries in reply or ():
            if entries:
                self._wake_seen = entries[-1][0]

    def _dead_letter(self, data: bytes) -> None:
        """Move an undecodable message from this process's ack set to the queue's dead letters."""
        broker, queue = self.broker, self.queue_name
        try:
            ids = sorted(broker.client.smembers(broker.acks_key(queue)))
            bodies = broker.client.hmget(broker.messages_key(queue), ids) if ids else []
            found = next((i for i, body in zip(ids, bodies, strict=True) if body == data), None)
            if found is not None:
                broker.do_nack(queue, found.decode())
        except redis.ConnectionError as e:
            raise ConnectionClosed(e) from None  # type: ignore[no-untyped-call]
        log.error(
            "undecodable_message",
            queue=queue,
            redis_message_id=found.decode() if found is not None else None,
            dead_lettered=found is not None,
            size=len(data),
            head=repr(bytes(data[:80])),
        )


ENQUEUE_MANY = """
-- enqueue_many(keys=[namespace], args=[timestamp, queue_name, worker_id, max_unpack_size,
--                                      id_1, data_1, id_2, data_2, ...])
-- dramatiq's dispatch.lua "enqueue" for many messages of one queue: the caller's heartbeat, each
-- message in $namespace:$queue_name.msgs under its id, the ids at the tail of $namespace:$queue_name
-- in order, then (not for a delay queue, $queue_name ending in .DQ) an entry in
-- $namespace:$queue_name.wake for the idle consumers. Lua unpacks at most max_unpack_size values at
-- a time.
local namespace = KEYS[1]
local queue_full_name = namespace .. ":" .. ARGV[2]
local queue_messages = queue_full_name .. ".msgs"
local per_call = math.max(2, math.floor(tonumber(ARGV[4]) / 2) * 2)
redis.call("zadd", namespace .. ":__heartbeats__", ARGV[1], ARGV[3])
local first = 5
while first <= #ARGV do
    local last = math.min(first + per_call - 1, #ARGV)
    local fields, ids = {}, {}
    for i = first, last, 2 do
        fields[#fields + 1] = ARGV[i]
        fields[#fields + 1] = ARGV[i + 1]
        ids[#ids + 1] = ARGV[i]
    end
    redis.call("hset", queue_messages, unpack(fields))
    redis.call("rpush", queue_full_name, unpack(ids))
    first = last + 1
end
if string.sub(ARGV[2], -3) ~= ".DQ" then  -- a delay queue's messages are not due at once
    redis.call("xadd", queue_full_name .. ".wake", "MAXLEN", "1", "*", "n", tostring((#ARGV - 4) / 2))
end
return (#ARGV - 4) / 2
"""


_BEAT = 'redis.call("zadd", heartbeats, timestamp, worker_id)\n'
_REAP_FROM, _REAP_TO = "    for i=1,#dead_workers do\n", "\n    local dead_message_ids"
_REAP_SHA256 = "bede842a0b8d928195b4399cba47f24a4e9290eeff00c7cdba580ee93528c1ca"
"""The dead-worker loop of dramatiq 2.2's dispatch.lua, the one :func:`dispatch_script` replaces."""

_HOLD = """if command == "fetch" then  -- verifleet: the queues whose acks this worker may hold
    redis.call("sadd", namespace .. ":__held__." .. worker_id, queue_name)
end
"""

_REAP = """    -- verifleet: no KEYS. A dead worker's acks are in the queues it wrote to __held__ when it
    -- fetched (a worker that never fetched through this script: the fleet's own queues); each is
    -- requeued onto its queue, and the worker is gone from the heartbeats in this one pass.
    for i=1,#dead_workers do
        local dead_worker = dead_workers[i]
        local held_key = namespace .. ":__held__." .. dead_worker
        local held = redis.call("smembers", held_key)
        if not next(held) then
            held = {queue_name, %(known)s}
        end
        for _, held_queue in ipairs(held) do
            local held_acks = namespace .. ":__acks__." .. dead_worker .. "." .. held_queue
            local held_full_name = namespace .. ":" .. held_queue
            for _, message_id in ipairs(redis.call("smembers", held_acks)) do
                if redis.call("hexists", held_full_name .. ".msgs", message_id) > 0 then
                    redis.call("rpush", held_full_name, message_id)
                end
            end
            redis.call("del", held_acks)
        end
        redis.call("del", held_key)
        redis.call("zrem", heartbeats, dead_worker)
    end
"""


@cache  # every broker a process makes (each client's too) registers the same text
def dispatch_script(stock: bytes | None = None, queues: Sequence[str] = QUEUES) -> bytes | None:
    """dramatiq's dispatch.lua (``stock``, default the installed one) without its ``KEYS`` call:
    fetching records the queue in ``<ns>:__held__.<worker id>``, and the maintenance requeues a dead
    worker's acks from every queue recorded there (else from ``queues`` and their delay queues, and
    the queue of the call, as dramatiq would) and removes its heartbeat. None when the script is
    not the one this was written against (another dramatiq): the caller keeps the stock script."""
    text = (stock if stock is not None else _scripts["dispatch"]).decode()
    start, end = text.find(_REAP_FROM), text.find(_REAP_TO)
    if text.count(_BEAT) != 1 or start < 0 or end < start:
        return None
    if hashlib.sha256(text[start:end].encode()).hexdigest() != _REAP_SHA256:
        return None
    names = [name for queue in queues for name in (queue, dq_name(queue))]
    known = ", ".join(json.dumps(name) for name in names)  # a JSON string is a Lua string literal here
    reap = _REAP % {"known": known}
    return (text[:start] + reap + text[end:]).replace(_BEAT, _BEAT + _HOLD).encode()


def fresh_message(
    queue_name: str, actor_name: str, payload: str, *, message_id: str, redis_message_id: str, timestamp: int
) -> bytes:
    """What ``broker.enqueue(actor.message(payload))`` stores for a new message, built directly.

    The JSON of dramatiq's ``Message`` (its fields in order, ``options`` holding the Redis id), as
    ``Message.decode`` reads it back: the same message, only without the dataclass, the copies and
    ``asdict`` on the way. The ids are :func:`fresh_ids` (or ``uuid4``) strings, written as they
    are; ``json.dumps`` stands in for payloads pydantic will not write (lone surrogates).
    """
    try:
        args = to_json(payload)
    except PydanticSerializationError:
        args = json.dumps(payload).encode()
    return b"".join(
        (
            _head(queue_name, actor_name),
            args,
            f'],"kwargs":{{}},"options":{{"redis_message_id":"{redis_message_id}"}},'
            f'"message_id":"{message_id}","message_timestamp":{timestamp:d}}}'.encode(),
        )
    )


@cache
def _head(queue_name: str, actor_name: str) -> bytes:
    fields = json.dumps({"queue_name": queue_name, "actor_name": actor_name}, separators=(",", ":"))
    return (fields[:-1] + ',"args":[').encode()


_VARIANT = {digit: "89ab"[int(digit, 16) & 3] for digit in "0123456789abcdef"}


def fresh_ids(n: int) -> list[str]:
    """``n`` random version-4 UUIDs, as ``str(uuid4())`` spells them, from one read of os.urandom."""
    h = os.urandom(16 * n).hex()
    return [
        f"{h[i : i + 8]}-{h[i + 8 : i + 12]}-4{h[i + 13 : i + 16]}-{_VARIANT[h[i + 16]]}{h[i + 17 : i + 20]}-"
        f"{h[i + 20 : i + 32]}"
        for i in range(0, 32 * n, 32)
    ]
