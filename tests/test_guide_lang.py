"""Deckwright's own printed words in the kit's language: the print guide's sentences and headings,
the rule summary's players line and footer, from the catalogues in generator/core/messages/."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pypdfium2
import pytest

from generator import __version__
from generator.core import say
from tests.conftest import MINI_GAME, write_game

ROOT = Path(__file__).resolve().parent.parent
FR = """\
cards:
  Alpha: {name: Alfa, text: Court vite.}
  Beta: {name: Bête, text: Rôde.}
templates:
  mini-front:
    "Speed {speed}": "Vitesse {speed}"
"""

# The mini game's guide as Deckwright wrote it before the catalogue (English, duplex, A4).
ENGLISH = """\
# Mini Game - print guide

Game data version 1; built by Deckwright VERSION for A4 paper.
Print every file at 100 % ("actual size", never "fit to page"): the scale bar on each sheet
must measure what its label says.

## What to print

- cards.pdf (Mini Game): 3 cards on 1 sheet, 9 per sheet. Print double-sided, flipping on the long \
edge (2 pages: each front page is followed by its backs), on card stock (about 250 g/m2), one copy. \
Cut along the crop marks (and the grey cut lines where there was no room for marks).

## Paper and pages

- cards.pdf: card stock (about 250 g/m2; or glue the printed paper onto thin card); print all 2 pages \
double-sided (each front page is followed by its backs).

## Backs that line up

- Calibrate your duplex printer once: `deckwright calibrate --paper a4 --duplex long` writes a \
two-page sheet; print it double-sided on the same paper and printer settings as the cards, hold it \
against a light and read on the rulers how far the back cross sits from the front cross; the sheet \
prints the --back-offset X,Y to enter (with the signs for your flip edge).
- Rebuild with it: `deckwright build mini --paper a4 --duplex long --back-offset X,Y -o out`, and \
print one test sheet (pages 1-2 of the card file) before the rest.
- This kit was built with --back-offset 0,0 (mm) and --duplex long: note the offset that works for \
your printer (it stays the same for the same printer, paper and tray) and give it to every build.
- No duplex printer? Rebuild with `deckwright build mini --paper a4 --layout gutterfold -o out`: \
fold-and-glue sheets, fronts and backs on one side of the paper, folded together; no calibration \
needed.

## What else to gather

- Nothing: everything is in the files above.
"""


def _fixed_words(entry: say.Entry) -> list[str]:
    """The fixed stretches of a catalogue entry (between its placeholders) that hold a sentence's
    worth of words: three or more words of letters."""
    forms = entry.values() if isinstance(entry, dict) else [entry]
    out = []
    for form in forms:
        for literal, *_ in string.Formatter().parse(form):
            for line in literal.split("\n"):
                if len(re.findall(r"[A-Za-z]{2,}", line)) >= 3:
                    out.append(line.strip())
    return out


def _pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(path)
    return "\n".join(page.get_textpage().get_text_range() for page in pdf)


@pytest.fixture(scope="module")
def german_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from typer.testing import CliRunner

    from generator.cli import app

    out = tmp_path_factory.mktemp("kits")
    result = CliRunner().invoke(app, ["build", "entenrallye", "--lang", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out / "entenrallye-de"


def test_the_german_print_guide_is_german(german_kit: Path):
    guide = (german_kit / "print-guide.md").read_text(encoding="utf-8")
    de = say.catalogue("de")
    for key in ("guide.what_to_print", "guide.paper_and_pages", "guide.backs", "guide.gather"):
        assert f"\n## {de[key]}\n" in guide
    assert "## Was zu drucken ist" in guide and "## Papier und Seiten" in guide
    assert guide.startswith("# Entenrallye - Druckanleitung\n")
    english = {
        line
        for key, entry in say.catalogue("en").items()
        if key != "guide.title"
        for line in _fixed_words(entry)
    }
    assert len(english) > 40  # the check below has something to find
    left = sorted(line for line in english if line in guide)
    assert left == [], left
    assert "deckwright build entenrallye --lang de --paper a4" in guide  # a rebuild keeps the language


def test_the_german_summary_says_players_and_pages_in_german(german_kit: Path):
    import yaml

    players = yaml.safe_load((ROOT / "carddata/entenrallye/game.yaml").read_text(encoding="utf-8"))["players"]
    text = _pdf_text(german_kit / "rules-summary.pdf")
    assert f"{players} Spieler" in text and f"{players} players" not in text
    assert "Seite 1 von" in text and "page 1 of" not in text


def test_the_english_guide_is_as_before(tmp_path, run_cli):
    write_game(tmp_path / "mini")
    code, out, err = run_cli("build", "mini", "-o", "out")
    assert code == 0, out + err
    guide = (tmp_path / "out" / "mini" / "print-guide.md").read_text(encoding="utf-8")
    assert guide == ENGLISH.replace("VERSION", __version__)


def test_a_language_without_a_catalogue_warns_once_and_prints_english(tmp_path, run_cli):
    spec = MINI_GAME.replace("title: Mini Game\n", "title: Mini Game\nlanguages: [en, fr]\n")
    write_game(tmp_path / "mini", {"game.yaml": spec, "lang/fr.yaml": FR})
    assert not say.has_catalogue("fr")
    code, out, err = run_cli("check", "mini", "--lang", "fr")
    assert code == 0, out + err
    assert (out + err).count("no 'fr' catalogue") == 1, out + err
    assert "lang/fr.yaml" in out + err
    code, out, err = run_cli("build", "mini", "--lang", "fr", "-o", "out")
    assert code == 0, out + err
    assert (out + err).count("no 'fr' catalogue") == 1, out + err
    guide = (tmp_path / "out" / "mini-fr" / "print-guide.md").read_text(encoding="utf-8")
    assert "## What to print" in guide and "--lang fr" in guide


def test_a_game_overrides_an_entry_and_an_unknown_key_is_located(tmp_path, run_cli):
    spec = MINI_GAME.replace("title: Mini Game\n", "title: Mini Game\nlanguages: [en, fr]\n")
    words = FR + "messages:\n  guide.what_to_print: Ce qu'il faut imprimer\n"
    write_game(tmp_path / "mini", {"game.yaml": spec, "lang/fr.yaml": words})
    code, out, err = run_cli("build", "mini", "--lang", "fr", "-o", "out")
    assert code == 0, out + err
    guide = (tmp_path / "out" / "mini-fr" / "print-guide.md").read_text(encoding="utf-8")
    assert "## Ce qu'il faut imprimer\n" in guide and "## Paper and pages" in guide
    write_game(tmp_path / "mini", {"game.yaml": spec, "lang/fr.yaml": words.replace("to_print", "to_prnt")})
    code, out, err = run_cli("check", "mini", "--lang", "fr")
    assert code == 1
    assert re.search(
        r"fr\.yaml:8:\d+: .*'guide\.what_to_prnt'.*did you mean 'guide\.what_to_print'", out + err
    )
    assert "Traceback" not in out + err


def test_the_german_catalogue_has_every_entry_with_the_same_placeholders():
    def fields(entry: say.Entry) -> set[str]:
        forms = entry.values() if isinstance(entry, dict) else [entry]
        return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}

    en, de = say.catalogue("en"), say.catalogue("de")
    assert sorted(de) == sorted(en)
    for key, entry in en.items():
        assert fields(de[key]) <= fields(entry) | {"n"}, key
        assert isinstance(de[key], dict) == isinstance(entry, dict), key


def test_importing_a_translation_table_keeps_the_games_messages(tmp_path, run_cli):
    from generator.lang.langfile import read_translation

    spec = MINI_GAME.replace("title: Mini Game\n", "title: Mini Game\nlanguages: [en, fr]\n")
    words = FR + "messages:\n  guide.what_to_print: Ce qu'il faut imprimer\n"
    folder = write_game(tmp_path / "mini", {"game.yaml": spec, "lang/fr.yaml": words})
    assert run_cli("export", "mini", "--translations", "t.csv")[0] == 0
    code, out, err = run_cli("import-translations", "mini", "t.csv")
    assert code == 0, out + err
    kept = read_translation(folder, "fr").messages
    assert {k: t.text for k, t in kept.items()} == {"guide.what_to_print": "Ce qu'il faut imprimer"}


def test_the_games_gather_items_are_translated_located_and_exported(tmp_path, run_cli):
    spec = MINI_GAME.replace("title: Mini Game\n", "title: Mini Game\nlanguages: [en, fr]\n") + (
        "gather:\n  - A pencil.\n"
    )
    folder = write_game(tmp_path / "mini", {"game.yaml": spec, "lang/fr.yaml": FR})
    line = spec.splitlines().index("  - A pencil.") + 1
    code, out, err = run_cli("check", "mini", "--lang", "fr")
    assert code == 1
    assert re.search(rf"game\.yaml:{line}:5: gather item 'A pencil\.' has no 'fr' translation", out + err)
    (folder / "lang" / "fr.yaml").write_text(FR + "gather: {A pencil: Un crayon.}\n", encoding="utf-8")
    code, out, err = run_cli("check", "mini", "--lang", "fr")
    assert (
        code == 1
        and "game.yaml gathers no 'A pencil'" in out + err
        and "did you mean 'A pencil.'" in out + err
    )
    (folder / "lang" / "fr.yaml").write_text(FR + "gather: {A pencil.: Un crayon.}\n", encoding="utf-8")
    code, out, err = run_cli("build", "mini", "--lang", "fr", "-o", "out")
    assert code == 0, out + err
    guide = (tmp_path / "out" / "mini-fr" / "print-guide.md").read_text(encoding="utf-8")
    assert "- Un crayon.\n" in guide and "A pencil." not in guide
    assert run_cli("export", "mini", "--translations", "t.csv")[0] == 0
    table = (tmp_path / "t.csv").read_text(encoding="utf-8")
    assert f"gather,,A pencil.,mini/game.yaml:{line}:5,A pencil.,Un crayon." in table
    (tmp_path / "t.csv").write_text(table.replace("Un crayon.", "Un stylo."), encoding="utf-8")
    assert run_cli("import-translations", "mini", "t.csv")[0] == 0
    code, out, err = run_cli("build", "mini", "--lang", "fr", "-o", "out")
    assert "- Un stylo.\n" in (tmp_path / "out" / "mini-fr" / "print-guide.md").read_text(encoding="utf-8")
