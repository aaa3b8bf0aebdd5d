"""The fleet against its engine's ceiling (issue 9, figure 1).

* ``T_pipe``: in-process ``verify`` of a typical job (a 1,500-word markdown draft with 20 links
  and 6 deterministic criteria, no judge), parse included, on one core, measured on every core the
  fleet's processes use at once (one bench process pinned to each), as the fleet runs them: two
  cores busy together run slower each than one alone (6-10% on the hosts seen here), which no
  worker can win back. The lone-core rate, the other core idle, is reported beside it;
* ``T_noop``: ``bench/noop.py``, actors that do nothing, draining the same jobs from the same
  Redis with the same broker class and layout (2 worker processes x 8 threads): the broker's and
  dramatiq's cost per message;
* ``T_fleet``: the fleet, ``verifleet worker --processes 2``, from ``submit_many`` to the last
  verdict event on the stream.

If verification and messaging simply added up on 2 cores, the fleet would run at
``ideal = 1 / (1 / (2 T_pipe) + 1 / T_noop)``; the figure is ``T_fleet / ideal``.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any, NamedTuple

import redis

from bench.deterministic import rate
from bench.drafts import markdown_draft
from bench.harness import (
    CPUS,
    all_cores,
    cpu_s,
    now_ms,
    redis_server,
    running,
    start_tree,
    wait_ready,
    worker_env,
)
from bench.results import Figure
from checks import verify
from messages import parse_job
from workers.brokers import BATCH_QUEUE, queue_namespace
from workers.client import Client
from workers.events import STREAM, decoded
from workers.settings import Settings

COMMAND = "make bench  # bench/ceiling.py"
PROCESSES, THREADS = 2, 8
FLEET_JOBS = 1_000
ROUNDS = 6
PIPE_SECONDS = 0.5
"""Each T_pipe measurement: the best of three runs of this long (short: it brackets every round)."""
NOOP_JOBS = 10_000
CRITERIA: list[dict[str, Any]] = [
    {
        "id": "c1",
        "text": "Between 1,200 and 1,800 words",
        "check": "word_count",
        "params": {"ge": 1200, "le": 1800},
    },
    {
        "id": "c2",
        "text": "No hype words",
        "check": "prohibited_phrases",
        "params": {"phrases": ["synergy", "game-changer", "delve", "revolutionary"]},
    },
    {"id": "c3", "text": "Readable", "check": "reading_level", "params": {"max": 16}},
    {
        "id": "c4",
        "text": "Has the findings",
        "check": "structure",
        "params": {"sections": [{"heading": "Findings", "required": True}]},
    },
    {"id": "c5", "text": "Cites only what was read", "check": "cite_integrity"},
    {"id": "c6", "text": "Sounds like a person", "check": "voice"},
]


def typical_job(job_id: str = "ceiling-0", *, seed: int = 11) -> dict[str, Any]:
    """A leaf job: a 1,500-word markdown draft with 20 cited links, 6 deterministic criteria."""
    text, urls = markdown_draft(words=1_500, links=20, markers=0, seed=seed)
    return {
        "schema_version": 1,
        "job_id": job_id,
        "mission_id": "bench-ceiling",
        "task_id": job_id,
        "has_dependents": False,
        "task": {"description": "Write the findings", "executor_model": "openai:gpt-4o", "cost_usd": 0.4},
        "output": {"format": "markdown", "content": text, "language": "en"},
        "criteria": CRITERIA,
        "seen_urls": urls,
    }


def pipeline_rate(seconds: float) -> float:
    """Verifications per second in this process (pinned to one core by bench/__main__)."""
    raw = json.dumps(typical_job())
    config = Settings().pipeline_config()
    return rate(lambda: verify(parse_job(raw), config=config), seconds)


def side_by_side(seconds: float, cores: Sequence[int]) -> list[float]:
    """:func:`pipeline_rate` on each of ``cores`` at once: a forked process pinned to each, all
    starting together; the rate of each."""
    context = multiprocessing.get_context("fork")
    start = context.Barrier(len(cores))
    found: list[Connection] = []
    processes = []
    for core in cores:
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_pipeline_on, args=(core, seconds, start, send), daemon=True)
        process.start()
        send.close()
        found.append(receive)
        processes.append(process)
    try:
        return [float(receive.recv()) for receive in found]
    finally:
        for process in processes:
            process.join(timeout=10)


def _pipeline_on(core: int, seconds: float, start: Barrier, send: Connection) -> None:
    os.sched_setaffinity(0, {core})
    # warm: the first verification builds what later ones reuse
    verify(parse_job(json.dumps(typical_job())), config=Settings().pipeline_config())
    start.wait()
    send.send(pipeline_rate(seconds))


class Pipe(NamedTuple):
    """T_pipe measured once, with the fleet stopped."""

    together: float
    """The mean rate per core with every core of the fleet verifying at once: T_pipe."""
    alone: float
    """The rate on one core with the others idle."""


def pipe_rates(seconds: float) -> Pipe:
    cores = sorted(CPUS)[:PROCESSES]
    with one_core():
        alone = pipeline_rate(seconds)
    if len(cores) < 2:
        return Pipe(alone, alone)
    each = side_by_side(seconds, cores)
    return Pipe(sum(each) / len(each), alone)


def noop_rate(url: str, settings: Settings, log_dir: Path) -> float:
    """T_noop: fill the queue, start the no-op workers, time the drain from the first fetch."""
    jobs = [typical_job(f"noop-{i}") for i in range(NOOP_JOBS)]
    with Client(settings) as client:
        client.submit_many(jobs, validate=False)
    queue = f"{queue_namespace(settings)}:{BATCH_QUEUE}"
    r = redis.Redis.from_url(url)
    env = worker_env(settings)
    with running([start_tree(env, log_dir / "noop.log", queues=[BATCH_QUEUE], processes=PROCESSES,
                             threads=THREADS, module="bench.noop")]):  # fmt: skip
        started = remaining = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            waiting = int(r.llen(queue))
            if started is None and waiting < NOOP_JOBS:  # the first fetch: count the acks from here
                started, remaining = time.monotonic(), int(r.hlen(queue + ".msgs"))
            if started is not None and r.hlen(queue + ".msgs") == 0:
                elapsed = time.monotonic() - started
                break
            time.sleep(0.002 if started is None else 0.01)
        else:
            raise TimeoutError("the no-op workers did not drain the queue in 120 s")
    r.close()
    return (remaining or NOOP_JOBS) / elapsed


def redis_ms(r: redis.Redis) -> int:
    """The Redis server's clock, in ms: the clock the stream ids of the verdicts are on."""
    seconds, micros = r.time()
    return int(seconds) * 1000 + int(micros) // 1000


def last_entry_ms(r: redis.Redis) -> int:
    """When the newest verdict event was added: the ms part of its stream id."""
    return int(decoded(r.xrevrange(STREAM, count=1)[0][0]).split("-")[0])


class Round(NamedTuple):
    """One timed fleet round and T_pipe measured right before and right after it."""

    t_fleet: float
    before: Pipe
    after: Pipe
    cpu_ms: float
    """CPU time the worker processes spent per job in the round."""

    @property
    def t_pipe(self) -> float:
        return (self.before.together + self.after.together) / 2

    @property
    def t_pipe_alone(self) -> float:
        return (self.before.alone + self.after.alone) / 2


@contextmanager
def paused(pids: list[int]) -> Iterator[None]:
    """The worker processes stopped (SIGSTOP) for the block: an idle fleet still polls Redis
    (about 4% of a core per process), which would slow a T_pipe measured beside it."""
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)


@contextmanager
def one_core() -> Iterator[None]:
    """This process on one core for the block (T_pipe is "on one core")."""
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def fleet_rounds(
    url: str, settings: Settings, log_dir: Path, seconds: float = PIPE_SECONDS, rounds: int = ROUNDS
) -> list[Round]:
    """T_fleet: submit_many to the last verdict event, per round after a warm-up, each bracketed
    by T_pipe measured with the fleet stopped.

    A shared host's speed drifts (here by up to 2x between minutes, and by 15-30% between two
    measurements seconds apart), so each round is compared with the T_pipe measured seconds before
    and after it, not with one taken a minute earlier; the rounds are short and many, and the
    figure is the median of their ratios. Both
    ends of a round are read on the Redis server's clock (``TIME`` before the submission, the
    newest verdict's stream id after), so the bench can poll for the end slowly: polling every
    5 ms took about 4% of a core from the fleet it was timing.
    """
    env = worker_env(settings)
    since = now_ms()
    found: list[Round] = []
    r = redis.Redis.from_url(url)
    tree = start_tree(env, log_dir / "fleet.log", queues=[BATCH_QUEUE], processes=PROCESSES, threads=THREADS)
    with running([tree]), Client(settings) as client:
        wait_ready(url, settings, PROCESSES, since_ms=since)
        workers = tree.workers()
        pipe: Pipe | None = None
        for n, size in enumerate([400] + [FLEET_JOBS] * rounds):
            if n and pipe is None:  # the first round warms both processes up
                with paused(workers):
                    pipe = pipe_rates(seconds)
            jobs = [typical_job(f"fleet-{n}-{i}") for i in range(size)]
            before = int(r.xlen(STREAM))
            used = sum(cpu_s(pid) for pid in workers)
            started = redis_ms(r)
            client.submit_many(jobs, validate=False)
            deadline = time.monotonic() + 300
            while int(r.xlen(STREAM)) < before + size:
                if time.monotonic() > deadline:
                    raise TimeoutError("the fleet did not give every verdict in 300 s")
                time.sleep(0.05)  # the bench's own polling must not take the fleet's CPU
            elapsed = (last_entry_ms(r) - started) / 1000
            cpu_ms = 1000 * (sum(cpu_s(pid) for pid in workers) - used) / size
            if pipe is not None:
                with paused(workers):
                    after = pipe_rates(seconds)
                found.append(Round(size / elapsed, pipe, after, cpu_ms))
                pipe = after
    r.close()
    return found


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """``seconds`` is the bench's round length; T_pipe here is measured in shorter runs
    (:data:`PIPE_SECONDS`), so that each is close in time to the fleet round it brackets."""
    with tempfile.TemporaryDirectory(prefix="verifleet-bench-") as tmp, all_cores():
        with redis_server() as server:
            settings = Settings(redis_url=server.url)
            t_noop = noop_rate(server.url, settings, Path(tmp))
        with redis_server() as server:
            settings = Settings(redis_url=server.url)
            rounds = fleet_rounds(server.url, settings, Path(tmp), min(seconds, PIPE_SECONDS))

    def ideal_of(one: Round, t_pipe: float | None = None) -> float:
        return 1 / (1 / (2 * (t_pipe or one.t_pipe)) + 1 / t_noop)

    # Each round is a ratio to the T_pipe measured around it. The best of them would favour the
    # round whose T_pipe happened to be measured in a slow moment, so the figure is their median;
    # the rates shown are the median round's (its ratio, or the upper of the middle two).
    ratios = statistics.median(one.t_fleet / ideal_of(one) for one in rounds)
    alone_ratio = statistics.median(one.t_fleet / ideal_of(one, one.t_pipe_alone) for one in rounds)
    middle = sorted(rounds, key=lambda one: one.t_fleet / ideal_of(one))[len(rounds) // 2]
    t_fleet, t_pipe, ideal = middle.t_fleet, middle.t_pipe, ideal_of(middle)
    alone, ideal_alone = middle.t_pipe_alone, ideal_of(middle, middle.t_pipe_alone)
    cpu_ms = statistics.median(one.cpu_ms for one in rounds)
    pipe_ms = 1000 / statistics.median(one.t_pipe for one in rounds)
    alone_ms = 1000 / statistics.median(one.t_pipe_alone for one in rounds)
    scaling = statistics.median(one.t_pipe / one.t_pipe_alone for one in rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    each = ", ".join(
        f"{one.t_fleet:,.0f}/s against T_pipe {one.before.together:,.0f}-{one.after.together:,.0f}/s "
        f"({one.t_fleet / ideal_of(one):.3f}; alone {one.before.alone:,.0f}-{one.after.alone:,.0f}/s, "
        f"{one.t_fleet / ideal_of(one, one.t_pipe_alone):.3f})"
        for one in rounds
    )
    note = (
        f"median of {len(rounds)} rounds of {FLEET_JOBS:,} jobs, each against T_pipe measured just before "
        f"and after it with the fleet stopped, on {PROCESSES} cores at once; the median round: T_fleet "
        f"{t_fleet:,.0f}/s vs ideal {ideal:,.0f}/s = 1/(1/(2 x T_pipe {t_pipe:,.0f}/s) + 1/T_noop "
        f"{t_noop:,.0f}/s); every round: {each}; "
        f"{PROCESSES} processes x {THREADS} threads, Redis on the same cores; load average {load:.1f} "
        f"on {len(CPUS)} cores"
    )
    efficiency = Figure(
        round(pipe_ms / cpu_ms, 3) if cpu_ms else 0.0,
        "in-process ms / worker CPU ms per job",
        ">= 0",
        COMMAND,
        f"medians over the rounds: worker processes spent {cpu_ms:.2f} ms of CPU per job, in-process "
        f"verify {pipe_ms:.2f} ms with every core verifying ({alone_ms:.2f} ms on a core alone): the "
        "fleet's own cost, whatever else the machine runs",
    )
    rates = {
        "fleet_t_fleet_per_s": (t_fleet, "the fleet, submit to verdict event"),
        "fleet_t_pipe_per_s": (t_pipe, f"in-process verify, one core, {PROCESSES} cores verifying at once"),
        "fleet_t_pipe_alone_per_s": (alone, "in-process verify, one core, the other cores idle"),
        "fleet_t_noop_per_s": (t_noop, "no-op actor, same layout"),
        "fleet_ideal_per_s": (ideal, "1/(1/(2 T_pipe) + 1/T_noop)"),
    }
    ratio = Figure(round(ratios, 3), "fraction of ideal", ">= 0.85", COMMAND, note)
    figures = {
        "fleet_vs_ideal": ratio,
        "fleet_vs_ideal_alone": Figure(
            round(alone_ratio, 3),
            "fraction of ideal",
            ">= 0",
            COMMAND,
            f"as fleet_vs_ideal, with T_pipe measured on one core while the others idle (median round: "
            f"{alone:,.0f}/s, ideal {ideal_alone:,.0f}/s)",
        ),
        "fleet_core_scaling": Figure(
            round(scaling, 3),
            "T_pipe together / alone",
            ">= 0",
            COMMAND,
            f"what one core verifies while {PROCESSES} cores verify at once, against one core alone "
            "(median over the rounds' brackets)",
        ),
        "fleet_cpu_efficiency": efficiency,
    }
    for key, (value, what) in rates.items():
        figures[key] = Figure(round(value, 1), "jobs/s", ">= 0", COMMAND, what)
    return figures
