"""Simulated Maloney games: the figures the README quotes, and the generated playtest logs.

    .venv/bin/python carddata/maloney/simulate.py figures [--games 200]
    .venv/bin/python carddata/maloney/simulate.py log --players 4 --seed 11 [--recorded] > game.yaml

Games are seeded playthroughs of the rules model (rules/), chosen by its POLICIES: the same
command gives the same numbers and the same logs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from generator.load.loader import load_game
from generator.rules.logcheck import rules_for
from generator.rules.logfile import log_from_data, parse_log
from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough, table_view, to_yaml
from generator.rules.replay import replay

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]


def with_totals(rules: Any, log: dict[str, Any]) -> dict[str, Any]:
    """The log with the notary's totals written at the end of every day, as a table keeps them."""
    out: list[dict[str, Any]] = []
    entries = log["log"]
    for i, entry in enumerate(entries):
        out.append(entry)
        ends_day = i + 1 == len(entries) or entries[i + 1]["turn"] != entry["turn"]
        if ends_day and entry["action"] in ("drive", "show"):
            state = replay(rules, parse_log(to_yaml({**log, "log": out}), rules), finish=False).state
            out.append(
                {
                    "turn": entry["turn"],
                    "player": state.notary,
                    "action": "totals",
                    "points": dict(state.points),
                    "cash": dict(state.cash),
                    "testament": state.testament_holder(),
                }
            )
    return {**log, "log": out}


def figures(games: int) -> None:
    """Per policy and number of heirs: how long games last, how they end, what wins them."""
    rules = rules_for(load_game("maloney"))
    policies = load_rules_module(rules.game).POLICIES
    print(f"{games} seeded games per row (seeds 0 to {games - 1})")
    print(
        f"{'policy':8}{'heirs':>6}{'days':>7}{'by 69':>8}{'winner':>8}{'suitcase pts':>14}"
        f"{'cash pts':>10}{'price':>8}"
    )
    for name in ("random", "greedy"):
        for n in (3, 4, 5, 6):
            days, by69, wins, suit, cash, paid = [], 0, [], [], [], []
            for seed in range(games):
                log = playthrough(rules, NAMES[:n], seed, policy=policies[name])
                state = replay(rules, log_from_data(log, rules)).state
                days.append(state.day)
                by69 += max(state.points.values()) >= 69
                wins.append(max(state.final(p) for p in state.players))
                suit.append(_suitcase_points(rules, log) / max(1, sum(state.points.values())))
                cash.append(statistics.mean(state.cash.values()) / 1000)
                paid += [e["paid"] for e in log["log"] if e["action"] == "drive" and "paid" in e]
            print(
                f"{name:8}{n:>6}{statistics.mean(days):>7.1f}{by69 / games:>8.0%}"
                f"{statistics.mean(wins):>8.1f}{statistics.mean(suit):>14.0%}"
                f"{statistics.mean(cash):>10.1f}{statistics.mean(paid):>8.0f}"
            )


def _suitcase_points(rules: Any, log: dict[str, Any]) -> int:
    """Points the suitcases gave (a Sunday suitcase counts once per heir)."""
    total = 0
    for e in log["log"]:
        card = rules.cards.get(e.get("suitcase") or "")
        if e["action"] == "drive" and card is not None and card.get("gain") == "points":
            total += card.get("amount") * (len(log["players"]) if "drew" in e else 1)
    return total


def main(argv: list[str] | None = None) -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    sub = parser.add_subparsers(dest="command", required=True)
    fig = sub.add_parser("figures", help="statistics of seeded games")
    fig.add_argument("--games", type=int, default=200)
    gen = sub.add_parser("log", help="write one seeded game as a playtest log")
    gen.add_argument("--players", type=int, default=4)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--policy", default="greedy")
    gen.add_argument("--recorded", action="store_true", help="record the hands and suitcases too")
    args = parser.parse_args(argv)
    if args.command == "figures":
        figures(args.games)
        return 0
    rules = rules_for(load_game("maloney"))
    policy = load_rules_module(rules.game).POLICIES[args.policy]
    log = playthrough(rules, NAMES[: args.players], args.seed, policy=policy)
    log = log if args.recorded else table_view(rules, log)
    sys.stdout.write(to_yaml(with_totals(rules, log)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
