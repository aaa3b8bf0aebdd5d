"""Building the dramatiq broker from a URL: Redis (tcp, tls, unix socket) or RabbitMQ."""

from __future__ import annotations

from typing import Any

import dramatiq
from dramatiq.brokers.rabbitmq import RabbitmqBroker
from dramatiq.middleware import (
    AgeLimit,
    Callbacks,
    CurrentMessage,
    Pipelines,
    Retries,
    ShutdownNotifications,
    TimeLimit,
)

from messages import BATCH_QUEUE, INLINE_QUEUE, QUEUES, ConfigurationError
from workers.affinity import CpuAffinity
from workers.metrics import Metrics
from workers.redis_broker import FleetRedisBroker
from workers.settings import Settings, redact

__all__ = [
    "BATCH_QUEUE",  # the queue names live in messages (the contract); kept here for their importers
    "INLINE_QUEUE",
    "QUEUES",
    "consumed_queues",
    "make_broker",
    "middleware",
    "queue_namespace",
]


def consumed_queues(broker: dramatiq.Broker, worker: dramatiq.Worker) -> list[str]:
    """The queues a worker process consumes (not their delay queues)."""
    return sorted(q for q in worker.consumer_whitelist or broker.get_declared_queues() if "." not in q)


def queue_namespace(settings: Settings) -> str:
    """The Redis broker's key prefix: its queues are the lists ``<namespace>:<queue>``."""
    return f"{settings.key_prefix}-dramatiq"


def middleware(settings: Settings) -> list[dramatiq.Middleware]:
    return [
        Metrics(settings),  # dramatiq's Prometheus middleware plus verifleet's metrics
        CpuAffinity(enabled=settings.pin_cpus),  # moves the threads already started too
        AgeLimit(),
        TimeLimit(time_limit=settings.job_time_limit_ms),
        ShutdownNotifications(),
        Callbacks(),
        Pipelines(),
        Retries(
            max_retries=settings.max_retries,
            min_backoff=settings.min_backoff_ms,
            max_backoff=settings.max_backoff_ms,
        ),
        CurrentMessage(),
    ]


def make_broker(settings: Settings, url: str | None = None) -> dramatiq.Broker:
    """A broker for ``url`` (default: the settings' queue URL) with verifleet's middleware."""
    url = url or settings.queue_url
    scheme = url.split("://", 1)[0].lower()
    kwargs: dict[str, Any] = {"middleware": middleware(settings)}
    if scheme in ("redis", "rediss", "unix"):
        return FleetRedisBroker(  # dramatiq's, hardened against faults (workers/redis_broker.py)
            url=url,
            namespace=queue_namespace(settings),
            heartbeat_timeout=settings.heartbeat_timeout_ms,
            maintenance_chance=settings.maintenance_chance,
            delay_poll_ms=settings.delay_poll_ms,
            **kwargs,
        )
    if scheme in ("amqp", "amqps"):
        return RabbitmqBroker(url=url, confirm_delivery=True, **kwargs)
    raise ConfigurationError(f"no broker for {redact(url)!r}: use redis://, rediss://, unix:// or amqp://")
