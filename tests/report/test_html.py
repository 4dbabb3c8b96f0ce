"""``bengal report``: the HTML page from score results — values, error browser, bad inputs, and the
page in headless Chromium (console clean, screenshot rendered, controls working)."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_helpers import assert_one_line_error, bengal

from bengal.io import write_corpus
from bengal.model import Corpus, Document, Mention

DBR = "http://dbpedia.org/resource/"
TEXT = "Paris Hilton visited Berlin and met Angela Merkel."
#        0    5      12      20     27  31  35     42    49
TEXT2 = "Tom said <script>alert(1)</script> in Rome & Oslo."


def doc(uri: str, text: str, *spans) -> Document:
    return Document(uri, text, tuple(Mention.in_text(text, b, e, {DBR + u} if u else (), t) for b, e, u, t in spans))


def write(path: Path, *docs: Document) -> Path:
    write_corpus(Corpus(tuple(docs), path.stem), path)
    return path


def gold_docs():
    rome = TEXT2.index("Rome")
    oslo = TEXT2.index("Oslo")
    return (doc("http://ex.org/d1", TEXT, (0, 12, "Paris_Hilton", "PER"), (21, 27, "Berlin", "LOC"),
                (36, 49, "Angela_Merkel", "PER")),
            doc("http://ex.org/d2", TEXT2, (0, 3, "Tom_Hanks", "PER"), (rome, rome + 4, "Rome", "LOC"),
                (oslo, oslo + 4, "Oslo", "LOC")))


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A gold standard, two systems, their scores (with --ci) and the report page."""
    tmp = tmp_path_factory.mktemp("report")
    g1, g2 = gold_docs()
    write(tmp / "gold.jsonl", g1, g2)
    rome, oslo = TEXT2.index("Rome"), TEXT2.index("Oslo")
    # System "weak": d1: "Paris" (boundary), Berlin right, Angela Merkel -> wrong URI; d2: all right.
    # d1: TP 1, FP 2, FN 2; d2: TP 3. Micro TP 4, FP 2, FN 2: P = R = F1 = 4/6.
    write(tmp / "weak.jsonl",
          doc("http://ex.org/d1", TEXT, (0, 5, "Paris", "LOC"), (21, 27, "Berlin", "LOC"),
              (36, 49, "Merkel_(disambiguation)", "PER")),
          doc("http://ex.org/d2", TEXT2, (0, 3, "Tom_Hanks", "PER"), (rome, rome + 4, "Rome", "LOC"),
              (oslo, oslo + 4, "Oslo", "LOC")))
    write(tmp / "strong.jsonl", g1, g2)
    for system in ("weak", "strong"):
        proc = bengal("score", "gold.jsonl", f"{system}.jsonl", "--ci", "200", "--json", f"{system}.json", cwd=tmp)
        assert proc.returncode == 0, proc.stderr
    proc = bengal("report", "weak.json", "strong.json", "-o", "report.html", cwd=tmp)
    assert proc.returncode == 0, proc.stderr
    assert "2 results (2 systems, 1 set)" in proc.stderr
    return tmp


class Cells(HTMLParser):
    """Tables (caption, rows of cell texts), highlight spans (classes, text) and images of a page."""

    def __init__(self):
        super().__init__()
        self.tables, self.spans, self.imgs, self.ids = [], [], [], []
        self._cell = None
        self._span = None
        self._caption = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"])
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "caption":
            self._caption = ""
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self._cell = ""
        elif tag == "span" and "m" in (a.get("class") or "").split():
            self._span = [sorted(set(a["class"].split()) - {"m", "start"}), "", a.get("title", "")]
        elif tag == "img":
            self.imgs.append(a)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1]["rows"][-1].append(self._cell.strip())
            self._cell = None
        elif tag == "caption":
            self.tables[-1]["caption"] = self._caption
            self._caption = None
        elif tag == "span" and self._span is not None:
            self.spans.append(tuple(self._span[:2]) + (self._span[2],))
            self._span = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if self._caption is not None:
            self._caption += data
        if self._span is not None:
            self._span[1] += data


def parse(path: Path) -> Cells:
    p = Cells()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_score_json_names_system_set_and_errors(runs):
    data = json.loads((runs / "weak.json").read_text())
    assert data["system"] == "weak" and data["set"] == "gold"
    assert data["inputs"] == {"gold": {"path": "gold.jsonl", "documents": 2},
                              "prediction": {"path": "weak.jsonl", "documents": 2}}
    assert data["set_info"] is None  # no manifest beside gold.jsonl
    errors = data["errors"]
    # by hand: "Paris" vs "Paris Hilton" is a boundary error on both sides; the Merkel pair a wrong URI
    assert errors["kinds"] == {"wrong_uri": 2, "boundary": 2}
    assert errors["documents_with_errors"] == 1 and errors["shown"] == 1
    d1 = errors["documents"][0]
    assert d1["uri"] == "http://ex.org/d1" and (d1["tp"], d1["fp"], d1["fn"]) == (1, 2, 2)
    assert [(m["surface"], m["outcome"], m["error"]) for m in d1["gold"]] == [
        ("Paris Hilton", "fn", "boundary"), ("Berlin", "tp", None), ("Angela Merkel", "fn", "wrong_uri")]
    assert [(m["surface"], m["outcome"], m["error"]) for m in d1["prediction"]] == [
        ("Paris", "fp", "boundary"), ("Berlin", "tp", None), ("Angela Merkel", "fp", "wrong_uri")]


def test_summary_table_values(runs):
    page = parse(runs / "report.html")
    summary = next(t for t in page.tables if t["caption"].startswith("A2KB"))
    head, *rows = summary["rows"]
    assert head[:10] == ["set", "system", "P", "R", "F1", "F1 interval", "macro F1", "TP", "FP", "FN"]
    by_system = {r[1]: r for r in rows}
    weak, strong = by_system["weak"], by_system["strong"]
    # weak: micro TP 4, FP 2, FN 2 -> P = R = F1 = 4/6; macro F1 = (1/3 + 1) / 2 = 2/3 as well
    assert weak[2:5] == ["0.6667", "0.6667", "0.6667"] and weak[6] == "0.6667"
    assert weak[7:11] == ["4", "2", "2", "0"]
    assert strong[2:5] == ["1.0000", "1.0000", "1.0000"] and strong[7:10] == ["6", "0", "0"]
    # an interval was computed (--ci 200): two numbers and the level
    lo, hi = (float(x) for x in weak[5].split(" (")[0].strip("[]").split(", "))
    assert 0.0 <= lo <= 4 / 6 <= hi <= 1.0 and weak[5].endswith("(95%)")
    assert strong[5].startswith("[1.0000, 1.0000]")


def test_error_kinds_and_browser(runs):
    page = parse(runs / "report.html")
    kinds = next(t for t in page.tables if t["rows"][0][:3] == ["task", "set", "system"])
    head, *rows = kinds["rows"]
    row = {r[2]: dict(zip(head, r)) for r in rows}
    assert row["weak"]["wrong uri"] == "2" and row["weak"]["boundary"] == "2"
    assert row["strong"]["wrong uri"] == "0" and row["strong"]["documents with errors"] == "0"
    # the highlighted d1 of "weak": stretch by stretch, classes by hand
    # [0,5) "Paris": gold Paris Hilton (FN) and the prediction Paris (FP); [5,12) " Hilton": gold only;
    # Berlin: TP on both sides; Angela Merkel: FN (gold) and FP (prediction)
    stretches = [(cls, text) for cls, text, _ in page.spans if text in ("Paris", " Hilton", "Berlin", "Angela Merkel")]
    assert stretches == [(["g-fn", "p-fp"], "Paris"), (["g-fn"], " Hilton"), (["g-tp", "p-tp"], "Berlin"),
                         (["g-fn", "p-fp"], "Angela Merkel")]
    title = next(t for cls, text, t in page.spans if text == "Angela Merkel")
    assert "gold: “Angela Merkel” → dbr:Angela_Merkel [PER] (FN, wrong uri)" in title
    assert "prediction: “Angela Merkel” → dbr:Merkel_(disambiguation) [PER] (FP, wrong uri)" in title


def test_page_is_self_contained_and_escaped(runs):
    text = (runs / "report.html").read_text(encoding="utf-8")
    # no fetches: every image is a data: URI, no external script, style sheet or font
    page = parse(runs / "report.html")
    assert page.imgs and all(i["src"].startswith("data:image/svg+xml;base64,") for i in page.imgs)
    for needle in ("<link", "src='http", 'src="http', "@import", "url("):
        assert needle not in text
    # the document text with markup is shown as text, never as markup (d2 has no error, so it is
    # not in the browser; the gold's own file name is escaped in the inputs table)
    assert "<script>alert" not in text
    assert text.count("<script>") == 1  # the page's own script only


def test_same_inputs_same_bytes(runs):
    proc = bengal("report", "weak.json", "strong.json", "-o", "again.html", cwd=runs)
    assert proc.returncode == 0, proc.stderr
    digest = [hashlib.sha256((runs / n).read_bytes()).hexdigest() for n in ("report.html", "again.html")]
    assert digest[0] == digest[1]


def test_markup_in_text_is_escaped_in_the_browser(tmp_path):
    g1, g2 = gold_docs()
    write(tmp_path / "gold.jsonl", g1, g2)
    write(tmp_path / "none.jsonl", Document(g2.uri, g2.text, ()))  # d2 all missed, d1 missing
    assert bengal("score", "gold.jsonl", "none.jsonl", "--json", "r.json", cwd=tmp_path).returncode == 0
    assert bengal("report", "r.json", "-o", "r.html", cwd=tmp_path).returncode == 0
    text = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>alert" not in text
    assert "missing from the prediction" in text  # d1
    page = parse(tmp_path / "r.html")
    summary = next(t for t in page.tables if t["caption"].startswith("A2KB"))
    # 6 gold mentions, none predicted; d1 missing: 1 failed document
    assert summary["rows"][1][7:11] == ["0", "0", "6", "1"]


def _manifest(path: Path, density: float, strategy: str, surface_forms: bool = False) -> None:
    path.with_name(path.name + ".manifest.json").write_text(json.dumps({
        "corpus": {"name": path.stem}, "parameters": {"strategy": strategy, "density_target": density,
                                                       "docs": 2, "seed": 0, "surface_forms": surface_forms},
        "stats": {"density": density}, "kb": {"snapshot": "test"}}))


def test_sets_that_differ_in_density_get_charts(tmp_path):
    g1, g2 = gold_docs()
    for name, density in (("low", 0.15), ("high", 0.21)):
        write(tmp_path / f"{name}.jsonl", g1, g2)
        _manifest(tmp_path / f"{name}.jsonl", density, "star")
    write(tmp_path / "sys.jsonl", g1)
    for name in ("low", "high"):
        proc = bengal("score", f"{name}.jsonl", "sys.jsonl", "--json", f"{name}.json", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
    data = json.loads((tmp_path / "low.json").read_text())
    assert data["set"] == "low" and data["set_info"]["density"] == 0.15 and data["set_info"]["strategy"] == "star"
    assert bengal("report", "high.json", "low.json", "-o", "r.html", cwd=tmp_path).returncode == 0
    page = parse(tmp_path / "r.html")
    alts = [i["alt"] for i in page.imgs]
    assert "A2KB: micro F1 against entity density" in alts
    assert "A2KB: micro F1 per set (strategy, density reached)" in alts
    # sets ordered by density: low (0.15) before high (0.21)
    summary = next(t for t in page.tables if t["caption"].startswith("A2KB"))
    assert [r[0] for r in summary["rows"][1:]] == ["low", "high"]
    # a third set at the high density but with surface forms: never on one line with the plain sets
    write(tmp_path / "sf.jsonl", g1, g2)
    _manifest(tmp_path / "sf.jsonl", 0.21, "star", surface_forms=True)
    assert bengal("score", "sf.jsonl", "sys.jsonl", "--json", "sf.json", cwd=tmp_path).returncode == 0
    assert bengal("report", "high.json", "low.json", "sf.json", "-o", "r3.html", cwd=tmp_path).returncode == 0
    text = (tmp_path / "r3.html").read_text(encoding="utf-8")
    assert "one line per system and surface forms (sets that differ in more than density are never joined)" in text
    # an unreadable manifest is a warning, and the score goes on without set details
    (tmp_path / "low.jsonl.manifest.json").write_text("{not json")
    proc = bengal("score", "low.jsonl", "sys.jsonl", "--json", "bad.json", cwd=tmp_path)
    assert proc.returncode == 0 and "low.jsonl.manifest.json is unreadable" in proc.stderr
    assert json.loads((tmp_path / "bad.json").read_text())["set_info"] is None


def test_chunk_results_are_reported(tmp_path):
    gold = "EU B-ORG\nrejects O\nGerman B-MISC\ncall O\n\nPeter B-PER\nBlackburn I-PER\n"
    pred = "EU B-ORG\nrejects O\nGerman O\ncall O\n\nPeter B-PER\nBlackburn B-PER\n"
    (tmp_path / "g.conll").write_text(gold)
    (tmp_path / "p.conll").write_text(pred)
    proc = bengal("score", "g.conll", "p.conll", "--system-name", "tagger", "--json", "c.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert bengal("report", "c.json", "-o", "c.html", cwd=tmp_path).returncode == 0
    page = parse(tmp_path / "c.html")
    summary = next(t for t in page.tables if t["caption"].startswith("NER chunks"))
    # gold chunks: EU/ORG, German/MISC, Peter Blackburn/PER; predicted: EU/ORG, Peter/PER, Blackburn/PER
    # TP 1, FP 2, FN 2: P = R = F1 = 1/3
    row = summary["rows"][1]
    assert row[:2] == ["g", "tagger"] and row[2:5] == ["0.3333"] * 3 and row[7:10] == ["1", "2", "2"]


# --------------------------------------------------------------------------- bad inputs

@pytest.mark.parametrize("content, needles", [
    ('{"task": "a2kb",\n "micro": }', ["bad.json:2:11", "not JSON"]),
    ("[1, 2]", ["bad.json", "top level is a JSON list"]),
    ('{"micro": {}}', ["bad.json", 'no "task" key']),
    ('{"task": "semeval", "overall": {}}', ["bad.json", "a semeval result"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1}}',
     ["bad.json", "micro.f1 is missing"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1, "f1": 1}, '
     '"errors": {"documents": [{"text": "abc", "gold": [{"begin": 2, "end": 9}], "prediction": []}]}}',
     ["bad.json", "errors.documents[0].gold[0] has no span inside the text"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1, "f1": 1}, '
     '"errors": {"documents": [{"text": "XXabc", "gold": [{"begin": 0, "end": 3, "surface": "abc"}], '
     '"prediction": []}]}}',
     ["bad.json", "errors.documents[0].gold[0]: surface 'abc' is not the text at [0,3) ('XXa')"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1, "f1": 1}, '
     '"errors": {"documents": [{"text": "abc", "fp": "two", "gold": [], "prediction": []}]}}',
     ["bad.json", "errors.documents[0].fp is missing or not a number"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1, "f1": 1}, '
     '"set_info": {"density": "high"}}', ["bad.json", "set_info.density is missing or not a number"]),
    ('{"task": "a2kb", "micro": {"tp": 1, "fp": 0, "fn": 0, "precision": 1, "recall": 1, "f1": 1}, '
     '"ee": {"macro": {}}}', ["bad.json", "ee.micro is not an object"]),
])
def test_bad_result_files_are_one_line_errors_and_write_nothing(tmp_path, content, needles):
    (tmp_path / "bad.json").write_text(content)
    (tmp_path / "old.html").write_text("keep me")
    proc = bengal("report", "bad.json", "-o", "old.html", cwd=tmp_path)
    assert proc.returncode == 1
    assert_one_line_error(proc, *needles)
    assert (tmp_path / "old.html").read_text() == "keep me"  # no partial output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "old.html"]


def test_two_results_of_one_system_and_set_are_a_usage_error(runs, tmp_path):
    proc = bengal("report", str(runs / "weak.json"), str(runs / "weak.json"), "-o", str(tmp_path / "x.html"),
                  cwd=tmp_path)
    assert proc.returncode == 2
    assert_one_line_error(proc, "both hold A2KB of system 'weak' on set 'gold'", "--system-name")
    assert not (tmp_path / "x.html").exists()


def test_missing_result_file_and_no_result(tmp_path):
    proc = bengal("report", "nope.json", "-o", "x.html", cwd=tmp_path)
    assert proc.returncode == 1
    assert_one_line_error(proc, "No such file", "nope.json")
    proc = bengal("report", "-o", "x.html", cwd=tmp_path)
    assert proc.returncode == 2 and "RESULTS" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "x.html").exists()


# --------------------------------------------------------------------------- in a real browser

@pytest.fixture(scope="module")
def browser():
    from browser import launch_chromium

    with launch_chromium() as b:
        yield b


def _check_page(load, shot: Path) -> None:
    assert load.problems == []
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    assert "Summary" in load.text and "Error browser" in load.text


CONTROLS = """(() => {
  const panels = () => [...document.querySelectorAll('section.panel')].map(p => p.hidden);
  const before = panels();
  const select = document.getElementById('result-select');
  select.value = select.options[1].value;
  select.dispatchEvent(new Event('change'));
  const after = panels();
  const box = document.getElementById('open-all');
  box.click();
  const open = [...document.querySelectorAll('details.doc')].every(d => d.open);
  return {ready: document.body.dataset.ready, before, after, open,
          images: [...document.images].every(i => i.complete && i.naturalWidth > 0)};
})()"""


def test_page_loads_in_chromium_from_a_file(runs, browser):
    from browser import load_page

    shot = runs / "report.png"
    load = load_page((runs / "report.html").resolve().as_uri(), shot, evaluate=CONTROLS, browser=browser)
    _check_page(load, shot)
    # the script ran; the selector shows one result's panel at a time; "open all" opens every document
    assert load.value == {"ready": "yes", "before": [False, True], "after": [True, False], "open": True,
                          "images": True}


def test_page_loads_in_chromium_from_a_loopback_server(runs, browser):
    from browser import load_page

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(runs))
    handler.log_message = lambda *a, **k: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        shot = runs / "report-http.png"
        url = f"http://127.0.0.1:{server.server_address[1]}/report.html"
        load = load_page(url, shot, evaluate="document.body.dataset.ready", browser=browser)
    finally:
        server.shutdown()
        server.server_close()
    _check_page(load, shot)
    assert load.value == "yes"


def test_errors_option_caps_the_documents_not_the_kinds(runs, tmp_path):
    proc = bengal("score", str(runs / "gold.jsonl"), str(runs / "weak.jsonl"), "--errors", "0",
                  "--json", str(tmp_path / "e0.json"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    errors = json.loads((tmp_path / "e0.json").read_text())["errors"]
    assert errors["shown"] == 0 and errors["limit"] == 0 and errors["documents"] == []
    assert errors["documents_with_errors"] == 1 and errors["kinds"] == {"wrong_uri": 2, "boundary": 2}
    assert bengal("report", "e0.json", "-o", "e0.html", cwd=tmp_path).returncode == 0
    page = (tmp_path / "e0.html").read_text(encoding="utf-8")
    assert "Documents with errors: 1; the result holds none of them in full" in page
    proc = bengal("score", str(runs / "gold.jsonl"), str(runs / "weak.jsonl"), "--errors", "-1", cwd=tmp_path)
    assert proc.returncode == 2 and "--errors" in proc.stderr and "Traceback" not in proc.stderr


def test_outputs_never_overwrite_inputs_and_bad_json_paths_fail_before_scoring(runs, tmp_path):
    before = (runs / "weak.json").read_bytes()
    proc = bengal("report", "weak.json", "-o", "weak.json", cwd=runs)
    assert proc.returncode == 2
    assert_one_line_error(proc, "cannot write weak.json: it is also an input")
    assert (runs / "weak.json").read_bytes() == before
    gold = (runs / "gold.jsonl").read_bytes()
    proc = bengal("score", "gold.jsonl", "weak.jsonl", "--json", "gold.jsonl", cwd=runs)
    assert proc.returncode == 2 and proc.stdout == ""  # refused before scoring: no table printed
    assert_one_line_error(proc, "cannot write gold.jsonl: it is also an input")
    assert (runs / "gold.jsonl").read_bytes() == gold
    proc = bengal("score", "gold.jsonl", "weak.jsonl", "--json", str(tmp_path / "nope" / "r.json"), cwd=runs)
    assert proc.returncode == 2 and proc.stdout == ""
    assert_one_line_error(proc, f"cannot write {tmp_path / 'nope' / 'r.json'}: the folder", "does not exist")


def test_report_to_stdout(runs):
    proc = bengal("report", "weak.json", "strong.json", "-o", "-", cwd=runs)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("<!DOCTYPE html>") and proc.stdout == (runs / "report.html").read_text(
        encoding="utf-8")
    assert not (runs / "-").exists()


def test_results_without_labels_are_named_after_their_inputs(runs, tmp_path):
    for name in ("weak", "strong"):
        data = json.loads((runs / f"{name}.json").read_text())
        del data["system"], data["set"]
        (tmp_path / f"old-{name}.json").write_text(json.dumps(data))
    assert bengal("report", "old-weak.json", "old-strong.json", "-o", "r.html", cwd=tmp_path).returncode == 0
    summary = next(t for t in parse(tmp_path / "r.html").tables if t["caption"].startswith("A2KB"))
    # inputs.prediction.path weak.jsonl / strong.jsonl, inputs.gold.path gold.jsonl
    assert sorted((r[0], r[1]) for r in summary["rows"][1:]) == [("gold", "strong"), ("gold", "weak")]


def test_a_pretty_printed_json_is_not_taken_for_json_lines(runs):
    proc = bengal("score", "gold.jsonl", "weak.json", cwd=runs)
    assert proc.returncode == 1
    assert_one_line_error(proc, "weak.json:1", "an indented JSON file, e.g. a bengal score --json result")
