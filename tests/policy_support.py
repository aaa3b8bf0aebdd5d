"""Helpers for the fleet-policy tests and the fleet bench: a judge that answers any rubric prompt.

:class:`EchoJudge` is the loopback judge server of ``tests/judge/judge_server.py`` (imported, not
copied) answering every request it was not scripted for with a valid answer for exactly the
job ids and criterion ids the prompt asks about, single or multi-item; its ``usage`` counts
about four characters per token of the prompt and of the answer, as a tokenizer would for
English. ``delays`` holds the delays of the next requests; ``failing`` makes it answer 503. Requests
inside a provider batch are answered the same way.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections import deque
from pathlib import Path
from typing import Any

_JUDGE_TESTS = str(Path(__file__).resolve().parent / "judge")
if _JUDGE_TESTS not in sys.path:
    sys.path.insert(0, _JUDGE_TESTS)

from judge_server import JudgeServer, Recorded, Reply, answer, scores, status  # noqa: E402

JUDGE = "anthropic:claude-3-5-haiku-20241022"
KEY = "sk-test-policies-0000000000"
JUDGED = {"id": "j1", "text": "Explains the risk tiers", "must_pass": True}
LEAF_BODY = (
    "# Findings\n\nThe regulation sorts AI systems into four risk tiers: unacceptable, high, limited "
    "and minimal. High-risk systems need documentation, logging, human oversight and a conformity "
    "assessment before they reach the market. Limited-risk systems carry transparency duties: people "
    "must be told when they talk to a machine or see generated content. Minimal-risk systems, most "
    "of what is deployed today, have no new duties. The obligations phase in over two years, with "
    "bans applying first and the high-risk rules last.\n"
)

CLAIMS_BODY = (
    "## Findings\n\nWeekday passenger numbers at Kelsworth station have climbed to about 9,000, compared "
    "with 6,500 in 2019.\n\nKelsworth station's step-free upgrade is now due to be completed in spring "
    "2026.\n"
)
"""Two claims grounding leaves unsourced against :data:`CLAIM_SOURCES`, the first ambiguous (a
paraphrase in words the source does not use): the judge's to rule on."""
CLAIM_SOURCES = {
    "sources": [
        {
            "id": "s1",
            "type": "web",
            "title": "Kelsworth station",
            "text": "Around 9,000 passengers use Kelsworth station every weekday, up from 6,500 in 2019. A "
            "scheme to make the station fully step-free will not be finished until spring 2026.",
        }
    ],
    "source_map": [{"section": "Findings", "source_ids": ["s1"]}],
}
_ITEM = re.compile(r"^# Item (\S+)$", re.MULTILINE)
_CRITERION = re.compile(r"^- `([^`]+)`:", re.MULTILINE)
_DRAFT = re.compile(r"^# Draft (\S+)$", re.MULTILINE)
_CLAIM = re.compile(r"^- `(c\d+)` \(section: [^;]*; its sources: ([^)]*)\)", re.MULTILINE)


def criteria_ids(block: str) -> list[str]:
    """The criterion ids listed in the ``## Criteria`` section of one prompt block."""
    start = block.find("## Criteria")
    if start < 0:
        return []
    end = block.find("\n## ", start + 5)
    return _CRITERION.findall(block[start : end if end > 0 else None])


def _supported(prompt: str) -> dict[str, Any]:
    return {
        "claims": [
            {
                "key": key,
                "reasoning": "stated in other words",
                "status": "supported",
                "source_id": ids.split(",")[0],
            }
            for key, ids in _CLAIM.findall(prompt)
        ]
    }


def tokens(text: str) -> int:
    return max(1, len(text) // 4)


class EchoJudge(JudgeServer):
    def __init__(self) -> None:
        super().__init__()
        self.delays: deque[float] = deque()
        self.failing = False
        self.score = 5
        self.barrier: threading.Barrier | None = None
        """When set, each claim ruling waits for the barrier's other parties (calls made at once)."""
        self._local = threading.local()

    def record(self, recorded: Recorded) -> None:
        super().record(recorded)
        self._local.last = recorded

    def next_reply(self, model: str) -> Reply | None:
        scripted = super().next_reply(model)
        if scripted is not None and scripted is not self.default:
            return scripted
        if self.failing:
            return status(503, {"error": {"message": "judge down"}})
        recorded: Recorded = self._local.last
        prompt = recorded.prompt
        if "<<<BEGIN CLAIMS " in prompt:
            return self._rule(prompt)
        items = _ITEM.split(prompt)
        if len(items) > 1:  # a multi-item prompt: "# Item <id>" blocks
            body: dict[str, Any] = {
                "items": [
                    {"job_id": job_id, **scores(dict.fromkeys(criteria_ids(block), self.score))}
                    for job_id, block in zip(items[1::2], items[2::2], strict=True)
                ]
            }
        else:
            body = scores(dict.fromkeys(criteria_ids(prompt), self.score))
        text = json.dumps(body)
        delay = self.delays.popleft() if self.delays else 0.0
        return answer(text, usage=(tokens(prompt), tokens(text)), delay_s=delay)

    def _rule(self, prompt: str) -> Reply:
        """A claim ruling: every claim asked supported by the first source of its section; for a
        request about several drafts (``# Draft <id>`` blocks), each draft's so."""
        if self.barrier is not None:
            try:
                self.barrier.wait()
            except threading.BrokenBarrierError:
                return status(500, {"error": {"message": "claim calls were not made at once"}})
        blocks = _DRAFT.split(prompt)
        body: dict[str, Any]
        if len(blocks) > 1:
            body = {
                "drafts": [
                    {"job_id": job_id, **_supported(block)}
                    for job_id, block in zip(blocks[1::2], blocks[2::2], strict=True)
                ]
            }
        else:
            body = _supported(prompt)
        text = json.dumps(body)
        return answer(text, usage=(tokens(prompt), tokens(text)))

    def batch_reply(self, inner: Recorded) -> Reply | None:
        self._local.last = inner  # answered from the request inside the batch, as a direct one is
        return self.next_reply(inner.model)

    @property
    def calls(self) -> int:
        return len(self.requests)


def judge_env(server: JudgeServer) -> dict[str, str]:
    """What a worker process needs in its environment to use the loopback judge."""
    return {
        "VERIFLEET_JUDGES": JUDGE,
        "VERIFLEET_JUDGE_BASE_URL": server.base_url,
        "VERIFLEET_JUDGE_API_KEY": KEY,
        "VERIFLEET_JUDGE_TIMEOUT_S": "10",
        "VERIFLEET_JUDGE_MAX_RETRIES": "0",
    }


__all__ = [
    "CLAIMS_BODY",
    "CLAIM_SOURCES",
    "JUDGE",
    "JUDGED",
    "KEY",
    "LEAF_BODY",
    "EchoJudge",
    "answer",
    "criteria_ids",
    "judge_env",
    "scores",
    "status",
]
