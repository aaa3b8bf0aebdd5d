"""Candidate sentences for every claim of a draft at once: the best BM25 scores under each claim's sources.

A claim is matched against the sources of its section (the source map) and,
when the map narrows them, against the other sources too. The whole score
matrix is masked once per side (own sources, other sources) and the best
columns taken by a few vectorised passes, not a few numpy calls per claim.
Candidates are listed best first; equal scores go to the earlier sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from checks.grounding.index import SourceIndex

__all__ = ["SectionKey", "candidates", "top_k"]

SectionKey = tuple[str, ...] | None
"""The source ids that back a section (None: every source)."""
Scores = npt.NDArray[np.float32]


def top_k(row: Scores, mask: npt.NDArray[np.bool_], k: int) -> list[int]:
    """The at most ``k`` sentences under ``mask`` with the highest positive score in ``row``, best first."""
    if not len(row):
        return []
    return _best(np.where(mask, row, -np.inf)[np.newaxis, :], k)[0][0]


def candidates(
    scores: Scores,
    index: SourceIndex,
    sections: Sequence[SectionKey],
    *,
    k: int,
    k_other: int,
    digits: Sequence[tuple[str, ...]] = (),
) -> tuple[list[list[int]], list[list[int]]]:
    """(own, other) candidate sentence numbers per claim; ``sections[i]`` backs claim ``i`` (row ``i``).

    ``own``: the ``k`` best sentences of the claim's sources (of all sources when
    its section is unmapped); ``other``: the ``k_other`` best of the remaining
    sources, only when the section is mapped. Both sides are taken from the whole
    score matrix at once: each row masked to its side, then ``k`` passes of ``argmax``.
    Where more of the claim's own sources' sentences score as the last one taken (a source that
    repeats one wording with other figures: figures are no terms), those that write more of claim
    ``i``'s ``digits`` are taken first (:func:`_by_figures`; not among the other sources, where
    the sentences of one wording may be many, and each read costs).
    """
    rows = len(sections)
    if rows == 0 or scores.shape[1] == 0:
        return [[] for _ in sections], [[] for _ in sections]
    keys: dict[SectionKey, int] = {}
    group = np.array([keys.setdefault(key, len(keys)) for key in sections], dtype=np.intp)
    own_mask = np.stack([index.mask(key) for key in keys])[group]
    own, tied = _best(np.where(own_mask, scores, -np.inf), k)
    _by_figures(own, tied, scores=scores, mask=own_mask, digits=digits, index=index)
    mapped = np.array([key is not None for key in sections])
    if not mapped.any():
        return own, [[] for _ in sections]
    other_mask = ~own_mask & mapped[:, np.newaxis]
    return own, _best(np.where(other_mask, scores, -np.inf), k_other)[0]


def _best(masked: npt.NDArray[np.floating], k: int) -> tuple[list[list[int]], list[bool]]:
    """Per row, the columns of the ``k`` highest positive values, best first (equals: earlier first),
    and whether a column not taken has the value of the last one taken (``masked`` is spent)."""
    across = np.arange(masked.shape[0])
    k = min(k, masked.shape[1])
    picked = np.empty((masked.shape[0], k), dtype=np.intp)
    values = np.empty(picked.shape, dtype=masked.dtype)
    for j in range(k):
        best = masked.argmax(axis=1)
        picked[:, j] = best
        values[:, j] = masked[across, best]
        masked[across, best] = -np.inf
    found = picked.tolist()
    positive = (values > 0).tolist()
    if 0 < k < masked.shape[1]:
        tied = ((values[:, -1] > 0) & (masked.max(axis=1) == values[:, -1])).tolist()
    else:
        tied = [False] * masked.shape[0]
    taken = [
        [n for n, ok in zip(ns, oks, strict=True) if ok] for ns, oks in zip(found, positive, strict=True)
    ]
    return taken, tied


def _by_figures(
    taken: list[list[int]],
    tied: Sequence[bool],
    *,
    scores: Scores,
    mask: npt.NDArray[np.bool_],
    digits: Sequence[tuple[str, ...]],
    index: SourceIndex,
) -> None:
    """Where sentences not taken score as the last taken, take those of equal score that write more
    of the claim's figures as it does first, then the earlier (``taken`` is changed in place). ``The
    Tundra rebuild takes about 31 minutes`` against a source with six such sentences of other
    minutes: the one of 31 minutes is a candidate even when it is the sixth."""
    for i in np.flatnonzero(tied).tolist() if digits else ():
        if not digits[i]:
            continue
        row, got = scores[i], taken[i]
        last = row[got[-1]]
        above = [n for n in got if row[n] > last]
        level = np.flatnonzero(mask[i] & (row == last)).tolist()
        level.sort(key=lambda n: -index.writes(n, digits[i]))
        taken[i] = above + level[: len(got) - len(above)]
