"""The pipeline: planning, short-circuit, bypass, budget, scoring into verdict/status/action."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from factories import BODY, make_job
from hypothesis import given, settings
from hypothesis import strategies as st

from checks import Budget, CriterionJudgement, Judgement, PipelineConfig, verify, verify_document
from checks.profiles import choose_profile, plan
from messages import (
    Action,
    CheckName,
    CheckStatus,
    Criterion,
    JobValidationError,
    Profile,
    Status,
    Verdict,
    VerifyJob,
    parse_job,
)


@dataclass
class ScriptedJudge:
    """A judge that answers fixed scores and records what it was asked (no network)."""

    scores: dict[str, float] = field(default_factory=dict)
    price: float = 0.01
    spend: float = 0.004
    confidence: float = 0.9
    calls: list[list[str]] = field(default_factory=list)

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        return self.price

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        self.calls.append([c.id for c in criteria])
        return Judgement(
            criteria=[CriterionJudgement(c.id, self.scores.get(c.id, 1.0), "scripted") for c in criteria],
            quality=None,
            confidence=self.confidence,
            models=["scripted:judge"],
            cost_usd=self.spend,
            tokens_in=100,
            tokens_out=20,
        )


def job_with(**overrides: Any) -> VerifyJob:
    return parse_job(make_job(**overrides))


JUDGED = {"id": "j1", "text": "Explains the risk tiers", "must_pass": True}
WORDS_OK = {"id": "c1", "text": "words", "check": "word_count", "params": {"ge": 10, "le": 200}}
WORDS_BAD = {"id": "c1", "text": "words", "check": "word_count", "params": {"ge": 500}, "must_pass": True}


class TestPlanning:
    def test_free_checks_run_before_paid_ones_in_profile_order(self) -> None:
        """Given a judged criterion listed first, the judge is still planned last."""
        job = job_with(criteria=[JUDGED, WORDS_OK])
        names = [p.name for p in plan(job, Profile.CRITERIA)]
        assert names[0] is CheckName.WORD_COUNT
        assert names[-1] is CheckName.JUDGE

    def test_auto_adds_cite_integrity_when_urls_were_seen(self) -> None:
        """auto on a markdown output with seen_urls adds cite_integrity; an explicit
        criteria profile does not."""
        job = job_with()
        assert CheckName.CITE_INTEGRITY in [p.name for p in plan(job, choose_profile(job, Profile.AUTO))]
        explicit = job_with(policy={"profile": "criteria"})
        assert CheckName.CITE_INTEGRITY not in [p.name for p in plan(explicit, Profile.CRITERIA)]

    def test_a_workspace_default_of_criteria_adds_no_auto_checks(self) -> None:
        """Given the workspace profile criteria and a job that names none, when it is verified,
        then it runs criteria's checks only, as if the job had asked for criteria; under a
        workspace default of auto the same job gets cite_integrity too."""
        job = job_with(criteria=[WORDS_OK])
        chosen = verify(job, config=PipelineConfig(profile=Profile.CRITERIA))
        assert chosen.profile is Profile.CRITERIA
        assert [c.name for c in chosen.checks] == ["word_count"]
        auto = verify(job, config=PipelineConfig(profile=Profile.AUTO))
        assert [c.name for c in auto.checks] == ["word_count", "cite_integrity"]

    @pytest.mark.parametrize(
        "html",
        [
            "<p>Latency is 45 ms.<!-- [Source: analytics:dash:p99] --></p>",
            "<p>Latency is 45 ms.<cite>[Source: analytics:dash:p99]</cite></p>",
            "<p>Latency is 45 ms.<cite>Source: analytics:dash/latency:p95</cite></p>",
            "<p>Latency is 45 ms [source: analytics:dash:p99].</p>",
        ],
    )
    def test_auto_picks_integrity_for_html_with_source_markers(self, html: str) -> None:
        """Every marker form the integrity check reads routes HTML to it, the bare <cite> too."""
        job = job_with(output={"format": "html", "content": html})
        assert choose_profile(job, Profile.AUTO) is Profile.INTEGRITY

    def test_a_marker_shown_as_code_does_not_make_html_an_integrity_draft(self) -> None:
        html = "<p>Write markers as <code>[Source: web:https://example.org:web-1]</code>.</p>"
        job = job_with(output={"format": "html", "content": html})
        assert choose_profile(job, Profile.AUTO) is Profile.CRITERIA

    def test_bad_criterion_params_name_the_field(self) -> None:
        job = job_with(criteria=[{"id": "c1", "text": "x", "check": "word_count", "params": {"le": -3}}])
        with pytest.raises(JobValidationError) as e:
            plan(job, Profile.CRITERIA)
        assert e.value.where == "criteria.0.params.le"

    def test_params_without_any_bound_are_refused(self) -> None:
        job = job_with(criteria=[{"id": "c1", "text": "x", "check": "word_count", "params": {}}])
        with pytest.raises(JobValidationError, match="at least one of ge, le"):
            plan(job, Profile.CRITERIA)


class TestPaidChecks:
    def test_hard_failure_short_circuits_the_judge(self) -> None:
        """Given a failed must_pass deterministic criterion, the judge is skipped (short_circuit)
        and never called."""
        judge = ScriptedJudge()
        verdict = verify(job_with(criteria=[WORDS_BAD, JUDGED]), judge=judge)
        assert judge.calls == []
        assert verdict.checks[-1].status is CheckStatus.SKIPPED
        assert verdict.checks[-1].reason == "short_circuit"
        assert verdict.verdict is Verdict.FAIL

    def test_cheap_tasks_bypass_the_judge(self) -> None:
        judge = ScriptedJudge()
        job = job_with(criteria=[JUDGED], task={"cost_usd": 0.05, "executor_model": "openai:gpt-4o"})
        verdict = verify(job, judge=judge)
        assert judge.calls == []
        assert verdict.checks[-1].reason == "bypass"

    def test_a_judge_that_does_not_fit_the_budget_is_skipped(self) -> None:
        """Budget 0.30 x 0.42 = 0.126 USD; a quote of 0.2 does not fit, so no call is made."""
        judge = ScriptedJudge(price=0.2)
        verdict = verify(job_with(criteria=[WORDS_OK, {**JUDGED, "must_pass": False}]), judge=judge)
        assert judge.calls == []
        assert verdict.checks[-1].reason == "budget"
        assert verdict.cost.budget_usd == pytest.approx(0.126)
        assert verdict.confidence < 1.0

    def test_judge_scores_and_costs_reach_the_verdict(self) -> None:
        judge = ScriptedJudge(scores={"j1": 1.0})
        verdict = verify(job_with(criteria=[WORDS_OK, JUDGED]), judge=judge)
        assert judge.calls == [["j1"]]
        assert verdict.verdict is Verdict.PASS
        assert verdict.cost.usd == pytest.approx(0.004)
        assert (verdict.cost.tokens_in, verdict.cost.tokens_out) == (100, 20)
        assert verdict.judges == ["scripted:judge"]
        judged = next(c for c in verdict.criteria if c.id == "j1")
        assert judged.met is True and judged.judge == "scripted:judge"

    def test_budget_is_shared_across_calls(self) -> None:
        """A budget object passed in is charged: a second job cannot spend what the first did."""
        budget = Budget(0.015)
        job = job_with(criteria=[JUDGED])
        first = verify(job, judge=ScriptedJudge(price=0.01, spend=0.01), budget=budget)
        second = verify(job, judge=ScriptedJudge(price=0.01, spend=0.01), budget=budget)
        assert first.checks[-1].status is CheckStatus.PASS
        assert second.checks[-1].reason == "budget"
        assert budget.spent_usd == pytest.approx(0.01)

    def test_no_judge_configured_fails_closed_for_must_pass(self) -> None:
        """Given a must_pass judged criterion and no judge, the verdict is partial and escalates."""
        verdict = verify(job_with(criteria=[WORDS_OK, JUDGED]))
        assert verdict.checks[-1].reason == "no_judge"
        assert verdict.verdict is Verdict.PARTIAL
        assert verdict.action is Action.ESCALATE
        assert "must_pass" in verdict.reason


class TestScoring:
    def test_a_clean_job_passes_with_full_confidence(self) -> None:
        verdict = verify(job_with())
        assert (verdict.verdict, verdict.status, verdict.action) == (
            Verdict.PASS,
            Status.PASSED,
            Action.CONTINUE,
        )
        assert verdict.score == 1.0 and verdict.confidence == 1.0
        assert verdict.fix_instructions == "" and verdict.flags == []

    def test_failed_must_pass_fails_the_verdict_with_feedback(self) -> None:
        verdict = verify(job_with(criteria=[WORDS_BAD]))
        assert verdict.verdict is Verdict.FAIL
        assert verdict.status is Status.REQUIRES_CORRECTION
        assert verdict.action is Action.RETRY_WITH_FEEDBACK
        assert "Lengthen the text" in verdict.fix_instructions
        assert verdict.correction_brief and verdict.correction_brief[0].flag_ids == ["f1"]

    def test_last_attempt_escalates(self) -> None:
        verdict = verify(job_with(criteria=[WORDS_BAD], attempt=3))
        assert verdict.status is Status.FAILED
        assert verdict.action is Action.ESCALATE

    def test_unseen_url_is_a_partial_with_a_citation_flag_at_its_offsets(self) -> None:
        content = BODY + "\nMore at https://made-up.example/x.\n"
        verdict = verify(job_with(output={"format": "markdown", "content": content}))
        assert verdict.verdict is Verdict.PARTIAL
        (flag,) = verdict.flags
        assert flag.type.value == "citation_error" and flag.severity.value == "critical"
        assert content[flag.start : flag.end] == "https://made-up.example/x"
        assert "URL https://made-up.example/x not found in tool results." in verdict.checks[-1].reason

    def test_a_partial_on_the_last_attempt_still_requires_correction_but_escalates(self) -> None:
        """`failed` is for a fail verdict (or a broken schema); a partial whose score clears the
        threshold keeps `requires_correction`, and out of attempts it escalates."""
        content = BODY + "\nMore at https://made-up.example/x.\n"
        verdict = verify(job_with(output={"format": "markdown", "content": content}, attempt=3))
        assert verdict.verdict is Verdict.PARTIAL
        assert verdict.status is Status.REQUIRES_CORRECTION
        assert verdict.action is Action.ESCALATE

    def test_a_broken_json_schema_fails_at_once(self) -> None:
        schema = {"type": "object", "required": ["name"]}
        job = job_with(
            output={"format": "json", "content": {"title": "x"}},
            criteria=[{"id": "c1", "text": "shape", "check": "json_schema", "params": {"schema": schema}}],
            seen_urls=[],
        )
        verdict = verify(job)
        assert verdict.verdict is Verdict.FAIL
        assert verdict.status is Status.FAILED
        assert verdict.action is Action.RETRY_WITH_FEEDBACK

    def test_pass_threshold_override_turns_a_partial_score_into_a_fail(self) -> None:
        """A word count 1 short scores 0.9; under pass_threshold 0.95 that is a fail, under 0.5 a partial."""
        tight = {"id": "c1", "text": "w", "check": "word_count", "params": {"ge": 10}}
        content = "one two three four five six seven eight nine"
        strict = verify(job_with(criteria=[tight], output={"format": "text", "content": content},
                                 seen_urls=[], policy={"pass_threshold": 0.95}))  # fmt: skip
        lenient = verify(job_with(criteria=[tight], output={"format": "text", "content": content},
                                  seen_urls=[], policy={"pass_threshold": 0.5}))  # fmt: skip
        assert strict.score == pytest.approx(0.9)
        assert strict.verdict is Verdict.FAIL
        assert lenient.verdict is Verdict.PARTIAL

    def test_nothing_to_verify_passes_with_zero_confidence_and_escalates(self) -> None:
        verdict = verify(job_with(criteria=[], seen_urls=[]))
        assert verdict.verdict is Verdict.PASS
        assert verdict.confidence == 0.0
        assert verdict.action is Action.ESCALATE
        assert "nothing to verify" in verdict.reason

    def test_low_confidence_escalates_whatever_the_verdict(self) -> None:
        config = PipelineConfig(escalate_below_confidence=0.95)
        job = job_with(criteria=[WORDS_OK, {**JUDGED, "must_pass": False}])
        verdict = verify(job, config=config, judge=ScriptedJudge(confidence=0.6))
        assert verdict.verdict is Verdict.PASS
        assert verdict.action is Action.ESCALATE


class TestVerifyDocument:
    def test_invalid_job_with_an_id_becomes_an_error_verdict(self) -> None:
        verdict = verify_document(json.dumps({**make_job(job_id="x1"), "attempt": 0}))
        assert verdict.verdict is Verdict.ERROR and verdict.job_id == "x1"
        assert "attempt" in verdict.reason

    def test_a_check_that_crashes_is_an_error_result_not_a_crash(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from checks import registry

        spec = registry.get(CheckName.WORD_COUNT)
        assert spec is not None

        def boom(ctx: Any) -> Any:
            raise RuntimeError("kaboom")

        monkeypatch.setitem(
            registry._REGISTRY, CheckName.WORD_COUNT, spec.__class__(spec.name, boom, spec.params)
        )
        verdict = verify(job_with())
        crashed = next(c for c in verdict.checks if c.name == "word_count")
        assert crashed.status is CheckStatus.ERROR and "kaboom" in crashed.reason
        assert verdict.verdict is Verdict.PARTIAL
        # Nothing a writer could fix: not sent back, a person looks.
        assert verdict.status is Status.PASSED_WITH_WARNINGS
        assert verdict.action is Action.ESCALATE


class TestOneReading:
    """The checks of one verification find the code and comments of its output once
    (``checks.text.one_reading``)."""

    CODE = "Intro words here.\n\n```python\nprint('[s9]')\n```\n\n<!-- a note -->\nMore words `x` here.\n"

    def counted_fences(self, monkeypatch: pytest.MonkeyPatch) -> list[str]:
        import checks.text

        seen: list[str] = []
        real = checks.text.fence_spans

        def fence_spans(text: str) -> list[tuple[int, int]]:
            seen.append(text)
            return real(text)

        monkeypatch.setattr(checks.text, "fence_spans", fence_spans)
        return seen

    def test_a_verification_finds_the_code_of_its_output_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Given four checks that each skip code (word count, phrases, structure, citations), when
        the job is verified twice, then the fences are found once per verification."""
        seen = self.counted_fences(monkeypatch)
        criteria = [
            {"id": "c1", "text": "Words", "check": "word_count", "params": {"ge": 1}},
            {"id": "c2", "text": "No hype", "check": "prohibited_phrases", "params": {"phrases": ["delve"]}},
            {
                "id": "c3",
                "text": "Headings",
                "check": "structure",
                "params": {"sections": [{"heading": "Intro"}]},
            },
            {"id": "c4", "text": "Cites", "check": "cite_integrity"},
        ]
        job = parse_job(make_job(output={"format": "markdown", "content": self.CODE}, criteria=criteria))
        first = verify(job)
        assert len(seen) == 1
        second = verify(job)
        assert len(seen) == 2 and second.same_outcome(first)

    def test_each_caller_gets_a_list_of_its_own_and_nothing_outlives_the_block(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from checks.text import code_spans, comment_spans, one_reading

        seen = self.counted_fences(monkeypatch)
        with one_reading():
            spans = code_spans(self.CODE)
            expected = list(spans)
            spans.append((0, 1))
            assert code_spans(self.CODE) == expected
            assert comment_spans(self.CODE) == [(self.CODE.index("<!--"), self.CODE.index("-->") + 3)]
        assert len(seen) == 1
        assert code_spans(self.CODE) == expected
        assert len(seen) == 2


class TestIndentedCode:
    """Markdown's indented code blocks (four spaces or a tab) are code, as CommonMark reads them:
    what a check skips in fences it skips there too; in other formats an indented line is prose."""

    @pytest.mark.parametrize(
        ("text", "code"),
        [
            ("Intro.\n\n    x = 1\n    y = 2\n\nAfter.\n", ["    x = 1\n    y = 2"]),
            ("Intro.\n\n    x = 1\n\n    y = 2\n\n\nAfter.\n", ["    x = 1\n\n    y = 2"]),  # one block
            ("# Title\n    right after a heading\n", ["    right after a heading"]),
            ("Para.\n\n\ttabbed\n", ["\ttabbed"]),
            ("Para.\r\n\r\n    crlf\r\n\r\nEnd.\r\n", ["    crlf"]),
            ("    at the start\nthen a paragraph\n", ["    at the start"]),
            ("A paragraph\n    goes on here.\n", []),  # a paragraph's continuation
            ("- an item\n\n    its second paragraph.\n\nText.\n", []),  # a list item's text
            ("1. an item\n\n       code in the item\n", ["       code in the item"]),
            ("```\nfenced\n```\n\n    indented\n", ["```\nfenced\n```", "    indented"]),
        ],
    )
    def test_spans(self, text: str, code: list[str]) -> None:
        from checks.text import code_spans, one_reading

        with one_reading(markdown=True):
            found = [text[a:b] for a, b in code_spans(text)]
        assert found == code
        with one_reading():
            assert all(text[a:b].lstrip().startswith("```") for a, b in code_spans(text))  # not markdown
        assert all(text[a:b].lstrip().startswith("```") for a, b in code_spans(text))  # format unknown

    TEXT = (
        "# Setup\n\nRun the client like this and it connects at once.\n\n"
        "    # delve into the config\n    client = connect('https://example.com/api')\n\n"
        "That is the whole setup, and it works as described here.\n"
    )
    CRITERIA: ClassVar[list[dict[str, Any]]] = [
        {"id": "c1", "text": "No hype", "check": "prohibited_phrases", "params": {"phrases": ["delve"]}},
        {
            "id": "c2",
            "text": "One heading",
            "check": "structure",
            "params": {"sections": [{"heading": "Setup"}]},
        },
    ]

    def verdict(self, fmt: str) -> dict[str, Any]:
        job = parse_job(make_job(output={"format": fmt, "content": self.TEXT}, criteria=self.CRITERIA))
        return {c.name: c for c in verify(job).checks}

    def test_markdown_code_is_not_read_as_prose(self) -> None:
        """Given a markdown draft whose indented code holds a banned word and a '#' comment, then
        the phrase check passes and the comment is no heading; as plain text, the word is flagged."""
        checks = self.verdict("markdown")
        assert checks["prohibited_phrases"].status is CheckStatus.PASS, checks["prohibited_phrases"]
        assert checks["structure"].status is CheckStatus.PASS, checks["structure"]
        assert self.verdict("text")["prohibited_phrases"].status is CheckStatus.FAIL

    @settings(max_examples=500, deadline=None)
    @given(
        st.lists(
            st.sampled_from(
                [
                    *("", "   ", "text", "# Head", "#", "- item", "1. item", "> quote", "```", "<div>"),
                    *("\tx", "    code", "     deeper", "  two", "   \tmix", "\r", "text\r", "- - -", "***"),
                    *("===", "---", "-", "2)", "* *", "<!-- c -->", "[a]: /u", "| a | b |", "~~~", "**b** c"),
                    *("1.", "- - item", "  - sub", "        eight", "\t\tdeep"),
                ]
            ),
            max_size=12,
        ),
        st.sampled_from(["\n", "\r\n", "\r"]),
    )
    def test_the_quick_look_never_hides_a_block(self, lines: list[str], newline: str) -> None:
        """Only texts the quick look picks are parsed: it must pick every one that holds a block."""
        text = newline.join(lines)
        from checks.text import _may_hold_indented_code, indented_code_spans

        if indented_code_spans(text):
            assert _may_hold_indented_code(text)
