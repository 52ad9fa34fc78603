"""``serve --compare REV``: the preview's comparison page (``/compare``), the game as it is on disk
against a chosen version, as ``deckwright diff`` and ``diff --pdf`` show it: the report, then
every changed card old beside new with the regions that differ outlined. Worked out when the page
is asked for, again only after a rebuild (the preview's state version changed)."""

from __future__ import annotations

import hashlib
import html
import io
from dataclasses import dataclass, field
from threading import Lock

from PIL import Image, ImageDraw

from generator.core import paths
from generator.core.errors import DataError, DeckwrightError, Problem
from generator.versions.faces import FaceChange, changed_faces, pairs
from generator.versions.source import version_folder

GAP = 24  # pixels between the old and the new face
RED = (214, 26, 26)
STYLE = b"""body{font:15px/1.4 system-ui,sans-serif;margin:24px;color:#222;background:#fafafa}
pre{background:#fff;border:1px solid #ddd;padding:12px;white-space:pre-wrap}
.pairs{display:flex;flex-wrap:wrap;gap:24px}figure{margin:0;background:#fff;border:1px solid #ddd;padding:8px}
figcaption{font-size:13px;max-width:520px}.why{color:#666}.bad{color:#b00}img{max-width:520px}
"""


@dataclass
class Page:
    """One worked-out comparison: the HTML and the pictures it names."""

    version: int
    html: bytes
    images: dict[str, bytes] = field(default_factory=dict)


def pair_image(face: FaceChange) -> Image.Image:
    """The old face beside the new one (an empty side left blank), the changed regions outlined."""
    some = face.new_front or face.old_front
    assert some is not None
    w, h = some.size
    out = Image.new("RGB", (2 * w + GAP, h), "white")
    draw = ImageDraw.Draw(out)
    for i, img in enumerate((face.old_front, face.new_front)):
        x = i * (w + GAP)
        if img is None:
            draw.rectangle((x, 0, x + w - 1, h - 1), outline=(170, 170, 170), width=2)
            continue
        out.paste(img.resize((w, h)) if img.size != (w, h) else img, (x, 0))
        if face.status in ("changed", "renamed"):
            for left, top, right, bottom in face.front_boxes:
                draw.rectangle((x + left - 2, top - 2, x + right + 1, bottom + 1), outline=RED, width=3)
    return out


class Comparison:
    """The comparison page of one served game against version ``since``."""

    def __init__(self, game: str, since: str) -> None:
        """UsageError at once for a bad revision or folder (before the server starts)."""
        self.folder = paths.resolve_game(game)
        self.since = since
        with version_folder(self.folder, since):
            pass
        self._page: Page | None = None
        self._lock = Lock()

    def answer(self, path: str, version: int) -> tuple[bytes, str] | None:
        """The body and type of ``/compare`` or one of its pictures; None for any other path."""
        if path == "/compare/style.css":
            return STYLE, "text/css; charset=utf-8"
        if path not in ("/compare", "/compare/") and not path.startswith("/compare/img/"):
            return None
        page = self.page(version)
        if path.startswith("/compare/img/"):
            data = page.images.get(path.removeprefix("/compare/img/").removesuffix(".png"))
            return (data, "image/png") if data is not None and path.endswith(".png") else None
        return page.html, "text/html; charset=utf-8"

    def page(self, version: int) -> Page:
        """The page for the preview's state ``version`` (worked out again after a rebuild)."""
        with self._lock:
            if self._page is None or self._page.version != version:
                self._page = self._work_out(version)
            return self._page

    def _work_out(self, version: int) -> Page:
        from generator.versions.report import as_text
        from generator.versions.run import opened

        title = f"compared with {self.since}"
        try:
            with opened(str(self.folder), self.since) as versions:
                report = as_text(versions.diff)
                title = f"{versions.new.title}: {title}"
                faces = list(changed_faces(versions.old, versions.new, versions.diff, [], removed=True))
        except DeckwrightError as exc:
            problems = exc.problems if isinstance(exc, DataError) else [str(exc)]
            return Page(version, _html(title, _failed(problems)))
        images: dict[str, bytes] = {}
        figures = []
        for pair in pairs(faces):
            face = pair.face
            buffer = io.BytesIO()
            pair_image(face).save(buffer, "PNG", optimize=False)
            data = buffer.getvalue()
            key = hashlib.sha256(data).hexdigest()[:20]
            images[key] = data
            what = f"{face.status}, deck {face.deck}" if pair.side == "front" else f"deck {face.deck}"
            title = html.escape(pair.title)
            figures.append(
                f'<figure><img src="/compare/img/{key}.png" alt="{title}: before and after">'
                f"<figcaption><b>{title}</b> <span class=why>({html.escape(what)}; "
                "before left, after right)</span></figcaption></figure>"
            )
        cards = "".join(figures) or "<p>No card's face changed.</p>"
        body = f"<pre>{html.escape(report)}</pre><h2>Cards whose faces changed</h2>"
        return Page(version, _html(title, f"{body}<div class=pairs>{cards}</div>"), images)


def _failed(problems: list[Problem] | list[str]) -> str:
    items = "".join(f"<li>{html.escape(str(p))}</li>" for p in problems)
    return f"<p class=bad>The comparison cannot be made now:</p><ul class=bad>{items}</ul>"


def _html(title: str, body: str) -> bytes:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title><link rel=stylesheet href=/compare/style.css></head><body>"
        f'<h1>{html.escape(title)}</h1><p><a href="/">back to the preview</a> · outlined in red: where '
        f"the two faces differ</p>{body}</body></html>"
    ).encode()
