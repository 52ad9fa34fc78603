"""Every PNG Deckwright writes says it is sRGB, and a card image says the dpi it was rendered for
(``pHYs``), so a shop or layout program does not assume 72 dpi."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.art.pngfile import png_bytes


def _chunks(data: bytes) -> list[bytes]:
    names, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        names.append(data[at + 4 : at + 8])
        at += 12 + length
    return names


def test_png_bytes_tags_srgb_and_dpi_before_the_pixels() -> None:
    data = png_bytes(Image.new("RGB", (4, 4), "red"), 300)
    chunks = _chunks(data)
    assert chunks.index(b"sRGB") < chunks.index(b"IDAT") and chunks.index(b"pHYs") < chunks.index(b"IDAT")
    assert png_bytes(Image.new("RGB", (4, 4), "red"), 300) == data  # same pixels, same bytes


def _check(path: Path, dpi: float | None) -> None:
    with Image.open(path) as im:
        assert im.info.get("srgb") == 0, path
        if dpi is not None:
            assert im.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05), path  # pixels per metre, rounded


def test_exported_card_images_carry_their_dpi(run_cli, mini_game: Path, tmp_path: Path) -> None:
    code, _, err = run_cli("export", mini_game, "--png", tmp_path / "png", "--dpi", "150")
    assert code == 0, err
    images = sorted((tmp_path / "png").rglob("*.png"))
    assert images
    for path in images:
        _check(path, None if path.name.endswith("-contact.png") else 150)


def test_shop_images_carry_dpi_and_srgb(run_cli, mini_game: Path, tmp_path: Path) -> None:
    code, _, err = run_cli("build", mini_game, "--printshop", "thegamecrafter", "-o", tmp_path / "out")
    assert code == 0, err
    images = sorted((tmp_path / "out" / "mini" / "printshop-thegamecrafter").rglob("*.png"))
    assert images
    for path in images:
        _check(path, 300)
