"""Readable renderings of a verdict for a terminal: a summary and a one-line row."""

from __future__ import annotations

from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from messages import CheckStatus, Severity, Verdict, VerdictEvent
from workers.report.view import progress_line

VERDICT_STYLE = {
    Verdict.PASS: "bold green",
    Verdict.PARTIAL: "bold yellow",
    Verdict.FAIL: "bold red",
    Verdict.ERROR: "bold magenta",
}
CHECK_STYLE = {
    CheckStatus.PASS: "green",
    CheckStatus.FAIL: "red",
    CheckStatus.SKIPPED: "dim",
    CheckStatus.ERROR: "magenta",
}
SEVERITY_STYLE = {Severity.CRITICAL: "red", Severity.WARNING: "yellow", Severity.INFO: "blue"}


def summary(v: VerdictEvent) -> Group:
    head = Text.assemble(
        (v.verdict.value.upper(), VERDICT_STYLE[v.verdict]),
        f"  {v.job_id}  status={v.status.value}  action={v.action.value}  ",
        f"score={v.score:.2f}  confidence={v.confidence:.2f}  ",
        f"profile={v.profile.value if v.profile else '-'}  mode={v.mode.value if v.mode else '-'}",
    )
    parts: list[Table | Text] = [head]
    if v.reason:
        parts.append(Text(f"reason: {v.reason}"))
    progress = progress_line(v)
    if progress is not None:
        parts.append(Text(f"corrections: {progress}"))
    if v.checks:
        checks = Table("check", "status", "score", "reason", box=None, pad_edge=False)
        for c in v.checks:
            name = c.name + (f" ({c.criterion_id})" if c.criterion_id else "")
            score = "" if c.score is None else f"{c.score:.2f}"
            checks.add_row(name, Text(c.status.value, CHECK_STYLE[c.status]), score, escape(c.reason))
        parts.append(checks)
    if v.flags:
        flags = Table("flag", "severity", "type", "at", "explanation", box=None, pad_edge=False)
        for f in v.flags:
            at = f"{f.start}-{f.end}" if f.start is not None else ""
            flags.add_row(
                f.id,
                Text(f.severity.value, SEVERITY_STYLE[f.severity]),
                f.type.value,
                at,
                escape(f.explanation),
            )
        parts.append(flags)
    if v.fix_instructions:
        parts.append(Text("fix:\n" + v.fix_instructions))
    parts.append(Text(f"cost ${v.cost.usd:.4f} of ${v.cost.budget_usd:.4f} budget, {v.duration_ms:.1f} ms"))
    return Group(*parts)


def headline(v: VerdictEvent) -> str:
    """The most useful single reason for a verdict, for tables."""
    if v.reason:
        return v.reason
    failing = [c for c in v.checks if c.status in (CheckStatus.FAIL, CheckStatus.ERROR)]
    if failing:
        c = failing[0]
        return f"{c.name}: {c.reason}" if c.reason else c.name
    skipped = [c for c in v.checks if c.status is CheckStatus.SKIPPED]
    if skipped:
        return "skipped " + ", ".join(f"{c.name} ({c.reason})" for c in skipped)
    return "all checks passed"


def print_summary(v: VerdictEvent, console: Console | None = None) -> None:
    (console or Console()).print(summary(v))
