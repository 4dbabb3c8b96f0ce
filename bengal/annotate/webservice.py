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
baseline) under the same protocol on a local port (``bengal serve``).
"""

from __future__ import annotations

import io
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from bengal.annotate.base import AnnotationFailure
from bengal.errors import BengalError
from bengal.io.nif import read_nif, write_nif
from bengal.model import Corpus, Document

__all__ = ["NifWebService", "document_to_nif", "make_server"]

CONTENT_TYPE = "application/x-turtle"


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
        timeout: seconds to wait for one answer (connect and read).
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
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return response.read()
            except urllib.error.HTTPError as exc:
                last = AnnotationFailure(f"http-{exc.code}", f"{self.url} answered {exc.code} {exc.reason}")
                exc.close()
                if exc.code < 500 and exc.code != 429:
                    raise last from None
            except (TimeoutError, OSError) as exc:  # URLError is an OSError
                reason = getattr(exc, "reason", exc)
                if isinstance(exc, TimeoutError) or isinstance(reason, TimeoutError) or "timed out" in str(reason):
                    last = AnnotationFailure("timeout", f"no answer from {self.url} within {self.timeout:g} s")
                else:
                    last = AnnotationFailure("unreachable", f"{self.url}: {reason}")
            except Exception as exc:  # a protocol error of http.client (BadStatusLine, …)
                last = AnnotationFailure("unreachable", f"{self.url}: {type(exc).__name__}: {exc}")
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


def make_server(annotate: Callable[[Document], Document], host: str = "127.0.0.1",
                port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server answering GERBIL's NIF web-service protocol with ``annotate``.

    Each POST body is read as NIF Turtle; its first document (mentions dropped) is annotated and
    sent back as NIF Turtle (``application/x-turtle``). A body that is not NIF gets 400, an
    annotator that fails gets 500, each with a one-line plain-text reason. ``port=0`` picks a
    free port (``server.server_address[1]``). Start it with ``serve_forever()`` (e.g. in a
    thread) and stop it with ``shutdown()`` then ``server_close()``.
    """

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _reply(self, status: int, body: bytes, ctype: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            try:
                corpus = _read_answer(body)
                if not corpus.documents:
                    raise ValueError("no nif:Context in the request")
            except Exception as exc:
                self._reply(400, f"not a NIF document: {str(exc).splitlines()[0] if str(exc) else exc}\n".encode(),
                            "text/plain; charset=utf-8")
                return
            doc = corpus.documents[0]
            try:
                out = annotate(Document(doc.uri, doc.text))
                payload = document_to_nif(out)
            except Exception as exc:
                self._reply(500, f"annotator failed: {exc}\n".encode(), "text/plain; charset=utf-8")
                return
            self._reply(200, payload, CONTENT_TYPE)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server
