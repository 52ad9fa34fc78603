"""Images past the pixel limit are refused from their header, fast, with their pixel size and the
dpi they would print at; never a DecompressionBomb traceback or warning. Large accepted images are
decoded only as finely as their print needs."""

from __future__ import annotations

import math
import struct
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.art.rasters import MAX_PIXELS, PRINT_DPI, declared_size, for_print
from generator.core.errors import BuildError
from tests.conftest import MINI_FRONT, MINI_GAME, write_game

SAFETY = 60.0  # seconds: a hang, not a measurement (the figures are printed with -s)
BOX = '  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: "art/big.png"}\n'  # 20 mm square


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def grey_png(path: Path, width: int, height: int, rows: int | None = None) -> Path:
    """An 8-bit grey PNG of ``width`` x ``height`` (all black), streamed row by row so the test
    never holds the pixels; with ``rows`` only that many rows are stored (a header that lies)."""
    packer = zlib.compressobj(9)
    row = b"\0" * (width + 1)
    body = b"".join(packer.compress(row) for _ in range(height if rows is None else rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    )
    return path


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_game(tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT + BOX})


@pytest.mark.parametrize(
    ("width", "height", "rows"),
    [(100_000, 100_000, 1), (30_000, 30_000, None), (10_000, 9_000, None)],
    ids=["declares-100000x100000", "30000x30000-grey", "10000x9000-past-pillows-warning"],
)
def test_an_image_past_the_limit_is_refused_with_its_size_and_dpi(
    run_cli, game: Path, tmp_path, width, height, rows
):
    png = grey_png(game / "art" / "big.png", width, height, rows)
    assert width * height > MAX_PIXELS
    assert run_cli("build", game, "-o", tmp_path / "out")[0] == 1  # nothing there yet: nothing written
    for command in (("check", game), ("build", game, "-o", tmp_path / "out")):
        started = time.perf_counter()
        code, out, err = run_cli(*command)
        seconds = time.perf_counter() - started
        print(
            f"{command[0]}: {png.stat().st_size:,}-byte PNG of {width} x {height}: refused in {seconds:.2f} s"
        )
        assert seconds < SAFETY and code == 1
        assert "Traceback" not in out + err and "Decompression" not in out + err
        dpi = width / (20 / 25.4)
        said = (
            f"image big.png is {width:,} x {height:,} pixels ({width * height / 1e6:,.1f} million), more than"
        )
        assert said in err and f"in its box it would print at {dpi:,.0f} dpi" in err
        assert "mini/cards.yaml:" in err  # located at the card that shows it
    assert not (tmp_path / "out" / "mini").exists()


def test_the_header_is_read_without_pillows_guard_and_the_guard_is_kept(tmp_path: Path):
    png = grey_png(tmp_path / "huge.png", 100_000, 100_000, rows=1)
    assert declared_size(png) == (100_000, 100_000)
    with pytest.raises(Image.DecompressionBombError), Image.open(png):
        pass  # Pillow's own guard is back in place for everyone else


def test_a_board_or_icon_image_past_the_limit_is_refused_at_drawing(tmp_path: Path):
    from generator.render.draw import _reader

    png = grey_png(tmp_path / "huge.png", 100_000, 100_000, rows=1)
    with pytest.raises(BuildError) as raised:
        _reader(png, None, 1200.0)
    assert "huge.png: 100,000 x 100,000 pixels" in str(raised.value)
    assert "in its box it would print at 1,200 dpi" in str(raised.value)


def _embedded_widths(pdf: Path) -> list[int]:
    reader = PdfReader(pdf)
    objects = [reader.get_object(n) for n in range(1, int(reader.trailer["/Size"]))]
    return sorted(int(o["/Width"]) for o in objects if hasattr(o, "get") and o.get("/Subtype") == "/Image")


def test_a_large_image_in_a_small_box_is_embedded_at_the_print_resolution(run_cli, game: Path, tmp_path):
    (game / "art").mkdir()
    Image.new("RGB", (4000, 4000), "teal").save(game / "art" / "big.png")  # 5,080 dpi in its box
    code, _, err = run_cli("build", game, "-o", tmp_path / "out")
    assert code == 0, err
    needed = math.ceil(20 / 25.4 * PRINT_DPI)  # a 20 mm box at 600 dpi: 473 pixels
    assert _embedded_widths(tmp_path / "out" / "mini" / "cards.pdf") == [needed]


def test_a_large_jpeg_is_decoded_at_a_fraction_of_its_size(tmp_path: Path):
    path = tmp_path / "photo.jpg"
    Image.new("RGB", (4000, 3000), "orange").save(path, quality=80)
    reduced = for_print(path, 4000 / (20 / 25.4))
    assert reduced is not None and reduced.size == (473, 355)
    assert for_print(path, 300) is None  # prints coarser than 600 dpi: the file is used as it is
    small = tmp_path / "small.png"
    Image.new("RGB", (600, 600), "orange").save(small)
    assert for_print(small, 5000) is None  # small: not worth a second copy


def test_a_raster_icon_past_the_limit_is_refused_where_a_template_places_it(run_cli, tmp_path: Path):
    icon = "  - {type: icon, box: [40mm, 20mm, 10mm, 10mm], icon: star}\n"
    game = write_game(
        tmp_path / "mini",
        {
            "game.yaml": MINI_GAME + "icons:\n  star: art/star.png\n",
            "templates/mini-front.yaml": MINI_FRONT + icon,
        },
    )
    grey_png(game / "art" / "star.png", 20_000, 20_000, rows=1)
    code, out, err = run_cli("check", game)
    assert code == 1 and "Traceback" not in out + err
    assert "image star.png is 20,000 x 20,000 pixels" in err and "would print at 50,800 dpi" in err


def test_a_board_image_past_the_limit_is_refused_at_its_line(run_cli, tmp_path: Path):
    board = "name: t\nsize: {width: 200mm, height: 150mm}\nfeatures:\n"
    board += "  - {type: image, file: art/map.png, box: [0mm, 0mm, 100mm, 100mm]}\n"
    game = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": board}
    )
    grey_png(game / "art" / "map.png", 40_000, 40_000, rows=1)
    code, out, err = run_cli("check", game)
    assert code == 1 and "Traceback" not in out + err
    assert "mini/board.yaml:4:25: features[0].file: image map.png is 40,000 x 40,000 pixels" in err
    assert "would print at 10,160 dpi" in err
