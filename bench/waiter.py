"""What a coordinator waiting for one job costs while the fleet publishes other verdicts.

A process publishes verdicts of other jobs as fast as it can (``EventStore.publish``, the workers'
own step: several thousand a second here) while this one calls ``Client.wait`` for a job that never
gets one, until its timeout; the figure is the waiter's CPU time over the wait, as a fraction of a
core. Until 2026-11-26 a waiter read the verdict stream and parsed every verdict on it (about half a
core at 5,000 verdicts a second); it now blocks on its own job's done list (``workers/events.py``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from multiprocessing.synchronize import Event

import redis

from bench.harness import all_cores, redis_server
from bench.results import Figure
from checks import error_verdict
from messages import VerdictTimeout
from workers.client import Client
from workers.events import STREAM, EventStore
from workers.settings import Settings

COMMAND = "make bench  # bench/waiter.py"
WAIT_S = 4.0


def _publish_others(url: str, stop: Event) -> None:
    store = EventStore(redis.Redis.from_url(url))
    i = 0
    while not stop.is_set():
        store.publish(
            error_verdict("another job's verdict", job_id=f"other-{i}", mission_id="m", task_id=f"t{i}")
        )
        i += 1


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """``seconds`` is unused: the wait lasts :data:`WAIT_S`."""
    with all_cores(), redis_server() as server:
        stop = multiprocessing.get_context("fork").Event()
        publisher = multiprocessing.get_context("fork").Process(
            target=_publish_others, args=(server.url, stop), daemon=True
        )
        publisher.start()
        r = redis.Redis.from_url(server.url)
        try:
            time.sleep(0.5)  # the publisher under way
            before = int(r.xlen(STREAM))
            with Client(Settings(redis_url=server.url)) as client:
                cpu, started = time.process_time(), time.monotonic()
                with contextlib.suppress(VerdictTimeout):
                    client.wait("never-published", timeout=WAIT_S)
                cpu, wall = time.process_time() - cpu, time.monotonic() - started
            rate = (int(r.xlen(STREAM)) - before) / wall
        finally:
            stop.set()
            publisher.join(timeout=10)
            r.close()
    return {
        "waiter_cpu_fraction": Figure(
            round(cpu / wall, 3),
            "of a core",
            "<= 0.05",
            COMMAND,
            f"Client.wait for a job with no verdict for {wall:.1f} s while {rate:,.0f} other verdicts a "
            "second were published: the waiter's CPU over the wait",
        )
    }


if __name__ == "__main__":  # this bench alone: python -m bench.waiter (merged into bench/results.json)
    from bench.results import table, write

    found = run()
    write(found)
    print(table(found))
