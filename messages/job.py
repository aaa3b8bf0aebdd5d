"""VerifyJob: what a coordinator sends the fleet (CONTRACT.md section 1).

Models are frozen values; unknown fields are refused so that a misspelt
field name is an error that names it, not a silently ignored setting.
Validation that depends on deployment limits reads a :class:`Limits` from the
pydantic validation context (``{"limits": Limits(...)}``).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal, NoReturn

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from messages.enums import CheckName, Mode, OutputFormat, Profile, Strictness
from messages.errors import JobValidationError, UnsupportedSchemaVersion
from messages.limits import DEFAULT_LIMITS, Limits

SCHEMA_VERSION: Literal[1] = 1
SUPPORTED_SCHEMA_VERSIONS = frozenset({1})

Identifier = Annotated[str, Field(min_length=1, max_length=256, pattern=r"^[^\x00-\x1f]+$")]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
Usd = Annotated[float, Field(ge=0.0, allow_inf_nan=False)]
ModelName = Annotated[
    str,
    Field(
        min_length=3,
        max_length=256,
        pattern=r"^[a-z0-9][a-z0-9_.-]*:[^\s:][^\s]*$",
        description="provider:model, optionally with ?key=value query parameters",
    ),
]

_BCP47 = re.compile(r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$")

# Checks a criterion may name: every deterministic check. The judge is what a
# criterion without ``check`` goes to, so naming it is redundant and refused.
CRITERION_CHECKS = frozenset(c for c in CheckName if c is not CheckName.JUDGE)


def json_repr(value: Any) -> str:
    """A value as JSON spells it (``true``, ``"1"``), for messages about JSON input."""
    try:
        return json.dumps(value)[:80]
    except (TypeError, ValueError):
        return repr(value)[:80]


def _limits(info: ValidationInfo) -> Limits:
    ctx = info.context
    limits = ctx.get("limits") if type(ctx) is dict else None
    return limits if type(limits) is Limits else DEFAULT_LIMITS


_NESTING = (dict, list)


def _json_depth(value: Any, limit: int) -> int:
    """Nesting depth of a JSON value, iteratively, stopping past ``limit``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=8 * 1024 * 1024)


class Task(_Frozen):
    description: Annotated[str, Field(max_length=20_000)] = ""
    executor_model: ModelName | None = None
    """provider:model that produced the output; never used as its judge."""
    cost_usd: Usd = 0.0
    """What the task itself cost; the verification budget is a fraction of it."""


class Output(_Frozen):
    format: OutputFormat = OutputFormat.TEXT
    content: str | dict[str, Any] | list[Any]
    language: Annotated[str, Field(max_length=35)] = "en"

    @field_validator("language")
    @classmethod
    def _bcp47(cls, value: str) -> str:
        if not _BCP47.fullmatch(value):
            raise ValueError(f"{value!r} is not a BCP-47 language tag (such as 'en', 'ar-msa', 'he')")
        return value

    @model_validator(mode="after")
    def _content_fits_format(self, info: ValidationInfo) -> Output:
        limits = _limits(info)
        if isinstance(self.content, str):
            if self.format.structured:
                raise ValueError(f"format {self.format.value!r} takes an object as content, not a string")
            if len(self.content) * 4 <= limits.max_content_bytes:  # no character takes more than 4 bytes
                return self
            size = len(self.content.encode("utf-8", "surrogatepass"))
        else:
            if self.format in (OutputFormat.TEXT, OutputFormat.MARKDOWN, OutputFormat.HTML):
                raise ValueError(f"format {self.format.value!r} takes a string as content")
            if self.format.structured and not isinstance(self.content, dict):
                raise ValueError(f"format {self.format.value!r} takes an object as content")
            depth = _json_depth(self.content, limits.max_json_depth)
            if depth > limits.max_json_depth:
                raise ValueError(f"content nests deeper than {limits.max_json_depth} levels")
            size = len(json.dumps(self.content, ensure_ascii=False).encode("utf-8", "surrogatepass"))
        if size > limits.max_content_bytes:
            raise ValueError(f"content is {size} bytes, over the limit of {limits.max_content_bytes} bytes")
        return self

    @property
    def text(self) -> str:
        """The content as text: strings as they are, objects as indented JSON."""
        if isinstance(self.content, str):
            return self.content
        return json.dumps(self.content, ensure_ascii=False, indent=2)


class Criterion(_Frozen):
    id: Identifier
    text: Annotated[str, Field(min_length=1, max_length=4_000)]
    must_pass: bool = False
    weight: Annotated[float, Field(ge=0.0, le=1_000.0, allow_inf_nan=False)] = 1.0
    check: CheckName | None = None
    """A deterministic check that decides this criterion; without it the judge scores it."""
    params: dict[str, Any] = Field(default_factory=dict)

    @field_validator("check")
    @classmethod
    def _deterministic(cls, value: CheckName | None) -> CheckName | None:
        if value is CheckName.JUDGE:
            raise ValueError(
                "'judge' is not a deterministic check; "
                "leave 'check' out to have the judge score this criterion"
            )
        return value

    @field_validator("params")
    @classmethod
    def _params_depth(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        if not value:
            return value  # depth 0 fits any limit
        limit = _limits(info).max_json_depth
        if limit >= 1:
            for v in value.values():
                if isinstance(v, _NESTING):
                    break
            else:
                return value  # depth 1: the usual {"ge": 600, "le": 900}
        if _json_depth(value, limit) > limit:
            raise ValueError(f"params nest deeper than {limit} levels")
        return value


class Source(_Frozen):
    id: Identifier
    type: Annotated[str, Field(min_length=1, max_length=64)] = "web"
    url: Annotated[str, Field(max_length=8_192)] | None = None
    path: Annotated[str, Field(max_length=4_096)] | None = None
    detail: Annotated[str, Field(max_length=4_096)] | None = None
    title: Annotated[str, Field(max_length=4_096)] | None = None
    text: str = ""
    reliability: Fraction | None = None
    """0..1; when absent the integrity profile uses the default for the type."""

    @field_validator("text")
    @classmethod
    def _text_size(cls, value: str, info: ValidationInfo) -> str:
        limit = _limits(info).max_source_text_bytes
        if len(value) * 4 <= limit:  # no character takes more than 4 bytes
            return value
        size = len(value.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise ValueError(f"source text is {size} bytes, over the limit of {limit} bytes")
        return value


class SourceMapEntry(_Frozen):
    section: Annotated[str, Field(min_length=1, max_length=1_000)]
    source_ids: list[Identifier] = Field(default_factory=list, max_length=500)


class ReadingLevel(_Frozen):
    metric: Literal["flesch_kincaid_grade", "smog_index", "gunning_fog"] = "flesch_kincaid_grade"
    max: Annotated[float, Field(ge=0.0, le=40.0)]


class Voice(_Frozen):
    prohibited_phrases: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list
    )
    reading_level: ReadingLevel | None = None

    @field_validator("prohibited_phrases")
    @classmethod
    def _cap(cls, value: list[str], info: ValidationInfo) -> list[str]:
        limit = _limits(info).max_prohibited_phrases
        if len(value) > limit:
            raise ValueError(f"{len(value)} prohibited phrases, over the limit of {limit}")
        return value


class Policy(_Frozen):
    """Per-job overrides; every field left out falls back to the workspace settings."""

    profile: Profile | None = None
    strictness: Strictness | None = None
    pass_threshold: Fraction | None = None
    budget_fraction: Fraction | None = None
    bypass_below_usd: Usd | None = None
    max_attempts: Annotated[int, Field(ge=1, le=100)] | None = None
    escalate_on_stall: bool | None = None
    """Escalate, attempts left or not, when this attempt fixed nothing of the last one's findings
    and did not raise its score, or lowered it (``progress`` in the verdict; default true)."""
    judges: list[ModelName] | None = None
    ensemble: Annotated[int, Field(ge=1, le=5)] | None = None
    mission_budget_usd: Usd | None = None
    """Cap on what verifying every task of the mission may spend in all, retries included."""
    sample_every: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    """Verify only the 1st, (N+1)th, (2N+1)th... eligible task of the mission (docs/policies.md)."""
    sample_rate: Fraction | None = None
    """Verify this fraction of the mission's eligible tasks, chosen by a seeded hash of the task id."""
    sample_seed: Annotated[int, Field(ge=0, le=2**63 - 1)] | None = None
    """Seed of ``sample_rate``'s choice (default 0): the same seed picks the same tasks."""

    @field_validator("judges")
    @classmethod
    def _cap_judges(cls, value: list[str] | None, info: ValidationInfo) -> list[str] | None:
        limit = _limits(info).max_judges
        if value is not None and len(value) > limit:
            raise ValueError(f"{len(value)} judges, over the limit of {limit}")
        return value

    @model_validator(mode="after")
    def _one_sampling_rule(self) -> Policy:
        if self.sample_every is not None and self.sample_rate is not None:
            raise ValueError("set sample_every or sample_rate, not both")
        if self.sample_seed is not None and self.sample_rate is None:
            raise ValueError("sample_seed applies to sample_rate only; set sample_rate too")
        return self


_NO_TASK = Task()
_NO_POLICY = Policy()
"""The defaults of jobs that leave ``task`` or ``policy`` out: frozen values, so one serves all."""


class VerifyJob(_Frozen):
    schema_version: Literal[1] = SCHEMA_VERSION
    job_id: Identifier
    """Idempotency key: the same job_id gets the same verdict, published once."""
    mission_id: Identifier
    task_id: Identifier
    attempt: Annotated[int, Field(ge=1, le=1_000)] = 1
    has_dependents: bool = False
    mode: Mode | None = None
    task: Task = Field(default_factory=lambda: _NO_TASK)
    output: Output
    criteria: list[Criterion] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    seen_urls: list[Annotated[str, Field(max_length=8_192)]] = Field(default_factory=list)
    source_map: list[SourceMapEntry] = Field(default_factory=list)
    voice: Voice | None = None
    policy: Policy = Field(default_factory=lambda: _NO_POLICY)
    trace_id: Annotated[str, Field(max_length=256)] | None = None
    submitted_at: datetime | None = None

    @model_validator(mode="before")
    @classmethod
    def _version_first(cls, data: Any) -> Any:
        # Checked before anything else so a v2 job gets one clear message
        # instead of a list of field errors from a shape we do not know.
        if isinstance(data, dict) and "schema_version" in data:
            version = data["schema_version"]
            known = isinstance(version, int) and not isinstance(version, bool)
            if not known or version not in SUPPORTED_SCHEMA_VERSIONS:
                supported = ", ".join(str(v) for v in sorted(SUPPORTED_SCHEMA_VERSIONS))
                raise UnsupportedSchemaVersion(
                    f"version {json_repr(version)} is not supported; this fleet speaks {supported}",
                    where="schema_version",
                    job_id=data.get("job_id") if isinstance(data.get("job_id"), str) else None,
                )
        return data

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> VerifyJob:
        limits = _limits(info)
        criteria, sources, source_map = self.criteria, self.sources, self.source_map
        if (
            len(criteria) > limits.max_criteria
            or len(sources) > limits.max_sources
            or len(self.seen_urls) > limits.max_seen_urls
            or len(source_map) > limits.max_source_map
        ):
            for name, cap in (
                ("criteria", limits.max_criteria),
                ("sources", limits.max_sources),
                ("seen_urls", limits.max_seen_urls),
                ("source_map", limits.max_source_map),
            ):
                count = len(getattr(self, name))
                if count > cap:
                    self._reject(f"{name} has {count} entries, over the limit of {cap}", name)
        if len(criteria) > 1:
            self._unique("criteria", [c.id for c in criteria])
        if len(sources) > 1:
            self._unique("sources", [s.id for s in sources])
        if not source_map:
            return self
        known = {s.id for s in sources}
        for i, entry in enumerate(source_map):
            missing = [sid for sid in entry.source_ids if sid not in known]
            if missing:
                self._reject(
                    f"section {entry.section!r} names source ids that are not in sources: "
                    + ", ".join(repr(m) for m in missing),
                    f"source_map.{i}.source_ids",
                )
        return self

    def _reject(self, message: str, where: str) -> NoReturn:
        # Raised as our own error (not ValueError) so that it keeps its location:
        # pydantic gives errors from a model-level validator no field path.
        raise JobValidationError(message, where=where, job_id=self.job_id)

    def _unique(self, name: str, ids: list[str]) -> None:
        if len(set(ids)) == len(ids):
            return
        seen: set[str] = set()
        for i, value in enumerate(ids):
            if value in seen:
                self._reject(f"ids must be unique; {value!r} appears more than once", f"{name}.{i}.id")
            seen.add(value)

    @property
    def routed_mode(self) -> Mode:
        """``mode`` when given, else inline for tasks that others depend on."""
        if self.mode is not None:
            return self.mode
        return Mode.INLINE if self.has_dependents else Mode.BATCH
