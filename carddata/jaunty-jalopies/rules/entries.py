"""The log's entry models and setup (README.md, "Playtest logs"): what each action may say."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.schema.common import Strict

Role = Literal["hero", "villain", "neutral"]


class Setup(Strict):
    """Who drives which racer, on which side, (optionally) the dealt hands, and the kind of race:
    ``standard``, ``endurance`` (Advanced Races: the racers' main Special Abilities work only
    while the unused Character sheet lies face up) or ``partner`` (partners, seated across the
    table, move one pawn) or ``team`` (like partner, each with a pawn of their own; the team
    whose second pawn crosses the Finish Line first wins); ``rally`` and ``circuit`` are several
    races in one log (``races:``, see ``races.py``)."""

    race: Literal["standard", "endurance", "partner", "team", "rally", "circuit"] = "standard"
    racers: dict[str, str] = Field(default_factory=dict)
    roles: dict[str, Role] = Field(default_factory=dict)
    hands: dict[str, list[str]] = Field(default_factory=dict)


class Attack(Strict):
    """A Mishap, Sub-Plot or Fiendish Plot played on ``target``; ``negated`` names the card the
    target Negates it with as it is played. A Villain's Fiendish Plot draw for a successful
    Mishap is ``drew``; a Fiendish Plot's ``discards`` are the cards its target discards."""

    card: str
    target: str
    negated: str | None = None
    discards: list[str] = Field(default_factory=list)
    drew: list[str] | None = None


class Road(Strict):
    """Put a Road Section into play and drive onto it (``driving``: the Driving card it needs
    when it is not a Driving card itself); ``pays``: the discard penalty; ``ability``: a racer
    ability used on the move (powers.py)."""

    card: str
    driving: str | None = None
    pays: list[str] = Field(default_factory=list)
    ability: str | None = None


class Drive(Strict):
    """Move one section with a Driving card; ``to``: the section entered (0 = Starting Line)."""

    card: str
    to: int | None = Field(None, ge=0)
    pays: list[str] = Field(default_factory=list)
    ability: str | None = None


class Terrain(Strict):
    card: str
    section: int = Field(ge=1)


class Meet(Strict):
    """Play a card toward the next requirement of ``plot``, in play against ``target``; with
    an ability that counts the card for you too, ``also`` names your own plot it meets."""

    card: str
    plot: str
    target: str | None = None
    drew: list[str] | None = None
    ability: str | None = None
    also: str | None = None


class Negate(Strict):
    """Remove ``plot`` (in play against the player) with a card that Negates its kind."""

    card: str
    plot: str


class Play(Strict):
    """Retain an Equipment card, or play a Special or a Valuable Experience for its effect."""

    card: str
    subplot: str | None = None
    drew: list[str] | None = None
    ability: str | None = None


class Rest(Strict):
    """The Rest: the Mishaps removed, the cards drawn; with an ability that swaps cards,
    ``discards`` are the cards swapped away (the new ones are drawn with the Rest's)."""

    remove: list[str] = Field(default_factory=list)
    drew: list[str] | None = None
    ability: str | None = None
    discards: list[str] = Field(default_factory=list)


class Use(Strict):
    """A racer ability used on its own (not on another entry): ``plot`` a card it removes,
    ``card`` a card it takes back, ``drew`` the cards it draws."""

    ability: str
    plot: str | None = None
    card: str | None = None
    drew: list[str] | None = None


class DrawPhase(Strict):
    discards: list[str] = Field(default_factory=list)
    drew: list[str] | None = None
