"""The schema of a ``fonts.yaml``: font families, each style a TrueType file, and the fallback
chain used for characters a family has no glyph for."""

from pydantic import Field

from generator.schema.common import Strict


class FontStyles(Strict):
    """A family's styles, each a TrueType file relative to the ``fonts.yaml`` folder."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class FontsFile(Strict):
    """A ``fonts.yaml``: family name -> its styles; ``fallback``: families tried in order, glyph
    by glyph, for a character the chosen family lacks (a game's list replaces the bundled one;
    ``[]`` turns fallback off)."""

    families: dict[str, FontStyles] = Field(default_factory=dict)
    fallback: list[str] | None = None
