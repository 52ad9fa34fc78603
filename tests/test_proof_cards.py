"""The proofreader's card rules of issue 31: contrast per glyph and its severity, text running out
of its shape, and the trim (planted copies of the defects as found, and clean cases)."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.core import paths
from generator.core.where import at
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.load.model import Origin
from generator.proof import contrast, shapes, trim
from generator.proof.settings import Settings
from generator.render import record
from generator.render.pdf import pdf_canvas

HERE = Origin("planted.yaml", 7, 5)
ROOT = Path(__file__).resolve().parent.parent


def _draw(path: Path, draw) -> list[record.PageRecord]:
    with record.recording() as found, pdf_canvas(path, "planted", (400, 400)) as c:
        draw(c)
        c.showPage()
    return found.files[path]


def _money(path: Path, text_size: float) -> list[record.PageRecord]:
    """Maloney's note as drawn: a cream ground, the #7b2d26 oval, the white value centred on it."""

    def draw(c) -> None:
        c.setFillColor("#f8f4e8")
        c.rect(0, 0, 400, 400, stroke=0, fill=1)
        c.setFillColor("#7b2d26")
        c.ellipse(104, 162, 208, 247, stroke=0, fill=1)
        with at(HERE):
            c.setFillColor("#ffffff")
            c.setFont("Helvetica-Bold", text_size)
            c.drawCentredString(156, 195, "$1,000")

    return _draw(path, draw)


def _text_on(path: Path, ink: str, ground: str) -> list:
    def draw(c) -> None:
        c.setFillColor(ground)
        c.rect(0, 0, 400, 400, stroke=0, fill=1)
        with at(HERE):
            c.setFillColor(ink)
            c.setFont("Helvetica", 9)
            c.drawString(50, 50, "Trash 1 Stone")

    return contrast.check(_draw(path, draw), Settings())


def test_contrast_between_three_and_four_and_a_half_is_a_warning(tmp_path: Path) -> None:
    red = _text_on(tmp_path / "red.pdf", "#ff0000", "#ffffff")  # the published deck: 4.00:1
    assert len(red) == 1 and red[0].severity == "warning" and "4.00:1 in colour" in red[0].message
    grey = _text_on(tmp_path / "grey.pdf", "#aaaaaa", "#ffffff")  # 2.32:1: hard to read for anyone
    assert len(grey) == 1 and grey[0].severity == "error"
    assert _text_on(tmp_path / "black.pdf", "#000000", "#ffffff") == []


def test_contrast_is_judged_under_every_glyph_not_the_middle(tmp_path: Path) -> None:
    pages = _money(tmp_path / "wide.pdf", 48)  # wider than its oval: the ends print on cream
    found = contrast.check(pages, Settings())
    assert len(found) == 1 and found[0].severity == "error"
    assert "#ffffff on #f8f4e8" in found[0].message and "('$0' of it)" in found[0].message
    assert contrast.check(_money(tmp_path / "fits.pdf", 22), Settings()) == []


def test_text_running_out_of_its_oval_is_an_error(tmp_path: Path) -> None:
    found = shapes.check(_money(tmp_path / "wide.pdf", 36), Settings())
    assert len(found) == 1 and found[0].severity == "error" and found[0].origin == HERE
    assert "runs out of the oval it is laid over: '$0'" in found[0].message


def test_text_crowding_its_oval_is_a_warning_and_room_to_spare_passes(tmp_path: Path) -> None:
    near = shapes.check(_money(tmp_path / "near.pdf", 33), Settings())
    assert len(near) == 1 and near[0].severity == "warning" and "nearly touches" in near[0].message
    assert shapes.check(_money(tmp_path / "fits.pdf", 22), Settings()) == []


def test_text_on_the_ground_is_not_judged_against_a_shape(tmp_path: Path) -> None:
    def draw(c) -> None:
        c.setFillColor("#ffffff")
        c.rect(0, 0, 400, 400, stroke=0, fill=1)
        with at(HERE):
            c.setFillColor("#000000")
            c.setFont("Helvetica", 10)
            c.drawString(2, 2, "near the page's edge")

    assert shapes.check(_draw(tmp_path / "ground.pdf", draw), Settings()) == []


def _copy(tmp_path: Path, source: Path) -> Path:
    folder = tmp_path / source.name
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def _trim(folder: Path) -> list:
    game = load_game(str(folder))
    return trim.check(game, proof_parts(game), Settings())


def test_bridge_size_road_runner_is_cut_at_the_right(tmp_path: Path) -> None:
    folder = _copy(tmp_path, paths.CARDDATA / "road-runner")
    spec = folder / "game.yaml"
    spec.write_text(spec.read_text().replace("    size: poker", "    size: bridge", 1))
    found = _trim(folder)
    cut = [f for f in found if "cut by the trim at the right" in f.message]
    assert cut and all(f.severity == "error" for f in cut)
    assert any(f.message.startswith("text '") for f in cut)  # titles cut off
    assert any("rect is cut by the trim at the right" in f.message for f in cut)  # panels too


def test_poker_size_road_runner_is_not_cut(tmp_path: Path) -> None:
    assert not [f for f in _trim(paths.CARDDATA / "road-runner") if "cut by the trim" in f.message]


def _spice_as_it_was(tmp_path: Path) -> Path:
    """The Spice Market example with its front as it was before issue 32 (the band stopping at
    the trim, the seal 1.5 mm from it)."""
    folder = _copy(tmp_path, ROOT / "examples" / "spice-market")
    before = ROOT / "tests" / "proof_fixtures" / "spice-market-front-before.yaml"
    shutil.copyfile(before, folder / "templates" / "market-front.yaml")
    return folder


def test_a_band_that_stops_at_the_trim_and_a_badge_by_the_edge(tmp_path: Path) -> None:
    found = _trim(_spice_as_it_was(tmp_path))
    hairline = [f for f in found if "stops at the trim, not in the bleed" in f.message]
    assert hairline and all(f.severity == "error" for f in hairline)
    assert "#a0522d rect" in hairline[0].message and "(#fbf3e4 behind it)" in hairline[0].message
    badge = [
        f for f in found if "shape lies within a cutter's drift: 1.5 mm from the trim at the top" in f.message
    ]
    assert len(badge) == 1 and badge[0].severity == "error"


def test_the_spice_market_band_and_seal_today(tmp_path: Path) -> None:
    """Issue 32: the band runs on into the bleed and the seal keeps 3 mm from the trim."""
    assert _trim(_copy(tmp_path, ROOT / "examples" / "spice-market")) == []


def test_a_band_run_on_to_the_bleed_shows_no_hairline(tmp_path: Path) -> None:
    folder = _spice_as_it_was(tmp_path)
    front = folder / "templates" / "market-front.yaml"
    text = front.read_text()
    planted = "place: {size: [100%, 18%], anchor: top, to: card}"
    assert planted in text
    front.write_text(text.replace(planted, "box: [-3mm, -3mm, 69.5mm, 18.9mm]"))
    assert not [f for f in _trim(folder) if "#a0522d rect stops at the trim" in f.message]
