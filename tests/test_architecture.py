"""The shape of the house, read from the code's own imports (see docs/ARCHITECTURE.md).

Every ``import`` counts: at module level, inside a function (imported when first needed) and
under ``if TYPE_CHECKING:``. A new import against the directions below, a cycle, a module left
loose at ``generator/``'s top level or a module grown past its size fails here, so the shape
cannot decay quietly.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"

BELOW_LAYOUT = {"core", "expr", "schema", "art", "load", "color", "text"}
KIT_PARTS = {"board", "components", "summary"}
DRAWN = BELOW_LAYOUT | {"layout"} | KIT_PARTS
STAGES: dict[str, set[str]] = {
    "core": set(),
    "expr": {"core"},
    "schema": {"core", "expr"},
    "art": {"core", "schema"},
    "load": {"core", "expr", "schema", "art"},
    "color": {"core"},
    "text": {"core", "art", "color"},
    "layout": BELOW_LAYOUT,
    "board": BELOW_LAYOUT | {"layout"},
    "components": BELOW_LAYOUT | {"layout"},
    "summary": BELOW_LAYOUT | {"layout"},
    "render": DRAWN,
    "proof": DRAWN | {"render"},
    "printshop": DRAWN | {"render"},
    "kit": DRAWN | {"render", "proof", "printshop"},
    "export": DRAWN | {"render", "proof", "printshop", "kit"},
    "versions": DRAWN | {"render", "proof", "printshop", "kit", "export"},
    "rules": {"core", "expr", "schema", "load"},
    "lang": {"core", "expr", "schema", "art", "load"},
    "play": {"core", "expr", "schema", "art", "load", "rules", "render"},
    "game": {"core", "schema", "load", "board", "rules", "play"},
    "serve": DRAWN | {"render", "proof", "printshop", "kit", "export", "versions", "rules", "play"},
    "cli": DRAWN
    | {"render", "proof", "printshop", "kit", "export", "versions", "rules", "play", "serve", "lang"},
    "__init__": {"core"},
    "__main__": {"cli"},
}
"""Each stage and the stages it may import. ``game`` is a bundled game's rules package
(``carddata/<game>/rules/``); ``__init__`` is the package itself, whose ``__version__`` every
stage may read."""

MAX_LINES = 600
MAX_CLI_LINES = 300


@dataclass(frozen=True)
class Import:
    """One import of a module of the program: who, where, what."""

    source: str  # dotted name of the importing module
    file: Path
    line: int
    target: str  # dotted name of the imported module


def _modules() -> dict[str, Path]:
    """Every module of the program and of the bundled games' rules, by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for path in sorted(ROOT.glob("carddata/*/rules/**/*.py")):
        game = path.relative_to(ROOT).parts[1]
        parts = [
            "game_" + game.replace("-", "_"),
            *path.relative_to(ROOT / "carddata" / game / "rules").with_suffix("").parts,
        ]
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    """The program's module that ``name`` (a module or a name inside one) belongs to."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name if name in MODULES else None


def _imports_of(module: str, path: Path) -> Iterator[Import]:
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name)
                if target and target != module:
                    yield Import(module, path, node.lineno, target)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module if is_package else module.rsplit(".", 1)[0]
                for _ in range(node.level - 1):
                    package = package.rsplit(".", 1)[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                target = _known(f"{base}.{alias.name}")
                if target and target != module:
                    yield Import(module, path, node.lineno, target)


IMPORTS = sorted({found for module, path in MODULES.items() for found in _imports_of(module, path)}, key=str)


def stage(module: str) -> str:
    """``generator.layout.card`` -> ``layout``; a game's rules module -> ``game``."""
    parts = module.split(".")
    if parts[0].startswith("game_"):
        return "game"
    if len(parts) == 1:
        return "__init__"
    return parts[1]


def _where(found: Import) -> str:
    return f"{found.file.relative_to(ROOT)}:{found.line}"


def test_every_stage_is_a_folder_named_in_the_table():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(STAGES) - {"__init__", "__main__", "game"}, (
        "a stage folder was added or removed: give it its row in STAGES here and its line in "
        "docs/ARCHITECTURE.md"
    )


def test_only_the_package_and_its_entry_point_lie_at_the_top():
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"], "put each module in the folder of its stage"


def test_imports_run_down_the_stages():
    wrong = [
        f"{_where(i)}: {i.source} imports {i.target}: {stage(i.source)} may not import {stage(i.target)}"
        for i in IMPORTS
        if stage(i.target) != stage(i.source)
        and stage(i.target) not in STAGES[stage(i.source)]
        and stage(i.target) != "__init__"
    ]
    assert not wrong, "\n".join(wrong)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles():
    edges: dict[str, set[str]] = {module: set() for module in MODULES}
    for found in IMPORTS:
        edges[found.source].add(found.target)
    cycles = _cycles(edges)
    shown = []
    for members in cycles:
        inside = [i for i in IMPORTS if i.source in members and i.target in members]
        shown.append(" <-> ".join(members) + "".join(f"\n  {_where(i)} imports {i.target}" for i in inside))
    assert not cycles, "import cycles:\n" + "\n".join(shown)


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("module", sorted(MODULES), ids=str)
def test_modules_stay_small(module):
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    limit = MAX_CLI_LINES if stage(module) == "cli" else MAX_LINES
    assert lines <= limit, (
        f"{MODULES[module].relative_to(ROOT)} has {lines} lines (at most {limit}): split it"
    )


def test_the_reader_sees_every_kind_of_import():
    """Lazy, TYPE_CHECKING, relative and aliased imports are all read (the checks rest on it)."""
    targets = {(i.source, i.target) for i in IMPORTS}
    assert ("generator.__main__", "generator.cli") in targets  # `from generator.cli import main`
    relative = [i for i in IMPORTS if stage(i.source) == "game" and stage(i.target) == "game"]
    assert relative, "relative imports inside a game's rules package"
    lazy = [i for i in IMPORTS if stage(i.source) == "cli" and stage(i.target) == "kit"]
    assert lazy, "the commands import the stages they use inside their functions"
