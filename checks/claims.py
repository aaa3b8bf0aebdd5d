"""Claims: the sentences of a draft's prose, with exact offsets, a type and a weight.

Shared by the integrity review (``source_markers``) and the grounding check.
A draft may be markdown, HTML or a mix of both. Every offset is into the
original output text, so ``text[claim.start:claim.end]`` is the sentence as
written (inline markup included).

How prose is found: the text is *masked* into a string of the same length in
which everything that is not prose becomes whitespace: code (fenced, inline,
``<code>``/``<pre>``/``<script>``/``<style>``), HTML comments, tags, source
markers, images and URLs. Block-level tags (``<p>``, ``<li>``, ``<h2>``...)
become newlines, so they end a paragraph. Headings (markdown ``#`` and setext,
HTML ``h1``-``h6``) are not prose either: each one names the section of what
follows. Lines are then read markdown-wise (list items, block quotes, table
rows and rules) into blocks, and each block is split into sentences.

A sentence ends at ``.``, ``!``, ``?`` (and the ellipsis, the Arabic question
mark and full stop, and the CJK full-width stops), optionally followed by closing quotes, brackets
or emphasis, when whitespace or the end of the block comes next. A full stop
does not end a sentence when the next word starts with a lower-case letter
(``e.g. the``, ``approx. ten``), after a title (``Dr.``, ``Mr.``, ``vs.``...),
after a single capital initial (``John F. Kennedy``) or before a number after
``No.``/``Fig.``/``p.``. Decimals (``3.5``), versions and URLs hold no
whitespace after their dots, so they never split. Indented code blocks are
not recognised (they read as prose).

Each sentence is classified by patterns into one of four claim types with the
weights of the integrity score: **metric** 1.5 (percentages, money, numbers
with units, counts, multipliers such as ``3x``), **capability** 1.2 (supports,
enables, provides, handles, integrates, allows...), **architecture** 1.0 (named
technologies such as PostgreSQL, Redis, REST, GraphQL, Kafka, Kubernetes, and
structural terms such as microservice, API, database, queue, cache), else
**general** 0.8. The first type that matches, in that order, wins.

A sentence is **rhetorical**, never a claim, when it addresses the reader rather
than asserting something: a hypothetical or an invitation (``Imagine...``,
``Let's...``, ``What if...``), meta-text (``In this post we...``), a lead-in that
ends with a colon, an exclamation without a figure, or a very short sentence
with nothing checkable (``Exactly.``). :func:`names_something` is the wider net
the grounding check uses: a sentence that names a person, product, place or
date (a capitalised word after the first, a year, a month) asserts something
a source can confirm even without a number or a technical term.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from checks.text import code_spans

__all__ = [
    "MARKER_RE",
    "WEIGHTS",
    "Claim",
    "ClaimType",
    "Heading",
    "Prose",
    "Sentence",
    "classify",
    "extract_claims",
    "is_factual",
    "is_rhetorical",
    "names_something",
    "parse_prose",
    "sentence_spans",
    "split_sentences",
    "to_claim",
]


class ClaimType(StrEnum):
    METRIC = "metric"
    CAPABILITY = "capability"
    ARCHITECTURE = "architecture"
    GENERAL = "general"


WEIGHTS: Final[Mapping[ClaimType, float]] = {
    ClaimType.METRIC: 1.5,
    ClaimType.CAPABILITY: 1.2,
    ClaimType.ARCHITECTURE: 1.0,
    ClaimType.GENERAL: 0.8,
}

# A source marker as text: ``[Source: type:path:detail]`` (any case, one line).
MARKER_RE: Final = re.compile(r"\[[ \t]*source[ \t]*:(?P<body>[^\[\]\n]{0,2000})\]", re.IGNORECASE)


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


# --- masking -----------------------------------------------------------------

_BLOCK_TAGS: Final = _words(
    "address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption "
    "figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main nav ol p pre section summary "
    "table tbody td tfoot th thead tr ul"
)
# Elements whose content is never prose (headings are recorded, the rest dropped).
_ELEMENT_TAG: Final = re.compile(
    r"<(?P<close>/?)(?P<name>h[1-6]|head|title|noscript|svg|template|math|textarea|select|button)\b[^<>]*>",
    re.IGNORECASE,
)
_MASK: Final = re.compile(
    # The lookahead lets the engine skip every position that cannot start a match.
    r"(?=[<\[!&hH])(?:"
    r"(?P<comment><!--.*?(?:-->|\Z))"
    r"|(?P<cite><cite\b[^<>]*>[ \t]*\[?[ \t]*source[ \t]*:[^<]{0,2100}</cite[ \t]*>)"
    r"|(?P<tag></?(?P<name>[a-z][a-z0-9-]*)(?:[\s/][^<>]*)?>)"
    r"|(?P<decl><![a-z][^<>]*>|<\?[^<>]*\?>)"
    r"|(?P<marker>\[[ \t]*source[ \t]*:[^\[\]\n]{0,2000}\])"
    r"|(?P<image>!\[[^\]\n]{0,2000}\]\([^)\s]{0,2048}(?:\s+\"[^\"\n]{0,500}\")?\))"
    r"|(?P<url>\bhttps?://[^\s<>\"'`\]\[{}|\\^]+)"
    r"|(?P<space>&(?:nbsp|ensp|emsp|thinsp|#160|#x0*a0|#32|#x0*20);))",
    re.IGNORECASE | re.DOTALL,
)
_NOT_NEWLINE: Final = re.compile(r"[^\n]")
_URL_TRAILING: Final = ".,;:!?*_~'\")"

# --- lines -------------------------------------------------------------------

_PREFIX: Final = re.compile(r"[ \t]*(?:>[ \t]?)*[ \t]*")
_ATX: Final = re.compile(r"(#{1,6})(?:[ \t]+|$)")
_SETEXT: Final = re.compile(r"(?:=+|-{2,})[ \t]*$")
_RULE: Final = re.compile(r"(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_BULLET: Final = re.compile(r"(?:[-*+•]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
_TABLE_DELIM: Final = re.compile(r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")

# --- sentences ---------------------------------------------------------------

# Terminators: . ! ? ellipsis, Arabic question mark and full stop, CJK stops, double marks.
_TERMINATORS: Final = ".!?\u2026\u061f\u06d4\u3002\uff01\uff1f\u203c\u2047\u2048\u2049"
_CLOSERS: Final = "\"')]*_\u201d\u2019\u00bb"
# ``[T][T]*`` rather than ``[T]+``: the same matches, but a leading single class lets the engine skip
# to the next terminator at C speed (twice as fast on long text).
_END: Final = re.compile(
    f"[{re.escape(_TERMINATORS)}][{re.escape(_TERMINATORS)}]*[{re.escape(_CLOSERS)}]*(?=\\s|\\Z)"
)
_QUESTION: Final = frozenset("?\u061f\uff1f\u2047\u2048\u2049")
_HARD_END = frozenset("!\uff01\u203c") | _QUESTION
_OPENERS: Final = "([{\"'*_\u201c\u2018\u00ab"
_NEXT_CHAR: Final = re.compile(r"\s*(\S)")
_ALNUM: Final = re.compile(r"[^\W_]")
# Never the end of a sentence: titles (as capitalised) and Latin abbreviations (any case).
_TITLES: Final = _words(
    "Dr. Drs. Mr. Mrs. Ms. Mx. Prof. Sr. Jr. St. Mt. Ft. Gen. Gov. Sen. Rep. Rev. Capt. Col. Lt. Sgt. Messrs."
)
_NEVER_END: Final = _words("vs. v. e.g. i.e. cf. viz. approx. ca. incl. dept. resp.")
_BEFORE_NUMBER: Final = _words(
    "no. nos. fig. figs. p. pp. vol. vols. ch. sec. art. eq. jan. feb. mar. apr. jun. jul. aug. "
    "sep. sept. oct. nov. dec. ver. v."
)

# --- classification ----------------------------------------------------------

_DIGIT: Final = re.compile(r"\d")
# Characters that end or start a word without being part of it.
_STRIP: Final = (
    ".,;:!?()[]{}\"'*_`<>|/\\~=\u060c\u061b\u061f\u2026\u201c\u201d\u00ab\u00bb\u2014\u2013\u2018\u2019"
)
_COUNT_STOP: Final = (
    "was|has|is|does|this|its|his|as|us|yes|thus|plus|less|across|always|perhaps|unless|"
    "whereas|besides|versus|afterwards|hers|ours|yours|theirs|was|gets|makes|takes|gives|goes|comes"
)
_UNITS: Final = (
    "ms|msec|milliseconds?|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?|"
    "µs|μs|us|ns|microseconds?|nanoseconds?|[kmgtp]i?b|bytes?|bits?|[kmg]bps|[kmg]?hz|k|m|bn|b|"
    "thousand|million|billion|trillion|hundred|rps|qps|tps|ops|req/s|fps|cores?|vcpus?|nodes?|"
    "servers?|x|users?|customers?|requests?|tokens?|languages?|countries|regions?|minutes?"
)
_METRIC: Final = re.compile(
    # The lookahead lets the engine skip every position that cannot start a metric.
    "(?=[\\d$\u20ac\u00a3\u00a5\u20b9])(?:"
    r"\d[\d,.\u066b\u066c]*[ \t\u00a0]?(?:%|٪|‰|percent\b|per[ \t]?cent\b|pct\b|percentage[ \t]+points?\b"
    r"|basis[ \t]+points?\b|bps\b)"
    r"|[$€£¥₹][ \t]?\d"
    r"|\d(?:[.,]\d+)?[ \t]?(?:x\b|\u00d7)"
    rf"|\d[\d,.]*[ \t\u00a0]?(?:{_UNITS})\b"
    r"|\b\d{1,3}(?:,\d{3})+\b"
    r"|\b\d+(?:\.\d+)?[ \t]+times\b"
    rf"|\d[\d,.]*[ \t]+(?:[^\W\d_]+[ \t]+)?(?!(?:{_COUNT_STOP})\b)[^\W\d_]{{2,}}s\b)",
    re.IGNORECASE,
)
_MULTIPLIER_WORDS: Final = _words(
    "twice double doubled doubles triple tripled triples quadruple quadrupled halved halves tenfold "
    "twofold threefold fourfold fivefold hundredfold thousandfold"
)
_CAPABILITY: Final = _words(
    "support supports supported enable enables enabled provide provides provided handle handles handled "
    "integrate integrates integrated allow allows allowed offers offered lets powers powered automate "
    "automates automated manages managed delivers delivered ensure ensures ensured guarantees "
    "guaranteed accelerates streamlines scales syncs synchronizes synchronises exports imports detects "
    "prevents protects encrypts monitors generates validates verifies optimizes optimises reduces "
    "improves eliminates simplifies processes connects compatible"
)
_TECH_ANYCASE: Final = _words(
    "postgresql postgres mysql mariadb sqlite mongodb redis memcached cassandra dynamodb elasticsearch "
    "opensearch clickhouse snowflake bigquery redshift neo4j kafka rabbitmq kinesis celery dramatiq "
    "kubernetes k8s docker terraform ansible istio nginx haproxy prometheus grafana opentelemetry graphql "
    "grpc protobuf websocket websockets oauth oauth2 openid jwt aws gcp azure cloudflare vercel supabase "
    "firebase hadoop airflow flink django fastapi typescript javascript golang kotlin linux webassembly "
    "wasm nosql json yaml parquet github gitlab openai langchain pydantic sqs ec2 https node.js next.js "
    "vue.js http/2 http/3 ci/cd c++ c#"
)
_TECH_EXACT: Final = _words(
    "REST RESTful SQL NATS SNS TLS SSL TCP UDP DNS CDN HTTP S3 Spark React Vue Angular Svelte Rails "
    "Python Java Rust Git Helm Envoy Flask LLM LLMs XML CSV GPT Lambda Pulsar"
)
_TECH_EXACT_LOWER: Final = frozenset(t.lower() for t in _TECH_EXACT)
_STRUCTURAL: Final = _words(
    "microservice microservices monolith monoliths monolithic api apis endpoint endpoints database "
    "databases datastore datastores queue queues cache caches caching cached server servers serverless "
    "container containers containerized cluster clusters shard shards sharding sharded replica replicas "
    "replication schema schemas webhook webhooks middleware orm sdk sdks cli backend backends frontend "
    "frontends framework frameworks protocol protocols pipeline pipelines broker brokers storage "
    "architecture infrastructure runtime scheduler orchestrator orchestration gateway gateways proxy "
    "load-balancer balancer balancers"
)
_QUALIFYING: Final = _words(
    "fastest quickest leading industry-leading market-leading best best-in-class world-class "
    "state-of-the-art cutting-edge seamless seamlessly robust unmatched unparalleled unrivaled unrivalled "
    "revolutionary groundbreaking ground-breaking superior premier top-tier enterprise-grade blazing "
    "blazing-fast lightning-fast effortless effortlessly bulletproof foolproof unbeatable ultimate "
    "flawless flawlessly"
)
_LEADING: Final = re.compile(r"\bleading\b(?![ \t]+to\b)")
_MOST: Final = re.compile(
    r"\bmost[ \t]+(?:advanced|powerful|reliable|secure|popular|accurate|efficient|trusted|complete"
    r"|comprehensive|scalable|innovative|performant)\b"
)
_TIMES: Final = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|hundred|thousand)[ \t]+times\b"
)
_RHETORICAL_OPENER: Final = re.compile(
    r"(?:let['\u2019]?s|let\s+us|imagine|picture\s+this|think\s+about|just\s+think|suppose|what\s+if"
    r"|here['\u2019]?s\s+(?:the\s+thing|why|how|what)|stay\s+tuned|read\s+on|spoiler|thanks?\b|thank\s+you"
    r"|in\s+this\s+(?:post|article|report|guide|section|piece|newsletter|issue|essay)"
    r"|we['\u2019]ll\s+(?:explore|look|cover|see|dive|walk)|sound\s+familiar|you\s+might\s+(?:be\s+)?"
    r"(?:wonder|think|ask)|the\s+(?:short|long)\s+answer)\b",
    re.IGNORECASE,
)
_YEAR: Final = re.compile(r"(?<![\d.,])(?:1[89]|2[01])\d\d(?![\d.,]\d)")
_MONTHS: Final = _words(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_CAPITALISED: Final = re.compile(r"[A-Z][\w'\u2019.&-]*")
_NOT_NAMES: Final = _words("I I'm I've I'd I'll OK")


class Heading(NamedTuple):
    start: int
    end: int
    title: str


class Sentence(NamedTuple):
    start: int
    end: int
    text: str
    """``source[start:end]``: the sentence as written."""
    plain: str
    """The sentence's prose: markup, markers, code and URLs removed, entities decoded, spaces collapsed."""
    section: str | None
    """Title of the most recent heading before the sentence."""
    question: bool


class Claim(NamedTuple):
    start: int
    end: int
    text: str
    plain: str
    section: str | None
    type: ClaimType
    factual: bool
    """Asserts something checkable: a number, a capability verb, a technology or structural term."""
    qualified: bool
    """Holds qualifying language ("fastest", "seamless"), which makes it factual in strict mode."""

    @property
    def weight(self) -> float:
        return WEIGHTS[self.type]

    def is_factual(self, *, strict: bool = False) -> bool:
        return self.factual or (strict and self.qualified)


@dataclass(frozen=True, slots=True)
class Prose:
    """A draft read as prose: its sentences (questions included) and its headings."""

    sentences: tuple[Sentence, ...]
    headings: tuple[Heading, ...]


class Anchors:
    """Which sentence of a :class:`Prose` a span of its text belongs to (a citation, a source marker).

    A span belongs to the sentence it starts in, or to the last sentence before it when no heading
    lies between them (``claim. [source: x]``); a span before any sentence of its section belongs to
    the next sentence when no heading lies between (a citation that opens a paragraph).
    """

    __slots__ = ("_heads", "_starts", "sentences")

    def __init__(self, prose: Prose) -> None:
        self.sentences = prose.sentences
        self._starts = [s.start for s in prose.sentences]
        self._heads = [h.start for h in prose.headings]

    def heading_between(self, a: int, b: int) -> bool:
        i = bisect_left(self._heads, a)
        return i < len(self._heads) and self._heads[i] < b

    def owner(self, start: int, end: int) -> int | None:
        """The index of the sentence the span ``start:end`` belongs to, or None (an orphan)."""
        sentences = self.sentences
        i = bisect_right(self._starts, start) - 1
        if i >= 0 and (start < sentences[i].end or not self.heading_between(sentences[i].end, start)):
            return i
        if i + 1 < len(sentences) and not self.heading_between(end, sentences[i + 1].start):
            return i + 1
        return None


# --- public API --------------------------------------------------------------


def parse_prose(text: str, *, code: Sequence[tuple[int, int]] | None = None) -> Prose:
    """Sentences and headings of a markdown or HTML draft, in order.

    ``code`` takes the draft's :func:`checks.text.code_spans` when the caller
    already has them.
    """
    masked, headings = _mask(text, code_spans(text) if code is None else code)
    blocks, more_headings = _blocks(masked)
    all_headings = sorted(headings + more_headings, key=lambda h: h.start)
    starts = [h.start for h in all_headings]
    sentences = []
    for offset, block in blocks:
        for start, end, question in _split(block):
            s, e = offset + start, offset + end
            section = all_headings[bisect_right(starts, s) - 1].title if starts and starts[0] <= s else None
            chunk = block[start:end]
            plain = " ".join((html.unescape(chunk) if "&" in chunk else chunk).split())  # _collapse, inline
            sentences.append(Sentence(s, e, text[s:e], plain, section, question))
    return Prose(tuple(sentences), tuple(all_headings))


def sentence_spans(text: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, plain, is_question) of each sentence, exactly as :func:`parse_prose` reads them.

    No sections and no :class:`Sentence` objects: the cheap form for reading many sources (the
    grounding index), where ``text[start:end]`` is only wanted for the few sentences quoted.
    """
    masked, _ = _mask(text, code_spans(text))
    blocks, _ = _blocks(masked)
    out = []
    for offset, block in blocks:
        for start, end, question in _split(block):
            chunk = block[start:end]
            plain = " ".join((html.unescape(chunk) if "&" in chunk else chunk).split())  # _collapse, inline
            out.append((offset + start, offset + end, plain, question))
    return out


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of a draft's prose (questions included, headings and code not)."""
    return list(parse_prose(text).sentences)


def classify(sentence: str) -> ClaimType:
    """The claim type of a sentence's plain text: metric, capability, architecture or general."""
    return _Signals(sentence).type


def is_factual(sentence: str, *, strict: bool = False) -> bool:
    """Does the sentence assert something checkable?

    Numbers, capability verbs, technology names and structural terms make a
    sentence factual; in strict mode qualifying language ("fastest",
    "leading", "best", "seamless", "robust", "most reliable"...) does too.
    """
    signals = _Signals(sentence)
    return signals.factual or (strict and signals.qualified)


def is_rhetorical(sentence: str) -> bool:
    """Does the sentence address the reader instead of asserting something?

    Hypotheticals and invitations (``Imagine...``, ``Let's...``), meta-text
    (``In this post...``), lead-ins ending with a colon, exclamations without a
    digit, and sentences of three words or fewer with nothing checkable in them.
    """
    stripped = sentence.strip().lstrip(_OPENERS).strip()
    if not stripped or stripped.endswith(":"):
        return True
    if _RHETORICAL_OPENER.match(stripped):
        return True
    digits = _DIGIT.search(stripped) is not None
    if not digits and stripped.rstrip(_CLOSERS).endswith(("!", "\uff01", "\u203c")):
        return True
    return len(stripped.split()) <= 3 and not digits and not _Signals(stripped).factual


def names_something(sentence: str) -> bool:
    """Does the sentence name a person, product, place or date a source could confirm?

    True for a capitalised word after the first word (``I`` aside), a year from
    1800 to 2199, or a month name. Scripts without capitals rely on the other signals.
    """
    if _YEAR.search(sentence):
        return True
    words = sentence.split()
    if not _MONTHS.isdisjoint(w.strip(_STRIP).lower() for w in words[1:]):
        return True
    return any(
        _CAPITALISED.fullmatch(w.strip(_STRIP)) is not None and w.strip(_STRIP) not in _NOT_NAMES
        for w in words[1:]
    )


def extract_claims(text: str, *, strict: bool = False, broad: bool = False) -> list[Claim]:
    """The factual sentences of a draft, classified; questions, headings and rhetoric are never claims.

    ``broad`` adds the sentences that :func:`names_something` (the grounding check's net).
    """
    claims = (
        to_claim(s) for s in parse_prose(text).sentences if not s.question and not is_rhetorical(s.plain)
    )
    return [c for c in claims if c.is_factual(strict=strict) or (broad and names_something(c.plain))]


def to_claim(sentence: Sentence) -> Claim:
    """Classify one sentence as a claim, whether or not it is factual."""
    signals = _Signals(sentence.plain)
    return Claim(
        start=sentence.start,
        end=sentence.end,
        text=sentence.text,
        plain=sentence.plain,
        section=sentence.section,
        type=signals.type,
        factual=signals.factual,
        qualified=signals.qualified,
    )


# --- classification ----------------------------------------------------------


class _Signals:
    """What a sentence's words say about it, computed once."""

    __slots__ = ("architecture", "capability", "digits", "metric", "qualified")

    def __init__(self, sentence: str) -> None:
        low = sentence.lower()
        words = {w.strip(_STRIP) for w in low.split()}
        if "-" in low:
            words.update(part for word in tuple(words) if "-" in word for part in word.split("-"))
        self.digits = _DIGIT.search(sentence) is not None
        self.metric = (
            (self.digits and _METRIC.search(sentence) is not None)
            or not _MULTIPLIER_WORDS.isdisjoint(words)
            or ("times" in words and _TIMES.search(low) is not None)
        )
        self.capability = not _CAPABILITY.isdisjoint(words)
        self.architecture = (
            not _TECH_ANYCASE.isdisjoint(words)
            or not _STRUCTURAL.isdisjoint(words)
            or (
                not _TECH_EXACT_LOWER.isdisjoint(words) and not _TECH_EXACT.isdisjoint(_exact_words(sentence))
            )
        )
        boasts = words & _QUALIFYING
        self.qualified = bool(boasts - {"leading"}) or ("most" in words and _MOST.search(low) is not None)
        if not self.qualified and boasts:
            # "leading to" is a verb, not a boast.
            self.qualified = _LEADING.search(low) is not None

    @property
    def factual(self) -> bool:
        return self.digits or self.metric or self.capability or self.architecture

    @property
    def type(self) -> ClaimType:
        if self.metric:
            return ClaimType.METRIC
        if self.capability:
            return ClaimType.CAPABILITY
        if self.architecture:
            return ClaimType.ARCHITECTURE
        return ClaimType.GENERAL


# --- masking and blocks ------------------------------------------------------


def _exact_words(sentence: str) -> set[str]:
    words = {w.strip(_STRIP) for w in sentence.split()}
    if "-" in sentence:
        words.update(part for word in tuple(words) if "-" in word for part in word.split("-"))
    return words


def _blank(s: str) -> str:
    """Same length, newlines kept, everything else a space."""
    return " " * len(s) if "\n" not in s else _NOT_NEWLINE.sub(" ", s)


def _collapse(s: str) -> str:
    if "&" in s:
        s = html.unescape(s)
    return " ".join(s.split())


def _mask(text: str, spans: Sequence[tuple[int, int]]) -> tuple[str, list[Heading]]:
    # 1. Code of every kind: never prose, never markers.
    if spans:
        pieces = []
        cursor = 0
        for first, end in spans:
            if end <= cursor:
                continue
            start = max(first, cursor)
            pieces.append(text[cursor:start])
            pieces.append(_blank(text[start:end]))
            cursor = end
        pieces.append(text[cursor:])
        masked = "".join(pieces)
    else:
        masked = text
    # 2. Headings and elements whose content is not prose, paired in one linear scan.
    headings: list[Heading] = []
    if "<" in masked:
        masked = _mask_elements(masked, headings)
        # 3. Comments, tags, markers, images, URLs and space entities.
        masked = _MASK.sub(_mask_match, masked)
    elif "[" in masked or "http" in masked or "&" in masked:
        masked = _MASK.sub(_mask_match, masked)
    return masked, headings


def _mask_elements(masked: str, headings: list[Heading]) -> str:
    regions: list[tuple[int, int, str]] = []
    open_name = ""
    open_at = open_end = 0
    for m in _ELEMENT_TAG.finditer(masked):
        name = m.group("name").lower()
        if not open_name:
            if not m.group("close"):
                open_name, open_at, open_end = name, m.start(), m.end()
        elif m.group("close") and name == open_name:
            regions.append((open_at, m.end(), masked[open_end : m.start()] if name[1:].isdigit() else ""))
            open_name = ""
    if open_name:  # unclosed: only the tag itself is masked
        regions.append((open_at, open_end, ""))
    if not regions:
        return masked
    pieces = []
    cursor = 0
    for start, end, inner in regions:
        pieces.append(masked[cursor:start])
        pieces.append("\n" * (end - start))
        cursor = end
        if inner:
            title = _collapse(re.sub(r"<[^<>]*>", " ", inner))
            if title:
                headings.append(Heading(start, end, title))
    pieces.append(masked[cursor:])
    return "".join(pieces)


def _mask_match(m: re.Match[str]) -> str:
    kind = m.lastgroup
    found = m.group()
    if kind == "tag":
        name = (m.group("name") or "").lower()
        return "\n" * len(found) if name in _BLOCK_TAGS else _blank(found)
    if kind == "url":
        trimmed = found
        while trimmed and (
            trimmed[-1] in _URL_TRAILING and (trimmed[-1] != ")" or trimmed.count("(") < trimmed.count(")"))
        ):
            trimmed = trimmed[:-1]
        return " " * len(trimmed) + found[len(trimmed) :]
    return _blank(found)


def _blocks(masked: str) -> tuple[list[tuple[int, str]], list[Heading]]:
    """Paragraphs, list items and table rows as (offset, text), line prefixes blanked."""
    blocks: list[tuple[int, str]] = []
    headings: list[Heading] = []
    para: list[tuple[int, int]] = []  # segments (start, end) of the open paragraph
    item = False  # the open paragraph is a list item

    def close() -> None:
        if para:
            blocks.append(_join(masked, para))
            para.clear()

    pos = 0
    size = len(masked)
    while pos <= size:
        nl = masked.find("\n", pos)
        end = size if nl < 0 else nl
        line = masked[pos:end]
        if not line.strip():
            close()
        else:
            prefix = _PREFIX.match(line)
            p = prefix.end() if prefix else 0
            rest = line[p:]
            atx = _ATX.match(rest)
            if atx:
                close()
                title = _collapse(rest[atx.end() :].rstrip().rstrip("#"))
                if title:
                    headings.append(Heading(pos, end, title))
            elif para and not item and _SETEXT.match(rest):
                # A ``===`` or ``---`` line under a paragraph makes the paragraph a heading.
                title = _collapse(" ".join(masked[s:e] for s, e in para))
                headings.append(Heading(para[0][0], end, title))
                para.clear()
            elif _RULE.match(rest):
                close()
            elif rest.startswith("|"):
                close()
                if not _TABLE_DELIM.match(rest):
                    blocks.append((pos + p, rest.replace("|", " ").replace("\t", " ")))
            else:
                bullet = _BULLET.match(rest)
                if bullet:
                    close()
                    p += bullet.end()
                if not para:
                    item = bullet is not None
                para.append((pos + p, end))
        if nl < 0:
            break
        pos = nl + 1
    close()
    return blocks, headings


def _join(masked: str, segments: list[tuple[int, int]]) -> tuple[int, str]:
    """One block's text, same length as its span, with what lies between segments blanked."""
    start = segments[0][0]
    if len(segments) == 1:
        return start, masked[start : segments[0][1]].replace("\t", " ")
    pieces = []
    cursor = start
    for s, e in segments:
        if s > cursor:
            pieces.append(" " * (s - cursor))
        pieces.append(masked[s:e])
        cursor = e
    return start, "".join(pieces).replace("\t", " ")


def _split(block: str) -> list[tuple[int, int, bool]]:
    """(start, end, is_question) of each sentence in a block, offsets into the block.

    The hot loop of reading sources: one pass of :data:`_END`, and for each full stop the tests
    that keep it inside the sentence, inline: a lower-case next word (``e.g. the``), a title
    (``Dr.``), a Latin abbreviation, ``No.``/``Fig.``/``p.`` before a number, a single capital
    initial (``John F. Kennedy``).
    """
    out = []
    cursor = 0
    for m in _END.finditer(block):
        dot, after = m.span()
        punct = m.group()
        hard = False
        if punct != ".":
            punct = punct.rstrip(_CLOSERS)
            hard = punct != "." and not _HARD_END.isdisjoint(punct)
        if not hard:
            ch = block[after + 1 : after + 2] if block[after : after + 1] == " " else ""
            if not ch or ch.isspace():
                nxt = _NEXT_CHAR.match(block, after)
                ch = nxt.group(1) if nxt is not None else ""
            if ch:  # else the block ends here: so does the sentence
                if ch.islower():
                    continue
                ws = block.rfind(" ", dot - 40 if dot > 40 else 0, dot)
                token = block[ws + 1 : dot + 1].lstrip(_OPENERS)
                if token in _TITLES:
                    continue
                low = token.lower()
                if low in _NEVER_END or (ch.isdigit() and low in _BEFORE_NUMBER):
                    continue
                if len(token) == 2 and token[1] == "." and "A" <= token[0] <= "Z":
                    continue
        chunk = block[cursor:after]
        stripped = chunk.strip()
        if stripped and (stripped[0].isalnum() or _ALNUM.search(stripped) is not None):
            first = cursor + len(chunk) - len(chunk.lstrip())
            out.append((first, first + len(stripped), hard and not _QUESTION.isdisjoint(punct)))
        cursor = after
    span = _trim(block, cursor, len(block))
    if span is not None:
        out.append((span[0], span[1], False))
    return out


def _trim(block: str, start: int, end: int) -> tuple[int, int] | None:
    chunk = block[start:end]
    stripped = chunk.strip()
    if not stripped or _ALNUM.search(stripped) is None:
        return None
    lead = len(chunk) - len(chunk.lstrip())
    return start + lead, start + lead + len(stripped)
