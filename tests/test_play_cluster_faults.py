"""``--scheduler`` faults that waited silently for minutes (issue 39): a port that accepts and
never answers, a scheduler with no worker, a run whose only worker goes away. Each now ends
in bounded time with a message saying what to do (and which games were lost); the waits are
shortened here."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from generator.core.errors import BuildError
from generator.load.loader import load_game
from generator.play import cluster, stream
from generator.play.plan import Plan
from generator.play.simulate import tally

distributed = pytest.importorskip("distributed")


def local_cluster(workers: int):
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        worker_dashboard_address=None,
        silence_logs=40,
    )


def test_a_port_that_accepts_and_never_answers(run_cli, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    mute = socket.socket()
    mute.bind(("127.0.0.1", 0))
    mute.listen(8)
    held: list[socket.socket] = []
    taking = threading.Thread(target=lambda: held.append(mute.accept()[0]), daemon=True)
    taking.start()
    address = f"tcp://127.0.0.1:{mute.getsockname()[1]}"
    try:
        code, out, err = run_cli(
            "simulate", "road-runner", "--games", "4", "--results", "r.json", "--scheduler", address
        )
    finally:
        mute.close()
        for s in held:
            s.close()
    assert code == 2 and "Traceback" not in out + err
    assert f"--scheduler {address}: no Dask scheduler answers there (no answer in 1 s)" in err
    assert not (tmp_path / "r.json").exists()


def test_a_scheduler_with_no_worker(run_cli, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(cluster, "WORKER_WAIT", 1.0)
    empty = local_cluster(0)
    try:
        address = empty.scheduler_address
        code, out, err = run_cli(
            "simulate", "road-runner", "--games", "4", "-o", "logs", "--scheduler", address
        )
    finally:
        empty.close(timeout=30)
    assert code == 2 and "Traceback" not in out + err
    assert f"--scheduler {address}: the scheduler has no worker (waited 1 s); start one with" in err
    assert not (tmp_path / "logs").exists() or not list((tmp_path / "logs").iterdir())


def test_a_run_whose_only_worker_goes_away(monkeypatch):
    monkeypatch.setattr(stream, "LOST_AFTER", 2.0)
    monkeypatch.setattr(stream, "POLL", 0.2)
    one = local_cluster(1)
    try:
        threading.Timer(4.0, lambda: one.scale(0)).start()
        with pytest.raises(BuildError) as caught:
            tally(load_game("road-runner"), Plan(3, 10**9, 1), scheduler=one.scheduler_address)
    finally:
        one.close(timeout=30)
    message = str(caught.value)
    assert f"--scheduler {one.scheduler_address}: no worker has been there for 2 s; lost: games " in message
    assert "and the games after them" in message and "Start workers with 'dask worker" in message
