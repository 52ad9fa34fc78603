"""The fit rule (pieces against the cells they stand on) and the nets rule (a folding net closes
with one glue tab per seam), on planted defects and on a copy of Entenrallye."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.core.geometry import Box
from generator.core.units import mm
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.load.model import Origin
from generator.proof import fit, nets
from generator.proof.fit import Shape, fits
from generator.proof.settings import settings_of
from tests.conftest import entenrallye_as_it_was

# -- fit ---------------------------------------------------------------------------------------


def test_fits_discs_and_rectangles_with_the_margin() -> None:
    disc16 = Shape(True, mm(16), mm(16))
    assert fits(disc16, Shape(False, mm(17), mm(20)), mm(1))
    assert not fits(disc16, Shape(False, mm(17), mm(20)), mm(1.5))
    assert not fits(disc16, Shape(False, mm(14), mm(11)), mm(1))
    assert not fits(disc16, Shape(True, mm(10), mm(10)), 0)
    assert fits(disc16, Shape(True, mm(18), mm(18)), mm(1))
    base = Shape(False, mm(25), mm(12))
    assert fits(base, Shape(False, mm(13), mm(26)), mm(1))  # turned
    assert not fits(base, Shape(False, mm(10), mm(10)), 0)
    assert not fits(base, Shape(True, mm(26), mm(26)), 0)  # its corners stick out of the disc
    assert fits(base, Shape(True, mm(29), mm(29)), mm(1))


def _copy(tmp_path: Path) -> Path:
    """Entenrallye as the proofreader issue found it: its board and pieces of before the board
    redesign (issue 22), which sized them to each other."""
    return entenrallye_as_it_was(tmp_path)


# the die net as the proofreader issue found it (two tabs on two seams, none on a third); the
# bundled one has since been mended (issue 23), so the rule is shown on this copy of it
NET_BEFORE = Path(__file__).parent / "proof_fixtures" / "entenrallye-die-net-before.yaml"


def _with_old_net(tmp_path: Path) -> Path:
    """A copy of Entenrallye whose die net is the one of before (a game's own template wins)."""
    folder = _copy(tmp_path)
    (folder / "templates").mkdir(exist_ok=True)
    shutil.copy(NET_BEFORE, folder / "templates" / "entenrallye-die-net.yaml")
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_entenrallye_pieces_fit_their_squares_and_cells_today() -> None:
    game = load_game("entenrallye")
    assert fit.check(game, proof_parts(game), settings_of(game)) == []


def test_entenrallye_pieces_that_did_not_fit_before(tmp_path: Path) -> None:
    game = load_game(str(_copy(tmp_path)))
    found = fit.check(game, proof_parts(game), settings_of(game))
    got = [
        ("entenrallye/" + f.problem().location().split("/entenrallye/")[-1], f.message.split(" with ")[0])
        for f in found
    ]
    assert got == [
        (
            "entenrallye/components.yaml:11:17",
            "the 25 x 24 mm base of 'Cars' does not fit the 10 x 10 mm squares of map 'route' (board.yaml line 26)",
        ),
        (
            "entenrallye/components.yaml:27:17",
            "the 16 mm disc footprint of 'Repair markers' does not fit the 14 x 11 mm cells of track 'repair' "
            "(board.yaml line 119)",
        ),
        (
            "entenrallye/components.yaml:43:17",
            "the 16 mm disc footprint of 'Time markers' does not fit the 40 x 10 mm cells of track 'months' "
            "(board.yaml line 90)",
        ),
        (
            "entenrallye/components.yaml:43:31",
            "the 16 mm disc footprint of 'Time markers' does not fit the 10 mm disc cells of track 'periods' "
            "(board.yaml line 101)",
        ),
    ]


def test_fit_passes_when_the_cells_are_made_large_enough(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    board = folder / "board.yaml"
    _edit(board, "size: {width: 594mm, height: 420mm}", "size: {width: 700mm, height: 420mm}")
    _edit(board, "space: {width: 14mm, height: 11mm}", "space: {width: 18mm, height: 17mm}")
    _edit(
        board,
        "    space: 10mm\n    gap: 1mm\n    shape: circle",
        "    space: 17mm\n    gap: 1mm\n    shape: circle",
    )
    _edit(
        folder / "components.yaml", "stands_on: [board.months, board.periods]", "stands_on: [board.periods]"
    )
    game = load_game(str(folder))
    messages = [f.message for f in fit.check(game, proof_parts(game), settings_of(game))]
    assert len(messages) == 1 and "'Cars'" in messages[0]
    with (folder / "game.yaml").open("a", encoding="utf-8") as file:
        file.write("proof:\n  fit_margin: 1.5mm\n")
    game = load_game(str(folder))
    messages = [f.message for f in fit.check(game, proof_parts(game), settings_of(game))]
    assert len(messages) == 3 and all("1.5 mm to spare" in m for m in messages)
    assert "'Repair markers'" in messages[1] and "track 'periods'" in messages[2]


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("board.nowhere", "board 'board' has no feature with id 'nowhere'"),
        ("table.route", "no board named 'table' (boards: board)"),
        ("board.route.junction", "map 'route' has no node kind 'junction' a piece can stand on"),
    ],
)
def test_fit_names_a_target_that_is_not_there(tmp_path: Path, target: str, why: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "components.yaml", "stands_on: [board.route]", f"stands_on: [{target}]")
    game = load_game(str(folder))
    found = fit.check(game, proof_parts(game), settings_of(game))
    assert [f.message for f in found if f.problem().line == 11] == [f"stands_on '{target}': {why}"]


def test_fit_on_a_node_kind(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "components.yaml", "stands_on: [board.route]", "stands_on: [board.route.meet]")
    game = load_game(str(folder))
    cars = [f.message for f in fit.check(game, proof_parts(game), settings_of(game)) if "'Cars'" in f.message]
    assert cars == [
        "the 25 x 24 mm base of 'Cars' does not fit the 17 mm disc 'meet' nodes of map 'route' "
        "(board.yaml line 26) with 1 mm to spare: make the cells larger or the pieces smaller"
    ]


# -- nets --------------------------------------------------------------------------------------

S = mm(22)
T = mm(6)


def _cross(tabs: list[tuple[int, str]]) -> tuple[list, list]:
    """A cube's cross: a column of four panels, one each side of the second; tabs on (panel, side)."""
    spots = [(1, 0), (1, 1), (1, 2), (1, 3), (0, 1), (2, 1)]  # column, row from the top
    panels = [
        (Box(mm(10) + c * S, mm(200) - (r + 1) * S, S, S), Origin("net.yaml", 10 + i, 5))
        for i, (c, r) in enumerate(spots)
    ]
    out = []
    for k, (i, side) in enumerate(tabs):
        b = panels[i][0]
        box = {
            "top": Box(b.x + mm(2), b.top, S - mm(4), T),
            "bottom": Box(b.x + mm(2), b.y - T, S - mm(4), T),
            "left": Box(b.x - T, b.y + mm(2), T, S - mm(4)),
            "right": Box(b.right, b.y + mm(2), T, S - mm(4)),
        }[side]
        out.append((box, Origin("net.yaml", 30 + k, 5)))
    return panels, out


GOOD = [(0, "left"), (0, "right"), (0, "top"), (4, "bottom"), (5, "bottom"), (4, "left"), (5, "right")]


def test_a_cube_cross_with_one_tab_per_seam_closes() -> None:
    panels, tabs = _cross(GOOD)
    assert nets.face_nets(panels + tabs) == [(panels, tabs)]
    assert nets.net_findings(panels, tabs, "die") == []


def test_a_seam_without_a_tab_and_one_with_two() -> None:
    panels, tabs = _cross([t for t in GOOD if t != (0, "top")] + [(2, "left")])
    found = nets.net_findings(panels, tabs, "die")
    assert [(f.origin.line, f.message) for f in found] == [
        (
            10,
            "the net 'die': the seam where the top edge of the panel at line 10 and the bottom edge of "
            "the panel at line 13 meet has no glue tab: add one on either edge",
        ),
        (
            36,
            "the net 'die': the seam where the left edge of the panel at line 12 and the bottom edge of "
            "the panel at line 14 meet has 2 glue tabs (line 32, line 36): keep one",
        ),
    ]


def test_a_net_that_does_not_close() -> None:
    _, tabs = _cross(GOOD)
    column = [(Box(mm(32), mm(200) - (r + 1) * S, S, S), Origin("net.yaml", 10 + r, 5)) for r in range(6)]
    found = nets.net_findings(column, tabs[:1], "box")  # a strip of six rolls round onto itself
    assert any("does not close" in f.message for f in found)
    assert any("two panels land on each other" in f.message for f in found)


def test_a_table_of_cells_is_no_net() -> None:
    cells = [(Box(c * S, r * S, S, S), Origin("t.yaml", 1, 1)) for c in range(3) for r in range(2)]
    tab = (Box(0, 2 * S, S - mm(4), T), Origin("t.yaml", 2, 1))
    assert nets.face_nets([*cells, tab]) == []
    strip = [(Box(c * S, 0, S, S), Origin("t.yaml", 1, 1)) for c in range(5)]
    assert nets.face_nets(strip) == []  # no tab: a row of boxes, not a net


def test_entenrallye_die_net_as_it_was(tmp_path: Path) -> None:
    game = load_game(str(_with_old_net(tmp_path)))
    found = nets.check(game, proof_parts(game), settings_of(game))
    got = sorted(
        (f.problem().location().split("templates/")[-1], f.message.split(" meet ")[1]) for f in found
    )
    assert got == [
        ("entenrallye-die-net.yaml:29:5", "has 2 glue tabs (line 24, line 29): keep one"),
        ("entenrallye-die-net.yaml:30:5", "has 2 glue tabs (line 26, line 30): keep one"),
        ("entenrallye-die-net.yaml:31:5", "has no glue tab: add one on either edge"),
    ]


def test_the_die_net_mended_passes(tmp_path: Path) -> None:
    template = _with_old_net(tmp_path) / "templates" / "entenrallye-die-net.yaml"
    folder = template.parent.parent
    # the second tab of each doubled seam becomes the missing tab on top of the top panel
    _edit(template, "box: [35.0mm, 70.0mm, 6.0mm, 18.0mm]", "box: [43.0mm, 18.0mm, 18.0mm, 6.0mm]")
    _edit(template, "box: [63.0mm, 70.0mm, 6.0mm, 18.0mm]", "box: [1.0mm, 1.0mm, 1.0mm, 1.0mm]")
    game = load_game(str(folder))
    assert nets.check(game, proof_parts(game), settings_of(game)) == []


def test_check_reports_fit_and_nets_and_draws_them_in_the_proof(tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    from typer.testing import CliRunner

    from generator.cli import app

    folder = _with_old_net(tmp_path)
    game_yaml = folder / "game.yaml"
    kept = [
        line
        for line in game_yaml.read_text(encoding="utf-8").splitlines()
        if "rule: fit," not in line and "rule: nets," not in line
    ]
    game_yaml.write_text("\n".join(kept) + "\n", encoding="utf-8")
    proof = tmp_path / "proof.pdf"
    result = CliRunner().invoke(app, ["check", str(folder), "--proof", str(proof)])
    assert result.exit_code == 1, result.output
    out = " ".join(result.output.split())
    assert "components.yaml:27:17: error: proof fit: the 16 mm disc footprint of 'Repair markers'" in out
    assert "entenrallye-die-net.yaml:31:5: error: proof nets: the net 'Entenrallye die'" in out
    pdf = pdfium.PdfDocument(str(proof))
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    # outlined on their pages (tests/test_proof_outlines.py), not listed as findings on data
    assert any("board-tiled.pdf" in t and "fit: the 25 x 24 mm base of 'Cars'" in t for t in texts)
    assert any("sheets.pdf" in t and "nets: the net 'Entenrallye die'" in t for t in texts)
