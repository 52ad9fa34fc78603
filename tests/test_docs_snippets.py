"""Every command and YAML snippet the documentation shows (README.md and the site's pages under
docs/) is checked against the program, so the docs cannot drift from it:

- each ```yaml block parses with Deckwright's own YAML reader, and a block that is a whole file
  of some kind (all the kind's required keys, no key the kind lacks) validates against that
  kind's JSON Schema (``deckwright schema``);
- each ``deckwright`` command in a ```sh block is parsed by the command line itself (the command,
  every option and every choice must exist), and the cheap ones (``list``, ``check``, ``new``,
  ``build --only``) are run, in the order shown, in a scratch folder, and must exit 0;
- every other line of a ```sh block is one of the kinds ``NOT_RUN`` names, with the reason.

A block preceded by ``<!-- not run: REASON -->`` is parsed, never run (``watch`` and ``serve``
run until Ctrl+C).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from generator.cli import app
from tests.docs_text import ROOT, doc_files

# lines of a sh block that are not deckwright commands, by their first word(s), and why not run
NOT_RUN = {
    "python3 tasks.py": "sets up environments and runs the suite itself (the test command runs this file)",
    "python tests/benchmarks/": "benchmarks take minutes; tests/test_benchmarks*.py run them small",
    "DECKWRIGHT_REFRESH_VISUALS=1": "rewrites the visual references on purpose",
    "git ": "shell set-up: an older tree to compare a benchmark with",
    "cp ": "shell set-up: copying a game or a file the example then uses",
    "dask ": "starts a Dask scheduler or worker on other machines",
}
RUN = {"list", "check", "new"}  # cheap enough to run every time; build runs when given --only


def _blocks(lang: str) -> list[tuple[str, str, bool]]:
    """(file, body, runnable) of every ```LANG block; not runnable after a 'not run' comment."""
    out = []
    for path in doc_files():
        text = path.read_text(encoding="utf-8")
        pattern = rf"(<!-- not run: [^>]+-->\n)?^```{lang}\n(.*?)^```"
        for m in re.finditer(pattern, text, re.S | re.M):
            out.append((str(path.relative_to(ROOT)), m.group(2), m.group(1) is None))
    return out


def _commands() -> list[tuple[str, list[str], bool]]:
    cmds = []
    for where, body, runnable in _blocks("sh"):
        for line in body.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if not line or line.startswith("#"):
                continue
            words = shlex.split(line)
            if words[0] in ("deckwright", ".venv/bin/deckwright"):
                cmds.append((where, words[1:], runnable))
            else:
                assert any(line.startswith(p) for p in NOT_RUN), (
                    f"{where}: {line!r} is neither run nor excused"
                )
    return cmds


def test_every_yaml_snippet_parses_and_whole_files_validate() -> None:
    import jsonschema
    import yaml

    from generator.core.yamlio import parse_yaml
    from generator.schema.export import KINDS, schema_for

    schemas = {kind: schema_for(kind) for kind in KINDS}
    blocks = _blocks("yaml")
    whole = 0
    for where, body, _ in blocks:
        parse_yaml(body, where)  # Deckwright's reader (every scalar kept as text, with its line)
        # typed scalars, as an editor's schema check reads the file (a date as its text, as there)
        data = json.loads(json.dumps(yaml.safe_load(body), default=str))
        if not isinstance(data, dict):
            continue
        kinds = [
            k
            for k, s in schemas.items()
            if set(s.get("required", [])) <= set(data) and set(data) <= set(s.get("properties", {}))
        ]
        if len(kinds) == 1:
            jsonschema.validate(data, schemas[kinds[0]])  # a failure names the block's text
            whole += 1
    assert len(blocks) >= 30 and whole >= 8, (len(blocks), whole)


def _rest(ctx) -> list[str]:
    """The words a group's context left for its subcommand."""
    protected = getattr(ctx, "protected_args", None) or getattr(ctx, "_protected_args", [])
    return [*protected, *ctx.args]


def test_every_deckwright_command_shown_parses() -> None:
    root = typer.main.get_command(app)
    cmds = _commands()
    for where, args, _ in cmds:
        ctx = root.make_context("deckwright", list(args), resilient_parsing=False)
        group = root
        while hasattr(group, "commands") and _rest(ctx):  # a group: typer's own copy of click's Group
            name, *rest = _rest(ctx)
            sub = group.get_command(ctx, name)
            assert sub is not None, f"{where}: deckwright {shlex.join(args)}: no command {name!r}"
            try:
                ctx = sub.make_context(name, rest, parent=ctx)
            except Exception as exc:  # typer's own copy of click.UsageError
                if "does not exist" in str(exc):
                    break  # a log or results file an earlier command of the example writes
                pytest.fail(f"{where}: deckwright {shlex.join(args)}: {exc}")
            group = sub
    assert len(cmds) >= 25, len(cmds)


def test_the_cheap_commands_shown_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    ran, seen = 0, set()
    for where, args, runnable in _commands():
        command = args[0]
        if not runnable or not (command in RUN or (command == "build" and "--only" in args)):
            continue
        if tuple(args) in seen:
            continue  # the same command shown on two pages (README's tour and a page) runs once
        seen.add(tuple(args))
        args = [str(ROOT / a) if a.startswith(("examples/", "carddata/")) else a for a in args]
        if command == "build":
            args += ["-o", str(tmp_path / "out")]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, f"{where}: deckwright {shlex.join(args)}\n{result.output}"
        ran += 1
    assert ran >= 7, ran
