"""``voice``: the eight AI tells, and the voice rules of each structured format.

The tells and their defaults are in :mod:`checks.tells`. Workspace settings of
the check (``check_settings["voice"]``) and a criterion's params take the same
fields (:class:`VoiceSettings`): ``tells`` maps a tell id to its phrase list,
replacing the defaults (``[]`` or null switches the tell off; a new id adds a
tell); ``em_dash_per_100_words`` (default 1, null switches it off);
``hedges``, the words that make a comparison's recommendation indecisive.

For the five structured formats every text field is read for tells, and the
format rules of :data:`FORMAT_RULES` apply: a LinkedIn hook and closer are not
questions and the body has exactly one inline link; an essay has a thesis, a
counter of at least 80 characters and no bullet lists in its sections; a
roundup's buckets hold 2 to 5 items, each so_what one sentence; a comparison's
rows have one value per item and its recommendation is decisive; an analytical
hook is 1 or 2 sentences and what_im_reading has 5 to 7 entries. For any other
output the tells are read over the whole text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from checks.drafts import DraftView, Leaf, read_draft
from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.tells import Problem, compile_tells, find_tells, phrases_pattern, sentences, snippet
from checks.text import Cover, code_spans, find_urls, prose
from messages import CheckName, FlagType, OutputFormat, Severity

DEFAULT_HEDGES = ("depends", "depending on", "it varies", "either could", "either one could")
_QUESTION_MARKS = ("?", "\u061f", "\uff1f")
_BULLET = re.compile(r"^[ \t]{0,3}[-*+\u2022][ \t]+\S.*$", re.MULTILINE)
_RULE_LINE = re.compile(r"^(?:[ \t]*[-*_][ \t]*){3,}$")


class VoiceSettings(BaseModel):
    """Workspace settings of the check; a criterion's params take the same fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tells: dict[str, list[Annotated[str, Field(min_length=1)]] | None] = {}
    em_dash_per_100_words: Annotated[float, Field(ge=0.0)] | None = 1.0
    hedges: list[Annotated[str, Field(min_length=1)]] | None = None

    @field_validator("tells")
    @classmethod
    def _no_em_dash_phrases(cls, value: dict[str, list[str] | None]) -> dict[str, list[str] | None]:
        if "em_dash" in value:
            raise ValueError("the em dash tell is set with em_dash_per_100_words, not with phrases")
        return value


def _is_question(text: str) -> bool:
    plain = prose(text)
    return any(mark in plain for mark in _QUESTION_MARKS)


def _problem(draft: DraftView, rule: str, path: str, reason: str, fix: str) -> Problem:
    value = draft.get(path)
    span = draft.locate(path, 0, len(value)) if isinstance(value, str) else draft.locate(path)
    return Problem(rule, path, span, reason, fix)


def _list(draft: DraftView, path: str) -> list[Any] | None:
    value = draft.get(path)
    return value if isinstance(value, list) else None


def _linkedin(draft: DraftView, _: VoiceSettings) -> list[Problem]:
    problems = []
    for part in ("hook", "closer"):
        value = draft.get(part)
        if isinstance(value, str) and _is_question(value):
            problems.append(
                _problem(
                    draft,
                    f"linkedin.{part}_question",
                    part,
                    f"{part} is a question: '{snippet(value)}'",
                    f"Replace {part} '{snippet(value)}' with a non-question. "
                    "The format bans rhetorical questions. Keep all other text.",
                )
            )
    body = draft.get("body")
    if isinstance(body, str):
        links = find_urls(body)
        if len(links) != 1:
            if not links:
                target = draft.get("sources.0.url")
                to = target if isinstance(target, str) else "one page from the research results"
                fix = (
                    f"Add exactly one inline link in body, to {to}. "
                    "The format requires one inline link in the body. Keep all other text."
                )
            else:
                fix = (
                    f"Remove {len(links) - 1} of the {len(links)} links in body and keep only "
                    f"{links[0].text}. The format allows one inline link in the body. Keep all other text."
                )
            problems.append(
                _problem(
                    draft,
                    "linkedin.one_link",
                    "body",
                    f"body has {len(links)} inline links; it must have exactly one",
                    fix,
                )
            )
    return problems


def _essay(draft: DraftView, _: VoiceSettings) -> list[Problem]:
    problems = []
    thesis = draft.get("thesis")
    if thesis is None or (isinstance(thesis, str) and not thesis.strip()):
        problems.append(
            _problem(
                draft,
                "essay.thesis",
                "thesis",
                "thesis is missing",
                "Write the essay's claim as one sentence in thesis; it renders as the blockquote "
                "under the title. Keep all other text.",
            )
        )
    counter = draft.get("counter")
    if counter is None or isinstance(counter, str):
        length = len((counter or "").strip())
        if length < 80:
            problems.append(
                _problem(
                    draft,
                    "essay.counter",
                    "counter",
                    f"counter has {length} characters; it needs at least 80",
                    f"Expand counter from {length} to at least 80 characters: state the strongest "
                    "objection to the thesis and answer it. Keep all other text.",
                )
            )
    for i, section in enumerate(_list(draft, "sections") or []):
        body = section.get("body") if isinstance(section, dict) else None
        if not isinstance(body, str):
            continue
        in_code = Cover(code_spans(body))
        for m in _BULLET.finditer(body):
            if in_code(m.start()) or _RULE_LINE.match(m.group()):
                continue
            path = f"sections.{i}.body"
            problems.append(
                Problem(
                    "essay.bullets",
                    path,
                    draft.locate(path, m.start(), m.end()),
                    f"{path} has a bullet list",
                    f"Rewrite the bullet list in {path} (starting '{snippet(m.group().strip())}') as "
                    "prose paragraphs. The format bans bullet lists in essay sections. Keep all other text.",
                )
            )
            break
    return problems


def _roundup(draft: DraftView, _: VoiceSettings) -> list[Problem]:
    problems = []
    for i, bucket in enumerate(_list(draft, "buckets") or []):
        items = bucket.get("items") if isinstance(bucket, dict) else None
        if not isinstance(items, list):
            continue
        name = bucket.get("name") if isinstance(bucket.get("name"), str) else f"buckets.{i}"
        if not 2 <= len(items) <= 5:
            if len(items) < 2:
                fix = (
                    f"Add {2 - len(items)} item(s) to bucket '{name}' (buckets.{i}), "
                    "or merge it into another bucket."
                )
            else:
                fix = (
                    f"Cut bucket '{name}' (buckets.{i}) from {len(items)} to at most 5 items, "
                    "or split it in two."
                )
            problems.append(
                _problem(
                    draft,
                    "roundup.bucket_size",
                    f"buckets.{i}",
                    f"bucket '{name}' has {len(items)} items; a bucket holds 2 to 5",
                    fix + " Each bucket holds 2 to 5 items. Keep all other text.",
                )
            )
        for j, item in enumerate(items):
            so_what = item.get("so_what") if isinstance(item, dict) else None
            if not isinstance(so_what, str):
                continue
            n = len(sentences(so_what))
            if n != 1:
                path = f"buckets.{i}.items.{j}.so_what"
                problems.append(
                    _problem(
                        draft,
                        "roundup.so_what",
                        path,
                        f"{path} has {n} sentences; it must have one",
                        f"Rewrite {path} ('{snippet(so_what)}') as exactly one sentence. "
                        "Keep all other text.",
                    )
                )
    return problems


def _comparison(draft: DraftView, settings: VoiceSettings) -> list[Problem]:
    problems = []
    items = _list(draft, "items")
    if items is not None:
        for i, row in enumerate(_list(draft, "rows") or []):
            values = row.get("values") if isinstance(row, dict) else None
            if isinstance(values, list) and len(values) != len(items):
                criterion = row.get("criterion")
                label = f"'{criterion}' " if isinstance(criterion, str) else ""
                problems.append(
                    _problem(
                        draft,
                        "comparison.row_values",
                        f"rows.{i}",
                        f"row {label}(rows.{i}) has {len(values)} values for {len(items)} items",
                        f"Give row {label}(rows.{i}) exactly {len(items)} values, one per item in the order "
                        f"of items; it has {len(values)}. Keep all other text.",
                    )
                )
    recommendation = draft.get("recommendation")
    if isinstance(recommendation, str):
        hedges = settings.hedges if settings.hedges is not None else DEFAULT_HEDGES
        if hedges:
            regex = re.compile(phrases_pattern(hedges), re.IGNORECASE)
            for m in regex.finditer(recommendation):
                problems.append(
                    Problem(
                        "comparison.decisive",
                        "recommendation",
                        draft.locate("recommendation", m.start(), m.end()),
                        f"recommendation hedges: '{m.group()}'",
                        f"Replace '{m.group()}' in recommendation with a decisive pick: name the one item "
                        "to choose and why. The format bans hedged recommendations. Keep all other text.",
                    )
                )
    return problems


def _analytical(draft: DraftView, _: VoiceSettings) -> list[Problem]:
    problems = []
    hook = draft.get("hook")
    if isinstance(hook, str):
        n = len(sentences(hook))
        if not 1 <= n <= 2:
            problems.append(
                _problem(
                    draft,
                    "analytical.hook",
                    "hook",
                    f"hook has {n} sentences; it must have 1 or 2",
                    f"Cut hook to one or two sentences; it has {n}. Keep all other text."
                    if n
                    else "Write hook as one or two sentences. Keep all other text.",
                )
            )
    reading = _list(draft, "what_im_reading")
    if reading is not None and not 5 <= len(reading) <= 7:
        fix = (
            f"Add {5 - len(reading)} entries ({{title, url}} from the research results) to what_im_reading."
            if len(reading) < 5
            else f"Cut what_im_reading from {len(reading)} to 7 entries."
        )
        problems.append(
            _problem(
                draft,
                "analytical.what_im_reading",
                "what_im_reading",
                f"what_im_reading has {len(reading)} entries; it must have 5 to 7",
                fix + " The format lists 5 to 7. Keep all other text.",
            )
        )
    return problems


FORMAT_RULES: dict[OutputFormat, Callable[[DraftView, VoiceSettings], list[Problem]]] = {
    OutputFormat.LINKEDIN_POST: _linkedin,
    OutputFormat.NEWSLETTER_ESSAY: _essay,
    OutputFormat.NEWSLETTER_ROUNDUP: _roundup,
    OutputFormat.NEWSLETTER_COMPARISON: _comparison,
    OutputFormat.NEWSLETTER_ANALYTICAL: _analytical,
}


def _settings(ctx: CheckContext) -> VoiceSettings:
    base = VoiceSettings.model_validate(dict(ctx.settings))
    params = ctx.params
    if not isinstance(params, VoiceSettings):
        return base
    update: dict[str, Any] = {name: getattr(params, name) for name in params.model_fields_set}
    if "tells" in update:
        update["tells"] = {**base.tells, **params.tells}
    return base.model_copy(update=update)


@register(CheckName.VOICE, params=VoiceSettings)
def voice(ctx: CheckContext) -> CheckResult:
    try:
        settings = _settings(ctx)
        tells = compile_tells(settings.tells)
    except ValidationError as e:
        problem = e.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in problem["loc"])
        return CheckResult.errored(f"voice settings are invalid at {where}: {problem['msg']}")
    except re.error as e:
        return CheckResult.errored(f"voice settings hold a bad regular expression: {e}")
    draft = read_draft(ctx.job, ctx.text)
    if draft is None:
        problems = find_tells(
            [Leaf("", ctx.text)], tells, settings.em_dash_per_100_words, lambda _, i, j: (i, j)
        )
    else:
        fields = [leaf for leaf in draft.leaves() if leaf.is_prose]
        problems = find_tells(fields, tells, settings.em_dash_per_100_words, draft.locate)
        problems += FORMAT_RULES[draft.format](draft, settings)
    problems.sort(key=lambda p: p.span[0])
    details = {"problems": len(problems), "rules": sorted({p.rule for p in problems})}
    if not problems:
        return CheckResult.passed(details=details)
    flags = [
        flag(
            FlagType.VOICE_VIOLATION,
            Severity.CRITICAL,
            check=CheckName.VOICE.value,
            explanation=p.reason + ".",
            suggestion=p.fix,
            start=p.span[0],
            end=p.span[1],
            text=ctx.text,
            rule=p.rule,
            section=p.path or None,
        )
        for p in problems
    ]
    fixes = list(dict.fromkeys(p.fix for p in problems))
    more = f" ({len(problems) - 1} more)" if len(problems) > 1 else ""
    return CheckResult.failed(problems[0].reason + more, flags=flags, fixes=fixes, details=details)
