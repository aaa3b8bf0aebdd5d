"""``word_count``: body words within bounds.

Words are counted as a reader sees them: code (fenced, inline, HTML; in
markdown, indented blocks), URLs, image alt text and markup are not words;
link text is. Tokens are split on
whitespace, so Arabic and Hebrew count like any other script.

As a criterion it takes ``ge``/``le`` (and ``gt``/``lt``) bounds, or a
``target`` with a relative ``tolerance`` (default 0.10).

Without criterion params, on one of the five structured drafts (profile
``openmark``), it counts the draft's body (:data:`BODY_FIELDS`) and compares
it with the draft's own ``word_count`` when it states one, else with the
format's bounds (:data:`DRAFT_BOUNDS`); more than 10% off fails. Workspace
settings (``check_settings["word_count"]``) may replace the bounds per format
(``{"bounds": {"newsletter_essay": [800, 2000]}}``) and the ``tolerance``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from checks.drafts import DraftView, read_draft
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


DRAFT_BOUNDS: dict[OutputFormat, tuple[int, int]] = {
    OutputFormat.LINKEDIN_POST: (150, 300),
    OutputFormat.NEWSLETTER_ESSAY: (600, 1500),
    OutputFormat.NEWSLETTER_ROUNDUP: (150, 700),
    OutputFormat.NEWSLETTER_COMPARISON: (80, 500),
    OutputFormat.NEWSLETTER_ANALYTICAL: (500, 1500),
}
"""Body words per format when the draft does not state its own ``word_count``;
10% either side is tolerated (a LinkedIn body passes from 135 to 330 words)."""

BODY_FIELDS: dict[OutputFormat, tuple[str, str]] = {
    OutputFormat.LINKEDIN_POST: (r"body", "body"),
    OutputFormat.NEWSLETTER_ESSAY: (
        r"thesis|sections\.\d+\.body|counter",
        "thesis, section bodies and counter",
    ),
    OutputFormat.NEWSLETTER_ROUNDUP: (r"intro|buckets\.\d+\.items\.\d+\.so_what", "intro and so_whats"),
    OutputFormat.NEWSLETTER_COMPARISON: (
        r"rows\.\d+\.(?:criterion|values\.\d+)|recommendation",
        "table rows and recommendation",
    ),
    OutputFormat.NEWSLETTER_ANALYTICAL: (r"hook|sections\.\d+\.body", "hook and section bodies"),
}
"""The fields whose words are the body of each format (a pattern over field paths), and
how instructions name them. Titles, headings, link titles, the reading list and
the sources are not body."""


class DraftWordCountSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    bounds: dict[OutputFormat, tuple[Count, Count]] = {}
    tolerance: Annotated[float, Field(ge=0.0, le=1.0)] = 0.10


@register(CheckName.WORD_COUNT, params=WordCountParams)
def word_count(ctx: CheckContext) -> CheckResult:
    params = ctx.params
    if not isinstance(params, WordCountParams):
        draft = read_draft(ctx.job, ctx.text) if ctx.criterion is None else None
        if draft is not None:
            return _draft_word_count(ctx, draft)
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


def _draft_word_count(ctx: CheckContext, draft: DraftView) -> CheckResult:
    try:
        settings = DraftWordCountSettings.model_validate(dict(ctx.settings))
    except ValidationError as e:
        problem = e.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in problem["loc"])
        return CheckResult.errored(f"word_count settings are invalid at {where}: {problem['msg']}")
    pattern, named = BODY_FIELDS[draft.format]
    body = [leaf for leaf in draft.leaves() if re.fullmatch(pattern, leaf.path)]
    if not body:
        return CheckResult.errored(f"the draft has no body text to count ({named}); see the schema check")
    count = sum(count_words(leaf.value) for leaf in body)
    tol = settings.tolerance
    stated: Any = draft.get("word_count")
    details: dict[str, Any] = {"words": count, "tolerance": tol}
    if isinstance(stated, int) and not isinstance(stated, bool) and stated > 0:
        low, high = stated, stated
        wanted = f"about {stated} words, the word_count the draft states"
        details["stated"] = stated
    else:
        low, high = settings.bounds.get(draft.format, DRAFT_BOUNDS[draft.format])
        wanted = f"between {low} and {high} words"
        details.update({"min": low, "max": high})
    floor, ceiling = round(low * (1 - tol), 6), round(high * (1 + tol), 6)
    if floor <= count <= ceiling:
        return CheckResult.passed(details=details)
    pct = round(tol * 100)
    reason = (
        f"the body ({named}) has {count} words; it must have {wanted} "
        f"({_fmt(floor)} to {_fmt(ceiling)} with the {pct}% tolerance)"
    )
    verb = "Lengthen" if count < floor else "Shorten"
    fix = f"{verb} the body ({named}) from {count} words to {wanted}."
    if "stated" in details:
        fix += f" Or, if the body is right, set word_count to {count}."
    fix += " Keep all other text."
    bound = floor if count < floor else ceiling
    spans = [draft.locate(leaf.path, 0, len(leaf.value)) for leaf in body]
    start, end = min(s for s, _ in spans), max(e for _, e in spans)
    return CheckResult.failed(
        reason,
        score=round(max(0.0, 1.0 - abs(count - bound) / max(bound, 1)), 4),
        flags=[
            flag(
                FlagType.WORD_COUNT,
                Severity.CRITICAL,
                check=CheckName.WORD_COUNT.value,
                explanation=reason[0].upper() + reason[1:] + ".",
                suggestion=fix,
                start=start,
                end=end,
                claim="",
                rule=f"word_count.{draft.format.value}",
                section=body[0].path if len(body) == 1 else None,
            )
        ],
        fixes=[fix],
        details=details,
    )


def _fmt(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"
