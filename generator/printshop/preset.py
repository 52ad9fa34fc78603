"""Find, load and validate print-shop presets, and match a deck's card size to a shop's sizes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import PrivateAttr

from generator.core.errors import DataError, UsageError
from generator.core.units import to_mm
from generator.core.yamlio import Document, load_yaml
from generator.printshop.schema import PresetSpec, ShopSize
from generator.schema.messages import suggest, validate

PRESETS = Path(__file__).resolve().parent / "presets"
"""The bundled presets, shipped as package data (one YAML file per shop)."""


class Preset(PresetSpec):
    """A validated preset and the file it came from (``file``, as shown in messages)."""

    _file: str = PrivateAttr("")

    @property
    def file(self) -> str:
        return self._file


def bundled_presets() -> list[str]:
    """Names of the presets shipped with Deckwright."""
    return sorted(p.stem for p in PRESETS.glob("*.yaml"))


def preset_path(name_or_path: str) -> Path:
    """The file of a bundled preset name, or a user's preset file; UsageError otherwise."""
    if name_or_path in bundled_presets():
        return PRESETS / f"{name_or_path}.yaml"
    path = Path(name_or_path).expanduser()
    if path.is_file():
        return path
    names = bundled_presets()
    if path.is_dir():
        raise UsageError(f"--printshop {name_or_path}: is a folder; give a preset YAML file")
    raise UsageError(
        f"unknown print shop '{name_or_path}'{suggest(name_or_path, names)}: give one of "
        f"{', '.join(names)} or the path of a preset YAML file (see 'Print shops' in the README)"
    )


def load_preset(name_or_path: str) -> Preset:
    """The preset named (bundled) or at the path given; DataError with file:line problems if the
    file is invalid, UsageError if there is no such preset."""
    doc = load_yaml(preset_path(name_or_path))
    if not isinstance(doc.data, dict):
        raise DataError([doc.problem((), "a preset file must be a mapping of keys (name, title, sizes...)")])
    spec = validate(Preset, doc.data, doc)
    _cross_check(spec, doc)
    spec._file = doc.file
    return spec


def _cross_check(spec: PresetSpec, doc: Document) -> None:
    """What one field alone cannot say: repeated size names, bleed wider than half a card, images
    asked for in CMYK (rendered images are RGB)."""
    problems = []
    seen: dict[str, int] = {}
    for i, size in enumerate(spec.sizes):
        if size.name in seen:
            message = f"size '{size.name}' is listed twice (first as sizes[{seen[size.name]}]): rename one"
            problems.append(doc.problem(("sizes", i, "name"), message))
        seen.setdefault(size.name, i)
        if 2 * size.bleed >= min(size.width, size.height):
            message = f"a {to_mm(size.bleed):g} mm bleed is wider than half of this card: check the figure"
            problems.append(doc.problem(("sizes", i, "bleed"), message))
    if spec.files == "images" and spec.color == "cmyk":
        message = "card images are written in RGB: use 'color: rgb' with 'files: images', or 'files: pdf'"
        problems.append(doc.problem(("color",), message))
    if problems:
        raise DataError(problems)


def _fits(size: ShopSize, w: float, h: float, tol: float) -> bool:
    return abs(size.width - w) <= tol and abs(size.height - h) <= tol


def shop_size(preset: PresetSpec, w: float, h: float) -> ShopSize | None:
    """The shop size a ``w`` x ``h`` card is (either way round), or None if the shop lists sizes
    and makes none of them this size. A preset without sizes takes any size (None too)."""
    tol = preset.size_tolerance
    for size in preset.sizes:
        if _fits(size, w, h, tol) or _fits(size, h, w, tol):
            return size
    return None


def nearest_size(preset: PresetSpec, w: float, h: float) -> ShopSize | None:
    """The listed shop size closest to ``w`` x ``h`` (sum of both sides' differences, either way
    round), or None when the preset lists no sizes."""

    def distance(s: ShopSize) -> float:
        return min(abs(s.width - w) + abs(s.height - h), abs(s.width - h) + abs(s.height - w))

    return min(preset.sizes, key=distance) if preset.sizes else None


@dataclass(frozen=True)
class PrintSize:
    """How one deck prints at a shop: trim (in the deck's orientation) and bleed, in points;
    ``size`` is the shop size it matched (None: the shop does not make it, or takes any size)."""

    width: float
    height: float
    bleed: float
    size: ShopSize | None

    def pixels(self, dpi: int) -> tuple[int, int]:
        """Image size in pixels at ``dpi`` of trim plus bleed (poker with 1/8 in: 825 x 1125)."""
        return (
            round((self.width + 2 * self.bleed) / 72 * dpi),
            round((self.height + 2 * self.bleed) / 72 * dpi),
        )


def print_size(preset: PresetSpec, w: float, h: float, build_bleed: float) -> PrintSize:
    """The trim and bleed a ``w`` x ``h`` deck prints at: a matched shop size exactly (turned to
    the deck's orientation); otherwise the deck's own size with the preset's ``bleed``, else the
    nearest size's bleed, else (a preset without sizes) the build's ``--bleed``."""
    size = shop_size(preset, w, h)
    if size is not None:
        if (size.width <= size.height) == (w <= h):
            return PrintSize(size.width, size.height, size.bleed, size)
        return PrintSize(size.height, size.width, size.bleed, size)
    near = nearest_size(preset, w, h)
    bleed = near.bleed if near is not None else build_bleed
    if preset.bleed is not None:
        bleed = preset.bleed
    return PrintSize(w, h, bleed, None)
