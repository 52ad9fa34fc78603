"""Where bundled data lives and how a GAME argument becomes a game folder."""

from __future__ import annotations

import os
from pathlib import Path

from generator.errors import UsageError

ROOT = Path(os.environ.get("DECKWRIGHT_HOME", Path(__file__).resolve().parent.parent))
CARDDATA = ROOT / "carddata"
TEMPLATES = ROOT / "templates"
FONTS = ROOT / "fonts"
ICONS = TEMPLATES / "icons"
OUTPUT = ROOT / "output"
GAME_FILE = "game.yaml"


def bundled_games() -> list[str]:
    """Names of the games shipped in carddata/."""
    if not CARDDATA.is_dir():
        return []
    return sorted(p.name for p in CARDDATA.iterdir() if (p / GAME_FILE).is_file())


def local_games(where: Path | None = None) -> list[Path]:
    """Game folders directly inside ``where`` (default: the working directory)."""
    where = where or Path.cwd()
    found = [p for p in sorted(where.iterdir()) if p.is_dir() and (p / GAME_FILE).is_file()]
    if (where / GAME_FILE).is_file():
        found.insert(0, where)
    return [p for p in found if p.resolve().parent != CARDDATA.resolve()]


def resolve_game(spec: str) -> Path:
    """A bundled game's name or the path of a game folder (or of its game.yaml)."""
    path = Path(spec).expanduser()
    if path.is_file() and path.name == GAME_FILE:
        path = path.parent
    if path.is_dir():
        if (path / GAME_FILE).is_file():
            return path
        raise UsageError(f"{spec}: folder has no {GAME_FILE}; a game folder needs one")
    if (CARDDATA / spec / GAME_FILE).is_file():
        return CARDDATA / spec
    from generator.schema.messages import suggest  # pydantic: only on this error path

    names = bundled_games()
    raise UsageError(
        f"unknown game '{spec}'{suggest(spec, names)}: give a bundled game "
        f"({', '.join(names) or 'none found'}) or the path of a folder with a {GAME_FILE}"
    )
