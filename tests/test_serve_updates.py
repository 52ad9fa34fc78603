"""`deckwright serve` after saves: only what changed is drawn again, a failed build keeps the last
good pictures, problems point at their card or page, the game's rules code never runs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MINI_GAME, write_game
from tests.serving import Served, card_named, line_of


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
    assert served.get(card_named(after, "Long Stride")["front"]["url"])[0] == 200
    # marked as changed, its picture before the save kept to compare; the others unmarked
    stride = card_named(after, "Long Stride")
    assert stride["change"] == "changed" and stride["before"][0] == card_named(before, "Long Stride")["front"]
    assert served.get(stride["before"][0]["url"])[0] == 200
    assert [c["change"] for c in after["cards"] if c["name"] != "Long Stride"] == ["", ""]
    served.save("cards.yaml", "take another turn.", "take another two turns.")
    later = served.state()
    assert [c["change"] for c in later["cards"]] == ["", "", "changed"]
    assert served.get(stride["before"][0]["url"])[0] == 404  # the older picture is gone


def test_broken_edit_keeps_the_last_good_pictures_and_points_at_the_card(served: Served) -> None:
    before = served.state()
    line = line_of(served.folder / "cards.yaml", "cost: 2")
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
    assert problem["targets"] == [card_named(state, "Long Stride")["id"]]
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


def test_the_games_rules_code_is_never_run(preview_game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "ruled"
    shutil.copytree(preview_game, folder)
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
    from generator.serve import watch

    seen: list[dict[str, Any]] = []
    build = watch._build_decks

    def spy(*args: Any) -> list[Path]:
        seen.append(json.loads(served.preview.snapshot().state))  # what the page has meanwhile
        return build(*args)

    monkeypatch.setattr(watch, "_build_decks", spy)
    before = card_named(served.state(), "Lucky Find")["front"]
    served.save("cards.yaml", "take another turn.", "take two more turns.")
    [meanwhile] = seen
    assert card_named(meanwhile, "Lucky Find")["front"] != before and "writing the PDFs" in meanwhile["line"]
    assert card_named(served.state(), "Lucky Find")["front"] == card_named(meanwhile, "Lucky Find")["front"]


def test_text_that_does_not_fit_is_drawn_anyway_with_the_overflow_outlined(served: Served) -> None:
    before = served.state()
    served.save("cards.yaml", "take another turn.", "take another turn. " + "And again, and again. " * 40)
    state = served.state()
    assert state["status"] == "failed" and "the kit files were not written" in state["line"]
    lucky = card_named(state, "Lucky Find")
    assert lucky["front"] != card_named(before, "Lucky Find")["front"] and lucky["change"] == "changed"
    [box] = lucky["overflow"]
    left, top, width, height = box["box"]
    assert box["side"] == "front" and 0 < left < 0.2 and 0 < top < 1 and 0.5 < width < 1 and 0 < height < 1
    assert [c["overflow"] for c in state["cards"] if c["name"] != "Lucky Find"] == [[], []]
    assert [c["front"] for c in state["cards"] if c["name"] != "Lucky Find"] == [
        c["front"] for c in before["cards"] if c["name"] != "Lucky Find"
    ]
    overflow = [p for p in state["problems"] if "text does not fit on the front of 'Lucky Find'" in p["text"]]
    assert overflow and overflow[0]["targets"] == [lucky["id"]]
    assert served.preview.session.game is not None  # the kit's files: still the last good build's
    served.save("cards.yaml", "And again, and again. " * 40, "")
    state = served.state()
    assert state["status"] == "ok" and all(c["overflow"] == [] for c in state["cards"]), (
        state["problems"],
        [c["overflow"] for c in state["cards"]],
    )


def test_a_first_build_whose_text_does_not_fit_shows_its_cards(preview_game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    path = folder / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("take another turn.", "take another turn. " + "Again. " * 80), encoding="utf-8"
    )
    served = Served(folder, tmp_path / "out")
    try:
        state = served.state()
        assert state["status"] == "failed" and len(state["cards"]) == 3
        assert card_named(state, "Lucky Find")["overflow"] and state["files"] == []
    finally:
        served.server.stop()


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


def test_a_field_from_the_decks_defaults_says_so(served: Served) -> None:
    served.save(
        "game.yaml",
        "    cards: [cards.yaml]\n",
        "    cards: [cards.yaml]\n    defaults: {flavor: Keep moving.}\n",
    )
    state = served.state()
    assert state["status"] == "ok" and "the whole kit" in state["line"]
    data = json.loads(served.get(f"/api/card?id={card_named(state, 'Quick Step')['id']}")[2])
    flavor = next(f for f in data["fields"] if f["name"] == "flavor")
    line = line_of(served.folder / "game.yaml", "defaults: {flavor: Keep moving.}")
    assert flavor["value"] == "Keep moving." and flavor["from"] == "default"
    assert flavor["where"].endswith(f"game.yaml:{line}:24")  # the default value itself
    stride = json.loads(served.get(f"/api/card?id={card_named(state, 'Long Stride')['id']}")[2])
    assert next(f for f in stride["fields"] if f["name"] == "flavor")["from"] == "card"


def test_a_field_typo_points_at_every_card_it_breaks(served: Served) -> None:
    ids = [c["id"] for c in served.state()["cards"]]
    served.save("front.yaml", "{name}", "{nmae}")
    state = served.state()
    assert state["status"] == "failed"
    [typo] = state["problems"]
    assert "uses field 'nmae', which 3 cards do not have" in typo["text"] and typo["targets"] == ids


def test_a_problem_in_a_template_points_at_every_card_drawn_with_it(served: Served) -> None:
    ids = [c["id"] for c in served.state()["cards"]]
    served.save("front.yaml", "    box: [49mm, 3mm", "    box: [30mm, 3mm")
    state = served.state()
    assert state["status"] == "ok"  # an overlap is a warning: the kit is written
    [overlap] = [p for p in state["problems"] if "overlaps" in p["text"]]
    assert (
        overlap["severity"] == "warning" and "front.yaml:" in overlap["where"] and overlap["targets"] == ids
    )
    data = json.loads(served.get(f"/api/card?id={card_named(state, 'Lucky Find')['id']}")[2])
    front = data["templates"][0]
    bonus_band = re.search(r'bonus: \{band: "(#[0-9a-f]{6})"', (served.folder / "front.yaml").read_text())
    assert front["rules"] == ["default", "bonus"] and front["style"]["band"] == bonus_band[1]


BOARD = "name: track\nsize: {width: 200mm, height: 150mm}\nfeatures:\n  - type: map\n    nodes:\n      a: {at: [10mm, 10mm]}\n      b: {at: [80mm, 10mm]}\n"


def test_boards_are_shown_and_their_problems_point_at_their_pages(tmp_path: Path) -> None:
    folder = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": BOARD}
    )
    served = Served(folder, tmp_path / "out")
    try:
        pages = served.state()["pages"]
        assert {(p["kind"], p["file"]) for p in pages} == {
            ("board", "track.pdf"),
            ("board (tiled)", "track-tiled.pdf"),
        }
        served.save("board.yaml", "features:", "feature:")
        state = served.state()
        assert state["status"] == "failed" and state["pages"] == pages
        [problem] = state["problems"]
        assert "board.yaml:3:1" in problem["where"] and problem["targets"] == [p["id"] for p in pages]
    finally:
        served.server.stop()


def test_a_failed_first_build_says_there_is_nothing_to_show_yet(preview_game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    path = folder / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("cost: 2", "cost: fast"), encoding="utf-8")
    served = Served(folder, tmp_path / "out")
    try:
        state = served.state()
        assert state["status"] == "failed" and state["cards"] == []
        assert "could not be built, so there is nothing to show yet" in state["line"]
        assert "last good pictures" not in state["line"]
        [problem] = state["problems"]
        assert problem["where"].endswith(f"preview/cards.yaml:{line_of(path, 'cost: fast')}:11")
        served.save("cards.yaml", "cost: fast", "cost: 2")
        state = served.state()
        assert (
            state["status"] == "ok" and len(state["cards"]) == 3 and "rebuilt the whole kit" in state["line"]
        )
        assert state["boot"] == served.preview.boot and state["version"] > 1
    finally:
        served.server.stop()


def test_a_template_change_marks_every_card_it_touched_and_a_new_card_as_new(served: Served) -> None:
    first = served.state()
    served.save("front.yaml", "    size: 8pt\n", "    size: 9pt\n")  # the flavour line: Long Stride only
    state = served.state()
    assert {c["name"]: c["change"] for c in state["cards"]} == {
        "Quick Step": "",
        "Long Stride": "changed",
        "Lucky Find": "",
    }
    served.save(
        "cards.yaml", "cards:\n", "cards:\n  - name: Fresh\n    type: bonus\n    cost: 0\n    text: Go.\n"
    )
    state = served.state()
    assert (state["cards"][0]["name"], state["cards"][0]["change"]) == ("Fresh", "new")
    assert all(c["change"] == "" for c in state["cards"][1:])  # moved down, not changed
    assert len(first["cards"]) == 3
