"""``reading_level``: the prose is no harder to read than the voice profile's target.

The metric and the target come from the criterion's params when given, else
from ``job.voice.reading_level`` (``{"metric": "smog_index", "max": 10}``);
metrics are ``flesch_kincaid_grade`` (the default), ``smog_index`` and
``gunning_fog``, computed by :mod:`checks.readability` (offline, pyphen
syllables). Only prose is measured: code, URLs, image alt text and markup are
removed first (:func:`checks.text.prose`); for object outputs, the string
values are the prose.

Short texts: a grade over a few words says nothing, so the check is
``skipped`` with reason ``not_applicable`` (and ``details.why``) when the prose
has fewer than ``min_words`` words (default 30), or, for SMOG, fewer than 3
sentences. It is skipped the same way for languages pyphen has no dictionary
for (Arabic, Hebrew), when no target is given, and when there is no prose.

Above the target is a ``reading_level`` flag whose severity follows the
strictness: critical in strict, warning in standard, info in relaxed. The
check fails only on a critical flag; otherwise it passes, flag and all.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from checks.flags import flag
from checks.readability import METRIC_NAMES, SMOG_MIN_SENTENCES, Metric, measure, syllable_counter
from checks.registry import CheckContext, CheckResult, register
from checks.text import prose
from messages import CheckName, FlagType, OutputFormat, Severity, Strictness

SEVERITY = {
    Strictness.STRICT: Severity.CRITICAL,
    Strictness.STANDARD: Severity.WARNING,
    Strictness.RELAXED: Severity.INFO,
}
DEFAULT_MIN_WORDS = 30


class ReadingLevelParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    metric: Metric | None = None
    """Defaults to the voice profile's metric, else Flesch-Kincaid grade."""
    max: Annotated[float, Field(ge=0.0, le=40.0)] | None = None
    """Highest grade allowed; defaults to the voice profile's."""
    min_words: Annotated[int, Field(ge=1, le=1_000_000)] = DEFAULT_MIN_WORDS
    """Prose shorter than this is not measured (the check is not applicable)."""


def _not_applicable(why: str, **details: Any) -> CheckResult:
    return CheckResult.skipped("not_applicable", details={"why": why, **details})


@register(CheckName.READING_LEVEL, params=ReadingLevelParams)
def reading_level(ctx: CheckContext) -> CheckResult:
    params = ctx.params if isinstance(ctx.params, ReadingLevelParams) else ReadingLevelParams()
    voice = ctx.job.voice.reading_level if ctx.job.voice else None
    metric: Metric = params.metric or (voice.metric if voice else "flesch_kincaid_grade")
    target = params.max if params.max is not None else (voice.max if voice else None)
    if target is None:
        return _not_applicable("no reading level target was given")
    language = ctx.job.output.language
    syllables = syllable_counter(language)
    if syllables is None:
        return _not_applicable(f"no syllable dictionary for language {language!r}; the formulas need one")
    counts = measure(_prose(ctx), syllables)
    name = METRIC_NAMES[metric]
    if counts.words == 0:
        return _not_applicable("there is no prose to measure")
    if counts.words < params.min_words:
        return _not_applicable(
            f"{counts.words} words is too short for a reading level (at least {params.min_words} needed)",
            words=counts.words,
        )
    if metric == "smog_index" and counts.sentences < SMOG_MIN_SENTENCES:
        return _not_applicable(
            f"SMOG needs at least {SMOG_MIN_SENTENCES} sentences; the text has {counts.sentences}",
            sentences=counts.sentences,
        )
    grade = counts.score(metric)
    details: dict[str, Any] = {
        "metric": metric,
        "grade": grade,
        "max": target,
        "words": counts.words,
        "sentences": counts.sentences,
        "syllables": counts.syllables,
        "polysyllables": counts.polysyllables,
        "complex_words": counts.complex_words,
    }
    if grade <= target:
        return CheckResult.passed(details=details)
    severity = SEVERITY[ctx.policy.strictness]
    per_sentence = counts.words / max(counts.sentences, 1)
    fix = (
        f"Lower the reading level from {name} {grade:g} to at most {target:g}: split sentences "
        f"(now {per_sentence:.0f} words on average) and prefer shorter, common words. "
        "Keep the facts and all citations."
    )
    reason = f"{name} {grade:g} is above the target of {target:g}"
    found = flag(
        FlagType.READING_LEVEL,
        severity,
        check=CheckName.READING_LEVEL.value,
        explanation=f"The text reads at {name} {grade:g}; the voice profile's target is at most {target:g}.",
        suggestion=fix,
        start=0,
        end=len(ctx.text),
        claim="",
    )
    if severity is not Severity.CRITICAL:
        return CheckResult.passed(reason=reason, flags=[found], details=details)
    score = max(0.0, 1.0 - (grade - target) / max(target, 1.0))
    return CheckResult.failed(reason, score=round(score, 4), flags=[found], fixes=[fix], details=details)


def _prose(ctx: CheckContext) -> str:
    content = ctx.job.output.content
    if isinstance(content, str):
        return prose(content, is_html=ctx.job.output.format is OutputFormat.HTML)
    return prose("\n\n".join(_strings(content)))


def _strings(value: object) -> list[str]:
    """The string values of a JSON value, depth first, without recursion."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return found
