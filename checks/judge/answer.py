"""Reading a judge's answer (CONTRACT.md section 6): validation, and confidence from logprobs.

An answer is one JSON object; a multi-item answer is ``{"items": [...]}`` with a
``job_id`` in each. It is malformed when it is not JSON, misses a criterion that
was asked, scores one twice, or has a score outside 1..5 or a confidence outside
0..1. A malformed answer gets one format retry that says what was wrong; a
second one is an error, never a guessed score.

Scores map to 0..1 as ``(score - 1) / 4``.

**Confidence from log-probabilities.** When the provider returns the top
log-probabilities of the tokens (OpenAI's ``logprobs``/``top_logprobs``), the
score tokens give a distribution ``p`` over 1..5 for each criterion, as in
G-Eval (Liu et al., 2023), whose probability-weighted score is ``E = sum(p_k * k)``.
The confidence of a criterion is ``1 - rms / 2``, where ``rms`` is the
root-mean-square distance ``sqrt(sum(p_k * (k - s)^2))`` between the stated score
``s`` and the alternatives (that is ``sqrt(variance + (E - s)^2)``: it grows when the
model hesitates and when its stated score is off its own expectation; 2 is the
largest standard deviation on a 1-5 scale). The answer's confidence is the mean
over its criteria. Without logprobs, the judge's stated confidence is used.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from messages import CheckError

QUALITY = ("completeness", "accuracy", "clarity", "relevance")
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n(.*)\n```\s*$", re.DOTALL)
_SCORE_TOKEN = re.compile(r'"score"\s*:\s*([1-5])(?![0-9.])')


class MalformedAnswer(CheckError):
    """The judge's answer does not have the contract's shape; ``problem`` says how."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(f"malformed judge answer: {problem}")


def _not_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("expected a number, not true or false")
    return value


Score = Annotated[int, Field(ge=1, le=5)]


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class CriterionAnswer(_Lenient):
    id: str
    reasoning: str = ""
    score: Score

    @field_validator("score", mode="before")
    @classmethod
    def _no_bool(cls, value: Any) -> Any:
        return _not_bool(value)


class QualityAnswer(_Lenient):
    completeness: Score
    accuracy: Score
    clarity: Score
    relevance: Score

    @field_validator(*QUALITY, mode="before")
    @classmethod
    def _no_bool(cls, value: Any) -> Any:
        return _not_bool(value)


class Answer(_Lenient):
    reasoning: str = ""
    criteria: list[CriterionAnswer]
    quality: QualityAnswer
    confidence: Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]

    @field_validator("confidence", mode="before")
    @classmethod
    def _no_bool(cls, value: Any) -> Any:
        return _not_bool(value)

    def by_id(self) -> dict[str, CriterionAnswer]:
        return {c.id: c for c in self.criteria}


def normalise(score: float) -> float:
    """1..5 to 0..1."""
    return (score - 1.0) / 4.0


def extract_json(text: str) -> Any:
    """The JSON value in a model's answer, tolerating a code fence, a ``<think>`` block and chatter.

    Raises:
        MalformedAnswer: no JSON object can be read.
    """
    body = _THINK.sub("", text).strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        return json.loads(body)
    except json.JSONDecodeError as e:
        whole = e
    start, end = body.find("{"), body.rfind("}")
    if start != -1 and end > start:
        try:
            return json.loads(body[start : end + 1])
        except json.JSONDecodeError as e:
            raise MalformedAnswer(f"the answer is not valid JSON ({e.msg} at character {e.pos})") from None
    if not body:
        raise MalformedAnswer("the answer is empty")
    if start != -1:
        raise MalformedAnswer(f"the answer is not valid JSON ({whole.msg} at {whole.pos}; cut off?)")
    raise MalformedAnswer("the answer holds no JSON object")


def parse_answer(text: str, ids: Sequence[str]) -> Answer:
    """Validate one answer for the criteria ``ids``.

    Raises:
        MalformedAnswer: with what is wrong, fit to send back in the format retry.
    """
    data = extract_json(text)
    items = data.get("items") if isinstance(data, dict) and "criteria" not in data else None
    if isinstance(items, list) and len(items) == 1 and isinstance(items[0], dict):
        data = items[0]
    return validate(data, ids)


def validate(data: Any, ids: Sequence[str]) -> Answer:
    answer = read_model(data, Answer)
    once_each([c.id for c in answer.criteria], ids, "criteria", "scored")
    return answer


M = TypeVar("M", bound=BaseModel)
A = TypeVar("A")
T = TypeVar("T")


def read_model(data: Any, model: type[M]) -> M:
    """``data`` (a JSON value) read as ``model``.

    Raises:
        MalformedAnswer: it is no object, or not of the model's shape (what is wrong, and where).
    """
    if not isinstance(data, dict):
        raise MalformedAnswer(f"expected a JSON object, got {type(data).__name__}")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise MalformedAnswer(_describe(e)) from None


def once_each(found: Sequence[str], asked: Sequence[str], what: str, done: str) -> None:
    """Is every id ``asked`` among ``found`` once (ids not asked are ignored)?

    Raises:
        MalformedAnswer: ``"criteria scored more than once: c1"``, ``"claims missing from the answer: c2"``.
    """
    wanted = set(asked)
    seen: set[str] = set()
    twice: set[str] = set()
    for key in found:
        if key in wanted:
            (twice if key in seen else seen).add(key)
    if twice:
        raise MalformedAnswer(f"{what} {done} more than once: " + ", ".join(sorted(twice)))
    missing = [k for k in asked if k not in seen]
    if missing:
        raise MalformedAnswer(f"{what} missing from the answer: " + ", ".join(missing))


def parse_batch(text: str, asked: Mapping[str, Sequence[str]]) -> tuple[dict[str, Answer], dict[str, str]]:
    """Per-item answers of a multi-item call, and what was wrong with each item that has none.

    ``asked`` maps job_id to the criterion ids asked for it. The whole answer being
    unreadable makes every item a problem; one bad item spoils only itself.
    """
    return parse_many(text, "items", asked, validate, what="item")


def parse_many(
    text: str,
    listed: str,
    asked: Mapping[str, A],
    read: Callable[[Any, A], T],
    *,
    what: str,
) -> tuple[dict[str, T], dict[str, str]]:
    """Per-job answers of a request about several jobs (``{listed: [{"job_id": ..., ...}]}``), each
    read by ``read`` with what was ``asked`` of it, and what was wrong with each job that has none
    (a job answered twice keeps its first valid answer)."""
    try:
        data = extract_json(text)
    except MalformedAnswer as e:
        return {}, dict.fromkeys(asked, e.problem)
    entries = data.get(listed) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return {}, dict.fromkeys(asked, f'the answer has no "{listed}" list')
    answers: dict[str, T] = {}
    problems: dict[str, str] = {}
    for raw in entries:
        if not isinstance(raw, dict) or not isinstance(raw.get("job_id"), str):
            continue
        job_id = raw["job_id"]
        if job_id not in asked or job_id in answers:
            continue
        try:
            answers[job_id] = read(raw, asked[job_id])
        except MalformedAnswer as e:
            problems[job_id] = e.problem
    for job_id in asked:
        if job_id not in answers and job_id not in problems:
            problems[job_id] = f"no answer for {what} {job_id}"
    return answers, problems


def _describe(error: ValidationError) -> str:
    """The first few problems of a failed validation, each with where it is, in one line."""
    parts = []
    for err in error.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "answer"
        parts.append(f"{where}: {err['msg']}")
    more = error.error_count() - len(parts)
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


# Log-probabilities ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenLogprob:
    token: str
    logprob: float
    top: tuple[tuple[str, float], ...] = ()
    """The most likely tokens at this position, with their log-probabilities."""


@dataclass(frozen=True)
class Belief:
    """What the score token's distribution says about one criterion."""

    id: str
    stated: int
    expected: float
    """The probability-weighted score (G-Eval), 1..5."""
    confidence: float


def beliefs(text: str, tokens: Sequence[TokenLogprob], answer: Answer) -> list[Belief] | None:
    """One :class:`Belief` per criterion of ``answer``, or None when the score tokens cannot be found.

    The ``"score": N`` occurrences of the answer text are matched, in order, to the
    answer's criteria; each digit must be a token of its own whose top logprobs are known.
    """
    if not tokens:
        return None
    joined = "".join(t.token for t in tokens)
    base = joined.find(text)
    if base == -1:
        return None
    matches = list(_SCORE_TOKEN.finditer(text))
    if len(matches) != len(answer.criteria):
        return None
    starts = []
    at = 0
    for t in tokens:
        starts.append(at)
        at += len(t.token)
    found = []
    for match, criterion in zip(matches, answer.criteria, strict=True):
        if int(match.group(1)) != criterion.score:
            return None
        index = bisect.bisect_right(starts, base + match.start(1)) - 1
        token = tokens[index]
        if token.token.strip() != match.group(1):
            return None
        dist = _distribution(token)
        if dist is None:
            return None
        expected = sum(k * p for k, p in dist.items())
        rms = math.sqrt(sum(p * (k - criterion.score) ** 2 for k, p in dist.items()))
        found.append(Belief(criterion.id, criterion.score, expected, min(max(1.0 - rms / 2.0, 0.0), 1.0)))
    return found


def _distribution(token: TokenLogprob) -> dict[int, float] | None:
    mass: dict[int, float] = {}
    candidates = dict(token.top)
    candidates.setdefault(token.token, token.logprob)
    for text, logprob in candidates.items():
        digit = text.strip()
        if len(digit) == 1 and digit in "12345":
            mass[int(digit)] = mass.get(int(digit), 0.0) + math.exp(logprob)
    total = sum(mass.values())
    if total <= 0:
        return None
    return {k: p / total for k, p in mass.items()}
