"""Every error a user can cause: exact message with file:line:col, exit status, no traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import MINI_CARDS, MINI_FRONT, MINI_GAME, write_game

# (case id, files to override, expected stderr line, exit status)
CASES = [
    (
        "unknown-key-game",
        {"game.yaml": MINI_GAME.replace("title:", "titel:")},
        "mini/game.yaml:2:1: titel: unknown key 'titel' (did you mean 'title'?)",
        1,
    ),
    (
        "not-a-number",
        {"cards.yaml": MINI_CARDS.replace("speed: 3", "speed: fast")},
        "mini/cards.yaml:4:12: cards[0].speed: expected a whole number, found 'fast'",
        1,
    ),
    (
        "unknown-card-type",
        {"cards.yaml": MINI_CARDS.replace("type: hero", "type: heroine")},
        "mini/cards.yaml:3:11: cards[0].type: expected one of hero, villain, found 'heroine'",
        1,
    ),
    (
        "choice-in-list",
        {"cards.yaml": MINI_CARDS.replace("powers: [fire]", "powers: [fire, wind]")},
        "mini/cards.yaml:5:20: cards[0].powers[1]: expected one of fire, ice, found 'wind'",
        1,
    ),
    (
        "missing-name",
        {"cards.yaml": MINI_CARDS.replace("  - name: Alpha\n    type: hero", "  - type: hero")},
        "mini/cards.yaml:2:5: cards[0].name: missing required key 'name'",
        1,
    ),
    (
        "unknown-card-field",
        {"cards.yaml": MINI_CARDS.replace("speed: 3", "sped: 3")},
        "mini/cards.yaml:4:5: cards[0].sped: unknown key 'sped' (did you mean 'speed'?)",
        1,
    ),
    (
        "duplicate-key",
        {"cards.yaml": MINI_CARDS.replace("    speed: 3\n", "    speed: 3\n    speed: 4\n")},
        "mini/cards.yaml:5:5: cards[0].speed: duplicate key 'speed' (first written at line 4, "
        "again at line 5): remove one of them",
        1,
    ),
    (
        "alias",
        {"cards.yaml": MINI_CARDS.replace("powers: [fire]", "powers: &p [fire]\n    text2: *p")},
        "mini/cards.yaml:6:5: cards[0].text2: anchors and aliases (&name / *name) are not supported: "
        "write the value out, or use 'extends:' in templates",
        1,
    ),
    (
        "yaml-syntax",
        {"cards.yaml": MINI_CARDS.replace("powers: [fire]", "powers: [fire")},
        "mini/cards.yaml:6:9: YAML syntax error: while parsing a flow sequence, "
        "did not find expected ',' or ']'",
        1,
    ),
    (
        "unknown-size",
        {"game.yaml": MINI_GAME.replace("size: poker", "size: pokerr")},
        "mini/game.yaml:14:11: decks[0].size: unknown card size 'pokerr' (did you mean 'poker'?); known sizes: bridge",
        1,
    ),
    (
        "unknown-template",
        {"game.yaml": MINI_GAME.replace("template: mini-front", "template: mini-frnt")},
        "mini/game.yaml:15:15: decks[0].template: no template named 'mini-frnt' (did you mean 'mini-front'?) (looked in mini/templates, mini, ",
        1,
    ),
    (
        "missing-card-file",
        {"game.yaml": MINI_GAME.replace("cards: [cards.yaml]", "cards: [card.yaml]")},
        "mini/game.yaml:17:13: decks[0].cards[0]: card file 'card.yaml' not found in mini",
        1,
    ),
    (
        "bad-length-unit",
        {
            "templates/mini-front.yaml": MINI_FRONT.replace(
                "[3mm, 3mm, 57.5mm, 10mm]", "[3mm, 3mm, 57.5mm, 10km]"
            )
        },
        "mini/templates/mini-front.yaml:6:18: elements[1].box: unknown unit 'km' in '10km' "
        "(known units: pt, mm, cm, in, px)",
        1,
    ),
    (
        "bad-colour",
        {"templates/mini-front.yaml": MINI_FRONT.replace('fill: "#ffffff"', 'fill: "#fffff"')},
        "mini/templates/mini-front.yaml:5:36: elements[0].fill: expected a colour such as '#c0392b', "
        "'navy', 'none' or '$style', found '#fffff'",
        1,
    ),
    (
        "unknown-element-type",
        {
            "templates/mini-front.yaml": MINI_FRONT.replace(
                "{type: rect, box: bleed", "{type: rectangle, box: bleed"
            )
        },
        "mini/templates/mini-front.yaml:5:5: elements[0]: unknown type 'rectangle' (did you mean 'rect'?); "
        "expected one of rect, ellipse, polygon, star, path, line, text, icon, image, repeat",
        1,
    ),
    (
        "unknown-template-key",
        {"templates/mini-front.yaml": MINI_FRONT.replace("size: 14pt,", "sise: 14pt,")},
        "mini/templates/mini-front.yaml:7:64: elements[2].sise: unknown key 'sise' (did you mean 'size'?)",
        1,
    ),
    (
        "extends-cycle",
        {
            "templates/mini-front.yaml": "extends: mini-other\n" + MINI_FRONT,
            "templates/mini-other.yaml": "extends: mini-front\nelements: []\n",
        },
        "mini/templates/mini-other.yaml:1:10: extends: templates extend each other in a cycle: "
        "mini-front -> mini-other -> mini-front; remove one 'extends'",
        1,
    ),
    (
        "bad-field-type",
        {"game.yaml": MINI_GAME.replace('speed: "int?"', 'speed: "integer?"')},
        "mini/game.yaml:9:10: card_fields.speed: unknown type 'integer' (did you mean 'int'?); "
        "known types: text, int, number, bool, choice(...), list(T), map(K, V), power",
        1,
    ),
]


@pytest.mark.parametrize(("case", "files", "expected", "status"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_reported(run_cli, tmp_path: Path, case, files, expected, status):
    write_game(tmp_path / "mini", files)
    code, out, err = run_cli("check", "mini")
    assert code == status
    assert any(line.startswith(expected) for line in err.splitlines()), err
    assert "Traceback" not in err + out


def test_missing_field_names_template_field_and_card(run_cli, tmp_path: Path):
    front = MINI_FRONT.replace('text: "{text}"', 'text: "{flavour}"')
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    line = err.splitlines()[0]
    assert line.startswith("mini/templates/mini-front.yaml:9:5: template 'mini-front': ")
    assert "uses field 'flavour', which no card has and the game does not declare" in line
    assert "it affects 2 cards of deck 'cards' ('Alpha', 'Beta')" in line


def test_text_that_cannot_fit_is_reported_with_card_name(run_cli, tmp_path: Path):
    long_text = " ".join(["A very long sentence that keeps going."] * 40)
    cards = MINI_CARDS.replace("text: Runs fast.", f"text: {long_text}")
    write_game(tmp_path / "mini", {"cards.yaml": cards})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "card 'Alpha'" in err and "text does not fit on the front of 'Alpha'" in err


def test_all_problems_of_a_run_are_reported_together(run_cli, tmp_path: Path):
    cards = MINI_CARDS.replace("speed: 3", "speed: fast").replace("count: 2", "count: many")
    write_game(tmp_path / "mini", {"cards.yaml": cards})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "cards[0].speed: expected a whole number, found 'fast'" in err
    assert "cards[1].count: expected a whole number, found 'many'" in err
    assert "2 problems found." in err


def test_unknown_game_is_a_usage_error(run_cli):
    code, _, err = run_cli("check", "road-runer")
    assert code == 2
    assert "unknown game 'road-runer' (did you mean 'road-runner'?)" in err


def test_build_without_a_game_is_a_usage_error(run_cli):
    code, _, err = run_cli("build")
    assert code == 2
    assert "name a game to build" in err


def test_bad_back_offset_is_a_usage_error(run_cli, mini_game):
    code, _, err = run_cli("build", mini_game, "--back-offset", "left")
    assert code == 2
    assert "--back-offset expects 'X,Y' in millimetres" in err


def test_oversize_file_is_refused(run_cli, tmp_path: Path, monkeypatch):
    import generator.core.yamlio as yamlio

    monkeypatch.setattr(yamlio, "MAX_BYTES", 100)
    write_game(tmp_path / "mini")
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/game.yaml: file is 0.0 MB; the limit is 0 MiB - split it into several files" in err


# -- build never writes a broken kit silently --------------------------------------------------

LONG_TEXT = " ".join(["A very long sentence that keeps going."] * 40)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_overflow_fails_build_with_checks_message_and_writes_nothing(run_cli, tmp_path: Path):
    game = write_game(tmp_path / "mini")
    assert run_cli("build", game, "-o", tmp_path / "out")[0] == 0
    before = _snapshot(tmp_path / "out")
    write_game(game, {"cards.yaml": MINI_CARDS.replace("text: Runs fast.", f"text: {LONG_TEXT}")})
    _, _, check_err = run_cli("check", "mini")
    code, out, err = run_cli("build", "mini", "-o", tmp_path / "out")
    assert code == 1
    located = [line for line in check_err.splitlines() if line.startswith("mini/cards.yaml:2:5: ")]
    assert located and all(line in err.splitlines() for line in located), err
    assert "mini: not built; earlier output left as it was." in err
    assert "wrote" not in out and "Traceback" not in err
    assert _snapshot(tmp_path / "out") == before  # same files, same bytes, no temporary files


def test_overflow_into_a_new_folder_leaves_no_folder(run_cli, tmp_path: Path):
    write_game(
        tmp_path / "mini", {"cards.yaml": MINI_CARDS.replace("text: Runs fast.", f"text: {LONG_TEXT}")}
    )
    code, _, _ = run_cli("build", "mini", "-o", tmp_path / "new" / "out")
    assert code == 1
    assert not (tmp_path / "new").exists()


def test_allow_overflow_writes_with_a_warning(run_cli, tmp_path: Path):
    write_game(
        tmp_path / "mini", {"cards.yaml": MINI_CARDS.replace("text: Runs fast.", f"text: {LONG_TEXT}")}
    )
    code, out, err = run_cli("build", "mini", "--allow-overflow", "-o", tmp_path / "out")
    assert code == 0
    assert "mini/cards.yaml:2:5: warning: card 'Alpha': template 'mini-front'" in err
    assert "text does not fit on the front of 'Alpha'" in err
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    assert "wrote out/mini/cards.pdf" in out


def test_output_folder_that_is_a_file(run_cli, mini_game: Path, tmp_path: Path):
    (tmp_path / "taken").write_text("not a folder")
    code, out, err = run_cli("build", mini_game, "-o", tmp_path / "taken")
    assert code == 1
    assert "taken/mini: cannot use this output folder (Not a directory): choose another with -o DIR" in err
    assert "Traceback" not in err + out
    assert (tmp_path / "taken").read_text() == "not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_output_folder(run_cli, mini_game: Path, tmp_path: Path):
    locked = tmp_path / "locked"
    (locked / "mini").mkdir(parents=True)
    (locked / "mini" / "cards.pdf").write_bytes(b"earlier")
    (locked / "mini").chmod(0o555)
    try:
        code, _, err = run_cli("build", mini_game, "-o", locked)
    finally:
        (locked / "mini").chmod(0o755)
    assert code == 1
    assert "locked/mini: cannot use this output folder (Permission denied)" in err
    assert (locked / "mini" / "cards.pdf").read_bytes() == b"earlier"


def test_output_folder_without_write_permission(run_cli, mini_game: Path, tmp_path: Path, monkeypatch):
    """As a read-only folder looks to a user who is not root (root may write anywhere)."""
    import generator.core.writing as writing

    (tmp_path / "locked" / "mini").mkdir(parents=True)
    (tmp_path / "locked" / "mini" / "cards.pdf").write_bytes(b"earlier")
    real_access = os.access
    locked = str(tmp_path / "locked")

    def access(path, mode) -> bool:  # the folder reads, but does not take writes
        if str(path).startswith(locked) and mode & os.W_OK:
            return False
        return real_access(path, mode)

    monkeypatch.setattr(writing.os, "access", access)
    code, out, err = run_cli("build", mini_game, "-o", tmp_path / "locked")
    assert code == 1, err
    assert "locked/mini: cannot use this output folder (Permission denied): choose another with -o DIR" in err
    assert "Traceback" not in err + out
    assert (tmp_path / "locked" / "mini" / "cards.pdf").read_bytes() == b"earlier"
