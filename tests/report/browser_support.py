"""Debian's chromium for the browser tests: found, installed in CI, or the reason it cannot be had.

Playwright only drives the browser; it never downloads one (``playwright install`` is never
run). The browser is ``/usr/bin/chromium`` (``VERIFLEET_TEST_CHROMIUM`` overrides it). When it
is missing and the tests run as root with ``CI`` set, it is installed with apt-get. Locally the
browser tests skip with the reason; in CI they fail instead, so a CI run never passes without them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import NoReturn

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",  # root in a container has no user namespace for the sandbox
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""With ``headless=True`` Playwright adds ``--headless``; the profile is a fresh ``--user-data-dir``."""
APT_TIMEOUT_S = 900


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason: str) -> NoReturn:
    if in_ci():
        pytest.fail(f"{reason}; CI is set, so the browser tests must run", pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str | None:
    explicit = os.environ.get("VERIFLEET_TEST_CHROMIUM")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    return shutil.which("chromium")


def install_chromium() -> None:
    """``apt-get install chromium``: only as root, only in CI, only where apt-get exists."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update"],
        ["apt-get", "install", "-y", "--no-install-recommends", "chromium"],
    ):
        done = subprocess.run(
            command, check=False, env=env, capture_output=True, text=True, timeout=APT_TIMEOUT_S
        )
        if done.returncode != 0:
            unavailable(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")


def ensure_chromium() -> str:
    """The browser's path, installing it first as root in CI; else skip (locally) or fail (CI)."""
    found = find_chromium()
    if found is None and in_ci() and os.geteuid() == 0 and shutil.which("apt-get"):
        install_chromium()
        found = find_chromium()
    if found is None:
        where = os.environ.get("VERIFLEET_TEST_CHROMIUM") or CHROMIUM
        unavailable(
            f"Debian's chromium is not installed at {where} (apt-get install chromium; the tests "
            "install it themselves when run as root with CI set)"
        )
    return found
