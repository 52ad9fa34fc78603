"""``deckwright log check``: load a game's rules model, then load and replay each log."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.errors import DataError, Problem, UsageError, display_path
from generator.load.model import Game
from generator.rules.base import Rules
from generator.rules.engine import Replay
from generator.rules.logfile import load_log
from generator.rules.module import load_rules_module, rules_path
from generator.rules.replay import replay


@dataclass
class LogReport:
    """The outcome for one log file: a replay, or the problems that kept it from replaying."""

    file: str
    replay: Replay | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and self.replay is not None and self.replay.ok


def rules_for(game: Game) -> Rules:
    """An instance of the game's rules model; UsageError when the game has none."""
    module = load_rules_module(game)
    if module is None:
        raise UsageError(
            f"{game.name} has no rules model to replay logs with: "
            "add 'rules_module: rules.py' to its game.yaml and write the rules model there"
        )
    cls = getattr(module, "RULES", None)
    if not (isinstance(cls, type) and issubclass(cls, Rules)):
        path = rules_path(game)
        shown = display_path(path) if path else ""
        raise DataError([Problem(20, shown, 0, 0, "RULES", "define RULES = <your Rules subclass>")])
    return cls(game)


def check_logs(game: Game, paths: list[Path]) -> list[LogReport]:
    """Replay every log; a malformed log is reported and the others still run."""
    rules = rules_for(game)
    reports = []
    for path in paths:
        report = LogReport(display_path(path))
        try:
            report.replay = replay(rules, load_log(path, rules))
        except DataError as exc:
            report.problems = exc.problems
        reports.append(report)
    return reports
