"""A starter game folder (``deckwright new``): a deck, its front and back templates, a summary.

Every file carries comments that teach its format; the folder checks and builds as written.
"""

from __future__ import annotations

import re
from pathlib import Path

from generator.core.errors import UsageError

NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")

GAME = """\
# {title}: the game file. Every other file of the game is named from here.
# Check it with `deckwright check {folder}`, build the kit with `deckwright build {folder}`.
# Editors can complete keys: see "Editor set-up" in Deckwright's README (`deckwright schema`).
name: {name}                 # lower case, digits, - or _; names the output folder
title: {title}
version: "0.1"               # quoted, so YAML keeps it text; printed on the kit
players: "2-4"
description: >-
  One or two sentences about the game, printed in the kit's guide.

# Card types: a card's `type` must be one of these. A type may have its own back.
card_types:
  action: {{label: Action}}
  bonus: {{label: Bonus}}

# Card fields and their types: text, int, number (3.5), bool, choice(a, b), list(text),
# map(text, int) ...
# A `?` makes a field optional. `name`, `type` and `count` are built in.
card_fields:
  cost: "int"
  text: "text"
  flavor: "text?"

# Icons for card text (`:die:` in a text draws the icon `die`): an SVG or PNG file of the game,
# or one of the 4,000 game-icons.net icons Deckwright ships, as `game-icons/NAME` (find names with
# `deckwright icons WORD`). The print guide credits every game-icons.net icon the kit draws.
icons:
  die: game-icons/perspective-dice-six-faces-random

# Each deck: its card files, card size (poker, bridge, mini ... or {{width: 60mm, height: 90mm}}),
# the template its fronts print with and the one for its backs (files in this folder or
# Deckwright's templates/, named without .yaml).
decks:
  - name: main
    title: {title}
    size: poker
    template: front
    back: back
    cards: [cards.yaml]

summary: summary.yaml        # the rule summary (and player aids), one or two pages
gather:                      # what else a group needs, listed in the print guide
  - One six-sided die
"""

CARDS = """\
# The cards of the deck `main`. Each entry is one design; `count` prints several copies.
# Fields are the `card_fields` of game.yaml; a missing optional field is simply left off.
# Words in **double stars** print bold; `deckwright check` finds any that do not fit.
cards:
  - name: Quick Step
    type: action
    cost: 1
    count: 3
    text: Move **one** space, then draw one card.
  - name: Long Stride
    type: action
    cost: 2
    count: 2
    text: Move up to **three** spaces.
    flavor: Never look back.
  - name: Lucky Find
    type: bonus
    cost: 0
    text: "Roll the :die: die. On 4 or more, take another turn."
"""

FRONT = """\
# Front template. Boxes are [x, y, width, height] from the card's top-left trim corner
# (units: mm, pt, in, cm); `box: bleed` covers the card and its bleed. Elements draw in order.
# `{{field}}` inserts a card field; `when:` draws an element only for the cards it is true of.
# Colours are '#rrggbb', names, or `$name` from `styles` (a style per card type may override).
# An `icon` element draws an icon in its `color`: `game-icons/NAME` is one of the game-icons.net
# icons Deckwright ships (credited in the print guide), any other name one of game.yaml's `icons`.
description: {title} card front
size: poker
styles:
  default: {{ink: "#222222", band: "#2e5e8c", paper: "#fbf8f1", emblem: game-icons/footprint}}
  bonus: {{band: "#a65c1a", emblem: game-icons/round-star}}
elements:
  - {{type: rect, box: bleed, fill: $paper}}
  - {{type: rect, box: [-3mm, -3mm, 69.5mm, 19mm], fill: $band}}  # runs on into the bleed
  - {{type: icon, box: [4mm, 3.5mm, 9mm, 9mm], icon: $emblem, color: "#ffffff"}}
  - type: text
    box: [15mm, 3mm, 33mm, 10mm]
    text: "{{name}}"
    font: Lato Black
    size: 13pt
    min_size: 9pt            # text shrinks down to this before `check` calls it too long
    color: "#ffffff"
    valign: middle
  - {{type: ellipse, box: [49mm, 3mm, 11mm, 11mm], fill: "#ffffff"}}
  - type: text
    box: [49mm, 3mm, 11mm, 11mm]
    text: "{{cost}}"
    font: Lato Black
    size: 14pt
    color: $band
    align: center
    valign: middle
  - type: text
    box: [6mm, 24mm, 51.5mm, 40mm]
    text: "{{text}}"
    size: 11pt
    min_size: 8pt
    color: $ink
  - type: text
    when: flavor             # only cards that have a flavour line
    box: [6mm, 70mm, 51.5mm, 12mm]
    text: "{{flavor}}"
    size: 8pt
    italic: true
    color: $ink
    align: center
"""

BACK = """\
# Back template: one design for every card of the deck. Keep it symmetric under a half turn,
# so a back printed slightly off still looks right either way up.
description: {title} card back
size: poker
elements:
  - {{type: rect, box: bleed, fill: "#2e5e8c"}}
  - {{type: rect, box: [4mm, 4mm, 55.5mm, 80.9mm], radius: 3mm, stroke: "#ffffff", stroke_width: 1pt}}
  - type: text
    box: [6mm, 38mm, 51.5mm, 13mm]
    text: "{title}"
    font: Lato Black
    size: 16pt
    min_size: 9pt
    color: "#ffffff"
    align: center
    valign: middle
"""

SUMMARY = """\
# The rule summary: sections in order, each with a `kind`: paragraph, steps, bullets, table,
# keywords or sets. `aid: true` also puts a section on the poker-size player aid cards.
# Write the rules in your own words; **bold** works here too.
subtitle: Rule summary
sections:
  - kind: paragraph
    title: Goal
    text: Be the first to reach the far end of the track.

  - kind: steps
    title: Setup
    items:
      - Shuffle the deck and deal three cards to each player.
      - Put the rest face down as the draw pile.

  - kind: steps
    title: Your turn
    aid: true
    items:
      - Play one card and do what it says.
      - Draw back up to three cards.

  - kind: table
    title: The cards
    columns: [Card, Cost, Copies]
    rows:
      - [Quick Step, "1", "3"]
      - [Long Stride, "2", "2"]
      - [Lucky Find, "0", "1"]
"""

FILES = {
    "game.yaml": GAME,
    "cards.yaml": CARDS,
    "front.yaml": FRONT,
    "back.yaml": BACK,
    "summary.yaml": SUMMARY,
}


def new_game(name: str, into: Path) -> Path:
    """Write the starter game ``name`` as ``into/name``; refuse to touch an existing path."""
    if not NAME.match(name):
        raise UsageError(
            f"'{name}' cannot name a game: use lower-case letters, digits, '-' and '_', "
            "starting with a letter or digit (such as 'my-game')"
        )
    folder = into / name
    if folder.exists() or folder.is_symlink():
        message = f"{folder} already exists; choose another NAME or --into folder (nothing was written)"
        raise UsageError(message)
    if into.exists() and not into.is_dir():
        raise UsageError(f"--into {into} is not a folder; choose a folder to create the game in")
    title = name.replace("-", " ").replace("_", " ").title()
    values = {"name": name, "title": title, "folder": folder.as_posix()}
    try:
        folder.mkdir(parents=True)
        for file, text in FILES.items():
            (folder / file).write_text(text.format(**values), encoding="utf-8")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UsageError(f"cannot write {folder}: {reason}; choose another --into folder") from None
    return folder
