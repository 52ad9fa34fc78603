"""The car-part cards as the rules see them: slot, points, faults, colour (from the card data)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.load.model import Game


@dataclass
class Parts:
    slot: dict[str, str] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    faults: dict[str, int] = field(default_factory=dict)
    colour: dict[str, str] = field(default_factory=dict)
    car_colours: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> Parts:
        out = cls()
        for card in game.all_cards():
            if card.type == "part":
                out.slot[card.name] = card.get("part")
                out.points[card.name] = card.get("points")
                out.faults[card.name] = card.get("faults")
                out.colour[card.name] = card.get("color")
            elif card.type == "car":
                out.car_colours.append(card.get("color"))
        return out

    def explain(self, names: Iterable[str], colour: str) -> str:
        bits = [f"{n} {self.points[n]}{' +1' if self.colour[n] == colour else ''}" for n in names]
        return ", ".join(bits) or "no parts attached"
