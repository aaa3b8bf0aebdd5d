"""``bench/results.json``: one key per figure, each with value, unit, target, met and the command."""

from __future__ import annotations

import json
import operator
import os
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results.json"
COMPARE: dict[str, Callable[[float, float], bool]] = {">=": operator.ge, "<=": operator.le}
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""The cores of this machine, read on import: before ``bench/__main__.py`` pins itself to one."""
LOAD = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
"""The 1-minute load average when the run started: what else the machine was running."""
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
    existing["_machine"] = {
        "python": platform.python_version(),
        "cpus": CPUS,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": LOAD,
    }
    path.write_text(json.dumps(existing, indent=2, sort_keys=True) + "\n")


README = Path(__file__).resolve().parent.parent / "README.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
"""The lines of README.md between these markers are the latest run's table (``update_readme``)."""
HEADLINE = (
    "fleet_vs_ideal",
    "inline_p99_backlog_ratio",
    "inline_idle_p99_ms",
    "submit_vs_lpush",
    "worker_rss_mb",
    "cost_fraction_max",
    "batch_calls_per_verdict",
    "batch_token_ratio",
    "deterministic_per_s",
    "grounding_lexical_drafts_per_s",
    "grounding_native_speedup",
)
"""The figures of the README's table, in its order: the issue's, then the grounding target."""


def readme_table(results: dict[str, Any]) -> str:
    """The README's table of the headline figures in ``results`` (results.json as read), each with
    the note that says what it was measured against."""
    machine = results.get("_machine", {})
    lines = [
        f"Latest `make bench`: {machine.get('date', 'date not recorded')}, {machine.get('cpus', '?')} cores, "
        f"load average {machine.get('load', '?')} when it started.",
        "",
        "| figure | value | target | met | measured |",
        "|---|---|---|---|---|",
    ]
    for key in HEADLINE:
        found = results.get(key)
        if not found:
            continue
        note = str(found.get("note", "")).replace("|", "/").replace("\n", " ")
        value = f"{found['value']:,.4g} {found['unit']}"
        met = "yes" if found["met"] else "**no**"
        lines.append(f"| `{key}` | {value} | {found['target']} | {met} | {note} |")
    return "\n".join(lines)


def update_readme(path: Path = README, results_path: Path = RESULTS) -> bool:
    """Replace the table between the markers of ``path`` with the one of ``results_path``; False
    (and nothing written) when the markers are missing."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return False
    table_text = readme_table(json.loads(results_path.read_text()))
    path.write_text(text[: start + len(BEGIN)] + "\n" + table_text + "\n" + text[end:], encoding="utf-8")
    return True


def table(figures: dict[str, Figure]) -> str:
    rows = ["| figure | value | unit | target | met |", "|---|---|---|---|---|"]
    for key, f in figures.items():
        rows.append(f"| `{key}` | {f.value:,.3g} | {f.unit} | {f.target} | {'yes' if f.met else 'NO'} |")
    return "\n".join(rows)
