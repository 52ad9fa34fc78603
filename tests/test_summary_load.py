"""Rule summary YAML: the bundled summaries load, and every bad input gets its exact message."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.core.units import mm
from generator.load.loader import load_game
from generator.summary import load_summary


@pytest.fixture(scope="module")
def game():
    return load_game("road-runner")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "summary.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems(tmp_path: Path, game, text: str) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_summary(write(tmp_path, text), game)
    return [f"{p.line}:{p.column}: {p.path}: {p.message}" for p in exc.value.problems]


# -- the bundled summaries -----------------------------------------------------------------------


def test_road_runner_summary(game):
    s = load_summary(game.folder / game.extra["spec"].summary, game)
    assert (s.title, s.subtitle, s.tagline) == ("Road Runner", "Rule summary", "3-8 players")
    kinds = {x.kind for x in s.sections}
    assert kinds == {"paragraph", "steps", "bullets", "table", "keywords", "sets"}
    (sets,) = [x for x in s.sections if x.kind == "sets"]
    assert sets.aid and sets.reference and len(sets.table.rows) == 6
    combos = [[sp.text for sp in row[0] if sp.text and sp.text.strip() != "+"] for row in sets.table.rows]
    assert combos == [
        ["BAIT", "TRAP"],
        ["ROAD", "AMBUSH"],
        ["DROP", "HEIGHT"],
        ["SHOOTER", "AMMO"],
        ["VEHICLE", "THRUSTER"],
        ["LAUNCHER"],
    ]
    icons = [[sp.icon for sp in row[0] if sp.icon] for row in sets.table.rows]
    assert icons[0] == ["bait", "trap"] and icons[5] == ["launcher"]
    (glossary,) = [x for x in s.sections if x.kind == "keywords" and x.reference]
    assert len(glossary.table.rows) == len(game.keywords) == 15
    assert s.aids.copies == 8 and s.aids.size_name == "poker"


def test_jokers_row_summary():
    game = load_game("jokers-row")
    s = load_summary(game.folder / "summary.yaml", game)
    assert s.tagline == "2 players" and s.aids.copies == 2
    assert s.aids.title == "Joker's Row turn aid"
    (glossary,) = [x for x in s.sections if x.kind == "keywords"]
    words = [row[0][-1].text for row in glossary.table.rows]
    assert words == ["Place", "Claim", "Counter-attack", "Omen", "Overload", "Victory pile"]
    assert [row[0][0].icon for row in glossary.table.rows][:2] == ["cards", "crown"]
    assert {x.title for x in s.aid_sections()} >= {"Your turn", "Claiming a place"}


def test_text_folds_line_breaks_and_splits_paragraphs(tmp_path, game):
    s = load_summary(
        write(
            tmp_path,
            """
            sections:
              - kind: paragraph
                text: |
                  one
                  two

                  three
            """,
        ),
        game,
    )
    assert [[sp.text for sp in p] for p in s.sections[0].items] == [["one two"], ["three"]]


def test_aid_size_and_copies_are_configurable(tmp_path, game):
    s = load_summary(
        write(
            tmp_path,
            """
            aids: {size: tarot, copies: 3, text_size: 9pt}
            sections:
              - {kind: bullets, title: Hi, aid: only, items: [one]}
            """,
        ),
        game,
    )
    assert (s.aids.width, s.aids.height) == pytest.approx((mm(70), mm(120)))
    assert (s.aids.copies, s.aids.text_size) == (3, 9.0)
    assert s.sections[0].aid and not s.sections[0].reference


# -- one bad file per failure mode ---------------------------------------------------------------


def test_unknown_section_kind(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        sections:
          - kind: step
            items: [Draw a card]
        """,
    ) == [
        "2:11: sections[0].kind: unknown section kind 'step' (did you mean 'steps'?); "
        "expected one of paragraph, steps, bullets, table, keywords, sets"
    ]


def test_missing_section_kind(tmp_path, game):
    assert problems(tmp_path, game, "sections:\n  - {title: Setup}\n") == [
        "2:5: sections[0]: missing required key 'kind'; "
        "expected one of paragraph, steps, bullets, table, keywords, sets"
    ]


def test_unknown_key_with_suggestion(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        sections:
          - kind: steps
            title: Setup
            itmes: [Shuffle]
        """,
    ) == [
        "4:5: sections[0].itmes: unknown key 'itmes' (did you mean 'items'?)",
        "2:5: sections[0].items: missing required key 'items'",
    ]


def test_unknown_top_level_key(tmp_path, game):
    assert problems(tmp_path, game, "sectoins: []\nsections: [{kind: bullets, items: [a]}]\n") == [
        "1:1: sectoins: unknown key 'sectoins' (did you mean 'sections'?)"
    ]


def test_missing_icon(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        sections:
          - kind: paragraph
            text: "Take the :trohpy: home."
        """,
    ) == [
        "3:11: sections[0].text: no icon named 'trohpy' (did you mean 'trophy'?): use one of the "
        "game's icons (the bundled set in templates/icons, or one added under 'icons:' in game.yaml)"
    ]


def test_missing_term_icon(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        terms:
          Splat: {meaning: A flattened coyote, icon: splat}
        sections:
          - {kind: keywords, words: [Splat]}
        """,
    ) == [
        "2:46: terms.Splat.icon: no icon named 'splat' (did you mean 'spade'?): use one of the "
        "game's icons (the bundled set in templates/icons, or one added under 'icons:' in game.yaml)"
    ]


def test_text_too_long_for_an_aid_names_the_section(tmp_path, game):
    long = " ".join(["The coyote straps a rocket to his roller skates and hopes for the best."] * 22)
    assert problems(
        tmp_path,
        game,
        f"""
        sections:
          - kind: bullets
            title: Everything at once
            aid: true
            items:
              - Short.
              - {long}
        """,
    ) == [
        "2:5: sections[0]: section 'Everything at once' is too long for a poker player aid at 7.5 pt: "
        "item 2 needs 113.8 mm of height but a card has 67.9 mm for text; shorten it, split it into "
        "smaller items or choose a larger 'aids.size'"
    ]


def test_unknown_keyword_in_a_set(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        sections:
          - kind: sets
            sets:
              - {keywords: [BAIT, TRAPP]}
        """,
    ) == [
        "4:27: sections[0].sets[0].keywords[1]: unknown keyword 'TRAPP' (did you mean 'TRAP'?): "
        "declare it under 'keywords:' in game.yaml or under 'terms:' in this file"
    ]


def test_ragged_table(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        sections:
          - kind: table
            columns: [Card, Count]
            widths: [1, 1, 1]
            rows:
              - [Capture, "41"]
              - [Escape]
        """,
    ) == [
        "4:5: sections[0].widths: expected 2 widths (one per column), found 3",
        "7:9: sections[0].rows[1]: expected 2 cells in this row, found 1",
    ]


def test_bad_markup(tmp_path, game):
    assert problems(tmp_path, game, "sections:\n  - {kind: bullets, items: ['**open']}\n") == [
        "2:29: sections[0].items[0]: bad markup: unclosed '**' opened at character 1"
    ]


def test_bad_values(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        pages: 3
        style: {accent: "$accent"}
        sections:
          - {kind: bullets, aid: maybe, items: [a]}
        """,
    ) == [
        "1:8: pages: expected a value <= 2, found '3'",
        "2:17: style.accent: expected a colour such as '#c0392b' or 'navy', found '$accent'",
        "4:26: sections[0].aid: expected true, false or 'only', found 'maybe'",
    ]


def test_unknown_font_and_size(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        style: {font: Latto}
        aids: {size: pokr}
        sections:
          - {kind: bullets, items: [a]}
        """,
    ) == [
        "1:15: style.font: unknown font family 'Latto' (did you mean 'Lato'?); known families: "
        "Bebas Neue, Caladea, Comic Neue, DejaVu Sans, Lato, Lato Black; nor is a font of that name "
        "installed on this computer (see 'deckwright fonts')",
        "2:14: aids.size: unknown card size 'pokr' (did you mean 'poker'?); known sizes: bridge, "
        "business, business-eu, euro, jumbo, mini-american, mini-euro, poker, square, "
        "standard-american, tarot",
    ]


def test_reference_longer_than_its_page_limit(tmp_path, game):
    item = "Another rule that nobody will remember at the table but which still has to be written down."
    items = "\n".join(f"      - {item}" for _ in range(140))
    found = problems(tmp_path, game, f"pages: 1\nsections:\n  - kind: bullets\n    items:\n{items}\n")
    assert found == [
        "2:1: sections: the rule summary needs 3 pages on A4 paper even at 9 pt; the limit is 1 "
        "('pages'): shorten or drop sections",
        "2:1: sections: the rule summary needs 3 pages on Letter paper even at 9 pt; the limit is 1 "
        "('pages'): shorten or drop sections",
    ]
