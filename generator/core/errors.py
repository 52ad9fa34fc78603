"""The exception hierarchy and the Problem record every user-facing error is made of.

Only the CLI prints problems and chooses exit codes: 1 for data errors, 2 for usage errors.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

QUOTE_LIMIT = 60
"""At most this many characters of a value are quoted in a message (see :func:`clip`)."""
MESSAGE_LIMIT = 1000
"""A problem's text is cut after this many characters, whatever it quotes."""
SHOWN_PER_FILE = 50
"""At most this many problems of one file are printed (the rest counted, see :func:`shown`)."""


def _escaped(char: str) -> str:
    code = ord(char)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    )


_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction controls: they reorder what a terminal shows after them."""


def _hidden(char: str) -> bool:
    return (unicodedata.category(char) in ("Cc", "Zl", "Zp") and char != "\t") or char in _BIDI


def visible(text: str) -> str:
    """``text`` with every control character but tab (C0, DEL, C1), line or paragraph separator and
    direction control written as an escape (``\\x1b``, ``\\n``, ``\\u202e``): a value quoted in a
    message can neither drive the terminal nor start a line of its own. Other text (accents, emoji,
    a no-break space) is left as it is."""
    if text.isprintable() or not any(_hidden(c) for c in text):
        return text
    return "".join(_escaped(c) if _hidden(c) else c for c in text)


def clip(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as text, shortened to ``limit`` characters (saying how long it was), its control
    characters escaped (:func:`visible`)."""
    text = visible(str(value))
    if len(text) <= limit:
        return text
    return f"{text[: limit - 3]}... ({len(text):,} characters)"


def suggest(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a close match exists, else ''."""
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{match[0]}'?)" if match else ""


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the user's input, located as precisely as we can.

    ``line`` and ``column`` are 1-based; 0 means unknown. ``path`` is the key path inside the
    file (``cards[12].speed``). ``rank`` orders problems: lower is more useful to show first.
    """

    rank: int = field(compare=True)
    file: str = field(compare=True)
    line: int = field(compare=True)
    column: int = field(compare=True)
    path: str = field(default="", compare=True)
    message: str = field(default="", compare=True)
    severity: str = field(default="error", compare=False)
    cell: str = field(default="", compare=True)
    """A spreadsheet cell such as ``Cards!C12``, shown instead of line:column (which then hold
    the row and column number, so problems still sort in sheet order)."""

    def location(self) -> str:
        if self.cell:
            return f"{self.file or '<input>'}:{self.cell}"
        parts = [self.file or "<input>"]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        prefix = "" if self.severity == "error" else f"{self.severity}: "
        text = visible(f"{self.location()}: {prefix}{where}{self.message}")
        if len(text) > MESSAGE_LIMIT:
            text = f"{text[: MESSAGE_LIMIT - 40]}... (message cut: {len(text):,} characters)"
        return text


def shown(problems: list[Problem], per_file: int = SHOWN_PER_FILE) -> list[Problem | str]:
    """``problems`` in order, at most ``per_file`` of each file, each file's rest counted on a line
    after its last one shown: a file with 20,000 mistakes prints the first ones and a count."""
    counts: dict[str, int] = {}
    for p in problems:
        counts[p.file] = counts.get(p.file, 0) + 1
    out: list[Problem | str] = []
    seen: dict[str, int] = {}
    for p in problems:
        seen[p.file] = seen.get(p.file, 0) + 1
        if seen[p.file] <= per_file:
            out.append(p)
        if seen[p.file] == counts[p.file] and counts[p.file] > per_file:
            rest = counts[p.file] - per_file
            out.append(
                visible(f"{p.file or '<input>'}: {rest:,} more problem{'s' if rest != 1 else ''} not shown")
            )
    return out


def display_path(path: str | Path) -> str:
    """Show a path relative to the working directory when it lies inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


class DeckwrightError(Exception):
    """Base class of every error Deckwright reports to a user without a traceback."""

    exit_code = 1


class DataError(DeckwrightError):
    """Raised when game data (YAML, templates, art) is invalid; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(DeckwrightError):
    """Raised when the command line asks for something that cannot be done (unknown game, bad option)."""

    exit_code = 2


class BuildError(DeckwrightError):
    """Raised when a build fails after validation (an image that cannot be read, a write error)."""


def problem(file: str | Path, line: int, column: int, path: str, message: str, rank: int = 50) -> Problem:
    """Convenience constructor with the file shown relative to the working directory."""
    return Problem(rank, display_path(file) if file else "", line, column, path, message)
