"""The result cache: an unchanged output judged against unchanged criteria is not paid for twice.

What costs money in a verification is the judge; the deterministic checks are free and simply
run again. So the cache holds judgements, keyed by a SHA-256 over everything the judge's answer
depends on:

- the output (format, content, language), the task description and the executor's model (it
  decides which judges are independent of it);
- the judged criteria (ids, texts, weights, params) and the sources;
- the judge configuration: the job's ``policy.judges`` and ``policy.ensemble``, and the
  deployment's judge fingerprint (models, ensemble, max_tokens, source limit, prompt texts).

A coordinator that resubmits an unchanged output (a correction loop that changed nothing, a
retried mission) gets the earlier judgement at no cost: the judge check reports ``cost_usd`` 0,
its ``details["judges"]`` rows say ``"cached": true`` and ``verifleet_cache_hits_total`` counts
them. Entries live ``VERIFLEET_CACHE_TTL_SECONDS`` (default 7 days; 0 turns the cache off).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import redis
import structlog

from checks.judging import CriterionJudgement, Judge, Judgement
from messages import Criterion, Quality, VerifyJob

log = structlog.get_logger("verifleet.cache")

FORMAT = 1
"""Bumped when what a cached judgement means changes; old entries are then never read."""


def fingerprint(judge: object) -> str:
    """What about the deployment's judge changes its answers (models, limits, prompt texts)."""
    prompts = getattr(judge, "prompts", None)
    templates = getattr(prompts, "_t", None)
    texts = {k: getattr(v, "template", str(v)) for k, v in sorted(templates.items())} if templates else {}
    facts = {
        "type": type(judge).__qualname__,
        "judges": list(getattr(judge, "judges", ())),
        "ensemble": getattr(judge, "ensemble", None),
        "max_tokens": getattr(judge, "max_tokens", None),
        "max_source_chars": getattr(judge, "max_source_chars", None),
        "allow_same_family": getattr(judge, "allow_same_family", None),
        "prompts": hashlib.sha256(json.dumps(texts, sort_keys=True).encode()).hexdigest(),
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode()).hexdigest()


def content_key(job: VerifyJob, criteria: Sequence[Criterion], judge_fingerprint: str) -> str:
    document = {
        "format": FORMAT,
        "output": job.output.model_dump(mode="json"),
        "task": {"description": job.task.description, "executor_model": job.task.executor_model},
        "criteria": [c.model_dump(mode="json") for c in criteria],
        "sources": [s.model_dump(mode="json") for s in job.sources],
        "judges": job.policy.judges,
        "ensemble": job.policy.ensemble,
        "judge": judge_fingerprint,
    }
    raw = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def dump(judgement: Judgement) -> str:
    data = asdict(judgement)
    data["quality"] = judgement.quality.model_dump() if judgement.quality else None
    return json.dumps(data, default=str)


def load(raw: bytes | str) -> Judgement:
    data: dict[str, Any] = json.loads(raw)
    return Judgement(
        criteria=[CriterionJudgement(**c) for c in data["criteria"]],
        quality=Quality(**data["quality"]) if data.get("quality") else None,
        confidence=float(data["confidence"]),
        models=list(data["models"]),
        cost_usd=float(data.get("cost_usd", 0.0)),
        tokens_in=int(data.get("tokens_in", 0)),
        tokens_out=int(data.get("tokens_out", 0)),
        reasoning=str(data.get("reasoning", "")),
        notes=list(data.get("notes", [])),
        details=dict(data.get("details", {})),
    )


def as_reused(judgement: Judgement, key: str) -> Judgement:
    """The cached judgement as this job's: nothing paid, every judge row marked ``cached``."""
    rows = judgement.details.get("judges")
    if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows):
        cached_rows = [{**r, "cost_usd": 0.0, "tokens_in": 0, "tokens_out": 0, "cached": True} for r in rows]
    else:
        cached_rows = [
            {"model": m, "cost_usd": 0.0, "tokens_in": 0, "tokens_out": 0, "cached": True}
            for m in judgement.models
        ]
    return Judgement(
        criteria=judgement.criteria,
        quality=judgement.quality,
        confidence=judgement.confidence,
        models=judgement.models,
        cost_usd=0.0,
        tokens_in=0,
        tokens_out=0,
        reasoning=judgement.reasoning,
        notes=[*judgement.notes, "reused the judgement of an identical earlier output (result cache)"],
        details={
            **judgement.details,
            "judges": cached_rows,
            "cache": {"key": key[:16], "first_cost_usd": round(judgement.cost_usd, 8)},
        },
    )


class ResultCache:
    def __init__(
        self, client: redis.Redis, *, prefix: str = "verifleet", ttl_seconds: int = 7 * 86400
    ) -> None:
        self.redis = client
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds

    def key(self, digest: str) -> str:
        return f"{self.prefix}:cache:{digest}"

    def get(self, digest: str) -> Judgement | None:
        """The judgement stored under ``digest``; a Redis failure or a bad entry is a miss."""
        try:
            raw = self.redis.get(self.key(digest))
            return load(raw) if isinstance(raw, bytes | str) and raw else None
        except (redis.RedisError, ValueError, TypeError, KeyError):
            log.warning("cache_read_failed", key=digest[:16], exc_info=True)
            return None

    def put(self, digest: str, judgement: Judgement) -> None:
        try:
            self.redis.set(self.key(digest), dump(judgement), ex=self.ttl_seconds)
        except redis.RedisError:
            log.warning("cache_write_failed", key=digest[:16], exc_info=True)


class CachingJudge:
    """A :class:`checks.judging.Judge` that answers from the cache when it can, else asks ``inner``.

    A hit is quoted at 0 (nothing to reserve) and returned as :func:`as_reused`; a miss is
    quoted and judged by ``inner``, and its judgement stored. Anything else ``inner`` offers
    (claim rulings, multi-item calls) passes through.
    """

    def __init__(self, inner: Judge, cache: ResultCache, judge_fingerprint: str) -> None:
        self.inner = inner
        self.cache = cache
        self.judge_fingerprint = judge_fingerprint
        self._hits: OrderedDict[str, Judgement] = OrderedDict()
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def key(self, job: VerifyJob, criteria: Sequence[Criterion]) -> str:
        return content_key(job, criteria, self.judge_fingerprint)

    def lookup(self, job: VerifyJob, criteria: Sequence[Criterion]) -> Judgement | None:
        digest = self.key(job, criteria)
        with self._lock:
            hit = self._hits.get(digest)
        if hit is None:
            found = self.cache.get(digest)
            if found is None:
                return None
            hit = as_reused(found, digest)
            with self._lock:
                self._hits[digest] = hit
                while len(self._hits) > 256:
                    self._hits.popitem(last=False)
        return hit

    def quote(self, job: VerifyJob, criteria: list[Criterion]) -> float:
        if self.lookup(job, criteria) is not None:
            return 0.0
        return self.inner.quote(job, criteria)

    def judge(self, job: VerifyJob, criteria: list[Criterion]) -> Judgement:
        digest = self.key(job, criteria)
        with self._lock:
            hit = self._hits.pop(digest, None)
        if hit is not None:
            return hit
        got = self.inner.judge(job, criteria)
        self.cache.put(digest, got)
        return got
