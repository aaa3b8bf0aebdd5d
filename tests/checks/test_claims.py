"""Claim extraction (``checks.claims``): sentences with exact offsets, sections, types, weights.

Every sentence's offsets index the original draft: ``text[start:end]`` is the
sentence as written. Code, tags, comments, markers and headings are not prose.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks.claims import (
    WEIGHTS,
    ClaimType,
    classify,
    extract_claims,
    is_factual,
    parse_prose,
    split_sentences,
)


def texts(draft: str) -> list[str]:
    return [s.text for s in split_sentences(draft)]


class TestSplitSentences:
    @pytest.mark.parametrize(
        ("draft", "expected"),
        [
            pytest.param(
                "Dr. Smith joined in May. The U.S. market grew 3.5% last year.",
                ["Dr. Smith joined in May.", "The U.S. market grew 3.5% last year."],
                id="titles-initialisms-decimals",
            ),
            pytest.param(
                "Caches help, e.g. the CDN layer. It works.",
                ["Caches help, e.g. the CDN layer.", "It works."],
                id="latin-abbreviation",
            ),
            pytest.param(
                "Latency is 45 ms. Throughput is 1,200 rps.",
                ["Latency is 45 ms.", "Throughput is 1,200 rps."],
                id="unit-ms-is-not-a-title",
            ),
            pytest.param(
                "See https://example.org/a.b?x=1 for details. Next one.",
                ["See https://example.org/a.b?x=1 for details.", "Next one."],
                id="url-dots",
            ),
            pytest.param(
                "Read https://example.org/a. Then stop.",
                ["Read https://example.org/a.", "Then stop."],
                id="url-ends-sentence",
            ),
            pytest.param("John F. Kennedy spoke.", ["John F. Kennedy spoke."], id="middle-initial"),
            pytest.param(
                "Is it fast? Yes! It is.", ["Is it fast?", "Yes!", "It is."], id="question-exclamation"
            ),
            pytest.param(
                'He said "it scales." Then he left.',
                ['He said "it scales."', "Then he left."],
                id="closing-quote",
            ),
            pytest.param("Version 2.0.1 ships today", ["Version 2.0.1 ships today"], id="no-terminator"),
            pytest.param("See Fig. 3 for more.", ["See Fig. 3 for more."], id="fig-before-number"),
        ],
    )
    def test_sentence_boundaries(self, draft: str, expected: list[str]) -> None:
        """Sentences end at terminators, not at abbreviations, decimals, URLs or initials."""
        assert texts(draft) == expected

    @pytest.mark.parametrize(
        ("draft", "expected"),
        [
            pytest.param(
                "Intro line.\n\n- First item uses Redis\n- Second item. With two sentences.\n1. Numbered\n",
                ["Intro line.", "First item uses Redis", "Second item.", "With two sentences.", "Numbered"],
                id="list-items",
            ),
            pytest.param(
                "# Title\n\nBody text.\n\n## Next\nMore text.",
                ["Body text.", "More text."],
                id="atx-headings",
            ),
            pytest.param("Title\n=====\n\nBody.", ["Body."], id="setext-heading"),
            pytest.param(
                "> Quoted line one\n> continues here.\n",
                ["Quoted line one\n> continues here."],
                id="blockquote",
            ),
            pytest.param(
                "| Tool | Speed |\n|---|---|\n| Redis | 3x |\n",
                ["Tool | Speed", "Redis | 3x"],
                id="table-rows",
            ),
            pytest.param("A line\nwrapped here.", ["A line\nwrapped here."], id="soft-wrap"),
            pytest.param("Above.\n\n---\n\nBelow.", ["Above.", "Below."], id="rule"),
        ],
    )
    def test_markdown_blocks(self, draft: str, expected: list[str]) -> None:
        """List items, headings, quotes, tables and rules bound sentences; offsets stay exact."""
        assert texts(draft) == expected

    @pytest.mark.parametrize(
        ("draft", "expected"),
        [
            pytest.param(
                "Before.\n\n```python\nx = 1. # Not prose. Really.\n```\n\nAfter.",
                ["Before.", "After."],
                id="fenced",
            ),
            pytest.param(
                "Before.\n\n````md\n```\ninner. Fence.\n```\n````\n\nAfter.",
                ["Before.", "After."],
                id="nested-fences",
            ),
            pytest.param(
                "Run `make test. now` first. Done.",
                ["Run `make test. now` first.", "Done."],
                id="inline-code",
            ),
            pytest.param(
                "<p>Use <code>a.b. C</code> here.</p><pre>Not. Prose.</pre>",
                ["Use <code>a.b. C</code> here."],
                id="html-code",
            ),
            pytest.param("Before.\n\n~~~\nunclosed. fence.", ["Before."], id="unclosed-fence"),
        ],
    )
    def test_code_is_skipped(self, draft: str, expected: list[str]) -> None:
        """Code of every kind is never prose, even holding full stops."""
        assert texts(draft) == expected

    @pytest.mark.parametrize(
        ("draft", "expected"),
        [
            pytest.param(
                "<p>First claim.</p><p>Second <strong>bold</strong> claim.</p>",
                ["First claim.", "Second <strong>bold</strong> claim."],
                id="paragraphs",
            ),
            pytest.param(
                "<p>Claim one.<!-- [Source: web:https://x.org/a] --> Claim two.</p>",
                ["Claim one.", "Claim two."],
                id="comment-between",
            ),
            pytest.param(
                "<ul><li>Item one</li><li>Item two</li></ul>", ["Item one", "Item two"], id="list-items"
            ),
            pytest.param(
                "<html><head><title>Not prose</title></head><body><p>Body.</p></body></html>",
                ["Body."],
                id="head-skipped",
            ),
            pytest.param(
                "<p>Tom &amp; Jerry run.&nbsp;Next one.</p>",
                ["Tom &amp; Jerry run.", "Next one."],
                id="entities",
            ),
            pytest.param("<p>Unclosed <!-- comment. Here.", ["Unclosed"], id="unclosed-comment"),
        ],
    )
    def test_html(self, draft: str, expected: list[str]) -> None:
        """Tags, comments and entities are masked but the offsets still index the HTML."""
        assert texts(draft) == expected

    def test_plain_decodes_entities_and_drops_markup(self) -> None:
        """``plain`` is what classification reads: entities decoded, tags and markers gone."""
        draft = "<p>R&amp;D spends 40&#37; on <em>Redis</em> [Source: web:x].</p>"
        (sentence,) = split_sentences(draft)
        assert sentence.plain == "R&D spends 40% on Redis ."
        assert draft[sentence.start : sentence.end] == sentence.text

    @pytest.mark.parametrize(
        ("draft", "expected", "questions"),
        [
            pytest.param(
                "يدعم النظام PostgreSQL بنسبة 40٪. هل هو سريع؟ نعم.",
                ["يدعم النظام PostgreSQL بنسبة 40٪.", "هل هو سريع؟", "نعم."],
                [False, True, False],
                id="arabic",
            ),
            pytest.param(
                "המערכת תומכת ב-Redis. האם זה מהיר? כן.",
                ["המערכת תומכת ב-Redis.", "האם זה מהיר?", "כן."],
                [False, True, False],
                id="hebrew",
            ),
        ],
    )
    def test_arabic_and_hebrew(self, draft: str, expected: list[str], questions: list[bool]) -> None:
        """Right-to-left scripts split on their own question mark too, offsets intact."""
        sentences = split_sentences(draft)
        assert [s.text for s in sentences] == expected
        assert [s.question for s in sentences] == questions

    @pytest.mark.parametrize(
        "draft", ["", "   \n\n ", "<p></p>", "```\ncode only\n```", "---", "# Only a heading"]
    )
    def test_empty_drafts(self, draft: str) -> None:
        """Drafts without prose have no sentences."""
        assert split_sentences(draft) == []


class TestSections:
    def test_markdown_and_html_headings_name_sections(self) -> None:
        """A sentence's section is the most recent heading before it, of either kind."""
        draft = (
            "Preface.\n\n# Findings\n\nOne.\n\n<h2>Risks &amp; gaps</h2><p>Two.</p>\n\nSetext\n---\nThree."
        )
        sections = {s.text: s.section for s in split_sentences(draft)}
        assert sections == {"Preface.": None, "One.": "Findings", "Two.": "Risks & gaps", "Three.": "Setext"}

    def test_headings_are_reported_with_offsets(self) -> None:
        """Headings carry the span they occupy, for markers that must not cross them."""
        draft = "# Top\n\n<h3>Sub</h3>"
        headings = parse_prose(draft).headings
        assert [(h.title, draft[h.start : h.end]) for h in headings] == [
            ("Top", "# Top"),
            ("Sub", "<h3>Sub</h3>"),
        ]


class TestClassify:
    @pytest.mark.parametrize(
        ("sentence", "kind"),
        [
            ("Error rates fell by 30%.", ClaimType.METRIC),
            ("The pipeline takes 45 seconds.", ClaimType.METRIC),
            ("It is 3x faster than before.", ClaimType.METRIC),
            ("It processed 1,200,000 events.", ClaimType.METRIC),
            ("We shipped 40 markers.", ClaimType.METRIC),
            ("Costs dropped to $12 a month.", ClaimType.METRIC),
            ("Throughput doubled.", ClaimType.METRIC),
            ("The API supports streaming.", ClaimType.CAPABILITY),
            ("It integrates with Slack.", ClaimType.CAPABILITY),
            ("The tool handles retries.", ClaimType.CAPABILITY),
            ("Sessions live in Redis.", ClaimType.ARCHITECTURE),
            ("The service exposes a GraphQL schema.", ClaimType.ARCHITECTURE),
            ("Each microservice owns its database.", ClaimType.ARCHITECTURE),
            ("Deploys run on Kubernetes.", ClaimType.ARCHITECTURE),
            ("The frontend is built with Node.js.", ClaimType.ARCHITECTURE),
            ("The team met in spring.", ClaimType.GENERAL),
            ("Get some rest.", ClaimType.GENERAL),
        ],
    )
    def test_types(self, sentence: str, kind: ClaimType) -> None:
        """Metric beats capability beats architecture beats general."""
        assert classify(sentence) is kind

    def test_weights(self) -> None:
        """The contract's weights: 1.5, 1.2, 1.0, 0.8."""
        assert dict(WEIGHTS) == {
            ClaimType.METRIC: 1.5,
            ClaimType.CAPABILITY: 1.2,
            ClaimType.ARCHITECTURE: 1.0,
            ClaimType.GENERAL: 0.8,
        }


class TestIsFactual:
    @pytest.mark.parametrize(
        ("sentence", "standard", "strict"),
        [
            ("Latency is 45 ms.", True, True),
            ("It supports SSO.", True, True),
            ("We use PostgreSQL.", True, True),
            ("The queue absorbs spikes.", True, True),
            ("It is the fastest tool on the market.", False, True),
            ("A seamless, robust experience.", False, True),
            ("Our most reliable release.", False, True),
            ("This is leading to confusion.", False, False),
            ("Let's dive in!", False, False),
            ("Thanks for reading.", False, False),
        ],
    )
    def test_factual(self, sentence: str, standard: bool, strict: bool) -> None:
        """Numbers, capability verbs and technology terms assert; qualifying adjectives only in strict."""
        assert is_factual(sentence) is standard
        assert is_factual(sentence, strict=True) is strict


class TestExtractClaims:
    def test_questions_headings_and_rhetoric_are_not_claims(self) -> None:
        """Only factual statements become claims."""
        draft = "# Redis at 99% uptime\n\nWhy use Redis?\n\nLet's dive in! Redis handles 1M ops/s.\n"
        assert [c.text for c in extract_claims(draft)] == ["Redis handles 1M ops/s."]

    def test_strict_adds_qualified_claims(self) -> None:
        """Strict mode makes boasts claims, typed general."""
        draft = "The fastest platform anywhere. Thanks."
        assert extract_claims(draft) == []
        (claim,) = extract_claims(draft, strict=True)
        assert (claim.text, claim.type, claim.weight) == (
            "The fastest platform anywhere.",
            ClaimType.GENERAL,
            0.8,
        )


class TestScale:
    def test_huge_draft(self) -> None:
        """A 200,000-word draft splits into all its sentences with exact offsets."""
        unit = "<p>Redis handles 10k ops/s. The team met Dr. Who on Tuesday.<!-- [Source: web:x] --></p>\n"
        draft = unit * 20_000
        sentences = split_sentences(draft)
        assert len(sentences) == 40_000
        assert all(draft[s.start : s.end] == s.text for s in sentences[::997])

    @pytest.mark.parametrize("draft", ["<h2" * 5_000, "<!--" * 5_000, "[Source:" * 5_000, "```\n" * 5_000])
    def test_pathological_markup_splits_cleanly(self, draft: str) -> None:
        """Unclosed constructs repeated thousands of times still give sentences that slice back
        (their speed is measured by `make bench`, not asserted here)."""
        for s in split_sentences(draft):
            assert draft[s.start : s.end] == s.text


_PIECES = st.sampled_from(
    [
        "Dr. ",
        "U.S. ",
        "e.g. ",
        "3.5",
        "45 ms",
        "40%",
        "3x",
        " ",
        "\n",
        "\n\n",
        "- ",
        "1. ",
        "# ",
        "> ",
        "| ",
        "```",
        "~~~",
        "`",
        "<p>",
        "</p>",
        "<h2>",
        "</h2>",
        "<!--",
        "-->",
        "<cite>",
        "</cite>",
        "[Source: web:https://x.org/a:web-1]",
        "[Source: ",
        "]",
        "https://x.org/a.b",
        "&amp;",
        "&nbsp;",
        "&#",
        "Redis",
        "supports",
        ". ",
        "? ",
        "! ",
        "؟",
        "שלום",
        "مرحبا",
        "Word",
        "===",
        "---",
        "<",
        ">",
        "\t",
        "\r\n",
        "…",
        "“",
        "”",
    ]
)


class TestProperties:
    @settings(max_examples=300, deadline=None)
    @given(st.lists(_PIECES, max_size=40).map("".join))
    def test_offsets_slice_back_structured(self, draft: str) -> None:
        """For markdown/HTML-like input, every sentence is its own slice, trimmed and in order."""
        self._check(draft)

    @settings(max_examples=300, deadline=None)
    @given(st.text(max_size=300))
    def test_offsets_slice_back_any_text(self, draft: str) -> None:
        """No text crashes extraction; offsets always slice back to the sentence."""
        self._check(draft)

    @staticmethod
    def _check(draft: str) -> None:
        previous_end = 0
        for s in split_sentences(draft):
            assert draft[s.start : s.end] == s.text
            assert s.text and s.text == s.text.strip()
            assert s.start >= previous_end
            previous_end = s.end
        for claim in extract_claims(draft, strict=True):
            assert draft[claim.start : claim.end] == claim.text
