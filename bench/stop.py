"""How long an idle worker takes to stop gracefully (SIGTERM to exit), against dramatiq's command line.

``verifleet worker --processes 1`` and a bare ``dramatiq workers.fleet --processes 1`` (the same
broker module, middleware and queues under dramatiq's own main process) each serve the inline queue
until their process beats on the broker (``harness.wait_ready``), then get SIGTERM; the time until
the command exits is taken, median of :data:`ROUNDS` alternated rounds each. Until 2026-11-26
``verifleet worker`` ran dramatiq's command line in each slot and stopped in the same 2.3 s as the
bare one: dramatiq's worker process looks for a stop once a second, and its main process's log relay
waits a second before it exits. It now runs its own worker process (``workers/process.py``). A
rolling reload (SIGHUP) waits for one such stop per process, and so does every fleet test.
"""

from __future__ import annotations

import signal
import statistics
import tempfile
import time
from pathlib import Path

from bench.harness import now_ms, redis_server, start_tree, wait_ready, worker_env
from bench.results import Figure
from workers.settings import Settings

COMMAND = "make bench  # bench/stop.py"
ROUNDS = 3


def _stop_seconds(
    settings: Settings, env: dict[str, str], log: Path, module: str | None
) -> tuple[float, float]:
    """One start of the command and its graceful stop: (seconds to serve, seconds to stop)."""
    started, since = time.monotonic(), now_ms()
    tree = start_tree(env, log, queues=("verify-inline",), processes=1, threads=8, module=module)
    try:
        wait_ready(settings.state_url, settings, 1, since_ms=since)  # its consumer beats: it serves
        served = time.monotonic() - started
        time.sleep(0.5)  # idle, as a worker being stopped usually is
        asked = time.monotonic()
        tree.process.send_signal(signal.SIGTERM)
        tree.process.wait(timeout=60)
        return served, time.monotonic() - asked
    finally:
        tree.stop()
        log.unlink(missing_ok=True)


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """``seconds`` is unused: each command is started and stopped :data:`ROUNDS` times."""
    kinds: dict[str, list[tuple[float, float]]] = {"verifleet": [], "dramatiq": []}
    with redis_server() as server, tempfile.TemporaryDirectory() as tmp:
        settings = Settings(redis_url=server.url)
        env = worker_env(settings, VERIFLEET_PIN_CPUS="false")
        for _ in range(ROUNDS):
            for kind, found in kinds.items():
                module = None if kind == "verifleet" else "workers.fleet"
                found.append(_stop_seconds(settings, env, Path(tmp) / f"{kind}.log", module))
    serve = {kind: statistics.median(s for s, _ in found) for kind, found in kinds.items()}
    stop = {kind: statistics.median(t for _, t in found) for kind, found in kinds.items()}
    return {
        "worker_stop_vs_dramatiq": Figure(
            round(stop["verifleet"] / stop["dramatiq"], 3),
            "fraction of dramatiq's",
            "<= 0.5",
            COMMAND,
            f"idle `verifleet worker --processes 1` SIGTERM to exit {stop['verifleet']:.2f} s against "
            f"{stop['dramatiq']:.2f} s for `dramatiq workers.fleet --processes 1` (median of {ROUNDS} "
            f"alternated rounds); start to serving {serve['verifleet']:.2f} s against "
            f"{serve['dramatiq']:.2f} s",
        )
    }


if __name__ == "__main__":  # this bench alone: python -m bench.stop (merged into bench/results.json)
    from bench.results import table, write

    found = run()
    write(found)
    print(table(found))
