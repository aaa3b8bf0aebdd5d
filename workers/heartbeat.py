"""Worker heartbeats: each worker process says, every few seconds, that it is alive and how busy.

Every dramatiq worker process of the fleet keeps one field in the hash ``<prefix>:workers``:
its id (``<host>-<pid>-<token>``, also the name of its batch flusher and webhook consumers) and a
JSON record: host, pid, queues, when it started, when it last beat, jobs in flight, jobs done. It
beats every ``VERIFLEET_HEARTBEAT_INTERVAL_S`` and removes its field when it shuts down;
:func:`live_workers` reads the records, and forgets the ones silent for three intervals (a
process that was killed never removes its own). The brokers keep heartbeats of their own (the
Redis broker requeues a dead process's messages from them); these are the fleet's, for
operators and for the consumers of parked work.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import redis
import structlog

log = structlog.get_logger("verifleet.heartbeat")


def worker_id() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def workers_key(prefix: str) -> str:
    return f"{prefix}:workers"


@dataclass
class Heartbeat:
    client: redis.Redis
    prefix: str
    id: str
    queues: Sequence[str]
    interval_s: float = 5.0
    stop: threading.Event = field(default_factory=threading.Event)
    started_at: float = field(default_factory=time.time)
    in_flight: int = 0
    processed: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self) -> dict[str, Any]:
        with self._lock:
            busy, done = self.in_flight, self.processed
        return {
            "id": self.id,
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "queues": sorted(self.queues),
            "started_at": round(self.started_at, 3),
            "beat_at": round(time.time(), 3),
            "in_flight": busy,
            "processed": done,
        }

    def beat(self) -> None:
        self.client.hset(workers_key(self.prefix), self.id, json.dumps(self.record()))

    def started_job(self) -> None:
        with self._lock:
            self.in_flight += 1

    def finished_job(self) -> None:
        with self._lock:
            self.in_flight = max(0, self.in_flight - 1)
            self.processed += 1

    def run(self) -> None:
        while True:
            try:
                self.beat()
            except redis.RedisError:
                log.warning("heartbeat_failed", worker=self.id, exc_info=True)
            if self.stop.wait(self.interval_s):
                break
        try:
            self.client.hdel(workers_key(self.prefix), self.id)
        except redis.RedisError:
            log.warning("heartbeat_leave_failed", worker=self.id, exc_info=True)


def live_workers(client: redis.Redis, prefix: str, *, stale_after_s: float = 15.0) -> list[dict[str, Any]]:
    """The records of workers that beat within ``stale_after_s``; older records are deleted."""
    raw: dict[bytes, bytes] = client.hgetall(workers_key(prefix))  # type: ignore[assignment]
    now = time.time()
    live, stale = [], []
    for key, value in raw.items():
        try:
            record = json.loads(value)
            fresh = now - float(record["beat_at"]) <= stale_after_s
        except (ValueError, KeyError, TypeError):
            fresh, record = False, None
        if fresh:
            live.append(record)
        else:
            stale.append(key)
    if stale:
        client.hdel(workers_key(prefix), *stale)
    return sorted(live, key=lambda r: str(r["id"]))
