"""Prometheus rules: promtool checks them and runs their unit tests (deploy/prometheus/tests.yml).

promtool ships in Debian's ``prometheus`` package. Without it these tests skip, except under CI
(the ``CI`` environment variable set), where ``make test`` installs it and its absence is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from ops_support import ROOT

PROMETHEUS = ROOT / "deploy" / "prometheus"


@pytest.fixture(scope="module")
def promtool() -> str:
    found = shutil.which("promtool")
    if found:
        return found
    if os.environ.get("CI", "").lower() not in ("", "0", "false"):
        pytest.fail("promtool is missing under CI: `make test` installs it (apt-get install prometheus)")
    pytest.skip("promtool not installed (apt-get install prometheus); CI runs these")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=PROMETHEUS, capture_output=True, text=True, timeout=60, check=False)


class TestPromtool:
    def test_rules_are_valid(self, promtool: str) -> None:
        done = run(promtool, "check", "rules", "rules.yml")
        assert done.returncode == 0, done.stdout + done.stderr
        assert "SUCCESS" in done.stdout

    def test_alert_unit_tests_pass(self, promtool: str) -> None:
        """Each alert fires on a series that should fire it, not before its `for`, nor on a healthy one."""
        done = run(promtool, "test", "rules", "tests.yml")
        assert done.returncode == 0, done.stdout + done.stderr
