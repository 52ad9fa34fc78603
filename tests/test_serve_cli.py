"""`deckwright serve` on the command line: what a user can get wrong, the loud warning for another
interface than loopback, and a clean stop on Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.load.scaffold import new_game


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game("served", tmp_path_factory.mktemp("games"))


def test_unknown_game_is_named_without_a_traceback() -> None:
    result = CliRunner().invoke(app, ["serve", "no-such-game", "--port", "0"])
    assert result.exit_code == 2
    assert "unknown game 'no-such-game': give a bundled game" in result.output
    assert "Traceback" not in result.output


def test_a_port_in_use_says_what_to_do(starter: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", str(starter), "--port", str(port)])
    assert result.exit_code == 2
    assert (
        f"error: port {port} on 127.0.0.1 is in use (another serve?): choose another with --port N, "
        in result.output
    )
    assert "Traceback" not in result.output


def test_an_address_that_cannot_be_used(starter: Path) -> None:
    result = CliRunner().invoke(app, ["serve", str(starter), "--host", "no such host", "--port", "0"])
    assert result.exit_code == 2
    assert (
        "error: cannot listen on no such host port 0 (" in result.output
        and "check --host and --port" in result.output
    )
    result = CliRunner().invoke(app, ["serve", str(starter), "--port", "70000"])
    assert result.exit_code == 2 and "--port" in result.output


def test_another_interface_warns_loudly_and_ctrl_c_stops(starter: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "generator", "serve", str(starter), "--host", "0.0.0.0", "--port", "0",
               "-o", str(tmp_path / "out")]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("serving ") and " at http://0.0.0.0:" in line, line
        port = int(line.split("http://0.0.0.0:", 1)[1].split("/", 1)[0])
        warning = process.stderr.readline()  # type: ignore[union-attr]
        assert warning.startswith(
            "WARNING: listening on 0.0.0.0, not only on this machine: anyone who can reach port"
        )
        assert "Leave out --host to serve on 127.0.0.1 only." in warning
        deadline = time.monotonic() + 120
        while _status(port) != "ok":
            assert time.monotonic() < deadline and process.poll() is None, "the first build never finished"
            time.sleep(0.1)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err  # Ctrl+C ends serve as it ends every command
    assert "stopped serving." in err and "Traceback" not in err


def _status(port: int) -> str:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=10) as response:
            return json.load(response).get("status", "")
    except OSError:
        return ""
