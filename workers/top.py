"""``verifleet top``: the fleet at a glance, refreshed every second.

Queue depths come from the broker (``workers/queues.py``); throughput, pass rate and cost
against budget from the verdict stream (entry ids are millisecond timestamps, so a window
is a range of ids); circuit states from a worker host's ``/metrics``. With ``--mission ID``
a progress bar follows the mission as it drains: ``verifleet submit`` records the job ids
of each mission it submits in ``<prefix>:mission:<id>:jobs`` (a set) and the time of the
first submission in ``<prefix>:mission:<id>:since``; jobs a coordinator submits through its
own client are not recorded, so ``--total N`` gives the count instead.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx
import redis
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from messages import FleetError
from workers.events import STREAM, decoded
from workers.queues import QueueStats, parked_count, queue_client, read_queue_stats
from workers.settings import Settings, redact

RATE_WINDOW_S = 10
MAX_ENTRIES_PER_TICK = 50_000
MISSION_TTL_S = 7 * 24 * 3600
VERDICT_STYLE = {"pass": "green", "partial": "yellow", "fail": "red", "error": "magenta"}


def mission_keys(prefix: str, mission_id: str) -> tuple[str, str]:
    base = f"{prefix}:mission:{mission_id}"
    return f"{base}:jobs", f"{base}:since"


def record_submitted(client: redis.Redis, prefix: str, jobs: Iterable[Mapping[str, Any]]) -> bool:
    """Remember which job ids each mission submitted, for ``verifleet top --mission``.

    Best effort: the jobs are already queued, so a failure here only costs the progress bar.
    """
    by_mission: dict[str, list[str]] = {}
    for job in jobs:
        if not isinstance(job, Mapping):
            continue
        mission, job_id = job.get("mission_id"), job.get("job_id")
        if isinstance(mission, str) and isinstance(job_id, str):
            by_mission.setdefault(mission, []).append(job_id)
    now_ms = int(time.time() * 1000)
    pipe = client.pipeline(transaction=False)
    for mission, ids in by_mission.items():
        jobs_key, since_key = mission_keys(prefix, mission)
        for start in range(0, len(ids), 1_000):
            pipe.sadd(jobs_key, *ids[start : start + 1_000])
        pipe.set(since_key, now_ms, nx=True, ex=MISSION_TTL_S)
        pipe.expire(jobs_key, MISSION_TTL_S)
    try:
        pipe.execute()
    except redis.RedisError:
        return False
    return True


@dataclass(frozen=True)
class Seen:
    """The few fields of a verdict event that the view needs."""

    at_ms: int
    job_id: str
    mission_id: str
    verdict: str
    cost_usd: float
    budget_usd: float


def parse_entry(entry_id: bytes | str, fields: Mapping[bytes, bytes]) -> Seen | None:
    """One stream entry, read without building the whole VerdictEvent (cheap at thousands a second)."""
    raw_id = decoded(entry_id)
    try:
        event = json.loads(fields[b"event"])
        cost = event.get("cost") or {}
        return Seen(
            at_ms=int(raw_id.split("-", 1)[0]),
            job_id=str(event["job_id"]),
            mission_id=str(event.get("mission_id", "")),
            verdict=str(event["verdict"]),
            cost_usd=float(cost.get("usd", 0.0)),
            budget_usd=float(cost.get("budget_usd", 0.0)),
        )
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


@dataclass
class Second:
    """The verdicts of one second of the stream."""

    counts: Counter[str] = field(default_factory=Counter)
    cost_usd: float = 0.0
    budget_usd: float = 0.0


@dataclass
class Tally:
    """Verdicts in a rolling window (kept per second, so memory does not grow with throughput),
    and a mission's verdicts since its first submission."""

    window_s: float = 60.0
    mission: str | None = None
    seconds: dict[int, Second] = field(default_factory=dict)
    mission_done: dict[str, str] = field(default_factory=dict)
    mission_cost: float = 0.0
    mission_budget: float = 0.0

    def add(self, seen: Seen) -> None:
        second = self.seconds.setdefault(seen.at_ms // 1000, Second())
        second.counts[seen.verdict] += 1
        second.cost_usd += seen.cost_usd
        second.budget_usd += seen.budget_usd
        mine = self.mission is not None and seen.mission_id == self.mission
        if mine and seen.job_id not in self.mission_done:
            self.mission_done[seen.job_id] = seen.verdict
            self.mission_cost += seen.cost_usd
            self.mission_budget += seen.budget_usd

    def expire(self, now_ms: int) -> None:
        horizon = (now_ms - int(self.window_s * 1000)) // 1000
        for key in [k for k in self.seconds if k < horizon]:
            del self.seconds[key]

    def rate(self, now_ms: int, span_s: int = RATE_WINDOW_S) -> float:
        """Verdicts per second over the last ``span_s`` whole seconds."""
        since = now_ms // 1000 - span_s
        return sum(sum(s.counts.values()) for k, s in self.seconds.items() if k > since) / span_s

    def counts(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for second in self.seconds.values():
            total.update(second.counts)
        return total

    def cost(self) -> tuple[float, float]:
        return (
            sum(s.cost_usd for s in self.seconds.values()),
            sum(s.budget_usd for s in self.seconds.values()),
        )


@dataclass
class Frame:
    """What one refresh shows."""

    now: float
    queues: list[QueueStats] | None
    queue_error: str | None
    tally: Tally
    circuits: dict[str, float] | None
    mission_total: int | None
    parked: int | None = None
    """Judge work parked for a batch flush (None: the state Redis did not say)."""


class Watcher:
    """Reads the broker, the stream and a metrics endpoint; each :meth:`poll` makes a Frame."""

    def __init__(
        self,
        settings: Settings,
        *,
        mission: str | None = None,
        total: int | None = None,
        window_s: float = 60.0,
        metrics_url: str | None = None,
    ) -> None:
        self.settings = settings
        self.redis = queue_client(settings.state_url)
        # The queues' Redis, kept for every redraw (the same client when it is the state Redis).
        self.queues_redis: redis.Redis | None = None
        if not settings.queues_on_rabbitmq:
            same = settings.queue_url == settings.state_url
            self.queues_redis = self.redis if same else queue_client(settings.queue_url)
        self.tally = Tally(window_s=window_s, mission=mission)
        self.total = total
        self.metrics_url = metrics_url
        start_ms = int(time.time() * 1000) - int(window_s * 1000)
        if mission is not None:
            try:
                since = self.redis.get(mission_keys(settings.key_prefix, mission)[1])
            except redis.RedisError as e:
                self.close()
                raise FleetError(f"could not read {redact(settings.state_url)}: {e}") from e
            if since is not None:
                start_ms = min(start_ms, int(since))
        self.cursor = f"{max(start_ms, 0)}-0"

    def close(self) -> None:
        self.redis.close()
        if self.queues_redis is not None and self.queues_redis is not self.redis:
            self.queues_redis.close()

    def _read_stream(self) -> None:
        """Entries after the cursor, oldest first, in bounded batches (XREAD without blocking)."""
        read = 0
        while read < MAX_ENTRIES_PER_TICK:
            reply: Any = self.redis.xread({STREAM: self.cursor}, count=5_000)
            entries = reply[0][1] if reply else []
            if not entries:
                return
            for entry_id, fields in entries:
                seen = parse_entry(entry_id, fields)
                if seen is not None:
                    self.tally.add(seen)
            last = entries[-1][0]
            self.cursor = decoded(last)
            read += len(entries)

    def _mission_total(self) -> int | None:
        if self.total is not None or self.tally.mission is None:
            return self.total
        return int(self.redis.scard(mission_keys(self.settings.key_prefix, self.tally.mission)[0])) or None

    def _circuits(self) -> dict[str, float] | None:
        if not self.metrics_url:
            return None
        from prometheus_client.parser import text_string_to_metric_families  # noqa: PLC0415

        found: dict[str, float] = {}
        try:
            response = httpx.get(self.metrics_url, timeout=0.5)
            response.raise_for_status()
            for family in text_string_to_metric_families(response.text):
                if family.name == "verifleet_circuit_open":
                    for sample in family.samples:
                        provider = sample.labels.get("provider", "?")
                        found[provider] = max(found.get(provider, 0.0), sample.value)
        except (httpx.HTTPError, ValueError):
            return None  # no worker host there, or not a metrics page
        return found

    def poll(self) -> Frame:
        queues: list[QueueStats] | None
        try:
            queues, error = read_queue_stats(self.settings, client=self.queues_redis), None
        except FleetError as e:
            queues, error = None, str(e)
        parked = None
        try:
            self._read_stream()
            total = self._mission_total()
            parked = parked_count(self.redis, self.settings.key_prefix)
        except redis.RedisError as e:
            stream_error = f"verdict stream: {e}"
            error, total = f"{error}\n{stream_error}" if error else stream_error, self.total
        now = time.time()
        self.tally.expire(int(now * 1000))
        return Frame(now, queues, error, self.tally, self._circuits(), total, parked)


def _age(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 60:
        return f"{seconds:.1f} s"
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def _percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def render(frame: Frame, settings: Settings) -> RenderableType:
    clock = datetime.fromtimestamp(frame.now).strftime("%H:%M:%S")
    parts: list[RenderableType] = [
        Text.assemble(("verifleet top", "bold"), f"  {redact(settings.queue_url)}  {clock}  (Ctrl-C quits)")
    ]
    queues = Table("queue", "waiting", "delayed", "dead letters", "oldest", box=None, pad_edge=False)
    for q in frame.queues or []:
        queues.add_row(
            q.queue, f"{q.depth:,}", f"{q.delayed:,}", f"{q.dead_letters:,}", _age(q.oldest_age_seconds)
        )
    parts.append(queues)
    if frame.parked:
        parts.append(Text(f"parked for a batch judge flush: {frame.parked:,}"))
    if frame.queue_error:
        parts.append(Text(frame.queue_error, style="red"))
    tally = frame.tally
    now_ms = int(frame.now * 1000)
    counts = tally.counts()
    total = sum(counts.values())
    line = Text(f"last {tally.window_s:g} s: {total:,} verdicts, {tally.rate(now_ms):.1f}/s   ")
    for kind in ("pass", "partial", "fail", "error"):
        line.append(f"{kind} {_percent(counts[kind], total)}  ", style=VERDICT_STYLE[kind])
    parts.append(line)
    spent, budget = tally.cost()
    parts.append(Text(f"cost ${spent:,.4f} of ${budget:,.4f} budget ({_percent(spent, budget)} used)"))
    if frame.circuits is None:
        parts.append(Text("circuits: no metrics endpoint answered", style="dim"))
    elif not frame.circuits:
        parts.append(Text("circuits: no judge provider reported", style="dim"))
    else:
        circuits = Text("circuits: ")
        for provider, value in sorted(frame.circuits.items()):
            circuits.append(
                f"{provider} {'OPEN' if value >= 1 else 'closed'}  ", "bold red" if value >= 1 else "green"
            )
        parts.append(circuits)
    if tally.mission is not None:
        done = len(tally.mission_done)
        verdicts = Counter(tally.mission_done.values())
        head = Text(f"mission {tally.mission}: {done:,}")
        head.append(f" of {frame.mission_total:,}" if frame.mission_total else " (total unknown: --total N)")
        head.append(f"  pass {_percent(verdicts['pass'], done)}  cost ${tally.mission_cost:,.4f}")
        head.append(f" of ${tally.mission_budget:,.4f}")
        parts.append(head)
        bar_total = float(frame.mission_total) if frame.mission_total else None
        parts.append(ProgressBar(total=bar_total, completed=float(done), width=60))
    return Group(*parts)


def run_top(
    settings: Settings,
    *,
    mission: str | None = None,
    total: int | None = None,
    window_s: float = 60.0,
    interval_s: float = 1.0,
    metrics_url: str | None = None,
    once: bool = False,
    console: Console | None = None,
) -> int:
    console = console or Console()
    watcher = Watcher(settings, mission=mission, total=total, window_s=window_s, metrics_url=metrics_url)
    try:
        if once or not console.is_terminal:
            console.print(render(watcher.poll(), settings))
            return 0
        with Live(render(watcher.poll(), settings), console=console, auto_refresh=False) as live:
            while True:
                time.sleep(interval_s)
                live.update(render(watcher.poll(), settings), refresh=True)
    except KeyboardInterrupt:
        return 0
    finally:
        watcher.close()


PROGRESS_ABOVE = 100
"""``verifleet submit`` shows a progress bar for more jobs than this (on a terminal)."""


def submit_with_progress(client: Any, jobs: list[Any], *, chunk: int = 250) -> list[str]:
    """Submit in chunks behind a progress bar (the jobs were validated beforehand)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: PLC0415

    ids: list[str] = []
    columns = (TextColumn("submitting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("submit", total=len(jobs))
        for start in range(0, len(jobs), chunk):
            ids += client.submit_many(jobs[start : start + chunk])
            progress.update(task, completed=len(ids))
    return ids
