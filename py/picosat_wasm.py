"""pycosat 0.6.6's API on picosat compiled to WebAssembly (static/picosat.wasm).

    solve(clauses, vars=-1, verbose=0, prop_limit=0)      -> list of ints, "UNSAT" or "UNKNOWN"
    itersolve(clauses, vars=-1, verbose=0, prop_limit=0)  -> iterator over solutions

Same arguments, defaults, answers and errors as native pycosat, from the same picosat C code.
Extensions (pycosat has none of these): `Solver`, an incremental session with assumptions
and projected enumeration; `load(bytes)`; `backend()`; `warm_up()` for the browser.

The module runs the wasm with the browser's WebAssembly under Pyodide (through the `js`
module) and with `wasmtime` in CPython. The wasm bytes come from `load(bytes)` if called,
else the file named by $MINESAT_PICOSAT_WASM, else `picosat.wasm` in the working directory
(Pyodide only), else `../static/picosat.wasm` next to this file. In the browser this file is
installed as `pycosat.py`, so it must never import pycosat itself.

Deliberate differences: a literal outside picosat's int range raises OverflowError, where
native pycosat truncates it to a C int (or aborts the process on -2**31); a variable index
above 2**25 (from a literal or vars=) raises MemoryError, as 32-bit WebAssembly cannot hold
picosat's tables for it (natively that needs gigabytes too).  Below that, the 4 GB of 32-bit
WebAssembly hold picosat's tables for about 8.5 million variables: a formula whose largest
variable is beyond (a literal of 10**7, say) raises MemoryError where native pycosat, with the
memory, returns a model.  A name given twice (by position and by keyword) gets Python's
message, not pycosat's.
"""

from __future__ import annotations

import operator
import os
import site
import sys
import threading
import weakref
from array import array
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

__version__ = "0.6.6"
__all__ = ["__version__", "solve", "itersolve", "Solver", "load", "backend", "wasm_path",
           "warm_up", "PicosatError"]

Result = list | str               # a model, "UNSAT" or "UNKNOWN"
SAT, UNSAT = 10, 20              # picosat's answers; anything else means UNKNOWN
INT_MAX = 2**31 - 1
MAX_VAR = 2**25                  # beyond this, picosat's array sizes overflow wasm32's size_t
U64 = 2**64 - 1
ENV_VAR = "MINESAT_PICOSAT_WASM"
EXPORTS = ("ms_new", "ms_free", "ms_buffer", "ms_adjust", "ms_limit", "ms_add", "ms_assume",
           "ms_sat", "ms_variables", "ms_failed", "ms_print", "ms_output", "ms_output_len",
           "ms_output_clear")
FAST_TYPES = {int, bool}
IN_BROWSER = sys.platform == "emscripten"


class PicosatError(RuntimeError):
    """picosat aborted inside the wasm module (the module is then restarted)."""


# ------------------------------------------------------------------ backends

class _Wasmtime:
    """The module under wasmtime (CPython)."""

    name = "wasmtime"

    def __init__(self, wasm: bytes):
        try:
            import wasmtime
        except ImportError as err:
            raise ImportError("picosat_wasm needs the `wasmtime` package in CPython: "
                              "pip install 'minesat[wasm]' (or, in the repository, make setup)") from err
        self._wasmtime = wasmtime
        self._engine = wasmtime.Engine()
        self._module = wasmtime.Module(self._engine, wasm)
        self.traps: tuple[type[BaseException], ...] = (wasmtime.Trap, wasmtime.WasmtimeError)

    def start(self) -> dict[str, Callable[..., int]]:
        """A fresh instance; returns its exported functions, bound to their store."""
        store = self._wasmtime.Store(self._engine)
        exports = self._wasmtime.Instance(store, self._module, []).exports(store)
        self._store, self._memory = store, exports["memory"]
        exports["_initialize"](store)
        try:
            return {name: self._unchecked(store, exports[name]) for name in EXPORTS}
        except (ImportError, AttributeError):   # another wasmtime-py: the public, slower call
            return {name: partial(exports[name], store) for name in EXPORTS}

    def _unchecked(self, store: Any, func: Any) -> Callable[..., int]:
        """A call without wasmtime-py's per-call type checks (10x faster; all our exports
        take at most 4 i32 and return at most one i32)."""
        from ctypes import POINTER, byref

        from wasmtime import _ffi as ffi
        context, handle, call = store._context(), byref(func._func), ffi.wasmtime_func_call_unchecked
        slots = (ffi.wasmtime_val_raw_t * 4)()
        trap_t, trap_from, error_from = POINTER(ffi.wasm_trap_t), self._wasmtime.Trap._from_ptr, \
            self._wasmtime.WasmtimeError._from_ptr

        def fast(*args: int) -> int:
            for i, arg in enumerate(args):
                slots[i].i32 = arg
            trap = trap_t()
            error = call(context, handle, slots, 4, byref(trap))
            if error:
                raise error_from(error)
            if trap:
                raise trap_from(trap)
            return slots[0].i32
        return fast

    def read(self, ptr: int, size: int) -> bytes:
        return bytes(self._memory.read(self._store, ptr, ptr + size))

    def write(self, ptr: int, data: bytes) -> None:
        self._memory.write(self._store, data, ptr)


class _Browser:
    """The module under the JavaScript engine's WebAssembly (Pyodide)."""

    name = "pyodide"

    def __init__(self, wasm: bytes):
        import js
        self._js = js
        source = js.Uint8Array.new(len(wasm))
        source.assign(wasm)
        self._module = js.WebAssembly.Module.new(source)
        self.traps = (Exception,)       # a wasm trap surfaces as pyodide.ffi.JsException

    def start(self) -> dict[str, Callable[..., int]]:
        instance = self._js.WebAssembly.Instance.new(self._module, self._js.Object.new())
        exports = instance.exports
        self._memory = exports.memory
        exports._initialize()
        return {name: getattr(exports, name) for name in EXPORTS}

    def view(self, ptr: int, size: int) -> Any:
        # memory.buffer is replaced whenever the memory grows: never keep a view.
        return self._js.Uint8Array.new(self._memory.buffer, ptr, size)

    def read(self, ptr: int, size: int) -> bytes:
        return self.view(ptr, size).to_bytes() if size else b""

    def write(self, ptr: int, data: bytes) -> None:
        if data:
            self.view(ptr, len(data)).assign(data)


class _Runtime:
    """One instance of the module, shared by every solver; restarted after a trap.

    A wasm instance is not thread-safe: every call into it and every read or write of its
    memory holds `lock`, so threads may solve at once as with native pycosat.
    """

    def __init__(self, wasm: bytes):
        self.backend = _Browser(wasm) if IN_BROWSER else _Wasmtime(wasm)
        self.generation = 0
        self.lock = threading.RLock()
        self._start()

    def _start(self) -> None:
        raw = self._raw = self.backend.start()
        traps, lock = self.backend.traps, self.lock

        def guard(name: str, func: Callable[..., int]) -> Callable[..., int]:
            def call(*args: int) -> int:
                with lock:
                    try:
                        return func(*args)
                    except traps as err:
                        raise self._crashed(name, err) from None
            return call
        self.fn = {name: guard(name, func) for name, func in raw.items()}

    def _crashed(self, name: str, err: BaseException) -> Exception:
        """Turn a trap into a Python error carrying picosat's last words, and restart."""
        try:
            size = self._raw["ms_output_len"](2)
            said = self.backend.read(self._raw["ms_output"](2), size).decode(errors="replace")
        except Exception:  # noqa: BLE001 - the instance may be beyond reading
            said = ""
        said = said.strip()
        self.generation += 1
        self._start()
        message = said or f"picosat crashed in {name}: {err}"
        return (MemoryError if "out of memory" in message else PicosatError)(message)

    def read_ints(self, ptr: int, count: int) -> list[int]:
        ints = array("i")
        with self.lock:
            ints.frombytes(self.backend.read(ptr, 4 * count))
        if sys.byteorder == "big":
            ints.byteswap()
        return ints.tolist()

    def write_ints(self, ptr: int, ints: array) -> None:
        if sys.byteorder == "big":
            ints = array("i", ints)
            ints.byteswap()
        with self.lock:
            self.backend.write(ptr, ints.tobytes())

    def output(self, fd: int) -> bytes:
        with self.lock:
            size = self.fn["ms_output_len"](fd)
            return self.backend.read(self.fn["ms_output"](fd), size) if size else b""

    def flush_output(self) -> None:
        """Print what picosat wrote to stdout/stderr since the last flush."""
        for fd, stream in ((1, sys.stdout), (2, sys.stderr)):
            text = self.output(fd)
            if text:
                stream.write(text.decode(errors="replace"))
                stream.flush()
        self.fn["ms_output_clear"]()


_runtime: _Runtime | None = None
_loading = threading.Lock()


def load(wasm: Any) -> None:
    """Use this picosat.wasm from now on: bytes-like, or in Pyodide also a JavaScript
    ArrayBuffer / Uint8Array (e.g. what the page fetched)."""
    global _runtime
    if hasattr(wasm, "to_bytes"):       # a pyodide.ffi.JsBuffer
        wasm = wasm.to_bytes()
    _runtime = _Runtime(bytes(wasm))


def wasm_places() -> list[Path]:
    """Where picosat.wasm is looked for when `load` was not called, first found first."""
    if os.environ.get(ENV_VAR):
        return [Path(os.environ[ENV_VAR])]
    if IN_BROWSER and Path("picosat.wasm").is_file():
        return [Path("picosat.wasm")]
    in_repository = Path(__file__).resolve().parent.parent / "static" / "picosat.wasm"
    return [in_repository, *(Path(prefix, "share", "minesat", "picosat.wasm")  # where the wheel puts it
                             for prefix in (sys.prefix, site.getuserbase()))]


def wasm_path() -> Path:
    """Where picosat.wasm is read from when `load` was not called."""
    places = wasm_places()
    return next((path for path in places if path.is_file()), places[0])


def _rt() -> _Runtime:
    with _loading:      # threads asking at once load the module once
        if _runtime is None:
            path = wasm_path()
            try:
                wasm = path.read_bytes()
            except OSError as err:
                places = " nor ".join(map(str, wasm_places()))
                raise FileNotFoundError(
                    f"picosat WebAssembly module not found: not at {places} ({err.strerror}); build it with "
                    f"`make setup` in a minesat checkout, install the wheel `make wheel` builds (it ships the "
                    f"module), or set {ENV_VAR} to its path") from None
            load(wasm)
    assert _runtime is not None
    return _runtime


def warm_up(seconds: float = 0.1) -> None:
    """Solve small random 3-SAT formulas for about `seconds`, so that a browser's engine
    compiles picosat's hot functions with its optimizing tier before real work arrives
    (V8 starts a module on its baseline compiler; the first large solve is then ~2x slower).
    """
    import random
    import time
    rng, deadline = random.Random(0), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        solve([[v * rng.choice((1, -1)) for v in rng.sample(range(1, 91), 3)]
               for _ in range(383)])


def backend() -> str:
    """Which engine runs the wasm: "pyodide" or "wasmtime" (loads the module if needed)."""
    return _rt().backend.name


# ------------------------------------------------------------------ clauses

def _flatten(clauses: Iterable[Iterable[int]]) -> tuple[array, int]:
    """The clauses as one int array of 0-terminated literals, and their number.

    Raises what pycosat raises, in the same order: TypeError for a non-iterable or a
    non-int literal, ValueError for a literal 0.
    """
    flat: list = []
    ends: list[int] = []
    extend, append, end = flat.extend, flat.append, ends.append
    try:
        for clause in clauses:
            extend(clause)
            append(0)
            end(len(flat))
    except BaseException:
        _check_literals(flat, ends)     # an earlier bad literal is pycosat's first error
        raise
    if (not set(map(type, flat)) <= FAST_TYPES or flat.count(0) != len(ends)
            or (flat and (max(flat) > MAX_VAR or min(flat) < -MAX_VAR))):
        _check_literals(flat, ends)
    return array("i", flat), len(ends)


def _check_literals(flat: list, ends: list[int]) -> None:
    """Raise pycosat's error for the first bad literal (terminators sit at ends[i] - 1)."""
    start = 0
    for stop in [*ends, len(flat) + 1]:
        for lit in flat[start:stop - 1]:
            _check_literal(lit)
        start = stop


def _check_literal(lit: Any) -> None:
    if not isinstance(lit, int):
        raise TypeError("integer expected")
    if lit == 0:
        raise ValueError("non-zero integer expected")
    if not -INT_MAX <= lit <= INT_MAX:
        raise OverflowError(f"literal {lit} out of picosat's range (|literal| < 2**31)")
    _check_var(abs(lit))


def _check_var(index: int) -> None:
    if index > MAX_VAR:
        raise MemoryError(f"variable {index} is beyond what picosat can hold in 32-bit "
                          f"WebAssembly (at most {MAX_VAR})")


def _c_int(value: Any) -> int:
    """A C int argument, converted as pycosat's argument parser does ("i")."""
    value = operator.index(value)
    if not -2**63 <= value < 2**63:  # past a C long, as pycosat's parser first converts to one
        raise OverflowError("Python int too large to convert to C long")
    if value > INT_MAX:
        raise OverflowError("signed integer is greater than maximum")
    if value < -INT_MAX - 1:
        raise OverflowError("signed integer is less than minimum")
    return value


def _c_ulonglong(value: Any) -> int:
    """An unsigned long long argument, converted as pycosat's parser does ("K": wraps)."""
    if not isinstance(value, int):
        kind = "None" if value is None else type(value).__name__
        raise TypeError(f"(iter)solve() argument 4 must be int, not {kind}")
    return value & U64


# ------------------------------------------------------------------ solver handle

class _Handle:
    """One picosat solver inside the shared module."""

    def __init__(self, verbose: int = 0):
        self.rt = _rt()
        self.generation = self.rt.generation
        self.verbose = verbose
        self.ptr = self.rt.fn["ms_new"](verbose)
        if not self.ptr:
            raise MemoryError("picosat: out of memory creating a solver")
        self._free = weakref.finalize(self, _free, self.rt, self.generation, self.ptr)
        self._free.atexit = False       # no calls into wasm while the interpreter shuts down

    def call(self, name: str, *args: int) -> int:
        if self.generation != self.rt.generation or not self._free.alive:
            raise PicosatError("this solver is gone (closed, or lost when picosat crashed)")
        return self.rt.fn[name](self.ptr, *args)

    def send(self, name: str, ints: array) -> None:
        """Copy ints into the solver's buffer and hand them to `name`: ms_add (0-terminated
        clauses) or ms_assume (literals)."""
        if ints:
            ptr = self.call("ms_buffer", len(ints))
            if not ptr:
                raise MemoryError("picosat: out of memory for the clause buffer")
            self.rt.write_ints(ptr, ints)
            self.call(name, len(ints))

    def limit(self, props: int, relative: bool) -> None:
        self.call("ms_limit", _i32(props & 0xFFFFFFFF), _i32(props >> 32), int(relative))

    def sat(self, block: bool = False) -> Result:
        """Solve; on SAT return the model (and block it when asked)."""
        res = self.call("ms_sat", int(block))
        if self.verbose:
            self.rt.flush_output()
        if res == UNSAT:
            return "UNSAT"
        if res == -1:
            raise MemoryError("picosat: out of memory copying the model")
        if res != SAT:
            return "UNKNOWN"
        return self.rt.read_ints(self.call("ms_buffer", 0), self.call("ms_variables"))

    def failed(self) -> list[int]:
        count = self.call("ms_failed")
        return self.rt.read_ints(self.call("ms_buffer", 0), count) if count > 0 else []

    def close(self) -> None:
        self._free()
        if self.verbose:
            self.rt.flush_output()


def _free(rt: _Runtime, generation: int, ptr: int) -> None:
    if rt.generation == generation:
        rt.fn["ms_free"](ptr)


def _i32(u32: int) -> int:
    """An unsigned 32-bit value as the signed i32 the wasm call expects."""
    return u32 - (1 << 32) if u32 >= 1 << 31 else u32


def _setup(clauses: Any, vars: Any, verbose: Any, prop_limit: Any) -> _Handle:
    """A solver loaded as pycosat's setup does it (arguments checked first, then clauses)."""
    vars, verbose, prop_limit = _c_int(vars), _c_int(verbose), _c_ulonglong(prop_limit)
    flat, _ = _flatten(clauses)
    if vars != -1:
        _check_var(abs(vars))
    handle = _Handle(verbose)
    try:
        if vars != -1:
            handle.call("ms_adjust", vars)
        if prop_limit:
            handle.limit(prop_limit, relative=False)
        handle.send("ms_add", flat)
        if verbose >= 2:           # pycosat prints the formula
            handle.call("ms_print")
            handle.rt.flush_output()
    except BaseException:
        handle.close()
        raise
    return handle


# ------------------------------------------------------------------ pycosat's API

_MISSING: Any = object()  # no clauses given


def _check_call(clauses: Any, extra: tuple[Any, ...], unknown: dict[str, Any]) -> None:
    """The errors of pycosat's argument parser, word for word, for a call it would refuse."""
    if extra:
        raise TypeError(f"(iter)solve() takes at most 4 arguments ({4 + len(extra)} given)")
    if unknown:
        raise TypeError(f"{next(iter(unknown))!r} is an invalid keyword argument for (iter)solve()")
    if clauses is _MISSING:
        raise TypeError("(iter)solve() missing required argument 'clauses' (pos 1)")


def solve(clauses: Iterable[Iterable[int]] = _MISSING, vars: int = -1, verbose: int = 0,
          prop_limit: int = 0, *extra: Any, **unknown: Any) -> Result:
    """Solve the CNF `clauses`: a model (list of +/-v for v = 1..n), "UNSAT" or "UNKNOWN"."""
    _check_call(clauses, extra, unknown)
    handle = _setup(clauses, vars, verbose, prop_limit)
    try:
        return handle.sat()
    finally:
        handle.close()


def itersolve(clauses: Iterable[Iterable[int]] = _MISSING, vars: int = -1, verbose: int = 0,
              prop_limit: int = 0, *extra: Any, **unknown: Any) -> Iterator[list[int]]:
    """An iterator over the models of `clauses`, each blocked once found, in picosat's order.

    The clauses are read (and bad ones rejected) at once, as pycosat does.
    """
    _check_call(clauses, extra, unknown)
    return _models(_setup(clauses, vars, verbose, prop_limit))


def _models(handle: _Handle) -> Iterator[list[int]]:
    try:
        while True:
            model = handle.sat(block=True)
            if not isinstance(model, list):
                return
            yield model
    finally:
        handle.close()


# ------------------------------------------------------------------ extension

class Solver:
    """An incremental picosat session: add clauses, solve under assumptions, repeat.

    >>> with Solver([[1, 2], [-1, 2]]) as s:
    ...     s.solve(assumptions=[1]), s.solve(assumptions=[-2]), s.failed_assumptions()
    ([1, 2], 'UNSAT', [-2])
    """

    def __init__(self, clauses: Iterable[Iterable[int]] = (), vars: int = 0):
        vars = _c_int(vars)
        _check_var(abs(vars))
        flat, _ = _flatten(clauses)
        self._handle = _Handle()
        self._limited = False           # whether the last solve set a propagation limit
        self._selectors: set[int] = set()   # variables added by backbone(), now false
        if vars:
            self._handle.call("ms_adjust", vars)
        self._handle.send("ms_add", flat)

    def add_clauses(self, clauses: Iterable[Iterable[int]]) -> int:
        """Add clauses (all checked before any is added); returns how many."""
        flat, count = _flatten(clauses)
        self._handle.send("ms_add", flat)
        return count

    def add_clause(self, clause: Iterable[int]) -> None:
        """Add one clause."""
        self.add_clauses([clause])

    def solve(self, assumptions: Iterable[int] = (), prop_limit: int = 0) -> Result:
        """Solve with the literals in `assumptions` true for this call only.

        A model, "UNSAT" (under these assumptions) or "UNKNOWN" when more than `prop_limit`
        propagations (0: no limit) would be needed in this call.
        """
        lits = list(assumptions)
        for lit in lits:
            _check_literal(lit)
        prop_limit = _c_ulonglong(prop_limit)
        if prop_limit or self._limited:     # a call per solve saved in the common case
            self._handle.limit(prop_limit, relative=True)
            self._limited = bool(prop_limit)
        self._handle.send("ms_assume", array("i", lits))
        return self._handle.sat()

    def iter_projected(self, variables: Iterable[int], limit: int | None = None
                       ) -> Iterator[list[int]]:
        """The distinct assignments of `variables` in the models, each as +/-v in the order
        given: after each, a clause over these variables only excludes it (so models that
        differ only in other, e.g. auxiliary, variables come out once). Those blocking
        clauses stay in the solver. Stops after `limit` assignments if given."""
        variables = list(variables)
        for var in variables:
            _check_literal(var)
            if var < 0:
                raise ValueError("variables must be positive")
        count = 0
        while limit is None or count < limit:
            model = self.solve()
            if not isinstance(model, list):
                return
            true = set(model)
            assignment = [v if v in true else -v for v in variables]
            yield assignment
            count += 1
            self.add_clause([-lit for lit in assignment])

    def backbone(self, variables: Iterable[int] | None = None) -> list[int] | str:
        """The literals over `variables` (default: all but its own selectors) that are true
        in every model, in the order given; "UNSAT" if there is no model. One solve per
        round: each asks for a model flipping any remaining candidate, through a fresh
        selector variable that is switched off afterwards (the clauses keep their meaning;
        the selectors show up in later models, always false)."""
        model = self.solve()
        if not isinstance(model, list):
            return model
        value = set(model)
        wanted = ([v for v in range(1, len(model) + 1) if v not in self._selectors]
                  if variables is None else list(variables))
        candidates = [v if v in value else -v for v in wanted]
        remaining = set(candidates)
        while remaining:
            selector = self.nvars + 1
            self._selectors.add(selector)
            self.add_clause([-selector, *(-lit for lit in remaining)])
            model = self.solve(assumptions=[selector])
            self.add_clause([-selector])
            if not isinstance(model, list):
                break
            value = set(model)
            remaining = {lit for lit in remaining if lit in value}
        return [lit for lit in candidates if lit in remaining]

    def failed_assumptions(self) -> list[int]:
        """After "UNSAT" under assumptions: the assumptions that took part in refuting."""
        return self._handle.failed()

    @property
    def nvars(self) -> int:
        """The largest variable index seen so far."""
        return self._handle.call("ms_variables")

    def close(self) -> None:
        """Free the solver's memory in the module (also done when it is garbage collected)."""
        self._handle.close()

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
