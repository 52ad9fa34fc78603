"""The tiling rule: alignment targets of a tiled board over content that stays visible once the
tiles are assembled, on planted pages and on Entenrallye's tiled board today."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core import where
from generator.kit.proofing import record_kit
from generator.load.loader import load_game
from generator.load.model import Origin
from generator.proof import tiling
from generator.proof.settings import Settings, settings_of
from generator.render import record
from generator.render.pdf import pdf_canvas

BOARD = Origin("board.yaml", 1, 1)
TRACK = Origin("board.yaml", 20, 5)


def _tile(path: Path, targets: list[tuple[float, float]], cell: tuple[float, float] = (100, 100)):
    """A tile page: background, one numbered cell, its visible part 0-300 x 60-400 (the strip
    below y = 60 is covered by the next tile), and targets (radius 8) at the given centres."""
    with record.recording() as found, pdf_canvas(path, "tile", (400, 400)) as c:
        with where.at(BOARD):
            c.setFillColor("#eef2e6")
            c.rect(0, 0, 300, 400, stroke=0, fill=1)
        x, y = cell
        c.setFillColor("#e53935")
        c.rect(x, y, 40, 30, stroke=0, fill=1)  # drawn without an element, as board fills are
        with where.at(TRACK):
            c.setFillColor("#ffffff")
            c.setFont("Helvetica", 11)
            c.drawString(x + 14, y + 10, "16")
        record.note(c, "stays-visible", (0, 60, 300, 400))
        for tx, ty in targets:
            record.note(c, "tiling-mark", (tx - 8, ty - 8, tx + 8, ty + 8))
        c.showPage()
    return found.files[path]


def test_a_target_on_a_numbered_cell_is_found_at_the_cells_element(tmp_path: Path) -> None:
    found = tiling.check(_tile(tmp_path / "t.pdf", [(140, 105), (250, 300)]), Settings())
    assert [(f.origin, f.rule) for f in found] == [(TRACK, "tiling")]
    assert found[0].message.startswith("1 alignment target(s) of the tiled board print over '16', ")
    assert "t.pdf p.1" in found[0].message
    assert found[0].seen[0].box == (132, 97, 148, 113)  # the visible part of the target


def test_targets_on_the_background_or_under_the_next_tile_pass(tmp_path: Path) -> None:
    # one on the background only, one on a cell lying in the covered strip
    pages = _tile(tmp_path / "t.pdf", [(250, 300), (120, 40)], cell=(100, 20))
    assert tiling.check(pages, Settings()) == []


def test_a_cell_without_text_is_reported_by_its_colour(tmp_path: Path) -> None:
    path = tmp_path / "t.pdf"
    with record.recording() as found, pdf_canvas(path, "tile", (400, 400)) as c:
        with where.at(BOARD):
            c.setFillColor("#f1e2bd")
            c.rect(100, 100, 28, 28, stroke=0, fill=1)
        record.note(c, "tiling-mark", (120, 120, 136, 136))
        c.showPage()
    found_ = tiling.check(found.files[path], Settings())
    assert [f.origin for f in found_] == [BOARD] and "a #f1e2bd area" in found_[0].message


def test_entenrallye_targets_on_repair_cells_and_meet_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """As the issue found them: the targets where they fell before tiling learned to slide them
    off the board's content (issue 22), on Entenrallye's route of before its redesign."""
    from generator.render import board
    from tests.conftest import entenrallye_as_it_was

    monkeypatch.setattr(board, "content_boxes", lambda layout: ())
    monkeypatch.setattr(board, "content_strokes", lambda ops: ())
    game = load_game(str(entenrallye_as_it_was(tmp_path)))
    pages = list(record_kit(game, (("a4", "duplex"),)).pages())
    found = {f.problem().line: f.message for f in tiling.check(pages, settings_of(game))}
    assert "print over '16', '17', '20'," in found[119]  # the repair track
    assert "print over '2'," in found[26]  # Meet 2 on the route map


def test_a_card_place_is_an_area_not_content_even_cut_by_the_window(tmp_path: Path) -> None:
    path = tmp_path / "t.pdf"
    with record.recording() as found, pdf_canvas(path, "tile", (400, 400)) as c:
        c.saveState()
        clip = c.beginPath()
        clip.rect(0, 0, 150, 400)  # the tile's window cuts the place to 30 pt wide
        c.clipPath(clip, stroke=0, fill=0)
        with where.at(BOARD):
            c.setFillColor("#ffffff")
            c.rect(120, 100, 180, 250, stroke=0, fill=1)  # a poker card place
        c.restoreState()
        record.note(c, "tiling-mark", (134, 200, 150, 216))
        c.showPage()
    assert tiling.check(found.files[path], Settings()) == []


ROAD = Origin("board.yaml", 30, 5)


def test_a_target_over_a_road_of_the_board_is_found_at_the_roads_element(tmp_path: Path) -> None:
    """Only the board's lines to follow count: a road placed from the board's form; not its thin
    outlines, a filled shape's edge, a wide band of colour, nor the tile's own cut line and target."""
    path = tmp_path / "t.pdf"
    with record.recording() as found, pdf_canvas(path, "tile", (400, 400)) as c:
        c.beginForm("board", 0, 0, 300, 400)
        with where.at(ROAD):
            for colour, width in (("#a23b2c", 3.7), ("#5b4a36", 0.5), ("#cdd8d1", 25.5)):
                c.setStrokeColor(colour)
                c.setLineWidth(width)
                road = c.beginPath()
                road.moveTo(50, 150)
                road.lineTo(250, 210)
                c.drawPath(road, stroke=1, fill=0)
            c.setFillColor("#f8f0da")
            c.setLineWidth(2)
            c.rect(165, 220, 130, 170, stroke=1, fill=1)  # an area's edge: its fill decides
        c.endForm()
        c.doForm("board")
        record.note(c, "stays-visible", (0, 60, 300, 400))
        c.setLineWidth(1.6)  # the tile's furniture, drawn on the page itself
        c.line(100, 0, 100, 400)
        c.circle(150, 40, 5, stroke=1, fill=0)
        for tx, ty in ((150, 180), (100, 300), (170, 300)):
            record.note(c, "tiling-mark", (tx - 8, ty - 8, tx + 8, ty + 8))
        c.showPage()
    found_ = tiling.check(found.files[path], Settings())
    assert [(f.origin, f.rule) for f in found_] == [(ROAD, "tiling")]
    assert found_[0].message.startswith("1 alignment target(s) of the tiled board print over a #a23b2c line")
    assert found_[0].seen[0].box == (142, 172, 158, 188)


def test_a_line_across_the_seam_moves_its_target_and_is_reported_if_forced(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A synthetic board whose line crosses the first seam where its middle target would sit:
    built as it is, the target slides off and the proofreader finds nothing; with the sliding
    off strokes turned off (the targets where they fell before), the rule reports the line at
    its element's line in the board file."""
    from generator.art.fonts import FontBook
    from generator.board.tiling import plan_tiles
    from generator.core.sizes import paper_size
    from generator.core.units import mm
    from generator.render import board as render_board
    from tests.test_board_layout import make_board

    plan = plan_tiles(mm(500), mm(250), paper_size("a4"), mm(10))
    a2 = plan.tile(0, 1)
    seam = sorted(p for m in a2.marks if abs((p := a2.to_board(m.x, m.y))[0] - a2.window.x) < 1e-6)
    x, y = (v / mm(1) for v in seam[1])
    text = (
        "name: roads\ntitle: Roads\nsize: {width: 500mm, height: 250mm}\nbackground: '#eeeeee'\n"
        "features:\n"
        f"  - {{type: line, points: [[{x - 40:.1f}mm, {250 - y:.1f}mm], [{x + 40:.1f}mm, {250 - y:.1f}mm]],\n"
        "     color: '#a23b2c', width: 1.3mm}\n"
    )
    board, game = make_board(tmp_path / "game", text)
    fonts = FontBook.load(game.font_dirs)

    def judged(out: Path) -> list:
        with record.recording() as seen:
            render_board.write_board(board, game, fonts, out, "a4", "tiled")
        return tiling.check(list(seen.pages()), Settings())

    assert judged(tmp_path / "built") == []
    monkeypatch.setattr(render_board, "content_strokes", lambda ops: ())
    found = judged(tmp_path / "forced")
    assert [(f.problem().line, f.rule) for f in found] == [(6, "tiling")]
    assert "print over a #a23b2c line" in found[0].message and "roads-tiled.pdf p.2, p.3" in found[0].message


@pytest.mark.parametrize("name", ["entenrallye", "jokers-row", "maloney"])
def test_bundled_boards_have_no_target_over_content_on_the_larger_papers(name: str) -> None:
    """A4 and letter are judged with every rule in test_proof_games; the other papers here."""
    game = load_game(name)
    variants = tuple((paper, "duplex") for paper in ("a3", "tabloid", "legal"))
    found = tiling.check(list(record_kit(game, variants).pages()), settings_of(game))
    assert [f for f in found if f.severity == "error"] == []
    # legal's 3 x 2 sheets: B2's seams cross only the land, so it keeps two targets there (issue 32)
    assert [f.message.split(" (")[0] for f in found] == (
        [
            "10 alignment target(s) of the tiled board sit on its play surface, where a player takes them"
            " for part of the map"
        ]
        if name == "maloney"
        else []
    )


def test_strokes_are_recorded_at_their_printed_width_and_place(tmp_path: Path) -> None:
    path = tmp_path / "s.pdf"
    with record.recording() as found, pdf_canvas(path, "strokes", (400, 400)) as c:
        c.beginForm("art", 0, 0, 100, 100)
        c.setLineWidth(2)
        c.line(10, 10, 90, 10)
        c.rect(20, 20, 10, 10, stroke=1, fill=1)
        c.circle(50, 50, 10, stroke=0, fill=1)  # filled only: no stroke
        c.endForm()
        c.saveState()
        c.translate(100, 200)
        c.scale(2, 2)
        c.doForm("art")
        c.restoreState()
        c.setLineWidth(0.8)
        c.line(0, 0, 0, 400)  # on the page itself
        c.showPage()
    strokes = [m for m in found.files[path][0].marks if isinstance(m, record.StrokeMark)]
    line, square, own = strokes
    assert line.in_form and line.width == pytest.approx(4) and not line.filled
    assert line.lines == (((120, 220), (280, 220)),) and line.box == (118, 218, 282, 222)
    assert square.filled and square.lines[0][0] == square.lines[0][-1] == (140, 240)
    assert not own.in_form and own.width == pytest.approx(0.8)


def test_maloney_targets_on_roads_as_they_were(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the targets learned to slide off strokes (issue 22), nine on A4 sat on the roads:
    reported at the map's line in board.yaml, by the roads' colour."""
    from generator.render import board

    monkeypatch.setattr(board, "content_strokes", lambda ops: ())
    monkeypatch.setattr(board, "surface_rings", lambda ops: ())  # nor off the land (issue 32)
    game = load_game("maloney")
    found = tiling.check(list(record_kit(game, (("a4", "duplex"),)).pages()), settings_of(game))
    assert [(Path(f.file).name, f.problem().line) for f in found if f.severity == "error"] == [
        ("board.yaml", 42)
    ]
    # 14 on the map redrawn for issue 32 (lanes, 40 mm overlap); 9 on the map of issue 22
    errors = [f for f in found if f.severity == "error"]
    assert errors[0].message.startswith("14 alignment target(s) of the tiled board print over a #a23b2c line")
