"""A client and a server of GERBIL's NIF-based annotator web-service protocol.

The protocol (GERBIL's ``NIFBasedAnnotatorWebservice``): the client POSTs **one** NIF document —
a ``nif:Context`` with its ``nif:isString``, for A2KB without phrases — serialised as Turtle with
``Content-Type: application/x-turtle`` (and ``Accept: application/x-turtle``); the annotator
answers with the same document in NIF Turtle, now carrying its ``nif:Phrase`` /
``nif:String`` mentions (``nif:beginIndex``, ``nif:endIndex``, ``itsrdf:taIdentRef``). GERBIL
reads the first document of the answer.

:class:`NifWebService` is the client: time-outs, retries with back-off for transient failures
(refused or dropped connections, time-outs, HTTP 5xx and 429), and checks of the answer. Every
failure is an :class:`AnnotationFailure` whose ``reason`` is one of:

- ``unreachable`` — no connection (host down, refused) after the retries;
- ``timeout`` — no answer within the time-out after the retries;
- ``http-NNN`` — the server answered with status NNN;
- ``not-nif`` — the answer does not parse as NIF Turtle (e.g. an HTML page);
- ``no-document`` — the answer parses but holds no ``nif:Context``;
- ``other-document`` — the answer's context IRI is not the one sent;
- ``text-changed`` — the answer's ``nif:isString`` differs from the text sent.

:func:`make_server` serves any annotator (``annotate(Document) → Document``, e.g. the
baseline) under the same protocol on a local port (``bengal serve``), with limits that hold under
abuse: a body limit (413), a deadline for each request and an idle time-out per connection, a
bounded number of workers (503 with ``Retry-After`` beyond it), and 400/411 for a malformed
request.
"""

from __future__ import annotations

import io
import socket
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from bengal.annotate.base import AnnotationFailure
from bengal.errors import BengalError
from bengal.fetch import fetch
from bengal.io.nif import read_nif, write_nif
from bengal.model import Corpus, Document

__all__ = ["NifWebService", "document_to_nif", "make_server", "MAX_BODY", "REQUEST_TIMEOUT", "MAX_WORKERS"]

CONTENT_TYPE = "application/x-turtle"
#: Largest request body ``bengal serve`` reads, in bytes (16 MiB: a NIF document of a few MB of text).
MAX_BODY = 16 * 1024 * 1024
#: Seconds a connection may stay idle, and a request (headers and body) may take to arrive.
REQUEST_TIMEOUT = 30.0
#: Requests served at once; a connection beyond them gets 503 with ``Retry-After: 1``.
MAX_WORKERS = 64


def document_to_nif(document: Document) -> bytes:
    """``document`` (with its mentions, if any) as NIF Turtle, UTF-8."""
    buf = io.StringIO()
    write_nif(Corpus((document,), name="request"), buf, syntax="turtle")
    return buf.getvalue().encode("utf-8")


def _read_answer(body: bytes) -> Corpus:
    return read_nif(body, syntax="turtle", name="answer")


class NifWebService:
    """An annotator behind a URL speaking GERBIL's NIF web-service protocol.

    Args:
        url: the service's address (``http://`` or ``https://``).
        timeout: seconds one whole answer may take (connect, headers and body).
        retries: further attempts after a transient failure (so ``1 + retries`` in all).
        backoff: seconds before the first retry; doubled before each next one.

    ``annotate(document)`` sends ``document`` without its mentions and returns the system's
    document; it raises :class:`AnnotationFailure` and nothing else. Thread-safe.
    """

    def __init__(self, url: str, timeout: float = 30.0, retries: int = 2, backoff: float = 0.5) -> None:
        self.url = url
        self.name = url
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff

    def _post(self, body: bytes) -> bytes:
        last: AnnotationFailure | None = None
        for attempt in range(1 + self.retries):
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1))
            request = urllib.request.Request(self.url, data=body, method="POST", headers={
                "Content-Type": CONTENT_TYPE, "Accept": CONTENT_TYPE})
            try:
                answer = fetch(request, self.timeout)
            except (TimeoutError, OSError) as exc:  # URLError is an OSError
                reason = getattr(exc, "reason", exc)
                if isinstance(exc, TimeoutError) or isinstance(reason, TimeoutError) or "timed out" in str(reason):
                    last = AnnotationFailure("timeout", f"no answer from {self.url} within {self.timeout:g} s")
                else:
                    last = AnnotationFailure("unreachable", f"{self.url}: {reason}")
                continue
            except Exception as exc:  # a protocol error of http.client (BadStatusLine, …), a URL urllib refuses
                last = AnnotationFailure("unreachable", f"{self.url}: {type(exc).__name__}: {exc}")
                continue
            if answer.status < 300:
                return answer.body
            last = AnnotationFailure(f"http-{answer.status}", f"{self.url} answered {answer.status} {answer.reason}")
            if answer.status < 500 and answer.status != 429:
                raise last
        assert last is not None
        raise last

    def annotate(self, document: Document) -> Document:
        """The system's annotation of ``document`` (see the class docstring).

        Raises:
            AnnotationFailure: with the reason of the failure.
        """
        body = self._post(document_to_nif(Document(document.uri, document.text)))
        try:
            answer = _read_answer(body)
        except (BengalError, ValueError, SyntaxError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise AnnotationFailure("not-nif", first[:200]) from None
        if not answer.documents:
            raise AnnotationFailure("no-document", "the answer holds no nif:Context")
        got = answer.documents[0]
        if got.uri != document.uri:
            raise AnnotationFailure("other-document", f"sent {document.uri}, got {got.uri}")
        if got.text != document.text:
            raise AnnotationFailure("text-changed",
                                    f"the answer's nif:isString differs from the text of {document.uri}")
        return got


def make_server(annotate: Callable[[Document], Document], host: str = "127.0.0.1", port: int = 0, *,
                max_body: int = MAX_BODY, timeout: float = REQUEST_TIMEOUT,
                workers: int = MAX_WORKERS) -> ThreadingHTTPServer:
    """An HTTP server answering GERBIL's NIF web-service protocol with ``annotate``.

    Each POST body is read as NIF Turtle; its first document (mentions dropped) is annotated and
    sent back as NIF Turtle (``application/x-turtle``). A body that is not NIF gets 400, an
    annotator that fails gets 500, each with a one-line plain-text reason. ``port=0`` picks a
    free port (``server.server_address[1]``). Start it with ``serve_forever()`` (e.g. in a
    thread) and stop it with ``shutdown()`` then ``server_close()``. GET, HEAD, PUT, DELETE, PATCH
    and OPTIONS get 405 with ``Allow: POST``; what ``http.server`` refuses itself (a malformed request
    line 400, a request line over 65,536 bytes 414, headers too large or too many 431, an unknown
    method 501) gets a one-line plain-text body too, never an HTML page.

    Limits: a ``Content-Length`` above ``max_body`` bytes gets 413 (the body is not read); a
    missing one 411, a negative or non-numeric one 400; a connection idle for ``timeout`` seconds
    is closed, a request line and headers that have not all arrived ``timeout`` seconds after the
    server began waiting for them close the connection (a client sending a byte now and then cannot
    hold a worker), and a request whose body has not arrived ``timeout`` seconds after its headers
    gets 408; at most ``workers`` connections are served at once, the next ones get 503 with
    ``Retry-After: 1`` at once. The listen queue holds 128 connections.
    """

    idle = timeout

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        timeout = idle  # StreamRequestHandler: the socket time-out of every read
        # the errors http.server answers itself (a bad request line 400, headers too large 431, a
        # request line too long 414, an unknown method 501, a bad HTTP version 505): one plain-text
        # line like every other answer of this service, not an HTML page
        error_content_type = "text/plain; charset=utf-8"
        error_message_format = "%(code)d %(message)s: %(explain)s\n"
        # a request line that does not parse is answered as HTTP/1.1 (with a status line and headers):
        # http.server's default, HTTP/0.9, sends the bare body, which no client of today reads as an error
        default_request_version = "HTTP/1.1"
        _raw: _DeadlineReader

        def setup(self) -> None:
            super().setup()
            self._raw = _DeadlineReader(self.connection)
            self.rfile = io.BufferedReader(self._raw)

        def handle_one_request(self) -> None:
            # The request line and headers must all arrive within `timeout` seconds of the wait's
            # start: a client sending a header byte now and then (slowloris) cannot hold a worker.
            self._raw.deadline = time.monotonic() + timeout
            super().handle_one_request()

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def log_error(self, format: str, *args: Any) -> None:  # time-outs and bad request lines: quiet too
            pass

        def _reply(self, status: int, body: bytes, ctype: str = "text/plain; charset=utf-8",
                   close: bool = False, headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if close:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            self.wfile.write(body)

        def _body(self) -> bytes | None:
            """The request body, or ``None`` after an error reply."""
            if self.headers.get("Transfer-Encoding"):
                self._reply(411, b"send the body with a Content-Length, not a Transfer-Encoding\n", close=True)
                return None
            given = self.headers.get("Content-Length")
            if given is None:
                self._reply(411, b"a Content-Length is required\n", close=True)
                return None
            given = given.strip()
            if not given.isdigit() or len(given) > 18:
                self._reply(400, b"the Content-Length is not a byte count\n", close=True)
                return None
            length = int(given)
            if length > max_body:
                self._reply(413, f"the body is larger than {max_body} bytes\n".encode(), close=True)
                return None
            deadline = time.monotonic() + timeout
            self._raw.deadline = deadline
            parts, got = [], 0
            try:
                while got < length:
                    if time.monotonic() > deadline:
                        raise TimeoutError
                    piece = self.rfile.read1(min(1 << 16, length - got))
                    if not piece:
                        self.close_connection = True  # the client left mid-body
                        return None
                    parts.append(piece)
                    got += len(piece)
            except (TimeoutError, socket.timeout):
                self._reply(408, f"the body did not arrive within {timeout:g} s\n".encode(), close=True)
                return None
            return b"".join(parts)

        def _not_allowed(self) -> None:
            """405 with ``Allow: POST`` for the other methods HTTP defines (a browser's GET)."""
            body = b"" if self.command == "HEAD" else \
                b"this is a NIF web service: POST a NIF document (text/turtle) to it\n"
            self._reply(405, body, headers={"Allow": "POST"})

        do_GET = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed

        def do_POST(self) -> None:
            body = self._body()
            if body is None:
                return
            try:
                corpus = _read_answer(body)
                if not corpus.documents:
                    raise ValueError("no nif:Context in the request")
            except Exception as exc:
                self._reply(400, f"not a NIF document: {_line(exc)}\n".encode())
                return
            doc = corpus.documents[0]
            try:
                out = annotate(Document(doc.uri, doc.text))
                payload = document_to_nif(out)
            except Exception as exc:
                self._reply(500, f"annotator failed: {_line(exc)}\n".encode())
                return
            self._reply(200, payload, CONTENT_TYPE)

    return _BoundedServer((host, port), Handler, workers)


class _DeadlineReader(io.RawIOBase):
    """A connection's socket read with a deadline (``time.monotonic()``) on the whole of what is
    read, not on each read: before each ``recv`` the socket's time-out is cut to what is left.

    ``deadline`` is ``None`` (each read waits at most the socket's own time-out) or a time after
    which a read raises ``TimeoutError``, which :class:`BaseHTTPRequestHandler` takes as the end of
    the connection (and the body reader of :func:`make_server` as a 408).
    """

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self.base_timeout = sock.gettimeout()
        self.deadline: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request did not arrive in time")
            self.sock.settimeout(left if self.base_timeout is None else min(left, self.base_timeout))
        return self.sock.recv_into(buffer)


def _line(exc: BaseException) -> str:
    """An exception as one printable line of at most 200 characters."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return "".join(c if c.isprintable() else "?" for c in text)[:200]


class _BoundedServer(ThreadingHTTPServer):
    """A threading HTTP server with at most ``workers`` requests at once and a listen queue of 128."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self._slots = threading.BoundedSemaphore(workers)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        # socketserver.ThreadingMixIn's body, with the slot given back before the socket is closed: a
        # client that sees its connection close and connects again must find the slot free (released
        # after the close, a loaded machine answered that client 503)
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self._slots.release()
            self.shutdown_request(request)
