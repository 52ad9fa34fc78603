"""Deckwright installed as a package works from any folder: a wheel built from the checkout,
installed into a fresh environment outside it, runs a tour of the commands on a bundled game and
on a new one. A data file the wheel forgot (a font, a template, a game, a preset, the preview's
pages) fails here.

The fresh environment reaches the third-party libraries of the environment running the tests
through a ``.pth`` line (so nothing is downloaded), but not the checkout: that line's own ``.pth``
files (the editable install's) are not read, and every command runs in a folder outside it.
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("generator", "carddata", "templates", "fonts")
FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "CHANGELOG.md")


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The source distribution, built (PEP 517) from a copy of the checkout's sources, so the
    checkout gets no build/ folder."""
    src = tmp_path_factory.mktemp("src")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in FILES:
        shutil.copy2(ROOT / name, src / name)
    dist = tmp_path_factory.mktemp("sdist")
    build = f"from setuptools import build_meta; build_meta.build_sdist({str(dist)!r})"
    subprocess.run([sys.executable, "-c", build], cwd=src, check=True, capture_output=True)
    return next(dist.glob("deckwright-*.tar.gz"))


@pytest.fixture(scope="module")
def wheel(sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from the unpacked sdist, as pip builds one from PyPI: whatever the sdist
    forgot, the wheel lacks too."""
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(sdist) as archive:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python >= 3.10.12
        archive.extractall(unpacked, **safe)
    (src,) = unpacked.iterdir()
    dist = tmp_path_factory.mktemp("dist")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "--wheel-dir", str(dist), str(src)], check=True, capture_output=True)
    return next(dist.glob("deckwright-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the wheel installed; returns its ``bin`` folder."""
    env = tmp_path_factory.mktemp("env")
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    libraries = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "libraries-of-the-test-run.pth").write_text("\n".join(sorted(libraries)) + "\n")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps"]
    subprocess.run([*install, str(wheel)], check=True, capture_output=True, env=_clean_env())
    return env / "bin"


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DECKWRIGHT", "VIRTUAL_ENV"))}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(bin_: Path, where: Path, *args: str, code: int = 0) -> str:
    result = subprocess.run(
        [str(bin_ / "deckwright"), *args], cwd=where, capture_output=True, text=True, env=_clean_env()
    )
    assert result.returncode == code, f"deckwright {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return result.stdout + result.stderr


def test_the_wheel_carries_the_bundled_data(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "generator/_bundled/fonts/lato/Lato-Regular.ttf",
        "generator/_bundled/fonts/lato/LICENSE-OFL.txt",
        "generator/_bundled/fonts/fonts.yaml",
        "generator/_bundled/templates/icons/LICENSE.txt",
        "generator/_bundled/carddata/road-runner/game.yaml",
        "generator/_bundled/carddata/maloney/rules/__init__.py",
        "generator/printshop/presets/generic.yaml",
        "generator/color/profiles/ISOcoated_v2_300_bas.icc",
        "generator/serve/static/index.html",
        "generator/core/messages/en.yaml",
        "generator/core/messages/de.yaml",
        "generator/art/game-icons/icons.zip",
        "generator/art/game-icons/source.json",
        "generator/art/game-icons/LICENSE.txt",
        "deckwright-0.1.0.dist-info/licenses/LICENSE",
        "deckwright-0.1.0.dist-info/licenses/generator/art/game-icons/LICENSE.txt",
    ):
        assert needed in names, needed
    assert not [n for n in names if "__pycache__" in n]


def test_the_installed_package_runs_from_any_folder(installed: Path, tmp_path: Path):
    from generator import __version__

    here = tmp_path / "somewhere"
    here.mkdir()
    assert _run(installed, here, "--version").strip() == f"deckwright {__version__}"
    listed = _run(installed, here, "list")
    for game in ("road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies"):
        assert game in listed
    # a bundled game: checked, built into ./output, exported
    _run(installed, here, "check", "jokers-row")
    _run(installed, here, "build", "road-runner")
    assert (here / "output" / "road-runner" / "cards.pdf").stat().st_size > 10_000
    assert (here / "output" / "road-runner" / "print-guide.md").is_file()
    _run(installed, here, "export", "road-runner", "--cards", "cards.csv")
    assert (here / "cards.csv").read_text(encoding="utf-8").count("\n") > 80
    # a new game, as a newcomer starts one
    _run(installed, here, "new", "my-game")
    _run(installed, here, "check", "my-game")
    _run(installed, here, "build", "my-game")
    assert list((here / "output" / "my-game").glob("*.pdf"))
    # its game-icons.net icons come from the installed copy, credited in the kit
    assert "footprint by" in (here / "output" / "my-game" / "credits.md").read_text(encoding="utf-8")
    assert "game-icons/crossed-swords" in _run(installed, here, "icons", "crossed").split()
    # nothing was written into the installed package or read from the checkout
    assert not (ROOT / "output" / "my-game").exists()


def test_the_installed_preview_serves_its_page(installed: Path, tmp_path: Path):
    _run(installed, tmp_path, "new", "served")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [str(installed / "deckwright"), "serve", "served", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=_clean_env(),
    )
    try:
        status, page = _get(port, "/", deadline=time.monotonic() + 60)
        assert status == 200 and b"<html" in page.lower()
        status, script = _get(port, "/static/app.js", deadline=time.monotonic() + 10)
        assert status == 200 and script
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _get(port: int, path: str, deadline: float) -> tuple[int, bytes]:
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
