"""A task's corrections against its previous attempt (checks/progress.py): findings fixed, left and
new, and when the verdict escalates because the corrections stall."""

from __future__ import annotations

from typing import Any

import pytest

from checks.progress import MAX_DROP, Attempt, compare, previous, settle
from messages import Action, CriterionScore, Flag, FlagType, Progress, Severity, Status, Verdict, VerdictEvent


def flag(n: int, claim: str | None = "Latency fell to 10 ms.", **over: Any) -> Flag:
    fields: dict[str, Any] = {
        "id": f"f{n}",
        "type": FlagType.UNSOURCED,
        "severity": Severity.CRITICAL,
        "rule": "SV-001",
        "claim": claim,
        "start": 10 * n,
        "end": 10 * n + 5,
        "explanation": f"explanation {n}",
        "check": "source_markers",
    }
    return Flag(**{**fields, **over})


def verdict(
    attempt: int,
    score: float,
    flags: list[Flag] = (),  # type: ignore[assignment]
    *,
    unmet: tuple[str, ...] = (),
    outcome: Verdict = Verdict.FAIL,
    action: Action = Action.RETRY_WITH_FEEDBACK,
    reason: str = "",
) -> VerdictEvent:
    return VerdictEvent(
        job_id=f"m1-t1-a{attempt}",
        mission_id="m1",
        task_id="t1",
        attempt=attempt,
        verdict=outcome,
        status=Status.REQUIRES_CORRECTION if outcome is not Verdict.PASS else Status.PASSED,
        action=action,
        score=score,
        flags=list(flags),
        criteria=[CriterionScore(id=c, score=0.25, met=False) for c in unmet],
        reason=reason,
    )


def progress_of(before: VerdictEvent, after: VerdictEvent) -> Progress:
    return compare(Attempt.of(before), after)


class TestFindings:
    def test_the_same_flags_at_other_offsets_with_other_words_are_the_same_findings(self) -> None:
        """Given attempt 2 with attempt 1's two flags, moved and re-explained, then both remain and
        nothing is fixed or new."""
        before = verdict(1, 0.5, [flag(1), flag(2, claim="Revenue rose 40%.")])
        after = verdict(
            2,
            0.5,
            [flag(7, start=300, end=320, explanation="other words"), flag(8, claim="Revenue rose 40%.")],
        )
        p = progress_of(before, after)
        assert (p.resolved, p.remaining, p.new) == (0, 2, 0)
        assert p.remaining_flag_ids == ["f7", "f8"]

    def test_a_claim_differing_only_in_case_spaces_and_end_punctuation_is_the_same(self) -> None:
        before = verdict(1, 0.5, [flag(1, claim="Latency fell to 10 ms.")])
        after = verdict(2, 0.5, [flag(1, claim="  latency   FELL to 10 ms ")])
        assert progress_of(before, after).remaining == 1

    @pytest.mark.parametrize(
        "change",
        [
            {"claim": "Latency fell to 12 ms."},
            {"type": FlagType.CONTRADICTED},
            {"rule": "SV-002"},
            {"source_id": "s2"},
            {"check": "grounding"},
        ],
    )
    def test_a_flag_on_another_claim_rule_type_source_or_check_is_another_finding(
        self, change: dict[str, Any]
    ) -> None:
        before = verdict(1, 0.5, [flag(1)])
        after = verdict(2, 0.5, [flag(1, **change)])
        p = progress_of(before, after)
        assert (p.resolved, p.remaining, p.new) == (1, 0, 1)

    def test_a_flag_without_a_claim_is_known_by_its_section_and_never_by_a_claim_of_that_text(self) -> None:
        before = verdict(1, 0.5, [flag(1, claim=None, section="Findings", type=FlagType.WORD_COUNT)])
        same = verdict(2, 0.5, [flag(2, claim=None, section="Findings", type=FlagType.WORD_COUNT)])
        moved = verdict(2, 0.5, [flag(2, claim=None, section="Summary", type=FlagType.WORD_COUNT)])
        as_claim = verdict(2, 0.5, [flag(2, claim="\u00a7Findings", type=FlagType.WORD_COUNT)])
        assert progress_of(before, same).remaining == 1
        assert progress_of(before, moved).remaining == 0
        assert progress_of(before, as_claim).remaining == 0

    def test_repeated_findings_count_as_many_times_as_they_occur(self) -> None:
        """Given the same claim flagged three times, then twice: one fixed, two remain (the first
        two flags of attempt 2 are the ones named as remaining)."""
        before = verdict(1, 0.5, [flag(1), flag(2), flag(3)])
        after = verdict(2, 0.5, [flag(4), flag(5)])
        p = progress_of(before, after)
        assert (p.resolved, p.remaining, p.new) == (1, 2, 0)
        assert p.remaining_flag_ids == ["f4", "f5"]

    def test_unmet_criteria_are_findings_too_and_are_named_when_they_remain(self) -> None:
        before = verdict(1, 0.4, unmet=("c1", "c2"))
        after = verdict(2, 0.6, unmet=("c2", "c3"))
        p = progress_of(before, after)
        assert (p.resolved, p.remaining, p.new) == (1, 1, 1)
        assert p.remaining_criteria == ["c2"] and p.remaining_flag_ids == []

    def test_a_deterministic_criterion_whose_check_flagged_it_counts_once_as_its_flag(self) -> None:
        """Given a word_count criterion unmet and its word_count flag in both attempts, then one
        finding remains; a judged criterion unmet beside an unrelated flag still counts."""
        short = flag(1, claim=None, type=FlagType.WORD_COUNT, check="word_count")
        det = CriterionScore(id="c1", score=0.0, met=False, check="word_count")
        judged = CriterionScore(id="c2", score=0.25, met=False, judge="openai:gpt-4o")
        anonymous = flag(2, claim="x", check=None)  # a flag naming no check hides no judged criterion
        before = verdict(1, 0.5, [short, anonymous]).model_copy(update={"criteria": [det, judged]})
        after = verdict(2, 0.5, [short, anonymous]).model_copy(update={"criteria": [det, judged]})
        p = progress_of(before, after)
        assert (p.remaining, p.remaining_criteria) == (3, ["c2"])

    def test_a_criterion_and_a_flag_never_pass_for_each_other(self) -> None:
        before = verdict(1, 0.4, unmet=("f1",))
        after = verdict(2, 0.4, [flag(1)])
        assert progress_of(before, after).remaining == 0


class TestConverging:
    def test_nothing_fixed_and_no_higher_score_is_not_converging(self) -> None:
        p = progress_of(
            verdict(1, 0.50, [flag(1), flag(2, claim="x")]), verdict(2, 0.505, [flag(1), flag(2, claim="x")])
        )
        assert not p.converging
        assert (
            p.note
            == "attempt 2 fixed none of attempt 1's 2 findings and the score did not rise (0.500 -> 0.505)"
        )

    def test_one_finding_fixed_is_converging_even_at_the_same_score(self) -> None:
        p = progress_of(verdict(1, 0.5, [flag(1), flag(2, claim="x")]), verdict(2, 0.5, [flag(1)]))
        assert p.converging and p.note == "" and (p.resolved, p.remaining) == (1, 1)

    def test_a_higher_score_is_converging_even_with_nothing_fixed(self) -> None:
        """Rewritten claims are new findings, the old ones fixed; with the same findings a judge
        may still score the draft higher."""
        p = progress_of(verdict(1, 0.5, unmet=("c1",)), verdict(2, 0.6, unmet=("c1",)))
        assert p.converging and p.score_change == pytest.approx(0.1)

    def test_a_score_that_falls_by_the_regression_margin_is_not_converging_whatever_was_fixed(self) -> None:
        before = verdict(1, 0.6, [flag(1), flag(2, claim="x")])
        p = progress_of(before, verdict(2, 0.6 - MAX_DROP, [flag(3, claim="y")]))
        assert p.resolved == 2 and not p.converging and p.note == "the score fell (0.600 -> 0.550)"
        assert progress_of(before, verdict(2, 0.56, [flag(3, claim="y")])).converging

    def test_a_passing_attempt_is_converging(self) -> None:
        after = verdict(2, 0.5, outcome=Verdict.PASS, action=Action.CONTINUE)
        assert progress_of(verdict(1, 0.5), after).converging

    def test_without_findings_before_a_flat_score_says_nothing_was_fixed(self) -> None:
        p = progress_of(verdict(1, 0.5), verdict(2, 0.5))
        assert not p.converging and p.note.startswith("attempt 2 fixed nothing and the score did not rise")


class TestSettle:
    def test_a_stalled_retry_escalates_and_says_why(self) -> None:
        before = Attempt.of(verdict(1, 0.5, [flag(1)]))
        got = settle(verdict(2, 0.5, [flag(2)], reason="earlier note"), before)
        assert got.action is Action.ESCALATE and got.status is Status.REQUIRES_CORRECTION
        assert got.progress is not None and not got.progress.converging
        assert got.reason == "earlier note; corrections are not converging: " + got.progress.note
        assert got.fix_instructions == "" and got.flags[0].id == "f2", "nothing else changes"

    def test_escalate_on_stall_false_keeps_the_retry_and_still_reports_progress(self) -> None:
        got = settle(
            verdict(2, 0.5, [flag(2)]), Attempt.of(verdict(1, 0.5, [flag(1)])), escalate_on_stall=False
        )
        assert (
            got.action is Action.RETRY_WITH_FEEDBACK
            and got.progress is not None
            and not got.progress.converging
        )
        assert got.reason == ""

    def test_a_converging_retry_stays_a_retry(self) -> None:
        got = settle(verdict(2, 0.5, [flag(2, claim="y")]), Attempt.of(verdict(1, 0.4, [flag(1)])))
        assert (
            got.action is Action.RETRY_WITH_FEEDBACK and got.progress is not None and got.progress.converging
        )

    @pytest.mark.parametrize("action", [Action.CONTINUE, Action.ESCALATE])
    def test_only_a_retry_is_turned_into_an_escalation(self, action: Action) -> None:
        got = settle(verdict(2, 0.5, [flag(1)], action=action), Attempt.of(verdict(1, 0.5, [flag(1)])))
        assert got.action is action and got.reason == ""

    def test_an_error_verdict_or_no_previous_attempt_is_left_as_it_is(self) -> None:
        error = verdict(2, 0.0, outcome=Verdict.ERROR, action=Action.ESCALATE)
        assert settle(error, Attempt.of(verdict(1, 0.5))) is error
        fresh = verdict(2, 0.5)
        assert settle(fresh, None) is fresh


class TestAttempts:
    def test_an_attempt_survives_its_json_and_holds_no_draft_text(self) -> None:
        one = Attempt.of(verdict(1, 0.5, [flag(1, claim="A secret claim.")], unmet=("c1",)))
        raw = one.to_json()
        assert Attempt.from_json(raw) == one and Attempt.from_json(raw.encode()) == one
        assert "secret" not in raw and one.findings[1] == "criterion:c1"

    def test_previous_is_the_latest_attempt_before(self) -> None:
        found = {n: Attempt(f"j{n}", n, 0.5, ()) for n in (1, 2, 4)}
        assert previous(found, 4) is found[2] and previous(found, 5) is found[4]
        assert previous(found, 1) is None and previous({}, 3) is None
