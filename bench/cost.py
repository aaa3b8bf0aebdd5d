"""Verification cost against task cost (issue 9, figure 5).

5,000 jobs flow through the fleet (an inline and a batch ``verifleet worker``) with a judge
configured: the scripted loopback judge of ``bench/scripted_judge.py``, which answers every
request in the contract's shape and reports the tokens it really received, and answers one first
attempt in seven with prose, so that format retries are paid for too. Task costs are spread
log-uniformly from $0.002 to $5 (those under ``bypass_below_usd``, $0.10, get deterministic
checks only), outputs from 80 to 2,500 words, one to four judged criteria, one job in ten with an
ensemble of two judges, a quarter of them inline. Every verdict's ``cost.usd / task.cost_usd``
must stay at or under the budget fraction (0.30): the figure is the largest, the note gives the
median over the jobs that paid for a judge and how many had a check skipped for budget.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import redis

from bench import scripted_judge
from bench.drafts import markdown_draft
from bench.harness import (
    Verdicts,
    all_cores,
    now_ms,
    redis_server,
    running,
    start_tree,
    wait_ready,
    worker_env,
)
from bench.results import Figure
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE
from workers.client import Client
from workers.settings import Settings

COMMAND = "make bench  # bench/cost.py"
JOBS = 5_000
FRACTION = 0.30
JUDGES = "anthropic:claude-3-5-haiku-20241022,openai:gpt-4o-mini"
ASKED = [
    "States the main risk and who carries it",
    "Gives a recommendation the reader can act on",
    "Explains the trade-off between latency and cost",
    "Names the sources behind each claim",
]


def workload(n: int = JOBS, seed: int = 9) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    drafts = [markdown_draft(words=w, links=3, markers=0, seed=w)[0] for w in (80, 300, 900, 2_500)]
    jobs = []
    for i in range(n):
        cost = round(10 ** rng.uniform(-2.7, 0.7), 4)  # $0.002 .. $5
        ensemble = 2 if i % 10 == 0 else 1
        criteria: list[dict[str, Any]] = [
            {"id": "c0", "text": "At most 3,000 words", "check": "word_count", "params": {"le": 3_000}}
        ]
        criteria += [{"id": f"j{k}", "text": ASKED[k]} for k in range(rng.randint(1, 4))]
        jobs.append(
            {
                "schema_version": 1,
                "job_id": f"cost-{i}",
                "mission_id": f"cost-m{i % 50}",
                "task_id": f"t{i}",
                "has_dependents": i % 4 == 0,
                "task": {
                    "description": "Research and report on the service's scaling risks",
                    "executor_model": "ollama:llama3.1" if ensemble == 2 else "openai:gpt-4o",
                    "cost_usd": cost,
                },
                "output": {  # unique: the result cache must not answer for the judge
                    "format": "markdown",
                    "content": f"{rng.choice(drafts)}\nReport {i}.\n",
                    "language": "en",
                },
                "criteria": criteria,
                "policy": {"budget_fraction": FRACTION, "ensemble": ensemble},
            }
        )
    return jobs


def measure(url: str, log_dir: Path, judge_url: str) -> tuple[list[dict[str, Any]], dict[str, float]]:
    settings = Settings(redis_url=url)
    env = worker_env(
        settings,
        VERIFLEET_JUDGES=JUDGES,
        VERIFLEET_JUDGE_BASE_URL=judge_url,
        VERIFLEET_JUDGE_API_KEY="sk-bench-not-a-real-key",
        VERIFLEET_BATCH_MAX_WAIT_S="1",
        VERIFLEET_LOG_LEVEL="warning",
    )
    jobs = workload()
    costs = {job["job_id"]: job["task"]["cost_usd"] for job in jobs}
    since = now_ms()
    trees = [
        start_tree(env, log_dir / "cost-inline.log", queues=[INLINE_QUEUE], threads=8),
        start_tree(env, log_dir / "cost-batch.log", queues=[BATCH_QUEUE], threads=8),
    ]
    client_redis = redis.Redis.from_url(url)
    verdicts = Verdicts(client_redis, keep=True)
    with running(trees), Client(settings) as client:
        wait_ready(url, settings, 2, since_ms=since)
        client.submit_many(jobs, validate=False)
        if not verdicts.wait(set(costs), timeout=300):
            missing = len(set(costs) - verdicts.counts.keys())
            raise TimeoutError(f"{missing} jobs got no verdict in 300 s")
    client_redis.close()
    return [verdicts.events[job_id] for job_id in costs], costs


def run(seconds: float = 2.0) -> dict[str, Figure]:
    judge = scripted_judge.running(malformed_every=7)
    judge.keep_requests = False  # 5,000 jobs: keep no request bodies
    started = time.monotonic()
    try:
        with (
            tempfile.TemporaryDirectory(prefix="verifleet-bench-") as tmp,
            all_cores(),
            redis_server() as server,
        ):
            events, costs = measure(server.url, Path(tmp), judge.base_url)
    finally:
        judge.stop()
    fractions = [e["cost"]["usd"] / costs[e["job_id"]] for e in events]
    paid = [f for f in fractions if f > 0]
    skipped = sum(1 for e in events if any(c.get("reason") == "budget" for c in e["checks"]))
    errors = sum(1 for e in events if e["verdict"] == "error")
    note = (
        f"{len(events):,} jobs in {time.monotonic() - started:.0f} s; budget fraction {FRACTION}; "
        f"median {statistics.median(paid) if paid else 0:.4f} over the {len(paid):,} that paid for a judge; "
        f"{skipped:,} had a check skipped for budget; {errors} error verdicts"
    )
    return {
        "cost_fraction_max": Figure(
            round(max(fractions), 4), "cost / task cost", f"<= {FRACTION}", COMMAND, note
        ),
        "cost_fraction_median": Figure(
            round(statistics.median(paid) if paid else 0.0, 4), "cost / task cost", f"<= {FRACTION}", COMMAND
        ),
    }
