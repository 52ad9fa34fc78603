"""The proofreader's typography rule (issue 31): widows and one element fitted at very different
sizes across a deck, as warnings naming the cards; planted in a small game, with clean cases."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.core import paths
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.proof import typography
from generator.proof.settings import Settings
from tests.conftest import MINI_FRONT, write_game

FRONT = MINI_FRONT.replace("size: 14pt,", "size: 14pt, min_size: 6pt,").replace(
    "size: 11pt, min_size: 7pt", "size: 11pt"
)
"""The mini game's front with a title that shrinks to fit and a body text at one size."""
TITLE_LINE, TEXT_LINE = 7, 9


@pytest.fixture
def greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text fitting without its widow control (issue 32): the rule judges whatever a layout
    gives, so its widows are planted in greedy layouts, as a fitter without that control (or a
    box with no room for it) leaves them."""
    from generator.text import fit

    monkeypatch.setattr(fit, "_no_widows", lambda lines, wrapped, limit, spare: wrapped)


def _cards(*cards: tuple[str, str]) -> str:
    return "cards:\n" + "".join(f'  - name: "{n}"\n    type: hero\n    text: "{t}"\n' for n, t in cards)


def _check(tmp_path: Path, *cards: tuple[str, str]) -> list:
    folder = write_game(tmp_path / "mini", {"cards.yaml": _cards(*cards), "templates/mini-front.yaml": FRONT})
    game = load_game(str(folder))
    return typography.check(game, proof_parts(game), Settings())


def test_the_fitter_gives_the_planted_widows_company(tmp_path: Path) -> None:
    """With widow control on, the same texts end on two words or more: no finding."""
    found = _check(
        tmp_path,
        ("Dash", "Move your car two spaces forward, then draw one card now."),
        ("Rush", "Move your car two spaces forward, then draw one card at once."),
    )
    assert found == []


def test_a_short_word_alone_on_the_last_line_is_a_widow(tmp_path: Path, greedy: None) -> None:
    found = _check(
        tmp_path,
        ("Dash", "Move your car two spaces forward, then draw one card now."),  # 'now.' alone
        ("Rush", "Move your car two spaces forward, then draw one card at once."),  # 'once.' alone
        ("Calm", "Move your car two spaces forward, then draw one card, reveal it and keep it."),
    )
    assert len(found) == 1 and found[0].severity == "warning" and found[0].rule == "typography"
    assert found[0].origin.line == TEXT_LINE and found[0].file.endswith("mini-front.yaml")
    assert "(a widow) on the front of 2 cards of 'cards' ('Dash' (now.), 'Rush' (once.))" in found[0].message


def test_a_full_last_line_a_hard_break_and_a_long_last_word_are_no_widows(tmp_path: Path) -> None:
    found = _check(
        tmp_path,
        ("Calm", "Move your car two spaces forward, then draw one card, reveal it and keep it."),
        ("Roll", "Roll the die and move\\nback."),  # the designer's break, not the fitter's
        ("Long", "Move your car two spaces forward, then draw one card immediately."),
        ("One", "Draw a card."),
    )
    assert found == []


def test_titles_fitted_at_very_different_sizes_are_uneven(tmp_path: Path) -> None:
    found = _check(
        tmp_path,
        ("Ox", "Go."),
        ("Yak", "Go."),
        ("The Extraordinarily Long Name Of The Rusty Old Contraption", "Go."),
    )
    assert len(found) == 1 and found[0].severity == "warning" and found[0].origin.line == TITLE_LINE
    message = found[0].message
    assert message.startswith("fitted at very different sizes on the front of 'cards': 14 pt on 2 cards, ")
    assert (
        "of the largest (under 80%: 'The Extraordinarily Long Name Of The Rusty Old Contraption')" in message
    )


def test_titles_of_similar_lengths_are_even(tmp_path: Path) -> None:
    found = _check(tmp_path, ("Ox", "Go."), ("Yak", "Go."), ("The Rusty Old Contraption", "Go."))
    assert found == []


def test_a_bundled_card_reworded_loses_its_widow(tmp_path: Path, greedy: None) -> None:
    """Road Runner's 'Zoom!' set greedily ends 'closer.' alone; the same card reworded does not."""
    folder = tmp_path / "road-runner"
    shutil.copytree(paths.CARDDATA / "road-runner", folder, ignore=shutil.ignore_patterns("__pycache__"))

    def zoom() -> list[str]:
        game = load_game(str(folder))
        return [
            f.message
            for f in typography.check(game, proof_parts(game), Settings())
            if "'Zoom!' (closer.)" in f.message
        ]

    assert len(zoom()) == 1
    cards = folder / "cards.yaml"
    text = cards.read_text()
    assert "the horizon comes closer." in text
    cards.write_text(text.replace("the horizon comes closer.", "the horizon closes in."))
    assert zoom() == []


def test_check_prints_the_warning_and_exits_0(tmp_path: Path, run_cli, greedy: None) -> None:
    write_game(
        tmp_path / "mini",
        {
            "cards.yaml": _cards(("Dash", "Move your car two spaces forward, then draw one card now.")),
            "templates/mini-front.yaml": FRONT,
        },
    )
    code, out, err = run_cli("check", str(tmp_path / "mini"))
    assert f"mini-front.yaml:{TEXT_LINE}:5: warning: proof typography: a short word alone" in out + err
    assert code == 0
    code, _, _ = run_cli("check", str(tmp_path / "mini"), "--strict")
    assert code == 1
