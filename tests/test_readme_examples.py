"""The YAML examples of the documentation (README.md and docs/) make a real game: load it, check it and build its whole kit."""

from __future__ import annotations

from pathlib import Path

from generator.kit.assemble import build_kit, load_parts
from generator.kit.build import BuildOptions
from generator.load.loader import load_game
from tests.docs_text import fenced


def _blocks() -> dict[str, str]:
    blocks = fenced("yaml")
    named = {}
    for block in blocks:
        first = block.lstrip().splitlines()[0]
        if first.startswith("name: my-game"):
            named["game.yaml"] = block
        elif first.startswith("cards:"):
            named["cards.yaml"] = block
        elif first.startswith("extends: my-base"):
            named["templates/my-front.yaml"] = block
        elif first.startswith("name: playfield"):
            named["board.yaml"] = block
        elif first.startswith("groups:"):
            named["components.yaml"] = block
        elif first.startswith("pages:"):
            named["summary.yaml"] = block
    return named


def test_readme_examples_build_a_kit(tmp_path: Path):
    folder = tmp_path / "my-game"
    files = _blocks()
    assert len(files) == 6, sorted(files)
    files |= {
        "templates/my-base.yaml": "elements:\n  - {type: rect, box: trim, stroke: '#000000'}\n",
        "templates/my-back.yaml": "elements:\n  - {type: rect, box: bleed, fill: '#224466'}\n",
        "templates/villain-back.yaml": "elements:\n  - {type: rect, box: bleed, fill: '#662222'}\n",
        "art/fire.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M1 7L7 1"/></svg>',
        "art/ice.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="3"/></svg>',
        "art/coin.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    }
    files["aids.csv"] = fenced("csv")[0]
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    game = load_game(folder)
    assert game.decks[0].size == 3 + 3  # Alpha, Beta x2, and three generated minions
    aids = game.deck("aids")  # the spreadsheet deck: one-sided, its own field, a default text
    assert aids.one_sided and aids.size == 4
    assert [(c.name, c.type, c.fields["step"], c.fields["text"]) for c in aids.cards][1] == (
        "Pass",
        "hero",
        2,
        "Then pass.",
    )
    load_parts(game)
    written = build_kit(game, BuildOptions(out_dir=tmp_path / "out"))
    names = {p.name for p in written}
    assert {
        "cards.pdf",
        "playfield.pdf",
        "playfield-tiled.pdf",
        "counters.pdf",
        "rules-summary.pdf",
        "print-guide.md",
    } <= names


def test_readme_constraints_and_log_examples_are_valid():
    from generator.core.yamlio import parse_yaml
    from generator.schema.constraints import ConstraintFile
    from generator.schema.messages import validate
    from generator.schema.playlog import PlayLogSpec

    blocks = fenced("yaml")
    constraints = next(b for b in blocks if b.startswith("constraints:"))
    doc = parse_yaml(constraints, "README.md")
    assert len(validate(ConstraintFile, doc.data, doc).constraints) == 7
    log = next(b for b in blocks if b.startswith("game: road-runner"))
    doc = parse_yaml(log, "README.md")
    assert validate(PlayLogSpec, doc.data, doc).players[0] == "Amy"


def test_readme_log_example_is_a_legal_game(tmp_path: Path):
    from generator.rules.logcheck import check_logs

    blocks = fenced("yaml")
    log = tmp_path / "log.yaml"
    log.write_text(next(b for b in blocks if b.startswith("game: road-runner")), encoding="utf-8")
    (report,) = check_logs(load_game("road-runner"), [log])
    assert report.ok, [str(p) for p in report.problems]
