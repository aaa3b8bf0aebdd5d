"""Helpers for tests/ops, imported by name: ``from conftest import ...`` would pick whichever
conftest module was imported last (tests/ and tests/judge/ both have one). What every fleet test
shares comes from ``tests/fleet_support.py``; this adds a worker environment with a metrics port."""

from __future__ import annotations

import socket

from fleet_support import (
    AMQP_URL,
    ROOT,
    WORKER,
    amqp_available,
    settings_env,
    spawn,
    stop_tree,
    wait_for,
)

from bench.harness import worker_processes
from workers.settings import Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def worker_env(settings: Settings, *, metrics_port: int = 0) -> dict[str, str]:
    """The environment of a worker or CLI process for these settings, serving /metrics on
    ``metrics_port`` (0: none)."""
    env = settings_env(settings)
    env["VERIFLEET_METRICS_PORT"] = str(metrics_port)
    env["VERIFLEET_METRICS_HOST"] = "127.0.0.1"
    return env


__all__ = [
    "AMQP_URL",
    "ROOT",
    "WORKER",
    "amqp_available",
    "free_port",
    "spawn",
    "stop_tree",
    "wait_for",
    "worker_env",
    "worker_processes",
]
