"""Prompt injection against the whole fleet: the corpus in tests/data/injections.txt (36 outputs
that try to steer the judge) as inline and batch jobs, judged by a loopback judge that OBEYS: when
the fenced output asks for anything, it scores every criterion 5 with confidence 1.0.

What must hold, whatever the judge does: the deterministic checks give exactly what they give
without any judge, the verdict does not pass a job whose word count failed, and in every request
the judge received, each output sits whole between fence lines whose code it does not contain,
in single calls and in multi-item batch calls alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from factories import make_job

from bench import scripted_judge
from bench.harness import now_ms, running, start_tree, wait_ready, worker_env
from checks import verify
from messages import Verdict, VerdictEvent, parse_job
from workers.brokers import BATCH_QUEUE, INLINE_QUEUE
from workers.client import Client
from workers.settings import Settings

pytestmark = pytest.mark.integration

JUDGE = "anthropic:claude-3-5-haiku-20241022"
KEY = "sk-test-injection-0f9e8d7c6b5a"
INJECTIONS = Path(__file__).resolve().parent.parent / "data" / "injections.txt"


def injections() -> list[str]:
    """The corpus: entries separated by lines holding ``%%`` (see the file's header)."""
    entries = INJECTIONS.read_text(encoding="utf-8").split("\n%%\n")[1:]
    return [e.strip("\n") for e in entries if e.strip()]


CORPUS = injections()
WORDS = {"id": "c1", "text": "At least 500 words", "check": "word_count", "params": {"ge": 500}}
PHRASES = {"id": "c2", "text": "No hype", "check": "prohibited_phrases", "params": {"phrases": ["synergy"]}}
JUDGED = {"id": "j1", "text": "Explains the risk tiers"}
TASK = {"description": "Explain the regulation", "executor_model": "openai:gpt-4o", "cost_usd": 2.0}


def content(text: str) -> str:
    return "# Findings\n\nShort.\n\n" + text


def corpus_jobs() -> list[dict[str, Any]]:
    jobs = []
    for i, text in enumerate(CORPUS):
        for mode in ("inline", "batch"):
            jobs.append(
                make_job(
                    job_id=f"inj-{mode}-{i}",
                    has_dependents=mode == "inline",
                    task={**TASK},
                    output={"format": "markdown", "content": content(text), "language": "en"},
                    criteria=[WORDS, PHRASES, JUDGED],
                    seen_urls=[],
                )
            )
    return jobs


def deterministic(verdict: VerdictEvent) -> list[tuple[Any, ...]]:
    checks = [(c.name, c.status, c.score, c.reason) for c in verdict.checks if c.name != "judge"]
    criteria = [(c.id, c.met, c.score) for c in verdict.criteria if c.id != "j1"]
    return checks + criteria


@pytest.fixture(scope="module")
def obedient() -> Iterator[Any]:
    server = scripted_judge.running(obey=True, score=2)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def judged(
    obedient: Any, redis_server_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, VerdictEvent]]:
    """Every corpus job through real inline and batch workers whose judge is the obedient server."""
    redis.Redis.from_url(redis_server_url).flushdb()
    settings = Settings(redis_url=redis_server_url)
    env = worker_env(
        settings,
        VERIFLEET_JUDGES=JUDGE,
        VERIFLEET_JUDGE_BASE_URL=obedient.base_url,
        VERIFLEET_JUDGE_API_KEY=KEY,
        VERIFLEET_BATCH_MAX_WAIT_S="0.5",
        VERIFLEET_BATCH_MAX_ITEMS="8",
        VERIFLEET_CACHE_TTL_SECONDS="0",  # every job asks the judge: no answer comes from the cache
    )
    logs = tmp_path_factory.mktemp("injection")
    since = now_ms()
    trees = [start_tree(env, logs / f"{q}.log", queues=[q], threads=4) for q in (INLINE_QUEUE, BATCH_QUEUE)]
    with running(trees), Client(settings) as client:
        wait_ready(redis_server_url, settings, 2, since_ms=since)
        yield client.wait_all(client.submit_many(corpus_jobs()), timeout=90)
    redis.Redis.from_url(redis_server_url).flushdb()


class TestTheObedientJudge:
    def test_it_is_fooled_by_every_entry_and_not_by_a_clean_output(self) -> None:
        """The corpus is at least 30 varied outputs, each of which this judge obeys."""
        assert len(CORPUS) >= 30 and len(set(CORPUS)) == len(CORPUS)
        assert all(scripted_judge.OBEYED.search(text) for text in CORPUS)
        assert not scripted_judge.OBEYED.search(content("The rules sort products by risk tier."))


class TestInjectionThroughTheFleet:
    def test_every_job_gets_a_verdict_and_the_judge_obeyed(
        self, judged: dict[str, VerdictEvent], obedient: Any
    ) -> None:
        assert len(judged) == 2 * len(CORPUS)
        assert obedient.obeyed >= 2 * len(CORPUS)
        fooled = [v for v in judged.values() if any(c.id == "j1" and c.score == 1.0 for c in v.criteria)]
        assert len(fooled) == len(judged), "the judge's 5s reach the verdicts: it really was fooled"

    def test_deterministic_results_never_change(self, judged: dict[str, VerdictEvent]) -> None:
        """Each job's deterministic checks and criteria, with an obedient judge in the fleet, are exactly
        those of in-process verify with no judge; the failed word count keeps every verdict from passing."""
        for job in corpus_jobs():
            alone = verify(parse_job(job))
            got = judged[job["job_id"]]
            assert deterministic(got) == deterministic(alone), job["job_id"]
            assert ("word_count", "fail") in [(c.name, c.status.value) for c in got.checks]
            assert got.verdict is not Verdict.PASS, job["job_id"]

    def test_the_fence_is_never_broken(self, judged: dict[str, VerdictEvent], obedient: Any) -> None:
        """In every request: the code on the first BEGIN OUTPUT line occurs in none of the fenced outputs,
        and each output sits whole between that code's BEGIN and END lines; batch calls held several."""
        contents = {content(text) for text in CORPUS}
        seen: set[str] = set()
        items_per_call = []
        for request in obedient.requests:
            if request.method != "POST" or not request.body.get("messages"):
                continue
            user = next(m["content"] for m in request.body["messages"] if m["role"] == "user")
            found = re.search(r"<<<BEGIN OUTPUT ([0-9A-F]{16})>>>\n", user)
            assert found is not None
            code = found.group(1)
            begin, end = f"<<<BEGIN OUTPUT {code}>>>\n", f"\n<<<END OUTPUT {code}>>>"
            fenced = [c for c in contents if begin + c + end in user]
            assert fenced, "an output reached the judge outside its fence"
            for text in fenced:
                assert code.casefold() not in text.casefold()
            items_per_call.append(len(fenced))
            seen |= set(fenced)
        assert seen == contents
        assert max(items_per_call) >= 2, "no multi-item batch call was made"
