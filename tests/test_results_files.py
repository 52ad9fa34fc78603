"""Results files (`simulate --results`) read with the discipline of a game's files (issue 39):
a corrupted or edited file is refused at its line, exit 1, no traceback, and no figure from it
is printed; `stats` and `stats --compare` alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.play.results import Results, read_results
from generator.play.simulate import tally


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    """A real results file: 20 games of Road Runner, three players."""
    from generator.load.loader import load_game
    from generator.play.plan import Plan

    game = load_game("road-runner")
    path = tmp_path_factory.mktemp("results") / "good.json"
    Results({"game": "road-runner", "players": 3, "games": 20, "seed": 1}, tally(game, Plan(3, 20, 1))).write(
        path
    )
    return path


def edited(good: Path, folder: Path, change) -> Path:
    """``good`` changed: ``change`` edits the data, or returns the new text."""
    data = json.loads(good.read_text(encoding="utf-8"))
    text = change(data)
    path = folder / "bad.json"
    path.write_text(text if isinstance(text, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def first_win(data: dict) -> tuple[dict, str]:
    wins = data["tally"]["wins"][0]
    return wins, next(iter(wins))


CASES = {
    # the six corrupted files of the issue
    "deep nesting": (
        lambda d: json.dumps(d, indent=1).replace('"seed": 1', '"seed": ' + "[" * 5000 + "]" * 5000),
        "nest",  # (the YAML reader's depth limit: its words may change)
    ),
    "players 0": (lambda d: d["tally"].update(players=0), "tally.players: expected a value >= 1, found '0'"),
    "NaN wins": (
        lambda d: json.dumps(d, indent=1).replace(
            f'"{first_win(d)[1]}": {first_win(d)[0][first_win(d)[1]]}', '"1": NaN', 1
        ),
        "tally.wins[0].1: expected a whole number, found 'NaN'",
    ),
    "10^30 wins": (
        lambda d: first_win(d)[0].update({first_win(d)[1]: 10**30}),
        "expected a value <= 1000000000000000, found '1000000000000000000000000000000'",
    ),
    "non-numeric key": (
        lambda d: d["tally"]["lengths"].update({"long": 1}),
        "tally.lengths.long: a key here is a whole number of 0 or more, found 'long'",
    ),
    "infinite figure value": (
        lambda d: next(iter(d["tally"]["figures"].values())).update({"inf": 1}),
        "a figure's value is a finite number up to 1e+15, found 'inf'",
    ),
    # figures printed as if true
    "games -5": (lambda d: d["tally"].update(games=-5), "tally.games: expected a value >= 0, found '-5'"),
    "games 10^30": (
        lambda d: d["tally"].update(games=10**30),
        "tally.games: expected a value <= 1000000000000000, found '1000000000000000000000000000000'",
    ),
    "one wins list for three seats": (
        lambda d: d["tally"].update(wins=[{"1": 20}]),
        "tally.wins: one 'wins' mapping per seat: 3 players, 1 mapping(s)",
    ),
    "finished above games": (
        lambda d: d["tally"].update(finished=50),
        "tally.finished: 50 finished games of 20 played",
    ),
    "wins that do not add up": (
        lambda d: first_win(d)[0].update({first_win(d)[1]: 15}),
        "tally.wins: the wins add up to",
    ),
    "a win shared by more than play": (
        lambda d: first_win(d)[0].update({"7": 7}),
        "tally.wins[0].7: a win shared by 7 of 3 players",
    ),
    "not results": (lambda d: "[1, 2, 3]\n", "not a Deckwright results file (no format;"),
    "cut short": (lambda d: json.dumps(d, indent=1)[:300], "YAML syntax error"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_results_file_is_refused_at_its_line(run_cli, good: Path, tmp_path: Path, case: str):
    change, said = CASES[case]
    bad = edited(good, tmp_path, change)
    for args in (["stats", "road-runner", bad], ["stats", "road-runner", "--compare", good, bad]):
        code, out, err = run_cli(*args)
        assert code == 1, (case, out, err)
        assert said in err, (case, err)
        assert "Traceback" not in out + err
        assert "win rate" not in out  # nothing printed as if it were true
        first = err.splitlines()[0]
        assert (
            first.startswith("bad.json:") and first.split(":")[1].isdigit() and int(first.split(":")[1]) >= 1
        )


def test_a_good_results_file_reads_back_as_it_was_written(good: Path):
    found = read_results(good)
    assert found.tally.games == found.tally.finished == 20 and found.tally.players == 3
    assert json.loads(good.read_text(encoding="utf-8"))["tally"] == found.tally.as_dict()
