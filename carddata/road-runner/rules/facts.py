"""What a capture attempt is (keywords, sets, chase, Speed, Damage) and what an Escape does to it.

Rulebook, "Capture Attempts" and "Escape Cards": sets, chases, conditions, prevention, damage.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.load.model import Card

SETS = (
    ("BAIT", "TRAP"),
    ("ROAD", "AMBUSH"),
    ("DROP", "HEIGHT"),
    ("SHOOTER", "AMMO"),
    ("VEHICLE", "THRUSTER"),
    ("LAUNCHER",),
)
SET_NAMES = ", ".join("+".join(s) for s in SETS)


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
        what = "a SHOOTER+AMMO shot" if not kinds and self.sets == (SETS[3],) else what
        return f"{what} with {', '.join(sorted(self.keywords)) or 'no keywords'}"


def as_declared(f: Facts, method: str | None) -> Facts:
    """The attempt as declared ("declaring how the attempt is being made", Capture Attempts):
    only the declared set counts for chases and shots; every played keyword is still involved.
    Undeclared (or a set the cards do not make, reported), every set the cards make counts."""
    chosen = tuple(s for s in f.sets if "+".join(s) == method)
    if not chosen:
        return f
    chases = frozenset(k for k, s in (("VEHICLE", SETS[4]), ("LAUNCHER", SETS[5])) if s in chosen)
    return Facts(f.keywords, chosen, chases, f.speed, f.damage)


def analyse(cards: list[Card]) -> Facts:
    """The facts of an attempt made with ``cards``; conditions apply when their cards are played."""
    names = {c.name for c in cards}
    keywords: set[str] = set()
    damage: Counter[str] = Counter()
    speed = 0
    for card in cards:
        own = _profile(card)
        kws, dmg, spd = set(own.keywords), dict(own.damage), own.speed
        for needs, more, extra, faster in own.conditions:
            if needs <= names:
                kws |= more
                dmg.update(extra)
                spd = faster if faster is not None else spd
        keywords |= kws
        damage.update(dmg)
        speed = max(speed, spd or 0)
    sets = tuple(s for s in SETS if set(s) <= keywords)
    chases = frozenset(k for k, s in (("VEHICLE", SETS[4]), ("LAUNCHER", SETS[5])) if s in sets)
    return Facts(frozenset(keywords), sets, chases, speed, damage)


@dataclass(frozen=True)
class _Profile:
    """What ``analyse`` reads of one card: its keywords, Damage and Speed, and each condition as
    (the cards it needs, the keywords, Damage and Speed it gives)."""

    keywords: frozenset[str]
    damage: tuple[tuple[str, int], ...]
    speed: int | None
    conditions: tuple[tuple[frozenset[str], frozenset[str], tuple[tuple[str, int], ...], int | None], ...]


_PROFILES: dict[int, tuple[Card, _Profile]] = {}
"""Per card (by identity, the card kept with it so the id stays its own): its profile, read from
its fields once instead of at every attempt analysed."""


def _profile(card: Card) -> _Profile:
    found = _PROFILES.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    made = _Profile(
        frozenset(card.get("keywords") or ()),
        tuple((card.get("damage") or {}).items()),
        card.get("speed"),
        tuple(
            (
                frozenset(cond["with"]),
                frozenset(cond.get("keywords") or ()),
                tuple((cond.get("damage") or {}).items()),
                cond.get("speed"),
            )
            for cond in card.get("conditions") or ()
        ),
    )
    if len(_PROFILES) > 65536:  # games loaded again and again (a preview): start afresh
        _PROFILES.clear()
    _PROFILES[id(card)] = (card, made)
    return made


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
