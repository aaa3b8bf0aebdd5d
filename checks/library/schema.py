"""``schema``: the structured draft is a valid instance of its format.

Three rules, each failure naming the field it is about:

* the content instantiates the format's model (``messages.drafts``): every
  required field present, no unknown field, every value of the right type,
  URLs absolute http(s);
* ``language`` is one of en, ar-msa, ar-egt, ar-shami, he (and, when the job
  states ``output.language`` as well, the two agree);
* an Arabic or Hebrew draft has ``humanizer_applied`` true.

A failure is hard: the draft is broken as data, so the paid checks are skipped
and the status is ``failed``. An output that is not one of the five draft
formats fails too: profile ``openmark`` has nothing to verify in it.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import ErrorDetails

from checks.drafts import DraftView, read_draft
from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.tells import snippet
from messages import DRAFT_LANGUAGES, DRAFT_MODELS, HUMANIZED_LANGUAGES, CheckName, FlagType, Severity

MAX_FLAGS = 50
"""Problems past this many are counted in the reason, not flagged one by one."""
_KEEP = " Keep all other text."


def _fix(problem: ErrorDetails, path: str, fmt: str, value: Any) -> str:
    kind = problem["type"]
    if kind == "missing":
        return f"Add the missing field {path}. The {fmt} format requires it.{_KEEP}"
    if kind == "extra_forbidden":
        return f"Remove the field {path}; the {fmt} format has no such field.{_KEEP}"
    if kind == "string_too_short":
        return f"Fill in {path}; it is empty.{_KEEP}"
    if kind == "string_pattern_mismatch":
        return (
            f"Replace {path} ('{snippet(str(value))}') with a full http(s) URL "
            f"from the research results.{_KEEP}"
        )
    if kind == "string_type":
        return f"Make {path} text (a JSON string); it is {_json_type(value)}.{_KEEP}"
    if kind == "list_type":
        return f"Make {path} a list; it is {_json_type(value)}.{_KEEP}"
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return f"Make {path} an object with its fields; it is {_json_type(value)}.{_KEEP}"
    if kind in ("int_type", "int_parsing", "int_from_float", "greater_than_equal"):
        return f"Set {path} to the body's word count as a positive whole number, or remove it.{_KEEP}"
    if kind in ("bool_type", "bool_parsing"):
        return f"Set {path} to true or false.{_KEEP}"
    return f"Fix {path}: {problem['msg']}.{_KEEP}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _problems(ctx: CheckContext, draft: DraftView) -> list[tuple[str, str, str, str]]:
    """(rule, field path, reason, fix) for every way the draft is broken."""
    fmt = draft.format.value
    found: list[tuple[str, str, str, str]] = []
    if draft.error is not None:
        for problem in draft.error.errors(include_url=False):
            path = ".".join(str(p) for p in problem["loc"])
            reason = f"{path}: {problem['msg']}"
            found.append(
                (f"schema.{problem['type']}", path, reason, _fix(problem, path, fmt, problem.get("input")))
            )
    language = draft.get("language")
    if isinstance(language, str):
        if language not in DRAFT_LANGUAGES:
            allowed = ", ".join(DRAFT_LANGUAGES)
            found.append(
                (
                    "schema.language",
                    "language",
                    f"language: {language!r} is not one of {allowed}",
                    f"Set language to one of {allowed} (it is {language!r}), or translate the draft.{_KEEP}",
                )
            )
        output = ctx.job.output
        if "language" in output.model_fields_set and output.language != language:
            found.append(
                (
                    "schema.language_mismatch",
                    "language",
                    f"language: the draft says {language!r} but output.language says {output.language!r}",
                    f"Set the draft's language and output.language to the same value "
                    f"({language!r} or {output.language!r}).{_KEEP}",
                )
            )
        humanized = draft.get("humanizer_applied")
        if language in HUMANIZED_LANGUAGES and humanized is not True:
            state = "missing" if humanized is None else repr(humanized).lower()
            found.append(
                (
                    "schema.humanizer",
                    "humanizer_applied",
                    f"humanizer_applied: a {language} draft requires true; it is {state}",
                    f"Run the {language} humanizer over the draft and set humanizer_applied to true.{_KEEP}",
                )
            )
    return found


@register(CheckName.SCHEMA)
def schema(ctx: CheckContext) -> CheckResult:
    draft = read_draft(ctx.job, ctx.text)
    if draft is None:
        fmt = ctx.job.output.format.value
        formats = ", ".join(f.value for f in DRAFT_MODELS)
        reason = f"format {fmt!r} is not one of the structured draft formats ({formats})"
        fix = (
            f"Send the draft as one of {formats}, with its fields as an object, "
            "or verify it with another profile."
        )
        return CheckResult.failed(
            reason,
            hard=True,
            flags=[
                flag(
                    FlagType.SCHEMA_VIOLATION,
                    Severity.CRITICAL,
                    check=CheckName.SCHEMA.value,
                    explanation=reason[0].upper() + reason[1:] + ".",
                    suggestion=fix,
                    start=0,
                    end=len(ctx.text),
                    claim="",
                    rule="schema.format",
                )
            ],
            fixes=[fix],
        )
    problems = _problems(ctx, draft)
    details = {"format": draft.format.value, "problems": len(problems)}
    if not problems:
        return CheckResult.passed(details=details)
    flags = []
    for rule, path, reason, fix in problems[:MAX_FLAGS]:
        value = draft.get(path)
        start, end = draft.locate(path, 0, len(value)) if isinstance(value, str) else draft.locate(path)
        flags.append(
            flag(
                FlagType.SCHEMA_VIOLATION,
                Severity.CRITICAL,
                check=CheckName.SCHEMA.value,
                explanation=reason + ".",
                suggestion=fix,
                start=start,
                end=end,
                claim=ctx.text[start:end] if end - start <= 500 else "",
                rule=rule,
                section=path or None,
            )
        )
    fixes = list(dict.fromkeys(fix for _, _, _, fix in problems[:MAX_FLAGS]))
    more = len(problems) - 1
    return CheckResult.failed(
        problems[0][2] + (f" ({more} more)" if more else ""),
        hard=True,
        flags=flags,
        fixes=fixes,
        details=details,
    )
