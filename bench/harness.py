"""A fleet on this machine, for the benchmarks and the chaos runs: a Redis server, ``verifleet
worker`` process trees, and the verdicts read back from the stream.

Redis is ``VERIFLEET_BENCH_REDIS_URL`` when set (its database is flushed first), else an embedded
redis-server (``workers/embedded.py``) on a free port. ``bench/__main__.py`` pins itself to one
core for the in-process figures; :func:`all_cores` gives the processes started inside it every
core again, so worker processes, Redis and the bench client share the machine as they would in
production.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
import redis

from workers.brokers import queue_namespace
from workers.embedded import EmbeddedRedis
from workers.events import STREAM
from workers.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
CPUS: set[int] = set(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else set()
"""Every core this process may use, read before ``bench/__main__.py`` pins it to one."""


@contextmanager
def all_cores() -> Iterator[None]:
    """Run the block, and every process started in it, on all cores."""
    if not hasattr(os, "sched_setaffinity") or not CPUS:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, CPUS)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


@dataclass
class Server:
    url: str
    embedded: EmbeddedRedis | None = None


@contextmanager
def redis_server(*, appendonly: bool = False, port: int | None = None) -> Iterator[Server]:
    """``VERIFLEET_BENCH_REDIS_URL`` (flushed), else an embedded redis-server for the block."""
    explicit = os.environ.get("VERIFLEET_BENCH_REDIS_URL")
    if explicit and not appendonly and port is None:
        flush(explicit)
        yield Server(explicit)
        flush(explicit)
        return
    with all_cores(), EmbeddedRedis(appendonly=appendonly, port=port) as embedded:
        yield Server(embedded.url, embedded)


def flush(url: str) -> None:
    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()


def worker_env(settings: Settings, **extra: str) -> dict[str, str]:
    """The environment of a ``verifleet worker`` for ``settings`` (and ``VERIFLEET_*`` extras)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VERIFLEET_", "dramatiq_"))}
    env["VERIFLEET_REDIS_URL"] = settings.state_url
    if settings.broker_url:
        env["VERIFLEET_BROKER_URL"] = settings.broker_url
    env["VERIFLEET_METRICS_PORT"] = "0"
    env["VERIFLEET_LOG_FORMAT"] = "json"
    env["VERIFLEET_PIN_CPUS"] = "true"  # a bench machine is the workers' own: a core per process
    env.update(extra)
    return env


@dataclass
class Tree:
    """One worker command (``verifleet worker`` or a bare ``dramatiq``) and the processes under it."""

    process: subprocess.Popen[bytes]
    log: Path
    supervised: bool
    """True for ``verifleet worker``, whose children work; else a bare ``dramatiq``, whose main
    process's children do."""

    def workers(self) -> list[int]:
        """The pids of the processes that run actors."""
        if self.supervised:
            return worker_processes(self.process.pid)
        return [pid for pid in children(self.process.pid) if alive(pid)]

    def stop(self, timeout: float = 30.0) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                # Its own session holds only what it started, but `verifleet worker` runs each
                # worker process in a process group of its own: every descendant, then the group.
                kill(descendants(self.process.pid))
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@dataclass
class Fleet:
    trees: list[Tree] = field(default_factory=list)

    def workers(self) -> list[int]:
        return [pid for tree in self.trees for pid in tree.workers()]

    def logs(self) -> str:
        return "\n".join(t.log.read_text(errors="replace") for t in self.trees if t.log.exists())


def start_tree(
    env: dict[str, str],
    log: Path,
    *,
    queues: Sequence[str] = ("verify-inline", "verify-batch"),
    processes: int = 1,
    threads: int = 8,
    module: str | None = None,
) -> Tree:
    """``verifleet worker`` (or, with ``module``, ``dramatiq <module>``) in a session of its own."""
    if module is None:
        command = [sys.executable, "-m", "workers.cli", "worker", "--queues", ",".join(queues)]
        command += ["--processes", str(processes), "--threads", str(threads)]
    else:
        command = [sys.executable, "-m", "dramatiq", module, "--processes", str(processes)]
        command += ["--threads", str(threads), "--queues", *queues]
    # The consumer's idle poll, the same for the fleet and the no-op baseline: the fleet's setting
    # (VERIFLEET_WORKER_TIMEOUT_MS, else its default), which the bare dramatiq baseline cannot read.
    poll = env.get("VERIFLEET_WORKER_TIMEOUT_MS") or str(Settings.model_fields["worker_timeout_ms"].default)
    env = {**env, "dramatiq_worker_timeout": env.get("dramatiq_worker_timeout", poll)}
    with log.open("ab") as out:
        process = subprocess.Popen(
            command, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    return Tree(process, log, supervised=module is None)


@contextmanager
def running(trees: list[Tree]) -> Iterator[Fleet]:
    fleet = Fleet(trees)
    try:
        yield fleet
    finally:
        for tree in fleet.trees:
            if tree.process.poll() is None:
                tree.process.send_signal(signal.SIGTERM)
        for tree in fleet.trees:
            tree.stop()


def children(pid: int) -> list[int]:
    """Direct children of a process (none once it is gone)."""
    try:
        return [child.pid for child in psutil.Process(pid).children()]
    except psutil.NoSuchProcess:
        return []


def worker_processes(supervisor: int) -> list[int]:
    """The worker processes (:mod:`workers.process`) a ``verifleet worker`` runs: its children but
    the ``/metrics`` server."""
    found = []
    with contextlib.suppress(psutil.NoSuchProcess):
        for child in psutil.Process(supervisor).children():
            with contextlib.suppress(psutil.Error):  # one that ended in between
                if "workers.process" in child.cmdline():
                    found.append(child.pid)
    return found


def descendants(pid: int) -> list[psutil.Process]:
    """Every process under ``pid``, children first (none once it is gone)."""
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def kill(processes: Sequence[psutil.Process]) -> None:
    """SIGKILL each of ``processes`` still there."""
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            process.kill()


def alive(pid: int) -> bool:
    """Running, not a zombie its parent has yet to reap."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def cpu_s(pid: int) -> float:
    """CPU time (user + system) a process has used, in seconds; 0 once it is gone."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return float(times.user + times.system)


def rss_mb(pid: int) -> float:
    """Resident set size of a process, in MB."""
    return float(psutil.Process(pid).memory_info().rss) / (1024 * 1024)


def wait_ready(url: str, settings: Settings, processes: int, *, since_ms: int, timeout: float = 60.0) -> None:
    """Wait until ``processes`` broker ids have beaten on the Redis broker since ``since_ms``."""
    client = redis.Redis.from_url(url)
    key = f"{queue_namespace(settings)}:__heartbeats__"
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if client.zcount(key, since_ms, "+inf") >= processes:
                return
            time.sleep(0.05)
    finally:
        client.close()
    raise TimeoutError(f"{processes} worker processes did not start within {timeout:g} s")


def now_ms() -> int:
    return int(time.time() * 1000)


@dataclass
class Verdicts:
    """Verdict events read from the stream as they arrive: counts per job_id and arrival times."""

    client: redis.Redis
    after: str = "0-0"
    counts: Counter[str] = field(default_factory=Counter)
    arrived: dict[str, float] = field(default_factory=dict)
    events: dict[str, dict[str, Any]] = field(default_factory=dict)
    keep: bool = False
    """Keep each event's JSON (``events``), not only its job_id."""

    def poll(self, block_ms: int = 50) -> int:
        """Read what arrived; how many entries."""
        try:
            got = self.client.xread({STREAM: self.after}, count=5_000, block=block_ms)
        except redis.ConnectionError:
            time.sleep(0.2)  # the server is restarting: read again later
            return 0
        n = 0
        now = time.monotonic()
        for _stream, items in got or []:
            for entry_id, fields in items:
                self.after = entry_id.decode()
                job_id = fields[b"job_id"].decode("utf-8", "replace")
                self.counts[job_id] += 1
                self.arrived.setdefault(job_id, now)
                if self.keep:
                    self.events[job_id] = json.loads(fields[b"event"])
                n += 1
        return n

    def wait(self, job_ids: set[str], timeout: float) -> bool:
        """Poll until every job in ``job_ids`` has a verdict; False at the timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if job_ids <= self.counts.keys():
                return True
        return job_ids <= self.counts.keys()
