"""``validate``: valid data of a closed model takes pydantic's word; open models are still walked."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from generator.core.errors import DataError
from generator.core.yamlio import parse_yaml
from generator.schema.common import Strict
from generator.schema.messages import _closed, validate


class Inner(Strict):
    count: int


class Outer(Strict):
    items: list[Inner]
    named: dict[str, Inner] | None = None


class Loose(BaseModel):  # extra keys allowed by pydantic: only our walk can report them
    count: int


class Mixed(Strict):
    inner: Loose


def _check(tp, text: str):
    doc = parse_yaml(text, "t.yaml")
    return validate(tp, doc.data, doc)


def test_closed_types_are_recognised():
    assert _closed(Outer) and _closed(list[Inner]) and _closed(Inner | None)
    assert not _closed(Loose) and not _closed(Mixed) and not _closed(dict[str, Loose])


def test_valid_data_of_a_closed_model_validates():
    value = _check(Outer, "items: [{count: 1}, {count: 2}]\nnamed: {a: {count: 3}}\n")
    assert [i.count for i in value.items] == [1, 2] and value.named["a"].count == 3


@pytest.mark.parametrize("tp", [Outer, Mixed])
def test_unknown_keys_are_reported_with_their_line_and_a_suggestion(tp):
    text = "items:\n  - {count: 1}\n  - {cuont: 2}\n" if tp is Outer else "inner: {count: 1, cuont: 2}\n"
    with pytest.raises(DataError) as caught:
        _check(tp, text)
    (problem,) = [p for p in caught.value.problems if "unknown key" in p.message]
    assert problem.message.startswith("unknown key 'cuont'") and "did you mean 'count'" in problem.message
    assert problem.line == (3 if tp is Outer else 1)
