"""PDF tests on the Road Runner deck: pages, boxes, fonts, text, reproducibility, atomic writes."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.core.units import MM, mm
from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from generator.printshop import load_preset
from generator.printshop.write import write_printshop

A4 = (210 * MM, 297 * MM)


@pytest.fixture(scope="module")
def road_runner():
    return load_game("road-runner")


@pytest.fixture(scope="module")
def built(road_runner, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    (path,) = build_game(road_runner, BuildOptions(out_dir=out))
    return path


def _fonts(reader: PdfReader) -> set[tuple[str, bool]]:
    """(font name, embedded?) for every font in the file, pages and forms alike."""
    names = set()
    for num in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(num)
        if obj is None or not hasattr(obj, "get") or obj.get("/Type") != "/FontDescriptor":
            continue
        embedded = any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        names.add((str(obj["/FontName"]).split("+")[-1], embedded))
    return names


def test_deck_has_one_front_and_one_back_page_per_sheet(built: Path, road_runner):
    reader = PdfReader(built)
    assert road_runner.decks[0].size == 80
    assert len(reader.pages) == 2 * 9  # 80 cards, 9 per A4 sheet, each sheet followed by its backs
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(A4[0], abs=0.01)
        assert float(box.height) == pytest.approx(A4[1], abs=0.01)


def test_every_font_is_embedded(built: Path):
    fonts = _fonts(PdfReader(built))
    assert fonts, "no fonts found"
    assert all(embedded for _, embedded in fonts), fonts
    assert {name for name, _ in fonts} >= {"Lato-Regular", "Lato-Bold", "Lato-Black", "BebasNeueBold"}


def test_card_text_is_present(built: Path):
    reader = PdfReader(built)
    first = reader.pages[0].extract_text()
    assert "LONG SLOPE" in first or "Long Slope".upper() in first.upper()
    assert "Road Runner - sheet 1 of 9" in first
    text = " ".join(page.extract_text() for page in reader.pages[::2])
    for name in ("Cliff Face!", "Giant Magnet", "Dynamite", "Too Dumb!"):
        assert name.upper() in text.upper(), name
    assert "(backs)" in reader.pages[1].extract_text()


def test_same_input_gives_same_bytes(road_runner, tmp_path: Path):
    a = build_game(road_runner, BuildOptions(out_dir=tmp_path / "a"))[0]
    b = build_game(road_runner, BuildOptions(out_dir=tmp_path / "b"))[0]
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


def test_print_shop_file_has_trim_and_bleed_boxes(road_runner, tmp_path: Path):
    fonts = FontBook.load(road_runner.font_dirs)
    (shop,) = write_printshop(road_runner, BuildOptions(out_dir=tmp_path), load_preset("generic"), fonts)
    assert shop == tmp_path / "road-runner" / "printshop-generic" / "cards.pdf"
    reader = PdfReader(shop)
    assert len(reader.pages) == 160  # front and back of every one of the 80 cards
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(mm(63.5 + 6), abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(mm(88.9 + 6), abs=0.01)
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([mm(3), mm(3), mm(66.5), mm(91.9)], abs=0.01)
    bleed = [float(v) for v in page.bleedbox]
    assert bleed == pytest.approx([0, 0, mm(69.5), mm(94.9)], abs=0.01)


def test_no_backs_letter_and_gutterfold(road_runner, tmp_path: Path):
    (fronts,) = build_game(road_runner, BuildOptions(out_dir=tmp_path / "f", backs=False, paper="letter"))
    reader = PdfReader(fronts)
    assert len(reader.pages) == 9
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * MM, abs=0.01)
    (fold,) = build_game(road_runner, BuildOptions(out_dir=tmp_path / "g", layout="gutterfold"))
    assert fold.name == "cards-gutterfold.pdf"
    assert len(PdfReader(fold).pages) == 20  # 4 cards (fronts + backs) per A4 sheet


def test_failed_build_keeps_the_previous_file(road_runner, tmp_path: Path, monkeypatch):
    (path,) = build_game(road_runner, BuildOptions(out_dir=tmp_path))
    before = path.read_bytes()

    import generator.kit.build as build_module

    def broken(*args, **kwargs):
        raise RuntimeError("simulated crash while drawing")

    monkeypatch.setattr(build_module, "draw_card", broken)
    with pytest.raises(RuntimeError):
        build_game(road_runner, BuildOptions(out_dir=tmp_path))
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["cards.pdf"]  # no partial files


def test_data_error_during_build_writes_nothing(tmp_path: Path, run_cli):
    from tests.conftest import MINI_FRONT, write_game

    write_game(tmp_path / "mini")
    code, _, _ = run_cli("build", "mini", "-o", tmp_path / "out")
    assert code == 0
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    before = pdf.read_bytes()
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT.replace("{text}", "{missing}")})
    code, _, err = run_cli("build", "mini", "-o", tmp_path / "out")
    assert code == 1
    assert "uses field 'missing'" in err
    assert "mini: not built; earlier output left as it was." in err
    assert pdf.read_bytes() == before
    assert sorted(p.name for p in pdf.parent.iterdir()) == [".deckwright-kit", "cards.pdf", "print-guide.md"]
