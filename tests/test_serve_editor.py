"""`deckwright serve --editor`: each problem's and card's "where" links to the file at its line in
the designer's editor (VS Code and others by their URL scheme, or a template of one's own)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.errors import UsageError
from generator.serve.editor import choose, link
from tests.serving import Served, card_named, line_of


@pytest.mark.parametrize(
    ("named", "url"),
    [
        ("vscode", "vscode://file/tmp/g/cards.yaml:12:5"),
        ("code --wait", "vscode://file/tmp/g/cards.yaml:12:5"),
        ("/usr/bin/subl -w", "subl://open?url=file:///tmp/g/cards.yaml&line=12&column=5"),
        ("pycharm", "idea://open?file=/tmp/g/cards.yaml&line=12&column=5"),
        ("myeditor://{path}#L{line}", "myeditor:///tmp/g/cards.yaml#L12"),
    ],
)
def test_editors_by_name_command_or_template(named: str, url: str) -> None:
    assert link(choose(named), "/tmp/g/cards.yaml", 12, 5) == url


def test_the_environment_names_the_editor(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("DECKWRIGHT_EDITOR", "VISUAL", "EDITOR"):
        monkeypatch.delenv(variable, raising=False)
    assert choose(None) == ""
    monkeypatch.setenv("EDITOR", "vim")
    assert choose(None) == ""  # a terminal editor answers no link: the place is shown as text
    monkeypatch.setenv("VISUAL", "codium")
    assert choose(None).startswith("vscodium://file")
    assert link(choose(None), "/tmp/a b.yaml", 0) == "vscodium://file/tmp/a%20b.yaml:1:1"


def test_an_unknown_editor_is_refused_with_what_to_use(preview_game: Path) -> None:
    with pytest.raises(UsageError, match="vscode"):
        choose("notepad")
    result = CliRunner().invoke(app, ["serve", str(preview_game), "--editor", "notepad", "--port", "0"])
    assert result.exit_code == 2 and "--editor 'notepad' is no editor" in result.output
    assert "Traceback" not in result.output


def test_problems_cards_and_fields_link_to_their_lines(preview_game: Path, tmp_path: Path) -> None:
    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    served = Served(folder, tmp_path / "out")
    served.preview.editor = choose("vscode")
    try:
        served.save("cards.yaml", "cost: 2", "cost: fast")
        state = served.state()
        [problem] = state["problems"]
        cards = folder.resolve() / "cards.yaml"
        line = line_of(cards, "cost: fast")
        assert problem["open"] == f"vscode://file{cards.as_posix()}:{line}:11"
        stride = card_named(state, "Long Stride")
        assert stride["open"] == f"vscode://file{cards.as_posix()}:{line_of(cards, 'Long Stride')}:5"
        data = json.loads(served.get(f"/api/card?id={stride['id']}")[2])
        text = next(f for f in data["fields"] if f["name"] == "text")
        assert text["open"] == f"vscode://file{cards.as_posix()}:{line_of(cards, 'three')}:11"
        assert (
            data["templates"][0]["open"]
            == f"vscode://file{(folder.resolve() / 'front.yaml').as_posix()}:{line_of(folder / 'front.yaml', 'description:')}:1"
        )
    finally:
        served.server.stop()
