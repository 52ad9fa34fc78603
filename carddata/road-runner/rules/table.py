"""Road Runner turn rules: turns and skips, draws and reshuffles, captures, escapes, passes.

Rulebook sections: "Playing the Game" (turns, the draw, passing, the reshuffle), "Capture
Attempts" (sets, declaring the attempt, the escape window, damage and skipped turns).
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from generator.load.model import Card
from generator.rules import Draws, Entry, Expect, Note, Outcome, Rules, Zone
from generator.schema.common import Strict

from .facts import SET_NAMES, Facts, analyse, as_declared, damage, prevents
from .pick import check_pick
from .play import RandomPlay
from .seen import Unseen
from .state import (
    HAND,
    METHODS,
    RESPONSE,
    TURN,
    Attempt,
    Capture,
    Decline,
    Escape,
    Pass,
    Reshuffle,
    Setup,
    Skip,
    State,
)

NO_SKIPS: Counter[str] = Counter()
"""No skipped turns used up (shared: only ever read)."""


class RoadRunner(RandomPlay, Unseen, Rules):
    actions: ClassVar[dict[str, type[Strict]]] = {
        "capture": Capture,
        "pass": Pass,
        "escape": Escape,
        "decline": Decline,
        "skip": Skip,
        "reshuffle": Reshuffle,
    }
    responses = RESPONSE
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {
        "capture": ("drew",),
        "pass": ("drew", "card"),
        "setup": ("hands",),
    }
    optional_actions = frozenset({"decline", "skip", "reshuffle"})
    parameters: ClassVar[dict[str, str]] = {"hand": "cards dealt to each coyote (the rulebook's 5)"}
    hand: int = HAND

    def parameter_range(self, name: str, players: int) -> tuple[int, int] | None:
        """A coyote holds at least one card to pass; the deal cannot use more than the deck."""
        return (1, sum(self.total.values()) // max(1, players)) if name == "hand" else None

    def start(self, players: list[str], setup: Setup, note: Note) -> State:
        hands = self.deal(players, setup.hands, self.hand, note)
        pile = Zone(unknown=sum(self.total.values()) - self.hand * len(players))
        return State(list(players), hands, pile, skips=dict.fromkeys(players, 0))

    def next_player(self, s: State) -> tuple[str, Counter[str]]:
        """Whose turn is next, and the skipped turns used up on the way (read only)."""
        p = s.players[(s.seat + 1) % len(s.players)]
        if not s.skips[p]:  # the usual turn: nobody skipped (asked at every step)
            return p, NO_SKIPS
        used: Counter[str] = Counter()
        i = s.seat + 1
        while s.skips[p := s.players[i % len(s.players)]] > used[p]:
            used[p] += 1
            i += 1
        return p, used

    def receiver(self, s: State, giver: str, used: Counter[str] | None = None) -> str:
        """The next player to the left of ``giver`` not skipping turns (after ``used`` skips)."""
        i, used = s.players.index(giver), used or NO_SKIPS
        for step in range(1, len(s.players)):
            if s.skips[p := s.players[(i + step) % len(s.players)]] <= used.get(p, 0):
                return p
        return giver

    def expected(self, s: State) -> Expect:
        if s.winner:
            return Expect({})
        if s.attempt and s.attempt.window:
            return Expect(dict.fromkeys(s.attempt.window, RESPONSE), waivable=True)
        why = {p: f"{p} is skipping {n} more turn(s)" for p, n in s.skips.items() if n}
        player, used = self.next_player(s)
        moves = {player: TURN | {"reshuffle"}}  # the next player may write the pile's remake
        if used:  # the first skipping player may write the turn they miss
            seats = (s.players[(s.seat + k) % len(s.players)] for k in range(1, len(s.players)))
            first = next(p for p in seats if used[p])
            moves[first] = moves.get(first, frozenset()) | {"skip"}
        return Expect(moves, why=why)

    def apply(self, s: State, entry: Entry, note: Note) -> None:
        draws = self.draws(entry.data.drew if entry.action in TURN else None)  # the actions that draw
        if entry.action == "reshuffle":
            self._reshuffle_entry(s, note)
        else:
            getattr(self, "_" + entry.action)(s, entry.player, entry.data, draws, note)
        if self.chance is None:
            s.seen = None
        if problem := draws.mismatch():
            note("DRAW_COUNT", f"{problem} (one card a turn)")

    def _begin(self, s: State, player: str, draws: Draws, note: Note) -> None:
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
        self._draw(s, player, draws, note)

    def _draw(self, s: State, player: str, draws: Draws, note: Note) -> None:
        """One card from the pile ("Playing the Game": a player draws one card from the top of
        the draw pile). A remade pile holds exactly the reshuffled Capture cards."""
        if not s.pile.size:
            self._reshuffle(s)
        if not s.pile.size:
            return  # nothing to draw: a recorded draw is reported as DRAW_COUNT
        hand = s.hands[player]
        unknown = (s.pile.unknown, hand.unknown)
        self.draw_from(s.pile, hand, self.remembered_unseen(s), draws, note, "draw pile")
        self._seen_after_draw(s, hand, draws, unknown)
        if not s.pile.size:
            self._reshuffle(s)

    def _reshuffle(self, s: State) -> None:
        """ "If the draw pile runs out, reshuffle all the Capture cards which have been played so
        far"; played Escapes stay out, dual cards go back however they were played."""
        if s.captures:
            s.pile.remake(Zone(Counter(s.captures)))
            s.captures.clear()
            s.reshuffles, s.reshuffled = s.reshuffles + 1, True

    def _take(self, s: State, player: str, name: str | None, note: Note, verb: str = "play") -> None:
        hand = s.hands[player]
        if name is None or not hand.known[name]:  # not a known card to a known place
            s.seen = None
        self.take(hand, name, lambda: self.unseen(s), note, player, verb)

    def _capture(self, s: State, player: str, data: Capture, draws: Draws, note: Note) -> None:
        self._begin(s, player, draws, note)
        played = []
        s.attempt = Attempt(player, Counter(), self.attempt_facts([], None)[0], [])
        for name in data.cards:
            card = self.card(name, note)
            self._take(s, player, name if card else None, note)
            if card is None:
                continue
            if card.type not in ("capture", "dual"):
                note("NOT_A_CAPTURE_CARD", f"{name} is an Escape card; only Capture cards make an attempt")
            played.append(card)
            s.attempt.cards[name] = s.attempt.cards.get(name, 0) + 1
        facts, declared = self.attempt_facts(played, data.method)
        if not facts.sets:
            note("NO_CAPTURE_SET", f"{', '.join(data.cards)} make no capture set ({SET_NAMES})")
        elif data.method is not None and data.method not in (made := [*map("+".join, facts.sets)]):
            known = "" if data.method in METHODS else f" ('{data.method}' is not a set: {SET_NAMES})"
            said = f"the attempt is declared as {data.method}"
            note("METHOD", f"{said}, but the cards make {', '.join(made)}{known}")
        i = s.players.index(player)
        s.attempt.facts = declared
        s.attempt.window = [s.players[(i + k) % len(s.players)] for k in range(1, len(s.players))]

    def attempt_facts(self, played: list[Card], method: str | None) -> tuple[Facts, Facts]:
        """The facts of an attempt with these cards, and as declared (``as_declared``): worked out
        once for each attempt of up to three cards (every attempt random play makes)."""
        key = (*(c.name for c in played), method)
        memo: dict[tuple[str | None, ...], tuple[Facts, Facts]] = self.__dict__.setdefault("_facts", {})
        found = memo.get(key)
        if found is None:
            facts = analyse(played)
            found = (facts, as_declared(facts, method))
            if len(played) <= 3 and (method is None or method in METHODS):
                memo[key] = found
        return found

    def _pass(self, s: State, player: str, data: Pass, draws: Draws, note: Note) -> None:
        """ "Passes one card at random from his hand to the player on his left" (skipping players
        pass it on)."""
        self._begin(s, player, draws, note)
        to = self.receiver(s, player)
        if data.to is not None and data.to != to:
            note(
                "PASS_TARGET",
                f"the card goes to {to}, the next player to the left not skipping turns, not {data.to}",
            )
        hand = s.hands[player]
        check_pick(s.players, player, to, hand.size, data, note)
        due = 1 if hand.size else 0
        names = [data.card] if isinstance(data.card, str) else data.card
        if names is not None and len(names) != due:
            rule = "one unless the hand is empty"
            note("PASS_COUNT", f"{player} passes {due} card(s) here ({rule}), not {len(names)}")
        for name in names if names is not None else [None] * due:
            known = name if name is not None and self.card(name, note) else None
            self._take(s, player, known, note, "pass")
            s.hands[to].add(known)

    def _skip(self, s: State, player: str, data: Skip, draws: Draws, note: Note) -> None:
        """A skipped turn, written ("that player must skip a number of turns equal to the points
        of damage taken"); one written out of turn was reported by the engine."""
        if s.attempt:
            self.close(s, note)
        if s.skips[player] > 0:
            s.skips[player] -= 1
            s.seat = s.players.index(player)

    def _reshuffle_entry(self, s: State, note: Note) -> None:
        """A written remake of the pile: it marks the one made as the last card was drawn, or
        makes it now if there was nothing to reshuffle then."""
        if s.reshuffled or (not s.pile.size and s.captures):
            if not s.reshuffled:
                self._reshuffle(s)
            s.reshuffled = False
        elif s.pile.size:
            note("RESHUFFLE_NOT_DUE", f"the draw pile still holds {s.pile.size} card(s)")
        else:
            note("RESHUFFLE_NOT_DUE", "no played Capture cards to reshuffle")

    def _escape(self, s: State, player: str, data: Escape, draws: Draws, note: Note) -> None:
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
        dealt = None
        if card.type == "capture":
            note("NOT_AN_ESCAPE_CARD", f"{card.name} is a Capture card and stops nothing")
        elif card.type == "dual" and not s.reshuffles:
            note("DUAL_BEFORE_RESHUFFLE", f"{card.name} works as an Escape only after the first reshuffle")
        elif (dealt := self._stopped(card, a.facts)) is None:
            note("DOES_NOT_PREVENT", f"{card.name} does not stop {a.facts}")
        elif data.damage is not None and data.damage != dealt:
            note("DAMAGE_MISMATCH", f"{card.name} deals {dealt} damage here, not {data.damage}")
        # an escape counts as the table played it, so one mistake does not hide the rest of the log:
        # the attempt is stopped, and the damage is what the log writes; unwritten, an escape that
        # applies deals its card's damage and one ruled out above deals none ("Such cards have text
        # on them explaining how much damage the coyote takes": a card that does not apply says none)
        a.prevented = True
        a.damage += data.damage if data.damage is not None else (dealt or 0)
        if not a.window:
            self.close(s, note)

    def _stopped(self, card: Card, facts: Facts) -> int | None:
        """The damage ``card`` deals stopping the attempt, or None when it does not stop it."""
        if card.type in ("escape", "dual"):
            return self.stops(facts, True).get(card.name)
        effect = card.get("escape")
        return damage(effect, facts) if prevents(effect, facts) else None

    def _decline(self, s: State, player: str, data: Decline, draws: Draws, note: Note) -> None:
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
