"""`deckwright new NAME`: a starter game that checks and builds as written, and never overwrites."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.schema.export import schema_for

runner = CliRunner()


def test_new_game_checks_builds_and_teaches(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "trial-run", "--into", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "trial-run"
    assert sorted(p.name for p in folder.iterdir()) == [
        "back.yaml",
        "cards.yaml",
        "front.yaml",
        "game.yaml",
        "summary.yaml",
    ]
    for path in folder.iterdir():
        assert path.read_text(encoding="utf-8").startswith("#"), f"{path.name} opens without a comment"
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    assert game["name"] == "trial-run" and game["title"] == "Trial Run"

    check = runner.invoke(app, ["check", str(folder)])
    assert check.exit_code == 0, check.output
    assert "6 cards" in check.output
    build = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / "out")])
    assert build.exit_code == 0, build.output
    for pdf in ("cards.pdf", "rules-summary.pdf"):
        assert (tmp_path / "out" / "trial-run" / pdf).stat().st_size > 1000


def test_new_game_files_match_their_schemas(tmp_path: Path) -> None:
    assert runner.invoke(app, ["new", "schema-game", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "schema-game"
    for file, kind in [
        ("game", "game"),
        ("cards", "cards"),
        ("front", "template"),
        ("back", "template"),
        ("summary", "summary"),
    ]:
        data = json.loads(json.dumps(yaml.safe_load((folder / f"{file}.yaml").read_text(encoding="utf-8"))))
        assert not list(jsonschema.Draft202012Validator(schema_for(kind)).iter_errors(data)), file


def test_new_refuses_an_existing_folder_and_leaves_it(tmp_path: Path) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "game.yaml").write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["new", "taken", "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert "already exists" in result.output and "Traceback" not in result.output
    assert [p.name for p in folder.iterdir()] == ["game.yaml"]
    assert (folder / "game.yaml").read_text(encoding="utf-8") == "mine\n"


def test_new_refuses_a_bad_name_and_a_file_as_into(tmp_path: Path) -> None:
    bad = runner.invoke(app, ["new", "My Game", "--into", str(tmp_path)])
    assert bad.exit_code == 2 and "cannot name a game" in bad.output
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    into_file = runner.invoke(app, ["new", "ok", "--into", str(blocker)])
    assert into_file.exit_code == 2 and "not a folder" in into_file.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_every_field_type_the_starter_comment_offers_is_accepted() -> None:
    """The starter game.yaml's comment lists field types; each one compiles (it once offered a
    'float' that the schema then refused)."""
    import re

    from generator.load.scaffold import GAME as GAME_YAML
    from generator.schema.fieldtypes import TypeCompiler

    comment = GAME_YAML.split("# Card fields and their types:", 1)[1].split("# A `?`", 1)[0]
    offered = [
        t.strip() for t in re.sub(r"\s*\([0-9.]+\)|#|\.\.\.", "", comment).replace("\n", " ").split(",")
    ]
    offered = [t for t in re.split(r",\s*(?![^()]*\))", ", ".join(offered)) if t.strip()]
    assert {"text", "int", "number", "bool", "choice(a, b)", "list(text)", "map(text, int)"} <= {
        t.strip() for t in offered
    }
    for expr in offered:
        TypeCompiler({}).field(expr.strip())  # raises for a type the schema refuses
