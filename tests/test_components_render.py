"""Component PDFs: one file per kind, reproducible, atomic, and a visual regression page per kind.

Reference pages live in tests/visual/reference/components-*.png; run with
DECKWRIGHT_REFRESH_VISUALS=1 to rewrite them after an intended change, then look at them.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.components import component_files, load_components
from generator.core.errors import DataError
from generator.kit.build import BuildOptions
from generator.load.loader import load_game
from generator.render.components import check_components, components_print_notes, write_components

REFERENCE = Path(__file__).parent / "visual" / "reference"
DPI = 30
TOLERANCE = 2.0  # mean absolute difference per channel, 0-255

ALL_KINDS = """
groups:
  - name: tokens
    kind: counter
    size: counter-25mm
    shape: square
    template: counter-square
    items:
      - {name: Fuel, count: 3, icon: fuel, color: "#1d6090", value: 2}
      - {name: Star, count: 3, icon: star, color: "#7b3b96"}
  - name: markers
    kind: marker
    size: marker-40x20mm
    template: counter-marker
    items:
      - {name: First player, icon: pawn, color: "#2e7d32"}
      - {name: Testament, label: Will, icon: testament, color: "#6d4c41", count: 2}
  - name: money
    kind: money
    size: money-small
    template: money-note
    back: money-note-back
    defaults: {currency: "$", bank: Bank of Deckwright, icon: dollar}
    items:
      - {name: "$100", value: 100, count: 3, color: "#2e7d32", words: one hundred dollars}
      - {name: "$500", value: 500, count: 3, color: "#6a1b9a", words: five hundred dollars}
      - {name: "$1000", value: "1,000", count: 2, color: "#b71c1c", words: one thousand dollars}
  - name: pawns
    kind: standee
    size: standee
    template: standee-pawn
    items:
      - {name: Red racer, icon: car, color: "#c62828"}
      - {name: Blue racer, icon: car, color: "#1565c0"}
      - {name: Duck, icon: duck, color: "#f9a825"}
  - name: tally
    title: Victory tally
    kind: sheet
    size: a6
    template: sheet-score-pad
    items:
      - name: Joker's Row tally
        subtitle: One row per game. Count the cards in your victory pile; the bigger pile wins.
        corner: Game
        columns: [Red, Black]
        rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
"""


@pytest.fixture(scope="module")
def game():
    return load_game("road-runner")


@pytest.fixture(scope="module")
def fonts(game):
    return FontBook.load(game.font_dirs)


@pytest.fixture(scope="module")
def sets(game, tmp_path_factory):
    path = tmp_path_factory.mktemp("kinds") / "components.yaml"
    path.write_text(textwrap.dedent(ALL_KINDS), encoding="utf-8")
    return [load_components(p, game) for p in component_files(game)] + [load_components(path, game)]


@pytest.fixture(scope="module")
def written(sets, game, fonts, tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    return {p.stem: p for p in write_components(sets, game, fonts, out, BuildOptions())}


def test_one_file_per_kind(written):
    assert sorted(written) == ["counters", "markers", "money", "sheets", "standees"]
    pages = {stem: len(PdfReader(path).pages) for stem, path in written.items()}
    # counters: Road Runner's damage counters, then the square tokens; money: fronts and backs
    assert pages == {"counters": 2, "markers": 1, "money": 2, "sheets": 2, "standees": 1}


def test_every_face_lays_out(sets, game, fonts):
    assert check_components(sets, game, fonts) == []


def test_same_input_same_bytes(sets, game, fonts, tmp_path):
    a = write_components(sets, game, fonts, tmp_path / "a", BuildOptions())
    b = write_components(sets, game, fonts, tmp_path / "b", BuildOptions())
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


def test_a_face_that_cannot_be_laid_out_writes_nothing(game, fonts, tmp_path):
    path = tmp_path / "components.yaml"
    path.write_text(
        "groups:\n  - name: x\n    kind: counter\n    size: counter-20mm\n    template: counter-round\n"
        "    items: [{name: No colour, icon: star}]\n",
        encoding="utf-8",
    )
    components = load_components(path, game)
    out = tmp_path / "out"
    (out / "counters.pdf").parent.mkdir()
    (out / "counters.pdf").write_bytes(b"earlier")
    with pytest.raises(DataError) as exc:
        write_components(components, game, fonts, out, BuildOptions())
    (problem,) = exc.value.problems
    assert problem.path == "card 'No colour'" and "uses field 'color'" in problem.message
    assert (out / "counters.pdf").read_bytes() == b"earlier"
    assert sorted(p.name for p in out.iterdir()) == ["counters.pdf"]


def _page(path: Path, index: int) -> Image.Image:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


@pytest.mark.parametrize(
    ("name", "stem", "page"),
    [
        ("counters", "counters", 0),
        ("counters-square", "counters", 1),
        ("markers", "markers", 0),
        ("money", "money", 0),
        ("money-back", "money", 1),
        ("standees", "standees", 0),
        ("sheets", "sheets", 1),
    ],
)
def test_visual_regression(written, name, stem, page):
    image = _page(written[stem], page)
    reference = REFERENCE / f"components-{name}.png"
    if os.environ.get("DECKWRIGHT_REFRESH_VISUALS") == "1":
        reference.parent.mkdir(parents=True, exist_ok=True)
        image.save(reference, optimize=True)
    assert reference.is_file(), f"no reference {reference.name}: run with DECKWRIGHT_REFRESH_VISUALS=1"
    expected = Image.open(reference).convert("RGB")
    assert image.size == expected.size
    difference = sum(ImageStat.Stat(ImageChops.difference(image, expected)).mean) / 3
    assert difference <= TOLERANCE, f"{name}: mean difference {difference:.2f} > {TOLERANCE}"


def test_separate_component_files_get_separate_pdfs(sets, game, fonts, tmp_path):
    path = tmp_path / "tokens.yaml"
    path.write_text(
        "groups:\n  - name: t\n    kind: counter\n    size: counter-16mm\n    template: counter-round\n"
        "    items: [{name: T, icon: star, color: navy}]\n",
        encoding="utf-8",
    )
    tokens = load_components(path, game)
    out = tmp_path / "out"
    first = write_components(sets[0], game, fonts, out, BuildOptions())
    second = write_components(tokens, game, fonts, out, BuildOptions())
    assert [p.name for p in first] == ["counters.pdf", "sheets.pdf"]
    assert [p.name for p in second] == ["tokens-counters.pdf"]
    assert len(PdfReader(out / "counters.pdf").pages) == 1
    (note,) = components_print_notes(tokens, BuildOptions())
    assert note.startswith("tokens-counters.pdf - T: 1 counter (16 mm round) on 1 A4 sheet;")


@pytest.mark.parametrize("cut_lines", [False, True])
def test_standee_cuts_and_folds_are_told_apart(sets, game, fonts, tmp_path, cut_lines):
    """The standee sheet's dashed lines are its folds; its cuts are crop marks, or with
    --cut-lines solid lines (never dashes like the folds), and the label says which."""
    out = tmp_path / str(cut_lines)
    paths = write_components(sets, game, fonts, out, BuildOptions(cut_lines=cut_lines))
    path = next(p for p in paths if p.stem == "standees")
    page = PdfReader(str(path)).pages[0]
    text = page.extract_text()
    cut = "lines" if cut_lines else "marks"
    assert f"fold on the dashes, cut on the {cut}" in text
    stream = page.get_contents().get_data().decode("latin-1")
    assert "[4 3] 0 d" in stream  # the folds
    assert ("[2 2] 0 d" in stream) is False  # no cut line dashed like a fold
