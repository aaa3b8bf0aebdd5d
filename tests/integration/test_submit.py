"""Submitting on Redis (``Client.submit_many``, ``FleetRedisBroker.enqueue_many``): the messages
dramatiq's own ``enqueue`` would store, many per round trip, each consumed once by a real worker."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dramatiq
import pytest
import redis
from dramatiq.middleware import Middleware
from dramatiq.middleware.prometheus import Prometheus
from factories import make_job, mixed_jobs
from fleet_support import WorkerPair

import workers.client
from messages import FleetError, JobDecodeError, JobValidationError, Limits, Mode, parse_job
from workers.brokers import make_broker
from workers.client import Client, _hooked, prepare
from workers.redis_broker import Encoded, FleetRedisBroker, fresh_ids, fresh_message
from workers.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture
def settings(redis_url: str) -> Settings:
    return Settings(redis_url=redis_url, maintenance_chance=1_000_000)  # maintenance on every call


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


def stored(r: redis.Redis, broker: FleetRedisBroker, queue: str) -> list[dramatiq.Message[Any]]:
    """The messages waiting on ``queue``, in the order a worker fetches them."""
    name = f"{broker.namespace}:{queue}"
    ids = r.lrange(name, 0, -1)
    bodies = r.hmget(f"{name}.msgs", ids) if ids else []
    return [dramatiq.Message.decode(body) for body in bodies]


def payloads(messages: list[dramatiq.Message[Any]]) -> list[str]:
    return [json.loads(m.args[0])["job_id"] for m in messages]


class TestFreshMessage:
    def test_it_is_the_message_dramatiq_would_encode(self) -> None:
        """Given a payload with quotes, escapes and non-ASCII text, when fresh_message encodes it,
        then dramatiq decodes the very Message that ``actor.message(payload)`` plus the Redis id
        would be, field for field."""
        payload = json.dumps({"job_id": 'é "q" \\ \u2028 \n', "x": [1.5, None]}, ensure_ascii=False)
        redis_id, message_id = fresh_ids(2)
        data = fresh_message(
            "verify-batch",
            "verify_batch",
            payload,
            message_id=message_id,
            redis_message_id=redis_id,
            timestamp=7,
        )
        expected = dramatiq.Message(
            queue_name="verify-batch",
            actor_name="verify_batch",
            args=(payload,),
            kwargs={},
            options={"redis_message_id": redis_id},
            message_id=message_id,
            message_timestamp=7,
        )
        assert dramatiq.Message.decode(data) == expected
        assert json.loads(data) == json.loads(expected.encode())

    def test_a_payload_pydantic_will_not_write_is_escaped_as_json_dumps_does(self) -> None:
        data = fresh_message(
            "q", "a", '{"job_id": "\ud800"}', message_id="m", redis_message_id="r", timestamp=1
        )
        assert dramatiq.Message.decode(data).args == ('{"job_id": "\ud800"}',)

    def test_ids_are_distinct_version_4_uuids(self) -> None:
        import uuid

        ids = fresh_ids(2_000)
        assert len(set(ids)) == 2_000
        for value in ids:
            parsed = uuid.UUID(value)
            assert str(parsed) == value and parsed.version == 4 and parsed.variant == uuid.RFC_4122


class TestPrepare:
    def test_a_dict_is_sent_as_the_json_it_validated_as(self) -> None:
        job = make_job(job_id="é-1", output={"format": "text", "content": 'naïve \u2028 "q"'})
        job_id, mode, payload = prepare(job, validate=True, limits=Limits())
        assert (job_id, mode) == ("é-1", Mode.BATCH)
        assert json.loads(payload) == job
        assert parse_job(payload).job_id == "é-1"

    def test_a_dict_whose_json_is_over_the_limit_is_refused_as_a_worker_would(self) -> None:
        job = make_job(sources=[{"id": f"s{i}", "text": "y" * 3_000} for i in range(3)])
        with pytest.raises(JobDecodeError, match="over the limit of 8000 bytes"):
            prepare(job, validate=True, limits=Limits(max_job_bytes=8_000))
        assert prepare(job, validate=False, limits=Limits(max_job_bytes=8_000))[0] == "m1-t1-a1"

    def test_what_cannot_be_sent_as_json_is_a_job_error(self) -> None:
        with pytest.raises(JobValidationError, match="cannot be written as JSON"):
            prepare({**make_job(), "extra": object()}, validate=False, limits=Limits())
        with pytest.raises(JobDecodeError, match="not valid UTF-8"):
            prepare(b'{"job_id": "x\xff"}', validate=False, limits=Limits())

    def test_lone_surrogates_go_as_json_dumps_escapes_them(self) -> None:
        """The worker then answers with a verdict error naming the surrogate (tests/test_messages)."""
        job = {**make_job(), "note": "\ud800"}
        _, _, payload = prepare(job, validate=False, limits=Limits())
        assert "\\ud800" in payload


class TestEnqueueMany:
    def test_it_stores_what_enqueue_stores(self, settings: Settings, redis_client: redis.Redis) -> None:
        """Given one message through dramatiq's enqueue and three through enqueue_many, then each
        queue holds its messages in order in the same structures, and the sender's heartbeat is
        recorded as dramatiq's dispatch records it."""
        broker = make_broker(settings)
        assert isinstance(broker, FleetRedisBroker)
        actor = dramatiq.actor(lambda payload: None, actor_name="probe", queue_name="probe-q", broker=broker)
        broker.enqueue(actor.message('{"job_id": "by-enqueue"}'))
        ids = fresh_ids(6)
        chunk = [
            Encoded(
                queue,
                ids[2 * i],
                fresh_message(
                    queue,
                    "probe",
                    json.dumps({"job_id": f"many-{i}"}),
                    message_id=ids[2 * i + 1],
                    redis_message_id=ids[2 * i],
                    timestamp=1,
                ),
            )
            for i, queue in enumerate(["probe-q", "other-q", "probe-q"])
        ]
        broker.enqueue_many([chunk[:2], chunk[2:]])
        assert payloads(stored(redis_client, broker, "probe-q")) == ["by-enqueue", "many-0", "many-2"]
        assert payloads(stored(redis_client, broker, "other-q")) == ["many-1"]
        assert redis_client.zscore(f"{broker.namespace}:__heartbeats__", broker.broker_id) is not None
        broker.close()

    def test_maintenance_requeues_what_a_dead_worker_held(
        self, settings: Settings, redis_client: redis.Redis
    ) -> None:
        """Given a message a dead worker fetched and never acknowledged, when enqueue_many draws
        maintenance, then dramatiq's maintenance puts it back on its queue before the new ones."""
        broker = make_broker(settings)
        assert isinstance(broker, FleetRedisBroker)
        ns = broker.namespace
        redis_client.hset(f"{ns}:probe-q.msgs", "stranded", b"{}")
        redis_client.sadd(f"{ns}:__acks__.dead-worker.probe-q", "stranded")
        redis_client.zadd(f"{ns}:__heartbeats__", {"dead-worker": 1})
        broker.enqueue_many([[Encoded("probe-q", "new", b"{}")]])
        assert redis_client.lrange(f"{ns}:probe-q", 0, -1) == [b"stranded", b"new"]
        assert not redis_client.exists(f"{ns}:__acks__.dead-worker.probe-q")
        broker.close()

    def test_scripts_flushed_from_redis_are_loaded_again(
        self, settings: Settings, redis_client: redis.Redis
    ) -> None:
        """Given Redis forgot every script (a restart), then the next chunk loads them and is
        enqueued once."""
        with Client(settings) as client:
            client.submit_many([make_job(job_id="before-flush")])
            redis_client.script_flush()
            client.submit_many([make_job(job_id="after-flush")])
            assert payloads(stored(redis_client, client._submitter.broker, "verify-batch")) == [
                "before-flush",
                "after-flush",
            ]

    def test_redis_away_is_a_fleet_error(self) -> None:
        settings = Settings(redis_url="redis://127.0.0.1:1/0")
        with (
            Client(settings) as client,
            pytest.raises(FleetError, match="could not enqueue on the Redis broker"),
        ):
            client.submit_many([make_job()])


class TestSubmitMany:
    def test_an_invalid_job_names_its_place_and_nothing_is_sent(
        self, settings: Settings, redis_client: redis.Redis
    ) -> None:
        jobs = [make_job(job_id="ok-1"), make_job(job_id="bad", attempt=0), make_job(job_id="ok-2")]
        with Client(settings) as client:
            with pytest.raises(JobValidationError) as info:
                client.submit_many(jobs)
            assert info.value.where == "attempt" and info.value.job_id == "bad"
            assert "job 1 of the 3 given" in "".join(info.value.__notes__)
            # nothing queued (a worker of an earlier test may still leave its heartbeat key behind)
            assert list(redis_client.scan_iter(match="*verify-*")) == []

    def test_the_fleets_middleware_has_no_enqueue_hook_for_a_new_message(self, settings: Settings) -> None:
        """The fast path skips dramatiq's enqueue hooks: of the fleet's middleware only dramatiq's
        Prometheus has one (after_enqueue), and it counts re-enqueued retries only. Here it is
        called as dramatiq would, on a process that never booted its metrics: for a new message it
        touches nothing (it would fail on the missing counters otherwise)."""
        broker = make_broker(settings)
        assert not _hooked(broker)
        fresh = dramatiq.Message("verify-batch", "verify_batch", ("{}",), {}, {"redis_message_id": "r"})
        Prometheus().after_enqueue(broker, fresh, None)
        with pytest.raises(AttributeError):
            retried = fresh.copy(options={"retries": 1})
            Prometheus().after_enqueue(broker, retried, None)
        broker.close()

    def test_middleware_with_enqueue_hooks_sees_every_message(
        self, settings: Settings, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given a middleware with enqueue hooks, when 7 jobs are submitted 3 per round trip, then
        before_enqueue sees each message before it is stored (its option is stored with it) and
        after_enqueue sees each one after, in order."""

        class Stamp(Middleware):
            def __init__(self) -> None:
                self.before: list[str] = []
                self.after: list[str] = []

            def before_enqueue(
                self, broker: dramatiq.Broker, message: dramatiq.Message[Any], delay: Any
            ) -> None:
                message.options["stamp"] = len(self.before)
                self.before.append(json.loads(message.args[0])["job_id"])

            def after_enqueue(
                self, broker: dramatiq.Broker, message: dramatiq.Message[Any], delay: Any
            ) -> None:
                self.after.append(json.loads(message.args[0])["job_id"])

        monkeypatch.setattr(workers.client, "PER_ROUND_TRIP", 3)
        with Client(settings) as client:
            stamp = Stamp()
            client.broker.add_middleware(stamp)
            assert _hooked(client.broker)
            ids = client.submit_many([make_job(job_id=f"h-{i}") for i in range(7)])
            assert stamp.before == stamp.after == ids
            messages = stored(redis_client, client._submitter.broker, "verify-batch")
            assert [m.options["stamp"] for m in messages] == list(range(7))


class TestConsumedByWorkers:
    @pytest.mark.timeout(240)
    def test_a_batch_over_many_round_trips_gets_one_verdict_per_job(
        self,
        settings: Settings,
        tmp_path: Path,
        redis_client: redis.Redis,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        """Given real inline and batch workers, when 120 mixed jobs (dicts, VerifyJob models, JSON
        text, unvalidated dicts) are submitted 7 per round trip with maintenance on every call, then
        each job gets exactly one verdict on its own queue's mode, and the queues are empty."""
        monkeypatch.setattr(workers.client, "PER_ROUND_TRIP", 7)
        jobs = mixed_jobs(120, mission="m-submit")
        pair = WorkerPair(settings, tmp_path).start()
        try:
            with Client(settings) as client:
                ids = client.submit_many(jobs[:40])
                models = [parse_job(j) for j in jobs[40:80] if j["job_id"] != "m-submit-t43"]
                ids += client.submit_many(models)
                ids += client.submit_many([json.dumps(jobs[43])])
                ids += client.submit_many(jobs[80:], validate=False)
                assert sorted(ids) == sorted(j["job_id"] for j in jobs)
                verdicts = client.wait_all(ids, timeout=180)
                assert len(verdicts) == 120
                in_stream = Counter(e.event.job_id for e in client.store.iter_all())
                assert in_stream == Counter(ids)
                for job in jobs:
                    expected = Mode.INLINE if job["has_dependents"] else Mode.BATCH
                    assert verdicts[job["job_id"]].mode is expected
                broker = client._submitter.broker
                assert isinstance(broker, FleetRedisBroker)
                for queue in ("verify-inline", "verify-batch"):
                    assert redis_client.llen(f"{broker.namespace}:{queue}") == 0
        finally:
            pair.stop()
