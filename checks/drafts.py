"""Structured drafts as a reader sees them, and where each field landed in that text.

The five draft formats (``messages.drafts``) arrive as objects. A reader sees
markdown, so :func:`render` lays a draft out as markdown (title, thesis as a
blockquote, ``## `` section headings, the counterpoint, buckets, items with
links, the comparison table, the reading list and a Sources list of
``[title](url)``). :func:`output_text` is the text the pipeline hands every
check: the rendered markdown when the draft instantiates, the content as
indented JSON (``job.output.text``) when it does not.

Checks read fields, not markdown: :class:`DraftView` gives them the content
with each string field's path (``sections.0.body``) and can turn an offset
inside a field into an offset into the output text, whichever of the two
layouts that text is, so every flag underlines exactly the words it is about.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ValidationError

from messages import (
    DRAFT_MODELS,
    DraftSection,
    DraftSource,
    LinkedInPost,
    NewsletterAnalytical,
    NewsletterComparison,
    NewsletterEssay,
    NewsletterRoundup,
    OutputFormat,
    VerifyJob,
)

Escape = Callable[[str], str]
"""How a field's value was written into the text. Always character by character,
so ``escape(value[:i])`` is a prefix of ``escape(value)``: offsets map exactly."""

URL_FIELDS = frozenset({"url", "anchor_url"})
"""Field names whose whole value is a URL."""
NOT_PROSE = URL_FIELDS | {"language"}


def _same(value: str) -> str:
    return value


_ONE_LINE = str.maketrans({"\n": " ", "\r": " "})
_LABEL = str.maketrans({"\n": " ", "\r": " ", "[": "\\[", "]": "\\]"})
_CELL = str.maketrans({"\n": " ", "\r": " ", "|": "\\|"})
_QUOTE = str.maketrans({"\n": "\n> ", "\r": ""})


def _one_line(value: str) -> str:
    return value.translate(_ONE_LINE)


def _label(value: str) -> str:
    return value.translate(_LABEL)


def _cell(value: str) -> str:
    return value.translate(_CELL)


def _quote(value: str) -> str:
    return value.translate(_QUOTE)


def _json_inner(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)[1:-1]


@dataclass(frozen=True)
class Placed:
    """Where one field (or a whole object or list) sits in the text: ``text[start:end]``."""

    start: int
    end: int
    escape: Escape = _same
    value: str = ""
    """The field's raw value (string fields only)."""

    @cached_property
    def _shifts(self) -> tuple[list[int], list[int]]:
        """Positions in ``value`` whose escape is not one character, and the running length change."""
        grow = {ch: len(self.escape(ch)) - 1 for ch in set(self.value)}
        grow = {ch: d for ch, d in grow.items() if d}
        positions: list[int] = []
        totals: list[int] = []
        if grow:
            total = 0
            for m in re.finditer("[" + "".join(re.escape(ch) for ch in grow) + "]", self.value):
                total += grow[m.group()]
                positions.append(m.start())
                totals.append(total)
        return positions, totals

    def offset(self, i: int) -> int:
        """Offset in the text of position ``i`` of the raw value."""
        if self.escape is _same:
            return self.start + i
        positions, totals = self._shifts
        n = bisect_left(positions, i)
        return self.start + i + (totals[n - 1] if n else 0)

    def slice(self, i: int, j: int) -> tuple[int, int]:
        """Offsets in the text of ``value[i:j]``."""
        return self.offset(i), self.offset(j)


@dataclass(frozen=True)
class Rendered:
    text: str
    spans: Mapping[str, Placed]
    """Field path (``""`` for the whole draft, ``sections.0.body``) -> where it is in ``text``."""


class _Writer:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pos = 0
        self.spans: dict[str, Placed] = {}

    def put(self, text: str) -> None:
        self.parts.append(text)
        self.pos += len(text)

    def block(self) -> None:
        """Start a new paragraph (a blank line) unless at the very start."""
        if self.pos:
            self.put("\n\n")

    def field(self, path: str, value: str, escape: Escape = _same) -> None:
        start = self.pos
        self.put(escape(value))
        self.spans[path] = Placed(start, self.pos, escape, value)

    @contextmanager
    def node(self, path: str) -> Iterator[None]:
        start = self.pos
        yield
        self.spans[path] = Placed(start, self.pos)

    def done(self) -> Rendered:
        return Rendered("".join(self.parts), self.spans)


def render(fmt: OutputFormat, content: Mapping[str, Any] | BaseModel, *, language: str = "en") -> str:
    """The markdown a reader sees for a structured draft.

    Raises:
        pydantic.ValidationError: ``content`` is not a valid draft of ``fmt``.
        KeyError: ``fmt`` is not one of the five structured formats.
    """
    if isinstance(content, BaseModel):
        return layout(content).text
    data = dict(content)
    data.setdefault("language", language)
    return layout(DRAFT_MODELS[fmt].model_validate(data)).text


def layout(draft: BaseModel) -> Rendered:
    """Render a draft instance, recording where every field went."""
    w = _Writer()
    with w.node(""):
        if isinstance(draft, LinkedInPost):
            _linkedin(w, draft)
        elif isinstance(draft, NewsletterEssay):
            _essay(w, draft)
        elif isinstance(draft, NewsletterRoundup):
            _roundup(w, draft)
        elif isinstance(draft, NewsletterComparison):
            _comparison(w, draft)
        elif isinstance(draft, NewsletterAnalytical):
            _analytical(w, draft)
        else:
            raise TypeError(f"{type(draft).__name__} is not a draft model")
        _sources(w, draft.sources)
        w.put("\n")
    return w.done()


def _linkedin(w: _Writer, d: LinkedInPost) -> None:
    w.field("hook", d.hook)
    w.block()
    w.field("body", d.body)
    w.block()
    w.field("closer", d.closer)
    w.block()
    w.field("anchor_url", d.anchor_url)


def _sections(w: _Writer, sections: Sequence[DraftSection]) -> None:
    with w.node("sections"):
        for i, s in enumerate(sections):
            w.block()
            with w.node(f"sections.{i}"):
                w.put("## ")
                w.field(f"sections.{i}.heading", s.heading, _one_line)
                w.block()
                w.field(f"sections.{i}.body", s.body)


def _essay(w: _Writer, d: NewsletterEssay) -> None:
    w.put("# ")
    w.field("title", d.title, _one_line)
    w.block()
    w.put("> ")
    w.field("thesis", d.thesis, _quote)
    _sections(w, d.sections)
    w.block()
    w.put("## Counterpoint")
    w.block()
    w.field("counter", d.counter)


def _link(w: _Writer, path: str, title: str, url: str) -> None:
    w.put("[")
    w.field(f"{path}.title", title, _label)
    w.put("](")
    w.field(f"{path}.url", url)
    w.put(")")


def _roundup(w: _Writer, d: NewsletterRoundup) -> None:
    w.field("intro", d.intro)
    with w.node("buckets"):
        for i, bucket in enumerate(d.buckets):
            w.block()
            with w.node(f"buckets.{i}"):
                w.put("## ")
                w.field(f"buckets.{i}.name", bucket.name, _one_line)
                w.block()
                with w.node(f"buckets.{i}.items"):
                    for j, item in enumerate(bucket.items):
                        if j:
                            w.put("\n")
                        path = f"buckets.{i}.items.{j}"
                        with w.node(path):
                            w.put("- ")
                            _link(w, path, item.title, item.url)
                            w.put(": ")
                            w.field(f"{path}.so_what", item.so_what, _one_line)


def _comparison(w: _Writer, d: NewsletterComparison) -> None:
    with w.node("items"):
        w.put("| Criterion |")
        for i, name in enumerate(d.items):
            w.put(" ")
            w.field(f"items.{i}", name, _cell)
            w.put(" |")
    w.put("\n|" + " --- |" * (len(d.items) + 1))
    with w.node("rows"):
        for i, row in enumerate(d.rows):
            w.put("\n")
            with w.node(f"rows.{i}"):
                w.put("| ")
                w.field(f"rows.{i}.criterion", row.criterion, _cell)
                w.put(" |")
                with w.node(f"rows.{i}.values"):
                    for j, value in enumerate(row.values):
                        w.put(" ")
                        w.field(f"rows.{i}.values.{j}", value, _cell)
                        w.put(" |")
    w.block()
    w.put("**Recommendation:** ")
    w.field("recommendation", d.recommendation)


def _analytical(w: _Writer, d: NewsletterAnalytical) -> None:
    w.field("hook", d.hook)
    _sections(w, d.sections)
    w.block()
    w.put("## What I'm reading")
    w.block()
    with w.node("what_im_reading"):
        for i, entry in enumerate(d.what_im_reading):
            if i:
                w.put("\n")
            with w.node(f"what_im_reading.{i}"):
                w.put("- ")
                _link(w, f"what_im_reading.{i}", entry.title, entry.url)


def _sources(w: _Writer, sources: Sequence[DraftSource]) -> None:
    if not sources:
        return
    w.block()
    w.put("## Sources")
    w.block()
    with w.node("sources"):
        for i, source in enumerate(sources):
            if i:
                w.put("\n")
            with w.node(f"sources.{i}"):
                w.put("- ")
                _link(w, f"sources.{i}", source.title, source.url)


def json_layout(content: Any) -> Rendered:
    """``json.dumps(content, ensure_ascii=False, indent=2)`` with the place of every value."""
    w = _Writer()
    _json(w, content, "", 0)
    return w.done()


def _json(w: _Writer, value: Any, path: str, level: int) -> None:
    start = w.pos
    if isinstance(value, str):
        w.put('"')
        w.field(path, value, _json_inner)
        w.put('"')
        return
    if isinstance(value, (dict, list)) and value:
        is_dict = isinstance(value, dict)
        w.put("{" if is_dict else "[")
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for n, (key, item) in enumerate(pairs):
            w.put(("," if n else "") + "\n" + "  " * (level + 1))
            if is_dict:
                w.put(json.dumps(key, ensure_ascii=False) + ": ")
            _json(w, item, _join(path, key), level + 1)
        w.put("\n" + "  " * level + ("}" if is_dict else "]"))
    else:
        w.put(json.dumps(value, ensure_ascii=False))
    w.spans[path] = Placed(start, w.pos)


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def instantiate(
    fmt: OutputFormat, data: Mapping[str, Any]
) -> tuple[BaseModel | None, ValidationError | None]:
    """The draft instance, or the validation error that says which fields are wrong."""
    try:
        return DRAFT_MODELS[fmt].model_validate(data), None
    except ValidationError as e:
        return None, e


def _with_language(job: VerifyJob, content: dict[str, Any]) -> dict[str, Any]:
    if "language" in content:
        return content
    return {**content, "language": job.output.language}


def output_text(job: VerifyJob) -> str:
    """The output as the checks read it and flag offsets index into.

    Rendered markdown for a structured draft that instantiates; ``job.output.text``
    otherwise (strings as sent, objects and broken drafts as indented JSON).
    """
    view = _view(job)
    return view.text if view is not None else job.output.text


@dataclass(frozen=True)
class Leaf:
    path: str
    value: str

    @property
    def name(self) -> str:
        return self.path.rsplit(".", 1)[-1]

    @property
    def is_url(self) -> bool:
        return self.name in URL_FIELDS

    @property
    def is_prose(self) -> bool:
        return self.name not in NOT_PROSE


@dataclass(frozen=True)
class DraftView:
    """A structured draft as checks read it: valid or not, with offsets into the text."""

    format: OutputFormat
    data: Mapping[str, Any]
    """The content as sent, with ``language`` taken from the job when the draft has none."""
    model: BaseModel | None
    error: ValidationError | None
    text: str
    spans: Mapping[str, Placed] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        return self.model is not None

    def leaves(self) -> list[Leaf]:
        """Every string value in the draft with its path, in the order they appear in the text."""
        found: list[Leaf] = []
        stack: list[tuple[str, Any]] = [("", self.data)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, str):
                found.append(Leaf(path, value))
            elif isinstance(value, dict):
                stack.extend((_join(path, k), v) for k, v in reversed(list(value.items())))
            elif isinstance(value, list):
                stack.extend((_join(path, i), v) for i, v in reversed(list(enumerate(value))))
        order = {leaf.path: n for n, leaf in enumerate(found)}
        return sorted(found, key=lambda leaf: (self.locate(leaf.path)[0], order[leaf.path]))

    def get(self, path: str) -> Any:
        """The raw value at a dotted path, or None when there is none."""
        value: Any = self.data
        for part in path.split(".") if path else ():
            if isinstance(value, dict):
                value = value.get(part)
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return None
        return value

    def locate(self, path: str, i: int | None = None, j: int | None = None) -> tuple[int, int]:
        """Offsets in the text of a field, or of ``value[i:j]`` within a string field.

        A field that is not in the text (missing, or not rendered) falls back to
        the nearest enclosing object or list that is, and finally to the whole text.
        """
        probe = path
        while probe not in self.spans and probe:
            probe = probe.rsplit(".", 1)[0] if "." in probe else ""
        placed = self.spans.get(probe)
        if placed is None:
            return 0, len(self.text)
        value = self.get(path)
        if probe == path and i is not None and isinstance(value, str):
            return placed.slice(i, len(value) if j is None else j)
        return placed.start, placed.end


def read_draft(job: VerifyJob, text: str | None = None) -> DraftView | None:
    """The job's draft, or None when the output is not one of the five structured formats.

    ``text`` is the text flags will index into (the pipeline's :func:`output_text`); when it
    is some other text, offsets fall back to the whole of it.
    """
    view = _view(job)
    if view is None or text is None or text is view.text or text == view.text:
        return view
    return replace(view, text=text, spans={"": Placed(0, len(text))})


_LAST: list[tuple[VerifyJob, DraftView | None]] = []
"""The last job read and its draft: the pipeline and its four checks read the same job in turn.
One slot, replaced whole, so concurrent threads at worst compute a draft twice."""


def _view(job: VerifyJob) -> DraftView | None:
    last = _LAST[0] if _LAST else None
    if last is not None and last[0] is job:
        return last[1]
    view = _build_view(job)
    _LAST[:] = [(job, view)]
    return view


def _build_view(job: VerifyJob) -> DraftView | None:
    content = job.output.content
    fmt = job.output.format
    if fmt not in DRAFT_MODELS or not isinstance(content, dict):
        return None
    data = _with_language(job, content)
    model, error = instantiate(fmt, data)
    laid = layout(model) if model is not None else json_layout(content)
    if model is None and laid.text != job.output.text:  # cannot happen while Output.text is json.dumps
        laid = Rendered(job.output.text, {"": Placed(0, len(job.output.text))})
    return DraftView(format=fmt, data=data, model=model, error=error, text=laid.text, spans=laid.spans)
