"""The schema of a rule summary file (``summary.yaml``): a list of sections, each of one kind.

Top level: ``title``, ``subtitle``, ``pages`` (1 or 2), ``style`` (fonts, colours,
``keyword_icons``), ``terms`` (extra glossary words with meaning / icon / colour, styled like the
game's keywords), ``aids`` (card ``size``, banner ``title``, ``copies``, ``text_size``) and
``sections``. Every section has ``kind``, optional ``title``, ``intro``, ``note`` and ``aid``
(true: also on the player aids; only: on the aids alone). Kinds: ``paragraph`` (``text``, blank
lines between paragraphs), ``steps`` / ``bullets`` (``items``), ``table`` (``columns``, ``rows``,
``widths``), ``keywords`` (``words``, default every keyword and term) and ``sets`` (``sets`` of
``keywords`` with a ``note``). Texts use the card markup: ``**bold**``, ``*italic*``, ``:icon:``.

``sections`` is validated in two steps: the top level sees each section as a mapping, then each
section is validated against the model of its ``kind`` (see ``SECTION_KINDS``), so an unknown
kind and an unknown key inside a section both get a precise, suggested message.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from generator.core.colorspec import is_cmyk, parse_cmyk
from generator.schema.common import Length, SizeSpec, Strict

_PLAIN_COLOR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]+)$")


def _plain_color(value: Any) -> str:
    text = str(value).strip()
    if is_cmyk(text):
        return str(parse_cmyk(text))  # ValueError saying which ink is wrong
    if not _PLAIN_COLOR.match(text):
        raise ValueError(f"expected a colour such as '#c0392b' or 'navy', found {text!r}")
    return text


PlainColor = Annotated[str, BeforeValidator(_plain_color)]
"""'#rgb', '#rrggbb', a colour name or 'cmyk(C, M, Y, K)' (a summary has no template styles or card
fields)."""

_AID = {"true": "yes", "yes": "yes", "on": "yes", "false": "no", "no": "no", "off": "no", "only": "only"}


def _aid(value: Any) -> str:
    text = str(value).strip().lower()
    if text not in _AID:
        raise ValueError(f"expected true, false or 'only', found {str(value)!r}")
    return _AID[text]


AidFlag = Annotated[str, BeforeValidator(_aid)]
"""Where a section appears: 'no' (reference only), 'yes' (both) or 'only' (aids only)."""


class SectionBase(Strict):
    """What every section has: a heading, text before and after its body, and the aid flag."""

    kind: str
    title: str | None = None
    intro: str | None = None  # a lead-in paragraph before the body
    note: str | None = None  # a closing remark after the body (set in italics)
    aid: AidFlag = "no"  # true: also on the card-size player aids; only: on the aids alone


class ParagraphSection(SectionBase):
    """Running text; blank lines separate paragraphs (a section may break between them)."""

    kind: Literal["paragraph"]
    text: str


class StepsSection(SectionBase):
    """A numbered sequence (setup, turn order)."""

    kind: Literal["steps"]
    items: list[str] = Field(min_length=1)
    start: int = Field(default=1, ge=0)


class BulletsSection(SectionBase):
    """An unordered list."""

    kind: Literal["bullets"]
    items: list[str] = Field(min_length=1)


class TableSection(SectionBase):
    """Rows of cells; ``columns`` is the optional header row, ``widths`` relative column widths."""

    kind: Literal["table"]
    columns: list[str] | None = None
    widths: list[Annotated[float, Field(gt=0)]] | None = None
    rows: list[list[str]] = Field(min_length=1)


class KeywordsSection(SectionBase):
    """A glossary: each keyword (or term) with its icon and meaning from game.yaml / ``terms``."""

    kind: Literal["keywords"]
    words: list[str] | None = None  # default: every game keyword, then every term
    columns: list[str] | None = None
    widths: list[Annotated[float, Field(gt=0)]] | None = None


class SetSpec(Strict):
    """One combination of keywords (e.g. BAIT + TRAP) and what it stands for."""

    keywords: list[str] = Field(min_length=1)
    note: str | None = None


class SetsSection(SectionBase):
    """Capture-set style table: each row a combination of keywords with their icons."""

    kind: Literal["sets"]
    sets: list[SetSpec] = Field(min_length=1)
    joiner: str = "+"
    columns: list[str] | None = None
    widths: list[Annotated[float, Field(gt=0)]] | None = None


SECTION_KINDS: dict[str, type[SectionBase]] = {
    "paragraph": ParagraphSection,
    "steps": StepsSection,
    "bullets": BulletsSection,
    "table": TableSection,
    "keywords": KeywordsSection,
    "sets": SetsSection,
}
"""Section kind -> its model."""


class TermSpec(Strict):
    """A word this summary styles and explains, beyond the game's keywords."""

    meaning: str | None = None
    icon: str | None = None
    color: PlainColor | None = None


class StyleSpec(Strict):
    """Fonts and colours of the summary and aids."""

    font: str = "Lato"
    heading_font: str = "Bebas Neue"
    accent: PlainColor = "#1f4e79"  # headings, numbers, bullets, keyword colour
    ink: PlainColor = "#1e1e1e"  # body text
    tint: PlainColor = "#e4ebf3"  # table headers, aid background band
    paper: PlainColor = "#ffffff"  # aid card background
    keyword_icons: bool = True  # draw a keyword's icon before it in running text


class AidSpec(Strict):
    """The card-size player aids made from the sections marked ``aid: true``."""

    size: str | SizeSpec = "poker"
    title: str | None = None  # banner on every aid card; default "<game> player aid"
    copies: int | None = Field(default=None, ge=1, le=20)  # sets; default: most players
    text_size: Length = Field(default=7.5, ge=6.0, le=14.0)


class SummarySpec(Strict):
    """A game's ``summary.yaml``."""

    title: str | None = None  # default: the game's title
    subtitle: str = "Rule summary"
    pages: int = Field(default=2, ge=1, le=2)  # most pages the reference may take
    style: StyleSpec = Field(default_factory=StyleSpec)
    terms: dict[str, TermSpec] = Field(default_factory=dict)
    aids: AidSpec = Field(default_factory=AidSpec)
    sections: list[dict[str, Any]] = Field(min_length=1)
