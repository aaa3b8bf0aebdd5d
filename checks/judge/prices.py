"""What a judge call costs: a price table, a conservative token estimate, the worst-case bound.

Prices are USD per million tokens, input and output, per model. The shipped
defaults cover common OpenAI and Anthropic models at their list prices, checked
on 2026-11-24: the Claude 3 and Claude 4 / 4.1 models and the batch discount
against Anthropic's pricing page, the others against public price summaries of
March to June 2026 that agreed with each other (this repository cannot reach
the providers' pages at run time or in CI). Check them against your contract; a
deployment edits its own file (JSON or TOML, ``VERIFLEET_JUDGE_PRICES_FILE``)::

    # prices.toml
    default = { input = 1.0, output = 4.0 }     # optional: price of any model not listed
    [models]
    "openai:gpt-4o-mini" = { input = 0.15, output = 0.60 }   # batch API: half (batch_factor = 0.5)
    "openrouter:*"       = { input = 3.0,  output = 15.0 }   # a provider-wide price
    "ollama:*"           = { input = 0,    output = 0 }

Lookup: the exact ``provider:model``, then a listed name followed by a snapshot
suffix only (a date or ``-latest``: ``openai:gpt-4o-2024-08-06`` finds ``openai:gpt-4o``,
``anthropic:claude-3-5-haiku-20241022`` finds ``anthropic:claude-3-5-haiku``, but
``openai:o3-pro`` does not find ``openai:o3``), then ``provider:*``, then the default
price, else a clear error. Models served by the deployment itself (vllm, ollama, llamacpp) cost 0
unless the file says otherwise.

Before a call, the prompt is not tokenized (no tokenizer download): its size is
bounded by :func:`estimate_tokens`, which over-counts every script we know of.
After the call, the provider's ``usage`` is what is charged.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checks.judge.models import ModelRef
from messages import CheckError, ConfigurationError


@dataclass(frozen=True)
class Price:
    input_per_mtok: float
    """USD per million input (prompt) tokens."""
    output_per_mtok: float
    """USD per million output (completion) tokens."""
    batch_factor: float = 0.5
    """The share of both prices paid through the provider's batch API (the batch discount: 0.5 is half)."""

    def cost(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.input_per_mtok + tokens_out * self.output_per_mtok) / 1_000_000

    def batch_cost(self, tokens_in: int, tokens_out: int) -> float:
        """What the same tokens cost through a provider's batch API."""
        return self.cost(tokens_in, tokens_out) * self.batch_factor


DEFAULT_PRICES: Mapping[str, Price] = {
    # OpenAI (standard tier).
    "openai:gpt-4o": Price(2.50, 10.00),
    "openai:gpt-4o-mini": Price(0.15, 0.60),
    "openai:gpt-4.1": Price(2.00, 8.00),
    "openai:gpt-4.1-mini": Price(0.40, 1.60),
    "openai:gpt-4.1-nano": Price(0.10, 0.40),
    "openai:gpt-5": Price(1.25, 10.00),
    "openai:gpt-5-mini": Price(0.25, 2.00),
    "openai:gpt-5-nano": Price(0.05, 0.40),
    "openai:o3": Price(2.00, 8.00),
    "openai:o3-mini": Price(1.10, 4.40),
    "openai:o4-mini": Price(1.10, 4.40),
    "openai:gpt-4-turbo": Price(10.00, 30.00),
    "openai:gpt-3.5-turbo": Price(0.50, 1.50),
    # Anthropic.
    "anthropic:claude-3-haiku": Price(0.25, 1.25),
    "anthropic:claude-3-5-haiku": Price(0.80, 4.00),
    "anthropic:claude-haiku-4-5": Price(1.00, 5.00),
    "anthropic:claude-3-5-sonnet": Price(3.00, 15.00),
    "anthropic:claude-3-7-sonnet": Price(3.00, 15.00),
    "anthropic:claude-sonnet-4": Price(3.00, 15.00),
    "anthropic:claude-sonnet-4-5": Price(3.00, 15.00),
    "anthropic:claude-opus-4": Price(15.00, 75.00),
    "anthropic:claude-opus-4-1": Price(15.00, 75.00),
    "anthropic:claude-opus-4-5": Price(5.00, 25.00),
    "anthropic:claude-sonnet-4-6": Price(3.00, 15.00),
    "anthropic:claude-opus-4-6": Price(5.00, 25.00),
    "anthropic:claude-3-opus": Price(15.00, 75.00),
    # Served by the deployment: no per-token price.
    "vllm:*": Price(0.0, 0.0),
    "ollama:*": Price(0.0, 0.0),
    "llamacpp:*": Price(0.0, 0.0),
}

_SNAPSHOT = re.compile(r"-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest)")
CHARS_PER_TOKEN = 2.5
BYTES_PER_TOKEN = 3.0
TOKENS_PER_MESSAGE = 4
"""Chat formatting around each message (role markers); 3-4 for OpenAI's and Anthropic's formats."""


def estimate_tokens(text: str) -> int:
    """An upper estimate of ``text``'s token count: ``max(chars / 2.5, UTF-8 bytes / 3)``, rounded up.

    English runs about 4 characters per token, so ``chars / 2.5`` over-counts it by
    half; code, numbers and JSON run 2.5-3.5. Scripts that take several bytes per
    character (Chinese, Japanese: about one token per character) are covered by
    ``bytes / 3``. Only pathological text (one token per punctuation character)
    runs over; the budget settles at the provider's real ``usage`` anyway.
    """
    if not text:
        return 0
    by_chars = len(text) / CHARS_PER_TOKEN
    by_bytes = len(text.encode("utf-8", "surrogatepass")) / BYTES_PER_TOKEN
    return math.ceil(max(by_chars, by_bytes))


def estimate_chat_tokens(*texts: str) -> int:
    """Prompt tokens of a chat whose messages are ``texts``, formatting included."""
    return sum(estimate_tokens(t) + TOKENS_PER_MESSAGE for t in texts) + 3


class PriceTable:
    def __init__(self, prices: Mapping[str, Price] | None = None, *, default: Price | None = None) -> None:
        self._prices = dict(DEFAULT_PRICES if prices is None else prices)
        self.default = default

    @classmethod
    def load(
        cls, path: Path | str | None = None, *, default: Price | None = None, with_defaults: bool = True
    ) -> PriceTable:
        """The shipped table, overlaid by the file at ``path`` (JSON or TOML).

        ``default`` (from settings) wins over the file's own ``default``. A file with
        ``replace_defaults = true`` starts from an empty table instead of the shipped one.

        Raises:
            ConfigurationError: the file cannot be read or has the wrong shape.
        """
        prices: dict[str, Price] = dict(DEFAULT_PRICES) if with_defaults else {}
        file_default: Price | None = None
        if path is not None:
            data = _read(Path(path))
            if data.get("replace_defaults") is True:
                prices = {}
            models = data.get("models", {})
            if not isinstance(models, dict):
                raise ConfigurationError(f"prices file {path}: 'models' must be a table of model -> price")
            for name, value in models.items():
                prices[str(name).strip()] = _price(value, f"prices file {path}: models.{name}")
            if "default" in data:
                file_default = _price(data["default"], f"prices file {path}: default")
        return cls(prices, default=default if default is not None else file_default)

    def price(self, ref: ModelRef) -> Price:
        """The price of ``ref``'s model.

        Raises:
            CheckError: the model has no price and no default price is set.
        """
        found = self.find(ref)
        if found is None:
            raise CheckError(
                f"no price for judge model {ref.name!r}: add it to the prices file "
                "(VERIFLEET_JUDGE_PRICES_FILE) or set a default price "
                "(VERIFLEET_JUDGE_DEFAULT_PRICE_IN and _OUT)"
            )
        return found

    def find(self, ref: ModelRef) -> Price | None:
        name = ref.name
        if name in self._prices:
            return self._prices[name]
        for key, price in self._prices.items():
            if name.startswith(key) and _SNAPSHOT.fullmatch(name[len(key) :]):
                return price
        return self._prices.get(f"{ref.provider}:*", self.default)


def _read(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ConfigurationError(f"cannot read prices file {path}: {e.strerror or e}") from e
    try:
        data: Any = tomllib.loads(raw.decode("utf-8")) if path.suffix == ".toml" else json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        raise ConfigurationError(
            f"prices file {path} is not valid {path.suffix.lstrip('.') or 'JSON'}: {e}"
        ) from e
    if not isinstance(data, dict):
        raise ConfigurationError(f"prices file {path}: expected a table at the top level")
    return data


def _price(value: Any, where: str) -> Price:
    if not isinstance(value, dict) or not {"input", "output"} <= set(value) <= {
        "input",
        "output",
        "batch_factor",
    }:
        raise ConfigurationError(
            f"{where}: expected {{input = USD per 1M tokens, output = USD per 1M tokens}}"
            " (and optionally batch_factor = the share paid through a batch API, 0.5 by default)"
        )
    numbers = []
    for key in ("input", "output"):
        v = value[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
            raise ConfigurationError(f"{where}.{key}: expected a non-negative number, got {v!r}")
        numbers.append(float(v))
    factor = value.get("batch_factor", 0.5)
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0 <= factor <= 1:
        raise ConfigurationError(f"{where}.batch_factor: expected a number from 0 to 1, got {factor!r}")
    return Price(numbers[0], numbers[1], float(factor))
