"""Sampling: for cheap missions, verify only some of the tasks, and say so for the others.

A mission's jobs may carry one of two rules in their policy (docs/policies.md):

- ``sample_every: N``: verify the 1st, (N+1)th, (2N+1)th... eligible task of the mission, in the
  order the fleet first sees them. The ordinal of each job_id is assigned once, in Redis, so a
  redelivered or resubmitted job keeps its place and its decision.
- ``sample_rate: f`` (with ``sample_seed``, default 0): verify a task when
  ``sha256("<seed>:<mission_id>:<task_id>")``, read as a number in [0, 1), is below ``f``. The same
  seed picks the same tasks on every run, on every worker, with no shared state.

Eligible are first attempts of leaf tasks (``attempt`` 1, ``has_dependents`` false): a task that
others build on, and a correction the coordinator asked to have checked, are always verified.

An unsampled job is answered, never dropped: verdict ``pass``, status ``passed``, action
``continue``, score and confidence 0, reason ``not_sampled``, every planned check ``skipped`` with
reason ``not_sampled``. Nothing is spent on it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import redis

from checks import PipelineConfig
from checks.profiles import choose_profile, plan
from messages import (
    Action,
    CheckOutcome,
    CheckStatus,
    CriterionScore,
    FleetError,
    Mode,
    SkipReason,
    Status,
    Verdict,
    VerdictEvent,
    VerifyJob,
)

_ORDINAL = """
local n = redis.call('HGET', KEYS[1], ARGV[1])
if not n then
  n = redis.call('HINCRBY', KEYS[1], '#seen', 1)
  redis.call('HSET', KEYS[1], ARGV[1], n)
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return tonumber(n)
"""


@dataclass(frozen=True)
class Sample:
    verify: bool
    rule: str = ""
    """The rule that decided, in words ("" when the job has none or is not eligible)."""


def eligible(job: VerifyJob) -> bool:
    return job.attempt == 1 and not job.has_dependents


def fraction(seed: int, mission_id: str, task_id: str) -> float:
    """A stable number in [0, 1) for the task."""
    digest = hashlib.sha256(f"{seed}:{mission_id}:{task_id}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class Sampler:
    def __init__(
        self, client: redis.Redis, *, prefix: str = "verifleet", ttl_seconds: int = 30 * 86400
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds
        self._ordinal = client.register_script(_ORDINAL)

    def ordinal(self, job: VerifyJob) -> int:
        """The job's 1-based place among the mission's eligible jobs, fixed at first sight."""
        try:
            return int(
                self._ordinal(
                    keys=[f"{self.prefix}:sample:{{{job.mission_id}}}"], args=[job.job_id, self.ttl_seconds]
                )
            )
        except redis.RedisError as e:
            raise FleetError(f"could not read the sampling order of {job.mission_id!r}: {e}") from e

    def decide(self, job: VerifyJob) -> Sample:
        policy = job.policy
        if (policy.sample_every is None and policy.sample_rate is None) or not eligible(job):
            return Sample(True)
        if policy.sample_every is not None:
            n = self.ordinal(job)
            every = policy.sample_every
            return Sample((n - 1) % every == 0, f"every {every}th eligible task; this one is #{n}")
        rate = policy.sample_rate or 0.0
        seed = policy.sample_seed or 0
        x = fraction(seed, job.mission_id, job.task_id)
        return Sample(x < rate, f"a {rate:g} sample with seed {seed}; this task drew {x:.4f}")


def not_sampled(job: VerifyJob, sample: Sample, *, config: PipelineConfig, mode: Mode) -> VerdictEvent:
    """The verdict of a job the sampling rule left out.

    Raises:
        JobValidationError: a criterion's params do not fit its check (as verifying would).
    """
    profile = choose_profile(job, config.profile)
    details = {"sampling": sample.rule}
    checks = [
        CheckOutcome(
            name=p.name.value,
            status=CheckStatus.SKIPPED,
            reason=SkipReason.NOT_SAMPLED.value,
            criterion_id=p.criterion.id if p.criterion else None,
            details=details,
        )
        for p in plan(job, profile, default=config.profile)
    ]
    return VerdictEvent(
        job_id=job.job_id,
        mission_id=job.mission_id,
        task_id=job.task_id,
        attempt=job.attempt,
        verdict=Verdict.PASS,
        status=Status.PASSED,
        action=Action.CONTINUE,
        score=0.0,
        confidence=0.0,
        profile=profile,
        mode=mode,
        checks=checks,
        criteria=[CriterionScore(id=c.id, score=None, met=None) for c in job.criteria],
        reason=SkipReason.NOT_SAMPLED.value,
        trace_id=job.trace_id,
    )
