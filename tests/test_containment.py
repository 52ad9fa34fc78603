"""A game folder cannot reach outside itself: every kind of file a game names, by every escape
route ('..', an absolute path, a linked file, a linked folder), is refused by ``check`` and
``build`` with the file and line that named it, and no message quotes the outside file."""

from __future__ import annotations

import io
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from generator.core import paths
from generator.core.errors import clip
from tests.conftest import MINI_FRONT, MINI_GAME, write_game
from tests.test_sheets import ods, xlsx

SECRET = "TOPSECRET"
GAME_END = len(MINI_GAME.splitlines()) + 1  # the line a key appended to game.yaml lands on


def _png(side: int = 40) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (side, side), "#c0392b").save(out, "PNG")
    return out.getvalue()


def _secret_sheet(kind: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        (xlsx if kind == "xlsx" else ods)(path, [[SECRET, "type"], ["x", "hero"]])

    return write


def _font(path: Path) -> None:
    shutil.copy(paths.FONTS / "dejavu" / "DejaVuSans.ttf", path)


@dataclass(frozen=True)
class Kind:
    """One kind of file a game names: how to write the outside one, and how the game names it."""

    ext: str
    secret: str | bytes | Callable[[Path], None]
    names: Callable[[str], dict[str, str]]  # the name -> files written over the mini game
    where: str  # the start of the located message (a regular expression)
    base: str = ""  # the folder the name is read relative to (first), inside the game folder
    strip: bool = False  # the name is written without its suffix (templates)


TEXT = f"{SECRET}: first line of a private file\nsecond: line\n"
IMAGE = '  - {type: image, box: [4mm, 20mm, 10mm, 10mm], file: "%s"}\n'
CARD_AT = r"mini/game\.yaml:17:\d+: decks\[0\]\.cards\[0\]: card file"
BOARD = "name: t\nsize: {width: 200mm, height: 150mm}\nfeatures:\n"
KINDS = {
    "card-yaml": Kind(".yaml", f"{SECRET} first line\nsecond line\n", lambda n: _cards(n), CARD_AT),
    "card-csv": Kind(".csv", f"{SECRET},type\nx,hero\n", lambda n: _cards(n), CARD_AT),
    "card-xlsx": Kind(".xlsx", _secret_sheet("xlsx"), lambda n: _cards(n), CARD_AT),
    "card-ods": Kind(".ods", _secret_sheet("ods"), lambda n: _cards(n), CARD_AT),
    "template": Kind(
        ".yaml",
        TEXT,
        lambda n: {"game.yaml": MINI_GAME.replace("template: mini-front", f'template: "{n}"')},
        r"mini/game\.yaml:15:\d+: decks\[0\]\.template: template",
        base="templates",
        strip=True,
    ),
    "template-extends": Kind(
        ".yaml",
        TEXT,
        lambda n: {"templates/mini-front.yaml": f'extends: "{n}"\n' + MINI_FRONT},
        r"mini/templates/mini-front\.yaml:1:\d+: extends: template",
        base="templates",
        strip=True,
    ),
    "font": Kind(
        ".ttf",
        _font,
        lambda n: {"fonts/fonts.yaml": f'families:\n  Evil:\n    regular: "{n}"\n'},
        r"mini/fonts/fonts\.yaml:3:\d+: families\.Evil\.regular: font file",
        base="fonts",
    ),
    "card-image": Kind(
        ".png",
        _png(),
        lambda n: {"templates/mini-front.yaml": MINI_FRONT + IMAGE % n},
        r"mini/cards\.yaml:2:5: card 'Alpha': template 'mini-front' \(mini/templates/mini-front\.yaml:10:5\): "
        r"image",
    ),
    "icon": Kind(
        ".svg",
        f"<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><title>{SECRET}</title></svg>",
        lambda n: {"game.yaml": MINI_GAME + f'icons:\n  boom: "{n}"\n'},
        rf"mini/game\.yaml:{GAME_END + 1}:\d+: icons\.boom: icon file",
    ),
    "board": Kind(
        ".yaml", TEXT, lambda n: _listed("boards", n), rf"mini/game\.yaml:{GAME_END}:\d+: boards\[0\]: board"
    ),
    "board-image": Kind(
        ".png",
        _png(),
        lambda n: {
            "game.yaml": MINI_GAME + "boards: [board.yaml]\n",
            "board.yaml": BOARD + f'  - {{type: image, file: "{n}", box: [0mm, 0mm, 10mm, 10mm]}}\n',
        },
        r"mini/board\.yaml:4:\d+: features\[0\]\.file: image",
    ),
    "components": Kind(
        ".yaml",
        TEXT,
        lambda n: _listed("components", n),
        rf"mini/game\.yaml:{GAME_END}:\d+: components\[0\]: component",
    ),
    "summary": Kind(
        ".yaml", TEXT, lambda n: _named("summary", n), rf"mini/game\.yaml:{GAME_END}:\d+: summary: summary"
    ),
    "constraints": Kind(
        ".yaml",
        TEXT,
        lambda n: _named("constraints", n),
        rf"mini/game\.yaml:{GAME_END}:\d+: constraints: constraints",
    ),
    "rules-module": Kind(
        ".py",
        f"raise SystemExit('{SECRET} ran')\n",
        lambda n: _named("rules_module", n),
        rf"mini/game\.yaml:{GAME_END}:\d+: rules_module: rules module",
    ),
}


def _cards(name: str) -> dict[str, str]:
    return {"game.yaml": MINI_GAME.replace("cards: [cards.yaml]", f'cards: ["{name}"]')}


def _listed(key: str, name: str) -> dict[str, str]:
    return {"game.yaml": MINI_GAME + f'{key}: ["{name}"]\n'}


def _named(key: str, name: str) -> dict[str, str]:
    return {"game.yaml": MINI_GAME + f'{key}: "{name}"\n'}


def _write_secret(kind: Kind, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if callable(kind.secret):
        kind.secret(path)
    elif isinstance(kind.secret, bytes):
        path.write_bytes(kind.secret)
    else:
        path.write_text(kind.secret, encoding="utf-8")


def _route(route: str, kind: Kind, game: Path, outside: Path) -> str:
    """Write the outside file, make the links the route needs, and give the name the game uses."""
    secret = outside / f"secret{kind.ext}"
    _write_secret(kind, secret)
    base = game / kind.base
    base.mkdir(parents=True, exist_ok=True)
    if route == "dotdot":
        name = os.path.relpath(secret, base)
    elif route == "absolute":
        name = str(secret)
    elif route == "linked-file":
        (base / f"linked{kind.ext}").symlink_to(secret)
        name = f"linked{kind.ext}"
    else:  # linked-folder: `ln -s OUTSIDE GAME/art` and `art/secret.png`
        (base / "art").symlink_to(outside, target_is_directory=True)
        name = f"art/secret{kind.ext}"
    return name.removesuffix(kind.ext) if kind.strip else name


def _write(folder: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")


ROUTES = ("dotdot", "absolute", "linked-file", "linked-folder")


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("kind_name", list(KINDS))
def test_every_kind_of_file_by_every_route_is_refused(run_cli, tmp_path: Path, kind_name: str, route: str):
    kind = KINDS[kind_name]
    game = write_game(tmp_path / "mini")
    name = _route(route, kind, game, tmp_path / "outside")
    _write(game, kind.names(name))
    said = (
        "leads outside the game folder through a symbolic link"
        if route.startswith("linked")
        else ("lies outside the game folder")
    )
    shown = clip(name + (kind.ext if kind.strip else ""))  # a long name is cut in messages
    expected = re.compile(rf"{kind.where}[^:]* '{re.escape(shown)}' {said}")
    for command in (("check", "mini"), ("build", "mini", "-o", "out")):
        code, out, err = run_cli(*command)
        assert code == 1, err
        assert any(expected.match(line) for line in err.splitlines()), err
        assert SECRET not in out + err and "Traceback" not in out + err
    assert not (tmp_path / "out").exists()  # nothing written, nothing of the outside file printed


def test_templates_linked_to_the_root_do_not_let_an_absolute_image_in(run_cli, tmp_path: Path):
    """`ln -s / GAME/templates` once made every absolute path look inside the game's folders."""
    secret = tmp_path / "outside" / "secret.png"
    secret.parent.mkdir()
    secret.write_bytes(_png())
    game = write_game(tmp_path / "mini")
    for name in ("mini-front", "mini-back"):  # the game keeps its templates beside game.yaml
        shutil.move(game / "templates" / f"{name}.yaml", game / f"{name}.yaml")
    (game / "templates").rmdir()
    (game / "templates").symlink_to("/", target_is_directory=True)
    (game / "mini-front.yaml").write_text(MINI_FRONT + IMAGE % secret, encoding="utf-8")
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert f"image '{clip(str(secret))}' lies outside the game folder" in err


def test_a_linked_game_file_is_refused_without_quoting_it(run_cli, tmp_path: Path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(TEXT, encoding="utf-8")
    game = write_game(tmp_path / "mini")
    (game / "game.yaml").unlink()
    (game / "game.yaml").symlink_to(outside)
    code, out, err = run_cli("check", "mini")
    assert code == 1
    assert err.startswith("mini/game.yaml: the game file 'game.yaml' leads outside the game folder"), err
    assert SECRET not in out + err


def test_a_linked_fonts_folder_is_refused(run_cli, tmp_path: Path):
    outside = tmp_path / "shared-fonts"
    outside.mkdir()
    _font(outside / "Evil.ttf")
    (outside / "fonts.yaml").write_text("families:\n  Evil:\n    regular: Evil.ttf\n", encoding="utf-8")
    game = write_game(tmp_path / "mini")
    (game / "fonts").symlink_to(outside, target_is_directory=True)
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/fonts/fonts.yaml: fonts file 'fonts.yaml' leads outside the game folder" in err


def test_a_rules_package_with_a_module_linked_outside_is_refused(run_cli, tmp_path: Path):
    outside = tmp_path / "elsewhere.py"
    outside.write_text(f"raise SystemExit('{SECRET}')\n", encoding="utf-8")
    game = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME + "rules_module: rules\n", "rules/__init__.py": ""}
    )
    (game / "rules" / "moves.py").symlink_to(outside)
    code, out, err = run_cli("check", "mini")
    assert code == 1
    assert (
        f"mini/game.yaml:{GAME_END}:15: rules_module: rules module file 'rules/moves.py' leads outside" in err
    )
    assert SECRET not in out + err


def test_links_that_stay_inside_the_game_folder_are_followed(run_cli, tmp_path: Path):
    game = write_game(tmp_path / "mini")
    (game / "data").mkdir()
    shutil.move(game / "cards.yaml", game / "data" / "cards.yaml")
    (game / "cards.yaml").symlink_to(game / "data" / "cards.yaml")
    (game / "art").symlink_to(game / "data", target_is_directory=True)
    (game / "data" / "pic.png").write_bytes(_png(300))  # sharp enough for check
    (game / "templates" / "mini-front.yaml").write_text(MINI_FRONT + IMAGE % "art/pic.png", encoding="utf-8")
    code, out, err = run_cli("check", "mini")
    assert code == 0, err
    assert "no problems found" in out


def test_a_game_reached_through_a_linked_folder_is_whole(run_cli, tmp_path: Path):
    """The game folder itself may be a link (its files are judged where it really is)."""
    write_game(tmp_path / "real" / "mini")
    (tmp_path / "alias").symlink_to(tmp_path / "real" / "mini", target_is_directory=True)
    code, out, err = run_cli("check", "alias")
    assert code == 0, err
    assert "no problems found" in out


def test_a_link_loop_is_refused_plainly(run_cli, tmp_path: Path):
    game = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME.replace("cards: [cards.yaml]", "cards: [loop.yaml]")}
    )
    (game / "loop.yaml").symlink_to(game / "loop.yaml")
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "card file 'loop.yaml': its symbolic links point at each other in a loop; remove the links" in err


RULES_LEAVE_A_MARK = "from pathlib import Path\nPath(__file__).with_name('ran.txt').write_text('ran')\n"


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        (("build", "mini", "-o", "out"), False),
        (("check", "mini"), False),
        (("check", "mini", "--constraints"), True),  # a named check in constraints.yaml
        (("log", "check", "mini", "log.yaml"), True),
        (("simulate", "mini", "-o", "logs", "--games", "1"), True),
        (("stats", "mini", "log.yaml"), True),
        (("sweep", "mini", "--set", "rules.x=1,2", "--games", "1"), True),
    ],
    ids=["build", "check", "check-named", "log-check", "simulate", "stats", "sweep"],
)
def test_the_rules_module_runs_only_where_the_help_says(run_cli, tmp_path: Path, command, runs):
    """Python in a game folder runs on log check, simulate, stats, sweep and a check with named checks;
    never on build or a plain check; each command that runs it says so on the first line of --help."""
    files = {"game.yaml": MINI_GAME + "rules_module: rules.py\n", "rules.py": RULES_LEAVE_A_MARK}
    if "--constraints" in command:
        files["game.yaml"] += "constraints: constraints.yaml\n"
        files["constraints.yaml"] = "constraints:\n  - {id: x, message: named, check: anything}\n"
        command = command[:-1]
    game = write_game(tmp_path / "mini", files)
    (tmp_path / "log.yaml").write_text("players: [Ann, Ben]\nactions: []\n", encoding="utf-8")
    code, out, err = run_cli(*command)
    assert "Traceback" not in out + err
    assert (game / "ran.txt").exists() == runs, (code, out, err)
    if runs:
        _, usage, _ = run_cli(*command[: 2 if command[0] == "log" else 1], "--help")
        first = " ".join(usage.split("\n\n")[1].split())  # the first paragraph under Usage
        assert "running the game's own Python rules module (trust the game folder first)" in first or (
            "runs the game's Python rules module (trust it first)" in first
        ), usage


def test_a_linked_templates_folder_lends_no_names_to_suggestions(run_cli, tmp_path: Path):
    outside = tmp_path / "shared"
    outside.mkdir()
    (outside / "secret-design.yaml").write_text(MINI_FRONT, encoding="utf-8")
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("mini-front", "secret-desing")})
    shutil.move(game / "templates" / "mini-back.yaml", game / "mini-back.yaml")
    shutil.rmtree(game / "templates")
    (game / "templates").symlink_to(outside, target_is_directory=True)
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "no template named 'secret-desing'" in err and "secret-design" not in err.replace(
        "secret-desing", ""
    )


def test_a_name_no_file_can_have_is_not_found_plainly(run_cli, tmp_path: Path):
    write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME.replace("cards: [cards.yaml]", 'cards: ["a\\0b.yaml"]')}
    )
    code, out, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in out + err
    assert (
        "mini/game.yaml:17:13: decks[0].cards[0]: card file 'a\\x00b.yaml' not found" in err
    )  # the NUL printed escaped
