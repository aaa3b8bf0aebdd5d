"""Requeueing a dead worker's messages on a Redis that holds a million keys: the fleet's dispatch
script against dramatiq's own.

dramatiq's maintenance asks ``KEYS <ns>:__acks__.<dead id>*`` for every dead worker it finds, which
reads every key of the database while Redis serves nobody else; verdict records, done lists and
delivery counters live in that database. ``workers/redis_broker.py`` replaces the call
(:func:`workers.redis_broker.dispatch_script`). Here the bench's Redis is filled with
:data:`KEYS_HELD` keys (as a week of verdicts would leave), then, :data:`ROUNDS` times for each
script, alternated: a worker that fetched a message from each of the fleet's queues dies (its
heartbeat long past), and the time of one call on each of those queues that runs the maintenance
is taken, summed (the median of the rounds): dramatiq's script requeues the dead worker's messages
of the call's queue only and forgets the worker once none is left, so it needs both; the fleet's
requeues them all in the first. The floor: the same calls with no dead worker.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import dramatiq
import redis

from bench.harness import redis_server
from bench.results import Figure
from messages import QUEUES
from workers.redis_broker import FleetRedisBroker

COMMAND = "make bench  # bench/maintenance.py"
KEYS_HELD = 1_000_000
ROUNDS = 5
NAMESPACE = "verifleet-dramatiq"

_FILL = """
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do
    redis.call("set", "verifleet:verdict:" .. i, "1")
end
"""


def fill(client: redis.Redis, keys: int, per_call: int = 100_000) -> None:
    """``keys`` small keys, written by a script in calls of ``per_call``."""
    script = client.register_script(_FILL)
    for first in range(0, keys, per_call):
        script(args=[first, min(first + per_call, keys) - 1])


def dead_worker(url: str) -> str:
    """A worker that fetched one message from each of the fleet's queues and died: its broker id."""
    broker = FleetRedisBroker(url=url, namespace=NAMESPACE, maintenance_chance=0)
    for queue in QUEUES:
        broker.declare_queue(queue)
        broker.enqueue(dramatiq.Message(queue_name=queue, actor_name="a", args=(1,), kwargs={}, options={}))
        if next(broker.consume(queue, prefetch=1, timeout=100)) is None:
            raise RuntimeError(f"the dying worker fetched nothing from {queue}")
    broker.close()
    broker.client.zadd(f"{NAMESPACE}:__heartbeats__", {broker.broker_id: 0})
    broker.client.close()
    return broker.broker_id


def maintenance_ms(broker: FleetRedisBroker) -> float:
    """A dispatch on each of the fleet's queues, each running the maintenance, in ms."""
    started = time.perf_counter()
    for queue in QUEUES:
        broker.do_qsize(queue)
    return (time.perf_counter() - started) * 1000


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """``seconds`` is unused: :data:`ROUNDS` dead workers per script, on :data:`KEYS_HELD` keys."""
    times: dict[str, list[float]] = {"fleet": [], "stock": [], "floor": []}
    with redis_server() as server:
        client = redis.Redis.from_url(server.url)
        fill(client, KEYS_HELD)
        brokers: dict[str, Any] = {}
        for kind in times:
            brokers[kind] = FleetRedisBroker(
                url=server.url, namespace=NAMESPACE, maintenance_chance=1_000_000
            )
        # dramatiq's own script, as RedisBroker registers it
        brokers["stock"].scripts["dispatch"] = brokers["stock"].client.register_script(
            dramatiq.brokers.redis._scripts["dispatch"]
        )
        for _ in range(ROUNDS):
            for kind in ("fleet", "stock"):
                gone = dead_worker(server.url)
                times[kind].append(maintenance_ms(brokers[kind]))
                if client.zscore(f"{NAMESPACE}:__heartbeats__", gone) is not None:
                    raise RuntimeError(f"{kind}: the dead worker outlived the maintenance")
                if any(client.llen(f"{NAMESPACE}:{queue}") != 1 for queue in QUEUES):
                    raise RuntimeError(f"{kind}: the dead worker's messages were not requeued")
                client.delete(*(f"{NAMESPACE}:{queue}" for queue in QUEUES))
                client.delete(*(f"{NAMESPACE}:{queue}.msgs" for queue in QUEUES))
                client.delete(*(f"{NAMESPACE}:__acks__.{gone}.{queue}" for queue in QUEUES))
            times["floor"].append(maintenance_ms(brokers["floor"]))
        held = int(client.dbsize())
        for broker in brokers.values():
            broker.close()
        client.close()
    ms = {kind: statistics.median(found) for kind, found in times.items()}
    note = (
        f"one dead worker holding a message of each queue, {held:,} keys in the database; median of {ROUNDS}"
    )
    return {
        "maintenance_dead_worker_ms": Figure(
            round(ms["fleet"], 3), "ms", ">= 0", COMMAND, note=f"{note}; the fleet's dispatch script"
        ),
        "maintenance_dead_worker_stock_ms": Figure(
            round(ms["stock"], 3), "ms", ">= 0", COMMAND, note=f"{note}; dramatiq's dispatch script (KEYS)"
        ),
        "maintenance_floor_ms": Figure(
            round(ms["floor"], 3), "ms", ">= 0", COMMAND, note="the same calls, no dead worker"
        ),
        "maintenance_vs_stock": Figure(
            round(ms["fleet"] / ms["stock"], 4),
            "fraction of dramatiq's",
            "<= 0.05",
            COMMAND,
            note=f"{note}: {ms['fleet']:.2f} ms against {ms['stock']:.2f} ms (floor {ms['floor']:.2f} ms)",
        ),
    }


if __name__ == "__main__":  # this bench alone: python -m bench.maintenance (merged into bench/results.json)
    from bench.results import table, write

    found = run()
    write(found)
    print(table(found))
