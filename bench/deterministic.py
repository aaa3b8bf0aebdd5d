"""Deterministic check speed (issue 3): a 2,000-word markdown draft with 30 links and 40 source
markers through the ``auto`` profile, on one core, against a bare ``json.loads`` + pydantic
validation of the same job measured in the same run."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from bench.drafts import typical_job
from bench.results import Figure
from checks import verify
from messages import VerifyJob, parse_job

COMMAND = "make bench  # bench/deterministic.py"


def rate(fn: Callable[[], object], seconds: float = 2.0) -> float:
    """Calls per second, best of three rounds of about ``seconds`` each."""
    best = 0.0
    for _ in range(3):
        n = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                fn()
            n += 20
        best = max(best, n / elapsed)
    return best


def run(seconds: float = 2.0) -> dict[str, Figure]:
    raw = json.dumps(typical_job())
    parse_only = rate(lambda: VerifyJob.model_validate(json.loads(raw)), seconds)
    full = rate(lambda: verify(parse_job(raw)), seconds)
    overhead = parse_only / full - 1.0  # extra time of the checks, relative to parsing
    return {
        "deterministic_per_s": Figure(
            round(full, 1),
            "verifications/s",
            ">= 400",
            COMMAND,
            note="parse + validate + auto profile, one core",
        ),
        "deterministic_parse_per_s": Figure(
            round(parse_only, 1), "jobs/s", ">= 0", COMMAND, note="baseline: json.loads + pydantic validation"
        ),
        "deterministic_check_overhead": Figure(
            round(overhead, 3),
            "fraction of parse time",
            "<= 0.25",
            COMMAND,
            note="(time of full verify - time of parse) / time of parse",
        ),
    }
