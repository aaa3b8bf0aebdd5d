"""Fleet policies in one process against a real Redis: budget ledger, sampling, result cache,
batching's flush, retries, the action policy. Worker processes are in tests/integration/."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import dramatiq
import pytest
import redis
from dramatiq.middleware import CurrentMessage
from factories import BODY, make_job, mixed_jobs
from policy_support import CLAIM_SOURCES, CLAIMS_BODY, JUDGE, JUDGED, KEY, LEAF_BODY, EchoJudge
from prometheus_client import CollectorRegistry

from checks import CriterionJudgement, Judgement, verify_document
from checks.grounding import ClaimQuery
from checks.judging import JudgeFailed
from messages import (
    Action,
    CheckStatus,
    Criterion,
    JobRejected,
    Mode,
    SkipReason,
    Verdict,
    VerdictEvent,
    VerifyJob,
    parse_job,
)
from workers import metrics
from workers.actors import _publish, process
from workers.batching import CLAIMS, Flusher, Parked, claims_of
from workers.budget import Ledger, PrepaidBudget
from workers.faults import Delivery, JudgeUnavailable, current_delivery
from workers.policies import FleetPolicies
from workers.runtime import Runtime
from workers.sampling import fraction
from workers.settings import Settings

pytestmark = pytest.mark.integration


def runtime_with(redis_url: str, judge: Any = None, **overrides: Any) -> Runtime:
    """A worker's runtime on the test Redis, with ``judge`` (a scripted one, or None)."""
    settings = Settings(redis_url=redis_url, **overrides)
    built = Runtime.build(settings)
    client = built.events.redis
    return Runtime(
        settings=settings,
        events=built.events,
        config=settings.pipeline_config(),
        judge=judge,
        policies=FleetPolicies.build(settings, client, judge),
    )


@pytest.fixture
def echo() -> Iterator[EchoJudge]:
    server = EchoJudge().start()
    yield server
    server.stop()


def echo_runtime(redis_url: str, server: EchoJudge, **overrides: Any) -> Runtime:
    return Runtime.build(
        Settings(
            redis_url=redis_url,
            judges=[JUDGE],
            judge_base_url=server.base_url,
            judge_api_key=KEY,
            **overrides,
        )
    )


def leaf(i: int, **overrides: Any) -> dict[str, Any]:
    job = make_job(
        job_id=f"leaf-{i}",
        task_id=f"t{i}",
        criteria=[JUDGED],
        output={"format": "markdown", "content": LEAF_BODY + f"\nItem {i}.\n"},
    )
    job.update(overrides)
    return job


class TestLedger:
    def test_a_job_spends_at_most_its_budget_across_runs(self, redis_client: redis.Redis) -> None:
        """Given a job with a 0.10 USD budget that spent 0.06 in an earlier run, when a new run
        reserves 0.05, then it is refused: a redelivered job does not get a fresh budget."""
        ledger = Ledger(redis_client)
        job = parse_job(make_job(job_id="j", task={"cost_usd": 1.0}))
        first = ledger.open(job, limit_usd=0.10, mission_cap_usd=None)
        assert first.try_reserve(0.08)
        first.settle(0.08, 0.06)
        again = ledger.open(job, limit_usd=0.10, mission_cap_usd=None)
        assert again.spent_usd == pytest.approx(0.06)
        assert not again.try_reserve(0.05) and again.refused == ["job"]
        assert again.try_reserve(0.04)

    def test_every_job_of_a_mission_counts_against_its_cap(self, redis_client: redis.Redis) -> None:
        """Given a mission cap of 0.10 USD, when three jobs of different tasks each reserve 0.04,
        then the third is refused by the mission, though its own budget would allow it."""
        ledger = Ledger(redis_client)
        budgets = [
            ledger.open(
                parse_job(make_job(job_id=f"j{i}", task_id=f"t{i}")), limit_usd=1.0, mission_cap_usd=0.10
            )
            for i in range(3)
        ]
        assert budgets[0].try_reserve(0.04) and budgets[1].try_reserve(0.04)
        assert not budgets[2].try_reserve(0.04)
        assert budgets[2].refused == ["mission"]
        budgets[0].settle(0.04, 0.01)  # settling at less than reserved frees the rest
        assert budgets[2].try_reserve(0.04)
        spend = ledger.mission("m1")
        assert spend.spent_usd == pytest.approx(0.01) and spend.held_usd == pytest.approx(0.08)
        assert spend.cap_usd == pytest.approx(0.10)

    def test_a_repeated_run_takes_over_its_own_unsettled_reservation(self, redis_client: redis.Redis) -> None:
        """Given a run that reserved and died before settling, when the job runs again, then its
        first reservation replaces the dead run's instead of stacking on it."""
        ledger = Ledger(redis_client)
        job = parse_job(make_job(job_id="j"))
        assert ledger.open(job, limit_usd=0.05, mission_cap_usd=None).try_reserve(0.04)
        again = ledger.open(job, limit_usd=0.05, mission_cap_usd=None)
        assert again.try_reserve(0.04)
        again.settle(0.04, 0.03)
        spend = ledger.mission("m1")
        assert spend.held_usd == 0 and spend.open_holds == 0 and spend.jobs["j"] == pytest.approx(0.03)

    def test_reservations_nobody_settles_expire(
        self, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given a reservation whose worker died, when its hold time has passed, then the next
        reservation in the mission releases it; a late settlement still counts what was spent.
        Both are counted for operators (Prometheus)."""
        registry = CollectorRegistry()
        monkeypatch.setattr(metrics, "_instruments", metrics.Instruments.register(registry))
        ledger = Ledger(redis_client)
        ledger.hold_ttl_ms = 50
        dead = ledger.open(
            parse_job(make_job(job_id="dead", task_id="t1")), limit_usd=1, mission_cap_usd=0.05
        )
        assert dead.try_reserve(0.05)
        other = ledger.open(
            parse_job(make_job(job_id="other", task_id="t2")), limit_usd=1, mission_cap_usd=0.05
        )
        assert not other.try_reserve(0.01)
        time.sleep(0.1)
        assert other.try_reserve(0.01)
        spend = ledger.mission("m1")
        assert spend.expired == 1 and spend.held_usd == pytest.approx(0.01)
        assert registry.get_sample_value("verifleet_budget_holds_expired_total") == 1
        assert registry.get_sample_value("verifleet_budget_late_settlements_total") == 0
        dead.settle(0.05, 0.002)  # the dead run's late word
        assert ledger.mission("m1").late == 1 and ledger.mission("m1").jobs["dead"] == pytest.approx(0.002)
        assert registry.get_sample_value("verifleet_budget_late_settlements_total") == 1
        assert ledger.reap("m1") == 0  # nothing else expired
        assert registry.get_sample_value("verifleet_budget_holds_expired_total") == 1

    def test_a_prepaid_reservation_is_used_by_the_matching_quote_only(
        self, redis_client: redis.Redis
    ) -> None:
        ledger = Ledger(redis_client)
        job = parse_job(make_job(job_id="j"))
        budget = ledger.open(job, limit_usd=0.1, mission_cap_usd=None)
        prepaid = budget.take("j|flush", 0.03)
        assert prepaid is not None
        wrapped = PrepaidBudget(budget, prepaid)
        assert wrapped.try_reserve(0.01)  # another step: from the ledger
        assert wrapped.try_reserve(0.03)  # the prepaid one
        wrapped.settle(0.03, 0.02)
        wrapped.settle(0.01, 0.01)
        assert ledger.mission("m1").held_usd == 0
        assert ledger.mission("m1").spent_usd == pytest.approx(0.03)

    def test_prepaid_reservations_left_unsettled_are_charged_what_their_calls_cost(
        self, redis_client: redis.Redis
    ) -> None:
        """The flush prepays the rubric and the claims; the pipeline settles the one it used, and
        the other (its claims asked otherwise) is charged at release what its call cost."""
        ledger = Ledger(redis_client)
        job = parse_job(make_job(job_id="j"))
        budget = ledger.open(job, limit_usd=0.1, mission_cap_usd=None)
        rubric, claims = budget.take("j|flush", 0.03), budget.take("j|claims", 0.02)
        assert rubric is not None and claims is not None
        assert budget.take("j|more", 0.06) is None  # both held
        claims.actual_usd = 0.004
        wrapped = PrepaidBudget(budget, rubric, None, claims)
        assert wrapped.try_reserve(0.03)
        wrapped.settle(0.03, 0.01)
        wrapped.release()
        wrapped.release()  # once only
        assert ledger.mission("m1").held_usd == 0
        assert ledger.mission("m1").spent_usd == pytest.approx(0.014)


@dataclass
class Scripted:
    """A judge whose quotes and charges are drawn per job, recording every charge (the truth)."""

    seed: int = 7
    charged: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    unanswered: set[str] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _rng(self, job: VerifyJob, salt: str) -> random.Random:
        return random.Random(f"{self.seed}:{job.job_id}:{salt}")

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        return round(self._rng(job, "q").uniform(0.001, 0.08), 6)

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        quote = self.quote(job, criteria)
        rng = random.Random()
        roll = rng.random()
        if roll < 0.05 and job.job_id not in self.unanswered:
            with self._lock:
                self.unanswered.add(job.job_id)
            raise JudgeFailed("the judge is down")  # nothing charged: retried like dramatiq would
        cost = quote * rng.uniform(0.05, 1.0)
        with self._lock:
            self.charged[job.job_id] += cost
        if roll < 0.15:
            raise JudgeFailed("malformed twice", cost_usd=cost, tokens_in=10, tokens_out=5)
        return Judgement(
            criteria=[CriterionJudgement(c.id, rng.choice([0.25, 0.75, 1.0])) for c in criteria],
            quality=None,
            confidence=0.8,
            models=["scripted:judge"],
            cost_usd=cost,
            tokens_in=100,
            tokens_out=20,
        )


def random_jobs(n: int, rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, float | None]]:
    missions = {f"m{i}": (None if i % 4 == 0 else round(rng.uniform(0.02, 0.6), 4)) for i in range(60)}
    jobs = []
    for i in range(n):
        mission = rng.choice(sorted(missions))
        cost = round(10 ** rng.uniform(-2, 0.5), 4)  # 0.01 .. 3.2 USD, some under the bypass
        policy: dict[str, Any] = {"budget_fraction": rng.choice([0.02, 0.05, 0.1, 0.3, 0.5])}
        if missions[mission] is not None:
            policy["mission_budget_usd"] = missions[mission]
        criteria: list[dict[str, Any]] = [dict(JUDGED), {"id": "j2", "text": "Is precise"}]
        if rng.random() < 0.2:
            criteria.append({"id": "w", "text": "short", "check": "word_count", "params": {"le": 500}})
        jobs.append(
            make_job(
                job_id=f"{mission}-j{i}",
                mission_id=mission,
                task_id=f"t{i % 700}",
                attempt=1 + i % 3,
                has_dependents=rng.random() < 0.7,
                task={"description": "d", "executor_model": "openai:gpt-4o", "cost_usd": cost},
                criteria=criteria,
                policy=policy,
                output={"format": "markdown", "content": f"{BODY}\nVariant {i}.\n"},
            )
        )
    return jobs, missions


class TestBudgetInvariant:
    @pytest.mark.timeout(180)
    def test_5000_random_jobs_never_spend_over_the_job_budget_nor_the_mission_cap(
        self, redis_url: str
    ) -> None:
        """Given 5,000 jobs over 60 missions (caps from 0.02 USD to none), task costs from 0.01 to
        3.2 USD, budget fractions from 2% to 50%, a judge whose quotes and charges vary and that
        sometimes fails (paid or not), processed by 8 threads, inline and batch, some delivered
        twice and unanswered ones retried: then the judge's actual charges never exceed a job's
        budget nor a mission's cap, not once, and every verdict says so too."""
        rng = random.Random(2026)
        judge = Scripted()
        runtime = runtime_with(redis_url, judge, cache_ttl_seconds=0, min_backoff_ms=10)
        jobs, caps = random_jobs(5_000, rng)
        verdicts: dict[str, VerdictEvent] = {}
        lock = threading.Lock()

        def record(verdict: VerdictEvent | None) -> None:
            if verdict is not None:
                with lock:
                    assert verdict.job_id not in verdicts, "published twice"
                    verdicts[verdict.job_id] = verdict

        def run(job: dict[str, Any]) -> None:
            deliveries = 2 if rng.random() < 0.1 else 1
            for _ in range(deliveries):
                for _attempt in range(3):  # dramatiq's retries of a transient failure
                    try:
                        record(process(runtime, job, parse_job(job).routed_mode))
                        break
                    except JudgeUnavailable:
                        continue

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(run, jobs))
        published: list[VerdictEvent] = []
        flusher = Flusher(runtime, runtime.policies, lambda v, j: published.append(v), "test")
        flusher.lot.ensure_group()
        while flusher.lot.backlog():
            flusher._hold(flusher.lot.read("test", count=16, block_ms=None))
            flusher.flush(flusher.ready(int(time.time() * 1000), everything=True))
            time.sleep(0.005)
        for v in published:
            record(v)

        assert len(verdicts) == 5_000
        by_mission: dict[str, float] = defaultdict(float)
        for job in jobs:
            budget = job["policy"]["budget_fraction"] * job["task"]["cost_usd"]
            charged = judge.charged.get(job["job_id"], 0.0)
            assert charged <= budget + 1e-9, (job["job_id"], charged, budget)
            assert verdicts[job["job_id"]].cost.usd <= budget + 1e-8
            by_mission[job["mission_id"]] += charged
        for mission, cap in caps.items():
            if cap is not None:
                assert by_mission[mission] <= cap + 1e-9, (mission, by_mission[mission], cap)
        skipped = Counter(
            c.reason for v in verdicts.values() for c in v.checks if c.status is CheckStatus.SKIPPED
        )
        assert skipped[SkipReason.BUDGET.value] > 100 and skipped[SkipReason.BYPASS.value] > 100
        assert sum(judge.charged.values()) > 1.0  # the judge was used a lot, not just refused
        ledger = runtime.policies.ledger
        for mission in caps:
            spend = ledger.mission(mission)
            open_holds = ledger.redis.hgetall(ledger.keys(mission)[2])  # reservation id -> amount:job
            # every reservation was settled or taken over
            assert spend.held_usd == pytest.approx(0.0, abs=1e-9), (mission, open_holds)
            assert spend.spent_usd == pytest.approx(by_mission[mission], abs=1e-6)


DOLLAR_TASK = {"description": "d", "executor_model": "openai:gpt-4o", "cost_usd": 1.0}


@dataclass
class Silent:
    """A judge that quotes 0.03 USD and never answers jobs whose id starts with ``mute``."""

    calls: list[str] = field(default_factory=list)

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        return 0.03

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        self.calls.append(job.job_id)
        if job.job_id.startswith("mute"):
            raise JudgeFailed("the judge is down")  # nothing charged
        return Judgement(
            criteria=[CriterionJudgement(c.id, 1.0) for c in criteria],
            quality=None,
            confidence=0.8,
            models=["scripted:judge"],
            cost_usd=0.001,
            tokens_in=100,
            tokens_out=20,
        )


class TestUnansweredRuns:
    def test_an_inline_run_no_judge_answered_holds_nothing_after_it(self, redis_url: str) -> None:
        """Given a judge that does not answer, when an inline job runs, then it raises for a retry
        and its reservation is released at once, not kept until a retry re-takes it or it expires."""
        judge = Silent()
        runtime = runtime_with(redis_url, judge)
        job = make_job(job_id="mute-1", has_dependents=True, criteria=[JUDGED], task=DOLLAR_TASK)
        with pytest.raises(JudgeUnavailable):
            process(runtime, job, Mode.INLINE)
        assert judge.calls == ["mute-1"]
        assert runtime.policies is not None
        spend = runtime.policies.ledger.mission("m1")
        assert spend.held_usd == 0 and spend.open_holds == 0 and spend.spent_usd == 0

    def test_a_flushed_item_asked_alone_that_got_no_answer_holds_nothing_after_it(
        self, redis_url: str
    ) -> None:
        """Given a mission cap with room for one quote, when two parked jobs are flushed, then the
        first takes the group reservation and the second, refused then, reserves on its own once the
        first settled; when the judge does not answer it, its reservation is released and, its
        retries spent, it gets a verdict error: the mission holds nothing at the end."""
        judge = Silent()
        runtime = runtime_with(redis_url, judge, max_retries=0, cache_ttl_seconds=0)
        policy = {"mission_budget_usd": 0.05, "budget_fraction": 0.1}
        for job_id in ("first", "mute-2"):
            job = make_job(job_id=job_id, task_id=job_id, criteria=[JUDGED], policy=policy, task=DOLLAR_TASK)
            assert process(runtime, job, Mode.BATCH) is None  # parked
        assert runtime.policies is not None
        published: list[VerdictEvent] = []
        flusher = Flusher(runtime, runtime.policies, lambda v, j: published.append(v), "f")
        flusher.lot.ensure_group()
        items = sorted(flusher.lot.read("f", count=4, block_ms=None), key=lambda p: p.job_id != "first")
        flusher._hold(items)
        flusher.flush(items)
        assert judge.calls == ["first", "mute-2"]  # the second was asked alone, after the group
        verdicts = {v.job_id: v for v in published}
        assert verdicts["first"].verdict is Verdict.PASS
        assert verdicts["mute-2"].verdict is Verdict.ERROR and "JudgeUnavailable" in verdicts["mute-2"].reason
        spend = runtime.policies.ledger.mission("m1")
        assert spend.held_usd == 0 and spend.open_holds == 0
        assert spend.spent_usd == pytest.approx(0.001)


class TestSampling:
    def test_every_nth_eligible_task_is_verified_and_redelivery_keeps_the_decision(
        self, redis_url: str
    ) -> None:
        """Given sample_every 3, when 7 leaf tasks arrive (and the 2nd twice), then the 1st, 4th and
        7th are verified; the others get pass/continue, confidence 0, reason not_sampled."""
        runtime = runtime_with(redis_url)
        policy = {"sample_every": 3}
        got = {}
        for i in range(7):
            got[i] = process(runtime, make_job(job_id=f"s{i}", task_id=f"t{i}", policy=policy), Mode.BATCH)
        assert process(runtime, make_job(job_id="s1", task_id="t1", policy=policy), Mode.BATCH) is None
        assert runtime.policies is not None
        assert (
            runtime.policies.sampler.decide(parse_job(make_job(job_id="s1", policy=policy))).verify is False
        )
        verified = [i for i, v in got.items() if v is not None and v.reason != "not_sampled"]
        assert verified == [0, 3, 6]
        skipped = got[1]
        assert skipped is not None
        assert (skipped.verdict, skipped.action, skipped.confidence) == (Verdict.PASS, Action.CONTINUE, 0.0)
        assert skipped.reason == "not_sampled" and skipped.cost.usd == 0
        assert all(c.status is CheckStatus.SKIPPED and c.reason == "not_sampled" for c in skipped.checks)

    def test_a_seeded_fraction_is_reproducible_and_close_to_the_rate(self, redis_url: str) -> None:
        """Given sample_rate 0.25 with seed 11, the same tasks are chosen on every run, about a
        quarter of them; another seed chooses others."""
        chosen = [t for t in range(2_000) if fraction(11, "m1", f"t{t}") < 0.25]
        again = [t for t in range(2_000) if fraction(11, "m1", f"t{t}") < 0.25]
        other = [t for t in range(2_000) if fraction(12, "m1", f"t{t}") < 0.25]
        assert chosen == again and chosen != other
        assert 420 <= len(chosen) <= 580
        runtime = runtime_with(redis_url)
        policy = {"sample_rate": 0.25, "sample_seed": 11}
        for t in range(40):
            verdict = process(runtime, make_job(job_id=f"r{t}", task_id=f"t{t}", policy=policy), Mode.BATCH)
            assert verdict is not None
            assert (verdict.reason != "not_sampled") == (t in chosen)

    def test_tasks_with_dependents_and_corrections_are_always_verified(self, redis_url: str) -> None:
        runtime = runtime_with(redis_url)
        policy = {"sample_rate": 0.0}
        inline = process(runtime, make_job(job_id="a", has_dependents=True, policy=policy), Mode.INLINE)
        second = process(runtime, make_job(job_id="b", attempt=2, policy=policy), Mode.BATCH)
        first = process(runtime, make_job(job_id="c", policy=policy), Mode.BATCH)
        assert inline is not None and second is not None and first is not None
        assert inline.reason != "not_sampled" and second.reason != "not_sampled"
        assert first.reason == "not_sampled"

    @pytest.mark.parametrize(
        ("policy", "where"),
        [
            ({"sample_every": 2, "sample_rate": 0.5}, "not both"),
            ({"sample_seed": 3}, "sample_rate only"),
            ({"sample_every": 0}, "sample_every"),
            ({"sample_rate": 1.5}, "sample_rate"),
            ({"mission_budget_usd": -1}, "mission_budget_usd"),
        ],
    )
    def test_bad_policy_fields_are_refused_with_where(self, policy: dict[str, Any], where: str) -> None:
        with pytest.raises(JobRejected) as caught:
            parse_job(make_job(policy=policy))
        assert where in str(caught.value)


class TestResultCache:
    def test_an_unchanged_output_reuses_the_judgement_and_a_change_pays_again(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given a judged inline job, when the same output and criteria come back under a new job_id
        (a correction that changed nothing), then no judge call is made, the judge check costs 0 and
        its rows say cached; a changed output or criterion calls the judge again."""
        runtime = echo_runtime(redis_url, echo)
        first = process(runtime, leaf(1, job_id="c-1", has_dependents=True), Mode.INLINE)
        again = process(runtime, leaf(1, job_id="c-2", attempt=2, has_dependents=True), Mode.INLINE)
        assert first is not None and again is not None and echo.calls == 1
        judge_check = next(c for c in again.checks if c.name == "judge")
        assert judge_check.cost_usd == 0 and again.cost.usd == 0 and first.cost.usd > 0
        assert all(row["cached"] for row in judge_check.details["judges"])
        assert again.criteria == first.criteria
        process(runtime, leaf(2, job_id="c-3", has_dependents=True), Mode.INLINE)
        changed = leaf(1, job_id="c-4", has_dependents=True, criteria=[{**JUDGED, "text": "Names the tiers"}])
        process(runtime, changed, Mode.INLINE)
        assert echo.calls == 3

    def test_cache_hits_are_counted(self) -> None:
        from prometheus_client import CollectorRegistry

        from workers.metrics import Instruments

        registry = CollectorRegistry()
        instruments = Instruments.register(registry)
        verdict = VerdictEvent.model_validate(
            {
                "job_id": "j",
                "verdict": "pass",
                "status": "passed",
                "action": "continue",
                "checks": [
                    {
                        "name": "judge",
                        "status": "pass",
                        "details": {"judges": [{"model": JUDGE, "cached": True}]},
                    }
                ],
            }
        )
        instruments.observe_verdict(verdict)
        assert registry.get_sample_value("verifleet_cache_hits_total") == 1.0


class TestBatchFlush:
    def test_parked_jobs_are_judged_in_one_call_and_published_once(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given 6 leaf jobs parked by their first pass (N=6), when the flusher flushes, then one
        judge request scores all six, each verdict is published once with its judged criterion and a
        share of the cost, and a second delivery of a message parks nothing."""
        runtime = echo_runtime(redis_url, echo, batch_max_items=6)
        assert all(process(runtime, leaf(i), Mode.BATCH) is None for i in range(6))
        assert process(runtime, leaf(0), Mode.BATCH) is None
        assert runtime.policies is not None and runtime.policies.lot.backlog() == 6
        assert echo.calls == 0
        published: list[VerdictEvent] = []
        flusher = Flusher(
            runtime,
            runtime.policies,
            lambda v, j: published.append(v) if runtime.events.publish(v) else None,
            "f1",
        )
        flusher.lot.ensure_group()
        flusher._hold(flusher.lot.read("f1", count=12, block_ms=None))
        batch = flusher.ready(int(time.time() * 1000))
        assert len(batch) == 6  # N reached: no need to wait for T
        flusher.flush(batch)
        assert echo.calls == 1 and len(published) == 6
        assert all(v.verdict is Verdict.PASS and v.criteria[-1].met for v in published)
        assert all(0 < v.cost.usd < 0.0012 for v in published)
        assert runtime.policies.lot.backlog() == 0
        assert [e.event.job_id for e in runtime.events.iter_all()].count("leaf-0") == 1

    def test_claims_left_ambiguous_are_ruled_in_one_request_for_the_group(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given 3 parked leaf jobs whose grounding leaves a claim each ambiguous, when the group is
        flushed, then one request scores the three outputs and one more rules on the three drafts'
        claims (the claims each first pass parked with its job); every verdict has its claim
        supported and carries its share of both requests, and the ledger holds nothing after."""
        runtime = echo_runtime(redis_url, echo, batch_max_items=3)
        for i in range(3):
            body = CLAIMS_BODY + f"\nItem {i}.\n"
            job = leaf(i, output={"format": "markdown", "content": body}, **CLAIM_SOURCES)
            assert process(runtime, job, Mode.BATCH) is None
        assert runtime.policies is not None and echo.calls == 0
        published = self._flush_all(runtime)
        ruled = [r for r in echo.requests if "<<<BEGIN CLAIMS " in r.prompt]
        assert len(ruled) == 1 and echo.calls == 2
        assert [f"# Draft leaf-{i}" in ruled[0].prompt for i in range(3)] == [True] * 3
        assert sorted(v.job_id for v in published) == ["leaf-0", "leaf-1", "leaf-2"]
        for v in published:
            grounding = next(c for c in v.checks if c.name == "grounding")
            escalated = grounding.details["escalation"]
            assert escalated["ruled"] == escalated["claims"] == grounding.details["supported"] == 1
            assert grounding.cost_usd > 0 and v.cost.usd > grounding.cost_usd
        mission = runtime.policies.ledger.mission("m1")
        assert mission.held_usd == 0
        assert mission.spent_usd == pytest.approx(sum(v.cost.usd for v in published), abs=1e-8)

    def test_claims_of_entries_parked_without_them_are_ruled_at_once(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given 3 jobs parked without their claims (as a worker before claims were kept parks
        them), when the group is flushed, then each job's claim is ruled in a call of its own as
        it is verified again, the three calls made at once (each waits at a barrier for the
        other two: one after another, they would break it)."""
        runtime = echo_runtime(redis_url, echo, batch_max_items=3)
        assert runtime.policies is not None
        echo.barrier = threading.Barrier(3, timeout=10)
        for i in range(3):
            body = CLAIMS_BODY + f"\nItem {i}.\n"
            job = parse_job(leaf(i, output={"format": "markdown", "content": body}, **CLAIM_SOURCES))
            assert runtime.policies.lot.park(runtime.events, job) is not None
        published = self._flush_all(runtime)
        ruled = [r for r in echo.requests if "<<<BEGIN CLAIMS " in r.prompt]
        assert len(ruled) == 3 and not any("# Draft " in r.prompt for r in ruled)
        for v in published:
            grounding = next(c for c in v.checks if c.name == "grounding")
            assert grounding.details["escalation"]["ruled"] == 1

    def test_a_failing_claim_request_leaves_each_job_to_ask_alone(
        self, redis_url: str, echo: EchoJudge, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given 2 parked jobs with claims for the judge, when the group's claim request fails with a
        bug, then the flush goes on: each job's claims are ruled in a call of its own as it is verified
        again, and the ledger holds nothing after."""
        runtime = echo_runtime(redis_url, echo, batch_max_items=2)
        for i in range(2):
            body = CLAIMS_BODY + f"\nItem {i}.\n"
            job = leaf(i, output={"format": "markdown", "content": body}, **CLAIM_SOURCES)
            assert process(runtime, job, Mode.BATCH) is None
        assert runtime.judge is not None and runtime.policies is not None

        def broken(items: Any) -> Any:
            raise RuntimeError("a bug in the claim request")

        monkeypatch.setattr(runtime.judge, "judge_claims_many", broken)
        published = self._flush_all(runtime)
        assert sorted(v.job_id for v in published) == ["leaf-0", "leaf-1"]
        ruled = [r for r in echo.requests if "<<<BEGIN CLAIMS " in r.prompt]
        assert len(ruled) == 2 and not any("# Draft " in r.prompt for r in ruled)
        assert runtime.policies.ledger.mission("m1").held_usd == 0

    def test_parked_claims_read_back_as_parked_and_unreadable_ones_are_none(self) -> None:
        """What a first pass parks reads back equal (the flush uses a group's rulings only for
        the very claims a job asks about again); an unreadable field reads as none."""
        q = ClaimQuery("c2", "Rail use grew.", "Findings", "unsourced", (("s1", "Use grew."),), ("s1",))
        kept = CLAIMS.dump_json((q,)).decode()
        assert claims_of(Parked("1-0", "j", "{}", claims=kept)) == (q,)
        assert claims_of(Parked("1-0", "j", "{}", claims='[{"key": 3}]')) == ()
        assert claims_of(Parked("1-0", "j", "{}")) == ()

    @staticmethod
    def _flush_all(runtime: Any) -> list[VerdictEvent]:
        published: list[VerdictEvent] = []
        flusher = Flusher(runtime, runtime.policies, lambda v, j: published.append(v), "f1")
        flusher.lot.ensure_group()
        flusher._hold(flusher.lot.read("f1", count=6, block_ms=None))
        flusher.flush(flusher.ready(int(time.time() * 1000), everything=True))
        flusher.drain()
        return published

    def test_a_job_whose_claims_alone_want_the_judge_is_parked_and_ruled(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given a leaf job with no judged criterion whose grounding leaves a claim ambiguous, when
        its first pass parks it and the flusher flushes it, then no rubric request is made, its
        claim is ruled in one call, and its verdict is published once."""
        runtime = echo_runtime(redis_url, echo)
        body = CLAIMS_BODY + "\nItem 0.\n"
        job = leaf(0, criteria=[], output={"format": "markdown", "content": body}, **CLAIM_SOURCES)
        assert process(runtime, job, Mode.BATCH) is None
        assert runtime.policies is not None
        published: list[VerdictEvent] = []
        flusher = Flusher(runtime, runtime.policies, lambda v, j: published.append(v), "f1")
        flusher.lot.ensure_group()
        flusher.flush(flusher.lot.read("f1", count=4, block_ms=None))
        (verdict,) = published
        assert echo.calls == 1 and "<<<BEGIN CLAIMS " in echo.requests[0].prompt
        grounding = next(c for c in verdict.checks if c.name == "grounding")
        assert grounding.details["escalation"]["ruled"] == 1 and verdict.cost.usd > 0

    def test_work_a_dead_flusher_held_is_reclaimed_and_flushed_once(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given parked work read by a flusher that then died (never acknowledged), when another
        flusher looks after the claim idle time, then it takes the work over and publishes each
        verdict once; work it finds already answered is only acknowledged."""
        runtime = echo_runtime(redis_url, echo, batch_max_items=4, batch_claim_idle_ms=500)
        for i in range(3):
            process(runtime, leaf(i), Mode.BATCH)
        assert runtime.policies is not None
        lot = runtime.policies.lot
        lot.ensure_group()
        assert len(lot.read("dead", count=10, block_ms=None)) == 3
        runtime.events.publish(verify_document(json.dumps(leaf(2))))  # it published one before dying
        survivor = Flusher(runtime, runtime.policies, lambda v, j: runtime.events.publish(v), "alive")
        assert lot.reclaim("alive", min_idle_ms=500, count=10) == []  # not idle long enough yet
        time.sleep(0.6)
        survivor.step()
        survivor.flush(survivor.ready(int(time.time() * 1000), everything=True))
        ids = [e.event.job_id for e in runtime.events.iter_all()]
        assert sorted(ids) == ["leaf-0", "leaf-1", "leaf-2"]
        assert lot.backlog() == 0 and echo.calls == 1

    def test_an_unanswered_group_call_is_parked_again_then_answered_with_an_error(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        """Given a judge that answers 503, when a group is flushed, then its items are parked again
        with a backoff; after the last retry each gets a verdict error naming the judge."""
        runtime = echo_runtime(
            redis_url, echo, batch_max_items=2, max_retries=1, min_backoff_ms=10, judge_max_retries=0
        )
        echo.failing = True
        for i in range(2):
            process(runtime, leaf(i), Mode.BATCH)
        assert runtime.policies is not None
        flusher = Flusher(runtime, runtime.policies, lambda v, j: runtime.events.publish(v), "f")
        flusher.lot.ensure_group()
        for _ in range(2):
            time.sleep(0.05)
            flusher._hold(flusher.lot.read("f", count=4, block_ms=None))
            flusher.flush(flusher.ready(int(time.time() * 1000), everything=True))
        verdicts = {e.event.job_id: e.event for e in runtime.events.iter_all()}
        assert set(verdicts) == {"leaf-0", "leaf-1"}
        assert all(v.verdict is Verdict.ERROR and "JudgeUnavailable" in v.reason for v in verdicts.values())
        assert runtime.policies.ledger.mission("m1").held_usd == 0

    def test_a_flushed_verdict_is_timed_from_its_messages_enqueue_time(
        self, redis_url: str, echo: EchoJudge, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given a batch job without submitted_at, parked by its actor from a message enqueued 2 s
        earlier, when the flusher publishes its verdict (outside any message), then submit-to-verdict
        latency is observed for mode batch, from the message's enqueue time."""
        registry = CollectorRegistry()
        monkeypatch.setattr(metrics, "_instruments", metrics.Instruments.register(registry))
        runtime = echo_runtime(redis_url, echo)
        enqueued = int(time.time() * 1000) - 2_000
        message = dramatiq.Message(
            queue_name="verify-batch",
            actor_name="verify_batch",
            args=(),
            kwargs={},
            options={},
            message_timestamp=enqueued,
        )
        current = CurrentMessage()
        current.before_process_message(runtime, message)
        try:
            assert process(runtime, leaf(1), Mode.BATCH) is None  # parked
        finally:
            current.after_process_message(runtime, message)
        assert runtime.policies is not None
        flusher = Flusher(runtime, runtime.policies, lambda v, j: _publish(runtime, v, j), "f")
        flusher.lot.ensure_group()
        flusher.flush(flusher.lot.read("f", count=4, block_ms=None))
        assert echo.calls == 1
        batch = {"mode": "batch"}
        assert registry.get_sample_value("verifleet_job_latency_seconds_count", batch) == 1
        assert 2.0 <= (registry.get_sample_value("verifleet_job_latency_seconds_sum", batch) or 0) < 60

    def test_a_job_the_budget_cannot_cover_is_published_at_once_without_parking(
        self, redis_url: str, echo: EchoJudge
    ) -> None:
        runtime = echo_runtime(redis_url, echo)
        verdict = process(runtime, leaf(1, policy={"budget_fraction": 0.001}), Mode.BATCH)
        assert verdict is not None
        judge_check = next(c for c in verdict.checks if c.name == "judge")
        assert judge_check.reason == SkipReason.BUDGET.value and echo.calls == 0
        assert runtime.policies is not None and runtime.policies.lot.backlog() == 0


class TestActionPolicy:
    def test_actions_follow_the_coordinators_loop(self) -> None:
        """Over the examples and a mixed load: pass -> continue; a retry always carries
        fix_instructions and a correction brief and only before max_attempts; the last attempt
        never retries; confidence under 0.5 always escalates."""
        seen: Counter[Action] = Counter()
        for job in mixed_jobs(40) + [make_job(job_id=f"last-{i}", attempt=3) for i in range(3)]:
            v = verify_document(json.dumps(job))
            seen[v.action] += 1
            if v.verdict is Verdict.PASS and v.confidence >= 0.5:
                assert v.action is Action.CONTINUE
            if v.action is Action.RETRY_WITH_FEEDBACK:
                assert v.fix_instructions and v.correction_brief and v.attempt < 3
            if v.confidence < 0.5 or v.verdict is Verdict.ERROR:
                assert v.action is Action.ESCALATE
        assert seen[Action.CONTINUE] and seen[Action.RETRY_WITH_FEEDBACK] and seen[Action.ESCALATE]


class TestDeliveryCount:
    def test_one_round_trip_counts_the_delivery_and_reads_the_verdict_record(self, redis_url: str) -> None:
        """Given a job, when it is delivered before and after its verdict is published, then each
        delivery is counted and the second one reads that the verdict exists."""
        runtime = runtime_with(redis_url)
        assert runtime.policies is not None
        deliveries, key = runtime.policies.deliveries, runtime.events.record_key("once-1")
        assert deliveries.count_and_check("once-1", key) == (1, False)
        process(runtime, json.dumps(make_job(job_id="once-1")), Mode.BATCH)
        assert deliveries.count_and_check("once-1", key) == (2, True)

    def test_the_actor_trusts_what_the_delivery_read_for_its_own_job_only(self, redis_url: str) -> None:
        """Given a delivery that read "answered" for job A, when job A is processed, then nothing is
        verified or published; when job B is processed under it, B is verified all the same."""
        runtime = runtime_with(redis_url)
        token = current_delivery.set(Delivery("a-1", 1, answered=True))
        try:
            assert process(runtime, json.dumps(make_job(job_id="a-1")), Mode.BATCH) is None
            assert process(runtime, json.dumps(make_job(job_id="b-1")), Mode.BATCH) is not None
        finally:
            current_delivery.reset(token)
        assert runtime.events.get("a-1") is None and runtime.events.get("b-1") is not None
