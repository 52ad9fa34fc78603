"""Option values coerced without a pydantic adapter where that gives the same value.

Typer (0.29) builds a pydantic ``TypeAdapter`` for every non-flag parameter of the command it
runs, while parsing, even for options left at ``None``: importing its adapter module and
building ~18 adapters for ``build``. :func:`install` wraps typer's ``build_runtime_param`` so a
parameter gets a :class:`_Lazy` coercion: ``None``, a choice typed as one of the choices (any
case where the option allows it), a string for a ``str`` and a list of strings for a
``list[str]`` are taken as typer would take them; anything else (a number, a path, a bad
choice) goes to typer's own adapter, built then, so values and error messages stay typer's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

import typer.core
from typer import _coercion
from typer._param_types import coerce_cli_choice, coerce_cli_path

_typer_build = _coercion.build_runtime_param


@dataclass(frozen=True)
class _Lazy(_coercion.RuntimeParam):
    """A parameter's coercion: the plain cases here, the rest by typer's adapter, built once."""

    descriptor: Any = None
    _real: list[_coercion.RuntimeParam] = field(default_factory=list)

    def _delegate(self) -> _coercion.RuntimeParam:
        if not self._real:
            self._real.append(_typer_build(self.descriptor))
        return self._real[0]

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        annotation = self.annotation
        if annotation is str and isinstance(value, str):
            return value
        if (
            self.descriptor.is_list
            and isinstance(value, list | tuple)
            and all(isinstance(v, str) for v in value)
        ):
            return list(value)
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            try:
                return coerce_cli_choice(
                    value,
                    choices=list(annotation),
                    case_sensitive=self.parameter_info.case_sensitive,
                    ctx=ctx,
                )
            except ValueError:
                pass  # typer's adapter says what is wrong, in its words
        info = self.parameter_info
        if (
            annotation in (float, int)
            and type(value) is annotation
            and not info.clamp
            and _within(value, info)
        ):
            return value  # a number default
        if annotation is Path and isinstance(value, str) and value:
            return coerce_cli_path(Path(value), info, path_type=info.path_type or Path, param=param, ctx=ctx)
        return self._delegate()._coerce_value(value, param=param, ctx=ctx)


def _within(value: float, info: Any) -> bool:
    return (info.min is None or value >= info.min) and (info.max is None or value <= info.max)


def _build(descriptor: Any) -> _coercion.RuntimeParam:
    if descriptor.file_annotation is not None:  # an open file: typer's own
        return _typer_build(descriptor)
    return _Lazy(
        parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
    )


def install() -> None:
    """Route typer's parameter coercion through :func:`_build` (idempotent)."""
    typer.core.build_runtime_param = _build
