"""SVG files as design programs save them: read into a ReportLab drawing, or refused with a reason.

``read_svg`` is the one way Deckwright reads an SVG (``check`` through ``assets.unreadable``, the
renderer through ``render.draw``). It hands the parser the file's bytes, never decoded text: an
XML declaration naming its encoding (``<?xml version="1.0" encoding="UTF-8" standalone="no"?>``,
the first line of every Inkscape file) is then honoured instead of refused, and a byte-order mark
(UTF-8, UTF-16 or UTF-32) is read as such.

What it reports, besides the drawing:

- ``refused``: why the file cannot be drawn (not XML, not SVG, no size, a reference that leaves the
  allowed folders or points at the network, a referenced file that does not exist, a feature
  svglib would silently leave out: see ``svgfeatures``);
- ``warnings``: what it drew anyway, such as a filter effect left out.

A damaged file (not well-formed XML: cut short, a tag left open) is refused at the line where it
breaks, as browsers and Inkscape refuse it: a print run must not carry a half-drawn picture.
Inside :func:`allowing_damaged` (``--allow-damaged-art``) it is drawn from what the parser could
recover, with a warning naming that line.
"""

from __future__ import annotations

import codecs
import re
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.errors import clip

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_SAVE_AGAIN = "open it in your design program and save it again"
_DAMAGED_OK: ContextVar[bool] = ContextVar("damaged_ok", default=False)
_DAMAGED_EVERYWHERE = False
SUFFIXES = (".svg", ".svgz")
MAX_UNZIPPED = 32 * 2**20
"""The most a gzip-compressed SVG (``.svgz``) may unpack to: far above any card art."""


def is_svg(path: Path) -> bool:
    """Whether ``path`` names an SVG file, plain or gzip-compressed (``.svgz``)."""
    return path.suffix.lower() in SUFFIXES


def _gunzip(data: bytes) -> bytes:
    """The SVG inside a gzip-compressed file, unpacked at most to MAX_UNZIPPED (ValueError past
    it, OSError/EOFError for a broken stream)."""
    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = unpacker.decompress(data, MAX_UNZIPPED + 1)
    if len(out) > MAX_UNZIPPED:
        raise ValueError(f"it unpacks to more than {MAX_UNZIPPED // 2**20} MiB")
    if not unpacker.eof:
        raise EOFError("the compressed data is cut short")
    return out


@contextmanager
def allowing_damaged(allowed: bool = True) -> Iterator[None]:
    """Inside the block a damaged SVG is drawn from what could be read (with a warning)."""
    token = _DAMAGED_OK.set(allowed)
    try:
        yield
    finally:
        _DAMAGED_OK.reset(token)


@contextmanager
def allowing_damaged_everywhere(allowed: bool = True) -> Iterator[None]:
    """Inside the block every thread of the process draws a damaged SVG: for ``watch`` and
    ``serve``, whose rebuilds, proofreading and previews run on threads a context variable set
    by the command does not reach."""
    global _DAMAGED_EVERYWHERE
    before, _DAMAGED_EVERYWHERE = _DAMAGED_EVERYWHERE, allowed
    try:
        yield
    finally:
        _DAMAGED_EVERYWHERE = before


def damaged_allowed() -> bool:
    """Whether a damaged SVG is drawn (see :func:`allowing_damaged`)."""
    return _DAMAGED_EVERYWHERE or _DAMAGED_OK.get()


@dataclass(frozen=True)
class SvgFile:
    """An SVG as read: its drawing (None when refused), the bytes drawn, why it was refused, and
    warnings about what was drawn anyway."""

    drawing: Any = None
    source: bytes = b""
    refused: str | None = None
    warnings: tuple[str, ...] = field(default=())


def read_svg(path: Path, tint: str | None = None, roots: Sequence[Path] = ()) -> SvgFile:
    """Read the SVG at ``path``; ``tint`` (a ``#rrggbb``) replaces its ``currentColor``.

    ``roots`` are the folders an ``<image>`` or ``<use>`` reference may point into (default: the
    folder the SVG lies in). The drawing is new on every call (callers may change its colours).
    """
    from lxml import etree

    from generator.art.svgfeatures import push_opacity, unsupported  # a game without SVG art
    from generator.art.svggradients import fold_transforms  # imports none of these (fast start)
    from generator.art.svglimits import solid_where_undrawable, too_costly

    try:
        raw = path.read_bytes()
    except OSError as exc:
        return SvgFile(refused=f"cannot read this file ({exc.strerror or exc})")
    if raw[:2] == b"\x1f\x8b":  # .svgz: gzip-compressed, as Inkscape saves "Compressed SVG"
        try:
            raw = _gunzip(raw)
        except (ValueError, EOFError, zlib.error) as exc:
            return SvgFile(refused=f"cannot unpack this compressed SVG ({clip(exc, 80)}): {_SAVE_AGAIN}")
    try:
        data = _utf8(raw)
    except UnicodeDecodeError:
        return SvgFile(refused="its byte-order mark does not match its text: save it again as UTF-8")
    if not data.strip():
        return SvgFile(refused="the file is empty: save the art again")
    if tint:
        data = data.replace(b"currentColor", tint.encode("ascii"))
    parser = etree.XMLParser(recover=True, remove_comments=True, resolve_entities=False, no_network=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        return SvgFile(source=data, refused=f"not an SVG file ({clip(exc.msg, 80)})")
    damage = [e for e in parser.error_log if e.level >= etree.ErrorLevels.ERROR]
    if root is None or not isinstance(root.tag, str):
        why = f"line {damage[0].line}: {clip(damage[0].message, 80)}" if damage else "no XML element"
        return SvgFile(source=data, refused=f"not an SVG file ({why})")
    outer = etree.QName(root).localname
    if outer != "svg":
        return SvgFile(source=data, refused=f"not an SVG file: its outer element is <{outer}>")
    allowed = [Path(r) for r in roots] or [path.parent]
    bad = reference_problems(root, path, allowed)
    if bad:
        more = f" (and {len(bad) - 2} more)" if len(bad) > 2 else ""
        advice = "save each image in the game folder and link it by a relative path, or embed it"
        return SvgFile(source=data, refused="; ".join(bad[:2]) + more + f": {advice}")
    costly = too_costly(root, path)
    if costly:
        return SvgFile(source=data, refused=costly)
    refusals, warnings = unsupported(root)
    if refusals:
        return SvgFile(source=data, refused=refusals[0])
    solid_where_undrawable(root)
    push_opacity(root)
    warnings += fold_transforms(root)
    damaged = ""
    if damage:
        first = damage[0]
        damaged = f"damaged at line {first.line} ({clip(first.message.strip(), 80)})"
        if not damaged_allowed():
            return SvgFile(
                source=data,
                refused=f"this SVG file is {damaged}: it is not well-formed, so browsers and design programs "
                f"refuse it too; {_SAVE_AGAIN} (or use --allow-damaged-art to draw what can be read)",
            )
        warnings.append(
            f"this SVG file is {damaged}: drawn from what could be read, which may be incomplete; "
            + _SAVE_AGAIN
        )
    try:
        drawing = _render(root, path, allowed)
    except Exception as exc:  # svglib raises many kinds on an odd file
        why = f"it is {damaged}" if damaged else clip(exc, 120)
        return SvgFile(source=data, refused=f"cannot read this SVG file: {why}; {_SAVE_AGAIN}")
    if drawing is None or not drawing.width > 0 or not drawing.height > 0:
        if damaged:
            refused = f"cannot read this SVG file: it is {damaged} and has no size; {_SAVE_AGAIN}"
        else:
            refused = "this SVG has no size: give its <svg> element a width and height or a viewBox"
        return SvgFile(source=data, refused=refused)
    return SvgFile(drawing, data, None, tuple(warnings))


def _utf8(data: bytes) -> bytes:
    """``data`` as UTF-8 bytes when it starts with a UTF-16/32 byte-order mark (its declaration,
    which names the old encoding, dropped); other bytes unchanged (lxml reads a UTF-8 BOM)."""
    for bom, codec in _WIDE_BOMS:
        if data.startswith(bom):
            return _DECLARATION.sub("", data.decode(codec).lstrip("\ufeff"), count=1).encode("utf-8")
    return data


def _render(root: Any, path: Path, allowed: list[Path]) -> Any:
    from generator.art.svgfonts import BundledFonts
    from generator.art.svglayers import LayeredRenderer

    real = path.resolve()
    base = next((r for r in allowed if real.is_relative_to(r.resolve())), path.parent)
    renderer = LayeredRenderer(
        str(path), font_map=BundledFonts(), external_reference_root=str(base.resolve())
    )
    return renderer.render(root)


def reference_problems(root: Any, path: Path, allowed: Sequence[Path]) -> list[str]:
    """Why each file reference in the SVG (``<image>``, ``<use>``...) cannot be followed: one
    text per reference that points outside ``allowed``, to the network or to a missing file.
    References to the SVG's own elements (``#id``) and embedded ``data:`` images are fine."""
    found = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        href = element.get(XLINK_HREF) or element.get("href")
        if not href or href.startswith("#") or href.startswith("data:"):
            continue
        why = _reference_problem(href.strip(), path, allowed)
        if why:
            tag = element.tag.rsplit("}", 1)[-1]
            found.append(f"line {element.sourceline}: <{tag}> points to '{clip(href)}', {why}")
    return found


def _reference_problem(href: str, path: Path, allowed: Sequence[Path]) -> str | None:
    target = href.split("#", 1)[0]
    scheme = _SCHEME.match(target)
    if scheme and len(scheme.group(1)) > 1:  # not a Windows drive letter
        if scheme.group(1).lower() == "file":
            return "a file:// address, which Deckwright does not follow"
        return "a network address, which Deckwright does not download"
    if target.startswith(("/", "\\")) or scheme:
        return "an absolute path, which Deckwright does not follow"
    file = path.parent / target
    real = file.resolve()
    if not any(real.is_relative_to(r.resolve()) for r in allowed):
        return "outside the game folder"
    if not file.is_file():
        return "a file that does not exist"
    return None
