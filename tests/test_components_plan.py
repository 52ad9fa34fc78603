"""Component sheets: counts per sheet, fronts and backs, fold-and-glue, standee strips, notes."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from generator.components import component_files, load_components
from generator.components.plan import PlanOptions, marked_sheet, plan_group, standee_parts, strip_size
from generator.core.errors import DataError
from generator.core.geometry import Box
from generator.core.units import mm
from generator.kit.build import BuildOptions
from generator.layout.imposition import plan_sheet
from generator.load.loader import load_game
from generator.render.components import components_print_notes

TOL = 1e-6

GROUPS = """
groups:
  - name: notes
    kind: money
    size: money-small
    template: money-note
    back: money-note-back
    items:
      - {name: "$1", value: 1, count: 7, color: "#2e7d32"}
      - {name: "$5", value: 5, count: 4, color: "#6a1b9a"}
  - name: pawns
    kind: standee
    size: standee
    tab: 10mm
    template: standee-pawn
    items:
      - {name: Red, count: 9, icon: car, color: "#c62828"}
  - name: few
    kind: counter
    size: counter-16mm
    shape: square
    template: counter-square
    items:
      - {name: Star, count: 5, icon: star, color: navy}
"""


@pytest.fixture(scope="module")
def game():
    return load_game("road-runner")


@pytest.fixture(scope="module")
def groups(game, tmp_path_factory):
    path = tmp_path_factory.mktemp("components") / "components.yaml"
    path.write_text(textwrap.dedent(GROUPS), encoding="utf-8")
    return {g.name: g for g in load_components(path, game).groups}


def opts(**kw) -> PlanOptions:
    return PlanOptions.from_build(BuildOptions(**kw))


def same(a: Box, b: Box) -> bool:
    return all(abs(p - q) < TOL for p, q in ((a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_damage_counters_fill_sheets_in_order(game, paper):
    damage = load_components(component_files(game)[0], game).groups[0]
    per_sheet = plan_sheet(mm(20), mm(20), BuildOptions(paper=paper).sheet_options()).per_sheet
    pages = plan_group(damage, opts(paper=paper))
    assert len(pages) == -(-40 // per_sheet)
    assert all(p.side == "front" for p in pages)  # single-sided: no back pages
    placed = [pl for p in pages for pl in p.placements]
    assert [pl.copy.index for pl in placed] == list(range(40))
    assert all(len(p.placements) <= per_sheet for p in pages)
    assert all(pl.side == "front" and pl.slot.rotation == 0 for pl in placed)


def test_counts_per_sheet_and_sheet_numbers(groups):
    pages = plan_group(groups["notes"], opts())
    fronts = [p for p in pages if p.side == "front"]
    per_sheet = len(fronts[0].placements)
    # 10 notes fill the printable area, leaving cuts with no room for a crop mark; with the
    # margin widened for marks 6 still take the 11 notes' two sheets, so the notes are cut on marks
    sheet = BuildOptions().sheet_options()
    assert plan_sheet(mm(100), mm(50), sheet).cut_lines
    assert per_sheet == plan_sheet(mm(100), mm(50), replace(sheet, margin=sheet.margin + mm(6))).per_sheet
    assert all(not p.cut_lines and p.crop_marks for p in fronts)
    assert len(fronts) == -(-11 // per_sheet)
    assert [(p.sheet, p.sheets) for p in fronts] == [(n, len(fronts)) for n in range(1, len(fronts) + 1)]


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_follow_their_fronts_mirrored(groups, flip):
    offset = (mm(1.5), mm(-0.5))
    pages = plan_group(groups["notes"], opts(duplex=flip, back_offset=offset))
    assert [p.side for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert back.crop_marks == () and back.cut_lines == ()
        for f, b in zip(front.placements, back.placements, strict=True):
            assert f.copy == b.copy and (f.side, b.side) == ("front", "back")
            t, u = f.slot.trim, b.slot.trim
            portrait = front.page_w <= front.page_h
            if (flip == "long") == portrait:  # columns mirror
                expected = Box(front.page_w - t.right + offset[0], t.y + offset[1], t.w, t.h)
            else:  # rows mirror, backs turned
                expected = Box(t.x + offset[0], front.page_h - t.top + offset[1], t.w, t.h)
            assert same(u, expected)
            assert b.slot.rotation == (0 if (flip == "long") == portrait else 180)


def test_no_backs_option_and_single_sided_groups(groups):
    assert {p.side for p in plan_group(groups["notes"], opts(backs=False))} == {"front"}
    assert {p.side for p in plan_group(groups["few"], opts())} == {"front"}


def test_gutterfold_puts_both_sides_on_one_page(groups):
    pages = plan_group(groups["notes"], opts(layout="gutterfold"))
    assert {p.side for p in pages} == {"both"}
    assert sum(len(p.placements) for p in pages) == 2 * 11
    for page in pages:
        (fold,) = page.folds
        fronts = [p for p in page.placements if p.side == "front"]
        backs = [p for p in page.placements if p.side == "back"]
        for f, b in zip(fronts, backs, strict=True):
            assert f.copy == b.copy
            ft, bt = f.slot.trim, b.slot.trim
            if fold.x1 == fold.x2:  # vertical fold: mirrored across it
                assert (ft.x + ft.right + bt.x + bt.right) / 4 == pytest.approx(fold.x1)
                assert ft.y == pytest.approx(bt.y)
            else:
                assert (ft.y + ft.top + bt.y + bt.top) / 4 == pytest.approx(fold.y1)
                assert ft.x == pytest.approx(bt.x)


def test_counters_butted_to_the_margin_get_crop_marks_without_a_sheet_more(game):
    """Road Runner's 40 damage counters: butted 10 to a row they left no margin for marks, so
    the cuts were lines across the art; 9 to a row, on the same one sheet, every cut has marks."""
    (damage,) = [g for g in load_components(component_files(game)[0], game).groups if g.name == "damage"]
    for paper in ("a4", "letter"):
        pages = plan_group(damage, opts(paper=paper))
        assert len(pages) == 1 and pages[0].crop_marks and not pages[0].cut_lines
    kept = plan_group(damage, opts(cut_lines=True))[0]  # asked for: lines on every cut, as before
    assert kept.cut_lines


def test_standee_strip_geometry(groups):
    pawns = groups["pawns"]
    w, h, tab = mm(25), mm(45), mm(10)
    assert strip_size(pawns) == pytest.approx((w, 2 * h + 2 * tab))
    pages = plan_group(pawns, opts())
    strips = plan_sheet(w, 2 * h + 2 * tab, BuildOptions().sheet_options())
    assert len(pages[0].placements) == 2 * min(9, strips.per_sheet)
    for page in pages:
        assert len(page.folds) == 3 * len(page.placements) // 2
        assert len(page.tabs) == len(page.placements)
    slot = strips.slots[0]
    parts = standee_parts(slot, h, tab)
    t = slot.trim
    bottom, top = parts.tabs
    low, mid, high = parts.folds
    # bottom to top: tab, front panel, back panel, tab; the panels meet on the middle fold
    assert same(parts.front.trim, Box(t.x, t.y + tab, w, h))
    assert same(parts.back.trim, Box(t.x, t.y + tab + h, w, h))
    assert (low.y1, mid.y1, high.y1) == pytest.approx((t.y + tab, t.y + tab + h, t.y + tab + 2 * h))
    assert all(
        f.y1 == f.y2 and f.x1 == pytest.approx(t.x) and f.x2 == pytest.approx(t.right) for f in parts.folds
    )
    # the back is the front turned a half turn about the middle fold's centre
    cx, cy = t.x + w / 2, mid.y1
    f, b = parts.front.trim, parts.back.trim
    assert same(b, Box(2 * cx - f.right, 2 * cy - f.top, f.w, f.h))
    assert (parts.front.rotation, parts.back.rotation) == (0, 180)
    # no art crosses a fold; tabs reach the strip's outer bleed
    assert parts.front.art.y == pytest.approx(low.y1) and parts.front.art.top == pytest.approx(mid.y1)
    assert parts.back.art.y == pytest.approx(mid.y1) and parts.back.art.top == pytest.approx(high.y1)
    assert bottom.y == pytest.approx(slot.art.y) and bottom.top == pytest.approx(low.y1)
    assert top.y == pytest.approx(high.y1) and top.top == pytest.approx(slot.art.top)


def test_cut_lines_stay_on_the_pieces_in_use(groups):
    (page,) = plan_group(groups["few"], opts(cut_lines=True))
    assert page.cut_lines
    arts = [p.slot.art for p in page.placements]
    x0, y0 = min(a.x for a in arts), min(a.y for a in arts)
    x1, y1 = max(a.right for a in arts), max(a.top for a in arts)
    for ln in page.cut_lines:
        for x, y in ((ln.x1, ln.y1), (ln.x2, ln.y2)):
            assert x0 - TOL <= x <= x1 + TOL and y0 - TOL <= y <= y1 + TOL


def line_positions(lines) -> tuple[set[float], set[float]]:
    """The x of the vertical lines and the y of the horizontal ones (rounded to 1e-3 pt)."""
    xs = {round(ln.x1, 3) for ln in lines if ln.x1 == ln.x2}
    ys = {round(ln.y1, 3) for ln in lines if ln.y1 == ln.y2}
    return xs, ys


def slot_edges(slots) -> tuple[set[float], set[float]]:
    xs = {round(v, 3) for s in slots for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 3) for s in slots for v in (s.trim.y, s.trim.top)}
    return xs, ys


@pytest.mark.parametrize("cut_lines", [False, True])
def test_part_filled_sheet_marks_only_the_pieces_in_use(groups, cut_lines):
    (page,) = plan_group(groups["few"], opts(cut_lines=cut_lines))  # 5 counters, a sheet holds more
    grid = plan_sheet(mm(16), mm(16), replace(opts().sheet, label_chars=len("few") + 90))
    assert grid.per_sheet > 5 and len(page.placements) == 5
    used = [p.slot for p in page.placements]
    assert line_positions(page.crop_marks) == slot_edges(used)
    assert set(page.crop_marks) < set(grid.crop_marks)
    assert line_positions(page.cut_lines) == (slot_edges(used) if cut_lines else (set(), set()))


def test_standee_marks_follow_the_strips_in_use(groups):
    pawns = groups["pawns"]
    for cut_lines in (False, True):
        pages = plan_group(pawns, opts(cut_lines=cut_lines))
        sheet = replace(opts(cut_lines=cut_lines).sheet, label_chars=len(pawns.title) + 90)
        strips = marked_sheet(*strip_size(pawns), sheet, 9)
        start = 0
        for page in pages:
            used = strips.slots[start : start + len(page.placements) // 2]
            start += len(used)
            xs, ys = slot_edges(used)  # the strips' outer edges, tabs included
            mx, my = line_positions(page.crop_marks)
            cx, cy = line_positions(page.cut_lines)
            assert mx <= xs and my <= ys and cx <= xs and cy <= ys
            assert mx | cx == xs and my | cy == ys  # every edge of a strip in use gets a mark or a line
        assert start == 9


def test_last_duplex_sheet_marks_only_its_notes(groups):
    pages = plan_group(groups["notes"], opts())
    front, back = pages[-2:]
    assert (front.side, back.side) == ("front", "back")
    full = marked_sheet(mm(100), mm(50), replace(opts().sheet, label_chars=len("notes") + 90), 11)
    assert 0 < len(front.placements) < full.per_sheet  # 11 notes: the last sheet is part filled
    used = [p.slot for p in front.placements]
    xs, ys = slot_edges(used)
    mx, my = line_positions(front.crop_marks)
    cx, cy = line_positions(front.cut_lines)
    assert mx | cx == xs and my | cy == ys
    assert back.crop_marks == () and back.cut_lines == ()
    if len(pages) > 2:  # a full sheet keeps every mark of the grid
        assert set(pages[0].crop_marks) == set(full.crop_marks)


def test_a_piece_larger_than_the_paper(groups):
    big = replace(groups["few"], width=mm(300), height=mm(300))
    with pytest.raises(DataError) as exc:
        plan_group(big, opts())
    (problem,) = exc.value.problems
    assert problem.message == (
        "the counter 'few' (trim) does not fit the paper: a 300 x 300 mm counter does not fit the printable "
        "area 200 x 287 mm (paper less a 5 mm margin); use a larger paper or a smaller margin"
    )
    assert (problem.line, problem.path) == (groups["few"].size_origin.line, "size")


def test_print_notes(game, groups):
    components = load_components(component_files(game)[0], game)
    damage, pad = components_print_notes(components, BuildOptions())
    assert damage.startswith(
        "counters.pdf - Damage counters: 40 counters (20 mm square) on 1 A4 sheet; 1 copy;"
    )
    assert "print single-sided at 100%" in damage and "cut on the crop marks" in damage
    (round_note,) = components_print_notes(
        [replace(components, groups=(replace(components.groups[0], shape="round"),))], BuildOptions()
    )
    assert "(20 mm round)" in round_note and "circle" in round_note
    assert pad.startswith("sheets.pdf - Damage pad: 2 player sheets (105 x 148 mm) on 1 A4 sheet;")
    money = components_print_notes(
        [replace(components, groups=(groups["notes"], groups["pawns"]))], BuildOptions(duplex="short")
    )
    assert "print double-sided, flip on the short edge" in money[0] and "banknotes" in money[0]
    assert "fold it on the middle dashed line" in money[1] and "10 mm end tabs" in money[1]
    (folded,) = components_print_notes(
        [replace(components, groups=(groups["notes"],))], BuildOptions(layout="gutterfold")
    )
    assert "print single-sided" in folded and "fold each sheet on the dashed line with glue" in folded


def test_component_files_are_paths_in_the_game_folder():
    game = load_game("jokers-row")
    assert all(isinstance(p, Path) and p.parent == game.folder for p in component_files(game))


def test_use_is_only_for_sheets(game, tmp_path):
    """``use: piece`` marks a sheet cut out and kept; on another kind it is a located error."""
    path = tmp_path / "components.yaml"
    path.write_text(
        "groups:\n  - name: tokens\n    kind: counter\n    size: counter-16mm\n    template: counter-round\n"
        "    use: piece\n    items:\n      - {name: Token}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        load_components(path, game)
    (problem,) = err.value.problems
    assert problem.line == 6 and "only for sheets" in problem.message


def test_a_sheet_is_a_pad_unless_it_says_it_is_a_piece(game, tmp_path):
    path = tmp_path / "components.yaml"
    path.write_text(
        "groups:\n"
        "  - {name: pad, kind: sheet, size: a6, template: sheet-score-pad, items: [{name: Scores}]}\n"
        "  - {name: net, kind: sheet, use: piece, size: a6, template: sheet-score-pad, items: [{name: Net}]}\n",
        encoding="utf-8",
    )
    pad, net = load_components(path, game).groups
    assert (pad.use, net.use) == ("pad", "piece")
