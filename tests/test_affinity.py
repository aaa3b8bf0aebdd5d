"""Each worker process claims a core of its own (workers/affinity.py), in real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from workers.affinity import CpuAffinity, batch_switch_interval
from workers.brokers import middleware
from workers.settings import Settings

pytestmark = pytest.mark.skipif(
    not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
    reason="pinning needs sched_setaffinity and at least 2 cores",
)

ROOT = Path(__file__).resolve().parent.parent

# A process that claims a core, reports it with the affinity of every one of its threads (one of
# them started before the claim), then holds the claim until its stdin closes.
CLAIMER = textwrap.dedent(
    """
    import os, sys, threading
    from pathlib import Path
    from workers.affinity import claim_core

    stop = threading.Event()
    early = threading.Thread(target=stop.wait, daemon=True)
    early.start()
    core = claim_core(Path(sys.argv[1]))
    pinned = core is not None and all(
        os.sched_getaffinity(int(t)) == {core} for t in os.listdir("/proc/self/task")
    )
    print(core, pinned, flush=True)
    sys.stdin.read()
    """
)


def start(lock_dir: Path, cores: set[int] | None = None) -> tuple[subprocess.Popen[str], str]:
    """A claiming process; what it printed: ``<core or None> <every thread on it>``."""
    process = subprocess.Popen(
        [sys.executable, "-c", CLAIMER, str(lock_dir)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None,  # noqa: PLW1509
    )
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def release(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.close()
    process.wait(timeout=10)


def test_each_process_gets_a_core_of_its_own_until_none_is_left(tmp_path: Path) -> None:
    allowed = sorted(os.sched_getaffinity(0))
    held = [start(tmp_path) for _ in allowed]
    try:
        claimed = [line.split() for _, line in held]
        assert sorted(int(core) for core, _ in claimed) == allowed
        assert all(every == "True" for _, every in claimed)  # the thread started before the claim too
        extra, line = start(tmp_path)
        release(extra)
        assert line == "None False"  # every core taken: unpinned, not doubled up
    finally:
        for process, _ in held:
            release(process)


def test_a_dead_process_frees_its_core_for_the_next(tmp_path: Path) -> None:
    allowed = sorted(os.sched_getaffinity(0))
    held = [start(tmp_path) for _ in allowed]
    try:
        victim, line = held.pop()
        victim.send_signal(signal.SIGKILL)  # no clean-up runs: the kernel drops the lock
        victim.wait(timeout=10)
        successor, again = start(tmp_path)
        held.append((successor, again))
        assert again.split()[0] == line.split()[0]
    finally:
        for process, _ in held:
            release(process)


def test_a_process_allowed_one_core_pins_nothing(tmp_path: Path) -> None:
    one = min(os.sched_getaffinity(0))
    process, line = start(tmp_path, cores={one})
    release(process)
    assert line == "None False"
    assert not list(tmp_path.iterdir())  # not even a lock file was taken


def test_the_fleet_pins_only_when_told_to(monkeypatch: pytest.MonkeyPatch) -> None:
    def affinity() -> CpuAffinity:
        (found,) = [m for m in middleware(Settings()) if isinstance(m, CpuAffinity)]
        return found

    monkeypatch.delenv("VERIFLEET_PIN_CPUS", raising=False)
    assert not affinity().enabled
    monkeypatch.setenv("VERIFLEET_PIN_CPUS", "true")
    assert affinity().enabled


def test_batch_switch_interval_sets_the_process_s_gil_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().batch_gil_switch_ms == 50.0
    before = sys.getswitchinterval()
    try:
        batch_switch_interval(12.5)
        assert sys.getswitchinterval() == pytest.approx(0.0125)
    finally:
        sys.setswitchinterval(before)
    monkeypatch.setenv("VERIFLEET_BATCH_GIL_SWITCH_MS", "0")
    with pytest.raises(ValueError, match="batch_gil_switch_ms"):
        Settings()


def test_pinned_workers_each_run_on_a_core_of_their_own_and_answer(redis_url: str, tmp_path: Path) -> None:
    from factories import make_job
    from fleet_support import WorkerPair, wait_for

    from bench.harness import worker_processes
    from workers.client import Client

    settings = Settings(redis_url=redis_url)
    pair = WorkerPair(settings, tmp_path, threads=2)
    # TMPDIR: the claims go to a directory of this test's own, whatever else runs on the host.
    pair.env.update(
        VERIFLEET_PIN_CPUS="true",
        TMPDIR=str(tmp_path),
        VERIFLEET_BATCH_GIL_SWITCH_MS="20",
        VERIFLEET_BATCH_IDLE_PRIORITY="true",
    )
    pair.start()
    try:
        assert wait_for(lambda: pair.logs().count('"cpu_pinned"') == 2, timeout=30), pair.logs()

        def switched(queue: str) -> list[object]:
            logged = (tmp_path / f"{queue}.log").read_text().splitlines()
            return [json.loads(line)["ms"] for line in logged if '"gil_switch_interval"' in line]

        # the batch-only process takes longer GIL turns (said after the checks' warm-up, which
        # follows the pinning: waited for, as a slow host takes most of a second for it)
        assert wait_for(lambda: switched("verify-batch") == [20.0], timeout=30), pair.logs()
        assert switched("verify-inline") == []  # the inline one keeps Python's
        workers = [pid for p in pair.processes for pid in worker_processes(p.pid)]
        # the batch-only process's threads (its consumers and worker threads) run at idle priority
        inline, batch = ([int(t) for t in os.listdir(f"/proc/{pid}/task")] for pid in workers)
        assert len(batch) > 2
        assert {os.sched_getscheduler(t) for t in batch} == {os.SCHED_IDLE}
        assert os.SCHED_IDLE not in {os.sched_getscheduler(t) for t in inline}
        affinities = [os.sched_getaffinity(pid) for pid in workers]
        assert len(affinities) == 2 and all(len(a) == 1 for a in affinities)
        assert affinities[0] != affinities[1]
        assert {f.name for f in (tmp_path / f"verifleet-cpus-{os.getuid()}").iterdir()} >= {
            f"cpu{min(a)}.lock" for a in affinities
        }
        with Client(settings) as client:
            job = make_job()
            client.submit(job)
            assert client.wait(job["job_id"], timeout=30).job_id == job["job_id"]
    finally:
        pair.stop()


def test_idle_priority_puts_a_process_s_threads_and_those_they_start_in_sched_idle() -> None:
    """In a process of its own: the test runner's threads keep their class. The thread that was
    there before waits for an event, not a time (a slow host's import can outlast a timeout), and a
    thread that ends between the listing and the read is left out (a joined thread can still be
    listed for a moment)."""
    script = textwrap.dedent(
        """
        import json, os, threading
        from workers.services import idle_priority
        there = threading.Event()
        threading.Thread(target=there.wait, daemon=True).start()  # one already there
        assert idle_priority()
        later = []
        started = threading.Thread(target=lambda: later.append(os.sched_getscheduler(0)))
        started.start()
        started.join()
        every = set()
        for t in os.listdir("/proc/self/task"):
            try:
                every.add(os.sched_getscheduler(int(t)))
            except ProcessLookupError:
                pass
        there.set()
        print(json.dumps({"every": sorted(every), "later": later, "idle": os.SCHED_IDLE}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["every"] == got["later"] == [got["idle"]]
