"""One worker process of ``verifleet worker``: ``python -m workers.process --queues Q... --threads N``.

dramatiq's ``Worker`` on the fleet's broker (:mod:`workers.fleet`), stopped gracefully on SIGTERM,
SIGINT or SIGHUP; a second signal while it stops ends it at once. This is what dramatiq's command
line does in each worker process it forks, without the main process above it: under
``verifleet worker`` every slot was a tree of one dramatiq main process and one worker process, and
the main process did nothing the supervisor does not (it restarts, reloads and passes signals on),
while it cost a process per slot and a second twice over on each stop (dramatiq's worker process
sleeps a second at a time before it looks for a stop, its main process's log relay a second before
it exits): a graceful stop took 2.3 s, 0.1 s of it work.

Exit codes are dramatiq's: 0 after a graceful stop, 2 when the broker module cannot be imported
(the supervisor does not restart it), 3 when the broker refuses the connection at boot, 1 when a
second signal ended the stop.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence

import dramatiq
import structlog
from dramatiq.errors import BrokerConnectionError

RET_OK, RET_KILLED, RET_IMPORT, RET_CONNECT = 0, 1, 2, 3
"""dramatiq's exit codes, which ``verifleet worker`` reads the same way."""
SHUTDOWN_TIMEOUT_MS = 600_000
"""How long a graceful stop waits for the jobs in flight: dramatiq's default."""
STOPS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

log = structlog.get_logger("verifleet.worker")


def command(queues: Sequence[str], threads: int) -> list[str]:
    """How ``verifleet worker`` starts one of these."""
    return [sys.executable, "-m", "workers.process", "--threads", str(threads), "--queues", *queues]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m workers.process", description=__doc__.split("\n")[0])
    parser.add_argument("--queues", nargs="+", required=True, help="the queues this process consumes")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    parser.add_argument("--module", default="workers.fleet", help="the module that builds the broker")
    args = parser.parse_args(argv)
    # The stop signals stay blocked in every thread (the worker's threads inherit the mask), and the
    # main thread takes them with sigwait when it is ready to stop: a stop asked for while the
    # process boots waits for the boot, then stops it gracefully. No handler: Python runs one only in
    # the main thread, when that thread next runs Python code; a signal the kernel handed another
    # thread while the main thread waited on a lock was never acted on (a SIGTERM sent as the worker
    # came up was lost in 2 of 30 tries on Redis, and the process served on; 0 of 60 with sigwait).
    # The supervisor starts it with them blocked already.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    # dramatiq's own lines (a retry, a worker stopping) go through stdlib logging; workers.fleet
    # renders them as ours (logs.adopt_stdlib). pika's are noise, as dramatiq's command line has it.
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    logging.getLogger("pika").setLevel(logging.CRITICAL)
    said = logging.getLogger("verifleet.worker")
    try:  # as dramatiq's command line: a broker that refuses us while the actors are declared, too
        module = importlib.import_module(args.module)
        broker: dramatiq.Broker = module.broker
        broker.emit_after("process_boot")
        worker = dramatiq.Worker(broker, queues=set(args.queues), worker_threads=args.threads)
        worker.start()
    except ImportError:
        said.exception("cannot import %s", args.module)
        return RET_IMPORT
    except BrokerConnectionError:
        said.exception("the broker refused the connection")
        return RET_CONNECT
    _running(worker)
    log.info("worker_ready", pid=os.getpid(), queues=sorted(args.queues), threads=args.threads)
    signal.sigwait(STOPS)
    threading.Thread(target=_second_signal, name="verifleet-second-signal", daemon=True).start()
    worker.stop(timeout=SHUTDOWN_TIMEOUT_MS)
    broker.close()
    return RET_OK


def _second_signal() -> None:
    """A second stop signal while the worker stops ends the process at once: what was in flight is
    redelivered to another worker."""
    signum = signal.sigwait(STOPS)
    os.write(2, f"worker process {os.getpid()} killed by a second signal {signum}\n".encode())
    os._exit(RET_KILLED)


def _running(worker: dramatiq.Worker, timeout_s: float = 30.0) -> None:
    """Wait until each of the worker's threads runs. A dramatiq thread sets its ``running`` flag as
    it starts, so a stop asked before that (a SIGTERM while the process booted) would be undone by
    the thread, which would then serve on while the stop waited out its timeout (600 s)."""
    threads: list[threading.Thread] = [*worker.workers, *worker.consumers.values()]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(
        t.is_alive() and not getattr(t, "running", True) for t in threads
    ):
        time.sleep(0.005)


def run() -> None:
    """Run :func:`main` and end the process with its code, as a process dramatiq forks ends: no
    interpreter shutdown (joining threads, finalising what the threads still hold) after the
    worker has stopped and said so."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
