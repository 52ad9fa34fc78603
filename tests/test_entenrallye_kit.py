"""Entenrallye kit: builds on A4 and Letter, duplex, gutterfold and print-shop, with every part."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

FILES = ["cars.pdf", "parts.pdf", "board.pdf", "board-tiled.pdf", "standees.pdf", "counters.pdf",
         "sheets.pdf", "rules-summary.pdf", "player-aids.pdf", "print-guide.md"]


@pytest.mark.parametrize("args", [["--paper", "a4"], ["--paper", "letter", "--layout", "gutterfold"],
                                  ["--printshop", "generic"]], ids=["a4-duplex", "letter-gutterfold", "printshop"])
def test_kit_builds(run_cli, tmp_path: Path, args: list[str]):
    code, out, err = run_cli("build", "entenrallye", "-o", tmp_path, *args)
    assert code == 0, out + err
    kit = tmp_path / "entenrallye"
    cards = {"--layout": ["cars-gutterfold.pdf", "parts-gutterfold.pdf"],
             "--printshop": ["printshop-generic/cars.pdf", "printshop-generic/parts.pdf"]}
    for name in FILES[2:] + next((v for k, v in cards.items() if k in args), FILES[:2]):
        assert (kit / name).is_file(), name
    assert len(PdfReader(kit / "board-tiled.pdf").pages) > 2  # an assembly page and the tiles
    text = " ".join(page.extract_text() or "" for page in PdfReader(kit / "board.pdf").pages)
    for words in ("Meet 1", "February", "June", "August", "December", "TöV", "ASU", "-6", "Januar"):
        assert words in text, words
    guide = (kit / "print-guide.md").read_text(encoding="utf-8")
    assert "board" in guide and "die" in guide.lower()
