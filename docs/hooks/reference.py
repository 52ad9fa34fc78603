"""MkDocs hook: the Reference pages generated from the program itself, at every build.

- ``reference/commands.md``: every command's ``--help``, read from the typer app (so a new option
  or command appears without anyone writing it down);
- ``reference/files.md``: every file kind's keys, read from the JSON Schemas ``deckwright schema``
  writes (the same pydantic models the loader validates with).

The pages are generated in memory (``File.generated``); nothing is written into ``docs/``.
"""

from __future__ import annotations

from typing import Any

COMMANDS_PAGE = "reference/commands.md"
FILES_PAGE = "reference/files.md"
WIDTH = 100


def _help_texts() -> list[tuple[str, str]]:
    """(command path, plain --help text) for the app and every command, groups' commands included."""
    import typer

    from generator.cli import app

    root = typer.main.get_command(app)
    out: list[tuple[str, str]] = []

    def walk(cmd: Any, name: str, parent: Any) -> None:
        ctx = cmd.context_class(
            cmd, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH
        )
        out.append((ctx.command_path, cmd.get_help(ctx)))
        if hasattr(cmd, "commands"):  # a group (typer's own copy of click's Group)
            for sub_name in cmd.list_commands(ctx):
                walk(cmd.commands[sub_name], sub_name, ctx)

    walk(root, "deckwright", None)
    return out


def commands_page() -> str:
    """Markdown: one section per command, its --help verbatim."""
    parts = [
        "# Commands and options",
        "",
        "Generated from the command line itself at every build of this site (each command's",
        "`--help`). The [command line overview](index.md) says what each command is for.",
        "",
    ]
    for path, text in _help_texts():
        parts += [f"## `{path}`", "", "```text", text.rstrip(), "```", ""]
    return "\n".join(parts)


def _type_of(prop: dict[str, Any]) -> str:
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in prop or "oneOf" in prop:
        options = [_type_of(p) for p in prop.get("anyOf", prop.get("oneOf", []))]
        return " or ".join(dict.fromkeys(o for o in options if o))
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    kind = prop.get("type")
    if kind == "array":
        return f"list of {_type_of(prop.get('items', {})) or 'anything'}"
    if kind == "object":
        extra = prop.get("additionalProperties")
        return f"mapping to {_type_of(extra)}" if isinstance(extra, dict) and extra else "mapping"
    return kind or ""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("``", "`").replace("|", "\\|")


def _table(schema: dict[str, Any]) -> list[str]:
    props = schema.get("properties", {})
    if not props:
        return [f"Type: {_type_of(schema) or 'any'}.", ""]
    required = set(schema.get("required", []))
    rows = ["| key | type | required | meaning |", "|---|---|---|---|"]
    for key, prop in props.items():
        req = "yes" if key in required else ""
        rows.append(f"| `{key}` | {_cell(_type_of(prop))} | {req} | {_cell(prop.get('description', ''))} |")
    return [*rows, ""]


def files_page() -> str:
    """Markdown: one section per file kind, its keys, then each nested object's keys."""
    from generator.schema.export import KINDS, schema_for

    parts = [
        "# File kinds",
        "",
        "Generated from the JSON Schemas `deckwright schema` writes, at every build of this site.",
        "The schemas are looser than `deckwright check` (see",
        "[Editor set-up](../getting-started.md#editor-set-up-json-schemas)); `check` is the full test.",
        "",
    ]
    seen: set[str] = set()
    for kind in KINDS:
        schema = schema_for(kind)
        parts += [f"## `{kind}`", ""]
        if schema.get("description"):
            parts += [_cell(schema["description"]), ""]
        parts += _table(schema)
        for name, sub in schema.get("$defs", {}).items():
            if name in seen:
                continue  # the same model in two kinds is described once, under the first
            seen.add(name)
            parts += [f"### {name}", ""]
            if sub.get("description"):
                parts += [_cell(sub["description"]), ""]
            parts += _table(sub)
    return "\n".join(parts)


def on_files(files, config):  # MkDocs hook
    from mkdocs.structure.files import File

    files.append(File.generated(config, COMMANDS_PAGE, content=commands_page()))
    files.append(File.generated(config, FILES_PAGE, content=files_page()))
    return files


if __name__ == "__main__":  # print a page, to look at it: python docs/hooks/reference.py files
    import sys

    print(files_page() if sys.argv[1:] == ["files"] else commands_page())
