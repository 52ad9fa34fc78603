"""`deckwright serve`: every HTTP endpoint of the preview, on the starter game, with rebuilds
driven directly (no file watcher), so each step is deterministic."""

from __future__ import annotations

import http.client
import io
import json
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from generator.options import BuildOptions
from generator.scaffold import new_game
from generator.serve.preview import Preview
from generator.serve.server import PreviewServer, is_loopback
from generator.watch import Session


class Served:
    """A game served on a free loopback port, its session and its preview."""

    def __init__(self, folder: Path, out: Path):
        self.folder = folder
        self.session = Session(str(folder), BuildOptions(out_dir=out))
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


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game("preview", tmp_path_factory.mktemp("games"))


@pytest.fixture
def served(starter: Path, tmp_path: Path) -> Iterator[Served]:
    folder = tmp_path / "preview"
    shutil.copytree(starter, folder)
    served = Served(folder, tmp_path / "out")
    yield served
    served.server.stop()


def _line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` holding ``text``."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def _card(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in state["cards"] if c["name"] == name)


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
    line = _line_of(served.folder / "cards.yaml", "- name: Quick Step")
    assert _card(state, "Quick Step")["count"] == 3
    assert _card(state, "Quick Step")["where"].endswith(f"cards.yaml:{line}:5")
    kinds = {(p["kind"], p["file"]) for p in state["pages"]}
    assert ("rule summary", "rules-summary.pdf") in kinds
    assert "# Preview - print guide" in state["guide"]
    assert {"cards.pdf", "print-guide.md", "rules-summary.pdf"} <= set(state["files"])
    assert state["problems"] == []


def test_pictures_are_the_faces_at_screen_resolution(served: Served) -> None:
    card = _card(served.state(), "Long Stride")
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
    card = _card(served.state(), "Long Stride")
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


def test_one_card_edit_redraws_only_that_card(served: Served) -> None:
    before = served.state()
    served.save("cards.yaml", "Move up to **three** spaces.", "Move up to **four** spaces.")
    after = served.state()
    assert served.preview.gallery.rendered == 1
    assert after["status"] == "ok" and "rebuilt decks: main" in after["line"]
    changed = [
        a["name"] for a, b in zip(after["cards"], before["cards"], strict=True) if a["front"] != b["front"]
    ]
    assert changed == ["Long Stride"]
    assert [a["back"] for a in after["cards"]] == [b["back"] for b in before["cards"]]
    assert served.get(_card(after, "Long Stride")["front"]["url"])[0] == 200
    assert served.get(_card(before, "Long Stride")["front"]["url"])[0] == 404  # the old picture is gone


def test_broken_edit_keeps_the_last_good_pictures_and_points_at_the_card(served: Served) -> None:
    before = served.state()
    line = _line_of(served.folder / "cards.yaml", "cost: 2")
    served.save("cards.yaml", "cost: 2", "cost: fast")
    state = served.state()
    assert state["status"] == "failed" and "last good pictures stay" in state["line"]
    assert state["cards"] == before["cards"]
    assert all(served.get(c["front"]["url"])[0] == 200 for c in state["cards"])
    [problem] = state["problems"]
    assert (
        problem["where"].endswith(f"cards.yaml:{line}:11")
        and "expected a whole number, found 'fast'" in problem["text"]
    )
    assert problem["targets"] == [_card(state, "Long Stride")["id"]]
    served.save("cards.yaml", "cost: fast", "cost: 2")  # undone: the same bytes as the last good build
    state = served.state()
    assert state["status"] == "ok" and state["problems"] == [] and state["cards"] == before["cards"]


def test_a_broken_summary_points_at_its_pages(served: Served) -> None:
    pages = [
        p["id"] for p in served.state()["pages"] if p["file"] in ("rules-summary.pdf", "player-aids.pdf")
    ]
    assert pages
    text = (served.folder / "summary.yaml").read_text(encoding="utf-8")
    first_key = next(line for line in text.splitlines() if line and not line.startswith("#"))
    served.save("summary.yaml", first_key, "surprise: 1\n" + first_key)
    state = served.state()
    assert state["status"] == "failed"
    summary = [p for p in state["problems"] if "summary.yaml:" in p["where"]]
    assert summary and all(p["targets"] == pages for p in summary)


RULES = 'from pathlib import Path\nPath(__file__).with_name("ran.txt").write_text("ran")\n'
CONSTRAINTS = "constraints:\n  - {id: custom, message: A custom rule, check: custom}\n  - {id: size, message: Six cards, deck: main, deck_size: 7}\n"


def test_the_games_rules_code_is_never_run(starter: Path, tmp_path: Path) -> None:
    folder = tmp_path / "ruled"
    shutil.copytree(starter, folder)
    game = folder / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + "\nrules_module: rules.py\nconstraints: constraints.yaml\n",
        encoding="utf-8",
    )
    (folder / "rules.py").write_text(RULES, encoding="utf-8")
    (folder / "constraints.yaml").write_text(CONSTRAINTS, encoding="utf-8")
    served = Served(folder, tmp_path / "out")
    try:
        state = served.state()
        assert state["status"] == "ok" and state["skipped"] == 1
        assert any("[size] Six cards: " in p["text"] for p in state["problems"])
        assert not (folder / "ran.txt").exists()
    finally:
        served.server.stop()


def test_new_pictures_are_shown_before_the_pdf_is_written(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator import watch

    seen: list[dict[str, Any]] = []
    build = watch._build_decks

    def spy(*args: Any) -> list[Path]:
        seen.append(json.loads(served.preview.snapshot().state))  # what the page has meanwhile
        return build(*args)

    monkeypatch.setattr(watch, "_build_decks", spy)
    before = _card(served.state(), "Lucky Find")["front"]
    served.save("cards.yaml", "take another turn.", "take two more turns.")
    [meanwhile] = seen
    assert _card(meanwhile, "Lucky Find")["front"] != before and "writing the PDFs" in meanwhile["line"]
    assert _card(served.state(), "Lucky Find")["front"] == _card(meanwhile, "Lucky Find")["front"]


def test_text_that_does_not_fit_keeps_the_last_good_pictures(served: Served) -> None:
    before = served.state()
    served.save("cards.yaml", "take another turn.", "take another turn. " + "And again, and again. " * 40)
    state = served.state()
    assert state["status"] == "failed" and state["cards"] == before["cards"]
    overflow = [p for p in state["problems"] if "text does not fit on the front of 'Lucky Find'" in p["text"]]
    assert overflow and overflow[0]["targets"] == [_card(state, "Lucky Find")["id"]]


def test_a_summary_edit_draws_no_card_again(served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.export import faces

    calls: list[str] = []
    render = faces.render_faces
    monkeypatch.setattr(
        faces, "render_faces", lambda game, deck, *a: calls.append(deck.name) or render(game, deck, *a)
    )
    before = served.state()
    served.save("summary.yaml", "Be the first to reach the far end", "Be the very first to reach the far end")
    state = served.state()
    assert state["status"] == "ok" and "the whole kit" in state["line"] and calls == []
    assert state["cards"] == before["cards"]
    summary = [p["url"] for p in state["pages"] if p["file"] == "rules-summary.pdf"]
    assert summary != [p["url"] for p in before["pages"] if p["file"] == "rules-summary.pdf"]
