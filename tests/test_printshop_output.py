"""What ``build --printshop SHOP`` writes: one PDF per deck or one image per card design, at the
shop's size, bleed and page order, into output/<game>/printshop-<shop>/."""

from __future__ import annotations

import csv
import hashlib
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.core import paths
from generator.core.options import BuildOptions
from generator.load.loader import load_game
from generator.printshop import bundled_presets, load_preset, print_size
from generator.printshop.write import write_printshop
from tests.conftest import MINI_GAME, write_game
from tests.test_printshop_presets import GOOD


def _texts(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    document.close()
    return texts


def test_drivethrucards_one_pdf_per_deck_back_then_front(run_cli, mini_game: Path, tmp_path: Path):
    """DriveThruCards' spec asks for card 1's back first, then its front (see the preset)."""
    code, out, err = run_cli("build", mini_game, "--printshop", "drivethrucards", "-o", tmp_path / "o")
    assert code == 0, err
    pdf = tmp_path / "o" / "mini" / "printshop-drivethrucards" / "cards.pdf"
    assert f"wrote {Path('o/mini/printshop-drivethrucards/cards.pdf')}" in out
    reader = PdfReader(pdf)
    assert len(reader.pages) == 6  # Alpha, Beta, Beta: front and back each
    page = reader.pages[0]
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72])
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 2.625 * 72, 3.625 * 72])
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72])
    texts = _texts(pdf)
    assert texts[0].strip() == "" and "Alpha" in texts[1]  # page 1: card 1's back; page 2: its front
    assert texts[2].strip() == "" and "Beta" in texts[3] and "Beta" in texts[5]
    first = pdfium.PdfDocument(pdf)[0].render(scale=0.5).to_pil().convert("RGB")
    centre = first.getpixel((first.width // 2, first.height // 2))  # the mini back's blue, through CMYK
    assert all(abs(a - b) <= 6 for a, b in zip(centre, (0x22, 0x44, 0x66), strict=True)), centre
    guide = (tmp_path / "o" / "mini" / "print-guide.md").read_text(encoding="utf-8")
    assert (
        "printshop-drivethrucards/cards.pdf (Mini Game) for DriveThruCards: 3 cards as 6 pages (back-front)"
        in guide
    )
    assert "printshop-drivethrucards/cards.pdf: for the print shop, not for home (6 pages" in guide
    assert "DriveThruCards prints from CMYK files with total ink at most 240 %." in guide
    assert "Not confirmed from DriveThruCards's own pages (recalled or second-hand): the poker size" in guide


def test_page_order_option_overrides_the_shop(run_cli, mini_game: Path, tmp_path: Path):
    code, _, err = run_cli(
        "build",
        mini_game,
        "--printshop",
        "generic",
        "--printshop-order",
        "fronts-then-backs",
        "--bleed",
        "2",
        "-o",
        tmp_path / "out",
    )
    assert code == 0, err
    pdf = tmp_path / "out" / "mini" / "printshop-generic" / "cards.pdf"
    texts = _texts(pdf)
    assert ["Alpha" in t or "Beta" in t for t in texts] == [True, True, True, False, False, False]
    width = float(PdfReader(pdf).pages[0].mediabox.width)
    assert width == pytest.approx((63.5 + 4) * 72 / 25.4)  # generic: the build's --bleed


def _images(folder: Path, suffix: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix == suffix)


def test_the_game_crafter_one_png_per_design_and_a_manifest(run_cli, mini_game: Path, tmp_path: Path):
    code, _, err = run_cli("build", mini_game, "--printshop", "thegamecrafter", "-o", tmp_path / "a")
    assert code == 0, err
    shop = tmp_path / "a" / "mini" / "printshop-thegamecrafter"
    images = _images(shop / "cards", ".png")
    assert [p.name for p in images] == ["001-alpha-front.png", "002-beta-front.png", "back-mini-back.png"]
    for path in images:
        with Image.open(path) as im:
            assert im.size == (825, 1125) and im.mode == "RGB"
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # PNG stores dots per metre
    with Image.open(shop / "cards" / "back-mini-back.png") as back:  # the back's fill runs to the edge
        assert back.getpixel((0, 0)) == back.getpixel((412, 562)) == (0x22, 0x44, 0x66)
    rows = list(csv.DictReader((shop / "manifest.csv").open(encoding="utf-8")))
    assert [(r["card"], r["count"], r["front"], r["back"]) for r in rows] == [
        ("Alpha", "1", "cards/001-alpha-front.png", "cards/back-mini-back.png"),
        ("Beta", "2", "cards/002-beta-front.png", "cards/back-mini-back.png"),
    ]
    assert len(PdfReader(shop / "cards.pdf").pages) == 4  # the proof: two designs, front and back
    guide = (tmp_path / "a" / "mini" / "print-guide.md").read_text(encoding="utf-8")
    assert (
        "printshop-thegamecrafter/cards/ (Mini Game) for The Game Crafter: 3 PNG images of 825 x 1125 px "
        "(300 dpi, 63.5 x 88.9 mm trim plus 3.17 mm bleed, the poker size)"
    ) in guide
    run_cli("build", mini_game, "--printshop", "thegamecrafter", "-o", tmp_path / "b")
    again = tmp_path / "b" / "mini" / "printshop-thegamecrafter" / "cards"
    for path in images:
        assert (
            hashlib.sha256(path.read_bytes()).digest()
            == hashlib.sha256((again / path.name).read_bytes()).digest()
        )


def test_makeplayingcards_jpg_at_its_own_bleed(run_cli, mini_game: Path, tmp_path: Path):
    code, _, err = run_cli("build", mini_game, "--printshop", "makeplayingcards", "-o", tmp_path / "out")
    assert code == 0, err
    images = _images(tmp_path / "out" / "mini" / "printshop-makeplayingcards" / "cards", ".jpg")
    assert len(images) == 3
    with Image.open(images[0]) as im:
        assert (im.format, im.size) == ("JPEG", (822, 1122))


def test_a_user_preset_file_names_the_folder(run_cli, mini_game: Path, tmp_path: Path):
    (tmp_path / "shop.yaml").write_text(GOOD, encoding="utf-8")
    code, _, err = run_cli("build", mini_game, "--printshop", "shop.yaml", "-o", tmp_path / "o")
    assert code == 0, err
    reader = PdfReader(tmp_path / "o" / "mini" / "printshop-my-shop" / "cards.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(
        (63.5 + 4) * 72 / 25.4
    )  # 63.5 matches 63 +- 0.5
    assert "warning" in err and "My Shop does not make 63.5 x 88.9 mm cards" in err


def test_a_bad_preset_fails_the_build_and_keeps_the_earlier_kit(run_cli, mini_game: Path, tmp_path: Path):
    assert run_cli("build", mini_game, "-o", tmp_path / "o")[0] == 0
    before = (tmp_path / "o" / "mini" / "cards.pdf").read_bytes()
    (tmp_path / "shop.yaml").write_text(GOOD.replace("260", "lots"), encoding="utf-8")
    code, _, err = run_cli("build", mini_game, "--printshop", "shop.yaml", "-o", tmp_path / "o")
    assert code == 1 and "Traceback" not in err
    assert "shop.yaml:9:12: ink_limit: expected a whole number, found 'lots'" in err
    assert (tmp_path / "o" / "mini" / "cards.pdf").read_bytes() == before
    assert not (tmp_path / "o" / "mini" / "printshop-my-shop").exists()
    code, _, err = run_cli("build", mini_game, "--printshop", "nowhere", "-o", tmp_path / "o")
    assert code == 2 and "unknown print shop 'nowhere'" in err


def test_a_size_the_shop_does_not_make_builds_with_a_warning(run_cli, tmp_path: Path):
    game = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME.replace("size: poker", "size: mini-american")}
    )
    code, _, err = run_cli("build", game, "--printshop", "thegamecrafter", "-o", tmp_path / "o")
    assert code == 0, err
    assert (
        "mini/game.yaml:13:5: warning: decks[0] ('cards'): The Game Crafter does not make 41 x 63 mm cards"
        in err
    )
    with Image.open(
        tmp_path / "o" / "mini" / "printshop-thegamecrafter" / "cards" / "001-alpha-front.png"
    ) as im:
        assert im.size == (round((41 / 25.4 + 0.25) * 300), round((63 / 25.4 + 0.25) * 300))


def _first_designs(game, n: int = 2):
    """The game with only the first ``n`` card designs of each deck (a quick build)."""
    return replace(game, decks=tuple(replace(d, cards=d.cards[:n]) for d in game.decks))


@pytest.mark.parametrize("game_name", paths.bundled_games())
def test_every_bundled_game_for_every_shop(game_name: str, tmp_path: Path):
    """Each deck of each game (its first designs) for each preset: a PDF page or image per face,
    at the shop's size."""
    game = _first_designs(load_game(game_name))
    fonts = FontBook.load(game.font_dirs)
    for shop in bundled_presets():
        preset = load_preset(shop)
        written = write_printshop(game, BuildOptions(out_dir=tmp_path), preset, fonts)
        for deck in game.decks:
            stem = "cards" if len(game.decks) == 1 else deck.name
            folder = tmp_path / game.name / f"printshop-{shop}"
            size = print_size(preset, deck.width, deck.height, BuildOptions().bleed)
            reader = PdfReader(folder / f"{stem}.pdf")
            pages = 2 * (deck.size if preset.files == "pdf" else len(deck.cards))
            assert len(reader.pages) == pages, (shop, deck.name)
            assert float(reader.pages[0].mediabox.width) == pytest.approx(size.width + 2 * size.bleed)
            if preset.files == "images":
                front = next(p for p in written if p.parent.name == stem and p.name.startswith("001-"))
                with Image.open(front) as im:
                    assert im.size == size.pixels(preset.dpi), (shop, deck.name)


@pytest.mark.parametrize(
    "shop, game_name",
    [
        ("generic", "road-runner"),
        ("drivethrucards", "maloney"),
        ("thegamecrafter", "entenrallye"),
        ("makeplayingcards", "jokers-row"),
    ],
)
def test_one_whole_game_per_shop(shop: str, game_name: str, tmp_path: Path):
    game = load_game(game_name)
    preset = load_preset(shop)
    written = write_printshop(game, BuildOptions(out_dir=tmp_path), preset, FontBook.load(game.font_dirs))
    for deck in game.decks:
        stem = "cards" if len(game.decks) == 1 else deck.name
        pdf = tmp_path / game.name / f"printshop-{shop}" / f"{stem}.pdf"
        if preset.files == "pdf":
            assert len(PdfReader(pdf).pages) == 2 * deck.size
        else:
            fronts = [p for p in written if p.parent.name == stem and p.stem.endswith("-front")]
            assert len(fronts) == len(deck.cards)


def test_cards_without_a_back_get_no_back_image(run_cli, tmp_path: Path):
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("    back: mini-back\n", "")})
    code, _, err = run_cli("build", game, "--printshop", "thegamecrafter", "--no-backs", "-o", tmp_path / "o")
    assert code == 0, err
    shop = tmp_path / "o" / "mini" / "printshop-thegamecrafter"
    assert sorted(p.name for p in (shop / "cards").iterdir()) == ["001-alpha-front.png", "002-beta-front.png"]
    rows = list(csv.DictReader((shop / "manifest.csv").open(encoding="utf-8")))
    assert [r["back"] for r in rows] == ["", ""]
