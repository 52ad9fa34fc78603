"""`deckwright serve`: every HTTP endpoint of the preview, on the starter game."""

from __future__ import annotations

import io
import json
import shutil
import socket
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from generator.serve.server import is_loopback
from tests.serving import Served, card_named, line_of


def test_page_and_its_assets_are_served_with_a_strict_policy(served: Served) -> None:
    status, headers, body = served.get("/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert b'src="/static/app.js"' in body and b'href="/static/style.css"' in body
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    for path, kind in (("/static/app.js", "text/javascript"), ("/static/style.css", "text/css")):
        status, headers, asset = served.get(path)
        assert status == 200 and headers["content-type"].startswith(kind)
        for text in (body, asset):  # offline: nothing fetched from another site
            assert b"http://" not in text and b"https://" not in text and b"@import" not in text


def test_state_lists_every_face_page_problem_and_the_guide(served: Served) -> None:
    state = served.state()
    assert state["status"] == "ok" and state["title"] == "Preview"
    assert [c["name"] for c in state["cards"]] == ["Quick Step", "Long Stride", "Lucky Find"]
    assert [(d["name"], d["cards"]) for d in state["decks"]] == [("main", 6)]
    assert all(c["front"] and c["back"] for c in state["cards"])
    line = line_of(served.folder / "cards.yaml", "- name: Quick Step")
    assert card_named(state, "Quick Step")["count"] == 3
    assert card_named(state, "Quick Step")["where"].endswith(f"cards.yaml:{line}:5")
    kinds = {(p["kind"], p["file"]) for p in state["pages"]}
    assert ("rule summary", "rules-summary.pdf") in kinds
    assert "# Preview - print guide" in state["guide"]
    assert {"cards.pdf", "print-guide.md", "rules-summary.pdf"} <= set(state["files"])
    assert state["problems"] == []


def test_pictures_are_the_faces_at_screen_resolution(served: Served) -> None:
    card = card_named(served.state(), "Long Stride")
    status, headers, body = served.get(card["front"]["url"])
    assert (
        status == 200 and headers["content-type"] == "image/png" and "immutable" in headers["cache-control"]
    )
    image = Image.open(io.BytesIO(body))
    assert (
        image.size == (card["front"]["w"], card["front"]["h"]) == (375, 525)
    )  # a poker card's trim at 150 dpi
    assert served.get("/img/0123456789abcdef01234567.png")[0] == 404


def test_card_data_shows_fields_templates_style_rules_and_copies(served: Served) -> None:
    card = card_named(served.state(), "Long Stride")
    status, _, body = served.get(f"/api/card?id={card['id']}")
    assert status == 200
    data = json.loads(body)
    fields = {f["name"]: f for f in data["fields"]}
    assert fields["cost"]["value"] == 2 and fields["flavor"]["value"] == "Never look back."
    assert fields["cost"]["from"] == "card" and "cards.yaml:" in fields["cost"]["where"]
    assert [(t["side"], t["name"]) for t in data["templates"]] == [("front", "front"), ("back", "back")]
    front = data["templates"][0]
    assert front["rules"] and front["rules"][0] == "default" and front["style"]
    assert data["copies"] == ["long-stride-1", "long-stride-2"]
    status, _, body = served.get("/api/card?id=main/99")
    assert status == 404 and "no such card" in json.loads(body)["error"]


def test_kit_files_only_by_their_exact_name_and_no_listing(served: Served) -> None:
    status, headers, body = served.get("/kit/print-guide.md")
    assert (
        status == 200 and headers["content-type"].startswith("text/plain") and body.startswith(b"# Preview")
    )
    status, headers, body = served.get("/kit/cards.pdf")
    assert status == 200 and headers["content-type"] == "application/pdf" and body.startswith(b"%PDF")
    for path in ("/kit/", "/kit/../game.yaml", "/kit/%2e%2e/game.yaml", "/kit/game.yaml", "/static/",
                 "/cards.yaml", "/img/", "/api/", "/kit/..%2fgame.yaml", "//etc/passwd"):  # fmt: skip
        status, _, body = served.get(path)
        assert status == 404, path
        assert b"game.yaml" not in body and b"<a " not in body


def test_kit_file_names_may_be_escaped(served: Served) -> None:
    status, _, body = served.get("/kit/print%2Dguide.md")
    assert status == 200 and body.startswith(b"# Preview")


def test_only_get_and_head(served: Served) -> None:
    status, headers, _ = served.get("/api/state", method="POST")
    assert status == 405 and headers["allow"] == "GET, HEAD"
    status, headers, body = served.get("/api/state", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 100
    status, headers, body = served.get("/events", method="HEAD")
    assert status == 200 and headers["content-type"] == "text/event-stream" and body == b""


def test_loopback_answers_only_to_loopback_names(served: Served) -> None:
    assert served.get("/", host="evil.example")[0] == 403
    assert served.get("/", host=f"evil.example:{served.port}")[0] == 403
    assert served.get("/", host=f"localhost:{served.port}")[0] == 200
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.10")


def test_events_announce_each_new_version(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())
        stream = sock.makefile("rb")
        assert stream.readline().startswith(b"HTTP/1.1 200")
        head = b"".join(iter(stream.readline, b"\r\n"))
        assert b"text/event-stream" in head
        first = int(_event(stream))
        assert first == served.state()["version"]
        served.save("cards.yaml", "Move up to **three** spaces.", "Move up to **four** spaces.")
        assert int(_event(stream)) > first


def _event(stream: io.BufferedReader) -> str:
    """The data of the next ``version`` event (keep-alive comments skipped)."""
    lines: list[bytes] = []
    while True:
        line = stream.readline()
        assert line, "the event stream ended"
        if line == b"\n" and lines:
            break
        if line != b"\n" and not line.startswith(b":"):
            lines.append(line)
    assert lines[0] == b"event: version\n"
    return lines[1].decode().removeprefix("data: ").strip()


def test_ipv6_loopback(served: Served) -> None:
    import http.client
    import threading

    from generator.serve.server import PreviewServer

    try:
        server = PreviewServer(served.preview, "::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        assert server.url == f"http://[::1]:{port}/"
        connection = http.client.HTTPConnection("::1", port, timeout=30)
        connection.request("GET", "/api/state")  # Host: [::1]:port
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())["title"] == "Preview"
        connection.close()
    finally:
        server.stop()


def test_the_pages_shown_follow_paper_and_layout(preview_game: Path, tmp_path: Path) -> None:
    from generator.core.options import BuildOptions
    from generator.serve.zoom import SHEET_DPI

    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    options = BuildOptions(paper="letter", layout="gutterfold", out_dir=tmp_path / "out")
    served = Served(folder, tmp_path / "out", options=options)
    try:
        state = served.state()
        assert (state["paper"], state["layout"]) == ("letter", "gutterfold")
        [cards] = [name for name in state["sheets"] if name not in ("rules-summary.pdf", "player-aids.pdf")]
        pages = state["sheets"][cards]
        status, headers, body = served.get(f"/api/sheet?file={cards}&page=1")
        assert status == 200 and headers["content-type"] == "image/png"
        with Image.open(io.BytesIO(body)) as image:
            short, long = sorted(image.size)
        assert abs(short - 8.5 * SHEET_DPI) <= 1 and abs(long - 11 * SHEET_DPI) <= 1  # US Letter
        assert served.get(f"/api/sheet?file={cards}&page={pages + 1}")[0] == 404
        assert served.get("/api/sheet?file=../../etc/passwd&page=1")[0] == 404
    finally:
        served.server.stop()


def test_serve_passes_paper_layout_and_editor_on(preview_game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from generator.cli import app
    from generator.serve import run

    seen: dict[str, Any] = {}

    def fake(game: str, options: Any, *args: Any, **named: Any) -> None:
        seen.update(paper=options.paper, layout=options.layout, editor=named["editor"])

    monkeypatch.setattr(run, "serve", fake)
    args = ["serve", str(preview_game), "--paper", "letter", "--layout", "gutterfold", "--editor", "zed"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert seen == {"paper": "letter", "layout": "gutterfold", "editor": "zed://file{path}:{line}:{column}"}
    result = CliRunner().invoke(app, ["serve", str(preview_game), "--paper", "a5"])
    assert result.exit_code == 2 and "a5" in result.output
