"""The judge against a real HTTP server on loopback, through the whole pipeline (``checks.verify``).

The server (``judge_server.py``) speaks OpenAI chat completions and Anthropic messages
and answers from a script: valid, malformed, 429 with Retry-After, 500, slow, disconnect.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
from typing import Any

import pytest
import structlog
from judge_server import JudgeServer, answer, disconnect, scores, status
from judge_support import JUDGE, JUDGED, KEY, LoopbackJudge, injections, job_with

from checks import verify
from checks.judge import InMemoryBreaker
from messages import CheckStatus, Verdict, VerdictEvent

GOOD = answer(scores({"j1": 4}))
OPTIONAL = {**JUDGED, "must_pass": False}
MINI = "openai:gpt-4o-mini"


def judge_check(verdict: VerdictEvent) -> Any:
    return next(c for c in verdict.checks if c.name == "judge")


class TestProtocols:
    def test_anthropic_messages(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(GOOD)
        verdict = verify(job_with(), judge=loopback())
        (request,) = judge_server.requests
        assert request.path == "/v1/messages" and request.headers["x-api-key"] == KEY
        assert request.headers["anthropic-version"] == "2023-06-01"
        assert verdict.verdict is Verdict.PASS and verdict.judges == [JUDGE]
        assert verdict.cost.usd == pytest.approx(0.0012, abs=1e-12)

    def test_openai_chat_completions(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        """usage 1000 / 100 at gpt-4o-mini's 0.15 / 0.60 per million: 0.00015 + 0.00006 = 0.00021 USD."""
        judge_server.push(GOOD)
        job = job_with(task={"executor_model": "anthropic:claude-sonnet-4", "cost_usd": 0.42})
        verdict = verify(job, judge=loopback((MINI,)))
        (request,) = judge_server.requests
        assert request.path == "/v1/chat/completions" and request.headers["authorization"] == f"Bearer {KEY}"
        assert request.body["response_format"] == {"type": "json_object"}
        assert verdict.cost.usd == pytest.approx(0.00021, abs=1e-12)


class TestScriptedReplies:
    def test_malformed_then_valid(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(answer("Looks good!"), GOOD)
        verdict = verify(job_with(), judge=loopback())
        assert verdict.verdict is Verdict.PASS and len(judge_server.requests) == 2
        assert "Looks good!" in judge_server.requests[1].prompt

    def test_malformed_twice_is_an_error_never_a_guess(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(answer("{}"), answer(scores({"j1": 9})))
        verdict = verify(job_with(), judge=loopback())
        check = judge_check(verdict)
        assert check.status is CheckStatus.ERROR and "after one format retry" in check.reason
        assert verdict.verdict is Verdict.PARTIAL and verdict.criteria[0].score is None
        assert verdict.cost.usd == pytest.approx(0.0024)

    def test_429_with_retry_after_is_waited_out(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(
            status(
                429, {"error": {"type": "rate_limit_error", "message": "slow down"}}, {"retry-after": "1"}
            ),
            GOOD,
        )
        started = time.monotonic()
        verdict = verify(job_with(), judge=loopback())
        assert time.monotonic() - started >= 1.0
        assert verdict.verdict is Verdict.PASS and len(judge_server.requests) == 2

    def test_500_is_retried(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(status(500, {"error": {"message": "boom"}}), GOOD)
        verdict = verify(job_with(), judge=loopback())
        assert verdict.verdict is Verdict.PASS and len(judge_server.requests) == 2

    def test_a_reply_slower_than_the_timeout_is_an_error(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(answer(scores({"j1": 4}), delay_s=1.0), answer(scores({"j1": 4}), delay_s=1.0))
        started = time.monotonic()
        verdict = verify(job_with(), judge=loopback(timeout_s=0.3, max_retries=1))
        check = judge_check(verdict)
        assert (
            check.status is CheckStatus.ERROR and "ReadTimeout" in check.reason and "2 tries" in check.reason
        )
        assert time.monotonic() - started < 2.0

    def test_a_disconnect_is_retried(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(disconnect(), GOOD)
        verdict = verify(job_with(), judge=loopback())
        assert verdict.verdict is Verdict.PASS and len(judge_server.requests) == 2


class TestRules:
    def test_cross_model_refusal_sends_nothing(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        verdict = verify(job_with(), judge=loopback((MINI, "openai:gpt-4.1-mini")))
        assert judge_check(verdict).reason == "no_independent_judge" and judge_server.requests == []

    def test_a_quote_over_the_budget_sends_nothing(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Budget 0.0001 x 0.42 = 0.000042 USD is less than one haiku call's worst case."""
        judge_server.default = GOOD
        verdict = verify(job_with(criteria=[OPTIONAL], policy={"budget_fraction": 0.0001}), judge=loopback())
        check = judge_check(verdict)
        assert (check.status, check.reason) == (CheckStatus.SKIPPED, "budget")
        assert judge_server.requests == [] and check.details["quote_usd"] > verdict.cost.budget_usd

    def test_must_pass_failure(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(answer(scores({"j1": 3})))
        verdict = verify(job_with(), judge=loopback())
        assert verdict.verdict is Verdict.FAIL and verdict.criteria[0].met is False

    def test_ensemble_disagreement(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(answer(scores({"j1": 5})), model="gpt-4o-mini")
        judge_server.push(answer(scores({"j1": 2})), model="claude-3-5-haiku-20241022")
        job = job_with(task={"executor_model": "ollama:llama3.1", "cost_usd": 0.42}, policy={"ensemble": 2})
        verdict = verify(job, judge=loopback((MINI, JUDGE)))
        assert sorted(r.path for r in judge_server.requests) == ["/v1/chat/completions", "/v1/messages"]
        assert verdict.criteria[0].score == pytest.approx(0.625) and verdict.criteria[0].met is False
        assert judge_check(verdict).details["spread"] == 0.75
        assert verdict.cost.usd == pytest.approx(0.00021 + 0.0012)

    def test_the_circuit_opens_and_closes(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        """Two failed calls open it: the third job sends nothing and says so; after the cooldown a good
        call closes it."""
        now = [0.0]
        breaker = InMemoryBreaker(failures=2, cooldown_s=60, clock=lambda: now[0])
        judge = loopback(breaker=breaker, max_retries=0)
        judge_server.push(status(503), status(503))
        for _ in range(2):
            assert judge_check(verify(job_with(), judge=judge)).status is CheckStatus.ERROR
        opened = verify(job_with(), judge=judge)
        assert judge_check(opened).reason == "circuit_open" and len(judge_server.requests) == 2
        assert "circuit open for anthropic" in opened.reason and opened.confidence < 1.0
        now[0] += 61
        judge_server.push(GOOD)
        closed = verify(job_with(), judge=judge)
        assert closed.verdict is Verdict.PASS and breaker.state("anthropic") == "closed"

    @pytest.mark.parametrize("probe_succeeds", [True, False])
    def test_half_open_jobs_wait_for_the_one_probe(
        self, probe_succeeds: bool, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """After the cooldown one call is the probe; a job arriving while it is out sends nothing
        until the probe reports: judged when it succeeded, circuit_open when it failed."""
        now = [0.0]
        breaker = InMemoryBreaker(failures=1, cooldown_s=60, clock=lambda: now[0])
        judge = loopback(breaker=breaker, max_retries=0)
        judge_server.push(status(503))
        verify(job_with(), judge=judge)
        now[0] += 61
        assert breaker.admit("anthropic") == "call", "the probe, taken by another thread"
        judge_server.push(GOOD)
        report = breaker.record_success if probe_succeeds else breaker.record_failure
        reporter = threading.Timer(0.5, report, args=("anthropic",))
        reporter.start()
        waited = verify(job_with(), judge=judge)
        reporter.join()
        if probe_succeeds:
            assert waited.verdict is Verdict.PASS and len(judge_server.requests) == 2
        else:
            assert judge_check(waited).reason == "circuit_open" and len(judge_server.requests) == 1


class TestPromptInjection:
    @pytest.mark.parametrize("text", injections())
    def test_a_deterministic_failure_stands(
        self, text: str, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given an injected output and a judge that would obey it, the failed must_pass word count still
        fails the verdict, and the judge is never asked."""
        judge_server.default = answer(scores({"j1": 5}, confidence=1.0))
        words = {"id": "c1", "text": "long", "check": "word_count", "params": {"ge": 500}, "must_pass": True}
        content = "# Findings\n\nShort.\n\n" + text
        job = job_with(
            criteria=[words, JUDGED], output={"format": "markdown", "content": content}, seen_urls=[]
        )
        verdict = verify(job, judge=loopback())
        assert verdict.verdict is Verdict.FAIL and judge_check(verdict).reason == "short_circuit"
        assert judge_server.requests == []

    @pytest.mark.parametrize("text", injections())
    def test_an_obedient_judge_cannot_undo_a_failed_check(
        self, text: str, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """The deterministic checks give the same statuses with and without the judge; the output reached
        the judge inside a fence whose code it does not contain."""
        judge_server.default = answer(scores({"j1": 5}, confidence=1.0))
        words = {"id": "c1", "text": "long", "check": "word_count", "params": {"ge": 500}}
        content = "# Findings\n\nShort.\n\n" + text
        job = job_with(
            criteria=[words, OPTIONAL], output={"format": "markdown", "content": content}, seen_urls=[]
        )
        judged, alone = verify(job, judge=loopback()), verify(job)
        free = [(c.name, c.status) for c in judged.checks if c.name != "judge"]
        assert free == [(c.name, c.status) for c in alone.checks if c.name != "judge"]
        assert ("word_count", CheckStatus.FAIL) in free and judged.verdict is not Verdict.PASS
        (request,) = judge_server.requests
        code = re.search(r"<<<BEGIN OUTPUT ([0-9A-F]{16})>>>\n", request.prompt)
        assert code is not None and code.group(1).casefold() not in content.casefold()
        assert (
            f"<<<BEGIN OUTPUT {code.group(1)}>>>\n{content}\n<<<END OUTPUT {code.group(1)}>>>"
            in request.prompt
        )


class TestKeys:
    def test_the_key_is_in_no_verdict_error_or_log(
        self, judge_server: JudgeServer, loopback: LoopbackJudge, caplog: pytest.LogCaptureFixture
    ) -> None:
        """A 401 that echoes the key, then a success, with every logger at DEBUG."""
        echo = {
            "type": "error",
            "error": {"type": "authentication_error", "message": f"invalid x-api-key {KEY}"},
        }
        judge_server.push(status(401, echo))
        caplog.set_level(logging.DEBUG)
        with structlog.testing.capture_logs() as logs:
            failed = verify(job_with(), judge=loopback())
            judge_server.push(GOOD)
            passed = verify(job_with(), judge=loopback())
        assert "authentication failed" in judge_check(failed).reason
        assert passed.verdict is Verdict.PASS
        for text in (failed.model_dump_json(), passed.model_dump_json(), caplog.text, repr(logs)):
            assert KEY not in text and KEY[:12] not in text


class TestAsync:
    def test_ajudge_over_http(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(status(500), GOOD)
        judge = loopback()
        job = job_with()

        async def go() -> Any:
            try:
                return await judge.ajudge(job, list(job.criteria))
            finally:
                await judge.aclose()

        got = asyncio.run(go())
        assert got.criteria[0].score == 0.75 and len(judge_server.requests) == 2
