"""Rule summaries: ``summary.yaml`` -> a one- or two-page reference and card-size player aids.

``load_summary`` reads and checks the YAML against the game (``load``, ``check``); ``blocks``
typesets sections, ``flow`` stacks them into frames, ``pages`` and ``aids`` lay out the two
outputs as plain ops; ``generator.render.summary`` draws them.
"""

from __future__ import annotations

from generator.summary.aids import AidSet, layout_aids
from generator.summary.load import load_summary
from generator.summary.model import Section, Summary
from generator.summary.notes import AIDS_FILE, SUMMARY_FILE, summary_print_notes
from generator.summary.pages import Reference, layout_reference

__all__ = [
    "AIDS_FILE",
    "SUMMARY_FILE",
    "AidSet",
    "Reference",
    "Section",
    "Summary",
    "layout_aids",
    "layout_reference",
    "load_summary",
    "summary_print_notes",
]
