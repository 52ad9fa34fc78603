"""``build --only`` and ``watch --only``: a proof of some cards beside the kit."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from generator.core.errors import UsageError
from generator.core.options import BuildOptions
from generator.kit.subset import parse_only, select
from generator.load.loader import load_game
from generator.serve.watch import Session
from tests.conftest import MINI_CARDS, write_game

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "spice-market"


def test_selectors_match_names_and_fields() -> None:
    game = load_game(EXAMPLE)
    chosen = select(game, parse_only(["pepper vine", "spices=saffron", "deck=aids"]))
    assert chosen.name == "spice-market-proof"
    names = {d.name: [c.name for c in d.cards] for d in chosen.decks}
    assert names == {
        "market": ["Saffron Crocus", "Pepper Vine", "Palace Order"],
        "aids": ["Buy", "Sell", "Refill"],
    }
    only_orders = select(game, parse_only(["type=order"]))
    assert [d.name for d in only_orders.decks] == ["market", "aids"]  # the turn aids are orders too


@pytest.mark.parametrize(
    ("only", "message"),
    [
        (["Peper Vine"], "no card is named 'Peper Vine' (did you mean 'Pepper Vine'?)"),
        (["tpye=spice"], "no card has a field 'tpye' (did you mean 'type'?)"),
        (["type=spcie"], "no card has type=spcie (did you mean 'spice'?) (values: order, spice)"),
        (["=spice"], "--only '=spice': give a card name, or FIELD=VALUE"),
    ],
)
def test_a_selector_that_matches_nothing_is_a_usage_error(only: list[str], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        select(load_game(EXAMPLE), parse_only(only))
    assert message in str(caught.value)


def test_build_only_writes_a_proof_and_leaves_the_kit(tmp_path: Path, run_cli) -> None:
    write_game(tmp_path / "mini", {"cards.yaml": MINI_CARDS})
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    kit = tmp_path / "out" / "mini" / "cards.pdf"
    before = kit.read_bytes()
    code, out, err = run_cli("build", "mini", "--only", "Beta", "-o", "out")
    assert code == 0, err
    proof = tmp_path / "out" / "mini-proof" / "cards.pdf"
    assert "wrote out/mini-proof/cards.pdf" in out
    assert kit.read_bytes() == before
    text = pypdfium2.PdfDocument(str(proof))[0].get_textpage().get_text_range()
    assert "Beta" in text and "Alpha" not in text
    first = proof.read_bytes()
    assert run_cli("build", "mini", "--only", "Beta", "-o", "out")[0] == 0
    assert proof.read_bytes() == first  # same input, same bytes
    code, out, err = run_cli("build", "mini", "--only", "Gamma", "-o", "out")
    assert code == 2 and "no card is named 'Gamma'" in err and "Traceback" not in err
    assert proof.read_bytes() == first  # the last proof stays
    code, _, err = run_cli("build", "mini", "--only", "Beta", "--printshop", "generic", "-o", "out")
    assert code == 2 and "--printshop files come with whole kits" in err


def test_watch_only_rebuilds_the_proof(tmp_path: Path) -> None:
    folder = write_game(tmp_path / "mini", {"cards.yaml": MINI_CARDS})
    session = Session(str(folder), BuildOptions(out_dir=tmp_path / "out"), ["type=villain"])
    outcome = session.start()
    assert outcome.ok and outcome.scope == "proof", outcome.problems
    assert [p.relative_to(tmp_path).as_posix() for p in outcome.files] == ["out/mini-proof/cards.pdf"]
    text = pypdfium2.PdfDocument(str(outcome.files[0]))[0].get_textpage().get_text_range()
    assert "Beta" in text and "Alpha" not in text
    (folder / "cards.yaml").write_text(MINI_CARDS.replace("Sneaks about.", "Sneaks about quietly."))
    again = session.changed([folder / "cards.yaml"])
    assert again.ok and again.scope == "proof"
    text = pypdfium2.PdfDocument(str(again.files[0]))[0].get_textpage().get_text_range()
    assert "quietly" in text
    assert not (tmp_path / "out" / "mini").exists()  # only the proof
