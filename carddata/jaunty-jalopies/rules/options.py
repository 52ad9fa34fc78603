"""Legal next entries for seeded playthroughs: one option per distinct card and use, each with
the cheapest payment (the cards least worth keeping), chance decided with ``rng``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generator.rules import Option
from generator.rules.chance import below, shuffle

from .effects import Abilities
from .state import Race, Racer

KEEP = {"road": 7, "driving": 6, "mishap": 5, "subplot": 5, "equipment": 4, "personality": 4,
        "special": 3, "terrain": 2, "experience": 1, "fiendish": 9}  # fmt: skip
PLAYED = ("road", "driving", "terrain", "mishap", "subplot")  # the kinds of card _plays offers by kind
WEIGHTS = {"road": 6, "drive": 5, "back": 0.3, "meet": 3, "terrain": 1, "mishap": 2, "subplot": 2,
           "fiendish": 3, "retain": 2, "experience": 3, "special": 2, "negate": 3}  # fmt: skip


class Options(Abilities):
    def held(self, r: Racer) -> Counter[str]:
        """The cards a racer can play: hand and Karma hand (all known in a playthrough). Read
        only: without Karma cards, the hand's own counter (no copy made at every option list)."""
        hand, karma = r.hand.known, r.karma.known
        if not karma and (not hand or min(hand.values()) > 0):  # what the sum would hold
            return hand
        return hand + karma

    def keep(self, role: str) -> dict[str, int]:
        """Per card, how much a racer of ``role`` wants to keep it (``KEEP`` by its type; none
        for a card the side may not play), worked out once per side."""
        tables = self.__dict__.setdefault("_keep_tables", {})
        if role not in tables:
            dead = {"hero": "mishap", "neutral": "experience"}.get(role)  # cards the side may not play
            tables[role] = {c: 0 if t == dead else KEEP[t] for c, t in self._types.items() if t in KEEP}
        return tables[role]

    def plays_of(self) -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
        """Per card, the kinds of it ``_plays`` offers (road, driving, terrain, mishap, subplot),
        and the Fiendish Plots: worked out once."""
        found = self.__dict__.get("_plays_of")
        if found is None:
            played = {n: tuple(k for k in kinds if k in PLAYED) for n, kinds in self._kinds.items()}
            fiendish = frozenset(n for n, t in self._types.items() if t == "fiendish")
            found = self._plays_of = (played, fiendish)
        return found

    def extras(self) -> frozenset[str]:
        """The cards ``_plays`` may offer to Retain, use as Experience or Special, or Negate with:
        worked out once (most cards are none of these)."""
        found = self.__dict__.get("_extras")
        if found is None:
            found = self._extras = frozenset(
                n
                for n in self._types
                if n in self._retains
                or self._types[n] == "experience"
                or n in self._drawing
                or self._negates[n]
            )
        return found

    def order(self, cards: Counter[str], r: Racer, rng: random.Random) -> list[str]:
        """``cards`` (no Fiendish Plots) least useful first: the order a racer discards in."""
        pool = sorted(cards.elements())
        if not self.plays_of()[1].isdisjoint(cards):  # (a hand holds none: only a Karma hand may)
            types = self._types
            pool = [c for c in pool if types[c] != "fiendish"]
        shuffle(rng, pool)
        keeps = self.__dict__.get("_keep_tables")
        keep = keeps.get(r.role) if keeps else None
        if keep is None:
            keep = self.keep(r.role)
        needs = {p.needs[0] for p in r.plots if p.needs} if r.plots else None
        if needs:  # a card that meets a plot's next need is worth 3 more
            kinds = self._kinds
            keys = {c: keep[c] + (3 if needs.intersection(kinds[c]) else 0) for c in cards}
            pool.sort(key=keys.__getitem__)
        else:
            pool.sort(key=keep.__getitem__)
        return pool

    def cheapest(self, cards: Counter[str], n: int, r: Racer, rng: random.Random) -> list[str] | None:
        """``n`` cards to discard from ``cards``, least useful first; None if there are too few."""
        pool = self.order(cards, r, rng)
        return pool[:n] if len(pool) >= n else None

    @staticmethod
    def first(order: list[str], n: int, without: list[str]) -> list[str] | None:
        """The first ``n`` cards of ``order`` once the cards ``without`` are set aside."""
        if n <= 0:
            return [] if n == 0 else None
        skip, out = list(without), []  # (one or two cards: a list, not a Counter)
        for c in order:
            if c in skip:
                skip.remove(c)
            else:
                out.append(c)
                if len(out) == n:
                    return out
        return None

    def options(self, s: Race, rng: random.Random) -> list[Option]:
        s.advance()  # the next entry starts the next turn anyway
        r = s.racers[s.current]
        out: list[Option] = [(1.0, self._draw_option(s, r, rng))]
        if not s.acted and not s.rested:
            removable = [p.card.name for p in r.plots if p.kind != "subplot"]
            rest = {"player": r.player, "action": "rest", **({"remove": removable[:1]} if removable else {})}
            out.append((1.0 + (4.0 if r.stalled or r.subplot else 0.0), rest))
        if s.rested:
            return out
        player = r.player
        out += [(WEIGHTS[action], {"player": player, **entry}) for action, entry in self._plays(s, r, rng)]
        return out

    def _draw_option(self, s: Race, r: Racer, rng: random.Random) -> dict[str, Any]:
        size, rate = r.sizes(self.base_hand, self.base_draw)
        room = r.hand.size + rate - size
        discards = self.cheapest(r.hand.known, max(0, room), r, rng) or [] if room > 0 else []
        return {"player": r.player, "action": "draw", **({"discards": discards} if discards else {})}

    def _plays(self, s: Race, r: Racer, rng: random.Random):
        held = self.held(r)
        names = sorted(held)
        order = self.order(held, r, rng)
        by_kind: dict[str, list[str]] = {k: [] for k in PLAYED}
        kinds = self.plays_of()[0]
        for n in names:
            for k in kinds[n]:
                by_kind[k].append(n)
        free = not (r.subplot or r.stalled)
        rivals = [p for p in s.players if p != r.player]
        if free and r.pos == len(s.course) < s.length:
            for name in by_kind["road"]:
                if road := self._road_option(r, name, by_kind["driving"], order):
                    yield "road", road
        if free and by_kind["driving"]:
            plain = [n for n in by_kind["driving"] if "road" not in self._kinds[n]]
            for to in (r.pos + 1, r.pos - 1):
                if 0 <= to <= len(s.course) and to != r.pos:
                    for name in (plain or by_kind["driving"])[:1]:
                        pays = self.first(order, s.penalty(r, to), [name])
                        if pays is not None:
                            yield (
                                ("drive" if to > r.pos else "back"),
                                {"action": "drive", "card": name, "to": to, "pays": pays},
                            )
        open_sections = (
            [i + 1 for i, sec in enumerate(s.course) if sec.terrain is None] if by_kind["terrain"] else []
        )
        for name in by_kind["terrain"]:
            if open_sections:
                section = open_sections[below(rng, len(open_sections))]  # rng.choice's one number
                yield "terrain", {"action": "terrain", "card": name, "section": section}
        for kind in ("mishap", "subplot") if r.role != "hero" else ("subplot",):
            for name in by_kind[kind]:
                for t in rivals:
                    if kind == "subplot" and s.racers[t].subplot:
                        continue
                    yield kind, {"action": kind, "card": name, "target": t, **self._negation(s, t, kind, rng)}
        if r.role == "villain" and not s.fiendish_played:
            for name in [n for n in names if self._types[n] == "fiendish"]:
                for t in rivals:
                    yield "fiendish", self._fiendish_option(s, name, t, rng)
        yield from self._meet_options(s, r, order)
        retains, types, drawing, negating = self._retains, self._types, self._drawing, self._negates
        experience = bool(s.completed) and r.role != "neutral"
        extra = self.extras()
        for name in names:  # (each card's retain, type, drawing effect and negations read once)
            if name not in extra:
                continue
            if name in retains:
                yield "retain", {"action": "retain", "card": name}
            elif experience and types[name] == "experience":
                yield "experience", {"action": "experience", "card": name}
            elif name in drawing:
                yield "special", {"action": "special", "card": name}
            negates = negating[name]
            for plot in r.plots if negates else ():
                if plot.kind in negates:
                    yield "negate", {"action": "negate", "card": name, "plot": plot.card.name}

    def _road_option(self, r: Racer, name: str, driving: list[str], order: list[str]) -> dict | None:
        """Lay Road Section ``name`` (with the first of the held ``driving`` cards, in name order,
        when it is not a Driving card itself), paying its penalty; None if it cannot be paid."""
        used = [name]
        entry: dict[str, Any] = {"action": "road", "card": name}
        if "driving" not in self._kinds[name]:
            drivers = [n for n in driving if n != name]
            if not drivers:
                return None
            entry["driving"] = drivers[0]
            used.append(drivers[0])
        due = max(0, (self.cards[name].fields.get("penalty") or 0) + r.bonus("penalty"))
        pays = self.first(order, due, used)
        return None if pays is None else {**entry, "pays": pays}

    def _negation(self, s: Race, target: str, kind: str, rng: random.Random) -> dict[str, Any]:
        """Whether the target Negates the card as it is played (four times in five, if it can)."""
        t = s.racers[target]
        for name in sorted({n for z in (t.hand.known, t.karma.known) for n, k in z.items() if k > 0}):
            if kind in self._negates[name] and rng.random() < 0.8:
                return {"negated": name}
        return {}

    def _fiendish_option(self, s: Race, name: str, target: str, rng: random.Random) -> dict[str, Any]:
        t, card = s.racers[target], self.cards[name]
        entry: dict[str, Any] = {"action": "fiendish", "card": name, "target": target}
        entry.update(self._negation(s, target, "fiendish", rng))
        n = min((card.get("effect") or {}).get("discard") or 0, t.hand.size + t.karma.size)
        if n and "negated" not in entry:
            pool = Counter({c: k for c, k in self.held(t).items() if self.cards[c].type != "fiendish"})
            entry["discards"] = self.cheapest(pool, min(n, sum(pool.values())), t, rng) or []
            if len(entry["discards"]) < n:  # only Fiendish Plots left to discard
                entry["discards"] += sorted((t.karma.known - Counter(entry["discards"])).elements())[
                    : n - len(entry["discards"])
                ]
        return entry

    def _meet_options(self, s: Race, r: Racer, order: list[str]):
        targets = [r] + ([x for x in s.racers.values() if x is not r] if r.role == "hero" else [])
        for t in targets:
            for plot in t.plots:
                if not plot.needs:
                    continue
                anything = plot.kind == "subplot" and t is r and r.role == "neutral"
                fits = [n for n in order if anything or plot.needs[0] in self._kinds[n]]
                if fits:
                    pick = fits[:1]
                    entry = {"action": "meet", "card": pick[0], "plot": plot.card.name}
                    if t is not r:
                        entry["target"] = t.player
                    yield "meet", entry

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """Random racers and sides, and hands dealt from the shuffled deck."""
        sheets = rng.sample(sorted(self.sheets), len(players))
        roles = {p: rng.choice(["hero", "villain", "neutral"]) for p in players}
        deck = sorted(self.main_total.elements())
        shuffle(rng, deck)
        hands = {}
        for p, sheet in zip(players, sheets, strict=True):
            size = self.sheets[sheet].get("hand") or self.base_hand
            hands[p], deck = deck[:size], deck[size:]
        return {"racers": dict(zip(players, sheets, strict=True)), "roles": roles, "hands": hands}
