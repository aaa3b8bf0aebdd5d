"""Jobs for tests: one valid default, and a deterministic mix of outcomes."""

from __future__ import annotations

import copy
import json
from typing import Any

SEEN = ["https://example.org/a", "https://example.org/b"]
BODY = (
    "# Findings\n\nThe regulation sorts systems by risk, as the text says "
    "([source](https://example.org/a)). High-risk systems need documentation, "
    "logging and human oversight. See https://example.org/b for the timeline.\n"
)


def make_job(**overrides: Any) -> dict[str, Any]:
    job: dict[str, Any] = {
        "schema_version": 1,
        "job_id": "m1-t1-a1",
        "mission_id": "m1",
        "task_id": "t1",
        "attempt": 1,
        "has_dependents": False,
        "task": {"description": "Summarise", "executor_model": "openai:gpt-4o", "cost_usd": 0.42},
        "output": {"format": "markdown", "content": BODY, "language": "en"},
        "criteria": [
            {
                "id": "c1",
                "text": "Between 10 and 200 words",
                "check": "word_count",
                "params": {"ge": 10, "le": 200},
            }
        ],
        "seen_urls": list(SEEN),
    }
    for key, value in overrides.items():
        job[key] = value
    return job


def mixed_jobs(n: int, *, mission: str = "m-load") -> list[dict[str, Any]]:
    """n jobs cycling through pass, fail (word count), partial (unseen URL), error (bad params),
    inline and batch."""
    jobs = []
    for i in range(n):
        job = make_job(
            job_id=f"{mission}-t{i}", mission_id=mission, task_id=f"t{i}", has_dependents=i % 3 == 0
        )
        kind = i % 4
        if kind == 1:
            job["criteria"] = [
                {"id": "c1", "text": "long", "check": "word_count", "params": {"ge": 500}, "must_pass": True}
            ]
        elif kind == 2:
            job["output"] = {**job["output"], "content": BODY + f"\nAlso https://unseen.example/{i}.\n"}
        elif kind == 3:
            job["criteria"] = [
                {"id": "c1", "text": "bounds", "check": "word_count", "params": {"ge": 9, "le": 3}}
            ]
        jobs.append(job)
    return jobs


def dumps(job: dict[str, Any]) -> str:
    return json.dumps(job)


def variant(job: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    clone = copy.deepcopy(job)
    clone.update(overrides)
    return clone
