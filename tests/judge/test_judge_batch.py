"""Several outputs in one judge request (``LLMJudge.judge_many``), with per-item fallback."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from judge_server import scores
from judge_support import JUDGE, Mock, anthropic_reply, job_with, mock_judge

from checks.judge.prices import estimate_chat_tokens
from checks.judging import JudgeFailed, Judgement, JudgeSkipped
from messages import Criterion, SkipReason, VerifyJob

BODY = "# Findings\n\nThe regulation sorts systems by risk. High-risk systems need documentation.\n"


def jobs(n: int, **overrides: Any) -> list[tuple[VerifyJob, list[Criterion]]]:
    out = []
    for i in range(n):
        job = job_with(
            job_id=f"job-{i}",
            task_id=f"t{i}",
            output={"format": "markdown", "content": f"{BODY} Item {i}."},
            **overrides,
        )
        out.append((job, list(job.criteria)))
    return out


def batch_answer(*items: tuple[str, int]) -> dict[str, Any]:
    return {"items": [{"job_id": job_id, **scores({"j1": score})} for job_id, score in items]}


class TestOneRequest:
    def test_outputs_judged_by_one_model_share_one_request(self) -> None:
        """Three items, one request; results map back by job_id; shares add up to the usage exactly."""
        mock = Mock(
            anthropic_reply(batch_answer(("job-2", 2), ("job-0", 5), ("job-1", 4)), usage=(3001, 302))
        )
        got = mock_judge(mock).judge_many(jobs(3))
        assert len(mock.requests) == 1
        assert {k: v.criteria[0].score for k, v in got.items() if isinstance(v, Judgement)} == {
            "job-0": 1.0,
            "job-1": 0.75,
            "job-2": 0.25,
        }
        judgements = [v for v in got.values() if isinstance(v, Judgement)]
        assert sum(j.tokens_in for j in judgements) == 3001 and sum(j.tokens_out for j in judgements) == 302
        assert sum(j.cost_usd for j in judgements) == pytest.approx((3001 * 0.8 + 302 * 4.0) / 1e6)
        prompt = mock.bodies()[0]["messages"][0]["content"]
        assert prompt.count("| 5 | fully met") == 1 and all(f"# Item job-{i}" in prompt for i in range(3))
        assert all("one request with 2 other output(s)" in j.notes[-1] for j in judgements)

    def test_items_the_answer_misses_are_judged_alone(self) -> None:
        """job-1 malformed and job-2 missing in the batched answer: two single calls follow."""
        answer = batch_answer(("job-0", 5))
        answer["items"].append({"job_id": "job-1", **scores({"other": 5})})
        mock = Mock(
            anthropic_reply(answer), anthropic_reply(scores({"j1": 3})), anthropic_reply(scores({"j1": 3}))
        )
        got = mock_judge(mock).judge_many(jobs(3))
        assert len(mock.requests) == 3
        for job_id in ("job-1", "job-2"):
            result = got[job_id]
            assert isinstance(result, Judgement) and result.criteria[0].score == 0.5
            assert "asked alone" in result.notes[-1]
            assert result.cost_usd > 0.0012, "its single call plus its share of the batch"
        assert (
            "criteria missing" in got["job-1"].notes[-1]
            and "no answer for item job-2" in got["job-2"].notes[-1]
        )  # type: ignore[union-attr]

    def test_requests_are_cut_so_that_their_answers_fit_in_max_tokens(self) -> None:
        """Three items of 40 criteria want 150 + 40 x 80 = 3,350 answer tokens each: two fit in the
        8,192 of one request, the third is asked alone (in one request, the answer would be cut
        off, no JSON at all, and all three asked again)."""
        criteria = [{"id": f"k{n}", "text": f"Meets requirement {n}"} for n in range(40)]
        one = scores(dict.fromkeys((c["id"] for c in criteria), 4))
        # One reply that reads as either (the two requests are made at once, in either order).
        both = {**one, "items": [{"job_id": f"job-{i}", **one} for i in range(2)]}
        mock = Mock(anthropic_reply(both), anthropic_reply(both))
        got = mock_judge(mock).judge_many(jobs(3, criteria=criteria))
        prompts = [b["messages"][0]["content"] for b in mock.bodies()]
        assert len(prompts) == 2 and sorted("# Item " in p for p in prompts) == [False, True]
        grouped = next(p for p in prompts if "# Item " in p)
        assert "# Item job-0" in grouped and "# Item job-1" in grouped and "job-2" not in grouped
        assert all(isinstance(v, Judgement) and len(v.criteria) == 40 for v in got.values())

    def test_a_failed_batch_request_fails_each_item(self) -> None:
        mock = Mock(httpx.Response(400, json={"error": {"message": "too long"}}))
        got = mock_judge(mock).judge_many(jobs(2))
        assert all(isinstance(v, JudgeFailed) and "too long" in str(v) for v in got.values())
        assert len(mock.requests) == 1


class TestMixed:
    def test_ensembles_go_alone_and_skipped_items_say_why(self) -> None:
        alone = job_with(
            job_id="ens", task={"executor_model": "ollama:llama3.1", "cost_usd": 0.42}, policy={"ensemble": 2}
        )
        same = job_with(job_id="same", policy={"judges": ["openai:gpt-4o-mini"]})
        mock = Mock(anthropic_reply(scores({"j1": 4})))
        got = mock_judge(mock).judge_many([(alone, list(alone.criteria)), (same, list(same.criteria))])
        assert isinstance(got["ens"], Judgement)
        assert isinstance(got["same"], JudgeSkipped) and got["same"].reason is SkipReason.NO_INDEPENDENT_JUDGE

    def test_job_ids_must_be_unique(self) -> None:
        with pytest.raises(ValueError, match="more than once"):
            mock_judge(Mock()).judge_many(jobs(1) + jobs(1))


class TestQuoteMany:
    def test_each_item_is_bounded_whatever_subset_is_sent(self) -> None:
        judge = mock_judge(Mock())
        items = jobs(3)
        quotes = judge.quote_many(items)
        for job, criteria in items:
            assert quotes[job.job_id] > judge.quote(job, criteria), "batched share plus the single fallback"
        same = job_with(job_id="same", policy={"judges": ["openai:gpt-4o-mini"]})
        assert judge.quote_many([(same, list(same.criteria))]) == {"same": 0.0}

    def test_the_bound_covers_the_actual_share(self) -> None:
        mock = Mock(anthropic_reply(batch_answer(("job-0", 4), ("job-1", 4)), usage=(2500, 200)))
        judge = mock_judge(mock)
        items = jobs(2)
        quotes = judge.quote_many(items)
        got = judge.judge_many(items)
        for job_id, result in got.items():
            assert isinstance(result, Judgement) and result.cost_usd <= quotes[job_id]


class TestTokensPerVerdict:
    def test_batching_sends_fewer_prompt_tokens_per_verdict_than_inline(self) -> None:
        """The same 5 jobs: one batched request against 5 single requests (prompt tokens as estimated)."""
        items = jobs(5)
        batched = Mock(anthropic_reply(batch_answer(*((f"job-{i}", 4) for i in range(5)))))
        mock_judge(batched).judge_many(items)
        single = Mock(*[anthropic_reply(scores({"j1": 4}))] * 5)
        judge = mock_judge(single)
        for job, criteria in items:
            judge.judge(job, criteria)

        def tokens(mock: Mock) -> int:
            return sum(
                estimate_chat_tokens(b["system"], *(m["content"] for m in b["messages"]))
                for b in mock.bodies()
            )

        per_batch, per_inline = tokens(batched) / 5, tokens(single) / 5
        assert per_batch < 0.5 * per_inline, (per_batch, per_inline)


class TestAsync:
    def test_ajudge_many(self) -> None:
        mock = Mock(anthropic_reply(json.dumps(batch_answer(("job-0", 4), ("job-1", 5)))))
        judge = mock_judge(mock)

        async def go() -> Any:
            try:
                return await judge.ajudge_many(jobs(2))
            finally:
                await judge.aclose()

        got = asyncio.run(go())
        assert [got[k].criteria[0].score for k in ("job-0", "job-1")] == [0.75, 1.0]  # type: ignore[union-attr]
        assert JUDGE in got["job-0"].models  # type: ignore[union-attr]
