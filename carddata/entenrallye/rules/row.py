"""The row of face-down parts beside a car card, and the exchange's blind take.

Rulebook, Exchanging Car Parts: Walter "takes one of them without looking at its value and gives
Juliane, face down, a part which he has face down in front of him"; Attaching: a part not
attached at once is laid "face down by the side of your car card". The table sees where each
face-down part lies, not what it is, so a blind take is a choice of place. Reading: each player
keeps the face-down parts in a row, each new one (bought, stolen, exchanged) at the right-hand
end, the parts kept after a meet in the order the log's ``keep`` lists them; the replay follows
that row (``Car.hidden``). An exchange may write the place picked (``take_at``, 1 = leftmost)
and, if the players had rearranged the row, the row as it lay (``row``, left to right). The part
at that place is then the one taken: naming another is ``BLIND_TAKE``; a row that is not that
player's face-down parts is ``ROW_ORDER``. Without ``take_at`` the part named is taken on the
log's word: any of the other player's face-down parts could have been picked blind.

A steal is read the same way. Stealing Car Parts: "The player takes a face down part from the
stock of one of the other players"; it does not say "without looking" as the exchange does, but
the parts lie face down, so the thief too picks a place, not a part he can see. A steal writes
``part`` (the part stolen), ``take_at`` and ``row`` as an exchange writes ``take``, ``take_at``
and ``row``; at least one of ``part`` and ``take_at``.
"""

from __future__ import annotations

from collections import Counter

from generator.rules import Note

from .actions import Exchange, Steal
from .state import Car


def blind_take(other: Car, data: Exchange | Steal, note: Note) -> str | None:
    """The part an exchange or a steal takes from ``other``'s row: the one at ``take_at`` when
    written (checked against the part named), else the part named; None when neither says which."""
    named = data.take if isinstance(data, Exchange) else data.part
    verb = "exchanged" if isinstance(data, Exchange) else "stolen"
    if data.row is not None:
        if Counter(data.row) == Counter(other.hidden):
            other.hidden = list(data.row)
        else:  # the row as it lay is unknown: the part is taken on the log's word
            listed = ", ".join(data.row) or "nothing"
            held = ", ".join(other.hidden) or "none"
            note(
                "ROW_ORDER",
                f"the row must list {other.player}'s face-down parts, each once "
                f"(written: {listed}; {other.player} holds: {held})",
            )
            return named
    if data.take_at is None:
        if named is None:
            field = "take" if isinstance(data, Exchange) else "part"
            note("NOT_HELD", f"name the part {verb} ({field}) or the place it lay (take_at)")
        return named
    if data.take_at > len(other.hidden):
        note(
            "NOT_HELD",
            f"{other.player} has {len(other.hidden)} face-down part(s): "
            f"there is none at place {data.take_at}",
        )
        return named
    there = other.hidden[data.take_at - 1]
    if named is not None and named != there:
        row = ", ".join(other.hidden)
        note(
            "BLIND_TAKE",
            f"the part at place {data.take_at} of {other.player}'s row ({row}, left to "
            f"right) is {there}, not {named}: a face-down part is {verb} unseen, "
            "so it is the one at the place picked",
        )
        return named
    return there
