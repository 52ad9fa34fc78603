"""Kit components beyond cards: counters, markers, money, standees and player sheets.

A component file declares groups (see ``generator.schema.components``); each group becomes a
deck of items laid out by the card template system and imposed by the card imposition engine.
``plan`` makes the sheets (pure), ``generator.render.components`` draws them.
"""

from generator.components.loader import component_files, load_components
from generator.components.model import ComponentGroup, ComponentSet

__all__ = ["ComponentGroup", "ComponentSet", "component_files", "load_components"]
