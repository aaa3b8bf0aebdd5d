"""One judge client over httpx, sync and async, with the logic written once (as flows).

``JudgeClient.flow(ref, chat)`` is the whole of a call (limiter slot, retries,
codec) as a sans-IO flow (see :mod:`checks.judge.transport`); ``run`` drives a
flow with a blocking ``httpx.Client``, ``arun`` with an ``httpx.AsyncClient``.
Both clients are made on first use, with the same timeouts and a bounded
connection pool; pass ``transport=httpx.MockTransport(handler)`` in tests (it
serves both). API keys live in ``SecretStr`` and leave the process only in the
auth header of the request to their own provider.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TypeVar

import httpx

from checks.judge.models import LOCAL_PROVIDERS, ModelRef
from checks.judge.prompts import Chat
from checks.judge.providers import DEFAULT_BASE_URLS, Completion, Endpoint, build_request, parse_response
from checks.judge.transport import Flow, Limiter, NoLimit, RetryPolicy, run_async, run_sync, send

T = TypeVar("T")


class JudgeClient:
    def __init__(
        self,
        endpoints: Mapping[str, Endpoint] | None = None,
        *,
        timeout_s: float = 30.0,
        connect_timeout_s: float = 5.0,
        max_connections: int = 16,
        retry: RetryPolicy | None = None,
        limiter: Limiter | None = None,
        transport: httpx.BaseTransport | None = None,
        async_transport: httpx.AsyncBaseTransport | None = None,
        trust_env: bool = True,
        rng: random.Random | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._endpoints = dict(endpoints or {})
        self.timeout = httpx.Timeout(timeout_s, connect=connect_timeout_s)
        # Applied to the default transports; an injected transport brings its own pool.
        self.limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
        self.retry = retry or RetryPolicy()
        self.limiter: Limiter = limiter or NoLimit()
        self._transport = transport
        if async_transport is None and isinstance(transport, httpx.AsyncBaseTransport):
            async_transport = transport  # MockTransport serves both
        self._async_transport = async_transport
        self._trust_env = trust_env
        self._rng = rng or random.Random()
        self._sleep = sleep
        self._lock = threading.Lock()
        self._sync: httpx.Client | None = None
        self._async: tuple[asyncio.AbstractEventLoop, httpx.AsyncClient] | None = None

    def __repr__(self) -> str:
        return f"JudgeClient(providers={sorted(self._endpoints)}, timeout={self.timeout!r})"

    def endpoint(self, provider: str) -> Endpoint:
        return self._endpoints.get(provider) or Endpoint(DEFAULT_BASE_URLS[provider])

    def unavailable(self, ref: ModelRef) -> str | None:
        """Why ``ref`` cannot be called (a hosted provider at its public address with no key), or None."""
        endpoint = self.endpoint(ref.provider)
        public = endpoint.base_url.rstrip("/") == DEFAULT_BASE_URLS[ref.provider]
        if ref.provider not in LOCAL_PROVIDERS and public and endpoint.secret is None:
            return f"no API key for {ref.provider}"
        return None

    # Flows -------------------------------------------------------------------------------------

    def flow(self, ref: ModelRef, chat: Chat, *, max_tokens: int) -> Flow[Completion]:
        """One call: a slot, the request with retries, the parsed completion (latency included)."""
        started = time.perf_counter()
        response = yield from self.request_flow(
            ref.provider, lambda endpoint: build_request(ref, endpoint, chat, max_tokens=max_tokens)
        )
        completion = parse_response(ref, response, chat)
        return replace(completion, latency_ms=(time.perf_counter() - started) * 1000)

    def request_flow(
        self, provider: str, make: Callable[[Endpoint], httpx.Request], *, limited: bool = True
    ) -> Flow[httpx.Response]:
        """Any request to ``provider`` (``make`` builds it for the provider's endpoint, once per try),
        with the retries; ``limited=False`` takes no limiter slot (a provider batch API's own calls).

        Raises:
            ProviderError: a non-retryable status, or retries exhausted (the message scrubbed of keys).
        """
        endpoint = self.endpoint(provider)
        secret = endpoint.secret
        return (
            yield from send(
                lambda: make(endpoint),
                key=provider,
                policy=self.retry,
                rng=self._rng,
                limiter=self.limiter if limited else NoLimit(),
                secrets=(secret,) if secret else (),
            )
        )

    # Drivers -----------------------------------------------------------------------------------

    def run(self, flow: Flow[T]) -> T:
        return run_sync(flow, self._sync_client(), sleep=self._sleep)

    async def arun(self, flow: Flow[T]) -> T:
        return await run_async(flow, self._async_client())

    def complete(self, ref: ModelRef, chat: Chat, *, max_tokens: int) -> Completion:
        return self.run(self.flow(ref, chat, max_tokens=max_tokens))

    async def acomplete(self, ref: ModelRef, chat: Chat, *, max_tokens: int) -> Completion:
        return await self.arun(self.flow(ref, chat, max_tokens=max_tokens))

    def _sync_client(self) -> httpx.Client:
        with self._lock:
            if self._sync is None:
                self._sync = httpx.Client(
                    timeout=self.timeout,
                    limits=self.limits,
                    transport=self._transport,
                    trust_env=self._trust_env,
                )
            return self._sync

    def _async_client(self) -> httpx.AsyncClient:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._async is None or self._async[0] is not loop:
                client = httpx.AsyncClient(
                    timeout=self.timeout,
                    limits=self.limits,
                    transport=self._async_transport,
                    trust_env=self._trust_env,
                )
                self._async = (loop, client)
            return self._async[1]

    def close(self) -> None:
        with self._lock:
            client, self._sync = self._sync, None
        if client is not None:
            client.close()

    async def aclose(self) -> None:
        with self._lock:
            pair, self._async = self._async, None
        if pair is not None:
            await pair[1].aclose()
        self.close()
