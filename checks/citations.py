"""After the integrity gate: markers become footnotes, findings become a report.

:func:`render_citations` turns each ``[Source: ...]`` marker (comment,
``<cite>`` or inline) into a numbered footnote reference, numbered by first
use, the same source always the same number, and appends a deduplicated
"Sources" list. It is meant for drafts that passed ``source_markers``: a
marker that does not resolve is removed without a number. Markers inside code
are examples and stay as they are.

:func:`findings_report` is the markdown report handed to the writer in a
revision loop: findings grouped by severity (critical, warning, info), each
with its rule, claim, explanation and suggestion.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from checks.markers import Marker, SourceIndex, extract_markers, reliability, source_path
from messages import Flag, Severity, Source

__all__ = ["findings_report", "render_citations"]

_HTML_HINT = re.compile(
    r"<(?:p|div|body|html|h[1-6]|ul|ol|li|section|article|br|span|a|em|strong|table)\b[^<>]*>", re.IGNORECASE
)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_ORDER = (Severity.CRITICAL, Severity.WARNING, Severity.INFO)


def render_citations(draft: str, sources: Sequence[Source], *, as_html: bool | None = None) -> str:
    """The draft with numbered footnotes in place of its markers and a "Sources" list at the end.

    ``as_html`` chooses the output form; by default it is HTML when the draft
    holds HTML elements, markdown otherwise. In HTML a footnote is
    ``<sup class="citation"><a href="#source-1">[1]</a></sup>`` and the list an
    ``<ol>`` in a ``<section class="sources">`` (before ``</body>`` when there
    is one); in markdown a footnote is ``[1]`` and the list a ``## Sources``
    section.
    """
    markers = extract_markers(draft)
    if not markers:
        return draft
    is_html = as_html if as_html is not None else _HTML_HINT.search(draft) is not None
    index = SourceIndex(sources)
    numbers: dict[str, int] = {}
    cited: list[Source] = []
    groups: dict[tuple[int, int], list[Marker]] = {}
    for marker in markers:
        groups.setdefault((marker.outer_start, marker.outer_end), []).append(marker)
    pieces: list[str] = []
    cursor = 0
    for (start, end), group in sorted(groups.items()):
        if start < cursor:  # nested in a group already replaced
            continue
        refs: list[int] = []
        for marker in group:
            source = index.resolve(marker).source
            if source is None:
                continue
            if source.id not in numbers:
                numbers[source.id] = len(numbers) + 1
                cited.append(source)
            if numbers[source.id] not in refs:
                refs.append(numbers[source.id])
        cut = _absorb_space(draft, start, cursor)
        pieces.append(draft[cursor:cut])
        pieces.append("".join(_ref(n, is_html) for n in refs))
        cursor = end
    pieces.append(draft[cursor:])
    body = "".join(pieces)
    if not cited:
        return body
    return _append_sources(body, cited, is_html)


def findings_report(flags: Sequence[Flag], *, title: str = "Integrity findings") -> str:
    """Markdown: findings grouped by severity, each with rule, claim, explanation and suggestion."""
    lines = [f"# {title}", ""]
    if not flags:
        return "\n".join([*lines, "No findings.", ""])
    counts = {s: sum(f.severity is s for f in flags) for s in _ORDER}
    summary = ", ".join(f"{n} {s.value}" for s, n in counts.items() if n)
    lines += [f"{len(flags)} finding{'s' if len(flags) != 1 else ''}: {summary}.", ""]
    for severity in _ORDER:
        group = [f for f in flags if f.severity is severity]
        if not group:
            continue
        lines += [f"## {severity.value.capitalize()} ({len(group)})", ""]
        for n, f in enumerate(group, 1):
            head = f"{n}. **{f.rule or f.type.value}** `{f.type.value}`"
            if f.section:
                head += f" in section *{_inline(f.section)}*"
            if f.start is not None and f.end is not None:
                head += f" (characters {f.start}-{f.end})"
            lines.append(head)
            if f.claim:
                lines.append(f'   - Claim: "{_inline(f.claim)}"')
            if f.source_id:
                lines.append(f"   - Source: {f.source_id}")
            if f.explanation:
                lines.append(f"   - Why: {_inline(f.explanation)}")
            if f.suggestion:
                lines.append(f"   - Suggestion: {_inline(f.suggestion)}")
        lines.append("")
    return "\n".join(lines)


def _absorb_space(draft: str, start: int, floor: int) -> int:
    """Where a replacement starts: before the spaces that separate the marker from its claim."""
    cut = start
    while cut > floor and draft[cut - 1] in " \t":
        cut -= 1
    if cut == floor or draft[cut - 1] == "\n":
        return start  # keep indentation and line starts as they are
    return cut


def _ref(n: int, is_html: bool) -> str:
    if is_html:
        return f'<sup class="citation"><a href="#source-{n}">[{n}]</a></sup>'
    return f"[{n}]"


def _entry(source: Source, is_html: bool) -> str:
    name = source.title or source_path(source)
    tail = f": {source.detail}" if source.detail else ""
    rel = f" (reliability: {reliability(source):g})"
    if is_html:
        label = html.escape(name)
        if source.url:
            label = f'<a href="{html.escape(source.url, quote=True)}">{label}</a>'
        return label + html.escape(tail) + rel
    label = f"[{_inline(name)}]({source.url})" if source.url else _inline(name)
    return label + _inline(tail) + rel


def _append_sources(body: str, cited: Sequence[Source], is_html: bool) -> str:
    if not is_html:
        items = "\n".join(f"{n}. {_entry(s, False)}" for n, s in enumerate(cited, 1))
        return f"{body.rstrip()}\n\n## Sources\n\n{items}\n"
    items = "\n".join(f'<li id="source-{n}">{_entry(s, True)}</li>' for n, s in enumerate(cited, 1))
    section = f'<section class="sources">\n<h2>Sources</h2>\n<ol>\n{items}\n</ol>\n</section>\n'
    ends = list(_BODY_END.finditer(body))
    if ends:
        at = ends[-1].start()
        lead = "" if at == 0 or body[at - 1] == "\n" else "\n"
        return body[:at] + lead + section + body[at:]
    return f"{body.rstrip()}\n{section}"


def _inline(text: str) -> str:
    return " ".join(text.split())
