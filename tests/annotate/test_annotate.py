"""bengal annotate: the baseline on a hand-made KB slice, GERBIL's NIF web-service protocol against
real HTTP servers on 127.0.0.1 (the baseline served by bengal.annotate.make_server, and small bad
servers, one per failure kind), the abort rule, --jobs, the CLI.

Every expected value is worked out by hand from the KB slice below."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import REPO, default_ctrl_c

from bengal.annotate import NifWebService, annotate_corpus, make_server
from bengal.annotate.baseline import build_dictionary, load_baseline, surface_form
from bengal.annotate.webservice import document_to_nif
from bengal.cli import main
from bengal.io import read_corpus, write_corpus
from bengal.kb.store import open_kb
from bengal.model import Corpus, Document, Mention

R = "http://dbpedia.org/resource/"
O = "http://dbpedia.org/ontology/"  # noqa: E741 - the dbo: prefix in the KB slice below
LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>"
ALT = "<http://www.w3.org/2004/02/skos/core#altLabel>"
TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"

# Paris (the city): 1 edge (→ France).   Paris (band): 3 edges (→ Rock music, → Lyon_(album), → Drum).
# So on its own "Paris" goes to the band (prior log 4 > log 2); beside "France" to the city
# (log 2 + 2 × 1 = 2.69 > log 4 = 1.39).
SLICE = f"""
<{R}Paris> {LABEL} "Paris"@en .
<{R}Paris> {TYPE} <{O}City> .
<{R}Paris> {TYPE} <{O}Place> .
<{R}Paris> <{O}country> <{R}France> .
<{R}France> {LABEL} "France"@en .
<{R}France> {TYPE} <{O}Place> .
<{R}Paris_(band)> {LABEL} "Paris (band)"@en .
<{R}Paris_(band)> {TYPE} <{O}Organisation> .
<{R}Paris_(band)> <{O}genre> <{R}Rock_music> .
<{R}Paris_(band)> <{O}album> <{R}Lyon_(album)> .
<{R}Paris_(band)> <{O}instrument> <{R}Drum> .
<{R}Rock_music> {LABEL} "Rock music"@en .
<{R}Drum> {LABEL} "Drum"@en .
<{R}Canada> {LABEL} "Canada"@en .
<{R}Canada> {ALT} "Canada."@en .
<{R}World_War_I> {LABEL} "World War I"@en .
<{R}New_York> {LABEL} "New York"@en .
<{R}New_York_City> {LABEL} "New York City"@en .
<{R}New_York_City> {ALT} "NYC"@en .
<{R}New_York_City> {ALT} "Big Apple" .
<{R}New_York_City> {LABEL} "Nueva York"@es .
<{R}New_York_City> {ALT} "NY City"@fr .
<{R}Abbey> {LABEL} "abbey"@en .
<{R}Twenty-one> {LABEL} "21"@en .
<{O}Place> {LABEL} "Place"@en .
"""


@pytest.fixture(scope="module")
def kb_slice(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("kb") / "slice.nt"
    path.write_text(SLICE.strip() + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def baseline(kb_slice):
    return load_baseline(kb_path=kb_slice)


def spans(doc: Document) -> list[tuple[int, int, str, str | None]]:
    return [(m.begin, m.end, next(iter(m.uris)), m.type) for m in doc.mentions]


def test_surface_form_drops_the_disambiguation_parenthesis():
    assert surface_form("Paris (band)") == "Paris"
    assert surface_form("Paris") == "Paris"
    assert surface_form("(band)") == "(band)"


def test_dictionary_from_the_slice(kb_slice):
    d = build_dictionary(open_kb(kb_slice))
    assert d.candidates["Paris"] == (R + "Paris", R + "Paris_(band)")
    assert d.candidates["NYC"] == (R + "New_York_City",)
    # English and untagged names only: the baseline reads English text
    assert d.candidates["Big Apple"] == (R + "New_York_City",)
    assert "Nueva York" not in d.candidates and "NY City" not in d.candidates
    assert "abbey" not in d.candidates and "21" not in d.candidates and "Place" not in d.candidates
    assert d.degree[R + "Paris"] == 1 and d.degree[R + "Paris_(band)"] == 3 and d.degree[R + "France"] == 1
    assert d.types[R + "Paris"] == O + "Place" and d.types[R + "Paris_(band)"] == O + "Organisation"


def test_baseline_prior_coherence_longest_match_and_word_edges(baseline):
    text = "Paris lies in France."
    assert spans(baseline.annotate(Document("http://x/1", text))) == [
        (0, 5, R + "Paris", O + "Place"), (14, 20, R + "France", O + "Place")]
    text = "Paris played in Lyon."
    assert spans(baseline.annotate(Document("http://x/2", text))) == [(0, 5, R + "Paris_(band)", O + "Organisation")]
    text = "New York City, or NYC, has an abbey, a 21-man team and a Drum-kit."
    assert spans(baseline.annotate(Document("http://x/3", text))) == [
        (0, 13, R + "New_York_City", None), (18, 21, R + "New_York_City", None)]
    assert spans(baseline.annotate(Document("http://x/4", "A Drum."))) == [(2, 6, R + "Drum", None)]
    # the sentence's period is not part of a name: "Canada." (an altLabel) and "I." (a tokenizer exception)
    assert spans(baseline.annotate(Document("http://x/5", "He left Canada."))) == [(8, 14, R + "Canada", None)]
    assert spans(baseline.annotate(Document("http://x/6", "It ended World War I."))) == [
        (9, 20, R + "World_War_I", None)]


def _corpus(*texts: str) -> Corpus:
    return Corpus(tuple(Document(f"http://example.org/doc{i}", t) for i, t in enumerate(texts)), name="t")


class _Served:
    """A ThreadingHTTPServer on 127.0.0.1 (free port) in a daemon thread, shut down on exit."""

    def __init__(self, server: ThreadingHTTPServer) -> None:
        self.server = server
        self.url = f"http://127.0.0.1:{server.server_address[1]}/"

    def __enter__(self) -> "_Served":
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


def _bad_server(answer) -> ThreadingHTTPServer:
    """A server that reads the NIF request and answers ``answer(document) → (status, content type, body)``."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            doc = read_corpus_bytes(body).documents[0]
            status, ctype, payload = answer(doc)
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    return server


def read_corpus_bytes(body: bytes) -> Corpus:
    from bengal.io.nif import read_nif

    return read_nif(body, syntax="turtle")


TEXTS = ("Paris lies in France.", "Paris played in Lyon.", "NYC is big.", "Nothing here.")


def test_baseline_served_over_loopback_matches_the_hand_values(baseline):
    with _Served(make_server(baseline.annotate)) as served:
        for jobs in (1, 3):
            pred, report = annotate_corpus(_corpus(*TEXTS), NifWebService(served.url, timeout=10).annotate,
                                           system=served.url, jobs=jobs)
            assert report.annotated == 4 and report.errors == {} and not report.aborted
            got = [spans(d) for d in pred.documents]
            assert got == [[(0, 5, R + "Paris", O + "Place"), (14, 20, R + "France", O + "Place")],
                           [(0, 5, R + "Paris_(band)", O + "Organisation")],
                           [(0, 3, R + "New_York_City", None)],
                           []]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _html(doc):
    return 200, "text/html", b"<!DOCTYPE html><html><body>Internal error</body></html>"


def _other(doc):
    return 200, "application/x-turtle", document_to_nif(Document("http://example.org/someone-else", doc.text))


def _changed(doc):
    return 200, "application/x-turtle", document_to_nif(Document(doc.uri, doc.text.upper()))


@pytest.mark.parametrize("answer, reason", [(_html, "not-nif"), (_other, "other-document"),
                                            (_changed, "text-changed"), (None, "unreachable")])
def test_each_bad_system_is_counted_and_the_abort_rule_fires(answer, reason):
    # 4 documents: the abort rule fires once failures exceed 4 / 4 = 1, i.e. after the 2nd document;
    # the last 2 are never sent.
    corpus = _corpus(*TEXTS)
    if answer is None:
        url = f"http://127.0.0.1:{_free_port()}/"  # nothing listens there
        pred, report = annotate_corpus(corpus, NifWebService(url, timeout=5, retries=1, backoff=0.01).annotate,
                                       system=url)
    else:
        with _Served(_bad_server(answer)) as served:
            results = [annotate_corpus(corpus, NifWebService(served.url, timeout=5, retries=0).annotate,
                                       system="bad", jobs=jobs) for jobs in (1, 4)]
        (pred, report), (pred4, report4) = results
        assert report4.errors == report.errors and [d.uri for d in pred4.documents] == []
    assert len(pred) == 0
    assert report.errors == {reason: 2, "aborted": 2} and report.aborted and report.failed == 4
    assert [f[0] for f in report.failures] == [d.uri for d in corpus.documents]


def test_one_failing_document_is_a_missing_prediction_without_abort(baseline):
    def flaky(doc):
        if doc.uri.endswith("doc1"):
            return 503, "text/plain", b"busy"
        return 200, "application/x-turtle", document_to_nif(baseline.annotate(doc))

    with _Served(_bad_server(flaky)) as served:
        pred, report = annotate_corpus(_corpus(*TEXTS), NifWebService(served.url, retries=1, backoff=0.01).annotate,
                                       system="flaky", jobs=2)
    assert report.errors == {"http-503": 1} and not report.aborted and report.annotated == 3
    assert [d.uri for d in pred.documents] == ["http://example.org/doc0", "http://example.org/doc2",
                                               "http://example.org/doc3"]


@pytest.mark.parametrize("failing, aborted_after", [((1, 3), None), ((0, 1, 2), 3)])
def test_the_abort_limit_is_a_quarter_rounded_up(baseline, failing, aborted_after):
    # 5 documents: GERBIL tolerates ceil(5 / 4) = 2 failures; the 3rd aborts the run.
    def some_fail(doc):
        if int(doc.uri.rsplit("doc", 1)[1]) in failing:
            return 200, "text/html", b"<html></html>"
        return 200, "application/x-turtle", document_to_nif(baseline.annotate(doc))

    corpus = _corpus(*TEXTS, "France.")
    with _Served(_bad_server(some_fail)) as served:
        pred, report = annotate_corpus(corpus, NifWebService(served.url, retries=0).annotate, system="s")
    if aborted_after is None:
        assert report.errors == {"not-nif": 2} and not report.aborted and len(pred) == 3
    else:
        assert report.errors == {"not-nif": 3, "aborted": 2} and report.aborted and len(pred) == 0


def test_a_slow_system_times_out():
    release = threading.Event()

    def slow(doc):
        release.wait(5)
        return 200, "application/x-turtle", document_to_nif(doc)

    with _Served(_bad_server(slow)) as served:
        try:
            _, report = annotate_corpus(_corpus("Paris."), NifWebService(served.url, timeout=0.2, retries=0).annotate,
                                        system="slow", abort_rule=False)
        finally:
            release.set()
    assert report.errors == {"timeout": 1}


def test_cli_baseline_and_url_and_jobs(kb_slice, baseline, tmp_path):
    gold = Corpus(tuple(Document(f"http://example.org/doc{i}", t,
                                 (Mention.in_text(t, 0, 5, {R + "Paris"}),) if t.startswith("Paris") else ())
                        for i, t in enumerate(TEXTS)), name="gold")
    write_corpus(gold, tmp_path / "gold.ttl")
    assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", "baseline", "--kb", str(kb_slice),
                 "-o", str(tmp_path / "p1.ttl"), "--no-progress"]) == 0
    assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", "baseline", "--kb", str(kb_slice),
                 "-o", str(tmp_path / "p3.ttl"), "--jobs", "3", "--progress"]) == 0
    assert (tmp_path / "p1.ttl").read_bytes() == (tmp_path / "p3.ttl").read_bytes()
    pred = read_corpus(tmp_path / "p1.ttl")
    assert [len(d.mentions) for d in pred.documents] == [2, 1, 1, 0]
    with _Served(make_server(baseline.annotate)) as served:
        assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", served.url, "-o",
                     str(tmp_path / "pu.jsonl"), "--report-json", str(tmp_path / "r.json")]) == 0
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["documents"] == 4 and report["annotated"] == 4 and report["errors"] == {}
    assert report["seconds_max"] >= report["seconds_median"] >= 0
    assert [len(d.mentions) for d in read_corpus(tmp_path / "pu.jsonl").documents] == [2, 1, 1, 0]
    url = f"http://127.0.0.1:{_free_port()}/"
    # every document failed: the abort rule fires; the output and its report are written, then exit 1
    assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", url, "--retries", "0",
                 "-o", str(tmp_path / "down.ttl"), "--report-json", str(tmp_path / "d.json")]) == 1
    down = json.loads((tmp_path / "d.json").read_text())
    assert down["errors"] == {"unreachable": 2, "aborted": 2} and down["annotated"] == 0
    assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", "nonsense", "-o", str(tmp_path / "x.ttl")]) == 2
    assert not (tmp_path / "x.ttl").exists() and not (tmp_path / "x.ttl.manifest.json").exists()
    # the output may not be the corpus itself
    gold_bytes = (tmp_path / "gold.ttl").read_bytes()
    assert main(["annotate", str(tmp_path / "gold.ttl"), "--system", "baseline", "--kb", str(kb_slice),
                 "-o", str(tmp_path / "gold.ttl")]) == 2
    assert (tmp_path / "gold.ttl").read_bytes() == gold_bytes
    # each output has its manifest: the system and the run report; bengal score names the system after it
    manifest = json.loads((tmp_path / "down.ttl.manifest.json").read_text())
    assert manifest["system"] == url and manifest["output"] == {"file": "down.ttl", "format": "nif"}
    assert manifest["run"] == down and manifest["corpus"] == str(tmp_path / "gold.ttl")
    assert json.loads((tmp_path / "p1.ttl.manifest.json").read_text())["system"] == "baseline"
    assert main(["score", str(tmp_path / "gold.ttl"), str(tmp_path / "p1.ttl"),
                 "--json", str(tmp_path / "s.json")]) == 0
    scored = json.loads((tmp_path / "s.json").read_text())
    assert scored["system"] == "baseline" and scored["set"] == "gold"
    assert main(["score", str(tmp_path / "gold.ttl"), str(tmp_path / "down.ttl"), "--system-name", "down",
                 "--json", str(tmp_path / "s2.json")]) == 0
    scored = json.loads((tmp_path / "s2.json").read_text())
    # the given name wins; the two unreachable and two aborted documents are missing predictions
    assert scored["system"] == "down"
    assert sum(w["code"] == "missing_document" for w in scored["warnings"]) == 4


def test_spacy_system_from_a_pipeline_saved_by_the_test(tmp_path):
    import spacy

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([{"label": "PERSON", "pattern": "Ada Lovelace"}, {"label": "GPE", "pattern": "London"},
                        {"label": "DATE", "pattern": "1815"}])
    nlp.to_disk(tmp_path / "model")
    gold = Corpus((Document("http://example.org/d", "Ada Lovelace was born in London in 1815."),), name="g")
    write_corpus(gold, tmp_path / "g.ttl")
    assert main(["annotate", str(tmp_path / "g.ttl"), "--system", f"spacy:{tmp_path / 'model'}",
                 "-o", str(tmp_path / "p.jsonl")]) == 0
    (doc,) = read_corpus(tmp_path / "p.jsonl").documents
    assert [(m.begin, m.end, m.type, m.uris) for m in doc.mentions] == [(0, 12, "PER", frozenset()),
                                                                         (25, 31, "LOC", frozenset())]
    assert main(["annotate", str(tmp_path / "g.ttl"), "--system", f"spacy:{tmp_path / 'none'}",
                 "-o", str(tmp_path / "q.jsonl")]) == 1


@pytest.mark.parametrize("stop, name", [("SIGINT", "Ctrl-C"), ("SIGTERM", "SIGTERM")])
def test_bengal_serve_command_answers_the_protocol(kb_slice, tmp_path, stop, name):
    import os
    import signal
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "bengal", "serve", "--kb", str(kb_slice), "--port", "0"],
                            stderr=subprocess.PIPE, env=env,
                            preexec_fn=default_ctrl_c)
    try:
        said = []  # what the load said while it waited, then "serving baseline on http://127.0.0.1:PORT/ …"
        line = proc.stderr.readline().decode()  # (EOF if it died)
        while line.startswith("bengal: "):
            said.append(line)
            line = proc.stderr.readline().decode()
        assert said[0] == "bengal: loading baseline before listening on 127.0.0.1:0\n", said
        assert any(s.startswith("bengal: baseline ready") for s in said), said
        assert line.startswith("serving baseline on http://127.0.0.1:"), line
        url = line.split(" on ", 1)[1].split()[0]
        got = NifWebService(url, timeout=10, retries=0).annotate(
            Document("http://example.org/q", "Paris lies in France."))
        assert spans(got) == [(0, 5, R + "Paris", O + "Place"), (14, 20, R + "France", O + "Place")]
        # a server's stop (Ctrl-C at a terminal, SIGTERM from systemd, docker or kill) is its normal end:
        # exit 0 and one line saying so, not "error: terminated" and 143
        proc.send_signal(getattr(signal, stop))
        assert proc.wait(timeout=20) == 0
        assert proc.stderr.read().decode() == f"bengal: serve stopped ({name})\n"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def test_a_cached_dictionary_made_by_other_code_is_not_reused(kb_slice, tmp_path, monkeypatch):
    import pickle

    from bengal.annotate import baseline as baseline_module

    monkeypatch.setenv("BENGAL_CACHE", str(tmp_path))
    monkeypatch.setattr(baseline_module, "_LOADED", {})
    load_baseline(kb_path=kb_slice)
    first = sorted(tmp_path.glob("baseline-dictionary-*.pickle"))
    assert len(first) == 1 and baseline_module._code_digest() in first[0].name
    # another build of the code: a stale dictionary planted under the old name is never read
    (first[0]).write_bytes(pickle.dumps("stale"))
    monkeypatch.setattr(baseline_module, "_code_digest", lambda: "othercode")
    monkeypatch.setattr(baseline_module, "_LOADED", {})
    fresh = load_baseline(kb_path=kb_slice)
    assert len(sorted(tmp_path.glob("baseline-dictionary-*othercode*.pickle"))) == 1
    doc = Document("http://example.org/d", "Paris is big.", ())
    assert fresh.annotate(doc).mentions  # a real dictionary, not the planted string
