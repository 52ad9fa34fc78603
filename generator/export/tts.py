"""``deckwright export GAME --tts DIR``: Tabletop Simulator deck sheets and a saved object.

Tabletop Simulator (TTS) builds a custom deck from a *sheet*: one image holding up to 10 x 7
card faces in a grid (``NumWidth`` x ``NumHeight``), one back image (``BackURL``) shared by every
card of the sheet, and card IDs ``key * 100 + slot`` (``key`` names the sheet in ``CustomDeck``,
``slot`` counts left to right, top to bottom from 0). The bottom-right slot of a sheet is TTS's
"hidden" card (shown for a card in another player's hand when ``BackIsHidden`` is off): it is
never a card here, and holds the back, so either setting shows the back.

What is written, under ``DIR/<game>/``:

- ``<deck>-<n>.png``: the face sheets of each deck. Each design takes one slot (copies reuse
  its card ID), and designs are grouped by back, so each sheet has one back; a sheet holds at
  most 69 designs, and its pixel size stays within 4096 x 4096 (what TTS recommends; it refuses
  images over 10,000 pixels a side), at ``dpi`` or less.
- ``<deck>-back.png`` (``<deck>-back-<k>.png`` when a deck has several backs).
- ``<game>.json``: a TTS saved object, one ``DeckCustom`` per deck (``DeckIDs``, ``CustomDeck``,
  ``ContainedObjects`` with each physical card and its ``Nickname``), decks side by side, face
  down. Image URLs are ``file://`` paths of the written files, or ``BASE/<file>`` with ``url``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image

from generator.art import gameicons
from generator.art.fonts import FontBook
from generator.core.errors import Problem
from generator.core.units import mm
from generator.export.faces import render_faces, slug
from generator.export.folder import save_png, staged_folder
from generator.kit.guide import credits_text, write_credits
from generator.load.model import Card, Deck, Game
from generator.load.shared import DeckProblems

MAX_COLUMNS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card
MAX_PX = 4096  # TTS's recommended largest side of a sheet
POKER = (mm(63.5), mm(88.9))  # the card TTS draws at scale 1


@dataclass
class Sheet:
    """One face sheet: its key in ``CustomDeck``, grid, image file, the back's file, its cards."""

    key: int
    columns: int
    rows: int
    face: str
    back: str
    cards: list[Card]


@dataclass
class TTSExport:
    """What a TTS export wrote and the warnings it met."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=DeckProblems)  # each once, naming its decks
    sheets: dict[str, list[Sheet]] = field(default_factory=dict)


def grid(n: int) -> tuple[int, int]:
    """Columns and rows for ``n`` designs (1..69): room for them and the hidden card, at least 2 x 2."""
    if not 1 <= n <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} designs, not {n}")
    columns = min(MAX_COLUMNS, max(2, n + 1))
    rows = max(2, -(-(n + 1) // columns))
    return columns, rows


def card_scale(deck: Deck, dpi: float) -> float:
    """Pixels per point for the deck's cards: ``dpi``, or less where a full 10 x 7 sheet would pass
    MAX_PX (every sheet is drawn at the same scale)."""
    count = len(deck.cards)
    columns, rows = grid(min(count, PER_SHEET))
    return min(dpi / 72, MAX_PX / (columns * deck.width), MAX_PX / (rows * deck.height))


def export_tts(game: Game, target: Path, dpi: float = 300, url: str | None = None) -> TTSExport:
    """Write the TTS sheets, backs and saved object of ``game`` into ``target/<game>/``."""
    if url is not None:
        check_url(url)
    fonts = FontBook.load(game.font_dirs)
    final = target / game.name
    result = TTSExport(final)
    key = 0
    with staged_folder(final, "--tts") as tmp, gameicons.collecting() as icons:
        for deck in game.decks:
            scale = card_scale(deck, dpi)
            size = (int(deck.width * scale), int(deck.height * scale))
            by_back: dict[bytes, tuple[Image.Image, list[tuple[Card, Image.Image]]]] = {}
            for face in render_faces(game, deck, fonts, scale, False, result.warnings):
                back = _sized(face.back or Image.new("RGB", size, "white"), size)
                digest = hashlib.sha256(back.tobytes()).digest()
                by_back.setdefault(digest, (back, []))[1].append((face.card, _sized(face.front, size)))
            stem = slug(deck.name)
            sheets: list[Sheet] = []
            for k, (back, fronts) in enumerate(by_back.values(), start=1):
                back_name = f"{stem}-back.png" if len(by_back) == 1 else f"{stem}-back-{k}.png"
                save_png(back, tmp / back_name)
                for start in range(0, len(fronts), PER_SHEET):
                    key += 1
                    chunk = fronts[start : start + PER_SHEET]
                    columns, rows = grid(len(chunk))
                    name = f"{stem}-{len(sheets) + 1}.png"
                    save_png(_sheet(chunk, back, columns, rows, size), tmp / name)
                    sheets.append(Sheet(key, columns, rows, name, back_name, [c for c, _ in chunk]))
            result.sheets[deck.name] = sheets
        write_credits(tmp, game.title, icons)  # and in the saved object's notes
        files = sorted(p.name for p in tmp.iterdir())
        note = credits_text(game.title, icons)
        saved = saved_object(game, result.sheets, lambda name: _url(final / name, url), note)
        (tmp / f"{game.name}.json").write_text(saved, encoding="utf-8")
    result.files = [final / name for name in [*files, f"{game.name}.json"]]
    return result


def _sized(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _sheet(
    fronts: list[tuple[Card, Image.Image]], back: Image.Image, columns: int, rows: int, size: tuple[int, int]
) -> Image.Image:
    """The sheet image: fronts in slot order, the back in the bottom-right (hidden) slot."""
    w, h = size
    sheet = Image.new("RGB", (columns * w, rows * h), "white")
    for slot, (_, image) in enumerate(fronts):
        sheet.paste(image, ((slot % columns) * w, (slot // columns) * h))
    sheet.paste(back, ((columns - 1) * w, (rows - 1) * h))
    return sheet


def check_url(base: str) -> str:
    """``base`` if it is an address TTS can download from (http, https or file), else UsageError."""
    from urllib.parse import urlparse

    from generator.core.errors import UsageError

    parsed = urlparse(base)
    if parsed.scheme not in ("http", "https", "file") or not (parsed.netloc or parsed.scheme == "file"):
        raise UsageError(
            f"--tts-url {base}: not a web address; give where the images will be, such as "
            "https://example.org/my-game"
        )
    return base


def _url(path: Path, base: str | None) -> str:
    if base is None:
        return path.resolve().as_uri()
    return f"{base.rstrip('/')}/{quote(path.name)}"


def _guid(*parts: object) -> str:
    """A stable six-hex-digit object GUID (TTS's form) from ``parts``: same input, same file."""
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float, deck: Deck) -> dict[str, float]:
    """Face down at ``x``; scaled from TTS's standard card (a poker card) to the deck's size."""
    sx, sz = round(deck.width / POKER[0], 4), round(deck.height / POKER[1], 4)
    return {
        "posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": sx, "scaleY": 1.0, "scaleZ": sz,
    }  # fmt: skip


def saved_object(game: Game, sheets: dict[str, list[Sheet]], url: Any, note: str = "") -> str:
    """The TTS saved-object JSON: one ``DeckCustom`` per deck, face down, side by side; ``note``
    (the credits of the art drawn) in the save's notes."""
    states = []
    for n, deck in enumerate(game.decks):
        custom: dict[str, dict[str, Any]] = {}
        ids: dict[int, int] = {}  # id(card) -> CardID
        for sheet in sheets[deck.name]:
            custom[str(sheet.key)] = {
                "FaceURL": url(sheet.face),
                "BackURL": url(sheet.back),
                "NumWidth": sheet.columns,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for slot, card in enumerate(sheet.cards):
                ids[id(card)] = sheet.key * 100 + slot
        contained, deck_ids = [], []
        for copy in deck.copies():
            card_id = ids[id(copy.card)]
            key = str(card_id // 100)
            deck_ids.append(card_id)
            contained.append({
                "Name": "Card",
                "GUID": _guid(game.name, deck.name, copy.index),
                "Transform": _transform(4.0 * n, deck),
                "Nickname": copy.card.name,
                "Description": "",
                "CardID": card_id,
                "SidewaysCard": deck.width > deck.height,
                "CustomDeck": {key: custom[key]},
            })  # fmt: skip
        states.append({
            "Name": "DeckCustom",
            "GUID": _guid(game.name, deck.name),
            "Transform": _transform(4.0 * n, deck),
            "Nickname": deck.title,
            "Description": f"{game.title}: {deck.size} cards",
            "SidewaysCard": deck.width > deck.height,
            "DeckIDs": deck_ids,
            "CustomDeck": custom,
            "ContainedObjects": contained,
        })  # fmt: skip
    save = {"SaveName": game.title, "GameMode": game.title, "Note": note, "ObjectStates": states}
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"
