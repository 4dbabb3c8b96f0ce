"""The headless-Chromium harness (tests/browser.py) must be able to fail: each kind of problem shows."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browser import launch_chromium, load_page

CLEAN = """<!doctype html><html><head><meta charset="utf-8"><title>ok</title></head>
<body><h1>Harness check</h1><p id="msg"></p>
<script>document.getElementById("msg").textContent = "rendered by script";</script></body></html>"""


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the whole module."""
    with launch_chromium() as b:
        yield b


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture
def serve(tmp_path):
    """Serve tmp_path on a free loopback port; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def _page(tmp_path, body: str, name: str = "page.html") -> str:
    path = tmp_path / name
    path.write_text(f"<!doctype html><html><body><p>x</p>{body}</body></html>", encoding="utf-8")
    return path.as_uri()


def test_console_error_is_reported(browser, tmp_path):
    load = load_page(_page(tmp_path, '<script>console.error("boom")</script>'), tmp_path / "s.png", browser=browser)
    assert ("error", "boom") in load.console
    assert "console.error: boom" in load.problems


def test_uncaught_exception_is_reported(browser, tmp_path):
    load = load_page(_page(tmp_path, "<script>undefinedFunction()</script>"), tmp_path / "s.png", browser=browser)
    assert len(load.errors) == 1 and "undefinedFunction" in load.errors[0], load.errors
    assert any("undefinedFunction" in p for p in load.problems)


@pytest.mark.parametrize("over", ["file", "http"])
def test_missing_resource_is_reported(browser, tmp_path, serve, over):
    url = _page(tmp_path, '<img src="missing.png">')
    if over == "http":
        url = serve + "page.html"
    load = load_page(url, tmp_path / "s.png", browser=browser)
    assert len(load.failed_requests) == 1, load.failed_requests
    assert "missing.png" in load.failed_requests[0]
    assert ("HTTP 404" if over == "http" else "net::ERR_FILE_NOT_FOUND") in load.failed_requests[0]


def _assert_clean(load, shot):
    assert load.problems == [], load.problems
    assert "Harness check" in load.text and "rendered by script" in load.text
    assert load.value == "rendered by script"
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 2000, len(data)


def test_clean_page_file_url(browser, tmp_path):
    (tmp_path / "clean.html").write_text(CLEAN, encoding="utf-8")
    shot = tmp_path / "shots" / "clean.png"
    load = load_page((tmp_path / "clean.html").as_uri(), shot, browser=browser,
                     evaluate="document.getElementById('msg').textContent")
    _assert_clean(load, shot)


def test_clean_page_over_loopback_http(browser, tmp_path, serve):
    (tmp_path / "clean.html").write_text(CLEAN, encoding="utf-8")
    shot = tmp_path / "clean.png"
    load = load_page(serve + "clean.html", shot, browser=browser, width=800, height=600,
                     evaluate="document.getElementById('msg').textContent")
    _assert_clean(load, shot)


def test_load_page_without_shared_browser(tmp_path):
    """The one-shot form starts and stops its own browser."""
    load = load_page(_page(tmp_path, '<script>console.warn("careful")</script>'), tmp_path / "s.png")
    assert load.problems == ["console.warning: careful"]
