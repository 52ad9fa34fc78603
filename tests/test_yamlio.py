"""Safe loading: strings stay strings, positions are kept, dangerous YAML is refused."""

from __future__ import annotations

import pytest

from generator.core.errors import DataError
from generator.core.yamlio import format_loc, parse_yaml


def test_values_stay_as_written():
    doc = parse_yaml("name: no\nversion: 1.10\nflag: yes\nempty:\nquoted: ''\n", "t.yaml")
    assert doc.data == {"name": "no", "version": "1.10", "flag": "yes", "empty": None, "quoted": ""}


def test_positions_point_at_values_and_keys():
    doc = parse_yaml("cards:\n  - name: Fan\n    speed: fast\n", "t.yaml")
    assert doc.mark(("cards", 0, "speed")) == (3, 12)
    assert doc.key_marks[("cards", 0, "speed")] == (3, 5)
    assert doc.mark(("cards", 0, "missing")) == (2, 5)  # nearest located parent
    assert format_loc(("cards", 0, "speed")) == "cards[0].speed"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a: 1\na: 2\n",
            "t.yaml:2:1: a: duplicate key 'a' (first written at line 1, again at line 2): remove one of them",
        ),
        (
            "x: &a [1]\ny: *a\n",
            "t.yaml:2:1: y: anchors and aliases (&name / *name) are not supported: "
            "write the value out, or use 'extends:' in templates",
        ),
        (
            "x: &a {b: 1}\ny:\n  <<: *a\n",
            "t.yaml:3:3: y: merge keys ('<<') are not supported: write the keys out",
        ),
        (
            "a: !!python/object:os.system x\n",
            "t.yaml:1:4: a: YAML tags such as "
            "'tag:yaml.org,2002:python/object:os.system' are not supported: "
            "write plain values",
        ),
        (
            "a: [1, 2\n",
            "t.yaml:2:1: YAML syntax error: while parsing a flow sequence, did not find expected ',' or ']'",
        ),
        ("? [a, b]\n: c\n", "t.yaml:1:3: a key must be a plain name, not a list or mapping"),
    ],
)
def test_dangerous_or_broken_yaml_is_refused(text, message):
    with pytest.raises(DataError) as info:
        parse_yaml(text, "t.yaml")
    assert str(info.value) == message


def test_alias_bomb_is_refused_quickly():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(8)
    )
    with pytest.raises(DataError) as info:
        parse_yaml(bomb, "bomb.yaml")
    assert "anchors and aliases" in str(info.value)


def test_non_utf8_file(tmp_path):
    from generator.core.yamlio import load_yaml

    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Entenrallye T\xf6V\n".encode("latin-1"))
    with pytest.raises(DataError) as info:
        load_yaml(path)
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (1, 20)
    assert problem.message == "byte 0xf6 is not UTF-8 text: the file must be UTF-8 (save it again as UTF-8)"
