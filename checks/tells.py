"""The eight AI tells: phrases a careful human writer does not leave in a finished draft.

1. ``delve``: "delve", "delves", "delved", "delving";
2. ``stock_opener``: "In today's fast-paced world", "In today's digital landscape", "In the ever-evolving"...;
3. ``important_to_note``: "It's important to note", "It's worth noting"...;
4. ``not_just_but``: the "not just X, but Y" / "not only X but also Y" construction;
5. ``hype``: "game-changer", "revolutionize", "unlock the power", "supercharge";
6. ``em_dash``: more than one em dash per 100 words (a single em dash is always allowed);
7. ``closing_opener``: a paragraph that opens with "In conclusion", "In summary" or "Overall,";
8. ``assistant_chatter``: "As an AI", "I hope this helps", "Certainly!"...

Phrases match case-insensitively as whole words; an apostrophe matches the
straight and the typographic one and their HTML entities, a hyphen also
matches a space, a trailing ``*`` matches any word ending, and an entry
starting ``re:`` is a regular expression. Text inside code (fenced, inline,
``<code>``) is an example, not prose, and is not read. The ``voice`` check
(``checks.library.voice``) applies them and lets settings override them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from checks.drafts import Leaf
from checks.text import Cover, code_spans, count_words, prose

MAX_HITS_PER_TELL = 10
"""Flags (and fixes) per tell; further hits of the same tell are counted in one more fix."""


@dataclass(frozen=True)
class Tell:
    id: str
    phrases: tuple[str, ...]
    fix: str
    """The instruction, with ``{hit}`` (the words found) and ``{where}`` (the field)."""
    paragraph_start: bool = False
    """Only a hit that opens a paragraph (or a line) counts."""


DEFAULT_TELLS: tuple[Tell, ...] = (
    Tell(
        "delve",
        ("delve", "delves", "delved", "delving"),
        "Replace '{hit}' in {where} with a plain verb such as 'examine' or 'look at'. "
        "The format bans the AI tell 'delve'. Keep all other text.",
    ),
    Tell(
        "stock_opener",
        (
            "In today's fast-paced world",
            "In today's digital landscape",
            "In today's rapidly evolving",
            "In the ever-evolving",
            "In an ever-changing world",
            "In the fast-paced world of",
        ),
        "Delete the stock opener '{hit}' in {where} and open with the specific point. "
        "The format bans stock openers. Keep all other text.",
    ),
    Tell(
        "important_to_note",
        (
            "It's important to note",
            "It is important to note",
            "It's worth noting",
            "It is worth noting",
            "It's worth mentioning",
        ),
        "Delete '{hit}' in {where} and state the point directly. "
        "The format bans filler signposts. Keep all other text.",
    ),
    Tell(
        "not_just_but",
        (r"re:\bnot\s+(?:just|only|merely)\b[^.!?;:\n]{1,120}?\bbut\b(?:\s+also\b)?",),
        "Rewrite '{hit}' in {where} as one direct claim. "
        "The format bans the 'not just X, but Y' construction. Keep all other text.",
    ),
    Tell(
        "hype",
        (
            "game-changer",
            "game-changers",
            "game-changing",
            "revolutionize*",
            "revolutionise*",
            "unlock the power",
            "supercharge*",
        ),
        "Replace '{hit}' in {where} with a concrete, specific claim. "
        "The format bans hype words. Keep all other text.",
    ),
    Tell(
        "closing_opener",
        ("In conclusion", "In summary", "Overall,"),
        "Delete '{hit}' at the start of the paragraph in {where}; begin with the point itself. "
        "The format bans summary openers. Keep all other text.",
        paragraph_start=True,
    ),
    Tell(
        "assistant_chatter",
        (
            "As an AI",
            "As a language model",
            "I hope this helps",
            "Certainly!",
            "Great question",
            "I'd be happy to help",
        ),
        "Delete '{hit}' in {where}. The format bans assistant chatter. Keep all other text.",
    ),
)
_APOSTROPHE = r"(?:['\u2019\u02bc]|&#0*39;|&#x0*27;|&apos;|&rsquo;)"
_HYPHEN = r"(?:[-\u2010\u2011]|\s+)"
_EM_DASH = re.compile(r"\u2014|&mdash;|&#0*8212;|&#x0*2014;", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?\u061f\uff1f\u3002\u2026]+[\"'\u201d\u2019\u00bb)\]]*(?=\s|$)")
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "vs", "mr", "mrs", "ms", "dr", "st", "jr", "sr", "inc", "ltd", "co", "no"}
    | {"fig", "approx", "u.s", "u.k", "a.m", "p.m"}
)


def phrase_pattern(phrase: str) -> str:
    """The regular expression a tell phrase stands for (see the module docstring)."""
    if phrase.startswith("re:"):
        return phrase[3:]
    left, pattern = _literal(phrase)
    return r"(?<!\w)" + pattern if left else pattern


def _literal(phrase: str) -> tuple[bool, str]:
    """(needs a word boundary on the left, the pattern with its right boundary)."""
    body = phrase.strip()
    star = body.endswith("*")
    body = body.rstrip("*")
    parts: list[str] = []
    for ch in body:
        if ch in "'\u2019":
            parts.append(_APOSTROPHE)
        elif ch == "-":
            parts.append(_HYPHEN)
        elif ch.isspace():
            if not parts or parts[-1] != r"\s+":
                parts.append(r"\s+")
        else:
            parts.append(re.escape(ch))
    pattern = "".join(parts) + (r"\w*" if star else "")
    if body[-1:].isalnum() and not star:
        pattern += r"(?!\w)"
    return body[:1].isalnum(), pattern


def phrases_pattern(phrases: Sequence[str]) -> str:
    """One expression for a list of phrases. The left boundary is written once, before the
    alternatives, which lets the regex engine scan for their first letters quickly."""
    bounded: list[str] = []
    free: list[str] = []
    raw: list[str] = []
    for phrase in phrases:
        if phrase.startswith("re:"):
            raw.append(phrase[3:])
        else:
            left, pattern = _literal(phrase)
            (bounded if left else free).append(pattern)
    parts = [r"(?<!\w)(?:" + "|".join(bounded) + ")"] if bounded else []
    parts += [f"(?:{p})" for p in free + raw]
    return "|".join(parts)


@dataclass(frozen=True)
class Compiled:
    tell: Tell
    regex: re.Pattern[str]


def compile_tells(overrides: Mapping[str, Sequence[str] | None]) -> list[Compiled]:
    """The tells in force: the defaults with ``overrides`` applied (id -> phrases; empty or None
    switches a tell off; a new id adds one). Raises re.error for a bad ``re:`` pattern."""
    key = tuple((name, None if phrases is None else tuple(phrases)) for name, phrases in overrides.items())
    return list(_compile(key))


@lru_cache(maxsize=64)
def _compile(key: tuple[tuple[str, tuple[str, ...] | None], ...]) -> tuple[Compiled, ...]:
    overrides = dict(key)
    tells = [
        Tell(t.id, tuple(overrides[t.id] or ()), t.fix, t.paragraph_start) if t.id in overrides else t
        for t in DEFAULT_TELLS
    ]
    known = {t.id for t in DEFAULT_TELLS}
    tells += [
        Tell(
            name,
            tuple(phrases or ()),
            "Remove '{hit}' in {where}. The voice settings ban it (tell '"
            + name.replace("{", "{{").replace("}", "}}")
            + "'). "
            "Keep all other text.",
        )
        for name, phrases in overrides.items()
        if name not in known
    ]
    compiled = []
    for t in tells:
        if not t.phrases:
            continue
        alternatives = phrases_pattern(t.phrases)
        if t.paragraph_start:
            alternatives = rf"^[ \t>#*_-]*(?P<hit>{alternatives})"
        compiled.append(Compiled(t, re.compile(alternatives, re.IGNORECASE | re.MULTILINE)))
    return tuple(compiled)


@dataclass(frozen=True)
class Problem:
    """One broken voice rule: where it is and the instruction that fixes it."""

    rule: str
    path: str
    span: tuple[int, int]
    """Offsets into the output text."""
    reason: str
    fix: str


Locate = Callable[[str, int, int], tuple[int, int]]


def where(path: str) -> str:
    """A field path as instructions name it."""
    return path or "the text"


def snippet(text: str, limit: int = 60) -> str:
    """Text quoted in a reason or a fix: whitespace collapsed, long text cut."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def find_tells(
    fields: Iterable[Leaf], tells: list[Compiled], em_dash_rate: float | None, locate: Locate
) -> list[Problem]:
    """Every tell in the given text fields, as problems with offsets and fixes."""
    problems: list[Problem] = []
    counts: dict[str, int] = {}
    dashes: list[tuple[str, int, int, str]] = []
    words = 0
    for leaf in fields:
        in_code = Cover(code_spans(leaf.value))
        for c in tells:
            for m in c.regex.finditer(leaf.value):
                start, end = m.span("hit") if c.tell.paragraph_start else m.span()
                if start == end or in_code(start):
                    continue
                n = counts[c.tell.id] = counts.get(c.tell.id, 0) + 1
                if n > MAX_HITS_PER_TELL:
                    continue
                hit = snippet(leaf.value[start:end])
                problems.append(
                    Problem(
                        rule=f"tell.{c.tell.id}",
                        path=leaf.path,
                        span=locate(leaf.path, start, end),
                        reason=f"AI tell '{c.tell.id}' in {where(leaf.path)}: '{hit}'",
                        fix=c.tell.fix.format(hit=hit, where=where(leaf.path)),
                    )
                )
        if em_dash_rate is not None:
            words += count_words(leaf.value)
            dashes += [
                (leaf.path, m.start(), m.end(), leaf.value)
                for m in _EM_DASH.finditer(leaf.value)
                if not in_code(m.start())
            ]
    for tell_id, n in counts.items():
        if n > MAX_HITS_PER_TELL:
            first = next(p for p in problems if p.rule == f"tell.{tell_id}")
            problems.append(
                Problem(
                    rule=f"tell.{tell_id}",
                    path=first.path,
                    span=first.span,
                    reason=f"AI tell '{tell_id}' appears {n} times",
                    fix=f"Remove the other {n - MAX_HITS_PER_TELL} occurrences of the AI tell "
                    f"'{tell_id}' as well. Keep all other text.",
                )
            )
    if em_dash_rate is not None:
        allowed = max(1, int(em_dash_rate * words / 100))
        if len(dashes) > allowed:
            path, pos, end, value = dashes[allowed]
            context = snippet(value[max(0, pos - 25) : pos + 25])
            problems.append(
                Problem(
                    rule="tell.em_dash",
                    path=path,
                    span=locate(path, pos, end),
                    reason=f"{len(dashes)} em dashes in {words} words; at most {allowed} allowed",
                    fix=f"Replace {len(dashes) - allowed} of the {len(dashes)} em dashes with commas, "
                    f"colons or full stops, starting with the one in {where(path)} ('{context}'). "
                    f"The format allows at most {allowed} em dashes in {words} words. Keep all other text.",
                )
            )
    return problems


def sentences(text: str) -> list[str]:
    """The sentences of a piece of prose (code and URLs removed; common abbreviations kept whole)."""
    text = prose(text).strip()
    found: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith("."):
            before = text[start : m.start()].split()
            word = before[-1].lower() if before else ""
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
        piece = text[start : m.end()].strip()
        if any(ch.isalnum() for ch in piece):
            found.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if any(ch.isalnum() for ch in tail):
        found.append(tail)
    return found
