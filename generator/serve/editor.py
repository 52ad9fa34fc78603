"""Links that open a file at its line in the designer's editor, for each problem and card "where"
on the preview page.

The editor is named by ``serve --editor``, else by ``$DECKWRIGHT_EDITOR``, ``$VISUAL`` or
``$EDITOR`` (its command's name: ``code --wait`` is VS Code). Editors that answer a URL scheme get
links (``vscode://file/...:12:5``); a template of one's own may be given instead, with ``{path}``,
``{line}`` and ``{column}``. A terminal editor (vim, nano) answers no URL: the page then shows the
place as text to copy, and no link.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from urllib.parse import quote

from generator.core.errors import UsageError

SCHEMES = {
    "vscode": "vscode://file{path}:{line}:{column}",
    "vscodium": "vscodium://file{path}:{line}:{column}",
    "cursor": "cursor://file{path}:{line}:{column}",
    "windsurf": "windsurf://file{path}:{line}:{column}",
    "zed": "zed://file{path}:{line}:{column}",
    "sublime": "subl://open?url=file://{path}&line={line}&column={column}",
    "textmate": "txmt://open?url=file://{path}&line={line}&column={column}",
    "jetbrains": "idea://open?file={path}&line={line}&column={column}",
}
"""The editors whose URL scheme opens a file at a line, by the name ``--editor`` takes."""
COMMANDS = {
    "code": "vscode", "code-insiders": "vscode", "codium": "vscodium", "cursor": "cursor",
    "windsurf": "windsurf", "zed": "zed", "zeditor": "zed", "subl": "sublime", "sublime_text": "sublime",
    "mate": "textmate", "idea": "jetbrains", "pycharm": "jetbrains", "charm": "jetbrains",
    "webstorm": "jetbrains",
}  # fmt: skip
"""An editor's command (as ``$EDITOR`` names it) -> its name here."""


def choose(named: str | None) -> str:
    """The link template for ``--editor`` (a name, a command or a template) or, without it, for
    the editor the environment names; "" when that editor answers no URL. UsageError for an
    ``--editor`` that is none of those."""
    if named is not None:
        found = _template(named)
        if found is None:
            known = ", ".join(sorted(SCHEMES))
            raise UsageError(
                f"--editor {named!r} is no editor the preview can link to: use one of {known}, or a "
                "URL template with {path} and {line} (vscode://file{path}:{line}), or leave it out"
            )
        return found
    for variable in ("DECKWRIGHT_EDITOR", "VISUAL", "EDITOR"):
        value = os.environ.get(variable, "").strip()
        if value:
            return _template(value) or ""
    return ""


def _template(value: str) -> str | None:
    if "{path}" in value and "://" in value:
        return value
    try:
        words = shlex.split(value)
    except ValueError:
        return None
    command = Path(words[0]).name.lower() if words else ""
    name = command if command in SCHEMES else COMMANDS.get(command.removesuffix(".exe"))
    return SCHEMES[name] if name else None


def link(template: str, file: str | Path, line: int, column: int = 0) -> str:
    """The URL that opens ``file`` at ``line`` (and ``column``), or "" (no editor, no file)."""
    if not template or not file:
        return ""
    path = quote(Path(file).resolve().as_posix(), safe="/:")
    filled = template.replace("{path}", path).replace("{line}", str(max(line, 1)))
    return filled.replace("{column}", str(max(column, 1)))
