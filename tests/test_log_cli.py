"""``deckwright log check``: exit codes, violation lines, JSON, and the bundled example logs
(every line marked ``BAD ... [CODE]`` in an illegal example is reported, and nothing else)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.core import paths
from tests.conftest import write_game

MARKED_GAMES = ("road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies")
"""Games whose illegal example logs mark every bad line ``# BAD ... [CODE, ...]``."""
PLAYTESTS = {g: sorted((paths.CARDDATA / g / "playtests").glob("*.yaml")) for g in MARKED_GAMES}
EXAMPLES = [(g, p) for g, files in PLAYTESTS.items() for p in files]


def marked(path: Path) -> set[tuple[int, str]]:
    """(line, CODE) for every code on a line of an example log marked ``# BAD ... [CODE, ...]``."""
    out = set()
    for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if m := re.search(r"# BAD.*\[([A-Z0-9_, ]+)\]\s*$", text):
            out |= {(n, code.strip()) for code in m.group(1).split(",")}
    return out


def reported(out: str, path: Path) -> set[tuple[int, str]]:
    pattern = re.compile(rf"^{re.escape(str(path))}:(\d+): .* \[([A-Z0-9_]+)\]$")
    return {(int(m.group(1)), m.group(2)) for line in out.splitlines() if (m := pattern.match(line))}


@pytest.mark.parametrize(("game", "path"), EXAMPLES, ids=[p.name for _, p in EXAMPLES])
def test_bundled_examples(run_cli, game: str, path: Path):
    code, out, err = run_cli("log", "check", game, path)
    expected = marked(path)
    assert reported(out, path) == expected, out
    if path.name.startswith("illegal"):
        assert code == 1 and expected
    else:
        assert code == 0, out + err
        assert f"{path}: legal;" in out


def test_every_bundled_game_has_legal_and_illegal_examples():
    for files in PLAYTESTS.values():
        assert any(p.name.startswith("illegal") for p in files)
        assert any(not p.name.startswith("illegal") for p in files)


def test_the_rulebook_example_is_legal(run_cli):
    path = paths.CARDDATA / "road-runner" / "playtests" / "worked-example.yaml"
    text = path.read_text(encoding="utf-8")
    assert "cards: [Skis, Refrigerator, Fan]" in text and "card: Fast Running!" in text
    assert "card: Cliff Face!\n    damage: 1" in text
    code, out, _ = run_cli("log", "check", "road-runner", path)
    assert code == 0 and "legal; 6 turns, won by Brett" in out


def test_several_logs_one_bad(run_cli):
    good, bad = PLAYTESTS["road-runner"][-1], PLAYTESTS["road-runner"][0]
    code, out, _ = run_cli("log", "check", "road-runner", good, bad)
    assert code == 1
    assert out.strip().endswith("2 logs checked, 1 with problems.")


def test_json_output(run_cli):
    bad = paths.CARDDATA / "road-runner" / "playtests" / "illegal-turns.yaml"
    code, out, _ = run_cli("log", "check", "road-runner", bad, "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    (log,) = data["logs"]
    assert log["winner"] == "Colin" and log["over"] is True
    first = log["violations"][0]
    assert first == {
        "file": str(bad),
        "line": 10,
        "turn": 1,
        "player": "Brett",
        "code": "TURN_ORDER",
        "message": first["message"],
    }
    assert {v["code"] for v in log["violations"]} >= {"PASS_TARGET", "AFTER_END", "WRONG_WINNER"}


def test_malformed_log_gets_file_line_errors(run_cli, tmp_path: Path):
    log = tmp_path / "bad.yaml"
    log.write_text(
        "game: road-runner\nversion: '1.0'\ndate: 2024-01-01\nplayers: [Amy, Brett, Colin]\nlog:\n"
        "  - {turn: 1, player: Amy, action: captur, cards: [Road]}\n"
        "  - {turn: 2, player: Bret, action: pass}\n"
        "  - {turn: 3, player: Colin, action: pass, crad: Road}\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("log", "check", "road-runner", log)
    assert code == 1
    assert "bad.yaml:6:" in err and "unknown action 'captur' (did you mean 'capture'?)" in err
    assert "bad.yaml:7:" in err and "'Bret' is not in players (did you mean 'Brett'?)" in err
    assert "bad.yaml:8:" in err and "unknown key 'crad' (did you mean 'card'?)" in err
    assert "not checked, 3 problems in the file" in out
    assert "Traceback" not in out + err


def test_malformed_log_in_json(run_cli, tmp_path: Path):
    log = tmp_path / "bad.yaml"
    log.write_text(
        "game: road-runner\nversion: '1.0'\ndate: 2024-01-01\nplayers: [Amy, Amy]\n", encoding="utf-8"
    )
    code, out, _ = run_cli("log", "check", "road-runner", log, "--format", "json")
    assert code == 1
    (entry,) = json.loads(out)["logs"]
    assert entry["ok"] is False
    assert entry["errors"] == [
        {
            "file": "bad.yaml",  # shown relative to the working directory
            "line": 4,
            "column": 1,
            "path": "players",
            "message": "player 'Amy' is listed twice; every seat needs its own name",
        }
    ]


def test_usage_errors_exit_2(run_cli, tmp_path: Path):
    good = PLAYTESTS["road-runner"][-1]
    assert run_cli("log", "check", "road-runner", tmp_path / "missing.yaml")[0] == 2
    code, _, err = run_cli("log", "check", "road-runer", good)
    assert code == 2 and "did you mean 'road-runner'" in err
    assert run_cli("log", "check", "road-runner", good, "--format", "xml")[0] == 2
    assert run_cli("log", "check", "road-runner")[0] == 2
    mini = write_game(tmp_path / "mini")
    code, _, err = run_cli("log", "check", mini, good)
    assert code == 2 and "has no rules model" in err


def test_python_dash_m():
    path = Path("carddata/road-runner/playtests/worked-example.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "log", "check", "road-runner", str(path)],
        cwd=paths.ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{path}: legal; 6 turns, won by Brett"
