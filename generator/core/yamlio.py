"""Safe YAML loading: every value a plain string (typed later by the schema), positions kept.

The loader composes YAML nodes (never constructs Python objects, so no tag can run code or
guess a type), refuses anchors, aliases and merge keys (so an alias bomb cannot exhaust memory),
refuses oversize files, and reports duplicate keys with both lines. The result is plain data
(dict / list / str / None) plus a map from key path to (line, column) for error messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.core.errors import DataError, Problem, display_path

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

_PLAIN_TAGS_OR_BARE = _PLAIN_TAGS | {"!"}
"""The tags ``_Builder._tag_ok`` lets pass, besides none."""
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_QUOTED = ("'", '"', "|", ">")
"""The scalar styles of a value written quoted or as a block: never YAML's null."""
"""Plain scalars YAML reads as null (an empty value, ``~``, ``null``); every other is text."""


@dataclass
class Document:
    """A loaded YAML file: its data and where each value was written."""

    file: str
    data: Any
    marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    moved: dict[Loc, tuple[str, int, int]] = field(default_factory=dict)
    """Values a variant put in (see :data:`OVERLAY`): where each was written, file included."""

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
        for n in range(len(full), 0, -1) if self.moved else ():
            if full[:n] in self.moved:
                file, line, col = self.moved[full[:n]]
                return Problem(rank, file, line, col, format_loc(full), message)
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


Edit = tuple[Loc, Any, tuple[str, int, int]]
"""A variant's change to one file: the value at a key path, and where the variant wrote it."""
OVERLAY: dict[Path, list[Edit]] = {}
"""Per resolved file, edits :func:`load_yaml` applies after parsing (``generator.play.variant``
sets them while a variant is played), so the patched data is validated like the file itself."""


Take = Callable[[Loc, Any, "Document"], bool]
"""Called with each item of one list as it is read: its key path, its value and a document of
its own marks; True when it took the item (see :func:`load_yaml`)."""
TAKEN: dict[str, Any] = {}
"""What stands in the data for an item a ``Take`` took."""


def load_yaml(path: Path | str, each: tuple[Loc, Take] | None = None) -> Document:
    """Load one YAML file safely; raise DataError with every problem found.

    With ``each = (loc, take)``, every item of the list at ``loc`` is handed to ``take`` as soon
    as it is read, and an item it takes is replaced by ``TAKEN`` and its marks let go: a long
    card file is never held whole, data and positions, besides the cards made of it. Problems
    of the file itself still raise after the whole file is read (what ``take`` found is then of
    no use).
    """
    path = Path(path)
    if OVERLAY and path.resolve() in OVERLAY:
        doc = _edited(_load(path), OVERLAY[path.resolve()])
        return _take_all(doc, each) if each is not None else doc
    return _load(path, each)


def _take_all(doc: Document, each: tuple[Loc, Take]) -> Document:
    """``each`` over a document read whole (one a variant edited)."""
    loc, take = each
    items = doc.data
    for part in loc:
        items = items.get(part) if isinstance(items, dict) else None
    for i, item in enumerate(items if isinstance(items, list) else ()):
        if take((*loc, i), item, doc):
            items[i] = TAKEN
    return doc


def _edited(doc: Document, edits: list[Edit]) -> Document:
    for loc, value, where in edits:
        node = doc.data
        for part in loc[:-1]:
            node = node[part]
        node[loc[-1]] = value
        doc.moved[loc] = where
    return doc


def _load(path: Path, each: tuple[Loc, Take] | None = None) -> Document:
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
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError([Problem(10, shown, 0, 0, "", f"cannot read file: {exc.strerror}")]) from None
    return parse_yaml(decode_utf8(raw, shown), shown, each)


_UTF16_32 = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def decode_utf8(raw: bytes, shown: str) -> str:
    """The text of a file that must be UTF-8; DataError saying where it is not.

    A UTF-16 or UTF-32 file (a byte-order mark, or NUL bytes in every other or fourth place) is
    named as such; any other bad byte, a stray NUL byte among them, is located by line and column.
    """
    head = raw[:4096]
    if raw.startswith(_UTF16_32) or head.count(b"\x00") * 4 >= len(head) > 0:
        message = "the file is saved as UTF-16 or UTF-32: it must be UTF-8 (save it again as UTF-8)"
        raise DataError([Problem(10, shown, 0, 0, "", message)])
    try:
        if b"\x00" in raw:
            raise UnicodeDecodeError("utf-8", raw, raw.index(b"\x00"), raw.index(b"\x00") + 1, "NUL")
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[start : exc.start].decode("utf-8", "replace")) + 1
        if raw[exc.start] == 0:
            message = "a NUL byte (0x00) is not text: remove it (the file must be UTF-8 text)"
        else:
            bad = f"byte 0x{raw[exc.start]:02x} is not UTF-8 text"
            message = f"{bad}: the file must be UTF-8 (save it again as UTF-8)"
        raise DataError([Problem(10, shown, line, column, "", message)]) from None


def parse_yaml(text: str, shown: str = "<string>", each: tuple[Loc, Take] | None = None) -> Document:
    """Parse YAML text (see :func:`load_yaml`), building plain data straight from parser events."""
    loader = _Loader(text)
    doc = Document(shown, None)
    builder = _Builder(doc, loader, each)
    try:
        loader.get_event()  # stream start
        if not loader.check_event(yaml.StreamEndEvent):
            loader.get_event()  # document start
            doc.data = builder.value(())
            loader.get_event()  # document end
            if not loader.check_event(yaml.StreamEndEvent):
                m = loader.peek_event().start_mark
                message = "more than one YAML document ('---'): keep one per file"
                builder.problems.append(Problem(5, shown, m.line + 1, m.column + 1, "", message))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        what = exc.problem or "invalid YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        raise DataError([Problem(5, shown, line, col, "", f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(5, shown, 0, 0, "", f"YAML error: {exc}")]) from None
    except RecursionError:  # the parser itself recursing, past what our depth limit saw
        line, col = builder.last
        raise DataError([Problem(5, shown, line, col, "", _TOO_DEEP)]) from None
    finally:
        loader.dispose()
    if builder.problems:
        raise DataError(builder.problems)
    return doc


MAX_DEPTH = 50
"""How deeply lists and mappings may nest in one file."""
_TOO_DEEP = f"lists and mappings nested more than {MAX_DEPTH} levels deep: flatten the data"

_ALIAS = (
    "anchors and aliases (&name / *name) are not supported: "
    "write the value out, or use 'extends:' in templates"
)


class _Builder:
    """Turns parser events into plain data, recording marks and collecting problems.

    Working from events (not composed nodes) keeps memory low for large card files and means an
    alias is refused where it stands, before anything could be expanded.
    """

    def __init__(self, doc: Document, loader: Any, each: tuple[Loc, Take] | None = None):
        self.doc = doc
        self.loader = loader
        self.each = each
        self.problems: list[Problem] = []
        self.depth = 0
        self.last = (0, 0)  # (line, column) of the last node read

    def _err(self, event: Any, loc: Loc, message: str) -> None:
        m = event.start_mark
        self.problems.append(Problem(5, self.doc.file, m.line + 1, m.column + 1, format_loc(loc), message))

    def _tag_ok(self, event: Any, loc: Loc) -> bool:
        tag = event.tag
        if tag is None or tag == "!" or tag in _PLAIN_TAGS:
            return True
        self._err(event, loc, f"YAML tags such as '{tag}' are not supported: write plain values")
        return False

    def value(self, loc: Loc) -> Any:
        """Consume one node's events and return its plain value."""
        if self.depth >= MAX_DEPTH and self.loader.check_event(
            yaml.SequenceStartEvent, yaml.MappingStartEvent
        ):
            event = self.loader.peek_event()
            self._err(event, loc, _TOO_DEEP)
            self._skip()
            return None
        event = self.loader.get_event()
        mark = (event.start_mark.line + 1, event.start_mark.column + 1)
        self.last = mark
        self.doc.marks[loc] = mark
        if isinstance(event, yaml.AliasEvent):
            self._err(event, loc, _ALIAS)
            return None
        ok = self._tag_ok(event, loc)
        if isinstance(event, yaml.ScalarEvent):
            if not ok:
                return None
            if event.value in _NULLS and event.style not in _QUOTED:
                return None  # YAML's own null, written plain; quoted it is the text "null"
            return event.value
        self.depth += 1
        try:
            if isinstance(event, yaml.SequenceStartEvent):
                items = []
                taking = self.each is not None and self.each[0] == loc
                while not self.loader.check_event(yaml.SequenceEndEvent):
                    at = (*loc, len(items))
                    items.append(self._item(at) if taking else self.value(at))
                self.loader.get_event()
                return items if ok else None
            out = self._mapping(loc)
            return out if ok else None
        finally:
            self.depth -= 1

    def _scalar(self, loc: Loc, event: Any) -> Any:
        """:meth:`value` of the scalar ``event`` (peeked, its tag a plain one): consumed, its mark
        kept, its text (None for YAML's null written plain)."""
        self.loader.get_event()
        m = event.start_mark
        mark = self.last = (m.line + 1, m.column + 1)
        self.doc.marks[loc] = mark
        if event.value in _NULLS and event.style not in _QUOTED:
            return None
        return event.value

    def _item(self, at: Loc) -> Any:
        """Read one item of the ``each`` list with marks of its own and offer it to ``take``:
        ``TAKEN`` when taken (its marks let go but its own), else the item (its marks kept)."""
        doc = self.doc
        marks, keys = doc.marks, doc.key_marks
        doc.marks, doc.key_marks = {}, {}
        try:
            item = self.value(at)
        finally:
            own = Document(doc.file, None, doc.marks, doc.key_marks)
            doc.marks, doc.key_marks = marks, keys
        own.data = item
        assert self.each is not None
        if self.each[1](at, item, own):
            if at in own.marks:
                marks[at] = own.marks[at]
            return TAKEN
        marks.update(own.marks)
        keys.update(own.key_marks)
        return item

    def _skip(self) -> None:
        """Consume one node's events (a key we refuse), whatever its shape."""
        depth = 0
        while True:
            event = self.loader.get_event()
            if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                depth += 1
            elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                depth -= 1
            if depth == 0:
                return

    def _mapping(self, loc: Loc) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        while not self.loader.check_event(yaml.MappingEndEvent):
            key_event = self.loader.peek_event()
            if not isinstance(key_event, yaml.ScalarEvent):
                self._err(key_event, loc, "a key must be a plain name, not a list or mapping")
                self._skip()
                self._skip()
                continue
            self.loader.get_event()
            key = key_event.value
            line, col = key_event.start_mark.line + 1, key_event.start_mark.column + 1
            if key == "<<" and key_event.style not in ("'", '"'):
                self._err(key_event, loc, "merge keys ('<<') are not supported: write the keys out")
                self._skip()
                continue
            if key in first_line:
                self._err(
                    key_event,
                    (*loc, key),
                    f"duplicate key '{key}' (first written at line {first_line[key]}, "
                    f"again at line {line}): remove one of them",
                )
                self._skip()
                continue
            first_line[key] = line
            at = (*loc, key)
            self.doc.key_marks[at] = (line, col)
            event = self.loader.peek_event()
            if type(event) is yaml.ScalarEvent and (event.tag is None or event.tag in _PLAIN_TAGS_OR_BARE):
                value = out[key] = self._scalar(at, event)  # most values: read here, as ``value`` does
                if value is None:  # an empty value: pointed at by its key, as below
                    self.doc.marks[at] = (line, col)
                continue
            if isinstance(event, yaml.AliasEvent):
                self._err(key_event, at, _ALIAS)
                self.loader.get_event()
                continue
            else:
                out[key] = self.value(at)
            if out[key] is None or isinstance(out[key], dict | list):
                # point at the key for collections and empty values, at the value otherwise
                self.doc.marks[at] = (line, col)
        self.loader.get_event()
        return out
