"""Issue 39, the files a designer is handed: each hostile file as it was found (made here, a few
hundred bytes to a few KB), refused with the file, the line or cell and what to do, exit 1, no
traceback. Memory bombs and minutes of work included; their time and memory are measured by
hand (see the report), never asserted here."""

from __future__ import annotations

import base64
import io
import re
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from generator.load.loader import load_game
from tests.conftest import MINI_CARDS, MINI_FRONT, MINI_GAME, write_game

NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)
ODS_GAME = MINI_GAME.replace("[cards.yaml]", "[cards.ods]")
CSV_GAME = MINI_GAME.replace("[cards.yaml]", "[cards.csv]")
IMAGE_FRONT = MINI_FRONT + '  - {type: image, box: [4mm, 20mm, 20mm, 20mm], file: "pic.%s"}\n'


def ods(rows: str) -> bytes:
    content = (
        f"<office:document-content {NS}><office:body><office:spreadsheet>"
        f'<table:table table:name="Cards">{rows}</table:table></office:spreadsheet></office:body>'
        "</office:document-content>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    return out.getvalue()


def cell(text: str, attributes: str = "") -> str:
    return (
        f'<table:table-cell office:value-type="string"{attributes}><text:p>{text}</text:p></table:table-cell>'
    )


def row(cells: str, attributes: str = "") -> str:
    return f"<table:table-row{attributes}>{cells}</table:table-row>"


HEAD = row(cell("name") + cell("type") + cell("text"))


def xlsx_with_strings(count: int) -> bytes:
    """A workbook whose shared-strings table holds ``count`` strings beyond the four it uses."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.sheet.main+xml"/></Types>',
        "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
        '<sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{main}"><sheetData>'
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row></sheetData></worksheet>',
        "xl/sharedStrings.xml": f'<sst xmlns="{main}"><si><t>name</t></si><si><t>type</t></si>'
        "<si><t>Alpha</t></si><si><t>hero</t></si>" + "<si><t>a</t></si>" * count + "</sst>",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text, compresslevel=9)
    return out.getvalue()


def png(width: int, height: int, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("L" if kind == "PNG" else "P", (width, height), 128).save(out, kind, optimize=True)
    return out.getvalue()


def svg(body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="100" height="100" viewBox="0 0 100 100">{body}</svg>'
    )


def use_bomb() -> str:
    """Ten levels of groups of ten <use> of the level below: ten billion paths from 4 KB."""
    body = '<path id="a0" d="M0 0 L1 1"/>'
    for level in range(1, 11):
        body += f'<g id="a{level}">' + f'<use xlink:href="#a{level - 1}"/>' * 10 + "</g>"
    return svg(body)


def nested_repeats(levels: int) -> str:
    text, indent = MINI_FRONT, "  "
    for _ in range(levels):
        text += f'{indent}- type: repeat\n{indent}  over: "{{= 200}}"\n{indent}  elements:\n'
        indent += "    "
    return text + f'{indent}- {{type: rect, box: [4mm, 4mm, 1mm, 1mm], fill: "#000000"}}\n'


def _front(old: str, new: str) -> dict[str, str]:
    assert old in MINI_FRONT
    return {"templates/mini-front.yaml": MINI_FRONT.replace(old, new)}


SPEED_COLUMN = row(cell("name") + cell("type") + cell("speed"))
REPEATED_CELLS = (
    '<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="1000"/>'
)
UNKNOWN_COLUMNS = "name,type," + ",".join(f"c{i}" for i in range(60_000)) + "\nAlpha,hero\n"

# (case, files over the mini game, the start of the stderr line expected)
CASES = [
    (
        "ods-spaces-2000000000",
        {
            "game.yaml": ODS_GAME,
            "cards.ods": ods(HEAD + row(cell("A") + cell("hero") + cell('x<text:s text:c="2000000000"/>'))),
        },
        "mini/cards.ods:Cards!C2: more than 32,767 characters in one cell, the limit: shorten the text",
    ),
    (
        "ods-rows-repeated-abc",
        {
            "game.yaml": ODS_GAME,
            "cards.ods": ods(HEAD + row(cell("A") + cell("hero"), ' table:number-rows-repeated="abc"')),
        },
        "mini/cards.ods:Cards!A2: table:number-rows-repeated='abc' is not a whole number of 1 or more: save the "
        "file again",
    ),
    (
        "ods-value-1e999x",
        {
            "game.yaml": ODS_GAME,
            "cards.ods": ods(
                SPEED_COLUMN
                + row(
                    cell("A")
                    + cell("hero")
                    + '<table:table-cell office:value-type="float" office:value="1e999x"/>'
                )
            ),
        },
        "mini/cards.ods:Cards!C2: the number '1e999x' saved in this cell cannot be read: type the value again",
    ),
    (
        "ods-value-1e999-infinite",
        {
            "game.yaml": ODS_GAME,
            "cards.ods": ods(
                SPEED_COLUMN
                + row(
                    cell("A")
                    + cell("hero")
                    + '<table:table-cell office:value-type="float" office:value="1e999"/>'
                )
            ),
        },
        "mini/cards.ods:Cards!C2: the number '1e999' saved in this cell cannot be read",
    ),
    (
        "ods-rows-and-cells-repeated",
        {
            "game.yaml": ODS_GAME,
            "cards.ods": ods(
                row(cell("name") + cell("type") + cell("speed", ' table:number-columns-repeated="1000"'))
                + row(cell("A") + cell("hero") + REPEATED_CELLS, ' table:number-rows-repeated="9999"')
            ),
        },
        "mini/cards.ods:Cards!A",  # the row where the sheet passes a million cells
    ),
    (
        "xlsx-3000000-shared-strings",
        {
            "game.yaml": MINI_GAME.replace("[cards.yaml]", "[cards.xlsx]"),
            "cards.xlsx": xlsx_with_strings(3_000_000),
        },
        "mini/cards.xlsx: this workbook holds 3,000,004 shared strings; the limit is 200,000: keep only the card sheet",
    ),
    (
        "csv-header-of-60000-unknown-columns",
        {"game.yaml": CSV_GAME, "cards.csv": UNKNOWN_COLUMNS},
        "mini/cards.csv:1:1025: more than 1,024 columns, the most Deckwright reads: split the cards",
    ),
    (
        "csv-with-a-nul-byte",
        {"game.yaml": CSV_GAME, "cards.csv": "name,type\nAl\x00pha,hero\n"},
        "mini/cards.csv:2:3: a NUL byte (0x00) is not text: remove it",
    ),
    (
        "number-field-1e999",
        {
            "game.yaml": MINI_GAME.replace('speed: "int?"', 'speed: "number?"'),
            "cards.yaml": MINI_CARDS.replace("speed: 3", "speed: 1.0e999"),
        },
        "mini/cards.yaml:4:12: cards[0].speed: expected a finite number (not infinity), found",
    ),
    (
        "card-file-listed-1000-times",
        {"game.yaml": MINI_GAME.replace("[cards.yaml]", "[" + ", ".join(["cards.yaml"] * 1000) + "]")},
        "mini/game.yaml:17:25: decks[0].cards[1]: card file 'cards.yaml' is listed again (first at 17:13): list "
        "each card file once",
    ),
    (
        "size-0pt",
        _front("size: 14pt", "size: 0pt"),
        "mini/templates/mini-front.yaml:7:70: elements[2].size: must be above 0 pt",
    ),
    (
        "size-computed-0",
        _front("size: 14pt", 'size: "{= 0}"'),
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:7:5): expression "
        "'0': must be above 0 pt, found 0 pt",
    ),
    (
        "min-size-negative",
        _front("min_size: 7pt", "min_size: -1pt"),
        "mini/templates/mini-front.yaml:9:88: elements[4].min_size: must be above 0 pt, found -1 pt",
    ),
    (
        "dash-of-zeros",
        _front("fill: $accent}", 'fill: $accent, stroke: "#000000", dash: [0pt, 0pt]}'),
        "mini/templates/mini-front.yaml:6:83: elements[1].dash: a dash pattern needs a length above 0",
    ),
    (
        "dash-negative",
        _front("fill: $accent}", 'fill: $accent, stroke: "#000000", dash: [-2pt, 1pt]}'),
        "mini/templates/mini-front.yaml:6:83: elements[1].dash: dash lengths are 0 or more",
    ),
    (
        "stroke-width-negative",
        _front("fill: $accent}", 'fill: $accent, stroke: "#000000", stroke_width: -2pt}'),
        "mini/templates/mini-front.yaml:6:97: elements[1].stroke_width: must be at least 0 pt, found -2 pt",
    ),
    (
        "box-of-negative-width",
        _front("[3mm, 3mm, 57.5mm, 10mm]", "[3mm, 3mm, -57.5mm, 10mm]"),
        "mini/templates/mini-front.yaml:6:18: elements[1].box: a box's width and height are 0 or more",
    ),
    (
        "text-in-a-0-by-0-box",
        _front("[4mm, 4mm, 55.5mm, 8mm]", "[4mm, 4mm, 0mm, 0mm]"),
        "mini/templates/mini-front.yaml:7:51: elements[2].text: a text box needs a width and a height above 0",
    ),
    (
        "over-999999",
        {
            "templates/mini-front.yaml": MINI_FRONT
            + '  - type: repeat\n    over: "{= 999999}"\n    elements:\n'
            '      - {type: rect, box: [4mm, 4mm, 1mm, 1mm], fill: "#000000"}\n'
        },
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): 'over: "
        "{= 999999}' asks for 999,999 copies; a repeat makes at most 200",
    ),
    (
        "three-nested-repeats-of-200",
        {"templates/mini-front.yaml": nested_repeats(3)},
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): the "
        "repeats of this face make more than 2,000 copies",
    ),
    (
        "svg-use-bomb",
        {"templates/mini-front.yaml": IMAGE_FRONT % "svg", "pic.svg": use_bomb()},
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): image "
        "mini/pic.svg: it draws more than 100,000 elements and path points",
    ),
    (
        "svg-path-of-300000-segments",
        {
            "templates/mini-front.yaml": IMAGE_FRONT % "svg",
            "pic.svg": svg(f'<path d="M0 0{" h1" * 300_000}"/>'),
        },
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): image "
        "mini/pic.svg: it draws more than 100,000 elements",
    ),
    (
        "gif-named-png",
        {"templates/mini-front.yaml": IMAGE_FRONT % "png", "pic.png": png(40, 40, "GIF")},
        "mini/cards.yaml:2:5: card 'Alpha': template 'mini-front' (mini/templates/mini-front.yaml:10:5): image "
        "mini/pic.png: a GIF file named .png: save it again as PNG",
    ),
]


def _write(game: Path, files: dict[str, str | bytes]) -> None:
    for name, data in files.items():
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


@pytest.mark.parametrize(("case", "files", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_hostile_file_is_refused_with_its_place_and_what_to_do(
    run_cli, tmp_path: Path, case, files, expected
):
    game = write_game(tmp_path / "mini")
    _write(game, files)
    code, out, err = run_cli("check", "mini")
    assert code == 1, err
    assert any(line.startswith(expected) for line in err.splitlines()), err
    assert "Traceback" not in out + err


def test_pictures_inside_an_svg_count_against_the_pixel_limit(run_cli, tmp_path: Path):
    """9000 x 9000 pixels (81 million, past 8192 x 8192) embedded as data: and linked: each refused
    from its header, never decoded."""
    big = png(9000, 9000)
    embedded = (
        f'<image width="10" height="10" xlink:href="data:image/png;base64,{base64.b64encode(big).decode()}"/>'
    )
    for body, extra in (
        (embedded, {}),
        ('<image width="10" height="10" xlink:href="big.png"/>', {"big.png": big}),
    ):
        game = write_game(tmp_path / "mini")
        _write(game, {"templates/mini-front.yaml": IMAGE_FRONT % "svg", "pic.svg": svg(body), **extra})
        code, _, err = run_cli("check", "mini")
        assert code == 1 and "Traceback" not in err
        assert (
            "mini/pic.svg: the pictures inside it have 81.0 million pixels together, more than the limit of 67.1 "
            "million (8192 x 8192): save them smaller" in err
        )


def test_an_svg_dash_pattern_of_zeros_is_drawn_solid(run_cli, tmp_path: Path):
    """SVG draws a line whose dashes add up to 0 as solid; ReportLab would raise."""
    game = write_game(tmp_path / "mini")
    line = '<path d="M0 0 L90 90" stroke="#000" stroke-dasharray="0 0"/>'
    styled = '<path d="M0 90 L90 0" style="stroke:#000;stroke-dasharray:0,0"/>'
    _write(game, {"templates/mini-front.yaml": IMAGE_FRONT % "svg", "pic.svg": svg(line + styled)})
    code, _, err = run_cli("build", "mini", "-o", "out")
    assert code == 0, err
    assert (tmp_path / "out" / "mini" / "cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_sheet_with_thousands_of_mistakes_prints_the_first_fifty_and_a_count(run_cli, tmp_path: Path):
    rows = SPEED_COLUMN + row(cell("A") + cell("hero") + cell("fast"), ' table:number-rows-repeated="9999"')
    game = write_game(tmp_path / "mini")
    _write(game, {"game.yaml": ODS_GAME, "cards.ods": ods(rows)})
    code, _, err = run_cli("check", "mini")
    lines = err.splitlines()
    assert code == 1 and "Traceback" not in err
    assert sum(line.startswith("mini/cards.ods:Cards!C") for line in lines) == 50
    assert "mini/cards.ods: 9,949 more problems not shown" in lines
    assert lines[-1] == "9999 problems found."


def test_control_characters_in_a_quoted_value_are_escaped(run_cli, tmp_path: Path):
    """A value holding an escape sequence and a newline can neither clear the screen nor forge a line."""
    forged = "\\x1b[2J\\x1b[31mfast\\nfake/cards.yaml:1:1: everything is fine"
    game = write_game(tmp_path / "mini")
    _write(game, {"cards.yaml": MINI_CARDS.replace("speed: 3", f'speed: "{forged}"')})
    code, out, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in out + err
    assert "\x1b" not in err and not any(line.startswith("fake/") for line in err.splitlines())
    assert (
        "mini/cards.yaml:4:12: cards[0].speed: expected a whole number, found '\\x1b[2J\\x1b[31mfast\\nfake/"
        in err
    )


def test_a_quoted_value_is_cut_at_60_characters_saying_how_long_it_was(run_cli, tmp_path: Path):
    game = write_game(tmp_path / "mini")
    _write(game, {"cards.yaml": MINI_CARDS.replace("speed: 3", "speed: " + "x" * 500)})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert f"found '{'x' * 57}... (500 characters)'" in err


def test_a_variant_count_above_the_card_limit_is_refused(tmp_path: Path):
    """A card file refuses a count over 10,000; a variant did not (a billion copies, gigabytes)."""
    from generator.core.errors import DataError
    from generator.play.variant import parse_variant, patch_cards

    game = load_game(write_game(tmp_path / "mini"))
    with pytest.raises(DataError) as raised:
        patch_cards(parse_variant("cards:\n  Alpha: {count: 1000000000}\n", "v.yaml"), game)
    assert re.match(
        r"v\.yaml:2:\d+: cards\.Alpha\.count: a card's count is at most 10,000, as in a card file, found 1000000000$",
        str(raised.value),
    ), str(raised.value)


# -- build -o DIR: a folder Deckwright did not write is never replaced ----------------------------


def test_a_users_folder_named_like_the_game_is_not_replaced(run_cli, tmp_path: Path):
    """`build -o docs` of a game called `taxes`: docs/taxes/ holds the user's own PDF and notes
    (suffixes a build writes too), no marker: refused, nothing touched."""
    write_game(tmp_path / "taxes", {"game.yaml": MINI_GAME.replace("name: mini", "name: taxes")})
    own = tmp_path / "docs" / "taxes"
    own.mkdir(parents=True)
    (own / "return-2023.pdf").write_bytes(b"%PDF-1.4 the user's own")
    (own / "notes.md").write_text("mine\n", encoding="utf-8")
    code, out, err = run_cli("build", "taxes", "-o", "docs")
    assert code == 1 and "Traceback" not in out + err
    said = " ".join(err.split())
    assert (
        "docs/taxes: holds docs/taxes/notes.md, a file a build does not write; the folder has no .deckwright-kit"
        in said
    )
    assert "move your files out or choose another output folder (-o)" in said
    assert sorted(p.name for p in own.iterdir()) == ["notes.md", "return-2023.pdf"]
    assert (own / "return-2023.pdf").read_bytes() == b"%PDF-1.4 the user's own"
    assert sorted(p.name for p in own.parent.iterdir()) == ["taxes"]  # no hidden folder left


def test_a_kit_lists_what_it_wrote_and_a_file_added_to_it_stops_the_next_build(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini")
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    kit = tmp_path / "out" / "mini"
    marker = (kit / ".deckwright-kit").read_text(encoding="utf-8").splitlines()
    assert marker[0].startswith("# Written by Deckwright")
    listed = [line for line in marker if not line.startswith("#")]
    assert listed == sorted(p.name for p in kit.iterdir() if p.name != ".deckwright-kit")
    assert "cards.pdf" in listed and "print-guide.md" in listed
    assert run_cli("build", "mini", "-o", "out")[0] == 0  # its own kit: replaced
    (kit / "my-notes.pdf").write_bytes(b"mine")
    code, _, err = run_cli("build", "mini", "-o", "out")
    assert code == 1 and "Traceback" not in err
    assert (
        "out/mini: holds out/mini/my-notes.pdf, which is not among the files Deckwright wrote there (listed in its "
        ".deckwright-kit)" in " ".join(err.split())
    )
    assert (kit / "my-notes.pdf").read_bytes() == b"mine"


def test_a_kit_built_before_markers_is_replaced_when_the_build_writes_each_of_its_files(
    run_cli, tmp_path: Path
):
    """An older kit has no marker: replaced if every file in it is one this build writes, and
    refused (saying to delete it) if it holds another, such as a deck since removed."""
    write_game(tmp_path / "mini")
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    kit = tmp_path / "out" / "mini"
    (kit / ".deckwright-kit").unlink()
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    assert (kit / ".deckwright-kit").is_file()
    (kit / ".deckwright-kit").unlink()
    (kit / "tokens.pdf").write_bytes(b"%PDF a deck removed since")
    code, _, err = run_cli("build", "mini", "-o", "out")
    assert code == 1 and "Traceback" not in err
    said = " ".join(err.split())
    assert "out/mini: holds out/mini/tokens.pdf, a file a build does not write" in said
    assert "(a kit an older Deckwright built: delete the folder, then build again)" in said
    assert (kit / "tokens.pdf").read_bytes() == b"%PDF a deck removed since"


def test_an_escape_sequence_in_the_games_title_is_printed_escaped(run_cli, tmp_path: Path):
    write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME.replace("title: Mini Game", 'title: "\\e[2J\\e[31mMini"')}
    )
    code, out, err = run_cli("check", "mini")
    assert code == 0, err
    assert "\x1b" not in out + err
    assert "\\x1b[2J\\x1b[31mMini: 3 cards in 1 deck, no problems found." in out


def test_many_ods_paragraphs_of_spaces_in_one_cell_stop_at_the_cell_limit(run_cli, tmp_path: Path):
    """20,000 paragraphs of 99,999 spaces each (2 billion characters) in one cell of a 1 KB file."""
    paragraphs = '<text:p>x<text:s text:c="99999"/></text:p>' * 20_000
    rows = HEAD + row(
        cell("A")
        + cell("hero")
        + f'<table:table-cell office:value-type="string">{paragraphs}</table:table-cell>'
    )
    game = write_game(tmp_path / "mini")
    _write(game, {"game.yaml": ODS_GAME, "cards.ods": ods(rows)})
    code, out, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in out + err
    assert (
        "mini/cards.ods:Cards!C2: more than 32,767 characters in one cell, the limit: shorten the text" in err
    )
