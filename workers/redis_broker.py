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
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any
from uuid import uuid4

import dramatiq
import redis
import structlog
from dramatiq.brokers.redis import RedisBroker, _RedisConsumer
from dramatiq.common import current_millis
from dramatiq.errors import ConnectionClosed, DecodeError

log = structlog.get_logger("verifleet.broker")

TRANSIENT = (redis.ConnectionError, redis.TimeoutError, ConnectionClosed)


class FleetRedisBroker(RedisBroker):
    def __init__(self, *, patience_s: float = 300.0, **options: Any) -> None:
        super().__init__(**options)  # type: ignore[no-untyped-call]  # dramatiq leaves it unannotated
        self.patience_s = patience_s
        self._beating = False
        self._beat_lock = threading.Lock()

    @property
    def consumer_class(self) -> type[_RedisConsumer]:
        return _FleetConsumer

    def consume(self, queue_name: str, prefetch: int = 1, timeout: int = 5000) -> dramatiq.Consumer:
        self._start_heartbeat()  # only processes that consume (workers) beat
        return super().consume(queue_name, prefetch, timeout)

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

    def connection_lost(self) -> None:
        """Take a new broker id: what the old one fetched is requeued once its heartbeat is stale."""
        old, self.broker_id = self.broker_id, str(uuid4())
        log.warning("broker_connection_lost", old_broker_id=old, broker_id=self.broker_id)

    def _start_heartbeat(self) -> None:
        with self._beat_lock:
            if self._beating:
                return
            self._beating = True
        thread = threading.Thread(target=self._beat, name="verifleet-broker-heartbeat", daemon=True)
        thread.start()

    def _beat(self) -> None:
        key = f"{self.namespace}:__heartbeats__"
        interval = max(self.heartbeat_timeout / 5000, 0.2)
        while True:
            with contextlib.suppress(redis.RedisError):  # Redis away: the consumers notice and say so
                self.client.zadd(key, {self.broker_id: current_millis()})
            time.sleep(interval)


class _FleetConsumer(_RedisConsumer):
    def __next__(self) -> dramatiq.MessageProxy | None:
        while True:
            try:
                found: dramatiq.MessageProxy | None = super().__next__()  # type: ignore[no-untyped-call]
                return found
            except DecodeError as e:
                self._dead_letter(e.data)
            except ConnectionClosed:
                self.broker.connection_lost()
                raise

    def _dead_letter(self, data: bytes) -> None:
        """Move an undecodable message from this process's ack set to the queue's dead letters."""
        namespace, queue = self.broker.namespace, self.queue_name
        acks = f"{namespace}:__acks__.{self.broker.broker_id}.{queue}"
        try:
            ids = sorted(self.broker.client.smembers(acks))
            bodies = self.broker.client.hmget(f"{namespace}:{queue}.msgs", ids) if ids else []
            found = next((i for i, body in zip(ids, bodies, strict=True) if body == data), None)
            if found is not None:
                self.broker.do_nack(queue, found.decode())
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
