"""``make chaos``: break the fleet while jobs flow, and check that every job still gets one verdict.

Scenarios (each a function that ``tests/chaos`` also runs, smaller):

- :func:`kill_run`: two ``verifleet worker`` replicas serve both queues while jobs flow; every
  few seconds one worker process, chosen at random, gets SIGKILL. On Redis, and on RabbitMQ
  where one answers on 127.0.0.1:5672 (in a vhost of its own, made with rabbitmqctl). Recovery:
  from the last kill to the last verdict.
- :func:`crash_loop_run`: a job that kills its worker each time it is delivered (simulated: the
  worker process is killed the moment the job's delivery counter moves) ends as a verdict
  ``error`` after ``VERIFLEET_MAX_DELIVERIES`` deliveries.
- :func:`restart_run`: the Redis server (appendonly) is stopped and started again on its port
  while jobs flow.
- :func:`judge_run`: the judge goes down, answers 429 storms, hangs, and comes back.
- :func:`poison_run`: undecodable bytes, wrong shapes, 50 MB, deep nesting, invalid UTF-8, NUL
  bytes, 100,000 criteria, between good jobs.

Every run checks the invariant (each job_id exactly one verdict event, none missing) and reports
its times; ``python -m bench.chaos --jobs 5000`` prints the table that docs/performance.md shows.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from bench import scripted_judge
from bench.drafts import markdown_draft
from bench.harness import (
    Fleet,
    Verdicts,
    all_cores,
    now_ms,
    redis_server,
    running,
    start_tree,
    wait_ready,
    worker_env,
)
from bench.memory import varied
from messages import Mode
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE, queue_namespace
from workers.client import Client
from workers.embedded import EmbeddedRedis, free_port
from workers.settings import Settings

TUNED = {
    "VERIFLEET_HEARTBEAT_TIMEOUT_MS": "5000",
    "VERIFLEET_MAINTENANCE_CHANCE": "100000",
}
"""What the kill runs use: a dead process's messages come back 5 s after its last heartbeat."""
AMQP = os.environ.get("VERIFLEET_CHAOS_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672")


@dataclass
class Outcome:
    scenario: str
    jobs: int
    missing: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    recovery_s: float | None = None
    """From the fault's end (last kill, restart, judge back) to the last verdict."""
    duration_s: float = 0.0
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.duplicated

    def row(self) -> str:
        recovery = f"{self.recovery_s:.1f} s" if self.recovery_s is not None else "-"
        extra = ", ".join(f"{k} {v}" for k, v in self.detail.items() if not isinstance(v, dict))
        verdict = "ok" if self.ok else f"MISSING {len(self.missing)} DUPLICATED {len(self.duplicated)}"
        cells = [self.scenario, f"{self.jobs:,}", verdict, recovery, f"{self.duration_s:.0f} s", extra]
        return "| " + " | ".join(cells) + " |"


def jobs_for(prefix: str, n: int) -> list[dict[str, Any]]:
    """Varied jobs (see bench/memory.py), a third of them inline."""
    return [{**varied(i), "job_id": f"{prefix}-{i}", "has_dependents": i % 3 == 0} for i in range(n)]


def _finish(outcome: Outcome, verdicts: Verdicts, ids: set[str], since: float | None) -> Outcome:
    outcome.missing = sorted(ids - verdicts.counts.keys())
    outcome.duplicated = sorted(j for j in ids if verdicts.counts[j] > 1)
    if since is not None and verdicts.arrived:
        last = max(verdicts.arrived[j] for j in ids if j in verdicts.arrived)
        outcome.recovery_s = max(0.0, last - since)
    return outcome


# Kill -9 -----------------------------------------------------------------------------------------


@contextlib.contextmanager
def rabbit_vhost(prefix: str = "verifleet-chaos") -> Iterator[str | None]:
    """An AMQP URL on a vhost of our own (made and removed with rabbitmqctl), else None."""
    ctl = shutil.which("rabbitmqctl")
    if ctl is None:
        yield None
        return
    vhost = f"{prefix}-{uuid.uuid4().hex[:8]}"

    def call(*args: str) -> bool:
        try:
            done = subprocess.run([ctl, *args], capture_output=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return done.returncode == 0

    if not call("add_vhost", vhost):
        yield None
        return
    try:
        if not call("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"):
            yield None
            return
        yield f"{AMQP}/{vhost}"
    finally:
        call("delete_vhost", vhost)


def kill_run(
    *,
    jobs: int = 5_000,
    broker_url: str | None = None,
    interval: tuple[float, float] = (2.0, 4.0),
    kill_until: float = 0.9,
    max_kills: int | None = None,
    env: dict[str, str] | None = None,
    log_dir: Path,
    timeout: float = 180.0,
    seed: int = 1,
) -> Outcome:
    """SIGKILL a random worker process every ``interval`` seconds until ``kill_until`` of the
    verdicts are in (or ``max_kills``); then wait for the rest."""
    rng = random.Random(seed)
    name = "kill -9, " + ("RabbitMQ" if broker_url else "Redis")
    started = time.monotonic()
    with all_cores(), redis_server() as server:
        settings = Settings(redis_url=server.url, broker_url=broker_url)
        extra = {**TUNED, **(env or {})}
        tree_env = worker_env(settings, **extra)
        since_ms = now_ms()
        broker = "rabbitmq" if broker_url else "redis"  # a log per run: restarts are counted in it
        trees = [start_tree(tree_env, log_dir / f"kill-{broker}-{i}.log", threads=8) for i in range(2)]
        batch = jobs_for("kill", jobs)
        ids = {j["job_id"] for j in batch}
        client_redis = redis.Redis.from_url(server.url)
        verdicts = Verdicts(client_redis)
        kills: list[float] = []
        with running(trees) as fleet, Client(settings) as client:
            _ready(server.url, settings, 2, since_ms=since_ms, broker_url=broker_url, fleet=fleet)
            stop = threading.Event()

            def killer() -> None:  # from the first job submitted until kill_until of the verdicts
                while not stop.wait(rng.uniform(*interval)):
                    if len(verdicts.counts) >= kill_until * jobs or len(kills) == (max_kills or -1):
                        return
                    victims = fleet.workers()
                    if victims:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(rng.choice(victims), signal.SIGKILL)
                        kills.append(time.monotonic())

            thread = threading.Thread(target=killer, name="chaos-killer", daemon=True)
            thread.start()
            client.submit_many(batch, validate=False)
            verdicts.wait(ids, timeout=timeout)
            stop.set()
            thread.join()
            time.sleep(0.5)
            verdicts.poll()  # anything published twice arrives late
            restarts = fleet.logs().count("worker_exited")
        client_redis.close()
    outcome = Outcome(name, jobs, duration_s=time.monotonic() - started)
    outcome.detail = {"kills": len(kills), "restarts": restarts}
    return _finish(outcome, verdicts, ids, kills[-1] if kills else None)


def _ready(
    url: str, settings: Settings, n: int, *, since_ms: int, broker_url: str | None, fleet: Fleet
) -> None:
    if broker_url is None:
        wait_ready(url, settings, n, since_ms=since_ms)
        return
    deadline = time.monotonic() + 60
    while len(fleet.workers()) < n and time.monotonic() < deadline:  # RabbitMQ: processes up
        time.sleep(0.1)
    time.sleep(2.0)  # and their consumers declared


def crash_loop_run(
    *, log_dir: Path, max_deliveries: int = 3, env: dict[str, str] | None = None, timeout: float = 120.0
) -> Outcome:
    """A job that kills whichever process works on it, every time: a verdict ``error`` at last."""
    started = time.monotonic()
    text, _ = markdown_draft(words=150_000, links=0, markers=0)  # about 0.5 s of checks
    killer = {
        **varied(1),
        "job_id": "crash-loop",
        "has_dependents": True,
        "output": {"format": "markdown", "content": text[:1_000_000], "language": "en"},
        "criteria": [{"id": "c1", "text": "readable", "check": "reading_level", "params": {"max": 30}}],
    }
    with all_cores(), redis_server() as server:
        settings = Settings(redis_url=server.url)
        extra = {**TUNED, "VERIFLEET_MAX_DELIVERIES": str(max_deliveries), **(env or {})}
        tree_env = worker_env(settings, **extra)
        since_ms = now_ms()
        tree = start_tree(tree_env, log_dir / "crash-loop.log", queues=[INLINE_QUEUE], threads=2)
        r = redis.Redis.from_url(server.url)
        verdicts = Verdicts(r, keep=True)
        key = f"{settings.key_prefix}:deliveries:crash-loop"
        kills = 0
        with running([tree]) as fleet, Client(settings) as client:
            wait_ready(server.url, settings, 1, since_ms=since_ms)
            client.submit(killer, validate=False)
            seen = 0
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and "crash-loop" not in verdicts.counts:
                count = int(r.get(key) or 0)
                if count > seen:
                    seen = count
                    if count <= max_deliveries:  # delivered within the limit: it "crashes" the worker
                        for pid in fleet.workers():
                            with contextlib.suppress(ProcessLookupError):
                                os.kill(pid, signal.SIGKILL)
                        kills += 1
                verdicts.poll(block_ms=5)
            seen = int(r.get(key) or 0)
        r.close()
    outcome = Outcome("job that kills its worker", 1, duration_s=time.monotonic() - started)
    event = verdicts.events.get("crash-loop", {})
    outcome.detail = {"kills": kills, "deliveries": seen, "verdict": event.get("verdict")}
    outcome.detail["reason"] = json.dumps(event.get("reason", ""))[:90]
    return _finish(outcome, verdicts, {"crash-loop"}, None)


# Redis restart -----------------------------------------------------------------------------------


def restart_run(*, jobs: int = 3_000, log_dir: Path, down_s: float = 1.0, timeout: float = 120.0) -> Outcome:
    """Stop the appendonly Redis (SIGTERM) a third of the way through and start it on its port."""
    started = time.monotonic()
    with all_cores():
        server = EmbeddedRedis(appendonly=True, port=free_port()).start()
        try:
            settings = Settings(redis_url=server.url)
            env = worker_env(settings, **TUNED)
            since_ms = now_ms()
            trees = [start_tree(env, log_dir / f"restart-{i}.log", threads=8) for i in range(2)]
            batch = jobs_for("restart", jobs)
            ids = {j["job_id"] for j in batch}
            r = redis.Redis.from_url(server.url)
            verdicts = Verdicts(r)
            with running(trees), Client(settings) as client:
                wait_ready(server.url, settings, 2, since_ms=since_ms)
                client.submit_many(batch, validate=False)
                while len(verdicts.counts) < jobs // 3:
                    verdicts.poll()
                at = len(verdicts.counts)
                server.restart(down_s=down_s)
                back = time.monotonic()
                verdicts.wait(ids, timeout=timeout)
                time.sleep(0.5)
                verdicts.poll()
            r.close()
        finally:
            server.stop()
    outcome = Outcome("Redis restart (appendonly)", jobs, duration_s=time.monotonic() - started)
    outcome.detail = {"restarted after": f"{at:,} verdicts", "down": f"{down_s:g} s"}
    return _finish(outcome, verdicts, ids, back)


# The judge ---------------------------------------------------------------------------------------

JUDGE_MODEL = "anthropic:claude-3-5-haiku-20241022"


def judged_jobs(prefix: str, n: int) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        job = {**varied(i + 4), "job_id": f"{prefix}-{i}", "has_dependents": True}
        job["output"] = {
            "format": "markdown",
            "content": f"# Findings\n\nReport {prefix} {i}: queues help.\n",
        }
        job["criteria"] = [{"id": "j1", "text": "States the main risk"}]
        job["task"] = {**job["task"], "cost_usd": 2.0}
        out.append(job)
    return out


def judge_run(
    *, per_phase: int = 40, log_dir: Path, cooldown_s: float = 2.0, timeout: float = 90.0
) -> Outcome:
    """Phases: judge up; down (connections dropped unanswered); a 429 storm; hanging; up again."""
    started = time.monotonic()
    judge = scripted_judge.running()
    phases: dict[str, dict[str, Any]] = {}
    with all_cores(), redis_server() as server:
        settings = Settings(redis_url=server.url)
        env = worker_env(
            settings,
            **TUNED,
            VERIFLEET_JUDGES=JUDGE_MODEL,
            VERIFLEET_JUDGE_BASE_URL=judge.base_url,
            VERIFLEET_JUDGE_API_KEY="sk-chaos-not-a-real-key",
            VERIFLEET_JUDGE_TIMEOUT_S="1",
            VERIFLEET_JUDGE_MAX_RETRIES="1",
            VERIFLEET_JUDGE_DEADLINE_S="3",
            VERIFLEET_JUDGE_BREAKER_FAILURES="3",
            VERIFLEET_JUDGE_BREAKER_COOLDOWN_S=str(cooldown_s),
            VERIFLEET_MIN_BACKOFF_MS="100",
            VERIFLEET_MAX_BACKOFF_MS="1000",
        )
        since_ms = now_ms()
        tree = start_tree(env, log_dir / "judge.log", queues=[INLINE_QUEUE], threads=4)
        r = redis.Redis.from_url(server.url)
        verdicts = Verdicts(r, keep=True)
        ids: set[str] = set()
        with running([tree]), Client(settings) as client:
            wait_ready(server.url, settings, 1, since_ms=since_ms)
            down = scripted_judge.judge_server.disconnect()
            storm = scripted_judge.status(429, {"error": {"message": "slow down"}}, {"retry-after": "1"})
            hang = scripted_judge.answer("{}", delay_s=30.0)
            phases_in_order: list[tuple[str, Any]] = [("up", None)]
            for name, fault in (("down", down), ("429 storm", storm), ("hang", hang)):
                phases_in_order += [(name, fault), (f"back after {name}", None)]
            for name, fault in phases_in_order:
                if name.startswith("back"):
                    time.sleep(cooldown_s + 0.5)  # the cooldown: the next call is the half-open probe
                judge.default = fault
                batch = judged_jobs(name.replace(" ", "-"), per_phase)
                phase_ids = {j["job_id"] for j in batch}
                ids |= phase_ids
                t0 = time.monotonic()
                client.submit_many(batch, validate=False)
                verdicts.wait(phase_ids, timeout=timeout)
                got = [verdicts.events[j] for j in phase_ids if j in verdicts.events]
                phases[name] = _judge_phase(got, time.monotonic() - t0, len(phase_ids))
            judge.default = None
        r.close()
    judge.stop()
    outcome = Outcome("judge down / 429 / hang", len(ids), duration_s=time.monotonic() - started)
    outcome.detail = {k: v["summary"] for k, v in phases.items()}
    outcome.detail["phases"] = phases  # type: ignore[assignment]
    return _finish(outcome, verdicts, ids, None)


def _judge_phase(events: list[dict[str, Any]], seconds: float, expected: int) -> dict[str, Any]:
    judged = sum(
        1 for e in events if any(c["name"] == "judge" and c["status"] != "skipped" for c in e["checks"])
    )
    reasons = sorted({c.get("reason", "") for e in events for c in e["checks"] if c["name"] == "judge"})
    confidence = [e["confidence"] for e in events]
    mean = sum(confidence) / len(confidence) if confidence else 0.0
    return {
        "verdicts": len(events),
        "expected": expected,
        "judged": judged,
        "judge_reasons": reasons,
        "mean_confidence": round(mean, 3),
        "seconds": round(seconds, 1),
        "summary": f"{len(events)}/{expected} in {seconds:.1f} s, judged {judged}, confidence {mean:.2f}",
    }


# Poison ------------------------------------------------------------------------------------------


def poison_documents() -> dict[str, bytes | str]:
    """Payloads of the fleet's actors that no verification can come from, by name."""
    good = varied(2)
    deep_output = {**good, "job_id": "poison-deep-content"}
    deep = "[" * 100_000 + "]" * 100_000
    return {
        "wrong-shape": json.dumps({"job_id": "poison-wrong-shape", "output": [1, 2, 3], "criteria": "all"}),
        "not-an-object": json.dumps(["poison", "list"]),
        "not-json": "{this is not json",
        "50mb": json.dumps(
            {**good, "job_id": "poison-50mb", "output": {"format": "text", "content": "x" * 50_000_000}}
        ),
        "deep-json": deep,
        "deep-content": json.dumps(deep_output)[:-1] + ', "extra": ' + deep + "}",
        "lone-surrogate": json.dumps({**good, "job_id": "poison-surrogate"})[:-1] + ', "note": "\\ud800"}',
        "nul-in-id": json.dumps({**good, "job_id": "poison-nul\u0000id"}),
        "nul-in-content": json.dumps(
            {
                **good,
                "job_id": "poison-nul-content",
                "output": {"format": "text", "content": "a\u0000b" * 100},
            }
        ),
        "100k-criteria": json.dumps(
            {
                **good,
                "job_id": "poison-criteria",
                "criteria": [{"id": f"c{i}", "text": "t"} for i in range(100_000)],
            }
        ),
    }


RAW_ENVELOPES: dict[str, bytes] = {
    "undecodable-bytes": b"\xff\xfe\x00garbage\x80\x81 not a dramatiq message",
    "invalid-utf8-envelope": (
        b'{"queue_name": "verify-inline", "actor_name": "verify_inline", "args": ["\xc3\x28"]}'
    ),
}
"""Bytes written straight into the Redis broker's structures: not even dramatiq can decode them."""


def inject_raw(client: redis.Redis, settings: Settings, queue: str, body: bytes) -> str:
    """Put ``body`` on ``queue`` as dramatiq's enqueue script would: hash entry, then list push."""
    message_id = str(uuid.uuid4())
    name = f"{queue_namespace(settings)}:{queue}"
    pipe = client.pipeline()
    pipe.hset(f"{name}.msgs", message_id, body)
    pipe.rpush(name, message_id)
    pipe.execute()
    return message_id


def poison_run(*, log_dir: Path, good: int = 40, timeout: float = 60.0) -> Outcome:
    """Poison between good jobs on both queues: every good job gets its verdict, every poison a
    verdict ``error`` (job_id readable) or a dead letter with a log line."""
    started = time.monotonic()
    documents = poison_documents()
    with all_cores(), redis_server() as server:
        settings = Settings(redis_url=server.url)
        env = worker_env(settings)
        since_ms = now_ms()
        trees = [
            start_tree(env, log_dir / f"poison-{q}.log", queues=[q], threads=4)
            for q in (INLINE_QUEUE, BATCH_QUEUE)
        ]
        r = redis.Redis.from_url(server.url)
        verdicts = Verdicts(r, keep=True)
        before = jobs_for("poison-good-a", good // 2)
        after = jobs_for("poison-good-b", good // 2)
        with running(trees) as fleet, Client(settings) as client:
            wait_ready(server.url, settings, 2, since_ms=since_ms)
            client.submit_many(before, validate=False)
            for queue in (INLINE_QUEUE, BATCH_QUEUE):
                for body in RAW_ENVELOPES.values():
                    inject_raw(r, settings, queue, body)
            for mode in Mode:
                actor = client.actors[mode]
                for document in documents.values():
                    client.broker.enqueue(actor.message(document))
            client.submit_many(after, validate=False)
            ids = {j["job_id"] for j in before + after}
            verdicts.wait(ids, timeout=timeout)
            time.sleep(1.0)  # the poison that gets a verdict gets it by now too
            verdicts.poll()
            dead = {
                q: int(r.zcard(f"{queue_namespace(settings)}:{q}.XQ")) for q in (INLINE_QUEUE, BATCH_QUEUE)
            }
            logs = fleet.logs()
            alive = all(t.process.poll() is None for t in fleet.trees)
        r.close()
    outcome = Outcome("poison messages", len(ids), duration_s=time.monotonic() - started)
    errors = {
        j: e["reason"][:60]
        for j, e in verdicts.events.items()
        if j.startswith("poison-") and e["verdict"] == "error"
    }
    outcome.detail = {
        "error verdicts": len(errors),
        "dead letters": ", ".join(f"{q} {n}" for q, n in dead.items()),
        "undecodable logged": logs.count("undecodable_message"),
        "rejected without id logged": logs.count("job_rejected_without_id"),
        "workers alive": alive,
        "errors": errors,  # type: ignore[dict-item]
    }
    return _finish(outcome, verdicts, ids, None)


# make chaos --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.chaos")
    parser.add_argument("--jobs", type=int, default=5_000, help="jobs in the kill and restart runs")
    parser.add_argument(
        "--only", nargs="*", default=None, help="kill, rabbitmq, crash, restart, judge, poison"
    )
    args = parser.parse_args()
    chosen = set(args.only or ["kill", "rabbitmq", "crash", "restart", "judge", "poison"])
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="verifleet-chaos-") as tmp:
        logs = Path(tmp)
        if "kill" in chosen:
            outcomes.append(kill_run(jobs=args.jobs, log_dir=logs))
        if "rabbitmq" in chosen:
            with rabbit_vhost() as url:
                if url is None:
                    print("RabbitMQ: skipped (no rabbitmqctl to make a vhost of our own, or no server)")
                else:
                    outcomes.append(kill_run(jobs=args.jobs, broker_url=url, log_dir=logs))
        if "crash" in chosen:
            outcomes.append(crash_loop_run(log_dir=logs))
        if "restart" in chosen:
            outcomes.append(restart_run(jobs=args.jobs, log_dir=logs))
        if "judge" in chosen:
            outcomes.append(judge_run(log_dir=logs))
        if "poison" in chosen:
            outcomes.append(poison_run(log_dir=logs))
    print("| scenario | jobs | every job one verdict | recovery | took | detail |")
    print("|---|---|---|---|---|---|")
    for outcome in outcomes:
        print(outcome.row())
    if not all(o.ok for o in outcomes):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
