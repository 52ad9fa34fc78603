"""``export --showcase``: a fan or a spread of chosen card fronts, same bytes every time."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.export.showcase import _perspective, chosen_cards
from generator.load.loader import load_game

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "spice-market"


def test_the_perspective_maps_each_corner_back() -> None:
    to = [(10, 0), (90, 0), (100, 50), (0, 50)]
    frm = [(0, 0), (100, 0), (100, 50), (0, 50)]
    a, b, c, d, e, f, g, h = _perspective(to, frm)
    for (x, y), (u, v) in zip(to, frm, strict=True):
        den = g * x + h * y + 1
        assert ((a * x + b * y + c) / den, (d * x + e * y + f) / den) == pytest.approx((u, v))


def test_cards_are_chosen_by_only_or_the_first_designs() -> None:
    game = load_game(EXAMPLE)
    assert [c.name for _, c in chosen_cards(game, ["spices=clove", "Buy"])] == [
        "Clove Tree",
        "Sailor's Order",
        "Buy",
    ]
    assert len(chosen_cards(game, None)) == 5


@pytest.mark.parametrize("style", ["fan", "spread"])
def test_showcase_pictures(tmp_path: Path, run_cli, style: str) -> None:
    args = [
        "export",
        str(EXAMPLE),
        "--showcase",
        "show.png",
        "--style",
        style,
        "--dpi",
        "40",
        "--only",
        "Pepper Vine",
        "--only",
        "Palace Order",
    ]
    code, out, err = run_cli(*args)
    assert code == 0, err
    assert "wrote show.png" in out
    first = (tmp_path / "show.png").read_bytes()
    with Image.open(tmp_path / "show.png") as image:
        assert image.mode == "RGBA"
        alpha = image.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0  # a transparent background
        card_w = 63.5 / 25.4 * 40
        assert image.width > (2 if style == "spread" else 1.3) * card_w  # two cards, apart or fanned
        colours = {
            image.getpixel((x, y))[:3]
            for x in range(0, image.width, 7)
            for y in range(0, image.height, 7)
            if image.getpixel((x, y))[3] == 255
        }
        assert any(r > 150 and g < 110 and b < 80 for r, g, b in colours)  # the market's red-brown band
        assert any(b > 110 and r < 80 for r, g, b in colours)  # the order's blue band
    assert run_cli(*args)[0] == 0
    assert (tmp_path / "show.png").read_bytes() == first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--showcase", "show.jpg"], "give a file name ending in .png"),
        (["--showcase", "show.png", "--style", "pile"], "--style must be one of fan, spread"),
        (["--showcase", "show.png", "--only", "Pepper Vin"], "did you mean 'Pepper Vine'"),
    ],
)
def test_showcase_errors(tmp_path: Path, run_cli, args: list[str], message: str) -> None:
    code, _, err = run_cli("export", str(EXAMPLE), *args)
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "show.png").exists()
