"""The two wire formats: OpenAI chat completions and Anthropic's Messages API (no I/O here).

``build_request`` turns a chat into an ``httpx.Request`` for the model's provider;
``parse_response`` turns the provider's JSON into a :class:`Completion` with the
text, the token usage and, where given, the log-probabilities of the tokens.

OpenAI-compatible requests ask for JSON mode (``response_format: json_object``),
temperature 0 and the top 5 logprobs of each token, except for OpenAI's reasoning
models (o-series, gpt-5), which take neither temperature nor logprobs; a judge name
overrides each (``?json=false``, ``?temperature=0.2``, ``?logprobs=false``). OpenAI
itself gets ``max_completion_tokens``; the compatible servers get ``max_tokens``.
Anthropic gets temperature 0 and no JSON mode (the prompt asks for JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
from pydantic import SecretStr

from checks.judge.answer import TokenLogprob
from checks.judge.models import ModelRef, Wire
from checks.judge.prices import estimate_chat_tokens, estimate_tokens
from checks.judge.prompts import Chat
from checks.judge.transport import ProviderError

ANTHROPIC_VERSION = "2023-06-01"
TOP_LOGPROBS = 5
DEFAULT_BASE_URLS = {
    "openai": "https://api.openai.com/v1",
    "openrouter": "https://openrouter.ai/api/v1",
    "anthropic": "https://api.anthropic.com/v1",
    "vllm": "http://127.0.0.1:8000/v1",
    "ollama": "http://127.0.0.1:11434/v1",
    "llamacpp": "http://127.0.0.1:8080/v1",
    "litellm": "http://127.0.0.1:4000/v1",
}


@dataclass(frozen=True)
class Endpoint:
    """Where a provider is reached, and with which key (never printed: SecretStr)."""

    base_url: str
    api_key: SecretStr | None = None

    @property
    def secret(self) -> str | None:
        return self.api_key.get_secret_value() if self.api_key is not None else None


@dataclass(frozen=True)
class Completion:
    text: str
    tokens_in: int
    tokens_out: int
    usage_reported: bool
    """False when the provider gave no ``usage`` and the counts are our upper estimates."""
    finish_reason: str | None = None
    logprobs: tuple[TokenLogprob, ...] | None = None
    latency_ms: float = 0.0


def build_request(ref: ModelRef, endpoint: Endpoint, chat: Chat, *, max_tokens: int) -> httpx.Request:
    base = endpoint.base_url.rstrip("/")
    path = "/messages" if ref.wire is Wire.MESSAGES else "/chat/completions"
    return httpx.Request(
        "POST",
        base + path,
        headers=auth_headers(ref.wire, endpoint),
        json=request_body(ref, chat, max_tokens=max_tokens),
    )


def auth_headers(wire: Wire, endpoint: Endpoint) -> dict[str, str]:
    """The headers every request to a provider of this wire format carries (its key, its version)."""
    key = endpoint.secret
    if wire is Wire.MESSAGES:
        headers = {"anthropic-version": ANTHROPIC_VERSION}
        if key:
            headers["x-api-key"] = key
        return headers
    return {"authorization": f"Bearer {key}"} if key else {}


def request_body(ref: ModelRef, chat: Chat, *, max_tokens: int) -> dict[str, Any]:
    """The JSON body of one completion request (also one line of a provider batch)."""
    if ref.wire is Wire.MESSAGES:
        return _anthropic_body(ref, chat, max_tokens)
    return _openai_body(ref, chat, max_tokens)


def _openai_body(ref: ModelRef, chat: Chat, max_tokens: int) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": ref.model,
        "messages": [{"role": "system", "content": chat.system}]
        + [{"role": role, "content": text} for role, text in chat.turns],
        ("max_completion_tokens" if ref.provider == "openai" else "max_tokens"): max_tokens,
    }
    temperature = ref.temperature if ref.temperature is not None else (None if ref.reasoning else 0.0)
    if temperature is not None:
        body["temperature"] = temperature
    if ref.top_p is not None:
        body["top_p"] = ref.top_p
    if ref.seed is not None:
        body["seed"] = ref.seed
    if ref.json_mode is not False:
        body["response_format"] = {"type": "json_object"}
    if ref.logprobs if ref.logprobs is not None else not ref.reasoning:
        body["logprobs"] = True
        body["top_logprobs"] = TOP_LOGPROBS
    return body


def _anthropic_body(ref: ModelRef, chat: Chat, max_tokens: int) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": ref.model,
        "max_tokens": max_tokens,
        "system": chat.system,
        "messages": [{"role": role, "content": text} for role, text in chat.turns],
        "temperature": ref.temperature if ref.temperature is not None else 0.0,
    }
    if ref.top_p is not None:
        body["top_p"] = ref.top_p
    return body


def parse_response(ref: ModelRef, response: httpx.Response, chat: Chat) -> Completion:
    """The completion in a 2xx response.

    Raises:
        ProviderError: the body is not the provider's response shape.
    """
    try:
        data = response.json()
    except ValueError:
        raise ProviderError(f"the response is not JSON (HTTP {response.status_code})") from None
    return parse_body(ref, data, chat)


def parse_body(ref: ModelRef, data: Any, chat: Chat) -> Completion:
    """The completion in a response body already decoded (a response, or one result of a provider batch).

    Raises:
        ProviderError: the body is not the provider's response shape.
    """
    if not isinstance(data, dict):
        raise ProviderError("the response is not a JSON object")
    try:
        if ref.wire is Wire.MESSAGES:
            return _anthropic(data, chat)
        return _openai(data, chat)
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise ProviderError(f"unexpected response shape ({type(e).__name__}: {e})") from None


def _openai(data: dict[str, Any], chat: Chat) -> Completion:
    choice = data["choices"][0]
    message = choice.get("message") or {}
    text = message.get("content") or ""
    if not isinstance(text, str):
        text = "".join(p.get("text", "") for p in text if isinstance(p, dict))
    usage = data.get("usage") or {}
    tokens_in, tokens_out = usage.get("prompt_tokens"), usage.get("completion_tokens")
    lp = (choice.get("logprobs") or {}).get("content")
    logprobs = None
    if isinstance(lp, list) and lp:
        logprobs = tuple(
            TokenLogprob(
                token=str(t["token"]),
                logprob=float(t["logprob"]),
                top=tuple((str(x["token"]), float(x["logprob"])) for x in t.get("top_logprobs") or ()),
            )
            for t in lp
        )
    return _completion(
        text,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        chat=chat,
        finish=choice.get("finish_reason"),
        logprobs=logprobs,
    )


def _anthropic(data: dict[str, Any], chat: Chat) -> Completion:
    if data.get("type") == "error":
        raise ValueError(str((data.get("error") or {}).get("type", "error")))
    text = "".join(
        b.get("text", "") for b in data["content"] if isinstance(b, dict) and b.get("type") == "text"
    )
    usage = data.get("usage") or {}
    tokens_in = usage.get("input_tokens")
    if isinstance(tokens_in, int):
        # Cache writes and reads are billed too (at other rates); counted at the input price, above.
        tokens_in += int(usage.get("cache_creation_input_tokens") or 0) + int(
            usage.get("cache_read_input_tokens") or 0
        )
    return _completion(
        text,
        tokens_in=tokens_in,
        tokens_out=usage.get("output_tokens"),
        chat=chat,
        finish=data.get("stop_reason"),
        logprobs=None,
    )


def _completion(
    text: str,
    *,
    tokens_in: Any,
    tokens_out: Any,
    chat: Chat,
    finish: Any,
    logprobs: tuple[TokenLogprob, ...] | None,
) -> Completion:
    reported = isinstance(tokens_in, int) and isinstance(tokens_out, int)
    return Completion(
        text=text,
        tokens_in=tokens_in if reported else estimate_chat_tokens(*chat.texts),
        tokens_out=tokens_out if reported else estimate_tokens(text),
        usage_reported=reported,
        finish_reason=finish if isinstance(finish, str) else None,
        logprobs=logprobs,
    )
