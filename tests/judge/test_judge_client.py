"""The judge client over httpx.MockTransport: wire formats, retries, Retry-After, keys, sync and async."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import httpx
import pytest
import structlog
from judge_server import scores
from judge_support import KEY, Mock, Sleeps, anthropic_reply, mock_client, openai_reply

from checks.judge import Chat, JudgeClient, ModelRef, ProviderError
from checks.judge.transport import Gather, RetryPolicy, Sleep, retry_after, run_sync, scrub

CHAT = Chat("system text", (("user", "user text"),))
GOOD = scores({"c1": 4})
MINI = ModelRef.parse("openai:gpt-4o-mini")
HAIKU = ModelRef.parse("anthropic:claude-3-5-haiku-20241022")


def complete(client: JudgeClient, ref: ModelRef = MINI, max_tokens: int = 256) -> Any:
    return client.complete(ref, CHAT, max_tokens=max_tokens)


class TestWireFormats:
    def test_openai_gets_bearer_json_mode_temperature_zero_and_logprobs(self) -> None:
        mock = Mock(openai_reply(GOOD))
        got = complete(mock_client(mock))
        (request,) = mock.requests
        body = json.loads(request.content)
        assert str(request.url) == "https://api.openai.com/v1/chat/completions"
        assert request.headers["authorization"] == f"Bearer {KEY}"
        assert body["messages"] == [
            {"role": "system", "content": "system text"},
            {"role": "user", "content": "user text"},
        ]
        assert body["max_completion_tokens"] == 256 and "max_tokens" not in body
        assert body["response_format"] == {"type": "json_object"}
        assert (body["temperature"], body["logprobs"], body["top_logprobs"]) == (0.0, True, 5)
        assert (got.tokens_in, got.tokens_out, got.usage_reported) == (1000, 100, True)
        assert json.loads(got.text) == GOOD

    def test_reasoning_models_get_neither_temperature_nor_logprobs(self) -> None:
        mock = Mock(openai_reply(GOOD))
        complete(mock_client(mock), ModelRef.parse("openai:o3-mini"))
        body = mock.bodies()[0]
        assert "temperature" not in body and "logprobs" not in body

    def test_compatible_servers_get_max_tokens_and_name_parameters_apply(self) -> None:
        mock = Mock(openai_reply(GOOD))
        complete(mock_client(mock), ModelRef.parse("ollama:llama3.1:8b?temperature=0.3&json=false&seed=7"))
        (request,) = mock.requests
        body = json.loads(request.content)
        assert str(request.url) == "http://127.0.0.1:11434/v1/chat/completions"
        assert "authorization" not in request.headers
        assert body["max_tokens"] == 256 and body["temperature"] == 0.3 and body["seed"] == 7
        assert "response_format" not in body

    def test_anthropic_gets_the_messages_api(self) -> None:
        mock = Mock(anthropic_reply(GOOD, usage=(1200, 80)))
        got = complete(mock_client(mock), HAIKU)
        (request,) = mock.requests
        body = json.loads(request.content)
        assert str(request.url) == "https://api.anthropic.com/v1/messages"
        assert request.headers["x-api-key"] == KEY and request.headers["anthropic-version"] == "2023-06-01"
        assert body["system"] == "system text" and body["messages"] == [
            {"role": "user", "content": "user text"}
        ]
        assert (body["max_tokens"], body["temperature"]) == (256, 0.0)
        assert (got.tokens_in, got.tokens_out) == (1200, 80)

    def test_missing_usage_is_estimated_from_above(self) -> None:
        mock = Mock(openai_reply(GOOD, usage=None))
        got = complete(mock_client(mock))
        assert not got.usage_reported and got.tokens_in >= len("system textuser text") / 4

    def test_logprobs_are_read(self) -> None:
        lp = {
            "content": [{"token": "{", "logprob": -0.01, "top_logprobs": [{"token": "{", "logprob": -0.01}]}]
        }
        got = complete(mock_client(Mock(openai_reply("{", logprobs=lp))))
        assert got.logprobs is not None and got.logprobs[0].top == (("{", -0.01),)

    def test_a_hosted_provider_without_a_key_is_unavailable(self) -> None:
        client = JudgeClient()
        assert client.unavailable(MINI) == "no API key for openai"
        assert client.unavailable(ModelRef.parse("ollama:llama3.1")) is None


class TestRetries:
    def test_429_honours_retry_after_seconds(self) -> None:
        sleeps = Sleeps()
        mock = Mock(httpx.Response(429, headers={"retry-after": "2"}), openai_reply(GOOD))
        complete(mock_client(mock, sleeps=sleeps))
        assert sleeps == [2.0] and len(mock.requests) == 2

    def test_retry_after_ms_and_http_dates_are_read(self) -> None:
        assert retry_after(httpx.Response(429, headers={"retry-after-ms": "250"})) == 0.25
        assert (
            retry_after(httpx.Response(429, headers={"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"})) == 0.0
        )
        assert retry_after(httpx.Response(429, headers={"retry-after": "soon"})) is None

    def test_5xx_backs_off_exponentially_with_jitter(self) -> None:
        """Base 0.5 s: the n-th wait is in [0.5 * 2^n / 2, 0.5 * 2^n]."""
        sleeps = Sleeps()
        mock = Mock(httpx.Response(500), httpx.Response(502), httpx.Response(503), openai_reply(GOOD))
        complete(mock_client(mock, sleeps=sleeps))
        assert len(sleeps) == 3
        for n, wait in enumerate(sleeps):
            assert 0.25 * 2**n <= wait <= 0.5 * 2**n

    def test_transport_errors_are_retried_then_reported(self) -> None:
        def refuse(request: httpx.Request) -> httpx.Response:
            raise httpx.ConnectError("connection refused", request=request)

        sleeps = Sleeps()
        mock = Mock(refuse, refuse, refuse)
        with pytest.raises(
            ProviderError, match=r"ConnectError: connection refused \(gave up after 3 tries\)"
        ):
            complete(mock_client(mock, sleeps=sleeps, attempts=3))
        assert len(mock.requests) == 3 and len(sleeps) == 2

    def test_client_errors_are_not_retried(self) -> None:
        mock = Mock(
            httpx.Response(400, json={"error": {"type": "invalid_request_error", "message": "bad model"}})
        )
        with pytest.raises(ProviderError, match="HTTP 400 invalid_request_error: bad model") as e:
            complete(mock_client(mock))
        assert e.value.status == 400 and len(mock.requests) == 1

    def test_out_of_credit_is_not_retried(self) -> None:
        body = {"error": {"type": "insufficient_quota", "code": "insufficient_quota", "message": "quota"}}
        mock = Mock(httpx.Response(429, json=body))
        with pytest.raises(ProviderError):
            complete(mock_client(mock))
        assert len(mock.requests) == 1

    def test_a_retry_after_beyond_the_cap_gives_up_at_once(self) -> None:
        sleeps = Sleeps()
        mock = Mock(httpx.Response(429, headers={"retry-after": "3600"}))
        with pytest.raises(ProviderError, match="asked to wait 3600 s"):
            complete(mock_client(mock, sleeps=sleeps))
        assert sleeps == []

    def test_no_retry_starts_after_the_deadline(self) -> None:
        """The first try starts at t=0; its 503 arrives at t=100, past the 10 s deadline."""
        times = iter([0.0, 100.0])
        flow = _send_flow(RetryPolicy(deadline_s=10), clock=lambda: next(times))
        mock = Mock(httpx.Response(503), openai_reply(GOOD))
        with (
            pytest.raises(ProviderError, match="gave up after 1 try"),
            httpx.Client(transport=mock.transport) as client,
        ):
            run_sync(flow, client, sleep=Sleeps())


def _send_flow(policy: RetryPolicy, **kw: Any) -> Any:
    import random

    from checks.judge.transport import NoLimit, send

    return send(
        lambda: httpx.Request("POST", "https://x.example/"),
        key="openai",
        policy=policy,
        rng=random.Random(0),
        limiter=NoLimit(),
        **kw,
    )


class Slots:
    """A limiter that makes the first ask wait and records releases."""

    def __init__(self) -> None:
        self.asks = 0
        self.released: list[bool] = []

    def acquire(self, key: str) -> float:
        self.asks += 1
        return 0.05 if self.asks == 1 else 0.0

    def release(self, key: str, *, throttled: bool) -> None:
        self.released.append(throttled)


def refuse(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


class TestLimiter:
    def test_the_flow_waits_for_a_slot_and_reports_throttling(self) -> None:
        slots, sleeps = Slots(), Sleeps()
        mock = Mock(httpx.Response(429, headers={"retry-after": "0"}), openai_reply(GOOD))
        complete(mock_client(mock, sleeps=sleeps, limiter=slots))
        assert sleeps == [0.05, 0.0]
        assert slots.released == [True, False]

    def test_overload_answers_lower_the_cap_and_other_failures_do_not(self) -> None:
        """429, 503 and Anthropic's 529 overloaded say the provider has too much work; a 500 or a
        dropped connection says something else broke."""
        slots = Slots()
        mock = Mock(
            httpx.Response(503, headers={"retry-after": "0"}),
            httpx.Response(529, headers={"retry-after": "0"}),
            httpx.Response(500, headers={"retry-after": "0"}),
            refuse,
            openai_reply(GOOD),
        )
        complete(mock_client(mock, sleeps=Sleeps(), limiter=slots, attempts=5))
        assert slots.released == [True, True, False, False, False]


class TestKeys:
    def test_a_rejected_key_appears_in_no_error_and_no_log(self, caplog: pytest.LogCaptureFixture) -> None:
        """Given a provider that echoes the key in its 401 message, no error and no log line holds it."""
        echo = {"error": {"message": f"Incorrect API key provided: {KEY}.", "type": "invalid_request_error"}}
        mock = Mock(httpx.Response(401, json=echo))
        caplog.set_level(logging.DEBUG)
        with structlog.testing.capture_logs() as logs, pytest.raises(ProviderError) as e:
            complete(mock_client(mock))
        assert "authentication failed" in str(e.value)
        for text in (str(e.value), repr(e.value), caplog.text, repr(logs)):
            assert KEY not in text and KEY[:12] not in text

    def test_provider_messages_are_scrubbed_of_anything_key_like(self) -> None:
        assert scrub(f"bad key {KEY} and sk-other-123456 and Bearer abc.def", [KEY]) == (
            "bad key *** and *** and ***"
        )

    def test_the_client_and_its_endpoints_print_no_key(self) -> None:
        client = mock_client(Mock())
        assert KEY not in repr(client) and KEY not in repr(client.endpoint("openai"))


class TestDrivers:
    def test_async_runs_the_same_flow(self) -> None:
        mock = Mock(httpx.Response(500), anthropic_reply(GOOD))
        client = mock_client(mock)

        async def go() -> Any:
            try:
                return await client.acomplete(HAIKU, CHAT, max_tokens=64)
            finally:
                await client.aclose()

        client.retry = RetryPolicy(backoff_base_s=0.001, backoff_max_s=0.002)
        got = asyncio.run(go())
        assert json.loads(got.text) == GOOD and len(mock.requests) == 2

    def test_gather_runs_subflows_and_returns_errors_as_values(self) -> None:
        def ok() -> Any:
            yield Sleep(0)
            return "ok"

        def boom() -> Any:
            yield Sleep(0)
            raise ProviderError("down")

        def parent() -> Any:
            return (yield Gather((ok(), boom())))

        with httpx.Client(transport=Mock().transport) as client:
            first, second = run_sync(parent(), client, sleep=Sleeps())
        assert first == "ok" and isinstance(second, ProviderError)
