"""The kit parts in one language: the rule summary's, boards' and components' printed words.

A translation file's ``summary:``, ``boards:`` and ``components:`` sections map a printed text
of those files to its translation, keyed by the source text itself or by its key path in the
file (``sections[2].text``, handy for a long paragraph). The translations reach the part
loaders as :data:`generator.core.yamlio.OVERLAY` edits while a language's kit is built or
checked, so each part is validated, laid out and proofread in that language, and a problem in a
translated text is reported at the translator's line.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core import yamlio
from generator.core.errors import Problem, suggest
from generator.core.yamlio import Edit, Loc, format_loc, load_yaml
from generator.load.model import Game

if TYPE_CHECKING:  # the translation file's reader: only when a language is asked for
    from generator.lang.langfile import Text, Translation

PRINTED = frozenset(
    ("title", "subtitle", "text", "items", "rows", "columns", "labels", "note", "meaning", "footer")
)
"""Keys whose text (or list of texts) a part prints; every other value is a name, a colour, a
place, ... (a mapping under such a key, a text's style, is not printed)."""
HEADWORDS = frozenset(("terms",))
"""Mappings whose keys are printed too: the summary's glossary headwords."""
_LETTER = re.compile(r"[^\W\d_]")


def part_files(game: Game) -> dict[str, list[Path]]:
    """Section of the translation file -> the part files game.yaml names for it."""
    spec = game.extra.get("spec")
    if spec is None:
        return {}
    return {
        "summary": [game.folder / spec.summary] if spec.summary else [],
        "boards": [game.folder / name for name in spec.boards],
        "components": [game.folder / name for name in spec.components],
    }


def _printed(data: Any, section: str, loc: Loc = ()) -> Iterator[tuple[Loc, str]]:
    """(key path, text) of every printed text in a part file's data; a component's name and
    value (a counter's letters) are printed too."""
    if isinstance(data, dict):
        if loc and loc[-1] in HEADWORDS:
            yield from (((*loc, key), key) for key in data if _LETTER.search(key))
        for key, value in data.items():
            here = (*loc, key)
            piece = (
                section == "components" and key in ("name", "value") and len(loc) >= 2 and loc[-2] == "items"
            )
            if key in PRINTED or piece:
                yield from _texts(value, here)
            if isinstance(value, dict | list):
                yield from _printed(value, section, here)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _printed(value, section, (*loc, i))


def _texts(value: Any, loc: Loc) -> Iterator[tuple[Loc, str]]:
    if isinstance(value, str) and _LETTER.search(value):
        yield loc, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, (*loc, i))


def part_edits(game: Game, tr: Translation) -> tuple[dict[Path, list[Edit]], list[Problem], list[Problem]]:
    """The overlay edits of the translated part texts, the texts left out (located in the part
    files) and the translation's keys that match no printed text (located in its file)."""
    edits: dict[Path, list[Edit]] = {}
    missing: list[Problem] = []
    unknown: list[Problem] = []
    for section, files in part_files(game).items():
        given: dict[str, Text] = getattr(tr, section)
        used: set[str] = set()
        texts: list[str] = []
        for path in files:
            if not path.is_file():
                continue  # the part's own loader reports it
            doc = load_yaml(path)
            for loc, text in _printed(doc.data, section):
                texts.append(text)
                key = format_loc(loc)
                found = given.get(text) or given.get(key)
                if found is None:
                    line, col = doc.mark(loc)
                    message = f"{section} text at {key} ('{_short(text)}') has no '{tr.language}' translation"
                    missing.append(Problem(30, doc.file, line, col, key, f"{message}: add it to {tr.file}"))
                    continue
                used.update((text, key))
                where = (found.origin.file, found.origin.line, found.origin.column)
                edits.setdefault(path.resolve(), []).append((loc, found.text, where))
            if path.resolve() in edits:
                edits[path.resolve()] = _headwords(doc.data, edits[path.resolve()])
        for key in given:
            if key not in used:
                message = f"no printed {section} text '{_short(key)}'{suggest(key, texts)}"
                unknown.append(tr.problem((section, key), message))
    return edits, missing, unknown


def _headwords(data: Any, changes: list[Edit]) -> list[Edit]:
    """A headword is a mapping's key, which an overlay edit cannot rename: a mapping with a
    translated headword is replaced whole (its entries' translations put in, its order kept), at
    the first headword's line."""
    renames: dict[Loc, dict[str, str]] = {}
    wheres: dict[Loc, tuple[str, int, int]] = {}
    for loc, text, where in changes:
        if len(loc) >= 2 and loc[-2] in HEADWORDS and isinstance(_at(data, loc), dict):
            renames.setdefault(loc[:-1], {})[str(loc[-1])] = text
            wheres.setdefault(loc[:-1], where)
    whole = {
        base: {names.get(k, k): copy.deepcopy(v) for k, v in _at(data, base).items()}
        for base, names in renames.items()
    }
    out: list[Edit] = []
    for loc, text, where in changes:
        base = next((b for b in whole if loc[: len(b)] == b), None)
        if base is None:
            out.append((loc, text, where))
        elif len(loc) > len(base) + 1:  # an entry's text inside a renamed mapping
            key = str(loc[len(base)])
            entry = whole[base][renames[base].get(key, key)]
            for step in loc[len(base) + 1 : -1]:
                entry = entry[step]
            entry[loc[-1]] = text
    out += [(base, value, wheres[base]) for base, value in whole.items()]
    return out


def _at(data: Any, loc: Loc) -> Any:
    for step in loc:
        data = data[step] if isinstance(data, dict | list) else None
    return data


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."


@contextmanager
def overlaid(edits: dict[Path, list[Edit]]) -> Iterator[None]:
    """The part files read with ``edits`` applied while the block runs."""
    before = {path: yamlio.OVERLAY.get(path) for path in edits}
    for path, changes in edits.items():
        yamlio.OVERLAY[path] = [*(before[path] or []), *changes]
    try:
        yield
    finally:
        for path, old in before.items():
            if old is None:
                yamlio.OVERLAY.pop(path, None)
            else:
                yamlio.OVERLAY[path] = old
