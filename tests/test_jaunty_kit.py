"""Jaunty Jalopies: the whole kit builds (Letter, fold-and-glue, print shop) with its pieces."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from generator.core.options import BuildOptions
from generator.kit.assemble import build_kit
from generator.load.loader import load_game

GAME = Path(__file__).resolve().parent.parent / "carddata" / "jaunty-jalopies"


def test_kit_on_letter_gutterfold_and_printshop(tmp_path):
    options = BuildOptions(paper="letter", layout="gutterfold", printshop="generic", out_dir=tmp_path)
    written = {
        p.relative_to(tmp_path / "jaunty-jalopies").as_posix() for p in build_kit(load_game(GAME), options)
    }
    for name in ("cards-gutterfold.pdf", "plots-gutterfold.pdf", "racers-gutterfold.pdf",
                 "printshop-generic/plots.pdf", "standees.pdf", "counters.pdf", "markers.pdf",
                 "rules-summary.pdf", "player-aids.pdf", "print-guide.md"):  # fmt: skip
        assert name in written, sorted(written)
    out = tmp_path / "jaunty-jalopies"
    assert len(PdfReader(out / "printshop-generic" / "plots.pdf").pages) == 24  # 12 plots, front and back
    standees = PdfReader(out / "standees.pdf").pages[0].extract_text()
    for colour in ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "BLACK"):
        assert colour in standees
    # the lines are table pieces on card stock (markers.pdf), not a pad of plain paper (issue 32)
    lines = " ".join(p.extract_text() for p in PdfReader(out / "markers.pdf").pages)
    assert "STARTING LINE" in lines and "FINISH LINE" in lines
    assert "markers.pdf: card stock" in guide_text(out)
    summary = " ".join(p.extract_text() for p in PdfReader(out / "rules-summary.pdf").pages)
    for race in ("Rally", "Endurance", "Partner", "Team", "Circuit"):
        assert race in summary
    guide = (out / "print-guide.md").read_text(encoding="utf-8")
    assert "Fiendish" in guide and "Racer" in guide


def guide_text(out):
    return (out / "print-guide.md").read_text(encoding="utf-8")


def test_player_aid_keeps_the_card_types_on_one_card():
    """All ten card types, with their box letters, on one aid card (the table used to run over
    three)."""
    from generator.art.fonts import FontBook
    from generator.summary import layout_aids, load_summary
    from tests.cardfaces import text_ops, words

    game = load_game(GAME)
    summary = load_summary(GAME / "summary.yaml", game)
    aids = layout_aids(summary, FontBook.load(game.font_dirs))
    assert aids.overflows == ()
    cards = [" ".join(words(op) for op in text_ops(face)) for face in aids.faces]
    holding = [c for c in cards if "THE CARD TYPES" in c.upper()]
    assert len(holding) == 1, "the card-type table is split over several aid cards"
    types = [
        "Road Section",
        "Driving",
        "Terrain",
        "Personality",
        "Equipment",
        "Mishap",
        "Sub-Plot",
        "Special",
        "Valuable Exp.",
        "Fiendish Plot",
    ]
    assert all(t in holding[0] for t in types)


def test_rally_and_finish_line_wording():
    """The Rally summary deals the racer's proper number (hand size), not 6; the Finish Line
    piece names the final Road Section, not itself, as the place to reach."""
    import yaml

    summary = (GAME / "summary.yaml").read_text(encoding="utf-8")
    assert "6 cards minus your finishing place" not in summary
    assert "your hand size minus your finishing place" in summary
    items = yaml.safe_load((GAME / "components.yaml").read_text(encoding="utf-8"))["groups"]
    finish = next(i for g in items for i in g["items"] if i["name"] == "Finish Line")
    assert "onto it wins" not in finish["subtitle"] and "reach that section wins" in finish["subtitle"]
