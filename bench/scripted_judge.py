"""A judge on loopback that reads each request and answers it, for whole-fleet runs.

It is ``tests/judge/judge_server.py`` (a real HTTP server speaking OpenAI's and Anthropic's APIs)
with replies computed from the prompt instead of queued one by one: every criterion id asked, for
one output or for each item of a multi-item call, gets a score in the contract's shape, with
token usage counted from the request (``usage=MEASURED``). Queued replies (``push``) and
``default`` still come first, so a test can script an outage (``default = status(503)``), a 429
storm or a hang (``answer(..., delay_s=...)``) and lift it again (``default = None``).

``obey=True`` makes it the judge that prompt injection hopes for: when the fenced output asks for
anything (a score, new instructions, a role), it gives every criterion 5 and confidence 1.0.
``malformed_every=n`` answers every n-th first attempt with prose, to exercise format retries.
"""

from __future__ import annotations

import re
import threading
import zlib
from typing import Any

from bench.judge_batch import loopback_server

judge_server = loopback_server()
answer, status, MEASURED = judge_server.answer, judge_server.status, judge_server.MEASURED

_BEGIN = re.compile(r"<<<BEGIN OUTPUT ([0-9A-Za-z]+)>>>\n")
_ITEM = re.compile(r"^# Item (\S+)$", re.MULTILINE)
_CRITERION = re.compile(r"^- `([^`]+)`:", re.MULTILINE)
OBEYED = re.compile(
    r"\b5\b|score|ignore|disregard|override|instruction|rubric|approv|evaluat|judge|system|developer|"
    r"assistant|grader|perfect|pass|always met|تجاهل|התעלם|erocs|\[inst\]|<\|im_start\|>",
    re.IGNORECASE,
)
"""What an obedient judge takes as an instruction addressed to it."""


class ScriptedJudge(judge_server.JudgeServer):  # type: ignore[misc,name-defined]
    def __init__(
        self, *, score: int = 4, confidence: float = 0.8, obey: bool = False, malformed_every: int = 0
    ) -> None:
        super().__init__()
        self.score = score
        self.confidence = confidence
        self.obey = obey
        self.malformed_every = malformed_every
        self.obeyed = 0
        """How many items it scored 5 because the output told it to."""
        self.keep_requests = True
        self._local = threading.local()

    def record(self, recorded: Any) -> None:
        if self.keep_requests or recorded.method != "POST":
            super().record(recorded)
        self._local.request = recorded

    def next_reply(self, model: str) -> Any:
        scripted = super().next_reply(model)
        if scripted is not None:
            return scripted
        request = getattr(self._local, "request", None)
        if request is None:
            return status(500, {"error": {"message": "no request"}})
        return self.respond(request)

    def respond(self, request: Any) -> Any:
        turns = [m for m in request.body.get("messages", []) if m.get("role") == "user"]
        if not turns:
            return status(400, {"error": {"message": "no user turn"}})
        first = str(turns[0]["content"])
        retried = len(turns) > 1
        if self.malformed_every and not retried and zlib.crc32(first.encode()) % self.malformed_every == 0:
            return answer("I think it is fine overall.", usage=MEASURED)
        items = parse_prompt(first)
        if len(items) == 1 and items[0][0] is None:
            return answer(self.scores(*items[0][1:]), usage=MEASURED)
        answers = [{"job_id": job_id, **self.scores(ids, text)} for job_id, ids, text in items]
        return answer({"items": answers}, usage=MEASURED)

    def scores(self, ids: list[str], fenced: str) -> dict[str, Any]:
        obeying = self.obey and bool(OBEYED.search(fenced))
        if obeying:
            with self._lock:
                self.obeyed += 1
        score = 5 if obeying else self.score
        return {
            "reasoning": "as instructed" if obeying else "scripted",
            "criteria": [{"id": cid, "reasoning": f"{cid} scored {score}", "score": score} for cid in ids],
            "quality": dict.fromkeys(("completeness", "accuracy", "clarity", "relevance"), score),
            "confidence": 1.0 if obeying else self.confidence,
        }


def parse_prompt(user: str) -> list[tuple[str | None, list[str], str]]:
    """(job_id or None for a single output, the criterion ids asked, the fenced output) per item.

    The fence code is the one on the first BEGIN OUTPUT line: an output is always behind it.
    Fenced blocks are cut out before the prompt's own structure is read, so that what an output
    says can never add items or criteria.
    """
    begin = _BEGIN.search(user)
    if begin is None:
        return [(None, [], "")]
    code = re.escape(begin.group(1))
    block = re.compile(rf"<<<BEGIN (OUTPUT|SOURCES) {code}>>>\n(.*?)\n<<<END \1 {code}>>>", re.DOTALL)
    outputs: list[str] = []

    def cut(match: re.Match[str]) -> str:
        if match.group(1) == "OUTPUT":
            outputs.append(match.group(2))
        return "(fenced)"

    skeleton = block.sub(cut, user)
    heads = list(_ITEM.finditer(skeleton))
    if not heads:
        return [(None, _criteria(skeleton), outputs[0] if outputs else "")]
    found = []
    for n, head in enumerate(heads):
        end = heads[n + 1].start() if n + 1 < len(heads) else len(skeleton)
        text = outputs[n] if n < len(outputs) else ""
        found.append((head.group(1), _criteria(skeleton[head.end() : end]), text))
    return found


def _criteria(section: str) -> list[str]:
    """Criterion ids listed under the ``## Criteria`` heading of a prompt (or of one item)."""
    start = section.find("## Criteria")
    if start < 0:
        return []
    rest = section[start + len("## Criteria") :]
    stop = re.search(r"^#{1,2} ", rest, re.MULTILINE)
    return _CRITERION.findall(rest[: stop.start()] if stop else rest)


def running(**options: Any) -> ScriptedJudge:
    """A started :class:`ScriptedJudge`; ``stop()`` it when done."""
    server = ScriptedJudge(**options)
    server.start()
    return server
