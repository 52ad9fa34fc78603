"""JSON Schemas for editors, generated from the pydantic models of every file kind.

The schemas are *looser* than the loader in two ways, both deliberate:

- a value that the loader converts before checking (a length such as ``"12mm"``, a colour,
  a box) accepts any string as well as the model's own type, because the conversion rules
  (units, style names, card-field references) are not expressible in JSON Schema;
- card fields are typed per game (``card_fields`` in ``game.yaml``), so a card file's schema
  only says that each card is a mapping; ``deckwright check`` types the fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from generator.schema.board import BoardSpec
from generator.schema.components import ComponentFileSpec
from generator.schema.constraints import ConstraintFile
from generator.schema.fonts import FontsFile
from generator.schema.game import CardFileSpec, GameSpec
from generator.schema.playlog import PlayLogSpec
from generator.schema.summary import SummarySpec
from generator.schema.template import TemplateSpec

KINDS: dict[str, type[BaseModel]] = {
    "game": GameSpec,
    "cards": CardFileSpec,
    "template": TemplateSpec,
    "board": BoardSpec,
    "components": ComponentFileSpec,
    "summary": SummarySpec,
    "constraints": ConstraintFile,
    "log": PlayLogSpec,
    "fonts": FontsFile,
}
"""File kind -> the model its loader validates it with (``<kind>.schema.json``)."""

_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _LooseGenerator(GenerateJsonSchema):
    """Pydantic's generator, widened where the loader converts a value before checking it."""

    def function_before_schema(self, schema: core_schema.BeforeValidatorFunctionSchema) -> JsonSchemaValue:
        inner = super().function_before_schema(schema)
        return _or_string(inner)

    def function_plain_schema(self, schema: core_schema.PlainValidatorFunctionSchema) -> JsonSchemaValue:
        return {}

    def tuple_schema(self, schema: core_schema.TupleSchema) -> JsonSchemaValue:
        # YAML has no tuples: a pair is written as a list, and the loader also takes 'a, b' text.
        return _or_string(super().tuple_schema(schema))

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        # Defaults computed in points (lengths) would mislead a reader who writes millimetres.
        out = super().default_schema(schema)
        out.pop("default", None)
        return out


def _or_string(inner: JsonSchemaValue) -> JsonSchemaValue:
    if inner.get("type") == "string" or not inner:
        return inner
    return {"anyOf": [inner, {"type": "string"}]}


def schema_for(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one file kind."""
    model = KINDS[kind]
    body = model.model_json_schema(mode="validation", schema_generator=_LooseGenerator)
    return {"$schema": _SCHEMA_DIALECT, "$id": f"{kind}.schema.json", **body}


def schema_text(kind: str) -> str:
    """The schema as stable text: sorted keys, two-space indent, final newline."""
    return json.dumps(schema_for(kind), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write ``<kind>.schema.json`` for every kind into ``folder``; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in KINDS:
        path = folder / f"{kind}.schema.json"
        path.write_text(schema_text(kind), encoding="utf-8")
        written.append(path)
    return written
