"""Write static/vendor/precache.js, the service worker's list of every file the page needs, at this build's version.

    python tools/make_sw.py [--root DIR] [--out FILE]

The service worker, sw.js (next to index.html), imports it. It holds two constants: FILES, every
file the page and its engine's worker load (the site's fixed files, and everything under
static/boot/, static/vendor/ and static/icons/ but dot-files, this list and the memory snapshot,
which the page caches itself), relative to the site's root; and
VERSION, a SHA-256 over their names and contents and over sw.js, so that any change to the site
makes a new version (the browser sees the imported list change and installs it).
Run by the set-up after static/vendor/ (with the snapshot) and the icons are made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKER = "sw.js"
PRECACHE = "static/vendor/precache.js"  # made here, imported by sw.js
SITE_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "py/picosat_wasm.py",
              "static/style.css", "static/favicon.svg", "static/boot.mjs", "static/engine-worker.mjs",
              "static/picosat.wasm")
# every file inside: the start's modules (static/boot.mjs's), the set-up's output, the icons
SITE_FOLDERS = ("static/boot", "static/vendor", "static/icons")
# Cached by the page itself, once it is usable (static/boot/snapshot.mjs), under its own version
# (static/vendor/snapshot.json): precached here too, a first visit would download it twice.
NOT_PRECACHED = ("static/vendor/snapshot.gz",)


class SiteError(Exception):
    """A file the page needs is missing."""


def files_under(root: Path, folder: str) -> list[str]:
    """Every file under root/folder (symbolic links followed), but dot-files and dot-folders."""
    found = []
    for here, dirs, names in os.walk(root / folder, followlinks=True):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [(Path(here) / n).relative_to(root).as_posix() for n in names if not n.startswith(".")]
    # a file the page fetches xz-compressed (tools/compress.py) is precached as such, not twice
    packed = {f.removesuffix(".xz") for f in found if f.endswith(".xz")}
    return [f for f in found if f not in (PRECACHE, *NOT_PRECACHED) and f not in packed]


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the page needs, relative to root, sorted; SiteError when one is missing."""
    missing = [f for f in (WORKER, *SITE_FILES) if not (root / f).is_file()]
    missing += [f"{d}/" for d in SITE_FOLDERS if not files_under(root, d)]
    if missing:
        raise SiteError(f"missing {', '.join(missing)} (run `make setup`)")
    return sorted({*SITE_FILES, *(f for d in SITE_FOLDERS for f in files_under(root, d))})


def version(root: Path, files: list[str]) -> str:
    """A content hash of the files (names and bytes) and of the service worker's code."""
    total = hashlib.sha256((root / WORKER).read_bytes())
    for f in files:
        total.update(f.encode() + b"\0" + hashlib.sha256((root / f).read_bytes()).digest())
    return total.hexdigest()[:16]


def precache_list(files: list[str], build: str) -> str:
    """The text of precache.js."""
    return (f"// Made by tools/make_sw.py for sw.js: do not edit.\nconst VERSION = {json.dumps(build)};\n"
            f"const FILES = {json.dumps(files, indent=0)};\n")


def write(root: Path = ROOT, out: Path | None = None) -> tuple[Path, str, list[str]]:
    """Write root/static/vendor/precache.js (or out) for the site in root; return its path, version and files."""
    files = site_files(root)
    build = version(root, files)
    out = out or root / PRECACHE
    tmp = out.with_name(out.name + ".tmp")  # a whole file or none, for a server reading it meanwhile
    tmp.write_text(precache_list(files, build))
    tmp.replace(out)
    return out, build, files


def refresh(root: Path = ROOT) -> bool:
    """Write the precache list again when the site changed (any file's bytes, a file more or less,
    or sw.js); False when there is none (the set-up makes it) or it is current. The development
    server calls this (about 0.1 s), so an edit shows up as a new version instead of hiding behind
    the old one's cache."""
    out = root / PRECACHE
    if not out.is_file():
        return False
    files = site_files(root)
    if out.read_text() == precache_list(files, version(root, files)):
        return False
    write(root, out)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the site's folder (default: this repository)")
    parser.add_argument("--out", type=Path, help=f"where to write (default: ROOT/{PRECACHE})")
    args = parser.parse_args(argv)
    try:
        out, build, files = write(args.root, args.out)
    except (SiteError, OSError) as e:
        print(f"make_sw: {e}", file=sys.stderr)
        return 1
    size = sum((args.root / f).stat().st_size for f in files)
    print(f"make_sw: {out.name} for sw.js, version {build}: {len(files)} files, {size / 1e6:.1f} MB precached")
    return 0


if __name__ == "__main__":
    sys.exit(main())
