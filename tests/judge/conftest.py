"""Fixtures for the judge: a loopback server and judges pointed at it (helpers: ``judge_support.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from judge_server import JudgeServer, running
from judge_support import JUDGE, KEY, LoopbackJudge
from pydantic import SecretStr

from checks.judge import JudgeConfig, LLMJudge


@pytest.fixture
def judge_server() -> Iterator[JudgeServer]:
    with running() as server:
        yield server


@pytest.fixture
def loopback(judge_server: JudgeServer) -> Iterator[LoopbackJudge]:
    """Make an LLMJudge whose every provider is the loopback server, with short timeouts and backoff."""
    made: list[LLMJudge] = []

    def make(
        judges: tuple[str, ...] = (JUDGE,),
        *,
        breaker: Any = None,
        limiter: Any = None,
        batch_journal: Any = None,
        **overrides: Any,
    ) -> LLMJudge:
        options: dict[str, Any] = {
            "judges": tuple(judges),
            "base_url": judge_server.base_url,
            "api_key": SecretStr(KEY),
            "timeout_s": 2.0,
            "connect_timeout_s": 1.0,
            "max_retries": 2,
            "backoff_base_s": 0.01,
            "backoff_max_s": 0.05,
        }
        options.update(overrides)
        judge = LLMJudge.from_config(
            JudgeConfig(**options),
            breaker=breaker,
            limiter=limiter,
            batch_journal=batch_journal,
            trust_env=False,
        )
        made.append(judge)
        return judge

    yield make
    for judge in made:
        judge.close()
