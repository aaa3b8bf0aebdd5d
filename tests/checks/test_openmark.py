"""Profile ``openmark``: the five structured drafts and their four checks.

Every test runs jobs through ``checks.verify_document`` (or the module under
test directly) and reads the verdict as a coordinator would. ``run`` also
asserts, for every job, that each flag's offsets lie inside the output text.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from checks import DEFAULT_CONFIG, PipelineConfig, verify_document
from checks.drafts import json_layout, layout, output_text, read_draft, render
from checks.profiles import OPENMARK, Planned
from checks.registry import CheckResult
from checks.scoring import THRESHOLDS, Ran, decide, threshold
from checks.text import find_urls
from messages import (
    DRAFT_MODELS,
    CheckOutcome,
    CheckStatus,
    Flag,
    LinkedInPost,
    OutputFormat,
    Profile,
    Strictness,
    VerdictEvent,
    parse_job,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "openmark"

A = "https://example.org/a"
B = "https://example.org/b"
C = "https://example.org/c"
D = "https://example.org/d"
E = "https://example.org/e"
F = "https://example.org/f"
G = "https://example.org/g"
SEEN = [A, B, C, D, E, F, G]
DELETE = object()

_FILLER_TEXT = (
    "Small teams that release every week find problems while they are still cheap to fix. "
    "The study shows a steady drop in failed changes after the switch to weekly releases. "
    "Reviewers can read a short change properly and catch the defect before it ships. "
    "Planning gets easier when a slipped feature costs a week instead of a quarter."
)
_ARABIC_TEXT = "الفرق الصغيرة التي تطلق كل أسبوع تجد المشاكل وهي ما زالت رخيصة الإصلاح"
_HEBREW_TEXT = "צוותים קטנים שמשחררים כל שבוע מוצאים תקלות כשהן עוד זולות לתיקון"
_FILLER, _ARABIC, _HEBREW = (t.split() for t in (_FILLER_TEXT, _ARABIC_TEXT, _HEBREW_TEXT))


def filler(n: int, pool: list[str] = _FILLER) -> str:
    """Exactly ``n`` words of tell-free prose (ending in a full stop)."""
    return " ".join(pool[i % len(pool)] for i in range(n)).rstrip(".") + "."


def linkedin_post() -> dict[str, Any]:
    return {
        "language": "en",
        "hook": "Weekly releases halved our failed changes.",
        "body": filler(160) + f" The numbers are in [the report]({A}).",
        "closer": "Start with one team for one week.",
        "anchor_url": A,
        "sources": [{"url": A, "title": "Delivery report"}, {"url": B, "title": "Cadence study"}],
    }


def newsletter_essay() -> dict[str, Any]:
    return {
        "language": "en",
        "title": "Release smaller, fail smaller",
        "thesis": "Small weekly releases fail less often than big quarterly ones.",
        "sections": [{"heading": f"Part {i}", "body": filler(210)} for i in range(1, 4)],
        "counter": (
            "The strongest objection is that more releases mean more chances to fail; each one is "
            "smaller, and the total failure rate still falls."
        ),
        "sources": [{"url": A, "title": "Delivery report"}],
    }


def newsletter_roundup() -> dict[str, Any]:
    item = "Teams that ship weekly fail less often than teams that ship monthly."
    return {
        "language": "en",
        "intro": filler(90),
        "buckets": [
            {
                "name": "Cadence",
                "items": [
                    {"title": "Report", "url": A, "so_what": item},
                    {"title": "Study", "url": B, "so_what": item},
                    {"title": "Trunk", "url": C, "so_what": item},
                ],
            },
            {
                "name": "Incidents",
                "items": [
                    {"title": "Handbook", "url": D, "so_what": item},
                    {"title": "Flags", "url": E, "so_what": item},
                    {"title": "Queues", "url": F, "so_what": item},
                ],
            },
        ],
        "sources": [{"url": A, "title": "Delivery report"}],
    }


def newsletter_comparison() -> dict[str, Any]:
    return {
        "language": "en",
        "items": ["PostgreSQL", "MySQL"],
        "rows": [
            {"criterion": "Write throughput", "values": ["Steady at 64 clients", "Drops after 32 clients"]},
            {"criterion": "JSON querying", "values": ["Indexed jsonb operators", "Generated columns needed"]},
            {"criterion": "Replication", "values": ["Logical and streaming", "Binlog, mature tooling"]},
        ],
        "recommendation": "Choose PostgreSQL. " + filler(60),
        "sources": [{"url": C, "title": "Benchmarks"}],
    }


def newsletter_analytical() -> dict[str, Any]:
    return {
        "language": "en",
        "hook": "Most slow requests are waiting, not working. The queue is the culprit.",
        "sections": [{"heading": f"Part {i}", "body": filler(250)} for i in range(1, 3)],
        "what_im_reading": [{"title": f"Read {u[-1]}", "url": u} for u in (A, B, C, D, E)],
        "sources": [{"url": G, "title": "Queue notes"}],
    }


DRAFTS = {
    OutputFormat.LINKEDIN_POST: linkedin_post,
    OutputFormat.NEWSLETTER_ESSAY: newsletter_essay,
    OutputFormat.NEWSLETTER_ROUNDUP: newsletter_roundup,
    OutputFormat.NEWSLETTER_COMPARISON: newsletter_comparison,
    OutputFormat.NEWSLETTER_ANALYTICAL: newsletter_analytical,
}
FORMATS = list(DRAFTS)


def change(content: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``content`` with dotted paths set (or removed with DELETE)."""
    out = copy.deepcopy(content)
    for path, value in changes.items():
        *parents, last = path.split(".")
        node: Any = out
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        key: Any = int(last) if isinstance(node, list) else last
        if value is DELETE:
            del node[key]
        else:
            node[key] = value
    return out


def job(fmt: OutputFormat | str, content: Any, *, seen: list[str] = SEEN, **extra: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "job_id": "j1",
        "mission_id": "m1",
        "task_id": "t1",
        "output": {"format": str(fmt), "content": content},
        "seen_urls": list(seen),
    }
    document.update(extra)
    return document


def draft_job(fmt: OutputFormat, changes: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return job(fmt, change(DRAFTS[fmt](), changes or {}), **extra)


def text_of(document: dict[str, Any]) -> str:
    return output_text(parse_job(document))


def run(document: dict[str, Any], config: PipelineConfig = DEFAULT_CONFIG) -> VerdictEvent:
    verdict = verify_document(document, config=config)
    text = text_of(document)
    for f in verdict.flags:
        assert f.start is not None and f.end is not None, f
        assert 0 <= f.start <= f.end <= len(text), (f, len(text))
    for c in verdict.checks:
        assert not c.reason.startswith("internal error"), c.reason
    return verdict


def outcome(verdict: VerdictEvent, name: str) -> CheckOutcome:
    return next(c for c in verdict.checks if c.name == name and c.criterion_id is None)


def flags(verdict: VerdictEvent, check: str) -> list[Flag]:
    return [f for f in verdict.flags if f.check == check]


class TestDraftModels:
    @pytest.mark.parametrize("fmt", FORMATS)
    def test_sample_instantiates(self, fmt: OutputFormat) -> None:
        """Each format's sample draft is a valid instance of its model."""
        assert DRAFT_MODELS[fmt].model_validate(DRAFTS[fmt]()).model_dump()["language"] == "en"

    def test_models_cover_exactly_the_structured_formats(self) -> None:
        """DRAFT_MODELS has one model per structured format and none for the others."""
        assert set(DRAFT_MODELS) == {f for f in OutputFormat if f.structured}

    @pytest.mark.parametrize("fmt", FORMATS)
    def test_models_are_frozen_and_refuse_unknown_fields(self, fmt: OutputFormat) -> None:
        """An unknown field is a validation error, and an instance cannot be changed."""
        with pytest.raises(ValidationError, match="extra"):
            DRAFT_MODELS[fmt].model_validate({**DRAFTS[fmt](), "mood": "upbeat"})
        draft = DRAFT_MODELS[fmt].model_validate(DRAFTS[fmt]())
        with pytest.raises(ValidationError):
            setattr(draft, "language", "he")  # noqa: B010 (assigning a field of a frozen model is the point)

    def test_language_is_plain_text_so_a_wrong_one_still_instantiates(self) -> None:
        """A draft in French instantiates; rejecting it is the schema check's job."""
        assert LinkedInPost.model_validate({**linkedin_post(), "language": "fr"}).language == "fr"


class TestRender:
    EXPECTED = [
        (OutputFormat.LINKEDIN_POST, ["Weekly releases halved", f"[the report]({A})", f"\n\n{A}\n\n"]),
        (
            OutputFormat.NEWSLETTER_ESSAY,
            ["# Release smaller, fail smaller\n\n> Small weekly", "## Part 1\n\n", "## Counterpoint\n\n"],
        ),
        (OutputFormat.NEWSLETTER_ROUNDUP, ["## Cadence\n\n", f"- [Report]({A}): Teams that ship weekly"]),
        (
            OutputFormat.NEWSLETTER_COMPARISON,
            [
                "| Criterion | PostgreSQL | MySQL |\n| --- | --- | --- |\n| Write throughput |",
                "**Recommendation:**",
            ],
        ),
        (
            OutputFormat.NEWSLETTER_ANALYTICAL,
            ["## Part 2\n\n", "## What I'm reading\n\n", f"- [Read a]({A})"],
        ),
    ]

    @pytest.mark.parametrize(("fmt", "pieces"), EXPECTED)
    def test_renders_the_markdown_a_reader_sees(self, fmt: OutputFormat, pieces: list[str]) -> None:
        """Each format renders its parts as markdown, ending with a Sources list of [title](url)."""
        text = render(fmt, DRAFTS[fmt]())
        for piece in pieces:
            assert piece in text
        assert "\n## Sources\n\n- [" in text and text.endswith(")\n")

    @pytest.mark.parametrize("fmt", FORMATS)
    def test_every_field_span_points_at_its_text(self, fmt: OutputFormat) -> None:
        """For every string field, the recorded span of the rendered text holds that field's words."""
        document = job(fmt, DRAFTS[fmt]())
        draft = read_draft(parse_job(document))
        assert draft is not None and draft.valid
        for leaf in draft.leaves():
            if leaf.name == "language":
                continue
            start, end = draft.locate(leaf.path, 0, len(leaf.value))
            assert draft.text[start:end] == leaf.value, leaf.path

    def test_escaped_fields_map_offsets_exactly(self) -> None:
        """A multi-line thesis and a table cell with a pipe still map inner offsets to the right text."""
        content = change(
            newsletter_essay(), {"thesis": "Line one.\nLine two at https://example.org/z today."}
        )
        draft = read_draft(parse_job(job(OutputFormat.NEWSLETTER_ESSAY, content)))
        assert draft is not None
        assert "> Line one.\n> Line two" in draft.text
        span = find_urls(content["thesis"])[0]
        start, end = draft.locate("thesis", span.start, span.end)
        assert draft.text[start:end] == "https://example.org/z"
        table = change(newsletter_comparison(), {"rows.0.values.0": "a|b see https://example.org/y"})
        draft = read_draft(parse_job(job(OutputFormat.NEWSLETTER_COMPARISON, table)))
        assert draft is not None and "a\\|b see" in draft.text
        start, end = draft.locate("rows.0.values.0", 8, 29)
        assert draft.text[start:end] == "https://example.org/y"

    def test_invalid_content_does_not_render(self) -> None:
        """render refuses content that is not a valid draft, naming the field."""
        with pytest.raises(ValidationError, match="hook"):
            render(OutputFormat.LINKEDIN_POST, change(linkedin_post(), {"hook": DELETE}))

    def test_render_accepts_an_instance(self) -> None:
        """A model instance renders the same as its content."""
        content = linkedin_post()
        assert render(OutputFormat.LINKEDIN_POST, LinkedInPost.model_validate(content)) == render(
            OutputFormat.LINKEDIN_POST, content
        )


class TestOutputText:
    def test_valid_draft_is_rendered(self) -> None:
        """A structured draft that instantiates is read as its rendered markdown."""
        document = draft_job(OutputFormat.NEWSLETTER_ESSAY)
        assert (
            text_of(document)
            == layout(DRAFT_MODELS[OutputFormat.NEWSLETTER_ESSAY].model_validate(newsletter_essay())).text
        )

    def test_invalid_draft_is_read_as_json(self) -> None:
        """A draft that does not instantiate is read as the content's indented JSON."""
        document = draft_job(OutputFormat.NEWSLETTER_ESSAY, {"thesis": DELETE})
        assert text_of(document) == parse_job(document).output.text

    def test_plain_formats_are_read_as_sent(self) -> None:
        """Markdown output is read exactly as sent."""
        assert text_of(job("markdown", "# Hi\n\nthere")) == "# Hi\n\nthere"

    @pytest.mark.parametrize(
        "content",
        [
            {"a": [], "b": {}, "c": None, "d": True, "e": 1.5, "f": -3, "g": 'é " \\ \n\t \u2028 \x01'},
            {"nested": [[{"x": ["y", {"z": "ü"}]}]], "n": 1e100},
            {},
        ],
    )
    def test_json_layout_matches_json_dumps(self, content: dict[str, Any]) -> None:
        """The JSON layout is byte for byte the job's output.text, and string spans hold escaped values."""
        laid = json_layout(content)
        assert laid.text == json.dumps(content, ensure_ascii=False, indent=2)
        g = content.get("g")
        if isinstance(g, str):
            span = laid.spans["g"]
            assert laid.text[span.start : span.end] == json.dumps(g, ensure_ascii=False)[1:-1]
            start, end = span.slice(len(g) - 1, len(g))
            assert laid.text[start:end] == "\\u0001"


class TestCiteIntegrity:
    FAILING = [
        ("anchor-unseen", OutputFormat.LINKEDIN_POST, {"anchor_url": "https://x.org/p"}, "https://x.org/p"),
        (
            "body-link-unseen",
            OutputFormat.LINKEDIN_POST,
            {"body": filler(160) + " See [this](https://x.org/q)."},
            "https://x.org/q",
        ),
        (
            "body-bare-unseen",
            OutputFormat.LINKEDIN_POST,
            {"body": filler(160) + " See https://x.org/r now."},
            "https://x.org/r",
        ),
        (
            "source-unseen",
            OutputFormat.LINKEDIN_POST,
            {"sources.1.url": "https://x.org/s"},
            "https://x.org/s",
        ),
        (
            "essay-section-link",
            OutputFormat.NEWSLETTER_ESSAY,
            {"sections.1.body": filler(210) + " [More](https://x.org/t)."},
            "https://x.org/t",
        ),
        (
            "essay-counter-bare",
            OutputFormat.NEWSLETTER_ESSAY,
            {"counter": "x " * 50 + "https://x.org/u"},
            "https://x.org/u",
        ),
        (
            "roundup-item",
            OutputFormat.NEWSLETTER_ROUNDUP,
            {"buckets.1.items.2.url": "https://x.org/v"},
            "https://x.org/v",
        ),
        (
            "comparison-cell",
            OutputFormat.NEWSLETTER_COMPARISON,
            {"rows.0.values.1": "see https://x.org/w"},
            "https://x.org/w",
        ),
        (
            "analytical-reading",
            OutputFormat.NEWSLETTER_ANALYTICAL,
            {"what_im_reading.4.url": "https://x.org/y"},
            "https://x.org/y",
        ),
        (
            "analytical-source",
            OutputFormat.NEWSLETTER_ANALYTICAL,
            {"sources.0.url": "https://x.org/z"},
            "https://x.org/z",
        ),
    ]

    @pytest.mark.parametrize(("fmt", "changes", "url"), [pytest.param(*c[1:], id=c[0]) for c in FAILING])
    def test_an_unseen_url_anywhere_fails(self, fmt: OutputFormat, changes: dict[str, Any], url: str) -> None:
        """One URL that is not in seen_urls, in any field, fails with the exact reason and a flag on it."""
        document = draft_job(fmt, changes)
        verdict = run(document)
        cite = outcome(verdict, "cite_integrity")
        assert cite.status is CheckStatus.FAIL
        if fmt is not OutputFormat.LINKEDIN_POST or "anchor_url" not in changes:
            assert cite.reason == f"URL {url} not found in tool results."
        text = text_of(document)
        found = [f for f in flags(verdict, "cite_integrity") if f.rule == "cite.unseen_url"]
        assert [text[f.start : f.end] for f in found] == [url]
        assert found[0].type == "citation_error" and found[0].severity == "critical"
        assert f"Replace the URL {url} in " in verdict.fix_instructions

    PASSING = [
        ("all-seen", OutputFormat.LINKEDIN_POST, {}),
        ("normalized-anchor", OutputFormat.LINKEDIN_POST, {"anchor_url": "HTTPS://Example.org/a/"}),
        (
            "url-in-code-fence",
            OutputFormat.LINKEDIN_POST,
            {"body": filler(160) + f" [x]({A})\n\n```\ncurl https://x.org/code\n```\n"},
        ),
        (
            "url-in-nested-fence",
            OutputFormat.NEWSLETTER_ESSAY,
            {"sections.0.body": filler(210) + "\n\n````md\n```\nhttps://x.org/n\n```\n````\n"},
        ),
        (
            "html-entity-in-url",
            OutputFormat.LINKEDIN_POST,
            {"body": filler(160) + " [q](https://example.org/a?x=1&amp;y=2)."},
        ),
        ("every-format-roundup", OutputFormat.NEWSLETTER_ROUNDUP, {}),
        ("every-format-essay", OutputFormat.NEWSLETTER_ESSAY, {}),
        ("every-format-comparison", OutputFormat.NEWSLETTER_COMPARISON, {}),
        ("every-format-analytical", OutputFormat.NEWSLETTER_ANALYTICAL, {}),
    ]

    @pytest.mark.parametrize(("fmt", "changes"), [pytest.param(*c[1:], id=c[0]) for c in PASSING])
    def test_seen_urls_pass(self, fmt: OutputFormat, changes: dict[str, Any]) -> None:
        """Every URL seen (after normalization), and URLs inside code are examples, not citations."""
        seen = [*SEEN, "https://example.org/a?x=1&y=2"]
        verdict = run(draft_job(fmt, changes, seen_urls=seen))
        assert outcome(verdict, "cite_integrity").status is CheckStatus.PASS

    def test_anchor_must_be_the_first_source(self) -> None:
        """A LinkedIn anchor_url that is seen but is not sources[0].url fails, with a fix naming both."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"anchor_url": B}))
        cite = outcome(verdict, "cite_integrity")
        assert cite.status is CheckStatus.FAIL
        assert cite.reason == f"anchor_url {B} does not equal sources[0].url {A}."
        assert f"Set anchor_url to {A} (sources[0].url)" in verdict.fix_instructions
        assert flags(verdict, "cite_integrity")[0].section == "anchor_url"

    def test_anchor_without_sources_fails(self) -> None:
        """A LinkedIn post with no sources cannot have its anchor as the first source."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"sources": []}))
        assert "lists no sources" in outcome(verdict, "cite_integrity").reason

    def test_reason_names_the_first_unseen_url_in_reading_order(self) -> None:
        """With two unseen URLs, the reason names the one a reader meets first."""
        document = draft_job(
            OutputFormat.LINKEDIN_POST,
            {"hook": "Read https://x.org/first today.", "sources.1.url": "https://x.org/second"},
        )
        verdict = run(document)
        assert (
            outcome(verdict, "cite_integrity").reason == "URL https://x.org/first not found in tool results."
        )
        assert len(flags(verdict, "cite_integrity")) == 2

    def test_an_invalid_draft_is_still_checked_with_offsets_into_its_json(self) -> None:
        """A draft that does not instantiate still has every URL checked; flags point into the JSON text."""
        document = draft_job(
            OutputFormat.LINKEDIN_POST,
            {"mood": "x", "body": 'Quote "this"\n\nand see https://x.org/j please.'},
        )
        verdict = run(document)
        [found] = flags(verdict, "cite_integrity")
        assert text_of(document)[found.start : found.end] == "https://x.org/j"

    def test_markdown_keeps_its_own_rules(self) -> None:
        """A markdown output is checked as before: links and bare URLs against seen_urls."""
        verdict = run(job("markdown", f"See [a]({A}) and https://x.org/m.", policy={"profile": "factcheck"}))
        assert outcome(verdict, "cite_integrity").reason.startswith("URL https://x.org/m not found")


TELLS = [
    # id, tell, text that has it, near miss that must pass
    ("delve", "delve", "We delve into the numbers.", "We look into the numbers."),
    ("delving", "delve", "Delving into the data shows it.", "Digging into the data shows it."),
    (
        "stock-opener",
        "stock_opener",
        "In today's fast-paced world, teams ship.",
        "In today's meeting, teams shipped.",
    ),
    (
        "stock-curly",
        "stock_opener",
        "In today\u2019s digital landscape teams ship.",
        "In today\u2019s call teams shipped.",
    ),
    (
        "ever-evolving",
        "stock_opener",
        "In the ever-evolving field of delivery, we ship.",
        "In the evolving field we ship.",
    ),
    (
        "important",
        "important_to_note",
        "It's important to note that tests run.",
        "It's important that tests run.",
    ),
    (
        "worth-noting-entity",
        "important_to_note",
        "It&#39;s worth noting that it works.",
        "It is worth a try.",
    ),
    ("not-just", "not_just_but", "This is not just a tool, but a habit.", "This is not just luck."),
    ("not-only", "not_just_but", "It is not only faster but also safer.", "It is only faster."),
    ("game-changer", "hype", "A game-changer for teams.", "The game changed for teams."),
    ("game-changer-space", "hype", "A real game changer.", "A real game of chance."),
    ("revolutionize", "hype", "This will revolutionize delivery.", "The revolution was slow."),
    ("unlock", "hype", "Unlock the power of small batches.", "Unlock the door first."),
    ("supercharge", "hype", "Supercharged pipelines ship more.", "Charged pipelines ship more."),
    ("in-conclusion", "closing_opener", "\n\nIn conclusion, ship weekly.", "\n\nWe reached a conclusion."),
    (
        "in-summary",
        "closing_opener",
        "\n\nIn summary the data agrees.",
        "\n\nThe report ends in summary tables.",
    ),
    ("overall", "closing_opener", "\n\nOverall, the data is clear.", "\n\nThe data, overall, is clear."),
    ("as-an-ai", "assistant_chatter", "As an AI, I cannot ship.", "As analysts, we ship."),
    ("hope-helps", "assistant_chatter", "I hope this helps.", "I hope this change ships."),
    ("certainly", "assistant_chatter", "Certainly! Weekly is better.", "Certainly weekly is better."),
]


class TestVoiceTells:
    @pytest.mark.parametrize(("tell", "bad"), [pytest.param(t[1], t[2], id=t[0]) for t in TELLS])
    def test_each_tell_fails_a_draft(self, tell: str, bad: str) -> None:
        """A tell in a LinkedIn body fails voice with a critical voice_violation on the words found."""
        document = draft_job(OutputFormat.LINKEDIN_POST, {"body": linkedin_post()["body"] + " " + bad})
        verdict = run(document)
        assert outcome(verdict, "voice").status is CheckStatus.FAIL
        hits = [f for f in flags(verdict, "voice") if f.rule == f"tell.{tell}"]
        assert hits and hits[0].severity == "critical" and hits[0].type == "voice_violation"
        assert hits[0].section == "body"
        found = text_of(document)[hits[0].start : hits[0].end]
        assert found and found.lower() in bad.lower()
        assert hits[0].suggestion in verdict.fix_instructions
        assert hits[0].suggestion.endswith("Keep all other text.")

    @pytest.mark.parametrize("good", [pytest.param(t[3], id=t[0]) for t in TELLS])
    def test_near_misses_pass(self, good: str) -> None:
        """Text that resembles a tell but is not one passes."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": linkedin_post()["body"] + " " + good}))
        assert outcome(verdict, "voice").status is CheckStatus.PASS, verdict.flags

    @pytest.mark.parametrize(
        ("dashes", "words", "status"),
        [(1, 160, "pass"), (2, 160, "fail"), (2, 250, "pass"), (3, 250, "fail"), (1, 20, "pass")],
    )
    def test_em_dashes_over_one_per_hundred_words_fail(self, dashes: int, words: int, status: str) -> None:
        """More than one em dash per 100 words fails; a single em dash is always allowed."""
        body = filler(words) + " \u2014 more" * dashes + f" [r]({A})."
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body}))
        assert outcome(verdict, "voice").status == status
        if status == "fail":
            [dash] = [f for f in flags(verdict, "voice") if f.rule == "tell.em_dash"]
            assert dash.claim == "\u2014"

    def test_em_dashes_as_html_entities_count(self) -> None:
        """&mdash; counts as an em dash."""
        body = filler(150) + " &mdash; a &mdash; b" + f" [r]({A})."
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body}))
        assert "tell.em_dash" in {f.rule for f in flags(verdict, "voice")}

    def test_tells_inside_code_are_not_read(self) -> None:
        """A tell inside fenced, nested-fenced or inline code is an example, not prose."""
        body = (
            linkedin_post()["body"]
            + "\n\n```\nwe delve here\n```\n\n````md\n```\nIt's important to note\n```\n````\n\n`As an AI`"
        )
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body}))
        assert outcome(verdict, "voice").status is CheckStatus.PASS

    def test_tells_are_read_in_every_text_field(self) -> None:
        """A tell in an essay heading and in a roundup so_what is found, each flagged on its own field."""
        essay = run(draft_job(OutputFormat.NEWSLETTER_ESSAY, {"sections.2.heading": "Why we delve"}))
        assert [f.section for f in flags(essay, "voice")] == ["sections.2.heading"]
        roundup = run(
            draft_job(
                OutputFormat.NEWSLETTER_ROUNDUP, {"buckets.0.items.1.so_what": "A game-changer for us."}
            )
        )
        assert [f.section for f in flags(roundup, "voice")] == ["buckets.0.items.1.so_what"]

    def test_plain_markdown_gets_the_tells_when_a_criterion_asks(self) -> None:
        """voice named by a criterion on markdown reads the eight tells over the text."""
        document = job(
            "markdown",
            "# Notes\n\nIn today's fast-paced world we ship weekly.",
            criteria=[{"id": "c1", "text": "No AI tells", "check": "voice"}],
        )
        verdict = run(document)
        check = next(c for c in verdict.checks if c.criterion_id == "c1")
        assert check.status is CheckStatus.FAIL
        [hit] = verdict.flags
        assert document["output"]["content"][hit.start : hit.end] == "In today's fast-paced world"
        assert "in the text" in hit.suggestion
        clean = job("markdown", "# Notes\n\nWe ship weekly.", criteria=document["criteria"])
        assert run(clean).criteria[0].met is True

    def test_many_hits_are_capped_but_counted(self) -> None:
        """Hundreds of hits of one tell give ten flags and one more instruction that counts the rest."""
        verdict = run(
            draft_job(OutputFormat.LINKEDIN_POST, {"body": linkedin_post()["body"] + " delve" * 300})
        )
        assert len([f for f in flags(verdict, "voice") if f.rule == "tell.delve"]) == 11
        assert "Remove the other 290 occurrences" in verdict.fix_instructions

    @pytest.mark.parametrize(
        ("language", "pool"), [("ar-msa", _ARABIC), ("he", _HEBREW)], ids=["arabic", "hebrew"]
    )
    def test_arabic_and_hebrew_prose_raises_no_false_tells(self, language: str, pool: list[str]) -> None:
        """Right-to-left prose without tells passes voice."""
        changes = {"language": language, "humanizer_applied": True, "body": filler(160, pool) + f" {A}"}
        changes["hook"] = " ".join(pool[:6]) + "."
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, changes))
        assert outcome(verdict, "voice").status is CheckStatus.PASS, verdict.flags


class TestVoiceSettings:
    def test_a_tell_can_be_switched_off(self) -> None:
        """settings voice.tells.delve = [] lets 'delve' through."""
        document = draft_job(OutputFormat.LINKEDIN_POST, {"body": linkedin_post()["body"] + " We delve."})
        assert outcome(run(document), "voice").status is CheckStatus.FAIL
        config = PipelineConfig(check_settings={"voice": {"tells": {"delve": []}}})
        assert outcome(run(document, config), "voice").status is CheckStatus.PASS

    def test_a_tell_can_be_replaced_and_a_new_one_added(self) -> None:
        """Replacing a tell's phrases and adding a tell of one's own both take effect."""
        config = PipelineConfig(
            check_settings={
                "voice": {"tells": {"hype": ["rockstar"], "jargon": ["synergy", "re:\\bleverag\\w+"]}}
            }
        )
        body = linkedin_post()["body"] + " A rockstar team. Synergy and leveraging. A game-changer."
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body}), config)
        rules = [f.rule for f in flags(verdict, "voice")]
        assert rules == ["tell.hype", "tell.jargon", "tell.jargon"]
        assert "(tell 'jargon')" in verdict.fix_instructions

    def test_em_dash_rate_is_a_setting(self) -> None:
        """em_dash_per_100_words null switches the em dash tell off."""
        body = filler(160) + " \u2014 a \u2014 b \u2014 c" + f" [r]({A})."
        document = draft_job(OutputFormat.LINKEDIN_POST, {"body": body})
        config = PipelineConfig(check_settings={"voice": {"em_dash_per_100_words": None}})
        assert outcome(run(document, config), "voice").status is CheckStatus.PASS

    def test_hedges_are_a_setting(self) -> None:
        """The words that make a recommendation indecisive can be replaced."""
        document = draft_job(OutputFormat.NEWSLETTER_COMPARISON, {"recommendation": "Probably PostgreSQL."})
        assert outcome(run(document), "voice").status is CheckStatus.PASS
        config = PipelineConfig(check_settings={"voice": {"hedges": ["probably"]}})
        assert outcome(run(document, config), "voice").status is CheckStatus.FAIL

    @pytest.mark.parametrize(
        ("settings_", "message"),
        [
            ({"tells": {"x": ["re:("]}}, "bad regular expression"),
            ({"tells": {"em_dash": ["--"]}}, "em_dash_per_100_words"),
            ({"colour": "blue"}, "invalid at colour"),
        ],
    )
    def test_bad_settings_are_an_error_that_says_why(self, settings_: dict[str, Any], message: str) -> None:
        """Settings that cannot work make the check an error with a reason, never a crash."""
        verdict = run(
            draft_job(OutputFormat.LINKEDIN_POST), PipelineConfig(check_settings={"voice": settings_})
        )
        check = outcome(verdict, "voice")
        assert check.status is CheckStatus.ERROR and message in check.reason

    def test_criterion_params_override_settings(self) -> None:
        """A criterion's params take the settings' fields and win over them."""
        document = job(
            "markdown",
            "We delve.",
            criteria=[{"id": "c1", "text": "voice", "check": "voice", "params": {"tells": {"delve": None}}}],
        )
        assert run(document).criteria[0].met is True


FORMAT_RULES = [
    # id, format, changes, rule broken (None: passes)
    (
        "hook-question",
        OutputFormat.LINKEDIN_POST,
        {"hook": "Why do weekly releases work?"},
        "linkedin.hook_question",
    ),
    ("hook-statement", OutputFormat.LINKEDIN_POST, {"hook": "Weekly releases work."}, None),
    ("hook-url-query", OutputFormat.LINKEDIN_POST, {"hook": f"Weekly wins, see {A}?x=1 now."}, None),
    ("closer-question", OutputFormat.LINKEDIN_POST, {"closer": "Thoughts?"}, "linkedin.closer_question"),
    (
        "closer-arabic-question",
        OutputFormat.LINKEDIN_POST,
        {"closer": "ما رأيكم؟"},
        "linkedin.closer_question",
    ),
    ("closer-statement", OutputFormat.LINKEDIN_POST, {"closer": "Try it for a week."}, None),
    ("body-no-link", OutputFormat.LINKEDIN_POST, {"body": filler(170)}, "linkedin.one_link"),
    (
        "body-two-links",
        OutputFormat.LINKEDIN_POST,
        {"body": filler(160) + f" [a]({A}) and {B}."},
        "linkedin.one_link",
    ),
    ("body-bare-link", OutputFormat.LINKEDIN_POST, {"body": filler(160) + f" {A}"}, None),
    (
        "body-link-only-in-code",
        OutputFormat.LINKEDIN_POST,
        {"body": filler(160) + f"\n\n```\n{A}\n```"},
        "linkedin.one_link",
    ),
    ("thesis-blank", OutputFormat.NEWSLETTER_ESSAY, {"thesis": "   "}, "essay.thesis"),
    ("thesis-missing", OutputFormat.NEWSLETTER_ESSAY, {"thesis": DELETE}, "essay.thesis"),
    ("counter-79", OutputFormat.NEWSLETTER_ESSAY, {"counter": "x" * 79}, "essay.counter"),
    ("counter-80", OutputFormat.NEWSLETTER_ESSAY, {"counter": "x" * 80}, None),
    (
        "bullets-dash",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections.0.body": filler(200) + "\n\n- one\n- two"},
        "essay.bullets",
    ),
    (
        "bullets-star",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections.1.body": "* one\n* two\n\n" + filler(200)},
        "essay.bullets",
    ),
    (
        "bullets-dot",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections.2.body": filler(200) + "\n\u2022 one"},
        "essay.bullets",
    ),
    (
        "rule-line",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections.0.body": filler(100) + "\n\n---\n\n* * *\n\n" + filler(100)},
        None,
    ),
    ("bold-start", OutputFormat.NEWSLETTER_ESSAY, {"sections.0.body": "**Note** " + filler(200)}, None),
    (
        "bullets-in-code",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections.0.body": filler(200) + "\n\n```\n- a\n- b\n```"},
        None,
    ),
    (
        "bucket-one-item",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items": newsletter_roundup()["buckets"][0]["items"][:1]},
        "roundup.bucket_size",
    ),
    (
        "bucket-six-items",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items": newsletter_roundup()["buckets"][0]["items"] * 2},
        "roundup.bucket_size",
    ),
    (
        "bucket-two-items",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items": newsletter_roundup()["buckets"][0]["items"][:2]},
        None,
    ),
    (
        "bucket-five-items",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items": (newsletter_roundup()["buckets"][0]["items"] * 2)[:5]},
        None,
    ),
    (
        "so-what-two-sentences",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items.0.so_what": "It is fast. It is cheap."},
        "roundup.so_what",
    ),
    (
        "so-what-abbreviations",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items.0.so_what": "U.S. teams, e.g. at Acme Inc. in the U.K., ship weekly."},
        None,
    ),
    ("so-what-no-stop", OutputFormat.NEWSLETTER_ROUNDUP, {"buckets.0.items.0.so_what": "Weekly wins"}, None),
    (
        "so-what-decimal",
        OutputFormat.NEWSLETTER_ROUNDUP,
        {"buckets.0.items.0.so_what": "Failures fell 2.5 times after the switch."},
        None,
    ),
    (
        "row-short",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"rows.1.values": ["Only one"]},
        "comparison.row_values",
    ),
    (
        "row-long",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"rows.1.values": ["a", "b", "c"]},
        "comparison.row_values",
    ),
    (
        "depends",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"recommendation": "It depends on your team. " + filler(60)},
        "comparison.decisive",
    ),
    (
        "it-varies",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"recommendation": "It varies by team. " + filler(60)},
        "comparison.decisive",
    ),
    (
        "either-could",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"recommendation": "Either could work. " + filler(60)},
        "comparison.decisive",
    ),
    (
        "independent",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"recommendation": "Choose PostgreSQL; it is independent. " + filler(60)},
        None,
    ),
    (
        "hook-three-sentences",
        OutputFormat.NEWSLETTER_ANALYTICAL,
        {"hook": "One. Two. Three."},
        "analytical.hook",
    ),
    ("hook-one-sentence", OutputFormat.NEWSLETTER_ANALYTICAL, {"hook": "Queues explain most latency."}, None),
    (
        "reading-four",
        OutputFormat.NEWSLETTER_ANALYTICAL,
        {"what_im_reading": newsletter_analytical()["what_im_reading"][:4]},
        "analytical.what_im_reading",
    ),
    (
        "reading-eight",
        OutputFormat.NEWSLETTER_ANALYTICAL,
        {"what_im_reading": (newsletter_analytical()["what_im_reading"] * 2)[:8]},
        "analytical.what_im_reading",
    ),
    (
        "reading-seven",
        OutputFormat.NEWSLETTER_ANALYTICAL,
        {"what_im_reading": (newsletter_analytical()["what_im_reading"] * 2)[:7]},
        None,
    ),
]


class TestVoiceFormatRules:
    @pytest.mark.parametrize(
        ("fmt", "changes", "rule"), [pytest.param(*r[1:], id=r[0]) for r in FORMAT_RULES]
    )
    def test_format_rule(self, fmt: OutputFormat, changes: dict[str, Any], rule: str | None) -> None:
        """One changed field breaks exactly the format rule it concerns, or none."""
        verdict = run(draft_job(fmt, changes))
        rules = {f.rule for f in flags(verdict, "voice")}
        if rule is None:
            assert outcome(verdict, "voice").status is CheckStatus.PASS, rules
        else:
            assert outcome(verdict, "voice").status is CheckStatus.FAIL
            assert rules == {rule}
            assert all(f.suggestion.endswith("Keep all other text.") for f in flags(verdict, "voice"))

    def test_closer_fix_is_surgical(self) -> None:
        """The instruction for a question closer is the contract's own example, word for word."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"closer": "Thoughts?"}))
        assert verdict.fix_instructions == (
            "Replace closer 'Thoughts?' with a non-question. The format bans rhetorical questions. "
            "Keep all other text."
        )
        [f] = verdict.flags
        assert (
            text_of(draft_job(OutputFormat.LINKEDIN_POST, {"closer": "Thoughts?"}))[f.start : f.end]
            == "Thoughts?"
        )

    def test_bullet_flag_points_at_the_bullet_line(self) -> None:
        """The bullet-list flag underlines the first bullet line of the section."""
        document = draft_job(
            OutputFormat.NEWSLETTER_ESSAY, {"sections.0.body": filler(200) + "\n\n- one\n- two"}
        )
        [f] = run(document).flags
        assert text_of(document)[f.start : f.end] == "- one"

    def test_rules_run_on_a_draft_that_does_not_instantiate(self) -> None:
        """A broken draft still gets its format rules read from the raw fields."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"closer": "Thoughts?", "anchor_url": 42}))
        assert outcome(verdict, "schema").status is CheckStatus.FAIL
        assert {f.rule for f in flags(verdict, "voice")} == {"linkedin.closer_question"}


WORD_COUNTS = [
    # id, format, changes, status
    ("linkedin-150", OutputFormat.LINKEDIN_POST, {"body": filler(150) + f" {A}"}, "pass"),
    ("linkedin-135", OutputFormat.LINKEDIN_POST, {"body": filler(134) + f" [x]({A})"}, "pass"),
    ("linkedin-134", OutputFormat.LINKEDIN_POST, {"body": filler(133) + f" [x]({A})"}, "fail"),
    ("linkedin-330", OutputFormat.LINKEDIN_POST, {"body": filler(329) + f" [x]({A})"}, "pass"),
    ("linkedin-331", OutputFormat.LINKEDIN_POST, {"body": filler(330) + f" [x]({A})"}, "fail"),
    ("essay-in", OutputFormat.NEWSLETTER_ESSAY, {}, "pass"),
    (
        "essay-short",
        OutputFormat.NEWSLETTER_ESSAY,
        {"sections": [{"heading": "Only", "body": filler(300)}]},
        "fail",
    ),
    ("essay-long", OutputFormat.NEWSLETTER_ESSAY, {"sections.0.body": filler(1500)}, "fail"),
    ("roundup-in", OutputFormat.NEWSLETTER_ROUNDUP, {}, "pass"),
    ("roundup-short", OutputFormat.NEWSLETTER_ROUNDUP, {"intro": "Six links."}, "fail"),
    ("roundup-long", OutputFormat.NEWSLETTER_ROUNDUP, {"intro": filler(800)}, "fail"),
    ("comparison-in", OutputFormat.NEWSLETTER_COMPARISON, {}, "pass"),
    (
        "comparison-short",
        OutputFormat.NEWSLETTER_COMPARISON,
        {"recommendation": "Choose PostgreSQL."},
        "fail",
    ),
    ("comparison-long", OutputFormat.NEWSLETTER_COMPARISON, {"recommendation": filler(600)}, "fail"),
    ("analytical-in", OutputFormat.NEWSLETTER_ANALYTICAL, {}, "pass"),
    ("analytical-short", OutputFormat.NEWSLETTER_ANALYTICAL, {"sections.1.body": "Short."}, "fail"),
    ("analytical-long", OutputFormat.NEWSLETTER_ANALYTICAL, {"sections.1.body": filler(1500)}, "fail"),
    ("stated-exact", OutputFormat.LINKEDIN_POST, {"word_count": 166}, "pass"),
    (
        "stated-10pct-over",
        OutputFormat.LINKEDIN_POST,
        {"body": filler(220) + f" {A}", "word_count": 200},
        "pass",
    ),
    ("stated-over", OutputFormat.LINKEDIN_POST, {"body": filler(221) + f" {A}", "word_count": 200}, "fail"),
    (
        "stated-10pct-under",
        OutputFormat.LINKEDIN_POST,
        {"body": filler(180) + f" {A}", "word_count": 200},
        "pass",
    ),
    ("stated-under", OutputFormat.LINKEDIN_POST, {"body": filler(179) + f" {A}", "word_count": 200}, "fail"),
    (
        "stated-beats-bounds",
        OutputFormat.LINKEDIN_POST,
        {"body": filler(49) + f" {A}", "word_count": 50},
        "pass",
    ),
    ("stated-essay", OutputFormat.NEWSLETTER_ESSAY, {"word_count": 2000}, "fail"),
]


class TestWordCount:
    @pytest.mark.parametrize(
        ("fmt", "changes", "status"), [pytest.param(*w[1:], id=w[0]) for w in WORD_COUNTS]
    )
    def test_body_words_against_bounds_or_stated_count(
        self, fmt: OutputFormat, changes: dict[str, Any], status: str
    ) -> None:
        """The body count is compared with word_count when stated, else the format bounds, 10% tolerated."""
        verdict = run(draft_job(fmt, changes))
        check = outcome(verdict, "word_count")
        assert check.status == status, check.reason
        if status == "fail":
            [f] = flags(verdict, "word_count")
            assert f.type == "word_count" and f.severity == "critical"
            assert f.suggestion.startswith(("Lengthen the body", "Shorten the body"))

    def test_code_urls_and_alt_text_are_not_words(self) -> None:
        """130 words of prose plus code, URLs and an image's alt text is 130 words, under 135."""
        body = (
            filler(129)
            + f" [read]({A})\n\n```\n"
            + "code " * 50
            + "\n```\n\n`inline code here` ![a b c d e f g h](https://example.org/i.png) https://example.org/x/y"
        )
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body})), "word_count")
        assert check.status is CheckStatus.FAIL and check.details["words"] == 130

    def test_nested_code_fences_are_skipped_whole(self) -> None:
        """A four-backtick fence holding a three-backtick fence is one code block."""
        body = filler(150) + f" {A}\n\n````md\n```\n" + "word " * 400 + "\n```\n````\n"
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body})), "word_count")
        assert check.status is CheckStatus.PASS and check.details["words"] == 150

    @pytest.mark.parametrize(
        ("language", "pool"), [("ar-egt", _ARABIC), ("he", _HEBREW)], ids=["arabic", "hebrew"]
    )
    def test_arabic_and_hebrew_count_by_whitespace(self, language: str, pool: list[str]) -> None:
        """Right-to-left words count one per whitespace token, like any other script."""
        body = filler(170, pool) + f" {A}"
        changes = {"language": language, "humanizer_applied": True, "body": body}
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST, changes)), "word_count")
        assert check.status is CheckStatus.PASS and check.details["words"] == 170

    def test_html_entities_are_not_words(self) -> None:
        """An entity such as &amp; standing alone is punctuation, not a word."""
        body = filler(150) + " &amp; &mdash; " + f"{A}"
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body})), "word_count")
        assert check.details["words"] == 150

    def test_bounds_can_be_set_per_format(self) -> None:
        """Workspace settings replace a format's bounds."""
        config = PipelineConfig(check_settings={"word_count": {"bounds": {"linkedin_post": [50, 100]}}})
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST), config), "word_count")
        assert check.status is CheckStatus.FAIL and check.details["max"] == 100

    def test_stated_count_fix_offers_both_repairs(self) -> None:
        """A body off its stated count is told to match it, or to correct word_count."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"word_count": 300}))
        assert verdict.fix_instructions == (
            "Lengthen the body (body) from 166 words to about 300 words, the word_count the draft states. "
            "Or, if the body is right, set word_count to 166. Keep all other text."
        )

    def test_no_body_is_an_error_not_a_crash(self) -> None:
        """A draft without its body fields cannot be counted: error with a reason."""
        check = outcome(run(draft_job(OutputFormat.LINKEDIN_POST, {"body": DELETE})), "word_count")
        assert check.status is CheckStatus.ERROR and "no body text" in check.reason

    def test_plain_output_without_bounds_is_not_applicable(self) -> None:
        """word_count with no params on markdown stays not applicable."""
        verdict = run(job("markdown", "Some words.", policy={"profile": "openmark"}))
        assert outcome(verdict, "word_count").status is CheckStatus.SKIPPED


class TestSchema:
    BROKEN = [
        # id, changes, field named in the reason, reason fragment
        ("missing", {"hook": DELETE}, "hook", "hook: Field required"),
        ("unknown", {"mood": "x"}, "mood", "mood: Extra inputs are not permitted"),
        ("empty", {"closer": ""}, "closer", "closer: String should have at least 1 character"),
        ("wrong-type", {"body": 7}, "body", "body: Input should be a valid string"),
        ("bad-url", {"anchor_url": "example.org/a"}, "anchor_url", "anchor_url: String should match pattern"),
        ("nested", {"sources.0.title": DELETE}, "sources.0.title", "sources.0.title: Field required"),
        ("sources-not-list", {"sources": "a"}, "sources", "sources: Input should be a valid list"),
        (
            "word-count-zero",
            {"word_count": 0},
            "word_count",
            "word_count: Input should be greater than or equal",
        ),
        (
            "word-count-text",
            {"word_count": "many"},
            "word_count",
            "word_count: Input should be a valid integer",
        ),
        (
            "humanizer-text",
            {"humanizer_applied": "yes please"},
            "humanizer_applied",
            "humanizer_applied: Input",
        ),
        ("language-fr", {"language": "fr"}, "language", "language: 'fr' is not one of en, ar-msa"),
        ("language-number", {"language": 3}, "language", "language: Input should be a valid string"),
    ]

    @pytest.mark.parametrize(("changes", "path", "reason"), [pytest.param(*b[1:], id=b[0]) for b in BROKEN])
    def test_a_broken_draft_fails_naming_the_field(
        self, changes: dict[str, Any], path: str, reason: str
    ) -> None:
        """The job stays valid; schema fails hard, naming the field, with a critical schema_violation."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, changes))
        check = outcome(verdict, "schema")
        assert check.status is CheckStatus.FAIL and check.reason.startswith(reason), check.reason
        assert verdict.verdict == "fail" and verdict.status == "failed"
        [f] = flags(verdict, "schema")
        assert f.type == "schema_violation" and f.severity == "critical" and f.section == path
        assert path in f.suggestion and f.suggestion.endswith("Keep all other text.")

    @pytest.mark.parametrize("language", ["ar-msa", "ar-egt", "ar-shami", "he"])
    @pytest.mark.parametrize(("humanized", "status"), [(None, "fail"), (False, "fail"), (True, "pass")])
    def test_arabic_and_hebrew_need_the_humanizer(
        self, language: str, humanized: bool | None, status: str
    ) -> None:
        """An Arabic or Hebrew draft passes only with humanizer_applied true."""
        changes: dict[str, Any] = {"language": language}
        if humanized is not None:
            changes["humanizer_applied"] = humanized
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, changes))
        assert outcome(verdict, "schema").status == status
        if status == "fail":
            assert f"Run the {language} humanizer" in verdict.fix_instructions

    @pytest.mark.parametrize("fmt", FORMATS)
    def test_every_sample_passes(self, fmt: OutputFormat) -> None:
        """Each format's valid English draft passes schema."""
        assert outcome(run(draft_job(fmt)), "schema").status is CheckStatus.PASS

    def test_language_comes_from_the_job_when_the_draft_has_none(self) -> None:
        """A draft without language takes output.language, and the humanizer rule follows it."""
        document = draft_job(OutputFormat.LINKEDIN_POST, {"language": DELETE})
        document["output"]["language"] = "he"
        assert "humanizer_applied" in outcome(run(document), "schema").reason
        document["output"]["language"] = "en"
        assert outcome(run(document), "schema").status is CheckStatus.PASS

    def test_draft_and_job_language_must_agree(self) -> None:
        """A draft in 'en' on a job that says output.language 'he' fails."""
        document = draft_job(OutputFormat.LINKEDIN_POST)
        document["output"]["language"] = "he"
        assert "output.language says 'he'" in outcome(run(document), "schema").reason

    def test_a_plain_format_in_profile_openmark_fails(self) -> None:
        """Profile openmark forced on markdown has no draft: schema fails and says so."""
        verdict = run(job("markdown", "Hello.", policy={"profile": "openmark"}))
        assert "not one of the structured draft formats" in outcome(verdict, "schema").reason
        assert verdict.verdict == "fail"

    def test_many_problems_are_capped(self) -> None:
        """A thousand broken items give fifty flags and a reason that counts the rest."""
        bad = [{"url": "nope"} for _ in range(1000)]
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"sources": bad}))
        assert len(flags(verdict, "schema")) == 50
        assert outcome(verdict, "schema").reason.endswith("(1999 more)")


def _ran(statuses: list[CheckStatus]) -> list[Ran]:
    return [
        Ran(Planned(name), CheckResult(status), 0.0) for name, status in zip(OPENMARK, statuses, strict=True)
    ]


class TestScoring:
    def _decide(
        self, ran: list[Ran], profile: Profile = Profile.OPENMARK, pass_threshold: float | None = None
    ) -> VerdictEvent:
        document = draft_job(OutputFormat.LINKEDIN_POST)
        if pass_threshold is not None:
            document["policy"] = {"pass_threshold": pass_threshold}
        parsed = parse_job(document)
        return decide(
            parsed,
            profile=profile,
            policy=DEFAULT_CONFIG.resolve(parsed),
            mode=None,
            ran=ran,
            judgement=None,
            budget_usd=0.0,
            duration_ms=0.0,
        )

    def test_openmark_passes_at_090_for_every_strictness(self) -> None:
        """The openmark bar is 0.90 whatever the strictness."""
        assert dict(THRESHOLDS[Profile.OPENMARK]) == dict.fromkeys(Strictness, 0.9)

    def test_four_of_four_passes_with_score_one(self) -> None:
        """All four checks passing scores 1.0 and passes."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST))
        assert (verdict.verdict, verdict.status, verdict.score) == ("pass", "passed", 1.0)
        assert [c.name for c in verdict.checks] == [c.value for c in OPENMARK]

    def test_three_of_four_scores_075_and_fails(self) -> None:
        """One failed check of four scores exactly 0.75, under 0.90: fail, with a retry."""
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"closer": "Thoughts?"}))
        assert (verdict.verdict, verdict.score, verdict.action) == ("fail", 0.75, "retry_with_feedback")

    @pytest.mark.parametrize(("bar", "verdict"), [(0.75, "partial"), (0.76, "fail")])
    def test_075_against_a_policy_threshold(self, bar: float, verdict: str) -> None:
        """0.75 clears a 0.75 bar (partial, a check still failed) and misses a 0.76 one."""
        ran = _ran([CheckStatus.PASS, CheckStatus.FAIL, CheckStatus.PASS, CheckStatus.PASS])
        assert self._decide(ran, pass_threshold=bar).verdict == verdict

    @pytest.mark.parametrize(("score", "verdict"), [(0.89, "fail"), (0.90, "pass")])
    def test_089_fails_and_090_passes(self, score: float, verdict: str) -> None:
        """At the openmark bar, a score of 0.89 fails and 0.90 passes: numbers are the only judgement."""
        ran = [Ran(Planned(OPENMARK[0]), CheckResult(CheckStatus.PASS, score=score), 0.0)]
        bar = threshold(
            Profile.OPENMARK, DEFAULT_CONFIG.resolve(parse_job(draft_job(OutputFormat.LINKEDIN_POST)))
        )
        assert bar == 0.9
        assert self._decide(ran, profile=Profile.CRITERIA, pass_threshold=bar).verdict == verdict

    def test_skipped_or_errored_checks_do_not_count_as_passed(self) -> None:
        """Only passes count towards passed/4."""
        ran = _ran([CheckStatus.PASS, CheckStatus.ERROR, CheckStatus.SKIPPED, CheckStatus.PASS])
        assert self._decide(ran).score == 0.5

    def test_a_schema_failure_is_hard(self) -> None:
        """A broken schema fails the verdict with status failed even when the score would clear the bar."""
        verdict = run(
            draft_job(OutputFormat.LINKEDIN_POST, {"mood": "x"}), PipelineConfig(pass_threshold=0.5)
        )
        assert (verdict.verdict, verdict.status) == ("fail", "failed")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40) | st.sampled_from([A, "x?", "\u2014"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
FIELD_NAMES = st.sampled_from(
    [
        "hook",
        "body",
        "closer",
        "anchor_url",
        "sources",
        "title",
        "thesis",
        "sections",
        "counter",
        "intro",
        "buckets",
        "items",
        "rows",
        "recommendation",
        "what_im_reading",
        "language",
        "word_count",
        "humanizer_applied",
        "url",
        "so_what",
        "values",
        "heading",
        "name",
    ]
)


class TestRobustness:
    @pytest.mark.parametrize("fmt", FORMATS)
    def test_empty_content_is_a_schema_failure(self, fmt: OutputFormat) -> None:
        """An empty object is a valid job whose draft fails schema; no check crashes."""
        verdict = run(job(fmt, {}))
        assert outcome(verdict, "schema").status is CheckStatus.FAIL
        assert verdict.verdict == "fail"

    @pytest.mark.parametrize("fmt", FORMATS)
    def test_wrong_types_everywhere_never_crash(self, fmt: OutputFormat) -> None:
        """Fields of the wrong type at every level give failures or errors with reasons, never a crash."""
        content = {
            "hook": 5,
            "body": ["x"],
            "closer": None,
            "sources": "x",
            "buckets": [1, {"items": 3}, {"items": [2]}],
            "rows": [{"values": 7}, 3],
            "items": "ab",
            "sections": [None, {"body": 1}],
            "thesis": [],
            "what_im_reading": {"a": 1},
            "counter": 12,
            "recommendation": {},
            "anchor_url": [A],
            "language": None,
        }
        verdict = run(job(fmt, content))
        assert outcome(verdict, "schema").status is CheckStatus.FAIL

    @given(fmt=st.sampled_from(FORMATS), content=st.dictionaries(FIELD_NAMES, JSON_VALUES, max_size=8))
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def test_no_draft_crashes_a_check(self, fmt: OutputFormat, content: dict[str, Any]) -> None:
        """Any object as a draft gives every check a pass, fail or error with a reason, never a crash."""
        verdict = run(job(fmt, content))
        assert [c.name for c in verdict.checks] == [c.value for c in OPENMARK]

    def test_huge_draft_is_verified_quickly(self) -> None:
        """A LinkedIn body of 150,000 words (about 1 MB) fails word count in well under a few seconds."""
        body = filler(150_000) + f" {A}"
        verdict = run(draft_job(OutputFormat.LINKEDIN_POST, {"body": body}))
        assert outcome(verdict, "word_count").status is CheckStatus.FAIL

    def test_huge_broken_draft_maps_offsets_quickly(self) -> None:
        """A broken draft with many escaped characters and many URLs still flags each URL exactly."""
        body = ('He said "go"\n' * 20_000) + " ".join(f"https://x.org/{i}" for i in range(2_000))
        document = draft_job(OutputFormat.LINKEDIN_POST, {"body": body, "mood": "x"})
        verdict = run(document)
        text = text_of(document)
        cites = flags(verdict, "cite_integrity")
        assert len(cites) == 2_000 and text[cites[-1].start : cites[-1].end] == "https://x.org/1999"


GOLDEN = {
    # file: (verdict, status, score, failed checks)
    "linkedin_post-pass.json": ("pass", "passed", 1.0, []),
    "linkedin_post-fail.json": ("fail", "requires_correction", 0.5, ["cite_integrity", "voice"]),
    "linkedin_post-he-pass.json": ("pass", "passed", 1.0, []),
    "linkedin_post-he-fail.json": ("fail", "failed", 0.75, ["schema"]),
    "newsletter_essay-pass.json": ("pass", "passed", 1.0, []),
    "newsletter_essay-fail.json": ("fail", "requires_correction", 0.75, ["voice"]),
    "newsletter_roundup-pass.json": ("pass", "passed", 1.0, []),
    "newsletter_roundup-fail.json": (
        "fail",
        "requires_correction",
        0.25,
        ["cite_integrity", "voice", "word_count"],
    ),
    "newsletter_comparison-pass.json": ("pass", "passed", 1.0, []),
    "newsletter_comparison-fail.json": ("fail", "failed", 0.5, ["voice", "schema"]),
    "newsletter_analytical-pass.json": ("pass", "passed", 1.0, []),
    "newsletter_analytical-fail.json": ("fail", "requires_correction", 0.5, ["voice", "word_count"]),
}


class TestGoldenExamples:
    def test_every_example_is_listed(self) -> None:
        """Each JSON file under examples/openmark has its expected verdict recorded here."""
        assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(GOLDEN)

    @pytest.mark.parametrize("name", sorted(GOLDEN))
    def test_example_verdict(self, name: str) -> None:
        """The example job gets its recorded verdict, status, score and failing checks."""
        verdict = verify_document((EXAMPLES / name).read_bytes())
        expected_verdict, status, score, failed = GOLDEN[name]
        assert (verdict.verdict, verdict.status, verdict.score) == (expected_verdict, status, score)
        assert [c.name for c in verdict.checks if c.status is CheckStatus.FAIL] == failed
        assert verdict.profile == "openmark"
        if failed:
            assert verdict.fix_instructions and all(
                line.endswith("Keep all other text.") for line in verdict.fix_instructions.splitlines()
            )
        else:
            assert not verdict.flags and not verdict.fix_instructions
