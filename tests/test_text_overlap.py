"""``check`` warns where two text elements' boxes overlap on a card (after its ``when:``
conditions), once per pair of elements with the number of cards; ``overlap: ok`` marks an
intended overlap. The bundled games are free of such warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core import paths
from generator.core.geometry import Box
from generator.layout.card import turned_box
from generator.layout.deck import check_faces
from generator.load.loader import load_game
from tests.conftest import MINI_FRONT, MINI_GAME, write_game

# The name band (4..12 mm from the top) and a label pushed up into it by 2 mm.
LABEL = '  - {type: text, box: [4mm, 10mm, 30mm, 6mm], text: "{type}", size: 8pt}\n'
SPEED_LABEL = '  - {type: text, when: speed, box: [4mm, 10mm, 30mm, 6mm], text: "fast", size: 8pt}\n'


def _check(tmp_path: Path, front: str) -> list:
    game = load_game(write_game(tmp_path / "mini", {"templates/mini-front.yaml": front}))
    return check_faces(game, FontBook.load(game.font_dirs))


def test_overlapping_text_boxes_warn_once_per_pair_with_the_card_count(tmp_path: Path) -> None:
    [problem] = _check(tmp_path, MINI_FRONT + LABEL)
    assert problem.severity == "warning"
    assert (Path(problem.file).name, problem.line) == ("mini-front.yaml", 7)  # the name element
    assert "overlaps the text element at line 10 on the front of 2 cards ('Alpha', 'Beta')" in problem.message
    assert "'overlap: ok'" in problem.message


def test_only_cards_whose_conditions_draw_both_texts_count(tmp_path: Path) -> None:
    [problem] = _check(tmp_path, MINI_FRONT + SPEED_LABEL)
    assert "on the front of 1 card ('Alpha')" in problem.message  # Beta has no speed


def test_overlap_ok_on_either_element_silences_the_pair(tmp_path: Path) -> None:
    marked = LABEL.replace("size: 8pt}", "size: 8pt, overlap: ok}")
    assert _check(tmp_path / "a", MINI_FRONT + marked) == []
    first = MINI_FRONT.replace('text: "{name}",', 'text: "{name}", overlap: ok,')
    assert _check(tmp_path / "b", first + LABEL) == []


def test_touching_boxes_and_empty_text_do_not_warn(tmp_path: Path) -> None:
    touching = '  - {type: text, box: [4mm, 12mm, 30mm, 6mm], text: "{type}", size: 8pt}\n'
    assert _check(tmp_path / "a", MINI_FRONT + touching) == []
    empty = '  - {type: text, box: [4mm, 10mm, 30mm, 6mm], text: "[[{speed}]]", size: 8pt}\n'
    problems = _check(tmp_path / "b", MINI_FRONT.replace("when: speed, ", "") + empty)
    assert [p for p in problems if "overlaps" in p.message and "2 cards" in p.message] == []


def test_copies_of_a_repeat_that_overlap_are_reported(tmp_path: Path) -> None:
    repeat = (
        "  - type: repeat\n    over: powers\n    when: powers\n    box: [4mm, 30mm, 30mm, 6mm]\n"
        "    step: [0mm, 3mm]\n    elements:\n"
        '      - {type: text, box: [0mm, 0mm, 30mm, 6mm], text: "{item}", size: 8pt}\n'
    )
    cards = "cards:\n  - {name: Alpha, type: hero, text: x, powers: [fire, ice]}\n"
    game = load_game(
        write_game(tmp_path / "r", {"templates/mini-front.yaml": MINI_FRONT + repeat, "cards.yaml": cards})
    )
    [problem] = [p for p in check_faces(game, FontBook.load(game.font_dirs)) if "overlaps" in p.message]
    assert (
        "(inside its repeat) overlaps another copy of itself: give the repeat a larger 'step'"
        in problem.message
    )


def test_check_cli_prints_the_warning_and_exits_zero(tmp_path: Path, run_cli) -> None:
    # the label is also black on the title band, which the proofreader would refuse: accepted
    # here, since this test is about the template's overlap warning
    known = (
        "proof:\n  known:\n    - {rule: contrast, file: templates/mini-front.yaml, "
        "reason: the overlap warning under test}\n"
        "    - {rule: text-shape, file: templates/mini-front.yaml, reason: the overlap warning under test}\n"
    )
    write_game(
        tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT + LABEL, "game.yaml": MINI_GAME + known}
    )
    code, out, err = run_cli("check", "mini")
    assert code == 0, err
    assert "mini/templates/mini-front.yaml:7:5: warning: template 'mini-front': the text box" in err
    assert "1 warning." in out


def test_turned_boxes() -> None:
    box = Box(0, 0, 20, 10)
    assert turned_box(box, 180) == box
    assert turned_box(box, 90) == Box(5, -5, 10, 20)
    assert turned_box(box, 45).w == pytest.approx(30 / 2**0.5)


@pytest.mark.parametrize("name", paths.bundled_games())
def test_bundled_games_have_no_overlapping_text(name: str) -> None:
    game = load_game(name)
    problems = check_faces(game, FontBook.load(game.font_dirs))
    assert [str(p) for p in problems if "overlaps" in p.message] == []
