"""The schema of a ``fonts.yaml``: font families, each style a TrueType file."""

from __future__ import annotations

from generator.schema.common import Strict


class FontStyles(Strict):
    """A family's styles, each a TrueType file relative to the ``fonts.yaml`` folder."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class FontsFile(Strict):
    """A ``fonts.yaml``: family name -> its styles."""

    families: dict[str, FontStyles]
