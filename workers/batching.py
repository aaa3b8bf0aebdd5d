"""Batch mode: judge work parked durably in Redis and flushed in groups, one judge call per group.

A leaf job (the ``verify-batch`` queue) is verified in two steps:

1. **First pass**, in the actor: the pipeline runs with a *probe* for a judge. Deterministic
   checks run at once; if the verdict needs no judge (a hard failure short-circuits it, the task
   is under ``bypass_below_usd``, the budget cannot cover the quote, no judge is independent, a
   circuit is open, the result cache holds the answer) it is published now. Otherwise the job is
   **parked**: one Lua step appends it to the stream ``<prefix>:judge:parked`` unless it already
   has a verdict or is parked already (a redelivered message parks nothing twice), and the
   message is acknowledged.
2. **Flush**, in a :class:`Flusher` thread of every batch worker process: a consumer of the
   group ``flushers`` reads parked entries and, once it holds ``VERIFLEET_BATCH_MAX_ITEMS`` (N)
   of them or the oldest has waited ``VERIFLEET_BATCH_MAX_WAIT_S`` (T), whichever comes first,
   reserves each item's quote in the budget ledger, asks the judge about all of them in one
   multi-item call (``LLMJudge.judge_many``), runs each job's pipeline again over its answer
   (the deterministic part is recomputed, which is cheap and gives the same results) and
   publishes each verdict exactly once (the verdict record), then acknowledges and deletes the
   entries. A job whose grounding leaves claims for the judge is parked with them (the entry's
   ``claims``), and the flush rules on the group's claims in one more request
   (``LLMJudge.judge_claims_many``), each job's quote reserved first.

Nothing is lost when a worker dies: entries it read but did not acknowledge stay pending in the
group. While alive, a flusher keeps touching the entries it holds (``XCLAIM ... JUSTID`` resets
their idle time); once an entry has been left untouched ``VERIFLEET_BATCH_CLAIM_IDLE_MS``, another
flusher takes it over with ``XAUTOCLAIM``. An entry whose job already has a verdict (its worker
died after publishing) is only acknowledged. When the judge gives no answer at all, an item is
parked again with a backoff (``tries`` + 1, due later) up to ``VERIFLEET_MAX_RETRIES`` times, then
answered with a verdict ``error``; past ``VERIFLEET_MAX_DELIVERIES`` flush attempts a job is
answered with a verdict ``error`` and dropped. On shutdown a flusher flushes what it holds, and
parks again what it could not flush.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import redis
import structlog
from dramatiq.middleware import CurrentMessage
from pydantic import TypeAdapter, ValidationError

from checks import error_verdict, verify
from checks.grounding.escalation import ClaimJudge, ClaimQuery, ClaimRulings
from checks.judging import Judge, Judgement, JudgeSkipped
from checks.profiles import choose_profile, plan
from messages import (
    CheckError,
    CheckName,
    Criterion,
    FleetError,
    JobRejected,
    Mode,
    SkipReason,
    VerdictEvent,
    VerifyJob,
    parse_job,
)
from workers import metrics
from workers.budget import DryBudget, JobBudget, Prepaid, PrepaidBudget
from workers.cache import CachingJudge
from workers.events import EventStore, decoded
from workers.faults import JudgeUnavailable, unanswered
from workers.queues import PARKING_STREAM

if TYPE_CHECKING:
    from workers.policies import FleetPolicies
    from workers.runtime import Runtime

log = structlog.get_logger("verifleet.batching")

GROUP = "flushers"
VERIFY_THREADS = 8
"""Threads a flusher verifies a group's jobs again on, at once (their own judge calls overlap)."""

_PARK = """
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[3]) then return false end
return redis.call('XADD', KEYS[3], '*', 'job_id', ARGV[1], 'payload', ARGV[2], 'tries', '0', 'due', '0',
  'claims', ARGV[4])
"""

_REPARK = """
local id = redis.call('XADD', KEYS[1], '*', 'job_id', ARGV[3], 'payload', ARGV[4],
  'tries', ARGV[5], 'due', ARGV[6], 'claims', ARGV[7])
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return id
"""


@dataclass(frozen=True)
class Parked:
    """One parked job, as read from the stream."""

    id: str
    job_id: str
    payload: str
    tries: int = 0
    due_ms: int = 0
    """Not to be flushed before this time (epoch ms; a retry's backoff); 0: at once."""
    claims: str = ""
    """The claims its first pass put to the judge (:data:`CLAIMS`, as JSON; empty: none)."""

    @property
    def since_ms(self) -> int:
        """When it became ready: parked (the entry id's time), or due after a backoff."""
        return max(int(self.id.split("-", 1)[0]), self.due_ms)


def _parked(entry_id: Any, fields: dict[Any, Any]) -> Parked:
    f = {decoded(k): decoded(v) for k, v in fields.items()}
    return Parked(
        decoded(entry_id),
        f["job_id"],
        f["payload"],
        int(f.get("tries", 0)),
        int(f.get("due", 0)),
        f.get("claims", ""),  # none in an entry parked before claims were kept
    )


CLAIMS = TypeAdapter(tuple[ClaimQuery, ...])
"""A parked job's claims for the judge, to and from JSON."""


def claims_of(item: Parked) -> tuple[ClaimQuery, ...]:
    """The claims a parked job's first pass put to the judge; none when unreadable (its flush then
    asks for them alone, as it would have)."""
    if not item.claims:
        return ()
    try:
        return CLAIMS.validate_json(item.claims)
    except ValidationError as e:
        log.warning("parked_claims_unreadable", job_id=item.job_id, error=str(e).splitlines()[0])
        return ()


class ParkingLot:
    """The stream of parked judge work and its consumer group."""

    def __init__(
        self, client: redis.Redis, *, prefix: str = "verifleet", marker_ttl_s: int = 30 * 86400
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.stream = f"{prefix}:{PARKING_STREAM}"
        self.marker_ttl_s = marker_ttl_s
        self._park = client.register_script(_PARK)
        self._repark = client.register_script(_REPARK)

    def marker(self, job_id: str) -> str:
        return f"{self.prefix}:parked:{job_id}"

    def park(self, events: EventStore, job: VerifyJob, claims: Sequence[ClaimQuery] = ()) -> str | None:
        """Park the job's judge work (with the claims its grounding puts to the judge); the entry
        id, or None when it has a verdict or is parked already."""
        kept = CLAIMS.dump_json(tuple(claims)).decode() if claims else ""
        try:
            entry = self._park(
                keys=[events.record_key(job.job_id), self.marker(job.job_id), self.stream],
                args=[job.job_id, job.model_dump_json(exclude_none=True), self.marker_ttl_s, kept],
            )
        except redis.RedisError as e:
            raise FleetError(f"could not park the judge work of {job.job_id!r}: {e}") from e
        return decoded(entry) if entry else None

    def ensure_group(self) -> None:
        try:
            self.redis.xgroup_create(self.stream, GROUP, id="0", mkstream=True)
        except redis.ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise FleetError(f"could not create the flushers' group: {e}") from e

    def read(self, consumer: str, *, count: int, block_ms: int | None) -> list[Parked]:
        got: Any = self.redis.xreadgroup(GROUP, consumer, {self.stream: ">"}, count=count, block=block_ms)
        return [_parked(i, f) for _, items in got or [] for i, f in items if f]

    def reclaim(self, consumer: str, *, min_idle_ms: int, count: int) -> list[Parked]:
        """Entries other flushers held untouched for ``min_idle_ms``, now this consumer's."""
        found: list[Parked] = []
        cursor = "0-0"
        while len(found) < count:
            reply: Any = self.redis.xautoclaim(self.stream, GROUP, consumer, min_idle_ms, cursor, count=count)
            cursor = decoded(reply[0])
            found += [_parked(i, f) for i, f in reply[1] if f]
            if cursor == "0-0":
                break
        return found

    def touch(self, consumer: str, ids: Sequence[str]) -> None:
        """Reset the idle time of entries this consumer still holds (so nobody reclaims them)."""
        if ids:
            self.redis.xclaim(self.stream, GROUP, consumer, 0, list(ids), justid=True)

    def done(self, ids: Sequence[str]) -> None:
        if ids:
            pipe = self.redis.pipeline()
            pipe.xack(self.stream, GROUP, *ids)
            pipe.xdel(self.stream, *ids)
            pipe.execute()

    def repark(self, item: Parked, *, tries: int, due_ms: int) -> str:
        """Park the item again as a new entry (after a backoff) and drop the old one, atomically."""
        entry = self._repark(
            keys=[self.stream],
            args=[GROUP, item.id, item.job_id, item.payload, tries, due_ms, item.claims],
        )
        return decoded(entry)

    def backlog(self) -> int:
        return int(self.redis.xlen(self.stream))


# The first pass --------------------------------------------------------------------------------


class Probe:
    """A judge for the first pass: quotes what the flush will reserve, and parks instead of judging."""

    def __init__(self, inner: Judge) -> None:
        self.inner = inner
        self.wanted = False

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        single = self.inner.quote(job, criteria)  # JudgeSkipped when no judge would be asked
        quote_many = getattr(self.inner, "quote_many", None)
        if quote_many is None:
            return single
        return float(quote_many([(job, criteria)]).get(job.job_id, single))

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        self.wanted = True
        raise JudgeSkipped(SkipReason.NO_JUDGE, "parked for the batch judge call")


class ClaimProbe(Probe):
    """A probe for a judge that also rules on claims: a claim escalation parks the job too, with
    the claims it puts to the judge (the flush asks for the group's in one request)."""

    def __init__(self, inner: Judge) -> None:
        super().__init__(inner)
        self.claims: tuple[ClaimQuery, ...] = ()

    def quote_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> float:
        inner: Any = self.inner
        return float(inner.quote_claims(job, queries))

    def judge_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> ClaimRulings:
        self.wanted = True
        self.claims = tuple(queries)
        raise JudgeSkipped(SkipReason.NO_JUDGE, "parked for the batch flush")


def probe_for(judge: Judge) -> Probe:
    return ClaimProbe(judge) if isinstance(judge, ClaimJudge) else Probe(judge)


def first_pass(
    job: VerifyJob, *, runtime: Runtime, policies: FleetPolicies, budget: JobBudget, judge: Judge
) -> VerdictEvent | None:
    """Verify what can be verified now; the verdict, or None when the judge work was parked."""
    probe = probe_for(judge)
    verdict = verify(
        job, config=runtime.config, judge=policies.wrap(probe), budget=DryBudget(budget), mode=Mode.BATCH
    )
    if not probe.wanted:
        return verdict
    claims = probe.claims if isinstance(probe, ClaimProbe) else ()
    entry = policies.lot.park(runtime.events, dated(job), claims)
    log.info("parked", entry=entry, already=entry is None, claims=len(claims))
    return None


def dated(job: VerifyJob) -> VerifyJob:
    """``job`` with when it was submitted: its own ``submitted_at``, else its message's enqueue time.

    The flush publishes outside any message, where the enqueue time is gone; parked with the job,
    it still times submit-to-verdict (``verifleet_job_latency_seconds{mode="batch"}``).
    """
    if job.submitted_at is not None:
        return job
    message = CurrentMessage.get_current_message()
    if message is None:
        return job
    enqueued = datetime.fromtimestamp(message.message_timestamp / 1000, UTC)
    return job.model_copy(update={"submitted_at": enqueued})


# The flush -------------------------------------------------------------------------------------


def judged_criteria(job: VerifyJob, runtime: Runtime) -> list[Criterion]:
    """The criteria the pipeline will put to the judge (as ``checks.profiles.plan`` plans them)."""
    profile = runtime.config.profile
    for p in plan(job, choose_profile(job, profile), default=profile):
        if p.name is CheckName.JUDGE:
            return list(p.judged)
    return []


class FlushJudge:
    """The judge the pipeline sees at flush time: the batched answers, quoted as reserved."""

    def __init__(
        self, inner: Judge, answers: dict[str, Judgement | CheckError], quotes: dict[str, float]
    ) -> None:
        self.inner = inner
        self.answers = answers
        self.quotes = quotes

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        found = self.quotes.get(job.job_id)
        return found if found is not None else self.inner.quote(job, criteria)

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        got = self.answers.pop(job.job_id, None)
        if got is None:  # not in the group call (its reservation came late): asked alone
            try:
                return self.inner.judge(job, criteria)
            except CheckError as e:
                got = e
        if isinstance(got, Judgement):
            return got
        if unanswered(got):
            raise JudgeUnavailable(f"the judge did not answer: {got}") from got
        raise got


@dataclass(frozen=True)
class Ruled:
    """A job's claims as the group's claim request had them ruled: what was asked, the quote
    reserved for it, and the rulings (or the error that stands for them)."""

    claims: tuple[ClaimQuery, ...]
    quote: float
    got: ClaimRulings | CheckError


class ClaimFlushJudge(FlushJudge):
    """A :class:`FlushJudge` for a judge that rules on claims: the group's rulings, for the job
    that puts the same claims to it again (any other claims are asked alone, as reserved then)."""

    def __init__(
        self,
        inner: Judge,
        answers: dict[str, Judgement | CheckError],
        quotes: dict[str, float],
        ruled: Ruled | None = None,
    ) -> None:
        super().__init__(inner, answers, quotes)
        self.ruled = ruled

    def _ruled(self, queries: Sequence[ClaimQuery]) -> Ruled | None:
        r = self.ruled
        return r if r is not None and r.claims == tuple(queries) else None

    def quote_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> float:
        r = self._ruled(queries)
        inner: Any = self.inner
        return r.quote if r is not None else float(inner.quote_claims(job, queries))

    def judge_claims(self, job: VerifyJob, queries: Sequence[ClaimQuery]) -> ClaimRulings:
        r = self._ruled(queries)
        if r is None:
            inner: Any = self.inner
            return cast(ClaimRulings, inner.judge_claims(job, queries))
        self.ruled = None
        if isinstance(r.got, ClaimRulings):
            return r.got
        raise r.got


@dataclass
class _Work:
    item: Parked
    job: VerifyJob
    criteria: list[Criterion]
    budget: JobBudget
    prepaid: Prepaid | None = None
    fallback: Prepaid | None = None
    answer: Judgement | CheckError | None = None
    claims: tuple[ClaimQuery, ...] = ()
    """What its first pass put to the judge about its claims."""
    claims_prepaid: Prepaid | None = None
    ruled: Ruled | None = None


@dataclass
class Flusher:
    """One batch worker process's consumer of parked judge work (a thread; see the module doc)."""

    runtime: Runtime
    policies: FleetPolicies
    publish: Callable[[VerdictEvent, VerifyJob | None], object]
    consumer: str
    stop: threading.Event = field(default_factory=threading.Event)
    buffer: dict[str, Parked] = field(default_factory=dict)
    flushes: int = 0
    _flushing: set[str] = field(default_factory=set)
    """Entry ids in a group being flushed now (by one of the flush threads)."""
    _groups: list[Future[None]] = field(default_factory=list)
    _pool: ThreadPoolExecutor | None = None
    _verifiers: ThreadPoolExecutor | None = None
    """The threads a group's jobs are verified again on, at once (:meth:`_verify_all`)."""
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _last_reclaim: float = 0.0

    @property
    def lot(self) -> ParkingLot:
        return self.policies.lot

    @property
    def n(self) -> int:
        return self.runtime.settings.batch_max_items

    @property
    def t_ms(self) -> int:
        return int(self.runtime.settings.batch_max_wait_s * 1000)

    def run(self) -> None:
        """Read, group and flush until ``stop`` is set; then flush (or park again) what is held."""
        self.lot.ensure_group()
        keeper = threading.Thread(target=self._keep, name="verifleet-batch-keeper", daemon=True)
        keeper.start()
        while not self.stop.is_set():
            try:
                self.step()
            except Exception:  # Redis away, a bug: keep what is held, try again shortly
                log.exception("flusher_step_failed", consumer=self.consumer)
                self.stop.wait(1.0)
                with contextlib.suppress(Exception):
                    self.lot.ensure_group()  # the group may have gone with its stream
        self.drain()
        keeper.join(timeout=5)

    def step(self) -> None:
        now = time.time()
        claim_idle = self.runtime.settings.batch_claim_idle_ms
        if now - self._last_reclaim >= claim_idle / 4000:
            self._last_reclaim = now
            self._hold(self.lot.reclaim(self.consumer, min_idle_ms=claim_idle, count=self.n))
        room = 2 * self.n - len(self.buffer)
        wait = self._wait_ms(int(now * 1000))
        if room > 0:
            self._hold(self.lot.read(self.consumer, count=room, block_ms=wait))
        else:
            self.stop.wait(wait / 1000)
        self._groups = [g for g in self._groups if not g.done()]
        while len(self._groups) < self.runtime.settings.batch_flush_concurrency:
            batch = self.ready(int(time.time() * 1000))
            if not batch:
                break
            self._start(batch)

    def _start(self, batch: list[Parked]) -> None:
        """Flush ``batch`` on a flush thread (a judge call takes seconds; the next group need not wait)."""
        with self._lock:
            self._flushing.update(p.id for p in batch)
        if self._pool is None:
            concurrency = self.runtime.settings.batch_flush_concurrency
            self._pool = ThreadPoolExecutor(concurrency, thread_name_prefix="verifleet-flush")
        self._groups.append(self._pool.submit(self._flush_group, batch))

    def _flush_group(self, batch: list[Parked]) -> None:
        try:
            self.flush(batch)
        except Exception:  # kept in the buffer: flushed again (their verdicts are published once)
            log.exception("flush_failed", consumer=self.consumer, items=len(batch))
        finally:
            with self._lock:
                self._flushing.difference_update(p.id for p in batch)

    def ready(self, now_ms: int, *, everything: bool = False) -> list[Parked]:
        """The group to flush now: the N oldest due items once N are due or the oldest waited T."""
        with self._lock:
            due = sorted(
                (p for p in self.buffer.values() if p.due_ms <= now_ms and p.id not in self._flushing),
                key=lambda p: p.since_ms,
            )
        if everything or len(due) >= self.n or (due and now_ms - due[0].since_ms >= self.t_ms):
            return due[: self.n]
        return []

    def _wait_ms(self, now_ms: int) -> int:
        with self._lock:
            items = [p for p in self.buffer.values() if p.id not in self._flushing]
        moments = [max(p.due_ms, p.since_ms + self.t_ms) for p in items]
        wait = min(moments) - now_ms if moments else 1_000
        return max(10, min(int(wait), 1_000))

    def _hold(self, items: list[Parked]) -> None:
        with self._lock:
            for p in items:
                self.buffer[p.id] = p

    def _release(self, ids: Sequence[str]) -> None:
        with self._lock:
            for i in ids:
                self.buffer.pop(i, None)

    def _keep(self) -> None:
        interval = self.runtime.settings.batch_claim_idle_ms / 4000
        while not self.stop.wait(interval):
            with self._lock:
                ids = list(self.buffer)
            try:
                self.lot.touch(self.consumer, ids)
            except redis.RedisError:
                log.warning("batch_touch_failed", consumer=self.consumer, exc_info=True)

    def drain(self) -> None:
        """On shutdown: finish the flushes under way, flush what is held now, park again the rest."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        try:
            self._drain_held()
        finally:
            if self._verifiers is not None:
                self._verifiers.shutdown(wait=True)

    def _drain_held(self) -> None:
        while self.buffer:
            batch = self.ready(int(time.time() * 1000), everything=True)
            if not batch:
                break
            try:
                self.flush(batch)
            except Exception:
                log.exception("flush_on_shutdown_failed", consumer=self.consumer)
                break
        with self._lock:
            left = list(self.buffer.values())
        for item in left:
            try:
                self.lot.repark(item, tries=item.tries, due_ms=item.due_ms)
                self._release([item.id])
            except redis.RedisError:
                log.warning("repark_failed", job_id=item.job_id, exc_info=True)  # reclaimed after idle

    # One group -----------------------------------------------------------------------------

    def flush(self, items: list[Parked]) -> None:
        finished: list[str] = []
        work: list[_Work] = []
        for item in items:
            w = self._prepare(item)
            if w is None:
                finished.append(item.id)
            else:
                work.append(w)
        judge = self.runtime.judge
        assert judge is not None  # a flusher runs only where a judge is configured
        chain = self.policies.wrap(FlushJudge(judge, {}, {}))
        caching = chain if isinstance(chain, CachingJudge) else None
        asking = [w for w in work if caching is None or caching.lookup(w.job, w.criteria) is None]
        via = "batch_api" if self.runtime.settings.judge_batch_api else "request"
        quotes = self._reserve(judge, asking, via)
        called = [w for w in asking if w.prepaid is not None]
        answers = _judge_many(judge, [(w.job, w.criteria) for w in called], via, self._fallback(called))
        for w in called:
            w.answer = answers.get(w.job.job_id)
            if w.prepaid is not None:
                w.prepaid.actual_usd = _cost(w.answer)
        self.flushes += 1
        retried = 0
        answered: list[_Work] = []
        for w in work:
            if w.answer is not None and unanswered(w.answer):
                self._settle_unused(w, 0.0)
                self._settle_fallback(w)
                self._retry_or_give_up(w, str(w.answer))
                retried += 1
            else:
                answered.append(w)
        ruled = self._rule_claims(judge, answered)
        log.info(
            "batch_flush",
            items=len(items),
            judged=len(called),
            cached=len(work) - len(asking),
            claims_ruled=ruled,
            via=via,
        )
        for w, budget, got in self._verify_all(answered, judge, quotes):
            if isinstance(got, JudgeUnavailable):
                budget.release()
                w.budget.abandon()
                self._settle_fallback(w)
                self._retry_or_give_up(w, str(got))
                continue
            verdict = self._error(w.job, f"invalid job: {got}") if isinstance(got, JobRejected) else got
            if any(p is w.claims_prepaid for p in budget.held):
                log.warning("claim_rulings_unused", job_id=w.job.job_id)  # it asked about other claims
            budget.release()
            self._settle_fallback(w)
            self.publish(verdict, w.job)
            finished.append(w.item.id)
        self.lot.done(finished)
        self._release(finished)
        metrics.observe_flush(len(called) - retried, len(work) - len(asking), retried)

    def _verify_all(
        self, work: list[_Work], judge: Judge, quotes: dict[str, float]
    ) -> list[tuple[_Work, PrepaidBudget, VerdictEvent | JudgeUnavailable | JobRejected]]:
        """Each job verified again with its share of the group's answer, in order: at once, on the
        verifier threads. What a job still asks of the judge on its own (the claims its grounding
        left ambiguous: one call per job) would otherwise wait for every call before it in the group."""

        def one(w: _Work) -> tuple[_Work, PrepaidBudget, VerdictEvent | JudgeUnavailable | JobRejected]:
            answers_left: dict[str, Judgement | CheckError] = {}
            if w.answer is not None:
                answers_left[w.job.job_id] = w.answer
            budget = PrepaidBudget(w.budget, w.prepaid, w.claims_prepaid)
            quoted = {k: v for k, v in quotes.items() if k == w.job.job_id}
            fj = (
                ClaimFlushJudge(judge, answers_left, quoted, w.ruled)
                if isinstance(judge, ClaimJudge)
                else FlushJudge(judge, answers_left, quoted)
            )
            try:
                verdict = verify(
                    w.job,
                    config=self.runtime.config,
                    judge=self.policies.wrap(fj),
                    budget=budget,
                    mode=Mode.BATCH,
                )
            except (JudgeUnavailable, JobRejected) as e:
                return w, budget, e
            return w, budget, verdict

        if len(work) < 2:
            return [one(w) for w in work]
        with self._lock:
            if self._verifiers is None:
                self._verifiers = ThreadPoolExecutor(VERIFY_THREADS, thread_name_prefix="verifleet-reverify")
            pool = self._verifiers
        return list(pool.map(one, work))

    def _rule_claims(self, judge: Judge, work: list[_Work]) -> int:
        """The claims the group's first passes put to the judge, ruled in one request where the
        judge offers it (``LLMJudge.judge_claims_many``), each job's quote reserved first; the
        number of jobs ruled so. A job whose quote does not fit asks alone when verified again."""
        many = getattr(judge, "judge_claims_many", None)
        quote_many = getattr(judge, "quote_claims_many", None)
        asking = [w for w in work if w.claims]
        if many is None or quote_many is None or not asking:
            return 0
        quotes = quote_many([(w.job, w.claims) for w in asking])
        paid: list[tuple[_Work, Prepaid, float]] = []
        for w in asking:
            quote = quotes.get(w.job.job_id)
            if quote is None:
                continue  # no judge can be asked: its escalation finds why as it is verified again
            prepaid = w.budget.take(f"{w.job.job_id}|claims", float(quote))
            if prepaid is not None:
                paid.append((w, prepaid, float(quote)))
        if not paid:
            return 0
        try:
            got: dict[str, ClaimRulings | CheckError] = many([(w.job, w.claims) for w, _, _ in paid])
        except Exception:  # a judge bug must not cost the group its flush, nor hold what was reserved
            log.exception("claim_rulings_failed", jobs=len(paid))
            for w, prepaid, _ in paid:
                w.budget.settle_prepaid(prepaid, 0.0)
            return 0
        for w, prepaid, quote in paid:
            answer = got[w.job.job_id]
            prepaid.actual_usd = float(getattr(answer, "cost_usd", 0.0))
            w.claims_prepaid = prepaid
            w.ruled = Ruled(w.claims, quote, answer)
        return len(paid)

    def _prepare(self, item: Parked) -> _Work | None:
        """The work of one item, or None when it is answered already (and only to be acknowledged)."""
        runtime = self.runtime
        if runtime.events.has_verdict(item.job_id):
            return None
        try:
            job = parse_job(item.payload, limits=runtime.config.limits)
            criteria = judged_criteria(job, runtime)
        except JobRejected as e:
            self.publish(self._error_for(item, f"invalid job: {e}"), None)
            return None
        deliveries = self.policies.deliveries.count(job.job_id, "flush")
        if deliveries > runtime.settings.max_deliveries:
            log.error("job_dropped", job_id=job.job_id, flushes=deliveries)
            reason = (
                f"dropped after {deliveries} batch flush attempts (limit {runtime.settings.max_deliveries})"
            )
            self.publish(self._error(job, reason), job)
            return None
        return _Work(item, job, criteria, self.policies.budget(job, runtime.config), claims=claims_of(item))

    def _reserve(self, judge: Judge, work: list[_Work], via: str) -> dict[str, float]:
        """Quote every item (as part of a group) and reserve what fits; the quotes by job_id."""
        askable: list[_Work] = []
        for w in work:
            if not w.criteria:
                continue
            try:
                judge.quote(w.job, w.criteria)  # raises when no judge would be asked: left to the pipeline
            except CheckError:
                continue
            askable.append(w)
        quote_many = getattr(judge, "quote_many", None)
        if quote_many is not None:
            items = [(w.job, w.criteria) for w in askable]
            many = quote_many(items, via=via) if via != "request" else quote_many(items)
            quotes = {k: float(v) for k, v in many.items()}
        else:
            quotes = {w.job.job_id: judge.quote(w.job, w.criteria) for w in askable}
        for w in askable:
            w.prepaid = w.budget.take(f"{w.job.job_id}|flush", quotes[w.job.job_id])
        return quotes

    def _fallback(self, work: list[_Work]) -> Callable[[Any], bool]:
        """For a provider batch that left an item unanswered: reserve its direct call, or refuse it."""
        by_id = {w.job.job_id: w for w in work}

        def allow(plan: Any) -> bool:
            w = by_id.get(plan.job_id)
            if w is None or w.fallback is not None:
                return False
            w.fallback = w.budget.take(f"{w.job.job_id}|fallback", float(plan.quote_usd))
            return w.fallback is not None

        return allow

    def _settle_fallback(self, w: _Work) -> None:
        """A direct fallback call's reservation takes what the answer cost beyond the batch quote."""
        if w.fallback is not None:
            spent = _cost(w.answer) - (w.prepaid.usd if w.prepaid is not None else 0.0)
            w.budget.settle_prepaid(w.fallback, max(0.0, spent))
            w.fallback = None

    def _settle_unused(self, w: _Work, actual: float) -> None:
        if w.prepaid is not None:
            w.budget.settle_prepaid(w.prepaid, actual)
            w.prepaid = None

    def _retry_or_give_up(self, w: _Work, why: str) -> None:
        tries = w.item.tries + 1
        settings = self.runtime.settings
        if tries <= settings.max_retries:
            backoff_ms = min(settings.min_backoff_ms * 2 ** (tries - 1), settings.max_backoff_ms)
            due = int(time.time() * 1000) + backoff_ms
            self.lot.repark(w.item, tries=tries, due_ms=due)
            self._release([w.item.id])
            log.warning("batch_retry", job_id=w.job.job_id, tries=tries, backoff_ms=backoff_ms, error=why)
            return
        reason = f"verification failed after retries: JudgeUnavailable: {why}"
        self.publish(self._error(w.job, reason), w.job)
        self.lot.done([w.item.id])
        self._release([w.item.id])

    @staticmethod
    def _error(job: VerifyJob, reason: str) -> VerdictEvent:
        return error_verdict(
            reason,
            job_id=job.job_id,
            mission_id=job.mission_id,
            task_id=job.task_id,
            attempt=job.attempt,
            mode=Mode.BATCH,
            trace_id=job.trace_id,
        )

    @staticmethod
    def _error_for(item: Parked, reason: str) -> VerdictEvent:
        return error_verdict(reason, job_id=item.job_id, mode=Mode.BATCH)


def _cost(answer: Judgement | CheckError | None) -> float:
    if answer is None:
        return 0.0
    return float(getattr(answer, "cost_usd", 0.0))


def _judge_many(
    judge: Judge,
    items: list[tuple[VerifyJob, list[Criterion]]],
    via: str = "request",
    fallback: Callable[[Any], bool] | None = None,
) -> dict[str, Judgement | CheckError]:
    """One multi-item call (or a provider batch) where the judge offers it, else one call per item."""
    if not items:
        return {}
    many = getattr(judge, "judge_many", None)
    if many is not None:
        return dict(many(items, via=via, fallback=fallback) if via != "request" else many(items))
    out: dict[str, Judgement | CheckError] = {}
    for job, criteria in items:
        try:
            out[job.job_id] = judge.judge(job, criteria)
        except CheckError as e:
            out[job.job_id] = e
    return out


def consumer_name(worker_id: str) -> str:
    return f"flusher-{worker_id}"


__all__ = [
    "GROUP",
    "ClaimFlushJudge",
    "ClaimProbe",
    "FlushJudge",
    "Flusher",
    "Parked",
    "ParkingLot",
    "Probe",
    "consumer_name",
    "first_pass",
    "judged_criteria",
]
