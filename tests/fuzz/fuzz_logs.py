"""Playtest-log fuzzer: damaged logs of all five games must never end in a traceback.

Run on demand (minutes, not part of the suite; ``tests/test_fuzz_logs.py`` runs a small seeded
sample of the same cases)::

    .venv/bin/python -m tests.fuzz.fuzz_logs --logs 10000 --seed 1

Each case takes a log (a bundled playtest, or one simulated here: single games and multi-race
Jaunty Jalopies Rallies and Circuits) and damages it once or several times, as text (a span of
YAML punctuation, a line dropped, doubled, re-indented, the file cut short, a run of brackets)
or as data (an entry dropped, doubled, moved or swapped with another game's entry; a value
replaced by an extreme number, a wrong type, an unknown card or player, a huge or empty list;
a key removed or misspelt; a race's log moved into another). The damaged log is checked as
``log check`` does and counted as ``stats --include-illegal`` does. Anything but a clean result
or a :class:`DeckwrightError` whose problems name a file and a line is a failure; the report
lists each with the seed that makes it again, and the slowest case.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

import yaml

from generator.core import paths
from generator.core.errors import DeckwrightError
from generator.load.loader import load_game
from generator.play.plan import Plan, play_one, policies
from generator.play.setups import parse_setup
from generator.play.stats import gather
from generator.rules.logcheck import check_logs, rules_for

GAMES = ("entenrallye", "jaunty-jalopies", "jokers-row", "maloney", "road-runner")
NOISE = ":-[]{}#&*!|>'\"%@`,?~ \n\tab1."
EXTREMES: list[Any] = [
    -1,
    0,
    10**30,
    -(10**30),
    1e999,
    "NaN",
    "",
    None,
    True,
    [],
    {},
    "x" * 500,
    3.5,
    "\x1b[2J",
]


def sources(seed: int, simulated: int) -> dict[str, list[str]]:
    """Per game: the bundled playtests' texts and ``simulated`` seeded logs (Jaunty Jalopies'
    include Rallies and Circuits: several races in one log)."""
    out: dict[str, list[str]] = {}
    for name in GAMES:
        texts = [
            p.read_text(encoding="utf-8")
            for p in sorted((paths.CARDDATA / name / "playtests").glob("*.yaml"))
        ]
        game = load_game(name)
        rules = rules_for(game)
        policy = policies(game)["random"]
        low, high = rules.player_range() or (2, 2)
        setups: list[tuple[str, ...]] = [()]
        if name == "jaunty-jalopies":
            setups += [("race=rally",), ("race=circuit",), ("race=endurance",)]
        for i in range(simulated):
            players = low + i % (high - low + 1)
            fixed = setups[i % len(setups)]
            plan = Plan(players, simulated, seed, setup=parse_setup(fixed))
            try:
                texts.append(play_one(rules, plan, i, policy))
            except Exception:  # a setup a player count cannot run: leave it out
                continue
        out[name] = texts
    return out


def text_damage(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True) or [""]
    kind = rng.choice(["nest", "span", "drop", "double", "indent", "cut"])
    i = rng.randrange(len(lines))
    if kind == "nest":
        at = lines[i].find(": ") + 2 if ": " in lines[i] else 0
        run = rng.choice("[{") * rng.randint(50, 3000)
        return "".join([*lines[:i], lines[i][:at] + run + lines[i][at:], *lines[i + 1 :]])
    if kind == "span":
        start = rng.randrange(max(len(text), 1))
        noise = "".join(rng.choice(NOISE) for _ in range(rng.randint(0, 6)))
        return text[:start] + noise + text[start + rng.randint(0, 8) :]
    if kind == "drop":
        return "".join(lines[:i] + lines[i + 1 :])
    if kind == "double":
        return "".join(lines[: i + 1] + lines[i:])
    if kind == "indent":
        return "".join([*lines[:i], rng.choice(["  ", " ", "\t"]) + lines[i], *lines[i + 1 :]])
    return text[: rng.randrange(len(text) + 1)]


def _containers(node: Any, out: list) -> list:
    """Every mapping and list in ``node`` (depth first)."""
    if isinstance(node, dict | list):
        out.append(node)
        for value in node.values() if isinstance(node, dict) else node:
            _containers(value, out)
    return out


def _scalars(node: Any, out: list) -> list:
    if isinstance(node, dict):
        for value in node.values():
            _scalars(value, out)
    elif isinstance(node, list):
        for value in node:
            _scalars(value, out)
    else:
        out.append(node)
    return out


def data_damage(data: Any, rng: random.Random, donor: Any) -> Any:
    """One change to the parsed log (``donor``: another log of the same game, for its values)."""
    spots = _containers(data, [])
    if not spots:
        return rng.choice(EXTREMES)
    node = rng.choice(spots)
    values = _scalars(donor, []) + EXTREMES
    kind = rng.choice(["value", "extreme", "drop", "double", "move", "swap", "key", "type", "many", "races"])
    if isinstance(node, list) and node:
        i = rng.randrange(len(node))
        if kind == "drop":
            del node[i]
        elif kind == "double":
            node.insert(i, json.loads(json.dumps(node[i], default=str)))
        elif kind == "move":
            node.insert(rng.randrange(len(node)), node.pop(i))
        elif kind == "many":
            node.extend(json.loads(json.dumps(node[i], default=str)) for _ in range(rng.randint(10, 400)))
        elif kind == "swap":
            other = [c for c in _containers(donor, []) if isinstance(c, list) and c]
            node[i] = json.loads(json.dumps(rng.choice(rng.choice(other)) if other else None, default=str))
        else:
            node[i] = rng.choice(EXTREMES) if kind == "extreme" else rng.choice(values)
    elif isinstance(node, dict) and node:
        key = rng.choice(list(node))
        if kind == "drop":
            del node[key]
        elif kind == "key":
            node[key + rng.choice(["s", "_", "X"])] = node.pop(key)
        elif kind == "type":
            node[key] = [node[key]] if not isinstance(node[key], list) else {"v": node[key]}
        elif kind == "races" and isinstance(data, dict) and "races" in data and data["races"]:
            race = rng.choice(data["races"])
            if isinstance(race, dict):
                race[rng.choice(["log", "setup", "result"])] = rng.choice([*values, data.get("log")])
        else:
            node[key] = rng.choice(EXTREMES) if kind == "extreme" else rng.choice(values)
    return data


def damaged(text: str, rng: random.Random, donor: str) -> str:
    """``text`` damaged one to three times, as text or as data."""
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.4:
            text = text_damage(text, rng)
            continue
        try:  # (the fuzzer's own reading: PyYAML itself recurses on deep nesting)
            data = yaml.safe_load(text)
            other = yaml.safe_load(donor)
            changed = data_damage(data, rng, other)
            text = yaml.safe_dump(changed, sort_keys=False, allow_unicode=True, width=200)
        except (yaml.YAMLError, RecursionError, ValueError, TypeError):
            text = text_damage(text, rng)
    return text


def located(exc: DeckwrightError) -> str | None:
    """Why an error is not a proper report (None when every problem names a file and a line)."""
    for problem in getattr(exc, "problems", []):
        if not problem.file or problem.line < 1:
            return f"unlocated problem: {problem}"
    return None


def one(game: Any, path: Path, stats: bool) -> str | None:
    """Check the log as ``log check`` does (and, with ``stats``, count it as ``stats
    --include-illegal`` does); None when all is well."""
    try:
        (report,) = check_logs(game, [path])
        for problem in report.problems:
            if not problem.file or problem.line < 1:
                return f"unlocated problem: {problem}"
        if stats:
            gather(game, [path], include_illegal=True)
    except DeckwrightError as exc:
        return located(exc)
    except RecursionError:
        return "RecursionError\n" + traceback.format_exc(limit=-8)
    except Exception:
        return traceback.format_exc(limit=-12)
    return None


def cases(numbers: range, seed: int, simulated: int) -> dict[str, Any]:
    """Fuzz the cases ``numbers`` (each its own seeded stream, so any split gives the same)."""
    texts = sources(seed, simulated)
    games = {name: load_game(name) for name in GAMES}
    failures: list[dict[str, Any]] = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as folder:
        for n in numbers:
            rng = random.Random(f"fuzz-logs/{seed}/{n}")
            name = GAMES[n % len(GAMES)]
            text = damaged(rng.choice(texts[name]), rng, rng.choice(texts[name]))
            path = Path(folder) / f"{name}-{n}.yaml"
            path.write_text(text, encoding="utf-8")
            t0 = time.monotonic()
            why = one(games[name], path, stats=n % 4 == 0)
            spent = time.monotonic() - t0
            if spent > slowest[0]:
                slowest = (spent, f"case {n} ({name}, {len(text)} bytes)")
            if why is not None:
                keep = Path(tempfile.gettempdir()) / f"fuzz-logs-failure-{seed}-{n}.yaml"
                keep.write_text(text, encoding="utf-8")
                failures.append({"case": n, "game": name, "why": why, "kept": str(keep)})
            path.unlink()
    return {"failures": failures, "slowest": slowest}


def run(logs: int, seed: int, simulated: int = 8, jobs: int = 1) -> dict[str, Any]:
    """Fuzz ``logs`` damaged logs (spread evenly over the five games) in ``jobs`` processes."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.monotonic()
    parts = [range(k, logs, jobs) for k in range(jobs)]
    if jobs == 1:
        found = [cases(parts[0], seed, simulated)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            found = list(pool.map(cases, parts, [seed] * jobs, [simulated] * jobs))
    failures = sorted((f for part in found for f in part["failures"]), key=lambda f: f["case"])
    slowest = max(part["slowest"] for part in found)
    return {
        "logs": logs,
        "seed": seed,
        "per_game": {name: len(range(i, logs, len(GAMES))) for i, name in enumerate(GAMES)},
        "tracebacks_or_unlocated": len(failures),
        "failures": failures,
        "slowest_seconds": round(slowest[0], 2),
        "slowest": slowest[1],
        "seconds": round(time.monotonic() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulated", type=int, default=8, help="simulated logs per game to damage")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the cases")
    args = parser.parse_args(argv)
    summary = run(args.logs, args.seed, args.simulated, args.jobs)
    print(json.dumps(summary, indent=1))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
