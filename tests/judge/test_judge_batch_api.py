"""Provider batch APIs (``judge_many(items, via="batch_api")``) end to end against the loopback server.

OpenAI: upload a JSONL file, create a batch, poll, read the output and error files. Anthropic:
create a message batch, poll, read its results. Both at the batch price, results mapped back by
custom_id, and whatever the batch does not answer in time judged by a direct call.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import structlog
from judge_server import JudgeServer, answer, expired, scores, status
from judge_support import JUDGE, KEY, LoopbackJudge, Mock, anthropic_reply, job_with, mock_judge, openai_reply

from checks.judge import Item, LLMJudge, ModelRef, PriceTable
from checks.judge.batch_api import BatchApi, Submitted
from checks.judging import JudgeFailed, Judgement, JudgeSkipped
from messages import CheckError, ConfigurationError, Criterion, SkipReason, VerifyJob
from workers.judge_state import RedisBatchJournal, shared_state
from workers.settings import Settings

MINI = "openai:gpt-4o-mini"
OTHER_FAMILY = {"executor_model": "ollama:llama3.1:8b", "cost_usd": 0.42}
OPENAI_BATCH = 0.5 * (1000 * 0.15 + 100 * 0.60) / 1e6
"""gpt-4o-mini, usage 1000 in / 100 out, at half the list price: 0.000105 USD."""
HAIKU_BATCH = 0.5 * (1000 * 0.80 + 100 * 4.0) / 1e6
"""claude-3-5-haiku, usage 1000 / 100, at half price: 0.0006 USD (0.0012 direct)."""


def jobs(n: int) -> list[tuple[VerifyJob, list[Criterion]]]:
    out = []
    for i in range(n):
        job = job_with(
            job_id=f"job-{i}", task=OTHER_FAMILY, output={"format": "text", "content": f"Output {i}."}
        )
        out.append((job, list(job.criteria)))
    return out


def batch_judge(loopback: LoopbackJudge, model: str, **overrides: Any) -> LLMJudge:
    provider = model.split(":", 1)[0]
    options: dict[str, Any] = {"batch_api": (provider,), "batch_poll_s": 0.05, "batch_deadline_s": 5.0}
    options.update(overrides)
    return loopback((model,), **options)


def scored(results: dict[str, Any]) -> dict[str, float]:
    return {k: v.criteria[0].score for k, v in results.items() if isinstance(v, Judgement)}


def paths(server: JudgeServer) -> list[tuple[str, str]]:
    return [(r.method, r.path) for r in server.requests]


class TestOpenAIBatchAPI:
    def test_a_completed_batch_scores_every_item_at_half_price(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given three jobs, when judged via the batch API, then one JSONL file is uploaded, one
        batch created and read, no direct call is made, and each item costs 0.000105 USD."""
        judge_server.push(*(answer(scores({"j1": s})) for s in (5, 4, 2)))
        got = batch_judge(loopback, MINI).judge_many(jobs(3), via="batch_api")
        assert scored(got) == {"job-0": 1.0, "job-1": 0.75, "job-2": 0.25}
        assert all(v.cost_usd == pytest.approx(OPENAI_BATCH, abs=1e-15) for v in got.values())  # type: ignore[union-attr]
        upload, create, *rest = judge_server.requests
        assert (upload.path, upload.body["purpose"]) == ("/v1/files", "batch")
        lines = [json.loads(x) for x in upload.body["file"].splitlines()]
        assert [x["custom_id"] for x in lines] == ["vf-0", "vf-1", "vf-2"]
        assert {(x["method"], x["url"], x["body"]["model"]) for x in lines} == {
            ("POST", "/v1/chat/completions", "gpt-4o-mini")
        }
        assert lines[0]["body"]["max_completion_tokens"] == 1024
        assert "Output 1." in lines[1]["body"]["messages"][1]["content"]
        assert create.path == "/v1/batches" and create.body["completion_window"] == "24h"
        assert create.body["endpoint"] == "/v1/chat/completions"
        (batch_id,) = judge_server.batches
        assert [(r.method, r.path.split("/")[2]) for r in rest] == [("GET", "batches"), ("GET", "files")]
        assert rest[0].path == f"/v1/batches/{batch_id}", "polled once, then the output file read"
        assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in judge_server.requests)

    def test_a_partly_failed_batch_falls_back_per_item(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given a batch whose second item failed (500) and third expired, when it ends, then those
        two are judged by direct calls at the list price, the first stays at the batch price."""
        judge_server.push(
            answer(scores({"j1": 5})),
            status(500, {"error": {"message": "upstream hiccup"}}),
            expired(),
            answer(scores({"j1": 4})),
            answer(scores({"j1": 4})),
        )
        got = batch_judge(loopback, MINI).judge_many(jobs(3), via="batch_api")
        assert scored(got) == {"job-0": 1.0, "job-1": 0.75, "job-2": 0.75}
        assert got["job-0"].cost_usd == pytest.approx(OPENAI_BATCH)  # type: ignore[union-attr]
        for job_id, why in (("job-1", "HTTP 500: upstream hiccup"), ("job-2", "batch_expired")):
            result = got[job_id]
            assert isinstance(result, Judgement) and result.cost_usd == pytest.approx(2 * OPENAI_BATCH)
            assert why in result.notes[-1] and "judged by a direct call" in result.notes[-1]
        assert [p for _, p in paths(judge_server)].count("/v1/chat/completions") == 2
        assert "batch_api" in got["job-0"].details and "batch_api" not in got["job-1"].details  # type: ignore[union-attr]

    def test_a_batch_slower_than_the_deadline_is_cancelled_and_judged_directly(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.batch_delay_s = 30.0
        judge_server.push(*(answer(scores({"j1": 4})) for _ in range(4)))
        started = time.monotonic()
        got = batch_judge(loopback, MINI, batch_deadline_s=0.3).judge_many(jobs(2), via="batch_api")
        assert 0.3 <= time.monotonic() - started < 3.0
        batch_id = next(iter(judge_server.batches))
        assert ("POST", f"/v1/batches/{batch_id}/cancel") in paths(judge_server)
        for result in got.values():
            assert isinstance(result, Judgement) and result.cost_usd == pytest.approx(2 * OPENAI_BATCH)
            assert "not done 0.3 s after it was submitted; cancelled" in result.notes[-1]

    def test_a_malformed_batch_answer_gets_its_format_retry_by_a_direct_call(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(answer("I think it is fine."), answer(scores({"j1": 4})))
        (result,) = batch_judge(loopback, MINI).judge_many(jobs(1), via="batch_api").values()
        assert isinstance(result, Judgement) and result.criteria[0].score == 0.75
        assert result.cost_usd == pytest.approx(OPENAI_BATCH + 2 * OPENAI_BATCH), "batch half + direct full"
        (retry,) = [r for r in judge_server.requests if r.path == "/v1/chat/completions"]
        assert "I think it is fine." in retry.prompt

    def test_a_batch_that_cannot_be_created_falls_back_to_direct_calls(self) -> None:
        mock = Mock(
            httpx.Response(400, json={"error": {"message": "batch API not enabled"}}),
            openai_reply(scores({"j1": 4})),
        )
        judge = mock_judge(mock, judges=(MINI,), batch_api=BatchApi(frozenset({"openai"})))
        (result,) = judge.judge_many(jobs(1), via="batch_api").values()
        assert isinstance(result, Judgement) and result.criteria[0].score == 0.75
        assert "the batch API failed (HTTP 400: batch API not enabled)" in result.notes[-1]
        assert [r.url.path for r in mock.requests] == ["/v1/files", "/v1/chat/completions"]


class TestAnthropicMessageBatches:
    def test_a_completed_batch_at_half_price_mapped_by_custom_id(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(*(answer(scores({"j1": s})) for s in (2, 5)))
        got = batch_judge(loopback, JUDGE).judge_many(jobs(2), via="batch_api")
        assert scored(got) == {"job-0": 0.25, "job-1": 1.0}, "results come back reversed"
        assert all(v.cost_usd == pytest.approx(HAIKU_BATCH, abs=1e-15) for v in got.values())  # type: ignore[union-attr]
        create = judge_server.requests[0]
        assert create.path == "/v1/messages/batches" and create.headers["x-api-key"] == KEY
        assert create.headers["anthropic-version"] == "2023-06-01"
        params = create.body["requests"][1]["params"]
        assert create.body["requests"][1]["custom_id"] == "vf-1"
        assert params["model"] == "claude-3-5-haiku-20241022" and params["max_tokens"] == 1024
        assert "Output 1." in params["messages"][0]["content"] and params["system"]
        assert paths(judge_server)[-1] == (
            "GET",
            f"/v1/messages/batches/{next(iter(judge_server.batches))}/results",
        )
        row = got["job-0"].details["judges"][0]  # type: ignore[union-attr]
        assert "latency_ms" not in row and row["batch_wait_ms"] >= 0, "waiting for a batch is no call latency"
        assert got["job-0"].details["batch_api"]["price_factor"] == 0.5  # type: ignore[union-attr]

    def test_errored_and_expired_items_are_judged_directly(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(
            status(400, {"type": "error", "error": {"type": "invalid_request_error", "message": "too long"}}),
            expired(),
            answer(scores({"j1": 3})),
            answer(scores({"j1": 3})),
        )
        got = batch_judge(loopback, JUDGE).judge_many(jobs(2), via="batch_api")
        assert scored(got) == {"job-0": 0.5, "job-1": 0.5}
        assert "invalid_request_error: too long" in got["job-0"].notes[-1]  # type: ignore[union-attr]
        assert "it was expired in the batch" in got["job-1"].notes[-1]  # type: ignore[union-attr]
        assert all(v.cost_usd == pytest.approx(0.0012) for v in got.values())  # type: ignore[union-attr]

    def test_past_the_deadline_the_batch_is_cancelled(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.batch_delay_s = 30.0
        judge_server.push(*(answer(scores({"j1": 4})) for _ in range(2)))
        judge_server.push(answer(scores({"j1": 4})))
        got = batch_judge(loopback, JUDGE, batch_deadline_s=0.2).judge_many(jobs(1), via="batch_api")
        batch_id = next(iter(judge_server.batches))
        assert ("POST", f"/v1/messages/batches/{batch_id}/cancel") in paths(judge_server)
        assert isinstance(got["job-0"], Judgement) and got["job-0"].cost_usd == pytest.approx(0.0012)

    def test_ajudge_many_runs_the_same_flow(self, judge_server: JudgeServer, loopback: LoopbackJudge) -> None:
        judge_server.push(*(answer(scores({"j1": 4})) for _ in range(2)))
        judge = batch_judge(loopback, JUDGE)

        async def go() -> dict[str, Any]:
            try:
                return await judge.ajudge_many(jobs(2), via="batch_api")
            finally:
                await judge.aclose()

        got = asyncio.run(go())
        assert scored(got) == {"job-0": 0.75, "job-1": 0.75}
        assert sum(v.cost_usd for v in got.values()) == pytest.approx(2 * HAIKU_BATCH)


class TestFallbackAndRouting:
    def test_a_refused_fallback_skips_the_item_with_reason_budget(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(expired())
        asked: list[float] = []

        def fallback(plan: Any) -> bool:
            asked.append(plan.quote_usd)
            return False

        got = batch_judge(loopback, JUDGE).judge_many(jobs(1), via="batch_api", fallback=fallback)
        result = got["job-0"]
        assert isinstance(result, JudgeSkipped) and result.reason is SkipReason.BUDGET
        assert asked and asked[0] > 0 and not any(r.path == "/v1/messages" for r in judge_server.requests)

    def test_providers_without_a_configured_batch_api_go_by_multi_item_request(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        judge_server.push(answer({"items": [{"job_id": f"job-{i}", **scores({"j1": 4})} for i in range(2)]}))
        got = batch_judge(loopback, JUDGE, batch_api=("openai",)).judge_many(jobs(2), via="batch_api")
        assert scored(got) == {"job-0": 0.75, "job-1": 0.75}
        assert paths(judge_server) == [("POST", "/v1/messages")] and judge_server.batches == {}

    def test_results_url_elsewhere_is_not_followed_with_the_key(self) -> None:
        """An Anthropic batch whose results_url points at another host: the results are read
        from the provider's own address, so the key never goes elsewhere."""
        message = json.loads(anthropic_reply(scores({"j1": 4})).content)
        line = json.dumps({"custom_id": "vf-0", "result": {"type": "succeeded", "message": message}})
        ended = {
            "id": "msgbatch_1",
            "processing_status": "ended",
            "results_url": "https://elsewhere.example/results",
        }
        mock = Mock(
            httpx.Response(200, json={**ended, "processing_status": "in_progress"}),
            httpx.Response(200, json=ended),
            httpx.Response(200, content=line.encode()),
        )
        judge = mock_judge(mock, batch_api=BatchApi(frozenset({"anthropic"}), poll_s=0.01))
        got = judge.judge_many(jobs(1), via="batch_api")
        assert isinstance(got["job-0"], Judgement)
        assert (
            str(mock.requests[-1].url) == "https://api.anthropic.com/v1/messages/batches/msgbatch_1/results"
        )

    def test_a_batch_that_cannot_be_polled_is_cancelled_before_its_items_go_direct(self) -> None:
        running = {"id": "msgbatch_1", "processing_status": "in_progress"}
        mock = Mock(
            httpx.Response(200, json=running),
            httpx.Response(404, json={"type": "error", "error": {"message": "not found"}}),
            httpx.Response(200, json={**running, "processing_status": "canceling"}),
            anthropic_reply(scores({"j1": 4})),
        )
        judge = mock_judge(mock, batch_api=BatchApi(frozenset({"anthropic"}), poll_s=0.01))
        (result,) = judge.judge_many(jobs(1), via="batch_api").values()
        assert isinstance(result, Judgement) and "the batch API failed (HTTP 404" in result.notes[-1]
        assert [(r.method, r.url.path) for r in mock.requests] == [
            ("POST", "/v1/messages/batches"),
            ("GET", "/v1/messages/batches/msgbatch_1"),
            ("POST", "/v1/messages/batches/msgbatch_1/cancel"),
            ("POST", "/v1/messages"),
        ]

    def test_a_failed_openai_batch_says_why(self) -> None:
        failed = {"id": "batch_1", "status": "failed", "errors": {"data": [{"message": "bad model"}]}}
        mock = Mock(
            httpx.Response(200, json={"id": "file-1"}),
            httpx.Response(200, json={**failed, "status": "validating"}),
            httpx.Response(200, json=failed),
            httpx.Response(400, json={"error": {"message": "still a bad model"}}),
        )
        judge = mock_judge(mock, judges=(MINI,), batch_api=BatchApi(frozenset({"openai"}), poll_s=0.01))
        result = judge.judge_many(jobs(1), via="batch_api")["job-0"]
        assert isinstance(result, JudgeFailed)
        assert "the batch failed: bad model" in str(result) and "still a bad model" in str(result)


class TestQuoteAndPrices:
    def test_the_quote_prices_the_batch_answer_at_the_batch_price(self, loopback: LoopbackJudge) -> None:
        """Quote = the batch request at half price + its direct format retry at the list price,
        less than the inline quote (the request and the retry at the list price)."""
        judge = batch_judge(loopback, JUDGE)
        items = jobs(2)
        quotes = judge.quote_many(items, via="batch_api")
        plan = judge.plan(Item(items[0][0], tuple(items[0][1])))
        p, m, r = plan.prompt_tokens, 1024, plan.retry_tokens
        expected = 0.5 * (p * 0.8 + m * 4.0) / 1e6 + ((p + m + r) * 0.8 + m * 4.0) / 1e6
        assert quotes["job-0"] == pytest.approx(expected)
        assert quotes["job-0"] < judge.quote(*items[0]) == pytest.approx(plan.quote_usd)

    def test_the_batch_discount_is_a_price_table_field(self, tmp_path: Path) -> None:
        prices = tmp_path / "prices.toml"
        prices.write_text(
            '[models]\n"openai:gpt-4o-mini" = { input = 0.2, output = 0.8, batch_factor = 0.6 }\n'
        )
        table = PriceTable.load(prices)
        price = table.price(ModelRef.parse(MINI))
        assert price.batch_cost(1000, 100) == pytest.approx(0.6 * (200 + 80) / 1e6)
        assert table.price(ModelRef.parse(JUDGE)).batch_factor == 0.5, "default: half price"
        prices.write_text('[models]\n"openai:x" = { input = 1, output = 1, batch_factor = 2 }\n')
        with pytest.raises(ConfigurationError, match="batch_factor"):
            PriceTable.load(prices)

    def test_only_openai_and_anthropic_have_a_batch_api(self) -> None:
        with pytest.raises(ConfigurationError, match="no batch API for ollama"):
            BatchApi(frozenset({"ollama"}))


def test_items_are_planned_once() -> None:
    """judge_many(via="batch_api") after quote_many uses the plans the quote priced."""
    mock = Mock(anthropic_reply(scores({"j1": 4})))
    judge = mock_judge(mock)
    items = jobs(1)
    judge.quote_many(items, via="batch_api")
    assert len(judge._plans) == 1
    judge.judge_many(items, via="batch_api")
    assert len(judge._plans) == 0


class Died(BaseException):
    """The worker dies: nothing below the flow catches it, as nothing survives a SIGKILL."""


class DictJournal:
    """An in-memory journal; ``die_after_record``: the process dies as soon as the batch is noted."""

    def __init__(self, *, die_after_record: bool = False) -> None:
        self.entries: dict[str, Submitted] = {}
        self.die_after_record = die_after_record

    def find(self, keys: Sequence[str]) -> dict[str, Submitted]:
        return {k: self.entries[k] for k in keys if k in self.entries}

    def record(self, entries: Mapping[str, Submitted]) -> None:
        self.entries.update(entries)
        if self.die_after_record:
            raise Died

    def forget(self, keys: Sequence[str]) -> None:
        for key in keys:
            del self.entries[key]


class TestJournal:
    def test_a_batch_whose_worker_died_is_read_by_the_next_not_submitted_again(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given a worker that dies right after creating a batch of three, when another worker takes
        the same items over with the same journal, then it polls that batch and reads its answers:
        one batch, one upload, each item at the batch price once."""
        judge_server.batch_delay_s = 0.2
        judge_server.push(*(answer(scores({"j1": s})) for s in (5, 4, 2)))
        journal = DictJournal(die_after_record=True)
        with pytest.raises(Died):
            batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(3), via="batch_api")
        (batch_id,) = judge_server.batches
        assert {e.batch_id for e in journal.entries.values()} == {batch_id} and len(journal.entries) == 3
        journal.die_after_record = False
        got = batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(3), via="batch_api")
        assert scored(got) == {"job-0": 1.0, "job-1": 0.75, "job-2": 0.25}
        assert all(v.cost_usd == pytest.approx(OPENAI_BATCH, abs=1e-15) for v in got.values())  # type: ignore[union-attr]
        assert len(judge_server.batches) == 1
        assert [p for _, p in paths(judge_server)].count("/v1/files") == 1
        assert [p for _, p in paths(judge_server)].count("/v1/chat/completions") == 0

    def test_only_the_items_in_the_journal_are_resumed_the_others_make_a_new_batch(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given a journal that places job-0 in a batch, when job-0 and job-1 are judged, then
        job-0 is read from that batch and job-1 goes in a new one; a later attempt of job-0 is new."""
        judge_server.push(answer(scores({"j1": 5})))
        journal = DictJournal()
        batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(1), via="batch_api")
        judge_server.push(answer(scores({"j1": 3})))
        got = batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(2), via="batch_api")
        assert scored(got) == {"job-0": 1.0, "job-1": 0.5}
        assert len(judge_server.batches) == 2
        retried = job_with(
            job_id="job-0", attempt=2, task=OTHER_FAMILY, output={"format": "text", "content": "Output 0."}
        )
        judge_server.push(answer(scores({"j1": 2})))
        again = batch_judge(loopback, MINI, batch_journal=journal).judge_many(
            [(retried, list(retried.criteria))], via="batch_api"
        )
        assert scored(again) == {"job-0": 0.25} and len(judge_server.batches) == 3

    def test_the_deadline_runs_from_the_submission_not_from_the_takeover(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given a journal entry for a batch submitted an hour ago that has not ended, when a worker
        takes it over with a 5 s deadline, then it cancels the batch at once and asks directly."""
        judge_server.batch_delay_s = 30.0
        judge_server.push(answer(scores({"j1": 4})))
        journal = DictJournal(die_after_record=True)
        with pytest.raises(Died):
            batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(1), via="batch_api")
        journal.die_after_record = False
        journal.entries = {
            k: replace(e, submitted_at=e.submitted_at - 3600) for k, e in journal.entries.items()
        }
        judge_server.push(answer(scores({"j1": 4})))
        started = time.monotonic()
        got = batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(1), via="batch_api")
        assert time.monotonic() - started < 3.0
        (batch_id,) = judge_server.batches
        assert ("POST", f"/v1/batches/{batch_id}/cancel") in paths(judge_server)
        assert "not done 5 s after it was submitted; cancelled" in got["job-0"].notes[-1]  # type: ignore[union-attr]
        assert journal.entries == {}  # unanswered: asked again, it would go in a new batch

    def test_answered_items_stay_in_the_journal_unanswered_ones_are_forgotten(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        """Given a batch whose second item failed and third expired, when it ends, then only the
        first keeps its entry: read again for free after a crash, while the other two, asked
        again, go in a new batch."""
        judge_server.push(
            answer(scores({"j1": 5})),
            status(500, {"error": {"message": "upstream hiccup"}}),
            expired(),
            answer(scores({"j1": 4})),
            answer(scores({"j1": 4})),
        )
        journal = DictJournal()
        batch_judge(loopback, MINI, batch_journal=journal).judge_many(jobs(3), via="batch_api")
        assert [key.split("|")[1] for key in journal.entries] == ["job-0"]

    def test_a_journal_that_fails_costs_a_warning_not_the_batch(
        self, judge_server: JudgeServer, loopback: LoopbackJudge
    ) -> None:
        class Broken:
            def find(self, keys: Sequence[str]) -> dict[str, Submitted]:
                raise CheckError("could not read the judge batch journal: down")

            def record(self, entries: Mapping[str, Submitted]) -> None:
                raise CheckError("could not write the judge batch journal: down")

            def forget(self, keys: Sequence[str]) -> None:
                raise CheckError("could not write the judge batch journal: down")

        judge_server.push(answer(scores({"j1": 5})), answer(scores({"j1": 4})))
        with structlog.testing.capture_logs() as logs:
            got = batch_judge(loopback, MINI, batch_journal=Broken()).judge_many(jobs(2), via="batch_api")
        assert scored(got) == {"job-0": 1.0, "job-1": 0.75}
        assert [e["event"] for e in logs].count("judge_batch_journal_failed") == 2


def test_the_fleet_journal_keeps_each_item_in_redis_for_the_deadline_and_a_day(redis_url: str) -> None:
    settings = Settings(redis_url=redis_url, judge_batch_deadline_s=600)
    journal = shared_state(settings)["batch_journal"]
    assert isinstance(journal, RedisBatchJournal)
    journal.record({"m|j|1|c1": Submitted("batch_1", "vf-0", 1_700_000_000.25)})
    assert journal.find(["m|j|1|c1", "m|j|2|c1"]) == {
        "m|j|1|c1": Submitted("batch_1", "vf-0", 1_700_000_000.25)
    }
    client = redis.Redis.from_url(redis_url)
    ttl = client.ttl(f"{settings.key_prefix}:judge:batch:m|j|1|c1")
    assert 86_400 < ttl <= 87_000
    client.set(f"{settings.key_prefix}:judge:batch:bad", "batch_1|vf-0|not-a-time")
    assert journal.find(["bad"]) == {}
    journal.forget(["m|j|1|c1", "never-written"])
    assert journal.find(["m|j|1|c1"]) == {}
    client.close()
    down = shared_state(Settings(redis_url="redis://127.0.0.1:1/0"))["batch_journal"]
    with pytest.raises(CheckError, match="could not read the judge batch journal"):
        down.find(["x"])
