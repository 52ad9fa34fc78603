"""Rule summary output: pages, paper, embedded fonts, key texts, same bytes, print notes, and
that no laid-out text leaves its page area or aid card."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.core.errors import DataError
from generator.core.sizes import paper_size
from generator.layout.ops import TextOp
from generator.load.loader import load_game
from generator.render.summary import write_summary
from generator.summary import layout_aids, layout_reference, load_summary, summary_print_notes
from generator.summary.aids import FRAME
from generator.summary.pages import MARGIN

TOL = 0.01


def load(name: str):
    game = load_game(name)
    return game, load_summary(game.folder / "summary.yaml", game), FontBook.load(game.font_dirs)


@pytest.fixture(scope="module")
def road_runner():
    return load("road-runner")


@pytest.fixture(scope="module")
def jokers_row():
    return load("jokers-row")


@pytest.fixture(scope="module")
def written(tmp_path_factory, road_runner, jokers_row) -> dict[str, list[Path]]:
    out = {}
    for key, (game, summary, fonts), paper in (
        ("road-runner", road_runner, "a4"),
        ("jokers-row", jokers_row, "a4"),
        ("road-runner-letter", road_runner, "letter"),
    ):
        out[key] = write_summary(summary, game, fonts, tmp_path_factory.mktemp(key), paper)
    return out


def text_of(path: Path) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(path).pages)


def test_files_and_page_counts(written):
    rr, jr, letter = written["road-runner"], written["jokers-row"], written["road-runner-letter"]
    assert [p.name for p in rr] == ["rules-summary.pdf", "player-aids.pdf"]
    assert [len(PdfReader(p).pages) for p in rr] == [2, 3]  # 8 sets x 3 aid cards, 9 a sheet
    assert [len(PdfReader(p).pages) for p in jr] == [1, 1]  # 2 sets x 3 aid cards
    assert [len(PdfReader(p).pages) for p in letter] == [2, 3]


@pytest.mark.parametrize(("key", "paper"), [("road-runner", "a4"), ("road-runner-letter", "letter")])
def test_paper_size(written, key, paper):
    w, h = paper_size(paper)
    for path in written[key]:
        for page in PdfReader(path).pages:
            box = page.mediabox
            assert sorted((float(box.width), float(box.height))) == pytest.approx(sorted((w, h)), abs=TOL)


def test_fonts_are_embedded(written):
    """Every font that draws text is embedded (ReportLab declares Helvetica as its start-up font
    on every page, a standard font that no text here uses)."""
    for paths in written.values():
        for path in paths:
            names = set()
            for page in PdfReader(path).pages:
                for ref in page["/Resources"]["/Font"].values():
                    font = ref.get_object()
                    name = str(font["/BaseFont"]).split("+")[-1]
                    if name == "/Helvetica":
                        continue
                    descriptor = font["/FontDescriptor"].get_object()
                    assert "/FontFile2" in descriptor, name
                    names.add(name)
            assert {"Lato-Regular", "Lato-Bold", "BebasNeueRegular"} <= names, names


def test_key_texts(written):
    rules = text_of(written["road-runner"][0])
    for words in ("Rule summary", "3-8 players", "Capture sets", "Damage and skipped turns", "Keywords"):
        assert words in rules
    for keyword in ("BAIT", "TRAP", "ROAD", "AMBUSH", "SHOOTER", "AMMO", "LAUNCHER", "RAIL"):
        assert keyword in rules
    aids = text_of(written["road-runner"][1])
    assert "Road Runner player aid" in aids and "VEHICLE" in aids and "THRUSTER" in aids
    assert "Keywords without a set" in aids
    jr = text_of(written["jokers-row"][0]) + text_of(written["jokers-row"][1])
    for words in ("Joker's Row", "lawnmower", "Omen", "Claiming a place", "Joker's Row turn aid"):
        assert words in jr


def test_same_input_same_bytes(tmp_path, road_runner, written):
    game, summary, fonts = road_runner
    again = write_summary(summary, game, fonts, tmp_path, "a4")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written["road-runner"]]


def test_nothing_is_written_when_the_paper_is_too_small(tmp_path, road_runner):
    game, summary, fonts = road_runner
    with pytest.raises(DataError) as exc:
        write_summary(summary, game, fonts, tmp_path, "a6")
    assert "on a6 paper even at 9 pt" in str(exc.value)
    assert list(tmp_path.iterdir()) == []


def test_print_notes(road_runner, jokers_row):
    assert summary_print_notes(road_runner[1]) == [
        "rules-summary.pdf: the rule summary, 2 A4 pages - print one copy double-sided (flip on the "
        "long edge) for a single sheet, or single-sided.",
        "player-aids.pdf: player aids, 8 sets of 3 poker cards (one set per player) on 3 A4 sheets - "
        "print single-sided at 100 % (check the scale bar), ideally on card stock, and cut on the "
        "crop marks.",
    ]
    notes = summary_print_notes(jokers_row[1], "letter")
    assert notes[0] == "rules-summary.pdf: the rule summary, 1 Letter page - print one copy, single-sided."
    assert notes[1].startswith("player-aids.pdf: player aids, 2 sets of 3 poker cards (one set per player)")


def runs(ops):
    for op in ops:
        if isinstance(op, TextOp):
            yield from op.layout.runs


@pytest.mark.parametrize("name", ["road-runner", "jokers-row"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_text_stays_inside_the_margins(name, paper, request):
    _game, summary, fonts = request.getfixturevalue(name.replace("-", "_"))
    ref = layout_reference(summary, fonts, paper_size(paper))
    assert ref.fits and not ref.overflows and ref.body_size >= 9
    for page in ref.pages:
        for r in runs(page.ops):
            right = r.x + fonts.width(r.text, r.face, r.size)
            assert r.x >= MARGIN - TOL and right <= page.width - MARGIN + TOL, r
            assert MARGIN - TOL <= r.y <= page.height - MARGIN + TOL, r


@pytest.mark.parametrize("name", ["road-runner", "jokers-row"])
def test_aid_text_stays_inside_the_frame(name, request):
    _game, summary, fonts = request.getfixturevalue(name.replace("-", "_"))
    aids = layout_aids(summary, fonts)
    assert len(aids.faces) == 3 and not aids.overflows and aids.title_fits
    w, h = summary.aids.width, summary.aids.height
    for face in aids.faces:
        for r in runs(face.ops):
            right = r.x + fonts.width(r.text, r.face, r.size)
            bottom = r.y + fonts.descent(r.face, r.size)
            assert r.x > FRAME and right < w - FRAME, r
            assert bottom > FRAME and r.y < h - FRAME, r


def _ink_bottom(ops) -> float:
    """The lowest baseline of the body text on a page or card (points from the bottom)."""
    return min(r.y for op in ops if isinstance(op, TextOp) for r in op.layout.runs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_summary_fills_the_pages_it_takes(road_runner, paper):
    """Road Runner's summary needs two pages at 10 pt and left the second half empty; set at the
    largest size that still fits two pages (here 11 pt or more) it fills them."""
    _, summary, fonts = road_runner
    ref = layout_reference(summary, fonts, paper_size(paper))
    assert ref.fits and len(ref.pages) == 2 and 10.5 <= ref.body_size <= 11.5
    text = [r for op in ref.pages[1].ops if isinstance(op, TextOp) for r in op.layout.runs]
    body = [r for r in text if r.size < 10 * 1.5 and r.y > MARGIN + 20]  # not the footer
    assert min(r.y for r in body) < ref.pages[1].height * 0.35  # the second page's columns run low
    bigger = ref.body_size + 0.25
    assert bigger > 11.5 or len(_at(summary, fonts, paper, bigger).pages) > 2


def _at(summary, fonts, paper, size):
    from generator.summary import pages

    saved = pages.BODY_SIZES
    pages.BODY_SIZES = (size,)
    try:
        return layout_reference(summary, fonts, paper_size(paper))
    finally:
        pages.BODY_SIZES = saved


def _body_size(aids) -> float:
    """The size most of the aid cards' text is set at (counted in characters)."""
    from collections import Counter

    sizes: Counter[float] = Counter()
    for f in aids.faces:
        for op in f.ops:
            if isinstance(op, TextOp):
                for r in op.layout.runs:
                    sizes[round(r.size, 2)] += len(r.text)
    return sizes.most_common(1)[0][0]


def test_aid_cards_are_set_larger_while_they_stay_as_many(tmp_path):
    """Jaunty's aid without its Special words left two of its four cards half empty: the set
    grows a quarter point, as far as the card-type table keeps one line a type."""
    import shutil

    from generator.core import paths

    folder = tmp_path / "jaunty-jalopies"
    shutil.copytree(paths.CARDDATA / "jaunty-jalopies", folder, ignore=shutil.ignore_patterns("__pycache__"))
    spec = folder / "summary.yaml"
    text = spec.read_text(encoding="utf-8")
    planted = "    title: Special words\n    aid: true\n"
    assert planted in text
    spec.write_text(text.replace(planted, "    title: Special words\n"), encoding="utf-8")
    game = load_game(str(folder))
    summary = load_summary(spec, game)
    aids = layout_aids(summary, FontBook.load(game.font_dirs))
    assert len(aids.faces) == 4 and not aids.overflows
    assert _body_size(aids) == 7.75  # 8 pt would wrap "Meets PERSONALITY"


def test_jaunty_aid_cards_carry_the_special_words():
    """Issue 32: the Special words fill the turn card that was half empty, on the same four
    cards at the set's own size."""
    _, summary, fonts = load("jaunty-jalopies")
    aids = layout_aids(summary, fonts)
    assert len(aids.faces) == 4 and not aids.overflows
    first = " ".join(r.text for op in aids.faces[0].ops if isinstance(op, TextOp) for r in op.layout.runs)
    assert "YOUR TURN" in first.upper() and "SPECIAL WORDS" in first.upper()
    assert _body_size(aids) == summary.aids.text_size
