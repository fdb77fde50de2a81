"""Write the page's biggest start files xz-compressed, and name them in static/vendor/start.json.

    python tools/compress.py        (run by `make setup`, after tools/make_stdlib.mjs)

A first visit is bound by its bytes (issue 20): xz takes Pyodide's wasm from 3.5 MB gzipped to
2.6 MB, and the start's zips (stored, uncompressed, for this) from 1.5 MB to 1.0 MB. The page
(static/boot/decoded.mjs) fetches `FILE.xz` for each file start.json lists under "xz" and decompresses
it as it arrives (static/vendor/xz.mjs, xz-embedded in WebAssembly; Pyodide's wasm is compiled
from the decompressed stream as it flows), and falls back on the plain file if that fails.
start.json's "sizes" (the progress bar's total) count the bytes fetched: the .xz ones; its
"xzVersions" (their hashes) name the decompressed copies the page keeps for the next visits.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
XZ_FILES = ("vendor/pyodide/pyodide.asm.wasm", "vendor/stdlib.zip", "vendor/pyc.zip", "vendor/page.zip")  # in static/
# LZMA2 at its strongest, with a dictionary as large as the largest file (9.6 MB), checked by CRC32:
# what xz-embedded, the page's decoder, reads with the least memory
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 16 << 20}]


def compressed(path: Path) -> Path:
    """path + '.xz', written unless it is newer than path."""
    out = path.with_name(path.name + ".xz")
    if out.is_file() and out.stat().st_mtime >= path.stat().st_mtime:
        return out
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(lzma.compress(path.read_bytes(), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=FILTERS))
    tmp.replace(out)
    return out


def record(static: Path = STATIC) -> dict[str, int]:
    """Compress every file of XZ_FILES under `static` that is newer than its .xz, and write their
    sizes and versions into static/vendor/start.json (nothing when it is missing); the sizes."""
    manifest = static / "vendor" / "start.json"
    try:
        start = json.loads(manifest.read_text())
    except (OSError, ValueError):
        return {}
    sizes = {name: size for name, size in start.get("sizes", {}).items() if name not in XZ_FILES}
    versions = {}
    for name in XZ_FILES:
        if not (static / name).is_file():
            return {}
        packed = compressed(static / name)
        sizes[name + ".xz"] = packed.stat().st_size
        # the page keeps what it decompressed under this version, for the next visits
        versions[name] = hashlib.sha256(packed.read_bytes()).hexdigest()[:16]
    start |= {"xz": list(XZ_FILES), "xzVersions": versions, "sizes": sizes}
    tmp = manifest.with_suffix(".tmp")
    tmp.write_text(json.dumps(start, indent=1) + "\n")
    tmp.replace(manifest)
    return sizes


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    sizes = record()
    if not sizes:
        print("compress: static/vendor/start.json or a start file is missing (run `make setup`)", file=sys.stderr)
        return 1
    plain = sum((STATIC / name).stat().st_size for name in XZ_FILES)
    packed = sum(sizes[name + ".xz"] for name in XZ_FILES)
    print(f"compress: {len(XZ_FILES)} files, {plain / 1e6:.1f} MB -> {packed / 1e6:.1f} MB of .xz")
    return 0


if __name__ == "__main__":
    sys.exit(main())
