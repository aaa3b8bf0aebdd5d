"""How full the job queues are, read straight from the broker: what autoscaling and alerts watch.

For the Redis broker these are dramatiq's own keys (``dramatiq/brokers/redis/dispatch.lua``),
under the namespace ``<key_prefix>-dramatiq``:

- ``<namespace>:<queue>``: a list of waiting message ids, oldest first (KEDA scales on its length);
- ``<namespace>:<queue>.msgs``: a hash of message id -> encoded message (its ``message_timestamp``
  dates the oldest one);
- ``<namespace>:<queue>.DQ``: the same list for delayed messages (retries waiting for their backoff);
- ``<namespace>:<queue>.XQ``: a sorted set of dead-lettered message ids.

For RabbitMQ, a passive ``queue_declare`` answers the message count of ``<queue>``, ``<queue>.DQ``
and ``<queue>.XQ``. How old the oldest waiting message is, AMQP does not say: when ``<queue>`` holds
messages, the scrape *peeks* at its head, a ``basic.get`` without acknowledgement and a
``basic.nack`` with requeue at once, and reads the ``message_timestamp`` of dramatiq's message. A
classic queue (what dramatiq declares) puts the message back where it was; if the scrape dies in
between, the broker requeues it when the channel closes. Nothing is consumed, and no delivery of
ours is counted (the fleet counts deliveries when an actor starts).

Only a queue that is provably *classic* is peeked: before each peek the queue is declared again
with dramatiq's own arguments and ``x-queue-type: classic``, which the broker refuses (406,
inequivalent argument) for any other type. On a *quorum* queue (a vhost whose default queue type
is quorum makes one of every queue dramatiq declares, as on Amazon MQ's RabbitMQ 4) a requeue
counts as a delivery on RabbitMQ 4.0 to 4.2, and after 20 (their default delivery limit) the
broker drops the message: there the age is left unknown. ``VERIFLEET_QUEUE_PEEK=false`` turns
the peek off everywhere.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import dramatiq
import redis

from messages import FleetError
from workers.brokers import QUEUES, queue_namespace
from workers.settings import Settings, redact

PARKING_STREAM = "judge:parked"
"""The stream of judge work parked for a batch flush, under the key prefix (on the state Redis;
:class:`workers.batching.ParkingLot` writes it, a flush deletes its entries)."""


def parked_count(client: redis.Redis, prefix: str) -> int:
    """Judge work parked for a batch flush and not flushed yet, those a flusher holds included.

    Raises:
        redis.RedisError: the state Redis did not answer.
    """
    return int(client.xlen(f"{prefix}:{PARKING_STREAM}"))


@dataclass(frozen=True)
class QueueStats:
    queue: str
    depth: int
    """Messages waiting to be fetched."""
    delayed: int
    """Messages waiting for a delay (retry backoff) on the broker."""
    dead_letters: int
    oldest_age_seconds: float | None
    """Age of the oldest waiting message; None when the queue is empty or the broker cannot say."""


def redis_keys(namespace: str, queue: str) -> dict[str, str]:
    """dramatiq's Redis keys for one queue."""
    base = f"{namespace}:{queue}"
    return {"list": base, "messages": f"{base}.msgs", "delayed": f"{base}.DQ", "dead": f"{base}.XQ"}


def read_queue_stats(
    settings: Settings, queues: tuple[str, ...] = QUEUES, *, client: redis.Redis | None = None
) -> list[QueueStats]:
    """The stats of each queue on the settings' broker.

    ``client``: a Redis client for the broker (``settings.queue_url``) that the caller keeps, so
    that a reader called again and again (a scrape, ``verifleet top``) reuses its connection; else
    one is opened and closed for this call. Unused on RabbitMQ.

    Raises:
        FleetError: the broker could not be reached.
    """
    url = settings.queue_url
    if settings.queues_on_rabbitmq:
        return _rabbitmq_stats(url, queues, peek=settings.queue_peek)
    try:
        with reader(url, client) as r:
            return redis_stats(r, queue_namespace(settings), queues)
    except redis.RedisError as e:
        raise FleetError(f"could not read the queues on {redact(url)}: {e}") from e


def queue_client(url: str) -> redis.Redis:
    """A Redis client for reading queue stats: short timeouts, a scrape must not hang."""
    return redis.Redis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0)


@contextmanager
def reader(url: str, client: redis.Redis | None = None) -> Iterator[redis.Redis]:
    """``client`` when the caller keeps one for ``url``, else a :func:`queue_client` for the block."""
    if client is not None:
        yield client
        return
    opened = queue_client(url)
    try:
        yield opened
    finally:
        opened.close()


def redis_stats(
    client: redis.Redis, namespace: str, queues: tuple[str, ...], *, now: float | None = None
) -> list[QueueStats]:
    """Two pipelined round trips: lengths and heads, then the head messages' timestamps."""
    pipe = client.pipeline(transaction=False)
    for queue in queues:
        keys = redis_keys(namespace, queue)
        pipe.llen(keys["list"])
        pipe.lindex(keys["list"], 0)
        pipe.llen(keys["delayed"])
        pipe.zcard(keys["dead"])
    replies: list[Any] = pipe.execute()
    rows = [replies[i : i + 4] for i in range(0, len(replies), 4)]
    heads = {queue: row[1] for queue, row in zip(queues, rows, strict=True) if row[1] is not None}
    stamps: dict[str, bytes | None] = {}
    if heads:
        pipe = client.pipeline(transaction=False)
        for queue, message_id in heads.items():
            pipe.hget(redis_keys(namespace, queue)["messages"], message_id)
        for queue, raw in zip(heads, pipe.execute(), strict=True):
            stamps[queue] = raw
    now = time.time() if now is None else now
    found = []
    for queue, (depth, _head, delayed, dead) in zip(queues, rows, strict=True):
        age = _age_s(stamps.get(queue), now) if depth else None
        found.append(QueueStats(queue, int(depth), int(delayed), int(dead), age))
    return found


def _age_s(raw: bytes | None, now: float) -> float | None:
    """How long ago dramatiq's encoded message ``raw`` was enqueued; None when it cannot be read."""
    if raw is None:
        return None
    try:
        stamp = int(dramatiq.Message.decode(raw).message_timestamp)
    except Exception:  # an undecodable head message must not hide the queue's depth
        return None
    return max(0.0, now - stamp / 1000)


def _rabbitmq_stats(url: str, queues: tuple[str, ...], *, peek: bool = True) -> list[QueueStats]:
    import pika  # noqa: PLC0415  (only RabbitMQ deployments pay for the import)
    import pika.exceptions  # noqa: PLC0415
    from dramatiq.common import xq_name  # noqa: PLC0415

    def count(connection: Any, name: str) -> int:
        channel = connection.channel()
        try:
            return int(channel.queue_declare(queue=name, passive=True).method.message_count)
        except pika.exceptions.ChannelClosedByBroker:
            return 0  # not declared yet: nothing waits in it
        finally:
            if channel.is_open:
                channel.close()

    def classic(connection: Any, name: str) -> bool:
        """Is ``name`` a classic queue? Declared again as dramatiq declares it, type made explicit:
        the broker closes the channel (406) on any other type, or on arguments not dramatiq's."""
        channel = connection.channel()
        arguments = {"x-dead-letter-exchange": "", "x-dead-letter-routing-key": xq_name(name)}
        try:
            channel.queue_declare(
                queue=name, durable=True, arguments={**arguments, "x-queue-type": "classic"}
            )
            return True
        except pika.exceptions.ChannelClosedByBroker:
            return False
        finally:
            if channel.is_open:
                channel.close()

    def age(connection: Any, name: str, depth: int) -> float | None:
        """How long the head message of ``name`` has waited: peeked at and put back (module doc)."""
        if not peek or not depth or not classic(connection, name):
            return None
        channel = connection.channel()
        try:
            method, _properties, body = channel.basic_get(queue=name, auto_ack=False)
            if method is None:
                return None  # taken by a consumer since the count
            channel.basic_nack(delivery_tag=method.delivery_tag, requeue=True)
        except pika.exceptions.ChannelClosedByBroker:
            return None
        finally:
            if channel.is_open:
                channel.close()
        return _age_s(body, time.time())

    try:
        params = pika.URLParameters(url)
        params.socket_timeout = 2.0
        params.blocked_connection_timeout = 2.0
        connection = pika.BlockingConnection(params)
    except pika.exceptions.AMQPError as e:
        raise FleetError(f"could not read the queues on {redact(url)}: {e}") from e
    try:
        found = []
        for q in queues:
            depth = count(connection, q)
            found.append(
                QueueStats(
                    q,
                    depth,
                    count(connection, f"{q}.DQ"),
                    count(connection, f"{q}.XQ"),
                    age(connection, q, depth),
                )
            )
        return found
    except pika.exceptions.AMQPError as e:
        raise FleetError(f"could not read the queues on {redact(url)}: {e}") from e
    finally:
        if connection.is_open:
            connection.close()
