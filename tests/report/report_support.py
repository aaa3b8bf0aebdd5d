"""Verdicts, jobs and drafts for the report tests.

Imported by name (``from report_support import ...``), like ``judge_support``: the fixtures
stay in ``conftest.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from factories import make_job

from messages import VerdictEvent, VerifyJob, parse_job
from workers.report import REPORT_LIMITS

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"

XSS_DRAFT = (
    "# Payloads\n\n"
    "A script: <script>window.__pwned = 1; alert('script')</script> stays text.\n\n"
    "An image: <img src=x onerror=\"window.__pwned = 2; alert('onerror')\"> stays text.\n\n"
    "A closing tag: </div></script><script>alert('close')</script><!-- and a comment\n\n"
    "A link: <a href=\"javascript:alert('href')\">click</a> and &amp; &lt;b&gt; entities.\n"
)
"""A markdown draft full of markup that would run if it were ever parsed as HTML."""


def flag(
    fid: str,
    start: int | None,
    end: int | None,
    severity: str = "warning",
    type: str = "unsourced",
    **extra: Any,
) -> dict[str, Any]:
    return {
        "id": fid,
        "type": type,
        "severity": severity,
        "start": start,
        "end": end,
        "explanation": extra.pop("explanation", f"explanation of {fid}"),
        "suggestion": extra.pop("suggestion", f"suggestion for {fid}"),
        **extra,
    }


def span_of(text: str, needle: str, fid: str, severity: str = "warning", **extra: Any) -> dict[str, Any]:
    """A flag over the first occurrence of ``needle`` in ``text``."""
    start = text.index(needle)
    return flag(fid, start, start + len(needle), severity, **extra)


def make_verdict(flags: list[dict[str, Any]] | None = None, **overrides: Any) -> VerdictEvent:
    data: dict[str, Any] = {
        "job_id": "m1-t1-a1",
        "mission_id": "m1",
        "task_id": "t1",
        "verdict": "fail",
        "status": "requires_correction",
        "action": "retry_with_feedback",
        "score": 0.5,
        "confidence": 0.8,
        "profile": "criteria",
        "mode": "inline",
        "checks": [
            {"name": "word_count", "status": "pass", "score": 1.0},
            {"name": "grounding", "status": "fail", "score": 0.4, "reason": "2 claims unsourced"},
            {"name": "judge", "status": "skipped", "reason": "budget"},
        ],
        "flags": flags or [],
        "cost": {"usd": 0.0031, "budget_usd": 0.126, "tokens_in": 1100, "tokens_out": 150},
    }
    data.update(overrides)
    return VerdictEvent.model_validate(data)


def make_report_job(content: Any, fmt: str = "markdown", language: str = "en", **overrides: Any) -> VerifyJob:
    job = make_job(output={"format": fmt, "content": content, "language": language}, **overrides)
    return parse_job(job, limits=REPORT_LIMITS)


def long_draft(paragraphs: int = 120) -> str:
    """A markdown draft several screens long: ``paragraphs`` numbered paragraphs."""
    return "# A long draft\n\n" + "\n\n".join(
        f"Paragraph {n}: the release cadence study found that smaller batches meant fewer "
        f"failed changes, and teams recovered faster when something broke in production."
        for n in range(paragraphs)
    )


def big_draft(target_chars: int = 2 * 1024 * 1024) -> str:
    """About ``target_chars`` characters of markdown in paragraphs of a few lines."""
    unit = (
        "The gateway admits 1,200 requests per second per tenant, and p95 latency stays under 45 ms.\n"
        "Sessions live in Redis; events flow through Kafka into PostgreSQL <b>as before</b>.\n\n"
    )
    return unit * (target_chars // len(unit) + 1)


def every_flag_over(text: str, word: str, limit: int, severities: tuple[str, ...]) -> list[dict[str, Any]]:
    """One flag over each occurrence of ``word`` (up to ``limit``), cycling through ``severities``."""
    flags = []
    for n, m in enumerate(re.finditer(re.escape(word), text)):
        if n >= limit:
            break
        flags.append(flag(f"f{n + 1}", m.start(), m.end(), severities[n % len(severities)]))
    return flags


@dataclass
class Opened:
    """A report open in a tab, and everything the page said that a test may need to refuse."""

    page: Page
    path: Path
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def screenshot(self, name: str, *, full_page: bool = False) -> Path:
        shot = self.path.parent / name
        self.page.screenshot(path=str(shot), full_page=full_page)
        return shot


OpenReport = Callable[..., Opened]
