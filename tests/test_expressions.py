"""Template expressions ``{= ...}``: the language, its bounds, and its errors at file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.expr import ExprError, Missing, fields_of, value_of
from generator.layout.conditions import compile_when
from generator.layout.substitute import BadReference, MissingField, ValueTable, substitute
from tests.conftest import MINI_FRONT, write_game

CARD = {
    "name": "Saffron",
    "cost": 3,
    "stars": 4,
    "price": 2.5,
    "spices": ["clove", "pepper"],
    "prices": {"clove": 2},
    "type": "spice",
}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("cost * 2", 6),
        ("max(cost, 5)", 5),
        ("min([cost, stars, 9])", 3),
        ("'★' * stars + '☆' * (5 - stars)", "★★★★☆"),
        ("'Rare' if cost > 2 else 'Common'", "Rare"),
        ("'Rare' if cost > 5 else 'Common'", "Common"),
        ("format(price, '.2f')", "2.50"),
        ("format(cost, '+d')", "+3"),
        ("upper(name) + '!'", "SAFFRON!"),
        ("title('hot pepper')", "Hot Pepper"),
        ("join(spices, ' + ')", "clove + pepper"),
        ("prices.clove + prices[spices[0]]", 4),
        ("speed ?? 1", 1),
        ("cost // 2 + cost % 2", 2),
        ("cost / 2", 1.5),
        ("6 / cost", 2),
        ("'clove' in spices and not 'saffron' in spices", True),
        ("type == 'spice' and cost >= 3", True),
        ("len(spices) != 2 or -cost < 0", True),
        ("'Cost: ' + cost", "Cost: 3"),
        ("round(price) + ceil(2.1) + floor(2.9) + abs(-1)", 9),
        ("int('7') + sum(1, 2)", 10),
        ("replace(name, 'ff', 'f')", "Safron"),
    ],
)
def test_the_language(source: str, expected: object) -> None:
    assert value_of(source, CARD) == expected


@pytest.mark.parametrize(
    ("source", "reason", "part"),
    [
        ("cost * 'x' + name * 'y'", "text can be repeated a whole number of times", "name * 'y'"),
        ("cost + name * 2 - 1", "cannot subtract text and a number", ""),
        ("max(name, 2)", "expected numbers, found text", "max(name, 2)"),
        ("cost / (stars - 4)", "division by zero", "cost / (stars - 4)"),
        ("'★' * 100000", "longer than 2000 characters", ""),
        ("cost * 1000000000 * 1000000000", "out of range", ""),
        ("format(price, '{0}')", "is not a number format", ""),
        ("spices[5]", "outside the 2 items", ""),
        ("cost < name", "cannot compare a number with text", ""),
        ("int('1e400')", "'1e400' is not a number", ""),
    ],
)
def test_evaluation_errors_name_the_part_at_fault(source: str, reason: str, part: str) -> None:
    with pytest.raises(ExprError) as caught:
        value_of(source, CARD)
    assert reason in str(caught.value)
    assert f"expression '{source}'" in str(caught.value)
    if part:
        assert f"at '{part}'" in str(caught.value) or part == source


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("cost +", "ends too early"),
        ("cost * * 2", "unexpected '*'"),
        ("upper(name", "expected ')' to match '('"),
        ("uper(name)", "unknown function 'uper' (did you mean 'upper'?)"),
        ("'a' if cost", "'if' needs an 'else'"),
        ("1 < cost < 5", "comparisons cannot be chained"),
        ("cost ; 2", "cannot read ';'"),
        ("__import__('os')", "unknown function '__import__'"),
        ("x" * 401, "longer than 400 characters"),
        ("(" * 40 + "1" + ")" * 40, "nested more than"),
    ],
)
def test_syntax_errors(source: str, reason: str) -> None:
    with pytest.raises(ExprError, match=None) as caught:
        value_of(source, CARD)
    assert reason in str(caught.value)


def test_no_python_escapes() -> None:
    """Attributes are keys of mappings, never Python attributes."""
    with pytest.raises(ExprError, match="cannot look up '__class__' in text"):
        value_of("name.__class__", CARD)
    with pytest.raises(Missing):
        value_of("prices.__dict__", CARD)


def test_missing_fields_and_value_tables() -> None:
    with pytest.raises(MissingField) as caught:
        substitute("{= speed * 2}", CARD)
    assert caught.value.field == "speed"
    assert substitute("Cost {= cost * 2}[[, speed {= speed}]]", CARD) == "Cost 6"
    table = ValueTable.from_entries("word", {"3": "three", "*": "many"})
    assert substitute("{= upper(tables.word[cost])}", {**CARD, "tables": {"word": table}}) == "THREE"
    assert fields_of("tables.word[cost] + prices[spices[0]] + len(item.key)") == [
        "tables.word[cost]",
        "cost",
        "prices",
        "spices",
        "item.key",
    ]


def test_conditions_as_expressions() -> None:
    assert compile_when("{= cost * 2 > stars}")(CARD) is True
    assert compile_when("{= speed > 1}")(CARD) is False  # a field the card lacks: false
    assert compile_when("{= (speed ?? 0) < 1}")(CARD) is True
    with pytest.raises(BadReference, match="cannot compare"):
        substitute("{= cost < name}", CARD)


def _front(text: str) -> str:
    return MINI_FRONT.replace('text: "Speed {speed}"', f"text: {text!r}")


def test_check_reports_a_syntax_error_at_its_line(tmp_path: Path, run_cli) -> None:
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": _front("Speed {= speed * }")})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/templates/mini-front.yaml:8:" in err
    assert "expression 'speed *': ends too early" in err
    assert "Traceback" not in err


def test_check_reports_an_unknown_field_in_an_expression(tmp_path: Path, run_cli) -> None:
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": _front("{= spede * 2}")})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/templates/mini-front.yaml:8:5: template 'mini-front': uses field 'spede'" in err
    assert "(did you mean 'speed'?)" in err


def test_check_reports_a_per_card_error_with_card_and_line(tmp_path: Path, run_cli) -> None:
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": _front("{= speed - name}")})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    line = next(ln for ln in err.splitlines() if "cannot subtract" in ln)
    assert "mini/templates/mini-front.yaml:8:" in line and "Alpha" in line
    assert "expression 'speed - name'" in line
    assert "Traceback" not in err


def test_a_computed_default(tmp_path: Path, run_cli) -> None:
    from tests.conftest import MINI_GAME

    game = MINI_GAME.replace('  text: "text?"', '  text: "text?"\n  value: "int?"').replace(
        "    cards: [cards.yaml]", '    cards: [cards.yaml]\n    defaults: {value: "{= (speed ?? 1) * 2}"}'
    )
    folder = write_game(
        tmp_path / "mini", {"game.yaml": game, "templates/mini-front.yaml": _front("Worth {value}")}
    )
    from generator.load.loader import load_game

    cards = {c.name: c.fields["value"] for c in load_game(folder).decks[0].cards}
    assert cards == {"Alpha": 6, "Beta": 2}
    bad = game.replace("(speed ?? 1) * 2", "name + 1")
    write_game(tmp_path / "mini", {"game.yaml": bad})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "game.yaml:" in err and "the default for 'Alpha' came out as 'Alpha1'" in err
    write_game(tmp_path / "mini", {"game.yaml": game.replace("(speed ?? 1) * 2", "speed *")})
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "expression 'speed *': ends too early" in err and "game.yaml:" in err


def test_the_example_computes_its_numbers_and_rebuilds_the_same_bytes(tmp_path: Path, run_cli) -> None:
    from generator.load.loader import load_game

    example = Path(__file__).resolve().parents[1] / "examples" / "spice-market"
    cards = {c.name: (c.fields["rarity"], c.fields["sells"]) for c in load_game(example).deck("market").cards}
    assert cards["Saffron Crocus"] == (4, 6) and cards["Pepper Vine"] == (2, 2)
    assert cards["Palace Order"] == (3, 12)  # an order sells for the sum of its prices
    # issue 32: each of an order's prices beats selling that spice to the market
    sells = {
        c.fields["spices"][0]: c.fields["sells"]
        for c in load_game(example).deck("market").cards
        if c.type == "spice"
    }
    for order in (c for c in load_game(example).deck("market").cards if c.type == "order"):
        assert all(price > sells[spice] for spice, price in order.fields["prices"].items()), order.name
    assert run_cli("build", str(example), "-o", "out")[0] == 0
    pdf = tmp_path / "out" / "spice-market" / "market.pdf"
    first = pdf.read_bytes()
    assert run_cli("build", str(example), "-o", "out")[0] == 0
    assert pdf.read_bytes() == first


def test_any_text_gives_a_value_or_a_located_error() -> None:
    """Seeded random token soup: the parser and evaluator never raise anything but ExprError
    (or Missing for an absent field), and never run long."""
    import random
    import time

    pieces = [
        "cost",
        "name",
        "spices",
        "prices",
        ".",
        "[",
        "]",
        "(",
        ")",
        ",",
        "0",
        "2",
        "1.5",
        "'★'",
        '"a"',
        "+",
        "-",
        "*",
        "/",
        "//",
        "%",
        "==",
        "<",
        ">=",
        "in",
        "not",
        "and",
        "or",
        "if",
        "else",
        "??",
        "max",
        "join",
        "format",
        "'.2f'",
        "upper",
        "len",
        "true",
        "x",
        " ",
    ]
    rng = random.Random(26)
    started = time.perf_counter()
    outcomes = {"value": 0, "error": 0}
    for _ in range(3000):
        source = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        try:
            value_of(source, CARD)
            outcomes["value"] += 1
        except (ExprError, Missing) as exc:
            assert str(exc)
            outcomes["error"] += 1
    assert outcomes["value"] > 50 and outcomes["error"] > 1000
    assert time.perf_counter() - started < 10


def test_number_properties_take_expressions(tmp_path: Path) -> None:
    from generator.art.fonts import FontBook
    from generator.core.paths import FONTS
    from generator.core.units import mm
    from generator.layout.card import CardLayouter
    from generator.layout.ops import RectOp, ShapeOp, TextOp
    from generator.load.templates import TemplateLibrary

    (tmp_path / "t.yaml").write_text(
        "elements:\n"
        "  - {type: text, box: [4mm, 4mm, 50mm, 10mm], text: '{name}', rotate: '{= cost * 10}',"
        " size: \"{= '14pt' if len(name) < 6 else 9}\"}\n"
        "  - {type: rect, box: [4mm, 20mm, 20mm, 10mm], fill: red, radius: '{= cost}', stroke: black,"
        " stroke_width: '{= cost / 2}'}\n"
        "  - type: repeat\n"
        "    over: '{= cost}'\n"
        "    box: [4mm, 40mm, 50mm, 8mm]\n"
        "    flow: {size: [8mm, 8mm], gap: 1mm}\n"
        "    elements:\n"
        "      - {type: star, box: [0mm, 0mm, 8mm, 8mm], fill: gold, rotate: '{= item * 12}'}\n"
    )
    template = TemplateLibrary([tmp_path]).get("t")
    layouter = CardLayouter(template, mm(63.5), mm(88.9), mm(3), FontBook.load([FONTS]), {}, {}, ())
    for name, cost, size in (("Ann", 3, 14.0), ("Bartholomew", 2, 9.0), ("Cy", 3, 14.0)):
        ops = layouter.layout({"name": name, "cost": cost}, "x").ops
        [text] = [op for op in ops if isinstance(op, TextOp)]
        [rect] = [op for op in ops if isinstance(op, RectOp)]
        stars = [op for op in ops if isinstance(op, ShapeOp)]
        assert text.rotate == cost * 10 and {r.size for r in text.layout.runs} == {size}
        assert (rect.radius, rect.stroke_width) == (cost, cost / 2)
        assert len(stars) == cost
        tips = [s.segments[0][1] for s in stars]  # the first tip turns by 12 degrees per star
        assert len({round(t[0] - s.box.x, 3) for t, s in zip(tips, stars, strict=True)}) == cost
    from generator.layout.card import LayoutProblem

    with pytest.raises(LayoutProblem, match="gives text 'xx', not a number"):
        (tmp_path / "u.yaml").write_text('elements:\n  - {type: rect, box: trim, rotate: "{= name * 2}"}\n')
        bad = TemplateLibrary([tmp_path]).get("u")
        CardLayouter(bad, mm(63.5), mm(88.9), mm(3), FontBook.load([FONTS]), {}, {}, ()).layout(
            {"name": "x"}, "x"
        )


def test_a_number_expression_with_a_syntax_error_is_reported_at_its_line(tmp_path: Path, run_cli) -> None:
    write_game(
        tmp_path / "mini",
        {"templates/mini-front.yaml": MINI_FRONT.replace("size: 10pt}", "size: '{= speed *}'}")},
    )
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    assert (
        "mini/templates/mini-front.yaml:8:" in err
        and "elements[3].size: expression 'speed *': ends too early" in err
    )


def test_an_unknown_field_in_a_number_expression_is_one_problem(tmp_path: Path, run_cli) -> None:
    write_game(
        tmp_path / "mini",
        {"templates/mini-front.yaml": MINI_FRONT.replace("size: 10pt}", "size: '{= spede + 8}'}")},
    )
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/templates/mini-front.yaml:8:5: template 'mini-front': uses field 'spede'" in err
    assert "(did you mean 'speed'?)" in err and "1 problem found." in err
