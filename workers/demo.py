"""``verifleet demo`` (``make run``): a whole fleet on one machine, in well under a minute.

Starts an embedded Redis unless ``VERIFLEET_REDIS_URL`` is set, an inline and a
batch worker (``verifleet worker``), submits the demo mission, prints each
verdict as it arrives, sends the first draft that needs correcting back unchanged
as attempt 2 (the fleet escalates it: the corrections are not converging), then
stops everything it started. Job ids carry a
per-run suffix so that a shared Redis never answers from an earlier run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from messages import Action, VerdictEvent, VerdictTimeout
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE
from workers.embedded import EmbeddedRedis
from workers.report.view import progress_line
from workers.settings import Settings, redact
from workers.summary import VERDICT_STYLE, headline

if TYPE_CHECKING:
    from workers.client import Client

HEADER = {k: k for k in ("job", "mode", "verdict", "status", "action", "score", "conf", "why")}
ROW = "{job:<26} {mode:<7} {verdict:<8} {status:<22} {action:<20} {score:>5} {conf:>5}  {why}"


def _jobs(mission: Path, run_id: str) -> list[dict[str, Any]]:
    jobs: list[dict[str, Any]] = json.loads(mission.read_text(encoding="utf-8"))
    for job in jobs:
        job["job_id"] = f"{job['job_id']}-{run_id}"
        job["mission_id"] = f"{job.get('mission_id', 'demo')}-{run_id}"
    return jobs


def _start_worker(queue: str, env: dict[str, str], log_dir: Path) -> subprocess.Popen[bytes]:
    log = (log_dir / f"{queue}.log").open("wb")
    return subprocess.Popen(
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
            "4",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_demo(mission: Path, *, timeout: float = 45.0) -> int:
    from workers.client import Client  # noqa: PLC0415  (imports dramatiq after the environment is set)

    console = Console(highlight=False, soft_wrap=True)
    started = time.monotonic()
    url = os.environ.get("VERIFLEET_REDIS_URL")
    embedded = None
    if not url:
        embedded = EmbeddedRedis().start()
        url = embedded.url
        console.print(f"embedded Redis on {url} (set VERIFLEET_REDIS_URL to use your own)")
    else:
        console.print(f"Redis at {redact(url)}")
    env = dict(os.environ, VERIFLEET_REDIS_URL=url, VERIFLEET_LOG_FORMAT="json")
    log_dir = Path(tempfile.mkdtemp(prefix="verifleet-demo-"))
    # Only the inline worker serves /metrics (VERIFLEET_METRICS_PORT); two would race for the port.
    workers = [
        _start_worker(INLINE_QUEUE, env, log_dir),
        _start_worker(BATCH_QUEUE, {**env, "VERIFLEET_METRICS_PORT": "0"}, log_dir),
    ]
    run_id = time.strftime("%H%M%S")
    code = 0
    try:
        jobs = _jobs(mission, run_id)
        settings = Settings(redis_url=url)
        with Client(settings) as client:
            after = client.store.last_id()
            # Unvalidated, as a coordinator in another language might send them: the fleet
            # itself answers the invalid ones with a verdict ``error``.
            ids = client.submit_many(jobs, validate=False)
            console.print(
                f"submitted {len(ids)} jobs of mission {jobs[0]['mission_id']}; worker logs in {log_dir}\n"
            )
            console.print(ROW.format(**HEADER), style="bold")
            seen: dict[str, VerdictEvent] = {}
            deadline = time.monotonic() + timeout
            while len(seen) < len(ids):
                if time.monotonic() > deadline or any(w.poll() not in (None,) for w in workers):
                    raise VerdictTimeout(f"{len(ids) - len(seen)} verdicts missing after {timeout:g} s")
                for entry in client.store.read(after, block_ms=500):
                    after = entry.id
                    v = entry.event
                    if v.job_id in ids and v.job_id not in seen:
                        seen[v.job_id] = v
                        _row(console, v, run_id)
            counts: dict[str, int] = {}
            for v in seen.values():
                counts[v.verdict.value] = counts.get(v.verdict.value, 0) + 1
            tally = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
            console.print(f"\n{len(seen)} verdicts ({tally}) in {time.monotonic() - started:.1f} s")
            _correction_round(console, client, jobs, [seen[i] for i in ids], run_id, timeout=timeout)
    except VerdictTimeout as e:
        console.print(f"[red]demo failed: {e}; see the worker logs in {log_dir}[/red]")
        code = 1
    finally:
        for w in workers:
            _stop(w)
        if embedded is not None:
            embedded.stop()
    return code


def _correction_round(
    console: Console,
    client: Client,
    jobs: list[dict[str, Any]],
    verdicts: list[VerdictEvent],
    run_id: str,
    *,
    timeout: float,
) -> None:
    """The coordinator's loop, once: the first draft sent back comes back unchanged as attempt 2,
    as from a writer that ignored the feedback, and the fleet escalates it."""
    sent_back = next((v for v in verdicts if v.action is Action.RETRY_WITH_FEEDBACK), None)
    if sent_back is None:
        return
    job = next(j for j in jobs if j["job_id"] == sent_back.job_id)
    base = str(job["job_id"]).removesuffix(f"-{run_id}")
    again = {**job, "job_id": f"{base}-a2-{run_id}", "attempt": sent_back.attempt + 1}
    console.print(f"\n{base} comes back unchanged as attempt 2:")
    v = client.wait(client.submit(again, validate=False), timeout=timeout)
    _row(console, v, run_id)
    line = progress_line(v)
    if line is not None:
        console.print(f"  {line}")


def _row(console: Console, v: VerdictEvent, run_id: str) -> None:
    line = ROW.format(
        job=v.job_id.removesuffix(f"-{run_id}")[:26],
        mode=v.mode.value if v.mode else "-",
        verdict=v.verdict.value,
        status=v.status.value,
        action=v.action.value,
        score=f"{v.score:.2f}",
        conf=f"{v.confidence:.2f}",
        why=headline(v)[:90],
    )
    text = Text(line)
    start = line.index(v.verdict.value, 34)
    text.stylize(VERDICT_STYLE[v.verdict], start, start + len(v.verdict.value))
    console.print(text)
