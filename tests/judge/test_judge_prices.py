"""The price table, the conservative token estimate, and cost arithmetic to the cent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checks.judge import ModelRef, Price, PriceTable, estimate_tokens
from checks.judge.prices import estimate_chat_tokens
from messages import CheckError, ConfigurationError


def price_of(table: PriceTable, name: str) -> Price:
    return table.price(ModelRef.parse(name))


class TestLookup:
    def test_shipped_defaults_cover_common_models(self) -> None:
        table = PriceTable()
        assert price_of(table, "openai:gpt-4o-mini") == Price(0.15, 0.60)
        assert price_of(table, "anthropic:claude-3-5-haiku-20241022") == Price(0.80, 4.00)

    def test_a_dated_snapshot_finds_its_model_but_a_sibling_does_not(self) -> None:
        """gpt-4o-mini-2024-07-18 is gpt-4o-mini (not gpt-4o); o3-pro is not o3 (it costs ten times more)."""
        table = PriceTable()
        assert price_of(table, "openai:gpt-4o-mini-2024-07-18") == Price(0.15, 0.60)
        assert price_of(table, "openai:gpt-4o-2024-08-06") == Price(2.50, 10.00)
        with pytest.raises(CheckError, match=r"no price for judge model 'openai:o3-pro'.*PRICES_FILE"):
            price_of(table, "openai:o3-pro")

    def test_models_the_deployment_serves_cost_nothing(self) -> None:
        assert price_of(PriceTable(), "ollama:llama3.1:8b") == Price(0.0, 0.0)

    def test_an_unknown_model_takes_the_default_price_when_one_is_set(self) -> None:
        table = PriceTable(default=Price(1.0, 2.0))
        assert price_of(table, "openrouter:meta-llama/llama-3.1-70b") == Price(1.0, 2.0)


class TestFile:
    def test_a_toml_file_overlays_the_shipped_table(self, tmp_path: Path) -> None:
        path = tmp_path / "prices.toml"
        path.write_text(
            "default = { input = 9, output = 9 }\n[models]\n"
            '"openai:gpt-4o-mini" = { input = 0.1, output = 0.2 }\n'
            '"openrouter:*" = { input = 3, output = 15 }\n'
        )
        table = PriceTable.load(path)
        assert price_of(table, "openai:gpt-4o-mini") == Price(0.1, 0.2)
        assert price_of(table, "openrouter:x/y") == Price(3.0, 15.0)
        assert price_of(table, "openai:gpt-4o") == Price(2.5, 10.0)
        assert price_of(table, "litellm:whatever") == Price(9.0, 9.0)

    def test_a_json_file_may_replace_the_defaults_and_settings_win_on_the_default(
        self, tmp_path: Path
    ) -> None:
        path = tmp_path / "prices.json"
        path.write_text(
            json.dumps({"replace_defaults": True, "models": {"vllm:*": {"input": 0.5, "output": 0.5}}})
        )
        table = PriceTable.load(path)
        with pytest.raises(CheckError):
            price_of(table, "openai:gpt-4o")
        assert price_of(PriceTable.load(path, default=Price(7, 7)), "openai:gpt-4o") == Price(7.0, 7.0)

    @pytest.mark.parametrize(
        ("content", "why"),
        [
            ("{not json", "not valid"),
            ('{"models": {"openai:x": {"input": 1}}}', "expected"),
            ('{"models": {"openai:x": {"input": -1, "output": 1}}}', "non-negative"),
            ('{"models": []}', "table of model"),
        ],
    )
    def test_a_broken_file_is_a_configuration_error_naming_the_place(
        self, tmp_path: Path, content: str, why: str
    ) -> None:
        path = tmp_path / "prices.json"
        path.write_text(content)
        with pytest.raises(ConfigurationError, match=why):
            PriceTable.load(path)

    def test_a_missing_file_says_so(self, tmp_path: Path) -> None:
        with pytest.raises(ConfigurationError, match="cannot read prices file"):
            PriceTable.load(tmp_path / "nope.json")


class TestArithmetic:
    def test_cost_to_the_cent(self) -> None:
        """1,234,567 in at 2.50/M and 89,012 out at 10.00/M: 3.0864175 + 0.89012 = 3.9765375 USD."""
        cost = Price(2.50, 10.00).cost(1_234_567, 89_012)
        assert cost == pytest.approx(3.9765375, abs=1e-12)
        assert round(cost, 2) == 3.98

    def test_a_million_tokens_cost_exactly_the_listed_price(self) -> None:
        assert Price(0.15, 0.60).cost(1_000_000, 1_000_000) == pytest.approx(0.75, abs=1e-12)


class TestEstimate:
    def test_english_is_over_counted(self) -> None:
        """English runs about 4 characters per token; the estimate allows 2.5."""
        text = "The regulation sorts systems by risk and asks for documentation. " * 20
        assert estimate_tokens(text) >= len(text) / 4 * 1.5

    def test_multibyte_scripts_count_at_least_a_token_per_character(self) -> None:
        text = "人工智能法案按风险对系统进行分类" * 10
        assert estimate_tokens(text) >= len(text)

    def test_small_cases(self) -> None:
        assert estimate_tokens("") == 0
        assert estimate_tokens("abcde") == 2
        assert estimate_chat_tokens("abcde", "") == 2 + 4 + 0 + 4 + 3
