"""The Redis broker's hardening (``workers/redis_broker.py``), one fault at a time, in-process
against the real Redis: undecodable bytes, a lost connection, a busy process's heartbeat."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any
from unittest import mock

import dramatiq
import pytest
import redis
import structlog
from dramatiq.brokers.redis import _scripts
from dramatiq.errors import ConnectionClosed

from bench import maintenance
from workers.redis_broker import Encoded, FleetRedisBroker, dispatch_script

pytestmark = pytest.mark.integration

NAMESPACE = "verifleet-test-dramatiq"


@pytest.fixture
def broker(redis_url: str) -> Iterator[FleetRedisBroker]:
    made = FleetRedisBroker(url=redis_url, namespace=NAMESPACE, heartbeat_timeout=1_000, maintenance_chance=0)
    made.declare_queue("q")
    yield made
    made.close()


def message(n: int) -> dramatiq.Message[Any]:
    return dramatiq.Message(queue_name="q", actor_name="a", args=(n,), kwargs={}, options={})


def raw(client: redis.Redis, body: bytes, message_id: str = "bad-1") -> None:
    client.hset(f"{NAMESPACE}:q.msgs", message_id, body)
    client.rpush(f"{NAMESPACE}:q", message_id)


def drain(consumer: Any, want: int, timeout: float = 5.0) -> list[Any]:
    got: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(got) < want and time.monotonic() < deadline:
        found = next(consumer)
        if found is not None:
            got.append(found)
    return got


class TestUndecodable:
    def test_bytes_nobody_can_decode_go_to_the_dead_letters_and_the_batch_goes_on(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        """Given good, undecodable, good messages fetched in one batch, then both good ones are handed
        out, the bad one is in q.XQ (not in any ack set), and the log says so."""
        broker.enqueue(message(1))
        raw(redis_client, b"\xff\xfe not a message")
        broker.enqueue(message(2))
        consumer = broker.consume("q", prefetch=8, timeout=100)
        with structlog.testing.capture_logs() as logs:
            got = drain(consumer, 2)
        assert [m.args for m in got] == [(1,), (2,)]
        assert redis_client.zrange(f"{NAMESPACE}:q.XQ", 0, -1) == [b"bad-1"]
        assert redis_client.hget(f"{NAMESPACE}:q.XQ.msgs", "bad-1") == b"\xff\xfe not a message"
        assert not redis_client.sismember(f"{NAMESPACE}:__acks__.{broker.broker_id}.q", "bad-1")
        (line,) = [entry for entry in logs if entry["event"] == "undecodable_message"]
        assert line["dead_lettered"] is True and line["redis_message_id"] == "bad-1"


class TestConnectionLost:
    def test_a_new_broker_id_leaves_what_was_fetched_to_the_broker_maintenance(
        self, broker: FleetRedisBroker, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given three messages fetched and one handed out, when the next fetch loses the connection
        (dramatiq then drops the prefetched two), then the process takes a new broker id, and once the
        old id's heartbeat is older than heartbeat_timeout a maintenance pass requeues all three."""
        for n in range(3):
            broker.enqueue(message(n))
        consumer = broker.consume("q", prefetch=3, timeout=100)
        assert next(consumer) is not None
        old = broker.broker_id
        consumer.message_cache.clear()  # as dramatiq's consumer thread does when it restarts
        with monkeypatch.context() as patch:
            patch.setitem(broker.scripts, "dispatch", _unreachable)
            with pytest.raises(ConnectionClosed):
                next(consumer)
        assert broker.broker_id != old
        assert redis_client.scard(f"{NAMESPACE}:__acks__.{old}.q") == 3
        redis_client.zadd(f"{NAMESPACE}:__heartbeats__", {old: 0})  # its last beat, long ago
        broker.maintenance_chance = 1_000_000
        broker.do_qsize("q")  # any dispatch on the queue runs maintenance now
        assert redis_client.llen(f"{NAMESPACE}:q") == 3
        assert not redis_client.exists(f"{NAMESPACE}:__acks__.{old}.q")


class TestHeartbeat:
    def test_a_consuming_process_beats_even_when_it_makes_no_other_call(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        """heartbeat_timeout 1 s: after 1.5 s without a fetch or an ack, its beat is under 0.5 s old."""
        broker.consume("q", prefetch=1, timeout=100)
        time.sleep(1.5)
        beat = redis_client.zscore(f"{NAMESPACE}:__heartbeats__", broker.broker_id)
        assert beat is not None and time.time() * 1000 - beat < 500

    def test_a_closed_broker_beats_no_more(self, broker: FleetRedisBroker, redis_client: redis.Redis) -> None:
        """Given a consuming broker, when it is closed, then its heartbeat stops at once: nothing writes
        to Redis after close returns (a later test on the same database found a stray beat)."""
        broker.consume("q", prefetch=1, timeout=100)
        time.sleep(0.3)
        broker.close()
        redis_client.delete(f"{NAMESPACE}:__heartbeats__")
        time.sleep(0.6)  # three beat intervals at heartbeat_timeout 1 s
        assert redis_client.keys("*") == []


class TestFullConsumer:
    def test_a_full_consumer_fetches_nothing_until_an_ack_leaves_room(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        """Given prefetch 4 and 6 messages, when 4 are handed out, then the consumer hands out nothing
        more (and has fetched nothing more: 2 still wait on the queue) until acknowledgements leave
        room (a quarter of its prefetch: one message here); nothing is lost."""
        for n in range(6):
            broker.enqueue(message(n))
        consumer = broker.consume("q", prefetch=4, timeout=100)
        handed = drain(consumer, 4)
        assert len(handed) == 4
        for acked in range(2):
            assert next(consumer) is None
            assert redis_client.llen(f"{NAMESPACE}:q") == 2 - acked, "nothing fetched while full"
            consumer.ack(handed[acked])
            handed += drain(consumer, 1)
        assert sorted(m.args[0] for m in handed) == list(range(6))
        for m in handed[2:]:
            consumer.ack(m)
        assert redis_client.llen(f"{NAMESPACE}:q") == 0
        assert redis_client.hlen(f"{NAMESPACE}:q.msgs") == 0


class TestDelayQueuePolling:
    @pytest.fixture
    def slow(self, redis_url: str) -> Iterator[FleetRedisBroker]:
        options: dict[str, Any] = {"heartbeat_timeout": 1_000, "maintenance_chance": 0, "delay_poll_ms": 400}
        made = FleetRedisBroker(url=redis_url, namespace=NAMESPACE, **options)
        made.declare_queue("q")
        yield made
        made.close()

    def test_an_empty_delay_queue_waits_longer_between_polls_than_its_queue(
        self, slow: FleetRedisBroker, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given delay_poll_ms 400 and a 20 ms consumer timeout, when both consumers find nothing for
        1.5 s, then the queue's consumer backs off up to 20 ms and the delay queue's up to 400 ms:
        with dramatiq's backoff (5, 10, 20, ... ms, jittered up to twice, capped) the delay queue
        is fetched at most a dozen times (a loaded machine only fetches less)."""
        fetches: dict[str, int] = {}
        fetch = slow.do_fetch

        def counted(queue_name: str, prefetch: int) -> Any:
            fetches[queue_name] = fetches.get(queue_name, 0) + 1
            return fetch(queue_name, prefetch)

        monkeypatch.setattr(slow, "do_fetch", counted)
        for name in ("q", "q.DQ"):
            consumer = slow.consume(name, prefetch=4, timeout=20)
            assert consumer.timeout == 20
            deadline = time.monotonic() + 1.5
            while time.monotonic() < deadline:
                assert next(consumer) is None
            wanted = 400 if name == "q.DQ" else 20
            assert consumer.idle_timeout == wanted and consumer.timeout == wanted
        assert fetches["q.DQ"] <= 12
        assert fetches["q"] > fetches["q.DQ"]

    def test_a_delay_queue_consumer_holding_a_message_polls_at_the_short_timeout(
        self, slow: FleetRedisBroker
    ) -> None:
        """Given a retry waiting in the delay queue, when its consumer has fetched it, then it polls
        every 20 ms again (dramatiq releases due messages between polls), and once the message is
        acknowledged it goes back to 400 ms."""
        consumer = slow.consume("q.DQ", prefetch=4, timeout=20)
        assert next(consumer) is None and consumer.timeout == 400
        slow.enqueue(message(1), delay=60_000)
        held = drain(consumer, 1)
        assert len(held) == 1 and held[0].options["eta"] > time.time() * 1000
        assert next(consumer) is None and consumer.timeout == 20
        consumer.ack(held[0])
        assert next(consumer) is None and consumer.timeout == 400


class TestWake:
    """An idle consumer waits on its queue's wake stream, so work sent to an idle fleet is fetched
    at once rather than at the next poll (``worker_timeout``, jittered backoff)."""

    @staticmethod
    def waiting(consumer: Any) -> threading.Thread:
        """``next(consumer)`` in a thread, from a consumer whose next wait is its whole 30 s timeout."""
        consumer.misses = 20
        thread = threading.Thread(target=next, args=(consumer,), daemon=True)
        thread.start()
        time.sleep(0.3)
        assert thread.is_alive(), "the idle consumer should be waiting"
        return thread

    @pytest.mark.parametrize("how", ["enqueue", "enqueue_many"])
    def test_an_idle_consumer_wakes_when_work_arrives(self, broker: FleetRedisBroker, how: str) -> None:
        """Given a consumer waiting out a 30 s idle timeout, when a message is enqueued (one at a
        time, as dramatiq sends; or in a batch, as the client submits), then its wait ends at once
        and its next fetch hands the message out."""
        consumer = broker.consume("q", prefetch=4, timeout=30_000)
        assert next(consumer) is None  # the first wait returns: nothing was seen yet
        thread = self.waiting(consumer)
        sent = message(7)
        if how == "enqueue":
            broker.enqueue(sent)
        else:
            redis_id = str(uuid.uuid4())
            sent = sent.copy(options={"redis_message_id": redis_id})
            broker.enqueue_many([[Encoded("q", redis_id, sent.encode())]])
        thread.join(timeout=10)
        assert not thread.is_alive(), "the wake did not end the wait"
        (got,) = drain(consumer, 1)
        assert got.message_id == sent.message_id
        consumer.ack(got)

    def test_a_delay_queue_consumer_does_not_wait_on_wakes(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        """Retries wait in a delay queue for their backoff: nothing there is due at once, so its
        consumer sleeps as before, and a delayed enqueue wakes nobody."""
        consumer = broker.consume("q.DQ", prefetch=4, timeout=20)
        assert consumer._wake_key is None
        broker.enqueue(message(1), delay=60_000)
        assert redis_client.xlen(f"{NAMESPACE}:q.wake") == 0
        assert redis_client.xlen(f"{NAMESPACE}:q.DQ.wake") == 0

    def test_the_wake_stream_keeps_one_entry(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        for n in range(5):
            broker.enqueue(message(n))
        assert redis_client.xlen(f"{NAMESPACE}:q.wake") == 1

    def test_a_single_enqueue_and_its_wake_are_one_round_trip(
        self, broker: FleetRedisBroker, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given dramatiq's own ``enqueue`` (a send, a retry coming due), then the message and its
        wake entry are written in one round trip, and the message is there to fetch."""
        broker.enqueue(message(0))  # the first loads the script and reads Lua's stack size
        trips: list[str] = []
        for cls, name in ((redis.Redis, "execute_command"), (redis.client.Pipeline, "execute")):
            original = getattr(cls, name)

            def counted(self: Any, *args: Any, _run: Any = original, _name: str = name, **kw: Any) -> Any:
                trips.append(_name)
                return _run(self, *args, **kw)

            monkeypatch.setattr(cls, name, counted)
        broker.enqueue(message(1))
        monkeypatch.undo()
        assert trips == ["execute"]  # one pipeline: its commands are not sent one by one
        assert redis_client.xlen(f"{NAMESPACE}:q.wake") == 1
        assert redis_client.llen(f"{NAMESPACE}:q") == 2


class TestMaintenance:
    """A dead worker's messages come back without ``KEYS`` (``dispatch_script``)."""

    @staticmethod
    def dead(redis_url: str, queues: list[str]) -> tuple[str, list[int]]:
        """A worker that fetched one message from each of ``queues`` and died (its heartbeat long
        ago): its broker id, and the arguments of the messages it held."""
        other = FleetRedisBroker(
            url=redis_url, namespace=NAMESPACE, heartbeat_timeout=1_000, maintenance_chance=0
        )
        for n, queue in enumerate(queues):
            other.declare_queue(queue)
            other.enqueue(
                dramatiq.Message(queue_name=queue, actor_name="a", args=(n,), kwargs={}, options={})
            )
            assert next(other.consume(queue, prefetch=1, timeout=100)) is not None
        other.close()
        other.client.zadd(f"{NAMESPACE}:__heartbeats__", {other.broker_id: 0})
        return other.broker_id, list(range(len(queues)))

    def test_every_queue_a_dead_worker_held_is_requeued_in_one_pass(
        self, broker: FleetRedisBroker, redis_client: redis.Redis, redis_url: str
    ) -> None:
        """Given a dead worker holding a message of q, of r and of r's delay queue, when one
        maintenance pass runs on q, then all three are back on their queues, and the worker's ack
        sets, its list of held queues and its heartbeat are gone (dramatiq's own script requeues
        q's only, and keeps the worker until a pass runs on each of the others)."""
        gone, _ = self.dead(redis_url, ["q", "r", "r.DQ"])
        assert redis_client.smembers(f"{NAMESPACE}:__held__.{gone}") == {b"q", b"r", b"r.DQ"}
        broker.maintenance_chance = 1_000_000
        broker.do_qsize("q")
        for queue in ("q", "r", "r.DQ"):
            (back,) = redis_client.lrange(f"{NAMESPACE}:{queue}", 0, -1)
            assert redis_client.hexists(f"{NAMESPACE}:{queue}.msgs", back)
            assert not redis_client.exists(f"{NAMESPACE}:__acks__.{gone}.{queue}")
        assert not redis_client.exists(f"{NAMESPACE}:__held__.{gone}")
        assert redis_client.zscore(f"{NAMESPACE}:__heartbeats__", gone) is None

    def test_a_redis_that_refuses_keys_still_gets_its_messages_back(
        self, redis_client: redis.Redis, redis_url: str
    ) -> None:
        """Given a Redis user that may not run KEYS (as some hosted Redis have it) and a dead worker
        holding a message, when a broker connected as that user runs maintenance, then the message
        is requeued (dramatiq's script fails there: NOPERM)."""
        user, password = f"verifleet-test-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
        redis_client.acl_setuser(
            user,
            enabled=True,
            passwords=[f"+{password}"],
            keys=["*"],
            channels=["*"],
            commands=["+@all", "-keys"],
        )
        try:
            as_user = redis_url.replace("redis://", f"redis://{user}:{password}@", 1)
            limited = FleetRedisBroker(
                url=as_user, namespace=NAMESPACE, heartbeat_timeout=1_000, maintenance_chance=1_000_000
            )
            assert limited.client.acl_whoami() == user
            limited.declare_queue("q")
            gone, _ = self.dead(redis_url, ["q"])
            limited.do_qsize("q")
            limited.close()
            assert redis_client.llen(f"{NAMESPACE}:q") == 1
            assert redis_client.zscore(f"{NAMESPACE}:__heartbeats__", gone) is None
        finally:
            redis_client.acl_deluser(user)

    def test_a_process_that_never_fetched_here_has_the_fleet_queues_looked_at(
        self, broker: FleetRedisBroker, redis_client: redis.Redis
    ) -> None:
        """Given a dead process with no list of held queues (one that only enqueued, as a coordinator
        does, or a worker on dramatiq's own script) holding a message of verify-batch, when a pass
        runs on q, then the message is back on verify-batch and the process is forgotten."""
        redis_client.hset(f"{NAMESPACE}:verify-batch.msgs", "m1", b"{}")
        redis_client.sadd(f"{NAMESPACE}:__acks__.legacy.verify-batch", "m1")
        redis_client.zadd(f"{NAMESPACE}:__heartbeats__", {"legacy": 0, "coordinator": 0})
        broker.maintenance_chance = 1_000_000
        broker.do_qsize("q")
        assert redis_client.lrange(f"{NAMESPACE}:verify-batch", 0, -1) == [b"m1"]
        assert not redis_client.exists(f"{NAMESPACE}:__acks__.legacy.verify-batch")
        assert redis_client.zrange(f"{NAMESPACE}:__heartbeats__", 0, -1) == [broker.broker_id.encode()]

    def test_a_dramatiq_whose_script_differs_keeps_its_own(self, redis_url: str) -> None:
        """Given a dispatch.lua whose dead-worker loop is not the one known, then dispatch_script
        gives None and a broker keeps dramatiq's script, saying so."""
        stock = _scripts["dispatch"]
        assert dispatch_script(stock) is not None
        assert b'redis.call("keys"' in stock and b'redis.call("keys"' not in (dispatch_script(stock) or b"")
        changed = stock.replace(
            b"local dead_worker = dead_workers[i]", b"local dead_worker = dead_workers[i] "
        )
        assert dispatch_script(changed) is None
        with (
            mock.patch("workers.redis_broker.dispatch_script", return_value=None),
            structlog.testing.capture_logs() as logs,
        ):
            kept = FleetRedisBroker(url=redis_url, namespace=NAMESPACE)
        assert kept.scripts["dispatch"].script == stock
        assert [e["event"] for e in logs] == ["dispatch_script_unpatched"]
        kept.close()


def test_the_maintenance_bench_times_both_scripts_doing_the_same_work(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bench/maintenance.py on 20,000 keys (it raises when a script leaves the dead worker or its
    messages behind): the fleet's script takes less time than dramatiq's."""
    monkeypatch.setenv("VERIFLEET_BENCH_REDIS_URL", redis_url)
    monkeypatch.setattr(maintenance, "KEYS_HELD", 20_000)
    monkeypatch.setattr(maintenance, "ROUNDS", 2)
    found = maintenance.run()
    assert found["maintenance_dead_worker_ms"].value < found["maintenance_dead_worker_stock_ms"].value
    assert "20,0" in found["maintenance_vs_stock"].note


def _unreachable(*args: Any, **kwargs: Any) -> Any:
    raise redis.ConnectionError("connection dropped")
