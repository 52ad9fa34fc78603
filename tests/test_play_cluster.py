"""``--scheduler``: the same logs and counts on a Dask cluster as on one process. The test starts
a small local cluster on loopback (two worker processes, no dashboard) and stops it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.load.loader import load_game
from generator.play.plan import Plan
from generator.play.simulate import log_texts, tally
from generator.play.sweep import sweep
from generator.play.variant import parse_variant

distributed = pytest.importorskip("distributed")
runner = CliRunner()


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        worker_dashboard_address=None,
        silence_logs=40,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close(timeout=30)


def test_the_cluster_gives_the_same_logs_counts_and_sweep(scheduler: str):
    game = load_game("road-runner")
    plan = Plan(3, 40, 11)
    variant = parse_variant("cards:\n  Cactus!: {count: 4}\nrules: {hand: 6}\n", "v.yaml")
    assert list(log_texts(game, plan, scheduler=scheduler)) == list(log_texts(game, plan))
    assert (
        tally(game, plan, variant=variant, scheduler=scheduler).as_dict()
        == tally(game, plan, variant=variant).as_dict()
    )
    grid = [("rules.hand", ["4", "6"])]
    remote = [p.tally.as_dict() for p in sweep(game, plan, grid, scheduler=scheduler)]
    assert remote == [p.tally.as_dict() for p in sweep(game, plan, grid, jobs=2)]


def test_cli_simulate_on_the_cluster(tmp_path: Path, scheduler: str):
    result = runner.invoke(
        app, ["simulate", "jokers-row", "--games", "6", "-o", str(tmp_path / "c"), "--scheduler", scheduler]
    )
    assert result.exit_code == 0, result.output
    here = runner.invoke(app, ["simulate", "jokers-row", "--games", "6", "-o", str(tmp_path / "h")])
    assert here.exit_code == 0
    assert {p.name: p.read_bytes() for p in (tmp_path / "c").iterdir()} == {
        p.name: p.read_bytes() for p in (tmp_path / "h").iterdir()
    }


def test_no_scheduler_there_is_a_usage_error(tmp_path: Path):
    result = runner.invoke(
        app,
        [
            "simulate",
            "jokers-row",
            "--games",
            "2",
            "--results",
            str(tmp_path / "r.json"),
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
    )
    assert (
        result.exit_code == 2
        and "no Dask scheduler answers" in result.output
        and "Traceback" not in result.output
    )
