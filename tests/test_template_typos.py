"""A field typo in a template is reported once, at the template element, with "did you mean" and
the number of cards it affects; a field some cards lack is one problem too; schema and template
problems come in the same ``check`` run."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import DataError
from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from tests.conftest import MINI_CARDS, MINI_FRONT, write_game

TYPO_FRONT = MINI_FRONT.replace('text: "Speed {speed}"', 'text: "Speed {spede}"')
MANY_CARDS = "cards:\n" + "".join(f"  - {{name: Card {n}, type: hero, speed: {n}}}\n" for n in range(1, 7))


def _error_lines(err: str) -> list[str]:
    return [ln for ln in err.splitlines() if ": " in ln and "problem" not in ln]


def test_a_typo_is_one_line_with_did_you_mean_and_the_card_count(tmp_path: Path, run_cli) -> None:
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": TYPO_FRONT, "cards.yaml": MANY_CARDS})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    lines = [ln for ln in err.splitlines() if "spede" in ln]
    assert len(lines) == 1, err
    [line] = lines
    assert line.startswith("mini/templates/mini-front.yaml:8:5: template 'mini-front': uses field 'spede'")
    assert "(did you mean 'speed'?)" in line
    assert "it affects 6 cards of deck 'cards' ('Card 1', 'Card 2', 'Card 3', ...)" in line
    assert "1 problem found." in err


def test_a_typo_in_a_condition_is_caught_too(tmp_path: Path, run_cli) -> None:
    front = MINI_FRONT.replace("when: speed,", "when: sped,")
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "uses field 'sped'" in err and "(did you mean 'speed'?)" in err
    assert "it affects 2 cards" in err


def test_a_typo_in_a_table_name_suggests_the_table(tmp_path: Path, run_cli) -> None:
    front = "tables:\n  speed_word: {1: slow, 3: fast, '*': steady}\n" + MINI_FRONT.replace(
        'text: "Speed {speed}"', 'text: "{tables.sped_word[speed]}"'
    )
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "no table named 'sped_word' in this template (did you mean 'speed_word'?)" in err


def test_build_reports_the_typo_once_and_writes_nothing(tmp_path: Path) -> None:
    folder = write_game(
        tmp_path / "mini", {"templates/mini-front.yaml": TYPO_FRONT, "cards.yaml": MANY_CARDS}
    )
    try:
        build_game(load_game(folder), BuildOptions(out_dir=tmp_path / "out"))
    except DataError as exc:
        problems = exc.problems
    else:
        raise AssertionError("the build should fail")
    assert len(problems) == 1 and "spede" in problems[0].message
    assert not (tmp_path / "out" / "mini" / "cards.pdf").exists()


def test_a_declared_field_some_cards_lack_is_one_problem_naming_them(tmp_path: Path, run_cli) -> None:
    front = MINI_FRONT.replace("when: speed, ", "")  # no guard: Beta has no speed
    cards = MINI_CARDS + "  - {name: Gamma, type: hero}\n"
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": front, "cards.yaml": cards})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    lines = [ln for ln in err.splitlines() if "uses field 'speed'" in ln]
    assert len(lines) == 1, err
    assert lines[0].startswith("mini/cards.yaml:7:5: card 'Beta': template 'mini-front'")
    assert "which 2 cards do not have (this one, 'Gamma' (mini/cards.yaml:11:5))" in lines[0]
    assert "guard the element with 'when: speed'" in lines[0]


def test_schema_and_template_problems_in_the_same_run(tmp_path: Path, run_cli) -> None:
    cards = MINI_CARDS.replace("speed: 3", "speed: fast")  # a schema error: speed is an int
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": TYPO_FRONT, "cards.yaml": cards})
    code, out, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err + out
    assert "mini/cards.yaml:4:12: cards[0].speed:" in err
    assert "mini/templates/mini-front.yaml:8:5: template 'mini-front': uses field 'spede'" in err
    assert "2 problems found." in err
    assert "it affects" not in err  # the cards did not load, so no count is claimed


def test_a_broken_game_yaml_adds_no_template_noise(tmp_path: Path, run_cli) -> None:
    write_game(
        tmp_path / "mini",
        {"game.yaml": "name: mini\ntitle: [oops\n", "templates/mini-front.yaml": TYPO_FRONT},
    )
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    assert "spede" not in err
