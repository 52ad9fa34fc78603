"""The collector paused over a command's imports (``generator/cli/common.importing``): in the
program no collector pass runs over the freshly imported modules, and what they made is frozen
out of later passes; a test process's collector is left as it was."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("program", [True, False])
def test_importing_pauses_the_collector_in_the_program_only(monkeypatch, program: bool) -> None:
    """``deckwright build``'s imports: no collector pass while they run, then what they made is
    frozen out of later passes (in the program); a test process's collector is left as it was."""
    import gc

    from generator.cli import common

    monkeypatch.setattr("generator.core.interrupt.started_as_program", lambda: program)
    frozen = gc.get_freeze_count()
    try:
        with common.importing():
            assert gc.isenabled() is not program
            made = [[] for _ in range(1000)]
        assert gc.isenabled()
        assert (gc.get_freeze_count() >= frozen + len(made)) is program
    finally:
        gc.unfreeze()
        gc.enable()
