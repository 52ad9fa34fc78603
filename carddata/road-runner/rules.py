"""Road Runner: the rules model used to replay playtest logs (see README.md, "Playtest logs").

A turn is one entry, ``capture`` or ``pass`` (the draw is part of it). After a capture, each
other player in seat order gets one chance to ``escape`` (or ``decline``, which a log may leave
out). The chase Speed is the highest Speed among the played cards, after conditions: speeds do
not add up (Sail with Fan is Speed 2).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import Field

from generator.model import Card, Game
from generator.rules import Checks, Entry, Expect, Finding, Note, Option, Outcome, Rules, Zone, unseen
from generator.schema.common import Strict

SETS = (
    ("BAIT", "TRAP"),
    ("ROAD", "AMBUSH"),
    ("DROP", "HEIGHT"),
    ("SHOOTER", "AMMO"),
    ("VEHICLE", "THRUSTER"),
    ("LAUNCHER",),
)
SET_NAMES = ", ".join("+".join(s) for s in SETS)
HAND = 5
TURN = frozenset({"capture", "pass"})
RESPONSE = frozenset({"escape", "decline"})


class Capture(Strict):
    cards: list[str] = Field(min_length=1)
    drew: str | None = None


class Pass(Strict):
    card: str | None = None
    to: str | None = None
    drew: str | None = None


class Escape(Strict):
    card: str
    damage: int | None = Field(None, ge=0)


class Decline(Strict):
    pass


class Setup(Strict):
    hands: dict[str, list[str]] = Field(default_factory=dict)


@dataclass(frozen=True)
class Facts:
    """What a capture attempt is: its keywords, sets, chase kinds, Speed and Damage values."""

    keywords: frozenset[str]
    sets: tuple[tuple[str, ...], ...]
    chases: frozenset[str]
    speed: int
    damage: Counter[str]

    def __str__(self) -> str:
        kinds = " and ".join(sorted(self.chases))
        what = f"a {kinds} chase at Speed {self.speed}" if kinds else "an attempt"
        return f"{what} with {', '.join(sorted(self.keywords)) or 'no keywords'}"


def analyse(cards: list[Card]) -> Facts:
    """The facts of an attempt made with ``cards``; conditions apply when their cards are played."""
    names = {c.name for c in cards}
    keywords: set[str] = set()
    damage: Counter[str] = Counter()
    speed = 0
    for card in cards:
        kws, dmg, spd = set(card.get("keywords") or ()), dict(card.get("damage") or {}), card.get("speed")
        for cond in card.get("conditions") or ():
            if set(cond["with"]) <= names:
                kws |= set(cond.get("keywords") or ())
                dmg.update(cond.get("damage") or {})
                spd = cond["speed"] if cond.get("speed") is not None else spd
        keywords |= kws
        damage.update(dmg)
        speed = max(speed, spd or 0)
    sets = tuple(s for s in SETS if set(s) <= keywords)
    chases = frozenset(k for k, s in (("VEHICLE", SETS[4]), ("LAUNCHER", SETS[5])) if s in sets)
    return Facts(frozenset(keywords), sets, chases, speed, damage)


def _holds(rule: dict[str, Any], f: Facts) -> bool:
    tests = [
        ("keywords", lambda v: bool(f.keywords & set(v))),
        ("all_keywords", lambda v: set(v) <= f.keywords),
        ("chase", lambda v: bool(f.chases & set(v))),
        ("max_speed", lambda v: f.speed <= v),
        ("unless", lambda v: not f.keywords & set(v)),
        ("shot_ammo", lambda v: SETS[3] in f.sets if v else True),
    ]
    given = [test(rule[key]) for key, test in tests if rule.get(key) is not None]
    return all(given) if given else bool(rule.get("any"))


def prevents(effect: dict[str, Any] | None, f: Facts) -> bool:
    """True when an escape effect stops the attempt: any one of its alternatives holds."""
    return bool(effect) and any(_holds(rule, f) for rule in effect.get("prevents") or ())


def damage(effect: dict[str, Any] | None, f: Facts) -> int:
    """The damage an escape effect deals to the attempting coyote."""
    rule = (effect or {}).get("damage")
    if not rule or (rule.get("only_chase") and not f.chases & set(rule["only_chase"])):
        return 0
    return (
        (rule.get("fixed") or 0)
        + (f.speed if rule.get("speed") else 0)
        + sum(f.damage[k] for k in rule.get("keywords") or ())
    )


@dataclass
class Attempt:
    attacker: str
    cards: Counter[str]
    facts: Facts
    window: list[str]
    prevented: bool = False
    damage: int = 0


@dataclass
class State:
    players: list[str]
    hands: dict[str, Zone]
    pile: int
    captures: Counter[str] = field(default_factory=Counter)
    escapes: Counter[str] = field(default_factory=Counter)
    skips: dict[str, int] = field(default_factory=dict)
    reshuffles: int = 0
    seat: int = -1
    turn: int = 0
    attempt: Attempt | None = None
    winner: str | None = None


class RoadRunner(Rules):
    actions: ClassVar[dict[str, type[Strict]]] = {
        "capture": Capture,
        "pass": Pass,
        "escape": Escape,
        "decline": Decline,
    }
    responses = RESPONSE
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {
        "capture": ("drew",),
        "pass": ("drew", "card"),
        "setup": ("hands",),
    }
    optional_actions = frozenset({"decline"})

    def start(self, players: list[str], setup: Setup, note: Note) -> State:
        hands = self.deal(players, setup.hands, HAND, note)
        pile = sum(self.total.values()) - HAND * len(players)
        return State(list(players), hands, pile, skips=dict.fromkeys(players, 0))

    def unseen(self, s: State) -> Counter[str]:
        table = s.attempt.cards if s.attempt else Counter()
        return unseen(self.total, [*(h.known for h in s.hands.values()), s.captures, s.escapes, table])

    def next_player(self, s: State) -> tuple[str, Counter[str]]:
        """Whose turn is next, and the skipped turns used up on the way."""
        used: Counter[str] = Counter()
        i = s.seat + 1
        while s.skips[p := s.players[i % len(s.players)]] > used[p]:
            used[p] += 1
            i += 1
        return p, used

    def receiver(self, s: State, giver: str, used: Counter[str] | None = None) -> str:
        """The next player to the left of ``giver`` not skipping turns (after ``used`` skips)."""
        i, used = s.players.index(giver), used or Counter()
        for step in range(1, len(s.players)):
            if s.skips[p := s.players[(i + step) % len(s.players)]] <= used[p]:
                return p
        return giver

    def expected(self, s: State) -> Expect:
        if s.winner:
            return Expect({})
        if s.attempt and s.attempt.window:
            return Expect(dict.fromkeys(s.attempt.window, RESPONSE), waivable=True)
        why = {p: f"{p} is skipping {n} more turn(s)" for p, n in s.skips.items() if n}
        return Expect({self.next_player(s)[0]: TURN}, why=why)

    def apply(self, s: State, entry: Entry, note: Note) -> None:
        getattr(self, "_" + entry.action)(s, entry.player, entry.data, note)

    def _begin(self, s: State, player: str, drew: str | None, note: Note) -> None:
        if s.attempt:
            self.close(s, note)
        expected, used = self.next_player(s)
        if player != expected:  # the engine reported it; follow the log
            used = Counter()
            for step in range(1, len(s.players)):
                if (p := s.players[(s.seat + step) % len(s.players)]) == player:
                    break
                used[p] += 1 if s.skips[p] else 0
        for p, n in used.items():
            s.skips[p] -= n
        s.seat, s.turn = s.players.index(player), s.turn + 1
        self._draw(s, player, drew, note)

    def _draw(self, s: State, player: str, drew: str | None, note: Note) -> None:
        if not s.pile:
            self._reshuffle(s)
        if not s.pile:
            if drew is not None:
                note(
                    "DRAW_COUNT", f"{player} cannot draw {drew}: the draw pile and Capture discards are empty"
                )
            return
        s.pile -= 1
        if drew is not None and self.card(drew, note) and self.unseen(s)[drew] <= 0:
            note("CARD_UNAVAILABLE", f"{drew} cannot be in the draw pile: every copy is somewhere else")
        s.hands[player].add(drew if drew in self.cards else None)
        if not s.pile:
            self._reshuffle(s)

    def _reshuffle(self, s: State) -> None:
        if s.captures:
            s.pile, s.reshuffles = sum(s.captures.values()), s.reshuffles + 1
            s.captures.clear()

    def _take(self, s: State, player: str, name: str | None, note: Note, verb: str = "play") -> None:
        self.take(s.hands[player], name, self.unseen(s), note, player, verb)

    def _capture(self, s: State, player: str, data: Capture, note: Note) -> None:
        self._begin(s, player, data.drew, note)
        played = []
        s.attempt = Attempt(player, Counter(), analyse([]), [])
        for name in data.cards:
            card = self.card(name, note)
            self._take(s, player, name if card else None, note)
            if card is None:
                continue
            if card.type not in ("capture", "dual"):
                note("NOT_A_CAPTURE_CARD", f"{name} is an Escape card; only Capture cards make an attempt")
            played.append(card)
            s.attempt.cards[name] += 1
        facts = analyse(played)
        if not facts.sets:
            note("NO_CAPTURE_SET", f"{', '.join(data.cards)} make no capture set ({SET_NAMES})")
        i = s.players.index(player)
        s.attempt.facts, s.attempt.window = (
            facts,
            [s.players[(i + k) % len(s.players)] for k in range(1, len(s.players))],
        )

    def _pass(self, s: State, player: str, data: Pass, note: Note) -> None:
        self._begin(s, player, data.drew, note)
        to = self.receiver(s, player)
        if data.to is not None and data.to != to:
            note(
                "PASS_TARGET",
                f"the card goes to {to}, the next player to the left not skipping turns, not {data.to}",
            )
        name = data.card if data.card is not None and self.card(data.card, note) else None
        hand = s.hands[player]
        if name is None and not hand.size:
            return
        self._take(s, player, name, note, "pass")
        s.hands[to].add(name)

    def _escape(self, s: State, player: str, data: Escape, note: Note) -> None:
        card = self.card(data.card, note)
        self._take(s, player, data.card if card else None, note)
        if card is not None:
            (s.escapes if card.type == "escape" else s.captures)[card.name] += 1
        a = s.attempt
        if a is None:
            return
        if player in a.window:
            a.window = a.window[a.window.index(player) + 1 :]
        if card is None:  # an unknown name (reported): the chance is used, nothing is stopped
            if not a.window:
                self.close(s, note)
            return
        effect = card.get("escape")
        if card.type == "capture":
            note("NOT_AN_ESCAPE_CARD", f"{card.name} is a Capture card and stops nothing")
        elif card.type == "dual" and not s.reshuffles:
            note("DUAL_BEFORE_RESHUFFLE", f"{card.name} works as an Escape only after the first reshuffle")
        elif not prevents(effect, a.facts):
            note("DOES_NOT_PREVENT", f"{card.name} does not stop {a.facts}")
        else:
            dealt = damage(effect, a.facts)
            if data.damage is not None and data.damage != dealt:
                note("DAMAGE_MISMATCH", f"{card.name} deals {dealt} damage here, not {data.damage}")
        # an escape counts as the table played it, so one mistake does not hide the rest of the log
        a.prevented = True
        a.damage += data.damage if data.damage is not None else damage(effect, a.facts)
        if not a.window:
            self.close(s, note)

    def _decline(self, s: State, player: str, data: Decline, note: Note) -> None:
        a = s.attempt
        if a is not None and player in a.window:
            a.window = a.window[a.window.index(player) + 1 :]
            if not a.window:
                self.close(s, note)

    def close(self, s: State, note: Note) -> None:
        a, s.attempt = s.attempt, None
        if a is None:
            return
        if not a.prevented:
            s.winner = a.attacker
        s.skips[a.attacker] += a.damage
        s.captures.update(a.cards)

    def turn(self, s: State) -> int:
        return s.turn

    def over(self, s: State) -> bool:
        return s.winner is not None

    def outcome(self, s: State) -> Outcome:
        return Outcome(s.winner)

    # -- random playthroughs -------------------------------------------------------------------

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        rng.shuffle(deck)
        return {"hands": {p: deck[i * HAND : (i + 1) * HAND] for i, p in enumerate(players)}}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if s.winner:
            return []
        if s.attempt and s.attempt.window:
            player, facts = s.attempt.window[0], s.attempt.facts
            usable = [
                n
                for n in sorted(s.hands[player].known)
                if (c := self.cards[n]).type == "escape" or (c.type == "dual" and s.reshuffles)
                if prevents(c.get("escape"), facts)
            ]
            weight = 1.0 if s.attempt.prevented else 4.0
            escape = {"player": player, "action": "escape"}
            opts: list[Option] = [
                (
                    weight / len(usable),
                    {**escape, "card": n, "damage": damage(self.cards[n].get("escape"), facts)},
                )
                for n in usable
            ]
            return [*opts, (2.0, {"player": player, "action": "decline"})]
        player, used = self.next_player(s)
        pool = self.unseen(s) if s.pile else s.captures
        drew = {"drew": rng.choice(sorted(pool.elements()))} if pool else {}
        hand = s.hands[player].known + Counter(drew.values())
        attempts = list(self.attempts(hand))
        opts = [
            (3.0 / len(attempts), {"player": player, "action": "capture", "cards": c, **drew})
            for c in attempts
        ]
        passing = {"card": rng.choice(sorted(hand.elements()))} if hand else {}
        return [
            *opts,
            (
                2.0,
                {"player": player, "action": "pass", **passing, "to": self.receiver(s, player, used), **drew},
            ),
        ]

    def attempts(self, hand: Counter[str]) -> Iterator[list[str]]:
        """Sets of one to three different cards from ``hand`` that make a capture attempt."""
        names = [n for n in sorted(hand) if self.cards[n].type in ("capture", "dual")]
        for size in (1, 2, 3):
            for combo in itertools.combinations(names, size):
                if analyse([self.cards[n] for n in combo]).sets:
                    yield list(combo)


RULES = RoadRunner
CHECKS = Checks()


@CHECKS.register("escapes-can-fire")
def escapes_can_fire(game: Game) -> Iterator[Finding]:
    """Every Escape effect stops at least one attempt the deck's Capture cards can make."""
    captures = {c.name: c for c in game.all_cards() if c.type in ("capture", "dual")}
    combos = [[c] for c in captures.values()] + [
        list(p) for p in itertools.combinations(captures.values(), 2)
    ]
    for card in captures.values():
        partners = [
            captures[n] for cond in card.get("conditions") or () for n in cond["with"] if n in captures
        ]
        combos += [[card, *partners, other] for other in captures.values()]
    attempts = [f for f in map(analyse, combos) if f.sets]
    for card in game.all_cards():
        effect = card.get("escape")
        if effect and not any(prevents(effect, f) for f in attempts):
            yield Finding("this Escape stops no attempt the deck's Capture cards can make", card, "escape")
