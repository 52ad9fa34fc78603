"""The bodies of ``simulate``, ``stats --compare`` and ``sweep`` (``cli.py`` keeps the options and
exit codes): each returns what to print, text or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.core import writing
from generator.core.errors import UsageError, display_path


def _plan(
    game: Any,
    players: int,
    games: int,
    seed: int,
    policies: tuple[str, ...],
    table: bool = False,
    setup: tuple[str, ...] = (),
) -> Any:
    from generator.play.plan import Plan
    from generator.play.setups import parse_setup
    from generator.rules.logcheck import rules_for

    count = players or (rules_for(game).player_range() or (2, 2))[0]
    return Plan(count, games, seed, policies, table, parse_setup(setup))


def simulate_command(
    name: str,
    output: Path | None,
    players: int,
    games: int,
    seed: int,
    policies: tuple[str, ...],
    table: bool,
    jobs: int,
    variant_file: Path | None,
    results: Path | None,
    only: int,
    scheduler: str | None,
    bar: Callable[[str], Any],
    setup: tuple[str, ...] = (),
) -> str:
    """Logs into ``output``, one game's log (``only``), or counts into ``results``; ``setup``:
    ``FIELD=VALUE`` fields fixed for every game."""
    from generator.load.loader import load_game
    from generator.play.simulate import simulate

    if (output is None) == (results is None):
        raise UsageError("give -o DIR to write a log per game, or --results FILE for counts only (not both)")
    if only and output is None:
        raise UsageError(f"--only {only} writes one game's log: give -o DIR for it")
    if results is not None:
        _results_target(results)
    game = load_game(name)
    plan = _plan(game, players, games, seed, policies, table, setup)
    variant = _variant(variant_file)
    if only:
        return _only(game, plan, only, output, variant)  # type: ignore[arg-type]
    with bar(f"simulating {game.title}") as progress:
        task = progress.add_task("", total=games)
        tick = lambda done, _: progress.update(task, completed=done)  # noqa: E731
        if results is not None:
            from generator.play.results import Results
            from generator.play.simulate import tally, writable

            writable(results, "--results")

            counts = tally(game, plan, jobs, tick, variant, scheduler)
            Results(_run(game, plan, variant_file), counts).write(results)
            said = f"counted {counts.games} games of {plan.players} players into {display_path(results)}"
            return _clamped(jobs, scheduler) + said
        written = simulate(game, plan, output, jobs, tick, variant, scheduler)  # type: ignore[arg-type]
    said = f"wrote {len(written)} logs of {plan.players} players into {display_path(output)}"  # type: ignore[arg-type]
    return _clamped(jobs, scheduler) + said


def _clamped(jobs: int, scheduler: str | None) -> str:
    """A line saying ``--jobs`` was more than the machine has (it ran with what it has)."""
    from generator.play.stream import machine_jobs

    most = machine_jobs()
    if scheduler or jobs <= most:
        return ""
    return f"--jobs {jobs}: this machine has {most} processor(s); played with {most} processes\n"


def gather_logs(
    name: str, logs: list[Path], include_illegal: bool, tick: Callable[[int, int], None], variant: Path | None
) -> tuple[Any, Any]:
    """The game and the figures of its logs, replayed with a variant's data when one is given."""
    from generator.load.loader import load_game
    from generator.play.stats import gather
    from generator.play.variant import playing

    if variant is None:
        game = load_game(name)
        return game, gather(game, logs, include_illegal, tick)
    with playing(_variant(variant), str(load_game(name).folder)) as (game, rules):
        return game, gather(game, logs, include_illegal, tick, rules)


def _variant(path: Path | None) -> Any:
    if path is None:
        return None
    from generator.play.variant import read_variant

    if not path.is_file():
        raise UsageError(f"--variant {path}: no such file")
    return read_variant(path)


def _run(game: Any, plan: Any, variant_file: Path | None) -> dict[str, Any]:
    """What a results file records of the run, and how to write any one game's log again."""
    from generator.play.setups import shown

    again = [
        f"deckwright simulate {game.name}",
        f"--players {plan.players}",
        f"--games {plan.games}",
        f"--seed {plan.seed}",
        *(f"--policy {p}" for p in plan.policies),
        *([shown(plan.setup)] if plan.setup else []),
    ]
    if variant_file is not None:
        again.append(f"--variant {display_path(variant_file)}")
    return {
        "game": game.name,
        "version": game.version,
        "players": plan.players,
        "games": plan.games,
        "seed": plan.seed,
        "policies": list(plan.policies),
        "setup": dict(plan.setup),
        "variant": display_path(variant_file) if variant_file else None,
        "one_game_log": " ".join(again) + " --only N -o DIR",
    }


def _only(game: Any, plan: Any, index: int, output: Path, variant: Any) -> str:
    from generator.play.runner import Job, run_chunk
    from generator.play.simulate import check, writable

    if not 1 <= index <= plan.games:
        raise UsageError(f"--only {index}: the run has games 1 to {plan.games}")
    check(game, plan, 1, variant)
    (text,) = run_chunk(Job(str(game.folder), plan, variant), index - 1, index)  # type: ignore[misc]
    if output.exists() and not output.is_dir():
        raise UsageError(f"-o {display_path(output)}: that is a file; give a folder for the log")
    width = max(4, len(str(plan.games)))
    path = output / f"{game.name}-{plan.seed}-{index:0{width}d}.yaml"
    writable(path, "-o")
    writing.atomic_text(path, text)
    return f"wrote {display_path(path)}"


def _results_target(path: Path) -> None:
    """UsageError when ``--results`` names a folder (checked before any game is played)."""
    if path.is_dir():
        raise UsageError(
            f"--results {display_path(path)}: that is a folder; give a file name such as "
            f"{display_path(path / 'results.json')}"
        )


def compare_command(name: str, runs: list[Path], include_illegal: bool, pdf: Path | None) -> tuple[Any, str]:
    """``stats --compare A B``: rich tables and JSON of B against A."""
    from generator.load.loader import load_game
    from generator.play.compare import compare
    from generator.play.results import load_tally

    if len(runs) != 2:
        what = "two runs (A and B: folders of logs or results files)"
        raise UsageError(f"--compare takes {what}, got {len(runs)}")
    for run in runs:
        if not run.exists():
            raise UsageError(f"{display_path(run)}: no such file or folder")
    game = load_game(name)
    (a, label_a), (b, label_b) = (load_tally(game, r, include_illegal) for r in runs)
    found = compare(a, b, label_a, label_b)
    if pdf is not None:
        from generator.play.charts import compare_pdf

        compare_pdf(found, pdf, game.title, game.font_dirs)
    return compare_tables(found), json.dumps(found.as_dict(), indent=2, ensure_ascii=False)


def compare_tables(c: Any) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def table(title: str, diffs: list[Any], percent: bool) -> Table:
        t = Table(title=title, title_justify="left")
        for col in ("figure", "A", "B", "B - A", "interval", "level", "claimed"):
            t.add_column(col, justify="left" if col == "figure" else "right")
        for d in diffs:
            f = (lambda x: f"{100 * x:.1f}%") if percent else (lambda x: f"{x:.2f}")
            g = (lambda x: f"{100 * x:+.1f}%") if percent else (lambda x: f"{x:+.2f}")
            t.add_row(
                d.what,
                f(d.a),
                f(d.b),
                g(d.diff),
                f"{g(d.low)} to {g(d.high)}",
                f"{d.level:.1%}",
                "yes" if d.claimed else "no",
            )
        return t

    tests = c.as_dict()["tests"]
    notes = Text("\n".join(f"{k}: {v}" for k, v in tests.items()), style="dim")
    played = sorted(c.cards, key=lambda d: -abs(d.diff))[:15]
    return Group(
        Text(f"B = {c.label_b} ({c.games[1]} games) against A = {c.label_a} ({c.games[0]} games)"),
        table("win rate by seat", c.seats, True),
        table("first player and length", [c.first], True),
        table("", [c.length], False),
        table("per-game figures (means)", c.figures, False),
        table("cards played per game, largest changes", played, False),
        notes,
    )


def sweep_command(
    name: str,
    sets: list[str],
    games: int,
    players: int,
    seed: int,
    policies: tuple[str, ...],
    jobs: int,
    scheduler: str | None,
    pdf: Path | None,
    bar: Callable[[str], Any],
) -> tuple[Any, str]:
    from generator.load.loader import load_game
    from generator.play.sweep import as_dict, parse_sets, sweep

    grid = parse_sets(sets)
    game = load_game(name)
    plan = _plan(game, players, games, seed, policies)
    with bar(f"sweeping {game.title}") as progress:
        task = progress.add_task("", total=None)
        tick = lambda d, t: progress.update(task, completed=d, total=t)  # noqa: E731
        points = sweep(game, plan, grid, jobs, tick, scheduler)
    if pdf is not None:
        sweep_pdf(points, pdf, game, plan)
    return sweep_table(points, plan), json.dumps(as_dict(points), indent=2, ensure_ascii=False)


def _percent(name: str) -> bool:
    return name.endswith(("win rate", "spread", "advantage"))


def _shown(name: str, v: float) -> str:
    return f"{100 * v:.1f}%" if _percent(name) else f"{v:.2f}"


def sweep_table(points: list[Any], plan: Any) -> Any:
    from rich.table import Table

    figs = [p.figures() for p in points]
    t = Table(
        title=f"{plan.games} games per setting, {plan.players} players, seed {plan.seed} (95% intervals)",
        title_justify="left",
    )
    t.add_column("figure")
    for p in points:
        t.add_column(p.label, justify="right")
    for n in figs[0]:
        t.add_row(n, *(f"{_shown(n, f[n][0])} ({_shown(n, f[n][1])} to {_shown(n, f[n][2])})" for f in figs))
    return t


def sweep_pdf(points: list[Any], path: Path, game: Any, plan: Any) -> Path:
    from generator.play.charts import Report, interval_chart

    r = Report(path, f"{game.title}: sweep", game.font_dirs)
    charts = []
    for name in points[0].figures():
        values = [p.figures()[name] for p in points]
        charts.append(
            interval_chart(
                r.pen,
                f"{name} by setting",
                [p.label for p in points],
                [v for v, _, _ in values],
                [(lo, hi) for _, lo, hi in values],
                r.width,
                170,
                as_percent=_percent(name),
                fair=1 / plan.players if name.endswith("win rate") else None,
                note=f"{plan.games} games per setting, {plan.players} players, seed {plan.seed}; "
                "95% intervals",
            )
        )
    return r.write(charts)
