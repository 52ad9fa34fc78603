"""A folder is published whole (``generator.kit.publish``): every failure of the swap, the leftovers of
dead runs, carrying over files a partial run did not write, and what the messages say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.kit.publish import KEPT, MARKER, PublishError, leftovers, recover, recover_all, staging


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder`` by relative path: a file's bytes, a folder as None (not the
    marker saying Deckwright wrote the folder: ``tests/test_hostile_files.py`` looks at it)."""
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
        if p.name != MARKER
    }


def hidden(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def publish(final: Path, files: dict[str, str], carry_over: bool = False) -> None:
    with staging(final, carry_over) as stage:
        for name, text in files.items():
            stage.place(final / name).write_text(text)


OLD = {"cards.pdf": "old cards", "print-guide.md": "old guide", "shop/a.png": "old a"}
NEW = {"cards.pdf": "new cards", "print-guide.md": "new guide", "board.pdf": "new board"}


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    final = tmp_path / "out" / "mini"
    publish(final, OLD)
    return final


def test_a_new_kit_replaces_the_old_one_whole(kit: Path):
    publish(kit, NEW)
    assert {k: v for k, v in snapshot(kit).items() if v is not None} == {
        k: v.encode() for k, v in NEW.items()
    }
    assert hidden(kit.parent) == []  # staging and the old folder are gone


def test_an_error_inside_the_block_changes_nothing(kit: Path):
    before = snapshot(kit)
    with pytest.raises(RuntimeError), staging(kit) as stage:
        stage.place(kit / "cards.pdf").write_text("half")
        raise RuntimeError("drawing failed")
    assert snapshot(kit) == before and hidden(kit.parent) == []


def _failing_rename(monkeypatch: pytest.MonkeyPatch, fail_at: set[int]) -> list[tuple[str, str]]:
    """Make the n-th call of os.rename (1-based) fail for each n in ``fail_at``; log the calls."""
    calls: list[tuple[str, str]] = []
    real = os.rename

    def rename(src, dst) -> None:
        calls.append((Path(src).name, Path(dst).name))
        if len(calls) in fail_at:
            raise PermissionError(1, "Operation not permitted")
        real(src, dst)

    monkeypatch.setattr(os, "rename", rename)
    return calls


@pytest.mark.parametrize("fail_at", [{1}, {2}])
def test_a_failed_rename_leaves_the_old_kit(kit: Path, monkeypatch: pytest.MonkeyPatch, fail_at: set[int]):
    """1: the old folder cannot be moved aside (a locked file); 2: the new one cannot be moved in
    (the old one is then moved back)."""
    before = snapshot(kit)
    calls = _failing_rename(monkeypatch, fail_at)
    with pytest.raises(PublishError) as raised:
        publish(kit, NEW)
    assert "mini: cannot replace this folder (Operation not permitted)" in str(raised.value)
    assert raised.value.on_disk == KEPT
    assert snapshot(kit) == before and hidden(kit.parent) == []
    assert len(calls) == (1 if fail_at == {1} else 3)  # aside, in (fails), back


def test_when_even_the_way_back_fails_the_message_says_where_the_kit_is(kit: Path, monkeypatch):
    before = snapshot(kit)
    _failing_rename(monkeypatch, {2, 3})
    with pytest.raises(PublishError) as raised:
        publish(kit, NEW)
    aside = f".mini.deckwright-old-{os.getpid()}"
    assert raised.value.on_disk.startswith(f"the earlier output is in {kit.parent / aside}: the next build")
    assert not kit.exists() and hidden(kit.parent) == [aside]
    monkeypatch.undo()
    recover(kit)  # what the next run does first
    assert snapshot(kit) == before and hidden(kit.parent) == []


def test_a_kit_file_that_became_a_folder_is_replaced(kit: Path):
    (kit / "cards.pdf").unlink()
    (kit / "cards.pdf").mkdir()
    (kit / "cards.pdf" / "inner.pdf").write_text("x")
    publish(kit, NEW)
    assert (kit / "cards.pdf").read_text() == "new cards"


def test_a_partial_run_carries_the_other_files_over(kit: Path):
    publish(kit, {"cards.pdf": "new cards"}, carry_over=True)
    assert snapshot(kit) == {**snapshot_of(OLD), "cards.pdf": b"new cards"}
    assert os.stat(kit / "print-guide.md").st_nlink == 1  # the old folder is gone, its links too


def snapshot_of(files: dict[str, str]) -> dict[str, bytes | None]:
    found: dict[str, bytes | None] = {}
    for name, text in files.items():
        parts = Path(name).parts
        for i in range(1, len(parts)):
            found[str(Path(*parts[:i]))] = None
        found[name] = text.encode()
    return dict(sorted(found.items()))


def test_a_run_that_writes_nothing_changes_nothing(kit: Path):
    before = snapshot(kit)
    with staging(kit):
        pass
    assert snapshot(kit) == before


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_leftovers_of_dead_runs_are_removed_and_live_ones_kept(kit: Path):
    dead, live = _dead_pid(), os.getppid()
    for kind, pid in (("staging", dead), ("old", dead), ("staging", live)):
        (kit.parent / f".mini.deckwright-{kind}-{pid}").mkdir()
        (kit.parent / f".mini.deckwright-{kind}-{pid}" / "cards.pdf").write_text("stale")
    (kit.parent / ".other.deckwright-staging-1").mkdir()  # another folder's: not ours to judge here
    (kit.parent / f".mini.old-{dead}").mkdir()  # the user's own, not named as ours
    (kit.parent / f".mini.deckwright-old-{dead}x").mkdir()
    expected = [f".mini.deckwright-old-{dead}", f".mini.deckwright-staging-{dead}"]
    assert sorted(p.name for p in leftovers(kit)) == expected
    publish(kit, NEW)
    assert hidden(kit.parent) == [
        f".mini.deckwright-old-{dead}x",
        f".mini.deckwright-staging-{live}",
        f".mini.old-{dead}",
        ".other.deckwright-staging-1",
    ]


def test_only_folders_named_as_ours_are_ever_put_back(tmp_path: Path):
    dead = _dead_pid()
    (tmp_path / f".notes.old-{dead}").mkdir()  # a user's backup beside a missing 'notes'
    (tmp_path / f".bashrc.deckwright-old-{dead}").write_text("a file, not our folder")
    recover_all(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f".bashrc.deckwright-old-{dead}",
        f".notes.old-{dead}",
    ]


def test_a_swap_killed_between_its_renames_is_put_back(kit: Path):
    """The folder missing and the old one aside: the state a kill between the renames leaves."""
    before = snapshot(kit)
    dead = _dead_pid()
    os.rename(kit, kit.parent / f".mini.deckwright-old-{dead}")
    (kit.parent / f".mini.deckwright-staging-{dead}").mkdir()
    recover(kit)
    assert snapshot(kit) == before and hidden(kit.parent) == []


def test_a_folder_with_files_a_build_does_not_write_is_not_replaced(kit: Path):
    (kit / "notes.txt").write_text("mine")
    with pytest.raises(PublishError) as raised:
        publish(kit, NEW)
    assert "mini/notes.txt, which is not among the files Deckwright wrote there" in str(raised.value)
    assert "move your files out or choose another output folder" in str(raised.value)
    assert (kit / "notes.txt").read_text() == "mine" and hidden(kit.parent) == []


def test_old_hidden_partial_files_are_dropped(kit: Path):
    (kit / ".cards.pdf.x1y2.tmp").write_text("partial")  # what earlier versions left after a kill
    publish(kit, NEW)
    assert not (kit / ".cards.pdf.x1y2.tmp").exists()
    (kit / ".cards.pdf.x1y2.tmp").write_text("partial")
    publish(kit, {"cards.pdf": "again"}, carry_over=True)
    assert not (kit / ".cards.pdf.x1y2.tmp").exists()


def test_recover_all_puts_back_every_folder_a_dead_run_left_aside(tmp_path: Path):
    dead = _dead_pid()
    for name in ("alpha", "beta"):
        publish(tmp_path / name, {"cards.pdf": name})
    os.rename(tmp_path / "alpha", tmp_path / f".alpha.deckwright-old-{dead}")
    (tmp_path / f".beta.deckwright-staging-{dead}").mkdir()
    recover_all(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alpha", "beta"]
    assert (tmp_path / "alpha" / "cards.pdf").read_text() == "alpha"


def test_a_kit_folder_that_is_a_symbolic_link_stays_one(tmp_path: Path):
    real = tmp_path / "synced" / "mini"
    publish(real, OLD)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mini").symlink_to(real, target_is_directory=True)
    publish(tmp_path / "out" / "mini", NEW)
    assert (tmp_path / "out" / "mini").is_symlink()
    assert (real / "board.pdf").read_text() == "new board" and not (real / "shop").exists()
    assert hidden(real.parent) == [] and hidden(tmp_path / "out") == []
