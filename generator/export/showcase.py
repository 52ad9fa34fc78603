"""``export --showcase FILE.png``: chosen card fronts as one picture for a web or crowdfunding page.

``fan``: the cards held as a hand, turned about a point below them; ``spread``: side by side.
Each card gets rounded corners and a soft shadow. The fan as a whole gets a slight perspective
(as if lying on a table seen from the front); in a spread each card gets its own (its far edge
narrower and the card foreshortened, as a card on the table in front of you looks), since one
keystone over a long row leans the outer cards over like a shear. The faces are the same
renders as ``export --png``; the background is transparent. The same cards give the same bytes.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from generator.core.errors import Problem, UsageError
from generator.core.units import mm
from generator.load.model import Card, Game

MAX_CARDS = 12
DEFAULT_CARDS = 5
STYLES = ("fan", "spread")


def chosen_cards(game: Game, only: list[str] | None) -> list[tuple[int, Card]]:
    """(deck index, card) of each design to show: those ``--only`` selects, else the first
    designs of the game, ``DEFAULT_CARDS`` at most; UsageError past ``MAX_CARDS``."""
    from generator.kit.subset import parse_only, select

    if only:
        picked = select(game, parse_only(only))
        names = {(d.name, c.name) for d in picked.decks for c in d.cards}
        cards = [(i, c) for i, d in enumerate(game.decks) for c in d.cards if (d.name, c.name) in names]
        if len(cards) > MAX_CARDS:
            raise UsageError(f"--showcase: {len(cards)} cards chosen, at most {MAX_CARDS} fit: narrow --only")
        return cards
    return [(i, c) for i, d in enumerate(game.decks) for c in d.cards][:DEFAULT_CARDS]


def export_showcase(
    game: Game, target: Path, style: str = "fan", only: list[str] | None = None, dpi: float = 150
) -> list[Problem]:
    """Write the showcase picture to ``target`` (written whole or not at all); return warnings."""
    from dataclasses import replace

    from generator.art.fonts import FontBook
    from generator.art.pngfile import png_bytes
    from generator.core.writing import atomic_bytes
    from generator.export.faces import render_faces

    if style not in STYLES:
        raise UsageError(f"--style must be one of {', '.join(STYLES)}, found '{style}'")
    if target.suffix.lower() != ".png":
        raise UsageError(f"--showcase writes a PNG: give a file name ending in .png, found '{target.name}'")
    chosen = chosen_cards(game, only)
    fonts = FontBook.load(game.font_dirs)
    warnings: list[Problem] = []
    fronts: dict[tuple[int, str], Image.Image] = {}
    for index in dict.fromkeys(i for i, _ in chosen):
        deck = game.decks[index]
        wanted = tuple(replace(c, count=1) for _, c in chosen if _ == index)
        for face in render_faces(game, replace(deck, cards=wanted), fonts, dpi / 72, False, warnings):
            fronts[index, face.card.name] = face.front
    cards = [_rounded(fronts[i, c.name], mm(3) * dpi / 72) for i, c in chosen]
    picture = _tilted(_fan(cards)) if style == "fan" else _spread([_lying(card) for card in cards])
    atomic_bytes(target, png_bytes(picture, dpi))
    return warnings


def _rounded(face: Image.Image, radius: float) -> Image.Image:
    """The face with rounded corners (transparent outside them)."""
    card = face.convert("RGBA")
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1), round(radius), fill=255)
    card.putalpha(mask)
    return card


def _shadowed(card: Image.Image, canvas: Image.Image, x: int, y: int) -> None:
    """Paste ``card`` at (x, y) over a soft shadow cast down and to the right."""
    blur = max(2, card.width // 40)
    shadow = Image.new("RGBA", card.size, (0, 0, 0, 0))
    shadow.putalpha(card.getchannel("A").point(lambda a: a * 90 // 255))
    margin = blur * 3
    padded = Image.new("RGBA", (card.width + 2 * margin, card.height + 2 * margin), (0, 0, 0, 0))
    padded.paste(shadow, (margin, margin))
    padded = padded.filter(ImageFilter.GaussianBlur(blur))
    canvas.alpha_composite(padded, (x - margin + blur, y - margin + blur * 2))
    canvas.alpha_composite(card, (x, y))


def _spread(cards: list[Image.Image]) -> Image.Image:
    """The cards side by side, a tenth of a card apart."""
    w, h = max(c.width for c in cards), max(c.height for c in cards)
    gap, pad = w // 10, w // 5
    canvas = Image.new("RGBA", (len(cards) * w + (len(cards) - 1) * gap + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    for n, card in enumerate(cards):
        _shadowed(card, canvas, pad + n * (w + gap) + (w - card.width) // 2, pad + (h - card.height) // 2)
    return canvas


def _fan(cards: list[Image.Image]) -> Image.Image:
    """The cards as a hand: each turned about a point 1.8 card heights below the hand's centre,
    at most 8 degrees apart and 50 degrees in all."""
    w, h = max(c.width for c in cards), max(c.height for c in cards)
    count = len(cards)
    step = min(8.0, 50.0 / max(count - 1, 1))
    radius = 1.8 * h
    angles = [step * (n - (count - 1) / 2) for n in range(count)]
    reach = radius * math.sin(math.radians(max(abs(a) for a in angles))) + math.hypot(w, h) / 2
    size = (round(2 * reach + w // 2), round(h * 1.6 + radius * (1 - math.cos(math.radians(max(angles))))))
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    px, py = size[0] / 2, h * 0.8 + radius  # the pivot, below the hand
    for angle, card in zip(angles, cards, strict=True):
        turned = card.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        a = math.radians(angle)
        cx, cy = px + radius * math.sin(a), py - radius * math.cos(a)
        _shadowed(turned, canvas, round(cx - turned.width / 2), round(cy - turned.height / 2))
    return _cropped(canvas)


def _cropped(image: Image.Image) -> Image.Image:
    """``image`` cut to what is drawn, with a small margin."""
    box = image.getchannel("A").getbbox()
    if box is None:
        return image
    m = max(4, image.width // 60)
    return image.crop(
        (max(box[0] - m, 0), max(box[1] - m, 0), min(box[2] + m, image.width), min(box[3] + m, image.height))
    )


def _tilted(image: Image.Image, lean: float = 0.04) -> Image.Image:
    """A slight perspective: the top edge ``lean`` narrower on each side, as if seen from the front."""
    w, h = image.size
    dx = w * lean
    target = [(dx, 0), (w - dx, 0), (w, h), (0, h)]  # where the corners go
    source = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = _perspective(target, source)
    return image.transform(image.size, Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC)


def _lying(card: Image.Image, lean: float = 0.05, depth: float = 0.9) -> Image.Image:
    """One card lying on the table in front of the viewer: its far (top) edge ``lean`` of its
    width narrower on each side and its height foreshortened to ``depth``, both sides leaning
    alike (a true perspective of the card alone, not a shear)."""
    w, h = card.size
    h2, dx = round(h * depth), w * lean
    target = [(dx, 0), (w - dx, 0), (w, h2), (0, h2)]
    source = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = _perspective(target, source)
    return card.transform((w, h2), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC)


def _perspective(to: list[tuple[float, float]], frm: list[tuple[float, float]]) -> tuple[float, ...]:
    """Pillow's eight coefficients mapping each output corner ``to[i]`` back to ``frm[i]``."""
    rows: list[list[float]] = []
    for (x, y), (u, v) in zip(to, frm, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    n = 8
    for col in range(n):  # Gauss-Jordan elimination with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return tuple(rows[r][n] for r in range(n))
