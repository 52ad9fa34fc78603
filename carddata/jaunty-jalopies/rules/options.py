"""Legal next entries for seeded playthroughs: one option per distinct card and use, each with
the cheapest payment (the cards least worth keeping: ``discards.py``), chance decided with ``rng``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from generator.rules import Option
from generator.rules.chance import below, shuffle

from .discards import Discards
from .state import Race, Racer

PLAYED = ("road", "driving", "terrain", "mishap", "subplot")  # the kinds of card _plays offers by kind
WEIGHTS = {"road": 6, "drive": 5, "back": 0.3, "meet": 3, "terrain": 1, "mishap": 2, "subplot": 2,
           "fiendish": 3, "retain": 2, "experience": 3, "special": 2, "negate": 3}  # fmt: skip
_NO_NEGATION: dict[str, Any] = {}  # read, never changed


class Options(Discards):
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        kinds, types = self._kinds, self._types
        # per card, worked out once: the kinds ``_plays`` offers it as (road, driving, terrain,
        # mishap, subplot), a Road Section's own penalty, the cards that Negate each kind of
        # attack, and the cards with a use besides their kind (Retain, Experience, Special, Negate)
        self._deck_order = tuple(sorted(self.main_total.elements()))  # the deck before a shuffle
        self._played = {n: tuple(k for k in ks if k in PLAYED) for n, ks in kinds.items()}
        self._plain_driving = frozenset(n for n, ks in kinds.items() if "road" not in ks)
        self._road_penalty = {n: c.fields.get("penalty") or 0 for n, c in self.cards.items()}
        self._negaters = {
            k: frozenset(n for n, ks in self._negates.items() if k in ks)
            for k in ("mishap", "subplot", "fiendish")
        }
        self._extras = frozenset(
            n
            for n in types
            if n in self._retains or types[n] == "experience" or n in self._drawing or self._negates[n]
        )

    def options(self, s: Race, rng: random.Random) -> list[Option]:
        s.advance()  # the next entry starts the next turn anyway
        r = s.racers[s.current]
        held = self.held(r)  # the Draw Phase's discards and (without Karma cards) the plays'
        names = sorted(held)  # order start alike
        pool = self.unshuffled(r.hand.known, names if held is r.hand.known else None)
        key = self.keep_key(r, held)
        out: list[Option] = [(1.0, self._draw_option(s, r, rng, pool, key))]
        if not s.acted and not s.rested:
            rest: dict[str, Any] = {"player": r.player, "action": "rest"}
            if r.plots:
                removable = [p.card.name for p in r.plots if p.kind != "subplot"]
                if removable:
                    rest["remove"] = removable[:1]
            out.append((1.0 + (4.0 if r.stalled or r.subplot else 0.0), rest))
        if s.rested:
            return out
        self._plays(s, r, rng, out, held, None if r.karma.known else pool, key, names)
        return out

    def _draw_option(
        self, s: Race, r: Racer, rng: random.Random, pool: list[str], key: Callable[[str], int]
    ) -> dict[str, Any]:
        size, rate = r.sizes(self.base_hand, self.base_draw)
        hand = r.hand
        room = sum(hand.known.values()) + hand.unknown + rate - size
        discards = None
        if room > 0:  # (``cheapest``)
            discards = self.order(hand.known, r, rng, pool, key)
            discards = discards[:room] if len(discards) >= room else None
        if discards:
            return {"player": r.player, "action": "draw", "discards": discards}
        return {"player": r.player, "action": "draw"}

    def _plays(
        self,
        s: Race,
        r: Racer,
        rng: random.Random,
        out: list[Option],
        held: Counter[str] | None = None,
        pool: list[str] | None = None,
        key: Callable[[str], int] | None = None,
        names: list[str] | None = None,
    ) -> None:
        """The cards ``r`` may play now, each with its ``WEIGHTS`` weight, added to ``out`` (in
        the order, and drawing the random numbers in the order, the options have always had;
        ``held``, ``pool``, ``key``, ``names``: ``held(r)`` and what ``unshuffled``, ``keep_key``
        and ``sorted`` make of them, when the caller has them)."""
        held = self.held(r) if held is None else held
        names = sorted(held) if names is None else names
        order = self.order(held, r, rng, pool, key)
        by_kind: dict[str, list[str]] = {
            "road": [],
            "driving": [],
            "terrain": [],
            "mishap": [],
            "subplot": [],
        }
        played = self._played
        for n in names:
            for k in played[n]:
                by_kind[k].append(n)
        player, pos, course = r.player, r.pawn.pos, s.course
        free = not (r.subplot or r.stalled)
        driving = by_kind["driving"]
        if free and pos == len(course) < s.length:
            for name in by_kind["road"]:
                if road := self._road_option(r, name, driving, order):
                    out.append((WEIGHTS["road"], road))
        if free and driving:
            plain = self._plain_driving
            for name in driving:  # the first that is no Road Section, else the first
                if name in plain:
                    break
            else:
                name = driving[0]
            for to in (pos + 1, pos - 1):
                if 0 <= to <= len(course):
                    pays = self.first(order, s.penalty(r, to), [name])
                    if pays is not None:
                        entry = {"player": player, "action": "drive", "card": name, "to": to, "pays": pays}
                        out.append((WEIGHTS["drive" if to > pos else "back"], entry))
        if by_kind["terrain"]:
            open_sections = [i + 1 for i, sec in enumerate(course) if sec.terrain is None]
            for name in by_kind["terrain"] if open_sections else ():
                section = open_sections[below(rng, len(open_sections))]  # rng.choice's one number
                out.append(
                    (
                        WEIGHTS["terrain"],
                        {"player": player, "action": "terrain", "card": name, "section": section},
                    )
                )
        rivals = [p for p in s.players if p != player]
        for kind in ("mishap", "subplot") if r.role != "hero" else ("subplot",):
            if not by_kind[kind]:
                continue
            for name in by_kind[kind]:
                for t in rivals:
                    if kind == "subplot" and s.racers[t].subplot:
                        continue
                    entry = {"player": player, "action": kind, "card": name, "target": t}
                    entry.update(self._negation(s, t, kind, rng))
                    out.append((WEIGHTS[kind], entry))
        if r.role == "villain" and not s.fiendish_played and not self._fiendish_cards.isdisjoint(held):
            for name in [n for n in names if n in self._fiendish_cards]:
                for t in rivals:
                    out.append((WEIGHTS["fiendish"], self._fiendish_option(s, player, name, t, rng)))
        if r.plots or r.role == "hero":  # (only a Hero meets other racers' plots)
            self._meet_options(s, r, order, out)
        extra = self._extras
        if extra.isdisjoint(held):
            return
        retains, types, drawing, negating = self._retains, self._types, self._drawing, self._negates
        experience = bool(s.completed) and r.role != "neutral"
        for name in names:  # (each card's retain, type, drawing effect and negations read once)
            if name not in extra:
                continue
            if name in retains:
                out.append((WEIGHTS["retain"], {"player": player, "action": "retain", "card": name}))
            elif experience and types[name] == "experience":
                out.append((WEIGHTS["experience"], {"player": player, "action": "experience", "card": name}))
            elif name in drawing:
                out.append((WEIGHTS["special"], {"player": player, "action": "special", "card": name}))
            negates = negating[name]
            for plot in r.plots if negates else ():
                if plot.kind in negates:
                    out.append(
                        (
                            WEIGHTS["negate"],
                            {"player": player, "action": "negate", "card": name, "plot": plot.card.name},
                        )
                    )

    def _road_option(self, r: Racer, name: str, driving: list[str], order: list[str]) -> dict | None:
        """Lay Road Section ``name`` (with the first of the held ``driving`` cards, in name order,
        when it is not a Driving card itself), paying its penalty; None if it cannot be paid."""
        if "driving" in self._kinds[name]:
            pays = self.first(order, max(0, self._road_penalty[name] + r.bonus("penalty")), [name])
            return (
                None if pays is None else {"player": r.player, "action": "road", "card": name, "pays": pays}
            )
        drivers = [n for n in driving if n != name]
        if not drivers:
            return None
        due = max(0, self._road_penalty[name] + r.bonus("penalty"))
        pays = self.first(order, due, [name, drivers[0]])
        if pays is None:
            return None
        return {"player": r.player, "action": "road", "card": name, "driving": drivers[0], "pays": pays}

    def _negation(self, s: Race, target: str, kind: str, rng: random.Random) -> dict[str, Any]:
        """Whether the target Negates the card as it is played (four times in five, if it can)."""
        t, negaters = s.racers[target], self._negaters[kind]
        hand, karma = t.hand.known, t.karma.known
        if negaters.isdisjoint(hand) and negaters.isdisjoint(karma):
            return _NO_NEGATION  # (a random number is drawn only for a card that can Negate)
        for name in sorted(n for n in negaters if hand.get(n, 0) > 0 or karma.get(n, 0) > 0):
            if rng.random() < 0.8:
                return {"negated": name}
        return _NO_NEGATION

    def _fiendish_option(
        self, s: Race, player: str, name: str, target: str, rng: random.Random
    ) -> dict[str, Any]:
        t, card = s.racers[target], self.cards[name]
        entry: dict[str, Any] = {"player": player, "action": "fiendish", "card": name, "target": target}
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

    def _meet_options(self, s: Race, r: Racer, order: list[str], out: list[Option]) -> None:
        targets = [r] + ([x for x in s.racers.values() if x is not r] if r.role == "hero" else [])
        kinds = self._kinds
        for t in targets:
            for plot in t.plots:
                if not plot.needs:
                    continue
                anything = plot.kind == "subplot" and t is r and r.role == "neutral"
                need = plot.needs[0]
                pick = next((n for n in order if anything or need in kinds[n]), None)
                if pick is not None:
                    entry = {"player": r.player, "action": "meet", "card": pick, "plot": plot.card.name}
                    if t is not r:
                        entry["target"] = t.player
                    out.append((WEIGHTS["meet"], entry))

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """Random racers and sides, and hands dealt from the shuffled deck."""
        sheets = rng.sample(sorted(self.sheets), len(players))
        roles = {p: rng.choice(["hero", "villain", "neutral"]) for p in players}
        deck = list(self._deck_order)
        shuffle(rng, deck)
        hands = {}
        for p, sheet in zip(players, sheets, strict=True):
            size = self.sheets[sheet].get("hand") or self.base_hand
            hands[p], deck = deck[:size], deck[size:]
        return {"racers": dict(zip(players, sheets, strict=True)), "roles": roles, "hands": hands}
