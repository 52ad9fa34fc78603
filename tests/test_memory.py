"""Memory flat in deck size: a long deck's cards packed (read back equal, in order, and built to
the same bytes), bad cards still reported at their lines, page content compressed as each page
ends (the file unchanged), the build's proofreader keeping only the pages it has findings on (the
same findings), and the width cache bounded. The figures: ``tests/benchmarks/bench_memory.py``."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from generator.art import fonts
from generator.art.fonts import FontBook
from generator.cli import app
from generator.core import paths, yamlio
from generator.core.options import BuildOptions
from generator.kit.build import build_game
from generator.kit.publish import staged
from generator.load import model
from generator.load.loader import load_game
from generator.load.model import Card, Origin, PackedCards
from generator.proof import gate as proof_gate
from generator.proof import proofread, settings_of
from generator.render import record
from generator.render.pdf import _Canvas
from tests.conftest import write_game

runner = CliRunner()


@pytest.fixture
def small_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pack any deck of more than 5 designs, 4 to a batch (so a test deck of dozens packs)."""
    monkeypatch.setattr(model, "PACK_AFTER", 5)
    monkeypatch.setattr(model, "BATCH", 4)


def _card(i: int) -> Card:
    return Card(f"Card {i}", "hero", 1 + i % 3, "cards", {"speed": i}, Origin("c.yaml", 2 * i + 2, 5))


def test_packed_cards_read_back_equal_and_in_order(small_packs: None) -> None:
    cards = [_card(i) for i in range(23)]
    packed = PackedCards(cards)
    assert packed.settled() is packed and len(packed._batches) == 5  # 20 packed, 3 still open
    assert list(packed) == cards and list(packed) == cards  # every pass reads them again
    assert len(packed) == 23 and packed.total == sum(c.count for c in cards)
    assert [packed[i] for i in (0, 3, 4, 19, 20, 22, -1, -23)] == [
        cards[i] for i in (0, 3, 4, 19, 20, 22, -1, -23)
    ]
    assert packed[2:9] == tuple(cards[2:9]) and packed[::5] == tuple(cards[::5]) and packed[30:] == ()
    with pytest.raises(IndexError):
        packed[23]
    assert packed == tuple(cards) and packed != tuple(cards[:-1])
    assert list(pickle.loads(pickle.dumps(packed))) == cards
    few = PackedCards(cards[:5])
    assert few.settled() == tuple(cards[:5]) and isinstance(few.settled(), tuple)


def _long_game(folder: Path, n: int, bad: int | None = None) -> Path:
    lines = ["cards:"]
    for i in range(1, n + 1):
        speed = "fast" if i == bad else str(i % 9)
        lines += [
            f"  - name: Card {i}",
            "    type: hero",
            f"    speed: {speed}",
            f"    text: Card number {i}.",
        ]
    return write_game(folder, {"cards.yaml": "\n".join(lines) + "\n"})


def _build(folder: Path, out: Path) -> bytes:
    game = load_game(folder)
    with staged(out / game.name):
        (path,) = build_game(game, BuildOptions(out_dir=out))
    return path.read_bytes()


def test_a_packed_deck_builds_to_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _long_game(tmp_path / "long", 40)
    held = _build(folder, tmp_path / "held")
    assert isinstance(load_game(folder).decks[0].cards, tuple)
    monkeypatch.setattr(model, "PACK_AFTER", 5)
    monkeypatch.setattr(model, "BATCH", 4)
    deck = load_game(folder).decks[0]
    assert isinstance(deck.cards, PackedCards) and len(deck.cards) == 40 and deck.size == 40
    assert _build(folder, tmp_path / "packed") == held


def test_a_bad_card_in_a_packed_deck_is_reported_at_its_line(tmp_path: Path, small_packs: None) -> None:
    folder = _long_game(tmp_path / "bad", 30, bad=25)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "-o", str(out)])
    assert result.exit_code == 1
    line = 2 + 4 * 24 + 2  # "cards:", 24 cards of 4 lines, then card 25's name, type, speed
    assert f"cards.yaml:{line}:12: cards[24].speed" in result.output, result.output
    assert "not built" in result.output and "Traceback" not in result.output
    assert not (out / "mini").exists()


def test_pages_are_compressed_as_they_end_and_the_file_is_unchanged(tmp_path: Path) -> None:
    def draw(c: Canvas) -> None:
        for n in range(3):
            c.setFont("Helvetica", 12)
            for y in range(40):
                c.drawString(20, 20 + 18 * y, f"page {n + 1}, line {y + 1}: the same text each time")
            c.rect(10, 10, 100, 100, fill=1)
            c.showPage()

    kw = {"pagesize": (400, 800), "invariant": 1, "pageCompression": 1}
    ours, plain = _Canvas(str(tmp_path / "ours.pdf"), **kw), Canvas(str(tmp_path / "plain.pdf"), **kw)
    draw(ours)
    draw(plain)
    pages = ours._doc.Pages.pages
    assert [p.stream for p in pages] == [None] * 3  # no text kept: compressed bytes only
    assert all("Filter" in p.Contents.dictionary.dict for p in pages)  # encoded already
    assert all(
        len(p.Contents.content) * 3 < len(q.stream)
        for p, q in zip(pages, plain._doc.Pages.pages, strict=True)
    )
    ours.save()
    plain.save()
    assert (tmp_path / "ours.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


def _starter(tmp_path: Path) -> Path:
    """The starter game with its flavour text at 4 pt: a type-size finding on every front."""
    assert runner.invoke(app, ["new", "planted", "--into", str(tmp_path)]).exit_code == 0
    front = tmp_path / "planted" / "front.yaml"
    text = front.read_text(encoding="utf-8")
    at = text.index('"{flavor}"')
    front.write_text(text[:at] + text[at:].replace("size: 8pt", "size: 4pt", 1), encoding="utf-8")
    return tmp_path / "planted"


def test_the_build_keeps_only_pages_with_findings_and_finds_the_same(tmp_path: Path) -> None:
    game = load_game(_starter(tmp_path))
    settings = settings_of(game)
    options = BuildOptions(out_dir=tmp_path / "all", allow_proof=True)
    with record.recording() as everything, staged(tmp_path / "all" / game.name):
        build_game(game, options)
    every = list(everything.pages())
    with_findings = [(p.file.name, p.number) for p in every if proofread([p], settings)]
    assert 0 < len(with_findings) < len(every)  # the fronts, not the backs
    options = BuildOptions(out_dir=tmp_path / "gate", allow_proof=True)
    with proof_gate.proofing(game) as proof, staged(tmp_path / "gate" / game.name):
        build_game(game, options)
        kept = [(p.file.name, p.number) for p in proof.recorded.pages()]
        found = proof.findings()
    assert kept == with_findings  # numbered as printed, pages without findings let go
    expected = proofread(every, settings)
    assert found == expected and found

    def places(findings: list) -> list:
        return [[(s.file.name, s.page, s.box) for s in f.seen] for f in findings]

    assert places(found) == places(expected)


def test_the_width_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "WIDTHS_KEPT", 10)
    book = FontBook.load([paths.FONTS])
    face = book.face("Lato")
    for n in range(45):
        text = f"number {n}"
        assert book.width(text, face, 9.0) == pytest.approx(pdfmetrics.stringWidth(text, face, 9.0))
        assert len(book.widths(face)) <= 10


def test_a_card_file_is_read_a_card_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - name: A\n    speed: 1\n  - just text\n  - name: B\n", encoding="utf-8")
    seen: list[tuple] = []

    def take(loc: tuple, data: object, doc: yamlio.Document) -> bool:
        seen.append((loc, data, sorted(doc.marks)))
        return isinstance(data, dict)

    doc = yamlio.load_yaml(path, (("cards",), take))
    assert seen[0] == (
        ("cards", 0),
        {"name": "A", "speed": "1"},
        [("cards", 0), ("cards", 0, "name"), ("cards", 0, "speed")],
    )
    assert [s[0] for s in seen] == [("cards", 0), ("cards", 1), ("cards", 2)]
    assert doc.data == {"cards": [yamlio.TAKEN, "just text", yamlio.TAKEN]}
    assert doc.mark(("cards", 1)) == (4, 5) and doc.mark(("cards", 2)) == (5, 5)
    assert ("cards", 0, "name") not in doc.marks  # a taken card's positions are let go
