"""The proofreader's faster paths judge what the slower ones did: the page recording takes each
run's width from the layout (``PlacedRun.width``, ``record.draw_runs``) instead of measuring the
text again, and the overlap rule finds its colliding runs by a sweep along y; both give the
same findings as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.kit.proofing import proof_parts, record_kit
from generator.load.loader import load_game
from generator.proof import overlap, proofread_game, settings_of
from generator.render import draw as draw_module
from generator.text.fit import TextStyle, fit_text
from generator.text.markup import KeywordLook, parse_markup

FONTS = Path(__file__).resolve().parents[1] / "fonts"
BOOK = FontBook.load([FONTS])
LOOKS = {"VEHICLE": KeywordLook(color="#c0392b", icon="truck"), "DRAW": KeywordLook(bold=True)}
WORDS = [
    "Move",
    "up",
    "to",
    "six",
    "**inches**",
    "then",
    "*attack*",
    "VEHICLE",
    "DRAW",
    ":coin:",
    "the",
    "nearest",
    "enemy",
    "unit.",
    "Ωμέγα",
    "中文",
    "\n",
    "\n\n",
    "✓",
]


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=40),
    align=st.sampled_from(["left", "center", "right", "justify"]),
    width=st.floats(min_value=30, max_value=200),
)
def test_a_runs_width_is_what_measuring_its_text_gives(words: list[str], align: str, width: float) -> None:
    """Plain lines, mixed faces and colours, icons, justified words and fallback faces: each
    run's width as the layout keeps it agrees with ReportLab measuring the run's text."""
    style = TextStyle("Lato", size=10, min_size=6, align=align)
    spans = parse_markup(" ".join(words), LOOKS)
    layout = fit_text(spans, Box(0, 0, width, 120), style, BOOK)
    for run in layout.runs:
        assert run.width is not None
        assert run.width == pytest.approx(stringWidth(run.text, run.face, run.size), rel=1e-9, abs=1e-9)


def _findings_and_texts(name: str) -> tuple[list[tuple], list[tuple]]:
    game = load_game(name)
    found = record_kit(game, (("a4", "duplex"),))
    pages = list(found.pages())
    texts = [(m.text, m.font, m.size, m.box) for p in pages for m in p.texts()]
    findings = [
        (f.rule, f.origin, f.message, [(s.file.name, s.page, s.box) for s in f.seen])
        for f in proofread_game(game, pages, proof_parts(game), settings_of(game))
    ]
    return findings, texts


@pytest.mark.parametrize("name", ["jaunty-jalopies", "entenrallye"])
def test_reused_widths_give_the_findings_of_measuring_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bundled kit recorded with the layout's widths and recorded measuring every run again:
    the same runs at the same places (to rounding) and the same findings."""
    reused, reused_texts = _findings_and_texts(name)
    monkeypatch.setattr(
        draw_module, "draw_runs", lambda c, runs: [c.drawString(r.x, r.y, r.text) for r in runs]
    )
    measured, measured_texts = _findings_and_texts(name)
    assert len(reused_texts) == len(measured_texts) > 100
    for (text, font, size, box), (text2, font2, size2, box2) in zip(
        reused_texts, measured_texts, strict=True
    ):
        assert (text, font, size) == (text2, font2, size2)
        assert box == pytest.approx(box2, abs=1e-9)
    assert [f[:3] for f in reused] == [f[:3] for f in measured]
    for f, g in zip(reused, measured, strict=True):
        assert [(file, page) for file, page, _ in f[3]] == [(file, page) for file, page, _ in g[3]]
        assert [box for _, _, box in f[3]] == [pytest.approx(box, abs=1e-9) for _, _, box in g[3]]


def _pairs_by_sweeping_x(marks: list[overlap.Placed]) -> list[tuple[int, int]]:
    """The colliding pairs as the rule found them before: every later run whose left edge is left
    of this run's right edge, in order (``marks`` sorted by left edge)."""
    found = []
    for i, a in enumerate(marks):
        for j in range(i + 1, len(marks)):
            if marks[j][1][0] >= a[1][2]:
                break
            if overlap._collide(a, marks[j]):
                found.append((i, j))
    return found


coordinate = st.integers(min_value=0, max_value=60).map(float)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            coordinate, coordinate, st.integers(1, 30), st.integers(1, 12), st.sampled_from([6.0, 9.0])
        ),
        max_size=30,
    )
)
def test_the_sweep_along_y_finds_the_pairs_of_the_sweep_along_x(boxes: list[tuple]) -> None:
    """Stacked, side-by-side, touching and coinciding runs: the same colliding pairs, in the
    order the sweep along x met them (so each finding names the same first collision)."""
    placed = [(None, (x, y, x + w, y + h), size) for x, y, w, h, size in boxes]
    marks = sorted(placed, key=lambda p: p[1][0])
    assert overlap._pairs(marks) == _pairs_by_sweeping_x(marks)  # type: ignore[arg-type]
