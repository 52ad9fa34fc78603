"""The preview's proofreader reads the pages the build itself drew (``Session.record_builds``)
instead of building the kit a second time: its findings, regions and cards equal a separate
recorded build's, after the first build and after a deck rebuild."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.serve import proofing
from generator.serve.proofing import Proofreader
from tests.serving import Served
from tests.test_serve_proof import _copy


def _separately(served: Served) -> list:
    """What a proofreader that records its own build finds on the served kit."""
    game = served.session.game
    assert game is not None
    return Proofreader().run(game, served.session.options, None)


def test_the_proofreader_reads_the_builds_own_pages(
    preview_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    builds: list[object] = []
    record = proofing._record

    def no_second_build(*args):  # type: ignore[no-untyped-def]
        builds.append(args)
        return record(*args)

    monkeypatch.setattr(proofing, "_record", no_second_build)
    served = Served(_copy(preview_game, tmp_path), tmp_path / "out")
    try:
        found = served.preview.proof
        assert builds == [] and any("proof type-size" in p.path for p, *_ in found)
        assert found == _separately(served)
        builds.clear()
        served.save("front.yaml", '"{flavor}"\n    size: 4pt', '"{flavor}"\n    size: 5pt')
        state = served.state()
        assert state["status"] == "ok" and "rebuilt decks: main" in state["line"]
        assert builds == []  # the deck rebuild's pages, the other files' kept
        assert any("5.0 pt" in p.message for p, *_ in served.preview.proof)
        assert served.preview.proof == _separately(served)
    finally:
        served.server.stop()


def test_a_print_shop_build_is_recorded_again_without_its_files(
    preview_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shop's files are not the proofreader's: the build is not recorded for it."""
    from generator.core.options import BuildOptions

    builds: list[object] = []
    record = proofing._record
    monkeypatch.setattr(proofing, "_record", lambda *args: builds.append(args) or record(*args))
    options = BuildOptions(out_dir=tmp_path / "out", printshop="makeplayingcards")
    served = Served(_copy(preview_game, tmp_path), tmp_path / "out", options=options)
    try:
        assert len(builds) == 1 and served.preview.proof
        files = {region[0] for _, regions, _, _ in served.preview.proof for region in regions}
        assert not any("printshop" in name for name in files)
    finally:
        served.server.stop()


def test_only_proofreads_the_proofs_own_pages(
    preview_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``--only`` the build is the proof of the chosen cards: its pages are what a separate
    recording of the chosen cards' card files gives."""
    builds: list[object] = []
    record = proofing._record
    monkeypatch.setattr(proofing, "_record", lambda *args: builds.append(args) or record(*args))
    served = Served(_copy(preview_game, tmp_path), tmp_path / "out", only=["long stride", "cost=0"])
    try:
        assert builds == [] and served.preview.proof
        shown = served.preview.shown(served.session.game)
        assert served.preview.proof == Proofreader().run(shown, served.session.options, None, True)
    finally:
        served.server.stop()


def test_svg_drawings_are_kept_across_deck_rebuilds_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild after a card edit reads no SVG again (no art can have changed); a rebuild after
    any other file changed reads them afresh."""
    import shutil

    from generator.core.options import BuildOptions
    from generator.render import draw
    from generator.serve.watch import Session

    game = tmp_path / "road-runner"
    shutil.copytree(Path(__file__).resolve().parents[1] / "carddata" / "road-runner", game)
    reads: list[Path] = []
    read = draw.read_svg
    monkeypatch.setattr(draw, "read_svg", lambda path, *args: reads.append(path) or read(path, *args))
    session = Session(str(game), BuildOptions(out_dir=tmp_path / "out"))
    assert session.start().ok and reads
    cards = game / "cards.yaml"
    said = "flavor: The bird swerves."
    for new in ("flavor: The bird swerves!", said):
        reads.clear()
        text = cards.read_text(encoding="utf-8")
        cards.write_text(
            text.replace(said, new) if new != said else text.replace("swerves!", "swerves."), "utf-8"
        )
        outcome = session.changed([cards])
        assert outcome.scope.startswith("decks:") and reads == []
    summary = game / "summary.yaml"
    summary.write_text(summary.read_text(encoding="utf-8") + "\n# a note\n", encoding="utf-8")
    outcome = session.changed([summary])
    assert outcome.scope == "kit" and reads  # the kit again, its icons read again
