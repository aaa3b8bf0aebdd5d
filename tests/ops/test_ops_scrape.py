"""A real `verifleet worker` (two dramatiq processes), real jobs, then GET /metrics over HTTP."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dramatiq
import pytest
from factories import make_job, mixed_jobs
from ops_support import (
    AMQP_URL,
    WORKER,
    amqp_available,
    free_port,
    spawn,
    stop_tree,
    wait_for,
    worker_env,
    worker_processes,
)
from prometheus_client.parser import text_string_to_metric_families

from messages import CheckStatus, JobRejected, Mode, VerdictEvent, parse_job
from workers.brokers import make_broker
from workers.client import Client
from workers.queues import read_queue_stats
from workers.settings import Settings

pytestmark = pytest.mark.integration

Samples = dict[str, list[tuple[dict[str, str], float]]]


def scrape(url: str) -> Samples:
    body = urllib.request.urlopen(url, timeout=5).read().decode()
    found: Samples = {}
    for family in text_string_to_metric_families(body):
        for sample in family.samples:
            found.setdefault(sample.name, []).append((dict(sample.labels), sample.value))
    return found


def total(samples: Samples, name: str, **match: str) -> float:
    return sum(v for labels, v in samples.get(name, []) if all(labels.get(k) == x for k, x in match.items()))


@pytest.fixture
def worker(redis_url: str, tmp_path: Path) -> Iterator[tuple[Settings, str, int]]:
    """One worker host serving both queues with two processes, on a free metrics port."""
    settings = Settings(redis_url=redis_url, max_retries=0)
    port = free_port()
    env = worker_env(settings, metrics_port=port)
    log = (tmp_path / "worker.log").open("wb")
    process = spawn(
        [*WORKER, "--queues", "verify-inline,verify-batch", "--processes", "2", "--threads", "4"], env, log
    )
    url = f"http://127.0.0.1:{port}/metrics"

    def up() -> bool:
        try:
            return "verifleet_broker_up" in urllib.request.urlopen(url, timeout=1).read().decode()
        except OSError:
            return False

    try:
        assert wait_for(up, timeout=30, interval=0.2), (tmp_path / "worker.log").read_text()
        yield settings, url, process.pid
    finally:
        stop_tree(process)
        log.close()


def parsed(job: dict[str, Any]) -> bool:
    try:
        parse_job(json.dumps(job))
    except JobRejected:
        return False
    return True


class TestScrape:
    @pytest.mark.timeout(90)
    def test_counts_names_and_labels_match_the_verdicts_produced(
        self, worker: tuple[Settings, str, int]
    ) -> None:
        """Given a worker host with two dramatiq processes, when 48 mixed jobs (pass, fail, partial,
        error; inline and batch) are verified and one is resubmitted, then one scrape of its /metrics
        port counts exactly those verdicts, by verdict, mode and profile, with dramatiq's own metrics,
        the checks, latencies, costs and queue gauges beside them, and no label holds a job id."""
        settings, url, _ = worker
        jobs = mixed_jobs(48, mission="scrape")
        with Client(settings) as client:
            ids = client.submit_many(jobs, validate=False)
            verdicts: dict[str, VerdictEvent] = client.wait_all(ids, timeout=60)
            client.submit(jobs[0], validate=False)  # a duplicate: answered from the verdict record
        assert len(verdicts) == len(jobs)
        dup_mode = Mode.INLINE if jobs[0]["has_dependents"] else Mode.BATCH
        modes = Counter(v.mode.value for v in verdicts.values() if v.mode)

        def settled() -> bool:
            s = scrape(url)
            done = total(s, "dramatiq_messages_total")
            return done == len(jobs) + 1 and total(s, "verifleet_duplicate_jobs_total") == 1

        assert wait_for(settled, timeout=15, interval=0.2)
        s = scrape(url)

        expected = Counter(
            (v.verdict.value, v.mode.value if v.mode else "none", v.profile.value if v.profile else "none")
            for v in verdicts.values()
        )
        got = {
            (labels["verdict"], labels["mode"], labels["profile"]): value
            for labels, value in s["verifleet_verdicts_total"]
        }
        assert got == {key: float(n) for key, n in expected.items()}
        assert {"pass", "fail", "partial", "error"} <= {k[0] for k in got}

        checks = Counter((c.name, c.status.value) for v in verdicts.values() for c in v.checks)
        for (name, status), n in checks.items():
            assert total(s, "verifleet_check_results_total", check=name, status=status) == n
        ran = Counter(
            c.name for v in verdicts.values() for c in v.checks if c.status is not CheckStatus.SKIPPED
        )
        for name, n in ran.items():
            assert total(s, "verifleet_check_duration_seconds_count", check=name) == n

        for mode in (Mode.INLINE, Mode.BATCH):
            assert total(s, "verifleet_job_latency_seconds_count", mode=mode.value) == modes[mode.value]
            assert (
                total(s, "verifleet_job_latency_seconds_bucket", mode=mode.value, le="+Inf")
                == modes[mode.value]
            )
            queue = f"verify-{mode.value}"
            handled = sum(1 for v in verdicts.values() if v.mode is mode) + (1 if mode is dup_mode else 0)
            assert total(s, "dramatiq_messages_total", queue_name=queue) == handled
        assert total(s, "verifleet_duplicate_jobs_total", mode=dup_mode.value) == 1

        valid = [j for j in jobs if parsed(j)]
        assert total(s, "verifleet_cost_fraction_count") == len(valid)
        assert total(s, "verifleet_task_cost_usd_total") == pytest.approx(
            sum(j["task"]["cost_usd"] for j in valid)
        )
        assert total(s, "verifleet_budget_usd_total") == pytest.approx(
            sum(v.cost.budget_usd for v in verdicts.values())
        )

        for queue in ("verify-inline", "verify-batch"):
            assert total(s, "verifleet_queue_depth", queue=queue) == 0
            assert total(s, "verifleet_queue_oldest_age_seconds", queue=queue) == 0
            assert ({"queue": queue}, 0.0) in s["verifleet_queue_dead_letters"]
        assert s["verifleet_broker_up"] == [({}, 1.0)]
        assert s["verifleet_batch_parked_items"] == [({}, 0.0)]
        assert s["verifleet_cache_hits_total"] == [({}, 0.0)]

        job_ids = set(ids)
        for name, rows in s.items():
            for labels, _ in rows:
                assert not job_ids & set(labels.values()), (name, labels)
                if name.startswith("verifleet_"):
                    assert "pid" not in labels, name  # merged across the two processes

    @pytest.mark.timeout(120)
    def test_metrics_answer_and_keep_counting_while_a_worker_process_restarts(
        self, worker: tuple[Settings, str, int]
    ) -> None:
        """Given a worker host that verified 12 jobs, when one of its two worker processes is
        SIGKILLed, then /metrics answers every scrape meanwhile with the 12 verdicts still counted
        (the server is not part of the dead process's tree, and the dead process's counters stay),
        and once the process is back, 12 more jobs count on top."""
        settings, url, supervisor = worker
        jobs = [make_job(job_id=f"restart-{i}", has_dependents=i % 2 == 0) for i in range(24)]
        with Client(settings) as client:
            client.wait_all(client.submit_many(jobs[:12]), timeout=60)
            assert wait_for(lambda: total(scrape(url), "verifleet_verdicts_total") == 12, timeout=15)

            assert wait_for(lambda: len(worker_processes(supervisor)) == 2, timeout=30)
            victim = worker_processes(supervisor)[0]
            os.kill(victim, signal.SIGKILL)
            deadline = time.monotonic() + 3.0
            while time.monotonic() < deadline:  # every scrape answers, none loses a count
                assert total(scrape(url), "verifleet_verdicts_total") == 12
                time.sleep(0.1)
            back = lambda: len(pids := worker_processes(supervisor)) == 2 and victim not in pids  # noqa: E731
            assert wait_for(back, timeout=30)
            client.wait_all(client.submit_many(jobs[12:]), timeout=60)
        assert wait_for(lambda: total(scrape(url), "verifleet_verdicts_total") == 24, timeout=15)
        assert total(scrape(url), "dramatiq_messages_inprogress") == 0

    @pytest.mark.timeout(60)
    def test_queue_gauges_see_waiting_work(self, redis_url: str) -> None:
        """Given jobs queued and no worker, the broker's lists say how many wait and how old the oldest is."""
        settings = Settings(redis_url=redis_url)
        with Client(settings) as client:
            client.submit_many([make_job(job_id=f"q-{i}", has_dependents=i < 3) for i in range(10)])
            time.sleep(0.3)
            stats = {s.queue: s for s in read_queue_stats(settings)}
        assert stats["verify-inline"].depth == 3
        assert stats["verify-batch"].depth == 7
        assert stats["verify-batch"].oldest_age_seconds is not None
        assert 0.25 <= stats["verify-batch"].oldest_age_seconds < 30

    @pytest.mark.timeout(60)
    def test_rabbitmq_counts_from_a_passive_declare_and_age_from_a_peek(self, redis_url: str) -> None:
        """On RabbitMQ the message count of each queue is read with a passive declare, and the age
        of the oldest by peeking at the head and putting it back. (A queue of this test's own: the
        fleet's queues on a shared server may have consumers.)"""
        if not amqp_available():
            pytest.skip("no RabbitMQ answers on 127.0.0.1:5672 (set VERIFLEET_TEST_AMQP_URL)")
        settings = Settings(redis_url=redis_url, broker_url=AMQP_URL)
        queue = f"verifleet-ops-test-{uuid.uuid4().hex[:8]}"
        broker = make_broker(settings)
        try:
            broker.declare_queue(queue)
            sent = [
                broker.enqueue(
                    dramatiq.Message(queue_name=queue, actor_name="a", args=(i,), kwargs={}, options={})
                )
                for i in range(3)
            ]
            time.sleep(0.3)
            stats, missing = read_queue_stats(settings, (queue, "verifleet-ops-test-never-declared"))
            again, _ = read_queue_stats(settings, (queue, "verifleet-ops-test-never-declared"))
            (blind,) = read_queue_stats(
                Settings(redis_url=redis_url, broker_url=AMQP_URL, queue_peek=False), (queue,)
            )
            # The peeks consumed nothing and kept the order: the head is still the first message sent.
            method, _, body = broker.channel.basic_get(queue=queue, auto_ack=True)
            head = dramatiq.Message.decode(body)
        finally:
            for name in (queue, f"{queue}.DQ", f"{queue}.XQ"):
                broker.channel.queue_delete(name)
            broker.close()
        assert (stats.depth, stats.delayed, stats.dead_letters) == (3, 0, 0)
        assert stats.oldest_age_seconds is not None and 0.25 <= stats.oldest_age_seconds < 30
        assert again.depth == 3 and again.oldest_age_seconds is not None
        assert again.oldest_age_seconds >= stats.oldest_age_seconds
        assert (blind.depth, blind.oldest_age_seconds) == (3, None)
        assert method is not None and head.message_id == sent[0].message_id
        assert (missing.depth, missing.oldest_age_seconds) == (0, None)

    def test_rabbitmq_quorum_queues_are_counted_and_never_peeked(self, redis_url: str) -> None:
        """A quorum queue counts a requeue as a delivery (and RabbitMQ 4.0-4.2 drop a message after
        20): its depth is read, its age is left unknown, and its head message is never delivered."""
        if not amqp_available():
            pytest.skip("no RabbitMQ answers on 127.0.0.1:5672 (set VERIFLEET_TEST_AMQP_URL)")
        settings = Settings(redis_url=redis_url, broker_url=AMQP_URL)
        queue = f"verifleet-ops-quorum-{uuid.uuid4().hex[:8]}"
        broker = make_broker(settings)
        arguments = {"x-dead-letter-exchange": "", "x-dead-letter-routing-key": f"{queue}.XQ"}
        try:
            broker.channel.queue_declare(
                queue, durable=True, arguments={**arguments, "x-queue-type": "quorum"}
            )
            message = dramatiq.Message(queue_name=queue, actor_name="a", args=(1,), kwargs={}, options={})
            broker.channel.basic_publish(exchange="", routing_key=queue, body=message.encode())
            time.sleep(0.3)
            reads = [read_queue_stats(settings, (queue,))[0] for _ in range(3)]
            method, properties, _ = broker.channel.basic_get(queue=queue, auto_ack=True)
        finally:
            broker.channel.queue_delete(queue)
            broker.close()
        assert [(r.depth, r.oldest_age_seconds) for r in reads] == [(1, None)] * 3
        assert method is not None and not method.redelivered  # nobody got it before this basic_get
        assert (properties.headers or {}).get("x-delivery-count", 0) == 0  # never returned to the queue
