"""Strict field substitution for template strings: ``{name}``, ``{item.key}``, ``{keywords|join: }``.

A field the card lacks is an error (never a blank), except inside an optional section
``[[ ... ]]``, which disappears when any field it uses is missing. ``{damage[item]}`` looks a key
up by another field's value. ``{icon:name}`` is inline-icon markup and passes through untouched.
``{{`` and ``}}`` write literal braces. ``{tables.NAME[field]}`` looks the field's value up in
the template's value table NAME (``ValueTable``): a value the table lacks is an error naming the
table, unless the table has a default. ``{= expr}`` is an expression (``generator.expr``):
``{= cost * 2}``, ``{= '★' * stars}``, ``{= format(price, '.2f')}``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from generator import expr

_REF = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_OPTIONAL = re.compile(r"\[\[(.*?)\]\]", re.S)
_DOT = re.compile(r"\.(?![^\[]*\])")  # a dot outside brackets: damage[item.key] is one part
_PATH_PART = re.compile(r"([A-Za-z_][\w-]*)((?:\[[A-Za-z_][\w.-]*\])*)")


class MissingField(KeyError):
    """Raised when a template refers to a field the card does not have."""

    def __init__(self, field: str):
        super().__init__(field)
        self.field = field


class BadReference(ValueError):
    """Raised when a ``{...}`` reference is malformed or uses an unknown filter."""


class MissingTableKey(ValueError):
    """Raised when a template's value table has no entry (and no default) for a card's value."""


class ValueTable(dict):
    """A template's value-to-thing table (``tables:``), reached as ``{tables.NAME[field]}``."""

    def __init__(self, name: str, values: Mapping[str, str], default: str | None = None):
        super().__init__(values)
        self.name = name
        self.default = default

    @classmethod
    def from_entries(cls, name: str, entries: Mapping[str, str]) -> ValueTable:
        """A table from a template's entries; the key ``*`` is the entry for any other value."""
        return cls(name, {k: v for k, v in entries.items() if k != "*"}, entries.get("*"))

    def entry(self, key: str, by: str) -> str:
        """The entry for ``key`` (the value of ``by``), else the default; else MissingTableKey."""
        if key in self:
            return self[key]
        if self.default is not None:
            return self.default
        known = ", ".join(sorted(self)) or "none"
        raise MissingTableKey(
            f"table '{self.name}' has no entry for '{key}' (the value of {by}; entries: {known}): "
            f"add '{key}: ...' to the table, or a '\"*\": ...' entry for any other value"
        )


def table_key(value: Any) -> str:
    """A card value as a table key: ``2`` and ``2.0`` -> ``'2'``, True -> ``'true'``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _to_text(value: Any, sep: str = ", ") -> str:
    if type(value) is str:  # most values: as str() gives it back
        return value
    if isinstance(value, list | tuple):
        return sep.join(_to_text(v) for v in value)
    if isinstance(value, dict):
        return sep.join(f"{k} {_to_text(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_FILTERS = {
    "upper": lambda v, a: _to_text(v).upper(),
    "lower": lambda v, a: _to_text(v).lower(),
    "title": lambda v, a: _to_text(v).title(),
    "join": lambda v, a: _to_text(v, a if a is not None else ", "),
    "count": lambda v, a: str(len(v)) if isinstance(v, list | tuple | dict) else "1",
    # a mapping's values alone (``{damage|values}``: ``{DROP: 3}`` -> ``3``), joined like join
    "values": lambda v, a: _to_text(list(v.values()) if isinstance(v, dict) else v, a or ", "),
}


def lookup(values: Mapping[str, Any], dotted: str) -> Any:
    """``item.key`` -> values['item']['key']; ``damage[item]`` -> values['damage'][values['item']].

    Raise MissingField naming the whole path when any step is missing.
    """
    current: Any = values
    for step in _path(dotted):
        if step is None:
            raise MissingField(dotted)
        name, refs = step
        keys = [name, *(table_key(lookup(values, k)) for k in refs)] if refs else (name,)
        for n, key in enumerate(keys):
            if isinstance(current, ValueTable):
                current = current.entry(key, f"'{refs[n - 1]}'" if n else f"key '{key}'")
            elif (type(current) is dict or isinstance(current, Mapping)) and current.get(key) is not None:
                current = current[key]
            else:
                raise MissingField(dotted)
    return current


@functools.lru_cache(maxsize=4096)
def _path(dotted: str) -> tuple[tuple[str, tuple[str, ...]] | None, ...]:
    """``a[b].c`` -> ((a, (b,)), (c, ())), parsed once; None stands for a malformed part."""
    steps: list[tuple[str, tuple[str, ...]] | None] = []
    for part in _DOT.split(dotted):
        m = _PATH_PART.fullmatch(part)
        steps.append(None if m is None else (m.group(1), tuple(re.findall(r"\[([^\]]+)\]", m.group(2)))))
    return tuple(steps)


@functools.lru_cache(maxsize=4096)
def compile_text(text: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """Split a template string once into (literal, field, filter, filter-argument) parts."""
    parts = []
    pos = 0
    for m in _REF.finditer(text):
        literal = text[pos : m.start()]
        pos = m.end()
        token = m.group(0)
        if token in ("{{", "}}"):
            parts.append((literal + token[0], None, None, None))
            continue
        inner = m.group(1)
        if inner.strip().startswith("icon:"):
            parts.append((literal + token, None, None, None))
            continue
        if inner.lstrip().startswith(expr.MARK):
            source = inner.lstrip()[1:]
            try:
                expr.check(source)
            except expr.ExprError as exc:
                raise BadReference(str(exc)) from None
            parts.append((literal, expr.MARK + source, None, None))
            continue
        name, _, filt = inner.partition("|")
        name = name.strip()
        fname, _, arg = filt.partition(":")
        fname = fname.strip()
        if not re.fullmatch(r"[A-Za-z_][\w.\[\]-]*", name):
            raise BadReference(f"'{{{inner}}}' is not a field reference: write {{field}} or {{field|filter}}")
        if fname and fname not in _FILTERS:
            raise BadReference(f"unknown filter '{fname}' in '{{{inner}}}' (filters: {', '.join(_FILTERS)})")
        parts.append((literal, name, fname or None, arg if filt and ":" in filt else None))
    parts.append((text[pos:], None, None, None))
    return tuple(parts)


def has_fields(text: str) -> bool:
    """True when the string refers to any card field (so its result varies per card)."""
    return any(field for _, field, _, _ in compile_text(text))


_LITERALS: dict[str, bool] = {}


def is_literal(text: str) -> bool:
    """Whether ``text`` stands for itself on every card: no style name (``$name``), field, brace
    or optional section, so that ``substitute`` (and a template's style lookup) give it back
    unchanged."""
    known = _LITERALS.get(text)
    if known is None:
        known = not (text.startswith("$") or "{" in text or "}" in text or "[[" in text)
        if len(_LITERALS) >= 1024:
            _LITERALS.clear()
        _LITERALS[text] = known
    return known


def substitute(text: str, values: Mapping[str, Any]) -> str:
    """Fill every ``{field}`` of ``text`` from ``values``; drop optional sections that lack one."""
    if "[[" not in text:
        return _fill(text, values)
    pieces = _OPTIONAL.split(text)  # even: plain text, odd: optional sections
    return "".join(_fill(p, values) if i % 2 == 0 else _optional(p, values) for i, p in enumerate(pieces))


def _optional(section: str, values: Mapping[str, Any]) -> str:
    try:
        return _fill(section, values)
    except MissingField:
        return ""


def _fill(text: str, values: Mapping[str, Any]) -> str:
    parts = compile_text(text)
    if len(parts) == 1:
        return parts[0][0]
    out = []
    for literal, field, filt, arg in parts:
        out.append(literal)
        if field is not None and field[0] == expr.MARK:
            out.append(expression(field[1:], values))
        elif field is not None:
            value = lookup(values, field)
            out.append(_FILTERS[filt](value, arg) if filt else _to_text(value))
    return "".join(out)


def expression(source: str, values: Mapping[str, Any]) -> str:
    """The text of expression ``source`` for ``values``: MissingField for an absent field,
    BadReference (naming the part at fault) for any other problem."""
    try:
        return expr.as_text(expr.value_of(source, values))
    except expr.Missing as exc:
        raise MissingField(exc.path) from None
    except expr.ExprError as exc:
        raise BadReference(str(exc)) from None


def fields_in(text: str) -> list[str]:
    """The field paths a template string reads: its ``{field}`` references and the names its
    ``{= expr}`` expressions use."""
    found: list[str] = []
    for _, field, _, _ in compile_text(text):
        if field and field[0] == expr.MARK:
            found.extend(expr.fields_of(field[1:]))
        elif field:
            found.append(field)
    return found


def value_at(path: str, values: Mapping[str, Any]) -> Any:
    """The raw value a repeat runs over: the field at ``path``, or the value of an expression
    written ``{= ...}`` (MissingField / BadReference as ``expression``)."""
    text = path.strip()
    if text.startswith("{") and text.endswith("}") and text[1:].lstrip().startswith(expr.MARK):
        source = text[1:-1].lstrip()[1:]
        try:
            return expr.value_of(source, values)
        except expr.Missing as exc:
            raise MissingField(exc.path) from None
        except expr.ExprError as exc:
            raise BadReference(str(exc)) from None
    return lookup(values, path)
