"""Rules checking: deck composition constraints and playtest-log replay.

A game opts in with two keys in its game.yaml: ``constraints: constraints.yaml`` (composition
rules, see :mod:`generator.rules.composition`) and ``rules_module: rules.py`` (its rules model,
a :class:`Rules` subclass exported as ``RULES``, plus named checks in ``CHECKS``).
"""

from generator.rules.base import Entry, Expect, NoSetup, Note, Option, Outcome, Rules, Weighed, options_of
from generator.rules.checks import Checks, Finding
from generator.rules.composition import check_composition, composition_breaches
from generator.rules.zones import Draws, Zone, seen_after_draw, unseen

__all__ = [
    "Checks",
    "Draws",
    "Entry",
    "Expect",
    "Finding",
    "NoSetup",
    "Note",
    "Option",
    "Outcome",
    "Rules",
    "Weighed",
    "Zone",
    "check_composition",
    "composition_breaches",
    "options_of",
    "seen_after_draw",
    "unseen",
]
