"""`deckwright export GAME --cards FILE`: resolved cards, one row per copy, CSV or JSON."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core import paths
from generator.load.loader import load_game

runner = CliRunner()


def _run(*args: str):
    return runner.invoke(app, ["export", *args])


@pytest.mark.parametrize("name", paths.bundled_games())
def test_csv_has_one_row_per_copy_and_every_field(name: str, tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    result = _run(name, "--cards", str(target))
    assert result.exit_code == 0, result.output
    game = load_game(name)
    with target.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == sum(d.size for d in game.decks)
    by_design: dict[tuple[str, str], list[dict[str, str]]] = {}
    for row in rows:
        by_design.setdefault((row["deck"], row["name"]), []).append(row)
    for deck in game.decks:
        for card in deck.cards:
            copies = by_design[(deck.name, card.name)]
            assert [r["copy"] for r in copies][-card.count :] == [str(n) for n in range(1, card.count + 1)]
            assert copies[-1]["copies"] == str(card.count) and copies[-1]["type"] == card.type
            for key, value in card.fields.items():
                if isinstance(value, (str, int)) and not isinstance(value, bool):
                    assert copies[-1][key] == str(value)


def test_a_card_with_a_count_gives_that_many_rows(tmp_path: Path) -> None:
    game = next(
        load_game(n)
        for n in paths.bundled_games()
        if any(c.count > 1 for d in load_game(n).decks for c in d.cards)
    )
    card = next(c for d in game.decks for c in d.cards if c.count > 1)
    target = tmp_path / "out.json"
    assert _run(str(game.folder), "--cards", str(target)).exit_code == 0
    rows = json.loads(target.read_text(encoding="utf-8"))
    mine = [r for r in rows if r["deck"] == card.deck and r["name"] == card.name]
    assert [r["copy"] for r in mine] == list(range(1, card.count + 1))
    assert all(r["copies"] == card.count for r in mine)


def test_json_keeps_lists_and_csv_joins_them(tmp_path: Path) -> None:
    assert _run("road-runner", "--cards", str(tmp_path / "c.json")).exit_code == 0
    assert _run("road-runner", "--cards", str(tmp_path / "c.csv")).exit_code == 0
    rows = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    listed = next(r for r in rows if isinstance(r.get("keywords"), list) and len(r["keywords"]) > 1)
    with (tmp_path / "c.csv").open(encoding="utf-8", newline="") as handle:
        same = next(r for r in csv.DictReader(handle) if r["name"] == listed["name"])
    assert same["keywords"] == "; ".join(listed["keywords"])


def test_same_bytes_every_run(tmp_path: Path) -> None:
    for suffix in ("csv", "json"):
        assert _run("jokers-row", "--cards", str(tmp_path / f"a.{suffix}")).exit_code == 0
        assert _run("jokers-row", "--cards", str(tmp_path / f"b.{suffix}")).exit_code == 0
        assert (tmp_path / f"a.{suffix}").read_bytes() == (tmp_path / f"b.{suffix}").read_bytes()


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("cards.xlsx", "unknown file type '.xlsx'"),
        ("cards", "unknown file type '(none)'"),
        ("missing/cards.csv", "does not exist"),
        ("adir.csv", "that is a folder"),
        ("afile/cards.csv", "is not a folder"),
    ],
)
def test_bad_target_is_a_clear_usage_error(tmp_path: Path, target: str, words: str) -> None:
    (tmp_path / "adir.csv").mkdir()
    (tmp_path / "afile").write_text("a file, not a folder")
    result = _run("jokers-row", "--cards", str(tmp_path / target))
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_failed_export_leaves_the_earlier_file(tmp_path: Path) -> None:
    target = tmp_path / "cards.csv"
    target.write_text("earlier\n", encoding="utf-8")
    result = _run("no-such-game", "--cards", str(target))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert target.read_text(encoding="utf-8") == "earlier\n"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.csv"]


def test_no_export_asked_for(tmp_path: Path) -> None:
    result = _run("jokers-row")
    assert result.exit_code == 2 and "--cards" in result.output
