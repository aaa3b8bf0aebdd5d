"""Synthetic but realistic drafts for the benchmarks, generated deterministically (no data files)."""

from __future__ import annotations

import random
from typing import Any

SENTENCE = (
    "the system handles requests with a queue and a cache so that latency stays low while the "
    "workers scale on demand and every report cites the sources it was written from in plain words"
)
WORDS = SENTENCE.split()
BOUNDS = {"ge": 1500, "le": 2500}
TECH = ["PostgreSQL", "Redis", "Kafka", "GraphQL", "REST"]


def markdown_draft(
    words: int = 2_000, links: int = 30, markers: int = 40, seed: int = 7
) -> tuple[str, list[str]]:
    """A markdown report of about ``words`` words with ``links`` cited URLs and ``markers``
    ``[Source: ...]`` markers; returns the text and the URLs it cites."""
    rng = random.Random(seed)
    urls = [f"https://docs.example.org/guide/{i}" for i in range(links)]
    sentences: list[str] = []
    count = 0
    while count < words:
        n = rng.randint(12, 24)
        body = " ".join(rng.choice(WORDS) for _ in range(n))
        if rng.random() < 0.3:
            body += f" on {rng.choice(TECH)} at {rng.randint(2, 99)}% of peak"
        sentences.append(body[0].upper() + body[1:] + ".")
        count += n
    for i, url in enumerate(urls):
        at = (i * len(sentences)) // links
        sentences[at] = sentences[at][:-1] + f" ([guide {i}]({url}))."
    for i in range(markers):
        at = (i * len(sentences)) // markers
        sentences[at] += f" <!-- [Source: documentation:guide/{i % 10}:section-{i}] -->"
    paragraphs = [" ".join(sentences[i : i + 6]) for i in range(0, len(sentences), 6)]
    out = ["# Findings"]
    for i, para in enumerate(paragraphs):
        if i and i % 5 == 0:
            out.append(f"## Part {i // 5}")
        out.append(para)
    return "\n\n".join(out) + "\n", urls


def typical_job(
    job_id: str = "bench-1", *, words: int = 2_000, links: int = 30, markers: int = 40
) -> dict[str, Any]:
    text, urls = markdown_draft(words, links, markers)
    sources = [
        {"id": f"s{i}", "type": "documentation", "path": f"guide/{i}", "text": "", "reliability": 0.8}
        for i in range(10)
    ]
    return {
        "schema_version": 1,
        "job_id": job_id,
        "mission_id": "bench",
        "task_id": "t1",
        "has_dependents": True,
        "task": {"description": "Write the findings", "executor_model": "openai:gpt-4o", "cost_usd": 0.4},
        "output": {"format": "markdown", "content": text, "language": "en"},
        "criteria": [
            {
                "id": "c1",
                "text": "Between 1,500 and 2,500 words",
                "check": "word_count",
                "params": {"ge": 1500, "le": 2500},
            },
        ],
        "sources": sources,
        "seen_urls": urls,
    }
