"""What the fleet's Redis may evict, told when workers start (``workers/eviction.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
import structlog

from workers.eviction import Eviction, check, eviction
from workers.settings import Settings, redact

pytestmark = pytest.mark.integration


class TestPolicy:
    @pytest.mark.parametrize(
        ("info", "holds_queues", "risk"),
        [
            ({"maxmemory": 0, "maxmemory_policy": "allkeys-lru"}, True, None),  # no limit: never evicts
            ({"maxmemory": 1 << 30, "maxmemory_policy": "noeviction"}, True, None),
            ({"maxmemory": 1 << 30, "maxmemory_policy": "allkeys-lru"}, True, "jobs"),
            ({"maxmemory": 1 << 30, "maxmemory_policy": "allkeys-random"}, True, "jobs"),
            ({"maxmemory": 1 << 30, "maxmemory_policy": "allkeys-lru"}, False, "expiring"),  # RabbitMQ queues
            ({"maxmemory": 1 << 30, "maxmemory_policy": "volatile-ttl"}, True, "expiring"),
            ({}, True, None),  # a Redis that says nothing of it
        ],
    )
    def test_what_each_policy_may_take(
        self, info: dict[str, object], holds_queues: bool, risk: str | None
    ) -> None:
        found = eviction(info, holds_queues=holds_queues)
        assert (found.risk if found else None) == risk


@pytest.fixture
def evicting(redis_client: redis.Redis) -> Iterator[redis.Redis]:
    """The test Redis with a memory limit and allkeys-lru for the test, then as it was."""
    try:
        before = redis_client.config_get("maxmemory*")
    except redis.ResponseError as e:
        pytest.skip(f"this Redis refuses CONFIG: {e}")
    redis_client.config_set("maxmemory", str(8 << 30))
    redis_client.config_set("maxmemory-policy", "allkeys-lru")
    try:
        yield redis_client
    finally:
        redis_client.config_set("maxmemory-policy", before["maxmemory-policy"])
        redis_client.config_set("maxmemory", before["maxmemory"])


def test_workers_starting_on_a_redis_that_may_evict_jobs_say_so(
    evicting: redis.Redis, redis_url: str
) -> None:
    """Given the fleet's Redis at allkeys-lru with a limit, then the check logs an error naming the
    policy and the fix; at volatile-lru, a warning about what expires."""
    with structlog.testing.capture_logs() as logs:
        found = check(Settings(redis_url=redis_url))
    assert found == [Eviction("allkeys-lru", 8 << 30, "jobs")]
    (line,) = [e for e in logs if e["event"] == "redis_may_evict"]
    assert line["log_level"] == "error" and line["policy"] == "allkeys-lru"
    assert "noeviction" in line["advice"] and line["url"] == redact(redis_url)
    evicting.config_set("maxmemory-policy", "volatile-lru")
    with structlog.testing.capture_logs() as logs:
        assert [e.risk for e in check(Settings(redis_url=redis_url))] == ["expiring"]
    (line,) = [e for e in logs if e["event"] == "redis_may_evict"]
    assert line["log_level"] == "warning" and "verdict records" in line["evicts"]


def test_a_redis_that_keeps_everything_is_not_mentioned(redis_url: str) -> None:
    with structlog.testing.capture_logs() as logs:
        assert check(Settings(redis_url=redis_url)) == [] or pytest.skip("the test Redis itself may evict")
    assert not [e for e in logs if e["event"] == "redis_may_evict"]


def test_a_redis_that_does_not_answer_is_left_to_the_workers() -> None:
    with structlog.testing.capture_logs() as logs:
        assert check(Settings(redis_url="redis://127.0.0.1:1/0"), timeout_s=0.5) == []
    assert [e["event"] for e in logs] == ["redis_eviction_unchecked"]
