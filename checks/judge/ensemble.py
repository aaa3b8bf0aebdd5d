"""Turning judges' answers into one Judgement: averaging, spread, confidence, cost.

With one judge, its scores and confidence are the judgement. With several
(``policy.ensemble`` > 1), each criterion's score and each quality dimension is the
mean over the judges that answered; the **spread** is the mean, over criteria, of
the distance between the highest and the lowest normalised score; and

    confidence = mean(judge confidences) * (1 - spread) * answered / asked

so disagreement and missing answers both lower it. The notes say which judges
answered and why the others did not; ``details["judges"]`` has each judge's
model, latency, tokens, cost, confidence (and its source) and raw 1-5 scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from checks.judge.answer import QUALITY, Answer, Belief, normalise
from checks.judge.models import ModelRef
from checks.judge.providers import Completion
from checks.judging import CriterionJudgement, JudgeFailed, Judgement
from messages import Criterion, Quality


@dataclass
class Spend:
    """What calls cost so far (accumulated across a format retry and shares of a batch)."""

    usd: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    latency_ms: float = 0.0
    calls: int = 0
    estimated: bool = False
    """Some token counts are our estimates (the provider gave no usage)."""

    def add(self, completion: Completion, usd: float) -> None:
        self.usd += usd
        self.tokens_in += completion.tokens_in
        self.tokens_out += completion.tokens_out
        self.latency_ms += completion.latency_ms
        self.calls += 1
        self.estimated = self.estimated or not completion.usage_reported

    def plus(self, other: Spend) -> Spend:
        return Spend(
            usd=self.usd + other.usd,
            tokens_in=self.tokens_in + other.tokens_in,
            tokens_out=self.tokens_out + other.tokens_out,
            latency_ms=self.latency_ms + other.latency_ms,
            calls=self.calls + other.calls,
            estimated=self.estimated or other.estimated,
        )


@dataclass(frozen=True)
class Scored:
    """One judge's valid answer."""

    ref: ModelRef
    answer: Answer
    spend: Spend
    beliefs: list[Belief] | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def confidence(self) -> float:
        if self.beliefs:
            return fmean(b.confidence for b in self.beliefs)
        return self.answer.confidence

    def breakdown(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "model": self.ref.name,
            "latency_ms": round(self.spend.latency_ms, 3),
            "tokens_in": self.spend.tokens_in,
            "tokens_out": self.spend.tokens_out,
            "cost_usd": round(self.spend.usd, 8),
            "calls": self.spend.calls,
            "confidence": round(self.confidence, 4),
            "confidence_source": "logprobs" if self.beliefs else "stated",
            "scores": {c.id: c.score for c in self.answer.criteria},
        }
        if self.beliefs:
            row["expected_scores"] = {b.id: round(b.expected, 4) for b in self.beliefs}
        if self.spend.estimated:
            row["usage_estimated"] = True
        return row


def failure_row(ref: ModelRef, error: JudgeFailed) -> dict[str, Any]:
    return {
        "model": ref.name,
        "error": str(error),
        "tokens_in": error.tokens_in,
        "tokens_out": error.tokens_out,
        "cost_usd": round(error.cost_usd, 8),
    }


def combine(
    criteria: Sequence[Criterion],
    asked: Sequence[ModelRef],
    results: Sequence[Scored | JudgeFailed],
    *,
    notes: Sequence[str] = (),
) -> Judgement:
    """One Judgement from the judges' results, in the order they were asked.

    Raises:
        JudgeFailed: no judge answered; carries the cost of every attempt.
    """
    scored = [r for r in results if isinstance(r, Scored)]
    failed = [(ref, r) for ref, r in zip(asked, results, strict=True) if isinstance(r, JudgeFailed)]
    cost = sum(s.spend.usd for s in scored) + sum(f.cost_usd for _, f in failed)
    tokens_in = sum(s.spend.tokens_in for s in scored) + sum(f.tokens_in for _, f in failed)
    tokens_out = sum(s.spend.tokens_out for s in scored) + sum(f.tokens_out for _, f in failed)
    rows = [
        s.breakdown() if isinstance(s, Scored) else failure_row(ref, s)
        for ref, s in zip(asked, results, strict=True)
    ]
    if not scored:
        reasons = "; ".join(str(f) for _, f in failed)
        raise JudgeFailed(
            reasons if len(failed) == 1 else f"no judge answered: {reasons}",
            cost_usd=cost,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            details={"judges": rows, "notes": list(notes)},
        )

    per_judge = [s.answer.by_id() for s in scored]
    judged: list[CriterionJudgement] = []
    spreads: list[float] = []
    for c in criteria:
        values = [normalise(answers[c.id].score) for answers in per_judge]
        spreads.append(max(values) - min(values))
        if len(scored) == 1:
            reasoning = per_judge[0][c.id].reasoning
        else:
            reasoning = " | ".join(
                f"{s.ref.name}: {a[c.id].reasoning}" for s, a in zip(scored, per_judge, strict=True)
            )
        judged.append(CriterionJudgement(c.id, round(fmean(values), 6), reasoning))
    quality = Quality(
        **{d: round(fmean(normalise(getattr(s.answer.quality, d)) for s in scored), 6) for d in QUALITY}
    )
    spread = fmean(spreads) if spreads else 0.0
    confidence = fmean(s.confidence for s in scored) * (1.0 - spread) * len(scored) / len(asked)

    all_notes = list(notes)
    for s in scored:
        all_notes.extend(s.notes)
    if failed:
        all_notes.append(
            f"{len(scored)} of {len(asked)} judges answered ({', '.join(s.ref.name for s in scored)}); "
            + "; ".join(f"{ref.name} did not: {error}" for ref, error in failed)
        )
    if len(scored) > 1:
        reasoning = " | ".join(f"{s.ref.name}: {s.answer.reasoning}" for s in scored)
    else:
        reasoning = scored[0].answer.reasoning
    details: dict[str, Any] = {"judges": rows}
    if len(asked) > 1:
        details["spread"] = round(spread, 4)
    return Judgement(
        criteria=judged,
        quality=quality,
        confidence=round(min(max(confidence, 0.0), 1.0), 4),
        models=[s.ref.name for s in scored],
        cost_usd=cost,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        reasoning=reasoning,
        notes=all_notes,
        details=details,
    )
