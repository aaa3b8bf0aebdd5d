"""Metrics in-process: what one verdict counts, what a failure does, and the exposition server."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from factories import make_job
from prometheus_client import CollectorRegistry

from messages import (
    Action,
    CheckOutcome,
    CheckStatus,
    Cost,
    Mode,
    Profile,
    Progress,
    Status,
    Verdict,
    VerdictEvent,
    parse_job,
)
from workers import metrics
from workers.batching import ParkingLot
from workers.events import EventStore
from workers.exposition import build_registry, gauge_names, make_server
from workers.metrics import Instruments, judge_calls
from workers.settings import Settings
from workers.supervisor import drop_dead_gauges, reset_dir, worker_env


def verdict(**overrides: Any) -> VerdictEvent:
    fields: dict[str, Any] = {
        "job_id": "m1-t1-a1",
        "mission_id": "m1",
        "task_id": "t1",
        "verdict": Verdict.PASS,
        "status": Status.PASSED,
        "action": Action.CONTINUE,
        "profile": Profile.CRITERIA,
        "mode": Mode.INLINE,
        "checks": [CheckOutcome(name="word_count", status=CheckStatus.PASS, duration_ms=0.4)],
        "cost": Cost(usd=0.0, budget_usd=0.126),
    }
    fields.update(overrides)
    return VerdictEvent(**fields)


def job(cost_usd: float = 0.42, submitted_at: str | None = None) -> Any:
    raw: dict[str, Any] = {
        "schema_version": 1,
        "job_id": "m1-t1-a1",
        "mission_id": "m1",
        "task_id": "t1",
        "task": {"description": "d", "executor_model": "openai:gpt-4o", "cost_usd": cost_usd},
        "output": {"format": "text", "content": "hello"},
    }
    if submitted_at:
        raw["submitted_at"] = submitted_at
    return parse_job(raw)


@pytest.fixture
def registry() -> CollectorRegistry:
    return CollectorRegistry()


@pytest.fixture
def m(registry: CollectorRegistry) -> Instruments:
    return Instruments.register(registry)


def value(registry: CollectorRegistry, name: str, **labels: str) -> float:
    got = registry.get_sample_value(name, labels)
    return 0.0 if got is None else got


class TestObserveVerdict:
    def test_counts_the_verdict_its_checks_and_its_cost_fraction(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        """Given a passing inline verdict of a $0.42 task that spent $0.021, then verdicts_total,
        check results, durations, task cost, budget and a cost fraction of 0.05 are recorded."""
        m.observe_verdict(verdict(cost=Cost(usd=0.021, budget_usd=0.126)), job())
        assert (
            value(registry, "verifleet_verdicts_total", verdict="pass", mode="inline", profile="criteria")
            == 1
        )
        assert value(registry, "verifleet_check_results_total", check="word_count", status="pass") == 1
        assert value(registry, "verifleet_check_duration_seconds_count", check="word_count") == 1
        assert value(registry, "verifleet_check_duration_seconds_sum", check="word_count") == pytest.approx(
            0.0004
        )
        assert value(registry, "verifleet_task_cost_usd_total", mode="inline") == pytest.approx(0.42)
        assert value(registry, "verifleet_budget_usd_total", mode="inline") == pytest.approx(0.126)
        assert value(registry, "verifleet_cost_fraction_count") == 1
        assert value(registry, "verifleet_cost_fraction_sum") == pytest.approx(0.05)
        assert value(registry, "verifleet_cost_fraction_bucket", le="0.05") == 1
        assert value(registry, "verifleet_cost_fraction_bucket", le="0.02") == 0
        # Spent with no judge to name: attributed to model "unknown", never dropped.
        assert value(registry, "verifleet_verification_cost_usd_total", mode="inline", model="unknown") == (
            pytest.approx(0.021)
        )

    def test_a_compared_attempt_counts_as_a_correction_converging_or_not(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        """A first attempt (no progress) is no correction; later attempts count by their outcome."""
        common = {
            "previous_job_id": "j-a1",
            "previous_attempt": 1,
            "previous_score": 0.5,
            "score_change": 0.0,
        }
        stalled = Progress(**common, resolved=0, remaining=1, new=0, converging=False, note="stalled")
        better = Progress(**common, resolved=1, remaining=0, new=0, converging=True)
        m.observe_verdict(verdict())
        m.observe_verdict(verdict(progress=stalled))
        m.observe_verdict(verdict(progress=stalled))
        m.observe_verdict(verdict(progress=better))
        name = "verifleet_corrections_total"
        assert value(registry, name, profile="criteria", outcome="not_converging") == 2
        assert value(registry, name, profile="criteria", outcome="converging") == 1

    def test_grounding_counts_claims_by_status_and_those_left_for_the_judge(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        """Claims by final status; of the 5 left for the judge, 3 ruled and 2 past its cap; of 2
        more in a job whose budget could not cover the quote, 2 skipped for budget."""

        def grounding(**details: Any) -> CheckOutcome:
            return CheckOutcome(name="grounding", status=CheckStatus.PASS, duration_ms=5.0, details=details)

        counts = {"supported": 6, "inferred": 2, "unsourced": 1, "contradicted": 0}
        ruled = {"claims": 5, "ruled": 3, "skipped": None, "models": ["m"]}
        m.observe_verdict(verdict(checks=[grounding(**counts, escalation=ruled)]))
        skipped = {"claims": 2, "ruled": 0, "skipped": "budget", "models": []}
        m.observe_verdict(verdict(checks=[grounding(**counts, escalation=skipped)]))
        m.observe_verdict(verdict(checks=[CheckOutcome(name="grounding", status=CheckStatus.SKIPPED)]))
        claims = "verifleet_grounding_claims_total"
        assert [value(registry, claims, status=s) for s in counts] == [12, 4, 2, 0]
        escalations = "verifleet_claim_escalations_total"
        assert value(registry, escalations, outcome="ruled") == 3
        assert value(registry, escalations, outcome="not_asked") == 2
        assert value(registry, escalations, outcome="budget") == 2

    def test_an_error_verdict_without_profile_or_job(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        """A rejected job has no profile and no parsed job: profile="none", no cost fraction."""
        m.observe_verdict(verdict(verdict=Verdict.ERROR, status=Status.ERROR, profile=None, checks=[]))
        assert (
            value(registry, "verifleet_verdicts_total", verdict="error", mode="inline", profile="none") == 1
        )
        assert value(registry, "verifleet_cost_fraction_count") == 0

    def test_skipped_checks_count_budget_skips_and_no_duration(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        checks = [
            CheckOutcome(name="judge", status=CheckStatus.SKIPPED, reason="budget"),
            CheckOutcome(name="grounding", status=CheckStatus.SKIPPED, reason="short_circuit"),
        ]
        m.observe_verdict(verdict(checks=checks), job())
        assert value(registry, "verifleet_budget_skips_total", check="judge") == 1
        assert value(registry, "verifleet_budget_skips_total", check="grounding") == 0
        assert value(registry, "verifleet_check_duration_seconds_count", check="judge") == 0
        assert value(registry, "verifleet_check_results_total", check="judge", status="skipped") == 1

    def test_judge_cost_tokens_and_latency_per_model(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        """Given a judge check that ran with one model, its cost, the verdict's tokens and the check's
        duration are that model's; the provider's circuit reads closed."""
        model = "anthropic:claude-3-5-haiku-20241022"
        checks = [
            CheckOutcome(
                name="judge",
                status=CheckStatus.PASS,
                cost_usd=0.003,
                duration_ms=2_500,
                details={"models": [model], "notes": []},
            )
        ]
        m.observe_verdict(
            verdict(
                checks=checks,
                judges=[model],
                cost=Cost(usd=0.003, budget_usd=0.1, tokens_in=1100, tokens_out=150),
            ),
            job(),
        )
        assert value(registry, "verifleet_verification_cost_usd_total", mode="inline", model=model) == (
            pytest.approx(0.003)
        )
        assert value(registry, "verifleet_verification_cost_usd_total", mode="inline", model="unknown") == 0
        assert value(registry, "verifleet_judge_tokens_total", model=model, direction="in") == 1100
        assert value(registry, "verifleet_judge_tokens_total", model=model, direction="out") == 150
        assert value(registry, "verifleet_judge_latency_seconds_count", model=model) == 1
        assert value(registry, "verifleet_judge_latency_seconds_sum", model=model) == pytest.approx(2.5)
        assert value(registry, "verifleet_circuit_open", provider="anthropic") == 0

    def test_reported_calls_are_exact_and_cached_ones_count_as_cache_hits(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        calls = [
            {"model": "a:m1", "cost_usd": 0.002, "tokens_in": 900, "tokens_out": 100, "duration_ms": 1200},
            {
                "model": "b:m2",
                "cost_usd": 0.0,
                "tokens_in": 0,
                "tokens_out": 0,
                "duration_ms": 1,
                "cached": True,
            },
        ]
        checks = [
            CheckOutcome(name="judge", status=CheckStatus.PASS, cost_usd=0.002, details={"calls": calls})
        ]
        m.observe_verdict(verdict(checks=checks, cost=Cost(usd=0.002, tokens_in=900, tokens_out=100)), job())
        assert value(registry, "verifleet_judge_tokens_total", model="a:m1", direction="in") == 900
        assert value(registry, "verifleet_judge_latency_seconds_count", model="a:m1") == 1
        assert value(registry, "verifleet_judge_latency_seconds_count", model="b:m2") == 0
        assert value(registry, "verifleet_cache_hits_total") == 1

    def test_a_circuit_open_skip_naming_its_provider_opens_the_gauge(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        checks = [
            CheckOutcome(
                name="judge",
                status=CheckStatus.SKIPPED,
                reason="circuit_open",
                details={"providers": ["openai", "anthropic"], "fail_open": False},
            )
        ]
        m.observe_verdict(verdict(checks=checks), job())
        assert value(registry, "verifleet_circuit_open", provider="openai") == 1
        assert value(registry, "verifleet_circuit_open", provider="anthropic") == 1

    def test_job_latency_from_submitted_at_else_the_message_timestamp(
        self, m: Instruments, registry: CollectorRegistry
    ) -> None:
        ten_s_ago = (datetime.now(UTC) - timedelta(seconds=10)).isoformat()
        m.observe_verdict(verdict(), job(submitted_at=ten_s_ago))
        assert value(registry, "verifleet_job_latency_seconds_sum", mode="inline") == pytest.approx(10, abs=1)
        m.observe_verdict(
            verdict(mode=Mode.BATCH), job(), enqueued_ms=int(datetime.now(UTC).timestamp() * 1000) - 2000
        )
        assert value(registry, "verifleet_job_latency_seconds_sum", mode="batch") == pytest.approx(2, abs=0.5)
        m.observe_verdict(verdict(mode=Mode.BATCH), job())  # neither: counted, but no latency
        assert value(registry, "verifleet_job_latency_seconds_count", mode="batch") == 1


class TestJudgeCalls:
    def test_the_judges_rows_of_an_ensemble(self) -> None:
        """Given the judge's per-judge rows (one answered, one failed) and a batch share beyond them,
        each model gets its own figures, the failed one no latency, the share the first model."""
        rows = [
            {
                "model": "anthropic:h",
                "latency_ms": 900.0,
                "tokens_in": 800,
                "tokens_out": 90,
                "cost_usd": 0.002,
            },
            {"model": "openai:m", "error": "timeout", "tokens_in": 0, "tokens_out": 0, "cost_usd": 0.0},
        ]
        checks = [
            CheckOutcome(
                name="judge", status=CheckStatus.PASS, cost_usd=0.003, details={"judges": rows, "models": []}
            )
        ]
        calls = judge_calls(verdict(checks=checks, cost=Cost(usd=0.003, tokens_in=1000, tokens_out=100)))
        assert [(c.model, c.seconds, c.failed) for c in calls[:2]] == [
            ("anthropic:h", 0.9, False),
            ("openai:m", None, True),
        ]
        rest = calls[2]
        assert (rest.model, rest.tokens_in, rest.tokens_out, rest.seconds) == ("anthropic:h", 200, 10, None)
        assert rest.cost_usd == pytest.approx(0.001)

    def test_an_ensemble_shares_cost_and_tokens_evenly(self) -> None:
        checks = [
            CheckOutcome(
                name="judge", status=CheckStatus.PASS, cost_usd=0.01, details={"models": ["a:x", "b:y"]}
            )
        ]
        calls = judge_calls(verdict(checks=checks, cost=Cost(usd=0.01, tokens_in=101, tokens_out=50)))
        assert [(c.model, c.tokens_in, c.tokens_out) for c in calls] == [("a:x", 51, 25), ("b:y", 50, 25)]
        assert sum(c.cost_usd for c in calls) == pytest.approx(0.01)

    def test_an_errored_unpaid_judge_made_no_call(self) -> None:
        checks = [CheckOutcome(name="judge", status=CheckStatus.ERROR, reason="no price for model")]
        assert judge_calls(verdict(checks=checks)) == []


class TestHooksNeverBreakAVerification:
    def test_no_op_outside_a_booted_worker(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(metrics, "_instruments", None)
        metrics.observe_verdict(verdict())
        metrics.observe_duplicate(Mode.INLINE)
        metrics.set_circuit_open("openai", True)

    def test_a_failing_metric_is_logged_not_raised(self, monkeypatch: pytest.MonkeyPatch) -> None:
        class Broken:
            def observe_verdict(self, *args: Any, **kwargs: Any) -> None:
                raise OSError("disk full")

        logged: list[tuple[str, dict[str, Any]]] = []
        monkeypatch.setattr(metrics, "_instruments", Broken())
        monkeypatch.setattr(metrics.log, "warning", lambda event, **kw: logged.append((event, kw)))
        metrics.observe_verdict(verdict())
        assert logged and logged[0][0] == "metrics_failed" and logged[0][1]["step"] == "verdict"


class TestMiddleware:
    def test_serves_through_verifleet_fork_on_its_port_or_not_at_all(self) -> None:
        from workers.exposition import serve

        assert metrics.Metrics(Settings(metrics_port=9300)).forks == [serve]
        assert metrics.Metrics(Settings(metrics_port=0)).forks == []

    def test_the_broker_middleware_starts_with_it(self) -> None:
        from workers.brokers import middleware

        assert isinstance(middleware(Settings())[0], metrics.Metrics)

    def test_supervisor_points_both_libraries_at_one_wiped_directory(self, tmp_path: Path) -> None:
        env = worker_env(Settings(metrics_port=9400), str(tmp_path))
        assert env["PROMETHEUS_MULTIPROC_DIR"] == env["dramatiq_prom_db"] == str(tmp_path)
        assert env["VERIFLEET_METRICS_PORT"] == "9400"
        (tmp_path / "counter_123.db").write_bytes(b"x")
        (tmp_path / "nested").mkdir()
        reset_dir(tmp_path)
        assert list(tmp_path.iterdir()) == []

    def test_dead_processes_lose_their_live_gauges_and_keep_their_counters(self, tmp_path: Path) -> None:
        """A SIGKILLed worker cannot mark itself dead: the supervisor drops its live gauges (an
        in-progress count, an open circuit) and keeps what it counted; a running process keeps all."""
        gone = subprocess.Popen([sys.executable, "-c", "pass"])
        gone.wait()
        mine = os.getpid()
        names = [
            f"gauge_livesum_{gone.pid}.db",
            f"gauge_livemax_{gone.pid}.db",
            f"counter_{gone.pid}.db",
            f"histogram_{gone.pid}.db",
            f"gauge_livesum_{mine}.db",
            f"gauge_livemax_{mine}.db",
        ]
        for name in names:
            (tmp_path / name).write_bytes(b"x")
        assert drop_dead_gauges(tmp_path) == [gone.pid]
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[2:])
        assert drop_dead_gauges(tmp_path) == []


@pytest.fixture
def server(redis_url: str, tmp_path: Path) -> Iterator[str]:
    settings = Settings(redis_url=redis_url, metrics_port=0, metrics_host="127.0.0.1")
    httpd = make_server(settings, str(tmp_path))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.integration
class TestExposition:
    def test_metrics_healthz_and_404(self, server: str) -> None:
        body = urllib.request.urlopen(f"{server}/metrics", timeout=5).read().decode()
        for name in gauge_names():
            assert f"# TYPE {name} gauge" in body, name
        assert 'verifleet_queue_depth{queue="verify-inline"} 0.0' in body
        assert "verifleet_broker_up 1.0" in body
        assert urllib.request.urlopen(f"{server}/healthz", timeout=5).read() == b"ok\n"
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(f"{server}/", timeout=5)
        assert e.value.code == 404

    def test_scrapes_reuse_their_redis_connections(self, server: str, redis_client: redis.Redis) -> None:
        """Queue gauges, the parked count and the circuit states are read on connections the server
        keeps: after the first scrape, more scrapes open no new connection to Redis."""
        urllib.request.urlopen(f"{server}/metrics", timeout=5).read()
        before = redis_client.info("stats")["total_connections_received"]
        for _ in range(5):
            assert (
                b"verifleet_batch_parked_items"
                in urllib.request.urlopen(f"{server}/metrics", timeout=5).read()
            )
        assert redis_client.info("stats")["total_connections_received"] == before

    def test_an_unreachable_broker_reads_as_down_not_as_a_failed_scrape(self, tmp_path: Path) -> None:
        settings = Settings(redis_url="redis://127.0.0.1:1/0")
        families = {f.name: f for f in build_registry(settings, str(tmp_path)).collect()}
        assert families["verifleet_broker_up"].samples[0].value == 0
        assert "verifleet_queue_depth" not in families

    def test_parked_items_count_the_parking_stream(self, redis_url: str, tmp_path: Path) -> None:
        """Given three jobs' judge work parked and one flushed, the gauge reads the two still parked."""
        settings = Settings(redis_url=redis_url, key_prefix="parked-gauge")
        client = redis.Redis.from_url(redis_url)
        lot = ParkingLot(client, prefix=settings.key_prefix)
        events = EventStore.from_settings(client, settings)
        entries = [lot.park(events, parse_job(make_job(job_id=f"p-{i}"))) for i in range(3)]
        assert all(entries)
        assert lot.park(events, parse_job(make_job(job_id="p-0"))) is None  # parked already: not twice

        def gauge() -> float:
            families = {f.name: f for f in build_registry(settings, str(tmp_path)).collect()}
            return families["verifleet_batch_parked_items"].samples[0].value

        assert gauge() == 3
        lot.done([e for e in entries[:1] if e is not None])
        assert gauge() == 2
        client.close()

    def test_unreadable_parked_work_is_left_out_not_read_as_zero(self, tmp_path: Path) -> None:
        families = {
            f.name: f
            for f in build_registry(Settings(redis_url="redis://127.0.0.1:1/0"), str(tmp_path)).collect()
        }
        assert "verifleet_batch_parked_items" not in families
