"""The card build's shortcuts (issue 36) give what the long way gives. (How fast is measured by
tests/benchmarks/bench_floor.py, never here.)"""

from __future__ import annotations

import random

import pytest

from generator.text import widows
from generator.text.widows import EPS


def _breaks(words, limit):
    starts, cur = [0], words[0][0]
    for k in range(1, len(words)):
        nxt = cur + words[k][1] + words[k][0]
        if nxt <= limit:
            cur = nxt
        else:
            starts.append(k)
            cur = words[k][0]
    return starts


def _tighter_every_measure(words, limit, most):
    """The widow search the long way: every run width under the limit tried, widest first."""
    last = len(words) - 1
    widest = max(w[0] for w in words)
    measures = set()
    for i in range(len(words)):
        w = words[i][0]
        for j in range(i + 1, len(words)):
            w += words[j][1] + words[j][0]
            if w >= limit:
                break
            if w >= widest:
                measures.add(w)
    for measure in sorted(measures, reverse=True):
        starts = _breaks(words, measure + EPS)
        if len(starts) > most:
            return None
        if starts[-1] < last:
            return starts
    return None


def _words(rng: random.Random, n: int, grid: bool) -> list:
    out = []
    for k in range(n):
        w = rng.randint(1, 8) * 0.5 if grid else rng.uniform(0.3, 4.0)  # grid: many equal widths
        out.append((w, 0.0 if k == 0 else 0.25, "F", ((0.0, "w", "F", "#000000", w, False),)))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_widow_search_skipping_measures_that_break_alike_finds_what_trying_each_finds(seed: int):
    rng = random.Random(seed)
    for _ in range(60):
        words = _words(rng, rng.randint(3, 40), grid=seed % 2 == 0)
        limit = rng.uniform(max(w[0] for w in words), 20.0)
        most = rng.randint(1, 12)
        assert widows._tighter(words, limit, most) == _tighter_every_measure(words, limit, most)


def _canvas_code(draw, face: str, texts: list[str]) -> list[str]:
    """What a fresh canvas holds after ``draw(canvas, x, y, text)`` of each text in ``face``."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(io.BytesIO(), invariant=1)
    for k, text in enumerate(texts):
        c.setFont(face, 9 + k % 3)
        draw(c, 10.5 + k, 700 - 0.25 * k, text)
    return list(c._code)


def test_text_written_directly_is_what_draw_string_writes_byte_for_byte() -> None:
    from generator.art.fonts import FontBook
    from generator.core import paths
    from generator.render.textout import show_text

    face = FontBook.load([paths.FONTS]).face("DejaVu Sans")
    many = "".join(chr(c) for c in range(0x400, 0x4FF))  # Cyrillic: past the first subset's 224 codes
    texts = [
        "Card 1",
        "Card 1",
        "(a) \\ b)",
        "",
        "no\u00a0break",
        "Ünïcödé",
        many,
        "Card 1 again",
        many[::-1],
    ]

    def direct(c, x, y, text):
        assert show_text(c, x, y, text)

    assert _canvas_code(direct, face, texts) == _canvas_code(
        lambda c, x, y, t: c.drawString(x, y, t), face, texts
    )


def test_text_in_a_type1_font_is_left_to_draw_string() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.render.textout import show_text

    c = Canvas(io.BytesIO())
    c.setFont("Helvetica", 9)
    before = list(c._code)
    assert not show_text(c, 1, 2, "Card")
    assert c._code == before


def _page(marks: list):
    from pathlib import Path

    from generator.render.record import PageRecord

    return PageRecord(Path("planted.pdf"), 1, 595.0, 842.0, marks)


def _text(text: str, color: str, font: str, size: float, x: float = 10.0, alpha: float = 1.0):
    from generator.load.model import Origin
    from generator.render.record import TextMark

    box, upright = (x, 100.0, x + 60, 100 + size), (1.0, 0, 0, 1.0, 0, 0)
    return TextMark(text, box, upright, size, color, font, Origin("t.yaml", 1, 1), None, alpha)


def test_contrast_on_bare_paper_finds_what_judging_each_run_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.proof import contrast
    from generator.proof.settings import Settings
    from generator.render.record import FillMark

    runs = [
        _text(t, c, f, s, x)
        for x, (t, c, f, s) in enumerate(
            [
                ("ink", "#000000", "Lato-Regular", 9.0),
                ("pale", "#bbbbbb", "Lato-Regular", 9.0),  # under 3:1: an error
                ("red", "#ff0000", "Lato-Regular", 9.0),  # 4.0:1: a warning for body text
                ("red", "#ff0000", "Lato-Bold", 14.0),  # large bold: 3:1 is enough
                ("grey", "#949494", "Lato-Regular", 18.0),
                ("   ", "#ffffff", "Lato-Regular", 9.0),
            ]
        )
    ]
    runs.append(_text("faint", "#000000", "Lato-Regular", 9.0, 20.0, alpha=0.25))  # black at 25 %: grey
    ground = FillMark((0.0, 0.0, 595.0, 842.0), (1.0, 0, 0, 1.0, 0, 0), "#ffffff", 1.0, None)
    pages = [_page(list(runs)), _page([ground, *runs])]  # the second: a fill under every run
    settings = Settings()
    quick = contrast.check(pages, settings)
    monkeypatch.setattr(
        contrast, "_fails_on_paper", lambda ink, alpha, font, size: True
    )  # each run the long way
    assert [(f.message, f.severity) for f in quick] == [
        (f.message, f.severity) for f in contrast.check(pages, settings)
    ]
    assert {f.severity for f in quick} == {"error", "warning"}
    assert any("25 % opacity" in f.message for f in quick)


def test_the_marks_of_a_sheet_are_worked_out_once_per_slots_asked() -> None:
    from generator.core.options import SheetOptions
    from generator.layout import imposition
    from generator.layout.imposition import _used_marks, plan_sheet, used_marks

    g = plan_sheet(63.5 * 72 / 25.4, 88.9 * 72 / 25.4, SheetOptions((595.28, 841.89)))
    full = used_marks(g.crop_marks, g.cut_lines, g.slots[:9])
    assert used_marks(g.crop_marks, g.cut_lines, g.slots[:9]) is full  # the next full sheet
    assert full == _used_marks(g.crop_marks, g.cut_lines, g.slots[:9])
    part = used_marks(g.crop_marks, g.cut_lines, g.slots[:4])  # the last, part-filled sheet
    assert part == _used_marks(g.crop_marks, g.cut_lines, g.slots[:4]) and part != full
    other = plan_sheet(63.5 * 72 / 25.4, 88.9 * 72 / 25.4, SheetOptions((612.0, 792.0)))
    assert used_marks(other.crop_marks, other.cut_lines, other.slots[:4]) == _used_marks(
        other.crop_marks, other.cut_lines, other.slots[:4]
    )
    assert len(imposition._USED) <= 64


def test_a_packed_deck_knows_its_backs_and_fields_as_its_cards_say() -> None:
    from dataclasses import replace

    from generator.layout.fieldcheck import known_fields
    from generator.load.model import BATCH, PACK_AFTER, Card, Deck, Origin, PackedCards

    kinds = ["hero", "villain", "item"]
    cards = [
        Card(
            f"c{i}",
            kinds[i % 3],
            1,
            "d",
            {f"f{i % 5}": i, **({"rare": 1} if i == 4000 else {})},
            Origin("c.yaml", i + 1),
        )
        for i in range(PACK_AFTER + 2 * BATCH + 7)
    ]
    packed = PackedCards(cards)
    assert packed.settled() is packed  # packed indeed
    deck = Deck(
        name="d",
        title="D",
        template="front",
        width=180.0,
        height=252.0,
        cards=packed,
        back="plain",
        backs_by_type={"villain": "dark", "item": None},
        origin=Origin("game.yaml", 4),
    )
    assert deck.backs() == {deck.back_for(c) for c in cards} == {"plain", "dark", None}
    assert replace(deck, cards=tuple(cards)).backs() == deck.backs()
    assert known_fields({"x"}, packed) == known_fields({"x"}, cards)
    assert "rare" in known_fields((), packed)


def test_a_widow_search_is_kept_per_word_widths_and_gaps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widows, "_TIGHTER", {})
    rng = random.Random(7)
    for _ in range(300):
        words = _words(rng, rng.randint(3, 30), grid=True)
        limit, most = rng.choice([8.0, 9.5, 12.0]), rng.randint(2, 6)
        starts = widows._tighter(words, limit, most)
        searched = None if starts is None else tuple(line[1:] for line in widows._rewrap(0, words, starts))
        renamed = [
            (w, g, f, ((0.0, "other", f, "#ff0000", w, False),)) for w, g, f, _ in words
        ]  # same widths
        assert (
            widows._tighter_lines(words, limit, most)
            == searched
            == widows._tighter_lines(renamed, limit, most)
        )
    assert 0 < len(widows._TIGHTER) <= widows.TIGHTER_KEPT


def test_a_placed_run_made_directly_is_the_dataclass_made_by_its_constructor() -> None:
    import dataclasses

    from generator.text.fit import PlacedRun, _placed_run

    assert [f.name for f in dataclasses.fields(PlacedRun)] == [
        "x",
        "y",
        "text",
        "face",
        "size",
        "color",
        "width",
    ]
    made, direct = (
        PlacedRun(1.5, -2.0, "Card 7", "F1", 9.0, "#112233", 30.25),
        _placed_run(1.5, -2.0, "Card 7", "F1", 9.0, "#112233", 30.25),
    )
    assert made == direct and hash(made) == hash(direct) and repr(made) == repr(direct)
    with pytest.raises(dataclasses.FrozenInstanceError):
        direct.x = 3.0  # type: ignore[misc]


def _runs(laid) -> list[tuple]:
    return [(r.x, r.y, r.text, r.face, r.size, r.color, r.width) for r in laid.runs]


@pytest.mark.parametrize("seed", range(12))
def test_one_span_fitted_by_word_widths_is_what_the_general_loop_fits(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fit_text`` of one span (sizes and breaks kept per word widths, lines placed as plain
    runs) gives what the general loop of ``_Prepared`` and ``_place`` give, bit for bit: every
    alignment, shrinking, overflowing, justified lines spread out, odd spaces, texts that break
    alike (numbers of as many digits) fitted one after another."""
    from generator.art.fonts import FontBook
    from generator.core import paths
    from generator.core.geometry import Box
    from generator.text import fit
    from generator.text.markup import Span

    monkeypatch.setattr(fit, "_CHOSEN", {})
    fonts = FontBook.load([paths.FONTS])
    rng = random.Random(seed)
    vocab = [
        "Draw",
        "two",
        "cards,",
        "then",
        "discard",
        "one.",
        "If",
        "a",
        "red",
        "card",
        "gain",
        "1",
        "gold.",
    ]
    for _ in range(80):
        words = [rng.choice(vocab) for _ in range(rng.randint(0, 40))]
        sep = rng.choice([" ", " ", "  ", " \t", "\n "])
        bold, color = rng.random() < 0.3, rng.choice([None, "#aa0000"])
        style = fit.TextStyle(
            family="DejaVu Sans",
            size=rng.choice([9.0, 12.0, 20.0]),
            min_size=rng.choice([4.0, 6.0, 9.0]),
            leading=rng.choice([1.0, 1.2, 1.5]),
            align=rng.choice(fit.ALIGNS),
            valign=rng.choice(fit.VALIGNS),
            paragraph_space=rng.choice([0.0, 0.4]),
        )
        w, h = rng.choice([60.0, 157.0, 300.0]), rng.choice([8.0, 30.0, 113.0, rng.uniform(8, 120)])
        for number in rng.sample(range(100, 1000), 2):  # the second breaks as the first: kept
            span = Span(sep.join([*words, str(number)]), bold=bold, color=color)
            box = Box(rng.uniform(0, 20), rng.uniform(0, 20), w, h)
            fast = fit.fit_text((span,), box, style, fonts)
            prep = fit._Prepared((span,), style, fonts)  # the general loop, whatever the span
            s, wrapped, overflow = fit._choose(prep, box, style)
            long = fit._place(prep, wrapped, box, style, s, overflow)
            assert fast == long and _runs(fast) == _runs(long)
            assert list(vars(fast).items()) == list(vars(long).items())  # every field, in order
    assert 0 < len(fit._CHOSEN) <= fit.CHOSEN_KEPT


def test_runs_written_at_once_are_what_draw_string_writes_byte_for_byte() -> None:
    """``show_texts`` (a text op's runs, one font and size) writes what ``drawString`` of each
    writes: new characters mid-way, codes past the first subset, empty texts, escapes."""
    import io
    from types import SimpleNamespace

    from reportlab.pdfgen.canvas import Canvas

    from generator.art.fonts import FontBook
    from generator.core import paths
    from generator.render.textout import show_texts

    face = FontBook.load([paths.FONTS]).face("DejaVu Sans")
    many = "".join(chr(c) for c in range(0x400, 0x4FF))
    batches = [["Card 1", "(a) \\ b)", ""], ["Ünïcödé", "Card 2", many, "Card 3"], [many[::-1], "x"]]

    def code(each: bool) -> list[str]:
        c = Canvas(io.BytesIO(), invariant=1)
        for k, texts in enumerate(batches):
            c.setFont(face, 9 + k)
            runs = [SimpleNamespace(x=10.5 + n, y=700 - 0.25 * n, text=t) for n, t in enumerate(texts)]
            if each:
                for run in runs:
                    c.drawString(run.x, run.y, run.text)
            else:
                assert show_texts(c, runs, c.drawString)
        return list(c._code)

    assert code(each=False) == code(each=True)


@pytest.mark.parametrize(
    "matrix", [(1.0, 0, 0, 1.0, 30.5, 40.25), (-1.0, 0, 0, -1.0, 200, 300), (0, 1, -1, 0, 5, 6)]
)
@pytest.mark.parametrize("clip", [None, (0.0, 0.0, 120.0, 80.0)])
def test_text_marks_made_at_once_are_the_marks_made_one_by_one(matrix, clip) -> None:
    from types import SimpleNamespace

    from generator.render.marks import TextMark, text_marks

    rng = random.Random(3)
    runs = [
        SimpleNamespace(x=rng.uniform(-50, 150), y=rng.uniform(-50, 150), text=t, width=rng.uniform(0, 90))
        for t in ["Card 1", "  ", "Draw two cards,", "", "x"]
    ]
    made = text_marks(runs, 0.22 * 9, 0.75 * 9, matrix, 9.0, "#102030", "F", "origin", clip, 0.5)
    one_by_one = [
        TextMark(
            r.text,
            (r.x, r.y - 0.22 * 9, r.x + r.width, r.y + 0.75 * 9),
            matrix,
            9.0,
            "#102030",
            "F",
            "origin",
            clip,
            0.5,
        )
        for r in runs
        if r.text.strip()
    ]
    assert len(made) == len(one_by_one) == 3
    for a, b in zip(made, one_by_one, strict=True):
        assert {k: getattr(a, k) for k in TextMark.__slots__} == {
            k: getattr(b, k) for k in TextMark.__slots__
        }


def test_a_recorded_line_writes_and_records_what_the_first_drawing_of_it_did() -> None:
    """Lines drawn again (every sheet's crop marks) write ``Canvas.line``'s operators and record
    the path the first drawing did; a zero end and integer ends are worked out each time."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.render import record

    ends = [(10.5, 20.25, 30.0, 40.125), (0.0, 5.5, -0.0, 7.25), (1, 2, 3, 4), (1.0, 2.0, 3.0, 4.0)]
    plain = Canvas(io.BytesIO())
    for line in ends * 2:
        plain.line(*line)
    drawn = Canvas(io.BytesIO())
    with record.recording() as found:
        record.observe(drawn, "x.pdf")
        for line in ends * 2:
            drawn.line(*line)
        marks = list(drawn._deckwright_record.current)
    assert drawn._code == plain._code
    assert [m.path for m in marks] == [(f"{a} {b} m", f"{c} {d} l") for a, b, c, d in ends * 2]
    assert found is not None


def test_fitted_texts_are_kept_by_every_field_of_their_span_and_box() -> None:
    """``layout.fitted`` keys one span and the box by their fields: a field added to either must
    be added to the key, or two texts that differ in it would share a layout."""
    import dataclasses

    from generator.core.geometry import Box
    from generator.text.markup import Span

    span_fields = ["text", "bold", "italic", "color", "icon", "newline", "paragraph", "spaced"]
    assert [f.name for f in dataclasses.fields(Span)] == span_fields
    assert [f.name for f in dataclasses.fields(Box)] == ["x", "y", "w", "h"]


def _slot_calls(c, x, y, w, h, dx, dy) -> None:
    """What ``record.clip_and_move`` stands for, as ReportLab's calls."""
    c.saveState()
    path = c.beginPath()
    path.rect(x, y, w, h)
    c.clipPath(path, stroke=0, fill=0)
    c.translate(dx, dy)


def test_a_slot_entered_directly_writes_and_records_what_reportlabs_calls_do() -> None:
    """``clip_and_move``: the same operators, matrix and state stack as ``saveState``, a clipped
    rectangle path and ``translate``, and the same clip recorded; again for the same slot (kept),
    after a move (``cm`` not joined), in even-odd fill mode, for zeros and integers (worked out
    each time), recorded or not."""
    import io

    from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

    from generator.render import record

    slots = [
        (10.5, 20.25, 180.0, 252.0, 9.0, 18.0),
        (10.5, 20.25, 180.0, 252.0, 9.0, 18.0),
        (0.0, -0.0, 180.0, 252.0, 0.0, 3.5),
        (1, 2, 3, 4, 5, 6),
        (200.125, 300.5, 180.0, 252.0, 191.0, 291.0),
    ]

    def draw(c, enter) -> None:
        c.translate(3.0, 4.0)
        for k, slot in enumerate(slots):
            if k == 4:
                c._fillMode = FILL_EVEN_ODD
            enter(c, *slot)
            c.rect(1.0, 2.0, 3.0, 4.0, fill=1)
            c.restoreState()
        c.saveState()
        enter(c, *slots[0])
        c.translate(1.5, 2.5)  # joined to the move, as after translate
        assert len(c.state_stack) == 2

    def recorded(enter) -> tuple[list[str], list[tuple], tuple]:
        c = Canvas(io.BytesIO())
        with record.recording():
            record.observe(c, "x.pdf")
            draw(c, enter)
            marks = c._deckwright_record.current
            return c._code, [(m.box, m.clip) for m in marks], c._currentMatrix

    assert recorded(record.clip_and_move) == recorded(_slot_calls)
    plain, direct = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    draw(plain, _slot_calls)
    draw(direct, record.clip_and_move)
    assert direct._code == plain._code
    assert direct._currentMatrix == plain._currentMatrix


def test_a_fill_colour_set_directly_writes_what_set_fill_color_writes() -> None:
    """``set_fill``: the same operators and state as ``setFillColor`` for RGB colours (kept per
    value), through opacity changes and a file not yet at PDF 1.4; a CMYK colour, or any colour
    on a canvas that enforces a colour space, goes through ``setFillColor`` itself."""
    import io

    from reportlab.lib.colors import CMYKColor, Color
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.textout import set_fill

    colours = [
        Color(0.2, 0.3, 0.4),
        Color(0.2, 0.3, 0.4),
        Color(0, 0, 0),
        Color(-0.0, 0.5, 1.0),
        Color(0.1, 0.1, 0.1, alpha=0.5),
        Color(0.2, 0.3, 0.4),
        CMYKColor(0.1, 0.2, 0.3, 0.4),
        Color(0.9, 0.8, 0.7, alpha=0.25),
        Color(0.9, 0.8, 0.7, alpha=0.25),
    ]

    def draw(c, fill) -> None:
        for k, colour in enumerate(colours):
            if k == 5:
                c.setFillAlpha(0.75)
            fill(c, colour)
            c.drawString(1, 2, "x")

    for enforcing in (False, True):
        plain, direct = Canvas(io.BytesIO(), invariant=1), Canvas(io.BytesIO(), invariant=1)
        if enforcing:  # a colour hook (as a CMYK file's): every colour left to setFillColor
            plain._enforceColorSpace = direct._enforceColorSpace = lambda colour: colour
        draw(plain, lambda c, colour: c.setFillColor(colour))
        draw(direct, set_fill)
        assert direct._code == plain._code
        assert direct._fillColorObj is plain._fillColorObj
        assert direct._doc._pdfVersion == plain._doc._pdfVersion
        assert direct._extgstate._d == plain._extgstate._d
        assert direct.getpdfdata() == plain.getpdfdata()
