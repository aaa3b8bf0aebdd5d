"""The verification report people read: the draft with its flags, the checks, criteria and brief.

``verifleet report VERDICT.json --job JOB.json -o report.html`` and
``verifleet verify JOB.json --html report.html`` write it. :func:`render` gives
one self-contained HTML page (``fmt="html"``, :mod:`workers.report.html`) or
the same report as markdown for pull requests and tickets (``fmt="md"``,
:mod:`workers.report.markdown`); both lay out the facts of
:class:`~workers.report.view.Report`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from messages import Limits, VerdictEvent, VerifyJob
from messages.limits import MIB
from workers.report.html import embed_json, render_html
from workers.report.markdown import annotated_markdown, render_markdown
from workers.report.segments import Segment, locate, segments
from workers.report.view import Report, build

ReportFormat = Literal["html", "md"]
FORMATS: tuple[ReportFormat, ...] = ("html", "md")
_SURROGATE = re.compile("[\ud800-\udfff]")
REPORT_LIMITS = Limits(max_content_bytes=64 * MIB, max_job_bytes=128 * MIB, max_source_text_bytes=64 * MIB)
"""How large a job the report reads: it renders what it is given; the size caps guard workers."""

__all__ = [
    "FORMATS",
    "REPORT_LIMITS",
    "Report",
    "ReportFormat",
    "Segment",
    "annotated_markdown",
    "build",
    "embed_json",
    "locate",
    "read_verdict",
    "render",
    "render_html",
    "render_markdown",
    "segments",
    "write_report",
]


def render(verdict: VerdictEvent, job: VerifyJob | None = None, *, fmt: ReportFormat = "html") -> str:
    """The report of ``verdict`` (with the draft of ``job`` when given) as HTML or markdown.

    Lone surrogates, which JSON can carry but UTF-8 cannot, become U+FFFD.
    """
    report = build(verdict, job)
    text = render_html(report) if fmt == "html" else render_markdown(report)
    return _SURROGATE.sub("\ufffd", text)


def write_report(
    path: str | Path, verdict: VerdictEvent, job: VerifyJob | None = None, *, fmt: ReportFormat = "html"
) -> Path:
    """Write the report to ``path`` (UTF-8) and return the path.

    Raises:
        OSError: the file cannot be written.
    """
    target = Path(path)
    target.write_text(render(verdict, job, fmt=fmt), encoding="utf-8", newline="")
    return target


def read_verdict(data: bytes | str) -> VerdictEvent:
    """A VerdictEvent from its JSON.

    Raises:
        ValueError: not a VerdictEvent; the message says which field and why.
    """
    try:
        return VerdictEvent.model_validate_json(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ValueError(f"{where}: {first['msg']}" if where else first["msg"]) from e
