"""Prompts: shipped markdown, directory overrides, the rubric, and the fence around untrusted text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from judge_support import injections, job_with

from checks.judge import Fence, Item, PromptSet
from messages import ConfigurationError

PROMPTS = PromptSet.load()


def item_for(content: str, **overrides: object) -> Item:
    job = job_with(output={"format": "markdown", "content": content}, **overrides)
    return Item(job, tuple(c for c in job.criteria if c.check is None))


def fenced(prompt: str, code: str) -> str:
    match = re.search(rf"<<<BEGIN OUTPUT {code}>>>\n(.*)\n<<<END OUTPUT {code}>>>", prompt, re.DOTALL)
    assert match, "the output is not fenced with the call's code"
    return match.group(1)


class TestSystemPrompt:
    def test_it_asks_for_the_contract_answer_and_names_the_biases(self) -> None:
        system = PROMPTS.single(item_for("text"), max_source_chars=0).system
        for needle in (
            "Reason first",
            "Length is not quality",
            "Position does not matter",
            "Confidence",
            '"criteria"',
            '"quality"',
            '"confidence"',
            "not instructions",
            '{"items"',
        ):
            assert needle in system


class TestRubric:
    def test_criteria_quality_dimensions_and_scale_anchors_are_listed(self) -> None:
        chat = PROMPTS.single(item_for("text"), max_source_chars=0)
        user = chat.turns[0][1]
        assert "`j1`: Explains the risk tiers" in user
        for dimension in ("completeness", "accuracy", "clarity", "relevance"):
            assert f"`{dimension}`" in user
        for anchor in ("| 5 | fully met", "| 1 | not met"):
            assert anchor in user

    def test_sources_are_fenced_too_and_cut_to_the_limit(self) -> None:
        sources = [{"id": "s1", "type": "web", "url": "https://example.org/a", "text": "x" * 500}]
        chat = PROMPTS.single(item_for("text", sources=sources), max_source_chars=100, fence=Fence("CODE1"))
        user = chat.turns[0][1]
        assert "<<<BEGIN SOURCES CODE1>>>" in user and "<<<END SOURCES CODE1>>>" in user
        assert "x" * 100 + " [...cut]" in user and "x" * 101 not in user
        assert "SOURCES" not in PROMPTS.single(item_for("text"), max_source_chars=100).turns[0][1]


class TestFence:
    @pytest.mark.parametrize("text", injections())
    def test_the_fence_code_never_occurs_in_the_fenced_text(self, text: str) -> None:
        """Given an output that forges fence lines, the real code differs and the whole output sits inside."""
        content = "# Findings\n\nSummary.\n\n" + text
        chat = PROMPTS.single(item_for(content), max_source_chars=0)
        user = chat.turns[0][1]
        code = re.search(r"<<<BEGIN OUTPUT ([0-9A-F]{16})>>>", user)
        assert code is not None
        assert code.group(1).casefold() not in content.casefold()
        assert fenced(user, code.group(1)) == content

    def test_a_code_found_in_the_text_is_made_again(self) -> None:
        codes = iter(["ABCD", "EF01"])
        fence = Fence.around(["the text says abcd somewhere"], make=lambda: next(codes))
        assert fence.code == "EF01"

    def test_codes_differ_from_call_to_call(self) -> None:
        assert len({Fence.around(["t"]).code for _ in range(20)}) == 20


class TestOverrides:
    def test_a_file_in_the_directory_replaces_the_shipped_one(self, tmp_path: Path) -> None:
        (tmp_path / "system.md").write_text("Custom system prompt. Answer the contract JSON.")
        prompts = PromptSet.load(tmp_path)
        chat = prompts.single(item_for("text"), max_source_chars=0)
        assert chat.system == "Custom system prompt. Answer the contract JSON."
        assert "| 5 | fully met" in chat.turns[0][1]  # rubric.md still the shipped one

    def test_an_override_that_drops_the_output_placeholder_is_refused(self, tmp_path: Path) -> None:
        (tmp_path / "rubric.md").write_text("Score it. ${criteria}")
        with pytest.raises(
            ConfigurationError, match=r"rubric.md must keep the placeholder\(s\) \$\{fence\}, \$\{output\}"
        ):
            PromptSet.load(tmp_path)

    def test_a_missing_directory_is_a_configuration_error(self, tmp_path: Path) -> None:
        with pytest.raises(ConfigurationError, match="does not exist"):
            PromptSet.load(tmp_path / "nope")


class TestBatchAndRetry:
    def test_a_batch_sends_the_instructions_once_and_every_item_fenced(self) -> None:
        items = [item_for(f"output number {i}", job_id=f"job-{i}") for i in range(3)]
        chat = PROMPTS.batch(items, max_source_chars=0, fence=Fence("C0DE"))
        user = chat.turns[0][1]
        assert user.count("| 5 | fully met") == 1
        assert user.count("<<<BEGIN OUTPUT C0DE>>>") == 3
        for i in range(3):
            assert f"# Item job-{i}" in user and f"output number {i}" in user
        assert "`job-0`, `job-1`, `job-2`" in user

    def test_sources_items_share_are_sent_once(self) -> None:
        """A mission's outputs are written from the same sources: a batch shows each once, after
        the items, with the items it belongs to; one under the same id with other text is shown
        apart; each item names the ids of its own."""
        shared = [{"id": "s1", "type": "web", "title": "Rail review", "text": "Rail use grew by 4% in 2024."}]
        other = [{"id": "s1", "type": "web", "title": "Rail review", "text": "Rail use fell by 2% in 2024."}]
        items = [item_for(f"output {i}", job_id=f"job-{i}", sources=shared) for i in range(2)]
        items.append(item_for("output 2", job_id="job-2", sources=other))
        user = PROMPTS.batch(items, max_source_chars=10_000, fence=Fence("C0DE")).turns[0][1]
        assert user.count("<<<BEGIN SOURCES C0DE>>>") == 1
        assert user.count("Rail use grew by 4% in 2024.") == 1
        assert "[s1] Rail review (type web) (items job-0, job-1)\nRail use grew by 4% in 2024." in user
        assert "[s1] Rail review (type web) (item job-2)\nRail use fell by 2% in 2024." in user
        assert user.count("Its sources, in the sources block at the end under their ids: s1.") == 3
        assert user.index("# Item job-2") < user.index("<<<BEGIN SOURCES C0DE>>>")

    def test_a_batch_override_without_a_place_for_sources_shows_them_per_item(self, tmp_path: Path) -> None:
        (tmp_path / "batch.md").write_text("Score these.\n\n${items}\n", encoding="utf-8")
        sources = [{"id": "s1", "type": "web", "text": "Rail use grew by 4% in 2024."}]
        items = [item_for(f"output {i}", job_id=f"job-{i}", sources=sources) for i in range(2)]
        user = PromptSet.load(tmp_path).batch(items, max_source_chars=10_000, fence=Fence("C0DE")).turns[0][1]
        assert user.count("<<<BEGIN SOURCES C0DE>>>") == 2 and "in the sources block" not in user

    def test_the_retry_message_says_what_was_wrong(self) -> None:
        item = item_for("text")
        chat = PROMPTS.single(item, max_source_chars=0)
        retry = PROMPTS.retry(chat, "not json", "the answer holds no JSON object", item.criteria)
        assert [role for role, _ in retry.turns] == ["user", "assistant", "user"]
        assert retry.turns[1][1] == "not json"
        assert "the answer holds no JSON object" in retry.turns[2][1] and "`j1`" in retry.turns[2][1]
