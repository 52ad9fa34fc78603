"""Home printing without surprises: every cut marked, outer bleed kept, card sizes as published."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from generator.core.geometry import Box, Line
from generator.core.options import SheetOptions
from generator.core.sizes import CARD_SIZES, PAPER_SIZES, normalise_name
from generator.core.units import mm, to_mm
from generator.layout.gutterfold import plan_gutterfold
from generator.layout.imposition import plan_sheet

PRINTING = Path("/work/shared/PRINTING.md")
HOME_PAPERS = ("a4", "letter", "legal", "a3", "tabloid", "a5")
SPACINGS = ("auto", "butted", "spaced")
TOL = 1e-3


def _cuts(trims: list[Box]) -> tuple[set[float], set[float]]:
    xs = {round(v, 3) for t in trims for v in (t.x, t.right)}
    ys = {round(v, 3) for t in trims for v in (t.y, t.top)}
    return xs, ys


def _vertical(lines: tuple[Line, ...]) -> set[float]:
    return {round(ln.x1, 3) for ln in lines if abs(ln.x1 - ln.x2) < TOL and abs(ln.y1 - ln.y2) > TOL}


def _horizontal(lines: tuple[Line, ...]) -> set[float]:
    return {round(ln.y1, 3) for ln in lines if abs(ln.y1 - ln.y2) < TOL and abs(ln.x1 - ln.x2) > TOL}


def _unmarked(trims: list[Box], marks: tuple[Line, ...], cuts: tuple[Line, ...]) -> list[str]:
    xs, ys = _cuts(trims)
    lines = marks + cuts
    missing = [f"x={to_mm(x):.2f} mm" for x in sorted(xs - _vertical(lines))]
    return missing + [f"y={to_mm(y):.2f} mm" for y in sorted(ys - _horizontal(lines))]


def _cases():
    for paper in HOME_PAPERS:
        for card in CARD_SIZES:
            for spacing in SPACINGS:
                yield paper, card, spacing


@pytest.mark.parametrize("layout", ["duplex", "gutterfold"])
def test_every_cut_has_a_crop_mark_or_a_cut_line(layout: str) -> None:
    """Over every paper x card-size preset x spacing, each distinct trim edge of the layout has a
    crop mark in line with it or a cut line along it (both halves of a gutterfold sheet)."""
    failures, checked = [], 0
    for paper, card, spacing in _cases():
        opts = SheetOptions(PAPER_SIZES[paper], spacing=spacing)
        try:
            if layout == "duplex":
                geo = plan_sheet(*CARD_SIZES[card], opts)
                halves = [([s.trim for s in geo.slots], geo.crop_marks, geo.cut_lines)]
            else:
                gf = plan_gutterfold(*CARD_SIZES[card], opts)
                halves = [
                    ([s.trim for s in gf.fronts], gf.crop_marks, gf.cut_lines),
                    ([s.trim for s in gf.backs], gf.crop_marks, gf.cut_lines),
                ]
        except ValueError:
            continue  # the card does not fit this paper in this spacing
        checked += 1
        for trims, marks, cuts in halves:
            missing = _unmarked(trims, marks, cuts)
            if missing:
                failures.append(f"{paper} {card} {spacing}: {', '.join(missing)}")
    assert checked > 100
    assert not failures, "\n".join(failures)


def test_gutterfold_cuts_without_room_for_marks_get_cut_lines() -> None:
    """A4 bridge: the butted grid leaves no room for some marks, so cut lines show those cuts."""
    geo = plan_gutterfold(*CARD_SIZES["bridge"], SheetOptions(PAPER_SIZES["a4"]))
    assert geo.cut_lines
    assert not _unmarked([s.trim for s in geo.fronts], geo.crop_marks, geo.cut_lines)


def test_cut_lines_option_draws_every_cut_on_a_gutterfold_sheet() -> None:
    geo = plan_gutterfold(*CARD_SIZES["poker"], SheetOptions(PAPER_SIZES["a4"], cut_lines=True))
    xs, ys = _cuts([s.trim for s in geo.fronts + geo.backs])
    assert xs <= _vertical(geo.cut_lines) and ys <= _horizontal(geo.cut_lines)


def _published_sizes() -> dict[str, tuple[float, float]]:
    """The first mm size of every row of the card-size table in PRINTING.md, by preset name."""
    sizes = {}
    for line in PRINTING.read_text().splitlines():
        m = re.match(r"\|\s*([a-z ]+?)\s*(\(.*?\))?\s*\|\s*([\d.]+) x ([\d.]+)", line)
        if m:
            sizes[normalise_name(m.group(1))] = (float(m.group(3)), float(m.group(4)))
    return sizes


ALIASES = {"business": "business-card", "business-eu": "business-card"}
EU_BUSINESS = (85.0, 55.0)  # the table's second figure for business cards, "(EU)"


@pytest.mark.skipif(not PRINTING.exists(), reason="shared PRINTING.md not present")
def test_card_presets_match_their_published_sizes() -> None:
    published = _published_sizes()
    assert published["poker"] == (63.5, 88.9)
    for name, (w, h) in CARD_SIZES.items():
        want = EU_BUSINESS if name == "business-eu" else published[ALIASES.get(name, name)]
        assert (round(to_mm(w), 2), round(to_mm(h), 2)) == want, name


def test_poker_is_two_and_a_half_by_three_and_a_half_inches() -> None:
    assert CARD_SIZES["poker"] == pytest.approx((2.5 * 72, 3.5 * 72))
    assert CARD_SIZES["poker"] == pytest.approx((mm(63.5), mm(88.9)))


def _outer_bleeds(geo) -> dict[str, float]:
    """Bleed (mm) kept beyond the trim on each outer edge of a sheet's grid."""
    slots = geo.slots
    last_col, last_row = max(s.col for s in slots), max(s.row for s in slots)
    return {
        "left": min(to_mm(s.trim.x - s.art.x) for s in slots if s.col == 0),
        "right": min(to_mm(s.art.right - s.trim.right) for s in slots if s.col == last_col),
        "top": min(to_mm(s.art.top - s.trim.top) for s in slots if s.row == 0),
        "bottom": min(to_mm(s.trim.y - s.art.y) for s in slots if s.row == last_row),
    }


@pytest.mark.parametrize(
    ("paper", "card", "side", "top"),
    [("a4", "poker", 1.5, 3.0), ("letter", "poker", 3.0, 1.35), ("letter", "bridge", 3.0, 1.35)],
)
def test_outer_bleed_keeps_what_the_printer_margin_allows(
    paper: str, card: str, side: float, top: float
) -> None:
    """A4 poker: 9.75 mm beside the grid = 5 printer margin + 1 gap + 2.25 mark + 1.5 bleed. Letter
    poker: 1.35 mm above and below inside the printer margin, too little for any mark, all bleed."""
    geo = plan_sheet(*CARD_SIZES[card], SheetOptions(PAPER_SIZES[paper]))
    bleeds = _outer_bleeds(geo)
    assert bleeds["left"] == pytest.approx(side) and bleeds["right"] == pytest.approx(side)
    assert bleeds["top"] == pytest.approx(top) and bleeds["bottom"] == pytest.approx(top)


def test_art_and_marks_stay_inside_the_printer_margin() -> None:
    for paper, card, spacing in _cases():
        try:
            geo = plan_sheet(*CARD_SIZES[card], SheetOptions(PAPER_SIZES[paper], spacing=spacing))
        except ValueError:
            continue
        pr = geo.printable
        for s in geo.slots:
            assert pr.x - TOL <= s.art.x and s.art.right <= pr.right + TOL, (paper, card, spacing)
            assert pr.y - TOL <= s.art.y and s.art.top <= pr.top + TOL, (paper, card, spacing)
            assert -TOL <= to_mm(s.trim.x - s.art.x) <= 3 + TOL
        for m in geo.crop_marks:
            b = m.bounds()
            assert (
                pr.x - TOL <= b.x
                and b.right <= pr.right + TOL
                and pr.y - TOL <= b.y
                and b.top <= pr.top + TOL
            )


BUNDLED = ("road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies")


@pytest.fixture(scope="module")
def guides(tmp_path_factory) -> dict[str, tuple[Path, str]]:
    """Every bundled kit built once (A4, duplex) with its print guide."""
    from typer.testing import CliRunner

    from generator.cli import app as cli_app

    out = tmp_path_factory.mktemp("kits")
    result = CliRunner().invoke(cli_app, ["build", "--all", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return {g: (out / g, (out / g / "print-guide.md").read_text()) for g in BUNDLED}


@pytest.mark.parametrize("game", BUNDLED)
def test_print_guide_names_paper_and_pages_of_every_file(guides, game: str) -> None:
    from generator.kit.guide import page_count

    folder, guide = guides[game]
    section = guide.split("## Paper and pages", 1)[1].split("##", 1)[0]
    for pdf in sorted(folder.glob("*.pdf")):
        line = next(ln for ln in section.splitlines() if ln.startswith(f"- {pdf.name}:"))
        assert "card stock" in line or "plain paper" in line, line
        n = page_count(pdf)
        assert (f"all {n} pages" in line) if n > 1 else ("1 page" in line), line
    assert re.search(r"- rules-summary\.pdf: plain paper", section)
    cards = [ln for ln in section.splitlines() if "double-sided" in ln]
    assert cards and all("card stock" in ln for ln in cards)
    for tiled in folder.glob("*-tiled.pdf"):
        assert f"- {tiled.name}: plain paper" in section


@pytest.mark.parametrize("game", BUNDLED)
def test_print_guide_explains_duplex_calibration_and_gutterfold(guides, game: str) -> None:
    folder, guide = guides[game]
    section = guide.split("## Backs that line up", 1)[1]
    assert "`deckwright calibrate --paper a4 --duplex long`" in section
    out = shlex.quote(str(folder.parent))
    assert f"`deckwright build {game} --paper a4 --duplex long --back-offset X,Y -o {out}`" in section
    assert "built with --back-offset 0,0 (mm)" in section
    assert f"`deckwright build {game} --paper a4 --layout gutterfold -o {out}`" in section


def test_print_guide_records_the_back_offset_used(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from generator.cli import app

    args = ["build", "jokers-row", "--back-offset", "1.5,-2", "--duplex", "short", "-o", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    guide = (tmp_path / "jokers-row" / "print-guide.md").read_text()
    assert "built with --back-offset 1.5,-2 (mm) and --duplex short" in guide
    assert "`deckwright calibrate --paper a4 --duplex short`" in guide


def test_page_count_matches_pypdf(guides) -> None:
    from pypdf import PdfReader

    from generator.kit.guide import page_count

    folder, _ = guides["maloney"]
    for pdf in folder.glob("*.pdf"):
        assert page_count(pdf) == len(PdfReader(pdf).pages)


def test_gutterfold_guide_needs_no_duplex(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from generator.cli import app

    args = ["build", "road-runner", "--layout", "gutterfold", "--paper", "letter", "-o", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    guide = (tmp_path / "road-runner" / "print-guide.md").read_text()
    assert "no duplex printer is needed" in guide
    out = shlex.quote(str(tmp_path))
    assert (
        f"`deckwright build road-runner --paper letter --layout duplex --duplex long --back-offset X,Y -o {out}`"
        in guide
    )
    assert "double-sided" not in guide.split("## Paper")[1]
    # one paper for the fold-and-glue file, said the same way everywhere, and no "(below)" to nowhere
    from generator.core.say import say
    from generator.kit.guide import FOLD_STOCK

    paper = say(FOLD_STOCK)
    assert f"Print single-sided on {paper}" in guide and f"cards-gutterfold.pdf: {paper}" in guide
    fold_lines = [ln for ln in guide.splitlines() if ln.startswith("- cards-gutterfold.pdf")]
    assert len(fold_lines) == 2 and not any("card stock" in ln for ln in fold_lines)
    assert "(below)" not in guide and "thinner stock" not in guide


def _game_with_image(tmp_path: Path, pixels: tuple[int, int], fit: str = "contain") -> Path:
    from PIL import Image

    from tests.conftest import MINI_FRONT, write_game

    box = "[4mm, 60mm, 25.4mm, 25.4mm]"  # one inch square: pixels across = dpi
    front = MINI_FRONT + f"  - {{type: image, box: {box}, file: art/photo.png, fit: {fit}}}\n"
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    (folder / "art").mkdir()
    Image.new("RGB", pixels, "orange").save(folder / "art" / "photo.png")
    return folder


def test_image_below_300_dpi_warns_in_check_and_build(tmp_path: Path, run_cli) -> None:
    folder = _game_with_image(tmp_path, (200, 200))
    code, out, err = run_cli("check", folder)
    assert code == 0, err
    assert "image 'photo.png' prints at 200 dpi on the front of 'Alpha'" in err
    assert "cards.yaml:" in err and "mini-front" in err and "at least 300 x 300 pixels" in err
    assert "(mini/templates/mini-front.yaml:10:5)" in err  # the image element, not the template's top
    assert err.count("photo.png") == 1  # once per template and file, not per card
    assert "in 1 deck, 1 warning." in out
    code, out, err = run_cli("build", folder, "-o", tmp_path / "out")
    assert code == 0, err
    assert "prints at 200 dpi" in err and (tmp_path / "out" / "mini" / "cards.pdf").exists()


def test_image_below_150_dpi_fails_check_but_builds(tmp_path: Path, run_cli) -> None:
    folder = _game_with_image(tmp_path, (100, 100))
    code, _, err = run_cli("check", folder)
    assert code == 1
    assert "prints at 100 dpi on the front of 'Alpha'" in err and "below 150 dpi" in err
    assert re.search(r"cards\.yaml:\d+", err) and "1 problem found" in err
    assert "Traceback" not in err
    code, _, err = run_cli("build", folder, "-o", tmp_path / "out")
    assert code == 0 and "prints at 100 dpi" in err


def test_image_at_300_dpi_and_svg_are_quiet(tmp_path: Path, run_cli) -> None:
    folder = _game_with_image(tmp_path, (300, 300))
    code, out, err = run_cli("check", folder)
    assert code == 0 and "dpi" not in err and "no problems found" in out


def test_cover_fit_prints_at_the_larger_scale() -> None:
    from PIL import Image

    from generator.layout.ops import ImageOp
    from generator.layout.resolution import printed_dpi

    path = Path(__file__).parent / "visual" / "_dpi_probe.png"
    try:
        Image.new("RGB", (400, 200), "red").save(path)
        box = Box(0, 0, 72, 72)  # one inch square
        assert printed_dpi(ImageOp(path, box, "contain")) == pytest.approx(400)
        assert printed_dpi(ImageOp(path, box, "cover")) == pytest.approx(200)
        assert printed_dpi(ImageOp(path, box, "stretch")) == pytest.approx(200)
    finally:
        path.unlink(missing_ok=True)


@pytest.mark.parametrize("game", BUNDLED)
def test_every_kit_pdf_passes_the_print_shop_tools(guides, game: str) -> None:
    """qpdf --check, pdftoppm on every page and pdffonts find nothing wrong in any kit file."""
    from tests.pdf_tools import need_tools, tool_problems

    need_tools()
    folder, _ = guides[game]
    pdfs = sorted(folder.glob("*.pdf"))
    assert pdfs
    assert {pdf.name: tool_problems(pdf) for pdf in pdfs} == {pdf.name: [] for pdf in pdfs}


def test_the_print_shop_tools_see_a_file_cut_short(guides, tmp_path: Path) -> None:
    """The tool check is not blind: a kit file cut short is reported by all three tools."""
    from tests.pdf_tools import need_tools, tool_problems

    need_tools()
    whole = guides["road-runner"][0] / "cards.pdf"
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    said = " ".join(tool_problems(cut))
    assert "qpdf --check" in said and "pdftoppm" in said and "pdffonts" in said, said
