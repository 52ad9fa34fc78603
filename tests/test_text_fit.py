"""Wrapping and shrink-to-fit, asserted on the layout data (no PDF needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.text.fit import GRID, TextLayout, TextStyle, fit_text
from generator.text.markup import KeywordLook, parse_markup

FONTS = Path(__file__).resolve().parents[1] / "fonts"
BOOK = FontBook.load([FONTS])
BOX = Box(20, 30, 150, 60)
STYLE = TextStyle("Lato", size=10, min_size=6)
LONG = " ".join(["Move up to six inches, then attack the nearest enemy unit."] * 4)
TOL = 1e-5


def fit(text: str, box: Box = BOX, style: TextStyle = STYLE, **keywords: KeywordLook) -> TextLayout:
    return fit_text(parse_markup(text, keywords or None), box, style, BOOK)


def run_width(run) -> float:
    return BOOK.width(run.text, run.face, run.size)


def assert_inside(layout: TextLayout, box: Box) -> None:
    for r in layout.runs:
        assert box.x - TOL <= r.x and r.x + run_width(r) <= box.right + TOL, r
        assert box.y - TOL <= r.y <= box.top + TOL, r
    for i in layout.icons:
        assert box.contains(Box(i.x, i.y, i.size, i.size), tol=TOL), i


def baselines(layout: TextLayout) -> list[float]:
    return sorted({r.y for r in layout.runs}, reverse=True)


def test_short_text_fits_at_full_size() -> None:
    layout = fit("Draw a card.")
    assert layout.fits and layout.size == 10 and layout.line_count == 1
    assert layout.overflow == 0
    (run,) = layout.runs
    assert run.text == "Draw a card." and run.x == BOX.x and run.color == "#000000"
    assert run.y == pytest.approx(BOX.top - BOOK.ascent(BOOK.face("Lato"), 10))


def test_same_style_words_share_one_run() -> None:
    layout = fit("one two **three four** five")
    assert [r.text for r in layout.runs] == ["one two", "three four", "five"]
    assert [r.face for r in layout.runs] == ["Lato-Regular", "Lato-Bold", "Lato-Regular"]
    a, b, _ = layout.runs
    assert b.x == pytest.approx(a.x + run_width(a) + BOOK.width(" ", a.face, 10))


def test_long_text_shrinks_to_the_largest_grid_size() -> None:
    layout = fit(LONG)
    assert layout.fits and 6 <= layout.size < 10
    assert (layout.size / GRID).is_integer()
    assert layout.line_count > 3
    assert_inside(layout, BOX)
    bigger = TextStyle("Lato", size=layout.size + GRID, min_size=layout.size + GRID)
    assert not fit(LONG, style=bigger).fits


def test_text_that_cannot_fit_reports_overflow() -> None:
    layout = fit(LONG * 3)
    assert not layout.fits and layout.size == 6 and layout.overflow > 0
    last = min(r.y for r in layout.runs)
    assert last < BOX.y  # the min_size layout is returned, running out of the box


def test_over_wide_word_shrinks_then_overflows() -> None:
    word = "Supercalifragilisticexpialidocious"
    w10 = BOOK.width(word, "Lato-Regular", 10)
    box = Box(0, 0, w10 * 0.8, 50)
    layout = fit(word, box)
    assert layout.fits and layout.size <= 8 and layout.line_count == 1
    assert_inside(layout, box)
    narrow = Box(0, 0, w10 * 0.3, 50)
    layout = fit(word, narrow)
    assert not layout.fits and layout.size == 6
    assert layout.overflow == pytest.approx(w10 * 0.6 - narrow.w)


@pytest.mark.parametrize("align", ["center", "right"])
def test_horizontal_alignment(align: str) -> None:
    style = TextStyle("Lato", 10, 6, align=align)
    (run,) = fit("Hello", style=style).runs
    w = run_width(run)
    if align == "center":
        assert run.x - BOX.x == pytest.approx(BOX.right - (run.x + w))
    else:
        assert run.x + w == pytest.approx(BOX.right)


def test_justify_fills_all_but_the_last_line() -> None:
    style = TextStyle("Lato", 9, 9, align="justify")
    layout = fit(LONG[:150] + "\nshort line", Box(0, 0, 150, 200), style)
    lines = baselines(layout)
    assert len(lines) >= 3
    for y in lines[:-2]:  # wrapped lines reach the right edge
        on_line = [r for r in layout.runs if r.y == y]
        end = max(r.x + run_width(r) for r in on_line)
        assert end == pytest.approx(150)
    for y in lines[-2:]:  # the line before a hard break, and the last, stay ragged
        on_line = [r for r in layout.runs if r.y == y]
        assert min(r.x for r in on_line) == 0
        assert max(r.x + run_width(r) for r in on_line) < 149


def test_vertical_alignment() -> None:
    top = fit("Hi").runs[0].y
    middle = fit("Hi", style=TextStyle("Lato", 10, 6, valign="middle")).runs[0].y
    bottom = fit("Hi", style=TextStyle("Lato", 10, 6, valign="bottom")).runs[0].y
    descent = BOOK.descent("Lato-Regular", 10)
    assert bottom == pytest.approx(BOX.y - descent)
    assert middle == pytest.approx((top + bottom) / 2)


def test_hard_breaks_and_paragraphs() -> None:
    layout = fit("one\ntwo\n\nthree\n")
    assert layout.line_count == 3
    a, b, c = baselines(layout)
    assert a - b == pytest.approx(12)  # leading 1.2 * 10
    assert b - c == pytest.approx(12 + 4)  # plus paragraph_space 0.4 * 10
    assert [r.text for r in layout.runs] == ["one", "two", "three"]


def test_inline_icon_inside_the_box() -> None:
    layout = fit(":coin: Gain 1 and 2:coin:")
    first, second = layout.icons
    (run1,) = layout.runs
    assert first.name == "coin" and first.x == BOX.x and first.size == 10
    assert first.y == pytest.approx(run1.y - 1.5)  # dropped 0.15 * size below the baseline
    assert run1.x > first.x + first.size
    assert run1.text == "Gain 1 and 2"
    assert second.x > run1.x + run_width(run1)  # a small gap after the "2"
    assert_inside(layout, BOX)


def test_keyword_icon_sits_before_its_word() -> None:
    look = KeywordLook(color="#c0392b", icon="truck")
    layout = fit("Target a VEHICLE now", VEHICLE=look)
    (icon,) = layout.icons
    word = next(r for r in layout.runs if r.text == "VEHICLE")
    assert icon.name == "truck" and icon.color == "#c0392b" and word.color == "#c0392b"
    assert word.face == "Lato-Bold"
    assert icon.x + icon.size < word.x < icon.x + 1.5 * icon.size
    assert_inside(layout, BOX)


def test_icon_never_separated_from_its_word() -> None:
    look = KeywordLook(icon="truck")
    box = Box(0, 0, 70, 200)
    layout = fit("aaaa bbbb cccc dddd VEHICLE eeee ffff", box, VEHICLE=look)
    (icon,) = layout.icons
    word = next(r for r in layout.runs if r.text.startswith("VEHICLE"))
    assert word.y == pytest.approx(icon.y + 1.5)


def test_colours_and_empty_text() -> None:
    layout = fit("a [color=red]b[/color]", style=TextStyle("Lato", 10, 6, color="#333"))
    assert [(r.text, r.color) for r in layout.runs] == [("a", "#333"), ("b", "red")]
    empty = fit("")
    assert empty.runs == () and empty.fits and empty.line_count == 0


def test_deterministic() -> None:
    spans = parse_markup("**Ambush:** deal 2 :hit: damage. " + LONG)
    assert fit_text(spans, BOX, STYLE, BOOK) == fit_text(spans, BOX, STYLE, BOOK)


def test_bad_style_is_refused() -> None:
    with pytest.raises(ValueError):
        TextStyle("Lato", size=0, min_size=0)
    assert TextStyle("Lato", size=6, min_size=8).min_size == 6  # clamped: a fixed size
    with pytest.raises(ValueError):
        TextStyle("Lato", size=6, min_size=4, align="middle")
    with pytest.raises(ValueError):
        TextStyle("Lato", size=6, min_size=4, leading=0)


WORDS = st.lists(st.text("abcdefghijklmnopqrstuvwxyzMW", min_size=1, max_size=14), min_size=1)


@settings(max_examples=150, deadline=None)
@given(
    words=WORDS,
    styled=st.lists(st.sampled_from(["", "", "**", "*", ":", "\n", "\n\n"]), min_size=1),
    w=st.floats(20, 300),
    h=st.floats(8, 200),
    size=st.floats(6, 14),
    shrink=st.floats(0.3, 1.0),
    align=st.sampled_from(["left", "center", "right", "justify"]),
    valign=st.sampled_from(["top", "middle", "bottom"]),
)
def test_fitting_layouts_stay_in_the_box(
    words: list[str],
    styled: list[str],
    w: float,
    h: float,
    size: float,
    shrink: float,
    align: str,
    valign: str,
) -> None:
    parts = []
    for i, word in enumerate(words):
        mark = styled[i % len(styled)]
        if mark == ":":
            parts.append(f":{word.lower()}:")
        elif mark.startswith("\n"):
            parts.append(mark + word)
        else:
            parts.append(f"{mark}{word}{mark}")
    box = Box(5, 7, w, h)
    style = TextStyle("Lato", size, size * shrink, align=align, valign=valign)
    layout = fit(" ".join(parts), box, style)
    assert style.min_size <= layout.size <= style.size
    if layout.fits:
        assert layout.overflow == 0
        assert_inside(layout, box)
    else:
        assert layout.size == style.min_size and layout.overflow > 0


@pytest.mark.parametrize(("family", "ascent"), [("Lato", 0.805), ("Caladea", 0.9), ("DejaVu Sans", 0.76)])
def test_the_first_baseline_is_one_typographic_ascent_below_the_top(family: str, ascent: float) -> None:
    """The rule the README states: with valign top, baseline = box top - ascent x size, whatever
    the words; an inline icon lowers it to 0.85 x size only where that exceeds the ascent."""
    style = TextStyle(family, size=12, min_size=12)
    for text in ("x", "Hg", "ÁÉ gyp"):
        layout = fit(text, style=style)
        assert layout.runs[0].y == pytest.approx(BOX.top - ascent * 12, abs=0.01)
    with_icon = fit_text(parse_markup("a :rocket: b"), BOX, style, BOOK)
    assert with_icon.runs[0].y == pytest.approx(BOX.top - max(ascent, 0.85) * 12, abs=0.01)


def _lines(layout: TextLayout) -> list[str]:
    rows: dict[float, list] = {}
    for r in layout.runs:
        rows.setdefault(round(r.y, 3), []).append(r)
    return [" ".join(r.text for r in sorted(rows[y], key=lambda r: r.x)) for y in sorted(rows, reverse=True)]


CLIFF = "Stops any **VEHICLE** or **LAUNCHER** chase. The coyote takes damage equal to the chase's Speed."
CLIFF_BOX = Box(0, 0, 53.5 * 72 / 25.4, 40 * 72 / 25.4)
CLIFF_STYLE = TextStyle("Lato", size=13, min_size=8, leading=1.25, align="center", valign="middle")


def test_a_word_left_alone_on_the_last_line_gets_company_in_as_many_lines() -> None:
    """Road Runner's Cliff Face!: greedy wrapping leaves 'Speed.' alone under four lines; set a
    little tighter the paragraph keeps its five lines and ends on two words."""
    laid = fit(CLIFF, CLIFF_BOX, CLIFF_STYLE)
    lines = _lines(laid)
    assert len(lines) == laid.line_count == 5
    assert len(lines[-1].split()) >= 2 and lines[-1].endswith("Speed.")
    assert laid.size == 13
    assert_inside(laid, CLIFF_BOX)
    assert fit(CLIFF, CLIFF_BOX, CLIFF_STYLE) == laid  # the same input, the same lines


def test_a_widow_may_take_one_spare_line_the_box_has_room_for() -> None:
    """Jaunty's Sugar in the Tank: no measure keeps the greedy number of lines with two words on
    the last, so the paragraph takes one more line of the tall box; a box with no room for it
    keeps the widow."""
    text = "The target may not play Driving cards to move. Remove with **EQUIPMENT** then **EQUIPMENT**, or by Resting."
    style = TextStyle("Lato", size=12.5, min_size=12.5, leading=1.25, align="center")
    tall = Box(0, 0, 53.5 * 72 / 25.4, 44 * 72 / 25.4)
    laid = fit(text, tall, style)
    assert _lines(laid)[-1] == "or by Resting."
    n = laid.line_count - 1
    face = BOOK.face("Lato")
    height = (BOOK.ascent(face, 1.0) - BOOK.descent(face, 1.0) + (n - 1) * 1.25) * 12.5
    short = fit(text, Box(0, 0, tall.w, height), style)
    assert short.fits and short.line_count == n and _lines(short)[-1] == "Resting."


def test_a_paragraph_without_a_widow_keeps_its_greedy_lines() -> None:
    text = "Draw two cards and play one of them at once."
    wide = fit(text, Box(0, 0, 120, 100), TextStyle("Lato", size=10, min_size=10))
    assert _lines(wide) == ["Draw two cards and play", "one of them at once."]
