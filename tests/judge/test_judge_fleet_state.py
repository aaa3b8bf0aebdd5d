"""The judge's fleet-wide state on a real Redis: the shared circuit breaker and the AIMD concurrency cap.

Two clients stand for two worker processes (and one test uses a real second process); a fake
clock drives cooldowns and leases where waiting would be slow.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import structlog
from judge_server import JudgeServer, answer, scores, status
from judge_support import JUDGED, LoopbackJudge, job_with

from checks import verify
from messages import CheckStatus, Verdict
from workers import metrics
from workers.exposition import build_registry
from workers.judge_state import CircuitCollector, RedisBreaker, RedisLimiter, shared_state, state_client
from workers.runtime import Runtime
from workers.settings import Settings

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
DOWN = "redis://127.0.0.1:1/0"
"""Nothing listens there: a Redis outage."""


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def clients(redis_url: str) -> Iterator[list[redis.Redis]]:
    """Two clients: two worker processes' views of one Redis."""
    made = [redis.Redis.from_url(redis_url) for _ in range(2)]
    yield made
    for c in made:
        c.close()


@pytest.fixture
def transitions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    seen: list[tuple[str, bool]] = []
    monkeypatch.setattr(
        metrics, "set_circuit_open", lambda provider, is_open: seen.append((provider, is_open))
    )
    return seen


class TestSharedBreaker:
    def test_failures_in_two_processes_add_up_and_both_see_it_open(
        self, clients: list[redis.Redis], clock: Clock, transitions: list[tuple[str, bool]]
    ) -> None:
        a, b = (RedisBreaker(c, failures=3, cooldown_s=60, clock=clock) for c in clients)
        a.record_failure("openai")
        b.record_failure("openai")
        assert a.allow("openai") and b.state("openai") == "closed"
        a.record_failure("openai")
        assert not b.allow("openai") and b.state("openai") == "open" and a.open_circuits() == ["openai"]
        assert b.allow("anthropic"), "circuits are per provider"
        assert transitions == [("openai", True)], "the gauge hears of the transition once"

    def test_a_success_resets_the_consecutive_count(self, clients: list[redis.Redis], clock: Clock) -> None:
        a, b = (RedisBreaker(c, failures=2, cooldown_s=60, clock=clock) for c in clients)
        a.record_failure("openai")
        b.record_success("openai")
        a.record_failure("openai")
        assert b.allow("openai")

    def test_after_the_cooldown_a_half_open_probe_closes_it_for_everyone(
        self, clients: list[redis.Redis], clock: Clock, transitions: list[tuple[str, bool]]
    ) -> None:
        a, b = (RedisBreaker(c, failures=1, cooldown_s=60, clock=clock) for c in clients)
        a.record_failure("openai")
        clock.now += 59.9
        assert not b.allow("openai")
        clock.now += 0.2
        assert b.state("openai") == "half_open" and b.allow("openai") and b.allow("openai")
        b.record_success("openai")
        assert a.state("openai") == "closed"
        assert transitions == [("openai", True), ("openai", False)]

    def test_half_open_admits_one_probe_in_the_whole_fleet(
        self, clients: list[redis.Redis], clock: Clock
    ) -> None:
        a, b = (RedisBreaker(c, failures=1, cooldown_s=60, probe_s=30, clock=clock) for c in clients)
        assert a.admit("openai") == a.admit("openai") == "call", "closed: every call goes"
        a.record_failure("openai")
        assert a.admit("openai") == b.admit("openai") == "refuse", "open: no call goes"
        clock.now += 61
        assert b.admit("openai") == "call", "half-open: the first caller takes the probe"
        assert a.admit("openai") == b.admit("openai") == "wait", "the others wait for its answer"
        assert a.state("openai") == "half_open" and a.allow("openai"), "allow() still only reads"
        b.record_success("openai")
        assert a.admit("openai") == b.admit("openai") == "call" and a.state("openai") == "closed"

    def test_a_probe_that_never_reports_lapses(self, clients: list[redis.Redis], clock: Clock) -> None:
        a, b = (RedisBreaker(c, failures=1, cooldown_s=60, probe_s=30, clock=clock) for c in clients)
        a.record_failure("openai")
        clock.now += 61
        assert a.admit("openai") == "call"  # and its worker is killed before it reports
        clock.now += 29.9
        assert b.admit("openai") == "wait"
        clock.now += 0.2
        assert b.admit("openai") == "call" and a.admit("openai") == "wait", "the next caller probes, alone"
        b.record_failure("openai")
        assert a.state("openai") == "open" and a.admit("openai") == "refuse", "a failed probe reopens it"
        clock.now += 61
        assert a.admit("openai") == "call", "after the new cooldown the stale probe is forgotten"

    def test_a_failed_probe_opens_it_for_another_cooldown(
        self, clients: list[redis.Redis], clock: Clock
    ) -> None:
        a, b = (RedisBreaker(c, failures=5, cooldown_s=60, clock=clock) for c in clients)
        for _ in range(5):
            a.record_failure("openai")
        clock.now += 61
        b.record_failure("openai")
        assert a.state("openai") == "open"
        clock.now += 61
        assert a.state("openai") == "half_open"

    def test_allow_only_reads(self, clients: list[redis.Redis], clock: Clock) -> None:
        breaker = RedisBreaker(clients[0], failures=1, cooldown_s=60, clock=clock)
        for _ in range(20):
            breaker.allow("openai")
        assert clients[1].keys("*") == []

    def test_another_process_opens_the_circuit_this_one_sees(self, redis_url: str) -> None:
        """A real second process records the failures; this one (Redis server clock) sees it open."""
        code = (
            "import redis, sys\n"
            "from workers.judge_state import RedisBreaker\n"
            "b = RedisBreaker(redis.Redis.from_url(sys.argv[1]), failures=2, cooldown_s=30)\n"
            "b.record_failure('anthropic'); b.record_failure('anthropic')\n"
        )
        subprocess.run([sys.executable, "-c", code, redis_url], cwd=ROOT, check=True, timeout=30)
        here = RedisBreaker(redis.Redis.from_url(redis_url), failures=2, cooldown_s=30)
        assert here.state("anthropic") == "open" and not here.allow("anthropic")
        assert here.states(["openai"]) == {"anthropic": "open", "openai": "closed"}


class TestAdaptiveLimiter:
    def test_two_processes_share_the_cap(self, clients: list[redis.Redis], clock: Clock) -> None:
        a, b = (RedisLimiter(c, limit=2, lease_s=60, clock=clock) for c in clients)
        assert a.acquire("openai") == 0.0 and b.acquire("openai") == 0.0
        wait = a.acquire("openai")
        assert 0 < wait <= 0.1, "full: ask again shortly"
        assert b.acquire("anthropic") == 0.0, "caps are per provider"
        b.release("openai", throttled=False)
        assert a.acquire("openai") == 0.0 and a.in_flight("openai") == 2

    def test_a_killed_workers_slots_come_back_when_their_lease_expires(
        self, clients: list[redis.Redis], clock: Clock
    ) -> None:
        dead, alive = (RedisLimiter(c, limit=1, lease_s=30, clock=clock) for c in clients)
        assert dead.acquire("openai") == 0.0  # ...and its process is killed: never released
        clock.now += 29
        assert alive.acquire("openai") > 0
        clock.now += 2
        assert alive.acquire("openai") == 0.0 and alive.in_flight("openai") == 1

    def test_a_429_halves_the_cap_and_successes_bring_it_back(
        self, clients: list[redis.Redis], clock: Clock
    ) -> None:
        """AIMD: 8 -> 4 on a 429; then each success adds 1/cap (about one slot per round of calls),
        never above 8."""
        limiter = RedisLimiter(clients[0], limit=8, minimum=2, lease_s=60, clock=clock)
        limiter.acquire("openai")
        limiter.release("openai", throttled=True)
        assert limiter.cap("openai") == 4
        for _ in range(4):
            limiter.acquire("openai")
            limiter.release("openai", throttled=False)
        assert limiter.cap("openai") == pytest.approx(4.920638, abs=1e-6)  # 4 + 1/4 + 1/4.25 + ...
        for _ in range(100):
            limiter.acquire("openai")
            limiter.release("openai", throttled=False)
        assert limiter.cap("openai") == 8

    def test_one_burst_of_429s_cuts_once_and_never_below_the_minimum(
        self, clients: list[redis.Redis], clock: Clock
    ) -> None:
        a, b = (RedisLimiter(c, limit=16, minimum=3, lease_s=60, clock=clock) for c in clients)
        for limiter in (a, b, a, b):
            limiter.acquire("openai")
        for limiter in (a, b, a, b):
            limiter.release("openai", throttled=True)
        assert b.cap("openai") == 8, "four 429s within one window: one cut"
        for _ in range(3):
            clock.now += 1.5
            a.acquire("openai")
            a.release("openai", throttled=True)
        assert a.cap("openai") == 3
        a.acquire("openai"), a.acquire("openai"), a.acquire("openai")
        assert a.acquire("openai") > 0, "the lowered cap is what acquire enforces"

    def test_calls_that_hit_429s_through_the_judge_lower_the_cap(
        self, redis_url: str, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        limiter = RedisLimiter(redis.Redis.from_url(redis_url), limit=10, lease_s=30)
        judge_server.push(status(429, {"error": {"message": "slow down"}}, {"retry-after": "0"}))
        judge_server.push(answer(scores({"j1": 4})))
        verdict = verify(job_with(), judge=loopback(limiter=limiter))
        assert verdict.verdict is Verdict.PASS
        assert limiter.cap("anthropic") == pytest.approx(5 + 1 / 5), "halved by the 429, +1/5 by the answer"
        assert limiter.in_flight("anthropic") == 0, "every slot given back"


class TestRedisOutage:
    def test_a_dead_redis_never_breaks_a_verification(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given the breaker and the cap on a Redis that does not answer, the judge is still asked,
        the verdict stands, and the outage is logged once (not per call)."""
        state = shared_state(Settings(redis_url=DOWN))
        judge_server.push(answer(scores({"j1": 4})), answer(scores({"j1": 4})))
        started = time.monotonic()
        with structlog.testing.capture_logs() as logs:
            first = verify(job_with(), judge=loopback(**state))
            second = verify(job_with(job_id="again"), judge=loopback(**state))
        assert time.monotonic() - started < 3.0
        assert first.verdict is Verdict.PASS and second.verdict is Verdict.PASS
        assert next(c for c in first.checks if c.name == "judge").status is CheckStatus.PASS
        outage = [e for e in logs if e["event"] == "judge_state_unavailable"]
        assert sorted(e["part"] for e in outage) == ["circuit breaker", "concurrency cap"]

    def test_state_reads_degrade_to_closed_and_free(self) -> None:
        settings = Settings(redis_url=DOWN)
        client = state_client(settings)
        breaker = RedisBreaker(client, pause_s=0.0)
        limiter = RedisLimiter(client, limit=1, pause_s=0.0)
        breaker.record_failure("openai")
        assert breaker.allow("openai") and breaker.states() is None
        assert limiter.acquire("openai") == 0.0 and limiter.acquire("openai") == 0.0
        limiter.release("openai", throttled=True)
        assert limiter.cap("openai") == 1


class TestWiring:
    def test_worker_runtimes_share_breaker_and_cap_through_redis(self, redis_url: str) -> None:
        settings = Settings(
            redis_url=redis_url,
            judges=["anthropic:claude-3-5-haiku-20241022"],
            judge_api_key_anthropic="sk-test",
            judge_concurrency=12,
            judge_concurrency_min=2,
            judge_slot_lease_s=45,
            judge_breaker_failures=4,
        )
        judge: Any = Runtime.build(settings).judge
        assert isinstance(judge.breaker, RedisBreaker) and judge.breaker.failures == 4
        limiter = judge.client.limiter
        assert isinstance(limiter, RedisLimiter)
        assert (limiter.limit, limiter.minimum, limiter.lease_s) == (12, 2, 45)
        judge.close()

    def test_concurrency_0_means_no_fleet_wide_cap(self, redis_url: str) -> None:
        from checks.judge import NoLimit

        state = shared_state(Settings(redis_url=redis_url, judge_concurrency=0))
        assert isinstance(state["limiter"], NoLimit) and isinstance(state["breaker"], RedisBreaker)

    def test_the_circuit_gauge_is_read_from_redis_at_scrape_time(
        self, redis_url: str, tmp_path: Path
    ) -> None:
        """One process opened the circuit; every host's /metrics says so, closed ones read 0."""
        settings = Settings(redis_url=redis_url, judges=["openai:gpt-4o-mini", "anthropic:claude-3-5-haiku"])
        breaker = RedisBreaker(state_client(settings), failures=1)
        breaker.record_failure("anthropic")
        families = {f.name: f for f in build_registry(settings, str(tmp_path)).collect()}
        samples = {s.labels["provider"]: s.value for s in families["verifleet_circuit_open"].samples}
        assert samples == {"anthropic": 1.0, "openai": 0.0}

    def test_without_redis_the_gauge_the_processes_recorded_stands(self) -> None:
        from prometheus_client.core import GaugeMetricFamily

        recorded = GaugeMetricFamily("verifleet_circuit_open", "per process", labels=["provider"])
        recorded.add_metric(["openai"], 1.0)
        other = GaugeMetricFamily("verifleet_other", "passes through")

        class Files:
            def collect(self) -> list[Any]:
                return [recorded, other]

        collector = CircuitCollector(Settings(redis_url=DOWN, judges=["openai:gpt-4o-mini"]), Files())
        assert list(collector.collect()) == [recorded, other]


def test_failures_of_other_judges_open_the_circuit_for_this_one(
    redis_url: str, judge_server: JudgeServer, loopback: LoopbackJudge
) -> None:
    """Two judges (two workers) each fail once; with failures=2 a third judge, asked next, skips
    the provider (circuit_open) and sends it nothing."""
    state = shared_state(Settings(redis_url=redis_url, judge_breaker_failures=2))
    judge_server.default = status(500, {"error": {"message": "down"}})
    optional = {**JUDGED, "must_pass": False}
    for i in range(2):
        verify(job_with(job_id=f"f{i}", criteria=[optional]), judge=loopback(max_retries=0, **state))
    sent = len(judge_server.requests)
    skipped = verify(job_with(job_id="after", criteria=[optional]), judge=loopback(**state))
    check = next(c for c in skipped.checks if c.name == "judge")
    assert check.status is CheckStatus.SKIPPED and check.reason == "circuit_open"
    assert len(judge_server.requests) == sent


class TestSettings:
    def test_batch_api_and_concurrency_from_the_environment(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("VERIFLEET_JUDGE_BATCH_API", "OpenAI, anthropic")
        monkeypatch.setenv("VERIFLEET_JUDGE_BATCH_DEADLINE_S", "600")
        monkeypatch.setenv("VERIFLEET_JUDGE_CONCURRENCY", "8")
        settings = Settings()
        config = settings.judge_config()
        assert config.batch_api == ("openai", "anthropic") and config.batch_deadline_s == 600
        assert settings.judge_concurrency == 8 and settings.judge_slot_lease_s == 120
        monkeypatch.setenv("VERIFLEET_JUDGE_BATCH_API", "none")
        assert Settings().judge_config().batch_api == ()

    def test_a_provider_without_a_batch_api_is_refused(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("VERIFLEET_JUDGE_BATCH_API", "ollama")
        with pytest.raises(ValueError, match="no batch API for ollama"):
            Settings()
