"""The four statuses of a verdict and the correction brief (CONTRACT.md sections 2 and 3).

passed: no flags. passed_with_warnings: only warnings or info. requires_correction:
critical flags a writer can fix while attempts remain. failed: the score under the
threshold once max_attempts is reached, or a broken schema. The correction brief
groups instructions by section and names the flags each one resolves.

``decide`` is driven with hand-made check results so each rule is pinned alone; the
last class runs real checks through ``verify`` end to end.
"""

from __future__ import annotations

from typing import Any

import pytest

from checks import verify
from checks.config import DEFAULT_CONFIG
from checks.flags import flag
from checks.profiles import Planned
from checks.registry import CheckResult
from checks.scoring import Ran, correction_brief, decide
from messages import (
    Action,
    CheckName,
    CorrectionItem,
    Flag,
    FlagType,
    Profile,
    Severity,
    Status,
    Verdict,
    VerdictEvent,
    VerifyJob,
    parse_job,
)


def job(*, attempt: int = 1, max_attempts: int = 3, strictness: str = "standard", **extra: Any) -> VerifyJob:
    document: dict[str, Any] = {
        "job_id": f"st-a{attempt}",
        "mission_id": "m1",
        "task_id": "t1",
        "attempt": attempt,
        "output": {"format": "markdown", "content": "# Summary\nText.\n"},
        "policy": {"max_attempts": max_attempts, "strictness": strictness},
        **extra,
    }
    return parse_job(document)


def mark(
    severity: Severity, *, section: str | None = None, fix: str = "Fix it. Keep all other text."
) -> Flag:
    return flag(
        FlagType.VOICE_VIOLATION,
        severity,
        check="prohibited_phrases",
        explanation="found",
        suggestion=fix,
        start=0,
        end=1,
        section=section,
    )


def passed(*flags: Flag) -> CheckResult:
    return CheckResult.passed(flags=list(flags))


def failed(*flags: Flag, score: float = 0.0) -> CheckResult:
    return CheckResult.failed("problem", score=score, flags=list(flags), fixes=[f.suggestion for f in flags])


def decided(the_job: VerifyJob, *results: tuple[CheckName, CheckResult]) -> VerdictEvent:
    """The verdict for a factcheck job whose checks returned ``results`` in order."""
    ran = [Ran(Planned(name), result, 0.1) for name, result in results]
    return decide(
        the_job,
        profile=Profile.FACTCHECK,
        policy=DEFAULT_CONFIG.resolve(the_job),
        mode=None,
        ran=ran,
        judgement=None,
        budget_usd=0.0,
        duration_ms=1.0,
    )


ALL_PASS = (
    (CheckName.CITE_INTEGRITY, passed()),
    (CheckName.PROHIBITED_PHRASES, passed()),
    (CheckName.READING_LEVEL, passed()),
    (CheckName.STRUCTURE, passed()),
)


class TestPassed:
    def test_no_flags_is_passed(self) -> None:
        """Every check passes and nothing is flagged: passed, continue, no brief."""
        verdict = decided(job(), *ALL_PASS)
        assert (verdict.verdict, verdict.status, verdict.action) == (
            Verdict.PASS,
            Status.PASSED,
            Action.CONTINUE,
        )
        assert verdict.flags == [] and verdict.correction_brief == [] and verdict.fix_instructions == ""

    def test_not_applicable_checks_do_not_count_against(self) -> None:
        """Checks skipped as not_applicable leave the verdict passed and the score whole."""
        verdict = decided(
            job(),
            (CheckName.CITE_INTEGRITY, passed()),
            (CheckName.STRUCTURE, CheckResult.skipped("not_applicable")),
        )
        assert verdict.status is Status.PASSED and verdict.score == 1.0


class TestPassedWithWarnings:
    @pytest.mark.parametrize("severity", [Severity.WARNING, Severity.INFO])
    def test_only_warnings_or_info(self, severity: Severity) -> None:
        """A passing job with warning or info flags: passed_with_warnings, continue, no brief."""
        verdict = decided(job(), *ALL_PASS[:2], (CheckName.READING_LEVEL, passed(mark(severity))))
        assert (verdict.verdict, verdict.status, verdict.action) == (
            Verdict.PASS,
            Status.PASSED_WITH_WARNINGS,
            Action.CONTINUE,
        )
        assert [f.id for f in verdict.flags] == ["f1"]
        assert verdict.correction_brief == []

    def test_relaxed_reports_only_critical_flags(self) -> None:
        """In relaxed strictness warnings and info are not reported, so the same job is passed."""
        verdict = decided(
            job(strictness="relaxed"),
            (CheckName.READING_LEVEL, passed(mark(Severity.WARNING), mark(Severity.INFO))),
        )
        assert verdict.flags == [] and verdict.status is Status.PASSED

    def test_relaxed_keeps_critical_flags_numbered_from_one(self) -> None:
        """Relaxed drops the non-critical flags before numbering: the critical one is f1."""
        verdict = decided(
            job(strictness="relaxed"),
            (CheckName.READING_LEVEL, passed(mark(Severity.INFO))),
            (CheckName.PROHIBITED_PHRASES, failed(mark(Severity.CRITICAL))),
        )
        assert [(f.id, f.severity) for f in verdict.flags] == [("f1", Severity.CRITICAL)]


class TestRequiresCorrection:
    @pytest.mark.parametrize(("attempt", "max_attempts"), [(1, 3), (2, 3), (1, 2)])
    def test_critical_flags_while_attempts_remain(self, attempt: int, max_attempts: int) -> None:
        """A critical, fixable flag before the last attempt: requires_correction, retry with feedback."""
        verdict = decided(
            job(attempt=attempt, max_attempts=max_attempts),
            *ALL_PASS[:1],
            (CheckName.PROHIBITED_PHRASES, failed(mark(Severity.CRITICAL, section="Summary"))),
            *ALL_PASS[2:],
        )
        assert verdict.status is Status.REQUIRES_CORRECTION
        assert verdict.action is Action.RETRY_WITH_FEEDBACK
        assert verdict.verdict is Verdict.PARTIAL  # 3 of 4 checks pass: 0.75 clears the standard bar
        assert verdict.correction_brief == [
            CorrectionItem(section="Summary", instruction="Fix it. Keep all other text.", flag_ids=["f1"])
        ]
        assert verdict.fix_instructions == "Fix it. Keep all other text."

    def test_under_threshold_with_attempts_left_is_still_correctable(self) -> None:
        """A score under the threshold before max_attempts is requires_correction, not failed."""
        verdict = decided(job(attempt=1), (CheckName.PROHIBITED_PHRASES, failed(mark(Severity.CRITICAL))))
        assert (verdict.verdict, verdict.status, verdict.action) == (
            Verdict.FAIL,
            Status.REQUIRES_CORRECTION,
            Action.RETRY_WITH_FEEDBACK,
        )


class TestFailed:
    @pytest.mark.parametrize(("attempt", "max_attempts"), [(3, 3), (1, 1), (5, 3)])
    def test_under_threshold_after_max_attempts(self, attempt: int, max_attempts: int) -> None:
        """Score under the threshold on the last allowed attempt: failed, escalate."""
        verdict = decided(
            job(attempt=attempt, max_attempts=max_attempts),
            (CheckName.PROHIBITED_PHRASES, failed(mark(Severity.CRITICAL))),
            (CheckName.STRUCTURE, failed(mark(Severity.CRITICAL))),
        )
        assert verdict.score < 0.75
        assert (verdict.verdict, verdict.status, verdict.action) == (
            Verdict.FAIL,
            Status.FAILED,
            Action.ESCALATE,
        )

    def test_broken_schema_fails_at_once(self) -> None:
        """A failed schema check is failed on the first attempt too."""
        verdict = decided(job(attempt=1), (CheckName.SCHEMA, failed(mark(Severity.CRITICAL))))
        assert verdict.status is Status.FAILED

    @pytest.mark.parametrize(
        ("strictness", "score", "verdict"),
        [
            ("strict", 0.84, Verdict.FAIL),
            ("strict", 0.85, Verdict.PARTIAL),
            ("standard", 0.74, Verdict.FAIL),
            ("standard", 0.75, Verdict.PARTIAL),
            ("relaxed", 0.59, Verdict.FAIL),
            ("relaxed", 0.60, Verdict.PARTIAL),
        ],
    )
    def test_factcheck_thresholds(self, strictness: str, score: float, verdict: Verdict) -> None:
        """factcheck passes its bar at 0.85 / 0.75 / 0.60 for strict / standard / relaxed."""
        result = failed(mark(Severity.CRITICAL), score=score)
        assert decided(job(strictness=strictness), (CheckName.STRUCTURE, result)).verdict is verdict


class TestCorrectionBrief:
    def test_grouped_by_section_with_flag_ids(self) -> None:
        """One item per section, in first-seen order, joining distinct instructions and listing every flag."""
        flags = [
            mark(Severity.CRITICAL, section="Summary", fix="A."),
            mark(Severity.CRITICAL, section="Findings", fix="B."),
            mark(Severity.WARNING, section="Summary", fix="C."),
            mark(Severity.CRITICAL, section="Summary", fix="A."),
            mark(Severity.CRITICAL, section=None, fix="D."),
        ]
        numbered = [f.model_copy(update={"id": f"f{i}"}) for i, f in enumerate(flags, 1)]
        assert correction_brief(numbered, []) == [
            CorrectionItem(section="Summary", instruction="A. C.", flag_ids=["f1", "f3", "f4"]),
            CorrectionItem(section="Findings", instruction="B.", flag_ids=["f2"]),
            CorrectionItem(section=None, instruction="D.", flag_ids=["f5"]),
        ]

    def test_flags_without_a_suggestion_are_not_instructions(self) -> None:
        """A flag with no suggestion gives the writer nothing to do and is left out."""
        silent = mark(Severity.CRITICAL, fix="").model_copy(update={"id": "f1"})
        assert correction_brief([silent], []) == []

    def test_judged_fixes_come_last_without_section(self) -> None:
        """Instructions for unmet judged criteria follow, with no section and no flag ids."""
        assert correction_brief([], ["Revise c1."]) == [
            CorrectionItem(section=None, instruction="Revise c1.", flag_ids=[])
        ]

    def test_verdict_brief_uses_the_published_flag_ids(self) -> None:
        """The ids in the brief are the ids of the verdict's flags."""
        verdict = decided(
            job(),
            (CheckName.PROHIBITED_PHRASES, failed(mark(Severity.CRITICAL, section="Summary", fix="A."))),
            (CheckName.STRUCTURE, failed(mark(Severity.CRITICAL, section="Findings", fix="B."))),
        )
        ids = {f.id for f in verdict.flags}
        assert [i.section for i in verdict.correction_brief] == ["Summary", "Findings"]
        assert {i for item in verdict.correction_brief for i in item.flag_ids} == ids


class TestEndToEnd:
    BODY = "# Summary\nPure synergy.\n\n## Findings\nMore synergy and leverage.\n"

    def criteria_job(self, content: str = BODY, **extra: Any) -> VerifyJob:
        return job(
            output={"format": "markdown", "content": content},
            criteria=[
                {
                    "id": "c1",
                    "text": "No banned words",
                    "check": "prohibited_phrases",
                    "params": {"phrases": ["synergy", "leverage"]},
                },
                {
                    "id": "c2",
                    "text": "Has the sections",
                    "check": "structure",
                    "params": {"sections": [{"heading": "Summary"}, {"heading": "Findings"}]},
                },
            ],
            **extra,
        )

    def test_prohibited_phrases_require_correction_grouped_by_section(self) -> None:
        """Real checks: three hits under two headings give a two-item brief naming f1..f3."""
        verdict = verify(self.criteria_job())
        assert verdict.status is Status.REQUIRES_CORRECTION and verdict.action is Action.RETRY_WITH_FEEDBACK
        assert [(f.id, f.section, f.claim) for f in verdict.flags] == [
            ("f1", "Summary", "synergy"),
            ("f2", "Findings", "synergy"),
            ("f3", "Findings", "leverage"),
        ]
        assert [(i.section, i.flag_ids) for i in verdict.correction_brief] == [
            ("Summary", ["f1"]),
            ("Findings", ["f2", "f3"]),
        ]

    def test_last_attempt_fails(self) -> None:
        """The same draft on its last attempt: the score is under the threshold, so failed."""
        verdict = verify(self.criteria_job(attempt=3))
        assert (verdict.status, verdict.action) == (Status.FAILED, Action.ESCALATE)

    def test_clean_draft_passes(self) -> None:
        """Without the banned words the draft passes with no flags."""
        clean = self.criteria_job("# Summary\nPlain.\n\n## Findings\nOk.\n")
        verdict = verify(clean)
        assert (verdict.status, verdict.flags) == (Status.PASSED, [])
