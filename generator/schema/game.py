"""The schema of ``game.yaml`` and of card database files."""

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from generator.core.units import mm
from generator.schema.common import CardSizeSpec, Color, Length, PositiveLength, Strict
from generator.schema.inline import IconSpec


class CardTypeSpec(Strict):
    """A card type: its label and, optionally, the back template its cards print with."""

    label: str | None = None
    back: str | None = None


class KeywordSpec(Strict):
    """A game keyword: what it means, and the icon and colour that mark it on cards."""

    meaning: str | None = None
    icon: str | None = None
    color: Color | None = None


class ColumnsSpec(Strict):
    """How a spreadsheet's headings name card fields."""

    case: Literal["exact", "insensitive"] = "exact"
    ignore: list[str] = Field(default_factory=list)
    rename: dict[str, str] = Field(default_factory=dict)  # heading -> the card field it gives


class CardSourceSpec(Strict):
    """A card file written as a mapping: a spreadsheet, its sheet and how to read its columns."""

    file: str
    sheet: str | None = None
    columns: ColumnsSpec | None = None


NO_BACK = "none"
"""``back: none``: a one-sided deck (no back pages, printed single-sided)."""


class DeckSpec(Strict):
    """A deck: which card files feed it, its card size, front template and back.

    ``card_fields`` adds fields of this deck's own to the game's (a name in both takes the
    deck's type); ``type`` is the type of its cards that give none; ``defaults`` gives a value to
    every card that leaves a field out; ``back: none`` makes it one-sided.
    """

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str | None = None
    size: str | CardSizeSpec = "poker"
    template: str
    back: str | None = None
    type: str | None = None
    card_fields: dict[str, str] = Field(default_factory=dict)
    defaults: dict[str, Any] = Field(default_factory=dict)
    cards: str | CardSourceSpec | Annotated[list[str | CardSourceSpec], Field(min_length=1)]

    @field_validator("cards", mode="before")
    @classmethod
    def _some_cards(cls, value: Any) -> Any:
        if value is None or value == []:
            raise ValueError("name the card files: cards.yaml, {file: cards.xlsx, sheet: Cards} or a list")
        return value

    def sources(self) -> list[tuple[tuple[str | int, ...], CardSourceSpec]]:
        """Each card file with its key path in game.yaml (relative to the deck)."""
        if isinstance(self.cards, list):
            items = [(("cards", j), c) for j, c in enumerate(self.cards)]
        else:
            items = [(("cards",), self.cards)]
        return [(loc, CardSourceSpec(file=c) if isinstance(c, str) else c) for loc, c in items]


class KnownFindingSpec(Strict):
    """A proofreader finding the designer knows of and accepts for now: the rule, the file it is
    located in (as ``check`` prints it, relative to the game folder) and why it stays."""

    rule: str
    file: str
    reason: str = Field(min_length=1)


class ProofSpec(Strict):
    """The proofreader's settings (see the README, "The proofreader")."""

    min_size: PositiveLength = 6.0
    fit_margin: Length = mm(1)
    known: list[KnownFindingSpec] = Field(default_factory=list)


class GameSpec(Strict):
    """A game folder's ``game.yaml``."""

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str
    version: str = "1"
    players: str | None = None
    description: str | None = None
    card_types: dict[str, CardTypeSpec] = Field(default_factory=dict)
    keywords: dict[str, KeywordSpec] = Field(default_factory=dict)
    types: dict[str, str | dict[str, str]] = Field(default_factory=dict)
    card_fields: dict[str, str] = Field(default_factory=dict)
    decks: list[DeckSpec] = Field(min_length=1)
    icons: dict[str, str | IconSpec] = Field(default_factory=dict)
    """Icon name -> file, or ``{file:, size:, dy:}`` with how it sits in running text."""
    # Kit components beyond cards, each a YAML file in the game folder (see the README):
    boards: list[str] = Field(default_factory=list)
    components: list[str] = Field(default_factory=list)
    sheets: list[str] = Field(default_factory=list)
    summary: str | None = None
    # Rules checking: deck composition constraints and the playtest-log rules module.
    constraints: str | None = None
    rules_module: str | None = None
    # For the print guide: what else a group needs at the table (dice, pawns, ...).
    gather: list[str] = Field(default_factory=list)
    # Languages: the source language first, each other one translated in lang/<code>.yaml.
    languages: list[Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]] = Field(default_factory=list)
    # The proofreader: minimum printed type size, findings accepted for now.
    proof: ProofSpec = Field(default_factory=ProofSpec)


class GenerateSpec(Strict):
    """Cards made from a cross product: every combination of the axes' values.

    Each axis is a list of values (bound to the axis name) or of mappings (merged in).
    ``card`` holds the fields every generated card shares; ``{axis}`` substitutes.
    """

    product: dict[str, list[Any]] = Field(min_length=1)
    card: dict[str, Any]


class CardFileSpec(Strict):
    """A card database file: listed cards and/or generated ones."""

    cards: list[dict[str, Any]] = Field(default_factory=list)
    generate: list[GenerateSpec] = Field(default_factory=list)
