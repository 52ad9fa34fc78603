"""Road Runner turn rules: turns and skips, draws and reshuffles, captures, escapes, passes."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from generator.rules import Entry, Expect, Note, Outcome, Rules, unseen
from generator.schema.common import Strict

from .facts import SET_NAMES, analyse, damage, prevents
from .play import RandomPlay
from .state import HAND, RESPONSE, TURN, Attempt, Capture, Decline, Escape, Pass, Setup, State


class RoadRunner(RandomPlay, Rules):
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
