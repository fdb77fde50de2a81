"""The review of replays (issue 33's target: the review of an expert replay in the page's worker, median
under 1 s and worst under 3 s over 50 expert files): `replay_review.review_replay` of N replays of a
folder, seconds of CPU per file, median, 90th percentile and worst.

    bench/run.py bench_review.py FOLDER [--files N] [--prefix Exp_] [--compare ROOT] [--pyodide]
                                        [--set NAME=VALUE ...]

The files: those of FOLDER (searched recursively) whose names start with `--prefix`, sorted by name,
N of them evenly spaced (the first, then every len/N-th).  Each review runs in a worker process
of its own tree (`py/` of this repository, and with `--compare ROOT` that of another checkout,
e.g. a worktree of main before a change), the trees taking turns file by file (one order on
even files, the other on odd ones), so both see the same load; the time is the worker's CPU time
(`time.process_time`), reading excluded.  Each worker also hashes its review (`codec.encode_graded`
of every move, as `minesat replay --json` prints it): with `--compare`, the files whose reviews
differ are counted (0 when a change only made the review faster).  `--pyodide` runs the same
reviews in Pyodide under Node (one process per tree, one after the other; CPU time of the Node
process, `process.cpuUsage`), the honest figure for the page's worker.  `--set NAME=VALUE` changes a
constant of `advice.py` in this tree's CPython worker (an experiment: what a cheaper advice would
save, and how many reviews it would change).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pick(folder: Path, prefix: str, n: int) -> list[Path]:
    """N files of the folder whose names start with `prefix`, evenly spaced in name order."""
    files = sorted((p for p in folder.rglob("*") if p.is_file() and p.name.startswith(prefix)), key=lambda p: p.name)
    if len(files) <= n:
        return files
    return [files[i * len(files) // n] for i in range(n)]


def serve() -> int:
    """Worker: one file path per line on stdin; per file one JSON line on stdout:
    {"seconds", "moves", "digest"} or {"error"}."""
    import time

    from minesat.formats.replays import ReplayError, read_replay
    from minesat.messages.codec import encode_graded
    from minesat.play import advice
    from minesat.play.replay_review import review_replay
    for setting in filter(None, os.environ.get("BENCH_REVIEW_SET", "").split(",")):
        name, value = setting.split("=")
        setattr(advice, name, type(getattr(advice, name))(value))
    for line in sys.stdin:
        path = Path(line.rstrip("\n"))
        try:
            replay = read_replay(path.read_bytes(), path.name)
            start = time.process_time()
            graded = review_replay(replay)
            seconds = time.process_time() - start
        except ReplayError as e:
            print(json.dumps({"error": str(e)}), flush=True)
            continue
        text = json.dumps([encode_graded(g) for g in graded], sort_keys=True)
        print(json.dumps({"seconds": seconds, "moves": len(graded),
                          "digest": hashlib.sha256(text.encode()).hexdigest()}), flush=True)
    return 0


class Worker:
    """A `serve` process over the tree at `root`."""

    def __init__(self, root: Path, settings: list[str]):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root / "py"), os.environ.get("PYTHONPATH", "")]),
                   BENCH_REVIEW_SET=",".join(settings))
        self.root = root
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=root)

    def review(self, path: Path) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{path}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker of {self.root} stopped")
        result: dict = json.loads(line)
        return result

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


PYODIDE_SCRIPT = r"""
const [_boards, listJson] = rest;
const files = JSON.parse(readFileSync(listJson, "utf8"));
pyodide.FS.mkdirTree("/home/pyodide/replays");
files.forEach((f, i) => pyodide.FS.writeFile(`/home/pyodide/replays/${i}`, readFileSync(f)));
globalThis.cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
pyodide.globals.set("NAMES", JSON.stringify(files.map((f) => f.split("/").pop())));
console.log(pyodide.runPython(`
import hashlib, json, sys
import js
from minesat.formats.replays import ReplayError, read_replay
from minesat.messages.codec import encode_graded
from minesat.play.replay_review import review_replay
out = []
for i, name in enumerate(json.loads(NAMES)):
    replay = read_replay(open(f"/home/pyodide/replays/{i}", "rb").read(), name)
    start = js.cpuSeconds()
    try:
        graded = review_replay(replay, pycosat)
    except ReplayError as e:
        out.append({"error": str(e)})
        continue
    seconds = js.cpuSeconds() - start
    text = json.dumps([encode_graded(g) for g in graded], sort_keys=True)
    out.append({"seconds": seconds, "moves": len(graded), "digest": hashlib.sha256(text.encode()).hexdigest()})
json.dumps({"python": sys.version.split()[0], "results": out})
`));
"""


def in_pyodide(root: Path, files: list[Path]) -> dict | None:
    """The reviews of the files in Pyodide under Node, with the tree at `root`; None without Node."""
    import shutil

    from suites import PYODIDE_ENGINE
    pyodide_dir = ROOT / "node_modules" / "pyodide"
    if not shutil.which("node") or not (pyodide_dir / "pyodide.mjs").exists():
        print("no Node or Pyodide: --pyodide skipped")
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump([str(p) for p in files], f)
        f.flush()
        out = subprocess.run(["node", "--input-type=module", "-e", PYODIDE_ENGINE + PYODIDE_SCRIPT, str(pyodide_dir),
                              str(root), "/dev/null", f.name], capture_output=True, text=True, timeout=7200)
    if out.returncode:
        print("pyodide run failed:", out.stderr[-800:])
        return None
    result: dict = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def figures(seconds: list[float]) -> str:
    t = sorted(seconds)
    if not t:
        return "no file reviewed"
    return f"median {t[len(t) // 2]:.3f} s, p90 {t[int(0.9 * (len(t) - 1))]:.3f} s, worst {t[-1]:.3f} s"


def report(label: str, files: list[Path], results: list[dict]) -> None:
    seconds = [r["seconds"] for r in results if "seconds" in r]
    errors = sum("error" in r for r in results)
    print(f"{label}: {len(seconds)} reviewed{f', {errors} refused' if errors else ''}: {figures(seconds)}")
    slow = sorted((r["seconds"], p.name) for p, r in zip(files, results) if "seconds" in r)[-3:]
    print("  slowest: " + "; ".join(f"{s:.3f} s {name}" for s, name in reversed(slow)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?")
    parser.add_argument("--files", type=int, default=50, help="how many files (default 50)")
    parser.add_argument("--prefix", default="Exp_", help="the files whose names start with this (default Exp_)")
    parser.add_argument("--compare", type=Path, help="another checkout's root: its review timed beside this one")
    parser.add_argument("--pyodide", action="store_true", help="the same reviews in Pyodide under Node too")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="in this tree's worker only, a constant of advice.py set to VALUE (an experiment: "
                             "the advice, hence the review, may change)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve()
    if args.folder is None or not args.folder.is_dir():
        parser.error("name a folder of replays")
    files = pick(args.folder, args.prefix, args.files)
    if not files:
        parser.error(f"no file in {args.folder} whose name starts with {args.prefix!r}")
    trees = {"this tree": ROOT} | ({f"--compare {args.compare}": args.compare.resolve()} if args.compare else {})
    workers = {label: Worker(root, args.set if label == "this tree" else []) for label, root in trees.items()}
    results: dict[str, list[dict]] = {label: [] for label in trees}
    print(f"review of {len(files)} files of {args.folder} named {args.prefix}*, seconds of CPU per file "
          f"(reading excluded), CPython {sys.version.split()[0]}; trees taking turns file by file"
          + (f"; this tree with {', '.join(args.set)}" if args.set else ""))
    for i, path in enumerate(files):
        order = list(workers) if i % 2 == 0 else list(reversed(workers))
        for label in order:
            results[label].append(workers[label].review(path))
    for worker in workers.values():
        worker.close()
    for label in trees:
        report(f"CPython, {label}", files, results[label])
    if args.compare:
        mine, other = results.values()
        differ = [p.name for p, a, b in zip(files, mine, other) if a.get("digest") != b.get("digest")]
        shown = f" ({', '.join(differ[:5])})" if differ else ""
        print(f"reviews that differ between the trees: {len(differ)}{shown}")
        ratios = sorted(a["seconds"] / b["seconds"] for a, b in zip(mine, other)
                        if a.get("seconds") and b.get("seconds"))
        if ratios:
            print(f"per file, this tree's time over the other's: median {ratios[len(ratios) // 2]:.2f}, "
                  f"from {ratios[0]:.2f} to {ratios[-1]:.2f}")
    if args.pyodide:
        got = {label: in_pyodide(root, files) for label, root in trees.items()}
        for label, run in got.items():
            if run:
                report(f"Pyodide {run['python']} under Node, {label}", files, run["results"])
        runs = [r for r in got.values() if r]
        if len(runs) == 2:
            differ = sum(a.get("digest") != b.get("digest") for a, b in zip(runs[0]["results"], runs[1]["results"]))
            print(f"Pyodide reviews that differ between the trees: {differ}")
        for label, run in got.items():
            if run:
                same = sum(a.get("digest") == b.get("digest") for a, b in zip(run["results"], results[label]))
                print(f"Pyodide's reviews equal to CPython's ({label}): {same} of {len(files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
