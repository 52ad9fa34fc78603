"""A game's languages: translation files beside the data and the game in each language."""
