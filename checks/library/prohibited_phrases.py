"""``prohibited_phrases``: words and phrases the voice profile bans, each hit with its span.

Phrases come from ``job.voice.prohibited_phrases`` and from the criterion's
``phrases`` param (both, when both are given). Matching is case-insensitive and
whole-word in any script: a hit may not be glued to a letter, digit, ``_`` or
combining mark (Arabic harakat, Hebrew points) on a side where the phrase
itself begins or ends with one, so "synergy" does not match "synergyst" and
"C++" matches "use C++ here". Whitespace in a phrase matches any run of
whitespace; straight and curly apostrophes match each other. Markdown and
HTML entities are decoded before matching (``in&nbsp;conclusion`` is a hit),
while every span still indexes the raw text. Hits inside code (fenced, inline,
``<code>``/``<pre>``) are examples, not prose, and are not flagged.

Speed: all phrases compile into one regular expression shaped as a trie
(shared prefixes matched once), so a scan costs about the same for 5 or
2,000 phrases: 2,000 phrases over 1 MB take about 0.1 s, a 2,000-word
draft about 1 ms. Compiled matchers are cached per phrase list (compiling
2,000 everyday phrases takes about 0.1 s).
The leftmost hit wins, then the longest ("game-changer" over "game").

Every hit is a critical ``voice_violation`` flag, in every strictness (the
first 1,000 of them; ``details.hits`` counts them all).
"""

from __future__ import annotations

import html
import re
import sys
import threading
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import compress
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from checks.flags import flag
from checks.library.structure import find_headings, line_finder, section_finder
from checks.registry import CheckContext, CheckResult, register
from checks.text import Cover, code_spans
from messages import CheckName, FlagType, OutputFormat, Severity

MAX_PHRASES = 2_000
MAX_FLAGS = 1_000
"""Hits flagged one by one; past this the reason and ``details.hits`` give the count."""
_APOSTROPHES = "'\u2019\u02bc\u2018"
_NEST_LIMIT = 48
"""Deepest group nesting put in one pattern; past it the phrase list is split (``re`` recurses)."""
_ENTITY = re.compile(r"&(?:#[0-9]{1,7};?|#[xX][0-9a-fA-F]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};?)")
_SPACE = re.compile(r"\s+")

Phrase = Annotated[str, Field(min_length=1, max_length=500)]


class ProhibitedPhrasesParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    phrases: list[Phrase] = Field(default_factory=list, max_length=MAX_PHRASES)
    """Phrases banned by this criterion, on top of the voice profile's."""

    @field_validator("phrases")
    @classmethod
    def _not_blank(cls, value: list[str]) -> list[str]:
        for i, phrase in enumerate(value):
            if not phrase.strip():
                raise ValueError(f"phrase {i} is blank")
        return value


@dataclass(frozen=True)
class Hit:
    start: int
    end: int
    phrase: str
    """The prohibited phrase as the profile spells it."""


@register(CheckName.PROHIBITED_PHRASES, params=ProhibitedPhrasesParams)
def prohibited_phrases(ctx: CheckContext) -> CheckResult:
    phrases = list(ctx.job.voice.prohibited_phrases) if ctx.job.voice else []
    if isinstance(ctx.params, ProhibitedPhrasesParams):
        phrases += ctx.params.phrases
    phrases = [p for p in phrases if p.strip()]
    if not phrases:
        return CheckResult.skipped("not_applicable", details={"why": "no prohibited phrases were given"})
    is_html = ctx.job.output.format is OutputFormat.HTML
    hits = find_phrases(ctx.text, phrases, decode_entities=is_html or "&" in ctx.text)
    details: dict[str, Any] = {"phrases": len(set(phrases)), "hits": len(hits)}
    if not hits:
        return CheckResult.passed(details=details)
    section_at = section_finder(find_headings(ctx.text, is_html=is_html))
    line_of = line_finder(ctx.text)
    flags = []
    fixes = []
    for hit in hits[:MAX_FLAGS]:
        found = ctx.text[hit.start : hit.end]
        line = line_of(hit.start)
        fix = (
            f"Replace '{found}' at line {line} (characters {hit.start}-{hit.end}) with plain wording "
            f"that the voice profile allows; it prohibits '{hit.phrase}'. Keep all other text."
        )
        fixes.append(fix)
        flags.append(
            flag(
                FlagType.VOICE_VIOLATION,
                Severity.CRITICAL,
                check=CheckName.PROHIBITED_PHRASES.value,
                explanation=f"'{found}' is a prohibited phrase in the voice profile.",
                suggestion=fix,
                start=hit.start,
                end=hit.end,
                text=ctx.text,
                section=section_at(hit.start),
            )
        )
    distinct = sorted({h.phrase for h in hits}, key=str.lower)
    details["found"] = distinct[:50]
    return CheckResult.failed(
        f"{len(hits)} prohibited phrase{'s' if len(hits) != 1 else ''}: "
        + ", ".join(f"'{p}'" for p in distinct[:5])
        + (f" and {len(distinct) - 5} more" if len(distinct) > 5 else "")
        + (f" (the first {MAX_FLAGS} flagged)" if len(hits) > MAX_FLAGS else ""),
        score=0.0,
        flags=flags,
        fixes=fixes,
        details=details,
    )


def find_phrases(text: str, phrases: list[str], *, decode_entities: bool = False) -> list[Hit]:
    """Whole-word, case-insensitive hits of ``phrases`` in ``text``, outside code, in order."""
    matcher = _matcher(tuple(sorted(set(phrases))))
    if matcher is None:
        return []
    view = _EntityView(text) if decode_entities and "&" in text else None
    haystack = view.text if view else text
    candidates: list[tuple[int, int]] = []
    for pattern in matcher.patterns:
        candidates += [(m.start(), m.end()) for m in pattern.finditer(haystack)]
    if not candidates:
        return []
    candidates.sort(key=lambda c: (c[0], -c[1]))
    in_code = Cover(code_spans(text))
    hits: list[Hit] = []
    last_end = -1
    for start, end in candidates:
        if start < last_end:
            continue
        last_end = end
        raw_start, raw_end = (view.start(start), view.end(end)) if view else (start, end)
        if in_code(raw_start):
            continue
        phrase = matcher.by_key.get(_key(haystack[start:end]), haystack[start:end])
        hits.append(Hit(raw_start, raw_end, phrase))
    return hits


# --- matching ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Matcher:
    patterns: tuple[re.Pattern[str], ...]
    by_key: dict[str, str]


def _fold(ch: str) -> str:
    if ch in _APOSTROPHES:
        return "'"
    low = ch.lower()
    return low if len(low) == 1 else ch


def _key(phrase: str) -> str:
    """The form two spellings of a phrase compare equal in."""
    return "".join(_fold(ch) for ch in _SPACE.sub(" ", phrase.strip()))


@lru_cache(maxsize=32)
def _matcher(phrases: tuple[str, ...]) -> _Matcher | None:
    by_key: dict[str, str] = {}
    for phrase in phrases:
        key = _key(phrase)
        if key:
            by_key.setdefault(key, phrase)
    if not by_key:
        return None
    return _Matcher(tuple(_compile(sorted(by_key))), by_key)


def _compile(keys: list[str]) -> list[re.Pattern[str]]:
    """One pattern for ``keys``, or several when one would nest too deeply for ``re``.

    Keys are grouped by whether they start and end with a word character; each
    group is one trie with a single boundary check before and after it, so the
    (large) word class appears at most four times however many phrases there are.
    A trailing lookahead that fails backtracks into the trie, which then tries
    the next shorter phrase: "game-changer" wins over "game" where it fits.
    """
    word = _word_class()
    wordy = _word_re()
    groups: dict[tuple[bool, bool], list[str]] = {}
    for key in keys:
        groups.setdefault((bool(wordy.match(key[0])), bool(wordy.match(key[-1]))), []).append(key)
    try:
        branches = []
        for (starts, ends), members in sorted(groups.items()):
            # A cheap first-character test before the boundary checks lets most positions fail fast.
            firsts = {k[0] for k in members}
            first = "".join(
                re.escape(ch) for ch in sorted(firsts | (set(_APOSTROPHES) if "'" in firsts else set()))
            )
            before = f"(?-i:(?<!{word}))" if starts else ""
            after = f"(?-i:(?!{word}))" if ends else ""
            branches.append(f"(?=[{first}]){before}(?:{_emit(_trie(members), 0)}){after}")
        return [re.compile("|".join(branches), re.IGNORECASE)]
    except _TooDeep:
        half = len(keys) // 2
        return _compile(keys[:half]) + _compile(keys[half:])


class _TooDeep(Exception):
    pass


_END = ""


def _trie(keys: list[str]) -> dict[str, Any]:
    root: dict[str, Any] = {}
    for key in keys:
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
        node[_END] = True
    return root


def _atom(ch: str) -> str:
    if ch == " ":
        return r"\s+"
    if ch == "'":
        return "[" + _APOSTROPHES + "]"
    return re.escape(ch)


def _emit(node: dict[str, Any], depth: int) -> str:
    """The regex for a trie node: the chain below it, then its branches."""
    if depth > _NEST_LIMIT:
        raise _TooDeep
    parts: list[str] = []
    # Walk single-child chains without recursing: only branches nest.
    while len(node) == 1 and _END not in node:
        ((ch, child),) = node.items()
        parts.append(_atom(ch))
        node = child
    alternatives = [_atom(ch) + _emit(child, depth + 1) for ch, child in sorted(node.items()) if ch]
    if not alternatives:
        return "".join(parts)
    body = alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"
    if _END in node:
        body = f"(?:{body})?"  # greedy: try the longer phrase first, end here on backtrack
    return "".join(parts) + body


_WORD_CLASS_LOCK = threading.Lock()


def _word_class() -> str:
    """A character class for what glues to a word: letters, digits, ``_``, combining marks, ZWJ/ZWNJ.

    Built once per process (about 0.1 s: every code point's category), under a lock: a worker's
    threads that meet their first phrase list together wait for one build instead of each
    making its own (eight threads made eight, 0.46 s each, before the first verdict).
    """
    with _WORD_CLASS_LOCK:
        return _build_word_class()


@cache
def _build_word_class() -> str:
    every = range(sys.maxunicode + 1)
    marks = compress(every, (c[0] == "M" for c in map(unicodedata.category, map(chr, every))))
    ranges: list[tuple[int, int]] = []
    for code in marks:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    spans = "".join(f"{chr(a)}-{chr(b)}" if a != b else chr(a) for a, b in ranges)
    return "[\\w\u200c\u200d" + spans + "]"


def warm_up() -> None:
    """Build what the first phrase list would otherwise wait for (a worker calls it at boot)."""
    _word_re()


@cache
def _word_re() -> re.Pattern[str]:
    return re.compile(_word_class())


class _EntityView:
    """The text with HTML entities decoded, and a map from its offsets back to the raw text."""

    def __init__(self, raw: str) -> None:
        pieces: list[str] = []
        # (view_start, raw_start, view_len, raw_len) for each decoded entity, in order.
        self.segments: list[tuple[int, int, int, int]] = []
        view_pos = raw_pos = 0
        for m in _ENTITY.finditer(raw):
            decoded = html.unescape(m.group())
            if decoded == m.group():
                continue
            pieces.append(raw[raw_pos : m.start()])
            view_pos += m.start() - raw_pos
            self.segments.append((view_pos, m.start(), len(decoded), m.end() - m.start()))
            pieces.append(decoded)
            view_pos += len(decoded)
            raw_pos = m.end()
        pieces.append(raw[raw_pos:])
        self.text = "".join(pieces)
        self._starts = [s[0] for s in self.segments]

    def _raw(self, pos: int, *, end: bool) -> int:
        i = bisect_right(self._starts, pos - 1 if end else pos) - 1
        if i < 0:
            return pos
        view_start, raw_start, view_len, raw_len = self.segments[i]
        inside = view_start <= (pos - 1 if end else pos) < view_start + view_len
        if inside:
            return raw_start + raw_len if end else raw_start
        return raw_start + raw_len + (pos - view_start - view_len)

    def start(self, pos: int) -> int:
        return self._raw(pos, end=False)

    def end(self, pos: int) -> int:
        return self._raw(pos, end=True)
