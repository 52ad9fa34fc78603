"""The print-review figures of issue 32, measured on the laid-out kits (no PDF written).

    .venv/bin/python tests/benchmarks/print_figures.py [GAME ...]

For each game (default: road-runner, jaunty-jalopies and the Spice Market example) it prints:
the card texts that end on a short word alone (the proofreader's widows), the outer bleed of a poker card's front and back on A4 and Letter, the rule summary's
body size and how far down its last page the text runs, and the aid cards' text size and count.
Run it in a worktree of an older commit to get the figures from before (the README's tables).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.art.fonts import FontBook
from generator.core.sizes import card_size, paper_size
from generator.core.units import to_mm
from generator.kit.build import BuildOptions
from generator.kit.proofing import proof_parts
from generator.layout.duplex import back_sheet
from generator.layout.imposition import plan_sheet
from generator.layout.ops import TextOp
from generator.load.loader import load_game
from generator.proof.faces import faces
from generator.proof.typography import widows

GAMES = ["road-runner", "jaunty-jalopies", str(Path(__file__).resolve().parents[2] / "examples/spice-market")]


def _widows(game) -> tuple[int, int]:
    """(card faces with a widow, card faces with text)."""
    fonts = FontBook.load(game.font_dirs)
    hit, seen = set(), set()
    for face in faces(game, proof_parts(game)):
        for op in face.ops:
            if isinstance(op, TextOp) and op.layout.runs and op.layout.line_count > 1:
                seen.add((face.deck.name, face.card.name, face.side))
                if widows(op, fonts):
                    hit.add((face.deck.name, face.card.name, face.side))
    return len(hit), len(seen)


def _bleed(paper: str) -> tuple[float, float]:
    """The smallest outer bleed at the left and right of a poker card, front and back (mm)."""
    front = plan_sheet(*card_size("poker"), BuildOptions(paper=paper).sheet_options())
    back = back_sheet(front)

    def outer(geo) -> float:
        last = max(s.col for s in geo.slots)
        sides = [s.trim.x - s.art.x for s in geo.slots if s.col == 0]
        sides += [s.art.right - s.trim.right for s in geo.slots if s.col == last]
        return to_mm(min(sides))

    return outer(front), outer(back)


def _summary(game) -> str:
    from generator.summary import layout_aids, layout_reference, load_summary

    path = game.folder / "summary.yaml"
    if not path.is_file():
        return "no summary"
    fonts = FontBook.load(game.font_dirs)
    summary = load_summary(path, game)
    ref = layout_reference(summary, fonts, paper_size("a4"))
    last = ref.pages[-1]
    runs = [r for op in last.ops if isinstance(op, TextOp) for r in op.layout.runs if r.y > 60]
    depth = (last.height - min(r.y for r in runs)) / last.height
    aids = layout_aids(summary, fonts)
    sizes = sorted(
        {
            round(r.size, 2)
            for f in aids.faces
            for op in f.ops
            if isinstance(op, TextOp)
            for r in op.layout.runs
        }
    )
    body = sizes[len(sizes) // 2] if sizes else 0
    return (
        f"summary {len(ref.pages)} pages at {ref.body_size:g} pt, the last page's text runs "
        f"{depth:.0%} down it; aids {len(aids.faces)} cards, body about {body:g} pt"
    )


def main(names: list[str]) -> None:
    for paper in ("a4", "letter"):
        f, b = _bleed(paper)
        print(
            f"poker cards on {paper}: outer bleed left/right {f:.2f} mm on the fronts, {b:.2f} mm on the backs"
        )
    for name in names or GAMES:
        game = load_game(name)
        hit, seen = _widows(game)
        print(f"{game.title}: widows on {hit} of {seen} card faces with wrapped text")
        print(f"  {_summary(game)}")


if __name__ == "__main__":
    main(sys.argv[1:])
