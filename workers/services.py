"""The background services of one worker process, started and stopped by dramatiq middleware.

After a dramatiq worker process boots, :class:`Services` starts, as daemon threads:

- its **heartbeat** (``workers/heartbeat.py``), always;
- a batch **flusher** (``workers/batching.py``) when the process consumes ``verify-batch`` and a
  judge is configured;
- a **webhook sender** (``workers/webhook.py``) when ``VERIFLEET_WEBHOOK_URL`` is set.

A process that serves only ``verify-batch`` takes longer GIL turns (``VERIFLEET_BATCH_GIL_SWITCH_MS``,
``workers/affinity.py``) and lowers its CPU priority by ``VERIFLEET_BATCH_NICE`` (default 0, off),
or with ``VERIFLEET_BATCH_IDLE_PRIORITY=true`` runs in Linux's SCHED_IDLE class: set on a host
shared with inline workers, batch work takes the CPU they leave (separate hosts or CPU quotas do
the same in a larger deployment).

Graceful shutdown (SIGTERM to ``verifleet worker``, passed on to dramatiq): dramatiq stops taking
messages, lets the jobs in flight finish and puts the prefetched ones back on their queue; then,
in ``after_worker_shutdown``, the flusher flushes the parked work it holds (what it cannot flush
it parks again for another worker), the sender stops (the events it held are taken over by
another sender after the claim idle time), and the heartbeat record is removed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from typing import Any

import dramatiq
import structlog

from checks import warm_up
from messages import VerdictEvent, VerifyJob
from workers.affinity import batch_switch_interval, own_threads
from workers.batching import Flusher, consumer_name
from workers.brokers import BATCH_QUEUE, consumed_queues
from workers.heartbeat import Heartbeat, worker_id
from workers.runtime import RuntimeHolder
from workers.supervisor import mark_ready
from workers.webhook import WebhookSender

log = structlog.get_logger("verifleet.services")

Publish = Callable[[VerdictEvent, VerifyJob | None], object]


def idle_priority() -> bool:
    """Put this process's threads (and the threads they start) in Linux's SCHED_IDLE class: they run
    only when no other thread on the host wants the core. False where there is no such class (not
    Linux), or the kernel refuses; the priority is then left alone, and the log says so."""
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is None or not hasattr(os, "sched_setscheduler"):
        log.warning("batch_idle_priority_unavailable", reason="no SCHED_IDLE on this platform")
        return False
    try:
        for tid in own_threads():
            with contextlib.suppress(ProcessLookupError):  # a thread that ended in between
                os.sched_setscheduler(tid, idle, os.sched_param(0))
    except OSError as exc:
        log.warning("batch_idle_priority_unavailable", reason=str(exc))
        return False
    return True


class Services(dramatiq.Middleware):
    def __init__(self, holder: RuntimeHolder, publish: Publish) -> None:
        self.holder = holder
        self.publish = publish
        self.heartbeat: Heartbeat | None = None
        self.flusher: Flusher | None = None
        self.sender: WebhookSender | None = None
        self.threads: list[threading.Thread] = []
        self._stopping = threading.Event()

    def before_worker_boot(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        warm_up()  # before the consumers: no first job waits for the checks' tables
        if consumed_queues(broker, worker) != [BATCH_QUEUE]:
            return
        settings = self.holder.settings
        batch_switch_interval(settings.batch_gil_switch_ms)  # longer GIL turns: fewer hand-overs
        # Before dramatiq starts its threads: on Linux a thread inherits its creator's nice value
        # and scheduling class.
        if settings.batch_idle_priority:
            idle_priority()
        elif settings.batch_nice and hasattr(os, "nice"):
            os.nice(settings.batch_nice)  # batch work yields the CPU to inline workers on this host

    def after_worker_boot(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        mark_ready()  # its consumers run: a death from now on is not a failed start
        self._stopping = threading.Event()
        self._spawn("services-start", lambda: self._keep_starting(broker, worker))

    def _keep_starting(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        """Start the services, trying again every few seconds while Redis (or the judge's
        configuration) is not there yet: a hook never breaks the worker."""
        while not self._stopping.is_set():
            try:
                self._start(broker, worker)
                return
            except Exception:
                log.exception("services_failed_to_start")
                self._stopping.wait(2.0)

    def _start(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        runtime = self.holder.get()
        settings = runtime.settings
        queues = consumed_queues(broker, worker)
        me = worker_id()
        client = runtime.events.redis
        self.heartbeat = Heartbeat(
            client, settings.key_prefix, me, queues, interval_s=settings.heartbeat_interval_s
        )
        self._spawn("heartbeat", self.heartbeat.run)
        if BATCH_QUEUE in queues and runtime.judge is not None and runtime.policies is not None:
            self.flusher = Flusher(runtime, runtime.policies, self.publish, consumer_name(me))
            self._spawn("batch-flusher", self.flusher.run)
        if settings.webhook_url and settings.webhook_secret is not None:
            self.sender = WebhookSender(
                client,
                settings.key_prefix,
                settings.webhook_url,
                settings.webhook_secret.get_secret_value(),
                consumer=f"webhook-{me}",
                timeout_s=settings.webhook_timeout_s,
                max_attempts=settings.webhook_max_attempts,
                backoff_s=settings.webhook_backoff_s,
                backoff_max_s=settings.webhook_backoff_max_s,
                claim_idle_ms=settings.batch_claim_idle_ms,
            )
            self._spawn("webhook", self.sender.run)
        log.info("services_started", worker=me, queues=queues, flusher=self.flusher is not None)

    def _spawn(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=target, name=f"verifleet-{name}", daemon=True)
        thread.start()
        self.threads.append(thread)

    def before_process_message(self, broker: dramatiq.Broker, message: Any) -> None:
        if self.heartbeat is not None:
            self.heartbeat.started_job()

    def after_process_message(
        self, broker: dramatiq.Broker, message: Any, *, result: Any = None, exception: Any = None
    ) -> None:
        if self.heartbeat is not None:
            self.heartbeat.finished_job()

    def after_skip_message(self, broker: dramatiq.Broker, message: Any) -> None:
        if self.heartbeat is not None:
            self.heartbeat.finished_job()

    def after_worker_shutdown(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        self._stopping.set()
        for service in (self.flusher, self.sender):
            if service is not None:
                service.stop.set()
        for thread in self.threads:
            if thread.name != "verifleet-heartbeat":
                thread.join(timeout=self.holder.settings.job_time_limit_ms / 1000)
        if self.heartbeat is not None:
            self.heartbeat.stop.set()
        for thread in self.threads:
            thread.join(timeout=5)
        log.info("services_stopped")
