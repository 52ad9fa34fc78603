"""The blind pick of a pass ("Playing the Game": a player "passes one card at random from his hand
to the player on his left. In practice this can be done by having the player on the left choose a
card from the current player's hand, without looking at the card texts").

What a table sees of it: who picked and which of the face-down cards (counted from the passer's
left) they took. The hand's order is never recorded, so which card lay there, and whether the pick
was blind, no log can show; the checker holds the position to the hand's size and the picker to
the player on the left. Our reading: when that player is skipping turns (and so "does not receive
passed cards") the card goes on to the next player to the left, and either of the two may pick.
"""

from __future__ import annotations

from generator.rules import Note

from .state import Pass


def check_pick(players: list[str], giver: str, receiver: str, held: int, data: Pass, note: Note) -> None:
    """``held``: the cards in the passer's hand when the card is picked (after the turn's draw)."""
    left = players[(players.index(giver) + 1) % len(players)]
    pickers = [left] if left == receiver else [left, receiver]
    if data.picked_by is not None and data.picked_by not in pickers:
        who = " or ".join(pickers)
        note(
            "PASS_PICK",
            f"the card is picked blind by the player on {giver}'s left ({who}), not {data.picked_by}",
        )
    if data.pick is not None and data.pick > held:
        note(
            "PASS_PICK",
            f"{giver} holds {held} card(s) face down after the draw; there is no card {data.pick} to pick",
        )
