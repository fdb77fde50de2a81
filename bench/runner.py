"""The benchmarks' games as tasks: on Dask (`dask.distributed`) or on a local process pool.

One runner for `bench_play.py`, `paired.py`, `record_solver.py` and `positions.py`.  A script hands `run` its
game function (module level, one task in, one JSON-able result out), the tasks, a key per task
and the options the command line gave (`add_options`):

- `--runner dask` (the default): a `LocalCluster` of `--jobs` worker processes of one thread on
  this machine, or, with `--scheduler ADDRESS`, the workers of a running Dask cluster (each
  needs `minesat` installed; the bench modules are sent to it with `Client.upload_file`);
- `--runner pool`: a `multiprocessing.Pool` of `--jobs` processes (the runner before Dask).

With `--results FILE` every finished game is appended to FILE at once, one JSON line
(`{"key": ..., "result": ...}`) after a header line naming the run (`{"run": ...}`); a run
started again on the same FILE skips the games already there (a last line cut short by a stop
is dropped) and yields their results first, so its totals are those of a run never stopped.
A FILE whose header names another run (another script, other `--set` constants) is refused.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Sent to the workers of a cluster (`--scheduler`), in import order: the scripts' game functions live here.
MODULES = ["runner.py", "bench_play.py", "paired.py", "record_solver.py", "positions.py"]


@dataclass
class Options:
    runner: str = "dask"
    jobs: int = 2
    scheduler: str | None = None
    results: str | None = None
    startup: float = 0.0  # seconds from the start of `run` until the workers could take games


def add_options(parser: argparse.ArgumentParser, jobs: int = 2, results: bool = True) -> None:
    """--runner, --jobs, --scheduler (and --results) on a script's parser."""
    parser.add_argument("--runner", choices=["dask", "pool"], default="dask",
                        help="dask.distributed (default) or a local multiprocessing pool")
    parser.add_argument("--jobs", type=int, default=jobs, help="worker processes on this machine")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a running Dask scheduler (tcp://host:8786) whose workers play the games")
    if results:
        parser.add_argument("--results", metavar="FILE",
                            help="append each game's result here as it finishes; resume from it when it exists")


def options(args: argparse.Namespace) -> Options:
    if args.scheduler and args.runner != "dask":
        raise SystemExit("--scheduler needs --runner dask")
    return Options(args.runner, args.jobs, args.scheduler, getattr(args, "results", None))


def run(fn: Callable[[Any], Any], tasks: Iterable[Any], key: Callable[[Any], Any], opts: Options,
        header: dict[str, Any], setup: Callable[[Any], None] | None = None,
        shared: Any = None) -> Iterator[tuple[Any, Any, bool]]:
    """(key, result, played now) for every task: those already in --results first, then the others
    as they finish (in any order).  `setup(shared)` runs once in each worker process before its
    first game (to set constants, start a helper); `shared` goes to each worker once."""
    began = time.perf_counter()
    fn, setup = importable(fn), importable(setup) if setup else None
    done, out = resume(Path(opts.results), header) if opts.results else ({}, None)
    todo = []
    for task in tasks:
        k = json.loads(json.dumps(key(task)))
        if as_text(k) in done:
            yield k, done.pop(as_text(k)), False
        else:
            todo.append((k, task))
    play = play_on_dask if opts.runner == "dask" else play_on_pool
    try:
        for i, result in play(fn, [task for _, task in todo], opts, setup, shared, began):
            if out:
                out.write(json.dumps({"key": todo[i][0], "result": result}) + "\n")
                out.flush()
            yield todo[i][0], result, True
    finally:
        if out:
            out.close()


def as_text(key: Any) -> str:
    return json.dumps(key, separators=(",", ":"))


def resume(path: Path, header: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The results already in `path` by key, and `path` open for appending (with the header
    written when the file is new); a last line cut short is dropped."""
    done: dict[str, Any] = {}
    if path.exists() and path.stat().st_size:
        data = path.read_bytes()
        whole = data[:data.rfind(b"\n") + 1]
        if len(whole) < len(data):
            with path.open("r+b") as f:
                f.truncate(len(whole))
        lines = whole.decode().splitlines()
        if not lines:
            path.write_text("")
        else:
            first = json.loads(lines[0])
            if first.get("run") != header:
                raise SystemExit(f"{path} holds the games of another run ({first.get('run')}), not of {header}: "
                                 "name another --results file")
            for n, line in enumerate(lines[1:], 2):
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as e:
                    raise SystemExit(f"{path}, line {n}: not a result ({e})") from None
                done.setdefault(as_text(record["key"]), record["result"])
    out = path.open("a")
    if not path.stat().st_size:
        out.write(json.dumps({"run": header}) + "\n")
        out.flush()
    return done, out


def importable(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` itself, or, when it was defined in the script being run (`__main__`), the same function
    from the script imported under its own name: workers pickle and find it by that name."""
    if fn.__module__ != "__main__":
        return fn
    main = sys.modules["__main__"]
    module = importlib.import_module(Path(main.__file__ or "").stem)
    return getattr(module, fn.__qualname__)  # type: ignore[no-any-return,unused-ignore]


# What this worker process was set up with (setup, shared): set up again only when it changes.
_SET_UP: tuple[Any, Any] | None = None


def call(fn: Callable[[Any], Any], task: Any, setup: Callable[[Any], None] | None, shared: Any) -> Any:
    """Play one task in a worker, after `setup(shared)` when this process has not run it."""
    global _SET_UP
    if setup is not None and (_SET_UP is None or _SET_UP[0] is not setup or
                              (_SET_UP[1] is not shared and _SET_UP[1] != shared)):
        setup(shared)
        _SET_UP = (setup, shared)
    return fn(task)


_POOL: tuple[Any, Any, Any] = (None, None, None)


def pool_started(fn: Callable[[Any], Any], setup: Callable[[Any], None] | None, shared: Any) -> None:
    global _POOL
    _POOL = (fn, setup, shared)


def pool_call(item: tuple[int, Any]) -> tuple[int, Any]:
    fn, setup, shared = _POOL
    return item[0], call(fn, item[1], setup, shared)


def play_on_pool(fn: Callable[[Any], Any], tasks: list[Any], opts: Options, setup: Callable[[Any], None] | None,
                 shared: Any, began: float) -> Iterator[tuple[int, Any]]:
    if not tasks:
        return
    with Pool(opts.jobs, pool_started, (fn, setup, shared)) as pool:
        opts.startup = time.perf_counter() - began
        yield from pool.imap_unordered(pool_call, enumerate(tasks), chunksize=1)


def play_on_dask(fn: Callable[[Any], Any], tasks: list[Any], opts: Options, setup: Callable[[Any], None] | None,
                 shared: Any, began: float) -> Iterator[tuple[int, Any]]:
    """Tasks submitted a few per worker thread at a time (a million games never sit in the
    scheduler at once), results as they finish."""
    if not tasks:
        return
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if opts.scheduler:
        client = Client(opts.scheduler)
        for name in MODULES:
            client.upload_file(str(HERE / name))
    else:
        import dask

        # The workers' statistical profiler and a system monitor twice a second serve the dashboard,
        # which is off: an idle cluster of 2 workers took 0.066 s of CPU a second with them, 0.028 without.
        dask.config.set({"distributed.worker.profile.enabled": False, "distributed.admin.system-monitor.interval": "5s",
                         "distributed.admin.tick.interval": "200ms"})
        cluster = LocalCluster(n_workers=opts.jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                               scheduler_kwargs={"dashboard_address": ":0"},  # its HTTP routes on a free port
                               silence_logs=logging.ERROR)
        client = Client(cluster)
    try:
        ref = client.scatter([shared], broadcast=True)[0] if shared is not None else None
        window = max(4, 4 * sum(client.nthreads().values()))
        opts.startup = time.perf_counter() - began
        index: dict[Any, int] = {}
        waiting = iter(enumerate(tasks))
        running = as_completed()

        def fill() -> None:
            for i, task in waiting:
                future = client.submit(call, fn, task, setup, ref, pure=False)
                index[future.key] = i
                running.add(future)
                if len(index) >= window:
                    return

        fill()
        for finished, future in enumerate(running, 1):
            result = future.result()
            i = index.pop(future.key)
            future.release()
            yield i, result
            if finished % 200 == 0:  # workers may have joined or left the cluster
                window = max(4, 4 * sum(client.nthreads().values()))
            fill()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
