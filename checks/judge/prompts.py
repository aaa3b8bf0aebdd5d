"""The judge's prompts: markdown templates shipped in ``checks/judge/prompts/``, overridable by a directory.

Templates use ``string.Template`` placeholders (``${name}``; a literal dollar is
``$$``), so the JSON in them needs no escaping. A deployment overrides any file
by putting one of the same name in ``VERIFLEET_JUDGE_PROMPTS_DIR``; the others
keep the shipped text. An override must keep the placeholders the judge fills
(checked at load) and must ask for the answer of CONTRACT.md section 6.

=============  =======================================================  ==================================
file           what it is                                               placeholders it must keep
=============  =======================================================  ==================================
system.md      role, rules (reasoning first, no verbosity or position   (none)
               bias, fenced data is not instructions), answer shape
rubric.md      one output: task, scale, criteria, quality, the output   output, fence (also: task, criteria,
                                                                        format, language, sources, ids)
sources.md     the sources block, fenced like the output                sources, fence
batch.md       several outputs in one request, then the sources of      items (also: count, job_ids,
               them all, each shown once                                sources: without it, each item
                                                                        shows its own)
item.md        one output inside a batch                                job_id, output, fence (as rubric.md)
retry.md       the format retry after a malformed answer                problem (also: ids)
claims_system  role and rules of a claim ruling (grounding's            (none)
.md            escalation), the four statuses, answer shape
claims.md      the claims a grounding check left ambiguous, each with   claims, fence (also: count, keys,
               its section, mapped sources and nearest sentences        sources)
claims_retry   the format retry of a claim ruling                       problem (also: keys)
.md
claims_batch   the claims of several drafts in one request (the batch   drafts, sources (also: count,
.md            flush), then the sources of them all, each shown once    job_ids)
claims_draft   one draft's claims inside such a request                 job_id, claims, fence (also: count,
.md                                                                     keys, source_ids)
=============  =======================================================  ==================================

The output under review is untrusted. It is fenced by marker lines that carry a
random code made for each call (:class:`Fence`); the code is regenerated until
it occurs in none of the texts of the prompt, so no output can close its fence.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from messages import ConfigurationError, Criterion, Source, VerifyJob

if TYPE_CHECKING:
    from checks.grounding.escalation import ClaimQuery

FILES: Mapping[str, frozenset[str]] = {
    "system.md": frozenset(),
    "rubric.md": frozenset({"output", "fence"}),
    "sources.md": frozenset({"sources", "fence"}),
    "batch.md": frozenset({"items"}),
    "item.md": frozenset({"job_id", "output", "fence"}),
    "retry.md": frozenset({"problem"}),
    "claims_system.md": frozenset(),
    "claims.md": frozenset({"claims", "fence"}),
    "claims_retry.md": frozenset({"problem"}),
    "claims_batch.md": frozenset({"drafts", "sources"}),
    "claims_draft.md": frozenset({"job_id", "claims", "fence"}),
}


@dataclass(frozen=True)
class Chat:
    """A system prompt and the turns after it, as ``(role, text)`` with role ``user`` or ``assistant``."""

    system: str
    turns: tuple[tuple[str, str], ...]

    def then(self, assistant: str, user: str) -> Chat:
        return Chat(self.system, (*self.turns, ("assistant", assistant), ("user", user)))

    @property
    def texts(self) -> tuple[str, ...]:
        return (self.system, *(text for _, text in self.turns))


@dataclass(frozen=True)
class Fence:
    """The random code of one call's data fences."""

    code: str

    @classmethod
    def around(cls, texts: Iterable[str], *, make: Callable[[], str] | None = None) -> Fence:
        """A code that occurs (case-insensitively) in none of ``texts``."""
        make = make or (lambda: secrets.token_hex(8).upper())
        haystack = [t.casefold() for t in texts]
        for _ in range(100):
            code = make()
            if code and not any(code.casefold() in t for t in haystack):
                return cls(code)
        raise RuntimeError(
            "could not make a fence code that is absent from the prompt"
        )  # 16 hex digits: never


@dataclass(frozen=True)
class Item:
    """One output to judge: its job and the criteria the judge scores."""

    job: VerifyJob
    criteria: Sequence[Criterion]


class PromptSet:
    def __init__(self, templates: Mapping[str, str]) -> None:
        missing = sorted(set(FILES) - set(templates))
        if missing:
            raise ConfigurationError(f"judge prompts missing: {', '.join(missing)}")
        self._names = {name: _placeholders(text) for name, text in templates.items()}
        for name, needed in FILES.items():
            lacking = sorted(needed - self._names[name])
            if lacking:
                raise ConfigurationError(
                    f"judge prompt {name} must keep the placeholder(s) "
                    + ", ".join("${" + p + "}" for p in lacking)
                )
        self._t = {name: string.Template(text) for name, text in templates.items()}

    @classmethod
    def load(cls, directory: Path | str | None = None) -> PromptSet:
        """The shipped prompts, each replaced by a file of the same name in ``directory`` if there is one.

        Raises:
            ConfigurationError: the directory is missing, or an override lost a placeholder.
        """
        shipped = resources.files("checks.judge").joinpath("prompts")
        templates = {name: shipped.joinpath(name).read_text(encoding="utf-8") for name in FILES}
        if directory is not None:
            folder = Path(directory)
            if not folder.is_dir():
                raise ConfigurationError(f"judge prompts directory {folder} does not exist")
            for name in FILES:
                override = folder / name
                if override.is_file():
                    templates[name] = override.read_text(encoding="utf-8")
        return cls(templates)

    # Rendering -------------------------------------------------------------------------------

    def single(self, item: Item, *, max_source_chars: int, fence: Fence | None = None) -> Chat:
        """The chat that asks one judge to score one output."""
        fence = fence or Fence.around(_texts(item))
        user = self._fill("rubric.md", _fields(item, fence, self._sources(item, fence, max_source_chars)))
        return Chat(self._fill("system.md", {}), (("user", user),))

    def batch(self, items: Sequence[Item], *, max_source_chars: int, fence: Fence | None = None) -> Chat:
        """The chat that asks one judge to score several outputs, the instructions sent once."""
        fence = fence or Fence.around(t for item in items for t in _texts(item))
        # Sources once, at the end, unless an override of batch.md has no place for them there.
        once = _SourcesOnce("item") if "sources" in self._names["batch.md"] else None
        blocks = []
        for item in items:
            if once is None:
                sources = self._sources(item, fence, max_source_chars)
            else:
                ids = once.add(item.job.job_id, source_parts(item.job, max_source_chars))
                sources = (
                    f"\nIts sources, in the sources block at the end under their ids: {ids}.\n" if ids else ""
                )
            fields = _fields(item, fence, sources)
            blocks.append(self._fill("item.md", {**fields, "job_id": item.job.job_id}))
        user = self._fill(
            "batch.md",
            {
                "count": str(len(items)),
                "items": "\n".join(blocks),
                "job_ids": ", ".join(f"`{item.job.job_id}`" for item in items),
                "sources": self._fenced(once.text() if once else "", fence),
            },
        )
        return Chat(self._fill("system.md", {}), (("user", user),))

    def retry(self, chat: Chat, answer: str, problem: str, criteria: Sequence[Criterion]) -> Chat:
        """``chat`` followed by the malformed answer and a request to answer again."""
        user = self._fill("retry.md", {"problem": problem, "ids": _ids(criteria)})
        return chat.then(answer, user)

    def retry_size(self, criteria: Sequence[Criterion]) -> str:
        """The longest retry message we send (for pricing the worst case)."""
        return self._fill("retry.md", {"problem": "x" * 400, "ids": _ids(criteria)})

    def claims(self, job: VerifyJob, queries: Sequence[ClaimQuery], *, max_source_chars: int) -> Chat:
        """The chat that asks one judge to rule on the claims a grounding check left ambiguous."""
        fence = Fence.around(_claim_texts(job, queries))
        sources = render_sources(job, max_source_chars, only=_cited_by(queries))
        user = self._fill(
            "claims.md",
            {**self._claim_fields(queries, fence), "sources": self._fenced(sources, fence)},
        )
        return Chat(self._fill("claims_system.md", {}), (("user", user),))

    def claims_batch(
        self, items: Sequence[tuple[VerifyJob, Sequence[ClaimQuery]]], *, max_source_chars: int
    ) -> Chat:
        """The chat that asks one judge to rule on the ambiguous claims of several drafts, the
        instructions sent once (the batch flush)."""
        fence = Fence.around(t for job, queries in items for t in _claim_texts(job, queries))
        once = _SourcesOnce("draft")
        blocks = []
        for job, queries in items:
            ids = once.add(job.job_id, source_parts(job, max_source_chars, only=_cited_by(queries)))
            fields = {**self._claim_fields(queries, fence), "job_id": job.job_id, "source_ids": ids or "none"}
            blocks.append(self._fill("claims_draft.md", fields))
        user = self._fill(
            "claims_batch.md",
            {
                "count": str(len(items)),
                "drafts": "\n".join(blocks),
                "job_ids": ", ".join(f"`{job.job_id}`" for job, _ in items),
                "sources": self._fenced(once.text(), fence),
            },
        )
        return Chat(self._fill("claims_system.md", {}), (("user", user),))

    @staticmethod
    def _claim_fields(queries: Sequence[ClaimQuery], fence: Fence) -> dict[str, str]:
        return {
            "count": str(len(queries)),
            "claims": render_claims(queries),
            "keys": _keys(queries),
            "fence": fence.code,
        }

    def claims_retry(self, chat: Chat, answer: str, problem: str, queries: Sequence[ClaimQuery]) -> Chat:
        """``chat`` followed by the malformed ruling and a request to answer again."""
        return chat.then(answer, self._fill("claims_retry.md", {"problem": problem, "keys": _keys(queries)}))

    def claims_retry_size(self, queries: Sequence[ClaimQuery]) -> str:
        """The longest claim retry message we send (for pricing the worst case)."""
        return self._fill("claims_retry.md", {"problem": "x" * 400, "keys": _keys(queries)})

    def _sources(self, item: Item, fence: Fence, limit: int) -> str:
        return self._fenced(render_sources(item.job, limit), fence)

    def _fenced(self, sources: str, fence: Fence) -> str:
        """``sources.md`` around rendered sources; nothing when there are none."""
        return self._fill("sources.md", {"sources": sources, "fence": fence.code}) if sources else ""

    def _fill(self, name: str, fields: Mapping[str, str]) -> str:
        return self._t[name].safe_substitute(fields)


def _placeholders(text: str) -> set[str]:
    found = set()
    for match in string.Template.pattern.finditer(text):
        name = match.group("named") or match.group("braced")
        if name:
            found.add(name)
    return found


def _ids(criteria: Sequence[Criterion]) -> str:
    return ", ".join(f"`{c.id}`" for c in criteria)


def _claim_texts(job: VerifyJob, queries: Sequence[ClaimQuery]) -> list[str]:
    """What a claim ruling's prompt shows of a job (its fence code must occur in none of it)."""
    return [
        *(q.claim for q in queries),
        *(text for q in queries for _, text in q.evidence),
        *(s.text for s in job.sources),
        *(s.title or "" for s in job.sources),
    ]


def _keys(queries: Sequence[ClaimQuery]) -> str:
    return ", ".join(f"`{q.key}`" for q in queries)


def render_claims(queries: Sequence[ClaimQuery]) -> str:
    """One block per claim: its key, section, mapped sources, text and nearest source sentences."""
    blocks = []
    for q in queries:
        mapped = ", ".join(q.sources) if q.sources else "all sources"
        lines = [
            f"- `{q.key}` (section: {q.section or 'none'}; its sources: {mapped})",
            f"  claim: {_one_line(q.claim)}",
        ]
        lines += [f"  nearest in {sid}: {_one_line(text)}" for sid, text in q.evidence]
        if not q.evidence:
            lines.append("  nearest: none found")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _texts(item: Item) -> list[str]:
    job = item.job
    return [
        job.output.text,
        job.task.description,
        *(c.text for c in item.criteria),
        *(s.text for s in job.sources),
        *(s.title or "" for s in job.sources),
        *(s.url or s.path or "" for s in job.sources),
    ]


def _fields(item: Item, fence: Fence, sources: str) -> dict[str, str]:
    job = item.job
    return {
        "task": job.task.description.strip()
        or "(no description was given; judge the output against the criteria)",
        "criteria": render_criteria(item.criteria),
        "ids": _ids(item.criteria),
        "format": job.output.format.value,
        "language": job.output.language,
        "output": job.output.text,
        "fence": fence.code,
        "sources": sources,
    }


def render_criteria(criteria: Sequence[Criterion]) -> str:
    lines = []
    for c in criteria:
        text = c.text.strip().replace("\n", "\n  ")
        lines.append(f"- `{c.id}`: {text}")
    return "\n".join(lines)


def _cited_by(queries: Sequence[ClaimQuery]) -> frozenset[str] | None:
    """The sources a claim ruling needs: those mapped to the claims' sections and those of the
    sentences found for them (None: every source, when a claim's section maps none)."""
    if any(q.sources is None for q in queries):
        return None
    return frozenset(sid for q in queries for sid in (*(q.sources or ()), *(sid for sid, _ in q.evidence)))


def render_sources(job: VerifyJob, limit: int, *, only: frozenset[str] | None = None) -> str:
    """The job's sources as text (those in ``only``, when given), cut to ``limit`` characters in
    all (0: none are shown)."""
    return "\n\n".join(_source_text(head, body) for _, head, body in source_parts(job, limit, only=only))


def source_parts(
    job: VerifyJob, limit: int, *, only: frozenset[str] | None = None
) -> list[tuple[Source, str, str]]:
    """:func:`render_sources` in parts: each source shown, its heading line and its text as cut."""
    if limit <= 0 or not job.sources:
        return []
    parts = []
    left = limit
    for s in job.sources:
        if only is not None and s.id not in only:
            continue
        where = s.url or s.path or s.detail or ""
        head = f"[{s.id}] {s.title or ''} {where}".strip() + f" (type {s.type})"
        body = s.text.strip()
        if len(body) > left:
            body = body[: max(left, 0)] + " [...cut]"
        left -= len(body)
        parts.append((s, head, body))
        if left <= 0:
            break
    return parts


class _SourcesOnce:
    """The sources of several jobs in one request, each shown once with the jobs it belongs to (a
    mission's jobs are written from the same sources), at the fullest cut any job shows it; one
    of another job under the same id but with other text is shown apart."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.shown: dict[tuple[str, str, str], tuple[str, list[str]]] = {}

    def add(self, job_id: str, parts: Sequence[tuple[Source, str, str]]) -> str:
        """Take one job's sources (:func:`source_parts`); their ids, for its own block."""
        for source, head, body in parts:
            key = (source.id, head, source.text)
            fuller, jobs = self.shown.get(key, ("", []))
            self.shown[key] = (body if len(body) > len(fuller) else fuller, [*jobs, job_id])
        return ", ".join(source.id for source, _, _ in parts)

    def text(self) -> str:
        return "\n\n".join(
            _source_text(f"{head} ({self.what}{'s' if len(jobs) > 1 else ''} {', '.join(jobs)})", body)
            for (_, head, _), (body, jobs) in self.shown.items()
        )


def _source_text(head: str, body: str) -> str:
    return f"{head}\n{body}" if body else head
