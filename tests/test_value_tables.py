"""Value tables in templates: ``tables:`` maps a card's value to an icon, a colour, a font or words."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core.errors import DataError
from generator.core.units import mm
from generator.layout.deck import DeckFaces
from generator.layout.ops import IconOp, RectOp, TextOp
from generator.layout.substitute import MissingTableKey, ValueTable, lookup, substitute
from generator.load.loader import load_game
from tests.conftest import write_game

GAME = """\
name: ranks
title: Ranks
card_fields:
  level: "int"
decks:
  - {name: cards, size: poker, template: front, back: back, cards: [cards.yaml]}
"""
CARDS = """\
cards:
  - {name: Squire, level: 1}
  - {name: Knight, level: 2}
  - {name: King, level: 3}
"""
FRONT = """\
tables:
  level_icon: {1: pawn, 2: shooter, 3: crown}
  level_color: {1: "#cd7f32", 3: "#d4a017", "*": "#8a8d91"}
  level_word: {1: Bronze, 2: Silver, 3: Gold}
  level_font: {1: Lato, 2: Caladea, 3: Bebas Neue}
elements:
  - {type: rect, box: [3mm, 3mm, 20mm, 20mm], fill: "{tables.level_color[level]}"}
  - {type: icon, box: [3mm, 3mm, 20mm, 20mm], icon: "{tables.level_icon[level]}"}
  - {type: text, box: [3mm, 30mm, 50mm, 10mm], text: "{tables.level_word[level]|upper} {name}",
     font: "{tables.level_font[level]}"}
  - {type: text, box: [3mm, 45mm, 50mm, 10mm], text: "top rank", when: "tables.level_word[level] == Gold"}
"""
BACK = "elements:\n  - {type: rect, box: bleed, fill: '#222222'}\n"


def _faces(tmp_path: Path, front: str = FRONT, cards: str = CARDS) -> tuple[DeckFaces, list]:
    folder = write_game(
        tmp_path / "ranks",
        {"game.yaml": GAME, "cards.yaml": cards, "templates/front.yaml": front, "templates/back.yaml": BACK},
    )
    game = load_game(folder)
    faces = DeckFaces(game, game.decks[0], FontBook.load(game.font_dirs), mm(3))
    return faces, [faces.faces(card)[0] for card in game.decks[0].cards]


def test_one_element_per_property_instead_of_one_per_value(tmp_path: Path) -> None:
    faces, fronts = _faces(tmp_path)
    assert faces.problems == []
    icons = [next(op.name for op in f.ops if isinstance(op, IconOp)) for f in fronts]
    fills = [next(op.fill for op in f.ops if isinstance(op, RectOp)) for f in fronts]
    texts = [[op for op in f.ops if isinstance(op, TextOp)] for f in fronts]
    assert icons == ["pawn", "shooter", "crown"]
    assert fills == ["#cd7f32", "#8a8d91", "#d4a017"]  # level 2 takes the default
    words = [" ".join(run.text.strip() for run in t[0].layout.runs) for t in texts]
    assert words == ["BRONZE Squire", "SILVER Knight", "GOLD King"]
    fonts = [t[0].layout.runs[0].face for t in texts]
    assert len(set(fonts)) == 3 and "Caladea" in fonts[1]
    assert [len(t) for t in texts] == [1, 1, 2]  # the condition reads the table too


def test_a_value_missing_from_the_table_names_the_card_and_the_table(tmp_path: Path) -> None:
    cards = CARDS + "  - {name: Emperor, level: 4}\n"
    faces, fronts = _faces(tmp_path, cards=cards)
    assert fronts[3] is None
    [problem] = faces.problems
    assert problem.path == "card 'Emperor'"
    assert (
        "table 'level_icon' has no entry for '4' (the value of 'level'; entries: 1, 2, 3)" in problem.message
    )
    assert "or a '\"*\": ...' entry for any other value" in problem.message
    assert "front.yaml:" in problem.message  # the template element's line


def test_missing_value_reported_by_check_with_file_and_line(tmp_path: Path, run_cli) -> None:
    folder = write_game(
        tmp_path / "ranks",
        {
            "game.yaml": GAME,
            "cards.yaml": CARDS + "  - {name: Emperor, level: 4}\n",
            "templates/front.yaml": FRONT,
            "templates/back.yaml": BACK,
        },
    )
    code, _, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in err
    assert "ranks/cards.yaml:5:5: card 'Emperor'" in err and "table 'level_icon'" in err


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ("  bad name: {1: a}\n", "tables"),
        ("  t: {}\n", "tables.t"),
        ("  t: {1: [a, b]}\n", "tables.t.1"),
    ],
)
def test_bad_tables_are_schema_errors(tmp_path: Path, tables: str, message: str) -> None:
    front = "tables:\n" + tables + "elements: []\n"
    folder = write_game(tmp_path / "bad", {"templates/mini-front.yaml": front})
    with pytest.raises(DataError) as info:
        load_game(folder)
    assert any(
        p.path.startswith(message) and Path(p.file).name == "mini-front.yaml" for p in info.value.problems
    )


def test_tables_extend_and_override_per_name(tmp_path: Path) -> None:
    base = "tables:\n  a: {1: one}\n  b: {1: uno}\nelements: []\n"
    child = "extends: base\ntables:\n  b: {1: eins}\nelements: []\n"
    (tmp_path / "base.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "child.yaml").write_text(child, encoding="utf-8")
    from generator.load.templates import TemplateLibrary

    tables = TemplateLibrary([tmp_path]).get("child").tables
    assert tables == {"a": {"1": "one"}, "b": {"1": "eins"}}


def test_table_keys_read_numbers_and_booleans_as_written() -> None:
    table = ValueTable.from_entries("t", {"2": "two", "true": "yes"})
    values = {"tables": {"t": table}, "n": 2.0, "flag": True, "item": {"n": 2}}
    assert substitute("{tables.t[n]} {tables.t[flag]} {tables.t[item.n]}", values) == "two yes two"
    with pytest.raises(MissingTableKey, match="no entry for '3'"):
        lookup({**values, "n": 3}, "tables.t[n]")
    assert substitute("a[[ {tables.t[missing]}]]", values) == "a"  # a missing *field* in an optional section


def test_the_readme_examples_of_tables_and_pixels_lay_out_cleanly(tmp_path: Path) -> None:

    from tests.docs_text import fenced

    blocks = fenced("yaml")
    tables = next(b for b in blocks if b.startswith("tables:"))
    pixels = next(b for b in blocks if b.startswith("dpi: 300"))
    for n, front in enumerate((tables, pixels)):
        faces, fronts = _faces(tmp_path / str(n), front=front)
        assert faces.problems == [] and all(f is not None for f in fronts)
