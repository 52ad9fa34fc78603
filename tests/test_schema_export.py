"""`deckwright schema`: a JSON Schema per file kind; every bundled file validates against its own."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.core import paths
from generator.schema.export import KINDS, schema_for, schema_text

ROOT = Path(__file__).resolve().parents[1]


def _plain(path: Path) -> object:
    """The file as an editor's YAML server sees it: JSON values, dates as text."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


def bundled_files() -> list[tuple[str, Path]]:
    """Every bundled YAML file with the kind its game (or folder) says it is."""
    found: list[tuple[str, Path]] = []
    for name in paths.bundled_games():
        folder = ROOT / "carddata" / name
        game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        found.append(("game", folder / "game.yaml"))
        for deck in game["decks"]:
            sources = deck["cards"] if isinstance(deck["cards"], list) else [deck["cards"]]
            files = [s if isinstance(s, str) else s["file"] for s in sources]
            found += [("cards", folder / f) for f in files if f.endswith((".yaml", ".yml"))]
        found += [("board", folder / f) for f in game.get("boards", [])]
        found += [("components", folder / f) for f in game.get("components", []) + game.get("sheets", [])]
        for key in ("summary", "constraints"):
            if game.get(key):
                found.append((key, folder / game[key]))
        found += [("log", p) for p in sorted((folder / "playtests").glob("*.yaml"))]
    found += [("template", p) for p in sorted((ROOT / "templates").glob("*.yaml"))]
    found += [("fonts", p) for p in sorted((ROOT / "fonts").glob("*.yaml"))]
    return sorted(set(found))


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_schema_is_valid_draft_2020_12(kind: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema_for(kind))


def test_bundled_files_cover_every_kind() -> None:
    kinds = {kind for kind, _ in bundled_files()}
    assert kinds == set(KINDS)


@pytest.mark.parametrize(("kind", "path"), bundled_files(), ids=lambda v: str(v).split("Deckwright")[-1])
def test_bundled_file_validates_against_its_schema(kind: str, path: Path) -> None:
    validator = jsonschema.Draft202012Validator(schema_for(kind))
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(_plain(path))
    ]
    assert errors == [], f"{path}: {errors[:5]}"


def test_schema_rejects_a_misspelt_key_and_a_wrong_type() -> None:
    validator = jsonschema.Draft202012Validator(schema_for("game"))
    good = {"name": "x", "title": "X", "decks": [{"name": "d", "template": "t", "cards": ["c.yaml"]}]}
    assert not list(validator.iter_errors(good))
    assert list(validator.iter_errors({**good, "titel": "X"}))  # unknown key
    assert list(validator.iter_errors({**good, "decks": "d"}))  # wrong type


def test_cli_writes_one_file_per_kind_same_bytes_every_run(tmp_path: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["schema", "-o", str(tmp_path / "a")])
    second = runner.invoke(app, ["schema", "-o", str(tmp_path / "b")])
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(f"{k}.schema.json" for k in KINDS)
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        assert (tmp_path / "a" / name).read_text(encoding="utf-8") == schema_text(name.split(".")[0])


def test_cli_unwritable_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(app, ["schema", "-o", str(blocker / "sub")])
    assert result.exit_code != 0
    assert "cannot write" in result.output
    assert "Traceback" not in result.output
