"""Replays: read every file of a folder with minesat's readers and statistics, and compare with the
figures in the files' names (Arbiter's `Exp_49.25_3BV=127_...avf`, Clone's `..._38.82(3bv122).mvf`,
Metasweeper's `c_10_1184.575_1021_...evf`) and with ms-toollib's (`ms-toollib`, pinned in
requirements.txt, run in a subprocess of the Python named by --oracle, this one by default: it
aborts the process on some files, and is started again after them; skipped when it is missing).

    bench/run.py bench_replays.py FOLDER [--limit N] [--oracle PYTHON] [--speed N]

Prints: the files read per format and version, the errors, the agreement counts (per figure: equal
/ compared), and the speed of reading plus statistics beside ms-toollib's parse plus analyse on
the same files (the first N Arbiter files, default 1,000), in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from minesat.formats.replays import ReplayError, read_replay
from minesat.play.replay_stats import statistics

EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf", ".rawvf")
ORACLE = Path(__file__).resolve().parent / "replays_oracle.py"
# ours -> ms-toollib's
COMPARED = {"rows": "row", "cols": "column", "mines_count": "mine_num", "won": "is_completed", "3bv": "bbbv",
            "3bv_solved": "bbbv_solved", "left": "left", "right": "right", "double": "double", "openings": "op",
            "islands": "isl", "time": "rtime", "lce": "lce", "rce": "rce", "dce": "dce", "path": "path_length",
            "player": "player_identifier"}
NAME_FIGURES = [
    (re.compile(r"_(\d+\.\d+)_3BV=(\d+)_"), "arbiter"),  # Exp_49.25_3BV=127_3BVs=2.57_Name.avf
    (re.compile(r"_(\d+\.\d+)\(3bv(\d+)\)"), "clone"),  # Name_Exp_38.82(3bv122).mvf (time + 1 s)
    (re.compile(r"_(\d+\.\d+)3bv(\d+)"), "clone"),  # Name_Beg_15.523bv24.avf
    (re.compile(r"^[bie c]_\d+_(\d+\.\d+)_(?:3BV=)?(\d+)_"), "meta"),  # c_10_1184.575_1021_0.862_Name.evf
]


def replay_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in EXTENSIONS)


def name_figures(path: Path) -> tuple[float, int, str] | None:
    """(time, 3BV, whose) as the file's name gives them, if it does."""
    for pattern, whose in NAME_FIGURES:
        m = pattern.search(path.name)
        if m:
            return float(m.group(1)), int(m.group(2)), whose
    return None


def ours(path: Path) -> dict[str, object]:
    data = path.read_bytes()
    t0 = time.perf_counter()
    replay = read_replay(data, path.name)
    stats = statistics(replay)
    t1 = time.perf_counter()
    return {"format": replay.format, "version": replay.version, "rows": replay.rows, "cols": replay.cols,
            "mines_count": len(replay.mines), "mines": [list(m) for m in replay.mines], "won": replay.won,
            "player": replay.meta.player,
            "seconds": t1 - t0, "consistent": consistent(replay), "recorded_time": replay.recorded.get("time"), **stats}


def consistent(replay: object) -> bool:
    """The final board agrees with the events: every cell opened by some event is safe unless the game
    was lost on it, and a won game opened every safe cell."""
    from minesat.formats.replays.model import Replay
    assert isinstance(replay, Replay)
    mines = replay.mine_set
    opened = {c for e in replay.board_events for c in e.opened}
    blasts = opened & mines
    if replay.outcome == "won":
        return not blasts and len(opened) == replay.rows * replay.cols - len(mines)
    if replay.outcome == "lost":
        return len(blasts) >= 1
    return not blasts


def oracle_figures(python: str, paths: list[Path]) -> dict[str, dict[str, object]]:
    """ms-toollib's figures per path; a file that aborts the process is recorded as an error and the
    process started again after it."""
    out: dict[str, dict[str, object]] = {}
    todo = [str(p.resolve()) for p in paths]
    while todo:  # run in a temporary folder: ms-toollib writes crash.log where it aborts
        with tempfile.TemporaryDirectory() as scratch:
            proc = subprocess.run([python, str(ORACLE)], input="\n".join(todo) + "\n", capture_output=True,
                                  text=True, check=False, cwd=scratch)
        started = -1
        for line in proc.stdout.splitlines():
            item = json.loads(line)
            if item.get("start"):
                started = item["i"]
            else:
                out[str(Path(item["path"]))] = item
        if proc.returncode == 0:
            break
        crashed = max(started, 0)
        out[todo[crashed]] = {"error": f"ms-toollib aborted the process (exit {proc.returncode})"}
        todo = todo[crashed + 1:]
    return out


def close(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-6 + 1e-9 * abs(b)
    return a == b


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--limit", type=int, default=0, help="read only the first N files")
    parser.add_argument("--oracle", default=sys.executable, help="a Python that has ms_toollib")
    parser.add_argument("--speed", type=int, default=1000, help="Arbiter files timed beside ms-toollib")
    parser.add_argument("--details", type=Path, help="write each file's figures here (JSON lines)")
    args = parser.parse_args(argv)
    paths = replay_files(args.folder)
    if args.limit:
        paths = paths[:args.limit]
    print(f"{len(paths)} replay files under {args.folder}")
    results: dict[str, dict[str, object]] = {}
    errors: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for i, path in enumerate(paths):
        try:
            results[str(path)] = ours(path)
            kinds[f"{results[str(path)]['format']} {results[str(path)]['version']}"] += 1
        except ReplayError as e:
            errors[str(e)[:100]] += 1
            results[str(path)] = {"error": str(e)}
        if sys.stderr.isatty() and i % 100 == 0:
            print(f"\r{i}/{len(paths)}", end="", file=sys.stderr, flush=True)
    print("\nread, by format and version:")
    for kind, n in sorted(kinds.items()):
        print(f"  {kind:16} {n}")
    print(f"errors: {sum(errors.values())}")
    for message, n in errors.most_common(20):
        print(f"  {n:5} {message}")
    inconsistent = [p for p, r in results.items() if r.get("consistent") is False]
    print(f"final board disagreeing with the events: {len(inconsistent)}", *inconsistent[:5], sep="\n  ")

    named = Counter()
    for path in paths:
        figures = name_figures(path)
        r = results[str(path)]
        if figures is None or "error" in r:
            continue
        t, bbbv, whose = figures
        named["files"] += 1
        named["3bv equal"] += r["3bv"] == bbbv
        digits = 2 if whose in ("arbiter", "clone") else 3
        # Clone's names show its timer, which starts at 1: the real time plus 1 s (as the file states it)
        shown = [float(r["time"]) + (whose == "clone")]  # type: ignore[arg-type]
        if whose == "clone" and r.get("recorded_time") is not None:
            shown.append(float(r["recorded_time"]) + 1)  # type: ignore[arg-type]
        ok = any(abs(v - t) < 10 ** -digits / 2 + 1e-9 for v in shown)
        named["time equal"] += ok
        if not ok and named["time shown"] < 5:
            named["time shown"] += 1
            print(f"  time differs: {path.name}: ours {r['time']}")
    print(f"file names: {named['files']} with figures; 3BV equal {named['3bv equal']}, "
          f"time equal {named['time equal']}")

    if subprocess.run([args.oracle, "-c", "import ms_toollib"], capture_output=True, check=False).returncode:
        print(f"ms-toollib: not importable by {args.oracle}; skipped")
        return 0
    t0 = time.perf_counter()
    oracle = oracle_figures(args.oracle, paths)
    print(f"ms-toollib run on {len(paths)} files in {time.perf_counter() - t0:.1f} s (a subprocess)")
    agree: Counter[str] = Counter()
    compared: Counter[str] = Counter()
    oracle_failed: Counter[str] = Counter()
    differing: dict[str, list[str]] = {}
    for path in paths:
        o, r = oracle.get(str(path.resolve()), {"error": "no answer"}), results[str(path)]
        if "error" in o:
            oracle_failed[str(o["error"])[:60]] += 1
            continue
        if "error" in r:
            continue
        for mine, theirs in COMPARED.items():
            if mine not in r or theirs not in o or isinstance(o[theirs], str) and o[theirs].startswith("error"):
                continue
            compared[mine] += 1
            ok = close(r[mine], o[theirs])
            if mine == "path":
                ok = abs(float(r[mine]) - float(o[theirs])) <= 1e-3 * max(1.0, float(o[theirs]))  # type: ignore
            agree[mine] += ok
            if not ok:
                differing.setdefault(mine, []).append(f"{path.name}: ours {r[mine]} theirs {o[theirs]}")
        compared["mines"] += 1
        agree["mines"] += sorted(map(tuple, r["mines"])) == sorted(map(tuple, o["mines"]))  # type: ignore
    print(f"ms-toollib could not read {sum(oracle_failed.values())} files:")
    for message, n in oracle_failed.most_common():
        print(f"  {n:5} {message}")
    print("agreement with ms-toollib (equal / compared):")
    for name in ["mines", *COMPARED]:
        if compared[name]:
            print(f"  {name:12} {agree[name]:6} / {compared[name]}")
    for name, lines in differing.items():
        for line in lines[:3]:
            print(f"    {name}: {line}")

    arbiter = [p for p in paths if p.suffix.lower() == ".avf" and "error" not in results[str(p)]][:args.speed]
    if arbiter:
        ours_s = sum(float(results[str(p)]["seconds"]) for p in arbiter)  # type: ignore[arg-type]
        timed = [oracle.get(str(p.resolve()), {}) for p in arbiter]
        t_parse = sum(float(o.get("parse_s", 0)) for o in timed)  # type: ignore[arg-type]
        t_analyse = sum(float(o.get("analyse_s", 0)) for o in timed)  # type: ignore[arg-type]
        print(f"speed on {len(arbiter)} Arbiter files: minesat {len(arbiter) / ours_s:.0f} files/s "
              f"(read + statistics, CPython {sys.version.split()[0]}); ms-toollib "
              f"{len(arbiter) / (t_parse + t_analyse):.0f} files/s "
              f"(parse {t_parse:.2f} s + analyse {t_analyse:.2f} s); "
              f"ratio {ours_s / (t_parse + t_analyse):.1f}x")
        profile_split(arbiter[:200])
    if args.details:
        with args.details.open("w") as f:
            for path in paths:
                theirs = oracle.get(str(path.resolve()))
                line = {"path": str(path), "ours": results[str(path)], "ms-toollib": theirs}
                f.write(json.dumps(line, default=str) + "\n")
    return 0


def profile_split(paths: list[Path]) -> None:
    """Where minesat's time goes: reading the bytes, deriving the board events, the statistics."""
    from minesat.formats.replays import read as read_module
    datas = [(p.read_bytes(), p.name) for p in paths]
    t0 = time.perf_counter()
    replays = [read_module.read_replay(d, n, derive_events=False) for d, n in datas]
    t1 = time.perf_counter()
    from minesat.formats.replays.events import derive
    for r in replays:
        derive(r)
    t2 = time.perf_counter()
    for r in replays:
        statistics(r)
    t3 = time.perf_counter()
    total = t3 - t0
    print(f"  where the time goes ({len(paths)} files): reading {100 * (t1 - t0) / total:.0f}%, "
          f"board events {100 * (t2 - t1) / total:.0f}%, statistics {100 * (t3 - t2) / total:.0f}%")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main(sys.argv[1:]))
