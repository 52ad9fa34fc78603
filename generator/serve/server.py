"""The preview's HTTP endpoints, on the standard library's threading HTTP server.

| path | answer |
|---|---|
| ``/`` | the page (``static/index.html``); ``/static/app.js``, ``/static/style.css`` beside it |
| ``/api/state`` | the state as JSON: status, cards, pages, problems, print guide, kit files |
| ``/api/card?id=<deck>/<n>`` | one card's data: fields after defaults, templates, style rules, copies |
| ``/img/<key>.png`` | a picture the state names (by content hash) |
| ``/api/zoom?id=<deck>/<n>&side=front`` | the zoom view: a card with its bleed at 400 % of its size |
| ``/api/sheet?file=<kit file>&page=<n>`` | the zoom view: a page of a kit file at 200 % |
| ``/kit/<file>`` | a file the last good build wrote into the kit folder (PDFs, ``print-guide.md``) |
| ``/events`` | server-sent events: ``version`` each time the state changes |
| ``/compare`` | with ``--compare REV``: the game against that version (``serve/compare.py``) |

Only GET and HEAD; nothing is read from disk by a name the request gives, except a kit file the
build wrote (looked up by its exact name); no directory is ever listed. On loopback, a request
whose ``Host`` is not a loopback name is refused (a web page elsewhere cannot reach the preview
through a rebound DNS name).
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Event
from urllib.parse import parse_qs, unquote, urlsplit

from generator.serve.compare import Comparison
from generator.serve.preview import Preview

STATIC = Path(__file__).parent / "static"
ASSETS = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
}
KIT_TYPES = {".pdf": "application/pdf", ".md": "text/plain; charset=utf-8", ".csv": "text/csv; charset=utf-8"}
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
KEEP_ALIVE = 15.0  # seconds between comments on an idle event stream
LOOPBACK_HOST = re.compile(r"(?:localhost|127\.0\.0\.1|\[::1\])(?::[0-9]{1,5})?", re.IGNORECASE)
"""A ``Host`` header naming this machine: one loopback name, perhaps a port, nothing else."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address) is this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server of one preview; ``stopping`` ends open event streams."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # connections waiting to be taken (a page opens several at once)

    def __init__(self, preview: Preview, host: str, port: int):
        self.preview = preview
        self.compare: Comparison | None = None  # serve --compare: the /compare page
        self.loopback = is_loopback(host)
        self.stopping = Event()
        self.assets = {path: ((STATIC / name).read_bytes(), kind) for path, (name, kind) in ASSETS.items()}
        if ":" in host:  # an IPv6 address such as ::1
            self.address_family = socket.AF_INET6
        super().__init__((host.strip("[]"), port), Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in str(host) else host
        return f"http://{shown}:{port}/"

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that hung up mid-answer is no error to report (the page reloaded, a tab
        closed); anything else is printed as the standard library does."""
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, ConnectionError | TimeoutError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]

    def stop(self) -> None:
        self.stopping.set()
        self.preview.wake()
        self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    """One request; routes are a fixed table, never a path on disk."""

    server: PreviewServer
    protocol_version = "HTTP/1.1"
    server_version = "deckwright-serve"
    sys_version = ""

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows rebuilds, not requests."""

    def do_GET(self) -> None:
        self._route(body=True)

    def do_HEAD(self) -> None:
        self._route(body=False)

    def _refuse(self) -> None:
        self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"only GET and HEAD\n", "text/plain", allow="GET, HEAD")

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse

    def _route(self, body: bool) -> None:
        if self.server.loopback and not self._loopback_host():
            self._send(HTTPStatus.FORBIDDEN, b"the preview answers only to localhost\n", "text/plain")
            return
        url = urlsplit(self.path)
        path, snap = url.path, self.server.preview.snapshot()
        if path in self.server.assets:
            data, kind = self.server.assets[path]
            self._send(HTTPStatus.OK, data, kind, body=body)
        elif path == "/api/state":
            self._send(HTTPStatus.OK, snap.state, "application/json", body=body)
        elif path == "/api/card":
            card = snap.cards.get(parse_qs(url.query).get("id", [""])[0])
            if card is None:
                self._json(HTTPStatus.NOT_FOUND, {"error": "no such card (it may have been renamed)"}, body)
            else:
                self._json(HTTPStatus.OK, card, body)
        elif path.startswith("/img/") and path.endswith(".png") and path[5:-4] in snap.images:
            self._send(HTTPStatus.OK, snap.images[path[5:-4]], "image/png", body=body, cache="immutable")
        elif path.startswith("/kit/") and unquote(path[5:]) in snap.files:
            self._kit_file(snap.files[unquote(path[5:])], body)
        elif path in ("/api/zoom", "/api/sheet"):  # the zoom view's pictures, drawn when asked
            data = self.server.preview.zoomed(path, parse_qs(url.query))
            if data is None:
                self._send(HTTPStatus.NOT_FOUND, b"no such picture\n", "text/plain", body=body)
            else:
                self._send(HTTPStatus.OK, data, "image/png", body=body)
        elif path.startswith("/compare") and self.server.compare is not None:
            found = self.server.compare.answer(path, snap.version)
            status = HTTPStatus.OK if found else HTTPStatus.NOT_FOUND
            self._send(status, *(found or (b"not found\n", "text/plain")), body=body)
        elif path == "/events":
            self._events(body)
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain", body=body)

    def _loopback_host(self) -> bool:
        hosts = self.headers.get_all("Host") or []
        return len(hosts) == 1 and LOOPBACK_HOST.fullmatch(hosts[0].strip()) is not None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The server's own error answers (501, 414, 431, 400) with the headers every answer
        carries, as plain text naming the status only (nothing of the request is echoed)."""
        status = HTTPStatus(code)
        self.close_connection = True
        if getattr(self, "request_version", "") == "HTTP/0.9":  # a request line too odd to read:
            self.request_version = "HTTP/1.0"  # answered with a status line and headers all the same
        body = getattr(self, "command", "") != "HEAD" and code >= 200 and code not in (204, 304)
        text = f"{status.value} {status.phrase}\n".encode()
        self._send(status, text, "text/plain; charset=utf-8", body=body, connection="close")

    def _kit_file(self, path: Path, body: bool) -> None:
        try:
            data = path.read_bytes()
        except OSError:
            message = b"not found (the kit is being rebuilt?)\n"
            self._send(HTTPStatus.NOT_FOUND, message, "text/plain", body=body)
            return
        kind = KIT_TYPES.get(path.suffix.lower(), "application/octet-stream")
        self._send(HTTPStatus.OK, data, kind, body=body)

    def _events(self, body: bool) -> None:
        """Server-sent events: the current version at once, then each new one, until the page
        goes away or the server stops (HEAD: the headers only)."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.close_connection = True
        if not body:
            return
        preview, stopping, seen = self.server.preview, self.server.stopping, -1
        try:
            while not stopping.is_set():
                version = preview.wait(seen, KEEP_ALIVE)
                if stopping.is_set():
                    break
                message = f"event: version\ndata: {version}\n\n" if version != seen else ": still here\n\n"
                self.wfile.write(message.encode())
                self.wfile.flush()
                seen = version
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            return

    def _json(self, status: HTTPStatus, value: object, body: bool) -> None:
        data = json.dumps(value, ensure_ascii=False).encode()
        self._send(status, data, "application/json", body=body)

    def _send(
        self,
        status: HTTPStatus,
        data: bytes,
        kind: str,
        body: bool = True,
        cache: str = "no-store",
        **extra: str,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header(
            "Cache-Control", "public, max-age=31536000, immutable" if cache == "immutable" else "no-store"
        )
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", POLICY)
        self.send_header("Referrer-Policy", "no-referrer")
        for key, value in extra.items():
            self.send_header(key.title(), value)
        self.end_headers()
        if body:
            self.wfile.write(data)
