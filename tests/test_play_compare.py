"""Results files, ``stats --compare`` and ``sweep``: counts equal to what the logs give, the same
on one process or a pool, a known difference found, no difference claimed beyond the stated
error rate."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.load.loader import load_game
from generator.play.compare import compare
from generator.play.plan import Plan
from generator.play.results import Results, Tally, read_results, tally_of
from generator.play.simulate import simulate, tally
from generator.play.stats import GameRecord, gather
from generator.play.variant import parse_variant

runner = CliRunner()


@pytest.mark.parametrize(
    ("game", "players"),
    [("road-runner", 4), ("jokers-row", 2), ("maloney", 3), ("entenrallye", 2), ("jaunty-jalopies", 2)],
)
def test_counts_without_logs_equal_the_counts_of_the_logs(tmp_path: Path, game: str, players: int):
    loaded = load_game(game)
    plan = Plan(players, 4, 9)
    simulate(loaded, plan, tmp_path)
    from_logs = tally_of(gather(loaded, [tmp_path]))[players]
    assert tally(loaded, plan).as_dict() == from_logs.as_dict()


def test_counts_are_the_same_on_a_pool_and_survive_the_file(tmp_path: Path):
    game = load_game("road-runner")
    plan = Plan(3, 60, 2)
    here = tally(game, plan)
    assert tally(game, plan, jobs=2).as_dict() == here.as_dict()
    Results({"game": "road-runner"}, here).write(tmp_path / "r.json")
    assert read_results(tmp_path / "r.json").tally.as_dict() == here.as_dict()


def test_only_writes_the_game_a_full_run_writes(tmp_path: Path):
    game = load_game("jokers-row")
    full = simulate(game, Plan(2, 12, 4), tmp_path / "full")
    result = runner.invoke(
        app,
        [
            "simulate",
            "jokers-row",
            "--games",
            "12",
            "--seed",
            "4",
            "--only",
            "7",
            "-o",
            str(tmp_path / "one"),
        ],
    )
    assert result.exit_code == 0, result.output
    (one,) = (tmp_path / "one").iterdir()
    assert one.name == full[6].name and one.read_bytes() == full[6].read_bytes()


def synthetic(rng: random.Random, p: list[float], games: int, mean_length: float) -> Tally:
    """A tally of games whose winner is drawn with probabilities ``p``, lengths around a mean."""
    t = Tally(len(p))
    for _ in range(games):
        seat = rng.choices(range(len(p)), weights=p)[0]
        turns = max(1, round(rng.gauss(mean_length, 4)))
        t.add(GameRecord("", ["a", "b", "c"][: len(p)], (seat,), turns, True, {}, {}, {}))
    return t


def test_no_difference_is_claimed_beyond_the_stated_error_rate():
    rng = random.Random(2024)
    runs, claims, length_claims = 300, 0, 0
    for _ in range(runs):
        a = synthetic(rng, [0.4, 0.35, 0.25], 400, 12)
        b = synthetic(rng, [0.4, 0.35, 0.25], 400, 12)
        found = compare(a, b)
        claims += any(d.claimed for d in found.seats)
        length_claims += found.length.claimed
    # 5 % family-wise; 3 binomial standard deviations of slack for 300 runs (about 3.8 %)
    assert claims / runs <= 0.05 + 0.038 and length_claims / runs <= 0.05 + 0.038


def test_a_known_difference_is_found():
    rng = random.Random(7)
    found = 0
    for _ in range(50):
        a = synthetic(rng, [0.34, 0.33, 0.33], 2000, 12)
        b = synthetic(rng, [0.44, 0.28, 0.28], 2000, 13)
        c = compare(a, b)
        found += c.seats[0].claimed and c.seats[0].low > 0 and c.length.claimed
    assert found >= 45


def test_a_real_variant_that_lengthens_the_game_is_found_and_the_same_data_is_not():
    game = load_game("road-runner")
    plan = Plan(3, 200, 1)
    base = tally(game, plan)
    more = tally(
        game,
        plan,
        variant=parse_variant("cards:\n  Beep Beep!: {count: 10}\n  Cactus!: {count: 10}\n", "v.yaml"),
    )
    longer = compare(base, more)
    assert longer.length.claimed and longer.length.low > 3
    same = compare(base, tally(game, plan, variant=parse_variant("rules: {hand: 5}\n", "v.yaml")))
    assert not any(d.claimed for d in [*same.seats, same.first, same.length, *same.figures, *same.cards])


def test_cli_compare_json_and_pdf(tmp_path: Path):
    for name, extra in (("a", []), ("b", ["--variant", str(tmp_path / "v.yaml")])):
        (tmp_path / "v.yaml").write_text("cards:\n  Beep Beep!: {count: 10}\n  Cactus!: {count: 10}\n")
        result = runner.invoke(
            app,
            [
                "simulate",
                "road-runner",
                "--games",
                "120",
                "--results",
                str(tmp_path / f"{name}.json"),
                *extra,
            ],
        )
        assert result.exit_code == 0, result.output
    result = runner.invoke(
        app,
        [
            "stats",
            "road-runner",
            "--compare",
            str(tmp_path / "a.json"),
            str(tmp_path / "b.json"),
            "--json",
            "--pdf",
            str(tmp_path / "c.pdf"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["length"]["claimed"] and "Newcombe" in data["tests"]["win_rate"]
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    run = json.loads((tmp_path / "b.json").read_text())["run"]
    assert run["one_game_log"].endswith("--only N -o DIR") and "--variant" in run["one_game_log"]


def test_cli_compare_mistakes(tmp_path: Path):
    one = runner.invoke(app, ["stats", "road-runner", "--compare", str(tmp_path)])
    assert one.exit_code == 2 and "two runs" in one.output
    (tmp_path / "bad.json").write_text('{"format": "something else"}')
    bad = runner.invoke(
        app, ["stats", "road-runner", "--compare", str(tmp_path / "bad.json"), str(tmp_path / "bad.json")]
    )
    assert bad.exit_code == 1 and "bad.json" in bad.output and "not a Deckwright results file" in bad.output
    assert "Traceback" not in bad.output
    both = runner.invoke(
        app, ["simulate", "road-runner", "-o", str(tmp_path / "x"), "--results", str(tmp_path / "r")]
    )
    assert both.exit_code == 2 and "not both" in both.output
    only = runner.invoke(app, ["simulate", "road-runner", "--only", "3", "--results", str(tmp_path / "r")])
    assert only.exit_code == 2 and "give -o DIR" in only.output
    beyond = runner.invoke(
        app, ["simulate", "road-runner", "--games", "5", "--only", "6", "-o", str(tmp_path / "o")]
    )
    assert beyond.exit_code == 2 and "games 1 to 5" in beyond.output


def test_cli_sweep_table_json_and_mistakes(tmp_path: Path):
    result = runner.invoke(
        app,
        [
            "sweep",
            "road-runner",
            "--set",
            "rules.hand=4,6",
            "--games",
            "30",
            "--json",
            "--pdf",
            str(tmp_path / "s.pdf"),
        ],
    )
    assert result.exit_code == 0, result.output
    points = json.loads(result.stdout)
    assert [p["setting"] for p in points] == [{"rules.hand": "4"}, {"rules.hand": "6"}]
    assert all(p["games"] == 30 and "seat spread" in p["figures"] for p in points)
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")
    malformed = runner.invoke(app, ["sweep", "road-runner", "--set", "rules.hand", "--games", "5"])
    assert malformed.exit_code == 2 and "PATH=VALUE" in malformed.output
    unknown = runner.invoke(app, ["sweep", "road-runner", "--set", "rules.hnd=4,5", "--games", "5"])
    assert unknown.exit_code == 1 and "--set: rules.hnd: no rules parameter 'hnd'" in unknown.output


@pytest.mark.parametrize("game", ["road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies"])
def test_a_sweep_that_changes_nothing_plays_the_same_games(game: str):
    from generator.play.sweep import sweep

    loaded = load_game(game)
    card = loaded.decks[0].cards[0]
    plan = Plan(3 if game in ("maloney", "road-runner") else 2, 3, 1)
    (point,) = sweep(loaded, plan, [(f"cards.{card.name}.count", [str(card.count)])])
    assert point.tally.as_dict() == tally(loaded, plan).as_dict()


def test_stats_of_results_files_equal_stats_of_the_logs(tmp_path: Path):
    game = load_game("jokers-row")
    plan = Plan(2, 30, 3)
    simulate(game, plan, tmp_path / "logs")
    Results({"game": "jokers-row"}, tally(game, Plan(2, 30, 3))).write(tmp_path / "r.json")
    result = runner.invoke(app, ["stats", "jokers-row", str(tmp_path / "r.json"), "--json"])
    assert result.exit_code == 0, result.output
    from_results = json.loads(result.stdout)
    from_logs = gather(game, [tmp_path / "logs"]).as_dict()
    assert from_results["win_rate_by_seat"] == from_logs["win_rate_by_seat"]
    assert from_results["cards"] == from_logs["cards"]
    assert from_results["length"]["mean"] == from_logs["length"]["mean"]
    other = runner.invoke(app, ["stats", "road-runner", str(tmp_path / "r.json")])
    assert other.exit_code == 2 and "results of jokers-row, not of road-runner" in other.output
    pdf = runner.invoke(
        app, ["stats", "jokers-row", str(tmp_path / "r.json"), "--pdf", str(tmp_path / "x.pdf")]
    )
    assert pdf.exit_code == 2 and "--json or --compare --pdf" in pdf.output
