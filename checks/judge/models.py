"""Judge models: ``provider:model?key=value`` names, vendor families and the cross-model rule.

A name such as ``openai:gpt-4o-mini?temperature=0`` says which API to call
(the provider), which model to ask, and optional request parameters. Providers
``openai``, ``openrouter``, ``vllm``, ``ollama``, ``llamacpp`` and ``litellm``
speak OpenAI's chat completions; ``anthropic`` speaks the Messages API.

The **family** of a model is the vendor that trained it, not the API that serves
it: ``openrouter:openai/gpt-4o`` and ``openai:gpt-4o-mini`` are both ``openai``,
``ollama:llama3.1:8b`` is ``meta``. Self-preference bias follows the vendor, so
the cross-model rule compares families: a judge is never the executor's model,
and by default not of its family either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from urllib.parse import parse_qsl

from messages import CheckError


class Wire(StrEnum):
    """The HTTP API a provider speaks."""

    CHAT_COMPLETIONS = "chat_completions"
    MESSAGES = "messages"


PROVIDERS: Mapping[str, Wire] = MappingProxyType(
    {
        "openai": Wire.CHAT_COMPLETIONS,
        "openrouter": Wire.CHAT_COMPLETIONS,
        "vllm": Wire.CHAT_COMPLETIONS,
        "ollama": Wire.CHAT_COMPLETIONS,
        "llamacpp": Wire.CHAT_COMPLETIONS,
        "litellm": Wire.CHAT_COMPLETIONS,
        "anthropic": Wire.MESSAGES,
    }
)
LOCAL_PROVIDERS = frozenset({"vllm", "ollama", "llamacpp", "litellm"})
"""Served by the deployment itself: no API key needed at their default address."""

# Model-name prefixes that tell the vendor, for servers that host many vendors' models.
_VENDOR_PREFIXES: tuple[tuple[str, str], ...] = (
    ("gpt-", "openai"),
    ("gpt4", "openai"),
    ("chatgpt", "openai"),
    ("davinci", "openai"),
    ("claude", "anthropic"),
    ("codellama", "meta"),
    ("llama", "meta"),
    ("qwen", "qwen"),
    ("qwq", "qwen"),
    ("mistral", "mistral"),
    ("mixtral", "mistral"),
    ("ministral", "mistral"),
    ("codestral", "mistral"),
    ("magistral", "mistral"),
    ("devstral", "mistral"),
    ("gemma", "google"),
    ("gemini", "google"),
    ("deepseek", "deepseek"),
    ("phi", "microsoft"),
    ("command", "cohere"),
    ("aya", "cohere"),
    ("grok", "xai"),
    ("granite", "ibm"),
    ("olmo", "allenai"),
    ("nemotron", "nvidia"),
    ("kimi", "moonshot"),
    ("glm", "zhipu"),
)
_OPENAI_REASONING = re.compile(r"^(o\d|gpt-5)")
# Router slugs (openrouter's ``vendor/model``) that differ from the family name.
_SLUGS = {"meta-llama": "meta", "mistralai": "mistral", "x-ai": "xai", "qwen": "qwen", "cohere": "cohere"}

_BOOL = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
PARAMS = frozenset({"temperature", "top_p", "max_tokens", "seed", "logprobs", "json"})
"""Query parameters a judge name may carry. Never a URL or a key: a job must not choose where keys go."""


@dataclass(frozen=True)
class ModelRef:
    """A parsed ``provider:model?key=value`` name."""

    provider: str
    model: str
    params: tuple[tuple[str, str], ...] = ()
    """Sorted ``(key, value)`` pairs from the query string."""

    @classmethod
    def parse(cls, text: str, *, strict: bool = True) -> ModelRef:
        """Parse a name; ``strict`` (for judges) also checks the provider and the parameters.

        Raises:
            CheckError: the name cannot be used, with what is wrong.
        """
        spec, _, query = text.strip().partition("?")
        provider, sep, model = spec.partition(":")
        provider = provider.strip().lower()
        if not sep or not provider or not model.strip():
            raise CheckError(f"judge model {text!r} is not of the form provider:model")
        params = dict(parse_qsl(query, keep_blank_values=True)) if query else {}
        ref = cls(provider=provider, model=model.strip(), params=tuple(sorted(params.items())))
        if strict:
            ref.validate()
        return ref

    def validate(self) -> None:
        if self.provider not in PROVIDERS:
            raise CheckError(
                f"judge model {self.name!r}: unknown provider {self.provider!r}; "
                f"use one of {', '.join(sorted(PROVIDERS))}"
            )
        unknown = sorted({k for k, _ in self.params} - PARAMS)
        if unknown:
            raise CheckError(
                f"judge model {self.name!r}: unknown parameter(s) {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(PARAMS))}"
            )
        # Read each typed parameter once so that a bad value is reported here.
        _ = (self.temperature, self.top_p, self.max_tokens, self.seed, self.logprobs, self.json_mode)

    @property
    def name(self) -> str:
        """``provider:model`` without parameters: what the verdict and the price table use."""
        return f"{self.provider}:{self.model}"

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + "?" + "&".join(f"{k}={v}" for k, v in self.params)

    @property
    def wire(self) -> Wire:
        return PROVIDERS[self.provider]

    @property
    def base_model(self) -> str:
        """The model without a router's ``vendor/`` prefix, lower case."""
        return self.model.rsplit("/", 1)[-1].lower()

    @property
    def family(self) -> str:
        """The vendor that trained the model (``openai``, ``anthropic``, ``meta``...)."""
        if self.provider in ("openai", "anthropic"):
            return self.provider
        vendor = _vendor_of(self.base_model)
        if vendor:
            return vendor
        if "/" in self.model:
            slug = self.model.split("/", 1)[0].lower()
            return _SLUGS.get(slug, _vendor_of(slug) or slug)
        # Unknown: the model is its own family, so only the identical model is refused.
        return f"{self.provider}:{self.base_model}"

    @property
    def identity(self) -> tuple[str, str]:
        """What makes two names the same model, whichever API serves it."""
        return (self.family, self.base_model)

    @property
    def reasoning(self) -> bool:
        """OpenAI reasoning models take no temperature or logprobs and count thinking as output."""
        return self.family == "openai" and bool(_OPENAI_REASONING.match(self.base_model))

    # Typed parameters -------------------------------------------------------------------------

    @property
    def temperature(self) -> float | None:
        return self._number("temperature", 0.0, 2.0)

    @property
    def top_p(self) -> float | None:
        return self._number("top_p", 0.0, 1.0)

    @property
    def max_tokens(self) -> int | None:
        value = self._number("max_tokens", 1, 1_000_000)
        return None if value is None else int(value)

    @property
    def seed(self) -> int | None:
        value = self._number("seed", -(2**63), 2**63 - 1)
        return None if value is None else int(value)

    @property
    def logprobs(self) -> bool | None:
        return self._flag("logprobs")

    @property
    def json_mode(self) -> bool | None:
        return self._flag("json")

    def param(self, key: str) -> str | None:
        return dict(self.params).get(key)

    def _number(self, key: str, low: float, high: float) -> float | None:
        raw = self.param(key)
        if raw is None:
            return None
        try:
            value = float(raw)
        except ValueError:
            raise CheckError(f"judge model {self.name!r}: {key}={raw!r} is not a number") from None
        if not low <= value <= high or (key in ("max_tokens", "seed") and not value.is_integer()):
            raise CheckError(f"judge model {self.name!r}: {key}={raw!r} is out of range")
        return value

    def _flag(self, key: str) -> bool | None:
        raw = self.param(key)
        if raw is None:
            return None
        value = _BOOL.get(raw.lower())
        if value is None:
            raise CheckError(f"judge model {self.name!r}: {key}={raw!r} is not true or false")
        return value


def _vendor_of(name: str) -> str | None:
    if _OPENAI_REASONING.match(name):
        return "openai"
    for prefix, vendor in _VENDOR_PREFIXES:
        if name.startswith(prefix):
            return vendor
    return None


def refusal(judge: ModelRef, executor: ModelRef | None, *, allow_same_family: bool = False) -> str | None:
    """Why ``judge`` may not judge ``executor``'s output, or None when it may."""
    if executor is None:
        return None
    if judge.identity == executor.identity:
        return f"{judge} is the executor's model ({executor.name})"
    if not allow_same_family and judge.family == executor.family:
        return f"{judge} is of the executor's family ({judge.family})"
    return None


def executor_ref(name: str | None) -> ModelRef | None:
    """The executor's model, leniently: any provider name is accepted, bad names mean unknown."""
    if not name:
        return None
    try:
        return ModelRef.parse(name, strict=False)
    except CheckError:
        return None


@dataclass(frozen=True)
class Selection:
    chosen: tuple[ModelRef, ...]
    refused: tuple[tuple[ModelRef, str], ...] = ()
    """Candidates passed over, with why (cross-model rule, no key, circuit open)."""
    independent: int = 0
    """How many candidates passed the cross-model rule (before keys and circuits)."""


def select(
    candidates: Iterable[ModelRef],
    executor: ModelRef | None,
    *,
    count: int = 1,
    allow_same_family: bool = False,
    unavailable: Callable[[ModelRef], str | None] = lambda ref: None,
) -> Selection:
    """Pick up to ``count`` distinct judges in order of preference, different families first.

    ``unavailable`` says why a judge cannot be asked now (no key, circuit open), or None.
    """
    eligible: list[ModelRef] = []
    refused: list[tuple[ModelRef, str]] = []
    seen: set[tuple[str, str]] = set()
    independent = 0
    for ref in candidates:
        if ref.identity in seen:
            continue
        seen.add(ref.identity)
        why = refusal(ref, executor, allow_same_family=allow_same_family)
        if why is None:
            independent += 1
            why = unavailable(ref)
        if why is None:
            eligible.append(ref)
        else:
            refused.append((ref, why))
    return Selection(chosen=tuple(_diverse(eligible, count)), refused=tuple(refused), independent=independent)


def _diverse(eligible: Sequence[ModelRef], count: int) -> list[ModelRef]:
    """First one per family in order, then the rest in order, up to ``count``."""
    chosen: list[ModelRef] = []
    families: set[str] = set()
    for ref in eligible:
        if len(chosen) < count and ref.family not in families:
            chosen.append(ref)
            families.add(ref.family)
    for ref in eligible:
        if len(chosen) < count and ref not in chosen:
            chosen.append(ref)
    return chosen
