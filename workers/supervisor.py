"""``verifleet worker``: dramatiq's worker processes, restarted when they die.

dramatiq's main process exits as soon as one of its children is killed, so a
bare ``dramatiq`` needs an outside supervisor. This one restarts it unless it
exited on purpose or cannot import its module; SIGTERM and SIGINT are passed on
for a graceful stop. Under Kubernetes or systemd, ``--no-restart`` leaves
restarts to them.

**When to restart.** A start that fails (a worker that dies before it serves)
is tried again after 1, 2, 4 ... up to 30 seconds, so a broken configuration
does not spin. A worker that served and was then killed (the OOM killer, a
SIGKILL, a job that crashes its process) is restarted after 1 second, however
often it happens: each worker process says it serves by leaving a file named
for its pid in a directory the supervisor gives it (``VERIFLEET_READY_DIR``,
emptied before each start). Before, the backoff grew with every exit until the
child had lived a minute: with a worker process killed every few seconds (``make
chaos``) the fleet spent most of its time waiting out a 30-second backoff.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

import structlog

from workers.brokers import QUEUES
from workers.exposition import reset_dir
from workers.settings import Settings

log = structlog.get_logger("verifleet.supervisor")

RET_IMPORT = 2  # dramatiq's exit code when the broker module cannot be imported
HEALTHY_AFTER_S = 60.0
"""A child that lived this long counts as having served, whether or not it said so."""
MIN_BACKOFF_S, MAX_BACKOFF_S = 1.0, 30.0
READY_ENV = "VERIFLEET_READY_DIR"
"""Where each worker process leaves ``ready-<pid>`` once it serves (set by ``verifleet worker``)."""


def mark_ready() -> None:
    """Tell ``verifleet worker`` that this worker process serves (a no-op outside one)."""
    directory = os.environ.get(READY_ENV)
    if directory:
        with contextlib.suppress(OSError):  # never break a worker over its supervisor's bookkeeping
            (Path(directory) / f"ready-{os.getpid()}").touch()


def served(directory: Path) -> bool:
    """Did a worker process of the last start say it serves?"""
    with contextlib.suppress(OSError):
        return any(entry.name.startswith("ready-") for entry in directory.iterdir())
    return False


def dramatiq_command(queues: Sequence[str], processes: int, threads: int) -> list[str]:
    return [
        sys.executable, "-m", "dramatiq", "workers.fleet",
        "--processes", str(processes),
        "--threads", str(threads),
        "--queues", *queues,
        "--worker-fork-timeout", "5000",  # a worker killed while booting stalls the main process this long
    ]  # fmt: skip


def worker_env(settings: Settings, metrics_dir: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    # dramatiq reads its consumer timeout from the environment at import time.
    env.setdefault("dramatiq_worker_timeout", str(settings.worker_timeout_ms))
    env["VERIFLEET_METRICS_PORT"] = str(settings.metrics_port)
    if metrics_dir:
        # prometheus-client multiprocess mode: set before any process starts, so that every
        # dramatiq process writes its samples there; dramatiq's middleware reads dramatiq_prom_db.
        env["PROMETHEUS_MULTIPROC_DIR"] = env["dramatiq_prom_db"] = metrics_dir
    return env


def run(
    settings: Settings,
    *,
    queues: Sequence[str] = QUEUES,
    processes: int = 2,
    threads: int = 8,
    restart: bool = True,
) -> int:
    unknown = [q for q in queues if q not in QUEUES]
    if unknown:
        print(f"verifleet worker: unknown queue {unknown[0]!r}; use {', '.join(QUEUES)}", file=sys.stderr)
        return 2
    command = dramatiq_command(queues, processes, threads)
    metrics_dir = settings.metrics_dir or tempfile.mkdtemp(prefix="verifleet-metrics-")
    if not settings.metrics_dir:
        atexit.register(shutil.rmtree, metrics_dir, ignore_errors=True)
    env = worker_env(settings, metrics_dir)
    ready_dir = Path(tempfile.mkdtemp(prefix="verifleet-ready-"))
    atexit.register(shutil.rmtree, ready_dir, ignore_errors=True)
    env[READY_ENV] = str(ready_dir)
    stopping = False
    child: subprocess.Popen[bytes] | None = None

    def forward(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    backoff = MIN_BACKOFF_S
    while True:
        started = time.monotonic()
        reset_dir(metrics_dir)  # a previous run's files must not be merged into this one's
        reset_dir(ready_dir)
        child = subprocess.Popen(command, env=env)
        log.info("worker_started", pid=child.pid, queues=list(queues), processes=processes, threads=threads)
        code = child.wait()
        if stopping or code == 0:
            log.info("worker_stopped", code=code)
            return 0 if stopping else code
        if code == RET_IMPORT or not restart:
            log.error("worker_exited", code=code, restart=False)
            return code
        serving = served(ready_dir) or time.monotonic() - started > HEALTHY_AFTER_S
        if serving:
            backoff = MIN_BACKOFF_S  # it served, then died: not a start that keeps failing
        log.warning("worker_exited", code=code, restart_in_s=backoff, served=serving)
        deadline = time.monotonic() + backoff
        while not stopping and time.monotonic() < deadline:
            time.sleep(0.05)
        if stopping:
            return 0
        backoff = min(backoff * 2, MAX_BACKOFF_S)
