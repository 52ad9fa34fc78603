"""Each embedded font subset is named by its content (``TAG+Lato-Regular``): different subsets of
one font across a kit's files get different tags, the same build the same bytes."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from generator.art.subsettag import subset_tag


def _fonts(pdf: Path, found: dict[str, set[bytes]]) -> None:
    """Add each embedded font's base name -> its font file bytes, from pages and forms."""
    seen: set[int] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            data = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            found.setdefault(str(font["/BaseFont"]), set()).add(data)
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.idnum not in seen:
                seen.add(xobject.idnum)
                walk(xobject.get_object().get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))


def test_the_tag_is_six_letters_from_the_content() -> None:
    tag = subset_tag(b"font", [65, 66])
    assert re.fullmatch(r"[A-Z]{6}", tag) and tag == subset_tag(b"font", [65, 66])
    assert subset_tag(b"font", [65, 67]) != tag and subset_tag(b"other", [65, 66]) != tag


def test_subsets_across_a_kit_have_distinct_content_tags(run_cli, tmp_path: Path) -> None:
    code, _, err = run_cli("build", "entenrallye", "-o", tmp_path / "a")
    assert code == 0, err
    pdfs = sorted((tmp_path / "a" / "entenrallye").glob("*.pdf"))
    by_name: dict[str, set[bytes]] = {}
    for pdf in pdfs:
        _fonts(pdf, by_name)
    for name in by_name:
        assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", name) and not name.startswith("/AAAAAA+"), name
    assert by_name
    assert all(len(datas) == 1 for datas in by_name.values()), {k: len(v) for k, v in by_name.items()}
    assert len({name.split("+")[1] for name in by_name}) < len(by_name)  # a font in several subsets
    code, _, err = run_cli("build", "entenrallye", "-o", tmp_path / "b")
    assert code == 0, err
    for pdf in pdfs:
        assert (tmp_path / "b" / "entenrallye" / pdf.name).read_bytes() == pdf.read_bytes()
