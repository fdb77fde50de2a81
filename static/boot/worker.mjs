// The engine's worker, started from the page: requests in, answers out (static/engine-worker.mjs
// runs py/minesat/messages/protocol.py; its client is minesat_web/client.py).
import { here } from "./paths.mjs";
import { usable } from "./ready.mjs";

/** Start the worker; returns the engine {worker, state, snapshot, error, ready} (globalThis.minesatEngine).
 * `snapshot`: the page's cached snapshot (a promise; cachedSnapshot's), posted to the worker at
 * once, which unpacks it and hands a copy back through `unpacked(copy)` (undefined if it failed);
 * `runtime`: the runtime's files (a promise; fetchRuntime's), posted once the worker may start:
 * at once from a snapshot; without one (a first visit), once the page is usable, as two Pythons
 * starting side by side slow the page's start more than they help the worker. */
export function startWorker(snapshot, runtime, unpacked) {
  const engine = { worker: null, state: "starting", snapshot: null, error: null };
  engine.ready = new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL("engine-worker.mjs", here), { type: "module" });
    } catch (e) {
      engine.state = "failed"; engine.error = String(e); resolve(false); return;
    }
    engine.worker = worker;
    worker.addEventListener("message", (e) => { if ("unpacked" in e.data) unpacked(e.data.unpacked); });
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
      unpacked(undefined);  // the page unpacks its own copy
    });
    snapshot.then((gz) => worker.postMessage({ snapshot: gz }));  // at once (a copy): the worker unpacks it
    Promise.all([snapshot, runtime]).then(async ([gz, r]) => {
      if (!gz) await usable();
      worker.postMessage({ start: true, files: r.files, stdlib: r.stdlib });
    });
  });
  return engine;
}
