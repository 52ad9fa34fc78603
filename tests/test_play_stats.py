"""``deckwright stats`` on hand-made logs whose figures are counted by hand, the Wilson interval
against published values, and simulated logs whose figures equal a plain recount of the files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.core import paths
from generator.load.loader import load_game
from generator.play.figures import figures_of
from generator.play.plan import Plan
from generator.play.simulate import simulate
from generator.play.stats import gather, wilson
from generator.rules.module import load_rules_module

WORKED = paths.CARDDATA / "road-runner" / "playtests" / "worked-example.yaml"

# Amy (seat 1) fires the Sling Shot at once; nobody stops it.
QUICK_WIN = """\
game: road-runner
version: "1.0"
date: 2024-06-01
players: [Amy, Brett, Colin]
log:
  - {turn: 1, player: Amy, action: capture, cards: [Sling Shot, Arrow]}
result: {winner: Amy}
"""

# Brett's hand is recorded; he draws the Rocket and wins with the Giant Spring on turn 2.
RECORDED = """\
game: road-runner
version: "1.0"
date: 2024-06-02
players: [Amy, Brett, Colin]
setup:
  hands: {Brett: [Giant Spring, Anvil, Fan, Sail, Tightrope]}
log:
  - {turn: 1, player: Amy, action: pass, to: Brett}
  - {turn: 2, player: Brett, action: capture, cards: [Giant Spring], drew: Rocket}
result: {winner: Brett}
"""

# Brett starts although Amy sits first: rejected, with its first violation.
OUT_OF_TURN = """\
game: road-runner
version: "1.0"
date: 2024-06-03
players: [Amy, Brett, Colin]
log:
  - {turn: 1, player: Brett, action: capture, cards: [Giant Spring]}
result: {winner: Brett}
"""


@pytest.fixture
def hand_made(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a-worked.yaml").write_text(WORKED.read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in (
        ("b-quick.yaml", QUICK_WIN),
        ("c-recorded.yaml", RECORDED),
        ("d-bad.yaml", OUT_OF_TURN),
    ):
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_hand_counted_figures(hand_made: Path):
    stats = gather(load_game("road-runner"), [hand_made])
    assert (stats.read, len(stats.records), len(stats.rejected)) == (4, 3, 1)
    assert stats.rejected[0].file.endswith("d-bad.yaml")
    assert "[TURN_ORDER]" in stats.rejected[0].reason and ":6:" in stats.rejected[0].reason
    # seats: worked example (5 players) won by Brett (seat 2), quick win by Amy (seat 1),
    # recorded by Brett (seat 2)
    seats = [(r.wins, r.n) for r in stats.by_seat()]
    assert seats == [(1, 3), (2, 3), (0, 3), (0, 1), (0, 1)]
    assert {n: [(r.wins, r.n) for r in rates] for n, rates in stats.by_count().items()} == {
        3: [(1, 2), (1, 2), (0, 2)],
        5: [(0, 1), (1, 1), (0, 1), (0, 1), (0, 1)],
    }
    first = stats.first_player()
    assert (first["wins"], first["n"]) == (1, 3)
    assert first["fair"] == pytest.approx(round((1 / 5 + 1 / 3 + 1 / 3) / 3, 4))
    assert stats.lengths() == [1, 2, 6]
    assert stats.length_summary() | {} == {
        "n": 3,
        "mean": 3.0,
        "median": 2,
        "q1": 1.5,
        "q3": 4.0,
        "min": 1,
        "max": 6,
    }
    cards = stats.cards()
    # Sling Shot and Arrow: played by Brett in the worked example and by Amy here; both won
    assert (cards["Sling Shot"].played, cards["Sling Shot"].games_played, cards["Sling Shot"].won) == (
        2,
        2,
        2,
    )
    # Amy's Skis attempt in the worked example was foiled and she lost
    assert (cards["Skis"].played, cards["Skis"].won) == (1, 0)
    # escapes are plays too: Colin's Fast Running!, Evan's Cliff Face!
    assert cards["Fast Running!"].played == cards["Cliff Face!"].played == 1
    # drawn: Brett's recorded hand of five and the Rocket; nothing else is recorded
    assert {n: u.drawn for n, u in cards.items() if u.drawn} == {
        "Giant Spring": 1,
        "Anvil": 1,
        "Fan": 1,
        "Sail": 1,
        "Tightrope": 1,
        "Rocket": 1,
    }
    # a pass is not a play, and the pass above names no card anyway
    assert sum(u.played for u in cards.values()) == 3 + 2 + 2 + 2 + 1


def test_include_illegal(hand_made: Path):
    stats = gather(load_game("road-runner"), [hand_made], include_illegal=True)
    assert len(stats.records) == 4 and len(stats.rejected) == 1
    assert [r.legal for r in stats.records] == [True, True, True, False]


def test_wilson_interval_matches_published_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def recount(folder: Path, game: str) -> dict:
    """The figures counted straight from the YAML files, without the rules model."""
    module = load_rules_module(load_game(game))
    plays = figures_of(module).plays
    wins, seats, turns = Counter(), Counter(), []
    played, drawn, actions, damage = Counter(), Counter(), Counter(), 0
    for path in sorted(folder.glob("*.yaml")):
        log = yaml.safe_load(path.read_text(encoding="utf-8"))
        players = log["players"]
        seats.update(range(len(players)))
        if log.get("result", {}).get("winner"):
            wins[players.index(log["result"]["winner"])] += 1
        turns.append(max(e["turn"] for e in log["log"]))
        for hand in (log.get("setup") or {}).get("hands", {}).values():
            drawn.update(hand)
        for e in log["log"]:
            actions[e["action"]] += 1
            damage += e.get("damage") or 0
            got = e.get("drew")
            drawn.update([got] if isinstance(got, str) else got or [])
            fields = ("card", "cards") if plays is None else plays.get(e["action"], ())
            for f in fields:
                value = e.get(f)
                played.update([value] if isinstance(value, str) else value or [])
    return {
        "wins": wins,
        "seats": seats,
        "turns": sorted(turns),
        "played": played,
        "drawn": drawn,
        "actions": actions,
        "damage": damage,
    }


FIGURE_ACTIONS = {
    "road-runner": {"capture attempts": "capture", "escapes": "escape"},
    "jokers-row": {
        "omens": "omen",
        "omens broken": "break",
        "overloads": "overload",
        "counter-attacks": "attack",
    },
}


@pytest.mark.parametrize(
    ("game", "players", "policy"),
    [
        ("road-runner", 4, "random"),
        ("road-runner", 5, "eager"),
        ("jokers-row", 2, "random"),
        ("jokers-row", 2, "greedy"),
    ],
)
def test_simulated_figures_equal_a_plain_recount(tmp_path: Path, game: str, players: int, policy: str):
    loaded = load_game(game)
    simulate(loaded, Plan(players, 15, 11, (policy,)), tmp_path)
    stats = gather(loaded, [tmp_path])
    plain = recount(tmp_path, game)
    assert stats.read == 15 and not stats.rejected
    assert [r.wins for r in stats.by_seat()] == [plain["wins"][s] for s in range(players)]
    assert [r.n for r in stats.by_seat()] == [plain["seats"][s] for s in range(players)]
    assert stats.lengths() == plain["turns"]
    cards = stats.cards()
    assert {n: u.played for n, u in cards.items() if u.played} == dict(plain["played"])
    assert {n: u.drawn for n, u in cards.items() if u.drawn} == dict(plain["drawn"])
    figures = stats.figure_summary()
    for figure, action in FIGURE_ACTIONS[game].items():
        assert figures[figure]["total"] == plain["actions"][action], figure
    if game == "road-runner":
        assert figures["damage"]["total"] == plain["damage"]


def test_a_shared_win_is_split_among_its_sharers(tmp_path: Path):
    """Two Entenrallye games: one player wins the bundled two-stylist game alone; two 'flat-out'
    cars fit no parts, both score 0 and share the win (``result.winners``), half a win each."""
    from generator.rules.logcheck import rules_for
    from generator.rules.playthrough import playthrough, to_yaml

    game = load_game("entenrallye")
    rules = rules_for(game)
    policy = load_rules_module(game).POLICIES["flat-out"]
    tied = playthrough(rules, ["Ann", "Ben"], 0, max_entries=20000, policy=policy)
    assert tied["result"].get("winners") == ["Ann", "Ben"]
    (tmp_path / "tied.yaml").write_text(to_yaml(tied), encoding="utf-8")
    alone = paths.CARDDATA / "entenrallye" / "playtests" / "two-stylists.yaml"
    seat = ["Ann", "Ben"].index(yaml.safe_load(alone.read_text(encoding="utf-8"))["result"]["winner"])
    (tmp_path / "alone.yaml").write_text(alone.read_text(encoding="utf-8"), encoding="utf-8")
    stats = gather(game, [tmp_path])
    assert not stats.rejected and len(stats.finished) == 2
    seats = stats.by_seat()
    wins = [0.5 + (s == seat) for s in range(2)]  # half of the tie each, plus the one win alone
    assert [(r.wins, r.n) for r in seats] == [(wins[0], 2), (wins[1], 2)]
    assert sum(r.wins for r in seats) == len(stats.finished)  # one win per game, shared or not
    first = stats.first_player()
    assert (first["wins"], first["rate"], first["fair"]) == (wins[0], wins[0] / 2, 0.5)
    assert first["advantage"] == pytest.approx((wins[0] - 1) / 1)
    out = stats.as_dict()
    assert (out["no_winner"], out["shared_wins"]) == (0, 1) and "1/k" in out["shared_win_rule"]
    assert [s["wins"] for s in out["win_rate_by_seat"]] == wins
    low, high = seats[1 - seat].interval
    assert low < 0.25 < high  # half a win in two games
    from rich.console import Console

    from generator.play.report import tables
    from generator.play.stats import SHARED_RULE

    console = Console(record=True, width=200)
    console.print(tables(stats))
    text = console.export_text()
    assert "finished with a shared win" in text and SHARED_RULE in text and "1.5" in text
