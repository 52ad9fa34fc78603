"""The racer abilities a log writes, read from the sheets (racers.yaml).

A sheet's Special Ability is named by its text before the colon ("Thrifty"), its Sidekick by
the text before the comma ("Wee Hamish"). What the replay checks of each is data: the main
ability's ``ability_powers`` and the Sidekick's ``sidekick_powers`` (the field types are in
game.yaml). ``on`` lists the log entries the ability is written on (``ability: NAME``; ``use``
is an entry of its own, ``negated`` an attack's ``negated: NAME``) and ``limit`` how often it
may be used (``turn``: once per turn, ``race``: once per race). An ability without ``on``
works by itself (the sheet's ``powers``: Backroads, Jump the Gap, Forgettable, Escape Artist)
and is never written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from generator.load.model import Card

LIMITS = {"turn": "once per turn", "race": "once per race"}


@dataclass(frozen=True)
class Ability:
    """One ability of one racer sheet, as a log names it."""

    name: str
    sidekick: bool
    powers: Mapping[str, Any]

    @cached_property  # (an ability is read at every move of a simulated race)
    def on(self) -> tuple[str, ...]:
        return tuple(self.powers.get("on") or ())

    @cached_property
    def limit(self) -> str | None:
        return self.powers.get("limit")

    @property
    def kind(self) -> str:
        return "Sidekick Ability" if self.sidekick else "Special Ability"


def ability_name(text: str | None) -> str | None:
    """The name a log writes for an ability text: before the colon ("Thrifty: when you ...")."""
    return text.split(":")[0].strip() if text else None


def sidekick_name(text: str | None) -> str | None:
    """A Sidekick's name: the text before the comma ("Wee Hamish, the piper: ...")."""
    return text.split(",")[0].split(":")[0].strip() if text else None


def abilities(sheet: Card | None) -> dict[str, Ability]:
    """Every ability of ``sheet`` by name: its Special Abilities, then its Sidekick. The first
    Special Ability carries the sheet's ``ability_powers`` (every sheet has one). Read from the
    sheet once (asked at every move of a simulated race); the answer is only ever read."""
    if sheet is None:
        return {}
    found = _READ.get(id(sheet))
    if found is not None and found[0] is sheet:
        return found[1]
    out: dict[str, Ability] = {}
    for i, text in enumerate(sheet.get("abilities") or []):
        name = ability_name(text)
        if name:
            out[name] = Ability(name, False, (sheet.get("ability_powers") or {}) if i == 0 else {})
    name = sidekick_name(sheet.get("sidekick"))
    if name:
        out[name] = Ability(name, True, sheet.get("sidekick_powers") or {})
    if len(_READ) > 4096:  # games loaded again and again (a preview): start afresh
        _READ.clear()
    _READ[id(sheet)] = (sheet, out)
    return out


_READ: dict[int, tuple[Card, dict[str, Ability]]] = {}
"""Per sheet (by identity, kept with it so the id stays its own): its abilities."""
