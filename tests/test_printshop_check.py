"""``check --printshop SHOP``: sizes the shop does not make, content outside its safe zone, and
images below 300 dpi at the size it prints, each at the line to change."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.conftest import MINI_FRONT, MINI_GAME, write_game


def _png(w: int, h: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (w, h), "#c0392b").save(out, "PNG")
    return out.getvalue()


def _game(tmp_path: Path, extra: str, files: dict | None = None) -> Path:
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT + extra})
    for rel, data in (files or {}).items():
        (game / rel).write_bytes(data)
    return game


LINE = len(MINI_FRONT.splitlines()) + 1  # the first element added after the mini template's own


def test_text_past_the_safe_zone_is_located_at_its_element(run_cli, tmp_path: Path):
    game = _game(tmp_path, '  - {type: text, box: [1mm, 30mm, 20mm, 8mm], text: "Edge", size: 10pt}\n')
    plain = run_cli("check", game)  # plain check knows no shop: the proofreader's 3 mm (issue 31)
    assert plain[0] == 1 and "proof trim: text 'Edge' lies 1.0 mm from the trim at the left" in plain[2]
    code, _, err = run_cli("check", game, "--printshop", "thegamecrafter")
    assert code == 1
    assert (
        f"mini/templates/mini-front.yaml:{LINE}:5: elements[5]: template 'mini-front': this text reaches 2.2 mm "
        "past The Game Crafter's safe zone (3.17 mm inside the trim) at the left on the front of 'Alpha', where "
        "the cut may take it: move it 2.2 mm inward or make its box smaller (box: [1mm, 30mm, 20mm, 8mm])"
    ) in err
    assert "Traceback" not in err


def test_what_counts_is_the_ink_not_the_box(run_cli, tmp_path: Path):
    """A full-width box with short centred text, a background image and shapes running into the
    bleed: nothing to report."""
    extra = (
        '  - {type: text, box: [0mm, 30mm, 63.5mm, 8mm], text: "Middle", align: center, size: 10pt}\n'
        "  - {type: image, box: bleed, file: art.png, fit: cover}\n"
        "  - {type: rect, box: [-3mm, 80mm, 69.5mm, 12mm], fill: '#333333'}\n"
        "  - {type: line, box: [0mm, 50mm, 63.5mm, 0mm]}\n"
    )
    game = _game(tmp_path, extra, {"art.png": _png(900, 1200)})
    code, out, err = run_cli("check", game, "--printshop", "drivethrucards")
    assert code == 0, err
    assert "no problems found" in out


def test_an_icon_and_an_image_inside_the_trim_are_checked(run_cli, tmp_path: Path):
    extra = (
        "  - {type: image, box: [0.5mm, 60mm, 10mm, 10mm], file: art.png}\n"
        "  - {type: icon, box: [55mm, 60mm, 8mm, 8mm], icon: star}\n"
    )
    game = _game(tmp_path, extra, {"art.png": _png(400, 400)})
    code, _, err = run_cli("check", game, "--printshop", "makeplayingcards")
    assert code == 1
    assert (
        f"mini-front.yaml:{LINE}:5: elements[5]: template 'mini-front': this image reaches 2.5 mm past" in err
    )
    assert (
        f"mini-front.yaml:{LINE + 1}:5: elements[6]: template 'mini-front': this icon reaches 2.5 mm past"
        in err
    )
    assert "at the right on the front of 'Alpha'" in err


def test_a_size_the_shop_does_not_make_names_the_nearest(run_cli, tmp_path: Path):
    game = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME.replace("size: poker", "size: mini-american")}
    )
    code, _, err = run_cli("check", game, "--printshop", "thegamecrafter")
    assert code == 1
    assert (
        "mini/game.yaml:13:5: decks[0] ('cards'): The Game Crafter does not make 41 x 63 mm cards (it makes: poker, "
        "bridge, mini, tarot, square, business); the nearest is mini, 44.45 x 63.5 mm: set the deck's size to "
        "{width: 44.45mm, height: 63.5mm} and check the templates, or choose another shop"
    ) in err
    assert run_cli("check", game, "--printshop", "generic")[0] == 0  # generic takes any size


def test_images_below_300_dpi_at_the_shop_size(run_cli, tmp_path: Path):
    """A 63.2 x 88.6 mm deck prints at the shop's 63.5 x 88.9 mm: a full-card image of 700 px
    goes from 281 dpi to 280 dpi."""
    game = _game(
        tmp_path, "  - {type: image, box: trim, file: art.png, fit: cover}\n", {"art.png": _png(700, 980)}
    )
    (game / "game.yaml").write_text(MINI_GAME.replace("size: poker", "size: {width: 63.2mm, height: 88.6mm}"))
    code, _, err = run_cli("check", game, "--printshop", "thegamecrafter")
    assert code == 0, err
    assert "warning: card 'Alpha': template 'mini-front' (" in err
    assert "image 'art.png' prints at 281 dpi on the front of 'Alpha'" in err  # plain check, the deck's size
    assert "image 'art.png' prints at 280 dpi on the front of 'Alpha'" in err
    assert "pixels (at The Game Crafter's card size)" in err


def test_a_problem_plain_check_gives_is_not_repeated(run_cli, tmp_path: Path):
    game = _game(
        tmp_path,
        "  - {type: image, box: [10mm, 40mm, 40mm, 30mm], file: art.png}\n",
        {"art.png": _png(400, 300)},
    )  # 254 dpi, the same at DriveThruCards' poker size
    code, _, err = run_cli("check", game, "--printshop", "drivethrucards")
    assert code == 0, err
    assert err.count("image 'art.png' prints at 254 dpi") == 1


def test_a_bad_preset_in_check(run_cli, mini_game: Path, tmp_path: Path):
    (tmp_path / "shop.yaml").write_text("name: x\ntitle: X\nsource: s\nsafe_zone: 3\n", encoding="utf-8")
    code, _, err = run_cli("check", mini_game, "--printshop", "shop.yaml")
    assert code == 1 and "Traceback" not in err
    assert (
        "shop.yaml:4:12: safe_zone: expected a length with a unit such as '3mm', '0.5in' or '10pt', found '3'"
        in err
    )
    assert run_cli("check", mini_game, "--printshop", "nowhere.yaml")[0] == 2


def test_a_bundled_game_passes_a_shop(run_cli):
    code, out, err = run_cli("check", "road-runner", "--printshop", "drivethrucards")
    assert code == 0, err
    assert "Road Runner: 80 cards in 1 deck, no problems found." in out
