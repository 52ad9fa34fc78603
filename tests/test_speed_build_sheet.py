"""The per-card shortcuts of the sheet loop (issue 36) give what the long way gives: objects made
without their frozen ``__init__`` are the dataclasses their constructors make, a text element's
kept plan lays a face out as working it out in full does, and the sheet loop names each copy's
design as the deck's copies count them."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.core.paths import FONTS, ICONS
from generator.core.units import mm
from generator.layout.card import CardLayouter, LayoutProblem
from generator.load.templates import TemplateLibrary


def _same_dataclass(made, direct) -> None:
    assert made == direct and hash(made) == hash(direct) and repr(made) == repr(direct)
    for f in dataclasses.fields(made):
        assert getattr(made, f.name) == getattr(direct, f.name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        direct.text = "other"  # type: ignore[misc]


@pytest.mark.parametrize("bold, italic", [(False, False), (True, False), (False, True), (True, True)])
def test_a_plain_span_made_directly_is_the_span_its_constructor_makes(bold: bool, italic: bool) -> None:
    from generator.text.markup import Span, parse_markup, plain_span

    assert [f.name for f in dataclasses.fields(Span)] == [
        "text",
        "bold",
        "italic",
        "color",
        "icon",
        "newline",
        "paragraph",
        "spaced",
    ]
    _same_dataclass(Span("Draw two cards.", bold, italic), plain_span("Draw two cards.", bold, italic))
    assert parse_markup("Draw two cards.") == (plain_span("Draw two cards.", False, False),)


def test_a_text_op_made_directly_is_the_op_its_constructor_makes() -> None:
    from generator.layout.ops import TextOp, text_op
    from generator.text.fit import TextLayout

    assert [f.name for f in dataclasses.fields(TextOp)] == [
        "layout",
        "box",
        "rotate",
        "origin",
        "opacity",
        "blend",
    ]
    laid = TextLayout((), (), 9.0, True, 1, 0.0)
    made, direct = (
        TextOp(laid, Box(1, 2, 3, 4), 90.0, "origin"),
        text_op(laid, Box(1, 2, 3, 4), 90.0, "origin"),
    )
    assert made == direct and repr(made) == repr(direct)
    assert [getattr(made, f.name) for f in dataclasses.fields(TextOp)] == [
        getattr(direct, f.name) for f in dataclasses.fields(TextOp)
    ]


def test_a_note_recorded_directly_is_the_note_mark_its_constructor_makes(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from generator.render import record
    from generator.render.marks import NoteMark

    assert [f.name for f in dataclasses.fields(NoteMark)] == ["kind", "local", "matrix"]
    c = Canvas(str(tmp_path / "x.pdf"))
    record.observe(c, tmp_path / "x.pdf", record.Recording())
    c.translate(10, 20)
    record.note(c, "card:cards/3", (1.0, 2.0, 3.0, 4.0))
    made = c._deckwright_record.current[-1]  # type: ignore[attr-defined]
    expected = NoteMark("card:cards/3", (1.0, 2.0, 3.0, 4.0), tuple(c._currentMatrix))
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)


TEMPLATE = """\
styles:
  default: {label: Rules, ink: "#223344"}
  other: {label: Other, ink: "#aa0000"}
elements:
  - {type: rect, box: [1mm, 1mm, 60mm, 85mm], stroke: "#000000"}
  - {type: text, box: [4mm, 4mm, 55mm, 6mm], text: "{name}", bold: true, size: 12pt, keywords: false}
  - {type: text, box: [4mm, 12mm, 55mm, 30mm], text: "{body}", size: 9pt, min_size: 6pt, keywords: false}
  - {type: text, box: [4mm, 44mm, 55mm, 8mm], text: "{flavour}", italic: true, color: $ink, size: 8pt}
  - {type: text, box: [4mm, 54mm, 55mm, 8mm], text: $label, size: 8pt, when: flavour}
  - {type: text, box: [4mm, 64mm, 55mm, 8mm], text: "{body}", color: "{tint}", size: 8pt}
"""

TEXTS = [
    "Draw two cards, then discard one.",
    "Draw **two** cards, then *discard* one.",  # markup: worked out in full every time
    "",
    "   spaced    out  ",
    "Line one\nline two",
    "Gain <color=#ff0000>1 gold</color>.",
    "A very long text " * 12,
    "Draw two cards, then discard one.",
]


def _faces(tmp_path: Path, plans: bool) -> tuple[list, CardLayouter]:
    (tmp_path / "t.yaml").write_text(TEMPLATE)
    template = TemplateLibrary([tmp_path]).get("t")
    icons = {p.stem: p for p in ICONS.glob("*.svg")}
    layouter = CardLayouter(template, mm(63.5), mm(88.9), mm(3), FontBook.load([FONTS]), icons, {}, ())
    if not plans:

        class Forgetful(dict):
            def __setitem__(self, key, value) -> None:
                pass

        layouter._plans = Forgetful()
    out = []
    for n, text in enumerate(TEXTS * 2):
        values = {"name": f"Card {n}", "body": text, "tint": "#00aa00" if n % 2 else "#0000aa"}
        if n % 7 != 3:  # else a missing field: a problem, both ways
            values["flavour"] = f"{text[:10]} *{n}*" if n % 4 == 1 else text[:20]
        try:
            face = layouter.layout(values, "other" if n % 5 == 0 else "default")
        except LayoutProblem as exc:
            out.append(("problem", exc.message, exc.element))
            continue
        origins = [getattr(op, "origin", None) for op in face.ops]
        out.append((face, origins, face.overflows, face.missing))
    return out, layouter


def test_a_text_elements_plan_lays_faces_out_as_working_each_out_in_full(tmp_path: Path) -> None:
    (planned, with_plans), (full, _) = _faces(tmp_path, True), _faces(tmp_path, False)
    assert planned == full
    assert len(with_plans._plans) == 4  # name, body, flavour, label: not the one coloured by a field
    assert sum(entry[0] != "problem" for entry in planned) > len(TEXTS)


def test_the_sheet_loop_numbers_designs_as_the_decks_copies_count_them() -> None:
    from generator.kit.build import _copies

    cards = [SimpleNamespace(count=c) for c in (2, 0, 1, 3, 0, 1)]
    deck = SimpleNamespace(cards=cards)
    expected, seen = [], 0
    for card in cards:  # as Deck.copies numbers them: a design starts where copy 1 is
        for copy in range(1, card.count + 1):
            seen += copy == 1
            expected.append((card, seen))
    assert list(_copies(deck)) == expected  # type: ignore[arg-type]
