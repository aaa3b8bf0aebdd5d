"""Reading agent output as text: URLs with their offsets, countable words, code spans.

Offsets are always into the string the function was given, so a flag built
from them underlines exactly what was found.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

# Fenced code (``` or ~~~, three or more, closed by the same fence or the end).
_FENCE = re.compile(
    r"^(?P<indent>[ \t]{0,3})(?P<fence>`{3,}|~{3,})[^\n]*\n.*?(?:^[ \t]{0,3}(?P=fence)[`~]*[ \t]*$|\Z)",
    re.MULTILINE | re.DOTALL,
)
# Patterns start with a literal where they can: the regex engine then jumps between
# occurrences of it instead of trying every position (lookbehinds and \b defeat that).
_INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
_HTML_CODE = re.compile(r"<(code|pre|script|style)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_MD_LINK = re.compile(r"\[(?P<label>[^\]]*)\]\(\s*<?(?P<url>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_ATTR_URL = re.compile(r"""(?:href|src|HREF|SRC)\s*=\s*(?P<q>["']?)(?P<url>[^"'\s>]+)(?P=q)""")
# Found from their "://" (a literal the engine can jump to); the scheme is checked behind it.
_BARE_URL = re.compile(r"""://[^\s<>"'`\]\[{}|\\^]+""")
_SCHEMES = ("http", "https")
_HTML_TAG = re.compile(r"<[^>]*>")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_IMG_TAG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_TRAILING = ".,;:!?*_~'\""


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def code_spans(text: str) -> list[tuple[int, int]]:
    """Character ranges of fenced code, inline code and HTML code/pre/script/style."""
    spans = []
    if "```" in text or "~~~" in text:
        spans += [(m.start(), m.end()) for m in _FENCE.finditer(text)]
    if "<" in text:
        spans += [(m.start(), m.end()) for m in _HTML_CODE.finditer(text)]
    if "`" in text:
        covered = _Cover(spans)
        spans += [(m.start(), m.end()) for m in _INLINE_CODE.finditer(text) if not covered(m.start())]
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


class _Cover:
    """Is a position inside any of a set of ranges? (binary search over merged ranges)."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
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
    inside_code = _Cover(code_spans(text)) if skip_code else _Cover([])
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
    taken = _Cover([(s.start, s.end) for s in found.values()])
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
    """The words a reader reads: code, image alt text, URLs and markup removed.

    Link text stays (``[the report](url)`` reads as "the report").
    """
    if "<" in text:
        text = _HTML_COMMENT.sub(" ", text)
    if "```" in text or "~~~" in text:
        text = _FENCE.sub(" ", text)
    if "<" in text:
        text = _HTML_CODE.sub(" ", text)
    if "`" in text:
        text = _INLINE_CODE.sub(" ", text)
    if "![" in text:
        text = _IMAGE.sub(" ", text)
    if "](" in text:
        text = _MD_LINK.sub(lambda m: f" {m.group('label')} ", text)
    if "<" in text:
        text = _HTML_TAG.sub(" ", text)
    if is_html or "&" in text:
        text = html.unescape(text)
    if "://" in text:
        text = _URL_TOKEN.sub(" ", text)
    return text


_URL_TOKEN = re.compile(r"""[A-Za-z][A-Za-z0-9+.-]*://[^\s<>"'`\]\[{}|\\^]+""")
_MARKS_ONLY = re.compile(r"(?<!\S)(?:[^\w\s]|_)+(?!\S)")


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
    return len(body.split()) - len(_MARKS_ONLY.findall(body))
