"""Fuzzing: mutated versions of the bundled files never raise a traceback.

Each test takes a bundled file (game data, templates, the board, playtest logs), damages it the way
an editor slip would (a span replaced by YAML punctuation, a line dropped, doubled, re-indented or
cut short, a run of brackets) and feeds it to the loader that reads that kind of file. Whatever the damage, the result
is either valid data or a DataError (exit status 1 at the command line) whose every problem names
its line. Seeded and bounded: ``derandomize`` makes every run try the same cases.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core import paths
from generator.core.errors import DataError, DeckwrightError
from generator.core.yamlio import parse_yaml
from generator.load.loader import load_game
from generator.load.templates import TemplateLibrary

FUZZ = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
NOISE = st.text(alphabet=":-[]{}#&*!|>'\"%@`,?~ \n\tab1.", min_size=0, max_size=6)
YAML_FILES = sorted(
    [
        *paths.CARDDATA.glob("*/*.yaml"),
        *paths.CARDDATA.glob("*/playtests/*.yaml"),
        *paths.TEMPLATES.glob("*.yaml"),
    ]
)


@st.composite
def mutated(draw, text: str) -> str:
    """``text`` damaged once: a span replaced by noise, a line dropped, doubled, re-indented, the
    file cut short, or a run of brackets typed in."""
    lines = text.splitlines(keepends=True) or [""]
    kind = draw(st.sampled_from(["nest", "span", "drop", "double", "indent", "cut"]))
    if kind == "nest":  # a run of brackets where a value starts: nesting hundreds deep
        i = draw(st.integers(0, len(lines) - 1))
        at = lines[i].find(": ") + 2 if ": " in lines[i] else 0
        run = draw(st.sampled_from("[{")) * draw(st.integers(200, 3000))
        return "".join([*lines[:i], lines[i][:at] + run + lines[i][at:], *lines[i + 1 :]])
    if kind == "span":
        start = draw(st.integers(0, max(len(text) - 1, 0)))
        end = start + draw(st.integers(0, 8))
        return text[:start] + draw(NOISE) + text[end:]
    i = draw(st.integers(0, len(lines) - 1))
    if kind == "drop":
        return "".join(lines[:i] + lines[i + 1 :])
    if kind == "double":
        return "".join(lines[: i + 1] + lines[i:])
    if kind == "indent":
        shift = draw(st.sampled_from(["  ", " ", "\t", "    "]))
        return "".join([*lines[:i], shift + lines[i], *lines[i + 1 :]])
    return text[: draw(st.integers(0, len(text)))]


def assert_located(exc: DeckwrightError) -> None:
    """A DataError (exit status 1) whose every problem has a file and a line."""
    assert isinstance(exc, DataError), f"{type(exc).__name__}: {exc}"
    assert exc.problems
    for problem in exc.problems:
        assert problem.file and problem.line >= 1, str(problem)


@FUZZ
@given(data=st.data())
def test_yaml_loader(data):
    path = data.draw(st.sampled_from(YAML_FILES), label="file")
    text = data.draw(mutated(path.read_text(encoding="utf-8")), label="text")
    try:
        parse_yaml(text, path.name)
    except DeckwrightError as exc:
        assert_located(exc)


TEMPLATES = sorted(p.stem for p in paths.TEMPLATES.glob("*.yaml"))


@FUZZ
@given(data=st.data())
def test_template_loader(tmp_path: Path, data):
    name = data.draw(st.sampled_from(TEMPLATES), label="template")
    text = data.draw(mutated((paths.TEMPLATES / f"{name}.yaml").read_text(encoding="utf-8")), label="text")
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    try:
        TemplateLibrary([folder, paths.TEMPLATES]).get(name)
    except DeckwrightError as exc:
        assert_located(exc)


@pytest.fixture(scope="module")
def jokers_copy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz") / "jokers-row"
    shutil.copytree(paths.CARDDATA / "jokers-row", folder)
    return folder


@FUZZ
@given(data=st.data())
def test_board_loader(jokers_copy: Path, data):
    from generator.board import load_board

    original = (paths.CARDDATA / "jokers-row" / "board.yaml").read_text(encoding="utf-8")
    path = jokers_copy / "board.yaml"
    path.write_text(data.draw(mutated(original), label="text"), encoding="utf-8")
    game = load_game(jokers_copy)
    try:
        load_board(path, game)
    except DeckwrightError as exc:
        assert_located(exc)


LOGS = sorted(paths.CARDDATA.glob("*/playtests/*.yaml"))


@FUZZ
@given(data=st.data())
def test_log_checker(tmp_path: Path, data):
    from generator.rules.logcheck import check_logs

    log = data.draw(st.sampled_from(LOGS), label="log")
    path = tmp_path / log.name
    path.write_text(data.draw(mutated(log.read_text(encoding="utf-8")), label="text"), encoding="utf-8")
    game = load_game(log.parent.parent.name)
    (report,) = check_logs(game, [path])
    for problem in report.problems:
        assert problem.file and problem.line >= 1, str(problem)
