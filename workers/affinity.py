"""One core per worker process: each claims a free core at boot and keeps every thread on it.

A worker process runs several threads that take turns holding the GIL. When the kernel may run
them on any core, each hand-over of the GIL can wake a thread on the other core, and the process
sits idle until it gets there: measured with 2 processes x 8 threads on 2 cores, the machine was
idle about 10% of the time with jobs waiting, and under 1% with each process pinned to a core of
its own (``bench/ceiling.py``: the fleet's rate rose about 18%).

A process claims a core by taking an exclusive ``flock`` on ``cpu<N>.lock`` in a directory shared
by the host's worker processes (one per user, in the temp directory), so no two pinned processes
share a core. The kernel drops the lock when the process dies, however it dies, and the worker
started in its place claims the core again. A process that finds every core taken (more processes
than cores) stays unpinned and says so. Only the cores this process may use count (``taskset``,
a container's cpuset), and a machine with one of them pins nothing.

Off unless ``VERIFLEET_PIN_CPUS=true``: containers on a shared node each have a temp directory of
their own, so each would claim the node's first cores. It is for hosts the workers have to
themselves (``make bench`` runs its fleets so).

A worker process that serves only ``verify-batch`` also takes longer turns at the GIL
(:func:`batch_switch_interval`, ``VERIFLEET_BATCH_GIL_SWITCH_MS``, 50 ms against Python's 5): its
threads all verify, which is CPU work, and fewer hand-overs cost less. A/B on 2 cores, 2 batch
processes x 8 threads, pinned (``bench/ceiling.py``'s rounds, alternated three times): the fleet
against twice T_pipe went from 0.780-0.816 (mean 0.803) to 0.820-0.859 (mean 0.833), and the
workers' CPU per job fell by about 3%. Processes that serve ``verify-inline`` keep Python's 5 ms:
with longer turns an inline job would wait a whole turn of each busy thread before its own.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

import dramatiq
import structlog

__all__ = ["CpuAffinity", "batch_switch_interval", "claim_core", "default_lock_dir", "own_threads"]

log = structlog.get_logger("verifleet.worker")

_held: list[int] = []
"""The descriptor holding this process's claim: open for the life of the process."""


def default_lock_dir() -> Path:
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"verifleet-cpus-{uid}"


def claim_core(lock_dir: Path | None = None) -> int | None:
    """Pin this process (every thread it has, and so every thread it starts) to a free core.

    Returns the core, or None when nothing was pinned: no affinity API here, a single allowed
    core, or every allowed core already claimed by another worker process.
    """
    if _held:
        return None  # claimed already (a second broker in the same process)
    try:
        import fcntl  # noqa: PLC0415  (POSIX only: elsewhere nothing is pinned)
    except ImportError:
        return None
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) < 2:
        return None
    directory = lock_dir or default_lock_dir()
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    for core in allowed:
        fd = os.open(directory / f"cpu{core}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another worker process holds this core
            os.close(fd)
            continue
        _held.append(fd)
        _pin_threads(core)
        return core
    return None


def batch_switch_interval(ms: float) -> None:
    """Longer GIL turns for a process whose threads all verify batch work (see the module's text)."""
    sys.setswitchinterval(ms / 1000)
    log.info("gil_switch_interval", ms=ms)


def own_threads() -> list[int]:
    """The ids of this process's threads, for the calls that set one thread at a time
    (``sched_setaffinity``, ``sched_setscheduler``); [0], the calling thread (which starts the
    worker threads), where there is no /proc."""
    try:
        return [int(t) for t in os.listdir("/proc/self/task")]
    except OSError:
        return [0]


def _pin_threads(core: int) -> None:
    """``sched_setaffinity`` moves one thread: move each thread the process already has."""
    for tid in own_threads():
        with contextlib.suppress(OSError):  # a thread that ended in between
            os.sched_setaffinity(tid, {core})


class CpuAffinity(dramatiq.Middleware):
    """Claim a core in each worker process as it boots, before its worker threads start."""

    def __init__(self, *, enabled: bool = False, lock_dir: Path | None = None) -> None:
        self.enabled = enabled
        self.lock_dir = lock_dir
        self.core: int | None = None

    def after_process_boot(self, broker: dramatiq.Broker) -> None:
        if not self.enabled:
            return
        try:
            self.core = claim_core(self.lock_dir)
        except OSError as e:  # an unwritable temp directory: run unpinned rather than not at all
            log.warning("cpu_not_pinned", reason=str(e))
            return
        if self.core is None:
            log.info("cpu_not_pinned", reason="no free core, or nothing to pin to")
        else:
            log.info("cpu_pinned", core=self.core)
