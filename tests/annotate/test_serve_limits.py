"""``bengal serve``'s limits under abuse (issue 14), on a real server on 127.0.0.1 spoken to
over raw sockets: a body limit (413), malformed lengths (400, 411), a slow body (408), idle
connections closed, a bounded number of workers (503), and a good request still answered.

The annotator served is a plain function (the document back with one mention on its first
word), so the expected answers are written here by hand.
"""

from __future__ import annotations

import socket
import threading

import pytest

from bengal.annotate import AnnotationFailure, NifWebService, make_server
from bengal.annotate.webservice import document_to_nif
from bengal.io.nif import read_nif
from bengal.model import Document, Mention

DOC = Document("http://example.org/doc1", "Berlin is big.")


def _first_word(doc: Document) -> Document:
    return Document(doc.uri, doc.text, (Mention(0, 6, "Berlin", frozenset({"http://dbpedia.org/resource/Berlin"})),))


@pytest.fixture
def served():
    """``make(**limits) -> (host, port)``: make_server(_first_word, **limits) in a daemon thread."""
    servers = []

    def make(**limits):
        server = make_server(_first_word, **limits)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server.server_address[:2]

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()


def _exchange(address, data: bytes, wait: float = 10.0) -> bytes:
    """Send ``data`` and read until the server closes or ``wait`` seconds pass."""
    with socket.create_connection(address, timeout=wait) as sock:
        sock.sendall(data)
        return _read_all(sock)


def _read_all(sock: socket.socket) -> bytes:
    got = b""
    try:
        while True:
            piece = sock.recv(65536)
            if not piece:
                return got
            got += piece
            if b"\r\n\r\n" in got:
                head, _, rest = got.partition(b"\r\n\r\n")
                length = [int(h.split(b":")[1]) for h in head.split(b"\r\n") if h.lower().startswith(b"content-length")]
                if length and len(rest) >= length[0]:
                    return got
    except socket.timeout:
        return got


def _post(headers: str, body: bytes = b"") -> bytes:
    return f"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-turtle\r\n{headers}\r\n".encode() + body


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_a_good_request_is_answered(served):
    address = served()
    body = document_to_nif(DOC)
    answer = _exchange(address, _post(f"Content-Length: {len(body)}\r\n", body))
    assert _status(answer) == 200
    doc = read_nif(answer.partition(b"\r\n\r\n")[2], syntax="turtle").documents[0]
    assert doc == _first_word(DOC)


@pytest.mark.parametrize("headers, status", [
    ("Content-Length: 1001\r\n", 413),           # over the limit of 1,000 bytes: refused unread
    ("Content-Length: -5\r\n", 400),
    ("Content-Length: 12abc\r\n", 400),
    ("Content-Length: " + "9" * 4400 + "\r\n", 400),  # an offset of 4,400 digits, as the fuzzing sent
    ("", 411),
    ("Transfer-Encoding: chunked\r\n", 411),
])
def test_malformed_or_oversized_requests_get_a_4xx_at_once(headers, status, served):
    address = served(max_body=1000)
    answer = _exchange(address, _post(headers))
    assert _status(answer) == status, answer


# what http.server itself refuses, and the other methods: each a status line, headers and one plain-text
# line, never HTML nor a bare HTTP/0.9 body (the statuses by RFC 9110 and CPython's http.server limits:
# a request line over 65,536 bytes, over 100 headers, a header line over 65,536 bytes)
REFUSED = [
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", 405, b"this is a NIF web service: POST a NIF document"),
    (b"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", 405, b"this is a NIF web service: POST a NIF document"),
    (b"BREW / HTTP/1.1\r\nHost: x\r\n\r\n", 501, b"501 Unsupported method ('BREW')"),
    (b"POST /\r\n\r\n", 400, b"400 Bad HTTP/0.9 request type"),
    (b"POST / HTTP/1.1 extra\r\n\r\n", 400, b"400 Bad request"),
    (b"POST / HTTP/7.0\r\n\r\n", 505, b"505 Invalid HTTP version"),
    (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", 414, b"414 Request-URI Too Long"),
    (b"POST / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(101)) + b"\r\n", 431,
     b"431 Too many headers"),
    (b"POST / HTTP/1.1\r\nX-Long: " + b"a" * 70000 + b"\r\n\r\n", 431, b"431 Line too long"),
]


@pytest.mark.parametrize("request_bytes, status, line", REFUSED)
def test_refused_requests_get_a_status_and_one_plain_text_line(request_bytes, status, line, served):
    answer = _exchange(served(), request_bytes)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert _status(answer) == status, answer[:300]
    assert b"content-type: text/plain; charset=utf-8" in head.lower(), head
    assert body.startswith(line) and body.endswith(b"\n") and body.count(b"\n") == 1, body
    assert b"<" not in body, body
    if status == 405:
        assert b"Allow: POST" in head.split(b"\r\n")


def test_head_gets_405_without_a_body(served):
    with socket.create_connection(served(), timeout=10) as sock:
        sock.sendall(b"HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        got = b""
        while piece := sock.recv(65536):
            got += piece
    head, _, body = got.partition(b"\r\n\r\n")
    assert _status(got) == 405 and b"Allow: POST" in head and body == b""


def test_a_slow_body_gets_408_and_an_idle_connection_is_closed(served):
    address = served(timeout=0.5)
    answer = _exchange(address, _post("Content-Length: 100\r\n", b"@prefix"))  # 7 of 100 bytes, then nothing
    assert _status(answer) == 408
    with socket.create_connection(address, timeout=10) as sock:  # connected, nothing sent
        assert _read_all(sock) == b""  # closed by the server well before the client's 10 s


def test_workers_are_bounded_and_the_rest_get_503(served):
    """Two workers held by two idle connections: a third gets 503 with Retry-After at once; once
    the idle ones are closed (time-out 3 s, room for a loaded machine), a request is answered again."""
    address = served(workers=2, timeout=3.0)
    idle = [socket.create_connection(address, timeout=10) for _ in range(2)]
    try:
        for sock in idle:
            sock.sendall(b"POST / HTTP/1.1\r\n")  # the request line, then silence
        # the server takes connections in order; the third finds both workers busy
        answer = _exchange(address, _post("Content-Length: 0\r\n"))
        assert _status(answer) == 503 and b"Retry-After: 1" in answer
        for sock in idle:
            assert _read_all(sock) == b""  # the idle ones are closed at their time-out
    finally:
        for sock in idle:
            sock.close()
    body = document_to_nif(DOC)
    assert _status(_exchange(address, _post(f"Content-Length: {len(body)}\r\n", body))) == 200


def test_twenty_clients_at_once_get_right_answers(served):
    """20 clients, 10 requests each, at once: 200 answers, each the right document, none lost."""
    address = served()
    results: list[bool] = []
    lock = threading.Lock()

    def client(i: int) -> None:
        for j in range(10):
            doc = Document(f"http://example.org/c{i}-{j}", f"Berlin {i} {j}.")
            body = document_to_nif(doc)
            answer = _exchange(address, _post(f"Content-Length: {len(body)}\r\nConnection: close\r\n", body))
            ok = _status(answer) == 200 and read_nif(answer.partition(b"\r\n\r\n")[2],
                                                     syntax="turtle").documents[0] == _first_word(doc)
            with lock:
                results.append(ok)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == [True] * 200


def test_the_client_bounds_a_dripped_answer(served):
    """A system that answers a byte every 0.1 s: each read is quick, the answer would take
    100 s; NifWebService's time-out of 0.5 s bounds the whole answer ("timeout")."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def drip() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-turtle\r\nContent-Length: 1000\r\n\r\n")
            while not stop.is_set():
                try:
                    conn.sendall(b"#")
                except OSError:
                    return
                stop.wait(0.1)

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/"
        with pytest.raises(AnnotationFailure) as err:
            NifWebService(url, timeout=0.5, retries=0).annotate(DOC)
        assert err.value.reason == "timeout"
    finally:
        stop.set()
        thread.join(10)
        listener.close()
