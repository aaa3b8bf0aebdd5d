"""A headless Chromium for the report's browser tests (how it is found or installed:
``browser_support``), a fresh profile per session, and reports opened from file:// URLs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import CHROMIUM_FLAGS, ensure_chromium, unavailable
from report_support import Opened, OpenReport

from messages import VerdictEvent, VerifyJob
from workers.report import write_report

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Dialog, Page


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return ensure_chromium()


@pytest.fixture(scope="session")
def browser(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        try:
            context = p.chromium.launch_persistent_context(
                str(profile),
                executable_path=chromium_path,
                headless=True,
                args=CHROMIUM_FLAGS,
                viewport={"width": 1280, "height": 800},
                accept_downloads=True,
                offline=True,
            )
        except Error as e:
            unavailable(f"{chromium_path} did not start under Playwright: {e}")
        yield context
        context.close()


@pytest.fixture
def open_report(browser: BrowserContext, tmp_path: Path) -> Iterator[OpenReport]:
    """Writes the report of a verdict (and job) under tmp_path and opens it from its file:// URL."""
    pages: list[Page] = []

    def open_(verdict: VerdictEvent, job: VerifyJob | None = None, name: str = "report.html") -> Opened:
        path = write_report(tmp_path / name, verdict, job)
        page = browser.new_page()
        pages.append(page)
        opened = Opened(page, path)

        def on_dialog(dialog: Dialog) -> None:
            opened.dialogs.append(f"{dialog.type}: {dialog.message}")
            dialog.dismiss()

        def on_console(message: ConsoleMessage) -> None:
            if message.type in ("error", "warning"):
                opened.errors.append(f"console {message.type}: {message.text}")

        def on_error(error: Any) -> None:
            opened.errors.append(f"page error: {error}")

        page.on("dialog", on_dialog)
        page.on("console", on_console)
        page.on("pageerror", on_error)
        page.on("request", lambda request: opened.requests.append(request.url))
        page.goto(path.as_uri())
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=20_000)
        return opened

    yield open_
    for page in pages:
        page.close()
