"""Turning bytes from a coordinator into a VerifyJob, or a JobRejected that says why."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from messages.enums import Mode
from messages.errors import JobDecodeError, JobRejected, JobValidationError
from messages.job import VerifyJob
from messages.limits import DEFAULT_LIMITS, Limits


def parse_job(data: bytes | str | dict[str, Any], *, limits: Limits = DEFAULT_LIMITS) -> VerifyJob:
    """Decode and validate one job.

    Raises:
        JobDecodeError: not UTF-8, not JSON, or larger than ``limits.max_job_bytes``.
        JobValidationError: the JSON does not match the contract (the message names the field).
        UnsupportedSchemaVersion: ``schema_version`` is not one this fleet speaks.
    """
    if isinstance(data, dict):
        return validate_job(data, limits=limits)
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > limits.max_job_bytes:
        raise JobDecodeError(
            f"job document is {len(raw)} bytes, over the limit of {limits.max_job_bytes} bytes"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JobDecodeError(f"job is not valid UTF-8 (byte {e.start}: {e.reason})") from e
    try:
        document = json.loads(text)
    except RecursionError as e:
        raise JobDecodeError("job JSON nests too deeply to parse") from e
    except json.JSONDecodeError as e:
        raise JobDecodeError(f"job is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from e
    except ValueError as e:  # e.g. an integer longer than Python's int conversion limit
        raise JobDecodeError(f"job JSON holds a value that cannot be read: {e}") from e
    if _ESCAPED_SURROGATE.search(text):
        _refuse_lone_surrogates(document)
    if not isinstance(document, dict):
        raise JobValidationError(f"a job is a JSON object, not {type(document).__name__}")
    return validate_job(document, limits=limits)


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _refuse_lone_surrogates(document: Any) -> None:
    """JSON may escape half of a UTF-16 pair (``"\\ud800"``); such a string can never be
    written back as UTF-8, so a verdict quoting it could not be published."""
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        raise JobDecodeError("job holds a lone UTF-16 surrogate escape (\\ud800-\\udfff)") from e


def validate_job(document: dict[str, Any], *, limits: Limits = DEFAULT_LIMITS) -> VerifyJob:
    job_id = _readable_id(document.get("job_id"))
    try:
        return VerifyJob.model_validate(document, context={"limits": limits})
    except JobRejected as e:
        if e.job_id is None:
            e.job_id = job_id
        raise
    except ValidationError as e:
        raise _translate(e, job_id) from e
    except RecursionError as e:
        raise JobValidationError("job nests too deeply to validate", job_id=job_id) from e


def _readable_id(value: Any) -> str | None:
    """An identifier fit to address a verdict to: a short string that encodes as UTF-8."""
    if not isinstance(value, str) or not 0 < len(value) <= 256:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value


def _translate(error: ValidationError, job_id: str | None) -> JobValidationError:
    """One message that names every problem and where it is, e.g. ``criteria.0.weight``."""
    problems = error.errors(include_url=False, include_input=False)
    if len(problems) == 1:
        only = problems[0]
        return JobValidationError(_message(only), where=_where(only), job_id=job_id)
    shared = _shared_location(problems)
    if shared:
        # One field that matched none of its alternatives (e.g. content: str | object).
        kinds = sorted({_message(p) for p in problems})
        return JobValidationError("; or ".join(kinds), where=".".join(shared), job_id=job_id)
    parts = [f"{_where(p)}: {_message(p)}" for p in problems[:10]]
    if len(problems) > 10:
        parts.append(f"and {len(problems) - 10} more")
    return JobValidationError("; ".join(parts), job_id=job_id)


def _shared_location(problems: list[ErrorDetails]) -> tuple[str, ...]:
    """The field path every problem sits under, when they are the alternatives of one union."""
    locations = [tuple(str(p) for p in problem["loc"]) for problem in problems]
    shortest = min(len(loc) for loc in locations)
    prefix: list[str] = []
    for i in range(shortest):
        names = {loc[i] for loc in locations}
        if len(names) != 1:
            break
        prefix.append(names.pop())
    if len(prefix) == shortest == max(len(loc) for loc in locations):
        return ()  # the same field twice: report every problem
    return tuple(prefix)


def _where(problem: ErrorDetails) -> str:
    return ".".join(str(p) for p in problem["loc"]) or "job"


def _message(problem: ErrorDetails) -> str:
    return problem["msg"].removeprefix("Value error, ")


def peek_identity(data: bytes | str | dict[str, Any]) -> dict[str, str]:
    """job_id, mission_id, task_id, trace_id from a job that failed validation, where readable.

    Used to address an ``error`` verdict to a job that cannot be parsed in full,
    and to route it (key ``mode``, always present).
    """
    document: Any = data
    if not isinstance(data, dict):
        try:
            raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
            if len(raw) > DEFAULT_LIMITS.max_job_bytes * 8:
                return {"mode": Mode.BATCH.value}
            document = json.loads(raw.decode("utf-8", "replace"))
        except (ValueError, RecursionError):
            return {"mode": Mode.BATCH.value}
    if not isinstance(document, dict):
        return {"mode": Mode.BATCH.value}
    found: dict[str, str] = {}
    for key in ("job_id", "mission_id", "task_id", "trace_id"):
        value = _readable_id(document.get(key))
        if value is not None:
            found[key] = value
    attempt = document.get("attempt")
    if isinstance(attempt, int) and not isinstance(attempt, bool) and 0 <= attempt <= 1000:
        found["attempt"] = str(attempt)
    found["mode"] = _route(document).value
    return found


def _route(document: dict[str, Any]) -> Mode:
    """The queue of a job read without validation: ``mode``, else ``has_dependents``, else batch.

    The same rule as :attr:`VerifyJob.routed_mode`, for jobs that do not validate.
    """
    mode = document.get("mode")
    if mode in (Mode.INLINE.value, Mode.BATCH.value):
        return Mode(mode)
    return Mode.INLINE if document.get("has_dependents") is True else Mode.BATCH
