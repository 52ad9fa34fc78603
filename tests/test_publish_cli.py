"""Whole-kit publishing as a user meets it: build, watch and export --png, with the swap failing at
each step, a deck removed from game.yaml, and the message saying what is on disk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.core.options import BuildOptions
from generator.serve.watch import Session
from tests.conftest import MINI_GAME, write_game
from tests.test_publish import _failing_rename, hidden, snapshot

TOKENS_DECK = """  - name: tokens
    size: mini euro
    template: mini-front
    back: mini-back
    cards: [tokens.yaml]
"""
TOKENS = "cards:\n  - {name: Token, type: hero, text: A token.}\n"


@pytest.fixture
def two_decks(tmp_path: Path) -> Path:
    return write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + TOKENS_DECK, "tokens.yaml": TOKENS})


def _renames_of(calls: list[tuple[str, str]], name: str) -> list[tuple[str, str]]:
    return [c for c in calls if name in c]


def test_a_deck_removed_from_game_yaml_leaves_no_old_pdf(run_cli, two_decks: Path, tmp_path: Path):
    assert run_cli("build", two_decks, "-o", tmp_path / "out")[0] == 0
    kit = tmp_path / "out" / "mini"
    assert sorted(p.name for p in kit.iterdir()) == [
        ".deckwright-kit",
        "cards.pdf",
        "print-guide.md",
        "tokens.pdf",
    ]
    write_game(two_decks)  # game.yaml without the tokens deck
    code, _, err = run_cli("build", two_decks, "-o", tmp_path / "out")
    assert code == 0, err
    assert sorted(p.name for p in kit.iterdir()) == [".deckwright-kit", "cards.pdf", "print-guide.md"]
    assert hidden(kit.parent) == []


@pytest.mark.parametrize("fail_at", [1, 2])
def test_a_build_whose_swap_fails_keeps_the_old_kit_and_says_so(
    run_cli, two_decks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int
):
    """A locked or immutable file in the kit makes one of the two renames fail."""
    out = tmp_path / "out"
    assert run_cli("build", two_decks, "-o", out, "--paper", "letter")[0] == 0
    before = snapshot(out / "mini")
    calls = _failing_rename(monkeypatch, {fail_at})
    code, stdout, err = run_cli("build", two_decks, "-o", out)
    assert code == 1 and "Traceback" not in err
    assert "mini: cannot replace this folder (Operation not permitted)" in err
    assert "mini: not built; earlier output left as it was." in err and "wrote" not in stdout
    assert snapshot(out / "mini") == before and hidden(out) == []
    assert len(_renames_of(calls, "mini")) == (1 if fail_at == 1 else 3)  # aside, in (fails), back


def test_a_swap_that_cannot_be_undone_says_where_the_kit_is_and_the_next_build_recovers(
    run_cli, two_decks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    out = tmp_path / "out"
    assert run_cli("build", two_decks, "-o", out, "--paper", "letter")[0] == 0
    before = snapshot(out / "mini")
    _failing_rename(monkeypatch, {2, 3})
    code, _, err = run_cli("build", two_decks, "-o", out)
    assert code == 1
    assert (
        f"mini: not built; the earlier output is in out/.mini.deckwright-old-{os.getpid()}: the next build"
        in err
    )
    assert "earlier output left as it was" not in err
    monkeypatch.undo()
    assert not (out / "mini").exists()
    write_game(two_decks, {"templates/mini-front.yaml": "elements: [{type: text}]"})  # a broken game
    code, _, err = run_cli("build", two_decks, "-o", out)
    assert code == 1 and "earlier output left as it was" in err
    assert snapshot(out / "mini") == before and hidden(out) == []  # put back even by a failed build


def test_a_kit_file_that_became_a_folder_does_not_stop_the_build(run_cli, two_decks: Path, tmp_path: Path):
    out = tmp_path / "out"
    assert run_cli("build", two_decks, "-o", out)[0] == 0
    (out / "mini" / "tokens.pdf").unlink()
    (out / "mini" / "tokens.pdf").mkdir()
    code, _, err = run_cli("build", two_decks, "-o", out)
    assert code == 0, err
    assert (out / "mini" / "tokens.pdf").read_bytes().startswith(b"%PDF")


def test_the_game_folder_is_never_replaced_by_its_kit(run_cli, two_decks: Path, tmp_path: Path):
    before = snapshot(two_decks)
    code, _, err = run_cli("build", two_decks, "-o", tmp_path)  # the kit folder would be the game's
    assert code == 1 and "Traceback" not in err
    assert "a file a build does not write; the folder has no .deckwright-kit" in " ".join(err.split())
    assert snapshot(two_decks) == before and hidden(tmp_path) == []


def test_watch_rebuilds_one_deck_into_a_whole_kit(two_decks: Path, tmp_path: Path, monkeypatch):
    session = Session(str(two_decks), BuildOptions(out_dir=tmp_path / "out"))
    assert session.start().ok
    kit = tmp_path / "out" / "mini"
    before = snapshot(kit)
    (two_decks / "tokens.yaml").write_text(TOKENS.replace("A token.", "A new token."))
    outcome = session.changed([two_decks / "tokens.yaml"])
    assert outcome.scope == "decks: tokens" and [p.name for p in outcome.files] == ["tokens.pdf"]
    after = snapshot(kit)
    assert after.keys() == before.keys() and after["tokens.pdf"] != before["tokens.pdf"]
    assert {k: v for k, v in after.items() if k != "tokens.pdf"} == {
        k: v for k, v in before.items() if k != "tokens.pdf"
    }
    assert hidden(kit.parent) == []
    (two_decks / "tokens.yaml").write_text(TOKENS.replace("A token.", "Yet another token."))
    _failing_rename(monkeypatch, {2, 3})
    failed = session.changed([two_decks / "tokens.yaml"])
    assert not failed.ok and "cannot replace this folder" in failed.error
    assert failed.on_disk.startswith("the earlier output is in ")
    monkeypatch.undo()
    assert session.changed([two_decks / "tokens.yaml"]).ok  # the next rebuild puts it back first
    assert snapshot(kit).keys() == before.keys() and hidden(kit.parent) == []


def test_export_png_whose_swap_fails_keeps_the_earlier_export(
    run_cli, two_decks: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    assert run_cli("export", two_decks, "--png", tmp_path / "png", "--dpi", "36")[0] == 0
    before = snapshot(tmp_path / "png")
    (two_decks / "tokens.yaml").write_text(TOKENS.replace("Token", "Coin"))
    _failing_rename(monkeypatch, {2})
    code, _, err = run_cli("export", two_decks, "--png", tmp_path / "png", "--dpi", "36")
    assert code == 2 and "Traceback" not in err
    assert "--png: " in err and "cannot replace this folder" in err and "earlier output left as it was" in err
    monkeypatch.undo()
    assert snapshot(tmp_path / "png") == before and hidden(tmp_path / "png") == []
    assert run_cli("export", two_decks, "--png", tmp_path / "png", "--dpi", "36")[0] == 0
    assert any("coin" in name for name in snapshot(tmp_path / "png"))
