"""Per-deck settings in game.yaml: a deck's own card fields, a default card type, and
``back: none`` for a one-sided deck (no back pages in any layout, single-sided in the guide)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.load.loader import load_game
from tests.conftest import MINI_GAME, write_game

AIDS_DECK = """\
  - name: aids
    size: poker
    template: mini-front
    back: none
    type: hero
    card_fields: {speed: int, text: text}
    cards: aids.csv
"""
AIDS = "name,speed,text\nTurn,1,Draw a card.\nScore,2,Count your points.\nEnd,3,Pass the die.\n"


def two_decks(tmp_path: Path, aids: str = AIDS, deck: str = AIDS_DECK) -> Path:
    """The mini game (3 cards, with backs) plus a one-sided 'aids' deck of its own fields."""
    return write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + deck, "aids.csv": aids})


def test_a_deck_has_its_own_fields_and_default_type(tmp_path: Path) -> None:
    game = load_game(two_decks(tmp_path))
    aids = game.deck("aids")
    first = aids.cards[0]
    assert (first.name, first.type, dict(first.fields)) == (
        "Turn",
        "hero",
        {"speed": 1, "text": "Draw a card."},
    )
    assert aids.one_sided and aids.back is None and aids.back_for(aids.cards[0]) is None
    assert not game.deck("cards").one_sided  # the other deck keeps its back and optional fields


def test_a_deck_field_can_be_required_there_only(run_cli, tmp_path: Path) -> None:
    two_decks(tmp_path, aids="name,text\nTurn,Draw.\n")
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/aids.csv:1:1: no column for the required field 'speed': add one" in err
    assert "1 problem found." in err  # cards.yaml, whose cards lack speed, is not affected


def test_bad_deck_type_and_field_type_are_located(run_cli, tmp_path: Path) -> None:
    deck = AIDS_DECK.replace("type: hero", "type: heros").replace("speed: int", "speed: integer")
    two_decks(tmp_path, deck=deck)
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/game.yaml:22:11: decks[1].type: unknown card type 'heros' (did you mean 'hero'?)" in err
    assert (
        "mini/game.yaml:23:26: decks[1].card_fields.speed: unknown type 'integer' (did you mean 'int'?)"
        in err
    )


def test_one_sided_deck_has_no_back_pages(run_cli, tmp_path: Path) -> None:
    two_decks(tmp_path)
    code, _, err = run_cli("build", "mini", "-o", "out", "--printshop", "generic")
    assert code == 0, err
    kit = tmp_path / "out" / "mini"
    assert len(PdfReader(kit / "cards.pdf").pages) == 2  # a front page and its backs
    assert len(PdfReader(kit / "aids.pdf").pages) == 1  # fronts only
    assert len(PdfReader(kit / "printshop-generic" / "aids.pdf").pages) == 3  # one page per card, no backs
    assert len(PdfReader(kit / "printshop-generic" / "cards.pdf").pages) == 6
    guide = (kit / "print-guide.md").read_text()
    assert (
        "aids.pdf (Mini Game): 3 cards on 1 sheet, 9 per sheet. Print single-sided (the deck has no backs)"
        in guide
    )
    assert (
        "- aids.pdf: card stock (about 250 g/m2; or glue the printed paper onto thin card); print its 1 page single-sided."
        in guide
    )
    assert (
        "cards.pdf: card stock (about 250 g/m2; or glue the printed paper onto thin card); print all 2 pages double-sided"
        in guide
    )
    assert (
        "printshop-generic/aids.pdf: for the print shop, not for home (3 pages, one card face per page)."
        in guide
    )


def test_one_sided_deck_is_not_folded(run_cli, tmp_path: Path) -> None:
    two_decks(tmp_path)
    code, _, err = run_cli("build", "mini", "-o", "out", "--layout", "gutterfold")
    assert code == 0, err
    kit = tmp_path / "out" / "mini"
    assert sorted(p.name for p in kit.glob("*.pdf")) == ["aids.pdf", "cards-gutterfold.pdf"]
    assert len(PdfReader(kit / "aids.pdf").pages) == 1


def test_only_one_sided_decks_say_so_in_the_guide(run_cli, tmp_path: Path) -> None:
    write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("back: mini-back", "back: none")})
    for layout in ("duplex", "gutterfold"):
        code, _, err = run_cli("build", "mini", "-o", "out", "--layout", layout)
        assert code == 0, err
        kit = tmp_path / "out" / "mini"
        guide = (kit / "print-guide.md").read_text()
        assert "- These cards have no backs (`back: none`): print single-sided." in guide
        assert "double-sided" not in guide and "fold" not in guide
        assert len(PdfReader(kit / "cards.pdf").pages) == 1


def test_type_backs_are_dropped_in_a_one_sided_deck(tmp_path: Path) -> None:
    game_text = MINI_GAME.replace("villain: {label: Villain}", "villain: {label: Villain, back: mini-back}")
    folder = write_game(
        tmp_path / "mini", {"game.yaml": game_text.replace("back: mini-back\n", "back: none\n")}
    )
    deck = load_game(folder).deck("cards")
    assert [deck.back_for(c) for c in deck.cards] == [None, None]


def test_deck_defaults_fill_the_fields_a_card_leaves_out(run_cli, tmp_path: Path) -> None:
    deck = AIDS_DECK + '    defaults: {text: "Nothing happens.", powers: [ice]}\n'
    two_decks(tmp_path, aids="name,speed,text\nTurn,1,\nScore,2,Count.\n", deck=deck)
    aids = load_game(tmp_path / "mini").deck("aids")
    assert [(c.fields["text"], c.fields["powers"]) for c in aids.cards] == [
        ("Nothing happens.", ["ice"]),  # `text` is required in this deck, and its default serves
        ("Count.", ["ice"]),
    ]
    assert str(aids.cards[0].field_origins["text"]).endswith("mini/game.yaml:25:22")
    assert run_cli("export", "mini", "--cards", "cards.csv")[0] == 0
    rows = (tmp_path / "cards.csv").read_text().splitlines()
    assert rows[0] == "deck,name,type,copy,copies,speed,powers,text"
    assert rows[-2:] == ["aids,Turn,hero,1,1,1,ice,Nothing happens.", "aids,Score,hero,1,1,2,ice,Count."]
    assert (
        rows[1].startswith("cards,Alpha,hero,1,1,3,fire,")
        and rows[3] == "cards,Beta,villain,2,2,,,Sneaks about."
    )


def test_bad_defaults_are_located(run_cli, tmp_path: Path) -> None:
    deck = AIDS_DECK + "    defaults: {speed: fast, sped: 1, type: villain}\n"
    two_decks(tmp_path, deck=deck)
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert err.splitlines()[:3] == [
        "mini/game.yaml:25:29: decks[1].defaults.sped: unknown card field 'sped' (did you mean 'speed'?)",
        "mini/game.yaml:25:38: decks[1].defaults.type: 'type' has no default: give the deck's card type as 'type:'",
        "mini/game.yaml:25:23: decks[1].defaults.speed: expected a whole number, found 'fast'",
    ]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (
            "cards: []",
            ["mini/game.yaml:17:5: decks[0].cards: name the card files: cards.yaml, {file: cards.xlsx"],
        ),
        ("cards:", ["mini/game.yaml:17:5: decks[0].cards: name the card files"]),
        (
            "cards: {fil: cards.csv}",
            [
                "mini/game.yaml:17:13: decks[0].cards.fil: unknown key 'fil' (did you mean 'file'?)",
                "mini/game.yaml:17:5: decks[0].cards.file: missing required key 'file'",
            ],
        ),
        (
            "cards: [{file: cards.csv, columns: {case: lower}}]",
            [
                "mini/game.yaml:17:47: decks[0].cards[0].columns.case: expected one of exact, insensitive, found 'lower'"
            ],
        ),
    ],
)
def test_bad_card_file_entries(run_cli, tmp_path: Path, cards: str, expected: list[str]) -> None:
    write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("cards: [cards.yaml]", cards)})
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    lines = err.splitlines()
    for want in expected:
        assert any(line.startswith(want) for line in lines), err
    assert f"{len(expected)} problem" in err


def test_a_template_may_use_a_field_only_its_deck_declares(run_cli, tmp_path: Path) -> None:
    """A deck's own optional field that none of its cards fills yet is not a template typo."""
    deck = AIDS_DECK.replace("template: mini-front", "template: aid-front").replace(
        "card_fields: {speed: int, text: text}", 'card_fields: {speed: int, text: text, flavour: "text?"}'
    )
    two_decks(tmp_path, deck=deck)
    front = (
        "elements:\n"
        "  - {type: text, box: [4mm, 4mm, 55mm, 10mm], text: '{name}', size: 12pt}\n"
        "  - {type: text, when: flavour, box: [4mm, 40mm, 55mm, 10mm], text: '{flavour}', size: 9pt}\n"
    )
    (tmp_path / "mini" / "templates" / "aid-front.yaml").write_text(front)
    code, out, err = run_cli("check", "mini")
    assert code == 0, err
    assert "no problems found" in out
