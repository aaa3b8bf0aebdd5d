"""LLMJudge through the pipeline, over httpx.MockTransport: choice, cost, retries, ensemble, circuits."""

from __future__ import annotations

import asyncio
import json
import math
import re
from typing import Any

import httpx
import pytest
from judge_server import scores
from judge_support import JUDGE, JUDGED, Mock, anthropic_reply, job_with, mock_judge, openai_reply

from checks import verify
from checks.judge import InMemoryBreaker, Item
from messages import Action, CheckStatus, Verdict, VerdictEvent

GOOD = scores({"j1": 4}, confidence=0.8)
MINI = "openai:gpt-4o-mini"
OPTIONAL = {**JUDGED, "must_pass": False}


def judge_check(verdict: VerdictEvent) -> Any:
    return next(c for c in verdict.checks if c.name == "judge")


def by_provider(openai: dict[str, Any] | httpx.Response, anthropic: dict[str, Any] | httpx.Response) -> Any:
    def handle(request: httpx.Request) -> httpx.Response:
        reply = anthropic if request.url.host == "api.anthropic.com" else openai
        if isinstance(reply, httpx.Response):
            return reply
        return anthropic_reply(reply) if request.url.host == "api.anthropic.com" else openai_reply(reply)

    return handle


class TestQuote:
    def test_the_worst_case_is_two_calls_with_the_bad_answer_sent_back(self) -> None:
        """Per judge: input 2P + M + R, output 2M, at claude-3-5-haiku's 0.80 / 4.00 USD per million."""
        judge = mock_judge(Mock())
        job = job_with()
        quote = judge.quote(job, list(job.criteria))
        plan = judge.plan(Item(job, tuple(job.criteria)))
        p, m, r = plan.prompt_tokens, 1024, plan.retry_tokens
        assert quote == pytest.approx(((2 * p + m + r) * 0.80 + 2 * m * 4.00) / 1e6)

    def test_an_ensemble_quotes_every_judge(self) -> None:
        judge = mock_judge(Mock(), judges=(MINI, JUDGE))
        job = job_with(task={"executor_model": "ollama:llama3.1", "cost_usd": 0.42}, policy={"ensemble": 2})
        single = mock_judge(Mock(), judges=(JUDGE,)).quote(job, list(job.criteria))
        assert judge.quote(job, list(job.criteria)) > single


class TestOneJudge:
    def test_scores_cost_and_tokens_reach_the_verdict(self) -> None:
        """usage 1000 in / 100 out at 0.80 / 4.00 per million = 0.0008 + 0.0004 = 0.0012 USD."""
        mock = Mock(anthropic_reply(GOOD))
        verdict = verify(job_with(), judge=mock_judge(mock))
        assert verdict.verdict is Verdict.PASS and len(mock.requests) == 1
        assert verdict.cost.usd == pytest.approx(0.0012, abs=1e-12) and round(verdict.cost.usd, 2) == 0.0
        assert (verdict.cost.tokens_in, verdict.cost.tokens_out) == (1000, 100)
        assert verdict.judges == [JUDGE]
        (criterion,) = verdict.criteria
        assert (criterion.score, criterion.met, criterion.judge) == (0.75, True, JUDGE)
        assert verdict.quality is not None and verdict.quality.accuracy == 0.75
        row = judge_check(verdict).details["judges"][0]
        assert row["confidence_source"] == "stated" and row["scores"] == {"j1": 4} and row["latency_ms"] >= 0

    def test_one_format_retry_says_what_was_wrong(self) -> None:
        mock = Mock(anthropic_reply("The output looks fine to me."), anthropic_reply(GOOD))
        verdict = verify(job_with(), judge=mock_judge(mock))
        assert verdict.verdict is Verdict.PASS and len(mock.requests) == 2
        retry = mock.bodies()[1]["messages"]
        assert [m["role"] for m in retry] == ["user", "assistant", "user"]
        assert retry[1]["content"] == "The output looks fine to me."
        assert "holds no JSON object" in retry[2]["content"]
        assert verdict.cost.usd == pytest.approx(0.0024)

    def test_a_second_malformed_answer_is_an_error_that_still_costs(self) -> None:
        """Never a guessed score: the check is error, the must_pass criterion stays open, the money counts."""
        mock = Mock(anthropic_reply("nope"), anthropic_reply(scores({"other": 5})))
        verdict = verify(job_with(), judge=mock_judge(mock))
        check = judge_check(verdict)
        assert check.status is CheckStatus.ERROR
        assert "criteria missing from the answer: j1 (after one format retry)" in check.reason
        assert verdict.verdict is Verdict.PARTIAL and verdict.criteria[0].score is None
        assert verdict.cost.usd == pytest.approx(0.0024) and check.cost_usd == pytest.approx(0.0024)

    def test_a_must_pass_criterion_scored_low_fails_the_verdict(self) -> None:
        verdict = verify(job_with(), judge=mock_judge(Mock(anthropic_reply(scores({"j1": 2})))))
        assert verdict.verdict is Verdict.FAIL and verdict.criteria[0].met is False
        assert "criterion j1" in verdict.fix_instructions and verdict.action is Action.RETRY_WITH_FEEDBACK

    def test_logprobs_give_the_confidence_when_present(self) -> None:
        """p(4) = 0.7, p(5) = 0.3 on the score token: confidence 1 - sqrt(0.3) / 2."""
        text = json.dumps(GOOD)
        digit = re.search(r'"score": (4)', text)
        assert digit is not None
        tokens = [{"token": ch, "logprob": 0.0, "top_logprobs": []} for ch in text]
        tokens[digit.start(1)]["top_logprobs"] = [
            {"token": "4", "logprob": math.log(0.7)},
            {"token": "5", "logprob": math.log(0.3)},
        ]
        mock = Mock(openai_reply(text, logprobs={"content": tokens}))
        job = job_with(task={"executor_model": "anthropic:claude-sonnet-4", "cost_usd": 0.42})
        verdict = verify(job, judge=mock_judge(mock, judges=(MINI,)))
        row = judge_check(verdict).details["judges"][0]
        assert row["confidence_source"] == "logprobs" and row["expected_scores"] == {"j1": 4.3}
        assert row["confidence"] == pytest.approx(1 - math.sqrt(0.3) / 2, abs=1e-4)


class TestChoosing:
    def test_no_judge_configured_skips_with_no_judge(self) -> None:
        verdict = verify(job_with(), judge=mock_judge(Mock(), judges=()))
        assert judge_check(verdict).reason == "no_judge"

    def test_only_the_executors_family_skips_with_no_independent_judge(self) -> None:
        """Given executor openai:gpt-4o and only openai judges, nothing is called and confidence drops."""
        mock = Mock()
        verdict = verify(
            job_with(criteria=[OPTIONAL]), judge=mock_judge(mock, judges=(MINI, "openai:gpt-4o"))
        )
        check = judge_check(verdict)
        assert (check.status, check.reason) == (CheckStatus.SKIPPED, "no_independent_judge")
        assert mock.requests == [] and verdict.confidence < 1.0
        assert any("family" in line for line in check.details["refused"])

    def test_the_first_independent_judge_of_the_policy_is_used(self) -> None:
        mock = Mock(anthropic_reply(GOOD))
        job = job_with(policy={"judges": [MINI, JUDGE, "ollama:llama3.1"]})
        verdict = verify(job, judge=mock_judge(mock, judges=("ollama:llama3.1",)))
        assert verdict.judges == [JUDGE] and mock.requests[0].url.host == "api.anthropic.com"
        assert any("openai:gpt-4o-mini passed over" in n for n in judge_check(verdict).details["notes"])

    def test_a_bad_judge_name_in_the_policy_is_an_error_naming_it(self) -> None:
        verdict = verify(
            job_with(policy={"judges": ["anthropic:claude?temperature=9"]}), judge=mock_judge(Mock())
        )
        assert judge_check(verdict).status is CheckStatus.ERROR
        assert "policy.judges.0" in judge_check(verdict).reason

    def test_a_model_without_a_price_is_an_error_not_a_free_call(self) -> None:
        mock = Mock()
        verdict = verify(job_with(), judge=mock_judge(mock, judges=("openrouter:meta-llama/llama-3.1-70b",)))
        assert "no price for judge model" in judge_check(verdict).reason and mock.requests == []

    def test_a_hosted_provider_without_a_key_is_passed_over(self) -> None:
        judge = mock_judge(Mock(), judges=("anthropic:claude-3-5-haiku",))
        judge.client._endpoints.pop("anthropic")
        verdict = verify(job_with(), judge=judge)
        assert judge_check(verdict).reason == "no_judge"
        assert "no API key for anthropic" in judge_check(verdict).details["refused"][0]


class TestEnsemble:
    JOB = {"task": {"executor_model": "ollama:llama3.1", "cost_usd": 0.42}, "policy": {"ensemble": 2}}

    def test_disagreement_averages_the_scores_and_lowers_confidence(self) -> None:
        """5 against 1: the score is the mean 0.5, the spread 1.0 and the judged part's confidence 0, so the
        verdict's confidence is only cite_integrity's half."""
        handle = by_provider(scores({"j1": 5}, confidence=0.9), scores({"j1": 1}, confidence=0.9))
        mock = Mock(handle, handle)
        verdict = verify(
            job_with(criteria=[OPTIONAL], **self.JOB), judge=mock_judge(mock, judges=(MINI, JUDGE))
        )
        assert sorted(verdict.judges) == sorted([MINI, JUDGE]) and len(mock.requests) == 2
        assert verdict.criteria[0].score == 0.5 and judge_check(verdict).details["spread"] == 1.0
        assert verdict.confidence == 0.5

    def test_agreement_keeps_confidence(self) -> None:
        handle = by_provider(scores({"j1": 4}, confidence=0.9), scores({"j1": 4}, confidence=0.7))
        verdict = verify(job_with(**self.JOB), judge=mock_judge(Mock(handle, handle), judges=(MINI, JUDGE)))
        assert verdict.verdict is Verdict.PASS and verdict.confidence == pytest.approx(
            0.8 / 2 + 0.5, abs=0.01
        )

    def test_when_only_some_answer_the_notes_say_which(self) -> None:
        handle = by_provider(httpx.Response(400, json={"error": {"message": "bad"}}), scores({"j1": 4}))
        verdict = verify(job_with(**self.JOB), judge=mock_judge(Mock(handle, handle), judges=(MINI, JUDGE)))
        notes = judge_check(verdict).details["notes"]
        assert verdict.judges == [JUDGE]
        assert any(
            "1 of 2 judges answered (anthropic:claude-3-5-haiku-20241022)" in n and MINI in n for n in notes
        )

    def test_when_none_answer_the_check_is_an_error(self) -> None:
        bad = httpx.Response(400, json={"error": {"message": "bad"}})
        handle = by_provider(bad, bad)
        verdict = verify(job_with(**self.JOB), judge=mock_judge(Mock(handle, handle), judges=(MINI, JUDGE)))
        assert judge_check(verdict).status is CheckStatus.ERROR
        assert "no judge answered" in judge_check(verdict).reason


class TestCircuit:
    def test_failures_open_the_circuit_and_then_no_call_is_made(self) -> None:
        breaker = InMemoryBreaker(failures=2, cooldown_s=300)
        mock = Mock(*[httpx.Response(400, json={"error": {"message": "bad"}})] * 2)
        judge = mock_judge(mock, breaker=breaker)
        first, second = (verify(job_with(), judge=judge) for _ in range(2))
        assert (
            judge_check(first).status is CheckStatus.ERROR and judge_check(second).status is CheckStatus.ERROR
        )
        third = verify(job_with(), judge=judge)
        check = judge_check(third)
        assert (check.status, check.reason) == (CheckStatus.SKIPPED, "circuit_open")
        assert len(mock.requests) == 2
        assert "circuit open for anthropic (fail-closed)" in third.reason
        assert third.verdict is Verdict.PARTIAL and "must_pass" in third.reason

    def test_fail_open_passes_on_the_other_checks_with_lower_confidence(self) -> None:
        breaker = InMemoryBreaker(failures=1)
        breaker.record_failure("anthropic")
        verdict = verify(job_with(), judge=mock_judge(Mock(), breaker=breaker, fail_open=True))
        assert (
            judge_check(verdict).reason == "circuit_open"
            and judge_check(verdict).details["fail_open"] is True
        )
        assert verdict.verdict is Verdict.PASS and verdict.confidence < 1.0
        assert "fail-open" in verdict.reason

    def test_an_open_circuit_falls_back_to_the_next_judge(self) -> None:
        breaker = InMemoryBreaker(failures=1)
        breaker.record_failure("anthropic")
        mock = Mock(openai_reply(GOOD))
        job = job_with(task={"executor_model": "ollama:llama3.1", "cost_usd": 0.42})
        verdict = verify(job, judge=mock_judge(mock, judges=(JUDGE, MINI), breaker=breaker))
        assert verdict.judges == [MINI]


class TestAsync:
    def test_ajudge_gives_the_same_judgement(self) -> None:
        mock = Mock(anthropic_reply("oops"), anthropic_reply(GOOD))
        judge = mock_judge(mock)
        job = job_with()

        async def go() -> Any:
            try:
                return await judge.ajudge(job, list(job.criteria))
            finally:
                await judge.aclose()

        got = asyncio.run(go())
        assert (
            got.criteria[0].score == 0.75
            and got.cost_usd == pytest.approx(0.0024)
            and len(mock.requests) == 2
        )
