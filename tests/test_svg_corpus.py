"""SVG files as design programs save them (``tests/svg_corpus``, described in its README).

Each file under ``drawn/`` is drawn the way a build draws it and compared with its reference PNG
(made by ``python -m tests.svg_corpus.raster`` and checked by eye against what the SVG says), and
at chosen points with the colour that follows from the SVG source alone; its PDF must be clean.
Each file under ``refused/`` is refused with the reason; in a game, every file is reported once
with the template line that names it, however many cards show it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.art.svgfile import allowing_damaged, read_svg
from tests.conftest import MINI_FRONT, MINI_GAME, write_game
from tests.pdf_resources import names_checked, pdf_problems
from tests.svg_corpus.raster import DRAWN, REFERENCES, REFUSED, raster, svg_pdf

DRAWN_FILES = sorted(p.name for p in DRAWN.glob("*.svg"))

# Colours that follow from each SVG's source: (x, y) in its viewBox units, width, height of the
# viewBox, and the expected sRGB (alpha composited by hand where the source is translucent).
BLUE_UNDER_RED = tuple(round(0.5 * r + 0.5 * b) for r, b in zip((255, 0, 0), (26, 60, 140), strict=True))
EXPECTED: dict[str, tuple[tuple[float, float], list[tuple[float, float, tuple[int, int, int]]]]] = {
    "inkscape.svg": ((40, 30), [(20, 9, BLUE_UNDER_RED), (20, 17, (26, 60, 140)), (26, 25, (255, 212, 42))]),
    "illustrator.svg": (
        (48, 48),
        [(24, 16, (227, 6, 19)), (6, 16, (255, 255, 255)), (24, 40, (128, 203, 160))],
    ),
    "figma.svg": (
        (48, 48),
        [(18, 20, (171, 215, 241)), (0.5, 0.5, (255, 255, 255)), (43, 43, (39, 174, 96))],
    ),
    "affinity.svg": (
        (60, 40),
        [
            (3, 3, (252, 190, 5)),
            (57, 3, (207, 10, 97)),
            (45, 25, (255, 255, 0)),
            (55, 25, (0, 160, 0)),
            (15, 20, (61, 76, 121)),
        ],
    ),
    "handwritten-bom.svg": ((48, 32), [(8, 8, (192, 57, 43)), (0.5, 0.5, (243, 156, 18))]),
    "utf16-viewbox.svg": ((30, 30), [(15, 15, (241, 196, 15)), (1, 1, (142, 68, 173))]),
    "percent-size.svg": ((20, 10), [(5, 5, (0, 0, 0)), (15, 5, (255, 255, 255))]),
    "truncated.svg": ((40, 20), [(3, 3, (22, 160, 133)), (10, 10, (255, 255, 255)), (37, 3, (230, 126, 34))]),
    "filter-shadow.svg": ((40, 40), [(18, 18, (41, 128, 185)), (2, 2, (236, 240, 241))]),
    "linked.svg": ((40, 40), [(10, 10, (52, 152, 219)), (30, 30, (230, 126, 34))]),
}
WARNED = {"truncated.svg": "is damaged at line 5", "filter-shadow.svg": "filter effects are not drawn"}
DAMAGED = ("truncated.svg",)  # cut short, as a failed save or download leaves it
REFUSED_WHY = {
    "mask.svg": "line 5: a mask",
    "pattern.svg": "line 2: a pattern fill",
    "marker.svg": "line 2: a marker",
    "foreign-object.svg": "<foreignObject>",
    "network-image.svg": "'https://example.com/art.png', a network address",
    "outside-image.svg": "'../../../secret.png', outside the game folder",
    "file-url-image.svg": "a file:// address",
    "absolute-image.svg": "an absolute path",
    "missing-image.svg": "'not-here.png', a file that does not exist",
    "empty.svg": "the file is empty",
    "html.svg": "its outer element is <html>",
    "no-size.svg": "has no size",
    "png-renamed.svg": "not an SVG file",
}


def test_the_corpus_is_complete():
    assert set(DRAWN_FILES) == set(EXPECTED)
    assert {p.name for p in REFUSED.glob("*.svg")} == set(REFUSED_WHY)


@pytest.mark.parametrize("name", DRAWN_FILES)
def test_drawn_svg_matches_its_reference_and_its_source(name: str, tmp_path: Path):
    with allowing_damaged(name in DAMAGED):  # a damaged file is drawn only when asked to
        _drawn_matches(name, tmp_path)


def test_a_damaged_svg_is_refused_at_the_line_where_it_breaks():
    for name in DAMAGED:
        found = read_svg(DRAWN / name)
        assert found.drawing is None and "is damaged at line 5" in found.refused
        assert "--allow-damaged-art" in found.refused


def _drawn_matches(name: str, tmp_path: Path) -> None:
    found = read_svg(DRAWN / name)
    assert found.refused is None
    assert [w for w in found.warnings if WARNED.get(name, "\0") in w] == list(found.warnings)
    assert bool(found.warnings) == (name in WARNED)
    pdf = svg_pdf(DRAWN / name, tmp_path / "art.pdf")
    assert pdf_problems(pdf) == [] and names_checked(pdf) > 0
    image = raster(pdf)
    reference = Image.open(REFERENCES / name.replace(".svg", ".png")).convert("RGB")
    assert image.size == reference.size
    difference = ImageChops.difference(image, reference)
    assert max(ImageStat.Stat(difference).mean) < 1.0  # anti-aliasing may differ by a level or two
    (w, h), points = EXPECTED[name]
    for x, y, rgb in points:
        at = (
            min(image.width - 1, int(x / w * image.width)),
            min(image.height - 1, int(y / h * image.height)),
        )
        px = image.getpixel(at)
        assert all(abs(a - b) <= 4 for a, b in zip(px, rgb, strict=True)), (name, (x, y), px, rgb)


@pytest.mark.parametrize("name", sorted(REFUSED_WHY))
def test_refused_svg_says_why(name: str):
    found = read_svg(REFUSED / name)
    assert found.drawing is None and found.refused and REFUSED_WHY[name] in found.refused


def _corpus_game(folder: Path, names: list[str], copies: int = 3) -> Path:
    """A game with one card per SVG (``copies`` of each), its template showing the card's art."""
    cards = "cards:\n" + "".join(
        f"  - {{name: 'Card {n}', type: hero, count: {copies}, text: '{name}'}}\n"
        for n, name in enumerate(names)
    )
    front = MINI_FRONT + '  - {type: image, box: [4mm, 40mm, 50mm, 40mm], file: "art/{text}"}\n'
    write_game(folder, {"cards.yaml": cards, "templates/mini-front.yaml": front})
    art = folder / "art"
    art.mkdir()
    for name in names:
        source = DRAWN / name if (DRAWN / name).exists() else REFUSED / name
        shutil.copy(source, art / name)
    shutil.copy(DRAWN / "linked-art.png", art / "linked-art.png")
    return folder


def test_a_game_reports_each_refused_file_once_with_the_template_line(tmp_path: Path, run_cli):
    names = [*sorted(REFUSED_WHY), "inkscape.svg", "truncated.svg"]
    folder = _corpus_game(tmp_path / "corpus", names)
    code, _, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in err
    lines = [line for line in err.splitlines() if ".svg" in line]
    for name in REFUSED_WHY:
        mine = [line for line in lines if f"art/{name}:" in line]
        assert len(mine) == 1, (name, mine)  # once, though three cards show it
        assert "mini-front.yaml:10:5" in mine[0] and REFUSED_WHY[name] in mine[0]
    assert not [line for line in lines if "inkscape.svg" in line]  # the Inkscape file is fine
    damaged = [line for line in lines if "truncated.svg" in line]
    assert len(damaged) == 1 and "warning:" not in damaged[0] and "mini-front.yaml:10:5" in damaged[0]
    assert "is damaged at line 5" in damaged[0]
    code, _, err = run_cli("check", folder, "--allow-damaged-art")
    damaged = [line for line in err.splitlines() if "truncated.svg" in line]
    assert len(damaged) == 1 and "warning:" in damaged[0] and "drawn from what could be read" in damaged[0]


def test_a_game_with_the_drawn_corpus_builds_clean_pdfs(tmp_path: Path, run_cli):
    folder = _corpus_game(tmp_path / "corpus", DRAWN_FILES)
    for color in ("rgb", "cmyk"):
        code, _, err = run_cli("build", folder, "-o", tmp_path / color, "--color", color)
        assert code == 1 and "truncated.svg: this SVG file is damaged at line 5" in err, err
        code, _, err = run_cli(
            "build", folder, "-o", tmp_path / color, "--color", color, "--allow-damaged-art"
        )
        assert code == 0, err
        warned = [line for line in err.splitlines() if "warning:" in line]
        assert len(warned) == len(WARNED), warned  # each damaged or filtered file once
        pdf = tmp_path / color / "mini" / "cards.pdf"
        assert pdf_problems(pdf) == [] and names_checked(pdf) > 0


def test_a_reference_through_a_symlink_that_leaves_the_folder_is_refused(tmp_path: Path):
    """Links are followed before the containment check: a link inside the game folder to a file
    outside it is outside; a relative reference to a file inside is drawn."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(DRAWN / "linked-art.png", outside / "secret.png")
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "escape.png").symlink_to(outside / "secret.png")
    shutil.copy(DRAWN / "linked-art.png", game / "art" / "inside.png")
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="{}" width="8" height="8"/></svg>'
    (game / "art" / "a.svg").write_text(svg.format("escape.png"))
    (game / "art" / "b.svg").write_text(svg.format("inside.png"))
    refused = read_svg(game / "art" / "a.svg", roots=[game]).refused
    assert refused and "'escape.png', outside the game folder" in refused
    assert read_svg(game / "art" / "b.svg", roots=[game]).drawing is not None


def test_icons_named_in_game_yaml_as_inkscape_saves_them(tmp_path: Path, run_cli):
    """The port of issue 19: Inkscape icons used on every card are drawn; a refused icon file is
    one problem at its game.yaml line, not one per card."""
    game = MINI_GAME + "icons:\n  ink: art/ink.svg\n"
    # 20 mm: the SVG's own text then prints at 6 pt or more (the proofreader judges it)
    front = MINI_FRONT + "  - {type: icon, box: [38mm, 20mm, 20mm, 20mm], icon: ink, color: '#aa3300'}\n"
    folder = write_game(tmp_path / "icons", {"game.yaml": game, "templates/mini-front.yaml": front})
    (folder / "art").mkdir()
    shutil.copy(DRAWN / "inkscape.svg", folder / "art" / "ink.svg")
    code, _, err = run_cli("build", folder, "-o", tmp_path / "out")
    assert code == 0 and err == "", err
    assert pdf_problems(tmp_path / "out" / "mini" / "cards.pdf") == []
    shutil.copy(REFUSED / "mask.svg", folder / "art" / "ink.svg")
    code, _, err = run_cli("check", folder)
    problems = [line for line in err.splitlines() if "ink.svg" in line]
    assert code == 1 and len(problems) == 1, err
    line = next(n for n, text in enumerate(game.splitlines(), 1) if "ink:" in text)
    assert problems[0].startswith(f"icons/game.yaml:{line}:") and "a mask" in problems[0]  # run from tmp_path
