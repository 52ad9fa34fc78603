"""Safe YAML loading: every value a plain string (typed later by the schema), positions kept.

The loader composes YAML nodes (never constructs Python objects, so no tag can run code or
guess a type), refuses anchors, aliases and merge keys (so an alias bomb cannot exhaust memory),
refuses oversize files, and reports duplicate keys with both lines. The result is plain data
(dict / list / str / None) plus a map from key path to (line, column) for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DataError, Problem, display_path

try:  # libyaml is much faster and keeps node positions just the same
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

MAX_BYTES = 8 * 1024 * 1024

_PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map", "merge")
)

Loc = tuple[str | int, ...]


@dataclass
class Document:
    """A loaded YAML file: its data and where each value was written."""

    file: str
    data: Any
    marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)

    def mark(self, loc: Loc) -> tuple[int, int]:
        """(line, column) of the value at ``loc``, or of its nearest located parent."""
        loc = tuple(loc)
        while loc:
            if loc in self.marks:
                return self.marks[loc]
            loc = loc[:-1]
        return self.marks.get((), (1, 1))

    def problem(
        self, loc: Loc, message: str, rank: int = 50, base: Loc = (), at_key: bool = False
    ) -> Problem:
        """A Problem at ``base + loc`` with the key path spelled ``cards[3].speed``.

        ``at_key`` points at the key itself rather than its value (for unknown keys).
        """
        full = tuple(base) + tuple(loc)
        line, col = self.key_marks.get(full) if at_key and full in self.key_marks else self.mark(full)
        return Problem(rank, self.file, line, col, format_loc(full), message)


def format_loc(loc: Loc) -> str:
    """``('cards', 3, 'speed')`` -> ``cards[3].speed``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def load_yaml(path: Path | str) -> Document:
    """Load one YAML file safely; raise DataError with every problem found."""
    path = Path(path)
    shown = display_path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError([Problem(10, shown, 0, 0, "", f"cannot read file: {exc.strerror}")]) from None
    if size > MAX_BYTES:
        raise DataError(
            [
                Problem(
                    10,
                    shown,
                    0,
                    0,
                    "",
                    f"file is {size / 1e6:.1f} MB; the limit is {MAX_BYTES // 2**20} MiB "
                    "- split it into several files",
                )
            ]
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            [Problem(10, shown, 0, 0, "", f"not UTF-8 text (byte {exc.start}): save the file as UTF-8")]
        ) from None
    return parse_yaml(text, shown)


def parse_yaml(text: str, shown: str = "<string>") -> Document:
    """Parse YAML text (see :func:`load_yaml`)."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        what = exc.problem or "invalid YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        raise DataError([Problem(5, shown, line, col, "", f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(5, shown, 0, 0, "", f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
    doc = Document(shown, None)
    if root is None:
        return doc
    builder = _Builder(doc)
    doc.data = builder.build(root, ())
    if builder.problems:
        raise DataError(builder.problems)
    return doc


class _Builder:
    """Turns composed nodes into plain data, recording marks and collecting problems."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.problems: list[Problem] = []
        self.seen: set[int] = set()

    def _err(self, node: yaml.Node, loc: Loc, message: str) -> None:
        m = node.start_mark
        self.problems.append(Problem(5, self.doc.file, m.line + 1, m.column + 1, format_loc(loc), message))

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        self.doc.marks[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if node.tag not in _PLAIN_TAGS:
            self._err(node, loc, f"YAML tags such as '{node.tag}' are not supported: write plain values")
            return None
        if isinstance(node, yaml.ScalarNode):
            if node.value == "" and node.style not in ("'", '"'):
                return None
            return node.value
        if id(node) in self.seen:
            self._err(
                node,
                loc,
                "anchors and aliases (&name / *name) are not supported: "
                "write the value out, or use 'extends:' in templates",
            )
            return None
        self.seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
        return self._mapping(node, loc)

    def _mapping(self, node: yaml.MappingNode, loc: Loc) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self._err(key_node, loc, "a key must be a plain name, not a list or mapping")
                continue
            key = key_node.value
            if key == "<<" and key_node.tag == "tag:yaml.org,2002:merge":
                self._err(key_node, loc, "merge keys ('<<') are not supported: write the keys out")
                continue
            line = key_node.start_mark.line + 1
            if key in first_line:
                self._err(
                    key_node,
                    (*loc, key),
                    f"duplicate key '{key}' (first written at line {first_line[key]}, "
                    f"again at line {line}): remove one of them",
                )
                continue
            first_line[key] = line
            self.doc.key_marks[(*loc, key)] = (line, key_node.start_mark.column + 1)
            if id(value_node) in self.seen:
                self._err(
                    key_node,
                    (*loc, key),
                    "anchors and aliases (&name / *name) are not "
                    "supported: write the value out, or use 'extends:' in templates",
                )
                continue
            out[key] = self.build(value_node, (*loc, key))
            if not isinstance(value_node, yaml.ScalarNode) or out[key] is None:
                # point at the key for collections and empty values, at the value otherwise
                self.doc.marks[(*loc, key)] = (line, key_node.start_mark.column + 1)
        return out
