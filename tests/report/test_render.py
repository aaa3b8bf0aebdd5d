"""The verification report, rendered in-process: segmentation, escaping, direction, markdown, size.

The browser behaviour (jumping, filtering, exports, payloads that must not run) is in
``test_browser.py``; these tests pin what the HTML and markdown contain.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from html import unescape
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from report_support import (
    EXAMPLES,
    XSS_DRAFT,
    big_draft,
    every_flag_over,
    flag,
    make_report_job,
    make_verdict,
    span_of,
)

from checks import verify
from checks.drafts import output_text
from messages import Flag, Severity, parse_job
from workers.cli import main
from workers.report import (
    annotated_markdown,
    build,
    embed_json,
    locate,
    read_verdict,
    render,
    render_markdown,
    segments,
)
from workers.report.html import draft_html

DATA_BLOCK = re.compile(r'<script type="application/json" id="verifleet-data">(.*?)</script>', re.S)


def flags_of(*specs: tuple[int | None, int | None, str]) -> list[Flag]:
    return [
        Flag.model_validate(flag(f"f{n}", start, end, sev)) for n, (start, end, sev) in enumerate(specs, 1)
    ]


def cuts(length: int, flags: list[Flag]) -> list[tuple[int, int, tuple[int, ...]]]:
    return [(s.start, s.end, s.flags) for s in segments(length, flags)]


def draft_of(page: str) -> str:
    """The ``#draft`` element of a rendered page."""
    start = page.index('<div id="draft"')
    return page[start : page.index("</section>", start)]


def embedded(page: str) -> dict[str, Any]:
    match = DATA_BLOCK.search(page)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group(1))
    return data


class TestSegments:
    def test_no_flags_is_one_plain_segment(self) -> None:
        """Given a text without flags, the whole text is one segment with no flags."""
        assert cuts(10, []) == [(0, 10, ())]

    def test_overlapping_flags_split_into_three(self) -> None:
        """Given f1 over 2-6 and f2 over 4-8, the overlap 4-6 carries both."""
        got = cuts(10, flags_of((2, 6, "info"), (4, 8, "critical")))
        assert got == [(0, 2, ()), (2, 4, (0,)), (4, 6, (0, 1)), (6, 8, (1,)), (8, 10, ())]

    def test_adjacent_flags_do_not_merge(self) -> None:
        """Given f1 over 0-3 and f2 over 3-6, there are two flagged segments and no empty one."""
        assert cuts(6, flags_of((0, 3, "info"), (3, 6, "info"))) == [(0, 3, (0,)), (3, 6, (1,))]

    def test_nested_flags(self) -> None:
        """Given f1 over 0-10 holding f2 over 3-5, the middle carries both and the rest f1."""
        got = cuts(10, flags_of((0, 10, "info"), (3, 5, "warning")))
        assert got == [(0, 3, (0,)), (3, 5, (0, 1)), (5, 10, (0,))]

    def test_identical_flags_share_one_segment(self) -> None:
        assert cuts(4, flags_of((1, 3, "info"), (1, 3, "warning"))) == [
            (0, 1, ()),
            (1, 3, (0, 1)),
            (3, 4, ()),
        ]

    def test_most_severe_colour_wins(self) -> None:
        """A segment under an info, a warning and a critical flag is critical; after the critical
        one closes it is a warning again."""
        got = segments(10, flags_of((0, 10, "info"), (0, 8, "warning"), (2, 4, "critical")))
        assert [(s.start, s.severity) for s in got] == [
            (0, Severity.WARNING),
            (2, Severity.CRITICAL),
            (4, Severity.WARNING),
            (8, Severity.INFO),
        ]

    def test_zero_width_flag_is_a_point_before_the_text_after_it(self) -> None:
        got = cuts(6, flags_of((3, 3, "warning")))
        assert got == [(0, 3, ()), (3, 3, (0,)), (3, 6, ())]

    def test_flags_outside_the_text_are_not_placed(self) -> None:
        """No offsets, a start past the end, or an end before the start: not located; an end past
        the text is cut to it."""
        flags = flags_of((None, None, "info"), (20, 25, "info"), (5, 2, "info"), (8, 50, "info"))
        assert [locate(f, 10) for f in flags] == [None, None, None, (8, 10)]
        assert cuts(10, flags) == [(0, 8, ()), (8, 10, (3,))]

    @settings(max_examples=200, deadline=None)
    @given(
        length=st.integers(0, 40),
        spans=st.lists(
            st.tuples(
                st.integers(0, 45), st.integers(0, 45), st.sampled_from(["critical", "warning", "info"])
            ),
            max_size=8,
        ),
    )
    def test_segments_tile_the_text_and_carry_exactly_the_covering_flags(
        self, length: int, spans: list[tuple[int, int, str]]
    ) -> None:
        """Property: segments cover [0, length) in order without gaps, and each non-empty segment
        carries exactly the flags whose located span contains it."""
        flags = flags_of(*spans)
        got = segments(length, flags)
        solid = [s for s in got if s.end > s.start]
        assert [s.start for s in solid] == [0, *(s.end for s in solid[:-1])] if solid else length == 0
        assert (solid[-1].end if solid else 0) == length
        places = [locate(f, length) for f in flags]
        for s in solid:
            covering = tuple(
                i for i, p in enumerate(places) if p is not None and p[0] <= s.start and s.end <= p[1]
            )
            assert s.flags == covering
        points = sorted(i for i, p in enumerate(places) if p is not None and p[0] == p[1])
        assert sorted(i for s in got if s.start == s.end for i in s.flags) == points


class TestDraftHtml:
    def test_markup_in_the_draft_is_escaped(self) -> None:
        """Given a draft full of tags and handlers, the page's draft holds them only as text."""
        job = make_report_job(XSS_DRAFT)
        page = render(make_verdict([span_of(XSS_DRAFT, "<script>", "f1", "critical")]), job)
        draft = draft_of(page)
        assert "<script" not in draft
        assert "<img" not in draft
        assert "<a href" not in draft
        assert "&lt;script&gt;</span>window.__pwned = 1;" in draft
        assert "&lt;img src=x onerror=" in draft
        assert "&amp;amp; &amp;lt;b&amp;gt;" in draft

    def test_only_the_pages_own_scripts_are_present(self) -> None:
        """Payloads in the draft, the flags, the brief and the job id never open a script element."""
        payload = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
        verdict = make_verdict(
            [span_of(XSS_DRAFT, "onerror", "f1", explanation=payload, suggestion=payload, rule=payload)],
            job_id=payload,
            reason=payload,
            fix_instructions=payload,
            correction_brief=[{"section": payload, "instruction": payload, "flag_ids": ["f1"]}],
            criteria=[{"id": "c1", "score": 0.5, "met": False, "reasoning": payload}],
        )
        page = render(verdict, make_report_job(XSS_DRAFT, job_id=payload))
        assert page.count("<script") == 2
        assert page.count("</script>") == 2
        assert "<img" not in page
        assert embedded(page)["verdict"]["job_id"] == payload

    def test_each_line_is_a_block_that_finds_its_own_direction(self) -> None:
        job = make_report_job("first line\nsecond\n\nfourth")
        draft = draft_of(render(make_verdict(), job))
        assert draft.count('<p dir="auto">') == 3
        assert "<p></p>" in draft  # the empty third line keeps the draft's direction

    @pytest.mark.parametrize(
        ("language", "expected"),
        [("ar-msa", "rtl"), ("ar-egt", "rtl"), ("he", "rtl"), ("fa", "rtl"), ("en", "ltr"), ("de-CH", "ltr")],
    )
    def test_draft_direction_comes_from_the_language(self, language: str, expected: str) -> None:
        job = make_report_job("نص قصير. טקסט קצר.", language=language)
        assert f'dir="{expected}" lang="{language}"' in render(make_verdict(), job)

    def test_a_structured_drafts_own_language_sets_the_direction(self) -> None:
        """The Hebrew LinkedIn example says en at output.language and he inside its content."""
        job = parse_job((EXAMPLES / "openmark" / "linkedin_post-he-fail.json").read_bytes())
        assert 'dir="rtl" lang="he"' in render(make_verdict(), job)

    def test_a_flag_over_a_line_break_continues_on_the_next_line(self) -> None:
        """Given one flag over "ab\\ncd", both lines hold a span of it; only the first has its anchor."""
        text = "xx ab\ncd yy"
        report = build(make_verdict([span_of(text, "ab\ncd", "f1")]), make_report_job(text))
        html = "".join(draft_html(report))
        assert html.count('data-f="0"') == 2
        assert html.count('id="f-0"') == 1
        assert '>ab</span></p><p dir="auto"><span' in html

    def test_overlapping_flags_share_a_span_with_both_ids(self) -> None:
        text = "one two three four"
        flags = [
            span_of(text, "one two three", "f1", "info"),
            span_of(text, "two three four", "f2", "critical"),
        ]
        html = "".join(draft_html(build(make_verdict(flags), make_report_job(text))))
        assert '<span class="fl sev-info" data-f="0" id="f-0" tabindex="-1">one </span>' in html
        assert (
            '<span class="fl sev-critical multi" data-f="0 1" id="f-1" tabindex="-1">two three</span>' in html
        )
        assert '<span class="fl sev-critical" data-f="1"> four</span>' in html

    def test_flags_opening_together_each_get_an_anchor(self) -> None:
        text = "same start here"
        flags = [flag("a", 0, 4, "info"), flag("b", 0, 10, "warning")]
        html = "".join(draft_html(build(make_verdict(flags), make_report_job(text))))
        assert '<span id="f-1"></span><span class="fl sev-warning multi" data-f="0 1" id="f-0"' in html

    def test_a_zero_width_flag_is_a_pin(self) -> None:
        html = "".join(draft_html(build(make_verdict([flag("p", 3, 3)]), make_report_job("abcdef"))))
        assert (
            html
            == '<p dir="auto">abc<span class="pin sev-warning" id="f-0" data-f="0" tabindex="-1"></span>def'
        )

    def test_carriage_returns_do_not_add_lines(self) -> None:
        html = "".join(draft_html(build(make_verdict(), make_report_job("a\r\nb\r\n"))))
        assert html == '<p dir="auto">a</p><p dir="auto">b</p><p>'

    @pytest.mark.parametrize("fmt", ["html", "md"])
    def test_lone_surrogates_become_replacement_characters(self, fmt: Literal["html", "md"]) -> None:
        """A verdict can carry a lone surrogate (JSON can, UTF-8 cannot): the report stays writable."""
        verdict = make_verdict([flag("f1", 0, 3, explanation="bad \ud800 char")], reason="\udfff")
        page = render(verdict, make_report_job("text"), fmt=fmt)
        page.encode("utf-8")
        assert "bad \ufffd char" in page

    def test_structured_draft_offsets_line_up_with_output_text(self) -> None:
        """Given the failing LinkedIn example verified for real, every flagged span in the page
        holds exactly output_text(job)[start:end]."""
        job = parse_job((EXAMPLES / "openmark" / "linkedin_post-fail.json").read_bytes())
        verdict = verify(job)
        text = output_text(job)
        assert verdict.flags
        html = "".join(draft_html(build(verdict, job)))
        for n, f in enumerate(verdict.flags):
            assert f.start is not None and f.end is not None
            pieces = re.findall(rf'<span class="[^"]*" data-f="[^"]*\b{n}\b[^"]*"[^>]*>([^<]*)</span>', html)
            assert "".join(pieces) == text[f.start : f.end]


class TestPage:
    def test_banner_shows_status_score_cost_and_skipped_checks(self) -> None:
        page = render(make_verdict(), make_report_job("text"))
        assert 'class="banner status-requires_correction"' in page
        assert ">Requires correction<" in page
        assert "$0.0031 of $0.1260 budget (2%), 1100 tokens in, 150 out" in page
        assert "2 checks run (1 passed, 1 failed); 1 skipped: judge (budget)" in page
        assert '<li class="chip st-skipped" title="budget">○ judge: budget</li>' in page

    def test_a_correction_shows_how_it_fares_against_the_previous_attempt(self) -> None:
        """Given a verdict of attempt 2 with progress, then the HTML banner, the markdown and the
        terminal summary each carry one line of it; a first attempt shows none."""
        progress = {
            "previous_job_id": "m1-t1-a1",
            "previous_attempt": 1,
            "previous_score": 0.5,
            "score_change": 0.0,
            "resolved": 0,
            "remaining": 2,
            "new": 1,
            "converging": False,
            "note": "attempt 2 fixed none of attempt 1's 2 findings",
        }
        v = make_verdict(attempt=2, progress=progress)
        line = (
            "against attempt 1 (0.50): 0 of 2 findings fixed, 2 remain, 1 new; score +0.00; "
            "not converging: attempt 2 fixed none of attempt 1's 2 findings"
        )
        page = render(v, make_report_job("text"))
        assert (
            '<div id="progress"><dt>Corrections</dt><dd>' + line.replace("'", "&#x27;") + "</dd></div>"
            in page
        )
        assert f"Corrections: {line}" in render_markdown(build(v))
        assert "Corrections" not in render(make_verdict(), make_report_job("text"))

    @pytest.mark.parametrize(
        ("status", "label"),
        [
            ("passed", "Passed"),
            ("passed_with_warnings", "Passed with warnings"),
            ("requires_correction", "Requires correction"),
            ("failed", "Failed"),
            ("error", "Error"),
        ],
    )
    def test_every_status_has_a_banner(self, status: str, label: str) -> None:
        page = render(make_verdict(status=status), make_report_job("text"))
        assert f'class="banner status-{status}"' in page
        assert f'id="status">{label}<' in page

    def test_embedded_json_cannot_close_its_script(self) -> None:
        value = {"a": "</script><!-- \u2028 \u2029 & >", "b": ["</SCRIPT>"]}
        text = embed_json(value)
        assert "<" not in text and ">" not in text and "&" not in text
        assert "\u2028" not in text and "\u2029" not in text
        assert json.loads(text) == value

    def test_embedded_verdict_round_trips(self) -> None:
        verdict = make_verdict([flag("f1", 0, 4, "critical")])
        data = embedded(render(verdict, make_report_job("text here")))
        assert read_verdict(json.dumps(data["verdict"])) == verdict
        assert data["annotated_markdown"].startswith("text[^f1] here")

    def test_policy_allows_exactly_the_inline_script_and_style(self) -> None:
        """The CSP hashes match the page's own script and style, and nothing may be fetched."""
        page = render(make_verdict(), make_report_job("text"))
        csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
        assert csp is not None
        script = re.search(r"<script>(.*?)</script>", page, re.S)
        style = re.search(r"<style>(.*?)</style>", page, re.S)
        assert script is not None and style is not None
        for body in (script.group(1), style.group(1)):
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"sha256-{digest}" in unescape(csp.group(1))
        assert "default-src 'none'" in unescape(csp.group(1))
        assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page

    def test_flag_list_entries_link_to_their_place(self) -> None:
        text = "alpha beta gamma"
        flags = [span_of(text, "beta", "f1", "critical", type="contradicted"), flag("f2", None, None, "info")]
        page = render(make_verdict(flags), make_report_job(text))
        assert (
            '<li class="flag sev-critical" data-i="0" data-sev="critical" data-type="contradicted">' in page
        )
        assert '<a class="jump" href="#f-0">' in page
        assert "not located in the draft" in page
        assert '<option value="contradicted">contradicted (1)</option>' in page

    def test_criteria_and_grouped_brief(self) -> None:
        verdict = make_verdict(
            [flag("f1", 0, 3), flag("f2", 4, 7)],
            criteria=[
                {"id": "c1", "score": 0.25, "met": False, "reasoning": "Misses two tiers", "judge": "x:y"}
            ],
            quality={"completeness": 0.5, "accuracy": 0.75, "clarity": 1.0, "relevance": 0.25},
            correction_brief=[
                {"section": "Findings", "instruction": "Cite the act", "flag_ids": ["f1"]},
                {"section": None, "instruction": "Shorten", "flag_ids": []},
                {"section": "Findings", "instruction": "Fix the date", "flag_ids": ["f2", "zz"]},
            ],
        )
        page = render(verdict, make_report_job("abc def ghi"))
        assert "Misses two tiers" in page and "Between 10 and 200 words" in page  # the job's text of c1
        findings = page.index('<h3 dir="auto">Findings</h3>')
        assert findings < page.index("Cite the act") < page.index("Fix the date") < page.index(">General<")
        assert '<a href="#f-1" data-jump="1">f2</a> <span>zz</span>' in page

    def test_report_without_a_job_lists_flags_without_a_draft(self) -> None:
        page = render(make_verdict([flag("f1", 0, 3)]))
        assert "No job was given" in page
        assert 'id="draft"' not in page
        assert "not located in the draft" in page


class TestMarkdown:
    def test_annotated_draft_puts_a_reference_after_each_flag(self) -> None:
        text = "Alpha beta gamma delta."
        flags = [span_of(text, "beta gamma", "f1", "critical"), span_of(text, "gamma", "f 2", "info")]
        md = annotated_markdown(build(make_verdict(flags), make_report_job(text)))
        assert md.startswith("Alpha beta gamma[^f1][^f-2] delta.\n\n---\n\n")
        assert (
            "[^f1]: 🔴 **critical** · `unsourced`: “beta gamma” explanation of f1 "
            "Suggestion: suggestion for f1" in md
        )

    def test_reference_moves_past_a_link_target(self) -> None:
        """A flag ending inside ``](url)`` gets its reference after the ``)``, keeping the link."""
        text = "See [the report](https://example.org/x) now."
        md = annotated_markdown(
            build(make_verdict([span_of(text, "https://example.org/x", "f1")]), make_report_job(text))
        )
        assert md.startswith("See [the report](https://example.org/x)[^f1] now.")

    def test_duplicate_ids_get_distinct_labels_and_unplaced_flags_are_listed(self) -> None:
        flags = [flag("f1", 0, 1), flag("f1", 1, 2), flag("gone", None, None)]
        md = annotated_markdown(build(make_verdict(flags), make_report_job("abc")))
        assert md.startswith("a[^f1]b[^f1-2]c")
        assert "Flags not located in the draft:\n\n- **gone**" in md

    def test_report_sections(self) -> None:
        verdict = make_verdict(
            [span_of("x | y * z", "y", "f1", "critical", section="Findings")],
            criteria=[{"id": "c1", "score": 1.0, "met": True, "reasoning": "ok", "judge": "a:b"}],
            correction_brief=[{"section": "Findings", "instruction": "Cite it", "flag_ids": ["f1"]}],
            fix_instructions="Cite it. Keep all other text.",
        )
        md = render_markdown(build(verdict, make_report_job("x | y * z")))
        assert "**Status: Requires correction**" in md
        assert "| judge | ⏭️ skipped | \u2013 | budget |" in md
        assert "1. 🔴 **critical** `unsourced` (f1) in *Findings*, characters 4\u20135" in md
        assert "| **c1** Between 10 and 200 words | 1.00 | ✅ yes | a:b | ok |" in md
        assert "### Findings\n\n1. Cite it (flags f1)" in md
        assert "<details>" in md and "```markdown\nx | y[^f1] * z" in md

    def test_fence_is_longer_than_any_backtick_run_in_the_draft(self) -> None:
        text = "code:\n````\nx\n````\n"
        md = render(make_verdict(), make_report_job(text), fmt="md")
        assert "`````markdown\ncode:\n````\nx\n````\n`````" in md

    def test_table_cells_escape_pipes_and_markup(self) -> None:
        verdict = make_verdict(checks=[{"name": "voice", "status": "fail", "reason": "a | b <img src=x>"}])
        md = render(verdict, make_report_job("t"), fmt="md")
        assert "a \\| b \\<img src=x\\>" in md


class TestLargeDraft:
    @pytest.mark.timeout(120)
    def test_two_megabyte_draft_renders_with_nothing_per_character(self) -> None:
        """Given a 2 MB draft with 5,000 flags, the page has one span per flagged run and one line
        block per line: nothing per character (how fast it renders is not asserted here)."""
        text = big_draft()
        assert len(text) >= 2 * 1024 * 1024
        flags = every_flag_over(text, "p95 latency", 5000, ("critical", "warning", "info"))
        flags.append(flag("whole", 0, len(text), "info"))  # one flag over everything: nests all the rest
        verdict = make_verdict(flags)
        job = make_report_job(text)
        page = render(verdict, job)
        draft = draft_of(page)
        lines = text.count("\n") + 1
        assert draft.count("<span") <= len(build(verdict, job).segments) + lines
        assert draft.count("<p") == lines
        assert len(draft) < 3 * len(text)  # the text, escaped, and a constant per line and per run


class TestCli:
    @pytest.fixture(autouse=True)
    def _default_settings(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The CLI reads VERIFLEET_* settings: every test runs with the defaults (no judge)."""
        for name in list(os.environ):
            if name.startswith("VERIFLEET_"):
                monkeypatch.delenv(name)

    def test_report_writes_html_and_markdown(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        job_path = EXAMPLES / "openmark" / "linkedin_post-fail.json"
        verdict = verify(parse_job(job_path.read_bytes()))
        verdict_path = tmp_path / "verdict.json"
        verdict_path.write_text(verdict.model_dump_json(), encoding="utf-8")
        html_out, md_out = tmp_path / "r.html", tmp_path / "r.md"
        assert main(["report", str(verdict_path), "--job", str(job_path), "-o", str(html_out)]) == 0
        assert (
            main(["report", str(verdict_path), "--job", str(job_path), "-o", str(md_out), "--format", "md"])
            == 0
        )
        assert 'id="verifleet-data"' in html_out.read_text(encoding="utf-8")
        assert md_out.read_text(encoding="utf-8").startswith(
            "# Verification report: openmark-linkedin\\_post-fail"
        )
        assert main(["report", str(verdict_path), "--format", "md"]) == 0
        assert "No job was given" in capsys.readouterr().out

    def test_verify_writes_the_html_report_beside_the_verdict(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        out = tmp_path / "report.html"
        code = main(["verify", str(EXAMPLES / "demo" / "job.json"), "--output", "json", "--html", str(out)])
        assert code == 0
        assert json.loads(capsys.readouterr().out)["status"] == "passed"
        assert 'class="banner status-passed"' in out.read_text(encoding="utf-8")

    def test_bad_inputs_exit_2_with_the_reason(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text('{"job_id": "x"}', encoding="utf-8")
        assert main(["report", str(bad)]) == 2
        assert "invalid verdict in" in capsys.readouterr().err
        good = tmp_path / "v.json"
        good.write_text(make_verdict().model_dump_json(), encoding="utf-8")
        assert main(["report", str(good), "--job", str(good)]) == 2
        assert "invalid job in" in capsys.readouterr().err
        assert main(["report", str(good), "-o", str(tmp_path / "missing" / "r.html")]) == 2
        assert "cannot write" in capsys.readouterr().err
