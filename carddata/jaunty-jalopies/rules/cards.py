"""Card facts the rules model and checks share, read from the card data where they can be.

Only what the rulebook fixes and the card data cannot say is written here.
"""

from __future__ import annotations

# The letter in each type's symbol box (Components: Playing Cards). Special has none.
LETTERS = {
    "road": "R",
    "driving": "D",
    "terrain": "T",
    "personality": "P",
    "equipment": "E",
    "mishap": "M",
    "subplot": "S",
    "experience": "V",
    "fiendish": "F",
}

# Words in capitals that name a requirement (Sub-Plot: "DRIVE to the Store" means Driving).
REQUIREMENT_WORDS = {
    "DRIVE": "driving",
    "DRIVING": "driving",
    "PERSONALITY": "personality",
    "EQUIPMENT": "equipment",
    "TERRAIN": "terrain",
}

# Rules of the Road: the Finish Line is the 8th section with two racers, 10th with three, 12th
# with four or more.
RACE_LENGTH = {2: 8, 3: 10, 4: 12}

# Character Sheets / GO!: hand size six and draw rate two unless the racer's sheet says otherwise.
HAND_SIZE = 6
DRAW_RATE = 2
REST_DRAW = 2


def race_length(players: int) -> int:
    """The number of the final Road Section for ``players`` racers."""
    return RACE_LENGTH[min(max(players, 2), 4)]
