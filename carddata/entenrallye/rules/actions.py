"""The entries of an Entenrallye playtest log (see ../README.md, "Playtest logs").

Empty-list and empty-dict defaults are plain values (pydantic copies them for each entry), not
``default_factory``: ``model_construct`` inspects a factory's signature on every call, which
made building simulated entries the slowest part of a playthrough."""

from __future__ import annotations

from pydantic import Field

from generator.schema.common import Strict


class Drive(Strict):
    """Start of a turn: the roll, squares driven, the road taken at each junction, where the car
    turned round (``u_turn``: after that many squares of the drive, 0 = where it stood), and
    what happened on arrival (a meet's score and the parts kept, a station's check)."""

    roll: int = Field(ge=1, le=6)
    moved: int = Field(ge=0, le=6)
    path: list[str] = Field([])
    u_turn: int | None = Field(None, ge=0, le=6)
    score: int | None = Field(None, ge=0)
    keep: list[str] | None = None
    check: str | None = Field(None, pattern="^(passed|failed)$")
    minus: int | None = Field(None, ge=1)
    pile: list[str] | None = None  # at a meet: the pile's order after the shuffle, top first


class Buy(Strict):
    parts: list[str] = Field(min_length=1)


class Repair(Strict):
    points: int = Field(ge=1)


class Steal(Strict):
    """Take a face-down part of ``from``: ``part`` names it, ``take_at`` the place it lay in that
    player's row (1 = left), ``row`` the row as it lay if rearranged; at least one of ``part``
    and ``take_at`` (see row.py)."""

    from_: str = Field(alias="from")
    part: str | None = None
    take_at: int | None = Field(None, ge=1)
    row: list[str] | None = None


class Exchange(Strict):
    """Take one of ``with``'s face-down parts without looking and give one of yours: ``take``
    names the part taken, ``take_at`` the place it lay in that player's row (1 = left, the row in
    the order the parts were laid down; see row.py), ``row`` the row as it lay, when the
    players had rearranged it. At least one of ``take`` and ``take_at`` is written."""

    with_: str = Field(alias="with")
    take: str | None = None
    take_at: int | None = Field(None, ge=1)
    row: list[str] | None = None
    give: str


class Attach(Strict):
    part: str


class Time(Strict):
    """The end of a turn in which the markers move: where they stand now, and the cars a month's
    end sent to a workshop ('workshop') or a minus square ('-2'), with their repair markers."""

    to: str
    sent: dict[str, str] = Field({})
    repairs: dict[str, int] = Field({})


class Setup(Strict):
    """Which colour each player drives (default: red, yellow, green, blue, white, black in turn)."""

    cars: dict[str, str] = Field({})
    pile: list[str] | None = None  # optional: the shuffled pile, top first (buying takes the top)


ACTIONS = {
    "drive": Drive,
    "buy": Buy,
    "repair": Repair,
    "steal": Steal,
    "exchange": Exchange,
    "attach": Attach,
    "time": Time,
}
SPECIALS = frozenset({"buy", "repair", "steal", "exchange", "attach"})
