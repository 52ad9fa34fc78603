"""`deckwright export GAME --png DIR` and `--tts DIR`: card faces as images, TTS deck sheets."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from generator.cli import app
from generator.export.images import copy_names
from generator.export.tts import PER_SHEET, Sheet, grid, saved_object
from generator.load.loader import load_game
from generator.load.scaffold import new_game

runner = CliRunner()


def _run(*args: str):
    return runner.invoke(app, ["export", *args])


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter game of `deckwright new`: three designs, six cards, one back."""
    return new_game("starter", tmp_path_factory.mktemp("games"))


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter game plus 70 generated designs, and Bonus cards with a back of their own."""
    folder = new_game("big", tmp_path_factory.mktemp("games"))
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(
        text.replace("bonus: {label: Bonus}", "bonus: {label: Bonus, back: front}"), encoding="utf-8"
    )
    costs = ", ".join(str(n) for n in range(70))
    extra = f'generate:\n  - product:\n      cost: [{costs}]\n    card: {{name: "Filler {{cost}}", type: action, text: "Filler."}}\n'
    with (folder / "cards.yaml").open("a", encoding="utf-8") as handle:
        handle.write(extra)
    return folder


def _about(size: tuple[int, int], expected: tuple[float, float]) -> None:
    """Pixel sizes: the size in inches times the dpi, give or take pdfium's rounding."""
    assert all(abs(got - want) <= 1 for got, want in zip(size, expected, strict=True)), (size, expected)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_png_one_file_per_face_named_by_deck_card_and_copy(starter: Path, tmp_path: Path) -> None:
    result = _run(str(starter), "--png", str(tmp_path), "--dpi", "72")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "starter"
    expected = {".deckwright-kit", "main-contact.png", "credits.md"}  # the starter credits its game icons
    for name in (
        "quick-step-1",
        "quick-step-2",
        "quick-step-3",
        "long-stride-1",
        "long-stride-2",
        "lucky-find-1",
    ):
        expected |= {f"main/{name}-front.png", f"main/{name}-back.png"}
    assert set(_files(folder)) == expected
    with Image.open(folder / "main" / "lucky-find-1-front.png") as image:  # poker card + 3 mm bleed, 72 dpi
        _about(image.size, ((63.5 + 6) / 25.4 * 72, (88.9 + 6) / 25.4 * 72))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_png_without_bleed_is_the_trim(starter: Path, tmp_path: Path) -> None:
    assert _run(str(starter), "--png", str(tmp_path), "--dpi", "150", "--no-bleed").exit_code == 0
    with Image.open(tmp_path / "starter" / "main" / "quick-step-1-front.png") as image:
        assert image.size == (375, 525)  # 63.5 x 88.9 mm at 150 dpi, to the pixel


def test_png_faces_are_the_print_shop_pages(starter: Path, tmp_path: Path) -> None:
    """The images are the pages `build --printshop` writes, rasterised: pixel for pixel."""
    build = runner.invoke(app, ["build", str(starter), "--printshop", "generic", "-o", str(tmp_path / "kit")])
    assert build.exit_code == 0, build.output
    assert _run(str(starter), "--png", str(tmp_path / "png"), "--dpi", "100").exit_code == 0
    pdf = pdfium.PdfDocument(tmp_path / "kit" / "starter" / "printshop-generic" / "cards.pdf")
    names = [name for _, name in copy_names(load_game(str(starter)).decks[0])]
    for page, name, side in [(0, names[0], "front"), (1, names[0], "back"), (6, names[3], "front")]:
        expected = pdf[page].render(scale=100 / 72).to_pil().convert("RGB")
        with Image.open(tmp_path / "png" / "starter" / "main" / f"{name}-{side}.png") as got:
            assert got.size == expected.size
            assert ImageChops.difference(got.convert("RGB"), expected).getbbox() is None
    pdf.close()


def test_png_same_bytes_twice(starter: Path, tmp_path: Path) -> None:
    for run in ("a", "b"):
        assert _run(str(starter), "--png", str(tmp_path / run), "--dpi", "50").exit_code == 0
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_contact_sheet_shows_every_design_and_each_back(big: Path, tmp_path: Path) -> None:
    assert _run(str(big), "--png", str(tmp_path), "--dpi", "36").exit_code == 0
    with Image.open(tmp_path / "big" / "main-contact.png") as sheet:
        # 73 designs + 2 different backs = 75 tiles: 10 columns, 8 rows of 200 px thumbnails
        assert sheet.width == 16 + 10 * (200 + 16)
        thumb_h = round(200 * 88.9 / 63.5)
        assert sheet.height == 56 + 8 * (thumb_h + 38 + 16) + 16


def test_same_names_get_their_own_copy_numbers(starter: Path) -> None:
    deck = load_game(str(starter)).decks[0]
    twins = replace(deck, cards=tuple(replace(c, name="Joker") for c in deck.cards[:2]))
    assert [n for _, n in copy_names(twins)] == ["joker-1", "joker-2", "joker-3", "joker-4", "joker-5"]
    accents = replace(deck, cards=(replace(deck.cards[2], name="Ente über Bord!"),))
    assert copy_names(accents) == [(0, "ente-uber-bord-1")]


@pytest.mark.parametrize("option", ["--png", "--tts"])
def test_a_failed_export_leaves_the_earlier_one(option: str, starter: Path, tmp_path: Path) -> None:
    assert _run(str(starter), option, str(tmp_path), "--dpi", "36").exit_code == 0
    before = _files(tmp_path)
    broken = tmp_path / "broken"
    broken.mkdir()
    for path in starter.iterdir():
        (broken / path.name).write_bytes(path.read_bytes())
    front = broken / "front.yaml"
    front.write_text(front.read_text(encoding="utf-8").replace("{name}", "{nmae}"), encoding="utf-8")
    result = _run(str(broken), option, str(tmp_path), "--dpi", "36")  # the same game name: same folder
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "front.yaml:" in result.output and "nmae" in result.output
    after = {k: v for k, v in _files(tmp_path).items() if not k.startswith("broken/")}
    assert after == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("option", ["--png", "--tts"])
def test_a_file_where_the_folder_should_be(option: str, starter: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file")
    result = _run(str(starter), option, str(blocker))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{option}: " in result.output and "is a file, not a folder" in result.output
    assert blocker.read_text() == "a file"


def test_png_and_tts_into_one_folder_is_refused(starter: Path, tmp_path: Path) -> None:
    result = _run(str(starter), "--png", str(tmp_path), "--tts", str(tmp_path))
    assert result.exit_code == 2 and "different folders" in result.output
    assert list(tmp_path.iterdir()) == []


def test_grid_keeps_the_hidden_slot_free() -> None:
    assert grid(1) == (2, 2) and grid(9) == (10, 2) and grid(10) == (10, 2) and grid(69) == (10, 7)
    for n in range(1, PER_SHEET + 1):
        columns, rows = grid(n)
        assert 2 <= columns <= 10 and 2 <= rows <= 7 and n < columns * rows
    with pytest.raises(ValueError):
        grid(70)


def _tts(game: Path, out: Path, *extra: str) -> dict:
    result = _run(str(game), "--tts", str(out), "--dpi", "36", *extra)
    assert result.exit_code == 0, result.output
    return json.loads((out / game.name / f"{game.name}.json").read_text(encoding="utf-8"))


def test_tts_saved_object_matches_the_deck(big: Path, tmp_path: Path) -> None:
    saved = _tts(big, tmp_path)
    game = load_game(str(big))
    deck = game.decks[0]
    (state,) = saved["ObjectStates"]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == deck.title
    copies = list(deck.copies())
    assert len(state["DeckIDs"]) == len(copies) == deck.size == 76
    assert [c["Nickname"] for c in state["ContainedObjects"]] == [c.card.name for c in copies]
    assert [c["CardID"] for c in state["ContainedObjects"]] == state["DeckIDs"]
    # 72 action designs on the shared back (69 + 3 over two sheets), 1 bonus design on its own back
    sheets = state["CustomDeck"]
    assert sorted(sheets) == ["1", "2", "3"]
    assert [(sheets[k]["NumWidth"], sheets[k]["NumHeight"]) for k in ("1", "2", "3")] == [
        (10, 7),
        (4, 2),
        (2, 2),
    ]
    assert len({sheets[k]["BackURL"] for k in sheets}) == 2
    design_of = {}
    for copy, card_id in zip(copies, state["DeckIDs"], strict=True):
        key, slot = divmod(card_id, 100)
        entry = sheets[str(key)]
        assert slot < entry["NumWidth"] * entry["NumHeight"] - 1  # never the hidden slot
        assert design_of.setdefault(card_id, id(copy.card)) == id(copy.card)  # one ID per design
    assert len(design_of) == len(deck.cards) == 73
    for obj, card_id in zip(state["ContainedObjects"], state["DeckIDs"], strict=True):
        assert obj["CustomDeck"] == {str(card_id // 100): sheets[str(card_id // 100)]}
    for entry in sheets.values():
        face = Path(unquote(urlparse(entry["FaceURL"]).path))
        assert face.parent == (tmp_path / "big").resolve() and face.is_file()
        with Image.open(face) as image:
            w, h = image.size
            assert w % entry["NumWidth"] == 0 and h % entry["NumHeight"] == 0
            assert w <= 4096 and h <= 4096
            card_w, card_h = w // entry["NumWidth"], h // entry["NumHeight"]
            assert abs(card_w / card_h - 63.5 / 88.9) < 0.01


def test_tts_hosted_urls_and_same_bytes(starter: Path, tmp_path: Path) -> None:
    saved = _tts(starter, tmp_path / "a", "--tts-url", "https://example.org/my game/")
    _tts(starter, tmp_path / "b", "--tts-url", "https://example.org/my game/")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/my game/main-1.png"
    assert entry["BackURL"] == "https://example.org/my game/main-back.png"
    assert (entry["NumWidth"], entry["NumHeight"], entry["BackIsHidden"]) == (4, 2, True)


def test_tts_sheet_stays_within_4096_pixels_at_high_dpi(big: Path, tmp_path: Path) -> None:
    result = _run(str(big), "--tts", str(tmp_path), "--dpi", "600")
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "big" / "main-1.png") as image:
        assert max(image.size) <= 4096 and max(image.size) > 4000


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--png", "{tmp}", "--tts-url", "https://example.org/x"], "use it with --tts DIR"),
        (["--tts", "{tmp}", "--tts-url", "example.org/x"], "--tts-url example.org/x: not a web address"),
        (["--png", "{tmp}", "--dpi", "5"], "--dpi"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], words: str, starter: Path, tmp_path: Path) -> None:
    result = _run(str(starter), *[a.replace("{tmp}", str(tmp_path / "out")) for a in args])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert words in result.output
    assert not (tmp_path / "out").exists()


def test_a_deck_without_backs(starter: Path, tmp_path: Path) -> None:
    game = tmp_path / "backless"
    game.mkdir()
    for path in starter.iterdir():
        (game / path.name).write_bytes(path.read_bytes())
    spec = game / "game.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_text(
        text.replace("    back: back\n", "").replace("name: starter", "name: backless", 1), encoding="utf-8"
    )
    assert _run(str(game), "--png", str(tmp_path / "png"), "--dpi", "36").exit_code == 0
    names = sorted(p.name for p in (tmp_path / "png" / "backless" / "main").iterdir())
    assert names and all(n.endswith("-front.png") for n in names)
    saved = _tts(game, tmp_path / "tts")
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    with Image.open(Path(unquote(urlparse(entry["BackURL"]).path))) as back:
        assert back.convert("RGB").getextrema() == ((255, 255), (255, 255), (255, 255))  # plain white


def test_tts_cards_keep_their_size_and_orientation(starter: Path) -> None:
    """Scaled from TTS's poker-sized card to the deck's own size; landscape decks lie sideways."""
    game = load_game(str(starter))
    deck = game.decks[0]
    wide = replace(deck, width=deck.height, height=deck.width / 2)
    sheets = {deck.name: [Sheet(7, 4, 2, "main-1.png", "main-back.png", list(deck.cards))]}
    for shape, sideways, scale in ((deck, False, (1.0, 1.0)), (wide, True, (1.4, 0.3571))):
        saved = json.loads(
            saved_object(replace(game, decks=(shape,)), sheets, lambda name: f"file:///{name}")
        )
        (state,) = saved["ObjectStates"]
        assert state["SidewaysCard"] is sideways
        assert (state["Transform"]["scaleX"], state["Transform"]["scaleZ"]) == scale
        assert state["DeckIDs"] == [700, 700, 700, 701, 701, 702]
        assert all(c["SidewaysCard"] is sideways for c in state["ContainedObjects"])


def test_text_that_does_not_fit_is_drawn_with_a_warning(starter: Path, tmp_path: Path) -> None:
    game = tmp_path / "wordy"
    game.mkdir()
    for path in starter.iterdir():
        (game / path.name).write_bytes(path.read_bytes())
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("Never look back.", "Never look back. " * 60),
        encoding="utf-8",
    )
    result = _run(str(game), "--png", str(tmp_path / "png"), "--dpi", "36")
    assert result.exit_code == 0, result.output
    assert (
        "cards.yaml:" in result.output and "does not fit" in result.output and "problem" not in result.output
    )
    assert (tmp_path / "png" / "starter" / "main" / "long-stride-1-front.png").is_file()
