"""Screenshots of a `bengal report` page for the README, in headless Chromium (as the tests load it).

    python examples/screenshot_report.py report.html docs/

writes docs/report-summary.png (the top of the page: summary tables and the first per-type
charts) and docs/report-errors.png (the error browser with its first result's worst documents
open). Needs the test extra (Playwright) and Debian's chromium (see .ci/run); the browser is
started the way tests/browser.py starts it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import launch_chromium  # noqa: E402  (tests/browser.py: Chromium flags, fresh profile)


def main(page_path: str, out_dir: str) -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 1250})
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(Path(page_path).resolve().as_uri(), wait_until="load")
        page.screenshot(path=str(out / "report-summary.png"))
        page.evaluate("[...document.querySelectorAll('section.panel:not([hidden]) details.doc')]"
                      ".slice(0, 3).forEach(d => d.open = true)")
        browser_part = page.locator("#browser")
        browser_part.scroll_into_view_if_needed()
        top = page.evaluate("document.getElementById('browser').getBoundingClientRect().top + window.scrollY")
        page.screenshot(path=str(out / "report-errors.png"), full_page=True,
                        clip={"x": 0, "y": top - 10, "width": 1280, "height": 1000})
        context.close()
    if problems:
        raise SystemExit(f"the page logged problems: {problems}")
    print(f"wrote {out / 'report-summary.png'} and {out / 'report-errors.png'}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
