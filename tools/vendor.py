"""Copy the browser runtime from node_modules into static/vendor/ and pack the Python code.

After `npm ci`, this puts into static/vendor/ (git-ignored) only what the page loads:

    static/vendor/pyscript/   PyScript's ES modules (core.js and its chunks) and core.css
    static/vendor/pyodide/    pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                              python_stdlib.zip, pyodide-lock.json
    static/vendor/py.zip      the packages under py/ (minesat, minesat_web) as one archive,
                              unpacked by the engine's worker into Pyodide's working directory
    static/vendor/xz.mjs      xz-decompress (xz-embedded in WebAssembly) as an ES module: the page
                              fetches its biggest files xz-compressed (tools/compress.py)
    static/vendor/page.zip    the part of them the page's main thread imports (the browser layer
                              and the light modules of the engine it uses: `page_sources`),
                              unpacked by PyScript; the engine itself runs in the worker

Nothing is downloaded: a missing file is reported with the command that provides it.
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import sys
import zipfile
from pathlib import Path

import compress

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
PY_PACKAGES = ("minesat", "minesat_web")  # under py/, zipped into static/vendor/py.zip
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
PYSCRIPT_REQUIRED = ("core.js", "core.css")
XZ_DECOMPRESS = Path("xz-decompress") / "dist" / "package" / "xz-decompress.min.js"


class VendorError(Exception):
    """A file the page needs is missing."""


def _require(path: Path, hint: str) -> Path:
    if not path.is_file():
        raise VendorError(f"missing {path.relative_to(ROOT)} ({hint})")
    return path


def pyscript_files(node: Path = NODE) -> list[Path]:
    """PyScript's dist: core.js, every chunk it may import (*.js, no source maps) and the CSS."""
    dist = node / "@pyscript" / "core" / "dist"
    for name in PYSCRIPT_REQUIRED:
        _require(dist / name, "run `npm ci`")
    return sorted(p for p in dist.iterdir() if p.suffix in (".js", ".css") and p.is_file())


def pyodide_files(node: Path = NODE) -> list[Path]:
    """The Pyodide core runtime; no package wheels (the page needs none)."""
    return [_require(node / "pyodide" / name, "run `npm ci`") for name in PYODIDE_FILES]


def write_xz_module(node: Path = NODE, dest: Path = VENDOR / "xz.mjs") -> int:
    """xz-decompress's browser build (a UMD script) as an ES module: `decompress(stream)` -> the
    stream decompressed. Each call runs the script afresh, so that decompressions do not queue
    behind one another on its single decoder (the wasm is 10 kB)."""
    source = _require(node / XZ_DECOMPRESS, "run `npm ci`").read_text(encoding="utf-8")
    version = json.loads((node / "xz-decompress" / "package.json").read_text())["version"]
    text = (f"// xz-decompress {version} from the npm registry, made an ES module by tools/vendor.py.\n"
            "function instance() {\n"
            "  const module = { exports: {} }, exports = module.exports, require = () => globalThis;\n"
            f"{source}\n"
            "  return module.exports;\n"
            "}\n"
            "export const decompress = (stream) => new (instance().XzReadableStream)(stream);\n")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")
    return len(text)


def copy_all(files: list[Path], dest: Path) -> int:
    """Copy files into a fresh dest folder; return the bytes copied."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for f in files:
        shutil.copy2(f, dest / f.name)
    return sum(f.stat().st_size for f in files)


def python_sources(root: Path = ROOT) -> list[Path]:
    """Every .py file of the packages the page imports, relative to py/."""
    base = root / "py"
    return sorted(p.relative_to(base) for pkg in PY_PACKAGES if (base / pkg).is_dir()
                  for p in (base / pkg).rglob("*.py") if "__pycache__" not in p.parts)


def page_sources(root: Path = ROOT) -> list[Path]:
    """The sources the page's main thread imports, relative to py/: every module of the browser
    layer, and what they import from the engine, followed through the engine's modules' own
    imports at module level (an import inside an engine function, or under `if TYPE_CHECKING`,
    runs in the worker or never). A browser module that needs the whole engine on the main
    thread (the client's fallback when the worker cannot start) loads it first, then imports it
    with importlib, which this does not follow."""
    base = root / "py"
    known = {module_name(s): s for s in python_sources(root)}
    wanted = [name for name in known if name.split(".")[0] == "minesat_web"]
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        for package in (".".join(parts[:i]) for i in range(1, len(parts))):
            wanted.append(package)  # a module's packages run first (their __init__.py)
        tree = ast.parse((base / known[name]).read_text(encoding="utf-8"))
        everywhere = parts[0] == "minesat_web"
        package = name if known[name].name == "__init__.py" else ".".join(parts[:-1])
        wanted += [m for m in imported(tree, package, everywhere) if m in known]
    return sorted(known[name] for name in seen)


def module_name(source: Path) -> str:
    return ".".join(source.with_suffix("").parts).removesuffix(".__init__")


def imported(tree: ast.Module, package: str, everywhere: bool) -> list[str]:
    """The modules a module imports (`package`: where its relative imports start): at module
    level, or `everywhere` (inside functions too); never under `if TYPE_CHECKING`."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.append(base)
            found.extend(f"{base}.{alias.name}" for alias in node.names)  # (a submodule, or a name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not everywhere:
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def build_page_zip(root: Path = ROOT, dest: Path | None = None) -> Path:
    """Write page.zip (`page_sources`) unless it is newer than every source and holds the same files."""
    return build_py_zip(root, dest or root / "static" / "vendor" / "page.zip", page_sources(root), stored=True)


def build_py_zip(root: Path = ROOT, dest: Path | None = None, sources: list[Path] | None = None,
                 stored: bool = False) -> Path:
    """Write py.zip (the page's Python packages, or `sources`) unless it is newer than every source;
    `stored`: uncompressed, for a file the page fetches xz-compressed as a whole (tools/compress.py)."""
    dest = dest or root / "static" / "vendor" / "py.zip"
    if not any(s.parts[0] == "minesat" for s in python_sources(root)):
        raise VendorError("missing py/minesat/ (the engine)")
    sources = python_sources(root) if sources is None else sources
    newest = max((root / "py" / s).stat().st_mtime for s in sources)
    if dest.is_file() and dest.stat().st_mtime >= newest and _zip_names(dest) == {s.as_posix() for s in sources}:
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as z:
        for s in sources:
            z.write(root / "py" / s, s.as_posix())
    tmp.replace(dest)
    if stored:  # the page fetches it as .xz: made anew (a development server rebuilds page.zip as sources change),
        compress.compressed(dest)  # and named in start.json, whose version of it the page's cached copy follows
        if dest.parent.name == "vendor" and (dest.parent / "start.json").is_file():
            compress.record(dest.parent.parent)
    forget_snapshot(dest.parent)
    return dest


def forget_snapshot(vendor: Path) -> None:
    """Delete the memory snapshot and its entry in start.json: it imported the old code, and the
    page must not restore it (tools/make_snapshot.mjs makes both)."""
    (vendor / "snapshot.gz").unlink(missing_ok=True)
    manifest = vendor / "start.json"
    try:
        start = json.loads(manifest.read_text())
    except (OSError, ValueError):
        return
    if start.pop("snapshot", None) is not None:
        tmp = manifest.with_suffix(".tmp")
        tmp.write_text(json.dumps(start, indent=1) + "\n")
        tmp.replace(manifest)


def _zip_names(path: Path) -> set[str]:
    try:
        with zipfile.ZipFile(path) as z:
            return set(z.namelist())
    except zipfile.BadZipFile:
        return set()


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    try:
        n1 = copy_all(pyscript_files(), VENDOR / "pyscript")
        n2 = copy_all(pyodide_files(), VENDOR / "pyodide")
        write_xz_module()
        z = build_py_zip()
        page = build_page_zip()
    except VendorError as e:
        print(f"vendor: {e}", file=sys.stderr)
        return 1
    print(f"vendor: static/vendor/pyscript ({n1 / 1e6:.1f} MB), static/vendor/pyodide ({n2 / 1e6:.1f} MB), "
          f"{z.relative_to(ROOT)} ({z.stat().st_size / 1e3:.0f} kB), {page.relative_to(ROOT)} "
          f"({page.stat().st_size / 1e3:.0f} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
