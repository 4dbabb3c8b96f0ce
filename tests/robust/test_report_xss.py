"""The HTML report under hostile inputs (issue 14): document text, document and entity URIs,
types, system and set names and file names carrying ``<script>``, an ``onerror`` image, ``"`` and
``'`` are shown as text, never run. Checked in the page source (one ``<script>``: the page's own;
no tag or attribute of the payload) and, when Chromium is there, by loading the page: the payloads
would set ``document.body.dataset.xss``; it stays unset."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from cli_helpers import bengal

from bengal.io import write_corpus
from bengal.model import Corpus, Document, Mention

#: Sets a mark when run as script or as an image's onerror; quotes of both kinds and an ampersand.
PAYLOAD = ("<script>document.body.dataset.xss='s'</script><img src=x "
           "onerror=\"document.body.dataset.xss='i'\">'\"&amp;")
TEXT = f"Paris is {PAYLOAD} near Berlin."


def _doc(uri: str, spans) -> Document:
    return Document(uri, TEXT, tuple(Mention.in_text(TEXT, b, e, {u}, t) for b, e, u, t in spans))


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("xss")
    berlin = TEXT.index("Berlin")
    uri = "http://ex.org/d'\"<script>1</script>"  # a document IRI with quotes and markup
    evil_uri = "http://dbpedia.org/resource/X\"><script>document.body.dataset.xss='u'</script>"
    gold = _doc(uri, [(0, 5, "http://dbpedia.org/resource/Paris", "LOC"),
                      (berlin, berlin + 6, "http://dbpedia.org/resource/Berlin", f"T{PAYLOAD}")])
    pred = _doc(uri, [(0, 5, evil_uri, f"<b onmouseover=x>{PAYLOAD}"),
                      (berlin - 5, berlin + 6, "http://dbpedia.org/resource/Berlin", "LOC")])
    gold_name = "g<img src=x onerror=alert(1)>'\".jsonl"
    pred_name = "p<script>x'\".jsonl"
    write_corpus(Corpus((gold,), "g"), tmp / gold_name)
    write_corpus(Corpus((pred,), "p"), tmp / pred_name)
    proc = bengal("score", gold_name, pred_name, "--system-name", f"sys{PAYLOAD}", "--set-name", f"set{PAYLOAD}",
                  "--json", "r.json", cwd=tmp)
    assert proc.returncode == 0, proc.stderr
    result = json.loads((tmp / "r.json").read_text(encoding="utf-8"))
    assert result["system"].startswith("sys<script>")  # the payload reached the result as it is
    proc = bengal("report", "r.json", "-o", "r.html", "--title", f"t{PAYLOAD}", cwd=tmp)
    if proc.returncode == 2 and "--title" in proc.stderr:  # no --title option
        proc = bengal("report", "r.json", "-o", "r.html", cwd=tmp)
    assert proc.returncode == 0, proc.stderr
    return tmp / "r.html"


class _Tags(HTMLParser):
    """Every start tag of a page with its attribute names."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, [a for a, _ in attrs]))


def test_the_page_source_holds_no_markup_of_the_inputs(page):
    text = page.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(text)
    assert [t for t, _ in parser.tags].count("script") == 1  # the page's own script only
    # no attribute broke out of its quotes: no event handler attribute anywhere, no stray names
    assert not [(t, a) for t, attrs in parser.tags for a in attrs if a.startswith("on") or a in ("x", "src=x")]
    assert "&lt;script&gt;document.body.dataset.xss=" in text  # the payload is there, as text
    assert "&amp;amp;" in text  # an '&amp;' of the input is shown as typed, not as '&'


@pytest.fixture(scope="module")
def browser():
    pytest.importorskip("playwright")
    from browser import launch_chromium

    with launch_chromium() as b:
        yield b


def test_no_script_of_the_inputs_runs_in_chromium(page, browser, tmp_path):
    from browser import load_page

    opened = """(() => {
      document.getElementById('open-all')?.click();
      document.querySelectorAll('details').forEach(d => d.open = true);
      document.querySelectorAll('*').forEach(e => e.dispatchEvent(new MouseEvent('mouseover')));
      return new Promise(r => setTimeout(() => r({xss: document.body.dataset.xss ?? null,
                                                 ready: document.body.dataset.ready,
                                                 scripts: document.scripts.length}), 300));
    })()"""
    load = load_page(page.resolve().as_uri(), tmp_path / "xss.png", evaluate=opened, browser=browser)
    assert load.value == {"xss": None, "ready": "yes", "scripts": 1}
