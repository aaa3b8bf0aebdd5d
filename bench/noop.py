"""The engine's ceiling: ``dramatiq bench.noop`` runs actors named as the fleet's that do nothing.

Same Redis broker (URL and namespace from ``VERIFLEET_*``), same queues, same message (the job's
JSON as the one argument), dramatiq's default middleware. ``bench/ceiling.py`` measures how fast
it drains a queue: the cost of the broker and dramatiq per message, with no verification.
"""

from __future__ import annotations

import dramatiq
from dramatiq.brokers.redis import RedisBroker

from workers.brokers import BATCH_QUEUE, INLINE_QUEUE, queue_namespace
from workers.settings import Settings

settings = Settings()
broker = RedisBroker(  # type: ignore[no-untyped-call]
    url=settings.queue_url,
    namespace=queue_namespace(settings),
    heartbeat_timeout=settings.heartbeat_timeout_ms,
    maintenance_chance=settings.maintenance_chance,
)
dramatiq.set_broker(broker)


@dramatiq.actor(actor_name="verify_inline", queue_name=INLINE_QUEUE, max_retries=0)
def verify_inline(payload: object) -> None:
    """Receives the job and does nothing with it."""


@dramatiq.actor(actor_name="verify_batch", queue_name=BATCH_QUEUE, max_retries=0)
def verify_batch(payload: object) -> None:
    """Receives the job and does nothing with it."""
