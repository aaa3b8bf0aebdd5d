"""Are a task's corrections converging? One attempt's verdict against the previous attempt's.

A coordinator sends a draft back with the verdict's fix instructions and submits the correction as
``attempt + 1``. When the correction fixed none of what was found and did not raise the score, or
lowered it, another round of the same feedback is unlikely to help: the verdict says so
(``progress``) and, unless the policy's ``escalate_on_stall`` is false, escalates at once instead of
spending the attempts left.

What is compared are *findings*: the verdict's flags and its unmet criteria (a deterministic
criterion whose check raised a flag counts once, as the flag). A flag is the same
finding in two attempts when its check, type, rule, source and claim text are the same (a flag
without a claim: its section instead); offsets move with every edit and are left out. Each finding
is kept as a short hash, so what the fleet stores per attempt is small and holds no draft text.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from messages import Action, Flag, Progress, Verdict, VerdictEvent

MIN_GAIN = 0.01
"""A score that rose by less than this did not rise."""
MAX_DROP = 0.05
"""A score that fell by this much or more is a regression, whatever was fixed."""

_CRITERION = "criterion:"


@dataclass(frozen=True)
class Attempt:
    """What is kept of one attempt's verdict to compare the next attempt with."""

    job_id: str
    attempt: int
    score: float
    findings: tuple[str, ...]

    @classmethod
    def of(cls, verdict: VerdictEvent) -> Attempt:
        keys = tuple(key for key, _ in _findings(verdict))
        return cls(verdict.job_id, verdict.attempt, verdict.score, keys)

    def to_json(self) -> str:
        return json.dumps(
            {"job_id": self.job_id, "attempt": self.attempt, "score": self.score, "findings": self.findings},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, raw: str | bytes) -> Attempt:
        data = json.loads(raw)
        return cls(str(data["job_id"]), int(data["attempt"]), float(data["score"]), tuple(data["findings"]))


def previous(attempts: Mapping[int, Attempt], attempt: int) -> Attempt | None:
    """The latest recorded attempt before ``attempt`` (None when there is none)."""
    earlier = [n for n in attempts if n < attempt]
    return attempts[max(earlier)] if earlier else None


def compare(before: Attempt, verdict: VerdictEvent) -> Progress:
    """How ``verdict`` fares against the attempt before it."""
    found = _findings(verdict)
    old, now = Counter(before.findings), Counter(key for key, _ in found)
    left = old.copy()
    flag_ids: list[str] = []
    criteria: list[str] = []
    for key, ref in found:
        if left[key] > 0:
            left[key] -= 1
            (criteria if key.startswith(_CRITERION) else flag_ids).append(ref)
    resolved = sum((old - now).values())
    remaining = sum((old & now).values())
    change = max(-1.0, min(1.0, round(verdict.score - before.score, 4)))
    note = ""
    scores = f"{before.score:.3f} -> {verdict.score:.3f}"
    if verdict.verdict is not Verdict.PASS:
        if change <= -MAX_DROP:
            note = f"the score fell ({scores})"
        elif resolved == 0 and change < MIN_GAIN:
            findings = f"{remaining} finding{'s' if remaining != 1 else ''}"
            what = f"none of attempt {before.attempt}'s {findings}" if remaining else "nothing"
            note = f"attempt {verdict.attempt} fixed {what} and the score did not rise ({scores})"
    return Progress(
        previous_job_id=before.job_id,
        previous_attempt=max(1, before.attempt),
        previous_score=max(0.0, min(1.0, before.score)),
        score_change=change,
        resolved=resolved,
        remaining=remaining,
        new=sum((now - old).values()),
        remaining_flag_ids=flag_ids,
        remaining_criteria=criteria,
        converging=not note,
        note=note,
    )


def settle(verdict: VerdictEvent, before: Attempt | None, *, escalate_on_stall: bool = True) -> VerdictEvent:
    """``verdict`` with its ``progress`` against ``before``, escalated when the corrections stall.

    An ``error`` verdict says nothing about the draft and is left as it is.
    """
    if before is None or verdict.verdict is Verdict.ERROR:
        return verdict
    progress = compare(before, verdict)
    update: dict[str, object] = {"progress": progress}
    if not progress.converging and escalate_on_stall and verdict.action is Action.RETRY_WITH_FEEDBACK:
        update["action"] = Action.ESCALATE
        update["reason"] = "; ".join(
            part for part in (verdict.reason, f"corrections are not converging: {progress.note}") if part
        )
    return verdict.model_copy(update=update)


def _findings(verdict: VerdictEvent) -> list[tuple[str, str]]:
    """(key, flag id or criterion id) of each finding, flags first, in the verdict's order."""
    out = [(_flag_key(flag), flag.id) for flag in verdict.flags]
    flagged = {flag.check for flag in verdict.flags if flag.check}
    # A deterministic criterion's check flags what is wrong: the flag is the finding, counted once.
    out += [
        (f"{_CRITERION}{c.id}", c.id)
        for c in verdict.criteria
        if c.met is False and (c.check is None or c.check not in flagged)
    ]
    return out


def _flag_key(flag: Flag) -> str:
    if flag.claim:
        where = " ".join(flag.claim.casefold().split()).strip(" .,;:!?\"'")
    else:
        where = f"\u00a7{flag.section or ''}"  # a section, never taken for a claim of the same text
    parts = (flag.check or "", flag.type.value, flag.rule or "", flag.source_id or "", where)
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).hexdigest()
