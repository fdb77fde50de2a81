"""ms-toollib's figures for replay files, one JSON line per file: run in its own process (by
bench_replays.py) under a Python that has `ms_toollib` (requirements.txt pins it).  Reads file
paths, one a line, on standard input; writes `{"i": index, "path", ...}` per file, or
`{"i", "path", "error"}`; a line `{"i": index, "start": true}` before each file, so that a
caller sees which file aborted the process (ms-toollib aborts on some files) and starts again
after it.  Times: `parse_s` and `analyse_s`, seconds spent in ms-toollib's parse and analyse."""

from __future__ import annotations

import json
import sys
import time

import ms_toollib as ms

CLASSES = {"avf": ms.AvfVideo, "rmv": ms.RmvVideo, "evf": ms.EvfVideo, "mvf": ms.MvfVideo}
FIELDS = ("rtime", "bbbv", "bbbv_solved", "left", "right", "double", "lce", "rce", "dce", "cl", "ce", "op", "isl",
          "ioe", "corr", "thrp", "stnb", "rqp", "path", "flag", "cell0", "cell1", "cell2", "cell3", "cell4", "cell5",
          "cell6", "cell7", "cell8", "is_completed", "software", "player_identifier", "level", "mode", "row",
          "column", "mine_num")


def figures(path: str) -> dict[str, object]:
    ext = path.rsplit(".", 1)[-1].lower()
    cls = CLASSES.get(ext)
    if cls is None:
        return {"error": "not a format ms-toollib reads"}
    with open(path, "rb") as f:
        data = f.read()
    t0 = time.perf_counter()
    video = cls(file_name=path, raw_data=list(data))
    video.parse()
    t1 = time.perf_counter()
    video.analyse()
    t2 = time.perf_counter()
    video.current_time = 1e9
    out: dict[str, object] = {"parse_s": t1 - t0, "analyse_s": t2 - t1}
    for name in FIELDS:
        try:
            value = getattr(video, name)
        except BaseException as e:  # noqa: BLE001 - ms-toollib raises PanicException (a BaseException)
            value = f"error: {type(e).__name__}"
        if isinstance(value, float) and value != value:
            value = None
        elif isinstance(value, float) and value in (float("inf"), -float("inf")):
            value = str(value)
        out["path_length" if name == "path" else name] = value
    board = video.board
    out["mines"] = [[r, c] for r, row in enumerate(board) for c, v in enumerate(row) if v == -1]
    return out


def main() -> None:
    for i, line in enumerate(sys.stdin):
        path = line.rstrip("\n")
        print(json.dumps({"i": i, "start": True}), flush=True)
        try:
            out = figures(path)
        except BaseException as e:  # PanicException, and the reader's own errors
            if isinstance(e, KeyboardInterrupt):
                raise
            out = {"error": f"{type(e).__name__}: {str(e)[:200]}"}
        print(json.dumps({"i": i, "path": path, **out}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
