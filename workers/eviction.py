"""Whether the fleet's Redis may evict what the fleet keeps there, told once when workers start.

A Redis with a memory limit and an eviction policy drops keys when it reaches the limit. Under an
``allkeys-*`` policy that includes the queues (each job's message and its place in line): a job
is gone without a verdict, which the fleet must never allow. Under ``volatile-*`` only keys with
an expiry go, and the fleet's expire on purpose but not before their time: verdict records (a
coordinator's ``wait`` finds nothing), delivery counters (a job that kills its worker is counted
again from one) and budget holds. ``noeviction`` refuses writes at the limit instead, which the
fleet meets as errors it retries and reports; no limit (``maxmemory 0``) never evicts.

``verifleet worker`` reads ``INFO memory`` of each Redis it uses (``CONFIG`` is refused by some
hosted Redis; ``INFO`` is not) and logs ``redis_may_evict`` (an error for the queues, a warning for
the rest) with the policy and what to set instead. A Redis that does not answer is left to the
workers, which say so themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import redis
import structlog

from workers.settings import Settings, redact

__all__ = ["Eviction", "check", "eviction"]

log = structlog.get_logger("verifleet.worker")


@dataclass(frozen=True)
class Eviction:
    """What a Redis may evict: ``jobs`` (the queues too) or ``expiring`` (keys with a TTL)."""

    policy: str
    maxmemory: int
    risk: str


def eviction(info: dict[str, Any], *, holds_queues: bool) -> Eviction | None:
    """What ``info`` (``INFO memory``) says this Redis may evict of the fleet's; None: nothing."""
    policy = str(info.get("maxmemory_policy", "noeviction"))
    limit = int(info.get("maxmemory", 0) or 0)
    if limit == 0 or policy == "noeviction":
        return None
    if policy.startswith("allkeys") and holds_queues:
        return Eviction(policy, limit, "jobs")
    return Eviction(policy, limit, "expiring")


def check(settings: Settings, *, timeout_s: float = 2.0) -> list[Eviction]:
    """Read each Redis the fleet uses and log what it may evict; what was found, for the caller."""
    urls = {settings.state_url: settings.queue_url == settings.state_url}
    if not settings.queues_on_rabbitmq:
        urls[settings.queue_url] = True
    found: list[Eviction] = []
    for url, holds_queues in urls.items():
        client = redis.Redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s)
        try:
            info = client.info("memory")
        except redis.RedisError as e:
            log.info("redis_eviction_unchecked", url=redact(url), reason=str(e))
            continue
        finally:
            client.close()
        risk = eviction(info, holds_queues=holds_queues)
        if risk is None:
            continue
        found.append(risk)
        what = (
            "queued jobs, which would then never get a verdict"
            if risk.risk == "jobs"
            else "verdict records, delivery counters and budget holds before they expire"
        )
        emit = log.error if risk.risk == "jobs" else log.warning
        emit(
            "redis_may_evict",
            url=redact(url),
            policy=risk.policy,
            maxmemory=risk.maxmemory,
            evicts=what,
            advice="set maxmemory-policy noeviction (or remove maxmemory) on this Redis",
        )
    return found
