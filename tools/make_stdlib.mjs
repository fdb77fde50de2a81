// Make static/vendor/stdlib.zip: the part of Pyodide's standard library that the page, its worker
// and the engine import, compiled to bytecode (.pyc) by the vendored Pyodide itself.
//
//   node tools/make_stdlib.mjs        (run by `make setup`, after tools/vendor.py)
//
// Pyodide's python_stdlib.zip holds sources only: every start compiles the ~200 modules Python
// and the page import, which is most of a cold start. The page (static/boot.mjs) passes this zip
// as `stdLibURL` instead: a fraction of the bytes, nothing to compile. The modules are found by
// running them: Pyodide started here, the engine and the page's pure modules imported, plus the
// modules listed in tools/stdlib-page.txt (what PyScript and the page's DOM modules import, which
// cannot run here; a browser test checks the list is complete). Any other module still imports:
// tools/stdlib_fallback.py, put in the zip as _minesat_fallback, fetches the full library on the
// first miss. The page's own modules are compiled too (hash-checked .pyc files, unpacked beside the
// sources): those of the main thread (page.zip) and PyScript's own package into static/vendor/pyc.zip, all of them (py.zip)
// into static/vendor/engine-pyc.zip for the engine's worker. Also writes static/vendor/start.json: the zip's name and version (a snapshot made
// with it names the same), and what the page's start fetches, with sizes (the progress bar's total).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "static", "vendor");
const { loadPyodide } = await import(pathToFileURL(path.join(vendor, "pyodide", "pyodide.mjs")).href);

// The engine's and the worker's imports, and the page's modules that run outside a browser.
const IMPORTS = `
import asyncio, html, json, random, fractions, dataclasses, urllib.parse
import minesat.messages.protocol, minesat.proofs.explain, minesat.play.advice, minesat.play.game, minesat.reductions.card, minesat.reductions.cnf
import minesat.reductions.ilp, minesat.formats.text, minesat.formats.registry
import minesat_web.render, minesat_web.analyzer.editor
import minesat_web.replay.state, minesat_web.replay.render
`;
const page = fs.readFileSync(path.join(root, "tools", "stdlib-page.txt"), "utf8")
  .split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
const fallback = fs.readFileSync(path.join(root, "tools", "stdlib_fallback.py"), "utf8");

/** PyScript's own Python package, as PyScript writes it into the working directory at every start
 * (a literal `{pyscript: {"__init__.py": "...", ...}}` in its core module): {path: source}. Compiled
 * into pyc.zip like the page's modules, it is imported without compiling (~0.1 s of the start). */
const PYSCRIPT_UNUSED = ["pyscript/web.py", "pyscript/media.py", "pyscript/fs.py"];  // (imported on demand only)
function pyscriptSources() {
  const dir = path.join(vendor, "pyscript");
  for (const name of fs.readdirSync(dir).filter((n) => /^core-.*\.js$/.test(n)).sort()) {
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    const at = text.indexOf("{pyscript:{");
    if (at < 0) continue;
    let depth = 0, end = at, quote = null;
    for (; end < text.length; end++) {  // the literal's closing brace (strings skipped)
      const c = text[end];
      if (quote) { if (c === "\\") end++; else if (c === quote) quote = null; }
      else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const files = {};
    const walk = (tree, prefix) => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value === "string") files[prefix + key] = value;
        else walk(value, prefix + key + "/");
      }
    };
    walk(vm.runInNewContext("(" + text.slice(at, end + 1) + ")"), "");
    if (!files["pyscript/__init__.py"]) throw new Error(`no pyscript/__init__.py in ${name}`);
    for (const unused of PYSCRIPT_UNUSED) delete files[unused];
    return files;
  }
  throw new Error("PyScript's Python package was not found in static/vendor/pyscript/core-*.js");
}

const started = performance.now();
const py = await loadPyodide({ indexURL: path.join(vendor, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(vendor, "py.zip"))), "zip",
  { extractDir: "/home/pyodide" });
py.globals.set("PAGE", py.toPy(page));
py.globals.set("FALLBACK", fallback);
py.globals.set("PYSCRIPT", py.toPy(pyscriptSources()));
// The modules the page's main thread imports (page.zip, made by tools/vendor.py): compiled into
// pyc.zip, which the page fetches; every module is compiled into engine-pyc.zip, for the worker.
const pageZip = new Uint8Array(fs.readFileSync(path.join(vendor, "page.zip")));
py.globals.set("PAGE_ZIP", pageZip);
py.runPython("import io, zipfile; PAGE_SOURCES = zipfile.ZipFile(io.BytesIO(PAGE_ZIP.to_py())).namelist()");
const [zip, pyc, enginePyc] = py.runPython(`
import ast, importlib, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc
os.chdir('/home/pyodide'); sys.path.insert(0, '/home/pyodide')
${IMPORTS}
for name in PAGE:
    importlib.import_module(name)
STDLIB = '/lib/python314.zip'
with zipfile.ZipFile(STDLIB) as full:
    names = [n for n in full.namelist() if n.endswith('.py')]
    NAMES = sorted({n[:-3].removesuffix('/__init__').replace('/', '.') for n in names})
    used = sorted({m.__file__[len(STDLIB) + 1:] for m in list(sys.modules.values())
                   if (getattr(m, '__file__', None) or '').startswith(STDLIB + '/')
                   and getattr(m.__spec__, 'origin', None) != 'frozen'})
    sources = {n: full.read(n) for n in used}
sources['_minesat_fallback.py'] = (FALLBACK + f'\\nNAMES = frozenset({NAMES!r})\\n').encode()
def without_docstrings(source, filename):
    # Docstrings are a quarter of the bytecode and nothing the page runs reads them; asserts stay.
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        body = getattr(node, 'body', None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

out = io.BytesIO()
with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:  # stored: the page fetches it xz-compressed
    for name, source in sorted(sources.items()):
        code = compile(without_docstrings(source, STDLIB + '/' + name), STDLIB + '/' + name, 'exec',
                       dont_inherit=True)
        info = zipfile.ZipInfo(name + 'c', (1980, 1, 1, 0, 0, 0))
        z.writestr(info, bytes(_code_to_timestamp_pyc(code, 0, 0)))
# The page's own modules (py.zip), compiled too: hash-checked .pyc in __pycache__, used only while
# the source beside them is the one they were compiled from (an edited module is compiled anew).
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import cache_from_source, source_hash
compiled = {}
for where, _, names in sorted(os.walk('minesat')) + sorted(os.walk('minesat_web')):
    for name in sorted(n for n in names if n.endswith('.py')):
        source = open(os.path.join(where, name), 'rb').read()
        filename = '/home/pyodide/' + os.path.join(where, name)
        code = compile(without_docstrings(source, filename), filename, 'exec', dont_inherit=True)
        compiled[os.path.join(where, name)] = bytes(_code_to_hash_pyc(code, source_hash(source), True))
# PyScript's package, written by PyScript beside the page's modules at every start
for name, text in PYSCRIPT.items():
    source = text.encode('utf-8')
    code = compile(source, '/home/pyodide/' + name, 'exec', dont_inherit=True)
    compiled[name] = bytes(_code_to_hash_pyc(code, source_hash(source), True))
def pyc_zip(sources, method):
    ours = io.BytesIO()
    with zipfile.ZipFile(ours, 'w', method) as z:
        for source in sorted(sources):
            info = zipfile.ZipInfo(cache_from_source(source), (1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            z.writestr(info, compiled[source])
    return ours.getvalue()
# the page's stored (it is fetched xz-compressed, tools/compress.py), the worker's deflated
[out.getvalue(), pyc_zip(PAGE_SOURCES + list(PYSCRIPT), zipfile.ZIP_STORED),
 pyc_zip(set(compiled) - set(PYSCRIPT), zipfile.ZIP_DEFLATED)]
`).toJs();
for (const [name, bytes] of [["stdlib.zip", zip], ["pyc.zip", pyc], ["engine-pyc.zip", enginePyc]]) {
  const out = path.join(vendor, name);
  fs.writeFileSync(out + ".tmp", bytes);
  fs.renameSync(out + ".tmp", out);
}

// What the start fetches (relative to static/), with sizes: the progress bar's total.
const START = ["vendor/pyodide/pyodide.asm.wasm", "vendor/stdlib.zip", "vendor/pyc.zip", "vendor/page.zip"];
const sizes = Object.fromEntries(START.map((f) => [f, fs.statSync(path.join(root, "static", f)).size]));
const stdlibVersion = crypto.createHash("sha256").update(zip).digest("hex").slice(0, 16);
const start = { stdlib: "vendor/stdlib.zip", stdlibVersion, pyc: "vendor/pyc.zip", sizes };
fs.writeFileSync(path.join(vendor, "start.json"), JSON.stringify(start, null, 1) + "\n");
const full = fs.statSync(path.join(vendor, "pyodide", "python_stdlib.zip")).size;
console.log(`stdlib: static/vendor/stdlib.zip (${(zip.length / 1e6).toFixed(2)} MB of .pyc, against `
  + `${(full / 1e6).toFixed(2)} MB of sources in python_stdlib.zip), static/vendor/pyc.zip (${(pyc.length / 1e3).toFixed(0)} kB), `
  + `static/vendor/engine-pyc.zip (${(enginePyc.length / 1e3).toFixed(0)} kB) `
  + `in ${((performance.now() - started) / 1000).toFixed(1)} s`);
