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
const snapshotGz = inPage
  ? fetch(new URL("vendor/snapshot.gz", here)).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)
  : Promise.resolve(null);

export async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** loadPyodide from the snapshot when there is one; `info.snapshot` says which start it was. */
export async function start(options, gz, info) {
  const opts = { ...options, indexURL };
  if (gz) {
    try {
      const py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: gunzip(gz) });
      info.snapshot = true;
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
    snapshotGz.then((gz) => worker.postMessage({ start: true, snapshot: gz }));
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
  const info = {};
  const py = await start(options, await snapshotGz, info);
  globalThis.minesatSnapshot = info.snapshot;
  return py;
}
