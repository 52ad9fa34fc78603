"""Images in templates (PNG, JPEG, SVG) and backs chosen per card type."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.core.units import mm
from generator.kit.build import BuildOptions, DeckFaces, build_game
from generator.layout.ops import GroupOp, ImageOp
from generator.load.loader import load_game
from tests.conftest import MINI_FRONT, MINI_GAME, write_game


def test_png_jpeg_and_svg_images_are_drawn(tmp_path: Path, run_cli):
    folder = write_game(
        tmp_path / "mini",
        {
            "templates/mini-front.yaml": MINI_FRONT
            + '  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: "art/{name}.png", fit: cover}\n'
            + "  - {type: image, box: [30mm, 60mm, 20mm, 20mm], file: art/logo.jpg}\n"
            + "  - {type: image, box: [40mm, 20mm, 15mm, 15mm], file: art/mark.svg, fit: stretch}\n",
        },
    )
    (folder / "art").mkdir()
    for name, colour in (("Alpha", "red"), ("Beta", "blue")):
        Image.new("RGB", (60, 40), colour).save(folder / "art" / f"{name}.png")
    Image.new("RGB", (50, 50), "green").save(folder / "art" / "logo.jpg")
    (folder / "art" / "mark.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'
    )
    code, _, err = run_cli("build", folder, "-o", tmp_path / "out")
    assert code == 0, err
    reader = PdfReader(tmp_path / "out" / "mini" / "cards.pdf")
    objects = [reader.get_object(n) for n in range(1, int(reader.trailer["/Size"]))]
    images = [o for o in objects if hasattr(o, "get") and o.get("/Subtype") == "/Image"]
    # Alpha.png, Beta.png, logo.jpg: each stored once, though logo.jpg is on all three cards
    assert len(images) == 3


def test_missing_image_names_the_file(tmp_path: Path, run_cli):
    front = MINI_FRONT + '  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: "art/{name}.png"}\n'
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, _, err = run_cli("check", folder)
    assert code == 1
    assert "image 'art/Alpha.png' not found" in err


def test_card_type_can_name_its_own_back(tmp_path: Path):
    game_yaml = MINI_GAME.replace(
        "villain: {label: Villain}", "villain: {label: Villain, back: villain-back}"
    )
    folder = write_game(
        tmp_path / "mini",
        {
            "game.yaml": game_yaml,
            "templates/villain-back.yaml": "elements:\n  - {type: rect, box: bleed, fill: '#000000'}\n",
        },
    )
    game = load_game(folder)
    deck = game.decks[0]
    assert [deck.back_for(c) for c in deck.cards] == ["mini-back", "villain-back"]
    faces = DeckFaces(game, deck, FontBook.load(game.font_dirs), mm(3))
    hero_back = faces.faces(deck.cards[0])[1].ops[0]
    villain_back = faces.faces(deck.cards[1])[1].ops[0]
    assert isinstance(hero_back, GroupOp) and isinstance(villain_back, GroupOp)
    assert hero_back.ops[0].fill == "#224466" and villain_back.ops[0].fill == "#000000"
    (pdf,) = build_game(game, BuildOptions(out_dir=tmp_path / "out"))
    assert len(PdfReader(pdf).pages) == 2


def test_image_ops_carry_their_fit(tmp_path: Path):
    front = MINI_FRONT + "  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: art/a.png, fit: cover}\n"
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    (folder / "art").mkdir()
    Image.new("RGB", (10, 10)).save(folder / "art" / "a.png")
    game = load_game(folder)
    faces = DeckFaces(game, game.decks[0], FontBook.load(game.font_dirs), mm(3))
    front_face = faces.faces(game.decks[0].cards[0])[0]
    images = [op for op in front_face.ops if isinstance(op, ImageOp)]
    if not images:  # static image elements sit inside the reusable group
        images = [
            op for g in front_face.ops if isinstance(g, GroupOp) for op in g.ops if isinstance(op, ImageOp)
        ]
    assert images[0].fit == "cover" and images[0].path.name == "a.png"


def test_the_same_game_in_another_folder_builds_the_same_bytes(tmp_path: Path, run_cli):
    """Nothing in a PDF depends on where the game lies (form names once hashed file paths)."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>'
    front = MINI_FRONT + (
        "  - {type: image, box: [40mm, 20mm, 15mm, 15mm], file: art/mark.svg}\n"
        "  - {type: image, box: [40mm, 40mm, 15mm, 15mm], file: art/copy.svg}\n"
    )
    built = []
    for where in ("a", "deeper/b"):
        folder = write_game(tmp_path / where / "mini", {"templates/mini-front.yaml": front})
        (folder / "art").mkdir()
        (folder / "art" / "mark.svg").write_text(svg)
        (folder / "art" / "copy.svg").write_text(svg)  # the same drawing twice: one form
        code, _, err = run_cli("build", folder, "-o", tmp_path / where / "out")
        assert code == 0, err
        built.append((tmp_path / where / "out" / "mini" / "cards.pdf").read_bytes())
    assert built[0] == built[1]
    reader = PdfReader(tmp_path / "a" / "out" / "mini" / "cards.pdf")
    objects = [reader.get_object(n) for n in range(1, int(reader.trailer["/Size"]))]
    forms = [o for o in objects if hasattr(o, "get") and o.get("/Subtype") == "/Form"]
    drawings = [f for f in forms if b" re" not in f.get_data() and b"c\n" in f.get_data()]
    assert len(drawings) == 1
