"""The fleet end to end: real worker processes, a real Redis, RabbitMQ where one answers."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from factories import make_job, mixed_jobs
from fleet_support import WorkerPair, wait_for

from checks import verify_document
from messages import Mode, Verdict, VerdictTimeout
from workers.client import Client
from workers.events import STREAM

pytestmark = pytest.mark.integration


def stream_job_ids(client: Client) -> list[str]:
    return [e.event.job_id for e in client.store.iter_all()]


class TestThroughput:
    @pytest.mark.timeout(240)
    def test_500_jobs_give_500_verdicts_matching_in_process_verify(
        self, client: Client, workers: WorkerPair
    ) -> None:
        """Given a running worker pair, when 500 mixed jobs are submitted, then exactly 500 verdict
        events arrive, one per job_id, each equal to what `verify` computes in-process."""
        jobs = mixed_jobs(500)
        ids = client.submit_many(jobs)
        verdicts = client.wait_all(ids, timeout=180)
        assert len(verdicts) == 500
        ids_in_stream = stream_job_ids(client)
        assert len(ids_in_stream) == 500
        assert Counter(ids_in_stream) == Counter(ids)
        for job in jobs:
            expected = verify_document(json.dumps(job))
            got = verdicts[job["job_id"]]
            assert got.same_outcome(expected), (job["job_id"], got, expected)
        kinds = Counter(v.verdict for v in verdicts.values())
        assert kinds[Verdict.PASS] and kinds[Verdict.FAIL] and kinds[Verdict.PARTIAL] and kinds[Verdict.ERROR]
        modes = Counter(v.mode for v in verdicts.values())
        assert modes[Mode.INLINE] and modes[Mode.BATCH]


class TestExactlyOnce:
    def test_resubmitting_a_job_id_publishes_nothing_new(self, client: Client, workers: WorkerPair) -> None:
        """Given a job with a verdict, when the same job_id is submitted again (even changed),
        then the stream still holds one event and the recorded verdict is unchanged."""
        job = make_job(job_id="dup-1", has_dependents=True)
        first = client.wait(client.submit(job), timeout=20)
        changed = make_job(job_id="dup-1", has_dependents=True)
        changed["criteria"][0]["params"] = {"ge": 1000}
        client.submit(changed)
        client.submit(job)
        marker = client.wait(client.submit(make_job(job_id="after-dup", has_dependents=True)), timeout=20)
        assert marker.verdict is Verdict.PASS
        assert stream_job_ids(client).count("dup-1") == 1
        again = client.get_verdict("dup-1")
        assert again is not None and again.same_outcome(first)

    def test_redelivered_message_publishes_nothing_new(self, client: Client, workers: WorkerPair) -> None:
        """Given a message whose verdict is recorded, when the very same message is delivered
        again (as after a worker crash), then no second event is published."""
        job = make_job(job_id="redeliver-1")
        message = client.actors[Mode.BATCH].message(json.dumps(job))
        client.broker.enqueue(message)
        client.wait("redeliver-1", timeout=20)
        client.broker.enqueue(message)
        client.broker.enqueue(message)
        client.wait(client.submit(make_job(job_id="after-redeliver")), timeout=20)
        assert stream_job_ids(client).count("redeliver-1") == 1


OVERSIZE = {"format": "text", "content": "x" * (1024 * 1024 + 1)}
BAD_PARAMS = [{"id": "c", "text": "t", "check": "word_count", "params": {"ge": "many"}}]
MALFORMED = [
    ({**make_job(job_id="bad-version"), "schema_version": 7}, "schema_version"),
    ({**make_job(job_id="bad-types"), "attempt": "first"}, "attempt"),
    ({**make_job(job_id="bad-size"), "output": OVERSIZE}, "content is"),
    ({**make_job(job_id="bad-params"), "criteria": BAD_PARAMS}, "criteria.0.params.ge"),
]


class TestMalformedJobs:
    @pytest.mark.parametrize(("payload", "where"), MALFORMED, ids=["version", "types", "oversize", "params"])
    def test_invalid_job_gets_an_error_verdict(
        self, client: Client, workers: WorkerPair, payload: dict[str, Any], where: str
    ) -> None:
        """Given a coordinator that does not validate, when it sends an invalid job, then the fleet
        publishes a verdict `error` whose reason says what is wrong and where."""
        job_id = client.submit(payload, validate=False)
        verdict = client.wait(job_id, timeout=20)
        assert verdict.verdict is Verdict.ERROR
        assert verdict.action.value == "escalate"
        assert where in verdict.reason

    def test_bad_json_with_readable_id_and_without(self, client: Client, workers: WorkerPair) -> None:
        """Given payloads that are not JSON, when they arrive, then the worker keeps serving; one
        whose job_id can be read before the break, and a job of the wrong shape, get a verdict
        `error`; one with no readable job_id is logged and dead-lettered."""
        client.submit('{"job_id": "broken-json", "output": ', validate=False)
        client.submit('{"output": {"job_id": "nested-id"}, "task": ', validate=False)
        client.submit(json.dumps({"job_id": "wrong-shape", "output": 3}), validate=False)
        verdict = client.wait("wrong-shape", timeout=20)
        assert verdict.verdict is Verdict.ERROR and "output" in verdict.reason
        broken = client.wait("broken-json", timeout=20)
        assert broken.verdict is Verdict.ERROR and "not valid JSON" in broken.reason
        after = client.wait(client.submit(make_job(job_id="still-serving")), timeout=20)
        assert after.verdict is Verdict.PASS
        assert "nested-id" not in stream_job_ids(client)
        assert wait_for(lambda: "job_rejected_without_id" in workers.logs(), timeout=5)

    def test_a_job_nested_past_any_parser_gets_a_verdict_error(
        self, client: Client, workers: WorkerPair
    ) -> None:
        """Given a job whose extra member nests 100,000 arrays deep (no JSON parser reads it), when
        it arrives, then it gets a verdict `error` on its own route saying why."""
        deep = "[" * 100_000 + "]" * 100_000
        head = json.dumps(make_job(job_id="deep-extra", has_dependents=True))[:-1]
        client.submit(head + ', "extra": ' + deep + "}", validate=False)
        verdict = client.wait("deep-extra", timeout=20)
        assert verdict.verdict is Verdict.ERROR and "nests too deeply" in verdict.reason
        assert verdict.mode is Mode.INLINE


class TestConsumerGroup:
    def test_events_are_delivered_once_per_group_and_pending_ones_come_back(
        self, client: Client, workers: WorkerPair
    ) -> None:
        """Given three verdicts, when a consumer reads them and acknowledges only one, then a
        restarted consumer with the same name gets the two unacknowledged ones again first."""
        ids = client.submit_many([make_job(job_id=f"grp-{i}", has_dependents=True) for i in range(3)])
        client.wait_all(ids, timeout=20)
        first = client.events("coord", "c1", follow=False, block_ms=200)
        got = [next(first) for _ in range(3)]
        assert sorted(d.event.job_id for d in got) == sorted(ids)
        got[0].ack()
        again = list(client.events("coord", "c1", follow=False, block_ms=200))
        assert sorted(d.event.job_id for d in again) == sorted(d.event.job_id for d in got[1:])
        for d in again:
            d.ack()
        assert list(client.events("coord", "c1", follow=False, block_ms=200)) == []
        assert client.redis.xinfo_groups(STREAM)[0]["pending"] == 0


class TestWait:
    def test_wait_times_out_clearly(self, client: Client) -> None:
        """Given no worker, when waiting for a job that was never verified, then VerdictTimeout names it."""
        with pytest.raises(VerdictTimeout, match="never-sent"):
            client.wait("never-sent", timeout=0.3)
