"""Worker memory (issue 9, figure 4): RSS of each worker process after 5,000 and 10,000 jobs.

``verifleet worker --processes 2`` on the batch queue verifies 10,000 varied jobs (short
markdown answers, typical 1,500-word drafts, HTML with source markers, structured LinkedIn posts;
every job_id new) in two halves; after each half, once every verdict is on the stream, the RSS
of each worker process is read from /proc. Targets: at most 150 MB per process after 10,000 jobs,
and no more than 5% growth from the first half to the second (a leak would keep growing).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import redis

from bench import ceiling, submit
from bench.harness import all_cores, now_ms, redis_server, rss_mb, running, start_tree, wait_ready, worker_env
from bench.results import Figure
from workers.brokers import BATCH_QUEUE
from workers.client import Client
from workers.settings import Settings

COMMAND = "make bench  # bench/memory.py"
HALF = 5_000
PROCESSES, THREADS = 2, 8


def linkedin(i: int) -> dict[str, Any]:
    body = " ".join(f"Point {k} about queue latency under load in week {i % 52}." for k in range(12))
    return {
        **submit.job(i),
        "output": {
            "format": "linkedin_post",
            "content": {
                "hook": f"What we learned from {i % 97} outages",
                "body": body,
                "closer": "Measure before you tune.",
                "anchor_url": f"https://example.org/post/{i}",
            },
            "language": "en",
        },
    }


def html(i: int) -> dict[str, Any]:
    paragraphs = "".join(
        f"<p>Claim {k} holds for release {i % 31}.<!-- [Source: web:example.org/{k}:{i % 7}] --></p>"
        for k in range(10)
    )
    return {**submit.job(i), "output": {"format": "html", "content": f"<h2>Findings</h2>{paragraphs}"}}


def varied(i: int) -> dict[str, Any]:
    kind = i % 10
    if kind == 0:
        found = ceiling.typical_job(f"mem-{i}", seed=i % 20)
    elif kind in (1, 2):
        found = linkedin(i)
    elif kind == 3:
        found = html(i)
    else:
        found = submit.job(i)
    return {**found, "job_id": f"mem-{i}", "has_dependents": False}


def measure(url: str, settings: Settings, log_dir: Path) -> tuple[list[float], list[float]]:
    """RSS (MB) of each worker process after the first and after the second half."""
    env = worker_env(settings)
    since = now_ms()
    r = redis.Redis.from_url(url)
    tree = start_tree(env, log_dir / "memory.log", queues=[BATCH_QUEUE], processes=PROCESSES, threads=THREADS)
    readings: list[list[float]] = []
    with running([tree]), Client(settings) as client:
        wait_ready(url, settings, PROCESSES, since_ms=since)
        for half in range(2):
            start = half * HALF
            for chunk in range(start, start + HALF, 1_000):  # in chunks: the queue stays short
                client.submit_many([varied(i) for i in range(chunk, chunk + 1_000)], validate=False)
                while int(r.xlen("verifleet:verdicts")) < chunk + 500:
                    time.sleep(0.02)
            deadline = time.monotonic() + 300
            while int(r.xlen("verifleet:verdicts")) < start + HALF:
                if time.monotonic() > deadline:
                    raise TimeoutError("the fleet did not give every verdict in 300 s")
                time.sleep(0.02)
            time.sleep(0.5)  # let the last acknowledgements and log lines settle
            readings.append([rss_mb(pid) for pid in tree.workers()])
    r.close()
    return readings[0], readings[1]


def run(seconds: float = 2.0) -> dict[str, Figure]:
    with tempfile.TemporaryDirectory(prefix="verifleet-bench-") as tmp, all_cores(), redis_server() as server:
        first, second = measure(server.url, Settings(redis_url=server.url), Path(tmp))
    growth = max((b - a) / a for a, b in zip(first, second, strict=True))
    per = ", ".join(f"{a:.0f} -> {b:.0f}" for a, b in zip(first, second, strict=True))
    note = f"MB per worker process after {HALF:,} -> {2 * HALF:,} jobs: {per}; growth {growth:+.1%}"
    return {
        "worker_rss_mb": Figure(round(max(second), 1), "MB", "<= 150", COMMAND, note),
        "worker_rss_growth": Figure(round(growth, 4), "fraction", "<= 0.05", COMMAND, "5,000 -> 10,000 jobs"),
    }
