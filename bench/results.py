"""``bench/results.json``: one key per figure, each with value, unit, target, met and the command."""

from __future__ import annotations

import json
import operator
import os
import platform
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results.json"
COMPARE: dict[str, Callable[[float, float], bool]] = {">=": operator.ge, "<=": operator.le}
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""The cores of this machine, read on import: before ``bench/__main__.py`` pins itself to one."""
RETIRED = (
    "fleet_batch_judge_calls_per_leaf_verdict",  # now batch_calls_per_verdict
    "fleet_batch_tokens_vs_inline",  # now batch_token_ratio
    "fleet_inline_p99_backlog_vs_idle",  # now inline_p99_backlog_ratio, against the engine's own p99
    "fleet_inline_p50_idle_ms",  # these were back to back: now inline_p50_ms and inline_p99_ms
    "fleet_inline_p99_idle_ms",
    "fleet_inline_p50_backlog_ms",  # now inline_p50_backlog_ms
    "fleet_inline_p99_backlog_ms",  # now inline_p99_backlog_ms
)
"""Keys of earlier runs that a figure of another name replaced: dropped from results.json."""


@dataclass(frozen=True)
class Figure:
    value: float
    unit: str
    target: str
    """A comparison and a number, e.g. ``>= 400``; ``met`` is computed from it."""
    command: str
    note: str = ""

    @property
    def met(self) -> bool:
        op, number = self.target.split()
        return COMPARE[op](self.value, float(number))

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "met": self.met}


def write(figures: dict[str, Figure], path: Path = RESULTS) -> None:
    existing: dict[str, Any] = {}
    if path.exists():
        existing = json.loads(path.read_text())
    existing.update({k: f.as_json() for k, f in figures.items()})
    for key in RETIRED:
        existing.pop(key, None)
    existing["_machine"] = {"python": platform.python_version(), "cpus": CPUS}
    path.write_text(json.dumps(existing, indent=2, sort_keys=True) + "\n")


def table(figures: dict[str, Figure]) -> str:
    rows = ["| figure | value | unit | target | met |", "|---|---|---|---|---|"]
    for key, f in figures.items():
        rows.append(f"| `{key}` | {f.value:,.3g} | {f.unit} | {f.target} | {'yes' if f.met else 'NO'} |")
    return "\n".join(rows)
