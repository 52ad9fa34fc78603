"""The option choices and options several commands share (``build``, ``watch``, ``serve``, ...)."""

from __future__ import annotations

from enum import Enum

import typer


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"
    legal = "legal"
    a3 = "a3"
    tabloid = "tabloid"


class Orientation(str, Enum):
    auto = "auto"
    portrait = "portrait"
    landscape = "landscape"


class Layout(str, Enum):
    duplex = "duplex"
    gutterfold = "gutterfold"


class Flip(str, Enum):
    long = "long"
    short = "short"


class Spacing(str, Enum):
    auto = "auto"
    butted = "butted"
    spaced = "spaced"


class ColorMode(str, Enum):
    rgb = "rgb"
    cmyk = "cmyk"


class Order(str, Enum):
    front_back = "front-back"
    back_front = "back-front"
    fronts_then_backs = "fronts-then-backs"


def choice(help_text: str) -> typer.models.OptionInfo:
    """An option with fixed choices, accepted in any case (``--paper A4``)."""
    return typer.Option(help=help_text, case_sensitive=False)


PRINTSHOP_HELP = (
    "Also write the cards as a print shop asks for them, into printshop-SHOP/: generic, "
    "drivethrucards, thegamecrafter, makeplayingcards, or a preset YAML file."
)


ONLY_HELP = (
    "Build only these cards, into OUTPUT/<game>-proof/: a card name, or FIELD=VALUE "
    "(type=spice, deck=market); repeatable, a card matching any is kept."
)


ONLY_OPTION = typer.Option("--only", metavar="NAME|FIELD=VALUE", help=ONLY_HELP)
OUTPUT_OPTION = typer.Option("--output", "-o", help="Output folder (default: output/).")
ALLOW_OVERFLOW_OPTION = typer.Option(
    "--allow-overflow", help="Write files even where text does not fit (a warning each)."
)
ALLOW_DAMAGED_ART_OPTION = typer.Option(
    "--allow-damaged-art",
    help="Draw a damaged SVG (not well-formed: cut short, a tag left open) from what can be read, "
    "with a warning, instead of refusing it.",
)
LANG_OPTION = typer.Option(
    "--lang",
    metavar="CODE",
    help="Build or check the game in one of its languages (game.yaml 'languages'; 'all': every "
    "translated one), its texts from lang/CODE.yaml; the kit goes to OUTPUT/<game>-CODE/.",
)
FALLBACK_OPTION = typer.Option(
    "--fallback", help="With --lang: print the source text where a translation is missing (a warning each)."
)
