"""The report as markdown, for pull requests and tickets, and the annotated draft.

:func:`annotated_markdown` is the draft with a footnote reference (``[^f1]``)
where each flag ends and the flags as footnotes below it: what the HTML
report's "annotated draft" export downloads. :func:`render_markdown` is the
whole report: status, checks, flags, criteria, correction brief, and the
annotated draft in a collapsed block, fenced so the draft never changes how
the report around it renders.
"""

from __future__ import annotations

import re

from messages import CheckStatus, Flag, Severity
from workers.report.segments import SEVERITY_ORDER
from workers.report.view import DASH, Report, check_name, excerpt, fraction, progress_line, usd

SEVERITY_MARK = {Severity.CRITICAL: "🔴", Severity.WARNING: "🟠", Severity.INFO: "🔵"}
STATUS_MARK = {
    CheckStatus.PASS: "✅",
    CheckStatus.FAIL: "❌",
    CheckStatus.SKIPPED: "⏭️",
    CheckStatus.ERROR: "⚠️",
}

_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")
_LABEL_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_BACKTICKS = re.compile(r"`+")


def inline(text: str) -> str:
    """``text`` on one line with markdown's special characters escaped: safe in a table cell."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def footnote_labels(flags: list[Flag]) -> list[str]:
    """A distinct footnote label per flag: its id where that is a valid label, else a safe variant."""
    used: set[str] = set()
    labels: list[str] = []
    for n, f in enumerate(flags):
        label = _LABEL_UNSAFE.sub("-", f.id) or f"flag-{n + 1}"
        if label in used:
            label = f"{label}-{n + 1}"
        used.add(label)
        labels.append(label)
    return labels


def _marker_position(text: str, end: int) -> int:
    """Where a flag's reference goes: at its end, or past the ``)`` of a link target it ends inside."""
    opener = text.rfind("](", 0, end)
    if opener < 0 or text.rfind(")", opener, end) >= 0:
        return end
    close = text.find(")", end)
    newline = text.find("\n", end)
    if close < 0 or (0 <= newline < close):
        return end
    return close + 1


def _describe(report: Report, index: int) -> str:
    f = report.verdict.flags[index]
    head = [f"{SEVERITY_MARK[f.severity]} **{f.severity.value}**", f"`{f.type.value}`"]
    if f.rule:
        head.append(inline(f.rule))
    if f.section:
        head.append(f"in *{inline(f.section)}*")
    text = " · ".join(head)
    quoted = report.flagged_text(index)
    if quoted:
        text += f": “{inline(excerpt(quoted))}”"
    if f.explanation:
        text += f" {inline(f.explanation)}"
    if f.suggestion:
        text += f" Suggestion: {inline(f.suggestion)}"
    return text


def annotated_markdown(report: Report) -> str:
    """The draft with ``[^label]`` at the end of every flag, and the flags as footnotes."""
    flags = report.verdict.flags
    labels = footnote_labels(flags)
    text = report.text
    inserts: list[tuple[int, int]] = []
    for n, place in enumerate(report.places):
        if place is not None:
            inserts.append((_marker_position(text, place[1]), n))
    inserts.sort()
    pieces: list[str] = []
    cursor = 0
    for at, n in inserts:
        pieces.append(text[cursor:at])
        pieces.append(f"[^{labels[n]}]")
        cursor = at
    pieces.append(text[cursor:])
    body = "".join(pieces)
    lines = [body.rstrip("\n"), ""] if body.strip() else []
    if not flags:
        return "\n".join(lines).rstrip("\n") + "\n" if lines else ""
    lines += ["---", ""]
    lines += [f"[^{labels[n]}]: {_describe(report, n)}" for n, p in enumerate(report.places) if p is not None]
    unplaced = [n for n, p in enumerate(report.places) if p is None]
    if unplaced:
        lines += ["", "Flags not located in the draft:", ""]
        lines += [f"- **{inline(flags[n].id)}** {_describe(report, n)}" for n in unplaced]
    return "\n".join(lines) + "\n"


def _fence(text: str) -> str:
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=0)
    return "`" * max(3, longest + 1)


def render_markdown(report: Report) -> str:
    v = report.verdict
    out = [f"# {inline(report.title)}", ""]
    out += [f"**Status: {report.status_label}** (verdict `{v.verdict.value}`, action `{v.action.value}`)", ""]
    facts = [
        f"Score {fraction(v.score)}, confidence {fraction(v.confidence)}",
        f"Cost: {report.cost_line()}",
        f"Checks: {inline(report.checks_line())}",
        f"Profile `{v.profile.value if v.profile else '-'}`, mode `{v.mode.value if v.mode else '-'}`, "
        f"attempt {v.attempt}, mission {inline(v.mission_id or '-')}, task {inline(v.task_id or '-')}",
    ]
    progress = progress_line(v)
    if progress is not None:
        facts.append(f"Corrections: {inline(progress)}")
    if report.job is not None and report.job.task.description:
        model = report.job.task.executor_model
        facts.append(f"Task: {inline(report.job.task.description)}" + (f" (by `{model}`)" if model else ""))
    if v.judges:
        facts.append("Judges: " + ", ".join(f"`{j}`" for j in v.judges))
    if v.reason:
        facts.append(f"Reason: {inline(v.reason)}")
    out += [f"- {fact}" for fact in facts] + [""]
    out += [f"> {inline(note)}" for note in report.notes]
    if report.notes:
        out.append("")
    out += _checks(report) + _flags(report) + _criteria(report) + _brief(report) + _draft(report)
    return "\n".join(out).rstrip("\n") + "\n"


def _checks(report: Report) -> list[str]:
    if not report.verdict.checks:
        return ["## Checks", "", "No checks were planned.", ""]
    out = [
        "## Checks",
        "",
        "| Check | Status | Score | Reason | Cost | Time |",
        "|---|---|---:|---|---:|---:|",
    ]
    for c in report.verdict.checks:
        out.append(
            f"| {inline(check_name(c))} | {STATUS_MARK[c.status]} {c.status.value} | {fraction(c.score)} "
            f"| {inline(c.reason)} | {usd(c.cost_usd)} | {c.duration_ms:.1f} ms |"
        )
    return [*out, ""]


def _flags(report: Report) -> list[str]:
    flags = report.verdict.flags
    if not flags:
        return ["## Flags", "", "No flags.", ""]
    counts = ", ".join(f"{n} {s.value}" for s in SEVERITY_ORDER if (n := sum(f.severity is s for f in flags)))
    out = ["## Flags", "", f"{len(flags)} flag{'s' if len(flags) != 1 else ''}: {counts}.", ""]
    for n, f in enumerate(flags):
        head = f"{n + 1}. {SEVERITY_MARK[f.severity]} **{f.severity.value}** `{f.type.value}`"
        if f.rule:
            head += f" {inline(f.rule)}"
        head += f" ({inline(f.id)})"
        if f.section:
            head += f" in *{inline(f.section)}*"
        place = report.places[n]
        head += f", characters {place[0]}{DASH}{place[1]}" if place else ", not located in the draft"
        out.append(head)
        quoted = report.flagged_text(n)
        if quoted:
            out.append(f"   - Text: “{inline(excerpt(quoted))}”")
        if f.source_id:
            out.append(f"   - Source: {inline(f.source_id)}")
        if f.explanation:
            out.append(f"   - Why: {inline(f.explanation)}")
        if f.suggestion:
            out.append(f"   - Suggestion: {inline(f.suggestion)}")
    return [*out, ""]


def _criteria(report: Report) -> list[str]:
    v = report.verdict
    out: list[str] = []
    if v.criteria:
        out += [
            "## Criteria",
            "",
            "| Criterion | Score | Met | Judge | Reasoning |",
            "|---|---:|---|---|---|",
        ]
        for c in v.criteria:
            text = report.criterion_text(c.id)
            name = f"**{inline(c.id)}**" + (f" {inline(text)}" if text else "")
            met = {True: "✅ yes", False: "❌ no", None: DASH}[c.met]
            judge = inline(c.judge or c.check or "")
            out.append(f"| {name} | {fraction(c.score)} | {met} | {judge} | {inline(c.reasoning)} |")
        out.append("")
    if v.quality is not None:
        q = v.quality
        if not out:
            out += ["## Criteria", ""]
        out += [
            f"Quality: completeness {q.completeness:.2f}, accuracy {q.accuracy:.2f}, "
            f"clarity {q.clarity:.2f}, relevance {q.relevance:.2f}.",
            "",
        ]
    return out


def _brief(report: Report) -> list[str]:
    v = report.verdict
    if not v.correction_brief and not v.fix_instructions:
        return []
    out = ["## Correction brief", ""]
    for section, items in report.brief_groups():
        out += [f"### {inline(section)}", ""]
        for n, item in enumerate(items, 1):
            refs = f" (flags {', '.join(inline(i) for i in item.flag_ids)})" if item.flag_ids else ""
            out.append(f"{n}. {inline(item.instruction)}{refs}")
        out.append("")
    if v.fix_instructions:
        fence = _fence(v.fix_instructions)
        out += ["### Fix instructions for the writer", "", f"{fence}text", v.fix_instructions, fence, ""]
    return out


def _draft(report: Report) -> list[str]:
    if report.job is None:
        return []
    annotated = annotated_markdown(report)
    fence = _fence(annotated)
    summary = (
        f"Annotated draft ({report.format}, {inline(report.language)}, {len(report.text)} characters; "
        "a [^label] follows each flagged passage)"
    )
    return [
        "## Annotated draft",
        "",
        "<details>",
        f"<summary>{summary}</summary>",
        "",
        f"{fence}markdown",
        annotated.rstrip("\n"),
        fence,
        "",
        "</details>",
        "",
    ]
