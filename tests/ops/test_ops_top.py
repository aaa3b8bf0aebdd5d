"""`verifleet top` and the submit progress bar, against a real Redis."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import redis
from factories import make_job
from ops_support import ROOT, worker_env
from rich.console import Console

from messages import Action, Cost, Mode, Status, Verdict, VerdictEvent, parse_job
from workers.batching import ParkingLot
from workers.client import Client
from workers.events import EventStore
from workers.queues import read_queue_stats
from workers.settings import Settings
from workers.top import Seen, Tally, Watcher, mission_keys, parse_entry, record_submitted, render, run_top


def seen(at_ms: int, verdict: str = "pass", job_id: str = "j", mission: str = "m") -> Seen:
    return Seen(at_ms, job_id, mission, verdict, cost_usd=0.01, budget_usd=0.1)


class TestTally:
    def test_rate_counts_and_expiry(self) -> None:
        """Given 20 verdicts in the last 10 s and 5 older ones: 2/s, and the window drops the old."""
        tally = Tally(window_s=60)
        now = 1_000_000
        for i in range(5):
            tally.add(seen(now - 120_000 + i, "fail", f"old-{i}"))
        for i in range(20):
            tally.add(seen(now - 9_000 + i, "pass", f"new-{i}"))
        tally.expire(now)
        assert tally.rate(now) == 2.0
        assert tally.counts() == {"pass": 20}
        assert tally.cost() == pytest.approx((0.2, 2.0))

    def test_a_mission_counts_each_job_once(self) -> None:
        tally = Tally(mission="m1")
        for job_id in ("a", "b", "a"):
            tally.add(seen(1, job_id=job_id, mission="m1"))
        tally.add(seen(1, job_id="c", mission="other"))
        assert sorted(tally.mission_done) == ["a", "b"]

    def test_an_unreadable_entry_is_skipped(self) -> None:
        assert parse_entry(b"1-0", {b"event": b"{not json"}) is None
        assert parse_entry("1-0", {}) is None


def publish(store: EventStore, job_id: str, mission: str, verdict: Verdict) -> None:
    store.publish(
        VerdictEvent(
            job_id=job_id,
            mission_id=mission,
            verdict=verdict,
            status=Status.PASSED if verdict is Verdict.PASS else Status.FAILED,
            action=Action.CONTINUE,
            mode=Mode.BATCH,
            cost=Cost(usd=0.02, budget_usd=0.1),
        )
    )


@pytest.fixture
def metrics_url() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = (
                b'verifleet_circuit_open{provider="openai"} 1.0\n'
                b'verifleet_circuit_open{provider="anthropic"} 0.0\n'
            )
            self.send_response(200)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/metrics"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.integration
class TestTop:
    def test_one_frame_shows_queues_rates_cost_circuits_and_mission_progress(
        self, redis_url: str, redis_client: redis.Redis, metrics_url: str
    ) -> None:
        """Given a mission of 5 submitted jobs with 3 verdicts, a waiting job and an open circuit,
        one frame shows the queues, 3 of 5 with its pass share, cost against budget, and OPEN."""
        settings = Settings(redis_url=redis_url)
        jobs = [make_job(job_id=f"mt-{i}", mission_id="mt") for i in range(5)]
        assert record_submitted(redis_client, settings.key_prefix, jobs)
        with Client(settings) as client:
            client.submit(make_job(job_id="waiting", has_dependents=True))
            for i, kind in enumerate((Verdict.PASS, Verdict.PASS, Verdict.FAIL)):
                publish(client.store, f"mt-{i}", "mt", kind)
            publish(client.store, "other-1", "other", Verdict.ERROR)
        out = io.StringIO()
        console = Console(file=out, width=140, force_terminal=False, color_system=None)
        assert run_top(settings, mission="mt", metrics_url=metrics_url, once=True, console=console) == 0
        text = out.getvalue()
        assert "verify-inline  1" in text
        assert "4 verdicts" in text
        assert "mission mt: 3 of 5" in text and "pass 67%" in text
        assert "cost $0.0800 of $0.4000 budget (20% used)" in text
        assert "openai OPEN" in text and "anthropic closed" in text
        assert "parked" not in text  # nothing parked: no line

    def test_parked_judge_work_is_shown(self, redis_url: str, redis_client: redis.Redis) -> None:
        """Batch jobs whose judge work waits for a flush are not in any queue: top says how many."""
        settings = Settings(redis_url=redis_url)
        lot = ParkingLot(redis_client, prefix=settings.key_prefix)
        events = EventStore.from_settings(redis_client, settings)
        for i in range(3):
            assert lot.park(events, parse_job(make_job(job_id=f"parked-{i}")))
        watcher = Watcher(settings)
        try:
            frame = watcher.poll()
        finally:
            watcher.close()
        assert frame.parked == 3
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(render(frame, settings))
        assert "parked for a batch judge flush: 3" in out.getvalue()

    def test_total_given_when_submit_recorded_nothing(self, redis_url: str) -> None:
        settings = Settings(redis_url=redis_url)
        watcher = Watcher(settings, mission="unrecorded", total=10)
        try:
            frame = watcher.poll()
        finally:
            watcher.close()
        assert frame.mission_total == 10
        assert frame.circuits is None
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(render(frame, settings))
        assert "mission unrecorded: 0 of 10" in out.getvalue()
        assert "no metrics endpoint answered" in out.getvalue()


@pytest.mark.integration
class TestSubmit:
    @pytest.mark.timeout(60)
    def test_a_large_file_is_queued_and_its_mission_recorded(
        self, redis_url: str, redis_client: redis.Redis, tmp_path: Path
    ) -> None:
        """Given 150 jobs in a JSON lines file, `verifleet submit` queues them all, prints their ids
        and records the mission's job ids for `verifleet top --mission`."""
        path = tmp_path / "jobs.jsonl"
        path.write_text(
            "\n".join(json.dumps(make_job(job_id=f"big-{i}", mission_id="big")) for i in range(150))
        )
        env = worker_env(Settings(redis_url=redis_url))
        done = subprocess.run(
            [sys.executable, "-m", "workers.cli", "submit", str(path)],
            env=env, cwd=ROOT, capture_output=True, text=True, timeout=50, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert len(done.stdout.split()) == 150
        assert redis_client.scard(mission_keys("verifleet", "big")[0]) == 150
        stats = {s.queue: s for s in read_queue_stats(Settings(redis_url=redis_url))}
        assert stats["verify-batch"].depth == 150

    def test_the_progress_bar_path_submits_in_chunks(self, redis_url: str) -> None:
        from workers.top import submit_with_progress

        with Client(Settings(redis_url=redis_url)) as client:
            ids = submit_with_progress(client, [make_job(job_id=f"p-{i}") for i in range(120)], chunk=50)
        assert ids == [f"p-{i}" for i in range(120)]
