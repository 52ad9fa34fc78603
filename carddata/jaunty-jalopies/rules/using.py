"""Whether a racer may use the ability a log names: one check for every ability, from the data.

Rulebook passages: Character Selection ("The Player now uses that Racer's identity and Special
Abilities"); Negate ("play a card or use an ability"); Endurance Racing ("While the unused
Character sheet is face up, only Racers' main Special Abilities function. Sidekick Abilities do
not." and the reverse while it is face down); Partner Racing ("Sidekick Abilities do not
function"; Team Racing "works exactly like Partner Racing"). So a Sidekick Ability works only in
an Endurance race, in the rounds the unused sheet lies face down, and a main ability in every
race except in those rounds. The limits (once per turn, once per race) are the sheets' own
(racers.yaml, ``limit``).
"""

from __future__ import annotations

from generator.rules import Note

from .piles import Piles
from .powers import LIMITS, Ability, abilities
from .state import Race, Racer


class Using(Piles):
    def ability_for(self, s: Race, racer: Racer, name: str, action: str, note: Note) -> Ability | None:
        """The ability ``name`` of ``racer``, written on an ``action`` entry, once its use is
        checked (NO_ABILITY, ABILITY_OFF / SIDEKICK_OFF, ABILITY_WRONG, ABILITY_USED /
        SIDEKICK_USED) and counted. A use that breaks a rule still takes effect (the table
        played it), so the entries after it are judged on the race as it then stands; None
        only for a name the racer has no ability by."""
        known = abilities(racer.sheet)
        ability = known.get(name)
        if ability is None:
            sheet = racer.sheet.name if racer.sheet else "no racer"
            theirs = ", ".join(known) or "none"
            note("NO_ABILITY", f"{racer.player} ({sheet}) has no ability called '{name}' (theirs: {theirs})")
            return None
        if not self.functions(s, racer, ability, note):
            return ability  # not counted: it did not work
        if not ability.on:
            note("ABILITY_WRONG", f"{name} works by itself and is not written in a log")
        elif action not in ability.on:
            where = " or ".join(f"`{a}`" for a in ability.on)
            note("ABILITY_WRONG", f"{name} is written on {where} entries, not on `{action}`")
        self.count_use(s, racer, ability, note)
        return ability

    def functions(self, s: Race, racer: Racer, ability: Ability, note: Note) -> bool:
        """Endurance / Partner Racing: which abilities function now (reported when not)."""
        if ability.sidekick and not (s.endurance and not racer.abilities):
            race = "standard" if not s.partners else ("Team" if s.team else "Partner")
            now = f"this is a {race} race" if not s.endurance else "now it lies face up"
            note(
                "SIDEKICK_OFF",
                f"{ability.name} is a Sidekick Ability: it works only in an Endurance "
                f"race while the unused sheet lies face down; {now}",
            )
            return False
        if not ability.sidekick and not racer.abilities:
            note(
                "ABILITY_OFF",
                f"{ability.name} is a main Special Ability: in an Endurance race it works "
                "only while the unused sheet lies face up; now it lies face down",
            )
            return False
        return True

    def count_use(self, s: Race, racer: Racer, ability: Ability, note: Note) -> None:
        """The sheet's limit: once per turn or once per race (ABILITY_USED / SIDEKICK_USED)."""
        code = "SIDEKICK_USED" if ability.sidekick else "ABILITY_USED"
        key = (racer.player, ability.name)
        if ability.limit == "race" and racer.used[ability.name]:
            note(code, f"{ability.name} works {LIMITS['race']}, and {racer.player} has used it already")
        elif ability.limit == "turn" and key in s.used_turn:
            note(code, f"{ability.name} works {LIMITS['turn']}, and {racer.player} has used it this turn")
        racer.used[ability.name] += 1
        s.used_turn.add(key)
