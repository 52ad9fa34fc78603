"""The whole kit: every part checked before anything is written, the print guide, the CLI."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import MINI_GAME, write_game

BOARD = """\
name: mat
size: a4
features:
  - {type: zone, at: [20mm, 20mm], size: poker, label: Draw pile}
"""

COMPONENTS = """\
groups:
  - name: coins
    kind: counter
    size: counter-20mm
    template: counter-round
    items:
      - {name: Coin, count: 12, value: 1, icon: dollar, color: "#8a6d12"}  # white on it: 4.9:1
"""

KIT_GAME = MINI_GAME + "boards: [board.yaml]\ncomponents: [components.yaml]\ngather: [A die]\n"


def test_build_writes_every_part_and_a_print_guide(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini", {"game.yaml": KIT_GAME, "board.yaml": BOARD, "components.yaml": COMPONENTS})
    code, out, err = run_cli("build", "mini", "-o", tmp_path / "out")
    assert code == 0, err
    folder = tmp_path / "out" / "mini"
    assert sorted(p.name for p in folder.iterdir()) == [
        ".deckwright-kit",
        "cards.pdf",
        "counters.pdf",
        "mat-tiled.pdf",
        "mat.pdf",
        "print-guide.md",
    ]
    guide = (folder / "print-guide.md").read_text()
    assert "cards.pdf (Mini Game): 3 cards on 1 sheet, 9 per sheet." in guide
    assert "counters.pdf" in guide and "mat.pdf" in guide
    assert "- A die" in guide
    assert "wrote " in out


def test_a_broken_part_stops_the_build_before_any_file_is_written(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini", {"game.yaml": KIT_GAME, "board.yaml": BOARD, "components.yaml": COMPONENTS})
    assert run_cli("build", "mini", "-o", tmp_path / "out")[0] == 0
    folder = tmp_path / "out" / "mini"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    broken = BOARD.replace("size: poker", "size: pokr")
    write_game(
        tmp_path / "mini", {"game.yaml": KIT_GAME, "board.yaml": broken, "components.yaml": COMPONENTS}
    )
    code, _, err = run_cli("build", "mini", "-o", tmp_path / "out")
    assert code == 1
    assert "mini/board.yaml:4:42: features[0].size: unknown card size 'pokr'" in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_check_reports_problems_in_kit_parts(run_cli, tmp_path: Path):
    components = COMPONENTS.replace("icon: dollar", "icon: dolar")
    write_game(tmp_path / "mini", {"game.yaml": KIT_GAME, "board.yaml": BOARD, "components.yaml": components})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "no icon named 'dolar' (did you mean 'dollar'?)" in err


def test_missing_part_file_is_reported_in_game_yaml(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini", {"game.yaml": KIT_GAME, "components.yaml": COMPONENTS})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "mini/game.yaml:18:10: boards[0]: board file 'board.yaml' not found in mini" in err
