"""Citations by source id in markdown and HTML: each must name a source the job has.

``cite_integrity`` checks URLs against ``seen_urls``; this module adds the other
half of CONTRACT.md section 3 for text, markdown and HTML outputs: a citation
that names a source id which is not in ``job.sources`` is a critical
``citation_error``. It is wired into ``cite_integrity`` with the
:func:`checks_source_ids` decorator, so the check's own logic stays untouched.

What counts as a citation naming a source id:

* an explicit one: ``[source: s3]``, ``[sources: s1, s3]``, ``[src: s3]``,
  ``[ref: s3]`` (link text included: ``[source: s3](https://...)``); every id
  in it must exist. ``[Source: type:path:detail]`` is a source marker (the
  ``source_markers`` check's business) and is left alone;
* a bare one: ``[s3]``, ``[s1, s3]``, ``[s1; s3]``, ``[s1][s3]``, link text such
  as ``[s3](https://...)`` or ``<a href="...">s3</a>``, when every name in it
  has the shape of the job's source ids: the same letter prefix followed by
  digits (``s1``, ``web-2``; plain numbers when the ids are numbers; ``s``,
  ``src``, ``source`` or ``ref`` + digits when the job has no sources). So
  ``[see above]``, ``[x]`` or ``[2024]`` beside ids like ``s1`` are not citations;
* an anchor link ``[text](#s3)`` or ``href="#s3"`` whose fragment has that
  shape and is neither a source id nor an anchor in the document (a heading's
  slug, an ``id``/``name`` attribute).

Ids compare exactly, then case-insensitively. Citations inside code, HTML
comments and markdown reference definitions (``[s3]: https://...``) are not
checked; ``[^1]`` is a footnote, not a citation; images are not links.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from checks.flags import flag
from checks.registry import CheckContext, CheckFn, CheckResult
from checks.text import Cover, code_spans, comment_spans
from messages import CheckName, CheckStatus, Flag, FlagType, OutputFormat, Severity, Source

# "[" first, then the look back at it (not an image's "![", not an escaped "\["): a pattern that starts
# with a literal lets the engine jump from one "[" to the next (5x faster on a 15 KB draft).
_BRACKET = re.compile(
    r"\[(?<![!\\]\[)(?!\^)(?P<body>[^\[\]\n]{1,200})\]"
    r"(?:\((?P<url>[^)\s]{0,4000})(?:\s+\"[^\"\n]{0,500}\")?\)|\[(?P<label>[^\[\]\n]{0,200})\]|(?P<definition>:))?"
)
_HTML_LINK = re.compile(r"<a\b(?P<attrs>[^<>]{0,4000})>(?P<body>[^<]{1,200})</a\s*>", re.IGNORECASE)
_HREF_FRAGMENT = re.compile(r"""\bhref\s*=\s*(?P<q>["'])#(?P<frag>[^"'\s]{1,200})(?P=q)""", re.IGNORECASE)
_ANCHOR_ATTR = re.compile(r"""\b(?:id|name)\s*=\s*(?P<q>["'])(?P<value>[^"']{1,200})(?P=q)""", re.IGNORECASE)
_REF_DEFINITION = re.compile(r"^[ \t]{0,3}\[(?P<label>[^\[\]\n]{1,200})\]:", re.MULTILINE)
_EXPLICIT = re.compile(r"^\s*(?:sources?|src|refs?)\s*[:=]\s*(?P<ids>.+?)\s*$", re.IGNORECASE)
_NAME = re.compile(r"[^\s,;]+")
_NUMBERED = re.compile(r"(\D*?)(\d+)")
_SLUG_DROP = re.compile(r"[^\w\- ]")
_DEFAULT_SHAPE = re.compile(r"(?:s|src|source|ref)[-_]?\d+", re.IGNORECASE)
MAX_FLAGS = 1_000
"""Unknown citations flagged one by one; a draft with more has bigger problems than its count."""
_TEXT_FORMATS = (OutputFormat.TEXT, OutputFormat.MARKDOWN, OutputFormat.HTML)


@dataclass(frozen=True)
class Citation:
    """One source id named by a citation, and where the name is in the text."""

    name: str
    start: int
    end: int
    known: bool


def citations(text: str, sources: Sequence[Source]) -> list[Citation]:
    """Every source-id citation in ``text``, known or not, in order of position."""
    ids = {s.id for s in sources}
    folded = {i.casefold() for i in ids}
    shape = _shape(ids)
    # Inside code or an HTML comment, brackets cite nothing.
    skip = Cover(code_spans(text) + (comment_spans(text) if "<!--" in text else []))
    definitions: set[str] = set()
    if "]:" in text:  # a definition holds "]:"; looking for one at every line start costs more
        definitions = {m.group("label").strip().casefold() for m in _REF_DEFINITION.finditer(text)}
    anchors: set[str] | None = None
    found: dict[int, Citation] = {}

    def known(name: str) -> bool:
        return name in ids or name.casefold() in folded

    def add_names(body: str, offset: int) -> None:
        explicit = _EXPLICIT.match(body)
        if explicit:
            if ":" in explicit.group("ids"):
                return  # a source marker [Source: type:path:detail]
            names = list(_names(body, explicit.start("ids"), explicit.end("ids")))
        else:  # every name must be a source id, or look like one: stop at the first that is not
            names = []
            for name, at in _names(body, 0, len(body)):
                if not (known(name) or (shape and shape.fullmatch(name))):
                    return
                names.append((name, at))
            if not names:
                return
        for name, at in names:
            start = offset + at
            found.setdefault(start, Citation(name, start, start + len(name), known(name)))

    def add_fragment(fragment: str, start: int) -> None:
        nonlocal anchors
        if known(fragment):
            found.setdefault(start, Citation(fragment, start, start + len(fragment), True))
            return
        if not (shape and shape.fullmatch(fragment)):
            return
        if anchors is None:
            anchors = _anchors(text)
        if fragment.casefold() not in anchors:
            found.setdefault(start, Citation(fragment, start, start + len(fragment), False))

    for m in _BRACKET.finditer(text):
        if skip(m.start()) or m.group("definition"):
            continue
        body = m.group("body")
        label = m.group("label")
        if label is not None and (label.strip() or body).casefold() in definitions:
            continue  # a reference link [text][label] to a defined label
        if body.strip().casefold() in definitions and m.group("url") is None:
            continue  # a shortcut reference link [label]
        add_names(body, m.start("body"))
        if label and label.strip():
            add_names(label, m.start("label"))
        url = m.group("url")
        if url and url.startswith("#") and len(url) > 1:
            add_fragment(url[1:], m.start("url") + 1)
    for m in _HTML_LINK.finditer(text):
        if skip(m.start()):
            continue
        add_names(m.group("body"), m.start("body"))
        href = _HREF_FRAGMENT.search(m.group("attrs"))
        if href:
            add_fragment(href.group("frag"), m.start("attrs") + href.start("frag"))
    return [found[k] for k in sorted(found)]


def unknown_citation_flags(
    text: str, sources: Sequence[Source], *, check: str
) -> tuple[list[Flag], int, int]:
    """Critical ``citation_error`` flags for unknown ids (at most MAX_FLAGS), ids cited, ids unknown."""
    cited = citations(text, sources)
    listed = ", ".join(s.id for s in list(sources)[:10]) + (" ..." if len(sources) > 10 else "")
    choice = f"with the id of one of the job's sources ({listed})" if sources else "with a real source"
    from checks.library.structure import line_finder  # noqa: PLC0415  (cite_integrity imports this module)

    flags: list[Flag] = []
    line_of = line_finder(text)
    for c in cited:
        if c.known:
            continue
        if len(flags) == MAX_FLAGS:
            break
        line = line_of(c.start)
        flags.append(
            flag(
                FlagType.CITATION_ERROR,
                Severity.CRITICAL,
                check=check,
                explanation=f"The citation '{c.name}' names a source id that is not in the job's sources.",
                suggestion=(
                    f"Replace the citation '{c.name}' at line {line} {choice}, "
                    "or remove the claim it supports. Keep all other text."
                ),
                start=c.start,
                end=c.end,
                text=text,
            )
        )
    return flags, len(cited), sum(not c.known for c in cited)


def checks_source_ids(fn: CheckFn) -> CheckFn:
    """Wrap ``cite_integrity`` so that text, markdown and HTML outputs also get their id citations checked."""

    @functools.wraps(fn)
    def cite_integrity(ctx: CheckContext) -> CheckResult:
        result = fn(ctx)
        if ctx.job.output.format not in _TEXT_FORMATS or not isinstance(ctx.job.output.content, str):
            return result
        return merge(result, ctx)

    return cite_integrity


def merge(result: CheckResult, ctx: CheckContext) -> CheckResult:
    """``result`` with the unknown-id citations of the output added to it."""
    flags, cited, unknown = unknown_citation_flags(
        ctx.text, ctx.job.sources, check=CheckName.CITE_INTEGRITY.value
    )
    if not cited:
        return result
    details: dict[str, Any] = {**result.details, "cited_ids": cited, "unknown_ids": unknown}
    if not flags:
        result.details = details
        return result
    names = list(dict.fromkeys(f.claim or "" for f in flags))
    why = f"Citation '{names[0]}' names a source id that is not in sources." + (
        f" ({len(names) - 1} more)" if len(names) > 1 else ""
    )
    base = result.score if result.status in (CheckStatus.PASS, CheckStatus.FAIL) else None
    share = (cited - unknown) / cited
    return CheckResult(
        status=CheckStatus.ERROR if result.status is CheckStatus.ERROR else CheckStatus.FAIL,
        score=round((1.0 if base is None else base) * share, 4),
        reason=f"{result.reason}; {why}" if result.status is CheckStatus.FAIL and result.reason else why,
        flags=sorted([*result.flags, *flags], key=lambda f: (f.start or 0, f.end or 0)),
        fixes=[*result.fixes, *(f.suggestion for f in flags)],
        hard=result.hard,
        details=details,
        cost_usd=result.cost_usd,
        tokens_in=result.tokens_in,
        tokens_out=result.tokens_out,
    )


def _names(body: str, start: int, end: int) -> Iterable[tuple[str, int]]:
    for m in _NAME.finditer(body, start, end):
        name = m.group()
        if name.casefold() != "and":
            yield name, m.start()


def _shape(ids: set[str]) -> re.Pattern[str] | None:
    """What a source id looks like here: the ids' letter prefixes followed by digits."""
    if not ids:
        return _DEFAULT_SHAPE
    prefixes = {m.group(1) for i in ids if (m := _NUMBERED.fullmatch(i))}
    if not prefixes:
        return None
    return re.compile("(?:" + "|".join(re.escape(p) for p in sorted(prefixes)) + r")\d+")


def _anchors(text: str) -> set[str]:
    """Fragments that point inside the document: heading slugs and id/name attributes."""
    from checks.library.structure import find_headings  # noqa: PLC0415  (cite_integrity imports this module)

    found = {m.group("value").casefold() for m in _ANCHOR_ATTR.finditer(text)}
    for heading in find_headings(text):
        slug = _SLUG_DROP.sub("", heading.title.casefold()).strip().replace(" ", "-")
        found.add(slug)
    return found
