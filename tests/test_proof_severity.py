"""Severities of the proofreader's findings (issue 31): an error stops ``build`` and fails
``check``; a warning is printed, the kit written, ``check`` passes unless ``--strict``. The
Victory Point Salad case (pure red text on white, 4.00:1) builds with one contrast warning.
And ``check`` records every paper and layout the kit offers, each file once."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.kit.proofing import VARIANTS, record_kit
from generator.load.loader import load_game
from generator.proof import as_problems
from generator.proof.settings import Known, Settings
from tests.test_proof import HERE, _draw, _markers, record_at

runner = CliRunner()


def _salad(tmp_path: Path) -> Path:
    """A starter game whose card text prints in pure red on white paper, as Victory Point Salad's
    'Trash 1 Stone' does (4.00:1 in colour, 8.55:1 in grey)."""
    assert runner.invoke(app, ["new", "salad", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "salad"
    front = folder / "front.yaml"
    text = front.read_text(encoding="utf-8").replace('paper: "#fbf8f1"', 'paper: "#ffffff"')
    old = '    text: "{text}"\n    size: 11pt\n    min_size: 8pt\n    color: $ink\n'
    assert old in text
    front.write_text(text.replace(old, old.replace("$ink", '"#ff0000"')), encoding="utf-8")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8").replace(
        "Move **one** space, then draw one card.", "Trash 1 Stone"
    )
    cards.write_text(text, encoding="utf-8")
    return folder


def test_red_on_white_builds_with_one_contrast_warning(tmp_path: Path) -> None:
    folder = _salad(tmp_path)
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", str(folder), "-o", str(out)])
    assert built.exit_code == 0, built.output
    lines = [line for line in built.output.splitlines() if "proof " in line]
    assert len(lines) == 1, built.output
    assert "front.yaml:" in lines[0] and ": warning: proof contrast: text #ff0000 on #ffffff" in lines[0]
    assert "4.00:1 in colour and 8.55:1 in black and white" in lines[0] and "'Trash 1 Stone'" in lines[0]
    assert (out / "salad" / "cards.pdf").is_file()


def test_check_passes_with_warnings_unless_strict(tmp_path: Path) -> None:
    folder = _salad(tmp_path)
    checked = runner.invoke(app, ["check", str(folder)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.count("warning: proof contrast") == 1 and "1 warning." in checked.output
    strict = runner.invoke(app, ["check", str(folder), "--strict"])
    assert strict.exit_code == 1
    assert "warning: proof contrast" in strict.output and "with --strict: failed" in strict.output
    assert "Traceback" not in strict.output


def test_contrast_below_three_to_one_stays_an_error(tmp_path: Path) -> None:
    from generator.proof import RULES

    def graded(ink: str, back: str, size: float = 9) -> list[str]:
        def draw(c) -> None:
            c.setFillColor(back)
            c.rect(50, 50, 200, 100, stroke=0, fill=1)
            with record_at(HERE):
                c.setFillColor(ink)
                c.setFont("Helvetica", size)
                c.drawString(60, 90, "KEYWORD")

        return [f.severity for f in RULES["contrast"](_draw(tmp_path / "g.pdf", draw), Settings())]

    assert graded("#1f618d", "#3a2a2a") == ["error"]  # 2.04:1
    assert graded("#ff0000", "#ffffff") == ["warning"]  # 4.00:1, 8.55:1 in grey
    assert graded("#000000", "#009900") == ["warning"]  # 5.56:1, 3.04:1 in grey
    assert graded("#ffffff", "#b7950b") == ["error"]  # 2.9:1
    assert graded("#ffffff", "#8d8d8d", 20) == []  # large text wants 3:1: 3.3:1 passes
    assert graded("#ffffff", "#a0a0a0", 20) == ["error"]  # large text below 3:1


def test_colour_only_weighs_the_margin(tmp_path: Path) -> None:
    same = _markers(
        tmp_path / "a",
        "      - {name: Red, color: '#c62828', icon: pawn}\n"
        "      - {name: Blue, color: '#1565c0', icon: pawn}\n",
    )
    assert [f.severity for f in same] == ["error"]  # lightness differs by 0: one grey
    close = _markers(
        tmp_path / "b",
        "      - {name: Deep, color: '#0000e0', icon: pawn}\n"
        "      - {name: Slate, color: '#4040e0', icon: pawn}\n",
    )
    assert [f.severity for f in close] == ["warning"]  # Delta E 9 for a tritanope (12 wanted)


def test_findings_as_problems_keep_their_severity_and_known_ones_are_notes(tmp_path: Path) -> None:
    from generator.proof.finding import Finding

    origin = type("O", (), {"file": str(tmp_path / "front.yaml"), "line": 3, "column": 5})()
    error = Finding("type-size", origin, "small")
    warning = Finding("contrast", origin, "pale", severity="warning")
    problems = as_problems([error, warning], Settings(), tmp_path)
    assert [p.severity for p in problems] == ["error", "warning"]
    assert str(problems[0]).endswith(":3:5: error: proof type-size: small")
    assert str(problems[1]).endswith(":3:5: warning: proof contrast: pale")
    allowed = as_problems([error, warning], Settings(), tmp_path, allow=True)
    assert [p.severity for p in allowed] == ["warning", "warning"]
    known = Settings(known=(Known("contrast", "front.yaml", "house red"),))
    listed = as_problems([warning], known, tmp_path)
    assert listed[0].severity == "note" and "(known: house red)" in listed[0].message


def test_check_records_every_paper_and_layout_each_file_once() -> None:
    papers = {p for p, _ in VARIANTS}
    assert papers == {"a4", "letter", "legal", "a3", "tabloid"}
    assert {layout for _, layout in VARIANTS} == {"duplex", "gutterfold"}
    game = load_game("entenrallye")
    found = record_kit(game, (("a3", "duplex"), ("a3", "gutterfold")))
    by_variant: dict[str, list[str]] = {}
    for path, pages in found.files.items():
        by_variant.setdefault(pages[0].variant, []).append(path.name)
    assert "board.pdf" in by_variant["a3 duplex"]  # the one-sheet board, on A3 at 67 %
    assert "rules-summary.pdf" in by_variant["a3 duplex"]
    # the gutterfold build adds only what the layout changes: folded cards and component sheets
    assert sorted(by_variant["a3 gutterfold"]) == [
        "cars-gutterfold.pdf",
        "counters.pdf",
        "parts-gutterfold.pdf",
        "sheets.pdf",
        "standees.pdf",
    ]


def test_card_sheets_say_which_card_each_slot_holds() -> None:
    game = load_game("entenrallye")
    found = record_kit(game, (("a4", "duplex"),))
    cars = next(pages for path, pages in found.files.items() if path.name == "cars.pdf")
    slots = [m.kind for page in cars for m in page.marks if getattr(m, "kind", "").startswith("card:")]
    deck = next(d for d in game.decks if d.name == "cars")
    fronts = [f"card:cars/{n}" for n, card in enumerate(deck.cards, 1) for _ in range(card.count)]
    assert slots == [s for s in slots if s in fronts] and sorted(set(slots)) == sorted(set(fronts))
    assert len(slots) == 2 * deck.size  # each copy's front and back
