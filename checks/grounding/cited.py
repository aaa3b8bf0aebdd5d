"""Which sources a draft's sentences cite, and the sentences' text without the citations.

Three forms of citation name a source of the job:

* a **link** to a source's ``url`` (markdown, HTML or bare; compared after
  :func:`checks.text.normalize_url`);
* a **source id** such as ``[s3]`` or ``[source: s1, s3]``
  (:func:`checks.citations_ids.citations`, known ids only);
* a **marker** ``[Source: type:path:detail]`` that resolves to a source
  (:mod:`checks.markers`).

A citation belongs to the sentence it sits in, else to the sentence it
follows (no heading in between), else to the one it precedes: the rule markers
attach by. A "sentence" made of citations alone (``[s1, s2]`` on its own line)
is not a claim; its citations go to the sentence before it. Citations that
name no source of the job are ``cite_integrity``'s business and are ignored
here.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from checks.citations_ids import citations
from checks.claims import Anchors, Prose
from checks.markers import SourceIndex as MarkerIndex
from checks.markers import extract_markers
from checks.text import find_urls, normalize_url
from messages import Source

__all__ = ["Citations", "Cite", "find_citations", "matching_text"]

_LINK: Final = re.compile(r"\[([^\[\]]*)\]\(\s*\)")
_EMPTY_PARENS: Final = re.compile(r"\(\s*\)")
_BRACKET: Final = re.compile(
    r"\[\s*(?:(?:sources?|src|refs?)\s*[:=]\s*)?(?P<names>[^\[\]]{1,200})\]", re.IGNORECASE
)
_NAME: Final = re.compile(r"[^\s,;]+")
_ALNUM: Final = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class Cite:
    source_id: str
    start: int
    end: int
    """``text[start:end]``: the citation as written (the URL, the id, the marker)."""
    form: Literal["link", "id", "marker"]


@dataclass(frozen=True, slots=True)
class Citations:
    by_sentence: dict[int, list[Cite]]
    """Sentence index (in ``prose.sentences``) -> the job's sources it cites, in order."""
    only_citations: frozenset[int]
    """Sentences made of citations alone: not claims."""
    names: frozenset[str]
    """Every source id cited by id, case-folded (to strip them from claim text)."""


def find_citations(
    text: str, prose: Prose, sources: Sequence[Source], code: Sequence[tuple[int, int]]
) -> Citations:
    found: list[Cite] = []
    if sources:
        marker_index = MarkerIndex(sources)
        for marker in extract_markers(text, code=code):
            resolution = marker_index.resolve(marker)
            if resolution.verified and resolution.source is not None:
                found.append(Cite(resolution.source.id, marker.start, marker.end, "marker"))
        ids = {s.id: s.id for s in sources}
        folded = {s.id.casefold(): s.id for s in sources}
        for c in citations(text, sources):
            if c.known:
                sid = ids.get(c.name) or folded.get(c.name.casefold())
                if sid is not None:
                    found.append(Cite(sid, c.start, c.end, "id"))
        by_url = {normalize_url(s.url): s.id for s in sources if s.url}
        if by_url:
            for span in find_urls(text):
                sid = by_url.get(normalize_url(span.text))
                if sid is not None:
                    found.append(Cite(sid, span.start, span.end, "link"))
    found.sort(key=lambda c: c.start)
    only = _citation_only(text, prose, found)
    by_sentence = _attach(found, prose, only)
    names = frozenset(text[c.start : c.end].casefold() for c in found if c.form == "id")
    return Citations(by_sentence, only, names)


def matching_text(plain: str, names: frozenset[str]) -> str:
    """A sentence's plain text as the matcher reads it: link syntax and id citations removed."""
    if "[" in plain:
        plain = _LINK.sub(r"\1", plain)
        if names:
            plain = _BRACKET.sub(lambda m: " " if _all_cited(m.group("names"), names) else m.group(), plain)
    if "(" in plain:
        plain = _EMPTY_PARENS.sub(" ", plain)
    return " ".join(plain.split())


def _all_cited(body: str, names: frozenset[str]) -> bool:
    found = _NAME.findall(body)
    return bool(found) and all(n.casefold() in names for n in found)


def _citation_only(text: str, prose: Prose, found: Sequence[Cite]) -> frozenset[int]:
    if not found:
        return frozenset()
    starts = [c.start for c in found]
    only = set()
    for i, s in enumerate(prose.sentences):
        if len(s.text) > 200 or "[" not in s.text:
            continue
        inside = [
            c for c in found[bisect_left(starts, s.start) : bisect_right(starts, s.end)] if c.end <= s.end
        ]
        if not inside:
            continue
        chars = list(text[s.start : s.end])
        for c in inside:
            chars[c.start - s.start : c.end - s.start] = " " * (c.end - c.start)
        rest = "".join(chars)
        rest = re.sub(r"(?i)\b(?:sources?|src|refs?)\b", " ", rest)
        if _ALNUM.search(rest) is None:
            only.add(i)
    return frozenset(only)


def _attach(found: Sequence[Cite], prose: Prose, only: frozenset[int]) -> dict[int, list[Cite]]:
    anchors = Anchors(prose)
    sentences = prose.sentences
    out: dict[int, list[Cite]] = {}
    for cite in found:
        target = anchors.owner(cite.start, cite.end)
        while target is not None and target in only:
            # A line of citations backs the sentence before it.
            previous = target - 1
            if previous < 0 or anchors.heading_between(sentences[previous].end, sentences[target].start):
                target = None
            else:
                target = previous
        if target is not None:
            out.setdefault(target, []).append(cite)
    return out
