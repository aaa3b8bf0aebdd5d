"""A task's correction loop on a real Redis: each attempt's verdict is kept, in short, with the
verdict record, and the next attempt's verdict says whether the corrections converge (and escalates
when they stall); real worker processes, inline and batch."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from factories import make_job
from fleet_support import WorkerPair

from checks.progress import Attempt
from messages import Action, CriterionScore, Flag, FlagType, Severity, Status, Verdict, VerdictEvent
from workers.client import Client
from workers.events import EventStore

pytestmark = pytest.mark.integration

LONG = [{"id": "c1", "text": "At least 500 words", "check": "word_count", "params": {"ge": 500}}]


def words(n: int) -> dict[str, Any]:
    return {"format": "markdown", "content": " ".join(["word"] * n), "language": "en"}


def attempt(task: str, n: int, length: int, **over: Any) -> dict[str, Any]:
    return make_job(
        job_id=f"{task}-a{n}", task_id=task, attempt=n, criteria=LONG, output=words(length), **over
    )


def event(
    job_id: str, attempt: int, *, outcome: Verdict = Verdict.FAIL, mission: str = "m1", task: str = "t1"
) -> VerdictEvent:
    return VerdictEvent(
        job_id=job_id,
        mission_id=mission,
        task_id=task,
        attempt=attempt,
        verdict=outcome,
        status=Status.ERROR if outcome is Verdict.ERROR else Status.REQUIRES_CORRECTION,
        action=Action.ESCALATE if outcome is Verdict.ERROR else Action.RETRY_WITH_FEEDBACK,
        score=0.4,
        flags=[Flag(id="f1", type=FlagType.UNSOURCED, severity=Severity.WARNING, claim="A claim.")],
        criteria=[CriterionScore(id="c1", score=0.0, met=False)],
    )


class TestKeptAttempts:
    def test_a_published_verdict_is_kept_for_the_next_attempt_with_the_record_ttl(
        self, redis_client: redis.Redis
    ) -> None:
        store = EventStore(redis_client, ttl_seconds=600)
        first = event("j1", 1)
        assert store.publish(first) is not None
        assert store.attempts("m1", "t1") == {1: Attempt.of(first)}
        key = store.attempts_key("m1", "t1")
        assert 590 <= redis_client.ttl(key) <= 600
        assert b"A claim" not in redis_client.hget(key, "1"), "no draft text is kept"

    def test_a_duplicate_changes_nothing_and_an_error_a_continue_or_a_taskless_verdict_is_not_kept(
        self, redis_client: redis.Redis
    ) -> None:
        store = EventStore(redis_client)
        first = event("j1", 1)
        store.publish(first)
        again = first.model_copy(update={"score": 0.9})
        assert store.publish(again) is None
        assert store.attempts("m1", "t1")[1].score == 0.4
        assert store.publish(event("j2", 2, outcome=Verdict.ERROR)) is not None
        assert set(store.attempts("m1", "t1")) == {1}
        store.publish(event("j3", 1, task=""))
        assert not redis_client.exists(store.attempts_key("m1", ""))
        passed = event("j4", 1, task="t2").model_copy(
            update={"verdict": Verdict.PASS, "action": Action.CONTINUE}
        )
        assert store.publish(passed) is not None
        assert store.attempts("m1", "t2") == {}, "work sent on is followed by no correction to compare"

    def test_tasks_of_missions_whose_ids_hold_colons_are_kept_apart(self, redis_client: redis.Redis) -> None:
        store = EventStore(redis_client)
        store.publish(event("j1", 1, mission="a:b", task="c"))
        store.publish(event("j2", 2, mission="a", task="b:c"))
        assert set(store.attempts("a:b", "c")) == {1} and set(store.attempts("a", "b:c")) == {2}

    def test_an_unreadable_entry_is_left_out(self, redis_client: redis.Redis) -> None:
        store = EventStore(redis_client)
        store.publish(event("j1", 1))
        redis_client.hset(store.attempts_key("m1", "t1"), mapping={"2": "not json", "x": "{}"})
        assert set(store.attempts("m1", "t1")) == {1}


class TestCorrectionLoop:
    @pytest.mark.parametrize("inline", [True, False], ids=["inline", "batch"])
    def test_a_correction_that_fixes_nothing_escalates_and_one_that_helps_is_retried(
        self, client: Client, workers: WorkerPair, inline: bool
    ) -> None:
        """Given attempt 1 of two tasks failing the word count (30 of 500 words, retry_with_feedback),
        when task A comes back unchanged and task B lengthened to 200 words (still short), then A's
        attempt 2 escalates with progress not converging and says why, and B's is retried with
        progress converging (score up, the word count finding remaining)."""
        policy = {"max_attempts": 5}
        firsts = [attempt(t, 1, 30, has_dependents=inline, policy=policy) for t in ("ta", "tb")]
        got = client.wait_all(client.submit_many(firsts), timeout=30)
        assert {v.action for v in got.values()} == {Action.RETRY_WITH_FEEDBACK}
        assert all(v.progress is None for v in got.values())
        seconds = [
            attempt("ta", 2, 30, has_dependents=inline, policy=policy),
            attempt("tb", 2, 200, has_dependents=inline, policy=policy),
        ]
        got = client.wait_all(client.submit_many(seconds), timeout=30)
        stalled, helped = got["ta-a2"], got["tb-a2"]
        assert stalled.action is Action.ESCALATE and stalled.status is Status.REQUIRES_CORRECTION
        assert stalled.progress is not None and not stalled.progress.converging
        assert stalled.progress.previous_job_id == "ta-a1" and stalled.progress.remaining == 1
        assert stalled.progress.remaining_flag_ids == [stalled.flags[0].id]
        assert "not converging: attempt 2 fixed none of attempt 1's 1 finding and" in stalled.reason
        assert helped.action is Action.RETRY_WITH_FEEDBACK and helped.progress is not None
        assert helped.progress.converging and helped.progress.score_change > 0
        assert (helped.progress.resolved, helped.progress.remaining, helped.progress.new) == (0, 1, 0)

    def test_a_policy_may_keep_retrying_a_stalled_correction(
        self, client: Client, workers: WorkerPair
    ) -> None:
        policy = {"max_attempts": 5, "escalate_on_stall": False}
        client.wait(client.submit(attempt("tc", 1, 30, has_dependents=True, policy=policy)), timeout=30)
        again = client.wait(
            client.submit(attempt("tc", 2, 30, has_dependents=True, policy=policy)), timeout=30
        )
        assert again.action is Action.RETRY_WITH_FEEDBACK
        assert again.progress is not None and not again.progress.converging
