"""Helpers shared by the judge tests: constants, jobs, MockTransport clients and replies.

Imported by name (``from judge_support import ...``): ``from conftest import`` would pick
whichever directory's conftest module was imported first (tests/ and tests/judge/ both have one).
The fixtures stay in ``conftest.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from factories import make_job
from pydantic import SecretStr

from checks.judge import Endpoint, InMemoryBreaker, JudgeClient, LLMJudge, RetryPolicy
from messages import VerifyJob, parse_job

KEY = "sk-test-SECRET-4242424242abcdefXYZ"
"""The API key every test judge uses; no test may find it in a log, an error or a verdict."""
JUDGE = "anthropic:claude-3-5-haiku-20241022"
JUDGED = {"id": "j1", "text": "Explains the risk tiers", "must_pass": True}
INJECTIONS_FILE = Path(__file__).resolve().parent.parent / "data" / "injections.txt"


def job_with(**overrides: Any) -> VerifyJob:
    """The factories' default job (executor openai:gpt-4o, task cost 0.42 USD) with one judged criterion."""
    overrides.setdefault("criteria", [JUDGED])
    return parse_job(make_job(**overrides))


def injections() -> list[str]:
    text = INJECTIONS_FILE.read_text(encoding="utf-8")
    entries = text.split("\n%%\n")[1:]
    return [e.strip("\n") for e in entries if e.strip()]


LoopbackJudge = Callable[..., LLMJudge]

Handler = Callable[[httpx.Request], httpx.Response]


class Mock:
    """A MockTransport that answers with scripted handlers in turn and records the requests."""

    def __init__(self, *replies: Handler | httpx.Response) -> None:
        self.replies = list(replies)
        self.requests: list[httpx.Request] = []
        self.transport = httpx.MockTransport(self.handle)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if not self.replies:
            return httpx.Response(500, json={"error": {"message": "no scripted reply"}})
        reply = self.replies.pop(0)
        return reply(request) if callable(reply) else reply

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(r.content) for r in self.requests]


def openai_reply(
    content: dict[str, Any] | str, *, usage: tuple[int, int] | None = (1000, 100), **choice: Any
) -> httpx.Response:
    text = content if isinstance(content, str) else json.dumps(content)
    body: dict[str, Any] = {
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop", **choice}
        ]
    }
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage[0], "completion_tokens": usage[1]}
    return httpx.Response(200, json=body)


def anthropic_reply(content: dict[str, Any] | str, *, usage: tuple[int, int] = (1000, 100)) -> httpx.Response:
    text = content if isinstance(content, str) else json.dumps(content)
    return httpx.Response(
        200,
        json={
            "type": "message",
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
        },
    )


class Sleeps(list[float]):
    """A sleep function that records instead of sleeping."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def mock_client(
    mock: Mock, *, sleeps: Sleeps | None = None, attempts: int = 4, **options: Any
) -> JudgeClient:
    endpoints = {
        "openai": Endpoint("https://api.openai.com/v1", SecretStr(KEY)),
        "anthropic": Endpoint("https://api.anthropic.com/v1", SecretStr(KEY)),
        "openrouter": Endpoint("https://openrouter.ai/api/v1", SecretStr(KEY)),
    }
    return JudgeClient(
        endpoints,
        transport=mock.transport,
        retry=RetryPolicy(attempts=attempts, backoff_base_s=0.5, backoff_max_s=4.0, max_retry_after_s=60.0),
        sleep=sleeps if sleeps is not None else Sleeps(),
        **options,
    )


def mock_judge(mock: Mock, *, judges: tuple[str, ...] = (JUDGE,), **options: Any) -> LLMJudge:
    client_options = {k: options.pop(k) for k in ("sleeps", "attempts") if k in options}
    options.setdefault("breaker", InMemoryBreaker())
    return LLMJudge(mock_client(mock, **client_options), judges=judges, **options)
