"""CMYK colour: the colour syntax, the conversion rules, PDF/X-1a files and the total-ink report."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.color import convert, output
from generator.color.images import cmyk_image, max_coverage, separated
from generator.core.colorspec import Cmyk, Rgb, parse
from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from tests.conftest import MINI_CARDS, MINI_FRONT, MINI_GAME, write_game
from tests.pdfx_check import pdfx_problems

# -- syntax --------------------------------------------------------------------------------------


def test_colour_values_parse():
    assert parse("cmyk(0, 60, 100, 0)") == Cmyk(0, 0.6, 1.0, 0)
    assert parse("CMYK(10%, 20%, 30%, 40%)") == Cmyk(0.1, 0.2, 0.3, 0.4)
    assert parse("#fff") == Rgb(1, 1, 1)
    assert parse("#336699") == Rgb(0x33 / 255, 0x66 / 255, 0x99 / 255)
    assert parse("navy") == Rgb(0, 0, 128 / 255)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cmyk(0, 0, 0)", "'cmyk(0, 0, 0)' has 3 values"),
        ("cmyk(0, 0, 120, 0)", "Y is 120, outside 0-100"),
        ("cmyk(0, lots, 0, 0)", "M is 'lots', not a number"),
        ("#12", "unknown colour '#12'"),
    ],
)
def test_bad_colour_values_say_what_is_wrong(text, message):
    with pytest.raises(ValueError) as caught:
        parse(text)
    assert message in str(caught.value)


# -- conversion ----------------------------------------------------------------------------------


def test_black_text_is_black_ink_only_and_black_fills_are_rich_within_the_limit():
    assert convert.to_cmyk("#000000", convert.LINE) == Cmyk(0, 0, 0, 1.0)
    rich = convert.to_cmyk("#000000", convert.FILL, 300)
    assert rich.k == 1.0 and rich.c > 0 and rich.total <= 300
    tight = convert.to_cmyk("#000000", convert.FILL, 200)
    assert tight.k == 1.0 and tight.total == pytest.approx(200, abs=0.05)


def test_greys_for_text_and_lines_are_black_ink_only_and_darker_grey_takes_more_ink():
    light, dark = convert.to_cmyk("#aaaaaa"), convert.to_cmyk("#333333")
    assert (light.c, light.m, light.y) == (dark.c, dark.m, dark.y) == (0, 0, 0)
    assert 0 < light.k < dark.k < 1


@pytest.mark.parametrize("limit", [300.0, 240.0])
def test_dark_fills_stay_within_the_ink_limit(limit):
    for value in ("#1f1f1f", "#2b2118", "#111111", "#0e3856", "#7b2d26"):
        inks = convert.to_cmyk(value, convert.FILL, limit)
        assert inks.total <= limit + 0.01
    naive = convert.icc_cmyk(parse("#111111"))
    assert naive.total > 240  # the limit really takes ink away


def test_colours_come_back_close_through_the_profile():
    for value in ("#c4531a", "#1d6090", "#2e7d32", "#f2c318"):
        rgb = parse(value)
        back = convert.cmyk_to_rgb(convert.to_cmyk(value, convert.FILL))
        assert (
            max(abs(a - b) for a, b in zip((rgb.r, rgb.g, rgb.b), (back.r, back.g, back.b), strict=True))
            < 0.08
        )


def test_cmyk_values_are_kept_in_a_cmyk_build_and_shown_through_the_profile_in_rgb():
    assert convert.to_cmyk("cmyk(0, 60, 100, 0)", convert.FILL, 240) == Cmyk(0, 0.6, 1.0, 0)
    orange = convert.to_rgb("cmyk(0, 60, 100, 0)")
    assert orange.r > 0.85 and 0.35 < orange.g < 0.6 and orange.b < 0.15


def test_the_mode_checks_its_values():
    with pytest.raises(ValueError, match="unknown colour mode 'cmy'"):
        output.check_mode("cmy", 300)
    with pytest.raises(ValueError, match="ink limit of 90 %"):
        output.check_mode("cmyk", 90)


# -- PDF/X files ---------------------------------------------------------------------------------

IMAGE_FRONT = MINI_FRONT + (
    '  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: "art/dot.png"}\n'
    '  - {type: icon, box: [40mm, 20mm, 10mm, 10mm], icon: star, color: "cmyk(0, 60, 100, 0)"}\n'
)


def _art_game(folder: Path, front: str = IMAGE_FRONT, cards: str = MINI_CARDS) -> Path:
    game = write_game(folder, {"templates/mini-front.yaml": front, "cards.yaml": cards})
    (game / "art").mkdir()
    dot = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
    for x in range(40, 200):
        for y in range(40, 200):
            if (x - 120) ** 2 + (y - 120) ** 2 < 80**2:
                dot.putpixel((x, y), (20, 40, 90 + x // 4, 255))
    dot.save(game / "art" / "dot.png")
    return game


@pytest.fixture(scope="module")
def cmyk_files(tmp_path_factory) -> list[Path]:
    """[cards.pdf, printshop-generic/cards.pdf, cards-gutterfold.pdf] of a CMYK build."""
    from generator.kit.assemble import build_kit

    root = tmp_path_factory.mktemp("cmyk")
    game = load_game(str(_art_game(root / "mini")))
    written = build_kit(game, _cmyk_with_shop(root / "duplex"))
    files = sorted((p for p in written if p.suffix == ".pdf"), key=lambda p: p.parent.name != "mini")
    return files + build_game(
        game, BuildOptions(layout="gutterfold", color="cmyk", out_dir=root / "gutterfold")
    )


def _cmyk_with_shop(out: Path) -> BuildOptions:
    return BuildOptions(color="cmyk", printshop="generic", shop_color="cmyk", out_dir=out)


def test_cmyk_builds_are_pdfx_1a_in_every_layout(cmyk_files):
    names = [f"{p.parent.name}/{p.name}" for p in cmyk_files]
    assert names == ["mini/cards.pdf", "printshop-generic/cards.pdf", "mini/cards-gutterfold.pdf"]
    for path in cmyk_files:
        assert pdfx_problems(path) == [], path.name


def test_images_are_converted_to_cmyk_with_a_colour_key_instead_of_a_soft_mask(cmyk_files):
    images: dict[int, object] = {}

    def walk(resources) -> None:
        for ref in resources.get("/XObject", {}).values():
            xobject = ref.get_object()
            if xobject["/Subtype"] == "/Image":
                images[ref.idnum] = xobject
            elif "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in PdfReader(str(cmyk_files[0])).pages:
        walk(page["/Resources"])
    images = list(images.values())
    assert images
    assert {str(i["/ColorSpace"]) for i in images} == {"/DeviceCMYK"}
    assert all(list(i["/Mask"]) == [255] * 8 and "/SMask" not in i for i in images)


def test_the_print_shop_file_keeps_its_own_trim_and_bleed(cmyk_files):
    page = PdfReader(str(cmyk_files[1])).pages[0]
    trim, bleed = [float(v) for v in page["/TrimBox"]], [float(v) for v in page["/BleedBox"]]
    assert trim[0] == pytest.approx(3 * 72 / 25.4, abs=0.01)
    assert bleed == [float(v) for v in page.mediabox]


def test_the_pdfx_check_finds_what_an_rgb_file_lacks(tmp_path):
    game = load_game(str(_art_game(tmp_path / "mini")))
    (path,) = build_game(game, BuildOptions(out_dir=tmp_path / "out"))
    found = "\n".join(pdfx_problems(path))
    for expected in ("no /OutputIntents", "GTS_PDFXVersion", "no /TrimBox", "rg/RG operator", "soft mask"):
        assert expected in found


def test_cmyk_builds_give_the_same_bytes_twice(tmp_path, cmyk_files):
    from generator.kit.assemble import build_kit

    game = load_game(str(cmyk_files[0].parent.parent.parent / "mini"))
    again = [p for p in build_kit(game, _cmyk_with_shop(tmp_path)) if p.suffix == ".pdf"]
    again.sort(key=lambda p: p.parent.name != "mini")
    for first, second in zip(cmyk_files[:2], again, strict=True):
        assert first.read_bytes() == second.read_bytes()


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
def test_ghostscript_renders_the_cmyk_files_without_error(cmyk_files):
    for path in cmyk_files:
        run = subprocess.run(
            ["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dPDFSTOPONERROR", "-sDEVICE=nullpage", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        assert "error" not in (run.stdout + run.stderr).lower()


# -- total ink -----------------------------------------------------------------------------------


def test_check_reports_colours_and_images_above_the_ink_limit(tmp_path, run_cli):
    cards = MINI_CARDS.replace("Sneaks about.", '"[color=cmyk(100, 100, 100, 100)]Sneaks[/color] about."')
    front = IMAGE_FRONT.replace('fill: "#ffffff"', 'fill: "cmyk(40, 40, 40, 100)"')
    _art_game(tmp_path / "mini", front, cards)
    code, _, err = run_cli("check", "mini")
    assert code == 1
    lines = [line for line in err.splitlines() if "total ink" in line]
    assert lines == [
        "mini/cards.yaml:7:5: card 'Beta': template 'mini-front' (mini/templates/mini-front.yaml:9:5): on the "
        "front of 'Beta': text colour cmyk(100, 100, 100, 100) is 400 % total ink, above the 300 % limit: lower "
        "C, M or Y so they add up to at most 300"
    ]
    code, _, err = run_cli("check", "mini", "--ink-limit", "200")
    assert code == 1
    assert "fill colour cmyk(40, 40, 40, 100) is 220 % total ink, above the 200 % limit" in err
    image = max_coverage((tmp_path / "mini" / "art" / "dot.png").resolve())
    assert 200 < image <= 300
    assert (
        "mini/cards.yaml:2:5: warning: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): "
        f"on the front of 'Alpha': image 'dot.png' separates to up to {image:g} % total ink, above the 200 % "
        "limit: a CMYK build takes its darkest areas down to 200 % (less C, M and Y, the same K); look at its "
        "shadows in the CMYK file"
    ) in err.splitlines()


def test_images_are_brought_within_the_ink_limit_in_a_cmyk_build(tmp_path):
    dark = Image.new("RGB", (40, 40), (5, 5, 5))
    dark.paste((200, 30, 30), (0, 0, 20, 20))
    dark.save(tmp_path / "dark.png")
    path = tmp_path / "dark.png"
    assert max_coverage(path) > 280
    for limit in (300, 240, 200):
        assert max_coverage(path, limit) <= limit
    image, keyed = cmyk_image(path, 240)
    assert not keyed
    assert image.getpixel((30, 30))[3] == separated(path)[0].getpixel((30, 30))[3]  # K kept
    assert image.getpixel((5, 5)) == separated(path)[0].getpixel((5, 5))  # the red was within


def test_build_in_cmyk_warns_about_ink_and_still_writes(tmp_path, run_cli):
    cards = MINI_CARDS.replace("Sneaks about.", '"[color=cmyk(100, 100, 100, 100)]Sneaks[/color] about."')
    _art_game(tmp_path / "mini", cards=cards)
    code, _, err = run_cli("build", "mini", "--color", "cmyk", "-o", "out")
    assert code == 0, err
    assert "400 % total ink, above the 300 % limit" in err
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    assert pdfx_problems(tmp_path / "out" / "mini" / "cards.pdf") == []


BOARD = """\
name: mat
size: {width: 200mm, height: 150mm}
features:
  - {type: rect, box: [10mm, 10mm, 50mm, 30mm], look: {fill: "cmyk(90, 90, 90, 90)"}}
"""


@pytest.mark.parametrize(
    ("where", "text", "expected"),
    [
        (
            "templates/mini-front.yaml",
            MINI_FRONT.replace('fill: "#ffffff"', 'fill: "cmyk(0, 0, 120, 0)"'),
            "mini/templates/mini-front.yaml:5:36: elements[0].fill: 'cmyk(0, 0, 120, 0)': Y is 120, outside 0-100",
        ),
        (
            "templates/mini-front.yaml",
            MINI_FRONT.replace('"#993333"', '"cmyk(0, 0, 0)"'),
            "mini/cards.yaml:7:5: card 'Beta': template 'mini-front' (mini/templates/mini-front.yaml:6:5): "
            "'cmyk(0, 0, 0)' has 3 values",
        ),
        (
            "cards.yaml",
            MINI_CARDS.replace("Runs fast.", '"[color=cmyk(0, 0, 0)]Runs[/color] fast."'),
            "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:9:5): "
            "'cmyk(0, 0, 0)' has 3 values: expected cmyk(C, M, Y, K) with each ink a percentage from 0 to 100, "
            "e.g. cmyk(0, 60, 100, 0) in '[color=cmyk(0, 0, 0)]' at character 1",
        ),
        (
            "board.yaml",
            BOARD.replace("cmyk(90, 90, 90, 90)", "cmyk(9, 9, 9, x)"),
            "mini/board.yaml:4:62: features[0].look.fill: 'cmyk(9, 9, 9, x)': K is 'x', not a number",
        ),
    ],
)
def test_bad_cmyk_values_are_reported_with_file_and_line(tmp_path, run_cli, where, text, expected):
    files = {where: text}
    if where == "board.yaml":
        files["game.yaml"] = MINI_GAME + "boards: [board.yaml]\n"
    write_game(tmp_path / "mini", files)
    code, out, err = run_cli("build", "mini", "--color", "cmyk", "-o", "out")
    assert code == 1
    assert expected in err
    assert "Traceback" not in err + out
    assert not (tmp_path / "out" / "mini" / "cards.pdf").exists()


def test_ink_limit_outside_the_range_is_a_usage_error(tmp_path, run_cli):
    write_game(tmp_path / "mini")
    code, _, err = run_cli("build", "mini", "--color", "cmyk", "--ink-limit", "50")
    assert code == 2
    assert "--ink-limit" in err


def test_a_bundled_kit_in_cmyk_is_pdfx_in_every_file(tmp_path):
    """Joker's Row: cards, the tiled mat (its assembly page shades the overlaps), tally, summary."""
    from generator.kit.assemble import build_kit

    game = load_game("jokers-row")
    written = build_kit(
        game,
        BuildOptions(
            color="cmyk",
            ink_limit=240,
            printshop="generic",
            shop_color="cmyk",
            shop_ink_limit=240,
            out_dir=tmp_path,
        ),
    )
    guide = (tmp_path / "jokers-row" / "print-guide.md").read_text()
    assert "PDF/X-1a:2003, for a print shop: output intent FOGRA39" in guide
    assert "total ink at most 240 %" in guide
    pdfs = [p for p in written if p.suffix == ".pdf"]
    assert {"jokers-row/cards.pdf", "printshop-generic/cards.pdf", "jokers-row/playfield-tiled.pdf"} <= {
        f"{p.parent.name}/{p.name}" for p in pdfs
    }
    for path in pdfs:
        assert pdfx_problems(path) == [], path.name


def test_the_survey_reads_the_colours_a_file_sets(cmyk_files, tmp_path):
    from generator.color.survey import colours, naive

    rgb, cmyk = colours(cmyk_files[0])
    assert rgb == set() and Cmyk(0, 0, 0, 1) in cmyk
    assert Cmyk(0, 0.6, 1, 0) in cmyk  # the icon tinted cmyk(0, 60, 100, 0) prints as written
    assert max(c.total for c in cmyk) <= 300
    game = load_game(str(cmyk_files[0].parent.parent.parent / "mini"))
    (path,) = build_game(game, BuildOptions(out_dir=tmp_path))
    rgb, cmyk = colours(path)
    assert cmyk == set()
    assert any(abs(c.r - 0x33 / 255) < 1e-3 and abs(c.b - 0x99 / 255) < 1e-3 for c in rgb)  # the accent
    assert naive(Rgb(0, 0, 0)) == Cmyk(0, 0, 0, 1)
    assert naive(Rgb(0.5, 0.25, 0)) == Cmyk(0, 0.5, 1, 0.5)


def test_check_and_a_cmyk_build_report_board_colours_above_the_limit(tmp_path, run_cli):
    write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": BOARD})
    expected = (
        "mini/board.yaml:4:62: features[0].look.fill: colour cmyk(90, 90, 90, 90) is 360 % total ink, above the "
        "300 % limit: lower C, M or Y so they add up to at most 300"
    )
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert expected in err.splitlines()
    code, _, err = run_cli("build", "mini", "--color", "cmyk", "-o", "out")
    assert code == 0, err
    assert expected.replace("62: ", "62: warning: ", 1) in err.splitlines()
    assert pdfx_problems(tmp_path / "out" / "mini" / "mat.pdf") == []


# -- a shop preset's colour mode -----------------------------------------------------------------


def _has_output_intent(path: Path) -> bool:
    return "/OutputIntents" in PdfReader(path).trailer["/Root"]


def test_a_cmyk_shop_gets_pdfx_files_and_the_home_kit_stays_rgb(tmp_path, run_cli):
    write_game(tmp_path / "mini")
    code, _, err = run_cli("build", "mini", "--printshop", "drivethrucards", "-o", "out")
    assert code == 0, err
    kit = tmp_path / "out" / "mini"
    assert pdfx_problems(kit / "printshop-drivethrucards" / "cards.pdf") == []
    assert not _has_output_intent(kit / "cards.pdf")  # the home sheets: RGB, as asked
    code, _, err = run_cli("build", "mini", "--printshop", "drivethrucards", "--color", "rgb", "-o", "out")
    assert code == 0, err
    assert not _has_output_intent(kit / "printshop-drivethrucards" / "cards.pdf")  # the command line wins


def test_check_for_a_shop_uses_its_ink_limit(tmp_path, run_cli):
    cards = MINI_CARDS.replace("Sneaks about.", '"[color=cmyk(60, 60, 60, 80)]Sneaks[/color] about."')
    write_game(tmp_path / "mini", {"cards.yaml": cards})
    code, _, err = run_cli("check", "mini")
    assert code == 0, err  # 260 % is within the default 300 %
    code, _, err = run_cli("check", "mini", "--printshop", "drivethrucards")
    assert code == 1
    assert "is 260 % total ink, above the 240 % limit" in err
    code, _, err = run_cli("check", "mini", "--printshop", "drivethrucards", "--ink-limit", "280")
    assert "total ink" not in err
