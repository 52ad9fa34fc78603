"""Fonts installed on this computer, by family name (Squib's ``font: 'Times New Roman'``).

Looked up only for a family no ``fonts.yaml`` defines: fontconfig (``fc-list``) where it is
installed, else the operating system's standard font folders read with fontTools. A style such as
"Black" or "Condensed Bold" makes its own family ("Montserrat Black", "DejaVu Sans Condensed")
with the bold and italic styles Deckwright knows, as the bundled fonts do. A kit set in such a font
depends on the machine it is built on: the print guide says so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

SUFFIXES = (".ttf", ".otf", ".woff", ".ttc")  # .ttc: a collection, several faces in one file
_STYLE_WORDS = {"regular", "normal", "book", "roman", "plain", "bold", "italic", "oblique"}


class Installed(NamedTuple):
    """An installed face: its file and, in a collection (``.ttc``), its number there."""

    path: Path
    index: int = 0

    def __str__(self) -> str:
        return f"{self.path} (face {self.index})" if self.index else str(self.path)


_FOUND: dict[tuple[str, ...], dict[str, dict[str, Installed]]] = {}


def folders() -> list[Path]:
    """Where this operating system keeps installed fonts (the user's first)."""
    home = Path(os.path.expanduser("~"))
    if sys.platform == "darwin":
        return [home / "Library" / "Fonts", Path("/Library/Fonts"), Path("/System/Library/Fonts")]
    if sys.platform.startswith("win"):
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData" / "Local"))
        windir = Path(os.environ.get("WINDIR", "C:/Windows"))
        return [local / "Microsoft" / "Windows" / "Fonts", windir / "Fonts"]
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return [data / "fonts", home / ".fonts", Path("/usr/local/share/fonts"), Path("/usr/share/fonts")]


def style_of(family: str, style: str) -> tuple[str, str]:
    """(family, style key) for a font's family and style names: ("Montserrat", "Black Italic")
    -> ("Montserrat Black", "italic")."""
    words = style.replace("-", " ").split()
    lowered = {w.lower() for w in words}
    bold = "bold" in lowered
    italic = bool(lowered & {"italic", "oblique"})
    rest = [w for w in words if w.lower() not in _STYLE_WORDS]
    name = " ".join([family, *rest]) if rest else family
    key = "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
    return name, key


def installed(where: list[Path] | None = None) -> dict[str, dict[str, Installed]]:
    """Family -> style -> file of every usable font installed (cached per process)."""
    dirs = where if where is not None else folders()
    key = tuple(str(d) for d in dirs)
    if key not in _FOUND:
        entries = _fontconfig() if where is None else None
        if entries is None:
            entries = list(_scan(dirs))
        found: dict[str, dict[str, Installed]] = {}
        for family, style, path, index in sorted(entries, key=lambda e: (e[0], e[1], str(e[2]), e[3])):
            if path.suffix.lower() not in SUFFIXES:
                continue
            name, style_key = style_of(family, style)
            found.setdefault(name, {}).setdefault(style_key, Installed(path, index))
        _FOUND[key] = {f: s for f, s in found.items() if "regular" in s}
    return _FOUND[key]


def find(family: str, where: list[Path] | None = None) -> dict[str, Installed] | None:
    """The installed styles of ``family`` (matched in any case), or None."""
    fonts = installed(where)
    if family in fonts:
        return fonts[family]
    folded = {f.casefold(): f for f in fonts}
    match = folded.get(family.casefold())
    return fonts[match] if match else None


def _fontconfig() -> list[tuple[str, str, Path, int]] | None:
    """(family, style, file, face number) of each font fontconfig knows, or None without it."""
    tool = shutil.which("fc-list")
    if tool is None:
        return None
    try:
        listed = subprocess.run(
            [tool, "--format", "%{family[0]}\t%{style[0]}\t%{file}\t%{index}\n"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    out = []
    for line in listed.splitlines():
        parts = line.split("\t")
        if len(parts) == 4 and all(parts[:3]):
            index = int(parts[3]) if parts[3].isdigit() else 0
            out.append((parts[0], parts[1], Path(parts[2]), index))
    return out


def _scan(dirs: list[Path]):
    """(family, style, file, face number) of each font under ``dirs``, from its name table."""
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() not in SUFFIXES or not path.is_file():
                continue
            try:
                yield from _names(path)
            except Exception:  # a broken or foreign file in a font folder is passed over
                continue


def _names(path: Path):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        with TTCollection(path, lazy=True) as collection:
            fonts = list(collection.fonts)
            named = [(_family_style(font), index) for index, font in enumerate(fonts)]
    else:
        with TTFont(path, lazy=True, fontNumber=0) as font:
            named = [(_family_style(font), 0)]
    for (family, style), index in named:
        if family:
            yield family, style, path, index


def _family_style(font) -> tuple[str | None, str]:
    names = font["name"]
    family = names.getDebugName(16) or names.getDebugName(1)
    return family, names.getDebugName(17) or names.getDebugName(2) or "Regular"
