"""The preview's pictures: card faces and kit pages as PNG, re-rendered only where they changed.

Card faces come from ``export.faces.render_faces`` (the print-shop face writer ``export --png``
uses: no layout code of our own). A deck is redrawn card by card: a design whose data, deck size
and templates equal the last render's keeps its pictures. Kit pages (boards, components, summary
and aids) are the kit's own PDFs rasterised with pypdfium2; a PDF with the same bytes as before
(builds are reproducible) keeps its pictures.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image

from generator.core.errors import Problem
from generator.load.model import Card, Deck, Game

FACE_DPI = 150  # sharp at twice the size the page shows a card in its grid
PAGE_DPI = 110


@dataclass(frozen=True)
class Picture:
    """A stored PNG: its key (content hash, the URL's name) and its size in pixels."""

    key: str
    width: int
    height: int


@dataclass(frozen=True)
class FaceView:
    """One card design as the page shows it."""

    id: str  # "<deck>/<n>": the design's position in its deck
    deck: Deck
    card: Card
    front: Picture | None
    back: Picture | None
    change: str = ""  # what the last redraw did to it: "changed", "new" or "" (the same pictures)
    before: tuple[Picture | None, Picture | None] | None = None  # its pictures before that redraw


@dataclass(frozen=True)
class PageView:
    """One page of a kit file (board, component sheet, summary or aid)."""

    id: str  # "<file stem>/<page>"
    file: str
    kind: str
    number: int
    picture: Picture


@dataclass
class _DeckCache:
    head: Any
    faces: dict[str, tuple[Picture | None, Picture | None]] = field(default_factory=dict)


class Gallery:
    """Every picture of the last good build, and the PNG bytes behind them."""

    def __init__(self) -> None:
        self.images: dict[str, bytes] = {}
        self.faces: list[FaceView] = []
        self.pages: list[PageView] = []
        self._decks: dict[str, _DeckCache] = {}
        self._pdfs: dict[bytes, list[Picture]] = {}
        self.rendered = 0  # faces drawn by the last refresh (what a test or a benchmark can check)

    def refresh_faces(self, game: Game, decks: list[str] | None, warnings: list[Problem]) -> None:
        """Redraw the faces of ``decks`` (None: every deck, forgetting earlier pictures) that
        differ from the last render; raise DataError as a build would."""
        from generator.art.fonts import FontBook
        from generator.export.faces import render_faces

        self._decks = {} if decks is None else dict(self._decks)
        self.images = dict(self.images)
        fonts = FontBook.load(game.font_dirs)
        self.rendered = 0
        for deck in game.decks:
            head = _head(game, deck)
            cache = self._decks.get(deck.name)
            if cache is None or cache.head != head:
                cache = _DeckCache(head)
            elif decks is not None and deck.name not in decks:
                continue
            faces = dict(cache.faces)
            todo = list({_content(c): c for c in deck.cards if _content(c) not in faces}.values())
            if todo:
                part = replace(deck, cards=tuple(todo))
                for face in render_faces(game, part, fonts, FACE_DPI / 72, False, warnings):
                    back = self._add(face.back) if face.back is not None else None
                    faces[_content(face.card)] = (self._add(face.front), back)
                self.rendered += len(todo)
            wanted = {_content(c) for c in deck.cards}
            self._decks[deck.name] = _DeckCache(head, {k: v for k, v in faces.items() if k in wanted})
        self._decks = {d.name: self._decks[d.name] for d in game.decks}
        faces = [
            FaceView(f"{deck.name}/{n}", deck, card, *self._decks[deck.name].faces[_content(card)])
            for deck in game.decks
            for n, card in enumerate(deck.cards, 1)
        ]
        self.faces = _compared(self.faces, faces)
        self._prune()

    def checkpoint(self) -> tuple[Any, ...]:
        """The gallery as it is, to ``restore`` when a rebuild that redrew it fails after all."""
        return (self.images, self.faces, self.pages, self._decks, self._pdfs)

    def restore(self, saved: tuple[Any, ...]) -> None:
        self.images, self.faces, self.pages, self._decks, self._pdfs = saved

    def refresh_pages(self, files: list[tuple[Path, str]]) -> None:
        """Rasterise the kit files given as (PDF path, kind); a PDF unchanged since the last call
        keeps its pictures."""
        import pypdfium2 as pdfium

        self.images = dict(self.images)
        pages: list[PageView] = []
        known: dict[bytes, list[Picture]] = {}
        for path, kind in files:
            data = path.read_bytes()
            digest = hashlib.sha256(data).digest()
            pictures = self._pdfs.get(digest) or known.get(digest)
            if pictures is None:
                pdf = pdfium.PdfDocument(data)
                try:
                    pictures = [self._add(_page_image(pdf[i])) for i in range(len(pdf))]
                finally:
                    pdf.close()
            known[digest] = pictures
            pages += [PageView(f"{path.stem}/{n}", path.name, kind, n, p) for n, p in enumerate(pictures, 1)]
        self._pdfs = known
        self.pages = pages
        self._prune()

    def _add(self, image: Image.Image) -> Picture:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=3)
        data = buffer.getvalue()
        key = hashlib.sha256(data).hexdigest()[:24]
        self.images[key] = data
        return Picture(key, image.width, image.height)

    def _prune(self) -> None:
        """Forget the PNGs no face or page shows any more."""
        used = {p.key for f in self.faces for p in (f.front, f.back, *(f.before or ())) if p is not None}
        used |= {p.key for pictures in self._pdfs.values() for p in pictures}
        used |= {p.key for c in self._decks.values() for pair in c.faces.values() for p in pair if p}
        self.images = {k: v for k, v in self.images.items() if k in used}


def identities(faces: list[FaceView]) -> dict[str, str]:
    """Each face's identity by its id: its deck, name and which card of that name it is (a card
    keeps it when cards are inserted above it; its id, a place in the deck, changes)."""
    seen: dict[tuple[str, str], int] = {}
    found = {}
    for face in faces:
        base = (face.deck.name, face.card.name)
        seen[base] = seen.get(base, 0) + 1
        found[face.id] = f"{base[0]}\0{base[1]}\0{seen[base]}"
    return found


def _compared(old: list[FaceView], new: list[FaceView]) -> list[FaceView]:
    """``new`` with what changed since ``old`` (the pictures shown before this redraw): a face is
    matched by its identity, else (renamed where it stood) by its place; none is marked after
    the first drawing."""
    if not old:
        return new
    old_ids, new_ids = identities(old), identities(new)
    by_identity = {old_ids[f.id]: f for f in old}
    by_place = {f.id: f for f in old}
    out = []
    for face in new:
        was = by_identity.get(new_ids[face.id])
        if was is None and face.id in by_place and old_ids[face.id] not in new_ids.values():
            was = by_place[face.id]
        if was is None:
            out.append(replace(face, change="new"))
        elif (was.front, was.back) != (face.front, face.back):
            out.append(replace(face, change="changed", before=(was.front, was.back)))
        else:
            out.append(face)
    return out


def _page_image(page: Any) -> Image.Image:
    image = page.render(scale=PAGE_DPI / 72).to_pil().convert("RGB")
    page.close()
    return image


def _head(game: Game, deck: Deck) -> Any:
    """What every face of a deck depends on beside its card: size and templates."""
    library = game.extra["templates"]
    names = sorted({deck.template, *(deck.back_for(c) or "" for c in deck.cards)} - {""})
    return (deck.width, deck.height, tuple((n, library.get(n)) for n in names), dict(deck.backs_by_type))


def _content(card: Card) -> str:
    """A card's printed data (not where it was written), as a key."""
    return repr((card.name, card.type, card.count, card.deck, sorted(card.fields.items())))
