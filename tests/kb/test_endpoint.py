"""Remote SPARQL endpoints (``--endpoint``) against a real Oxigraph server on loopback.

One ``oxigraph serve-read-only`` process for the module, loaded with the bundled
DBpedia sample (default graph) and a three-triple graph (named graph ``GRAPH``);
127.0.0.1 only, a free port, stopped at the end. Failures a real server will
not produce on demand (5xx, slow answers, a Virtuoso-style row cap) come from a
small HTTP proxy in front of it, also on loopback. Expected values come from the
embedded store (``bengal.kb.store``) or are written here by hand.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest
from cli_helpers import assert_one_line_error, bengal

from bengal.errors import InputError, UsageError
from bengal.generate.config import DEFAULT_CLASSES, expand_class
from bengal.generate.kbview import load_ontology, seed_candidates
from bengal.kb import open_source, remote_source
from bengal.kb.endpoint import RemoteKB, binds_every_variable, projection, split_query
from bengal.kb.sparql import PREFIXES, values
from bengal.kb.store import bundled_sample_path

from test_store_limits import TINY_REFUSED  # isort: skip

GRAPH = "http://example.org/graph/small"
SMALL_GRAPH = """<http://example.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "A"@en .
<http://example.org/a> <http://example.org/p> <http://example.org/b> .
<http://example.org/b> <http://www.w3.org/2000/01/rdf-schema#label> "B \\"quoted\\" }"@en .
"""
SUBCLASS_QUERY = PREFIXES + "SELECT ?c ?super WHERE { ?c rdfs:subClassOf ?super . }"
TOWN_QUERY = PREFIXES + "# towns\nSELECT ?s WHERE { ?s a dbo:Town }"  # 2,641 rows in the bundled sample
BAD_GRAPH = "http://example.org/graph/bad-iris"
#: Loaded with ``oxigraph load --lenient``: three IRIs no SPARQL query can name, one good.
BAD_IRIS = """<http://example.org/ok> <http://www.w3.org/2000/01/rdf-schema#label> "ok" .
<http://example.org/bad name> <http://www.w3.org/2000/01/rdf-schema#label> "space" .
<http://example.org/q"x> <http://www.w3.org/2000/01/rdf-schema#label> "quote" .
<http://example.org/100%zz> <http://www.w3.org/2000/01/rdf-schema#label> "percent" .
"""

#: The tiny KB with two labels holding control characters (``test_store_limits.TINY_REFUSED``).
REFUSED_GRAPH = "http://example.org/graph/refused-labels"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_read_only(exe: str, db: Path, folder: Path) -> Iterator[str]:
    """A real ``oxigraph serve-read-only`` of the store ``db`` on a free port of 127.0.0.1, its log in
    ``folder / "server.log"``: yields the query URL once the server answers (fails the test after
    30 s), and stops the server after."""
    port = free_port()
    log = open(folder / "server.log", "wb")
    proc = subprocess.Popen([exe, "serve-read-only", "--location", str(db), "--bind", f"127.0.0.1:{port}"],
                            stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/query"
    try:
        for _ in range(300):  # at most ~30 s
            if proc.poll() is not None:
                pytest.fail(f"oxigraph serve-read-only exited: {(folder / 'server.log').read_text()}")
            try:
                with urllib.request.urlopen(f"{url}?query=ASK%7B%7D", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("oxigraph serve-read-only did not answer within 30 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


def oxigraph_cli() -> str:
    """The ``oxigraph`` executable of the test extra (beside this Python, else on PATH)."""
    beside = Path(sys.executable).parent / "oxigraph"
    found = str(beside) if beside.is_file() else shutil.which("oxigraph")
    if not found:
        pytest.fail("the oxigraph CLI is missing: pip install -e '.[test]' installs it")
    return found


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """URL of a read-only Oxigraph SPARQL endpoint holding the bundled sample (and ``GRAPH``)."""
    exe = oxigraph_cli()
    tmp = tmp_path_factory.mktemp("oxigraph")
    db = tmp / "db"
    small = tmp / "small.nt"
    small.write_text(SMALL_GRAPH, encoding="utf-8")
    subprocess.run([exe, "load", "--location", str(db), "--file", str(bundled_sample_path())],
                   check=True, capture_output=True, timeout=300)
    subprocess.run([exe, "load", "--location", str(db), "--file", str(small), "--graph", GRAPH],
                   check=True, capture_output=True, timeout=60)
    bad = tmp / "bad.nt"
    bad.write_text(BAD_IRIS, encoding="utf-8")
    subprocess.run([exe, "load", "--location", str(db), "--file", str(bad), "--graph", BAD_GRAPH, "--lenient"],
                   check=True, capture_output=True, timeout=60)
    refused = tmp / "refused.nt"
    refused.write_text(TINY_REFUSED, encoding="utf-8")
    subprocess.run([exe, "load", "--location", str(db), "--file", str(refused), "--graph", REFUSED_GRAPH],
                   check=True, capture_output=True, timeout=60)
    with serve_read_only(exe, db, tmp) as url:
        yield url


class _Proxy(BaseHTTPRequestHandler):
    """Forwards SPARQL requests to ``server.upstream``; misbehaves as ``server`` says (see ``proxy``)."""

    def _handle(self) -> None:
        srv = self.server
        with srv.lock:
            srv.count += 1
            n = srv.count
            srv.times.append(time.monotonic())
            srv.methods.append(self.command)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)) if self.command == "POST" else None
        if n <= srv.fail_first:
            if srv.delay:
                time.sleep(srv.delay)
            else:
                self._send(srv.fail_status, srv.fail_body, "text/plain", srv.fail_headers)
                return
        if srv.get_limit is not None and self.command == "GET" and len(self.path) > srv.get_limit:
            self._send(414, b"Request-URI Too Long", "text/plain", {})
            return
        form = dict(urllib.parse.parse_qsl(body.decode("utf-8") if body else self.path.partition("?")[2]))
        text = form.get("query", "")
        srv.queries.append(text)
        if srv.refuse is not None and re.search(srv.refuse, text):
            self._send(400, b"query refused by the proxy", "text/plain", {})
            return
        if srv.shuffle:  # a server that loses the order between pages
            form["query"] = re.sub(r"ORDER BY( \?\w+)+", "ORDER BY RAND()", text)
        data = urllib.parse.urlencode(form).encode("utf-8")
        req = urllib.request.Request(srv.upstream, data=data, method="POST",
                                     headers={"Accept": "application/sparql-results+json",
                                              "Content-Type": "application/x-www-form-urlencoded"})
        with urllib.request.urlopen(req, timeout=60) as up:
            answer = json.loads(up.read())
        rows = answer["results"]["bindings"]
        extra = {}
        offset = re.search(r"OFFSET (\d+)\s*$", text)
        if srv.max_offset is not None and offset and int(offset.group(1)) >= srv.max_offset:
            rows[:] = []  # a server that stops paging silently past some offset
        if srv.cap is not None and len(rows) > srv.cap:
            rows[srv.cap:] = []
            extra["X-SPARQL-MaxRows"] = str(srv.cap)  # what Virtuoso says when it cuts an answer
        if srv.silent_cap is not None and len(rows) > srv.silent_cap:
            rows[srv.silent_cap:] = []  # what DBpedia's public endpoint does: no word of it
        if srv.mangle is not None:  # a server whose answer is JSON but not SPARQL results
            srv.mangle(answer)
        status = 200
        if n <= srv.partial_first:  # Virtuoso's answer at its time limit: half the rows, 206, X-SQL-State
            rows[len(rows) // 2:] = []
            status, extra["X-SQL-State"] = 206, "S1TAT"
        self._send(status, json.dumps(answer).encode("utf-8"), "application/sparql-results+json", extra)

    def _send(self, status: int, data: bytes, ctype: str, headers: dict) -> None:
        srv = self.server
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if srv.drip:
            try:
                for i in range(len(data)):  # one byte at a time: each read is quick, the answer never ends
                    self.wfile.write(data[i:i + 1])
                    self.wfile.flush()
                    time.sleep(srv.drip)
            except OSError:  # the client gave up
                return
        else:
            self.wfile.write(data)

    do_GET = do_POST = _handle

    def log_message(self, *args) -> None:  # quiet
        pass


_PROXY_DEFAULTS = {"fail_first": 0, "fail_status": 503, "fail_body": b"Service Unavailable", "fail_headers": {},
                   "delay": 0.0, "cap": None, "silent_cap": None, "max_offset": None, "shuffle": False,
                   "partial_first": 0, "get_limit": None, "drip": 0.0, "refuse": None, "mangle": None}


@pytest.fixture
def proxy(server):
    """``make(**behaviour) -> (url, httpd)``: a loopback proxy to ``server``. Behaviour (defaults in
    ``_PROXY_DEFAULTS``): the first ``fail_first`` requests wait ``delay`` s, or get ``fail_status``
    with ``fail_body`` and ``fail_headers``; ``cap`` cuts answers and says so (X-SPARQL-MaxRows),
    ``silent_cap`` cuts them without a word; ``max_offset``: pages at or past that OFFSET come back
    empty; ``shuffle``: pages are ordered by RAND(); the first ``partial_first`` answers are 206
    with half the rows; a GET longer than ``get_limit`` gets 414; ``drip``: seconds between the
    bytes of every answer; ``refuse``: a regular expression, queries matching it get 400; ``mangle``: a
    function that edits each parsed answer before it is sent. ``httpd``
    records ``count``, ``times``, ``methods`` and ``queries``."""
    started = []

    def make(**behaviour):
        unknown = set(behaviour) - set(_PROXY_DEFAULTS)
        assert not unknown, unknown
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Proxy)
        httpd.daemon_threads = True
        httpd.upstream, httpd.count, httpd.lock = server, 0, threading.Lock()
        httpd.times, httpd.methods, httpd.queries = [], [], []
        for key, value in {**_PROXY_DEFAULTS, **behaviour}.items():
            setattr(httpd, key, value)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        started.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}/query", httpd

    yield make
    for httpd in started:
        httpd.shutdown()
        httpd.server_close()


run = bengal  # the tests below call it run


# --- the query text ----------------------------------------------------------------------------------------

def test_projection_and_prologue_are_read():
    prologue, body = split_query("PREFIX a: <http://a/>\n# note\nBASE <http://b/>\nSELECT DISTINCT ?x WHERE {}")
    assert prologue.count("PREFIX") == 1 and body.startswith("SELECT DISTINCT")
    assert projection("SELECT DISTINCT ?s (COUNT(?x) AS ?n) $y WHERE { }") == ["s", "n", "y"]
    assert projection("SELECT ?a (CONCAT(STR(?b), \")\") AS ?c){ }") == ["a", "c"]
    assert projection("SELECT * WHERE { }") is None
    with pytest.raises(UsageError):
        split_query("ASK { ?s ?p ?o }")
    with pytest.raises(UsageError):
        projection("SELECT (COUNT(?x)) WHERE { }")


def test_options_are_checked_before_any_request():
    with pytest.raises(UsageError, match="--graph"):
        RemoteKB("http://127.0.0.1:9/sparql", graph="http://example.org/a b")
    with pytest.raises(UsageError, match="--endpoint"):
        RemoteKB("ftp://example.org/sparql")
    with pytest.raises(UsageError, match="not both"):
        open_source("kb.nt", endpoint="http://127.0.0.1:9/sparql")
    with pytest.raises(UsageError, match="--retries"):
        remote_source(retries=5)
    assert remote_source(timeout=5) is None  # --timeout also limits the embedded store's queries
    assert remote_source() is None
    kb = remote_source(endpoint="http://127.0.0.1:9/sparql", graph=GRAPH, page_size=5)
    assert (kb.snapshot, kb.checksum, kb.page_size, kb.requests) == (f"http://127.0.0.1:9/sparql graph {GRAPH}",
                                                                      None, 5, 0)


# --- answers equal the embedded store's -------------------------------------------------------------------

def test_paging_with_small_pages_gives_the_embedded_rows(server, bundled_kb):
    """755 subclass rows in pages of 100 (8 ordered pages after the first), an OPTIONAL with
    unbound values and an expression in pages of 7: the same rows as the embedded store."""
    kb = RemoteKB(server, page_size=100)
    want = bundled_kb.select(SUBCLASS_QUERY)
    got = kb.select(SUBCLASS_QUERY)
    assert len(want) > 700 and Counter(got) == Counter(want)
    assert kb.requests == 1 + -(-len(want) // 100) + (len(want) % 100 == 0)

    onto = load_ontology(bundled_kb)
    pool = seed_candidates(bundled_kb, onto, [expand_class(c) for c in DEFAULT_CLASSES])
    query = PREFIXES + f"""SELECT ?e ?label (STRLEN(?label) AS ?n) ?type WHERE {{ {values('e', pool[:40])}
        ?e rdfs:label ?label . FILTER(LANG(?label) = "en")
        OPTIONAL {{ ?e a ?type . FILTER(STRSTARTS(STR(?type), "http://dbpedia.org/ontology/Wik")) }} }}"""
    want = bundled_kb.select(query)
    got = RemoteKB(server, page_size=7).select(query)
    assert len(want) >= 40 and any(r[3] is None for r in want)
    assert Counter(got) == Counter(want)


def test_a_server_row_cap_is_followed(proxy, bundled_kb):
    """Behind a cap of 60 rows announced as Virtuoso does (X-SPARQL-MaxRows), pages of 1000
    still bring every row."""
    url, httpd = proxy(cap=60)
    kb = RemoteKB(url, page_size=1000)
    want = bundled_kb.select(SUBCLASS_QUERY)
    assert Counter(kb.select(SUBCLASS_QUERY)) == Counter(want)
    # one unordered try, then ordered pages: one cut at the cap, then pages of 60 to the short last one
    assert httpd.count == 1 + 1 + len(want) // 60


def test_graph_selects_the_named_graph(server):
    rows = RemoteKB(server, graph=GRAPH).select(
        "SELECT ?s ?o WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?o }")
    assert sorted(rows) == [("http://example.org/a", "A"), ("http://example.org/b", 'B "quoted" }')]
    assert sorted(RemoteKB(server, graph=GRAPH).select("SELECT * WHERE { ?s <http://example.org/p> ?o }")) == [
        ("http://example.org/b", "http://example.org/a")]  # SELECT *: the server's variable order (o, s)


# --- the corpus --------------------------------------------------------------------------------------------

def test_endpoint_gives_the_byte_identical_corpus(server, tmp_path):
    """`bengal generate` through the endpoint writes the very bytes the embedded store gives for the
    same seed. Pages of 100,000: the 94,257 seed candidates come in the first, unordered page (two
    ordered pages of 50,000 took Oxigraph 16 s each, ORDER BY over 94,257 IRIs; the ordered pages are
    test_paging_with_small_pages_gives_the_embedded_rows')."""
    args = ["generate", "--docs", "25", "--seed", "11", "-q"]
    a = run(*args, "-o", "embedded.ttl", cwd=tmp_path)
    assert a.returncode == 0, a.stderr
    # a generous time limit per query: the test checks the bytes, not the machine's speed (120 s failed on
    # a busy machine, issue 16)
    b = run(*args, "-o", "remote.ttl", "--endpoint", server, "--page-size", "100000", "--retries", "0",
            "--timeout", "1800", cwd=tmp_path)
    assert b.returncode == 0, b.stderr
    assert (tmp_path / "embedded.ttl").read_bytes() == (tmp_path / "remote.ttl").read_bytes()
    ma = json.loads((tmp_path / "embedded.ttl.manifest.json").read_text())
    mb = json.loads((tmp_path / "remote.ttl.manifest.json").read_text())
    assert mb["kb"] == {"source": server, "snapshot": server, "sha256": None, "skipped_iris": 0,
                        "refused_labels": ma["kb"]["refused_labels"]}
    assert ma["kb"]["source"] == "bundled"
    for key in ("corpus", "parameters", "gold_checks"):
        assert {k: v for k, v in ma[key].items() if k != "file"} == {k: v for k, v in mb[key].items() if k != "file"}


def test_refused_labels_are_counted_for_an_endpoint_as_for_the_embedded_store(server, proxy, tmp_path):
    """The tiny KB with Ulm's label holding a line feed and Bern's a NUL, served in REFUSED_GRAPH: the
    manifest counts 2 (Ulm and Bern, by hand; test_store_limits counts the same for the dump loaded
    embedded), and neither is mentioned. A server that refuses that one query over all labels does not
    undo the run: the count is null, with the server's error beside it."""
    args = ["generate", "--docs", "1", "--min-sentences", "3", "-q", "--graph", REFUSED_GRAPH, "--retries", "0"]
    proc = run(*args, "--endpoint", server, "-o", "out.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    kb = json.loads((tmp_path / "out.ttl.manifest.json").read_text())["kb"]
    assert (kb["refused_labels"], kb["skipped_iris"]) == (2, 0)
    text = (tmp_path / "out.ttl").read_text(encoding="utf-8")
    assert "resource/Ulm>" not in text and "resource/Bern>" not in text and "Donau" not in text
    url, httpd = proxy(refuse="labels holding control characters")
    proc = run(*args, "--endpoint", url, "-o", "refused.ttl", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    kb = json.loads((tmp_path / "refused.ttl.manifest.json").read_text())["kb"]
    assert kb["refused_labels"] is None
    assert "400" in kb["refused_labels_unknown"] and "\n" not in kb["refused_labels_unknown"]
    assert (tmp_path / "refused.ttl").read_bytes() == (tmp_path / "out.ttl").read_bytes()


def test_graph_without_the_sample_has_no_seeds(server, tmp_path):
    proc = run("generate", "--docs", "2", "-o", "x.ttl", "--endpoint", server, "--graph", GRAPH, cwd=tmp_path)
    assert_one_line_error(proc, "no seed")
    assert list(tmp_path.iterdir()) == []


# --- failures ----------------------------------------------------------------------------------------------

def test_5xx_is_retried_then_answers(proxy, bundled_kb):
    url, httpd = proxy(fail_first=2, fail_status=503)
    kb = RemoteKB(url, retries=2, backoff=0.01)
    assert Counter(kb.select(SUBCLASS_QUERY)) == Counter(bundled_kb.select(SUBCLASS_QUERY))
    assert httpd.count == 3


def test_5xx_beyond_the_retries_is_an_error(proxy):
    url, httpd = proxy(fail_first=100, fail_status=500)
    with pytest.raises(InputError, match=r"failed 2 times: HTTP 500"):
        RemoteKB(url, retries=1, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 2


def test_4xx_is_not_retried(proxy):
    url, httpd = proxy(fail_first=100, fail_status=403)
    with pytest.raises(InputError, match="HTTP 403"):
        RemoteKB(url, retries=3, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 1


def _first_term(answer: dict) -> tuple[dict, str]:
    rows = answer["results"]["bindings"]
    return rows[0], sorted(rows[0])[0]


def _set_value(value):
    def mangle(answer):
        row, var = _first_term(answer)
        row[var]["value"] = value
    return mangle


def _set_term(term):
    def mangle(answer):
        row, var = _first_term(answer)
        row[var] = term
    return mangle


def _set_solution(solution):
    def mangle(answer):
        answer["results"]["bindings"][0] = solution
    return mangle


def _set_head(answer):
    answer["head"]["vars"] = [1] + answer["head"]["vars"]


# JSON answers that are not SPARQL results (SPARQL 1.1 Query Results JSON Format, 3.2): each found by the
# fuzzer's endpoint class (benchmarks/fuzz.py) as a TypeError traceback in the ontology's reading
BAD_ANSWERS = [
    (_set_value(7), "binds ?"),
    (_set_value(None), "to {"),
    (_set_value(["x"]), "not an RDF term with a type and a string value"),
    (_set_term("http://dbpedia.org/ontology/Person"), 'to "http://dbpedia.org/ontology/Person"'),
    (_set_term({"type": "number", "value": "3"}), '"type": "number"'),
    (_set_term({"type": "uri"}), "not an RDF term"),
    (_set_term({"type": ["uri"], "value": "x"}), '"type": ["uri"]'),  # was: unhashable type 'list'
    (_set_solution([1, 2]), "solution 1 is [1, 2], not an object of variables"),
    (_set_solution("x" * 500), "solution 1 is \"xxx"),
    (_set_head, "a variable in the head is 1, not a name"),
]


@pytest.mark.parametrize("mangle,needle", BAD_ANSWERS)
def test_a_json_answer_that_is_not_sparql_results_is_one_line(proxy, tmp_path, mangle, needle):
    url, httpd = proxy(mangle=mangle)
    proc = bengal("generate", "--docs", "1", "-q", "--retries", "0", "--endpoint", url, "-o", "out.ttl", cwd=tmp_path)
    assert_one_line_error(proc, url, "not SPARQL JSON results", needle)
    assert proc.returncode == 1 and len(proc.stderr) < 400, proc.stderr
    assert not list(tmp_path.iterdir())  # nothing written


def _drop_variable(answer):
    row, var = _first_term(answer)
    del row[var]


def test_a_solution_leaving_a_variable_unbound_that_the_query_binds_is_one_line(proxy, tmp_path):
    """The ontology's queries have no OPTIONAL: a solution without ?c is not their answer (found by the
    fuzzer: a TypeError comparing None in the class tree's sort)."""
    url, httpd = proxy(mangle=_drop_variable)
    proc = bengal("generate", "--docs", "1", "-q", "--retries", "0", "--endpoint", url, "-o", "out.ttl", cwd=tmp_path)
    assert_one_line_error(proc, url, "with a solution (1) that leaves ?", "unbound, which the query binds in every")
    assert proc.returncode == 1 and not list(tmp_path.iterdir())


@pytest.mark.parametrize("body, every", [
    ("SELECT ?s WHERE { ?s a ?c . FILTER(?c != <http://x/C>) }", True),
    ("SELECT ?s ?c WHERE { VALUES ?c { <http://x/A> } ?s a ?c . MINUS { ?s a <http://x/B> } }", True),
    ("SELECT ?s ?l WHERE { ?s a ?c OPTIONAL { ?s rdfs:label ?l } }", False),
    ("SELECT ?s ?l WHERE { { ?s a ?c } UNION { ?s rdfs:label ?l } }", False),
    ("SELECT ?s ?c WHERE { VALUES (?s ?c) { (<http://x/a> UNDEF) } }", False),
    ("SELECT ?s ?n WHERE { ?s a ?c BIND(STRLEN(?c) AS ?n) }", False),
    ("SELECT (SAMPLE(?s) AS ?x) WHERE { ?s a ?c }", False),
    ("select ?s where { ?s a ?c optional { ?s ?p ?o } }", False),
])
def test_binds_every_variable_by_the_forms_of_sparql_1_1(body, every):
    assert binds_every_variable(body) is every


def test_a_time_out_is_retried(proxy, bundled_kb):
    url, httpd = proxy(fail_first=1, delay=3.0)
    kb = RemoteKB(url, timeout=0.5, retries=1, backoff=0.01)
    assert Counter(kb.select(SUBCLASS_QUERY)) == Counter(bundled_kb.select(SUBCLASS_QUERY))
    assert httpd.count == 2


def test_a_rejected_query_names_the_endpoint(server):
    with pytest.raises(InputError, match=r"refused the query \(HTTP 400\)"):
        RemoteKB(server).select("SELECT ?s WHERE { ?s ?p }")


def test_refused_connection_is_one_line_and_writes_nothing(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/sparql"
    proc = run("generate", "--docs", "2", "-o", "x.ttl", "--endpoint", url, cwd=tmp_path)
    assert_one_line_error(proc, url, "cannot reach")
    assert proc.returncode == 1 and list(tmp_path.iterdir()) == []


def test_html_answer_is_one_line_and_writes_nothing(server, tmp_path):
    root = re.sub(r"/query$", "/", server)  # Oxigraph's web page, not its endpoint
    proc = run("generate", "--docs", "2", "-o", "x.ttl", "--endpoint", root, cwd=tmp_path)
    assert_one_line_error(proc, root, "text/html")
    assert proc.returncode == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, needle", [
    (["--endpoint", "http://127.0.0.1:9/sparql", "--kb", "x.nt"], "not both"),
    (["--graph", GRAPH], "--endpoint"),
    (["--endpoint", "localhost:8890/sparql"], "--endpoint"),
    (["--endpoint", "http://127.0.0.1:9/sparql", "--page-size", "0"], "--page-size"),
])
def test_bad_endpoint_options_are_usage_errors(args, needle, tmp_path):
    proc = run("generate", "--docs", "2", "-o", "x.ttl", *args, cwd=tmp_path)
    assert_one_line_error(proc, needle)
    assert proc.returncode == 2 and list(tmp_path.iterdir()) == []


# --- issue 14: faults a real server has ------------------------------------------------------------------


def test_a_silent_cap_is_found_and_paged_under(proxy, bundled_kb):
    """DBpedia-style: answers cut at 1,000 rows without a word, pages of 5,000 asked. The first
    page (1,000 rows, a round number) is taken for a cap: ordered pages of 1,000 (1,000, 1,000,
    641), then a COUNT (2,641) that agrees; every row arrives."""
    url, httpd = proxy(silent_cap=1000)
    want = bundled_kb.select(TOWN_QUERY)
    assert len(want) == 2641
    assert Counter(RemoteKB(url, page_size=5000).select(TOWN_QUERY)) == Counter(want)
    assert httpd.count == 1 + 3 + 1 and "COUNT(*)" in httpd.queries[-1]


def test_a_count_that_disagrees_is_an_error(proxy):
    """A silent cap of 1,000 and a server that stops paging at OFFSET 2,000: 2,000 rows where
    the COUNT says 2,641: one error, never a smaller answer."""
    url, _ = proxy(silent_cap=1000, max_offset=2000)
    with pytest.raises(InputError, match=r"gave 2000 rows for towns where its COUNT says 2641.*--page-size"):
        RemoteKB(url, page_size=5000).select(TOWN_QUERY)


def test_a_server_that_loses_the_order_between_pages_is_an_error(proxy):
    url, _ = proxy(shuffle=True)
    with pytest.raises(InputError, match=r"does not keep the order between pages .*came on pages \d+ and \d+"):
        RemoteKB(url, page_size=100).select(SUBCLASS_QUERY)


def test_a_partial_answer_is_retried_never_taken(proxy, bundled_kb):
    url, httpd = proxy(partial_first=1)
    kb = RemoteKB(url, retries=1, backoff=0.01)
    assert Counter(kb.select(SUBCLASS_QUERY)) == Counter(bundled_kb.select(SUBCLASS_QUERY))
    assert httpd.count == 2
    url, httpd = proxy(partial_first=100)
    with pytest.raises(InputError, match=r"failed 2 times: HTTP 206 a partial answer \(X-SQL-State S1TAT\).*"
                                         r"smaller --page-size"):
        RemoteKB(url, retries=1, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 2


@pytest.mark.parametrize("status", [503, 429, 405])
def test_retry_after_is_followed(status, proxy, bundled_kb):
    """The server asks for 1 s (405 with Retry-After: DBpedia's rate limit): the retry comes no
    sooner, though the back-off alone would wait 0.01 s."""
    url, httpd = proxy(fail_first=1, fail_status=status, fail_headers={"Retry-After": "1"})
    rows = RemoteKB(url, retries=1, backoff=0.01).select(SUBCLASS_QUERY)
    assert Counter(rows) == Counter(bundled_kb.select(SUBCLASS_QUERY))
    assert httpd.count == 2 and httpd.times[1] - httpd.times[0] >= 1.0


def test_retry_after_is_capped_and_405_without_it_is_not_retried(proxy, bundled_kb):
    url, httpd = proxy(fail_first=1, fail_status=503, fail_headers={"Retry-After": "3600"})
    rows = RemoteKB(url, retries=1, max_wait=0.2).select(SUBCLASS_QUERY)  # an hour asked, 0.2 s waited
    assert Counter(rows) == Counter(bundled_kb.select(SUBCLASS_QUERY)) and httpd.count == 2
    url, httpd = proxy(fail_first=1, fail_status=405)
    with pytest.raises(InputError, match="HTTP 405"):
        RemoteKB(url, retries=3, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 1


def test_a_414_to_a_get_is_sent_again_as_a_post(proxy, bundled_kb):
    url, httpd = proxy(get_limit=200)
    rows = RemoteKB(url, retries=0).select(SUBCLASS_QUERY)
    assert Counter(rows) == Counter(bundled_kb.select(SUBCLASS_QUERY))
    assert httpd.methods == ["GET", "POST"]


def test_virtuosos_estimated_time_refusal_is_not_retried(proxy):
    body = b"Virtuoso 42000 Error The estimated execution time 1180 (sec) exceeds the limit of 240 (sec)."
    url, httpd = proxy(fail_first=100, fail_status=500, fail_body=body)
    with pytest.raises(InputError, match=r"estimated execution time 1180 \(sec\).*will not succeed on retry: "
                                         r"give a smaller --page-size or narrower --classes"):
        RemoteKB(url, retries=3, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 1


def test_a_server_that_drips_its_answer_meets_the_deadline(proxy):
    """A byte every 0.05 s: every socket read is quick, the answer would take minutes; the
    deadline of 0.5 s for the whole answer ends it (then the retry, then the error)."""
    url, httpd = proxy(drip=0.05)
    with pytest.raises(InputError, match=r"failed 2 times: TimeoutError: the answer took more than 0.5 s"):
        RemoteKB(url, timeout=0.5, retries=1, backoff=0.01).select(SUBCLASS_QUERY)
    assert httpd.count == 2


def test_iris_sparql_cannot_write_are_skipped_and_counted(server):
    kb = RemoteKB(server, graph=BAD_GRAPH)
    rows = kb.select("SELECT ?s ?l WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l }")
    assert rows == [("http://example.org/ok", "ok")]
    assert kb.skipped_iris == {"http://example.org/bad name", 'http://example.org/q"x', "http://example.org/100%zz"}


def test_an_endpoint_url_keeps_its_own_parameters(server):
    """``…/query?default-graph-uri=G`` is the URL plus a parameter sent with every request (it was
    mangled into ``…?default-graph-uri=G?query=…``); a #fragment or a query= of its own is refused."""
    from urllib.parse import quote

    rows = RemoteKB(f"{server}?default-graph-uri={quote(GRAPH, safe='')}").select(
        "SELECT ?s ?o WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?o }")
    assert sorted(rows) == [("http://example.org/a", "A"), ("http://example.org/b", 'B "quoted" }')]
    with pytest.raises(UsageError, match="#fragment"):
        RemoteKB(server + "#top")
    with pytest.raises(UsageError, match="query= parameter"):
        RemoteKB(server + "?query=ASK%7B%7D")
