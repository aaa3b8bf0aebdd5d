"""The HTML report in a real headless Chromium: jumping to flags, filtering, tooltips, exports,
right-to-left drafts, a 2 MB draft, and payloads in the draft that must stay text.

Each test opens the report from its file:// URL with no network; fixtures in ``conftest.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import browser_support
import pytest
from report_support import (
    EXAMPLES,
    XSS_DRAFT,
    Opened,
    OpenReport,
    big_draft,
    every_flag_over,
    flag,
    long_draft,
    make_report_job,
    make_verdict,
    span_of,
)

from checks import verify
from messages import parse_job
from workers.report import annotated_markdown, build

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(600)  # the first test may apt-get install chromium (in CI)

PNG = b"\x89PNG\r\n\x1a\n"


def in_viewport(page: Page, selector: str) -> bool:
    """Whether the first element matching ``selector`` is at least partly on screen."""
    box = page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth]; }""",
        selector,
    )
    top, bottom, left, right, height, width = box
    return bool(bottom > 0 and top < height and right > 0 and left < width)


@pytest.fixture
def long_report(open_report: OpenReport) -> Opened:
    """A draft several screens long with a critical, a warning and an info flag near its end,
    two of them overlapping, and an info flag at its start."""
    text = long_draft()
    tail = text.index("Paragraph 110:")
    flags = [
        flag("f1", 2, 14, "info", type="inferred"),
        flag(
            "f2", tail, tail + 30, "critical", type="contradicted", suggestion="Say 'fewer' only if sourced"
        ),
        flag("f3", tail + 20, tail + 60, "warning", type="unsourced"),
        flag("f4", tail + 200, tail + 230, "info", type="low_reliability"),
    ]
    return open_report(make_verdict(flags), make_report_job(text))


class TestJumpToFlag:
    def test_clicking_a_flag_scrolls_the_draft_to_it_and_highlights_it(self, long_report: Opened) -> None:
        """Given a flag far down the draft, when its entry in the flag list is clicked, then its text
        scrolls into view, every piece of it is highlighted, and the entry is marked current."""
        opened = long_report
        page = opened.page
        target = '#draft [data-f~="1"]'
        assert not in_viewport(page, target)
        page.click('#flag-list li[data-i="1"] a.jump')
        assert in_viewport(page, target)
        pieces = page.locator(target)
        assert pieces.count() == 2  # alone, then overlapping f3
        for n in range(pieces.count()):
            assert "hl" in (pieces.nth(n).get_attribute("class") or "")
        assert page.locator('#flag-list li[data-i="1"]').get_attribute("aria-current") == "true"
        assert page.locator("#tip").is_visible()
        assert "Say 'fewer' only if sourced" in page.locator("#tip").inner_text()
        assert page.evaluate("location.hash") == "#f-1"
        shot = opened.screenshot("jump.png")
        assert shot.read_bytes().startswith(PNG)
        assert opened.errors == [] and opened.dialogs == []

    def test_jumping_again_moves_the_highlight(self, long_report: Opened) -> None:
        page = long_report.page
        page.click('#flag-list li[data-i="1"] a.jump')
        page.click('#flag-list li[data-i="0"] a.jump')
        assert in_viewport(page, '#draft [data-f~="0"]')
        assert page.locator("#draft .hl").count() == 1
        assert page.locator('#flag-list li[aria-current="true"]').get_attribute("data-i") == "0"

    def test_brief_references_jump_too(self, open_report: OpenReport) -> None:
        text = long_draft()
        at = text.index("Paragraph 100:")
        verdict = make_verdict(
            [flag("f1", at, at + 12, "critical")],
            correction_brief=[{"section": "Findings", "instruction": "Cite it", "flag_ids": ["f1"]}],
        )
        page = open_report(verdict, make_report_job(text)).page
        page.click('#brief a[data-jump="0"]')
        assert in_viewport(page, '#draft [data-f~="0"]')

    def test_hovering_a_flag_shows_its_explanation_and_suggestion(self, long_report: Opened) -> None:
        page = long_report.page
        page.hover('#draft [data-f~="0"]')
        tip = page.locator("#tip")
        assert tip.is_visible()
        assert "info · inferred" in tip.inner_text()
        assert "explanation of f1" in tip.inner_text()
        assert "Suggestion: suggestion for f1" in tip.inner_text()


class TestFilter:
    def test_severity_and_type_filters_hide_the_other_flags(self, long_report: Opened) -> None:
        """When warning and info are unchecked only the critical flag stays listed, and the draft
        drops the underline of the hidden ones; choosing a type narrows the list to that type."""
        opened = long_report
        page = opened.page
        page.uncheck('#filters input[value="warning"]')
        page.uncheck('#filters input[value="info"]')
        visible = page.locator("#flag-list li:visible")
        assert visible.count() == 1
        assert visible.first.get_attribute("data-sev") == "critical"
        assert page.locator("#filter-count").inner_text() == "Showing 1 of 4 flags"
        assert "off" in (page.locator('#draft [data-f="3"]').get_attribute("class") or "")
        assert "off" not in (page.locator('#draft [data-f="1 2"]').get_attribute("class") or "")
        opened.screenshot("filtered.png")

        page.check('#filters input[value="warning"]')
        page.check('#filters input[value="info"]')
        page.select_option("#type-filter", "low_reliability")
        assert [li.get_attribute("data-i") for li in page.locator("#flag-list li:visible").all()] == ["3"]
        page.select_option("#type-filter", "")
        assert page.locator("#flag-list li:visible").count() == 4

    def test_filtering_out_the_selected_flag_clears_its_highlight(self, long_report: Opened) -> None:
        page = long_report.page
        page.click('#flag-list li[data-i="1"] a.jump')
        page.uncheck('#filters input[value="critical"]')
        assert page.locator("#draft .hl").count() == 0
        assert page.locator("#tip").is_hidden()


class TestPayloadsStayText:
    def test_script_and_onerror_in_the_draft_render_as_text_and_never_run(
        self, open_report: OpenReport
    ) -> None:
        """Given a draft (and flags, brief and job id) full of ``<script>`` and ``onerror=``
        payloads, the page shows them as text, opens no dialog, logs no error and sets nothing."""
        payload = "</script><script>alert('flag')</script><img src=x onerror=alert('flag-img')>"
        flags = [
            span_of(XSS_DRAFT, "<script>window.__pwned", "f1", "critical", explanation=payload),
            span_of(XSS_DRAFT, 'onerror="window.__pwned = 2', "f2", "warning", suggestion=payload),
        ]
        verdict = make_verdict(
            flags,
            job_id="x</script><script>alert('id')</script>",
            correction_brief=[{"section": payload, "instruction": payload, "flag_ids": ["f1"]}],
        )
        opened = open_report(
            verdict, make_report_job(XSS_DRAFT, job_id="x</script><script>alert('id')</script>")
        )
        page = opened.page
        draft = page.locator("#draft")
        text = draft.inner_text()
        assert "<script>window.__pwned = 1; alert('script')</script>" in text
        assert "<img src=x onerror=\"window.__pwned = 2; alert('onerror')\">" in text
        assert "&amp; &lt;b&gt;" in text
        assert draft.locator("script, img, a, b").count() == 0
        assert page.locator("img").count() == 0
        assert page.locator("script").count() == 2
        page.hover('#draft [data-f~="0"]')
        assert payload in page.locator("#tip").inner_text()
        assert page.locator("#tip img").count() == 0
        page.click('#flag-list li[data-i="1"] a.jump')
        page.wait_for_timeout(200)  # any handler that did get attached would have fired by now
        assert page.evaluate("window.__pwned") is None
        assert opened.dialogs == []
        assert opened.errors == []
        assert all(url.startswith(("file://", "blob:")) for url in opened.requests)
        opened.screenshot("payloads.png", full_page=True)


class TestExports:
    def test_exports_download_the_annotated_markdown_and_the_verdict(
        self, open_report: OpenReport, tmp_path: Path
    ) -> None:
        job = parse_job((EXAMPLES / "openmark" / "linkedin_post-fail.json").read_bytes())
        verdict = verify(job)
        page = open_report(verdict, job).page
        with page.expect_download() as md:
            page.click("#export-md")
        assert md.value.suggested_filename == "openmark-linkedin_post-fail-annotated.md"
        saved = tmp_path / "annotated.md"
        md.value.save_as(saved)
        assert saved.read_text(encoding="utf-8") == annotated_markdown(build(verdict, job))
        with page.expect_download() as js:
            page.click("#export-json")
        saved = tmp_path / "verdict.json"
        js.value.save_as(saved)
        assert json.loads(saved.read_text(encoding="utf-8")) == verdict.model_dump(mode="json")


class TestRightToLeft:
    def test_arabic_and_hebrew_lines_run_right_to_left_and_latin_lines_left_to_right(
        self, open_report: OpenReport
    ) -> None:
        text = (
            "## الملخص\n\n"
            "خفض الإصدار الأسبوعي الأعطال إلى النصف خلال ثلاثة أشهر.\n\n"
            "שחרור שבועי הוריד את התקלות שלנו בחצי.\n\n"
            "https://example.org/dora-2024\n"
        )
        flags = [span_of(text, "إلى النصف", "f1", "critical"), span_of(text, "בחצי", "f2", "info")]
        opened = open_report(make_verdict(flags), make_report_job(text, language="ar-msa"))
        page = opened.page
        directions = page.evaluate(
            "Array.from(document.querySelectorAll('#draft p')).map(p => getComputedStyle(p).direction)"
        )
        assert directions == ["rtl", "rtl", "rtl", "rtl", "rtl", "rtl", "ltr", "rtl"]
        assert page.evaluate("getComputedStyle(document.getElementById('draft')).direction") == "rtl"
        page.click('#flag-list li[data-i="0"] a.jump')
        assert in_viewport(page, '#draft [data-f~="0"]')
        opened.screenshot("rtl.png")


class TestLargeDraft:
    def test_a_two_megabyte_draft_opens_and_jumps_to_its_last_flag(self, open_report: OpenReport) -> None:
        text = big_draft()
        flags = every_flag_over(text, "p95 latency", 2000, ("critical", "warning", "info"))
        last = flags[-1]
        last_index = len(flags) - 1
        opened = open_report(make_verdict(flags), make_report_job(text))
        page = opened.page
        assert page.locator("#draft p").count() == text.count("\n") + 1
        assert page.locator("#draft .fl").count() == len(flags)
        page.click(f'#flag-list li[data-i="{last_index}"] a.jump')
        target = f'#draft [data-f="{last_index}"]'
        assert in_viewport(page, target)
        assert page.locator(target).inner_text() == text[last["start"] : last["end"]]
        assert opened.errors == []


class TestQuietReports:
    @pytest.mark.parametrize("with_job", [True, False])
    def test_a_report_without_flags_or_without_a_job_runs_cleanly(
        self, open_report: OpenReport, with_job: bool
    ) -> None:
        """An error verdict with no flags, no checks and no brief (with or without its job) opens
        without a script error and still exports."""
        verdict = make_verdict(verdict="error", status="error", action="escalate", checks=[], reason="boom")
        opened = open_report(verdict, make_report_job("Just text.") if with_job else None)
        page = opened.page
        assert page.locator("#status").inner_text() == "Error"
        with page.expect_download() as download:
            page.click("#export-json")
        assert download.value.suggested_filename == "m1-t1-a1-verdict.json"
        assert opened.errors == []


class TestChromiumSetup:
    """How the browser tests get their browser; these run without one."""

    @pytest.fixture
    def no_chromium(self, monkeypatch: pytest.MonkeyPatch) -> list[str]:
        installs: list[str] = []
        monkeypatch.setattr(browser_support, "find_chromium", lambda: None)
        monkeypatch.setattr(browser_support, "install_chromium", lambda: installs.append("apt-get"))
        return installs

    def test_locally_a_missing_chromium_skips_with_the_reason(
        self, monkeypatch: pytest.MonkeyPatch, no_chromium: list[str]
    ) -> None:
        monkeypatch.delenv("CI", raising=False)
        with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
            browser_support.ensure_chromium()
        assert no_chromium == []

    def test_in_ci_as_root_it_installs_chromium_and_fails_when_that_did_not_help(
        self, monkeypatch: pytest.MonkeyPatch, no_chromium: list[str]
    ) -> None:
        monkeypatch.setenv("CI", "true")
        monkeypatch.setattr(browser_support.os, "geteuid", lambda: 0)
        monkeypatch.setattr(browser_support.shutil, "which", lambda name: f"/usr/bin/{name}")
        with pytest.raises(pytest.fail.Exception, match="CI is set, so the browser tests must run"):
            browser_support.ensure_chromium()
        assert no_chromium == ["apt-get"]

    def test_in_ci_when_not_root_it_fails_without_installing(
        self, monkeypatch: pytest.MonkeyPatch, no_chromium: list[str]
    ) -> None:
        monkeypatch.setenv("CI", "true")
        monkeypatch.setattr(browser_support.os, "geteuid", lambda: 1000)
        with pytest.raises(pytest.fail.Exception):
            browser_support.ensure_chromium()
        assert no_chromium == []
