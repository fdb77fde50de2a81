// minesat's Pyodide, for PyScript (`interpreter` in pyscript.toml) and for the engine's web worker.
//
// PyScript loads Pyodide through this module, which adds what PyScript cannot pass itself:
// - a standard library of bytecode holding only the modules the page imports (static/vendor/
//   stdlib.zip, made by tools/make_stdlib.mjs; nothing to compile at start), with a fallback that
//   fetches the full library on the first import it lacks (tools/stdlib_fallback.py); and the
//   page's own modules compiled (static/vendor/pyc.zip);
// - a memory snapshot of Pyodide with the engine already imported (tools/make_snapshot.mjs),
//   restored instead of starting Python from scratch, but only when this browser has it already:
//   a first visit starts Python normally and fetches the snapshot once the page is usable, into a
//   cache of its own (never on the way to a usable page), for the next visit;
// - progress: the bytes of the runtime's files counted as they arrive (totals from
//   static/vendor/start.json), shown in the page's #loading box.
// Every runtime file is fetched once and shared with the engine's worker, started here (at once
// when there is a snapshot; otherwise once the page is usable).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";
import { decompress } from "./vendor/xz.mjs";

export const version = pyodide.version;
const here = new URL("./", import.meta.url);
const indexURL = new URL("vendor/pyodide/", here).href;
const FULL_STDLIB = indexURL + "python_stdlib.zip";

const inPage = typeof document !== "undefined";  // this module also runs in the worker
// (index.html runs this module `async`: it may start before the page is parsed, and <body> is there)
const isReady = () => !!(document.body && document.body.hasAttribute("data-ready"));
const mark = (name) => globalThis.performance && performance.mark && performance.mark("minesat:" + name);
const json = (url) => fetch(url).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
// What the set-up made: {stdlib, stdlibVersion, pyc, sizes} (tools/make_stdlib.mjs) and
// snapshot: {version, stdlib} (tools/make_snapshot.mjs); {} when it is missing.
const manifest = inPage ? json(new URL("vendor/start.json", here)) : Promise.resolve({});
const snapshotInfo = manifest.then((m) => m.snapshot || {});
// The start files decompressed on this visit, kept for the next (fetchXzFirst, keepDecoded)
const DECODED_CACHE = "minesat-decoded " + new URL("../", here).href;
const decodedCopies = [];  // [key, Promise<Blob>, type] made on this visit, kept by keepDecoded
let countAsLoaded = () => {};  // (countProgress's)
if (inPage) countProgress();
if (inPage) fetchXzFirst();

// The snapshot, from the page's own cache (never the network: see keepSnapshot), unpacked (or
// gzipped: the worker then unpacks it).
const SNAPSHOT_CACHE = "minesat-snapshot " + new URL("../", here).href;
const snapshotKey = (v) => new URL("vendor/snapshot.gz?v=" + encodeURIComponent(v), here).href;
async function cachedSnapshot() {
  const [{ version: v, stdlib }, start] = await Promise.all([snapshotInfo, manifest]);
  if (!v || !globalThis.caches || !start.stdlib || stdlib !== start.stdlibVersion) return null;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(v));
    return hit ? await hit.arrayBuffer() : null;
  } catch {
    return null;
  }
}
const snapshotGz = inPage ? cachedSnapshot() : Promise.resolve(null);
globalThis.minesatSnapshotCached = snapshotGz.then((gz) => !!gz);

/** After a start without the snapshot: once the page and its worker are up, fetch the snapshot at
 * low priority into the page's cache for the next visit (older versions deleted). */
async function keepSnapshot() {
  const { version: v } = await snapshotInfo;
  if (!v || !globalThis.caches) return false;
  try {
    const response = await fetch(new URL("vendor/snapshot.gz", here), { priority: "low", cache: "no-cache" });
    if (!response.ok) return false;
    const cache = await caches.open(SNAPSHOT_CACHE);
    // kept unpacked (31 MB): inflating it at every start would hold the start up by ~0.5 s
    const bytes = new Uint8Array(await response.arrayBuffer());  // (a server may have unpacked it)
    const raw = isGzip(bytes.buffer) ? await gunzip(bytes) : bytes;
    await cache.put(snapshotKey(v), new Response(raw, { headers: { "Content-Type": "application/octet-stream" } }));
    for (const old of await cache.keys()) if (old.url !== snapshotKey(v)) await cache.delete(old);
    return true;
  } catch {
    return false;
  }
}

// Pyodide's WebAssembly, compiled once, while it downloads (long before PyScript asks for Pyodide),
// and shared with the worker: a compiled module crosses to a worker without being compiled again,
// and the functions one side compiles (lazily, as they first run) serve the other too.
const WASM = indexURL + "pyodide.asm.wasm";
const compiled = inPage ? WebAssembly.compileStreaming(fetch(WASM)).catch(() => null) : Promise.resolve(null);
compiled.then(() => mark("wasm-compiled"));
const bytesOf = (url) => fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
// The standard library (the trimmed one when the set-up made it, else Pyodide's), fetched once here
// for the page and for the worker; `snapshot` false when a snapshot made with it cannot be restored.
async function standardLibrary() {
  const { stdlib, pyc } = await manifest;
  const [trimmed, compiledPage] = await Promise.all([stdlib && bytesOf(new URL(stdlib, here)),
    pyc && bytesOf(new URL(pyc, here))]);
  const page = compiledPage ? { pyc: compiledPage } : {};
  if (trimmed) return { stdLibURL: new URL(stdlib, here).href, bytes: trimmed, trimmed: true, ...page };
  return { stdLibURL: FULL_STDLIB, bytes: await bytesOf(FULL_STDLIB), trimmed: false, ...page };
}
const library = inPage ? standardLibrary() : null;
const runtime = inPage
  ? Promise.all([compiled, library]).then(([module, lib]) => ({
    files: { ...(module ? { [WASM]: module } : {}), ...(lib.bytes ? { [lib.stdLibURL]: lib.bytes } : {}) },
    stdlib: { stdLibURL: lib.stdLibURL, trimmed: lib.trimmed, pyc: lib.pyc } }))
  : Promise.resolve({ files: {}, stdlib: { stdLibURL: FULL_STDLIB, trimmed: false } });

/** Fetches of the files start.json lists under "xz" (Pyodide's wasm and the start's zips) go to
 * FILE.xz, a third smaller, decompressed as it arrives (tools/compress.py): Pyodide's wasm is
 * compiled from the decompressed stream as it flows. A failure falls back on the plain file.
 * What was decompressed is kept, once the page is usable, in a cache of the page's own
 * (`DECODED_CACHE`, keyed by each .xz file's hash in start.json), and the next visits take it
 * from there: no decompression on this thread, and the wasm compiled from a cached response,
 * which lets the browser keep its compiled code (about 0.3 s of a repeat visit's start). */
function fetchXzFirst() {
  const network = globalThis.fetch;  // (countProgress's: it counts the bytes of the .xz files)
  const packed = manifest.then((m) => new Map((m.xz || []).map((file) =>
    [new URL(file, here).href, m.xzVersions && m.xzVersions[file]])));
  globalThis.fetch = async function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const files = await packed;
    if (!files.has(url)) return network.call(this, input, init);
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
    const key = files.get(url) && globalThis.caches ? `${url}?v=${files.get(url)}` : null;
    const kept = key && await caches.open(DECODED_CACHE).then((cache) => cache.match(key)).catch(() => null);
    if (kept) {
      countAsLoaded(url + ".xz");
      return kept;
    }
    try {
      const response = await network.call(this, url + ".xz", init);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      let body = decompress(response.body);
      if (key) {
        const [page, copy] = body.tee();
        decodedCopies.push([key, new Response(copy).blob(), type]);
        body = page;
      }
      return new Response(body, { headers: { "Content-Type": type } });
    } catch (e) {
      console.warn(`minesat: ${url}.xz could not be read (${e && e.message || e}); fetching the plain file`);
      return network.call(this, input, init);
    }
  };
}

/** Once the page is usable: the files decompressed on this visit into DECODED_CACHE, older
 * versions' copies deleted. Resolves to how many were kept. */
async function keepDecoded() {
  if (!decodedCopies.length) return 0;
  try {
    const cache = await caches.open(DECODED_CACHE);
    for (const [key, blob, type] of decodedCopies) {
      await cache.put(key, new Response(await blob, { headers: { "Content-Type": type } }));
    }
    const { xz = [], xzVersions = {} } = await manifest;  // (the keys of this version's copies)
    const current = new Set(xz.map((file) => `${new URL(file, here).href}?v=${xzVersions[file]}`));
    for (const old of await cache.keys()) if (!current.has(old.url)) await cache.delete(old);
    return decodedCopies.length;
  } catch {
    return 0;
  } finally {
    decodedCopies.length = 0;
  }
}

/** Count the bytes of the runtime's files (static/vendor/start.json's `sizes`) as they arrive,
 * in #load-progress and #load-bytes; a download that fails says so in the page. */
function countProgress() {
  const network = globalThis.fetch;
  const seen = new Set();
  const sizes = {};
  let total = 0, received = 0, drawn = 0;
  manifest.then((m) => {
    for (const [file, size] of Object.entries(m.sizes || {})) sizes[new URL(file, here).href] = size;
    total = Object.values(sizes).reduce((a, b) => a + b, 0);
    draw();
  });
  const mb = (n) => (n / 1e6).toFixed(1);
  function draw() {
    const bar = document.getElementById("load-progress"), text = document.getElementById("load-bytes");
    if (!bar || !text || !total || isReady()) return;
    const done = Math.min(received, total);
    bar.max = total;
    bar.value = done;
    text.textContent = done >= total ? `${mb(total)} MB loaded; starting Python…`
      : `${mb(done)} of ${mb(total)} MB loaded`;
  }
  countAsLoaded = (url) => {  // (a file taken from the page's cache instead)
    const key = new URL(url, location.href).href;
    manifest.then(() => { if (key in sizes && !seen.has(key)) { seen.add(key); tick(sizes[key]); } });
  };
  function tick(n) {
    received += n;
    if (received - drawn > 50_000 || received >= total) { drawn = received; draw(); }
  }
  globalThis.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const answer = network.call(this, input, init);
    if (seen.has(url.split("?")[0]) || !(url.split("?")[0] in sizes || url.startsWith(here.href))) return answer;
    return answer.then(async (response) => {
      await manifest;  // (the sizes)
      const key = url.split("?")[0];
      if (!(key in sizes) || seen.has(key) || !response.ok || !response.body) return response;
      seen.add(key);
      const counter = new TransformStream({ transform(chunk, out) { tick(chunk.byteLength); out.enqueue(chunk); } });
      return new Response(response.body.pipeThrough(counter),
        { status: response.status, statusText: response.statusText, headers: response.headers });
    }, (error) => {
      // (the page starts without these, and an .xz file's failure falls back on the plain one)
      const spare = /((stdlib|pyc)\.zip|\.xz)$/.test(url.split("?")[0]);
      if (!spare && !isReady() && globalThis.minesatFail) {
        globalThis.minesatFail(navigator.onLine === false
          ? "you are offline, and this page was not saved for offline use yet (it is after one visit)"
          : `${url.replace(location.origin, "")} could not be downloaded (${error && error.message || error})`);
      }
      throw error;
    });
  };
}

/** Let Pyodide's own fetches of `files` ({url: bytes, or the compiled module for its wasm}) be
 * answered from memory, once each. */
export function serveFromMemory(files) {
  const network = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const found = files[url];
    if (!found) return network.call(this, input, init);
    delete files[url];
    if (found instanceof WebAssembly.Module) return Promise.resolve(compiledResponse(found));
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
    return Promise.resolve(new Response(found, { headers: { "Content-Type": type } }));
  };
}

/** A stand-in for the wasm file's response that carries its compiled module: Pyodide passes it
 * to WebAssembly.instantiateStreaming, which then instantiates the module instead of compiling. */
const modules = new WeakMap();
function compiledResponse(module) {
  const response = new Response("", { headers: { "Content-Type": "application/wasm" } });
  modules.set(response, module);
  const streaming = WebAssembly.instantiateStreaming;
  if (!streaming.minesat) {
    const instantiate = async function (source, imports) {
      const response = await source;
      const known = modules.get(response);
      if (!known) return streaming.call(WebAssembly, response, imports);
      return { module: known, instance: await WebAssembly.instantiate(known, imports) };
    };
    instantiate.minesat = true;
    WebAssembly.instantiateStreaming = instantiate;
  }
  return response;
}

export async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}


/** loadPyodide from the unpacked snapshot `raw` when there is one (else, or if it fails, a normal
 * start); `info.snapshot` says which start it was. */
// What loadPyodide would fetch and compile only once called (its JavaScript half, 1.3 MB, and its
// package list), asked for now, in parallel with everything else; a failure leaves it to Pyodide.
const asmModule = import("./vendor/pyodide/pyodide.asm.mjs").then((m) => m.default).catch(() => null);
const lockFile = fetch(indexURL + "pyodide-lock.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);

export async function start(options, raw, info, stdlib = { trimmed: false }) {
  const pageFiles = stdlib.pyc ? zipFiles(stdlib.pyc) : null;  // (read while Python starts)
  const [createPyodideModule, lockFileContents] = await Promise.all([asmModule, lockFile]);
  const opts = { ...options, indexURL, ...(createPyodideModule ? { createPyodideModule } : {}),
    ...(lockFileContents ? { lockFileContents, packageBaseUrl: indexURL } : {}),
    ...(stdlib.stdLibURL ? { stdLibURL: stdlib.stdLibURL } : {}) };
  let py = null;
  if (raw && stdlib.trimmed) {  // (the snapshot was made with the trimmed library)
    try {
      mark("snapshot-unpacked");
      py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: raw });
      info.snapshot = true;
      structuredClone(raw.buffer, { transfer: [raw.buffer] });  // frees the 31 MB the config keeps
    } catch (e) {
      console.warn("minesat: the Pyodide snapshot did not restore; starting normally.", e);
    }
  }
  if (!py) {
    info.snapshot = false;
    py = await pyodide.loadPyodide(opts);
  }
  if (stdlib.trimmed) py.pyimport("_minesat_fallback").install(writeFullLibrary(py));
  // The page's modules compiled (hash-checked .pyc in __pycache__/, used while their source matches)
  if (stdlib.pyc) writeZip(py, stdlib.pyc, await pageFiles);
  return py;
}

/** The files of a zip, [[name, bytes]], read here (stored or deflated entries; deflated ones
 * decompressed natively); null for a zip it cannot read, which Pyodide's unpackArchive then does
 * (Python's zipfile: 0.05-0.1 s for the page's or the engine's zips). */
export async function zipFiles(bytes) {
  const data = new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = data.length - 22;  // the end of central directory record (no comment)
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) return null;
  const entries = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    const method = view.getUint16(at + 10, true);
    if (view.getUint32(at, true) !== 0x02014b50 || (method !== 0 && method !== 8)) return null;
    if (method === 8 && typeof DecompressionStream === "undefined") return null;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    if (name.split("/").includes("..") || name.startsWith("/")) return null;
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push([name, method, data.subarray(start, start + view.getUint32(at + 20, true))]);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const inflate = async (packed) => new Uint8Array(await new Response(
    new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
  return Promise.all(entries.map(async ([name, method, content]) =>
    [name, method === 8 ? await inflate(content) : content]));
}

/** Write a zip's `files` (`zipFiles`) under Pyodide's working directory; without them, the zip's
 * `bytes` through unpackArchive. */
function writeZip(py, bytes, files, dir = "/home/pyodide") {
  if (!files) return py.unpackArchive(bytes, "zip", { extractDir: dir });
  for (const [name, content] of files) {
    const path = `${dir}/${name}`;
    py.FS.mkdirTree(name.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/")));
    if (!name.endsWith("/")) py.FS.writeFile(path, content);
  }
}

/** The engine's files, beyond the page's (static/vendor/page.zip): all of py/ with its bytecode,
 * and picosat compiled to WebAssembly behind pycosat's API, fetched (relative to static/) by the
 * worker, or by the page when the worker cannot start; the zips read (`zipFiles`) too. */
const ENGINE_FILES = ["vendor/py.zip", "vendor/engine-pyc.zip", "../py/picosat_wasm.py", "picosat.wasm"];
export async function engineFiles() {
  const bytes = async (url) => {
    const r = await fetch(new URL(url, here));
    if (!r.ok) throw new Error(`could not load ${url} (HTTP ${r.status})`);
    return new Uint8Array(await r.arrayBuffer());
  };
  const [zip, pyc, pycosat, wasm] = await Promise.all(ENGINE_FILES.map(bytes));
  const [zipped, compiled] = await Promise.all([zipFiles(zip), zipFiles(pyc)]);
  return { zip, pyc, pycosat, wasm, zipped, compiled };
}

/** Write the engine's files (`engineFiles`) into Pyodide's working directory. */
export function writeEngine(py, { zip, pyc, pycosat, wasm, zipped, compiled }) {
  writeZip(py, zip, zipped);
  writeZip(py, pyc, compiled);
  py.FS.writeFile("/home/pyodide/pycosat.py", pycosat);
  py.FS.writeFile("/home/pyodide/picosat.wasm", wasm);
}

/** The engine on the page's own thread, for when its worker cannot start (minesat_web/client.py). */
globalThis.minesatLoadEngine = async () => writeEngine(globalThis.minesatPyodide, await engineFiles());

/** The fallback's loader: Pyodide's full standard library, fetched synchronously (an import cannot
 * wait) and written into Pyodide's file system at `path`. */
function writeFullLibrary(py) {
  return (path) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", FULL_STDLIB, false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");  // bytes, as the low 8 bits of each char
    xhr.send();
    if (xhr.status !== 200) throw new Error(`could not load ${FULL_STDLIB} (HTTP ${xhr.status})`);
    const text = xhr.responseText, bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    py.FS.writeFile(path, bytes);
  };
}

// The snapshot is unpacked once, off this thread, by the engine's worker (which keeps a copy and
// hands one back) while PyScript loads: 31 MB inflated here would hold PyScript up by ~0.3 s.
// If the worker cannot do it, the page unpacks its own copy.
function later() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}
const unpacked = later();
const isGzip = (bytes) => new Uint8Array(bytes, 0, 2).join() === "31,139";
async function unpackedSnapshot() {
  const kept = await snapshotGz;
  if (kept && !isGzip(kept)) return new Uint8Array(kept);  // cached unpacked: nothing to do
  const raw = await unpacked.promise;
  if (raw instanceof Uint8Array) return raw;
  return kept ? gunzip(kept) : null;
}

// The engine's worker: requests in, answers out (py/minesat/protocol.py; client: minesat_web/client.py).
function startWorker(snapshot) {
  const engine = { worker: null, state: "starting", snapshot: null, error: null };
  engine.ready = new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL("engine-worker.mjs", here), { type: "module" });
    } catch (e) {
      engine.state = "failed"; engine.error = String(e); resolve(false); return;
    }
    engine.worker = worker;
    worker.addEventListener("message", (e) => { if ("unpacked" in e.data) unpacked.resolve(e.data.unpacked); });
    const first = (e) => {
      if (!("ready" in e.data)) return;
      worker.removeEventListener("message", first);
      engine.state = e.data.ready ? "ready" : "failed";
      engine.snapshot = e.data.snapshot;
      engine.error = e.data.error || null;
      resolve(e.data.ready);
    };
    worker.addEventListener("message", first);
    worker.addEventListener("error", (e) => {
      if (engine.state === "starting") { engine.state = "failed"; engine.error = String(e.message); resolve(false); }
      unpacked.resolve(undefined);  // the page unpacks its own copy
    });
    snapshot.then((gz) => worker.postMessage({ snapshot: gz }));  // at once (a copy): the worker unpacks it
    // From the snapshot, the worker starts at once; without it (a first visit), once the page is
    // usable: two Pythons starting side by side slow the page's start more than they help the worker.
    Promise.all([snapshot, runtime]).then(async ([gz, r]) => {
      if (!gz) await usable();
      worker.postMessage({ start: true, files: r.files, stdlib: r.stdlib });
    });
  });
  return engine;
}

/** A fresh engine worker (after a cancel): the old one is ended. */
globalThis.minesatRestartEngine = () => {
  if (globalThis.minesatEngine && globalThis.minesatEngine.worker) globalThis.minesatEngine.worker.terminate();
  globalThis.minesatEngine = startWorker(cachedSnapshot());  // (the page's copy may be gone)
  return globalThis.minesatEngine;
};
if (inPage && !globalThis.minesatEngine) globalThis.minesatEngine = startWorker(snapshotGz);

export async function loadPyodide(options = {}) {
  mark("load-called");
  const { files, stdlib } = await runtime;
  serveFromMemory({ ...files });  // (a copy: a restarted worker needs them)
  const info = {};
  const gz = await snapshotGz;
  const py = await start(options, gz && await unpackedSnapshot(), info, stdlib);
  mark("pyodide-ready");
  globalThis.minesatSnapshot = info.snapshot;
  globalThis.minesatPyodide = py;  // a test hook
  const kept = afterStart().then(keepDecoded).then((n) => { globalThis.minesatDecodedKept = n; });
  if (!info.snapshot) kept.then(keepSnapshot).then((ok) => { globalThis.minesatSnapshotKept = ok; });
  return py;
}

/** Once the page is usable (<body data-ready>, set by minesat_web/main.py). */
function usable() {
  return new Promise((resolve) => {
    if (document.body && document.body.hasAttribute("data-ready")) return resolve();
    const watch = () => new MutationObserver((_, watcher) => {
      if (document.body.hasAttribute("data-ready")) { watcher.disconnect(); resolve(); }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    if (document.body) watch(); else addEventListener("DOMContentLoaded", watch);
  });
}

/** Once the page is usable and its engine's worker has started (or failed to). */
async function afterStart() {
  await usable();
  await globalThis.minesatEngine.ready;
}
