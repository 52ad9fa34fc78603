"""Jaunty Jalopies: the designed decks check clean, the checks catch broken cards, the printed
faces carry every card's data, and the Fiendish Plot backs are solid black."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.core.options import BuildOptions
from generator.kit.build import build_game
from generator.load.loader import load_game
from generator.rules.composition import composition_breaches

GAME = Path(__file__).resolve().parent.parent / "carddata" / "jaunty-jalopies"


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def built(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("jj")
    build_game(game, BuildOptions(out_dir=out))
    return out / "jaunty-jalopies"


def test_check_is_clean(run_cli):
    code, out, err = run_cli("check", "jaunty-jalopies")
    assert code == 0, out + err
    assert "no problems found" in out


def test_decks_and_counts(game):
    cards = game.deck("cards")
    assert cards.size == 110 and game.deck("plots").size == 12 and game.deck("racers").size == 13
    roads = [c for c in cards.cards if "road" in c.get("kinds")]
    combos = sum(c.count for c in roads if "driving" in c.get("kinds"))
    assert combos > sum(c.count for c in roads) / 2  # "Most Road Sections are also Driving cards"
    assert sum(c.count for c in roads) >= 24
    assert {c.type for c in game.deck("plots").cards} == {"fiendish"}
    assert game.deck("plots").back == "jaunty-plot-back"


def test_thirteen_credited_racers(game):
    names = {c.name for c in game.deck("racers").cards}
    assert names == {
        "Angus MacTavish", "Cliff Graham", "Dexter Johnson", "Fifi Le Boom", "The Great Hoodini",
        "Hata Marie", "John Smith", "Luigi Rigatoni", "Otto von Klank", "Sir R. Bartholomew III",
        "Sultan Mahmood", "Zeke Hatfield", "Lady Chadwick",
    }  # fmt: skip
    for racer in game.deck("racers").cards:
        assert (
            racer.get("abilities")
            and racer.get("sidekick")
            and racer.get("emblem") in game.icons | _bundled()
        )


def _bundled() -> dict[str, Path]:
    folder = Path(__file__).resolve().parent.parent / "templates" / "icons"
    return {p.stem: p for p in folder.glob("*.svg")}


def _broken(tmp_path: Path, file: str, old: str, new: str):
    folder = tmp_path / "jaunty-jalopies"
    shutil.copytree(GAME, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return {b.rule for b in composition_breaches(load_game(folder))}


def test_wrong_symbol_is_caught(tmp_path):
    found = _broken(tmp_path, "cards.yaml", "symbols: [R, D], penalty: 0", "symbols: [R], penalty: 0")
    assert found == {"symbols-match-kinds"}


def test_capitals_out_of_order_are_caught(tmp_path):
    old = "Use your PERSONALITY to win back your sweetheart, then DRIVING away"
    found = _broken(tmp_path, "cards.yaml", old, "Go DRIVING to your sweetheart, then use PERSONALITY away")
    assert found == {"capitals-match-requirements"}


def test_requirement_naming_no_type_is_caught(tmp_path):
    found = _broken(tmp_path, "cards.yaml", "requires: [equipment],", "requires: [experience],")
    assert "capitals-match-requirements" in found


def test_plot_with_ordinary_back_is_caught(tmp_path):
    found = _broken(tmp_path, "game.yaml", "back: jaunty-plot-back", "back: jaunty-back")
    assert found == {"plot-back-black"}


def test_too_few_roads_is_caught(tmp_path):
    found = _broken(
        tmp_path,
        "cards.yaml",
        "type: road, count: 3, kinds: [road, driving], symbols: [R, D], penalty: 2",
        "type: road, count: 1, kinds: [road, driving], symbols: [R, D], penalty: 2",
    )
    assert {"road-count", "road-driving-count", "deck-size"} <= found


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_every_card_face_carries_its_data(game, built):
    for deck in ("cards", "plots", "racers"):
        pages = PdfReader(built / f"{deck}.pdf").pages
        faces = _squash(" ".join(p.extract_text() for p in pages[::2]))
        for card in game.deck(deck).cards:
            assert _squash(card.name if deck != "racers" else card.name.upper()) in faces, card.name
            for field in ("text", "flavor", "sidekick", "motto"):
                if card.get(field):
                    assert _squash(card.get(field).replace("**", "")) in faces, (card.name, field)
            for ability in card.get("abilities") or ():
                assert _squash(ability) in faces, card.name
            if deck == "racers":
                assert f"HANDSIZE{card.get('hand')}DRAWRATE{card.get('draw')}" in faces
            elif card.type == "road":  # no text: the sign and one line say it (issue 32)
                assert f"{card.get('penalty')}DISCARD" in faces
                assert not card.get("text")
            if card.type == "road" and "driving" in card.get("kinds"):
                assert _squash("+ DRIVING: counts as the Driving card to enter it") in faces
            elif card.type == "road":
                assert _squash("NEEDS A DRIVING CARD to enter it") in faces
            elif card.type == "terrain":
                assert f"{card.get('terrain'):+d}DISCARDPENALTY" in faces


def test_symbol_letters_are_printed(game, built):
    first = PdfReader(built / "cards.pdf").pages[0].extract_text()
    assert first.count("R") >= 9 and first.count("D") >= 9


def test_fiendish_backs_are_solid_black(built):
    doc = pdfium.PdfDocument(built / "plots.pdf")
    assert len(doc) % 2 == 0
    for i in range(1, len(doc), 2):
        image = doc[i].render(scale=1).to_pil().convert("RGB")
        dark = image.point(lambda v: 255 if v < 8 else 0).convert("L")
        box = dark.getbbox()
        assert box is not None
        area = image.crop(box)
        pixels = (
            list(area.get_flattened_data()) if hasattr(area, "get_flattened_data") else list(area.getdata())
        )
        black = sum(1 for p in pixels if max(p) < 8)
        assert black / len(pixels) > 0.999
        assert (box[2] - box[0]) > image.width * 0.8  # the whole grid of backs, not a speck
