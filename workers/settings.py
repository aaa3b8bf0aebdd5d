"""Settings from ``VERIFLEET_*`` environment variables (pydantic-settings).

Every value has a default that runs on a laptop; production sets at least
``VERIFLEET_REDIS_URL``. ``VERIFLEET_BROKER_URL`` moves the job queues to another
server (e.g. RabbitMQ) while verdict events and state stay on Redis.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from checks import PipelineConfig
from checks.judge.config import JudgeConfig
from checks.judge.models import PROVIDERS
from checks.judge.prices import Price
from messages import ConfigurationError, Limits, Profile, Strictness

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
BROKER_SCHEMES = ("redis", "rediss", "unix", "amqp", "amqps")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="VERIFLEET_", frozen=True, extra="ignore")

    # Where things live.
    redis_url: str | None = None
    """Verdict events, idempotency records and ledgers (and the queues, unless broker_url is set)."""
    broker_url: str | None = None
    key_prefix: Annotated[str, Field(min_length=1, max_length=64)] = "verifleet"
    verdict_ttl_seconds: Annotated[int, Field(ge=60)] = 30 * 24 * 3600
    """How long a job_id's verdict record (the idempotency key) is kept."""
    stream_maxlen: Annotated[int, Field(ge=1_000)] = 1_000_000
    """Approximate cap on the verdict stream's length (oldest entries trimmed)."""

    # Pipeline defaults (a job's policy overrides them).
    profile: Profile = Profile.AUTO
    strictness: Strictness = Strictness.STANDARD
    pass_threshold: Annotated[float, Field(ge=0, le=1)] | None = None
    budget_fraction: Annotated[float, Field(ge=0, le=1)] = 0.30
    bypass_below_usd: Annotated[float, Field(ge=0)] = 0.10
    max_attempts: Annotated[int, Field(ge=1, le=100)] = 3
    escalate_on_stall: bool = True
    """Escalate a correction that made no progress on the task's previous attempt (docs/policies.md)."""
    escalate_below_confidence: Annotated[float, Field(ge=0, le=1)] = 0.5
    ensemble: Annotated[int, Field(ge=1, le=5)] = 1
    """How many distinct judges score each job (a job's policy.ensemble overrides it)."""

    # The judge (docs/judge.md). Nothing set here: no judge, judged criteria are skipped (no_judge).
    judges: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Judge models in order of preference, comma-separated or a JSON list: openai:gpt-4o-mini,..."""
    judge_base_url: str | None = None
    """Base URL of every provider that has no VERIFLEET_JUDGE_BASE_URL_<PROVIDER>."""
    judge_api_key: SecretStr | None = None
    """Key of every provider that has no VERIFLEET_JUDGE_API_KEY_<PROVIDER>."""
    judge_base_url_openai: str | None = None
    judge_base_url_openrouter: str | None = None
    judge_base_url_anthropic: str | None = None
    judge_base_url_vllm: str | None = None
    judge_base_url_ollama: str | None = None
    judge_base_url_llamacpp: str | None = None
    judge_base_url_litellm: str | None = None
    judge_api_key_openai: SecretStr | None = None
    judge_api_key_openrouter: SecretStr | None = None
    judge_api_key_anthropic: SecretStr | None = None
    judge_api_key_vllm: SecretStr | None = None
    judge_api_key_ollama: SecretStr | None = None
    judge_api_key_llamacpp: SecretStr | None = None
    judge_api_key_litellm: SecretStr | None = None
    judge_timeout_s: Annotated[float, Field(gt=0)] = 30.0
    """Read timeout of one judge request (connect: judge_connect_timeout_s)."""
    judge_connect_timeout_s: Annotated[float, Field(gt=0)] = 5.0
    judge_max_retries: Annotated[int, Field(ge=0, le=10)] = 3
    """Retries on 429, 5xx and transport errors, with backoff (Retry-After honoured)."""
    judge_deadline_s: Annotated[float, Field(gt=0)] = 90.0
    """No retry of a judge request starts later than this after its first try."""
    judge_max_connections: Annotated[int, Field(ge=1, le=1_000)] = 16
    judge_max_tokens: Annotated[int, Field(ge=16, le=200_000)] = 1_024
    judge_batch_max_tokens: Annotated[int, Field(ge=16, le=200_000)] = 8_192
    judge_max_source_chars: Annotated[int, Field(ge=0)] = 20_000
    """How much of the job's sources the judge sees (0: none)."""
    judge_prices_file: Path | None = None
    """JSON or TOML price table overlaying the shipped one (docs/judge.md)."""
    judge_default_price_in: Annotated[float, Field(ge=0)] | None = None
    """USD per million input tokens of any model the price table lacks (with _OUT)."""
    judge_default_price_out: Annotated[float, Field(ge=0)] | None = None
    judge_prompts_dir: Path | None = None
    """Directory whose *.md files replace the shipped judge prompts of the same name."""
    judge_allow_same_provider: bool = False
    """Let a judge be of the executor's model family (never the executor's own model)."""
    judge_breaker_failures: Annotated[int, Field(ge=1)] = 5
    judge_breaker_cooldown_s: Annotated[float, Field(ge=0)] = 300.0
    judge_fail_open: bool = False
    """While a provider's circuit is open: pass on the other checks (true) or hold must_pass open."""
    judge_concurrency: Annotated[int, Field(ge=0, le=10_000)] = 32
    """Fleet-wide cap on calls in flight per provider (shared through Redis; 0: none). It starts here,
    halves on a 429 and climbs back by one per window of successful calls, never above this."""
    judge_concurrency_min: Annotated[int, Field(ge=1)] = 1
    """The cap never adapts below this."""
    judge_slot_lease_s: Annotated[float, Field(gt=0)] = 120.0
    """A call slot not released by then (its worker died) is free again."""
    judge_batch_api: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Providers whose batch API judges batch-queue work at the batch price: none, openai, anthropic
    (comma-separated)."""
    judge_batch_deadline_s: Annotated[float, Field(gt=0)] = 3_600.0
    """A provider batch not done by then is cancelled; what it did not answer is asked directly."""
    judge_batch_poll_s: Annotated[float, Field(gt=0)] = 30.0
    """Seconds between two looks at a running provider batch."""

    grounding_backend: Literal["lexical", "embeddings", "auto"] = "lexical"
    """Claim grounding: lexical (default), embeddings (needs the extra), auto (embeddings if installed)."""

    # Input limits.
    max_content_bytes: Annotated[int, Field(ge=1_024)] = Limits.max_content_bytes
    max_job_bytes: Annotated[int, Field(ge=4_096)] = Limits.max_job_bytes
    max_criteria: Annotated[int, Field(ge=1)] = Limits.max_criteria
    max_sources: Annotated[int, Field(ge=1)] = Limits.max_sources

    # Workers.
    worker_timeout_ms: Annotated[int, Field(ge=10, le=10_000)] = 50
    """How long an idle consumer waits for a message; short keeps inline latency low (an idle
    consumer makes 20-40 small fetch calls a second at 50 ms)."""
    delay_poll_ms: Annotated[int, Field(ge=10, le=60_000)] = 500
    """How long the consumer of a delay queue (retries waiting for their backoff, Redis broker)
    waits when it holds nothing: a retry waits at least ``min_backoff_ms`` anyway, so it is
    fetched before it is due, and an idle worker polls Redis half as often. While it holds
    delayed messages it polls every ``worker_timeout_ms``, so they leave on time."""
    pin_cpus: bool = False
    """Each worker process claims a core of its own and keeps its threads on it (``workers/affinity.py``):
    about 18% more throughput on 2 cores. For hosts the workers have to themselves: claims are
    coordinated through the host's temp directory, which containers on a shared node do not share."""
    batch_gil_switch_ms: Annotated[float, Field(ge=1, le=1_000)] = 50.0
    """How long a thread of a worker process that serves only ``verify-batch`` may hold the GIL while
    another waits (``sys.setswitchinterval``; Python's default, which processes serving
    ``verify-inline`` keep, is 5 ms). Its threads all verify, which is CPU work: longer turns mean
    fewer hand-overs, and such a fleet ran about 4% faster at 50 ms (``bench/ceiling.py``, A/B). An
    inline job would wait a whole turn of each busy thread, so inline processes keep short turns."""
    heartbeat_timeout_ms: Annotated[int, Field(ge=1_000)] = 5_000
    """A worker silent this long is dead and its fetched messages are requeued (Redis broker)."""
    maintenance_chance: Annotated[int, Field(ge=0, le=1_000_000)] = 100_000
    """Per million broker calls, how often dead workers' messages are looked for (Redis broker)."""
    job_time_limit_ms: Annotated[int, Field(ge=1_000)] = 120_000
    max_retries: Annotated[int, Field(ge=0, le=100)] = 5
    min_backoff_ms: Annotated[int, Field(ge=10)] = 500
    max_backoff_ms: Annotated[int, Field(ge=100)] = 60_000
    metrics_port: Annotated[int, Field(ge=0, le=65535)] = 9191
    """Where each worker host serves /metrics; 0 serves nothing."""
    metrics_host: str = "0.0.0.0"  # all interfaces: Prometheus scrapes from another host
    metrics_dir: str | None = None
    """prometheus-client's multiprocess directory, wiped when the supervisor starts (default: a
    fresh temp dir)."""
    queue_peek: bool = True
    """On RabbitMQ, peek at each classic queue's head message at scrape time to tell its age (the
    message is put back at once; quorum queues, where a requeue counts as a delivery, never are)."""

    # Fleet policies (docs/policies.md).
    mission_budget_usd: Annotated[float, Field(ge=0, allow_inf_nan=False)] | None = None
    """Default cap on a mission's verification spending (a job's policy.mission_budget_usd wins)."""
    budget_hold_ttl_s: Annotated[int, Field(ge=60)] = 900
    """A budget reservation never settled (its worker died) is released after this long."""
    batch_max_items: Annotated[int, Field(ge=1, le=256)] = 16
    """N: a batch worker asks the judge about at most this many parked outputs in one call."""
    batch_max_wait_s: Annotated[float, Field(gt=0, le=3_600)] = 10.0
    """T: parked judge work waits at most this long for its group to fill."""
    batch_claim_idle_ms: Annotated[int, Field(ge=500)] = 30_000
    """Parked work a dead batch worker held this long untouched is claimed by another one."""
    batch_flush_concurrency: Annotated[int, Field(ge=1, le=64)] = 4
    """Groups one batch worker process may have with the judge at once."""
    batch_nice: Annotated[int, Field(ge=0, le=19)] = 0
    """A worker process serving only verify-batch lowers its CPU priority by this much (os.nice): set
    it (e.g. 10) where inline and batch workers share a host, so that inline latency holds under a
    batch backlog. Separate hosts or CPU quotas do the same; 0 leaves the priority alone."""
    batch_idle_priority: bool = False
    """Linux: a worker process serving only verify-batch runs in the SCHED_IDLE class, so it gets a
    core only when nothing else on the host wants one (stronger than batch_nice, which it overrides;
    inline backlog p99 about 20% lower than nice 10 in make bench's A/B). Batch work then waits
    while the host is busy with anything else: for hosts the workers have to themselves."""
    max_deliveries: Annotated[int, Field(ge=1, le=1_000)] = 10
    """Past this many deliveries of one job_id (retries and crash redeliveries) it gets a verdict error."""
    heartbeat_interval_s: Annotated[float, Field(gt=0, le=300)] = 5.0
    """How often each worker process writes its heartbeat record."""
    cache_ttl_seconds: Annotated[int, Field(ge=0)] = 7 * 24 * 3600
    """How long judged results are reused for an unchanged output and criteria (0: no cache)."""
    stream_events: bool = True
    """Append verdicts to the verdict stream; false leaves the webhook as the only sink."""
    webhook_url: str | None = None
    """POST every verdict here, signed (CONTRACT.md section 4)."""
    webhook_secret: SecretStr | None = None
    """HMAC-SHA256 key of the X-Verifleet-Signature header; required with webhook_url."""
    webhook_timeout_s: Annotated[float, Field(gt=0, le=120)] = 10.0
    webhook_max_attempts: Annotated[int, Field(ge=1, le=100)] = 8
    """Tries per verdict before it goes to the dead letters (verifleet:webhook:dead)."""
    webhook_backoff_s: Annotated[float, Field(gt=0)] = 1.0
    """First wait between tries, doubled each time up to webhook_backoff_max_s."""
    webhook_backoff_max_s: Annotated[float, Field(gt=0)] = 300.0

    # Logs.
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_format: Literal["auto", "json", "console"] = "auto"

    @field_validator("redis_url", "broker_url")
    @classmethod
    def _known_scheme(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        scheme = value.split("://", 1)[0].lower() if "://" in value else ""
        if scheme not in BROKER_SCHEMES:
            raise ValueError(
                f"{value.split('@')[-1]!r} has no supported scheme; use one of "
                + ", ".join(f"{s}://" for s in BROKER_SCHEMES)
            )
        return value

    @model_validator(mode="after")
    def _sinks(self) -> Settings:
        if self.webhook_url and not (self.webhook_secret and self.webhook_secret.get_secret_value()):
            raise ValueError("VERIFLEET_WEBHOOK_URL needs VERIFLEET_WEBHOOK_SECRET to sign what it sends")
        if not self.stream_events and not self.webhook_url:
            raise ValueError("VERIFLEET_STREAM_EVENTS=false needs VERIFLEET_WEBHOOK_URL as the sink")
        return self

    @field_validator("redis_url")
    @classmethod
    def _redis_only(cls, value: str | None) -> str | None:
        if value is not None and value.lower().startswith("amqp"):
            raise ValueError("VERIFLEET_REDIS_URL must point at Redis; put RabbitMQ in VERIFLEET_BROKER_URL")
        return value

    @property
    def state_url(self) -> str:
        """Redis for events and state."""
        return self.redis_url or DEFAULT_REDIS_URL

    @property
    def queue_url(self) -> str:
        """The broker for the job queues."""
        return self.broker_url or self.state_url

    @property
    def queues_on_rabbitmq(self) -> bool:
        """Are the job queues on RabbitMQ (else on a Redis)?"""
        return self.queue_url.split("://", 1)[0].lower() in ("amqp", "amqps")

    @cached_property
    def limits(self) -> Limits:
        return Limits(
            max_content_bytes=self.max_content_bytes,
            max_job_bytes=self.max_job_bytes,
            max_criteria=self.max_criteria,
            max_sources=self.max_sources,
        )

    def pipeline_config(self) -> PipelineConfig:
        return PipelineConfig(
            profile=self.profile,
            strictness=self.strictness,
            pass_threshold=self.pass_threshold,
            budget_fraction=self.budget_fraction,
            bypass_below_usd=self.bypass_below_usd,
            max_attempts=self.max_attempts,
            escalate_on_stall=self.escalate_on_stall,
            judges=tuple(self.judges),
            ensemble=self.ensemble,
            escalate_below_confidence=self.escalate_below_confidence,
            limits=self.limits,
            check_settings={"grounding": {"backend": self.grounding_backend}},
        )

    @field_validator("judges", mode="before")
    @classmethod
    def _judge_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                return json.loads(text)
            return [part.strip() for part in text.split(",") if part.strip()]
        return value

    @field_validator("judge_batch_api", mode="before")
    @classmethod
    def _batch_providers(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = [part.strip().lower() for part in value.split(",") if part.strip()]
            value = [] if parts in ([], ["none"]) else parts
        if isinstance(value, list):
            unknown = sorted({str(v) for v in value} - {"openai", "anthropic"})
            if unknown:
                raise ValueError(f"no batch API for {', '.join(unknown)}; use none, openai, anthropic")
        return value

    def judge_config(self) -> JudgeConfig:
        """The judge as configured here; ``JudgeConfig.configured`` is false when nothing is."""
        if (self.judge_default_price_in is None) != (self.judge_default_price_out is None):
            raise ConfigurationError("set both VERIFLEET_JUDGE_DEFAULT_PRICE_IN and _OUT, or neither")
        default_price = None
        if self.judge_default_price_in is not None and self.judge_default_price_out is not None:
            default_price = Price(self.judge_default_price_in, self.judge_default_price_out)
        urls = {p: url for p in PROVIDERS if (url := getattr(self, f"judge_base_url_{p}"))}
        keys = {p: key for p in PROVIDERS if (key := _secret(getattr(self, f"judge_api_key_{p}")))}
        return JudgeConfig(
            judges=tuple(self.judges),
            ensemble=self.ensemble,
            base_url=self.judge_base_url or None,
            api_key=_secret(self.judge_api_key),
            base_urls=urls,
            api_keys=keys,
            timeout_s=self.judge_timeout_s,
            connect_timeout_s=self.judge_connect_timeout_s,
            max_retries=self.judge_max_retries,
            deadline_s=self.judge_deadline_s,
            max_connections=self.judge_max_connections,
            max_tokens=self.judge_max_tokens,
            batch_max_tokens=self.judge_batch_max_tokens,
            max_source_chars=self.judge_max_source_chars,
            prices_file=self.judge_prices_file,
            default_price=default_price,
            prompts_dir=self.judge_prompts_dir,
            allow_same_provider=self.judge_allow_same_provider,
            breaker_failures=self.judge_breaker_failures,
            breaker_cooldown_s=self.judge_breaker_cooldown_s,
            fail_open=self.judge_fail_open,
            batch_api=tuple(self.judge_batch_api),
            batch_deadline_s=self.judge_batch_deadline_s,
            batch_poll_s=self.judge_batch_poll_s,
        )


def _secret(value: SecretStr | None) -> SecretStr | None:
    return value if value is not None and value.get_secret_value() else None


def redact(url: str) -> str:
    """A URL fit for logs: any password replaced by ``***``."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user + ':' if user else ''}***@{host}"
