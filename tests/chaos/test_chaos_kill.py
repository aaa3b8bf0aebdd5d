"""Chaos, reduced (``make chaos`` runs 5,000 jobs): worker processes killed with SIGKILL while jobs
flow, on Redis and on RabbitMQ; and a job that kills its worker every time it is delivered.

The invariant is the subject: every job_id gets exactly one verdict event, none is lost. The one
timed assertion is the recovery target itself (the last verdict within 15 s of the last kill),
with the tuned broker settings of ``bench.chaos.TUNED``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pika
import pytest
from fleet_support import AMQP_URL, amqp_available

from bench import chaos

pytestmark = [pytest.mark.integration, pytest.mark.slow]

RECOVERY_TARGET_S = 15.0


def other_consumers(url: str) -> int:
    """Consumers already attached to the fleet's queues on that vhost (another test run)."""
    connection = pika.BlockingConnection(pika.URLParameters(url))
    try:
        found = 0
        for queue in ("verify-inline", "verify-batch"):
            channel = connection.channel()
            try:
                found += channel.queue_declare(queue, passive=True).method.consumer_count
            except pika.exceptions.ChannelClosedByBroker:
                continue  # no such queue: nobody consumes it
        return found
    finally:
        connection.close()


@pytest.fixture
def amqp_url() -> Iterator[str]:
    """A vhost of our own (rabbitmqctl); else the shared one, when nobody else consumes there."""
    if not amqp_available():
        pytest.skip("no RabbitMQ answers on 127.0.0.1:5672 (set VERIFLEET_TEST_AMQP_URL)")
    with chaos.rabbit_vhost() as url:
        if url is not None:
            yield url
            return
        busy = other_consumers(AMQP_URL)
        if busy:
            pytest.skip(
                f"no vhost of our own (rabbitmqctl missing or refused) and {busy} other consumer(s) on "
                "the fleet's queues: their flushes and fetches would race this test"
            )
        yield AMQP_URL


class TestKill:
    def test_every_job_gets_one_verdict_on_redis(self, tmp_path: Path) -> None:
        """Given two worker replicas and 800 jobs, when random worker processes are SIGKILLed every
        0.5-1.5 s, then every job gets exactly one verdict, the last within 15 s of the last kill."""
        outcome = chaos.kill_run(jobs=800, interval=(0.5, 1.5), max_kills=3, log_dir=tmp_path, timeout=90)
        assert outcome.ok, (outcome.missing[:10], outcome.duplicated[:10])
        assert outcome.detail["kills"] >= 1
        assert outcome.recovery_s is not None and outcome.recovery_s <= RECOVERY_TARGET_S, outcome.row()

    def test_every_job_gets_one_verdict_on_rabbitmq(self, tmp_path: Path, amqp_url: str) -> None:
        """The same on RabbitMQ, which requeues a dead consumer's messages when its connection drops."""
        outcome = chaos.kill_run(
            jobs=800, broker_url=amqp_url, interval=(0.5, 1.5), max_kills=3, log_dir=tmp_path, timeout=90
        )
        assert outcome.ok, (outcome.missing[:10], outcome.duplicated[:10])
        assert outcome.detail["kills"] >= 1
        assert outcome.recovery_s is not None and outcome.recovery_s <= RECOVERY_TARGET_S, outcome.row()


class TestCrashLoop:
    def test_a_job_that_kills_its_worker_ends_as_an_error_verdict(self, tmp_path: Path) -> None:
        """Given VERIFLEET_MAX_DELIVERIES=2, when the worker dies each time the job is delivered, then
        the third delivery answers it with a verdict error naming the deliveries, and nothing loops."""
        outcome = chaos.crash_loop_run(
            log_dir=tmp_path, max_deliveries=2, env={"VERIFLEET_HEARTBEAT_TIMEOUT_MS": "3000"}, timeout=90
        )
        assert outcome.ok, outcome.row()
        assert outcome.detail["verdict"] == "error"
        assert outcome.detail["kills"] == 2 and outcome.detail["deliveries"] == 3
        assert "deliveries" in outcome.detail["reason"]
