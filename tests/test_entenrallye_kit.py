"""Entenrallye kit: builds on A4 and Letter, duplex, gutterfold and print-shop, with every part;
the board legend's dashed swatch."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.layout import layout_board
from generator.board.ops import PolyOp
from generator.core.units import mm
from generator.layout.ops import EllipseOp, RectOp
from generator.load.loader import load_game
from tests.test_board_layout import make_board

FILES = [
    "cars.pdf",
    "parts.pdf",
    "board-tiled.pdf",
    "standees.pdf",
    "counters.pdf",
    "sheets.pdf",
    "rules-summary.pdf",
    "player-aids.pdf",
    "print-guide.md",
]


@pytest.mark.parametrize(
    "args",
    [["--paper", "a4"], ["--paper", "letter", "--layout", "gutterfold"], ["--printshop", "generic"]],
    ids=["a4-duplex", "letter-gutterfold", "printshop"],
)
def test_kit_builds(run_cli, tmp_path: Path, args: list[str]):
    code, out, err = run_cli("build", "entenrallye", "-o", tmp_path, *args)
    assert code == 0, out + err
    kit = tmp_path / "entenrallye"
    cards = {
        "--layout": ["cars-gutterfold.pdf", "parts-gutterfold.pdf"],
        "--printshop": ["printshop-generic/cars.pdf", "printshop-generic/parts.pdf"],
    }
    for name in FILES[2:] + next((v for k, v in cards.items() if k in args), FILES[:2]):
        assert (kit / name).is_file(), name
    assert len(PdfReader(kit / "board-tiled.pdf").pages) > 2  # an assembly page and the tiles
    # reduced to one A4 or Letter sheet its type would print below 6 pt: no one-sheet board
    assert not (kit / "board.pdf").exists()
    text = " ".join(page.extract_text() or "" for page in PdfReader(kit / "board-tiled.pdf").pages[1:])
    for words in ("Meet 1", "February", "June", "August", "December", "TöV", "ASU", "-6", "Januar"):
        assert words in text, words
    guide = (kit / "print-guide.md").read_text(encoding="utf-8")
    assert "board.pdf is not made" in guide and "die" in guide.lower()


def test_the_short_cuts_squares_are_dashed_like_the_legends_swatch():
    """The short cuts past meets 2 and 3 (road kind ``lane``) draw their squares with a dashed
    black outline (``RoadKind.spaces``), grey or beige as the rules say, on a solid road: a dashed
    road showed only 1-2 mm fragments between touching squares (issue 32). The legend explains
    them with a dashed square."""
    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    (path,) = board_files(game)
    ops = layout_board(load_board(path, game, fonts), fonts).ops
    dashed = [op for op in ops if isinstance(op, RectOp) and op.dash == pytest.approx((mm(3), mm(1.6)))]
    assert len(dashed) == 10  # five squares on each short cut
    assert {op.fill for op in dashed} == {"#a9a9a9", "#f1e2bd"} and {op.stroke for op in dashed} == {
        "#1f1f1f"
    }
    assert all(op.box.w == pytest.approx(mm(20)) for op in dashed)
    (swatch,) = [op for op in ops if isinstance(op, RectOp) and op.dash == pytest.approx((mm(1.5), mm(0.8)))]
    assert swatch.box.w < mm(8)
    assert not [op for op in ops if isinstance(op, PolyOp) and op.dash and not op.closed]  # no dashed road


def test_the_print_guide_sends_the_die_net_to_card_stock_not_to_a_pad(tmp_path: Path):
    """The die net is a piece cut out once and kept (``use: piece``): card stock, one copy, no
    "print more copies"; the score pad stays a pad on plain paper (issue 32)."""
    from generator.kit.assemble import build_kit
    from generator.kit.build import BuildOptions

    build_kit(load_game("entenrallye"), BuildOptions(out_dir=tmp_path))
    guide = (tmp_path / "entenrallye" / "print-guide.md").read_text(encoding="utf-8")
    die = next(line for line in guide.splitlines() if "sheets.pdf - Die" in line)
    pad = next(line for line in guide.splitlines() if "sheets.pdf - Score pad" in line)
    assert "card stock" in die and "plain paper" not in die and "fresh ones" not in die
    assert "plain paper" in pad and "fresh ones" in pad
    assert "- sheets.pdf: Die on card stock" in guide and "Score pad on plain paper" in guide


def test_a_dashed_swatch_outlines_shapes_too(tmp_path: Path):
    board, game = make_board(
        tmp_path / "legend",
        (
            "name: legend\ntitle: Legend\nsize: a5\nfeatures:\n  - type: legend\n    box: [10mm, 10mm, 80mm, 40mm]\n"
            '    entries:\n      - {fill: "#ffffff", stroke: "#000000", dash: [1mm, 1mm], text: Dashed square}\n'
            '      - {shape: circle, stroke: "#000000", dash: [1mm, 1mm], text: Dashed circle}\n'
            '      - {shape: arrow, stroke: "#000000", dash: [1mm, 1mm], text: Dashed arrow}\n'
        ),
        "legend.yaml",
    )
    ops = layout_board(board, FontBook.load(game.font_dirs)).ops
    assert sum(isinstance(op, RectOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1
    assert sum(isinstance(op, EllipseOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1
    assert sum(isinstance(op, PolyOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1


def test_score_pad_totals_each_players_four_meets():
    """Rows are players, the four meets are columns, and a Total column closes each row (the
    rulebook: a player's points of the four meets decide); no row totals a meet across players."""
    from generator.components.notes import groups_of
    from generator.kit.assemble import load_parts
    from generator.kit.build import DeckFaces
    from tests.cardfaces import text_ops, words

    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    (deck,) = [
        g.deck
        for part, _, value in load_parts(game)
        if part.name == "components"
        for g in groups_of(value)
        if g.deck.name.endswith("scores")
    ]
    (pad,) = deck.cards
    front, _ = DeckFaces(game, deck, fonts, mm(3)).faces(pad)
    texts = {words(op): op for op in text_ops(front)}
    meets = [texts[m] for m in pad.get("columns")]
    assert [m.box.x for m in meets] == sorted(m.box.x for m in meets) and len(meets) == 4
    total = texts["Total"]
    assert total.box.x > meets[-1].box.right and abs(total.box.y - meets[0].box.y) < 0.01
    assert "Total" not in pad.get("rows") and len(pad.get("rows")) == 6  # one row per player


def _fold(faces: list, size: float) -> dict:
    """Fold a net of unit squares (their top-left corners, in units of ``size``) into a cube:
    for each face's four sides, the cube edge it lands on (a frozenset of two corners)."""

    def add(a, b, k=1):
        return tuple(x + k * y for x, y in zip(a, b, strict=True))

    cells = {(round(x / size), round(y / size)) for x, y in faces}
    start = min(cells)
    placed = {start: ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))}  # origin, u (net x), v (net y), fold
    todo = [start]
    while todo:
        c = todo.pop()
        o, u, v, n = placed[c]
        minus = lambda w: tuple(-x for x in w)  # noqa: E731
        for d, nxt in (
            ((1, 0), (add(o, u), n, v, minus(u))),
            ((-1, 0), (add(o, n), minus(n), v, u)),
            ((0, 1), (add(o, v), u, n, minus(v))),
            ((0, -1), (add(o, n), u, minus(n), v)),
        ):
            cell = (c[0] + d[0], c[1] + d[1])
            if cell in cells and cell not in placed:
                placed[cell] = nxt
                todo.append(cell)
    edges = {}
    for cell, (o, u, v, _n) in placed.items():
        edges[cell] = {
            "top": frozenset({o, add(o, u)}),
            "bottom": frozenset({add(o, v), add(add(o, v), u)}),
            "left": frozenset({o, add(o, v)}),
            "right": frozenset({add(o, u), add(add(o, u), v)}),
        }
    return edges


def test_die_net_closes_with_one_glue_tab_per_seam():
    """Fold the printed net: six faces on six cube faces, and each of the seven seams (cube edges
    that two free sides of the net meet on) carries exactly one glue tab."""
    from generator.components.notes import groups_of
    from generator.kit.assemble import load_parts
    from generator.kit.build import DeckFaces
    from tests.cardfaces import flat

    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    (deck,) = [
        g.deck
        for part, _, value in load_parts(game)
        if part.name == "components"
        for g in groups_of(value)
        if g.deck.name.endswith("die")
    ]
    front, _ = DeckFaces(game, deck, fonts, mm(3)).faces(deck.cards[0])
    rects = [op for op in flat(front.ops) if isinstance(op, RectOp)]
    side = mm(22)
    faces = [op.box for op in rects if abs(op.box.w - side) < 0.01 and abs(op.box.h - side) < 0.01]
    tabs = [op.box for op in rects if op.fill == "#d9d9d9"]
    assert len(faces) == 6
    x0, y0 = min(b.x for b in faces), min(b.y for b in faces)
    corners = [(b.x - x0, b.y - y0) for b in faces]
    edges = _fold(corners, side)
    assert len({frozenset().union(*e.values()) for e in edges.values()}) == 6  # six distinct cube faces
    cells = {(round((b.x - x0) / side), round((b.y - y0) / side)): b for b in faces}
    on_edge = {}
    for cell in cells:  # sides of the net shared by two faces are folds, not seams
        free = {"top": (0, 1), "bottom": (0, -1), "left": (1, 0), "right": (-1, 0)}
        for name, (dx, dy) in free.items():
            if (cell[0] - dx, cell[1] - dy) not in cells:
                on_edge[(cell, name)] = edges[cell][name]
    seams = {e for e in on_edge.values() if list(on_edge.values()).count(e) == 2}
    assert len(seams) == 7 and len(on_edge) == 14
    glued = []
    for t in tabs:
        touching = [key for key in on_edge if _touches(t, cells[key[0]], key[1])]
        assert len(touching) == 1, t
        glued.append(on_edge[touching[0]])
    assert sorted(map(sorted, glued)) == sorted(map(sorted, seams))  # one tab on each seam


def _touches(tab, face, name: str) -> bool:
    e = 0.05
    if name in ("top", "bottom"):
        y = face.y if name == "top" else face.y + face.h  # boxes are top-down in the template
        edge_y = tab.y + tab.h if name == "top" else tab.y
        return abs(edge_y - y) < e and tab.x >= face.x - e and tab.x + tab.w <= face.x + face.w + e
    x = face.x if name == "left" else face.x + face.w
    edge_x = tab.x + tab.w if name == "left" else tab.x
    return abs(edge_x - x) < e and tab.y >= face.y - e and tab.y + tab.h <= face.y + face.h + e


def test_the_player_aids_are_three_full_tarot_cards():
    """Five poker cards per player, three of them half empty, became three tarot cards (70 x 120
    mm) in 8 pt, each filled three quarters or more (issue 32)."""
    from generator.layout.ops import TextOp
    from generator.summary import layout_aids, load_summary

    game = load_game("entenrallye")
    summary = load_summary(game.folder / "summary.yaml", game)
    aids = layout_aids(summary, FontBook.load(game.font_dirs))
    assert (summary.aids.width, summary.aids.height) == pytest.approx((mm(70), mm(120)))
    assert len(aids.faces) == 3 and aids.overflows == ()
    for face in aids.faces:
        lowest = min(op.box.y for op in face.ops if isinstance(op, TextOp) and op.box.y > aids.body.y - 1)
        assert (aids.body.top - lowest) / aids.body.h > 0.75
