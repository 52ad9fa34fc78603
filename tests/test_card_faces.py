"""Card faces say what the card data says: the text of every Road Runner card is read back from
the built ``cards.pdf`` and compared with its data (keywords, Damage, Speed, conditions, texts);
and no text on any card of the bundled games is set below 6 pt, badges of one card alike."""

from __future__ import annotations

import re
from collections import defaultdict

import pypdfium2 as pdfium
import pytest
from reportlab.lib.pagesizes import A4

from generator.art.fonts import FontBook
from generator.core.options import SheetOptions
from generator.core.units import mm
from generator.kit.build import BuildOptions, DeckFaces, build_game
from generator.layout.imposition import plan_sheet
from generator.layout.ops import GroupOp, TextOp
from generator.load.loader import load_game
from generator.load.model import Card

MIN_PT = 6.0


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, list[list[str]]]:
    """Card name -> the text lines of each printed copy, read from the fronts of cards.pdf."""
    game = load_game("road-runner")
    deck = game.decks[0]
    out = tmp_path_factory.mktemp("faces")
    pdf = next(p for p in build_game(game, BuildOptions(out_dir=out)) if p.name == "cards.pdf")
    slots = plan_sheet(deck.width, deck.height, SheetOptions(paper=A4)).slots
    cards: dict[str, list[list[str]]] = defaultdict(list)
    doc = pdfium.PdfDocument(pdf)
    for number in range(0, len(doc), 2):  # fronts; each is followed by its backs
        text = doc[number].get_textpage()
        for slot in slots:
            b = slot.trim
            lines = [ln.strip() for ln in text.get_text_bounded(b.x, b.y, b.right, b.top).splitlines()]
            if lines and lines[0]:
                cards[lines[0]].append([ln for ln in lines if ln])
    doc.close()
    return cards


def _flat(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _expected(card: Card) -> tuple[list[str], list[str]]:
    """What must be on the face, as regular expressions over its lines (badges, Speed) and over
    its text with line breaks made spaces (conditions)."""
    v = card.values()
    damage = v.get("damage") or {}
    want = [
        rf"(^|\n){re.escape(k)}{f' {damage[k]}' if k in damage else ''}(\n|$)"
        for k in v.get("keywords") or ()
    ]
    if v.get("speed") is not None:
        want.append(rf"(^|\n){v['speed']}\nSPEED(\n|$)")
    flat: list[str] = []
    for cond in v.get("conditions") or ():
        part = rf"With {re.escape(' + '.join(cond['with']))}:"
        for k in cond.get("keywords") or ():
            flat.append(part + rf"[^W]*\b{k}\b")
        for k, n in (cond.get("damage") or {}).items():
            flat.append(part + rf"[^W]*\b{k} Damage {n}\b")  # as the rulebook: "DROP Damage 3"
        if cond.get("speed") is not None:
            flat.append(part + rf"[^W]*SPEED {cond['speed']}\b")
    return want, flat


def test_every_road_runner_card_prints_its_data(printed):
    game = load_game("road-runner")
    for card in game.decks[0].cards:
        copies = printed.get(card.name, [])
        assert len(copies) == card.get("count", 1), card.name
        for lines in copies:
            joined, flat = "\n".join(lines), _flat(" ".join(lines))
            by_line, by_text = _expected(card)
            for pattern in by_line:
                assert re.search(pattern, joined), f"{card.name}: {pattern!r} not in {joined!r}"
            for pattern in by_text:
                assert re.search(pattern, flat), f"{card.name}: {pattern!r} not in {flat!r}"
            for key in ("text", "capture_text", "flavor"):  # flavour lines print on Escapes only
                if card.get(key) and (key != "flavor" or card.type == "escape"):
                    assert _flat(card.get(key)) in flat, f"{card.name}: its {key} is not printed"


def test_the_readings_the_rulebook_prints(printed):
    """Single cards the issue names: Damage 0 shows, 'or' not 'and', the magnet says why."""
    assert "AMBUSH 0" in printed["Knife And Fork"][0]
    too_smart = _flat(" ".join(printed["Too Smart!"][0]))
    assert "TRAP or AMBUSH damage" in too_smart and "TRAP and AMBUSH" not in too_smart
    assert "With Bucket Of Water: DROP Damage 3" in _flat(" ".join(printed["Dehydrated Boulders"][0]))
    assert any("Ball Bearings" in line for line in printed["Giant Magnet"][0])
    for name in ("Outboard Motor", "Skis"):  # METAL (MECHANICAL) always there, as on the Fan
        assert "METAL" in printed[name][0][:4], printed[name][0]


def _texts(ops) -> list[TextOp]:
    out = []
    for op in ops:
        if isinstance(op, GroupOp):
            out += _texts(op.ops)
        elif isinstance(op, TextOp):
            out.append(op)
    return out


@pytest.mark.parametrize("name", ["road-runner", "jokers-row"])
def test_no_card_text_below_6pt_and_repeated_badges_alike(name: str):
    game = load_game(name)
    fonts = FontBook.load(game.font_dirs)
    for deck in game.decks:
        faces = DeckFaces(game, deck, fonts, mm(3))
        for card in deck.cards:
            for side, face in zip(("front", "back"), faces.faces(card), strict=True):
                if face is None:
                    continue
                texts = [t for t in _texts(face.ops) if t.layout.runs]
                for t in texts:
                    sizes = {r.size for r in t.layout.runs} | {t.layout.size}
                    assert min(sizes) >= MIN_PT - 1e-6, (card.name, side, t.layout.runs[0].text, sizes)
                rows: dict[tuple, set[float]] = defaultdict(set)  # one repeated element: same x, w, h
                for t in texts:
                    rows[(round(t.box.x, 2), round(t.box.w, 2), round(t.box.h, 2))].add(
                        round(t.layout.size, 2)
                    )
                for key, sizes in rows.items():
                    assert len(sizes) == 1, (card.name, side, key, sizes)
        assert not faces.problems, faces.problems


def test_capture_cards_show_the_capture_sets_they_belong_to():
    """A Capture card's lower half shows the rule summary's six capture sets, the ones its own
    keywords take part in filled (white text on the dark chip), the others outlined; a card with
    a condition shows them (above it) when one of its own keywords is in a set (Sail, Fan, Ball
    Bearings), and the panel's caption says the dark sets are the ones the card can join."""
    import yaml

    from generator.core import paths
    from tests.cardfaces import laid_faces, words

    summary = yaml.safe_load((paths.CARDDATA / "road-runner" / "summary.yaml").read_text(encoding="utf-8"))
    sets = next(s["sets"] for s in summary["sections"] if s.get("kind") == "sets")
    label = {
        (" + ".join(s["keywords"]) if len(s["keywords"]) > 1 else f"{s['keywords'][0]} ALONE"): s["keywords"]
        for s in sets
    }
    shown = with_condition = 0
    for name, (card, front, _) in laid_faces(load_game("road-runner")).items():
        chips = [op for op in _texts(front.ops) if words(op) in label]
        in_sets = {k for kws in label.values() for k in kws} & set(card.get("keywords") or ())
        if card.type != "capture" or card.get("text") or (card.get("conditions") and not in_sets):
            assert chips == [], name
            continue
        assert "THIS CARD CAN JOIN THE DARK CAPTURE SETS" in {words(op) for op in _texts(front.ops)}, name
        assert sorted(words(op) for op in chips) == sorted(label), name
        filled = {words(op) for op in chips if op.layout.runs[0].color == "#ffffff"}
        assert filled == {k for k, kws in label.items() if set(kws) & set(card.get("keywords") or ())}, name
        shown += 1
        with_condition += bool(card.get("conditions"))
    assert shown >= 30 and with_condition == 3


@pytest.mark.parametrize(("name", "edge"), [("road-runner", 2.0), ("jokers-row", 2.0), ("entenrallye", 0.8)])
def test_cards_of_differing_colours_share_a_white_edge(name: str, edge: float):
    """Decks whose cards differ in background print butted: every fill within ``edge`` mm of the
    trim is white on every card, so a small miscut leaves no coloured sliver on a neighbour."""
    from generator.layout.ops import EllipseOp, RectOp
    from tests.cardfaces import flat, laid_faces

    game = load_game(name)
    sizes = {d.name: (d.width, d.height) for d in game.decks}
    for card_name, (card, front, _) in laid_faces(game).items():
        w, h = sizes[card.deck]
        near = [
            op.fill
            for op in flat(front.ops)
            if isinstance(op, RectOp | EllipseOp)
            and op.fill
            and (
                op.box.x < mm(edge) - 0.01
                or op.box.y < mm(edge) - 0.01
                or op.box.x + op.box.w > w - mm(edge) + 0.01
                or op.box.y + op.box.h > h - mm(edge) + 0.01
            )
        ]
        assert set(near) == {"#ffffff"}, (card_name, near)
