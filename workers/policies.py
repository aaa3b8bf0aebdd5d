"""The fleet's policies around one verification: sampling, budget, cache, retries, batching.

:meth:`FleetPolicies.verify` is what an actor runs for a parsed job that has no verdict yet:

1. **sampling** (``workers/sampling.py``): a job the mission's rule leaves out gets its
   ``not_sampled`` verdict at once;
2. **budget** (``workers/budget.py``): ``budget_fraction x task.cost_usd`` for the job, against the
   mission's ledger and its optional cap;
3. **judge**: the deployment's judge behind the result cache (``workers/cache.py``) and, inline,
   the retry guard (``workers/faults.py``);
4. **mode**: inline jobs are verified here, one judge call each; batch jobs get their first pass
   and, when they need the judge, are parked for a group call (``workers/batching.py``).

See docs/policies.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import redis

from checks import PipelineConfig, verify
from checks.judging import Judge
from messages import Mode, VerdictEvent, VerifyJob
from workers.batching import ParkingLot, first_pass
from workers.budget import JobBudget, Ledger
from workers.cache import CachingJudge, ResultCache, fingerprint
from workers.faults import Deliveries, GuardedJudge, JudgeUnavailable
from workers.sampling import Sampler, not_sampled

if TYPE_CHECKING:
    from workers.runtime import Runtime
    from workers.settings import Settings


@dataclass(frozen=True)
class FleetPolicies:
    settings: Settings
    ledger: Ledger
    sampler: Sampler
    deliveries: Deliveries
    lot: ParkingLot
    cache: ResultCache | None
    judge_fingerprint: str

    @classmethod
    def build(cls, settings: Settings, client: redis.Redis, judge: Judge | None) -> FleetPolicies:
        prefix, keep = settings.key_prefix, settings.verdict_ttl_seconds
        cache = None
        if settings.cache_ttl_seconds > 0:
            cache = ResultCache(client, prefix=prefix, ttl_seconds=settings.cache_ttl_seconds)
        return cls(
            settings=settings,
            ledger=Ledger(client, prefix=prefix, hold_ttl_s=settings.budget_hold_ttl_s, key_ttl_s=keep),
            sampler=Sampler(client, prefix=prefix, ttl_seconds=keep),
            deliveries=Deliveries(client, prefix=prefix),
            lot=ParkingLot(client, prefix=prefix, marker_ttl_s=keep),
            cache=cache,
            judge_fingerprint=fingerprint(judge) if judge is not None else "",
        )

    def budget(self, job: VerifyJob, config: PipelineConfig) -> JobBudget:
        """The job's budget: its fraction of the task's cost, within the mission's cap if any."""
        fraction = config.resolve(job).budget_fraction
        cap = job.policy.mission_budget_usd
        if cap is None:
            cap = self.settings.mission_budget_usd
        return self.ledger.open(job, limit_usd=fraction * job.task.cost_usd, mission_cap_usd=cap)

    def wrap(self, judge: Judge) -> Judge:
        """``judge`` behind the result cache, when the cache is on."""
        if self.cache is None:
            return judge
        return CachingJudge(judge, self.cache, self.judge_fingerprint)

    def verify(self, runtime: Runtime, job: VerifyJob, mode: Mode) -> VerdictEvent | None:
        """The job's verdict, or None when its judge work was parked for a batch flush.

        Raises:
            JobValidationError: a criterion's params do not fit its check.
            FleetError: Redis failed, or (``JudgeUnavailable``) no judge answered: worth a retry.
        """
        sample = self.sampler.decide(job)
        if not sample.verify:
            return not_sampled(job, sample, config=runtime.config, mode=mode)
        budget = self.budget(job, runtime.config)
        judge = runtime.judge
        if judge is None:
            return verify(job, config=runtime.config, judge=None, budget=budget, mode=mode)
        if mode is Mode.BATCH:
            return first_pass(job, runtime=runtime, policies=self, budget=budget, judge=judge)
        try:
            return verify(
                job, config=runtime.config, judge=self.wrap(GuardedJudge(judge)), budget=budget, mode=mode
            )
        except JudgeUnavailable:
            budget.abandon()  # nothing was paid; the retry reserves afresh
            raise
