"""The proofreader judges translucent text and panels as the eye sees them (issue 33, item 4, the
part squib2 left): text at ``opacity: 0.4`` is its colour mixed 40 % with what lies beneath, and
a translucent panel under text is the panel mixed with what lies beneath it."""

from __future__ import annotations

from pathlib import Path

from generator.core import where
from generator.load.model import Origin
from generator.proof import contrast
from generator.proof.settings import Settings
from generator.render import record
from generator.render.pdf import pdf_canvas
from tests.conftest import write_game

HERE = Origin("planted.yaml", 7, 5)

FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [3mm, 3mm, 57.5mm, 15mm], fill: "#f0e8d0"}
  - {type: text, box: [4mm, 4mm, 55mm, 12mm], text: "Solid {name}", size: 12pt, color: "#000000"}
  - {type: rect, box: [3mm, 22mm, 57.5mm, 15mm], fill: "#202020"}
  - {type: text, box: [4mm, 23mm, 55mm, 12mm], text: "Faint white", size: 12pt, color: "#ffffff", opacity: 0.3}
  - {type: rect, box: [3mm, 41mm, 57.5mm, 15mm], fill: "#f0e8d0"}
  - {type: text, box: [4mm, 42mm, 55mm, 12mm], text: "Ghost black", size: 12pt, color: "#000000", opacity: 0.4}
  - {type: rect, box: [3mm, 60mm, 57.5mm, 15mm], fill: "#102050"}
  - {type: rect, box: [3mm, 60mm, 57.5mm, 15mm], fill: "#ffffff", opacity: 0.3}
  - {type: text, box: [4mm, 61mm, 55mm, 12mm], text: "Veiled black", size: 12pt, color: "#000000"}
"""


def _check(tmp_path: Path, run_cli, front: str) -> tuple[int, list[str]]:
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, out, err = run_cli("check", str(game))
    return code, [line for line in (out + err).splitlines() if "contrast" in line]


def test_translucent_text_and_panels_are_judged_as_seen(tmp_path: Path, run_cli):
    code, lines = _check(tmp_path, run_cli, FRONT)
    text = "\n".join(lines)
    assert code == 1, text  # below 3:1 is an error
    # white at 30 % on #202020 looks #5d5d5d: under 3:1, where solid white has 16:1
    faint = next(line for line in lines if "#ffffff at 30 % opacity on #202020" in line)
    assert "mini-front.yaml:6" in faint and "error" in faint, faint
    # black at 40 % on the light panel looks mid grey
    ghost = next(line for line in lines if "#000000 at 40 % opacity on #f0e8d0" in line)
    assert "mini-front.yaml:8" in ghost and "error" in ghost, ghost
    # the 30 % white veil over dark blue is a greyish blue under the solid black text
    veiled = next(line for line in lines if "'Veiled black'" in line)
    assert "#000000 on #586384" in veiled and "mini-front.yaml:11" in veiled and "warning" in veiled, veiled
    assert "'Solid" not in text  # solid black on the light panel reads well


def test_solid_text_on_a_light_panel_passes(tmp_path: Path, run_cli):
    lines = FRONT.splitlines()
    solid = "\n".join(lines[:4]) + "\n"
    code, found = _check(tmp_path, run_cli, solid)
    assert code == 0 and found == [], found


def _draw(path: Path, draw) -> list[record.PageRecord]:
    with record.recording() as found, pdf_canvas(path, "planted", (400, 400)) as c:
        draw(c)
        c.showPage()
    return found.files[path]


def test_text_opacity_is_recorded_and_weighs_in(tmp_path: Path):
    """Recorded as drawn: the canvas's fill opacity when the run is set (1 when solid)."""

    def draw(c) -> None:
        with where.at(HERE):
            c.setFillColor("#202020")
            c.rect(0, 0, 400, 400, stroke=0, fill=1)
            c.setFont("Helvetica", 12)
            c.setFillColor("#ffffff")
            c.drawString(10, 300, "solid white")
            c.saveState()
            c.setFillAlpha(0.4)
            c.drawString(10, 100, "faint white")
            c.restoreState()

    pages = _draw(tmp_path / "a.pdf", draw)
    alphas = {m.text: m.alpha for m in pages[0].texts()}
    assert alphas == {"solid white": 1.0, "faint white": 0.4}
    found = contrast.check(pages, Settings())
    assert len(found) == 1 and "'faint white'" in found[0].message, [f.message for f in found]


INKY = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [3mm, 3mm, 57.5mm, 20mm], fill: "cmyk(100, 100, 100, 100)", opacity: 0.5}
  - {type: text, box: [4mm, 30mm, 55mm, 12mm], text: "{name}", size: 12pt, color: "cmyk(0, 0, 0, 100)"}
"""


def test_a_translucent_cmyk_colour_is_flattened_within_the_ink_limit(tmp_path: Path, run_cli):
    """400 % ink at 50 % opacity is not printed as written: the CMYK build flattens it through
    the press profile within the limit, so no over-limit warning; solid, it is one."""
    from pypdf import PdfReader

    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": INKY})
    code, out, err = run_cli("build", str(game), "--color", "cmyk", "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    assert "total ink" not in out + err
    images = [i.image for i in PdfReader(tmp_path / "out" / "mini" / "cards.pdf").pages[0].images]
    flat = [im for im in images if im.mode == "CMYK"]
    assert flat, [im.mode for im in images]
    for image in flat:
        data = image.tobytes()
        worst = max(sum(data[i : i + 4]) for i in range(0, len(data), 4)) / 255 * 100
        assert worst <= 300.5, worst
    solid = INKY.replace(", opacity: 0.5", "")
    (game / "templates" / "mini-front.yaml").write_text(solid)
    code, out, err = run_cli("build", str(game), "--color", "cmyk", "-o", str(tmp_path / "out2"))
    assert code == 0 and "400 % total ink, above the 300 % limit" in out + err, out + err
