"""game-icons.net icons shipped with Deckwright (issue 33, item 10): ``game-icons/NAME`` wherever
an icon or image is named, drawn in the template's colour from the shipped copy, and credited in
the print guide, the kit and the exports for exactly the icons drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
import pytest

from generator.art import gameicons
from tests.conftest import MINI_GAME, write_game

RED = (192, 57, 43)
GREEN = (30, 132, 73)
PURPLE = (108, 52, 131)

GAME = (
    MINI_GAME
    + """\
icons:
  shield: game-icons/checked-shield    # inline in card text
  unused: game-icons/anchor            # declared, never drawn: not credited
keywords:
  Block: {meaning: Stop an attack, icon: game-icons/broadsword}
boards: [board.yaml]
components: [components.yaml]
summary: summary.yaml
"""
)

SUMMARY = """\
sections:
  - {kind: paragraph, title: Goal, text: Win with a Guard.}
terms:
  Guard: {meaning: Stays put, icon: game-icons/guards}
"""

FRONT = """\
keywords: {look: {icon: true}}   # a keyword's icon before the word
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: icon, box: [10mm, 10mm, 40mm, 40mm], icon: game-icons/crossed-swords, color: "#c0392b"}
  - {type: icon, when: speed > 100, box: [10mm, 60mm, 10mm, 10mm], icon: game-icons/wolf-head}
  - type: text
    box: [4mm, 60mm, 55.5mm, 20mm]
    text: "Block :shield: now"
    size: 11pt
"""

BOARD = """\
name: field
size: {width: 150mm, height: 100mm}
features:
  - {type: icon, icon: game-icons/castle, box: [50mm, 25mm, 50mm, 50mm], color: "#1e8449"}
"""

COMPONENTS = """\
groups:
  - name: hearts
    title: Heart counters
    kind: counter
    size: counter-20mm
    template: counter-round
    items:
      - {name: Heart, count: 2, icon: game-icons/heart-plus, color: "#6c3483"}
"""

DRAWN = ["broadsword", "castle", "checked-shield", "crossed-swords", "guards", "heart-plus"]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    files = {
        "game.yaml": GAME,
        "templates/mini-front.yaml": FRONT,
        "board.yaml": BOARD,
        "components.yaml": COMPONENTS,
        "summary.yaml": SUMMARY,
    }
    return write_game(tmp_path / "mini", files)


def _pixels(pdf: Path, page: int = 0, scale: float = 2.0):
    return pypdfium2.PdfDocument(str(pdf))[page].render(scale=scale).to_pil().convert("RGB")


def _near(image, colour: tuple[int, int, int], tolerance: int = 12):
    """A mask of the image's pixels within ``tolerance`` of ``colour`` in every channel."""
    from PIL import Image, ImageChops

    r, g, b = ImageChops.difference(image, Image.new("RGB", image.size, colour)).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return worst.point(lambda v: 255 if v <= tolerance else 0)


def _share(image, colour: tuple[int, int, int]) -> float:
    """The share of the image's pixels of ``colour``."""
    return _near(image, colour).histogram()[255] / (image.width * image.height)


def _front_ops(folder: Path) -> list:
    """The ops of the first card's front, groups opened."""
    from generator.art.fonts import FontBook
    from generator.layout.deck import DeckFaces
    from generator.load.loader import load_game

    loaded = load_game(folder)
    deck = loaded.decks[0]
    front, _ = DeckFaces(loaded, deck, FontBook.load(loaded.font_dirs), 0.0).faces(deck.cards[0])

    def opened(ops):
        for op in ops:
            yield from opened(op.ops) if hasattr(op, "ops") else (op,)

    return list(opened(front.ops))


def _credited(text: str) -> list[str]:
    return sorted(
        line.split(" by ")[0].removeprefix("- ")
        for line in text.splitlines()
        if "game-icons.net, CC BY" in line
    )


def test_a_kit_draws_game_icons_in_the_template_colour_and_credits_exactly_those(game, run_cli, tmp_path):
    code, out, err = run_cli("build", game, "-o", tmp_path / "out")
    assert code == 0, out + err
    kit = tmp_path / "out" / "mini"
    # the card: a red icon where the template puts it; the inline shield in the text
    ops = _front_ops(game)
    icon_ops = [op for op in ops if getattr(op, "name", "") == "game-icons/crossed-swords"]
    assert icon_ops and icon_ops[0].path == gameicons.path("crossed-swords")
    text_icons = [i.name for op in ops for i in getattr(getattr(op, "layout", None), "icons", ())]
    assert text_icons == ["game-icons/broadsword", "shield"]
    cards = _pixels(kit / "cards.pdf")
    assert _share(cards, RED) > 0.01  # the swords, in the template's red (the SVG says currentColor)
    # the board and the components, each in its own colour
    board = next(p for p in kit.glob("*.pdf") if "field" in p.name and "tiled" not in p.name)
    assert _share(_pixels(board), GREEN) > 0.005
    counters = next(p for p in kit.glob("*.pdf") if "counter" in p.name or "component" in p.name)
    discs = _pixels(counters)
    discs = discs.crop(_near(discs, PURPLE).getbbox())  # the counters: purple, a white heart on each
    assert _share(discs, PURPLE) > 0.5 and _share(discs, (255, 255, 255)) > 0.1
    # the credits: exactly the icons drawn (not the declared-but-unused anchor, nor the wolf whose
    # element no card shows), in the guide and in credits.md
    guide = (kit / "print-guide.md").read_text(encoding="utf-8")
    credits = (kit / "credits.md").read_text(encoding="utf-8")
    assert _credited(guide) == _credited(credits) == DRAWN
    assert "## Credits" in guide and "CC BY 3.0" in guide and "creativecommons.org/licenses/by/3.0" in guide
    assert "- crossed-swords by Lorc, game-icons.net, CC BY 3.0" in credits.splitlines()


def test_each_icon_is_credited_to_its_author_where_known():
    from generator.core.say import speaking
    from generator.kit.guide import credits_section

    icons = ["perspective-dice-six-faces-random", "crossed-swords", "tarot-17-the-star", "crossed-swords"]
    assert credits_section(icons)[4:7] == [
        "- crossed-swords by Lorc, game-icons.net, CC BY 3.0",
        "- perspective-dice-six-faces-random by Delapouite, game-icons.net, CC BY 3.0",
        # newer than the authors' table: credited as game-icons.net asks
        "- tarot-17-the-star by Lorc, Delapouite and contributors at game-icons.net, CC BY 3.0",
    ]
    with speaking("de"):  # a German kit's guide credits in German
        german = credits_section(icons)
    assert german[0] == "## Urheber" and german[4] == "- crossed-swords von Lorc, game-icons.net, CC BY 3.0"
    assert gameicons.author("castle") == "Lorc"  # drawn by two authors: the one the package has
    assert gameicons.author("heart-plus") == "Zeromancer"


def test_a_kit_without_game_icons_has_no_credits(tmp_path, run_cli):
    folder = write_game(tmp_path / "plain")
    code, out, err = run_cli("build", folder, "-o", tmp_path / "out")
    assert code == 0, out + err
    assert not (tmp_path / "out" / "mini" / "credits.md").exists()
    assert "Credits" not in (tmp_path / "out" / "mini" / "print-guide.md").read_text(encoding="utf-8")


def test_the_same_build_gives_the_same_bytes(game, run_cli, tmp_path):
    kit, made = tmp_path / "out" / "mini", []
    for _ in (1, 2):
        assert run_cli("build", game, "-o", tmp_path / "out")[0] == 0
        made.append(
            {name: (kit / name).read_bytes() for name in ("cards.pdf", "print-guide.md", "credits.md")}
        )
    assert made[0] == made[1]


def test_exports_credit_the_icons_they_draw(game, run_cli, tmp_path):
    code, out, err = run_cli("export", game, "--png", tmp_path / "png", "--tts", tmp_path / "tts")
    assert code == 0, out + err
    cards_only = ["broadsword", "checked-shield", "crossed-swords"]  # exports draw the cards, not the board
    assert _credited((tmp_path / "png" / "mini" / "credits.md").read_text(encoding="utf-8")) == cards_only
    saved = json.loads((tmp_path / "tts" / "mini" / "mini.json").read_text(encoding="utf-8"))
    assert _credited(saved["Note"]) == cards_only


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "nearest"),
    [
        ("templates/mini-front.yaml", "game-icons/crossed-swords", "game-icons/crosed-swords", "mini-front.yaml:4", "crossed-swords"),
        ("game.yaml", "game-icons/checked-shield", "game-icons/checked-sheild", "game.yaml:19", "checked-shield"),
        ("board.yaml", "game-icons/castle", "game-icons/castel", "board.yaml:4", "castle"),
        ("summary.yaml", "game-icons/guards", "game-icons/gards", "summary.yaml:4:37", "guards"),
        ("components.yaml", "game-icons/heart-plus", "game-icons/hart-plus", "components.yaml:8:9", "heart-plus"),
    ],
)  # fmt: skip
def test_an_unknown_name_is_located_with_the_nearest_names(game, run_cli, file, old, new, where, nearest):
    path = game / file
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    code, out, err = run_cli("check", game)
    assert code == 1 and "Traceback" not in out + err
    said = out + err
    assert f"no game-icons.net icon named '{new}'" in said, said
    assert f"'game-icons/{nearest}'" in said and "deckwright icons" in said
    assert where in said


def test_an_image_element_may_name_a_game_icon_and_a_game_file_of_that_name_wins(tmp_path, run_cli):
    swords = '{type: icon, box: [10mm, 10mm, 40mm, 40mm], icon: game-icons/crossed-swords, color: "#c0392b"}'
    image = "{type: image, box: [10mm, 10mm, 40mm, 40mm], file: game-icons/crossed-swords.svg}"
    assert swords in FRONT
    files = {"game.yaml": GAME, "board.yaml": BOARD, "components.yaml": COMPONENTS, "summary.yaml": SUMMARY}
    folder = write_game(
        tmp_path / "own", {**files, "templates/mini-front.yaml": FRONT.replace(swords, image)}
    )

    def first_image(folder: Path) -> Path:
        return next(op.path for op in _front_ops(folder) if type(op).__name__ == "ImageOp")

    assert first_image(folder) == gameicons.path("crossed-swords")
    own = folder / "game-icons" / "crossed-swords.svg"
    own.parent.mkdir()
    own.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', encoding="utf-8")
    assert first_image(folder) == own


def test_names_aliases_and_search():
    assert len(gameicons.names()) > 4000
    assert gameicons.canonical("game-icons/crossed-swords.svg") == "crossed-swords"
    assert gameicons.canonical("game-icons/eskimo") == "person-in-blizzard"  # the package's alias
    assert "crossed-swords" in gameicons.search("crossed sword")
    assert gameicons.search("game-icons/crossed-swords") == ["crossed-swords"]
    svg = gameicons.path("crossed-swords").read_text(encoding="utf-8")
    assert 'viewBox="0 0 512 512"' in svg and 'fill="currentColor"' in svg
    with pytest.raises(gameicons.UnknownIcon, match="did you mean 'game-icons/crossed-swords'"):
        gameicons.path("game-icons/crosed-swords")


def test_an_unwritable_cache_falls_back_to_the_temporary_folder(tmp_path, monkeypatch):
    blocked = tmp_path / "cache-is-a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(gameicons, "_PATHS", {})
    found = gameicons.path("game-icons/castle")
    assert found.is_file() and not found.is_relative_to(blocked)
    from generator.core.paths import bundled_roots

    assert any(found.resolve().is_relative_to(root) for root in bundled_roots())


def test_no_writable_cache_is_a_clear_error(game, run_cli, tmp_path, monkeypatch):
    import tempfile

    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))
    monkeypatch.setattr(gameicons, "_PATHS", {})
    code, out, err = run_cli("check", game)
    said = out + err
    assert code == 1 and "Traceback" not in said
    assert "game.yaml:19:11: icons.shield: cannot unpack the game icon 'checked-shield' into a cache" in said
    assert "set XDG_CACHE_HOME" in said


def test_a_changed_or_shared_cache_is_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(gameicons, "_PATHS", {})
    first = gameicons.path("game-icons/castle")
    good = first.read_bytes()
    first.write_bytes(good.replace(b"currentColor", b"#ff0000"))  # same size, other bytes
    monkeypatch.setattr(gameicons, "_PATHS", {})
    assert gameicons.path("game-icons/castle").read_bytes() == good
    (tmp_path / "cache" / "deckwright").chmod(0o777)  # others may write there: not used
    monkeypatch.setattr(gameicons, "_PATHS", {})
    assert not gameicons.path("game-icons/castle").is_relative_to(tmp_path / "cache")


def test_the_kit_is_the_same_from_another_cache_folder(game, run_cli, tmp_path, monkeypatch):
    kit, made = tmp_path / "out" / "mini", []
    for cache in ("one", "two"):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / cache))
        monkeypatch.setattr(gameicons, "_PATHS", {})
        assert run_cli("build", game, "-o", tmp_path / "out")[0] == 0
        made.append((kit / "cards.pdf").read_bytes())
    assert (tmp_path / "two" / "deckwright" / "game-icons").is_dir()
    assert made[0] == made[1]


def test_the_icons_command_lists_names(run_cli):
    code, out, _ = run_cli("icons", "crossed", "sword")
    assert code == 0 and "game-icons/crossed-swords" in out.split()
    code, out, err = run_cli("icons", "zzqx")
    assert code == 2 and "no game-icons.net icon name contains 'zzqx'" in out + err


def test_the_starter_game_draws_and_credits_its_icons(run_cli, tmp_path):
    assert run_cli("new", "starter", "--into", tmp_path)[0] == 0
    code, out, err = run_cli("build", tmp_path / "starter", "-o", tmp_path / "out")
    assert code == 0, out + err
    kit = tmp_path / "out" / "starter"
    assert _credited((kit / "credits.md").read_text(encoding="utf-8")) == [
        "footprint",
        "perspective-dice-six-faces-random",
        "round-star",
    ]
    assert "## Credits" in (kit / "print-guide.md").read_text(encoding="utf-8")


# -- the refresh script (tasks.py icons), on a small package made here: no network ---------------


def _fake_package(folder: Path, licence: str = "CC-BY-3.0") -> Path:
    import io
    import tarfile

    members = {
        "package/package.json": {"name": "@iconify-json/game-icons", "version": "9.9.9"},
        "package/info.json": {"prefix": "game-icons", "license": {"title": "CC BY 3.0", "spdx": licence}},
        "package/icons.json": {
            "prefix": "game-icons",
            "width": 512,
            "height": 512,
            "icons": {
                "crown": {"body": '<path fill="currentColor" d="M0 0h512v512H0z"/>'},
                "tiny-dot": {"body": '<path fill="currentColor" d="M0 0h8v8H0z"/>', "width": 8, "height": 8},
            },
            "aliases": {"king-hat": {"parent": "crown"}, "lost": {"parent": "missing"}},
        },
    }
    path = folder / "game-icons-9.9.9.tgz"
    with tarfile.open(path, "w:gz") as archive:
        for name, value in members.items():
            data = json.dumps(value).encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def test_the_refresh_checks_integrity_and_writes_the_same_bytes(tmp_path, monkeypatch, capsys):
    import zipfile

    from generator.art import gameicons_build as refresh

    tarball = _fake_package(tmp_path)
    integrity = refresh.integrity_of(tarball.read_bytes())
    monkeypatch.setattr(refresh, "DATA", tmp_path / "data")
    # a file that is not the pinned package is refused before it is read
    assert refresh.main(["--tarball", str(tarball)]) == 1
    said = capsys.readouterr().err
    assert "integrity" in said and refresh.INTEGRITY in said and not (tmp_path / "data").exists()
    assert refresh.main(["--tarball", str(tarball), "--integrity", integrity]) == 0
    zipped = (tmp_path / "data" / "icons.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "data" / "icons.zip") as z:
        assert z.namelist() == ["crown.svg", "tiny-dot.svg"]
        assert z.read("tiny-dot.svg").decode().startswith('<svg xmlns="http://www.w3.org/2000/svg" width="8"')
    source = json.loads((tmp_path / "data" / "source.json").read_text(encoding="utf-8"))
    assert source["integrity"] == integrity and source["version"] == "9.9.9" and source["icons"] == 2
    assert source["aliases"] == {"king-hat": "crown"}  # an alias of no icon is left out
    assert source["authors"] == {"crown": "Lorc"}  # from templates/icons/icons.yaml
    assert refresh.main(["--tarball", str(tarball), "--integrity", integrity]) == 0
    assert (tmp_path / "data" / "icons.zip").read_bytes() == zipped


def test_the_authors_table_wins_and_a_bad_line_is_located(tmp_path):
    from generator.art import gameicons_build as refresh

    table = tmp_path / "authors.tsv"
    table.write_text("# who drew what\ncrown\tSomeone Else\nbanknote\tDelapouite\n", encoding="utf-8")
    found = refresh.known_authors(table, Path(__file__).parents[1] / "templates" / "icons" / "icons.yaml")
    assert found["crown"] == "Someone Else" and found["banknote"] == "Delapouite"
    table.write_text("crown Lorc\n", encoding="utf-8")
    with pytest.raises(refresh.RefreshError, match=r"authors.tsv:1: expected 'icon-name<TAB>Author'"):
        refresh.known_authors(table, tmp_path / "none.yaml")


def test_the_refresh_refuses_another_licence(tmp_path):
    from generator.art import gameicons_build as refresh

    data = _fake_package(tmp_path, licence="MIT").read_bytes()
    with pytest.raises(refresh.RefreshError, match="licence"):
        refresh.build(data, tmp_path / "data", {}, refresh.integrity_of(data))


def test_the_shipped_copy_matches_its_source_record():
    import hashlib

    from generator.art import gameicons_build as refresh

    source = json.loads((gameicons.DATA / "source.json").read_text(encoding="utf-8"))
    assert source["version"] == refresh.VERSION and source["integrity"] == refresh.INTEGRITY
    assert hashlib.sha256((gameicons.DATA / "icons.zip").read_bytes()).hexdigest() == source["zip_sha256"]
    assert (gameicons.DATA / "LICENSE.txt").read_text(encoding="utf-8").count("Attribution 3.0 Unported") >= 1
