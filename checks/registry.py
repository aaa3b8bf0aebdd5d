"""The check registry: plain callables over plain data, in the manner of structlog processors.

A check is a function ``(CheckContext) -> CheckResult``. It is registered under
a contract name (``messages.CheckName``) with ``@register``; a check that can
be named by a criterion declares a pydantic ``params`` model so that bad params
are a validation error at plan time, with the path of the field, not a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from messages import CheckName, CheckStatus, Criterion, Flag, Strictness, VerifyJob


class NoParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True)
class Resolved:
    """The job's policy with every gap filled from the workspace defaults."""

    strictness: Strictness
    pass_threshold: float | None
    budget_fraction: float
    bypass_below_usd: float
    max_attempts: int
    judges: tuple[str, ...]
    ensemble: int
    escalate_below_confidence: float
    escalate_on_stall: bool = True


@dataclass(frozen=True)
class CheckContext:
    """Everything a check may read. Checks never mutate it."""

    job: VerifyJob
    policy: Resolved
    text: str
    """The output as text; flag offsets index into this string."""
    criterion: Criterion | None = None
    params: BaseModel = field(default_factory=NoParams)
    settings: Mapping[str, Any] = field(default_factory=dict)
    """Check-specific workspace settings (e.g. overridden voice tells)."""


@dataclass
class CheckResult:
    status: CheckStatus
    score: float | None = None
    reason: str = ""
    flags: list[Flag] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)
    """Surgical instructions a writer can act on, one per failure."""
    hard: bool = False
    """A failure that makes every costly check pointless (it short-circuits them)."""
    details: dict[str, Any] = field(default_factory=dict)
    cost_usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0

    @classmethod
    def passed(cls, score: float = 1.0, **kw: Any) -> CheckResult:
        return cls(CheckStatus.PASS, score=score, **kw)

    @classmethod
    def failed(cls, reason: str, score: float = 0.0, **kw: Any) -> CheckResult:
        return cls(CheckStatus.FAIL, score=score, reason=reason, **kw)

    @classmethod
    def skipped(cls, reason: str, **kw: Any) -> CheckResult:
        return cls(CheckStatus.SKIPPED, reason=reason, **kw)

    @classmethod
    def errored(cls, reason: str, **kw: Any) -> CheckResult:
        return cls(CheckStatus.ERROR, reason=reason, **kw)


CheckFn = Callable[[CheckContext], CheckResult]


@dataclass(frozen=True)
class CheckSpec:
    name: CheckName
    fn: CheckFn
    params: type[BaseModel] = NoParams
    paid: bool = False
    """Costs money (calls a model); planned after the free checks, priced against the budget."""


_REGISTRY: dict[CheckName, CheckSpec] = {}


def register(
    name: CheckName, *, params: type[BaseModel] = NoParams, paid: bool = False
) -> Callable[[CheckFn], CheckFn]:
    def decorate(fn: CheckFn) -> CheckFn:
        if name in _REGISTRY:
            raise RuntimeError(f"check {name.value!r} is registered twice")
        _REGISTRY[name] = CheckSpec(name=name, fn=fn, params=params, paid=paid)
        return fn

    return decorate


def get(name: CheckName) -> CheckSpec | None:
    _load_builtins()
    return _REGISTRY.get(name)


def available() -> frozenset[CheckName]:
    _load_builtins()
    return frozenset(_REGISTRY)


def _load_builtins() -> None:
    # Importing the modules registers their checks; done lazily so that the
    # registry module itself has no import cycle with them.
    import checks.library  # noqa: F401, PLC0415  (imported for its registrations; lazy to avoid a cycle)
