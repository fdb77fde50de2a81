"""The benchmarks' runner (bench/runner.py): Dask plays the same games as the process pool, on a
LocalCluster of its own or on a running cluster (--scheduler), and a stopped run resumes from
its results file to the totals of a run never stopped.  The scripts run as `make bench` runs
them (bench/run.py), on small boards to stay fast."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAY = ["bench_play.py", "--levels", "beginner", "--rules", "classic,zero", "--policies", "best", "--games", "25"]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def ok(*args: str) -> str:
    done = bench(*args)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def games(path: Path) -> dict[str, dict]:
    """Per game (its key as JSON): its result, without the times but with their number (the moves)."""
    lines = path.read_text().splitlines()
    assert "run" in json.loads(lines[0])
    out: dict[str, dict] = {}
    for line in lines[1:]:
        record = json.loads(line)
        key = json.dumps(record["key"])
        assert key not in out, f"{key} twice in {path}"
        result = dict(record["result"])
        if "ms" in result:
            result["moves"] = len(result.pop("ms"))
        out[key] = result
    return out


def totals(stdout: str) -> list[list[str]]:
    """The play table's rows up to the win counts (level, rule, policy, won/played): no times."""
    return [line.split()[:4] for line in stdout.splitlines() if line.startswith("beginner")]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A running Dask cluster (two worker processes) whose address the scripts get as --scheduler:
    its workers have no bench/ on their path, so they play with the modules the client sends."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
def test_dask_plays_the_same_games_as_the_process_pool(tmp_path: Path) -> None:
    pool, dask = tmp_path / "pool.jsonl", tmp_path / "dask.jsonl"
    pool_out = ok(*PLAY, "--runner", "pool", "--results", str(pool))
    dask_out = ok(*PLAY, "--results", str(dask))  # Dask is the default: a LocalCluster here
    assert "Dask LocalCluster" in dask_out and "a pool" in pool_out
    assert games(dask) == games(pool)
    assert len(games(pool)) == 50
    assert {g["won"] for g in games(pool).values()} == {True, False}  # lost games too: the comparison can fail
    assert totals(dask_out) == totals(pool_out) != []


@pytest.mark.slow
def test_a_running_cluster_plays_the_same_paired_games(tmp_path: Path, scheduler: str) -> None:
    base, base_dask = tmp_path / "base.jsonl", tmp_path / "base-dask.jsonl"
    record = ["paired.py", "record", "--level", "beginner", "--seed", "100", "--games", "30"]
    ok(*record, "--runner", "pool", "--out", str(base))
    ok(*record, "--scheduler", scheduler, "--out", str(base_dask))
    assert games(base_dask) == games(base)
    assert sum(step[0] for g in games(base).values() for step in g["steps"]) > 10  # guesses to compare at
    # A variation that changes many guesses: its constants must reach the cluster's workers.
    variant = ["--set", "BLEND=0.9", "--set", "PROGRESS_WEIGHT=5.0", "--set", "TREE_LAYOUTS=0",
               "--set", "MAX_CANDIDATES=1"]
    pool, dask = tmp_path / "pool.jsonl", tmp_path / "dask.jsonl"
    pool_out = ok("paired.py", "compare", str(base), *variant, "--runner", "pool", "--results", str(pool))
    dask_out = ok("paired.py", "compare", str(base), *variant, "--scheduler", scheduler, "--results", str(dask))
    assert games(dask) == games(pool)
    assert sum(g["diverged"] for g in games(pool).values()) > 5
    assert pool_out.split(" ms worst")[0].split(";")[0] == dask_out.split(" ms worst")[0].split(";")[0]
    # The same workers, next run without --set: the constants are the module's again, the record replayed as it is.
    again = tmp_path / "again.jsonl"
    ok("paired.py", "compare", str(base), "--scheduler", scheduler, "--results", str(again))
    assert not any(g["diverged"] for g in games(again).values())
    assert {k: g["won"] for k, g in games(again).items()} == {k: g["won"] for k, g in games(base).items()}


@pytest.mark.slow
def test_a_run_cut_short_resumes_to_the_same_totals(tmp_path: Path, scheduler: str) -> None:
    whole = tmp_path / "whole.jsonl"
    whole_out = ok(*PLAY, "--scheduler", scheduler, "--results", str(whole))
    # A file cut in the middle of a line, as a stop while writing leaves it.
    cut = tmp_path / "cut.jsonl"
    text = whole.read_text()
    cut.write_text(text[:text.index("\n", len(text) // 3) + 40])
    cut_out = ok(*PLAY, "--scheduler", scheduler, "--results", str(cut))
    assert "from " + str(cut) in cut_out and " 0 from " not in cut_out and " 50 from " not in cut_out
    assert totals(cut_out) == totals(whole_out)
    assert games(cut) == games(whole)
    # Nothing left to play: every game comes from the file, the totals the same.
    assert " 0 played now" in ok(*PLAY, "--scheduler", scheduler, "--results", str(cut))


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_totals(tmp_path: Path, scheduler: str) -> None:
    """Stopped for real: the script killed (SIGKILL) once some games are in its file."""
    play = PLAY
    whole = tmp_path / "whole.jsonl"
    whole_out = ok(*play, "--runner", "pool", "--results", str(whole))
    stopped = tmp_path / "stopped.jsonl"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(ROOT / d) for d in ("py", "bench", "tests/support", "tools")))
    script = subprocess.Popen([sys.executable, str(ROOT / "bench" / play[0]), *play[1:], "--scheduler", scheduler,
                               "--results", str(stopped)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and (not stopped.exists() or stopped.read_text().count("\n") < 6):
        time.sleep(0.02)
    script.send_signal(signal.SIGKILL)
    script.wait()
    kept = stopped.read_text().count("\n") - 1
    assert 5 <= kept < 50, kept
    out = ok(*play, "--scheduler", scheduler, "--results", str(stopped))
    assert f" {50 - kept} played now" in out and f", {kept} from {stopped}" in out
    assert totals(out) == totals(whole_out)
    assert games(stopped) == games(whole)


@pytest.mark.slow
def test_a_results_file_of_another_run_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    ok(*PLAY[:-1], "2", "--runner", "pool", "--results", str(other), "--set", "BLEND=0.3")
    before = other.read_text()
    done = bench(*PLAY[:-1], "2", "--runner", "pool", "--results", str(other))
    assert done.returncode != 0 and "another run" in done.stderr
    assert other.read_text() == before


@pytest.mark.slow
def test_the_record_solver_without_its_checkout_says_where_to_get_it(tmp_path: Path) -> None:
    base = tmp_path / "base.jsonl"
    ok("paired.py", "record", "--level", "beginner", "--games", "2", "--runner", "pool", "--out", str(base))
    results = tmp_path / "solver.jsonl"
    done = bench("record_solver.py", str(tmp_path / "nothing"), str(base), "--results", str(results))
    assert done.returncode != 0
    assert "no JSMinesweeper checkout" in done.stderr and "d8ff392543623c77e72b34e437ff30d68ca7178a" in done.stderr
    assert not results.exists()


# A stand-in for the record solver's checkout (the real one is not part of the project): the files
# record_solver.py reads, with a solver that answers the driver's questions in its protocol.  It
# opens the last hidden cell on the first board its Node process is asked about, and gives no move
# (the advisor's then stands) on every later one: a game's results show whether each game had a
# process of its own.
STAND_IN = """
const PLAY_STYLE_NOFLAGS = 2;
class Binomial { constructor() {} }
class BinomialCache { constructor() {} }
class Board {
  constructor(id, width, height) {
    this.width = width;
    this.values = new Array(width * height).fill(null);
  }
  getTileXY(x, y) { const values = this.values, i = y * this.width + x; return { setValue(v) { values[i] = v; } }; }
}
let asked = 0;
async function solver(board) {
  if (!board) return;
  asked += 1;
  const hidden = [...board.values.keys()].filter((i) => board.values[i] === null);
  const i = hidden[hidden.length - 1];
  return { actions: asked > 1 ? [] : [{ x: i % board.width, y: Math.floor(i / board.width) }] };
}
"""


@pytest.mark.slow
def test_the_record_solver_plays_through_the_runner(tmp_path: Path, scheduler: str) -> None:
    checkout = tmp_path / "stand-in"
    for name in ["Utility/Binomial.js", "Utility/PrimeSieve.js", "client/Board.js", "client/Tile.js",
                 "client/solver_probability_engine.js", "client/solver_main.js", "client/BruteForceAnalysis.js",
                 "client/Brute_force.js", "client/FiftyFiftyHelper.js", "client/LongTermRiskHelper.js",
                 "client/EfficiencyHelper.js", "client/SolutionCounter.js"]:
        (checkout / "Minesweeper" / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / "Minesweeper" / name).write_text(STAND_IN if name.endswith("solver_main.js") else "")
    base = tmp_path / "base.jsonl"
    ok("paired.py", "record", "--level", "beginner", "--seed", "100", "--games", "30", "--runner", "pool",
       "--out", str(base))
    one, dask = tmp_path / "one.jsonl", tmp_path / "dask.jsonl"
    ok("record_solver.py", str(checkout), str(base), "--runner", "pool", "--jobs", "1", "--results", str(one))
    out = ok("record_solver.py", str(checkout), str(base), "--scheduler", scheduler, "--results", str(dask))
    assert games(dask) == games(one)
    played = games(one).values()
    asked = [g for g in played if g["asked"]]
    assert len(asked) > 5 and sum(g["asked"] for g in played) > len(asked)  # some games asked more than once
    # Each game that asked had a process of its own: its first question got the stand-in's move.
    assert sum(g["changed"] for g in played) > len(asked) - 2
    assert f"changed differently at {sum(g['changed'] for g in played)}" in out.replace("chose", "changed")
