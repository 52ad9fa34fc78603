"""The shortcuts issue 36 took for speed give what the long way gives: fitted text kept per call,
boards and kit parts kept for one build or check, runs judged at once by the contrast and
text-shape rules, cards pickled by their values. (How fast is measured by the benchmarks in
tests/benchmarks/, never here.)"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board import load_board
from generator.board.layout import layout_board
from generator.core import paths
from generator.core.geometry import Box
from generator.kit.assemble import load_parts
from generator.layout import fitted as fitted_module
from generator.layout import memo
from generator.layout.fitted import fitted
from generator.load.loader import load_game
from generator.load.model import Card, Origin
from generator.proof import contrast, shapes
from generator.render.record import FillMark, ImageMark, TextMark
from generator.text.fit import TextStyle, fit_text
from generator.text.markup import parse_markup

UPRIGHT = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
HERE = Origin("planted.yaml", 3, 5)


@pytest.fixture(scope="module")
def fonts() -> FontBook:
    return FontBook.load([paths.FONTS])


def test_fitted_text_is_fit_texts_own_result_kept_once(fonts: FontBook) -> None:
    spans = parse_markup("Draw **two** cards, then discard one of them.")
    box, style = Box(0, 0, 120, 40), TextStyle("Lato", 11, 6)
    first = fitted(spans, box, style, fonts)
    assert first == fit_text(spans, box, style, fonts)
    assert fitted(list(spans), Box(0, 0, 120, 40), TextStyle("Lato", 11, 6), fonts) is first
    assert fitted(spans, Box(0, 0, 60, 40), style, fonts) != first  # another box, another fit


def test_fitted_text_lets_go_when_full(fonts: FontBook, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fitted_module, "LIMIT", 3)
    monkeypatch.setattr(fitted_module, "_KEPT", {})
    style = TextStyle("Lato", 10, 6)
    for n in range(10):
        fitted(parse_markup(f"card {n}"), Box(0, 0, 100, 20), style, fonts)
        assert len(fitted_module._KEPT) <= 3


def test_a_board_is_laid_out_once_inside_reusing_and_afresh_outside(fonts: FontBook) -> None:
    game = load_game("maloney")
    board = load_board(game.folder / "board.yaml", game)
    apart = layout_board(board, fonts), layout_board(board, fonts)
    assert apart[0] is not apart[1] and apart[0] == apart[1]
    with memo.reusing():
        kept = layout_board(board, fonts)
        with memo.reusing():  # an inner block shares the outer one's boards
            assert layout_board(board, fonts) is kept
        assert kept == apart[0]
        other = load_board(game.folder / "board.yaml", game)  # another reading: its own layout
        assert layout_board(other, fonts) is not kept
    assert memo.table("board") is None


def test_kit_parts_are_loaded_once_inside_reusing() -> None:
    game = load_game("maloney")
    with memo.reusing():
        first, again = load_parts(game), load_parts(game)
        assert [value for _, _, value in first] == [value for _, _, value in again]
        assert all(a[2] is b[2] for a, b in zip(first, again, strict=True))
    assert load_parts(game)[0][2] is not first[0][2]


def _run(text: str, box: tuple[float, float, float, float], color: str = "#000000") -> TextMark:
    return TextMark(text, box, UPRIGHT, 10.0, color, "Lato-Regular", HERE)


def _fill(box, color: str, shape: str = "rect", radius: float = 0.0) -> FillMark:
    mark = FillMark(box, UPRIGHT, color, 1.0, HERE)
    mark.shape, mark.radius = shape, radius
    return mark


def _glyph_by_glyph(monkeypatch: pytest.MonkeyPatch, call):
    with monkeypatch.context() as m:
        m.setattr(contrast, "_whole", lambda f, box: False)
        m.setattr(shapes, "roomy", lambda mark, shape: False)
        return call()


@pytest.mark.parametrize(
    "fills",
    [
        [],
        [_fill((0, 0, 200, 100), "#777777")],
        [_fill((0, 0, 200, 100), "#ffffff"), _fill((40, 10, 150, 40), "#999999", "rect", 8.0)],
        [_fill((50, 15, 70, 30), "#222222")],  # under part of the run only
        [_fill((40, 10, 150, 40), "#333333", "ellipse")],
        [ImageMark((0, 0, 200, 100), UPRIGHT, HERE)],
        [_fill((0, 0, 60, 100), "#111111")],
    ],
)
def test_contrast_judges_a_run_at_once_as_glyph_by_glyph(monkeypatch: pytest.MonkeyPatch, fills) -> None:
    run = _run("Gain 2 gold", (45, 18, 120, 28), "#444444")
    assert contrast._worst(run, fills) == _glyph_by_glyph(monkeypatch, lambda: contrast._worst(run, fills))


def test_contrast_asks_each_glyph_where_a_fill_covers_part_of_the_run() -> None:
    run = _run("Gain 2 gold", (45, 18, 120, 28))
    assert contrast._whole(_fill((0, 0, 200, 100), "#777777"), run.box)
    assert not contrast._whole(_fill((50, 15, 70, 30), "#222222"), run.box)
    assert not contrast._whole(_fill((40, 16, 122, 30), "#777777", "rect", 6.0), run.box)  # its corners
    assert not contrast._whole(_fill((0, 0, 200, 100), "#777777", "ellipse"), run.box)


@pytest.mark.parametrize(
    ("shape", "roomy"),
    [
        (_fill((20, 0, 180, 60), "#cc0000", "rect", 4.0), True),
        (_fill((0, 0, 200, 100), "#cc0000", "ellipse"), True),
        (_fill((44, 17, 121, 29), "#cc0000"), False),  # tight: nearly touching
        (_fill((60, 10, 100, 40), "#cc0000", "ellipse"), False),  # the run runs out of it
    ],
)
def test_text_shape_judges_a_roomy_run_at_once_as_glyph_by_glyph(
    monkeypatch: pytest.MonkeyPatch, shape: FillMark, roomy: bool
) -> None:
    run = _run("Gain 2 gold", (45, 18, 120, 28), "#ffffff")
    fills = [_fill((0, 0, 300, 300), "#ffffff"), shape]
    assert shapes.roomy(run, shape) is roomy
    judged = shapes.judge(run, shape, fills)
    assert judged == _glyph_by_glyph(monkeypatch, lambda: shapes.judge(run, shape, fills))
    if roomy:
        assert judged == ("", "")


def test_cards_and_origins_pickle_by_their_values(tmp_path: Path) -> None:
    origin = Origin("cards.yaml", 12, 3)
    card = Card(
        "Hawk", "bird", 2, "market", {"cost": 3, "tags": ["fast"]}, origin, {"cost": Origin("c", 1, 2)}
    )
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        again = pickle.loads(pickle.dumps(card, protocol=protocol))
        assert again == card and again.field_origins["cost"] == Origin("c", 1, 2)
    assert pickle.loads(pickle.dumps(Origin("s.csv", cell="Cards!C12"))).cell == "Cards!C12"


def _card_models() -> int:
    import gc

    from pydantic._internal._model_construction import ModelMetaclass

    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, ModelMetaclass))


def test_reloading_a_game_makes_no_new_card_models() -> None:
    """A preview reloads the game on every save; pydantic classes are never freed, so the same
    declarations must give the same classes (the preview's memory stays flat)."""
    load_game("road-runner")
    before = _card_models()
    for _ in range(3):
        game = load_game("road-runner")
    assert _card_models() == before
    assert game.decks and all(deck.cards for deck in game.decks)


def test_other_declarations_compile_their_own_types() -> None:
    from generator.core.yamlio import parse_yaml
    from generator.load.deckfields import compile_types
    from generator.schema.game import GameSpec

    def spec(kind: str) -> GameSpec:
        deck = {"name": "d", "template": "t", "cards": ["c.yaml"]}
        data = {"name": "g", "title": "G", "card_fields": {"cost": kind}, "decks": [deck]}
        return GameSpec.model_validate(data)

    doc = parse_yaml("name: g\n")
    assert compile_types(spec("int"), doc) is compile_types(spec("int"), doc)
    assert compile_types(spec("int"), doc) is not compile_types(spec("text"), doc)


def test_an_svg_is_read_once_per_tint_inside_reusing() -> None:
    from generator.render.draw import _read_svg

    icon = next((paths.TEMPLATES / "icons").glob("*.svg"))
    apart = _read_svg(icon, "#000000"), _read_svg(icon, "#000000")
    assert apart[0][0] is not apart[1][0] and apart[0][1] == apart[1][1]
    with memo.reusing():
        kept = _read_svg(icon, "#000000")
        assert _read_svg(icon, "#000000")[0] is kept[0]
        assert _read_svg(icon, "#cc0000")[0] is not kept[0]  # another tint, its own drawing
