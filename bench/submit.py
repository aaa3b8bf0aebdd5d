"""Submission rate (issue 9, figure 3): ``Client.submit_many`` against redis-benchmark's LPUSH.

Jobs are a coordinator's usual ones (a 150-word markdown output, two criteria, one source, about
1.4 KB of JSON), given as dicts and validated by the client as by default, then written into the
Redis broker 500 per round trip, each queue's share in one script call
(``FleetRedisBroker.enqueue_many``); the same jobs as VerifyJob models (valid already) and with
``validate=False`` are measured beside them. The client's CPU time per job (sender thread
included) is in the note: on a shared machine it moves less than the wall-clock rates. The baseline is
``redis-benchmark -t lpush`` (50 clients, no pipelining) on the same server in the same run; where
redis-benchmark is missing, a redis-py loop of LPUSHes pipelined 500 at a time stands in (the note
says which). dramatiq's own ``send()`` loop is measured for reference.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from typing import Any
from urllib.parse import urlparse

import redis

from bench.drafts import markdown_draft
from bench.harness import all_cores, flush, redis_server
from bench.results import Figure
from messages import parse_job
from workers.client import Client
from workers.settings import Settings

COMMAND = "make bench  # bench/submit.py"
JOBS = 20_000
SENDS = 4_000


def job(i: int) -> dict[str, Any]:
    text, _ = markdown_draft(words=150, links=0, markers=0, seed=i % 50)
    return {
        "schema_version": 1,
        "job_id": f"submit-{i}",
        "mission_id": "bench-submit",
        "task_id": f"t{i}",
        "has_dependents": i % 4 == 0,
        "task": {"description": "Summarise the findings", "executor_model": "openai:gpt-4o", "cost_usd": 0.3},
        "output": {"format": "markdown", "content": text, "language": "en"},
        "criteria": [
            {"id": "c1", "text": "Under 300 words", "check": "word_count", "params": {"le": 300}},
            {"id": "c2", "text": "States the main risk", "must_pass": True},
        ],
        "sources": [{"id": "s1", "type": "web", "url": "https://example.org/a", "text": "The main risk."}],
    }


def lpush_rate(url: str) -> tuple[float, str]:
    """LPUSH requests per second on the server at ``url``, and how it was measured."""
    parts = urlparse(url)
    binary = shutil.which("redis-benchmark")
    if binary and parts.scheme == "redis":
        command = [binary, "-h", parts.hostname or "127.0.0.1", "-p", str(parts.port or 6379)]
        command += ["--dbnum", (parts.path.strip("/") or "0"), "-t", "lpush", "-n", "200000", "--csv"]
        if parts.password:
            command += ["-a", parts.password]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
        for line in done.stdout.splitlines():
            if line.startswith('"LPUSH'):
                return float(line.split(",")[1].strip('"')), "redis-benchmark -t lpush (50 clients)"
    client = redis.Redis.from_url(url)
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < 2.0:
        pipe = client.pipeline(transaction=False)
        for _ in range(500):
            pipe.lpush("bench:lpush", "xxx")
        pipe.execute()
        n += 500
    elapsed = time.perf_counter() - started
    client.delete("bench:lpush")
    client.close()
    return n / elapsed, "redis-py LPUSH pipelined 500 at a time (redis-benchmark not found)"


def submit_rate(settings: Settings, form: str = "dict", rounds: int = 3) -> tuple[float, float]:
    """Jobs per second through ``submit_many``, best of ``rounds``, and the least client CPU time
    per job (microseconds): ``dict`` (validated, the default), ``model`` (VerifyJob instances,
    already valid), ``unvalidated`` (``validate=False``)."""
    jobs: list[Any] = [job(i) for i in range(JOBS)]
    if form == "model":
        jobs = [parse_job(j) for j in jobs]
    best, cpu = 0.0, float("inf")
    with Client(settings) as client:
        client.submit_many(jobs[:100])  # connections and scripts loaded
        for _ in range(rounds):
            flush(settings.state_url)
            started, cpu_started = time.perf_counter(), time.process_time()
            client.submit_many(jobs, validate=form != "unvalidated")
            best = max(best, JOBS / (time.perf_counter() - started))
            cpu = min(cpu, (time.process_time() - cpu_started) / JOBS * 1e6)
    flush(settings.state_url)
    return best, cpu


def send_rate(settings: Settings) -> float:
    """dramatiq's ``actor.send()`` one message at a time, for reference."""
    with Client(settings) as client:
        actor = next(iter(client.actors.values()))
        payloads = [json.dumps(job(i)) for i in range(SENDS)]
        started = time.perf_counter()
        for payload in payloads:
            actor.send(payload)
        elapsed = time.perf_counter() - started
    flush(settings.state_url)
    return SENDS / elapsed


def run(seconds: float = 2.0) -> dict[str, Figure]:
    with all_cores(), redis_server() as server:
        settings = Settings(redis_url=server.url)
        submitted, cpu = submit_rate(settings)
        models, models_cpu = submit_rate(settings, "model")
        unvalidated, unvalidated_cpu = submit_rate(settings, "unvalidated")
        sent = send_rate(settings)
        lpush, how = lpush_rate(server.url)
    note = (
        f"{submitted:,.0f} jobs/s (dicts, validated, pipelined) vs LPUSH {lpush:,.0f}/s by {how}; "
        f"VerifyJob models {models:,.0f}/s, unvalidated {unvalidated:,.0f}/s, dramatiq send() {sent:,.0f}/s; "
        f"client CPU per job {cpu:.0f} us (models {models_cpu:.0f}, unvalidated {unvalidated_cpu:.0f})"
    )
    return {
        "submit_vs_lpush": Figure(
            round(submitted / lpush, 3), "fraction of LPUSH rate", ">= 0.15", COMMAND, note
        ),
        "submit_jobs_per_s": Figure(round(submitted), "jobs/s", ">= 0", COMMAND, "client.submit_many"),
        "submit_models_per_s": Figure(round(models), "jobs/s", ">= 0", COMMAND, "VerifyJob instances"),
        "submit_unvalidated_per_s": Figure(round(unvalidated), "jobs/s", ">= 0", COMMAND, "validate=False"),
        "submit_send_per_s": Figure(round(sent), "jobs/s", ">= 0", COMMAND, "dramatiq actor.send() loop"),
    }
