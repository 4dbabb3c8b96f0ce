"""``bengal serve`` against a slowloris client (issue 14): headers sent a byte at a time, each byte
well within the idle time-out, must not hold a worker past the request's time limit. A real
server on 127.0.0.1 spoken to over a raw socket."""

from __future__ import annotations

import socket
import threading
import time

from bengal.annotate import make_server
from bengal.annotate.webservice import document_to_nif
from bengal.model import Document


def test_headers_sent_byte_by_byte_do_not_hold_a_worker():
    """Time limit 1 s, one worker. The client drips a request's headers a byte every 0.1 s (the
    idle time-out alone would never fire): the server closes the connection by about 1 s after it
    began waiting, well before the 4 s the headers would take; a good request is then answered."""
    server = make_server(lambda d: d, timeout=1.0, workers=1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = server.server_address[:2]
    try:
        head = b"POST / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 25 + b"\r\n\r\n"  # 4.5 s at 0.1 s a byte
        closed_after = None
        with socket.create_connection(address, timeout=5) as sock:
            start = time.monotonic()
            for byte in head:
                try:
                    sock.sendall(bytes([byte]))
                except OSError:  # reset by the server
                    closed_after = time.monotonic() - start
                    break
                sock.settimeout(0.1)
                try:
                    if sock.recv(1) == b"":
                        closed_after = time.monotonic() - start
                        break
                except socket.timeout:
                    pass
                except OSError:
                    closed_after = time.monotonic() - start
                    break
        assert closed_after is not None, "the server kept the slow connection for the whole request"
        assert 0.8 < closed_after < 2.5
        doc = Document("http://example.org/d", "Berlin.")
        body = document_to_nif(doc)
        with socket.create_connection(address, timeout=5) as sock:
            sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-turtle\r\nConnection: close\r\n"
                         + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            answer = b""
            while piece := sock.recv(65536):
                answer += piece
        assert answer.startswith(b"HTTP/1.1 200 ")
    finally:
        server.shutdown()
        server.server_close()
