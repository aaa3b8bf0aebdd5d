"""The fleet's edges in one process against a real Redis: the webhook sink, the asyncio client and
``pending()``, and retries through dramatiq's own middleware (StubBroker, real worker threads)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar

import dramatiq
import pytest
import redis
from dramatiq.brokers.stub import StubBroker
from factories import make_job
from fleet_support import wait_for
from policy_support import JUDGE, JUDGED, KEY, EchoJudge

from checks import error_verdict
from messages import FleetError, Mode, Verdict, VerdictEvent, VerdictTimeout
from workers import coordination
from workers.actors import declare
from workers.brokers import INLINE_QUEUE, middleware
from workers.client import AsyncClient, Client
from workers.events import DONE_TTL_SECONDS, STREAM, EventStore
from workers.metrics import Metrics
from workers.runtime import RuntimeHolder
from workers.settings import Settings
from workers.webhook import (
    SIGNATURE,
    WebhookSender,
    dead_letters,
    outbox_key,
    requeue_dead,
    verify_signature,
)

pytestmark = pytest.mark.integration

SECRET = "whsec-test-0123456789"
T = TypeVar("T")


def run_async(factory: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(factory())`` on a thread of its own: no event loop of the test process is touched."""
    got: dict[str, Any] = {}

    def target() -> None:
        try:
            got["value"] = asyncio.run(factory())
        except BaseException as e:
            got["error"] = e

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    if "error" in got:
        raise got["error"]
    return got["value"]  # type: ignore[no-any-return]


def verdict(job_id: str) -> VerdictEvent:
    return error_verdict("test", job_id=job_id, mission_id="m1", task_id="t1")


class Receiver:
    """A webhook receiver on loopback: checks every signature, answers scripted statuses (then 200)."""

    def __init__(self) -> None:
        self.statuses: deque[int] = deque()
        self.received: list[dict[str, Any]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                signed = verify_signature(SECRET, body, self.headers.get(SIGNATURE))
                code = receiver.statuses.popleft() if receiver.statuses else (200 if signed else 401)
                receiver.received.append(
                    {
                        "body": body,
                        "signed": signed,
                        "headers": dict(self.headers),
                        "at": time.monotonic(),
                        "code": code,
                    }
                )
                self.send_response(code)
                self.send_header("content-length", "0")
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/hooks/verdicts"

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def sender_for(client: redis.Redis, url: str, **options: Any) -> tuple[WebhookSender, threading.Thread]:
    options = {"max_attempts": 4, "backoff_s": 0.05, "backoff_max_s": 0.2, "claim_idle_ms": 1_000, **options}
    sender = WebhookSender(client, "verifleet", url, SECRET, consumer="s1", **options)
    thread = threading.Thread(target=sender.run, daemon=True)
    thread.start()
    return sender, thread


@pytest.fixture
def store(redis_client: redis.Redis) -> EventStore:
    return EventStore(redis_client, outbox=outbox_key("verifleet"))


class TestWebhook:
    def test_every_verdict_is_posted_signed_with_the_stream_body(
        self, redis_client: redis.Redis, store: EventStore
    ) -> None:
        """Given a webhook, when three verdicts are published, then each is POSTed once with
        X-Verifleet-Signature = sha256=HMAC(secret, body), the body being the stream's event JSON."""
        with Receiver() as receiver:
            sender, thread = sender_for(redis_client, receiver.url)
            try:
                for i in range(3):
                    store.publish(verdict(f"w{i}"))
                assert wait_for(lambda: len(receiver.received) == 3, timeout=10)
            finally:
                sender.stop.set()
                thread.join(5)
        assert all(r["signed"] for r in receiver.received)
        streamed = {e.event.job_id: e for e in store.iter_all()}
        for r in receiver.received:
            event = VerdictEvent.model_validate_json(r["body"])
            assert r["body"] == streamed[event.job_id].event.model_dump_json().encode()
            assert r["headers"]["X-Verifleet-Job-Id"] == event.job_id
        assert redis_client.xlen(outbox_key("verifleet")) == 0

    def test_a_receiver_that_fails_is_retried_with_backoff(
        self, redis_client: redis.Redis, store: EventStore
    ) -> None:
        """Given a receiver answering 503, 503, then 200, then the event is delivered on the third
        try, the tries spaced by the doubling backoff, with the same delivery id each time."""
        with Receiver() as receiver:
            receiver.statuses.extend([503, 503])
            sender, thread = sender_for(redis_client, receiver.url)
            try:
                store.publish(verdict("retry-me"))
                assert wait_for(lambda: len(receiver.received) == 3, timeout=10)
            finally:
                sender.stop.set()
                thread.join(5)
        gaps = [b["at"] - a["at"] for a, b in zip(receiver.received, receiver.received[1:], strict=False)]
        assert gaps[0] >= 0.045 and gaps[1] >= 0.095
        assert len({r["headers"]["X-Verifleet-Delivery"] for r in receiver.received}) == 1
        assert dead_letters(redis_client, "verifleet") == []

    def test_a_receiver_that_stays_down_gets_a_dead_letter(
        self, redis_client: redis.Redis, store: EventStore
    ) -> None:
        """Given no receiver at the URL, when a verdict is published, then after max_attempts tries it
        is recorded in the dead letters with the last error and removed from the outbox; a receiver
        that refuses it (4xx) dead-letters it at once; requeue_dead puts them back."""
        with Receiver() as receiver:
            receiver.statuses.append(400)
            url = receiver.url
            sender, thread = sender_for(redis_client, url)
            store.publish(verdict("refused"))
            assert wait_for(lambda: len(dead_letters(redis_client, "verifleet")) == 1, timeout=10)
            sender.stop.set()
            thread.join(5)
        sender, thread = sender_for(redis_client, url, max_attempts=3)  # nobody listens there now
        try:
            store.publish(verdict("unheard"))
            assert wait_for(lambda: len(dead_letters(redis_client, "verifleet")) == 2, timeout=10)
        finally:
            sender.stop.set()
            thread.join(5)
        dead = {d["job_id"]: d for d in dead_letters(redis_client, "verifleet")}
        assert dead["refused"]["attempts"] == "1" and dead["refused"]["error"] == "HTTP 400"
        assert dead["unheard"]["attempts"] == "3" and "ConnectError" in dead["unheard"]["error"]
        assert VerdictEvent.model_validate_json(dead["unheard"]["event"]).job_id == "unheard"
        assert redis_client.xlen(outbox_key("verifleet")) == 0
        assert requeue_dead(redis_client, "verifleet") == 2
        assert redis_client.xlen(outbox_key("verifleet")) == 2

    def test_the_webhook_can_replace_the_stream(self, redis_client: redis.Redis) -> None:
        """Given stream_events off, a verdict is recorded (exactly once) and queued for the webhook,
        and the stream stays empty."""
        store = EventStore(redis_client, outbox=outbox_key("verifleet"), stream_events=False)
        assert store.publish(verdict("only-hook")) is not None
        assert store.publish(verdict("only-hook")) is None
        assert redis_client.xlen(outbox_key("verifleet")) == 1
        assert not redis_client.exists(STREAM)
        with pytest.raises(ValueError, match="WEBHOOK_URL"):
            Settings(stream_events=False)
        with pytest.raises(ValueError, match="WEBHOOK_SECRET"):
            Settings(webhook_url="http://127.0.0.1:1/x")


class TestCoordinatorClients:
    def test_the_async_client_waits_reads_and_acknowledges(
        self, redis_url: str, redis_client: redis.Redis
    ) -> None:
        """Given verdicts published while an AsyncClient waits, then wait, wait_all and events (with
        ack) behave as the blocking client's; a missing verdict raises VerdictTimeout."""
        store = EventStore(redis_client)

        async def scenario() -> None:
            async with AsyncClient(Settings(redis_url=redis_url)) as client:
                waiting = asyncio.create_task(client.wait("a1", timeout=5))
                await asyncio.sleep(0.05)
                store.publish(verdict("a1"))
                assert (await waiting).job_id == "a1"
                store.publish(verdict("a2"))
                both = await client.wait_all(["a1", "a2"], timeout=5)
                assert set(both) == {"a1", "a2"}
                with pytest.raises(VerdictTimeout, match="a3"):
                    await client.wait("a3", timeout=0.2)
                seen = [d async for d in client.events("coord", "c1", follow=False, block_ms=100)]
                assert [d.event.job_id for d in seen] == ["a1", "a2"]
                await seen[0].ack()
                again = [d async for d in client.events("coord", "c1", follow=False, block_ms=100)]
                assert [d.event.job_id for d in again] == ["a2"]
                assert await client.get_verdict("a2") is not None

        run_async(scenario)

    def test_a_waiter_wakes_on_its_own_jobs_done_list(self) -> None:
        """Given the wait flow driven by hand, then it reads the record, waits on the job's done
        list (BRPOPLPUSH onto itself: returns at once when the element is there, leaves it for
        other waiters), and reads the record once woken; a record gone since is said to be gone."""
        flow = coordination.wait("d:j1", "r:j1", "j1", timeout=30)
        call = next(flow)
        assert (call.method, call.args) == ("get", ("r:j1",))
        call = flow.send(None)
        assert (call.method, call.args[:2]) == ("brpoplpush", ("d:j1", "d:j1"))
        assert 0 < call.args[2] <= 1
        call = flow.send(None)  # a second without it: the record is read again
        assert (call.method, call.args) == ("get", ("r:j1",))
        assert flow.send(None).method == "brpoplpush"
        assert flow.send(b"1").method == "get"
        with pytest.raises(StopIteration) as stop:
            flow.send(verdict("j1").model_dump_json().encode())
        assert stop.value.value.job_id == "j1"
        gone = coordination.wait("d:j2", "r:j2", "j2", timeout=30)
        next(gone)
        gone.send(None)
        gone.send(b"1")
        with pytest.raises(FleetError, match="gone"):
            gone.send(None)

    def test_a_blocked_read_that_outlasts_the_socket_timeout_reads_again(self) -> None:
        """redis-py 8 gives connections a 5 s socket timeout: a Redis stalled that long under a
        blocked BRPOPLPUSH raised FleetError out of Client.wait (seen in make bench). A socket
        timeout of a blocking read is now an empty reply; of any other command, still an error."""

        class Stalled:
            def __init__(self) -> None:
                self.calls: list[str] = []

            def get(self, key: str) -> bytes | None:
                self.calls.append("get")
                return verdict("j3").model_dump_json().encode() if len(self.calls) > 2 else None

            def brpoplpush(self, *args: object) -> bytes:
                self.calls.append("brpoplpush")
                raise redis.TimeoutError("Timeout reading from socket")

        stalled = Stalled()
        got = coordination.run(coordination.wait("d:j3", "r:j3", "j3", timeout=30), stalled)  # type: ignore[arg-type]
        assert got.job_id == "j3" and stalled.calls == ["get", "brpoplpush", "get"]

        class Down(Stalled):
            def get(self, key: str) -> bytes | None:
                raise redis.TimeoutError("Timeout reading from socket")

        with pytest.raises(FleetError, match="Redis get failed"):
            coordination.run(coordination.wait("d:j4", "r:j4", "j4", timeout=30), Down())  # type: ignore[arg-type]

    def test_wait_all_parses_only_its_own_jobs_events(self) -> None:
        """Given the fleet's other verdicts on the stream (some not even JSON), when wait_all reads
        them, then only its own job's event is parsed and returned."""
        flow = coordination.wait_all(STREAM, {"mine": "r:mine"}, timeout=30)
        assert next(flow).method == "xrevrange"
        assert flow.send([]).method == "mget"
        call = flow.send([None])
        assert (call.method, call.args) == ("xread", ({STREAM: "0-0"},))
        others = [(f"{i}-0".encode(), {b"event": b"{", b"job_id": f"other{i}".encode()}) for i in range(3)]
        mine = (b"9-0", {b"event": verdict("mine").model_dump_json().encode(), b"job_id": b"mine"})
        with pytest.raises(StopIteration) as stop:
            flow.send([[STREAM.encode(), [*others, mine]]])
        assert set(stop.value.value) == {"mine"}

    def test_waiters_hear_a_fleet_that_streams_nothing(
        self, redis_url: str, redis_client: redis.Redis
    ) -> None:
        """Given verdicts published with stream_events off (the webhook outbox as the only sink),
        then a blocked wait and wait_all both return them; the job's done list holds one element
        and expires (before, wait_all timed out: it only read the stream)."""
        store = EventStore(redis_client, outbox=outbox_key("verifleet"), stream_events=False)
        with Client(Settings(redis_url=redis_url)) as client:
            got: dict[str, VerdictEvent] = {}
            waiter = threading.Thread(target=lambda: got.update(one=client.wait("q1", timeout=20)))
            waiter.start()
            time.sleep(0.1)
            store.publish(verdict("q1"))
            waiter.join(20)
            assert got["one"].job_id == "q1"
            waiter = threading.Thread(target=lambda: got.update(client.wait_all(["q1", "q2"], timeout=20)))
            waiter.start()
            time.sleep(0.1)
            store.publish(verdict("q2"))
            waiter.join(20)
            assert {"q1", "q2"} <= set(got)
        assert not redis_client.exists(STREAM)
        done = store.done_key("q1")
        assert redis_client.lrange(done, 0, -1) == [b"1"]
        assert 0 < redis_client.ttl(done) <= DONE_TTL_SECONDS

    def test_a_restarted_coordinator_reclaims_what_a_dead_one_left(
        self, redis_url: str, redis_client: redis.Redis
    ) -> None:
        """Given a coordinator c1 that read three events and died without acknowledging, when a new
        one (c2) asks for pending events idle long enough, then it gets those three, once; after it
        acknowledges them nothing is pending; the asyncio client does the same."""
        store = EventStore(redis_client)
        with Client(Settings(redis_url=redis_url)) as client:
            for i in range(3):
                store.publish(verdict(f"p{i}"))
            dead = client.events("coord", "c1", follow=False, block_ms=100)
            assert [next(dead).event.job_id for _ in range(3)] == ["p0", "p1", "p2"]
            assert client.pending("coord", "c2", min_idle_ms=60_000) == []  # c1 may still be alive
            time.sleep(0.05)
            taken = client.pending("coord", "c2", min_idle_ms=20)
            assert [d.event.job_id for d in taken] == ["p0", "p1", "p2"]
            taken[0].ack()
            store.publish(verdict("p3"))
            list(client.events("coord", "c3", follow=False, block_ms=100, pending_first=False))

        async def take_over() -> list[str]:
            async with AsyncClient(Settings(redis_url=redis_url)) as aclient:
                await asyncio.sleep(0.05)
                got = await aclient.pending("coord", "c4", min_idle_ms=20)
                for d in got:
                    await d.ack()
                return [d.event.job_id for d in got]

        assert run_async(take_over) == ["p1", "p2", "p3"]
        assert redis_client.xinfo_groups(STREAM)[0]["pending"] == 0

    def test_the_async_client_submits_through_the_broker(
        self, redis_url: str, redis_client: redis.Redis
    ) -> None:
        async def submit() -> list[str]:
            async with AsyncClient(Settings(redis_url=redis_url)) as client:
                return await client.submit_many(
                    [make_job(job_id="s1"), make_job(job_id="s2", has_dependents=True)]
                )

        assert run_async(submit) == ["s1", "s2"]
        assert redis_client.llen("verifleet-dramatiq:verify-batch") == 1
        assert redis_client.llen("verifleet-dramatiq:verify-inline") == 1


@pytest.fixture
def echo() -> Iterator[EchoJudge]:
    server = EchoJudge().start()
    yield server
    server.stop()


@pytest.fixture
def stub_fleet(redis_url: str, echo: EchoJudge) -> Iterator[tuple[StubBroker, dict[Mode, Any], Settings]]:
    """verifleet's actors and middleware (without the Prometheus one) on dramatiq's StubBroker,
    served by a real dramatiq Worker in this process; the judge is the loopback EchoJudge."""
    settings = Settings(
        redis_url=redis_url,
        judges=[JUDGE],
        judge_base_url=echo.base_url,
        judge_api_key=KEY,
        judge_max_retries=0,
        max_retries=2,
        min_backoff_ms=10,
        max_backoff_ms=100,
        max_deliveries=4,
    )
    broker = StubBroker(middleware=[m for m in middleware(settings) if not isinstance(m, Metrics)])
    broker.emit_after("process_boot")
    actors = declare(broker, RuntimeHolder(settings))
    worker = dramatiq.Worker(broker, worker_timeout=20, worker_threads=2)
    worker.start()
    yield broker, actors, settings
    worker.stop()
    broker.close()


def inline_job(job_id: str) -> str:
    return json.dumps(make_job(job_id=job_id, has_dependents=True, criteria=[JUDGED]))


class TestRetries:
    def test_a_judge_that_does_not_answer_is_retried_with_backoff_until_it_does(
        self,
        stub_fleet: tuple[StubBroker, dict[Mode, Any], Settings],
        echo: EchoJudge,
        redis_client: redis.Redis,
    ) -> None:
        """Given a judge that answers 503 once, when an inline job runs, then dramatiq's Retries
        delivers it again and the verdict is the judged one, published once."""
        broker, actors, _ = stub_fleet
        echo.failing = True
        broker.enqueue(actors[Mode.INLINE].message(inline_job("r1")))
        assert wait_for(lambda: echo.calls >= 1, timeout=5)
        echo.failing = False
        store = EventStore(redis_client)
        assert wait_for(lambda: store.get("r1") is not None, timeout=10)
        got = store.get("r1")
        assert got is not None and got.verdict is Verdict.PASS and echo.calls == 2
        assert [e.event.job_id for e in store.iter_all()] == ["r1"]

    def test_after_the_last_retry_the_job_gets_a_verdict_error(
        self,
        stub_fleet: tuple[StubBroker, dict[Mode, Any], Settings],
        echo: EchoJudge,
        redis_client: redis.Redis,
    ) -> None:
        """Given a judge that stays down, then after max_retries (2) the job gets a verdict error that
        names the failure, published once: the coordinator is never left waiting."""
        broker, actors, _ = stub_fleet
        echo.failing = True
        broker.enqueue(actors[Mode.INLINE].message(inline_job("r2")))
        store = EventStore(redis_client)
        assert wait_for(lambda: store.get("r2") is not None, timeout=10)
        got = store.get("r2")
        assert got is not None and got.verdict is Verdict.ERROR
        assert "after retries: JudgeUnavailable" in got.reason
        assert echo.calls == 3
        assert redis_client.get("verifleet:deliveries:r2") == b"3"

    def test_a_job_over_its_time_limit_is_interrupted_and_answered(
        self, redis_url: str, echo: EchoJudge, redis_client: redis.Redis
    ) -> None:
        """Given a 1 s time limit, no retries, and a judge that takes 2.5 s, then the run is
        interrupted (dramatiq's TimeLimit raises an interrupt, not an Exception) and the job still
        gets its verdict error naming the time limit."""
        echo.delays.append(2.5)
        settings = Settings(
            redis_url=redis_url,
            judges=[JUDGE],
            judge_base_url=echo.base_url,
            judge_api_key=KEY,
            judge_max_retries=0,
            job_time_limit_ms=1_000,
            max_retries=0,
        )
        broker = StubBroker(middleware=[m for m in middleware(settings) if not isinstance(m, Metrics)])
        broker.emit_after("process_boot")
        actors = declare(broker, RuntimeHolder(settings))
        worker = dramatiq.Worker(broker, worker_timeout=20, worker_threads=1)
        worker.start()
        try:
            broker.enqueue(actors[Mode.INLINE].message(inline_job("slow-once")))
            store = EventStore(redis_client)
            assert wait_for(lambda: store.get("slow-once") is not None, timeout=10)
            got = store.get("slow-once")
            assert got is not None and got.verdict is Verdict.ERROR and "TimeLimitExceeded" in got.reason
        finally:
            worker.stop()
            broker.close()

    def test_an_invalid_job_is_not_retried(
        self, stub_fleet: tuple[StubBroker, dict[Mode, Any], Settings], redis_client: redis.Redis
    ) -> None:
        broker, actors, _ = stub_fleet
        bad = make_job(job_id="bad", has_dependents=True, attempt="first")
        broker.enqueue(actors[Mode.INLINE].message(json.dumps(bad)))
        store = EventStore(redis_client)
        assert wait_for(lambda: store.get("bad") is not None, timeout=5)
        time.sleep(0.2)
        assert redis_client.get("verifleet:deliveries:bad") == b"1"

    def test_a_job_delivered_past_the_limit_is_answered_and_dropped(
        self,
        stub_fleet: tuple[StubBroker, dict[Mode, Any], Settings],
        echo: EchoJudge,
        redis_client: redis.Redis,
    ) -> None:
        """Given a job delivered max_deliveries times already (it killed its worker each time), when it
        comes again, then it gets a verdict error saying so and never runs."""
        broker, actors, settings = stub_fleet
        redis_client.set("verifleet:deliveries:poison", settings.max_deliveries)
        broker.enqueue(actors[Mode.INLINE].message(inline_job("poison")))
        store = EventStore(redis_client)
        assert wait_for(lambda: store.get("poison") is not None, timeout=5)
        got = store.get("poison")
        assert got is not None and got.verdict is Verdict.ERROR and "dropped after 5 deliveries" in got.reason
        assert echo.calls == 0
        assert broker.queues[INLINE_QUEUE].qsize() == 0
