"""Secrets stay secret, and what the fleet signs can be checked.

Real inline and batch workers run (VERIFLEET_LOG_LEVEL=debug) with a judge API key and a webhook
secret; the loopback judge echoes the key back in a 401 and in a 500 before it answers;
a loopback receiver checks every webhook signature. Then the captured output of every worker
process (supervisor, dramatiq, httpx, structlog) and every verdict are searched for the key and the
secret. Receivers' side: :func:`workers.webhook.verify_signature` refuses anything tampered with.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import redis
from factories import make_job
from fleet_support import wait_for

from bench import scripted_judge
from bench.harness import Fleet, now_ms, running, start_tree, wait_ready, worker_env
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE
from workers.client import Client
from workers.settings import Settings
from workers.webhook import SIGNATURE, sign, verify_signature

pytestmark = pytest.mark.integration

KEY = "sk-live-SECRET-9d8c7b6a5f4e3d2c1b0a"
WEBHOOK_SECRET = "whsec-SECRET-0a1b2c3d4e5f6a7b8c9d"
JUDGE = "anthropic:claude-3-5-haiku-20241022"


class Receiver:
    """A webhook endpoint on loopback that records each body with its signature check."""

    def __init__(self) -> None:
        self.received: list[tuple[bytes, str | None]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                receiver.received.append((body, self.headers.get(SIGNATURE)))
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/verdicts"


@pytest.fixture(scope="module")
def run(redis_server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    judge = scripted_judge.running()
    echo = {"type": "error", "error": {"type": "authentication_error", "message": f"invalid x-api-key {KEY}"}}
    judge.push(
        scripted_judge.status(401, echo),
        scripted_judge.status(500, {"error": {"message": f"upstream rejected Authorization: Bearer {KEY}"}}),
    )
    receiver = Receiver()
    receiver.thread.start()
    redis.Redis.from_url(redis_server_url).flushdb()
    settings = Settings(redis_url=redis_server_url)
    env = worker_env(
        settings,
        VERIFLEET_JUDGES=JUDGE,
        VERIFLEET_JUDGE_BASE_URL=judge.base_url,
        VERIFLEET_JUDGE_API_KEY=KEY,
        VERIFLEET_JUDGE_MAX_RETRIES="0",
        VERIFLEET_WEBHOOK_URL=receiver.url,
        VERIFLEET_WEBHOOK_SECRET=WEBHOOK_SECRET,
        VERIFLEET_BATCH_MAX_WAIT_S="0.5",
        VERIFLEET_LOG_LEVEL="debug",
        VERIFLEET_MIN_BACKOFF_MS="50",
    )
    logs = tmp_path_factory.mktemp("secrets")
    jobs = [
        make_job(
            job_id=f"key-{i}", has_dependents=i % 2 == 0, criteria=[{"id": "j1", "text": "Explains the risk"}]
        )
        for i in range(8)
    ] + [make_job(job_id="key-invalid", criteria="all of them")]
    since = now_ms()
    trees = [start_tree(env, logs / f"{q}.log", queues=[q], threads=4) for q in (INLINE_QUEUE, BATCH_QUEUE)]
    with running(trees) as fleet, Client(settings) as client:
        wait_ready(redis_server_url, settings, 2, since_ms=since)
        verdicts = client.wait_all(client.submit_many(jobs, validate=False), timeout=60)
        wait_for(
            lambda: len({json.loads(b)["job_id"] for b, _ in receiver.received}) >= len(jobs), timeout=30
        )
        result = {"verdicts": verdicts, "fleet": fleet, "receiver": receiver, "judge": judge, "jobs": jobs}
        yield result
    receiver.httpd.shutdown()
    receiver.httpd.server_close()
    judge.stop()
    redis.Redis.from_url(redis_server_url).flushdb()


def captured(fleet: Fleet) -> str:
    return fleet.logs()


class TestKeysNeverLogged:
    def test_the_judge_was_called_with_the_key_and_echoed_it(self, run: dict[str, Any]) -> None:
        """The premise: the key went out on the wire, and came back in error bodies."""
        sent = [r for r in run["judge"].requests if r.method == "POST"]
        assert sent and all(r.headers.get("x-api-key") == KEY for r in sent)
        assert len(run["verdicts"]) == len(run["jobs"])

    def test_no_log_line_and_no_verdict_holds_the_key_or_the_webhook_secret(
        self, run: dict[str, Any]
    ) -> None:
        text = captured(run["fleet"]) + "".join(v.model_dump_json() for v in run["verdicts"].values())
        assert "judge_call" in text and "HTTP 401" in text and "HTTP 500" in text  # the error paths logged
        for secret in (KEY, WEBHOOK_SECRET):
            assert secret not in text
            assert secret[:14] not in text and secret[-12:] not in text


class TestWebhookSignatures:
    def test_every_verdict_posted_by_the_workers_is_signed(self, run: dict[str, Any]) -> None:
        received = run["receiver"].received
        assert {json.loads(body)["job_id"] for body, _ in received} == set(run["verdicts"])
        assert all(verify_signature(WEBHOOK_SECRET, body, header) for body, header in received)

    def test_a_tampered_body_a_wrong_secret_or_a_mangled_header_is_refused(self, run: dict[str, Any]) -> None:
        body, header = run["receiver"].received[0]
        assert header is not None
        tampered = body.replace(b'"verdict":"', b'"verdict":"x', 1)
        assert tampered != body
        for bad_body, secret, bad_header in [
            (tampered, WEBHOOK_SECRET, header),
            (body + b" ", WEBHOOK_SECRET, header),
            (body, "whsec-wrong", header),
            (body, WEBHOOK_SECRET, None),
            (body, WEBHOOK_SECRET, ""),
            (body, WEBHOOK_SECRET, header.removeprefix("sha256=")),
            (body, WEBHOOK_SECRET, header[:-1]),
            (body, WEBHOOK_SECRET, header.upper()),
            (body, WEBHOOK_SECRET, "sha1=" + header.removeprefix("sha256=")),
            (body, WEBHOOK_SECRET, sign(WEBHOOK_SECRET, tampered)),
        ]:
            assert not verify_signature(secret, bad_body, bad_header)
        assert verify_signature(WEBHOOK_SECRET, body, header)
