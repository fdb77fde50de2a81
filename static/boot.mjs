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
// The two big runtime files, fetched once here for the page and for the worker.
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"];
const runtime = inPage
  ? Promise.all(RUNTIME.map((name) => bytesOf(indexURL + name))).then((all) => Object.fromEntries(
    RUNTIME.map((name, i) => [indexURL + name, all[i]]).filter(([, bytes]) => bytes)))
  : Promise.resolve({});

/** Let Pyodide's own fetches of `files` ({url: bytes}) be answered from memory, once each. */
export function serveFromMemory(files) {
  const network = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    const bytes = files[url];
    if (!bytes) return network.call(this, input, init);
    delete files[url];
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
    return Promise.resolve(new Response(bytes, { headers: { "Content-Type": type } }));
  };
}

export async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** loadPyodide from the snapshot when there is one; `info.snapshot` says which start it was. */
const mark = (name) => globalThis.performance && performance.mark && performance.mark("minesat:" + name);

export async function start(options, gz, info, unpacked = null) {
  const opts = { ...options, indexURL };
  if (gz) {
    try {
      mark("snapshot-fetched");
      const raw = await (unpacked || gunzip(gz));
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
    });
    Promise.all([snapshotGz, runtime]).then(([gz, files]) => worker.postMessage({ start: true, snapshot: gz, files }));
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

// The page's copy is unpacked as soon as it arrives, while PyScript is still loading.
const unpackedSnapshot = snapshotGz.then((gz) => (gz ? gunzip(gz) : null)).catch(() => null);

export async function loadPyodide(options = {}) {
  serveFromMemory(await runtime);
  const info = {};
  const gz = await snapshotGz;  // (kept: a restarted worker needs it)
  const py = await start(options, gz, info, gz && await unpackedSnapshot);
  mark("pyodide-ready");
  globalThis.minesatSnapshot = info.snapshot;
  return py;
}
