"""Fuzzing the command line in-process: any arguments and any board give exit 0 or 2, never a traceback.

Boards are small (at most 3x4 cells, so that `solutions` without a limit stays quick), but the
numbers, names and options around them are hostile: huge totals, offsets past 2**63, names with
newlines, missing files, unknown options.  Exit 2 must come with exactly one line on standard error.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boards import midgame
from minesat.board import format_board
from minesat.cli.commands import main
from minesat.counting import LayoutSpace

SMALL = st.integers(0, 12).map(str)
HOSTILE_NUMBERS = st.sampled_from(["-1", "x", "", "\u0663", "0" * 30 + "1", str(2 ** 63 - 1), str(2 ** 63),
                                   str(2 ** 64), "1" * 4301])
NUMBERS = st.one_of(SMALL, HOSTILE_NUMBERS)  # one_of leans to the first: mostly numbers that reach the engine
MINES, LIMIT, OFFSET = ("--mines",), ("--limit",), ("--offset",)  # each followed by a number
TIMEOUT, MEMORY = ("--timeout",), ("--memory",)  # so are these (every command takes them)
ENCODINGS, SOLVERS = [("--encoding", "binomial"), ("--encoding", "sortnet")], [("--solver", "native"),
                                                                              ("--solver", "wasm")]
OPTIONS = {  # what each command takes
    "analyze": [MINES, MINES, *ENCODINGS, *SOLVERS, ("--forced", "count"), ("--forced", "sat"), ("--forced", "sat"),
                TIMEOUT, MEMORY],
    "cnf": [MINES, *ENCODINGS, TIMEOUT, MEMORY],
    "ilp": [MINES, TIMEOUT],
    "solutions": [MINES, MINES, *ENCODINGS, *SOLVERS, LIMIT, LIMIT, OFFSET, ("--method", "sat"),
                  ("--method", "count"), TIMEOUT, MEMORY],
}
BAD_OPTIONS = [("--encoding", "x"), ("--solver", "z3"), ("--bogus",), ("-",), ("--help",), ("--forced", "sat"),
               ("--method", "count"), LIMIT]
CELL = st.sampled_from("??????FF0112345678")
ODD_CELL = st.sampled_from(" *Hfh9x\t\u00b2")


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A consistent position of at most 3x4 cells: mines placed, some safe cells revealed, the true total."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    cells = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    mines, shown = draw(st.sets(cells)), draw(st.sets(cells))

    def shown_as(r: int, c: int) -> str:
        if (r, c) in mines or (r, c) not in shown:
            return "?"
        return str(sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1)))

    lines = ["".join(shown_as(r, c) for c in range(cols)) for r in range(rows)]
    return f"mines={len(mines)}\n" + "\n".join(lines) + "\n"


@st.composite
def board_texts(draw: st.DrawFn) -> str:
    """A consistent position, or up to 3 rows of up to 3 cells drawn freely, perhaps after a total line;
    now and then odd cells or ragged rows."""
    if draw(st.booleans()):
        return draw(positions())
    n_rows, n_cols = draw(st.integers(1, 3)) * (not rarely(draw)), draw(st.integers(1, 3))
    cell = st.one_of(CELL, ODD_CELL) if rarely(draw) else CELL
    rows = ["".join(draw(st.lists(cell, min_size=n_cols, max_size=4 if rarely(draw) else n_cols)))
            for _ in range(n_rows)]
    header = draw(st.sampled_from(["", "mines=", "MINES: ", "3x3x", "# comment\n"]))
    if header and not header.endswith("\n"):
        header += draw(NUMBERS) + "\n"
    return header + "\n".join(rows) + draw(st.sampled_from(["", "\n", "\r\n"]))


def rarely(draw: st.DrawFn) -> bool:
    """True for about one draw in eight: hostile input, kept rare enough that most runs reach the engine."""
    return draw(st.sampled_from([False] * 7 + [True]))  # hypothesis leans to the first: False


@st.composite
def invocations(draw: st.DrawFn) -> tuple[list[str], str, str]:
    """(argv, board text, where the board comes from: 'file', 'stdin', 'missing', 'odd name' or 'two')."""
    command = draw(st.sampled_from(["analyze", "cnf", "ilp", "solutions"] if not rarely(draw) else ["analyse", ""]))
    options: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(BAD_OPTIONS if rarely(draw) else OPTIONS.get(command, [MINES])))
        options += [*option, draw(NUMBERS)] if option in (MINES, LIMIT, OFFSET, TIMEOUT, MEMORY) else option
    sources = ["missing", "odd name"] if rarely(draw) else ["file", "stdin"] + ["two"] * (command == "analyze")
    return [command, *options], draw(board_texts()), draw(st.sampled_from(sources))


def run_main(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """The CLI's exit status, standard output and standard error, as a shell would see them."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch("sys.stdin", io.StringIO(stdin)):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse's --help exits 0 by itself
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow
@given(invocations())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_cli_exits_0_or_2_with_one_line_of_error(invocation):
    argv, text, source = invocation
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board.txt"
        board.write_text(text)
        paths = {"file": [str(board)], "stdin": ["-"], "missing": [str(board) + ".missing"],
                 "odd name": [str(Path(folder) / "new\nline\x1b[31m.txt")], "two": [str(board), "-"]}[source]
        code, out, err = run_main(argv + paths, text)
    event(f"exit {code}, {argv[0] or 'no command'}")
    assert code in (0, 2), (argv, text, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("minesat: ") and err.endswith("\n") and len(err.splitlines()) == 1, err
    else:
        assert err == ""
        assert out or argv[0] == "solutions"  # solutions of a contradictory board: none


def blank(rows: int, cols: int, header: str = "") -> str:
    return header + ("?" * cols + "\n") * rows


def wrong_total(seed: int, over: int) -> str:
    """An expert mid-game position whose total is `over` mines beyond what its clues allow."""
    board = midgame(16, 30, 99, seed)
    possible = LayoutSpace(board.with_mines(None)).mines_distribution
    return format_board(board.with_mines(max(possible) + over if over > 0 else min(possible) + over))


ISSUE_23 = [  # every input of issue 23 the command line takes, each bounded by --timeout
    (["advise"], blank(32, 32)),  # more layouts than a float holds
    (["advise"], "mines=300\n" + "\n".join("?" * 20 + "2" * (r == 20) + "?" * (19 + (r != 20)) for r in range(40))),
    (["analyze"], lambda: wrong_total(0, 6)),  # a wrong total: its conflict by counting
    (["analyze"], lambda: wrong_total(1, -6)),
    (["analyze", "--mines", "3"], lambda: format_board(midgame(100, 100, 1500, 2))),
    (["analyze", "--explain", "--timeout", "1"], lambda: format_board(midgame(100, 100, 1500, 3).with_mines(None))),
    (["analyze", "--explain", "--mines", "0", "--timeout", "1"], blank(100, 100)),
    (["analyze", "--forced", "sat"], blank(100, 100)),
    (["solutions", "--offset", "100000"], blank(20, 20)),
    (["solutions", "--offset", "9000", "--timeout", "0.5"], blank(20, 20)),
    (["solutions", "--method", "count", "--offset", str(2 ** 10000 - 1)], blank(100, 100)),
    (["analyze"], "mines=4\nmines=1\n????\n"),  # one board reader, one set of rules
    (["analyze"], "9x9x1\n????\n"),
    (["advise"], "mines=" + "9" * 4000 + "\n????\n"),
    (["analyze", "--timeout", "x"], "1?\n"),
    (["cnf", "--memory", "99"], "1?\n"),
]


# A --timeout's stop may land in hypothesis's gc callback (installed by the tests above), where
# Python prints and drops it; limits.bounded stops the command again 0.1 s later (tests/cli/test_commands.py).
@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:Exception ignored in.*gc_callback:pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("argv,text", ISSUE_23, ids=lambda value: " ".join(value)[:48] if isinstance(value, list)
                         else "")
def test_issue_23_inputs_exit_0_or_2_with_one_short_line(argv, text, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(text() if callable(text) else text)
    code, out, err = run_main(argv + [str(board)], "")
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        assert err.startswith("minesat: ") and len(err.splitlines()) == 1 and len(err) < 300, err
    else:
        assert err == "" and out
