"""Command line: `minesat analyze|cnf|ilp|solutions|advise BOARD ...` (or `python -m minesat` with py/ on sys.path)."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import warnings
from itertools import islice
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from minesat.analysis.result import Analysis
from minesat.board import MAX_TEXT, Board, BoardError, format_layout, named, not_a_whole_number, whole_number
from minesat.cli import limits
from minesat.counting import TooTangled
from minesat.formats.registry import MAX_FILE, UTF16_TEXT, looks_utf16, read_bytes
from minesat.messages.codec import dumps, encode_advice, encode_graded, encode_reading, proof_fields
from minesat.reductions import ilp
from minesat.reductions.card import CounterTooLarge
from minesat.reductions.solve import ENCODINGS, SOLVERS, formula, get_solver

if TYPE_CHECKING:
    from minesat.counting import LayoutSpace

SAT_OFFSET = 10_000  # layouts --method sat may skip: picosat's enumeration slows with each (10,000: ~4 s)


class CLIError(Exception):
    """Bad input or usage: one line on standard error, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print usage; we want one line
        raise CLIError(message)


def file_name(path: str) -> str:
    """A file name as messages show it: as it is when printable, else escaped (one line)."""
    return named(path)


def standard_input() -> Any:
    """Standard input, or a one-line error when the shell closed it (`<&-`)."""
    if sys.stdin is None:
        raise CLIError("standard input is closed: give a file name instead of -")
    return sys.stdin


def read_text(path: str) -> str:
    """A file's text (standard input for '-'), reading no more than a board's text can be."""
    try:
        if path == "-":
            text = str(standard_input().read(MAX_TEXT + 1))
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_TEXT + 1)
    except UnicodeDecodeError as e:
        if e.start < 2 and looks_utf16(e.object[:64]):
            raise CLIError(f"{file_name(path)}: {UTF16_TEXT}") from None
        raise CLIError(f"cannot read {file_name(path)}: {e}") from None
    except OSError as e:
        raise CLIError(f"cannot read {file_name(path)}: {e.strerror or e}") from None
    if "\x00" in text[:64] and looks_utf16(text[:64].encode()):
        raise CLIError(f"{file_name(path)}: {UTF16_TEXT}")
    return text


def read_board(path: str, mines: int | None) -> Board:
    """The board in a file (or standard input for '-'), in any format the page reads: through the
    formats' registry (`formats.registry.read_bytes`), the one door of both."""
    try:
        if path == "-":
            stream = standard_input()
            got = getattr(stream, "buffer", stream).read(MAX_FILE + 1)
            data = got.encode() if isinstance(got, str) else bytes(got)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_FILE + 1)
    except OSError as e:
        raise CLIError(f"cannot read {file_name(path)}: {e.strerror or e}") from None
    try:
        board = read_bytes(data, "" if path == "-" else path).board
        return board if mines is None else board.with_mines(mines)
    except BoardError as e:
        raise CLIError(f"{file_name(path)}: {e}") from None


def solver_module(name: str) -> ModuleType:
    """The solver, tried once on a one-clause formula (the wasm one loads its module lazily)."""
    try:
        solver = get_solver(name)
        solver.solve([[1]], vars=1)
        return solver
    except (ImportError, OSError, RuntimeError) as e:
        raise CLIError(f"the {name} solver is not available: {e}") from None


def analysis_json(a: Analysis) -> dict[str, object]:
    """The CLI's JSON object of an analysis: the exact count as a string, probabilities as floats."""
    out: dict[str, object] = {
        "rows": a.board.rows, "cols": a.board.cols,
        "satisfiable": a.satisfiable, "count": str(a.count),
        "safe": [list(c) for c in a.safe], "mines": [list(c) for c in a.mines],
        "probability": {f"{r},{c}": float(p) for (r, c), p in a.probability.items()},
    }
    if not a.satisfiable:
        out["conflict"] = [list(c) for c in a.conflict]
    return out


OUTCOME_WORK = 2_000_000  # `analyze --explain` gives every cell's outcomes up to this `OutcomeTables.work`
                          # (a few microseconds each in CPython: a tangled 20x20 lattice needs 0.2-4.4 million)


def explain_fields(board: Board, solver: ModuleType | None = None, space: LayoutSpace | None = None,
                   work_bound: int | None = None) -> dict[str, Any]:
    """What `analyze --explain` adds: `proofs` ("row,col" -> proof, easiest first), `outcomes`
    ("row,col" -> {"mine": p, "0": p, ...}: probabilities as floats, numbers that cannot appear
    left out) and `dead` (sorted [row, col] list).  On a board whose tables would cost more than
    `work_bound` (default `OUTCOME_WORK`; `OutcomeTables.work`), `outcomes` is empty and
    `outcomes_omitted` says why; `dead` is exact either way (`OutcomeTables.is_dead`)."""
    from minesat.counting import LayoutSpace
    from minesat.counting.outcomes import MINE, OutcomeTables, dead_cells
    from minesat.proofs.explain import proofs
    space = space or LayoutSpace(board)
    bound = OUTCOME_WORK if work_bound is None else work_bound
    out: dict[str, Any] = {"proofs": {f"{r},{c}": proof_fields(proof) for proof in proofs(board, solver, space)
                                      for r, c in [proof.cell]}}
    tables = OutcomeTables(board, space) if space.count else None
    if tables is None or (work := tables.work()) <= bound:
        every = {cell: tables.of(cell) for cell in board.hidden} if tables else {}
        return out | {"outcomes": {f"{r},{c}": {MINE: float(o.probability(MINE))}
                                   | {str(n): float(o.probability(n)) for n in o.numbers}
                                   for (r, c), o in every.items()},
                      "dead": [list(cell) for cell in dead_cells(every)]}
    return out | {"outcomes": {}, "dead": [list(cell) for cell in sorted(board.hidden) if tables.is_dead(cell)],
                  "outcomes_omitted": f"the board is too tangled to give every hidden cell's outcomes: "
                                      f"about {work:,} counting states to walk, more than {bound:,} "
                                      f"(--outcome-work {work} gives them)"}


def cmd_analyze(args: argparse.Namespace) -> None:
    from minesat.analysis.analyze import analyze
    solver = solver_module(args.solver)
    for path in args.boards:
        result = analyze(read_board(path, args.mines), solver, args.encoding, args.forced)
        out = analysis_json(result)
        if args.explain:
            out |= explain_fields(result.board, solver, result.space, args.outcome_work) if result.satisfiable else \
                {"proofs": {}, "outcomes": {}, "dead": []}
        print(json.dumps(out, separators=(",", ":")), flush=True)


def cmd_cnf(args: argparse.Namespace) -> None:
    sys.stdout.write(formula(read_board(args.board, args.mines), args.encoding).to_dimacs())


def cmd_ilp(args: argparse.Namespace) -> None:
    sys.stdout.write(ilp.reduce(read_board(args.board, args.mines)).to_lp())


def cmd_solutions(args: argparse.Namespace) -> None:
    board = read_board(args.board, args.mines)
    if args.method == "count":
        from minesat.counting import LayoutSpace
        space = LayoutSpace(board)
        layouts = space.iter_layouts(args.offset, args.limit)
    else:
        from minesat.reductions.solve import iter_layouts
        if args.offset > SAT_OFFSET:
            raise CLIError(f"--offset with --method sat is at most {SAT_OFFSET:,}: each layout skipped is a SAT call, "
                           "slower and slower (--method count has random access)")
        found = iter_layouts(formula(board, args.encoding), solver_module(args.solver))
        stop = None if args.limit is None else args.offset + args.limit
        layouts = islice(found, args.offset, None if stop is None or stop > sys.maxsize else stop)
    shown = 0
    for shown, layout in enumerate(layouts, 1):
        sys.stdout.write(f"# layout {args.offset + shown}\n{format_layout(board, layout)}\n")
    if not shown and not args.offset and args.limit != 0:
        sys.stdout.write("# no layout: the clues contradict each other (`minesat analyze` names them)\n")


def cmd_advise(args: argparse.Namespace) -> None:
    from minesat.play.advice import advise
    for path in args.boards:
        board = read_board(path, args.mines)
        try:
            advice = advise(board, flags_as_mines=args.flags_as_mines)
        except ValueError as e:
            raise CLIError(f"{file_name(path)}: {e}") from None
        print(dumps(encode_advice(advice)), flush=True)


def cmd_generate(args: argparse.Namespace) -> None:
    from minesat.play.generate import generate
    for i in range(args.count):
        try:
            made = generate(args.rows, args.cols, args.mines, args.first, args.rule, args.seed + i, args.no_guess,
                            args.max_tries)
        except ValueError as e:
            raise CLIError(str(e)) from None
        sys.stdout.write(("\n" if i else "") + made.text())


def cmd_review(args: argparse.Namespace) -> None:
    from minesat.play.review import GameRecord, review
    text = read_text(args.game)
    if len(text) > MAX_TEXT:
        raise CLIError(f"{file_name(args.game)}: a game record is at most {MAX_TEXT:,} characters")
    try:
        record = GameRecord.from_text(text)
        graded = review(record, solver_module(args.solver))
    except (ValueError, RecursionError) as e:  # json.JSONDecodeError is a ValueError
        why = "a number in it has more than 4,300 digits" if "int_max_str_digits" in str(e) else str(e)
        raise CLIError(f"{file_name(args.game)}: {' '.join(why.splitlines())}") from None
    for move in graded:
        print(dumps(encode_graded(move)), flush=True)


def cmd_replay(args: argparse.Namespace) -> None:
    from minesat.cli import replay
    replay.run(args, CLIError)


MAX_IMAGE_PIXELS = 40_000_000  # a 8K screenshot is 33 million


def cmd_read_image(args: argparse.Namespace) -> None:
    """The board in a screenshot (PNG, JPEG...): decoded by Pillow, read by minesat.image.reader (which never
    imports it)."""
    from minesat.image.reader import read_image
    try:
        from PIL import Image
    except ImportError:
        raise CLIError("read-image needs Pillow: pip install 'minesat[image]'") from None
    name = file_name(args.image)
    rgba = decoded_image(Image, standard_input_image() if args.image == "-" else args.image, name)
    try:
        reading = read_image(rgba.width, rgba.height, rgba.tobytes())
    except BoardError as e:
        raise CLIError(f"{name}: {e}") from None
    if args.json:
        print(dumps(encode_reading(reading)))
        return
    if not reading.sure:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in reading.unsure[:10])
        more = f" and {len(reading.unsure) - 10} more" if len(reading.unsure) > 10 else ""
        note = f"; {reading.note}" if reading.note else ""
        count = f"{len(reading.unsure)} cells are" if len(reading.unsure) > 1 else "1 cell is"
        raise CLIError(f"{name}: a {reading.board.rows}x{reading.board.cols} board, but {count} unsure "
                       f"({cells}{more}){note}; --json shows the reading and each cell's confidence")
    sys.stdout.write(str(reading.board))


def standard_input_image() -> io.BytesIO:
    """Standard input's bytes, for Pillow; a one-line error when there are none."""
    data = standard_input().buffer.read()
    if not data:
        raise CLIError("standard input is empty: no image to read")
    return io.BytesIO(data)


def decoded_image(pil: ModuleType, source: str | io.BytesIO, name: str) -> Any:
    """The image in `source` as RGBA, decoded by Pillow (`pil`: PIL.Image); one-line CLIError on any
    failure.  Pillow's decoders raise many kinds of exception on a corrupt file (OSError, ValueError,
    SyntaxError, RuntimeError, EOFError, struct.error...) and warn on some (UserWarning of a corrupt
    TIFF, DecompressionBombWarning): no warning is printed, a bomb warning is the image being too
    large."""
    too_large = f"{name}: the image has more pixels than a screenshot can ({MAX_IMAGE_PIXELS:,} at most)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.simplefilter("error", pil.DecompressionBombWarning)
        try:
            with pil.open(source) as image:
                if image.width * image.height > MAX_IMAGE_PIXELS:
                    raise CLIError(f"{name}: {image.width}x{image.height} pixels is more than a screenshot can be")
                return image.convert("RGBA")
        except (pil.DecompressionBombWarning, pil.DecompressionBombError):
            raise CLIError(too_large) from None
        except (CLIError, MemoryError):
            raise
        except Exception as e:  # noqa: BLE001 - any decoder's failure on a corrupt file is one message
            why = getattr(e, "strerror", None) or " ".join(str(e).splitlines()) or type(e).__name__
            raise CLIError(f"cannot read {name} as an image: {why}") from None


def cell_argument(text: str) -> tuple[int, int]:
    """ROW,COL (0-based) as a cell."""
    parts = text.split(",")
    numbers = [whole_number(p.strip()) for p in parts]
    if len(parts) != 2 or None in numbers:
        raise argparse.ArgumentTypeError(f"{text!r} is not ROW,COL (two whole numbers, 0-based)")
    return numbers[0] or 0, numbers[1] or 0


def build_parser() -> Parser:
    parser = Parser(prog="minesat", description="Minesweeper analysis by SAT and exact counting.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def nonnegative(text: str) -> int:
        number = whole_number(text)
        if number is None:
            raise argparse.ArgumentTypeError(not_a_whole_number(text))
        return number

    def positive(text: str) -> int:
        number = nonnegative(text)
        if not number:
            raise argparse.ArgumentTypeError("must be at least 1")
        return number

    def common(p: argparse.ArgumentParser, solver: bool = True) -> None:
        p.add_argument("--mines", type=nonnegative, help="total number of mines on the board")
        p.add_argument("--encoding", choices=sorted(ENCODINGS), default="binomial")
        if solver:
            p.add_argument("--solver", choices=sorted(SOLVERS), default="native",
                           help="pycosat's C extension, or picosat compiled to WebAssembly")

    p = sub.add_parser("analyze", help="JSON: count, forced cells, probabilities, conflict")
    p.add_argument("boards", nargs="+", metavar="BOARD", help="a board file, or - for standard input")
    common(p)
    p.add_argument("--forced", choices=["count", "sat"], default="count",
                   help="forced cells from the exact counts (fast), or from the SAT backbone "
                        "(one solver call per round, checked against the counts)")
    p.add_argument("--explain", action="store_true",
                   help="also a minimal proof of every forced cell, every hidden cell's outcomes, the dead cells")
    p.add_argument("--outcome-work", type=nonnegative, metavar="N",
                   help="with --explain: give the outcomes only while they walk at most N counting states "
                        "(default 2,000,000, a few seconds; past it they can take minutes)")
    p.set_defaults(run=cmd_analyze)

    p = sub.add_parser("cnf", help="the board's CNF in DIMACS format")
    p.add_argument("board", metavar="BOARD")
    common(p, solver=False)
    p.set_defaults(run=cmd_cnf)

    p = sub.add_parser("ilp", help="the board's 0/1 ILP in CPLEX LP format")
    p.add_argument("board", metavar="BOARD")
    p.add_argument("--mines", type=nonnegative)
    p.set_defaults(run=cmd_ilp)

    p = sub.add_parser("solutions", help="layouts drawn as boards (mines as *)")
    p.add_argument("board", metavar="BOARD")
    common(p)
    p.add_argument("--limit", type=nonnegative, help="at most this many layouts")
    p.add_argument("--offset", type=nonnegative, default=0, help="skip this many layouts first")
    p.add_argument("--method", choices=["sat", "count"], default="sat",
                   help="sat: picosat's enumeration order; count: the counting engine's order (random access)")
    p.set_defaults(run=cmd_solutions)

    p = sub.add_parser("advise", help="JSON: the best move, whether it is safe, its mine probability, the candidates")
    p.add_argument("boards", nargs="+", metavar="BOARD", help="a board file, or - for standard input")
    p.add_argument("--mines", type=nonnegative, help="total number of mines on the board")
    p.add_argument("--flags-as-mines", action="store_true",
                   help="take every flag as a mine (by default a flag the numbers rule out is named and left out)")
    p.set_defaults(run=cmd_advise)

    p = sub.add_parser("generate", help="the mines of a board from a seed (* mine, . safe), optionally no-guess")
    for name in ("--rows", "--cols", "--mines"):
        p.add_argument(name, type=nonnegative, required=True)
    p.add_argument("--first", type=cell_argument, required=True, metavar="ROW,COL",
                   help="the first click, 0-based: safe (classic) or a zero (zero)")
    p.add_argument("--rule", choices=["classic", "zero"], default="classic")
    p.add_argument("--no-guess", action="store_true",
                   help="keep the first board drawn that can be won from the first click without a guess")
    p.add_argument("--seed", type=nonnegative, default=0)
    p.add_argument("--count", type=nonnegative, default=1, help="this many boards, from seeds S, S+1, ...")
    p.add_argument("--max-tries", type=positive, default=100_000, help="no-guess: give up after this many boards")
    p.set_defaults(run=cmd_generate)

    p = sub.add_parser("review", help="JSON per move of a game record: grade, mine probability, best move, proofs")
    p.add_argument("game", metavar="GAME.json", help="a game record, or - for standard input")
    p.add_argument("--solver", choices=sorted(SOLVERS), default="native")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("replay", help="replays (.avf .rmv .evf .mvf .rawvf): statistics and each move graded")
    p.add_argument("files", nargs="+", metavar="FILE", help="a replay file, or a folder of them")
    p.add_argument("--json", action="store_true", help="one JSON object a file, on one line")
    p.add_argument("--record", metavar="OUT",
                   help="also write minesat's game record (for `review` and Play): a file, or a folder for many")
    p.add_argument("--no-review", action="store_true", help="statistics only (no grades, no pLuck): much faster")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("read-image", help="the board in a screenshot (PNG, JPEG), or JSON: grid and confidences")
    p.add_argument("image", metavar="FILE", help="a screenshot, or - for standard input")
    p.add_argument("--json", action="store_true", help="the board, the grid found and each cell's confidence")
    p.set_defaults(run=cmd_read_image)
    for p in sub.choices.values():
        limits.add_arguments(p)
    for action in sub.choices["replay"]._actions:  # a folder may hold thousands of files: no limit unless asked
        if action.dest == "timeout":
            action.default, action.help = 0.0, "stop with exit status 2 after this long (default: no limit)"
    return parser


def discard_output() -> None:
    """Send what is left in standard output's buffer nowhere, so that Python's own flush at exit
    does not fail a second time (with a traceback) where the first failure had its one line."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture): nothing to do
        pass


def main(argv: list[str] | None = None) -> int:
    """The command line's exit status.  From the shell (`argv` None) the time and memory bounds are
    the process's own (a watchdog ends a solver stuck in C); called with `argv`, time only."""
    try:
        if sys.stdout is None:
            raise CLIError("standard output is closed: the answer would be lost")
        args = build_parser().parse_args(argv)
        with limits.bounded(args.timeout, args.memory, whole_process=argv is None):
            args.run(args)
        sys.stdout.flush()  # a full disk shows here, not after main has returned
    except (CLIError, TooTangled, CounterTooLarge, limits.OverLimit) as e:
        advice = " (take the mines= line out of the board and --mines off the command, or count the layouts: " \
                 "`solutions --method count` needs no formula)" if isinstance(e, CounterTooLarge) else ""
        print(f"minesat: {' '.join(str(e).splitlines())}{advice}", file=sys.stderr)
        return 2
    except MemoryError:
        print("minesat: the board is too large for this machine's memory", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:  # reading and solving turn theirs into CLIError: this is the output's
        print(f"minesat: cannot write the answer: {e.strerror or e}", file=sys.stderr)
        discard_output()
        return 2
    except KeyboardInterrupt:
        print("minesat: interrupted", file=sys.stderr)
        return 130
    return 0
