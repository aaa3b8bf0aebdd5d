"""Judge names (``provider:model?key=value``), vendor families and the cross-model rule."""

from __future__ import annotations

import pytest

from checks.judge.models import ModelRef, Wire, executor_ref, refusal, select
from messages import CheckError


def ref(name: str) -> ModelRef:
    return ModelRef.parse(name)


class TestModelRef:
    def test_parses_provider_model_and_parameters(self) -> None:
        r = ref("openai:gpt-4o-mini?temperature=0&max_tokens=512")
        assert (r.provider, r.model, r.name) == ("openai", "gpt-4o-mini", "openai:gpt-4o-mini")
        assert r.temperature == 0.0 and r.max_tokens == 512
        assert str(r) == "openai:gpt-4o-mini?max_tokens=512&temperature=0"
        assert r.wire is Wire.CHAT_COMPLETIONS

    def test_model_names_may_hold_colons_and_slashes(self) -> None:
        """Ollama tags and router vendor prefixes stay part of the model."""
        assert ref("ollama:llama3.1:8b").model == "llama3.1:8b"
        assert ref("openrouter:anthropic/claude-3.5-haiku").model == "anthropic/claude-3.5-haiku"

    def test_anthropic_speaks_the_messages_api(self) -> None:
        assert ref("anthropic:claude-3-5-haiku-20241022").wire is Wire.MESSAGES

    @pytest.mark.parametrize(
        ("name", "why"),
        [
            ("gpt-4o", "provider:model"),
            ("azure:gpt-4o", "unknown provider"),
            ("openai:gpt-4o?base_url=http://evil.example", "unknown parameter"),
            ("openai:gpt-4o?api_key=x", "unknown parameter"),
            ("openai:gpt-4o?temperature=hot", "not a number"),
            ("openai:gpt-4o?temperature=3", "out of range"),
            ("openai:gpt-4o?max_tokens=1.5", "out of range"),
            ("openai:gpt-4o?logprobs=maybe", "not true or false"),
        ],
    )
    def test_unusable_names_are_refused_with_the_reason(self, name: str, why: str) -> None:
        """A job may not point a judge elsewhere: no URL or key can ride in a judge name."""
        with pytest.raises(CheckError, match=why):
            ref(name)

    def test_executor_names_are_read_leniently(self) -> None:
        assert executor_ref("custom:some-model") is not None
        assert executor_ref("not a model") is None
        assert executor_ref(None) is None

    def test_openai_reasoning_models_are_recognised(self) -> None:
        assert ref("openai:o3-mini").reasoning and ref("openai:gpt-5-mini").reasoning
        assert not ref("openai:gpt-4o").reasoning and not ref("anthropic:claude-sonnet-4").reasoning


class TestFamilies:
    @pytest.mark.parametrize(
        ("name", "family"),
        [
            ("openai:gpt-4o-mini", "openai"),
            ("openrouter:openai/gpt-4o", "openai"),
            ("litellm:gpt-4o", "openai"),
            ("anthropic:claude-3-5-haiku-20241022", "anthropic"),
            ("openrouter:anthropic/claude-3.5-haiku", "anthropic"),
            ("ollama:llama3.1:8b", "meta"),
            ("openrouter:meta-llama/llama-3.1-70b-instruct", "meta"),
            ("vllm:Qwen/Qwen2.5-7B-Instruct", "qwen"),
            ("llamacpp:mistral-7b-instruct", "mistral"),
            ("ollama:gemma2", "google"),
            ("ollama:gpt-oss:20b", "openai"),
            ("vllm:my-finetune", "vllm:my-finetune"),
        ],
    )
    def test_the_family_is_the_vendor_that_trained_the_model(self, name: str, family: str) -> None:
        assert ref(name).family == family


class TestCrossModelRule:
    def test_the_executors_own_model_is_never_a_judge(self) -> None:
        """Even with same-family judges allowed, and even through another provider."""
        executor = executor_ref("openai:gpt-4o")
        assert refusal(ref("openai:gpt-4o?temperature=0"), executor, allow_same_family=True)
        assert refusal(ref("openrouter:openai/gpt-4o"), executor, allow_same_family=True)

    def test_same_family_is_refused_by_default_and_allowed_by_the_setting(self) -> None:
        executor = executor_ref("openai:gpt-4o")
        judge = ref("openrouter:openai/gpt-4o-mini")
        assert "family" in (refusal(judge, executor) or "")
        assert refusal(judge, executor, allow_same_family=True) is None

    def test_another_family_and_an_unknown_executor_are_fine(self) -> None:
        assert refusal(ref("anthropic:claude-3-5-haiku"), executor_ref("openai:gpt-4o")) is None
        assert refusal(ref("openai:gpt-4o"), None) is None


class TestSelect:
    def test_the_first_judge_that_satisfies_the_rule_is_chosen(self) -> None:
        candidates = [ref("openai:gpt-4o-mini"), ref("anthropic:claude-3-5-haiku"), ref("ollama:llama3.1")]
        chosen = select(candidates, executor_ref("openai:gpt-4o")).chosen
        assert [c.name for c in chosen] == ["anthropic:claude-3-5-haiku"]

    def test_an_ensemble_prefers_different_families_then_fills_in_order(self) -> None:
        candidates = [
            ref("openai:gpt-4o-mini"),
            ref("openai:gpt-4.1-mini"),
            ref("anthropic:claude-3-5-haiku"),
        ]
        executor = executor_ref("ollama:llama3.1")
        assert [c.name for c in select(candidates, executor, count=2).chosen] == [
            "openai:gpt-4o-mini",
            "anthropic:claude-3-5-haiku",
        ]
        assert len(select(candidates, executor, count=3).chosen) == 3

    def test_unavailable_judges_are_passed_over_with_the_reason(self) -> None:
        candidates = [ref("anthropic:claude-3-5-haiku"), ref("ollama:llama3.1")]
        selection = select(
            candidates,
            executor_ref("openai:gpt-4o"),
            unavailable=lambda r: "no API key" if r.provider == "anthropic" else None,
        )
        assert [c.name for c in selection.chosen] == ["ollama:llama3.1"]
        assert selection.refused[0][1] == "no API key" and selection.independent == 2

    def test_nothing_independent_is_counted_apart_from_nothing_available(self) -> None:
        selection = select([ref("openai:gpt-4o-mini")], executor_ref("openai:gpt-4o"))
        assert selection.chosen == () and selection.independent == 0
