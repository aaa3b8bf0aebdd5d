"""The draft cut into runs of text that carry the same flags.

Flags overlap, nest, touch and repeat. :func:`segments` cuts the text at every
flag boundary, so each run is covered by one fixed set of flags: the renderer
wraps the run once, with all their indices and the most severe colour. It
sorts the boundaries once and sweeps them, keeping a count per severity of the
flags that are open, so a 2 MB draft costs one pass plus the flags' sort.

Flags are referred to by their index in ``VerdictEvent.flags``: ids are free
text and need not be unique. A flag whose offsets fall outside the text (or
that has none) is not placed: :func:`locate` says where each one is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from messages import Flag, Severity

SEVERITY_ORDER = (Severity.CRITICAL, Severity.WARNING, Severity.INFO)
"""Most severe first."""
RANK = {s: n for n, s in enumerate(SEVERITY_ORDER)}


@dataclass(frozen=True, slots=True)
class Segment:
    """``text[start:end]`` and the flags covering all of it (indices, ascending).

    A zero-width flag (``start == end``) is a segment of its own, placed before
    the text that follows its position; it marks a point, such as a missing word.
    """

    start: int
    end: int
    flags: tuple[int, ...] = ()
    severity: Severity | None = None
    """The most severe of ``flags``; None for plain text."""


def locate(flag: Flag, length: int) -> tuple[int, int] | None:
    """Where a flag sits in a text of ``length`` characters, or None when it is not in it.

    A missing ``end`` marks the point ``start``; an ``end`` past the text is cut to it.
    """
    if flag.start is None or flag.start > length:
        return None
    end = flag.start if flag.end is None else min(flag.end, length)
    if end < flag.start:
        return None
    return flag.start, end


def segments(length: int, flags: Sequence[Flag]) -> list[Segment]:
    """Cut ``[0, length)`` at every flag boundary; the segments cover it in order, without gaps."""
    opens: dict[int, list[int]] = {}
    closes: dict[int, list[int]] = {}
    points: dict[int, list[int]] = {}
    for index, flag in enumerate(flags):
        where = locate(flag, length)
        if where is None:
            continue
        start, end = where
        if start == end:
            points.setdefault(start, []).append(index)
        else:
            opens.setdefault(start, []).append(index)
            closes.setdefault(end, []).append(index)
    cuts = sorted({0, length, *opens, *closes, *points})
    open_now: set[int] = set()
    counts = [0] * len(SEVERITY_ORDER)
    out: list[Segment] = []
    for n, here in enumerate(cuts):
        for index in closes.get(here, ()):
            open_now.discard(index)
            counts[RANK[flags[index].severity]] -= 1
        for index in opens.get(here, ()):
            open_now.add(index)
            counts[RANK[flags[index].severity]] += 1
        for index in points.get(here, ()):
            out.append(Segment(here, here, (index,), flags[index].severity))
        nxt = cuts[n + 1] if n + 1 < len(cuts) else here
        if nxt > here:
            if open_now:
                worst = next(SEVERITY_ORDER[r] for r, c in enumerate(counts) if c)
                out.append(Segment(here, nxt, tuple(sorted(open_now)), worst))
            else:
                out.append(Segment(here, nxt))
    return out


def most_severe(flags: Sequence[Flag]) -> Severity | None:
    return min((f.severity for f in flags), key=RANK.__getitem__, default=None)
