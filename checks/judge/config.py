"""Everything a deployment sets about its judge, as one value (``workers.settings`` fills it).

Endpoints: a provider's own base URL and key win (``VERIFLEET_JUDGE_BASE_URL_<PROVIDER>``,
``VERIFLEET_JUDGE_API_KEY_<PROVIDER>``); otherwise the general ones apply
(``VERIFLEET_JUDGE_BASE_URL``, ``VERIFLEET_JUDGE_API_KEY``); otherwise the provider's
public address (local servers: their usual port on 127.0.0.1) and no key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import SecretStr

from checks.judge.models import PROVIDERS
from checks.judge.prices import Price
from checks.judge.providers import DEFAULT_BASE_URLS, Endpoint


@dataclass(frozen=True)
class JudgeConfig:
    judges: tuple[str, ...] = ()
    """Judge models in order of preference, used when a job's policy names none."""
    ensemble: int = 1
    base_url: str | None = None
    api_key: SecretStr | None = None
    base_urls: Mapping[str, str] = field(default_factory=dict)
    api_keys: Mapping[str, SecretStr] = field(default_factory=dict)
    timeout_s: float = 30.0
    connect_timeout_s: float = 5.0
    max_retries: int = 3
    deadline_s: float = 90.0
    backoff_base_s: float = 0.5
    backoff_max_s: float = 20.0
    max_retry_after_s: float = 60.0
    max_connections: int = 16
    max_tokens: int = 1024
    batch_max_tokens: int = 8192
    max_source_chars: int = 20_000
    prices_file: Path | None = None
    default_price: Price | None = None
    prompts_dir: Path | None = None
    allow_same_provider: bool = False
    breaker_failures: int = 5
    breaker_cooldown_s: float = 300.0
    fail_open: bool = False
    batch_api: tuple[str, ...] = ()
    """Providers whose batch API ``judge_many(via="batch_api")`` uses (openai, anthropic)."""
    batch_deadline_s: float = 3600.0
    """After this long a provider batch is cancelled and what it did not answer is asked directly."""
    batch_poll_s: float = 30.0

    def endpoint(self, provider: str) -> Endpoint:
        return Endpoint(
            base_url=self.base_urls.get(provider) or self.base_url or DEFAULT_BASE_URLS[provider],
            api_key=self.api_keys.get(provider) or self.api_key,
        )

    def endpoints(self) -> dict[str, Endpoint]:
        return {p: self.endpoint(p) for p in PROVIDERS}

    @property
    def configured(self) -> bool:
        """Anything said about judges at all; without it the fleet runs with no judge (``no_judge``)."""
        return bool(self.judges or self.base_url or self.api_key or self.base_urls or self.api_keys)
