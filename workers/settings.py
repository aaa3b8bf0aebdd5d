"""Settings from ``VERIFLEET_*`` environment variables (pydantic-settings).

Every value has a default that runs on a laptop; production sets at least
``VERIFLEET_REDIS_URL``. ``VERIFLEET_BROKER_URL`` moves the job queues to another
server (e.g. RabbitMQ) while verdict events and state stay on Redis.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from checks import PipelineConfig
from messages import Limits, Profile, Strictness

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
    escalate_below_confidence: Annotated[float, Field(ge=0, le=1)] = 0.5
    judges: list[str] = Field(default_factory=list)
    judge_base_url: str | None = None
    judge_api_key: SecretStr | None = None

    # Input limits.
    max_content_bytes: Annotated[int, Field(ge=1_024)] = Limits.max_content_bytes
    max_job_bytes: Annotated[int, Field(ge=4_096)] = Limits.max_job_bytes
    max_criteria: Annotated[int, Field(ge=1)] = Limits.max_criteria
    max_sources: Annotated[int, Field(ge=1)] = Limits.max_sources

    # Workers.
    worker_timeout_ms: Annotated[int, Field(ge=10, le=10_000)] = 100
    """How long an idle consumer waits for a message; short keeps inline latency low."""
    heartbeat_timeout_ms: Annotated[int, Field(ge=1_000)] = 15_000
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
    """prometheus-client's multiprocess directory, wiped at each start; default: a fresh temp dir."""

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
            judges=tuple(self.judges),
            escalate_below_confidence=self.escalate_below_confidence,
            limits=self.limits,
        )


def redact(url: str) -> str:
    """A URL fit for logs: any password replaced by ``***``."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user + ':' if user else ''}***@{host}"
