"""The budget ledger: what each job and each mission may still spend, kept in Redis.

The pipeline spends against a :class:`checks.budget.BudgetLike`: before a paid check it reserves
the check's worst-case price, afterwards it settles the reservation at the actual price. In the
fleet that budget is a :class:`JobBudget` over a per-mission :class:`Ledger`, so that

- a job that is delivered again (a retry after a transient failure, a redelivery after a worker
  died) spends against what its earlier runs already spent, not a fresh budget;
- every job of a mission (its tasks, their correction attempts) counts against the mission's
  optional cap, ``policy.mission_budget_usd`` (workspace default ``VERIFLEET_MISSION_BUDGET_USD``).

One mission is three keys sharing a hash tag, ``<prefix>:budget:{<mission_id>}``: a hash of
counters (``spent``, ``held``, ``job:<id>:spent``, ``job:<id>:held``, ``task:<id>:spent``), a
sorted set of open reservations by expiry, and a hash of their amounts. Amounts are integers in
nano-USD, so that sums never drift. Reserving and settling are one Lua script each: atomic across
every worker of the fleet.

Reservations carry an id, ``<job_id>|<n>`` for the n-th paid step of a run. A run that repeats
(the same job delivered again) re-takes its own unsettled reservations instead of stacking new
ones. A run that ends because no judge answered (nothing was paid) releases what it still holds
at once. A reservation nobody settles (its worker died and the job was never delivered again) expires
after ``VERIFLEET_BUDGET_HOLD_TTL_S`` and its amount is released at the next reservation in the
mission. A settlement that comes after its reservation expired still counts what was spent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import redis
import structlog

from messages import FleetError, VerifyJob
from workers import metrics
from workers.events import decoded

log = structlog.get_logger("verifleet.budget")

NANO = 1_000_000_000
"""Ledger amounts are integers in nano-USD."""

_REAP = """
local function release(member, amounts_key, ledger_key)
  local value = redis.call('HGET', amounts_key, member)
  redis.call('ZREM', KEYS[2], member)
  if not value then return 0 end
  local amount, job = string.match(value, '^(%d+):(.*)$')
  amount = tonumber(amount)
  redis.call('HDEL', amounts_key, member)
  redis.call('HINCRBY', ledger_key, 'held', 0 - amount)
  redis.call('HINCRBY', ledger_key, 'job:' .. job .. ':held', 0 - amount)
  return amount
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local reaped = 0
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  if release(member, KEYS[3], KEYS[1]) > 0 then
    redis.call('HINCRBY', KEYS[1], 'expired', 1)
    reaped = reaped + 1
  end
end
"""

_RESERVE = (
    _REAP
    + """
-- ARGV: rid, amount, job_id, job_limit, mission_limit (-1: none), hold_ttl_ms, key_ttl_s
local rid, amount, job = ARGV[1], tonumber(ARGV[2]), ARGV[3]
if redis.call('HEXISTS', KEYS[3], rid) == 1 then
  release(rid, KEYS[3], KEYS[1])
  redis.call('HINCRBY', KEYS[1], 'retaken', 1)
end
local c = redis.call('HMGET', KEYS[1], 'job:' .. job .. ':spent', 'job:' .. job .. ':held', 'spent', 'held')
local job_used = (tonumber(c[1]) or 0) + (tonumber(c[2]) or 0)
if job_used + amount > tonumber(ARGV[4]) then return {0, 'job', reaped} end
local mission_limit = tonumber(ARGV[5])
if mission_limit >= 0 then
  redis.call('HSET', KEYS[1], 'cap', ARGV[5])
  local mission_used = (tonumber(c[3]) or 0) + (tonumber(c[4]) or 0)
  if mission_used + amount > mission_limit then return {0, 'mission', reaped} end
end
redis.call('HINCRBY', KEYS[1], 'held', amount)
redis.call('HINCRBY', KEYS[1], 'job:' .. job .. ':held', amount)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[6]), rid)
redis.call('HSET', KEYS[3], rid, ARGV[2] .. ':' .. job)
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
return {1, '', reaped}
"""
)

_SETTLE = """
-- ARGV: rid, reserved, actual, job_id, task_id, key_ttl_s
local rid, job = ARGV[1], ARGV[4]
local amount = tonumber(ARGV[2])
local late = 1
local value = redis.call('HGET', KEYS[3], rid)
if value then
  amount = tonumber(string.match(value, '^(%d+):'))
  redis.call('HDEL', KEYS[3], rid)
  redis.call('ZREM', KEYS[2], rid)
  redis.call('HINCRBY', KEYS[1], 'held', 0 - amount)
  redis.call('HINCRBY', KEYS[1], 'job:' .. job .. ':held', 0 - amount)
  late = 0
end
local charge = math.min(tonumber(ARGV[3]), amount)
if charge > 0 then
  redis.call('HINCRBY', KEYS[1], 'spent', charge)
  redis.call('HINCRBY', KEYS[1], 'job:' .. job .. ':spent', charge)
  redis.call('HINCRBY', KEYS[1], 'task:' .. ARGV[5] .. ':spent', charge)
end
if late == 1 then redis.call('HINCRBY', KEYS[1], 'late', 1) end
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[6]) end
return {late, charge}
"""


def to_nanos(usd: float, *, up: bool) -> int:
    """USD as integer nano-USD, rounded up (reservations, charges) or down (limits)."""
    scaled = usd * NANO
    return max(0, math.ceil(scaled - 1e-6) if up else math.floor(scaled + 1e-6))


@dataclass(frozen=True)
class MissionSpend:
    """A mission's ledger as it stands."""

    mission_id: str
    spent_usd: float
    held_usd: float
    cap_usd: float | None
    open_holds: int
    expired: int
    late: int
    jobs: dict[str, float]
    """Spent per job_id."""
    tasks: dict[str, float]
    """Spent per task_id, every attempt included."""


def _expired(mission_id: str, count: int) -> None:
    """Say that ``count`` reservations of the mission expired unsettled (their workers died)."""
    if count:
        log.warning("budget_holds_expired", mission_id=mission_id, count=count)
        metrics.observe_budget_holds(expired=count)


class Ledger:
    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = "verifleet",
        hold_ttl_s: int = 900,
        key_ttl_s: int = 30 * 24 * 3600,
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.hold_ttl_ms = hold_ttl_s * 1000
        self.key_ttl_s = key_ttl_s
        self._reserve = client.register_script(_RESERVE)
        self._settle = client.register_script(_SETTLE)
        self._reap = client.register_script(_REAP + "return reaped\n")

    def keys(self, mission_id: str) -> list[str]:
        base = f"{self.prefix}:budget:{{{mission_id}}}"
        return [base, f"{base}:holds", f"{base}:amounts"]

    def open(self, job: VerifyJob, *, limit_usd: float, mission_cap_usd: float | None) -> JobBudget:
        """The budget of one run of ``job``."""
        return JobBudget(self, job, limit_usd=limit_usd, mission_cap_usd=mission_cap_usd)

    def reserve(
        self,
        job: VerifyJob,
        rid: str,
        amount: int,
        *,
        limit: int,
        mission_cap: int | None,
    ) -> str | None:
        """Hold ``amount`` nano-USD for reservation ``rid``; None when held, else what refused it
        (``"job"`` or ``"mission"``)."""
        args: list[str | int] = [rid, amount, job.job_id, limit, -1 if mission_cap is None else mission_cap]
        try:
            held, scope, reaped = self._reserve(
                keys=self.keys(job.mission_id), args=[*args, self.hold_ttl_ms, self.key_ttl_s]
            )
        except redis.RedisError as e:
            raise FleetError(f"could not reserve budget for {job.job_id!r}: {e}") from e
        _expired(job.mission_id, int(reaped))
        return None if int(held) else decoded(scope)

    def settle(self, job: VerifyJob, rid: str, reserved: int, actual: int) -> int:
        """Replace reservation ``rid`` by what was spent (at most ``reserved``); the amount charged."""
        try:
            late, charged = self._settle(
                keys=self.keys(job.mission_id),
                args=[rid, reserved, actual, job.job_id, job.task_id, self.key_ttl_s],
            )
        except redis.RedisError as e:
            raise FleetError(f"could not settle budget for {job.job_id!r}: {e}") from e
        if int(late):
            log.warning("budget_settled_late", job_id=job.job_id, reservation=rid, charged=int(charged))
            metrics.observe_budget_holds(late=1)
        return int(charged)

    def job_used(self, job: VerifyJob) -> tuple[int, int, int, int]:
        """(job spent, job held, mission spent, mission held) in nano-USD."""
        fields = [f"job:{job.job_id}:spent", f"job:{job.job_id}:held", "spent", "held"]
        try:
            values = self.redis.hmget(self.keys(job.mission_id)[0], fields)
        except redis.RedisError as e:
            raise FleetError(f"could not read the budget of {job.job_id!r}: {e}") from e
        job_spent, job_held, spent, held = (int(v or 0) for v in values)
        return job_spent, job_held, spent, held

    def reap(self, mission_id: str) -> int:
        """Release the mission's expired reservations now (reserving does it too); how many."""
        try:
            reaped = int(self._reap(keys=self.keys(mission_id), args=[]))
        except redis.RedisError as e:
            raise FleetError(f"could not release expired budget holds of {mission_id!r}: {e}") from e
        _expired(mission_id, reaped)
        return reaped

    def mission(self, mission_id: str) -> MissionSpend:
        key, holds, _ = self.keys(mission_id)
        try:
            raw: dict[bytes, bytes] = self.redis.hgetall(key)  # type: ignore[assignment]
            open_holds = int(self.redis.zcard(holds))
        except redis.RedisError as e:
            raise FleetError(f"could not read the budget of mission {mission_id!r}: {e}") from e
        fields = {decoded(k): int(v) for k, v in raw.items()}
        jobs = {k[4:-6]: v / NANO for k, v in fields.items() if k.startswith("job:") and k.endswith(":spent")}
        tasks = {k[5:-6]: v / NANO for k, v in fields.items() if k.startswith("task:")}
        return MissionSpend(
            mission_id=mission_id,
            spent_usd=fields.get("spent", 0) / NANO,
            held_usd=fields.get("held", 0) / NANO,
            cap_usd=fields["cap"] / NANO if "cap" in fields else None,
            open_holds=open_holds,
            expired=fields.get("expired", 0),
            late=fields.get("late", 0),
            jobs=jobs,
            tasks=tasks,
        )


class JobBudget:
    """One run of one job against the ledger: a :class:`checks.budget.BudgetLike`."""

    def __init__(
        self, ledger: Ledger, job: VerifyJob, *, limit_usd: float, mission_cap_usd: float | None
    ) -> None:
        self.ledger = ledger
        self.job = job
        self._limit_usd = max(0.0, limit_usd)
        self._limit = to_nanos(self._limit_usd, up=False)
        self._cap = None if mission_cap_usd is None else to_nanos(mission_cap_usd, up=False)
        self._seq = 0
        self._open: list[tuple[str, int]] = []
        self.refused: list[str] = []
        """What refused each reservation that did not fit (``job`` or ``mission``)."""

    @property
    def limit_usd(self) -> float:
        return self._limit_usd

    @property
    def mission_cap_usd(self) -> float | None:
        return None if self._cap is None else self._cap / NANO

    @property
    def spent_usd(self) -> float:
        return self.ledger.job_used(self.job)[0] / NANO

    def left_usd(self) -> float:
        """What the next reservation may take: the job's and the mission's room, the smaller."""
        job_spent, job_held, spent, held = self.ledger.job_used(self.job)
        left = self._limit - job_spent - job_held
        if self._cap is not None:
            left = min(left, self._cap - spent - held)
        return max(left, 0) / NANO

    def try_reserve(self, usd: float) -> bool:
        if usd < 0:
            raise ValueError("a reservation is never negative")
        self._seq += 1
        rid = f"{self.job.job_id}|{self._seq}"
        amount = to_nanos(usd, up=True)
        refused = self.ledger.reserve(self.job, rid, amount, limit=self._limit, mission_cap=self._cap)
        if refused is not None:
            self.refused.append(refused)
            return False
        self._open.append((rid, amount))
        return True

    def settle(self, reserved_usd: float, actual_usd: float) -> None:
        amount = to_nanos(reserved_usd, up=True)
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][1] == amount:
                rid, _ = self._open.pop(i)
                break
        else:
            raise ValueError(f"no open reservation of {reserved_usd!r} USD to settle")
        self.ledger.settle(self.job, rid, amount, to_nanos(actual_usd, up=True))

    def abandon(self) -> None:
        """Release every reservation of this run still open, charging nothing: the run ended
        without an answer from the judge (:class:`workers.faults.JudgeUnavailable`), so nothing
        was paid. A retry may take another path and never re-take them; held, they would keep
        the mission's room until they expired."""
        while self._open:
            rid, amount = self._open.pop()
            self.ledger.settle(self.job, rid, amount, 0)

    def take(self, rid: str, usd: float) -> Prepaid | None:
        """Reserve ``usd`` under the given id, outside the pipeline's sequence (the batch flush)."""
        amount = to_nanos(usd, up=True)
        refused = self.ledger.reserve(self.job, rid, amount, limit=self._limit, mission_cap=self._cap)
        if refused is not None:
            self.refused.append(refused)
            return None
        return Prepaid(rid, amount, usd)

    def settle_prepaid(self, prepaid: Prepaid, actual_usd: float) -> None:
        self.ledger.settle(self.job, prepaid.rid, prepaid.amount, to_nanos(actual_usd, up=True))


@dataclass
class Prepaid:
    """A reservation made before the pipeline runs, for the pipeline to use as its own."""

    rid: str
    amount: int
    usd: float
    used: bool = False
    actual_usd: float = 0.0
    """What the call it was reserved for cost (the batch flush sets it once answered): charged
    when the pipeline never settles the reservation itself (:meth:`PrepaidBudget.release`)."""


class PrepaidBudget:
    """A :class:`JobBudget` whose first reservation of exactly each prepaid's amount is already held.

    The batch flush reserves each item's quote before the one multi-item judge call (and, for the
    claims its grounding puts to the judge, the quote of the group's claim request); the
    pipeline, run afterwards over the answers, reserves the same quotes and finds them held.
    Every other reservation (a fallback call, claims asked alone) goes to the ledger as usual.
    """

    def __init__(self, budget: JobBudget, *prepaid: Prepaid | None) -> None:
        self.budget = budget
        self.held = [p for p in prepaid if p is not None]

    @property
    def limit_usd(self) -> float:
        return self.budget.limit_usd

    @property
    def spent_usd(self) -> float:
        return self.budget.spent_usd

    def _held(self, usd: float, *, used: bool) -> Prepaid | None:
        amount = to_nanos(usd, up=True)
        return next((p for p in self.held if p.used is used and p.amount == amount), None)

    def try_reserve(self, usd: float) -> bool:
        p = self._held(usd, used=False)
        if p is not None:
            p.used = True
            return True
        return self.budget.try_reserve(usd)

    def settle(self, reserved_usd: float, actual_usd: float) -> None:
        p = self._held(reserved_usd, used=True)
        if p is not None:
            self.held.remove(p)
            self.budget.settle_prepaid(p, actual_usd)
            return
        self.budget.settle(reserved_usd, actual_usd)

    def release(self) -> None:
        """Settle the prepaid reservations the pipeline never settled, each at what its call cost
        (:attr:`Prepaid.actual_usd`: a call made for the job is paid for, used or not)."""
        held, self.held = self.held, []
        for p in held:
            self.budget.settle_prepaid(p, p.actual_usd)


class DryBudget:
    """Asks the ledger whether a reservation would fit, holding nothing (the batch first pass)."""

    def __init__(self, budget: JobBudget) -> None:
        self.budget = budget

    @property
    def limit_usd(self) -> float:
        return self.budget.limit_usd

    @property
    def spent_usd(self) -> float:
        return self.budget.spent_usd

    def try_reserve(self, usd: float) -> bool:
        return to_nanos(usd, up=True) <= to_nanos(self.budget.left_usd(), up=False)

    def settle(self, reserved_usd: float, actual_usd: float) -> None:
        return None
