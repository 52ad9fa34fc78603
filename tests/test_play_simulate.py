"""``deckwright simulate``: every log replays clean, the same seed writes the same bytes whatever
``--jobs``, per-seat policies, and clear messages with non-zero exits for bad requests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.load.loader import load_game
from generator.play.plan import Plan, policies
from generator.play.simulate import simulate
from generator.rules.logcheck import check_logs


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.yaml"))}


@pytest.mark.parametrize(("game", "players"), [("road-runner", 5), ("jokers-row", 2)])
def test_logs_replay_clean_as_written_and_as_a_table_writes(tmp_path: Path, game: str, players: int):
    loaded = load_game(game)
    full = simulate(loaded, Plan(players, 6, 3), tmp_path / "full")
    table = simulate(loaded, Plan(players, 6, 3, table=True), tmp_path / "table")
    for written in (full, table):
        reports = check_logs(loaded, written)
        assert all(r.ok for r in reports), [str(v) for r in reports for v in r.replay.violations]
    assert "hands:" in full[0].read_text() and "hands:" not in table[0].read_text()


def test_same_seed_same_bytes_whatever_the_jobs(tmp_path: Path):
    game = load_game("road-runner")
    simulate(game, Plan(3, 10, 42), tmp_path / "one")
    simulate(game, Plan(3, 10, 42), tmp_path / "two", jobs=2)
    simulate(game, Plan(3, 10, 43), tmp_path / "other")
    one = files(tmp_path / "one")
    assert len(one) == 10 and one == files(tmp_path / "two")
    assert list(one.values()) != list(files(tmp_path / "other").values())


def test_a_policy_per_seat(tmp_path: Path):
    game = load_game("road-runner")
    named = list(policies(game))
    mixed = tuple(named[i % len(named)] for i in range(3))
    written = simulate(game, Plan(3, 4, 5, mixed), tmp_path)
    assert all(r.ok for r in check_logs(game, written))
    assert f"policy {', '.join(dict.fromkeys(mixed))}." in written[0].read_text()


def test_cli_simulate_then_stats(run_cli, tmp_path: Path):
    code, out, err = run_cli("simulate", "road-runner", "--players", "4", "--games", "8", "-o", "logs")
    assert code == 0, err
    assert "wrote 8 logs of 4 players into logs" in out
    code, out, err = run_cli("stats", "road-runner", "logs", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["read"] == data["used"] == 8 and sum(s["wins"] for s in data["win_rate_by_seat"]) == 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--policy", "cautious-ish"],
            "error: --policy cautious-ish: road-runner has no such policy; choose from random",
        ),
        (["--players", "9"], "error: --players 9: Road Runner is for 3 to 8 players"),
        (["--players", "2"], "error: --players 2: Road Runner is for 3 to 8 players"),
        (["--games", "0"], "error: --games 0: simulate at least one game"),
        (["--jobs", "0"], "error: --jobs 0: use at least one process"),
        (
            ["--players", "3", "--policy", "random", "--policy", "random"],
            "error: 2 policies for 3 players: give one --policy for everyone, or one per seat in seat order",
        ),
    ],
)
def test_cli_simulate_errors(run_cli, args: list[str], message: str):
    code, _out, err = run_cli("simulate", "road-runner", "-o", "logs", *args)
    assert code == 2
    assert err.strip().startswith(message), err
    assert "Traceback" not in err and not Path("logs").exists()


def test_cli_simulate_output_is_a_file(run_cli):
    Path("taken").write_text("mine", encoding="utf-8")
    code, _out, err = run_cli("simulate", "jokers-row", "--games", "2", "-o", "taken")
    assert code == 2 and "error: -o taken: that is a file; give a folder for the logs" in err
    assert Path("taken").read_text(encoding="utf-8") == "mine"


def test_cli_stats_errors(run_cli):
    code, _, err = run_cli("stats", "road-runner", "missing")
    assert code == 2 and err.strip() == "error: missing: no such file or folder"
    Path("empty").mkdir()
    code, _, err = run_cli("stats", "road-runner", "empty")
    assert code == 2 and err.strip() == "error: empty: no .yaml logs in this folder"
    code, _out, err = run_cli("stats", "no-such-game", "empty")
    assert code != 0 and "Traceback" not in err


def test_cli_stats_pdf(run_cli):
    from pypdf import PdfReader

    from tests.pdf_resources import names_checked, pdf_problems

    run_cli("simulate", "jokers-row", "--games", "6", "-o", "logs")
    code, _out, err = run_cli("stats", "jokers-row", "logs", "--pdf", "report.pdf")
    assert code == 0, err
    reader = PdfReader("report.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Joker's Row: playtest statistics" in text and "Win rate by seat" in text
    assert "Game length in turns" in text and "Card use" in text
    fonts = {
        str(f.get_object()["/BaseFont"]).split("+")[-1]
        for page in reader.pages
        for f in page["/Resources"]["/Font"].values()
    }
    assert fonts == {"Lato-Regular", "Lato-Bold"}  # no unembedded Helvetica named by the charts
    assert pdf_problems(Path("report.pdf")) == [] and names_checked(Path("report.pdf")) > 0
    again = Path("again.pdf")
    run_cli("stats", "jokers-row", "logs", "--pdf", again)
    assert again.read_bytes() == Path("report.pdf").read_bytes()


def _with_rules() -> list[str]:
    from generator.core import paths
    from generator.core.errors import DeckwrightError
    from generator.rules.logcheck import rules_for

    found = []
    for name in paths.bundled_games():
        try:
            rules_for(load_game(name))
        except DeckwrightError:
            continue  # no rules model (yet)
        found.append(name)
    return found


@pytest.mark.parametrize("game", _with_rules())
def test_every_game_with_a_rules_model_simulates_and_replays(tmp_path: Path, game: str):
    """Discovered, not listed: each bundled game whose rules module exports RULES, with every
    policy it offers; a tie is written as `winners` (never as a player called 'null')."""
    from generator.play.stats import gather
    from generator.rules.logcheck import rules_for

    loaded = load_game(game)
    low = (rules_for(loaded).player_range() or (2, 2))[0]
    for policy in policies(loaded):
        out = tmp_path / policy
        written = simulate(loaded, Plan(low, 2, 9, (policy,)), out)
        reports = check_logs(loaded, written)
        assert all(r.ok for r in reports), [str(v) for r in reports for v in r.replay.violations]
        stats = gather(loaded, [out])
        assert stats.read == 2 and not stats.rejected


def test_factory_defaults_are_filled_like_model_construct_fills_them():
    """Playthroughs build entries without pydantic inspecting each default factory per call, with
    the same values model_construct would give."""
    from pydantic import Field

    from generator.rules.playthrough import _construct
    from generator.schema.common import Strict

    class Move(Strict):
        cards: list[str] = Field(default_factory=list)
        named: dict[str, int] = Field(default_factory=dict, alias="by_name")
        steps: int = 1

    given = _construct(Move, {"by_name": {"a": 1}})
    assert given == Move.model_construct(by_name={"a": 1}) and given.named == {"a": 1}
    first, second = _construct(Move, {}), _construct(Move, {})
    assert first.cards == [] and first.steps == 1 and first.cards is not second.cards
