"""A message on the Redis broker is acknowledged by the script that publishes its verdict
(``FleetRedisBroker.verdict_ack``, ``EventStore.publish(ack=...)``): the fleet's actors on the real
broker, served by a dramatiq Worker in this process, against the real Redis."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import dramatiq
import pytest
import redis
from factories import make_job
from fleet_support import wait_for

from checks import error_verdict
from messages import Mode, Verdict
from workers.actors import declare
from workers.brokers import BATCH_QUEUE, middleware, queue_namespace
from workers.events import EventStore, VerdictAck
from workers.metrics import Metrics
from workers.redis_broker import FleetRedisBroker
from workers.runtime import RuntimeHolder
from workers.settings import Settings

pytestmark = pytest.mark.integration

Fleet = tuple[FleetRedisBroker, dict[Mode, Any], list[str]]


def start(settings: Settings) -> tuple[FleetRedisBroker, dict[Mode, Any], list[str], dramatiq.Worker]:
    """The fleet's actors on a FleetRedisBroker, a worker serving the batch queue, and the list of
    message ids dramatiq itself acknowledges (its ``ack`` command)."""
    broker = FleetRedisBroker(
        url=settings.queue_url,
        namespace=queue_namespace(settings),
        middleware=[m for m in middleware(settings) if not isinstance(m, Metrics)],
    )
    acked: list[str] = []
    dispatch_ack = broker.do_ack

    def counted(queue_name: str, message_id: str) -> Any:
        acked.append(message_id)
        return dispatch_ack(queue_name, message_id)

    broker.do_ack = counted  # type: ignore[method-assign]
    broker.emit_after("process_boot")
    actors = declare(broker, RuntimeHolder(settings))
    worker = dramatiq.Worker(broker, queues={BATCH_QUEUE}, worker_timeout=20, worker_threads=2)
    worker.start()
    return broker, actors, acked, worker


@pytest.fixture
def fleet(redis_url: str) -> Iterator[Fleet]:
    broker, actors, acked, worker = start(Settings(redis_url=redis_url))
    yield broker, actors, acked
    worker.stop()
    broker.close()


def settled(client: redis.Redis, broker: FleetRedisBroker) -> Callable[[], bool]:
    """Nothing of the batch queue is left: no message body, none waiting, none held unacknowledged."""
    queue, held, bodies = (
        f"{broker.namespace}:{BATCH_QUEUE}",
        broker.acks_key(BATCH_QUEUE),
        broker.messages_key(BATCH_QUEUE),
    )
    return lambda: client.hlen(bodies) == 0 and client.llen(queue) == 0 and client.scard(held) == 0


class TestAcknowledgedWithTheVerdict:
    def test_a_verified_job_needs_no_acknowledgement_of_its_own(
        self, fleet: Fleet, redis_client: redis.Redis
    ) -> None:
        """Given the verdicts on the broker's Redis, when 5 jobs are verified, then each verdict is
        published once and every message is gone from the queue's structures, without a single
        dramatiq ``ack`` call."""
        broker, actors, acked = fleet
        ids = [f"ack-{i}" for i in range(5)]
        for job_id in ids:
            actors[Mode.BATCH].send(json.dumps(make_job(job_id=job_id)))
        store = EventStore(redis_client)
        assert wait_for(lambda: all(store.get(i) is not None for i in ids), timeout=20)
        assert wait_for(settled(redis_client, broker), timeout=5)
        assert acked == []
        assert sorted(e.event.job_id for e in store.iter_all()) == ids
        assert all(v is not None and v.verdict is Verdict.PASS for v in map(store.get, ids))

    def test_a_job_that_already_has_its_verdict_is_acknowledged_by_dramatiq(
        self, fleet: Fleet, redis_client: redis.Redis
    ) -> None:
        """Given a job with a verdict, when its message comes again, then nothing is published (no
        script runs) and dramatiq acknowledges the message as before."""
        broker, actors, acked = fleet
        message = actors[Mode.BATCH].message(json.dumps(make_job(job_id="again")))
        broker.enqueue(message)
        store = EventStore(redis_client)
        assert wait_for(lambda: store.get("again") is not None, timeout=20)
        broker.enqueue(message)
        assert wait_for(lambda: len(acked) == 1, timeout=10)
        assert wait_for(settled(redis_client, broker), timeout=5)
        assert [e.event.job_id for e in store.iter_all()] == ["again"]

    def test_queues_named_on_a_broker_url_are_acknowledged_by_dramatiq(
        self, redis_url: str, redis_client: redis.Redis
    ) -> None:
        """Given VERIFLEET_BROKER_URL set (the queues may be on another Redis than the verdicts),
        then the publishing script acknowledges nothing and dramatiq acknowledges each message."""
        broker, actors, acked, worker = start(Settings(redis_url=redis_url, broker_url=redis_url))
        try:
            for job_id in ("own-1", "own-2"):
                actors[Mode.BATCH].send(json.dumps(make_job(job_id=job_id)))
            assert wait_for(lambda: len(acked) == 2, timeout=20)
            assert wait_for(settled(redis_client, broker), timeout=5)
        finally:
            worker.stop()
            broker.close()


class TestPublishScript:
    def keys(self, client: redis.Redis) -> tuple[str, str]:
        client.sadd("ns:__acks__.w1.q", "m1")
        client.hset("ns:q.msgs", "m1", b"body")
        return "ns:__acks__.w1.q", "ns:q.msgs"

    def test_the_message_held_by_this_process_is_acknowledged_new_verdict_or_not(
        self, redis_client: redis.Redis
    ) -> None:
        store = EventStore(redis_client)
        event = error_verdict("x", job_id="j1")
        settled: list[str] = []
        for round_ in ("new", "duplicate"):
            acks, bodies = self.keys(redis_client)
            ack = VerdictAck(acks, bodies, "m1", lambda r=round_: settled.append(r))
            entry = store.publish(event, ack=ack)
            assert (entry is not None) is (round_ == "new")
            assert redis_client.scard(acks) == 0 and redis_client.hlen(bodies) == 0
        assert settled == ["new", "duplicate"]

    def test_a_message_requeued_meanwhile_keeps_its_body(self, redis_client: redis.Redis) -> None:
        """Given the message no longer in this process's ack set (maintenance took this process for
        dead and requeued it), then the script leaves its body for the process that runs it next."""
        _, bodies = self.keys(redis_client)
        ack = VerdictAck("ns:__acks__.w2.q", bodies, "m1", lambda: None)
        assert EventStore(redis_client).publish(error_verdict("x", job_id="j2"), ack=ack) is not None
        assert redis_client.hget(bodies, "m1") == b"body"
