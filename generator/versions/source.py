"""Where a version of a game comes from: a folder as it is, or a git revision of the game's folder
read with ``git archive`` into a temporary folder (the work tree is never touched)."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.core import paths
from generator.core.errors import UsageError

GIT_TIMEOUT = 120  # seconds: a local repository answers in well under one


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, timeout=GIT_TIMEOUT, check=False
        )
    except FileNotFoundError:
        raise UsageError("git is not installed: give the old version as a folder instead") from None
    except subprocess.TimeoutExpired:
        raise UsageError(f"git did not answer within {GIT_TIMEOUT} s in {folder}") from None


def _tell(result: subprocess.CompletedProcess[bytes]) -> str:
    return result.stdout.decode("utf-8", "replace").strip()


def is_folder_version(spec: str) -> bool:
    """Whether a version is given as a folder (else it is a git revision)."""
    try:
        return Path(spec).expanduser().is_dir()
    except (RuntimeError, OSError, ValueError):  # '~1': no such home; a NUL byte; a name too long
        return False


@contextmanager
def version_folder(game_folder: Path, spec: str) -> Iterator[Path]:
    """The folder holding version ``spec`` of the game in ``game_folder``: ``spec`` itself when it
    is a folder (UsageError when it is not a game), else that revision of ``game_folder`` unpacked
    into a temporary folder removed afterwards. UsageError when ``game_folder`` is not in a git
    repository, the revision is unknown or the game's folder did not exist at it."""
    if is_folder_version(spec):
        yield paths.resolve_game(spec)  # UsageError: 'folder has no game.yaml'
        return
    folder = Path(game_folder).resolve()
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise UsageError(
            f"'{spec}' is neither a folder nor usable as a git revision: the game folder "
            f"{paths_shown(folder)} is not in a git repository (give the old version as a folder)"
        )
    if spec.startswith("-") or not spec.strip():
        raise UsageError(f"'{spec}' is not a git revision (a commit, a tag, HEAD~3) nor a folder")
    commit = _git(folder, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    if commit.returncode != 0:
        raise UsageError(
            f"unknown revision '{spec}' in the git repository {paths_shown(Path(_tell(top)))}: "
            "give a commit, a tag or a name such as HEAD~3 (see 'git log'), or a folder"
        )
    sha = _tell(commit)
    prefix = _tell(_git(folder, "rev-parse", "--show-prefix")).rstrip("/")
    tree = f"{sha}:{prefix}" if prefix else sha
    archive = _git(Path(_tell(top)), "archive", "--format=tar", tree)  # from the top: paths from there
    if archive.returncode != 0:
        raise UsageError(
            f"the game folder {prefix or '.'} did not exist at revision '{spec}' ({sha[:12]}): "
            "give an older or newer revision"
        )
    with tempfile.TemporaryDirectory(prefix="deckwright-version-") as tmp:
        target = Path(tmp) / folder.name
        target.mkdir()
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(target, filter="data")
        _fill_ignored(Path(_tell(top)), tree, target)
        if not (target / paths.GAME_FILE).is_file():
            raise UsageError(f"at revision '{spec}' the folder {prefix or '.'} holds no {paths.GAME_FILE}")
        _bundled_templates_at(Path(_tell(top)), sha, target)
        yield target


def _fill_ignored(top: Path, tree: str, target: Path) -> None:
    """Files ``git archive`` left out (marked ``export-ignore`` in .gitattributes) read one by one,
    so the version is whole."""
    listed = _git(top, "ls-tree", "-r", "-z", "--name-only", tree)
    for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0"):
        path = target / name
        if not name or path.exists() or ".." in Path(name).parts:
            continue
        blob = _git(top, "cat-file", "blob", f"{tree}/{name}" if ":" in tree else f"{tree}:{name}")
        if blob.returncode == 0:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(blob.stdout)


def _bundled_templates_at(top: Path, sha: str, target: Path) -> None:
    """When the repository also holds Deckwright's bundled templates (a game bundled with it),
    put their version at ``sha`` in the unpacked game's ``templates/``, so a change to a bundled
    template shows too. A template the game has of its own (in ``templates/`` or its folder) is
    not shadowed: the loader looks there first either way."""
    try:
        inside = paths.TEMPLATES.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return  # an installed Deckwright: the game's own history only
    archive = _git(top, "archive", "--format=tar", f"{sha}:{inside}")
    if archive.returncode != 0:
        return
    own = target / "templates"
    with tempfile.TemporaryDirectory(prefix="deckwright-templates-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        for file in sorted(Path(tmp).glob("*.yaml")):
            if not (own / file.name).exists() and not (target / file.name).exists():
                own.mkdir(exist_ok=True)
                file.replace(own / file.name)


def paths_shown(path: Path) -> str:
    from generator.core.errors import display_path

    return display_path(path)


def revision_name(game_folder: Path, spec: str) -> str:
    """How a version is named in a report: a folder as shown, a revision with its short commit."""
    if is_folder_version(spec):
        return paths_shown(Path(spec))
    sha = _tell(_git(Path(game_folder).resolve(), "rev-parse", "--short=10", f"{spec}^{{commit}}"))
    return f"{spec} ({sha})" if sha and sha != spec else spec
