"""``export --png --only`` writes the chosen cards only, and a print shop's guide asks for no back
image a one-sided deck does not have (issue 33, item 7)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests.conftest import MINI_GAME, write_game


def test_export_png_writes_only_the_chosen_cards(mini_game: Path, tmp_path: Path, run_cli):
    code, out, err = run_cli(
        "export", str(mini_game), "--png", str(tmp_path / "png"), "--dpi", "72", "--only", "Beta"
    )
    assert code == 0, out + err
    folder = tmp_path / "png" / "mini-proof" / "cards"
    names = sorted(p.name for p in folder.glob("*.png"))
    assert names and all("beta" in n for n in names), names
    assert not (tmp_path / "png" / "mini").exists()  # the whole export, if any, is left as it was
    with Image.open(folder / names[0]) as image:
        assert image.format == "PNG"
    code, out, err = run_cli("export", str(mini_game), "--png", str(tmp_path / "png"), "--only", "Gamma")
    assert code == 2 and "no card is named 'Gamma'" in out + err


def test_export_cards_with_only_writes_the_chosen_rows(mini_game: Path, tmp_path: Path, run_cli):
    code, out, err = run_cli(
        "export", str(mini_game), "--cards", str(tmp_path / "c.csv"), "--only", "type=hero"
    )
    assert code == 0, out + err
    rows = (tmp_path / "c.csv").read_text().splitlines()
    assert len(rows) == 2 and "Alpha" in rows[1]


def test_the_game_crafter_guide_asks_for_no_back_a_deck_does_not_have(tmp_path: Path, run_cli):
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("back: mini-back", "back: none")})
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"), "--printshop", "thegamecrafter")
    assert code == 0, out + err
    kit = tmp_path / "out" / "mini"
    images = list((kit / "printshop-thegamecrafter").rglob("*.png"))
    assert images and not any(p.name.startswith("back-") for p in images)
    guide = (kit / "print-guide.md").read_text()
    assert "and shared backs once" not in guide
    assert "no back image (the cards are one-sided: choose the shop's plain back)" in guide
    assert (
        "and the back image as the deck's back (for a deck with a back image; Mini Game: fronts only" in guide
    )


def test_the_game_crafter_guide_keeps_the_back_of_a_two_sided_deck(mini_game: Path, tmp_path: Path, run_cli):
    code, out, err = run_cli(
        "build", str(mini_game), "-o", str(tmp_path / "out"), "--printshop", "thegamecrafter"
    )
    assert code == 0, out + err
    guide = (tmp_path / "out" / "mini" / "print-guide.md").read_text()
    assert "and shared backs once" in guide and "and the back image as the deck's back." in guide
