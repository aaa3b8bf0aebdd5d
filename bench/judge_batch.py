"""Judge tokens per verdict, batch mode against inline mode, on the same jobs (issue 4).

Real prompts (the shipped ones, built by ``LLMJudge``), real HTTP (the loopback server of
``tests/judge/judge_server.py``) and the usage that server reports, counted from each request
it receives (about 4 bytes of UTF-8 per token and 4 per message, as tokenizers run on English)
and from each answer. The same 20 jobs (an output of about 700 characters, two judged
criteria, one short source) are judged three ways:

* inline: one call per job (``LLMJudge.judge``), as the inline queue does;
* batch mode: the jobs in groups of N, one multi-item call per group (``judge_many``): the
  rules, the scale and the answer's shape are sent once per group instead of once per job;
* provider batch API (``judge_many(via="batch_api")``): one request per job, as inline, at the
  price table's batch price.

Figures: tokens (in + out) per verdict and its ratio to inline, calls per verdict, and USD per
verdict of the batch API against inline.

Claim rulings (issue 5's escalation) are counted the same way: 16 jobs of one mission (16 is
``VERIFLEET_BATCH_MAX_ITEMS``' default), each a part of the grounding speed draft against the
mission's 20 sources, with the claims its grounding really leaves for the judge; each job's claims
asked alone (``judge_claims``, as inline jobs are) against the 16 asked in one request
(``judge_claims_many``, as the batch flush asks).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import structlog
from pydantic import SecretStr

from bench.drafts import markdown_draft
from bench.grounding import made_job, speed_job
from bench.results import Figure
from checks.grounding import ClaimQuery, ClaimRulings, ground
from checks.grounding.escalation import Outcome
from checks.judge import JudgeConfig, LLMJudge
from checks.judging import Judgement
from messages import Criterion, VerifyJob, parse_job

COMMAND = "make bench  # bench/judge_batch.py"
JUDGE = "anthropic:claude-3-5-haiku-20241022"
JOBS = 20
GROUPS = (5, 10, 20)
CRITERIA = [
    {"id": "c1", "text": "States how the system keeps latency low under load", "must_pass": True},
    {"id": "c2", "text": "Cites the sources it was written from"},
]
SERVER = Path(__file__).resolve().parent.parent / "tests" / "judge" / "judge_server.py"


def loopback_server() -> ModuleType:
    """``tests/judge/judge_server.py`` (standard library only), loaded by path."""
    spec = importlib.util.spec_from_file_location("judge_server", SERVER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("judge_server", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def jobs(
    n: int = JOBS, sources: list[dict[str, Any]] | None = None
) -> list[tuple[VerifyJob, list[Criterion]]]:
    """``n`` jobs with one short source each, or with ``sources`` (a mission's, shared by all)."""
    out = []
    for i in range(n):
        text, _ = markdown_draft(words=110, links=0, markers=0, seed=i)
        job = parse_job(
            {
                "schema_version": 1,
                "job_id": f"bench-judge-{i}",
                "mission_id": "bench",
                "task_id": f"t{i}",
                "task": {
                    "description": "Describe how the service scales",
                    "executor_model": "openai:gpt-4o",
                    "cost_usd": 0.42,
                },
                "output": {"format": "markdown", "content": text[:700], "language": "en"},
                "criteria": CRITERIA,
                "sources": sources
                or [{"id": "s1", "type": "documentation", "text": "Queues and caches keep latency low."}],
            }
        )
        out.append((job, list(job.criteria)))
    return out


def run(seconds: float = 2.0) -> dict[str, Figure]:
    """The figures (``seconds`` is unused: these are counts, not timings)."""
    js = loopback_server()
    with js.running() as server, structlog.testing.capture_logs():  # one log line per call: not here
        return _measure(js, server)


def _measure(js: ModuleType, server: Any) -> dict[str, Figure]:
    items = jobs()
    judged = {c["id"]: 4 for c in CRITERIA}
    server.default = js.answer(js.scores(judged), usage=js.MEASURED)

    def judge(**options: Any) -> LLMJudge:
        config = JudgeConfig(judges=(JUDGE,), base_url=server.base_url, api_key=SecretStr("bench"), **options)
        return LLMJudge.from_config(config, trust_env=False)

    def inline(items: list[tuple[VerifyJob, list[Criterion]]]) -> dict[str, float]:
        """Per verdict, each item judged in a call of its own."""
        one = judge()
        before = len(server.requests)
        results = [one.judge(job, criteria) for job, criteria in items]
        one.close()
        return _per_verdict(results, len(server.requests) - before)

    def batched(items: list[tuple[VerifyJob, list[Criterion]]], size: int) -> dict[str, float]:
        """Per verdict, the items judged ``size`` to a multi-item call."""
        many = judge()
        before = len(server.requests)
        results: list[Judgement] = []
        for start in range(0, len(items), size):
            group = items[start : start + size]
            server.push(
                js.answer(
                    {"items": [{"job_id": j.job_id, **js.scores(judged)} for j, _ in group]},
                    usage=js.MEASURED,
                )
            )
            results += [r for r in many.judge_many(group).values() if isinstance(r, Judgement)]
        many.close()
        assert len(results) == len(items), "every item scored by its group's answer"
        return _per_verdict(results, len(server.requests) - before)

    base = inline(items)
    figures: dict[str, Figure] = {
        "judge_inline_tokens_per_verdict": Figure(
            round(base["tokens"], 1),
            "tokens",
            ">= 0",
            COMMAND,
            note=f"one call per job; {base['tokens_in']:.0f} in + {base['tokens_out']:.0f} out, "
            "usage counted by the loopback server from each request",
        )
    }
    for size in GROUPS:
        row = batched(items, size)
        figures[f"judge_batch{size}_tokens_ratio"] = Figure(
            round(row["tokens"] / base["tokens"], 3),
            "of inline tokens per verdict",
            "<= 0.5" if size >= 10 else "<= 0.7",
            COMMAND,
            note=f"{size} jobs per multi-item call: {row['tokens']:.0f} tokens per verdict "
            f"({row['tokens_in']:.0f} in + {row['tokens_out']:.0f} out) against {base['tokens']:.0f} inline",
        )
        figures[f"judge_batch{size}_calls_per_verdict"] = Figure(
            round(row["calls"], 3), "calls", f"<= {1 / size:g}", COMMAND, note="inline: 1 call per verdict"
        )

    # A mission's outputs carry the sources they were written from, the same for every one.
    _, mission, _ = speed_job()
    shared = jobs(sources=[s.model_dump(exclude_none=True) for s in mission])
    alone, row = inline(shared), batched(shared, 10)
    figures["judge_batch10_mission_sources_tokens_ratio"] = Figure(
        round(row["tokens"] / alone["tokens"], 3),
        "of inline tokens per verdict",
        "<= 0.5",
        COMMAND,
        note=f"as judge_batch10, each output carrying its mission's 20 sources (cut to 20,000 "
        f"characters): {row['tokens']:.0f} tokens per verdict against {alone['tokens']:.0f} inline",
    )

    api_judge = judge(batch_api=("anthropic",), batch_poll_s=0.01)
    got = api_judge.judge_many(items, via="batch_api")
    api_judge.close()
    api = [r for r in got.values() if isinstance(r, Judgement)]
    assert len(api) == len(items)
    row = _per_verdict(api, 0)
    figures["judge_batch_api_cost_ratio"] = Figure(
        round(row["usd"] / base["usd"], 3),
        "of inline USD per verdict",
        "<= 0.5",
        COMMAND,
        note=f"provider batch API, one request per job at the batch price: {row['usd'] * 1e6:.0f} "
        f"against {base['usd'] * 1e6:.0f} micro-USD per verdict, same tokens",
    )
    figures.update(_claims(js, server))
    return figures


CLAIM_JOBS = 16


def claim_jobs(n: int = CLAIM_JOBS) -> list[tuple[VerifyJob, tuple[ClaimQuery, ...]]]:
    """``n`` jobs of one mission and the claims each puts to the judge: each a part (a section
    and its source map entry) of the grounding speed draft, grounded against the 20 sources."""
    draft, sources, source_map, _ = made_job(11, words=300 * n)
    parts = [p for p in draft.split("\n## ") if p.strip()]
    out = []
    for i, (part, entry) in enumerate(zip(parts, source_map, strict=False)):
        if len(out) == n:
            break
        text = "## " + part.lstrip("# ").strip() + "\n"
        asked: list[tuple[ClaimQuery, ...]] = []

        def capture(queries: Any, asked: list[tuple[ClaimQuery, ...]] = asked) -> Outcome:
            asked.append(tuple(queries))
            return Outcome(None, "no_judge")

        ground(text, sources, source_map=[entry], escalate=capture)
        if not asked:
            continue
        job = parse_job(
            {
                "schema_version": 1,
                "job_id": f"bench-claims-{i}",
                "mission_id": "bench",
                "task_id": f"c{i}",
                "task": {
                    "description": "Review the services",
                    "executor_model": "openai:gpt-4o",
                    "cost_usd": 1.0,
                },
                "output": {"format": "markdown", "content": text, "language": "en"},
                "sources": [s.model_dump(exclude_none=True) for s in sources],
                "source_map": [entry.model_dump()],
            }
        )
        out.append((job, asked[0]))
    return out


def _claims(js: ModuleType, server: Any) -> dict[str, Figure]:
    items = claim_jobs()
    config = JudgeConfig(judges=(JUDGE,), base_url=server.base_url, api_key=SecretStr("bench"))

    def rulings(queries: Sequence[ClaimQuery]) -> list[dict[str, Any]]:
        return [
            {
                "key": q.key,
                "reasoning": "stated",
                "status": "supported",
                "source_id": (q.sources or ("s1",))[0],
            }
            for q in queries
        ]

    judge = LLMJudge.from_config(config, trust_env=False)
    before = len(server.requests)
    alone = []
    for job, queries in items:
        server.push(js.answer({"claims": rulings(queries)}, usage=js.MEASURED))
        alone.append(judge.judge_claims(job, queries))
    alone_calls = len(server.requests) - before
    before = len(server.requests)
    server.push(
        js.answer(
            {"drafts": [{"job_id": job.job_id, "claims": rulings(queries)} for job, queries in items]},
            usage=js.MEASURED,
        )
    )
    got = judge.judge_claims_many(items)
    many_calls = len(server.requests) - before
    judge.close()
    many = [r for r in got.values() if isinstance(r, ClaimRulings)]
    assert len(many) == len(items), "every draft ruled by the group's answer"
    n = len(items)
    claims = sum(len(q) for _, q in items)
    base = sum(r.tokens_in + r.tokens_out for r in alone) / n
    row = sum(r.tokens_in + r.tokens_out for r in many) / n
    return {
        "judge_claims_batch16_tokens_ratio": Figure(
            round(row / base, 3),
            "of the tokens per job asked alone",
            "<= 0.5",
            COMMAND,
            note=f"{n} jobs of one mission sharing 20 sources, {claims} claims for the judge in all: "
            f"{row:.0f} tokens per job in one request against {base:.0f} asked alone",
        ),
        "judge_claims_batch16_calls_per_job": Figure(
            round(many_calls / n, 4),
            "calls",
            f"<= {1 / CLAIM_JOBS:g}",
            COMMAND,
            note=f"asked alone: {alone_calls / n:g} call per job",
        ),
    }


def _per_verdict(results: list[Judgement], calls: int) -> dict[str, float]:
    n = len(results)
    tokens_in = sum(r.tokens_in for r in results) / n
    tokens_out = sum(r.tokens_out for r in results) / n
    return {
        "tokens_in": tokens_in,
        "tokens_out": tokens_out,
        "tokens": tokens_in + tokens_out,
        "calls": calls / n,
        "usd": sum(r.cost_usd for r in results) / n,
    }


if __name__ == "__main__":
    from bench.results import table

    print(table(run()))
