"""What a worker process needs to verify jobs: settings, the event store, the pipeline config, the judge.

Built lazily in each process (dramatiq forks worker processes; a Redis
connection pool must not cross a fork), and rebuilt if the pid changes. Once it
is built, what the process holds for good (modules, compiled schemas and
patterns, the runtime) is moved out of the garbage collector's sight
(``gc.freeze``): its full collections then walk only what jobs allocate.
"""

from __future__ import annotations

import gc
import os
import threading
from dataclasses import dataclass

import redis

from checks import Judge, PipelineConfig
from checks.judge import build_judge
from workers.events import EventStore
from workers.judge_state import shared_state
from workers.policies import FleetPolicies
from workers.settings import Settings


@dataclass(frozen=True)
class Runtime:
    settings: Settings
    events: EventStore
    config: PipelineConfig
    judge: Judge | None = None
    """None when no judge is configured: judged criteria are skipped with reason ``no_judge``.
    Its circuit breaker and concurrency cap are shared through Redis (``workers/judge_state.py``)."""
    policies: FleetPolicies | None = None
    """Sampling, budget ledger, result cache, batching (``workers/policies.py``); None: plain verify."""

    @classmethod
    def build(cls, settings: Settings) -> Runtime:
        client = redis.Redis.from_url(settings.state_url, health_check_interval=30)
        events = EventStore.from_settings(client, settings)
        judge = build_judge(settings.judge_config(), **shared_state(settings))
        return cls(
            settings=settings,
            events=events,
            config=settings.pipeline_config(),
            judge=judge,
            policies=FleetPolicies.build(settings, client, judge),
        )


class RuntimeHolder:
    """One Runtime per process, made on first use."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._pid = -1
        self._runtime: Runtime | None = None

    def get(self) -> Runtime:
        pid = os.getpid()
        if self._runtime is None or self._pid != pid:
            with self._lock:
                if self._runtime is None or self._pid != pid:
                    self._runtime = Runtime.build(self.settings)
                    self._pid = pid
                    gc.collect()
                    gc.freeze()
        return self._runtime
