"""Building flags: one constructor so every check fills offsets and texts the same way."""

from __future__ import annotations

from messages import Flag, FlagType, Severity


def flag(
    type_: FlagType,
    severity: Severity,
    *,
    check: str,
    explanation: str,
    suggestion: str = "",
    start: int | None = None,
    end: int | None = None,
    text: str | None = None,
    rule: str | None = None,
    section: str | None = None,
    claim: str | None = None,
    source_id: str | None = None,
) -> Flag:
    """A flag without its id (the pipeline numbers flags f1, f2, ... in order).

    When ``text`` is given with offsets, ``claim`` defaults to the flagged slice.
    """
    if claim is None and text is not None and start is not None and end is not None:
        claim = text[start:end]
    return Flag(
        id="",
        type=type_,
        severity=severity,
        rule=rule,
        section=section,
        start=start,
        end=end,
        claim=claim,
        source_id=source_id,
        explanation=explanation,
        suggestion=suggestion,
        check=check,
    )
