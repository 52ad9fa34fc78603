"""``deckwright export GAME --png DIR``: one PNG per card face and a contact sheet per deck.

Files, under ``DIR/<game>/``:

- ``<deck>/<card>-<copy>-front.png`` and ``...-back.png`` for every physical card (``<card>`` is
  the card's name in lower case, words joined by ``-``; ``<copy>`` runs 1, 2, ... over the cards
  of the deck with that file name, so two different cards both called "Joker" give
  ``joker-1`` and ``joker-2``). A card without a back template has no back file.
- ``<deck>-contact.png``: every design's front small with its name (and ``x N`` for N copies)
  under it, then each different back once.
"""

from __future__ import annotations

import hashlib
import io
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from generator.errors import Problem
from generator.export.faces import BLEED, Face, render_faces, slug
from generator.export.folder import save_png, staged_folder
from generator.fonts import FontBook
from generator.model import Deck, Game

THUMB_W = 200  # contact sheet: thumbnail width in pixels
COLUMNS = 10
PAD = 16
LABEL_H = 38
TITLE_H = 56
INK = (40, 40, 40)
PAPER = (236, 236, 236)


@dataclass
class Export:
    """What an image export wrote and the warnings it met."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def copy_names(deck: Deck) -> list[tuple[int, str]]:
    """(design index, ``<card>-<copy>``) for every physical card of the deck, in deck order."""
    seen: Counter[str] = Counter()
    names = []
    for i, card in enumerate(deck.cards):
        base = slug(card.name)
        for _ in range(card.count):
            seen[base] += 1
            names.append((i, f"{base}-{seen[base]}"))
    return names


def export_png(game: Game, target: Path, dpi: float = 300, bleed: bool = True) -> Export:
    """Write every card face of ``game`` as PNG at ``dpi`` into ``target/<game>/``."""
    fonts = FontBook.load(game.font_dirs)
    final = target / game.name
    result = Export(final)
    scale = dpi / 72
    with staged_folder(final, "--png") as tmp:
        for deck in game.decks:
            rendered = render_faces(game, deck, fonts, scale, bleed, result.warnings)
            faces = _encoded(rendered, BLEED * scale if bleed else 0)
            folder = slug(deck.name)
            for index, name in copy_names(deck):
                front, back = faces[index][1], faces[index][2]
                for side, data in (("front", front), ("back", back)):
                    if data is not None:
                        path = tmp / folder / f"{name}-{side}.png"
                        path.parent.mkdir(parents=True, exist_ok=True)
                        path.write_bytes(data)
                        result.files.append(final / folder / path.name)
            sheet = contact_sheet(deck, [f[0] for f in faces])
            save_png(sheet, tmp / f"{folder}-contact.png")
            result.files.append(final / f"{folder}-contact.png")
    return result


def _encoded(faces: Iterable[Face], bleed_px: float) -> list[tuple[Face, bytes, bytes | None]]:
    """Each face with its PNG bytes, its images cut to the trim and shrunk for the contact sheet
    (so memory holds thumbnails, not full images)."""
    out = []
    done: dict[bytes, bytes] = {}  # pixels -> PNG: a back shared by many cards is encoded once
    for face in faces:
        data = []
        for image in (face.front, face.back):
            if image is None:
                data.append(None)
                continue
            pixels = hashlib.sha256(image.tobytes()).digest()
            if pixels not in done:
                buffer = io.BytesIO()
                image.save(buffer, format="PNG", optimize=False, compress_level=6)
                done[pixels] = buffer.getvalue()
            data.append(done[pixels])
        out.append((Face(face.card, _small(face.front, bleed_px), _small(face.back, bleed_px)), *data))
    return out  # type: ignore[return-value]


def _small(image: Image.Image | None, bleed_px: float) -> Image.Image | None:
    """The trim of ``image`` (its bleed cut off), no wider than two thumbnails."""
    if image is None:
        return None
    b = round(bleed_px)
    trim = image.crop((b, b, image.width - b, image.height - b)) if b else image
    if trim.width <= 2 * THUMB_W:
        return trim
    size = (2 * THUMB_W, round(trim.height * 2 * THUMB_W / trim.width))
    return trim.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)


def contact_sheet(deck: Deck, faces: list[Face]) -> Image.Image:
    """Every design's front small with its name under it, then each different back once."""
    tiles: list[tuple[Image.Image, str]] = []
    for face in faces:
        label = face.card.name + (f"  x{face.card.count}" if face.card.count > 1 else "")
        tiles.append((face.front, label))
    backs: dict[bytes, Image.Image] = {}
    for face in faces:
        if face.back is not None:
            backs.setdefault(hashlib.sha256(face.back.tobytes()).digest(), face.back)
    tiles += [(image, "back") for image in backs.values()]
    thumb_h = max(1, round(THUMB_W * deck.height / deck.width))
    columns = min(COLUMNS, max(1, len(tiles)))
    rows = -(-len(tiles) // columns)
    width = PAD + columns * (THUMB_W + PAD)
    height = TITLE_H + rows * (thumb_h + LABEL_H + PAD) + PAD
    sheet = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(sheet)
    label_font = _font(False, 15)
    designs = len(faces)
    cards = sum(f.card.count for f in faces)
    title = f"{deck.title} - {designs} design{'s' * (designs != 1)}, {cards} card{'s' * (cards != 1)}"
    draw.text((PAD, PAD), _fit(title, _font(True, 26), width - 2 * PAD), fill=INK, font=_font(True, 26))
    for n, (image, label) in enumerate(tiles):
        x = PAD + (n % columns) * (THUMB_W + PAD)
        y = TITLE_H + (n // columns) * (thumb_h + LABEL_H + PAD)
        sheet.paste(image.resize((THUMB_W, thumb_h), Image.Resampling.LANCZOS, reducing_gap=2.0), (x, y))
        where = (x + THUMB_W / 2, y + thumb_h + 6)
        draw.text(where, _fit(label, label_font, THUMB_W), fill=INK, font=label_font, anchor="ma")
    return sheet


def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    from generator import paths

    name = "Lato-Bold.ttf" if bold else "Lato-Regular.ttf"
    return ImageFont.truetype(str(paths.FONTS / "lato" / name), size)


def _fit(text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """``text``, cut with an ellipsis where it is wider than ``width`` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
