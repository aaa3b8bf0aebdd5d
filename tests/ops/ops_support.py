"""Helpers for tests/ops, imported by name: ``from conftest import ...`` would pick whichever
conftest module was imported last (tests/ and tests/judge/ both have one)."""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path
from typing import Any

from workers.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
WORKER = [sys.executable, "-m", "workers.cli", "worker"]
AMQP_URL = os.environ.get("VERIFLEET_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F")


def amqp_available() -> bool:
    if "VERIFLEET_TEST_AMQP_URL" in os.environ:
        return True
    try:
        with socket.create_connection(("127.0.0.1", 5672), timeout=0.3):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def worker_env(settings: Settings, *, metrics_port: int = 0) -> dict[str, str]:
    """The environment of a worker or CLI process for these settings (as tests/conftest.py builds it)."""
    env = dict(os.environ)
    env["VERIFLEET_REDIS_URL"] = settings.state_url
    if settings.broker_url:
        env["VERIFLEET_BROKER_URL"] = settings.broker_url
    env["VERIFLEET_MAX_RETRIES"] = str(settings.max_retries)
    env["VERIFLEET_LOG_FORMAT"] = "json"
    env["VERIFLEET_METRICS_PORT"] = str(metrics_port)
    env["VERIFLEET_METRICS_HOST"] = "127.0.0.1"
    return env


def wait_for(predicate: Any, timeout: float = 10.0, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())
