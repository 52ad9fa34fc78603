"""Refresh the game-icons.net copy Deckwright ships (``python3 tasks.py icons``), on purpose, like
the lock file: never at run time.

The source is the npm package ``@iconify-json/game-icons`` at a pinned version, fetched with npm's
own client (``npm pack``) and checked against the pinned sha512 integrity before a byte of it is
read. Each icon becomes one small SVG file (the package's ``body``, a ``path`` filled with
``currentColor``, in a 512 x 512 ``viewBox``) inside ``generator/art/game-icons/icons.zip``, where
one icon is read without reading the others; ``source.json`` beside it names the package, version,
integrity, licence, the names that stand for others (aliases) and the author of each icon, from
``authors.tsv`` beside it (the npm package names none).
The same package always gives the same bytes.

Usage: ``python -m generator.art.gameicons_build [--tarball FILE] [--integrity sha512-...]``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
INTEGRITY = "sha512-/HDDZxowXgDJcOEwPspUCq5RuDdl25OyZKdtxqqiPJQNTrWIym7r4StLzIVs77DyNzOWWhH5wDqwYR3WHeDfkg=="
"""The registry's ``dist.integrity`` of that version (``npm view PACKAGE@VERSION dist.integrity``)."""
DATA = Path(__file__).resolve().parent / "game-icons"
NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
STAMP = (1980, 1, 1, 0, 0, 0)  # every member's date: the same package gives the same zip bytes
LICENCE_SPDX = "CC-BY-3.0"


class RefreshError(Exception):
    """The package cannot be used: what is wrong, and what to do."""


def integrity_of(data: bytes) -> str:
    """The npm ``integrity`` string (Subresource Integrity, sha512) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def verify(tarball: Path, integrity: str) -> bytes:
    """The tarball's bytes, when they match ``integrity``; RefreshError otherwise."""
    data = tarball.read_bytes()
    found = integrity_of(data)
    if found != integrity:
        raise RefreshError(
            f"{tarball}: its sha512 integrity is {found}, not the pinned {integrity}; the file is not "
            f"the {PACKAGE} {VERSION} the registry published (fetch it again, or pin the new version "
            "and its integrity on purpose)"
        )
    return data


def fetch(folder: Path) -> Path:
    """``npm pack`` the pinned version into ``folder``; the tarball's path."""
    try:
        result = subprocess.run(
            ["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(folder), "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        raise RefreshError("npm is not installed: install Node.js's npm, or give --tarball FILE") from None
    if result.returncode != 0:
        raise RefreshError(f"npm pack {PACKAGE}@{VERSION} failed: {result.stderr.strip()[-400:]}")
    return folder / json.loads(result.stdout)[0]["filename"]


def _member(archive: tarfile.TarFile, name: str) -> dict:
    try:
        handle = archive.extractfile(f"package/{name}")
    except KeyError:
        handle = None
    if handle is None:
        raise RefreshError(f"the package has no {name}: is it an Iconify JSON icon set?")
    return json.loads(handle.read().decode("utf-8"))


def svg_of(icon: Mapping, width: int, height: int) -> str:
    """One icon of an Iconify set as a complete SVG file."""
    w, h = icon.get("width", width), icon.get("height", height)
    left, top = icon.get("left", 0), icon.get("top", 0)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="{left} {top} {w} {h}">{icon["body"]}</svg>\n'
    )


def build(data: bytes, out: Path, authors: Mapping[str, str], integrity: str) -> dict:
    """Write ``icons.zip`` and ``source.json`` into ``out`` from the package tarball ``data``;
    return what ``source.json`` says."""
    import io

    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        meta, info, icons = (_member(archive, n) for n in ("package.json", "info.json", "icons.json"))
    if info.get("license", {}).get("spdx") != LICENCE_SPDX:
        raise RefreshError(f"the package's licence is {info.get('license')}, not {LICENCE_SPDX}: look again")
    width, height = icons.get("width", 16), icons.get("height", 16)
    bodies = icons.get("icons", {})
    bad = [n for n in bodies if not NAME.match(n)]
    if bad or not bodies:
        raise RefreshError(f"unexpected icon names {bad[:3]} (or none at all): look at the package")
    aliases = {
        a: v["parent"] for a, v in sorted(icons.get("aliases", {}).items()) if v.get("parent") in bodies
    }
    out.mkdir(parents=True, exist_ok=True)
    target = out / "icons.zip"
    partial = target.with_suffix(".zip.part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in sorted(bodies):
            entry = zipfile.ZipInfo(f"{name}.svg", STAMP)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            z.writestr(entry, svg_of(bodies[name], width, height))
    partial.replace(target)
    source = {
        "package": PACKAGE,
        "version": meta.get("version"),
        "integrity": integrity,
        "licence": info["license"]["title"],
        "licence_url": "https://creativecommons.org/licenses/by/3.0/",
        "site": "https://game-icons.net",
        "icons": len(bodies),
        "zip_sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
        "aliases": aliases,
        "authors": {n: a for n, a in sorted(authors.items()) if n in bodies},
    }
    (out / "source.json").write_text(json.dumps(source, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return source


def known_authors(authors_tsv: Path, icons_yaml: Path) -> dict[str, str]:
    """Who drew each icon, as far as it is known: ``authors.tsv`` beside the data (recorded from
    the game-icons/icons repository, whose folders name the authors: the npm package carries no
    authors), then what the bundled ``templates/icons/icons.yaml`` records (``source:
    "game-icons:NAME"``, ``author:``) for a name the table lacks."""
    found: dict[str, str] = {}
    if icons_yaml.is_file():
        import yaml

        for entry in (yaml.safe_load(icons_yaml.read_text(encoding="utf-8")) or {}).values():
            source, author = str(entry.get("source", "")), entry.get("author")
            if source.startswith("game-icons:") and author:
                found[source.removeprefix("game-icons:")] = str(author)
    if authors_tsv.is_file():
        for number, line in enumerate(authors_tsv.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            name, tab, author = line.partition("\t")
            if not tab or not NAME.match(name) or not author.strip():
                raise RefreshError(f"{authors_tsv}:{number}: expected 'icon-name<TAB>Author', found {line!r}")
            found[name] = author.strip()
    return found


def main(argv: list[str]) -> int:
    tarball = Path(argv[argv.index("--tarball") + 1]) if "--tarball" in argv else None
    integrity = argv[argv.index("--integrity") + 1] if "--integrity" in argv else INTEGRITY
    checkout = Path(__file__).resolve().parents[2]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            data = verify(tarball or fetch(Path(tmp)), integrity)
            authors = known_authors(DATA / "authors.tsv", checkout / "templates" / "icons" / "icons.yaml")
            source = build(data, DATA, authors, integrity)
    except RefreshError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    size = (DATA / "icons.zip").stat().st_size
    print(f"wrote {DATA / 'icons.zip'}: {source['icons']} icons, {size / 1e6:.2f} MB ({source['version']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
