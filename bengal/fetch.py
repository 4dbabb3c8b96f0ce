"""One HTTP exchange bounded by one deadline for the whole answer: connecting, the status line and
headers, and the body.

``urllib``'s ``timeout`` bounds each socket read, so a server that sends a byte now and then (in the
headers or the body) holds a client for ever (issue 14). :func:`fetch` arms a timer for each
connection it opens (a redirect opens another, under the same deadline) that shuts the socket down
when the deadline passes, which wakes the read that waits on it; the body is read in pieces against
the same deadline. A remote SPARQL endpoint (:mod:`bengal.kb.endpoint`) and a NIF web service
(:mod:`bengal.annotate.webservice`) both send their requests through it.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import Message
from typing import Any

__all__ = ["Answer", "fetch", "ERROR_BODY_LIMIT"]

#: Bytes of an error answer's body kept (its first line goes into error messages).
ERROR_BODY_LIMIT = 1 << 16


@dataclass(frozen=True)
class Answer:
    """An HTTP answer read whole: ``status`` (e.g. 200, 206, 404), ``reason`` (the status line's
    text), ``headers`` and ``body`` (bytes; of an answer of status 400 or more, at most
    :data:`ERROR_BODY_LIMIT` bytes)."""

    status: int
    reason: str
    headers: Message
    body: bytes


class _Watch:
    """The deadline (``time.monotonic()``) of one exchange and a timer per socket it opened."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.expired = False
        self._timers: list[threading.Timer] = []

    def arm(self, sock: socket.socket) -> None:
        timer = threading.Timer(max(0.0, self.deadline - time.monotonic()), self._expire, (sock,))
        timer.daemon = True
        self._timers.append(timer)
        timer.start()

    def _expire(self, sock: socket.socket) -> None:
        self.expired = True
        try:  # wakes a recv that waits on it; a socket already closed has no descriptor left to touch
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def disarm(self) -> None:
        for timer in self._timers:
            timer.cancel()

    def left(self) -> float:
        return self.deadline - time.monotonic()


def _watched(base: type[http.client.HTTPConnection], watch: _Watch) -> Callable[..., http.client.HTTPConnection]:
    """A connection class of ``base`` whose socket ``watch`` shuts down at its deadline."""

    class Watched(base):  # type: ignore[valid-type, misc]
        def connect(self) -> None:
            super().connect()  # TCP (and TLS for HTTPS): each step bounded by the socket's time-out
            watch.arm(self.sock)

    return Watched


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watch: _Watch) -> None:
        super().__init__()
        self.watch = watch

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_watched(http.client.HTTPConnection, self.watch), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watch: _Watch) -> None:
        super().__init__()
        self.watch = watch

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_watched(http.client.HTTPSConnection, self.watch), req,
                            context=self._context)  # type: ignore[attr-defined]


def _read(response: Any, watch: _Watch, limit: int | None) -> bytes:
    """``response``'s body in pieces until it ends, ``limit`` bytes are read, or the deadline passes
    (``TimeoutError``)."""
    parts: list[bytes] = []
    got = 0
    while limit is None or got < limit:
        if watch.left() <= 0:
            raise TimeoutError
        piece = response.read1(1 << 16)
        if not piece:
            break
        parts.append(piece)
        got += len(piece)
    return b"".join(parts)[:limit]


def fetch(request: urllib.request.Request, timeout: float) -> Answer:
    """Send ``request`` and read its answer whole within ``timeout`` seconds from now.

    Redirects are followed (as ``urllib.request.urlopen`` does) under the same deadline. An answer of
    status 400 or more is returned, not raised (its body cut at :data:`ERROR_BODY_LIMIT` bytes).

    Raises:
        TimeoutError: the deadline passed before the answer ended (a body cut short by it is never
            returned).
        urllib.error.URLError: the server cannot be reached (refused, unknown host, a bad URL).
        http.client.HTTPException, OSError: the connection broke, or the answer is not HTTP.
    """
    watch = _Watch(time.monotonic() + timeout)
    opener = urllib.request.build_opener(_HTTPHandler(watch), _HTTPSHandler(watch))
    try:
        try:
            response = opener.open(request, timeout=timeout)
            limit = None
        except urllib.error.HTTPError as exc:  # 4xx/5xx (and 3xx without a place to go): an answer too
            response, limit = exc, ERROR_BODY_LIMIT
        with response:
            body = _read(response, watch, limit)
            answer = Answer(int(response.getcode()), str(getattr(response, "reason", "") or ""),
                            response.headers, body)
    except (OSError, http.client.HTTPException) as exc:
        # TimeoutError: a read longer than the socket's time-out (the whole timeout), or the loop's check
        if watch.expired or isinstance(exc, TimeoutError):
            raise TimeoutError(f"the answer took more than {timeout:g} s") from None
        raise
    finally:
        watch.disarm()
    if watch.expired:  # the timer shut the socket: what was read may be short
        raise TimeoutError(f"the answer took more than {timeout:g} s")
    return answer
