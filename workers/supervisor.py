"""``verifleet worker``: dramatiq's worker processes, each restarted alone when it dies.

dramatiq's main process stops every worker process it runs and exits as soon as one of
them is killed, so a bare ``dramatiq --processes N`` needs an outside supervisor and loses
the work of N processes to the death of one. ``verifleet worker --processes N`` runs N
worker processes (:mod:`workers.process`: dramatiq's ``Worker``, without dramatiq's main process
above it), a *slot* each, and restarts only the one that died: the others keep serving, their
prefetched and in-flight work untouched. A slot is restarted unless it exited on purpose (code 0)
or cannot import its module; SIGTERM and SIGINT are passed on to every slot for a graceful stop.
Under Kubernetes or systemd, ``--no-restart`` leaves restarts to them: the first slot that dies
stops the others and its exit code is the supervisor's (128 + the signal's number for a slot a
signal killed).

**When to restart.** A start that fails (a worker that dies before it serves) is tried
again after 1, 2, 4 ... up to 30 seconds, so a broken configuration does not spin. A
worker that served and was then killed (the OOM killer, a SIGKILL, a job that crashes its
process) is restarted after 1 second, however often it happens: each worker process says
it serves by leaving a file named for its pid in a directory the supervisor gives its slot
(``VERIFLEET_READY_DIR``, emptied before each start of the slot). Each slot keeps its own
backoff.

**SIGHUP reloads** one slot at a time (new code, new settings): each is stopped gracefully and
started again, and the next one only once it serves, so the host never stops serving; a slot
whose new start fails holds the reload, the others keep their old code (``systemctl reload``
with ``ExecReload=kill -HUP $MAINPID``). Each slot runs in a process group of its own, so a
terminal's signals, sent to the whole foreground group, reach the supervisor alone: closing the
terminal reloads one slot at a time (the worker processes would each have stopped at once,
leaving a moment with no worker), and Ctrl-C is passed on to every slot for a graceful stop.

**A killed supervisor** takes its worker processes with it: each child asks the kernel (Linux's
``prctl(PR_SET_PDEATHSIG)``) for a SIGTERM when the supervisor dies, and stops gracefully;
the ``/metrics`` server watches its parent too.

**Metrics.** Every worker process writes its samples to one multiprocess directory,
emptied once when the supervisor starts (not at each restart: the counters of a process
that died still count). The ``/metrics`` server (:func:`workers.exposition.serve`) is a
process of the supervisor's own, not a fork of one worker process, so it answers while any
slot restarts; when a worker process dies, its live gauges (in-progress messages, the
circuit state) are dropped from the directory.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import structlog

from messages import QUEUES
from workers import eviction
from workers.process import RET_IMPORT, STOPS
from workers.process import command as worker_command
from workers.settings import Settings

log = structlog.get_logger("verifleet.supervisor")

HEALTHY_AFTER_S = 60.0
"""A child that lived this long counts as having served, whether or not it said so."""
MIN_BACKOFF_S, MAX_BACKOFF_S = 1.0, 30.0
POLL_S = 0.05
"""How often the supervisor looks for a slot that ended or is due to start again."""
READY_ENV = "VERIFLEET_READY_DIR"
"""Where each worker process leaves ``ready-<pid>`` once it serves (set by ``verifleet worker``)."""
EXPOSITION = "exposition"
"""The name of the ``/metrics`` server's slot in log lines."""


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


def exposition_command() -> list[str]:
    return [sys.executable, "-c", "from workers.exposition import serve; raise SystemExit(serve())"]


def worker_env(settings: Settings, metrics_dir: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    # dramatiq reads its consumer timeout from the environment at import time.
    env.setdefault("dramatiq_worker_timeout", str(settings.worker_timeout_ms))
    env["VERIFLEET_METRICS_PORT"] = str(settings.metrics_port)
    if metrics_dir:
        # prometheus-client multiprocess mode: set before any process starts, so that every
        # worker process writes its samples there; dramatiq's middleware reads dramatiq_prom_db.
        env["PROMETHEUS_MULTIPROC_DIR"] = env["dramatiq_prom_db"] = metrics_dir
    return env


_PID_FILE = re.compile(r"_(\d+)\.db$")


def drop_dead_gauges(metrics_dir: str | os.PathLike[str]) -> list[int]:
    """Remove the live gauges (``livesum``, ``livemax`` ...) of processes that no longer run.

    A process killed with SIGKILL cannot mark itself dead, and its in-progress count or open
    circuit would otherwise be merged into every scrape. Counters and histograms stay: what a
    dead process counted still happened. Returns the pids whose gauges were dropped.
    """
    from prometheus_client.multiprocess import mark_process_dead  # noqa: PLC0415

    dead = set()
    with contextlib.suppress(OSError):
        for entry in Path(metrics_dir).iterdir():
            m = _PID_FILE.search(entry.name)
            if m and entry.name.startswith("gauge_live") and not _running(int(m.group(1))):
                dead.add(int(m.group(1)))
    for pid in sorted(dead):
        with contextlib.suppress(OSError):
            mark_process_dead(pid, str(metrics_dir))  # type: ignore[no-untyped-call]
    return sorted(dead)


def reset_dir(path: str | os.PathLike[str]) -> Path:
    """Empty (or create) a multiprocess directory: files of a previous run must not be merged."""
    directory = Path(path)
    if directory.is_dir():
        for entry in directory.iterdir():
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: running
    return True


PR_SET_PDEATHSIG = 1


def _before_exec(parent: int, *, worker: bool) -> Callable[[], None]:
    """What a child runs before it starts.

    - A worker process: block the signals that stop it (:data:`workers.process.STOPS`); it keeps
      them blocked and takes them with sigwait once it serves (a Ctrl-C passed on while Python
      starts would otherwise end it with a traceback, not a graceful stop). dramatiq's main process
      blocked them too before it forked its workers.

    - Ignore SIGTTOU: the child runs in a process group of its own (see :meth:`Slot.start`), which
      a terminal set to ``stty tostop`` would stop the moment it logs; an ignored SIGTTOU lets
      the write through, and stays ignored across ``exec``.
    - Ask the kernel for a SIGTERM when the supervisor dies: a supervisor killed with SIGKILL (or
      by the OOM killer) would otherwise leave its worker processes serving on, unseen, beside the
      ones a new supervisor starts. Linux only (``prctl``); elsewhere children outlive a killed
      supervisor.
    """
    prctl = None
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            prctl = ctypes.CDLL(None, use_errno=True).prctl

    def arm() -> None:
        if worker:
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        if hasattr(signal, "SIGTTOU"):
            signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
            if os.getppid() != parent:  # the supervisor died before the request took effect
                os.kill(os.getpid(), signal.SIGTERM)

    return arm


@dataclass
class Slot:
    """One worker process (or the ``/metrics`` server), restarted when it dies."""

    name: str
    command: list[str]
    env: dict[str, str]
    ready_dir: Path | None
    worker: bool = True
    """False for the ``/metrics`` server: always restarted, its exit never stops the supervisor."""
    child: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    backoff: float = MIN_BACKOFF_S
    due: float | None = field(default=0.0)
    """When to start it (again); None once it is not to run any more."""
    reloading: bool = False
    """Stopped on purpose for a reload (SIGHUP): started again at once."""
    told: bool = False
    """The current child was sent a signal that stops it."""

    def start(self) -> None:
        if self.ready_dir is not None:
            reset_dir(self.ready_dir)
        self.started = time.monotonic()
        arm = _before_exec(os.getpid(), worker=self.worker)
        # A process group of its own: a terminal's SIGHUP (hangup) and SIGINT (Ctrl-C) go to the
        # foreground group, and must reach the supervisor alone, which reloads one slot at a time
        # or passes the signal on; the worker processes would all stop at once.
        self.child = subprocess.Popen(
            self.command,
            env=self.env,
            preexec_fn=arm,  # noqa: PLW1509  (no threads here)
            process_group=0,
        )
        self.due, self.told = None, False

    def signal(self, signum: int) -> None:
        if self.child is not None and self.child.poll() is None:
            self.told = True
            with contextlib.suppress(ProcessLookupError):
                self.child.send_signal(signum)

    def served(self) -> bool:
        lived = time.monotonic() - self.started > HEALTHY_AFTER_S
        return lived or (self.ready_dir is not None and served(self.ready_dir))


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
    metrics_dir = settings.metrics_dir or tempfile.mkdtemp(prefix="verifleet-metrics-")
    if not settings.metrics_dir:
        atexit.register(shutil.rmtree, metrics_dir, ignore_errors=True)
    reset_dir(metrics_dir)  # a previous run's files must not be merged into this one's
    env = worker_env(settings, metrics_dir)
    # The /metrics server is the supervisor's own process, not a fork of each worker process.
    slot_env = {**env, "VERIFLEET_METRICS_PORT": "0"}
    command = worker_command(queues, threads)
    slots = []
    for number in range(processes):
        ready_dir = Path(tempfile.mkdtemp(prefix="verifleet-ready-"))
        atexit.register(shutil.rmtree, ready_dir, ignore_errors=True)
        slots.append(Slot(str(number), command, {**slot_env, READY_ENV: str(ready_dir)}, ready_dir))
    if settings.metrics_port:
        slots.append(Slot(EXPOSITION, exposition_command(), env, None, worker=False))
    stopping = False
    stop_with: int = signal.SIGTERM  # what a slot still to be told of the stop gets
    pending: list[Slot] = []  # slots still to reload, one at a time
    current: Slot | None = None  # the slot being reloaded

    def forward(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping, stop_with
        stopping, stop_with = True, signum
        for slot in slots:
            slot.signal(signum)

    def reload(_signum: int, _frame: FrameType | None) -> None:
        if not stopping:
            log.info("worker_reloading", slots=[s.name for s in slots])
            pending.extend(s for s in slots if s not in pending and s is not current)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    signal.signal(signal.SIGHUP, reload)
    log.info("worker_supervising", queues=list(queues), processes=processes, threads=threads)
    eviction.check(settings)  # once per host, before any job is taken
    code = 0
    while True:
        now = time.monotonic()
        if not stopping:
            current = _reload_step(current, pending)
        else:  # a slot whose start was under way when the stop came has no child yet to tell then
            for slot in slots:
                if slot.child is not None and not slot.told:
                    slot.signal(stop_with)
        for slot in slots:
            if slot.child is None:
                if not stopping and slot.due is not None and now >= slot.due:
                    slot.start()
                    log.info("worker_started", slot=slot.name, pid=slot.child.pid if slot.child else None)
                continue
            exit_code = slot.child.poll()
            if exit_code is None:
                continue
            slot.child = None
            if slot.worker:
                drop_dead_gauges(metrics_dir)
            if stopping:
                continue
            if slot.reloading:
                slot.reloading, slot.due, slot.backoff = False, time.monotonic(), MIN_BACKOFF_S
                continue
            stop = _after_exit(slot, exit_code, restart=restart)
            if stop is not None:
                code = stop
                stopping = True
                for other in slots:
                    other.signal(signal.SIGTERM)
        if stopping and all(s.child is None for s in slots):
            log.info("worker_stopped", code=code)
            return code
        if not stopping and all(s.child is None and s.due is None for s in slots if s.worker):
            for s in slots:  # every worker slot ended on purpose: so does the supervisor
                s.signal(signal.SIGTERM)
            stopping = True
        time.sleep(POLL_S)


def _reload_step(current: Slot | None, pending: list[Slot]) -> Slot | None:
    """A rolling reload (SIGHUP): one slot at a time is stopped gracefully and started again (new
    code, new settings), and the next one only once it serves, so the host never stops serving.
    A slot whose new start fails keeps the reload waiting, the other slots on their old code.
    Returns the slot being reloaded (None: none)."""
    if current is not None:
        if current.reloading or current.child is None:
            return current  # still stopping, or waiting to start again
        if current.worker and not current.served():
            return current
        log.info("worker_reloaded", slot=current.name, pid=current.child.pid)
        current = None
    if not pending:
        return None
    current = pending.pop(0)
    if current.child is None:
        if current.due is None:
            return None  # it ended on purpose: nothing to reload
        current.due = time.monotonic()  # waiting out a backoff: start it at once
        return current
    current.reloading = True
    current.signal(signal.SIGTERM)
    return current


def _after_exit(slot: Slot, code: int, *, restart: bool) -> int | None:
    """Schedule the slot's next start; returns an exit code when the supervisor must stop."""
    if not slot.worker:
        log.warning("metrics_server_exited", code=code, restart_in_s=MIN_BACKOFF_S)
        slot.due = time.monotonic() + MIN_BACKOFF_S
        return None
    if code == 0:
        log.info("worker_stopped", slot=slot.name, code=code)
        return None  # stopped on purpose: not restarted (slot.due stays None)
    if code == RET_IMPORT or not restart:
        log.error("worker_exited", slot=slot.name, code=code, restart=False)
        return 128 - code if code < 0 else code  # killed by a signal: 128 + its number, as a shell says
    serving = slot.served()
    if serving:
        slot.backoff = MIN_BACKOFF_S  # it served, then died: not a start that keeps failing
    log.warning("worker_exited", slot=slot.name, code=code, restart_in_s=slot.backoff, served=serving)
    slot.due = time.monotonic() + slot.backoff
    slot.backoff = min(slot.backoff * 2, MAX_BACKOFF_S)
    return None
