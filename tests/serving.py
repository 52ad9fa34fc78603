"""A game served for the `deckwright serve` tests: a real server on a free loopback port, with
rebuilds driven directly (no file watcher), so each step is deterministic."""

from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path
from typing import Any

from generator.core.options import BuildOptions
from generator.serve.preview import Preview
from generator.serve.server import PreviewServer
from generator.serve.watch import Session


class Served:
    """A game served on a free loopback port, its session and its preview."""

    def __init__(
        self, folder: Path, out: Path, only: list[str] | None = None, options: BuildOptions | None = None
    ):
        self.folder = folder
        self.session = Session(str(folder), options or BuildOptions(out_dir=out), only)
        self.preview = Preview(self.session)
        self.server = PreviewServer(self.preview, "127.0.0.1", 0)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.preview.apply(self.session.start())

    def save(self, name: str, old: str, new: str) -> None:
        """Edit a file of the game as an editor would, then let the session see it."""
        path = self.folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        self.preview.apply(self.session.changed([path]))

    def get(
        self, path: str, method: str = "GET", host: str | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": host} if host else {}
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body

    def state(self) -> dict[str, Any]:
        status, _, body = self.get("/api/state")
        assert status == 200
        return json.loads(body)


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` holding ``text``."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def card_named(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in state["cards"] if c["name"] == name)
