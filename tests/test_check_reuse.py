"""``check`` lays each card face out once and draws it once for all its papers and layouts,
placing the face's recorded marks in every slot (``layout.kept``, ``render.placing``): the pages
and findings equal those of laying out and drawing every face on every sheet, planted defects
included."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from generator.kit import proofing
from generator.layout import memo
from generator.layout.deck import DeckFaces
from generator.load.loader import load_game
from generator.proof import proofread_game, settings_of
from generator.render import placing, sheets
from generator.render.record import FillMark, ImageMark, NoteMark, PageRecord, StrokeMark, TextMark

SPICE = Path(__file__).resolve().parents[1] / "examples" / "spice-market"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """Spice Market with two defects planted: the aid's rule text at 4 pt (type-size, on a
    one-sided deck) and the market's star rating in a pale ink (contrast, on a two-sided deck
    whose backs turn in gutterfold)."""
    folder = tmp_path / "spice"
    shutil.copytree(SPICE, folder)
    for name, old, new in (
        ("aid-front.yaml", "size: 12pt, min_size: 8pt", "size: 4pt, min_size: 4pt"),
        ("market-front.yaml", 'color: "#8a5a00"}', 'color: "#e8dcc0"}'),
    ):
        path = folder / "templates" / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _r(box: tuple[float, ...] | None) -> tuple[float, ...] | None:
    return None if box is None else tuple(round(v, 6) + 0.0 for v in box)


def _mark(m: object) -> tuple:
    if isinstance(m, TextMark):
        return ("text", m.text, _r(m.box), _r(m.shown), round(m.size, 6), m.color, m.font, m.origin)
    if isinstance(m, FillMark):
        return ("fill", _r(m.box), m.color, m.alpha, m.shape, m.radius, m.origin)
    if isinstance(m, ImageMark):
        return ("image", _r(m.box), m.origin)
    if isinstance(m, NoteMark):
        return ("note", m.kind, _r(m.box))
    assert isinstance(m, StrokeMark)
    return ("stroke", _r(m.box), m.color, m.alpha, m.filled, m.in_form, round(m.width, 6), m.origin)


def _page(p: PageRecord) -> tuple:
    return (p.variant, p.file.name, p.number, p.width, p.height, p.origin, [_mark(m) for m in p.marks])


def _proofread(folder: Path, *kinds: str) -> tuple[list[tuple], list[tuple]]:
    """The pages ``check`` records and its findings (with every box they are seen in), the
    ``memo`` kinds ``kinds`` kept."""
    game = load_game(str(folder))
    with memo.reusing(*kinds), proofing.recorded_kit(game) as found:
        pages = list(found.pages())
        parts = proofing.proof_parts(game)
        findings = proofing.placed(proofread_game(game, pages, parts, settings_of(game)), pages)
    seen = [
        (f.rule, f.severity, f.origin, f.message, [(s.file.name, s.page, _r(s.box)) for s in f.seen])
        for f in findings
    ]
    return [_page(p) for p in pages], seen


def test_placed_faces_give_the_pages_and_findings_of_drawing_every_face(planted: Path) -> None:
    drawn = _proofread(planted)  # every face laid out and drawn on every sheet, as before
    placed = _proofread(planted, "faces", "unread")
    rules = {f[0] for f in drawn[1]}
    assert {"type-size", "contrast"} <= rules  # the planted defects are found
    seen = [s for f in drawn[1] for s in f[4]]
    assert len({name for name, _, _ in seen}) >= 2 and len(seen) > 20  # on many pages and slots
    assert placed[0] == drawn[0]
    assert placed[1] == drawn[1]


def test_check_lays_out_and_records_each_face_once(planted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    laid: Counter = Counter()
    recorded: Counter = Counter()
    slots = Counter()
    one, record, draw = DeckFaces._one, placing._recorded, sheets.draw_card

    def counting_one(self, layouter, card, values, side):  # type: ignore[no-untyped-def]
        laid[(id(card), side)] += 1
        return one(self, layouter, card, values, side)

    def counting_record(kept, painter, face, origin):  # type: ignore[no-untyped-def]
        recorded[id(face)] += 1
        return record(kept, painter, face, origin)

    def counting_draw(*args, **kw):  # type: ignore[no-untyped-def]
        slots["placed"] += 1
        return draw(*args, **kw)

    monkeypatch.setattr(DeckFaces, "_one", counting_one)
    monkeypatch.setattr(placing, "_recorded", counting_record)
    monkeypatch.setattr(sheets, "draw_card", counting_draw)
    monkeypatch.setattr("generator.kit.build.draw_card", counting_draw)
    game = load_game(str(planted))
    problems = proofing.proof_problems(game)
    assert any("proof type-size" in p.path for p in problems)
    faces = sum(len(d.cards) * (1 if d.one_sided else 2) for d in game.decks)
    assert len(laid) == faces and set(laid.values()) == {1}  # each face laid out once
    assert len(recorded) == faces and set(recorded.values()) == {1}  # and drawn once
    assert slots["placed"] > 10 * faces  # though placed on 5 papers x 2 layouts, copy by copy


def test_the_proof_picture_draws_every_face(
    planted: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With ``--proof`` the files are read to draw the pages: faces are drawn, not placed."""
    calls: list[object] = []
    monkeypatch.setattr(placing, "_recorded", lambda *args: calls.append(args) or [])
    proofing.proof_problems(load_game(str(planted)), tmp_path / "proof.pdf")
    assert calls == [] and (tmp_path / "proof.pdf").stat().st_size > 0


def test_faces_are_kept_only_where_asked() -> None:
    game = load_game(str(SPICE))
    from generator.art.fonts import FontBook
    from generator.layout.kept import KeptFaces, deck_faces

    fonts, deck = FontBook.load(game.font_dirs), game.decks[0]
    assert type(deck_faces(game, deck, fonts, 8.5)) is DeckFaces  # a build: nothing kept
    with memo.reusing():
        assert type(deck_faces(game, deck, fonts, 8.5)) is DeckFaces  # "faces" not named
    with memo.reusing("faces"):
        kept = deck_faces(game, deck, fonts, 8.5)
        assert isinstance(kept, KeptFaces) and deck_faces(game, deck, fonts, 8.5) is kept
        assert deck_faces(game, deck, fonts, 0.0) is not kept  # another bleed, other faces
        card = deck.cards[0]
        assert kept.faces(card) is kept.faces(card)
    with pytest.raises(ValueError, match="not an opt-in kind"), memo.reusing("boards"):
        pass


def test_the_whole_check_lays_each_face_out_once(planted: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``deckwright check``: its face checks (overlaps, ink) lay the faces out, and the kit it
    proofreads on every paper and layout takes the same faces."""
    from typer.testing import CliRunner

    from generator.cli import app

    laid: Counter = Counter()
    one = DeckFaces._one

    def counting_one(self, layouter, card, values, side):  # type: ignore[no-untyped-def]
        laid[(id(card), side)] += 1
        return one(self, layouter, card, values, side)

    monkeypatch.setattr(DeckFaces, "_one", counting_one)
    result = CliRunner().invoke(app, ["check", str(planted)])
    assert result.exit_code == 1 and "proof type-size" in result.output  # the planted error
    game = load_game(str(planted))
    faces = sum(len(d.cards) * (1 if d.one_sided else 2) for d in game.decks)
    assert len(laid) == faces and set(laid.values()) == {1}


def test_component_sheets_taken_over_across_layouts_equal_drawn_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Road Runner's counters and sheets print the same in both layouts: a check without
    ``--proof`` takes their pages over from the paper's first build; with the files read (the
    proof picture) they are written again. Pages and findings are the same either way."""
    taken: list[str] = []
    take = proofing._taken_over

    def counting(found, built, out, name):  # type: ignore[no-untyped-def]
        done = take(found, built, out, name)
        taken.extend([name] if done else [])
        return done

    monkeypatch.setattr(proofing, "_taken_over", counting)
    folder = Path(__file__).resolve().parents[1] / "carddata" / "road-runner"
    drawn = _proofread(folder, "faces")
    assert taken == []
    placed = _proofread(folder, "faces", "unread")
    assert sorted(set(taken)) == ["counters.pdf", "sheets.pdf"] and len(taken) == 10  # 5 papers
    assert placed == drawn
    assert any(name == "counters.pdf" and "gutterfold" in variant for variant, name, *_ in placed[0])
