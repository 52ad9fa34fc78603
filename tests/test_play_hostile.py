"""`simulate` and `sweep` against hostile input and faults (issue 39): a run too large to plan
up front, more --jobs than the machine has, a worker that dies, targets that take no files, a
disk that fills, rule parameters and counts out of range. Each ends with a clear message and
its exit code, never a traceback, and leaves no half-written file."""

from __future__ import annotations

import errno
import itertools
import os
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from generator.core.errors import BuildError
from generator.play import stream
from generator.play.runner import games_of, spans
from generator.play.stream import Pool, ordered


class Recorder:
    """An executor that plays nothing until asked: counts what was submitted."""

    def __init__(self, fail: BaseException | None = None, never: bool = False) -> None:
        self.submitted = 0
        self.fail, self.never = fail, never

    def submit(self, fn, *args):
        self.submitted += 1
        future: Future = Future()
        if self.fail is not None:
            future.set_exception(self.fail)
        elif not self.never:
            future.set_result(fn(*args))
        return future


def test_a_run_of_a_million_million_games_is_planned_a_few_chunks_at_a_time():
    """`simulate --games 1000000000000` built every chunk before playing one (> 2 GB)."""
    calls = ((None, a, b) for a, b in spans(10**12, 200))  # made as asked for
    pool = Pool(Recorder(), slots=2)  # type: ignore[arg-type]
    results = ordered(pool, lambda _, a, b: (a, b), calls, 8, games_of)
    first = list(itertools.islice(results, 100))
    assert first[0] == (0, 200) and first[-1] == (19800, 20000)
    assert pool.executor.submitted <= 100 + 8  # type: ignore[attr-defined]


def test_a_dead_local_worker_ends_the_run_naming_the_lost_games():
    pool = Pool(Recorder(fail=BrokenProcessPool("gone")), slots=2)  # type: ignore[arg-type]
    calls = [(None, a, b) for a, b in spans(1000, 200)]
    with pytest.raises(BuildError) as caught:
        list(ordered(pool, lambda *_: None, calls, 3, games_of))
    message = str(caught.value)
    assert "a worker process stopped (killed, or out of memory) while playing games 1 to 200" in message
    assert "lost: games 1 to 200; games 201 to 400; games 401 to 600, and the games after them" in message


def test_a_cluster_left_without_workers_ends_the_run_naming_the_lost_games(monkeypatch):
    monkeypatch.setattr(stream, "LOST_AFTER", 0.3)
    monkeypatch.setattr(stream, "POLL", 0.05)
    pool = Pool(Recorder(never=True), 4, workers=lambda: 0, where="tcp://10.0.0.9:8786")  # type: ignore[arg-type]
    calls = [(None, a, b) for a, b in spans(100, 10)]
    with pytest.raises(BuildError) as caught:
        list(ordered(pool, lambda *_: None, calls, 6, games_of))
    message = str(caught.value)
    assert message.startswith("--scheduler tcp://10.0.0.9:8786: no worker has been there for 0 s; lost:")
    assert "games 1 to 10; games 11 to 20; games 21 to 30; games 31 to 40; 2 more chunk(s)" in message
    assert "Start workers with 'dask worker tcp://10.0.0.9:8786' and run again" in message


def test_more_jobs_than_the_machine_has_are_clamped(run_cli, tmp_path: Path):
    code, out, err = run_cli(
        "simulate", "road-runner", "--games", "6", "--jobs", "10000", "-o", tmp_path / "l"
    )
    assert code == 0, err
    most = stream.machine_jobs()
    assert f"--jobs 10000: this machine has {most} processor(s); played with {most} processes" in out
    assert len(list((tmp_path / "l").glob("*.yaml"))) == 6


def test_results_naming_a_folder_is_refused_before_any_game(run_cli, tmp_path: Path):
    (tmp_path / "runs").mkdir()
    code, _, err = run_cli("simulate", "road-runner", "--games", "5", "--results", tmp_path / "runs")
    assert code == 2
    assert "--results runs: that is a folder; give a file name such as runs/results.json" in err
    assert list((tmp_path / "runs").iterdir()) == []


def test_a_folder_that_takes_no_files_is_refused_before_any_game(run_cli, tmp_path: Path, monkeypatch):
    """As a read-only folder looks to a user who is not root (root may write anywhere)."""
    import generator.play.simulate as simulate

    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access

    def access(path, mode) -> bool:  # the folder reads, but takes no writes
        return False if str(path).startswith(str(locked)) and mode & os.W_OK else real(path, mode)

    monkeypatch.setattr(simulate.os, "access", access)
    for args in (["-o", locked / "logs"], ["--results", locked / "r.json"], ["-o", locked, "--only", "2"]):
        code, out, err = run_cli("simulate", "road-runner", "--games", "5", *args)
        assert code == 1, err
        assert "cannot write there (Permission denied); choose another folder" in err
        assert "Traceback" not in out + err
    assert [p.name for p in locked.rglob("*") if p.is_file()] == []


def test_a_disk_that_fills_leaves_whole_logs_and_no_temporary_file(run_cli, tmp_path: Path, monkeypatch):
    """A write that fails half-way (ENOSPC after 3 logs): the logs written are whole, the one
    being written is gone with its temporary file, and the message says so."""
    import generator.core.writing as writing

    written = {"n": 0}
    real_open = open

    class Full:
        def __init__(self, path, mode):
            self.handle = real_open(path, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            written["n"] += 1
            if written["n"] > 3:
                self.handle.write(data[: len(data) // 2])
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self.handle.write(data)

    monkeypatch.setattr(writing, "open", Full, raising=False)
    code, out, err = run_cli("simulate", "road-runner", "--games", "8", "-o", tmp_path / "logs")
    assert code == 1 and "Traceback" not in out + err
    assert "road-runner-1-0004.yaml: cannot write: No space left on device" in err
    assert "3 whole log(s) were written before it" in err
    files = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert files == [f"road-runner-1-000{i}.yaml" for i in (1, 2, 3)]
    assert all((tmp_path / "logs" / f).read_text().rstrip().endswith("policy random.'") for f in files)

    code, out, err = run_cli("simulate", "road-runner", "--games", "8", "--results", tmp_path / "r.json")
    assert code == 1 and "r.json: cannot write: No space left on device" in err
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == []


@pytest.mark.parametrize(
    ("value", "shown"),
    [("-1", "hand is -1"), ("1000000", "hand is 1000000"), ("0", "hand is 0")],
)
def test_a_variants_rule_parameter_out_of_range(run_cli, tmp_path: Path, value: str, shown: str):
    (tmp_path / "v.yaml").write_text(f"rules:\n  hand: {value}\n", encoding="utf-8")
    code, out, err = run_cli("simulate", "road-runner", "--games", "3", "-o", "l", "--variant", "v.yaml")
    assert code == 1 and "Traceback" not in out + err
    assert f"v.yaml:2:9: rules.hand: {shown}; with 3 players it may be 1 to 26" in err
    assert not (tmp_path / "l").exists()


def test_the_largest_hand_a_variant_may_deal_plays(run_cli, tmp_path: Path):
    (tmp_path / "v.yaml").write_text("rules:\n  hand: 10\n", encoding="utf-8")
    code, _, err = run_cli(
        "simulate",
        "road-runner",
        "--players",
        "8",
        "--games",
        "5",
        "--results",
        "r.json",
        "--variant",
        "v.yaml",
    )
    assert code == 0, err


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ("rules.hand=4,-1", "--set: rules.hand: hand is -1; with 3 players it may be 1 to 26"),
        ("rules.hand=1000000", "--set: rules.hand: hand is 1000000; with 3 players it may be 1 to 26"),
        ("cards.Sail.count=20000", "--set: cards.Sail.count: a card's count is at most 10,000"),
    ],
)
def test_a_sweep_out_of_range(run_cli, setting: str, said: str):
    code, out, err = run_cli("sweep", "road-runner", "--games", "4", "--set", setting)
    assert code == 1 and "Traceback" not in out + err
    assert said in err


def test_a_variant_count_above_the_card_file_limit(run_cli, tmp_path: Path):
    (tmp_path / "v.yaml").write_text("cards:\n  Sail: {count: 1000000000}\n", encoding="utf-8")
    code, _, err = run_cli("simulate", "road-runner", "--games", "2", "-o", "l", "--variant", "v.yaml")
    assert code == 1
    assert "v.yaml:2:17: cards.Sail.count: a card's count is at most 10,000, as in a card file" in err
