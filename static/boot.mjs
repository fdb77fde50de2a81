// minesat's Pyodide, for PyScript (`interpreter` in pyscript.toml) and for the engine's web worker.
//
// PyScript loads Pyodide through this module, which adds what PyScript cannot pass itself:
// a memory snapshot of Pyodide with the engine already imported (made by the set-up,
// tools/make_snapshot.mjs), restored instead of starting Python from scratch. Without the
// snapshot, or if it fails to restore, Pyodide starts normally. The snapshot is fetched once
// and shared with the engine's worker, which this module starts at once, in parallel.
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;
const here = new URL("./", import.meta.url);
const indexURL = new URL("vendor/pyodide/", here).href;

const inPage = typeof document !== "undefined";  // this module also runs in the worker
const bytesOf = (url) => fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
const snapshotGz = inPage ? bytesOf(new URL("vendor/snapshot.gz", here)) : Promise.resolve(null);
// Pyodide's WebAssembly, compiled once, while it downloads (long before PyScript asks for Pyodide),
// and shared with the worker: a compiled module crosses to a worker without being compiled again,
// and the functions one side compiles (lazily, as they first run) serve the other too.
const WASM = indexURL + "pyodide.asm.wasm";
const compiled = inPage ? WebAssembly.compileStreaming(fetch(WASM)).catch(() => null) : Promise.resolve(null);
// The standard library, fetched once here for the page and for the worker.
const STDLIB = indexURL + "python_stdlib.zip";
const runtime = inPage
  ? Promise.all([compiled, bytesOf(STDLIB)]).then(([module, stdlib]) => ({
    ...(module ? { [WASM]: module } : {}), ...(stdlib ? { [STDLIB]: stdlib } : {}) }))
  : Promise.resolve({});

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

const mark = (name) => globalThis.performance && performance.mark && performance.mark("minesat:" + name);

/** loadPyodide from the unpacked snapshot `raw` when there is one (else, or if it fails, a normal
 * start); `info.snapshot` says which start it was. */
// What loadPyodide would fetch and compile only once called (its JavaScript half, 1.3 MB, and its
// package list), asked for now, in parallel with everything else; a failure leaves it to Pyodide.
const asmModule = import("./vendor/pyodide/pyodide.asm.mjs").then((m) => m.default).catch(() => null);
const lockFile = fetch(indexURL + "pyodide-lock.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);

export async function start(options, raw, info) {
  const [createPyodideModule, lockFileContents] = await Promise.all([asmModule, lockFile]);
  const opts = { ...options, indexURL, ...(createPyodideModule ? { createPyodideModule } : {}),
    ...(lockFileContents ? { lockFileContents, packageBaseUrl: indexURL } : {}) };
  if (raw) {
    try {
      mark("snapshot-unpacked");
      const py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: raw });
      info.snapshot = true;
      structuredClone(raw.buffer, { transfer: [raw.buffer] });  // frees the 31 MB the config keeps
      return py;
    } catch (e) {
      console.warn("minesat: the Pyodide snapshot did not restore; starting normally.", e);
    }
  }
  info.snapshot = false;
  return pyodide.loadPyodide(opts);
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
async function unpackedSnapshot() {
  const raw = await unpacked.promise;
  if (raw instanceof Uint8Array) return raw;
  const gz = await snapshotGz;
  return gz ? gunzip(gz) : null;
}

// The engine's worker: requests in, answers out (py/minesat/protocol.py; client: minesat_web/client.py).
function startWorker() {
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
    snapshotGz.then((gz) => worker.postMessage({ snapshot: gz }));  // at once: the worker unpacks it
    Promise.all([snapshotGz, runtime]).then(([, files]) => worker.postMessage({ start: true, files }));
  });
  return engine;
}

/** A fresh engine worker (after a cancel): the old one is ended. */
globalThis.minesatRestartEngine = () => {
  if (globalThis.minesatEngine && globalThis.minesatEngine.worker) globalThis.minesatEngine.worker.terminate();
  globalThis.minesatEngine = startWorker();
  return globalThis.minesatEngine;
};
if (inPage && !globalThis.minesatEngine) globalThis.minesatEngine = startWorker();

export async function loadPyodide(options = {}) {
  mark("load-called");
  serveFromMemory(await runtime);
  const info = {};
  const gz = await snapshotGz;  // (kept: a restarted worker needs it)
  const py = await start(options, gz && await unpackedSnapshot(), info);
  mark("pyodide-ready");
  globalThis.minesatSnapshot = info.snapshot;
  return py;
}
