"""Fleet policies end to end: real `verifleet worker` processes on the test Redis, the loopback judge.

SIGKILLs hit dramatiq's worker process (found through /proc under each `verifleet worker`
supervisor), which then restarts it; the Redis broker is set to notice a dead worker within a
second (heartbeat_timeout 1 s, maintenance on every call) so that redelivery is quick.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from factories import make_job
from fleet_support import WorkerPair, wait_for
from policy_support import CLAIM_SOURCES, CLAIMS_BODY, JUDGED, LEAF_BODY, EchoJudge, judge_env

from bench.harness import worker_processes
from messages import Verdict
from workers.batching import GROUP
from workers.client import Client
from workers.heartbeat import live_workers
from workers.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture
def echo() -> Iterator[EchoJudge]:
    server = EchoJudge().start()
    yield server
    server.stop()


@pytest.fixture
def settings(redis_url: str) -> Settings:
    return Settings(redis_url=redis_url, max_retries=2, min_backoff_ms=50)


@pytest.fixture
def client(settings: Settings) -> Iterator[Client]:
    with Client(settings) as c:
        yield c


def start_pair(settings: Settings, echo: EchoJudge, tmp_path: Path, **env: str) -> WorkerPair:
    pair = WorkerPair(settings, tmp_path)
    pair.env.update(judge_env(echo))
    pair.env.update(
        {
            "VERIFLEET_HEARTBEAT_TIMEOUT_MS": "1000",
            "VERIFLEET_MAINTENANCE_CHANCE": "1000000",
            "VERIFLEET_HEARTBEAT_INTERVAL_S": "0.5",
            "VERIFLEET_BATCH_CLAIM_IDLE_MS": "1000",
            **env,
        }
    )
    return pair.start()


def leaf(i: int, **overrides: object) -> dict[str, object]:
    job = make_job(
        job_id=f"leaf-{i}",
        task_id=f"t{i}",
        criteria=[JUDGED],
        output={"format": "markdown", "content": LEAF_BODY + f"\nItem {i}.\n"},
    )
    job.update(overrides)
    return job


def inline(i: int) -> dict[str, object]:
    output = {"format": "markdown", "content": LEAF_BODY + f"\nInline item {i}.\n"}
    return leaf(i, job_id=f"inline-{i}", has_dependents=True, output=output)


def worker_process(supervisor_pid: int) -> int:
    """The worker process under a `verifleet worker` of one process."""
    assert wait_for(lambda: len(worker_processes(supervisor_pid)) == 1)
    (worker,) = worker_processes(supervisor_pid)
    return worker


def held_by_flusher(client: Client, n: int) -> bool:
    """Are ``n`` parked items read by a flusher and not yet acknowledged?"""
    stream = "verifleet:judge:parked"
    return bool(client.redis.exists(stream)) and client.redis.xpending(stream, GROUP)["pending"] == n


def stream_counts(client: Client) -> Counter[str]:
    return Counter(e.event.job_id for e in client.store.iter_all())


class TestBatchAndInline:
    @pytest.mark.timeout(60)
    def test_leaf_jobs_share_judge_calls_inline_jobs_get_one_each(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given a batch worker with N=4 and an inline worker, when 8 leaf jobs and 2 inline jobs are
        submitted, then the leaves are judged in 2 multi-item calls and each inline job in a call of
        its own; all 10 pass with their judged criterion met, each published once. The workers'
        heartbeats name them and their queues."""
        pair = start_pair(
            settings, echo, tmp_path, VERIFLEET_BATCH_MAX_ITEMS="4", VERIFLEET_BATCH_MAX_WAIT_S="2"
        )
        try:
            ids = client.submit_many([leaf(i) for i in range(8)] + [inline(i) for i in range(2)])
            verdicts = client.wait_all(ids, timeout=40)
            beats = live_workers(client.redis, "verifleet", stale_after_s=5)
        finally:
            pair.stop()
        assert all(v.verdict is Verdict.PASS and v.criteria[-1].met for v in verdicts.values())
        batched = [r for r in echo.requests if "# Item " in r.prompt]
        assert len(batched) == 2 and echo.calls == 4
        assert all(c == 1 for c in stream_counts(client).values()) and len(stream_counts(client)) == 10
        assert sorted(q for b in beats for q in b["queues"]) == ["verify-batch", "verify-inline"]
        assert wait_for(lambda: live_workers(client.redis, "verifleet", stale_after_s=5) == [], timeout=5)

    @pytest.mark.timeout(60)
    def test_leaf_jobs_share_their_claim_rulings_too(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given a batch worker with N=4, when 4 leaf jobs whose grounding leaves a claim each for
        the judge are submitted, then one request scores the four outputs and one rules on the
        four drafts' claims; each verdict has its claim ruled supported."""
        pair = start_pair(
            settings, echo, tmp_path, VERIFLEET_BATCH_MAX_ITEMS="4", VERIFLEET_BATCH_MAX_WAIT_S="2"
        )
        try:
            jobs = [
                leaf(
                    i,
                    output={"format": "markdown", "content": CLAIMS_BODY + f"\nItem {i}.\n"},
                    **CLAIM_SOURCES,
                )
                for i in range(4)
            ]
            verdicts = client.wait_all(client.submit_many(jobs), timeout=40)
        finally:
            pair.stop()
        claims = [r for r in echo.requests if "<<<BEGIN CLAIMS " in r.prompt]
        assert len(claims) == 1 and echo.calls == 2
        assert all(f"# Draft leaf-{i}" in claims[0].prompt for i in range(4))
        for v in verdicts.values():
            grounding = next(c for c in v.checks if c.name == "grounding")
            assert grounding.details["escalation"]["ruled"] == grounding.details["supported"] == 1


class TestWorkerKilled:
    @pytest.mark.timeout(90)
    def test_sigkill_mid_job_loses_nothing_and_publishes_once(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given an inline job whose judge call is in flight, when its worker process is SIGKILLed,
        then the supervisor starts a new one, the broker redelivers the job, and its verdict is
        published exactly once; the dead run's budget reservation is taken over, not leaked."""
        echo.delays.append(4.0)
        pair = start_pair(settings, echo, tmp_path)
        try:
            job_id = client.submit(inline(1))
            assert wait_for(lambda: echo.calls == 1, timeout=20)
            os.kill(worker_process(pair.processes[0].pid), signal.SIGKILL)
            verdict = client.wait(job_id, timeout=45)
            time.sleep(0.5)
        finally:
            pair.stop()
        assert verdict.verdict is Verdict.PASS and echo.calls == 2
        assert stream_counts(client) == Counter({job_id: 1})
        from workers.budget import Ledger

        spend = Ledger(client.redis).mission("m1")
        assert spend.held_usd == 0 and spend.open_holds == 0
        assert 0 < spend.jobs[job_id] <= 0.3 * 0.42

    @pytest.mark.timeout(90)
    def test_sigkill_between_park_and_flush_loses_nothing(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given three leaf jobs parked and held by a batch worker's flusher (T = 4 s), when that
        worker is SIGKILLed before the flush, then the restarted worker's flusher claims the work
        (XAUTOCLAIM) and judges it in one call; each verdict is published exactly once."""
        pair = start_pair(
            settings, echo, tmp_path, VERIFLEET_BATCH_MAX_ITEMS="10", VERIFLEET_BATCH_MAX_WAIT_S="4"
        )
        stream = "verifleet:judge:parked"
        try:
            ids = client.submit_many([leaf(i) for i in range(3)])
            assert wait_for(lambda: held_by_flusher(client, 3), timeout=20)
            assert echo.calls == 0
            os.kill(worker_process(pair.processes[1].pid), signal.SIGKILL)
            verdicts = client.wait_all(ids, timeout=45)
        finally:
            pair.stop()
        assert all(v.verdict is Verdict.PASS for v in verdicts.values())
        assert echo.calls == 1
        assert stream_counts(client) == Counter(dict.fromkeys(ids, 1))
        assert client.redis.xlen(stream) == 0

    @pytest.mark.timeout(120)
    def test_sigkill_while_a_provider_batch_runs_polls_that_batch_instead_of_paying_again(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given three leaf jobs sent through Anthropic's message batches (the loopback batch ends
        8 s after it is created), when the batch worker is SIGKILLed while it polls the batch, then
        the restarted worker reclaims the parked items, finds their batch in the journal and polls
        it: one batch in all, each request sent to the provider once, each verdict published once."""
        echo.batch_delay_s = 8.0
        pair = start_pair(
            settings,
            echo,
            tmp_path,
            VERIFLEET_BATCH_MAX_ITEMS="3",
            VERIFLEET_BATCH_MAX_WAIT_S="1",
            VERIFLEET_JUDGE_BATCH_API="anthropic",
            VERIFLEET_JUDGE_BATCH_POLL_S="0.5",
        )
        try:
            ids = client.submit_many([leaf(i) for i in range(3)])
            assert wait_for(lambda: len(echo.batches) == 1, timeout=30)
            # Polling: the worker has written the items' places down (a kill between the provider's
            # creating the batch and that write is the window no journal closes; on a loaded host
            # the kill could land in it, and the restarted worker rightly submitted again).
            assert wait_for(lambda: len(client.redis.keys("*:judge:batch:*")) == 3, timeout=10)
            os.kill(worker_process(pair.processes[1].pid), signal.SIGKILL)
            verdicts = client.wait_all(ids, timeout=60)
        finally:
            pair.stop()
        assert all(v.verdict is Verdict.PASS for v in verdicts.values())
        assert len(echo.batches) == 1, "the restarted worker submitted the items again"
        assert len(echo.batched) == 3
        assert stream_counts(client) == Counter(dict.fromkeys(ids, 1))
        for v in verdicts.values():
            judge = next(c for c in v.checks if c.name == "judge")
            assert judge.details["batch_api"]["batch_id"] in echo.batches


class TestGracefulShutdown:
    @pytest.mark.timeout(60)
    def test_sigterm_finishes_the_job_in_flight_and_flushes_held_work(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given an inline job mid judge call and two leaf jobs held for a flush 30 s away, when
        both workers get SIGTERM, then the inline job finishes, the held leaves are flushed at
        once, every verdict is published, and both workers exit 0."""
        echo.delays.append(2.0)
        pair = start_pair(settings, echo, tmp_path, VERIFLEET_BATCH_MAX_WAIT_S="30")
        stream = "verifleet:judge:parked"
        first = client.submit(inline(1))
        leaves = client.submit_many([leaf(i) for i in range(2)])
        assert wait_for(lambda: echo.calls >= 1, timeout=20)
        assert wait_for(lambda: held_by_flusher(client, 2), timeout=20)
        started = time.monotonic()
        for p in pair.processes:
            p.send_signal(signal.SIGTERM)
        codes = [p.wait(timeout=30) for p in pair.processes]
        assert codes == [0, 0]
        assert time.monotonic() - started < 25
        verdicts = client.wait_all([first, *leaves], timeout=1)
        assert all(v.verdict is Verdict.PASS for v in verdicts.values())
        assert client.redis.xlen(stream) == 0


class TestJudgeOutage:
    @pytest.mark.timeout(90)
    def test_an_outage_answers_every_job_and_the_fleet_recovers(
        self, client: Client, echo: EchoJudge, settings: Settings, tmp_path: Path
    ) -> None:
        """Given a judge answering 503, when inline and leaf jobs arrive, then each is retried with
        backoff and answered (a verdict error naming the judge after the last retry, or a degraded
        verdict once the circuit opened), none lost, none twice; when the judge is back, new jobs
        are judged again."""
        echo.failing = True
        pair = start_pair(
            settings,
            echo,
            tmp_path,
            VERIFLEET_BATCH_MAX_ITEMS="2",
            VERIFLEET_BATCH_MAX_WAIT_S="0.5",
            VERIFLEET_JUDGE_BREAKER_COOLDOWN_S="1",
        )
        try:
            down = client.submit_many([inline(1), leaf(1), leaf(2)])
            during = client.wait_all(down, timeout=40)
            echo.failing = False
            time.sleep(1.2)  # the circuit's cooldown
            up = client.submit_many([inline(2), leaf(3), leaf(4)])
            after = client.wait_all(up, timeout=40)
        finally:
            pair.stop()
        for v in during.values():
            judge = next(c for c in v.checks if c.name == "judge") if v.checks else None
            named = "JudgeUnavailable" in v.reason or (judge is not None and judge.reason == "circuit_open")
            assert named, v
        assert echo.calls >= 3  # retried, not given up at the first failure
        assert all(v.verdict is Verdict.PASS for v in after.values())
        assert all(c == 1 for c in stream_counts(client).values()) and len(stream_counts(client)) == 6
