"""A game's languages: lang/<code>.yaml, ``check --lang``, ``build --lang``, gaps and bad files."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.core.errors import UsageError
from generator.lang.edition import edition, editions
from generator.load.loader import load_game
from tests.conftest import MINI_GAME, write_game

GAME = MINI_GAME.replace("title: Mini Game\n", "title: Mini Game\nlanguages: [en, de]\n")

DE = """\
title: Mini-Spiel
decks:
  cards: {title: Karten}
cards:
  Alpha: {name: Alfa, text: Läuft schnell.}
  Beta: {name: Beto, text: Schleicht herum.}
templates:
  mini-front:
    "Speed {speed}": "Tempo {speed}"
"""


def game(tmp_path: Path, de: str | None = DE, **files: str) -> Path:
    extra = {"game.yaml": GAME, **files}
    if de is not None:
        extra["lang/de.yaml"] = de
    return write_game(tmp_path / "mini", extra)


def test_edition_translates_cards_templates_and_titles(tmp_path):
    made = edition(load_game(game(tmp_path)), "de")
    assert made.missing == []
    assert made.game.name == "mini-de" and made.game.title == "Mini-Spiel"
    deck = made.game.decks[0]
    assert deck.title == "Karten"
    assert [(c.name, c.fields["text"]) for c in deck.cards] == [
        ("Alfa", "Läuft schnell."),
        ("Beto", "Schleicht herum."),
    ]
    assert deck.cards[0].field_origins["text"].file.endswith("lang/de.yaml")
    texts = [e.text for e in made.game.extra["templates"].get("mini-front").elements if e.type == "text"]
    assert "Tempo {speed}" in texts and "Speed {speed}" not in texts


def test_the_source_language_is_the_game_as_written(tmp_path):
    loaded = load_game(game(tmp_path))
    assert edition(loaded, "en").game is loaded
    assert [e.language for e in editions(loaded, "all")] == ["de"]


def test_check_passes_a_complete_translation(tmp_path, run_cli):
    code, out, err = run_cli("check", game(tmp_path), "--lang", "de")
    assert code == 0, out + err
    assert "Mini-Spiel" in out


def test_missing_translations_are_reported_with_file_and_line(tmp_path, run_cli):
    de = DE.replace("  Beta: {name: Beto, text: Schleicht herum.}\n", "  Beta: {name: Beto}\n").replace(
        '    "Speed {speed}": "Tempo {speed}"\n', "    {}\n"
    )
    de = de.replace("  mini-front:\n    {}\n", "  mini-front: {}\n")
    code, out, err = run_cli("check", game(tmp_path, de), "--lang", "de")
    assert code == 1
    text = out + err
    assert re.search(r"cards\.yaml:10:\d+: card 'Beta': field 'text' has no 'de' translation", text), text
    assert re.search(r"mini-front\.yaml:\d+:\d+: template 'mini-front': text 'Speed \{speed\}'", text), text
    assert "Traceback" not in text


def test_fallback_keeps_the_source_text_and_warns(tmp_path, run_cli):
    folder = game(tmp_path, DE.replace("  Beta: {name: Beto, text: Schleicht herum.}\n", ""))
    code, out, err = run_cli("check", folder, "--lang", "de", "--fallback")
    assert code == 0, out + err
    assert "warning" in out + err and "card 'Beta': field 'name'" in out + err
    made = edition(load_game(folder), "de", fallback=True)
    assert [c.name for c in made.game.decks[0].cards] == ["Alfa", "Beta"]
    assert {p.severity for p in made.missing} == {"warning"}


def test_build_refuses_a_gap_without_fallback(tmp_path, run_cli):
    folder = game(tmp_path, DE.replace("  Beta: {name: Beto, text: Schleicht herum.}\n", ""))
    code, out, err = run_cli("build", folder, "--lang", "de", "-o", tmp_path / "out")
    assert code == 1
    assert "field 'name' has no 'de' translation" in out + err
    assert not (tmp_path / "out" / "mini-de").exists()


def test_build_writes_one_kit_per_language(tmp_path, run_cli):
    folder = game(tmp_path)
    code, out, err = run_cli("build", folder, "--lang", "all", "-o", tmp_path / "out")
    assert code == 0, out + err
    assert (tmp_path / "out" / "mini-de" / "cards.pdf").is_file()
    assert not (tmp_path / "out" / "mini").exists()  # the source kit is its own build
    pdf = (tmp_path / "out" / "mini-de" / "cards.pdf").read_bytes()
    code, *_ = run_cli("build", folder, "--lang", "de", "-o", tmp_path / "again")
    assert (tmp_path / "again" / "mini-de" / "cards.pdf").read_bytes() == pdf  # same input, same bytes


def test_unknown_language_is_a_usage_error(tmp_path, run_cli):
    code, out, err = run_cli("check", game(tmp_path), "--lang", "fr")
    assert code == 2
    assert "no language 'fr'" in out + err and "en, de" in out + err
    with pytest.raises(UsageError, match="declares no languages"):
        editions(load_game(write_game(tmp_path / "plain")), "de")


def test_a_declared_language_without_its_file(tmp_path, run_cli):
    code, out, err = run_cli("check", game(tmp_path, None), "--lang", "de")
    assert code == 1
    assert "no translation file for language 'de'" in out + err and "lang/de.yaml" in out + err


@pytest.mark.parametrize(
    ("edit", "line", "message"),
    [
        (("  Alpha:", "  Alpah:"), 5, "no card named 'Alpah' (did you mean 'Alpha'?)"),
        (
            ("name: Alfa, text", "name: Alfa, txet"),
            5,
            "card 'Alpha' has no text field 'txet' (did you mean 'text'?)",
        ),
        (
            ("  mini-front:", "  mini-frnt:"),
            8,
            "no template 'mini-frnt' in this game (did you mean 'mini-front'?)",
        ),
        (('"Speed {speed}":', '"Sped {speed}":'), 9, "template 'mini-front' has no text 'Sped {speed}'"),
        (("  cards: {title: Karten}", "  cardz: {title: Karten}"), 3, "no deck named 'cardz'"),
        (("cards:\n  Alpha", "cards: [Alpha]\nx:\n  Alpha"), 4, "'cards' must be a mapping"),
        (("title: Mini-Spiel", "title: [Mini]"), 1, "a translation is one line of text"),
        (("title: Mini-Spiel", "titel: Mini-Spiel"), 1, "unknown section 'titel' (did you mean 'title'?)"),
        (("title: Mini-Spiel", "title: 'Mini"), 10, "YAML syntax error"),
        ((DE, "- title\n- cards\n"), 1, "a translation file is a mapping"),
        (("  Alpha: {name: Alfa, text: Läuft schnell.}", "  Alpha: [Alfa]"), 5, "'Alpha' must be a mapping"),
    ],
)
def test_bad_translation_files_are_located(tmp_path, run_cli, edit, line, message):
    code, out, err = run_cli("check", game(tmp_path, DE.replace(*edit)), "--lang", "de")
    text = out + err
    assert code == 1, text
    assert re.search(rf"lang/de\.yaml:{line}(:\d+)?: ", text), text
    assert message in text and "Traceback" not in text


def _pseudo(text: str) -> str:
    """A pseudo-translation 30 % longer: each word outside braces stretched by a third."""

    def stretch(word: re.Match) -> str:
        w = word.group(0)
        return w + "ä" * max(1, round(len(w) * 0.3)) if len(w) > 1 else w

    parts = re.split(r"(\{[^{}]*\}|\*\*)", text)
    return "".join(p if p.startswith("{") or p == "**" else re.sub(r"[^\W\d_]+", stretch, p) for p in parts)


TIGHT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: text, box: [4mm, 4mm, 55.5mm, 8mm], text: "{name}", size: 14pt}
  - {type: text, when: speed, box: [4mm, 20mm, 22mm, 5mm], text: "Speed {speed}", size: 10pt}
  - {type: text, box: [4mm, 40mm, 55.5mm, 30mm], text: "{text}", size: 11pt, min_size: 7pt}
"""


def test_a_language_thirty_percent_longer_overflows_and_is_reported_for_that_language(tmp_path, run_cli):
    """The source and German fit; a pseudo-language 30 % longer overflows, reported at its line."""
    xx = f"""cards:\n  Alpha: {{name: {_pseudo("Alfa")}, text: {_pseudo("Läuft schnell.")}}}
  Beta: {{name: {_pseudo("Beto")}, text: {_pseudo("Schleicht herum.")}}}
templates:\n  mini-front: {{"Speed {{speed}}": "{_pseudo("Tempo wert {speed}")}"}}\n"""
    spec = GAME.replace("[en, de]", "[en, de, xx]")
    folder = game(
        tmp_path,
        DE.replace("Tempo {speed}", "Tempo {speed}"),
        **{"templates/mini-front.yaml": TIGHT, "lang/xx.yaml": xx, "game.yaml": spec},
    )
    assert run_cli("check", folder)[0] == 0
    assert run_cli("check", folder, "--lang", "de")[0] == 0
    code, out, err = run_cli("check", folder, "--lang", "xx")
    assert code == 1
    assert re.search(
        r"card 'Alfaä': template 'mini-front' \(mini/lang/xx\.yaml:5:\d+\): text does not fit", out + err
    ), out + err
    code, out, err = run_cli("build", folder, "--lang", "all", "-o", tmp_path / "out")
    assert (
        code == 1 and (tmp_path / "out" / "mini-de").is_dir() and not (tmp_path / "out" / "mini-xx").exists()
    )
    assert "mini-xx: not built" in out + err


def test_entenrallye_thirty_percent_longer_is_caught_by_the_proofreader(tmp_path, run_cli):
    """Entenrallye's German fits (docs/languages.md runs its check); 30 % longer, the board's
    legend no longer fits, and that language's kit is refused."""
    import yaml

    folder = tmp_path / "entenrallye"
    shutil.copytree(Path(__file__).parent.parent / "carddata" / "entenrallye", folder)
    de = yaml.safe_load((folder / "lang" / "de.yaml").read_text(encoding="utf-8"))
    xx = {
        "cards": {c: {f: _pseudo(t) for f, t in v.items()} for c, v in de["cards"].items()},
        "tables": {n: {k: _pseudo(v) for k, v in t.items()} for n, t in de["tables"].items()},
        "templates": {n: {s: _pseudo(t) for s, t in v.items()} for n, v in de["templates"].items()},
        **{
            part: {k: _pseudo(t) for k, t in de[part].items()}
            for part in ("summary", "boards", "components", "gather")
        },
    }
    (folder / "lang" / "xx.yaml").write_text(yaml.safe_dump(xx, allow_unicode=True), encoding="utf-8")
    spec = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(spec.replace("[en, de]", "[en, de, xx]"), encoding="utf-8")
    code, out, err = run_cli("build", folder, "--lang", "xx", "-o", tmp_path / "out")
    assert code == 1
    assert "do not fit" in out + err and "entenrallye-xx: not built" in out + err, out + err
    assert not (tmp_path / "out" / "entenrallye-xx").exists()


def test_fonts_fall_back_per_script_and_a_missing_glyph_is_named(tmp_path, run_cli):
    """Greek falls back to the bundled DejaVu Sans; a CJK character no bundled font has is a
    warning naming the character and the translator's line (the kit is still written)."""
    spec = GAME.replace("[en, de]", "[en, de, el, ja]")
    el = DE.replace("Läuft schnell.", "Τρέχει γρήγορα.")
    ja = DE.replace("Läuft schnell.", "速く走る。")
    folder = game(tmp_path, DE, **{"game.yaml": spec, "lang/el.yaml": el, "lang/ja.yaml": ja})
    code, out, err = run_cli("build", folder, "--lang", "el", "-o", tmp_path / "out")
    assert code == 0 and "glyph" not in out + err, out + err
    code, out, err = run_cli("build", folder, "--lang", "ja", "-o", tmp_path / "out")
    assert code == 0, out + err
    assert re.search(r"lang/ja\.yaml:5:\d+: warning: .*'走' \(U\+8D70.*has no glyph in any font", out + err)
    assert (tmp_path / "out" / "mini-ja" / "cards.pdf").is_file()


SUMMARY = """\
subtitle: Rule summary
sections:
  - kind: paragraph
    title: The idea
    text: Run fast, sneak about.
"""
DE_SUMMARY = """\
summary:
  Rule summary: Kurzregel
  sections[0].title: Die Idee
  sections[0].text: Schnell laufen, herumschleichen.
"""


def _with_summary(tmp_path: Path, de: str) -> Path:
    spec = GAME + "summary: summary.yaml\n"
    return game(tmp_path, DE + de, **{"game.yaml": spec, "summary.yaml": SUMMARY})


def test_the_summary_is_read_in_the_language_by_text_or_key_path(tmp_path, run_cli):
    from generator.summary import load_summary

    folder = _with_summary(tmp_path, DE_SUMMARY)
    made = edition(load_game(folder), "de")
    assert made.missing == []
    with made.overlay():
        summary = load_summary(folder / "summary.yaml", made.game)
    assert (
        "Kurzregel" in repr(summary) and "Schnell laufen" in repr(summary) and "Run fast" not in repr(summary)
    )
    assert "Run fast" in repr(load_summary(folder / "summary.yaml", made.game))  # only inside the block
    code, out, err = run_cli("build", folder, "--lang", "de", "-o", tmp_path / "out")
    assert code == 0, out + err
    assert (tmp_path / "out" / "mini-de" / "rules-summary.pdf").is_file()


def test_summary_gaps_and_unknown_keys_are_located(tmp_path, run_cli):
    folder = _with_summary(
        tmp_path, DE_SUMMARY.replace("  sections[0].text: Schnell laufen, herumschleichen.\n", "")
    )
    code, out, err = run_cli("check", folder, "--lang", "de")
    assert code == 1
    assert re.search(
        r"summary\.yaml:5:\d+: .*summary text at sections\[0\]\.text \('Run fast, sneak about\.'\) has no 'de'",
        out + err,
    ), out + err
    folder = _with_summary(tmp_path / "b", DE_SUMMARY.replace("sections[0].title", "sections[9].title"))
    code, out, err = run_cli("check", folder, "--lang", "de")
    assert code == 1
    assert re.search(r"lang/de\.yaml:\d+:\d+: .*no printed summary text 'sections\[9\]\.title'", out + err), (
        out + err
    )


def test_translation_table_round_trip_csv_and_xlsx(tmp_path, run_cli):
    folder = _with_summary(tmp_path, DE_SUMMARY)
    code, out, err = run_cli("export", folder, "--translations", tmp_path / "t.csv")
    assert code == 0, out + err
    text = (tmp_path / "t.csv").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "section,item,field,where,en,de"
    assert "cards,Alpha,text,mini/cards.yaml:6:11,Runs fast.,Läuft schnell." in text
    assert "summary,,sections[0].text," in text and "Schnell laufen, herumschleichen." in text
    before = edition(load_game(folder), "de").game
    # a translator's edit in the spreadsheet comes back into lang/de.yaml
    (tmp_path / "t.csv").write_text(text.replace("Läuft schnell.", "Rennt los."), encoding="utf-8")
    code, out, err = run_cli("import-translations", folder, tmp_path / "t.csv")
    assert code == 0, out + err
    after = edition(load_game(folder), "de")
    assert after.missing == []
    assert after.game.decks[0].cards[0].fields["text"] == "Rennt los."
    assert (
        after.game.decks[0].cards[1] == before.decks[0].cards[1]
        or after.game.decks[0].cards[1].name == "Beto"
    )
    run_cli("export", folder, "--translations", tmp_path / "t2.csv")
    assert (tmp_path / "t2.csv").read_text(encoding="utf-8") == text.replace("Läuft schnell.", "Rennt los.")
    for name in ("a.xlsx", "b.xlsx"):
        assert run_cli("export", folder, "--translations", tmp_path / name)[0] == 0
    assert (tmp_path / "a.xlsx").read_bytes() == (tmp_path / "b.xlsx").read_bytes()  # same input, same bytes
    code, out, err = run_cli("import-translations", folder, tmp_path / "a.xlsx")
    assert code == 0, out + err
    assert edition(load_game(folder), "de").game.decks[0].cards[0].fields["text"] == "Rennt los."


@pytest.mark.parametrize(
    ("edit", "where", "message"),
    [
        (("cards,Alpha,text", "cards,Alpah,text"), r"t\.csv:5:1", "no printed text 'cards | Alpah | text'"),
        (("where,en,de", "where,en,fr"), r"t\.csv:1:6", "column 'fr' is not one of the game's languages"),
        (("section,item,field", "sect,item,field"), r"t\.csv:1:1", "column 1 must be 'section'"),
    ],
)
def test_a_bad_translation_table_is_located_and_nothing_written(tmp_path, run_cli, edit, where, message):
    folder = game(tmp_path)
    run_cli("export", folder, "--translations", tmp_path / "t.csv")
    text = (tmp_path / "t.csv").read_text(encoding="utf-8")
    (tmp_path / "t.csv").write_text(text.replace(*edit), encoding="utf-8")
    before = (folder / "lang" / "de.yaml").read_bytes()
    code, out, err = run_cli("import-translations", folder, tmp_path / "t.csv")
    assert code == 1
    assert re.search(where, out + err) and message in out + err, out + err
    assert "Traceback" not in out + err
    assert (folder / "lang" / "de.yaml").read_bytes() == before


def test_keep_prints_proper_names_as_written(tmp_path, run_cli):
    folder = game(
        tmp_path, "keep: [name, text]\ntemplates:\n  mini-front: {'Speed {speed}': 'Tempo {speed}'}\n"
    )
    made = edition(load_game(folder), "de")
    assert made.missing == [] and made.game.decks[0].cards[0].name == "Alpha"
    run_cli("export", folder, "--translations", tmp_path / "t.csv")
    assert run_cli("import-translations", folder, tmp_path / "t.csv")[0] == 0
    assert "keep:\n- name\n- text\n" in (folder / "lang" / "de.yaml").read_text(encoding="utf-8")
    code, out, err = run_cli("check", game(tmp_path / "b", "keep: [nmae]\n"), "--lang", "de")
    assert code == 1 and re.search(
        r"lang/de\.yaml:1:\d+: .*no card has a text field 'nmae' \(did you mean 'name'\?\)", out + err
    )


SHEET_GAME = GAME.replace("cards: [cards.yaml]", "cards: [cards.csv]")
SHEET = "name,type,speed,text,name@de,text@de\nAlpha,hero,3,Runs fast.,Alfa,Läuft schnell.\nBeta,villain,,Sneaks about.,Beto,\n"


def test_a_spreadsheet_column_per_language(tmp_path, run_cli):
    """``text@de`` columns beside the data; a blank cell is a gap, reported at its cell."""
    de = "templates:\n  mini-front: {'Speed {speed}': 'Tempo {speed}'}\n"
    folder = game(tmp_path, de, **{"game.yaml": SHEET_GAME, "cards.csv": SHEET})
    made = edition(load_game(folder), "de", fallback=True)
    cards = made.game.decks[0].cards
    assert [(c.name, c.fields["text"]) for c in cards] == [
        ("Alfa", "Läuft schnell."),
        ("Beto", "Sneaks about."),
    ]
    assert [p.message.split(":")[0] for p in made.missing] == ["card 'Beta'"]
    assert made.missing[0].file.endswith("cards.csv") and made.missing[0].line == 3
    assert cards[0].field_origins["text"].column == 6  # a problem in it points at its cell
    code, out, err = run_cli("check", folder, "--lang", "de")
    assert code == 1 and re.search(r"cards\.csv:3:\d+: card 'Beta': field 'text' has no 'de'", out + err), (
        out + err
    )
    # without a lang file the sheet's columns alone make the language
    folder = game(
        tmp_path / "b", None, **{"game.yaml": SHEET_GAME, "cards.csv": SHEET.replace(",\n", ",Schleicht.\n")}
    )
    assert (
        edition(load_game(folder), "de", fallback=True).game.decks[0].cards[1].fields["text"] == "Schleicht."
    )


def test_a_language_column_the_game_does_not_declare(tmp_path, run_cli):
    folder = game(tmp_path, **{"game.yaml": SHEET_GAME, "cards.csv": SHEET.replace("text@de", "text@fr")})
    code, out, err = run_cli("check", folder)
    assert code == 1
    assert re.search(
        r"cards\.csv:2:6: column 'text@fr' \(card 'Alpha'\): 'fr' is not one of the languages", out + err
    ), out + err


def test_glossary_headwords_are_translated_in_order(tmp_path):
    from generator.summary import load_summary

    summary = SUMMARY.replace(
        "sections:", "terms:\n  Driver: {meaning: Who drives.}\n  Bank: {meaning: Who pays.}\nsections:"
    )
    de = (
        DE_SUMMARY
        + "  terms.Driver: Fahrer\n  terms.Driver.meaning: Wer fährt.\n  terms.Bank: Bank\n  terms.Bank.meaning: Wer zahlt.\n"
    )
    spec = GAME + "summary: summary.yaml\n"
    folder = game(tmp_path, DE + de, **{"game.yaml": spec, "summary.yaml": summary})
    made = edition(load_game(folder), "de")
    assert made.missing == []
    (terms,) = [value for loc, value, _ in next(iter(made.edits.values())) if loc == ("terms",)]
    assert terms == {"Fahrer": {"meaning": "Wer fährt."}, "Bank": {"meaning": "Wer zahlt."}}
    assert list(terms) == ["Fahrer", "Bank"]  # the glossary's order kept
    with made.overlay():
        text = repr(load_summary(folder / "summary.yaml", made.game))
    assert "'Fahrer': KeywordLook" in text and "Driver" not in text
    gaps = edition(
        load_game(game(tmp_path / "b", DE + DE_SUMMARY, **{"game.yaml": spec, "summary.yaml": summary})),
        "de",
        True,
    )
    assert any("terms.Driver ('Driver')" in p.message for p in gaps.missing)


def test_check_all_languages_in_turn(tmp_path, run_cli):
    spec = GAME.replace("[en, de]", "[en, de, fr]")
    fr = DE.replace("Läuft schnell.", "Court vite.")
    folder = game(tmp_path, **{"game.yaml": spec, "lang/fr.yaml": fr})
    code, out, err = run_cli("check", folder, "--lang", "all")
    assert code == 0, out + err
    assert out.index("[en]") < out.index("[de]") < out.index("[fr]") and out.count("no problems found") == 2
    assert (out + err).count("no 'fr' catalogue") == 1  # Deckwright's own words: no French bundled
    (folder / "lang" / "fr.yaml").write_text(
        fr.replace("  Beta: {name: Beto, text: Schleicht herum.}\n", ""), encoding="utf-8"
    )
    code, out, err = run_cli("check", folder, "--lang", "all")
    assert code == 1 and "has no 'fr' translation" in out + err and out.count("no problems found") == 2
