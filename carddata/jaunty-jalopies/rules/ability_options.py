"""Legal ability uses for seeded playthroughs: each option the race offers, again with an ability
the acting racer may use on it now, and the uses that are entries of their own (``use``).

Left out: Rashid (looking at a card changes nothing the log records).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from generator.load.model import Card
from generator.rules import Option

from .options import Options
from .powers import Ability, abilities, sidekick_name
from .state import Race, Racer

ATTACKS = frozenset({"mishap", "subplot", "fiendish"})


@dataclass(frozen=True, slots=True)
class Written:
    """A sheet's abilities as the options read them, once per sheet: those written in a log (with
    ``on``, in the sheet's order), per action the ones written on it, whether one of the sheet's
    abilities Negates, the ones ``_uses`` may offer an entry for, and the Sidekick's name."""

    abilities: tuple[tuple[str, Ability], ...]
    on: dict[str, tuple[tuple[str, Ability], ...]]
    negates: bool
    users: frozenset[str]
    sidekick: str
    sheet: Card | None


def _may_use(a: Ability) -> bool:
    """Whether ``_uses`` may offer an entry for ``a`` (one of its branches fits its powers)."""
    p = a.powers
    written = "use" in a.on and any(p.get(k) for k in ("removes", "draws", "take_back"))
    return written or bool(p.get("rest_and_play") or p.get("drive_under"))


class AbilityOptions(Options):
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        kinds, types = self._kinds, self._types  # the cards ``_plays`` may offer an attack with
        self._attack_cards = frozenset(
            n for n in kinds if types[n] == "fiendish" or not ATTACKS.isdisjoint(kinds[n])
        )
        self._written_of: dict[str | None, Written] = {}

    def options(self, s: Race, rng: random.Random) -> list[Option]:
        out = super().options(s, rng)  # starts the next turn if the last one ended
        r = s.racers[s.current]
        sheet = r.written  # (kept with the racer: asked at every move)
        if sheet is None or sheet.sheet is not r.sheet:
            sheet = r.written = self._written(r.sheet)
        ready = self.ready(s, r, sheet.abilities) if sheet.abilities else None
        if ready:
            more: list[Option] = []
            on = sheet.on
            for w, entry in out:
                some = on.get(entry["action"])  # (the abilities written on such an entry)
                if some:
                    more += [(w, variant) for variant in self._variants(s, r, ready, entry, rng, some)]
            if not sheet.users.isdisjoint(ready):
                more += [(3.0, entry) for entry in self._uses(s, r, ready, rng)]
            out += more
        if s.sidekicks is None:  # does any racer's sheet Negate with an ability? (asked once a race)
            s.sidekicks = any(self._written(x.sheet).negates for x in s.racers.values())
        if s.sidekicks and not (  # (attacks are offered only from a held attack card)
            self._attack_cards.isdisjoint(r.hand.known) and self._attack_cards.isdisjoint(r.karma.known)
        ):
            negated = self._negated_by_sidekick  # (asked only of the attacks, in order, in place)
            for i, (w, e) in enumerate(out):
                if e and e["action"] in ATTACKS:
                    out[i] = (w, negated(s, e, rng))
        return out

    def _written(self, sheet: Card | None) -> Written:
        """The sheet's abilities as the options read them (``Written``), read once per sheet."""
        tables = self._written_of
        found = tables.get(sheet.name if sheet is not None else None)
        if found is None or (found.sheet is not sheet and found.sheet != sheet):  # (or a copy of it)
            known = abilities(sheet)
            written = tuple((n, a) for n, a in known.items() if a.on)
            on = {act: tuple((n, a) for n, a in written if act in a.on) for _, a in written for act in a.on}
            found = Written(
                written,
                on,
                any(a.powers.get("negates") for a in known.values()),
                frozenset(n for n, a in written if _may_use(a)),
                sidekick_name(sheet.get("sidekick") if sheet else None) or "",
                sheet,
            )
            tables[sheet.name if sheet is not None else None] = found
        return found

    def ready(self, s: Race, r: Racer, written: Any = None) -> dict[str, Ability]:
        """The abilities ``r`` may use now: working in this race and round, within their limit
        (``written``: the sheet's abilities written in a log, if the caller has them)."""
        out = {}
        for name, a in self._written(r.sheet).abilities if written is None else written:
            if not ((s.endurance and not r.abilities) if a.sidekick else r.abilities):
                continue  # not working in this race and round
            limit = a.limit
            if (limit == "race" and r.used.get(name)) or (
                limit == "turn" and (r.player, name) in s.used_turn
            ):
                continue  # spent
            out[name] = a
        return out

    def _variants(
        self,
        s: Race,
        r: Racer,
        ready: dict[str, Ability],
        entry: dict[str, Any],
        rng: random.Random,
        some: tuple[tuple[str, Ability], ...] | None = None,
    ):
        """``entry`` again with each ready ability that may be written on it (``some``: the
        sheet's abilities written on its action, in the sheet's order, if the caller has them)."""
        action = entry.get("action")
        for name, a in ready.items() if some is None else [(n, a) for n, a in some if n in ready]:
            p = a.powers
            if action not in a.on:
                continue
            if action == "rest" and p.get("rest_draws"):
                yield {**entry, "ability": name}
            elif action == "rest" and p.get("swap"):
                swap = self.cheapest(r.hand.known, int(p["swap"]), r, rng)
                if swap:
                    yield {**entry, "ability": name, "discards": swap}
            elif (
                action in ("road", "drive")
                and entry.get("pays")
                and (p.get("penalty_less") or p.get("free_plots"))
            ):
                free = p.get("free_plots") or ()
                relief = int(p.get("penalty_less") or 0) + sum(
                    (q.card.get("effect") or {}).get("penalty") or 0 for q in r.plots if q.card.name in free
                )
                if relief > 0:
                    yield {
                        **entry,
                        "ability": name,
                        "pays": entry["pays"][: max(0, len(entry["pays"]) - relief)],
                    }
            elif action == "meet":
                yield from self._meet_variants(s, r, name, p, entry)

    def _meet_variants(self, s: Race, r: Racer, name: str, p: Any, entry: dict[str, Any]):
        target = s.racers[entry.get("target") or r.player]
        plot = next((q for q in target.plots if q.card.name == entry["plot"] and q.needs), None)
        if plot is None:
            return
        kinds = self._kinds[entry["card"]]
        if p.get("meets_two") and plot.needs[:2] == [p["meets_two"]] * 2 and p["meets_two"] in kinds:
            yield {**entry, "ability": name}
        if p.get("karma_from") and r.role == "hero" and target is not r:
            yield {**entry, "ability": name}
        if p.get("counts_as") and plot.needs[0] == p["counts_as"][1]:
            have = [c for c in sorted(self.held(r)) if p["counts_as"][0] in self._kinds[c]]
            if have:
                yield {**entry, "card": have[0], "ability": name}
        if p.get("also_counts") and target is not r and p["also_counts"] in kinds:
            anything = r.role == "neutral"
            own = [
                q for q in r.plots if q.needs and (q.needs[0] in kinds or (anything and q.kind == "subplot"))
            ]
            if own:
                yield {**entry, "ability": name, "also": own[0].card.name}

    def _uses(self, s: Race, r: Racer, ready: dict[str, Ability], rng: random.Random):
        """``use`` entries, and Royal Treasury's one Equipment card after a Rest."""
        for name, a in ready.items():
            p = a.powers
            if "use" in a.on and p.get("removes"):
                for q in r.plots:
                    if q.card.name in p["removes"] or q.kind in p["removes"]:
                        yield {"player": r.player, "action": "use", "ability": name, "plot": q.card.name}
                        break
            elif "use" in a.on and p.get("draws") and not (s.acted or s.rested):
                yield {"player": r.player, "action": "use", "ability": name}
            elif "use" in a.on and p.get("take_back"):
                back = sorted(
                    c for c in +r.penalties if s.deck.discard[c] and p["take_back"] in self._kinds[c]
                )
                if back:
                    yield {"player": r.player, "action": "use", "ability": name, "card": back[0]}
            elif p.get("rest_and_play") and s.rested:
                yield from self._besides_rest_options(r, name, a, str(p["rest_and_play"]))
            elif p.get("drive_under") and r.subplot is not None and not r.stalled and not s.rested:
                yield from self._under_subplot(s, r, name, rng)

    def _besides_rest_options(self, r: Racer, name: str, a: Ability, kind: str):
        """Royal Treasury: one card of its kind, Retained or met against an own plot, after a Rest."""
        cards = sorted(c for c in self.held(r) if kind in self._kinds[c])
        kept = [c for c in cards if self.cards[c].get("retain")]
        if kept and "retain" in a.on:
            yield {"player": r.player, "action": "retain", "card": kept[0], "ability": name}
        plot = next((q for q in r.plots if q.needs[:1] == [kind]), None)
        if cards and plot is not None and "meet" in a.on:
            yield {
                "player": r.player,
                "action": "meet",
                "card": cards[0],
                "plot": plot.card.name,
                "ability": name,
            }

    def _under_subplot(self, s: Race, r: Racer, name: str, rng: random.Random):
        """Kiku: the moves the race would offer without the Sub-Plot, each with the ability."""
        plot = r.subplot
        assert plot is not None
        at = r.plots.index(plot)
        s.unplot(r, plot)  # set aside while the moves are listed, then put back in its place
        try:
            listed: list[Option] = []
            self._plays(s, r, rng, listed)
        finally:
            s.add_plot(r, plot, at)
        for _, entry in listed:
            if entry["action"] in ("road", "drive"):
                yield {**entry, "ability": name}

    def _negated_by_sidekick(self, s: Race, entry: dict[str, Any] | None, rng: random.Random):
        """An attack its target's Sidekick can Negate is Negated four times in five (as a card is)."""
        if not entry or entry.get("action") not in ATTACKS or "negated" in entry:
            return entry
        t = s.racers[entry["target"]]
        sheet = self._written(t.sheet)
        if not sheet.negates:
            return entry  # (no ability of the sheet Negates: nothing to ask, nothing drawn)
        a = self.ready(s, t, sheet.abilities).get(sheet.sidekick)
        kinds = (a.powers.get("negates") or ()) if a else ()
        card = self.cards[entry["card"]]
        if (card.type in kinds or card.name in kinds) and rng.random() < 0.8:
            return {k: v for k, v in entry.items() if k != "discards"} | {"negated": a.name}
        return entry
