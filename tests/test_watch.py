"""`deckwright watch GAME`: rebuild what changed, driven by injected change events (and one real
watcher, bounded by a timeout)."""

from __future__ import annotations

import queue
import shutil
import threading
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.core.options import BuildOptions
from generator.load.scaffold import new_game
from generator.serve import watch
from generator.serve.watch import Session

EXTRA_DECK = """
  - name: extra
    title: Extra
    size: poker
    template: front
    back: back
    cards: [extra.yaml]
"""
EXTRA_CARDS = "cards:\n  - {name: Spare Part, type: bonus, cost: 2, text: Keep it for later.}\n"


@pytest.fixture(scope="module")
def template_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter game with a second deck (so there is a deck to leave alone)."""
    folder = new_game("watched", tmp_path_factory.mktemp("games"))
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("\nsummary:", EXTRA_DECK + "\nsummary:", 1), encoding="utf-8")
    (folder / "extra.yaml").write_text(EXTRA_CARDS, encoding="utf-8")
    return folder


@pytest.fixture
def game(template_game: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "watched"
    shutil.copytree(template_game, folder)
    return folder


def _session(game: Path, tmp_path: Path) -> Session:
    session = Session(str(game), BuildOptions(out_dir=tmp_path / "out"))
    first = session.start()
    assert first.ok and first.scope == "kit", first.problems
    return session


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _text(pdf: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(pdf).pages)


def _stamps(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.iterdir()}


def test_a_card_edit_rebuilds_only_its_deck(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    out = tmp_path / "out" / "watched"
    before = _stamps(out)
    _edit(game / "cards.yaml", "Move up to **three** spaces.", "Move up to **four** spaces.")
    outcome = session.changed([game / "cards.yaml"])
    assert outcome.ok and outcome.scope == "decks: main"
    assert outcome.files == [out / "main.pdf"] and outcome.changed == [(game / "cards.yaml").resolve()]
    assert "four" in _text(out / "main.pdf")
    after = _stamps(out)
    assert after["main.pdf"] != before["main.pdf"]
    assert {k: v for k, v in after.items() if k != "main.pdf"} == {
        k: v for k, v in before.items() if k != "main.pdf"
    }


def test_the_other_deck_alone(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    _edit(game / "extra.yaml", "Keep it for later.", "Keep it for the end.")
    outcome = session.changed([game / "extra.yaml"])
    assert outcome.scope == "decks: extra" and [p.name for p in outcome.files] == ["extra.pdf"]


def test_a_template_edit_rebuilds_the_decks_that_use_it(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    text = (game / "back.yaml").read_text(encoding="utf-8")
    (game / "back.yaml").write_text(text + "\n# a comment changes no template\n", encoding="utf-8")
    outcome = session.changed([game / "back.yaml"])
    assert outcome.scope == "kit"  # the templates are equal: the change is placed nowhere, so all
    _edit(game / "front.yaml", "{name}", "{name|upper}")
    outcome = session.changed([game / "front.yaml"])
    assert outcome.ok and outcome.scope == "decks: main, extra"


def test_a_save_with_no_change_rebuilds_nothing(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    (game / "cards.yaml").touch()
    outcome = session.changed([game / "cards.yaml"])
    assert outcome.scope == "nothing" and outcome.files == []
    _edit(
        game / "cards.yaml",
        "  - name: Long Stride",
        "  # a comment moves the cards below it\n  - name: Long Stride",
    )
    outcome = session.changed([game / "cards.yaml"])
    assert outcome.ok and outcome.scope == "nothing" and outcome.changed == [(game / "cards.yaml").resolve()]


def test_other_files_and_size_changes_rebuild_the_kit(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    _edit(game / "summary.yaml", "title:", "title: ")
    assert session.changed([game / "summary.yaml"]).scope == "kit"
    _edit(game / "cards.yaml", "count: 3", "count: 4")  # the print guide counts the cards
    outcome = session.changed([game / "cards.yaml"])
    assert outcome.scope == "kit" and "print-guide.md" in [p.name for p in outcome.files]


def test_hidden_and_temporary_files_are_ignored(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    swap = game / ".cards.yaml.swp"
    swap.write_text("editor state")
    assert session.changed([swap]).changed == []
    gone = game / "sedAbC123"  # made and removed within one burst of saves
    assert session.changed([gone]).scope == "nothing"


def test_a_broken_save_keeps_the_last_good_files_and_keeps_watching(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    out = tmp_path / "out" / "watched"
    before = _stamps(out)
    _edit(game / "cards.yaml", "  - name: Lucky Find", "  - nme: Lucky Find")
    shown = []
    watch.run(session, [[game / "cards.yaml"]], shown.append)
    (broken,) = shown
    assert not broken.ok and broken.files == []
    assert any(p.file.endswith("cards.yaml") and p.line and "nme" in p.message for p in broken.problems)
    assert _stamps(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before)  # no temporary file left
    _edit(game / "cards.yaml", "  - nme: Lucky Find", "  - name: Lucky Find")
    assert session.changed([game / "cards.yaml"]).scope == "nothing"  # back to what was built
    _edit(game / "cards.yaml", "Never look back.", "Never look down.")
    fixed = session.changed([game / "cards.yaml"])
    assert fixed.ok and fixed.scope == "decks: main"


def test_text_that_does_not_fit_fails_the_deck_rebuild(game: Path, tmp_path: Path) -> None:
    session = _session(game, tmp_path)
    _edit(game / "cards.yaml", "Never look back.", "Never look back. " * 80)
    outcome = session.changed([game / "cards.yaml"])
    assert not outcome.ok and any("does not fit" in p.message for p in outcome.problems)


def test_the_cli_prints_problems_and_goes_on(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def batches(roots: list[Path], stop: object = None):
        assert game.resolve() in roots
        _edit(game / "cards.yaml", "  - name: Lucky Find", "  - nme: Lucky Find")
        yield {game / "cards.yaml"}
        _edit(game / "cards.yaml", "  - nme: Lucky Find", "  - name: Lucky Fund")
        yield {game / "cards.yaml"}

    monkeypatch.setattr(watch, "events", batches)
    result = CliRunner().invoke(app, ["watch", str(game), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0 and "Traceback" not in result.output
    lines = result.output.splitlines()
    assert "rebuilt the whole kit" in lines[0]
    assert any("cards.yaml:" in line and "'nme'" in line for line in lines)
    assert any("cards.yaml changed: not rebuilt; the last good files stay" in line for line in lines)
    assert "cards.yaml changed: rebuilt decks: main" in lines[-2] and "stopped watching" in lines[-1]


def test_an_unknown_game_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["watch", str(tmp_path / "nothing-here")])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_the_real_watcher_reports_a_save(tmp_path: Path) -> None:
    """watchfiles, end to end: a file written under the root comes out as a batch (bounded wait)."""
    stop = threading.Event()
    found: queue.Queue[set[Path]] = queue.Queue()

    def listen() -> None:
        for batch in watch.events([tmp_path], stop):
            found.put(batch)

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    target = tmp_path / "cards.yaml"
    batch: set[Path] = set()
    try:
        for n in range(60):  # the watcher may start after the first writes: write until it reports
            target.write_text(f"cards: []  # {n}\n")
            try:
                batch = found.get(timeout=0.5)
                break
            except queue.Empty:
                continue
    finally:
        stop.set()
        thread.join(timeout=10)
    assert target in batch
    assert not thread.is_alive()


def test_a_game_broken_at_the_start_is_built_once_fixed(game: Path, tmp_path: Path) -> None:
    _edit(game / "cards.yaml", "  - name: Lucky Find", "  - nme: Lucky Find")
    session = Session(str(game), BuildOptions(out_dir=tmp_path / "out"))
    first = session.start()
    assert not first.ok and first.problems and not (tmp_path / "out").exists()
    assert session.roots()[0] == game.resolve() and len(session.roots()) == 2  # and the bundled templates
    _edit(game / "cards.yaml", "  - nme: Lucky Find", "  - name: Lucky Find")
    fixed = session.changed([game / "cards.yaml"])
    assert fixed.ok and fixed.scope == "kit" and (tmp_path / "out" / "watched" / "main.pdf").is_file()


def test_a_ctrl_c_python_dropped_still_ends_the_watch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl+C whose KeyboardInterrupt was raised where Python ignores exceptions (an import
    lock's clean-up callback: seen in CI) is still seen by the watcher, which then ends."""
    from generator.core import interrupt

    monkeypatch.setitem(interrupt._state, "happened", True)
    ended = threading.Event()

    def listen() -> None:
        for _ in watch.events([tmp_path]):
            pass
        ended.set()

    threading.Thread(target=listen, daemon=True).start()
    assert ended.wait(timeout=10)
