"""The command line: JSON shape and values, formats, bad input (exit 2, one line)."""

from __future__ import annotations

import json
import os
import random
import re
import select
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pycosat
import pytest
from PIL import Image

from boards import INSTANCE_1, INSTANCE_2, SEED_3X3, SEED_9X9, SEED_9X9_SAFE, lattice, random_board
from brute import Brute, brute_layouts, outcomes_by_brute, verdicts_by_brute
from minesat.board import parse_board
from minesat.cli import commands as cli
from minesat.cli import limits
from minesat.cli.commands import main
from minesat.counting import outcomes
from minesat.play.generate import generate
from minesat.proofs import explain as ex
from shots import IMAGES, truth

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None, **env_vars: str) -> subprocess.CompletedProcess:
    """`python -m minesat ...` from the repository root, as the README says."""
    env = dict(os.environ, PYTHONPATH="py", **env_vars)
    return subprocess.run([sys.executable, "-m", "minesat", *args], cwd=ROOT, env=env,
                          input=stdin, capture_output=True, text=True, timeout=120)


@pytest.fixture
def board_file(tmp_path):
    def write(text: str, name: str = "board.txt") -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write


def analyze_json(capsys, *args: str) -> list[dict]:
    assert main(["analyze", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_analyze_seed_9x9(capsys, board_file):
    path = board_file(SEED_9X9)
    [plain] = analyze_json(capsys, path)
    assert plain["satisfiable"] is True
    assert [tuple(c) for c in plain["safe"]] == SEED_9X9_SAFE
    [with_total] = analyze_json(capsys, path, "--mines", "10")
    assert with_total["count"] == "65"
    assert with_total["probability"]["8,6"] == pytest.approx(45 / 65)
    assert set(with_total) == {"rows", "cols", "satisfiable", "count", "safe", "mines", "probability"}


def test_analyze_matches_brute_force(capsys, board_file):
    for text in (SEED_3X3, "mines=3\n1???\n12??\n01??\n", "F1?\n???\n", "mines=4\n?????\n?2???\n"):
        board = parse_board(text)
        layouts = brute_layouts(board)
        assert layouts
        [out] = analyze_json(capsys, board_file(text))
        assert out["count"] == str(len(layouts))
        for cell in board.hidden:
            exact = Fraction(sum(cell in lay for lay in layouts), len(layouts))
            assert out["probability"][f"{cell[0]},{cell[1]}"] == pytest.approx(float(exact), abs=1e-12)
        assert out["safe"] == [list(c) for c in board.hidden if not any(c in lay for lay in layouts)]
        assert out["mines"] == [list(c) for c in board.hidden if all(c in lay for lay in layouts)]


def test_analyze_several_boards_and_stdin(board_file):
    result = run("analyze", board_file(SEED_3X3, "a.txt"), "-", stdin=INSTANCE_2)
    assert result.returncode == 0, result.stderr
    first, second = map(json.loads, result.stdout.splitlines())
    assert (first["satisfiable"], first["count"]) == (True, "2")
    assert (second["satisfiable"], second["count"]) == (False, "0")
    assert second["conflict"] and all(parse_board(INSTANCE_2)[tuple(c)] in "012345678"
                                      for c in second["conflict"])


def test_huge_count_has_all_digits(capsys, board_file):
    [out] = analyze_json(capsys, board_file("?" * 100 + "\n" + "?" * 99 + "1\n"))
    assert out["count"] == str(3 * 2 ** 196)  # the clue's 3 neighbours hold exactly one mine


def test_cnf_and_ilp_output(capsys, board_file):
    path = board_file(SEED_3X3)
    assert main(["cnf", path]) == 0
    assert "p cnf 4 12" in capsys.readouterr().out
    assert main(["cnf", path, "--encoding", "sortnet"]) == 0
    # clues with 1, 1, 4 and 2 hidden neighbours (the 0 has none): 0 + 0 + 6 + 1 comparators, each
    # 2 wires and 6 clauses; level clauses: 1 + 1 + 2 + 2 (a count equal to d needs only one)
    sortnet = capsys.readouterr().out
    assert "p cnf 18 48" in sortnet and sortnet.count("c clue at cell") == 4
    assert main(["ilp", path]) == 0
    lp = capsys.readouterr().out
    assert "Subject To" in lp and "x1 + x2 + x3 + x4 = 2" in lp and lp.rstrip().endswith("End")


def test_solutions_paging(capsys, board_file):
    path = board_file("???\n?1?\n???\n")
    assert main(["solutions", path]) == 0
    everything = capsys.readouterr().out
    assert everything.count("# layout") == 8
    assert main(["solutions", path, "--offset", "2", "--limit", "3"]) == 0
    page = capsys.readouterr().out
    assert page.count("# layout") == 3 and "# layout 3\n" in page
    assert page.split("# layout 3\n")[1] == everything.split("# layout 3\n")[1][:len(page.split("# layout 3\n")[1])]
    assert main(["solutions", path, "--method", "count", "--limit", "8"]) == 0
    by_count = capsys.readouterr().out
    drawings = lambda out: sorted(part.split("\n", 1)[1] for part in out.split("# layout")[1:])  # noqa: E731
    assert drawings(by_count) == drawings(everything)  # the same 8 layouts, in another order


def test_forced_cells_by_sat_give_the_same_json(capsys, board_file):
    for text in (SEED_3X3, SEED_9X9, "mines=10\n" + SEED_9X9, INSTANCE_2, "mines=2\n1???\n?2??\n"):
        path = board_file(text)
        assert analyze_json(capsys, path, "--forced", "sat") == analyze_json(capsys, path)


def test_too_tangled_board_exit_2_one_line(capsys, board_file, monkeypatch):
    import minesat.counting.space
    monkeypatch.setattr(minesat.counting.space, "MAX_STATES", 20)
    lattice = "\n".join("".join("1" if r % 2 and c % 2 else "?" for c in range(21)) for r in range(10))
    assert main(["analyze", board_file(lattice)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "too tangled" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("args,text,words", [
    (["analyze"], "1?Z\n", "line 1, column 3"),
    (["analyze"], "", "empty"),
    (["cnf"], "1??\n12\n", "line 2"),
    (["analyze", "--mines", "7"], SEED_3X3, "more than the 4 hidden"),
    (["analyze", "--mines", "-1"], SEED_3X3, "--mines"),
    (["solutions", "--limit", "x"], SEED_3X3, "--limit"),
    (["analyze", "--solver", "z3"], SEED_3X3, "--solver"),
    (["analyze", "--mines", "\u0663"], SEED_3X3, "--mines"),
    (["analyze"], "mines=\u00b2\n" + SEED_3X3, "line 1"),
    (["cnf", "--mines", "2000"], ("?" * 100 + "\n") * 100, "counter"),
    (["analyze"], "mines=" + "1" * 4301 + "\n1??\n", "4,301 digits"),  # Python's int-from-text limit
    (["cnf"], "3x1x" + "1" * 4301 + "\n1??\n", "4,301 digits"),
    (["solutions"], "mines=" + "1" * 4301 + "\n1??\n", "4,301 digits"),
    (["solutions", "--mines", "1" * 4301], SEED_3X3, "--mines"),
    (["solutions", "--offset", "1" * 4301, "--method", "count"], SEED_3X3, "--offset"),
    (["solutions", "--offset", str(2 ** 63)], SEED_3X3, "--method count"),  # past islice's range
    (["solutions", "--offset", "10001"], SEED_3X3, "at most 10,000"),  # each skipped layout: a SAT call
    (["analyze", "--timeout", "nan"], SEED_3X3, "--timeout"),
    (["analyze", "--timeout", "-1"], SEED_3X3, "--timeout"),
    (["advise", "--timeout", "1e400"], SEED_3X3, "--timeout"),
    (["cnf", "--memory", "10"], SEED_3X3, "--memory"),
    (["cnf", "--mines", "399", "--memory", "100"], ("?" * 100 + "\n") * 100, "ran out of memory: past --memory 100"),
], ids=lambda value: repr(value)[:32])
def test_bad_input_exit_2_one_line(args, text, words, board_file):
    result = run(*args, board_file(text))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and words in result.stderr
    assert "Traceback" not in result.stderr


def test_a_command_past_its_timeout_stops_with_one_line(capsys, board_file):
    blank = board_file(("?" * 20 + "\n") * 20)  # skipping 10,000 layouts by SAT takes seconds
    assert main(["solutions", blank, "--offset", "10000", "--limit", "1", "--timeout", "0.2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("minesat: stopped after 0.2 s") and len(err.splitlines()) == 1


@pytest.mark.slow
def test_the_watchdog_ends_a_process_held_up_in_the_solver():
    """pycosat holds the alarm off until it returns: the watchdog ends the process, with one line."""
    script = """if 1:
        from itertools import combinations
        import pycosat
        from minesat.cli import limits
        n, m = 12, 11  # 12 pigeons, 11 holes: minutes for picosat
        clauses = [[i * m + j + 1 for j in range(m)] for i in range(n)]
        clauses += [[-(i * m + j + 1), -(k * m + j + 1)] for j in range(m) for i, k in combinations(range(n), 2)]
        while True:
            try:
                with limits.bounded(0.2, 0, whole_process=True):
                    pycosat.solve(clauses)
                print("finished")
                break
            except limits.OverLimit:  # the alarm came before the solver held it off (a loaded machine)
                continue
    """
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"),
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "minesat: stopped after 0.2 s (--timeout 0.2; 0 means no limit)\n"


@pytest.mark.slow
def test_missing_file_and_no_command():
    result = run("analyze", "/nonexistent/board.txt")
    assert (result.returncode, "cannot read" in result.stderr) == (2, True)
    result = run()
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_offsets_and_limits_past_2_to_the_63(capsys, board_file):
    path = board_file(SEED_3X3)
    assert main(["solutions", path, "--limit", str(2 ** 63)]) == 0
    assert capsys.readouterr().out.count("# layout") == 2
    assert main(["solutions", path, "--offset", "1", "--limit", str(2 ** 64)]) == 0
    assert capsys.readouterr().out.count("# layout") == 1
    assert main(["solutions", path, "--method", "count", "--offset", str(2 ** 63), "--limit", str(10 ** 30)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.slow
def test_a_file_name_with_a_newline_gives_one_line(board_file):
    result = run("analyze", board_file(SEED_3X3, "two\nlines.txt") + ".missing")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "two\\nlines" in result.stderr
    bad = board_file("1?Z\n", "bad\nboard.txt")
    result = run("analyze", bad)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "column 3" in result.stderr


def test_a_missing_wasm_module_is_one_line(board_file):
    result = run("solutions", "--solver", "wasm", board_file(SEED_3X3), MINESAT_PICOSAT_WASM="/nonexistent.wasm")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "wasm solver is not available" in result.stderr


@pytest.mark.slow
def test_input_is_read_only_as_far_as_a_board_can_be():
    started = time.perf_counter()
    result = run("analyze", "/dev/zero")
    assert result.returncode == 2 and "too large for a board" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and time.perf_counter() - started < 30
    result = run("cnf", "-", stdin="# a comment\n" * 100_000 + "1?\n")  # 1.2 MB of comments: too much
    assert result.returncode == 2 and "too large for a board" in result.stderr


def test_solutions_by_count_stream_however_large_the_limit(board_file):
    """2**400 layouts and a limit of 10**30: the first layouts come out at once, nothing is listed first."""
    path = board_file(("?" * 20 + "\n") * 20)
    with subprocess.Popen([sys.executable, "-m", "minesat", "solutions", path, "--method", "count",
                           "--limit", str(10 ** 30)], cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as process:
        try:
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, "no layout after 30 s"
            head = [process.stdout.readline() for _ in range(22 * 3)]
        finally:
            process.kill()
    assert head[0] == "# layout 1\n" and "# layout 3\n" in head
    assert head[1:21] == ["." * 20 + "\n"] * 20  # layout 1 of all: no mine


@pytest.mark.slow
def test_a_command_started_by_a_big_process_is_not_taken_for_a_big_one():
    """Linux carries a parent's peak memory across vfork and exec (pytest after the browser tests is
    over 1 GB): the memory bound must measure the command's own memory, not that mark."""
    command = ["generate", "--rows", "16", "--cols", "30", "--mines", "99", "--first", "8,15", "--rule", "zero",
               "--no-guess", "--count", "8", "--memory", "200"]  # a few tenths of a second: the watchdog looks
    script = f"""if 1:
        import subprocess, sys
        ballast = b"x" * (300 << 20)  # 300 MB touched: the parent's high-water mark
        done = subprocess.run([sys.executable, "-m", "minesat", *{command!r}], capture_output=True, text=True)
        print(done.returncode, done.stderr.strip())
    """
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "py")}).stdout.strip()
    assert out == "0", out


def test_the_alarm_comes_again_when_its_first_stop_was_swallowed():
    """Python swallows an exception raised in a gc callback or a __del__ (CI saw the timeout's
    OverLimit lost in hypothesis's gc callback): the alarm comes again until the command stops."""
    stops = 0
    deadline = time.monotonic() + 5
    with pytest.raises(limits.OverLimit):
        with limits.bounded(0.1, 0, whole_process=False):
            while time.monotonic() < deadline:
                try:
                    while time.monotonic() < deadline:
                        pass
                except limits.OverLimit:  # as a gc callback would: the first stop is lost
                    stops += 1
                    if stops > 1:
                        raise
    assert stops == 2 and time.monotonic() < deadline


@pytest.mark.slow
@pytest.mark.parametrize("command, redirect, words", [
    ("analyze -", "<&-", "standard input is closed"),
    ("review -", "<&-", "standard input is closed"),
    ("read-image -", "<&-", "standard input is closed"),
    ("analyze BOARD", ">&-", "standard output is closed"),
    ("analyze BOARD", ">/dev/full", "cannot write the answer: No space left on device"),
    ("cnf BOARD", ">/dev/full", "cannot write the answer: No space left on device"),
])
def test_a_closed_or_full_standard_stream_is_one_line_and_exit_2(command, redirect, words, board_file):
    path = board_file(SEED_3X3)
    shell = f"{sys.executable} -m minesat {command.replace('BOARD', path)} {redirect}"
    result = subprocess.run(["bash", "-c", shell], cwd=ROOT, env=dict(os.environ, PYTHONPATH="py"),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"minesat: {words}") and result.stderr.count("\n") == 1, result.stderr


def test_a_share_link_is_read_as_its_board(capsys, board_file):
    ours = analyze_json(capsys, board_file("mines=2\n1??\n???\n"))
    link = "https://example.org/minesat/#board=1??/???&mines=2&size=2x3"
    assert analyze_json(capsys, board_file(link + "\n")) == ours
    assert analyze_json(capsys, board_file(f"look: {link}.")) == ours  # in a sentence, as the page's paste reads it
    assert analyze_json(capsys, board_file(f"# {link}\nmines=2\n1??\n???\n")) == ours  # a link in a comment
    assert main(["analyze", board_file("https://example.org/#board=1?x&size=1x3\n")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_solutions_say_when_there_is_none(capsys, board_file):
    assert main(["solutions", board_file("mines=0\n1?\n??\n")]) == 0
    assert capsys.readouterr().out == "# no layout: the clues contradict each other (`minesat analyze` names them)\n"
    assert main(["solutions", "--method", "count", "--offset", "3", board_file("2?\n??\n")]) == 0
    assert capsys.readouterr().out == ""  # paged past the last of its 3 layouts


def test_no_guess_tries_are_at_least_one(capsys):
    assert main(["generate", "--rows", "3", "--cols", "3", "--mines", "1", "--first", "0,0", "--no-guess",
                 "--max-tries", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_ctrl_c_is_one_line_and_exit_130(capsys, board_file, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setattr("minesat.cli.commands.cmd_analyze", interrupted)
    assert main(["analyze", board_file(SEED_3X3)]) == 130
    assert capsys.readouterr().err == "minesat: interrupted\n"


def mbf_bytes(board) -> bytes:
    """An MBF file of a board whose flags are its mines (width, height, count, then column/row)."""
    return bytes([board.cols, board.rows, len(board.flags) >> 8, len(board.flags) & 255,
                  *[v for r, c in board.flags for v in (c, r)]])


@pytest.mark.parametrize("fmt", ["minesat", "minesweepr", "JSMinesweeper", "JSMinesweeper link", "minesweepr link",
                                 "minesat link", "MBF"])
def test_analyze_reads_every_format_the_page_reads(capsys, tmp_path, fmt):
    """One door: each format of the registry, written to a file, is analysed by the command line as
    the board itself is (the same JSON as for minesat's own text)."""
    from minesat.formats.links import board_to_fragment
    from minesat.formats.registry import WRITERS, read_bytes, write_text
    board = parse_board(SEED_9X9, mines=10)
    if fmt == "MBF":
        mines = {(0, 0), (1, 1), (2, 4)}  # a game's mines: every other cell shows its number
        full = parse_board("\n".join("".join("F" if (r, c) in mines else str(sum(
            (r + i, c + j) in mines for i in (-1, 0, 1) for j in (-1, 0, 1))) for c in range(5)) for r in range(3)),
            mines=3)
        board, data = full, mbf_bytes(full)
    elif fmt == "minesat link":
        data = ("https://example.org/minesat/#" + board_to_fragment(board)).encode()
    else:
        assert fmt in {w.name for w in WRITERS}
        data = write_text(board, fmt).encode()
    path = tmp_path / ("game.mbf" if fmt == "MBF" else "board.txt")
    path.write_bytes(data)
    assert read_bytes(data, path.name).board == board
    plain = tmp_path / "plain.txt"
    plain.write_text(write_text(board, "minesat"))
    assert analyze_json(capsys, str(path)) == analyze_json(capsys, str(plain))


# -- the command line --------------------------------------------------------------------------
@pytest.mark.slow
def test_cli_explain(capsys, tmp_path):
    rng = random.Random(116)
    for i in range(40):
        board = random_board(rng, max_hidden=10)
        path = tmp_path / f"b{i}.txt"
        path.write_text(str(board))
        assert main(["analyze", str(path)]) == 0
        plain = json.loads(capsys.readouterr().out)
        assert main(["analyze", str(path), "--explain"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert {k: out[k] for k in plain} == plain  # every existing key kept
        assert set(out) == set(plain) | {"proofs", "outcomes", "dead"}
        forced = verdicts_by_brute(board)
        assert {tuple(map(int, k.split(","))): p["verdict"] for k, p in out["proofs"].items()} == forced
        brute = Brute(board)
        for key, p in out["proofs"].items():
            cell = tuple(map(int, key.split(",")))
            assert set(p) == {"verdict", "clues", "flags", "total"}
            assert brute.verdict(cell, {tuple(c) for c in p["clues"]}, p["flags"], p["total"]) == p["verdict"]
        expected = outcomes_by_brute(board)
        assert set(out["outcomes"]) == {f"{r},{c}" for r, c in expected}
        for (r, c), outcome in expected.items():
            got = out["outcomes"][f"{r},{c}"]
            assert got["mine"] == pytest.approx(float(Fraction(outcome.mine, outcome.layouts)))
            assert {k: v for k, v in got.items() if k != "mine"} == pytest.approx(
                {str(n): float(Fraction(w, outcome.layouts)) for n, w in outcome.numbers.items()})
        assert out["dead"] == [list(c) for c, o in sorted(expected.items()) if o.dead]


def test_cli_explain_past_the_work_bound_omits_outcomes_and_keeps_dead_cells_exact(capsys, tmp_path, monkeypatch):
    board = lattice(8, 9, seed=0)  # dead cells among cells that are not forced
    path = tmp_path / "lattice.txt"
    path.write_text(str(board))
    assert main(["analyze", str(path), "--explain"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert len(full["outcomes"]) == len(board.hidden) and "outcomes_omitted" not in full
    monkeypatch.setattr(outcomes, "LISTED", 0)
    monkeypatch.setattr(cli, "OUTCOME_WORK", 0)
    assert main(["analyze", str(path), "--explain"]) == 0
    bounded = json.loads(capsys.readouterr().out)
    assert bounded["outcomes"] == {} and "too tangled" in bounded["outcomes_omitted"]
    assert bounded["dead"] == full["dead"] and full["dead"]
    assert {k: v for k, v in bounded.items() if k not in ("outcomes", "outcomes_omitted")} == \
        {k: v for k, v in full.items() if k != "outcomes"}
    flag = re.search(r"--outcome-work \d+", bounded["outcomes_omitted"]).group().split()  # the bound that gives them
    for extra, given in ((["--outcome-work", str(int(flag[1]) - 1)], False), (flag, True)):
        assert main(["analyze", str(path), "--explain", *extra]) == 0
        again = json.loads(capsys.readouterr().out)
        assert (again["outcomes"] == full["outcomes"]) == given and ("outcomes_omitted" in again) != given


@pytest.mark.slow
def test_cli_explain_with_the_wasm_solver(capsys, tmp_path):
    path = tmp_path / "seed.txt"
    path.write_text("mines=10\n" + SEED_9X9)
    outputs = []
    for solver in ("native", "wasm"):
        assert main(["analyze", str(path), "--explain", "--solver", solver]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    native, wasm = outputs
    assert {k: v for k, v in wasm.items() if k != "proofs"} == {k: v for k, v in native.items() if k != "proofs"}
    assert set(wasm["proofs"]) == set(native["proofs"]) == {f"{r},{c}" for r, c in SEED_9X9_SAFE} | {
        f"{r},{c}" for r, c in map(tuple, native["mines"])}
    board = parse_board("mines=10\n" + SEED_9X9)
    for key, p in wasm["proofs"].items():  # each refutes the opposite, and needs each of its clues
        proof = ex.Proof(tuple(map(int, key.split(","))), p["verdict"], tuple(map(tuple, p["clues"])),
                         p["flags"], p["total"])
        cnf, query = ex.proof_formula(board, proof)
        assert pycosat.solve(cnf.clauses + [[query]], vars=cnf.num_vars) == "UNSAT"
        for clue in proof.clues:
            rest = [c for c, o in zip(cnf.clauses, cnf.origin) if o != clue]
            assert pycosat.solve(rest + [[query]], vars=cnf.num_vars) != "UNSAT"


@pytest.mark.slow
def test_cli_read_image_prints_the_board_and_json():
    rows, _ = truth(IMAGES / "google-2.png")
    done = run("read-image", str(IMAGES / "google-2.png"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == rows
    done = run("read-image", str(IMAGES / "google-2.png"), "--json")
    data = json.loads(done.stdout)
    assert data["rows"] == rows and data["sure"] is True
    assert data["grid"]["rows"] == len(rows) and data["grid"]["cols"] == len(rows[0])
    assert len(data["confidence"]) == len(rows) and all(0 <= c <= 1 for row in data["confidence"] for c in row)


@pytest.mark.slow
def test_cli_read_image_refuses_what_is_not_a_board(tmp_path):
    text = tmp_path / "board.txt"
    text.write_text("1??\n")
    done = run("read-image", str(text))
    assert done.returncode == 2 and "cannot read" in done.stderr and len(done.stderr.splitlines()) == 1
    blank = tmp_path / "blank.png"
    Image.new("RGB", (300, 300), (255, 255, 255)).save(blank)
    done = run("read-image", str(blank))
    assert done.returncode == 2 and "no board found" in done.stderr
    done = run("read-image", str(IMAGES / "mjs-1.png"))  # two 3s in doubt, read as 4 and 6: refused
    assert done.returncode == 2 and "unsure" in done.stderr and not done.stdout
    done = run("read-image", str(IMAGES / "ace-15-lost.png"))  # one shown mine left to check: said in the singular
    assert done.returncode == 2 and "but 1 cell is unsure (r" in done.stderr


def test_cli_advise_lists_the_wrong_flags(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("F0?\n000\n")  # the zero leaves no room for the flag
    assert main(["advise", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wrong_flags"][0]["cell"] == [0, 0] and out["ignored_flags"] == [[0, 0]]
    assert out["wrong_flags"][0]["proof"]["clues"] and out["safe"] is True
    assert main(["advise", str(path), "--flags-as-mines"]) == 2  # no layout with the flag as a mine
    assert capsys.readouterr().err.count("\n") == 1


def test_cli_advise(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("1??\n12?\n01?\n")
    assert main(["advise", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["move"] == [0, 2] and out["safe"] is True and out["p_mine"] == 0.0
    path.write_text("1?\n??\n")
    assert main(["advise", str(path), "--mines", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["safe"] is False and out["p_mine"] == pytest.approx(1 / 3) and out["candidates"]
    for text in ("11\n11\n", "1?\n11\n", "1F\n11\n", "mines=3\n???\n"):  # no layout, nothing to open
        path.write_text(text)
        assert main(["advise", str(path)]) == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_cli_generate(capsys):
    args = ["generate", "--rows", "4", "--cols", "5", "--mines", "4", "--first", "0,0", "--no-guess", "--seed", "3"]
    assert main(args + ["--count", "3"]) == 0
    boards = capsys.readouterr().out.split("\n\n")
    assert len(boards) == 3
    for i, text in enumerate(boards):
        rows = text.strip("\n").split("\n")
        mines = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "*")
        assert [len(row) for row in rows] == [5] * 4 and set("".join(rows)) <= {"*", "."}
        assert mines == generate(4, 5, 4, (0, 0), "classic", 3 + i, no_guess=True).mines
    assert main(args) == 0 and capsys.readouterr().out == boards[0].rstrip("\n") + "\n"
    for bad in (["--first", "9,9"], ["--mines", "20"], ["--first", "x"], ["--rows", "0"]):
        assert main(args + bad) == 2
        assert capsys.readouterr().err.count("\n") == 1


CLI_BOARDS = [SEED_3X3, INSTANCE_1, INSTANCE_2, SEED_9X9, "mines=10\n" + SEED_9X9,  # the CLI tests' boards too
              "mines=3\n" + SEED_3X3, "mines=1\n" + INSTANCE_2, "mines=3\n1???\n12??\n01??\n", "F1?\n???\n",
              "mines=4\n?????\n?2???\n", "mines=2\n1???\n?2??\n", "?" * 100 + "\n" + "?" * 99 + "1\n"]


@pytest.mark.slow
@pytest.mark.parametrize("text", CLI_BOARDS)
@pytest.mark.parametrize("forced", ["count", "sat"])
def test_cli_json_identical(text, forced, tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text(text)
    outputs = []
    for solver in ("native", "wasm"):
        assert main(["analyze", str(path), "--solver", solver, "--forced", forced]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    board = parse_board(text)
    if len(board.hidden) <= 16:
        assert outputs[0]["satisfiable"] == bool(brute_layouts(board))
