"""`minesat replay`: one JSON line a file with the agreed keys, a readable summary, folders, bad
files (one line each, exit 2, the others still read), --record for `minesat review`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from minesat.cli.commands import main

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "replays"
BEG = DATA / "avf" / "flop-player_arbiter_beg.avf"  # Arbiter's beginner game: 3.07 s, 3BV 28
KEYS = {"format", "software", "rows", "cols", "mines", "won", "time", "3bv", "3bv_solved", "left", "right",
        "double", "openings", "islands", "ioe", "pluck", "moves"}


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH="py")
    return subprocess.run([sys.executable, "-m", "minesat", "replay", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_json_line_per_file(capsys) -> None:
    assert main(["replay", "--json", str(BEG), str(DATA / "mvf" / "flop-player_2007_release_1.mvf")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first, second = map(json.loads, lines)
    assert KEYS <= set(first)
    assert (first["format"], first["software"], first["rows"], first["cols"]) == ("avf", "Arbiter 0.52.3", 8, 8)
    assert (first["time"], first["3bv"], first["won"], len(first["mines"])) == (3.07, 28, True, 10)
    assert all(m["grade"] in ("forced", "best", "good", "risky", "needless", "fifty-fifty") for m in first["moves"])
    assert any(m["grade"] == "needless" and m["proof"] for m in first["moves"])  # a needless guess, proved
    assert first["pluck"] > 0
    assert second["format"] == "mvf" and second["won"]


def test_readable_summary(capsys) -> None:
    assert main(["replay", str(BEG)]) == 0
    out = capsys.readouterr().out
    assert "Arbiter 0.52.3" in out and "3BV 28/28" in out and "needless" in out and "pLuck" in out


@pytest.mark.slow
def test_a_folder_and_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.avf"
    bad.write_bytes(BEG.read_bytes()[:300])
    result = run("--json", "--no-review", str(DATA / "rmv"), str(bad), str(DATA / "rawvf"))
    assert result.returncode == 2
    read = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(read) == len(list((DATA / "rmv").glob("*.rmv"))) + len(list((DATA / "rawvf").glob("*.rawvf"))) - 1
    assert all(r["pluck"] is None and r["moves"] is None for r in read)
    errors = result.stderr.splitlines()
    assert len(errors) == 3 and "Traceback" not in result.stderr
    assert errors[0].startswith(f"minesat: {bad}: Arbiter replay (avf):")
    assert "line 831" in errors[1] and errors[2] == f"minesat: 2 of {len(read) + 2} files could not be read"


def test_not_a_replay_and_a_missing_file(tmp_path: Path) -> None:
    text = tmp_path / "board.avf"
    text.write_text("1??\n?2?\n")
    result = run(str(text), str(tmp_path / "nothing.rmv"))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 3 and "cannot read it" in result.stderr


@pytest.mark.slow
def test_record_is_read_by_minesat_review(tmp_path: Path, capsys) -> None:
    out = tmp_path / "game.json"
    assert main(["replay", "--json", "--record", str(out), str(BEG)]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    assert main(["review", str(out)]) == 0
    reviewed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [m["grade"] for m in reviewed] == [m["grade"] for m in moves]
    folder = tmp_path / "records"
    assert main(["replay", "--no-review", "--record", str(folder), str(DATA / "mvf")]) == 0
    capsys.readouterr()
    assert len(list(folder.glob("*.json"))) == len(list((DATA / "mvf").glob("*.mvf")))


@pytest.mark.slow
def test_a_board_too_large_to_review_still_gets_its_statistics(tmp_path: Path) -> None:
    wide = tmp_path / "wide.rawvf"  # a 1x120 game won in one click: larger than the review's 100 columns
    wide.write_text("Width: 120\nHeight: 1\nMines: 1\nBoard:\n" + "0" * 119 + "*\nEvents:\n"
                    "0.000 lc 1 1 (3 3)\n0.010 lr 1 1 (3 3)\n")
    result = run("--json", str(wide))
    assert result.returncode == 0, result.stderr
    (answer,) = map(json.loads, result.stdout.splitlines())
    assert (answer["won"], answer["3bv"], answer["cols"], answer["moves"]) == (True, 1, 120, None)
    assert "cannot review" in answer["review_error"] and len(result.stderr.splitlines()) == 1


def test_a_folder_has_no_time_limit_unless_asked() -> None:
    from minesat.cli.commands import build_parser
    assert build_parser().parse_args(["replay", "x.avf"]).timeout == 0
    assert build_parser().parse_args(["replay", "--timeout", "5", "x.avf"]).timeout == 5
    assert build_parser().parse_args(["review", "x.json"]).timeout > 0  # the other commands keep theirs
