"""The bundled board and the docs' examples: they load, lay out, and print as fit and tiled PDFs."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.board import Board, board_files, load_board
from generator.board.layout import layout_board
from generator.board.ops import PolyOp
from generator.board.tiling import TARGET_R, plan_tiles
from generator.core.errors import UsageError
from generator.core.sizes import paper_size
from generator.core.units import mm
from generator.kit.proofing import proof_parts, record_kit
from generator.layout.ops import EllipseOp, RectOp, TextOp
from generator.load.loader import load_game
from generator.proof import proofread_game, settings_of
from generator.render.board import board_print_notes, write_board
from tests.test_board_layout import make_board, texts

DOCS = Path(__file__).resolve().parent.parent / "docs" / "boards.md"


def example(name: str) -> str:
    """The YAML block after ``<!-- example: name -->`` in docs/boards.md."""
    m = re.search(rf"<!-- example: {name} -->\s*```yaml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert m, f"no example '{name}' in {DOCS}"
    return m.group(1)


@pytest.fixture(scope="module")
def jokers():
    game = load_game("jokers-row")
    fonts = FontBook.load(game.font_dirs)
    (path,) = board_files(game)
    return game, fonts, load_board(path, game, fonts)


def test_maloney_like_map_with_weekday_and_score_tracks(tmp_path: Path) -> None:
    board, game = make_board(tmp_path / "maloney", example("maloney"), "map.yaml")
    fonts = FontBook.load(game.font_dirs)
    ops = layout_board(board, fonts).ops
    words = texts(ops)
    assert "1-2, 6-9, 16" in words  # Sacramento's neighbours, as the rulebook lists them
    assert {"0", "10", "69", "Sacramento", "Charleston"} <= set(words)
    assert "70" not in words
    days = [op for op in ops if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(24))]
    assert [d.fill for d in days] == [
        "#ffffff",
        "#f2c14e",
        "#ffffff",
        "#ffffff",
        "#f2c14e",
        "#ffffff",
        "#a5d6a7",
    ]
    score = [op for op in ops if isinstance(op, RectOp) and mm(11.9) < min(op.box.w, op.box.h) < mm(12.1)]
    assert len(score) == 70
    cities = [op for op in ops if isinstance(op, EllipseOp) and op.box.w == pytest.approx(mm(11))]
    assert len(cities) == 8


def test_entenrallye_like_route(tmp_path: Path) -> None:
    board, game = make_board(tmp_path / "ente", example("entenrallye"), "route.yaml")
    ops = layout_board(board, FontBook.load(game.font_dirs)).ops
    words = texts(ops)
    assert {"Jan", "Dec", "6", "0", "20", "-2", "TöV (April)", "Meet 2 (Jun)"} <= set(words)
    route = [
        op
        for op in ops
        if isinstance(op, RectOp)
        and op.box.h == pytest.approx(mm(10))
        and op.rotate % 90 == 0
        and op.fill in ("#b9b9b9", "#ecdcb5", "#ef9a9a")
    ]
    assert len(route) == 6 + 4 + 6 + 3 + 10 + 4 + 4 + 3
    junctions = [op for op in ops if isinstance(op, EllipseOp) and op.box.w == pytest.approx(mm(3))]
    assert len(junctions) == 3
    one_way = [op for op in ops if isinstance(op, PolyOp) and op.closed and op.fill == "#8d8d8d"]
    assert len(one_way) == 7 + 1  # seven one-way roads, and the legend's arrow


def test_jokers_row_mat(jokers) -> None:
    _, fonts, board = jokers
    assert board.name == "playfield" and (board.width, board.height) == pytest.approx((mm(198), mm(513)))
    ops = layout_board(board, fonts).ops
    places = [
        op
        for op in ops
        if isinstance(op, RectOp)
        and (op.box.w, op.box.h) == pytest.approx((mm(63.5), mm(88.9)))
        and op.dash is None
        and op.fill == "#ffffff"
        and not op.rotate
    ]
    assert len(places) == 15  # five rows of three, each a poker card
    tabs = [op for op in ops if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(1.6))]
    left = [t for t in tabs if t.box.right < min(p.box.x for p in places)]
    right = [t for t in tabs if t.box.x > max(p.box.right for p in places)]
    # an omen tab at each end of every row: solid red at Red's left, solid black at Black's left
    # (issue 32: a dashed black tab read as a cut line)
    assert len(left) == len(right) == 5 and len(tabs) == 10
    assert {(t.fill, t.dash) for t in left} == {("#c62828", None)}
    assert {(t.fill, t.dash) for t in right} == {("#1f1f1f", None)}
    # the mat keeps 1 mm off the 5 mm an A4 printer cannot reach (issue 32): its frame and tabs
    # lie 6 mm from the sheet's side edges
    assert min(t.box.x for t in left) > 0 and max(t.box.right for t in right) < board.width
    paths = [op for op in ops if isinstance(op, PolyOp) and not op.closed and len(op.points) == 15]
    assert {(p.stroke, p.dash is not None) for p in paths} == {
        ("#c62828", False),
        ("#1f1f1f", True),
    }  # grey too
    words = texts(ops)
    assert {"R1", "R15", "B1", "B15"} <= set(words)
    red = next(p for p in paths if p.stroke == "#c62828")
    assert (
        red.points[0][0] < red.points[2][0] and red.points[0][1] < red.points[3][1]
    )  # bottom-left, rightwards
    badges = [w for w in words if "starts here" in w]
    assert badges == ["Red Joker starts here", "Black Joker starts here"]
    assert any("Red omen" in w and "solid red tab" in w for w in words)
    assert any("Black omen" in w and "black tab" in w for w in words)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_jokers_row_mat_tiles_on_two_sheets_its_seam_clear_of_words_and_paths(jokers, paper: str) -> None:
    """At 100 % on two A4 or Letter sheets, one above the other: the one seam crosses the middle
    row's places (under the cards), 3 mm or more from every word and from both path lines, so its
    targets (3 mm round, kept 1 mm clear) print over no content."""
    _, fonts, board = jokers
    plan = plan_tiles(board.width, board.height, paper_size(paper), board.overlap, board.title)
    assert (plan.rows, plan.cols, plan.orientation) == (2, 1, "portrait")
    for tile in plan.tiles:  # off the printer's 5 mm margin, not on it (issue 32)
        assert min(tile.page_box.x, plan.page_w - tile.page_box.right) >= mm(6) - 0.01
    seam = plan.tile(1, 0).window.top  # the cut line of the lower tile, board points, y up
    ops = layout_board(board, fonts).ops
    clear = TARGET_R + mm(1)
    for op in ops:
        if isinstance(op, TextOp):
            assert op.box.top < seam - clear or op.box.y > seam + clear, texts([op])
    for path in (op for op in ops if isinstance(op, PolyOp) and len(op.points) == 15):
        across = [y for (_, y), (_, y2) in itertools.pairwise(path.points) if y == pytest.approx(y2)]
        assert min(abs(y - seam) for y in across) > clear + path.stroke_width / 2
    row = [
        op.box
        for op in ops
        if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(63.5)) and op.box.y < seam < op.box.top
    ]
    assert len(row) == 3  # the middle row: the cards lie over the seam


def test_write_fit_and_tiled(jokers, tmp_path: Path) -> None:
    game, fonts, board = jokers
    # at 54 % its smallest type (9 pt) would print at 4.9 pt: no one-sheet A4 file (the guide says so)
    assert write_board(board, game, fonts, tmp_path, "a4", "fit") == []
    (tiled,) = write_board(board, game, fonts, tmp_path, "letter", "tiled")
    assert tiled == tmp_path / "playfield-tiled.pdf"
    assert len(PdfReader(tiled).pages) == 1 + 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["playfield-tiled.pdf"]
    first = tiled.read_bytes()
    write_board(board, game, fonts, tmp_path, "letter", "tiled")
    assert tiled.read_bytes() == first  # reproducible
    (fit,) = write_board(board, game, fonts, tmp_path, "a3", "fit")  # 78 %: 7 pt, legible
    assert "printed at 78 %" in " ".join(PdfReader(fit).pages[0].extract_text().split())
    with pytest.raises(UsageError):
        write_board(board, game, fonts, tmp_path, "a4", "poster")


def test_print_notes(jokers) -> None:
    _, _, board = jokers
    notes = board_print_notes(board, "a4")
    assert notes[0] == (
        "playfield.pdf is not made: reduced to one A4 sheet (54 %) the board's smallest type "
        "would print at 4.9 pt, below the 6 pt minimum; print playfield-tiled.pdf."
    )
    assert "(198 x 513 mm) on 2 A4 sheets (2 rows x 1 column, portrait)" in notes[1]
    assert "2 Letter sheets" in board_print_notes(board, "letter")[1]
    assert board_print_notes(board, "a3")[0] == (
        "playfield.pdf: Joker's Row playfield scaled to one A3 sheet (78 %), for quick playtests."
    )


def test_jokers_row_mat_on_a3_and_legal_gives_no_finding(jokers) -> None:
    """Built for A3 the mat also prints on one sheet (78 %), its type still readable; on Legal it
    tiles like Letter. The proofreader finds nothing in either kit."""
    game, _, _ = jokers
    pages = record_kit(game, (("a3", "duplex"), ("legal", "duplex"))).pages()
    boards = {(p.variant, p.file.name) for p in pages if p.file.name.startswith("playfield")}
    assert boards == {
        ("a3 duplex", "playfield.pdf"),
        ("a3 duplex", "playfield-tiled.pdf"),
        ("legal duplex", "playfield-tiled.pdf"),
    }
    assert proofread_game(game, pages, proof_parts(game), settings_of(game)) == []


def test_small_board_tiles_to_one_page(tmp_path: Path) -> None:
    board, game = make_board(tmp_path / "small", "size: a5\nfeatures:\n  - {type: zone, at: [20mm, 20mm]}\n")
    assert isinstance(board, Board)
    fonts = FontBook.load(game.font_dirs)
    (path,) = write_board(board, game, fonts, tmp_path / "out", "a4", "tiled")
    assert len(PdfReader(path).pages) == 1
    assert "on one A4 sheet at 100 %" in board_print_notes(board, "a4")[0]
