"""`deckwright serve` with the proofreader and `--only`: planted defects reach /api/state with
their file:line and the cards or pages they concern (page regions where the geometry is known),
after the pictures; `--only` limits the cards shown and rebuilt."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from tests.serving import Served, card_named, line_of

SMALL_STEPS = "proof:\n  min_size: 8.5pt\n"  # the player aid's step numbers print at 8 pt


def _copy(preview_game: Path, tmp_path: Path, flavour: str = "4pt", proof: str = SMALL_STEPS) -> Path:
    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    front = folder / "front.yaml"
    text = front.read_text(encoding="utf-8")
    old = '    text: "{flavor}"\n    size: 8pt\n'
    assert old in text
    front.write_text(text.replace(old, old.replace("8pt", flavour)), encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write(proof)
    return folder


@pytest.fixture
def planted(preview_game: Path, tmp_path: Path):
    served = Served(_copy(preview_game, tmp_path), tmp_path / "out")
    yield served
    served.server.stop()


def _proof(state: dict[str, Any], where: str) -> dict[str, Any]:
    found = [
        p for p in state["problems"] if p["where"].endswith("/" + where) and "proof type-size" in p["text"]
    ]
    assert len(found) == 1, [p["text"] for p in state["problems"]]
    return found[0]


def _aid_steps_line(folder: Path) -> int:
    """The line of the summary's steps that the player aid carries ('Your turn'): the summary
    pages set their steps larger (issue 32 fills them), the aid cards keep 8 pt numbers."""
    return line_of(folder / "summary.yaml", "title: Your turn") - 1


def _flavour_line(folder: Path) -> int:
    text = (folder / "front.yaml").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if '"{flavor}"' in line)
    return next(i for i in range(at, 0, -1) if text[i].lstrip().startswith("- type: text")) + 1


def test_findings_point_at_the_cards_and_the_page_regions(planted: Served) -> None:
    state = planted.state()
    assert state["status"] == "ok" and state["proofing"] == ""  # the kit is served despite them
    assert "proofread in" in state["line"]
    small = _proof(state, f"front.yaml:{_flavour_line(planted.folder)}:5")
    assert small["severity"] == "error" and "type prints at 4.0 pt, below the 8.5 pt minimum" in small["text"]
    # the one card whose face draws that element (only Long Stride has a flavour line)
    assert small["targets"] == [card_named(state, "Long Stride")["id"]]
    assert small["regions"] == []  # on card sheets, not shown as pages: the cards are outlined
    steps = _proof(state, f"summary.yaml:{_aid_steps_line(planted.folder)}:5")
    assert "player-aids/1" in steps["targets"]
    region = next(r for r in steps["regions"] if r["page"] == "player-aids/1")
    left, top, width, height = region["box"]
    assert 0 <= left < 1 and 0 <= top < 1 and 0 < width <= 1 and 0 < height <= 1
    page = next(p for p in state["pages"] if p["id"] == "player-aids/1")
    assert page["kind"] == "player aids"
    # the build's own gate warnings are not listed twice
    assert sum("proof type-size" in p["text"] and "4.0 pt" in p["text"] for p in state["problems"]) == 1


def test_a_deck_save_proofreads_again_keeping_the_other_pages(planted: Served) -> None:
    where = f"front.yaml:{_flavour_line(planted.folder)}:5"
    planted.save("front.yaml", '"{flavor}"\n    size: 4pt', '"{flavor}"\n    size: 9pt')
    state = planted.state()
    assert state["status"] == "ok" and "rebuilt decks: main" in state["line"]
    assert not [p for p in state["problems"] if p["where"].endswith("/" + where) and "proof" in p["text"]]
    steps = _proof(state, f"summary.yaml:{_aid_steps_line(planted.folder)}:5")
    assert steps["regions"]  # the summary's pages were not rebuilt, their findings stay
    planted.save("front.yaml", '"{flavor}"\n    size: 9pt', '"{flavor}"\n    size: 4pt')
    assert "4.0 pt" in _proof(planted.state(), where)["text"]


def test_findings_follow_the_pictures_in_a_second_step(planted: Served) -> None:
    path = planted.folder / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Never look back.", "Never look."), "utf-8")
    planted.preview.apply(planted.session.changed([path]), proofread=False)
    first = planted.state()
    assert first["proofing"] == "checking" and "rebuilt" in first["line"]
    assert any("proof type-size" in p["text"] for p in first["problems"])  # the last ones meanwhile
    planted.preview.proofread()
    second = planted.state()
    assert second["version"] > first["version"] and second["proofing"] == ""
    assert "'Never look.'" in _proof(second, f"front.yaml:{_flavour_line(planted.folder)}:5")["text"]


def test_known_findings_are_notes(preview_game: Path, tmp_path: Path) -> None:
    known = "proof:\n  known:\n    - {rule: type-size, file: front.yaml, reason: redesign pending}\n"
    served = Served(_copy(preview_game, tmp_path, proof=known), tmp_path / "out")
    try:
        small = _proof(served.state(), f"front.yaml:{_flavour_line(served.folder)}:5")
        assert small["severity"] == "note" and "(known: redesign pending)" in small["text"]
    finally:
        served.server.stop()


def test_a_failed_build_is_not_proofread(planted: Served) -> None:
    planted.save("cards.yaml", "- name: Quick Step", "- name: Quick Step\n    cost: [")
    state = planted.state()
    assert state["status"] == "failed" and state["proofing"] == ""
    assert not any("proof " in p["text"] for p in state["problems"])


def test_only_limits_the_cards_served_and_rebuilt(preview_game: Path, tmp_path: Path) -> None:
    folder = _copy(preview_game, tmp_path)
    served = Served(folder, tmp_path / "out", only=["long stride", "cost=0"])
    try:
        state = served.state()
        assert state["status"] == "ok" and "rebuilt the proof of the chosen cards" in state["line"]
        assert [c["name"] for c in state["cards"]] == ["Long Stride", "Lucky Find"]
        assert [(d["name"], d["cards"]) for d in state["decks"]] == [("main", 3)]
        assert state["pages"] == [] and "cards.pdf" in state["files"]
        assert (tmp_path / "out" / "preview-proof" / "cards.pdf").is_file()
        assert not (tmp_path / "out" / "preview").exists()  # the kit is not built
        small = _proof(state, f"front.yaml:{_flavour_line(folder)}:5")
        assert small["targets"] == [card_named(state, "Long Stride")["id"]]
        before = card_named(state, "Long Stride")["front"]["url"]
        served.save("cards.yaml", "Never look back.", "Never look sideways.")
        state = served.state()
        assert [c["name"] for c in state["cards"]] == ["Long Stride", "Lucky Find"]
        assert card_named(state, "Long Stride")["front"]["url"] != before
    finally:
        served.server.stop()


def test_only_on_the_command_line_is_checked_first(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "no-such-game", "--port", "0", "--only", "=x"])
    assert result.exit_code == 2 and "--only '=x'" in result.output
    assert "Traceback" not in result.output


def test_serve_proofreads_in_its_own_thread_while_watching(preview_game: Path, tmp_path: Path) -> None:
    """``serve`` itself: the findings come from the proofreader's thread, for the first build
    and for a save the watcher sees."""
    import json
    import threading
    import time
    import urllib.request

    from generator.core.options import BuildOptions
    from generator.serve.run import serve

    folder = _copy(preview_game, tmp_path)
    stop, ready, urls = threading.Event(), threading.Event(), []

    def started(server: Any) -> None:
        urls.append(server.url)
        ready.set()

    def work() -> None:
        serve(
            str(folder), BuildOptions(out_dir=tmp_path / "out"), "127.0.0.1", 0, started, lambda o: None, stop
        )

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    assert ready.wait(60)

    def wait(done: Any) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while True:
            with urllib.request.urlopen(urls[0] + "api/state", timeout=30) as response:
                state = json.load(response)
            if done(state):
                return state
            assert time.monotonic() < deadline, state["line"]
            time.sleep(0.05)

    try:
        first = wait(lambda s: s["status"] == "ok" and not s["proofing"] and "proofread in" in s["line"])
        assert any("proof type-size" in p["text"] for p in first["problems"])
        time.sleep(0.5)  # the watcher starts listening once the first pictures are out
        path = folder / "cards.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("Never look back.", "Look."), "utf-8")
        where = f"front.yaml:{_flavour_line(folder)}:5"
        state = wait(lambda s: not s["proofing"] and "'Look.'" in str(s["problems"]))
        assert "cards.yaml changed" in state["line"] and "4.0 pt" in _proof(state, where)["text"]
    finally:
        stop.set()
        thread.join(30)


def test_a_template_finding_badges_only_the_cards_it_is_seen_on(preview_game: Path, tmp_path: Path) -> None:
    """The rules text element draws on every card, but only Lucky Find's long text shrinks (to
    10.5 pt) below the minimum: that card is badged, not every card drawn with the template."""
    folder = _copy(preview_game, tmp_path, flavour="11pt", proof="proof:\n  min_size: 10.75pt\n")
    cards = folder / "cards.yaml"
    short = "Roll the :die: die. On 4 or more, take another turn."
    long = (
        "Roll the :die: die. On 4 or more, take another turn and draw two cards, then discard one of them "
        "face down. On 4 or more, take another turn and draw two cards, then discard one. On 4 or "
        "more, take another turn and draw two cards."
    )
    text = cards.read_text(encoding="utf-8")
    assert short in text
    cards.write_text(text.replace(short, long), encoding="utf-8")
    served = Served(folder, tmp_path / "out")
    try:
        state = served.state()
        front = (folder / "front.yaml").read_text(encoding="utf-8").splitlines()
        at = next(i for i, t in enumerate(front) if '"{text}"' in t)
        line = next(i for i in range(at, 0, -1) if front[i].lstrip().startswith("- type: text")) + 1
        small = _proof(state, f"front.yaml:{line}:5")
        assert "10.5 pt" in small["text"]
        assert small["targets"] == [card_named(state, "Lucky Find")["id"]], small
        assert len(state["cards"]) > 2  # the other cards draw the element and pass
    finally:
        served.server.stop()


def test_a_card_face_finding_badges_only_the_cards_it_is_found_on(
    preview_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A widow is found on the laid-out faces (no page geometry of its own): of the cards drawn
    with the rules text element, only Lucky Find, whose text ends in a lone 'go.', is badged.
    The fitter's widow control is switched off, as a box with no room for it would leave one."""
    from generator.text import fit

    monkeypatch.setattr(fit, "_no_widows", lambda lines, wrapped, limit, spare: wrapped)
    folder = _copy(preview_game, tmp_path, flavour="8pt", proof="")
    cards = folder / "cards.yaml"
    short = "Roll the :die: die. On 4 or more, take another turn."
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace(short, short + " then draw go."), encoding="utf-8")
    served = Served(folder, tmp_path / "out")
    try:
        state = served.state()
        [widow] = [p for p in state["problems"] if "(a widow)" in p["text"]]
        assert "'Lucky Find' (go.)" in widow["text"] and widow["severity"] == "warning"
        assert widow["targets"] == [card_named(state, "Lucky Find")["id"]], widow
        assert all(len(p["targets"]) == len(set(p["targets"])) for p in state["problems"])
    finally:
        served.server.stop()
