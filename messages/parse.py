"""Turning bytes from a coordinator into a VerifyJob, or a JobRejected that says why.

What a worker reads from a job that is rejected, to answer it, is :mod:`messages.peek`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from messages.errors import JobDecodeError, JobRejected, JobValidationError
from messages.job import VerifyJob
from messages.limits import DEFAULT_LIMITS, Limits
from messages.peek import peek_identity, readable_id


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
    job_id = readable_id(document.get("job_id"))
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


__all__ = ["parse_job", "peek_identity", "validate_job"]
