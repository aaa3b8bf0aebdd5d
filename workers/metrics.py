"""Prometheus metrics of the fleet (CONTRACT.md section 4), in prometheus-client multiprocess mode.

dramatiq forks its worker processes, so each one writes its samples to files in a shared
directory (``PROMETHEUS_MULTIPROC_DIR``) and one exposition server per worker host merges
them (``workers/exposition.py``). :class:`Metrics` is the dramatiq middleware that arranges
it: it *is* dramatiq's own Prometheus middleware (``dramatiq_messages_total`` and friends stay
enabled and land in the same directory), with two changes:

- its ``forks`` run verifleet's exposition server instead of dramatiq's, on
  ``VERIFLEET_METRICS_PORT``, so one port serves dramatiq's metrics, verifleet's and the
  queue gauges read from the broker at scrape time (dramatiq's own server can neither add a
  collector nor be told our port);
- after process boot it also registers verifleet's metrics (never at import time: the
  multiprocess value class is chosen when ``prometheus_client`` is first imported, which must
  happen after the directory is known).

Verdict metrics are counted from the published VerdictEvent by :func:`observe_verdict`, a
collaborator the actors call once per published verdict; like every hook it never raises.

Judge figures come from what the judge check reports in its ``details``, so ``checks/`` never
imports this module: one row per judge asked, ``details["judges"]`` (or ``details["calls"]``),
each ``{"model", "cost_usd", "tokens_in", "tokens_out", "latency_ms" | "duration_ms"}``, with
``"error"`` on a judge that gave no answer and ``"cached": true`` on an answer from a cache.
Without rows, the check's ``models`` (or the verdict's ``judges``) share its cost and tokens evenly
and its duration is their latency. Whatever the verdict's cost and tokens hold beyond that (a batch
share) goes to the first model named, else to ``model="unknown"``. A judge check skipped with
reason ``circuit_open`` names ``details["providers"]``; an answered call closes its provider's
circuit; :func:`set_circuit_open` sets the gauge directly. The ``grounding`` check's details give
its claims by status and, under ``escalation``, how many it left for the judge and how many were
ruled (``verifleet_grounding_claims_total``, ``verifleet_claim_escalations_total``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING, Any

import dramatiq
import structlog
from dramatiq.middleware import CurrentMessage
from dramatiq.middleware.prometheus import Prometheus

from messages import CheckStatus, Mode, SkipReason, VerdictEvent, VerifyJob

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

    from workers.settings import Settings

log = structlog.get_logger("verifleet.metrics")

PREFIX = "verifleet_"
COST_FRACTION_BUCKETS = (0.0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.75, 1.0)
"""Verification cost / task cost: budgets are fractions around 0.1-0.3; above 0.5 is a problem."""
CHECK_SECONDS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
"""Deterministic checks take well under 10 ms; the judge takes seconds."""
JUDGE_SECONDS = (0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 45, 60, 90, 120)
JOB_SECONDS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 1800, 3600, 7200)
"""Submit to verdict: inline round trips are 5-80 ms without a judge; batch waits for its flush."""
NONE = "none"
UNKNOWN = "unknown"


_CHILDREN: dict[tuple[Any, tuple[str, ...]], Any] = {}
"""Labelled children by (metric, label values), for :meth:`Instruments.child`."""


@dataclass(frozen=True)
class JudgeCall:
    """One paid call, as far as the verdict tells it."""

    model: str
    cost_usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    seconds: float | None = None
    cached: bool = False
    failed: bool = False

    @property
    def provider(self) -> str:
        return self.model.split(":", 1)[0]


@dataclass(frozen=True)
class Instruments:
    """verifleet's metrics, registered once per process (or on a test's own registry)."""

    verdicts: Counter
    duplicates: Counter
    check_results: Counter
    verification_cost: Counter
    task_cost: Counter
    budget: Counter
    cost_fraction: Histogram
    budget_skips: Counter
    judge_tokens: Counter
    judge_latency: Histogram
    check_duration: Histogram
    job_latency: Histogram
    cache_hits: Counter
    circuit_open: Gauge
    batch_flushes: Counter
    batch_items: Counter
    jobs_dropped: Counter
    webhook_deliveries: Counter
    budget_holds_expired: Counter
    budget_late_settlements: Counter
    corrections: Counter
    grounding_claims: Counter
    claim_escalations: Counter

    @classmethod
    def register(cls, registry: CollectorRegistry | None = None) -> Instruments:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram  # noqa: PLC0415  (module doc)

        # In multiprocess mode the values go to files whatever the registry; a private one
        # keeps the process's default registry free of duplicates.
        reg = registry if registry is not None else CollectorRegistry()

        def counter(name: str, doc: str, labels: Iterable[str] = ()) -> Counter:
            return Counter(PREFIX + name, doc, list(labels), registry=reg)

        def histogram(name: str, doc: str, labels: Iterable[str], buckets: tuple[float, ...]) -> Histogram:
            return Histogram(PREFIX + name, doc, list(labels), buckets=buckets, registry=reg)

        return cls(
            verdicts=counter("verdicts_total", "Verdicts published.", ("verdict", "mode", "profile")),
            duplicates=counter(
                "duplicate_jobs_total", "Jobs that already had a verdict (nothing published).", ("mode",)
            ),
            check_results=counter("check_results_total", "Checks run, by outcome.", ("check", "status")),
            verification_cost=counter(
                "verification_cost_usd_total", "USD spent on verification.", ("mode", "model")
            ),
            task_cost=counter(
                "task_cost_usd_total", "USD the verified tasks themselves cost (task.cost_usd).", ("mode",)
            ),
            budget=counter(
                "budget_usd_total",
                "USD verification was allowed to spend (budget_fraction x task cost).",
                ("mode",),
            ),
            cost_fraction=histogram(
                "cost_fraction", "Verification cost / task cost, per verified job.", (), COST_FRACTION_BUCKETS
            ),
            budget_skips=counter(
                "budget_skips_total", "Checks skipped because the budget was spent.", ("check",)
            ),
            judge_tokens=counter(
                "judge_tokens_total", "Judge tokens, direction in or out.", ("model", "direction")
            ),
            judge_latency=histogram(
                "judge_latency_seconds", "Judge call latency.", ("model",), JUDGE_SECONDS
            ),
            check_duration=histogram(
                "check_duration_seconds", "Time spent in each check that ran.", ("check",), CHECK_SECONDS
            ),
            job_latency=histogram(
                "job_latency_seconds", "From submission to published verdict.", ("mode",), JOB_SECONDS
            ),
            cache_hits=counter("cache_hits_total", "Judge answers served from a cache."),
            batch_flushes=counter("batch_flushes_total", "Multi-item judge flushes of parked batch work."),
            batch_items=counter(
                "batch_items_total", "Parked items flushed, by how their judging went.", ("outcome",)
            ),
            jobs_dropped=counter(
                "jobs_dropped_total", "Jobs answered with an error past the delivery limit.", ("stage",)
            ),
            webhook_deliveries=counter(
                "webhook_deliveries_total", "Webhook POSTs: delivered, retried, dead.", ("outcome",)
            ),
            budget_holds_expired=counter(
                "budget_holds_expired_total",
                "Budget reservations nobody settled, released when their hold time ran out.",
            ),
            budget_late_settlements=counter(
                "budget_late_settlements_total",
                "Budget settlements that came after their reservation had expired (the spending counts).",
            ),
            corrections=counter(
                "corrections_total",
                "Verdicts of a task's second or later attempt compared with the previous one, "
                "by whether the corrections converge.",
                ("profile", "outcome"),
            ),
            grounding_claims=counter(
                "grounding_claims_total",
                "Claims the grounding check classified, by their final status (after any judge ruling).",
                ("status",),
            ),
            claim_escalations=counter(
                "claim_escalations_total",
                "Claims grounding left for the judge: ruled, or why not (budget, no_judge, error...).",
                ("outcome",),
            ),
            circuit_open=Gauge(
                PREFIX + "circuit_open",
                "1 while a judge provider's circuit breaker is open in some worker process.",
                ["provider"],
                multiprocess_mode="livemax",
                registry=reg,
            ),
        )

    def child(self, metric: Any, *values: str) -> Any:
        """``metric.labels(*values)``, looked up once per process: a verdict counts some twenty
        labelled samples."""
        key = (metric, values)
        found = _CHILDREN.get(key)
        if found is None:
            found = _CHILDREN[key] = metric.labels(*values)
        return found

    def observe_verdict(
        self, verdict: VerdictEvent, job: VerifyJob | None = None, *, enqueued_ms: int | None = None
    ) -> None:
        mode = verdict.mode.value if verdict.mode else NONE
        profile = verdict.profile.value if verdict.profile else NONE
        self.child(self.verdicts, verdict.verdict.value, mode, profile).inc()
        if verdict.progress is not None:
            outcome = "converging" if verdict.progress.converging else "not_converging"
            self.child(self.corrections, profile, outcome).inc()
        for check in verdict.checks:
            self.child(self.check_results, check.name, check.status.value).inc()
            if check.name == "grounding" and check.status is not CheckStatus.SKIPPED:
                self._claims(check.details)
            if check.status is CheckStatus.SKIPPED:
                if check.reason == SkipReason.BUDGET.value:
                    self.child(self.budget_skips, check.name).inc()
                if check.reason == SkipReason.CIRCUIT_OPEN.value:
                    for provider in _named_providers(check.details):
                        self.child(self.circuit_open, provider).set(1)
            else:
                self.child(self.check_duration, check.name).observe(check.duration_ms / 1000)
        for call in judge_calls(verdict):
            if call.cost_usd > 0:
                self.child(self.verification_cost, mode, call.model).inc(call.cost_usd)
            if call.tokens_in:
                self.child(self.judge_tokens, call.model, "in").inc(call.tokens_in)
            if call.tokens_out:
                self.child(self.judge_tokens, call.model, "out").inc(call.tokens_out)
            if call.cached:
                self.cache_hits.inc()
            elif call.seconds is not None and not call.failed:
                self.child(self.judge_latency, call.model).observe(call.seconds)
                self.child(self.circuit_open, call.provider).set(0)
        self.child(self.budget, mode).inc(verdict.cost.budget_usd)
        if job is not None:
            self.child(self.task_cost, mode).inc(job.task.cost_usd)
            if job.task.cost_usd > 0:
                self.cost_fraction.observe(verdict.cost.usd / job.task.cost_usd)
        started = _submitted_s(job, enqueued_ms)
        if started is not None and (latency := time.time() - started) >= 0:
            self.child(self.job_latency, mode).observe(latency)

    def _claims(self, details: dict[str, Any]) -> None:
        """The grounding check's claims by status, and those left for the judge by outcome."""
        for status in CLAIM_STATUSES:
            n = details.get(status)
            if isinstance(n, int) and n > 0:
                self.child(self.grounding_claims, status).inc(n)
        escalation = details.get("escalation")
        if not isinstance(escalation, dict):
            return
        asked, ruled = escalation.get("claims"), escalation.get("ruled")
        if not isinstance(asked, int) or not isinstance(ruled, int):
            return
        if ruled > 0:
            self.child(self.claim_escalations, "ruled").inc(ruled)
        if asked > ruled:
            # Past the judge's cap of claims a call, or the whole call skipped: say why.
            why = escalation.get("skipped")
            self.child(self.claim_escalations, str(why) if why else "not_asked").inc(asked - ruled)


CLAIM_STATUSES = ("supported", "inferred", "unsourced", "contradicted")


def judge_calls(verdict: VerdictEvent) -> list[JudgeCall]:
    """The paid calls behind a verdict (see the module doc for what is read)."""
    calls: list[JudgeCall] = []
    for check in verdict.checks:
        if check.status is CheckStatus.SKIPPED:
            continue
        rows = _rows(check.details)
        if rows:
            calls += [_reported_call(row) for row in rows]
            continue
        if check.cost_usd <= 0 and (check.name != "judge" or check.status is CheckStatus.ERROR):
            continue  # free, or a judge that errored before any call was paid for
        named = check.details.get("models")
        models = [m for m in named if isinstance(m, str)] if isinstance(named, list) else []
        models = models or list(verdict.judges) or [UNKNOWN]
        spent_in = sum(c.tokens_in for c in calls)
        spent_out = sum(c.tokens_out for c in calls)
        tokens_in = _split(max(verdict.cost.tokens_in - spent_in, 0), len(models))
        tokens_out = _split(max(verdict.cost.tokens_out - spent_out, 0), len(models))
        for i, model in enumerate(models):
            calls.append(
                JudgeCall(
                    model=model,
                    cost_usd=check.cost_usd / len(models),
                    tokens_in=tokens_in[i],
                    tokens_out=tokens_out[i],
                    seconds=check.duration_ms / 1000,
                )
            )
    rest_usd = verdict.cost.usd - sum(c.cost_usd for c in calls)
    rest_in = verdict.cost.tokens_in - sum(c.tokens_in for c in calls)
    rest_out = verdict.cost.tokens_out - sum(c.tokens_out for c in calls)
    if rest_usd > 1e-12 or rest_in > 0 or rest_out > 0:
        model = calls[0].model if calls else (verdict.judges[0] if verdict.judges else UNKNOWN)
        calls.append(JudgeCall(model, max(rest_usd, 0.0), max(rest_in, 0), max(rest_out, 0)))
    return calls


def _rows(details: dict[str, Any]) -> list[dict[str, Any]]:
    for key in ("calls", "judges"):
        rows = details.get(key)
        if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows):
            return rows
    return []


def _reported_call(raw: dict[str, Any]) -> JudgeCall:
    duration = raw.get("latency_ms", raw.get("duration_ms"))
    return JudgeCall(
        model=str(raw.get("model") or UNKNOWN),
        cost_usd=_number(raw.get("cost_usd")),
        tokens_in=int(_number(raw.get("tokens_in"))),
        tokens_out=int(_number(raw.get("tokens_out"))),
        seconds=_number(duration) / 1000 if duration is not None else None,
        cached=bool(raw.get("cached", False)),
        failed="error" in raw,
    )


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return 0.0
    return max(0.0, float(value))


def _split(total: int, parts: int) -> list[int]:
    share, rest = divmod(total, parts)
    return [share + (1 if i < rest else 0) for i in range(parts)]


def _named_providers(details: dict[str, Any]) -> list[str]:
    named = details.get("providers", details.get("provider"))
    if isinstance(named, str):
        return [named]
    if isinstance(named, list):
        return [p for p in named if isinstance(p, str)]
    return []


def _submitted_s(job: VerifyJob | None, enqueued_ms: int | None) -> float | None:
    """The job's ``submitted_at`` if given, else when its message was enqueued (epoch seconds)."""
    if job is not None and job.submitted_at is not None:
        submitted = job.submitted_at
        if submitted.tzinfo is None:
            submitted = submitted.replace(tzinfo=UTC)
        return submitted.timestamp()
    return enqueued_ms / 1000 if enqueued_ms is not None else None


# The process's instruments, set after process boot by the middleware.
_instruments: Instruments | None = None


def instruments() -> Instruments | None:
    return _instruments


def _contained(what: str, fn: Callable[[Instruments], None]) -> None:
    """Run a recording step; a metrics failure is logged, never raised into a verification."""
    current = _instruments
    if current is None:
        return
    try:
        fn(current)
    except Exception:
        log.warning("metrics_failed", step=what, exc_info=True)


def observe_verdict(verdict: VerdictEvent, job: VerifyJob | None = None) -> None:
    """Count one published verdict (in a worker process; a no-op elsewhere)."""

    def step(m: Instruments) -> None:
        message = CurrentMessage.get_current_message()
        m.observe_verdict(verdict, job, enqueued_ms=message.message_timestamp if message else None)

    _contained("verdict", step)


def observe_flush(judged: int, cached: int, retried: int) -> None:
    """One batch flush: items judged in the group call, served from the cache, parked again."""

    def step(m: Instruments) -> None:
        m.batch_flushes.inc()
        for outcome, n in (("judged", judged), ("cached", cached), ("retried", retried)):
            if n:
                m.batch_items.labels(outcome).inc(n)

    _contained("flush", step)


def observe_dropped(stage: str) -> None:
    _contained("dropped", lambda m: m.jobs_dropped.labels(stage).inc())


def observe_budget_holds(*, expired: int = 0, late: int = 0) -> None:
    """Reservations of the budget ledger that expired unsettled, and settlements that came late."""

    def step(m: Instruments) -> None:
        if expired:
            m.budget_holds_expired.inc(expired)
        if late:
            m.budget_late_settlements.inc(late)

    _contained("budget_holds", step)


def observe_webhook(outcome: str) -> None:
    _contained("webhook", lambda m: m.webhook_deliveries.labels(outcome).inc())


def observe_duplicate(mode: Mode) -> None:
    _contained("duplicate", lambda m: m.duplicates.labels(mode.value).inc())


def set_circuit_open(provider: str, is_open: bool) -> None:
    """For a circuit breaker: publish its state for ``provider`` from this process."""
    _contained("circuit", lambda m: m.circuit_open.labels(provider).set(1 if is_open else 0))


def providers(judges: Iterable[str]) -> list[str]:
    return sorted({j.split(":", 1)[0] for j in judges if j})


class Metrics(Prometheus):
    """dramatiq's Prometheus middleware plus verifleet's metrics, served on one port per host."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.port = settings.metrics_port
        self.judge_providers = providers(settings.judges)

    @property
    def forks(self) -> list[Callable[[], int]]:
        if not self.port:
            return []  # VERIFLEET_METRICS_PORT=0: files are written, nothing is served
        from workers.exposition import serve  # noqa: PLC0415  (the fork imports it by path anyway)

        return [serve]

    def after_process_boot(self, broker: dramatiq.Broker) -> None:
        global _instruments  # noqa: PLW0603  (one set of instruments per process)
        # dramatiq's half first: it points PROMETHEUS_MULTIPROC_DIR at the shared directory.
        super().after_process_boot(broker)  # type: ignore[no-untyped-call]
        _instruments = Instruments.register()
        for provider in self.judge_providers:
            _instruments.circuit_open.labels(provider).set(0)
