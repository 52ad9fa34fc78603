"""Jaunty Jalopies: the whole kit builds (Letter, fold-and-glue, print shop) with its pieces."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from generator.kit import build_kit
from generator.loader import load_game
from generator.options import BuildOptions

GAME = Path(__file__).resolve().parent.parent / "carddata" / "jaunty-jalopies"


def test_kit_on_letter_gutterfold_and_printshop(tmp_path):
    options = BuildOptions(paper="letter", layout="gutterfold", printshop="generic", out_dir=tmp_path)
    written = {p.relative_to(tmp_path / "jaunty-jalopies").as_posix() for p in build_kit(load_game(GAME), options)}
    for name in ("cards-gutterfold.pdf", "plots-gutterfold.pdf", "racers-gutterfold.pdf",
                 "printshop-generic/plots.pdf", "standees.pdf", "counters.pdf", "sheets.pdf",
                 "rules-summary.pdf", "player-aids.pdf", "print-guide.md"):  # fmt: skip
        assert name in written, sorted(written)
    out = tmp_path / "jaunty-jalopies"
    assert len(PdfReader(out / "printshop-generic" / "plots.pdf").pages) == 24  # 12 plots, front and back
    standees = PdfReader(out / "standees.pdf").pages[0].extract_text()
    for colour in ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "BLACK"):
        assert colour in standees
    sheets = " ".join(p.extract_text() for p in PdfReader(out / "sheets.pdf").pages)
    assert "STARTING LINE" in sheets and "FINISH LINE" in sheets
    summary = " ".join(p.extract_text() for p in PdfReader(out / "rules-summary.pdf").pages)
    for race in ("Rally", "Endurance", "Partner", "Team", "Circuit"):
        assert race in summary
    guide = (out / "print-guide.md").read_text(encoding="utf-8")
    assert "Fiendish" in guide and "Racer" in guide
