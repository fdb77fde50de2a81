"""`minesat replay FILE|FOLDER... [--json] [--record OUT] [--no-review]`: each replay's statistics and
its review, one JSON line a file with --json, else a readable summary; bad files are said in one
line each on standard error (the others still read) and the exit status is then 2."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from minesat.formats.replays import Replay, ReplayError, read_replay
from minesat.formats.replays.model import MAX_BYTES
from minesat.messages.codec import dumps, encode_graded
from minesat.play.replay_review import pluck, record_json, review_replay
from minesat.play.replay_stats import statistics
from minesat.play.review import Graded, summary

EXTENSIONS = (".avf", ".rmv", ".evf", ".mvf", ".rawvf")


class FileProblem(Exception):
    """One file that could not be read (the others go on)."""


def replay_paths(names: list[str]) -> list[Path]:
    """The files named, and the replay files (by extension) under the folders named, in order."""
    out: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in EXTENSIONS and p.is_file()))
        else:
            out.append(path)
    return out


def read_file(path: Path) -> bytes:
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise FileProblem(f"cannot read it: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise FileProblem(f"more than {MAX_BYTES // 1_000_000} MB: not a replay")
    return data


def figures(path: Path, replay: Replay, graded: list[Graded] | None) -> dict[str, Any]:
    """The file's JSON object: what it is, its statistics, its graded moves."""
    stats = statistics(replay)
    meta = replay.meta
    times = [e.time for e in replay.board_events]
    return {
        "file": str(path), "format": replay.format, "version": replay.version, "software": meta.software,
        "player": meta.player, "date": meta.date, "level": meta.level, "mode": meta.mode,
        "flagging": stats["flagging"], "checksum": meta.checksum,
        "rows": replay.rows, "cols": replay.cols, "mines": [list(m) for m in replay.mines],
        "won": replay.won, "outcome": replay.outcome, "time": stats["time"], "3bv": stats["3bv"],
        "3bv_solved": stats["3bv_solved"], "3bv/s": _round(stats["3bv/s"]),
        "left": stats["left"], "right": stats["right"], "double": stats["double"], "cl": stats["cl"],
        "lce": stats["lce"], "rce": stats["rce"], "dce": stats["dce"], "ce": stats["ce"],
        "openings": stats["openings"], "islands": stats["islands"], "cells": stats["cells"],
        "ioe": _round(stats["ioe"]), "throughput": _round(stats["throughput"]),
        "correctness": _round(stats["correctness"]), "rqp": _round(stats["rqp"]), "stnb": _round(stats["stnb"]),
        "path": _round(stats["path"]),
        "pluck": None if graded is None else round(pluck(graded, replay.outcome == "lost"), 6),
        "summary": None if graded is None else summary(graded),
        "moves": None if graded is None else [encode_graded(g) | {"time": round(t, 3)} for g, t in zip(graded, times)],
    }


def _round(x: object) -> object:
    return round(x, 6) if isinstance(x, float) else x


def readable(f: dict[str, Any]) -> str:
    """A few lines for people."""
    size = f"{f['cols']}x{f['rows']}/{len(f['mines'])}"
    lines = [f"{f['file']}: {f['software'] or f['format']} ({f['format']} {f['version']}), {f['level']} {size}, "
             f"{f['outcome']}" + (f", player {f['player']}" if f["player"] else ""),
             f"  time {f['time']:.3f} s, 3BV {f['3bv_solved']}/{f['3bv']}, 3BV/s {f['3bv/s']:.3f}, "
             f"openings {f['openings']}, islands {f['islands']}",
             f"  clicks: left {f['left']}, right {f['right']}, double {f['double']} "
             f"(effective {f['lce']}, {f['rce']}, {f['dce']}); IOE {f['ioe']:.3f}, "
             f"throughput {f['throughput']:.3f}, correctness {f['correctness']:.3f}, path {f['path']:.1f}"]
    if f.get("review_error"):
        lines.append(f"  not reviewed: {f['review_error']}")
    if f["moves"] is not None:
        lines.append(f"  review: {len(f['moves'])} moves, {f['summary']}; pLuck {f['pluck']:.3f}")
        for m in f["moves"]:
            if m["grade"] in ("needless", "risky", "fifty-fifty"):
                r, c, kind = m["move"]
                better = f", safer: r{m['best']['move'][0] + 1}c{m['best']['move'][1] + 1}" if m["best"] else ""
                lines.append(f"    {m['time']:8.2f} s  {kind} r{r + 1}c{c + 1}: {m['grade']} "
                             f"(mine {100 * m['p_mine']:.1f}%{better})")
    return "\n".join(lines)


def run(args: argparse.Namespace, error: type[Exception]) -> None:
    """The command; `error` is the CLI's one-line error (raised at the end when a file failed)."""
    paths = replay_paths(args.files)
    if not paths:
        raise error("no replay files (.avf, .rmv, .evf, .mvf, .rawvf) in " + " ".join(args.files)[:200])
    record_dir = None
    if args.record:
        record_dir = Path(args.record) if len(paths) > 1 or Path(args.record).is_dir() else None
        if record_dir is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
    progress = sys.stderr is not None and sys.stderr.isatty() and len(paths) > 1
    failed = 0
    for number, path in enumerate(paths, 1):
        if progress:
            print(f"\r{number}/{len(paths)} {path.name[:50]:50}", end="", file=sys.stderr, flush=True)
        try:
            replay = read_replay(read_file(path), path.name)
        except (FileProblem, ReplayError) as e:
            failed += 1
            if progress:
                print(file=sys.stderr)
            print(f"minesat: {_shown(path)}: {' '.join(str(e).splitlines())}", file=sys.stderr, flush=True)
            continue
        graded, unreviewed = None, ""
        if not args.no_review:
            try:
                graded = review_replay(replay)
            except ReplayError as e:  # read and measured, but not a game minesat's review takes
                unreviewed = " ".join(str(e).splitlines())
                print(f"minesat: {_shown(path)}: {unreviewed} (its statistics are given)", file=sys.stderr, flush=True)
        f = figures(path, replay, graded) | ({"review_error": unreviewed} if unreviewed else {})
        print(dumps(f) if args.json else readable(f), flush=True)
        if args.record:
            target = record_dir / (path.stem + ".json") if record_dir is not None else Path(args.record)
            try:
                target.write_text(json.dumps(record_json(replay)) + "\n")
            except OSError as e:
                raise error(f"cannot write {_shown(target)}: {e.strerror or e}") from None
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    if failed:
        raise error(f"{failed} of {len(paths)} files could not be read")


def _shown(path: Path) -> str:
    name = str(path)
    return name if name.isprintable() else repr(name)
