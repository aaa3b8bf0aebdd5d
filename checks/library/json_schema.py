"""``json_schema``: the output validates against the JSON Schema a criterion gives.

::

    {"check": "json_schema", "params": {"schema": {"type": "object", "required": ["title"]}}}

The output is the job's JSON: object or array content as sent, or a string
holding a JSON document (``NaN`` and ``Infinity`` are not JSON and are refused).
The schema's dialect comes from its ``$schema`` (Draft 2020-12 when absent) and
the schema itself is checked against its metaschema when the job is planned,
so a broken schema is a validation error naming ``criteria.N.params.schema``,
never a failed output. ``$ref`` resolves within the schema only: remote
references are never fetched (the check errors, naming the reference).
``format`` is an annotation unless ``check_formats`` is true.

Every validation error is a critical ``schema_violation`` flag that names the
JSON path of the offending value (``$.items[2].price``) and carries the span of
that value in the output text; at most ``max_errors`` are reported. Output
that is not JSON fails with one flag at the position the parser gave up.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import referencing
import referencing.exceptions
from jsonschema import Draft202012Validator, FormatChecker, SchemaError, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for
from pydantic import BaseModel, ConfigDict, Field, field_validator

from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from messages import CheckName, Flag, FlagType, Severity

_WS = re.compile(r"[ \t\n\r]*")
_FENCED = re.compile(r"^\s*(?:```|~~~)")
_DECODER = json.JSONDecoder()
_SNIPPET = 200
_MESSAGE = 300


def _dialect(schema: dict[str, Any] | bool) -> type[Validator]:
    """The validator class for the schema's ``$schema``; an unknown dialect is an error, not a guess."""
    if not isinstance(schema, dict) or "$schema" not in schema:
        return Draft202012Validator
    declared = schema["$schema"]
    if not isinstance(declared, str):
        raise ValueError("$schema must be a string naming a JSON Schema dialect")
    found = validator_for(schema, default=Draft202012Validator)
    meta = found.META_SCHEMA
    if str(meta.get("$id", meta.get("id", ""))).rstrip("#") != declared.rstrip("#"):
        raise ValueError(f"unknown JSON Schema dialect {declared!r}")
    return found


class JsonSchemaParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_: dict[str, Any] | bool = Field(alias="schema")
    """The JSON Schema the output must satisfy."""
    max_errors: Annotated[int, Field(ge=1, le=1_000)] = 50
    check_formats: bool = False
    """Assert ``format`` (email, date, ipv4, ...) instead of treating it as an annotation."""

    @field_validator("schema_")
    @classmethod
    def _valid_schema(cls, value: dict[str, Any] | bool) -> dict[str, Any] | bool:
        dialect = _dialect(value)
        try:
            dialect.check_schema(value)  # type: ignore[arg-type]  # boolean schemas are valid too
        except SchemaError as e:
            where = e.json_path if e.json_path != "$" else "the schema"
            raise ValueError(f"not a valid JSON Schema: {where}: {_short(e.message)}") from e
        return value

    def validator(self) -> Validator:
        dialect = _dialect(self.schema_)
        return dialect(
            self.schema_,
            registry=referencing.Registry(),  # empty: never fetch a remote $ref
            format_checker=FormatChecker() if self.check_formats else None,
        )


@register(CheckName.JSON_SCHEMA, params=JsonSchemaParams)
def json_schema(ctx: CheckContext) -> CheckResult:
    params = ctx.params
    if not isinstance(params, JsonSchemaParams):
        return CheckResult.skipped("not_applicable", details={"why": "no JSON Schema was given"})
    content = ctx.job.output.content
    text = ctx.text
    if isinstance(content, str):
        parsed = _parse(text)
        if isinstance(parsed, CheckResult):
            return parsed
        instance = parsed[0]
    else:
        instance = content
    try:
        errors = list(params.validator().iter_errors(instance))
    except referencing.exceptions.Unresolvable as e:
        return CheckResult.errored(
            f"the schema's $ref {getattr(e, 'ref', str(e))!r} cannot be resolved: "
            "remote references are not fetched; put the definition under $defs"
        )
    except RecursionError:
        return CheckResult.errored("the schema recurses too deeply to validate this output")
    if not errors:
        return CheckResult.passed(details={"errors": 0})
    shown = errors[: params.max_errors]
    flags = sorted((_error_flag(e, text) for e in shown), key=lambda f: (f.start or 0, f.end or 0))
    fixes = [f.suggestion for f in flags]
    first = flags[0]
    more = len(errors) - 1
    return CheckResult.failed(
        first.explanation + (f" ({more} more)" if more else ""),
        score=0.0,
        flags=flags,
        fixes=fixes,
        details={"errors": len(errors), "shown": len(shown)},
    )


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _parse(text: str) -> tuple[Any] | CheckResult:
    """The JSON value in ``text``, or the failed result that says why it is not JSON."""
    try:
        return (json.loads(text, parse_constant=_reject_constant),)
    except json.JSONDecodeError as e:
        why = f"{e.msg} at line {e.lineno} column {e.colno}"
        start, end = min(e.pos, len(text)), min(e.pos + 1, len(text))
    except (ValueError, RecursionError) as e:
        why, start, end = str(e) or type(e).__name__, 0, len(text)
    if _FENCED.match(text):
        why += " (the JSON is wrapped in a code fence; send the bare JSON document)"
    explanation = f"The output is not JSON: {why}."
    fix = "Send the output as a single JSON document with nothing before or after it. Keep its content."
    return CheckResult.failed(
        explanation,
        score=0.0,
        flags=[
            flag(
                FlagType.SCHEMA_VIOLATION,
                Severity.CRITICAL,
                check=CheckName.JSON_SCHEMA.value,
                explanation=explanation,
                suggestion=fix,
                start=start,
                end=end,
                claim=text[start:end],
                rule="not_json",
            )
        ],
        fixes=[fix],
        details={"json": False},
    )


def _error_flag(error: ValidationError, text: str) -> Flag:
    path = error.json_path
    message = _short(error.message)
    span = locate(text, list(error.absolute_path))
    start, end = span if span is not None else (0, len(text))
    return flag(
        FlagType.SCHEMA_VIOLATION,
        Severity.CRITICAL,
        check=CheckName.JSON_SCHEMA.value,
        explanation=f"{path}: {message}",
        suggestion=f"Change the value at {path} so that it satisfies the schema ({message}). "
        "Keep all other JSON as it is.",
        start=start,
        end=end,
        claim=text[start:end][:_SNIPPET],
        rule=str(error.validator),
    )


def _short(message: str) -> str:
    return message if len(message) <= _MESSAGE else message[: _MESSAGE - 1] + "…"


def locate(text: str, path: list[str | int]) -> tuple[int, int] | None:
    """The span of the value at ``path`` in the JSON document ``text``; None if it cannot be found.

    Walks the text without building the document: only the values passed over on
    the way are decoded. With duplicate keys the last one wins, as in ``json.loads``.
    """
    try:
        pos = _WS.match(text, 0).end()  # type: ignore[union-attr]  # the pattern matches the empty string
        for part in path:
            found = _member(text, pos, part)
            if found is None:
                return None
            pos = found
        _, end = _DECODER.raw_decode(text, pos)
        return pos, end
    except (ValueError, IndexError, RecursionError):
        return None


def _member(text: str, pos: int, part: str | int) -> int | None:
    """Where the value of key or index ``part`` starts in the object or array at ``pos``."""
    opening = text[pos]
    if (opening == "{") != isinstance(part, str) or opening not in "{[":
        return None
    closing = "}" if opening == "{" else "]"
    pos = _skip(text, pos + 1)
    found = None
    index = 0
    while text[pos] != closing:
        if opening == "{":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = _skip(text, pos)
            pos = _skip(text, pos + 1)  # the colon
            if key == part:
                found = pos
        elif index == part:
            return pos
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
        index += 1
    return found


def _skip(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]  # the pattern matches the empty string
