"""Fuzzing the command line in-process: any arguments and any board give exit 0 or 2, never a traceback.

Boards are small (at most 3x3 cells, so that `solutions` without a limit stays quick), but the
numbers, names and options around them are hostile: huge totals, offsets past 2**63, names with
newlines, missing files, unknown options.  Exit 2 must come with exactly one line on standard error.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minesat.cli import main

NUMBERS = st.sampled_from(["0", "1", "2", "3", "9", "-1", "x", "", "\u0663", "0" * 30 + "1", str(2 ** 63 - 1),
                           str(2 ** 63), str(2 ** 64), "1" * 4301]) | st.integers(0, 12).map(str)
OPTIONS = st.sampled_from([
    ("--mines",), ("--encoding", "binomial"), ("--encoding", "sortnet"), ("--encoding", "x"),
    ("--solver", "native"), ("--solver", "wasm"), ("--solver", "z3"), ("--forced", "count"),
    ("--forced", "sat"), ("--method", "sat"), ("--method", "count"), ("--limit",), ("--offset",),
    ("--bogus",), ("-",), ("--help",),
])
CELL = st.sampled_from("??????FF0112345678 *Hfh9x\t")


@st.composite
def board_texts(draw) -> str:
    """Up to 3 rows of up to 3 cells (rows may be ragged), perhaps after a total line."""
    rows = draw(st.lists(st.lists(CELL, min_size=1, max_size=3).map("".join), min_size=0, max_size=3))
    header = draw(st.sampled_from(["", "mines=", "MINES: ", "3x3x", "# comment\n"]))
    if header and not header.endswith("\n"):
        header += draw(NUMBERS) + "\n"
    return header + "\n".join(rows) + draw(st.sampled_from(["", "\n", "\r\n"]))


@st.composite
def invocations(draw) -> tuple[list[str], str, str]:
    """(argv, board text, where the board comes from: 'file', 'stdin', 'missing' or 'odd name')."""
    command = draw(st.sampled_from(["analyze", "cnf", "ilp", "solutions", "solutions", "analyse", ""]))
    options: list[str] = []
    for option in draw(st.lists(OPTIONS, max_size=4)):
        options += [*option, draw(NUMBERS)] if len(option) == 1 and option[0] in ("--mines", "--limit",
                                                                                   "--offset") else option
    source = draw(st.sampled_from(["file", "file", "stdin", "missing", "odd name", "two"]))
    return [command, *options], draw(board_texts()), source


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


@given(invocations())
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_cli_exits_0_or_2_with_one_line_of_error(invocation):
    argv, text, source = invocation
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board.txt"
        board.write_text(text)
        paths = {"file": [str(board)], "stdin": ["-"], "missing": [str(board) + ".missing"],
                 "odd name": [str(Path(folder) / "new\nline\x1b[31m.txt")], "two": [str(board), "-"]}[source]
        code, out, err = run_main(argv + paths, text)
    assert code in (0, 2), (argv, text, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("minesat: ") and err.endswith("\n") and len(err.splitlines()) == 1, err
    else:
        assert err == ""
        assert out or argv[0] == "solutions"  # solutions of a contradictory board: none
