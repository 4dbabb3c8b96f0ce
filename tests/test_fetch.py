"""bengal.fetch: one deadline on the whole HTTP answer (issue 14), against real servers on 127.0.0.1
speaking over raw sockets, so that each fault (headers or body sent a byte now and then, an error
answer, a redirect) is exactly what the test says."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from bengal.annotate.base import AnnotationFailure
from bengal.annotate.webservice import NifWebService
from bengal.errors import InputError
from bengal.fetch import ERROR_BODY_LIMIT, fetch
from bengal.kb.endpoint import RemoteKB
from bengal.model import Document

RESULTS = b'{"head": {"vars": ["s"]}, "results": {"bindings": [{"s": {"type": "uri", "value": "http://x/a"}}]}}'


@contextmanager
def raw_server(answer: Callable[[socket.socket, threading.Event], None]) -> Iterator[str]:
    """A server on 127.0.0.1 that reads each request's head and lets ``answer(conn, stop)`` write
    whatever it likes; yields its URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(65536)
                    answer(conn, stop)
                except OSError:  # the client gave up
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/sparql"
    finally:
        stop.set()
        thread.join(10)
        listener.close()


def drip(head: bytes, every: float = 0.05) -> Callable[[socket.socket, threading.Event], None]:
    """Send ``head`` at once, then a header byte every ``every`` seconds, for ever: each read is quick,
    the headers never end."""
    def answer(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(head)
        while not stop.is_set():
            conn.sendall(b"x")
            stop.wait(every)
    return answer


def whole(data: bytes) -> Callable[[socket.socket, threading.Event], None]:
    def answer(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(data)
    return answer


def test_headers_sent_a_byte_at_a_time_meet_the_deadline():
    """The status line arrives, then one header byte every 0.05 s: no socket read ever waits 0.5 s,
    yet the whole answer must end within 0.5 s: TimeoutError at about 0.5 s."""
    with raw_server(drip(b"HTTP/1.1 200 OK\r\nX-Slow: ")) as url:
        start = time.monotonic()
        with pytest.raises(TimeoutError, match="more than 0.5 s"):
            fetch(urllib.request.Request(url), timeout=0.5)
        assert 0.45 < time.monotonic() - start < 3.0


def test_a_body_sent_a_byte_at_a_time_meets_the_deadline():
    with raw_server(drip(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")) as url:
        start = time.monotonic()
        with pytest.raises(TimeoutError):
            fetch(urllib.request.Request(url), timeout=0.5)
        assert time.monotonic() - start < 3.0


def test_a_body_without_a_length_cut_by_the_deadline_is_never_returned_short():
    """An answer that ends at the connection's close (no Content-Length): the timer's shutdown looks
    like that close, so a body read up to it must be a TimeoutError, not a short answer."""
    with raw_server(drip(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")) as url:
        with pytest.raises(TimeoutError):
            fetch(urllib.request.Request(url), timeout=0.4)


def test_an_error_answer_is_returned_with_its_body_cut_at_the_limit():
    body = b"Virtuoso 42000 Error The estimated execution time\n" + b"y" * (2 * ERROR_BODY_LIMIT)
    with raw_server(whole(b"HTTP/1.1 500 Internal Server Error\r\nRetry-After: 7\r\nContent-Length: "
                          + str(len(body)).encode() + b"\r\n\r\n" + body)) as url:
        answer = fetch(urllib.request.Request(url), timeout=5)
    assert (answer.status, answer.reason, answer.headers["Retry-After"]) == (500, "Internal Server Error", "7")
    assert answer.body == body[:ERROR_BODY_LIMIT]


def test_a_whole_answer_and_a_redirect_are_read():
    with raw_server(whole(b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\n"
                          b"Content-Length: " + str(len(RESULTS)).encode() + b"\r\n\r\n" + RESULTS)) as target:
        with raw_server(whole(f"HTTP/1.1 302 Found\r\nLocation: {target}\r\nContent-Length: 0\r\n\r\n".encode())) \
                as url:
            answer = fetch(urllib.request.Request(url), timeout=5)
    assert (answer.status, answer.body) == (200, RESULTS)


def test_a_connection_refused_is_a_urlerror_not_a_timeout():
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]
    with pytest.raises(OSError) as err:
        fetch(urllib.request.Request(f"http://127.0.0.1:{port}/"), timeout=2)
    assert not isinstance(err.value, TimeoutError)


def test_an_endpoint_dripping_its_headers_is_a_one_line_error_within_the_time_out():
    """``generate --endpoint`` behind a server that never ends its headers: the retries each meet the
    deadline, then one InputError naming the endpoint (before: the run hung)."""
    with raw_server(drip(b"HTTP/1.1 200 OK\r\nX-Slow: ")) as url:
        kb = RemoteKB(url, timeout=0.3, retries=1, backoff=0.01)
        start = time.monotonic()
        with pytest.raises(InputError, match=r"the endpoint http://127\.0\.0\.1:\d+/sparql failed 2 times"):
            kb.select("SELECT ?s WHERE { ?s ?p ?o }")
        assert time.monotonic() - start < 5.0


def test_a_web_service_dripping_its_headers_times_out():
    """``bengal annotate --system URL`` behind the same server: AnnotationFailure "timeout"."""
    with raw_server(drip(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-turtle\r\nX-Slow: ")) as url:
        start = time.monotonic()
        with pytest.raises(AnnotationFailure) as err:
            NifWebService(url, timeout=0.3, retries=0).annotate(Document("http://d/1", "Paris."))
        assert err.value.reason == "timeout"
        assert time.monotonic() - start < 3.0


def test_an_endpoint_answer_through_fetch_is_read():
    with raw_server(whole(b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\n"
                          b"Content-Length: " + str(len(RESULTS)).encode() + b"\r\n\r\n" + RESULTS)) as url:
        rows = RemoteKB(url, timeout=5, retries=0).select("SELECT ?s WHERE { ?s ?p ?o }")
    assert rows == [("http://x/a",)]


def test_an_endpoint_redirecting_to_itself_is_one_line_naming_the_loop():
    """urllib follows redirects and gives up on a loop: one InputError, not "refused the query"."""
    state = {}

    def loop(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(f"HTTP/1.1 302 Found\r\nLocation: {state['url']}\r\nContent-Length: 0\r\n\r\n".encode())

    with raw_server(loop) as url:
        state["url"] = url
        with pytest.raises(InputError) as err:
            RemoteKB(url, timeout=5, retries=0).select("SELECT ?s WHERE { ?s ?p ?o }")
    message = str(err.value)
    assert "answered HTTP 302" in message and "a redirect that cannot be followed" in message
    assert "\n" not in message
