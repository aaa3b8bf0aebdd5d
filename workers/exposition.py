"""The one ``/metrics`` server of a worker host, and the queue gauges it reads at scrape time.

``verifleet worker`` (the supervisor) points ``PROMETHEUS_MULTIPROC_DIR`` and dramatiq's
``dramatiq_prom_db`` at one directory, wiped when it starts. Every worker process writes its
samples there: verifleet's (``workers/metrics.py``) and dramatiq's own Prometheus middleware's.
:func:`serve` runs in a process of the supervisor's own (under a bare ``dramatiq``, in a process
dramatiq forks: the middleware's ``forks``); it merges the directory and adds, at each scrape,
gauges read from the broker:

- ``verifleet_queue_depth{queue}``, ``verifleet_queue_delayed{queue}``,
  ``verifleet_queue_dead_letters{queue}``, ``verifleet_queue_oldest_age_seconds{queue}``;
- ``verifleet_batch_parked_items``: judge work parked for a batch flush and not flushed yet (the
  length of the parking stream on the state Redis; left out of a scrape that cannot read it);
- ``verifleet_broker_up``: 1 when the broker answered this scrape.

Every worker host reports the same queue gauges: aggregate them with ``max by (queue)``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from typing import TYPE_CHECKING

import redis
import structlog

from messages import FleetError
from workers.queues import QueueStats, parked_count, queue_client, read_queue_stats, reader
from workers.settings import Settings, redact

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry
    from prometheus_client.core import Metric

log = structlog.get_logger("verifleet.metrics")

BIND_RETRY_S = 2.0


def metrics_dir() -> str:
    """The directory dramatiq's Prometheus middleware writes to (``dramatiq_prom_db``)."""
    from dramatiq.middleware.prometheus import DB_PATH  # noqa: PLC0415  (reads the env at import)

    return str(DB_PATH)


BROKER_UP = ("verifleet_broker_up", "1 when the job broker answered this scrape.")
PARKED = ("verifleet_batch_parked_items", "Judge work parked for a batch flush, not yet flushed.")
QUEUE_GAUGES = {
    "depth": ("verifleet_queue_depth", "Messages waiting in the queue."),
    "delayed": ("verifleet_queue_delayed", "Delayed messages (retry backoff) waiting on the broker."),
    "dead_letters": ("verifleet_queue_dead_letters", "Dead-lettered messages."),
    "oldest_age_seconds": (
        "verifleet_queue_oldest_age_seconds",
        "Age of the oldest waiting message (0 when the queue is empty).",
    ),
}
"""Per-queue gauges, by the QueueStats field they show; each is labelled ``queue``."""


def gauge_names() -> list[str]:
    """Every gauge the collector can yield (tests check dashboards and rules against them)."""
    return [BROKER_UP[0], PARKED[0], *(name for name, _ in QUEUE_GAUGES.values())]


class QueueCollector:
    """Gauges read from the broker on each scrape (two pipelined round trips on Redis).

    It keeps one Redis client per URL for its life (one when the queues and the parked work share a
    Redis), so a scrape reuses pooled connections instead of opening two.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._clients: dict[str, redis.Redis] = {}
        self._lock = threading.Lock()  # scrapes run in threads of their own

    def client(self, url: str) -> redis.Redis:
        with self._lock:
            if url not in self._clients:
                self._clients[url] = queue_client(url)
            return self._clients[url]

    def collect(self) -> Iterator[Metric]:
        from prometheus_client.core import GaugeMetricFamily  # noqa: PLC0415

        try:
            client = None if self.settings.queues_on_rabbitmq else self.client(self.settings.queue_url)
            stats: list[QueueStats] | None = read_queue_stats(self.settings, client=client)
        except FleetError as e:
            log.warning("queue_stats_failed", error=str(e))
            stats = None
        up = GaugeMetricFamily(*BROKER_UP)
        up.add_metric([], 1.0 if stats is not None else 0.0)
        yield up
        for field, (name, doc) in QUEUE_GAUGES.items() if stats is not None else ():
            family = GaugeMetricFamily(name, doc, labels=["queue"])
            for s in stats or []:
                value = getattr(s, field)
                if value is None and s.depth == 0:
                    value = 0.0  # an empty queue has no oldest message: nothing is waiting
                if value is not None:
                    family.add_metric([s.queue], float(value))
            yield family
        waiting: int | None = None
        if stats is not None or self.settings.state_url != self.settings.queue_url:
            try:  # (not when the Redis that holds both just failed: one timeout per scrape is enough)
                waiting = parked_items(self.settings, self.client(self.settings.state_url))
            except FleetError as e:
                log.warning("parked_items_failed", error=str(e))
        if waiting is not None:
            parked = GaugeMetricFamily(*PARKED)
            parked.add_metric([], float(waiting))
            yield parked


def parked_items(settings: Settings, client: redis.Redis | None = None) -> int:
    """Judge work parked for a batch flush and not flushed yet: the entries of the parking stream
    (``<prefix>:judge:parked``, :class:`workers.batching.ParkingLot`) on the state Redis, those a
    flusher holds included (a flush deletes its entries; a re-park replaces one).

    Raises:
        FleetError: the state Redis could not be reached.
    """
    try:
        with reader(settings.state_url, client) as r:
            return parked_count(r, settings.key_prefix)
    except redis.RedisError as e:
        raise FleetError(f"could not read the parked judge work on {redact(settings.state_url)}: {e}") from e


def build_registry(settings: Settings, directory: str) -> CollectorRegistry:
    """The merged multiprocess files (the circuit gauge read from Redis) plus the queue gauges."""
    from prometheus_client import CollectorRegistry  # noqa: PLC0415
    from prometheus_client.multiprocess import MultiProcessCollector  # noqa: PLC0415

    from workers.judge_state import CircuitCollector  # noqa: PLC0415

    registry = CollectorRegistry()
    files = MultiProcessCollector(None, path=directory)  # type: ignore[no-untyped-call]
    registry.register(CircuitCollector(settings, files))  # verifleet_circuit_open from Redis
    registry.register(QueueCollector(settings))
    return registry


def make_server(settings: Settings, directory: str) -> ThreadingHTTPServer:
    from prometheus_client.exposition import MetricsHandler  # noqa: PLC0415

    registry = build_registry(settings, directory)

    class Handler(MetricsHandler):
        def do_GET(self) -> None:  # noqa: N802  (http.server names the hook)
            path = self.path.split("?", 1)[0]
            if path == "/metrics":
                super().do_GET()
                return
            body, status = (b"ok\n", 200) if path == "/healthz" else (b"not found: try /metrics\n", 404)
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

    Handler.registry = registry
    server = ThreadingHTTPServer((settings.metrics_host, settings.metrics_port), Handler)
    server.daemon_threads = True
    return server


def serve() -> int:
    """Serve ``/metrics`` until the parent (the supervisor, or dramatiq's main process) goes away."""
    from workers.logs import configure  # noqa: PLC0415

    settings = Settings()
    configure(settings.log_level, settings.log_format)
    directory = metrics_dir()
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory  # before prometheus_client is imported here
    parent = os.getppid()
    warned = False
    while True:
        try:
            server = make_server(settings, directory)
            break
        except OSError as e:
            if not warned:
                log.warning(
                    "metrics_port_busy", port=settings.metrics_port, error=str(e), retry_s=BIND_RETRY_S
                )
                warned = True
            time.sleep(BIND_RETRY_S)
            if os.getppid() != parent:
                return 1

    def watch_parent() -> None:
        # A SIGKILLed parent leaves this process behind; it must not hold the port for the next one.
        while os.getppid() == parent:
            time.sleep(1.0)
        server.shutdown()

    threading.Thread(target=watch_parent, name="metrics-parent-watch", daemon=True).start()
    log.info("metrics_serving", port=settings.metrics_port, dir=directory)
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()
    return 0
