"""`deckwright serve`'s page in a real headless Chromium, as a designer uses it (issue 37): the
card panel follows its card when cards are inserted above, reads on a phone, ends without stray
text; the arrow keys, the focus ring, the skip links and the heading order; a restarted server's
page keeps its pictures until the new ones arrive.

Skipped with one line when no Chromium is found (``.ci/run`` installs Debian's)."""

from __future__ import annotations

import itertools
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.core.options import BuildOptions
from generator.serve.preview import Preview
from generator.serve.server import PreviewServer
from generator.serve.watch import Session
from tests.browser import Browser, find_chromium
from tests.test_serve_browser import Live

CHROMIUM = find_chromium()
if CHROMIUM is None:
    pytest.skip("no Chromium found (apt-get install chromium)", allow_module_level=True)

EXTRA = "\n".join(
    f"  - name: Extra {n}\n    type: action\n    cost: {n % 4}\n    text: Move {n} spaces."
    for n in range(1, 9)
)
PANEL_TITLE = "document.getElementById('panel-title').textContent"
CARDS = "document.querySelectorAll('.card').length"


@pytest.fixture(scope="module")
def game(preview_game: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter game with a second deck of eight cards after its three."""
    folder = tmp_path_factory.mktemp("page") / "preview"
    shutil.copytree(preview_game, folder)
    (folder / "extra.yaml").write_text(f"cards:\n{EXTRA}\n", encoding="utf-8")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    deck = "    cards: [cards.yaml]\n"
    extra = deck + "  - name: extra\n    title: Extra\n    size: poker\n    template: front\n    back: back\n"
    (folder / "game.yaml").write_text(
        text.replace(deck, extra + "    cards: [extra.yaml]\n"), encoding="utf-8"
    )
    return folder


@pytest.fixture(scope="module")
def live(game: Path) -> Iterator[Live]:
    here = Path.cwd()
    os.chdir(game.parent)
    try:
        served = Live(game, game.parent / "out")
        yield served
        served.close()
    finally:
        os.chdir(here)


@pytest.fixture(scope="module")
def browser(live: Live) -> Iterator[Browser]:
    assert CHROMIUM is not None
    chromium = Browser(CHROMIUM)
    chromium.goto(live.url)
    chromium.wait_for(f"{CARDS} === 11", 60)
    yield chromium
    chromium.close()


def _save(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _open(browser: Browser, name: str) -> None:
    browser.js(f"[...document.querySelectorAll('.card')].find(c => c.querySelector('.name').textContent"
               f".startsWith({name!r})).click()")  # fmt: skip
    browser.wait_for(f"!document.getElementById('panel').hidden && {PANEL_TITLE} === {name!r}")


def test_a_card_without_problems_ends_its_panel_cleanly(browser: Browser) -> None:
    _open(browser, "Lucky Find")
    browser.wait_for("document.getElementById('panel-body').textContent.includes('Copies (1)')")
    body = browser.js("document.getElementById('panel-body').textContent")
    assert "null" not in body and "undefined" not in body
    assert body.rstrip().endswith("Copies (1)lucky-find-1")  # its one copy is the last thing shown
    browser.key("Escape")


def test_the_panel_stays_on_its_card_when_cards_are_inserted_above(live: Live, browser: Browser) -> None:
    _open(browser, "Long Stride")
    before = browser.js("document.querySelector('.card.selected').dataset.id")
    new = "cards:\n  - name: Fresh Start\n    type: bonus\n    cost: 0\n    text: Draw a card.\n"
    _save(live.folder, "cards.yaml", "cards:\n", new)
    browser.wait_for(f"{CARDS} === 12", 60)
    browser.wait_for("document.querySelector('.card.selected') && "
                     f"document.querySelector('.card.selected').dataset.id !== {before!r}", 30)  # fmt: skip
    assert browser.js(PANEL_TITLE) == "Long Stride"
    assert browser.js("document.querySelector('.card.selected .name').textContent") == "Long Stride ×2"
    assert "Never look back." in browser.js("document.getElementById('panel-body').textContent")
    # renamed where it stands: the panel follows the new name at the same place
    _save(live.folder, "cards.yaml", "- name: Long Stride\n", "- name: Longer Stride\n")
    browser.wait_for(f"{PANEL_TITLE} === 'Longer Stride'", 30)
    _save(live.folder, "cards.yaml", new, "cards:\n")
    browser.wait_for(f"{CARDS} === 11", 60)
    browser.wait_for(f"{PANEL_TITLE} === 'Longer Stride'", 30)
    _save(live.folder, "cards.yaml", "- name: Longer Stride\n", "- name: Long Stride\n")
    browser.wait_for(f"{PANEL_TITLE} === 'Long Stride'", 30)
    browser.key("Escape")


def test_arrow_keys_move_to_the_card_seen_below_across_decks(browser: Browser) -> None:
    boxes = browser.js("[...document.querySelectorAll('.card')].map(c => { const b = c.getBoundingClientRect(); "
                       "return [c.dataset.id, b.left, b.top]; })")  # fmt: skip
    top = {b[2] for b in boxes}
    assert len(top) >= 3  # one row of the first deck, at least two of the second
    for start in ("extra/1", "main/3", "extra/2"):
        left, row = next((b[1], b[2]) for b in boxes if b[0] == start)
        below = min(t for t in top if t > row + 4)
        expected = min((b for b in boxes if b[2] == below), key=lambda b: abs(b[1] - left))[0]
        browser.js(f"document.querySelector('.card[data-id=\"{start}\"]').focus()")
        browser.key("ArrowDown")
        assert browser.js("document.activeElement.dataset.id") == expected, start
        browser.key("ArrowUp")
        assert browser.js("document.activeElement.dataset.id") in (start, "main/3"), start


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    def lum(rgb: tuple[int, ...]) -> float:
        c = [v / 255 for v in rgb[:3]]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rgb(css: str) -> tuple[int, ...]:
    return tuple(int(float(v)) for v in css[css.index("(") + 1 : -1].split(",")[:3])


@pytest.mark.parametrize("dark", [False, True])
def test_the_focus_ring_stands_out_three_to_one(browser: Browser, dark: bool) -> None:
    browser.dark(dark)
    try:
        browser.js("document.querySelector('.card').focus()")
        ring = browser.js("getComputedStyle(document.activeElement).outlineColor")
        assert browser.js("getComputedStyle(document.activeElement).outlineStyle") == "solid"
        for under in ("getComputedStyle(document.body).backgroundColor",
                      "getComputedStyle(document.getElementById('panel')).backgroundColor"):  # fmt: skip
            assert _contrast(_rgb(ring), _rgb(browser.js(under))) >= 3.0, (ring, dark)
    finally:
        browser.dark(False)


def test_skip_links_lead_past_the_header(live: Live, browser: Browser) -> None:
    browser.goto(live.url)  # a fresh page: Tab starts at its top
    browser.wait_for(f"{CARDS} === 11", 60)
    browser.key("Tab")
    assert browser.js("document.activeElement.textContent") == "Skip to the problems"
    assert browser.js("document.activeElement.getBoundingClientRect().top >= 0")  # shown when focused
    browser.key("Tab")
    assert browser.js("document.activeElement.textContent") == "Skip to the cards"
    browser.key("Enter")
    browser.wait_for("location.hash === '#cards-section'")
    browser.key("Tab")
    assert browser.js("document.activeElement.classList.contains('card')")


HEADINGS = ("[...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].filter(h => h.offsetParent !== null)"
            ".map(h => Number(h.tagName[1]))")  # fmt: skip


def test_headings_never_skip_a_level(browser: Browser) -> None:
    _open(browser, "Quick Step")
    assert browser.js("document.getElementById('printing').textContent") == "A4, duplex"
    levels = browser.js(HEADINGS)
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
    browser.key("Escape")


def test_on_a_phone_the_card_data_fills_the_screen(live: Live) -> None:
    assert CHROMIUM is not None
    phone = Browser(CHROMIUM, 390, 844)
    try:
        phone.goto(live.url)
        phone.wait_for(f"{CARDS} === 11", 60)
        assert phone.js("document.documentElement.scrollWidth") <= 390  # nothing wider than the screen
        _open(phone, "Long Stride")
        box = phone.js("(() => { const b = document.getElementById('panel').getBoundingClientRect(); "
                       "return [b.left, b.width, b.height]; })()")  # fmt: skip
        assert box[0] == 0 and box[1] >= 360 and box[2] >= 800, box
        value = phone.js("[...document.querySelectorAll('#panel dd')].find(d => "
                         "d.textContent.startsWith('Never look back.')).getBoundingClientRect().width")  # fmt: skip
        assert value >= 200  # the field's value has room to read
        if os.environ.get("DECKWRIGHT_SCREENSHOTS"):
            phone.screenshot(Path(os.environ["DECKWRIGHT_SCREENSHOTS"]) / "phone-panel.png")
        phone.js("document.getElementById('close').click()")
        assert phone.js("document.getElementById('panel').hidden")
    finally:
        phone.close()


def test_a_restarted_server_keeps_the_last_pictures_until_its_first_build(game: Path, tmp_path: Path) -> None:
    """A page open on a server that stops and starts again on the same port: while the new
    server's first build runs, the page keeps the old pictures and says why; then the new ones."""
    assert CHROMIUM is not None
    folder = tmp_path / "restart"
    shutil.copytree(game, folder)

    def start(port: int) -> tuple[Session, Preview, PreviewServer]:
        session = Session(str(folder), BuildOptions(out_dir=tmp_path / "out"))
        preview = Preview(session)
        server = PreviewServer(preview, "127.0.0.1", port)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return session, preview, server

    session, preview, server = start(0)
    preview.apply(session.start())
    port = server.server_address[1]
    page = Browser(CHROMIUM)
    try:
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for(f"{CARDS} === 11", 60)
        page.wait_for("[...document.images].every(i => i.complete && i.naturalWidth > 0)", 30)
        old = page.js("document.querySelector('.card img.front').getAttribute('src')")
        server.stop()
        page.wait_for("document.getElementById('status').textContent.includes('not answering')", 30)
        session, preview, server = start(port)  # listening; its first build not begun
        page.wait_for("document.getElementById('status').textContent.includes('server restarted')", 30)
        assert page.js(CARDS) == 11 and page.js("[...document.images].every(i => i.naturalWidth > 0)")
        _save(folder, "cards.yaml", "- name: Quick Step\n", "- name: Quick Start\n")
        preview.apply(session.start())
        page.wait_for(
            "[...document.querySelectorAll('.card .name')].some(n => n.textContent.startsWith('Quick Start'))",
            60,
        )
        assert "restarted" not in page.js("document.getElementById('status').textContent")
        assert page.js("document.querySelector('.card img.front').getAttribute('src')") != old
    finally:
        page.close()
        server.stop()


def test_only_cards_with_problems(live: Live, browser: Browser) -> None:
    browser.js("document.getElementById('troubled').click()")
    try:
        assert browser.js(CARDS) == 0 and "0 of 11" in browser.js(
            "document.getElementById('shown').textContent"
        )
        _save(live.folder, "extra.yaml", "cost: 3\n", "cost: lots\n")
        browser.wait_for(f"{CARDS} === 1", 30)
        assert browser.js("document.querySelector('.card .name').textContent") == "Extra 3"
        _save(live.folder, "extra.yaml", "cost: lots\n", "cost: 3\n")
        browser.wait_for(f"{CARDS} === 0", 30)
    finally:
        browser.js("document.getElementById('troubled').click()")
    assert browser.js(CARDS) == 11


def test_zoom_a_card_to_its_printed_size_and_beyond_with_its_lines(browser: Browser) -> None:
    _open(browser, "Long Stride")
    browser.js("[...document.querySelectorAll('#panel-body button.zoom')].find(b => b.textContent === "
               "'zoom the front').click()")  # fmt: skip
    browser.wait_for("!document.getElementById('viewer').hidden && document.getElementById('viewer-img').complete "
                     "&& document.getElementById('viewer-img').naturalWidth > 0", 30)  # fmt: skip
    assert browser.js("document.activeElement.id") == "viewer-close"
    title = browser.js("document.getElementById('viewer-title').textContent")
    assert title == "Long Stride, front: 63.5 x 88.9 mm, with 3 mm bleed"
    # drawn at 384 dpi with its bleed: 69.5 x 94.9 mm
    natural = browser.js("[document.getElementById('viewer-img').naturalWidth, "
                         "document.getElementById('viewer-img').naturalHeight]")  # fmt: skip
    assert abs(natural[0] - 69.5 / 25.4 * 384) <= 2 and abs(natural[1] - 94.9 / 25.4 * 384) <= 2
    frame = "document.getElementById('viewer-frame').getBoundingClientRect()"
    for zoom in ("1", "2", "4"):
        _choose(browser, "zoom", zoom)
        width = browser.js(f"{frame}.width")
        assert abs(width - float(zoom) * 69.5 / 25.4 * 96) < 1, zoom  # the printed size, times the zoom
    trim = browser.js("(() => { const t = document.getElementById('line-trim').getBoundingClientRect(); "
                      f"const f = {frame}; return [t.left - f.left, t.width]; }})()")  # fmt: skip
    assert abs(trim[0] - 4 * 3 / 25.4 * 96) < 1.5 and abs(trim[1] - 4 * 63.5 / 25.4 * 96) < 2  # 3 mm in
    assert browser.js("getComputedStyle(document.getElementById('line-safe')).display") != "none"
    browser.js("document.getElementById('show-safe').click()")
    assert browser.js("document.getElementById('line-safe').hidden")
    browser.js("document.getElementById('show-safe').click()")
    if os.environ.get("DECKWRIGHT_SCREENSHOTS"):
        _choose(browser, "zoom", "fit")
        browser.screenshot(Path(os.environ["DECKWRIGHT_SCREENSHOTS"]) / "zoom-card.png")
    browser.key("Escape")
    assert browser.js("document.getElementById('viewer').hidden")
    assert not browser.js("document.getElementById('panel').hidden")  # Escape closed the zoom only
    browser.key("Escape")


def test_the_sheet_view_shows_any_page_of_a_kit_file(browser: Browser) -> None:
    browser.js("document.querySelector('button.sheet[data-file=\"main.pdf\"]').click()")
    browser.wait_for(
        "!document.getElementById('viewer').hidden && document.getElementById('viewer-img').naturalWidth > 0",
        30,
    )
    assert browser.js("document.getElementById('viewer-title').textContent").startswith(
        "main.pdf, page 1 of "
    )
    assert browser.js("document.getElementById('viewer-lines').hidden")
    _choose(browser, "zoom", "1")
    width = browser.js("document.getElementById('viewer-frame').getBoundingClientRect().width")
    assert abs(width - 210 / 25.4 * 96) < 2  # an A4 sheet at its printed size
    browser.js("document.getElementById('viewer-next').click()")
    browser.wait_for("document.getElementById('viewer-title').textContent.startsWith('main.pdf, page 2 of ')")
    browser.wait_for(
        "document.getElementById('viewer-img').complete && document.getElementById('viewer-img').naturalWidth > 0"
    )
    if os.environ.get("DECKWRIGHT_SCREENSHOTS"):
        _choose(browser, "zoom", "fit")
        browser.screenshot(Path(os.environ["DECKWRIGHT_SCREENSHOTS"]) / "zoom-sheet.png")
    browser.key("Escape")


def _choose(browser: Browser, control: str, value: str) -> None:
    browser.js(f"(() => {{ const c = document.getElementById({control!r}); c.value = {value!r}; "
               "c.dispatchEvent(new Event('input')); })()")  # fmt: skip


def test_a_save_marks_the_changed_card_and_compares_it_with_before(live: Live, browser: Browser) -> None:
    old = browser.js("document.querySelector('.card[data-id=\"extra/5\"] img.front').getAttribute('src')")
    _save(live.folder, "extra.yaml", "text: Move 5 spaces.", "text: Move 5 spaces, then rest.")
    browser.wait_for("document.querySelector('.card[data-id=\"extra/5\"]').classList.contains('changed')", 30)
    assert browser.js("[...document.querySelectorAll('.card.changed')].map(c => c.dataset.id)") == ["extra/5"]
    assert browser.js("document.querySelector('.card[data-id=\"extra/5\"] .change').textContent") == "changed"
    _open(browser, "Extra 5")
    browser.wait_for("document.querySelectorAll('.compare-pair img').length === 2")
    srcs = browser.js("[...document.querySelectorAll('.compare-pair img')].map(i => i.getAttribute('src'))")
    assert srcs[0] == old and srcs[1] != old
    assert browser.wait_for(
        "[...document.querySelectorAll('.compare-pair img')].every(i => i.naturalWidth > 0)"
    )
    browser.js("document.querySelector('.compare button.blink').click()")
    shown = "getComputedStyle(document.querySelector('.compare-pair figure:first-child')).display"
    seen = {
        browser.wait_for(f"{shown} === 'block' && 'before'", 5),
        browser.wait_for(f"{shown} === 'none' && 'now'", 5),
    }
    assert seen == {"before", "now"}  # it blinks between the two
    browser.js("document.querySelector('.compare button.blink').click()")
    browser.key("Escape")


def test_a_card_whose_text_does_not_fit_is_drawn_with_the_overflow_outlined(
    live: Live, browser: Browser
) -> None:
    long = "text: Move 7 spaces." + " And again, and again." * 40
    _save(live.folder, "extra.yaml", "text: Move 7 spaces.", long)
    tile = '.card[data-id="extra/7"]'
    browser.wait_for(f"document.querySelector('{tile} .overflow-box') !== null", 30)
    assert browser.js(STATUS).startswith("status failed")
    box = browser.js(f"(() => {{ const o = document.querySelector('{tile} .overflow-box').getBoundingClientRect(); "
                     f"const i = document.querySelector('{tile} img.front').getBoundingClientRect(); "
                     "return [o.left - i.left, o.top - i.top, o.width, o.height, i.width, i.height]; })()")  # fmt: skip
    assert box[0] > 0 and box[1] > 0 and box[0] + box[2] <= box[4] + 1 and box[1] + box[3] <= box[5] + 1
    assert browser.js("document.querySelectorAll('#decks .overflow-box').length") == 1
    if os.environ.get("DECKWRIGHT_SCREENSHOTS"):
        _open(browser, "Extra 7")
        browser.screenshot(Path(os.environ["DECKWRIGHT_SCREENSHOTS"]) / "overflow.png")
        browser.key("Escape")
    _save(live.folder, "extra.yaml", long, "text: Move 7 spaces.")
    browser.wait_for(
        f"{STATUS}.startsWith('status ok') && !document.querySelector('#decks .overflow-box')", 30
    )


STATUS = "(document.getElementById('status').className + ' ' + document.getElementById('status').textContent)"


def test_tab_stays_in_the_zoom_view_while_it_is_open(browser: Browser) -> None:
    _open(browser, "Quick Step")
    browser.js("document.querySelector('#panel-body button.zoom').focus()")
    browser.key("Enter")
    browser.wait_for("!document.getElementById('viewer').hidden")
    seen = set()
    for _ in range(8):
        browser.key("Tab")
        seen.add(browser.js("document.activeElement.id"))
    assert seen == {"zoom", "show-bleed", "show-trim", "show-safe", "viewer-close"}
    browser.key("Escape")
    assert browser.js("document.activeElement.textContent") == "zoom the front"  # back where it was opened
    assert not browser.js("document.getElementById('viewer-img')")
    browser.key("Escape")


def test_an_older_state_answered_late_is_never_shown(browser: Browser) -> None:
    """Two saves in a row: the answer for the first may arrive after the second's; the status line
    must not go back in time (a restarted server's states, with another boot, are shown)."""
    shown = browser.js(
        "(async () => { const real = window.fetch; "
        "const late = {...state, version: state.version - 1, line: 'an older line'}; "
        "window.fetch = async () => new Response(JSON.stringify(late)); "
        "try { await load(); } finally { window.fetch = real; } "
        "return document.getElementById('status').textContent; })()"
    )
    assert "an older line" not in shown
    restarted = browser.js(
        "(async () => { const real = window.fetch; const now = state; "
        "const fresh = {...state, boot: 'another', version: 1, line: 'a new server'}; "
        "window.fetch = async () => new Response(JSON.stringify(fresh)); "
        "try { await load(); } finally { window.fetch = real; } "
        "const line = document.getElementById('status').textContent; state = now; render(); return line; })()"
    )
    assert restarted.startswith("a new server")
