"""The judge's answer (CONTRACT.md section 6): validation, multi-item answers, logprob confidence."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from judge_server import scores

from checks.judge.answer import MalformedAnswer, TokenLogprob, beliefs, normalise, parse_answer, parse_batch


def text(answer: dict[str, Any]) -> str:
    return json.dumps(answer)


class TestValid:
    def test_a_contract_answer_is_read(self) -> None:
        answer = parse_answer(text(scores({"c1": 4, "c2": 2}, confidence=0.7)), ["c1", "c2"])
        assert {c.id: c.score for c in answer.criteria} == {"c1": 4, "c2": 2}
        assert answer.confidence == 0.7 and answer.quality.clarity == 4

    @pytest.mark.parametrize(
        "wrap",
        [
            lambda t: f"```json\n{t}\n```",
            lambda t: f"Here is my evaluation:\n{t}\nThanks.",
            lambda t: f"<think>the score is 1? {{no}}</think>\n{t}",
            lambda t: json.dumps({"items": [json.loads(t)]}),
        ],
    )
    def test_common_wrappings_are_tolerated(self, wrap: Any) -> None:
        answer = parse_answer(wrap(text(scores({"c1": 5}))), ["c1"])
        assert answer.criteria[0].score == 5

    def test_scores_map_to_zero_one(self) -> None:
        assert [normalise(s) for s in (1, 2, 3, 4, 5)] == [0.0, 0.25, 0.5, 0.75, 1.0]


class TestMalformed:
    @pytest.mark.parametrize(
        ("answer", "problem"),
        [
            ("I think it is good.", "holds no JSON object"),
            ("", "empty"),
            ('{"reasoning": "x", "criteria": [', "not valid JSON"),
            (text(scores({"c1": 4})), "criteria missing from the answer: c2"),
            (text(scores({"c1": 6, "c2": 4})), "criteria.0.score: Input should be less than or equal to 5"),
            (text(scores({"c1": 0, "c2": 4})), "greater than or equal to 1"),
            (text(scores({"c1": 4.5, "c2": 4})), "criteria.0.score"),
            (text({**scores({"c1": 4, "c2": 4}), "confidence": 1.5}), "confidence"),
            (text({**scores({"c1": 4, "c2": 4}), "quality": {"clarity": 3}}), "quality.completeness"),
            (text(scores({"c1": True, "c2": 4})), "not true or false"),  # type: ignore[dict-item]
            ('["c1", 4]', "expected a JSON object"),
        ],
    )
    def test_what_is_wrong_is_said(self, answer: str, problem: str) -> None:
        with pytest.raises(MalformedAnswer) as e:
            parse_answer(answer, ["c1", "c2"])
        assert problem in e.value.problem

    def test_a_criterion_scored_twice_is_malformed(self) -> None:
        data = scores({"c1": 4})
        data["criteria"].append({"id": "c1", "reasoning": "again", "score": 2})
        with pytest.raises(MalformedAnswer, match="more than once: c1"):
            parse_answer(text(data), ["c1"])

    def test_extra_criteria_are_ignored(self) -> None:
        answer = parse_answer(text(scores({"c1": 4, "zz": 1})), ["c1"])
        assert answer.by_id()["c1"].score == 4


class TestBatch:
    def test_each_item_stands_alone(self) -> None:
        """One valid item, one malformed, one missing: only the malformed and missing ones are problems."""
        asked = {"a": ["c1"], "b": ["c1"], "c": ["c1"]}
        items = [{"job_id": "a", **scores({"c1": 5})}, {"job_id": "b", **scores({"c2": 5})}]
        answers, problems = parse_batch(text({"items": items}), asked)
        assert set(answers) == {"a"}
        assert "criteria missing" in problems["b"] and problems["c"] == "no answer for item c"

    def test_an_unreadable_answer_makes_every_item_a_problem(self) -> None:
        answers, problems = parse_batch("sorry", {"a": ["c1"], "b": ["c1"]})
        assert answers == {} and set(problems) == {"a", "b"}
        _, problems = parse_batch(text(scores({"c1": 4})), {"a": ["c1"]})
        assert problems == {"a": 'the answer has no "items" list'}


def tokenised(answer_text: str, digit_top: dict[str, list[tuple[str, float]]]) -> list[TokenLogprob]:
    """Split an answer into one-character tokens; score digits get the given top logprobs."""
    tokens = []
    for i, ch in enumerate(answer_text):
        top = tuple(digit_top.get(f"{i}", ()))
        tokens.append(TokenLogprob(ch, 0.0, top))
    return tokens


def positions(answer_text: str) -> list[int]:
    import re

    return [m.start(1) for m in re.finditer(r'"score":\s*([1-5])', answer_text)]


class TestLogprobConfidence:
    def test_a_sure_judge_is_fully_confident(self) -> None:
        raw = text(scores({"c1": 4}))
        (pos,) = positions(raw)
        tokens = tokenised(raw, {str(pos): [("4", 0.0)]})
        (belief,) = beliefs(raw, tokens, parse_answer(raw, ["c1"])) or []
        assert belief.expected == 4.0 and belief.confidence == 1.0

    def test_hesitation_lowers_confidence_and_the_weighted_score_follows_it(self) -> None:
        """p(4)=0.6, p(3)=0.4: expected 3.6; rms distance from the stated 4 is sqrt(0.4); conf 0.684."""
        raw = text(scores({"c1": 4, "c2": 2}))
        first, second = positions(raw)
        tokens = tokenised(
            raw,
            {
                str(first): [("4", math.log(0.6)), ("3", math.log(0.4))],
                str(second): [("2", math.log(0.9)), (" 2", math.log(0.05)), ("x", math.log(0.05))],
            },
        )
        got = beliefs(raw, tokens, parse_answer(raw, ["c1", "c2"]))
        assert got is not None
        assert got[0].expected == pytest.approx(3.6)
        assert got[0].confidence == pytest.approx(1 - math.sqrt(0.4) / 2)
        assert got[1].expected == pytest.approx(2.0) and got[1].confidence == pytest.approx(1.0)

    def test_without_usable_score_tokens_there_is_no_belief(self) -> None:
        """Score digits merged into a longer token, or text that is not the tokens, give None."""
        raw = text(scores({"c1": 4}))
        assert beliefs(raw, [TokenLogprob(raw, 0.0)], parse_answer(raw, ["c1"])) is None
        assert beliefs(raw, [TokenLogprob("other", 0.0)], parse_answer(raw, ["c1"])) is None
