"""Reading agent output as text: URLs with their offsets, countable words, code spans.

Offsets are always into the string the function was given, so a flag built
from them underlines exactly what was found.
"""

from __future__ import annotations

import functools
import html
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

from markdown_it import MarkdownIt

# Every pattern here is linear in the input, also on unclosed constructs (``[a](`` repeated,
# a lone backtick run, ``<!--`` with no end): classes exclude the characters that could start
# the next attempt, quantifiers are possessive, and pairs are matched by scanners, not by ``.*?``.
_FENCE_OPEN = re.compile(r"^[ \t]{0,3}+(`{3,}+|~{3,}+)[^\n]*+$", re.MULTILINE)
_BACKTICKS = re.compile(r"`++")
_HTML_CODE_OPEN = re.compile(r"<(code|pre|script|style)\b[^<>]*+>", re.IGNORECASE)
_IMAGE = re.compile(r"!\[(?P<alt>[^\[\]]{0,1000}+)\]\((?P<url>[^()\s\[\]]*+)(?:\s++\"[^\"\n]{0,500}+\")?\)")
_MD_LINK = re.compile(
    r"\[(?P<label>[^\[\]]{0,1000}+)\]\(\s*+<?(?P<url>[^()\s<>\[\]]++(?:\([^()\s]*+\)[^()\s<>\[\]]*+)*+)>?"
    r"(?:\s++\"[^\"\n]{0,500}+\")?\s*+\)"
)
_HTML_ATTR_URL = re.compile(r"""(?:href|src|HREF|SRC)\s*+=\s*+(?P<q>["']?)(?P<url>[^"'\s>]++)(?P=q)""")
# Found from their "://" (a literal the engine can jump to); the scheme is checked behind it.
_BARE_URL = re.compile(r"""://[^\s<>"'`\]\[{}|\\^]++""")
_SCHEMES = ("http", "https")
_HTML_TAG = re.compile(r"<[^<>]*+>")
_IMG_TAG = re.compile(r"<img\b[^<>]*+>", re.IGNORECASE)
_TRAILING = ".,;:!?*_~'\""


Spans = list[tuple[int, int]]
_readings: ContextVar[dict[tuple[str, str], tuple[tuple[int, int], ...]] | None] = ContextVar(
    "verifleet_text_readings", default=None
)
_markdown: ContextVar[bool] = ContextVar("verifleet_text_markdown", default=False)


@contextmanager
def one_reading(*, markdown: bool = False) -> Iterator[None]:
    """Within the block, the code and comment ranges of a text are found once, however many
    checks ask: the checks of one verification all read the same output (``checks/pipeline.py``).
    Per thread (a context variable), and forgotten when the block ends.

    ``markdown``: the output is a markdown document, so its indented code blocks are code too
    (:func:`indented_code_spans`). In HTML or plain text an indented line is just indented, and
    outside a reading nothing is known of the format: only fences, inline and HTML code count.
    """
    token = _readings.set({})
    kind = _markdown.set(markdown)
    try:
        yield
    finally:
        _markdown.reset(kind)
        _readings.reset(token)


def _read_once(find: Callable[[str], Spans]) -> Callable[[str], Spans]:
    """``find``, remembered per text inside :func:`one_reading`; each caller gets a list of its own."""
    name = find.__name__

    @functools.wraps(find)
    def read(text: str) -> Spans:
        readings = _readings.get()
        if readings is None:
            return find(text)
        found = readings.get((name, text))
        if found is None:
            found = readings[(name, text)] = tuple(find(text))
        return list(found)

    return read


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


@lru_cache(maxsize=64)
def _fence_close(char: str, length: int) -> re.Pattern[str]:
    return re.compile(rf"^[ \t]{{0,3}}+{re.escape(char)}{{{length},}}+[ \t]*+$", re.MULTILINE)


@lru_cache(maxsize=8)
def _html_close(name: str) -> re.Pattern[str]:
    return re.compile(rf"</{name}\s*+>", re.IGNORECASE)


def fence_spans(text: str) -> list[tuple[int, int]]:
    """Fenced code blocks (``` or ~~~, closed by a fence of the same kind at least as long, or
    the end of the text)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while m := _FENCE_OPEN.search(text, pos):
        fence = m.group(1)
        close = _fence_close(fence[0], len(fence)).search(text, m.end())
        end = close.end() if close else len(text)
        spans.append((m.start(), end))
        pos = end + 1 if close else len(text)
        if pos >= len(text):
            break
    return spans


# A line indented four columns or more (its line break before it included); a list item's marker.
_INDENTED_LINE = re.compile(r"\n(?:[ ]{4}|[ ]{0,3}+\t)")
_LIST_MARKER = re.compile(r"(?:[-+*]|\d{1,9}+[.)])(?:[ \t]++|$)")
_THEMATIC_BREAK = re.compile(r"(?:(?:\*[ \t]*+){3,}+|(?:-[ \t]*+){3,}+|(?:_[ \t]*+){3,}+)$")
_LINE_BREAK = re.compile(r"\r\n?|\n")  # the line breaks CommonMark (and markdown-it) count


def _may_hold_indented_code(text: str) -> bool:
    """Could the text hold an indented code block? A quick look, so that only such a text is
    parsed (most drafts have none, and the parse costs about half a verification): a line indented
    four columns or more, not blank, right after a line that is not a paragraph's text or a list
    item's (an indented line continues those). The parser decides; this look may only over-pick."""
    if "\r" in text:
        text = _LINE_BREAK.sub("\n", text)  # the parser's line breaks: \r\n, \r or \n
    lines = "\n" + text  # the first line too follows a line break (and nothing)
    for m in _INDENTED_LINE.finditer(lines):
        eol = lines.find("\n", m.end())
        if not lines[m.end() : eol if eol >= 0 else len(lines)].strip():
            continue  # a blank line
        before = lines[lines.rfind("\n", 0, m.start()) + 1 : m.start()]
        head = before.lstrip()
        if not head or _THEMATIC_BREAK.match(head):
            return True
        item = _LIST_MARKER.match(head)
        if item:
            head = head[item.end() :]  # a list item's text, if it has any
        if not head or not head[0].isalnum():
            return True  # a heading, a fence, a quote, an HTML block, a setext underline, a table...
    return False


@lru_cache(maxsize=1)
def _block_parser() -> MarkdownIt:
    # Blocks only: the inline rules (emphasis, links) cost most of a parse and tell nothing here.
    return MarkdownIt("commonmark").disable(["inline", "text_join"])


def indented_code_spans(text: str) -> list[tuple[int, int]]:
    """Indented code blocks of a markdown text, as CommonMark reads them (markdown-it-py's block
    parser): four spaces or a tab, not a paragraph's continuation, not a list item's text. Each
    runs from the start of its first line to the end of its last."""
    blocks = [t.map for t in _block_parser().parse(text) if t.type == "code_block" and t.map]
    if not blocks:
        return []
    breaks = list(_LINE_BREAK.finditer(text))  # the parser counts lines as it does: \r\n, \r or \n
    starts = [0, *(m.end() for m in breaks)]
    ends = [*(m.start() for m in breaks), len(text)]
    spans = []
    for first, after in blocks:
        last = min(after, len(ends)) - 1
        while last > first and not text[starts[last] : ends[last]].strip():  # trailing blank lines
            last -= 1
        spans.append((starts[first], ends[last]))
    return spans


@_read_once
def comment_spans(text: str) -> list[tuple[int, int]]:
    """HTML comments; an unclosed ``<!--`` runs to the end of the text."""
    spans = []
    pos = 0
    while (start := text.find("<!--", pos)) >= 0:
        close = text.find("-->", start + 4)
        end = len(text) if close < 0 else close + 3
        spans.append((start, end))
        pos = end
    return spans


def html_code_spans(text: str) -> list[tuple[int, int]]:
    """``<code>``, ``<pre>``, ``<script>`` and ``<style>`` elements with their content."""
    spans: list[tuple[int, int]] = []
    unclosable: set[str] = set()
    pos = 0
    for m in _HTML_CODE_OPEN.finditer(text):
        name = m.group(1).lower()
        if m.start() < pos or name in unclosable:
            continue
        close = _html_close(name).search(text, m.end())
        if close is None:
            unclosable.add(name)  # no later opener of this name can be closed either
            continue
        spans.append((m.start(), close.end()))
        pos = close.end()
    return spans


def inline_code_spans(text: str, outside: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Backtick code spans: a run of n backticks closed by the next run of exactly n.

    A run with no closer is literal text. Runs inside ``outside`` (fenced code) are ignored.
    """
    covered = Cover(outside)
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text) if not covered(m.start())]
    following: list[int | None] = [None] * len(runs)
    last_of_length: dict[int, int] = {}
    for i in range(len(runs) - 1, -1, -1):
        length = runs[i][1] - runs[i][0]
        following[i] = last_of_length.get(length)
        last_of_length[length] = i
    spans = []
    i = 0
    while i < len(runs):
        j = following[i]
        if j is None:
            i += 1
            continue
        spans.append((runs[i][0], runs[j][1]))
        i = j + 1
    return spans


@_read_once
def code_spans(text: str) -> list[tuple[int, int]]:
    """Character ranges of fenced code, inline code and HTML code/pre/script/style; in a markdown
    reading (:func:`one_reading`), of indented code blocks too."""
    spans: list[tuple[int, int]] = []
    if _markdown.get() and _may_hold_indented_code(text):
        spans += indented_code_spans(text)
    if "```" in text or "~~~" in text:
        spans += fence_spans(text)
    if "<" in text:
        spans += html_code_spans(text)
    if "`" in text:
        spans += inline_code_spans(text, spans)
    return sorted(spans)


def bare_urls(text: str) -> Iterator[tuple[int, str]]:
    """(start, url) of every http(s) URL written out in the text, scheme included."""
    for m in _BARE_URL.finditer(text):
        begin = m.start()
        for scheme in _SCHEMES:
            at = begin - len(scheme)
            if at >= 0 and text[at:begin].lower() == scheme and (at == 0 or not text[at - 1].isalnum()):
                yield at, text[at : m.end()]
                break


class Cover:
    """Is a position inside any of a set of ranges? (binary search over merged ranges)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for start, end in sorted(spans):
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            else:
                merged.append((start, end))
        self.starts = [s for s, _ in merged]
        self.spans = merged

    def __call__(self, pos: int) -> bool:
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and self.spans[i][0] <= pos < self.spans[i][1]


def _trim_url(url: str) -> str:
    """Drop punctuation that ends a sentence rather than the URL, and unbalanced brackets."""
    while url:
        if url[-1] in _TRAILING or (url[-1] == ")" and url.count("(") < url.count(")")):
            url = url[:-1]
        else:
            break
    return url


def find_urls(text: str, *, skip_code: bool = True) -> list[Span]:
    """Every http(s) URL in markdown links, images, HTML attributes and bare text.

    Each URL is reported once, at its own position; URLs inside code (fenced,
    inline, ``<code>``/``<pre>``) are examples, not citations, and are skipped
    unless ``skip_code`` is false.
    """
    inside_code = Cover(code_spans(text)) if skip_code else Cover([])
    found: dict[int, Span] = {}

    def add(start: int, raw: str) -> None:
        raw = _trim_url(raw)
        if not raw.lower().startswith(("http://", "https://")) or inside_code(start):
            return
        if start not in found:
            found[start] = Span(start, start + len(raw), html.unescape(raw) if "&" in raw else raw)

    if "](" in text:
        for m in _MD_LINK.finditer(text):
            add(m.start("url"), m.group("url"))
    if "=" in text:
        for m in _HTML_ATTR_URL.finditer(text):
            if m.start() == 0 or not text[m.start() - 1].isalnum():
                add(m.start("url"), m.group("url"))
    taken = Cover([(s.start, s.end) for s in found.values()])
    for start, url in bare_urls(text):
        if not taken(start):
            add(start, url)
    return sorted(found.values(), key=lambda s: s.start)


@lru_cache(maxsize=65_536)
def normalize_url(url: str) -> str:
    """The form two URLs are compared in: scheme and host lower-cased, default port,
    fragment and a lone trailing slash dropped. Path and query are kept as written."""
    url = url.strip()
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    if port is not None and (scheme, port) not in (("http", 80), ("https", 443)):
        host = f"{host}:{port}"
    if parts.username or parts.password:
        host = f"{parts.username or ''}{':' + parts.password if parts.password else ''}@{host}"
    path = parts.path.rstrip("/") if parts.path not in ("", "/") else ""
    return urlunsplit((scheme, host, path, parts.query, ""))


def prose(text: str, *, is_html: bool = False) -> str:
    """The words a reader reads: code, comments, image alt text, URLs and markup removed.

    Link text stays (``[the report](url)`` reads as "the report").
    """
    hidden = code_spans(text)
    if "<!--" in text:
        hidden += comment_spans(text)
    if hidden:
        text = _blank(text, hidden)
    if "![" in text:
        text = _IMAGE.sub(" ", text)
    if "](" in text:
        text = _MD_LINK.sub(lambda m: f" {m.group('label')} ", text)
    if "<" in text:
        text = _IMG_TAG.sub(" ", text)
        text = _HTML_TAG.sub(" ", text)
    if is_html or "&" in text:
        text = html.unescape(text)
    if "://" in text:
        text = _blank(text, [(start, start + len(url)) for start, url in _url_tokens(text)])
    return text


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span replaced by one space (spans may overlap)."""
    pieces = []
    pos = 0
    for start, end in sorted(spans):
        if end <= pos:
            continue
        pieces.append(text[pos : max(start, pos)])
        pieces.append(" ")
        pos = end
    pieces.append(text[pos:])
    return "".join(pieces)


def _scheme_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "+.-")


def _url_tokens(text: str) -> Iterator[tuple[int, str]]:
    """Any scheme://... token (not only http), found from its "://" with the scheme read backwards."""
    for m in _BARE_URL.finditer(text):
        begin = at = m.start()
        while at > 0 and begin - at < 32 and _scheme_char(text[at - 1]):
            at -= 1
        if at < begin:
            yield at, text[at : m.end()]


# A token of marks only, after the whitespace before it (the text's first token: _MARKS_FIRST). Starting
# at a whitespace character instead of a lookbehind lets the engine skip ahead: 40% faster on a draft.
_MARKS_ONLY = re.compile(r"\s(?:[^\w\s]|_)++(?!\S)")
_MARKS_FIRST = re.compile(r"(?:[^\w\s]|_)++(?!\S)")


def words(text: str) -> Iterator[str]:
    """Whitespace tokens that hold at least one letter or digit, in any script.

    Arabic and Hebrew count the same way as English: one token, one word.
    Markdown markers (``#``, ``-``, ``>``, ``|``) and lone dashes are not words.
    """
    for token in text.split():
        if any(ch.isalnum() for ch in token):
            yield token


def count_words(text: str, *, is_html: bool = False) -> int:
    """The number of :func:`words` in the prose of ``text``."""
    body = prose(text, is_html=is_html)
    # Whitespace tokens, less those made of marks only: both counted at C speed.
    marks_only = len(_MARKS_ONLY.findall(body)) + (_MARKS_FIRST.match(body) is not None)
    return len(body.split()) - marks_only
