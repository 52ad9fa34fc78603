"""The end of a day and of the game: the testament, the end check, buying points and the winner."""

from __future__ import annotations

from generator.rules import Note, Outcome, Rules

from .state import GOAL, POINT_PRICE, Buy, Table
from .week import next_day

TENTH = POINT_PRICE // 10


class Ending(Rules):
    """Closing a day, the purchases at the end and the outcome; mixed into the rules model."""

    def close(self, t: Table, note: Note) -> None:
        if t.phase == "buying":  # heirs who write no purchase buy with all their cash
            t.phase = "over"
            return
        if t.phase != "arrived":
            return
        t.testament = t.testament_holder()  # rulebook: "Whoever is currently in first place takes..."
        if self.last_day(t):
            t.phase = "buying"  # rulebook: "ends either when a player has received 69 points or
            return  # when someone runs out of action cards. Each player can then buy ..."
        t.day, t.weekday, t.phase = t.day + 1, next_day(t.weekday), "auction"
        t.bids, t.joker_driver, t.owes_fine, t.arrived = [], None, None, None

    def last_day(self, t: Table) -> bool:
        """Rulebook: the game "ends either when a player has received 69 points or when someone runs
        out of action cards" (checked as the day closes)."""
        if max(t.points.values()) >= GOAL:
            return True
        # a hand is empty (Zone.size 0): it keeps no card at none and no unknown cards below none
        for h in t.hands.values():  # noqa: SIM110 (a loop, not a generator: asked as every day ends)
            if not h.known and not h.unknown:
                return True
        return False

    def _buy(self, t: Table, player: str, data: Buy, note: Note) -> None:
        """Rulebook, "Buying points": "each point costs $1,000. Each $100 gives a tenth of a point".
        A purchase written on the last day, before its totals, closes the day; one written earlier
        leaves the day open (the engine reports it), so it moves no turn number."""
        if t.phase == "arrived" and self.last_day(t):
            self.close(t, note)
        if t.phase != "buying":
            return  # the engine reports a purchase before the end (ACTION_NOT_ALLOWED)
        if player in t.bought:
            note(
                "WRONG_BUY",
                f"{player} has already bought points (${t.bought[player]:,}); write one purchase per heir",
            )
            return
        if data.amount % TENTH or data.amount > t.cash[player]:
            note(
                "WRONG_BUY",
                f"{player} spends ${data.amount:,} on points; a purchase is in steps of "
                f"${TENTH} and at most the ${t.cash[player]:,} {player} holds",
            )
        t.bought[player] = min(data.amount - data.amount % TENTH, t.cash[player])

    def turn(self, t: Table) -> int:
        return t.day

    def over(self, t: Table) -> bool:
        return t.phase == "over"

    def outcome(self, t: Table) -> Outcome:
        """Rulebook, "And who will receive my inheritance?": "Whoever has the most points wins the
        game", after buying points. Our reading: every heir with the most points wins, so a tie is
        a shared win. The testament is no tie-break: the rulebook only has "whoever is currently in
        first place" take it during the game, and never names it at the end."""
        if not self.over(t):
            return Outcome(None, dict(t.points))
        scores = {p: t.final(p) for p in t.players}
        best = max(scores.values())
        top = tuple(p for p in t.players if scores[p] == best)
        if len(top) == 1:
            return Outcome(top[0], scores)
        return Outcome(None, scores, shared=top)
