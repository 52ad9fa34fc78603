"""``check --proof`` outlines the game rules' findings on their pages (issue 31, item 9): a rule
sets a spot in board or face points, the render stage notes where each board and face lands on
a page, and the kit stage maps one onto the other. Planted: a map rule on a small map, capacity
on a copy of Entenrallye, trim on a bridge-size Road Runner, the nets rule on Entenrallye's old
die net; each outlined on the right page, the proof PDF looked at as pixels."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
from typer.testing import CliRunner

from generator.cli import app
from generator.core import paths
from generator.core.sizes import paper_size
from generator.core.units import mm
from generator.kit.proofing import placed, proof_parts, recorded_kit
from generator.load.loader import load_game
from generator.proof import proofread_game, settings_of
from generator.proof.finding import Finding, Seen, Spot, board_spot
from generator.proof.picture import MARGIN, RED
from generator.render.record import NoteMark, PageRecord
from tests.test_proof_fit_nets import _with_old_net
from tests.test_proof_map_rules import _game

A4 = (("a4", "duplex"),)


def _inside(inner: tuple, outer: tuple, slack: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _proofread(game, parts, variants=A4) -> tuple[list[Finding], list[PageRecord]]:
    with recorded_kit(game, variants) as found:
        pages = list(found.pages())
        return placed(proofread_game(game, pages, parts, settings_of(game)), pages), pages


def test_a_spot_lands_scaled_on_the_one_sheet_board_and_cut_to_each_tile() -> None:
    page = PageRecord(Path("board.pdf"), 1, 600, 800)
    page.marks.append(NoteMark("board:b", (0.0, 0.0, 1000.0, 500.0), (0.5, 0, 0, 0.5, 50.0, 100.0)))
    left = PageRecord(Path("board-tiled.pdf"), 2, 600, 800)
    left.marks.append(NoteMark("board:b", (0.0, 0.0, 520.0, 500.0), (1, 0, 0, 1, 40.0, 60.0)))
    right = PageRecord(Path("board-tiled.pdf"), 3, 600, 800)
    right.marks.append(NoteMark("board:b", (480.0, 0.0, 1000.0, 500.0), (1, 0, 0, 1, -440.0, 60.0)))
    other = PageRecord(Path("other.pdf"), 1, 600, 800)
    other.marks.append(NoteMark("board:c", (0.0, 0.0, 1000.0, 500.0), (1, 0, 0, 1, 0, 0)))
    f = Finding("links", None, "m", spots=(board_spot("b", (500.0, 100.0, 600.0, 200.0)),))
    (got,) = placed([f], [page, left, right, other])
    assert got.seen == (
        Seen(Path("board.pdf"), 1, (300.0, 150.0, 350.0, 200.0)),
        Seen(Path("board-tiled.pdf"), 2, (540.0, 160.0, 560.0, 260.0)),
        Seen(Path("board-tiled.pdf"), 3, (60.0, 160.0, 160.0, 260.0)),
    )
    seam = Finding("through-words", None, "m", spots=(Spot("board:b", (0.0, 0.0, 10.0, 10.0), "letter"),))
    page.variant = "a4 duplex"
    assert placed([seam], [page]) == [seam] and placed([seam], [page])[0].seen == ()


def test_a_map_rule_is_outlined_on_the_one_sheet_board(tmp_path: Path) -> None:
    game, parts = _game(tmp_path, north="64")
    found, _ = _proofread(game, parts)
    (shared,) = [f for f in found if f.rule == "shared-links"]
    board = parts.boards[0]
    fit = [s for s in shared.seen if s.file.name == "planted-map.pdf"]
    assert len(fit) == 1 and fit[0].page == 1
    # where the fit page puts the board, worked out apart from the note
    from generator.board.pages import fit_page

    sheet = fit_page(board.width, board.height, paper_size("a4"), board.title)
    (spot,) = shared.spots
    x0, y0, x1, y1 = spot.box
    s, bx, by = sheet.scale, sheet.box.x, sheet.box.y
    expect = (bx + x0 * s, by + y0 * s, bx + x1 * s, by + y1 * s)
    assert all(abs(a - b) < 1e-6 for a, b in zip(fit[0].box, expect, strict=True))
    # the stretch shared runs eastward from West (40 mm) for the length the message names
    length = mm(int(shared.message.split("along the same ")[1].split(" mm")[0]))
    assert mm(40) < x0 < mm(50) and abs((x1 - x0) - length) < mm(3) and y1 - y0 < mm(5)
    tiles = [s for s in shared.seen if s.file.name == "planted-map-tiled.pdf"]
    assert {s.page for s in tiles} == {2, 3}  # across the seam, on both tiles


def test_check_proof_draws_the_map_finding_on_the_boards_page(tmp_path: Path) -> None:
    game, _ = _game(tmp_path, north="64")
    proof = tmp_path / "proof.pdf"
    result = CliRunner().invoke(app, ["check", str(game.folder), "--proof", str(proof)])
    assert result.exit_code == 1, result.output
    pdf = pdfium.PdfDocument(str(proof))
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    on = [t for t in texts if "shared-links: road west - east" in t]
    assert len(on) == 1 and "planted-map.pdf, page 1" in on[0]  # on its page, not the data list
    assert not any("not on one page" in t and "shared-links" in t for t in texts)
    page = pdf[texts.index(on[0])]
    _assert_red_outline(page)
    # the outline's left edge, where write_proof puts it over the picture of the board's page
    found, pages = _proofread(game, proof_parts(game))
    (shared,) = [f for f in found if f.rule == "shared-links"]
    seen = shared.seen[0]
    board_page = next(p for p in pages if (p.file, p.number) == (seen.file, seen.page))
    pw, ph = board_page.width, board_page.height
    page_w, page_h = page.get_size()
    scale = min((page_w * 0.58 - 2 * MARGIN) / pw, (page_h - 3 * MARGIN) / ph)
    x = MARGIN + seen.box[0] * scale - 1.5
    y = page_h - 2 * MARGIN - ph * scale + (seen.box[1] + seen.box[3]) / 2 * scale
    zoom = 3
    image = page.render(scale=zoom).to_pil().convert("RGB")
    column = [image.getpixel((round(x * zoom) + dx, round((page_h - y) * zoom))) for dx in range(-2, 3)]
    assert any(r > 180 and g < 60 and b < 60 for r, g, b in column), column


def _assert_red_outline(page: pdfium.PdfPage) -> None:
    """The proof page shows red outline pixels inside its picture (left of the list)."""
    image = page.render(scale=1.0).to_pil().convert("RGB")
    w, h = image.size
    red = (round(RED[0] * 255), round(RED[1] * 255), round(RED[2] * 255))
    picture = image.crop((int(MARGIN), int(2 * MARGIN), int(w * 0.58 - MARGIN), h - int(MARGIN)))
    data = picture.tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    hits = sum(
        1 for r, g, b in pixels if abs(r - red[0]) < 40 and abs(g - red[1]) < 40 and abs(b - red[2]) < 40
    )
    assert hits > 30, hits


def test_capacity_on_entenrallye_is_outlined_on_its_start(tmp_path: Path) -> None:
    folder = tmp_path / "entenrallye"
    shutil.copytree(paths.CARDDATA / "entenrallye", folder, ignore=shutil.ignore_patterns("__pycache__"))
    pieces = folder / "components.yaml"  # the 18 x 18 mm car bases before issue 32: 4 on the start
    pieces.write_text(pieces.read_text(encoding="utf-8").replace("    tab: 4.5mm\n", "    tab: 9mm\n", 1))
    game = load_game(str(folder))
    parts = proof_parts(game)
    found, pages = _proofread(game, parts)
    (start,) = [f for f in found if f.rule == "capacity" and "'start' nodes" in f.message]
    assert start.seen and {s.file.name for s in start.seen} == {"board-tiled.pdf"}
    size = mm(40)  # the Start square, at 100 % on its tile (the whole of it on one tile at least)
    assert any(abs((s.box[2] - s.box[0]) - size) < mm(1) for s in start.seen)
    for s in start.seen:  # each inside the window its tile shows of the board
        page = next(p for p in pages if p.file == s.file and p.number == s.page)
        (note,) = page.notes("board:board")
        assert _inside(s.box, note.box)


def test_trim_on_a_bridge_size_road_runner_is_outlined_on_its_cards(tmp_path: Path) -> None:
    folder = tmp_path / "road-runner"
    shutil.copytree(paths.CARDDATA / "road-runner", folder, ignore=shutil.ignore_patterns("__pycache__"))
    spec = folder / "game.yaml"
    spec.write_text(spec.read_text().replace("    size: poker", "    size: bridge", 1))
    game = load_game(str(folder))
    found, pages = _proofread(game, proof_parts(game), (("a4", "duplex"), ("a4", "gutterfold")))
    cut = [f for f in found if f.rule == "trim" and "cut by the trim at the right" in f.message]
    assert cut and all(f.seen for f in cut)
    by_page = {(p.file, p.number): p for p in pages}
    for f in cut:
        for s in f.seen:
            page = by_page[(s.file, s.page)]
            cards = [n.box for n in page.marks if isinstance(n, NoteMark) and n.kind.startswith("card:")]
            assert any(_inside(s.box, c) for c in cards)  # on a card of the sheet
        assert {s.file.name for s in f.seen} >= {"cards.pdf", "cards-gutterfold.pdf"}


def test_check_proof_outlines_fit_and_nets_on_their_pages(tmp_path: Path) -> None:
    folder = _with_old_net(tmp_path)
    game_yaml = folder / "game.yaml"
    kept = [
        line
        for line in game_yaml.read_text(encoding="utf-8").splitlines()
        if "rule: fit," not in line and "rule: nets," not in line
    ]
    game_yaml.write_text("\n".join(kept) + "\n", encoding="utf-8")
    game = load_game(str(folder))
    found, _ = _proofread(game, proof_parts(game))
    fit = [f for f in found if f.rule == "fit"]
    nets = [f for f in found if f.rule == "nets"]
    assert fit and all(f.seen for f in fit) and nets and all(f.seen for f in nets)
    assert all(s.file.name.startswith("board") for f in fit for s in f.seen)
    assert all(s.file.name == "sheets.pdf" for f in nets for s in f.seen)
    proof = tmp_path / "proof.pdf"
    result = CliRunner().invoke(app, ["check", str(folder), "--proof", str(proof)])
    assert result.exit_code == 1, result.output
    pdf = pdfium.PdfDocument(str(proof))
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    (nets_page,) = [i for i, t in enumerate(texts) if "nets: the net 'Entenrallye die'" in t]
    assert "sheets.pdf, page" in texts[nets_page]
    _assert_red_outline(pdf[nets_page])
    fit_pages = [i for i, t in enumerate(texts) if "fit: the 25 x 24 mm base of 'Cars'" in t]
    assert fit_pages and all("board" in texts[i].split(",")[0] for i in fit_pages)


def test_colour_only_zones_and_paths_are_spotted_where_the_board_draws_them(tmp_path: Path) -> None:
    from generator.art.fonts import FontBook
    from generator.board.layout import layout_board
    from generator.board.ops import PolyOp
    from generator.layout.ops import RectOp
    from generator.proof import colouronly
    from generator.proof.settings import Settings
    from tests.test_proof_board_colour import BOARD

    assert CliRunner().invoke(app, ["new", "planted", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "planted"
    board = BOARD.replace("ONE", "#1f1f1f").replace("TWOEXTRA", "width: 1.5pt").replace("TWO", "#3a3a3a")
    board = board.replace("FILLA", "#fbe4e1").replace("FILLB", "#e6e9eb").replace("LABELB", "Pile")
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("boards: [board.yaml]\n")
    game = load_game(str(folder))
    parts = proof_parts(game)
    found = {f.message.split(" ")[0]: f for f in colouronly.check(game, parts, Settings())}
    assert set(found) == {"path", "zone"}
    ops = layout_board(parts.boards[0], FontBook.load(game.font_dirs)).ops
    rects = {(o.box.x, o.box.y, o.box.right, o.box.top) for o in ops if isinstance(o, RectOp)}
    zones = [s.box for s in found["zone"].spots]
    assert len(zones) == 2 and all(any(_inside(z, r) and _inside(r, z) for r in rects) for z in zones)
    lines = [o for o in ops if isinstance(o, PolyOp) and o.stroke in ("#1f1f1f", "#3a3a3a")]
    paths = [s.box for s in found["path"].spots]
    assert len(paths) == 2 and all(any(_inside(p, _points(o), 2.0) for o in lines) for p in paths)


def _points(op) -> tuple:
    """The box a drawn line covers."""
    xs, ys = [p[0] for p in op.points], [p[1] for p in op.points]
    w = op.stroke_width
    return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)
