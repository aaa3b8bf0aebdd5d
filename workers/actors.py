"""The two actors, ``verify_inline`` and ``verify_batch``, and what they do with one job.

A message carries the job as its JSON text, so that validation happens here,
where a bad job can be answered with a verdict ``error``, and not in the
broker's decoder. The order of one job:

1. parse and validate; a rejected job that names a job_id gets a verdict
   ``error`` saying what and where; one that names none goes to the dead
   letters (it has nobody to answer);
2. a job_id that already has a verdict is done: nothing is published again (the delivery limit
   reads the verdict record in the round trip that counts the delivery);
3. apply the fleet's policies (``workers/policies.py``: sampling, the budget
   ledger, the result cache; batch jobs park their judge work for a group call)
   and publish the verdict exactly once.

Transient failures (Redis, time limit, a judge that does not answer) raise and
are retried by dramatiq's Retries middleware; on the last attempt the job gets a
verdict ``error`` first. :class:`workers.faults.DeliveryLimit` answers a job
delivered too many times (it keeps killing its worker) with a verdict ``error``.
"""

from __future__ import annotations

from typing import Any

import dramatiq
import structlog
from dramatiq.middleware import CurrentMessage, TimeLimitExceeded

from checks import error_verdict, verify
from checks.progress import previous, settle
from checks.scoring import error_verdict_for
from messages import (
    FleetError,
    JobRejected,
    Mode,
    Verdict,
    VerdictEvent,
    VerifyJob,
    parse_job,
    peek_identity,
)
from workers import metrics
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE
from workers.events import VerdictAck
from workers.faults import Deliveries, DeliveryLimit, current_delivery
from workers.redis_broker import FleetRedisBroker
from workers.runtime import Runtime, RuntimeHolder
from workers.services import Services

log = structlog.get_logger("verifleet.worker")

ACTOR_NAMES = {Mode.INLINE: "verify_inline", Mode.BATCH: "verify_batch"}
QUEUE_NAMES = {Mode.INLINE: INLINE_QUEUE, Mode.BATCH: BATCH_QUEUE}


def process(
    runtime: Runtime, payload: str | dict[str, Any], mode: Mode, *, ack: VerdictAck | None = None
) -> VerdictEvent | None:
    """Verify one job and publish its verdict; the verdict, or None when it was already published.

    With ``ack`` the script that publishes the verdict also acknowledges the message."""
    structlog.contextvars.clear_contextvars()
    try:
        job = parse_job(payload, limits=runtime.config.limits)
    except JobRejected as e:
        return _reject(runtime, payload, e, mode)
    structlog.contextvars.bind_contextvars(
        job_id=job.job_id, mission_id=job.mission_id, task_id=job.task_id, trace_id=job.trace_id
    )
    if _answered(runtime, job.job_id):
        log.info("duplicate_job", mode=mode.value)
        metrics.observe_duplicate(mode)
        return None
    try:
        if runtime.policies is not None:
            found = runtime.policies.verify(runtime, job, mode)
            if found is None:  # parked: the batch flush publishes it
                return None
            verdict = found
        else:
            verdict = verify(job, config=runtime.config, judge=runtime.judge, mode=mode)
    except JobRejected as e:
        verdict = error_verdict(
            f"invalid job: {e}",
            job_id=job.job_id,
            mission_id=job.mission_id,
            task_id=job.task_id,
            attempt=job.attempt,
            mode=mode,
            trace_id=job.trace_id,
        )
    return _publish(runtime, verdict, job, ack=ack)


def _answered(runtime: Runtime, job_id: str) -> bool:
    """Whether the job has a verdict: as read with its delivery count, else asked now."""
    delivery = current_delivery.get()
    if delivery is not None and delivery.job_id == job_id:
        return delivery.answered
    return runtime.events.has_verdict(job_id)


def _reject(
    runtime: Runtime, payload: str | dict[str, Any], error: JobRejected, mode: Mode
) -> VerdictEvent | None:
    identity = peek_identity(payload, limits=runtime.config.limits)
    verdict = error_verdict_for(identity, f"invalid job: {error}", job_id=error.job_id, mode=mode)
    if verdict is None:
        log.error("job_rejected_without_id", mode=mode.value, error=str(error))
        raise error  # the actor lists JobRejected in ``throws``: dead-lettered, never retried
    structlog.contextvars.bind_contextvars(
        job_id=verdict.job_id, mission_id=identity.get("mission_id"), task_id=identity.get("task_id")
    )
    return _publish(runtime, verdict)


def _publish(
    runtime: Runtime, verdict: VerdictEvent, job: VerifyJob | None = None, *, ack: VerdictAck | None = None
) -> VerdictEvent | None:
    if job is not None and job.attempt > 1:
        verdict = _against_previous(runtime, verdict, job)
    entry = runtime.events.publish(verdict, ack=ack)
    if entry is None:
        log.info("duplicate_verdict", verdict=verdict.verdict.value)
        return None
    log.info(
        "verdict",
        verdict=verdict.verdict.value,
        status=verdict.status.value,
        action=verdict.action.value,
        score=verdict.score,
        confidence=verdict.confidence,
        profile=verdict.profile.value if verdict.profile else None,
        mode=verdict.mode.value if verdict.mode else None,
        cost_usd=verdict.cost.usd,
        duration_ms=verdict.duration_ms,
        reason=verdict.reason or None,
        converging=verdict.progress.converging if verdict.progress else None,
        stream_id=entry,
    )
    metrics.observe_verdict(verdict, job)  # never raises: a metrics failure is only logged
    return verdict


def _against_previous(runtime: Runtime, verdict: VerdictEvent, job: VerifyJob) -> VerdictEvent:
    """The verdict with its progress against the task's previous attempt (checks/progress.py)."""
    if verdict.verdict is Verdict.ERROR:  # settle() would leave it as it is: spare the read
        return verdict
    earlier = previous(runtime.events.attempts(job.mission_id, job.task_id), job.attempt)
    return settle(verdict, earlier, escalate_on_stall=runtime.config.resolve(job).escalate_on_stall)


def _give_up(runtime: Runtime, payload: str | dict[str, Any], mode: Mode, error: BaseException) -> None:
    """On the last delivery of a failing job, answer it with a verdict ``error`` (best effort)."""
    reason = f"verification failed after retries: {type(error).__name__}: {error}"
    verdict = error_verdict_for(peek_identity(payload, limits=runtime.config.limits), reason, mode=mode)
    if verdict is None:
        return
    try:
        _publish(runtime, verdict)
    except Exception:
        log.exception("give_up_publish_failed", job_id=verdict.job_id)


def _deliveries(holder: RuntimeHolder) -> Deliveries:
    policies = holder.get().policies
    if policies is None:
        raise FleetError("this runtime counts no deliveries")
    return policies.deliveries


def _record_key(holder: RuntimeHolder, job_id: str) -> str:
    return holder.get().events.record_key(job_id)


def _drop(holder: RuntimeHolder, payload: str | dict[str, Any], deliveries: int) -> None:
    """Answer a job delivered more often than ``max_deliveries`` with a verdict ``error``."""
    runtime = holder.get()
    limit = runtime.settings.max_deliveries
    reason = f"dropped after {deliveries} deliveries (limit {limit}): it keeps failing or killing its worker"
    verdict = error_verdict_for(peek_identity(payload, limits=runtime.config.limits), reason)
    if verdict is not None:
        _publish(runtime, verdict)
        metrics.observe_dropped("delivery")


def declare(broker: dramatiq.Broker, holder: RuntimeHolder) -> dict[Mode, dramatiq.Actor[Any, Any]]:
    """Declare both actors on ``broker``; their code runs with the holder's per-process runtime.

    Also adds the fleet's own middleware: the delivery limit, and the background services of a
    worker process (heartbeat, batch flusher, webhook sender; ``workers/services.py``).
    """
    broker.add_middleware(
        DeliveryLimit(
            lambda: _deliveries(holder),
            holder.settings.max_deliveries,
            lambda payload, n: _drop(holder, payload, n),
            record_key=lambda job_id: _record_key(holder, job_id),
        )
    )
    broker.add_middleware(Services(holder, lambda verdict, job: _publish(holder.get(), verdict, job)))
    max_retries = holder.settings.max_retries
    # Verdicts on the Redis that holds the queues: the publishing script acknowledges the message.
    acks = broker if isinstance(broker, FleetRedisBroker) and holder.settings.broker_url is None else None

    def make(mode: Mode) -> dramatiq.Actor[Any, Any]:
        def run(payload: str | dict[str, Any]) -> None:
            runtime = holder.get()
            ack = None
            if acks is not None and (current := CurrentMessage.get_current_message()) is not None:
                ack = acks.verdict_ack(current)
            try:
                process(runtime, payload, mode, ack=ack)
            except JobRejected:
                raise
            except (Exception, TimeLimitExceeded) as e:  # a time limit is an interrupt, not an Exception
                message = CurrentMessage.get_current_message()
                retries = int(message.options.get("retries", 0)) if message is not None else max_retries
                if retries >= max_retries:
                    _give_up(runtime, payload, mode, e)
                raise

        run.__name__ = ACTOR_NAMES[mode]
        decorate = dramatiq.actor(
            actor_name=ACTOR_NAMES[mode], queue_name=QUEUE_NAMES[mode], broker=broker, throws=(JobRejected,)
        )
        actor: dramatiq.Actor[Any, Any] = decorate(run)
        return actor

    return {mode: make(mode) for mode in Mode}
