"""The LLM judge: rubric scoring against success criteria, by a model that did not write the output.

=============  ==============================================================
models         ``provider:model?k=v`` names, vendor families, cross-model rule
prices         price table, token estimate, worst-case bound
prompts        markdown prompts (overridable), rubric, fencing of the output
answer         validating the JSON answer; confidence from logprobs (G-Eval)
transport      sans-IO flows, sync and async drivers, retries, limiter protocol
providers      OpenAI chat completions and Anthropic Messages wire formats
client         ``JudgeClient``: endpoints and the two httpx clients
breaker        ``CircuitBreaker`` protocol and the in-memory breaker
ensemble       combining judges' answers into one Judgement
judge          ``LLMJudge``: the ``checks.judging.Judge`` the pipeline calls
batch          several outputs in one request (``LLMJudge.judge_many``)
batch_api      OpenAI's Batch API and Anthropic's Message Batches, at the batch price
config         ``JudgeConfig``: what a deployment sets
=============  ==============================================================

See ``docs/judge.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checks.lazy import exports

if TYPE_CHECKING:
    from checks.judge.batch_api import BatchApi, BatchJournal, Submitted
    from checks.judge.breaker import CircuitBreaker, InMemoryBreaker, NoBreaker
    from checks.judge.client import JudgeClient
    from checks.judge.config import JudgeConfig
    from checks.judge.judge import LLMJudge, Plan, build_judge
    from checks.judge.models import ModelRef, select
    from checks.judge.prices import DEFAULT_PRICES, Price, PriceTable, estimate_tokens
    from checks.judge.prompts import Chat, Fence, Item, PromptSet
    from checks.judge.providers import Completion, Endpoint
    from checks.judge.transport import Flow, Gather, Limiter, NoLimit, ProviderError, RetryPolicy, Send, Sleep

__all__ = [
    "DEFAULT_PRICES",
    "BatchApi",
    "BatchJournal",
    "Chat",
    "CircuitBreaker",
    "Completion",
    "Endpoint",
    "Fence",
    "Flow",
    "Gather",
    "InMemoryBreaker",
    "Item",
    "JudgeClient",
    "JudgeConfig",
    "LLMJudge",
    "Limiter",
    "ModelRef",
    "NoBreaker",
    "NoLimit",
    "Plan",
    "Price",
    "PriceTable",
    "PromptSet",
    "ProviderError",
    "RetryPolicy",
    "Send",
    "Sleep",
    "Submitted",
    "build_judge",
    "estimate_tokens",
    "select",
]

__getattr__ = exports(
    __name__,
    {
        "checks.judge.batch_api": ("BatchApi", "BatchJournal", "Submitted"),
        "checks.judge.breaker": ("CircuitBreaker", "InMemoryBreaker", "NoBreaker"),
        "checks.judge.client": ("JudgeClient",),
        "checks.judge.config": ("JudgeConfig",),
        "checks.judge.judge": ("LLMJudge", "Plan", "build_judge"),
        "checks.judge.models": ("ModelRef", "select"),
        "checks.judge.prices": ("DEFAULT_PRICES", "Price", "PriceTable", "estimate_tokens"),
        "checks.judge.prompts": ("Chat", "Fence", "Item", "PromptSet"),
        "checks.judge.providers": ("Completion", "Endpoint"),
        "checks.judge.transport": (
            "Flow",
            "Gather",
            "Limiter",
            "NoLimit",
            "ProviderError",
            "RetryPolicy",
            "Send",
            "Sleep",
        ),
    },
)
