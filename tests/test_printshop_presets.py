"""Print-shop presets: the bundled shops' figures, matching card sizes, and bad preset files."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError, UsageError
from generator.core.units import MM, mm
from generator.printshop import bundled_presets, load_preset, print_size
from generator.printshop.preset import nearest_size, shop_size

POKER = (mm(63.5), mm(88.9))
GOOD = """\
name: my-shop
title: My Shop
source: my shop's spec sheet, 2025
sizes:
  - {name: poker, width: 63mm, height: 88mm, bleed: 2mm, source: spec sheet p. 2}
safe_zone: 4mm
order: fronts-then-backs
color: cmyk
ink_limit: 260
"""


def test_the_four_bundled_shops():
    assert bundled_presets() == ["drivethrucards", "generic", "makeplayingcards", "thegamecrafter"]
    for name in bundled_presets():
        preset = load_preset(name)
        assert preset.name == name and preset.source and preset.file.endswith(f"{name}.yaml")
        assert all(size.source for size in preset.sizes)


def test_every_shop_makes_poker_cards_at_the_published_size():
    """Poker is 2.5 x 3.5 in (63.5 x 88.9 mm); with the shop's bleed at 300 dpi it is the shop's
    published pixel size."""
    pixels = {"drivethrucards": (825, 1125), "thegamecrafter": (825, 1125), "makeplayingcards": (822, 1122)}
    for name, expected in pixels.items():
        preset = load_preset(name)
        poker = next(s for s in preset.sizes if s.name == "poker")
        assert (poker.width / MM, poker.height / MM) == pytest.approx((63.5, 88.9))
        assert print_size(preset, *POKER, mm(3)).pixels(preset.dpi) == expected


def test_colour_mode_ink_limit_and_files_are_data():
    dtc, tgc, mpc = (load_preset(n) for n in ("drivethrucards", "thegamecrafter", "makeplayingcards"))
    assert (dtc.color, dtc.ink_limit, dtc.files) == ("cmyk", 240, "pdf")
    assert (tgc.color, tgc.files, tgc.image_format) == ("rgb", "images", "png")
    assert (mpc.files, mpc.image_format) == ("images", "jpg")
    generic = load_preset("generic")
    assert generic.sizes == [] and generic.bleed is None and generic.safe_zone == pytest.approx(mm(3))


def test_sizes_match_either_way_round_and_the_nearest_is_named():
    tgc = load_preset("thegamecrafter")
    assert shop_size(tgc, *POKER).name == "poker"
    landscape = print_size(tgc, POKER[1], POKER[0], mm(3))
    assert (landscape.width, landscape.height) == pytest.approx((POKER[1], POKER[0]))
    assert landscape.pixels(300) == (1125, 825)
    assert shop_size(tgc, mm(41), mm(63)) is None  # mini-american is not The Game Crafter's mini
    assert nearest_size(tgc, mm(41), mm(63)).name == "mini"
    unmade = print_size(tgc, mm(41), mm(63), mm(3))
    assert (unmade.size, unmade.width, unmade.bleed) == (None, mm(41), pytest.approx(mm(3.175)))


def test_generic_takes_any_size_with_the_build_bleed():
    size = print_size(load_preset("generic"), mm(92), mm(80), mm(2))
    assert (size.width, size.height, size.bleed, size.size) == (mm(92), mm(80), mm(2), None)


def test_a_user_preset_file(tmp_path: Path):
    path = tmp_path / "shop.yaml"
    path.write_text(GOOD, encoding="utf-8")
    preset = load_preset(str(path))
    assert (preset.name, preset.order, preset.color, preset.ink_limit) == (
        "my-shop",
        "fronts-then-backs",
        "cmyk",
        260,
    )
    assert preset.safe_zone == pytest.approx(mm(4))
    assert shop_size(preset, *POKER) is None and shop_size(preset, mm(63.3), mm(88.2)).name == "poker"


BAD = [
    (
        "unknown-figure",
        GOOD + "unconfirmed: [safe_zone, ink_limt]\n",
        "shop.yaml:10:26: unconfirmed[1]: expected one of bleed, safe_zone, order, color, ink_limit, files, "
        "image_format, dpi, found 'ink_limt'",
    ),
    (
        "tolerance-too-wide",
        GOOD + "size_tolerance: 5mm\n",
        "shop.yaml:10:17: size_tolerance: expected at most 3mm (a wider tolerance would take one size for another), "
        "found 5mm",
    ),
    (
        "unknown-key",
        GOOD.replace("ink_limit", "ink_limt"),
        "shop.yaml:9:1: ink_limt: unknown key 'ink_limt' (did you mean 'ink_limit'?)",
    ),
    (
        "length-without-unit",
        GOOD.replace("bleed: 2mm", "bleed: 2"),
        "shop.yaml:5:53: sizes[0].bleed: expected a length with a unit such as '3mm', '0.5in' or '10pt', found '2'",
    ),
    (
        "bad-name",
        GOOD.replace("name: my-shop", "name: My Shop"),
        "shop.yaml:1:7: name: expected lower-case letters, digits, '-' or '_' (the name makes the output folder "
        "printshop-<name>), found 'My Shop'",
    ),
    (
        "bad-order",
        GOOD.replace("fronts-then-backs", "backs-first"),
        "shop.yaml:7:8: order: expected one of front-back, back-front, fronts-then-backs, found 'backs-first'",
    ),
    (
        "ink-too-high",
        GOOD.replace("260", "500"),
        "shop.yaml:9:12: ink_limit: expected a value <= 400, found '500'",
    ),
    (
        "missing-safe-zone",
        GOOD.replace("safe_zone: 4mm\n", ""),
        "shop.yaml:1:1: safe_zone: missing required key 'safe_zone'",
    ),
    (
        "repeated-size",
        GOOD.replace(
            "safe_zone", "  - {name: poker, width: 2.5in, height: 3.5in, bleed: 3mm, source: x}\nsafe_zone"
        ),
        "shop.yaml:6:12: sizes[1].name: size 'poker' is listed twice (first as sizes[0]): rename one",
    ),
    (
        "bleed-over-half",
        GOOD.replace("bleed: 2mm", "bleed: 40mm"),
        "shop.yaml:5:53: sizes[0].bleed: a 40 mm bleed is wider than half of this card: check the figure",
    ),
    (
        "cmyk-images",
        GOOD + "files: images\n",
        "shop.yaml:8:8: color: card images are written in RGB: use 'color: rgb' with 'files: images', or 'files: pdf'",
    ),
    (
        "not-a-mapping",
        "- poker\n",
        "shop.yaml:1:1: a preset file must be a mapping of keys (name, title, sizes...)",
    ),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_a_bad_preset_file_is_located(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, expected: str
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shop.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_preset("shop.yaml")
    assert expected in [str(p) for p in caught.value.problems]


def test_an_unknown_shop_or_a_folder_is_a_usage_error(tmp_path: Path):
    with pytest.raises(
        UsageError, match="unknown print shop 'thegamecraftr' \\(did you mean 'thegamecrafter'\\?\\)"
    ):
        load_preset("thegamecraftr")
    with pytest.raises(UsageError, match="is a folder; give a preset YAML file"):
        load_preset(str(tmp_path))


def test_the_readme_preset_example_loads(tmp_path: Path):
    from tests.docs_text import fenced

    (block,) = [b for b in fenced("yaml") if b.startswith("name: my-shop")]
    (tmp_path / "my-shop.yaml").write_text(block, encoding="utf-8")
    preset = load_preset(str(tmp_path / "my-shop.yaml"))
    assert (preset.name, preset.color, preset.ink_limit, preset.sizes[0].name) == (
        "my-shop",
        "cmyk",
        280,
        "poker",
    )


def test_a_deck_within_the_stated_tolerance_is_the_shop_size():
    """MakePlayingCards calls its 2.5 x 3.5 in poker size '63 x 88 mm': such a deck is accepted
    (each bundled preset states a 1 mm tolerance); 2 mm off is still another size."""
    for name in ("makeplayingcards", "thegamecrafter", "drivethrucards"):
        preset = load_preset(name)
        assert preset.size_tolerance == pytest.approx(mm(1))
        assert shop_size(preset, mm(63), mm(88)).name == "poker"
        assert shop_size(preset, mm(61.5), mm(88)) is None
    assert load_preset("generic").size_tolerance == pytest.approx(mm(0.5))


def test_every_bundled_figure_not_confirmed_is_marked():
    """No bundled figure was checked on a shop's own page while writing the presets: each size
    says confirmed: false and the other figures are listed as unconfirmed (DriveThruCards' page
    order is cited from their spec page)."""
    for name in ("makeplayingcards", "thegamecrafter", "drivethrucards"):
        preset = load_preset(name)
        assert preset.sizes and not any(s.confirmed for s in preset.sizes)
        assert {"safe_zone", "ink_limit", "color"} <= set(preset.unconfirmed)
    assert "order" not in load_preset("drivethrucards").unconfirmed
    assert load_preset("drivethrucards").order == "back-front"
