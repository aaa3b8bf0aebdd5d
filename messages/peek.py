"""Who a job is for, read from a job that cannot be read whole: :func:`peek_identity`.

A worker answers a job that fails to parse or validate with a verdict ``error`` addressed to its
``job_id`` (and files it under its mission and task). The document may be broken (truncated, not
UTF-8), nest too deeply for any parser, or be far over the size limit; the identity is read anyway
when it can be, and the work stays bounded: the document is parsed whole only when it is within
``max_job_bytes``, and otherwise, or when that fails, its top-level members are read one by one
from the first ``max_job_bytes`` until one cannot be read.
"""

from __future__ import annotations

import json
import re
from typing import Any

from messages.enums import Mode
from messages.limits import DEFAULT_LIMITS, Limits

IDENTITY_KEYS = ("job_id", "mission_id", "task_id", "trace_id")
"""The string members an ``error`` verdict is addressed with."""

_ROUTING_KEYS = ("attempt", "mode", "has_dependents")


def peek_identity(data: bytes | str | dict[str, Any], *, limits: Limits = DEFAULT_LIMITS) -> dict[str, str]:
    """job_id, mission_id, task_id, trace_id and attempt of a job read without validating it,
    where readable, and its route (key ``mode``, always present).

    Used to address an ``error`` verdict to a job that cannot be parsed in full, and to count a
    job's deliveries before it is parsed. Only the top-level members count; a job that is not even
    the start of a JSON object has no identity.
    """
    document = data if isinstance(data, dict) else top_level_members(data, limits.max_job_bytes)
    if not isinstance(document, dict):
        return {"mode": Mode.BATCH.value}
    found: dict[str, str] = {}
    for key in IDENTITY_KEYS:
        value = readable_id(document.get(key))
        if value is not None:
            found[key] = value
    attempt = document.get("attempt")
    if isinstance(attempt, int) and not isinstance(attempt, bool) and 0 <= attempt <= 1000:
        found["attempt"] = str(attempt)
    found["mode"] = route(document).value
    return found


def readable_id(value: Any) -> str | None:
    """An identifier fit to address a verdict to: a short string that encodes as UTF-8."""
    if not isinstance(value, str) or not 0 < len(value) <= 256:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value


def route(document: dict[str, Any]) -> Mode:
    """The queue of a job read without validation: ``mode``, else ``has_dependents``, else batch.

    The same rule as :attr:`VerifyJob.routed_mode`, for jobs that do not validate.
    """
    mode = document.get("mode")
    if mode in (Mode.INLINE.value, Mode.BATCH.value):
        return Mode(mode)
    return Mode.INLINE if document.get("has_dependents") is True else Mode.BATCH


def top_level_members(data: bytes | str, max_bytes: int) -> dict[str, Any] | None:
    """The document when it parses whole within ``max_bytes`` (None if it is no object); else the
    members that identify and route it, read from its first ``max_bytes`` (bytes, or characters of
    a str) by :func:`scan_members`. Invalid UTF-8 reads as lone surrogates: not a readable id."""
    whole = len(data) <= max_bytes
    head = data[:max_bytes]
    text = head.decode("utf-8", "surrogateescape") if isinstance(head, bytes) else head
    if whole:
        try:
            document = json.loads(text)
        except (ValueError, RecursionError):
            pass
        else:
            return document if isinstance(document, dict) else None
    return scan_members(text, wanted=frozenset((*IDENTITY_KEYS, *_ROUTING_KEYS)))


_SPACE = re.compile(r"[ \t\n\r]*")
_NESTING = re.compile(
    r'"[^"\\]*(?:\\.[^"\\]*)*"'  # a string (its pieces are disjoint: no backtracking)
    r'|\[[^\[\]{}"]*\]|\{[^\[\]{}"]*\}'  # an array or object holding no string, array or object
    r'|(?P<open>[\[{]+)|(?P<close>[\]}]+)|(?P<unterminated>")',
    re.DOTALL,
)
NESTING_BUDGET = 250_000
"""Tokens (strings, brackets, runs of brackets) :func:`scan_members` reads to skip values nested too
deeply to decode, in all: past it the scan stops, so no document costs more than a fraction of a
second, however its brackets are laid out."""
_DECODER = json.JSONDecoder()


def scan_members(text: str, *, wanted: frozenset[str]) -> dict[str, Any]:
    """The ``wanted`` members of the JSON object ``text`` starts with, read in order until one
    cannot be read (text ends, a syntax error): the members before the break are kept, each only
    once the comma or brace after it is seen; a later duplicate wins as in ``json.loads``. A value
    nested too deeply to decode is skipped by counting brackets outside strings, within
    :data:`NESTING_BUDGET`. Linear in the length of ``text``; raises nothing.
    """
    found: dict[str, Any] = {}
    budget = NESTING_BUDGET
    i = _space(text, 0)
    if not text.startswith("{", i):
        return found
    i += 1
    while True:
        i = _space(text, i)
        if not text.startswith('"', i):
            return found  # the closing brace, or the break
        try:
            key, i = _DECODER.raw_decode(text, i)
        except ValueError:
            return found
        i = _space(text, i)
        if not text.startswith(":", i):
            return found
        i = _space(text, i + 1)
        try:
            value, i = _DECODER.raw_decode(text, i)
        except RecursionError:
            value = None
            i, budget = _skip_nested(text, i, budget)
        except ValueError:
            return found
        if i < 0:
            return found
        i = _space(text, i)
        if i == len(text) or text[i] not in ",}":
            return found  # a value is whole only where the member ends: "1" may be the start of "12"
        if key in wanted:
            found[key] = value
        if text[i] == "}":
            return found
        i += 1


def _space(text: str, i: int) -> int:
    match = _SPACE.match(text, i)
    return match.end() if match else i


def _skip_nested(text: str, i: int, budget: int) -> tuple[int, int]:
    """Where the array or object at ``i`` ends, its brackets counted outside strings (brackets are
    not checked to pair), and what is left of ``budget`` (tokens); -1 when it does not end in
    ``text`` or the budget runs out."""
    depth = 0
    for token in _NESTING.finditer(text, i):
        budget -= 1
        if budget < 0 or token.lastgroup == "unterminated":
            break
        if token.lastgroup == "open":
            depth += token.end() - token.start()
        elif token.lastgroup == "close":
            run = token.end() - token.start()
            if run >= depth:
                return token.start() + depth, budget
            depth -= run
    return -1, budget
