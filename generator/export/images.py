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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from generator.art import gameicons
from generator.art.fonts import FontBook
from generator.art.pngfile import png_bytes
from generator.core.errors import Problem
from generator.export.faces import BLEED, Face, render_faces, slug
from generator.export.folder import save_png, staged_folder
from generator.kit.guide import write_credits
from generator.load.model import Deck, Game
from generator.load.shared import DeckProblems

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
    warnings: list[Problem] = field(default_factory=DeckProblems)  # each once, naming its decks


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
    """Write every card face of ``game`` as PNG at ``dpi`` into ``target/<game>/``.

    Faces are written as they are rendered; memory holds only the contact sheet's thumbnails.
    """
    fonts = FontBook.load(game.font_dirs)
    final = target / game.name
    result = Export(final)
    scale = dpi / 72
    bleed_px = BLEED * scale if bleed else 0.0
    with staged_folder(final, "--png") as tmp, gameicons.collecting() as icons:
        for deck in game.decks:
            folder = slug(deck.name)
            (tmp / folder).mkdir(parents=True, exist_ok=True)
            names: dict[int, list[str]] = {}
            for index, name in copy_names(deck):
                names.setdefault(index, []).append(name)
            thumbs: list[Face] = []
            backs: dict[bytes, tuple[bytes, Image.Image]] = {}  # one PNG per different back
            for index, face in enumerate(render_faces(game, deck, fonts, scale, bleed, result.warnings)):
                sides = [("front", png_bytes(face.front, dpi))]
                if face.back is not None:
                    pixels = hashlib.sha256(face.back.tobytes()).digest()
                    if pixels not in backs:
                        backs[pixels] = (png_bytes(face.back, dpi), _thumbnail(face.back, bleed_px))
                    sides.append(("back", backs[pixels][0]))
                for name in names[index]:
                    for side, data in sides:
                        (tmp / folder / f"{name}-{side}.png").write_bytes(data)
                        result.files.append(final / folder / f"{name}-{side}.png")
                thumbs.append(Face(face.card, _thumbnail(face.front, bleed_px), None))
            sheet = contact_sheet(deck, thumbs, [thumb for _, thumb in backs.values()])
            save_png(sheet, tmp / f"{folder}-contact.png")
            result.files.append(final / f"{folder}-contact.png")
        result.files += [final / p.name for p in write_credits(tmp, game.title, icons)]
    return result


def _thumbnail(image: Image.Image, bleed_px: float) -> Image.Image:
    """The trim of ``image`` (its bleed cut off), THUMB_W pixels wide."""
    b = round(bleed_px)
    trim = image.crop((b, b, image.width - b, image.height - b)) if b else image
    size = (THUMB_W, max(1, round(trim.height * THUMB_W / trim.width)))
    return trim.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)


def contact_sheet(deck: Deck, faces: list[Face], backs: list[Image.Image]) -> Image.Image:
    """Every design's front small with its name under it, then each different back once."""
    tiles: list[tuple[Image.Image, str]] = []
    for face in faces:
        label = face.card.name + (f"  x{face.card.count}" if face.card.count > 1 else "")
        tiles.append((face.front, label))
    tiles += [(image, "back") for image in backs]
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
        tile = image if image.size == (THUMB_W, thumb_h) else image.resize((THUMB_W, thumb_h))
        sheet.paste(tile, (x, y))
        where = (x + THUMB_W / 2, y + thumb_h + 6)
        draw.text(where, _fit(label, label_font, THUMB_W), fill=INK, font=label_font, anchor="ma")
    return sheet


def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    from generator.core import paths

    name = "Lato-Bold.ttf" if bold else "Lato-Regular.ttf"
    return ImageFont.truetype(str(paths.FONTS / "lato" / name), size)


def _fit(text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """``text``, cut with an ellipsis where it is wider than ``width`` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
