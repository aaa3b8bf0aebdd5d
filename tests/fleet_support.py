"""Helpers shared by the fleet tests: real worker processes, service discovery, polling.

Imported by name (``from fleet_support import ...``): ``from conftest import`` would pick
whichever directory's conftest module was imported first.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import redis

from bench.harness import descendants, kill
from workers.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def answers(url: str) -> bool:
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=0.3)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except redis.RedisError:
        return False


def _tcp_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.3):
            return True
    except OSError:
        return False


AMQP_URL = os.environ.get("VERIFLEET_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F")


def amqp_available() -> bool:
    if "VERIFLEET_TEST_AMQP_URL" in os.environ:
        return True
    return _tcp_open("127.0.0.1", 5672)


def settings_env(settings: Settings) -> dict[str, str]:
    env = dict(os.environ)
    env["VERIFLEET_REDIS_URL"] = settings.state_url
    if settings.broker_url:
        env["VERIFLEET_BROKER_URL"] = settings.broker_url
    env["VERIFLEET_MAX_RETRIES"] = str(settings.max_retries)
    env["VERIFLEET_MIN_BACKOFF_MS"] = str(settings.min_backoff_ms)
    env["VERIFLEET_LOG_FORMAT"] = "json"
    # No /metrics server (nor its forked process): worker pairs on one host would race for 9191.
    # tests/ops starts workers with a free port of its own.
    env["VERIFLEET_METRICS_PORT"] = "0"
    return env


WORKER = [sys.executable, "-m", "workers.cli", "worker"]


SPAWNED: list[subprocess.Popen[bytes]] = []
"""Every tree :func:`spawn` started; the session's end stops those still running (conftest)."""


def spawn(
    command: list[str], env: dict[str, str], output: Any = subprocess.DEVNULL, *, session: bool = False
) -> subprocess.Popen[bytes]:
    """A process tree for a test (``verifleet worker`` and such), run from the project root. Stop
    it with :func:`stop_tree`; a test that does not is covered at the end of the session.

    ``session``: in a session of its own, as a command started from a shell is in a process group
    of its own; ``os.killpg(process.pid, ...)`` then signals that group, as a terminal does."""
    process = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, start_new_session=session
    )
    SPAWNED.append(process)
    return process


def stop_tree(process: subprocess.Popen[bytes], timeout: float = 30.0) -> int | None:
    """SIGTERM ``process`` and wait for it; its exit code. If it does not exit in ``timeout``, or
    exits leaving processes behind, they are SIGKILLed, ``process`` first (None: it was killed):
    a worker process left running would serve the jobs of the tests after this one."""
    tree = descendants(process.pid)
    if process.poll() is None:
        process.terminate()
    try:
        code: int | None = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        code = None
    kill(tree)
    psutil.wait_procs(tree, timeout=10)
    return code


class WorkerPair:
    """An inline and a batch ``verifleet worker``, as separate process trees."""

    def __init__(self, settings: Settings, log_dir: Path, *, threads: int = 4) -> None:
        self.env = settings_env(settings)
        self.log_dir = log_dir
        self.threads = threads
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self) -> WorkerPair:
        for queue in ("verify-inline", "verify-batch"):
            with (self.log_dir / f"{queue}.log").open("ab") as log:
                command = [*WORKER, "--queues", queue, "--processes", "1", "--threads", str(self.threads)]
                self.processes.append(spawn(command, self.env, log))
        return self

    def logs(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.log_dir.glob("*.log")))

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.terminate()
        for p in self.processes:
            stop_tree(p)


def wait_for(predicate: Any, timeout: float = 10.0, interval: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())
