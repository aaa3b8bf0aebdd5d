"""``word_count``: body words within bounds.

Words are counted as a reader sees them: code (fenced, inline, HTML), URLs,
image alt text and markup are not words; link text is. Tokens are split on
whitespace, so Arabic and Hebrew count like any other script.

As a criterion it takes ``ge``/``le`` (and ``gt``/``lt``) bounds, or a
``target`` with a relative ``tolerance`` (default 0.10).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.text import count_words
from messages import CheckName, FlagType, OutputFormat, Severity

Count = Annotated[int, Field(ge=0, le=10_000_000)]


class WordCountParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ge: Count | None = None
    le: Count | None = None
    gt: Count | None = None
    lt: Count | None = None
    target: Annotated[int, Field(ge=1, le=10_000_000)] | None = None
    tolerance: Annotated[float, Field(ge=0.0, le=1.0)] = 0.10

    @model_validator(mode="after")
    def _some_bound(self) -> WordCountParams:
        if all(v is None for v in (self.ge, self.le, self.gt, self.lt, self.target)):
            raise ValueError("word_count needs at least one of ge, le, gt, lt or target")
        low, high = self.bounds()
        if high < low:
            raise ValueError(f"word_count bounds are empty: at least {low} and at most {high}")
        return self

    def bounds(self) -> tuple[int, float]:
        """Inclusive (low, high); high is infinity when unbounded above."""
        low = 0
        high: float = float("inf")
        if self.target is not None:
            low = int(self.target * (1 - self.tolerance) + 0.999999)
            high = int(self.target * (1 + self.tolerance))
        if self.ge is not None:
            low = max(low, self.ge)
        if self.gt is not None:
            low = max(low, self.gt + 1)
        if self.le is not None:
            high = min(high, self.le)
        if self.lt is not None:
            high = min(high, self.lt - 1)
        return low, high


def describe(low: int, high: float) -> str:
    if high == float("inf"):
        return f"at least {low}"
    if low == 0:
        return f"at most {int(high)}"
    return f"between {low} and {int(high)}"


@register(CheckName.WORD_COUNT, params=WordCountParams)
def word_count(ctx: CheckContext) -> CheckResult:
    params = ctx.params
    if not isinstance(params, WordCountParams):
        return CheckResult.skipped("not_applicable", details={"why": "no word bounds were given"})
    count = count_words(ctx.text, is_html=ctx.job.output.format is OutputFormat.HTML)
    low, high = params.bounds()
    details = {"words": count, "min": low, "max": None if high == float("inf") else int(high)}
    if low <= count <= high:
        return CheckResult.passed(details=details)
    wanted = describe(low, high)
    where = f" (criterion {ctx.criterion.id})" if ctx.criterion else ""
    if count < low:
        fix = f"Lengthen the text from {count} to {wanted} words{where}. Keep all other text."
    else:
        fix = f"Shorten the text from {count} to {wanted} words{where}. Keep all other text."
    # Distance from the band as a share of the bound that was missed: 0 words
    # short scores 1, twice too long (or empty) scores 0.
    bound = low if count < low else high
    score = max(0.0, 1.0 - abs(count - bound) / max(bound, 1))
    return CheckResult.failed(
        f"{count} words; the text must have {wanted} words",
        score=round(score, 4),
        flags=[
            flag(
                FlagType.WORD_COUNT,
                Severity.CRITICAL,
                check=CheckName.WORD_COUNT.value,
                explanation=f"The text has {count} words; it must have {wanted}.",
                suggestion=fix,
                start=0,
                end=len(ctx.text),
                claim="",
            )
        ],
        fixes=[fix],
        details=details,
    )
