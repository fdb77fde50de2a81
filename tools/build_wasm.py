"""Build static/picosat.wasm: picosat (from the pinned pycosat sdist) plus csrc/minesat_picosat.c.

Run from the repository root: `.venv/bin/python tools/build_wasm.py`. The sdist is downloaded
once into build/ and checked against its sha256; later runs need no network. The compiler is
the zig toolchain from the `ziglang` package on PyPI (`python -m ziglang cc`); its cache goes
to build/zig-cache (the first build compiles zig's wasm32-wasi libc: about a minute).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

SDIST_URL = (
    "https://files.pythonhosted.org/packages/5b/81/"
    "cf8ebf77fc4f06f680ad3ee43d0d01826f6d6054828f1cf3b42d944b82a1/pycosat-0.6.6.tar.gz"
)
SDIST_SHA256 = "a376cfae20b16fcfbef24bf3c047a8a294c35032bb051fa98842c12bbab6f0ff"
SOURCES = ("picosat.c", "picosat.h")

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SDIST = BUILD / "pycosat-0.6.6.tar.gz"
WRAPPER = ROOT / "csrc" / "minesat_picosat.c"
OUTPUT = ROOT / "static" / "picosat.wasm"
MAX_BYTES = 150_000

CFLAGS = [
    "-target", "wasm32-wasi", "-mexec-model=reactor",
    "-O3", "-DNDEBUG", "-DNGETRUSAGE",
    "-w",                                   # picosat's own warnings are not ours to fix
    "-Wl,--strip-all",
    "-Wl,-z,stack-size=2097152",            # 2 MB stack (zig's default is 16 MB)
    "-Wl,--max-memory=2147483648",          # 2 GB: pointers stay positive i32
]


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_sdist() -> Path:
    """The verified sdist in build/, downloaded if it is not there yet."""
    if SDIST.exists() and sha256(SDIST) == SDIST_SHA256:
        return SDIST
    BUILD.mkdir(exist_ok=True)
    print(f"downloading {SDIST_URL}", file=sys.stderr)
    partial = SDIST.with_suffix(".part")
    try:
        with urllib.request.urlopen(SDIST_URL, timeout=60) as response:
            partial.write_bytes(response.read())
    except OSError as err:
        raise BuildError(f"cannot download the pycosat sdist ({err}); "
                         f"put pycosat-0.6.6.tar.gz (sha256 {SDIST_SHA256}) into {BUILD}/") from err
    digest = sha256(partial)
    if digest != SDIST_SHA256:
        partial.unlink()
        raise BuildError(f"sha256 mismatch for {SDIST_URL}: got {digest}, want {SDIST_SHA256}")
    partial.replace(SDIST)
    return SDIST


def extract_sources(sdist: Path) -> list[Path]:
    """picosat.c and picosat.h from the sdist, written to build/picosat/."""
    out = BUILD / "picosat"
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    with tarfile.open(sdist) as tar:
        for name in SOURCES:
            member = tar.getmember(f"pycosat-0.6.6/{name}")
            data = tar.extractfile(member).read()
            path = out / name
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
            paths.append(path)
    return paths


def compile_wasm(picosat_c: Path) -> None:
    """Compile picosat and the wrapper into OUTPUT with zig's clang."""
    OUTPUT.parent.mkdir(exist_ok=True)
    partial = OUTPUT.with_suffix(".wasm.part")
    cmd = [sys.executable, "-m", "ziglang", "cc", *CFLAGS, f"-I{picosat_c.parent}",
           "-o", str(partial), str(WRAPPER), str(picosat_c)]
    env = dict(os.environ)
    for name in ("ZIG_GLOBAL_CACHE_DIR", "ZIG_LOCAL_CACHE_DIR"):   # keep zig's cache in build/
        env.setdefault(name, str(BUILD / "zig-cache"))
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, env=env)
    except OSError as err:
        raise BuildError(f"cannot run {sys.executable} -m ziglang: {err}") from err
    if result.returncode != 0:
        hint = " (is ziglang installed? run make setup)" if "ziglang" in result.stderr else ""
        raise BuildError(f"compiling failed{hint}:\n{' '.join(cmd)}\n{result.stderr}")
    try:
        check_module(partial.read_bytes())
    except BuildError:
        partial.unlink()
        raise
    partial.chmod(0o644)
    partial.replace(OUTPUT)


def check_module(wasm: bytes) -> None:
    """Reject a module that imports anything or is too large."""
    if len(wasm) > MAX_BYTES:
        raise BuildError(f"picosat.wasm is {len(wasm)} bytes, over the {MAX_BYTES} limit")
    imports = import_count(wasm)
    if imports:
        raise BuildError(f"picosat.wasm has {imports} imports; it must have none")


def import_count(wasm: bytes) -> int:
    """Number of entries in the module's import section (id 2), 0 if there is none."""
    if wasm[:4] != b"\0asm":
        raise BuildError("compiler output is not a WebAssembly module")
    pos = 8
    while pos < len(wasm):
        section, pos = wasm[pos], pos + 1
        size, pos = leb128(wasm, pos)
        if section == 2:
            return leb128(wasm, pos)[0]
        pos += size
    return 0


def leb128(data: bytes, pos: int) -> tuple[int, int]:
    """Decode an unsigned LEB128 number at pos; return it and the position after it."""
    value = shift = 0
    while True:
        byte, pos = data[pos], pos + 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def up_to_date() -> bool:
    """True when OUTPUT is newer than its inputs (this script, the wrapper, the sdist)."""
    if not OUTPUT.exists() or not SDIST.exists():
        return False
    built = OUTPUT.stat().st_mtime
    return all(p.stat().st_mtime <= built for p in (Path(__file__), WRAPPER, SDIST))


def main() -> int:
    try:
        if up_to_date():
            OUTPUT.touch()              # newer than make's other prerequisites too
            print(f"{OUTPUT.relative_to(ROOT)} is up to date ({OUTPUT.stat().st_size} bytes)")
            return 0
        picosat_c, _ = extract_sources(fetch_sdist())
        compile_wasm(picosat_c)
    except BuildError as err:
        print(f"build_wasm: {err}", file=sys.stderr)
        return 1
    print(f"built {OUTPUT.relative_to(ROOT)} ({OUTPUT.stat().st_size} bytes, no imports)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
