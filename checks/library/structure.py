"""``structure``: required sections present, in order, each within its word limits.

A criterion names the sections of its format template::

    {"check": "structure", "params": {
        "sections": [{"heading": "Summary", "max_words": 120},
                     {"heading": "Findings", "min_words": 200},
                     {"heading": "Appendix", "required": false}],
        "order": true, "tolerance": 0.1}}

Headings are markdown ATX (``## Summary``) and setext (``Summary`` over
``===`` or ``---``) headings and HTML ``<h1>``-``<h6>``; headings inside code
are not headings. A heading matches a section when the two are equal after
trimming, case folding, collapsing whitespace, decoding entities and dropping
inline markup (``**``, backticks, links), a trailing colon and leading
numbering ("2. Findings", "3) Risks"). The first matching heading counts.

A section's body runs from its heading to the next heading of the same or a
higher level, so subsections count towards their parent; its words are
counted as ``word_count`` counts them (no code, URLs or markup). Limits are
widened by ``tolerance``: ``max_words`` 120 with tolerance 0.1 allows 132,
``min_words`` 100 allows 90.

Every problem is a critical ``structure_violation`` flag naming its
``section``: a missing required section (offsets: the heading it should
precede, or an empty span where it should go), a section out of order (its
heading), a word limit broken (the section body). The score is the share of
sections with no problem. Structured (object) outputs are not applicable:
their shape is the ``schema`` and ``json_schema`` checks' business.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.text import Cover, code_spans, count_words
from messages import CheckName, Flag, FlagType, OutputFormat, Severity

_ATX = re.compile(r"^[ \t]{0,3}(?P<hashes>#{1,6})(?=[ \t]|$)(?P<title>[^\n]*)$", re.MULTILINE)
_SETEXT = re.compile(r"^(?P<title>[^\n]+)\n[ \t]{0,3}(?P<rule>=+|-+)[ \t]*$", re.MULTILINE)
_NOT_SETEXT_TITLE = re.compile(r"^[ \t]*(?:[#>|*+-]|\d{1,9}[.)]\s|```|~~~|<)")
# Opening and closing tags are found separately and paired, so unclosed tags cost nothing extra.
_HTML_OPEN = re.compile(r"<h(?P<level>[1-6])\b[^<>]{0,2000}>", re.IGNORECASE)
_HTML_CLOSE = re.compile(r"</h(?P<level>[1-6])\s*>", re.IGNORECASE)
_TITLE_LIMIT = 1_000
"""Characters of a heading line that are read; a longer line is not a heading anyone wrote."""
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^>]*>")
_MARKUP = re.compile(r"[*_`~]+")
_NUMBERING = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*[.)]|\d{1,3}\.\d{1,3}(?:\.\d{1,3})*)\s+")
_SPACE = re.compile(r"\s+")

Words = Annotated[int, Field(ge=0, le=10_000_000)]


@dataclass(frozen=True)
class Heading:
    title: str
    """The heading as a reader sees it (markup removed)."""
    key: str
    """The title normalised for matching (see :func:`heading_key`)."""
    level: int
    start: int
    end: int


def heading_key(title: str) -> str:
    """A heading as compared: no markup or numbering, whitespace collapsed, case folded."""
    title = _MD_LINK.sub(r"\1", title[:_TITLE_LIMIT])
    title = _TAG.sub("", title)
    if "&" in title:
        title = html.unescape(title)
    title = _MARKUP.sub("", title)
    title = _SPACE.sub(" ", title).strip().rstrip(":").strip()
    title = _NUMBERING.sub("", title)
    return title.casefold()


def _display(title: str) -> str:
    title = _MD_LINK.sub(r"\1", _TAG.sub("", title[:_TITLE_LIMIT]))
    if "&" in title:
        title = html.unescape(title)
    return _SPACE.sub(" ", _MARKUP.sub("", title)).strip()


def find_headings(text: str, *, is_html: bool = False) -> list[Heading]:
    """Markdown (ATX, setext) and HTML headings outside code, in order of position."""
    in_code = Cover(code_spans(text))
    found: dict[int, Heading] = {}
    for m in _ATX.finditer(text):
        title = _without_closing_hashes(m.group("title")[:_TITLE_LIMIT])
        if not in_code(m.start()):
            found[m.start()] = Heading(_display(title), heading_key(title), len(m.group("hashes")), *m.span())
    for m in _SETEXT.finditer(text):
        title = m.group("title")
        if not title.strip() or _NOT_SETEXT_TITLE.match(title) or in_code(m.start()) or m.start() in found:
            continue
        level = 1 if m.group("rule")[0] == "=" else 2
        found[m.start()] = Heading(_display(title), heading_key(title), level, *m.span())
    closings: dict[str, list[tuple[int, int]]] = {}
    for m in _HTML_CLOSE.finditer(text):
        closings.setdefault(m.group("level"), []).append((m.start(), m.end()))
    for m in _HTML_OPEN.finditer(text):
        closing = closings.get(m.group("level"), [])
        i = bisect_left(closing, (m.end(), -1))
        if i == len(closing) or in_code(m.start()):
            continue
        close_start, close_end = closing[i]
        title = text[m.end() : min(close_start, m.end() + _TITLE_LIMIT)]
        found[m.start()] = Heading(
            _display(title), heading_key(title), int(m.group("level")), m.start(), close_end
        )
    return [found[k] for k in sorted(found)]


def _without_closing_hashes(title: str) -> str:
    """An ATX title without its optional closing ``#`` run (which must follow a space)."""
    title = title.strip()
    bare = title.rstrip("#")
    if bare != title and (not bare or bare[-1] in " \t"):
        return bare.strip()
    return title


def section_finder(headings: list[Heading]) -> Callable[[int], str | None]:
    """The title of the innermost heading at or before an offset, if any."""
    starts = [h.start for h in headings]

    def at(pos: int) -> str | None:
        i = bisect_right(starts, pos) - 1
        return headings[i].title if i >= 0 else None

    return at


def line_finder(text: str) -> Callable[[int], int]:
    """The 1-based line of an offset; newlines are located once, lookups are binary searches."""
    newlines = []
    at = text.find("\n")
    while at != -1:
        newlines.append(at)
        at = text.find("\n", at + 1)
    return lambda pos: bisect_left(newlines, pos) + 1


def body_end(headings: list[Heading], index: int, text_length: int) -> int:
    """Where the section under ``headings[index]`` ends: the next heading at its level or above."""
    level = headings[index].level
    for later in headings[index + 1 :]:
        if later.level <= level:
            return later.start
    return text_length


class SectionRule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    heading: Annotated[str, Field(min_length=1, max_length=500)]
    min_words: Words | None = None
    max_words: Words | None = None
    required: bool = True

    @model_validator(mode="after")
    def _sane(self) -> SectionRule:
        if not heading_key(self.heading):
            raise ValueError(f"heading {self.heading!r} is blank once markup is removed")
        if self.min_words is not None and self.max_words is not None and self.min_words > self.max_words:
            raise ValueError(f"min_words {self.min_words} is more than max_words {self.max_words}")
        return self


class StructureParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sections: list[SectionRule] = Field(min_length=1, max_length=200)
    order: bool = True
    """Required sections must appear in the order listed."""
    tolerance: Annotated[float, Field(ge=0.0, le=1.0)] = 0.10
    """Relative slack on every word limit."""

    @model_validator(mode="after")
    def _distinct(self) -> StructureParams:
        seen: set[str] = set()
        for rule in self.sections:
            key = heading_key(rule.heading)
            if key in seen:
                raise ValueError(f"section {rule.heading!r} is listed twice")
            seen.add(key)
        return self

    def limits(self, rule: SectionRule) -> tuple[int | None, int | None]:
        """(least, most) words allowed once the tolerance is applied."""
        low = None if rule.min_words is None else int(rule.min_words * (1 - self.tolerance) + 0.999999)
        high = None if rule.max_words is None else int(rule.max_words * (1 + self.tolerance) + 1e-9)
        return low, high


@register(CheckName.STRUCTURE, params=StructureParams)
def structure(ctx: CheckContext) -> CheckResult:
    params = ctx.params
    if not isinstance(params, StructureParams):
        return CheckResult.skipped("not_applicable", details={"why": "no required sections were given"})
    if not isinstance(ctx.job.output.content, str):
        return CheckResult.skipped(
            "not_applicable", details={"why": "structured outputs have no headings to check"}
        )
    text = ctx.text
    is_html = ctx.job.output.format is OutputFormat.HTML
    headings = find_headings(text, is_html=is_html)
    first: dict[str, int] = {}
    for i, h in enumerate(headings):
        first.setdefault(h.key, i)
    where = {n: first.get(heading_key(rule.heading)) for n, rule in enumerate(params.sections)}
    present = [n for n in range(len(params.sections)) if where[n] is not None]
    in_order = _in_order(present, where) if params.order else set(present)
    line_of = line_finder(text)
    layout = _Layout(params, where, in_order, headings, text, line_of)

    problems: dict[int, list[Flag]] = {}
    fixes: list[str] = []
    details: dict[str, Any] = {"headings": len(headings), "sections": []}
    for n, rule in enumerate(params.sections):
        index = where[n]
        name = rule.heading
        if index is None:
            details["sections"].append({"heading": name, "present": False})
            if rule.required:
                fix, start, end = layout.missing(n)
                fixes.append(fix)
                problems.setdefault(n, []).append(
                    _flag(
                        f"The required section '{name}' is missing.", fix, start, end, section=name, text=text
                    )
                )
            continue
        heading = headings[index]
        line = line_of(heading.start)
        if n not in in_order:
            fix = layout.move(n)
            fixes.append(fix)
            problems.setdefault(n, []).append(
                _flag(
                    f"The section '{name}' (line {line}) is out of order.",
                    fix,
                    heading.start,
                    heading.end,
                    section=name,
                    text=text,
                )
            )
        end = body_end(headings, index, len(text))
        body = text[heading.end : end]
        words = count_words(body, is_html=is_html)
        details["sections"].append({"heading": name, "present": True, "words": words, "line": line})
        low, high = params.limits(rule)
        if (low is not None and words < low) or (high is not None and words > high):
            if high is not None and words > high:
                fix = (
                    f"Shorten the section '{name}' (line {line}) from {words} to at most "
                    f"{rule.max_words} words. Keep all other text."
                )
                why = f"The section '{name}' has {words} words; at most {high} are allowed."
            else:
                fix = (
                    f"Lengthen the section '{name}' (line {line}) from {words} to at least "
                    f"{rule.min_words} words. Keep all other text."
                )
                why = f"The section '{name}' has {words} words; at least {low} are required."
            fixes.append(fix)
            start, stop = _trimmed(text, heading.end, end)
            if start == stop:
                start, stop = heading.start, heading.end
            problems.setdefault(n, []).append(_flag(why, fix, start, stop, section=name, text=text))

    flags = sorted(
        (f for group in problems.values() for f in group), key=lambda f: (f.start or 0, f.end or 0)
    )
    if not flags:
        return CheckResult.passed(details=details)
    score = 1 - len(problems) / len(params.sections)
    return CheckResult.failed(
        f"{len(flags)} structure problem{'s' if len(flags) != 1 else ''}: " + flags[0].explanation,
        score=round(score, 4),
        flags=flags,
        fixes=fixes,
        details=details,
    )


def _flag(explanation: str, fix: str, start: int, end: int, *, section: str, text: str) -> Flag:
    return flag(
        FlagType.STRUCTURE_VIOLATION,
        Severity.CRITICAL,
        check=CheckName.STRUCTURE.value,
        explanation=explanation,
        suggestion=fix,
        start=start,
        end=end,
        claim=text[start:end][:200],
        section=section,
    )


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _in_order(present: list[int], where: dict[int, int | None]) -> set[int]:
    """The largest set of present sections already in the listed order (longest increasing run)."""
    by_position = sorted(present, key=lambda n: where[n] or 0)
    tails: list[int] = []  # tails[k]: index into by_position of the smallest tail of a run of k+1
    tail_values: list[int] = []
    previous: list[int] = [-1] * len(by_position)
    for i, n in enumerate(by_position):
        k = bisect_right(tail_values, n)
        if k > 0:
            previous[i] = tails[k - 1]
        if k == len(tails):
            tails.append(i)
            tail_values.append(n)
        else:
            tails[k] = i
            tail_values[k] = n
    keep: set[int] = set()
    i = tails[-1] if tails else -1
    while i >= 0:
        keep.add(by_position[i])
        i = previous[i]
    return keep


@dataclass(frozen=True)
class _Layout:
    """Where each listed section was found, for writing fixes that point at neighbours."""

    params: StructureParams
    where: dict[int, int | None]
    in_order: set[int]
    headings: list[Heading]
    text: str
    line_of: Callable[[int], int]

    def heading(self, n: int) -> Heading:
        return self.headings[self.where[n] or 0]

    def line(self, heading: Heading) -> int:
        return self.line_of(heading.start)

    def placed_after(self, n: int) -> list[int]:
        return [m for m in range(n + 1, len(self.params.sections)) if m in self.in_order]

    def placed_before(self, n: int) -> list[int]:
        return [m for m in range(n) if m in self.in_order]

    def missing(self, n: int) -> tuple[str, int, int]:
        """The fix for a missing section and the span to mark: the heading it should precede."""
        name = self.params.sections[n].heading
        after = self.placed_after(n)
        if after:
            h = self.heading(after[0])
            return (
                f"Add a section headed '{name}' before the section '{h.title}' (line {self.line(h)}). "
                "Keep all other text.",
                h.start,
                h.end,
            )
        before = self.placed_before(n)
        if before:
            index = self.where[before[-1]] or 0
            body = body_end(self.headings, index, len(self.text))
            end = _trimmed(self.text, self.headings[index].end, body)[1]
            return (
                f"Add a section headed '{name}' after the section '{self.headings[index].title}'. "
                "Keep all other text.",
                end,
                end,
            )
        end = len(self.text.rstrip())
        return f"Add a section headed '{name}'. Keep all other text.", end, end

    def move(self, n: int) -> str:
        name = self.params.sections[n].heading
        line = self.line(self.heading(n))
        before = self.placed_before(n)
        if before:
            anchor = self.heading(before[-1]).title
            return (
                f"Move the section '{name}' (line {line}) to after the section '{anchor}'. "
                "Keep all other text."
            )
        after = self.placed_after(n)
        anchor = self.heading(after[0]).title if after else ""
        return (
            f"Move the section '{name}' (line {line}) to before the section '{anchor}'. Keep all other text."
        )
