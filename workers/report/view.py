"""What every rendering of a verification report shows, worked out once.

:class:`Report` pairs a verdict with the job it judged (when there is one) and
the text its flag offsets index into: ``checks.drafts.output_text(job)``, the
rendered markdown for a structured draft and the output as sent otherwise.
The HTML and markdown renderings only lay these facts out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from checks.drafts import output_text
from messages import CheckOutcome, CheckStatus, CorrectionItem, Status, VerdictEvent, VerifyJob
from workers.report.segments import Segment, locate, segments

STATUS_LABEL = {
    Status.PASSED: "Passed",
    Status.PASSED_WITH_WARNINGS: "Passed with warnings",
    Status.REQUIRES_CORRECTION: "Requires correction",
    Status.FAILED: "Failed",
    Status.ERROR: "Error",
}
RTL_LANGUAGES = frozenset({"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "syr", "ug", "ur", "yi"})
"""Primary language subtags written right to left."""
GENERAL = "General"
"""The heading of correction-brief items that name no section."""
EXCERPT_CHARS = 160
DASH = "\u2013"
"""An en dash: no value, and ranges of characters."""


def direction(language: str) -> str:
    """``rtl`` for Arabic (any variety: ``ar-msa``, ``ar-egt``), Hebrew and the like; ``ltr`` otherwise."""
    return "rtl" if language.split("-", 1)[0].lower() in RTL_LANGUAGES else "ltr"


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` on one line, cut in the middle with an ellipsis when longer than ``limit``."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    half = (limit - 1) // 2
    return flat[:half].rstrip() + " … " + flat[-half:].lstrip()


def usd(value: float) -> str:
    return f"${value:.4f}"


def fraction(value: float | None) -> str:
    return DASH if value is None else f"{value:.2f}"


@dataclass(frozen=True)
class Report:
    verdict: VerdictEvent
    job: VerifyJob | None = None
    text: str = ""
    """The text flag offsets index into (empty without a job)."""
    notes: tuple[str, ...] = field(default=())
    """Warnings about the inputs, shown at the top (a verdict for another job)."""

    @property
    def title(self) -> str:
        return f"Verification report: {self.verdict.job_id}"

    @property
    def status_label(self) -> str:
        return STATUS_LABEL[self.verdict.status]

    @property
    def language(self) -> str:
        """The draft's language: a structured draft's own ``language`` field, else ``output.language``."""
        if self.job is None:
            return "en"
        content = self.job.output.content
        if self.job.output.format.structured and isinstance(content, dict):
            own = content.get("language")
            if isinstance(own, str) and own.strip():
                return own.strip()
        return self.job.output.language

    @property
    def direction(self) -> str:
        return direction(self.language)

    @property
    def format(self) -> str:
        return self.job.output.format.value if self.job is not None else ""

    @cached_property
    def places(self) -> list[tuple[int, int] | None]:
        """Per flag (by index): where it is in the text, or None."""
        if self.job is None:
            return [None] * len(self.verdict.flags)
        return [locate(f, len(self.text)) for f in self.verdict.flags]

    @cached_property
    def segments(self) -> list[Segment]:
        if self.job is None:
            return []
        return segments(len(self.text), self.verdict.flags)

    def flagged_text(self, index: int) -> str:
        """What flag ``index`` covers in the draft, else its claim."""
        place = self.places[index]
        if place is not None and place[1] > place[0]:
            return self.text[place[0] : place[1]]
        return self.verdict.flags[index].claim or ""

    @cached_property
    def index_of(self) -> dict[str, int]:
        """Flag id -> index of the first flag with that id."""
        found: dict[str, int] = {}
        for n, f in enumerate(self.verdict.flags):
            found.setdefault(f.id, n)
        return found

    @property
    def ran(self) -> list[CheckOutcome]:
        return [c for c in self.verdict.checks if c.status is not CheckStatus.SKIPPED]

    @property
    def skipped(self) -> list[CheckOutcome]:
        return [c for c in self.verdict.checks if c.status is CheckStatus.SKIPPED]

    def checks_line(self) -> str:
        """``4 checks run (2 passed, 1 failed, 1 error); 1 skipped: judge (budget)``."""
        ran = self.ran
        counts = {s: sum(c.status is s for c in ran) for s in (CheckStatus.PASS, CheckStatus.FAIL)}
        errors = sum(c.status is CheckStatus.ERROR for c in ran)
        parts = [f"{counts[CheckStatus.PASS]} passed", f"{counts[CheckStatus.FAIL]} failed"]
        if errors:
            parts.append(f"{errors} error{'s' if errors != 1 else ''}")
        line = f"{len(ran)} check{'s' if len(ran) != 1 else ''} run ({', '.join(parts)})"
        if self.skipped:
            why = ", ".join(f"{check_name(c)} ({c.reason or 'no reason given'})" for c in self.skipped)
            line += f"; {len(self.skipped)} skipped: {why}"
        return line

    def cost_line(self) -> str:
        cost = self.verdict.cost
        line = f"{usd(cost.usd)} of {usd(cost.budget_usd)} budget"
        if cost.budget_usd > 0:
            line += f" ({cost.usd / cost.budget_usd:.0%})"
        if cost.tokens_in or cost.tokens_out:
            line += f", {cost.tokens_in} tokens in, {cost.tokens_out} out"
        return line

    def brief_groups(self) -> list[tuple[str, list[CorrectionItem]]]:
        """The correction brief grouped by section, sections in order of first appearance."""
        groups: dict[str, list[CorrectionItem]] = {}
        for item in self.verdict.correction_brief:
            groups.setdefault(item.section or GENERAL, []).append(item)
        return list(groups.items())

    def criterion_text(self, criterion_id: str) -> str:
        if self.job is not None:
            for c in self.job.criteria:
                if c.id == criterion_id:
                    return c.text
        return ""


def progress_line(verdict: VerdictEvent) -> str | None:
    """The verdict's progress against the task's previous attempt, in a line (None without one):
    ``against attempt 1 (0.62): 2 of 3 findings fixed, 1 remains, 1 new; score +0.10; converging``."""
    p = verdict.progress
    if p is None:
        return None
    before = p.resolved + p.remaining
    line = (
        f"against attempt {p.previous_attempt} ({p.previous_score:.2f}): {p.resolved} of {before} "
        f"finding{'s' if before != 1 else ''} fixed, {p.remaining} remain{'s' if p.remaining == 1 else ''}, "
        f"{p.new} new; score {p.score_change:+.2f}"
    )
    return line + (f"; not converging: {p.note}" if not p.converging else "; converging")


def check_name(check: CheckOutcome) -> str:
    return f"{check.name} [{check.criterion_id}]" if check.criterion_id else check.name


def build(verdict: VerdictEvent, job: VerifyJob | None = None) -> Report:
    """The report of ``verdict``, with the draft of ``job`` when given."""
    if job is None:
        return Report(verdict, notes=("No job was given: the draft is not shown.",))
    notes: Sequence[str] = ()
    if job.job_id != verdict.job_id:
        notes = (f"The verdict is for job {verdict.job_id!r} but the job given is {job.job_id!r}.",)
    return Report(verdict, job, output_text(job), tuple(notes))
