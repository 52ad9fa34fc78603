"""The tiling rule: alignment targets of a tiled board over content that stays visible once the
tiles are assembled, on planted pages and on Entenrallye's tiled board today."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import where
from generator.loader import load_game
from generator.model import Origin
from generator.proof import tiling
from generator.proof.kits import record_kit
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
