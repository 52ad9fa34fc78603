"""``deckwright simulate --setup FIELD=VALUE``: a setup field fixed for every game; a setup the
rules play as several races (Jaunty Jalopies' Rally and Circuit) is one game, written as one log
of its races, counted as one game (won by the series' winner) in results and stats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from generator.load.loader import load_game
from generator.play.results import load_tally, read_results
from generator.rules.logcheck import check_logs

GAME = "jaunty-jalopies"


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.yaml"))}


@pytest.mark.parametrize(("kind", "jobs"), [("rally", "2"), ("circuit", "1")])
def test_series_through_the_cli_replay_legal_and_count_as_one_game(run_cli, kind: str, jobs: str):
    run = ("simulate", GAME, "--setup", f"race={kind}", "--players", "3", "--games", "20", "--seed", "7")
    code, out, err = run_cli(*run, "-o", "logs", "--jobs", jobs)
    assert code == 0, err
    assert "wrote 20 logs of 3 players into logs" in out
    written = sorted(Path("logs").glob("*.yaml"))
    reports = check_logs(load_game(GAME), written)
    assert len(reports) == 20 and all(r.ok for r in reports), [
        str(v) for r in reports for v in r.replay.violations
    ]
    for path in written:
        log = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert log["setup"]["race"] == kind and "hands" not in log["setup"] and "log" not in log
        assert len(log["races"]) >= 3 and (kind != "rally" or len(log["races"]) == 3)
        assert log["races"][0]["setup"]["hands"] and f"--setup race={kind}." in log["notes"]
    # the same seed, the other number of processes: the same bytes
    code, _, err = run_cli(*run, "-o", "again", "--jobs", "1" if jobs == "2" else "2")
    assert code == 0, err
    assert files(Path("logs")) == files(Path("again"))
    # one game's log alone, as the full run wrote it
    code, _, err = run_cli(*run, "--only", "5", "-o", "one")
    assert code == 0, err
    (alone,) = files(Path("one")).items()
    assert files(Path("logs"))[alone[0]] == alone[1]
    # the counts without logs are the counts of the logs: a whole series is one game
    code, out, err = run_cli(*run, "--results", "counts.json", "--jobs", jobs)
    assert code == 0, err
    counted = read_results(Path("counts.json"))
    from_logs, _ = load_tally(load_game(GAME), Path("logs"))
    assert counted.tally.as_dict() == from_logs.as_dict()
    assert counted.tally.games == counted.tally.finished == 20
    assert (
        counted.run["setup"] == {"race": kind}
        and f"--setup race={kind} --only N" in counted.run["one_game_log"]
    )
    winners = [r.replay.outcome.winners for r in reports]
    assert sum(float(counted.tally.seat_wins(s)) for s in range(3)) == pytest.approx(
        sum(1 for w in winners if w)
    )
    # stats reads the logs and the results file alike
    code, out, err = run_cli("stats", GAME, "logs", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["read"] == data["used"] == data["finished"] == 20
    code, out, err = run_cli("stats", GAME, "counts.json", "--json")
    assert code == 0, err
    by_seat = [s["wins"] for s in json.loads(out)["win_rate_by_seat"]]
    assert by_seat == [s["wins"] for s in data["win_rate_by_seat"]]


@pytest.mark.parametrize(("kind", "players"), [("endurance", "3"), ("team", "4"), ("partner", "4")])
def test_one_race_kinds_through_the_cli(run_cli, kind: str, players: str):
    code, _, err = run_cli(
        "simulate", GAME, "--setup", f"race={kind}", "--players", players, "--games", "3", "-o", "logs"
    )
    assert code == 0, err
    written = sorted(Path("logs").glob("*.yaml"))
    assert all(r.ok for r in check_logs(load_game(GAME), written))
    assert all(yaml.safe_load(p.read_text(encoding="utf-8"))["setup"]["race"] == kind for p in written)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--setup", "race=sprint"],
            "error: --setup race=sprint: jaunty-jalopies's setup field 'race' takes 'standard', 'endurance', "
            "'partner', 'team', 'rally' or 'circuit'",
        ),
        (
            ["--setup", "speed=3"],
            "error: --setup speed=3: jaunty-jalopies's setup has no field 'speed'; its fields: race, racers, "
            "roles, hands",
        ),
        (["--setup", "race"], "error: --setup race: write FIELD=VALUE, e.g. --setup race=rally"),
        (
            ["--setup", "race=partner", "--players", "3"],
            "error: --setup race=partner: Jaunty Jalopies cannot start such a game of 3 players: "
            "a Partner race needs four or six players, not 3",
        ),
    ],
)
@pytest.mark.parametrize("into", [["-o", "logs"], ["--results", "counts.json"]])
def test_a_bad_setup_is_a_clear_error_and_writes_nothing(
    run_cli, args: list[str], message: str, into: list[str]
):
    code, _out, err = run_cli("simulate", GAME, "--games", "2", *args, *into)
    assert code == 2 and err.strip() == message, err
    assert "Traceback" not in err and not Path("logs").exists() and not Path("counts.json").exists()


def test_a_game_without_series_takes_its_own_setup_fields(run_cli):
    code, _out, err = run_cli(
        "simulate", "road-runner", "--games", "2", "--setup", "race=rally", "-o", "logs"
    )
    assert code == 2 and "error: --setup race=rally: road-runner's setup has no field 'race'" in err
    assert not Path("logs").exists()


def test_setup_values_are_read_as_yaml_scalars_and_shown_as_options():
    from generator.play.setups import parse_setup, shown

    fixed = parse_setup(["laps=3", "fast=true", "race=rally", "race=circuit", "name=a: b"])
    assert fixed == (("laps", 3), ("fast", True), ("race", "circuit"), ("name", "a: b"))
    assert shown(fixed[:3]) == "--setup laps=3 --setup fast=true --setup race=circuit"
