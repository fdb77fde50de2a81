"""Bounds on one command of the command line: it answers, or stops with one line, within them.

`--timeout SECONDS` (default `TIMEOUT`; 0: none): an alarm stops the command where it is, with
exit status 2.  Run from the shell, a watchdog thread also ends the process `GRACE` seconds
later, should the alarm be held up inside a solver's C code (pycosat lets other threads run).
`--memory MB` (default `MEMORY`; 0: none), from the shell only: the same watchdog ends the
process, with one line and exit status 2, once its peak resident memory passes the bound (it
looks every `WATCH_EVERY` seconds).  Called in-process (`main(argv)`, the tests), only the
alarm applies: the process is not the command's own to end.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

TIMEOUT = 60.0  # seconds
MOST_SECONDS = 1_000_000  # a longer timeout is no timeout: 0 says so
MEMORY = 1024  # MB
LEAST_MEMORY = 100  # MB: a lower bound would fail Python's own imports
GRACE = 2.0  # seconds between the alarm and the watchdog
WATCH_EVERY = 0.05  # seconds between the watchdog's looks at the clock and the memory
ALARM_AGAIN = 0.1  # seconds between the alarms after the first, until the command has stopped


class OverLimit(BaseException):
    """A command stopped at its time bound (a BaseException: no `except Exception` swallows it)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`--timeout` and `--memory` on a command's parser."""
    parser.add_argument("--timeout", type=seconds, default=TIMEOUT, metavar="SECONDS",
                        help=f"stop with exit status 2 after this long (default {TIMEOUT:g}; 0: no limit)")
    parser.add_argument("--memory", type=megabytes, default=MEMORY, metavar="MB",
                        help=f"stop with exit status 2 past this much memory (default {MEMORY}; 0: no limit)")


def seconds(text: str) -> float:
    """A number of seconds >= 0, as typed ('2', '0.5')."""
    try:
        value = float(text) if text.isascii() and len(text) <= 20 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= MOST_SECONDS:  # False for nan
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a number of seconds from 0 to {MOST_SECONDS:,}")
    return value


def stopped(timeout: float) -> str:
    return f"stopped after {timeout:g} s (--timeout {timeout:g}; 0 means no limit)"


def megabytes(text: str) -> int:
    """A memory bound in MB: 0 (none) or at least `LEAST_MEMORY` (Python and the solvers need that much)."""
    number = int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else -1
    if number != 0 and number < LEAST_MEMORY:
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not 0 (no bound) or a number of MB >= {LEAST_MEMORY}")
    return number


def out_of_memory(memory: int) -> str:
    return f"ran out of memory: past --memory {memory} MB (0 means no bound)"


@contextmanager
def bounded(timeout: float, memory: int, whole_process: bool) -> Iterator[None]:
    """Run the body within `timeout` seconds (OverLimit past it) and, for a whole process, `memory` MB."""
    alarm = bool(timeout) and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    old_handler = None
    done = threading.Event()
    if alarm:
        def over(signum: int, frame: FrameType | None) -> None:
            if not done.is_set():
                raise OverLimit(stopped(timeout))

        old_handler = signal.signal(signal.SIGALRM, over)
        # again every ALARM_AGAIN s: Python swallows a raise inside a gc callback or a __del__
        signal.setitimer(signal.ITIMER_REAL, timeout, ALARM_AGAIN)
    if whole_process and (timeout or memory):
        threading.Thread(target=_watch, args=(done, timeout, memory), name="minesat-watchdog", daemon=True).start()
    try:
        yield
    finally:
        try:
            done.set()  # from here on the alarm raises nothing
        finally:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old_handler)


def _watch(done: threading.Event, timeout: float, memory: int) -> None:
    """The watchdog: end the process `GRACE` s past the timeout (the alarm was held up in C code), or
    as soon as its peak memory passes `memory` MB, with one line on standard error and exit status 2."""
    deadline = time.monotonic() + timeout + GRACE if timeout else math.inf
    late = f"minesat: {stopped(timeout)}\n".encode()
    too_big = f"minesat: {out_of_memory(memory)}\n".encode()
    while not done.wait(WATCH_EVERY):
        if time.monotonic() > deadline:
            _end_process(late)
        if memory and _peak_megabytes() > memory:
            _end_process(too_big)


def _peak_megabytes() -> float:
    """The process's resident memory now, in MB (0 where the system does not say), sampled by the
    watchdog.  Not `ru_maxrss`: Linux carries the parent's high-water mark across a vfork and exec,
    so a process started by a big one (pytest after the browser tests) would seem over at once."""
    try:
        with open("/proc/self/statm") as statm:
            resident_pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):  # not Linux
        return 0.0
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def _end_process(last_words: bytes) -> None:
    """End the process now, whatever the main thread is doing."""
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001 - nothing may keep the process from ending
        pass
    os.write(2, last_words)
    os._exit(2)
