"""Playtest-log reports as text lines or JSON (printing is left to the CLI)."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from generator.rules.logcheck import LogReport


def summary(report: LogReport) -> str:
    """One line per log: legal or not, how far it got and who won."""
    r = report.replay
    if r is None:
        n = len(report.problems)
        return f"{report.file}: not checked, {n} problem{'s' if n != 1 else ''} in the file"
    won = " and ".join(r.outcome.winners)
    state = f"won by {won}" if r.over and won else "over" if r.over else "unfinished"
    scores = ""
    if r.outcome.scores:
        scores = " (" + ", ".join(f"{p} {s}" for p, s in r.outcome.scores.items()) + ")"
    if r.ok:
        return f"{report.file}: legal; {r.turns} turns, {state}{scores}"
    n = len(r.violations)
    return f"{report.file}: {n} violation{'s' if n != 1 else ''}; {r.turns} turns, {state}{scores}"


def text_lines(reports: list[LogReport]) -> list[str]:
    """Violations (``log.yaml:LINE: turn N, PLAYER: message [CODE]``), warnings and summaries."""
    lines: list[str] = []
    for report in reports:
        if report.replay is not None:
            lines += [f"warning: {w}" for w in report.replay.warnings]
            lines += [str(v) for v in report.replay.violations]
        lines.append(summary(report))
    if len(reports) > 1:
        bad = sum(1 for r in reports if not r.ok)
        lines.append(
            f"{len(reports)} logs checked, {bad} with problems."
            if bad
            else f"{len(reports)} logs, all legal."
        )
    return lines


def as_json(reports: list[LogReport]) -> str:
    """Every report as one JSON document."""
    return json.dumps({"ok": all(r.ok for r in reports), "logs": [_one(r) for r in reports]}, indent=2)


def _one(report: LogReport) -> dict[str, Any]:
    out: dict[str, Any] = {"file": report.file, "ok": report.ok}
    if report.problems:
        out["errors"] = [
            {k: v for k, v in asdict(p).items() if k in ("file", "line", "column", "path", "message")}
            for p in report.problems
        ]
    r = report.replay
    if r is not None:
        out |= {
            "game": r.log.spec.game,
            "turns": r.turns,
            "over": r.over,
            "winner": r.outcome.winner,
            "winners": list(r.outcome.winners),
            "scores": dict(r.outcome.scores) if r.outcome.scores is not None else None,
            "violations": [v.as_dict() for v in r.violations],
            "warnings": list(r.warnings),
        }
    return out
