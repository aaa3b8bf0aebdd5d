"""The engine's ceiling: ``dramatiq bench.noop`` runs actors named as the fleet's that do no verifying.

Same Redis broker class as the fleet (``workers/redis_broker.py``; URL and namespace from
``VERIFLEET_*``), same queues, same message (the job's JSON as the one argument), dramatiq's default
middleware, and each process pinned to a core of its own, with the longer GIL turns of a batch-only
process, as the fleet's are (``workers/affinity.py``). ``bench/ceiling.py`` measures how fast ``verify_batch``
drains a queue: the cost of the broker and dramatiq per message. ``verify_inline`` pushes the
element of the job's done list (``workers/events.py``), as a verdict does, so that ``bench/fleet.py``
can time submit-to-verdict round trips of the engine alone (the baseline of the inline latency figure).
"""

from __future__ import annotations

import json

import dramatiq

from workers.affinity import CpuAffinity, batch_switch_interval
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE, consumed_queues, queue_namespace
from workers.events import EventStore
from workers.redis_broker import FleetRedisBroker
from workers.settings import Settings

settings = Settings()
broker = FleetRedisBroker(
    url=settings.queue_url,
    namespace=queue_namespace(settings),
    heartbeat_timeout=settings.heartbeat_timeout_ms,
    maintenance_chance=settings.maintenance_chance,
)


class BatchTurns(dramatiq.Middleware):
    """A process that serves only verify-batch takes the fleet's longer GIL turns, as the fleet's do."""

    def before_worker_boot(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        if consumed_queues(broker, worker) == [BATCH_QUEUE]:  # the fleet's test (workers/services.py)
            batch_switch_interval(settings.batch_gil_switch_ms)


broker.add_middleware(CpuAffinity(enabled=settings.pin_cpus))  # the fleet's layout: a core per process
broker.add_middleware(BatchTurns())
dramatiq.set_broker(broker)


events = EventStore.from_settings(broker.client, settings)


@dramatiq.actor(actor_name="verify_inline", queue_name=INLINE_QUEUE, max_retries=0)
def verify_inline(payload: str) -> None:
    """Pushes the element of the job's done list, as a verdict does, nothing else."""
    broker.client.rpush(events.done_key(json.loads(payload)["job_id"]), "1")


@dramatiq.actor(actor_name="verify_batch", queue_name=BATCH_QUEUE, max_retries=0)
def verify_batch(payload: object) -> None:
    """Receives the job and does nothing with it."""
