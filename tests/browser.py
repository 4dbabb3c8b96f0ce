"""Load a page in headless Chromium and report what a person would have seen go wrong.

Test helper built on Playwright for Python (``pip install playwright``; its browser downloads,
``playwright install``, are never used: it drives the system's Chromium). Chromium is started with
exactly :data:`CHROMIUM_FLAGS`, a fresh temporary ``--user-data-dir`` and ``--remote-debugging-pipe``
(the channel Playwright talks over) -- none of Playwright's own default switches.

Typical use, one browser per test module::

    @pytest.fixture(scope="module")
    def browser():
        with launch_chromium() as b:
            yield b

    def test_page(browser, tmp_path):
        load = load_page(url, tmp_path / "page.png", browser=browser)
        assert not load.problems
"""

from __future__ import annotations

import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from playwright.sync_api import Browser, ConsoleMessage, sync_playwright

#: The switches Chromium is started with (besides the profile dir and the debugging pipe).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Debian's /usr/bin/chromium is a shell wrapper that adds switches of its own (extensions, GPU
# rasterisation, ...) and prints shell errors on some machines; the real binary sits behind it.
_CANDIDATES = ["/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome"]


def chromium_path() -> str:
    """Return the Chromium executable to drive, or skip the calling test if there is none.

    ``$CHROMIUM`` wins when set; otherwise Debian's real binary behind the ``/usr/bin/chromium``
    wrapper, then ``chromium``, ``chromium-browser`` or ``google-chrome`` on ``PATH``.
    """
    for name in [os.environ.get("CHROMIUM", "")] + _CANDIDATES:
        path = name and shutil.which(name)
        if path:
            return path
    import pytest

    reason = ("Chromium not found (looked for $CHROMIUM, " + ", ".join(_CANDIDATES) + "); "
              "install it, e.g. `apt-get install chromium`, or point $CHROMIUM at it")
    if os.environ.get("BENGAL_REQUIRE_CHROMIUM"):  # set by .ci/run, which installs it
        pytest.fail(reason)
    pytest.skip(reason)


@contextmanager
def launch_chromium(*, timeout_s: float = 60) -> Iterator[Browser]:
    """Start headless Chromium with :data:`CHROMIUM_FLAGS` and a fresh profile; yield the Browser.

    The browser and its temporary ``--user-data-dir`` are removed on exit. Uses Playwright's sync
    API, so it cannot run inside a running asyncio loop, nor nest inside another live browser
    started by this module in the same thread.
    """
    executable = chromium_path()
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=executable,
                args=[*CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe"],
                ignore_default_args=True,  # exactly our switches, not Playwright's ~40 defaults
                headless=True,
                timeout=timeout_s * 1000,
            )
            try:
                yield browser
            finally:
                browser.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@dataclass
class PageLoad:
    """What happened while a page loaded."""

    console: list[tuple[str, str]] = field(default_factory=list)  # (type, text), e.g. ("error", "boom")
    errors: list[str] = field(default_factory=list)  # uncaught exceptions: "Name: message"
    failed_requests: list[str] = field(default_factory=list)  # "URL: net::ERR_..." / "URL: HTTP 404"
    text: str = ""  # document.body.innerText after the load event
    value: Any = None  # result of the ``evaluate`` expression, if one was given

    @property
    def problems(self) -> list[str]:
        """Console errors and warnings, uncaught page errors and failed requests, as lines."""
        return (
            [f"console.{kind}: {text}" for kind, text in self.console if kind in ("error", "warning", "assert")]
            + [f"page error: {e}" for e in self.errors]
            + [f"failed request: {r}" for r in self.failed_requests]
        )


def _is_favicon_noise(message: ConsoleMessage) -> bool:
    # Over http Chromium asks for /favicon.ico on its own (not seen as a page request) and logs
    # a 404 for it as a console error; a page that never asked for it is not at fault.
    return message.text.startswith("Failed to load resource") and urlsplit(
        message.location.get("url", "")
    ).path == "/favicon.ico"


def load_page(
    url: str,
    screenshot: Path,
    *,
    width: int = 1280,
    height: int = 900,
    evaluate: str | None = None,
    timeout_s: float = 60,
    browser: Browser | None = None,
) -> PageLoad:
    """Load ``url`` (``file://`` or ``http://``) in a fresh context and report what happened.

    Waits for the load event, then records ``document.body.innerText``, the result of the JS
    expression ``evaluate`` (if given) and writes a full-page PNG to ``screenshot``. Messages
    logged after that are not seen. The 404 of Chromium's own ``/favicon.ico`` request is left
    out. Pass a ``browser`` from :func:`launch_chromium` to share one between calls; without it
    a browser is started and stopped, in a worker thread, for this call alone.
    """
    if browser is None:
        # In a thread of its own, so that it works beside a live shared browser or asyncio loop.
        def one_shot() -> PageLoad:
            with launch_chromium(timeout_s=timeout_s) as own:
                return load_page(url, screenshot, width=width, height=height, evaluate=evaluate,
                                 timeout_s=timeout_s, browser=own)

        with ThreadPoolExecutor(1) as pool:
            return pool.submit(one_shot).result()

    result = PageLoad()
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(timeout_s * 1000)
        page.on("console", lambda m: _is_favicon_noise(m) or result.console.append((m.type, m.text)))
        page.on("pageerror", lambda e: result.errors.append(f"{e.name}: {e.message}"))
        page.on("requestfailed", lambda r: result.failed_requests.append(f"{r.url}: {r.failure}"))
        page.on(
            "response",
            lambda r: r.status >= 400 and result.failed_requests.append(f"{r.url}: HTTP {r.status}"),
        )
        page.goto(url, wait_until="load")
        result.text = page.evaluate("document.body ? document.body.innerText : ''")
        if evaluate is not None:
            result.value = page.evaluate(evaluate)
        Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(screenshot), full_page=True)
    finally:
        context.close()
    return result
