// Make static/vendor/snapshot.gz: a memory snapshot of the vendored Pyodide with the engine imported.
//
//   node tools/make_snapshot.mjs        (run by `make setup`, after tools/vendor.py)
//
// The page (static/boot.mjs) restores it, on a visit after the first, instead of starting Python
// from scratch: the same Pyodide build (a restore checks the build id), the same py.zip, the same
// standard library (static/vendor/stdlib.zip). static/vendor/start.json names its version. Only modules that never touch
// the DOM go in (the engine and the page's pure modules). Files are not part of a snapshot:
// the page and the worker unpack py.zip again.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vendor = path.join(root, "static", "vendor");
const { loadPyodide } = await import(pathToFileURL(path.join(vendor, "pyodide", "pyodide.mjs")).href);

const IMPORTS = `
import asyncio, html, json, random, fractions, dataclasses, urllib.parse
import minesat.messages.protocol, minesat.proofs.explain, minesat.play.advice, minesat.play.game, minesat.reductions.card, minesat.reductions.cnf, minesat.reductions.ilp
import minesat_web.render, minesat_web.analyzer.editor
import _minesat_fallback  # (installed by the page at each start: imported here, it costs nothing then)
`;

// Made with the page's own standard library (tools/make_stdlib.mjs): a restore must find the same zip.
const start = JSON.parse(fs.readFileSync(path.join(vendor, "start.json"), "utf8"));
const started = performance.now();
const py = await loadPyodide({ _makeSnapshot: true, indexURL: path.join(vendor, "pyodide") + "/",
  stdLibURL: path.join(root, "static", start.stdlib) });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(vendor, "py.zip"))), "zip",
  { extractDir: "/home/pyodide" });
py.runPython("import os, sys; os.chdir('/home/pyodide'); sys.path.insert(0, '/home/pyodide')\n" + IMPORTS);
const raw = py.makeMemorySnapshot();
const gz = zlib.gzipSync(raw, { level: 9 });
const out = path.join(vendor, "snapshot.gz");
fs.writeFileSync(out + ".tmp", gz);
fs.renameSync(out + ".tmp", out);
// Which snapshot this is, and the standard library it needs, in start.json: the page caches the
// snapshot under this version, and restores it only when the library matches (static/boot/snapshot.mjs).
const version = crypto.createHash("sha256").update(gz).digest("hex").slice(0, 16);
start.snapshot = { version, stdlib: start.stdlibVersion };
fs.writeFileSync(path.join(vendor, "start.json.tmp"), JSON.stringify(start, null, 1) + "\n");
fs.renameSync(path.join(vendor, "start.json.tmp"), path.join(vendor, "start.json"));
console.log(`snapshot: static/vendor/snapshot.gz (${(raw.length / 1e6).toFixed(1)} MB raw, `
  + `${(gz.length / 1e6).toFixed(1)} MB gzipped) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
