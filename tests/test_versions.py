"""``deckwright diff`` and ``build --changed-since`` on a copy of Joker's Row in a temporary git
repository, with planted edits: a changed field and copies, removed cards, a renamed card, and
(in a later commit) a changed template."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _git(repo: Path, *args: str) -> str:
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }

    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, env={**os.environ, **env}
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tags v1 (Joker's Row as bundled, its card template in its own folder), v2 (card edits),
    v3 (a template edit); the work tree at v3 with one more uncommitted field edit."""
    top = tmp_path_factory.mktemp("versions") / "repo"
    game = top / "games" / "jr"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    (game / "templates").mkdir()
    shutil.copy(ROOT / "templates" / "playing-card.yaml", game / "templates")
    _git(top.parent, "init", "-q", str(top))
    _git(top, "add", ".")
    _git(top, "commit", "-qm", "v1")
    _git(top, "tag", "v1")
    cards = game / "cards.yaml"
    _edit(cards, "{name: Red Joker,", "{name: Crimson Joker,")  # renamed, nothing else
    _edit(cards, "player: second player's token}", "player: the second player's token, count: 2}")
    _edit(cards, '        - {rank: "2", value: 2}\n', "")  # the four 2s removed
    _edit(game / "summary.yaml", "Two players race", "Two rivals race")
    _git(top, "commit", "-qam", "v2")
    _git(top, "tag", "v2")
    _edit(game / "templates" / "playing-card.yaml", "    size: 20pt\n", "    size: 17pt\n")
    _git(top, "commit", "-qam", "v3")
    _git(top, "tag", "v3")
    return game


def test_cards_renamed_removed_and_changed_between_two_revisions(repo: Path, run_cli) -> None:
    code, out, err = run_cli("diff", repo, "v1", "v2", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["counts"] == {"added": 0, "removed": 4, "renamed": 1, "changed": 1}
    (deck,) = data["decks"]
    assert [c["name"] for c in deck["removed"]] == [
        f"2 of {s}" for s in ("spades", "hearts", "diamonds", "clubs")
    ]
    renamed, black = deck["changed"]
    assert (renamed["old_name"], renamed["name"], renamed["changes"]) == ("Red Joker", "Crimson Joker", [])
    assert black["changes"] == [
        {"path": "count", "kind": "changed", "old": 1, "new": 2},
        {
            "path": "player",
            "kind": "changed",
            "old": "second player's token",
            "new": "the second player's token",
        },
    ]
    assert deck["templates"] == {}
    (summary,) = data["files"]["summary: summary.yaml"]
    assert summary["path"] == "sections[title=The duel].text"
    assert summary["old"].startswith("Two players race") and summary["new"].startswith("Two rivals race")


def test_text_and_markdown_say_the_same(repo: Path, run_cli) -> None:
    code, text, _ = run_cli("diff", repo, "v1", "v2")
    assert code == 0
    assert "  ~ Red Joker renamed Crimson Joker\n" in text
    assert "      copies: 1 -> 2\n" in text
    assert "  - 2 of clubs (suited, 1 copy)\n" in text
    assert "sections[title=The duel].text: Two [-players-] {+rivals+} race" in text
    code, md, _ = run_cli("diff", repo, "v1", "v2", "--format", "markdown")
    assert md.startswith("# Joker's Row: what changed\n")
    assert "- Red Joker is now **Crimson Joker** (renamed only)" in md
    assert (
        '- **Black Joker**: `copies`: 1 → 2; `player`: "second player\'s token" → "the second player\'s token"'
        in md
    )
    assert "- **Removed:** ~~2 of spades~~ (suited, 1 copy)" in md
    assert "## Rule summary (`summary.yaml`)" in md
    assert run_cli("diff", repo, "v1", "v2", "--format", "markdown")[1] == md  # same input, same bytes


def test_a_changed_template_is_reported_under_its_deck(repo: Path, run_cli) -> None:
    _, out, _ = run_cli("diff", repo, "v2", "v3", "--format", "json")
    data = json.loads(out)
    assert data["counts"] == {"added": 0, "removed": 0, "renamed": 0, "changed": 0}
    changes = data["decks"][0]["templates"]["playing-card"]
    assert changes and {(c["old"], c["new"]) for c in changes} == {("20pt", "17pt")}
    assert all(c["path"].startswith("elements[") and c["path"].endswith("].size") for c in changes)


def test_the_work_tree_against_a_revision_and_two_folders(repo: Path, run_cli, tmp_path: Path) -> None:
    before = _git(repo, "status", "--porcelain")
    _edit(repo / "cards.yaml", "player: the second player's token", "player: the last player's token")
    try:
        code, out, _ = run_cli("diff", repo, "HEAD")
        assert code == 0 and "jokers-row: HEAD (" in out and "-> the game folder as it is" in out
        assert 'player: "the second player\'s token" -> "the last player\'s token"' in out
        old = tmp_path / "old"
        shutil.copytree(ROOT / "carddata" / "jokers-row", old)
        code, out, _ = run_cli("diff", repo, old, "--format", "json")
        assert json.loads(out)["counts"]["removed"] == 4
    finally:
        _git(repo, "checkout", "--", "cards.yaml")
    assert _git(repo, "status", "--porcelain") == before  # nothing left in the work tree
    code, out, _ = run_cli("diff", repo, "HEAD")
    assert code == 0 and out.endswith("no differences\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope~9"], "error: unknown revision 'nope~9' in the git repository"),
        (["v1", "--format", "yaml"], "Invalid value for '--format'"),
        (["HEAD~99"], "error: unknown revision 'HEAD~99'"),
    ],
)
def test_bad_revisions(repo: Path, run_cli, args: list[str], message: str) -> None:
    code, out, err = run_cli("diff", repo, *args)
    assert code != 0 and message in err and "Traceback" not in err + out


def test_not_a_repository_and_not_a_game(run_cli, tmp_path: Path) -> None:
    game = tmp_path / "loose"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    code, _, err = run_cli("diff", game, "HEAD~1")
    assert code == 2 and "is not in a git repository (give the old version as a folder)" in err
    (tmp_path / "empty").mkdir()
    code, _, err = run_cli("diff", game, tmp_path / "empty")
    assert code == 2 and "empty: folder has no game.yaml" in err and "Traceback" not in err


def test_a_revision_before_the_game_existed(repo: Path, run_cli) -> None:
    top = repo.parents[1]
    (top / "README").write_text("x\n")
    _git(top, "checkout", "-q", "--orphan", "empty")
    try:
        _git(top, "rm", "-rq", "--cached", ".")
        _git(top, "add", "README")
        _git(top, "commit", "-qm", "no game")
        _git(top, "tag", "nogame")
    finally:
        _git(top, "checkout", "-qf", "v3")
        _git(top, "clean", "-qfd")
    code, _, err = run_cli("diff", repo, "nogame")
    assert code == 2 and "the game folder games/jr did not exist at revision 'nogame'" in err


def _pages(pdf: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def test_reprint_holds_only_the_changed_faces(repo: Path, run_cli, tmp_path: Path) -> None:
    code, _, err = run_cli("build", repo, "--changed-since", "v1", "-o", tmp_path / "out")
    assert code == 0, err
    folder = tmp_path / "out" / "jokers-row-reprint"
    assert sorted(p.name for p in folder.iterdir()) == [".deckwright-kit", "cards.pdf", "print-guide.md"]
    guide = (folder / "print-guide.md").read_text()
    # v3's smaller ranks change every suited face since v1; the renamed joker prints its new
    # name, the black joker its new words, both jokers' copies with them
    assert "- Crimson Joker (1 copy): replaces every old Red Joker (1 copy); renamed, front changed." in guide
    assert "- Black Joker (2 copies): replaces every old Black Joker (1 copy); front changed." in guide
    assert "- 3 of spades (1 copy): replaces every old 3 of spades (1 copy); front changed." in guide
    assert "- 2 of hearts: all 1 copy (removed from the game)." in guide
    assert "--changed-since v1" in guide
    assert _pages(folder / "cards.pdf") == 2 * 6  # 51 cards, 9 a sheet, each sheet with its backs


def test_reprint_of_a_changed_template_against_an_old_folder(repo: Path, run_cli, tmp_path: Path) -> None:
    _git(repo.parents[1], "archive", "v2", "games/jr", "-o", str(tmp_path / "v2.tar"))
    subprocess.run(["tar", "-xf", str(tmp_path / "v2.tar"), "-C", str(tmp_path)], check=True)
    out = tmp_path / "out"
    code, _, err = run_cli(
        "build", repo, "--changed-since", tmp_path / "games" / "jr", "--layout", "gutterfold", "-o", out
    )
    assert code == 0, err
    folder = out / "jokers-row-reprint"
    assert sorted(p.name for p in folder.iterdir()) == [".deckwright-kit", "cards-gutterfold.pdf", "print-guide.md"]
    guide = (folder / "print-guide.md").read_text()
    assert guide.count("; front changed.") == 48 and "Joker" not in guide.split("## Replace")[1]
    assert "fold-and-glue" in guide
    code, said, _ = run_cli("build", repo, "--changed-since", "v3", "-o", out)
    assert code == 0 and "jokers-row: no card changed since v3" in said and "nothing to reprint" in said


def test_reprint_counts_new_copies_only_when_the_face_is_the_same(
    repo: Path, run_cli, tmp_path: Path
) -> None:
    _edit(
        repo / "cards.yaml",
        "player: the second player's token, count: 2}",
        "player: the second player's token, count: 3}",
    )
    try:
        code, _, err = run_cli("build", repo, "--changed-since", "HEAD", "-o", tmp_path / "out")
    finally:
        _git(repo, "checkout", "--", "cards.yaml")
    assert code == 0, err
    guide = (tmp_path / "out" / "jokers-row-reprint" / "print-guide.md").read_text()
    assert "- Black Joker: 1 copy more (face unchanged; keep the old 2 copies)." in guide
    assert _pages(tmp_path / "out" / "jokers-row-reprint" / "cards.pdf") == 2


def test_reprint_refuses_only_and_printshop(repo: Path, run_cli) -> None:
    code, _, err = run_cli("build", repo, "--changed-since", "v1", "--only", "Black Joker")
    assert code == 2 and "--changed-since writes reprint sheets" in err


def test_changed_regions_are_boxed_where_the_pixels_differ() -> None:
    from PIL import Image, ImageDraw

    from generator.versions.faces import CELL, changed_boxes

    old = Image.new("RGB", (200, 280), "white")
    new = old.copy()
    ImageDraw.Draw(new).rectangle((20, 30, 50, 40), fill="black")  # a word added
    ImageDraw.Draw(new).point((150, 250), fill="#f4f4f4")  # below the threshold: noise
    (box,) = changed_boxes(old, new)
    assert box[0] <= 20 and box[1] <= 30 and box[2] >= 51 and box[3] >= 41
    assert box[2] - box[0] <= 31 + 2 * CELL and box[3] - box[1] <= 11 + 2 * CELL
    assert changed_boxes(old, old.copy()) == []
    assert changed_boxes(old, Image.new("RGB", (100, 100))) == [(0, 0, 100, 100)]


def test_pdf_draws_each_changed_card_old_beside_new(repo: Path, run_cli, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    pdf = tmp_path / "changes.pdf"
    code, _, err = run_cli("diff", repo, "v1", "v2", "--pdf", pdf)
    assert code == 0, err
    assert "wrote changes.pdf (6 pairs of faces, old beside new)" in err
    doc = pdfium.PdfDocument(pdf)
    try:
        text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        assert len(doc) == 2  # four pairs to a page
    finally:
        doc.close()
    assert "Red Joker -> Crimson Joker (renamed, deck cards)" in text
    assert "only its name changed" in text
    assert "Black Joker (changed, deck cards)" in text and "copies: 1 -> 2" in text
    assert "2 of clubs (removed, deck cards)" in text and "(not in this version)" in text
    first = pdf.read_bytes()
    run_cli("diff", repo, "v1", "v2", "--pdf", pdf)
    assert pdf.read_bytes() == first  # same input, same bytes


def test_the_commands_of_the_versions_page_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/versions.md's shell blocks run in order in a scratch folder (git lines too), a card
    edited, renamed and removed after the first block, as the page tells the reader to."""
    import re
    import shlex

    from typer.testing import CliRunner

    from generator.cli import app

    monkeypatch.chdir(tmp_path)
    page = (ROOT / "docs" / "versions.md").read_text(encoding="utf-8")
    found = re.findall(r"(<!-- not run: [^>]+-->\n)?^```sh\n(.*?)^```", page, re.S | re.M)
    blocks = [body for excused, body in found if not excused]
    assert len(blocks) == 2 and len(found) == 3
    ran = []
    for n, block in enumerate(blocks):
        for line in filter(None, (x.strip() for x in block.splitlines())):
            words = shlex.split(line)
            if words[0] == "git":
                _git(tmp_path, *words[1:])
                continue
            if words[1] == "build":
                words += ["-o", str(tmp_path / "output")]  # never into the checkout's output/
            result = CliRunner().invoke(app, words[1:])
            assert result.exit_code == 0, f"{line}\n{result.output}"
            ran.append(words[1])
        if n == 0:
            cards = tmp_path / "my-game" / "cards.yaml"
            _edit(cards, "    count: 3\n", "    count: 4\n")
            _edit(cards, "name: Long Stride", "name: Long Leap")
            text = cards.read_text()
            cards.write_text(text[: text.index("  - name: Lucky Find")])  # the last card
    assert ran == ["new", "diff", "diff", "diff", "build"]
    changelog = (tmp_path / "my-game" / "CHANGES.md").read_text()
    assert "Long Stride is now **Long Leap**" in changelog and "~~Lucky Find~~" in changelog
    assert "`copies`: 3 → 4" in changelog
    guide = (tmp_path / "output" / "my-game-reprint" / "print-guide.md").read_text()
    assert "Long Leap (2 copies): replaces every old Long Stride (2 copies); renamed, front changed." in guide
    assert "Quick Step: 1 copy more (face unchanged; keep the old 3 copies)." in guide


def test_a_bundled_template_changed_in_the_same_repository(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game bundled with Deckwright takes its templates from the repository's templates/: the
    old version reads them at the revision too."""
    from generator.core import paths

    top = tmp_path / "checkout"
    shutil.copytree(ROOT / "templates", top / "templates")
    shutil.copytree(ROOT / "carddata" / "jokers-row", top / "carddata" / "jokers-row")
    _git(tmp_path, "init", "-q", str(top))
    _git(top, "add", ".")
    _git(top, "commit", "-qm", "v1")
    monkeypatch.setattr(paths, "TEMPLATES", top / "templates")
    _edit(top / "templates" / "playing-card.yaml", "    size: 20pt\n", "    size: 18pt\n")
    code, out, err = run_cli("diff", top / "carddata" / "jokers-row", "HEAD")
    assert code == 0, err
    assert '      elements[3].size: "20pt" -> "18pt"\n' in out
    assert "template jokers-row-back" not in out  # the unchanged back is read at HEAD, equal
    assert _git(top, "status", "--porcelain") == " M templates/playing-card.yaml\n"


def test_a_revision_that_does_not_load_names_its_files_as_git_does(tmp_path: Path, run_cli) -> None:
    game = tmp_path / "repo" / "jr"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    good = (game / "cards.yaml").read_text()
    (game / "cards.yaml").write_text(good + "cards: [\n")
    _git(tmp_path, "init", "-q", str(tmp_path / "repo"))
    _git(game, "add", ".")
    _git(game, "commit", "-qm", "broken")
    (game / "cards.yaml").write_text(good)
    code, out, err = run_cli("diff", game, "HEAD")
    assert code == 1 and "HEAD:jr/cards.yaml:30:1: YAML syntax error" in err
    assert "deckwright-version-" not in err and "Traceback" not in err + out


def test_a_changed_back_is_shown_once_for_the_cards_that_share_it() -> None:
    from PIL import Image, ImageDraw

    from generator.load.model import Card, Origin
    from generator.versions.faces import FaceChange, changed_boxes, pairs

    def card(name: str) -> Card:
        return Card(name, "t", 1, "d", {}, Origin("cards.yaml"))

    front = Image.new("RGB", (60, 80), "white")
    old_back, new_back = Image.new("RGB", (60, 80), "navy"), Image.new("RGB", (60, 80), "navy")
    ImageDraw.Draw(new_back).ellipse((20, 30, 40, 50), fill="gold")
    boxes = changed_boxes(old_back, new_back)
    faces = []
    for name in ("Alpha", "Beta", "Gamma"):
        face = FaceChange("d", card(name), card(name), front, front, [], True, new_back, old_back, boxes)
        faces.append(face)
    faces[2].front_boxes = [(0, 0, 10, 10)]  # Gamma's front changed as well
    shown = pairs(faces)
    assert [(p.side, p.title) for p in shown] == [
        ("front", "Gamma"),
        ("back", "the back of 3 cards: Alpha, Beta, Gamma"),
    ]
    assert shown[1].face.new_front is new_back and shown[1].face.front_boxes == boxes


def test_files_marked_export_ignore_are_read_all_the_same(tmp_path: Path, run_cli) -> None:
    game = tmp_path / "repo" / "jr"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    (tmp_path / "repo" / ".gitattributes").write_text("*.yaml export-ignore\n")
    _git(tmp_path, "init", "-q", str(tmp_path / "repo"))
    _git(game.parent, "add", ".")
    _git(game.parent, "commit", "-qm", "v1")
    code, out, err = run_cli("diff", game, "HEAD")
    assert code == 0 and out.endswith("no differences\n"), err


def test_cards_renamed_with_the_same_face_are_kept(tmp_path: Path, run_cli) -> None:
    game = tmp_path / "repo" / "jr"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    _git(tmp_path, "init", "-q", str(tmp_path / "repo"))
    _git(game, "add", ".")
    _git(game, "commit", "-qm", "v1")
    _edit(game / "cards.yaml", 'name: "{rank} of {suit}"', 'name: "{rank} of {suit} (suited)"')
    _edit(game / "cards.yaml", "player: second player's token}", "player: the second player's token}")
    code, _, err = run_cli("build", game, "--changed-since", "HEAD", "-o", tmp_path / "out")
    assert code == 0, err
    guide = (tmp_path / "out" / "jokers-row-reprint" / "print-guide.md").read_text()
    assert "- Black Joker (1 copy): replaces every old Black Joker (1 copy); front changed." in guide
    renamed = guide.split("## Renamed, nothing to print\n")[1].split("\n## ")[0]
    assert renamed.count("its face is the same, keep the old cards.") == 52
    assert "- A of hearts is now called A of hearts (suited): its face" in renamed
    assert _pages(tmp_path / "out" / "jokers-row-reprint" / "cards.pdf") == 2


def test_two_cards_of_one_name_are_compared_each_with_its_own(tmp_path: Path, run_cli) -> None:
    game = tmp_path / "repo" / "jr"
    shutil.copytree(ROOT / "carddata" / "jokers-row", game)
    second = "  - {name: Black Joker, type: joker, color: black, symbol: joker, player: spare token}\n"
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text() + second)
    _git(tmp_path, "init", "-q", str(tmp_path / "repo"))
    _git(game, "add", ".")
    _git(game, "commit", "-qm", "v1")
    _edit(game / "cards.yaml", "player: spare token}", "player: the spare token}")
    code, out, err = run_cli("diff", game, "HEAD", "--format", "json", "--pdf", tmp_path / "c.pdf")
    assert code == 0, err
    (changed,) = json.loads(out)["decks"][0]["changed"]
    assert changed["changes"] == [
        {"path": "player", "kind": "changed", "old": "spare token", "new": "the spare token"}
    ]
    assert "(1 pair of faces, old beside new)" in err  # the first Black Joker's face is unchanged
