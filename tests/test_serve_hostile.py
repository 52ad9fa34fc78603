"""`deckwright serve` against hostile clients (issue 39): its own error answers carry the
security headers every answer has, a ``Host`` header must name this machine and nothing else,
clients hanging up print no traceback, and many connections at once are taken."""

from __future__ import annotations

import contextlib
import io
import socket
import threading

import pytest

from generator.serve.server import POLICY, PreviewServer
from tests.serving import Served

SECURITY = {
    "x-content-type-options": "nosniff",
    "content-security-policy": POLICY,
    "referrer-policy": "no-referrer",
}


def raw(served: Served, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    assert lines[0].startswith("HTTP/1."), data[:300]
    return int(lines[0].split()[1]), headers, body


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 501),  # an unknown method
        (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),  # a URI too long
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-A: b\r\n" * 150 + b"\r\n", 431),  # headers
        (b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", 505),
        (b"GET / HTTP/1.1 x\r\n\r\n", 400),
    ],
)
def test_the_servers_own_error_answers_carry_the_security_headers(served: Served, request_bytes, status):
    got, headers, body = raw(served, request_bytes)
    assert got == status
    for name, value in SECURITY.items():
        assert headers.get(name) == value, (name, headers)
    assert headers["content-type"].startswith("text/plain") and body.startswith(str(status).encode())
    assert b"<" not in body and b"aaaa" not in body  # no HTML, nothing of the request echoed


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8765, evil.example",
        "evil.example, 127.0.0.1",
        "127.0.0.1.evil.example",
        "localhost:80:81",
        "localhost@evil.example",
    ],
)
def test_a_host_that_is_not_only_this_machine_is_refused(served: Served, host: str) -> None:
    status, headers, body = served.get("/api/state", host=host)
    assert status == 403 and b"only to localhost" in body
    assert headers["content-security-policy"] == POLICY


@pytest.mark.parametrize("hosts", [b"Host: 127.0.0.1\r\nHost: evil.example\r\n", b""])
def test_two_host_headers_or_none_are_refused(served: Served, hosts: bytes) -> None:
    status, _, _ = raw(served, b"GET /api/state HTTP/1.1\r\n" + hosts + b"Connection: close\r\n\r\n")
    assert status == 403


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost:8765", "LOCALHOST", "[::1]:80"])
def test_loopback_hosts_are_served(served: Served, host: str) -> None:
    assert served.get("/api/state", host=host)[0] == 200


def test_clients_hanging_up_print_no_traceback(served: Served, monkeypatch) -> None:
    """Many clients ask for a large answer and close at once: nothing is printed."""
    printed = io.StringIO()
    monkeypatch.setattr("sys.stderr", printed)
    for _ in range(40):
        s = socket.create_connection(("127.0.0.1", served.port), timeout=30)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset
        s.sendall(b"GET /kit/cards.pdf HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.close()
    assert served.get("/api/state")[0] == 200  # still serving
    assert "Traceback" not in printed.getvalue() and "BrokenPipe" not in printed.getvalue()


def test_a_hang_up_is_no_error_but_a_bug_still_is(served: Served, monkeypatch) -> None:
    printed = io.StringIO()
    monkeypatch.setattr("sys.stderr", printed)
    for error in (
        BrokenPipeError(32, "Broken pipe"),
        ConnectionResetError(104, "reset"),
        ValueError("a bug"),
    ):
        try:
            raise error
        except Exception:
            served.server.handle_error(None, ("127.0.0.1", 1))
    text = printed.getvalue()
    assert "ValueError: a bug" in text and "BrokenPipe" not in text and "ConnectionReset" not in text


def test_two_hundred_connections_at_once_are_all_answered(served: Served) -> None:
    """The listen backlog takes a burst of connections (5 made 45 of 200 time out)."""
    assert PreviewServer.request_queue_size >= 128
    statuses: list[int] = []

    def ask() -> None:
        with contextlib.suppress(OSError):
            statuses.append(served.get("/static/style.css")[0])

    threads = [threading.Thread(target=ask) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert statuses.count(200) == 200
