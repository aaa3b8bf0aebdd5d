"""Source markers: ``[Source: type:path:detail]`` in a draft, looked up in the research brief.

Where markers are found, all three forms, deduplicated by position (the
offset of the ``[``, or of ``Source:`` in a ``<cite>`` without brackets):

* inside an HTML comment: ``<!-- [Source: web:https://example.org/a:web-1] -->``
  (one comment may hold several markers);
* inside a ``<cite>`` element: ``<cite>[Source: ...]</cite>`` or ``<cite>Source: ...</cite>``;
* as raw inline text: ``... takes 45 seconds [Source: analytics:dash/latency:p95].``

Markers inside code (fenced, inline, ``<code>``/``<pre>``) are examples, not
citations, and are ignored. ``Source`` may be written in any case.

How a marker is parsed (paths may hold colons, as URLs and ``file.py:42`` do):
the **type** is everything before the first colon, trimmed and lower-cased;
the rest is ``path[:detail]``. The brief's own index decides where the path
ends. Lookup is two-tier:

1. full key ``type:path:detail``: the rest is split at each of its colons,
   the last colon first (so a detail normally holds no colon), and the first
   split whose (type, path, detail) is an entry of the brief wins;
2. partial key ``type:path``, when the marker omits the detail: the whole rest
   is taken as the path.

A marker that matches neither is a broken reference. For its message the rest
is split at the last colon whose left part is a path the brief knows (a detail
mismatch), else at the last colon not followed by ``//`` and with no ``/`` after
it. A source's path is its ``path``, else its ``url``, else its ``id``; both
``path`` and ``url`` are indexed when both are given. URLs compare after
:func:`checks.text.normalize_url`, file paths after dropping a leading ``./``.
When several sources share a key, the first in the brief wins.

A marker attaches to the sentence it sits in, else to the sentence it
immediately follows (no heading in between), else to the sentence it
immediately precedes (markers written before their claim); a marker with no
such sentence is an orphan, still looked up.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from checks.claims import MARKER_RE, Anchors, Prose
from checks.text import Cover, code_spans, normalize_url
from messages import Source, SourceType

__all__ = [
    "DEFAULT_RELIABILITY",
    "VALID_TYPES",
    "Marker",
    "Outcome",
    "Resolution",
    "SourceIndex",
    "attach",
    "extract_markers",
    "reliability",
    "source_path",
]

VALID_TYPES: frozenset[str] = frozenset(t.value for t in SourceType)
DEFAULT_RELIABILITY: Mapping[str, float] = {
    SourceType.WEB: 0.6,
    SourceType.SOURCE_CODE: 0.9,
    SourceType.DOCUMENTATION: 0.8,
    SourceType.ANALYTICS: 0.7,
}
_FALLBACK_RELIABILITY = 0.5
_MAX_SPLITS = 16

_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.DOTALL)
_CITE = re.compile(r"<cite\b[^<>]*>(?P<body>[^<]{0,2100})</cite[ \t]*>", re.IGNORECASE)
_CITE_BARE = re.compile(r"[ \t]*(?P<marker>source[ \t]*:(?P<body>[^\]\n]{0,2000}?))[ \t]*$", re.IGNORECASE)

Form = Literal["comment", "cite", "inline"]


class Outcome(StrEnum):
    VERIFIED = "verified"
    BROKEN = "broken"
    INVALID_TYPE = "invalid_type"


@dataclass(frozen=True, slots=True)
class Marker:
    start: int
    end: int
    """``text[start:end]`` is the marker as written (``[Source: ...]``)."""
    outer_start: int
    outer_end: int
    """The enclosing comment or ``<cite>`` element (the marker itself when inline)."""
    form: Form
    body: str
    """What follows ``Source:``, trimmed, entities decoded."""

    @property
    def type(self) -> str:
        return self.body.partition(":")[0].strip().lower()

    @property
    def rest(self) -> str:
        """``path[:detail]``: everything after the first colon, trimmed."""
        return self.body.partition(":")[2].strip()

    @property
    def label(self) -> str:
        return f"[Source: {self.body}]"


@dataclass(frozen=True, slots=True)
class Resolution:
    marker: Marker
    outcome: Outcome
    source: Source | None = None
    path: str = ""
    detail: str | None = None
    tier: Literal["full", "partial"] | None = None
    hint: str = ""
    """Why a marker did not resolve, in words a writer can act on."""

    @property
    def verified(self) -> bool:
        return self.outcome is Outcome.VERIFIED


def source_path(source: Source) -> str:
    """The path a marker names a source by: ``path``, else ``url``, else ``id``."""
    return source.path or source.url or source.id


def reliability(source: Source) -> float:
    """The source's own reliability, else the default for its type."""
    if source.reliability is not None:
        return source.reliability
    return DEFAULT_RELIABILITY.get(source.type.strip().lower(), _FALLBACK_RELIABILITY)


@lru_cache(maxsize=4096)
def _norm_path(path: str) -> str:
    path = path.strip()
    if path[:8].lower().startswith(("http://", "https://")):
        return normalize_url(path)
    return path.removeprefix("./")


class SourceIndex:
    """The research brief's sources keyed for the two-tier lookup."""

    def __init__(self, sources: Iterable[Source]) -> None:
        self._full: dict[tuple[str, str, str], Source] = {}
        self._partial: dict[tuple[str, str], Source] = {}
        self._details: dict[tuple[str, str], list[str]] = {}
        self._types: dict[str, list[str]] = {}
        for source in sources:
            kind = source.type.strip().lower()
            paths = {p for p in (source.path, source.url) if p and p.strip()} or {source.id}
            for raw in paths:
                path = _norm_path(raw)
                self._partial.setdefault((kind, path), source)
                self._types.setdefault(path, []).append(kind)
                if source.detail and source.detail.strip():
                    detail = source.detail.strip()
                    self._full.setdefault((kind, path, detail), source)
                    self._details.setdefault((kind, path), []).append(detail)

    def resolve(self, marker: Marker) -> Resolution:
        kind, rest = marker.type, marker.rest
        if kind not in VALID_TYPES:
            return Resolution(marker, Outcome.INVALID_TYPE, hint=f"type {kind!r} is not a valid source type")
        if not rest:
            return Resolution(marker, Outcome.BROKEN, hint="the marker names no path")
        splits = _splits(rest)
        for path, detail in splits:
            found = self._full.get((kind, _norm_path(path), detail))
            if found is not None:
                return Resolution(marker, Outcome.VERIFIED, found, path, detail, "full")
        found = self._partial.get((kind, _norm_path(rest)))
        if found is not None:
            return Resolution(marker, Outcome.VERIFIED, found, rest, None, "partial")
        return self._broken(marker, kind, rest, splits)

    def _broken(self, marker: Marker, kind: str, rest: str, splits: list[tuple[str, str]]) -> Resolution:
        for path, detail in splits:
            known = self._details.get((kind, _norm_path(path)))
            if known is not None or (kind, _norm_path(path)) in self._partial:
                has = ", ".join(repr(d) for d in known[:5]) if known else "no detail"
                hint = f"the brief has {kind}:{path} but with {has}, not detail {detail!r}"
                return Resolution(marker, Outcome.BROKEN, None, path, detail, None, hint)
        shown, shown_detail = _display_split(rest)
        hint = f"no source in the brief has type {kind} and path {shown}"
        others = [t for t in self._types.get(_norm_path(shown), []) if t != kind]
        if others:
            hint += f" (that path is listed as {others[0]})"
        return Resolution(marker, Outcome.BROKEN, None, shown, shown_detail, None, hint)


def _splits(rest: str) -> list[tuple[str, str]]:
    """(path, detail) for each colon of ``rest`` with text on both sides, last colon first."""
    out: list[tuple[str, str]] = []
    i = len(rest)
    while len(out) < _MAX_SPLITS:
        i = rest.rfind(":", 0, i)
        if i < 0:
            break
        path, detail = rest[:i].strip(), rest[i + 1 :].strip()
        if path and detail:
            out.append((path, detail))
    return out


def _display_split(rest: str) -> tuple[str, str | None]:
    i = rest.rfind(":")
    if i > 0:
        detail = rest[i + 1 :].strip()
        if detail and not detail.startswith("//") and "/" not in detail and not detail.isdigit():
            return rest[:i].strip(), detail
    return rest, None


def extract_markers(text: str, *, code: Sequence[tuple[int, int]] | None = None) -> list[Marker]:
    """Every marker outside code, in order of position, each position once.

    ``code`` takes the draft's :func:`checks.text.code_spans` when the caller
    already has them.
    """
    if "[" not in text and "<cite" not in text.lower():
        return []
    in_code = Cover(code_spans(text) if code is None else code)

    found: dict[int, Marker] = {}
    if "<!--" in text:
        for c in _COMMENT.finditer(text):
            if in_code(c.start()):
                continue
            for m in MARKER_RE.finditer(text, c.start(1), c.end(1)):
                found.setdefault(
                    m.start(),
                    Marker(m.start(), m.end(), c.start(), c.end(), "comment", _body(m.group("body"))),
                )
    if "<" in text:
        for c in _CITE.finditer(text):
            if in_code(c.start()):
                continue
            inner = False
            for m in MARKER_RE.finditer(text, c.start("body"), c.end("body")):
                inner = True
                found.setdefault(
                    m.start(), Marker(m.start(), m.end(), c.start(), c.end(), "cite", _body(m.group("body")))
                )
            bare = None if inner else _CITE_BARE.match(c.group("body"))
            if bare is not None:
                at = c.start("body") + bare.start("marker")
                found.setdefault(
                    at,
                    Marker(
                        at,
                        c.start("body") + bare.end("marker"),
                        c.start(),
                        c.end(),
                        "cite",
                        _body(bare["body"]),
                    ),
                )
    for m in MARKER_RE.finditer(text):
        if m.start() not in found and not in_code(m.start()):
            found[m.start()] = Marker(
                m.start(), m.end(), m.start(), m.end(), "inline", _body(m.group("body"))
            )
    return [found[k] for k in sorted(found)]


def _body(raw: str) -> str:
    body = html.unescape(raw) if "&" in raw else raw
    return " ".join(body.split())


def attach(markers: Sequence[Marker], prose: Prose) -> tuple[dict[int, list[Marker]], list[Marker]]:
    """Markers by the index of the sentence they attach to, and the orphans."""
    anchors = Anchors(prose)
    attached: dict[int, list[Marker]] = {}
    orphans: list[Marker] = []
    for marker in markers:
        target = anchors.owner(marker.start, marker.end)
        if target is None:
            orphans.append(marker)
        else:
            attached.setdefault(target, []).append(marker)
    return attached, orphans
