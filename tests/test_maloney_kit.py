"""Maloney's kit beside the cards: enough money for six heirs plus a bank, pieces that fit the
board, the notary's ledger, the summary and aids; and the whole kit builds on Letter."""

from __future__ import annotations

from pathlib import Path

import yaml
from pypdf import PdfReader

from generator.core import paths

GAME = paths.CARDDATA / "maloney"
START = {"$1,000": 7, "$500": 6, "$100": 5}  # the rulebook's $10,500


def groups() -> dict[str, dict]:
    data = yaml.safe_load((GAME / "components.yaml").read_text(encoding="utf-8"))
    return {g["name"]: g for g in data["groups"]}


def test_money_for_six_heirs_and_a_bank():
    notes = {i["name"]: i["count"] for i in groups()["money"]["items"]}
    assert sum(int(n.strip("$").replace(",", "")) * k for n, k in START.items()) == 10_500
    for name, per_heir in START.items():
        assert notes[name] > 6 * per_heir  # six heirs, and the bank keeps some
    assert [i["value"] for i in groups()["money"]["items"]] == ["1,000", "500", "100"]


def test_pieces_fit_the_board():
    board = yaml.safe_load((GAME / "board.yaml").read_text(encoding="utf-8"))
    score = next(f for f in board["features"] if f.get("id") == "score")
    space = float(score["space"].removesuffix("mm"))
    marker = groups()["scores"]["size"]
    assert float(marker["width"].removesuffix("mm")) < space  # a score marker fits a track space
    assert len(groups()["scores"]["items"]) == 6
    pieces = {i["name"] for g in ("car", "pawn", "testament") for i in groups()[g]["items"]}
    assert pieces == {"Car", "Weekday", "Testament"}


def test_the_ledger_has_a_column_per_heir_and_a_row_per_day():
    first, second = groups()["ledger"]["items"]
    assert len(first["columns"]) == 6 and len(first["rows"]) >= 28
    # the second page goes on where the first stops (issue 32: it restarted at day 1)
    assert second["columns"] == first["columns"]
    assert second["rows"] == list(range(first["rows"][-1] + 1, first["rows"][-1] + 1 + len(second["rows"])))


def test_the_whole_kit_builds_on_letter_with_gutterfold_backs(run_cli, tmp_path: Path):
    code, _, err = run_cli(
        "build", "maloney", "--paper", "letter", "--layout", "gutterfold", "--output", tmp_path
    )
    assert code == 0, err
    kit = tmp_path / "maloney"
    for name in (
        "actions-gutterfold",
        "suitcases-gutterfold",
        "jokers-gutterfold",
        "map-tiled",
        "money",
        "standees",
        "markers",
        "counters",
        "sheets",
        "rules-summary",
        "player-aids",
    ):
        assert len(PdfReader(kit / f"{name}.pdf").pages) >= 1, name
    guide = (kit / "print-guide.md").read_text(encoding="utf-8")
    assert "594 x 420 mm" in guide and "for LETTER paper" in guide
    assert not (kit / "map.pdf").exists() and "map.pdf is not made" in guide  # 5 pt on one Letter sheet
    summary = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(kit / "rules-summary.pdf").pages)
    for fact in ("69 points", "$10,500", "12", "double", "$2,000", "$1,000 = 1 point"):
        assert fact in summary, fact


def test_the_player_aid_is_one_card_of_what_a_player_needs():
    """One aid card per heir with the day's order and the days and pieces that change it (it was
    five cards repeating the summary, setup included)."""
    from generator.art.fonts import FontBook
    from generator.load.loader import load_game
    from generator.summary import layout_aids, load_summary
    from tests.cardfaces import text_ops, words

    game = load_game("maloney")
    aids = layout_aids(load_summary(game.folder / "summary.yaml", game), FontBook.load(game.font_dirs))
    assert len(aids.faces) == 1 and aids.overflows == ()
    text = " ".join(words(op) for op in text_ops(aids.faces[0]))
    for fact in ("$100", "double", "$2,000", "69 points", "$1,000", "Testament", "tie is shared", "Joker"):
        assert fact in text, fact
    assert "Setup" not in text and "SETUP" not in text
