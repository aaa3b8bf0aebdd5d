"""The source-map rule: which sources back the section a claim sits in.

``source_map`` lists, per section title, the ids of the sources that section
was written from. A claim is matched against the sources of the innermost
heading above it that the map names: a claim under ``### Latency`` inside
``## Findings`` uses the sources mapped to ``Latency`` if the map names it,
else those mapped to ``Findings``. Titles compare case-insensitively, with
punctuation, extra spaces and a leading number (``2. Findings``) ignored.

A claim under no mapped heading (or a job without a source map) is matched
against every source: the map says nothing about it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from typing import Final

from checks.claims import Heading
from messages import SourceMapEntry

__all__ = ["SectionSources", "section_key"]

_PUNCT: Final = re.compile(r"[^\w\s]")
_NUMBERING: Final = re.compile(r"^\d+(?:\s+|$)")


def section_key(title: str) -> str:
    """The form section titles compare in."""
    key = " ".join(_PUNCT.sub(" ", title.casefold()).split())
    return _NUMBERING.sub("", key)


class SectionSources:
    """Looks up the sources that back the text at a position."""

    def __init__(self, text: str, headings: Sequence[Heading], source_map: Sequence[SourceMapEntry]) -> None:
        mapped: dict[str, tuple[str, ...]] = {}
        titles: dict[str, str] = {}
        for entry in source_map:
            key = section_key(entry.section)
            ids = mapped.get(key, ())
            mapped[key] = ids + tuple(i for i in entry.source_ids if i not in ids)
            titles.setdefault(key, entry.section)
        self.active = bool(mapped)
        self._starts = [h.start for h in headings]
        # For each heading: the innermost mapped heading among it and its ancestors.
        self._resolved: list[tuple[str, tuple[str, ...]] | None] = []
        chain: list[tuple[int, Heading]] = []
        for h in headings:
            level = _level(text, h)
            while chain and chain[-1][0] >= level:
                chain.pop()
            chain.append((level, h))
            found = None
            for _, ancestor in reversed(chain):
                key = section_key(ancestor.title)
                if key in mapped:
                    found = (titles[key], mapped[key])
                    break
            self._resolved.append(found)

    def at(self, position: int) -> tuple[str | None, tuple[str, ...] | None]:
        """(mapped section title, its source ids) for text at ``position``; (None, None) when unmapped."""
        if not self.active:
            return None, None
        i = bisect_right(self._starts, position) - 1
        found = self._resolved[i] if i >= 0 else None
        if found is None:
            return None, None
        return found


def _level(text: str, heading: Heading) -> int:
    """1-6 for markdown ATX (``#``), HTML ``<hN>`` and setext (``===`` 1, ``---`` 2) headings."""
    written = text[heading.start : heading.end].lstrip(" \t>")
    if written.startswith("#"):
        return min(len(written) - len(written.lstrip("#")), 6)
    if written[:2].lower() == "<h" and written[2:3].isdigit():
        return int(written[2])
    return 1 if written.rstrip().endswith("=") else 2
