"""The proofreader: pages recorded as drawn, the type-size and contrast rules on planted defects,
the build gate, ``proof.known`` and ``proof.min_size``, and the proof PDF."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.kit.proofing import proof_parts
from generator.load.model import Origin
from generator.proof import contrast, typesize
from generator.proof.settings import Settings
from generator.render import record
from generator.render.pdf import pdf_canvas

runner = CliRunner()
HERE = Origin("planted.yaml", 7, 5)
THERE = Origin("planted.yaml", 12, 3)
REFERENCE = Path("/work/shared/bench/textsize.py")


def _draw(path: Path, draw) -> list[record.PageRecord]:
    with record.recording() as found, pdf_canvas(path, "planted", (400, 400)) as c:
        draw(c)
        c.showPage()
    return found.files[path]


def test_sizes_are_recorded_as_printed_through_forms_scale_and_rotation(tmp_path: Path) -> None:
    def draw(c) -> None:
        with record_at(HERE):
            c.beginForm("board", 0, 0, 400, 400)
            c.setFont("Helvetica", 10)
            c.drawString(10, 10, "tiny on the reduced board")
            c.endForm()
        c.saveState()
        c.scale(0.46, 0.46)
        c.doForm("board")
        c.restoreState()
        with record_at(THERE):
            c.saveState()
            c.translate(200, 200)
            c.rotate(90)
            c.setFont("Helvetica", 8)
            c.drawString(0, 0, "turned but full size")
            c.restoreState()

    pages = _draw(tmp_path / "p.pdf", draw)
    sizes = {m.text: round(m.size, 2) for m in pages[0].texts()}
    assert sizes == {"tiny on the reduced board": 4.6, "turned but full size": 8.0}
    found = typesize.check(pages, Settings(min_size=6.0))
    assert [(f.origin, f.rule) for f in found] == [(HERE, "type-size")]
    assert "4.6 pt, below the 6 pt minimum" in found[0].message
    assert found[0].problem().location() == "planted.yaml:7:5"
    assert typesize.check(pages, Settings(min_size=4.5)) == []


def record_at(origin):
    from generator.core import where

    return where.at(origin)


def _text_on(tmp_path: Path, ink: str, back: str, size: float = 9, font: str = "Helvetica"):
    def draw(c) -> None:
        c.setFillColor(back)
        c.rect(50, 50, 200, 100, stroke=0, fill=1)
        with record_at(HERE):
            c.setFillColor(ink)
            c.setFont(font, size)
            c.drawString(60, 90, "KEYWORD")

    return contrast.check(_draw(tmp_path / "c.pdf", draw), Settings())


def test_contrast_finds_dark_blue_on_near_black_in_colour_and_grey(tmp_path: Path) -> None:
    found = _text_on(tmp_path, "#1f618d", "#3a2a2a")
    assert len(found) == 1 and found[0].origin == HERE
    assert (
        "#1f618d on #3a2a2a has contrast 2.04:1 in colour and 1.73:1 in black and white" in found[0].message
    )


def test_contrast_passes_readable_text_and_judges_grey_on_its_own(tmp_path: Path) -> None:
    assert _text_on(tmp_path, "#ffffff", "#3a2a2a") == []
    greyed = _text_on(tmp_path, "#000000", "#009900")  # 5.6:1 in colour, 3.0:1 once printed grey
    assert len(greyed) == 1 and "5.56:1 in colour and 3.04:1 in black and white" in greyed[0].message


def test_large_bold_text_needs_three_to_one(tmp_path: Path) -> None:
    assert _text_on(tmp_path, "#ffffff", "#b7950b", 9) != []  # 2.9:1: too low for body text
    assert _text_on(tmp_path, "#ffffff", "#8d8d8d", 14, "Helvetica-Bold") == []  # 3.3:1, large bold
    assert _text_on(tmp_path, "#ffffff", "#8d8d8d", 14) != []  # not bold: 4.5:1 wanted


def test_fill_clipped_away_is_not_under_the_text(tmp_path: Path) -> None:
    def draw(c) -> None:
        c.saveState()
        path = c.beginPath()
        path.rect(0, 200, 400, 200)
        c.clipPath(path, stroke=0, fill=0)
        c.setFillColor("#3a2a2a")
        c.rect(0, 0, 400, 400, stroke=0, fill=1)  # only its upper half shows
        c.restoreState()
        with record_at(HERE):
            c.setFillColor("#555555")
            c.setFont("Helvetica", 7)
            c.drawString(20, 20, "sheet label on white paper")

    assert contrast.check(_draw(tmp_path / "k.pdf", draw), Settings()) == []


# -- the whole chain on a starter game: check, build, known findings, the setting ----------------


def _game(tmp_path: Path, flavour_size: str = "4pt", proof: str = "") -> tuple[Path, int]:
    assert runner.invoke(app, ["new", "planted", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "planted"
    front = folder / "front.yaml"
    lines = front.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"{flavor}"' in line)
    assert lines[at + 1].strip() == "size: 8pt"
    lines[at + 1] = lines[at + 1].replace("8pt", flavour_size)
    front.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if proof:
        with (folder / "game.yaml").open("a", encoding="utf-8") as out:
            out.write(proof)
    element = next(i for i in range(at, 0, -1) if lines[i].lstrip().startswith("- type: text"))
    return folder, element + 1


def test_check_reports_small_type_at_the_template_element(tmp_path: Path) -> None:
    folder, line = _game(tmp_path)
    result = runner.invoke(app, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert (
        f"front.yaml:{line}:5: error: proof type-size: type prints at 4.0 pt, below the 6 pt minimum"
        in result.output
    )
    assert "Traceback" not in result.output


def test_build_fails_on_a_finding_unless_allowed(tmp_path: Path) -> None:
    folder, line = _game(tmp_path)
    out = tmp_path / "out"
    failed = runner.invoke(app, ["build", str(folder), "-o", str(out)])
    assert failed.exit_code == 1
    assert f"front.yaml:{line}:5: error: proof type-size" in failed.output and "not built" in failed.output
    assert not (out / "planted").exists()
    allowed = runner.invoke(app, ["build", str(folder), "-o", str(out), "--allow-proof"])
    assert allowed.exit_code == 0, allowed.output
    assert f"front.yaml:{line}:5: warning: proof type-size" in allowed.output
    assert (out / "planted" / "cards.pdf").is_file()


def test_known_findings_are_warnings_with_their_reason(tmp_path: Path) -> None:
    known = "proof:\n  known:\n    - {rule: type-size, file: front.yaml, reason: flavour redesign pending}\n"
    folder, line = _game(tmp_path, proof=known)
    result = runner.invoke(app, ["check", str(folder)])
    assert result.exit_code == 0, result.output
    assert f"front.yaml:{line}:5: note: proof type-size" in result.output
    assert "(known: flavour redesign pending)" in result.output
    assert "no problems found" in result.output and "1 known proofreader finding" in result.output
    built = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    assert "note: proof type-size" in built.output and "(known: flavour redesign pending)" in built.output


def test_min_size_setting(tmp_path: Path) -> None:
    folder, _ = _game(tmp_path, "5pt", proof="proof:\n  min_size: 4.5pt\n")
    assert runner.invoke(app, ["check", str(folder)]).exit_code == 0
    bad, _ = _game(tmp_path / "b", "5pt", proof="proof:\n  min_size: big\n")
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 1 and "game.yaml:" in result.output and "min_size" in result.output
    assert "Traceback" not in result.output


def test_proof_pdf_outlines_each_finding_in_red(tmp_path: Path) -> None:
    folder, _ = _game(tmp_path)
    picture = tmp_path / "proof.pdf"
    result = runner.invoke(app, ["check", str(folder), "--proof", str(picture)])
    assert result.exit_code == 1
    doc = pdfium.PdfDocument(str(picture))
    text = doc[0].get_textpage().get_text_range()
    assert "1. " in text and "type-size" in text
    data = doc[0].render(scale=1).to_pil().convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    reds = sum(1 for r, g, b in pixels if r > 180 and g < 60 and b < 60)
    assert reds > 50


# -- agreement with the reference measuring tool --------------------------------------------------


@pytest.mark.skipif(not REFERENCE.is_file(), reason="the reference tool is not on this machine")
def test_type_size_agrees_with_the_reference_tool() -> None:
    from generator.kit.proofing import recorded_kit
    from generator.load.loader import load_game

    spec = importlib.util.spec_from_file_location("textsize", REFERENCE)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    with recorded_kit(load_game("maloney"), (("a4", "duplex"),)) as found:
        assert len(found.files) >= 8
        for path, pages in found.files.items():
            marks = [m for p in pages for m in p.texts()]
            smallest, below, _ = tool.small_glyphs(str(path), 6.0)
            mine = min(m.size for m in marks)
            ours_below = sum(len("".join(m.text.split())) for m in marks if m.size < 6.0 - 0.05)
            assert abs(mine - smallest) < 0.01, path.name
            assert ours_below == below, path.name


# -- sheet furniture ------------------------------------------------------------------------------


def test_every_cut_sheet_carries_the_50_mm_bar(tmp_path: Path) -> None:
    from generator.core.geometry import Box
    from generator.core.units import mm
    from generator.proof import furniture
    from generator.render.sheets import draw_scale_bar

    def sheet(c, length: float) -> None:
        with record_at(HERE):
            c.setFont("Helvetica", 7)
            c.drawString(20, 20, "Planted - sheet 1 of 1")
        if length:
            draw_scale_bar(c, Box(100, 20, mm(length), mm(2)))

    def pages(name: str, length: float, note: str = "") -> list[record.PageRecord]:
        def draw(c) -> None:
            sheet(c, length)
            if note:
                record.note(c, note)

        with record_at(HERE):  # the part that draws the sheet
            return _draw(tmp_path / name, draw)

    short = furniture.check(pages("short.pdf", 30), Settings())
    assert (
        len(short) == 1 and short[0].origin == HERE and "a 30 mm bar instead of the 50 mm" in short[0].message
    )
    bare = furniture.check(pages("bare.pdf", 0), Settings())
    assert len(bare) == 1 and "no scale bar" in bare[0].message
    assert furniture.check(pages("full.pdf", 50), Settings()) == []
    assert furniture.check(pages("back.pdf", 0, "back-side"), Settings()) == []
    assert furniture.check(pages("read.pdf", 0, "reading-page"), Settings()) == []


# -- overlap on every page ------------------------------------------------------------------------


def test_colliding_text_is_found_on_any_page(tmp_path: Path) -> None:
    from generator.proof import overlap

    def draw(c) -> None:
        c.setFont("Helvetica", 9)
        with record_at(HERE):
            c.drawString(50, 100, "Salt Lake City")
            c.drawString(50 + c.stringWidth("Salt Lake City ", "Helvetica", 9), 100, "(same line)")
        with record_at(THERE):
            c.drawString(80, 103, "reach 4-6")  # strikes through the city's name
            c.drawString(50, 300, "well apart")
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, 40, 400)
        c.clipPath(path, stroke=0, fill=0)
        with record_at(Origin("hidden.yaml", 3, 1)):
            c.drawString(52, 300, "clipped away on this tile")
        c.restoreState()

    found = overlap.check(_draw(tmp_path / "o.pdf", draw), Settings())
    assert len(found) == 1, [f.message for f in found]
    assert (
        found[0].origin == HERE
        and "collides with 'reach 4-6', the text made at planted.yaml:12:3" in found[0].message
    )


# -- colour-only distinctions ---------------------------------------------------------------------

MARKERS = """# planted markers
groups:
  - name: scores
    title: Score markers
    kind: counter
    size: {{width: 10mm, height: 10mm}}
    shape: round
    template: counter-round
    items:
{items}
"""


def _markers(tmp_path: Path, items: str) -> list:
    from generator.load.loader import load_game
    from generator.proof import colouronly

    folder, _ = _game(tmp_path, "8pt")
    (folder / "components.yaml").write_text(MARKERS.format(items=items), encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("components: [components.yaml]\n")
    game = load_game(str(folder))
    return colouronly.check(game, proof_parts(game), Settings())


def test_markers_told_apart_only_by_colour_are_found(tmp_path: Path) -> None:
    found = _markers(
        tmp_path,
        "      - {name: Red, color: '#c62828', icon: pawn}\n"
        "      - {name: Blue, color: '#1565c0', icon: pawn}\n",
    )
    assert len(found) == 1 and found[0].rule == "colour-only"
    assert found[0].problem().location().endswith("components.yaml:3:5")
    assert "'Red' (#c62828) and 'Blue' (#1565c0): in grey their lightness differs by 0" in found[0].message


def test_colour_vision_and_marks_are_judged(tmp_path: Path) -> None:
    # apart in grey, but two blues merge for a tritanope
    found = _markers(
        tmp_path / "a",
        "      - {name: Deep, color: '#0000e0', icon: pawn}\n"
        "      - {name: Slate, color: '#4040e0', icon: pawn}\n",
    )
    assert len(found) == 1 and "with tritanopia they differ by Delta E 9" in found[0].message
    marked = _markers(
        tmp_path / "b",
        "      - {name: Red, color: '#c62828', icon: pawn, value: 1}\n"
        "      - {name: Blue, color: '#1565c0', icon: pawn, value: 2}\n",
    )
    assert marked == []  # a number tells them apart
    apart = _markers(
        tmp_path / "c",
        "      - {name: Black, color: '#212121', icon: pawn}\n"
        "      - {name: Yellow, color: '#f9a825', icon: pawn}\n",
    )
    assert apart == []


# -- board geometry -------------------------------------------------------------------------------

BOARD = """# planted map
name: planted-map
title: Planted map
size: {width: 200mm, height: 120mm}
features:
  - type: map
    links: true
    nodes:
      west: {at: [20mm, 60mm], number: 1, name: West}
      middle: {at: [100mm, 61mm], number: 2, name: Middle}
      east: {at: [180mm, 60mm], number: 3, name: East}
      north: {at: [100mm, 20mm], number: 4, name: North}
    edges:
      - west - east
      - west - north
      - middle - north
"""


def test_a_road_through_a_node_it_does_not_join(tmp_path: Path) -> None:
    from generator.load.loader import load_game
    from generator.proof import links

    folder, _ = _game(tmp_path, "8pt")
    (folder / "board.yaml").write_text(BOARD, encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("boards: [board.yaml]\n")
    game = load_game(str(folder))
    found = [f.problem() for f in links.check(game, proof_parts(game), Settings())]
    through = [p for p in found if "passes through" in p.message]
    assert len(through) == 1 and through[0].line == 14
    assert "road west - east passes through node 'middle' (line 10)" in through[0].message
    assert all(p.line != 15 or "passes through" not in p.message for p in found)  # west - north is clear
