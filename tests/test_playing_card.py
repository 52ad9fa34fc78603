"""The Joker's Row deck: traditional pips, indices, court panels, aces, jokers as player tokens."""

from __future__ import annotations

import pytest

from generator.art.fonts import FontBook
from generator.core.units import mm
from generator.kit.build import check_faces
from generator.layout.ops import IconOp
from generator.load.loader import load_game
from tests.cardfaces import flat, laid_faces, text_ops, words

W, H = mm(63.5), mm(88.9)
RED, BLACK = "#c62828", "#1a1a1a"
SUITS = {
    "spades": ("spade", BLACK),
    "hearts": ("heart", RED),
    "diamonds": ("diamond", RED),
    "clubs": ("club", BLACK),
}
INDEX_W = mm(12)  # indices sit in the outer 12 mm strips


@pytest.fixture(scope="module")
def game():
    return load_game("jokers-row")


@pytest.fixture(scope="module")
def faces(game):
    return laid_faces(game)


def icons(face, name: str) -> list[IconOp]:
    return [op for op in flat(face.ops) if isinstance(op, IconOp) and op.name == name]


def texts(face) -> list[str]:
    return [words(op) for op in text_ops(face)]


def centre(op) -> tuple[float, float]:
    return (round(op.box.x + op.box.w / 2, 3), round(op.box.y + op.box.h / 2, 3))


def pips(face, symbol: str) -> list[IconOp]:
    """Suit icons away from the index strips."""
    return [op for op in icons(face, symbol) if INDEX_W < centre(op)[0] < W - INDEX_W]


def test_deck_checks_clean(game):
    assert check_faces(game, FontBook.load(game.font_dirs)) == []


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", range(2, 11))
def test_number_cards_have_traditional_pips(faces, suit, rank):
    _, front, _ = faces[f"{rank} of {suit}"]
    symbol, color = SUITS[suit]
    found = pips(front, symbol)
    assert len(found) == rank
    assert {op.color for op in icons(front, symbol)} == {color}
    centres = {centre(op) for op in found}
    # a half turn about the card centre maps the pattern onto itself (the 7's extra pip aside)
    turned = {(round(W - x, 3), round(H - y, 3)) for x, y in centres}
    assert len(centres - turned) == (1 if rank == 7 else 0)
    # three columns at most, pips below the middle turned, the middle row upright
    assert len({x for x, _ in centres}) <= 3
    for op in found:
        y = centre(op)[1]
        assert op.rotate == (180 if y < H / 2 - 1 else 0)
    # pips never overlap one another (boxes shrunk by 1 mm: icons do not fill their boxes)
    boxes = [op.box.inset(mm(1)) for op in found]
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", ["2", "7", "10", "J", "Q", "K", "A"])
def test_indices_in_two_corners(faces, suit, rank):
    _, front, _ = faces[f"{rank} of {suit}"]
    symbol, color = SUITS[suit]
    ranks = [op for op in text_ops(front) if op.layout.runs and op.box.w < INDEX_W]
    assert [words(op) for op in ranks] == [rank, rank]
    top, bottom = sorted(ranks, key=lambda op: -op.box.y)
    assert top.rotate == 0 and bottom.rotate == 180
    assert top.box.x < INDEX_W and bottom.box.right > W - INDEX_W
    assert {r.color for op in ranks for r in op.layout.runs} == {color}
    small = [op for op in icons(front, symbol) if not INDEX_W < centre(op)[0] < W - INDEX_W]
    assert sorted(op.rotate for op in small) == [0, 180]


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", ["J", "Q", "K"])
def test_court_cards_letter_suit_and_emblem(faces, suit, rank):
    """Each court rank has its own emblem at both ends (jack a sword, queen a queen's crown,
    king a king's crown), so the three differ by shape and not by letter alone."""
    _, front, _ = faces[f"{rank} of {suit}"]
    symbol, _ = SUITS[suit]
    emblem = {"J": "knave-sword", "Q": "crown", "K": "king-crown"}[rank]
    assert sorted(op.rotate for op in icons(front, emblem)) == [0, 180]
    others = {"knave-sword", "crown", "king-crown"} - {emblem}
    assert not any(icons(front, other) for other in others)
    assert len(pips(front, symbol)) == 2
    big = [op for op in text_ops(front) if op.layout.runs and op.box.w > INDEX_W]
    assert [(words(op), op.rotate) for op in big] == [(rank, 0), (rank, 180)]
    assert min(r.size for op in big for r in op.layout.runs) >= 50


@pytest.mark.parametrize("suit", SUITS)
def test_ace_has_one_large_pip(faces, suit):
    _, front, _ = faces[f"A of {suit}"]
    (pip,) = pips(front, SUITS[suit][0])
    assert pip.box.w >= mm(25) and centre(pip) == pytest.approx((W / 2, H / 2), abs=0.01)


@pytest.mark.parametrize(("name", "color"), [("Red Joker", RED), ("Black Joker", BLACK)])
def test_jokers_are_the_players_tokens(faces, name, color):
    card, front, _ = faces[name]
    (jester,) = icons(front, "joker")
    assert jester.color == color and jester.box.w >= mm(30)
    words = texts(front)
    assert "PLAYER TOKEN" in words and name.upper() in words and card.fields["player"] in words


def test_back_looks_the_same_either_way_up(faces):
    _, _, back = faces["A of spades"]
    marks = {(op.name, centre(op), op.rotate % 360) for op in flat(back.ops) if isinstance(op, IconOp)}
    turned = {(n, (round(W - x, 3), round(H - y, 3)), (r + 180) % 360) for n, (x, y), r in marks}
    assert turned == marks


@pytest.mark.parametrize("name", ["Red Joker", "Black Joker"])
def test_joker_tint_stays_inside_a_white_edge(faces, name):
    """A tinted joker beside white cards: its tint stops 2 mm inside the trim (no fill but white
    reaches the edge or the bleed), so an off cut leaves no coloured sliver."""
    from generator.layout.ops import RectOp

    _, front, _ = faces[name]
    w, h = mm(63.5), mm(88.9)
    reaching = [
        op
        for op in flat(front.ops)
        if isinstance(op, RectOp)
        and op.fill
        and (
            op.box.x < mm(2) - 0.01
            or op.box.y < mm(2) - 0.01
            or op.box.x + op.box.w > w - mm(2) + 0.01
            or op.box.y + op.box.h > h - mm(2) + 0.01
        )
    ]
    assert [op.fill for op in reaching] == ["#ffffff"]
